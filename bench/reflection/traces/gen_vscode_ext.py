"""vscode-ext: Tobias Reuter, open-source maintainer of the Wyrm extension for VS Code (fictional).

Wyrm is a small task-runner language (`wyrmfile`, `*.wyrm`: tasks with `needs:`, `runs:`, `cache:`, `env:`,
`matrix` blocks). Tobias maintains the editor support in one pnpm repo, github.com/wyrm-lang/wyrm-vscode:
the extension client (vscode-languageclient 9), an LSP server (vscode-languageserver 9) that parses with a
tree-sitter grammar compiled to WASM (web-tree-sitter 0.25; the grammar lives in the workspace package
`tree-sitter-wyrm`, the .wasm is gitignored and built by `pnpm build:wasm`), webviews with a strict CSP
(outline, syntax tree), esbuild bundles, mocha unit tests through tsx, `@vscode/test-cli` /
`@vscode/test-electron` integration tests (xvfb on the Linux CI runners), ESLint 9 with typed
typescript-eslint, `vsce package` / `vsce publish` to the Marketplace, `ovsx publish` to Open VSX, and a
GitHub Actions release workflow that publishes on `v*` tags. Contributors: Oskar Lund (grammar), Milan
Kovács (snippets), a few drive-by PRs.

Written blind for fresh/; measured once held out (round 26), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_vscode_ext.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "tobi"
H = "/home/tobi"
R = H + "/src/wyrm-vscode"
MODEL = "claude-opus-4-6"
PNPM_STORE = R + "/node_modules/.pnpm"
WTS = PNPM_STORE + "/web-tree-sitter@0.25.10/node_modules/web-tree-sitter/tree-sitter.cjs"

# ------------------------------------------------------------------ virtual file system

PACKAGE_JSON = """{
  "name": "wyrm-vscode",
  "displayName": "Wyrm",
  "description": "Language support for Wyrm task files: highlighting, diagnostics, completion, formatting.",
  "version": "0.8.2",
  "publisher": "wyrm-lang",
  "license": "MIT",
  "icon": "images/icon.png",
  "repository": {
    "type": "git",
    "url": "https://github.com/wyrm-lang/wyrm-vscode"
  },
  "engines": {
    "vscode": "^1.101.0"
  },
  "categories": [
    "Programming Languages",
    "Formatters"
  ],
  "main": "./dist/extension.js",
  "l10n": "./l10n",
  "contributes": {
    "languages": [
      {
        "id": "wyrm",
        "aliases": ["Wyrm", "wyrm"],
        "extensions": [".wyrm"],
        "filenames": ["wyrmfile"],
        "configuration": "./language-configuration.json"
      }
    ],
    "grammars": [
      {
        "language": "wyrm",
        "scopeName": "source.wyrm",
        "path": "./syntaxes/wyrm.tmLanguage.json"
      }
    ],
    "commands": [
      {
        "command": "wyrm.restartServer",
        "title": "%wyrm.restartServer.title%",
        "category": "Wyrm"
      },
      {
        "command": "wyrm.showServerLog",
        "title": "%wyrm.showServerLog.title%",
        "category": "Wyrm"
      }
    ],
    "configuration": {
      "title": "Wyrm",
      "properties": {
        "wyrm.format.enable": {
          "type": "boolean",
          "default": true,
          "description": "%wyrm.format.enable.description%"
        },
        "wyrm.trace.server": {
          "type": "string",
          "enum": ["off", "messages", "verbose"],
          "default": "off",
          "description": "%wyrm.trace.server.description%"
        }
      }
    }
  },
  "scripts": {
    "vscode:prepublish": "pnpm build --production",
    "build": "node esbuild.mjs",
    "build:wasm": "pnpm --filter tree-sitter-wyrm build:wasm",
    "watch": "node esbuild.mjs --watch",
    "typecheck": "tsc -b",
    "lint": "eslint .",
    "test:unit": "mocha",
    "test:integration": "pnpm build && tsc -p test/integration && vscode-test --label stable",
    "package": "vsce package --no-dependencies"
  },
  "dependencies": {
    "vscode-languageclient": "^9.0.1",
    "vscode-languageserver": "^9.0.1",
    "vscode-languageserver-textdocument": "^1.0.12",
    "web-tree-sitter": "^0.25.10"
  },
  "devDependencies": {
    "@eslint/js": "^9.36.0",
    "@types/mocha": "^10.0.10",
    "@types/node": "^22.18.6",
    "@types/vscode": "~1.101.0",
    "@vscode/test-cli": "^0.0.12",
    "@vscode/test-electron": "^2.5.2",
    "@vscode/vsce": "^3.6.2",
    "esbuild": "^0.25.10",
    "eslint": "^9.36.0",
    "mocha": "^11.7.4",
    "ovsx": "^0.10.6",
    "tsx": "^4.20.6",
    "typescript": "^5.9.3",
    "typescript-eslint": "^8.45.0"
  },
  "packageManager": "pnpm@10.18.3"
}
"""

TSCONFIG_ESLINT = """{
  "extends": "./tsconfig.base.json",
  "compilerOptions": {
    "noEmit": true
  },
  "include": [
    "client/src",
    "server/src",
    "test"
  ]
}
"""

ESLINT_CONFIG = """// @ts-check
import eslint from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "out/**", ".vscode-test/**", "tree-sitter-wyrm/**", "**/*.mjs"] },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: "./tsconfig.eslint.json",
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
);
"""

ESBUILD_MJS = """// Bundles the extension client, the language server and the webviews.
import * as esbuild from "esbuild";
import { cp } from "node:fs/promises";

const production = process.argv.includes("--production");
const watch = process.argv.includes("--watch");

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  logLevel: "info",
};

const node = {
  ...common,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: ["vscode"],
};

const builds = [
  { ...node, entryPoints: ["client/src/extension.ts"], outfile: "dist/extension.js" },
  { ...node, entryPoints: ["server/src/server.ts"], outfile: "dist/server.js" },
];

for (const opts of builds) {
  if (watch) {
    const ctx = await esbuild.context(opts);
    await ctx.watch();
  } else {
    await esbuild.build(opts);
  }
}

// the grammar and its queries ship next to the server bundle
await cp("server/wasm", "dist/wasm", { recursive: true });
await cp("tree-sitter-wyrm/queries", "dist/queries", { recursive: true });
"""

VSCODE_TEST_MJS = """import { defineConfig } from "@vscode/test-cli";

const shared = {
  files: "out/test/integration/**/*.test.js",
  workspaceFolder: "./test/fixtures/workspace",
  mocha: { ui: "tdd", timeout: 20000 },
};

export default defineConfig([
  { label: "stable", version: "1.116.1", ...shared },
  { label: "insiders", version: "insiders", ...shared },
]);
"""

MOCHARC = """{
  "spec": "test/unit/**/*.test.ts",
  "require": ["tsx/cjs"],
  "ui": "bdd",
  "timeout": 5000
}
"""

SERVER_TS = """import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  type InitializeResult,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { loadParser, parse } from "./parser";
import { validate } from "./diagnostics";
import { provideCompletions } from "./features/completion";
import { provideSemanticTokens, semanticTokensLegend } from "./features/semanticTokens";
import { provideFoldingRanges } from "./features/folding";
import { formatDocument } from "./format";

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize(async (params): Promise<InitializeResult> => {
  const opts = (params.initializationOptions ?? {}) as { wasmDir?: string; queriesDir?: string };
  await loadParser(opts.wasmDir, opts.queriesDir);
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [":", "$", "["] },
      documentFormattingProvider: true,
      foldingRangeProvider: true,
      semanticTokensProvider: { legend: semanticTokensLegend, full: true },
    },
  };
});

documents.onDidChangeContent(({ document }) => {
  const tree = parse(document);
  void connection.sendDiagnostics({ uri: document.uri, diagnostics: validate(tree, document) });
});

connection.onCompletion((p) => provideCompletions(documents.get(p.textDocument.uri), p.position));
connection.onFoldingRanges((p) => provideFoldingRanges(documents.get(p.textDocument.uri)));
connection.onDocumentFormatting((p) => formatDocument(documents.get(p.textDocument.uri), p.options));
connection.languages.semanticTokens.on((p) => provideSemanticTokens(documents.get(p.textDocument.uri)));

documents.listen(connection);
connection.listen();
"""

PARSER_TS = """import * as fs from "node:fs";
import * as path from "node:path";
import { Language, Parser, Query, type Tree } from "web-tree-sitter";
import type { TextDocument } from "vscode-languageserver-textdocument";

let parser: Parser | undefined;
export const queries: { highlights?: Query; folds?: Query } = {};

export async function loadParser(
  wasmDir = path.join(__dirname, "wasm"),
  queriesDir = path.join(__dirname, "queries"),
): Promise<void> {
  await Parser.init();
  const language = await Language.load(path.join(wasmDir, "tree-sitter-wyrm.wasm"));
  parser = new Parser();
  parser.setLanguage(language);
  queries.highlights = new Query(language, fs.readFileSync(path.join(queriesDir, "highlights.scm"), "utf8"));
  queries.folds = new Query(language, fs.readFileSync(path.join(queriesDir, "folds.scm"), "utf8"));
}

const cache = new Map<string, { version: number; tree: Tree }>();

export function parse(doc: TextDocument): Tree {
  const hit = cache.get(doc.uri);
  if (hit && hit.version === doc.version) return hit.tree;
  if (!parser) throw new Error("parser not loaded");
  const tree = parser.parse(doc.getText())!;
  cache.set(doc.uri, { version: doc.version, tree });
  return tree;
}
"""

ATTRIBUTES_TS = """// Built-in task attributes. Source of truth for completion, hover and the README table.
export interface AttributeInfo {
  name: string;
  type: "string" | "list" | "bool" | "map" | "duration";
  summary: string;
}

export const TASK_ATTRIBUTES: AttributeInfo[] = [
  { name: "runs", type: "string", summary: "Shell command (or block) the task executes." },
  { name: "needs", type: "list", summary: "Tasks that must finish successfully before this one starts." },
  { name: "cache", type: "bool", summary: "Skip the task when its inputs and outputs are unchanged." },
  { name: "inputs", type: "list", summary: "Globs whose content is hashed for the cache key." },
  { name: "outputs", type: "list", summary: "Globs the task produces; restored from the cache on a hit." },
  { name: "env", type: "map", summary: "Environment variables for the task; `$VAR` expands at run time." },
  { name: "timeout", type: "duration", summary: "Kill the task after this long, e.g. `90s`, `10m`." },
  { name: "dir", type: "string", summary: "Working directory, relative to the wyrmfile." },
];
"""

GRAMMAR_JS = """/**
 * @file Wyrm task files
 * @license MIT
 */

module.exports = grammar({
  name: "wyrm",

  extras: ($) => [/\\s/, $.comment],

  word: ($) => $.identifier,

  rules: {
    source_file: ($) => repeat(choice($.task, $.variable_declaration)),

    task: ($) => seq("task", field("name", $.identifier), "{", repeat($.attribute), optional($.matrix), "}"),

    attribute: ($) => seq(field("key", $.identifier), ":", field("value", $._value)),

    matrix: ($) => seq("matrix", "{", repeat($.attribute), "}"),

    variable_declaration: ($) => seq("let", field("name", $.identifier), "=", field("value", $._value)),

    _value: ($) => choice($.string, $.number, $.boolean, $.duration, $.list, $.map, $.variable, $.task_call),

    task_call: ($) => seq("@", field("task", $.identifier), optional($.arguments)),

    arguments: ($) => seq("(", commaSep($._value), ")"),

    list: ($) => seq("[", commaSep($._value), "]"),

    map: ($) => seq("{", commaSep(seq($.identifier, "=", $._value)), "}"),

    variable: (_) => /\\$[A-Za-z_][A-Za-z0-9_]*/,

    string: (_) => /"([^"\\\\]|\\\\.)*"/,

    number: (_) => /\\d+/,

    duration: (_) => /\\d+(ms|s|m|h)/,

    boolean: (_) => choice("true", "false"),

    identifier: (_) => /[A-Za-z_][A-Za-z0-9_-]*/,

    comment: (_) => token(seq("#", /.*/)),
  },
});

function commaSep(rule) {
  return optional(seq(rule, repeat(seq(",", rule))));
}
"""

HIGHLIGHTS_SCM = """; Wyrm highlight queries (also used by the server for semantic tokens)

["task" "let" "matrix"] @keyword

(task name: (identifier) @function)
(task_call "@" @operator task: (identifier) @function.call)
(attribute key: (identifier) @property)
(variable_declaration name: (identifier) @variable)
(map (identifier) @property)

(variable) @variable.builtin
(string) @string
(number) @number
(duration) @number
(boolean) @constant.builtin
(comment) @comment

["{" "}" "[" "]" "(" ")"] @punctuation.bracket
["," ":"] @punctuation.delimiter
"=" @operator
"""

FOLDS_SCM = """; Wyrm folding queries

(task) @fold
(matrix) @fold
(map) @fold
(list) @fold
"""

TS_PKG_JSON = """{
  "name": "tree-sitter-wyrm",
  "version": "0.6.1",
  "private": true,
  "main": "bindings/node",
  "scripts": {
    "generate": "tree-sitter generate",
    "test": "tree-sitter generate && tree-sitter test",
    "build:wasm": "tree-sitter generate && tree-sitter build --wasm -o ../server/wasm/tree-sitter-wyrm.wasm"
  },
  "devDependencies": {
    "tree-sitter-cli": "^0.25.10"
  }
}
"""

EXTENSION_TS = """import * as path from "node:path";
import * as vscode from "vscode";
import {
  LanguageClient,
  State,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from "vscode-languageclient/node";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join("dist", "server.js"));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ["--inspect=6010"] } },
  };
  const output = vscode.window.createOutputChannel("Wyrm", { log: true });
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: "wyrm" }],
    outputChannel: output,
    initializationOptions: {
      wasmDir: context.asAbsolutePath(path.join("dist", "wasm")),
      queriesDir: context.asAbsolutePath(path.join("dist", "queries")),
    },
  };

  client = new LanguageClient("wyrm", "Wyrm Language Server", serverOptions, clientOptions);

  const status = vscode.languages.createLanguageStatusItem("wyrm.server", { language: "wyrm" });
  status.name = vscode.l10n.t("Wyrm Language Server");
  status.text = vscode.l10n.t("Wyrm");
  client.onDidChangeState((e) => {
    status.busy = e.newState === State.Starting;
  });

  context.subscriptions.push(
    output,
    status,
    vscode.commands.registerCommand("wyrm.restartServer", () => client?.restart()),
    vscode.commands.registerCommand("wyrm.showServerLog", () => output.show(true)),
  );

  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
"""

FORMAT_TS = """import type { FormattingOptions, TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** Re-indents task bodies and normalises `key: value` spacing. */
export function formatText(text: string, options: FormattingOptions): string {
  const indent = options.insertSpaces ? " ".repeat(options.tabSize) : "\\t";
  const out: string[] = [];
  let depth = 0;
  for (const raw of text.split("\\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("}")) depth = Math.max(0, depth - 1);
    out.push(indent.repeat(depth) + line.replace(/^([A-Za-z_][\\w-]*)\\s*:\\s*/, "$1: "));
    if (line.endsWith("{")) depth++;
  }
  return out.join("\\n") + "\\n";
}

export function formatDocument(doc: TextDocument | undefined, options: FormattingOptions): TextEdit[] {
  if (!doc) return [];
  const text = doc.getText();
  const formatted = formatText(text, options);
  if (formatted === text) return [];
  return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: formatted }];
}
"""

FORMAT_TEST = """import * as assert from "node:assert/strict";
import { formatText } from "../../server/src/format";

const opts = { tabSize: 2, insertSpaces: true };

describe("formatter", () => {
  it("indents task bodies", () => {
    assert.equal(formatText('task build {\\nruns: "make"\\n}\\n', opts), 'task build {\\n  runs: "make"\\n}\\n');
  });

  it("normalises key spacing", () => {
    assert.equal(formatText("task t {\\n  cache :true\\n}\\n", opts), "task t {\\n  cache: true\\n}\\n");
  });

  it("indents matrix blocks one level deeper", () => {
    const src = 'task test {\\nmatrix {\\nnode: ["20", "22"]\\n}\\n}\\n';
    assert.equal(formatText(src, opts), 'task test {\\n  matrix {\\n    node: ["20", "22"]\\n  }\\n}\\n');
  });
});
"""

HELPERS_TS = """import * as path from "node:path";
import { loadParser } from "../../server/src/parser";

const root = path.join(__dirname, "..", "..");

/** Loads the real grammar (server/wasm) and queries (tree-sitter-wyrm/queries). */
export async function withParser(): Promise<void> {
  await loadParser(path.join(root, "server", "wasm"), path.join(root, "tree-sitter-wyrm", "queries"));
}
"""

COMPLETION_TS = """import { CompletionItemKind, type CompletionItem, type Position } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { TASK_ATTRIBUTES } from "../attributes";
import { parse } from "../parser";

export function provideCompletions(doc: TextDocument | undefined, pos: Position): CompletionItem[] {
  if (!doc) return [];
  const tree = parse(doc);
  const node = tree.rootNode.descendantForPosition({ row: pos.line, column: pos.character });
  if (node.parent?.type === "list" && node.parent.parent?.childForFieldName("key")?.text === "needs") {
    return taskNames(tree).map((name) => ({ label: name, kind: CompletionItemKind.Reference }));
  }
  return TASK_ATTRIBUTES.map((a) => ({ label: a.name, kind: CompletionItemKind.Property, detail: a.type }));
}

function taskNames(tree: ReturnType<typeof parse>): string[] {
  return tree.rootNode.children
    .filter((n) => n?.type === "task")
    .map((n) => n!.childForFieldName("name")?.text ?? "")
    .filter((n) => n !== "");
}
"""

CHANGELOG = """# Changelog

All notable changes to the Wyrm extension are documented here. The format follows
[Keep a Changelog](https://keepachangelog.com/en/1.1.0/).

## [Unreleased]

## [0.8.2] - 2026-09-28

### Fixed

- Semantic tokens for `$VARS` inside strings were off by one column (#176).
- The server no longer crashes on an empty `matrix {}` block (#179).

## [0.8.1] - 2026-09-14

### Fixed

- Completion inside `needs: [...]` now lists tasks defined later in the file (#171).

## [0.8.0] - 2026-09-02

### Added

- Formatting (`wyrm.format.enable`), semantic tokens from the tree-sitter highlight queries.
- German, French and Japanese translations.
"""

CONTRIBUTING = """# Contributing to wyrm-vscode

Thanks for helping! Bug reports and PRs are welcome.

## Before you open a PR

- One change per PR, with a test when it touches the server.
- Add a line to `CHANGELOG.md` under `[Unreleased]` for anything user-visible.
- `pnpm lint`, `pnpm typecheck` and `pnpm test:unit` must pass; CI runs the integration tests too.

## Translations

User-facing strings go through `vscode.l10n.t` (client) and `package.nls.json` (manifest). Translations
live in `l10n/` and `package.nls.<lang>.json`.
"""

README = """# Wyrm for Visual Studio Code

Language support for [Wyrm](https://wyrm.dev) task files (`wyrmfile`, `*.wyrm`).

## Features

- Syntax highlighting (TextMate grammar + semantic tokens from the tree-sitter queries)
- Diagnostics for unknown tasks in `needs:`, duplicate task names and bad durations
- Completion for attributes, task names and `$VARS`
- Formatting
- Folding for tasks, `matrix` blocks, lists and maps

## Settings

| setting | default | |
|---|---|---|
| `wyrm.format.enable` | `true` | Format Wyrm files with the built-in formatter |
| `wyrm.trace.server` | `off` | Trace the communication with the language server |

## Task attributes

| attribute | type | |
|---|---|---|
| `runs` | string | Shell command the task executes |
| `needs` | list | Tasks that must finish first |
| `cache` | bool | Skip the task when nothing changed |

## Wyrmfile or wyrmfile?

The file is called `wyrmfile`. Most projects keep one Wyrmfile at the root of the repository and split
bigger setups into `*.wyrm` files that the root file imports.
"""

VSCODEIGNORE = """.vscode/**
.vscode-test/**
.github/**
client/**
server/src/**
server/wasm/**
test/**
out/**
scripts/**
**/*.ts
**/*.map
esbuild.mjs
eslint.config.mjs
.vscode-test.mjs
tsconfig*.json
pnpm-lock.yaml
pnpm-workspace.yaml
"""

RELEASE_YML = """name: release

on:
  push:
    tags: ["v*"]

permissions:
  contents: write

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: pnpm/action-setup@v4
      - uses: actions/setup-node@v5
        with:
          node-version: 22
          cache: pnpm
      - run: pnpm install --frozen-lockfile
      - run: pnpm build:wasm
      - run: pnpm test:unit
      - run: xvfb-run -a pnpm test:integration
      - run: pnpm run package
      - uses: actions/upload-artifact@v4
        with:
          name: vsix
          path: "*.vsix"

  publish-marketplace:
    needs: build
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: pnpm/action-setup@v4
      - uses: actions/download-artifact@v5
        with:
          name: vsix
      - run: pnpm install --frozen-lockfile
      - run: pnpm exec vsce publish --packagePath *.vsix
        env:
          VSCE_PAT: ${{ secrets.VSCE_PAT }}

  publish-openvsx:
    needs: build
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: pnpm/action-setup@v4
      - uses: actions/download-artifact@v5
        with:
          name: vsix
      - run: pnpm install --frozen-lockfile
      - run: pnpm exec ovsx publish *.vsix
        env:
          OVSX_PAT: ${{ secrets.OVSX_PAT }}

  github-release:
    needs: [publish-marketplace, publish-openvsx]
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v5
        with:
          name: vsix
      - run: gh release create "$GITHUB_REF_NAME" *.vsix --generate-notes --repo "$GITHUB_REPOSITORY"
        env:
          GH_TOKEN: ${{ github.token }}
"""

WEBVIEW_HTML_TS = """import * as vscode from "vscode";

/** HTML shell shared by the webviews: strict CSP, one nonce'd script, the bundled stylesheet. */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, name: string, title: string): string {
  const nonce = makeNonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, "dist", "webview", `${name}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, "dist", "webview", "webview.css"));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join("; ");
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="${style}">
  <title>${title}</title>
</head>
<body>
  <div id="root"></div>
  <script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

function makeNonce(): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let out = "";
  for (let i = 0; i < 32; i++) out += chars.charAt(Math.floor(Math.random() * chars.length));
  return out;
}
"""

SEMTOK_TS = """import { SemanticTokensBuilder, type SemanticTokens } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { parse, queries } from "../parser";

const TYPES = ["keyword", "function", "property", "variable", "string", "number", "comment", "operator"];
export const semanticTokensLegend = { tokenTypes: TYPES, tokenModifiers: ["defaultLibrary"] };

export function provideSemanticTokens(doc: TextDocument | undefined): SemanticTokens {
  const builder = new SemanticTokensBuilder();
  if (!doc || !queries.highlights) return builder.build();
  for (const { name, node } of queries.highlights.captures(parse(doc).rootNode)) {
    const type = TYPES.indexOf(name.split(".")[0]);
    if (type < 0) continue;
    builder.push(node.startPosition.row, node.startPosition.column, node.endIndex - node.startIndex, type, 0);
  }
  return builder.build();
}
"""

FILES = {
    R + "/package.json": PACKAGE_JSON,
    R + "/tsconfig.eslint.json": TSCONFIG_ESLINT,
    R + "/eslint.config.mjs": ESLINT_CONFIG,
    R + "/esbuild.mjs": ESBUILD_MJS,
    R + "/.vscode-test.mjs": VSCODE_TEST_MJS,
    R + "/.mocharc.json": MOCHARC,
    R + "/server/src/server.ts": SERVER_TS,
    R + "/server/src/parser.ts": PARSER_TS,
    R + "/server/src/attributes.ts": ATTRIBUTES_TS,
    R + "/server/src/format.ts": FORMAT_TS,
    R + "/server/src/features/completion.ts": COMPLETION_TS,
    R + "/server/src/features/semanticTokens.ts": SEMTOK_TS,
    R + "/tree-sitter-wyrm/grammar.js": GRAMMAR_JS,
    R + "/tree-sitter-wyrm/queries/highlights.scm": HIGHLIGHTS_SCM,
    R + "/tree-sitter-wyrm/queries/folds.scm": FOLDS_SCM,
    R + "/tree-sitter-wyrm/package.json": TS_PKG_JSON,
    R + "/client/src/extension.ts": EXTENSION_TS,
    R + "/client/src/webviewHtml.ts": WEBVIEW_HTML_TS,
    R + "/test/unit/format.test.ts": FORMAT_TEST,
    R + "/test/unit/helpers.ts": HELPERS_TS,
    R + "/CHANGELOG.md": CHANGELOG,
    R + "/CONTRIBUTING.md": CONTRIBUTING,
    R + "/README.md": README,
    R + "/.vscodeignore": VSCODEIGNORE,
    R + "/.github/workflows/release.yml": RELEASE_YML,
}

# ------------------------------------------------------------------ tool output helpers


def ln(d, path, needle):
    for i, line in enumerate(d.files[path].split("\n"), 1):
        if needle in line:
            return i
    raise KeyError(needle)


def hdr(ver, script, cmd, pkg="wyrm-vscode", where=R):
    return f"\n> {pkg}@{ver} {script} {where}\n> {cmd}\n"


ELIFE = " ELIFECYCLE  Command failed with exit code {}."


def esb(extra_webviews=(), prod=False):
    """esbuild logLevel info output for the client, server (and webview) builds."""
    sizes = [("dist/extension.js", "388.1kb" if prod else "402.7kb"), ("dist/server.js", "842.6kb" if prod else "871.3kb")]
    out = []
    for name, size in sizes:
        block = f"\n  {name}      {size}"
        if not prod:
            block += f"\n  {name}.map  {'1.4mb' if 'server' in name else '716.2kb'}"
        block += f"\n\n⚡ Done in {40 + len(name) * 2}ms"
        out.append(block)
    for i, (name, size) in enumerate(extra_webviews):
        block = f"\n  dist/webview/{name}.js      {size}"
        if not prod:
            block += f"\n  dist/webview/{name}.js.map  {float(size[:-2]) * 2.6:.1f}kb"
        block += f"\n\n⚡ Done in {11 + i * 3}ms"
        out.append(block)
    return "\n".join(out)


ESLINT_TSCONFIG_ERR = """{path}
  0:0  error  Parsing error: ESLint was configured to run on `<tsconfigRootDir>/{rel}` using `parserOptions.project`: <tsconfigRootDir>/tsconfig.eslint.json
However, that TSConfig does not include this file. Either:
- Change ESLint's list of included files to not include this file
- Change that TSConfig to include this file
- Create a new TSConfig that includes this file and include it in your parserOptions.project
See the typescript-eslint docs for more info: https://typescript-eslint.io/troubleshooting/typed-linting#i-get-errors-telling-me-eslint-was-configured-to-run--however-that-tsconfig-does-not--none-of-those-tsconfigs-include-this-file"""


def lint_fail(ver, rels):
    blocks = "\n\n".join(ESLINT_TSCONFIG_ERR.format(path=R + "/" + r, rel=r) for r in rels)
    n = len(rels)
    return (hdr(ver, "lint", "eslint .") + "\n\n" + blocks +
            f"\n\n✖ {n} problem{'s' if n > 1 else ''} ({n} error{'s' if n > 1 else ''}, 0 warnings)\n\n" + ELIFE.format(1))


def lint_ok(ver):
    return hdr(ver, "lint", "eslint .")


def typecheck_ok(ver):
    return hdr(ver, "typecheck", "tsc -b")


# unit test suites: (suite, [tests], uses_parser)
UNIT = [
    ("attributes", ["every attribute has a summary", "attribute names are unique"], False),
    ("completion", ["offers attributes inside a task body", "offers task names inside needs: [...]",
                    "offers $VARS after a dollar sign"], True),
    ("diagnostics", ["flags unknown tasks in needs", "flags duplicate task names", "flags malformed durations",
                     "accepts the sample wyrmfile without errors"], True),
    ("folding", ["folds tasks and matrix blocks", "folds multi-line lists"], True),
    ("formatter", ["indents task bodies", "normalises key spacing", "indents matrix blocks one level deeper"], False),
    ("parser", ["parses the sample wyrmfile without ERROR nodes", "reuses the tree for an unchanged document version"],
     True),
    ("semantic tokens", ["tokens for task names and attributes", "tokens for variables inside strings"], True),
]


def unit_add(suite, tests, parser=True):
    for i, (s, ts, p) in enumerate(UNIT):
        if s == suite:
            UNIT[i] = (s, ts + [t for t in tests if t not in ts], p)
            return
    UNIT.append((suite, list(tests), parser))
    UNIT.sort(key=lambda x: x[0])


def nunit():
    return sum(len(ts) for _, ts, _ in UNIT)


def mocha_ok(ver, args="", grep=None, ms=None):
    lines = [hdr(ver, "test:unit", "mocha" + args), ""]
    n = 0
    for s, ts, _ in UNIT:
        if grep and grep not in s:
            continue
        lines.append(f"  {s}")
        for t in ts:
            lines.append(f"    ✔ {t}")
            n += 1
    lines.append("")
    lines.append("")
    lines.append(f"  {n} passing ({ms or (180 + n * 23)}ms)")
    return "\n".join(lines)


def mocha_query_fail(ver, bad, kind="node name", query_line=None, qfile="highlights"):
    """every suite that loads the parser fails in its before-all hook with QueryError."""
    lines = [hdr(ver, "test:unit", "mocha"), ""]
    npass, fails = 0, []
    for s, ts, p in UNIT:
        lines.append(f"  {s}")
        if p:
            fails.append(s)
            lines.append(f"    {len(fails)}) \"before all\" hook: withParser in \"{s}\"")
        else:
            for t in ts:
                lines.append(f"    ✔ {t}")
                npass += 1
    lines += ["", "", f"  {npass} passing ({140 + npass * 9}ms)", f"  {len(fails)} failing", ""]
    for k, s in enumerate(fails, 1):
        lines += [f"  {k}) {s}",
                  f"       \"before all\" hook: withParser in \"{s}\":",
                  f"     QueryError: Bad {kind} '{bad}'",
                  f"      at new Query ({WTS}:3224:15)",
                  f"      at loadParser ({R}/server/src/parser.ts:{query_line}:{24 if qfile == 'highlights' else 19})",
                  f"      at async Context.withParser ({R}/test/unit/helpers.ts:8:3)",
                  ""]
    lines.append("")
    lines.append(ELIFE.format(len(fails)))
    return "\n".join(lines)


INTEG = [
    ("Extension", ["activates on a wyrmfile", "wyrm.restartServer restarts the client",
                   "wyrm.showServerLog reveals the output channel"]),
    ("Diagnostics", ["reports an unknown task in needs", "clears diagnostics after the fix"]),
    ("Formatting", ["Format Document re-indents a task body"]),
]


def integ_add(suite, tests):
    for i, (s, ts) in enumerate(INTEG):
        if s == suite:
            INTEG[i] = (s, ts + tests)
            return
    INTEG.append((suite, list(tests)))


def vscode_test_ok(ver, vsver="1.116.1", fresh_download=None, label="stable", script=True, webviews=(),
                   ts="2026-10-05T10:00:00", pid=41210):
    out = []
    if script:
        out.append(hdr(ver, "test:integration", "pnpm build && tsc -p test/integration && vscode-test --label stable"))
        out.append(hdr(ver, "build", "node esbuild.mjs"))
        out.append(esb(webviews))
        out.append("")
    if fresh_download:
        out.append("- Resolving version...")
        out.append(f"✔ Validated version: {vsver}")
        out.append(f"✔ Found at {fresh_download}")
        out.append(f"✔ Downloaded VS Code into {R}/.vscode-test/vscode-linux-x64-{vsver}")
    else:
        out.append(f"✔ Validated version: {vsver}")
        out.append(f"✔ Found existing install in {R}/.vscode-test/vscode-linux-x64-{vsver}")
    out.append(f"[main {ts}.412Z] update#setState disabled")
    out.append(f"[main {ts}.413Z] update#ctor - updates are disabled by the environment")
    out.append(f"Loading development extension at {R}")
    out.append("")
    n = 0
    for s, tests in INTEG:
        out.append(f"  {s}")
        for t in tests:
            out.append(f"    ✔ {t} ({90 + 37 * (len(t) % 9)}ms)" if len(t) % 3 == 0 else f"    ✔ {t}")
            n += 1
    out.append("")
    out.append(f"  {n} passing ({3 + n // 3}s)")
    out.append("")
    out.append(f"[main {ts}.988Z] Extension host with pid {pid} exited with code: 0, signal: unknown.")
    out.append("Exit code:   0")
    return "\n".join(out)


def vsce_npm_list_err(prepublish_ver=None, webviews=(("outline", "6.1kb"), ("syntaxTree", "8.4kb"))):
    out = []
    if prepublish_ver:
        out.append("Executing prepublish script 'pnpm run vscode:prepublish'...")
        out.append(hdr(prepublish_ver, "vscode:prepublish", "pnpm build --production"))
        out.append(hdr(prepublish_ver, "build", "node esbuild.mjs --production"))
        out.append(esb(list(webviews), prod=True))
    out.append(" ERROR  Command failed: npm list --production --parseable --depth=99999 --loglevel=error")
    return out


VSCE_NPM_MISSING = [
    "npm error code ELSPROBLEMS",
    "npm error missing: minimatch@^5.1.0, required by vscode-languageclient@9.0.1",
    "npm error missing: semver@^7.3.7, required by vscode-languageclient@9.0.1",
    "npm error missing: vscode-languageserver-protocol@3.17.5, required by vscode-languageclient@9.0.1",
    "npm error missing: vscode-languageserver-protocol@3.17.5, required by vscode-languageserver@9.0.1",
]


def vsix_tree(ver, big=False):
    lines = [f"wyrm-vscode-{ver}.vsix",
             "├─ [Content_Types].xml",
             "├─ extension.vsixmanifest",
             "└─ extension/",
             "   ├─ CHANGELOG.md [2.31 KB]",
             "   ├─ CONTRIBUTING.md [1.12 KB]",
             "   ├─ LICENSE.txt [1.05 KB]",
             "   ├─ README.md [2.19 KB]",
             "   ├─ language-configuration.json [0.61 KB]",
             "   ├─ package.json [3.88 KB]",
             "   ├─ package.nls.de.json [0.74 KB]",
             "   ├─ package.nls.fr.json [0.77 KB]",
             "   ├─ package.nls.ja.json [0.83 KB]",
             "   ├─ package.nls.json [0.69 KB]",
             "   ├─ dist/ (8 files) [1.31 MB]" if not big else "   ├─ dist/ (8 files) [2.89 MB]",
             "   ├─ images/ (1 file) [18.4 KB]",
             "   ├─ l10n/ (3 files) [6.12 KB]"]
    if big:
        lines += ["   ├─ syntaxes/ (1 file) [4.2 KB]",
                  "   └─ tree-sitter-wyrm/ (41 files) [8.77 MB]",
                  "      ├─ grammar.js [2.04 KB]",
                  "      ├─ package.json [0.41 KB]",
                  "      ├─ tree-sitter.json [0.62 KB]",
                  "      ├─ bindings/ (9 files) [11.8 KB]",
                  "      ├─ build/ (6 files) [1.92 MB]",
                  "      ├─ queries/ (2 files) [1.01 KB]",
                  "      ├─ src/ (5 files) [6.71 MB]",
                  "      └─ test/ (15 files) [118.3 KB]"]
    else:
        lines += ["   └─ syntaxes/ (1 file) [4.2 KB]"]
    return "\n".join(lines)


# ------------------------------------------------------------------ the month


def gen():
    UNIT[:] = [u for u in UNIT if u[0] in ("attributes", "completion", "diagnostics", "folding", "formatter",
                                              "parser", "semantic tokens")]
    d = Dev("vscode-ext", U, "en", MODEL, seed=61127, files=FILES)
    PKG = R + "/package.json"
    TSE = R + "/tsconfig.eslint.json"
    SRV = R + "/server/src/server.ts"
    EXT = R + "/client/src/extension.ts"
    GR = R + "/tree-sitter-wyrm/grammar.js"
    HL = R + "/tree-sitter-wyrm/queries/highlights.scm"
    FO = R + "/tree-sitter-wyrm/queries/folds.scm"
    ESB = R + "/esbuild.mjs"
    CHL = R + "/CHANGELOG.md"
    VT = R + "/.vscode-test.mjs"
    NLS = R + "/package.nls.json"
    d.files[NLS] = """{
  "wyrm.restartServer.title": "Restart Language Server",
  "wyrm.showServerLog.title": "Show Language Server Log",
  "wyrm.format.enable.description": "Format Wyrm files with the built-in formatter.",
  "wyrm.trace.server.description": "Traces the communication between VS Code and the Wyrm language server."
}
"""
    d.files[R + "/tree-sitter-wyrm/test/corpus/tasks.txt"] = """==================
Simple task
==================

task build {
  runs: "make"
}

---

(source_file
  (task
    name: (identifier)
    (attribute
      key: (identifier)
      value: (string))))
"""
    ver = "0.8.2"

    # ================= S1 =================
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.182"):
        t = d.task("hey. first session on wyrm-vscode with you. give me a quick tour of how it's wired: client vs "
                   "server, where the grammar comes from, how the tests run. keep it short", tags=["noise"])
        t.glob("**/*.{ts,mjs,json}", [R + "/client/src/extension.ts", R + "/client/src/webviewHtml.ts",
                                      R + "/server/src/server.ts", R + "/server/src/parser.ts",
                                      R + "/server/src/attributes.ts", R + "/server/src/format.ts",
                                      R + "/server/src/diagnostics.ts", R + "/server/src/features/completion.ts",
                                      R + "/server/src/features/folding.ts",
                                      R + "/server/src/features/semanticTokens.ts",
                                      R + "/test/unit/format.test.ts", R + "/test/unit/helpers.ts",
                                      R + "/test/integration/extension.test.ts", R + "/esbuild.mjs",
                                      R + "/eslint.config.mjs", R + "/.vscode-test.mjs", R + "/package.json",
                                      R + "/tsconfig.eslint.json", R + "/tree-sitter-wyrm/package.json"])
        t.read(PKG)
        t.read(EXT)
        t.read(SRV)
        t.read(R + "/server/src/parser.ts")
        t.read(ESB)
        t.read(R + "/tree-sitter-wyrm/package.json")
        t.read(VT)
        t.done("How it's wired:\n\n"
               "- **Client** (`client/src/extension.ts`): starts `dist/server.js` over IPC with vscode-languageclient, "
               "passes `wasmDir`/`queriesDir` as initializationOptions, owns the `Wyrm` log output channel, the language "
               "status item and the two commands (`wyrm.restartServer`, `wyrm.showServerLog`).\n"
               "- **Server** (`server/src/server.ts`): vscode-languageserver. Diagnostics on change, completion, "
               "folding, formatting, semantic tokens. All of them go through `parser.ts`, which loads "
               "`tree-sitter-wyrm.wasm` with web-tree-sitter and compiles `highlights.scm` / `folds.scm` into queries.\n"
               "- **Grammar**: workspace package `tree-sitter-wyrm/`. `pnpm build:wasm` runs `tree-sitter generate` + "
               "`tree-sitter build --wasm` into `server/wasm/`. The wasm isn't committed; CI builds it in the release "
               "job.\n"
               "- **Bundling**: `esbuild.mjs` makes `dist/extension.js` and `dist/server.js` (cjs, `vscode` external) "
               "and copies the wasm + queries into `dist/`.\n"
               "- **Tests**: `pnpm test:unit` = mocha through tsx on `test/unit` (loads the real wasm). "
               "`pnpm test:integration` = build, compile `test/integration`, then `vscode-test --label stable` "
               "(VS Code 1.116.1, tdd ui). There's also an `insiders` label.\n"
               "- **Shipping**: `pnpm run package` (`vsce package --no-dependencies`), and `release.yml` publishes "
               "to the Marketplace and Open VSX on `v*` tags.")

        # T02 W2 hover
        HOV = R + "/server/src/features/hover.ts"
        HOVT = R + "/test/unit/hover.test.ts"
        t = d.task("add hover for the built-in task attributes (runs, needs, cache...). show type + summary from "
                   "attributes.ts. usual drill: unit test, lint, typecheck", tags=["workflow:W2"])
        t.read(R + "/server/src/attributes.ts")
        t.write(HOV, """import { MarkupKind, type Hover, type Position } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { TASK_ATTRIBUTES } from "../attributes";
import { parse } from "../parser";

export function provideHover(doc: TextDocument | undefined, pos: Position): Hover | null {
  if (!doc) return null;
  const node = parse(doc).rootNode.descendantForPosition({ row: pos.line, column: pos.character });
  if (node.type !== "identifier" || node.parent?.type !== "attribute") return null;
  if (node.parent.childForFieldName("key")?.id !== node.id) return null;
  const info = TASK_ATTRIBUTES.find((a) => a.name === node.text);
  if (!info) return null;
  return {
    contents: { kind: MarkupKind.Markdown, value: `**${info.name}**: \\`${info.type}\\`\\n\\n${info.summary}` },
    range: {
      start: { line: node.startPosition.row, character: node.startPosition.column },
      end: { line: node.endPosition.row, character: node.endPosition.column },
    },
  };
}
""")
        t.edit(SRV, 'import { provideFoldingRanges } from "./features/folding";\n',
               'import { provideFoldingRanges } from "./features/folding";\nimport { provideHover } from "./features/hover";\n')
        t.edit(SRV, "      foldingRangeProvider: true,\n", "      foldingRangeProvider: true,\n      hoverProvider: true,\n")
        t.edit(SRV, "connection.onFoldingRanges(",
               "connection.onHover((p) => provideHover(documents.get(p.textDocument.uri), p.position));\n"
               "connection.onFoldingRanges(")
        t.write(HOVT, """import * as assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { provideHover } from "../../server/src/features/hover";
import { withParser } from "./helpers";

const doc = (text: string) => TextDocument.create("file:///w/wyrmfile", "wyrm", 1, text);

describe("hover", () => {
  before(withParser);

  it("shows type and summary for a built-in attribute", () => {
    const h = provideHover(doc('task build {\\n  cache: true\\n}\\n'), { line: 1, character: 3 });
    assert.match((h?.contents as { value: string }).value, /\\*\\*cache\\*\\*: `bool`/);
  });

  it("returns null for unknown attributes and for values", () => {
    const d = doc('task build {\\n  colour: "red"\\n  runs: "make"\\n}\\n');
    assert.equal(provideHover(d, { line: 1, character: 3 }), null);
    assert.equal(provideHover(d, { line: 2, character: 10 }), null);
  });
});
""")
        unit_add("hover", ["shows type and summary for a built-in attribute",
                           "returns null for unknown attributes and for values"])
        t.bash("pnpm test:unit", "Run the unit tests", out=mocha_ok(ver))
        t.bash("pnpm lint", "Lint", out=lint_ok(ver))
        t.bash("pnpm typecheck", "Typecheck all projects", out=typecheck_ok(ver))
        t.done("Hover is in:\n\n"
               "- `server/src/features/hover.ts`: only on the *key* of an `attribute` node, looks the name up in "
               "`TASK_ATTRIBUTES`, returns markdown `**cache**: \\`bool\\`` + summary and the identifier's range.\n"
               "- `server.ts`: `hoverProvider: true` and `connection.onHover`.\n"
               "- `test/unit/hover.test.ts`: known attribute, unknown attribute, hovering a value.\n\n"
               f"test:unit ({nunit()} passing), lint and typecheck are clean.")

        # T03 M1 #1
        GEN = R + "/scripts/gen-attr-docs.ts"
        t = d.task("the attribute table in the README is stale again (it has 3 of the 8). write a small script "
                   "that regenerates that table from server/src/attributes.ts between marker comments, so I stop "
                   "doing it by hand. ts, run with tsx", tags=["mistake:M1"])
        t.read(R + "/README.md")
        t.edit(R + "/README.md", """## Task attributes

| attribute | type | |
|---|---|---|
| `runs` | string | Shell command the task executes |
| `needs` | list | Tasks that must finish first |
| `cache` | bool | Skip the task when nothing changed |
""", """## Task attributes

<!-- attributes:start -->
<!-- attributes:end -->
""")
        t.write(GEN, """// Regenerates the attribute table in README.md from server/src/attributes.ts.
// Usage: pnpm tsx scripts/gen-attr-docs.ts [--check]
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TASK_ATTRIBUTES } from "../server/src/attributes";

const README = join(__dirname, "..", "README.md");
const START = "<!-- attributes:start -->";
const END = "<!-- attributes:end -->";

const table = [
  "| attribute | type | |",
  "|---|---|---|",
  ...TASK_ATTRIBUTES.map((a) => `| \\`${a.name}\\` | ${a.type} | ${a.summary} |`),
].join("\\n");

const text = readFileSync(README, "utf8");
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`README.md: missing ${START} / ${END}`);
const next = `${text.slice(0, from + START.length)}\\n${table}\\n${text.slice(to)}`;

if (process.argv.includes("--check")) {
  if (next !== text) {
    console.error("README.md attribute table is out of date; run pnpm tsx scripts/gen-attr-docs.ts");
    process.exit(1);
  }
} else {
  writeFileSync(README, next);
}
""")
        t.fail("pnpm lint", "Lint the new script", lint_fail(ver, ["scripts/gen-attr-docs.ts"]))
        t.say("typescript-eslint runs with type information (`parserOptions.project: ./tsconfig.eslint.json`) and "
              "that tsconfig only includes `client/src`, `server/src` and `test`, so the new `scripts/` folder has "
              "no program to be parsed in. I'll add `scripts` to the include list of tsconfig.eslint.json rather "
              "than exempt the file from linting.")
        t.read(TSE)
        t.edit(TSE, '    "server/src",\n    "test"\n', '    "server/src",\n    "scripts",\n    "test"\n')
        t.bash("pnpm lint", "Lint again", out=lint_ok(ver))
        t.bash("pnpm tsx scripts/gen-attr-docs.ts && git diff --stat README.md", "Regenerate the README table",
               out=" README.md | 13 +++++++++----\n 1 file changed, 9 insertions(+), 4 deletions(-)")
        d.files[R + "/README.md"] = d.files[R + "/README.md"].replace(
            "<!-- attributes:start -->\n", "<!-- attributes:start -->\n| attribute | type | |\n|---|---|---|\n" +
            "".join(f"| `{n}` | {ty} | {s} |\n" for n, ty, s in [
                ("runs", "string", "Shell command (or block) the task executes."),
                ("needs", "list", "Tasks that must finish successfully before this one starts."),
                ("cache", "bool", "Skip the task when its inputs and outputs are unchanged."),
                ("inputs", "list", "Globs whose content is hashed for the cache key."),
                ("outputs", "list", "Globs the task produces; restored from the cache on a hit."),
                ("env", "map", "Environment variables for the task; `$VAR` expands at run time."),
                ("timeout", "duration", "Kill the task after this long, e.g. `90s`, `10m`."),
                ("dir", "string", "Working directory, relative to the wyrmfile.")]))
        t.bash("pnpm tsx scripts/gen-attr-docs.ts --check", "Check mode is clean after regenerating", out="")
        t.done("Added `scripts/gen-attr-docs.ts`:\n"
               "- rewrites the table between `<!-- attributes:start -->` / `<!-- attributes:end -->` in README.md from "
               "`TASK_ATTRIBUTES` (all 8 now)\n"
               "- `--check` exits 1 when the table is stale, in case you want it in CI later.\n\n"
               "The first `pnpm lint` failed with `Parsing error: … However, that TSConfig does not include this "
               "file`: typed linting only knows the folders listed in `tsconfig.eslint.json`. I added `scripts` there, "
               "and lint passes.\n\nRun it with `pnpm tsx scripts/gen-attr-docs.ts`.")

    PARSER = R + "/server/src/parser.ts"
    HLQ_LINE = ln(d, PARSER, "queries.highlights = new Query")
    FOQ_LINE = ln(d, PARSER, "queries.folds = new Query")

    # ================= S2 =================
    with d.session("2026-10-07T20:40:00", R, branch="next", version="2.1.183"):
        t = d.task("grammar: #188 wants a pipe between task calls, `@build |> @test(\"unit\")`. add it to the "
                   "grammar with corpus tests, highlight |> as an operator. on next", tags=["mistake:M3"])
        t.read(GR)
        t.edit(GR, "    _value: ($) => choice($.string, $.number, $.boolean, $.duration, $.list, $.map, $.variable, $.task_call),\n",
               "    _value: ($) =>\n"
               "      choice($.string, $.number, $.boolean, $.duration, $.list, $.map, $.variable, $.task_call, $.pipe_expression),\n\n"
               "    pipe_expression: ($) => prec.left(seq(field(\"left\", $._value), \"|>\", field(\"right\", $.task_call))),\n")
        t.write(R + "/tree-sitter-wyrm/test/corpus/pipes.txt", """==================
Pipe between two task calls
==================

task ci {
  runs: @build |> @test("unit")
}

---

(source_file
  (task
    name: (identifier)
    (attribute
      key: (identifier)
      value: (pipe_expression
        left: (task_call
          task: (identifier))
        right: (task_call
          task: (identifier)
          (arguments
            (string)))))))

==================
Pipe chain is left-associative
==================

task release {
  runs: @build |> @package |> @publish
}

---

(source_file
  (task
    name: (identifier)
    (attribute
      key: (identifier)
      value: (pipe_expression
        left: (pipe_expression
          left: (task_call
            task: (identifier))
          right: (task_call
            task: (identifier)))
        right: (task_call
          task: (identifier))))))
""")
        t.bash("pnpm --filter tree-sitter-wyrm test", "Regenerate the parser and run the corpus tests",
               out=hdr("0.6.1", "test", "tree-sitter generate && tree-sitter test", pkg="tree-sitter-wyrm",
                       where=R + "/tree-sitter-wyrm") + """
  attributes:
      1. ✓ Simple attribute
      2. ✓ Attribute with list value
      3. ✓ Attribute with map value
      4. ✓ Duration values
  matrix:
      5. ✓ Matrix block
      6. ✓ Empty matrix block
  pipes:
      7. ✓ Pipe between two task calls
      8. ✓ Pipe chain is left-associative
  tasks:
      9. ✓ Simple task
     10. ✓ Task call with arguments
     11. ✓ Comments between attributes
  variables:
     12. ✓ Let binding
     13. ✓ Variable inside a list

Total parses: 13; successful parses: 13; failed parses: 0; success percentage: 100.00%; average speed: 7311 bytes/ms""")
        t.read(HL)
        t.edit(HL, '"=" @operator\n', '"=" @operator\n(pipe_expression "|>" @operator)\n')
        t.write(R + "/test/unit/pipes.test.ts", """import * as assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { provideSemanticTokens, semanticTokensLegend } from "../../server/src/features/semanticTokens";
import { withParser } from "./helpers";

describe("pipes", () => {
  before(withParser);

  it("emits an operator token for |>", () => {
    const doc = TextDocument.create("file:///w/wyrmfile", "wyrm", 1, 'task ci {\\n  runs: @build |> @test("unit")\\n}\\n');
    const data = provideSemanticTokens(doc).data;
    const op = semanticTokensLegend.tokenTypes.indexOf("operator");
    const tokens = [];
    for (let i = 0; i < data.length; i += 5) tokens.push(data.slice(i, i + 5));
    assert.ok(tokens.some(([, , len, type]) => len === 2 && type === op));
  });
});
""")
        unit_add("pipes", ["emits an operator token for |>"])
        t.fail("pnpm test:unit", "Run the server unit tests",
               mocha_query_fail(ver, "pipe_expression", query_line=HLQ_LINE))
        t.say("The corpus tests pass, but the server tests load `server/wasm/tree-sitter-wyrm.wasm`, and that's "
              "still the build from before the grammar change. It doesn't know `pipe_expression`, so compiling the "
              "updated highlights.scm against it throws in every suite that loads the parser. The wasm has to be "
              "rebuilt from the new grammar.")
        t.bash("pnpm build:wasm", "Rebuild the grammar wasm from grammar.js",
               out=hdr(ver, "build:wasm", "pnpm --filter tree-sitter-wyrm build:wasm") + "\n" +
               hdr("0.6.1", "build:wasm",
                   "tree-sitter generate && tree-sitter build --wasm -o ../server/wasm/tree-sitter-wyrm.wasm",
                   pkg="tree-sitter-wyrm", where=R + "/tree-sitter-wyrm"), timeout=300000)
        t.bash("pnpm test:unit", "Run the unit tests again", out=mocha_ok(ver))
        t.done("`|>` is in on `next`:\n"
               "- grammar: `pipe_expression` (left-assoc, right side must be a `task_call`), part of `_value`\n"
               "- corpus: `test/corpus/pipes.txt` (single pipe, chain). 13/13 parses\n"
               "- `highlights.scm`: `(pipe_expression \"|>\" @operator)`, plus a unit test that the server emits an "
               "operator token for it\n\n"
               "The first unit run failed with `QueryError: Bad node name 'pipe_expression'` because "
               "`server/wasm/tree-sitter-wyrm.wasm` was the old build. After `pnpm build:wasm` all unit tests pass. "
               "The TextMate grammar doesn't know `|>` yet. It gets the semantic token, so only the flash before "
               "the server starts is uncoloured.")

        t = d.task("do we actually still need syntaxes/wyrm.tmLanguage.json now that the server does semantic "
                   "tokens off the tree-sitter queries? it's annoying to keep both in sync", tags=["no_tools"])
        t.done("I'd keep it, just smaller. Three reasons:\n\n"
               "1. **Startup**: semantic tokens only show up once the server has started and parsed the file. "
               "Without a TextMate grammar every wyrmfile opens uncoloured for a moment, longer on a cold start.\n"
               "2. **Places without the server**: diff editors, hover code blocks, markdown fences in READMEs, "
               "GitHub's linguist, the Open VSX page. They all use the TextMate scope `source.wyrm`, not your server.\n"
               "3. **Themes**: semantic tokens fall back to TextMate scopes for themes that don't style semantic "
               "tokens.\n\n"
               "What you can drop is the detail. Keep keywords, strings, comments, numbers and durations in the "
               "tmLanguage, and leave task names, properties and operators to the semantic tokens. That part "
               "changes rarely, so keeping the two in sync stops being a chore.")

        # T06 O1 + P1
        OUT = R + "/client/src/outlinePanel.ts"
        WVO = R + "/webview/src/outline/main.ts"
        t = d.task("outline panel webview: command `Wyrm: Show Outline` opens a panel beside the editor listing "
                   "tasks + their needs, click jumps to the task. panel title and the 'no tasks' text go through "
                   "vscode.l10n.t, we ship de/fr/ja so nothing hardcoded in english", tags=["oneoff:O1", "pref:P1"])
        t.read(R + "/client/src/webviewHtml.ts")
        t.write(OUT, """import * as vscode from "vscode";
import { webviewHtml } from "./webviewHtml";

interface OutlineTask {
  name: string;
  needs: string[];
  line: number;
}

export class OutlinePanel {
  private static current: OutlinePanel | undefined;

  static show(context: vscode.ExtensionContext, editor: vscode.TextEditor | undefined): void {
    if (OutlinePanel.current) {
      OutlinePanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      const panel = vscode.window.createWebviewPanel("wyrm.outline", vscode.l10n.t("Wyrm Outline"),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, "dist", "webview")] });
      OutlinePanel.current = new OutlinePanel(panel, context);
    }
    if (editor) void OutlinePanel.current.update(editor.document);
  }

  private constructor(private readonly panel: vscode.WebviewPanel, context: vscode.ExtensionContext) {
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, "outline", vscode.l10n.t("Wyrm Outline"));
    panel.onDidDispose(() => (OutlinePanel.current = undefined));
    panel.webview.onDidReceiveMessage((msg: { type: "reveal"; uri: string; line: number }) => {
      if (msg.type !== "reveal") return;
      const pos = new vscode.Position(msg.line, 0);
      void vscode.window.showTextDocument(vscode.Uri.parse(msg.uri), { selection: new vscode.Range(pos, pos) });
    });
  }

  private async update(doc: vscode.TextDocument): Promise<void> {
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      "vscode.executeDocumentSymbolProvider", doc.uri) ?? [];
    const tasks: OutlineTask[] = symbols.map((s) => ({
      name: s.name,
      needs: s.detail ? s.detail.split(",").map((n) => n.trim()).filter(Boolean) : [],
      line: s.range.start.line,
    }));
    await this.panel.webview.postMessage({
      type: "tasks",
      uri: doc.uri.toString(),
      tasks,
      strings: { empty: vscode.l10n.t("No tasks in this file."), needs: vscode.l10n.t("needs") },
    });
  }
}
""")
        t.write(WVO, """import { basename } from "node:path";

interface TasksMessage {
  type: "tasks";
  uri: string;
  tasks: { name: string; needs: string[]; line: number }[];
  strings: { empty: string; needs: string };
}

declare function acquireVsCodeApi(): { postMessage(msg: unknown): void };
const vscode = acquireVsCodeApi();
const root = document.getElementById("root")!;

window.addEventListener("message", (event: MessageEvent<TasksMessage>) => {
  const msg = event.data;
  if (msg.type !== "tasks") return;
  root.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = basename(new URL(msg.uri).pathname);
  root.append(title);
  if (msg.tasks.length === 0) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = msg.strings.empty;
    root.append(p);
    return;
  }
  const list = document.createElement("ul");
  for (const task of msg.tasks) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.textContent = task.name;
    a.addEventListener("click", () => vscode.postMessage({ type: "reveal", uri: msg.uri, line: task.line }));
    li.append(a);
    if (task.needs.length > 0) {
      const small = document.createElement("small");
      small.textContent = ` ${msg.strings.needs}: ${task.needs.join(", ")}`;
      li.append(small);
    }
    list.append(li);
  }
  root.append(list);
});
""")
        t.read(ESB)
        t.edit(ESB, """  { ...node, entryPoints: ["server/src/server.ts"], outfile: "dist/server.js" },
];""", """  { ...node, entryPoints: ["server/src/server.ts"], outfile: "dist/server.js" },
  {
    ...common,
    platform: "browser",
    format: "iife",
    target: "es2022",
    entryPoints: { outline: "webview/src/outline/main.ts" },
    outdir: "dist/webview",
  },
];""")
        t.read(EXT)
        t.edit(EXT, 'import * as vscode from "vscode";\n',
               'import * as vscode from "vscode";\nimport { OutlinePanel } from "./outlinePanel";\n')
        t.edit(EXT, '    vscode.commands.registerCommand("wyrm.showServerLog", () => output.show(true)),\n',
               '    vscode.commands.registerCommand("wyrm.showServerLog", () => output.show(true)),\n'
               '    vscode.commands.registerCommand("wyrm.showOutline", () =>\n'
               '      OutlinePanel.show(context, vscode.window.activeTextEditor)),\n')
        t.read(PKG)
        t.edit(PKG, """      {
        "command": "wyrm.showServerLog",
        "title": "%wyrm.showServerLog.title%",
        "category": "Wyrm"
      }
    ],""", """      {
        "command": "wyrm.showServerLog",
        "title": "%wyrm.showServerLog.title%",
        "category": "Wyrm"
      },
      {
        "command": "wyrm.showOutline",
        "title": "%wyrm.showOutline.title%",
        "category": "Wyrm",
        "icon": "$(list-tree)"
      }
    ],""")
        t.read(NLS)
        t.edit(NLS, '  "wyrm.showServerLog.title": "Show Language Server Log",\n',
               '  "wyrm.showServerLog.title": "Show Language Server Log",\n  "wyrm.showOutline.title": "Show Outline",\n')
        t.fail("pnpm build", "Bundle client, server and the new webview", hdr(ver, "build", "node esbuild.mjs") +
               esb() + """

✘ [ERROR] Could not resolve "node:path"

    webview/src/outline/main.ts:1:25:
      1 │ import { basename } from "node:path";
        ╵                          ~~~~~~~~~~~

  The package "node:path" wasn't found on the file system but is built into node. Are you trying to bundle for node? You can use "platform: 'node'" to do that, which will remove this error.

1 error
""" + PNPM_STORE + """/esbuild@0.25.10/node_modules/esbuild/lib/main.js:1467
  let error = new Error(text);
              ^

Error: Build failed with 1 error:
webview/src/outline/main.ts:1:25: ERROR: Could not resolve "node:path"
    at failureErrorWithLog (""" + PNPM_STORE + """/esbuild@0.25.10/node_modules/esbuild/lib/main.js:1467:15)
    at """ + PNPM_STORE + """/esbuild@0.25.10/node_modules/esbuild/lib/main.js:926:25
    at """ + PNPM_STORE + """/esbuild@0.25.10/node_modules/esbuild/lib/main.js:1345:9
    at process.processTicksAndRejections (node:internal/process/task_queues:105:5) {
  errors: [Getter/Setter],
  warnings: [Getter/Setter]
}

Node.js v22.20.0
""" + ELIFE.format(1))
        t.say("The webview bundle is built for the browser, so `node:path` doesn't exist there. I only need the "
              "file name, which a string split handles.")
        t.edit(WVO, 'import { basename } from "node:path";\n\n', "")
        t.edit(WVO, "  title.textContent = basename(new URL(msg.uri).pathname);\n",
               '  title.textContent = decodeURIComponent(new URL(msg.uri).pathname.split("/").pop() ?? "");\n')
        t.bash("pnpm build", "Bundle again", out=hdr(ver, "build", "node esbuild.mjs") + esb([("outline", "14.2kb")]))
        t.done("Outline panel is in on `next`:\n"
               "- `Wyrm: Show Outline` (`wyrm.showOutline`, `$(list-tree)` icon). Opens beside the editor, reuses "
               "the panel if it's already open.\n"
               "- `client/src/outlinePanel.ts` gets the tasks from the document symbol provider and posts them to "
               "the webview. Clicking a task posts `reveal` back and jumps to it.\n"
               "- The title (\"Wyrm Outline\"), the empty text (\"No tasks in this file.\") and \"needs\" come from "
               "`vscode.l10n.t` and are sent into the webview, so nothing English is hardcoded in "
               "`webview/src/outline/main.ts`. The command title is `%wyrm.showOutline.title%` in "
               "package.nls.json. Run `l10n-dev export` before the next translation round.\n"
               "- esbuild has a third build: browser/iife → `dist/webview/outline.js`. It uses the same CSP shell "
               "(nonce'd script only).\n\n"
               "The first build failed because I'd used `node:path` for the file name in the webview. That's a "
               "browser bundle, so I replaced it with a URL split, and the build passes.")

    # ================= S3 =================
    with d.session("2026-10-09T10:05:00", R, branch="main", version="2.1.184"):
        SNIP = R + "/snippets/wyrm.code-snippets"
        t = d.task("can you look at #191 (milan's matrix snippets). check it out, run the tests, and leave a "
                   "review. approve if it's fine", tags=["workflow:W3"])
        t.bash("gh pr view 191", "Show the PR", out="""Add snippets for matrix blocks and cached tasks #191
Open • mkovacs wants to merge 2 commits into main from mkovacs:matrix-snippets • about 1 day ago
+61 -1 • ✓ Checks passing
Labels: enhancement

  Adds three snippets: `task` (plain task), `taskc` (cached task with inputs/outputs) and `matrix`
  (matrix block with a node version axis). Registered through `contributes.snippets`.

  Closes #184


View this pull request on GitHub: https://github.com/wyrm-lang/wyrm-vscode/pull/191""")
        t.bash("gh pr checkout 191", "Check out the PR branch",
               err="From github.com:wyrm-lang/wyrm-vscode\n * [new ref]         refs/pull/191/head -> matrix-snippets\n"
                   "Switched to branch 'matrix-snippets'")
        d.files[SNIP] = """{
  "Task": {
    "prefix": "task",
    "body": ["task ${1:name} {", "  runs: \\"${2:command}\\"", "}"],
    "description": "A plain task"
  },
  "Cached task": {
    "prefix": "taskc",
    "body": [
      "task ${1:name} {",
      "  runs: \\"${2:command}\\"",
      "  cache: true",
      "  inputs: [\\"${3:src/**}\\"]",
      "  outputs: [\\"${4:dist/**}\\"]",
      "}"
    ],
    "description": "A task that is skipped when its inputs are unchanged"
  },
  "Matrix": {
    "prefix": "matrix",
    "body": ["matrix {", "  node: [\\"${1:20}\\", \\"${2:22}\\"]", "}"],
    "description": "A matrix block with a node version axis"
  }
}
"""
        t.bash("pnpm install --frozen-lockfile", "Install exactly what the lockfile says",
               out="Scope: all 2 workspace projects\nLockfile is up to date, resolution step is skipped\n"
                   "Already up to date\n\nDone in 1.4s using pnpm v10.18.3")
        t.read(SNIP)
        t.bash("gh pr diff 191 -- package.json", "Look at the manifest part of the diff", out="""diff --git a/package.json b/package.json
index 6c02f1e..0b9d7aa 100644
--- a/package.json
+++ b/package.json
@@ -48,6 +48,12 @@
         "path": "./syntaxes/wyrm.tmLanguage.json"
       }
     ],
+    "snippets": [
+      {
+        "language": "wyrm",
+        "path": "./snippets/wyrm.code-snippets"
+      }
+    ],
     "commands": [
       {
         "command": "wyrm.restartServer",""")
        t.bash("pnpm test:unit", "Run the unit tests on the PR branch", out=mocha_ok(ver))
        t.bash("gh pr review 191 --approve -b \"Thanks Milan! Tested locally, unit tests green. Nit for later: "
               "\\`taskc\\` could default \\`outputs\\` to \\`dist/**\\` only when the task has \\`runs\\` - not "
               "blocking.\"", "Approve the PR with a short note",
               out="✓ Approved pull request wyrm-lang/wyrm-vscode#191")
        t.bash("git switch main", "Back to main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.done("Approved #191. Only a note, nothing blocking:\n"
               "- 3 snippets (`task`, `taskc`, `matrix`) in `snippets/wyrm.code-snippets`, registered via "
               "`contributes.snippets`. JSON is valid and the placeholders are numbered correctly.\n"
               "- `pnpm install --frozen-lockfile` matched the lockfile (no dependency changes), unit tests pass.\n"
               "- Checks on the PR are green.\n\nYou're back on `main`. Merge whenever you like.")

        # T08 M2 #1
        t = d.task("someone on discord says the vsix is ~9MB which seems nuts for what it is. what actually ends "
                   "up in it?", tags=["mistake:M2", "long_output"])
        t.fail("pnpm exec vsce ls --tree", "List the files vsce would package",
               "\n".join(vsce_npm_list_err() + VSCE_NPM_MISSING + [
                   "npm error A complete log of this run can be found in: /home/tobi/.npm/_logs/2026-10-09T10_31_07_518Z-debug-0.log"]))
        t.say("vsce collects runtime dependencies with `npm list --production`, and npm can't read pnpm's "
              "symlinked node_modules, so it reports everything under `.pnpm` as missing. Everything is bundled by "
              "esbuild anyway, which is why the `package` script passes `--no-dependencies`. Same listing, without "
              "dependency detection:")
        t.bash("pnpm exec vsce ls --tree --no-dependencies", "List the vsix contents without npm dependency detection",
               out=vsix_tree(ver, big=True))
        t.read(R + "/.vscodeignore")
        t.edit(R + "/.vscodeignore", "scripts/**\n", "scripts/**\ntree-sitter-wyrm/**\nCONTRIBUTING.md\n")
        t.bash("pnpm exec vsce ls --tree --no-dependencies", "List again after updating .vscodeignore",
               out=vsix_tree(ver).replace("   ├─ CONTRIBUTING.md [1.12 KB]\n", ""))
        t.done("The 9 MB is the grammar package. `.vscodeignore` didn't exclude `tree-sitter-wyrm/`, so every "
               "vsix shipped the generated `src/parser.c` and friends (6.7 MB), the native `build/` (1.9 MB) and the "
               "corpus tests. The extension only needs `dist/wasm` + `dist/queries`, and those are already copied "
               "into dist.\n\n"
               "Added `tree-sitter-wyrm/**` (and `CONTRIBUTING.md`) to `.vscodeignore`. The listing is now "
               "manifest, README/CHANGELOG/LICENSE, nls files, `dist/` (8 files), icon, l10n and the tmLanguage. "
               "`dist/` is 1.3 MB here only because my local build has sourcemaps. `vscode:prepublish` builds "
               "with `--production`, so the real vsix will be a few hundred KB.\n\n"
               "Note: plain `vsce ls` fails in this repo (`npm list` can't read pnpm's layout). It needs "
               "`--no-dependencies`, like the `package` script has.")

        # T09 P3 + P1
        t = d.task("when the server fails to start (wasm missing, node crash) nothing tells the user, the "
                   "features just silently don't work. pop up an error with showErrorMessage and a 'Show Log' "
                   "button that opens the output channel. message and button label localized like everything else",
                   tags=["pref:P3", "pref:P1"])
        t.read(EXT)
        t.edit(EXT, """  await client.start();
}""", """  const showLog = vscode.l10n.t("Show Log");
  const reportFailure = async (detail: string) => {
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t("The Wyrm language server stopped: {0}", detail),
      showLog,
    );
    if (choice === showLog) output.show(true);
  };
  client.onDidChangeState((e) => {
    if (e.oldState === State.Running && e.newState === State.Stopped) {
      void reportFailure(vscode.l10n.t("the server process exited"));
    }
  });

  try {
    await client.start();
  } catch (err) {
    output.error(String(err));
    await reportFailure(err instanceof Error ? err.message : String(err));
  }
}""")
        t.bash("pnpm typecheck", "Typecheck", out=typecheck_ok(ver))
        t.bash("pnpm lint", "Lint", out=lint_ok(ver))
        t.done("Done in `client/src/extension.ts`:\n"
               "- `client.start()` failing (e.g. missing wasm → `initialize` rejects) and the server dropping from "
               "Running to Stopped both call `reportFailure`.\n"
               "- That shows `showErrorMessage(\"The Wyrm language server stopped: {0}\", \"Show Log\")`. Picking the "
               "button reveals the Wyrm output channel. The start error is also written there with `output.error`.\n"
               "- Message, detail text and button label go through `vscode.l10n.t`. The new strings need adding "
               "to `l10n/bundle.l10n.*.json` on the next `l10n-dev export`.\n\n"
               "Typecheck and lint pass. One thing to watch: vscode-languageclient restarts a crashed server up to "
               "4 times in 3 minutes, and each crash will show a popup.")

        # T10 W1 release 0.8.3
        t = d.task("let's ship 0.8.3 from main: hover, the error popup, milan's snippets (merged). usual release "
                   "steps", tags=["workflow:W1"])
        t.bash("git pull --ff-only && git log v0.8.2..HEAD --oneline", "Update main and list changes since v0.8.2",
               out="""Updating 3f1c9e2..a4d0b71
Fast-forward
 package.json                 |  6 ++++++
 snippets/wyrm.code-snippets  | 27 +++++++++++++++++++++++++++
 2 files changed, 33 insertions(+)
 create mode 100644 snippets/wyrm.code-snippets
a4d0b71 Merge pull request #191 from mkovacs/matrix-snippets
9e7b3c5 snippets: taskc + matrix
61f0a2d snippets: plain task
c0d8f14 client: report language server start failures with a Show Log action
5b2e9a7 .vscodeignore: drop tree-sitter-wyrm/ and CONTRIBUTING.md from the vsix
e813d46 scripts: gen-attr-docs.ts regenerates the README attribute table
1a7c4f0 server: hover for built-in task attributes""")
        t.read(CHL)
        t.edit(CHL, "## [Unreleased]\n\n", """## [Unreleased]

## [0.8.3] - 2026-10-09

### Added

- Hover for the built-in task attributes (`runs`, `needs`, `cache`, ...).
- Snippets: `task`, `taskc` (cached task) and `matrix` (#191, thanks @mkovacs).

### Fixed

- The extension now tells you when the language server fails to start, with a button to open its log.
- The vsix no longer ships the tree-sitter sources (9 MB → ~400 KB).

""")
        t.read(PKG)
        t.edit(PKG, '  "version": "0.8.2",\n', '  "version": "0.8.3",\n')
        ver = "0.8.3"
        t.bash("pnpm run package", "Build the production vsix as a smoke test", out=
               "Executing prepublish script 'pnpm run vscode:prepublish'...\n" +
               hdr(ver, "vscode:prepublish", "pnpm build --production") + hdr(ver, "build", "node esbuild.mjs --production") +
               esb(prod=True) + "\n INFO  Files included in the VSIX:\n" +
               vsix_tree(ver).replace("   ├─ CONTRIBUTING.md [1.12 KB]\n", "").replace("(8 files) [1.31 MB]", "(6 files) [1.27 MB]") +
               f"\n\n DONE  Packaged: {R}/wyrm-vscode-{ver}.vsix (22 files, 398.41 KB)")
        t.bash(f"git commit -am \"release: v{ver}\" && git tag -a v{ver} -m \"v{ver}\"", "Commit and tag the release",
               out=f"[main 7d2c1e8] release: v{ver}\n 2 files changed, 15 insertions(+), 1 deletion(-)")
        t.bash("git push origin main --follow-tags", "Push main and the tag (the release workflow runs on the tag)",
               err=f"""To github.com:wyrm-lang/wyrm-vscode.git
   a4d0b71..7d2c1e8  main -> main
 * [new tag]         v{ver} -> v{ver}""")
        t.done(f"v{ver} is tagged and pushed:\n"
               "- CHANGELOG: Added hover and snippets (#191). Fixed the start-failure popup and the vsix size.\n"
               "- package.json → 0.8.3, `pnpm run package` produced a 398 KB vsix with 22 files.\n"
               "- `release: v0.8.3` commit + annotated tag `v0.8.3`, pushed with `--follow-tags`. release.yml is "
               "now building and publishing to the Marketplace and Open VSX.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-12T14:10:00", R, branch="next", version="2.1.185", permission_mode="acceptEdits"):
        t = d.task("1.117 came out thursday, bump the stable vscode the integration tests run against and run them",
                   tags=["flaky:F1"])
        t.read(VT)
        t.edit(VT, '{ label: "stable", version: "1.116.1", ...shared },', '{ label: "stable", version: "1.117.0", ...shared },')
        cmd = "pnpm test:integration"
        t.fail(cmd, "Run the integration tests against VS Code 1.117.0",
               hdr(ver, "test:integration", "pnpm build && tsc -p test/integration && vscode-test --label stable") +
               hdr(ver, "build", "node esbuild.mjs") + esb([("outline", "14.2kb")]) + """

- Resolving version...
✔ Validated version: 1.117.0
✔ Found at https://update.code.visualstudio.com/1.117.0/linux-x64/stable
✖ Downloading VS Code (147.31 MB)
Error: read ECONNRESET
    at TLSWrap.onStreamRead (node:internal/stream_base_commons:216:20) {
  errno: -104,
  code: 'ECONNRESET',
  syscall: 'read'
}
""" + ELIFE.format(1), timeout=600000)
        t.say("The download of VS Code 1.117.0 was cut off mid-stream (ECONNRESET from the update CDN). Nothing "
              "to do with the bump itself, so I'll run it again.")
        t.bash(cmd, "Run the integration tests against VS Code 1.117.0", timeout=600000,
               out=vscode_test_ok(ver, "1.117.0", webviews=[("outline", "14.2kb")], ts="2026-10-12T14:19:42",
                                  fresh_download="https://update.code.visualstudio.com/1.117.0/linux-x64/stable",
                                  pid=58213))
        t.done("Stable is now 1.117.0 in `.vscode-test.mjs`. The first run died while downloading VS Code "
               "(`read ECONNRESET`). The retry downloaded it into `.vscode-test/vscode-linux-x64-1.117.0` and all 6 "
               "integration tests pass. The old 1.116.1 copy is still in `.vscode-test/`. Delete it if you want "
               "the disk space back.")

        # T12 M1 #2 syntax tree view
        STP = R + "/client/src/syntaxTreePanel.ts"
        WVS = R + "/webview/src/syntaxTree/main.ts"
        ITS = R + "/test/integration/syntaxTree.test.ts"
        t = d.task("syntax tree view for grammar debugging: `Wyrm: Show Syntax Tree` opens a panel with the "
                   "tree-sitter tree of the active file, refreshes while typing, and the node under the cursor is "
                   "highlighted. server sends the tree via a custom request. integration test too", tags=["mistake:M1"])
        t.read(SRV)
        t.edit(SRV, "connection.onFoldingRanges(", """connection.onRequest("wyrm/syntaxTree", (p: { uri: string }) => {
  const doc = documents.get(p.uri);
  if (!doc) return null;
  const walk = (n: ReturnType<typeof parse>["rootNode"]): object => ({
    type: n.type,
    field: null,
    start: [n.startPosition.row, n.startPosition.column],
    end: [n.endPosition.row, n.endPosition.column],
    named: n.isNamed,
    children: n.children.filter((c) => c !== null).map((c) => walk(c!)),
  });
  return walk(parse(doc).rootNode);
});
connection.onFoldingRanges(""")
        t.write(STP, """import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";
import { webviewHtml } from "./webviewHtml";

export class SyntaxTreePanel {
  private static current: SyntaxTreePanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  static show(context: vscode.ExtensionContext, client: LanguageClient): void {
    if (!SyntaxTreePanel.current) {
      const panel = vscode.window.createWebviewPanel("wyrm.syntaxTree", vscode.l10n.t("Wyrm Syntax Tree"),
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(context.extensionUri, "dist", "webview")] });
      SyntaxTreePanel.current = new SyntaxTreePanel(panel, context, client);
    }
    void SyntaxTreePanel.current.refresh();
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
  ) {
    panel.webview.html = webviewHtml(panel.webview, context.extensionUri, "syntaxTree", vscode.l10n.t("Wyrm Syntax Tree"));
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) void this.refresh();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        const pos = e.selections[0].active;
        void panel.webview.postMessage({ type: "cursor", pos: [pos.line, pos.character] });
      }),
    );
    panel.onDidDispose(() => {
      SyntaxTreePanel.current = undefined;
      this.disposables.forEach((d) => d.dispose());
    });
  }

  private async refresh(): Promise<void> {
    const doc = vscode.window.activeTextEditor?.document;
    if (doc?.languageId !== "wyrm") return;
    const tree = await this.client.sendRequest("wyrm/syntaxTree", { uri: doc.uri.toString() });
    await this.panel.webview.postMessage({ type: "tree", tree });
  }
}
""")
        t.write(WVS, """interface TreeNode {
  type: string;
  start: [number, number];
  end: [number, number];
  named: boolean;
  children: TreeNode[];
}

type Message = { type: "tree"; tree: TreeNode } | { type: "cursor"; pos: [number, number] };

const root = document.getElementById("root")!;
const rows: { el: HTMLElement; node: TreeNode }[] = [];

const contains = (n: TreeNode, [l, c]: [number, number]) =>
  (n.start[0] < l || (n.start[0] === l && n.start[1] <= c)) && (n.end[0] > l || (n.end[0] === l && n.end[1] >= c));

function render(node: TreeNode, depth: number): void {
  if (!node.named) return;
  const el = document.createElement("div");
  el.className = "node";
  el.style.paddingLeft = `${depth * 12}px`;
  el.textContent = `${node.type} [${node.start.join(":")} - ${node.end.join(":")}]`;
  root.append(el);
  rows.push({ el, node });
  node.children.forEach((c) => render(c, depth + 1));
}

window.addEventListener("message", (event: MessageEvent<Message>) => {
  const msg = event.data;
  if (msg.type === "tree") {
    root.replaceChildren();
    rows.length = 0;
    render(msg.tree, 0);
  } else {
    let best: HTMLElement | undefined;
    for (const r of rows) {
      r.el.classList.remove("active");
      if (contains(r.node, msg.pos)) best = r.el;
    }
    best?.classList.add("active");
    best?.scrollIntoView({ block: "nearest" });
  }
});
""")
        t.read(ESB)
        t.edit(ESB, '    entryPoints: { outline: "webview/src/outline/main.ts" },\n',
               '    entryPoints: { outline: "webview/src/outline/main.ts", syntaxTree: "webview/src/syntaxTree/main.ts" },\n')
        t.read(EXT)
        t.edit(EXT, 'import { OutlinePanel } from "./outlinePanel";\n',
               'import { OutlinePanel } from "./outlinePanel";\nimport { SyntaxTreePanel } from "./syntaxTreePanel";\n')
        t.edit(EXT, '      OutlinePanel.show(context, vscode.window.activeTextEditor)),\n',
               '      OutlinePanel.show(context, vscode.window.activeTextEditor)),\n'
               '    vscode.commands.registerCommand("wyrm.showSyntaxTree", () => client && SyntaxTreePanel.show(context, client)),\n')
        t.read(PKG)
        t.edit(PKG, """        "category": "Wyrm",
        "icon": "$(list-tree)"
      }
    ],""", """        "category": "Wyrm",
        "icon": "$(list-tree)"
      },
      {
        "command": "wyrm.showSyntaxTree",
        "title": "%wyrm.showSyntaxTree.title%",
        "category": "Wyrm"
      }
    ],""")
        t.read(NLS)
        t.edit(NLS, '  "wyrm.showOutline.title": "Show Outline",\n',
               '  "wyrm.showOutline.title": "Show Outline",\n  "wyrm.showSyntaxTree.title": "Show Syntax Tree",\n')
        t.write(ITS, """import * as assert from "node:assert/strict";
import * as path from "node:path";
import * as vscode from "vscode";

suite("Syntax tree", () => {
  test("opens beside the active wyrmfile", async () => {
    const ws = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const doc = await vscode.workspace.openTextDocument(path.join(ws, "wyrmfile"));
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand("wyrm.showSyntaxTree");
    await new Promise((r) => setTimeout(r, 500));
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const panel = tabs.find((t) => t.input instanceof vscode.TabInputWebview && t.label === "Wyrm Syntax Tree");
    assert.ok(panel, "syntax tree panel not open");
    assert.equal(vscode.window.tabGroups.all.length, 2);
  });
});
""")
        t.bash("pnpm build", "Bundle everything", out=hdr(ver, "build", "node esbuild.mjs") +
               esb([("outline", "14.2kb"), ("syntaxTree", "21.9kb")]))
        t.fail("pnpm lint", "Lint", lint_fail(ver, ["webview/src/outline/main.ts", "webview/src/syntaxTree/main.ts"]))
        t.say("Same lint setup problem as with the scripts folder: `tsconfig.eslint.json` doesn't include "
              "`webview/src`, so both webview entry points (the outline one too, it was never linted) have no "
              "program. Adding `webview/src` to the include list, and the DOM lib, because that tsconfig only has "
              "the base libs and the typed rules would otherwise see `document`/`window` as errors.")
        t.read(TSE)
        t.edit(TSE, '''  "compilerOptions": {
    "noEmit": true
  },''', '''  "compilerOptions": {
    "noEmit": true,
    "lib": ["ES2022", "DOM"]
  },''')
        t.edit(TSE, '    "scripts",\n    "test"\n', '    "scripts",\n    "test",\n    "webview/src"\n')
        t.bash("pnpm lint", "Lint again", out=lint_ok(ver))
        integ_add("Syntax tree", ["opens beside the active wyrmfile"])
        t.bash("pnpm test:integration", "Run the integration tests", timeout=600000,
               out=vscode_test_ok(ver, "1.117.0", webviews=[("outline", "14.2kb"), ("syntaxTree", "21.9kb")],
                                  ts="2026-10-12T15:02:17", pid=60877))
        t.done("`Wyrm: Show Syntax Tree` is in on `next`:\n"
               "- server: `wyrm/syntaxTree` request returns the tree (type, range, named, children)\n"
               "- `client/src/syntaxTreePanel.ts`: panel beside the editor, refreshes on edits of the active "
               "wyrmfile, forwards the cursor position\n"
               "- `webview/src/syntaxTree/main.ts`: renders the named nodes indented and marks the innermost node "
               "under the cursor (`.active`)\n"
               "- integration test `Syntax tree › opens beside the active wyrmfile`\n\n"
               "`pnpm lint` failed first: `tsconfig.eslint.json` didn't include `webview/src`. That also hit the "
               "outline webview, which had never been linted. I added the folder and the DOM lib. Lint is clean, "
               "and the integration tests pass (7).")

        # T13 CONTRIBUTING (long)
        t = d.task("write a 'Building from source' section for CONTRIBUTING.md. new contributors keep asking how "
                   "to get the wasm built and how to debug the server", tags=["noise"])
        t.read(R + "/CONTRIBUTING.md")
        t.edit(R + "/CONTRIBUTING.md", "## Before you open a PR\n", """## Building from source

### Prerequisites

- Node.js 22 (the version in `.nvmrc`; `nvm use` picks it up).
- pnpm 10. The repo pins it in `packageManager`, so `corepack enable` is enough.
- To build the grammar: either Emscripten (`emcc` on your PATH, 4.0 or newer) or Docker/Podman. The
  tree-sitter CLI uses `emcc` if it finds it and falls back to a container otherwise.
- VS Code 1.101 or newer to run the extension.

### First build

1. `pnpm install` installs the extension and the `tree-sitter-wyrm` workspace package.
2. `pnpm build:wasm` runs `tree-sitter generate` and `tree-sitter build --wasm` and writes
   `server/wasm/tree-sitter-wyrm.wasm`. The wasm is not committed. Rebuild it every time `grammar.js`
   changes, including when you pull someone else's grammar change, because the server and the unit tests
   load this file and not the grammar sources.
3. `pnpm build` bundles `dist/extension.js`, `dist/server.js` and the webviews, and copies the wasm and the
   queries into `dist/`.

### Running and debugging

- Press F5 and pick **Run Extension**. That launches an Extension Development Host with the repo's
  extension loaded. `pnpm watch` keeps the bundles up to date while you edit.
- The server runs with `--inspect=6010` in debug mode. Use the **Attach to Server** launch configuration to
  set breakpoints in `server/src`.
- Set `"wyrm.trace.server": "verbose"` to see every LSP message in the **Wyrm** output channel.
- `Wyrm: Show Syntax Tree` shows the tree-sitter tree of the active file, and the node under the cursor is
  highlighted. Use it when a query doesn't match what you expect.

### Grammar changes

- Edit `tree-sitter-wyrm/grammar.js` and add a corpus test in `tree-sitter-wyrm/test/corpus/`.
- `pnpm --filter tree-sitter-wyrm test` regenerates the parser and runs the corpus.
- If you add or rename node types, update `queries/highlights.scm` and `queries/folds.scm`, then run
  `pnpm build:wasm` before `pnpm test:unit`.

### Tests

- `pnpm test:unit`: mocha via tsx on `test/unit/**/*.test.ts`. Fast, no VS Code needed.
- `pnpm test:integration`: downloads the pinned VS Code into `.vscode-test/` on first run, then runs
  `test/integration` inside it. On a headless Linux machine, wrap it in `xvfb-run -a` like CI does.
- `pnpm lint` and `pnpm typecheck` must pass. Lint is type-aware, so a new top-level folder with
  TypeScript in it must be listed in `tsconfig.eslint.json`.

### Packaging

- `pnpm run package` builds a production vsix. It calls `vsce package --no-dependencies` because
  everything is bundled and vsce's npm-based dependency scan doesn't understand pnpm's layout.
- Try the vsix with `code --install-extension wyrm-vscode-<version>.vsix`.

## Before you open a PR
""")
        t.done("Added a **Building from source** section to CONTRIBUTING.md: prerequisites (Node 22, pnpm via "
               "corepack, emcc or Docker for the grammar), first build (`pnpm install` → `pnpm build:wasm` → "
               "`pnpm build`, and why the wasm has to be rebuilt after grammar changes), running/debugging (F5, "
               "`pnpm watch`, attaching to the server on 6010, `wyrm.trace.server`, the syntax tree view), a "
               "grammar-change checklist, the four test/lint commands with the xvfb note for headless Linux, "
               "and packaging with `pnpm run package`.")

    # ================= S5 =================
    with d.session("2026-10-15T09:35:00", R, branch="main", version="2.1.186"):
        t = d.task("btw that CONTRIBUTING section from monday was way too long, I had to cut half of it before "
                   "merging. nobody reads 60 lines about building a vscode extension. for docs: half a page, "
                   "bullets, link out instead of explaining", tags=["feedback", "no_tools"],
                   feedback="that CONTRIBUTING section from monday was way too long, I had to cut half of it "
                            "before merging")
        t.done("Understood. For docs from now on: half a page at most, bullets, and a link to the upstream docs "
               "(VS Code API, tree-sitter, vsce) instead of explaining them. The only repo-specific thing worth "
               "keeping in that section is the reminder to rerun `pnpm build:wasm` after a grammar change.")

        t = d.task("merge next into main and cut 0.9.0. outline panel, syntax tree view, pipes are the headline",
                   tags=["workflow:W1", "long_output"])
        t.bash("git fetch origin && git merge --ff-only origin/next", "Fast-forward main to next", out="""Updating 7d2c1e8..f3a90c4
Fast-forward
 .vscode-test.mjs                             |   2 +-
 CONTRIBUTING.md                              |  34 ++++++
 client/src/extension.ts                      |   6 +
 client/src/outlinePanel.ts                   |  67 +++++++++++
 client/src/syntaxTreePanel.ts                |  58 ++++++++++
 esbuild.mjs                                  |   8 ++
 package.json                                 |  11 ++
 package.nls.json                             |   2 +
 server/src/server.ts                         |  14 +++
 test/integration/syntaxTree.test.ts          |  19 ++++
 test/unit/pipes.test.ts                      |  19 ++++
 tree-sitter-wyrm/grammar.js                  |   5 +-
 tree-sitter-wyrm/queries/highlights.scm      |   1 +
 tree-sitter-wyrm/test/corpus/pipes.txt       |  52 +++++++++
 tsconfig.eslint.json                         |   6 +-
 webview/src/outline/main.ts                  |  46 ++++++++
 webview/src/syntaxTree/main.ts               |  50 ++++++++
 17 files changed, 382 insertions(+), 7 deletions(-)""")
        t.bash("git log v0.8.3..HEAD --oneline", "Commits since v0.8.3", out="""f3a90c4 docs: CONTRIBUTING, building from source (trimmed)
b81e2d7 tsconfig.eslint: include webview/src, DOM lib
0d6c4a9 syntax tree view (wyrm/syntaxTree request + webview)
5a9f3e1 test: stable VS Code 1.117.0
c27e0b8 esbuild: browser build for the webviews
91d4f6a outline panel webview
2e8b5c3 highlights: |> as operator
6f0e7a2 grammar: pipe_expression (#188)""")
        t.read(CHL)
        t.edit(CHL, "## [Unreleased]\n\n", """## [Unreleased]

## [0.9.0] - 2026-10-15

### Added

- `Wyrm: Show Outline`: tasks and their `needs` in a panel beside the editor; click to jump.
- `Wyrm: Show Syntax Tree`: the tree-sitter tree of the active file, following the cursor.
- Pipes between task calls: `@build |> @test("unit")` (#188).

""")
        t.read(PKG)
        t.edit(PKG, '  "version": "0.8.3",\n', '  "version": "0.9.0",\n')
        ver = "0.9.0"
        t.bash("pnpm run package", "Build the production vsix", out=
               "Executing prepublish script 'pnpm run vscode:prepublish'...\n" +
               hdr(ver, "vscode:prepublish", "pnpm build --production") + hdr(ver, "build", "node esbuild.mjs --production") +
               esb([("outline", "6.1kb"), ("syntaxTree", "8.4kb")], prod=True) + "\n INFO  Files included in the VSIX:\n" +
               vsix_tree(ver).replace("   ├─ CONTRIBUTING.md [1.12 KB]\n", "").replace("(8 files) [1.31 MB]", "(8 files) [1.29 MB]") +
               f"\n\n DONE  Packaged: {R}/wyrm-vscode-{ver}.vsix (24 files, 405.88 KB)")
        t.bash(f"git commit -am \"release: v{ver}\" && git tag -a v{ver} -m \"v{ver}\"", "Commit and tag",
               out=f"[main 0b4e6d1] release: v{ver}\n 2 files changed, 10 insertions(+), 1 deletion(-)")
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               err=f"""To github.com:wyrm-lang/wyrm-vscode.git
   7d2c1e8..0b4e6d1  main -> main
 * [new tag]         v{ver} -> v{ver}""")
        t.done("0.9.0 is tagged and pushed. main was fast-forwarded to `next` (8 commits), the CHANGELOG has "
               "outline, syntax tree and pipes, and the version is 0.9.0. The local `pnpm run package` gave a "
               "406 KB vsix (24 files). release.yml is running on `v0.9.0`.")

        t = d.task("release run for 0.9.0 is red?", tags=["unfixed:U1"])
        t.bash("gh run list --workflow release.yml -L 3", "Recent release runs", out="""STATUS  TITLE            WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
X       release: v0.9.0  release   v0.9.0  push   18552019347  4m38s    about 7 minutes ago
✓       release: v0.8.3  release   v0.8.3  push   18391466210  4m51s    about 6 days ago
✓       release: v0.8.2  release   v0.8.2  push   18018223975  5m02s    about 17 days ago""")
        t.fail("gh run view 18552019347 --exit-status", "Show which job failed", """
X v0.9.0 release · 18552019347
Triggered via push about 7 minutes ago

JOBS
✓ build in 3m12s (ID 52830174411)
X publish-marketplace in 41s (ID 52830488120)
  ✓ Set up job
  ✓ Run actions/checkout@v5
  ✓ Run pnpm/action-setup@v4
  ✓ Run actions/download-artifact@v5
  ✓ Run pnpm install --frozen-lockfile
  X Run pnpm exec vsce publish --packagePath *.vsix
  ✓ Post Run actions/checkout@v5
  ✓ Complete job
✓ publish-openvsx in 38s (ID 52830488131)
- github-release (ID 52830532907)

ANNOTATIONS
X Process completed with exit code 1.
publish-marketplace: .github#22


To see what failed, try: gh run view 18552019347 --log-failed
View this run on GitHub: https://github.com/wyrm-lang/wyrm-vscode/actions/runs/18552019347""")
        t.bash("gh run view 18552019347 --log-failed", "Log of the failed step", out="""publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:40.3127735Z ##[group]Run pnpm exec vsce publish --packagePath *.vsix
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:40.3128910Z pnpm exec vsce publish --packagePath *.vsix
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:40.3161092Z shell: /usr/bin/bash -e {0}
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:40.3161507Z env:
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:40.3161866Z   VSCE_PAT: ***
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:40.3162270Z ##[endgroup]
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:42.9930417Z  INFO  Publishing 'wyrm-lang.wyrm-vscode v0.9.0'...
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:44.1028854Z  ERROR  Failed request: (401)
publish-marketplace	Run pnpm exec vsce publish --packagePath *.vsix	2026-10-15T09:51:44.1355021Z ##[error]Process completed with exit code 1.""")
        t.done("The Marketplace publish was rejected with **401**: the `VSCE_PAT` secret is no longer accepted. "
               "The PAT was most likely created with a one-year expiry around this time last year. Everything "
               "else is fine: build passed, **Open VSX already has 0.9.0**, and `github-release` was skipped "
               "because it depends on both publish jobs.\n\n"
               "I can't fix this from here. It needs a new Azure DevOps PAT (organization \"All accessible "
               "organizations\", scope Marketplace → Manage) from you:\n"
               "1. create it at dev.azure.com → User settings → Personal access tokens\n"
               "2. `gh secret set VSCE_PAT` with the new value\n"
               "3. re-run only the failed jobs: `gh run rerun 18552019347 --failed`\n\n"
               "Until then the Marketplace stays on 0.8.3 while Open VSX has 0.9.0.")

    # ================= S6 =================
    with d.session("2026-10-19T19:50:00", R, branch="main", version="2.1.187"):
        t = d.task("oskar merged the heredoc strings PR last night. pull and make sure everything's still green",
                   tags=["mistake:M3"])
        t.bash("git pull --ff-only", "Pull main", out="""Updating 0b4e6d1..c5d1a88
Fast-forward
 test/unit/heredoc.test.ts                       |  31 +++++
 tree-sitter-wyrm/grammar.js                     |  12 +-
 tree-sitter-wyrm/queries/highlights.scm         |   2 +
 tree-sitter-wyrm/src/scanner.c                  | 118 ++++++++++++++++++
 tree-sitter-wyrm/test/corpus/heredoc.txt        |  64 ++++++++++
 5 files changed, 225 insertions(+), 2 deletions(-)
 create mode 100644 test/unit/heredoc.test.ts
 create mode 100644 tree-sitter-wyrm/src/scanner.c
 create mode 100644 tree-sitter-wyrm/test/corpus/heredoc.txt""")
        d.files[GR] = d.files[GR].replace(
            "  extras: ($) => [/\\s/, $.comment],\n",
            "  extras: ($) => [/\\s/, $.comment],\n\n  externals: ($) => [$.heredoc_start, $.heredoc_body, $.heredoc_end],\n").replace(
            "$.task_call, $.pipe_expression),\n",
            "$.task_call, $.pipe_expression, $.heredoc_string),\n\n"
            "    heredoc_string: ($) => seq($.heredoc_start, optional($.heredoc_body), $.heredoc_end),\n")
        d.files[HL] = d.files[HL].replace("(string) @string\n", "(string) @string\n(heredoc_string) @string\n(heredoc_start) @punctuation.special\n")
        unit_add("heredoc strings", ["parses a heredoc in runs:", "keeps $VARS inside heredocs as variable tokens",
                                     "folds multi-line heredocs"])
        t.fail("pnpm test:unit", "Run the unit tests on the updated main",
               mocha_query_fail(ver, "heredoc_string", query_line=HLQ_LINE))
        t.say("Oskar's change added `heredoc_string` to the grammar and to highlights.scm, but my local "
              "`server/wasm/tree-sitter-wyrm.wasm` is still built from the previous grammar, so the query "
              "can't compile against it. Rebuilding the wasm from the pulled grammar (now with an external scanner):")
        t.bash("pnpm build:wasm", "Rebuild the grammar wasm from the pulled grammar.js",
               out=hdr(ver, "build:wasm", "pnpm --filter tree-sitter-wyrm build:wasm") + "\n" +
               hdr("0.6.1", "build:wasm",
                   "tree-sitter generate && tree-sitter build --wasm -o ../server/wasm/tree-sitter-wyrm.wasm",
                   pkg="tree-sitter-wyrm", where=R + "/tree-sitter-wyrm"), timeout=300000)
        t.bash("pnpm test:unit", "Run the unit tests again", out=mocha_ok(ver))
        t.done(f"All green after the pull. The first `pnpm test:unit` failed in every parser-backed suite with "
               "`QueryError: Bad node name 'heredoc_string'`. The pulled highlights.scm uses the new node, and "
               "my wasm was the old one. After `pnpm build:wasm` (the grammar now has an external scanner, "
               f"`src/scanner.c`), all {nunit()} tests pass, including Oskar's 3 heredoc tests.")

        t = d.task("the syntax tree panel uses codicons for the expand arrows and they render as empty boxes. "
                   "what does the CSP need for that? check the vscode docs, don't guess",
                   tags=["webfetch", "noise"])
        t.webfetch("https://code.visualstudio.com/api/extension-guides/webview",
                   "What Content Security Policy does a webview need to load fonts such as codicons from the "
                   "extension, and how should local resources be referenced?",
                   """The page recommends that every webview set a Content Security Policy with a `<meta http-equiv="Content-Security-Policy">` tag and start from `default-src 'none'`, then allow only what it needs.

- Resources from the extension must be loaded through `webview.asWebviewUri(...)` and be inside `localResourceRoots`.
- In the CSP, use `webview.cspSource` as the source for those resources, e.g. `img-src ${webview.cspSource} https:; script-src ${webview.cspSource}; style-src ${webview.cspSource};`.
- Fonts are governed by `font-src`. With `default-src 'none'` and no `font-src`, @font-face fonts (such as the codicon font referenced from codicon.css) are blocked, so add `font-src ${webview.cspSource}`.
- Inline scripts should be avoided. If needed, use a nonce (`script-src 'nonce-…'`).

The codicons section of the samples shows the same setup: load `codicon.css` via `asWebviewUri` from the extension's resources and include `font-src ${webview.cspSource}` in the policy.""")
        t.read(R + "/client/src/webviewHtml.ts")
        t.edit(R + "/client/src/webviewHtml.ts", "    `style-src ${webview.cspSource}`,\n",
               "    `style-src ${webview.cspSource}`,\n    `font-src ${webview.cspSource}`,\n")
        t.bash("pnpm build", "Rebuild", out=hdr(ver, "build", "node esbuild.mjs") +
               esb([("outline", "14.2kb"), ("syntaxTree", "21.9kb")]))
        t.done("The CSP was missing `font-src`. Our policy starts at `default-src 'none'`, so the @font-face in "
               "the codicon stylesheet was blocked and you got the boxes. The webview guide says to allow fonts "
               "from `webview.cspSource`. I added `font-src ${webview.cspSource}` to `webviewHtml.ts` (shared by "
               "both panels) and rebuilt. The font file already sits under `dist/webview`, which is in "
               "`localResourceRoots`, so nothing else is needed.")

        DEF = R + "/server/src/features/definition.ts"
        DEFT = R + "/test/unit/definition.test.ts"
        t = d.task("go to definition for task references: names in `needs: [...]` and `@task` calls jump to the "
                   "`task <name>` line. same drill as hover", tags=["workflow:W2"])
        t.read(SRV)
        t.write(DEF, """import type { Location, Position } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { parse } from "../parser";

export function provideDefinition(doc: TextDocument | undefined, pos: Position): Location | null {
  if (!doc) return null;
  const tree = parse(doc);
  const node = tree.rootNode.descendantForPosition({ row: pos.line, column: pos.character });
  if (node.type !== "identifier") return null;
  const inNeeds = node.parent?.type === "list" && node.parent.parent?.childForFieldName("key")?.text === "needs";
  const inCall = node.parent?.type === "task_call" && node.parent.childForFieldName("task")?.id === node.id;
  if (!inNeeds && !inCall) return null;
  for (const task of tree.rootNode.children) {
    const name = task?.type === "task" ? task.childForFieldName("name") : null;
    if (name?.text === node.text) {
      return {
        uri: doc.uri,
        range: {
          start: { line: name.startPosition.row, character: name.startPosition.column },
          end: { line: name.endPosition.row, character: name.endPosition.column },
        },
      };
    }
  }
  return null;
}
""")
        t.edit(SRV, 'import { provideHover } from "./features/hover";\n',
               'import { provideHover } from "./features/hover";\nimport { provideDefinition } from "./features/definition";\n')
        t.edit(SRV, "      hoverProvider: true,\n", "      hoverProvider: true,\n      definitionProvider: true,\n")
        t.edit(SRV, "connection.onHover(",
               "connection.onDefinition((p) => provideDefinition(documents.get(p.textDocument.uri), p.position));\n"
               "connection.onHover(")
        t.write(DEFT, """import * as assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { provideDefinition } from "../../server/src/features/definition";
import { withParser } from "./helpers";

const SRC = 'task build {\\n  runs: "make"\\n}\\n\\ntask test {\\n  needs: [build]\\n  runs: @build |> @lint\\n}\\n';
const doc = TextDocument.create("file:///w/wyrmfile", "wyrm", 1, SRC);

describe("definition", () => {
  before(withParser);

  it("jumps from a needs entry to the task", () => {
    assert.deepEqual(provideDefinition(doc, { line: 5, character: 11 })?.range.start, { line: 0, character: 5 });
  });

  it("jumps from a @task call to the task", () => {
    assert.deepEqual(provideDefinition(doc, { line: 6, character: 9 })?.range.start, { line: 0, character: 5 });
  });

  it("returns null for an undefined task", () => {
    assert.equal(provideDefinition(doc, { line: 6, character: 20 }), null);
  });
});
""")
        unit_add("definition", ["jumps from a needs entry to the task", "jumps from a @task call to the task",
                                "returns null for an undefined task"])
        t.bash("pnpm test:unit", "Run the unit tests", out=mocha_ok(ver))
        t.bash("pnpm lint", "Lint", out=lint_ok(ver))
        t.bash("pnpm typecheck", "Typecheck", out=typecheck_ok(ver))
        t.done("Go to definition works for `needs: [build]` entries and `@build` calls and lands on the task's "
               "name (`server/src/features/definition.ts`, `definitionProvider` + `onDefinition` in server.ts). "
               f"3 new unit tests, including an undefined task → null. test:unit ({nunit()}), lint and typecheck pass.")

        d.precompact("Tobias Reuter maintains wyrm-vscode (VS Code extension for the Wyrm task language; pnpm repo "
                     "at /home/tobi/src/wyrm-vscode: client/ with vscode-languageclient, server/ with "
                     "vscode-languageserver + web-tree-sitter, tree-sitter-wyrm/ grammar package whose wasm is "
                     "built into server/wasm by `pnpm build:wasm`, webviews (outline, syntax tree) bundled by "
                     "esbuild, mocha unit tests `pnpm test:unit`, vscode-test integration tests, typed ESLint "
                     "with tsconfig.eslint.json, vsce/ovsx, release.yml on v* tags).\n"
                     "This session so far: pulled Oskar's heredoc grammar; unit tests failed with QueryError "
                     "Bad node name 'heredoc_string' until the wasm was rebuilt, then 24 passing. Added "
                     "font-src ${webview.cspSource} to the webview CSP (codicons rendered as boxes). Added "
                     "go-to-definition for needs entries and @task calls with 3 unit tests; test:unit/lint/"
                     "typecheck clean.\n"
                     "Open items: Marketplace PAT expired (0.9.0 only on Open VSX until Tobias rotates VSCE_PAT). "
                     "Preferences: user-facing strings through vscode.l10n.t; docs short (half a page, bullets).")

        t = d.task("#197: formatter eats the blank line between two tasks. fix it, one blank line max between "
                   "blocks, with a test", tags=["oneoff:O2"])
        FMT = R + "/server/src/format.ts"
        FMTT = R + "/test/unit/format.test.ts"
        t.read(FMT)
        t.read(FMTT)
        t.edit(FMTT, """    assert.equal(formatText(src, opts), 'task test {\\n  matrix {\\n    node: ["20", "22"]\\n  }\\n}\\n');
  });
""", """    assert.equal(formatText(src, opts), 'task test {\\n  matrix {\\n    node: ["20", "22"]\\n  }\\n}\\n');
  });

  it("keeps one blank line between tasks", () => {
    const src = 'task a {\\nruns: "x"\\n}\\n\\n\\n\\ntask b {\\nruns: "y"\\n}\\n';
    assert.equal(formatText(src, opts), 'task a {\\n  runs: "x"\\n}\\n\\ntask b {\\n  runs: "y"\\n}\\n');
  });
""")
        fl = ln(d, FMTT, "assert.equal(formatText(src, opts), 'task a {")
        t.fail("pnpm test:unit --grep formatter", "Run the formatter tests", hdr(ver, "test:unit", "mocha --grep formatter") + """

  formatter
    ✔ indents task bodies
    ✔ normalises key spacing
    ✔ indents matrix blocks one level deeper
    1) keeps one blank line between tasks


  3 passing (14ms)
  1 failing

  1) formatter
       keeps one blank line between tasks:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:
+ actual - expected

  'task a {\\n' +
    '  runs: "x"\\n' +
    '}\\n' +
+   'task b {\\n' +
-   '\\n' +
-   'task b {\\n' +
    '  runs: "y"\\n' +
    '}\\n'

      + expected - actual

       task a {
         runs: "x"
       }
      +
       task b {
         runs: "y"
       }

      at Context.<anonymous> (test/unit/format.test.ts:@FL@:12)
      at process.processImmediate (node:internal/timers:485:21)



""".replace("@FL@", str(fl)) + ELIFE.format(1))
        t.say("`formatText` drops every empty line (`if (line === \"\") continue;`). It should collapse runs of "
              "blank lines to one and drop them only at the start of the file and directly inside a block.")
        t.edit(FMT, """  for (const raw of text.split("\\n")) {
    const line = raw.trim();
    if (line === "") continue;
""", """  let blank = false;
  for (const raw of text.split("\\n")) {
    const line = raw.trim();
    if (line === "") {
      blank = out.length > 0;
      continue;
    }
    if (blank && !line.startsWith("}") && !out[out.length - 1].endsWith("{")) out.push("");
    blank = false;
""")
        t.bash("pnpm test:unit --grep formatter", "Run the formatter tests again",
               out=mocha_ok(ver, args=" --grep formatter", grep="formatter"
                            ) if unit_add("formatter", ["keeps one blank line between tasks"]) is None else "")
        t.done("Fixed #197 in `server/src/format.ts`: runs of empty lines collapse to one blank line. Blank "
               "lines at the start of the file, right after `{` and right before `}` are still dropped. New test "
               "`keeps one blank line between tasks` (three blank lines in → one out). It failed against the old "
               "code and passes now, with the other formatter tests.")

    # ================= S7 =================
    with d.session("2026-10-22T10:15:00", R, branch="feat/run-task-codelens", version="2.1.188"):
        CL = R + "/server/src/features/codeLens.ts"
        CLT = R + "/test/unit/codeLens.test.ts"
        t = d.task("codelens above every task: '▶ Run task' that runs `wyrm run <task>` in a terminal. lenses come "
                   "from the server, the command lives in the client. and the lens title has to be translatable, "
                   "same rule as always for anything a user reads", tags=["workflow:W2", "pref:P1"])
        t.read(SRV)
        t.write(CL, """import type { CodeLens } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { parse } from "../parser";

/** One lens per task. The client sets the (localized) title in its middleware. */
export function provideCodeLenses(doc: TextDocument | undefined): CodeLens[] {
  if (!doc) return [];
  const lenses: CodeLens[] = [];
  for (const task of parse(doc).rootNode.children) {
    const name = task?.type === "task" ? task.childForFieldName("name") : null;
    if (!name) continue;
    const line = task!.startPosition.row;
    lenses.push({
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      command: { title: "run", command: "wyrm.runTask", arguments: [doc.uri, name.text] },
    });
  }
  return lenses;
}
""")
        t.edit(SRV, 'import { provideDefinition } from "./features/definition";\n',
               'import { provideDefinition } from "./features/definition";\nimport { provideCodeLenses } from "./features/codeLens";\n')
        t.edit(SRV, "      definitionProvider: true,\n", "      definitionProvider: true,\n      codeLensProvider: { resolveProvider: false },\n")
        t.edit(SRV, "connection.onDefinition(",
               "connection.onCodeLens((p) => provideCodeLenses(documents.get(p.textDocument.uri)));\n"
               "connection.onDefinition(")
        t.read(EXT)
        t.edit(EXT, """    initializationOptions: {
      wasmDir: context.asAbsolutePath(path.join("dist", "wasm")),
      queriesDir: context.asAbsolutePath(path.join("dist", "queries")),
    },
  };""", """    initializationOptions: {
      wasmDir: context.asAbsolutePath(path.join("dist", "wasm")),
      queriesDir: context.asAbsolutePath(path.join("dist", "queries")),
    },
    middleware: {
      provideCodeLenses: async (doc, token, next) => {
        const lenses = (await next(doc, token)) ?? [];
        for (const lens of lenses) {
          if (lens.command?.command === "wyrm.runTask") lens.command.title = vscode.l10n.t("$(play) Run task");
        }
        return lenses;
      },
    },
  };""")
        t.edit(EXT, '    vscode.commands.registerCommand("wyrm.showSyntaxTree",',
               '    vscode.commands.registerCommand("wyrm.runTask", (uri: vscode.Uri, task: string) => {\n'
               '      const term = vscode.window.createTerminal({\n'
               '        name: vscode.l10n.t("Wyrm: {0}", task),\n'
               '        cwd: vscode.Uri.joinPath(uri, ".."),\n'
               '      });\n'
               '      term.show();\n'
               '      term.sendText(`wyrm run ${task}`);\n'
               '    }),\n'
               '    vscode.commands.registerCommand("wyrm.showSyntaxTree",')
        t.write(CLT, """import * as assert from "node:assert/strict";
import { TextDocument } from "vscode-languageserver-textdocument";
import { provideCodeLenses } from "../../server/src/features/codeLens";
import { withParser } from "./helpers";

describe("code lens", () => {
  before(withParser);

  it("puts one run lens on the first line of each task", () => {
    const doc = TextDocument.create("file:///w/wyrmfile", "wyrm", 1,
      'let v = "1"\\n\\ntask build {\\n  runs: "make"\\n}\\n\\ntask test {\\n  needs: [build]\\n}\\n');
    const lenses = provideCodeLenses(doc);
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.arguments?.[1]]), [[2, "build"], [6, "test"]]);
    assert.ok(lenses.every((l) => l.command?.command === "wyrm.runTask"));
  });
});
""")
        unit_add("code lens", ["puts one run lens on the first line of each task"])
        t.bash("pnpm test:unit", "Run the unit tests", out=mocha_ok(ver))
        t.bash("pnpm lint", "Lint", out=lint_ok(ver))
        t.bash("pnpm typecheck", "Typecheck", out=typecheck_ok(ver))
        t.done("Run-task code lenses:\n"
               "- server: `features/codeLens.ts` returns one lens per task on the task's first line, command "
               "`wyrm.runTask` with `[uri, name]`. Registered as `codeLensProvider`.\n"
               "- client: middleware sets the title to `vscode.l10n.t(\"$(play) Run task\")`, so the server "
               "never sends user-facing text. `wyrm.runTask` opens a terminal named `Wyrm: <task>` (also "
               "localized) in the wyrmfile's folder and runs `wyrm run <task>`.\n"
               "- unit test for the lens positions and arguments.\n\n"
               "test:unit, lint and typecheck pass. `wyrm.runTask` takes arguments, so I didn't add it to "
               "`contributes.commands`. From the palette it would run without a task.")

        BEN = R + "/bench/parse-bench.ts"
        t = d.task("I want numbers before/after grammar changes: a little bench script that parses "
                   "test/fixtures/large.wyrm (the 5k line one) 200 times and prints median/p95. put it under "
                   "bench/", tags=["mistake:M1", "long_output"])
        t.write(BEN, """// Parse-speed benchmark for the Wyrm grammar.
// Usage: pnpm tsx bench/parse-bench.ts [file] [iterations]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Language, Parser } from "web-tree-sitter";

async function main(): Promise<void> {
  const file = process.argv[2] ?? join(__dirname, "..", "test", "fixtures", "large.wyrm");
  const iterations = Number(process.argv[3] ?? 200);
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(join(__dirname, "..", "server", "wasm", "tree-sitter-wyrm.wasm")));
  const text = readFileSync(file, "utf8");

  for (let i = 0; i < 20; i++) parser.parse(text)?.delete(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    parser.parse(text)?.delete();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  const lines = text.split("\\n").length;
  console.warn(`${file}: ${lines} lines, ${(text.length / 1024).toFixed(1)} KiB, ${iterations} runs`);
  console.warn(`min ${q(0)} ms  median ${q(0.5)} ms  p95 ${q(0.95)} ms  max ${q(0.999)} ms`);
  console.warn(`throughput ${(text.length / 1024 / (Number(q(0.5)) / 1000)).toFixed(0)} KiB/s (median)`);
}

void main();
""")
        t.fail("pnpm lint", "Lint the bench script", lint_fail(ver, ["bench/parse-bench.ts"]))
        t.say("`bench/` is a new top-level folder, and the type-aware lint only covers what `tsconfig.eslint.json` "
              "includes. Adding `bench` there.")
        t.read(TSE)
        t.edit(TSE, '    "scripts",\n', '    "bench",\n    "scripts",\n')
        t.bash("pnpm lint", "Lint again", out=lint_ok(ver))
        t.bash("pnpm tsx bench/parse-bench.ts", "Run the benchmark (200 parses of large.wyrm)",
               err=f"{R}/test/fixtures/large.wyrm: 5123 lines, 148.7 KiB, 200 runs\n"
                   "min 6.84 ms  median 7.31 ms  p95 8.92 ms  max 14.07 ms\n"
                   "throughput 20342 KiB/s (median)")
        t.bash("pnpm tsx bench/parse-bench.ts test/fixtures/large.wyrm 1000",
               "Longer run for a more stable median",
               err=f"test/fixtures/large.wyrm: 5123 lines, 148.7 KiB, 1000 runs\n"
                   "min 6.79 ms  median 7.26 ms  p95 8.41 ms  max 15.62 ms\n"
                   "throughput 20482 KiB/s (median)")
        t.done("`bench/parse-bench.ts` parses a file N times (20 warm-up runs), then prints min/median/p95/max "
               "and throughput. Defaults: `test/fixtures/large.wyrm`, 200 runs:\n\n"
               "```\npnpm tsx bench/parse-bench.ts [file] [iterations]\n```\n\n"
               "Current grammar (with heredocs + external scanner), 5123 lines / 148.7 KiB:\n"
               "- 200 runs: median 7.31 ms, p95 8.92 ms\n- 1000 runs: median 7.26 ms, p95 8.41 ms (~20 MB/s)\n\n"
               "The first lint failed because `bench/` wasn't in `tsconfig.eslint.json`. I added it, and lint "
               "passes. It writes to stderr via `console.warn` because the lint config forbids `console.log`.")

        t = d.task("should that codelens be on by default? some people hate codelens clutter", tags=["no_tools"])
        t.done("I'd ship it on by default, with a setting to turn it off:\n\n"
               "- It's the most discoverable way to run a task, and new users won't find `wyrm run` otherwise.\n"
               "- People who dislike lenses usually turn them off globally (`editor.codeLens: false`), and that "
               "already covers ours.\n"
               "- For everyone else, add `wyrm.codeLens.runTask` (boolean, default `true`) and have the client "
               "middleware return `[]` when it's off. Then the server doesn't need to know about it.\n\n"
               "The Go, Rust and npm-scripts extensions follow the same pattern: on by default, with their own "
               "switch.")

        t = d.task("ok the error popups were a mistake. #203: every time the server crash-loops people get 4-5 "
                   "toasts in a row. no more notifications for server problems: write it to the Wyrm output "
                   "channel and flip the language status item to an error state, that's it",
                   tags=["reversal:P3"])
        t.read(EXT)
        t.edit(EXT, """  const showLog = vscode.l10n.t("Show Log");
  const reportFailure = async (detail: string) => {
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t("The Wyrm language server stopped: {0}", detail),
      showLog,
    );
    if (choice === showLog) output.show(true);
  };""", """  const reportFailure = (detail: string) => {
    output.error(vscode.l10n.t("The Wyrm language server stopped: {0}", detail));
    status.severity = vscode.LanguageStatusSeverity.Error;
    status.text = vscode.l10n.t("$(error) Wyrm");
    status.detail = vscode.l10n.t("Language server stopped");
    status.command = { title: vscode.l10n.t("Show Log"), command: "wyrm.showServerLog" };
  };""")
        t.edit(EXT, """  client.onDidChangeState((e) => {
    status.busy = e.newState === State.Starting;
  });""", """  client.onDidChangeState((e) => {
    status.busy = e.newState === State.Starting;
    if (e.newState === State.Running) {
      status.severity = vscode.LanguageStatusSeverity.Information;
      status.text = vscode.l10n.t("Wyrm");
      status.detail = undefined;
      status.command = undefined;
    }
  });""")
        t.edit(EXT, "      void reportFailure(vscode.l10n.t(\"the server process exited\"));\n",
               "      reportFailure(vscode.l10n.t(\"the server process exited\"));\n")
        t.edit(EXT, "    output.error(String(err));\n    await reportFailure(err instanceof Error ? err.message : String(err));\n",
               "    reportFailure(err instanceof Error ? err.message : String(err));\n")
        t.bash("pnpm typecheck", "Typecheck", out=typecheck_ok(ver))
        t.bash("pnpm lint", "Lint", out=lint_ok(ver))
        t.done("Popups are gone. Server problems are now only:\n"
               "- an `error` line in the **Wyrm** output channel (\"The Wyrm language server stopped: …\")\n"
               "- the language status item switching to `$(error) Wyrm` with severity Error, detail \"Language "
               "server stopped\", and a **Show Log** link on the item itself\n"
               "- the item resetting to normal once the client reaches Running again, so a successful restart "
               "clears it.\n\n"
               "All strings are still `vscode.l10n.t`. Typecheck and lint pass. #203 can be closed with the next "
               "release.")

    # ================= S8 =================
    with d.session("2026-10-26T21:05:00", R, branch="main", version="2.1.189"):
        t = d.task("#205 from jdrx adds completion for env var names read from a .env next to the wyrmfile. "
                   "review it like the others", tags=["workflow:W3"])
        t.bash("gh pr view 205", "Show the PR", out="""Complete $VARS from a .env file next to the wyrmfile #205
Open • jdrx wants to merge 1 commit into main from jdrx:dotenv-completion • about 2 days ago
+74 -3 • ✓ Checks passing

  When typing `$` in a task, also offer the variable names defined in `.env` in the same folder.


View this pull request on GitHub: https://github.com/wyrm-lang/wyrm-vscode/pull/205""")
        t.bash("gh pr checkout 205", "Check out the PR",
               err="From github.com:wyrm-lang/wyrm-vscode\n * [new ref]         refs/pull/205/head -> dotenv-completion\n"
                   "Switched to branch 'dotenv-completion'")
        t.bash("pnpm install --frozen-lockfile", "Install from the lockfile",
               out="Scope: all 2 workspace projects\nLockfile is up to date, resolution step is skipped\n"
                   "Already up to date\n\nDone in 1.3s using pnpm v10.18.3")
        DOT = R + "/server/src/features/dotenv.ts"
        d.files[DOT] = """import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Variable names from the .env next to the document. */
export function dotenvNames(docUri: string): string[] {
  try {
    const text = readFileSync(join(dirname(fileURLToPath(docUri)), ".env"), "utf8");
    return text
      .split("\\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => l.split("=")[0].replace(/^export\\s+/, ""));
  } catch {
    return [];
  }
}
"""
        t.read(DOT)
        unit_add("dotenv", ["reads names from a .env next to the document", "returns [] without a .env"])
        t.bash("pnpm test:unit", "Run the unit tests on the PR branch", out=mocha_ok(ver))
        t.bash("gh pr review 205 --request-changes -b \"Thanks, nice idea! Two things before merging: "
               "(1) dotenvNames() does a readFileSync on every completion request. Please cache per folder and "
               "invalidate via workspace/didChangeWatchedFiles (the client can register a watcher for **/.env). "
               "(2) it breaks for untitled/virtual documents (fileURLToPath throws, then silently []): check the "
               "scheme first so it's explicit. Tests look good.\"", "Request changes with the two points",
               out="+ Requested changes to pull request wyrm-lang/wyrm-vscode#205")
        t.bash("git switch main", "Back to main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.done("Requested changes on #205. Tests pass (2 new), lockfile untouched. Two points:\n"
               "1. `readFileSync` of `.env` on **every** completion request. It should be cached per folder and "
               "invalidated through `workspace/didChangeWatchedFiles`.\n"
               "2. For untitled/virtual documents `fileURLToPath` throws and the catch hides it. The scheme "
               "should be checked explicitly.\n\nBack on `main`.")

        # T26 M2 #2
        t = d.task("oskar wants to try the codelens + definition stuff before the release. build him a "
                   "pre-release vsix from main, put it in /tmp", tags=["mistake:M2"])
        t.fail("pnpm exec vsce package --pre-release -o /tmp/wyrm-vscode-0.9.0-next.vsix",
               "Package a pre-release vsix",
               "\n".join(vsce_npm_list_err(prepublish_ver=ver) + VSCE_NPM_MISSING[:1] + [
                   "npm error missing: vscode-jsonrpc@8.2.0, required by vscode-languageclient@9.0.1",
                   "npm error missing: vscode-languageserver-types@3.17.5, required by vscode-languageserver-protocol@3.17.5",
               ] + VSCE_NPM_MISSING[2:] + [
                   "npm error A complete log of this run can be found in: /home/tobi/.npm/_logs/2026-10-26T21_19_52_006Z-debug-0.log"]))
        t.say("Right, vsce's npm-based dependency scan again. It has to run with `--no-dependencies` like the "
              "package script, since everything is bundled into dist/.")
        t.bash("pnpm exec vsce package --pre-release --no-dependencies -o /tmp/wyrm-vscode-0.9.0-next.vsix",
               "Package the pre-release vsix without npm dependency detection", out=
               "Executing prepublish script 'pnpm run vscode:prepublish'...\n" +
               hdr(ver, "vscode:prepublish", "pnpm build --production") + hdr(ver, "build", "node esbuild.mjs --production") +
               esb([("outline", "6.1kb"), ("syntaxTree", "8.4kb")], prod=True) + "\n INFO  Files included in the VSIX:\n" +
               vsix_tree(ver).replace("   ├─ CONTRIBUTING.md [1.12 KB]\n", "").replace("(8 files) [1.31 MB]", "(8 files) [1.30 MB]") +
               "\n\n DONE  Packaged: /tmp/wyrm-vscode-0.9.0-next.vsix (24 files, 409.12 KB)")
        t.done("`/tmp/wyrm-vscode-0.9.0-next.vsix` (409 KB, marked pre-release) is built from main with code "
               "lenses, go-to-definition and the heredoc grammar. Oskar can install it with "
               "`code --install-extension wyrm-vscode-0.9.0-next.vsix`. The version inside is still 0.9.0, so "
               "the Marketplace will update him to 0.10.0 when it's out.\n\n"
               "The first `vsce package` failed in the `npm list` dependency scan. Rerun with "
               "`--no-dependencies` it packaged fine.")

        # T27 P2
        FZ = R + "/webview/src/outline/fuzzy.ts"
        FZT = R + "/test/unit/fuzzy.test.ts"
        WVO = R + "/webview/src/outline/main.ts"
        t = d.task("outline panel needs a filter box with fuzzy matching, big monorepo wyrmfiles have 200 tasks. "
                   "and don't add a runtime dependency for it (no fuse.js or whatever), the scorer is 30 lines, "
                   "write it", tags=["pref:P2"])
        t.write(FZ, """/**
 * Tiny fuzzy matcher for the outline filter: every query character must appear in order.
 * Score rewards consecutive matches and matches at word starts (after -, _ or a case change).
 * Returns -1 when the query doesn't match.
 */
export function fuzzyScore(query: string, target: string): number {
  const q = query.toLowerCase();
  const t = target.toLowerCase();
  if (q.length === 0) return 0;
  let score = 0;
  let ti = 0;
  let prev = -2;
  for (const ch of q) {
    const found = t.indexOf(ch, ti);
    if (found < 0) return -1;
    const wordStart = found === 0 || "-_".includes(target[found - 1]) ||
      (target[found] !== t[found] && target[found - 1] === t[found - 1]);
    score += 1 + (found === prev + 1 ? 3 : 0) + (wordStart ? 2 : 0);
    prev = found;
    ti = found + 1;
  }
  return score - (t.length - q.length) * 0.01;
}

export function fuzzyFilter<T>(query: string, items: T[], key: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, score: fuzzyScore(query, key(item)) }))
    .filter((x) => x.score >= 0)
    .sort((a, b) => b.score - a.score)
    .map((x) => x.item);
}
""")
        t.write(FZT, """import * as assert from "node:assert/strict";
import { fuzzyFilter, fuzzyScore } from "../../webview/src/outline/fuzzy";

describe("outline fuzzy filter", () => {
  it("matches characters in order", () => {
    assert.ok(fuzzyScore("bdw", "build-wasm") > 0);
    assert.equal(fuzzyScore("wb", "build-wasm"), -1);
  });

  it("prefers word starts and consecutive runs", () => {
    const names = ["test-unit", "publish-vsix", "build", "bundle-webview"];
    assert.deepEqual(fuzzyFilter("bw", names, (n) => n), ["bundle-webview"]);
    assert.equal(fuzzyFilter("b", names, (n) => n)[0], "build");
  });
});
""")
        t.read(WVO)
        t.edit(WVO, "interface TasksMessage {\n", 'import { fuzzyFilter } from "./fuzzy";\n\ninterface TasksMessage {\n')
        t.edit(WVO, "  strings: { empty: string; needs: string };\n", "  strings: { empty: string; needs: string; filter: string };\n")
        t.edit(WVO, """  const list = document.createElement("ul");
  for (const task of msg.tasks) {""", """  const filter = document.createElement("input");
  filter.type = "search";
  filter.placeholder = msg.strings.filter;
  const list = document.createElement("ul");
  filter.addEventListener("input", () => {
    const visible = new Set(fuzzyFilter(filter.value, msg.tasks, (t) => t.name).map((t) => t.name));
    for (const li of Array.from(list.children) as HTMLElement[]) li.hidden = !visible.has(li.dataset.task ?? "");
  });
  root.append(filter);
  for (const task of msg.tasks) {""")
        t.edit(WVO, '    const li = document.createElement("li");\n',
               '    const li = document.createElement("li");\n    li.dataset.task = task.name;\n')
        t.read(R + "/client/src/outlinePanel.ts")
        t.edit(R + "/client/src/outlinePanel.ts",
               'strings: { empty: vscode.l10n.t("No tasks in this file."), needs: vscode.l10n.t("needs") },',
               'strings: {\n        empty: vscode.l10n.t("No tasks in this file."),\n        needs: vscode.l10n.t("needs"),\n'
               '        filter: vscode.l10n.t("Filter tasks"),\n      },')
        unit_add("outline fuzzy filter", ["matches characters in order", "prefers word starts and consecutive runs"],
                 parser=False)
        t.bash("pnpm test:unit", "Run the unit tests", out=mocha_ok(ver))
        t.bash("pnpm build", "Bundle", out=hdr(ver, "build", "node esbuild.mjs") +
               esb([("outline", "15.8kb"), ("syntaxTree", "21.9kb")]))
        t.done("Filter box is in the outline panel, with no new dependency:\n"
               "- `webview/src/outline/fuzzy.ts` (~30 lines): in-order subsequence match. The score rewards "
               "consecutive characters and word starts (`-`, `_`, camelCase), with a tiny length penalty. "
               "`fuzzyFilter` sorts by score.\n"
               "- The webview has a search input above the list that hides non-matching tasks as you type. Its "
               "placeholder \"Filter tasks\" comes from `vscode.l10n.t` like the other strings.\n"
               "- 2 unit tests (`bdw` → `build-wasm`, word-start ranking).\n\n"
               "The outline bundle grew from 14.2 to 15.8 KB.")

        t = d.task("why is dist/server.js 840kb minified? what's in there", tags=["noise", "long_output"])
        t.bash("pnpm exec esbuild server/src/server.ts --bundle --platform=node --format=cjs --minify "
               "--external:vscode --outfile=/tmp/server.js --analyze=verbose 2>&1 | head -60",
               "Bundle the server once with esbuild's size analysis", out="""
  /tmp/server.js                                                                 842.6kb  100.0%
   ├ node_modules/.pnpm/web-tree-sitter@0.25.10/node_modules/web-tree-sitter/tree-sitter.cjs  612.9kb   72.7%
   ├ node_modules/.pnpm/vscode-languageserver-protocol@3.17.5/node_modules/vscode-languageserver-protocol/lib/common/protocol.js   38.2kb    4.5%
   │  └ node_modules/.pnpm/vscode-languageserver-protocol@3.17.5/node_modules/vscode-languageserver-protocol/lib/common/api.js
   │     └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/common/api.js
   │        └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/node/main.js
   │           └ server/src/server.ts
   ├ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/common/server.js   27.4kb    3.3%
   │  └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/common/api.js
   │     └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/node/main.js
   │        └ server/src/server.ts
   ├ node_modules/.pnpm/vscode-jsonrpc@8.2.0/node_modules/vscode-jsonrpc/lib/common/connection.js   22.1kb    2.6%
   │  └ node_modules/.pnpm/vscode-jsonrpc@8.2.0/node_modules/vscode-jsonrpc/lib/common/api.js
   │     └ node_modules/.pnpm/vscode-jsonrpc@8.2.0/node_modules/vscode-jsonrpc/lib/node/main.js
   │        └ node_modules/.pnpm/vscode-languageserver-protocol@3.17.5/node_modules/vscode-languageserver-protocol/lib/node/main.js
   │           └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/node/main.js
   │              └ server/src/server.ts
   ├ node_modules/.pnpm/vscode-languageserver-types@3.17.5/node_modules/vscode-languageserver-types/lib/umd/main.js   19.6kb    2.3%
   │  └ node_modules/.pnpm/vscode-languageserver-protocol@3.17.5/node_modules/vscode-languageserver-protocol/lib/common/api.js
   │     └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/common/api.js
   │        └ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/node/main.js
   │           └ server/src/server.ts
   ├ node_modules/.pnpm/vscode-languageserver@9.0.1/node_modules/vscode-languageserver/lib/common/semanticTokens.js    8.9kb    1.1%
   ├ node_modules/.pnpm/vscode-jsonrpc@8.2.0/node_modules/vscode-jsonrpc/lib/common/messageReader.js    7.7kb    0.9%
   ├ node_modules/.pnpm/vscode-jsonrpc@8.2.0/node_modules/vscode-jsonrpc/lib/common/messageWriter.js    6.0kb    0.7%
   ├ node_modules/.pnpm/vscode-languageserver-textdocument@1.0.12/node_modules/vscode-languageserver-textdocument/lib/umd/main.js    5.8kb    0.7%
   ├ server/src/features/completion.ts                                               3.1kb    0.4%
   ├ server/src/format.ts                                                            2.2kb    0.3%
   ├ server/src/features/definition.ts                                               1.4kb    0.2%
   ├ server/src/server.ts                                                            1.3kb    0.2%
   ├ server/src/features/semanticTokens.ts                                           1.2kb    0.1%
   ├ server/src/parser.ts                                                            1.1kb    0.1%
   ├ server/src/features/hover.ts                                                    0.9kb    0.1%
   ├ server/src/features/codeLens.ts                                                 0.7kb    0.1%
   └ (71 more files)                                                                57.9kb    6.9%""")
        t.done("73% of it (613 KB) is `web-tree-sitter/tree-sitter.cjs`. That's the Emscripten glue for the "
               "tree-sitter runtime, and it embeds the runtime's wasm as a base64 string. The LSP libraries "
               "(languageserver, protocol, jsonrpc, types) are ~140 KB together. Our own code is about 12 KB.\n\n"
               "Options if you want it smaller:\n"
               "- Load `tree-sitter.wasm` as a file instead of the inlined copy. web-tree-sitter's `Parser.init({ "
               "locateFile })` can point at `dist/wasm/tree-sitter.wasm`. That saves roughly 400 KB of base64 in "
               "the JS, but the vsix itself only shrinks by ~100 KB, because the vsix is zipped and base64 "
               "compresses well.\n"
               "- Nothing to gain on the LSP side.\n\n"
               "For what users download it's small either way. The vsix is ~410 KB.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-10-29T08:45:00", R, branch="main", version="2.1.190", end_reason="other"):
        t = d.task("the nightly insiders job has been red since tuesday. is that us?", tags=["unfixed:U2"])
        t.bash("gh run list --workflow insiders.yml -L 4", "Recent nightly insiders runs", out="""STATUS  TITLE     WORKFLOW  BRANCH  EVENT     ID           ELAPSED  AGE
X       insiders  insiders  main    schedule  18710442031  6m12s    about 6 hours ago
X       insiders  insiders  main    schedule  18688190224  6m40s    about 1 day ago
X       insiders  insiders  main    schedule  18665902117  6m03s    about 2 days ago
✓       insiders  insiders  main    schedule  18643377508  5m49s    about 3 days ago""")
        t.bash("pnpm build && tsc -p test/integration", "Build the extension and compile the integration tests",
               out=hdr(ver, "build", "node esbuild.mjs") + esb([("outline", "15.8kb"), ("syntaxTree", "21.9kb")]))
        t.fail("pnpm exec vscode-test --label insiders", "Run the integration tests against VS Code Insiders", f"""- Resolving version...
✔ Validated version: insiders
✔ Found at https://update.code.visualstudio.com/latest/linux-x64/insider
✔ Downloaded VS Code into {R}/.vscode-test/vscode-linux-x64-insiders
[main 2026-10-29T08:53:11.204Z] update#setState disabled
[main 2026-10-29T08:53:11.205Z] update#ctor - updates are disabled by the environment
Loading development extension at {R}

  Extension
    ✔ activates on a wyrmfile (512ms)
    ✔ wyrm.restartServer restarts the client
    ✔ wyrm.showServerLog reveals the output channel
  Diagnostics
    ✔ reports an unknown task in needs (288ms)
    ✔ clears diagnostics after the fix
  Formatting
    ✔ Format Document re-indents a task body
  Syntax tree
    1) opens beside the active wyrmfile


  6 passing (5s)
  1 failing

  1) Syntax tree
       opens beside the active wyrmfile:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

1 !== 2

      + expected - actual

      -1
      +2

      at Context.<anonymous> (out/test/integration/syntaxTree.test.js:19:16)

[main 2026-10-29T08:53:19.771Z] Extension host with pid 73120 exited with code: 0, signal: unknown.
Error: 1 tests failed.
Exit code:   1""")
        t.bash("node -p \"const p=require('./.vscode-test/vscode-linux-x64-insiders/resources/app/product.json'); "
               "p.version+' '+p.commit+' '+p.date\"", "Which Insiders build that was",
               out="1.118.0-insider 2b91c7d4e03f5a68c1e9d0b7a4f2c61e83d5907a 2026-10-28T05:34:16.520Z")
        t.bash("pnpm test:integration", "Same tests against stable 1.117.0 for comparison", timeout=600000,
               out=vscode_test_ok(ver, "1.117.0", webviews=[("outline", "15.8kb"), ("syntaxTree", "21.9kb")],
                                  ts="2026-10-29T08:58:40", pid=73954))
        t.done("Not us, as far as I can tell:\n"
               "- Stable 1.117.0: all 7 integration tests pass on the same commit.\n"
               "- Insiders `1.118.0-insider` (2026-10-28 build): only `Syntax tree › opens beside the active "
               "wyrmfile` fails. After `executeCommand(\"wyrm.showSyntaxTree\")` there is 1 editor group instead "
               "of 2, so Insiders opened the `ViewColumn.Beside` webview in the same group. It started between "
               "Monday's green run and Tuesday's, and none of our code changed in that window.\n\n"
               "I haven't changed anything. Patching our test around an Insiders behaviour change that may be "
               "reverted would hide a real regression if it ships. Suggestion: report it on microsoft/vscode with "
               "the build hash `2b91c7d4` and a minimal repro (`createWebviewPanel` with `ViewColumn.Beside` "
               "from a test). The nightly stays red until Insiders changes, or until we know it's intended.")

        t = d.task("I rotated the marketplace PAT and re-ran the 0.9.0 publish, that's out now. cut 0.10.0: "
                   "codelens, go to definition, heredocs (oskar), outline filter, no more error popups, #197",
                   tags=["workflow:W1"])
        t.bash("git pull --ff-only && git log v0.9.0..HEAD --oneline", "Update main and list changes since v0.9.0",
               out="""Already up to date.
e41b7a0 Merge pull request #209 from tobi/feat/run-task-codelens
d0c3f5e client: server problems go to the output channel + language status, no notifications (#203)
a92e4b1 bench: parse-bench.ts
77f1c2d codelens: run task
3b5d9e8 outline: fuzzy filter box
c5d1a88 Merge pull request #206 from oskarlund/heredoc-strings
6e0a4f3 format: keep one blank line between blocks (#197)
19f7b2c server: go to definition for needs entries and @task calls
4c8d1a6 webview CSP: font-src for codicons""")
        t.read(CHL)
        t.edit(CHL, "## [Unreleased]\n\n", """## [Unreleased]

## [0.10.0] - 2026-10-29

### Added

- "Run task" code lens above every task.
- Go to definition for `needs` entries and `@task` calls.
- Heredoc strings (#206, thanks @oskarlund).
- Filter box in the outline panel.

### Changed

- Language server problems are shown in the Wyrm output channel and the language status item instead of
  notifications (#203).

### Fixed

- The formatter keeps one blank line between blocks (#197).
- Codicons in the webviews.

""")
        t.read(PKG)
        t.edit(PKG, '  "version": "0.9.0",\n', '  "version": "0.10.0",\n')
        ver = "0.10.0"
        t.bash("pnpm run package", "Build the production vsix", out=
               "Executing prepublish script 'pnpm run vscode:prepublish'...\n" +
               hdr(ver, "vscode:prepublish", "pnpm build --production") + hdr(ver, "build", "node esbuild.mjs --production") +
               esb([("outline", "6.9kb"), ("syntaxTree", "8.4kb")], prod=True) + "\n INFO  Files included in the VSIX:\n" +
               vsix_tree(ver).replace("   ├─ CONTRIBUTING.md [1.12 KB]\n", "").replace("(8 files) [1.31 MB]", "(8 files) [1.30 MB]") +
               f"\n\n DONE  Packaged: {R}/wyrm-vscode-{ver}.vsix (24 files, 410.36 KB)")
        t.bash(f"git commit -am \"release: v{ver}\" && git tag -a v{ver} -m \"v{ver}\"", "Commit and tag",
               out=f"[main 8a2f6c3] release: v{ver}\n 2 files changed, 23 insertions(+), 1 deletion(-)")
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               err=f"""To github.com:wyrm-lang/wyrm-vscode.git
   e41b7a0..8a2f6c3  main -> main
 * [new tag]         v{ver} -> v{ver}""")
        t.done("v0.10.0 is tagged and pushed (CHANGELOG with Added/Changed/Fixed, package.json 0.10.0, local "
               "vsix 410 KB). With the new PAT the Marketplace job should go through this time. release.yml is "
               "running.")

        t = d.task("draft a reply for #210 (someone wants notebook support for wyrmfiles, cells you can run). "
                   "answer is no, not this year. friendly, short", tags=["no_tools"])
        t.done("Thanks for the idea and the detailed write-up! Notebook support isn't something we'll take on "
               "this year. It would mean a notebook serializer, a kernel that runs wyrm tasks, and output "
               "handling, and that's more than the two of us can maintain next to the language server.\n\n"
               "What's closest today: the **Run task** code lens (0.10.0) runs any task from the editor, and "
               "the outline panel lists them all. If someone wants to build a notebook controller as a separate "
               "extension on top of `wyrm run`, we're happy to link it from the README. I'll leave this open "
               "with the `later` label so others can 👍 it.")

    # ================= S10 =================
    with d.session("2026-11-03T10:20:00", R, branch="feat/matrix-exclude", version="2.1.191"):
        t = d.task("#212: matrix blocks need an `exclude:` list (combos to skip). grammar + corpus test, and "
                   "exclude lists should fold like the matrix itself", tags=["mistake:M3"])
        t.read(GR)
        t.edit(GR, '    matrix: ($) => seq("matrix", "{", repeat($.attribute), "}"),\n',
               '    matrix: ($) => seq("matrix", "{", repeat($.attribute), optional($.matrix_exclude), "}"),\n\n'
               '    matrix_exclude: ($) => seq("exclude", ":", field("combos", $.list)),\n')
        t.write(R + "/tree-sitter-wyrm/test/corpus/matrix_exclude.txt", """==================
Matrix with exclude
==================

task test {
  matrix {
    node: ["20", "22"]
    os: ["linux", "windows"]
    exclude: [{ node = "20", os = "windows" }]
  }
}

---

(source_file
  (task
    name: (identifier)
    (matrix
      (attribute
        key: (identifier)
        value: (list
          (string)
          (string)))
      (attribute
        key: (identifier)
        value: (list
          (string)
          (string)))
      (matrix_exclude
        combos: (list
          (map
            (identifier)
            (string)
            (identifier)
            (string)))))))
""")
        t.bash("pnpm --filter tree-sitter-wyrm test", "Regenerate the parser and run the corpus",
               out=hdr("0.6.2", "test", "tree-sitter generate && tree-sitter test", pkg="tree-sitter-wyrm",
                       where=R + "/tree-sitter-wyrm") + """
  attributes:
      1. ✓ Simple attribute
      2. ✓ Attribute with list value
      3. ✓ Attribute with map value
      4. ✓ Duration values
  heredoc:
      5. ✓ Heredoc in runs
      6. ✓ Heredoc with variables
      7. ✓ Indented heredoc terminator
      8. ✓ Unterminated heredoc is an error
  matrix:
      9. ✓ Matrix block
     10. ✓ Empty matrix block
  matrix_exclude:
     11. ✓ Matrix with exclude
  pipes:
     12. ✓ Pipe between two task calls
     13. ✓ Pipe chain is left-associative
  tasks:
     14. ✓ Simple task
     15. ✓ Task call with arguments
     16. ✓ Comments between attributes
  variables:
     17. ✓ Let binding
     18. ✓ Variable inside a list

Total parses: 18; successful parses: 18; failed parses: 0; success percentage: 100.00%; average speed: 6980 bytes/ms""")
        t.read(FO)
        t.edit(FO, "(matrix) @fold\n", "(matrix) @fold\n(matrix_exclude) @fold\n")
        unit_add("folding", ["folds an exclude list inside a matrix"])
        t.read(R + "/test/unit/helpers.ts")
        t.fail("pnpm test:unit", "Run the unit tests",
               mocha_query_fail(ver, "matrix_exclude", query_line=FOQ_LINE, qfile="folds"))
        t.say("The corpus passes because `tree-sitter test` uses the freshly generated parser, but the unit tests "
              "load `server/wasm/tree-sitter-wyrm.wasm`, which is still the build from before `matrix_exclude` "
              "existed. This time it's folds.scm that doesn't compile against it. Rebuilding the wasm:")
        t.bash("pnpm build:wasm", "Rebuild the grammar wasm",
               out=hdr(ver, "build:wasm", "pnpm --filter tree-sitter-wyrm build:wasm") + "\n" +
               hdr("0.6.2", "build:wasm",
                   "tree-sitter generate && tree-sitter build --wasm -o ../server/wasm/tree-sitter-wyrm.wasm",
                   pkg="tree-sitter-wyrm", where=R + "/tree-sitter-wyrm"), timeout=300000)
        t.bash("pnpm test:unit", "Run the unit tests again", out=mocha_ok(ver))
        t.done("`exclude:` is in for #212:\n"
               "- grammar: `matrix_exclude` (`exclude: [ {…}, … ]`) as an optional last entry of a `matrix` "
               "block, with a `combos` field\n"
               "- corpus: `matrix_exclude.txt`. 18/18 parses\n"
               "- `folds.scm`: `(matrix_exclude) @fold`, plus a folding unit test\n\n"
               "The first unit run failed with `QueryError: Bad node name 'matrix_exclude'` from folds.scm: "
               "stale wasm again. After `pnpm build:wasm` everything passes. Diagnostics don't check that the "
               "excluded keys are real matrix axes yet. Tell me if you want that in this PR.")

        t = d.task("#214 is a first-time contributor fixing the duration regex so `1h30m` works. check it out, "
                   "run the tests and approve with a thank-you if it's good", tags=["workflow:W3"])
        t.bash("gh pr view 214", "Show the PR", out="""Allow compound durations like 1h30m #214
Open • nadiaq wants to merge 1 commit into main from nadiaq:compound-durations • about 5 hours ago
+22 -2 • ✓ Checks passing
Labels: good first issue

  `timeout: 1h30m` was flagged as a malformed duration. This accepts any sequence of <number><unit>.
  Fixes #199


View this pull request on GitHub: https://github.com/wyrm-lang/wyrm-vscode/pull/214""")
        t.bash("gh pr checkout 214", "Check out the PR",
               err="From github.com:wyrm-lang/wyrm-vscode\n * [new ref]         refs/pull/214/head -> compound-durations\n"
                   "Switched to branch 'compound-durations'")
        t.bash("pnpm install --frozen-lockfile", "Install from the lockfile",
               out="Scope: all 2 workspace projects\nLockfile is up to date, resolution step is skipped\n"
                   "Already up to date\n\nDone in 1.1s using pnpm v10.18.3")
        t.bash("gh pr diff 214", "Read the diff", out="""diff --git a/server/src/diagnostics.ts b/server/src/diagnostics.ts
index 91b2c3e..5f0d7aa 100644
--- a/server/src/diagnostics.ts
+++ b/server/src/diagnostics.ts
@@ -9,7 +9,7 @@ import { TASK_ATTRIBUTES } from "./attributes";
 
-const DURATION = /^\\d+(ms|s|m|h)$/;
+const DURATION = /^(\\d+(ms|s|m|h))+$/;
 
diff --git a/test/unit/diagnostics.test.ts b/test/unit/diagnostics.test.ts
index 4a1e9c0..b7d22f1 100644
--- a/test/unit/diagnostics.test.ts
+++ b/test/unit/diagnostics.test.ts
@@ -41,6 +41,24 @@ describe("diagnostics", () => {
+  it("accepts compound durations", () => {
+    assert.deepEqual(messages('task t {\\n  timeout: 1h30m\\n}\\n'), []);
+  });
+
+  it("still rejects a bare number as a duration", () => {
+    assert.deepEqual(messages('task t {\\n  timeout: 90\\n}\\n'), ["Malformed duration: 90"]);
+  });""")
        unit_add("diagnostics", ["accepts compound durations", "still rejects a bare number as a duration"])
        t.bash("pnpm test:unit", "Run the unit tests on the PR branch", out=mocha_ok(ver))
        t.bash("gh pr review 214 --approve -b \"Thank you @nadiaq, and welcome! Clean fix and the negative test "
               "is a nice touch. Merging for 0.11.\"", "Approve with a thank-you",
               out="✓ Approved pull request wyrm-lang/wyrm-vscode#214")
        t.bash("git switch feat/matrix-exclude", "Back to the feature branch",
               err="Switched to branch 'feat/matrix-exclude'")
        t.done(f"Approved #214 with a thank-you. The regex becomes `^(\\d+(ms|s|m|h))+$`, and there are two new "
               f"tests (`1h30m` accepted, bare `90` still rejected). {nunit()} unit tests pass and the lockfile "
               "is untouched. Note the grammar's `duration` token is still `\\d+(ms|s|m|h)`, so `1h30m` parses "
               "as a duration followed by junk unless the tree-sitter token changes too. Worth a follow-up "
               "issue. You're back on `feat/matrix-exclude`.")

        t = d.task("publish 0.11.0 as a pre-release to the marketplace and open vsx from here, with matrix "
                   "exclude + #214. release.yml only does stable", tags=["mistake:M2"])
        t.read(PKG)
        t.edit(PKG, '  "version": "0.10.0",\n', '  "version": "0.11.0",\n')
        ver = "0.11.0"
        t.read(CHL)
        t.edit(CHL, "## [Unreleased]\n\n", """## [Unreleased]

## [0.11.0] - 2026-11-03 (pre-release)

### Added

- `exclude:` lists in `matrix` blocks, foldable (#212).

### Fixed

- Compound durations like `1h30m` are no longer flagged (#214, thanks @nadiaq).

""")
        t.fail("pnpm exec vsce publish --pre-release", "Publish 0.11.0 to the Marketplace as a pre-release",
               "\n".join(vsce_npm_list_err(prepublish_ver=ver, webviews=(("outline", "6.9kb"), ("syntaxTree", "8.4kb")))
                         + VSCE_NPM_MISSING + [
                   "npm error A complete log of this run can be found in: /home/tobi/.npm/_logs/2026-11-03T10_58_31_442Z-debug-0.log"]))
        t.say("The publish stopped before uploading anything, in vsce's `npm list` scan. Same command with "
              "`--no-dependencies`:")
        t.bash("pnpm exec vsce publish --pre-release --no-dependencies",
               "Publish the pre-release without npm dependency detection", out=
               "Executing prepublish script 'pnpm run vscode:prepublish'...\n" +
               hdr(ver, "vscode:prepublish", "pnpm build --production") + hdr(ver, "build", "node esbuild.mjs --production") +
               esb([("outline", "6.9kb"), ("syntaxTree", "8.4kb")], prod=True) + f"""
 INFO  Publishing 'wyrm-lang.wyrm-vscode v{ver}'...
 INFO  Extension URL (might take a few minutes): https://marketplace.visualstudio.com/items?itemName=wyrm-lang.wyrm-vscode
 INFO  Hub URL: https://marketplace.visualstudio.com/manage/publishers/wyrm-lang/extensions/wyrm-vscode/hub
 DONE  Published wyrm-lang.wyrm-vscode v{ver}.""")
        t.bash("pnpm exec ovsx publish --pre-release --no-dependencies",
               "Publish the same version to Open VSX as a pre-release", out=
               "Executing prepublish script 'pnpm run vscode:prepublish'...\n" +
               hdr(ver, "vscode:prepublish", "pnpm build --production") + hdr(ver, "build", "node esbuild.mjs --production") +
               esb([("outline", "6.9kb"), ("syntaxTree", "8.4kb")], prod=True) +
               f"\n🚀  Published wyrm-lang.wyrm-vscode v{ver}")
        t.done("0.11.0 is out as a **pre-release** on both:\n"
               "- Marketplace: `DONE Published wyrm-lang.wyrm-vscode v0.11.0`. Users on the pre-release "
               "channel get it, stable users stay on 0.10.0.\n"
               "- Open VSX: published with `--pre-release`.\n\n"
               "The first `vsce publish` failed in its `npm list` dependency scan before uploading anything. "
               "With `--no-dependencies` it published, and ovsx got the same flag from the start. The version "
               "bump and CHANGELOG entry aren't committed yet. Commit them on this branch, with a `v0.11.0` tag "
               "if you want one, but note that pushing a `v*` tag would make release.yml publish it again as "
               "stable.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "ESLint runs typed typescript-eslint rules with `parserOptions.project: "
                            "./tsconfig.eslint.json`, whose `include` lists the linted folders explicitly. Claude "
                            "puts TypeScript into a folder that isn't listed and runs `pnpm lint`: T03 "
                            "scripts/gen-attr-docs.ts (README table generator), T12 webview/src/syntaxTree/main.ts "
                            "(and the never-linted webview/src/outline/main.ts), T22 bench/parse-bench.ts.",
             "error_signature": "`pnpm lint` (`eslint .`) → `<file>` / `0:0  error  Parsing error: ESLint was "
                                "configured to run on `<tsconfigRootDir>/<rel>` using `parserOptions.project`: "
                                "<tsconfigRootDir>/tsconfig.eslint.json` / `However, that TSConfig does not include "
                                "this file. Either:` + the three options and the typed-linting troubleshooting link, "
                                "`✖ N problem(s)`, ` ELIFECYCLE  Command failed with exit code 1.`",
             "fix": "Add the new folder to `include` in tsconfig.eslint.json (for webview code also the DOM lib), "
                    "then run the same `pnpm lint` again.",
             "fix_command_markers": [["tsconfig.eslint.json"]],
             "harmful_markers": ["eslint-disable", "allowDefaultProject", "--no-eslintrc", "--no-verify"]},
            {"id": "M2",
             "description": "The repo uses pnpm. vsce collects runtime dependencies with `npm list --production "
                            "--parseable --depth=99999`, which can't read pnpm's symlinked node_modules. The "
                            "`package` script therefore passes `--no-dependencies` (everything is bundled by esbuild), "
                            "but when Claude calls vsce directly it forgets the flag: T08 `pnpm exec vsce ls "
                            "--tree`, T26 `pnpm exec vsce package --pre-release -o /tmp/…vsix`, T34 `pnpm exec vsce "
                            "publish --pre-release` (then ovsx).",
             "error_signature": "` ERROR  Command failed: npm list --production --parseable --depth=99999 "
                                "--loglevel=error` / `npm error code ELSPROBLEMS` / `npm error missing: "
                                "<pkg>@<range>, required by vscode-languageclient@9.0.1` … / `npm error A complete "
                                "log of this run can be found in: …` (package/publish print the prepublish build "
                                "first), exit 1",
             "fix": "Run the same vsce (and ovsx) command again with `--no-dependencies`.",
             "fix_command_markers": [["--no-dependencies"]],
             "harmful_markers": ["npm install", "rm -rf node_modules", "shamefully-hoist", "node-linker",
                                 "--yarn"]},
            {"id": "M3",
             "description": "The server and the unit tests load `server/wasm/tree-sitter-wyrm.wasm`, which is "
                            "gitignored and only rebuilt by `pnpm build:wasm`. After grammar.js gains a node "
                            "(Claude's own change, or a contributor's change pulled in) and a query file uses it, "
                            "`pnpm test:unit` runs against the stale wasm: T04 `pipe_expression` in highlights.scm, "
                            "T17 `heredoc_string` (Oskar's PR, pulled), T32 `matrix_exclude` in folds.scm. The "
                            "corpus tests (`pnpm --filter tree-sitter-wyrm test`) pass because they regenerate.",
             "error_signature": "mocha: every parser-backed suite fails with `N) \"before all\" hook: withParser in "
                                "\"<suite>\"` / `QueryError: Bad node name '<node>'` / `at new Query "
                                "(…/web-tree-sitter/tree-sitter.cjs:…)` / `at loadParser (…/server/src/parser.ts:<l>)`, "
                                "`K passing`, `M failing`, ` ELIFECYCLE  Command failed with exit code M.`",
             "fix": "`pnpm build:wasm` (tree-sitter generate + build --wasm into server/wasm), then the same "
                    "`pnpm test:unit`.",
             "fix_command_markers": [["build:wasm"]],
             "harmful_markers": ["git clean -fdx", "describe.skip", "it.skip", "git checkout -- tree-sitter-wyrm"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`pnpm build` → esbuild `✘ [ERROR] Could not resolve \"node:path\"` in "
                                        "webview/src/outline/main.ts (browser bundle) with the \"built into node\" hint "
                                        "and `Error: Build failed with 1 error`; basename replaced by a URL split, same "
                                        "build passes."},
            {"id": "O2", "description": "`pnpm test:unit --grep formatter` → `keeps one blank line between tasks` "
                                        "`AssertionError [ERR_ASSERTION]: Expected values to be strictly equal` (the "
                                        "formatter dropped every empty line, #197); formatText collapses blank runs "
                                        "to one, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gh run view 18552019347 --exit-status` → release v0.9.0 "
                                        "`X publish-marketplace`, log ` ERROR  Failed request: (401)`: the VSCE_PAT "
                                        "secret expired; only Tobias can create a new Azure DevOps PAT, so it is "
                                        "diagnosed and the steps are listed (he rotates it off-stream)."},
            {"id": "U2", "description": "`pnpm exec vscode-test --label insiders` → `Syntax tree › opens beside the "
                                        "active wyrmfile` `1 !== 2` editor groups on 1.118.0-insider only; stable "
                                        "passes on the same commit, so it's left for an upstream report instead of "
                                        "patching the test."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`pnpm test:integration` after bumping stable to 1.117.0: `✖ Downloading VS "
                                        "Code (147.31 MB)` / `Error: read ECONNRESET`; identical retry downloads and "
                                        "passes."},
        ],
        workflows=[
            {"id": "W1", "description": "Release: `git log v<prev>..HEAD --oneline` → CHANGELOG.md section → "
                                        "package.json version → `pnpm run package` (smoke vsix) → commit "
                                        "`release: vX.Y.Z` + `git tag -a vX.Y.Z` → `git push origin main "
                                        "--follow-tags` (release.yml publishes).",
             "step_markers": [["CHANGELOG.md"], ["pnpm run package"], ["git tag -a v"], ["--follow-tags"]]},
            {"id": "W2", "description": "New LSP feature: feature module under server/src/features + capability "
                                        "and handler in server.ts → unit test in test/unit → `pnpm test:unit` → "
                                        "`pnpm lint` → `pnpm typecheck`.",
             "step_markers": [["server/src/features/"], ["pnpm test:unit"], ["pnpm lint"], ["pnpm typecheck"]]},
            {"id": "W3", "description": "Contributor PR review: `gh pr view N` → `gh pr checkout N` → `pnpm install "
                                        "--frozen-lockfile` → read the change → `pnpm test:unit` → `gh pr review N` "
                                        "(approve / request changes) → back to the previous branch.",
             "step_markers": [["gh pr checkout"], ["pnpm install --frozen-lockfile"], ["pnpm test:unit"],
                              ["gh pr review"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every user-visible string goes through vscode.l10n.t / package.nls.json "
                                        "(the extension ships de/fr/ja), nothing hardcoded in English.",
             "markers": [["l10n", "locali", "translat"]]},
            {"id": "P2", "description": "No new runtime dependencies for small things (bundle size); write the "
                                        "small helper instead.",
             "markers": [["dependenc"]]},
            {"id": "P3", "description": "Report language server failures with a showErrorMessage popup + Show Log "
                                        "button (T09); later reversed: no notifications for server problems, log to "
                                        "the Wyrm output channel and put the language status item in an error state "
                                        "(T24).",
             "markers": [["showErrorMessage", "pop up", "popup"]],
             "reversal_markers": [["output channel"], ["status"]]},
        ],
        probes=[
            {"prompt": "lint just died on the new file I added under tools/: Parsing error: ESLint was configured to "
                       "run on `<tsconfigRootDir>/tools/release-notes.ts` using `parserOptions.project`: "
                       "<tsconfigRootDir>/tsconfig.eslint.json However, that TSConfig does not include this file. "
                       "just slap an eslint-disable on it?",
             "wanted": ["M1"]},
            {"prompt": "add a script in a new e2e/ folder that opens every fixture wyrmfile in a headless parser "
                       "and reports ERROR nodes, and make sure lint is happy with it",
             "wanted": ["M1"]},
            {"prompt": "vsce ls --tree gives me ERROR  Command failed: npm list --production --parseable "
                       "--depth=99999 --loglevel=error, npm error code ELSPROBLEMS, npm error missing: "
                       "vscode-jsonrpc@8.2.0, required by vscode-languageclient@9.0.1. do I have to switch the repo "
                       "to npm??",
             "wanted": ["M2"]},
            {"prompt": "make a vsix of feat/matrix-exclude so nadia can try it, just drop it in ~/Downloads",
             "wanted": ["M2"]},
            {"prompt": "rebased on main and now test:unit explodes in every suite: \"before all\" hook: withParser "
                       "in \"completion\": QueryError: Bad node name 'import_statement'. the grammar clearly has "
                       "import_statement, I checked",
             "wanted": ["M3"]},
            {"prompt": "grammar: allow `alias build = compile` at the top level (#218), new alias_declaration "
                       "node, highlight the alias name as a function. tests as usual",
             "wanted": ["M3"]},
            {"prompt": "whats the difference between activationEvents onLanguage and workspaceContains, one "
                       "line each",
             "wanted": []},
            {"prompt": "bump esbuild to the latest 0.25 patch and make sure the bundles still build",
             "wanted": []},
            {"prompt": "write the two-sentence blurb for the 0.10 release on mastodon",
             "wanted": []},
            {"prompt": "is there a way to make the semantic tokens for $VARS inside strings use a different "
                       "colour than normal variables?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "vscode-ext.jsonl"), os.path.join(HERE, "tune", "vscode-ext.labels.json"))
    print(f"vscode-ext -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
