"""bazel-mono: Olu Adeyemi, build/infra engineer in a Bazel 8 monorepo.

Stack: Bazel 8 with bzlmod (MODULE.bazel + MODULE.bazel.lock), Go services with rules_go and Gazelle
(go_deps from go.mod), Java libraries with rules_java + rules_jvm_external (maven.install with a
maven_install.json lock file), protobuf/gRPC (proto_library + go_proto_library), BuildBuddy for BES,
remote cache and remote execution (--config=remote), buildifier, bazel query/cquery, container images
with rules_oci (oci_image / oci_load / oci_push on a distroless base), GitHub + gh.

Written blind for fresh/; measured once held out (round 10), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "olu"
R = "/home/olu/src/monorepo"
MODEL = "claude-opus-4-6"
GOMOD = "github.com/lanternhq/monorepo"
BB = "https://lanternhq.buildbuddy.io/invocation/"
OB = "/home/olu/.cache/bazel/_bazel_olu/5b8e1c7f0a3d4e26b91f2c4d8a7e6f13"
EXEC = OB + "/execroot/_main"
GHCR = "ghcr.io/lanternhq"
GAR = "europe-west1-docker.pkg.dev/lantern-prod/images"

# own RNG for hashes / invocation ids / timings so the Dev RNG stays untouched
HX = random.Random(20261012)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def inv():
    return str(uuid.UUID(int=HX.getrandbits(128), version=4))


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- bazel output helpers
def _head(iid):
    return [f"INFO: Invocation ID: {iid}", f"INFO: Streaming build results to: {BB}{iid}"]


def bz_ok(n, secs, crit, procs, actions, loaded=0, conf=0, target=None, outputs=None, tests=0, pre=None):
    """stderr of a successful bazel build/test/run (non-TTY, BES + remote cache from .bazelrc)."""
    iid = inv()
    L = _head(iid)
    if pre:
        L += pre
    if target:
        L.append(f"INFO: Analyzed target {target} ({loaded} packages loaded, {conf} targets configured).")
        L.append("INFO: Found 1 target...")
        L.append(f"Target {target} up-to-date:")
        for o in outputs or []:
            L.append(f"  {o}")
    else:
        L.append(f"INFO: Analyzed {n} targets ({loaded} packages loaded, {conf} targets configured).")
        if tests:
            L.append(f"INFO: Found {n - tests} targets and {tests} test target{'s' if tests != 1 else ''}...")
        else:
            L.append(f"INFO: Found {n} targets...")
    L.append(f"INFO: Elapsed time: {secs}s, Critical Path: {crit}s")
    L.append(f"INFO: {procs}.")
    L.append(f"INFO: Build completed successfully, {actions} total action{'s' if actions != 1 else ''}")
    L.append(f"INFO: Streaming build results to: {BB}{iid}")
    return "\n".join(L)


def bz_run_ok(target, binpath, argv, secs="0.612", crit="0.04", loaded=0, conf=0, procs="1 process: 1 internal",
              actions=1):
    s = bz_ok(1, secs, crit, procs, actions, loaded=loaded, conf=conf, target=target, outputs=[binpath])
    return s + f"\nINFO: Running command line: {binpath}{(' ' + argv) if argv else ''}"


def test_lines(rows):
    """rows: (label, status, secs, cached)"""
    out = []
    for label, status, secs, cached in rows:
        left = label
        right = f"{'(cached) ' if cached else ''}{status} in {secs}s"
        pad = max(1, 80 - len(left) - len(right))
        out.append(left + " " * pad + right)
    return out


def test_summary(rows):
    n = len(rows)
    executed = sum(1 for r in rows if not r[3])
    L = test_lines(rows)
    L.append("")
    L.append(f"Executed {executed} out of {n} test{'s' if n != 1 else ''}: {n} test{'s pass' if n != 1 else ' passes'}.")
    return "\n".join(L)


def gazelle_ok(secs="1.284"):
    return bz_run_ok("//:gazelle", "bazel-bin/gazelle-runner.bash", "", secs=secs, crit="0.09",
                     procs="2 processes: 2 internal", actions=2).replace(
        "  bazel-bin/gazelle-runner.bash", "  bazel-bin/gazelle-runner.bash\n  bazel-bin/gazelle")


def repin_fail(expected, got, consumer_build, line, consumer, dep, secs, top=None, test=False):
    iid = inv()
    L = _head(iid)
    msg = ("maven_install.json contains an invalid input signature (expected %s and got %s) and must be regenerated. "
           "This typically happens when the maven_install artifacts have been changed but not repinned. "
           "PLEASE DO NOT MODIFY THIS FILE DIRECTLY! To generate a new maven_install.json and re-pin the artifacts, "
           "either run:\n REPIN=1 bazel run @maven//:pin\n or:\n 1) Set 'fail_if_repin_required' to False in "
           "maven_install\n 2) Run 'RULES_JVM_EXTERNAL_REPIN=1 bazel run @maven//:pin'\n 3) Reset "
           "'fail_if_repin_required' to True in maven_install" % (expected, got))
    L += [
        "INFO: Repository rules_jvm_external++maven+maven instantiated at:",
        "  <builtin>: in <toplevel>",
        "Repository rule pinned_coursier_fetch defined at:",
        f"  {OB}/external/rules_jvm_external+/private/rules/coursier.bzl:1415:40: in <toplevel>",
        f"ERROR: {OB}/external/rules_jvm_external+/private/rules/coursier.bzl:531:21: An error occurred during the fetch of repository 'rules_jvm_external++maven+maven':",
        "   Traceback (most recent call last):",
        f"\tFile \"{OB}/external/rules_jvm_external+/private/rules/coursier.bzl\", line 531, column 21, in _pinned_coursier_fetch_impl",
        "\t\tfail(\"%s_install.json contains an invalid input signature (expected %s and got %s) and must be regenerated. \" % (",
        "Error in fail: " + msg,
        f"ERROR: {R}/{consumer_build}:{line}: {consumer} depends on @@rules_jvm_external++maven+maven//:{dep} in "
        f"repository @@rules_jvm_external++maven+maven which failed to fetch. no such package "
        f"'@@rules_jvm_external++maven+maven//': " + msg.split("\n")[0],
        f"ERROR: Analysis of target '{top or consumer}' failed; build aborted: Analysis failed",
        f"INFO: Elapsed time: {secs}s, Critical Path: 0.01s",
        "INFO: 1 process: 1 internal.",
        "ERROR: Couldn't start the build. Unable to run tests" if test else "ERROR: Build did NOT complete successfully",
        f"INFO: Streaming build results to: {BB}{iid}",
    ]
    return "\n".join(L)


def pin_ok(secs, n_art):
    s = bz_run_ok("@@rules_jvm_external++maven+maven//:pin", "bazel-bin/external/rules_jvm_external++maven+maven/pin.sh",
                  "", secs=secs, crit="0.06", loaded=2, conf=3)
    return s, (f"Successfully pinned resolved artifacts for @maven, {R}/maven_install.json is now up-to-date.\n"
               f"({n_art} artifacts resolved)")


def visibility_fail(rule, consumer, build, line, dep, secs, top=None, source_file=False):
    iid = inv()
    L = _head(iid)
    rec = ("Recommendation: modify the visibility declaration if you think the dependency is legitimate. "
           "For more info see https://bazel.build/concepts/visibility")
    L += [
        f"ERROR: {R}/{build}:{line}: in {rule} rule {consumer}: Visibility error:",
        f"target '{dep}' is not visible from",
        f"target '{consumer}'",
        rec,
        f"ERROR: {R}/{build}:{line}: Analysis of target '{consumer}' (config: {hx(7)}) failed",
        f"ERROR: Analysis of target '{top or consumer}' failed; build aborted",
        f"INFO: Elapsed time: {secs}s, Critical Path: 0.02s",
        "INFO: 1 process: 1 internal.",
        "ERROR: Build did NOT complete successfully",
        f"INFO: Streaming build results to: {BB}{iid}",
    ]
    return "\n".join(L)


def push_out(repo, tags, new_blobs, old_blobs, when):
    L = []
    h, m, s = when
    for _ in range(old_blobs):
        L.append(f"2026/{h} existing blob: sha256:{hx(64)}")
    for _ in range(new_blobs):
        L.append(f"2026/{h} pushed blob: sha256:{hx(64)}")
    dg = hx(64)
    L.append(f"2026/{m} {repo}@sha256:{dg}: digest: sha256:{dg} size: {HX.randint(900, 1400)}")
    for t in tags:
        L.append(f"2026/{s} {repo}:{t}: digest: sha256:{dg} size: {HX.randint(400, 520)}")
    return "\n".join(L), dg


MODULE = '''module(
    name = "lanternhq_monorepo",
    version = "0.0.0",
)

bazel_dep(name = "bazel_skylib", version = "1.8.2")
bazel_dep(name = "platforms", version = "1.0.0")
bazel_dep(name = "aspect_bazel_lib", version = "2.21.2")
bazel_dep(name = "rules_go", version = "0.57.0")
bazel_dep(name = "gazelle", version = "0.45.0")
bazel_dep(name = "protobuf", version = "32.1")
bazel_dep(name = "rules_proto", version = "7.1.0")
bazel_dep(name = "rules_java", version = "8.15.2")
bazel_dep(name = "rules_jvm_external", version = "6.8")
bazel_dep(name = "rules_oci", version = "2.2.6")
bazel_dep(name = "rules_pkg", version = "1.1.0")
bazel_dep(name = "buildifier_prebuilt", version = "8.2.0.2", dev_dependency = True)

# ---- Go ---------------------------------------------------------------------
go_sdk = use_extension("@rules_go//go:extensions.bzl", "go_sdk")
go_sdk.download(version = "1.25.2")

go_deps = use_extension("@gazelle//:extensions.bzl", "go_deps")
go_deps.from_file(go_mod = "//:go.mod")
use_repo(
    go_deps,
    "com_github_cenkalti_backoff_v4",
    "com_github_google_go_cmp",
    "com_github_jackc_pgx_v5",
    "in_gopkg_yaml_v3",
    "org_golang_google_grpc",
    "org_golang_google_protobuf",
)

# ---- Java -------------------------------------------------------------------
maven = use_extension("@rules_jvm_external//:extensions.bzl", "maven")
maven.install(
    artifacts = [
        "com.google.guava:guava:33.5.0-jre",
        "com.google.truth:truth:1.4.4",
        "io.grpc:grpc-api:1.76.0",
        "junit:junit:4.13.2",
        "org.postgresql:postgresql:42.7.8",
        "org.slf4j:slf4j-api:2.0.17",
    ],
    fail_if_repin_required = True,
    lock_file = "//:maven_install.json",
    repositories = [
        "https://repo1.maven.org/maven2",
    ],
)
use_repo(maven, "maven")

# ---- Images -------------------------------------------------------------------
oci = use_extension("@rules_oci//oci:extensions.bzl", "oci")
oci.pull(
    name = "distroless_static",
    digest = "sha256:87bce11be0af225e4ca761c40babb06d6d559f5767fbf7dc3c47f0f1a466b92c",
    image = "gcr.io/distroless/static-debian12",
    platforms = [
        "linux/amd64",
        "linux/arm64/v8",
    ],
)
oci.pull(
    name = "distroless_java21",
    digest = "sha256:4f3c8a0a9e4d1e7c2b7a64f9f0c1e3d5a2b8c6d4e0f1a3b5c7d9e2f4a6b8c0d1",
    image = "gcr.io/distroless/java21-debian12",
    platforms = ["linux/amd64"],
)
use_repo(
    oci,
    "distroless_java21",
    "distroless_java21_linux_amd64",
    "distroless_static",
    "distroless_static_linux_amd64",
    "distroless_static_linux_arm64_v8",
)
'''

BAZELRC = '''# Shared flags. Personal overrides (BuildBuddy API key, --jobs) go in .bazelrc.user.
common --enable_bzlmod
common --lockfile_mode=update

build --incompatible_strict_action_env
build --workspace_status_command=tools/workspace_status.sh
build --stamp=false

# BuildBuddy: BES + remote cache for everyone
common --bes_results_url=https://lanternhq.buildbuddy.io/invocation/
common --bes_backend=grpcs://remote.buildbuddy.io
common --remote_cache=grpcs://remote.buildbuddy.io
common --remote_timeout=3600
common --remote_download_toplevel
common --noremote_upload_local_results

# Remote execution (opt in with --config=remote)
build:remote --remote_executor=grpcs://remote.buildbuddy.io
build:remote --remote_upload_local_results
build:remote --jobs=200
build:remote --extra_execution_platforms=//platforms:rbe_linux_amd64
build:remote --host_platform=//platforms:rbe_linux_amd64

build:ci --config=remote
build:ci --stamp

test --test_output=errors
test --test_env=TZ=UTC

try-import %workspace%/.bazelrc.user
'''

ROOT_BUILD = '''load("@gazelle//:def.bzl", "gazelle")

# gazelle:prefix github.com/lanternhq/monorepo
# gazelle:go_naming_convention import
# gazelle:proto package
# gazelle:exclude third_party
gazelle(name = "gazelle")

exports_files(["maven_install.json"])
'''

MONEY_GO = '''// Package money holds integer minor-unit amounts. No floats anywhere.
package money

import (
	"errors"
	"fmt"
)

// Amount is an amount of money in minor units (cents) of a currency.
type Amount struct {
	Minor    int64
	Currency string
}

var ErrCurrencyMismatch = errors.New("money: currency mismatch")

func New(minor int64, currency string) Amount { return Amount{Minor: minor, Currency: currency} }

func (a Amount) Add(b Amount) (Amount, error) {
	if a.Currency != b.Currency {
		return Amount{}, fmt.Errorf("%w: %s vs %s", ErrCurrencyMismatch, a.Currency, b.Currency)
	}
	return Amount{Minor: a.Minor + b.Minor, Currency: a.Currency}, nil
}

func (a Amount) Mul(n int64) Amount { return Amount{Minor: a.Minor * n, Currency: a.Currency} }

func (a Amount) String() string {
	sign := ""
	m := a.Minor
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, m/100, m%100, a.Currency)
}
'''

MONEY_BUILD = '''load("@rules_go//go:def.bzl", "go_library", "go_test")

go_library(
    name = "money",
    srcs = [
        "bps.go",
        "money.go",
    ],
    importpath = "github.com/lanternhq/monorepo/libs/go/money",
    visibility = [
        "//libs/go:__subpackages__",
        "//services/ledger:__subpackages__",
    ],
)

go_test(
    name = "money_test",
    srcs = [
        "bps_test.go",
        "money_test.go",
    ],
    embed = [":money"],
)
'''

INVOICE_GO = '''package invoice

import (
	"math"
	"time"
)

type Line struct {
	SKU        string
	Qty        int64
	UnitPrice  float64 // major units
	TaxRateBps int64
	Currency   string
}

type Invoice struct {
	ID         string
	CustomerID string
	IssuedAt   time.Time
	Lines      []Line
}

// LineTotal returns qty * unit price plus tax, rounded to cents.
func LineTotal(l Line) float64 {
	net := float64(l.Qty) * l.UnitPrice
	tax := net * float64(l.TaxRateBps) / 10000
	return math.Round((net+tax)*100) / 100
}

func (inv Invoice) Total() float64 {
	var t float64
	for _, l := range inv.Lines {
		t += LineTotal(l)
	}
	return t
}
'''

INVOICE_TEST = '''package invoice

import "testing"

func TestLineTotal(t *testing.T) {
	tests := []struct {
		name string
		line Line
		want float64
	}{
		{"no tax", Line{SKU: "seat", Qty: 3, UnitPrice: 12.50, Currency: "EUR"}, 37.50},
		{"19% tax", Line{SKU: "seat", Qty: 1, UnitPrice: 10.00, TaxRateBps: 1900, Currency: "EUR"}, 11.90},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LineTotal(tt.line); got != tt.want {
				t.Errorf("LineTotal() = %v, want %v", got, tt.want)
			}
		})
	}
}
'''

INVOICE_BUILD = '''load("@rules_go//go:def.bzl", "go_library", "go_test")

go_library(
    name = "invoice",
    srcs = ["invoice.go"],
    importpath = "github.com/lanternhq/monorepo/services/billing/internal/invoice",
    visibility = ["//services/billing:__subpackages__"],
)

go_test(
    name = "invoice_test",
    srcs = ["invoice_test.go"],
    embed = [":invoice"],
)
'''

TRANSFER_GO = '''package api

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/lanternhq/monorepo/services/ledger/internal/store"
)

type transferRequest struct {
	From        string `json:"from"`
	To          string `json:"to"`
	AmountMinor int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
}

func (s *Server) handleTransfer(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid json")
		return
	}
	if req.AmountMinor <= 0 {
		writeError(w, http.StatusBadRequest, "amount_minor must be positive")
		return
	}
	if req.From == req.To {
		writeError(w, http.StatusBadRequest, "from and to must differ")
		return
	}
	id, err := s.store.Transfer(r.Context(), store.Transfer{
		From: req.From, To: req.To, AmountMinor: req.AmountMinor, Currency: req.Currency, Reference: req.Reference,
	})
	if errors.Is(err, store.ErrInsufficientFunds) {
		writeError(w, http.StatusUnprocessableEntity, "insufficient funds")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"transfer_id": id})
}
'''

TRANSFER_TEST = '''package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHandleTransfer(t *testing.T) {
	srv := newTestServer(t)
	tests := []struct {
		name string
		body string
		want int
	}{
		{"ok", `{"from":"acc_1","to":"acc_2","amount_minor":500,"currency":"EUR"}`, http.StatusCreated},
		{"bad json", `{`, http.StatusBadRequest},
		{"zero amount", `{"from":"acc_1","to":"acc_2","amount_minor":0,"currency":"EUR"}`, http.StatusBadRequest},
		{"insufficient", `{"from":"acc_empty","to":"acc_2","amount_minor":500,"currency":"EUR"}`, http.StatusUnprocessableEntity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/v1/transfers", strings.NewReader(tt.body))
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Fatalf("status = %d, want %d (body %s)", rec.Code, tt.want, rec.Body)
			}
		})
	}
}
'''

ROUTER_GO = '''package api

import (
	"net/http"

	"github.com/lanternhq/monorepo/services/ledger/internal/store"
)

type Server struct {
	store store.Store
	mux   *http.ServeMux
}

func NewServer(st store.Store) *Server {
	s := &Server{store: st, mux: http.NewServeMux()}
	s.mux.HandleFunc("POST /v1/transfers", s.handleTransfer)
	s.mux.HandleFunc("GET /v1/accounts/{id}", s.handleGetAccount)
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }
'''

STORE_GO = '''package store

import (
	"context"
	"errors"
)

var (
	ErrNotFound          = errors.New("store: not found")
	ErrInsufficientFunds = errors.New("store: insufficient funds")
)

type Account struct {
	ID       string
	Name     string
	Currency string
}

type Transfer struct {
	From, To    string
	AmountMinor int64
	Currency    string
	Reference   string
}

type Store interface {
	GetAccount(ctx context.Context, id string) (Account, error)
	Balance(ctx context.Context, id string) (int64, error)
	Transfer(ctx context.Context, t Transfer) (string, error)
}
'''

LEDGER_BUILD = '''load("@rules_go//go:def.bzl", "go_binary")
load("@rules_oci//oci:defs.bzl", "oci_image", "oci_load", "oci_push")
load("@rules_pkg//pkg:tar.bzl", "pkg_tar")

go_binary(
    name = "ledger",
    embed = ["//services/ledger/cmd/ledger:ledger_lib"],
    pure = "on",
    visibility = ["//visibility:private"],
    x_defs = {"main.version": "{STABLE_LEDGER_VERSION}"},
)

pkg_tar(
    name = "ledger_layer",
    srcs = [":ledger"],
    package_dir = "/app",
)

oci_image(
    name = "image",
    base = "@distroless_static",
    entrypoint = ["/app/ledger"],
    tars = [":ledger_layer"],
    user = "65532:65532",
)

oci_load(
    name = "image_load",
    image = ":image",
    repo_tags = ["ghcr.io/lanternhq/ledger:dev"],
)

oci_push(
    name = "image_push",
    image = ":image",
    repository = "ghcr.io/lanternhq/ledger",
)

oci_push(
    name = "image_push_prod",
    image = ":image",
    repository = "europe-west1-docker.pkg.dev/lantern-prod/images/ledger",
)
'''

BILLING_BUILD = LEDGER_BUILD.replace("ledger", "billing").replace("LEDGER", "BILLING").replace(
    '''
oci_push(
    name = "image_push_prod",
    image = ":image",
    repository = "europe-west1-docker.pkg.dev/lantern-prod/images/billing",
)
''', "")

RL_BUILD = '''load("@rules_java//java:defs.bzl", "java_library", "java_test")

java_library(
    name = "ratelimit",
    srcs = glob(["src/main/java/**/*.java"]),
    visibility = [
        "//libs/java:__subpackages__",
        "//services:__subpackages__",
    ],
    deps = [
        "@maven//:com_google_guava_guava",
        "@maven//:org_slf4j_slf4j_api",
    ],
)

java_test(
    name = "ratelimit_test",
    srcs = glob(["src/test/java/**/*.java"]),
    test_class = "com.lanternhq.ratelimit.AllTests",
    deps = [
        ":ratelimit",
        "@maven//:com_google_truth_truth",
        "@maven//:junit_junit",
    ],
)
'''

RL_DIR = "libs/java/ratelimit/src/main/java/com/lanternhq/ratelimit"

REGISTRY_JAVA = '''package com.lanternhq.ratelimit;

import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Hands out one {@link TokenBucket} per key (merchant id, API key, ...). */
public final class TokenBucketRegistry {
    private final ConcurrentMap<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private final long capacity;
    private final double refillPerSecond;
    private final Clock clock;

    public TokenBucketRegistry(long capacity, double refillPerSecond, Clock clock) {
        this.capacity = capacity;
        this.refillPerSecond = refillPerSecond;
        this.clock = clock;
    }

    public TokenBucket forKey(String key) {
        return buckets.computeIfAbsent(key, k -> new TokenBucket(capacity, refillPerSecond, clock));
    }

    public int size() {
        return buckets.size();
    }
}
'''

SLIDING_JAVA = '''package com.lanternhq.ratelimit;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;

/** Counts events in a sliding time window. Not thread-safe; callers synchronize. */
public final class SlidingWindow {
    private final Deque<Long> events = new ArrayDeque<>();
    private final long windowMillis;
    private final int limit;
    private final Clock clock;

    public SlidingWindow(long windowMillis, int limit, Clock clock) {
        this.windowMillis = windowMillis;
        this.limit = limit;
        this.clock = clock;
    }

    public boolean tryAcquire() {
        long now = clock.millis();
        while (!events.isEmpty() && events.peekFirst() <= now - windowMillis) {
            events.pollFirst();
        }
        if (events.size() >= limit) {
            return false;
        }
        events.addLast(now);
        return true;
    }
}
'''

AUDIT_BUILD = '''load("@rules_java//java:defs.bzl", "java_library", "java_test")

java_library(
    name = "audit",
    srcs = glob(["src/main/java/**/*.java"]),
    visibility = [
        "//libs/java:__subpackages__",
        "//services:__subpackages__",
    ],
    deps = [
        "@maven//:com_google_guava_guava",
    ],
)

java_test(
    name = "audit_test",
    srcs = glob(["src/test/java/**/*.java"]),
    test_class = "com.lanternhq.audit.AllTests",
    deps = [
        ":audit",
        "@maven//:com_google_truth_truth",
        "@maven//:junit_junit",
    ],
)
'''

AUDIT_DIR = "libs/java/audit/src/main/java/com/lanternhq/audit"
AUDIT_TDIR = "libs/java/audit/src/test/java/com/lanternhq/audit"

AUDIT_EVENT = '''package com.lanternhq.audit;

import java.time.Instant;
import java.util.Map;

/** One security-relevant action, as shipped to the SIEM. */
public record AuditEvent(
        String id,
        Instant occurredAt,
        String actor,
        String action,
        String resource,
        Map<String, String> attributes) {

    public AuditEvent {
        attributes = Map.copyOf(attributes);
    }
}
'''

AUDIT_ALLTESTS = '''package com.lanternhq.audit;

import org.junit.runner.RunWith;
import org.junit.runners.Suite;

@RunWith(Suite.class)
@Suite.SuiteClasses({AuditEventTest.class})
public class AllTests {}
'''

FX_BUILD = '''load("@rules_java//java:defs.bzl", "java_library", "java_test")

java_library(
    name = "fxrates",
    srcs = glob(["src/main/java/**/*.java"]),
    visibility = ["//services/fx:__subpackages__"],
    deps = [
        "@maven//:com_google_guava_guava",
        "@maven//:org_postgresql_postgresql",
    ],
)

java_test(
    name = "fxrates_test",
    srcs = glob(["src/test/java/**/*.java"]),
    test_class = "com.lanternhq.fxrates.FxRatesTest",
    deps = [
        ":fxrates",
        "@maven//:junit_junit",
    ],
)
'''

FX_TEST = '''package com.lanternhq.fxrates;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.Test;

public class FxRatesTest {
    private final FxRates rates =
            FxRates.of(
                    LocalDate.of(2026, 10, 1),
                    java.util.Map.of("EUR/USD", new BigDecimal("1.0842"), "EUR/GBP", new BigDecimal("0.8611")));

    @Test
    public void directRate() {
        Optional<BigDecimal> r = rates.rate("EUR", "USD");
        assertTrue(r.isPresent());
        assertEquals(new BigDecimal("1.0842"), r.get());
    }

    @Test
    public void inverseRateIsComputed() {
        Optional<BigDecimal> r = rates.rate("USD", "EUR");
        assertTrue(r.isPresent());
        assertEquals(new BigDecimal("0.922339"), r.get());
    }

    @Test
    public void unknownPairIsEmpty() {
        assertFalse(rates.rate("EUR", "JPY").isPresent());
    }

    @Test
    public void convertRejectsUnknownPair() {
        try {
            rates.convert(1000, "EUR", "JPY");
            fail("expected IllegalArgumentException");
        } catch (IllegalArgumentException e) {
            assertEquals("no rate EUR/JPY on 2026-10-01", e.getMessage());
        }
    }
}
'''

PRICING_BUILD = '''load("@rules_java//java:defs.bzl", "java_binary", "java_library", "java_test")

java_library(
    name = "pricing_lib",
    srcs = glob(["src/main/java/**/*.java"]),
    deps = [
        "//libs/java/ratelimit",
        "//proto/pricing/v1:pricing_java_grpc",
        "//proto/pricing/v1:pricing_java_proto",
        "@maven//:com_google_guava_guava",
        "@maven//:io_grpc_grpc_api",
    ],
)

java_binary(
    name = "pricing",
    main_class = "com.lanternhq.pricing.Main",
    runtime_deps = [":pricing_lib"],
)

java_test(
    name = "pricing_test",
    srcs = glob(["src/test/java/**/*.java"]),
    test_class = "com.lanternhq.pricing.AllTests",
    deps = [
        ":pricing_lib",
        "@maven//:com_google_truth_truth",
        "@maven//:junit_junit",
    ],
)
'''

QUOTER_JAVA = '''package com.lanternhq.pricing;

import com.lanternhq.pricing.v1.Quote;
import com.lanternhq.pricing.v1.QuoteRequest;

/** Turns a catalogue price (EUR minor units) into a quote for a customer. */
public final class PriceQuoter {
    private final Catalogue catalogue;

    public PriceQuoter(Catalogue catalogue) {
        this.catalogue = catalogue;
    }

    public Quote quote(QuoteRequest req) {
        long eurMinor = catalogue.priceMinor(req.getSku()) * req.getQuantity();
        return Quote.newBuilder()
                .setSku(req.getSku())
                .setQuantity(req.getQuantity())
                .setAmountMinor(eurMinor)
                .setCurrency("EUR")
                .build();
    }
}
'''

GATEWAY_PROTO = '''syntax = "proto3";

package lanternhq.gateway.v1;

import "google/protobuf/timestamp.proto";

option go_package = "github.com/lanternhq/monorepo/proto/gateway/v1;gatewayv1";

service GatewayService {
  rpc GetAccountSummary(GetAccountSummaryRequest) returns (GetAccountSummaryResponse);
}

message GetAccountSummaryRequest {
  string account_id = 1;
}

message GetAccountSummaryResponse {
  string account_id = 1;
  int64 balance_minor = 2;
  string currency = 3;
  google.protobuf.Timestamp as_of = 4;
}
'''

LEDGER_PROTO_BUILD = '''load("@rules_go//proto:def.bzl", "go_proto_library")
load("@rules_proto//proto:defs.bzl", "proto_library")

package(default_visibility = ["//services/ledger:__subpackages__"])

proto_library(
    name = "ledger_proto",
    srcs = [
        "account.proto",
        "ledger_service.proto",
    ],
    deps = ["@protobuf//:timestamp_proto"],
)

go_proto_library(
    name = "ledger_go_proto",
    compilers = ["@rules_go//proto:go_grpc_v2"],
    importpath = "github.com/lanternhq/monorepo/proto/ledger/v1",
    proto = ":ledger_proto",
)
'''

SUMMARY_GO = '''package summary

import (
	"context"

	gatewayv1 "github.com/lanternhq/monorepo/proto/gateway/v1"
	"google.golang.org/protobuf/types/known/timestamppb"
)

type LedgerClient interface {
	Balance(ctx context.Context, accountID string) (minor int64, currency string, err error)
}

type Service struct {
	gatewayv1.UnimplementedGatewayServiceServer
	Ledger LedgerClient
}

func (s *Service) GetAccountSummary(ctx context.Context, req *gatewayv1.GetAccountSummaryRequest) (*gatewayv1.GetAccountSummaryResponse, error) {
	minor, cur, err := s.Ledger.Balance(ctx, req.GetAccountId())
	if err != nil {
		return nil, err
	}
	return &gatewayv1.GetAccountSummaryResponse{
		AccountId:    req.GetAccountId(),
		BalanceMinor: minor,
		Currency:     cur,
		AsOf:         timestamppb.Now(),
	}, nil
}
'''

SUMMARY_TEST = '''package summary

import (
	"context"
	"testing"

	gatewayv1 "github.com/lanternhq/monorepo/proto/gateway/v1"
)

type fakeLedger struct{}

func (f fakeLedger) Balance(ctx context.Context, id string) (int64, string, error) {
	return 12500, "EUR", nil
}

func TestGetAccountSummary(t *testing.T) {
	svc := &Service{Ledger: fakeLedger{}}
	got, err := svc.GetAccountSummary(context.Background(), &gatewayv1.GetAccountSummaryRequest{AccountId: "acc_1"})
	if err != nil {
		t.Fatal(err)
	}
	if got.GetBalanceMinor() != 12500 {
		t.Errorf("balance = %d, want 12500", got.GetBalanceMinor())
	}
	if got.GetCurrency() != "EUR" {
		t.Errorf("currency = %q, want EUR", got.GetCurrency())
	}
}
'''

FILES = {
    P("services/gateway/internal/summary/summary_test.go"): SUMMARY_TEST,
    P("MODULE.bazel"): MODULE,
    P(".bazelrc"): BAZELRC,
    P("BUILD.bazel"): ROOT_BUILD,
    P("libs/go/money/money.go"): MONEY_GO,
    P("libs/go/money/BUILD.bazel"): MONEY_BUILD,
    P("services/billing/internal/invoice/invoice.go"): INVOICE_GO,
    P("services/billing/internal/invoice/invoice_test.go"): INVOICE_TEST,
    P("services/billing/internal/invoice/BUILD.bazel"): INVOICE_BUILD,
    P("services/ledger/internal/api/transfer.go"): TRANSFER_GO,
    P("services/ledger/internal/api/transfer_test.go"): TRANSFER_TEST,
    P("services/ledger/internal/api/router.go"): ROUTER_GO,
    P("services/ledger/internal/store/store.go"): STORE_GO,
    P("services/ledger/BUILD.bazel"): LEDGER_BUILD,
    P("services/billing/BUILD.bazel"): BILLING_BUILD,
    P("libs/java/ratelimit/BUILD.bazel"): RL_BUILD,
    P(f"{RL_DIR}/TokenBucketRegistry.java"): REGISTRY_JAVA,
    P(f"{RL_DIR}/SlidingWindow.java"): SLIDING_JAVA,
    P("libs/java/audit/BUILD.bazel"): AUDIT_BUILD,
    P(f"{AUDIT_DIR}/AuditEvent.java"): AUDIT_EVENT,
    P(f"{AUDIT_TDIR}/AllTests.java"): AUDIT_ALLTESTS,
    P("libs/java/fxrates/BUILD.bazel"): FX_BUILD,
    P("libs/java/fxrates/src/test/java/com/lanternhq/fxrates/FxRatesTest.java"): FX_TEST,
    P("services/pricing/BUILD.bazel"): PRICING_BUILD,
    P("services/pricing/src/main/java/com/lanternhq/pricing/PriceQuoter.java"): QUOTER_JAVA,
    P("proto/gateway/v1/gateway.proto"): GATEWAY_PROTO,
    P("proto/ledger/v1/BUILD.bazel"): LEDGER_PROTO_BUILD,
    P("services/gateway/internal/summary/summary.go"): SUMMARY_GO,
}


BPS_GO = '''package money

import "fmt"

// ApplyBasisPoints returns a * bps / 10000, rounded half to even (banker's rounding)
// on the minor unit. 1900 bps = 19%.
func ApplyBasisPoints(a Amount, bps int64) Amount {
	num := a.Minor * bps
	q, r := num/10000, num%10000
	if r < 0 {
		r = -r
	}
	switch {
	case r*2 > 10000, r*2 == 10000 && q%2 != 0:
		if num < 0 {
			q--
		} else {
			q++
		}
	}
	return Amount{Minor: q, Currency: a.Currency}
}

// MustBasisPoints panics on a negative rate; for constants in tests and config.
func MustBasisPoints(bps int64) int64 {
	if bps < 0 {
		panic(fmt.Sprintf("money: negative basis points %d", bps))
	}
	return bps
}
'''

BPS_TEST = '''package money

import "testing"

func TestApplyBasisPoints(t *testing.T) {
	tests := []struct {
		name  string
		minor int64
		bps   int64
		want  int64
	}{
		{"zero rate", 1000, 0, 0},
		{"19 percent", 1000, 1900, 190},
		{"exact half rounds to even (down)", 250, 100, 2},   // 2.5 -> 2
		{"exact half rounds to even (up)", 350, 100, 4},     // 3.5 -> 4
		{"above half rounds up", 1999, 1900, 380},           // 379.81 -> 380
		{"negative amount", -1000, 1900, -190},
		{"negative exact half to even", -250, 100, -2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ApplyBasisPoints(New(tt.minor, "EUR"), tt.bps)
			if got.Minor != tt.want || got.Currency != "EUR" {
				t.Errorf("ApplyBasisPoints(%d, %d) = %v, want %d EUR", tt.minor, tt.bps, got, tt.want)
			}
		})
	}
}
'''


def gen():
    d = Dev("bazel-mono", U, "en", MODEL, seed=20261012, files=FILES)

    # ============================================================ S1  Mon 10-12
    with d.session("2026-10-12T09:10:00", R, branch="main", version="2.1.96"):
        t = d.task("first week on build infra after Kemi left. walk me through how the bazel setup hangs together: "
                   "MODULE.bazel, what .bazelrc does by default vs --config=remote, where images come from",
                   tags=["noise"])
        t.read(P("MODULE.bazel"))
        t.read(P(".bazelrc"))
        t.read(P("BUILD.bazel"))
        t.bash("cat .bazelversion && ls", "Show the pinned Bazel version and the repo root",
               out="8.4.2\nBUILD.bazel\nMODULE.bazel\nMODULE.bazel.lock\nREADME.md\nconfigs\nfixtures\ngo.mod\ngo.sum\n"
                   "libs\nmaven_install.json\nplatforms\nproto\nservices\ntestdata\nthird_party\ntools")
        t.bash("bazel query 'kind(\"go_binary|java_binary|oci_push\", //...)' --output=label 2>/dev/null",
               "List binaries and image push targets",
               out="//services/billing:billing\n//services/billing:image_push\n//services/gateway:gateway\n"
                   "//services/gateway:image_push\n//services/ledger:image_push\n//services/ledger:image_push_prod\n"
                   "//services/ledger:ledger\n//services/pricing:pricing\n//tools/java/fixtureloader:fixtureloader\n"
                   "//tools/ledgerctl:ledgerctl\n//tools/seed:seed")
        t.done("""How it fits together (Bazel 8.4.2 from `.bazelversion`, bzlmod only):

**MODULE.bazel**
- Rule sets via `bazel_dep`: rules_go 0.57 + Gazelle 0.45, protobuf 32.1 + rules_proto, rules_java 8.15 + rules_jvm_external 6.8, rules_oci 2.2.6, rules_pkg, buildifier_prebuilt (dev only).
- **Go:** SDK 1.25.2 is downloaded by `go_sdk`; third-party Go modules come from `go.mod` through Gazelle's `go_deps` extension, and only the repos listed in `use_repo(go_deps, …)` are visible to BUILD files. Root `BUILD.bazel` has `gazelle(name = "gazelle")` with `prefix github.com/lanternhq/monorepo` — Go BUILD files are generated, not hand-written.
- **Java:** `maven.install` with a lock file (`maven_install.json`); targets are `@maven//:group_artifact`. Java BUILD files are hand-written (no Gazelle for Java here).
- **Images:** `oci.pull` of `distroless/static-debian12` (amd64 + arm64) and `distroless/java21-debian12`. Each service has `oci_image` → `oci_load` (`:image_load`, into your local Docker) and `oci_push` (`:image_push` to ghcr.io/lanternhq; ledger also has `:image_push_prod` to the prod Artifact Registry).

**.bazelrc by default** (every command):
- BES to BuildBuddy — every invocation prints a `lanternhq.buildbuddy.io/invocation/<id>` link.
- Remote **cache** on, but `--noremote_upload_local_results`: laptops read the cache, only remote/CI builds write it.
- `--remote_download_toplevel`: intermediate outputs stay in the cache, only top-level outputs land in `bazel-bin`.
- `--lockfile_mode=update`: `MODULE.bazel.lock` is rewritten when the module graph changes.
- `test --test_output=errors`, `TZ=UTC` for tests; `.bazelrc.user` is where your BuildBuddy API key lives.

**`--config=remote`** adds remote **execution** on BuildBuddy (`--jobs=200`, RBE platform `//platforms:rbe_linux_amd64` as host and execution platform) and lets results be uploaded. `--config=ci` = remote + stamping.

Binaries you'll run most: `//tools/ledgerctl`, `//tools/seed`, `//tools/java/fixtureloader`; services ledger, billing, gateway (Go) and pricing (Java).""")

        t = d.task("libs/go/money needs ApplyBasisPoints(amount, bps) with banker's rounding on the cent — billing is going "
                   "to use it for tax. table-driven test please, and plain stdlib testing: we don't use testify in this "
                   "repo", tags=["workflow:W1", "pref:P1"])
        t.read(P("libs/go/money/money.go"))
        t.write(P("libs/go/money/bps.go"), BPS_GO)
        t.write(P("libs/go/money/bps_test.go"), BPS_TEST)
        t.bash("bazel run //:gazelle", "Regenerate BUILD files with Gazelle", err=gazelle_ok("2.913"))
        t.bash("git diff --stat", "See what Gazelle changed",
               out=" libs/go/money/BUILD.bazel | 10 ++++++++--\n 1 file changed, 8 insertions(+), 2 deletions(-)")
        t.bash("bazel test //libs/go/money/...", "Run the money package tests",
               err=bz_ok(3, "6.802", "3.41", "7 processes: 2 remote cache hit, 3 internal, 2 linux-sandbox", 7,
                         loaded=1, conf=6, tests=1),
               out=test_summary([("//libs/go/money:money_test", "PASSED", "0.3", False)]))
        t.done("""Added `ApplyBasisPoints(a Amount, bps int64) Amount` in `libs/go/money/bps.go`:

- integer math only: `a.Minor * bps / 10000`, remainder checked against half the divisor;
- exact halves go to the even cent (2.5 → 2, 3.5 → 4), symmetric for negative amounts (credit notes);
- currency is carried over; plus `MustBasisPoints` for constants.

`bps_test.go` is a table test with plain `testing` (no testify): zero rate, 19 %, both half-to-even directions, above-half, negative amounts. Gazelle added the two files to `libs/go/money/BUILD.bazel`; `bazel test //libs/go/money/...` passes.

Overflow note: `Minor * bps` overflows int64 above ~9.2e14 minor units at 100 % — far above anything billing will see, so I left it unchecked.""")

        t = d.task("why does `bazel query 'deps(//services/ledger:image)'` list both the amd64 and arm64 distroless layers "
                   "while cquery only shows amd64? is query lying?", tags=["noise", "no_tools"])
        t.done("""Neither is lying — they answer different questions.

- **`bazel query`** works on the *unconfigured* target graph. It doesn't know which platform you're building for, so a `select()` is shown with **all** its branches. `@distroless_static` is a platform-switching alias over `distroless_static_linux_amd64` and `distroless_static_linux_arm64_v8`, so query reports both as possible dependencies.
- **`bazel cquery`** evaluates the graph *in a configuration* (your flags, default target platform = your host, linux/amd64). `select()`s are resolved, so only the amd64 branch is a real dependency.

Rule of thumb: use `query` for "what could depend on what" (rdeps for refactors, visibility audits — it's fast and doesn't need analysis), `cquery` for "what will actually be built with these flags". To see the arm64 picture: `bazel cquery 'deps(//services/ledger:image)' --platforms=//platforms:linux_arm64`.""")

    # ============================================================ S2  Tue 10-13
    with d.session("2026-10-13T10:02:00", R, branch="main", version="2.1.96"):
        t = d.task("ops says yesterday's (2026-10-12) balance for the EUR clearing account looks off. run ledgerctl "
                   "reconcile against dev for that date (config is configs/ledger.dev.yaml) and tell me what it finds",
                   tags=["mistake:M2"])
        argv = "reconcile --config configs/ledger.dev.yaml --date 2026-10-12 --account clearing-eur"
        t.fail(f"bazel run //tools/ledgerctl -- {argv}", "Run ledgerctl reconcile for the EUR clearing account",
               bz_run_ok("//tools/ledgerctl:ledgerctl", "bazel-bin/tools/ledgerctl/ledgerctl_/ledgerctl", argv,
                         secs="9.214", crit="7.90", loaded=4, conf=131,
                         procs="6 processes: 3 remote cache hit, 1 internal, 2 linux-sandbox", actions=6) +
               "\nledgerctl: load config: open configs/ledger.dev.yaml: no such file or directory")
        t.say("The file is in the repo, but `bazel run` starts the binary inside its runfiles tree, not in the "
              "workspace, so a relative path doesn't resolve. Checking the file is there, then passing it as an "
              "absolute path.")
        t.bash("ls configs/", "List the config directory",
               out="billing.dev.yaml\ngateway.dev.yaml\nledger.dev.yaml\nledger.staging.yaml")
        argv2 = 'reconcile --config "$PWD/configs/ledger.dev.yaml" --date 2026-10-12 --account clearing-eur'
        t.bash(f"bazel run //tools/ledgerctl -- {argv2}", "Re-run reconcile with an absolute config path",
               err=bz_run_ok("//tools/ledgerctl:ledgerctl", "bazel-bin/tools/ledgerctl/ledgerctl_/ledgerctl",
                             argv2.replace('"$PWD', R).replace('.yaml"', ".yaml"), secs="0.488", crit="0.02"),
               out="""reconcile clearing-eur (EUR) for 2026-10-12 against ledger_dev@localhost:5432
opening balance (journal)          1,204,551.20
postings (journal)                   +88,410.75   412 entries
closing balance (journal)          1,292,961.95
closing balance (account snapshot) 1,292,611.95
DIFF                                    -350.00

unmatched entries:
  je_01JA3Q8V2K  2026-10-12T23:58:41Z  +350.00  ref=po_7781  snapshot_at=2026-10-12T23:58:40Z
1 discrepancy found""")
        t.done("""ledgerctl found **one discrepancy of €350.00** on `clearing-eur` for 2026-10-12:

- journal closing balance **1,292,961.95**, account snapshot **1,292,611.95**;
- the only unmatched entry is `je_01JA3Q8V2K`, +350.00, ref `po_7781`, posted at **23:58:41Z** — one second *after* the snapshot was taken (23:58:40Z).

So the journal is fine; the daily snapshot was cut while the day was still receiving postings, and the late entry falls between snapshot and midnight. That points to the snapshot job's cut-off (it should snapshot at or after 00:00 of the next day, or filter by `posted_at <= snapshot_at`), not to a lost posting.

Note on running it: `bazel run` executes the binary from its runfiles directory, so `configs/ledger.dev.yaml` didn't resolve the first time; passing `"$PWD/configs/ledger.dev.yaml"` works.""")

        t = d.task("libs/java/ratelimit: TokenBucketRegistry keeps every bucket forever (ConcurrentHashMap, we leak a "
                   "bucket per API key ever seen). swap it for a Caffeine cache, expireAfterAccess 10 min, max 100k "
                   "entries. java here is formatted with google-java-format --aosp (4 spaces), keep it that way",
                   tags=["mistake:M1", "pref:P3"])
        t.read(P(f"{RL_DIR}/TokenBucketRegistry.java"))
        t.read(P("libs/java/ratelimit/BUILD.bazel"))
        t.read(P("MODULE.bazel"))
        t.edit(P("MODULE.bazel"), '''    artifacts = [
        "com.google.guava:guava:33.5.0-jre",''', '''    artifacts = [
        "com.github.ben-manes.caffeine:caffeine:3.2.2",
        "com.google.guava:guava:33.5.0-jre",''')
        t.edit(P("libs/java/ratelimit/BUILD.bazel"), '''    deps = [
        "@maven//:com_google_guava_guava",
        "@maven//:org_slf4j_slf4j_api",
    ],''', '''    deps = [
        "@maven//:com_github_ben_manes_caffeine_caffeine",
        "@maven//:com_google_guava_guava",
        "@maven//:org_slf4j_slf4j_api",
    ],''')
        t.write(P(f"{RL_DIR}/TokenBucketRegistry.java"), '''package com.lanternhq.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;

/**
 * Hands out one {@link TokenBucket} per key (merchant id, API key, ...). Buckets idle for longer
 * than {@code idleExpiry} are evicted; an evicted key simply starts again with a full bucket.
 */
public final class TokenBucketRegistry {
    static final Duration DEFAULT_IDLE_EXPIRY = Duration.ofMinutes(10);
    static final long DEFAULT_MAX_KEYS = 100_000;

    private final Cache<String, TokenBucket> buckets;
    private final long capacity;
    private final double refillPerSecond;
    private final Clock clock;

    public TokenBucketRegistry(long capacity, double refillPerSecond, Clock clock) {
        this(capacity, refillPerSecond, clock, DEFAULT_IDLE_EXPIRY, DEFAULT_MAX_KEYS, Ticker.systemTicker());
    }

    TokenBucketRegistry(
            long capacity,
            double refillPerSecond,
            Clock clock,
            Duration idleExpiry,
            long maxKeys,
            Ticker ticker) {
        this.capacity = capacity;
        this.refillPerSecond = refillPerSecond;
        this.clock = clock;
        this.buckets =
                Caffeine.newBuilder()
                        .expireAfterAccess(idleExpiry)
                        .maximumSize(maxKeys)
                        .ticker(ticker)
                        .build();
    }

    public TokenBucket forKey(String key) {
        return buckets.get(key, k -> new TokenBucket(capacity, refillPerSecond, clock));
    }

    public long size() {
        buckets.cleanUp();
        return buckets.estimatedSize();
    }
}
''')
        t.bash(f"google-java-format --aosp --replace {RL_DIR}/TokenBucketRegistry.java && git diff --stat",
               "Format with google-java-format (AOSP style)",
               out=" MODULE.bazel                                       |  1 +\n libs/java/ratelimit/BUILD.bazel                    |  1 +\n"
                   " .../lanternhq/ratelimit/TokenBucketRegistry.java   | 40 ++++++++++++++++++----\n"
                   " 3 files changed, 35 insertions(+), 7 deletions(-)")
        t.fail("bazel build //libs/java/ratelimit/...", "Build the ratelimit library",
               repin_fail("1187533215", "-2059373104", "libs/java/ratelimit/BUILD.bazel", "3:13",
                          "//libs/java/ratelimit:ratelimit", "com_github_ben_manes_caffeine_caffeine", "3.105"))
        t.say("rules_jvm_external refuses to use `maven_install.json` because the artifact list in MODULE.bazel "
              "changed and the lock file wasn't re-pinned, and our maven.install is set to fail on that. "
              "Re-pinning so Caffeine and its transitive deps get resolved into the lock file.")
        pin_err, pin_out = pin_ok("18.664", 61)
        t.bash("REPIN=1 bazel run @maven//:pin", "Re-pin maven_install.json", out=pin_out, err=pin_err,
               timeout=600000)
        t.bash("bazel build //libs/java/ratelimit/...", "Build the ratelimit library again",
               err=bz_ok(2, "14.377", "11.02", "9 processes: 2 internal, 5 linux-sandbox, 2 worker", 9,
                         loaded=3, conf=204))
        t.bash("bazel test //libs/java/ratelimit/...", "Run the ratelimit tests",
               err=bz_ok(2, "8.913", "6.48", "5 processes: 1 internal, 2 linux-sandbox, 2 worker", 5, tests=1),
               out=test_summary([("//libs/java/ratelimit:ratelimit_test", "PASSED", "2.1", False)]))
        t.done("""`TokenBucketRegistry` now uses a Caffeine cache instead of the unbounded map:

- `expireAfterAccess(10 min)` and `maximumSize(100_000)` by default; a package-private constructor takes expiry, max size and a `Ticker` so tests can drive eviction with a fake ticker;
- `forKey` → `cache.get(key, …)` (atomic per key, same semantics as `computeIfAbsent`);
- `size()` now returns `long` (`estimatedSize()` after `cleanUp()`), the one caller in `services/pricing` only logs it.

Build changes: `com.github.ben-manes.caffeine:caffeine:3.2.2` in `maven.install` (MODULE.bazel), `@maven//:com_github_ben_manes_caffeine_caffeine` in the library's deps, and a re-pinned `maven_install.json` — the first build failed because the lock file's input signature no longer matched the artifact list; `REPIN=1 bazel run @maven//:pin` fixed that. Formatted with `google-java-format --aosp`. Build and `ratelimit_test` pass.""")

        t = d.task("does rules_oci's oci_load handle a multi-arch image (oci_image_index)? I want gateway's amd64+arm64 "
                   "index loadable locally. check the docs, don't guess", tags=["noise", "webfetch"])
        t.webfetch("https://github.com/bazel-contrib/rules_oci/blob/main/docs/load.md",
                   "Can oci_load load an oci_image_index (multi-arch) into Docker? What does the format attribute do?",
                   """oci_load loads an OCI layout (from oci_image or oci_image_index) into a container runtime via a generated script; run it with `bazel run`.

Attributes relevant to the question:
- `image`: label of a directory containing an OCI layout, typically the output of `oci_image` or `oci_image_index`.
- `repo_tags`: tags applied to the loaded image.
- `format`: "docker" (default) or "oci". With "docker" the script produces a `docker save`-style tarball, which can only contain a single platform; loading an image index requires `format = "oci"`.
- Loading an OCI-format tarball containing an index into Docker requires the containerd image store to be enabled in Docker; podman can load it directly.
- `loader`: alternative loader binary (e.g. podman).

Example in the docs:
    oci_load(
        name = "load_multiarch",
        image = ":multiarch_index",
        format = "oci",
        repo_tags = ["my/image:latest"],
    )""")
        t.done("""Yes, with two conditions (from the rules_oci `oci_load` docs):

1. **`format = "oci"`** on the `oci_load` target. The default `"docker"` format writes a `docker save`-style tarball, which holds one platform only — fine for `:image`, not for an index.
2. **Docker needs the containerd image store** enabled to import an OCI tarball with an index (Docker Desktop: Settings → General → "Use containerd for pulling and storing images"; engine: `"features": {"containerd-snapshotter": true}` in `daemon.json`). Podman loads it as-is via `loader`.

For gateway that would be a separate target next to the existing single-arch one:

```starlark
oci_load(
    name = "image_index_load",
    image = ":image_index",
    format = "oci",
    repo_tags = ["ghcr.io/lanternhq/gateway:dev"],
)
```

I'd keep `:image_load` (amd64, docker format) as the everyday target — most laptops here don't have the containerd store on, and it loads faster.""")

    # ============================================================ S3  Thu 10-15
    with d.session("2026-10-15T13:25:00", R, branch="feat/billing-money", version="2.1.97"):
        t = d.task("billing: invoice line totals still do float math. move invoice.LineTotal/Total onto libs/go/money "
                   "(Amount + the new ApplyBasisPoints for tax) and fix the test", tags=["mistake:M3", "workflow:W1"])
        t.read(P("services/billing/internal/invoice/invoice.go"))
        t.read(P("services/billing/internal/invoice/invoice_test.go"))
        t.write(P("services/billing/internal/invoice/invoice.go"), '''package invoice

import (
	"time"

	"github.com/lanternhq/monorepo/libs/go/money"
)

type Line struct {
	SKU        string
	Qty        int64
	UnitPrice  money.Amount
	TaxRateBps int64
}

type Invoice struct {
	ID         string
	CustomerID string
	Currency   string
	IssuedAt   time.Time
	Lines      []Line
}

// LineTotal returns qty * unit price plus tax; tax is rounded half-to-even on the cent.
func LineTotal(l Line) money.Amount {
	net := l.UnitPrice.Mul(l.Qty)
	tax := money.ApplyBasisPoints(net, l.TaxRateBps)
	total, _ := net.Add(tax) // same currency by construction
	return total
}

// Total sums the line totals. All lines must be in the invoice currency.
func (inv Invoice) Total() (money.Amount, error) {
	total := money.New(0, inv.Currency)
	for _, l := range inv.Lines {
		var err error
		if total, err = total.Add(LineTotal(l)); err != nil {
			return money.Amount{}, err
		}
	}
	return total, nil
}
''')
        t.write(P("services/billing/internal/invoice/invoice_test.go"), '''package invoice

import (
	"errors"
	"testing"

	"github.com/lanternhq/monorepo/libs/go/money"
)

func TestLineTotal(t *testing.T) {
	tests := []struct {
		name string
		line Line
		want int64
	}{
		{"no tax", Line{SKU: "seat", Qty: 3, UnitPrice: money.New(1250, "EUR")}, 3750},
		{"19% tax", Line{SKU: "seat", Qty: 1, UnitPrice: money.New(1000, "EUR"), TaxRateBps: 1900}, 1190},
		{"tax half cent to even", Line{SKU: "addon", Qty: 1, UnitPrice: money.New(250, "EUR"), TaxRateBps: 100}, 252},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := LineTotal(tt.line)
			if got.Minor != tt.want || got.Currency != "EUR" {
				t.Errorf("LineTotal() = %v, want %d EUR", got, tt.want)
			}
		})
	}
}

func TestTotalRejectsMixedCurrencies(t *testing.T) {
	inv := Invoice{Currency: "EUR", Lines: []Line{
		{SKU: "seat", Qty: 1, UnitPrice: money.New(1000, "EUR")},
		{SKU: "seat", Qty: 1, UnitPrice: money.New(1000, "USD")},
	}}
	if _, err := inv.Total(); !errors.Is(err, money.ErrCurrencyMismatch) {
		t.Fatalf("Total() err = %v, want ErrCurrencyMismatch", err)
	}
}
''')
        t.bash("bazel run //:gazelle", "Update BUILD deps with Gazelle", err=gazelle_ok("1.876"))
        d.files[P("services/billing/internal/invoice/BUILD.bazel")] = INVOICE_BUILD.replace(
            '''    visibility = ["//services/billing:__subpackages__"],
)''', '''    visibility = ["//services/billing:__subpackages__"],
    deps = ["//libs/go/money"],
)''', 1).replace('''    embed = [":invoice"],
)''', '''    embed = [":invoice"],
    deps = ["//libs/go/money"],
)''')
        t.fail("bazel build //services/billing/...", "Build billing",
               visibility_fail("go_library", "//services/billing/internal/invoice:invoice",
                               "services/billing/internal/invoice/BUILD.bazel", "3:11", "//libs/go/money:money",
                               "2.207"))
        t.say("Gazelle added `//libs/go/money` to the invoice deps, but the money library's `visibility` only lists "
              "`//libs/go` and ledger. Billing needs to be added there.")
        t.read(P("libs/go/money/BUILD.bazel"))
        t.edit(P("libs/go/money/BUILD.bazel"), '''    visibility = [
        "//libs/go:__subpackages__",
        "//services/ledger:__subpackages__",
    ],''', '''    visibility = [
        "//libs/go:__subpackages__",
        "//services/billing:__subpackages__",
        "//services/ledger:__subpackages__",
    ],''')
        t.bash("bazel build //services/billing/...", "Build billing again",
               err=bz_ok(9, "11.530", "8.77", "23 processes: 9 remote cache hit, 6 internal, 8 linux-sandbox", 23,
                         loaded=2, conf=38))
        t.bash("bazel test //services/billing/...", "Run the billing tests",
               err=bz_ok(11, "5.118", "3.96", "8 processes: 3 internal, 5 linux-sandbox", 8, tests=2),
               out=test_summary([("//services/billing/internal/invoice:invoice_test", "PASSED", "0.2", False),
                                 ("//services/billing/internal/pdf:pdf_test", "PASSED", "0.6", True)]))
        t.done("""Billing invoices are on `libs/go/money` now:

- `Line.UnitPrice` is a `money.Amount` (the separate `Currency` field on the line is gone; `Invoice` carries the currency);
- `LineTotal` = `UnitPrice.Mul(qty)` + `ApplyBasisPoints(net, TaxRateBps)` — integer cents, tax rounded half-to-even;
- `Invoice.Total()` now returns `(money.Amount, error)` and fails with `money.ErrCurrencyMismatch` on mixed-currency lines.

Tests: the table test works in minor units and gained a half-cent case; new test for the mixed-currency error. Plain `testing`, as before.

Build: Gazelle added `//libs/go/money` to the invoice library and test deps. The first build failed with a visibility error (money was only visible to `//libs/go/...` and ledger), so I added `"//services/billing:__subpackages__"` to the money library's `visibility`. `bazel build` and `bazel test //services/billing/...` pass.

Callers of `Total()` outside the invoice package: none yet (the PDF renderer formats lines itself), so nothing else to adapt.""")

        t = d.task("ledger api: add a test that a same-account transfer gets a 400 with the 'from and to must differ' "
                   "message", tags=["oneoff:O1"])
        t.read(P("services/ledger/internal/api/transfer.go"))
        t.read(P("services/ledger/internal/api/transfer_test.go"))
        t.edit(P("services/ledger/internal/api/transfer_test.go"), '''		{"insufficient", `{"from":"acc_empty","to":"acc_2","amount_minor":500,"currency":"EUR"}`, http.StatusUnprocessableEntity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/v1/transfers", strings.NewReader(tt.body))
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Fatalf("status = %d, want %d (body %s)", rec.Code, tt.want, rec.Body)
			}
		})
	}
}
''', '''		{"insufficient", `{"from":"acc_empty","to":"acc_2","amount_minor":500,"currency":"EUR"}`, http.StatusUnprocessableEntity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/v1/transfers", strings.NewReader(tt.body))
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code != tt.want {
				t.Fatalf("status = %d, want %d (body %s)", rec.Code, tt.want, rec.Body)
			}
		})
	}
}

func TestHandleTransferSameAccount(t *testing.T) {
	srv := newTestServer(t)
	body := `{"from":"acc_1","to":"acc_1","amount_minor":500,"currency":"EUR"}`
	req := httptest.NewRequest(http.MethodPost, "/v1/transfers", strings.NewReader(body))
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)

	var resp struct {
		Error string `json:"error"`
	}
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status = %d, want 400 (body %s)", rec.Code, rec.Body)
	}
}
''')
        tf = d.files[P("services/ledger/internal/api/transfer_test.go")]
        ln = tf.split("\n").index("\tvar resp struct {") + 1
        t.fail("bazel test //services/ledger/internal/api:api_test", "Run the ledger API tests", f"""INFO: Invocation ID: {(iid := inv())}
INFO: Streaming build results to: {BB}{iid}
INFO: Analyzed target //services/ledger/internal/api:api_test (0 packages loaded, 0 targets configured).
ERROR: {R}/services/ledger/internal/api/BUILD.bazel:24:8: GoCompilePkg services/ledger/internal/api/api_test.internal.a failed: (Exit 1): builder failed: error executing GoCompilePkg command (from target //services/ledger/internal/api:api_test) bazel-out/k8-opt-exec-ST-d57f47055a04/bin/external/rules_go++go_sdk+go_default_sdk/builder_reset/builder compilepkg -sdk external/rules_go++go_sdk+go_default_sdk -goroot ... (remaining 41 arguments skipped)

Use --sandbox_debug to see verbose messages from the sandbox and retain the sandbox build root for debugging
services/ledger/internal/api/transfer_test.go:{ln}:6: declared and not used: resp
compilepkg: error running subcommand external/rules_go++go_sdk+go_default_sdk/pkg/tool/linux_amd64/compile: exit status 1
Target //services/ledger/internal/api:api_test failed to build
Use --verbose_failures to see the command lines of failed build steps.
INFO: Elapsed time: 2.874s, Critical Path: 2.41s
INFO: 4 processes: 3 internal, 1 linux-sandbox.
ERROR: Build did NOT complete successfully
//services/ledger/internal/api:api_test                         FAILED TO BUILD

Executed 0 out of 1 test: 1 fails to build.
INFO: Streaming build results to: {BB}{iid}""")
        t.say("I declared `resp` but never decoded into it. Decoding the body and asserting on the message, which was "
              "the point of the test.")
        t.edit(P("services/ledger/internal/api/transfer_test.go"), '''	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status = %d, want 400 (body %s)", rec.Code, rec.Body)
	}
}
''', '''	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status = %d, want 400 (body %s)", rec.Code, rec.Body)
	}
	if err := json.NewDecoder(rec.Body).Decode(&resp); err != nil {
		t.Fatalf("decode body: %v", err)
	}
	if resp.Error != "from and to must differ" {
		t.Errorf("error = %q, want %q", resp.Error, "from and to must differ")
	}
}
''')
        t.edit(P("services/ledger/internal/api/transfer_test.go"), '''import (
	"net/http"''', '''import (
	"encoding/json"
	"net/http"''')
        t.bash("bazel test //services/ledger/internal/api:api_test", "Run the ledger API tests",
               err=bz_ok(1, "3.306", "2.88", "5 processes: 3 internal, 2 linux-sandbox", 5,
                         target=None, tests=1).replace("INFO: Analyzed 1 targets", "INFO: Analyzed 1 target").replace(
                   "INFO: Found 0 targets and 1 test target...", "INFO: Found 1 test target..."),
               out=test_summary([("//services/ledger/internal/api:api_test", "PASSED", "0.5", False)]))
        t.done("""Added `TestHandleTransferSameAccount` in `services/ledger/internal/api/transfer_test.go`: POSTs a transfer from `acc_1` to `acc_1`, expects **400** and decodes the JSON body to check the message is exactly `from and to must differ`.

First run didn't compile (`declared and not used: resp` — I had declared the response struct before writing the decode); fixed by actually decoding into it and asserting on `resp.Error`. `bazel test //services/ledger/internal/api:api_test` passes.""")

        t = d.task("cut the ledger 1.13.0 image (services/ledger/VERSION is already bumped on main): load it locally, smoke "
                   "it, push to ghcr. the base stays distroless static — no shell images, don't swap in debian to "
                   "'debug' stuff", tags=["workflow:W2", "pref:P2"])
        t.read(P("services/ledger/BUILD.bazel"))
        t.bash("bazel run --stamp //services/ledger:image_load", "Build the ledger image and load it into Docker",
               err=bz_run_ok("//services/ledger:image_load", "bazel-bin/services/ledger/image_load.sh", "",
                             secs="21.904", crit="14.66", loaded=3, conf=412,
                             procs="48 processes: 31 remote cache hit, 12 internal, 5 linux-sandbox", actions=48),
               out=f"Loaded image: {GHCR}/ledger:dev")
        t.bash(f"docker run --rm {GHCR}/ledger:dev --version && docker image inspect {GHCR}/ledger:dev "
               "--format '{{.Os}}/{{.Architecture}} user={{.Config.User}} size={{.Size}}'",
               "Smoke-test the image and check platform/user",
               out=f"ledger 1.13.0 (commit 3f9c2ab, go1.25.2, linux/amd64)\nlinux/amd64 user=65532:65532 size=19877412")
        po, dg = push_out(f"{GHCR}/ledger", ["1.13.0"], 2, 3, ("10/15 15:02:10", "10/15 15:02:12", "10/15 15:02:12"))
        t.bash("bazel run --stamp //services/ledger:image_push -- --tag 1.13.0", "Push ledger 1.13.0 to ghcr",
               err=bz_run_ok("//services/ledger:image_push", "bazel-bin/services/ledger/push_image_push.sh",
                             "--tag 1.13.0", secs="1.902", crit="0.31", loaded=1, conf=9,
                             procs="3 processes: 3 internal", actions=3), out=po, timeout=300000)
        t.done(f"""ledger **1.13.0** is on ghcr:

- `bazel run --stamp //services/ledger:image_load` → `ghcr.io/lanternhq/ledger:dev` locally;
- smoke: `--version` prints `ledger 1.13.0 (commit 3f9c2ab, go1.25.2, linux/amd64)`, runs as `65532:65532` (nonroot), image is ~19.9 MB on distroless static;
- pushed with `image_push -- --tag 1.13.0`: `ghcr.io/lanternhq/ledger:1.13.0` → `sha256:{dg[:12]}…` (3 layers already existed, 2 new).

Base unchanged (`@distroless_static`).""")

    # ============================================================ S4  Mon 10-19
    with d.session("2026-10-19T09:40:00", R, branch="main", version="2.1.98", end_reason="other"):
        t = d.task("authz is getting a breaking change (Policy.Check will take a context). what depends on libs/go/authz "
                   "across the repo, directly and transitively? need the blast radius", tags=["noise", "long_output"])
        rd = ["//libs/go/authz:authz", "//libs/go/authz:authz_test", "//libs/go/authz/authztest:authztest",
              "//libs/go/grpcmw:grpcmw", "//libs/go/grpcmw:grpcmw_test", "//libs/go/httpmw:httpmw",
              "//libs/go/httpmw:httpmw_test"]
        for svc, pk in (("billing", ["cmd/billing", "internal/api", "internal/jobs"]),
                        ("gateway", ["cmd/gateway", "internal/auth", "internal/proxy", "internal/summary", "internal/upstream"]),
                        ("ledger", ["cmd/ledger", "internal/api", "internal/admin"]),
                        ("payments", ["cmd/payments", "internal/api", "internal/psp", "internal/webhooks"])):
            for p_ in pk:
                last = p_.split("/")[-1]
                rd.append(f"//services/{svc}/{p_}:{last if not p_.startswith('cmd') else svc + '_lib'}")
                if not p_.startswith("cmd"):
                    rd.append(f"//services/{svc}/{p_}:{last}_test")
            rd += [f"//services/{svc}:{svc}", f"//services/{svc}:image", f"//services/{svc}:image_load",
                   f"//services/{svc}:image_push", f"//services/{svc}:{svc}_layer"]
        rd += ["//services/ledger:image_push_prod", "//tools/ledgerctl:ledgerctl", "//tools/ledgerctl:ledgerctl_lib"]
        rd = sorted(set(rd))
        t.bash("bazel query 'rdeps(//..., //libs/go/authz)' --output=label 2>/dev/null",
               "Find everything that depends on libs/go/authz", out="\n".join(rd))
        t.bash("bazel query 'rdeps(//..., //libs/go/authz, 1)' --output=label 2>/dev/null",
               "Direct dependents only",
               out="//libs/go/authz:authz\n//libs/go/authz:authz_test\n//libs/go/authz/authztest:authztest\n"
                   "//libs/go/grpcmw:grpcmw\n//libs/go/httpmw:httpmw\n//services/gateway/internal/auth:auth\n"
                   "//services/ledger/internal/admin:admin\n//services/payments/internal/webhooks:webhooks")
        t.grep(r"\.Check\(", path=P("."), glob="*.go", output_mode="content", n=True, content="""libs/go/grpcmw/authz.go:41:		if err := p.Check(info.FullMethod, subj); err != nil {
libs/go/httpmw/authz.go:37:		if err := policy.Check(r.Pattern, subj); err != nil {
libs/go/authz/authz_test.go:58:			err := p.Check(tt.action, tt.subject)
libs/go/authz/authztest/allow.go:19:func (AllowAll) Check(string, authz.Subject) error { return nil }
services/gateway/internal/auth/scopes.go:72:	return s.policy.Check("gateway:"+action, sub)
services/ledger/internal/admin/admin.go:88:	if err := h.policy.Check("ledger:admin:"+op, subj); err != nil {
services/payments/internal/webhooks/verify.go:54:	if err := v.policy.Check("payments:webhook", webhookSubject); err != nil {""")
        t.done(f"""Blast radius of `libs/go/authz` — **{len(rd)} targets** in the transitive closure (`rdeps(//..., //libs/go/authz)`), i.e. every service plus ledgerctl, mostly via the two middleware libs.

**Direct dependents (depth 1)** — these are the ones whose code changes:
- `//libs/go/grpcmw` — `authz.go:41`, `p.Check(info.FullMethod, subj)` (has `ctx` from the interceptor)
- `//libs/go/httpmw` — `authz.go:37`, `policy.Check(r.Pattern, subj)` (use `r.Context()`)
- `//libs/go/authz/authztest` — `AllowAll.Check` fake, signature update
- `//services/gateway/internal/auth` — `scopes.go:72`
- `//services/ledger/internal/admin` — `admin.go:88`
- `//services/payments/internal/webhooks` — `verify.go:54`
- plus authz's own test (`authz_test.go:58`)

**Transitive only** (rebuild/retest, no code change): billing, gateway, ledger and payments binaries, images and push targets through grpcmw/httpmw, and `//tools/ledgerctl`.

Six call sites in total, all with a request context at hand, so it's a mechanical change. Suggest one PR that changes the interface + the 6 call sites, verified with `bazel test //libs/go/... //services/...`.""")

        t = d.task("pulled main and gateway doesn't build for me? `bazel build //services/gateway/...`", tags=["flaky:F1"])
        fetch_err = f"""INFO: Invocation ID: {(iid := inv())}
INFO: Streaming build results to: {BB}{iid}
ERROR: {OB}/external/gazelle+/internal/go_repository.bzl:392:17: An error occurred during the fetch of repository 'gazelle++go_deps+com_github_cenkalti_backoff_v4':
   Traceback (most recent call last):
	File "{OB}/external/gazelle+/internal/go_repository.bzl", line 392, column 17, in _go_repository_impl
		fail("%s: %s" % (ctx.name, result.stderr))
Error in fail: gazelle++go_deps+com_github_cenkalti_backoff_v4: fetch_repo: github.com/cenkalti/backoff/v4@v4.3.0: Get "https://proxy.golang.org/github.com/cenkalti/backoff/v4/@v/v4.3.0.zip": read tcp 192.168.1.23:51844->142.250.185.81:443: read: connection reset by peer
ERROR: {R}/services/gateway/internal/upstream/BUILD.bazel:3:11: //services/gateway/internal/upstream:upstream depends on @@gazelle++go_deps+com_github_cenkalti_backoff_v4//:backoff in repository @@gazelle++go_deps+com_github_cenkalti_backoff_v4 which failed to fetch. no such package '@@gazelle++go_deps+com_github_cenkalti_backoff_v4//': gazelle++go_deps+com_github_cenkalti_backoff_v4: fetch_repo: github.com/cenkalti/backoff/v4@v4.3.0: Get "https://proxy.golang.org/github.com/cenkalti/backoff/v4/@v/v4.3.0.zip": read tcp 192.168.1.23:51844->142.250.185.81:443: read: connection reset by peer
ERROR: Analysis of target '//services/gateway/internal/upstream:upstream' failed; build aborted: Analysis failed
INFO: Elapsed time: 24.117s, Critical Path: 0.00s
INFO: 1 process: 1 internal.
ERROR: Build did NOT complete successfully
INFO: Streaming build results to: {BB}{iid}"""
        t.fail("bazel build //services/gateway/...", "Build gateway", fetch_err)
        t.say("That's a network error fetching a Go module from proxy.golang.org (`connection reset by peer`), not a "
              "build problem — main added `cenkalti/backoff` to gateway and it's being downloaded for the first time. "
              "Retrying.")
        t.bash("bazel build //services/gateway/...", "Build gateway",
               err=bz_ok(17, "38.640", "19.83",
                         "71 processes: 44 remote cache hit, 19 internal, 8 linux-sandbox", 71, loaded=26, conf=1193))
        t.done("""It builds now — nothing wrong with main or your checkout. The first attempt failed while **fetching** `github.com/cenkalti/backoff/v4@v4.3.0` from proxy.golang.org (`read: connection reset by peer`); that module is new on main (gateway's upstream retry code), so your machine had to download it. The identical re-run fetched it and the build completed (44 of 71 actions from the remote cache).

If it keeps happening on your network, `bazel fetch //services/...` once on a stable connection pre-populates the repository cache.""")

        t = d.task("write a short note for #eng-infra explaining why laptops are moving from --remote_download_minimal "
                   "to --remote_download_toplevel (it's already in .bazelrc). people keep asking",
                   tags=["noise", "no_tools"])
        t.done("""**Why we switched laptops to `--remote_download_toplevel`**

**Background.** With a remote cache (and especially with remote execution), Bazel can choose how many build outputs it actually downloads to your machine. This is controlled by the `--remote_download_outputs` family of flags, which has three settings:
- `all` — download every output of every action (the old default, slowest on big builds),
- `toplevel` — download only the outputs of the targets you asked for, plus whatever tests and `bazel run` need,
- `minimal` — download almost nothing; outputs stay in the remote cache and are only referenced by digest.

**What went wrong with `minimal`.** Several people ran into the same issues over the last months:
1. IDE integrations (GoLand/IntelliJ with the Bazel plugin) read files from `bazel-bin` and found them missing, because with `minimal` the outputs were never downloaded.
2. When BuildBuddy evicted cache entries (the cache is LRU with a TTL), builds failed with `Lost inputs no longer available remotely` errors, and Bazel had to rebuild from scratch.
3. Scripts that `cp bazel-bin/...` after a build broke silently.
4. `bazel run` worked, but the binary was fetched lazily, which looked like a hang on slow connections.

**What `toplevel` does.** It downloads the top-level outputs (your binaries, images, test logs) and keeps intermediate outputs (object files, `.a` archives, jars of dependencies) remote. In practice this is almost as fast as `minimal` — the intermediates are the bulk of the bytes — while `bazel-bin` contains what you expect.

**What changes for you.**
- Nothing to do: it's in the shared `.bazelrc` (`common --remote_download_toplevel`).
- If you had `--remote_download_minimal` in your `.bazelrc.user`, remove it; it overrides the shared setting.
- Disk usage in your output base goes up a little (top-level outputs only).
- CI keeps its own settings via `--config=ci`.

**Numbers.** On a warm cache, a full `bazel build //services/...` took ~41 s with `minimal` and ~46 s with `toplevel` on my machine; a cold one is dominated by remote execution either way.

**Questions?** Ask in #eng-infra or ping me directly.""")

    # ============================================================ S5  Wed 10-21
    with d.session("2026-10-21T08:55:00", R, branch="main", version="2.1.99"):
        t = d.task("bump rules_go to 0.58.0, it has the go 1.25 coverage fix we want. usual drill: tidy, full remote "
                   "build + test, then a build(deps) commit and PR", tags=["workflow:W3", "long_output"])
        t.read(P("MODULE.bazel"))
        t.edit(P("MODULE.bazel"), 'bazel_dep(name = "rules_go", version = "0.57.0")',
               'bazel_dep(name = "rules_go", version = "0.58.0")')
        t.bash("git switch -c build/rules-go-0.58 && bazel mod tidy && git status --short",
               "Branch, tidy the module graph and show changed files",
               out=" M MODULE.bazel\n M MODULE.bazel.lock", err="Switched to a new branch 'build/rules-go-0.58'")
        t.bash("bazel build //... --config=remote", "Full build on remote execution",
               err=bz_ok(412, "96.318", "61.07",
                         "1864 processes: 1302 remote cache hit, 411 internal, 151 remote", 1864, loaded=318, conf=9807),
               timeout=1200000)
        tests = ["//libs/go/authz:authz_test", "//libs/go/grpcmw:grpcmw_test", "//libs/go/httpmw:httpmw_test",
                 "//libs/go/money:money_test", "//libs/go/obs:obs_test", "//libs/java/audit:audit_test",
                 "//libs/java/fxrates:fxrates_test", "//libs/java/ratelimit:ratelimit_test",
                 "//services/billing/internal/api:api_test", "//services/billing/internal/invoice:invoice_test",
                 "//services/billing/internal/jobs:jobs_test", "//services/billing/internal/pdf:pdf_test",
                 "//services/gateway/internal/auth:auth_test", "//services/gateway/internal/proxy:proxy_test",
                 "//services/gateway/internal/summary:summary_test", "//services/gateway/internal/upstream:upstream_test",
                 "//services/ledger/internal/admin:admin_test", "//services/ledger/internal/api:api_test",
                 "//services/ledger/internal/store:store_test", "//services/payments/internal/api:api_test",
                 "//services/payments/internal/psp:psp_test", "//services/payments/internal/webhooks:webhooks_test",
                 "//services/pricing:pricing_test", "//tools/ledgerctl:ledgerctl_test", "//tools/seed:seed_test"]
        rows = [(x, "PASSED", f"{HX.randint(2, 95) / 10:.1f}", False) for x in tests]
        t.bash("bazel test //... --config=remote", "Full test run on remote execution",
               err=bz_ok(437, "71.552", "38.90",
                         "502 processes: 311 remote cache hit, 126 internal, 65 remote", 502, tests=len(tests)),
               out=test_summary(rows), timeout=1200000)
        t.bash('git commit -am "build(deps): bump rules_go to 0.58.0" && git push -u origin build/rules-go-0.58',
               "Commit and push the bump",
               out="[build/rules-go-0.58 7d41c0e] build(deps): bump rules_go to 0.58.0\n 2 files changed, 9 insertions(+), 9 deletions(-)\n"
                   "branch 'build/rules-go-0.58' set up to track 'origin/build/rules-go-0.58'.",
               err="remote: \nremote: Create a pull request for 'build/rules-go-0.58' on GitHub by visiting:\n"
                   "remote:      https://github.com/lanternhq/monorepo/pull/new/build/rules-go-0.58\nremote: \n"
                   "To github.com:lanternhq/monorepo.git\n * [new branch]      build/rules-go-0.58 -> build/rules-go-0.58")
        t.bash('gh pr create --base main --title "build(deps): bump rules_go to 0.58.0" --body "Picks up the Go 1.25 '
               'coverage fix. bazel mod tidy, full build + test green on RBE."', "Open the PR",
               out="https://github.com/lanternhq/monorepo/pull/2231")
        t.done(f"""rules_go **0.57.0 → 0.58.0**: PR https://github.com/lanternhq/monorepo/pull/2231

- `bazel mod tidy`: only MODULE.bazel + MODULE.bazel.lock changed (no `use_repo` changes).
- `bazel build //... --config=remote`: 412 targets, 1864 actions (1302 remote cache hits), 96 s.
- `bazel test //... --config=remote`: all **{len(tests)}** test targets pass.
- Commit `build(deps): bump rules_go to 0.58.0` on `build/rules-go-0.58`.""")

        t = d.task("audit lib: AuditEvent has to go out as JSON for the SIEM shipper. use jackson-databind, plus the jsr310 "
                   "module for the Instant (ISO-8601 strings, not epoch numbers). add a round-trip test",
                   tags=["mistake:M1"])
        t.bash("git switch -c feat/audit-json main", "Start a branch for the audit JSON work off main",
               err="Switched to a new branch 'feat/audit-json'")
        t.read(P(f"{AUDIT_DIR}/AuditEvent.java"))
        t.read(P("libs/java/audit/BUILD.bazel"))
        t.read(P("MODULE.bazel"))
        t.edit(P("MODULE.bazel"), '''        "com.google.truth:truth:1.4.4",
''', '''        "com.fasterxml.jackson.core:jackson-databind:2.20.0",
        "com.fasterxml.jackson.datatype:jackson-datatype-jsr310:2.20.0",
        "com.google.truth:truth:1.4.4",
''')
        t.edit(P("libs/java/audit/BUILD.bazel"), '''    deps = [
        "@maven//:com_google_guava_guava",
    ],
)''', '''    deps = [
        "@maven//:com_fasterxml_jackson_core_jackson_databind",
        "@maven//:com_fasterxml_jackson_datatype_jackson_datatype_jsr310",
        "@maven//:com_google_guava_guava",
    ],
)''')
        t.edit(P("libs/java/audit/BUILD.bazel"), '''    deps = [
        ":audit",
        "@maven//:com_google_truth_truth",''', '''    deps = [
        ":audit",
        "@maven//:com_fasterxml_jackson_core_jackson_databind",
        "@maven//:com_google_truth_truth",''')
        t.write(P(f"{AUDIT_DIR}/AuditEventJson.java"), '''package com.lanternhq.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.UncheckedIOException;

/** JSON wire format of {@link AuditEvent} for the SIEM shipper. Instants are ISO-8601 strings. */
public final class AuditEventJson {
    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .registerModule(new JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private AuditEventJson() {}

    public static String toJson(AuditEvent event) {
        try {
            return MAPPER.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static AuditEvent fromJson(String json) {
        try {
            return MAPPER.readValue(json, AuditEvent.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
''')
        t.write(P(f"{AUDIT_TDIR}/AuditEventJsonTest.java"), '''package com.lanternhq.audit;

import static com.google.common.truth.Truth.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Map;
import org.junit.Test;

public class AuditEventJsonTest {
    private static final AuditEvent EVENT =
            new AuditEvent(
                    "ae_01JAB3",
                    Instant.parse("2026-10-21T09:14:03.120Z"),
                    "user:olu",
                    "apikey.rotate",
                    "merchant:m_4411",
                    Map.of("ip", "10.20.1.7"));

    @Test
    public void roundTrips() {
        assertThat(AuditEventJson.fromJson(AuditEventJson.toJson(EVENT))).isEqualTo(EVENT);
    }

    @Test
    public void instantIsIsoString() throws Exception {
        JsonNode node = new ObjectMapper().readTree(AuditEventJson.toJson(EVENT));
        assertThat(node.get("occurredAt").asText()).isEqualTo("2026-10-21T09:14:03.120Z");
    }
}
''')
        t.read(P(f"{AUDIT_TDIR}/AllTests.java"))
        t.edit(P(f"{AUDIT_TDIR}/AllTests.java"), "@Suite.SuiteClasses({AuditEventTest.class})",
               "@Suite.SuiteClasses({AuditEventTest.class, AuditEventJsonTest.class})")
        t.fail("bazel test //libs/java/audit:audit_test", "Run the audit tests",
               repin_fail("-1349210617", "402881559", "libs/java/audit/BUILD.bazel", "3:13", "//libs/java/audit:audit",
                          "com_fasterxml_jackson_core_jackson_databind", "2.486", top="//libs/java/audit:audit_test",
                          test=True))
        t.say("The maven repo won't load: MODULE.bazel's artifact list changed (the two Jackson artifacts), so the "
              "lock file's input signature no longer matches. Checking nobody else touched the lock file, then "
              "re-pinning.")
        t.bash("git status --short", "Show working tree changes",
               out=f" M MODULE.bazel\n M libs/java/audit/BUILD.bazel\n M {AUDIT_TDIR}/AllTests.java\n"
                   f"?? {AUDIT_DIR}/AuditEventJson.java\n?? {AUDIT_TDIR}/AuditEventJsonTest.java")
        pin_err, pin_out = pin_ok("22.041", 66)
        t.bash("RULES_JVM_EXTERNAL_REPIN=1 bazel run @maven//:pin", "Re-pin the Maven lock file",
               out=pin_out, err=pin_err, timeout=600000)
        t.bash("git diff --stat maven_install.json", "Check what the re-pin changed",
               out=" maven_install.json | 58 ++++++++++++++++++++++++++++++++++++++++++++++++++++++---\n"
                   " 1 file changed, 55 insertions(+), 3 deletions(-)")
        t.bash("bazel test //libs/java/audit:audit_test", "Run the audit tests",
               err=bz_ok(2, "17.932", "13.40", "11 processes: 2 internal, 6 linux-sandbox, 3 worker", 11,
                         loaded=4, conf=188, tests=1),
               out=test_summary([("//libs/java/audit:audit_test", "PASSED", "1.8", False)]))
        t.done("""JSON for audit events is in `libs/java/audit`:

- `AuditEventJson.toJson/fromJson` with one shared `ObjectMapper`: `JavaTimeModule` registered and `WRITE_DATES_AS_TIMESTAMPS` off, so `occurredAt` is an ISO-8601 string (`"2026-10-21T09:14:03.120Z"`); unknown properties are ignored on read so the SIEM side can add fields. Records work with Jackson 2.20 out of the box, no annotations needed.
- `AuditEventJsonTest`: round trip equals the original; `occurredAt` is serialized as an ISO string. Added to `AllTests`.

Build: `jackson-databind` and `jackson-datatype-jsr310` 2.20.0 in `maven.install`, deps on the library (databind also on the test), and `maven_install.json` re-pinned — the first test run stopped because the lock file was out of date with the new artifacts; `RULES_JVM_EXTERNAL_REPIN=1 bazel run @maven//:pin` fixed it (+55 lines in the lock: the two artifacts plus jackson-core/annotations). `audit_test` passes.""")

        d.precompact("""Analysis: Olu (build/infra) works in lanternhq/monorepo (Bazel 8.4.2, bzlmod; Go with rules_go + Gazelle; Java with rules_jvm_external and maven_install.json; protobuf; BuildBuddy BES + remote cache, RBE via --config=remote; rules_oci images on distroless).

Summary:
1. Earlier sessions: money.ApplyBasisPoints (stdlib testing, no testify), billing invoices on libs/go/money (money visibility extended to billing), ledger transfer same-account test, ledger 1.13.0 image pushed, ratelimit registry on Caffeine, ledgerctl reconcile on clearing-eur (one €350 posting after the snapshot), authz blast radius (6 call sites), note for #eng-infra about --remote_download_toplevel.
2. This session: rules_go bumped to 0.58.0 on build/rules-go-0.58, PR #2231 (full remote build + test green). Audit events serialized with Jackson (jsr310, ISO instants), round-trip test, lock file re-pinned; audit_test passes.
3. Java style: google-java-format --aosp.
4. Pending: nothing open.""")

        fb = ("the #eng-infra note about remote_download_toplevel was way too long — I had to cut half of it before "
              "posting. notes like that: 3–4 sentences, no headers, no benchmark numbers nobody asked for. redo just "
              "the 'what changes for you' part that way")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("Nothing to do on your side: `--remote_download_toplevel` is already in the shared `.bazelrc`. If your "
               "`.bazelrc.user` still sets `--remote_download_minimal`, delete that line, since it overrides the shared "
               "one. You'll find your binaries and test logs in `bazel-bin` again, at the cost of a bit more disk.")

    # ============================================================ S6  Fri 10-23  (acceptEdits)
    with d.session("2026-10-23T10:20:00", R, branch="feat/pricing-fx", version="2.1.100",
                   permission_mode="acceptEdits"):
        t = d.task("pricing should quote in the customer's currency, not always EUR. use FxRates from libs/java/fxrates "
                   "in PriceQuoter (QuoteRequest already has a currency field) and get it building",
                   tags=["mistake:M3"])
        t.read(P("services/pricing/src/main/java/com/lanternhq/pricing/PriceQuoter.java"))
        t.read(P("services/pricing/BUILD.bazel"))
        t.write(P("services/pricing/src/main/java/com/lanternhq/pricing/PriceQuoter.java"), '''package com.lanternhq.pricing;

import com.lanternhq.fxrates.FxRates;
import com.lanternhq.pricing.v1.Quote;
import com.lanternhq.pricing.v1.QuoteRequest;
import java.util.function.Supplier;

/** Turns a catalogue price (EUR minor units) into a quote in the customer's currency. */
public final class PriceQuoter {
    private static final String BASE = "EUR";

    private final Catalogue catalogue;
    private final Supplier<FxRates> rates;

    public PriceQuoter(Catalogue catalogue, Supplier<FxRates> rates) {
        this.catalogue = catalogue;
        this.rates = rates;
    }

    public Quote quote(QuoteRequest req) {
        long eurMinor = catalogue.priceMinor(req.getSku()) * req.getQuantity();
        String currency = req.getCurrency().isEmpty() ? BASE : req.getCurrency();
        long amountMinor =
                currency.equals(BASE) ? eurMinor : rates.get().convert(eurMinor, BASE, currency);
        return Quote.newBuilder()
                .setSku(req.getSku())
                .setQuantity(req.getQuantity())
                .setAmountMinor(amountMinor)
                .setCurrency(currency)
                .build();
    }
}
''')
        t.edit(P("services/pricing/BUILD.bazel"), '''    deps = [
        "//libs/java/ratelimit",''', '''    deps = [
        "//libs/java/fxrates",
        "//libs/java/ratelimit",''')
        t.fail("bazel build //services/pricing/...", "Build the pricing service",
               visibility_fail("java_library", "//services/pricing:pricing_lib", "services/pricing/BUILD.bazel", "3:13",
                               "//libs/java/fxrates:fxrates", "1.734"))
        t.say("fxrates is only visible to `//services/fx/...`. Adding the pricing package to its visibility list.")
        t.read(P("libs/java/fxrates/BUILD.bazel"))
        t.edit(P("libs/java/fxrates/BUILD.bazel"), '''    visibility = ["//services/fx:__subpackages__"],''',
               '''    visibility = [
        "//services/fx:__subpackages__",
        "//services/pricing:__pkg__",
    ],''')
        t.bash("bazel build //services/pricing/...", "Build the pricing service again",
               err=bz_ok(3, "19.215", "12.38", "14 processes: 4 remote cache hit, 3 internal, 3 linux-sandbox, 4 worker",
                         14, loaded=2, conf=57))
        t.bash("bazel test //services/pricing:pricing_test", "Run the pricing tests",
               err=bz_ok(1, "9.870", "7.12", "6 processes: 2 internal, 1 linux-sandbox, 3 worker", 6, tests=1).replace(
                   "INFO: Analyzed 1 targets", "INFO: Analyzed 1 target").replace(
                   "INFO: Found 0 targets and 1 test target...", "INFO: Found 1 test target..."),
               out=test_summary([("//services/pricing:pricing_test", "PASSED", "2.7", False)]))
        t.done("""`PriceQuoter` now quotes in the request's currency:

- takes a `Supplier<FxRates>` (so the service can swap in the daily rates without rebuilding the quoter);
- EUR (or an empty currency) is passed through unchanged; anything else goes through `FxRates.convert(eurMinor, "EUR", currency)`, which throws `IllegalArgumentException` for an unknown pair — surfaced as `INVALID_ARGUMENT` by the existing gRPC error mapping.

Build: `//libs/java/fxrates` added to `pricing_lib` deps. The first build failed on visibility (fxrates was only visible to `//services/fx/...`); I added `"//services/pricing:__pkg__"` to fxrates' `visibility`. Build and `pricing_test` pass. The `Main` wiring still passes a fixed EUR-only supplier — I can hook it to the fx service client next if you want.""")

        t = d.task("ledger api: add GET /v1/accounts/{id}/balance → {account_id, currency, balance_minor}. table test "
                   "with httptest, and again no testify — stdlib testing, go-cmp if you need a diff", tags=["workflow:W1", "pref:P1"])
        t.read(P("services/ledger/internal/api/router.go"))
        t.read(P("services/ledger/internal/store/store.go"))
        t.write(P("services/ledger/internal/api/balance.go"), '''package api

import (
	"errors"
	"net/http"

	"github.com/lanternhq/monorepo/services/ledger/internal/store"
)

type balanceResponse struct {
	AccountID    string `json:"account_id"`
	Currency     string `json:"currency"`
	BalanceMinor int64  `json:"balance_minor"`
}

func (s *Server) handleGetBalance(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	acc, err := s.store.GetAccount(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "account not found")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	bal, err := s.store.Balance(r.Context(), id)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	writeJSON(w, http.StatusOK, balanceResponse{AccountID: acc.ID, Currency: acc.Currency, BalanceMinor: bal})
}
''')
        t.edit(P("services/ledger/internal/api/router.go"), '''	s.mux.HandleFunc("GET /v1/accounts/{id}", s.handleGetAccount)
''', '''	s.mux.HandleFunc("GET /v1/accounts/{id}", s.handleGetAccount)
	s.mux.HandleFunc("GET /v1/accounts/{id}/balance", s.handleGetBalance)
''')
        t.write(P("services/ledger/internal/api/balance_test.go"), '''package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestHandleGetBalance(t *testing.T) {
	srv := newTestServer(t) // fake store: acc_1 EUR 12_500, acc_empty EUR 0
	tests := []struct {
		name     string
		path     string
		wantCode int
		want     *balanceResponse
	}{
		{"existing", "/v1/accounts/acc_1/balance", http.StatusOK,
			&balanceResponse{AccountID: "acc_1", Currency: "EUR", BalanceMinor: 12500}},
		{"zero balance", "/v1/accounts/acc_empty/balance", http.StatusOK,
			&balanceResponse{AccountID: "acc_empty", Currency: "EUR", BalanceMinor: 0}},
		{"unknown account", "/v1/accounts/acc_nope/balance", http.StatusNotFound, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			if rec.Code != tt.wantCode {
				t.Fatalf("status = %d, want %d (body %s)", rec.Code, tt.wantCode, rec.Body)
			}
			if tt.want == nil {
				return
			}
			var got balanceResponse
			if err := json.NewDecoder(rec.Body).Decode(&got); err != nil {
				t.Fatalf("decode: %v", err)
			}
			if diff := cmp.Diff(*tt.want, got); diff != "" {
				t.Errorf("response mismatch (-want +got):\\n%s", diff)
			}
		})
	}
}
''')
        t.bash("bazel run //:gazelle && git diff --stat -- '*.bazel'", "Run Gazelle and show BUILD changes",
               err=gazelle_ok("1.502"),
               out=" services/ledger/internal/api/BUILD.bazel | 3 +++\n 1 file changed, 3 insertions(+)")
        t.bash("bazel test //services/ledger/...", "Run the ledger tests",
               err=bz_ok(14, "12.664", "8.91", "19 processes: 5 remote cache hit, 8 internal, 6 linux-sandbox", 19,
                         loaded=1, conf=22, tests=3),
               out=test_summary([("//services/ledger/internal/admin:admin_test", "PASSED", "0.4", True),
                                 ("//services/ledger/internal/api:api_test", "PASSED", "0.7", False),
                                 ("//services/ledger/internal/store:store_test", "PASSED", "3.9", True)]))
        t.done("""`GET /v1/accounts/{id}/balance` is in:

- `balance.go`: looks the account up (404 `account not found` on `store.ErrNotFound`), then `store.Balance`; returns `{"account_id", "currency", "balance_minor"}`.
- Route registered in `router.go` next to `GET /v1/accounts/{id}` (Go 1.22 patterns, `r.PathValue("id")`).
- `balance_test.go`: table test over the fake store — existing account, zero balance, unknown account → 404; body compared with `cmp.Diff`. Stdlib `testing` + go-cmp only.

Gazelle added `balance.go`/`balance_test.go` and the go-cmp dep to the api BUILD file. `bazel test //services/ledger/...` passes (3 test targets, api_test re-ran).""")

        t = d.task("load the october FX fixtures into the local pricing db so the new quoting has rates to use: "
                   "fixtures/fx/2026-10.csv through the fixtureloader", tags=["mistake:M2"])
        jdbc = "jdbc:postgresql://localhost:5432/pricing_dev?user=pricing&password=pricing"
        argv = f"--csv fixtures/fx/2026-10.csv --table fx_rates --jdbc-url '{jdbc}'"
        t.fail(f"bazel run //tools/java/fixtureloader -- {argv}", "Load the October FX fixtures",
               bz_run_ok("//tools/java/fixtureloader:fixtureloader", "bazel-bin/tools/java/fixtureloader/fixtureloader",
                         argv.replace("'", ""), secs="11.082", crit="8.75", loaded=3, conf=96,
                         procs="7 processes: 2 remote cache hit, 2 internal, 1 linux-sandbox, 2 worker", actions=7) + """
Exception in thread "main" java.io.FileNotFoundException: fixtures/fx/2026-10.csv (No such file or directory)
	at java.base/java.io.FileInputStream.open0(Native Method)
	at java.base/java.io.FileInputStream.open(FileInputStream.java:213)
	at java.base/java.io.FileInputStream.<init>(FileInputStream.java:152)
	at java.base/java.io.FileInputStream.<init>(FileInputStream.java:106)
	at java.base/java.io.FileReader.<init>(FileReader.java:60)
	at com.lanternhq.tools.fixtureloader.CsvSource.open(CsvSource.java:31)
	at com.lanternhq.tools.fixtureloader.Main.run(Main.java:58)
	at com.lanternhq.tools.fixtureloader.Main.main(Main.java:24)""")
        t.say("Same thing as with ledgerctl: under `bazel run` the JVM's working directory is the runfiles tree, "
              "so the relative CSV path points nowhere. Checking the file, then passing an absolute path.")
        t.bash("head -3 fixtures/fx/2026-10.csv && wc -l fixtures/fx/2026-10.csv", "Peek at the fixture file",
               out="date,base,quote,rate\n2026-10-01,EUR,USD,1.0842\n2026-10-01,EUR,GBP,0.8611\n745 fixtures/fx/2026-10.csv")
        argv2 = f"--csv \"$(pwd)/fixtures/fx/2026-10.csv\" --table fx_rates --jdbc-url '{jdbc}'"
        t.bash(f"bazel run //tools/java/fixtureloader -- {argv2}", "Load the fixtures with an absolute path",
               err=bz_run_ok("//tools/java/fixtureloader:fixtureloader", "bazel-bin/tools/java/fixtureloader/fixtureloader",
                             f"--csv {R}/fixtures/fx/2026-10.csv --table fx_rates --jdbc-url {jdbc}", secs="0.544"),
               out="""[main] INFO com.lanternhq.tools.fixtureloader.Main - reading /home/olu/src/monorepo/fixtures/fx/2026-10.csv
[main] INFO com.lanternhq.tools.fixtureloader.Main - upserting into fx_rates (batch size 500)
[main] INFO com.lanternhq.tools.fixtureloader.Main - loaded 744 rows (31 days x 24 pairs), 0 skipped""")
        t.done("""Loaded: **744 rows** into `fx_rates` on `pricing_dev` (31 days × 24 pairs, EUR base), 0 skipped — upserts, so re-running is safe.

The first attempt threw `FileNotFoundException: fixtures/fx/2026-10.csv` because `bazel run` runs the loader from its runfiles directory; with `"$(pwd)/fixtures/fx/2026-10.csv"` it found the file.""")

    # ============================================================ S7  Tue 10-27
    with d.session("2026-10-27T09:30:00", R, branch="main", version="2.1.101"):
        t = d.task("run the payments tests on RBE — the PSP moved their sandbox to a new API version over the weekend and "
                   "I want to know if we're broken", tags=["unfixed:U1"])
        tl = f"{EXEC}/bazel-out/k8-fastbuild/testlogs/services/payments/internal/psp/psp_integration_test/test.log"
        t.fail("bazel test //services/payments/... --config=remote", "Run payments tests on remote execution",
               f"""INFO: Invocation ID: {(iid := inv())}
INFO: Streaming build results to: {BB}{iid}
INFO: Analyzed 19 targets (4 packages loaded, 211 targets configured).
FAIL: //services/payments/internal/psp:psp_integration_test (Exit 1) (see {tl})
INFO: From Testing //services/payments/internal/psp:psp_integration_test:
==================== Test output for //services/payments/internal/psp:psp_integration_test:
=== RUN   TestSandboxHealth
    psp_integration_test.go:38: GET https://sandbox.api.ferropay.io/v3/health: 503 Service Unavailable: {{"error":"sandbox_maintenance","message":"Sandbox is being migrated to API v3. Expected completion 2026-10-28 18:00 UTC."}}
--- FAIL: TestSandboxHealth (0.41s)
=== RUN   TestSandboxCreateCharge
    psp_integration_test.go:71: create charge: unexpected status 503
--- FAIL: TestSandboxCreateCharge (0.38s)
=== RUN   TestSandboxRefund
    psp_integration_test.go:112: create charge: unexpected status 503
--- FAIL: TestSandboxRefund (0.36s)
FAIL
================================================================================
INFO: Found 15 targets and 4 test targets...
INFO: Elapsed time: 29.840s, Critical Path: 17.22s
INFO: 61 processes: 37 remote cache hit, 14 internal, 10 remote.
INFO: Build completed, 1 test FAILED, 61 total actions
//services/payments/internal/api:api_test                       (cached) PASSED in 0.9s
//services/payments/internal/psp:psp_test                                PASSED in 0.6s
//services/payments/internal/webhooks:webhooks_test             (cached) PASSED in 0.5s
//services/payments/internal/psp:psp_integration_test                    FAILED in 1.6s
  {tl}

Executed 2 out of 4 tests: 3 tests pass and 1 fails remotely.
INFO: Streaming build results to: {BB}{iid}""", code=3)
        t.say("Only the sandbox integration test fails, and it's the sandbox itself answering 503 with a maintenance "
              "message. Checking it directly from here.")
        t.bash("curl -sS -w '\\nHTTP %{http_code}\\n' https://sandbox.api.ferropay.io/v3/health",
               "Call the PSP sandbox health endpoint directly",
               out='{"error":"sandbox_maintenance","message":"Sandbox is being migrated to API v3. Expected completion '
                   '2026-10-28 18:00 UTC."}\nHTTP 503')
        t.done("""Our code isn't the problem, as far as the tests can tell. The PSP sandbox is down.

- `psp_test` (unit, against recorded v3 fixtures), `api_test` and `webhooks_test` **pass**.
- `psp_integration_test` **fails**. All three cases get `503` from `sandbox.api.ferropay.io/v3`, and the body says `sandbox_maintenance: Sandbox is being migrated to API v3. Expected completion 2026-10-28 18:00 UTC.` A direct `curl` from your machine gets the same 503, so it isn't RBE networking.

There's nothing to fix on our side yet. The real check of the v3 migration can only happen after their window ends (tomorrow 18:00 UTC). I haven't marked the test flaky or skipped it.""")

        t = d.task("billing 0.9.0 image please, same routine as ledger last time", tags=["workflow:W2"])
        t.read(P("services/billing/BUILD.bazel"))
        t.bash("cat services/billing/VERSION && git log -1 --oneline", "Check the version and HEAD",
               out="0.9.0\n9b1e2d7 billing: invoice totals on libs/go/money (#2219)")
        t.bash("bazel run --stamp //services/billing:image_load", "Build and load the billing image",
               err=bz_run_ok("//services/billing:image_load", "bazel-bin/services/billing/image_load.sh", "",
                             secs="18.337", crit="12.90", loaded=2, conf=388,
                             procs="41 processes: 27 remote cache hit, 10 internal, 4 linux-sandbox", actions=41),
               out=f"Loaded image: {GHCR}/billing:dev")
        t.bash(f"docker run --rm {GHCR}/billing:dev --version", "Smoke-test the billing image",
               out="billing 0.9.0 (commit 9b1e2d7, go1.25.2, linux/amd64)")
        po, dg = push_out(f"{GHCR}/billing", ["0.9.0"], 2, 3, ("10/27 10:14:51", "10/27 10:14:53", "10/27 10:14:53"))
        t.bash("bazel run --stamp //services/billing:image_push -- --tag 0.9.0", "Push billing 0.9.0 to ghcr",
               err=bz_run_ok("//services/billing:image_push", "bazel-bin/services/billing/push_image_push.sh",
                             "--tag 0.9.0", secs="1.733", crit="0.28", loaded=1, conf=9,
                             procs="3 processes: 3 internal", actions=3), out=po, timeout=300000)
        t.done(f"""billing **0.9.0** pushed: `ghcr.io/lanternhq/billing:0.9.0` → `sha256:{dg[:12]}…`. It's built from `9b1e2d7` (the invoice/money change), and the smoke `--version` printed `billing 0.9.0 (commit 9b1e2d7, go1.25.2, linux/amd64)`. The image is still on distroless static.""")

        t = d.task("SlidingWindow: take a Duration for the window instead of long millis, and add retryAfterSeconds() "
                   "(int, rounded up) for the Retry-After header", tags=["oneoff:O2"])
        t.read(P(f"{RL_DIR}/SlidingWindow.java"))
        t.write(P(f"{RL_DIR}/SlidingWindow.java"), '''package com.lanternhq.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/** Counts events in a sliding time window. Not thread-safe; callers synchronize. */
public final class SlidingWindow {
    private final Deque<Long> events = new ArrayDeque<>();
    private final Duration window;
    private final int limit;
    private final Clock clock;

    public SlidingWindow(Duration window, int limit, Clock clock) {
        this.window = window;
        this.limit = limit;
        this.clock = clock;
    }

    /** @deprecated use {@link #SlidingWindow(Duration, int, Clock)}. */
    @Deprecated
    public SlidingWindow(long windowMillis, int limit, Clock clock) {
        this(Duration.ofMillis(windowMillis), limit, clock);
    }

    public boolean tryAcquire() {
        long now = clock.millis();
        evictOlderThan(now);
        if (events.size() >= limit) {
            return false;
        }
        events.addLast(now);
        return true;
    }

    /** Seconds until the next permit frees up, rounded up; 0 if one is available now. */
    public int retryAfterSeconds() {
        long now = clock.millis();
        evictOlderThan(now);
        if (events.size() < limit) {
            return 0;
        }
        long waitMillis = events.peekFirst() + window.toMillis() - now;
        return Duration.ofMillis(waitMillis).toSeconds() + (waitMillis % 1000 == 0 ? 0 : 1);
    }

    private void evictOlderThan(long now) {
        long cutoff = now - window.toMillis();
        while (!events.isEmpty() && events.peekFirst() <= cutoff) {
            events.pollFirst();
        }
    }
}
''')
        sw = d.files[P(f"{RL_DIR}/SlidingWindow.java")].split("\n")
        bad = next(i for i, l in enumerate(sw) if "toSeconds() +" in l) + 1
        t.bash(f"google-java-format --aosp --replace {RL_DIR}/SlidingWindow.java", "Format (AOSP style)")
        t.fail("bazel build //libs/java/ratelimit:ratelimit", "Build the ratelimit library",
               f"""INFO: Invocation ID: {(iid := inv())}
INFO: Streaming build results to: {BB}{iid}
INFO: Analyzed target //libs/java/ratelimit:ratelimit (0 packages loaded, 0 targets configured).
ERROR: {R}/libs/java/ratelimit/BUILD.bazel:3:13: Building libs/java/ratelimit/libratelimit.jar (4 source files) failed: (Exit 1): java failed: error executing Javac command (from target //libs/java/ratelimit:ratelimit) external/rules_java++toolchains+remotejdk21_linux/bin/java '--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED' '--add-exports=jdk.compiler/com.sun.tools.javac.main=ALL-UNNAMED' ... (remaining 19 arguments skipped)
{RL_DIR}/SlidingWindow.java:{bad}: error: incompatible types: possible lossy conversion from long to int
        return Duration.ofMillis(waitMillis).toSeconds() + (waitMillis % 1000 == 0 ? 0 : 1);
                                                          ^
Target //libs/java/ratelimit:ratelimit failed to build
Use --verbose_failures to see the command lines of failed build steps.
INFO: Elapsed time: 4.207s, Critical Path: 3.86s
INFO: 2 processes: 1 internal, 1 worker.
ERROR: Build did NOT complete successfully
INFO: Streaming build results to: {BB}{iid}""")
        t.say("`toSeconds()` returns a long. Doing the round-up in integer millis and converting explicitly.")
        t.edit(P(f"{RL_DIR}/SlidingWindow.java"),
               "        return Duration.ofMillis(waitMillis).toSeconds() + (waitMillis % 1000 == 0 ? 0 : 1);",
               "        return Math.toIntExact(Math.max(0, (waitMillis + 999) / 1000));")
        t.bash("bazel build //libs/java/ratelimit:ratelimit", "Build the ratelimit library",
               err=bz_ok(1, "3.118", "2.77", "2 processes: 1 internal, 1 worker", 2, target="//libs/java/ratelimit:ratelimit",
                         outputs=["bazel-bin/libs/java/ratelimit/libratelimit.jar"]))
        t.bash("bazel test //libs/java/ratelimit/...", "Run the ratelimit tests",
               err=bz_ok(2, "6.020", "4.85", "4 processes: 1 internal, 1 linux-sandbox, 2 worker", 4, tests=1),
               out=test_summary([("//libs/java/ratelimit:ratelimit_test", "PASSED", "1.9", False)]))
        t.done("""`SlidingWindow` changes:

- New constructor `SlidingWindow(Duration window, int limit, Clock clock)`; the `long windowMillis` one stays as a `@Deprecated` delegate so pricing and the tests keep compiling.
- `retryAfterSeconds()`: evicts expired events, returns 0 if a permit is free, otherwise `ceil((oldest + window − now) / 1000)` as an int.
- Eviction moved into a private `evictOlderThan(now)` used by both methods.

The first build failed: `possible lossy conversion from long to int`, because `Duration.toSeconds()` returns a long. I now round up in integer millis with `Math.toIntExact`. The build and `ratelimit_test` pass. A test for `retryAfterSeconds` with a fixed `Clock` would be a good follow-up.""")

        t = d.task("add `build:ci --lockfile_mode=error` to .bazelrc so CI fails when someone forgets to commit "
                   "MODULE.bazel.lock", tags=["noise"])
        t.read(P(".bazelrc"))
        t.edit(P(".bazelrc"), '''build:ci --config=remote
build:ci --stamp
''', '''build:ci --config=remote
build:ci --stamp
build:ci --lockfile_mode=error
''')
        t.done("""Added `build:ci --lockfile_mode=error` under the other `ci` lines in `.bazelrc`. On CI a stale or missing `MODULE.bazel.lock` entry now fails the build instead of being silently rewritten. Laptops keep `--lockfile_mode=update` from the `common` line.

One caveat: `build:` configs apply to `build`, `test`, `run` and the other commands that inherit from build, but not to `bazel mod` or `bazel query`. If CI also runs `bazel query` against the module graph, use `common:ci --lockfile_mode=error` instead.""")

    # ============================================================ S8  Fri 10-30
    with d.session("2026-10-30T14:05:00", R, branch="feat/gateway-account", version="2.1.102"):
        t = d.task("gateway's GetAccountSummary should return the ledger Account message too (name, currency, status). "
                   "import proto/ledger/v1/account.proto in gateway.proto and wire it through. commit once it's green",
                   tags=["mistake:M3"])
        t.read(P("proto/gateway/v1/gateway.proto"))
        t.read(P("services/gateway/internal/summary/summary.go"))
        t.edit(P("proto/gateway/v1/gateway.proto"), '''import "google/protobuf/timestamp.proto";
''', '''import "google/protobuf/timestamp.proto";
import "proto/ledger/v1/account.proto";
''')
        t.edit(P("proto/gateway/v1/gateway.proto"), '''  google.protobuf.Timestamp as_of = 4;
}''', '''  google.protobuf.Timestamp as_of = 4;
  lanternhq.ledger.v1.Account account = 5;
}''')
        t.write(P("services/gateway/internal/summary/summary.go"), '''package summary

import (
	"context"

	gatewayv1 "github.com/lanternhq/monorepo/proto/gateway/v1"
	ledgerv1 "github.com/lanternhq/monorepo/proto/ledger/v1"
	"google.golang.org/protobuf/types/known/timestamppb"
)

type LedgerClient interface {
	GetAccount(ctx context.Context, accountID string) (*ledgerv1.Account, error)
	Balance(ctx context.Context, accountID string) (minor int64, currency string, err error)
}

type Service struct {
	gatewayv1.UnimplementedGatewayServiceServer
	Ledger LedgerClient
}

func (s *Service) GetAccountSummary(ctx context.Context, req *gatewayv1.GetAccountSummaryRequest) (*gatewayv1.GetAccountSummaryResponse, error) {
	acc, err := s.Ledger.GetAccount(ctx, req.GetAccountId())
	if err != nil {
		return nil, err
	}
	minor, cur, err := s.Ledger.Balance(ctx, req.GetAccountId())
	if err != nil {
		return nil, err
	}
	return &gatewayv1.GetAccountSummaryResponse{
		AccountId:    req.GetAccountId(),
		BalanceMinor: minor,
		Currency:     cur,
		AsOf:         timestamppb.Now(),
		Account:      acc,
	}, nil
}
''')
        t.grep("Balance\\(ctx", path=P("services/gateway"), output_mode="content", n=True,
               content="services/gateway/internal/summary/summary.go:27:	minor, cur, err := s.Ledger.Balance(ctx, req.GetAccountId())\n"
                       "services/gateway/internal/upstream/ledger.go:44:func (c *LedgerGRPC) Balance(ctx context.Context, accountID string) (int64, string, error) {\n"
                       "services/gateway/internal/summary/summary_test.go:19:func (f fakeLedger) Balance(ctx context.Context, id string) (int64, string, error) {")
        t.bash("bazel run //:gazelle && git diff --stat -- '*.bazel'", "Regenerate BUILD files",
               err=gazelle_ok("2.266"),
               out=" proto/gateway/v1/BUILD.bazel                 | 7 +++++--\n services/gateway/internal/summary/BUILD.bazel | 1 +\n"
                   " 2 files changed, 6 insertions(+), 2 deletions(-)")
        t.fail("bazel build //proto/gateway/... //services/gateway/...", "Build the gateway protos and service",
               visibility_fail("proto_library", "//proto/gateway/v1:gateway_proto", "proto/gateway/v1/BUILD.bazel",
                               "5:14", "//proto/ledger/v1:ledger_proto", "2.951"))
        t.say("The ledger protos default to being visible only inside `//services/ledger`. The gateway proto and "
              "the gateway service both need them now.")
        t.read(P("proto/ledger/v1/BUILD.bazel"))
        t.edit(P("proto/ledger/v1/BUILD.bazel"),
               'package(default_visibility = ["//services/ledger:__subpackages__"])',
               '''package(default_visibility = [
    "//proto/gateway:__subpackages__",
    "//services/gateway:__subpackages__",
    "//services/ledger:__subpackages__",
])''')
        t.bash("bazel build //proto/gateway/... //services/gateway/...", "Build the gateway protos and service again",
               err=bz_ok(21, "27.408", "16.35", "58 processes: 22 remote cache hit, 17 internal, 19 linux-sandbox", 58,
                         loaded=3, conf=402))
        t.say("It builds. `upstream.LedgerGRPC` already implemented `GetAccount`, but the fake in `summary_test.go` "
              "didn't have one, so the test would not compile. Adding it.")
        t.read(P("services/gateway/internal/summary/summary_test.go"))
        t.edit(P("services/gateway/internal/summary/summary_test.go"), '''func (f fakeLedger) Balance(ctx context.Context, id string) (int64, string, error) {''',
               '''func (f fakeLedger) GetAccount(ctx context.Context, id string) (*ledgerv1.Account, error) {
	return &ledgerv1.Account{Id: id, Name: "Test GmbH", Currency: "EUR", Status: ledgerv1.AccountStatus_ACCOUNT_STATUS_ACTIVE}, nil
}

func (f fakeLedger) Balance(ctx context.Context, id string) (int64, string, error) {''')
        t.edit(P("services/gateway/internal/summary/summary_test.go"), '''	gatewayv1 "github.com/lanternhq/monorepo/proto/gateway/v1"
''', '''	gatewayv1 "github.com/lanternhq/monorepo/proto/gateway/v1"
	ledgerv1 "github.com/lanternhq/monorepo/proto/ledger/v1"
''')
        t.edit(P("services/gateway/internal/summary/summary_test.go"), '''	if got.GetBalanceMinor() != 12500 {''',
               '''	if got.GetAccount().GetName() != "Test GmbH" {
		t.Errorf("account name = %q, want %q", got.GetAccount().GetName(), "Test GmbH")
	}
	if got.GetBalanceMinor() != 12500 {''')
        t.bash("bazel test //services/gateway/...", "Run the gateway tests",
               err=bz_ok(24, "9.311", "6.04", "12 processes: 4 remote cache hit, 5 internal, 3 linux-sandbox", 12,
                         tests=4),
               out=test_summary([("//services/gateway/internal/auth:auth_test", "PASSED", "0.3", True),
                                 ("//services/gateway/internal/proxy:proxy_test", "PASSED", "1.2", True),
                                 ("//services/gateway/internal/summary:summary_test", "PASSED", "0.2", False),
                                 ("//services/gateway/internal/upstream:upstream_test", "PASSED", "0.9", True)]))
        t.bash('git add -A proto/gateway proto/ledger services/gateway && git commit -m "gateway: return ledger Account in GetAccountSummary"',
               "Commit the gateway change",
               out="[feat/gateway-account a91f4c3] gateway: return ledger Account in GetAccountSummary\n 6 files changed, 41 insertions(+), 6 deletions(-)")
        t.done("""Committed as `a91f4c3` on `feat/gateway-account`. `GetAccountSummaryResponse` now has `lanternhq.ledger.v1.Account account = 5`. The change touched:

- `gateway.proto`: imports `proto/ledger/v1/account.proto`. Gazelle added `//proto/ledger/v1:ledger_proto` to `gateway_proto` and the ledger Go proto to the gateway Go proto and summary deps.
- `summary.go`: the `LedgerClient` interface gained `GetAccount`, and the handler fills `Account` (name, currency, status come straight from ledger's message). `upstream.LedgerGRPC` already implemented `GetAccount`.
- Visibility: the first build failed because the ledger protos were only visible inside `//services/ledger`. I added `//proto/gateway:__subpackages__` and `//services/gateway:__subpackages__` to the `default_visibility` in `proto/ledger/v1/BUILD.bazel`, which covers both `ledger_proto` and `ledger_go_proto`.

The build and all 4 gateway test targets pass. The field is additive (new number 5), so old clients are unaffected.""")

        t = d.task("heads up, we're dropping --aosp: all Java moves to plain google-java-format (2-space indent) this "
                   "week and the CI check lands monday. reformat libs/java/ratelimit and libs/java/audit and make sure "
                   "they still build. separate commit for the reformat", tags=["reversal:P3"])
        t.bash("google-java-format --replace $(git ls-files 'libs/java/ratelimit/*.java' 'libs/java/audit/*.java') && "
               "git diff --stat", "Reformat both libraries with default google-java-format",
               out=f""" libs/java/audit/src/main/java/com/lanternhq/audit/AuditEvent.java          | 16 +++----
 libs/java/audit/src/main/java/com/lanternhq/audit/AuditEventJson.java      | 44 +++++++++---------
 libs/java/audit/src/test/java/com/lanternhq/audit/AllTests.java            |  2 +-
 libs/java/audit/src/test/java/com/lanternhq/audit/AuditEventJsonTest.java  | 38 ++++++++--------
 libs/java/audit/src/test/java/com/lanternhq/audit/AuditEventTest.java      | 30 ++++++-------
 {RL_DIR}/SlidingWindow.java      | 86 ++++++++++++++++++------------------
 {RL_DIR}/TokenBucket.java        | 62 +++++++++++++-------------
 {RL_DIR}/TokenBucketRegistry.java | 78 ++++++++++++++++----------------
 libs/java/ratelimit/src/test/java/com/lanternhq/ratelimit/AllTests.java    |  2 +-
 .../lanternhq/ratelimit/SlidingWindowTest.java                          | 40 ++++++++---------
 .../lanternhq/ratelimit/TokenBucketTest.java                            | 54 +++++++++++-----------
 11 files changed, 226 insertions(+), 226 deletions(-)""")
        t.bash("bazel build //libs/java/ratelimit/... //libs/java/audit/...", "Build both libraries",
               err=bz_ok(4, "12.882", "9.61", "10 processes: 2 internal, 4 linux-sandbox, 4 worker", 10))
        t.bash("git diff -w --stat", "Confirm the change is whitespace only")
        t.bash('git commit -am "style: google-java-format without --aosp (ratelimit, audit)"', "Commit the reformat on its own",
               out="[feat/gateway-account 3c8d4e0] style: google-java-format without --aosp (ratelimit, audit)\n 11 files changed, 226 insertions(+), 226 deletions(-)")
        t.done("""Committed separately as `3c8d4e0`. Both libraries are reformatted with plain `google-java-format` (2-space indent, no `--aosp`). The diff touches 11 files, 226 lines changed, and `git diff -w` is empty, so it's whitespace only. Both build.

From now on I'll use plain google-java-format for Java here. One suggestion: add `3c8d4e0` to `.git-blame-ignore-revs` so blame stays useful.""")

        t = d.task("rules_oci 2.2.7 is out with the crane bump, take it", tags=["workflow:W3", "flaky:F2"])
        t.read(P("MODULE.bazel"))
        t.edit(P("MODULE.bazel"), 'bazel_dep(name = "rules_oci", version = "2.2.6")',
               'bazel_dep(name = "rules_oci", version = "2.2.7")')
        t.bash("git switch -c build/rules-oci-2.2.7 main && bazel mod tidy && git status --short",
               "Branch off main and tidy the module graph",
               out=" M MODULE.bazel\n M MODULE.bazel.lock", err="Switched to a new branch 'build/rules-oci-2.2.7'")
        iid = inv()
        t.fail("bazel build //... --config=remote", "Full build on remote execution", f"""INFO: Invocation ID: {iid}
INFO: Streaming build results to: {BB}{iid}
ERROR: Failed to query remote execution capabilities: UNAVAILABLE: upstream connect error or disconnect/reset before headers. reset reason: connection termination
INFO: Streaming build results to: {BB}{iid}""", code=34, timeout=1200000)
        t.say("BuildBuddy dropped the connection during the capabilities handshake (exit 34, remote error). "
              "Nothing was built. Retrying the same command.")
        t.bash("bazel build //... --config=remote", "Full build on remote execution",
               err=bz_ok(415, "88.206", "54.12", "1711 processes: 1388 remote cache hit, 214 internal, 109 remote", 1711,
                         loaded=322, conf=9911), timeout=1200000)
        rows = [(x, "PASSED", f"{HX.randint(2, 95) / 10:.1f}", HX.random() < 0.7) for x in tests]
        t.bash("bazel test //... --config=remote", "Full test run on remote execution",
               err=bz_ok(440, "41.095", "22.37", "214 processes: 133 remote cache hit, 52 internal, 29 remote", 214,
                         tests=len(tests)),
               out=test_summary(rows), timeout=1200000)
        t.bash('git commit -am "build(deps): bump rules_oci to 2.2.7" && git push -u origin build/rules-oci-2.2.7 && '
               'gh pr create --base main --title "build(deps): bump rules_oci to 2.2.7" --body "crane bump. mod tidy, '
               'full build + test on RBE green."', "Commit, push and open the PR",
               out="[build/rules-oci-2.2.7 c02f9a8] build(deps): bump rules_oci to 2.2.7\n 2 files changed, 14 insertions(+), 14 deletions(-)\n"
                   "branch 'build/rules-oci-2.2.7' set up to track 'origin/build/rules-oci-2.2.7'.\n"
                   "https://github.com/lanternhq/monorepo/pull/2262",
               err="To github.com:lanternhq/monorepo.git\n * [new branch]      build/rules-oci-2.2.7 -> build/rules-oci-2.2.7")
        t.done(f"""rules_oci **2.2.6 → 2.2.7** is up as PR https://github.com/lanternhq/monorepo/pull/2262.

- `bazel mod tidy` touched MODULE.bazel and the lock only.
- The first `bazel build //... --config=remote` died before building anything, with `UNAVAILABLE … connection termination` from BuildBuddy while querying capabilities. The identical retry ran through: 415 targets, 1388 of 1711 actions from cache.
- `bazel test //... --config=remote`: all {len(tests)} test targets pass.
- The commit is `build(deps): bump rules_oci to 2.2.7`, on `build/rules-oci-2.2.7`.

I didn't push an image with it. The next image release will be the first to use the new crane.""")

    # ============================================================ S9  Mon 11-09
    with d.session("2026-11-09T09:15:00", R, branch="feat/ledger-export", version="2.1.104"):
        t = d.task("reset my local ledger db with the seed data in testdata/seed/ledger.sql (--truncate), I want real "
                   "looking accounts to try the balance endpoint against", tags=["mistake:M2"])
        dsn = "postgres://ledger:ledger@localhost:5432/ledger_dev?sslmode=disable"
        argv = f"--dsn '{dsn}' --file testdata/seed/ledger.sql --truncate"
        t.bash("pg_isready -h localhost -p 5432", "Check the local Postgres is up",
               out="localhost:5432 - accepting connections")
        t.fail(f"bazel run //tools/seed -- {argv}", "Seed the local ledger database",
               bz_run_ok("//tools/seed:seed", "bazel-bin/tools/seed/seed_/seed", argv.replace("'", ""),
                         secs="6.904", crit="5.31", loaded=2, conf=88,
                         procs="5 processes: 2 remote cache hit, 1 internal, 2 linux-sandbox", actions=5) +
               "\nseed: read testdata/seed/ledger.sql: open testdata/seed/ledger.sql: no such file or directory")
        t.bash("git ls-files testdata/seed", "List the seed files in the repo",
               out="testdata/seed/billing.sql\ntestdata/seed/ledger.sql\ntestdata/seed/pricing.sql")
        t.say("The file exists; the relative path was resolved inside the runfiles directory `bazel run` starts the "
              "tool in. Passing it as an absolute path.")
        argv2 = f"--dsn '{dsn}' --file \"$PWD/testdata/seed/ledger.sql\" --truncate"
        t.bash(f"bazel run //tools/seed -- {argv2}", "Seed the local ledger database with an absolute path",
               err=bz_run_ok("//tools/seed:seed", "bazel-bin/tools/seed/seed_/seed",
                             f"--dsn {dsn} --file {R}/testdata/seed/ledger.sql --truncate", secs="0.397"),
               out="seed: truncated accounts, journal_entries, postings, balance_snapshots\n"
                   "seed: applied 212 statements from /home/olu/src/monorepo/testdata/seed/ledger.sql in 418ms\n"
                   "seed: 24 accounts, 1806 postings")
        t.done("""The local `ledger_dev` has been reset and seeded: the 4 ledger tables were truncated, then 212 statements applied, which gives **24 accounts and 1806 postings**.

The first run couldn't find `testdata/seed/ledger.sql` because `bazel run` starts the tool in its runfiles tree. With `"$PWD/testdata/seed/ledger.sql"` it worked. To try the endpoint, `acc_1`..`acc_24` exist, e.g. `GET /v1/accounts/acc_3/balance`.""")

        t = d.task("ledger: new package internal/export with a CSV writer for statement lines (date, reference, "
                   "amount_minor, currency, balance_after). golden-string tests, stdlib only — don't bring testify back "
                   "in, cmp.Diff is fine", tags=["workflow:W1", "pref:P1"])
        t.write(P("services/ledger/internal/export/csv.go"), '''// Package export writes account statements in external formats.
package export

import (
	"encoding/csv"
	"io"
	"strconv"
	"time"
)

// Line is one posting on a statement.
type Line struct {
	Date         time.Time
	Reference    string
	AmountMinor  int64
	Currency     string
	BalanceAfter int64
}

var header = []string{"date", "reference", "amount_minor", "currency", "balance_after"}

// WriteCSV writes a header and one row per line. Dates are UTC, YYYY-MM-DD.
func WriteCSV(w io.Writer, lines []Line) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, l := range lines {
		rec := []string{
			l.Date.UTC().Format(time.DateOnly),
			l.Reference,
			strconv.FormatInt(l.AmountMinor, 10),
			l.Currency,
			strconv.FormatInt(l.BalanceAfter, 10),
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
''')
        t.write(P("services/ledger/internal/export/csv_test.go"), '''package export

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestWriteCSV(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 15, 4, 5, 0, time.UTC) }
	tests := []struct {
		name  string
		lines []Line
		want  string
	}{
		{"header only", nil, "date,reference,amount_minor,currency,balance_after\\n"},
		{"two lines", []Line{
			{Date: day(2), Reference: "po_7781", AmountMinor: 35000, Currency: "EUR", BalanceAfter: 35000},
			{Date: day(3), Reference: "fee_12", AmountMinor: -250, Currency: "EUR", BalanceAfter: 34750},
		}, "date,reference,amount_minor,currency,balance_after\\n" +
			"2026-11-02,po_7781,35000,EUR,35000\\n" +
			"2026-11-03,fee_12,-250,EUR,34750\\n"},
		{"reference with comma is quoted", []Line{
			{Date: day(4), Reference: "inv 12, part 2", AmountMinor: 100, Currency: "EUR", BalanceAfter: 100},
		}, "date,reference,amount_minor,currency,balance_after\\n" +
			"2026-11-04,\\"inv 12, part 2\\",100,EUR,100\\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteCSV(&b, tt.lines); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("CSV mismatch (-want +got):\\n%s", diff)
			}
		})
	}
}
''')
        t.bash("bazel run //:gazelle", "Generate the BUILD file for the new package", err=gazelle_ok("1.661"))
        t.bash("bazel test //services/ledger/internal/export/...", "Run the export tests",
               err=bz_ok(2, "4.207", "3.12", "6 processes: 3 internal, 3 linux-sandbox", 6, loaded=1, conf=7, tests=1),
               out=test_summary([("//services/ledger/internal/export:export_test", "PASSED", "0.2", False)]))
        t.done("""New package `services/ledger/internal/export`:

- `WriteCSV(w io.Writer, lines []Line) error` uses `encoding/csv`, so quoting/escaping is handled. It writes the header `date,reference,amount_minor,currency,balance_after`, dates in UTC as `YYYY-MM-DD`, and amounts as integer minor units.
- `csv_test.go` is a golden-string table test covering header only, two lines (including a negative fee), and a reference containing a comma (quoted). It compares with `cmp.Diff` and uses only stdlib `testing` plus go-cmp.

Gazelle generated `export/BUILD.bazel` (`go_library` + `go_test` with the go-cmp dep). `bazel test //services/ledger/internal/export/...` passes. It isn't wired to an endpoint yet. Tell me when you want `GET /v1/accounts/{id}/statement.csv`.""")

        t = d.task("what landed in the build setup (MODULE.bazel, .bazelrc, tools/, platforms/) since Oct 12? need a list "
                   "for the infra sync, commit list is fine", tags=["noise", "long_output"])
        log = """c02f9a8 build(deps): bump rules_oci to 2.2.7 (#2262)
5e7d10b platforms: add linux_arm64 constraint set for gateway index
a91f4c3 gateway: return ledger Account in GetAccountSummary (#2258)
0be3e77 tools/seed: print account/posting counts after seeding
2d8c6f1 bazelrc: build:ci --lockfile_mode=error (#2247)
77c2e90 ratelimit: SlidingWindow Duration + retryAfterSeconds (#2245)
e1d0b5a tools/java/fixtureloader: upsert instead of insert
9f3b2c4 pricing: quote in customer currency via fxrates (#2241)
4a6e8d1 tools/ledgerctl: reconcile --account filter
b83c7f2 audit: jackson JSON for AuditEvent, maven re-pin (#2236)
7d41c0e build(deps): bump rules_go to 0.58.0 (#2231)
61f0a9e platforms: rbe_linux_amd64 exec properties (container-image bump)
c3e5d72 tools/workspace_status.sh: STABLE_<SVC>_VERSION from services/*/VERSION
08b9e4f bazelrc: --remote_download_toplevel for laptops (#2226)
d4a2f17 gateway: cenkalti/backoff for upstream retries (go.mod + go_deps use_repo)
9b1e2d7 billing: invoice totals on libs/go/money (#2219)
3f9c2ab ledger: VERSION 1.13.0
52e8a0c ratelimit: Caffeine-backed TokenBucketRegistry, maven re-pin (#2214)
ab07d3e tools/ci: buildifier check in pre-merge
e66c1f9 MODULE.bazel: drop unused rules_pkg extension use
1c9d8b2 bazelrc: remove --experimental_remote_cache_compression (now default)"""
        t.bash("git log --oneline --since=2026-10-12 -- MODULE.bazel MODULE.bazel.lock .bazelrc tools/ platforms/ "
               "'**/BUILD.bazel' maven_install.json go.mod", "List build-setup commits since Oct 12", out=log)
        t.done("""Build-setup changes since Oct 12, grouped (21 commits):

**Dependencies / module graph**
- rules_go 0.57 → 0.58 (#2231), rules_oci 2.2.6 → 2.2.7 (#2262)
- Maven re-pins: Caffeine for ratelimit (#2214), Jackson for audit (#2236)
- gateway: `cenkalti/backoff` added via go.mod + `go_deps` use_repo
- rules_pkg extension use dropped

**.bazelrc**
- `--remote_download_toplevel` for laptops (#2226)
- `build:ci --lockfile_mode=error` (#2247)
- `--experimental_remote_cache_compression` removed (default now)

**Platforms / RBE**
- `rbe_linux_amd64` exec properties (new executor image)
- `linux_arm64` constraint set (for the gateway image index)

**Tools**
- `workspace_status.sh` reads `STABLE_<SVC>_VERSION` from `services/*/VERSION`
- ledgerctl `reconcile --account`, seed prints counts, fixtureloader upserts
- buildifier check in pre-merge CI

**Visibility / BUILD**
- libs/go/money → billing, libs/java/fxrates → pricing, ledger protos → gateway (#2258)""")

        t = d.task("FxRatesTest is clunky with plain junit asserts. add assertj as a test dependency and rewrite the test "
                   "with it", tags=["mistake:M1"])
        t.read(P("libs/java/fxrates/src/test/java/com/lanternhq/fxrates/FxRatesTest.java"))
        t.read(P("libs/java/fxrates/BUILD.bazel"))
        t.read(P("MODULE.bazel"))
        t.edit(P("MODULE.bazel"), '''        "org.postgresql:postgresql:42.7.8",''', '''        "org.assertj:assertj-core:3.27.6",
        "org.postgresql:postgresql:42.7.8",''')
        t.edit(P("libs/java/fxrates/BUILD.bazel"), '''        ":fxrates",
        "@maven//:junit_junit",''', '''        ":fxrates",
        "@maven//:junit_junit",
        "@maven//:org_assertj_assertj_core",''')
        t.write(P("libs/java/fxrates/src/test/java/com/lanternhq/fxrates/FxRatesTest.java"), '''package com.lanternhq.fxrates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import org.junit.Test;

public class FxRatesTest {
  private final FxRates rates =
      FxRates.of(
          LocalDate.of(2026, 10, 1),
          Map.of("EUR/USD", new BigDecimal("1.0842"), "EUR/GBP", new BigDecimal("0.8611")));

  @Test
  public void directRate() {
    assertThat(rates.rate("EUR", "USD")).hasValue(new BigDecimal("1.0842"));
  }

  @Test
  public void inverseRateIsComputed() {
    assertThat(rates.rate("USD", "EUR")).hasValue(new BigDecimal("0.922339"));
  }

  @Test
  public void unknownPairIsEmpty() {
    assertThat(rates.rate("EUR", "JPY")).isEmpty();
  }

  @Test
  public void convertRejectsUnknownPair() {
    assertThatThrownBy(() -> rates.convert(1000, "EUR", "JPY"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no rate EUR/JPY on 2026-10-01");
  }
}
''')
        t.bash("google-java-format --replace libs/java/fxrates/src/test/java/com/lanternhq/fxrates/FxRatesTest.java",
               "Format the test (google-java-format)")
        t.fail("bazel test //libs/java/fxrates:fxrates_test", "Run the fxrates tests",
               repin_fail("1873006542", "-611239085", "libs/java/fxrates/BUILD.bazel", "14:10",
                          "//libs/java/fxrates:fxrates_test", "org_assertj_assertj_core", "2.877", test=True))
        t.say("The new Maven artifact isn't in the lock file yet. Re-pinning.")
        pin_err, pin_out = pin_ok("16.230", 69)
        t.bash("REPIN=1 bazel run @maven//:pin && git diff --stat maven_install.json",
               "Re-pin maven_install.json and show the change", out=pin_out + "\n maven_install.json | 21 +++++++++++++++++++--\n 1 file changed, 19 insertions(+), 2 deletions(-)",
               err=pin_err, timeout=600000)
        t.bash("bazel test //libs/java/fxrates:fxrates_test", "Run the fxrates tests",
               err=bz_ok(1, "8.441", "6.20", "5 processes: 1 internal, 1 linux-sandbox, 3 worker", 5, loaded=2,
                         conf=44, tests=1).replace("INFO: Analyzed 1 targets", "INFO: Analyzed 1 target").replace(
                   "INFO: Found 0 targets and 1 test target...", "INFO: Found 1 test target..."),
               out=test_summary([("//libs/java/fxrates:fxrates_test", "PASSED", "1.1", False)]))
        t.done("""`FxRatesTest` now uses AssertJ. The four cases are the same, just shorter: `hasValue(...)` / `isEmpty()` on the `Optional`s, and `assertThatThrownBy(...).isInstanceOf(...).hasMessage(...)` in place of the try/fail/catch. Formatted with plain google-java-format (2-space).

Build changes:
- `org.assertj:assertj-core:3.27.6` added to `maven.install`
- `@maven//:org_assertj_assertj_core` added to `fxrates_test` deps only
- the lock file re-pinned with `REPIN=1 bazel run @maven//:pin`. The first test run couldn't load `@maven` because the lock file no longer matched the artifact list.

`fxrates_test` passes.""")

    # ============================================================ S10  Sat 11-14
    with d.session("2026-11-14T10:05:00", R, branch="main", version="2.1.106"):
        t = d.task("quiet saturday, good time to ship ledger 1.14.0 (VERSION bumped, balance endpoint + export). image "
                   "to ghcr like usual", tags=["workflow:W2"])
        t.bash("git pull --ff-only && cat services/ledger/VERSION && git log -1 --oneline",
               "Update main and check the version",
               out="Updating 6b2d9a0..8e02b6d\nFast-forward\n services/ledger/VERSION | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                   "1.14.0\n8e02b6d ledger: VERSION 1.14.0")
        t.bash("bazel run --stamp //services/ledger:image_load", "Build and load the ledger image",
               err=bz_run_ok("//services/ledger:image_load", "bazel-bin/services/ledger/image_load.sh", "",
                             secs="24.118", crit="15.02", loaded=5, conf=436,
                             procs="52 processes: 30 remote cache hit, 13 internal, 9 linux-sandbox", actions=52),
               out=f"Loaded image: {GHCR}/ledger:dev")
        t.bash(f"docker run --rm {GHCR}/ledger:dev --version", "Smoke-test the ledger image",
               out="ledger 1.14.0 (commit 8e02b6d, go1.25.2, linux/amd64)")
        po, dg = push_out(f"{GHCR}/ledger", ["1.14.0"], 1, 4, ("11/14 10:21:37", "11/14 10:21:39", "11/14 10:21:39"))
        t.bash("bazel run --stamp //services/ledger:image_push -- --tag 1.14.0", "Push ledger 1.14.0 to ghcr",
               err=bz_run_ok("//services/ledger:image_push", "bazel-bin/services/ledger/push_image_push.sh",
                             "--tag 1.14.0", secs="2.315", crit="0.33", loaded=1, conf=9,
                             procs="3 processes: 3 internal", actions=3), out=po, timeout=300000)
        t.done(f"""ledger **1.14.0** is out: `ghcr.io/lanternhq/ledger:1.14.0` → `sha256:{dg[:12]}…`, built from `8e02b6d`. The smoke run printed `ledger 1.14.0 (commit 8e02b6d, go1.25.2, linux/amd64)`. Only the app layer was new, since the 4 base layers were already in the registry. It's the first image pushed with rules_oci 2.2.7, and nothing looked different.""")

        t = d.task("push 1.14.0 to the prod registry too while we're at it", tags=["unfixed:U2"])
        t.fail("bazel run --stamp //services/ledger:image_push_prod -- --tag 1.14.0", "Push ledger 1.14.0 to prod Artifact Registry",
               bz_run_ok("//services/ledger:image_push_prod", "bazel-bin/services/ledger/push_image_push_prod.sh",
                         "--tag 1.14.0", secs="1.208", crit="0.29", loaded=0, conf=2,
                         procs="2 processes: 2 internal", actions=2) + f"""
Error: POST https://europe-west1-docker.pkg.dev/v2/lantern-prod/images/ledger/blobs/uploads/: DENIED: Permission "artifactregistry.repositories.uploadArtifacts" denied on resource "projects/lantern-prod/locations/europe-west1/repositories/images" (or it may not exist)""")
        t.bash("gcloud auth list --filter=status:ACTIVE --format='value(account)' && gcloud config get-value project",
               "Check which account and project gcloud uses",
               out="olu@lanternhq.com\nlantern-staging", err="Your active configuration is: [default]")
        t.done("""The prod push was **refused**: `DENIED: Permission "artifactregistry.repositories.uploadArtifacts" denied on resource "projects/lantern-prod/locations/europe-west1/repositories/images"`.

The credential helper is authenticating as **olu@lanternhq.com**, and that account can't write to the prod repository. Only the release service account has `artifactregistry.writer` on `lantern-prod`. I didn't try to work around that, e.g. with another account or a `gcloud` impersonation flag.

To get 1.14.0 into prod you can:
- run the release workflow for ledger 1.14.0, which pushes as the release SA (the usual path), or
- ask platform for temporary writer access on `lantern-prod/images`.

The ghcr image `ghcr.io/lanternhq/ledger:1.14.0` is unaffected.""")

        t = d.task("protobuf 33.0 is in the BCR now, bump us from 32.1. same drill as the other bumps",
                   tags=["workflow:W3"])
        t.read(P("MODULE.bazel"))
        t.edit(P("MODULE.bazel"), 'bazel_dep(name = "protobuf", version = "32.1")',
               'bazel_dep(name = "protobuf", version = "33.0")')
        t.bash("git switch -c build/protobuf-33 && bazel mod tidy && git status --short",
               "Branch and tidy the module graph",
               out=" M MODULE.bazel\n M MODULE.bazel.lock", err="Switched to a new branch 'build/protobuf-33'")
        t.bash("bazel build //... --config=remote", "Full build on remote execution",
               err=bz_ok(418, "212.774", "143.90",
                         "3120 processes: 611 remote cache hit, 415 internal, 2094 remote", 3120, loaded=341, conf=10233),
               timeout=1800000)
        rows = [(x, "PASSED", f"{HX.randint(2, 95) / 10:.1f}", False) for x in tests + ["//services/ledger/internal/export:export_test"]]
        t.bash("bazel test //... --config=remote", "Full test run on remote execution",
               err=bz_ok(444, "58.301", "31.66", "497 processes: 38 remote cache hit, 133 internal, 326 remote", 497,
                         tests=len(rows)),
               out=test_summary(rows), timeout=1800000)
        t.bash('git commit -am "build(deps): bump protobuf to 33.0" && git push -u origin build/protobuf-33 && '
               'gh pr create --base main --title "build(deps): bump protobuf to 33.0" --body "BCR protobuf 33.0. mod tidy; '
               'full build + test green on RBE (protoc rebuilt, so cold)."', "Commit, push and open the PR",
               out="[build/protobuf-33 b7c0e14] build(deps): bump protobuf to 33.0\n 2 files changed, 31 insertions(+), 31 deletions(-)\n"
                   "branch 'build/protobuf-33' set up to track 'origin/build/protobuf-33'.\n"
                   "https://github.com/lanternhq/monorepo/pull/2290",
               err="To github.com:lanternhq/monorepo.git\n * [new branch]      build/protobuf-33 -> build/protobuf-33")
        t.done(f"""protobuf **32.1 → 33.0**, PR https://github.com/lanternhq/monorepo/pull/2290.

- `bazel mod tidy` changed MODULE.bazel and the lock (protobuf pulls newer abseil and rules_cc).
- Full remote build took 213 s, mostly cold because protoc and every generated proto action rebuilt: 2094 remote actions.
- All {len(rows)} test targets pass on RBE.
- The commit is `build(deps): bump protobuf to 33.0`.""")

        t = d.task("quick one: is `bazel clean --expunge` ever actually needed after switching branches? people on the team "
                   "do it reflexively", tags=["noise", "no_tools"])
        t.done("""Almost never. It costs you the whole output base: the repository cache for external repos, the action cache, and the Bazel server, so the next build starts cold.

Bazel tracks inputs by content, so switching branches just makes it rebuild what changed. Stale outputs from the other branch can't leak into a build. When something does look stale after a switch, these are cheaper and usually enough:
- `bazel shutdown`, if the server itself is in a bad state (e.g. after changing env vars that `--incompatible_strict_action_env` doesn't cover);
- `bazel clean` (without `--expunge`): drops outputs, keeps fetched external repos;
- `bazel fetch --force` or `bazel mod tidy`, if it's about external repos / MODULE.bazel.lock.

`--expunge` is justified when the output base itself is broken: a corrupted external repo after a killed fetch, disk full mid-build, or a Bazel version downgrade. If people reach for it reflexively, it's worth finding out what symptom they're seeing. That symptom is usually a real bug (a non-hermetic genrule, an undeclared input) that deserves a ticket.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "The Java side uses rules_jvm_external's maven.install with a lock file (maven_install.json) and fail_if_repin_required. A new Maven artifact is added to the artifacts list in MODULE.bazel (plus the @maven label in a BUILD file) and the target is built or tested without re-pinning, so the @maven repository refuses to load.",
             "error_signature": "rules_jvm_external: 'ERROR: …/external/rules_jvm_external+/private/rules/coursier.bzl:531:21: An error occurred during the fetch of repository 'rules_jvm_external++maven+maven': … Error in fail: maven_install.json contains an invalid input signature (expected N and got M) and must be regenerated. This typically happens when the maven_install artifacts have been changed but not repinned. …' then '<target> depends on @@rules_jvm_external++maven+maven//:<artifact> in repository @@rules_jvm_external++maven+maven which failed to fetch.' (bazel build of a library, bazel test of a test target: 'Couldn't start the build. Unable to run tests')",
             "fix": "Re-pin the Maven lock file with `REPIN=1 bazel run @maven//:pin` (or `RULES_JVM_EXTERNAL_REPIN=1 bazel run @maven//:pin`), then re-run the same bazel build/test.",
             "fix_command_markers": [["@maven//:pin"]],
             "harmful_markers": ["fail_if_repin_required", "__INPUT_ARTIFACTS_HASH", "lock_file = None"]},
            {"id": "M2", "description": "Repo tools are run with `bazel run //tools/... -- <args>` and given paths relative to the workspace. `bazel run` starts the binary in its runfiles directory, not in the directory it was invoked from, so relative input paths don't resolve (Go tools and a Java tool).",
             "error_signature": "after 'INFO: Running command line: bazel-bin/tools/…': Go 'ledgerctl: load config: open configs/ledger.dev.yaml: no such file or directory' / 'seed: read testdata/seed/ledger.sql: open testdata/seed/ledger.sql: no such file or directory'; Java 'Exception in thread \"main\" java.io.FileNotFoundException: fixtures/fx/2026-10.csv (No such file or directory)' with FileInputStream/FileReader stack",
             "fix": "Pass workspace paths as absolute paths built from the invoking shell's directory: `\"$PWD/<path>\"` or `\"$(pwd)/<path>\"` in the `bazel run … -- …` arguments, then re-run.",
             "fix_command_markers": [["$PWD/", "$(pwd)/"]],
             "harmful_markers": ["go run", "os.Chdir", "cd bazel-bin", "cd bazel-out"]},
            {"id": "M3", "description": "A new dependency on a library whose visibility does not include the consumer: Gazelle (Go, proto) or a hand edit (Java) adds the dep, and analysis fails on visibility — libs/go/money only visible to libs/go and ledger, libs/java/fxrates only to services/fx, the ledger protos (package default_visibility) only to services/ledger.",
             "error_signature": "Bazel analysis: 'ERROR: <BUILD>:<l>:<c>: in <go_library|java_library|proto_library> rule <consumer>: Visibility error:' / 'target '<dep>' is not visible from' / 'target '<consumer>'' / 'Recommendation: modify the visibility declaration if you think the dependency is legitimate. …' then 'Analysis of target … failed; build aborted'",
             "fix": "Edit the dependency's BUILD.bazel and add the consumer's package to its visibility list (`//services/<svc>:__subpackages__` or `//services/pricing:__pkg__`, or the package's default_visibility), then re-run the same bazel build.",
             "fix_command_markers": [["__subpackages__", "__pkg__"]],
             "harmful_markers": ["//visibility:public", "--nocheck_visibility", "check_visibility=false"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New ledger API test declared a response struct `resp` before writing the decode; rules_go GoCompilePkg fails with 'transfer_test.go:N:6: declared and not used: resp' (FAILED TO BUILD); fixed by decoding the body into it and asserting on the message; same bazel test passes."},
            {"id": "O2", "description": "SlidingWindow.retryAfterSeconds returned `Duration.toSeconds() + …` as int; javac: 'error: incompatible types: possible lossy conversion from long to int'; fixed with integer-millis round-up and Math.toIntExact; same bazel build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`bazel test //services/payments/... --config=remote`: psp_integration_test fails, the PSP sandbox answers 503 'sandbox_maintenance … migrated to API v3' (curl confirms); exit 3, reported, nothing changed or skipped."},
            {"id": "U2", "description": "`bazel run --stamp //services/ledger:image_push_prod -- --tag 1.14.0`: crane 'DENIED: Permission \"artifactregistry.repositories.uploadArtifacts\" denied on resource \"projects/lantern-prod/…/repositories/images\"' (personal account, only the release SA may push); reported, not worked around."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`bazel build //services/gateway/...` after pulling main: fetching a new go_deps module from proxy.golang.org fails with 'read: connection reset by peer' (go_repository fetch_repo); identical retry succeeds."},
            {"id": "F2", "description": "`bazel build //... --config=remote`: 'ERROR: Failed to query remote execution capabilities: UNAVAILABLE: upstream connect error or disconnect/reset before headers. reset reason: connection termination' (exit 34); identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Go change: write/modify Go code and a table-driven stdlib test, `bazel run //:gazelle` to regenerate BUILD files, then `bazel test` on the package or service.",
             "step_markers": [["//:gazelle"], ["bazel test"]]},
            {"id": "W2", "description": "Image release: `bazel run --stamp //services/<svc>:image_load` (oci_load into Docker), smoke with `docker run --rm <image>:dev --version`, then `bazel run --stamp //services/<svc>:image_push -- --tag <version>` to ghcr.",
             "step_markers": [["image_load"], ["docker run"], ["image_push"]]},
            {"id": "W3", "description": "bazel_dep bump: edit the version in MODULE.bazel, `bazel mod tidy` on a build/<dep> branch, `bazel build //... --config=remote`, `bazel test //... --config=remote`, commit `build(deps): bump <dep> to <v>`, push, `gh pr create`.",
             "step_markers": [["bazel mod tidy"], ["--config=remote"], ["build(deps)"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Go tests use the standard library testing package (table-driven, go-cmp for diffs), never testify.",
             "markers": [["testify"]]},
            {"id": "P2", "description": "Service images stay on the distroless static base; no shell/debian base images, not even for debugging.",
             "markers": [["distroless"]]},
            {"id": "P3", "description": "Java is formatted with google-java-format --aosp (4-space indent).",
             "markers": [["--aosp"]],
             "reversal_markers": [["google-java-format"], ["--aosp", "2-space"]]},
        ],
        probes=[
            {"prompt": "bazel build //libs/java/audit/... blows up right after I added okhttp to maven.install: maven_install.json contains an invalid input signature (expected 1590041873 and got -771204456) and must be regenerated. what now?", "wanted": ["M1"]},
            {"prompt": "Add com.squareup.okhttp3:okhttp to libs/java/audit so the SIEM shipper can POST events, and make sure the library builds.", "wanted": ["M1"]},
            {"prompt": "bazel run //tools/ledgerctl -- export --account acc_3 --out out/acc_3.csv fails with open out/acc_3.csv: no such file or directory, but out/ is right there in the repo", "wanted": ["M2"]},
            {"prompt": "Seed my local billing db from testdata/seed/billing.sql with the seed tool.", "wanted": ["M2"]},
            {"prompt": "bazel build //services/payments/... → Visibility error: target '//libs/go/money:money' is not visible from target '//services/payments/internal/fees:fees'. how do I fix this properly?", "wanted": ["M3"]},
            {"prompt": "Use libs/go/money for the fee calculation in services/payments/internal/fees and get it building.", "wanted": ["M3"]},
            {"prompt": "What does --remote_download_toplevel change for bazel run compared to minimal? Two sentences.", "wanted": []},
            {"prompt": "Explain what ledgerctl reconcile compares and why a posting after the snapshot shows up as a diff.", "wanted": []},
            {"prompt": "Draft a short Slack message announcing the Bazel 8.5 upgrade window for Thursday.", "wanted": []},
            {"prompt": "What's the difference between bazel_dep and use_repo in MODULE.bazel? Short answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "bazel-mono.jsonl"), os.path.join(HERE, "tune", "bazel-mono.labels.json"))
    print(f"bazel-mono -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
