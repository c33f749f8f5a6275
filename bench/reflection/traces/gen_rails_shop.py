"""rails-shop: Nadia, the one developer of a small online shop's Rails 7.2 monolith.

Stack: Ruby 3.3 / Rails 7.2, bundler, PostgreSQL, RSpec + FactoryBot (system specs on rack_test by default,
Cuprite for `js: true`), rubocop-rails-omakase (bin/rubocop), brakeman, Sidekiq 7 + sidekiq-cron on Redis,
Hotwire (Turbo + Stimulus via importmap), Kamal 2 deploys (staging + production), GitHub Actions, gh.

Held-aside stream, written blind from the dataset tooling only (see README.md and rails-shop.md).

    cd bench/reflection/traces && python3 fresh/gen_rails_shop.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "nadia"
R = "/home/nadia/src/shopfront"
MODEL = "claude-opus-4-5-20251101"
GH = "https://github.com/kettleandloom/shopfront"
ORIGIN = "github.com:kettleandloom/shopfront.git"
IMAGE = "ghcr.io/kettleandloom/shopfront"
STAGING = "203.0.113.24"
PROD = "198.51.100.17"

# own RNG for hashes, seeds and timings so the Dev RNG is untouched by output helpers
HX = random.Random(7342)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ----------------------------------------------------------------------------- db/schema.rb
SCHEMA_HEADER = """# This file is auto-generated from the current state of the database. Instead
# of editing this file, please use the migrations feature of Active Record to
# incrementally modify your database, and then regenerate this schema definition.
#
# This file is the source Rails uses to define your schema when running `bin/rails
# db:schema:load`. When creating a new database, `bin/rails db:setup` will load
# the schema into the database more quickly than running all the migrations from
# scratch. Larger projects may also benefit from checking in the generated file.
#
# It's strongly recommended that you check this file into your version control system.
"""

TABLES = {
    "active_storage_attachments": [
        't.string "name", null: false', 't.string "record_type", null: false', 't.bigint "record_id", null: false',
        't.bigint "blob_id", null: false', 't.datetime "created_at", null: false',
        'I["blob_id"], name: "index_active_storage_attachments_on_blob_id"',
        'I["record_type", "record_id", "name", "blob_id"], name: "index_active_storage_attachments_uniqueness", unique: true'],
    "active_storage_blobs": [
        't.string "key", null: false', 't.string "filename", null: false', 't.string "content_type"', 't.text "metadata"',
        't.string "service_name", null: false', 't.bigint "byte_size", null: false', 't.string "checksum"',
        't.datetime "created_at", null: false',
        'I["key"], name: "index_active_storage_blobs_on_key", unique: true'],
    "active_storage_variant_records": [
        't.bigint "blob_id", null: false', 't.string "variation_digest", null: false',
        'I["blob_id", "variation_digest"], name: "index_active_storage_variant_records_uniqueness", unique: true'],
    "addresses": [
        't.bigint "customer_id"', 't.string "name", null: false', 't.string "line1", null: false', 't.string "line2"',
        't.string "postcode", null: false', 't.string "city", null: false',
        't.string "country_code", default: "DE", null: false', 't.datetime "created_at", null: false',
        't.datetime "updated_at", null: false', 'I["customer_id"], name: "index_addresses_on_customer_id"'],
    "cart_items": [
        't.bigint "cart_id", null: false', 't.bigint "variant_id", null: false', 't.integer "quantity", default: 1, null: false',
        't.datetime "created_at", null: false', 't.datetime "updated_at", null: false',
        'I["cart_id", "variant_id"], name: "index_cart_items_on_cart_id_and_variant_id", unique: true',
        'I["variant_id"], name: "index_cart_items_on_variant_id"'],
    "carts": [
        't.bigint "customer_id"', 't.string "email"', 't.string "token", null: false', 't.datetime "reminder_sent_at"',
        't.datetime "created_at", null: false', 't.datetime "updated_at", null: false',
        'I["customer_id"], name: "index_carts_on_customer_id"', 'I["token"], name: "index_carts_on_token", unique: true'],
    "customers": [
        't.string "email", null: false', 't.string "name"', 't.string "password_digest"',
        't.boolean "marketing_opt_in", default: false, null: false', 't.datetime "created_at", null: false',
        't.datetime "updated_at", null: false', 'I["email"], name: "index_customers_on_email", unique: true'],
    "line_items": [
        't.bigint "order_id", null: false', 't.bigint "variant_id", null: false', 't.integer "quantity", null: false',
        't.integer "unit_price_cents", null: false', 't.datetime "created_at", null: false',
        't.datetime "updated_at", null: false', 'I["order_id"], name: "index_line_items_on_order_id"',
        'I["variant_id"], name: "index_line_items_on_variant_id"'],
    "orders": [
        't.string "number", null: false', 't.bigint "customer_id"', 't.string "email", null: false',
        't.string "status", default: "pending", null: false', 't.integer "subtotal_cents", null: false',
        't.integer "shipping_cents", null: false', 't.integer "total_cents", null: false',
        't.integer "refunded_cents", default: 0, null: false', 't.string "stripe_payment_intent_id"',
        't.datetime "placed_at"', 't.datetime "shipped_at"', 't.bigint "shipping_address_id"',
        't.datetime "created_at", null: false', 't.datetime "updated_at", null: false',
        'I["customer_id"], name: "index_orders_on_customer_id"', 'I["number"], name: "index_orders_on_number", unique: true',
        'I["stripe_payment_intent_id"], name: "index_orders_on_stripe_payment_intent_id", unique: true'],
    "products": [
        't.string "name", null: false', 't.string "slug", null: false', 't.text "description"',
        't.boolean "featured", default: false, null: false', 't.datetime "published_at"',
        't.datetime "created_at", null: false', 't.datetime "updated_at", null: false',
        'I["slug"], name: "index_products_on_slug", unique: true'],
    "users": [
        't.string "email", null: false', 't.string "name", null: false', 't.string "password_digest", null: false',
        't.string "role", default: "staff", null: false', 't.datetime "created_at", null: false',
        't.datetime "updated_at", null: false', 'I["email"], name: "index_users_on_email", unique: true'],
    "variants": [
        't.bigint "product_id", null: false', 't.string "sku", null: false', 't.string "name", null: false',
        't.integer "price_cents", null: false', 't.integer "stock", default: 0, null: false', 't.integer "position"',
        't.datetime "created_at", null: false', 't.datetime "updated_at", null: false',
        'I["product_id"], name: "index_variants_on_product_id"', 'I["sku"], name: "index_variants_on_sku", unique: true'],
}
FKEYS = [
    'add_foreign_key "active_storage_attachments", "active_storage_blobs", column: "blob_id"',
    'add_foreign_key "active_storage_variant_records", "active_storage_blobs", column: "blob_id"',
    'add_foreign_key "addresses", "customers"',
    'add_foreign_key "cart_items", "carts"',
    'add_foreign_key "cart_items", "variants"',
    'add_foreign_key "line_items", "orders"',
    'add_foreign_key "line_items", "variants"',
    'add_foreign_key "orders", "addresses", column: "shipping_address_id"',
    'add_foreign_key "orders", "customers"',
    'add_foreign_key "variants", "products"',
]


def render_schema(version):
    out = [SCHEMA_HEADER, f"ActiveRecord::Schema[7.2].define(version: {version}) do",
           "  # These are extensions that must be enabled in order to support this database",
           '  enable_extension "plpgsql"', ""]
    for name in sorted(TABLES):
        cols = [c for c in TABLES[name] if not c.startswith("I[")]
        idx = sorted("t.index " + c[1:] for c in TABLES[name] if c.startswith("I["))
        out.append(f'  create_table "{name}", force: :cascade do |t|')
        out += ["    " + c for c in cols + idx]
        out.append("  end")
        out.append("")
    out += ["  " + f for f in FKEYS]
    out.append("end")
    return "\n".join(out) + "\n"


def add_column(table, col):
    """Append a column after the existing ones (Postgres adds columns at the end)."""
    cols = TABLES[table]
    k = max(i for i, c in enumerate(cols) if not c.startswith("I[")) + 1
    cols.insert(k, col)


# ----------------------------------------------------------------------------- tool output helpers
def fmt_secs(s):
    if s >= 60:
        m = int(s // 60)
        rest = f"{s - 60 * m:.2f}".rstrip("0").rstrip(".")
        return f"{m} minute{'s' if m > 1 else ''} {rest} seconds"
    txt = f"{s:.5f}" if s < 1 else f"{s:.2f}"
    txt = txt.rstrip("0").rstrip(".")
    return f"{txt} second{'' if txt == '1' else 's'}"


def seed():
    return HX.randint(1000, 65000)


def rspec_ok(n, secs, load):
    sd = seed()
    return (f"\nRandomized with seed {sd}\n{'.' * n}\n\nFinished in {fmt_secs(secs)} (files took {fmt_secs(load)} "
            f"to load)\n{n} example{'s' if n != 1 else ''}, 0 failures\n\nRandomized with seed {sd}\n")


def rspec_fail(progress, failures, n, secs, load, failed_lines):
    """failures: list of (description, body) where body is the indented block under the description."""
    sd = seed()
    out = [f"Randomized with seed {sd}", progress, "", "Failures:", ""]
    for i, (desc, body) in enumerate(failures, 1):
        out.append(f"  {i}) {desc}")
        out.append(body.rstrip("\n"))
        out.append("")
    nf = len(failures)
    out.append(f"Finished in {fmt_secs(secs)} (files took {fmt_secs(load)} to load)")
    out.append(f"{n} example{'s' if n != 1 else ''}, {nf} failure{'s' if nf != 1 else ''}")
    out.append("")
    out.append("Failed examples:")
    out.append("")
    out += failed_lines
    out.append("")
    out.append(f"Randomized with seed {sd}")
    return "\n".join(out)


def pending_migrations(paths):
    n = len(paths)
    msg = ("Migrations are pending. To resolve this issue, run:\n\n        bin/rails db:migrate\n\n"
           f"You have {n} pending {'migrations:' if n > 1 else 'migration:'}\n\n")
    return msg + "\n".join(P(p) for p in paths)


def announce(version, name, message):
    text = f"{version} {name}: {message}"
    return "== " + text + " " + "=" * max(0, 75 - len(text))


def migrated(version, name, steps, total):
    out = [announce(version, name, "migrating")]
    for call, secs in steps:
        out.append(f"-- {call}")
        out.append(f"   -> {secs:.4f}s")
    out.append(announce(version, name, f"migrated ({total:.4f}s)"))
    return "\n".join(out)


def line_no(d, path, needle, nth=1):
    k = 0
    for i, l in enumerate(d.files[path].split("\n"), 1):
        if needle in l:
            k += 1
            if k == nth:
                return i
    raise AssertionError(f"{needle!r} not in {path}")


def schema_offenses(d):
    """rubocop-rails-omakase on db/schema.rb: Layout/SpaceInsideArrayLiteralBrackets on every t.index array."""
    out = []
    for i, l in enumerate(d.files[P("db/schema.rb")].split("\n"), 1):
        if l.strip().startswith("t.index ["):
            left = l.index("[")
            right = l.index("]")
            for col in (left, right):
                out.append(f"db/schema.rb:{i}:{col + 1}: C: [Correctable] Layout/SpaceInsideArrayLiteralBrackets: "
                           f"Use space inside array brackets.")
                out.append(l)
                out.append(" " * col + "^")
    return out


def rubocop_run(d, files):
    """Progress formatter output for explicit files; only db/schema.rb has offenses."""
    marks = "".join("C" if f == "db/schema.rb" else "." for f in files)
    lines = [f"Inspecting {len(files)} file{'s' if len(files) != 1 else ''}", marks, ""]
    offs = schema_offenses(d) if "db/schema.rb" in files else []
    n = len(offs) // 3
    if offs:
        lines += ["Offenses:", ""] + offs + [""]
        lines.append(f"{len(files)} files inspected, {n} offenses detected, {n} offenses autocorrectable")
    else:
        lines.append(f"{len(files)} files inspected, no offenses detected")
    return "\n".join(lines)


def rubocop_all(nfiles):
    return f"Inspecting {nfiles} files\n{'.' * nfiles}\n\n{nfiles} files inspected, no offenses detected"


def gen_out(*rows):
    """rails generate output: rows of (status, path, level)."""
    return "\n".join(f"{st:>12}  {'  ' * lvl}{p}" for st, p, lvl in rows)


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      {GH}/pull/new/{branch}        
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def kamal_deploy(dest, host, sha, build_secs, total, roles=("web", "job"), old=None):
    """Kamal 2.5 `kamal deploy -d <dest>` output (shortened build log as Kamal prints it at INFO level)."""
    ids = [hx(8) for _ in range(24)]
    it = iter(ids)
    svc = f"shopfront-web-{dest}"
    cid = hx(12)
    lines = [
        "Log into image registry...",
    ]

    def run(cmd, where, secs):
        i = next(it)
        lines.append(f"  INFO [{i}] Running {cmd} {where}")
        lines.append(f"  INFO [{i}] Finished in {secs:.3f} seconds with exit status 0 (successful).")

    run("docker login ghcr.io -u [REDACTED] -p [REDACTED]", "as nadia@localhost", 1.0 + HX.random())
    run("docker login ghcr.io -u [REDACTED] -p [REDACTED]", f"on {host}", 0.8 + HX.random())
    lines.append("Build and push app image...")
    run("docker --version && docker buildx version", "as nadia@localhost", 0.03 + HX.random() / 20)
    clone = f"/tmp/kamal-clones/shopfront-{CLONE}/shopfront/"
    run(f"git -C {clone} remote set-url origin {R}", "as nadia@localhost", 0.004)
    run(f"git -C {clone} fetch origin", "as nadia@localhost", 0.21 + HX.random() / 5)
    run(f"git -C {clone} reset --hard {sha}", "as nadia@localhost", 0.05)
    run(f"git -C {clone} clean -fdx", "as nadia@localhost", 0.006)
    i = next(it)
    lines.append(f"  INFO [{i}] Running docker buildx build --output=type=registry --platform linux/amd64 --builder "
                 f"kamal-local-docker-container -t {IMAGE}:{sha} -t {IMAGE}:latest-{dest} --label service=\"shopfront\" "
                 f"--file Dockerfile . 2>&1 as nadia@localhost")
    lines.append(f"  INFO [{i}] Finished in {build_secs:.3f} seconds with exit status 0 (successful).")
    lines.append("Acquiring the deploy lock...")
    lines.append("Ensure kamal-proxy is running...")
    run("docker network create kamal || true", f"on {host}", 0.2 + HX.random() / 5)
    run("docker container start kamal-proxy || docker run --name kamal-proxy --network kamal --detach --restart "
        "unless-stopped --volume kamal-proxy-config:/home/kamal-proxy/.config/kamal-proxy $(cat "
        ".kamal/proxy/options || echo \"--publish 80:80 --publish 443:443 --log-opt max-size=10m\") "
        "basecamp/kamal-proxy:v0.8.7", f"on {host}", 0.3 + HX.random() / 5)
    lines.append("Detect stale containers...")
    run(f"docker ps --filter label=service=shopfront --filter label=destination={dest} --filter label=role=web "
        f"--format \"{{{{.Names}}}}\" | while read line; do echo ${{line#{svc}-}}; done", f"on {host}", 0.25)
    lines.append(f"Start container with version {sha} (or reboot if already running)...")
    run(f"docker run --detach --restart unless-stopped --name {svc}-{sha} --network kamal --hostname {host}-{cid} "
        f"-e KAMAL_CONTAINER_NAME=\"{svc}-{sha}\" -e KAMAL_VERSION=\"{sha}\" --env RAILS_ENV=\"production\" "
        f"--env-file .kamal/apps/shopfront-{dest}/env/roles/web.env --log-opt max-size=\"10m\" --label "
        f"service=\"shopfront\" --label role=\"web\" --label destination=\"{dest}\" {IMAGE}:{sha}", f"on {host}", 0.71)
    run(f"docker exec kamal-proxy kamal-proxy deploy {svc} --target=\"{cid}:80\" --host=\"{dest}.kettleandloom.com\" "
        f"--tls --deploy-timeout=\"30s\" --drain-timeout=\"30s\" --buffer-requests --buffer-responses "
        f"--log-request-header=\"Cache-Control\" --log-request-header=\"Last-Modified\" --log-request-header=\"User-Agent\"",
        f"on {host}", 9.0 + HX.random() * 6)
    if old:
        run(f"docker container ls --all --filter name=^{svc}-{old}$ --quiet | xargs docker stop", f"on {host}", 1.2)
    lines.append(f"  INFO First web container is healthy on {host}, booting any other roles")
    if "job" in roles:
        run(f"docker run --detach --restart unless-stopped --name shopfront-job-{dest}-{sha} --network kamal "
            f"--hostname {host}-{hx(12)} -e KAMAL_CONTAINER_NAME=\"shopfront-job-{dest}-{sha}\" -e "
            f"KAMAL_VERSION=\"{sha}\" --env RAILS_ENV=\"production\" --env-file "
            f".kamal/apps/shopfront-{dest}/env/roles/job.env --log-opt max-size=\"10m\" --label service=\"shopfront\" "
            f"--label role=\"job\" --label destination=\"{dest}\" {IMAGE}:{sha} bundle exec sidekiq", f"on {host}", 0.64)
        if old:
            run(f"docker container ls --all --filter name=^shopfront-job-{dest}-{old}$ --quiet | xargs docker stop "
                f"-t 25", f"on {host}", 6.1 + HX.random())
    lines.append("Prune old containers and images...")
    run(f"docker ps -q -a --filter label=service=shopfront --filter status=created --filter status=exited --filter "
        f"status=dead | tail -n +6 | while read container_id; do docker rm $container_id; done", f"on {host}", 0.18)
    run("docker image prune --force --filter label=service=shopfront", f"on {host}", 0.21)
    lines.append("Releasing the deploy lock...")
    lines.append(f"  Finished all in {total:.1f} seconds")
    return "\n".join(lines)


CLONE = "5c0e7d91a2b4"


def diffstat(rows, width=50):
    """git --stat lines for (path, count, graph); long paths are shortened from the left like git does."""
    out = []
    for path, n, graph in rows:
        name = path if len(path) <= width else "..." + path[-(width - 3):]
        out.append(f" {name:<{width}} | {n:>2} {graph}")
    return "\n".join(out)


def applogs(host, rows):
    return f"App Host: {host}\n" + "\n".join(rows)


_TS_LAST = {}


def ts(day, h, m, s):
    """docker logs --timestamps; nanoseconds increase within the same second."""
    key = (day, h, m, s)
    ns = _TS_LAST.get(key, HX.randint(1_000_000, 90_000_000)) + HX.randint(20_000, 9_000_000)
    _TS_LAST[key] = ns
    return f"2026-{day}T{h:02d}:{m:02d}:{s:02d}.{ns:09d}Z"


# a Gemfile.lock's worth of gems, for bundle output
GEMS = """actioncable 7.2.2.1
actionmailbox 7.2.2.1
actionmailer 7.2.2.1
actionpack 7.2.2.1
actiontext 7.2.2.1
actionview 7.2.2.1
activejob 7.2.2.1
activemodel 7.2.2.1
activerecord 7.2.2.1
activestorage 7.2.2.1
activesupport 7.2.2.1
addressable 2.8.7
ast 2.4.2
aws-eventstream 1.3.0
aws-partitions 1.1043.0
aws-sdk-core 3.217.0
aws-sdk-kms 1.97.0
aws-sdk-s3 1.179.0
aws-sigv4 1.11.0
base64 0.2.0
bcrypt 3.1.20
bcrypt_pbkdf 1.1.1
benchmark 0.4.0
bigdecimal 3.1.9
bindex 0.8.1
bootsnap 1.18.4
brakeman 7.0.0
builder 3.3.0
bundler 2.5.23
capybara 3.40.0
concurrent-ruby 1.3.5
connection_pool 2.5.0
crass 1.0.6
cronex 0.15.0
cuprite 0.15.1
date 3.4.1
debug 1.10.0
diff-lcs 1.5.1
dotenv 3.1.7
drb 2.2.1
ed25519 1.3.0
erubi 1.13.1
et-orbi 1.2.11
factory_bot 6.5.0
factory_bot_rails 6.4.4
ferrum 0.16
ffi 1.17.1
fugit 1.11.1
globalid 1.2.1
i18n 1.14.7
image_processing 1.13.0
importmap-rails 2.1.0
io-console 0.8.0
irb 1.15.1
jbuilder 2.13.0
jmespath 1.6.2
json 2.9.1
kamal 2.5.2
language_server-protocol 3.17.0.4
logger 1.6.5
loofah 2.24.0
mail 2.8.1
marcel 1.0.4
matrix 0.4.2
mini_magick 5.1.2
mini_mime 1.1.5
minitest 5.25.4
msgpack 1.8.0
net-imap 0.5.6
net-pop 0.1.2
net-protocol 0.2.2
net-scp 4.1.0
net-sftp 4.0.0
net-smtp 0.5.1
net-ssh 7.3.0
nio4r 2.7.4
nokogiri 1.18.2 (x86_64-linux-gnu)
ostruct 0.6.1
pagy 9.3.3
parallel 1.26.3
parser 3.3.7.1
pg 1.5.9
pp 0.6.2
prettyprint 0.2.0
propshaft 1.1.0
psych 5.2.3
public_suffix 6.0.1
puma 6.6.0
raabro 1.4.0
racc 1.8.1
rack 3.1.9
rack-session 2.1.0
rack-test 2.2.0
rackup 2.2.1
rails 7.2.2.1
rails-dom-testing 2.2.0
rails-html-sanitizer 1.6.2
railties 7.2.2.1
rainbow 3.1.1
rake 13.2.1
rdoc 6.11.0
redis-client 0.23.2
regexp_parser 2.10.0
reline 0.6.0
rexml 3.4.0
rspec-core 3.13.3
rspec-expectations 3.13.3
rspec-mocks 3.13.2
rspec-rails 7.1.1
rspec-support 3.13.2
rubocop 1.71.2
rubocop-ast 1.38.0
rubocop-minitest 0.36.0
rubocop-performance 1.23.1
rubocop-rails 2.29.1
rubocop-rails-omakase 1.0.0
ruby-progressbar 1.13.0
ruby-vips 2.2.2
securerandom 0.4.1
sidekiq 7.3.7
sidekiq-cron 2.1.0
sshkit 1.23.2
stimulus-rails 1.3.4
stringio 3.1.2
stripe 13.3.0
tailwindcss-rails 3.3.1
tailwindcss-ruby 3.4.17 (x86_64-linux-gnu)
thor 1.3.2
timeout 0.4.3
turbo-rails 2.0.11
tzinfo 2.0.6
unicode-display_width 3.1.4
unicode-emoji 4.0.4
uri 1.0.2
useragent 0.16.11
web-console 4.2.1
websocket 1.2.11
websocket-driver 0.7.7
websocket-extensions 0.1.5
xpath 3.2.0
zeitwerk 2.7.1""".split("\n")


def bundle_update_ok(updates):
    """updates: {gem: (old, new)}."""
    out = ["Fetching gem metadata from https://rubygems.org/.........", "Resolving dependencies..."]
    for g in GEMS:
        name, ver = g.split(" ", 1)
        if name in updates:
            old, new = updates[name]
            out.append(f"Fetching {name} {new} (was {old})")
            out.append(f"Installing {name} {new} (was {old})")
        else:
            out.append(f"Using {name} {ver}")
    out.append(f"Bundle updated!")
    return "\n".join(out)


# ----------------------------------------------------------------------------- virtual file system
FILES = {
    P("Gemfile"): """source "https://rubygems.org"

ruby file: ".ruby-version"

gem "rails", "~> 7.2.2"
gem "propshaft"
gem "pg", "~> 1.5"
gem "puma", ">= 5.0"
gem "importmap-rails"
gem "turbo-rails"
gem "stimulus-rails"
gem "tailwindcss-rails", "~> 3.3"
gem "jbuilder"
gem "bcrypt", "~> 3.1.7"
gem "tzinfo-data", platforms: %i[ windows jruby ]
gem "bootsnap", require: false
gem "image_processing", "~> 1.2"
gem "aws-sdk-s3", require: false

gem "sidekiq", "~> 7.3"
gem "sidekiq-cron", "~> 2.1"
gem "stripe", "~> 13.3"
gem "pagy", "~> 9.3"
gem "kamal", require: false

group :development, :test do
  gem "debug", platforms: %i[ mri windows ], require: "debug/prelude"
  gem "brakeman", require: false
  gem "rubocop-rails-omakase", require: false
  gem "rspec-rails", "~> 7.1"
  gem "factory_bot_rails"
  gem "dotenv"
end

group :development do
  gem "web-console"
end

group :test do
  gem "capybara"
  gem "cuprite"
end
""",
    P("config/routes.rb"): """Rails.application.routes.draw do
  get "up" => "rails/health#show", as: :rails_health_check

  root "products#index"

  resources :products, only: %i[ index show ], param: :slug
  resource :cart, only: :show
  resources :cart_items, only: %i[ create update destroy ]
  resource :checkout, only: %i[ show create ]
  get "orders/:number/confirmation", to: "orders#confirmation", as: :order_confirmation

  resource :session, only: %i[ new create destroy ]
  resources :customers, only: %i[ new create ]

  namespace :admin do
    root "dashboard#show"
    resources :products
    resources :orders, only: %i[ index show update ]
    resources :users, except: :destroy
    mount Sidekiq::Web => "/sidekiq", constraints: AdminConstraint.new
  end

  post "webhooks/stripe", to: "stripe_webhooks#create"
end
""",
    P("app/controllers/checkouts_controller.rb"): """class CheckoutsController < ApplicationController
  before_action :require_cart_items

  def show
    @address = current_customer&.addresses&.last || Address.new(country_code: "DE")
  end

  def create
    result = Checkout::PlaceOrder.call(cart: current_cart, customer: current_customer, params: checkout_params)

    if result.success?
      session.delete(:cart_token)
      redirect_to order_confirmation_path(result.order.number), status: :see_other
    else
      @address = result.address
      flash.now[:alert] = result.error
      render :show, status: :unprocessable_entity
    end
  end

  private
    def checkout_params
      params.require(:checkout).permit(:email, :payment_method_id, address: [ :name, :line1, :line2, :postcode, :city, :country_code ])
    end

    def require_cart_items
      redirect_to cart_path if current_cart.cart_items.none?
    end
end
""",
    P("app/services/checkout/place_order.rb"): """module Checkout
  class PlaceOrder
    class OutOfStock < StandardError; end

    Result = Data.define(:order, :address, :error) do
      def success? = error.nil?
    end

    def self.call(...) = new(...).call

    def initialize(cart:, customer:, params:)
      @cart = cart
      @customer = customer
      @params = params
    end

    def call
      address = Address.new(@params[:address].merge(customer: @customer))
      return Result.new(order: nil, address:, error: address.errors.full_messages.to_sentence) unless address.valid?

      order = reserve_stock_and_create_order(address)
      charge!(order)
      @cart.destroy
      OrderMailer.confirmation(order).deliver_later
      Result.new(order:, address:, error: nil)
    rescue OutOfStock => e
      Result.new(order: nil, address:, error: I18n.t("checkout.out_of_stock", sku: e.message))
    rescue Stripe::CardError => e
      release(order)
      Result.new(order: nil, address:, error: e.message)
    end

    private
      def reserve_stock_and_create_order(address)
        Order.transaction do
          order = Order.create!(customer: @customer, email: @params[:email], shipping_address: address,
                                subtotal_cents: @cart.subtotal_cents, shipping_cents: @cart.shipping_cents,
                                total_cents: @cart.total_cents)
          @cart.cart_items.includes(:variant).each do |item|
            variant = item.variant.lock!
            raise OutOfStock, variant.sku if variant.stock < item.quantity

            variant.decrement!(:stock, item.quantity)
            order.line_items.create!(variant:, quantity: item.quantity, unit_price_cents: variant.price_cents)
          end
          order
        end
      end

      def charge!(order)
        intent = Stripe::PaymentIntent.create(
          { amount: order.total_cents, currency: "eur", payment_method: @params[:payment_method_id], confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            metadata: { order_number: order.number } },
          { idempotency_key: "order-#{order.number}" }
        )
        order.update!(status: "paid", placed_at: Time.current, stripe_payment_intent_id: intent.id)
      end

      def release(order)
        return unless order

        order.update!(status: "payment_failed")
        order.line_items.each { |li| li.variant.increment!(:stock, li.quantity) }
      end
  end
end
""",
    P("app/services/products_csv_import.rb"): """require "csv"

class ProductsCsvImport
  HEADERS = %w[ sku product variant price_eur stock ].freeze

  def self.call(io) = new(io).call

  def initialize(io)
    @io = io
  end

  def call
    CSV.parse(@io.read, headers: true).each_with_object({ created: 0, updated: 0 }) do |row, stats|
      product = Product.find_or_create_by!(name: row["product"])
      variant = product.variants.find_or_initialize_by(sku: row["sku"])
      stats[variant.new_record? ? :created : :updated] += 1
      variant.update!(name: row["variant"], price_cents: (BigDecimal(row["price_eur"]) * 100).to_i,
                      stock: row["stock"].to_i)
    end
  end
end
""",
    P("app/models/cart.rb"): """class Cart < ApplicationRecord
  FREE_SHIPPING_THRESHOLD_CENTS = 50_00
  FLAT_SHIPPING_CENTS = 4_90

  belongs_to :customer, optional: true
  has_many :cart_items, dependent: :destroy
  has_many :variants, through: :cart_items

  has_secure_token

  def subtotal_cents
    cart_items.includes(:variant).sum { |item| item.quantity * item.variant.price_cents }
  end

  def shipping_cents
    return 0 if cart_items.empty?

    subtotal_cents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : FLAT_SHIPPING_CENTS
  end

  def total_cents
    subtotal_cents + shipping_cents
  end

  def add(variant, quantity: 1)
    item = cart_items.find_or_initialize_by(variant:)
    item.quantity = item.new_record? ? quantity : item.quantity + quantity
    item.save!
    item
  end
end
""",
    P("spec/models/cart_spec.rb"): """require "rails_helper"

RSpec.describe Cart do
  let(:cart) { create(:cart) }

  describe "#shipping_cents" do
    it "is free from 50 EUR" do
      cart.add(create(:variant, price_cents: 50_00))

      expect(cart.shipping_cents).to eq(0)
    end

    it "charges the flat rate below 50 EUR" do
      cart.add(create(:variant, price_cents: 49_99))

      expect(cart.shipping_cents).to eq(Cart::FLAT_SHIPPING_CENTS)
    end

    it "is zero for an empty cart" do
      expect(cart.shipping_cents).to eq(0)
    end
  end

  describe "#add" do
    it "increments the quantity of an existing line" do
      variant = create(:variant)
      cart.add(variant)
      cart.add(variant, quantity: 2)

      expect(cart.cart_items.sole.quantity).to eq(3)
    end
  end
end
""",
    P("config/locales/en.yml"): """en:
  shared:
    free_shipping_banner: "Free shipping on orders over €50"
  products:
    variant:
      add_to_cart: "Add to cart"
      sold_out: "Sold out"
  carts:
    show:
      empty: "Your cart is empty"
      subtotal: "Subtotal %{amount}"
      checkout: "Checkout"
    cart_item:
      remove: "Remove"
      update: "Update"
  checkout:
    out_of_stock: "Sorry, %{sku} just sold out."
  admin_mailer:
    low_stock:
      subject: "Low stock: %{count} variants"
""",
    P("app/models/variant.rb"): """class Variant < ApplicationRecord
  belongs_to :product, touch: true
  has_many :cart_items, dependent: :destroy
  has_many :line_items, dependent: :restrict_with_error

  validates :sku, presence: true, uniqueness: true
  validates :price_cents, numericality: { only_integer: true, greater_than: 0 }
  validates :stock, numericality: { only_integer: true, greater_than_or_equal_to: 0 }

  def display_name
    "#{product.name} – #{name}"
  end

  def in_stock?
    stock.positive?
  end
end
""",
    P("spec/models/variant_spec.rb"): """require "rails_helper"

RSpec.describe Variant do
  describe "validations" do
    it "requires a unique sku" do
      existing = create(:variant)
      variant = build(:variant, sku: existing.sku)

      expect(variant).not_to be_valid
      expect(variant.errors[:sku]).to include("has already been taken")
    end

    it "does not allow negative stock" do
      expect(build(:variant, stock: -1)).not_to be_valid
    end
  end

  describe "#display_name" do
    it "combines product and variant name" do
      variant = build_stubbed(:variant, name: "Natural", product: build_stubbed(:product, name: "Linen apron"))

      expect(variant.display_name).to eq("Linen apron – Natural")
    end
  end
end
""",
    P("spec/factories/variants.rb"): """FactoryBot.define do
  factory :variant do
    product
    sequence(:sku) { |n| "KL-#{n.to_s.rjust(4, "0")}" }
    name { "Natural" }
    price_cents { 34_00 }
    stock { 10 }
  end
end
""",
    P("spec/factories/products.rb"): """FactoryBot.define do
  factory :product do
    sequence(:name) { |n| "Linen tea towel #{n}" }
    description { "Stonewashed linen, made in Lithuania." }
    published_at { 1.week.ago }

    trait :with_variant do
      after(:create) { |product| create(:variant, product:) }
    end
  end
end
""",
    P("spec/factories/orders.rb"): """FactoryBot.define do
  factory :order do
    customer
    sequence(:email) { |n| "buyer#{n}@example.com" }
    status { "pending" }
    subtotal_cents { 34_00 }
    shipping_cents { 4_90 }
    total_cents { 38_90 }

    trait :with_items do
      after(:create) do |order|
        create(:line_item, order:, unit_price_cents: order.subtotal_cents)
      end
    end
  end
end
""",
    P("app/mailers/admin_mailer.rb"): """class AdminMailer < ApplicationMailer
  default to: -> { Rails.configuration.x.shop.owner_email }

  def new_order(order)
    @order = order
    mail subject: "New order #{order.number} (#{helpers.euros(order.total_cents)})"
  end

  def stripe_dispute(order)
    @order = order
    mail subject: "Stripe dispute on #{order.number}"
  end
end
""",
    P("config/schedule.yml"): """# sidekiq-cron, loaded in config/initializers/sidekiq.rb
sitemap_refresh:
  cron: "30 3 * * * Europe/Berlin"
  class: "SitemapRefreshJob"
  queue: low

stripe_payout_sync:
  cron: "0 6 * * * Europe/Berlin"
  class: "StripePayoutSyncJob"
""",
    P("app/views/products/_variant.html.erb"): """<div id="<%= dom_id(variant) %>" class="flex items-center justify-between gap-4 py-3">
  <div>
    <p class="font-medium"><%= variant.name %></p>
    <p class="text-stone-600"><%= euros(variant.price_cents) %></p>
  </div>
  <% if variant.in_stock? %>
    <%= button_to t(".add_to_cart"), cart_items_path(variant_id: variant.id),
          class: "rounded bg-stone-900 px-4 py-2 text-white hover:bg-stone-700" %>
  <% else %>
    <span class="text-sm text-stone-500"><%= t(".sold_out") %></span>
  <% end %>
</div>
""",
    P("spec/requests/products_spec.rb"): """require "rails_helper"

RSpec.describe "Products" do
  describe "GET /products/:slug" do
    let(:product) { create(:product, name: "Linen apron") }

    it "shows the variants with prices" do
      create(:variant, product:, name: "Natural", price_cents: 34_00)

      get product_path(product)

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("Natural", "€34.00")
    end

    it "marks sold out variants" do
      create(:variant, product:, stock: 0)

      get product_path(product)

      expect(response.body).to include("Sold out")
    end
  end
end
""",
    P("app/models/customer.rb"): """class Customer < ApplicationRecord
  has_secure_password validations: false

  has_many :addresses, dependent: :destroy
  has_many :orders, dependent: :nullify
  has_many :carts, dependent: :nullify

  before_validation :clean_email

  validates :email, presence: true, uniqueness: { case_sensitive: false },
                    format: { with: URI::MailTo::EMAIL_REGEXP }

  private
    def clean_email
      self.email = email.to_s.strip.downcase.presence
    end
end
""",
    P("spec/models/customer_spec.rb"): """require "rails_helper"

RSpec.describe Customer do
  it "downcases and strips the email" do
    customer = create(:customer, email: "  Lena@Example.COM ")

    expect(customer.reload.email).to eq("lena@example.com")
  end

  it "rejects a second account with the same email in another case" do
    create(:customer, email: "lena@example.com")

    expect(build(:customer, email: "LENA@example.com")).not_to be_valid
  end
end
""",
    P("app/controllers/admin/orders_controller.rb"): """module Admin
  class OrdersController < BaseController
    def index
      @pagy, @orders = pagy(Order.includes(:customer).order(placed_at: :desc).filter_by(params.slice(:status, :q)))
    end

    def show
      @order = Order.find_by!(number: params[:id])
    end

    def update
      @order = Order.find_by!(number: params[:id])
      if @order.update(order_params)
        redirect_to admin_order_path(@order.number), notice: "Order updated", status: :see_other
      else
        render :show, status: :unprocessable_entity
      end
    end

    private
      def order_params
        params.require(:order).permit(:status, :shipped_at)
      end
  end
end
""",
    P("app/views/admin/orders/index.html.erb"): """<div class="flex items-center justify-between">
  <h1 class="text-2xl font-semibold">Orders</h1>
  <%= render "filters" %>
</div>

<table class="mt-6 w-full text-sm">
  <thead>
    <tr class="text-left text-stone-500">
      <th>Number</th><th>Placed</th><th>Customer</th><th>Status</th><th class="text-right">Total</th>
    </tr>
  </thead>
  <tbody>
    <%= render partial: "order", collection: @orders %>
  </tbody>
</table>

<%== pagy_nav(@pagy) %>
""",
    P("app/views/admin/orders/_order.html.erb"): """<tr id="<%= dom_id(order) %>" class="border-t">
  <td><%= link_to order.number, admin_order_path(order.number), class: "underline" %></td>
  <td><%= l(order.placed_at, format: :short) if order.placed_at %></td>
  <td><%= order.email %></td>
  <td><%= order.status.humanize %></td>
  <td class="text-right"><%= euros(order.total_cents) %></td>
</tr>
""",
    P("config/initializers/inflections.rb"): """# Be sure to restart your server when you modify this file.

# Add new inflection rules using the following format. Inflections
# are locale specific, and you may define rules for as many different
# locales as you wish. All of these examples are active by default:
# ActiveSupport::Inflector.inflections(:en) do |inflect|
#   inflect.plural /^(ox)$/i, "\\\\1en"
#   inflect.singular /^(ox)en/i, "\\\\1"
#   inflect.irregular "person", "people"
#   inflect.uncountable %w( fish sheep )
# end

# These inflection rules are supported but not enabled by default:
# ActiveSupport::Inflector.inflections(:en) do |inflect|
#   inflect.acronym "RESTful"
# end
""",
    P("app/views/carts/_cart_item.html.erb"): """<li id="<%= dom_id(cart_item) %>" class="flex items-center gap-4 py-4">
  <div class="flex-1">
    <p class="font-medium"><%= cart_item.variant.product.name %></p>
    <p class="text-sm text-stone-500"><%= cart_item.variant.name %></p>
  </div>
  <%= form_with model: cart_item, class: "flex items-center gap-2" do |f| %>
    <%= f.label :quantity, class: "sr-only" %>
    <%= f.number_field :quantity, min: 1, class: "w-16 rounded border-stone-300" %>
    <%= f.submit t(".update"), class: "text-sm underline" %>
  <% end %>
  <p class="w-20 text-right"><%= euros(cart_item.quantity * cart_item.variant.price_cents) %></p>
  <%= button_to t(".remove"), cart_item_path(cart_item), method: :delete,
        class: "text-sm text-stone-500 underline", form: { data: { turbo_frame: "_top" } } %>
</li>
""",
    P("spec/system/cart_spec.rb"): """require "rails_helper"

RSpec.describe "Cart", type: :system do
  let(:product) { create(:product, name: "Linen apron") }
  let!(:variant) { create(:variant, product:, name: "Natural", price_cents: 34_00) }

  it "adds a product to the cart" do
    visit product_path(product)
    click_on "Add to cart"

    expect(page).to have_text("Linen apron")
    expect(page).to have_text("Subtotal €34.00")
  end

  it "updates the quantity" do
    visit product_path(product)
    click_on "Add to cart"
    fill_in "Quantity", with: 3
    click_on "Update"

    expect(page).to have_text("Subtotal €102.00")
  end
end
""",
    P("spec/support/capybara.rb"): """require "capybara/cuprite"

Capybara.register_driver(:cuprite) do |app|
  Capybara::Cuprite::Driver.new(app, window_size: [ 1280, 900 ], process_timeout: 20, timeout: 10,
                                     js_errors: true, headless: ENV["HEADLESS"] != "0")
end

RSpec.configure do |config|
  # Plain system specs run on rack_test (fast, no browser). Anything that needs JavaScript
  # opts in to Chrome via Cuprite.
  config.before(:each, type: :system) do
    driven_by :rack_test
  end

  config.before(:each, type: :system, js: true) do
    driven_by :cuprite
  end
end
""",
    P("app/presenters/order_presenter.rb"): """class OrderPresenter < SimpleDelegator
  include ActionView::Helpers::TranslationHelper

  def status_label
    t("orders.status.#{status}")
  end

  def shipping_label
    shipping_cents.zero? ? t("orders.free_shipping") : ApplicationController.helpers.euros(shipping_cents)
  end
end
""",
    P("spec/presenters/order_presenter_spec.rb"): """require "rails_helper"

RSpec.describe OrderPresenter do
  it "labels free shipping" do
    order = create(:order, shipping_cents: 0)

    expect(described_class.new(order).shipping_label).to eq("Free")
  end
end
""",
    P("app/mailers/cart_mailer.rb"): """class CartMailer < ApplicationMailer
end
""",
    P("app/models/order.rb"): """class Order < ApplicationRecord
  STATUSES = %w[ pending paid payment_failed shipped refunded cancelled ].freeze

  belongs_to :customer, optional: true
  belongs_to :shipping_address, class_name: "Address", optional: true
  has_many :line_items, dependent: :destroy

  validates :email, presence: true
  validates :status, inclusion: { in: STATUSES }
  validates :number, uniqueness: true

  before_create :assign_number

  scope :placed_in, ->(range) { where(placed_at: range) }

  def self.filter_by(filters)
    scope = all
    scope = scope.where(status: filters[:status]) if filters[:status].present?
    scope = scope.where("number ILIKE :q OR email ILIKE :q", q: "%#{sanitize_sql_like(filters[:q])}%") if filters[:q].present?
    scope
  end

  def net_cents
    (total_cents * 100.0 / 119).round
  end

  def vat_cents
    total_cents - net_cents
  end

  def to_param
    number
  end

  private
    def assign_number
      self.number ||= "KL-#{Order.maximum(:id).to_i + 10_001}"
    end
end
""",
    P("spec/models/order_spec.rb"): """require "rails_helper"

RSpec.describe Order do
  it "assigns a KL- number on create" do
    order = create(:order)

    expect(order.number).to match(/\\AKL-\\d{5}\\z/)
  end

  describe "#net_cents" do
    it "takes the 19% VAT out of the gross total" do
      order = build_stubbed(:order, total_cents: 119_00)

      expect(order.net_cents).to eq(100_00)
      expect(order.vat_cents).to eq(19_00)
    end
  end

  describe ".filter_by" do
    it "filters by status" do
      paid = create(:order, status: "paid")
      create(:order, status: "pending")

      expect(Order.filter_by(status: "paid")).to eq([ paid ])
    end
  end
end
""",
    P("app/controllers/products_controller.rb"): """class ProductsController < ApplicationController
  def index
    @pagy, @products = pagy(Product.published.with_attached_cover.includes(:variants).order(featured: :desc, name: :asc),
                            limit: 24)
  end

  def show
    @product = Product.published.find_by!(slug: params[:slug])
  end
end
""",
    P("app/views/products/index.html.erb"): """<h1 class="sr-only"><%= t(".title") %></h1>

<div id="products" class="grid grid-cols-2 gap-6 md:grid-cols-4">
  <%= render @products %>
</div>

<%== pagy_nav(@pagy) if @pagy.pages > 1 %>
""",
    P("config/initializers/pagy.rb"): """require "pagy/extras/overflow"

Pagy::DEFAULT[:limit] = 24
Pagy::DEFAULT[:overflow] = :last_page
Pagy::DEFAULT.freeze
""",
    P("app/views/checkouts/show.html.erb"): """<div class="grid gap-10 md:grid-cols-3">
  <%= form_with scope: :checkout, url: checkout_path, class: "space-y-6 md:col-span-2", data: { controller: "stripe-payment" } do |f| %>
    <%= render "address_fields", f: f, address: @address %>
    <%= render "payment_fields", f: f %>
    <%= f.submit t(".pay", amount: euros(current_cart.total_cents)), class: "w-full rounded bg-stone-900 py-3 text-white" %>
  <% end %>

  <aside class="space-y-4">
    <%= render "summary", cart: current_cart %>
  </aside>
</div>
""",
    P("app/javascript/controllers/index.js"): """// Import and register all your controllers from the importmap via controllers/**/*_controller
import { application } from "controllers/application"
import { eagerLoadControllersFrom } from "@hotwired/stimulus-loading"
eagerLoadControllersFrom("controllers", application)
""",
}

FILES[P("db/schema.rb")] = render_schema("2026_02_26_141203")


# ======================================================================= stream
def gen():
    d = Dev("rails-shop", U, "en", MODEL, seed=4471, files=FILES)
    n_spec = 318      # examples in the full suite
    n_rb = 146        # files bin/rubocop inspects

    # ============================================================ S1
    with d.session("2026-03-09T09:20:00", R, branch="main", version="2.1.32"):
        t = d.task("I haven't looked at checkout since Ola refactored it in Feb. Walk me through what happens from "
                   "clicking Pay to the confirmation email — which classes, in what order?", tags=["noise"])
        t.glob("app/{controllers,services,mailers}/**/*.rb", [P(x) for x in [
            "app/controllers/application_controller.rb", "app/controllers/cart_items_controller.rb",
            "app/controllers/carts_controller.rb", "app/controllers/checkouts_controller.rb",
            "app/controllers/orders_controller.rb", "app/controllers/products_controller.rb",
            "app/controllers/sessions_controller.rb", "app/controllers/stripe_webhooks_controller.rb",
            "app/controllers/admin/base_controller.rb", "app/controllers/admin/orders_controller.rb",
            "app/controllers/admin/products_controller.rb", "app/controllers/admin/users_controller.rb",
            "app/services/checkout/place_order.rb", "app/services/products_csv_import.rb",
            "app/mailers/admin_mailer.rb", "app/mailers/application_mailer.rb", "app/mailers/order_mailer.rb"]])
        t.read(P("app/controllers/checkouts_controller.rb"))
        t.read(P("app/services/checkout/place_order.rb"))
        t.grep("deliver_later|perform_async|perform_later", output_mode="content", path=P("app"), n=True,
               content=f"""{R}/app/services/checkout/place_order.rb:{line_no(d, P("app/services/checkout/place_order.rb"), "deliver_later")}:      OrderMailer.confirmation(order).deliver_later
{R}/app/controllers/orders_controller.rb:14:    AdminMailer.new_order(@order).deliver_later if @order.paid_notification_pending?
{R}/app/controllers/stripe_webhooks_controller.rb:19:      AdminMailer.stripe_dispute(order).deliver_later
{R}/app/controllers/stripe_webhooks_controller.rb:31:      StripeRefundSyncJob.perform_async(event.data.object.payment_intent)""")
        t.done("""Pay → confirmation, in order:

1. **`CheckoutsController#create`** (`checkouts_controller.rb`) — only entry point; `require_cart_items` bounces empty carts to `/cart`. It hands `current_cart`, `current_customer` and the permitted params to the service.
2. **`Checkout::PlaceOrder.call`** (`app/services/checkout/place_order.rb`):
   - builds the `Address` from `params[:address]` and returns a failed `Result` if it's invalid (no order created);
   - `reserve_stock_and_create_order`: one transaction — `Order.create!`, then per cart item `variant.lock!` (row lock), raises `OutOfStock` if stock < quantity, `decrement!(:stock)`, creates the `LineItem` with the current price;
   - `charge!`: `Stripe::PaymentIntent.create(..., confirm: true)` with idempotency key `order-<number>`, then `order.update!(status: "paid", placed_at:, stripe_payment_intent_id:)`;
   - destroys the cart and enqueues `OrderMailer.confirmation(order).deliver_later`.
3. Back in the controller: success → drops `:cart_token` from the session and 303s to `/orders/<number>/confirmation`; failure → re-renders `show` with 422 and the error in `flash.now`.
4. The confirmation mail goes through Active Job's Sidekiq adapter, so it's sent by the `job` container, not in the request. The owner's "new order" mail is sent later, from `OrdersController#confirmation` (line 14), when the confirmation page is first shown.

Two things worth knowing:
- The Stripe charge happens **after** the stock transaction commits. On `Stripe::CardError`, `release` marks the order `payment_failed` and puts the stock back. Any other Stripe error (timeout, API error) is not rescued: the order stays `pending` with stock decremented.
- `OutOfStock` is raised inside the transaction, so the order and any earlier line items roll back. Nothing is left behind.""")

        t = d.task("free shipping threshold goes up to 60€, Lena just told me. change it, it can go out with the "
                   "next deploy", tags=["noise"])
        t.grep("50_00|€50", output_mode="content", path=R, n=True, glob="{app,config,spec}/**/*",
               content=f"""{R}/app/models/cart.rb:2:  FREE_SHIPPING_THRESHOLD_CENTS = 50_00
{R}/config/locales/en.yml:3:    free_shipping_banner: "Free shipping on orders over €50"
{R}/spec/models/cart_spec.rb:8:      cart.add(create(:variant, price_cents: 50_00))""")
        t.read(P("app/models/cart.rb"))
        t.edit(P("app/models/cart.rb"), "FREE_SHIPPING_THRESHOLD_CENTS = 50_00", "FREE_SHIPPING_THRESHOLD_CENTS = 60_00")
        t.read(P("config/locales/en.yml"))
        t.edit(P("config/locales/en.yml"), 'free_shipping_banner: "Free shipping on orders over €50"',
               'free_shipping_banner: "Free shipping on orders over €60"')
        t.read(P("spec/models/cart_spec.rb"))
        t.edit(P("spec/models/cart_spec.rb"), """    it "is free from 50 EUR" do
      cart.add(create(:variant, price_cents: 50_00))""", """    it "is free from 60 EUR" do
      cart.add(create(:variant, price_cents: 60_00))""")
        t.edit(P("spec/models/cart_spec.rb"), """    it "charges the flat rate below 50 EUR" do
      cart.add(create(:variant, price_cents: 49_99))""", """    it "charges the flat rate below 60 EUR" do
      cart.add(create(:variant, price_cents: 59_99))""")
        t.bash("bundle exec rspec spec/models/cart_spec.rb", "Run the cart specs", out=rspec_ok(4, 0.31874, 1.94))
        t.done("Threshold is now 60 € (`Cart::FREE_SHIPPING_THRESHOLD_CENTS = 60_00`), the banner text in "
               "`en.yml` says €60, and the two boundary specs use 60_00 / 59_99. Cart specs: 4/4 green. Not "
               "committed.")

        t = d.task("what did Ola push while I was off? last ~10 days, with the files", tags=["noise", "long_output"])
        t.bash("git log --since=\"10 days ago\" --no-merges --stat --format=\"%h %an %ad  %s\" --date=short",
               "Commits from the last 10 days with file stats", out="""c41d2e7 Ola Nowak 2026-03-06  Extract Checkout::PlaceOrder from CheckoutsController

 app/controllers/checkouts_controller.rb    | 68 +++-----------------------
 app/services/checkout/place_order.rb       | 72 ++++++++++++++++++++++++++++
 spec/requests/checkouts_spec.rb            | 21 ++++----
 spec/services/checkout/place_order_spec.rb | 94 +++++++++++++++++++++++++++++++++++++
 4 files changed, 197 insertions(+), 58 deletions(-)
4b9e0a1 Ola Nowak 2026-03-06  Restock variants when a card is declined

 app/services/checkout/place_order.rb       |  9 +++++++--
 spec/services/checkout/place_order_spec.rb | 17 +++++++++++++++++
 2 files changed, 24 insertions(+), 2 deletions(-)
e27c5f8 Ola Nowak 2026-03-05  Lock variant rows while reserving stock

 app/services/checkout/place_order.rb | 3 ++-
 1 file changed, 2 insertions(+), 1 deletion(-)
9d03b6c Ola Nowak 2026-03-04  Admin: filter orders by status and search by number/email

 app/controllers/admin/orders_controller.rb |  2 +-
 app/models/order.rb                        |  7 +++++++
 app/views/admin/orders/_filters.html.erb   | 12 ++++++++++++
 app/views/admin/orders/index.html.erb      |  5 ++++-
 spec/models/order_spec.rb                  |  9 +++++++++
 spec/requests/admin/orders_spec.rb         | 26 ++++++++++++++++++++++++++
 6 files changed, 59 insertions(+), 2 deletions(-)
71fa2d3 Ola Nowak 2026-03-03  Paginate admin orders with pagy

 Gemfile                                    |  1 +
 Gemfile.lock                               |  2 ++
 app/controllers/admin/orders_controller.rb |  2 +-
 app/controllers/application_controller.rb  |  1 +
 app/views/admin/orders/index.html.erb      |  2 ++
 config/initializers/pagy.rb                |  5 +++++
 6 files changed, 12 insertions(+), 1 deletion(-)
0c6e1b8 Ola Nowak 2026-03-03  Products index: switch from kaminari to pagy

 Gemfile                                    |  1 -
 Gemfile.lock                               |  9 ---------
 app/controllers/products_controller.rb     |  3 ++-
 app/views/products/index.html.erb          |  2 +-
 config/locales/kaminari.en.yml             | 12 ------------
 5 files changed, 4 insertions(+), 23 deletions(-)
a5d8f93 Ola Nowak 2026-03-02  Stripe webhook: handle charge.dispute.created

 app/controllers/stripe_webhooks_controller.rb   | 14 ++++++++++++++
 app/mailers/admin_mailer.rb                     |  5 +++++
 app/views/admin_mailer/stripe_dispute.text.erb  |  6 ++++++
 spec/requests/stripe_webhooks_spec.rb           | 31 +++++++++++++++++++++++++++++++
 4 files changed, 56 insertions(+)
2f71c40 Ola Nowak 2026-03-02  Bump rails to 7.2.2.1, puma 6.6

 Gemfile.lock | 60 ++++++++++++++++++++++++++++++------------------------------
 1 file changed, 30 insertions(+), 30 deletions(-)
d18a6e5 Nadia Haddad 2026-02-27  Product cover images: 2x thumbs

 app/models/product.rb                      | 4 ++--
 app/views/products/_product.html.erb       | 2 +-
 2 files changed, 3 insertions(+), 3 deletions(-)""")
        t.done("""Ola, 2–6 March (9 commits; the last one on the list is yours):

- **Checkout refactor (6 Mar):** controller logic moved into `Checkout::PlaceOrder` with a 94-line spec; declined cards now put the stock back; variant rows are locked while stock is reserved (5 Mar).
- **Admin orders (3–4 Mar):** pagy pagination, a status filter and search by number/email (`Order.filter_by`).
- **Products index (3 Mar):** kaminari swapped for pagy (gem and locale file removed).
- **Stripe (2 Mar):** `charge.dispute.created` webhook, which mails the owner (`AdminMailer#stripe_dispute`).
- **Deps (2 Mar):** Rails 7.2.2.1, Puma 6.6 (lockfile only).

The checkout one is the one to read properly; the rest is small.""")

        t = d.task("quick q, no need to look at code: `Product.includes(:variants).where(variants: { stock: 0 })` — "
                   "is that preload or eager_load under the hood? and when would I pick preload explicitly",
                   tags=["noise", "no_tools"])
        t.done("""**eager_load.** `includes` picks the strategy itself: as soon as the query references the included table (here `where(variants: { ... })`, the hash form), it switches to `eager_load`, which means one query with a `LEFT OUTER JOIN variants` and everything loaded from that.

One catch: with the join, `product.variants` only contains the **matching** variants (the ones with `stock = 0`), not all of them. That surprises people.

Pick the strategy explicitly when:
- **`preload`**: you want all associated rows and don't filter on them. Separate `SELECT ... WHERE product_id IN (...)`, no row multiplication, works fine with `limit`/pagination. Usually the right default for listing pages.
- **`eager_load`**: you filter or order by the association and are fine with the filtered association.
- If you want "products that have a sold-out variant, but with **all** their variants loaded", filter with a join/subquery and preload separately: `Product.where(id: Variant.where(stock: 0).select(:product_id)).preload(:variants)`.

With a string condition (`where("variants.stock = 0")`) `includes` can't tell, so you'd need `.references(:variants)` for it to switch to the join.""")

    # ============================================================ S2
    with d.session("2026-03-10T10:05:00", R, branch="feat/low-stock", version="2.1.32"):
        mig1 = "db/migrate/20260310101742_add_low_stock_threshold_to_variants.rb"
        t = d.task("New branch for the low stock thing. First part: variants get a `low_stock_threshold` (integer, "
                   "not null, default 5) and `Variant#low_stock?` — true when stock is at or below the threshold, "
                   "but not for sold out ones, those already get their own badge. Spec it with build_stubbed, no "
                   "need to touch the db for a predicate.", tags=["mistake:M1", "pref:P1"])
        t.bash("bin/rails generate migration AddLowStockThresholdToVariants low_stock_threshold:integer",
               "Generate the migration", out=gen_out(("invoke", "active_record", 0), ("create", mig1, 1)))
        d.files[P(mig1)] = """class AddLowStockThresholdToVariants < ActiveRecord::Migration[7.2]
  def change
    add_column :variants, :low_stock_threshold, :integer
  end
end
"""
        t.read(P(mig1))
        t.edit(P(mig1), "add_column :variants, :low_stock_threshold, :integer",
               "add_column :variants, :low_stock_threshold, :integer, null: false, default: 5")
        t.read(P("app/models/variant.rb"))
        t.edit(P("app/models/variant.rb"), """  def in_stock?
    stock.positive?
  end
""", """  def in_stock?
    stock.positive?
  end

  def low_stock?
    in_stock? && stock <= low_stock_threshold
  end
""")
        t.read(P("spec/models/variant_spec.rb"))
        t.edit(P("spec/models/variant_spec.rb"), """      expect(variant.display_name).to eq("Linen apron – Natural")
    end
  end
end
""", """      expect(variant.display_name).to eq("Linen apron – Natural")
    end
  end

  describe "#low_stock?" do
    it "is true at the threshold" do
      expect(build_stubbed(:variant, stock: 5, low_stock_threshold: 5)).to be_low_stock
    end

    it "is false above the threshold" do
      expect(build_stubbed(:variant, stock: 6, low_stock_threshold: 5)).not_to be_low_stock
    end

    it "is false when sold out" do
      expect(build_stubbed(:variant, stock: 0, low_stock_threshold: 5)).not_to be_low_stock
    end
  end
end
""")
        t.fail("bundle exec rspec spec/models/variant_spec.rb", "Run the variant specs", pending_migrations([mig1]))
        t.say("The migration I generated hasn't been applied to the development database yet, so schema.rb doesn't "
              "know the column and the test schema can't be brought up to date. Running it.")
        t.bash("bin/rails db:migrate", "Apply the new migration", out=migrated(
            "20260310101742", "AddLowStockThresholdToVariants",
            [("add_column(:variants, :low_stock_threshold, :integer, {:null=>false, :default=>5})", 0.0061)], 0.0063))
        add_column("variants", 't.integer "low_stock_threshold", default: 5, null: false')
        d.files[P("db/schema.rb")] = render_schema("2026_03_10_101742")
        t.bash("bundle exec rspec spec/models/variant_spec.rb", "Re-run the variant specs", out=rspec_ok(6, 0.21537, 2.08))
        n_spec += 3
        t.done(f"""- `{mig1}`: `low_stock_threshold` integer, `null: false, default: 5`. Applied; `db/schema.rb` updated.
- `Variant#low_stock?`: `in_stock? && stock <= low_stock_threshold`, so sold-out variants are never "low".
- 3 specs with `build_stubbed` (at, above, sold out). `spec/models/variant_spec.rb`: 6/6.

The first run aborted with "Migrations are pending" because I ran the specs before `bin/rails db:migrate`.""")

        t = d.task("Now the alert: a sidekiq job every morning that emails Lena the variants that are low. Put the "
                   "actual logic in a service object under app/services like Checkout::PlaceOrder; the job should "
                   "just call it and send the mail. weekends too, she checks mail on saturdays", tags=["workflow:W1", "pref:P3"])
        t.bash("bin/rails generate sidekiq:job low_stock_alert", "Generate the Sidekiq job and its spec",
               out=gen_out(("create", "app/sidekiq/low_stock_alert_job.rb", 0),
                           ("create", "spec/sidekiq/low_stock_alert_job_spec.rb", 0)))
        d.files[P("app/sidekiq/low_stock_alert_job.rb")] = """class LowStockAlertJob
  include Sidekiq::Job

  def perform(*args)
    # Do something
  end
end
"""
        d.files[P("spec/sidekiq/low_stock_alert_job_spec.rb")] = """require 'rails_helper'
RSpec.describe LowStockAlertJob, type: :job do
  pending "add some examples to (or delete) #{__FILE__}"
end
"""
        t.write(P("app/services/inventory/low_stock_report.rb"), """module Inventory
  # Variants that are running low (but not sold out), lowest stock first.
  class LowStockReport
    def self.call = new.call

    def call
      Variant.includes(:product).order(:stock).select(&:low_stock?)
    end
  end
end
""")
        t.read(P("app/sidekiq/low_stock_alert_job.rb"))
        t.write(P("app/sidekiq/low_stock_alert_job.rb"), """class LowStockAlertJob
  include Sidekiq::Job
  sidekiq_options queue: :low, retry: 3

  def perform
    variants = Inventory::LowStockReport.call
    return if variants.empty?

    AdminMailer.low_stock(variants.map(&:id)).deliver_now
  end
end
""")
        t.read(P("app/mailers/admin_mailer.rb"))
        t.edit(P("app/mailers/admin_mailer.rb"), """  def stripe_dispute(order)
    @order = order
    mail subject: "Stripe dispute on #{order.number}"
  end
""", """  def stripe_dispute(order)
    @order = order
    mail subject: "Stripe dispute on #{order.number}"
  end

  def low_stock(variant_ids)
    @variants = Variant.includes(:product).where(id: variant_ids).order(:stock)
    mail subject: default_i18n_subject(count: @variants.size)
  end
""")
        t.write(P("app/views/admin_mailer/low_stock.text.erb"), """Running low this morning:

<% @variants.each do |variant| -%>
- <%= variant.display_name %> (<%= variant.sku %>): <%= variant.stock %> left
<% end -%>

<%= admin_products_url %>
""")
        t.write(P("spec/services/inventory/low_stock_report_spec.rb"), """require "rails_helper"

RSpec.describe Inventory::LowStockReport do
  it "returns low variants, lowest stock first, without sold out ones" do
    three = create(:variant, stock: 3)
    one = create(:variant, stock: 1)
    create(:variant, stock: 0)
    create(:variant, stock: 40)

    expect(described_class.call).to eq([ one, three ])
  end

  it "respects a per-variant threshold" do
    variant = create(:variant, stock: 12, low_stock_threshold: 15)

    expect(described_class.call).to eq([ variant ])
  end
end
""")
        t.read(P("spec/sidekiq/low_stock_alert_job_spec.rb"))
        t.write(P("spec/sidekiq/low_stock_alert_job_spec.rb"), """require "rails_helper"

RSpec.describe LowStockAlertJob, type: :job do
  it "mails the owner the low variants" do
    create(:variant, stock: 2)

    expect { described_class.new.perform }.to change { ActionMailer::Base.deliveries.size }.by(1)
    expect(ActionMailer::Base.deliveries.last.subject).to eq("Low stock: 1 variants")
  end

  it "sends nothing when stock is fine" do
    create(:variant, stock: 40)

    expect { described_class.new.perform }.not_to change { ActionMailer::Base.deliveries.size }
  end
end
""")
        t.bash("bundle exec rspec spec/services/inventory/low_stock_report_spec.rb spec/sidekiq/low_stock_alert_job_spec.rb",
               "Run the new specs", out=rspec_ok(4, 0.40918, 2.11))
        n_spec += 4
        n_rb += 4
        t.read(P("config/schedule.yml"))
        t.edit(P("config/schedule.yml"), """stripe_payout_sync:
  cron: "0 6 * * * Europe/Berlin"
  class: "StripePayoutSyncJob"
""", """stripe_payout_sync:
  cron: "0 6 * * * Europe/Berlin"
  class: "StripePayoutSyncJob"

low_stock_alert:
  cron: "0 7 * * * Europe/Berlin"
  class: "LowStockAlertJob"
  queue: low
""")
        t.done("""- `Inventory::LowStockReport` (`app/services/inventory/low_stock_report.rb`): `.call` returns the low variants, lowest stock first. It uses `Variant#low_stock?`, so sold-out ones are skipped.
- `LowStockAlertJob` (`app/sidekiq/`, queue `low`, 3 retries): calls the report and sends `AdminMailer.low_stock` only if something is low.
- `AdminMailer#low_stock` + `low_stock.text.erb`: one line per variant (name, SKU, stock) and a link to the admin products. The subject comes from the existing `admin_mailer.low_stock.subject` key.
- `config/schedule.yml`: `0 7 * * * Europe/Berlin`, every day including weekends.
- Specs: 2 for the report (ordering, sold out excluded, per-variant threshold) and 2 for the job (mail / no mail). All 4 pass.""")

        t = d.task("looks good. rubocop + full suite, then push and open the PR, Ola reviews", tags=["workflow:W2", "long_output"])
        t.bash("bin/rubocop", "Lint the whole project", out=rubocop_all(n_rb))
        t.bash("bundle exec rspec", "Run the full suite", out=rspec_ok(n_spec, 41.73, 2.36), timeout=600000)
        t.bash('git add -A && git commit -m "Low stock threshold per variant and a morning low-stock mail"',
               "Commit the branch", out=f"""[feat/low-stock 5e2a91c] Low stock threshold per variant and a morning low-stock mail
 11 files changed, 118 insertions(+), 2 deletions(-)
 create mode 100644 app/services/inventory/low_stock_report.rb
 create mode 100644 app/sidekiq/low_stock_alert_job.rb
 create mode 100644 app/views/admin_mailer/low_stock.text.erb
 create mode 100644 {mig1}
 create mode 100644 spec/services/inventory/low_stock_report_spec.rb
 create mode 100644 spec/sidekiq/low_stock_alert_job_spec.rb""")
        t.bash("git push -u origin feat/low-stock", "Push the branch", err=git_push_new("feat/low-stock"))
        t.bash('gh pr create --base main --title "Low stock threshold + morning alert" --body "Adds variants.low_stock_threshold '
               '(default 5), Variant#low_stock?, Inventory::LowStockReport and LowStockAlertJob (daily 07:00 Berlin via '
               'sidekiq-cron) that mails the owner the low variants. Sold-out variants are excluded."',
               "Open the PR", out=f"{GH}/pull/41")
        t.done(f"PR #41: {GH}/pull/41 (rubocop clean, {n_spec} examples green). Ola can pick it up.")

    # ============================================================ S3
    with d.session("2026-03-12T14:10:00", R, branch="feat/low-stock", version="2.1.33"):
        t = d.task("Ola's review on #41: she wants the low-stock filter as a scope on Variant (`Variant.low_stock`) "
                   "so it runs in SQL instead of loading every variant into memory. Do that, rubocop just the files "
                   "this branch changes, and push.", tags=["mistake:M2"])
        rep = P("app/services/inventory/low_stock_report.rb")
        t.read(rep)
        t.read(P("app/models/variant.rb"))
        t.edit(P("app/models/variant.rb"), """  validates :stock, numericality: { only_integer: true, greater_than_or_equal_to: 0 }
""", """  validates :stock, numericality: { only_integer: true, greater_than_or_equal_to: 0 }

  scope :low_stock, -> { where(stock: 1..).where("stock <= low_stock_threshold") }
""")
        t.edit(rep, "      Variant.includes(:product).order(:stock).select(&:low_stock?)",
               "      Variant.low_stock.includes(:product).order(:stock, :id)")
        t.read(P("spec/models/variant_spec.rb"))
        t.edit(P("spec/models/variant_spec.rb"), """  describe "#low_stock?" do""", """  describe ".low_stock" do
    it "matches what #low_stock? says" do
      low = create(:variant, stock: 4, low_stock_threshold: 5)
      create(:variant, stock: 9, low_stock_threshold: 5)
      create(:variant, stock: 0)

      expect(Variant.low_stock).to eq([ low ])
    end
  end

  describe "#low_stock?" do""")
        t.bash("bundle exec rspec spec/models/variant_spec.rb spec/services/inventory/low_stock_report_spec.rb",
               "Run the variant and report specs", out=rspec_ok(9, 0.48821, 2.02))
        n_spec += 1
        branch_rb = ["app/mailers/admin_mailer.rb", "app/models/variant.rb", "app/services/inventory/low_stock_report.rb",
                     "app/sidekiq/low_stock_alert_job.rb", mig1, "db/schema.rb", "spec/models/variant_spec.rb",
                     "spec/services/inventory/low_stock_report_spec.rb", "spec/sidekiq/low_stock_alert_job_spec.rb"]
        t.fail("bin/rubocop $(git diff --name-only main...HEAD -- '*.rb')", "Lint the Ruby files changed on this branch",
               rubocop_run(d, branch_rb))
        t.say("Every offense is in `db/schema.rb`, which Rails generates. rubocop-rails excludes `db/*schema.rb`, "
              "but files passed explicitly on the command line are inspected anyway unless `--force-exclusion` is "
              "set. Re-running with it so the config's excludes apply.")
        t.bash("bin/rubocop $(git diff --name-only main...HEAD -- '*.rb') --force-exclusion",
               "Lint the changed files, honouring the config's Exclude list",
               out=rubocop_run(d, [f for f in branch_rb if f != "db/schema.rb"]))
        t.bash('git commit -am "Variant.low_stock scope; report queries in SQL"', "Commit the review fix",
               out="""[feat/low-stock 8b0d3f7] Variant.low_stock scope; report queries in SQL
 3 files changed, 14 insertions(+), 1 deletion(-)""")
        t.bash("git push", "Push to the PR branch", err=f"To {ORIGIN}\n   5e2a91c..8b0d3f7  feat/low-stock -> feat/low-stock")
        t.done("""Pushed to #41 (`8b0d3f7`):
- `Variant.low_stock`: `where(stock: 1..).where("stock <= low_stock_threshold")`, the same rule as `#low_stock?`, in SQL.
- `Inventory::LowStockReport` now does `Variant.low_stock.includes(:product).order(:stock, :id)` and no longer loads every variant.
- New spec checks that the scope agrees with the predicate. Variant and report specs: 9/9.

rubocop on the branch's files: clean. The first run also linted `db/schema.rb` (38 bracket-spacing offenses) because I passed it explicitly; with `--force-exclusion` it's skipped as the config intends.""")

        t = d.task("On the product page, show \"Only 3 left\" next to a variant when it's low. And no hardcoded "
                   "English in views please — everything through I18n / the locale file. Lena wants a German version "
                   "of the shop next year and I don't want to hunt strings then.", tags=["pref:P2"])
        t.read(P("app/views/products/_variant.html.erb"))
        t.edit(P("app/views/products/_variant.html.erb"), """    <p class="text-stone-600"><%= euros(variant.price_cents) %></p>
  </div>""", """    <p class="text-stone-600"><%= euros(variant.price_cents) %></p>
    <% if variant.low_stock? %>
      <p class="text-sm font-medium text-amber-700"><%= t(".only_left", count: variant.stock) %></p>
    <% end %>
  </div>""")
        t.read(P("config/locales/en.yml"))
        t.edit(P("config/locales/en.yml"), """      add_to_cart: "Add to cart"
      sold_out: "Sold out\"""", """      add_to_cart: "Add to cart"
      sold_out: "Sold out"
      only_left:
        one: "Only 1 left"
        other: "Only %{count} left\"""")
        t.read(P("spec/requests/products_spec.rb"))
        t.edit(P("spec/requests/products_spec.rb"), """      expect(response.body).to include("Sold out")
    end
""", """      expect(response.body).to include("Sold out")
    end

    it "tells shoppers when a variant is running low" do
      create(:variant, product:, stock: 3, low_stock_threshold: 5)

      get product_path(product)

      expect(response.body).to include("Only 3 left")
    end
""")
        t.bash("bundle exec rspec spec/requests/products_spec.rb", "Run the product request specs",
               out=rspec_ok(3, 0.62310, 2.05))
        n_spec += 1
        t.done("Low variants now show \"Only N left\" (amber, under the price) on the product page. The text is "
               "`products.variant.only_left` in `en.yml` with `one`/`other` forms, so the German file only needs "
               "the same key. Added a request spec; products specs 3/3.")

        t = d.task("run brakeman and tell me what it finds. don't change anything yet", tags=["unfixed:U1"])
        t.fail("bin/brakeman --no-pager", "Run Brakeman", f"""Loading scanner...
Processing application in {R}
Processing gems...
[Notice] Detected Rails 7 application
Processing configuration...
[Notice] Escaping HTML by default
Parsing files...
Detecting file types...
Processing initializers...
Processing libs...
Processing routes...
Processing templates...
Processing data flow in templates...
Processing models...
Processing controllers...
Processing data flow in controllers...
Indexing call sites...
Running checks in parallel...
 - CheckBasicAuth
 - CheckBasicAuthTimingAttack
 - CheckCrossSiteScripting
 - CheckContentTag
 - CheckCookieSerialization
 - CheckCreateWith
 - CheckCSRFTokenForgeryCVE
 - CheckDefaultRoutes
 - CheckDeserialize
 - CheckDetailedExceptions
 - CheckDigestDoS
 - CheckDynamicFinders
 - CheckEOLRails
 - CheckEOLRuby
 - CheckEscapeFunction
 - CheckEvaluation
 - CheckExecute
 - CheckFileAccess
 - CheckFileDisclosure
 - CheckFilterSkipping
 - CheckForgerySetting
 - CheckHeaderDoS
 - CheckI18nXSS
 - CheckJRubyXML
 - CheckJSONEncoding
 - CheckJSONEntityEscape
 - CheckJSONParsing
 - CheckLinkTo
 - CheckLinkToHref
 - CheckMailTo
 - CheckMassAssignment
 - CheckMimeTypeDoS
 - CheckModelAttrAccessible
 - CheckModelAttributes
 - CheckModelSerialize
 - CheckNestedAttributes
 - CheckNestedAttributesBypass
 - CheckNumberToCurrency
 - CheckPageCachingCVE
 - CheckPathname
 - CheckPermitAttributes
 - CheckQuoteTableName
 - CheckRansack
 - CheckRedirect
 - CheckRegexDoS
 - CheckRender
 - CheckRenderDoS
 - CheckRenderInline
 - CheckResponseSplitting
 - CheckRouteDoS
 - CheckSafeBufferManipulation
 - CheckSanitizeConfigCve
 - CheckSanitizeMethods
 - CheckSelectTag
 - CheckSelectVulnerability
 - CheckSend
 - CheckSendFile
 - CheckSessionManipulation
 - CheckSessionSettings
 - CheckSimpleFormat
 - CheckSingleQuotes
 - CheckSkipBeforeFilter
 - CheckSprocketsPathTraversal
 - CheckSQL
 - CheckSQLCVEs
 - CheckSSLVerify
 - CheckStripTags
 - CheckSymbolDoSCVE
 - CheckTemplateInjection
 - CheckTranslateBug
 - CheckUnsafeReflection
 - CheckUnsafeReflectionMethods
 - CheckValidationRegex
 - CheckVerbConfusion
 - CheckWeakRSAKey
 - CheckWithoutProtection
 - CheckXMLDoS
 - CheckYAMLParsing
Checks finished, collecting results...
Generating report...
== Brakeman Report ==

Application Path: {R}
Rails Version: 7.2.2.1
Brakeman Version: 7.0.0
Scan Date: 2026-03-12 14:31:07 +0100
Duration: 3.41 seconds
Checks Run: BasicAuth, BasicAuthTimingAttack, CSRFTokenForgeryCVE, ContentTag, CookieSerialization, CreateWith, CrossSiteScripting, DefaultRoutes, Deserialize, DetailedExceptions, DigestDoS, DynamicFinders, EOLRails, EOLRuby, EscapeFunction, Evaluation, Execute, FileAccess, FileDisclosure, FilterSkipping, ForgerySetting, HeaderDoS, I18nXSS, JRubyXML, JSONEncoding, JSONEntityEscape, JSONParsing, LinkTo, LinkToHref, MailTo, MassAssignment, MimeTypeDoS, ModelAttrAccessible, ModelAttributes, ModelSerialize, NestedAttributes, NestedAttributesBypass, NumberToCurrency, PageCachingCVE, Pathname, PermitAttributes, QuoteTableName, Ransack, Redirect, RegexDoS, Render, RenderDoS, RenderInline, ResponseSplitting, RouteDoS, SQL, SQLCVEs, SSLVerify, SafeBufferManipulation, SanitizeConfigCve, SanitizeMethods, SelectTag, SelectVulnerability, Send, SendFile, SessionManipulation, SessionSettings, SimpleFormat, SingleQuotes, SkipBeforeFilter, SprocketsPathTraversal, StripTags, SymbolDoSCVE, TemplateInjection, TranslateBug, UnsafeReflection, UnsafeReflectionMethods, ValidationRegex, VerbConfusion, WeakRSAKey, WithoutProtection, XMLDoS, YAMLParsing

== Overview ==

Controllers: 14
Models: 11
Templates: 52
Errors: 0
Security Warnings: 2

== Warning Types ==

Mass Assignment: 1
Redirect: 1

== Warnings ==

Confidence: Medium
Category: Mass Assignment
Check: PermitAttributes
Message: Potentially dangerous key allowed for mass assignment
Code: params.require(:user).permit(:email, :name, :role, :password, :password_confirmation)
File: app/controllers/admin/users_controller.rb
Line: 47

Confidence: Weak
Category: Redirect
Check: Redirect
Message: Possible unprotected redirect
Code: redirect_to(params[:return_to])
File: app/controllers/sessions_controller.rb
Line: 19""", code=3)
        t.done("""Brakeman 7.0.0: 2 warnings, exit code 3. Nothing changed.

1. **Mass assignment of `:role`** (Medium): `Admin::UsersController#user_params` line 47 permits `:role`. Any admin who can edit users can make themselves or someone else `owner`. If only owners are supposed to manage users, it's fine in practice, but then the controller should check that (it only checks "is admin"). Options: permit `:role` only when `Current.user.owner?`, or move role changes to a separate action.
2. **Open redirect** (Weak): `SessionsController#create` line 19 does `redirect_to(params[:return_to])`. Rails 7's `raise_on_open_redirects` is on by default, so an external URL raises `UnsafeRedirectError` (a 500) instead of redirecting, but it's still an error page anyone can trigger. Fix: `redirect_to url_from(params[:return_to]) || root_path`.

Neither is urgent. #2 is a one-liner. #1 needs a decision from you about who may change roles.""")

        t = d.task("Customer#clean_email — isn't there a built-in for that since 7.1? `normalizes` or something. check "
                   "the docs and if it does what I think, switch to it", tags=["noise", "webfetch"])
        t.webfetch("https://api.rubyonrails.org/v7.2/classes/ActiveRecord/Normalization/ClassMethods.html",
                   "What does normalizes do, when is it applied (assignment, finders, nil), and what are the caveats?",
                   """## normalizes(*names, with:, apply_to_nil: false)

Declares a normalization for one or more attributes. The normalization is applied when the attribute is assigned or updated, and the normalized value will be persisted to the database. The normalization is also applied to the corresponding keyword argument of query methods. This allows a record to be created and later queried using unnormalized values.

However, to prevent confusion, the normalization will not be applied when the attribute is fetched from the database. This means that if a record was persisted before the normalization was declared, the record's attribute will not be normalized until either it is assigned a new value, or it is explicitly migrated via `Normalization#normalize_attribute`.

Because the normalization may be applied multiple times, it should be *idempotent*. In other words, applying the normalization more than once should have the same result as applying it only once.

By default, the normalization will not be applied to `nil` values. This behavior can be changed with the `:apply_to_nil` option.

Be aware that if your app was created before Rails 7.1, and your app marshals instances of the targeted model (for example, when caching), then you should set `ActiveRecord.marshalling_format_version` to `7.1` or higher via either `config.load_defaults 7.1` or `config.active_record.marshalling_format_version = 7.1`. Otherwise, `Marshal` may attempt to serialize the normalization `Proc` and raise `TypeError`.

Options:
- `:with` - Any callable object that accepts the attribute's value as its sole argument, and returns it normalized.
- `:apply_to_nil` - Whether to apply the normalization to `nil` values. Defaults to `false`.

Examples:
```ruby
class User < ActiveRecord::Base
  normalizes :email, with: -> email { email.strip.downcase }
  normalizes :phone, with: -> phone { phone.delete("^0-9").delete_prefix("1") }
end

user = User.create(email: " CRUISE-CONTROL@EXAMPLE.COM\\n")
user.email                  # => "cruise-control@example.com"

user = User.find_by(email: "\\tCRUISE-CONTROL@EXAMPLE.COM ")
user.email                  # => "cruise-control@example.com"
user.email_before_type_cast # => "cruise-control@example.com"

User.where(email: "\\tCRUISE-CONTROL@EXAMPLE.COM ").count         # => 1
User.where(["email = ?", "\\tCRUISE-CONTROL@EXAMPLE.COM "]).count # => 0

User.exists?(email: "\\tCRUISE-CONTROL@EXAMPLE.COM ")         # => true
User.exists?(["email = ?", "\\tCRUISE-CONTROL@EXAMPLE.COM "]) # => false

User.normalize_value_for(:phone, "+1 (555) 867-5309") # => "5558675309"
```""")
        t.read(P("app/models/customer.rb"))
        t.edit(P("app/models/customer.rb"), """  before_validation :clean_email

  validates :email, presence: true, uniqueness: { case_sensitive: false },
                    format: { with: URI::MailTo::EMAIL_REGEXP }

  private
    def clean_email
      self.email = email.to_s.strip.downcase.presence
    end
end
""", """  normalizes :email, with: ->(email) { email.strip.downcase.presence }

  validates :email, presence: true, uniqueness: { case_sensitive: false },
                    format: { with: URI::MailTo::EMAIL_REGEXP }
end
""")
        t.read(P("spec/models/customer_spec.rb"))
        t.edit(P("spec/models/customer_spec.rb"), """    expect(build(:customer, email: "LENA@example.com")).not_to be_valid
  end
""", """    expect(build(:customer, email: "LENA@example.com")).not_to be_valid
  end

  it "finds a customer by an unnormalized email" do
    customer = create(:customer, email: "lena@example.com")

    expect(Customer.find_by(email: " LENA@Example.com")).to eq(customer)
  end
""")
        t.bash("bundle exec rspec spec/models/customer_spec.rb", "Run the customer specs", out=rspec_ok(3, 0.29944, 1.98))
        n_spec += 1
        t.done("""Yes. `normalizes` (7.1+) does what `clean_email` did, and a bit more:
- applied on assignment, so the value is normalized before validation and before save;
- also applied to **finder keyword args**: `Customer.find_by(email: " LENA@Example.com")` now works, and so does the login lookup (`SessionsController` uses `find_by(email:)`);
- not applied to `nil`, and not to string-SQL conditions (`where("email = ?", ...)`).

Replaced the `before_validation` with `normalizes :email, with: ->(email) { email.strip.downcase.presence }` and added a spec for the finder case. 3/3 green.

Caveat from the docs: rows saved before this aren't touched until they're reassigned. Ours were already lowercased by the old callback, so nothing to migrate.""")

    # ============================================================ S4
    with d.session("2026-03-16T09:40:00", R, branch="main", version="2.1.34", end_reason="other"):
        t = d.task("#41 is merged 🎉 pull main and deploy to staging. make sure it comes up and the migration ran",
                   tags=["workflow:W3", "long_output"])
        t.bash("git pull --ff-only", "Update main", out="Updating c41d2e7..9a3f0b6\nFast-forward\n" + diffstat([
            ("app/mailers/admin_mailer.rb", 5, "+++"), ("app/models/customer.rb", 8, "+---"),
            ("app/models/variant.rb", 6, "+++"), ("app/services/inventory/low_stock_report.rb", 10, "++++++"),
            ("app/sidekiq/low_stock_alert_job.rb", 11, "++++++"), ("app/views/admin_mailer/low_stock.text.erb", 7, "++++"),
            ("app/views/products/_variant.html.erb", 3, "++"), ("config/locales/en.yml", 5, "++-"),
            ("config/schedule.yml", 5, "+++"), (mig1, 5, "+++"), ("db/schema.rb", 3, "+-"),
            ("spec/models/customer_spec.rb", 6, "+++"), ("spec/models/variant_spec.rb", 26, "++++++++++++++"),
            ("spec/requests/products_spec.rb", 8, "++++"), ("spec/services/inventory/low_stock_report_spec.rb", 19, "++++++++++"),
            ("spec/sidekiq/low_stock_alert_job_spec.rb", 17, "+++++++++")]) + """
 16 files changed, 135 insertions(+), 9 deletions(-)
 create mode 100644 app/services/inventory/low_stock_report.rb
 create mode 100644 app/sidekiq/low_stock_alert_job.rb
 create mode 100644 app/views/admin_mailer/low_stock.text.erb
 create mode 100644 db/migrate/20260310101742_add_low_stock_threshold_to_variants.rb
 create mode 100644 spec/services/inventory/low_stock_report_spec.rb
 create mode 100644 spec/sidekiq/low_stock_alert_job_spec.rb""",
               err="From github.com:kettleandloom/shopfront\n   c41d2e7..9a3f0b6  main       -> origin/main")
        sha1 = "9a3f0b6" + hx(33)
        t.bash("kamal deploy -d staging", "Deploy main to staging with Kamal",
               out=kamal_deploy("staging", STAGING, sha1, 96.412, 131.7, old="c41d2e7" + hx(33)),
               timeout=600000)
        t.bash("curl -fsS -o /dev/null -w \"%{http_code}\\n\" https://staging.kettleandloom.com/up",
               "Check the staging health endpoint", out="200")
        t.bash("kamal app logs -d staging -r web --lines 22", "Look at the new web container's boot log",
               out=applogs(STAGING, [
                   ts("03-16", 8, 58, 2) + " == 20260310101742 AddLowStockThresholdToVariants: migrating ===================",
                   ts("03-16", 8, 58, 2) + " -- add_column(:variants, :low_stock_threshold, :integer, {:null=>false, :default=>5})",
                   ts("03-16", 8, 58, 2) + "    -> 0.0214s",
                   ts("03-16", 8, 58, 2) + " == 20260310101742 AddLowStockThresholdToVariants: migrated (0.0219s) ==========",
                   ts("03-16", 8, 58, 2) + " ",
                   ts("03-16", 8, 58, 4) + " => Booting Puma",
                   ts("03-16", 8, 58, 4) + " => Rails 7.2.2.1 application starting in production ",
                   ts("03-16", 8, 58, 4) + " => Run `bin/rails server --help` for more startup options",
                   ts("03-16", 8, 58, 4) + " Puma starting in single mode...",
                   ts("03-16", 8, 58, 4) + " * Puma version: 6.6.0 (\"Return to Forever\")",
                   ts("03-16", 8, 58, 4) + " * Ruby version: ruby 3.3.7 (2025-01-15 revision be31f993d7) +YJIT [x86_64-linux]",
                   ts("03-16", 8, 58, 4) + " *  Min threads: 3",
                   ts("03-16", 8, 58, 4) + " *  Max threads: 3",
                   ts("03-16", 8, 58, 4) + " *  Environment: production",
                   ts("03-16", 8, 58, 4) + " *          PID: 1",
                   ts("03-16", 8, 58, 4) + " * Listening on http://0.0.0.0:80",
                   ts("03-16", 8, 58, 4) + " Use Ctrl-C to stop",
                   ts("03-16", 8, 58, 5) + " I, [2026-03-16T08:58:05.117402 #1]  INFO -- : [3c0d6f4e-7a51-4c8e-9f0e-51c2a8d7e6b1] Started GET \"/up\" for 172.18.0.2 at 2026-03-16 08:58:05 +0000",
                   ts("03-16", 8, 58, 5) + " I, [2026-03-16T08:58:05.119950 #1]  INFO -- : [3c0d6f4e-7a51-4c8e-9f0e-51c2a8d7e6b1] Processing by Rails::HealthController#show as HTML",
                   ts("03-16", 8, 58, 5) + " I, [2026-03-16T08:58:05.121032 #1]  INFO -- : [3c0d6f4e-7a51-4c8e-9f0e-51c2a8d7e6b1] Completed 200 OK in 1ms (Views: 0.4ms | ActiveRecord: 0.0ms (0 queries, 0 cached) | GC: 0.0ms)",
                   ts("03-16", 8, 59, 41) + " I, [2026-03-16T08:59:41.660118 #1]  INFO -- : [0b9e2d17-41fa-4d39-a0a6-2fd6c6ec3a48] Started GET \"/products/linen-apron\" for 10.0.0.5 at 2026-03-16 08:59:41 +0000",
                   ts("03-16", 8, 59, 41) + " I, [2026-03-16T08:59:41.702381 #1]  INFO -- : [0b9e2d17-41fa-4d39-a0a6-2fd6c6ec3a48] Completed 200 OK in 41ms (Views: 27.9ms | ActiveRecord: 6.2ms (7 queries, 1 cached) | GC: 1.1ms)",
               ]))
        t.done("""Staging is on main (`9a3f0b6`):
- `kamal deploy -d staging` OK in ~2 min; web and job containers replaced, old ones stopped.
- `/up` → 200.
- Boot log shows `AddLowStockThresholdToVariants` migrated (via `db:prepare` in the entrypoint), Puma up, and a real product page served with 200.

The low-stock mail will first go out tomorrow 07:00 Berlin from the staging job container. Staging's owner address is the test inbox, not Lena.""")

        t = d.task("Lena's accountant (Herr Brandt) wants last month's orders as CSV: number, date, email, net, VAT, "
                   "gross, status. A button on the admin orders page, admins only obviously.", tags=["oneoff:O2"])
        t.write(P("app/services/orders_csv_export.rb"), """require "csv"

class OrdersCSVExport
  HEADERS = %w[ number placed_on email net_eur vat_eur gross_eur status ].freeze

  def self.call(...) = new(...).call

  def initialize(month:)
    @range = month.all_month
  end

  def call
    CSV.generate(col_sep: ";") do |csv|
      csv << HEADERS
      Order.placed_in(@range).where.not(status: "pending").order(:placed_at).find_each do |order|
        csv << [ order.number, order.placed_at.to_date.iso8601, order.email, eur(order.net_cents),
                 eur(order.vat_cents), eur(order.total_cents), order.status ]
      end
    end
  end

  private
    def eur(cents)
      format("%.2f", cents / 100.0).tr(".", ",")
    end
end
""")
        t.read(P("app/controllers/admin/orders_controller.rb"))
        t.edit(P("app/controllers/admin/orders_controller.rb"), """    def show
      @order = Order.find_by!(number: params[:id])
    end
""", """    def show
      @order = Order.find_by!(number: params[:id])
    end

    def export
      month = Date.current.prev_month
      send_data OrdersCSVExport.call(month:), type: "text/csv; charset=utf-8",
                filename: "orders-#{month.strftime("%Y-%m")}.csv"
    end
""")
        t.read(P("config/routes.rb"))
        t.edit(P("config/routes.rb"), "    resources :orders, only: %i[ index show update ]\n",
               "    resources :orders, only: %i[ index show update ] do\n      get :export, on: :collection\n    end\n")
        t.read(P("app/views/admin/orders/index.html.erb"))
        t.edit(P("app/views/admin/orders/index.html.erb"), """  <h1 class="text-2xl font-semibold">Orders</h1>
  <%= render "filters" %>""", """  <h1 class="text-2xl font-semibold">Orders</h1>
  <div class="flex items-center gap-4">
    <%= render "filters" %>
    <%= link_to "Last month as CSV", export_admin_orders_path(format: :csv), class: "rounded border px-3 py-1 text-sm" %>
  </div>""")
        spec_csv = P("spec/services/orders_csv_export_spec.rb")
        t.write(spec_csv, """require "rails_helper"

RSpec.describe OrdersCSVExport do
  let(:february) { Date.new(2026, 2, 1) }

  it "lists the month's placed orders with net, VAT and gross in German decimals" do
    create(:order, status: "paid", total_cents: 119_00, email: "a@example.com", placed_at: Time.zone.local(2026, 2, 3, 10))
    create(:order, status: "paid", total_cents: 50_00, placed_at: Time.zone.local(2026, 1, 31, 23))

    rows = CSV.parse(described_class.call(month: february), col_sep: ";")

    expect(rows.first).to eq(OrdersCSVExport::HEADERS)
    expect(rows.drop(1)).to eq([ [ "KL-10001", "2026-02-03", "a@example.com", "100,00", "19,00", "119,00", "paid" ] ])
  end

  it "leaves out pending orders" do
    create(:order, status: "pending", placed_at: Time.zone.local(2026, 2, 10))

    expect(CSV.parse(described_class.call(month: february), col_sep: ";").size).to eq(1)
  end
end
""")
        t.write(P("spec/requests/admin/orders_export_spec.rb"), """require "rails_helper"

RSpec.describe "Admin order export" do
  it "sends last month's orders as CSV to admins" do
    sign_in_as create(:user, role: "owner")

    get export_admin_orders_path(format: :csv)

    expect(response).to have_http_status(:ok)
    expect(response.media_type).to eq("text/csv")
    expect(response.headers["Content-Disposition"]).to include("orders-")
  end

  it "is not available to shoppers" do
    get export_admin_orders_path(format: :csv)

    expect(response).to redirect_to(new_session_path)
  end
end
""")
        cmd = "bundle exec rspec spec/services/orders_csv_export_spec.rb spec/requests/admin/orders_export_spec.rb"
        snippet = "\n".join(("  " + l).rstrip() for l in d.files[spec_csv].split("\n")[2:12])
        t.fail(cmd, "Run the export specs", f"""
An error occurred while loading ./spec/services/orders_csv_export_spec.rb.
Failure/Error:
{snippet}

NameError:
  uninitialized constant OrdersCSVExport
# ./spec/services/orders_csv_export_spec.rb:3:in `<top (required)>'
No examples found.

Finished in 0.00004 seconds (files took 2.14 seconds to load)
0 examples, 0 failures, 1 error occurred outside of examples""")
        t.say("Zeitwerk derives the constant from the file name: `orders_csv_export.rb` → `OrdersCsvExport`, "
              "so `OrdersCSVExport` is never autoloaded. Checking what the existing CSV class does before "
              "choosing between renaming and an acronym inflection.")
        t.grep("class \\w*C[Ss][Vv]\\w*", output_mode="content", path=P("app"), n=True,
               content=f"""{R}/app/services/orders_csv_export.rb:3:class OrdersCSVExport
{R}/app/services/products_csv_import.rb:3:class ProductsCsvImport""")
        t.edit(P("app/services/orders_csv_export.rb"), "class OrdersCSVExport", "class OrdersCsvExport")
        t.edit(P("app/controllers/admin/orders_controller.rb"), "send_data OrdersCSVExport.call(month:)",
               "send_data OrdersCsvExport.call(month:)")
        t.edit(spec_csv, "OrdersCSVExport", "OrdersCsvExport", replace_all=True)
        t.bash(cmd, "Re-run the export specs", out=rspec_ok(4, 0.71406, 2.09))
        n_spec += 4
        n_rb += 3
        t.done("""Done: "Last month as CSV" button on /admin/orders → `GET /admin/orders/export.csv` → `orders-2026-02.csv`.

- `OrdersCsvExport` (`app/services/orders_csv_export.rb`): `;`-separated with comma decimals so Excel in German opens it directly; columns number, placed_on, email, net_eur, vat_eur (19% taken out of gross), gross_eur, status. Pending orders (never paid) are left out.
- Admin-only through `Admin::BaseController` like the rest of /admin; request spec covers both the owner and the shopper case.

I had first named the class `OrdersCSVExport`, which Zeitwerk can't find in `orders_csv_export.rb`. Renamed to `OrdersCsvExport` to match `ProductsCsvImport`, rather than adding a global `CSV` acronym that would break that class. 4/4 specs green. Not committed.""")

    # ============================================================ S5
    with d.session("2026-03-18T10:30:00", R, branch="feat/cart-confirm", version="2.1.36"):
        t = d.task("removing a line from the cart should ask first — turbo confirm, \"Remove Linen apron from your "
                   "cart?\". add that + a system spec", tags=["mistake:M3"])
        part = P("app/views/carts/_cart_item.html.erb")
        t.read(part)
        t.edit(part, """form: { data: { turbo_frame: "_top" } } %>""",
               """form: { data: { turbo_frame: "_top", turbo_confirm: t(".confirm_remove", name: cart_item.variant.product.name) } } %>""")
        t.read(P("config/locales/en.yml"))
        t.edit(P("config/locales/en.yml"), """      remove: "Remove"
      update: "Update\"""", """      remove: "Remove"
      confirm_remove: "Remove %{name} from your cart?"
      update: "Update\"""")
        cs = P("spec/system/cart_spec.rb")
        t.read(cs)
        t.edit(cs, """    expect(page).to have_text("Subtotal €102.00")
  end
end
""", """    expect(page).to have_text("Subtotal €102.00")
  end

  it "asks before removing a line" do
    visit product_path(product)
    click_on "Add to cart"

    accept_confirm("Remove Linen apron from your cart?") do
      click_on "Remove"
    end

    expect(page).to have_text("Your cart is empty")
  end
end
""")
        ex = line_no(d, cs, 'it "asks before removing a line"')
        ac = line_no(d, cs, "accept_confirm(")
        t.fail("bundle exec rspec spec/system/cart_spec.rb", "Run the cart system specs", rspec_fail(
            "..F", [("Cart asks before removing a line", f"""     Failure/Error:
       accept_confirm("Remove Linen apron from your cart?") do
         click_on "Remove"
       end

     Capybara::NotSupportedByDriverError:
       Capybara::Driver::Base#accept_modal
     # ./spec/system/cart_spec.rb:{ac}:in `block (2 levels) in <top (required)>'""")],
            3, 0.71344, 2.27, [f"rspec ./spec/system/cart_spec.rb:{ex} # Cart asks before removing a line"]))
        t.say("The driver can't do JS dialogs. Checking how system specs choose a driver here.")
        t.read(P("spec/support/capybara.rb"))
        t.say("System specs default to rack_test and only switch to Cuprite (Chrome) with `js: true`. The turbo "
              "confirm is JavaScript, so this example needs the tag.")
        t.edit(cs, 'it "asks before removing a line" do', 'it "asks before removing a line", js: true do')
        t.bash("bundle exec rspec spec/system/cart_spec.rb", "Re-run the cart system specs", out=rspec_ok(3, 4.61, 2.24))
        n_spec += 1
        t.done("""- `_cart_item.html.erb`: the Remove `button_to` form now has `data-turbo-confirm` with `carts.cart_item.confirm_remove` ("Remove %{name} from your cart?").
- `spec/system/cart_spec.rb`: new example that accepts the confirm and expects the empty cart. It's tagged `js: true`: plain system specs here run on rack_test, which can't handle the confirm dialog (`NotSupportedByDriverError` on the first run). 3/3 green.""")

        t = d.task("OrderPresenter needs a delivery window for the confirmation page. Placed before 13:00 on a weekday "
                   "→ ships same day, otherwise next working day; arrives 1–3 working days after shipping, shown like "
                   "\"Thu 19 Mar – Mon 23 Mar\". Ignore holidays for now. pls no `create` in the presenter spec, "
                   "nothing in there needs the db — build_stubbed does the job", tags=["pref:P1"])
        pr = P("app/presenters/order_presenter.rb")
        t.read(pr)
        t.edit(pr, """class OrderPresenter < SimpleDelegator
  include ActionView::Helpers::TranslationHelper
""", """class OrderPresenter < SimpleDelegator
  include ActionView::Helpers::TranslationHelper

  SHIPPING_CUTOFF_HOUR = 13
""")
        t.edit(pr, """  def shipping_label
    shipping_cents.zero? ? t("orders.free_shipping") : ApplicationController.helpers.euros(shipping_cents)
  end
end
""", """  def shipping_label
    shipping_cents.zero? ? t("orders.free_shipping") : ApplicationController.helpers.euros(shipping_cents)
  end

  def delivery_window
    ships_on = shipping_date
    first = working_days_after(ships_on, 1)
    last = working_days_after(ships_on, 3)
    "#{I18n.l(first, format: :delivery)} – #{I18n.l(last, format: :delivery)}"
  end

  private
    def shipping_date
      placed = placed_at.in_time_zone("Europe/Berlin")
      date = placed.to_date
      date += 1 if placed.hour >= SHIPPING_CUTOFF_HOUR
      date += 1 until date.on_weekday?
      date
    end

    def working_days_after(date, days)
      days.times do
        date += 1
        date += 1 until date.on_weekday?
      end
      date
    end
end
""")
        t.edit(P("config/locales/en.yml"), """en:
  shared:""", """en:
  date:
    formats:
      delivery: "%a %-d %b"
  shared:""")
        ps = P("spec/presenters/order_presenter_spec.rb")
        t.read(ps)
        t.write(ps, """require "rails_helper"

RSpec.describe OrderPresenter do
  def present(**attrs)
    described_class.new(build_stubbed(:order, **attrs))
  end

  it "labels free shipping" do
    expect(present(shipping_cents: 0).shipping_label).to eq("Free")
  end

  describe "#delivery_window" do
    it "ships the same day before 13:00" do
      expect(present(placed_at: Time.zone.parse("2026-03-18 10:30")).delivery_window).to eq("Thu 19 Mar – Mon 23 Mar")
    end

    it "ships the next working day from 13:00" do
      expect(present(placed_at: Time.zone.parse("2026-03-18 13:00")).delivery_window).to eq("Fri 20 Mar – Tue 24 Mar")
    end

    it "rolls a Friday afternoon order to Monday" do
      expect(present(placed_at: Time.zone.parse("2026-03-20 15:45")).delivery_window).to eq("Tue 24 Mar – Thu 26 Mar")
    end

    it "treats the weekend like Friday afternoon" do
      expect(present(placed_at: Time.zone.parse("2026-03-21 09:00")).delivery_window).to eq("Tue 24 Mar – Thu 26 Mar")
    end
  end
end
""")
        t.bash("bundle exec rspec spec/presenters/order_presenter_spec.rb", "Run the presenter specs",
               out=rspec_ok(5, 0.04127, 1.86))
        n_spec += 4
        t.done("""`OrderPresenter#delivery_window` → e.g. "Thu 19 Mar – Mon 23 Mar":
- shipping day = order date in Berlin time, +1 day from 13:00, then rolled forward past Sat/Sun;
- window = 1st to 3rd working day after that (weekends skipped, holidays ignored as agreed);
- formatted through a new `date.formats.delivery` (`"%a %-d %b"`), so it'll translate with the rest.

Presenter spec rewritten on `build_stubbed` only, including the old free-shipping example, which used `create`. 5 examples in 0.04 s.""")

        d.precompact("""Analysis: Nadia works on shopfront, the Rails 7.2 app of Lena's online shop (Kettle & Loom), on branch feat/cart-confirm. RSpec + FactoryBot, rubocop-rails-omakase, Sidekiq + sidekiq-cron, Kamal staging.
Summary:
1. Cart line removal now asks via data-turbo-confirm (carts.cart_item.confirm_remove). New system example in spec/system/cart_spec.rb; first run failed with Capybara::NotSupportedByDriverError (accept_modal) because system specs default to rack_test (spec/support/capybara.rb); tagged the example `js: true` (Cuprite), 3/3 pass.
2. OrderPresenter#delivery_window (13:00 Berlin cutoff, weekends skipped, 1–3 working days, date.formats.delivery). Presenter spec rewritten with build_stubbed only; 5/5 pass.
User preferences noted: specs use build_stubbed unless the DB is really needed; user-facing strings go through I18n (German shop planned); business logic in service objects under app/services with thin Sidekiq jobs.""")

        t = d.task("next: abandoned cart reminder. carts with an email and at least one item, untouched for 24h, no "
                   "reminder yet → one email, then set reminder_sent_at. hourly sidekiq job, same pattern as the low "
                   "stock one.", tags=["workflow:W1"])
        t.bash("bin/rails generate sidekiq:job abandoned_cart_reminder", "Generate the job and its spec",
               out=gen_out(("create", "app/sidekiq/abandoned_cart_reminder_job.rb", 0),
                           ("create", "spec/sidekiq/abandoned_cart_reminder_job_spec.rb", 0)))
        d.files[P("app/sidekiq/abandoned_cart_reminder_job.rb")] = """class AbandonedCartReminderJob
  include Sidekiq::Job

  def perform(*args)
    # Do something
  end
end
"""
        d.files[P("spec/sidekiq/abandoned_cart_reminder_job_spec.rb")] = """require 'rails_helper'
RSpec.describe AbandonedCartReminderJob, type: :job do
  pending "add some examples to (or delete) #{__FILE__}"
end
"""
        t.write(P("app/services/carts/abandoned_reminders.rb"), """module Carts
  # Sends one reminder per abandoned cart: has an email and items, untouched for 24h, never reminded.
  class AbandonedReminders
    IDLE_FOR = 24.hours

    def self.call(...) = new(...).call

    def initialize(now: Time.current)
      @now = now
    end

    def call
      due.find_each.count do |cart|
        CartMailer.reminder(cart).deliver_later
        cart.update_column(:reminder_sent_at, @now)
      end
    end

    private
      def due
        Cart.where(reminder_sent_at: nil, updated_at: ..(@now - IDLE_FOR))
            .where.not(email: nil)
            .where(id: CartItem.select(:cart_id))
      end
  end
end
""")
        t.read(P("app/sidekiq/abandoned_cart_reminder_job.rb"))
        t.write(P("app/sidekiq/abandoned_cart_reminder_job.rb"), """class AbandonedCartReminderJob
  include Sidekiq::Job
  sidekiq_options queue: :low, retry: 2

  def perform
    Carts::AbandonedReminders.call
  end
end
""")
        t.read(P("app/mailers/cart_mailer.rb"))
        t.write(P("app/mailers/cart_mailer.rb"), """class CartMailer < ApplicationMailer
  def reminder(cart)
    @cart = cart
    mail to: cart.email, subject: default_i18n_subject
  end
end
""")
        t.write(P("app/views/cart_mailer/reminder.text.erb"), """<%= t(".intro") %>

<% @cart.cart_items.includes(variant: :product).each do |item| -%>
- <%= item.quantity %> × <%= item.variant.display_name %>
<% end -%>

<%= t(".cta") %> <%= cart_url(token: @cart.token) %>
""")
        t.edit(P("config/locales/en.yml"), """  admin_mailer:
    low_stock:""", """  cart_mailer:
    reminder:
      subject: "You left something in your cart"
      intro: "Still thinking it over? Your cart is waiting:"
      cta: "Pick up where you left off:"
  admin_mailer:
    low_stock:""")
        t.write(P("spec/services/carts/abandoned_reminders_spec.rb"), """require "rails_helper"

RSpec.describe Carts::AbandonedReminders do
  let(:variant) { create(:variant) }
  let(:now) { Time.zone.parse("2026-03-18 12:00") }

  def cart_with_item(**attrs)
    create(:cart, **attrs).tap { |cart| cart.add(variant) }.tap { |cart| cart.update_column(:updated_at, attrs.fetch(:updated_at)) }
  end

  it "reminds idle carts once and stamps them" do
    cart = cart_with_item(email: "a@example.com", updated_at: now - 25.hours)

    expect { described_class.call(now:) }.to have_enqueued_mail(CartMailer, :reminder).with(cart)
    expect(cart.reload.reminder_sent_at).to eq(now)
    expect { described_class.call(now:) }.not_to have_enqueued_mail(CartMailer, :reminder)
  end

  it "skips carts without email, without items or touched recently" do
    cart_with_item(email: nil, updated_at: now - 25.hours)
    cart_with_item(email: "b@example.com", updated_at: now - 3.hours)
    create(:cart, email: "c@example.com").update_column(:updated_at, now - 30.hours)

    expect(described_class.call(now:)).to eq(0)
  end
end
""")
        t.read(P("spec/sidekiq/abandoned_cart_reminder_job_spec.rb"))
        t.write(P("spec/sidekiq/abandoned_cart_reminder_job_spec.rb"), """require "rails_helper"

RSpec.describe AbandonedCartReminderJob, type: :job do
  it "delegates to Carts::AbandonedReminders" do
    allow(Carts::AbandonedReminders).to receive(:call).and_return(2)

    described_class.new.perform

    expect(Carts::AbandonedReminders).to have_received(:call)
  end
end
""")
        t.bash("bundle exec rspec spec/services/carts/abandoned_reminders_spec.rb spec/sidekiq/abandoned_cart_reminder_job_spec.rb",
               "Run the reminder specs", out=rspec_ok(3, 0.38205, 2.12))
        n_spec += 3
        n_rb += 4
        t.read(P("config/schedule.yml"))
        t.edit(P("config/schedule.yml"), """low_stock_alert:
  cron: "0 7 * * * Europe/Berlin"
  class: "LowStockAlertJob"
  queue: low
""", """low_stock_alert:
  cron: "0 7 * * * Europe/Berlin"
  class: "LowStockAlertJob"
  queue: low

abandoned_cart_reminder:
  cron: "15 * * * *"
  class: "AbandonedCartReminderJob"
  queue: low
""")
        t.done("""- `Carts::AbandonedReminders` (`app/services/carts/`): carts with an email, at least one item, `updated_at` older than 24 h and no `reminder_sent_at`. For each: `CartMailer.reminder(cart).deliver_later`, then stamps `reminder_sent_at` with `update_column`, so it doesn't touch `updated_at` and can't fire twice. Returns how many it sent.
- `AbandonedCartReminderJob`: thin, queue `low`, hourly at :15 in `config/schedule.yml`.
- `CartMailer#reminder` + text view; subject and copy in `en.yml` (`cart_mailer.reminder.*`). The link uses the cart token.
- Specs: reminded once and stamped; skips no-email / empty / recent carts; the job delegates. 3/3.

One thing to decide: the mail goes out even if the shopper unsubscribed from marketing. It's arguably transactional, but you may want to gate it on `customer.marketing_opt_in` for logged-in customers.""")

        t = d.task("ship it: rubocop, suite, push, PR", tags=["workflow:W2", "flaky:F2"])
        t.bash("bin/rubocop", "Lint the whole project", out=rubocop_all(n_rb))
        shot = (f"[Screenshot Image]: {R}/tmp/capybara/failures_r_spec_example_groups_checkout_pays_with_a_card_and_"
                f"shows_the_confirmation_{HX.randint(100, 999)}.png")
        k = HX.randint(150, 250)
        t.fail("bundle exec rspec", "Run the full suite", rspec_fail(
            "." * k + "F" + shot + "\n" + "." * (n_spec - k - 1),
            [("Checkout pays with a card and shows the confirmation", """     Failure/Error: visit checkout_path

     Ferrum::TimeoutError:
       Timed out waiting for response. It's possible that this happened because something took a very long time (for example a page load was slow). If so, setting the :timeout option to a higher value might help.
     # ./spec/system/checkout_spec.rb:21:in `block (2 levels) in <top (required)>'""")],
            n_spec, 58.37, 2.31, ["rspec ./spec/system/checkout_spec.rb:16 # Checkout pays with a card and shows the confirmation"]),
            timeout=600000)
        t.say("One failure, a Ferrum timeout on `visit checkout_path` in the Stripe checkout spec. It's a page "
              "load timeout in headless Chrome, not an assertion, and it's in code this branch didn't touch. "
              "Running the suite again as is.")
        t.bash("bundle exec rspec", "Run the full suite", out=rspec_ok(n_spec, 44.09, 2.28), timeout=600000)
        t.bash('git add -A && git commit -m "Confirm cart line removal, delivery window, abandoned cart reminders"',
               "Commit the branch", out="""[feat/cart-confirm 2d7c4b8] Confirm cart line removal, delivery window, abandoned cart reminders
 14 files changed, 231 insertions(+), 6 deletions(-)
 create mode 100644 app/services/carts/abandoned_reminders.rb
 create mode 100644 app/sidekiq/abandoned_cart_reminder_job.rb
 create mode 100644 app/views/cart_mailer/reminder.text.erb
 create mode 100644 spec/services/carts/abandoned_reminders_spec.rb
 create mode 100644 spec/sidekiq/abandoned_cart_reminder_job_spec.rb""")
        t.bash("git push -u origin feat/cart-confirm", "Push the branch", err=git_push_new("feat/cart-confirm"))
        t.bash('gh pr create --base main --title "Cart: confirm removal, delivery window, abandoned cart reminders" --body '
               '"- turbo confirm before removing a cart line (+ js system spec)\\n- OrderPresenter#delivery_window for the '
               'confirmation page (13:00 cutoff, working days)\\n- hourly AbandonedCartReminderJob -> Carts::AbandonedReminders, '
               'one mail per cart"', "Open the PR", out=f"{GH}/pull/44")
        t.done(f"PR #44: {GH}/pull/44. rubocop clean; suite {n_spec}/{n_spec} on the second run. The first run had "
               "one Ferrum timeout in `spec/system/checkout_spec.rb` (page load), which passed untouched on the re-run.")

    # ============================================================ S6
    with d.session("2026-03-23T09:15:00", R, branch="feat/gift-cards", version="2.1.37"):
        mig_gc = "db/migrate/20260323092114_create_gift_cards.rb"
        t = d.task("Gift cards, part 1: a GiftCard model. code (unique, 16 chars, generated, no 0/O/1/I mixups), "
                   "initial + balance in cents, expires_on (end of the 3rd year after purchase — that's the German "
                   "rule), expired_at. Model + specs, no UI yet.", tags=["mistake:M1"])
        t.bash("bin/rails generate model GiftCard code:string:uniq initial_cents:integer balance_cents:integer "
               "expires_on:date expired_at:datetime", "Generate the model, migration, spec and factory",
               out=gen_out(("invoke", "active_record", 0), ("create", mig_gc, 1), ("create", "app/models/gift_card.rb", 1),
                           ("invoke", "rspec", 1), ("create", "spec/models/gift_card_spec.rb", 2),
                           ("invoke", "factory_bot", 2), ("create", "spec/factories/gift_cards.rb", 3)))
        d.files[P(mig_gc)] = """class CreateGiftCards < ActiveRecord::Migration[7.2]
  def change
    create_table :gift_cards do |t|
      t.string :code
      t.integer :initial_cents
      t.integer :balance_cents
      t.date :expires_on
      t.datetime :expired_at

      t.timestamps
    end
    add_index :gift_cards, :code, unique: true
  end
end
"""
        d.files[P("app/models/gift_card.rb")] = """class GiftCard < ApplicationRecord
end
"""
        d.files[P("spec/models/gift_card_spec.rb")] = """require 'rails_helper'

RSpec.describe GiftCard, type: :model do
  pending "add some examples to (or delete) #{__FILE__}"
end
"""
        d.files[P("spec/factories/gift_cards.rb")] = """FactoryBot.define do
  factory :gift_card do
    code { "MyString" }
    initial_cents { 1 }
    balance_cents { 1 }
    expires_on { "2026-03-23" }
    expired_at { "2026-03-23 09:21:14" }
  end
end
"""
        t.read(P(mig_gc))
        t.edit(P(mig_gc), """      t.string :code
      t.integer :initial_cents
      t.integer :balance_cents
      t.date :expires_on""", """      t.string :code, null: false
      t.integer :initial_cents, null: false
      t.integer :balance_cents, null: false
      t.date :expires_on, null: false""")
        t.read(P("app/models/gift_card.rb"))
        t.write(P("app/models/gift_card.rb"), """class GiftCard < ApplicationRecord
  CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".chars.freeze

  normalizes :code, with: ->(code) { code.upcase.delete("^A-Z0-9") }

  validates :code, presence: true, uniqueness: true, length: { is: 16 }
  validates :initial_cents, numericality: { only_integer: true, greater_than: 0 }
  validates :balance_cents, numericality: { only_integer: true, greater_than_or_equal_to: 0 }

  before_validation :assign_defaults, on: :create

  scope :active, -> { where(expired_at: nil).where(expires_on: Date.current..) }

  # German statute of limitations: three years, counted from the end of the year of purchase.
  def self.expiry_for(purchased_on) = (purchased_on + 3.years).end_of_year

  def expired?
    expired_at.present? || expires_on < Date.current
  end

  def display_code
    code.scan(/.{4}/).join("-")
  end

  private
    def assign_defaults
      self.code ||= Array.new(16) { CODE_ALPHABET.sample(random: SecureRandom) }.join
      self.balance_cents ||= initial_cents
      self.expires_on ||= self.class.expiry_for(Date.current)
    end
end
""")
        t.read(P("spec/factories/gift_cards.rb"))
        t.write(P("spec/factories/gift_cards.rb"), """FactoryBot.define do
  factory :gift_card do
    sequence(:code) { |n| "TESTCARD#{n.to_s.rjust(8, "0")}" }
    initial_cents { 50_00 }
    balance_cents { 50_00 }
    expires_on { GiftCard.expiry_for(Date.current) }
  end
end
""")
        t.read(P("spec/models/gift_card_spec.rb"))
        t.write(P("spec/models/gift_card_spec.rb"), """require "rails_helper"

RSpec.describe GiftCard do
  it "generates a 16 character code and starts with the full balance" do
    card = create(:gift_card, code: nil, initial_cents: 50_00, balance_cents: nil)

    expect(card.code).to match(/\\A[A-HJ-NP-Z2-9]{16}\\z/)
    expect(card.balance_cents).to eq(50_00)
  end

  it "expires at the end of the third year after purchase" do
    expect(GiftCard.expiry_for(Date.new(2026, 3, 23))).to eq(Date.new(2029, 12, 31))
  end

  it "normalizes codes typed with dashes and in lowercase" do
    expect(build_stubbed(:gift_card, code: "abcd-efgh-jklm-npqr").code).to eq("ABCDEFGHJKLMNPQR")
  end

  it "shows the code in groups of four" do
    expect(build_stubbed(:gift_card, code: "ABCDEFGHJKLMNPQR").display_code).to eq("ABCD-EFGH-JKLM-NPQR")
  end

  describe "#expired?" do
    it "is true after expires_on" do
      expect(build_stubbed(:gift_card, expires_on: Date.yesterday)).to be_expired
    end

    it "is false until then" do
      expect(build_stubbed(:gift_card, expires_on: Date.tomorrow)).not_to be_expired
    end
  end
end
""")
        t.fail("bundle exec rspec spec/models/gift_card_spec.rb", "Run the gift card specs", pending_migrations([mig_gc]))
        t.say("The new create_gift_cards migration isn't applied yet. Migrating the dev database (which also dumps "
              "schema.rb), then re-running.")
        t.bash("bin/rails db:migrate && git status --short db/", "Apply the migration and check the schema dump",
               out=migrated("20260323092114", "CreateGiftCards",
                            [("create_table(:gift_cards)", 0.0139), ("add_index(:gift_cards, :code, {:unique=>true})", 0.0024)],
                            0.0165) + f"\n M db/schema.rb\n?? {mig_gc}")
        TABLES["gift_cards"] = ['t.string "code", null: false', 't.integer "initial_cents", null: false',
                                't.integer "balance_cents", null: false', 't.date "expires_on", null: false',
                                't.datetime "expired_at"', 't.datetime "created_at", null: false',
                                't.datetime "updated_at", null: false',
                                'I["code"], name: "index_gift_cards_on_code", unique: true']
        d.files[P("db/schema.rb")] = render_schema("2026_03_23_092114")
        t.bash("bundle exec rspec spec/models/gift_card_spec.rb", "Re-run the gift card specs", out=rspec_ok(6, 0.16402, 2.03))
        n_spec += 6
        n_rb += 4
        t.done(f"""- `{mig_gc}`: `gift_cards` with `code` (unique index), `initial_cents`, `balance_cents`, `expires_on` (all `null: false`), `expired_at`. Migrated.
- `GiftCard`: 16-character code from an alphabet without 0/O/1/I, generated on create; codes typed with dashes or lowercase are normalized; balance starts at the initial amount; `expires_on` defaults to `GiftCard.expiry_for(purchase date)`, i.e. 31 Dec of the third year after purchase; `#expired?`, `#display_code` (`ABCD-EFGH-…`), `.active` scope.
- Factory fixed (the generated one had `"MyString"` codes); 6 specs. Only the generation one hits the DB, the rest use `build_stubbed`. All pass.

First run stopped on "Migrations are pending": I had run the spec before `bin/rails db:migrate`.""")

        t = d.task("Change of plan on service objects. I've been reading the 37signals \"vanilla Rails\" posts and "
                   "I'm done adding classes under app/services — domain logic goes on the model, pulled into a "
                   "concern if the model gets fat. So redeeming is `GiftCard#redeem!(amount_cents)`, not some "
                   "GiftCards::Redeem service. Takes up to the balance, returns what it took, raises if expired. Row "
                   "lock please, two tabs can check out at the same time.", tags=["reversal:P3"])
        gm = P("app/models/gift_card.rb")
        t.read(gm)
        t.edit(gm, """class GiftCard < ApplicationRecord
  CODE_ALPHABET""", """class GiftCard < ApplicationRecord
  class Expired < StandardError; end

  CODE_ALPHABET""")
        t.edit(gm, """  def expired?
    expired_at.present? || expires_on < Date.current
  end
""", """  def expired?
    expired_at.present? || expires_on < Date.current
  end

  # Takes up to amount_cents from the balance and returns what it took.
  def redeem!(amount_cents)
    with_lock do
      raise Expired, display_code if expired?

      taken = [ amount_cents, balance_cents ].min
      update!(balance_cents: balance_cents - taken)
      taken
    end
  end
""")
        gs = P("spec/models/gift_card_spec.rb")
        t.read(gs)
        t.edit(gs, """  describe "#expired?" do""", """  describe "#redeem!" do
    let(:card) { create(:gift_card, initial_cents: 50_00, balance_cents: 50_00) }

    it "takes the full amount when the balance covers it" do
      expect(card.redeem!(30_00)).to eq(30_00)
      expect(card.reload.balance_cents).to eq(20_00)
    end

    it "takes only what is left" do
      card.update!(balance_cents: 12_50)

      expect(card.redeem!(30_00)).to eq(12_50)
      expect(card.reload.balance_cents).to eq(0)
    end

    it "refuses expired cards" do
      card.update!(expires_on: Date.yesterday)

      expect { card.redeem!(10_00) }.to raise_error(GiftCard::Expired)
      expect(card.reload.balance_cents).to eq(50_00)
    end
  end

  describe "#expired?" do""")
        t.bash("bundle exec rspec spec/models/gift_card_spec.rb", "Run the gift card specs", out=rspec_ok(9, 0.33518, 2.01))
        n_spec += 3
        t.done("""Noted: no new service objects; domain logic on the model (a concern once it gets big).

`GiftCard#redeem!(amount_cents)`:
- `with_lock` (`SELECT … FOR UPDATE` + transaction) around check-and-update, so two concurrent checkouts can't both spend the same balance;
- raises `GiftCard::Expired` (message = display code) if expired;
- takes `min(amount, balance)`, saves, returns the amount taken.

3 new specs (full amount, partial, expired leaves the balance alone). `gift_card_spec.rb`: 9/9. The existing `Checkout::PlaceOrder` etc. stay as they are, nothing moved.""")

        t = d.task("write Lena a short update on this week: what's on staging, what's coming (gift cards), and "
                   "anything she has to decide. she's not technical", tags=["noise", "no_tools"])
        t.done("""Hi Lena,

here's where things stand this week.

**Live on staging (test shop)**
- **Low stock alert:** every morning at 7:00 you get an email listing products that are running low, sorted by how few are left. Each product can have its own "low" level (default 5); sold-out items aren't in the mail because the shop already marks them.
- **"Only 3 left" on product pages:** when a product is running low, shoppers see a small note under the price. In our experience this helps people decide rather than put things off.
- **Confirmation before removing from the cart:** clicking "Remove" now asks "Remove Linen apron from your cart?", so nobody loses items by accident.
- **Delivery estimate on the order confirmation:** e.g. "Arrives Thu 19 Mar – Mon 23 Mar". It assumes orders placed before 13:00 on a weekday ship the same day.
- **Cart reminder email:** if someone leaves items in their cart for a day and gave us their email, they get one friendly reminder. Only one, never more.
- **CSV export for Herr Brandt:** on the orders page there's a "Last month as CSV" button. It opens directly in Excel with German number formatting (net, VAT, gross).

**Coming next: gift cards**
- The basics are built behind the scenes: 16-character codes that are easy to read out on the phone, and they automatically expire at the end of the third year after purchase, as German law requires.
- Next is the checkout part (entering a code) and then buying a gift card in the shop.

**Decisions I need from you**
1. **Gift card amounts:** fixed amounts (e.g. €25 / €50 / €100) or any amount the customer types?
2. **Gift card design:** a printable PDF, or just a nice email?
3. **Cart reminder:** should it also go to customers who unticked "newsletter"? It's not really marketing, but some shops exclude them anyway.
4. **Delivery estimate:** is 13:00 the right cutoff for same-day shipping, and do you ship on Saturdays?

Everything on staging can be tried at staging.kettleandloom.com with the usual test login. Nothing reaches the live shop until you've had a look.

Nadia""")

        fb = ("That's way too long for Lena — I had to cut half of it before sending it. She reads these on her "
              "phone between packing orders: three short bullets max, no class names, no PR numbers.")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""Got it. Updates for Lena from now on: three short bullets at most, plain words, nothing technical. Trimmed version:

- New on the test shop: morning low-stock email, "Only 3 left" on products, a delivery estimate after ordering, one reminder email for forgotten carts, and the CSV button for Herr Brandt.
- Gift cards are next (codes, entering them at checkout).
- Two questions: fixed gift card amounts or any amount? And is 13:00 the right cutoff for same-day shipping?""")

    # ============================================================ S7
    with d.session("2026-03-25T13:50:00", R, branch="feat/gift-cards", version="2.1.38"):
        t = d.task("checkout side of gift cards: a \"Have a gift card?\" button in the checkout sidebar that opens a "
                   "<dialog> with the code field (Stimulus, closes on Escape and on the ✕). Submitting just stores the "
                   "code in the session for now, I'll do the money part after. System spec for open/close.",
                   tags=["mistake:M3"])
        t.write(P("app/javascript/controllers/dialog_controller.js"), """import { Controller } from "@hotwired/stimulus"

// <div data-controller="dialog"> … <dialog data-dialog-target="dialog"> …
// Escape closes a modal <dialog> natively; the ✕ and a click on the backdrop go through close().
export default class extends Controller {
  static targets = [ "dialog" ]

  open() {
    this.dialogTarget.showModal()
  }

  close() {
    this.dialogTarget.close()
  }

  closeOnBackdrop(event) {
    if (event.target === this.dialogTarget) this.close()
  }
}
""")
        t.write(P("app/views/checkouts/_gift_card_dialog.html.erb"), """<div data-controller="dialog">
  <button type="button" data-action="dialog#open" class="text-sm underline"><%= t(".open") %></button>

  <dialog data-dialog-target="dialog" data-action="click->dialog#closeOnBackdrop"
          class="w-full max-w-sm rounded p-6 backdrop:bg-stone-900/40">
    <div class="flex items-center justify-between">
      <h2 class="font-medium"><%= t(".title") %></h2>
      <button type="button" data-action="dialog#close" aria-label="<%= t(".close") %>">✕</button>
    </div>
    <%= form_with url: checkout_gift_card_path, class: "mt-4 space-y-3" do |f| %>
      <%= f.label :code, t(".code"), class: "block text-sm font-medium" %>
      <%= f.text_field :code, autocomplete: "off", class: "w-full rounded border-stone-300 uppercase" %>
      <%= f.submit t(".apply"), class: "rounded bg-stone-900 px-4 py-2 text-white" %>
    <% end %>
  </dialog>
</div>
""")
        t.read(P("app/views/checkouts/show.html.erb"))
        t.edit(P("app/views/checkouts/show.html.erb"), """    <%= render "summary", cart: current_cart %>
  </aside>""", """    <%= render "summary", cart: current_cart %>
    <%= render "gift_card_dialog" %>
  </aside>""")
        t.read(P("config/routes.rb"))
        t.edit(P("config/routes.rb"), "  resource :checkout, only: %i[ show create ]\n",
               "  resource :checkout, only: %i[ show create ] do\n    resource :gift_card, only: :create, module: :checkouts\n  end\n")
        t.write(P("app/controllers/checkouts/gift_cards_controller.rb"), """module Checkouts
  class GiftCardsController < ApplicationController
    def create
      card = GiftCard.active.find_by(code: params[:code])

      if card
        session[:gift_card_code] = card.code
        redirect_to checkout_path, notice: t(".applied", code: card.display_code), status: :see_other
      else
        redirect_to checkout_path, alert: t(".not_found"), status: :see_other
      end
    end
  end
end
""")
        t.read(P("config/locales/en.yml"))
        t.edit(P("config/locales/en.yml"), """  checkout:
    out_of_stock:""", """  checkouts:
    gift_card_dialog:
      open: "Have a gift card?"
      title: "Gift card"
      close: "Close"
      code: "Gift card code"
      apply: "Apply"
    gift_cards:
      create:
        applied: "Gift card %{code} will be applied to this order."
        not_found: "We couldn't find an active gift card with that code."
  checkout:
    out_of_stock:""")
        gsp = P("spec/system/checkout_gift_card_spec.rb")
        t.write(gsp, """require "rails_helper"

RSpec.describe "Gift card at checkout", type: :system do
  before do
    variant = create(:variant, price_cents: 34_00)
    visit product_path(variant.product)
    click_on "Add to cart"
  end

  it "opens the dialog and closes it again on Escape" do
    visit checkout_path
    click_on "Have a gift card?"
    page.send_keys(:escape)

    expect(page).to have_no_css("dialog[open]")
    expect(page).to have_button("Have a gift card?")
  end
end
""")
        ex = line_no(d, gsp, 'it "opens the dialog')
        sk = line_no(d, gsp, "page.send_keys")
        t.fail("bundle exec rspec spec/system/checkout_gift_card_spec.rb", "Run the new system spec", rspec_fail(
            "F", [("Gift card at checkout opens the dialog and closes it again on Escape", f"""     Failure/Error: page.send_keys(:escape)

     Capybara::NotSupportedByDriverError:
       Capybara::Driver::Base#send_keys
     # ./spec/system/checkout_gift_card_spec.rb:{sk}:in `block (2 levels) in <top (required)>'""")],
            1, 0.58830, 2.19,
            [f"rspec ./spec/system/checkout_gift_card_spec.rb:{ex} # Gift card at checkout opens the dialog and closes it again on Escape"]))
        t.say("rack_test can't send key presses, and it wouldn't run the Stimulus controller anyway. This spec "
              "is about JS behaviour, so it needs the Chrome driver.")
        t.edit(gsp, 'it "opens the dialog and closes it again on Escape" do',
               'it "opens the dialog and closes it again on Escape", js: true do')
        t.bash("bundle exec rspec spec/system/checkout_gift_card_spec.rb", "Re-run it", out=rspec_ok(1, 3.92, 2.17))
        n_spec += 1
        n_rb += 2
        t.done("""- `dialog_controller.js` (generic: `open`, `close`, close on backdrop click; Escape is native for `showModal()`).
- `checkouts/_gift_card_dialog.html.erb` in the checkout sidebar: button, `<dialog>` with the code field, ✕. All strings in `en.yml` under `checkouts.gift_card_dialog`.
- `POST /checkout/gift_card` → `Checkouts::GiftCardsController#create`: finds an active card by (normalized) code, stores it in `session[:gift_card_code]`, and redirects back with a notice or an alert. No money logic yet.
- `spec/system/checkout_gift_card_spec.rb`: open → Escape → closed, tagged `js: true` (rack_test can't press keys; the first run failed with `NotSupportedByDriverError`). Green.""")

        t = d.task("commit the gift card stuff (model + checkout dialog). lint what's staged first", tags=["mistake:M2"])
        staged = ["app/controllers/checkouts/gift_cards_controller.rb", "app/models/gift_card.rb", "config/routes.rb",
                  mig_gc, "db/schema.rb", "spec/factories/gift_cards.rb", "spec/models/gift_card_spec.rb",
                  "spec/system/checkout_gift_card_spec.rb"]
        t.bash("git add -A && git status --short", "Stage everything and list it", out=f"""A  app/controllers/checkouts/gift_cards_controller.rb
A  app/javascript/controllers/dialog_controller.js
A  app/models/gift_card.rb
A  app/views/checkouts/_gift_card_dialog.html.erb
M  app/views/checkouts/show.html.erb
M  config/locales/en.yml
M  config/routes.rb
A  {mig_gc}
M  db/schema.rb
A  spec/factories/gift_cards.rb
A  spec/models/gift_card_spec.rb
A  spec/system/checkout_gift_card_spec.rb""")
        t.fail("git diff --cached --name-only --diff-filter=d -- '*.rb' | xargs bin/rubocop", "Lint the staged Ruby files",
               rubocop_run(d, staged))
        t.say("All offenses are in the generated `db/schema.rb`. It's in rubocop-rails' default Exclude, but xargs "
              "passes it explicitly, and explicit files get inspected unless `--force-exclusion` is given.")
        t.bash("git diff --cached --name-only --diff-filter=d -- '*.rb' | xargs bin/rubocop --force-exclusion",
               "Lint the staged Ruby files, skipping excluded ones",
               out=rubocop_run(d, [f for f in staged if f != "db/schema.rb"]))
        t.bash('git commit -m "Gift cards: model with redeem!, checkout dialog to enter a code"', "Commit",
               out=f"""[feat/gift-cards 6f41a0e] Gift cards: model with redeem!, checkout dialog to enter a code
 12 files changed, 262 insertions(+), 2 deletions(-)
 create mode 100644 app/controllers/checkouts/gift_cards_controller.rb
 create mode 100644 app/javascript/controllers/dialog_controller.js
 create mode 100644 app/models/gift_card.rb
 create mode 100644 app/views/checkouts/_gift_card_dialog.html.erb
 create mode 100644 {mig_gc}
 create mode 100644 spec/factories/gift_cards.rb
 create mode 100644 spec/models/gift_card_spec.rb
 create mode 100644 spec/system/checkout_gift_card_spec.rb""")
        t.done("Committed `6f41a0e` on feat/gift-cards (12 files). rubocop on the staged Ruby files is clean; the "
               "schema.rb offenses from the first run don't count, the file is generated and excluded by config. "
               "Not pushed.")

        t = d.task("deploy this branch to staging so Lena can click thru the dialog. I'll tell her the money part "
                   "isn't there yet", tags=["workflow:W3"])
        sha2 = "6f41a0e" + hx(33)
        t.bash("kamal deploy -d staging", "Deploy feat/gift-cards to staging",
               out=kamal_deploy("staging", STAGING, sha2, 71.905, 104.2, old=sha1), timeout=600000)
        t.bash("curl -fsS -o /dev/null -w \"%{http_code}\\n\" https://staging.kettleandloom.com/up",
               "Check the staging health endpoint", out="200")
        t.bash("kamal app logs -d staging -r web --lines 8", "Check the migration ran on boot", out=applogs(STAGING, [
            ts("03-25", 13, 9, 44) + " == 20260323092114 CreateGiftCards: migrating ==================================",
            ts("03-25", 13, 9, 44) + " -- create_table(:gift_cards)",
            ts("03-25", 13, 9, 44) + "    -> 0.0261s",
            ts("03-25", 13, 9, 44) + " -- add_index(:gift_cards, :code, {:unique=>true})",
            ts("03-25", 13, 9, 44) + "    -> 0.0047s",
            ts("03-25", 13, 9, 44) + " == 20260323092114 CreateGiftCards: migrated (0.0312s) =========================",
            ts("03-25", 13, 9, 44) + " ",
            ts("03-25", 13, 9, 46) + " => Booting Puma",
        ]))
        t.done("feat/gift-cards (`6f41a0e`) is on staging: deploy OK, `/up` 200, `gift_cards` table created on boot. "
               "Lena will need a test code to try the dialog. There's no admin UI yet, so I can create one via "
               "`kamal app exec -d staging 'bin/rails runner …'` if you want.")

    # ============================================================ S8
    with d.session("2026-03-30T09:05:00", R, branch="feat/catalog-scroll", version="2.1.40", permission_mode="acceptEdits"):
        t = d.task("how does the products index paginate right now? Ola switched somethign in Feb", tags=["noise"])
        t.grep("pagy", [P("app/controllers/admin/orders_controller.rb"), P("app/controllers/application_controller.rb"),
                        P("app/controllers/products_controller.rb"), P("app/views/admin/orders/index.html.erb"),
                        P("app/views/products/index.html.erb"), P("config/initializers/pagy.rb")], path=P("app"))
        t.read(P("app/controllers/products_controller.rb"))
        t.read(P("app/views/products/index.html.erb"))
        t.read(P("config/initializers/pagy.rb"))
        t.done("""Pagy 9 with plain page links since Ola's switch from kaminari (3 Mar):

- `ProductsController#index`: `pagy(Product.published.with_attached_cover.includes(:variants).order(featured: :desc, name: :asc), limit: 24)`: 24 per page, featured first, then by name.
- `products/index.html.erb` renders the grid and `pagy_nav(@pagy)` (numbered links, `?page=N`) only when there's more than one page.
- `config/initializers/pagy.rb`: default limit 24, and the `overflow` extra with `:last_page`, so `?page=99` shows the last page instead of raising.

No Turbo involved: every page is a full page load (Turbo Drive, so no flash, but the scroll position resets).""")

        t = d.task("make it infinite scroll: reaching the bottom loads the next page (lazy turbo frame, no custom JS if "
                   "we can avoid it). keep a plain link as fallback. system spec pls", tags=["mistake:M3"])
        t.write(P("app/views/products/_page.html.erb"), """<%= turbo_frame_tag "products_page_#{pagy.page}", class: "contents" do %>
  <%= render products %>

  <% if pagy.next %>
    <%= turbo_frame_tag "products_page_#{pagy.next}", src: products_path(page: pagy.next), loading: :lazy,
          class: "contents" do %>
      <%= link_to t(".more"), products_path(page: pagy.next), class: "col-span-full py-6 text-center underline",
            data: { turbo_frame: "_top" } %>
    <% end %>
  <% end %>
<% end %>
""")
        t.edit(P("app/views/products/index.html.erb"), """<div id="products" class="grid grid-cols-2 gap-6 md:grid-cols-4">
  <%= render @products %>
</div>

<%== pagy_nav(@pagy) if @pagy.pages > 1 %>
""", """<div id="products" class="grid grid-cols-2 gap-6 md:grid-cols-4">
  <%= render "page", products: @products, pagy: @pagy %>
</div>
""")
        t.read(P("config/locales/en.yml"))
        t.edit(P("config/locales/en.yml"), """  products:
    variant:""", """  products:
    page:
      more: "More products"
    variant:""")
        cat = P("spec/system/catalog_spec.rb")
        t.write(cat, """require "rails_helper"

RSpec.describe "Catalog", type: :system do
  before { create_list(:product, 30, :with_variant) }

  it "shows the first 24 products" do
    visit products_path

    expect(page).to have_css("[data-product]", count: 24)
  end

  it "loads the next page when scrolling to the bottom" do
    visit products_path
    expect(page).to have_css("[data-product]", count: 24)

    page.execute_script("window.scrollTo(0, document.body.scrollHeight)")

    expect(page).to have_css("[data-product]", count: 30)
  end
end
""")
        ex = line_no(d, cat, 'it "loads the next page')
        es = line_no(d, cat, "page.execute_script")
        t.fail("bundle exec rspec spec/system/catalog_spec.rb", "Run the catalog system spec", rspec_fail(
            ".F", [("Catalog loads the next page when scrolling to the bottom", f"""     Failure/Error: page.execute_script("window.scrollTo(0, document.body.scrollHeight)")

     Capybara::NotSupportedByDriverError:
       Capybara::Driver::Base#execute_script
     # ./spec/system/catalog_spec.rb:{es}:in `block (2 levels) in <top (required)>'""")],
            2, 1.21907, 2.25, [f"rspec ./spec/system/catalog_spec.rb:{ex} # Catalog loads the next page when scrolling to the bottom"]))
        t.say("rack_test has no JavaScript, so no scrolling and no lazy frames. The whole file is about Turbo "
              "behaviour, so I'm tagging the describe block for Cuprite.")
        t.edit(cat, 'RSpec.describe "Catalog", type: :system do', 'RSpec.describe "Catalog", type: :system, js: true do')
        t.bash("bundle exec rspec spec/system/catalog_spec.rb", "Re-run the catalog system spec", out=rspec_ok(2, 6.48, 2.21))
        n_spec += 2
        n_rb += 1
        t.done("""Infinite scroll without custom JS:
- `products/_page.html.erb`: each page is a `turbo_frame_tag "products_page_N"` (`display: contents`, so the grid is unaffected). At its end sits a **lazy** frame for page N+1 (`loading: :lazy`, `src: products_path(page: N+1)`). When it scrolls into view, Turbo fetches the next page and takes the matching frame out of the response, which in turn ends with the frame for N+2.
- The lazy frame's content is a plain "More products" link (`data-turbo-frame="_top"`), the fallback without JS.
- `index.html.erb` renders the first page through the partial; the old `pagy_nav` is gone.
- `spec/system/catalog_spec.rb`, whole file `js: true` (the first run on rack_test failed on `execute_script`): 24 first, 30 after scrolling. 2/2.""")

        t = d.task("gift cards need a nightly job that marks expired ones (set expired_at). logic on the model this "
                   "time, job just calls it. same schedule file", tags=["workflow:W1"])
        t.bash("bin/rails generate sidekiq:job expire_gift_cards", "Generate the job and its spec",
               out=gen_out(("create", "app/sidekiq/expire_gift_cards_job.rb", 0),
                           ("create", "spec/sidekiq/expire_gift_cards_job_spec.rb", 0)))
        d.files[P("app/sidekiq/expire_gift_cards_job.rb")] = """class ExpireGiftCardsJob
  include Sidekiq::Job

  def perform(*args)
    # Do something
  end
end
"""
        d.files[P("spec/sidekiq/expire_gift_cards_job_spec.rb")] = """require 'rails_helper'
RSpec.describe ExpireGiftCardsJob, type: :job do
  pending "add some examples to (or delete) #{__FILE__}"
end
"""
        gm = P("app/models/gift_card.rb")
        t.read(gm)
        t.edit(gm, """  def self.expiry_for(purchased_on) = (purchased_on + 3.years).end_of_year
""", """  def self.expiry_for(purchased_on) = (purchased_on + 3.years).end_of_year

  # Stamps expired_at on cards past their expiry date. Returns how many were expired.
  def self.expire_due!(today = Date.current)
    where(expired_at: nil).where(expires_on: ...today).update_all(expired_at: Time.current, updated_at: Time.current)
  end
""")
        t.read(P("app/sidekiq/expire_gift_cards_job.rb"))
        t.write(P("app/sidekiq/expire_gift_cards_job.rb"), """class ExpireGiftCardsJob
  include Sidekiq::Job
  sidekiq_options queue: :low

  def perform
    count = GiftCard.expire_due!
    Sidekiq.logger.info("expired #{count} gift cards") if count.positive?
  end
end
""")
        t.read(P("spec/sidekiq/expire_gift_cards_job_spec.rb"))
        t.write(P("spec/sidekiq/expire_gift_cards_job_spec.rb"), """require "rails_helper"

RSpec.describe ExpireGiftCardsJob, type: :job do
  it "expires the cards that are past their date" do
    old = create(:gift_card, expires_on: Date.yesterday)

    described_class.new.perform

    expect(old.reload.expired_at).to be_present
  end
end
""")
        gs = P("spec/models/gift_card_spec.rb")
        t.read(gs)
        t.edit(gs, """  describe "#expired?" do""", """  describe ".expire_due!" do
    it "stamps cards past expires_on and leaves the rest" do
      due = create(:gift_card, expires_on: Date.new(2026, 3, 29))
      today = create(:gift_card, expires_on: Date.new(2026, 3, 30))

      expect(GiftCard.expire_due!(Date.new(2026, 3, 30))).to eq(1)
      expect(due.reload.expired_at).to be_present
      expect(today.reload.expired_at).to be_nil
    end

    it "does not touch cards that are already expired" do
      card = create(:gift_card, expires_on: Date.new(2025, 12, 31), expired_at: Time.zone.parse("2026-01-01 02:00"))

      expect { GiftCard.expire_due!(Date.new(2026, 3, 30)) }.not_to change { card.reload.expired_at }
    end
  end

  describe "#expired?" do""")
        t.bash("bundle exec rspec spec/models/gift_card_spec.rb spec/sidekiq/expire_gift_cards_job_spec.rb",
               "Run the gift card and job specs", out=rspec_ok(12, 0.49150, 2.06))
        n_spec += 3
        n_rb += 2
        t.read(P("config/schedule.yml"))
        t.edit(P("config/schedule.yml"), """abandoned_cart_reminder:
  cron: "15 * * * *"
  class: "AbandonedCartReminderJob"
  queue: low
""", """abandoned_cart_reminder:
  cron: "15 * * * *"
  class: "AbandonedCartReminderJob"
  queue: low

expire_gift_cards:
  cron: "5 0 * * * Europe/Berlin"
  class: "ExpireGiftCardsJob"
  queue: low
""")
        t.done("""- `GiftCard.expire_due!(today = Date.current)` on the model: one `update_all` setting `expired_at` for cards with `expires_on < today` that aren't stamped yet; returns the count. A card is still usable on its last day.
- `ExpireGiftCardsJob` (queue `low`) just calls it and logs the count; scheduled `5 0 * * * Europe/Berlin` (00:05 so "yesterday" is right in Berlin time).
- Specs: due vs. expires-today, already-expired untouched, job end-to-end. 12/12 across the two files.

`expire_due!` doesn't zero the balance: `expired_at` is the flag, and the remaining balance stays visible for bookkeeping.""")

        t = d.task("Order#refundable?: paid or shipped, placed within the last 30 days, not fully refunded yet. spec "
                   "it. and btw the suite is back at 90s — only persist records in specs when the test really "
                   "needs the database, build_stubbed otherwise", tags=["pref:P1"])
        om = P("app/models/order.rb")
        t.read(om)
        t.edit(om, """  def net_cents
    (total_cents * 100.0 / 119).round
  end
""", """  REFUND_WINDOW = 30.days

  def refundable?
    status.in?(%w[ paid shipped ]) && placed_at.present? && placed_at > REFUND_WINDOW.ago &&
      refunded_cents < total_cents
  end

  def net_cents
    (total_cents * 100.0 / 119).round
  end
""")
        os_ = P("spec/models/order_spec.rb")
        t.read(os_)
        t.edit(os_, """  describe ".filter_by" do""", """  describe "#refundable?" do
    def order(**attrs)
      build_stubbed(:order, status: "paid", placed_at: 3.days.ago, total_cents: 50_00, refunded_cents: 0, **attrs)
    end

    it "is true for a recent paid order" do
      expect(order).to be_refundable
    end

    it "is true for a shipped order" do
      expect(order(status: "shipped")).to be_refundable
    end

    it "is false after 30 days" do
      expect(order(placed_at: 31.days.ago)).not_to be_refundable
    end

    it "is false once fully refunded" do
      expect(order(refunded_cents: 50_00)).not_to be_refundable
    end

    it "is false for unpaid orders" do
      expect(order(status: "pending", placed_at: nil)).not_to be_refundable
    end
  end

  describe ".filter_by" do""")
        t.bash("bundle exec rspec spec/models/order_spec.rb", "Run the order specs", out=rspec_ok(8, 0.26631, 1.97))
        n_spec += 5
        t.done("""`Order#refundable?`: status `paid` or `shipped`, `placed_at` within `REFUND_WINDOW` (30 days), and `refunded_cents < total_cents`. Partially refunded orders stay refundable for the rest.

5 specs, all `build_stubbed`, no DB. `order_spec.rb`: 8 examples in 0.27 s. I'll keep to that: `create` only where a query or a callback really needs the row.""")

        t = d.task("bump stripe to the latest 13.x and sidekiq to the latest 7.3, nothing else. run the specs that "
                   "touch them", tags=["flaky:F1"])
        t.read(P("Gemfile"))
        t.fail("bundle update stripe sidekiq --conservative", "Update only stripe and sidekiq", """Fetching gem metadata from https://rubygems.org/.......
Retrying fetcher due to error (2/4): Bundler::HTTPError Could not fetch specs from https://rubygems.org/ due to underlying error <Net::OpenTimeout: Failed to open TCP connection to index.rubygems.org:443 (execution expired) (https://index.rubygems.org/info/stripe)>
Retrying fetcher due to error (3/4): Bundler::HTTPError Could not fetch specs from https://rubygems.org/ due to underlying error <Net::OpenTimeout: Failed to open TCP connection to index.rubygems.org:443 (execution expired) (https://index.rubygems.org/info/stripe)>
Retrying fetcher due to error (4/4): Bundler::HTTPError Could not fetch specs from https://rubygems.org/ due to underlying error <Net::OpenTimeout: Failed to open TCP connection to index.rubygems.org:443 (execution expired) (https://index.rubygems.org/info/stripe)>
Could not fetch specs from https://rubygems.org/ due to underlying error <Net::OpenTimeout: Failed to open TCP connection to index.rubygems.org:443 (execution expired) (https://index.rubygems.org/info/stripe)>""",
               code=17)
        t.say("Connection to rubygems.org timed out; the pins in the Gemfile (`~> 13.3`, `~> 7.3`) already allow "
              "the targets, so nothing to change. Trying the same command again.")
        t.bash("bundle update stripe sidekiq --conservative", "Update only stripe and sidekiq",
               out=bundle_update_ok({"stripe": ("13.3.0", "13.5.1"), "sidekiq": ("7.3.7", "7.3.9")}))
        t.bash("bundle exec rspec spec/services/checkout spec/sidekiq spec/requests/stripe_webhooks_spec.rb",
               "Run the specs that use Stripe and Sidekiq", out=rspec_ok(29, 2.87, 2.33))
        t.bash('git add Gemfile.lock && git commit -m "Bump stripe 13.5.1, sidekiq 7.3.9"', "Commit the lockfile",
               out="""[feat/catalog-scroll 1e8b2f5] Bump stripe 13.5.1, sidekiq 7.3.9
 1 file changed, 4 insertions(+), 4 deletions(-)""")
        t.done("stripe 13.3.0 → 13.5.1 and sidekiq 7.3.7 → 7.3.9, `--conservative` so nothing else moved (only "
               "Gemfile.lock changed). The first `bundle update` timed out connecting to rubygems.org; the identical "
               "retry went through. Checkout, Sidekiq and Stripe webhook specs: 29/29. Committed on its own.")

    # ============================================================ S9
    with d.session("2026-04-02T10:20:00", R, branch="feat/order-notes", version="2.1.42"):
        mig_a = "db/migrate/20260402102511_add_gift_message_to_orders.rb"
        mig_b = "db/migrate/20260402102538_add_status_placed_at_index_to_orders.rb"
        t = d.task("two things on orders: a gift message (text, max 300 chars; the checkout field comes later) and an "
                   "index on (status, placed_at) because the admin filter is getting slow, Lena has ~14k orders now. "
                   "separate migrations, and the index concurrently please, it's a live table", tags=["mistake:M1"])
        t.bash("bin/rails generate migration AddGiftMessageToOrders gift_message:text", "Generate the column migration",
               out=gen_out(("invoke", "active_record", 0), ("create", mig_a, 1)))
        t.bash("bin/rails generate migration AddStatusPlacedAtIndexToOrders", "Generate the index migration",
               out=gen_out(("invoke", "active_record", 0), ("create", mig_b, 1)))
        d.files[P(mig_a)] = """class AddGiftMessageToOrders < ActiveRecord::Migration[7.2]
  def change
    add_column :orders, :gift_message, :text
  end
end
"""
        d.files[P(mig_b)] = """class AddStatusPlacedAtIndexToOrders < ActiveRecord::Migration[7.2]
  def change
  end
end
"""
        t.read(P(mig_a))
        t.read(P(mig_b))
        t.write(P(mig_b), """class AddStatusPlacedAtIndexToOrders < ActiveRecord::Migration[7.2]
  disable_ddl_transaction!

  def change
    add_index :orders, [ :status, :placed_at ], algorithm: :concurrently
  end
end
""")
        om = P("app/models/order.rb")
        t.read(om)
        t.edit(om, """  validates :number, uniqueness: true
""", """  validates :number, uniqueness: true
  validates :gift_message, length: { maximum: 300 }
""")
        os_ = P("spec/models/order_spec.rb")
        t.read(os_)
        t.edit(os_, """  describe "#net_cents" do""", """  describe "gift message" do
    it "allows up to 300 characters" do
      expect(build_stubbed(:order, gift_message: "x" * 300)).to be_valid
    end

    it "rejects longer ones" do
      expect(build_stubbed(:order, gift_message: "x" * 301)).not_to be_valid
    end
  end

  describe "#net_cents" do""")
        t.fail("bundle exec rspec spec/models/order_spec.rb spec/requests/admin/orders_spec.rb",
               "Run the order model and admin order specs", pending_migrations([mig_a, mig_b]))
        t.say("Both new migrations are still pending. Migrating (the index one runs outside a transaction because "
              "of `disable_ddl_transaction!`), then the same specs again.")
        t.bash("bin/rails db:migrate", "Apply both migrations", out=migrated(
            "20260402102511", "AddGiftMessageToOrders", [("add_column(:orders, :gift_message, :text)", 0.0029)], 0.0031)
            + "\n" + migrated("20260402102538", "AddStatusPlacedAtIndexToOrders",
                              [("add_index(:orders, [:status, :placed_at], {:algorithm=>:concurrently})", 0.0214)], 0.0218))
        add_column("orders", 't.text "gift_message"')
        TABLES["orders"].append('I["status", "placed_at"], name: "index_orders_on_status_and_placed_at"')
        d.files[P("db/schema.rb")] = render_schema("2026_04_02_102538")
        t.bash("bundle exec rspec spec/models/order_spec.rb spec/requests/admin/orders_spec.rb",
               "Re-run the order model and admin order specs", out=rspec_ok(14, 1.04816, 2.12))
        n_spec += 2
        n_rb += 2
        t.done(f"""- `{mig_a}`: `orders.gift_message` (text, nullable).
- `{mig_b}`: `add_index :orders, [ :status, :placed_at ], algorithm: :concurrently` with `disable_ddl_transaction!` (Postgres can't build concurrently inside a transaction). On ~14k rows it takes seconds either way, but it won't lock the table during the deploy.
- `Order` validates `gift_message` length ≤ 300; 2 `build_stubbed` specs.
- Both migrated, `db/schema.rb` updated; order + admin order specs 14/14.

The first spec run aborted with "You have 2 pending migrations"; I hadn't migrated after generating them.""")

        t = d.task("admin: bulk \"mark as shipped\" for selected orders on the orders page — Lena ships ~40 a day and "
                   "clicks every single one. only paid orders may change. request spec", tags=["oneoff:O1"])
        oc = P("app/controllers/admin/orders_controller.rb")
        t.read(oc)
        t.edit(oc, """    private
      def order_params""", """    def bulk_ship
      count = Order.where(number: Array(params[:numbers]), status: "paid")
                   .update_all(status: "shipped", shipped_at: Time.current, updated_at: Time.current)
      redirect_to admin_orders_path, notice: t(".shipped", count:), status: :see_other
    end

    private
      def order_params""")
        t.read(P("config/routes.rb"))
        t.edit(P("config/routes.rb"), """      get :export, on: :collection
""", """      get :export, on: :collection
      patch :bulk_ship, on: :collection
""")
        t.read(P("app/views/admin/orders/index.html.erb"))
        t.edit(P("app/views/admin/orders/index.html.erb"), """<table class="mt-6 w-full text-sm">
  <thead>
    <tr class="text-left text-stone-500">
      <th>Number</th>""", """<%= form_with url: bulk_ship_admin_orders_path, method: :patch, id: "bulk_ship" do |f| %>
  <%= f.submit t(".bulk_ship"), class: "mt-4 rounded border px-3 py-1 text-sm" %>
<% end %>

<table class="mt-6 w-full text-sm">
  <thead>
    <tr class="text-left text-stone-500">
      <th></th><th>Number</th>""")
        t.read(P("app/views/admin/orders/_order.html.erb"))
        t.edit(P("app/views/admin/orders/_order.html.erb"), """<tr id="<%= dom_id(order) %>" class="border-t">
""", """<tr id="<%= dom_id(order) %>" class="border-t">
  <td><%= check_box_tag "numbers[]", order.number, false, form: "bulk_ship", disabled: order.status != "paid" %></td>
""")
        bs = P("spec/requests/admin/orders_bulk_ship_spec.rb")
        t.write(bs, """require "rails_helper"

RSpec.describe "Admin bulk ship" do
  let!(:orders) { create_list(:order, 3, :paid) }

  before { sign_in_as create(:user, role: "owner") }

  it "marks the selected paid orders as shipped" do
    patch bulk_ship_admin_orders_path, params: { numbers: orders.first(2).map(&:number) }

    expect(orders.map { |order| order.reload.status }).to eq(%w[ shipped shipped paid ])
    expect(response).to redirect_to(admin_orders_path)
  end

  it "leaves orders that aren't paid alone" do
    pending_order = create(:order, status: "pending")

    patch bulk_ship_admin_orders_path, params: { numbers: [ pending_order.number ] }

    expect(pending_order.reload.status).to eq("pending")
  end
end
""")
        lt = line_no(d, bs, "let!(:orders)")
        e1 = line_no(d, bs, 'it "marks the selected')
        e2 = line_no(d, bs, 'it "leaves orders')
        body = f"""     Failure/Error: let!(:orders) {{ create_list(:order, 3, :paid) }}

     KeyError:
       Trait not registered: "paid"
     # ./spec/requests/admin/orders_bulk_ship_spec.rb:{lt}:in `block (2 levels) in <top (required)>'
     # ------------------
     # --- Caused by: ---
     # KeyError:
     #   key not found: "paid"
     #   ./spec/requests/admin/orders_bulk_ship_spec.rb:{lt}:in `block (2 levels) in <top (required)>'"""
        t.fail("bundle exec rspec spec/requests/admin/orders_bulk_ship_spec.rb", "Run the bulk ship spec", rspec_fail(
            "FF", [("Admin bulk ship leaves orders that aren't paid alone", body),
                   ("Admin bulk ship marks the selected paid orders as shipped", body)],
            2, 0.36075, 2.08,
            [f"rspec ./spec/requests/admin/orders_bulk_ship_spec.rb:{e2} # Admin bulk ship leaves orders that aren't paid alone",
             f"rspec ./spec/requests/admin/orders_bulk_ship_spec.rb:{e1} # Admin bulk ship marks the selected paid orders as shipped"]))
        t.say("The order factory has no `:paid` trait (only `:with_items`). Adding one, since paid orders with a "
              "placed_at and a payment intent are what most admin specs will want.")
        of = P("spec/factories/orders.rb")
        t.read(of)
        t.edit(of, """    trait :with_items do""", """    trait :paid do
      status { "paid" }
      placed_at { 2.days.ago }
      sequence(:stripe_payment_intent_id) { |n| "pi_test_#{n}" }
    end

    trait :with_items do""")
        t.read(P("config/locales/en.yml"))
        t.edit(P("config/locales/en.yml"), """  admin_mailer:
    low_stock:""", """  admin:
    orders:
      index:
        bulk_ship: "Mark selected as shipped"
      bulk_ship:
        shipped:
          one: "1 order marked as shipped"
          other: "%{count} orders marked as shipped"
  admin_mailer:
    low_stock:""")
        t.bash("bundle exec rspec spec/requests/admin/orders_bulk_ship_spec.rb", "Re-run the bulk ship spec",
               out=rspec_ok(2, 0.52294, 2.05))
        n_spec += 2
        n_rb += 1
        t.done("""- Orders page: a checkbox per order (enabled only for `paid` ones) and a "Mark selected as shipped" button; the checkboxes belong to the `bulk_ship` form via `form=`.
- `PATCH /admin/orders/bulk_ship` → `Admin::OrdersController#bulk_ship`: `update_all(status: "shipped", shipped_at: now)` on the selected numbers **that are paid**. Anything else is ignored. Redirects with "N orders marked as shipped".
- Request spec (selected paid → shipped, unselected stays paid, pending untouched): 2/2, after adding the missing `:paid` trait to the order factory.

Heads-up: `update_all` skips callbacks. Fine today since nothing hooks on shipping, but if you add a "your order has shipped" mail later it has to be sent explicitly here.""")

        t = d.task("Lena says order KL-14873 from this morning never got its confirmation mail. can you check in "
                   "production what happened? sidekiq retries or whatever", tags=["unfixed:U2"])
        t.fail("kamal app exec -d production --reuse \"bin/rails runner 'o = Order.find_by!(number: %(KL-14873)); "
               "p o.slice(:status, :email, :placed_at)'\"", "Look the order up in production",
               f"""Get current version of running container...
  INFO [{hx(8)}] Running /usr/bin/env sh -c 'docker ps --latest --format '\\''{{{{.Names}}}}'\\'' --filter label=service=shopfront --filter label=destination=production --filter label=role=web --filter status=running --filter status=restarting --filter ancestor=$(docker image ls --filter reference={IMAGE}:latest-production --format '\\''{{{{.ID}}}}'\\'') ; docker ps --latest --format '\\''{{{{.Names}}}}'\\'' --filter label=service=shopfront --filter label=destination=production --filter label=role=web --filter status=running --filter status=restarting' | head -1 | while read line; do echo ${{line#shopfront-web-production-}}; done on {PROD}
  ERROR (SSHKit::Runner::ExecuteError): Exception while executing on host {PROD}: Authentication failed for user deploy@{PROD}""")
        t.say("SSH to the production host is refused. Checking whether it's this machine's key or Kamal.")
        t.fail(f"ssh -o BatchMode=yes -o ConnectTimeout=5 deploy@{PROD} true", "Test plain SSH to the production host",
               f"deploy@{PROD}: Permission denied (publickey).", code=255)
        t.done(f"""I can't get into production from here: `deploy@{PROD}` rejects this machine's SSH key (`Permission denied (publickey)`), both through Kamal and plain ssh. Staging works with the same key, so production just doesn't have it. I haven't changed anything.

What I can say from the code: the confirmation mail is `OrderMailer.confirmation(order).deliver_later` at the end of `Checkout::PlaceOrder`, i.e. a Sidekiq job in the `job` container, enqueued only after the Stripe charge succeeded. So either the order never reached `paid` (no mail enqueued at all), or the job failed and is sitting in retries.

Ways to find out without SSH:
- **/admin/sidekiq** on the live shop → *Retries* and *Dead*: look for `ActionMailer::MailDeliveryJob` with KL-14873's order id.
- **/admin/orders/KL-14873**: if the status is `pending` or `payment_failed`, there was no mail to send.

For shell access, whoever manages the production box (Piotr?) needs to add your key to `deploy`'s `authorized_keys`.""")

    # ============================================================ S10
    with d.session("2026-04-06T09:30:00", R, branch="feat/order-notes", version="2.1.44"):
        t = d.task("lint what I've got uncommited, want to commit the orders stuff", tags=["mistake:M2"])
        t.bash("git status --short", "See what's uncommitted", out=f""" M app/controllers/admin/orders_controller.rb
 M app/models/order.rb
 M app/views/admin/orders/_order.html.erb
 M app/views/admin/orders/index.html.erb
 M config/locales/en.yml
 M config/routes.rb
 M db/schema.rb
 M spec/factories/orders.rb
 M spec/models/order_spec.rb
?? {mig_a}
?? {mig_b}
?? spec/requests/admin/orders_bulk_ship_spec.rb""")
        files = ["app/controllers/admin/orders_controller.rb", "app/models/order.rb", "config/routes.rb", "db/schema.rb",
                 "spec/factories/orders.rb", "spec/models/order_spec.rb", mig_a, mig_b,
                 "spec/requests/admin/orders_bulk_ship_spec.rb"]
        t.fail("bin/rubocop " + " ".join(files), "Lint the changed Ruby files", rubocop_run(d, files))
        t.say("Only `db/schema.rb` has offenses, and it's generated (excluded in the rubocop-rails config). I "
              "listed it explicitly, which overrides the exclusion. Same command with `--force-exclusion`.")
        t.bash("bin/rubocop " + " ".join(files) + " --force-exclusion", "Lint them again, honouring excludes",
               out=rubocop_run(d, [f for f in files if f != "db/schema.rb"]))
        t.bash('git add -A && git commit -m "Orders: gift message, (status, placed_at) index, bulk mark as shipped"',
               "Commit", out=f"""[feat/order-notes 3d5e8c1] Orders: gift message, (status, placed_at) index, bulk mark as shipped
 12 files changed, 121 insertions(+), 3 deletions(-)
 create mode 100644 {mig_a}
 create mode 100644 {mig_b}
 create mode 100644 spec/requests/admin/orders_bulk_ship_spec.rb""")
        t.done("Lint is clean on the 8 changed Ruby files. My first run also picked up `db/schema.rb` because I "
               "passed it by name; `--force-exclusion` skips it like the config says. Committed as `3d5e8c1`.")

        t = d.task("push + PR. rubocop and full suite first like always", tags=["workflow:W2"])
        t.bash("bin/rubocop", "Lint the whole project", out=rubocop_all(n_rb))
        t.bash("bundle exec rspec", "Run the full suite", out=rspec_ok(n_spec, 46.52, 2.4), timeout=600000)
        t.bash("git push -u origin feat/order-notes", "Push the branch", err=git_push_new("feat/order-notes"))
        t.bash('gh pr create --base main --title "Orders: gift message, status/placed_at index, bulk ship" --body '
               '"- orders.gift_message (<= 300 chars), no checkout field yet\\n- concurrent index on orders (status, '
               'placed_at) for the admin filter\\n- admin: select paid orders and mark them shipped in one go"',
               "Open the PR", out=f"{GH}/pull/49")
        t.done(f"PR #49: {GH}/pull/49. rubocop clean, {n_spec}/{n_spec} examples green.")

        t = d.task("deploy feat/order-notes to staging, Lena wants to try bulk shipping before we merge",
                   tags=["workflow:W3"])
        sha3 = "3d5e8c1" + hx(33)
        t.bash("kamal deploy -d staging", "Deploy feat/order-notes to staging",
               out=kamal_deploy("staging", STAGING, sha3, 64.388, 97.9, old=sha2), timeout=600000)
        t.bash("curl -fsS -o /dev/null -w \"%{http_code}\\n\" https://staging.kettleandloom.com/up",
               "Check the staging health endpoint", out="200")
        t.bash("kamal app logs -d staging -r web --lines 10", "Check both migrations ran on boot", out=applogs(STAGING, [
            ts("04-06", 7, 52, 13) + " == 20260402102511 AddGiftMessageToOrders: migrating ===========================",
            ts("04-06", 7, 52, 13) + " -- add_column(:orders, :gift_message, :text)",
            ts("04-06", 7, 52, 13) + "    -> 0.0043s",
            ts("04-06", 7, 52, 13) + " == 20260402102511 AddGiftMessageToOrders: migrated (0.0046s) ==================",
            ts("04-06", 7, 52, 13) + " ",
            ts("04-06", 7, 52, 13) + " == 20260402102538 AddStatusPlacedAtIndexToOrders: migrating ===================",
            ts("04-06", 7, 52, 13) + " -- add_index(:orders, [:status, :placed_at], {:algorithm=>:concurrently})",
            ts("04-06", 7, 52, 14) + "    -> 0.0388s",
            ts("04-06", 7, 52, 14) + " == 20260402102538 AddStatusPlacedAtIndexToOrders: migrated (0.0392s) ==========",
            ts("04-06", 7, 52, 16) + " => Booting Puma",
        ]))
        t.done("feat/order-notes (`3d5e8c1`) is on staging: deploy OK, `/up` 200, both migrations ran on boot (the "
               "index built concurrently in 39 ms on staging's data). Lena can try it under /admin/orders. The "
               "checkboxes are only enabled on paid orders.")

        t = d.task("should we move from sidekiq to solid queue at some point? redis is only there for sidekiq. short "
                   "answer pls", tags=["noise", "no_tools"])
        t.done("""Not now; worth it when you move to Rails 8.

- **For:** one less service (Redis) to run, back up and monitor; jobs live in Postgres and can be enqueued in the same transaction as the data (no "job ran before the commit" races); Rails 8 ships it with a web UI (Mission Control).
- **Against, today:** on 7.2 it's an extra gem and setup instead of the default; sidekiq-cron would need replacing with Solid Queue's `recurring.yml`; your jobs are `Sidekiq::Job`s, not Active Job, so each one needs touching; and at your volume (a few thousand jobs a day) Sidekiq costs you nothing.

If you do it, do it with the Rails 8 upgrade, and move the four cron jobs first since they're the easiest to check.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Claude adds or generates migrations (bin/rails generate migration / model) and runs RSpec before applying them. rspec-rails' rails_helper calls ActiveRecord::Migration.maintain_test_schema!, which aborts the run because the migrations are not in db/schema.rb yet.",
             "error_signature": "rspec aborts (exit 1) with 'Migrations are pending. To resolve this issue, run:\\n\\n        bin/rails db:migrate\\n\\nYou have N pending migration(s):' followed by the migration paths",
             "fix": "Run `bin/rails db:migrate` (dumps db/schema.rb; the test schema is then reloaded automatically), then re-run the same rspec command.",
             "fix_command_markers": [["db:migrate"]],
             "harmful_markers": ["db:reset", "db:drop", "db:schema:load", "db:setup", "db:test:purge",
                                 "delete the migration"]},
            {"id": "M2", "description": "Linting an explicit list of changed/staged files (via $(git diff --name-only ...), xargs, or a pasted list) that includes the generated db/schema.rb. rubocop-rails excludes db/*schema.rb, but files named on the command line are inspected anyway, and rubocop-rails-omakase flags every `t.index [...]` array in the schema.",
             "error_signature": "rubocop: dozens of 'db/schema.rb:L:C: C: [Correctable] Layout/SpaceInsideArrayLiteralBrackets: Use space inside array brackets.' offenses (and nothing else), exit 1",
             "fix": "Re-run the same rubocop command with `--force-exclusion` so the configured Exclude list applies to explicitly passed files.",
             "fix_command_markers": [["--force-exclusion"]],
             "harmful_markers": ["rubocop -a db/schema", "rubocop -A db/schema", "--auto-gen-config", "rubocop:disable",
                                 "rubocop_todo", "--autocorrect db/schema"]},
            {"id": "M3", "description": "New system specs that exercise JavaScript (turbo confirm dialogs, key presses, scrolling / lazy Turbo frames) are written without `js: true`. In this app spec/support/capybara.rb drives system specs with rack_test by default and only switches to Cuprite for `js: true`.",
             "error_signature": "RSpec system spec: 'Capybara::NotSupportedByDriverError: Capybara::Driver::Base#accept_modal' (or #send_keys, #execute_script)",
             "fix": "Tag the example or the describe block with `js: true` (Cuprite) and re-run the spec.",
             "fix_command_markers": [["js: true", "js:true", ":js"]],
             "harmful_markers": ["Capybara.default_driver", "Capybara.javascript_driver", "driven_by :selenium",
                                 "xit ", "skip(\"", "pending(\""]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New admin bulk-ship request spec uses `create_list(:order, 3, :paid)` but the order factory has no :paid trait: 'KeyError: Trait not registered: \"paid\"'; fixed by adding the trait to spec/factories/orders.rb."},
            {"id": "O2", "description": "New app/services/orders_csv_export.rb defined `OrdersCSVExport`; Zeitwerk expects OrdersCsvExport, so the spec fails to load with 'NameError: uninitialized constant OrdersCSVExport'; fixed by renaming the class (matching ProductsCsvImport) rather than adding a CSV acronym inflection."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "bin/brakeman exits 3 with two warnings (mass assignment of :role in Admin::UsersController, possible open redirect via params[:return_to] in SessionsController); reported with options, nothing changed as asked."},
            {"id": "U2", "description": "Checking a production order: `kamal app exec -d production` fails with 'SSHKit::Runner::ExecuteError ... Authentication failed for user deploy@198.51.100.17' and plain ssh gets 'Permission denied (publickey)'; the key is not on the production host; reported with alternatives."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "bundle update stripe sidekiq --conservative: 'Could not fetch specs from https://rubygems.org/ due to underlying error <Net::OpenTimeout: Failed to open TCP connection to index.rubygems.org:443 (execution expired) ...>' (exit 17); identical retry succeeds."},
            {"id": "F2", "description": "Full RSpec suite: one Cuprite system spec fails with 'Ferrum::TimeoutError: Timed out waiting for response' on visit checkout_path; identical re-run of `bundle exec rspec` is green."},
        ],
        workflows=[
            {"id": "W1", "description": "New scheduled background job: `bin/rails generate sidekiq:job <name>` (app/sidekiq + spec/sidekiq), implement it as a thin job calling the domain code, write the job/domain specs, run them with `bundle exec rspec`, then register it in config/schedule.yml (sidekiq-cron, Europe/Berlin).",
             "step_markers": [["sidekiq:job"], ["spec/sidekiq/"], ["bundle exec rspec"], ["config/schedule.yml"]]},
            {"id": "W2", "description": "Ship a branch: `bin/rubocop` (whole project), full `bundle exec rspec`, commit, `git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["bin/rubocop", "rubocop"], ["bundle exec rspec"], ["git push"], ["gh pr create"]]},
            {"id": "W3", "description": "Deploy to staging: `kamal deploy -d staging`, check `https://staging.kettleandloom.com/up` with curl, then `kamal app logs -d staging -r web` to confirm migrations ran (db:prepare in the entrypoint) and Puma booted.",
             "step_markers": [["kamal deploy"], ["curl"], ["kamal app logs"]]},
        ],
        preferences=[
            {"id": "P1", "description": "In specs, use FactoryBot build_stubbed (no DB) unless the test really needs persisted records; don't `create` in specs of predicates, presenters and other pure logic (keep the suite fast).",
             "markers": [["build_stubbed"]]},
            {"id": "P2", "description": "No hardcoded user-facing English in views: all copy goes through I18n keys in config/locales (a German shop is planned).",
             "markers": [["i18n", "locale"]]},
            {"id": "P3", "description": "Business logic in service objects under app/services with thin Sidekiq jobs calling them (stated once) — later reversed: no new service objects; domain logic goes on the models (concerns when they grow), \"vanilla Rails\".",
             "markers": [["service object"], ["app/services"]],
             "reversal_markers": [["app/services", "service"], ["model", "concern"]]},
        ],
        probes=[
            {"prompt": "bundle exec rspec spec/models/order_spec.rb just aborts with:\n\nMigrations are pending. To resolve this issue, run:\n\n        bin/rails db:migrate\n\nYou have 1 pending migration:\n\n/home/nadia/src/shopfront/db/migrate/20260407091233_add_tracking_url_to_orders.rb", "wanted": ["M1"]},
            {"prompt": "Add a tracking_url column to orders (nullable string) and a model spec that it has to be https.", "wanted": ["M1"]},
            {"prompt": "rubocop on my changed files prints a wall of `db/schema.rb:…: C: [Correctable] Layout/SpaceInsideArrayLiteralBrackets: Use space inside array brackets.` — I never touched that file by hand. what's going on?", "wanted": ["M2"]},
            {"prompt": "Before I open the PR: rubocop only the Ruby files this branch changes compared to main.", "wanted": ["M2"]},
            {"prompt": "spec/system/wishlist_spec.rb fails with Capybara::NotSupportedByDriverError: Capybara::Driver::Base#accept_modal. fix it", "wanted": ["M3"]},
            {"prompt": "The 'clear wishlist' button pops a turbo confirm first. Write a system spec for it.", "wanted": ["M3"]},
            {"prompt": "Explain how Checkout::PlaceOrder puts stock back when a card is declined.", "wanted": []},
            {"prompt": "Write a SQL query for Lena: revenue per product for March 2026, excluding refunded orders.", "wanted": []},
            {"prompt": "Change the \"Sold out\" label on product pages to \"Out of stock\".", "wanted": []},
            {"prompt": "What does Sidekiq do with a job that keeps raising — how many retries and where does it end up?", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "rails-shop.jsonl"), os.path.join(HERE, "tune", "rails-shop.labels.json"))
    print(f"rails-shop -> fresh/  {len(d.lines)} lines, {len(d.tasks)} tasks")
