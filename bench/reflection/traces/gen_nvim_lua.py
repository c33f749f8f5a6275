"""nvim-lua: Jonas Berglund, open-source maintainer of Neovim plugins written in Lua (lantern.nvim).

Stack: Neovim 0.10 (headless test runs with `nvim --headless`), LuaJIT 2.1, plenary.nvim test harness
(PlenaryBustedDirectory) plus busted via nlua for pure-Lua specs, luarocks 3.11 (rockspecs, `luarocks make`,
`luarocks upload`), StyLua and selene, lua-language-server with `.luarc.json`, tree-sitter queries with
nvim-treesitter parsers in the test environment, vimdoc generated with panvimdoc, a Makefile, GitHub Actions,
git + gh on GitHub, a small Rust helper binary (`lantern-scan`) built with cargo.

Written blind for fresh/; measured once held out (round 18), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

DEV = "nvim-lua"
U = "jonas"
R = "/home/jonas/src/lantern.nvim"
MODEL = "claude-opus-4-6"
GH = "jberglund/lantern.nvim"
RT = "/opt/nvim-linux64/share/nvim/runtime"
HX = [random.Random(8802)]


def hx(n):
    return "".join(HX[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def short(path):
    """Lua's chunkname shortening in tracebacks: '...' + last 45 chars."""
    return path if len(path) <= 48 else "..." + path[-45:]


LIVE = [None]


def ln(rel, needle):
    txt = (LIVE[0] or FILES)[P(rel)]
    i = txt.index(needle)
    return txt[:i].count("\n") + 1


# ---------------------------------------------------------------- the repository
INIT_LUA = """---@mod lantern Highlight and collect TODO-style comments
local config = require("lantern.config")
local highlight = require("lantern.highlight")

local M = {}

---@param opts? lantern.Config
function M.setup(opts)
  config.set(opts)
  local group = vim.api.nvim_create_augroup("lantern", { clear = true })
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufWritePost" }, {
    group = group,
    callback = function(args)
      highlight.attach(args.buf)
    end,
  })
end

return M
"""

CONFIG_LUA = """local M = {}

---@class lantern.Config
---@field keywords table<string, string> keyword -> highlight group
---@field scan_cmd string[] command used for project scans
M.defaults = {
  keywords = {
    TODO = "LanternTodo",
    FIXME = "LanternFixme",
    HACK = "LanternHack",
    NOTE = "LanternNote",
  },
  scan_cmd = { "lantern-scan" },
}

---@type lantern.Config
M.options = vim.deepcopy(M.defaults)

---@param opts? lantern.Config
function M.set(opts)
  M.options = vim.tbl_deep_extend("force", M.defaults, opts or {})
end

return M
"""

HIGHLIGHT_LUA = """local config = require("lantern.config")

local M = {}

M.ns = vim.api.nvim_create_namespace("lantern")

---Find keyword matches inside the comment nodes of a buffer.
---@param bufnr integer
---@return { lnum: integer, col: integer, keyword: string }[]
function M.find(bufnr)
  local ft = vim.bo[bufnr].filetype
  local lang = vim.treesitter.language.get_lang(ft) or ft
  local parser = vim.treesitter.get_parser(bufnr, lang)
  local tree = parser:parse()[1]
  local query = vim.treesitter.query.get(lang, "lantern")
  local hits = {}
  if not query then
    return hits
  end
  for _, node in query:iter_captures(tree:root(), bufnr, 0, -1) do
    local text = vim.treesitter.get_node_text(node, bufnr)
    local srow, scol = node:range()
    for kw in pairs(config.options.keywords) do
      local s = text:find(kw .. ":", 1, true)
      if s then
        table.insert(hits, { lnum = srow, col = scol + s - 1, keyword = kw })
      end
    end
  end
  table.sort(hits, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  return hits
end

---@param bufnr integer
function M.attach(bufnr)
  vim.api.nvim_buf_clear_namespace(bufnr, M.ns, 0, -1)
  for _, hit in ipairs(M.find(bufnr)) do
    vim.api.nvim_buf_set_extmark(bufnr, M.ns, hit.lnum, hit.col, {
      end_col = hit.col + #hit.keyword,
      hl_group = config.options.keywords[hit.keyword],
    })
  end
end

return M
"""

QUICKFIX_LUA = """local highlight = require("lantern.highlight")

local M = {}

---Put the keywords of one buffer into the quickfix list.
---@param bufnr integer
function M.buffer(bufnr)
  bufnr = bufnr == 0 and vim.api.nvim_get_current_buf() or bufnr
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local items = {}
  for _, hit in ipairs(highlight.find(bufnr)) do
    table.insert(items, {
      bufnr = bufnr,
      lnum = hit.lnum + 1,
      col = hit.col + 1,
      text = vim.trim(lines[hit.lnum + 1]),
    })
  end
  vim.fn.setqflist({}, " ", { title = "Lantern", items = items })
end

return M
"""

PLUGIN_LUA = """if vim.g.loaded_lantern then
  return
end
vim.g.loaded_lantern = true

vim.api.nvim_create_user_command("Lantern", function(cmd)
  local sub = cmd.fargs[1] or "quickfix"
  if sub == "quickfix" then
    require("lantern.quickfix").buffer(0)
  else
    vim.notify(("lantern: unknown subcommand %q"):format(sub), vim.log.levels.ERROR)
  end
end, {
  nargs = "?",
  complete = function()
    return { "quickfix" }
  end,
})
"""

MINIMAL_INIT = """local root = vim.fn.fnamemodify(".tests", ":p")
for _, name in ipairs({ "config", "data", "state", "cache" }) do
  vim.env[("XDG_%s_HOME"):format(name:upper())] = root .. name
end

vim.opt.runtimepath:prepend(vim.fn.getcwd())
vim.opt.packpath:prepend(root .. "site")
vim.cmd("packloadall")

-- parsers live in .tests/site/pack/deps/start/nvim-treesitter/parser (gitignored)
require("nvim-treesitter.configs").setup({})
vim.cmd("runtime plugin/plenary.vim")
"""

CONFIG_SPEC = """local config = require("lantern.config")

describe("lantern.config", function()
  after_each(function()
    config.set()
  end)

  it("merges user options over defaults", function()
    config.set({ keywords = { PERF = "LanternPerf" } })
    assert.are.equal("LanternPerf", config.options.keywords.PERF)
    assert.are.equal("LanternTodo", config.options.keywords.TODO)
  end)

  it("keeps the default scan command", function()
    config.set({})
    assert.are.same({ "lantern-scan" }, config.options.scan_cmd)
  end)
end)
"""

HIGHLIGHT_SPEC = """local highlight = require("lantern.highlight")

local function buf(ft, lines)
  local b = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(b, 0, -1, false, lines)
  vim.bo[b].filetype = ft
  return b
end

describe("lantern.highlight", function()
  it("finds TODO in lua comments", function()
    local b = buf("lua", { "local x = 1 -- TODO: rename", "print(x)" })
    assert.are.same({ { lnum = 0, col = 15, keyword = "TODO" } }, highlight.find(b))
  end)

  it("ignores keywords inside strings", function()
    local b = buf("lua", { 'local s = "TODO: not a comment"' })
    assert.are.same({}, highlight.find(b))
  end)

  it("sets one extmark per keyword", function()
    local b = buf("lua", { "-- FIXME: a", "-- HACK: b" })
    highlight.attach(b)
    assert.are.equal(2, #vim.api.nvim_buf_get_extmarks(b, highlight.ns, 0, -1, {}))
  end)
end)
"""

MAKEFILE = """TESTS_DIR := tests
DEPS_DIR  := .tests/site/pack/deps/start
NVIM      ?= nvim
PANVIMDOC ?= $(HOME)/src/panvimdoc

.PHONY: test deps lint format docs

deps: $(DEPS_DIR)/plenary.nvim $(DEPS_DIR)/nvim-treesitter

$(DEPS_DIR)/plenary.nvim:
\tgit clone --depth 1 https://github.com/nvim-lua/plenary.nvim $@

$(DEPS_DIR)/nvim-treesitter:
\tgit clone --depth 1 https://github.com/nvim-treesitter/nvim-treesitter $@

test: deps
\t$(NVIM) --headless --noplugin -u $(TESTS_DIR)/minimal_init.lua \\
\t\t-c "PlenaryBustedDirectory $(TESTS_DIR) { minimal_init = '$(TESTS_DIR)/minimal_init.lua', sequential = true }"

lint:
\tstylua --check lua/ plugin/ tests/
\tselene lua/ plugin/ tests/

format:
\tstylua lua/ plugin/ tests/

docs:
\t$(PANVIMDOC)/panvimdoc.sh --project-name lantern --input-file README.md \\
\t\t--vim-version "Neovim >= 0.10.0" --toc true --demojify true --treesitter true
"""

ROCKSPEC = """rockspec_format = "3.0"
package = "lantern.nvim"
version = "scm-1"
source = {
  url = "git+https://github.com/jberglund/lantern.nvim",
}
description = {
  summary = "Highlight and collect TODO/FIXME comments with tree-sitter",
  homepage = "https://github.com/jberglund/lantern.nvim",
  license = "MIT",
  labels = { "neovim", "neovim-plugin" },
}
dependencies = {
  "lua >= 5.1",
}
build = {
  type = "builtin",
  copy_directories = { "doc", "plugin", "queries" },
}
"""

LUARC = """{
  "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
  "runtime.version": "LuaJIT",
  "workspace.library": ["$VIMRUNTIME/lua", "${3rd}/luv/library", "${3rd}/busted/library"],
  "workspace.checkThirdParty": false,
  "diagnostics.globals": ["vim"]
}
"""

SELENE = """std = "neovim"

[rules]
mixed_table = "allow"
"""

CHANGELOG = """# Changelog

## [1.2.0] - 2026-10-21

### Added
- `:Lantern quickfix` collects the keywords of the current buffer.
- `NOTE` keyword with its own highlight group.

### Fixed
- Highlights were not cleared when a keyword was removed.

## [1.1.0] - 2026-09-30

### Added
- Keywords are matched inside tree-sitter comment nodes only.
"""

README = """# lantern.nvim

Highlight `TODO`, `FIXME`, `HACK` and `NOTE` comments with tree-sitter and collect them in the quickfix list.

## Requirements

- Neovim >= 0.10.0
- a tree-sitter parser for each language you want highlighted

## Installation

With [lazy.nvim](https://github.com/folke/lazy.nvim):

```lua
{ "jberglund/lantern.nvim", opts = {} }
```

With [rocks.nvim](https://github.com/nvim-neorocks/rocks.nvim):

```vim
:Rocks install lantern.nvim
```

## Configuration

```lua
require("lantern").setup({
  keywords = {
    TODO = "LanternTodo",
    FIXME = "LanternFixme",
    HACK = "LanternHack",
    NOTE = "LanternNote",
  },
})
```

## Commands

- `:Lantern quickfix` puts the keywords of the current buffer into the quickfix list.
"""

CARGO_TOML = """[package]
name = "lantern-scan"
version = "0.3.0"
edition = "2021"
license = "MIT"

[dependencies]
ignore = "0.4"
memchr = "2.7"

[profile.release]
lto = true
strip = true
"""

MAIN_RS = """use std::io::{self, BufWriter, Write};
use std::path::Path;

use ignore::WalkBuilder;

struct Hit<'a> {
    path: &'a Path,
    line: u32,
    col: u32,
    keyword: &'a str,
    text: &'a str,
}

fn parse_args() -> (Vec<String>, String) {
    let mut keywords = vec!["TODO".to_string(), "FIXME".to_string()];
    let mut root = ".".to_string();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--keywords" => {
                if let Some(k) = args.next() {
                    keywords = k.split(',').map(str::to_string).collect();
                }
            }
            _ => root = a,
        }
    }
    (keywords, root)
}

fn scan_file(path: &Path, keywords: &[String], out: &mut impl Write) -> io::Result<()> {
    let Ok(data) = std::fs::read_to_string(path) else {
        return Ok(()); // binary or unreadable: skip
    };
    for (i, line) in data.lines().enumerate() {
        for kw in keywords {
            let needle = format!("{kw}:");
            if let Some(col) = memchr::memmem::find(line.as_bytes(), needle.as_bytes()) {
                let hit = Hit {
                    path,
                    line: i as u32 + 1,
                    col: col as u32 + 1,
                    keyword: kw,
                    text: line[col + needle.len()..].trim(),
                };
                emit(out, &hit)?;
            }
        }
    }
    Ok(())
}

fn emit(out: &mut impl Write, hit: &Hit) -> io::Result<()> {
    writeln!(
        out,
        "{}:{}:{}:{}:{}",
        hit.path.display(),
        hit.line,
        hit.col,
        hit.keyword,
        hit.text
    )
}

fn main() -> io::Result<()> {
    let (keywords, root) = parse_args();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for entry in WalkBuilder::new(&root).hidden(true).git_ignore(true).build() {
        let Ok(entry) = entry else { continue };
        if entry.file_type().is_some_and(|t| t.is_file()) {
            scan_file(entry.path(), &keywords, &mut out)?;
        }
    }
    out.flush()
}
"""

CI_YML = """name: CI

on:
  push:
    branches: [main]
  pull_request:

jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: JohnnyMorganz/stylua-action@v4
        with:
          token: ${{ secrets.GITHUB_TOKEN }}
          version: latest
          args: --check lua/ plugin/ tests/
      - uses: NTBBloodbath/selene-action@v1.0.0
        with:
          token: ${{ secrets.GITHUB_TOKEN }}
          args: lua/ plugin/ tests/

  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        nvim: [v0.10.2, nightly]
    steps:
      - uses: actions/checkout@v4
      - uses: rhysd/action-setup-vim@v1
        with:
          neovim: true
          version: ${{ matrix.nvim }}
      - run: make deps
      - name: parsers
        run: nvim --headless --noplugin -u tests/minimal_init.lua -c "TSInstallSync python go rust" -c "qa"
      - run: make test
"""

FILES = {
    P("lua/lantern/init.lua"): INIT_LUA,
    P("lua/lantern/config.lua"): CONFIG_LUA,
    P("lua/lantern/highlight.lua"): HIGHLIGHT_LUA,
    P("lua/lantern/quickfix.lua"): QUICKFIX_LUA,
    P("plugin/lantern.lua"): PLUGIN_LUA,
    P("queries/lua/lantern.scm"): "(comment) @comment\n",
    P("tests/minimal_init.lua"): MINIMAL_INIT,
    P("tests/lantern/config_spec.lua"): CONFIG_SPEC,
    P("tests/lantern/highlight_spec.lua"): HIGHLIGHT_SPEC,
    P("Makefile"): MAKEFILE,
    P("lantern.nvim-scm-1.rockspec"): ROCKSPEC,
    P(".luarc.json"): LUARC,
    P("selene.toml"): SELENE,
    P("CHANGELOG.md"): CHANGELOG,
    P("README.md"): README,
    P("helper/Cargo.toml"): CARGO_TOML,
    P("helper/src/main.rs"): MAIN_RS,
    P(".github/workflows/ci.yml"): CI_YML,
}


# ---------------------------------------------------------------- output helpers
MAKE_TEST = ("nvim --headless --noplugin -u tests/minimal_init.lua \\\n"
             "\t-c \"PlenaryBustedDirectory tests { minimal_init = 'tests/minimal_init.lua', sequential = true }\"")
SEP = "========================================\t"


def plen(specs, fails=None, before=None):
    """PlenaryBustedDirectory output. specs: {file: [full test names]}; fails: {name: message};
    before: {file: text the child nvim printed before the results}."""
    fails = fails or {}
    before = before or {}
    files = list(specs)
    out = ["Starting...Scheduling: " + files[0]] + ["Scheduling: " + f for f in files[1:]] + [""]
    failed = False
    total = 0
    for f in files:
        if f in before:
            out += before[f].split("\n")
        out += [SEP, f"Testing: \t{R}/{f}\t"]
        s = n = 0
        for name in specs[f]:
            total += 1
            if name in fails:
                failed = True
                n += 1
                out.append(f"Fail\t||\t{name}\t")
                out += ["            " + x for x in fails[name].split("\n")]
                out.append("            ")
            else:
                s += 1
                out.append(f"Success\t||\t{name}\t")
        out += ["\t", f"Success: \t{s}\t", f"Failed : \t{n}\t", "Errors : \t0\t", SEP]
    if failed:
        out.append("Tests Failed. Exit: 1")
    return "\n".join(out), total


def make_test(specs, fails=None, before=None):
    body, n = plen(specs, fails, before)
    return MAKE_TEST + "\n" + body, n


def make_fail_tail():
    return f"make: *** [Makefile:{ln('Makefile', '$(NVIM) --headless')}: test] Error 1"


def commit_out(branch, msg, files, ins, dels=0, creates=()):
    st = f" {files} file{'s' if files != 1 else ''} changed, {ins} insertion{'s' if ins != 1 else ''}(+)"
    if dels:
        st += f", {dels} deletion{'s' if dels != 1 else ''}(-)"
    out = f"[{branch} {hx(7)}] {msg}\n{st}"
    for c in creates:
        out += f"\n create mode 100644 {c}"
    return out


def push_new(branch, n=12):
    return (f"Enumerating objects: {n + 4}, done.\nCounting objects: 100% ({n + 4}/{n + 4}), done.\n"
            f"Delta compression using up to 16 threads\nCompressing objects: 100% ({n // 2 + 1}/{n // 2 + 1}), done.\n"
            f"Writing objects: 100% ({n}/{n}), {1.1 + n / 10:.2f} KiB | {1.1 + n / 10:.2f} MiB/s, done.\n"
            f"Total {n} (delta {n // 3}), reused 0 (delta 0), pack-reused 0 (from 0)\n"
            f"remote: Resolving deltas: 100% ({n // 3}/{n // 3}), completed with {n // 3} local objects.\nremote: \n"
            f"remote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      https://github.com/{GH}/pull/new/{branch}\nremote: \n"
            f"To github.com:{GH}.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def pr_out(branch, num):
    return (f"https://github.com/{GH}/pull/{num}",
            f"\nCreating pull request for {branch} into main in {GH}\n")


SELENE_OK = "Results:\n0 errors\n0 warnings\n0 parse errors"
LR_PERM = ("Error: Your user does not have write permissions in /usr/local/lib/luarocks/rocks-5.1 \n"
           "-- you may want to run as a privileged user or use your local tree with --local.")


def lr_installed(name, ver, lic="MIT"):
    return f"{name} {ver} is now installed in /home/jonas/.luarocks (license: {lic})"


def ts_install(lang):
    return "\n".join([
        f"[nvim-treesitter] [0/1] Downloading tree-sitter-{lang}...",
        "[nvim-treesitter] [0/1] Creating temporary directory",
        f"[nvim-treesitter] [0/1] Extracting tree-sitter-{lang}...",
        "[nvim-treesitter] [0/1] Compiling...",
        f"[nvim-treesitter] [1/1] Treesitter parser for {lang} has been installed",
    ])


def no_parser(buf, lang, spec, it_line, fn_line):
    hl = ln("lua/lantern/highlight.lua", "vim.treesitter.get_parser(bufnr, lang)")
    ts = short(f"{RT}/lua/vim/treesitter.lua")
    sp = short(f"{R}/{spec}")
    return (f"{ts}:108: Parser could not be created for buffer {buf} and language \"{lang}\"\n\n"
            f"stack traceback:\n\t[C]: in function 'error'\n\t{ts}:108: in function 'get_parser'\n"
            f"\t{short(R + '/lua/lantern/highlight.lua')}:{hl}: in function 'find'\n"
            f"\t{sp}:{it_line}: in function <{sp}:{fn_line}>")


def luv_error(rel, line, msg, fn, frames):
    src = short(f"{R}/{rel}")
    out = (f"Error executing luv callback:\n{src}:{line}: E5560: {msg} must not be called in a fast event context\n"
           f"stack traceback:\n\t[C]: in function '{fn}'")
    for f in frames:
        out += "\n\t" + f
    return out


def assert_fail(spec, line, fn_line, kind, got, want):
    sp = short(f"{R}/{spec}")
    word = "equal" if kind == "equal" else "the same"
    return (f"{sp}:{line}: Expected objects to be {word}.\nPassed in:\n{got}\nExpected:\n{want}\n\n"
            f"stack traceback:\n\t{sp}:{line}: in function <{sp}:{fn_line}>")


def upload_out(ver):
    return (f"Sending lantern.nvim-{ver}-1.rockspec ...\nSending lantern.nvim-{ver}-1.src.rock ...\n"
            f"Done: https://luarocks.org/modules/jberglund/lantern.nvim/{ver}-1")


def push_tag(tag, main_range=None):
    out = ("Enumerating objects: 9, done.\nCounting objects: 100% (9/9), done.\nDelta compression using up to 16 threads\n"
           "Compressing objects: 100% (5/5), done.\nWriting objects: 100% (6/6), 1.02 KiB | 1.02 MiB/s, done.\n"
           "Total 6 (delta 3), reused 0 (delta 0), pack-reused 0 (from 0)\n"
           "remote: Resolving deltas: 100% (3/3), completed with 3 local objects.\n"
           f"To github.com:{GH}.git\n")
    if main_range:
        out += f"   {main_range}  main -> main\n"
    return out + f" * [new tag]         {tag} -> {tag}"


# ---------------------------------------------------------------- files written during the month
PROJECT_LUA = """local config = require("lantern.config")

local M = {}

---Parse one line of lantern-scan output (`path:lnum:col:KEYWORD:text`).
---@param line string
---@return table?
function M.parse_line(line)
  local path, lnum, col, kw, text = line:match("^(.-):(%d+):(%d+):(%u+):(.*)$")
  if not path then
    return nil
  end
  return {
    filename = path,
    lnum = tonumber(lnum),
    col = tonumber(col),
    text = kw .. ": " .. text,
  }
end

---Scan the project with lantern-scan and fill the quickfix list.
---@param opts? { cwd?: string, on_done?: fun(items: table[]) }
function M.scan(opts)
  opts = opts or {}
  local cmd = vim.deepcopy(config.options.scan_cmd)
  vim.list_extend(cmd, { "--keywords", table.concat(vim.tbl_keys(config.options.keywords), ",") })
  vim.system(cmd, { cwd = opts.cwd, text = true }, function(res)
    local items = {}
    for _, line in ipairs(vim.split(res.stdout or "", "\\n", { trimempty = true })) do
      table.insert(items, M.parse_line(line))
    end
    vim.fn.setqflist({}, " ", { title = "Lantern: project", items = items })
    if opts.on_done then
      opts.on_done(items)
    end
  end)
end

return M
"""

PROJECT_SPEC = """local config = require("lantern.config")
local project = require("lantern.project")

describe("lantern.project", function()
  before_each(function()
    config.set({ scan_cmd = { vim.fn.fnamemodify("helper/target/release/lantern-scan", ":p") } })
  end)

  it("parses a lantern-scan line", function()
    assert.are.same(
      { filename = "lua/a.lua", lnum = 3, col = 4, text = "TODO: split this" },
      project.parse_line("lua/a.lua:3:4:TODO:split this")
    )
  end)

  it("scan() fills the quickfix list", function()
    local done = false
    project.scan({
      cwd = "tests/fixtures/project",
      on_done = function()
        done = true
      end,
    })
    vim.wait(3000, function()
      return done
    end)
    local qf = vim.fn.getqflist({ title = 0, items = 0 })
    assert.are.equal("Lantern: project", qf.title)
    assert.are.equal(3, #qf.items)
  end)
end)
"""

FIX_MAIN_LUA = """local M = {}

-- TODO: expose this through setup()
M.limit = 10

function M.run()
  -- FIXME: handle an empty list
  return M.limit
end

return M
"""

FIX_UTIL_PY = """def chunk(xs, n):
    # HACK: quadratic, fine for small inputs
    return [xs[i : i + n] for i in range(0, len(xs), n)]
"""


def lang_spec(lang, ft, line, col, neg_lines, neg_name):
    body = f"""local highlight = require("lantern.highlight")

local function buf(lines)
  local b = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(b, 0, -1, false, lines)
  vim.bo[b].filetype = "{ft}"
  return b
end

describe("lantern.highlight {lang}", function()
  it("finds TODO in comments", function()
    local b = buf({{ {line} }})
    assert.are.same({{ {{ lnum = {col[0]}, col = {col[1]}, keyword = "TODO" }} }}, highlight.find(b))
  end)

  it("{neg_name}", function()
    local b = buf({{ {neg_lines} }})
    assert.are.same({{}}, highlight.find(b))
  end)
end)
"""
    return body


PY_SPEC = lang_spec("python", "python", '"def f():", "    return 1  # TODO: cache"', (1, 16),
                    '"def f():", \'    \"\"\"TODO: not a comment\"\"\"\', "    pass"', "ignores TODO in docstrings")
GO_SPEC = lang_spec("go", "go", '"package main", "", "func f() int {", "\\tx := 1 // TODO: drop", "\\treturn x", "}"',
                    (3, 11), '"package main", "", \'var s = "TODO: not a comment"\'', "ignores TODO in string literals")
RS_SPEC = lang_spec("rust", "rust", '"fn f() -> i32 {", "    let x = 1; // TODO: remove", "    x", "}"', (1, 18),
                    '"fn g() -> String {", \'    String::from("TODO: in a string")\', "}"', "ignores TODO in string literals")

WATCH_LUA = """local highlight = require("lantern.highlight")

local M = {}

---@type table<integer, uv.uv_fs_event_t>
local watchers = {}

---Re-highlight a buffer when its file changes on disk (`git checkout`, formatters).
---@param bufnr integer
function M.start(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == "" or watchers[bufnr] then
    return
  end
  local w = assert(vim.uv.new_fs_event())
  w:start(path, {}, function(err)
    if err then
      return
    end
    if vim.api.nvim_buf_is_loaded(bufnr) then
      vim.cmd.checktime(bufnr)
      highlight.attach(bufnr)
    end
  end)
  watchers[bufnr] = w
end

---Stop watching a buffer's file.
---@param bufnr integer
function M.stop(bufnr)
  local w = watchers[bufnr]
  if w then
    w:stop()
    w:close()
    watchers[bufnr] = nil
  end
end

return M
"""

WATCH_SPEC = """local highlight = require("lantern.highlight")
local watch = require("lantern.watch")

describe("lantern.watch", function()
  it("re-highlights when the file changes on disk", function()
    local path = vim.fn.tempname() .. ".lua"
    vim.fn.writefile({ "local a = 1" }, path)
    vim.cmd.edit(path)
    local b = vim.api.nvim_get_current_buf()
    watch.start(b)
    vim.fn.writefile({ "local a = 1 -- TODO: watched" }, path)
    vim.wait(2000, function()
      return #vim.api.nvim_buf_get_extmarks(b, highlight.ns, 0, -1, {}) > 0
    end)
    assert.are.equal(1, #vim.api.nvim_buf_get_extmarks(b, highlight.ns, 0, -1, {}))
    watch.stop(b)
  end)
end)
"""

DEBOUNCE_LUA = """local config = require("lantern.config")
local highlight = require("lantern.highlight")

local M = {}

---@type table<integer, uv.uv_timer_t>
local timers = {}

---Re-highlight `bufnr` once it has not changed for `debounce_ms`.
---@param bufnr integer
function M.refresh(bufnr)
  local t = timers[bufnr] or assert(vim.uv.new_timer())
  timers[bufnr] = t
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  t:stop()
  t:start(config.options.debounce_ms, 0, function()
    if vim.api.nvim_buf_get_changedtick(bufnr) == tick then
      highlight.attach(bufnr)
    end
  end)
end

---@param bufnr integer
function M.cancel(bufnr)
  local t = timers[bufnr]
  if t then
    t:stop()
    t:close()
    timers[bufnr] = nil
  end
end

return M
"""

DEBOUNCE_SPEC = """local config = require("lantern.config")
local debounce = require("lantern.debounce")
local highlight = require("lantern.highlight")

describe("lantern.debounce", function()
  it("highlights once the buffer is quiet", function()
    config.set({ debounce_ms = 20 })
    local b = vim.api.nvim_create_buf(false, true)
    vim.bo[b].filetype = "lua"
    vim.api.nvim_buf_set_lines(b, 0, -1, false, { "-- TODO: later" })
    debounce.refresh(b)
    vim.wait(500, function()
      return #vim.api.nvim_buf_get_extmarks(b, highlight.ns, 0, -1, {}) > 0
    end)
    assert.are.equal(1, #vim.api.nvim_buf_get_extmarks(b, highlight.ns, 0, -1, {}))
    debounce.cancel(b)
  end)
end)
"""

BUSTED_RC = """return {
  _all = {
    coverage = false,
    lpath = "lua/?.lua;lua/?/init.lua",
    lua = "nlua",
  },
  default = {
    verbose = true,
  },
  tests = {
    verbose = true,
  },
}
"""

PARSE_SPEC = """local project = require("lantern.project")

describe("project.parse_line", function()
  it("splits path, position, keyword and text", function()
    assert.are.same(
      { filename = "src/a.rs", lnum = 12, col = 5, text = "FIXME: overflow" },
      project.parse_line("src/a.rs:12:5:FIXME:overflow")
    )
  end)

  it("keeps colons in the text", function()
    assert.are.equal("NOTE: see a:b:c", project.parse_line("x.lua:1:1:NOTE:see a:b:c").text)
  end)

  it("returns nil for junk", function()
    assert.is_nil(project.parse_line("warning: skipped binary file"))
  end)
end)
"""


CFG = ["lantern.config merges user options over defaults", "lantern.config keeps the default scan command"]
HLS = ["lantern.highlight finds TODO in lua comments", "lantern.highlight ignores keywords inside strings",
       "lantern.highlight sets one extmark per keyword"]


def lang_names(lang, neg):
    return [f"lantern.highlight {lang} finds TODO in comments", f"lantern.highlight {lang} {neg}"]


def ordered(specs):
    return {k: specs[k] for k in sorted(specs)}


# ---------------------------------------------------------------- the month
def gen():
    HX[0] = random.Random(8802)
    d = Dev(DEV, U, "en", MODEL, seed=20261102, files=FILES)
    LIVE[0] = d.files
    specs = {"tests/lantern/config_spec.lua": list(CFG), "tests/lantern/highlight_spec.lua": list(HLS)}
    sysl = short(f"{RT}/lua/vim/_system.lua")

    # ============================================================ S1 Mon 11-02
    with d.session("2026-11-02T09:05:00", R, branch="main", version="2.1.92"):
        t = d.task("morning. I haven't touched lantern.nvim in a few weeks — give me a quick tour of how a buffer gets "
                   "its highlights, and what the tests cover", tags=["noise"])
        t.glob("**/*.lua", [P(x) for x in ["lua/lantern/config.lua", "lua/lantern/highlight.lua", "lua/lantern/init.lua",
                                           "lua/lantern/quickfix.lua", "plugin/lantern.lua", "tests/lantern/config_spec.lua",
                                           "tests/lantern/highlight_spec.lua", "tests/minimal_init.lua"]])
        t.read(P("lua/lantern/init.lua"))
        t.read(P("lua/lantern/highlight.lua"))
        t.read(P("lua/lantern/config.lua"))
        t.read(P("Makefile"))
        t.read(P("tests/minimal_init.lua"))
        t.done("""The path is short:

1. **`lua/lantern/init.lua`** — `setup(opts)` stores the config and creates the `lantern` augroup with a `BufReadPost`/`BufWritePost` autocmd that calls `highlight.attach(args.buf)`.
2. **`lua/lantern/highlight.lua`** — `find(bufnr)` maps the filetype to a tree-sitter language, parses the buffer, runs the `lantern` query (`queries/<lang>/lantern.scm`, only `lua` exists today) and looks for `KEYWORD:` inside each captured comment node. `attach()` clears the `lantern` namespace and sets one extmark per hit with the keyword's highlight group.
3. **`lua/lantern/quickfix.lua`** — `:Lantern quickfix` puts the hits of the current buffer into the quickfix list.

Tests: `make test` runs plenary's `PlenaryBustedDirectory tests` headless with `tests/minimal_init.lua`, which points the XDG dirs at `.tests/` and `packloadall`s plenary + nvim-treesitter from `.tests/site/pack/deps/start` (cloned by `make deps`). The 5 specs cover config merging and lua highlighting: hits in comments, nothing in strings, one extmark per keyword. Nothing covers other languages yet — only the `lua` parser that ships with Neovim is used.""")

        t = d.task("let's add a project-wide scan: `:Lantern project` runs the lantern-scan helper (helper/, already built "
                   "in helper/target/release) asynchronously and fills the quickfix list. use vim.system for it, not "
                   "plenary.job — plenary stays a test-only dependency, the runtime has to work without it. add a spec "
                   "with a small fixture project", tags=["mistake:M1", "pref:P1"])
        t.read(P("lua/lantern/quickfix.lua"))
        t.read(P("plugin/lantern.lua"))
        t.bash("ls -l helper/target/release/lantern-scan",
               "Check the helper binary is built",
               out="-rwxr-xr-x 1 jonas jonas 1243904 Oct 21 18:02 helper/target/release/lantern-scan")
        t.write(P("lua/lantern/project.lua"), PROJECT_LUA)
        t.write(P("tests/fixtures/project/main.lua"), FIX_MAIN_LUA)
        t.write(P("tests/fixtures/project/util.py"), FIX_UTIL_PY)
        t.write(P("tests/lantern/project_spec.lua"), PROJECT_SPEC)
        t.edit(P("plugin/lantern.lua"), """    require("lantern.quickfix").buffer(0)
  else""", """    require("lantern.quickfix").buffer(0)
  elseif sub == "project" then
    require("lantern.project").scan()
  else""")
        t.edit(P("plugin/lantern.lua"), """    return { "quickfix" }""", """    return { "quickfix", "project" }""")
        t.bash("helper/target/release/lantern-scan --keywords TODO,FIXME,HACK,NOTE tests/fixtures/project",
               "Run the helper on the fixture",
               out="tests/fixtures/project/main.lua:3:4:TODO:expose this through setup()\n"
                   "tests/fixtures/project/main.lua:7:6:FIXME:handle an empty list\n"
                   "tests/fixtures/project/util.py:2:7:HACK:quadratic, fine for small inputs")
        specs["tests/lantern/project_spec.lua"] = ["lantern.project parses a lantern-scan line",
                                                   "lantern.project scan() fills the quickfix list"]
        lq = ln("lua/lantern/project.lua", "vim.fn.setqflist")
        ps = "tests/lantern/project_spec.lua"
        out, _ = make_test(ordered(specs),
                           fails={"lantern.project scan() fills the quickfix list":
                                  assert_fail(ps, ln(ps, 'assert.are.equal("Lantern: project"'),
                                              ln(ps, 'it("scan() fills'), "equal", "(string) ''",
                                              "(string) 'Lantern: project'")},
                           before={ps: luv_error("lua/lantern/project.lua", lq, "Vimscript function", "setqflist",
                                                 [f"{short(R + '/lua/lantern/project.lua')}:{lq}: in function 'on_exit'",
                                                  f"{sysl}:316: in function <{sysl}:292>"])})
        t.fail("make test", "Run the plenary test suite", out + "\n" + make_fail_tail(), code=2)
        t.say("The scan itself works (the helper prints the three hits), but the `on_exit` callback of `vim.system` runs "
              "in a libuv callback — a fast event context — where Vimscript functions and most of the API are off limits, "
              "so `setqflist` raised E5560 and `on_done` never fired. The callback has to hand the UI work back to the "
              "main loop.")
        t.edit(P("lua/lantern/project.lua"), """    vim.fn.setqflist({}, " ", { title = "Lantern: project", items = items })
    if opts.on_done then
      opts.on_done(items)
    end
  end)""", """    vim.schedule(function()
      vim.fn.setqflist({}, " ", { title = "Lantern: project", items = items })
      if opts.on_done then
        opts.on_done(items)
      end
    end)
  end)""")
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite again", out=out)
        t.done(f"`:Lantern project` is in, {n} tests pass.\n\n"
               "- `lua/lantern/project.lua`: `scan()` runs `lantern-scan --keywords TODO,FIXME,HACK,NOTE` through `vim.system`, "
               "parses `path:lnum:col:KEYWORD:text` lines and fills the quickfix list titled `Lantern: project`.\n"
               "- The first run failed with `E5560: Vimscript function must not be called in a fast event context`: "
               "`vim.system`'s exit callback runs on the libuv loop. The parsing stays there; `setqflist` and `on_done` now run "
               "inside `vim.schedule`.\n"
               "- Fixture: `tests/fixtures/project/` (one TODO, one FIXME, one HACK). `plugin/lantern.lua` completes `project`.\n"
               "- No plenary in `lua/` — only the specs use it.")

        t = d.task("quick one: vim.system vs vim.fn.jobstart for this kind of thing — anything I lose by not using jobstart?",
                   tags=["noise", "no_tools"])
        t.done("""Not much for a one-shot command like lantern-scan:

- **`vim.system`** (0.10+) is the Lua-native wrapper over `uv.spawn`: you get the whole `stdout`/`stderr` and exit code in one `SystemCompleted` table, `text = true` normalises line endings, and there is `timeout`, `env`, `cwd`, `stdin` as a string or a writable pipe. Callbacks run on the libuv loop, so anything that touches buffers, windows or Vimscript has to be scheduled.
- **`jobstart`** is the Vimscript job API: callbacks already run on the main loop (no scheduling), you get partial lines per `on_stdout` call (you join them yourself), and it ties into `jobwait`/`jobstop` and `:h channel` (useful for `rpc = true` or a pty).

What you'd lose: pty mode and job ids that Vimscript users can `jobstop`. For a helper that prints lines and exits, `vim.system` is the better fit; the only cost is the scheduling rule.""")

    # ============================================================ S2 Wed 11-04
    with d.session("2026-11-04T14:20:00", R, branch="feat/python", version="2.1.93"):
        t = d.task("before python support: does Query:iter_captures give me comment nodes in document order, and is "
                   "there a predicate I could use to only capture comments containing a keyword? check the docs",
                   tags=["noise", "webfetch"])
        t.webfetch("https://neovim.io/doc/user/treesitter.html",
                   "Query:iter_captures ordering, and predicates like lua-match?/contains? usable in a query",
                   "Query:iter_captures({node}, {source}, {start}, {stop}) — Iterate over all captures from all matches "
                   "inside {node}. {source} is needed if the query contains predicates; then the caller must ensure to "
                   "use a freshly parsed tree. The iterator returns four values: a numeric id identifying the capture, "
                   "the captured node, metadata from any directives processing the match, and the match itself. "
                   "Captures are returned in the order they appear in the source.\n\nPredicates: eq?, any-eq?, match?, "
                   "any-match?, lua-match?, any-lua-match?, contains?, any-contains?, any-of?, has-ancestor?, has-parent?. "
                   "`((comment) @c (#lua-match? @c \"TODO\"))` — lua-match? matches the text of the capture against a "
                   "Lua pattern. contains? checks whether the node text contains any of the given strings: "
                   "`((identifier) @foo (#contains? @foo \"foo\" \"bar\"))`.")
        t.done("""From `:h treesitter` (0.10):

- **Order:** `Query:iter_captures()` yields captures in source order (start position), across all matches — so the comment nodes come out top to bottom. It returns `id, node, metadata, match`; we only use `node`.
- **Predicates:** `#contains?` is the one that fits: `((comment) @comment (#contains? @comment "TODO:" "FIXME:" "HACK:" "NOTE:"))` drops comments without a keyword before Lua sees them. `#lua-match?` works too but takes one pattern per predicate.
- Caveat: the keywords are configurable, and a query file can't read `config.options`. We'd have to build the query string at runtime with `vim.treesitter.query.parse()` instead of `query.get()`. Since the Lua-side `find()` is cheap, I'd keep `(comment) @comment` per language and filter in Lua.""")

        t = d.task("python support: queries/python/lantern.scm plus a spec like the lua one (TODO in a # comment is found, "
                   "TODO inside a docstring is not). run the suite", tags=["mistake:M3"])
        t.write(P("queries/python/lantern.scm"), "(comment) @comment\n")
        t.write(P("tests/lantern/python_spec.lua"), PY_SPEC)
        pys = "tests/lantern/python_spec.lua"
        specs[pys] = lang_names("python", "ignores TODO in docstrings")
        fails = {specs[pys][0]: no_parser(5, "python", pys, ln(pys, "assert.are.same({ { lnum"), ln(pys, 'it("finds TODO')),
                 specs[pys][1]: no_parser(6, "python", pys, ln(pys, "assert.are.same({}"), ln(pys, 'it("ignores TODO'))}
        out, _ = make_test(ordered(specs), fails=fails)
        t.fail("make test", "Run the plenary test suite", out + "\n" + make_fail_tail(), code=2)
        t.say("Neovim 0.10 only bundles parsers for c, lua, markdown, query, vim and vimdoc. The test environment gets "
              "everything else from the nvim-treesitter checkout in `.tests/`; let me see which parsers are there.")
        t.bash("ls .tests/site/pack/deps/start/nvim-treesitter/parser/", "List the parsers installed for the tests",
               out="")
        t.read(P(".github/workflows/ci.yml"))
        t.say("Empty locally — CI installs the parsers in a separate step before `make test`. Installing python into the "
              "test environment the same way (with the test init so it lands in `.tests/`).")
        t.bash('nvim --headless --noplugin -u tests/minimal_init.lua -c "TSInstallSync python" -c "qa"',
               "Install the python parser into the test environment", err=ts_install("python"), timeout=300000)
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite again", out=out)
        t.done(f"Python works, {n} tests pass.\n\n"
               "- `queries/python/lantern.scm`: `(comment) @comment` — docstrings are `string` nodes, so they're skipped "
               "without extra rules.\n"
               "- `tests/lantern/python_spec.lua`: a `# TODO:` after code is found at the right column, a docstring TODO isn't.\n"
               "- The first run failed with `Parser could not be created for buffer 5 and language \"python\"`: the "
               "test Neovim only has the bundled parsers plus what nvim-treesitter installed into `.tests/`, and that "
               "was nothing. `TSInstallSync python` with `tests/minimal_init.lua` put it there (CI does the same in its "
               "`parsers` step).")

        t = d.task("ship it — lint, tests, push the branch and open a PR against main with a short body",
                   tags=["workflow:W3"])
        t.bash("stylua --check lua/ plugin/ tests/", "Check formatting with StyLua")
        t.bash("selene lua/ plugin/ tests/", "Lint with selene", out=SELENE_OK)
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite", out=out)
        t.bash("git status --short", "Show the working tree",
               out="?? queries/python/\n?? tests/lantern/python_spec.lua")
        t.bash('git add queries/python/lantern.scm tests/lantern/python_spec.lua && git commit -m "feat: python comment support"',
               "Commit the python support",
               out=commit_out("feat/python", "feat: python comment support", 2, 24,
                              creates=["queries/python/lantern.scm", "tests/lantern/python_spec.lua"]))
        t.bash("git push -u origin feat/python", "Push the branch", err=push_new("feat/python", 9))
        o, e = pr_out("feat/python", 58)
        t.bash('gh pr create --base main --title "feat: python comment support" --body "Adds a lantern query for python '
               '(comments only, docstrings are ignored) and a spec for it. CI installs the python parser already."',
               "Open the pull request", out=o, err=e)
        t.done(f"PR is up: https://github.com/{GH}/pull/58\n\nStyLua and selene are clean, {n} tests pass. "
               "One commit, `feat: python comment support`.")

    # ============================================================ S3 Fri 11-06
    with d.session("2026-11-06T10:10:00", R, branch="main", version="2.1.94", end_reason="other"):
        t = d.task("#58 is merged. cut 1.3.0: changelog, versioned rockspec, tag, push, upload to luarocks "
                   "(LUAROCKS_API_KEY is in my env)", tags=["workflow:W1"])
        t.bash("git pull --ff-only", "Update main",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n lua/lantern/project.lua          | 42 ++++++++++++++++++++\n"
                   " plugin/lantern.lua               |  4 +++-\n queries/python/lantern.scm       |  1 +\n"
                   " tests/fixtures/project/main.lua  | 11 ++++++\n tests/fixtures/project/util.py   |  3 ++\n"
                   " tests/lantern/project_spec.lua   | 31 +++++++++++++++\n tests/lantern/python_spec.lua    | 22 ++++++++++++\n"
                   " 7 files changed, 113 insertions(+), 1 deletion(-)")
        t.bash("git log --oneline v1.2.0..HEAD", "Commits since the last release",
               out=f"{hx(7)} Merge pull request #58 from jberglund/feat/python\n{hx(7)} feat: python comment support\n"
                   f"{hx(7)} feat: :Lantern project scans the project with lantern-scan\n{hx(7)} ci: run tests on nightly too")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n", """# Changelog

## [1.3.0] - 2026-11-06

### Added
- `:Lantern project` scans the whole project with the `lantern-scan` helper and fills the quickfix list.
- Python support (comments only; docstrings are ignored).

""")
        t.bash("luarocks new_version lantern.nvim-scm-1.rockspec 1.3.0 --tag=v1.3.0", "Write the versioned rockspec",
               out="Wrote lantern.nvim-1.3.0-1.rockspec")
        t.bash("luarocks lint lantern.nvim-1.3.0-1.rockspec", "Lint the rockspec")
        t.bash('git add CHANGELOG.md lantern.nvim-1.3.0-1.rockspec && git commit -m "release: v1.3.0"',
               "Commit the release", out=commit_out("main", "release: v1.3.0", 2, 30,
                                                    creates=["lantern.nvim-1.3.0-1.rockspec"]))
        t.bash('git tag -a v1.3.0 -m "v1.3.0"', "Tag the release")
        t.bash("git push origin main v1.3.0", "Push main and the tag",
               err=push_tag("v1.3.0", f"{hx(7)}..{hx(7)}"))
        t.bash('luarocks upload lantern.nvim-1.3.0-1.rockspec --api-key="$LUAROCKS_API_KEY"', "Upload to luarocks.org",
               out=upload_out("1.3.0"), timeout=180000)
        t.done("1.3.0 is out:\n\n- CHANGELOG section for 1.3.0 (project scan, python).\n"
               "- `lantern.nvim-1.3.0-1.rockspec` written from the scm one with `source.tag = \"v1.3.0\"`, lint clean, committed.\n"
               "- Annotated tag `v1.3.0` pushed with main.\n"
               "- https://luarocks.org/modules/jberglund/lantern.nvim/1.3.0-1 (rockspec + src rock).")

        t = d.task("setup() accepts anything right now. validate the options: keywords must be a table of UPPERCASE "
                   "names to highlight group strings, scan_cmd a list. options go through "
                   "require('lantern').setup(opts) like in all my plugins — don't add a second way to configure it. "
                   "lint + tests after", tags=["pref:P3", "oneoff:O1"])
        t.read(P("lua/lantern/config.lua"))
        t.edit(P("lua/lantern/config.lua"), """---@param opts? lantern.Config
function M.set(opts)
  M.options = vim.tbl_deep_extend("force", M.defaults, opts or {})
end""", """---@param opts? lantern.Config
function M.set(opts)
  opts = opts or {}
  vim.validate({
    keywords = { opts.keywords, "table", true },
    scan_cmd = { opts.scan_cmd, "table", true },
  })
  for kw, group in pairs(opts.keywords or {}) do
    if not kw:match("^%u+$") then
      error(("lantern: keyword %q must be upper case letters"):format(kw), 2)
    end
    vim.validate({ ["keywords." .. kw] = { group, "string" } })
  end
  M.options = vim.tbl_deep_extend("force", defaults, opts)
end""")
        t.read(P("tests/lantern/config_spec.lua"))
        t.edit(P("tests/lantern/config_spec.lua"), """  it("keeps the default scan command", function()""", """  it("rejects lower-case keywords", function()
    assert.has_error(function()
      config.set({ keywords = { todo = "LanternTodo" } })
    end)
  end)

  it("rejects a non-string highlight group", function()
    assert.has_error(function()
      config.set({ keywords = { PERF = 42 } })
    end)
  end)

  it("keeps the default scan command", function()""")
        bad = '  M.options = vim.tbl_deep_extend("force", defaults, opts)'
        lno = ln("lua/lantern/config.lua", bad)
        col = bad.index("defaults") + 1
        w = len(str(lno))
        t.fail("selene lua/ plugin/ tests/", "Lint with selene",
               f"error[undefined_variable]: `defaults` is not defined\n{' ' * (w + 1)}┌─ lua/lantern/config.lua:{lno}:{col}\n"
               f"{' ' * (w + 1)}│\n{lno} │ {bad}\n{' ' * (w + 1)}│ {' ' * (col - 1)}^^^^^^^^\n\n"
               "Results:\n1 errors\n0 warnings\n0 parse errors", code=1)
        t.edit(P("lua/lantern/config.lua"), 'vim.tbl_deep_extend("force", defaults, opts)',
               'vim.tbl_deep_extend("force", M.defaults, opts)')
        t.bash("selene lua/ plugin/ tests/", "Lint with selene again", out=SELENE_OK)
        specs["tests/lantern/config_spec.lua"] = [CFG[0], "lantern.config rejects lower-case keywords",
                                                  "lantern.config rejects a non-string highlight group", CFG[1]]
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite", out=out)
        t.done(f"Validation is in `config.set()` (so `setup(opts)` stays the only entry point); selene is clean and {n} tests pass.\n\n"
               "- `vim.validate` checks `keywords` and `scan_cmd` are tables (both optional).\n"
               "- Each keyword must match `^%u+$` and map to a string; errors are raised at the caller's level, e.g. "
               "`lantern: keyword \"todo\" must be upper case letters`.\n"
               "- Two new specs for the error cases.\n\n"
               "selene caught a slip of mine first: I'd written `defaults` instead of `M.defaults` in the merge.")

        t = d.task("remind me: tbl_deep_extend with 'force' vs 'keep', and what happens to list-like tables "
                   "like scan_cmd when the user passes a shorter one?", tags=["noise", "no_tools"])
        t.done("""- `"force"`: the **rightmost** table wins on conflicts — `tbl_deep_extend("force", defaults, user)` gives user values precedence. `"keep"` is the opposite (leftmost wins), `"error"` raises on any conflict.
- List-like tables are **not** merged in 0.10: the merge only recurses into tables that are empty or not lists, so a user's `scan_cmd = { "/opt/bin/lantern-scan" }` replaces the default list as a whole instead of being mixed into it by index.

So `scan_cmd` behaves the way you'd want. The one trap is an *empty* table: `{}` counts as mergeable, so `scan_cmd = {}` leaves the default in place rather than clearing it. If you ever want `{}` to mean "off", check for it explicitly before merging.""")

    # ============================================================ S4 Mon 11-09
    with d.session("2026-11-09T09:30:00", R, branch="feat/watch", version="2.1.95"):
        t = d.task("highlights go stale when a file changes on disk behind nvim's back (git checkout, a formatter run "
                   "from the shell). add lua/lantern/watch.lua: a vim.uv fs_event per buffer that re-highlights on "
                   "change, started from the BufReadPost autocmd and stopped on BufDelete. and again: nothing from "
                   "plenary in lua/, users shouldn't need it installed. annotate every public function with LuaCATS "
                   "(---@param/---@return) so lua-language-server picks them up. spec + tests",
                   tags=["mistake:M1", "pref:P1", "pref:P2"])
        t.read(P("lua/lantern/init.lua"))
        t.write(P("lua/lantern/watch.lua"), WATCH_LUA)
        t.edit(P("lua/lantern/init.lua"), """local highlight = require("lantern.highlight")
""", """local highlight = require("lantern.highlight")
local watch = require("lantern.watch")
""")
        t.edit(P("lua/lantern/init.lua"), """    callback = function(args)
      highlight.attach(args.buf)
    end,
  })
end""", """    callback = function(args)
      highlight.attach(args.buf)
      watch.start(args.buf)
    end,
  })
  vim.api.nvim_create_autocmd("BufDelete", {
    group = group,
    callback = function(args)
      watch.stop(args.buf)
    end,
  })
end""")
        t.write(P("tests/lantern/watch_spec.lua"), WATCH_SPEC)
        ws = "tests/lantern/watch_spec.lua"
        specs[ws] = ["lantern.watch re-highlights when the file changes on disk"]
        lw = ln("lua/lantern/watch.lua", "if vim.api.nvim_buf_is_loaded(bufnr)")
        lf = ln("lua/lantern/watch.lua", "w:start(path, {}, function(err)")
        wsrc = short(R + "/lua/lantern/watch.lua")
        out, _ = make_test(ordered(specs),
                           fails={specs[ws][0]: assert_fail(ws, ln(ws, "assert.are.equal(1"), ln(ws, "it(\"re-highlights"),
                                                            "equal", "(number) 0", "(number) 1")},
                           before={ws: luv_error("lua/lantern/watch.lua", lw, "nvim_buf_is_loaded", "nvim_buf_is_loaded",
                                                 [f"{wsrc}:{lw}: in function <{wsrc}:{lf}>"])})
        t.fail("make test", "Run the plenary test suite", out + "\n" + make_fail_tail(), code=2)
        t.say("Same class of problem as the project scan: the fs_event callback runs on the libuv loop, and "
              "`nvim_buf_is_loaded` (like `checktime` and the extmark calls in `attach`) isn't allowed there. "
              "Wrapping the whole callback so it runs on the main loop.")
        t.edit(P("lua/lantern/watch.lua"), """  w:start(path, {}, function(err)
    if err then
      return
    end
    if vim.api.nvim_buf_is_loaded(bufnr) then
      vim.cmd.checktime(bufnr)
      highlight.attach(bufnr)
    end
  end)""", """  w:start(
    path,
    {},
    vim.schedule_wrap(function(err)
      if err then
        return
      end
      if vim.api.nvim_buf_is_loaded(bufnr) then
        vim.cmd.checktime(bufnr)
        highlight.attach(bufnr)
      end
    end)
  )""")
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite again", out=out)
        t.bash("lua-language-server --check lua --checklevel=Warning --configpath .luarc.json",
               "Type-check the annotations with lua-language-server",
               out=">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> 6/6\nDiagnosis completed, no problems found",
               timeout=300000)
        t.done(f"Watcher is in, {n} tests pass and lua-language-server reports no problems.\n\n"
               "- `lua/lantern/watch.lua`: `start(bufnr)` opens one `vim.uv.new_fs_event()` per named buffer; on change it "
               "runs `checktime` and `highlight.attach`. `stop(bufnr)` stops and closes it. Both have `---@param` annotations, "
               "the watcher table is typed as `table<integer, uv.uv_fs_event_t>`.\n"
               "- `init.lua` starts it on `BufReadPost`/`BufWritePost` and stops it on `BufDelete`.\n"
               "- First run: `E5560: nvim_buf_is_loaded must not be called in a fast event context` from the fs_event "
               "callback; the callback is now wrapped in `vim.schedule_wrap`.\n"
               "- Nothing from plenary in `lua/`.")

        t = d.task("good. lint + tests, push and open the PR", tags=["workflow:W3"])
        t.bash("stylua --check lua/ plugin/ tests/", "Check formatting with StyLua")
        t.bash("selene lua/ plugin/ tests/", "Lint with selene", out=SELENE_OK)
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite", out=out)
        t.bash('git add lua/lantern/watch.lua lua/lantern/init.lua tests/lantern/watch_spec.lua && '
               'git commit -m "feat: re-highlight buffers when their file changes on disk"', "Commit the watcher",
               out=commit_out("feat/watch", "feat: re-highlight buffers when their file changes on disk", 3, 71,
                              creates=["lua/lantern/watch.lua", "tests/lantern/watch_spec.lua"]))
        t.bash("git push -u origin feat/watch", "Push the branch", err=push_new("feat/watch", 11))
        o, e = pr_out("feat/watch", 61)
        t.bash('gh pr create --base main --title "feat: re-highlight buffers when their file changes on disk" '
               '--body "Adds lua/lantern/watch.lua (one uv fs_event per buffer, started on BufReadPost, stopped on '
               'BufDelete) and a spec."', "Open the pull request", out=o, err=e)
        t.done(f"https://github.com/{GH}/pull/61 — StyLua/selene clean, {n} tests pass.")

        t = d.task("CI is green on #61. squash-merge it and delete the branch", tags=["unfixed:U1"])
        t.fail("gh pr merge 61 --squash --delete-branch", "Squash-merge the PR",
               f"X Pull request {GH}#61 is not mergeable: the base branch policy prohibits the merge.\n"
               "To have the pull request merged after all the requirements have been met, add the `--auto` flag.\n"
               "To use administrator privileges to immediately merge the pull request, add the `--admin` flag.", code=1)
        t.bash("gh pr view 61 --json reviewDecision,mergeStateStatus,statusCheckRollup --jq "
               "'{review: .reviewDecision, state: .mergeStateStatus, checks: [.statusCheckRollup[].conclusion]}'",
               "See why the merge is blocked",
               out='{"checks":["SUCCESS","SUCCESS","SUCCESS"],"review":"REVIEW_REQUIRED","state":"BLOCKED"}')
        t.done("Not merged. The checks are green, but main's branch protection requires an approving review and #61 "
               "has none (`reviewDecision: REVIEW_REQUIRED`, `mergeStateStatus: BLOCKED`). I didn't use `--admin` to "
               "bypass it. Once someone with review rights approves, `gh pr merge 61 --squash --delete-branch` will "
               "work, or you can queue it now with `--auto`.")

    # ============================================================ S5 Thu 11-12
    with d.session("2026-11-12T13:00:00", R, branch="feat/json-output", version="2.1.96"):
        t = d.task("lantern-scan: add a --json flag that prints one JSON object per hit (path, line, col, keyword, text) "
                   "so other tools can consume it. serde_json is fine. build release and show me output on the fixture",
                   tags=["oneoff:O2"])
        t.read(P("helper/Cargo.toml"))
        t.read(P("helper/src/main.rs"))
        t.edit(P("helper/Cargo.toml"), 'memchr = "2.7"\n', 'memchr = "2.7"\nserde_json = "1"\n')
        t.edit(P("helper/src/main.rs"),
               "fn scan_file(path: &Path, keywords: &[String], out: &mut impl Write) -> io::Result<()> {",
               "fn scan_file(path: &Path, keywords: &[String], out: &mut impl Write, json: bool) -> io::Result<()> {")
        t.edit(P("helper/src/main.rs"), """                emit(out, &hit)?;
""", """                if json {
                    emit_json(out, &hit)?;
                } else {
                    emit(out, &hit)?;
                }
""")
        t.edit(P("helper/src/main.rs"), """fn main() -> io::Result<()> {""", """fn emit_json(out: &mut impl Write, hit: &Hit) -> io::Result<()> {
    let value = serde_json::json!({
        "path": hit.path.to_string_lossy(),
        "line": hit.line,
        "col": hit.col,
        "keyword": hit.keyword,
        "text": hit.text,
    });
    writeln!(out, "{value}")
}

fn main() -> io::Result<()> {""")
        call = "            scan_file(entry.path(), &keywords, &mut out)?;"
        lc = ln("helper/src/main.rs", call)
        sig = "fn scan_file(path: &Path, keywords: &[String], out: &mut impl Write, json: bool) -> io::Result<()> {"
        ls = ln("helper/src/main.rs", sig)
        w = len(str(max(lc, ls)))
        g = " " * w
        args = "(entry.path(), &keywords, &mut out)"
        err = ("    Updating crates.io index\n     Locking 4 packages to latest compatible versions\n"
               "      Adding itoa v1.0.14\n      Adding ryu v1.0.18\n      Adding serde v1.0.215\n"
               "      Adding serde_json v1.0.133\n   Compiling serde v1.0.215\n   Compiling serde_json v1.0.133\n"
               "   Compiling itoa v1.0.14\n   Compiling ryu v1.0.18\n"
               f"   Compiling lantern-scan v0.3.0 ({R}/helper)\n"
               "error[E0061]: this function takes 4 arguments but 3 arguments were supplied\n"
               f"{g}--> src/main.rs:{lc}:13\n{g} |\n{lc:<{w}} | {call}\n"
               f"{g} |             ^^^^^^^^^{'-' * len(args)} argument #4 of type `bool` is missing\n{g} |\n"
               f"note: function defined here\n{g}--> src/main.rs:{ls}:4\n{g} |\n{ls:<{w}} | {sig}\n"
               f"{g} |    ^^^^^^^^^{' ' * (sig.index('json: bool') - 12)}{'-' * len('json: bool')}\n"
               f"help: provide the argument\n{g} |\n{lc:<{w}} |             scan_file(entry.path(), &keywords, &mut out, /* bool */)?;\n"
               f"{g} |                      {'~' * len('(entry.path(), &keywords, &mut out, /* bool */)')}\n\n"
               "For more information about this error, try `rustc --explain E0061`.\n"
               "error: could not compile `lantern-scan` (bin \"lantern-scan\") due to 1 previous error")
        t.fail("cargo build --release --manifest-path helper/Cargo.toml", "Build the helper in release mode", err,
               code=101, timeout=600000)
        t.say("I changed `scan_file`'s signature but not its caller, and the flag isn't parsed yet. Threading `json` "
              "through `parse_args` to the call.")
        t.edit(P("helper/src/main.rs"), """fn parse_args() -> (Vec<String>, String) {
    let mut keywords = vec!["TODO".to_string(), "FIXME".to_string()];
    let mut root = ".".to_string();""", """fn parse_args() -> (Vec<String>, String, bool) {
    let mut keywords = vec!["TODO".to_string(), "FIXME".to_string()];
    let mut root = ".".to_string();
    let mut json = false;""")
        t.edit(P("helper/src/main.rs"), """            _ => root = a,
        }
    }
    (keywords, root)""", """            "--json" => json = true,
            _ => root = a,
        }
    }
    (keywords, root, json)""")
        t.edit(P("helper/src/main.rs"), """    let (keywords, root) = parse_args();""", """    let (keywords, root, json) = parse_args();""")
        t.edit(P("helper/src/main.rs"), call, "            scan_file(entry.path(), &keywords, &mut out, json)?;")
        t.bash("cargo build --release --manifest-path helper/Cargo.toml", "Build the helper in release mode",
               err=f"   Compiling lantern-scan v0.3.0 ({R}/helper)\n    Finished `release` profile [optimized] target(s) in 9.84s",
               timeout=600000)
        t.bash("helper/target/release/lantern-scan --json --keywords TODO,FIXME,HACK,NOTE tests/fixtures/project",
               "Run the helper with --json on the fixture",
               out='{"col":4,"keyword":"TODO","line":3,"path":"tests/fixtures/project/main.lua","text":"expose this through setup()"}\n'
                   '{"col":6,"keyword":"FIXME","line":7,"path":"tests/fixtures/project/main.lua","text":"handle an empty list"}\n'
                   '{"col":7,"keyword":"HACK","line":2,"path":"tests/fixtures/project/util.py","text":"quadratic, fine for small inputs"}')
        t.bash("helper/target/release/lantern-scan --keywords TODO,FIXME,HACK,NOTE tests/fixtures/project",
               "Check the plain output is unchanged",
               out="tests/fixtures/project/main.lua:3:4:TODO:expose this through setup()\n"
                   "tests/fixtures/project/main.lua:7:6:FIXME:handle an empty list\n"
                   "tests/fixtures/project/util.py:2:7:HACK:quadratic, fine for small inputs")
        t.done("`lantern-scan --json` works:\n\n```\n"
               '{"col":4,"keyword":"TODO","line":3,"path":"tests/fixtures/project/main.lua","text":"expose this through setup()"}\n'
               "```\n\n- one object per line via `serde_json::json!` (keys come out sorted — serde_json's default map).\n"
               "- plain output unchanged, so `:Lantern project` keeps working.\n"
               "- the first build failed with E0061: I'd added the `json` parameter to `scan_file` without updating the "
               "call in `main`; `parse_args` now returns the flag and passes it through.")

        t = d.task("what landed since the beginning of september? I'm writing a 'this autumn in lantern' discussion post. "
                   "group it by theme", tags=["noise", "long_output"])
        msgs = ["feat(scan): --json output for lantern-scan", "Merge pull request #61 from jberglund/feat/watch",
                "feat: re-highlight buffers when their file changes on disk", "feat(config): validate setup() options",
                "release: v1.3.0", "Merge pull request #58 from jberglund/feat/python", "feat: python comment support",
                "feat: :Lantern project scans the project with lantern-scan", "ci: run tests on nightly too",
                "release: v1.2.0", "fix: clear extmarks when a keyword is removed",
                "Merge pull request #54 from anamaria-r/note-keyword", "feat: NOTE keyword",
                "feat: :Lantern quickfix", "docs: lazy.nvim spec uses opts", "chore: stylua 2.0",
                "ci: selene-action v1.0.0", "Merge pull request #51 from kpollard/fix-typo", "docs: fix typo in README",
                "test: extmark count per keyword", "refactor(highlight): split find() from attach()",
                "fix(highlight): multi-line block comments report the first line", "release: v1.1.0",
                "feat: only match keywords inside comment nodes", "chore: .luarc.json for LuaJIT + busted library",
                "ci: cache .tests between runs", "Merge pull request #47 from mh-dev/rocks-install-docs",
                "docs: rocks.nvim install", "build(helper): lto + strip for release", "feat(helper): respect .gitignore",
                "fix(helper): skip files that aren't utf-8", "test: ignore keywords inside strings",
                "chore: selene.toml std = neovim", "docs: vimdoc via panvimdoc", "ci: panvimdoc workflow",
                "feat(helper): --keywords flag", "refactor: lantern.config module", "chore: add CHANGELOG.md",
                "fix: don't attach to unnamed scratch buffers", "chore: rockspec for luarocks"]
        t.bash('git log --oneline --since=2026-09-01 main', "Commits on main since September",
               out="\n".join(f"{hx(7)} {m}" for m in msgs[1:]))
        t.done("""Since 1 September, grouped (39 commits on main; `--json` is still on this branch):

**New features**
- `:Lantern project` — project-wide scan through the `lantern-scan` helper, results in quickfix (1.3.0)
- Python support; comments only, docstrings ignored (1.3.0)
- Buffers re-highlight when their file changes on disk (#61, unreleased)
- `setup()` validates its options (unreleased)
- `:Lantern quickfix` and the `NOTE` keyword (1.2.0, NOTE by @anamaria-r in #54)
- Keywords only match inside comment nodes (1.1.0)

**The helper (`lantern-scan`)**
- `--keywords`, `.gitignore` support, skips non-UTF-8 files, LTO + strip for release builds

**Fixes**
- Extmarks cleared when a keyword is removed; multi-line block comments report their first line; no attaching to unnamed scratch buffers

**Docs and packaging**
- vimdoc generated with panvimdoc, rocks.nvim install instructions (@mh-dev, #47), a rockspec and CHANGELOG

**CI / tooling**
- Tests on stable + nightly, `.tests` cached, selene-action, StyLua 2.0, `.luarc.json`

Contributors besides you: @anamaria-r, @kpollard, @mh-dev.""")

        t = d.task("I want a coverage number for the lua side. install luacov and wire it into the test run "
                   "(env var in minimal_init is fine), then show me the summary", tags=["mistake:M2", "long_output"])
        t.fail("luarocks install luacov", "Install luacov", LR_PERM, code=2)
        t.say("luarocks defaults to the system tree under /usr/local, which isn't writable for your user. Installing "
              "into the per-user tree (~/.luarocks) instead.")
        t.bash("luarocks install --local luacov", "Install luacov into the user tree",
               out="Installing https://luarocks.org/luacov-0.16.0-1.src.rock\n\n"
                   "luacov 0.16.0-1 depends on lua >= 5.1 (5.1-1 provided by VM: success)\n" + lr_installed("luacov", "0.16.0-1"),
               timeout=180000)
        t.read(P("tests/minimal_init.lua"))
        t.edit(P("tests/minimal_init.lua"), """local root = vim.fn.fnamemodify(".tests", ":p")
""", """if os.getenv("LANTERN_COVERAGE") then
  local share = vim.env.HOME .. "/.luarocks/share/lua/5.1/"
  package.path = share .. "?.lua;" .. share .. "?/init.lua;" .. package.path
  require("luacov")
end

local root = vim.fn.fnamemodify(".tests", ":p")
""")
        t.read(P("Makefile"))
        t.edit(P("Makefile"), ".PHONY: test deps lint format docs\n", ".PHONY: test deps lint format docs coverage\n")
        t.edit(P("Makefile"), """lint:
""", """coverage: deps
\trm -f luacov.stats.out luacov.report.out
\tLANTERN_COVERAGE=1 $(MAKE) test
\t$(HOME)/.luarocks/bin/luacov 'lua/lantern'

lint:
""")
        body, n = plen(ordered(specs))
        t.bash("make coverage", "Run the tests with luacov and build the report",
               out="rm -f luacov.stats.out luacov.report.out\nLANTERN_COVERAGE=1 make test\n"
                   f"make[1]: Entering directory '{R}'\n" + MAKE_TEST + "\n" + body +
                   f"\nmake[1]: Leaving directory '{R}'\n/home/jonas/.luarocks/bin/luacov 'lua/lantern'",
               timeout=600000)
        rows = [("config.lua", 21, 0), ("highlight.lua", 31, 2), ("init.lua", 0, 17), ("project.lua", 24, 1),
                ("quickfix.lua", 0, 14), ("watch.lua", 19, 3)]
        th = sum(r[1] for r in rows)
        tm = sum(r[2] for r in rows)
        rep = ["Summary", "=" * 78, "", f"{'File':<55}{'Hits':>6}{'Missed':>7}{'Coverage':>10}", "-" * 78]
        for f, h, m in rows:
            rep.append(f"{R + '/lua/lantern/' + f:<55}{h:>6}{m:>7}{100 * h / (h + m):>9.2f}%")
        rep += ["-" * 78, f"{'Total':<55}{th:>6}{tm:>7}{100 * th / (th + tm):>9.2f}%"]
        t.bash("sed -n '/^Summary/,$p' luacov.report.out", "Show the coverage summary", out="\n".join(rep))
        t.done(f"Coverage for `lua/lantern`: **{100 * th / (th + tm):.1f}%** ({th} of {th + tm} lines).\n\n"
               "- `init.lua` and `quickfix.lua` are at 0%: no spec calls `setup()` or `:Lantern quickfix`. Those two "
               "are the cheap wins.\n- `highlight.lua` misses the `if not query` early return (no language without a "
               "lantern query is tested).\n\nSetup:\n- luacov 0.16 is in `~/.luarocks` (the system tree isn't writable).\n"
               "- `tests/minimal_init.lua` adds `~/.luarocks/share/lua/5.1` to `package.path` and requires `luacov` "
               "when `LANTERN_COVERAGE` is set, so every child Neovim plenary starts records stats.\n"
               "- `make coverage` runs the suite with it and writes `luacov.report.out`. Both `luacov.*` files should go "
               "into `.gitignore`.")

        d.precompact("""Analysis: Jonas maintains lantern.nvim (github.com/jberglund/lantern.nvim): Neovim 0.10 plugin in Lua that highlights TODO/FIXME/HACK/NOTE in tree-sitter comment nodes and collects them in quickfix; Rust helper helper/ (lantern-scan) for project scans; tests with plenary (make test, tests/minimal_init.lua, deps and parsers in .tests/); StyLua + selene; panvimdoc for doc/lantern.txt; luarocks releases.

Summary:
1. Branch feat/json-output. lantern-scan got a --json flag (serde_json; one object per hit). First build failed with E0061 (scan_file signature changed, call not updated); fixed, release build OK, output verified on tests/fixtures/project.
2. Wrote a grouped summary of commits on main since 2026-09-01 for Jonas's discussion post.
3. Coverage: luacov 0.16.0 installed in ~/.luarocks (the system tree /usr/local is not writable). tests/minimal_init.lua requires luacov when LANTERN_COVERAGE is set; Makefile has a `coverage` target. Total 72.0%, init.lua and quickfix.lua untested.

Preferences noted: no plenary in runtime code (lua/), only in tests; config goes through setup(opts); LuaCATS annotations on public functions.

Pending: nothing requested yet after the coverage summary.""")

        t = d.task("document --json and the project scan in the README, regenerate the vimdoc and commit the docs",
                   tags=["workflow:W2"])
        t.read(P("README.md"))
        t.edit(P("README.md"), """## Commands

- `:Lantern quickfix` puts the keywords of the current buffer into the quickfix list.
""", """## Commands

- `:Lantern quickfix` puts the keywords of the current buffer into the quickfix list.
- `:Lantern project` scans the whole project and puts every keyword into the quickfix list.

## Project scan

`:Lantern project` does not read buffers. It runs the `lantern-scan` helper, a small Rust program that walks the
project directory, and turns its output into quickfix entries. This keeps the scan fast on large repositories
and means files you have not opened are included too.

How the scan works:

1. `lantern-scan` starts in Neovim's current working directory.
2. It walks every file that is not hidden and not ignored by `.gitignore`, `.ignore` or your global git excludes.
3. Files that are not valid UTF-8 are skipped silently.
4. Every line is searched for each configured keyword followed by a colon (`TODO:`), in any file type —
   unlike the buffer highlights, the scan does not use tree-sitter, so a `TODO:` inside a string is reported too.
5. The results arrive asynchronously; the quickfix list is filled once the helper exits and titled
   `Lantern: project`.

The helper has to be on your `PATH`, or you can point `scan_cmd` at it:

```lua
require("lantern").setup({
  scan_cmd = { vim.fn.expand("~/.local/bin/lantern-scan") },
})
```

To build it yourself you need a Rust toolchain (1.74 or newer):

```sh
cargo build --release --manifest-path helper/Cargo.toml
cp helper/target/release/lantern-scan ~/.local/bin/
```

### Output formats

By default `lantern-scan` prints one hit per line as `path:line:column:KEYWORD:text`, which is what the plugin
reads. With `--json` it prints one JSON object per line instead, with the keys `path`, `line`, `col`, `keyword`
and `text`. The JSON form is meant for other tools, for example a CI job that fails when a `FIXME` is added:

```sh
lantern-scan --json --keywords FIXME | jq -r '.path + ":" + (.line|tostring)'
```

Line and column numbers are 1-based in both formats.
""")
        t.bash("make docs", "Regenerate doc/lantern.txt with panvimdoc",
               out="/home/jonas/src/panvimdoc/panvimdoc.sh --project-name lantern --input-file README.md \\\n"
                   "\t--vim-version \"Neovim >= 0.10.0\" --toc true --demojify true --treesitter true", timeout=120000)
        t.bash('nvim --headless -c "helptags doc" -c "qa"', "Regenerate the help tags")
        t.bash("git diff --stat", "Show what changed",
               out=" README.md        | 52 ++++++++++++++++++++++++++++++++++++++++++++++++++++\n"
                   " doc/lantern.txt  | 71 ++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++\n"
                   " 2 files changed, 123 insertions(+)")
        t.bash('git add README.md doc/lantern.txt && git commit -m "docs: project scan and lantern-scan --json"',
               "Commit the docs", out=commit_out("feat/json-output", "docs: project scan and lantern-scan --json", 2, 123))
        t.done("README has a `:Lantern project` line under Commands and a new \"Project scan\" section (how the helper "
               "walks the tree, `scan_cmd`, building it, both output formats). `doc/lantern.txt` is regenerated with "
               "panvimdoc, tags rebuilt (`doc/tags` is gitignored), committed as `docs: project scan and lantern-scan --json`.")

    # between sessions: Jonas trimmed the "Project scan" section by hand and merged #61 / the json branch
    rd = d.files[P("README.md")]
    a = rd.index("## Project scan")
    d.files[P("README.md")] = rd[:a] + """## Project scan

`:Lantern project` runs the `lantern-scan` helper (Rust, in `helper/`) over the working directory. It respects
`.gitignore` and matches `KEYWORD:` in any file, not only in comments. Put it on your `PATH` or set `scan_cmd`.
`lantern-scan --json` prints one JSON object per hit for other tools.
"""

    # ============================================================ S6 Mon 11-16 (acceptEdits)
    with d.session("2026-11-16T10:40:00", R, branch="feat/go", version="2.1.97", permission_mode="acceptEdits"):
        t = d.task("go support next: lantern query for go + a spec (a // TODO after code is found, TODO in a string "
                   "literal is not). run the suite", tags=["mistake:M3"])
        t.glob("queries/*/lantern.scm", [P("queries/lua/lantern.scm"), P("queries/python/lantern.scm")])
        t.write(P("queries/go/lantern.scm"), "(comment) @comment\n")
        t.write(P("tests/lantern/go_spec.lua"), GO_SPEC)
        gs = "tests/lantern/go_spec.lua"
        specs[gs] = lang_names("go", "ignores TODO in string literals")
        fails = {specs[gs][0]: no_parser(4, "go", gs, ln(gs, "assert.are.same({ { lnum"), ln(gs, 'it("finds TODO')),
                 specs[gs][1]: no_parser(5, "go", gs, ln(gs, "assert.are.same({}"), ln(gs, 'it("ignores TODO'))}
        out, _ = make_test(ordered(specs), fails=fails)
        t.fail("make test", "Run the plenary test suite", out + "\n" + make_fail_tail(), code=2)
        t.say("Both go specs fail before the query runs: the test Neovim has no go parser. The parsers for the "
              "tests live in the nvim-treesitter checkout under `.tests/`, so go has to be installed there first.")
        t.bash('nvim --headless --noplugin -u tests/minimal_init.lua -c "TSInstallSync go" -c "qa"',
               "Install the go parser into the test environment", err=ts_install("go"), timeout=300000)
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite again", out=out)
        t.done(f"Go is supported, {n} tests pass.\n\n- `queries/go/lantern.scm`: `(comment) @comment` (covers `//` and `/* */`).\n"
               "- `tests/lantern/go_spec.lua`: `// TODO:` after code found at line 4, col 12 (0-based 3/11); a TODO in a "
               "string literal is ignored.\n- First run: `Parser could not be created for buffer 4 and language \"go\"` — "
               "installed the go parser into `.tests/` with `TSInstallSync go` and the test init, then re-ran.")

        t = d.task("btw the Project scan section you wrote for the README last week was way too long, I had to cut half "
                   "of it. README sections are a few lines, not a manual. now add go (and python, which we forgot) to "
                   "the README's language list, regenerate the vimdoc and commit the docs",
                   tags=["feedback", "workflow:W2"], feedback="the Project scan section you wrote for the README last "
                   "week was way too long, I had to cut half of it")
        t.read(P("README.md"))
        t.edit(P("README.md"), """- a tree-sitter parser for each language you want highlighted
""", """- a tree-sitter parser for each language you want highlighted

Supported languages: Lua, Python, Go.
""")
        t.bash("make docs", "Regenerate doc/lantern.txt with panvimdoc",
               out="/home/jonas/src/panvimdoc/panvimdoc.sh --project-name lantern --input-file README.md \\\n"
                   "\t--vim-version \"Neovim >= 0.10.0\" --toc true --demojify true --treesitter true", timeout=120000)
        t.bash('nvim --headless -c "helptags doc" -c "qa"', "Regenerate the help tags")
        t.bash('git add README.md doc/lantern.txt && git commit -m "docs: list supported languages"',
               "Commit the docs", out=commit_out("feat/go", "docs: list supported languages", 2, 4))
        t.done("Noted — README sections stay at a few lines from now on.\n\nAdded one line under Requirements: "
               "\"Supported languages: Lua, Python, Go.\" Vimdoc regenerated, committed as `docs: list supported languages`.")

        t = d.task("ship the go branch: lint, tests, push, PR", tags=["workflow:W3"])
        t.bash("stylua --check lua/ plugin/ tests/", "Check formatting with StyLua")
        t.bash("selene lua/ plugin/ tests/", "Lint with selene", out=SELENE_OK)
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite", out=out)
        t.bash('git add queries/go/lantern.scm tests/lantern/go_spec.lua && git commit -m "feat: go comment support"',
               "Commit the go support", out=commit_out("feat/go", "feat: go comment support", 2, 24,
                                                       creates=["queries/go/lantern.scm", "tests/lantern/go_spec.lua"]))
        t.bash("git push -u origin feat/go", "Push the branch", err=push_new("feat/go", 10))
        o, e = pr_out("feat/go", 64)
        t.bash('gh pr create --base main --title "feat: go comment support" --body "Lantern query for go comments, a '
               'spec, and the supported languages in the README. CI already installs the go parser."',
               "Open the pull request", out=o, err=e)
        t.done(f"https://github.com/{GH}/pull/64 — two commits (feature + docs), StyLua/selene clean, {n} tests pass.")

    # ============================================================ S7 Thu 11-19
    with d.session("2026-11-19T09:15:00", R, branch="main", version="2.1.98"):
        t = d.task("#61 #63 #64 are merged. release 1.4.0 — and this time check the versioned rockspec actually "
                   "installs before tagging, the 1.3.0 one I never tried", tags=["workflow:W1", "mistake:M2"])
        t.bash("git pull --ff-only", "Update main",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n README.md                        |  9 ++++\n"
                   " doc/lantern.txt                  | 24 ++++++++++\n helper/Cargo.toml                |  1 +\n"
                   " helper/src/main.rs               | 30 +++++++++---\n lua/lantern/config.lua           | 14 +++++-\n"
                   " lua/lantern/init.lua             |  8 ++++\n lua/lantern/watch.lua            | 47 ++++++++++++++++++\n"
                   " queries/go/lantern.scm           |  1 +\n tests/lantern/config_spec.lua    | 12 +++++\n"
                   " tests/lantern/go_spec.lua        | 22 +++++++++\n tests/lantern/watch_spec.lua     | 19 ++++++++\n"
                   " 11 files changed, 181 insertions(+), 6 deletions(-)")
        t.bash("git log --oneline v1.3.0..HEAD", "Commits since 1.3.0",
               out=f"{hx(7)} Merge pull request #64 from jberglund/feat/go\n{hx(7)} docs: list supported languages\n"
                   f"{hx(7)} feat: go comment support\n{hx(7)} Merge pull request #63 from jberglund/feat/json-output\n"
                   f"{hx(7)} docs: project scan and lantern-scan --json\n{hx(7)} feat(scan): --json output for lantern-scan\n"
                   f"{hx(7)} Merge pull request #61 from jberglund/feat/watch\n"
                   f"{hx(7)} feat: re-highlight buffers when their file changes on disk\n{hx(7)} feat(config): validate setup() options")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n", """# Changelog

## [1.4.0] - 2026-11-19

### Added
- Go support.
- Buffers are re-highlighted when their file changes on disk.
- `setup()` validates its options.
- `lantern-scan --json` prints one JSON object per hit.

""")
        t.bash("luarocks new_version lantern.nvim-scm-1.rockspec 1.4.0 --tag=v1.4.0", "Write the versioned rockspec",
               out="Wrote lantern.nvim-1.4.0-1.rockspec")
        t.fail("luarocks make lantern.nvim-1.4.0-1.rockspec", "Check the rockspec builds and installs", LR_PERM, code=2)
        t.say("Same as with luacov: the default rocks tree is the system one under /usr/local. A test install belongs in "
              "your user tree anyway.")
        t.bash("luarocks make --local lantern.nvim-1.4.0-1.rockspec", "Build and install the rockspec into the user tree",
               out=lr_installed("lantern.nvim", "1.4.0-1"))
        t.bash("ls ~/.luarocks/lib/luarocks/rocks-5.1/lantern.nvim/1.4.0-1/", "Check what the rock contains",
               out="doc\nlantern.nvim-1.4.0-1.rockspec\nplugin\nqueries\nrock_manifest")
        t.bash("luarocks lint lantern.nvim-1.4.0-1.rockspec", "Lint the rockspec")
        t.bash('git add CHANGELOG.md lantern.nvim-1.4.0-1.rockspec && git commit -m "release: v1.4.0"',
               "Commit the release", out=commit_out("main", "release: v1.4.0", 2, 32,
                                                    creates=["lantern.nvim-1.4.0-1.rockspec"]))
        t.bash('git tag -a v1.4.0 -m "v1.4.0"', "Tag the release")
        t.bash("git push origin main v1.4.0", "Push main and the tag", err=push_tag("v1.4.0", f"{hx(7)}..{hx(7)}"))
        t.bash('luarocks upload lantern.nvim-1.4.0-1.rockspec --api-key="$LUAROCKS_API_KEY"', "Upload to luarocks.org",
               out=upload_out("1.4.0"), timeout=180000)
        t.done("1.4.0 is released: https://luarocks.org/modules/jberglund/lantern.nvim/1.4.0-1\n\n"
               "- The rockspec builds and installs: `luarocks make` into `~/.luarocks` put `doc/`, `plugin/` and "
               "`queries/` into the rock next to the Lua modules (the system tree isn't writable, so the check ran "
               "against the user tree).\n- CHANGELOG, versioned rockspec, annotated tag `v1.4.0`, pushed with main, uploaded.")

        t = d.task("are we still using vim.loop anywhere? it's deprecated in 0.10", tags=["noise"])
        t.grep(r"vim\.loop", filenames=[], path=R, glob="**/*.lua")
        t.grep(r"vim\.uv", path=R, output_mode="content", n=True, glob="**/*.lua",
               content=f"{R}/lua/lantern/watch.lua:15:  local w = assert(vim.uv.new_fs_event())")
        t.done("No — nothing uses `vim.loop`. The only libuv use is `vim.uv.new_fs_event()` in `lua/lantern/watch.lua:15`. "
               "(`vim.loop` still works in 0.10 as an alias, it's just soft-deprecated.)")

        t = d.task("somebody asked in discussions whether we still support 0.9. what would it cost us to keep it?",
                   tags=["noise", "no_tools"])
        t.done("""More than it's worth, I think. What we use that 0.9 doesn't have:

- `vim.system()` — new in 0.10; 0.9 would need a `jobstart` or `uv.spawn` path for `:Lantern project`.
- `vim.uv` — 0.9 only has `vim.loop` (easy alias, but one more shim).
- `vim.treesitter.language.get_lang()` exists in 0.9, but `Query:iter_captures()` and the query/parser API changed a lot between 0.9 and 0.10, and the `vim.treesitter.query.get()` name is 0.9+ with a different caching behaviour.
- CI would need a third matrix entry, and the bundled parsers differ (0.9 ships fewer).

Neovim 0.10 has been out since May 2024, and the major distros' rolling packages have it. I'd answer: 1.2.x is the last line that works on 0.9; pin `tag = "v1.2.0"` in lazy.nvim if you're stuck there.""")

    # ============================================================ S8 Mon 11-23
    with d.session("2026-11-23T14:05:00", R, branch="feat/debounce", version="2.1.99"):
        t = d.task("highlights only refresh on read/write. refresh while typing too (TextChanged/TextChangedI), debounced "
                   "with a vim.uv timer per buffer, debounce_ms option defaulting to 150. same rule as always, no plenary "
                   "at runtime. spec + tests", tags=["mistake:M1", "pref:P1"])
        t.read(P("lua/lantern/config.lua"))
        t.edit(P("lua/lantern/config.lua"), """---@field scan_cmd string[] command used for project scans
""", """---@field scan_cmd string[] command used for project scans
---@field debounce_ms integer delay before re-highlighting after a change
""")
        t.edit(P("lua/lantern/config.lua"), """  scan_cmd = { "lantern-scan" },
}""", """  scan_cmd = { "lantern-scan" },
  debounce_ms = 150,
}""")
        t.edit(P("lua/lantern/config.lua"), """    scan_cmd = { opts.scan_cmd, "table", true },
""", """    scan_cmd = { opts.scan_cmd, "table", true },
    debounce_ms = { opts.debounce_ms, "number", true },
""")
        t.write(P("lua/lantern/debounce.lua"), DEBOUNCE_LUA)
        t.read(P("lua/lantern/init.lua"))
        t.edit(P("lua/lantern/init.lua"), """local watch = require("lantern.watch")
""", """local watch = require("lantern.watch")
local debounce = require("lantern.debounce")
""")
        t.edit(P("lua/lantern/init.lua"), """  vim.api.nvim_create_autocmd("BufDelete", {
    group = group,
    callback = function(args)
      watch.stop(args.buf)
    end,
  })""", """  vim.api.nvim_create_autocmd({ "TextChanged", "TextChangedI" }, {
    group = group,
    callback = function(args)
      debounce.refresh(args.buf)
    end,
  })
  vim.api.nvim_create_autocmd("BufDelete", {
    group = group,
    callback = function(args)
      watch.stop(args.buf)
      debounce.cancel(args.buf)
    end,
  })""")
        t.write(P("tests/lantern/debounce_spec.lua"), DEBOUNCE_SPEC)
        dsp = "tests/lantern/debounce_spec.lua"
        specs[dsp] = ["lantern.debounce highlights once the buffer is quiet"]
        lcb = ln("lua/lantern/debounce.lua", "    if vim.api.nvim_buf_get_changedtick(bufnr) == tick then")
        lst = ln("lua/lantern/debounce.lua", "t:start(config.options.debounce_ms, 0, function()")
        dsrc = short(R + "/lua/lantern/debounce.lua")
        out, _ = make_test(ordered(specs),
                           fails={specs[dsp][0]: assert_fail(dsp, ln(dsp, "assert.are.equal(1"),
                                                             ln(dsp, 'it("highlights once'), "equal", "(number) 0",
                                                             "(number) 1")},
                           before={dsp: luv_error("lua/lantern/debounce.lua", lcb, "nvim_buf_get_changedtick",
                                                  "nvim_buf_get_changedtick", [f"{dsrc}:{lcb}: in function <{dsrc}:{lst}>"])})
        t.fail("make test", "Run the plenary test suite", out + "\n" + make_fail_tail(), code=2)
        t.say("The timer callback fires on the libuv loop, so even reading the changedtick is refused there (E5560). "
              "The comparison and the re-highlight have to be scheduled onto the main loop; I'm also checking the "
              "buffer is still valid by then.")
        t.edit(P("lua/lantern/debounce.lua"), """  t:start(config.options.debounce_ms, 0, function()
    if vim.api.nvim_buf_get_changedtick(bufnr) == tick then
      highlight.attach(bufnr)
    end
  end)""", """  t:start(config.options.debounce_ms, 0, function()
    vim.schedule(function()
      if vim.api.nvim_buf_is_valid(bufnr) and vim.api.nvim_buf_get_changedtick(bufnr) == tick then
        highlight.attach(bufnr)
      end
    end)
  end)""")
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite again", out=out)
        t.done(f"Typing now refreshes the highlights after 150 ms of quiet; {n} tests pass.\n\n"
               "- `lua/lantern/debounce.lua`: one `vim.uv` timer per buffer, restarted on every change; `cancel()` on `BufDelete`.\n"
               "- `debounce_ms` (default 150) is in the defaults, the `lantern.Config` annotation and the validation.\n"
               "- First run: `E5560: nvim_buf_get_changedtick must not be called in a fast event context` from the timer "
               "callback. The callback now only does `vim.schedule(...)`; the tick check and `attach` run on the main loop.\n"
               "- No plenary at runtime.")

        t = d.task("main moved (Ana merged the README typo fixes). rebase this branch on it", tags=["flaky:F1"])
        t.fail("git fetch origin", "Fetch from GitHub",
               "ssh: Could not resolve hostname github.com: Temporary failure in name resolution\n"
               "fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\n"
               "and the repository exists.", code=128)
        t.bash("git fetch origin", "Fetch from GitHub",
               err=f"From github.com:{GH}\n   {hx(7)}..{hx(7)}  main       -> origin/main")
        t.bash("git rebase origin/main", "Rebase the branch on main",
               out="Successfully rebased and updated refs/heads/feat/debounce.")
        t.done("Rebased `feat/debounce` onto `origin/main` without conflicts. (The first fetch failed on a DNS hiccup — "
               "\"Could not resolve hostname github.com\" — the identical retry went through.)")

        t = d.task("a mac user wants a prebuilt lantern-scan. can you build it for aarch64-apple-darwin here so I can "
                   "attach it to the 1.4.0 release? don't install anything new on this machine", tags=["unfixed:U2"])
        t.fail("cargo build --release --manifest-path helper/Cargo.toml --target aarch64-apple-darwin",
               "Cross-build the helper for Apple silicon",
               "   Compiling memchr v2.7.4\n   Compiling serde v1.0.215\n"
               "error[E0463]: can't find crate for `core`\n  |\n"
               "  = note: the `aarch64-apple-darwin` target may not be installed\n"
               "  = help: consider downloading the target with `rustup target add aarch64-apple-darwin`\n\n"
               "For more information about this error, try `rustc --explain E0463`.\n"
               "error: could not compile `memchr` (lib) due to 1 previous error\nwarning: build failed, waiting for other jobs to finish...",
               code=101, timeout=600000)
        t.bash("rustup target list --installed", "List the installed Rust targets", out="x86_64-unknown-linux-gnu")
        t.done("Can't do it here without installing things. Only `x86_64-unknown-linux-gnu` is installed, so cargo has "
               "no `core` for `aarch64-apple-darwin` (E0463). Adding the target with rustup wouldn't be enough either: "
               "linking a macOS binary needs Apple's linker and SDK, which a Linux box doesn't have.\n\n"
               "The practical route is CI: a `macos-14` job (Apple silicon runner) that runs `cargo build --release "
               "--manifest-path helper/Cargo.toml` on tag pushes and uploads the binary with `gh release upload`. "
               "I can write that workflow if you want.")

    # ============================================================ S9 Thu 11-26
    with d.session("2026-11-26T10:00:00", R, branch="feat/g-config", version="2.1.100"):
        t = d.task("change of plan on configuration: drop the setup() requirement. the plugin should configure itself "
                   "from a vim.g.lantern table when plugin/ loads, like the nvim-neorocks best-practices guide says. keep "
                   "setup(opts) for one release as a deprecated wrapper that fills vim.g.lantern. tests for both",
                   tags=["reversal:P3"])
        t.read(P("lua/lantern/init.lua"))
        t.read(P("plugin/lantern.lua"))
        t.write(P("lua/lantern/init.lua"), """---@mod lantern Highlight and collect TODO-style comments
local config = require("lantern.config")
local debounce = require("lantern.debounce")
local highlight = require("lantern.highlight")
local watch = require("lantern.watch")

local M = {}

---Read `vim.g.lantern` and create the autocmds. Called from plugin/lantern.lua.
function M.enable()
  config.set(vim.g.lantern)
  local group = vim.api.nvim_create_augroup("lantern", { clear = true })
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufWritePost" }, {
    group = group,
    callback = function(args)
      highlight.attach(args.buf)
      watch.start(args.buf)
    end,
  })
  vim.api.nvim_create_autocmd({ "TextChanged", "TextChangedI" }, {
    group = group,
    callback = function(args)
      debounce.refresh(args.buf)
    end,
  })
  vim.api.nvim_create_autocmd("BufDelete", {
    group = group,
    callback = function(args)
      watch.stop(args.buf)
      debounce.cancel(args.buf)
    end,
  })
end

---@deprecated Set `vim.g.lantern` instead; removed in 2.0.0.
---@param opts? lantern.Config
function M.setup(opts)
  vim.deprecate("require('lantern').setup()", "vim.g.lantern", "2.0.0", "lantern.nvim")
  vim.g.lantern = vim.tbl_deep_extend("force", vim.g.lantern or {}, opts or {})
  M.enable()
end

return M
""")
        t.edit(P("plugin/lantern.lua"), """vim.g.loaded_lantern = true
""", """vim.g.loaded_lantern = true

require("lantern").enable()
""")
        t.write(P("tests/lantern/init_spec.lua"), """describe("lantern", function()
  after_each(function()
    vim.g.lantern = nil
    require("lantern.config").set()
  end)

  it("enable() reads vim.g.lantern", function()
    vim.g.lantern = { keywords = { PERF = "LanternPerf" } }
    require("lantern").enable()
    assert.are.equal("LanternPerf", require("lantern.config").options.keywords.PERF)
  end)

  it("setup() still works and fills vim.g.lantern", function()
    require("lantern").setup({ debounce_ms = 50 })
    assert.are.equal(50, vim.g.lantern.debounce_ms)
    assert.are.equal(50, require("lantern.config").options.debounce_ms)
  end)
end)
""")
        specs["tests/lantern/init_spec.lua"] = ["lantern enable() reads vim.g.lantern",
                                                "lantern setup() still works and fills vim.g.lantern"]
        out, n = make_test(ordered(specs),
                           before={"tests/lantern/init_spec.lua":
                                   "require('lantern').setup() is deprecated, use vim.g.lantern instead. :help deprecated\n"
                                   "Feature will be removed in lantern.nvim 2.0.0"})
        t.bash("make test", "Run the plenary test suite", out=out)
        t.done(f"Configuration now comes from `vim.g.lantern`; {n} tests pass.\n\n"
               "- `plugin/lantern.lua` calls `require(\"lantern\").enable()`, which merges `vim.g.lantern` over the "
               "defaults (same validation as before) and creates the autocmds. Users only set the table before the "
               "plugin loads; lazy.nvim's `opts` no longer does anything, `init = function() vim.g.lantern = {...} end` does.\n"
               "- `setup(opts)` is kept, annotated `---@deprecated`, warns through `vim.deprecate` (removed in 2.0.0), "
               "merges `opts` into `vim.g.lantern` and re-enables.\n"
               "- `tests/lantern/init_spec.lua` covers both paths.")

        t = d.task("update the README's Configuration section for vim.g.lantern (short!), regenerate the vimdoc, commit "
                   "the docs", tags=["workflow:W2"])
        t.read(P("README.md"))
        t.edit(P("README.md"), """```lua
{ "jberglund/lantern.nvim", opts = {} }
```""", """```lua
{ "jberglund/lantern.nvim" }
```""")
        t.edit(P("README.md"), """```lua
require("lantern").setup({
  keywords = {
    TODO = "LanternTodo",
    FIXME = "LanternFixme",
    HACK = "LanternHack",
    NOTE = "LanternNote",
  },
})
```""", """Set `vim.g.lantern` before the plugin loads; no `setup()` call is needed. Defaults:

```lua
vim.g.lantern = {
  keywords = { TODO = "LanternTodo", FIXME = "LanternFixme", HACK = "LanternHack", NOTE = "LanternNote" },
  scan_cmd = { "lantern-scan" },
  debounce_ms = 150,
}
```

`require("lantern").setup(opts)` still works until 2.0 but is deprecated.""")
        t.bash("make docs", "Regenerate doc/lantern.txt with panvimdoc",
               out="/home/jonas/src/panvimdoc/panvimdoc.sh --project-name lantern --input-file README.md \\\n"
                   "\t--vim-version \"Neovim >= 0.10.0\" --toc true --demojify true --treesitter true", timeout=120000)
        t.bash('nvim --headless -c "helptags doc" -c "qa"', "Regenerate the help tags")
        t.bash('git add README.md doc/lantern.txt && git commit -m "docs: configure with vim.g.lantern"',
               "Commit the docs", out=commit_out("feat/g-config", "docs: configure with vim.g.lantern", 2, 22, 16))
        t.done("Configuration section is now five lines plus the defaults table; the lazy.nvim spec no longer passes "
               "`opts`. Vimdoc regenerated, committed as `docs: configure with vim.g.lantern`.")

        t = d.task("parse_line and the config merge don't need a headless nvim. set up busted with nlua so `luarocks "
                   "test` runs a spec/ dir like the nvim-neorocks template does; plenary keeps the rest. move the "
                   "parse_line cases over", tags=["mistake:M2"])
        t.read(P("lantern.nvim-scm-1.rockspec"))
        t.edit(P("lantern.nvim-scm-1.rockspec"), """dependencies = {
  "lua >= 5.1",
}
""", """dependencies = {
  "lua >= 5.1",
}
test_dependencies = {
  "nlua",
}
test = {
  type = "busted",
}
""")
        t.write(P(".busted"), BUSTED_RC)
        t.write(P("spec/parse_spec.lua"), PARSE_SPEC)
        miss = ("Missing dependencies for lantern.nvim scm-1:\n   nlua (not installed)\n   busted (not installed)\n\n"
                "lantern.nvim scm-1 depends on nlua (not installed)\n")
        t.fail("luarocks test", "Run the busted specs through luarocks", miss + LR_PERM, code=2)
        t.say("luarocks wants to install the test dependencies (nlua, busted) into the system tree first, which "
              "isn't writable. Running it against the user tree.")
        t.bash("luarocks test --local", "Run the busted specs through luarocks, user tree",
               out=miss + "Installing https://luarocks.org/nlua-0.2.0-1.rockspec\n" + lr_installed("nlua", "0.2.0-1", "GPL-3.0") +
               "\nlantern.nvim scm-1 depends on busted (not installed)\nInstalling https://luarocks.org/busted-2.2.0-1.src.rock\n\n"
               "busted 2.2.0-1 depends on lua >= 5.1 (5.1-1 provided by VM: success)\n"
               "busted 2.2.0-1 depends on lua_cliargs >= 3.0 (not installed)\n"
               "Installing https://luarocks.org/lua_cliargs-3.0.2-1.src.rock\n\n" + lr_installed("lua_cliargs", "3.0.2-1") + "\n"
               "busted 2.2.0-1 depends on luasystem >= 0.2.0 (not installed)\n"
               "Installing https://luarocks.org/luasystem-0.4.4-1.src.rock\n\n" + lr_installed("luasystem", "0.4.4-1") + "\n"
               "busted 2.2.0-1 depends on dkjson >= 2.1.0 (not installed)\n"
               "Installing https://luarocks.org/dkjson-2.8-1.rockspec\n\n" + lr_installed("dkjson", "2.8-1", "MIT/X11") + "\n"
               "busted 2.2.0-1 depends on say >= 1.4-1 (not installed)\n"
               "Installing https://luarocks.org/say-1.4.1-3.rockspec\n\n" + lr_installed("say", "1.4.1-3") + "\n"
               "busted 2.2.0-1 depends on luassert >= 1.9.0-1 (not installed)\n"
               "Installing https://luarocks.org/luassert-1.9.0-1.rockspec\n\n" + lr_installed("luassert", "1.9.0-1") + "\n"
               "busted 2.2.0-1 depends on lua-term >= 0.1 (not installed)\n"
               "Installing https://luarocks.org/lua-term-0.8-1.rockspec\n\n" + lr_installed("lua-term", "0.8-1") + "\n"
               "busted 2.2.0-1 depends on penlight >= 1.15.0 (not installed)\n"
               "Installing https://luarocks.org/penlight-1.14.0-2.rockspec\n\n" + lr_installed("penlight", "1.14.0-2") + "\n"
               "busted 2.2.0-1 depends on mediator_lua >= 1.1.1-0 (not installed)\n"
               "Installing https://luarocks.org/mediator_lua-1.1.2-0.rockspec\n\n" + lr_installed("mediator_lua", "1.1.2-0", "MIT <http://opensource.org/licenses/MIT>") + "\n" +
               lr_installed("busted", "2.2.0-1", "MIT <http://opensource.org/licenses/MIT>") + "\n"
               "●●●\n3 successes / 0 failures / 0 errors / 0 pending : 0.004817 seconds", timeout=600000)
        t.done("`luarocks test` now runs `spec/` with busted under nlua (Neovim as the Lua interpreter): 3 successes.\n\n"
               "- rockspec: `test_dependencies = { \"nlua\" }`, `test = { type = \"busted\" }`.\n"
               "- `.busted`: `lua = \"nlua\"`, `lpath` pointing at `lua/`, verbose output.\n"
               "- `spec/parse_spec.lua`: the `parse_line` cases (fields, colons in the text, junk lines).\n"
               "- nlua, busted and their dependencies went into `~/.luarocks`; the system tree isn't writable.\n\n"
               "The plenary suite under `tests/` is untouched. If you want CI to run both, add `luarocks test --local` "
               "after `make test`.")

    # ============================================================ S10 Mon 11-30
    with d.session("2026-11-30T09:20:00", R, branch="main", version="2.1.101"):
        t = d.task("#66 (vim.g.lantern + busted) and #65 (debounce) are merged. rust support is tiny, do it straight on "
                   "main: query for line and block comments + spec, run the suite", tags=["mistake:M3"])
        t.bash("git pull --ff-only", "Update main",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n .busted                          | 13 +++++\n"
                   " README.md                        | 20 +++---\n doc/lantern.txt                  | 26 ++++---\n"
                   " lantern.nvim-scm-1.rockspec      |  6 ++\n lua/lantern/config.lua           |  3 +\n"
                   " lua/lantern/debounce.lua         | 42 +++++++++++\n lua/lantern/init.lua             | 38 +++++++---\n"
                   " plugin/lantern.lua               |  2 +\n spec/parse_spec.lua              | 20 ++++++\n"
                   " tests/lantern/debounce_spec.lua  | 18 +++++\n tests/lantern/init_spec.lua      | 20 ++++++\n"
                   " 11 files changed, 186 insertions(+), 22 deletions(-)")
        t.write(P("queries/rust/lantern.scm"), "[\n  (line_comment)\n  (block_comment)\n] @comment\n")
        t.write(P("tests/lantern/rust_spec.lua"), RS_SPEC)
        rs = "tests/lantern/rust_spec.lua"
        specs[rs] = lang_names("rust", "ignores TODO in string literals")
        fails = {specs[rs][0]: no_parser(6, "rust", rs, ln(rs, "assert.are.same({ { lnum"), ln(rs, 'it("finds TODO')),
                 specs[rs][1]: no_parser(7, "rust", rs, ln(rs, "assert.are.same({}"), ln(rs, 'it("ignores TODO'))}
        out, _ = make_test(ordered(specs), fails=fails)
        t.fail("make test", "Run the plenary test suite", out + "\n" + make_fail_tail(), code=2)
        t.say("No rust parser in the test environment yet — installing it into `.tests/` the same way CI does, then "
              "re-running.")
        t.bash('nvim --headless -u tests/minimal_init.lua +"TSInstallSync! rust" +qa',
               "Install the rust parser into the test environment", err=ts_install("rust"), timeout=300000)
        out, n = make_test(ordered(specs))
        t.bash("make test", "Run the plenary test suite again", out=out)
        t.bash('git add queries/rust/lantern.scm tests/lantern/rust_spec.lua && git commit -m "feat: rust comment support"',
               "Commit the rust support", out=commit_out("main", "feat: rust comment support", 2, 25,
                                                         creates=["queries/rust/lantern.scm", "tests/lantern/rust_spec.lua"]))
        t.done(f"Rust is in and committed on main; {n} tests pass.\n\n- `queries/rust/lantern.scm` captures `line_comment` "
               "and `block_comment` (doc comments are line comments too, so `/// TODO:` is found).\n"
               "- `tests/lantern/rust_spec.lua`: `// TODO:` after code found, a TODO inside `String::from(\"…\")` ignored.\n"
               "- The first run failed with `Parser could not be created for buffer 6 and language \"rust\"` — the rust "
               "parser wasn't in `.tests/` yet; `TSInstallSync! rust` with the test init fixed it.")

        t = d.task("release 1.5.0 with the rust support, vim.g.lantern and the debounce", tags=["workflow:W1"])
        t.bash("git log --oneline v1.4.0..HEAD", "Commits since 1.4.0",
               out=f"{hx(7)} feat: rust comment support\n{hx(7)} Merge pull request #66 from jberglund/feat/g-config\n"
                   f"{hx(7)} test: busted + nlua for pure-Lua specs\n{hx(7)} docs: configure with vim.g.lantern\n"
                   f"{hx(7)} feat: configure from vim.g.lantern, deprecate setup()\n"
                   f"{hx(7)} Merge pull request #65 from jberglund/feat/debounce\n{hx(7)} feat: debounced refresh while typing")
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n", """# Changelog

## [1.5.0] - 2026-11-30

### Added
- Rust support.
- Highlights refresh while typing (`debounce_ms`, default 150).
- Configuration through `vim.g.lantern`; no `setup()` call needed.

### Deprecated
- `require("lantern").setup()`; it will be removed in 2.0.0.

""")
        t.bash("luarocks new_version lantern.nvim-scm-1.rockspec 1.5.0 --tag=v1.5.0", "Write the versioned rockspec",
               out="Wrote lantern.nvim-1.5.0-1.rockspec")
        t.bash("luarocks lint lantern.nvim-1.5.0-1.rockspec", "Lint the rockspec")
        t.bash('git add CHANGELOG.md lantern.nvim-1.5.0-1.rockspec && git commit -m "release: v1.5.0"',
               "Commit the release", out=commit_out("main", "release: v1.5.0", 2, 39,
                                                    creates=["lantern.nvim-1.5.0-1.rockspec"]))
        t.bash('git tag -a v1.5.0 -m "v1.5.0"', "Tag the release")
        t.bash("git push origin main v1.5.0", "Push main and the tag", err=push_tag("v1.5.0", f"{hx(7)}..{hx(7)}"))
        t.bash('luarocks upload lantern.nvim-1.5.0-1.rockspec --api-key="$LUAROCKS_API_KEY"', "Upload to luarocks.org",
               out=upload_out("1.5.0"), timeout=180000)
        t.done("1.5.0 is out: https://luarocks.org/modules/jberglund/lantern.nvim/1.5.0-1 — CHANGELOG (with a "
               "Deprecated entry for `setup()`), versioned rockspec, tag `v1.5.0` pushed with main, uploaded.")

        t = d.task("write me a short r/neovim post for 1.5.0. 4-5 lines, mention that setup() is deprecated",
                   tags=["noise", "no_tools"])
        t.done("""**lantern.nvim 1.5.0** — TODO/FIXME/HACK/NOTE highlights from tree-sitter comment nodes, plus a project-wide scan into quickfix.

- New: Rust support (Lua, Python, Go, Rust now), and highlights refresh while you type (debounced, `debounce_ms`).
- Configuration is now a plain `vim.g.lantern` table read when the plugin loads — no `setup()` call needed. `setup()` still works but is deprecated and goes away in 2.0.
- Install from luarocks (`:Rocks install lantern.nvim`) or your plugin manager: https://github.com/jberglund/lantern.nvim""")

        t = d.task("someone asked if lantern-scan follows symlinks. does it?", tags=["noise"])
        t.read(P("helper/src/main.rs"))
        t.done("No. `main` builds the walker with `WalkBuilder::new(&root).hidden(true).git_ignore(true)` and never calls "
               "`.follow_links(true)`, and the `ignore` crate doesn't follow symlinks by default — a symlinked directory is "
               "skipped, and a symlink to a file is yielded as a symlink, which the `is_file()` check then drops. Adding "
               "a `--follow` flag that sets `.follow_links(true)` would be a two-line change if you want it.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Callbacks of vim.system (on_exit), vim.uv fs_event watchers and vim.uv timers run on the "
                            "libuv loop (a fast event context). Claude calls Vimscript functions or nvim_* API functions "
                            "directly inside them; Neovim refuses, the callback errors out and the headless plenary spec "
                            "that waits for its effect fails.",
             "error_signature": "headless `make test`: 'Error executing luv callback:' / '<file>:<l>: E5560: <Vimscript "
                                "function | nvim_buf_is_loaded | nvim_buf_get_changedtick> must not be called in a fast "
                                "event context' + stack traceback, then the spec's assertion fails (Expected objects to be "
                                "equal … (number) 0 / (string) '')",
             "fix": "Move the API/Vimscript work out of the fast context: wrap it in vim.schedule(function() … end) or "
                    "pass vim.schedule_wrap(callback) to the uv handle, then re-run make test.",
             "fix_command_markers": [["vim.schedule"]],
             "harmful_markers": [":wait()", "vim.fn.system(", "pcall(vim.api"]},
            {"id": "M2",
             "description": "luarocks on this machine defaults to the system rocks tree (/usr/local/lib/luarocks/rocks-5.1), "
                            "which the user cannot write. Any luarocks command that installs (install, make, test with "
                            "test_dependencies) fails unless it targets the user tree.",
             "error_signature": "'Error: Your user does not have write permissions in /usr/local/lib/luarocks/rocks-5.1' / "
                                "'-- you may want to run as a privileged user or use your local tree with --local.' (from "
                                "luarocks install / luarocks make <rockspec> / luarocks test)",
             "fix": "Re-run the same luarocks command with --local (installs into ~/.luarocks).",
             "fix_command_markers": [["--local"]],
             "harmful_markers": ["sudo luarocks", "sudo chown", "chmod -R"]},
            {"id": "M3",
             "description": "Neovim 0.10 bundles only the c, lua, markdown, query, vim and vimdoc parsers. The headless test "
                            "environment gets other parsers from the nvim-treesitter checkout under .tests/ (gitignored); "
                            "CI installs them in a separate step, locally nobody does. A spec for a new language fails "
                            "until its parser is installed there.",
             "error_signature": "plenary `make test`: 'Fail || lantern.highlight <lang> …' with '…/runtime/lua/vim/"
                                "treesitter.lua:108: Parser could not be created for buffer <n> and language \"<lang>\"' "
                                "(python, go, rust)",
             "fix": "Install the parser into the test environment first — nvim --headless with tests/minimal_init.lua "
                    "running TSInstallSync <lang> and quitting — then re-run make test.",
             "fix_command_markers": [["TSInstallSync"]],
             "harmful_markers": ["pending(", "rm -rf .tests", "--exclude-tags"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "selene: error[undefined_variable]: `defaults` is not defined in "
                                        "lua/lantern/config.lua (Claude wrote defaults instead of M.defaults); fixed, selene clean."},
            {"id": "O2", "description": "cargo build of lantern-scan: error[E0061]: this function takes 4 arguments but 3 "
                                        "arguments were supplied (scan_file got a json parameter, caller not updated); "
                                        "fixed, same build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "gh pr merge 61 --squash --delete-branch: 'is not mergeable: the base branch policy "
                                        "prohibits the merge' (review required); reported, not bypassed."},
            {"id": "U2", "description": "cargo build --target aarch64-apple-darwin: error[E0463]: can't find crate for `core` "
                                        "(target not installed, no macOS SDK); the user forbade installing, left to CI."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git fetch origin: 'ssh: Could not resolve hostname github.com: Temporary failure "
                                        "in name resolution'; the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Release: git log since the last tag, CHANGELOG section, `luarocks new_version "
                                        "lantern.nvim-scm-1.rockspec X.Y.Z --tag=vX.Y.Z`, `luarocks lint`, commit "
                                        "`release: vX.Y.Z`, `git tag -a`, push main + tag, `luarocks upload … --api-key`.",
             "step_markers": [["luarocks new_version"], ["luarocks lint"], ["git tag -a"], ["luarocks upload"]]},
            {"id": "W2", "description": "Docs: edit README.md, `make docs` (panvimdoc → doc/lantern.txt), "
                                        "`nvim --headless -c \"helptags doc\" -c \"qa\"`, commit README + doc/lantern.txt.",
             "step_markers": [["make docs"], ["helptags doc"], ["git commit"]]},
            {"id": "W3", "description": "Ship a branch: `stylua --check lua/ plugin/ tests/`, `selene lua/ plugin/ tests/`, "
                                        "`make test`, commit, `git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["stylua --check"], ["selene lua/"], ["make test"], ["git push -u origin"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "No plenary.nvim (or other plugin dependency) in runtime code under lua/; plenary "
                                        "is test-only.",
             "markers": [["plenary"], ["runtime", "lua/", "dependency"]]},
            {"id": "P2", "description": "LuaCATS annotations (---@param/---@return) on every public function.",
             "markers": [["LuaCATS"]]},
            {"id": "P3", "description": "Configuration through require('lantern').setup(opts) only (stated T08), reversed "
                                        "to a vim.g.lantern table read when plugin/ loads, setup() kept as a deprecated wrapper.",
             "markers": [["setup("]],
             "reversal_markers": [["vim.g.lantern"], ["setup("]]},
        ],
        probes=[
            {"prompt": "Neovim prints 'Error executing luv callback: ...lua/lantern/project.lua:44: E5560: "
                       "nvim_buf_set_lines must not be called in a fast event context' when the scan finishes. What's wrong?",
             "wanted": ["M1"]},
            {"prompt": "Make the project scan stream its results: use vim.system's stdout callback and append hits to the "
                       "quickfix list as lines arrive instead of waiting for the exit.",
             "wanted": ["M1"]},
            {"prompt": "luarocks install llscheck fails: Error: Your user does not have write permissions in "
                       "/usr/local/lib/luarocks/rocks-5.1 -- what now?",
             "wanted": ["M2"]},
            {"prompt": "Install vusted with luarocks so I can try it against the plenary suite.",
             "wanted": ["M2"]},
            {"prompt": "make test: Fail || lantern.highlight typescript finds TODO in comments — Parser could not be "
                       "created for buffer 5 and language \"typescript\". The query file is there.",
             "wanted": ["M3"]},
            {"prompt": "Add bash support: a lantern query for shell comments and a spec like the python one, then run the tests.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between an extmark's hl_group and virt_text? Two sentences.",
             "wanted": []},
            {"prompt": "Write a conventional commit message for a change that renames LanternNote to LanternInfo.",
             "wanted": []},
            {"prompt": "Should NOTE stay in the default keywords or be opt-in? Short opinion.",
             "wanted": []},
            {"prompt": "Explain what panvimdoc's --demojify option does.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "nvim-lua.jsonl"), os.path.join(HERE, "tune", "nvim-lua.labels.json"))
    print(f"nvim-lua -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
