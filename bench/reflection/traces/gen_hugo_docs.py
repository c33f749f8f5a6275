"""hugo-docs: Ines Carvalho, technical writer at Ember Labs (fictional), owner of the EmberDB documentation site.

EmberDB is an open-source time-series database. The docs live in github.com/emberlabs/emberdb-docs: Hugo extended
0.152 with the Docsy theme as a Hugo module (`hugo mod get -u`), Node 22 for PostCSS (`npm ci`), the Vale prose
linter (`.vale.ini`: `BasedOnStyles = Vale, Google, EmberDB`; the Google and Hugo packages are downloaded by
`vale sync` into the gitignored `.vale/styles/`), markdownlint-cli2, lychee for link checks, a Python script that
generates the HTTP API reference from the OpenAPI spec (`scripts/gen_api_ref.py`, venv in `.venv`), Netlify deploy
previews (`netlify deploy --no-build --dir=public --alias=…`), GitHub Actions, and versioned docs in release branches
(`release-3.0`, `release-3.1`, new `release-3.2`) that Ines works on in git worktrees next to the main checkout.

Written blind for fresh/; measured once held out (round 29), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_hugo_docs.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ines"
H = "/home/ines"
R = H + "/src/emberdb-docs"
W31 = H + "/src/emberdb-docs-3.1"
W30 = H + "/src/emberdb-docs-3.0"
W32 = H + "/src/emberdb-docs-3.2"
MODEL = "claude-opus-4-6"
HUGO_V = ("hugo v0.152.2-6abdacad3f3fe944ea42177844469139e81feda6+extended linux/amd64 "
          "BuildDate=2025-10-24T15:31:49Z VendorInfo=gohugoio")
OPS = R + "/content/en/docs/operations"

# ------------------------------------------------------------------ virtual file system

README = """# EmberDB documentation

Source of https://docs.emberdb.io. Hugo (extended) + Docsy as a Hugo module.

## Setup

```sh
npm ci                      # postcss-cli, autoprefixer
vale sync                   # downloads the Google and Hugo Vale packages into .vale/styles (gitignored)
python3 -m venv .venv && .venv/bin/pip install -r scripts/requirements.txt
hugo server                 # http://localhost:1313
```

## Checks (same as CI)

- `vale <files>`: prose style (Vale, Google, EmberDB styles)
- `npx markdownlint-cli2 <files>`
- `hugo --minify`, then lychee on `public/` (see `.github/workflows/docs.yml`)

## Versions

`main` is the next release (3.2). Each release has a `release-X.Y` branch deployed by Netlify as its own branch
deploy (`v3-1.docs.emberdb.io`, ...). The version menu is `params.versions` in `hugo.yaml`.

## API reference

`content/en/docs/reference/api/` is generated. Don't edit it by hand:

```sh
.venv/bin/python scripts/gen_api_ref.py --spec openapi/<spec>.yaml --out content/en/docs/reference/api
```
"""

HUGO_YAML = """baseURL: https://docs.emberdb.io/
title: EmberDB Docs
enableRobotsTXT: true
enableGitInfo: true

module:
  proxy: direct
  hugoVersion:
    extended: true
    min: 0.146.0
  imports:
    - path: github.com/google/docsy

languages:
  en:
    languageName: English
    contentDir: content/en

markup:
  goldmark:
    renderer:
      unsafe: true
  highlight:
    noClasses: false

outputs:
  section: [HTML, print, RSS]

params:
  copyright: Ember Labs, Inc.
  github_repo: https://github.com/emberlabs/emberdb-docs
  github_branch: main
  version_menu: Releases
  version: "3.2-dev"
  url_latest_version: https://docs.emberdb.io/
  archived_version: false
  versions:
    - version: "3.2 (dev)"
      url: https://docs.emberdb.io/
    - version: "3.1"
      url: https://v3-1.docs.emberdb.io/
    - version: "3.0"
      url: https://v3-0.docs.emberdb.io/
  ui:
    sidebar_menu_compact: true
    breadcrumb_disable: false
  links:
    developer:
      - name: GitHub
        url: https://github.com/emberlabs/emberdb
        icon: fab fa-github
"""

HUGO_YAML_32 = HUGO_YAML

VALE_INI = """StylesPath = .vale/styles
MinAlertLevel = suggestion

Vocab = EmberDB
Packages = Google, Hugo

[*.md]
BasedOnStyles = Vale, Google, EmberDB
Google.Headings = NO
Google.Parens = NO
TokenIgnores = ({{[%<] .* [%>]}}.*?{{[%<] ?/.* [%>]}}), (\\[.+\\]\\({{< ref .* >}}\\))
"""

NETLIFY_TOML = """[build]
  command = "hugo --minify --baseURL $DEPLOY_PRIME_URL"
  publish = "public"

[build.environment]
  HUGO_VERSION = "0.152.2"
  NODE_VERSION = "22"
  GO_VERSION = "1.23.4"

[context.production]
  command = "hugo --minify"

[[redirects]]
  from = "/docs/ops/*"
  to = "/docs/operations/:splat"
  status = 301
"""

WORKFLOW = """name: docs
on:
  pull_request:
  push:
    branches: [main, 'release-*']

jobs:
  check:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - uses: peaceiris/actions-hugo@v3
        with:
          hugo-version: '0.152.2'
          extended: true
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - uses: errata-ai/vale-action@v2
        with:
          files: content
          fail_on_error: true
      - uses: DavidAnson/markdownlint-cli2-action@v20
        with:
          globs: 'content/**/*.md'
      - run: hugo --minify
      - uses: lycheeverse/lychee-action@v2
        with:
          args: >-
            --offline --no-progress --include-fragments
            --root-dir ${{ github.workspace }}/public
            public/
"""

GEN_API = '''"""Generate the HTTP API reference pages from the EmberDB OpenAPI spec.

One page per operation, grouped by tag, plus an _index.md per tag.
"""
import argparse
import pathlib

import yaml
from jinja2 import Environment, FileSystemLoader

HERE = pathlib.Path(__file__).parent


def resolve(spec, node):
    if isinstance(node, dict) and "$ref" in node:
        path = node["$ref"].lstrip("#/").split("/")
        out = spec
        for part in path:
            out = out[part]
        return resolve(spec, out)
    return node


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    spec = yaml.safe_load(open(args.spec))
    env = Environment(loader=FileSystemLoader(HERE / "templates"), keep_trailing_newline=True)
    page = env.get_template("operation.md.j2")
    out = pathlib.Path(args.out)
    n = 0
    tags = set()
    for route, item in spec["paths"].items():
        for method, op in item.items():
            params = [resolve(spec, p) for p in op.get("parameters", [])]
            body = resolve(spec, op.get("requestBody", {}))
            tag = op["tags"][0]
            tags.add(tag)
            dest = out / tag / f"{op['operationId']}.md"
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(page.render(route=route, method=method.upper(), op=op, params=params, body=body))
            n += 1
    print(f"wrote {n} pages ({len(tags)} tags, {n} operations) to {out}")


if __name__ == "__main__":
    main()
'''

BACKUP_31 = """---
title: Backups
description: Take a consistent backup of an EmberDB node.
weight: 20
---

EmberDB 3.1 writes a backup as a directory of shard files plus a manifest.

```sh
emberctl backup --out /var/backups/ember/$(date +%F)
```
"""

RETENTION = """---
title: Retention policies
description: Control how long EmberDB keeps data.
weight: 30
---

A retention policy removes shards whose newest point is older than the policy's duration.

## Set a retention policy

```sh
emberctl bucket update metrics --retention 30d
```

## Default retention

New buckets keep data forever unless you pass `--retention`.

## How deletion works

The compactor checks retention every 30 minutes and drops whole shards. Points are never rewritten to remove
old rows, so a shard lives until its newest point expires.
"""

INGEST_INDEX = """---
title: Ingest Data
description: Write points to EmberDB.
weight: 10
---

EmberDB accepts writes over HTTP in line protocol and as JSON batches.

## Choosing A Write Path

Use line protocol for agents such as Telegraf, and JSON batches from application code.

## Batching And Retries

Send 5,000 to 10,000 points per request. Retry on `429` and `503` with exponential backoff.

## Next Steps

- [Line protocol reference]({{< ref "line-protocol" >}})
- [JSON batch API]({{< ref "/docs/reference/api/write" >}})
"""

PORTS_30 = """---
title: Network ports
description: Ports an EmberDB 3.0 node listens on.
weight: 40
---

| Port | Protocol | Used for |
|------|----------|----------|
| 8086 | HTTP | Write and query API |
| 8086 | HTTP | Admin API (`/admin/*`) |
| 8089 | gRPC | Cluster replication |

Open 8089 only between cluster members.
"""

FILES = {
    R + "/README.md": README,
    R + "/hugo.yaml": HUGO_YAML,
    R + "/.vale.ini": VALE_INI,
    R + "/netlify.toml": NETLIFY_TOML,
    R + "/.github/workflows/docs.yml": WORKFLOW,
    R + "/scripts/gen_api_ref.py": GEN_API,
    OPS + "/retention.md": RETENTION,
    R + "/content/en/docs/ingest/_index.md": INGEST_INDEX,
    W31 + "/content/en/docs/operations/backup.md": BACKUP_31,
    W30 + "/content/en/docs/admin/ports.md": PORTS_30,
    W32 + "/hugo.yaml": HUGO_YAML_32,
}

# ------------------------------------------------------------------ output helpers


def hugo_ok(pages, nonpage, static, images, aliases, ms, env=None):
    head = "Start building sites … \n" + HUGO_V + "\n\n"
    return (head + "\n                  │ EN  \n"
            "──────────────────┼─────\n"
            f" Pages            │ {pages:>3} \n"
            " Paginator pages  │   0 \n"
            f" Non-page files   │ {nonpage:>3} \n"
            f" Static files     │ {static:>3} \n"
            f" Processed images │ {images:>3} \n"
            f" Aliases          │ {aliases:>3} \n"
            " Cleaned          │   0 \n\n"
            f"Total in {ms} ms")


def vale_ok(n=1):
    return f"✔ 0 errors, 0 warnings and 0 suggestions in {n} file{'s' if n != 1 else ''}."


def vale_latin(path, line, col, good, bad, warnings=0):
    pad = " " * (len(f" {line}:{col}  error  ") - 1)
    return (f"\n {path}\n"
            f" {line}:{col}  error  Use '{good}' instead of   Google.Latin \n"
            f"{pad} '{bad}'.                             \n\n"
            f"✖ 1 error, {warnings} warning{'' if warnings == 1 else 's'} and 0 suggestions in 1 file.")


def vale_e100(style):
    return f"E100 [loadStyles] Runtime error\n\nstyle '{style}' does not exist on StylesPath"


def mdl(path, errors=""):
    n = len([l for l in errors.split("\n") if l])
    out = ("markdownlint-cli2 v0.18.1 (markdownlint v0.38.0)\n"
           f"Finding: {path}\nLinting: 1 file(s)\nSummary: {n} error(s)")
    return out + ("\n" + errors if errors else "")


def lychee_rootrel(inputs, total, ok, errors, excluded, samples):
    lines = ["Issues found in %d inputs. Find details below." % inputs, ""]
    for f, links in samples:
        lines.append(f"[{f}]:")
        for pos, link in links:
            lines.append(f"   [ERROR] error: (at {pos}) | Cannot resolve root-relative link '{link}': To resolve "
                         "root-relative links in local files, provide a root dir")
        lines.append("")
    lines.append(f"🔍 {total} Total (in 1s) ✅ {ok} OK 🚫 {errors} Errors 👻 {excluded} Excluded")
    return "\n".join(lines)


def lychee_ok(total, excluded, secs=2):
    return f"🔍 {total} Total (in {secs}s) ✅ {total - excluded} OK 🚫 0 Errors 👻 {excluded} Excluded"


def netlify_ok(alias, deploy_id, n):
    return ("Deploy path:        " + R + "/public\n"
            "Configuration path: " + R + "/netlify.toml\n"
            "Deploying to draft URL...\n"
            f"✔ Finished uploading {n} assets\n"
            "✔ Deploy is live!\n\n"
            f"Build logs:         https://app.netlify.com/projects/emberdb-docs/deploys/{deploy_id}\n"
            f"Function logs:      https://app.netlify.com/projects/emberdb-docs/logs/functions?scope=deploy:{deploy_id}\n"
            f"Website draft URL:  https://{alias}--emberdb-docs.netlify.app\n\n"
            "If everything looks good on your draft URL, deploy it to your main site URL with the --prod flag.\n"
            "netlify deploy --prod")


def netlify_ok_at(root, alias, deploy_id, n):
    return netlify_ok(alias, deploy_id, n).replace(R + "/", root + "/")


# ------------------------------------------------------------------ the month


def gen():
    d = Dev("hugo-docs", U, "en", MODEL, seed=4471203, files=FILES)
    HY = R + "/hugo.yaml"
    BK = OPS + "/backup.md"
    CMP = OPS + "/compaction.md"
    MIG = R + "/content/en/docs/ingest/migrate-from-influxdb.md"
    SQLF = R + "/content/en/docs/reference/sql/time-bucket-gapfill.md"
    SNAP = R + "/content/en/docs/reference/cli/emberctl-snapshot-diff.md"
    RET = OPS + "/retention.md"
    ING = R + "/content/en/docs/ingest/_index.md"
    API = "content/en/docs/reference/api"

    # ================= S1 =================
    with d.session("2026-10-05T09:10:00", R, branch="main", version="2.1.174"):
        t = d.task("first time using you on the docs repo. how is the version dropdown wired up and where does the "
                   "api reference come from? don't change anything", tags=["noise"])
        t.read(R + "/README.md")
        t.read(HY)
        t.glob("scripts/**/*", [R + "/scripts/gen_api_ref.py", R + "/scripts/requirements.txt",
                                R + "/scripts/templates/operation.md.j2", R + "/scripts/templates/tag_index.md.j2"])
        t.read(R + "/scripts/gen_api_ref.py")
        t.done("**Version dropdown.** Docsy builds it from `params.versions` in `hugo.yaml` (label `version_menu: "
               "Releases`). Each entry is just a label and a URL: 3.2 (dev) → docs.emberdb.io, 3.1 → "
               "v3-1.docs.emberdb.io, 3.0 → v3-0.docs.emberdb.io. The other versions are separate Netlify branch "
               "deploys of the `release-X.Y` branches, so each branch carries its own `hugo.yaml` with its own "
               "`params.version` / `archived_version`.\n\n"
               "**API reference.** `content/en/docs/reference/api/` is generated by `scripts/gen_api_ref.py`: it "
               "loads the OpenAPI YAML, resolves `$ref`s, and renders one page per operation (grouped by the first "
               "tag) through `scripts/templates/operation.md.j2`. Run it with the venv: `.venv/bin/python "
               "scripts/gen_api_ref.py --spec openapi/<spec>.yaml --out content/en/docs/reference/api`. README says "
               "not to hand-edit the output.")

        t = d.task("new page under operations: backup and restore for 3.2 — emberctl backup / emberctl restore, "
                   "the --incremental flag is new in 3.2. headings in sentence case like the rest of the site. "
                   "check it with the usual linters + build", tags=["mistake:M1", "workflow:W1", "pref:P1"])
        t.read(RET)
        bk = """---
title: Back up and restore
description: Take full and incremental backups of an EmberDB node and restore them.
weight: 20
---

`emberctl backup` writes a consistent copy of a node's shards and a manifest to a directory. You can run it
while the node accepts writes.

## Take a full backup

```sh
emberctl backup --out /var/backups/ember/full-2026-10-05
```

## Take an incremental backup

New in 3.2. An incremental backup stores only the shards that changed since a previous backup, e.g. the
nightly full backup:

```sh
emberctl backup --incremental --since /var/backups/ember/full-2026-10-05 \\
  --out /var/backups/ember/incr-2026-10-06
```

## Restore a backup

Stop the node, then restore the full backup and each incremental backup in order:

```sh
emberctl restore --from /var/backups/ember/full-2026-10-05
emberctl restore --from /var/backups/ember/incr-2026-10-06
```

Restoring overwrites the shards in the node's data directory.
"""
        t.write(BK, bk)
        t.fail("vale content/en/docs/operations/backup.md", "Lint the new page with Vale",
               vale_latin("content/en/docs/operations/backup.md", 19, 80, "for example", "e.g."))
        t.say("Vale's Google style rejects Latin abbreviations. Rewording that sentence.")
        t.edit(BK, "since a previous backup, e.g. the\nnightly full backup:",
               "since a previous backup, for example\nthe nightly full backup:")
        t.bash("vale content/en/docs/operations/backup.md", "Re-run Vale on the page", out=vale_ok())
        t.bash("npx markdownlint-cli2 content/en/docs/operations/backup.md", "Markdown lint",
               err=mdl("content/en/docs/operations/backup.md"))
        t.bash("hugo --minify", "Build the site", out=hugo_ok(412, 38, 96, 12, 61, 8214))
        t.done("Added `content/en/docs/operations/backup.md` (weight 20, between retention and snapshots) with "
               "sentence-case headings: take a full backup, take an incremental backup (marked new in 3.2), restore "
               "a backup. Vale first failed on one `e.g.` (Google.Latin is an error in our config); I rewrote it as "
               "\"for example\" and it's clean now. markdownlint: 0 errors. `hugo --minify` builds 412 pages.")

        t = d.task("quick q, no need to look at anything: ref vs relref shortcodes, which one should we be using "
                   "for links between pages?", tags=["no_tools"])
        t.done("Use `ref`. Both resolve a page path at build time and fail the build when the target doesn't "
               "exist, which is the point. `ref` returns the absolute permalink, `relref` a path without the host. "
               "Since the release branches are deployed on their own hostnames (v3-1.docs.emberdb.io), `relref` "
               "would be the safer one if you ever put an absolute `baseURL` on the wrong deploy, but our "
               "`baseURL` is set per deploy by Netlify, so `ref` works everywhere. Whichever you pick, point it at "
               "the content path (`/docs/operations/backup`), not the URL.")

    # ================= S2 =================
    with d.session("2026-10-07T10:05:00", R, branch="main", version="2.1.175"):
        t = d.task("eng dropped the 3.2.0-rc1 openapi spec in the emberdb repo (api/openapi.yaml). regen the api "
                   "reference from it", tags=["workflow:W2", "long_output"])
        t.bash("cp ../emberdb/api/openapi.yaml openapi/emberdb-3.2.0-rc1.yaml", "Copy the rc1 spec into the repo")
        t.bash(".venv/bin/python scripts/gen_api_ref.py --spec openapi/emberdb-3.2.0-rc1.yaml --out " + API,
               "Regenerate the API reference", out="wrote 47 pages (9 tags, 47 operations) to " + API)
        t.bash("git diff --stat " + API, "What changed in the generated pages",
               out=" content/en/docs/reference/api/admin/compactShard.md            | 41 ++++++++++\n"
                   " content/en/docs/reference/api/admin/getNodeStatus.md           |  6 +-\n"
                   " content/en/docs/reference/api/backup/createBackup.md           | 18 +++--\n"
                   " content/en/docs/reference/api/backup/listBackups.md            |  4 +-\n"
                   " content/en/docs/reference/api/buckets/createBucket.md          |  9 ++-\n"
                   " content/en/docs/reference/api/buckets/updateBucket.md          |  9 ++-\n"
                   " content/en/docs/reference/api/query/querySql.md                | 22 ++++--\n"
                   " content/en/docs/reference/api/query/queryStream.md             | 57 ++++++++++++++\n"
                   " content/en/docs/reference/api/snapshots/createSnapshot.md      | 12 +--\n"
                   " content/en/docs/reference/api/snapshots/diffSnapshots.md       | 38 +++++++++\n"
                   " content/en/docs/reference/api/tokens/createToken.md            |  7 +-\n"
                   " content/en/docs/reference/api/tokens/revokeToken.md            |  3 +-\n"
                   " content/en/docs/reference/api/write/writeJson.md               | 14 ++--\n"
                   " content/en/docs/reference/api/write/writeLineProtocol.md       | 11 ++-\n"
                   " 14 files changed, 219 insertions(+), 32 deletions(-)")
        t.bash("hugo --minify", "Build the site", out=hugo_ok(415, 38, 96, 12, 61, 8391))
        t.done("Regenerated from `openapi/emberdb-3.2.0-rc1.yaml`: 47 operations in 9 tags. Three new pages "
               "(`admin/compactShard`, `query/queryStream`, `snapshots/diffSnapshots`) and 11 updated ones, "
               "mostly the new `incremental` field on `createBackup` and the `retention` changes on buckets. "
               "Site builds, 415 pages.")

        t = d.task("retention page: add a note box that the default retention for new buckets changes to 90d in "
                   "3.2 (was infinite)", tags=["oneoff:O2"])
        t.read(RET)
        t.edit(RET, "## Default retention\n\nNew buckets keep data forever unless you pass `--retention`.\n",
               "## Default retention\n\nNew buckets keep data for 90 days unless you pass `--retention`.\n\n"
               "{{% callout note %}}\nChanged in 3.2: before 3.2, new buckets kept data forever. Buckets created "
               "with an earlier version keep their retention when you upgrade.\n{{% /callout %}}\n")
        t.fail("hugo --minify", "Build to check the note renders",
               "Start building sites … \n" + HUGO_V + "\n\nTotal in 1906 ms\n"
               "Error: error building site: process: readAndProcessContent: \"" + RET + ":18:1\": failed to "
               "extract shortcode: template for shortcode \"callout\" not found")
        t.say("There's no `callout` shortcode: Docsy's note box is `alert`. Switching to it.")
        t.edit(RET, "{{% callout note %}}", '{{% alert title="Note" %}}')
        t.edit(RET, "{{% /callout %}}", "{{% /alert %}}")
        t.bash("hugo --minify", "Build to check the note renders", out=hugo_ok(415, 38, 96, 12, 61, 8177))
        t.done("The default-retention section now says 90 days, with a Docsy `alert` box titled Note explaining "
               "the 3.2 change and that existing buckets keep their retention. (My first try used a `callout` "
               "shortcode, which doesn't exist here; `alert` is Docsy's.) Build is green.")

        t = d.task("push this and put up a deploy preview on the PR (#228)", tags=["workflow:W3", "flaky:F1"])
        t.bash("git add content/en/docs/operations openapi content/en/docs/reference/api && "
               "git commit -m \"Add backup and restore page, regen API reference for 3.2.0-rc1\"",
               "Commit the work",
               out="[docs/backup-restore 3c91e0a] Add backup and restore page, regen API reference for 3.2.0-rc1\n"
                   " 17 files changed, 301 insertions(+), 36 deletions(-)\n"
                   " create mode 100644 content/en/docs/operations/backup.md\n"
                   " create mode 100644 openapi/emberdb-3.2.0-rc1.yaml")
        t.bash("git push", "Push the branch",
               err="To github.com:emberlabs/emberdb-docs.git\n   a81f2d4..3c91e0a  docs/backup-restore -> "
                   "docs/backup-restore")
        t.bash("hugo --minify --environment preview", "Build for the preview", out=hugo_ok(415, 38, 96, 12, 61, 8302))
        t.fail("netlify deploy --no-build --dir=public --alias=pr-228", "Upload the deploy preview",
               "Deploy path:        " + R + "/public\nConfiguration path: " + R + "/netlify.toml\n"
               "Deploying to draft URL...\n"
               " ›   Error: Failed to upload file: request to https://api.netlify.com/api/v1/deploys/"
               "6718a04c2e91f3000812cd41/files/docs%2Freference%2Fapi%2Fquery%2Fquerystream%2Findex.html failed, "
               "reason: read ECONNRESET")
        t.say("Connection reset in the middle of the upload; running the same deploy again.")
        t.bash("netlify deploy --no-build --dir=public --alias=pr-228", "Upload the deploy preview",
               out=netlify_ok("pr-228", "6718a0d91b7c4e0008a3f552", 1318))
        t.bash("gh pr comment 228 --body \"Deploy preview: https://pr-228--emberdb-docs.netlify.app/docs/operations/"
               "backup/\"", "Link the preview on the PR",
               out="https://github.com/emberlabs/emberdb-docs/pull/228#issuecomment-3391840275")
        t.done("Pushed `docs/backup-restore` (3c91e0a). The first `netlify deploy` died with `read ECONNRESET` "
               "mid-upload; the identical retry went through. Preview: "
               "https://pr-228--emberdb-docs.netlify.app, linked on #228.")

        t = d.task("do we say Postgres anywhere? marketing wants PostgreSQL spelled out. just list them",
                   tags=["noise"])
        t.grep(r"\bPostgres\b", path="content", output_mode="content", n=True,
               content="content/en/docs/integrations/postgres-fdw.md:9:Query EmberDB from Postgres with the "
                       "`ember_fdw` foreign data wrapper.\n"
                       "content/en/docs/integrations/postgres-fdw.md:31:Postgres 14 or later.\n"
                       "content/en/docs/ingest/telegraf.md:88:Telegraf's `postgresql` input can read from Postgres "
                       "and write to EmberDB.\n"
                       "content/en/blog/2026/emberdb-3-1.md:42:and a faster Postgres wire protocol handshake.")
        t.done("Four hits:\n- `integrations/postgres-fdw.md` lines 9 and 31\n- `ingest/telegraf.md` line 88\n"
               "- `blog/2026/emberdb-3-1.md` line 42 (a published blog post, probably leave it)\n"
               "The file name `postgres-fdw.md` is also in the URL; renaming it would need an alias.")

    # ================= S3 =================
    with d.session("2026-10-09T09:30:00", R, branch="main", version="2.1.176"):
        t = d.task("backport the new backup page to the 3.1 docs, minus the incremental section (3.1 doesn't have "
                   "it). do it in a worktree next to this one and lint it", tags=["mistake:M3"])
        t.bash("git fetch origin release-3.1 && git worktree add ../emberdb-docs-3.1 release-3.1",
               "Worktree for the 3.1 branch",
               err="From github.com:emberlabs/emberdb-docs\n * branch            release-3.1 -> FETCH_HEAD\n"
                   "Preparing worktree (checking out 'release-3.1')\n"
                   "HEAD is now at 4e1a9c2 Fix typo in the 3.1 upgrade notes")
        t.read(W31 + "/content/en/docs/operations/backup.md")
        bk31 = """---
title: Back up and restore
description: Take a backup of an EmberDB node and restore it.
weight: 20
---

`emberctl backup` writes a consistent copy of a node's shards and a manifest to a directory. You can run it
while the node accepts writes.

## Take a backup

```sh
emberctl backup --out /var/backups/ember/full-2026-10-05
```

## Restore a backup

Stop the node, then restore the backup:

```sh
emberctl restore --from /var/backups/ember/full-2026-10-05
```

Restoring overwrites the shards in the node's data directory.
"""
        t.write(W31 + "/content/en/docs/operations/backup.md", bk31)
        t.fail("cd ../emberdb-docs-3.1 && vale content/en/docs/operations/backup.md", "Vale in the 3.1 worktree",
               vale_e100("Google"), code=2)
        t.say("The Vale packages (Google, Hugo) are downloaded into the gitignored `.vale/styles`, so the new "
              "worktree doesn't have them yet. Syncing them there, then the same lint.")
        t.bash("cd ../emberdb-docs-3.1 && vale sync", "Download the Vale packages in the worktree",
               out="Syncing packages [2/2] ███████████████████████████████████████ 100% | 1s")
        t.bash("cd ../emberdb-docs-3.1 && vale content/en/docs/operations/backup.md", "Vale in the 3.1 worktree",
               out=vale_ok())
        t.bash("cd ../emberdb-docs-3.1 && npx markdownlint-cli2 content/en/docs/operations/backup.md",
               "Markdown lint in the worktree", err=mdl("content/en/docs/operations/backup.md"))
        t.done("`../emberdb-docs-3.1` is a worktree on `release-3.1`. The old one-paragraph backup page is "
               "replaced by the new one without the incremental section (take a backup, restore a backup). Vale "
               "first stopped with `style 'Google' does not exist on StylesPath` because a fresh worktree has no "
               "synced packages; after `vale sync` there it's clean, and markdownlint too. Not committed yet.")

        t = d.task("build it and check the links before I open the backport PR", tags=["mistake:M2"])
        t.bash("cd ../emberdb-docs-3.1 && npm ci", "Install PostCSS deps in the worktree",
               out="added 92 packages, and audited 93 packages in 3s\n\n21 packages are looking for funding\n"
                   "  run `npm fund` for details\n\nfound 0 vulnerabilities")
        t.bash("cd ../emberdb-docs-3.1 && hugo --minify", "Build the 3.1 site", out=hugo_ok(371, 31, 96, 9, 58, 7420))
        t.fail("cd ../emberdb-docs-3.1 && lychee --offline --no-progress public/", "Check internal links",
               lychee_rootrel(371, 8104, 4452, 3652, 0, [
                   ("public/docs/operations/backup/index.html",
                    [("12:1841", "/docs/"), ("12:2210", "/docs/operations/"), ("31:96", "/docs/operations/retention/")]),
                   ("public/docs/ingest/index.html",
                    [("12:1841", "/docs/"), ("40:17", "/docs/reference/api/write/")]),
               ]), code=2)
        t.say("Every root-relative link (`/docs/…`, the nav included) fails: checking local files, lychee needs "
              "to know which directory `/` means. CI passes the build output as the root dir; doing the same.")
        t.bash("cd ../emberdb-docs-3.1 && lychee --offline --no-progress --root-dir \"$PWD/public\" public/",
               "Check internal links with public/ as the root", out=lychee_ok(8104, 702))
        t.done("3.1 builds (371 pages). lychee first reported 3652 errors, all `Cannot resolve root-relative link "
               "…: provide a root dir`: nothing was broken, lychee just didn't know where `/` points. With "
               "`--root-dir \"$PWD/public\"` (like the CI job) all 7402 internal links are OK; 702 external ones "
               "are skipped by `--offline`.")

        t = d.task("the restore section in 3.1 needs a warning that restore overwrites the data dir. for warnings "
                   "use the alert shortcode with color=warning, that's the house style for anything destructive",
                   tags=["pref:P3"])
        t.read(W31 + "/content/en/docs/operations/backup.md")
        t.edit(W31 + "/content/en/docs/operations/backup.md",
               "Restoring overwrites the shards in the node's data directory.\n",
               '{{% alert title="Warning" color="warning" %}}\nRestoring overwrites the shards in the node\'s data '
               "directory. Data written since the backup is lost.\n{{% /alert %}}\n")
        t.done("The last line of the restore section is now a Docsy `alert` with `color=\"warning\"` and title "
               "Warning, and it says data written since the backup is lost.")

    # ================= S4 (ends with reason other) =================
    with d.session("2026-10-13T13:40:00", R, branch="docs/compaction", version="2.1.178", end_reason="other"):
        t = d.task("write the compaction tuning page (operations/compaction.md): what the compactor does, the "
                   "three settings (compaction.max_concurrent, compaction.full_after, compaction.throughput_mb), "
                   "an example for write-heavy nodes and one for small nodes. and don't Title Case the headings "
                   "again, the 3.1 ingest page slipped through like that", tags=["workflow:W1", "pref:P1", "oneoff:O1"])
        cmp_ = """---
title: Tune compaction
description: Settings that control how EmberDB compacts shards in the background.
weight: 35
---

The compactor merges small TSM files in a shard into larger ones and drops points that retention has expired.
It runs in the background and competes with queries for disk I/O.

## Settings

| Setting | Default | What it controls |
|---------|---------|------------------|
| `compaction.max_concurrent` | `2` | Shards compacted at the same time |
| `compaction.full_after` | `4h` | Time without writes before a shard gets a full compaction |
| `compaction.throughput_mb` | `48` | Disk throughput limit for compaction, in MB/s |

## Write-heavy nodes

Nodes that ingest more than 500,000 points per second build up level-1 files quickly. Allow more parallel
compactions and more throughput:

### Example

```toml
[compaction]
max_concurrent = 4
throughput_mb = 128
```

## Small nodes

On nodes with 2 vCPUs or a network disk, compaction can starve queries. Lower the throughput and wait longer
before full compactions:

### Example

```toml
[compaction]
max_concurrent = 1
full_after = "12h"
throughput_mb = 16
```
"""
        t.write(CMP, cmp_)
        t.bash("vale content/en/docs/operations/compaction.md", "Vale", out=vale_ok())
        t.fail("npx markdownlint-cli2 content/en/docs/operations/compaction.md", "Markdown lint",
               mdl("content/en/docs/operations/compaction.md",
                   "content/en/docs/operations/compaction.md:33 error MD024/no-duplicate-heading Multiple headings "
                   "with the same content [Context: \"Example\"]"))
        t.say("Two `### Example` headings. Giving each a distinct heading.")
        t.edit(CMP, "compactions and more throughput:\n\n### Example\n",
               "compactions and more throughput:\n\n### Example: write-heavy node\n")
        t.edit(CMP, "before full compactions:\n\n### Example\n", "before full compactions:\n\n### Example: small node\n")
        t.bash("npx markdownlint-cli2 content/en/docs/operations/compaction.md", "Markdown lint",
               err=mdl("content/en/docs/operations/compaction.md"))
        t.bash("hugo --minify", "Build the site", out=hugo_ok(416, 38, 96, 12, 61, 8250))
        t.done("`operations/compaction.md` is in (weight 35): what the compactor does, a settings table, and "
               "two sections with TOML examples. All headings are sentence case. markdownlint flagged the two "
               "identical `### Example` headings (MD024); they're now \"Example: write-heavy node\" and \"Example: "
               "small node\". Vale clean, build green (416 pages).")

        t = d.task("we need 3.2 in the version dropdown for when it ships. how does docsy want that set up? check "
                   "their docs, I don't trust my memory", tags=["webfetch", "noise"])
        t.webfetch("https://www.docsy.dev/docs/adding-content/versioning/",
                   "How does Docsy configure the version menu: params.versions, version_menu, archived_version, "
                   "url_latest_version, version?",
                   "Docsy's version drop-down is driven by site parameters:\n"
                   "- `params.versions`: a list of `{version, url}` entries; the menu shows them in the order "
                   "given. Each version is typically a separate deployment of its own branch.\n"
                   "- `params.version_menu`: the label of the drop-down (for example \"Releases\").\n"
                   "- `params.version_menu_pagelinks`: if true, entries link to the current page in the other "
                   "version instead of its home page.\n"
                   "- `params.archived_version`: set to true in an old version's branch to show a banner that the "
                   "docs are outdated; `params.url_latest_version` is where that banner links.\n"
                   "- `params.version`: the version of the current deployment, shown in the banner.\n"
                   "The docs recommend adding the new version to the list in every maintained branch.")
        t.read(HY)
        t.done("Docsy only needs list entries; each version stays a separate deploy:\n"
               "- On `main`, when 3.2 ships: change the first entry to `\"3.2\"` and add `\"3.3 (dev)\"` if main "
               "moves on, set `params.version`.\n"
               "- In `release-3.1` and `release-3.0`: add the 3.2 entry to their `params.versions` too (the list "
               "is per branch), and set `archived_version: true` on 3.0 so it shows the outdated banner pointing at "
               "`url_latest_version`.\n"
               "- Optional: `version_menu_pagelinks: true` makes the menu jump to the same page in the other "
               "version instead of its home page; our paths are mostly stable between 3.x, so it would work.\n"
               "Nothing changed yet; say when you want the branch edits.")

        t = d.task("bump docsy to v0.14.0, they announced it last week", tags=["unfixed:U1"])
        t.fail("hugo mod get -u github.com/google/docsy@v0.14.0", "Update the Docsy module",
               "go: github.com/google/docsy@v0.14.0: invalid version: unknown revision v0.14.0\n"
               "Error: failed to get [\"github.com/google/docsy@v0.14.0\"]: failed to execute 'go [get "
               "github.com/google/docsy@v0.14.0]': failed to execute binary \"go\" with args [get "
               "github.com/google/docsy@v0.14.0]: go: github.com/google/docsy@v0.14.0: invalid version: unknown "
               "revision v0.14.0\n *errors.errorString")
        t.bash("git ls-remote --tags https://github.com/google/docsy 'v0.1*' | tail -5", "Which Docsy tags exist",
               out="8d0e1f3a9b2c4d5e6f708192a3b4c5d6e7f80912\trefs/tags/v0.12.0\n"
                   "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d\trefs/tags/v0.12.0^{}\n"
                   "f0e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d\trefs/tags/v0.13.0\n"
                   "0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6\trefs/tags/v0.13.0^{}\n"
                   "2b4d6f8a0c1e3f5a7b9c0d2e4f6a8b0c1d3e5f7a\trefs/tags/v0.13.1")
        t.done("v0.14.0 isn't tagged on github.com/google/docsy yet: the newest tag is v0.13.1 (we're on it). The "
               "announcement was probably the release-candidate discussion. I left go.mod alone; once the tag "
               "exists it's the same `hugo mod get -u github.com/google/docsy@v0.14.0`.")

    # ================= S5 (auto compaction) =================
    with d.session("2026-10-16T09:00:00", R, branch="main", version="2.1.179"):
        t = d.task("who touched the ingest docs since september? git log, I need names for the changelog thanks",
                   tags=["noise", "long_output"])
        t.bash("git log --since=2026-09-01 --format='%h %ad %an  %s' --date=short -- content/en/docs/ingest",
               "History of the ingest docs",
               out="b71e0c2 2026-10-14 Ines Carvalho  Link JSON batch API from ingest overview\n"
                   "9a3d551 2026-10-10 Tomasz Wójcik  Telegraf: document the emberdb_v3 output plugin options\n"
                   "e04c8f7 2026-10-08 Priya Raman  Line protocol: escaping rules for tag values with commas\n"
                   "7c6b0d4 2026-09-30 Ines Carvalho  Ingest: batching and retry guidance\n"
                   "ad21f93 2026-09-26 Lena Fischer  Fix the curl example in writing JSON batches\n"
                   "3e98b7a 2026-09-24 Tomasz Wójcik  Telegraf: 1.32 config format\n"
                   "0b5cd1e 2026-09-22 Priya Raman  Line protocol: nanosecond timestamps are the default\n"
                   "c44f802 2026-09-19 Marco Bellini  Typo in the Kafka connector page\n"
                   "f1a7e36 2026-09-17 Ines Carvalho  Move the client libraries table into ingest/clients\n"
                   "8e2d0b9 2026-09-15 Priya Raman  Document write consistency levels\n"
                   "62bf1c4 2026-09-11 Tomasz Wójcik  Telegraf: Kubernetes DaemonSet example\n"
                   "d9e3a70 2026-09-09 Lena Fischer  Clarify max request size (25 MB)\n"
                   "1f08c5b 2026-09-04 Ines Carvalho  Split ingest overview into sections\n"
                   "5a7e2d3 2026-09-02 Marco Bellini  Kafka connector: exactly-once notes")
        t.done("Since Sept 1, 14 commits touched `content/en/docs/ingest`:\n"
               "- Priya Raman: line protocol escaping, nanosecond default, write consistency levels\n"
               "- Tomasz Wójcik: Telegraf output plugin options, 1.32 config format, Kubernetes DaemonSet example\n"
               "- Lena Fischer: curl example fix, max request size\n"
               "- Marco Bellini: Kafka connector (typo, exactly-once notes)\n"
               "- you: 4 commits (overview split, client table move, batching guidance, JSON batch link)")

        t = d.task("regen the api ref again, rc2 is out (same place in the emberdb repo)", tags=["workflow:W2"])
        t.bash("cp ../emberdb/api/openapi.yaml openapi/emberdb-3.2.0-rc2.yaml", "Copy the rc2 spec")
        t.bash(".venv/bin/python scripts/gen_api_ref.py --spec openapi/emberdb-3.2.0-rc2.yaml --out " + API,
               "Regenerate the API reference", out="wrote 48 pages (9 tags, 48 operations) to " + API)
        t.bash("git diff --stat " + API, "What changed",
               out=" content/en/docs/reference/api/query/queryStream.md       | 12 ++++---\n"
                   " content/en/docs/reference/api/tokens/rotateToken.md      | 35 +++++++++++++++++\n"
                   " content/en/docs/reference/api/write/writeJson.md         |  2 +-\n"
                   " 3 files changed, 44 insertions(+), 5 deletions(-)")
        t.bash("hugo --minify", "Build the site", out=hugo_ok(417, 38, 96, 12, 61, 8309))
        t.done("rc2 adds one operation (`tokens/rotateToken`), changes the `queryStream` parameters and a "
               "description in `writeJson`. 48 operations now; the site builds (417 pages).")

        d.precompact(
            "Ines Carvalho, technical writer at Ember Labs, maintains the EmberDB docs (github.com/emberlabs/"
            "emberdb-docs): Hugo extended 0.152 + Docsy module, Vale (Google + EmberDB styles), markdownlint-cli2, "
            "lychee, scripts/gen_api_ref.py for the API reference, Netlify deploy previews, release-X.Y branches in "
            "worktrees next to the main checkout.\n\nSummary of this session so far:\n"
            "1. Listed who changed content/en/docs/ingest since September (git log) for the changelog.\n"
            "2. Regenerated the API reference from openapi/emberdb-3.2.0-rc2.yaml (48 operations, new "
            "tokens/rotateToken), git diff --stat, hugo --minify green.\n\n"
            "Current state: branch main, API reference changes not committed.")

        t = d.task("now the migration guide: ingest/migrate-from-influxdb.md. line protocol is compatible, the "
                   "differences are the auth header, the /api/v2/write path being an alias, and buckets vs "
                   "databases. lint + build when done", tags=["mistake:M1", "workflow:W1"])
        mig = """---
title: Migrate from InfluxDB
description: Point InfluxDB clients and Telegraf at EmberDB.
weight: 60
---

EmberDB accepts InfluxDB line protocol, so most writers only need a new URL and token.

## What stays the same

- Line protocol syntax, escaping rules and timestamp precisions.
- The `/api/v2/write` path. EmberDB serves it as an alias of `/api/v3/write`.

## What changes

- **Authentication.** Send `Authorization: Bearer <token>`. EmberDB doesn't accept the `Token` scheme.
- **Buckets and databases.** EmberDB has buckets only, i.e. the `db` and `rp` parameters of the v1 API are
  ignored; use `bucket`.

## Point Telegraf at EmberDB

```toml
[[outputs.influxdb_v2]]
  urls = ["https://ember.example.com:8086"]
  token = "$EMBER_TOKEN"
  bucket = "metrics"
```
"""
        t.write(MIG, mig)
        t.fail("vale content/en/docs/ingest/migrate-from-influxdb.md", "Vale",
               vale_latin("content/en/docs/ingest/migrate-from-influxdb.md", 18, 62, "that is", "i.e."))
        t.say("Same Latin-abbreviation rule as before; splitting that sentence instead of using \"i.e.\".")
        t.edit(MIG, "EmberDB has buckets only, i.e. the `db` and `rp` parameters of the v1 API are\n  ignored; "
                    "use `bucket`.",
               "EmberDB has buckets only, that is, it ignores the `db` and `rp` parameters\n  of the v1 API. "
               "Use `bucket` instead.")
        t.bash("vale content/en/docs/ingest/migrate-from-influxdb.md", "Vale again", out=vale_ok())
        t.bash("npx markdownlint-cli2 content/en/docs/ingest/migrate-from-influxdb.md", "Markdown lint",
               err=mdl("content/en/docs/ingest/migrate-from-influxdb.md"))
        t.bash("hugo --minify", "Build the site", out=hugo_ok(418, 38, 96, 12, 61, 8288))
        t.done("`ingest/migrate-from-influxdb.md` covers what stays the same (line protocol, the `/api/v2/write` "
               "alias), what changes (Bearer auth, buckets instead of db/rp) and a Telegraf `influxdb_v2` output "
               "example. Vale caught an `i.e.` (Google.Latin); reworded with \"that is\". markdownlint clean, "
               "build green.")

        t = d.task("what should we call the section that'll hold backups, snapshots and PITR? 'Data protection' "
                   "feels corporate", tags=["no_tools"])
        t.done("Some options, most plain first:\n- **Backup and recovery**: what people search for; PITR fits "
               "under recovery.\n- **Backups and restores**: very literal, slightly awkward with snapshots.\n"
               "- **Disaster recovery**: sounds bigger than it is and implies multi-region.\n"
               "I'd go with \"Backup and recovery\" (sentence case, matches the other section names).")

    # ================= S6 (acceptEdits) =================
    with d.session("2026-10-20T10:15:00", R, branch="docs/sql-gapfill", version="2.1.181",
                   permission_mode="acceptEdits"):
        t = d.task("reference page for the new time_bucket_gapfill() sql function: signature, args, an example "
                   "query with output, and how it differs from time_bucket(). no `$` prompts in the shell code "
                   "blocks btw, people copy-paste them and the copy button grabs the dollar sign",
                   tags=["workflow:W1", "pref:P2"])
        sqlf = """---
title: time_bucket_gapfill()
description: Group points into time buckets and emit empty buckets for gaps.
weight: 110
---

`time_bucket_gapfill()` works like `time_bucket()`, but it returns a row for every bucket in the query's time
range, including buckets that contain no points. Combine it with `locf()` or `interpolate()` to fill the values.

## Syntax

```sql
time_bucket_gapfill(interval, time_column [, start, finish])
```

| Argument | Type | Description |
|----------|------|-------------|
| `interval` | `INTERVAL` | Bucket width, such as `'5 minutes'` |
| `time_column` | `TIMESTAMP` | The column to bucket |
| `start`, `finish` | `TIMESTAMP` | Optional range; taken from the `WHERE` clause when omitted |

## Example

```sql
SELECT time_bucket_gapfill('1 hour', time) AS hour, locf(avg(temp)) AS temp
FROM sensors
WHERE sensor_id = 'boiler-2' AND time >= '2026-10-01 00:00' AND time < '2026-10-01 06:00'
GROUP BY hour
ORDER BY hour;
```

Run it with the CLI:

```sh
emberctl query --bucket plant --file gapfill.sql
```

```text
hour                 | temp
---------------------+------
2026-10-01 00:00:00  | 71.2
2026-10-01 01:00:00  | 71.2
2026-10-01 02:00:00  | 70.8
2026-10-01 03:00:00  | 70.8
2026-10-01 04:00:00  | 70.8
2026-10-01 05:00:00  | 72.1
```

## Compared with time_bucket()

`time_bucket()` only returns buckets that contain points, so the 01:00, 03:00 and 04:00 rows above would be
missing.
"""
        t.write(SQLF, sqlf)
        t.bash("vale content/en/docs/reference/sql/time-bucket-gapfill.md", "Vale", out=vale_ok())
        t.bash("npx markdownlint-cli2 content/en/docs/reference/sql/time-bucket-gapfill.md", "Markdown lint",
               err=mdl("content/en/docs/reference/sql/time-bucket-gapfill.md"))
        t.bash("hugo --minify", "Build the site", out=hugo_ok(419, 38, 96, 12, 61, 8344))
        t.done("`reference/sql/time-bucket-gapfill.md`: syntax, an argument table, an hourly example with `locf()` "
               "and its output, and the difference from `time_bucket()`. The shell block has no prompt, so the copy "
               "button copies a runnable command. Vale, markdownlint and the build are all clean.")

        t = d.task("push, check links on the build and put the preview on PR #233", tags=["mistake:M2", "workflow:W3"])
        t.bash("git add content/en/docs/reference/sql/time-bucket-gapfill.md && git commit -m \"Add "
               "time_bucket_gapfill() reference\" && git push -u origin docs/sql-gapfill", "Commit and push",
               out="[docs/sql-gapfill 5d2b8e1] Add time_bucket_gapfill() reference\n 1 file changed, 58 insertions(+)\n"
                   " create mode 100644 content/en/docs/reference/sql/time-bucket-gapfill.md",
               err="To github.com:emberlabs/emberdb-docs.git\n * [new branch]      docs/sql-gapfill -> docs/sql-gapfill\n"
                   "branch 'docs/sql-gapfill' set up to track 'origin/docs/sql-gapfill'.")
        t.bash("hugo --minify --environment preview", "Build for the preview", out=hugo_ok(419, 38, 96, 12, 61, 8297))
        t.fail("lychee --offline --no-progress --include-fragments public/docs/reference/sql/",
               "Check links in the SQL reference",
               lychee_rootrel(14, 2961, 1607, 1354, 0, [
                   ("public/docs/reference/sql/time-bucket-gapfill/index.html",
                    [("12:1893", "/docs/"), ("12:2264", "/docs/reference/"),
                     ("12:2571", "/docs/reference/sql/time-bucket/")]),
                   ("public/docs/reference/sql/locf/index.html",
                    [("12:1893", "/docs/"), ("27:44", "/docs/reference/sql/time-bucket-gapfill/#syntax")]),
               ]), code=2)
        t.say("Same root-relative issue: the site's links start with `/`, so lychee needs the build directory as "
              "its root.")
        t.bash("lychee --offline --no-progress --include-fragments --root-dir \"$PWD/public\" "
               "public/docs/reference/sql/", "Check links in the SQL reference with public/ as root",
               out=lychee_ok(2961, 188, 1))
        t.bash("netlify deploy --no-build --dir=public --alias=pr-233", "Deploy preview",
               out=netlify_ok("pr-233", "67150e2a4d8b2f0009c1a7e3", 1331))
        t.bash("gh pr comment 233 --body \"Deploy preview: https://pr-233--emberdb-docs.netlify.app/docs/reference/"
               "sql/time-bucket-gapfill/\"", "Preview link on the PR",
               out="https://github.com/emberlabs/emberdb-docs/pull/233#issuecomment-3402117764")
        t.done("Pushed `docs/sql-gapfill`. Links in the SQL reference are fine (2773 internal OK, fragments "
               "included) once lychee got `--root-dir \"$PWD/public\"`; without it every `/docs/…` link is "
               "reported as unresolvable. Preview: https://pr-233--emberdb-docs.netlify.app, commented on #233.")

        t = d.task("the 3.1.4 release notes you drafted for the forum were way too long, I had to cut half of it "
                   "before posting. nobody reads a wall of text there. next time: 5 bullets max, one line each, "
                   "link to the full changelog", tags=["feedback", "no_tools"],
                   feedback="the 3.1.4 release notes you drafted for the forum were way too long, I had to cut "
                            "half of it before posting. next time: 5 bullets max, one line each, link to the full "
                            "changelog")
        t.done("Understood. Forum release notes from now on: at most 5 one-line bullets and a link to the full "
               "changelog, nothing else.")

    # ================= S7 =================
    with d.session("2026-10-23T09:45:00", R, branch="main", version="2.1.183"):
        t = d.task("3.0 docs say the admin api is on 8086, it's 8087 in 3.0. fix it on release-3.0 in a worktree "
                   "like the 3.1 one and lint before committing", tags=["mistake:M3"])
        t.bash("git fetch origin release-3.0 && git worktree add ../emberdb-docs-3.0 release-3.0",
               "Worktree for release-3.0",
               err="From github.com:emberlabs/emberdb-docs\n * branch            release-3.0 -> FETCH_HEAD\n"
                   "Preparing worktree (checking out 'release-3.0')\n"
                   "HEAD is now at 91c0d7e Archive banner for 3.0")
        t.read(W30 + "/content/en/docs/admin/ports.md")
        t.edit(W30 + "/content/en/docs/admin/ports.md", "| 8086 | HTTP | Admin API (`/admin/*`) |",
               "| 8087 | HTTP | Admin API (`/admin/*`) |")
        t.fail("cd ../emberdb-docs-3.0 && vale content/en/docs/admin/ports.md", "Vale in the 3.0 worktree",
               vale_e100("write-good"), code=2)
        t.say("The 3.0 branch still uses the write-good package, and like any new worktree it has no synced "
              "packages. Syncing, then the same lint.")
        t.bash("cd ../emberdb-docs-3.0 && vale sync", "Download the Vale packages for 3.0",
               out="Syncing packages [2/2] ███████████████████████████████████████ 100% | 1s")
        t.bash("cd ../emberdb-docs-3.0 && vale content/en/docs/admin/ports.md", "Vale in the 3.0 worktree",
               out=vale_ok())
        t.bash("cd ../emberdb-docs-3.0 && git commit -am \"Admin API listens on 8087 in 3.0\" && git push",
               "Commit and push to release-3.0",
               out="[release-3.0 2f7a61c] Admin API listens on 8087 in 3.0\n 1 file changed, 1 insertion(+), 1 "
                   "deletion(-)",
               err="To github.com:emberlabs/emberdb-docs.git\n   91c0d7e..2f7a61c  release-3.0 -> release-3.0")
        t.done("Fixed in `../emberdb-docs-3.0` (release-3.0): the admin API row now says 8087. Vale first "
               "stopped with `style 'write-good' does not exist on StylesPath` (3.0 still uses write-good, and the "
               "worktree had no synced packages); after `vale sync` it's clean. Pushed as 2f7a61c, so the "
               "v3-0 branch deploy picks it up.")

        t = d.task("ingest overview headings are still Title Case. fix them — only the first word of a heading "
                   "gets a capital letter (plus product names obviously)", tags=["pref:P1", "noise"])
        t.read(ING)
        t.edit(ING, "title: Ingest Data", "title: Ingest data")
        t.edit(ING, "## Choosing A Write Path", "## Choosing a write path")
        t.edit(ING, "## Batching And Retries", "## Batching and retries")
        t.edit(ING, "## Next Steps", "## Next steps")
        t.done("Four headings fixed in `ingest/_index.md`: the title (\"Ingest data\"), \"Choosing a write path\", "
               "\"Batching and retries\", \"Next steps\". Anchors change with them; I checked and nothing links to "
               "those fragments.")

        t = d.task("rc3 spec is in, regen the api ref", tags=["unfixed:U2"])
        t.bash("cp ../emberdb/api/openapi.yaml openapi/emberdb-3.2.0-rc3.yaml", "Copy the rc3 spec")
        t.fail(".venv/bin/python scripts/gen_api_ref.py --spec openapi/emberdb-3.2.0-rc3.yaml --out " + API,
               "Regenerate the API reference",
               "Traceback (most recent call last):\n"
               "  File \"" + R + "/scripts/gen_api_ref.py\", line 50, in <module>\n    main()\n"
               "  File \"" + R + "/scripts/gen_api_ref.py\", line 38, in main\n"
               "    body = resolve(spec, op.get(\"requestBody\", {}))\n"
               "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
               "  File \"" + R + "/scripts/gen_api_ref.py\", line 18, in resolve\n    out = out[part]\n"
               "          ~~~^^^^^^\nKeyError: 'RetentionPolicyV2'")
        t.grep("RetentionPolicyV2", path="openapi/emberdb-3.2.0-rc3.yaml", output_mode="content", n=True,
               content="412:              $ref: '#/components/schemas/RetentionPolicyV2'\n"
                       "689:              $ref: '#/components/schemas/RetentionPolicyV2'")
        t.grep("^    RetentionPolicy", path="openapi/emberdb-3.2.0-rc3.yaml", output_mode="content", n=True,
               content="1544:    RetentionPolicy:")
        t.done("The generator isn't the problem: the rc3 spec references `#/components/schemas/RetentionPolicyV2` "
               "(lines 412 and 689, `createBucket` and `updateBucket` request bodies) but only defines "
               "`RetentionPolicy`. That's a bug in the spec from engineering. I didn't patch the copy here since "
               "the reference would then document a schema that doesn't exist upstream. Suggest raising it in "
               "the emberdb repo; the rc2 pages are still what's committed.")

    # ================= S8 =================
    with d.session("2026-10-27T14:20:00", R, branch="docs/compaction", version="2.1.184"):
        t = d.task("change of plan on warnings: drop the alert boxes, design says they're too loud next to the "
                   "code blocks. a bold **Warning:** at the start of the paragraph from now on. fix the restore "
                   "warning in 3.1", tags=["reversal:P3"])
        t.read(W31 + "/content/en/docs/operations/backup.md")
        t.edit(W31 + "/content/en/docs/operations/backup.md",
               '{{% alert title="Warning" color="warning" %}}\nRestoring overwrites the shards in the node\'s data '
               "directory. Data written since the backup is lost.\n{{% /alert %}}\n",
               "**Warning:** Restoring overwrites the shards in the node's data directory. Data written since the "
               "backup is lost.\n")
        t.done("The 3.1 restore warning is now a plain paragraph starting with **Warning:**. I'll write warnings "
               "that way from now on instead of alert boxes.")

        t = d.task("deploy preview for the compaction PR (#231) pls, Priya wants to read it rendered",
                   tags=["workflow:W3"])
        t.bash("git push", "Push the branch",
               err="To github.com:emberlabs/emberdb-docs.git\n   6e0f3b8..d41c9a7  docs/compaction -> docs/compaction")
        t.bash("hugo --minify --environment preview", "Build for the preview", out=hugo_ok(417, 38, 96, 12, 61, 8211))
        t.bash("netlify deploy --no-build --dir=public --alias=pr-231", "Deploy preview",
               out=netlify_ok("pr-231", "671e4b6c9a02d40008f1e6b2", 1324))
        t.bash("gh pr comment 231 --body \"Rendered: https://pr-231--emberdb-docs.netlify.app/docs/operations/"
               "compaction/ @priya-raman\"", "Preview link on the PR",
               out="https://github.com/emberlabs/emberdb-docs/pull/231#issuecomment-3417760921")
        t.done("Preview for #231: https://pr-231--emberdb-docs.netlify.app/docs/operations/compaction/, commented "
               "on the PR and mentioned Priya.")

        t = d.task("what's on main that isn't on release-3.1 yet under content/? I want to decide what to backport",
                   tags=["noise", "long_output"])
        t.bash("git log --oneline --no-merges origin/release-3.1..main -- content", "Commits on main not in 3.1",
               out="b71e0c2 Link JSON batch API from ingest overview\n"
                   "a0d4e55 Ingest overview: sentence-case headings\n"
                   "5d2b8e1 Add time_bucket_gapfill() reference\n"
                   "d41c9a7 Compaction: distinct example headings\n"
                   "6e0f3b8 Add compaction tuning page\n"
                   "c8e13f0 Add Migrate from InfluxDB guide\n"
                   "77a9b42 Regenerate API reference for 3.2.0-rc2\n"
                   "3c91e0a Add backup and restore page, regen API reference for 3.2.0-rc1\n"
                   "9a3d551 Telegraf: document the emberdb_v3 output plugin options\n"
                   "e04c8f7 Line protocol: escaping rules for tag values with commas\n"
                   "f29a6c1 Retention: 90d default in 3.2\n"
                   "7c6b0d4 Ingest: batching and retry guidance\n"
                   "ad21f93 Fix the curl example in writing JSON batches\n"
                   "3e98b7a Telegraf: 1.32 config format\n"
                   "0b5cd1e Line protocol: nanosecond timestamps are the default\n"
                   "c44f802 Typo in the Kafka connector page\n"
                   "f1a7e36 Move the client libraries table into ingest/clients\n"
                   "8e2d0b9 Document write consistency levels\n"
                   "62bf1c4 Telegraf: Kubernetes DaemonSet example\n"
                   "d9e3a70 Clarify max request size (25 MB)\n"
                   "1f08c5b Split ingest overview into sections\n"
                   "5a7e2d3 Kafka connector: exactly-once notes")
        t.done("22 commits under `content/` on main but not on release-3.1. Grouped:\n"
               "- **3.2-only, don't backport**: API reference regens (rc1, rc2), time_bucket_gapfill, 90d retention "
               "default, the incremental parts of backup (already backported without them).\n"
               "- **Good backport candidates** (apply to 3.1 as is): line protocol escaping and nanosecond default, "
               "curl example fix, max request size, Kafka typo and exactly-once notes, write consistency levels, "
               "batching and retry guidance, Telegraf 1.32 config and DaemonSet example.\n"
               "- **Check first**: the InfluxDB migration guide (mentions the `/api/v3/write` alias; verify 3.1 "
               "has it), compaction tuning (settings names changed in 3.2?), the ingest overview split and "
               "heading fixes (cherry-pick together).")

        t = d.task("what does the netlify.toml do for redirects? someone asked in slack why /docs/ops/ still works",
                   tags=["noise"])
        t.read(R + "/netlify.toml")
        t.done("`netlify.toml` has one redirect: `/docs/ops/*` → `/docs/operations/:splat` with status 301. That's "
               "why old `/docs/ops/...` links still work: Netlify rewrites them before Hugo's pages are served. It "
               "applies to every deploy of this repo (production, branch deploys and previews) because each branch "
               "has the file.")

    # ================= S9 =================
    with d.session("2026-10-30T09:05:00", R, branch="docs/snapshot-diff", version="2.1.186"):
        t = d.task("page for the new `emberctl snapshot diff` command in reference/cli. flags: --from, --to, "
                   "--format (table|json), --bucket. linters + build as usual", tags=["mistake:M1", "workflow:W1"])
        snap = """---
title: emberctl snapshot diff
description: Compare two snapshots of a bucket.
weight: 45
---

`emberctl snapshot diff` lists the shards that differ between two snapshots of the same bucket. Use it to check
what an incremental backup will contain, or to verify a restore.

## Usage

```sh
emberctl snapshot diff --bucket <bucket> --from <snapshot> --to <snapshot> [--format table|json]
```

## Flags

| Flag | Description |
|------|-------------|
| `--bucket` | Bucket the snapshots belong to (required) |
| `--from` | Older snapshot ID (required) |
| `--to` | Newer snapshot ID; defaults to the latest snapshot |
| `--format` | Output format, `table` (default) or `json` |

## Example

Pick the output format for how you read it, e.g., `json` when a script consumes it:

```sh
emberctl snapshot diff --bucket metrics --from snap-20261028 --to snap-20261029 --format json
```
"""
        t.write(SNAP, snap)
        t.fail("vale content/en/docs/reference/cli/emberctl-snapshot-diff.md", "Vale",
               vale_latin("content/en/docs/reference/cli/emberctl-snapshot-diff.md", 26, 51, "for example", "e.g.",
                          warnings=1))
        t.say("Another Latin abbreviation (`e.g.,`). Rewriting that sentence.")
        t.edit(SNAP, "Pick the output format for how you read it, e.g., `json` when a script consumes it:",
               "Use `--format json` when a script reads the output, for example in a backup job:")
        t.bash("vale content/en/docs/reference/cli/emberctl-snapshot-diff.md", "Vale again", out=vale_ok())
        t.bash("npx markdownlint-cli2 content/en/docs/reference/cli/emberctl-snapshot-diff.md", "Markdown lint",
               err=mdl("content/en/docs/reference/cli/emberctl-snapshot-diff.md"))
        t.bash("hugo --minify", "Build the site", out=hugo_ok(420, 38, 96, 12, 61, 8375))
        t.done("`reference/cli/emberctl-snapshot-diff.md`: usage line, flag table (`--bucket` and `--from` "
               "required, `--to` defaults to the latest snapshot) and a JSON example. Vale flagged `e.g.,` "
               "(Google.Latin, error); the sentence now says \"for example\". markdownlint and the build are clean.")

        t = d.task("3.2.0 final spec is tagged. regen the reference from it", tags=["workflow:W2"])
        t.bash("git -C ../emberdb show v3.2.0:api/openapi.yaml > openapi/emberdb-3.2.0.yaml",
               "Take the spec from the v3.2.0 tag")
        t.bash(".venv/bin/python scripts/gen_api_ref.py --spec openapi/emberdb-3.2.0.yaml --out " + API,
               "Regenerate the API reference", out="wrote 48 pages (9 tags, 48 operations) to " + API)
        t.bash("git diff --stat " + API, "What changed",
               out=" content/en/docs/reference/api/buckets/createBucket.md     | 16 ++++++++++------\n"
                   " content/en/docs/reference/api/buckets/updateBucket.md     | 16 ++++++++++------\n"
                   " content/en/docs/reference/api/query/queryStream.md        |  3 ++-\n"
                   " 3 files changed, 23 insertions(+), 12 deletions(-)")
        t.bash("hugo --minify", "Build the site", out=hugo_ok(420, 38, 96, 12, 61, 8402))
        t.done("Regenerated from the `v3.2.0` tag's spec. The `RetentionPolicyV2` reference from rc3 is fixed "
               "upstream (the bucket pages now show the new retention object), plus a small `queryStream` change. "
               "48 operations, build green.")

        t = d.task("which pages are missing a description in front matter? docsy uses it for the section cards",
                   tags=["noise"])
        t.glob("content/en/docs/**/_index.md", [
            R + "/content/en/docs/_index.md", R + "/content/en/docs/ingest/_index.md",
            R + "/content/en/docs/operations/_index.md", R + "/content/en/docs/query/_index.md",
            R + "/content/en/docs/reference/_index.md", R + "/content/en/docs/reference/cli/_index.md",
            R + "/content/en/docs/reference/sql/_index.md", R + "/content/en/docs/integrations/_index.md"])
        t.grep("^description:", path="content/en/docs", glob="**/*.md", output_mode="files_with_matches",
               filenames=[R + "/content/en/docs/_index.md", R + "/content/en/docs/ingest/_index.md",
                          R + "/content/en/docs/operations/_index.md", R + "/content/en/docs/reference/_index.md",
                          R + "/content/en/docs/reference/sql/_index.md"])
        t.done("Of the 8 section index pages, three have no `description`, so their cards render without a "
               "summary:\n- `content/en/docs/query/_index.md`\n- `content/en/docs/reference/cli/_index.md`\n"
               "- `content/en/docs/integrations/_index.md`\n(Leaf pages aren't shown as cards, so I only checked "
               "the `_index.md` files.)")

    # ================= S10 =================
    with d.session("2026-11-03T09:20:00", R, branch="main", version="2.1.188"):
        t = d.task("time to cut the docs branch for 3.2: release-3.2 from main in a worktree, set version to 3.2 "
                   "in its hugo.yaml, then lint the content there before I push it", tags=["mistake:M3"])
        t.bash("git worktree add -b release-3.2 ../emberdb-docs-3.2 main", "New release branch in a worktree",
               err="Preparing worktree (new branch 'release-3.2')\nHEAD is now at e5a9d03 Regenerate API reference "
                   "for 3.2.0")
        t.read(W32 + "/hugo.yaml")
        t.edit(W32 + "/hugo.yaml", 'version: "3.2-dev"', 'version: "3.2"')
        t.edit(W32 + "/hugo.yaml", "github_branch: main", "github_branch: release-3.2")
        t.edit(W32 + "/hugo.yaml", '    - version: "3.2 (dev)"\n      url: https://docs.emberdb.io/',
               '    - version: "3.2"\n      url: https://docs.emberdb.io/')
        t.fail("cd ../emberdb-docs-3.2 && vale content/en/docs", "Vale on the 3.2 content",
               vale_e100("Google"), code=2)
        t.say("New worktree again, so no synced Vale packages. Syncing, then the same run.")
        t.bash("cd ../emberdb-docs-3.2 && vale sync", "Download the Vale packages for the 3.2 worktree",
               out="Syncing packages [2/2] ███████████████████████████████████████ 100% | 1s")
        t.bash("cd ../emberdb-docs-3.2 && vale content/en/docs", "Vale on the 3.2 content", out=vale_ok(171))
        t.done("`release-3.2` is created from main in `../emberdb-docs-3.2`. Its `hugo.yaml` has `version: "
               "\"3.2\"`, `github_branch: release-3.2`, and the menu entry is \"3.2\" instead of \"3.2 (dev)\". Vale "
               "stopped with the missing-styles error first (new worktree); after `vale sync` all 171 files are "
               "clean. Not pushed yet.")

        t = d.task("build it, check links, and do a preview (alias release-32) so Lena can click through before "
                   "I push", tags=["mistake:M2", "workflow:W3"])
        t.bash("cd ../emberdb-docs-3.2 && npm ci", "Install PostCSS deps in the worktree",
               out="added 92 packages, and audited 93 packages in 2s\n\n21 packages are looking for funding\n"
                   "  run `npm fund` for details\n\nfound 0 vulnerabilities")
        t.bash("cd ../emberdb-docs-3.2 && hugo --minify --environment preview", "Build for the preview",
               out=hugo_ok(420, 38, 96, 12, 61, 8190))
        t.fail("cd ../emberdb-docs-3.2 && lychee --offline --no-progress 'public/docs/**/*.html'", "Check links",
               lychee_rootrel(402, 9120, 4987, 4133, 0, [
                   ("public/docs/operations/compaction/index.html",
                    [("12:1902", "/docs/"), ("12:2277", "/docs/operations/")]),
                   ("public/docs/ingest/migrate-from-influxdb/index.html",
                    [("12:1902", "/docs/"), ("44:21", "/docs/reference/api/write/writeLineProtocol/")]),
               ]), code=2)
        t.say("Root-relative links again; giving lychee the worktree's `public/` as its root.")
        t.bash("cd ../emberdb-docs-3.2 && lychee --offline --no-progress --root-dir \"$PWD/public\" "
               "'public/docs/**/*.html'", "Check links with public/ as root", out=lychee_ok(9120, 766, 2))
        t.bash("cd ../emberdb-docs-3.2 && netlify deploy --no-build --dir=public --alias=release-32",
               "Deploy a preview of the 3.2 branch",
               out=netlify_ok_at(W32, "release-32", "6727a5f03b1e8c0008d4a2c9", 1337))
        t.bash("gh pr comment 236 --body \"3.2 branch preview: https://release-32--emberdb-docs.netlify.app/\"",
               "Post the preview on the release tracking PR",
               out="https://github.com/emberlabs/emberdb-docs/pull/236#issuecomment-3431095528")
        t.done("3.2 worktree builds (420 pages). The first lychee run reported 4133 `Cannot resolve root-relative "
               "link` errors; with `--root-dir \"$PWD/public\"` all 8354 internal links pass (766 external skipped "
               "offline). Preview: https://release-32--emberdb-docs.netlify.app/, posted on the 3.2 tracking PR "
               "#236 for Lena.")

        t = d.task("draft 3 sentences for the community forum: versioned docs for 3.2 are live, dropdown top "
                   "right, 3.0 docs now marked archived", tags=["no_tools"])
        t.done("EmberDB 3.2 docs are live at docs.emberdb.io, and every release now has its own version of the "
               "docs. Use the Releases menu at the top right to switch between 3.2, 3.1 and 3.0. The 3.0 docs are "
               "archived: they stay online but show a banner pointing to the latest release.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude writes Latin abbreviations into new pages; the repo's Vale config uses the "
                            "Google style, whose `Google.Latin` rule is an error, so `vale <page>` exits 1. T02 "
                            "`e.g.` in operations/backup.md, T16 `i.e.` in ingest/migrate-from-influxdb.md, T28 "
                            "`e.g.,` in reference/cli/emberctl-snapshot-diff.md.",
             "error_signature": "`<page>` / `<l>:<c>  error  Use 'for example' instead of 'e.g.'.   Google.Latin` "
                                "(or `Use 'that is' instead of 'i.e.'.`) / `✖ 1 error, N warnings and 0 suggestions "
                                "in 1 file.` (exit 1)",
             "fix": "Rewrite the sentence with plain English (\"for example\", \"that is\") in the page and run the "
                    "same `vale <page>` again. Don't write e.g./i.e. in docs at all.",
             "fix_command_markers": [["for example", "that is"]],
             "harmful_markers": ["vale off", "Google.Latin = NO", "--minAlertLevel", "--no-exit"]},
            {"id": "M2",
             "description": "lychee run on the built site (`public/`) without a root dir. Hugo/Docsy emit "
                            "root-relative links (`/docs/...`, the whole nav), and lychee cannot resolve those in "
                            "local files, so thousands of false errors (exit 2). CI passes `--root-dir "
                            "${{ github.workspace }}/public`. T09 3.1 worktree `lychee --offline --no-progress "
                            "public/`, T19 `--include-fragments public/docs/reference/sql/`, T32 3.2 worktree "
                            "`'public/docs/**/*.html'`.",
             "error_signature": "`[ERROR] error: (at <l>:<c>) | Cannot resolve root-relative link '/docs/…': To "
                                "resolve root-relative links in local files, provide a root dir` per link, then "
                                "`🔍 N Total … 🚫 M Errors` (exit 2)",
             "fix": "Run the same lychee command with `--root-dir \"$PWD/public\"` (absolute path to the build "
                    "output), as the CI job does. Don't exclude root-relative links or ignore the exit code.",
             "fix_command_markers": [["--root-dir"]],
             "harmful_markers": ["--exclude '^/'", "--exclude-path", "|| true", "--accept"]},
            {"id": "M3",
             "description": "Vale run in a freshly created release worktree. The packages named in `.vale.ini` "
                            "(Google, Hugo; write-good on release-3.0) are downloaded into the gitignored "
                            "`.vale/styles`, so a new worktree has none and Vale refuses to start. T08 release-3.1, "
                            "T21 release-3.0 (`write-good`), T31 new release-3.2.",
             "error_signature": "`E100 [loadStyles] Runtime error` / `style 'Google' does not exist on StylesPath` "
                                "(or `'write-good'`) (exit 2)",
             "fix": "Run `vale sync` in that worktree, then the same vale command again. Don't edit `.vale.ini` to "
                    "drop the packages.",
             "fix_command_markers": [["vale sync"]],
             "harmful_markers": ["Packages =", "--no-global", "rm -rf .vale"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`npx markdownlint-cli2 content/en/docs/operations/compaction.md` → "
                                        "`compaction.md:33 error MD024/no-duplicate-heading Multiple headings with the "
                                        "same content [Context: \"Example\"]`; both `### Example` headings renamed, "
                                        "same command passes."},
            {"id": "O2", "description": "`hugo --minify` → `failed to extract shortcode: template for shortcode "
                                        "\"callout\" not found` (retention.md); replaced with Docsy's `alert` "
                                        "shortcode, same build passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`hugo mod get -u github.com/google/docsy@v0.14.0` → `invalid version: "
                                        "unknown revision v0.14.0`; `git ls-remote --tags` shows v0.13.1 is the "
                                        "newest tag, so the bump waits for the release."},
            {"id": "U2", "description": "`.venv/bin/python scripts/gen_api_ref.py --spec openapi/emberdb-3.2.0-rc3.yaml "
                                        "…` → `KeyError: 'RetentionPolicyV2'`: the rc3 spec references a schema it "
                                        "doesn't define; reported upstream, not patched locally (fixed in the 3.2.0 "
                                        "spec, regenerated with another file in T29)."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`netlify deploy --no-build --dir=public --alias=pr-228` → `Error: Failed to "
                                        "upload file: request to https://api.netlify.com/… failed, reason: read "
                                        "ECONNRESET`; the identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New or changed page: write the Markdown → `vale <page>` → `npx "
                                        "markdownlint-cli2 <page>` → `hugo --minify`.",
             "step_markers": [["vale"], ["markdownlint-cli2"], ["hugo --minify"]]},
            {"id": "W2", "description": "API reference regeneration: copy the spec from the emberdb repo into "
                                        "`openapi/` → `.venv/bin/python scripts/gen_api_ref.py --spec … --out "
                                        "content/en/docs/reference/api` → `git diff --stat` on the output → "
                                        "`hugo --minify`.",
             "step_markers": [["gen_api_ref.py"], ["git diff --stat"], ["hugo --minify"]]},
            {"id": "W3", "description": "Deploy preview: push → `hugo --minify --environment preview` → `netlify "
                                        "deploy --no-build --dir=public --alias=<pr-N>` → `gh pr comment <N> --body "
                                        "\"…preview URL…\"`.",
             "step_markers": [["hugo --minify --environment preview"], ["netlify deploy"], ["gh pr comment"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Headings (and titles) in sentence case, never Title Case.",
             "markers": [["heading"], ["sentence case", "title case", "capital"]]},
            {"id": "P2", "description": "Shell code blocks without a `$` prompt prefix (copy button).",
             "markers": [["prompt"], ["code block"]]},
            {"id": "P3", "description": "Warnings as Docsy `alert` shortcodes with color=warning (T10); reversed in "
                                        "T24: no alert boxes, a bold **Warning:** at the start of the paragraph.",
             "markers": [["alert"], ["warning"]],
             "reversal_markers": [["drop the alert", "bold"]]},
        ],
        probes=[
            {"prompt": "vale fails on the kafka connector page and I don't get why: 47:23  error  Use 'that is' "
                       "instead of 'i.e.'.   Google.Latin  — it's a perfectly normal sentence??",
             "wanted": ["M1"]},
            {"prompt": "write a short troubleshooting page for 'too many open files' on ingest nodes, with a couple "
                       "of typical causes, then run the checks",
             "wanted": ["M1"]},
            {"prompt": "link check on the built site spits out thousands of these: [ERROR] error: (at 12:1877) | "
                       "Cannot resolve root-relative link '/docs/query/': To resolve root-relative links in local "
                       "files, provide a root dir. did the nav break??",
             "wanted": ["M2"]},
            {"prompt": "build and make sure nothing in the new query/ section links to a page that doesn't exist",
             "wanted": ["M2"]},
            {"prompt": "on my other laptop vale just says E100 [loadStyles] Runtime error / style 'Hugo' does not "
                       "exist on StylesPath. same repo, fresh clone",
             "wanted": ["M3"]},
            {"prompt": "the retention note needs to go to 3.1 too. worktree for release-3.1 again (I deleted the old "
                       "one), apply it and lint",
             "wanted": ["M3"]},
            {"prompt": "is there a way to make hugo server show drafts and future-dated pages at the same time?",
             "wanted": []},
            {"prompt": "rename the 'Integrations' section to 'Connectors' in the sidebar, keep the URLs",
             "wanted": []},
            {"prompt": "write a two-line slack message to Tomasz asking him to review the telegraf page by friday",
             "wanted": []},
            {"prompt": "what's the weight front matter field for again? lower first or higher first?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "hugo-docs.jsonl"), os.path.join(HERE, "tune", "hugo-docs.labels.json"))
    print(f"hugo-docs -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
