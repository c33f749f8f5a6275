"""electron-app: Maya Lindqvist, desktop developer on Inkwell, a local-first Markdown notes app.

Stack: Electron 33 + TypeScript + React (electron-vite), better-sqlite3 (native module, rebuilt for Electron
by the postinstall `electron-builder install-app-deps`, so unit tests run through `npm test`, which starts
Vitest under Electron's Node), Playwright end-to-end tests against the packaged app (`npm run pack`),
electron-builder (macOS dmg/zip signed + notarized, Windows NSIS, Linux AppImage), electron-updater with
a GitHub Releases feed, npm, GitHub Actions + gh. macOS 15, cwd /Users/maya/code/inkwell.

Written blind for fresh/; measured once held out (round 11), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "maya"
R = "/Users/maya/code/inkwell"
MODEL = "claude-opus-4-6"
APP_EXE = R + "/dist/mac-arm64/Inkwell.app/Contents/MacOS/Inkwell"

# own RNG for hashes / ids / pids so the Dev RNG stays untouched
HX = random.Random(20261005)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def uuid4():
    h = hx(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"


def P(rel):
    return f"{R}/{rel}"


def npm_hdr(script, cmd, ver):
    return f"\n> inkwell@{ver} {script}\n> {cmd}\n"


SCRIPTS = {
    "typecheck": "tsc --noEmit -p tsconfig.node.json --composite false && tsc --noEmit -p tsconfig.web.json --composite false",
    "lint": "eslint --cache .",
    "test": "ELECTRON_RUN_AS_NODE=1 electron ./node_modules/vitest/vitest.mjs run",
    "pack": "electron-vite build && electron-builder --dir -c.mac.identity=null",
    "e2e": "npm run pack && playwright test",
    "dist:mac": "electron-vite build && electron-builder --mac",
}


def typecheck_ok(ver):
    return npm_hdr("typecheck", SCRIPTS["typecheck"], ver)


def lint_ok(ver):
    return npm_hdr("lint", SCRIPTS["lint"], ver)


def vitest_ok(ver, files, start, dur, extra=""):
    """files: list of (path, ntests, ms)"""
    L = [npm_hdr("test", SCRIPTS["test"] + extra, ver), "", f" RUN  v2.1.4 {R}", ""]
    for p, n, ms in files:
        L.append(f" \u2713 {p} ({n} test{'s' if n != 1 else ''}) {ms}ms")
    nf = len(files)
    nt = sum(f[1] for f in files)
    L += ["", f" Test Files  {nf} passed ({nf})", f"      Tests  {nt} passed ({nt})", f"   Start at  {start}",
          f"   Duration  {dur}"]
    return "\n".join(L)


UNIT_FILES_BASE = [
    ("src/main/db/notes-repo.test.ts", 3, 41),
    ("src/main/db/migrations.test.ts", 5, 23),
    ("src/main/search/fts.test.ts", 9, 37),
    ("src/main/updater.test.ts", 6, 12),
    ("src/renderer/src/lib/markdown.test.ts", 11, 19),
    ("src/renderer/src/lib/shortcuts.test.ts", 7, 6),
    ("src/renderer/src/components/NoteList.test.tsx", 8, 162),
    ("src/renderer/src/components/Editor.test.tsx", 10, 231),
    ("src/renderer/src/store/notes-store.test.ts", 9, 14),
]


def vite_build(main_kb="61.42", rend_js="948.12", rend_gz="293.40", css="27.30", n_main=48, n_rend=1912,
               jshash="Bq7tYw3e", csshash="D9x2kq1L", secs="5.12"):
    return "\n".join([
        "vite v5.4.10 building SSR bundle for production...",
        "transforming...",
        f"\u2713 {n_main} modules transformed.",
        "rendering chunks...",
        f"out/main/index.js  {main_kb} kB",
        "\u2713 built in 412ms",
        "vite v5.4.10 building SSR bundle for production...",
        "transforming...",
        "\u2713 2 modules transformed.",
        "rendering chunks...",
        "out/preload/index.js  2.14 kB",
        "\u2713 built in 15ms",
        "vite v5.4.10 building for production...",
        "transforming...",
        f"\u2713 {n_rend} modules transformed.",
        "rendering chunks...",
        "computing gzip size...",
        "../../out/renderer/index.html                   0.64 kB \u2502 gzip:   0.38 kB",
        f"../../out/renderer/assets/index-{csshash}.css   {css} kB \u2502 gzip:   5.61 kB",
        f"../../out/renderer/assets/index-{jshash}.js   {rend_js} kB \u2502 gzip: {rend_gz} kB",
        f"\u2713 built in {secs}s",
    ])


def eb_head(electron, arch="arm64"):
    return "\n".join([
        "  \u2022 electron-builder  version=25.1.8 os=24.6.0",
        f"  \u2022 loaded configuration  file={R}/electron-builder.yml",
        f"  \u2022 executing @electron/rebuild  electronVersion={electron} arch={arch} buildFromSource=false appDir=./",
        f"  \u2022 installing native dependencies  arch={arch}",
        "  \u2022 completed installing native dependencies",
    ])


def pack_out(ver, electron, **kw):
    return "\n".join([
        npm_hdr("pack", SCRIPTS["pack"], ver),
        vite_build(**kw),
        eb_head(electron),
        f"  \u2022 packaging       platform=darwin arch=arm64 electron={electron} appOutDir=dist/mac-arm64",
        "  \u2022 skipped macOS application code signing  reason=identity explicitly is set to null",
    ])


IDENTITY = "Developer ID Application: Inkwell Labs AB (8QZ5K3M2TR)"


def dist_mac_out(ver, electron, arch, extra="", **kw):
    L = [npm_hdr("dist:mac", SCRIPTS["dist:mac"] + extra, ver), vite_build(**kw), eb_head(electron, "arm64" if arch == "arm64" else "x64" if arch == "x64" else "arm64")]
    if arch == "universal":
        L += [f"  \u2022 packaging       platform=darwin arch=x64 electron={electron} appOutDir=dist/mac-universal--x64",
              f"  \u2022 installing native dependencies  arch=arm64",
              "  \u2022 completed installing native dependencies",
              f"  \u2022 packaging       platform=darwin arch=arm64 electron={electron} appOutDir=dist/mac-universal--arm64",
              f"  \u2022 packaging       platform=darwin arch=universal electron={electron} appOutDir=dist/mac-universal"]
        outdir = "dist/mac-universal"
    else:
        outdir = "dist/mac-arm64" if arch == "arm64" else "dist/mac"
        L.append(f"  \u2022 packaging       platform=darwin arch={arch} electron={electron} appOutDir={outdir}")
    L += [f"  \u2022 signing         file={outdir}/Inkwell.app platform=darwin type=distribution identity=6C1F0B9E2D84A7F35E0C91B4D2A68E7F3C5B0A19 provisioningProfile=none",
          "  \u2022 notarization successful",
          f"  \u2022 building        target=DMG arch={arch} file=dist/Inkwell-{ver}-{arch}.dmg",
          f"  \u2022 building        target=macOS zip arch={arch} file=dist/Inkwell-{ver}-{arch}-mac.zip",
          f"  \u2022 building block map  blockMapFile=dist/Inkwell-{ver}-{arch}.dmg.blockmap",
          f"  \u2022 building block map  blockMapFile=dist/Inkwell-{ver}-{arch}-mac.zip.blockmap"]
    return "\n".join(L)


def notary_submit_out(dmg, sid, size):
    name = dmg.split("/")[-1]
    return "\n".join([
        f"Conducting pre-submission checks for {name} and initiating connection to the Apple notary service...",
        "Submission ID received",
        f"  id: {sid}",
        f"Upload progress: 100.00% ({size} of {size})",
        "Successfully uploaded file",
        f"  id: {sid}",
        f"  path: {R}/{dmg}",
    ])


def staple_fail(dmg, cd):
    name = dmg.split("/")[-1]
    return "\n".join([
        f"Processing: {R}/{dmg}",
        f"CloudKit query for {name} (2/{cd}) failed due to \"Record not found\".",
        f"Could not find base64 encoded ticket in response for 2/{cd}",
        "The staple and validate action failed! Error 65.",
    ])


def staple_ok(dmg):
    return f"Processing: {R}/{dmg}\nProcessing: {R}/{dmg}\nThe staple and validate action worked!"


def notary_wait_ok(sid, dots=14):
    return "\n".join([
        "Current status: In Progress" + "." * dots + "Current status: Accepted........Processing complete",
        f"  id: {sid}",
        "  status: Accepted",
    ])


# ---------------------------------------------------------------- playwright output
def pw_line(ok, i, spec, secs):
    mark = "\u2713" if ok else "\u2718"
    return f"  {mark}  {i} {spec} ({secs})"


def pw_ok(tests, total, extra_hdr=""):
    """tests: list of (spec-title, secs)"""
    L = ["", f"Running {len(tests)} test{'s' if len(tests) != 1 else ''} using 1 worker", ""]
    for i, (spec, secs) in enumerate(tests, 1):
        L.append(pw_line(True, i, spec, secs))
    L += ["", f"  {len(tests)} passed ({total})"]
    return "\n".join(L)


def _rule(head):
    return head + " " + "\u2500" * max(3, 118 - len(head))


FIXTURE_LAUNCH_LINE = None  # filled after FILES is defined


def launch_fail_block(n, spec, pid, port, clock):
    ln = FIXTURE_LAUNCH_LINE
    fl = FILES[P("e2e/fixtures.ts")].split("\n")
    frame = []
    for k in range(ln - 2, ln + 3):
        src = fl[k - 1]
        mark = ">" if k == ln else " "
        frame.append(f"    {mark} {k:>2} |{(' ' + src) if src else ''}")
        if k == ln:
            c = src.index("electron.launch") + 1 + len("electron.")
            frame.append(f"         |{' ' * c}^")
    col = fl[ln - 1].index("electron.launch") + 1 + len("electron.")
    return "\n".join([
        _rule(f"  {n}) {spec}"),
        "",
        "    Error: electron.launch: Process failed to launch!",
        "    Call log:",
        f"      - <launching> {APP_EXE} --inspect=0 --remote-debugging-port=0",
        f"      - <launched> pid={pid}",
        f"      - [pid={pid}][err] Debugger listening on ws://127.0.0.1:{port}/{uuid4()}",
        f"      - [pid={pid}][err] For help, see: https://nodejs.org/en/docs/inspector",
        f"      - [pid={pid}][out] {clock} \u203a another instance is already running, handing over and quitting",
        f"      - [pid={pid}] <process did exit: exitCode=0, signal=null>",
        f"      - [pid={pid}] starting temporary directories cleanup",
        f"      - [pid={pid}] finished temporary directories cleanup",
        "",
        "",
    ] + frame + [
        "",
        f"        at Object.app ({R}/e2e/fixtures.ts:{ln}:{col})",
        "",
    ])


def pw_launch_fail(tests, pid0, clock0):
    """every test of the run fails at electron.launch (the app quits right away)."""
    L = ["", f"Running {len(tests)} test{'s' if len(tests) != 1 else ''} using 1 worker", ""]
    for i, (spec, secs) in enumerate(tests, 1):
        L.append(pw_line(False, i, spec, secs))
    L.append("")
    pid = pid0
    h, m, s = clock0
    for i, (spec, _s) in enumerate(tests, 1):
        s += 1
        if s >= 60:
            s -= 60
            m += 1
        L.append(launch_fail_block(i, spec, pid, 49000 + HX.randint(100, 9999),
                                   f"{h:02d}:{m:02d}:{s:02d}.{HX.randint(100, 999)}"))
        pid += HX.randint(3, 40)
    L.append(f"  {len(tests)} failed")
    for spec, _s in tests:
        L.append(f"    {spec} " + "\u2500" * max(3, 100 - len(spec)))
    return "\n".join(L)


def csp_fail_block(n, spec, msgs, expect_line):
    fl = FILES[P("e2e/fixtures.ts")].split("\n")
    col = fl[expect_line - 1].index("toEqual") + 1
    frame = []
    for k in range(expect_line - 2, expect_line + 3):
        src = fl[k - 1]
        mark = ">" if k == expect_line else " "
        frame.append(f"    {mark} {k:>2} |{(' ' + src) if src else ''}")
        if k == expect_line:
            frame.append(f"         |{' ' * col}^")
    L = [_rule(f"  {n}) {spec}"), "", "    Error: renderer console errors", "",
         "    expect(received).toEqual(expected) // deep equality", "",
         "    - Expected  - 1", f"    + Received  + {len(msgs) + 2}", "", "    - Array []", "    + Array ["]
    for m_ in msgs:
        L.append("    +   " + '"' + m_.replace('"', '\\"') + '",')
    L += ["    + ]", ""] + frame + ["", f"        at Object.page ({R}/e2e/fixtures.ts:{expect_line}:{col})", ""]
    return "\n".join(L)


def pw_csp_fail(tests, failing, msgs, expect_line):
    """tests: (spec, secs); failing: indices (1-based) that fail with the console-error check"""
    L = ["", f"Running {len(tests)} test{'s' if len(tests) != 1 else ''} using 1 worker", ""]
    for i, (spec, secs) in enumerate(tests, 1):
        L.append(pw_line(i not in failing, i, spec, secs))
    L.append("")
    n = 0
    for i, (spec, _s) in enumerate(tests, 1):
        if i in failing:
            n += 1
            L.append(csp_fail_block(n, spec, msgs, expect_line))
    L.append(f"  {len(failing)} failed")
    for i, (spec, _s) in enumerate(tests, 1):
        if i in failing:
            L.append(f"    {spec} " + "\u2500" * max(3, 100 - len(spec)))
    if len(tests) - len(failing):
        L.append(f"  {len(tests) - len(failing)} passed ({HX.randint(9, 30)}.{HX.randint(0, 9)}s)")
    return "\n".join(L)


E2E_BASE = [
    ("e2e/app-launch.spec.ts:4:3 \u203a launch \u203a opens the main window with an empty vault", "2.1s"),
    ("e2e/app-launch.spec.ts:12:3 \u203a launch \u203a restores the last opened note", "2.6s"),
    ("e2e/notes.spec.ts:5:3 \u203a notes \u203a creates a note from the toolbar", "1.8s"),
    ("e2e/notes.spec.ts:15:3 \u203a notes \u203a autosaves while typing", "3.2s"),
    ("e2e/notes.spec.ts:29:3 \u203a notes \u203a deletes a note and undoes it", "2.0s"),
    ("e2e/notes.spec.ts:41:3 \u203a notes \u203a keeps edits after a relaunch", "4.4s"),
    ("e2e/search.spec.ts:4:3 \u203a search \u203a finds notes by body text", "1.9s"),
    ("e2e/search.spec.ts:16:3 \u203a search \u203a highlights matches in the preview", "2.2s"),
    ("e2e/settings.spec.ts:4:3 \u203a settings \u203a switches to the dark theme", "1.6s"),
    ("e2e/settings.spec.ts:13:3 \u203a settings \u203a changes the vault location", "2.7s"),
    ("e2e/updater.spec.ts:9:3 \u203a updater \u203a reports up to date against the local feed @updater", "3.1s"),
    ("e2e/updater.spec.ts:20:3 \u203a updater \u203a downloads a newer version and shows the restart banner @updater", "6.8s"),
    ("e2e/updater.spec.ts:38:3 \u203a updater \u203a ignores a downgrade in the feed @updater", "2.9s"),
]


# ---------------------------------------------------------------- virtual files
PACKAGE_JSON = """{
  "name": "inkwell",
  "productName": "Inkwell",
  "version": "1.8.2",
  "description": "Local-first Markdown notes",
  "main": "./out/main/index.js",
  "author": "Inkwell Labs AB",
  "homepage": "https://inkwell.app",
  "private": true,
  "scripts": {
    "dev": "electron-vite dev",
    "build": "electron-vite build",
    "typecheck": "tsc --noEmit -p tsconfig.node.json --composite false && tsc --noEmit -p tsconfig.web.json --composite false",
    "lint": "eslint --cache .",
    "test": "ELECTRON_RUN_AS_NODE=1 electron ./node_modules/vitest/vitest.mjs run",
    "pack": "electron-vite build && electron-builder --dir -c.mac.identity=null",
    "e2e": "npm run pack && playwright test",
    "dist:mac": "electron-vite build && electron-builder --mac",
    "dist:win": "electron-vite build && electron-builder --win",
    "dist:linux": "electron-vite build && electron-builder --linux",
    "postinstall": "electron-builder install-app-deps"
  },
  "dependencies": {
    "@electron-toolkit/preload": "^3.0.1",
    "@electron-toolkit/utils": "^3.0.0",
    "better-sqlite3": "^11.5.0",
    "date-fns": "^4.1.0",
    "electron-log": "^5.2.0",
    "electron-updater": "^6.3.9",
    "markdown-it": "^14.1.0",
    "zod": "^3.23.8",
    "zustand": "^5.0.0"
  },
  "devDependencies": {
    "@electron-toolkit/eslint-config-ts": "^2.0.0",
    "@electron-toolkit/tsconfig": "^1.0.1",
    "@playwright/test": "^1.48.2",
    "@testing-library/react": "^16.0.1",
    "@types/better-sqlite3": "^7.6.11",
    "@types/markdown-it": "^14.1.2",
    "@types/node": "^20.16.11",
    "@types/react": "^18.3.11",
    "@types/react-dom": "^18.3.1",
    "@vitejs/plugin-react": "^4.3.3",
    "electron": "33.2.0",
    "electron-builder": "^25.1.8",
    "electron-vite": "^2.3.0",
    "eslint": "^9.13.0",
    "jsdom": "^25.0.1",
    "react": "^18.3.1",
    "react-dom": "^18.3.1",
    "typescript": "^5.6.3",
    "vite": "^5.4.10",
    "vitest": "^2.1.4"
  }
}
"""

MAIN_INDEX = """import { app, BrowserWindow } from 'electron'
import { electronApp, optimizer } from '@electron-toolkit/utils'
import log from 'electron-log/main'
import { openDb } from './db/connection'
import { registerNoteHandlers } from './ipc/notes'
import { createMainWindow } from './window'
import { createTray } from './tray'
import { initUpdater } from './updater'

log.initialize()

if (!app.requestSingleInstanceLock()) {
  log.warn('another instance is already running, handing over and quitting')
  app.quit()
} else {
  let mainWindow: BrowserWindow | null = null

  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  app.whenReady().then(() => {
    electronApp.setAppUserModelId('app.inkwell.desktop')
    app.on('browser-window-created', (_, window) => optimizer.watchWindowShortcuts(window))

    const db = openDb(process.env.INKWELL_VAULT)
    registerNoteHandlers(db)
    mainWindow = createMainWindow()
    createTray(mainWindow)
    if (!process.env.INKWELL_E2E) initUpdater(mainWindow)
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}
"""

PRELOAD = """import { contextBridge, ipcRenderer } from 'electron'
import { IPC } from '../shared/ipc'
import type { Note, NoteSummary } from '../shared/types'

const api = {
  listNotes: (): Promise<NoteSummary[]> => ipcRenderer.invoke(IPC.notesList),
  getNote: (id: string): Promise<Note> => ipcRenderer.invoke(IPC.notesGet, { id }),
  saveNote: (id: string, body: string): Promise<void> => ipcRenderer.invoke(IPC.notesSave, { id, body }),
  createNote: (): Promise<Note> => ipcRenderer.invoke(IPC.notesCreate),
  deleteNote: (id: string): Promise<void> => ipcRenderer.invoke(IPC.notesDelete, { id }),
  search: (query: string): Promise<NoteSummary[]> => ipcRenderer.invoke(IPC.search, { query }),
  onUpdateReady: (cb: (version: string) => void): (() => void) => {
    const listener = (_: unknown, version: string): void => cb(version)
    ipcRenderer.on(IPC.updateReady, listener)
    return () => ipcRenderer.removeListener(IPC.updateReady, listener)
  }
}

export type InkwellApi = typeof api

contextBridge.exposeInMainWorld('inkwell', api)
"""

SHARED_IPC = """export const IPC = {
  notesList: 'notes:list',
  notesGet: 'notes:get',
  notesSave: 'notes:save',
  notesCreate: 'notes:create',
  notesDelete: 'notes:delete',
  search: 'search:query',
  updateReady: 'updater:ready'
} as const
"""

SHARED_TYPES = """export interface NoteSummary {
  id: string
  title: string
  updatedAt: number
}

export interface Note extends NoteSummary {
  body: string
  createdAt: number
}
"""

IPC_NOTES = """import { ipcMain } from 'electron'
import { z } from 'zod'
import type { Database } from 'better-sqlite3'
import { IPC } from '../../shared/ipc'
import { NotesRepo } from '../db/notes-repo'

const IdPayload = z.object({ id: z.string().uuid() })
const SavePayload = z.object({ id: z.string().uuid(), body: z.string().max(5_000_000) })
const SearchPayload = z.object({ query: z.string().min(1).max(200) })

export function registerNoteHandlers(db: Database): void {
  const repo = new NotesRepo(db)

  ipcMain.handle(IPC.notesList, () => repo.list())
  ipcMain.handle(IPC.notesGet, (_e, payload) => repo.get(IdPayload.parse(payload).id))
  ipcMain.handle(IPC.notesSave, (_e, payload) => {
    const { id, body } = SavePayload.parse(payload)
    repo.save(id, body)
  })
  ipcMain.handle(IPC.notesCreate, () => repo.create())
  ipcMain.handle(IPC.notesDelete, (_e, payload) => repo.delete(IdPayload.parse(payload).id))
  ipcMain.handle(IPC.search, (_e, payload) => repo.search(SearchPayload.parse(payload).query))
}
"""

NOTES_REPO = """import type { Database } from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import type { Note, NoteSummary } from '../../shared/types'
import { titleFromBody } from '../../shared/title'

export class NotesRepo {
  constructor(private readonly db: Database) {}

  list(): NoteSummary[] {
    return this.db
      .prepare(
        'SELECT id, title, updated_at AS updatedAt FROM notes WHERE deleted_at IS NULL ORDER BY updated_at DESC'
      )
      .all() as NoteSummary[]
  }

  get(id: string): Note {
    const row = this.db
      .prepare(
        'SELECT id, title, body, created_at AS createdAt, updated_at AS updatedAt FROM notes WHERE id = ? AND deleted_at IS NULL'
      )
      .get(id) as Note | undefined
    if (!row) throw new Error(`note ${id} not found`)
    return row
  }

  create(): Note {
    const now = Date.now()
    const note: Note = { id: randomUUID(), title: 'Untitled', body: '', createdAt: now, updatedAt: now }
    this.db
      .prepare('INSERT INTO notes (id, title, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(note.id, note.title, note.body, note.createdAt, note.updatedAt)
    return note
  }

  save(id: string, body: string): void {
    this.db
      .prepare('UPDATE notes SET body = ?, title = ?, updated_at = ? WHERE id = ?')
      .run(body, titleFromBody(body), Date.now(), id)
  }

  delete(id: string): void {
    this.db.prepare('UPDATE notes SET deleted_at = ? WHERE id = ?').run(Date.now(), id)
  }

  search(query: string): NoteSummary[] {
    return this.db
      .prepare(
        `SELECT n.id, n.title, n.updated_at AS updatedAt FROM notes_fts f JOIN notes n ON n.rowid = f.rowid
         WHERE notes_fts MATCH ? AND n.deleted_at IS NULL ORDER BY rank LIMIT 50`
      )
      .all(query) as NoteSummary[]
  }
}
"""

MIGRATIONS = """// Applied in order by openDb(); PRAGMA user_version holds the index of the last one.
export const MIGRATIONS: string[] = [
  `CREATE TABLE notes (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   )`,
  `ALTER TABLE notes ADD COLUMN deleted_at INTEGER`,
  `CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, content='notes', content_rowid='rowid')`,
  `CREATE INDEX notes_updated_at ON notes (updated_at DESC) WHERE deleted_at IS NULL`
]
"""

NOTES_REPO_TEST = """import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from 'better-sqlite3'
import { openDb } from './connection'
import { NotesRepo } from './notes-repo'

let db: Database
let repo: NotesRepo

beforeEach(() => {
  db = openDb(':memory:')
  repo = new NotesRepo(db)
})

afterEach(() => db.close())

describe('NotesRepo', () => {
  it('creates an untitled note', () => {
    const note = repo.create()
    expect(note.title).toBe('Untitled')
    expect(repo.list().map((n) => n.id)).toEqual([note.id])
  })

  it('derives the title from the first heading', () => {
    const note = repo.create()
    repo.save(note.id, '# Groceries\\n\\n- oat milk')
    expect(repo.get(note.id).title).toBe('Groceries')
  })

  it('hides deleted notes', () => {
    const note = repo.create()
    repo.delete(note.id)
    expect(repo.list()).toEqual([])
  })
})
"""

INDEX_HTML = """<!doctype html>
<html>
  <head>
    <meta charset="UTF-8" />
    <title>Inkwell</title>
    <!-- https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP -->
    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:"
    />
  </head>

  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
"""

MARKDOWN_LIB = """import MarkdownIt from 'markdown-it'

const SAFE_LINK = /^(https?:|mailto:|#)/i
const SAFE_IMAGE = /^data:image\\/(png|jpe?g|gif|webp);/i

export const md = new MarkdownIt({ html: false, linkify: true, breaks: true })

md.validateLink = (url: string): boolean => {
  const u = url.trim()
  // images: only inline data URIs for now
  if (u.toLowerCase().startsWith('data:')) return SAFE_IMAGE.test(u)
  return SAFE_LINK.test(u)
}

const defaultImage = md.renderer.rules.image!
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const src = tokens[idx].attrGet('src') ?? ''
  if (/^https?:/i.test(src)) return ''
  return defaultImage(tokens, idx, options, env, self)
}

export function renderMarkdown(body: string): string {
  return md.render(body)
}
"""

E2E_FIXTURES = """import { test as base, expect, _electron as electron } from '@playwright/test'
import type { ElectronApplication, Page } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const appExecutable = (): string =>
  join(__dirname, '..', 'dist', 'mac-arm64', 'Inkwell.app', 'Contents', 'MacOS', 'Inkwell')

export const test = base.extend<{ app: ElectronApplication; page: Page; consoleErrors: string[] }>({
  app: async ({}, use) => {
    const vault = mkdtempSync(join(tmpdir(), 'inkwell-e2e-'))
    const app = await electron.launch({
      executablePath: appExecutable(),
      env: { ...process.env, INKWELL_E2E: '1', INKWELL_VAULT: vault }
    })
    await use(app)
    await app.close()
  },
  consoleErrors: async ({}, use) => {
    await use([])
  },
  page: async ({ app, consoleErrors }, use) => {
    const page = await app.firstWindow()
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text())
    })
    await page.waitForSelector('[data-testid="note-list"]')
    await use(page)
    expect(consoleErrors, 'renderer console errors').toEqual([])
  }
})

export { expect }
"""

NOTE_LIST_ITEM = """import type { NoteSummary } from '../../../shared/types'

interface Props {
  note: NoteSummary
  active: boolean
  onSelect: (id: string) => void
}

export function NoteListItem({ note, active, onSelect }: Props): JSX.Element {
  const updated = new Date(note.updatedAt).toLocaleDateString()
  return (
    <li
      className={active ? 'note-item note-item--active' : 'note-item'}
      data-testid="note-list-item"
      onClick={() => onSelect(note.id)}
    >
      <span className="note-item__title">{note.title}</span>
      <time className="note-item__time" dateTime={new Date(note.updatedAt).toISOString()}>
        {updated}
      </time>
    </li>
  )
}
"""

UPDATER = """import { BrowserWindow } from 'electron'
import { autoUpdater } from 'electron-updater'
import log from 'electron-log/main'
import { IPC } from '../shared/ipc'

const CHECK_EVERY_MS = 4 * 60 * 60 * 1000

export function initUpdater(win: BrowserWindow): void {
  autoUpdater.logger = log
  autoUpdater.autoDownload = true
  autoUpdater.allowDowngrade = false

  autoUpdater.on('update-downloaded', (info) => {
    log.info(`update ${info.version} downloaded, waiting for restart`)
    win.webContents.send(IPC.updateReady, info.version)
  })
  autoUpdater.on('error', (err) => log.error('updater error', err))

  void autoUpdater.checkForUpdates()
  setInterval(() => void autoUpdater.checkForUpdates(), CHECK_EVERY_MS)
}
"""

CHANGELOG = """# Changelog

## 1.8.2 - 2026-09-24

- Fixed: search results no longer include notes that were deleted.
- Fixed: the window remembers its size on external displays.

## 1.8.1 - 2026-09-15

- Fixed: a crash when opening a vault on a network drive.

## 1.8.0 - 2026-09-08

- New: full-text search across all notes (Cmd/Ctrl+Shift+F).
- New: dark theme follows the system setting.
- Improved: autosave is now debounced to 600 ms.
"""

RELEASING = """# Releasing Inkwell

1. Make sure main is green in CI and you're up to date (`git pull --ff-only`).
2. Add a section for the new version at the top of `CHANGELOG.md` (user-facing changes only) and commit it.
3. `npm version <patch|minor> -m "release: v%s"` bumps package.json and package-lock.json, commits and tags `vX.Y.Z`.
4. `git push origin main --follow-tags` - the tag starts `.github/workflows/release.yml`.
5. The Release run builds macOS (signed + notarized, dmg + zip, arm64 and x64), Windows (NSIS, signed) and
   Linux (AppImage) and uploads them to a **draft** GitHub release together with the update feeds
   (`latest-mac.yml`, `latest.yml`, `latest-linux.yml`).
6. Check the draft has every asset. Henrik publishes it after QA sign-off; electron-updater only sees
   published releases.

Hand-out builds (QA, demos) are made locally with `npm run dist:mac`. Only hand out a DMG that is notarized
and stapled.
"""

ELECTRON_BUILDER_YML = """appId: app.inkwell.desktop
productName: Inkwell
directories:
  buildResources: build
  output: dist
files:
  - out/**
  - '!**/*.map'
asarUnpack:
  - '**/*.node'
mac:
  category: public.app-category.productivity
  hardenedRuntime: true
  entitlementsInherit: build/entitlements.mac.plist
  notarize: true
  target:
    - dmg
    - zip
dmg:
  artifactName: ${productName}-${version}-${arch}.${ext}
win:
  target: nsis
  azureSignOptions:
    publisherName: Inkwell Labs AB
    endpoint: https://weu.codesigning.azure.net
    codeSigningAccountName: inkwell
    certificateProfileName: inkwell-public
nsis:
  oneClick: true
  perMachine: false
  artifactName: ${productName}-Setup-${version}.${ext}
linux:
  target: AppImage
  category: Office
publish:
  provider: github
  owner: inkwell-app
  repo: inkwell
  releaseType: draft
"""

WINDOW_TS = """import { BrowserWindow, shell } from 'electron'
import { join } from 'node:path'
import { is } from '@electron-toolkit/utils'

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1024,
    height: 720,
    minWidth: 640,
    minHeight: 420,
    show: false,
    titleBarStyle: 'hiddenInset',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      sandbox: true,
      contextIsolation: true
    }
  })

  win.on('ready-to-show', () => win.show())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https:')) void shell.openExternal(url)
    return { action: 'deny' }
  })

  if (is.dev && process.env.ELECTRON_RENDERER_URL) {
    void win.loadURL(process.env.ELECTRON_RENDERER_URL)
  } else {
    void win.loadFile(join(__dirname, '../renderer/index.html'))
  }
  return win
}
"""

TRAY_TS = """import { Menu, Tray, nativeImage, type BrowserWindow } from 'electron'
import { join } from 'node:path'

let tray: Tray | null = null

export function createTray(win: BrowserWindow): void {
  const icon = nativeImage.createFromPath(join(__dirname, '../../resources/trayTemplate.png'))
  tray = new Tray(icon)
  tray.setToolTip('Inkwell')
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show Inkwell', click: () => win.show() },
      { type: 'separator' },
      { role: 'quit' }
    ])
  )
}
"""

SETTINGS_TS = """import { app } from 'electron'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Settings {
  theme: 'system' | 'light' | 'dark'
  vaultPath: string
  lastSeenVersion?: string
}

const file = (): string => join(app.getPath('userData'), 'settings.json')

export function readSettings(): Settings {
  try {
    return JSON.parse(readFileSync(file(), 'utf8')) as Settings
  } catch {
    return { theme: 'system', vaultPath: join(app.getPath('documents'), 'Inkwell') }
  }
}

export function writeSettings(patch: Partial<Settings>): Settings {
  const next = { ...readSettings(), ...patch }
  writeFileSync(file(), JSON.stringify(next, null, 2))
  return next
}
"""

FILES = {
    P("package.json"): PACKAGE_JSON,
    P("src/main/index.ts"): MAIN_INDEX,
    P("src/preload/index.ts"): PRELOAD,
    P("src/shared/ipc.ts"): SHARED_IPC,
    P("src/shared/types.ts"): SHARED_TYPES,
    P("src/main/ipc/notes.ts"): IPC_NOTES,
    P("src/main/db/notes-repo.ts"): NOTES_REPO,
    P("src/main/db/migrations.ts"): MIGRATIONS,
    P("src/main/db/notes-repo.test.ts"): NOTES_REPO_TEST,
    P("src/renderer/index.html"): INDEX_HTML,
    P("src/renderer/src/lib/markdown.ts"): MARKDOWN_LIB,
    P("e2e/fixtures.ts"): E2E_FIXTURES,
    P("src/renderer/src/components/NoteListItem.tsx"): NOTE_LIST_ITEM,
    P("src/main/updater.ts"): UPDATER,
    P("CHANGELOG.md"): CHANGELOG,
    P("docs/RELEASING.md"): RELEASING,
    P("electron-builder.yml"): ELECTRON_BUILDER_YML,
    P("src/main/window.ts"): WINDOW_TS,
    P("src/main/tray.ts"): TRAY_TS,
    P("src/main/settings.ts"): SETTINGS_TS,
}

FIXTURE_LAUNCH_LINE = next(i for i, l in enumerate(E2E_FIXTURES.split("\n"), 1) if "electron.launch(" in l)
FIXTURE_EXPECT_LINE = next(i for i, l in enumerate(E2E_FIXTURES.split("\n"), 1) if "renderer console errors" in l)


def unit(files_extra=(), drop=(), bump=None):
    """current unit-test file list"""
    out = [f for f in UNIT_FILES_BASE if f[0] not in drop]
    if bump:
        out = [(p, bump.get(p, n), ms) for p, n, ms in out]
    return out + list(files_extra)


def gen():
    d = Dev("electron-app", U, "en", MODEL, seed=20261005, files=FILES)

    # long-running commands: the next Bash call's duration (the tick between tool_use and result) is longer
    _orig_tick = d.tick
    pending = []

    def tick(lo=2, hi=20):
        if pending and (lo, hi) == (1, 12):
            lo, hi = pending.pop()
        _orig_tick(lo, hi)

    d.tick = tick

    def dur(lo, hi):
        pending.append((lo, hi))

    def lt(extra_s=0):
        """local wall-clock time on Maya's Mac (Stockholm: CEST until 2026-10-25, then CET)"""
        off = 2 if d.clock < _dt.datetime(2026, 10, 25, 1, 0) else 1
        return (d.clock + _dt.timedelta(hours=off, seconds=extra_s)).strftime("%H:%M:%S")

    def lt_tuple(extra_s=0):
        h, m, sec = lt(extra_s).split(":")
        return int(h), int(m), int(sec)
    ver = "1.8.2"

    # ============================================================ S1  Mon 10-05
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.118"):
        t = d.task("I'm back from parental leave and half of this codebase moved while I was gone. walk me through "
                   "how main / preload / renderer are wired now and where the notes DB actually lives",
                   tags=["noise"])
        t.read(P("src/main/index.ts"))
        t.read(P("src/preload/index.ts"))
        t.glob("src/main/**/*.ts", [P("src/main/index.ts"), P("src/main/window.ts"), P("src/main/tray.ts"),
                                    P("src/main/updater.ts"), P("src/main/settings.ts"), P("src/main/db/connection.ts"),
                                    P("src/main/db/migrations.ts"), P("src/main/db/notes-repo.ts"),
                                    P("src/main/db/notes-repo.test.ts"), P("src/main/ipc/notes.ts"),
                                    P("src/main/search/fts.ts"), P("src/main/search/fts.test.ts"),
                                    P("src/main/updater.test.ts")])
        t.read(P("src/main/ipc/notes.ts"))
        t.grep("openDb", output_mode="content", path=P("src/main"), n=True,
               content="src/main/index.ts:4:import { openDb } from './db/connection'\n"
                       "src/main/index.ts:27:    const db = openDb(process.env.INKWELL_VAULT)\n"
                       "src/main/db/connection.ts:9:export function openDb(vault = readSettings().vaultPath): Database {\n"
                       "src/main/db/connection.ts:10:  const file = vault === ':memory:' ? vault : join(vault, '.inkwell', 'notes.db')\n"
                       "src/main/db/notes-repo.test.ts:3:import { openDb } from './connection'\n"
                       "src/main/db/notes-repo.test.ts:10:  db = openDb(':memory:')")
        t.read(P("package.json"))
        t.done("""Here's the wiring as it is on `main` today:

**Main process** (`src/main/index.ts`)
- Takes the single-instance lock first. If another Inkwell already holds it, this one logs a warning and quits (the running one gets `second-instance` and focuses its window).
- On `whenReady` it opens the DB, registers the IPC handlers, creates the window (`window.ts`: sandboxed, `contextIsolation: true`, preload from `out/preload/index.js`) and the tray. It starts the updater unless `INKWELL_E2E` is set.

**The DB**
- `openDb(vault)` in `src/main/db/connection.ts` opens `<vault>/.inkwell/notes.db` with better-sqlite3. The vault defaults to `settings.json` → `vaultPath` (`~/Documents/Inkwell`); `INKWELL_VAULT` overrides it, and the e2e fixture uses that to point at a temp dir.
- Migrations are a plain array in `db/migrations.ts`, applied against `PRAGMA user_version`. Search is an FTS5 table `notes_fts` over title/body.

**IPC**
- Channel names are in `src/shared/ipc.ts` (`notes:list`, `notes:get`, …). Handlers are in `src/main/ipc/notes.ts` and validate every payload with zod before touching the repo.
- `src/preload/index.ts` exposes one object, `window.inkwell`, through `contextBridge`. Each method is an `ipcRenderer.invoke` on a channel. `InkwellApi = typeof api` is the type the renderer uses.

**Tooling worth knowing**
- better-sqlite3 is a native module. `postinstall` runs `electron-builder install-app-deps`, so `node_modules` always holds the build for Electron's ABI. That's why `npm test` runs Vitest through Electron (`ELECTRON_RUN_AS_NODE=1 electron ./node_modules/vitest/vitest.mjs run`).
- `npm run e2e` = `npm run pack` (electron-vite build + `electron-builder --dir`, unsigned) followed by Playwright against `dist/mac-arm64/Inkwell.app`.
- `dist:mac|win|linux` are the signed builds; releases are built by CI.""")

        t = d.task("first small thing: pin/unpin notes so pinned ones stay at the top of the list. main needs a new "
                   "IPC call for it, and validate the payload in main with zod — treat anything coming from the "
                   "renderer as untrusted", tags=["workflow:W2", "pref:P1"])
        t.read(P("src/shared/ipc.ts"))
        t.read(P("src/shared/types.ts"))
        t.read(P("src/main/db/migrations.ts"))
        t.read(P("src/main/db/notes-repo.ts"))
        t.edit(P("src/main/db/migrations.ts"),
               "  `CREATE INDEX notes_updated_at ON notes (updated_at DESC) WHERE deleted_at IS NULL`\n]",
               "  `CREATE INDEX notes_updated_at ON notes (updated_at DESC) WHERE deleted_at IS NULL`,\n"
               "  `ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0`\n]")
        t.edit(P("src/shared/ipc.ts"), "  notesDelete: 'notes:delete',\n",
               "  notesDelete: 'notes:delete',\n  notesSetPinned: 'notes:set-pinned',\n")
        t.edit(P("src/shared/types.ts"), "  title: string\n  updatedAt: number\n}",
               "  title: string\n  updatedAt: number\n  pinned: boolean\n}")
        t.edit(P("src/main/db/notes-repo.ts"),
               """  list(): NoteSummary[] {
    return this.db
      .prepare(
        'SELECT id, title, updated_at AS updatedAt FROM notes WHERE deleted_at IS NULL ORDER BY updated_at DESC'
      )
      .all() as NoteSummary[]
  }""",
               """  list(): NoteSummary[] {
    const rows = this.db
      .prepare(
        'SELECT id, title, updated_at AS updatedAt, pinned FROM notes WHERE deleted_at IS NULL ORDER BY pinned DESC, updated_at DESC'
      )
      .all() as Array<Omit<NoteSummary, 'pinned'> & { pinned: number }>
    return rows.map((r) => ({ ...r, pinned: r.pinned === 1 }))
  }

  setPinned(id: string, pinned: boolean): void {
    const res = this.db.prepare('UPDATE notes SET pinned = ? WHERE id = ? AND deleted_at IS NULL').run(pinned ? 1 : 0, id)
    if (res.changes === 0) throw new Error(`note ${id} not found`)
  }""")
        t.edit(P("src/main/db/notes-repo.ts"),
               "createdAt: now, updatedAt: now }\n", "createdAt: now, updatedAt: now, pinned: false }\n")
        t.edit(P("src/main/ipc/notes.ts"),
               "const SearchPayload = z.object({ query: z.string().min(1).max(200) })\n",
               "const SearchPayload = z.object({ query: z.string().min(1).max(200) })\n"
               "const PinPayload = z.object({ id: z.string().uuid(), pinned: z.boolean() }).strict()\n")
        t.edit(P("src/main/ipc/notes.ts"),
               "  ipcMain.handle(IPC.search, (_e, payload) => repo.search(SearchPayload.parse(payload).query))\n",
               "  ipcMain.handle(IPC.search, (_e, payload) => repo.search(SearchPayload.parse(payload).query))\n"
               "  ipcMain.handle(IPC.notesSetPinned, (_e, payload) => {\n"
               "    const { id, pinned } = PinPayload.parse(payload)\n"
               "    repo.setPinned(id, pinned)\n"
               "  })\n")
        t.edit(P("src/preload/index.ts"),
               "  deleteNote: (id: string): Promise<void> => ipcRenderer.invoke(IPC.notesDelete, { id }),\n",
               "  deleteNote: (id: string): Promise<void> => ipcRenderer.invoke(IPC.notesDelete, { id }),\n"
               "  setPinned: (id: string, pinned: boolean): Promise<void> =>\n"
               "    ipcRenderer.invoke(IPC.notesSetPinned, { id, pinned }),\n")
        t.read(P("src/main/db/notes-repo.test.ts"))
        t.edit(P("src/main/db/notes-repo.test.ts"),
               """  it('hides deleted notes', () => {""",
               """  it('lists pinned notes first', () => {
    const a = repo.create()
    const b = repo.create()
    repo.save(a.id, '# older')
    repo.save(b.id, '# newer')
    repo.setPinned(a.id, true)
    expect(repo.list().map((n) => [n.title, n.pinned])).toEqual([
      ['older', true],
      ['newer', false]
    ])
  })

  it('refuses to pin a note that does not exist', () => {
    expect(() => repo.setPinned('5f7c1a9e-3c1b-4d35-9a0e-2b8f6f1d2c44', true)).toThrow(/not found/)
  })

  it('hides deleted notes', () => {""")
        t.bash("npm run typecheck", "Type-check main, preload and renderer", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, unit(bump={"src/main/db/notes-repo.test.ts": 5}), lt(),
                             "2.64s (transform 488ms, setup 201ms, collect 1.52s, tests 512ms, environment 1.71s, prepare 903ms)"))
        t.bash("npm run lint", "Lint", out=lint_ok(ver))
        t.done("""Pinning is in, main side plus the bridge:

- **Migration 5**: `pinned INTEGER NOT NULL DEFAULT 0` on `notes`. Existing vaults get it on next start via `user_version`.
- **Repo**: `list()` orders by `pinned DESC, updated_at DESC` and maps the 0/1 to a boolean. New `setPinned(id, pinned)` throws if the note doesn't exist or is deleted.
- **IPC**: new channel `notes:set-pinned`. The handler parses with `PinPayload = z.object({ id: z.string().uuid(), pinned: z.boolean() }).strict()`, so extra keys, a non-uuid id or a non-boolean are rejected before the repo sees them.
- **Preload**: `window.inkwell.setPinned(id, pinned)`. `NoteSummary` now has `pinned: boolean`, so the renderer gets the type through `InkwellApi`.
- Two repo tests: pinned-first ordering, and pinning a missing note.

`npm run typecheck`, `npm test` (9 files, 70 tests) and `npm run lint` are clean. The renderer side (pin icon in `NoteListItem`, a context-menu entry) isn't done yet. Want me to add it, or is Jonas doing the UI?""")

        t = d.task("before I start on export: run the e2e suite so I know where we stand", tags=["mistake:M1", "long_output"])
        dur(75, 110)
        t.fail("npm run e2e", "Build, pack and run the Playwright e2e suite",
               npm_hdr("e2e", SCRIPTS["e2e"], ver) + pack_out(ver, "33.2.0") + "\n" + pw_launch_fail(E2E_BASE, 51734, lt_tuple(40)), timeout=600000)
        t.say("Every test fails at `electron.launch`. The packaged app starts and then exits with code 0 right away. Its own log "
              "line says another instance is already running, so it hands over to that one and quits. Let me check "
              "what's running.")
        t.bash("pgrep -lf 'Inkwell.app/Contents/MacOS/Inkwell'", "Look for a running Inkwell",
               out="1187 /Applications/Inkwell.app/Contents/MacOS/Inkwell")
        t.say("Your installed Inkwell (pid 1187, from /Applications) is open. It uses the same userData directory, "
              "so it holds the single-instance lock and every test launch hands over to it. I'll quit it normally "
              "(your notes are autosaved) and run the suite again.")
        t.bash("osascript -e 'quit app \"Inkwell\"'", "Quit the running Inkwell app")
        t.bash("pgrep -lf 'Inkwell.app/Contents/MacOS/Inkwell' || echo 'not running'", "Confirm it has quit",
               out="not running")
        dur(75, 110)
        t.bash("npm run e2e", "Re-run the e2e suite",
               out=npm_hdr("e2e", SCRIPTS["e2e"], ver) + pack_out(ver, "33.2.0") + "\n" + pw_ok(E2E_BASE, "44.9s"), timeout=600000)
        t.done("""The e2e suite is green: **13/13 passed** in 45 s (launch, notes, search, settings, and the three `@updater` tests against the local feed).

The first run failed all 13 tests, and nothing was wrong with the code. Your installed Inkwell from /Applications was open. The packaged test build uses the same app name, so the same userData directory and the same single-instance lock. Each test launch saw the lock, handed over to your Inkwell and exited. Playwright only reports that as `electron.launch: Process failed to launch!`, and the call log shows the app's "another instance is already running" line. I quit your Inkwell with AppleScript (a normal quit, so autosave ran) and re-ran. Reopen it whenever you like. Just keep it closed while e2e is running.""")

    UT = {p: [n, ms] for p, n, ms in UNIT_FILES_BASE}
    UT["src/main/db/notes-repo.test.ts"][0] = 5

    def ufiles():
        return [(p, v[0], v[1]) for p, v in UT.items()]

    def utot():
        return sum(v[0] for v in UT.values()), len(UT)

    # ============================================================ S2  Thu 10-08
    with d.session("2026-10-08T10:05:00", R, branch="feat/export-markdown", version="2.1.119"):
        t = d.task("export a note to a .md file: main shows a save dialog and writes the file, with a small YAML "
                   "front matter (title, created, updated). new IPC call + preload method like the others. and in "
                   "main, log through electron-log — I don't want console.log in main-process code",
                   tags=["workflow:W2", "pref:P2"])
        t.read(P("src/main/ipc/notes.ts"))
        t.read(P("src/shared/ipc.ts"))
        t.write(P("src/main/export/markdown.ts"), """import { dialog, type BrowserWindow } from 'electron'
import { writeFile } from 'node:fs/promises'
import log from 'electron-log/main'
import type { Note } from '../../shared/types'

const iso = (ms: number): string => new Date(ms).toISOString()

export function toMarkdownFile(note: Note): string {
  const title = note.title.replace(/"/g, '\\\\"')
  return ['---', `title: "${title}"`, `created: ${iso(note.createdAt)}`, `updated: ${iso(note.updatedAt)}`, '---', '', note.body].join('\\n')
}

export async function exportNoteAsMarkdown(win: BrowserWindow, note: Note): Promise<string | null> {
  const { canceled, filePath } = await dialog.showSaveDialog(win, {
    title: 'Export as Markdown',
    defaultPath: `${note.title}.md`,
    filters: [{ name: 'Markdown', extensions: ['md'] }]
  })
  if (canceled || !filePath) {
    log.info(`export of ${note.id} cancelled`)
    return null
  }
  await writeFile(filePath, toMarkdownFile(note), 'utf8')
  log.info(`exported ${note.id} to ${filePath}`)
  return filePath
}
""")
        t.edit(P("src/shared/ipc.ts"), "  notesSetPinned: 'notes:set-pinned',\n",
               "  notesSetPinned: 'notes:set-pinned',\n  notesExportMarkdown: 'notes:export-markdown',\n")
        t.edit(P("src/main/ipc/notes.ts"), "import { ipcMain } from 'electron'\n",
               "import { BrowserWindow, ipcMain } from 'electron'\n")
        t.edit(P("src/main/ipc/notes.ts"), "import { NotesRepo } from '../db/notes-repo'\n",
               "import { NotesRepo } from '../db/notes-repo'\nimport { exportNoteAsMarkdown } from '../export/markdown'\n")
        t.edit(P("src/main/ipc/notes.ts"),
               "    repo.setPinned(id, pinned)\n  })\n",
               "    repo.setPinned(id, pinned)\n  })\n"
               "  ipcMain.handle(IPC.notesExportMarkdown, async (e, payload) => {\n"
               "    const win = BrowserWindow.fromWebContents(e.sender)\n"
               "    if (!win) throw new Error('export requested from a closed window')\n"
               "    return exportNoteAsMarkdown(win, repo.get(IdPayload.parse(payload).id))\n"
               "  })\n")
        t.read(P("src/preload/index.ts"))
        t.edit(P("src/preload/index.ts"),
               "    ipcRenderer.invoke(IPC.notesSetPinned, { id, pinned }),\n",
               "    ipcRenderer.invoke(IPC.notesSetPinned, { id, pinned }),\n"
               "  exportMarkdown: (id: string): Promise<string | null> => ipcRenderer.invoke(IPC.notesExportMarkdown, { id }),\n")
        t.write(P("src/main/export/markdown.test.ts"), """import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ dialog: {} }))
vi.mock('electron-log/main', () => ({ default: { info: vi.fn() } }))

import { toMarkdownFile } from './markdown'

const note = {
  id: '0b6f3f5e-8d0e-4e7a-9d53-1f0f6c1f2a10',
  title: 'Trip "Lofoten"',
  body: '# Trip "Lofoten"\\n\\n- ferry at 07:40',
  createdAt: Date.UTC(2026, 8, 1, 8, 0),
  updatedAt: Date.UTC(2026, 9, 7, 18, 30),
  pinned: false
}

describe('toMarkdownFile', () => {
  it('writes front matter before the body', () => {
    expect(toMarkdownFile(note).split('\\n').slice(0, 5)).toEqual([
      '---',
      'title: "Trip \\\\"Lofoten\\\\""',
      'created: 2026-09-01T08:00:00.000Z',
      'updated: 2026-10-07T18:30:00.000Z',
      '---'
    ])
  })

  it('keeps the body unchanged', () => {
    expect(toMarkdownFile(note).endsWith(note.body)).toBe(true)
  })

  it('handles an empty body', () => {
    expect(toMarkdownFile({ ...note, body: '' }).endsWith('---\\n')).toBe(true)
  })

  it('escapes only double quotes in the title', () => {
    expect(toMarkdownFile({ ...note, title: "it's: fine" })).toContain('title: "it\\'s: fine"')
  })
})
""")
        UT["src/main/export/markdown.test.ts"] = [4, 11]
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.71s (transform 502ms, setup 199ms, collect 1.61s, tests 529ms, environment 1.69s, prepare 911ms)"))
        t.bash("npm run lint", "Lint", out=lint_ok(ver))
        t.done("""Export to Markdown is wired up end to end (main + bridge):

- `src/main/export/markdown.ts`: `toMarkdownFile(note)` builds the file (YAML front matter with `title`, `created`, `updated` as ISO-8601, a blank line, then the body). `exportNoteAsMarkdown(win, note)` shows the save dialog (sheet on the calling window, `.md` filter, default name `<title>.md`) and writes the file. Both outcomes are logged via `electron-log/main`, with no `console.*` anywhere in main.
- New channel `notes:export-markdown`. The handler validates `{ id }` with the existing `IdPayload`, finds the window from `e.sender`, and returns the written path or `null` if cancelled.
- Preload: `window.inkwell.exportMarkdown(id)`.
- 4 unit tests for `toMarkdownFile` (front matter, body untouched, empty body, quote escaping). `electron` and `electron-log` are mocked there.

typecheck, `npm test` (10 files) and lint pass. One thing for later: the default file name is the raw title, so a title with `/` or `:` gives a strange suggestion in the dialog.""")

        t = d.task("yes let's fix that file name thing now: default name = note title, but strip what macOS/Windows "
                   "don't allow, collapse whitespace, max 80 chars, and 'Untitled' if nothing is left. with tests",
                   tags=["oneoff:O2"])
        t.write(P("src/main/export/filename.ts"), """const FORBIDDEN = /[\\\\/:*?"<>|\\u0000-\\u001f]/g
const MAX = 80

export function sanitizeFilename(title: string): string {
  const cleaned = title.replace(FORBIDDEN, '').trim().slice(0, MAX).trim()
  return cleaned.length > 0 ? cleaned : 'Untitled'
}
""")
        t.write(P("src/main/export/filename.test.ts"), """import { describe, expect, it } from 'vitest'
import { sanitizeFilename } from './filename'

describe('sanitizeFilename', () => {
  it('strips characters macOS and Windows reject', () => {
    expect(sanitizeFilename('Q3: plans / ideas?')).toBe('Q3 plans ideas')
  })

  it('keeps unicode letters and emoji', () => {
    expect(sanitizeFilename('Smörgåsbord 🥪')).toBe('Smörgåsbord 🥪')
  })

  it('collapses runs of whitespace', () => {
    expect(sanitizeFilename('a \\t  b\\n c')).toBe('a b c')
  })

  it('caps the length at 80 characters', () => {
    expect(sanitizeFilename('x'.repeat(200))).toHaveLength(80)
  })

  it('falls back to Untitled', () => {
    expect(sanitizeFilename(' /:* ')).toBe('Untitled')
  })

  it('does not end in a space after truncation', () => {
    expect(sanitizeFilename('a'.repeat(79) + ' b').endsWith(' ')).toBe(false)
  })
})
""")
        t.read(P("src/main/export/markdown.ts"))
        t.edit(P("src/main/export/markdown.ts"), "import type { Note } from '../../shared/types'\n",
               "import type { Note } from '../../shared/types'\nimport { sanitizeFilename } from './filename'\n")
        t.edit(P("src/main/export/markdown.ts"), "    defaultPath: `${note.title}.md`,",
               "    defaultPath: `${sanitizeFilename(note.title)}.md`,")
        UT["src/main/export/filename.test.ts"] = [6, 5]
        n_all, n_files = utot()
        fail_out = "\n".join([
            npm_hdr("test", SCRIPTS["test"], ver), "", f" RUN  v2.1.4 {R}", ""] +
            [f" \u2713 {p} ({v[0]} tests) {v[1]}ms" for p, v in UT.items() if p != "src/main/export/filename.test.ts"] + [
            " \u276f src/main/export/filename.test.ts (6 tests | 2 failed) 11ms",
            "   \u00d7 sanitizeFilename > strips characters macOS and Windows reject 7ms",
            "     \u2192 expected 'Q3 plans  ideas' to be 'Q3 plans ideas' // Object.is equality",
            "   \u00d7 sanitizeFilename > collapses runs of whitespace 1ms",
            "     \u2192 expected 'a   b c' to be 'a b c' // Object.is equality",
            "",
            "\u23af" * 22 + " Failed Tests 2 " + "\u23af" * 22,
            "",
            " FAIL  src/main/export/filename.test.ts > sanitizeFilename > strips characters macOS and Windows reject",
            "AssertionError: expected 'Q3 plans  ideas' to be 'Q3 plans ideas' // Object.is equality",
            "",
            "- Expected",
            "+ Received",
            "",
            "- Q3 plans ideas",
            "+ Q3 plans  ideas",
            "",
            " \u276f src/main/export/filename.test.ts:6:52",
            "      4| describe('sanitizeFilename', () => {",
            "      5|   it('strips characters macOS and Windows reject', () => {",
            "      6|     expect(sanitizeFilename('Q3: plans / ideas?')).toBe('Q3 plans ideas')",
            "       |                                                    ^",
            "      7|   })",
            "      8| ",
            "",
            "\u23af" * 48 + "[1/2]\u23af",
            "",
            " FAIL  src/main/export/filename.test.ts > sanitizeFilename > collapses runs of whitespace",
            "AssertionError: expected 'a   b c' to be 'a b c' // Object.is equality",
            "",
            "- Expected",
            "+ Received",
            "",
            "- a b c",
            "+ a   b c",
            "",
            " \u276f src/main/export/filename.test.ts:14:44",
            "     12| ",
            "     13|   it('collapses runs of whitespace', () => {",
            "     14|     expect(sanitizeFilename('a \\t  b\\n c')).toBe('a b c')",
            "       |                                            ^",
            "     15|   })",
            "     16| ",
            "",
            "\u23af" * 48 + "[2/2]\u23af",
            "",
            f" Test Files  1 failed | {n_files - 1} passed ({n_files})",
            f"      Tests  2 failed | {n_all - 2} passed ({n_all})",
            f"   Start at  {lt()}",
            "   Duration  2.80s (transform 541ms, setup 204ms, collect 1.66s, tests 548ms, environment 1.72s, prepare 915ms)",
        ])
        t.fail("npm test", "Run the unit tests", fail_out)
        t.say("Two failures, same cause: I strip the forbidden characters but never collapse the whitespace around them "
              "(`' / '` leaves two spaces). Tabs and newlines are in the control-character range, so they get deleted "
              "and leave runs of spaces. They should become spaces first, and the runs should collapse after stripping.")
        t.edit(P("src/main/export/filename.ts"),
               "  const cleaned = title.replace(FORBIDDEN, '').trim().slice(0, MAX).trim()",
               "  const cleaned = title\n    .replace(/\\s+/g, ' ')\n    .replace(FORBIDDEN, '')\n    .replace(/ {2,}/g, ' ')\n"
               "    .trim()\n    .slice(0, MAX)\n    .trim()")
        t.bash("npm test", "Run the unit tests again",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.74s (transform 536ms, setup 198ms, collect 1.63s, tests 541ms, environment 1.70s, prepare 907ms)"))
        t.done("""Done. `sanitizeFilename(title)` in `src/main/export/filename.ts` is now used as the dialog's default name:

1. whitespace runs (tabs, newlines) → one space,
2. drop `\\ / : * ? " < > |` and control characters,
3. collapse the double spaces that step 2 leaves behind,
4. trim, cut to 80 characters, trim again (so a cut never ends in a space),
5. `Untitled` if nothing is left.

The first test run caught two real bugs in my first version: `'Q3: plans / ideas?'` came out with a double space, and deleting tabs/newlines left runs of spaces. After the fix, all 6 filename tests and the rest of the suite pass.""")

        t = d.task("can electron-updater do staged rollouts with our GitHub releases feed? I'd like 1.9 to go to "
                   "~20% of people first", tags=["noise", "webfetch"])
        t.webfetch("https://www.electron.build/auto-update", "staged rollouts: how stagingPercentage works, which providers, where it is set",
                   "Staged Rollouts: Staged rollouts allow you to distribute the latest version of your app to a subset of users "
                   "that you can increase over time, similar to rollouts on platforms like Google Play. Staged rollouts are "
                   "controlled by manually editing your latest.yml / latest-mac.yml (channel update info file). "
                   "`stagingPercentage: 10` — Update will be shipped to 10% of userbase. If you want to pull a staged release "
                   "because it hasn't gone well, you must increment the version number higher than your broken release. "
                   "Because some of your users will be on the broken 1.0.1, releasing a new 1.0.1 would result in them "
                   "staying on a broken version. The user's staging bucket is derived from a random stagingUserId that "
                   "electron-updater stores in the userData directory (.updaterId).")
        t.done("""Yes, and it works with the GitHub provider. It isn't a setting in electron-builder, though. You edit the feed files by hand.

- electron-updater reads `stagingPercentage` from the channel file (`latest-mac.yml`, `latest.yml`, `latest-linux.yml`). Each install has a random id stored in userData (`.updaterId`), which puts it in a bucket, and it only updates if its bucket is under the percentage.
- With our setup, CI uploads those yml files to the **draft** release. Before Henrik publishes 1.9.0, download each yml, add `stagingPercentage: 20`, and re-upload it (`gh release upload v1.9.0 latest-mac.yml --clobber`, same for the other two). Widen it later by editing the yml on the published release. Removing the line means 100%.
- Pulling back a bad staged release needs a **higher** version. Users who already got 1.9.0 stay on it until 1.9.1 exists, so deleting or replacing 1.9.0 doesn't help them.
- All three yml files need the line. Otherwise one platform gets 100%.

If you want, I can add a `--staging <pct>` option to a small script that patches and re-uploads the three files, so it isn't done by hand on release day.""")

        t = d.task("quick one, no code: what's actually the difference between contextIsolation and sandbox for a "
                   "renderer? we have both on and Leo asked if one of them is redundant", tags=["noise", "no_tools"])
        t.done("""They protect against different things, so neither is redundant.

- **`contextIsolation: true`** separates the preload's JavaScript world from the page's. The page can't reach into preload variables or patch the built-ins the preload uses (`Array.prototype`, `ipcRenderer` wrappers). It only sees what you pass through `contextBridge.exposeInMainWorld`. This protects your **bridge** from the page.
- **`sandbox: true`** is about the **process**. The renderer runs in Chromium's OS-level sandbox, and the preload gets only a small Node-like surface (`ipcRenderer`, `contextBridge`, a few others) instead of full `require`/`fs`/`child_process`. If someone gets code execution in the renderer (an XSS through a note, a Chromium bug), the OS limits what that process can do.

With only isolation, a compromised preload context still has full Node. With only the sandbox, page scripts could tamper with the preload world and abuse whatever it exposes. Electron's security checklist recommends both, plus `nodeIntegration: false` (the default) and a strict CSP. We have all of those.""")

    # ============================================================ S3  Mon 10-12
    with d.session("2026-10-12T09:40:00", R, branch="main", version="2.1.120"):
        t = d.task("people paste images from the web into notes (![](https://…)) and the preview shows nothing — our "
                   "markdown setup drops http(s) images. allow https images (http:, file: and javascript: stay "
                   "blocked) and add an e2e test with a note that has one", tags=["mistake:M3"])
        t.read(P("src/renderer/src/lib/markdown.ts"))
        t.edit(P("src/renderer/src/lib/markdown.ts"),
               "const SAFE_IMAGE = /^data:image\\/(png|jpe?g|gif|webp);/i\n",
               "const SAFE_IMAGE = /^data:image\\/(png|jpe?g|gif|webp);/i\nconst REMOTE_IMAGE = /^https:\\/\\//i\n")
        t.edit(P("src/renderer/src/lib/markdown.ts"),
               """  if (/^https?:/i.test(src)) return ''""",
               """  if (!REMOTE_IMAGE.test(src) && !SAFE_IMAGE.test(src)) return ''""")
        t.write(P("e2e/images.spec.ts"), """import { test, expect } from './fixtures'

test.describe('images', () => {
  test('renders a remote https image in the preview', async ({ app, page }) => {
    await app.context().route('https://images.inkwell.app/**', (route) =>
      route.fulfill({ path: 'e2e/assets/lighthouse.png', contentType: 'image/png' })
    )
    await page.getByTestId('new-note').click()
    await page.getByTestId('editor').fill('# Trip\\n\\n![lighthouse](https://images.inkwell.app/e2e/lighthouse.png)')
    await expect(page.getByTestId('preview').locator('img')).toHaveAttribute(
      'src',
      'https://images.inkwell.app/e2e/lighthouse.png'
    )
  })

  test('drops http: and file: images', async ({ page }) => {
    await page.getByTestId('new-note').click()
    await page.getByTestId('editor').fill('![a](http://example.com/a.png)\\n\\n![b](file:///etc/hosts)')
    await expect(page.getByTestId('preview').locator('img')).toHaveCount(0)
  })
})
""")
        img_tests = [("e2e/images.spec.ts:4:3 \u203a images \u203a renders a remote https image in the preview", "2.4s"),
                     ("e2e/images.spec.ts:16:3 \u203a images \u203a drops http: and file: images", "1.9s")]
        csp1 = ("Refused to load the image 'https://images.inkwell.app/e2e/lighthouse.png' because it violates the "
                "following Content Security Policy directive: \"img-src 'self' data:\".")
        e2e_cmd = SCRIPTS["e2e"] + " e2e/images.spec.ts"
        dur(40, 70)
        t.fail("npm run e2e -- e2e/images.spec.ts", "Pack the app and run the new images e2e spec",
               npm_hdr("e2e", e2e_cmd, ver) + pack_out(ver, "33.2.0", jshash="C3mQx81v") + "\n" +
               pw_csp_fail(img_tests, {1}, [csp1], FIXTURE_EXPECT_LINE), timeout=600000)
        t.say("The markdown change works: the `<img>` is rendered with the https src. But Chromium refuses to load it. "
              "The page's Content-Security-Policy only allows `img-src 'self' data:`. The CSP lives in the renderer's "
              "index.html.")
        t.read(P("src/renderer/index.html"))
        t.edit(P("src/renderer/index.html"),
               """style-src 'self' 'unsafe-inline'; img-src 'self' data:\"""",
               """style-src 'self' 'unsafe-inline'; img-src 'self' data: https:\"""")
        dur(40, 70)
        t.bash("npm run e2e -- e2e/images.spec.ts", "Re-pack and re-run the images spec",
               out=npm_hdr("e2e", e2e_cmd, ver) + pack_out(ver, "33.2.0", jshash="C3mQx81v") + "\n" +
               pw_ok(img_tests, "6.8s"), timeout=600000)
        t.bash("npm test", "Run the unit tests (markdown lib changed)",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.69s (transform 530ms, setup 201ms, collect 1.60s, tests 538ms, environment 1.68s, prepare 904ms)"))
        t.done("""Remote https images now render in the preview.

- `src/renderer/src/lib/markdown.ts`: the image rule keeps `https://` and the existing `data:image/...` URIs and still drops everything else (`http:`, `file:`, `javascript:`). Links are unchanged.
- `src/renderer/index.html`: the CSP's `img-src` is now `'self' data: https:`. Without this the `<img>` was rendered but Chromium blocked the load ("Refused to load the image … violates … img-src 'self' data:"). The e2e fixture's console-error check is what caught it.
- New `e2e/images.spec.ts`, 2 tests. One uses a route stub for `images.inkwell.app`, so no network is needed, and checks an https image renders. The other checks that http and file images are dropped.

Both e2e tests and all unit tests pass. Note that allowing `https:` in `img-src` means a note can make the app fetch any https URL, which is the same as any Markdown viewer. If that's too broad for privacy, we could proxy remote images through main later.""")

        t = d.task("Henrik forwarded an Apple mail about 'notarization credentials' — can you check our notarytool "
                   "profile still works? just list the last few submissions", tags=["unfixed:U1"])
        t.fail("xcrun notarytool history --keychain-profile inkwell-notary", "List recent notarization submissions",
               "Error: HTTP status code: 403. A required agreement is missing or has expired. This request requires an "
               "in-effect agreement that has not been signed or has expired. Ensure your team has signed the necessary "
               "legal agreements and that they are not expired.", code=1)
        t.done("""The profile is fine. The account isn't. Apple answers **403: "A required agreement is missing or has expired"**.

- The keychain profile `inkwell-notary` is found and the request gets through to Apple. A missing profile or a revoked app-specific password fails before that, or with a 401, not with this error.
- The 403 means Apple has published an updated **Apple Developer Program License Agreement** and the team hasn't accepted it yet. Until someone does, every notary request fails: `notarytool history`, `submit`, and electron-builder's notarization step. So a mac release build in CI right now would fail at notarization.
- Only the team's **Account Holder** can accept it, which I assume is Henrik. He needs to log in at developer.apple.com/account and accept the banner at the top (sometimes also App Store Connect → Business). It takes effect within minutes.

There's nothing to change on our side. Once he's accepted, I can re-run the history check.""")

        t = d.task("note list: show relative times ('3 hours ago', 'yesterday') instead of the plain date. use "
                   "date-fns for this — formatDistanceToNowStrict, it's already a dependency", tags=["pref:P3", "noise"])
        t.read(P("src/renderer/src/components/NoteListItem.tsx"))
        t.edit(P("src/renderer/src/components/NoteListItem.tsx"),
               "import type { NoteSummary } from '../../../shared/types'\n",
               "import { formatDistanceToNowStrict } from 'date-fns'\nimport type { NoteSummary } from '../../../shared/types'\n")
        t.edit(P("src/renderer/src/components/NoteListItem.tsx"),
               "  const updated = new Date(note.updatedAt).toLocaleDateString()",
               "  const updated = formatDistanceToNowStrict(note.updatedAt, { addSuffix: true })")
        t.grep("toLocaleDateString|note-item__time", path=P("src/renderer/src"), output_mode="content", n=True,
               content="src/renderer/src/components/NoteListItem.tsx:17:      <time className=\"note-item__time\" dateTime={new Date(note.updatedAt).toISOString()}>\n"
                       "src/renderer/src/components/NoteList.test.tsx:44:    expect(items[0].querySelector('.note-item__time')).not.toBeNull()")
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.72s (transform 533ms, setup 203ms, collect 1.62s, tests 541ms, environment 1.70s, prepare 912ms)"))
        t.done("""The note list now shows relative times, using date-fns `formatDistanceToNowStrict(note.updatedAt, { addSuffix: true })`: "3 hours ago", "2 days ago", "1 month ago". `<time dateTime>` still carries the exact ISO timestamp, so hovering (or a screen reader) gets the precise time.

One difference from what you described: the *strict* variant never says "yesterday". It says "1 day ago". For "yesterday"/"last Monday" you'd need `formatRelative` (which switches to a date after 6 days), or a small helper that uses "yesterday" for exactly one calendar day back and strict distance otherwise. Tell me which you prefer.

The only test touching the timestamp just checks the element exists, so typecheck and all unit tests pass unchanged. The text isn't live: it updates when the list re-renders (any save or selection), not on a timer.""")

    # ============================================================ S4  Thu 10-15
    d.files[P("src/renderer/src/components/HelpMenu.tsx")] = """import { useState } from 'react'
import { AboutDialog } from './AboutDialog'

export function HelpMenu(): JSX.Element {
  const [about, setAbout] = useState(false)
  return (
    <div className="help-menu" data-testid="help-menu">
      <button onClick={() => setAbout(true)} data-testid="help-about">
        About Inkwell
      </button>
      {about && <AboutDialog version={__APP_VERSION__} onClose={() => setAbout(false)} />}
    </div>
  )
}
"""
    with d.session("2026-10-15T13:10:00", R, branch="main", version="2.1.121", end_reason="other"):
        t = d.task("'What's new' entry in the help menu: opens a dialog with the release notes of the version you're "
                   "running, fetched from our GitHub release (body is markdown, render it with our markdown lib). "
                   "if the fetch fails, just show a link to the releases page. e2e test please", tags=["mistake:M3"])
        t.read(P("src/renderer/src/components/HelpMenu.tsx"))
        t.grep("__APP_VERSION__", path=R, output_mode="content", n=True,
               content="electron.vite.config.ts:18:      __APP_VERSION__: JSON.stringify(pkg.version)\n"
                       "src/renderer/src/env.d.ts:4:declare const __APP_VERSION__: string\n"
                       "src/renderer/src/components/HelpMenu.tsx:11:      {about && <AboutDialog version={__APP_VERSION__} onClose={() => setAbout(false)} />}")
        t.write(P("src/renderer/src/components/WhatsNewDialog.tsx"), """import { useEffect, useState } from 'react'
import { renderMarkdown } from '../lib/markdown'

const RELEASES = 'https://github.com/inkwell-app/inkwell/releases'
const API = 'https://api.github.com/repos/inkwell-app/inkwell/releases/tags'

type State = { kind: 'loading' } | { kind: 'ok'; html: string } | { kind: 'failed' }

export function WhatsNewDialog({ version, onClose }: { version: string; onClose: () => void }): JSX.Element {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    const ctrl = new AbortController()
    fetch(`${API}/v${version}`, { signal: ctrl.signal, headers: { Accept: 'application/vnd.github+json' } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((rel: { body?: string }) => setState({ kind: 'ok', html: renderMarkdown(rel.body ?? '') }))
      .catch(() => {
        if (!ctrl.signal.aborted) setState({ kind: 'failed' })
      })
    return () => ctrl.abort()
  }, [version])

  return (
    <dialog open className="whats-new" data-testid="whats-new">
      <h2>What&apos;s new in {version}</h2>
      {state.kind === 'loading' && <p>Loading…</p>}
      {state.kind === 'ok' && <div className="markdown" dangerouslySetInnerHTML={{ __html: state.html }} />}
      {state.kind === 'failed' && (
        <p>
          Couldn&apos;t load the release notes. <a href={RELEASES} target="_blank" rel="noreferrer">See all releases</a>
        </p>
      )}
      <button onClick={onClose}>Close</button>
    </dialog>
  )
}
""")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"), "import { AboutDialog } from './AboutDialog'\n",
               "import { AboutDialog } from './AboutDialog'\nimport { WhatsNewDialog } from './WhatsNewDialog'\n")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"), "  const [about, setAbout] = useState(false)\n",
               "  const [about, setAbout] = useState(false)\n  const [whatsNew, setWhatsNew] = useState(false)\n")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"),
               "      {about && <AboutDialog version={__APP_VERSION__} onClose={() => setAbout(false)} />}\n",
               "      <button onClick={() => setWhatsNew(true)} data-testid=\"help-whats-new\">\n"
               "        What&apos;s new\n      </button>\n"
               "      {about && <AboutDialog version={__APP_VERSION__} onClose={() => setAbout(false)} />}\n"
               "      {whatsNew && <WhatsNewDialog version={__APP_VERSION__} onClose={() => setWhatsNew(false)} />}\n")
        t.write(P("e2e/whats-new.spec.ts"), """import { test, expect } from './fixtures'

test.describe('whats new', () => {
  test('shows the release notes of the running version', async ({ app, page }) => {
    await app.context().route('https://api.github.com/repos/inkwell-app/inkwell/releases/tags/*', (route) =>
      route.fulfill({ json: { tag_name: 'v1.8.2', body: '- Fixed: **search** skips deleted notes' } })
    )
    await page.getByTestId('help-menu').click()
    await page.getByTestId('help-whats-new').click()
    const dialog = page.getByTestId('whats-new')
    await expect(dialog.getByRole('heading')).toHaveText(/What's new in \\d+\\.\\d+\\.\\d+/)
    await expect(dialog.locator('strong')).toHaveText('search')
  })

  test('falls back to the releases link when GitHub is down', async ({ app, page }) => {
    await app.context().route('https://api.github.com/**', (route) => route.fulfill({ status: 503 }))
    await page.getByTestId('help-menu').click()
    await page.getByTestId('help-whats-new').click()
    await expect(page.getByRole('link', { name: 'See all releases' })).toBeVisible()
  })
})
""")
        wn_tests = [("e2e/whats-new.spec.ts:4:3 \u203a whats new \u203a shows the release notes of the running version", "7.3s"),
                    ("e2e/whats-new.spec.ts:16:3 \u203a whats new \u203a falls back to the releases link when GitHub is down", "2.2s")]
        wn_url = "https://api.github.com/repos/inkwell-app/inkwell/releases/tags/v1.8.2"
        csp2 = [f"Refused to connect to '{wn_url}' because it violates the following Content Security Policy "
                "directive: \"default-src 'self'\". Note that 'connect-src' was not explicitly set, so 'default-src' "
                "is used as a fallback.",
                f"Fetch API cannot load {wn_url}. Refused to connect because it violates the document's Content "
                "Security Policy."]
        L = ["", f"Running 2 tests using 1 worker", "",
             pw_line(False, 1, wn_tests[0][0], wn_tests[0][1]), pw_line(False, 2, wn_tests[1][0], wn_tests[1][1]), "",
             _rule(f"  1) {wn_tests[0][0]}"), "",
             "    Error: Timed out 5000ms waiting for expect(locator).toHaveText(expected)", "",
             "    Locator: getByTestId('whats-new').locator('strong')",
             "    Expected string: \"search\"",
             "    Received: <element(s) not found>",
             "    Call log:",
             "      - expect.toHaveText with timeout 5000ms",
             "      - waiting for getByTestId('whats-new').locator('strong')", "",
             "      10 |     const dialog = page.getByTestId('whats-new')",
             "      11 |     await expect(dialog.getByRole('heading')).toHaveText(/What's new in \\d+\\.\\d+\\.\\d+/)",
             "    > 12 |     await expect(dialog.locator('strong')).toHaveText('search')",
             "         |                                            ^",
             "      13 |   })",
             "      14 |",
             "      15 |   test('falls back to the releases link when GitHub is down', async ({ app, page }) => {", "",
             f"        at {R}/e2e/whats-new.spec.ts:12:44", "",
             csp_fail_block(2, wn_tests[1][0], csp2, FIXTURE_EXPECT_LINE),
             "  2 failed"]
        for sp, _s in wn_tests:
            L.append(f"    {sp} " + "\u2500" * max(3, 100 - len(sp)))
        e2e_cmd = SCRIPTS["e2e"] + " e2e/whats-new.spec.ts"
        dur(40, 70)
        t.fail("npm run e2e -- e2e/whats-new.spec.ts", "Pack the app and run the What's new e2e spec",
               npm_hdr("e2e", e2e_cmd, ver) + pack_out(ver, "33.2.0", jshash="Dk20fPzq") + "\n" + "\n".join(L),
               timeout=600000)
        t.say("Both tests fail for the same reason. In the second one the fixture's console check shows it directly: "
              "`Refused to connect to 'https://api.github.com/…' because it violates the following Content Security "
              "Policy directive: \"default-src 'self'\"`. Our CSP has no `connect-src`, so fetch falls back to "
              "`default-src 'self'`. In the first test, the blocked fetch makes the dialog show the fallback, so the "
              "notes never render. I'll allow exactly the GitHub API host for connect.")
        t.read(P("src/renderer/index.html"))
        t.edit(P("src/renderer/index.html"),
               """img-src 'self' data: https:\"""",
               """img-src 'self' data: https:; connect-src 'self' https://api.github.com\"""")
        dur(40, 70)
        t.bash("npm run e2e -- e2e/whats-new.spec.ts", "Re-pack and re-run the What's new spec",
               out=npm_hdr("e2e", e2e_cmd, ver) + pack_out(ver, "33.2.0", jshash="Dk20fPzq") + "\n" +
               pw_ok([(wn_tests[0][0], "2.6s"), (wn_tests[1][0], "2.1s")], "6.1s"), timeout=600000)
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.done("""The What's new dialog works, and its e2e spec passes (2/2).

- `WhatsNewDialog.tsx` fetches `api.github.com/repos/inkwell-app/inkwell/releases/tags/v<version>` (version from `__APP_VERSION__`, like the About dialog), renders the release body with our markdown lib, and falls back to a "See all releases" link on any error. The fetch is aborted if the dialog closes early.
- New "What's new" button in `HelpMenu`.
- **CSP** in `src/renderer/index.html`: added `connect-src 'self' https://api.github.com`. Before that, the renderer's fetch was blocked by the `default-src 'self'` fallback. The fixture's console-error check reported it, and the first test failed because of it.
- `e2e/whats-new.spec.ts` stubs the GitHub API in both tests (success and 503), so it runs offline.

The unauthenticated GitHub API allows 60 requests/hour per IP. That's fine for a dialog opened by hand. If we later auto-open it after every update, caching the notes would be safer.""")

        t = d.task("electron 33.2.1 is out with a Chromium security fix — bump us to it (exact pin, like now), check "
                   "everything still passes, commit it on its own", tags=["workflow:W3", "flaky:F1"])
        t.bash("npm view electron@33 version | tail -3", "See the latest 33.x releases",
               out="electron@33.2.0 '33.2.0'\nelectron@33.2.1 '33.2.1'")
        inst = "npm install --save-exact electron@33.2.1"
        dur(14, 30)
        t.fail(inst, "Install Electron 33.2.1 (exact)", "\n".join([
            "npm error code 1",
            f"npm error path {R}/node_modules/electron",
            "npm error command failed",
            "npm error command sh -c node install.js",
            "npm error RequestError: read ECONNRESET",
            f"npm error     at ClientRequest.<anonymous> ({R}/node_modules/got/dist/source/core/index.js:970:111)",
            "npm error     at Object.onceWrapper (node:events:634:26)",
            "npm error     at ClientRequest.emit (node:events:531:35)",
            f"npm error     at origin.emit ({R}/node_modules/@szmarczak/http-timer/dist/source/index.js:43:20)",
            "npm error     at TLSSocket.socketErrorListener (node:_http_client:518:9)",
            "npm error     at TLSSocket.emit (node:events:519:28)",
            "npm error     at emitErrorNT (node:internal/streams/destroy:170:8)",
            "npm error     at emitErrorCloseNT (node:internal/streams/destroy:129:3)",
            "npm error     at process.processTicksAndRejections (node:internal/process/task_queues:90:21)",
            "npm error A complete log of this run can be found in: /Users/maya/.npm/_logs/2026-10-15T13_52_18_604Z-debug-0.log",
        ]), timeout=300000)
        t.say("The Electron binary download from GitHub was reset mid-transfer (`read ECONNRESET` in electron's "
              "install.js). That's the network, not the version. Trying the same install again.")
        dur(14, 30)
        t.bash(inst, "Install Electron 33.2.1 (exact)", out="\n".join([
            npm_hdr("postinstall", "electron-builder install-app-deps", ver),
            "  \u2022 electron-builder  version=25.1.8",
            "  \u2022 executing @electron/rebuild  electronVersion=33.2.1 arch=arm64 buildFromSource=false appDir=./",
            "  \u2022 installing native dependencies  arch=arm64",
            "  \u2022 completed installing native dependencies",
            "",
            "changed 1 package, and audited 748 packages in 14s",
            "",
            "171 packages are looking for funding",
            "  run `npm fund` for details",
            "",
            "found 0 vulnerabilities"]), timeout=300000)
        d.files[P("package.json")] = d.files[P("package.json")].replace('"electron": "33.2.0"', '"electron": "33.2.1"')
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.77s (transform 537ms, setup 206ms, collect 1.65s, tests 546ms, environment 1.72s, prepare 918ms)"))
        e2e_all = E2E_BASE + [
            ("e2e/images.spec.ts:4:3 \u203a images \u203a renders a remote https image in the preview", "2.3s"),
            ("e2e/images.spec.ts:16:3 \u203a images \u203a drops http: and file: images", "1.8s"),
            ("e2e/whats-new.spec.ts:4:3 \u203a whats new \u203a shows the release notes of the running version", "2.5s"),
            ("e2e/whats-new.spec.ts:16:3 \u203a whats new \u203a falls back to the releases link when GitHub is down", "2.0s")]
        dur(75, 110)
        t.bash("npm run e2e", "Pack with 33.2.1 and run the whole e2e suite",
               out=npm_hdr("e2e", SCRIPTS["e2e"], ver) + pack_out(ver, "33.2.1", jshash="Dk20fPzq") + "\n" +
               pw_ok(e2e_all, "55.4s"), timeout=600000)
        t.bash("git add package.json package-lock.json && git commit -m \"chore(deps): electron 33.2.1\"",
               "Commit only the Electron bump",
               out="[main 6d1e0b4] chore(deps): electron 33.2.1\n 2 files changed, 9 insertions(+), 9 deletions(-)")
        t.done("""Electron is now pinned to **33.2.1** and committed on its own (`6d1e0b4 chore(deps): electron 33.2.1`, only package.json + lock). The What's new work is still uncommitted in the tree.

- The first `npm install` failed while downloading the Electron binary (`RequestError: read ECONNRESET`). That was a network blip, and the same command worked on retry.
- postinstall rebuilt better-sqlite3 for the new Electron (`install-app-deps`).
- typecheck, all unit tests, and the full e2e suite against a fresh pack (17/17, including the new images and What's new specs) pass.

Not pushed. Tell me if you want it on a branch with a PR instead of straight on main.""")

        t = d.task("What's new should also open by itself once after an update: compare the running version with the "
                   "last one the user saw (localStorage is fine for this) and show it when it's newer", tags=["oneoff:O1"])
        t.read(P("src/renderer/src/components/HelpMenu.tsx"))
        t.write(P("src/renderer/src/lib/semver.ts"), """/** Compares two x.y.z versions; pre-release suffixes are ignored. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('-')[0].split('.').map(Number)
  const pb = b.split('-')[0].split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (diff !== 0) return Math.sign(diff)
  }
  return 0
}
""")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"), "import { useState } from 'react'\n",
               "import { useEffect, useState } from 'react'\nimport { compareVersions } from '../lib/semver'\n")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"),
               "  const [whatsNew, setWhatsNew] = useState(false)\n",
               "  const [whatsNew, setWhatsNew] = useState(false)\n\n"
               "  useEffect(() => {\n"
               "    const seen = localStorage.getItem(LAST_SEEN_KEY)\n"
               "    if (compareVersions(__APP_VERSION__, seen) > 0) setWhatsNew(true)\n"
               "    localStorage.setItem(LAST_SEEN_KEY, __APP_VERSION__)\n"
               "  }, [])\n")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"),
               "import { WhatsNewDialog } from './WhatsNewDialog'\n",
               "import { WhatsNewDialog } from './WhatsNewDialog'\n\nconst LAST_SEEN_KEY = 'inkwell.lastSeenVersion'\n")
        t.fail("npm run typecheck", "Type-check", "\n".join([
            npm_hdr("typecheck", SCRIPTS["typecheck"], ver),
            "src/renderer/src/components/HelpMenu.tsx(14,42): error TS2345: Argument of type 'string | null' is not "
            "assignable to parameter of type 'string'.",
            "  Type 'null' is not assignable to type 'string'."]), code=2)
        t.say("`localStorage.getItem` returns `string | null`. On a first install there is no stored version. In that "
              "case it should count as \"not seen\", but only for an upgrade from an older build. A brand-new user "
              "doesn't need release notes. So: no stored value → just remember the version, don't open.")
        t.edit(P("src/renderer/src/components/HelpMenu.tsx"),
               "    if (compareVersions(__APP_VERSION__, seen) > 0) setWhatsNew(true)\n",
               "    if (seen !== null && compareVersions(__APP_VERSION__, seen) > 0) setWhatsNew(true)\n")
        t.bash("npm run typecheck", "Type-check again", out=typecheck_ok(ver))
        t.write(P("src/renderer/src/lib/semver.test.ts"), """import { describe, expect, it } from 'vitest'
import { compareVersions } from './semver'

describe('compareVersions', () => {
  it.each([
    ['1.9.0', '1.8.2', 1],
    ['1.8.2', '1.8.2', 0],
    ['1.8.10', '1.8.9', 1],
    ['1.9.0-beta.1', '1.9.0', 0],
    ['1.7.0', '1.10.0', -1]
  ])('%s vs %s', (a, b, want) => {
    expect(compareVersions(a, b)).toBe(want)
  })
})
""")
        UT["src/renderer/src/lib/semver.test.ts"] = [5, 4]
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.79s (transform 540ms, setup 207ms, collect 1.66s, tests 549ms, environment 1.73s, prepare 920ms)"))
        t.done("""What's new now opens by itself once after an upgrade:

- On mount, `HelpMenu` reads `inkwell.lastSeenVersion` from localStorage. If a stored version exists and the running `__APP_VERSION__` is newer, the dialog opens. Then it stores the current version, so it happens once per version.
- **First install** (nothing stored): no dialog, it only records the version. The first typecheck flagged `getItem`'s `string | null`, which made me decide this case explicitly instead of treating `null` as "older".
- `src/renderer/src/lib/semver.ts`: a small `compareVersions` that ignores pre-release suffixes, with a 5-case table test (including 1.8.10 vs 1.8.9).

typecheck and the unit tests pass.""")

    # ============================================================ S5  Mon 10-19
    GITLOG_19 = [
        ("e41a9c2", "Merge pull request #412 from inkwell-app/feat/whats-new"),
        ("b3d07f1", "feat(help): open What's new once after an update"),
        ("0c9e5aa", "feat(help): What's new dialog with release notes from GitHub"),
        ("6d1e0b4", "chore(deps): electron 33.2.1"),
        ("f52c8de", "Merge pull request #409 from inkwell-app/leo/sync-backoff"),
        ("a1f3b07", "fix(sync): exponential backoff when the sync server returns 429"),
        ("77e0d12", "test(sync): cover Retry-After parsing"),
        ("c0a6b91", "feat(list): relative times in the note list"),
        ("2b5f8e3", "Merge pull request #407 from inkwell-app/feat/remote-images"),
        ("9e2c4a0", "feat(preview): render remote https images"),
        ("58d1c7f", "fix(editor): caret jumps to the end after undo in long notes"),
        ("d4b92e6", "chore(ci): cache electron and electron-builder downloads"),
        ("3a70f5c", "Merge pull request #404 from inkwell-app/feat/export-markdown"),
        ("e8b1a24", "feat(export): sanitize the suggested file name"),
        ("71c4d09", "feat(export): export a note as Markdown with front matter"),
        ("c6f2e18", "refactor(db): move migrations into an array with user_version"),
        ("0f8d3b5", "feat(notes): pin notes to the top of the list"),
        ("bb24e70", "fix(search): escape FTS5 special characters in queries"),
        ("4e6a1d3", "chore(deps): bump markdown-it to 14.1.0"),
        ("93c7b5f", "docs: RELEASING.md for the draft-release flow"),
        ("12ad6e9", "fix(tray): tray icon blurry on non-retina displays"),
        ("8f0e3c4", "chore: eslint 9 flat config"),
        ("5d7b2a1", "fix(window): restore position on a disconnected display"),
        ("e07c9f8", "test(e2e): stable vault per test via INKWELL_VAULT"),
        ("a49d6e2", "feat(editor): Cmd+Shift+K deletes the current line"),
        ("3c5f1b0", "fix(updater): don't show the restart banner twice"),
        ("7b8e4d6", "chore(deps): bump vitest to 2.1.4"),
        ("f1c2a93", "i18n: Swedish strings for settings"),
        ("29e7b5c", "fix(export): keep CRLF line endings on Windows"),
        ("6a0d8f1", "perf(list): virtualize the note list above 500 notes"),
        ("d8e3c27", "chore: remove unused lodash import"),
    ]
    with d.session("2026-10-19T09:15:00", R, branch="main", version="2.1.123"):
        t = d.task("what landed on main since 1.8.2? I'm cutting 1.9.0 today", tags=["noise", "long_output"])
        t.bash("git fetch --tags origin && git pull --ff-only", "Update main and tags",
               out="Updating e41a9c2..e41a9c2\nAlready up to date.",
               err="From github.com:inkwell-app/inkwell\n * [new tag]         v1.8.2-hotfix-test -> v1.8.2-hotfix-test")
        t.bash("git log --oneline v1.8.2..HEAD", "List commits since v1.8.2",
               out="\n".join(f"{h} {m}" for h, m in GITLOG_19))
        t.bash("git log --no-merges --format='%an' v1.8.2..HEAD | sort | uniq -c | sort -rn", "Who contributed",
               out="     16 Maya Lindqvist\n      7 Leo Park\n      3 Jonas Berg\n      1 dependabot[bot]")
        t.done("""31 commits since v1.8.2 (27 without merges: Maya 16, Leo 7, Jonas 3, dependabot 1). Grouped:

**User-facing, new**
- Pin notes to the top of the list (#0f8d3b5)
- Export a note as Markdown with front matter, with a safe default file name (#404)
- Remote https images in the preview (#407)
- "What's new" dialog, opened once after an update (#412)
- Relative times in the note list
- Cmd+Shift+K deletes the current line
- Swedish strings for settings

**User-facing, fixes**
- Sync backs off on 429s (Leo, #409)
- Caret jumping to the end after undo in long notes
- Search queries with FTS5 special characters (`"`, `*`, `-`) no longer error
- Window position restored correctly when a display was disconnected
- Blurry tray icon on non-retina displays
- Restart banner no longer shown twice
- Export keeps CRLF on Windows
- Note list stays fast above 500 notes (virtualized)

**Internal** (not for release notes): Electron 33.2.1, migrations refactor, ESLint 9 flat config, vitest/markdown-it bumps, CI download cache, e2e vault isolation, RELEASING.md.

That's a minor release by any measure, so 1.9.0 is right.""")

        t = d.task("ok let's cut 1.9.0. Henrik accepted the new Apple agreement on Friday so notarization in CI should "
                   "work again. follow docs/RELEASING.md, write the changelog section from that list",
                   tags=["workflow:W1"])
        t.read(P("docs/RELEASING.md"))
        t.read(P("CHANGELOG.md"))
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n", """# Changelog

## 1.9.0 - 2026-10-19

### New
- Pin notes: pinned notes stay at the top of the note list. Right-click a note and choose Pin, or use the pin icon.
- Export as Markdown: File → Export as Markdown… saves the current note as a .md file with a front matter block containing the title and the created/updated timestamps, so it can be imported into other tools.
- The suggested file name for exports is cleaned up automatically: characters that macOS or Windows don't allow are removed, whitespace is collapsed and long titles are shortened to 80 characters.
- Remote images: images from https URLs (for example pasted from the web) are now shown in the preview. Images from http and local file URLs are still blocked for your privacy and security.
- What's new: Help → What's new shows the release notes of the version you are running, fetched from GitHub. It also opens once automatically after an update.
- The note list shows relative times ("3 hours ago") instead of dates.
- Cmd+Shift+K (Ctrl+Shift+K on Windows and Linux) deletes the current line in the editor.
- Settings are now available in Swedish.

### Fixed
- Sync now backs off exponentially when the sync server is busy (HTTP 429) and respects Retry-After.
- The caret no longer jumps to the end of the note after undo in long notes.
- Searching for text that contains quotes, asterisks or dashes no longer shows an error.
- The window is restored on the main display when the display it was on has been disconnected.
- The tray icon is sharp on non-retina displays.
- The "Restart to update" banner is no longer shown twice.
- Exported files keep Windows line endings (CRLF) on Windows.
- The note list stays fast with more than 500 notes.

### Under the hood
- Electron 33.2.1 (includes a Chromium security fix).
- Database migrations are tracked with SQLite's user_version.

""")
        t.bash("git add CHANGELOG.md && git commit -m \"docs: changelog for 1.9.0\"", "Commit the changelog section",
               out="[main 7c3e9a1] docs: changelog for 1.9.0\n 1 file changed, 28 insertions(+)")
        t.bash("npm version minor -m \"release: v%s\"", "Bump to 1.9.0, commit and tag", out="v1.9.0")
        ver = "1.9.0"
        d.files[P("package.json")] = d.files[P("package.json")].replace('"version": "1.8.2"', '"version": "1.9.0"')
        t.bash("git push origin main --follow-tags", "Push main and the v1.9.0 tag",
               err="Enumerating objects: 11, done.\nCounting objects: 100% (11/11), done.\nDelta compression using up to 12 threads\n"
                   "Compressing objects: 100% (7/7), done.\nWriting objects: 100% (7/7), 1.94 KiB | 1.94 MiB/s, done.\n"
                   "Total 7 (delta 5), reused 0 (delta 0), pack-reused 0\n"
                   "remote: Resolving deltas: 100% (5/5), completed with 4 local objects.\n"
                   "To github.com:inkwell-app/inkwell.git\n   e41a9c2..5b0f7d8  main -> main\n"
                   " * [new tag]         v1.9.0 -> v1.9.0")
        t.bash("gh run list --workflow release.yml --limit 1 --json databaseId,headBranch,status,event",
               "Find the Release run for the tag",
               out='[{"databaseId":11893024417,"event":"push","headBranch":"v1.9.0","status":"in_progress"}]')
        dur(1380, 1700)
        t.bash("gh run watch 11893024417 --exit-status", "Wait for the Release workflow", timeout=3600000,
               out="Refreshing run status every 3 seconds. Press Ctrl+C to quit.\n\n"
                   "\u2713 v1.9.0 Release \u00b7 11893024417\nTriggered via push about 27 minutes ago\n\nJOBS\n"
                   "\u2713 build (macos-14) in 21m14s (ID 33161840211)\n"
                   "\u2713 build (windows-2022) in 12m03s (ID 33161840388)\n"
                   "\u2713 build (ubuntu-22.04) in 6m48s (ID 33161840502)\n"
                   "\u2713 publish in 31s (ID 33163004718)")
        t.bash("gh release view v1.9.0 --json isDraft,assets --jq '.isDraft, (.assets[].name)'",
               "Check the draft release and its assets",
               out="true\nInkwell-1.9.0-arm64-mac.zip\nInkwell-1.9.0-arm64-mac.zip.blockmap\nInkwell-1.9.0-arm64.dmg\n"
                   "Inkwell-1.9.0-arm64.dmg.blockmap\nInkwell-1.9.0-x64-mac.zip\nInkwell-1.9.0-x64-mac.zip.blockmap\n"
                   "Inkwell-1.9.0-x64.dmg\nInkwell-1.9.0-x64.dmg.blockmap\nInkwell-1.9.0.AppImage\n"
                   "Inkwell-Setup-1.9.0.exe\nInkwell-Setup-1.9.0.exe.blockmap\nlatest-linux.yml\nlatest-mac.yml\nlatest.yml")
        t.done("""1.9.0 is built and waiting as a **draft release** for Henrik.

1. `CHANGELOG.md`: new 1.9.0 section (New / Fixed / Under the hood), committed as `docs: changelog for 1.9.0`.
2. `npm version minor` → v1.9.0, with commit `release: v1.9.0` and tag `v1.9.0`.
3. Pushed main + tag. Release run 11893024417 passed: macOS 21 min (signing and notarization went through, so the agreement is sorted), Windows 12 min, Linux 7 min, publish 31 s.
4. The draft has all 14 assets: dmg + zip for arm64 and x64 with blockmaps, the NSIS setup + blockmap, the AppImage, and all three feeds (`latest-mac.yml`, `latest.yml`, `latest-linux.yml`).

The draft's body is the changelog section. If you want the 20% staged rollout we talked about, add `stagingPercentage: 20` to the three yml files before Henrik publishes. I can do that if you say so.""")

        d.precompact("""Analysis: Maya (desktop dev, Inkwell — Electron 33 + React + TypeScript, electron-vite, better-sqlite3, Playwright e2e on the packaged app, Vitest run through Electron via `npm test`, electron-builder, electron-updater on GitHub Releases) worked through the month's first features with Claude.

Summary:
1. Repo: /Users/maya/code/inkwell (GitHub inkwell-app/inkwell). Main process in src/main (single-instance lock, DB via openDb(vault), IPC handlers in src/main/ipc with zod payload validation), preload exposes window.inkwell, channel names in src/shared/ipc.ts. CSP is a meta tag in src/renderer/index.html (now: img-src 'self' data: https:; connect-src 'self' https://api.github.com).
2. Done so far: pin notes (migration 5 + notes:set-pinned), export as Markdown (notes:export-markdown, sanitizeFilename), remote https images in the preview, What's new dialog (GitHub API, opens once per version via localStorage), relative times with date-fns, Electron 33.2.1.
3. Release 1.9.0: changelog section written, `npm version minor`, pushed with --follow-tags, Release workflow run 11893024417 green, draft release v1.9.0 has all 14 assets. Henrik publishes after QA.
4. Open: optional stagingPercentage: 20 in the three latest*.yml before publishing; renderer UI for pinning.""")

        t = d.task("is the 1.9.0 update feed reachable? curl the latest-mac.yml of the release so I know the updater "
                   "will see it", tags=["unfixed:U2"])
        t.fail("curl -fsSL https://github.com/inkwell-app/inkwell/releases/download/v1.9.0/latest-mac.yml",
               "Fetch the 1.9.0 macOS update feed", "curl: (22) The requested URL returned error: 404", code=22)
        t.bash("gh release view v1.9.0 --json isDraft,publishedAt", "Check whether the release is still a draft",
               out='{\n  "isDraft": true,\n  "publishedAt": null\n}')
        t.done("""Not yet. The download URL returns **404**, and that's expected for now: v1.9.0 is still a **draft** (`isDraft: true`, `publishedAt: null`). Draft assets are only visible to people with write access through the API. The public `releases/download/...` URLs, which electron-updater's GitHub provider uses, don't exist until the release is published.

So nobody's updater can see 1.9.0 yet. Once Henrik publishes after QA, the same curl should return the yml. If it still 404s then, something is actually wrong. Nothing to change until then.""")

    # ============================================================ S6  Thu 10-22
    with d.session("2026-10-22T10:30:00", R, branch="main", version="2.1.124"):
        t = d.task("about the 1.9.0 release notes you wrote: way too long. I had to cut half of them before Henrik "
                   "published — nobody reads 'under the hood' or twelve tiny fixes. from now on: max 5 bullets, "
                   "user-facing only, one line each. give me the trimmed version for the blog post",
                   tags=["feedback", "no_tools"],
                   feedback="about the 1.9.0 release notes you wrote: way too long. I had to cut half of them before "
                            "Henrik published")
        t.done("""Understood. From now on release notes are at most 5 bullets, user-facing only, one line each.

**Inkwell 1.9.0**
- **Pin notes**: keep important notes at the top of the list.
- **Export as Markdown**: save any note as a .md file, ready for other apps.
- **Images from the web** now show up in the preview.
- **What's new**: see what changed right after an update (Help → What's new).
- **Smoother everyday use**: sync backs off when the server is busy, and undo no longer jumps to the end of the note.""")

        t = d.task("Jonas runs usability tests on his Intel MacBook tomorrow. make him a signed + notarized x64 dmg of "
                   "current main, with the dmg itself stapled so it opens offline without Gatekeeper drama. put it in "
                   "~/Desktop/for-jonas", tags=["mistake:M2"])
        dmg = "dist/Inkwell-1.9.0-x64.dmg"
        sid1 = "2f4b9c1e-7d3a-4b8e-a1c6-5e9f0d2b7a43"
        dur(480, 900)
        t.bash("npm run dist:mac -- --x64", "Build the signed + notarized x64 macOS app, dmg and zip",
               out=dist_mac_out(ver, "33.2.1", "x64", extra=" --x64", jshash="Hs81kqPw"), timeout=1800000)
        dur(35, 95)
        t.bash(f"xcrun notarytool submit {dmg} --keychain-profile inkwell-notary", "Submit the dmg for notarization",
               out=notary_submit_out(dmg, sid1, "131.4 MB"), timeout=600000)
        t.fail(f"xcrun stapler staple {dmg}", "Staple the notarization ticket to the dmg",
               staple_fail(dmg, "8e3f0c2a5b71d94e6a0c3f1b2d7e8a9c4b5d6e7f"), code=65)
        t.say("Stapling failed because there's no ticket yet. `notarytool submit` without `--wait` returns as soon as "
              "the upload is done, but Apple takes a few minutes to process the submission, and only an Accepted one "
              "has a ticket. I'll wait for this submission to finish, then staple again.")
        dur(180, 560)
        t.bash(f"xcrun notarytool wait {sid1} --keychain-profile inkwell-notary", "Wait for the notarization result",
               out=notary_wait_ok(sid1, 17), timeout=1800000)
        t.bash(f"xcrun stapler staple {dmg}", "Staple the ticket now that it exists", out=staple_ok(dmg))
        t.bash(f"spctl -a -t open --context context:primary-signature -v {dmg}", "Gatekeeper assessment of the dmg",
               err=f"{dmg}: accepted\nsource=Notarized Developer ID")
        t.bash(f"mkdir -p ~/Desktop/for-jonas && cp {dmg} ~/Desktop/for-jonas/ && ls -lh ~/Desktop/for-jonas",
               "Copy the dmg to the hand-off folder",
               out="total 269024\n-rw-r--r--@ 1 maya  staff   131M Oct 22 12:59 Inkwell-1.9.0-x64.dmg")
        t.done("""`~/Desktop/for-jonas/Inkwell-1.9.0-x64.dmg` is ready (131 MB, Intel).

- Built from current main with `npm run dist:mac -- --x64`. The app inside is signed with the Developer ID and notarized by electron-builder.
- The dmg itself is notarized and stapled. My first `stapler staple` failed with `Record not found … Error 65` because I'd submitted without waiting, and Apple hadn't finished processing. After `notarytool wait` returned **Accepted**, stapling worked.
- Gatekeeper: `spctl` says `accepted, source=Notarized Developer ID`, so it opens offline without the "can't be checked" dialog.

It's version 1.9.0. If Jonas has 1.9.0 from the release installed, this copy replaces it. Either way it's the same version, so the updater won't complain.""")

        t = d.task("tray: add 'New note from clipboard' — creates a note whose body is the clipboard text and brings "
                   "the window up with that note open. the renderer should also be able to ask for it (a button "
                   "later), so it's a real IPC call too, and like always every payload the renderer sends gets a zod "
                   "schema in main", tags=["workflow:W2", "pref:P1"])
        t.read(P("src/main/tray.ts"))
        t.read(P("src/main/ipc/notes.ts"))
        t.read(P("src/main/db/notes-repo.ts"))
        t.edit(P("src/main/db/notes-repo.ts"),
               "  create(): Note {\n    const now = Date.now()\n    const note: Note = { id: randomUUID(), title: 'Untitled', body: '', createdAt: now, updatedAt: now, pinned: false }\n",
               "  create(body = ''): Note {\n    const now = Date.now()\n    const note: Note = {\n      id: randomUUID(),\n"
               "      title: body ? titleFromBody(body) : 'Untitled',\n      body,\n      createdAt: now,\n      updatedAt: now,\n"
               "      pinned: false\n    }\n")
        t.read(P("src/shared/ipc.ts"))
        t.edit(P("src/shared/ipc.ts"), "  notesExportMarkdown: 'notes:export-markdown',\n",
               "  notesExportMarkdown: 'notes:export-markdown',\n  notesCreateFromText: 'notes:create-from-text',\n"
               "  notesOpen: 'notes:open',\n")
        t.edit(P("src/main/ipc/notes.ts"),
               "const PinPayload = z.object({ id: z.string().uuid(), pinned: z.boolean() }).strict()\n",
               "const PinPayload = z.object({ id: z.string().uuid(), pinned: z.boolean() }).strict()\n"
               "const FromTextPayload = z.object({ text: z.string().min(1).max(1_000_000) }).strict()\n")
        t.edit(P("src/main/ipc/notes.ts"),
               "export function registerNoteHandlers(db: Database): void {\n  const repo = new NotesRepo(db)\n",
               "export function registerNoteHandlers(db: Database): NotesRepo {\n  const repo = new NotesRepo(db)\n")
        t.edit(P("src/main/ipc/notes.ts"),
               "    return exportNoteAsMarkdown(win, repo.get(IdPayload.parse(payload).id))\n  })\n",
               "    return exportNoteAsMarkdown(win, repo.get(IdPayload.parse(payload).id))\n  })\n"
               "  ipcMain.handle(IPC.notesCreateFromText, (_e, payload) => repo.create(FromTextPayload.parse(payload).text))\n"
               "  return repo\n")
        t.write(P("src/main/tray.ts"), """import { Menu, Tray, clipboard, nativeImage, type BrowserWindow } from 'electron'
import { join } from 'node:path'
import log from 'electron-log/main'
import { IPC } from '../shared/ipc'
import type { NotesRepo } from './db/notes-repo'

let tray: Tray | null = null

function newNoteFromClipboard(win: BrowserWindow, repo: NotesRepo): void {
  const text = clipboard.readText().trim()
  if (!text) {
    log.info('tray: clipboard is empty, not creating a note')
    return
  }
  const note = repo.create(text)
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
  win.webContents.send(IPC.notesOpen, note.id)
}

export function createTray(win: BrowserWindow, repo: NotesRepo): void {
  const icon = nativeImage.createFromPath(join(__dirname, '../../resources/trayTemplate.png'))
  tray = new Tray(icon)
  tray.setToolTip('Inkwell')
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show Inkwell', click: () => win.show() },
      { label: 'New Note from Clipboard', click: () => newNoteFromClipboard(win, repo) },
      { type: 'separator' },
      { role: 'quit' }
    ])
  )
}
""")
        t.read(P("src/main/index.ts"))
        t.edit(P("src/main/index.ts"), "    registerNoteHandlers(db)\n", "    const repo = registerNoteHandlers(db)\n")
        t.edit(P("src/main/index.ts"), "    createTray(mainWindow)\n", "    createTray(mainWindow, repo)\n")
        t.read(P("src/preload/index.ts"))
        t.edit(P("src/preload/index.ts"),
               "  exportMarkdown: (id: string): Promise<string | null> => ipcRenderer.invoke(IPC.notesExportMarkdown, { id }),\n",
               "  exportMarkdown: (id: string): Promise<string | null> => ipcRenderer.invoke(IPC.notesExportMarkdown, { id }),\n"
               "  createNoteFromText: (text: string): Promise<Note> => ipcRenderer.invoke(IPC.notesCreateFromText, { text }),\n"
               "  onOpenNote: (cb: (id: string) => void): (() => void) => {\n"
               "    const listener = (_: unknown, id: string): void => cb(id)\n"
               "    ipcRenderer.on(IPC.notesOpen, listener)\n"
               "    return () => ipcRenderer.removeListener(IPC.notesOpen, listener)\n"
               "  },\n")
        t.read(P("src/main/db/notes-repo.test.ts"))
        t.edit(P("src/main/db/notes-repo.test.ts"), "  it('hides deleted notes', () => {",
               "  it('creates a note from text with a derived title', () => {\n"
               "    const note = repo.create('# Call Anna\\n\\nabout the offsite')\n"
               "    expect(repo.get(note.id)).toMatchObject({ title: 'Call Anna', body: '# Call Anna\\n\\nabout the offsite' })\n"
               "  })\n\n  it('hides deleted notes', () => {")
        UT["src/main/db/notes-repo.test.ts"][0] = 6
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.81s (transform 544ms, setup 205ms, collect 1.67s, tests 553ms, environment 1.74s, prepare 922ms)"))
        t.bash("npm run lint", "Lint", out=lint_ok(ver))
        t.done(""""New Note from Clipboard" is in the tray, and the renderer can do the same over IPC.

- **Tray** (`tray.ts`): reads the clipboard text. If it's empty, it logs and does nothing. Otherwise it creates the note, restores and focuses the window, and sends `notes:open` with the new id.
- **IPC**: `notes:create-from-text` takes `{ text }`, validated in main with `FromTextPayload = z.object({ text: z.string().min(1).max(1_000_000) }).strict()`, and returns the created `Note`.
- **Repo**: `create(body = '')` now takes an optional body and derives the title from it (same `titleFromBody` as save).
- **Preload**: `createNoteFromText(text)` and `onOpenNote(cb)` (returns an unsubscribe, like `onUpdateReady`).
- `registerNoteHandlers` now returns the repo, so `index.ts` can pass it to the tray.
- One new repo test. typecheck, unit tests (all 12 files) and lint pass.

Still to do in the renderer: subscribe to `onOpenNote` in the app shell and select that note. Tell me if you want it now.""")

    # ============================================================ S7  Mon 10-26  (acceptEdits)
    with d.session("2026-10-26T09:50:00", R, branch="feat/attachments", version="2.1.126",
                   permission_mode="acceptEdits"):
        t = d.task("attachments, main side: dropping a file on a note copies it into <vault>/attachments/<uuid><ext> "
                   "and the note gets a link [name](attachment://<uuid><ext>); clicking such a link opens the file "
                   "with the default app. serve attachment:// through a protocol handler. file paths coming from the "
                   "renderer are the scariest input we take, so zod schemas on the main side for both calls, no "
                   "exceptions", tags=["workflow:W2", "pref:P1"])
        t.read(P("src/main/index.ts"))
        t.read(P("src/shared/ipc.ts"))
        t.write(P("src/main/attachments.ts"), """import { net, protocol, shell } from 'electron'
import { copyFile, mkdir, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { randomUUID } from 'node:crypto'
import log from 'electron-log/main'

export const ATTACHMENT_SCHEME = 'attachment'
const MAX_BYTES = 200 * 1024 * 1024
const NAME = /^[0-9a-f-]{36}(\\.[a-z0-9]{1,10})?$/

export function registerAttachmentScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: ATTACHMENT_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }
  ])
}

export function attachmentsDir(vault: string): string {
  return join(vault, 'attachments')
}

/** Resolves attachment://<name> to a file inside the vault, or null for anything else. */
export function resolveAttachment(vault: string, name: string): string | null {
  if (!NAME.test(name)) return null
  const dir = resolve(attachmentsDir(vault))
  const file = resolve(dir, name)
  return file.startsWith(dir + sep) ? file : null
}

export async function importAttachment(vault: string, source: string): Promise<{ name: string; bytes: number }> {
  const info = await stat(source)
  if (!info.isFile()) throw new Error('not a file')
  if (info.size > MAX_BYTES) throw new Error(`attachment larger than ${MAX_BYTES} bytes`)
  const name = randomUUID() + extname(source).toLowerCase().slice(0, 11)
  await mkdir(attachmentsDir(vault), { recursive: true })
  await copyFile(source, join(attachmentsDir(vault), name))
  log.info(`attachment ${name} imported (${info.size} bytes)`)
  return { name, bytes: info.size }
}

export function handleAttachmentProtocol(vault: string): void {
  protocol.handle(ATTACHMENT_SCHEME, (req) => {
    const file = resolveAttachment(vault, new URL(req.url).hostname)
    if (!file) return new Response('not found', { status: 404 })
    return net.fetch(pathToFileURL(file).toString())
  })
}

export async function openAttachment(vault: string, name: string): Promise<void> {
  const file = resolveAttachment(vault, name)
  if (!file) throw new Error('unknown attachment')
  const err = await shell.openPath(file)
  if (err) throw new Error(err)
}
""")
        t.edit(P("src/shared/ipc.ts"), "  notesOpen: 'notes:open',\n",
               "  notesOpen: 'notes:open',\n  attachmentsImport: 'attachments:import',\n  attachmentsOpen: 'attachments:open',\n")
        t.write(P("src/main/ipc/attachments.ts"), """import { ipcMain } from 'electron'
import { isAbsolute } from 'node:path'
import { z } from 'zod'
import { IPC } from '../../shared/ipc'
import { importAttachment, openAttachment } from '../attachments'

const ImportPayload = z
  .object({ path: z.string().min(1).max(4096).refine(isAbsolute, 'path must be absolute') })
  .strict()
const OpenPayload = z.object({ name: z.string().regex(/^[0-9a-f-]{36}(\\.[a-z0-9]{1,10})?$/) }).strict()

export function registerAttachmentHandlers(vault: string): void {
  ipcMain.handle(IPC.attachmentsImport, (_e, payload) => importAttachment(vault, ImportPayload.parse(payload).path))
  ipcMain.handle(IPC.attachmentsOpen, (_e, payload) => openAttachment(vault, OpenPayload.parse(payload).name))
}
""")
        t.edit(P("src/main/index.ts"), "import { initUpdater } from './updater'\n",
               "import { initUpdater } from './updater'\nimport { handleAttachmentProtocol, registerAttachmentScheme } from './attachments'\n"
               "import { registerAttachmentHandlers } from './ipc/attachments'\nimport { readSettings } from './settings'\n")
        t.edit(P("src/main/index.ts"), "log.initialize()\n", "log.initialize()\nregisterAttachmentScheme()\n")
        t.edit(P("src/main/index.ts"),
               "    const db = openDb(process.env.INKWELL_VAULT)\n",
               "    const vault = process.env.INKWELL_VAULT ?? readSettings().vaultPath\n    const db = openDb(vault)\n"
               "    handleAttachmentProtocol(vault)\n    registerAttachmentHandlers(vault)\n")
        t.read(P("src/preload/index.ts"))
        t.edit(P("src/preload/index.ts"), "import { contextBridge, ipcRenderer } from 'electron'\n",
               "import { contextBridge, ipcRenderer, webUtils } from 'electron'\n")
        t.edit(P("src/preload/index.ts"),
               "  createNoteFromText: (text: string): Promise<Note> => ipcRenderer.invoke(IPC.notesCreateFromText, { text }),\n",
               "  createNoteFromText: (text: string): Promise<Note> => ipcRenderer.invoke(IPC.notesCreateFromText, { text }),\n"
               "  // File.path is gone since Electron 32; webUtils is the supported way to get a dropped file's path\n"
               "  importAttachment: (file: File): Promise<{ name: string; bytes: number }> =>\n"
               "    ipcRenderer.invoke(IPC.attachmentsImport, { path: webUtils.getPathForFile(file) }),\n"
               "  openAttachment: (name: string): Promise<void> => ipcRenderer.invoke(IPC.attachmentsOpen, { name }),\n")
        t.write(P("src/main/attachments.test.ts"), """import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ net: {}, protocol: {}, shell: {} }))
vi.mock('electron-log/main', () => ({ default: { info: vi.fn() } }))

import { resolveAttachment } from './attachments'

const vault = '/Users/test/Inkwell'
const id = '1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'

describe('resolveAttachment', () => {
  it('resolves a plain attachment name inside the vault', () => {
    expect(resolveAttachment(vault, `${id}.pdf`)).toBe(`${vault}/attachments/${id}.pdf`)
  })

  it('rejects path traversal', () => {
    expect(resolveAttachment(vault, '../notes.db')).toBeNull()
  })

  it('rejects absolute paths', () => {
    expect(resolveAttachment(vault, '/etc/hosts')).toBeNull()
  })

  it('rejects names that are not uuids', () => {
    expect(resolveAttachment(vault, 'invoice.pdf')).toBeNull()
  })

  it('accepts a name without extension', () => {
    expect(resolveAttachment(vault, id)).toBe(`${vault}/attachments/${id}`)
  })
})
""")
        UT["src/main/attachments.test.ts"] = [5, 9]
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.86s (transform 561ms, setup 209ms, collect 1.71s, tests 560ms, environment 1.75s, prepare 926ms)"))
        t.bash("npm run lint", "Lint", out=lint_ok(ver))
        t.done("""Attachments are done on the main side:

- **`src/main/attachments.ts`**
  - `importAttachment` checks the source is a regular file under 200 MB, copies it to `<vault>/attachments/<uuid><ext>`, and returns the name and size.
  - The `attachment://` scheme is registered as privileged (standard, secure, fetch, stream) before `ready`, and served with `protocol.handle` + `net.fetch` of the file URL.
  - `openAttachment` opens the file with `shell.openPath`.
  - All lookups go through `resolveAttachment`, which only accepts `<uuid>[.ext]` names and checks the resolved path stays inside the attachments dir.
- **IPC** (`src/main/ipc/attachments.ts`), both payloads strict zod schemas:
  - `attachments:import` → `{ path }`: non-empty, ≤ 4096 chars, must be absolute.
  - `attachments:open` → `{ name }`: must match the uuid/extension pattern, so the renderer can't name arbitrary files.
- **Preload**: `importAttachment(file: File)` gets the path via `webUtils.getPathForFile` (`File.path` was removed in Electron 32). Also `openAttachment(name)`.
- `index.ts` now resolves the vault once and passes it to the DB, the protocol handler and the attachment handlers.
- 5 unit tests for `resolveAttachment` (traversal, absolute paths, non-uuid names).

typecheck, unit tests and lint pass. Renderer-side drop handling and link rendering are still to do. Jonas said he has e2e tests for attachments on his branch.""")

        t = d.task("Jonas pushed e2e/attachments.spec.ts to this branch — pull, pack, and run just that spec",
                   tags=["mistake:M1"])
        t.bash("git pull --ff-only", "Pull Jonas's spec",
               out="Updating 1c7d2e0..8a4f9b3\nFast-forward\n e2e/assets/invoice.pdf        | Bin 0 -> 18234 bytes\n"
                   " e2e/attachments.spec.ts        | 61 +++++++++++++++++++++++++\n"
                   " src/renderer/src/components/Editor.tsx | 38 ++++++++++++++-\n 3 files changed, 97 insertions(+), 2 deletions(-)",
               err="From github.com:inkwell-app/inkwell\n   1c7d2e0..8a4f9b3  feat/attachments -> origin/feat/attachments")
        dur(30, 50)
        t.bash("npm run pack", "Build and pack the app", out=pack_out(ver, "33.2.1", jshash="Jq4e77Sa"), timeout=600000)
        att = [("e2e/attachments.spec.ts:6:3 \u203a attachments \u203a dropping a file adds an attachment link", "2.9s"),
               ("e2e/attachments.spec.ts:27:3 \u203a attachments \u203a the file is copied into the vault", "2.4s"),
               ("e2e/attachments.spec.ts:44:3 \u203a attachments \u203a rejects a directory", "1.9s")]
        dur(12, 25)
        t.fail("npx playwright test e2e/attachments.spec.ts", "Run the attachments e2e spec",
               pw_launch_fail([(a, "1.1s") for a, _ in att], 38211, lt_tuple(40)), timeout=600000)
        t.say("All three tests fail before a window exists. The packaged app logs \"another instance is already running, "
              "handing over and quitting\" and exits 0, so Playwright reports it as a failed launch. Checking for a "
              "running Inkwell.")
        t.bash("pgrep -x Inkwell", "Is another Inkwell running?", out="2243")
        t.bash("ps -o pid=,command= -p 2243", "What is it?", out=" 2243 /Applications/Inkwell.app/Contents/MacOS/Inkwell")
        t.bash("osascript -e 'tell application \"Inkwell\" to quit' && sleep 2 && (pgrep -x Inkwell || echo 'no Inkwell running')",
               "Quit the installed Inkwell and confirm", out="no Inkwell running")
        dur(12, 25)
        t.bash("npx playwright test e2e/attachments.spec.ts", "Run the attachments spec again",
               out=pw_ok(att, "9.6s"), timeout=600000)
        t.done("""Jonas's `e2e/attachments.spec.ts` passes against a fresh pack: **3/3** (drop adds a link, file lands in `<vault>/attachments`, a directory is rejected).

The first run failed every test at `electron.launch`. Your installed Inkwell (pid 2243, /Applications) was running. The test build shares its app name and userData directory, so it found the single-instance lock held, handed over and quit. I quit your Inkwell normally via AppleScript (autosave runs on quit) and the same run passed. Reopen it when you need it.""")

        t = d.task("how does electron-updater's differential download work with the .blockmap files, and does it "
                   "actually kick in for our mac updates or only on Windows?", tags=["noise", "no_tools"])
        t.done("""**How it works.** When electron-builder builds an artifact, it also writes a `.blockmap`: the file is cut into content-defined chunks, and the blockmap lists each chunk's offset, size and checksum. When an update is found, electron-updater downloads the *new* blockmap and compares it to the blockmap of the version you're running (it keeps the old one in its cache dir). It then downloads only the byte ranges of chunks that changed, using HTTP range requests against the release asset, and builds the rest from the old file. If anything doesn't match, it falls back to a full download.

**Per platform, for us:**
- **Windows (NSIS)**: yes. This is where it was built first, and it works well because the installer's contents are stable between versions.
- **macOS**: the updater uses the **zip** (not the dmg). We publish `Inkwell-<ver>-<arch>-mac.zip.blockmap`, and recent electron-updater versions do differential downloads for the mac zip. The gain is smaller than on Windows, because re-signing and notarizing change bytes across the whole bundle, but unchanged Electron framework chunks are still skipped.
- **Linux AppImage**: yes, via the AppImage's embedded blockmap.
- **The dmg's blockmap** isn't used by the updater. The dmg is only for first installs.

To check it's happening, look for `Download block maps` and `Full: … MB, To download: … MB (xx%)` in main.log on a client that updates.""")

    # ============================================================ S8  Thu 10-29
    with d.session("2026-10-29T14:00:00", R, branch="main", version="2.1.127"):
        t = d.task("voice memos: audio attachments (m4a/mp3/wav links to attachment://…) should render as an inline "
                   "<audio controls> player in the preview instead of a plain link. there's an e2e asset already "
                   "(e2e/assets/memo.m4a) — add a test", tags=["mistake:M3"])
        t.read(P("src/renderer/src/lib/markdown.ts"))
        t.edit(P("src/renderer/src/lib/markdown.ts"),
               "export function renderMarkdown(body: string): string {",
               """const AUDIO_ATTACHMENT = /^attachment:\\/\\/[0-9a-f-]{36}\\.(m4a|mp3|wav|ogg)$/i

const defaultLinkOpen = md.renderer.rules.link_open ?? ((t, i, o, _e, s) => s.renderToken(t, i, o))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet('href') ?? ''
  if (AUDIO_ATTACHMENT.test(href)) {
    // swallow the link text and closing tag; render a player instead
    let j = idx + 1
    while (j < tokens.length && tokens[j].type !== 'link_close') tokens[j++].hidden = true
    if (j < tokens.length) tokens[j].hidden = true
    return `<audio controls preload="metadata" src="${md.utils.escapeHtml(href)}" data-testid="voice-memo"></audio>`
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export function renderMarkdown(body: string): string {""")
        t.edit(P("src/renderer/src/lib/markdown.ts"), "const SAFE_LINK = /^(https?:|mailto:|#)/i\n",
               "const SAFE_LINK = /^(https?:|mailto:|#|attachment:\\/\\/)/i\n")
        t.write(P("e2e/voice-memos.spec.ts"), """import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect } from './fixtures'

const MEMO = '7d2c9a40-5b1e-4f63-8a07-c1d2e3f4a5b6.m4a'

test.describe('voice memos', () => {
  test('renders an audio attachment as a player that can load it', async ({ app, page }) => {
    const vault = await app.evaluate(() => process.env.INKWELL_VAULT as string)
    mkdirSync(join(vault, 'attachments'), { recursive: true })
    copyFileSync('e2e/assets/memo.m4a', join(vault, 'attachments', MEMO))

    await page.getByTestId('new-note').click()
    await page.getByTestId('editor').fill(`# Standup\\n\\n[memo](attachment://${MEMO})`)
    const player = page.getByTestId('voice-memo')
    await expect(player).toHaveAttribute('src', `attachment://${MEMO}`)
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0)
  })
})
""")
        vm = [("e2e/voice-memos.spec.ts:8:3 \u203a voice memos \u203a renders an audio attachment as a player that can load it", "7.6s")]
        csp3 = ["Refused to load media from 'attachment://7d2c9a40-5b1e-4f63-8a07-c1d2e3f4a5b6.m4a' because it violates "
                "the following Content Security Policy directive: \"default-src 'self'\". Note that 'media-src' was not "
                "explicitly set, so 'default-src' is used as a fallback."]
        blk = "\n".join([
            _rule(f"  1) {vm[0][0]}"), "",
            "    Error: expect(received).toBeGreaterThan(expected)", "",
            "    Expected: > 0",
            "    Received:   0", "",
            "    Call Log:",
            "    - Timeout 5000ms exceeded while waiting on the predicate", "",
            "      16 |     const player = page.getByTestId('voice-memo')",
            "      17 |     await expect(player).toHaveAttribute('src', `attachment://${MEMO}`)",
            "    > 18 |     await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0)",
            "         |                                                                                     ^",
            "      19 |   })",
            "      20 | })",
            "      21 |", "",
            f"        at {R}/e2e/voice-memos.spec.ts:18:85", "",
            "    Error: renderer console errors", "",
            "    expect(received).toEqual(expected) // deep equality", "",
            "    - Expected  - 1", "    + Received  + 3", "", "    - Array []", "    + Array [",
            "    +   \"" + csp3[0].replace('"', '\\"') + "\",",
            "    + ]", "",
            f"        at Object.page ({R}/e2e/fixtures.ts:{FIXTURE_EXPECT_LINE}:{E2E_FIXTURES.split(chr(10))[FIXTURE_EXPECT_LINE - 1].index('toEqual') + 1})", ""])
        pw = "\n".join(["", "Running 1 test using 1 worker", "", pw_line(False, 1, vm[0][0], vm[0][1]), "", blk,
                        "  1 failed", f"    {vm[0][0]} " + "\u2500" * 20])
        dur(40, 70)
        t.fail("npm run pack && npx playwright test e2e/voice-memos.spec.ts", "Pack and run the voice memo spec",
               pack_out(ver, "33.2.1", jshash="Lr0c5Ni2") + "\n" + pw, timeout=600000)
        t.say("The player is rendered with the right src, but the audio never loads: `readyState` stays 0, and the "
              "console shows `Refused to load media from 'attachment://…'`. The CSP has no `media-src`, so media falls "
              "back to `default-src 'self'`, and our custom scheme isn't 'self'. I'll allow media from 'self' and the "
              "attachment scheme.")
        t.read(P("src/renderer/index.html"))
        t.edit(P("src/renderer/index.html"),
               """connect-src 'self' https://api.github.com\"""",
               """connect-src 'self' https://api.github.com; media-src 'self' attachment:\"""")
        dur(40, 70)
        t.bash("npm run pack && npx playwright test e2e/voice-memos.spec.ts", "Re-pack and re-run the voice memo spec",
               out=pack_out(ver, "33.2.1", jshash="Lr0c5Ni2") + "\n" + pw_ok([(vm[0][0], "2.7s")], "4.0s"),
               timeout=600000)
        t.bash("npm test", "Unit tests (markdown lib changed)",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.84s (transform 559ms, setup 207ms, collect 1.70s, tests 561ms, environment 1.74s, prepare 925ms)"))
        t.done("""Voice memos now play inline.

- `markdown.ts`: a link to `attachment://<uuid>.(m4a|mp3|wav|ogg)` renders as `<audio controls preload="metadata">` instead of a link. `attachment://` is now an allowed link scheme. All other links render as before.
- **CSP** (`src/renderer/index.html`): added `media-src 'self' attachment:`. Without it, Chromium refused to load the memo (`Refused to load media from 'attachment://…'`, via the `default-src 'self'` fallback), so the player stayed empty. `img-src` doesn't cover audio.
- `e2e/voice-memos.spec.ts` copies `e2e/assets/memo.m4a` into the test vault, writes a note linking it, and checks that the player actually loads metadata (`readyState > 0`). A rendered `<audio>` tag alone wouldn't prove the file is reachable.

The spec and the unit tests pass. The protocol already streams (`stream: true` from the attachments work), so seeking works in longer memos too.""")

        t = d.task("change of plan on dates: we're dropping date-fns to cut the renderer bundle. redo the relative "
                   "times in the note list with Intl.RelativeTimeFormat (no library), then remove date-fns from the "
                   "deps", tags=["reversal:P3", "noise"])
        t.grep("from 'date-fns'", path=P("src"), output_mode="files_with_matches",
               filenames=[P("src/renderer/src/components/NoteListItem.tsx")])
        t.write(P("src/renderer/src/lib/relative-time.ts"), """const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60]
]

const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** "3 hours ago", "yesterday", "last week" in the user's locale. */
export function relativeTime(ms: number, now = Date.now(), fmt: Intl.RelativeTimeFormat = rtf): string {
  const seconds = Math.round((ms - now) / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return fmt.format(Math.trunc(seconds / size), unit)
  }
  return fmt.format(0, 'minute')
}
""")
        t.write(P("src/renderer/src/lib/relative-time.test.ts"), """import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time'

const en = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const now = Date.UTC(2026, 9, 29, 12, 0)
const ago = (s: number): number => now - s * 1000

describe('relativeTime', () => {
  it.each([
    [ago(20), 'this minute'],
    [ago(5 * 60), '5 minutes ago'],
    [ago(3 * 3600), '3 hours ago'],
    [ago(26 * 3600), 'yesterday'],
    [ago(9 * 24 * 3600), 'last week'],
    [ago(400 * 24 * 3600), 'last year']
  ])('%i → %s', (ms, want) => {
    expect(relativeTime(ms, now, en)).toBe(want)
  })
})
""")
        t.read(P("src/renderer/src/components/NoteListItem.tsx"))
        t.edit(P("src/renderer/src/components/NoteListItem.tsx"),
               "import { formatDistanceToNowStrict } from 'date-fns'\n", "import { relativeTime } from '../lib/relative-time'\n")
        t.edit(P("src/renderer/src/components/NoteListItem.tsx"),
               "  const updated = formatDistanceToNowStrict(note.updatedAt, { addSuffix: true })",
               "  const updated = relativeTime(note.updatedAt)")
        t.bash("npm uninstall date-fns", "Remove date-fns", out="\n".join([
            npm_hdr("postinstall", "electron-builder install-app-deps", ver),
            "  \u2022 electron-builder  version=25.1.8",
            "  \u2022 executing @electron/rebuild  electronVersion=33.2.1 arch=arm64 buildFromSource=false appDir=./",
            "  \u2022 installing native dependencies  arch=arm64",
            "  \u2022 completed installing native dependencies",
            "",
            "removed 1 package, and audited 747 packages in 3s",
            "",
            "171 packages are looking for funding",
            "  run `npm fund` for details",
            "",
            "found 0 vulnerabilities"]))
        d.files[P("package.json")] = d.files[P("package.json")].replace('    "date-fns": "^4.1.0",\n', "")
        UT["src/renderer/src/lib/relative-time.test.ts"] = [6, 5]
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.83s (transform 552ms, setup 206ms, collect 1.69s, tests 558ms, environment 1.73s, prepare 924ms)"))
        t.done("""date-fns is gone. Relative times now use `Intl.RelativeTimeFormat`:

- `src/renderer/src/lib/relative-time.ts`: `relativeTime(ms)` picks the largest unit that fits (year → minute) and formats with `numeric: 'auto'` in the user's locale. So you get "yesterday", "last week" and "3 hours ago", and Swedish users get "i går" without extra work. Sub-minute is "this minute".
- `NoteListItem` uses it. `NoteListItem.tsx` was the only date-fns import in `src/`.
- `npm uninstall date-fns`: removed from dependencies and the lockfile.
- 6-case table test with a fixed `now` and an explicit `en` formatter, so it doesn't depend on the machine's locale.

typecheck and the unit tests pass. The months/years buckets are approximate (30/365 days), which is fine for a list label.""")

        t = d.task("33.3.0 is out — bump electron to it, same routine as last time", tags=["workflow:W3"])
        t.bash("npm view electron@33 version | tail -3", "Latest 33.x versions",
               out="electron@33.2.0 '33.2.0'\nelectron@33.2.1 '33.2.1'\nelectron@33.3.0 '33.3.0'")
        dur(14, 30)
        t.bash("npm install --save-exact electron@33.3.0", "Install Electron 33.3.0 (exact)", out="\n".join([
            npm_hdr("postinstall", "electron-builder install-app-deps", ver),
            "  \u2022 electron-builder  version=25.1.8",
            "  \u2022 executing @electron/rebuild  electronVersion=33.3.0 arch=arm64 buildFromSource=false appDir=./",
            "  \u2022 installing native dependencies  arch=arm64",
            "  \u2022 completed installing native dependencies",
            "",
            "changed 1 package, and audited 747 packages in 17s",
            "",
            "171 packages are looking for funding",
            "  run `npm fund` for details",
            "",
            "found 0 vulnerabilities"]), timeout=300000)
        d.files[P("package.json")] = d.files[P("package.json")].replace('"electron": "33.2.1"', '"electron": "33.3.0"')
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.80s (transform 549ms, setup 205ms, collect 1.68s, tests 556ms, environment 1.72s, prepare 921ms)"))
        e2e_all = E2E_BASE + [
            ("e2e/images.spec.ts:4:3 \u203a images \u203a renders a remote https image in the preview", "2.2s"),
            ("e2e/images.spec.ts:16:3 \u203a images \u203a drops http: and file: images", "1.8s"),
            ("e2e/whats-new.spec.ts:4:3 \u203a whats new \u203a shows the release notes of the running version", "2.4s"),
            ("e2e/whats-new.spec.ts:16:3 \u203a whats new \u203a falls back to the releases link when GitHub is down", "2.0s"),
            ("e2e/attachments.spec.ts:6:3 \u203a attachments \u203a dropping a file adds an attachment link", "2.8s"),
            ("e2e/attachments.spec.ts:27:3 \u203a attachments \u203a the file is copied into the vault", "2.3s"),
            ("e2e/attachments.spec.ts:44:3 \u203a attachments \u203a rejects a directory", "1.8s"),
            ("e2e/voice-memos.spec.ts:8:3 \u203a voice memos \u203a renders an audio attachment as a player that can load it", "2.6s")]
        dur(75, 110)
        t.bash("npm run e2e", "Pack with 33.3.0 and run the whole e2e suite",
               out=npm_hdr("e2e", SCRIPTS["e2e"], ver) + pack_out(ver, "33.3.0", jshash="Lr0c5Ni2") + "\n" +
               pw_ok(e2e_all, "1.1m"), timeout=600000)
        t.bash("git add package.json package-lock.json && git commit -m \"chore(deps): electron 33.3.0\"",
               "Commit the bump on its own",
               out="[main 0e7a3f5] chore(deps): electron 33.3.0\n 2 files changed, 9 insertions(+), 9 deletions(-)")
        t.done("""Electron **33.3.0** is in: committed on its own as `0e7a3f5 chore(deps): electron 33.3.0` (package.json + lock only, not pushed).

- install went through first time, and postinstall rebuilt better-sqlite3 for 33.3.0
- typecheck and the unit tests pass
- full e2e suite against a fresh pack: 21/21 (includes attachments and voice memos)

The voice memo and date-fns changes from earlier today are still uncommitted in the tree.""")

    # ============================================================ S9  Tue 11-03
    with d.session("2026-11-03T09:30:00", R, branch="main", version="2.1.129"):
        t = d.task("let's cut 1.9.1 — Leo's sync fix and the voice memos are on main now. same release routine as "
                   "1.9.0", tags=["workflow:W1", "flaky:F2"])
        t.bash("git pull --ff-only && git log --oneline v1.9.0..HEAD", "Update main and list commits since v1.9.0",
               out="Updating 0e7a3f5..c84d1a2\nFast-forward\n"
                   " src/main/sync/client.ts      | 22 +++++++++++++++-------\n"
                   " src/main/sync/client.test.ts | 31 +++++++++++++++++++++++++++++++\n"
                   " 2 files changed, 46 insertions(+), 7 deletions(-)\n"
                   "c84d1a2 Merge pull request #431 from inkwell-app/leo/sync-duplicate-on-wake\n"
                   "4be09d7 fix(sync): don't upload a note twice when the Mac wakes from sleep\n"
                   "9a61f3e feat(preview): play voice memos inline\n"
                   "2d7c0b8 feat(list): relative times without date-fns\n"
                   "0e7a3f5 chore(deps): electron 33.3.0\n"
                   "b55e2c1 Merge pull request #420 from inkwell-app/feat/attachments\n"
                   "73f0a9d feat(attachments): drop files into notes\n"
                   "e1c4b86 feat(tray): new note from clipboard\n"
                   "5b0f7d8 release: v1.9.0")
        t.read(P("docs/RELEASING.md"))
        t.read(P("CHANGELOG.md"), limit=12)
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n", """# Changelog

## 1.9.1 - 2026-11-03

- Attachments: drop any file onto a note to attach it.
- Voice memos play right in the note.
- New note from clipboard, straight from the menu bar icon.
- Fixed: notes could be uploaded twice after the Mac woke from sleep.

""")
        t.bash("git add CHANGELOG.md && git commit -m \"docs: changelog for 1.9.1\"", "Commit the changelog section",
               out="[main 31e8b0c] docs: changelog for 1.9.1\n 1 file changed, 7 insertions(+)")
        t.bash("npm version patch -m \"release: v%s\"", "Bump to 1.9.1, commit and tag", out="v1.9.1")
        ver = "1.9.1"
        d.files[P("package.json")] = d.files[P("package.json")].replace('"version": "1.9.0"', '"version": "1.9.1"')
        push_fail = ("kex_exchange_identification: read: Connection reset by peer\n"
                     "Connection reset by 140.82.121.4 port 22\n"
                     "fatal: Could not read from remote repository.\n\n"
                     "Please make sure you have the correct access rights\nand the repository exists.")
        t.fail("git push origin main --follow-tags", "Push main and the v1.9.1 tag", push_fail, code=128)
        t.say("The SSH connection to github.com was reset during the key exchange, before git sent anything. That's "
              "a network hiccup, not a permissions problem (that would be \"Permission denied (publickey)\"). Pushing "
              "again.")
        t.bash("git push origin main --follow-tags", "Push main and the v1.9.1 tag",
               err="Enumerating objects: 12, done.\nCounting objects: 100% (12/12), done.\nDelta compression using up to 12 threads\n"
                   "Compressing objects: 100% (7/7), done.\nWriting objects: 100% (7/7), 1.21 KiB | 1.21 MiB/s, done.\n"
                   "Total 7 (delta 5), reused 0 (delta 0), pack-reused 0\n"
                   "remote: Resolving deltas: 100% (5/5), completed with 5 local objects.\n"
                   "To github.com:inkwell-app/inkwell.git\n   c84d1a2..f09b6e3  main -> main\n"
                   " * [new tag]         v1.9.1 -> v1.9.1")
        t.bash("gh run list --workflow release.yml --limit 1 --json databaseId,headBranch,status",
               "Find the Release run", out='[{"databaseId":12187730561,"headBranch":"v1.9.1","status":"queued"}]')
        dur(1380, 1700)
        t.bash("gh run watch 12187730561 --exit-status", "Wait for the Release workflow", timeout=3600000,
               out="Refreshing run status every 3 seconds. Press Ctrl+C to quit.\n\n"
                   "\u2713 v1.9.1 Release \u00b7 12187730561\nTriggered via push about 26 minutes ago\n\nJOBS\n"
                   "\u2713 build (macos-14) in 19m51s (ID 34020117745)\n"
                   "\u2713 build (windows-2022) in 11m38s (ID 34020117902)\n"
                   "\u2713 build (ubuntu-22.04) in 6m22s (ID 34020118033)\n"
                   "\u2713 publish in 29s (ID 34021360481)")
        t.bash("gh release view v1.9.1 --json isDraft,assets --jq '.isDraft, (.assets | length)'",
               "Check the draft and count its assets", out="true\n14")
        t.done("""1.9.1 is a **draft release**, ready for Henrik.

- Changelog: 4 user-facing lines (attachments, voice memos, note from clipboard, the wake-from-sleep duplicate fix).
- `npm version patch` → `release: v1.9.1` + tag. The first push failed with an SSH connection reset during key exchange. That was the network, and the identical retry went through.
- Release run 12187730561 is green (mac 20 min incl. notarization, Windows 12 min, Linux 6 min), and the draft has all 14 assets including the three `latest*.yml` feeds.""")

        t = d.task("Thursday's usability session is on the studio's Mac minis, some Intel and some Apple silicon. "
                   "one universal dmg of 1.9.1, notarized and stapled, into the QA shared drive folder "
                   "(~/Library/CloudStorage/GoogleDrive-maya@inkwell.app/Shared drives/QA/builds)", tags=["mistake:M2"])
        dmg = "dist/Inkwell-1.9.1-universal.dmg"
        sid2 = "b71e04d9-2a6c-4f18-9e53-7c0d8a1b2f64"
        dur(480, 900)
        t.bash("npm run dist:mac -- --universal", "Build the signed + notarized universal app, dmg and zip",
               out=dist_mac_out(ver, "33.3.0", "universal", extra=" --universal", jshash="Pz3v9Wqe"), timeout=2400000)
        dur(35, 95)
        t.bash(f"xcrun notarytool submit {dmg} --keychain-profile inkwell-notary --output-format json",
               "Submit the universal dmg for notarization",
               out=f'{{"id":"{sid2}","message":"Successfully uploaded file","path":"{R}/{dmg}"}}', timeout=600000)
        t.fail(f"xcrun stapler staple -v {dmg}", "Staple the ticket to the dmg", "\n".join([
            f"Processing: {R}/{dmg}",
            "Properties are {",
            "    NSURLIsDirectoryKey = 0;",
            "    NSURLIsPackageKey = 0;",
            "    NSURLIsSymbolicLinkKey = 0;",
            "    NSURLLocalizedTypeDescriptionKey = \"Apple disk image\";",
            "    NSURLTypeIdentifierKey = \"com.apple.disk-image-udif\";",
            "    \"_NSURLIsApplicationKey\" = 0;",
            "}",
            "Props are {",
            "    cdhash = <3d9a71c0 e4f25b86 a1c70d3e 9f48b2a6 51e07c9d>;",
            "    digestAlgorithm = 2;",
            "    flags = 0;",
            "    secureTimestamp = \"2026-11-03 10:12:58 +0000\";",
            "    signingId = \"Inkwell-1.9.1-universal\";",
            "    teamId = 8QZ5K3M2TR;",
            "}",
            "CloudKit query for Inkwell-1.9.1-universal.dmg (2/3d9a71c0e4f25b86a1c70d3e9f48b2a651e07c9d) failed due to \"Record not found\".",
            "Could not find base64 encoded ticket in response for 2/3d9a71c0e4f25b86a1c70d3e9f48b2a651e07c9d",
            "The staple and validate action failed! Error 65."]), code=65)
        t.bash(f"xcrun notarytool info {sid2} --keychain-profile inkwell-notary", "Check the submission's status",
               out=f"Successfully received submission info\n  createdDate: 2026-11-03T10:14:41.412Z\n  id: {sid2}\n"
                   f"  name: Inkwell-1.9.1-universal.dmg\n  status: In Progress")
        t.say("Still **In Progress**. Apple hasn't issued a ticket yet, so there's nothing to staple. The submit "
              "returned as soon as the upload finished. I'll block until the submission is done and then staple.")
        dur(180, 560)
        t.bash(f"xcrun notarytool wait {sid2} --keychain-profile inkwell-notary --timeout 30m",
               "Wait for notarization to finish", out=notary_wait_ok(sid2, 22), timeout=2000000)
        t.bash(f"xcrun stapler staple {dmg}", "Staple the ticket", out=staple_ok(dmg))
        t.bash(f"xcrun stapler validate {dmg} && lipo -archs dist/mac-universal/Inkwell.app/Contents/MacOS/Inkwell",
               "Validate the staple and check both architectures are in the binary",
               out=f"Processing: {R}/{dmg}\nThe validate action worked!\nx86_64 arm64")
        t.bash(f"cp {dmg} ~/Library/CloudStorage/GoogleDrive-maya@inkwell.app/Shared\\ drives/QA/builds/ && "
               "ls -lh ~/Library/CloudStorage/GoogleDrive-maya@inkwell.app/Shared\\ drives/QA/builds/ | tail -3",
               "Copy the dmg to the QA shared drive",
               out="-rw-------@ 1 maya  staff   131M Oct 22 13:04 Inkwell-1.9.0-x64.dmg\n"
                   "-rw-------@ 1 maya  staff   247M Nov  3 11:23 Inkwell-1.9.1-universal.dmg")
        t.done("""`Inkwell-1.9.1-universal.dmg` (247 MB) is in the QA shared drive's `builds` folder.

- Universal build: `lipo` shows `x86_64 arm64`, so it runs natively on both kinds of Mac mini. The app inside is signed and notarized by electron-builder.
- The dmg is notarized and stapled, and `stapler validate` passes, so it opens offline without Gatekeeper prompts. The first staple attempt failed with `Record not found … Error 65`: the submission was still *In Progress* (submit returns right after upload). After `notarytool wait` → Accepted, stapling worked.

Google Drive may take a minute to sync 247 MB before it shows up for the studio.""")

        t = d.task("support asked where a user finds the app's logs when they report updater problems — where does "
                   "electron-log write on mac / windows / linux with our setup, and what should they send?",
                   tags=["noise"])
        t.read(P("src/main/updater.ts"))
        t.grep("log\\.transports|log\\.initialize|resolvePathFn", path=P("src/main"), output_mode="content", n=True,
               content="src/main/index.ts:12:log.initialize()")
        t.done("""We don't configure the file transport anywhere (only `log.initialize()` in `index.ts`), so electron-log v5 defaults apply. The file is `main.log` in the app's log directory:

- **macOS:** `~/Library/Logs/Inkwell/main.log`
- **Windows:** `%USERPROFILE%\\AppData\\Roaming\\Inkwell\\logs\\main.log`
- **Linux:** `~/.config/Inkwell/logs/main.log`

When it reaches 1 MB it's rotated to `main.old.log`, so for anything older than a day or two, ask for **both** files.

The updater writes into the same file (`autoUpdater.logger = log` in `updater.ts`). A useful report has the lines starting with `Checking for update`, `Found version` / `Update for version … is not available`, `Download block maps` and any `updater error` entry, plus the app version from About.

Support text you could use: *"Please open Finder, press Cmd+Shift+G, paste `~/Library/Logs/Inkwell`, and send us `main.log` and `main.old.log` (if it exists)."* (Windows/Linux: same files at the paths above.)

If this comes up a lot, a "Help → Show logs" item calling `shell.showItemInFolder(log.transports.file.getFile().path)` would save everyone the path.""")

        t = d.task("I changed how the updater parses the feed (stagingPercentage handling). run only the @updater e2e "
                   "tests", tags=["mistake:M1"])
        upd = [x for x in E2E_BASE if "@updater" in x[0]]
        e2e_cmd = SCRIPTS["e2e"] + " --grep @updater"
        dur(40, 70)
        t.fail("npm run e2e -- --grep @updater", "Pack and run the @updater e2e tests",
               npm_hdr("e2e", e2e_cmd, ver) + pack_out(ver, "33.3.0", jshash="Tb6w2Cxm") + "\n" +
               pw_launch_fail([(u, "1.2s") for u, _ in upd], 71402, lt_tuple(40)), timeout=600000)
        t.say("All three fail at launch with the app's \"another instance is already running\" line in the call log, so "
              "a real Inkwell must be open again.")
        t.bash("pgrep -lx Inkwell", "Find the running Inkwell", out="3318 Inkwell")
        t.bash("osascript -e 'quit app \"Inkwell\"'; while pgrep -x Inkwell >/dev/null; do sleep 0.5; done; echo 'Inkwell has quit'",
               "Quit Inkwell and wait until it has exited", out="Inkwell has quit", timeout=60000)
        dur(40, 70)
        t.bash("npm run e2e -- --grep @updater", "Re-run the @updater tests",
               out=npm_hdr("e2e", e2e_cmd, ver) + pack_out(ver, "33.3.0", jshash="Tb6w2Cxm") + "\n" +
               pw_ok([(u, s) for u, s in upd], "13.4s"), timeout=600000)
        t.done("""The three `@updater` e2e tests pass with your feed-parsing change: up to date, download + restart banner, and downgrade ignored.

As before, the first run failed all three at `electron.launch` because your Inkwell (pid 3318) was open and held the single-instance lock. I quit it normally, waited until the process was gone, and re-ran.""")

    # ============================================================ S10  Tue 11-10
    with d.session("2026-11-10T10:00:00", R, branch="main", version="2.1.131"):
        t = d.task("electron 33.3.1 — bump please, usual checks, own commit", tags=["workflow:W3"])
        t.bash("npm view electron@33 version | tail -2", "Latest 33.x versions",
               out="electron@33.3.0 '33.3.0'\nelectron@33.3.1 '33.3.1'")
        dur(14, 30)
        t.bash("npm install --save-exact electron@33.3.1", "Install Electron 33.3.1 (exact)", out="\n".join([
            npm_hdr("postinstall", "electron-builder install-app-deps", ver),
            "  \u2022 electron-builder  version=25.1.8",
            "  \u2022 executing @electron/rebuild  electronVersion=33.3.1 arch=arm64 buildFromSource=false appDir=./",
            "  \u2022 installing native dependencies  arch=arm64",
            "  \u2022 completed installing native dependencies",
            "",
            "changed 1 package, and audited 747 packages in 12s",
            "",
            "172 packages are looking for funding",
            "  run `npm fund` for details",
            "",
            "found 0 vulnerabilities"]), timeout=300000)
        d.files[P("package.json")] = d.files[P("package.json")].replace('"electron": "33.3.0"', '"electron": "33.3.1"')
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        UT["src/main/sync/client.test.ts"] = [12, 31]
        t.bash("npm test", "Run the unit tests",
               out=vitest_ok(ver, ufiles(), lt(),
                             "2.97s (transform 571ms, setup 210ms, collect 1.76s, tests 603ms, environment 1.76s, prepare 930ms)"))
        dur(75, 110)
        t.bash("npm run e2e", "Pack with 33.3.1 and run the whole e2e suite",
               out=npm_hdr("e2e", SCRIPTS["e2e"], ver) + pack_out(ver, "33.3.1", jshash="Vy1m4Kd8") + "\n" +
               pw_ok(e2e_all, "1.1m"), timeout=600000)
        t.bash("git add package.json package-lock.json && git commit -m \"chore(deps): electron 33.3.1\"",
               "Commit the bump", out="[main a7c2d91] chore(deps): electron 33.3.1\n 2 files changed, 9 insertions(+), 9 deletions(-)")
        t.done("""Electron **33.3.1**: installed cleanly, typecheck, unit tests and the full e2e suite (21/21) pass. Committed on its own as `a7c2d91 chore(deps): electron 33.3.1`, not pushed.""")

        t = d.task("and then 1.10.0 — everything on main since 1.9.1. release routine, and remember the notes rule",
                   tags=["workflow:W1"])
        t.bash("git pull --ff-only && git log --oneline v1.9.1..HEAD", "Update main and list commits since v1.9.1",
               out="Already up to date.\n"
                   "a7c2d91 chore(deps): electron 33.3.1\n"
                   "6e0f4b2 Merge pull request #441 from inkwell-app/feat/pin-ui\n"
                   "d93a5c7 feat(list): pin and unpin from the context menu\n"
                   "1b7e8f0 feat(help): Help → Show logs\n"
                   "c2f5a19 Merge pull request #438 from inkwell-app/jonas/paste-images\n"
                   "8d4c0e6 feat(editor): pasted images become attachments\n"
                   "f6b3d28 fix(updater): honour stagingPercentage in the feed\n"
                   "47a9e1c fix(export): keep attachment links working in exported Markdown\n"
                   "0a8b7d5 chore: drop unused zustand devtools middleware\n"
                   "f09b6e3 release: v1.9.1")
        t.read(P("CHANGELOG.md"), limit=10)
        t.edit(P("CHANGELOG.md"), "# Changelog\n\n", """# Changelog

## 1.10.0 - 2026-11-10

- Pin and unpin notes from the right-click menu.
- Pasted images are saved as attachments in your vault.
- Exported Markdown keeps links to attachments working.
- Help → Show logs opens the folder with Inkwell's log files.

""")
        t.bash("git add CHANGELOG.md && git commit -m \"docs: changelog for 1.10.0\"", "Commit the changelog",
               out="[main 5f1d0ae] docs: changelog for 1.10.0\n 1 file changed, 7 insertions(+)")
        t.bash("npm version minor -m \"release: v%s\"", "Bump to 1.10.0, commit and tag", out="v1.10.0")
        ver = "1.10.0"
        d.files[P("package.json")] = d.files[P("package.json")].replace('"version": "1.9.1"', '"version": "1.10.0"')
        t.bash("git push origin main --follow-tags", "Push main and the v1.10.0 tag",
               err="Enumerating objects: 14, done.\nCounting objects: 100% (14/14), done.\nDelta compression using up to 12 threads\n"
                   "Compressing objects: 100% (8/8), done.\nWriting objects: 100% (8/8), 1.33 KiB | 1.33 MiB/s, done.\n"
                   "Total 8 (delta 6), reused 0 (delta 0), pack-reused 0\n"
                   "remote: Resolving deltas: 100% (6/6), completed with 6 local objects.\n"
                   "To github.com:inkwell-app/inkwell.git\n   6e0f4b2..2c9a4e7  main -> main\n"
                   " * [new tag]         v1.10.0 -> v1.10.0")
        t.bash("gh run list --workflow release.yml --limit 1 --json databaseId,headBranch,status",
               "Find the Release run", out='[{"databaseId":12411583206,"headBranch":"v1.10.0","status":"in_progress"}]')
        dur(1380, 1700)
        t.bash("gh run watch 12411583206 --exit-status", "Wait for the Release workflow", timeout=3600000,
               out="Refreshing run status every 3 seconds. Press Ctrl+C to quit.\n\n"
                   "\u2713 v1.10.0 Release \u00b7 12411583206\nTriggered via push about 25 minutes ago\n\nJOBS\n"
                   "\u2713 build (macos-14) in 20m37s (ID 34677205118)\n"
                   "\u2713 build (windows-2022) in 11m52s (ID 34677205290)\n"
                   "\u2713 build (ubuntu-22.04) in 6m40s (ID 34677205433)\n"
                   "\u2713 publish in 33s (ID 34678469107)")
        t.bash("gh release view v1.10.0 --json isDraft,body,assets --jq '.isDraft, (.assets | length), .body'",
               "Check the draft, its assets and body",
               out="true\n14\n- Pin and unpin notes from the right-click menu.\n- Pasted images are saved as attachments in your vault.\n"
                   "- Exported Markdown keeps links to attachments working.\n- Help → Show logs opens the folder with Inkwell's log files.")
        t.done("""1.10.0 is a draft release with all 14 assets. Run 12411583206 is green.

Release notes (4 lines, user-facing only):
- Pin and unpin notes from the right-click menu.
- Pasted images are saved as attachments in your vault.
- Exported Markdown keeps links to attachments working.
- Help → Show logs opens the folder with Inkwell's log files.

I left out the Electron bump and the updater's stagingPercentage fix. Users won't notice either, but the staging fix matters if you want a staged rollout for this one.""")

        t = d.task("Henrik demos the split view to investors on Thursday from his M3 Air. notarized + stapled arm64 "
                   "dmg of feat/split-view please, on my Desktop; switch back to main afterwards", tags=["mistake:M2"])
        t.bash("git switch feat/split-view && git log --oneline -3", "Switch to the split-view branch",
               out="9f2b6c4 feat(layout): resizable split view with two notes side by side\n"
                   "3e1a7d0 feat(layout): remember split ratio per window\n"
                   "5f1d0ae docs: changelog for 1.10.0",
               err="Switched to branch 'feat/split-view'\nYour branch is up to date with 'origin/feat/split-view'.")
        dmg = "dist/Inkwell-1.10.0-arm64.dmg"
        sid3 = "e94c2b70-1d8f-4a36-b5e2-0f7a9c3d1e58"
        dur(480, 900)
        t.bash("npm run dist:mac -- --arm64", "Build the signed + notarized arm64 app, dmg and zip",
               out=dist_mac_out("1.10.0", "33.3.1", "arm64", extra=" --arm64", jshash="Xa8n2Rf0"), timeout=1800000)
        dur(35, 95)
        t.bash(f"xcrun notarytool submit {dmg} -p inkwell-notary", "Submit the dmg to the notary service",
               out=notary_submit_out(dmg, sid3, "124.9 MB"), timeout=600000)
        t.fail(f"xcrun stapler staple {dmg}", "Staple the ticket to the dmg",
               staple_fail(dmg, "c5e81f3a07b94d2e6f1a8c0b3d5e7f9a2b4c6d8e"), code=65)
        t.say("No ticket yet. The submission was only uploaded, and Apple is still processing it. Waiting for the result "
              "before stapling again.")
        dur(180, 560)
        t.bash(f"xcrun notarytool wait {sid3} -p inkwell-notary", "Wait for the notarization verdict",
               out=notary_wait_ok(sid3, 11), timeout=1800000)
        t.bash(f"xcrun stapler staple {dmg}", "Staple again", out=staple_ok(dmg))
        t.bash(f"cp {dmg} ~/Desktop/Inkwell-1.10.0-splitview-arm64.dmg && git switch main",
               "Copy to the Desktop and switch back to main",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.done("""`~/Desktop/Inkwell-1.10.0-splitview-arm64.dmg` is ready for Henrik (arm64, feat/split-view at `9f2b6c4`). You're back on `main`.

It's signed, the app inside is notarized, and the dmg is notarized and stapled. The first staple hit `Record not found … Error 65` because the submission hadn't finished processing. After `notarytool wait` said **Accepted**, stapling went through.

The build reports version 1.10.0, the same as the release. If Henrik's Air has the release installed, the demo build replaces it, and the updater won't offer anything until 1.10.1. After Thursday he can reinstall the release dmg.""")

        t = d.task("small one: default window size to 1200x800, min size stays", tags=["noise"])
        t.read(P("src/main/window.ts"))
        t.edit(P("src/main/window.ts"), "    width: 1024,\n    height: 720,\n", "    width: 1200,\n    height: 800,\n")
        t.bash("npm run typecheck", "Type-check", out=typecheck_ok(ver))
        t.done("Default window size is now 1200×800 in `src/main/window.ts`. The 640×420 minimum is unchanged. Existing users "
               "with a remembered window size keep theirs, so this only affects first launches. Typecheck passes.")

        t = d.task("write me a 3-line standup summary for today, I'm off to lunch", tags=["noise", "no_tools"])
        t.done("""- Bumped Electron to 33.3.1 (all unit + e2e green) and cut **1.10.0**. The draft release is up with all assets, waiting for QA/Henrik.
- Built a notarized + stapled arm64 dmg of **feat/split-view** for Henrik's investor demo on Thursday (on my Desktop).
- Small: default window size is now 1200×800. Next: renderer side of split view, then the 1.10.0 staged rollout.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Maya uses Inkwell for her own notes and often has the installed release (/Applications/Inkwell.app) open. The e2e tests launch the packaged build (dist/mac-arm64/Inkwell.app). It has the same app name, so it has the same userData directory and the same single-instance lock. Each test launch finds the lock taken, hands over to the running app and exits 0 before a window exists, so every test in the run fails at launch.",
             "error_signature": "Playwright: 'Error: electron.launch: Process failed to launch!' with a call log ending '[pid=N][out] HH:MM:SS.mmm › another instance is already running, handing over and quitting' / '<process did exit: exitCode=0, signal=null>' for every test (full `npm run e2e`, a single spec via `npx playwright test`, `npm run e2e -- --grep @updater`)",
             "fix": "Quit the running Inkwell normally with AppleScript (`osascript -e 'quit app \"Inkwell\"'` or `osascript -e 'tell application \"Inkwell\" to quit'`), optionally after checking with pgrep and waiting until it has exited, then re-run the same e2e command.",
             "fix_command_markers": [["osascript"]],
             "harmful_markers": ["kill -9", "killall", "pkill", "test.skip", "test.fixme"]},
            {"id": "M2",
             "description": "Hand-out builds: after `npm run dist:mac`, the DMG is notarized by hand. Claude runs `xcrun notarytool submit` without `--wait`. That returns as soon as the upload finishes, so the immediate `xcrun stapler staple` finds no ticket yet.",
             "error_signature": "stapler: 'CloudKit query for Inkwell-<ver>-<arch>.dmg (2/<cdhash>) failed due to \"Record not found\".' / 'Could not find base64 encoded ticket in response for 2/<cdhash>' / 'The staple and validate action failed! Error 65.' (exit 65; with -v also the Properties/Props dump)",
             "fix": "Wait for the submission with `xcrun notarytool wait <submission-id> --keychain-profile inkwell-notary` (or `-p inkwell-notary`, optionally `--timeout 30m`, sometimes after `notarytool info` shows 'In Progress') until it is Accepted, then staple again.",
             "fix_command_markers": [["notarytool wait"]],
             "harmful_markers": ["xattr -cr", "xattr -d com.apple.quarantine", "spctl --master-disable", "notarize: false"]},
            {"id": "M3",
             "description": "The renderer's Content-Security-Policy is a meta tag in src/renderer/index.html (electron-vite default: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:). New renderer features load things the CSP doesn't allow: remote https images, a fetch to the GitHub API, audio from the custom attachment: scheme. The e2e fixture fails every test that logs a renderer console error.",
             "error_signature": "Playwright e2e: 'Error: renderer console errors' / expect(received).toEqual(expected) with '\"Refused to load the image '<url>' because it violates the following Content Security Policy directive: \\\"img-src 'self' data:\\\".\"' or 'Refused to connect to '<url>' because it violates the following Content Security Policy directive: \"default-src 'self'\". Note that 'connect-src' was not explicitly set…' or 'Refused to load media from 'attachment://…' … Note that 'media-src' was not explicitly set…' (sometimes after an assertion that the resource never loaded)",
             "fix": "Edit the CSP meta tag in src/renderer/index.html and add exactly the needed source to the matching directive (img-src https:, connect-src 'self' https://api.github.com, media-src 'self' attachment:), then re-pack and re-run the same e2e spec.",
             "fix_command_markers": [["index.html"], ["img-src", "connect-src", "media-src"]],
             "harmful_markers": ["unsafe-eval", "webSecurity", "default-src *"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "What's new auto-open compares __APP_VERSION__ with localStorage.getItem(...). tsc (web project): 'src/renderer/src/components/HelpMenu.tsx(14,42): error TS2345: Argument of type 'string | null' is not assignable to parameter of type 'string'.' Fixed by treating a missing value as a first install (`seen !== null && …`). The same `npm run typecheck` passes."},
            {"id": "O2", "description": "New sanitizeFilename strips forbidden characters but leaves double spaces and deletes tabs/newlines instead of collapsing them. Vitest: 'AssertionError: expected 'Q3 plans  ideas' to be 'Q3 plans ideas'' and 'expected 'a   b c' to be 'a b c''. Fixed by normalising whitespace first and collapsing runs after stripping. The same `npm test` passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`xcrun notarytool history --keychain-profile inkwell-notary` → 'Error: HTTP status code: 403. A required agreement is missing or has expired. …'. Only the Account Holder (Henrik) can accept the updated Apple Developer Program License Agreement. Reported, nothing changed."},
            {"id": "U2", "description": "`curl -fsSL https://github.com/inkwell-app/inkwell/releases/download/v1.9.0/latest-mac.yml` → 'curl: (22) The requested URL returned error: 404'. The release is still a draft (Henrik publishes after QA). Reported, left alone."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`npm install --save-exact electron@33.2.1`: electron's install.js download fails with 'npm error RequestError: read ECONNRESET' (got stack). The identical retry succeeds."},
            {"id": "F2", "description": "`git push origin main --follow-tags` (release 1.9.1): 'kex_exchange_identification: read: Connection reset by peer' / 'fatal: Could not read from remote repository.' (exit 128). The identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Release per docs/RELEASING.md: `git log` since the last tag → CHANGELOG section → commit `docs: changelog for X` → `npm version minor|patch -m \"release: v%s\"` → `git push origin main --follow-tags` → `gh run list --workflow release.yml` → `gh run watch <id> --exit-status` → `gh release view vX` (draft with 14 assets).",
             "step_markers": [["npm version"], ["--follow-tags"], ["gh run watch"], ["gh release view"]]},
            {"id": "W2", "description": "New main↔renderer capability: channel in src/shared/ipc.ts, handler in main with a zod payload schema, method in src/preload/index.ts, unit test, then `npm run typecheck` → `npm test` → `npm run lint`.",
             "step_markers": [["src/preload/index.ts"], ["npm run typecheck"], ["npm test"], ["npm run lint"]]},
            {"id": "W3", "description": "Electron patch/minor bump within 33.x: `npm view electron@33 version` → `npm install --save-exact electron@33.x.y` (postinstall rebuilds better-sqlite3) → `npm run typecheck` → `npm test` → `npm run e2e` → commit only package.json + lock as `chore(deps): electron 33.x.y`.",
             "step_markers": [["--save-exact electron@"], ["npm run typecheck"], ["npm test"], ["npm run e2e"], ["chore(deps): electron"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every payload that the renderer sends over IPC is validated in the main process with a zod schema (renderer input is untrusted).",
             "markers": [["zod"]]},
            {"id": "P2", "description": "Main-process code logs through electron-log, never console.log.",
             "markers": [["electron-log"]]},
            {"id": "P3", "description": "Relative times in the UI with date-fns (formatDistanceToNowStrict).",
             "markers": [["date-fns"]],
             "reversal_markers": [["Intl.RelativeTimeFormat"], ["date-fns"]]},
        ],
        probes=[
            {"prompt": "npm run e2e just failed every single test with 'electron.launch: Process failed to launch!' — the call log has 'another instance is already running, handing over and quitting' and exitCode=0. what's going on and how do I get it green?", "wanted": ["M1"]},
            {"prompt": "Run the export and search e2e specs against a fresh pack and tell me whether they pass.", "wanted": ["M1"]},
            {"prompt": "xcrun stapler staple dist/Inkwell-1.10.0-x64.dmg → CloudKit query … failed due to \"Record not found\". Could not find base64 encoded ticket … The staple and validate action failed! Error 65. I submitted it to notarytool a minute ago, what now?", "wanted": ["M2"]},
            {"prompt": "Make a signed arm64 dmg of today's main for the podcast guest, notarized and stapled so it opens offline, and drop it in ~/Desktop/for-guest.", "wanted": ["M2"]},
            {"prompt": "the new link-preview e2e test fails: renderer console errors → \"Refused to load the font 'https://fonts.gstatic.com/s/inter/v13/x.woff2' because it violates the following Content Security Policy directive: \\\"default-src 'self'\\\". Note that 'font-src' was not explicitly set…\". how should I fix this?", "wanted": ["M3"]},
            {"prompt": "Embed YouTube links in notes as an iframe player in the preview (youtube-nocookie.com) and add an e2e test for it.", "wanted": ["M3"]},
            {"prompt": "What's the difference between ipcRenderer.invoke and ipcRenderer.send + ipcMain.on? Short answer.", "wanted": []},
            {"prompt": "Why do we enable WAL mode on the better-sqlite3 connection? Two sentences.", "wanted": []},
            {"prompt": "Draft a short Slack message asking the team for QA volunteers for 1.10.0 on Thursday.", "wanted": []},
            {"prompt": "How does NSIS oneClick + perMachine: false decide where Inkwell gets installed on Windows?", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "electron-app.jsonl"), os.path.join(HERE, "tune", "electron-app.labels.json"))
    print(f"electron-app -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
