"""zig-cli: Kadri Tamm, systems developer at Nordlog OÜ (fictional, Tallinn), a small company that makes
`shipd`, a log-shipping agent for industrial Linux boxes, and its CLI `shipctl`.

Repo /home/kadri/src/shipper: Zig 0.13 (`zig build`, `zig build test`), build.zig.zon dependencies
(`zig fetch --save`: allyourcodebase/zlib, zig-clap), @cImport of zlib and libsystemd (sd-journal),
cross builds with -Dtarget=aarch64-linux-musl / arm-linux-musleabihf, systemd unit, .deb packages with
nfpm, GitHub Actions releases with gh.

Written blind for fresh/; measured once held out (round 35), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zig_cli.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "kadri"
H = "/home/kadri"
R = H + "/src/shipper"
MODEL = "claude-opus-4-6"
ZIG = "/opt/zig-0.13.0/zig"
CACHE = R + "/.zig-cache"
GCACHE = H + "/.cache/zig"
HOST = "x86_64-linux.6.8...6.8-gnu.2.39"
REPO = "nordlog/shipper"

FILES = {}

FILES[R + "/build.zig"] = """const std = @import("std");

pub fn build(b: *std.Build) void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});
    const journal = b.option(bool, "journal", "build the journald input (needs libsystemd, gnu targets)") orelse false;

    const zlib_dep = b.dependency("zlib", .{ .target = target, .optimize = optimize });

    const opts = b.addOptions();
    opts.addOption(bool, "journal", journal);
    opts.addOption([]const u8, "version", "0.4.0");

    const exe = b.addExecutable(.{
        .name = "shipd",
        .root_source_file = b.path("src/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    exe.root_module.addOptions("build_options", opts);
    exe.linkLibrary(zlib_dep.artifact("z"));
    b.installArtifact(exe);

    const ctl = b.addExecutable(.{
        .name = "shipctl",
        .root_source_file = b.path("src/ctl/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    ctl.root_module.addOptions("build_options", opts);
    b.installArtifact(ctl);

    const run_cmd = b.addRunArtifact(exe);
    run_cmd.step.dependOn(b.getInstallStep());
    if (b.args) |args| run_cmd.addArgs(args);
    const run_step = b.step("run", "Run shipd");
    run_step.dependOn(&run_cmd.step);

    const exe_unit_tests = b.addTest(.{
        .root_source_file = b.path("src/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    exe_unit_tests.root_module.addOptions("build_options", opts);
    exe_unit_tests.linkLibrary(zlib_dep.artifact("z"));
    const run_exe_unit_tests = b.addRunArtifact(exe_unit_tests);

    const test_step = b.step("test", "Run unit tests");
    test_step.dependOn(&run_exe_unit_tests.step);
}
"""

FILES[R + "/build.zig.zon"] = """.{
    .name = "shipper",
    .version = "0.4.0",
    .minimum_zig_version = "0.13.0",
    .dependencies = .{
        .zlib = .{
            .url = "https://github.com/allyourcodebase/zlib/archive/refs/tags/1.3.1.tar.gz",
            .hash = "122034ab2a12adf8016ffa76e48b4be3245ffd305193edba4d83058adbcfa749c107",
        },
    },
    .paths = .{
        "build.zig",
        "build.zig.zon",
        "src",
        "packaging",
        "LICENSE",
        "README.md",
    },
}
"""

FILES[R + "/src/main.zig"] = """const std = @import("std");
const build_options = @import("build_options");
const config = @import("config.zig");
const ringbuf = @import("ringbuf.zig");
const sink = @import("sink.zig");
const tail = @import("input/tail.zig");

const log = std.log.scoped(.main);

pub const std_options: std.Options = .{ .log_level = .info };

pub fn main() !void {
    var gpa = std.heap.GeneralPurposeAllocator(.{}){};
    defer _ = gpa.deinit();
    const alloc = gpa.allocator();

    const cfg_path = std.posix.getenv("SHIPD_CONFIG") orelse "/etc/shipd/shipd.conf";
    var cfg = try config.load(alloc, cfg_path);
    defer cfg.deinit();

    log.info("shipd {s} starting, {d} inputs, sink {s}", .{ build_options.version, cfg.inputs.len, cfg.sink_url });

    var buf = try ringbuf.RingBuf.init(alloc, cfg.buffer_lines);
    defer buf.deinit();

    var s = try sink.HttpSink.init(alloc, cfg);
    defer s.deinit();

    try tail.run(alloc, cfg, &buf, &s);
}

test {
    std.testing.refAllDecls(@This());
    _ = ringbuf;
    _ = config;
    _ = sink;
}
"""

FILES[R + "/src/ringbuf.zig"] = """const std = @import("std");

/// Fixed-capacity ring of log lines. When full, the oldest line is dropped
/// and counted in `dropped`.
pub const RingBuf = struct {
    alloc: std.mem.Allocator,
    items: [][]u8,
    head: usize = 0,
    len: usize = 0,
    dropped: u64 = 0,

    pub fn init(alloc: std.mem.Allocator, cap: usize) !RingBuf {
        const items = try alloc.alloc([]u8, cap);
        return .{ .alloc = alloc, .items = items };
    }

    pub fn deinit(self: *RingBuf) void {
        var i: usize = 0;
        while (i < self.len) : (i += 1) self.alloc.free(self.items[(self.head + i) % self.items.len]);
        self.alloc.free(self.items);
    }

    pub fn push(self: *RingBuf, line: []const u8) !void {
        const copy = try self.alloc.dupe(u8, line);
        if (self.len == self.items.len) {
            self.alloc.free(self.items[self.head]);
            self.items[self.head] = copy;
            self.head = (self.head + 1) % self.items.len;
            self.dropped += 1;
            return;
        }
        self.items[(self.head + self.len) % self.items.len] = copy;
        self.len += 1;
    }

    /// Moves up to `out.len` lines into `out`; caller owns them.
    pub fn drain(self: *RingBuf, out: [][]u8) usize {
        const n = @min(out.len, self.len);
        for (0..n) |i| out[i] = self.items[(self.head + i) % self.items.len];
        self.head = (self.head + n) % self.items.len;
        self.len -= n;
        return n;
    }
};

test "push and drain keep order" {
    var rb = try RingBuf.init(std.testing.allocator, 4);
    defer rb.deinit();
    try rb.push("a");
    try rb.push("b");
    var out: [4][]u8 = undefined;
    const n = rb.drain(&out);
    defer for (out[0..n]) |l| std.testing.allocator.free(l);
    try std.testing.expectEqual(@as(usize, 2), n);
    try std.testing.expectEqualStrings("a", out[0]);
}

test "wraps around when full" {
    var rb = try RingBuf.init(std.testing.allocator, 3);
    defer rb.deinit();
    for ([_][]const u8{ "1", "2", "3", "4" }) |l| try rb.push(l);
    try std.testing.expectEqual(@as(u64, 1), rb.dropped);
    try std.testing.expectEqual(@as(usize, 3), rb.len);
}
"""

FILES[R + "/src/sink.zig"] = """const std = @import("std");
const config = @import("config.zig");

const log = std.log.scoped(.sink);

pub const HttpSink = struct {
    alloc: std.mem.Allocator,
    client: std.http.Client,
    uri: std.Uri,
    backoff_ms: u32 = 250,

    pub fn init(alloc: std.mem.Allocator, cfg: config.Config) !HttpSink {
        return .{ .alloc = alloc, .client = .{ .allocator = alloc }, .uri = try std.Uri.parse(cfg.sink_url) };
    }

    pub fn deinit(self: *HttpSink) void {
        self.client.deinit();
    }

    /// POSTs one batch as newline-delimited JSON. Retries with exponential backoff (max 30 s).
    pub fn send(self: *HttpSink, body: []const u8) !void {
        var attempt: u8 = 0;
        while (true) : (attempt += 1) {
            const res = self.client.fetch(.{
                .location = .{ .uri = self.uri },
                .method = .POST,
                .payload = body,
                .extra_headers = &.{.{ .name = "content-type", .value = "application/x-ndjson" }},
            }) catch |err| {
                log.warn("send failed: {s}, attempt {d}", .{ @errorName(err), attempt });
                if (attempt >= 8) return err;
                std.time.sleep(@as(u64, self.backoff_ms) * std.time.ns_per_ms << @intCast(attempt));
                continue;
            };
            if (res.status == .ok or res.status == .accepted) return;
            log.warn("sink answered {d}", .{@intFromEnum(res.status)});
            if (attempt >= 8) return error.SinkRejected;
        }
    }
};
"""

FILES[R + "/src/config.zig"] = """const std = @import("std");

pub const Input = struct { path: []const u8, tag: []const u8 };

pub const Config = struct {
    arena: std.heap.ArenaAllocator,
    sink_url: []const u8,
    buffer_lines: usize,
    batch_lines: usize,
    inputs: []const Input,

    pub fn deinit(self: *Config) void {
        self.arena.deinit();
    }
};

/// shipd.conf is JSON (see packaging/shipd.conf.example). SHIPD_SINK_URL overrides sink_url.
pub fn load(alloc: std.mem.Allocator, path: []const u8) !Config {
    var arena = std.heap.ArenaAllocator.init(alloc);
    errdefer arena.deinit();
    const a = arena.allocator();
    const raw = try std.fs.cwd().readFileAlloc(a, path, 1 << 20);
    const parsed = try std.json.parseFromSliceLeaky(struct {
        sink_url: []const u8,
        buffer_lines: usize = 65536,
        batch_lines: usize = 500,
        inputs: []const Input,
    }, a, raw, .{});
    const url = std.posix.getenv("SHIPD_SINK_URL") orelse parsed.sink_url;
    return .{ .arena = arena, .sink_url = url, .buffer_lines = parsed.buffer_lines,
              .batch_lines = parsed.batch_lines, .inputs = parsed.inputs };
}
"""

FILES[R + "/src/ctl/main.zig"] = """const std = @import("std");
const build_options = @import("build_options");

const usage =
    \\\\usage: shipctl <command> [args]
    \\\\  status            show agent status (reads /run/shipd/status.json)
    \\\\  check-config FILE validate a shipd.conf
    \\\\  version
    \\\\
;

pub fn main() !void {
    var arena = std.heap.ArenaAllocator.init(std.heap.page_allocator);
    defer arena.deinit();
    const args = try std.process.argsAlloc(arena.allocator());
    const out = std.io.getStdOut().writer();
    if (args.len < 2) return out.writeAll(usage);
    if (std.mem.eql(u8, args[1], "version")) return out.print("shipctl {s}\\n", .{build_options.version});
    if (std.mem.eql(u8, args[1], "status")) return status(arena.allocator(), out);
    try out.writeAll(usage);
}

fn status(alloc: std.mem.Allocator, out: anytype) !void {
    const raw = try std.fs.cwd().readFileAlloc(alloc, "/run/shipd/status.json", 64 * 1024);
    try out.writeAll(raw);
}
"""

FILES[R + "/src/input/tail.zig"] = """const std = @import("std");
const config = @import("../config.zig");
const ringbuf = @import("../ringbuf.zig");
const sink = @import("../sink.zig");

const log = std.log.scoped(.tail);

/// Follows every configured file (inotify), pushes lines into the ring and flushes
/// batches of cfg.batch_lines to the sink. Reopens files on IN_MOVE_SELF (logrotate).
pub fn run(alloc: std.mem.Allocator, cfg: config.Config, buf: *ringbuf.RingBuf, s: *sink.HttpSink) !void {
    const fd = try std.posix.inotify_init1(std.os.linux.IN.CLOEXEC);
    defer std.posix.close(fd);
    for (cfg.inputs) |in| {
        _ = try std.posix.inotify_add_watch(fd, in.path, std.os.linux.IN.MODIFY | std.os.linux.IN.MOVE_SELF);
        log.info("watching {s} as {s}", .{ in.path, in.tag });
    }
    // event loop elided in this excerpt; the flush path:
    var batch: [500][]u8 = undefined;
    const n = buf.drain(batch[0..@min(batch.len, cfg.batch_lines)]);
    if (n > 0) try flush(alloc, s, batch[0..n]);
}

fn flush(alloc: std.mem.Allocator, s: *sink.HttpSink, lines: [][]u8) !void {
    defer for (lines) |l| alloc.free(l);
    const body = try std.mem.join(alloc, "\n", lines);
    defer alloc.free(body);
    try s.send(body);
}
"""

FILES[R + "/packaging/nfpm.yaml"] = """name: shipd
arch: ${ARCH}
platform: linux
version: ${VERSION}
section: admin
priority: optional
maintainer: Nordlog OÜ <dev@nordlog.ee>
description: |
  shipd log-shipping agent and shipctl CLI.
vendor: Nordlog OÜ
homepage: https://nordlog.ee
license: Apache-2.0
contents:
  - src: ./zig-out/bin/shipd
    dst: /usr/bin/shipd
  - src: ./zig-out/bin/shipctl
    dst: /usr/bin/shipctl
  - src: ./packaging/systemd/shipd.service
    dst: /lib/systemd/system/shipd.service
  - src: ./packaging/shipd.conf.example
    dst: /etc/shipd/shipd.conf
    type: config|noreplace
scripts:
  postinstall: ./packaging/postinst.sh
  preremove: ./packaging/prerm.sh
"""

FILES[R + "/packaging/systemd/shipd.service"] = """[Unit]
Description=shipd log shipping agent
Documentation=https://nordlog.ee/docs/shipd
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
ExecStart=/usr/bin/shipd
Environment=SHIPD_CONFIG=/etc/shipd/shipd.conf
User=shipd
Group=adm
RuntimeDirectory=shipd

[Install]
WantedBy=multi-user.target
"""

FILES[R + "/.github/workflows/release.yml"] = """name: release
on:
  push:
    tags: ["v*"]

jobs:
  debs:
    runs-on: ubuntu-24.04
    strategy:
      matrix:
        include:
          - { target: x86_64-linux-musl, arch: amd64 }
          - { target: aarch64-linux-musl, arch: arm64 }
          - { target: arm-linux-musleabihf, arch: armhf }
    steps:
      - uses: actions/checkout@v4
      - uses: mlugg/setup-zig@v1
        with: { version: 0.13.0 }
      - run: zig build -Dtarget=${{ matrix.target }} -Doptimize=ReleaseSafe
      - run: go install github.com/goreleaser/nfpm/v2/cmd/nfpm@v2.40.0
      - run: ARCH=${{ matrix.arch }} VERSION=${GITHUB_REF_NAME#v} nfpm package --packager deb --config packaging/nfpm.yaml --target dist/
      - run: gh release upload "$GITHUB_REF_NAME" dist/*.deb --clobber
        env: { GH_TOKEN: "${{ github.token }}" }
"""

FILES[R + "/README.md"] = """# shipper

`shipd` tails log files (and optionally journald) on industrial Linux boxes and ships them in
batches to a Nordlog ingest endpoint. `shipctl` is the local CLI.

Build: `zig build` (Zig 0.13). Tests: `zig build test`. Packages: see packaging/.
"""

FILES[R + "/CHANGELOG.md"] = """# Changelog

## 0.3.2 - 2026-09-18
- tail: reopen files after logrotate `copytruncate`
- sink: cap backoff at 30 s
"""


# ---------------------------------------------------------------- output helpers
def zhash(rng, n=32):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def build_tail(d, steps_ok, steps_total, tree_fail, cmd_failed=None):
    h = zhash(d.rng)
    seed = "0x" + zhash(d.rng, 8)
    z = "-Z" + zhash(d.rng, 16)
    out = ""
    if cmd_failed:
        out += "error: the following command failed with 1 compilation errors:\n" + cmd_failed + "\n"
    out += (f"Build Summary: {steps_ok}/{steps_total} steps succeeded; 1 failed (disable with --summary none)\n"
            + tree_fail +
            f"\nerror: the following build command failed with exit code 1:\n"
            f"{CACHE}/o/{h}/build {ZIG} {R} {CACHE} {GCACHE} --seed {seed} {z}")
    return out


def cimport_fail(d, top, art, file, line, fn_refs, steps, kind="build-exe", mode="Debug", target="native"):
    """Zig 0.13: @cImport in a compile step that does not link libc."""
    refs = "\n".join(f"        {a}: {b}" for a, b in fn_refs)
    head = (f"{top}\n"
            + "".join(f"{'   ' * i}└─ {s}\n" for i, s in enumerate(steps))
            + f"{'   ' * len(steps)}└─ zig {kind} {art} {mode} {target} 1 errors\n")
    err = (f"{file}:{line}:11: error: C import failed\n"
           f"const c = @cImport({{\n"
           f"          ^~~~~~~~\n"
           f"{file}:{line}:11: note: libc headers not available; compilation does not link against libc\n"
           f"    referenced by:\n{refs}\n"
           f"        remaining reference traces hidden; use '-freference-trace' to see all reference traces\n")
    cmd = (f"{ZIG} {kind} {CACHE}/o/{zhash(d.rng)}/libz.a -O{mode} -I {CACHE}/o/{zhash(d.rng)} "
           f"--dep build_options -Mroot={R}/{'src/main.zig' if art != 'bench' else 'bench/compress_bench.zig'} "
           f"-Mbuild_options={CACHE}/c/{zhash(d.rng)}/options.zig --cache-dir {CACHE} --global-cache-dir {GCACHE} "
           f"--name {art} --listen=-")
    tree = (f"{top} transitive failure\n"
            + "".join(f"{'   ' * i}└─ {s} transitive failure\n" for i, s in enumerate(steps))
            + f"{'   ' * len(steps)}└─ zig {kind} {art} {mode} {target} 1 errors")
    return head + err + build_tail(d, 5, 8, tree, cmd)


def foreign_fail(d, top, target, ok, total, mode="Debug"):
    h = zhash(d.rng)
    binpath = f"{CACHE}/o/{h}/test"
    txt = (f"{top}\n"
           f"└─ run test\n"
           f"error: unable to spawn foreign binary '{binpath}' ({target}) on host system ({HOST})\n"
           f"  consider using -fqemu or enabling skip_foreign_checks in the Run step\n")
    tree = (f"{top} transitive failure\n"
            f"└─ run test failure\n"
            f"   └─ zig test {mode} {target} success")
    return txt + build_tail(d, ok, total, tree)


def summary_ok(lines):
    return "Build Summary: " + lines


def gen():
    d = Dev("zig-cli", U, "en", MODEL, seed=13013, files=FILES)
    BZ = R + "/build.zig"
    ZON = R + "/build.zig.zon"
    MAIN = R + "/src/main.zig"
    RB = R + "/src/ringbuf.zig"
    SINK = R + "/src/sink.zig"
    CTL = R + "/src/ctl/main.zig"
    CMP = R + "/src/compress.zig"
    UNIT = R + "/packaging/systemd/shipd.service"
    NFPM = R + "/packaging/nfpm.yaml"
    CHL = R + "/CHANGELOG.md"
    RD = R + "/README.md"
    REL = R + "/.github/workflows/release.yml"

    # ================= S1 =================
    with d.session("2026-10-05T09:04:00", R, branch="main", version="2.1.210"):
        t = d.task("hi. new here with claude. give me a quick tour of the repo - how build.zig is wired, what "
                   "the daemon does end to end, where tests are", tags=["noise"])
        t.glob("**/*.zig", [BZ, MAIN, R + "/src/config.zig", RB, SINK, R + "/src/input/tail.zig", CTL])
        t.read(BZ)
        t.read(ZON)
        t.read(MAIN)
        t.read(R + "/src/input/tail.zig")
        t.read(SINK)
        t.done("Quick map:\n\n"
               "- **build.zig**: two executables, `shipd` (src/main.zig) and `shipctl` (src/ctl/main.zig), both get "
               "a `build_options` module (version, `-Djournal`). `shipd` links the `z` artifact from the "
               "allyourcodebase zlib package in build.zig.zon. `zig build test` runs one test binary rooted at "
               "src/main.zig, which pulls in the `test` blocks of ringbuf/config/sink via the `test {}` block.\n"
               "- **Daemon flow**: `main` loads `/etc/shipd/shipd.conf` (JSON, `SHIPD_CONFIG` / `SHIPD_SINK_URL` "
               "override) → `RingBuf` of `buffer_lines` → `input/tail.zig` watches files with inotify (reopen on "
               "`IN_MOVE_SELF`) → batches of `batch_lines` go to `HttpSink.send`, NDJSON POST with exponential "
               "backoff capped around 30 s, 8 attempts.\n"
               "- **Tests** live inline as `test` blocks (ringbuf has two).\n"
               "- zlib is linked already but nothing calls it yet, so batches are sent uncompressed.")

        t = d.task("ok so lets actually use zlib: gzip the batch body before POST (content-encoding: gzip), level 6. "
                   "put it in src/compress.zig w/ a roundtrip test. and logging through a scoped logger please, "
                   "no std.debug.print in daemon code", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(R + "/src/config.zig")
        t.write(CMP, """const std = @import("std");

const c = @cImport({
    @cInclude("zlib.h");
});

const log = std.log.scoped(.compress);

pub const Error = error{ ZlibInit, ZlibDeflate, ZlibInflate, OutOfMemory };

/// gzip-compresses `input` (level 6, gzip header via windowBits 15+16). Caller owns the result.
pub fn gzip(alloc: std.mem.Allocator, input: []const u8) Error![]u8 {
    var zs: c.z_stream = std.mem.zeroes(c.z_stream);
    if (c.deflateInit2(&zs, 6, c.Z_DEFLATED, 15 + 16, 8, c.Z_DEFAULT_STRATEGY) != c.Z_OK) return error.ZlibInit;
    defer _ = c.deflateEnd(&zs);
    const bound = c.deflateBound(&zs, @intCast(input.len));
    const out = try alloc.alloc(u8, bound);
    errdefer alloc.free(out);
    zs.next_in = @constCast(input.ptr);
    zs.avail_in = @intCast(input.len);
    zs.next_out = out.ptr;
    zs.avail_out = @intCast(out.len);
    if (c.deflate(&zs, c.Z_FINISH) != c.Z_STREAM_END) {
        log.err("deflate did not finish, avail_in={d}", .{zs.avail_in});
        return error.ZlibDeflate;
    }
    return alloc.realloc(out, zs.total_out);
}

/// For tests and `shipctl`: inflates a gzip body of at most `max` bytes.
pub fn gunzip(alloc: std.mem.Allocator, input: []const u8, max: usize) Error![]u8 {
    var zs: c.z_stream = std.mem.zeroes(c.z_stream);
    if (c.inflateInit2(&zs, 15 + 16) != c.Z_OK) return error.ZlibInit;
    defer _ = c.inflateEnd(&zs);
    const out = try alloc.alloc(u8, max);
    errdefer alloc.free(out);
    zs.next_in = @constCast(input.ptr);
    zs.avail_in = @intCast(input.len);
    zs.next_out = out.ptr;
    zs.avail_out = @intCast(out.len);
    if (c.inflate(&zs, c.Z_FINISH) != c.Z_STREAM_END) return error.ZlibInflate;
    return alloc.realloc(out, zs.total_out);
}

test "gzip roundtrip" {
    const a = std.testing.allocator;
    const body = "{\\"ts\\":\\"2026-10-05T09:00:00Z\\",\\"msg\\":\\"pump 3 pressure ok\\"}\\n" ** 40;
    const z = try gzip(a, body);
    defer a.free(z);
    try std.testing.expect(z.len < body.len / 4);
    try std.testing.expectEqualSlices(u8, &.{ 0x1f, 0x8b }, z[0..2]);
    const back = try gunzip(a, z, body.len);
    defer a.free(back);
    try std.testing.expectEqualStrings(body, back);
}
""")
        t.edit(SINK, """const config = @import("config.zig");
""", """const config = @import("config.zig");
const compress = @import("compress.zig");
""")
        t.edit(SINK, """    pub fn send(self: *HttpSink, body: []const u8) !void {
        var attempt: u8 = 0;""", """    pub fn send(self: *HttpSink, raw: []const u8) !void {
        const body = try compress.gzip(self.alloc, raw);
        defer self.alloc.free(body);
        log.debug("batch {d} -> {d} bytes gzip", .{ raw.len, body.len });
        var attempt: u8 = 0;""")
        t.edit(SINK, """.extra_headers = &.{.{ .name = "content-type", .value = "application/x-ndjson" }},""",
               """.extra_headers = &.{
                    .{ .name = "content-type", .value = "application/x-ndjson" },
                    .{ .name = "content-encoding", .value = "gzip" },
                },""")
        t.edit(MAIN, """    _ = sink;
}""", """    _ = sink;
    _ = @import("compress.zig");
}""")
        t.fail("zig build", "Build shipd and shipctl",
               cimport_fail(d, "install", "shipd", "src/compress.zig", 3,
                            [("send", "src/sink.zig:24:35"), ("flush", "src/input/tail.zig:27:10")],
                            ["install shipd"]))
        t.say("The `zlib.h` import fails because the `shipd` compile step never links libc, so the C import has "
              "no libc headers (zconf.h needs them). Linking the `z` artifact doesn't turn that on for the step "
              "that does the import. Adding `linkLibC()` to the exe and to the unit-test artifact (it imports "
              "compress.zig now too).")
        t.edit(BZ, """    exe.linkLibrary(zlib_dep.artifact("z"));
    b.installArtifact(exe);""", """    exe.linkLibrary(zlib_dep.artifact("z"));
    exe.linkLibC();
    b.installArtifact(exe);""")
        t.edit(BZ, """    exe_unit_tests.linkLibrary(zlib_dep.artifact("z"));
""", """    exe_unit_tests.linkLibrary(zlib_dep.artifact("z"));
    exe_unit_tests.linkLibC();
""")
        t.bash("zig build", "Build shipd and shipctl")
        t.bash("zig build test --summary all", "Run unit tests",
               err="Build Summary: 5/5 steps succeeded; 4/4 tests passed\n"
                   "test success\n"
                   "└─ run test 4 passed 38ms MaxRSS:3M\n"
                   "   └─ zig test Debug native success 3s MaxRSS:241M\n"
                   "      └─ options cached")
        t.bash("zig fmt --check src build.zig", "Check formatting")
        t.done("Done:\n\n- `src/compress.zig`: `gzip` (level 6, gzip framing via windowBits 31) and `gunzip` over the "
               "zlib C API, with `log = std.log.scoped(.compress)`; roundtrip test checks the `1f 8b` magic and "
               "that 40 repeated lines shrink >4×.\n- `HttpSink.send` now compresses and sets "
               "`content-encoding: gzip`.\n- build.zig: `linkLibC()` for `shipd` and the test artifact — the first build failed with "
               "`C import failed` / `libc headers not available`, the `@cImport` needs libc headers in that "
               "compile step.\n\n`zig build`, `zig build test` (4/4) and `zig fmt --check` are clean.")

        t = d.task("q: for a daemon that parses log lines from whatever garbage the customer's PLC writes, "
                   "ReleaseSafe or ReleaseFast for what we ship? gut feeling is safe", tags=["no_tools"])
        t.done("ReleaseSafe. You keep bounds checks, integer-overflow checks and `unreachable` traps, so a weird "
               "line crashes with a stack trace (systemd restarts it) instead of becoming memory corruption that "
               "ships garbage or worse. The cost for this kind of workload is usually single-digit percent: the "
               "hot path is I/O, zlib (C, unaffected by Zig's safety mode) and memcpy. If a profile ever shows a "
               "tight parsing loop dominating, turn safety off locally with `@setRuntimeSafety(false)` in that "
               "one function rather than switching the whole binary to ReleaseFast.")

    # ================= S2 =================
    with d.session("2026-10-07T08:51:00", R, branch="main", version="2.1.211"):
        t = d.task("need an arm64 .deb of current main for the pilot at Tallinna Vesi (their boxes are "
                   "raspberry-ish, aarch64). build it and show me whats inside the package",
                   tags=["workflow:W2", "long_output"])
        t.read(NFPM)
        t.bash("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe --summary all",
               "Cross-build for aarch64 musl, ReleaseSafe",
               err="Build Summary: 7/7 steps succeeded\ninstall success\n"
                   "├─ install shipd success\n│  └─ zig build-exe shipd ReleaseSafe aarch64-linux-musl success 21s MaxRSS:402M\n"
                   "│     ├─ zig build-lib z ReleaseSafe aarch64-linux-musl success 4s MaxRSS:118M\n"
                   "│     └─ options success\n└─ install shipctl success\n"
                   "   └─ zig build-exe shipctl ReleaseSafe aarch64-linux-musl success 9s MaxRSS:231M\n"
                   "      └─ options (reused)")
        t.bash("file zig-out/bin/shipd zig-out/bin/shipctl", "Check binary architecture",
               out="zig-out/bin/shipd:   ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), statically linked, with debug_info, not stripped\n"
                   "zig-out/bin/shipctl: ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), statically linked, with debug_info, not stripped")
        t.bash("mkdir -p dist && ARCH=arm64 VERSION=0.4.0~git20261007 nfpm package --packager deb --config packaging/nfpm.yaml --target dist/",
               "Package the arm64 .deb with nfpm",
               out="using deb packager...\ncreated package: dist/shipd_0.4.0~git20261007_arm64.deb")
        t.bash("dpkg-deb --info dist/shipd_0.4.0~git20261007_arm64.deb && dpkg-deb -c dist/shipd_0.4.0~git20261007_arm64.deb",
               "Show package metadata and contents",
               out=""" new Debian package, version 2.0.
 size 1187322 bytes: control archive=612 bytes.
     256 bytes,    10 lines      conffiles
     301 bytes,    12 lines      control
     402 bytes,     6 lines      md5sums
     611 bytes,    19 lines   *  postinst             #!/bin/sh
     198 bytes,     8 lines   *  prerm                #!/bin/sh
 Package: shipd
 Version: 0.4.0~git20261007
 Section: admin
 Priority: optional
 Architecture: arm64
 Maintainer: Nordlog OÜ <dev@nordlog.ee>
 Installed-Size: 4870
 Homepage: https://nordlog.ee
 Description: shipd log-shipping agent and shipctl CLI.
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./etc/
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./etc/shipd/
-rw-r--r-- 0/0             412 2026-10-07 08:58 ./etc/shipd/shipd.conf
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./lib/
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./lib/systemd/
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./lib/systemd/system/
-rw-r--r-- 0/0             331 2026-10-07 08:58 ./lib/systemd/system/shipd.service
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./usr/
drwxr-xr-x 0/0               0 2026-10-07 08:58 ./usr/bin/
-rwxr-xr-x 0/0         3411888 2026-10-07 08:58 ./usr/bin/shipd
-rwxr-xr-x 0/0         1565240 2026-10-07 08:58 ./usr/bin/shipctl""")
        t.done("`dist/shipd_0.4.0~git20261007_arm64.deb` (1.2 MB):\n\n- static aarch64 musl binaries, "
               "ReleaseSafe, still with debug info (shipd 3.4 MB, shipctl 1.5 MB — `-Dstrip` would roughly halve "
               "them if size matters on their boxes)\n- unit in `/lib/systemd/system/shipd.service`\n"
               "- `/etc/shipd/shipd.conf` is a conffile (`config|noreplace`), so reinstalling won't clobber the "
               "pilot's edits\n- postinst/prerm are there (user creation + enable).")

        t = d.task("and do the unit tests pass on aarch64 too? the ringbuf index math worries me on 64 vs 32 "
                   "bit but lets start with arm64", tags=["mistake:M2"])
        t.fail("zig build test -Dtarget=aarch64-linux-musl", "Run unit tests for aarch64",
               foreign_fail(d, "test", "aarch64-linux-musl", 4, 6))
        t.say("The test binary compiled fine for aarch64; the build runner just refuses to execute a foreign "
              "binary unless told how. `qemu-aarch64` is installed here, so rerunning with `-fqemu`.")
        t.bash("zig build test -Dtarget=aarch64-linux-musl -fqemu --summary all",
               "Run aarch64 unit tests under qemu-user",
               err="Build Summary: 5/5 steps succeeded; 4/4 tests passed\ntest success\n"
                   "└─ run test 4 passed 412ms MaxRSS:9M\n"
                   "   └─ zig test Debug aarch64-linux-musl success 5s MaxRSS:256M\n      └─ options cached")
        t.done("4/4 pass on aarch64 (under qemu-user via `-fqemu`; without it `zig build test` with a foreign "
               "`-Dtarget` stops at `unable to spawn foreign binary`). For 32-bit we can do the same with "
               "`arm-linux-musleabihf` when you want.")

        t = d.task("shipctl needs `--dry-run` on check-config: parse + print the effective config incl env "
                   "overrides, exit 1 on errors. and for anything public spell out the error set, I dont "
                   "want anyerror in public fns", tags=["oneoff:O2", "pref:P2"])
        t.read(CTL)
        t.edit(CTL, """const build_options = @import("build_options");
""", """const build_options = @import("build_options");
const config = @import("config");
""")
        t.edit(CTL, """    if (std.mem.eql(u8, args[1], "status")) return status(arena.allocator(), out);
    try out.writeAll(usage);
}""", """    if (std.mem.eql(u8, args[1], "status")) return status(arena.allocator(), out);
    if (std.mem.eql(u8, args[1], "check-config")) {
        if (args.len < 3) return out.writeAll(usage);
        const dry_run = std.mem.eql(u8, args[2], "--dry-run");
        if (dry_run and args.len < 4) return out.writeAll(usage);
        const path: []const u8 = if (dry_run) args[3] else args[2];
        checkConfig(arena.allocator(), path, dry_run, out) catch |err| {
            var stderr = std.io.getStdErr().writer();
            try stderr.print("shipctl: {s}: {s}\\n", .{ path, @errorName(err) });
            std.process.exit(1);
        };
        return;
    }
    try out.writeAll(usage);
}

pub const CheckError = config.LoadError || std.fs.File.WriteError;

fn checkConfig(alloc: std.mem.Allocator, path: []const u8, dry_run: bool, out: std.fs.File.Writer) CheckError!void {
    var cfg = try config.load(alloc, path);
    defer cfg.deinit();
    if (!dry_run) return out.print("{s}: ok\\n", .{path});
    try out.print("sink_url     {s}\\nbuffer_lines {d}\\nbatch_lines  {d}\\n", .{ cfg.sink_url, cfg.buffer_lines, cfg.batch_lines });
    for (cfg.inputs) |in| try out.print("input        {s} ({s})\\n", .{ in.path, in.tag });
}""")
        t.read(R + "/src/config.zig")
        t.edit(R + "/src/config.zig", """/// shipd.conf is JSON (see packaging/shipd.conf.example). SHIPD_SINK_URL overrides sink_url.
pub fn load(alloc: std.mem.Allocator, path: []const u8) !Config {""",
               """pub const LoadError = std.fs.File.OpenError || std.fs.File.ReadError ||
    std.json.ParseError(std.json.Scanner) || error{ FileTooBig, OutOfMemory };

/// shipd.conf is JSON (see packaging/shipd.conf.example). SHIPD_SINK_URL overrides sink_url.
pub fn load(alloc: std.mem.Allocator, path: []const u8) LoadError!Config {""")
        t.read(BZ)
        t.edit(BZ, """    ctl.root_module.addOptions("build_options", opts);""",
               """    ctl.root_module.addOptions("build_options", opts);
    ctl.root_module.addImport("config", b.createModule(.{ .root_source_file = b.path("src/config.zig") }));""")
        t.fail("zig build", "Build with the new shipctl flag",
               "install\n└─ install shipctl\n   └─ zig build-exe shipctl Debug native 1 errors\n"
               "src/ctl/main.zig:27:17: error: local variable is never mutated\n"
               "            var stderr = std.io.getStdErr().writer();\n"
               "                ^~~~~~\n"
               "src/ctl/main.zig:27:17: note: consider using 'const'\n"
               + build_tail(d, 6, 9, "install transitive failure\n└─ install shipctl transitive failure\n"
                                      "   └─ zig build-exe shipctl Debug native 1 errors",
                            f"{ZIG} build-exe -ODebug --dep build_options --dep config -Mroot={R}/src/ctl/main.zig "
                            f"-Mbuild_options={CACHE}/c/{zhash(d.rng)}/options.zig -Mconfig={R}/src/config.zig "
                            f"--cache-dir {CACHE} --global-cache-dir {GCACHE} --name shipctl --listen=-"))
        t.say("`print` takes the writer by value, so `stderr` is never mutated and Zig 0.13 rejects the `var`. "
              "Making it `const`.")
        t.edit(CTL, "            var stderr = std.io.getStdErr().writer();",
               "            const stderr = std.io.getStdErr().writer();")
        t.bash("zig build", "Build with the new shipctl flag")
        t.bash("SHIPD_SINK_URL=https://ingest.test.nordlog.ee/v1/batch ./zig-out/bin/shipctl check-config --dry-run packaging/shipd.conf.example",
               "Try the dry run with an env override",
               out="sink_url     https://ingest.test.nordlog.ee/v1/batch\nbuffer_lines 65536\nbatch_lines  500\n"
                   "input        /var/log/syslog (syslog)\ninput        /var/log/plc/*.log (plc)")
        t.done("`shipctl check-config [--dry-run] FILE`: without the flag prints `FILE: ok`, with it the effective "
               "config (env override applied, see the sink_url above); any load error → message on stderr, exit 1.\n\n"
               "Error sets are explicit: `config.LoadError` (open/read/json/FileTooBig/OutOfMemory) and "
               "`CheckError = LoadError || WriteError`, no `anyerror`. shipctl imports config.zig as a module now "
               "(build.zig). The first build tripped on `local variable is never mutated` (`stderr`), now "
               "a const.")

        t = d.task("where's the retry/backoff for the sink again and whats the max wait", tags=["noise"])
        t.grep("backoff", filenames=[SINK], path=R + "/src")
        t.grep("backoff|attempt", path=SINK, output_mode="content", n=True,
               content="10:    backoff_ms: u32 = 250,\n22:    /// POSTs one batch as newline-delimited JSON. Retries with exponential backoff (max 30 s).\n"
                       "27:        var attempt: u8 = 0;\n28:        while (true) : (attempt += 1) {\n"
                       "36:                log.warn(\"send failed: {s}, attempt {d}\", .{ @errorName(err), attempt });\n"
                       "37:                if (attempt >= 8) return err;\n"
                       "38:                std.time.sleep(@as(u64, self.backoff_ms) * std.time.ns_per_ms << @intCast(attempt));\n"
                       "44:            if (attempt >= 8) return error.SinkRejected;")
        t.done("`HttpSink.send` in src/sink.zig:27-44. Wait is `250 ms << attempt`, up to 8 retries: 0.25, 0.5, "
               "1, 2, 4, 8, 16, 32 s — so the last sleep is 32 s, not the 30 s the doc comment claims, ~64 s total "
               "before it gives up. Note a non-2xx answer loops without sleeping at all (line 44 path). Want me to "
               "clamp it and sleep on non-2xx too?")

    # ================= S3 (acceptEdits) =================
    with d.session("2026-10-09T10:12:00", R, branch="main", version="2.1.212", permission_mode="acceptEdits"):
        t = d.task("release 0.4.0. changelog from git log since v0.3.2, bump version, tag, create the gh release "
                   "as draft and let the release workflow attach the debs. commit msgs with the component prefix "
                   "like we always do (release:, sink:, ...)", tags=["mistake:M3", "workflow:W3", "pref:P3"])
        t.bash("git log --oneline v0.3.2..HEAD", "Commits since v0.3.2",
               out="4be91d2 shipctl: check-config --dry-run, explicit error sets\n"
                   "a17c0e3 sink: gzip batch bodies (zlib via @cImport)\n"
                   "0d3f8b1 tail: watch globbed paths\n"
                   "9c2e774 build: zlib from allyourcodebase instead of system lib")
        t.read(CHL)
        t.edit(CHL, "# Changelog\n", """# Changelog

## 0.4.0 - 2026-10-09
- sink: batches are gzip-compressed (`content-encoding: gzip`)
- shipctl: `check-config --dry-run` prints the effective config
- tail: input paths may be globs
- build: zlib comes from the allyourcodebase package (static, cross-compiles)
""")
        t.bash("git add CHANGELOG.md && git commit -m 'release: 0.4.0' && git tag -a v0.4.0 -m 'shipd 0.4.0'",
               "Commit changelog and create annotated tag",
               out="[main 6e0a9f3] release: 0.4.0\n 1 file changed, 6 insertions(+)")
        t.fail("gh release create v0.4.0 --verify-tag --draft --title 'shipd 0.4.0' --notes-file <(sed -n '/## 0.4.0/,/## 0.3.2/p' CHANGELOG.md | head -n -1)",
               "Create draft GitHub release",
               f"tag v0.4.0 doesn't exist in the repo {REPO}, aborting due to --verify-tag flag")
        t.say("The tag only exists locally — `--verify-tag` checks the remote. Pushing main and the tag (that "
              "also triggers release.yml, which uploads the debs to the release).")
        t.bash("git push origin main && git push origin v0.4.0", "Push main and the v0.4.0 tag",
               err=f"To github.com:{REPO}.git\n   4be91d2..6e0a9f3  main -> main\n"
                   f"To github.com:{REPO}.git\n * [new tag]         v0.4.0 -> v0.4.0")
        t.bash("gh release create v0.4.0 --verify-tag --draft --title 'shipd 0.4.0' --notes-file <(sed -n '/## 0.4.0/,/## 0.3.2/p' CHANGELOG.md | head -n -1)",
               "Create draft GitHub release",
               out=f"https://github.com/{REPO}/releases/tag/untagged-3f1c0a7b92e4d5c6a8b1")
        t.bash("gh run list --workflow release.yml --limit 1", "Find the release run",
               out="STATUS  TITLE           WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
                   "*       release: 0.4.0  release   v0.4.0  push   11482290317  38s      less than a minute ago")
        t.bash("gh run watch 11482290317 --exit-status", "Wait for the release workflow", timeout=900000,
               out="✓ v0.4.0 release · 11482290317\nTriggered via push about 3 minutes ago\n\nJOBS\n"
                   "✓ debs (x86_64-linux-musl, amd64) in 1m52s (ID 32101938811)\n"
                   "✓ debs (aarch64-linux-musl, arm64) in 2m04s (ID 32101938923)\n"
                   "✓ debs (arm-linux-musleabihf, armhf) in 2m11s (ID 32101939040)")
        t.bash("gh release view v0.4.0 --json isDraft,assets --jq '.isDraft, (.assets[].name)'",
               "Check assets on the draft", out="true\nshipd_0.4.0_amd64.deb\nshipd_0.4.0_arm64.deb\nshipd_0.4.0_armhf.deb")
        t.done("v0.4.0 is tagged, pushed, and the draft release has all three debs (amd64, arm64, armhf). "
               "CHANGELOG commit `release: 0.4.0`. The first `gh release create` stopped with `tag v0.4.0 doesn't "
               "exist in the repo` because the tag wasn't pushed yet; after `git push origin v0.4.0` it went "
               "through. The version in build.zig.zon was already 0.4.0. Publish it when you're ready: "
               "`gh release edit v0.4.0 --draft=false`.")

        t = d.task("unit file: restart on failure w/ 5s delay, and harden it a bit (no new privs, protect system). "
                   "verify it", tags=["noise"])
        t.read(UNIT)
        t.edit(UNIT, """RuntimeDirectory=shipd
""", """RuntimeDirectory=shipd
Restart=on-failure
RestartSec=5s
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
ReadWritePaths=/var/lib/shipd
StateDirectory=shipd
""")
        t.bash("systemd-analyze verify packaging/systemd/shipd.service", "Verify the unit file",
               err="shipd.service: Command /usr/bin/shipd is not executable: No such file or directory")
        t.done("Added `Restart=on-failure`, `RestartSec=5s`, `NoNewPrivileges`, `ProtectSystem=strict`, "
               "`ProtectHome`, `PrivateTmp`, plus `StateDirectory=shipd` (→ /var/lib/shipd writable). "
               "`systemd-analyze verify` only complains that /usr/bin/shipd isn't installed on this machine; the "
               "syntax is fine. Logs under /var/log stay readable (ProtectSystem only makes them read-only).")

        t = d.task("does sd_notify READY=1 / WATCHDOG=1 actually need libsystemd or can I just write to the "
                   "socket myself from zig", tags=["no_tools"])
        t.done("You can do it yourself; the protocol is tiny. `NOTIFY_SOCKET` holds a path (or `@abstract` name, "
               "where `@` means a leading NUL byte); open an `AF_UNIX, SOCK_DGRAM` socket and `sendto` a datagram "
               "like `READY=1` or `WATCHDOG=1\\nSTATUS=shipping`. For the watchdog, read `WATCHDOG_USEC` and ping "
               "at about half that interval, and set `Type=notify` + `WatchdogSec=` in the unit. That's about 30 "
               "lines of Zig with `std.posix.socket`/`sendto`, and it keeps the musl builds free of libsystemd. "
               "You only need libsystemd for things like reading the journal.")

    # ================= S4 =================
    with d.session("2026-10-13T09:30:00", R, branch="main", version="2.1.213"):
        t = d.task("how do lazy dependencies work in build.zig.zon in 0.13? want the journal stuff to not pull "
                   "anything when -Djournal is off. check the official docs", tags=["webfetch", "noise"])
        t.webfetch("https://ziglang.org/learn/build-system/",
                   "How do lazy dependencies work (build.zig.zon .lazy = true, b.lazyDependency)?",
                   "The build system guide covers dependencies declared in build.zig.zon and fetched with "
                   "`zig fetch --save <url>`, which writes the url and hash. A dependency can be marked "
                   "`.lazy = true`; it is then only fetched if build.zig actually asks for it via "
                   "`b.lazyDependency(\"name\", args)`, which returns `?*Dependency` (null on the first pass, when "
                   "the package isn't fetched yet; the build runner fetches it and re-runs build.zig). Use "
                   "`if (b.lazyDependency(...)) |dep| { ... }` behind the option that needs it.")
        t.done("Mark it `.lazy = true` in build.zig.zon and ask for it with `b.lazyDependency(\"name\", .{...})` "
               "only inside `if (journal) { ... }`. It returns an optional: on the first pass it's null, the runner "
               "fetches the package and re-runs build.zig. With `-Djournal=false` it's never requested, so never "
               "downloaded. For libsystemd itself there's nothing to fetch anyway (system library via "
               "`linkSystemLibrary(\"systemd\")`), so lazy only matters if we vendor something for it.")

        t = d.task("shipctl arg parsing is getting ugly. pull in zig-clap 0.9.1 (the 0.13 compatible one) and "
                   "just wire the dependency for now", tags=["flaky:F1"])
        t.fail("zig fetch --save https://github.com/Hejsil/zig-clap/archive/refs/tags/0.9.1.tar.gz",
               "Add zig-clap to build.zig.zon",
               "error: unable to connect to server: ConnectionTimedOut")
        t.say("Connection timeout fetching from GitHub; trying the same fetch again.")
        t.bash("zig fetch --save https://github.com/Hejsil/zig-clap/archive/refs/tags/0.9.1.tar.gz",
               "Add zig-clap to build.zig.zon")
        t.read(ZON)
        d.files[ZON] = d.files[ZON].replace("""        },
    },
    .paths""", """        },
        .clap = .{
            .url = "https://github.com/Hejsil/zig-clap/archive/refs/tags/0.9.1.tar.gz",
            .hash = "122062d301a203d003547b414237229b09a7980095061697349f8bef41be9c30266b",
        },
    },
    .paths""")
        t.read(BZ)
        t.edit(BZ, """    ctl.root_module.addOptions("build_options", opts);
""", """    ctl.root_module.addOptions("build_options", opts);
    ctl.root_module.addImport("clap", b.dependency("clap", .{ .target = target, .optimize = optimize }).module("clap"));
""")
        t.bash("zig build", "Build with clap wired in")
        t.done("zig-clap 0.9.1 is in build.zig.zon (`.clap`, hash pinned by `zig fetch --save`; the first fetch "
               "timed out, the retry worked) and imported into the shipctl module as `clap`. Builds clean; nothing "
               "uses it yet.")

        J = R + "/src/input/journal.zig"
        t = d.task("journald input: read via sd-journal (@cImport systemd/sd-journal.h), follow from the cursor "
                   "stored in /var/lib/shipd/journal.cursor, only compiled with -Djournal=true. tests for the "
                   "cursor file handling. keep the logging on scoped loggers like the rest",
                   tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.write(J, """const std = @import("std");

const c = @cImport({
    @cInclude("systemd/sd-journal.h");
});

const log = std.log.scoped(.journal);

pub const Error = error{ JournalOpen, JournalSeek, JournalRead } || CursorError;
pub const CursorError = std.fs.File.OpenError || std.fs.File.ReadError || std.fs.File.WriteError ||
    error{ OutOfMemory, FileTooBig, CursorTooLong };

pub const cursor_path = "/var/lib/shipd/journal.cursor";

/// Reads the saved cursor; null when there is none yet (first start).
pub fn readCursor(dir: std.fs.Dir, alloc: std.mem.Allocator, name: []const u8) CursorError!?[:0]u8 {
    const raw = dir.readFileAlloc(alloc, name, 4096) catch |err| switch (err) {
        error.FileNotFound => return null,
        else => |e| return e,
    };
    defer alloc.free(raw);
    const trimmed = std.mem.trimRight(u8, raw, "\\n");
    if (trimmed.len == 0) return null;
    if (trimmed.len > 1024) return error.CursorTooLong;
    return try alloc.dupeZ(u8, trimmed);
}

/// Writes the cursor atomically (tmp file + rename).
pub fn writeCursor(dir: std.fs.Dir, name: []const u8, cursor: []const u8) CursorError!void {
    var buf: [std.fs.max_path_bytes]u8 = undefined;
    var af = try dir.atomicFile(name, .{ .write_buffer = &buf });
    defer af.deinit();
    try af.file.writeAll(cursor);
    try af.file.writeAll("\\n");
    try af.finish();
}

pub const Reader = struct {
    j: ?*c.sd_journal = null,

    pub fn open(cursor: ?[:0]const u8) Error!Reader {
        var r = Reader{};
        if (c.sd_journal_open(&r.j, c.SD_JOURNAL_LOCAL_ONLY) < 0) return error.JournalOpen;
        if (cursor) |cur| {
            if (c.sd_journal_seek_cursor(r.j, cur.ptr) < 0) return error.JournalSeek;
            _ = c.sd_journal_next(r.j);
        } else if (c.sd_journal_seek_tail(r.j) < 0) return error.JournalSeek;
        log.info("journal opened, cursor={s}", .{if (cursor) |cur| cur[0..@min(cur.len, 24)] else "tail"});
        return r;
    }

    pub fn close(self: *Reader) void {
        c.sd_journal_close(self.j);
    }
};

test "cursor roundtrip" {
    var tmp = std.testing.tmpDir(.{});
    defer tmp.cleanup();
    try std.testing.expectEqual(@as(?[:0]u8, null), try readCursor(tmp.dir, std.testing.allocator, "journal.cursor"));
    try writeCursor(tmp.dir, "journal.cursor", "s=5a1e;i=1f3;b=9c0d;m=2a;t=6400;x=77");
    const got = (try readCursor(tmp.dir, std.testing.allocator, "journal.cursor")).?;
    defer std.testing.allocator.free(got);
    try std.testing.expectEqualStrings("s=5a1e;i=1f3;b=9c0d;m=2a;t=6400;x=77", got);
}

test {
    std.testing.refAllDecls(@This());
}

test "empty cursor file means start at tail" {
    var tmp = std.testing.tmpDir(.{});
    defer tmp.cleanup();
    try tmp.dir.writeFile(.{ .sub_path = "journal.cursor", .data = "\\n" });
    try std.testing.expectEqual(@as(?[:0]u8, null), try readCursor(tmp.dir, std.testing.allocator, "journal.cursor"));
}
""")
        t.edit(BZ, """    exe.linkLibC();
    b.installArtifact(exe);""", """    exe.linkLibC();
    if (journal) exe.linkSystemLibrary("systemd");
    b.installArtifact(exe);""")
        t.edit(BZ, """    test_step.dependOn(&run_exe_unit_tests.step);
}""", """    test_step.dependOn(&run_exe_unit_tests.step);

    if (journal) {
        const journal_tests = b.addTest(.{
            .name = "journal-test",
            .root_source_file = b.path("src/input/journal.zig"),
            .target = target,
            .optimize = optimize,
        });
        journal_tests.linkSystemLibrary("systemd");
        test_step.dependOn(&b.addRunArtifact(journal_tests).step);
    }
}""")
        t.bash("zig build -Djournal=true", "Build shipd with the journal input")
        t.fail("zig build test -Djournal=true --summary all", "Run unit tests incl. journal",
               cimport_fail(d, "test", "journal-test", "src/input/journal.zig", 3,
                            [("Reader", "src/input/journal.zig:40:20"), ("test_0", "src/input/journal.zig:72:5")],
                            ["run journal-test"], kind="test"))
        t.say("Same `C import failed` / `libc headers not available` as with zlib, this time in the new "
              "`journal-test` artifact: it links libsystemd but not libc, so sd-journal.h can't be imported. "
              "Fixing build.zig.")
        t.edit(BZ, """        journal_tests.linkSystemLibrary("systemd");
""", """        journal_tests.linkSystemLibrary("systemd");
        journal_tests.linkLibC();
""")
        t.bash("zig build test -Djournal=true --summary all", "Run unit tests incl. journal",
               err="Build Summary: 7/7 steps succeeded; 7/7 tests passed\ntest success\n"
                   "├─ run test 4 passed 38ms MaxRSS:3M\n"
                   "│  └─ zig test Debug native success 3s MaxRSS:244M\n│     └─ options cached\n"
                   "└─ run journal-test 3 passed 12ms MaxRSS:3M\n"
                   "   └─ zig test journal-test Debug native success 2s MaxRSS:198M")
        t.bash("zig fmt --check src build.zig", "Check formatting")
        t.done("Journal input in `src/input/journal.zig`: `Reader.open(cursor)` seeks to the saved cursor (or "
               "the tail on first start), `readCursor`/`writeCursor` handle /var/lib/shipd/journal.cursor "
               "atomically, logging via `std.log.scoped(.journal)`. Only compiled and linked against libsystemd "
               "with `-Djournal=true`, with its own `journal-test` artifact in the test step.\n\n`zig build test` "
               "first failed with `C import failed` in that artifact; build.zig now calls `linkLibC()` on it. 7/7 "
               "tests pass, fmt clean. "
               "The follow loop (sd_journal_wait + batching) is next.")

        t = d.task("ringbuf test 'wraps around when full' fails since I touched drain() this morning, can you "
                   "look", tags=["oneoff:O1"])
        t.read(RB)
        d.files[RB] = d.files[RB].replace("""        self.head = (self.head + n) % self.items.len;
        self.len -= n;""", """        self.head = (self.head + n) % self.items.len;
        self.len -= n;
        if (self.len == 0) self.head = 0;""").replace("""        if (self.len == self.items.len) {
            self.alloc.free(self.items[self.head]);
            self.items[self.head] = copy;
            self.head = (self.head + 1) % self.items.len;
            self.dropped += 1;
            return;
        }""", """        if (self.len + 1 == self.items.len) {
            self.alloc.free(self.items[self.head]);
            self.items[self.head] = copy;
            self.head = (self.head + 1) % self.items.len;
            self.dropped += 1;
            return;
        }""")
        t.fail("zig build test --summary all", "Run unit tests",
               "test\n└─ run test 3/4 passed, 1 failed\n"
               "error: 'ringbuf.test.wraps around when full' failed: expected 3, found 2\n"
               f"{H}/.local/zig-0.13.0/lib/std/testing.zig:93:17: 0x104bd7e in expectEqualInner__anon_2971 (test)\n"
               "                return error.TestExpectedEqual;\n                ^\n"
               f"{R}/src/ringbuf.zig:65:5: 0x104c3a9 in test.wraps around when full (test)\n"
               "    try std.testing.expectEqual(@as(usize, 3), rb.len);\n    ^\n"
               "error: while executing test 'ringbuf.test.wraps around when full', the following test command failed:\n"
               f"{CACHE}/o/{zhash(d.rng)}/test --seed=0x{zhash(d.rng, 8)} --cache-dir={CACHE} --listen=-\n"
               "Build Summary: 4/5 steps succeeded; 1 failed; 3/4 tests passed; 1 failed (disable with --summary none)\n"
               "test transitive failure\n└─ run test 3/4 passed, 1 failed\n"
               f"error: the following build command failed with exit code 1:\n"
               f"{CACHE}/o/{zhash(d.rng)}/build {ZIG} {R} {CACHE} {GCACHE} --seed 0x{zhash(d.rng, 8)} -Z{zhash(d.rng, 16)}")
        t.read(RB, offset=24, limit=14)
        t.say("`push` now treats the ring as full at `len + 1 == items.len`, so capacity 3 only ever holds 2 "
              "lines and drops one too early. The `head = 0` reset in drain is fine; the full check is the bug.")
        t.edit(RB, "        if (self.len + 1 == self.items.len) {", "        if (self.len == self.items.len) {")
        t.bash("zig build test --summary all", "Run unit tests",
               err="Build Summary: 5/5 steps succeeded; 4/4 tests passed\ntest success\n"
                   "└─ run test 4 passed 44ms MaxRSS:4M\n   └─ zig test Debug native success 3s MaxRSS:255M\n"
                   "      └─ options cached")
        t.done("Your change to `push` made the full check `self.len + 1 == self.items.len`, which is off by one "
               "(capacity 3 held only 2 → `expected 3, found 2`). Back to `self.len == self.items.len`; kept your "
               "`head = 0` reset in `drain`, it's harmless. 4/4 green.")

        t = d.task("write a README section on configuration: the json file, each field, env overrides, the "
                   "journal option, and an example", tags=["noise"])
        t.read(RD)
        t.edit(RD, "Build: `zig build` (Zig 0.13). Tests: `zig build test`. Packages: see packaging/.\n",
               """Build: `zig build` (Zig 0.13). Tests: `zig build test`. Packages: see packaging/.

## Configuration

shipd reads one JSON file, `/etc/shipd/shipd.conf` by default. The path can be changed with the
`SHIPD_CONFIG` environment variable (the systemd unit sets it explicitly).

### Fields

| field | type | default | meaning |
|---|---|---|---|
| `sink_url` | string | (required) | ingest endpoint; batches are POSTed as gzip NDJSON |
| `buffer_lines` | integer | 65536 | capacity of the in-memory ring; when full the oldest line is dropped and counted |
| `batch_lines` | integer | 500 | lines per POST |
| `inputs` | array | (required) | files to follow, each `{"path": "...", "tag": "..."}`; `path` may be a glob |

### Environment overrides

- `SHIPD_CONFIG`: path of the config file.
- `SHIPD_SINK_URL`: replaces `sink_url`, handy for pointing a box at the test ingest without editing
  the packaged conffile.

### Journald input

Builds made with `-Djournal=true` (gnu targets with libsystemd) can also follow the systemd journal.
The position is stored in `/var/lib/shipd/journal.cursor`, so a restart continues where it stopped;
delete the file to start again from the end of the journal. The musl release packages are built without
it.

### Example

```json
{
  "sink_url": "https://ingest.nordlog.ee/v1/batch",
  "buffer_lines": 131072,
  "batch_lines": 1000,
  "inputs": [
    {"path": "/var/log/syslog", "tag": "syslog"},
    {"path": "/var/log/plc/*.log", "tag": "plc"}
  ]
}
```

Check a file before deploying it: `shipctl check-config --dry-run /etc/shipd/shipd.conf` prints the
effective configuration (with environment overrides applied) and exits 1 on errors.
""")
        t.done("Added a **Configuration** section to README.md: config path and `SHIPD_CONFIG`, a field table "
               "(sink_url, buffer_lines, batch_lines, inputs with globs), env overrides (`SHIPD_SINK_URL`), the "
               "journald input and its cursor file, a full JSON example, and how to validate with "
               "`shipctl check-config --dry-run`.")

    # ================= S5 =================
    with d.session("2026-10-16T13:05:00", R, branch="main", version="2.1.214"):
        fb = ("the config section you put in the README was way too long, I had to cut half of it before "
              "pushing. readme stuff: a table + one example is enough, no prose around it")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("Got it: for README docs I'll keep to a table and one example, no explanatory paragraphs.")

        t = d.task("build 0.4.1~rc debs for arm64 again, same as last week, one thing changed: the pilot wants "
                   "the binaries stripped", tags=["workflow:W2"])
        t.read(NFPM)
        t.bash("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe -Dstrip=true",
               "Cross-build stripped aarch64 binaries")
        t.bash("ARCH=arm64 VERSION=0.4.1~rc1 nfpm package --packager deb --config packaging/nfpm.yaml --target dist/",
               "Package the arm64 .deb", out="using deb packager...\ncreated package: dist/shipd_0.4.1~rc1_arm64.deb")
        t.bash("dpkg-deb -c dist/shipd_0.4.1~rc1_arm64.deb | grep usr/bin", "Check binary sizes in the package",
               out="-rwxr-xr-x 0/0               0 2026-10-16 13:11 ./usr/bin/\n"
                   "-rwxr-xr-x 0/0         1702416 2026-10-16 13:11 ./usr/bin/shipd\n"
                   "-rwxr-xr-x 0/0          611104 2026-10-16 13:11 ./usr/bin/shipctl")
        t.done("`dist/shipd_0.4.1~rc1_arm64.deb`, stripped: shipd 1.7 MB (was 3.4), shipctl 0.6 MB. ReleaseSafe "
               "as before, so panics still print a message, just without symbolized stack traces.")

        t = d.task("the old Teltonika boxes are 32-bit armv7 (armhf). run the tests for that target, ReleaseSafe, "
                   "I want to see the ringbuf/usize stuff holds", tags=["mistake:M2"])
        t.fail("zig build test -Dtarget=arm-linux-musleabihf -Doptimize=ReleaseSafe",
               "Run unit tests for 32-bit ARM",
               foreign_fail(d, "test", "arm-linux-musleabihf", 4, 6, mode="ReleaseSafe"))
        t.say("Compiles for armhf; the runner just won't execute the foreign test binary on its own. Running it "
              "through qemu-arm with `-fqemu`.")
        t.bash("zig build test -Dtarget=arm-linux-musleabihf -Doptimize=ReleaseSafe -fqemu --summary all",
               "Run 32-bit ARM unit tests under qemu-user",
               err="Build Summary: 5/5 steps succeeded; 4/4 tests passed\ntest success\n"
                   "└─ run test 4 passed 690ms MaxRSS:11M\n"
                   "   └─ zig test ReleaseSafe arm-linux-musleabihf success 38s MaxRSS:498M\n      └─ options cached")
        t.done("4/4 pass on `arm-linux-musleabihf` in ReleaseSafe (via `-fqemu`), so no overflow traps in the "
               "ringbuf index math with 32-bit usize. The one place to keep an eye on is `sink.zig`'s "
               "`<< @intCast(attempt)` on a u64, which is fine on both.")

        t = d.task("install the rc1 deb on the tartu pilot box (pilot-01.tartu-vesi.ee, user nordlog) and "
                   "check the service comes up", tags=["unfixed:U1"])
        t.fail("scp dist/shipd_0.4.1~rc1_arm64.deb nordlog@pilot-01.tartu-vesi.ee:/tmp/",
               "Copy the package to the pilot box",
               "ssh: connect to host pilot-01.tartu-vesi.ee port 22: Connection timed out\nscp: Connection closed",
               code=255)
        t.bash("getent hosts pilot-01.tartu-vesi.ee && nc -vz -w 5 pilot-01.tartu-vesi.ee 22; echo rc=$?",
               "Check DNS and port reachability",
               out="194.126.98.41   pilot-01.tartu-vesi.ee\nrc=1",
               err="nc: connect to pilot-01.tartu-vesi.ee (194.126.98.41) port 22 (tcp) failed: Connection timed out")
        t.done("Can't reach the box: DNS resolves (194.126.98.41) but port 22 times out, both for scp and a "
               "plain `nc`. That looks like their firewall: the access window Tartu Vesi opened for us may have "
               "closed. Nothing to fix from this side; someone on their IT needs to reopen ssh from our office "
               "IP. The package is ready in `dist/` when they do.")

    # ================= S6 (PreCompact) =================
    with d.session("2026-10-20T09:15:00", R, branch="main", version="2.1.215"):
        t = d.task("what landed since v0.4.0? full log w/ stats, I need to write the customer update",
                   tags=["long_output", "noise"])
        t.bash("git log --stat v0.4.0..HEAD", "Log with file stats since v0.4.0",
               out="""commit c93a71f0e5d2b8a41f6e90c3d7b25a8e1f04c6d2
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Fri Oct 17 16:42:10 2026 +0300

    tail: batch flush on idle timeout (2 s)

 src/input/tail.zig | 41 +++++++++++++++++++++++++++++++++++------
 1 file changed, 35 insertions(+), 6 deletions(-)

commit 7f2e0b94a1c63d58e0b7a9f21c4d6e835b0a7f19
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Thu Oct 16 13:14:55 2026 +0300

    build: -Dstrip option for release packages

 build.zig | 6 +++++-
 1 file changed, 5 insertions(+), 1 deletion(-)

commit 2b8d4e61c07f93a5d1e28b46f0c97a3d5e6b1f08
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Mon Oct 13 15:20:31 2026 +0300

    docs: configuration section

 README.md | 31 +++++++++++++++++++++++++++++++
 1 file changed, 31 insertions(+)

commit e41a06c8d9b2f73e51a0c6d84b9f2e17a3c50d96
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Mon Oct 13 14:02:47 2026 +0300

    ringbuf: reset head when drained

 src/ringbuf.zig | 1 +
 1 file changed, 1 insertion(+)

commit 98c1f5d2a7e04b63c9d8e1f27a5b0c64d3e9a810
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Mon Oct 13 11:48:09 2026 +0300

    journal: sd-journal input behind -Djournal, cursor file

 build.zig              |   3 +
 src/input/journal.zig  | 89 ++++++++++++++++++++++++++++++++++++++++++++++
 src/main.zig           |   2 +
 3 files changed, 94 insertions(+)

commit 5d07a3e9b1c2f48e6a0d97b3c5e1f82a4d6b0e73
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Mon Oct 13 10:05:33 2026 +0300

    shipctl: add zig-clap 0.9.1 dependency

 build.zig     | 1 +
 build.zig.zon | 4 ++++
 2 files changed, 5 insertions(+)

commit 0a6f3c8e2d1b94e7f5a0c3d86b2e9f1a7c4d5e02
Author: Kadri Tamm <kadri@nordlog.ee>
Date:   Fri Oct 9 10:31:18 2026 +0300

    packaging: restart policy and hardening in shipd.service

 packaging/systemd/shipd.service | 8 ++++++++
 1 file changed, 8 insertions(+)""")
        t.done("Since v0.4.0 (7 commits):\n\n- **tail**: flush a partial batch after 2 s idle (c93a71f)\n"
               "- **journal**: new sd-journal input behind `-Djournal`, resumes from a cursor file (98c1f5d)\n"
               "- **ringbuf**: head reset when drained (e41a06c)\n- **packaging**: restart on failure + "
               "systemd hardening (0a6f3c8); `-Dstrip` for smaller packages (7f2e0b9)\n- **shipctl**: zig-clap "
               "dependency, no user-visible change yet (5d07a3e)\n- **docs**: configuration section (2b8d4e6)\n\n"
               "Customer-visible: idle flush (lower latency on quiet boxes), restart policy, smaller packages. "
               "The journal input isn't in the musl packages.")

        RL = R + "/src/ratelimit.zig"
        t = d.task("add a token bucket so one chatty input can't eat the whole sink budget: per-input lines/sec "
                   "with burst. own file + tests. and again, std.log.scoped for anything it logs, zero "
                   "debug.print", tags=["workflow:W1", "pref:P1"])
        t.write(RL, """const std = @import("std");

const log = std.log.scoped(.ratelimit);

/// Token bucket: `rate` tokens per second, at most `burst` stored. Time is passed in
/// (nanoseconds, monotonic) so tests don't sleep.
pub const Bucket = struct {
    rate: u32,
    burst: u32,
    tokens: f64,
    last_ns: u64,
    denied: u64 = 0,

    pub fn init(rate: u32, burst: u32, now_ns: u64) Bucket {
        return .{ .rate = rate, .burst = burst, .tokens = @floatFromInt(burst), .last_ns = now_ns };
    }

    pub fn allow(self: *Bucket, now_ns: u64) bool {
        const dt: f64 = @floatFromInt(now_ns -| self.last_ns);
        self.last_ns = @max(self.last_ns, now_ns);
        self.tokens = @min(@as(f64, @floatFromInt(self.burst)), self.tokens + dt * @as(f64, @floatFromInt(self.rate)) / std.time.ns_per_s);
        if (self.tokens >= 1) {
            self.tokens -= 1;
            return true;
        }
        self.denied += 1;
        if (self.denied % 10_000 == 1) log.warn("rate limit hit, {d} lines denied so far", .{self.denied});
        return false;
    }
};

test "burst then refill" {
    var b = Bucket.init(10, 5, 0);
    var ok: u32 = 0;
    for (0..8) |_| ok += @intFromBool(b.allow(0));
    try std.testing.expectEqual(@as(u32, 5), ok);
    try std.testing.expect(b.allow(100 * std.time.ns_per_ms));
    try std.testing.expect(!b.allow(100 * std.time.ns_per_ms));
}

test "clock going backwards does not mint tokens" {
    var b = Bucket.init(1, 1, 5 * std.time.ns_per_s);
    try std.testing.expect(b.allow(5 * std.time.ns_per_s));
    try std.testing.expect(!b.allow(1 * std.time.ns_per_s));
}
""")
        t.read(MAIN)
        t.edit(MAIN, """    _ = @import("compress.zig");
}""", """    _ = @import("compress.zig");
    _ = @import("ratelimit.zig");
}""")
        t.bash("zig build test --summary all", "Run unit tests",
               err="Build Summary: 5/5 steps succeeded; 6/6 tests passed\ntest success\n"
                   "└─ run test 6 passed 47ms MaxRSS:4M\n   └─ zig test Debug native success 3s MaxRSS:259M\n"
                   "      └─ options cached")
        t.bash("zig fmt src/ratelimit.zig && zig fmt --check src build.zig", "Format and check",
               out="src/ratelimit.zig")
        t.done("`src/ratelimit.zig`: `Bucket.init(rate, burst, now_ns)` / `allow(now_ns)`; time is injected so "
               "tests are instant, saturating subtraction so a clock step backwards can't mint tokens, "
               "`std.log.scoped(.ratelimit)` warns once per 10k denials. 6/6 tests, `zig fmt` reflowed one long "
               "line. Not wired into tail.zig yet — want `rate`/`burst` per input in the config?")

        d.precompact("Kadri (Nordlog OÜ) works on shipper: shipd (Zig 0.13 log shipping daemon) and shipctl. "
                     "This session: summarized git log since v0.4.0 for the customer update; added "
                     "src/ratelimit.zig (token bucket with injected time, two tests, scoped logger), tests 6/6. "
                     "Next: release 0.4.1. Preferences seen: std.log.scoped loggers, explicit error sets, commit "
                     "messages with component prefix, short README docs.")

        t = d.task("ok cut 0.4.1 now. changelog, bump, tag, draft release, workflow builds the debs",
                   tags=["mistake:M3", "workflow:W3"])
        t.read(CHL)
        t.edit(CHL, "# Changelog\n", """# Changelog

## 0.4.1 - 2026-10-20
- tail: flush partial batches after 2 s idle
- packaging: restart on failure, systemd hardening, stripped binaries
- ringbuf: reset head when drained
""")
        t.read(ZON)
        t.edit(ZON, '    .version = "0.4.0",', '    .version = "0.4.1",')
        t.read(BZ)
        t.edit(BZ, 'opts.addOption([]const u8, "version", "0.4.0");', 'opts.addOption([]const u8, "version", "0.4.1");')
        t.bash("git commit -am 'release: 0.4.1' && git tag -a v0.4.1 -m 'shipd 0.4.1'",
               "Commit and tag 0.4.1", out="[main 3d5b8e0] release: 0.4.1\n 3 files changed, 7 insertions(+), 2 deletions(-)")
        t.fail("gh release create v0.4.1 --verify-tag --draft --title 'shipd 0.4.1' --notes 'See CHANGELOG.md'",
               "Create the draft release",
               f"tag v0.4.1 doesn't exist in the repo {REPO}, aborting due to --verify-tag flag")
        t.say("Tag isn't on GitHub yet. Pushing the commit and the tag first.")
        t.bash("git push origin main && git push origin v0.4.1", "Push main and the tag",
               err=f"To github.com:{REPO}.git\n   c93a71f..3d5b8e0  main -> main\n"
                   f"To github.com:{REPO}.git\n * [new tag]         v0.4.1 -> v0.4.1")
        t.bash("gh release create v0.4.1 --verify-tag --draft --title 'shipd 0.4.1' --notes 'See CHANGELOG.md'",
               "Create the draft release", out=f"https://github.com/{REPO}/releases/tag/untagged-91b0e4d27c3a5f68e1d0")
        t.bash("gh run watch $(gh run list --workflow release.yml --limit 1 --json databaseId --jq '.[0].databaseId') --exit-status",
               "Wait for the release workflow", timeout=900000,
               out="✓ v0.4.1 release · 11593022871\nTriggered via push about 2 minutes ago\n\nJOBS\n"
                   "✓ debs (x86_64-linux-musl, amd64) in 1m47s (ID 32418802210)\n"
                   "✓ debs (aarch64-linux-musl, arm64) in 2m01s (ID 32418802355)\n"
                   "✓ debs (arm-linux-musleabihf, armhf) in 2m09s (ID 32418802490)")
        t.done("v0.4.1: changelog, version bumped in build.zig.zon and build.zig, commit `release: 0.4.1`, tag "
               "pushed (the first `gh release create --verify-tag` refused because the tag was still local), draft "
               "release created and the workflow attached amd64/arm64/armhf debs.")

    # ================= S7 (SessionEnd other) =================
    with d.session("2026-10-23T14:40:00", R, branch="main", version="2.1.216", end_reason="other"):
        t = d.task("sales asked if shipd runs on mac. try a macos build with the journal input on, just to see "
                   "what breaks", tags=["unfixed:U2"])
        t.fail("zig build -Dtarget=aarch64-macos -Djournal=true", "Try a macOS build with journal input",
               "install\n└─ install shipd\n   └─ zig build-exe shipd Debug aarch64-macos 1 errors\n"
               "error: unable to find dynamic system library 'systemd' using strategy 'paths_first'. searched paths: none\n"
               + build_tail(d, 4, 7, "install transitive failure\n└─ install shipd transitive failure\n"
                                      "   └─ zig build-exe shipd Debug aarch64-macos 1 errors"))
        t.bash("zig build -Dtarget=aarch64-macos 2>&1 | tail -n 12", "Same without the journal input",
               out="src/input/tail.zig:12:38: error: root struct of file 'os.linux' has no member named 'IN'\n"
                   "    const fd = try std.posix.inotify_init1(std.os.linux.IN.CLOEXEC);\n"
                   "                                           ~~~~~~~~~~~~^~~\n"
                   "Build Summary: 4/7 steps succeeded; 1 failed (disable with --summary none)")
        t.done("Two walls on macOS:\n\n1. `-Djournal=true` needs libsystemd, which doesn't exist there "
               "(`unable to find dynamic system library 'systemd'`). The journal input is Linux-only by "
               "nature.\n2. Even without it, `input/tail.zig` is built on inotify; macOS would need a kqueue "
               "(`EVFILT_VNODE`) backend.\n\nSo: not a build flag away. A mac port means a second file watcher "
               "backend and leaving journal off — maybe 2-3 days. I'd answer sales \"not today\" unless there's "
               "a customer behind it.")

        t = d.task("bump build.zig.zon version to 0.5.0-dev so nightly builds dont claim 0.4.1", tags=["noise"])
        t.read(ZON)
        t.edit(ZON, '    .version = "0.4.1",', '    .version = "0.5.0-dev",')
        t.read(BZ, offset=9, limit=4)
        t.edit(BZ, 'opts.addOption([]const u8, "version", "0.4.1");', 'opts.addOption([]const u8, "version", "0.5.0-dev");')
        t.done("Version is `0.5.0-dev` in build.zig.zon and in the `build_options.version` string in build.zig "
               "(that's what `shipctl version` and the startup log print).")

        t = d.task("how does config reload on SIGHUP work now? or does it not", tags=["noise"])
        t.grep("SIGHUP|sigaction|HUP", path=R + "/src", output_mode="content", n=True, content="")
        t.grep("reload", filenames=[], path=R + "/src")
        t.read(R + "/src/input/tail.zig")
        t.done("It doesn't: there's no signal handling anywhere in src/ (no `sigaction`, nothing on HUP), so "
               "SIGHUP just kills the process with the default action and systemd restarts it (Restart=on-failure "
               "counts a signal death as failure). Config is read once in `main`. A real reload would be a "
               "`std.posix.sigaction` handler setting an atomic flag that `tail.run`'s loop checks, then "
               "re-running `config.load` and diffing the input list.")

    # ================= S8 =================
    with d.session("2026-10-27T10:02:00", R, branch="main", version="2.1.217"):
        BEN = R + "/bench/compress_bench.zig"
        t = d.task("I want numbers for gzip level 1 vs 6 on real logs: tiny bench exe (zig build bench) that "
                   "compresses testdata/plc-sample.log in 500-line batches and prints MB/s + ratio. ReleaseFast "
                   "for the bench is fine", tags=["mistake:M1", "long_output"])
        t.read(BZ)
        t.write(BEN, """const std = @import("std");
const compress = @import("compress");

pub fn main() !void {
    var gpa = std.heap.GeneralPurposeAllocator(.{}){};
    defer _ = gpa.deinit();
    const a = gpa.allocator();
    const data = try std.fs.cwd().readFileAlloc(a, "testdata/plc-sample.log", 256 << 20);
    defer a.free(data);
    const out = std.io.getStdOut().writer();
    try out.print("input {d} bytes\\n", .{data.len});
    inline for (.{ 1, 6 }) |level| {
        var it = std.mem.splitScalar(u8, data, '\\n');
        var in_bytes: usize = 0;
        var out_bytes: usize = 0;
        var batches: usize = 0;
        var timer = try std.time.Timer.start();
        var batch = std.ArrayList(u8).init(a);
        defer batch.deinit();
        var lines: usize = 0;
        while (it.next()) |line| {
            try batch.appendSlice(line);
            try batch.append('\\n');
            lines += 1;
            if (lines == 500) {
                const z = try compress.gzipLevel(a, batch.items, level);
                in_bytes += batch.items.len;
                out_bytes += z.len;
                a.free(z);
                batch.clearRetainingCapacity();
                lines = 0;
                batches += 1;
            }
        }
        const ns = timer.read();
        const mbs = @as(f64, @floatFromInt(in_bytes)) / (@as(f64, @floatFromInt(ns)) / 1e9) / 1e6;
        try out.print("level {d}: {d} batches  {d:.1} MB/s  ratio {d:.2}\\n", .{ level, batches, mbs,
            @as(f64, @floatFromInt(in_bytes)) / @as(f64, @floatFromInt(out_bytes)) });
    }
}
""")
        t.read(CMP)
        t.edit(CMP, """pub fn gzip(alloc: std.mem.Allocator, input: []const u8) Error![]u8 {
    var zs: c.z_stream = std.mem.zeroes(c.z_stream);
    if (c.deflateInit2(&zs, 6, c.Z_DEFLATED""", """pub fn gzip(alloc: std.mem.Allocator, input: []const u8) Error![]u8 {
    return gzipLevel(alloc, input, 6);
}

pub fn gzipLevel(alloc: std.mem.Allocator, input: []const u8, level: c_int) Error![]u8 {
    var zs: c.z_stream = std.mem.zeroes(c.z_stream);
    if (c.deflateInit2(&zs, level, c.Z_DEFLATED""")
        t.edit(BZ, """    const test_step = b.step("test", "Run unit tests");""", """    const bench = b.addExecutable(.{
        .name = "bench",
        .root_source_file = b.path("bench/compress_bench.zig"),
        .target = target,
        .optimize = optimize,
    });
    bench.root_module.addImport("compress", b.createModule(.{ .root_source_file = b.path("src/compress.zig") }));
    bench.linkLibrary(zlib_dep.artifact("z"));
    const run_bench = b.addRunArtifact(bench);
    run_bench.setCwd(b.path("."));
    b.step("bench", "Compression benchmark").dependOn(&run_bench.step);

    const test_step = b.step("test", "Run unit tests");""")
        t.fail("zig build bench -Doptimize=ReleaseFast", "Run the compression benchmark",
               cimport_fail(d, "bench", "bench", "src/compress.zig", 3,
                            [("gzipLevel", "src/compress.zig:16:5"), ("main", "bench/compress_bench.zig:26:52")],
                            ["run bench"], mode="ReleaseFast"))
        t.say("The new `bench` artifact pulls in compress.zig's `@cImport` but, like shipd and the test step "
              "before it, doesn't link libc. Adding `bench.linkLibC()`.")
        t.edit(BZ, """    bench.linkLibrary(zlib_dep.artifact("z"));
""", """    bench.linkLibrary(zlib_dep.artifact("z"));
    bench.linkLibC();
""")
        t.bash("zig build bench -Doptimize=ReleaseFast", "Run the compression benchmark",
               out="input 214736512 bytes\nlevel 1: 2861 batches  148.3 MB/s  ratio 6.94\n"
                   "level 6: 2861 batches  41.7 MB/s  ratio 8.31")
        t.done("On the 215 MB PLC sample (2861 batches of 500 lines):\n\n| level | MB/s | ratio |\n|---|---|---|\n"
               "| 1 | 148.3 | 6.94 |\n| 6 | 41.7 | 8.31 |\n\nLevel 6 costs 3.5× the CPU for ~20% smaller "
               "batches. On the Pi-class pilot boxes (roughly 1/4 of this laptop) level 6 tops out near 10 MB/s "
               "of logs per core, plenty for them; level 1 makes sense only if CPU becomes the issue. The bench "
               "needed `bench.linkLibC()` in build.zig (same `C import failed` as before).")

        t = d.task("commit the bench. btw forget the component prefix thing for commit messages, team agreed "
                   "on conventional commits now (feat:, fix:, chore:...)", tags=["reversal:P3"])
        t.bash("git add bench/compress_bench.zig build.zig src/compress.zig && "
               "git commit -m 'feat(bench): gzip level 1 vs 6 compression benchmark'",
               "Commit the benchmark",
               out="[main 81f4c2a] feat(bench): gzip level 1 vs 6 compression benchmark\n"
                   " 3 files changed, 62 insertions(+), 2 deletions(-)\n create mode 100644 bench/compress_bench.zig")
        t.done("Committed as `feat(bench): gzip level 1 vs 6 compression benchmark`. Conventional commits from "
               "here on.")

        t = d.task("0.5.0-rc.1 arm64 + armhf debs for the pilots, usual build/package/inspect routine",
                   tags=["workflow:W2"])
        t.bash("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe -Dstrip=true -p zig-out-arm64",
               "Build aarch64")
        t.bash("zig build -Dtarget=arm-linux-musleabihf -Doptimize=ReleaseSafe -Dstrip=true -p zig-out-armhf",
               "Build armhf")
        t.read(NFPM)
        t.edit(NFPM, """  - src: ./zig-out/bin/shipd
    dst: /usr/bin/shipd
  - src: ./zig-out/bin/shipctl""", """  - src: ./${OUT:-zig-out}/bin/shipd
    dst: /usr/bin/shipd
  - src: ./${OUT:-zig-out}/bin/shipctl""")
        t.bash("for a in arm64 armhf; do OUT=zig-out-$a ARCH=$a VERSION=0.5.0~rc.1 nfpm package --packager deb "
               "--config packaging/nfpm.yaml --target dist/; done", "Package both architectures",
               out="using deb packager...\ncreated package: dist/shipd_0.5.0~rc.1_arm64.deb\n"
                   "using deb packager...\ncreated package: dist/shipd_0.5.0~rc.1_armhf.deb")
        t.bash("for f in dist/shipd_0.5.0~rc.1_*.deb; do dpkg-deb -f $f Package Version Architecture; "
               "dpkg-deb -c $f | grep usr/bin/; done", "Inspect both packages",
               out="Package: shipd\nVersion: 0.5.0~rc.1\nArchitecture: arm64\n"
                   "-rwxr-xr-x 0/0         1734880 2026-10-27 10:48 ./usr/bin/shipd\n"
                   "-rwxr-xr-x 0/0          640512 2026-10-27 10:48 ./usr/bin/shipctl\n"
                   "Package: shipd\nVersion: 0.5.0~rc.1\nArchitecture: armhf\n"
                   "-rwxr-xr-x 0/0         1422096 2026-10-27 10:48 ./usr/bin/shipd\n"
                   "-rwxr-xr-x 0/0          517388 2026-10-27 10:48 ./usr/bin/shipctl")
        t.done("`dist/shipd_0.5.0~rc.1_arm64.deb` and `_armhf.deb`, stripped ReleaseSafe. Built into separate "
               "prefixes (`-p zig-out-arm64` / `zig-out-armhf`) so one doesn't overwrite the other; nfpm.yaml now "
               "takes `OUT` (defaults to `zig-out`, so CI is unchanged).")

    # ================= S9 =================
    with d.session("2026-11-02T09:20:00", R, branch="main", version="2.1.218"):
        t = d.task("before we tag rc.1: whole test suite on aarch64, ReleaseSafe, with the summary",
                   tags=["mistake:M2"])
        t.fail("zig build test -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe --summary all",
               "Run the full suite for aarch64 ReleaseSafe",
               foreign_fail(d, "test", "aarch64-linux-musl", 5, 7, mode="ReleaseSafe"))
        t.say("Foreign target again, the test binary can't be spawned directly. Adding `-fqemu`.")
        t.bash("zig build test -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe --summary all -fqemu",
               "Run the full suite for aarch64 ReleaseSafe under qemu-user",
               err="Build Summary: 5/5 steps succeeded; 6/6 tests passed\ntest success\n"
                   "└─ run test 6 passed 523ms MaxRSS:10M\n"
                   "   └─ zig test ReleaseSafe aarch64-linux-musl success 41s MaxRSS:512M\n      └─ options cached")
        t.done("6/6 on aarch64-linux-musl, ReleaseSafe (run through qemu-aarch64 with `-fqemu`). Good to tag.")

        t = d.task("tag and release 0.5.0-rc.1 as a prerelease, same drill. changelog entry too",
                   tags=["mistake:M3", "workflow:W3"])
        t.read(CHL)
        t.edit(CHL, "# Changelog\n", """# Changelog

## 0.5.0-rc.1 - 2026-11-02
- feat(journal): sd-journal input behind `-Djournal` (gnu builds only)
- feat(ratelimit): per-input token bucket
- feat(shipctl): `check-config --dry-run`
- chore(packaging): armhf packages built into their own prefix
""")
        t.read(ZON)
        t.edit(ZON, '    .version = "0.5.0-dev",', '    .version = "0.5.0-rc.1",')
        t.read(BZ)
        t.edit(BZ, 'opts.addOption([]const u8, "version", "0.5.0-dev");', 'opts.addOption([]const u8, "version", "0.5.0-rc.1");')
        t.bash("git commit -am 'chore(release): 0.5.0-rc.1' && git tag -a v0.5.0-rc.1 -m 'shipd 0.5.0-rc.1'",
               "Commit and tag rc.1", out="[main a4e7d21] chore(release): 0.5.0-rc.1\n 3 files changed, 8 insertions(+), 2 deletions(-)")
        t.fail("gh release create v0.5.0-rc.1 --verify-tag --prerelease --draft --title 'shipd 0.5.0-rc.1' --generate-notes",
               "Create the draft prerelease",
               f"tag v0.5.0-rc.1 doesn't exist in the repo {REPO}, aborting due to --verify-tag flag")
        t.say("Same as the last two releases: the tag is only local. Pushing it, then creating the release again.")
        t.bash("git push origin main && git push origin v0.5.0-rc.1", "Push main and the tag",
               err=f"To github.com:{REPO}.git\n   81f4c2a..a4e7d21  main -> main\n"
                   f"To github.com:{REPO}.git\n * [new tag]         v0.5.0-rc.1 -> v0.5.0-rc.1")
        t.bash("gh release create v0.5.0-rc.1 --verify-tag --prerelease --draft --title 'shipd 0.5.0-rc.1' --generate-notes",
               "Create the draft prerelease", out=f"https://github.com/{REPO}/releases/tag/untagged-0c4f7a1e9d2b83e56f70")
        t.bash("gh run watch $(gh run list --workflow release.yml --limit 1 --json databaseId --jq '.[0].databaseId') --exit-status",
               "Wait for the release workflow", timeout=900000,
               out="✓ v0.5.0-rc.1 release · 11790455102\nTriggered via push about 2 minutes ago\n\nJOBS\n"
                   "✓ debs (x86_64-linux-musl, amd64) in 1m55s (ID 32977120431)\n"
                   "✓ debs (aarch64-linux-musl, arm64) in 2m06s (ID 32977120580)\n"
                   "✓ debs (arm-linux-musleabihf, armhf) in 2m12s (ID 32977120716)")
        t.done("v0.5.0-rc.1 is out as a draft prerelease with amd64/arm64/armhf debs: changelog entry, version "
               "bump, commit `chore(release): 0.5.0-rc.1`, tag pushed before `gh release create --verify-tag` "
               "(which had refused while the tag was local).")

        t = d.task("write me a short slack msg for the two pilot customers that rc.1 is out, whats new for them, "
                   "and that we'd like logs back by nov 13", tags=["no_tools"])
        t.done("Hi! shipd 0.5.0-rc.1 is ready for your pilot boxes (arm64/armhf .deb, same install as before). "
               "New for you: quiet inputs now flush within 2 s, per-input rate limiting so one noisy log can't "
               "crowd out the rest, and smaller stripped binaries. Could you run it and send us any issues or "
               "logs by Nov 13? Thanks!")

    # ================= S10 =================
    with d.session("2026-11-05T11:10:00", R, branch="main", version="2.1.219"):
        t = d.task("CI on main green? and what did the last few runs take", tags=["noise"])
        t.bash("gh run list --branch main --limit 6", "Recent CI runs on main",
               out="STATUS  TITLE                                                WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
                   "✓       chore(release): 0.5.0-rc.1                           ci        main    push   11790454877  3m41s    about 3 days ago\n"
                   "✓       feat(bench): gzip level 1 vs 6 compression benchmark ci        main    push   11712003365  3m38s    about 9 days ago\n"
                   "✓       release: 0.4.1                                       ci        main    push   11593022650  3m12s    about 16 days ago\n"
                   "✓       tail: batch flush on idle timeout (2 s)              ci        main    push   11561877014  3m09s    about 19 days ago\n"
                   "✓       build: -Dstrip option for release packages           ci        main    push   11540120933  3m15s    about 20 days ago\n"
                   "✓       docs: configuration section                          ci        main    push   11498812207  2m58s    about 23 days ago")
        t.done("All green. The last 6 runs on main took 2m58s–3m41s; the two most recent are ~30 s slower, "
               "likely the extra bench artifact and the armhf test job.")

        t = d.task("check the hardening of the unit on the test vm (shipd-test.lan), full systemd-analyze "
                   "security output", tags=["long_output", "noise"])
        t.bash("ssh nordlog@shipd-test.lan 'systemd-analyze security shipd.service --no-pager'",
               "Run systemd-analyze security on the test VM",
               out="""  NAME                                                        DESCRIPTION                                                             EXPOSURE
✗ PrivateNetwork=                                             Service has access to the host's network                                               0.5
✓ User=/DynamicUser=                                          Service runs under a static non-root user identity
✓ CapabilityBoundingSet=~CAP_SET(UID|GID|PCAP)                Service cannot change UID/GID identities/capabilities                                  0.3
✗ CapabilityBoundingSet=~CAP_SYS_ADMIN                        Service has administrator privileges                                                   0.3
✓ NoNewPrivileges=                                            Service processes cannot acquire new privileges
✓ ProtectSystem=                                              Service has strict read-only access to the OS file hierarchy
✓ ProtectHome=                                                Service has no access to home directories
✓ PrivateTmp=                                                 Service has no access to other software's temporary files
✗ PrivateDevices=                                             Service potentially has access to hardware devices                                     0.2
✗ ProtectKernelTunables=                                      Service may alter kernel tunables                                                      0.2
✗ ProtectKernelModules=                                       Service may load or read kernel modules                                                0.2
✗ ProtectKernelLogs=                                          Service may read from or write to the kernel log ring buffer                           0.2
✗ ProtectControlGroups=                                       Service may modify the control group file system                                       0.2
✗ ProtectClock=                                               Service may write to the hardware clock or system clock                                0.2
✗ RestrictAddressFamilies=~AF_PACKET                          Service may allocate packet sockets                                                    0.2
✗ RestrictNamespaces=~user                                    Service may create user namespaces                                                     0.3
✗ SystemCallArchitectures=                                    Service may execute system calls with all ABIs                                         0.2
✗ SystemCallFilter=~@privileged                               Service does not filter system calls                                                   0.2
✗ MemoryDenyWriteExecute=                                     Service may create writable executable memory mappings                                 0.1
✗ LockPersonality=                                            Service may change ABI personality                                                     0.1
✗ RestrictRealtime=                                           Service may acquire realtime scheduling                                                0.1
✗ RestrictSUIDSGID=                                           SUID/SGID file creation by service is not restricted                                   0.2
✗ UMask=                                                      Files created by service are world-readable by default                                 0.1

→ Overall exposure level for shipd.service: 5.8 MEDIUM 😐""")
        t.done("Exposure 5.8 MEDIUM. Already good: NoNewPrivileges, ProtectSystem=strict, ProtectHome, PrivateTmp, "
               "non-root user. Cheap wins that shouldn't affect shipd: `PrivateDevices`, `ProtectKernelTunables`, "
               "`ProtectKernelModules`, `ProtectKernelLogs`, `ProtectControlGroups`, `ProtectClock`, "
               "`RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6`, `RestrictNamespaces=yes`, "
               "`SystemCallArchitectures=native`, `SystemCallFilter=@system-service`, `MemoryDenyWriteExecute`, "
               "`LockPersonality`, `RestrictRealtime`, `RestrictSUIDSGID`, `UMask=0077`; that should land around "
               "2. `PrivateNetwork` stays off, shipd needs the network. The journal build needs read access to /var/log/journal, which these don't block.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A compile step that @cImports a C header (zlib.h via src/compress.zig, "
                            "systemd/sd-journal.h) doesn't link libc: the shipd exe (T02), the unit-test artifact "
                            "with -Djournal=true (T13), the new bench exe (T26). Linking the zlib artifact does "
                            "not enable libc for the importing step.",
             "error_signature": "Zig 0.13 `zig build` / `zig build test` / `zig build bench`: `<file>.zig:3:11: "
                                "error: C import failed` / `note: libc headers not available; compilation does "
                                "not link against libc`, `referenced by:` …, `Build Summary: … 1 failed`",
             "fix": "Edit build.zig: add `<artifact>.linkLibC();` to the compile step that does the @cImport, "
                    "then run the same zig build command again.",
             "fix_command_markers": [["linkLibC"]],
             "harmful_markers": ["addSystemIncludePath", "/usr/include", "zig translate-c"]},
            {"id": "M2",
             "description": "Running the unit tests for a foreign -Dtarget (aarch64-linux-musl T05 and T29, "
                            "arm-linux-musleabihf T18) without telling the build runner how to execute foreign "
                            "binaries; qemu-user is installed.",
             "error_signature": "`zig build test -Dtarget=<foreign>`: `error: unable to spawn foreign binary "
                                "'…/.zig-cache/o/…/test' (<target>) on host system (x86_64-linux…gnu.2.39)` / "
                                "`consider using -fqemu or enabling skip_foreign_checks in the Run step`",
             "fix": "Run the same `zig build test …` again with `-fqemu`.",
             "fix_command_markers": [["-fqemu"]],
             "harmful_markers": ["skip_foreign_checks", "-Dtarget=native", "MakeSkipped"]},
            {"id": "M3",
             "description": "Release: the annotated tag is created locally and `gh release create <tag> "
                            "--verify-tag` runs before the tag is pushed (v0.4.0 T08, v0.4.1 T22, v0.5.0-rc.1 T30).",
             "error_signature": "gh: `tag v<x> doesn't exist in the repo nordlog/shipper, aborting due to "
                                "--verify-tag flag`",
             "fix": "`git push origin main && git push origin v<x>` (which also triggers release.yml), then the "
                    "same `gh release create` again.",
             "fix_command_markers": [["git push origin v0."]],
             "harmful_markers": ["git tag -d", "gh release delete", "--force", "--cleanup-tag"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`zig build test --summary all` → `'ringbuf.test.wraps around when full' "
                                        "failed: expected 3, found 2` after the user's off-by-one full check in "
                                        "`push`; fixed in ringbuf.zig, same command passes."},
            {"id": "O2", "description": "`zig build` → `src/ctl/main.zig:27:13: error: local variable is never "
                                        "mutated` / `note: consider using 'const'`; rewritten as consts, same "
                                        "command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`scp … nordlog@pilot-01.tartu-vesi.ee:/tmp/` → `ssh: connect to host "
                                        "pilot-01.tartu-vesi.ee port 22: Connection timed out` (customer firewall "
                                        "window closed); left for the customer's IT."},
            {"id": "U2", "description": "`zig build -Dtarget=aarch64-macos -Djournal=true` → `unable to find "
                                        "dynamic system library 'systemd'` (and inotify without it); macOS is not a "
                                        "target, reported to sales as not a build-flag change."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`zig fetch --save https://github.com/Hejsil/zig-clap/archive/refs/tags/"
                                        "0.9.1.tar.gz` → `error: unable to connect to server: ConnectionTimedOut`; "
                                        "identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New module: src/<x>.zig with inline `test` blocks (scoped logger) → "
                                        "`zig build test --summary all` → `zig fmt --check src build.zig`.",
             "step_markers": [["zig build test"], ["zig fmt"]]},
            {"id": "W2", "description": "Pilot .deb: `zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe` "
                                        "(-Dstrip) → `ARCH=… VERSION=… nfpm package --packager deb --config "
                                        "packaging/nfpm.yaml --target dist/` → `dpkg-deb` inspect.",
             "step_markers": [["-Dtarget=aarch64-linux-musl"], ["nfpm package"], ["dpkg-deb"]]},
            {"id": "W3", "description": "Release: CHANGELOG entry + version bump → commit + `git tag -a vX` → push "
                                        "→ `gh release create vX --verify-tag --draft` → `gh run watch` the "
                                        "release.yml run that attaches the debs.",
             "step_markers": [["git tag -a"], ["gh release create"], ["gh run watch"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Daemon code logs through `std.log.scoped(...)` loggers, never "
                                        "`std.debug.print`.",
             "markers": [["scoped"]]},
            {"id": "P2", "description": "Public functions get explicit error sets, no `anyerror`.",
             "markers": [["anyerror"]]},
            {"id": "P3", "description": "Commit messages prefixed with the component (`release:`, `sink:`) (T08); "
                                        "later reversed to conventional commits (`feat:`, `fix:`, `chore:`) (T27).",
             "markers": [["prefix"]],
             "reversal_markers": [["conventional commits"]]},
        ],
        probes=[
            {"prompt": "added a crc32c fast path that @cImports the isa-l header and now zig build dies with "
                       "src/checksum.zig:5:11: error: C import failed ... note: libc headers not available; "
                       "compilation does not link against libc. isa-l is linked in build.zig so wtf",
             "wanted": ["M1"]},
            {"prompt": "add an lz4 option next to gzip for the sink, use liblz4 through @cImport, and a small "
                       "exe `zig build lz4-bench` to compare with the gzip bench",
             "wanted": ["M1"]},
            {"prompt": "zig build test -Dtarget=riscv64-linux-musl gives me error: unable to spawn foreign binary "
                       "'/home/kadri/src/shipper/.zig-cache/o/77d1.../test' (riscv64-linux-musl) on host system "
                       "(x86_64-linux.6.8...6.8-gnu.2.39) consider using -fqemu or enabling skip_foreign_checks "
                       "in the Run step. should I just turn the checks off?",
             "wanted": ["M2"]},
            {"prompt": "the new customer has mips boxes (mipsel-linux-musl). make sure the whole test suite passes "
                       "for that target before I promise anything",
             "wanted": ["M2"]},
            {"prompt": "gh release create v0.5.0 --verify-tag says: tag v0.5.0 doesn't exist in the repo "
                       "nordlog/shipper, aborting due to --verify-tag flag. but git tag -l shows it right there??",
             "wanted": ["M3"]},
            {"prompt": "ship 0.5.0 final: changelog, bump, tag, draft release, wait for the debs",
             "wanted": ["M3"]},
            {"prompt": "is std.heap.c_allocator faster than the GPA for the ring buffer copies? we link libc "
                       "anyway now",
             "wanted": []},
            {"prompt": "add WatchdogSec=30 and Type=notify to the unit and send WATCHDOG=1 from the tail loop",
             "wanted": []},
            {"prompt": "explain comptime vs inline for in two sentences, a colleague asked",
             "wanted": []},
            {"prompt": "rename batch_lines to max_batch_lines in config + README, keep the old name working",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zig-cli.jsonl"), os.path.join(HERE, "tune", "zig-cli.labels.json"))
    print(f"zig-cli -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
