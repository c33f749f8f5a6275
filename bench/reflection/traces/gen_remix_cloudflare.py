"""remix-cloudflare: Sanne Bakker, full-stack developer at Tixly (events ticketing, Amsterdam).

Stack: React Router 7 framework mode (config routes in app/routes.ts, typegen) on Cloudflare Workers,
wrangler 3 (dev, d1 migrations, KV/R2 bindings, secrets), D1 + Drizzle ORM / drizzle-kit, pnpm workspaces,
TypeScript, vitest with @cloudflare/vitest-pool-workers, Playwright e2e against `wrangler dev`, biome,
GitHub Actions deploys.

Written blind for fresh/; measured once held out (round 32), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_remix_cloudflare.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "sanne"
R = "/home/sanne/code/tixly"
W = R + "/apps/web"
MODEL = "claude-opus-4-6"
ACCT = "a81e3f5c2d7b4e9f8c6a1d0b3e5f7a92"
PERS = "5c1d0e7a9b3f48e2a6d4c8f0e1b2a3c4"
DBID = "e4b1c2d3-7f60-4a8e-9b21-3c5d6e7f8a90"
DBID_PROD = "0b9f7e15-2c4d-4e6a-8f13-5a7b9c1d3e2f"


def P(rel):
    return f"{W}/{rel}"


ROUTES_TS = """import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("events/:slug", "routes/events.$slug.tsx"),
  route("checkout/:orderId", "routes/checkout.$orderId.tsx"),
  route("tickets/:id", "routes/tickets.$id.tsx"),
  layout("routes/admin.tsx", [
    ...prefix("admin", [
      index("routes/admin._index.tsx"),
      route("events/:slug", "routes/admin.events.$slug.tsx"),
    ]),
  ]),
  route("api/health", "routes/api.health.ts"),
  route("api/mollie/webhook", "routes/api.mollie.webhook.ts"),
] satisfies RouteConfig;
"""

WRANGLER_TOML = """#:schema node_modules/wrangler/config-schema.json
name = "tixly-web"
main = "./workers/app.ts"
compatibility_date = "2026-09-01"
compatibility_flags = ["nodejs_compat"]
# no account_id here: the white-label partner deploys this repo into their own account.
# CI sets CLOUDFLARE_ACCOUNT_ID.

[assets]
directory = "./build/client"

[[d1_databases]]
binding = "DB"
database_name = "tixly-db"
database_id = "e4b1c2d3-7f60-4a8e-9b21-3c5d6e7f8a90"
migrations_dir = "drizzle"

[[kv_namespaces]]
binding = "CACHE"
id = "7d0c5b1e2f3a4b6c8d9e0f1a2b3c4d5e"

[[r2_buckets]]
binding = "TICKETS"
bucket_name = "tixly-tickets-dev"

[env.staging]
name = "tixly-web-staging"
d1_databases = [{ binding = "DB", database_name = "tixly-db-staging", database_id = "9a2e4c6b-1d3f-4b5a-8c7e-6f0a2b4d6e8c", migrations_dir = "drizzle" }]
kv_namespaces = [{ binding = "CACHE", id = "1e3f5a7c9b2d4f6e8a0c2e4b6d8f0a1c" }]
r2_buckets = [{ binding = "TICKETS", bucket_name = "tixly-tickets-staging" }]

[env.production]
name = "tixly-web"
routes = [{ pattern = "tixly.events", custom_domain = true }]
d1_databases = [{ binding = "DB", database_name = "tixly-db-prod", database_id = "0b9f7e15-2c4d-4e6a-8f13-5a7b9c1d3e2f", migrations_dir = "drizzle" }]
kv_namespaces = [{ binding = "CACHE", id = "6b8d0f2a4c6e8a0b2d4f6a8c0e2b4d6f" }]
r2_buckets = [{ binding = "TICKETS", bucket_name = "tixly-tickets" }]
"""

SCHEMA_TS = """import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const events = sqliteTable("events", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  venue: text("venue").notNull(),
  startsAt: integer("starts_at", { mode: "timestamp" }).notNull(),
  capacity: integer("capacity").notNull(),
  status: text("status", { enum: ["draft", "on_sale", "sold_out", "past"] }).notNull().default("draft"),
  createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
});

export const ticketTypes = sqliteTable("ticket_types", {
  id: text("id").primaryKey(),
  eventId: text("event_id").notNull().references(() => events.id),
  name: text("name").notNull(),
  priceCents: integer("price_cents").notNull(),
  quantity: integer("quantity").notNull(),
});

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull().references(() => events.id),
    email: text("email").notNull(),
    totalCents: integer("total_cents").notNull(),
    status: text("status", { enum: ["pending", "paid", "refunded", "expired"] }).notNull(),
    molliePaymentId: text("mollie_payment_id"),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
  },
  (t) => [index("orders_event_idx").on(t.eventId)],
);
"""

EVENTS_SERVER = """import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

export function db(env: Env) {
  return drizzle(env.DB, { schema });
}

export async function getEventBySlug(env: Env, slug: string) {
  return db(env).query.events.findFirst({
    where: and(eq(schema.events.slug, slug)),
    with: { ticketTypes: true },
  });
}
"""

EVENT_ROUTE = """import { data } from "react-router";
import { getEventBySlug } from "~/lib/events.server";
import type { Route } from "./+types/events.$slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await getEventBySlug(context.cloudflare.env, params.slug);
  if (!event) throw data("Not found", { status: 404 });
  return { event };
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-3xl font-bold">{event.title}</h1>
      <p className="text-zinc-600">{event.venue}</p>
      <ul className="mt-6 space-y-2">
        {event.ticketTypes.map((t) => (
          <li key={t.id}>{t.name}</li>
        ))}
      </ul>
    </main>
  );
}
"""

PRICING_TS = """// All amounts are integer cents.
export const SERVICE_FEE_RATE = 0.035;
export const SERVICE_FEE_MIN_CENTS = 49;

export function serviceFeeCents(subtotalCents: number): number {
  const fee = subtotalCents * SERVICE_FEE_RATE;
  return Math.max(SERVICE_FEE_MIN_CENTS, fee);
}

export function orderTotalCents(lines: { priceCents: number; qty: number }[]): number {
  const subtotal = lines.reduce((sum, l) => sum + l.priceCents * l.qty, 0);
  return subtotal + serviceFeeCents(subtotal);
}
"""

SEATPICKER = """import { useEffect, useState } from "react";

type Props = { eventId: string; ticketTypeId: string };

export function SeatPicker({ eventId, ticketTypeId }: Props) {
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    fetch(`/api/availability?event=${eventId}&type=${ticketTypeId}`)
      .then((r) => r.json() as Promise<{ left: number }>)
      .then((d) => setLeft(d.left));
  }, [eventId]);

  if (left === null) return <p className="text-sm text-zinc-500">Checking availability…</p>;
  return <p className="text-sm">{left > 0 ? `${left} left` : "Sold out"}</p>;
}
"""

QR_SERVER = """// Signs the ticket id for the door scanner (apps/scanner verifies with the same key).
export async function signTicket(env: Env, ticketId: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.TICKET_SIGNING_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(ticketId));
  return `${ticketId}.${btoa(String.fromCharCode(...new Uint8Array(sig)))}`;
}
"""

CI_YML = """name: deploy
on:
  workflow_dispatch:
    inputs:
      environment:
        type: choice
        options: [staging, production]
jobs:
  deploy:
    runs-on: ubuntu-latest
    environment: ${{ inputs.environment }}
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22, cache: pnpm }
      - run: pnpm install --frozen-lockfile
      - run: pnpm --filter web build
      - run: pnpm --filter web exec wrangler d1 migrations apply DB --env ${{ inputs.environment }} --remote
        env:
          CLOUDFLARE_API_TOKEN: ${{ secrets.CLOUDFLARE_API_TOKEN }}
          CLOUDFLARE_ACCOUNT_ID: ${{ secrets.CLOUDFLARE_ACCOUNT_ID }}
      - run: pnpm --filter web exec wrangler deploy --env ${{ inputs.environment }}
        env:
          CLOUDFLARE_API_TOKEN: ${{ secrets.CLOUDFLARE_API_TOKEN }}
          CLOUDFLARE_ACCOUNT_ID: ${{ secrets.CLOUDFLARE_ACCOUNT_ID }}
"""

FILES = {
    P("app/routes.ts"): ROUTES_TS,
    P("wrangler.toml"): WRANGLER_TOML,
    P("app/db/schema.ts"): SCHEMA_TS,
    P("app/lib/events.server.ts"): EVENTS_SERVER,
    P("app/routes/events.$slug.tsx"): EVENT_ROUTE,
    P("app/lib/pricing.ts"): PRICING_TS,
    P("app/components/SeatPicker.tsx"): SEATPICKER,
    P("app/lib/qr.server.ts"): QR_SERVER,
    R + "/.github/workflows/deploy.yml": CI_YML,
}


def banner(v="3.87.0", upd=None):
    head = f" ⛅️ wrangler {v}" + (f" (update available {upd})" if upd else "")
    return head + "\n" + "-" * 19 + "\n"


def acct_err(v, stamp, newer=False):
    where = "in your Wrangler configuration file" if newer else "in your `wrangler.toml` file"
    return (banner(v) + "\n\n✘ [ERROR] More than one account available but unable to select one in non-interactive mode.\n\n"
            f"  Please set the appropriate `account_id` {where}.\n"
            "  Available accounts are (`<name>`: `<account_id>`):\n"
            f"    `Sanne Bakker's Account`: `{PERS}`\n"
            f"    `Tixly B.V.`: `{ACCT}`\n\n\n"
            f"🪵  Logs were written to \"/home/sanne/.config/.wrangler/logs/wrangler-{stamp}.log\"")


def typecheck_fail(lines):
    return ("\n> web@0.1.0 typecheck /home/sanne/code/tixly/apps/web\n> react-router typegen && tsc\n\n"
            + "\n".join(lines) + "\n/home/sanne/code/tixly/apps/web:\n"
            " ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  web@0.1.0 typecheck: `react-router typegen && tsc`\nExit status 2")


TYPECHECK_OK = "\n> web@0.1.0 typecheck /home/sanne/code/tixly/apps/web\n> react-router typegen && tsc\n"


def vitest_ok(files, dur):
    body = "\n".join(f" ✓ {f} ({n} tests) {ms}ms" for f, n, ms in files)
    total = sum(n for _, n, _ in files)
    return (f"\n> web@0.1.0 test /home/sanne/code/tixly/apps/web\n> vitest run\n\n\n RUN  v2.1.8 {W}\n\n{body}\n\n"
            f" Test Files  {len(files)} passed ({len(files)})\n      Tests  {total} passed ({total})\n"
            f"   Start at  {dur[0]}\n   Duration  {dur[1]} (transform 402ms, setup 0ms, collect 1.38s, tests 1.12s, "
            f"environment 0ms, prepare 688ms)\n")


BASE_TESTS = [("test/pricing.test.ts", 7, 31), ("test/events.server.test.ts", 5, 388), ("test/orders.server.test.ts", 8, 512),
              ("test/qr.server.test.ts", 3, 44), ("test/mollie.webhook.test.ts", 4, 276)]


def biome_ok(n):
    return f"Checked {n} files in 74ms. No fixes applied."


def e2e_fail(spec, d1_err, line, test, step, locator, passed, secs):
    return (f"\n> web@0.1.0 test:e2e {W}\n> playwright test \"{spec}\"\n\n"
            f"[WebServer] ✘ [ERROR] Error: {d1_err}\n"
            "[WebServer]       at D1DatabaseSessionAlwaysPrimary._sendOrThrow (cloudflare-internal:d1-api:129:19)\n"
            "[WebServer]       at async D1PreparedStatement.raw (cloudflare-internal:d1-api:310:32)\n"
            f"[WebServer] [wrangler:inf] {step} 500 Internal Server Error (41ms)\n\n"
            f"Running {passed + 1} tests using 2 workers\n\n"
            f"  1) [chromium] › {spec}:{line} › {test} ─────────────────────\n\n"
            "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n"
            f"    Locator: {locator}\n    Expected: visible\n    Received: <element(s) not found>\n"
            "    Call log:\n"
            f"      - expect.toBeVisible with timeout 5000ms\n      - waiting for {locator}\n\n"
            f"  1 failed\n    [chromium] › {spec}:{line} › {test} ──────────────────────\n"
            f"  {passed} passed ({secs}s)\n{W}:\n"
            f" ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  web@0.1.0 test:e2e: `playwright test \"{spec}\"`\nExit status 1")


def e2e_ok(spec, n, secs):
    return (f"\n> web@0.1.0 test:e2e {W}\n> playwright test \"{spec}\"\n\n"
            f"Running {n} tests using 2 workers\n\n  {n} passed ({secs}s)\n")


def migrate_local(names):
    w = max(len(x) for x in names) + 2
    top = "┌" + "─" * w + "┐"
    rows = "\n".join(f"│ {x.ljust(w - 1)}│" for x in names)
    t2 = "┌" + "─" * w + "┬────────┐"
    rows2 = "\n".join(f"│ {x.ljust(w - 1)}│ ✅       │" for x in names)
    return (banner() + "\nMigrations to be applied:\n" + top + "\n│ " + "name".ljust(w - 1) + "│\n├" + "─" * w + "┤\n" + rows
            + "\n└" + "─" * w + "┘\n"
            f"🌀 Executing on local database tixly-db ({DBID}) from .wrangler/state/v3/d1:\n"
            "🌀 To execute on your remote database, add a --remote flag to your wrangler command.\n"
            + t2 + "\n│ " + "name".ljust(w - 1) + "│ status │\n├" + "─" * w + "┼────────┤\n" + rows2
            + "\n└" + "─" * w + "┴────────┘")


def drizzle_gen(name, n, tables):
    return ("No config path provided, using default 'drizzle.config.ts'\n"
            f"Reading config file '{W}/drizzle.config.ts'\n" + tables +
            f"\n[✓] Your SQL migration file ➜ drizzle/{n}_{name}.sql 🚀")


def gen():
    d = Dev("remix-cloudflare", U, "en", MODEL, seed=20261005, files=FILES)

    # ============================================================ S1 Mon 10-05
    with d.session("2026-10-05T09:12:00", R, branch="main", version="2.1.110"):
        t = d.task("morning. first time using you on the tixly repo — quick tour? how does a request for an event page "
                   "get from the worker to D1", tags=["noise"])
        t.glob("apps/web/**/*.{ts,tsx,toml}", [P(x) for x in [
            "wrangler.toml", "workers/app.ts", "react-router.config.ts", "drizzle.config.ts", "app/root.tsx", "app/routes.ts",
            "app/db/schema.ts", "app/lib/events.server.ts", "app/lib/pricing.ts", "app/lib/qr.server.ts",
            "app/routes/home.tsx", "app/routes/events.$slug.tsx", "app/routes/checkout.$orderId.tsx",
            "app/routes/api.mollie.webhook.ts", "app/components/SeatPicker.tsx"]])
        t.read(P("wrangler.toml"))
        t.read(P("app/routes.ts"))
        t.read(P("app/routes/events.$slug.tsx"))
        t.read(P("app/lib/events.server.ts"))
        t.done("""How `/events/:slug` is served:

1. `workers/app.ts` is the Worker entry (`main` in `wrangler.toml`). It hands every request to React Router's request handler and passes `{ cloudflare: { env, ctx } }` as load context.
2. Routes are **config routes** in `app/routes.ts` (no file-system convention): `route("events/:slug", "routes/events.$slug.tsx")`. `react-router typegen` generates `./+types/<route>` only for routes listed there.
3. The route's `loader` calls `getEventBySlug(context.cloudflare.env, slug)` from `app/lib/events.server.ts`, which wraps the `DB` binding with `drizzle(env.DB, { schema })` and does a relational query with `ticketTypes`.
4. Bindings: `DB` (D1 `tixly-db`, migrations in `apps/web/drizzle`), `CACHE` (KV), `TICKETS` (R2). `staging`/`production` are wrangler envs with their own D1/KV/R2. There's no `account_id` in the file on purpose (comment says CI sets `CLOUDFLARE_ACCOUNT_ID`).""")

        t = d.task("add a waitlist page at /events/:slug/waitlist — just email field + submit for now, action can log. "
                   "the event lookup goes through the existing `.server` module, don't put drizzle queries inline in the "
                   "route", tags=["mistake:M1", "pref:P1"])
        t.write(P("app/routes/events.$slug.waitlist.tsx"), """import { Form, data } from "react-router";
import { getEventBySlug } from "~/lib/events.server";
import type { Route } from "./+types/events.$slug.waitlist";

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await getEventBySlug(context.cloudflare.env, params.slug);
  if (!event) throw data("Not found", { status: 404 });
  return { title: event.title };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  console.log("waitlist signup", params.slug, form.get("email"));
  return { ok: true };
}

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) return <p className="p-6">You're on the list.</p>;
  return (
    <Form method="post" className="mx-auto max-w-md space-y-4 p-6">
      <h1 className="text-2xl font-semibold">Waitlist: {loaderData.title}</h1>
      <input name="email" type="email" required className="w-full rounded border px-3 py-2" />
      <button type="submit" className="rounded bg-black px-4 py-2 text-white">Notify me</button>
    </Form>
  );
}
""")
        t.fail("pnpm --filter web typecheck", "Type-check the web app", typecheck_fail([
            "app/routes/events.$slug.waitlist.tsx(3,29): error TS2307: Cannot find module './+types/events.$slug.waitlist' "
            "or its corresponding type declarations."]), code=2)
        t.say("Typegen only emits `+types` for routes registered in `app/routes.ts`, and the new module isn't registered yet. Adding it.")
        t.edit(P("app/routes.ts"), """  route("events/:slug", "routes/events.$slug.tsx"),
""", """  route("events/:slug", "routes/events.$slug.tsx"),
  route("events/:slug/waitlist", "routes/events.$slug.waitlist.tsx"),
""")
        t.bash("pnpm --filter web typecheck", "Type-check the web app", out=TYPECHECK_OK)
        t.done("Added `app/routes/events.$slug.waitlist.tsx` (loader via `getEventBySlug` from `events.server.ts`, action just logs the email) and registered it in `app/routes.ts` as `events/:slug/waitlist`. Typecheck is clean.")

        t = d.task("D1 or KV for the cart hold (15 min seat reservation)? thinking out loud, no code", tags=["noise", "no_tools"])
        t.done("""D1. A hold has to be checked against remaining capacity atomically, and KV is eventually consistent (writes can take up to ~60 s to show up in other locations), so two buyers could both see the last seat free.

In D1 you can do the capacity check and the insert of the hold in one statement (`INSERT … SELECT … WHERE (sold + held) < capacity`) or a `batch()`, and expire holds with a `held_until` column that every availability query filters on. KV is fine for caching the public event page, not for the count.""")

    # ============================================================ S2 Wed 10-07
    with d.session("2026-10-07T10:03:00", R, branch="feat/waitlist", version="2.1.111"):
        t = d.task("waitlist needs a table now. waitlist_entries: id, event_id, email, created_at, notified_at nullable. "
                   "unique on (event_id, email). generate the migration and hook the action up, then run the unit tests "
                   "and the waitlist e2e", tags=["workflow:W2", "mistake:M3"])
        t.read(P("app/db/schema.ts"))
        t.edit(P("app/db/schema.ts"), """import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";""",
               """import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";""")
        t.edit(P("app/db/schema.ts"), """  (t) => [index("orders_event_idx").on(t.eventId)],
);
""", """  (t) => [index("orders_event_idx").on(t.eventId)],
);

export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull().references(() => events.id),
    email: text("email").notNull(),
    createdAt: integer("created_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`),
    notifiedAt: integer("notified_at", { mode: "timestamp" }),
  },
  (t) => [uniqueIndex("waitlist_event_email_uq").on(t.eventId, t.email)],
);
""")
        t.bash("pnpm --filter web exec drizzle-kit generate --name waitlist_entries", "Generate the D1 migration",
               out=drizzle_gen("waitlist_entries", "0007",
                               "4 tables\nevents 8 columns 1 indexes 0 fks\norders 7 columns 1 indexes 1 fks\n"
                               "ticket_types 5 columns 0 indexes 1 fks\nwaitlist_entries 5 columns 1 indexes 1 fks\n"))
        d.files[P("drizzle/0007_waitlist_entries.sql")] = """CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_event_email_uq` ON `waitlist_entries` (`event_id`,`email`);
"""
        t.read(P("drizzle/0007_waitlist_entries.sql"))
        t.write(P("app/lib/waitlist.server.ts"), """import { waitlistEntries } from "~/db/schema";
import { db } from "~/lib/events.server";

export async function joinWaitlist(env: Env, eventId: string, email: string) {
  await db(env)
    .insert(waitlistEntries)
    .values({ id: crypto.randomUUID(), eventId, email: email.trim().toLowerCase() })
    .onConflictDoNothing();
}
""")
        t.read(P("app/routes/events.$slug.waitlist.tsx"))
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  console.log("waitlist signup", params.slug, form.get("email"));
  return { ok: true };
}""", """export async function action({ request, params, context }: Route.ActionArgs) {
  const env = context.cloudflare.env;
  const event = await getEventBySlug(env, params.slug);
  if (!event) throw data("Not found", { status: 404 });
  const form = await request.formData();
  await joinWaitlist(env, event.id, String(form.get("email") ?? ""));
  return { ok: true };
}""")
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """import { getEventBySlug } from "~/lib/events.server";
""", """import { getEventBySlug } from "~/lib/events.server";
import { joinWaitlist } from "~/lib/waitlist.server";
""")
        t.write(P("test/waitlist.server.test.ts"), """import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/events.server";
import { joinWaitlist } from "~/lib/waitlist.server";

describe("joinWaitlist", () => {
  it("stores a normalised email once per event", async () => {
    await joinWaitlist(env, "evt_dekmantel", " Fan@Example.com ");
    await joinWaitlist(env, "evt_dekmantel", "fan@example.com");
    const rows = await db(env).query.waitlistEntries.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe("fan@example.com");
  });
});
""")
        t.bash("pnpm --filter web test", "Run unit tests (vitest pool-workers)",
               out=vitest_ok(BASE_TESTS + [("test/waitlist.server.test.ts", 1, 203)], ("10:41:12", "3.92s")))
        t.fail("pnpm --filter web test:e2e e2e/waitlist.spec.ts", "Run the waitlist e2e spec",
               e2e_fail("e2e/waitlist.spec.ts", "D1_ERROR: no such table: waitlist_entries: SQLITE_ERROR", "14:3",
                        "waitlist › joins the waitlist for a sold-out event", "POST /events/dekmantel-2026/waitlist?_data",
                        "getByText('You\\'re on the list.')", 2, "11.8"))
        t.say("The unit tests pass because the pool applies migrations to its own D1, but `wrangler dev` uses the local "
              "state in `.wrangler/state`, which doesn't have 0007 yet. Applying it locally, then re-running the spec.")
        t.bash("cd apps/web && pnpm wrangler d1 migrations apply tixly-db --local", "Apply pending migrations to local D1",
               out=migrate_local(["0007_waitlist_entries.sql"]))
        t.bash("pnpm --filter web test:e2e e2e/waitlist.spec.ts", "Run the waitlist e2e spec",
               out=e2e_ok("e2e/waitlist.spec.ts", 3, "10.4"))
        t.done("""- `waitlist_entries` in `schema.ts` with the unique index on `(event_id, email)`; migration `drizzle/0007_waitlist_entries.sql`.
- `joinWaitlist()` in `app/lib/waitlist.server.ts` (lower-cases the email, `onConflictDoNothing`), called from the route's action.
- Unit tests 28/28. The e2e spec first failed with `no such table: waitlist_entries` because local D1 hadn't had 0007 applied; after `d1 migrations apply tixly-db --local` it passes 3/3.""")

        t = d.task("validate the email in the waitlist action with zod, return the field error to the form. then the usual "
                   "before-PR stuff and open the PR", tags=["workflow:W1", "pref:P3"])
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """import { Form, data } from "react-router";
""", """import { Form, data } from "react-router";
import { z } from "zod";
""")
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """  const form = await request.formData();
  await joinWaitlist(env, event.id, String(form.get("email") ?? ""));
  return { ok: true };""", """  const form = Object.fromEntries(await request.formData());
  const parsed = WaitlistForm.safeParse(form);
  if (!parsed.success) {
    return data({ ok: false, errors: parsed.error.flatten().fieldErrors }, { status: 422 });
  }
  await joinWaitlist(env, event.id, parsed.data.email);
  return { ok: true };""")
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """export async function action(""",
               """const WaitlistForm = z.object({ email: z.string().trim().email("Enter a valid email") });

export async function action(""")
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """      <input name="email" type="email" required className="w-full rounded border px-3 py-2" />
""", """      <input name="email" type="email" required className="w-full rounded border px-3 py-2" />
      {actionData && !actionData.ok ? <p className="text-sm text-red-600">{actionData.errors.email?.[0]}</p> : null}
""")
        t.bash("pnpm biome check .", "Lint + format check", out=biome_ok(163))
        t.bash("pnpm --filter web typecheck", "Type-check", out=TYPECHECK_OK)
        t.bash("pnpm --filter web test", "Unit tests",
               out=vitest_ok(BASE_TESTS + [("test/waitlist.server.test.ts", 1, 198)], ("11:02:40", "3.87s")))
        t.bash("git add -A && git commit -m \"feat(web): waitlist for sold-out events\"", "Commit",
               out="[feat/waitlist 4c81e0a] feat(web): waitlist for sold-out events\n 6 files changed, 118 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 apps/web/app/lib/waitlist.server.ts\n create mode 100644 apps/web/app/routes/events.$slug.waitlist.tsx\n"
                   " create mode 100644 apps/web/drizzle/0007_waitlist_entries.sql\n create mode 100644 apps/web/test/waitlist.server.test.ts")
        t.bash("git push -u origin feat/waitlist", "Push branch",
               err="remote: \nremote: Create a pull request for 'feat/waitlist' on GitHub by visiting:\n"
                   "remote:      https://github.com/tixly-nl/tixly/pull/new/feat/waitlist\nremote: \n"
                   "To github.com:tixly-nl/tixly.git\n * [new branch]      feat/waitlist -> feat/waitlist\n"
                   "branch 'feat/waitlist' set up to track 'origin/feat/waitlist'.")
        t.bash("gh pr create --base main --title \"feat(web): waitlist for sold-out events\" --body \"Waitlist page + "
               "waitlist_entries table (migration 0007). Email validated with zod, 422 with field errors.\"",
               "Open PR", out="https://github.com/tixly-nl/tixly/pull/212")
        t.done("Biome, typecheck and unit tests are green. PR #212: https://github.com/tixly-nl/tixly/pull/212")

        t = d.task("Marloes asks how many people are on the prod waitlist for dekmantel-2026 already (she enabled it "
                   "behind the flag yesterday). can you check prod d1", tags=["mistake:M2"])
        q = ("SELECT count(*) AS count FROM waitlist_entries w JOIN events e ON e.id = w.event_id "
             "WHERE e.slug = 'dekmantel-2026'")
        t.fail(f"cd apps/web && pnpm wrangler d1 execute tixly-db-prod --env production --remote --command \"{q}\"",
               "Count waitlist entries on prod D1", acct_err("3.87.0", "2026-10-07_11-24-51_406"))
        t.say("Your login sees two Cloudflare accounts and wrangler can't pick one without a prompt. The repo keeps "
              "`account_id` out of wrangler.toml, so I'll pass the Tixly account for this command only.")
        t.bash(f"cd apps/web && CLOUDFLARE_ACCOUNT_ID={ACCT} pnpm wrangler d1 execute tixly-db-prod --env production --remote "
               f"--command \"{q}\"", "Count waitlist entries on prod D1 (Tixly account)",
               out=banner() + f"\n🌀 Executing on remote database tixly-db-prod ({DBID_PROD}):\n"
                   "🌀 To execute on your local development database, remove the --remote flag from your wrangler command.\n"
                   "🚣 Executed 1 commands in 0.3412ms\n┌───────┐\n│ count │\n├───────┤\n│ 214   │\n└───────┘")
        t.done("214 people on the prod waitlist for `dekmantel-2026`.")

    # ============================================================ S3 Fri 10-09
    with d.session("2026-10-09T13:20:00", R, branch="main", version="2.1.112"):
        t = d.task("#212 is merged, put main on staging and check it's alive", tags=["workflow:W3", "flaky:F1"])
        t.bash("git pull --ff-only", "Update main",
               out="Updating 9e2d41b..b7f03c6\nFast-forward\n apps/web/app/db/schema.ts | 15 +++++++++++++++\n"
                   " 6 files changed, 118 insertions(+), 1 deletion(-)")
        t.bash("gh workflow run deploy.yml --ref main -f environment=staging", "Trigger staging deploy",
               out="✓ Created workflow_dispatch event for deploy.yml at main\n\n"
                   "To see runs for this workflow, try: gh run list --workflow=deploy.yml")
        t.bash("gh run watch $(gh run list --workflow=deploy.yml --limit 1 --json databaseId -q '.[0].databaseId') --exit-status",
               "Watch the deploy run", timeout=600000,
               out="✓ main deploy · 11839204571\nTriggered via workflow_dispatch about 2 minutes ago\n\nJOBS\n"
                   "✓ deploy in 1m48s (ID 33187702215)\n  ✓ Set up job\n  ✓ Run actions/checkout@v4\n  ✓ Run pnpm/action-setup@v4\n"
                   "  ✓ Run actions/setup-node@v4\n  ✓ Run pnpm install --frozen-lockfile\n  ✓ Run pnpm --filter web build\n"
                   "  ✓ Run pnpm --filter web exec wrangler d1 migrations apply DB --env staging --remote\n"
                   "  ✓ Run pnpm --filter web exec wrangler deploy --env staging\n  ✓ Complete job")
        t.fail("curl -sSf https://staging.tixly.events/api/health", "Health check staging",
               "curl: (28) Failed to connect to staging.tixly.events port 443 after 10004 ms: Timeout was reached", code=28)
        t.say("Connect timeout, not an HTTP error. Trying the same request again.")
        t.bash("curl -sSf https://staging.tixly.events/api/health", "Health check staging",
               out='{"ok":true,"version":"b7f03c6","d1":"ok","kv":"ok"}')
        t.done("Staging deploy run 11839204571 succeeded (migration 0007 applied remotely by CI, then `wrangler deploy --env staging`). The first health check timed out on connect; the retry returned `{\"ok\":true,\"version\":\"b7f03c6\"}`.")

        t = d.task("how do I stream the 'similar events' block on the event page without blocking the loader in RR7? "
                   "check the docs, I don't want the v6 defer() answer", tags=["noise", "webfetch"])
        t.webfetch("https://reactrouter.com/how-to/suspense", "How to stream data with Suspense in React Router v7 framework mode",
                   """In React Router v7 you stream by returning a promise (not awaited) from the loader; `defer` is no longer needed. Example:

```tsx
export async function loader({}: Route.LoaderArgs) {
  // note this is NOT awaited
  let nonCriticalData = new Promise((res) => setTimeout(() => res("non-critical"), 5000));
  let criticalData = await new Promise((res) => setTimeout(() => res("critical"), 300));
  return { nonCriticalData, criticalData };
}
```

In the component, render the promise with `<React.Suspense fallback={...}>` and `<Await resolve={nonCriticalData}>{(value) => ...}</Await>`, or use React 19's `use()` inside a Suspense boundary. Timeouts: configure `streamTimeout` in `entry.server.tsx`; promises not settled by then are rejected.""")
        t.done("""v7 streams any un-awaited promise you return:

```tsx
export async function loader({ params, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const event = await getEventBySlug(env, params.slug);
  if (!event) throw data("Not found", { status: 404 });
  return { event, similar: getSimilarEvents(env, event.id) }; // not awaited
}
```

```tsx
<Suspense fallback={<SimilarSkeleton />}>
  <Await resolve={loaderData.similar}>{(list) => <SimilarList events={list} />}</Await>
</Suspense>
```

No `defer()`. Check `streamTimeout` in `entry.server.tsx` (default 5 s) so a slow D1 query rejects instead of hanging the response.""")

        t = d.task("service fee is wrong on orders under €14, support got a ticket with fee €0.49 on a €12.50 ticket but "
                   "€0.4375 showing in the admin export lol. fix + test. and reminder: money is integer cents everywhere, "
                   "no floats leaving pricing.ts", tags=["oneoff:O1", "pref:P2"])
        t.read(P("app/lib/pricing.ts"))
        d.files[P("test/pricing.test.ts")] = """import { describe, expect, it } from "vitest";
import { orderTotalCents, serviceFeeCents } from "~/lib/pricing";

describe("serviceFeeCents", () => {
  it("applies the minimum", () => {
    expect(serviceFeeCents(1000)).toBe(49);
  });
  it("is 3.5% above the minimum", () => {
    expect(serviceFeeCents(4000)).toBe(140);
  });
});

describe("orderTotalCents", () => {
  it("adds the fee to the subtotal", () => {
    expect(orderTotalCents([{ priceCents: 2500, qty: 2 }])).toBe(5175);
  });
});
"""
        t.read(P("test/pricing.test.ts"))
        t.edit(P("test/pricing.test.ts"), """  it("is 3.5% above the minimum", () => {
    expect(serviceFeeCents(4000)).toBe(140);
  });""", """  it("is 3.5% above the minimum", () => {
    expect(serviceFeeCents(4000)).toBe(140);
  });
  it("always returns whole cents", () => {
    expect(serviceFeeCents(1250 + 1250)).toBe(88);
    expect(Number.isInteger(serviceFeeCents(1999))).toBe(true);
  });""")
        t.fail("pnpm --filter web exec vitest run test/pricing.test.ts", "Run pricing tests",
               " RUN  v2.1.8 " + W + """

 ❯ test/pricing.test.ts (4 tests | 1 failed) 34ms
   × serviceFeeCents > always returns whole cents 9ms
     → expected 87.5 to be 88 // Object.is equality

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  test/pricing.test.ts > serviceFeeCents > always returns whole cents
AssertionError: expected 87.5 to be 88 // Object.is equality

- Expected
+ Received

- 88
+ 87.5

 ❯ test/pricing.test.ts:15:39
     13|   });
     14|   it("always returns whole cents", () => {
     15|     expect(serviceFeeCents(1250 + 1250)).toBe(88);
       |                                       ^
     16|     expect(Number.isInteger(serviceFeeCents(1999))).toBe(true);
     17|   });

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 Test Files  1 failed (1)
      Tests  1 failed | 3 passed (4)
   Start at  14:02:18
   Duration  1.41s (transform 88ms, setup 0ms, collect 97ms, tests 34ms, environment 0ms, prepare 402ms)""")
        t.edit(P("app/lib/pricing.ts"), """  const fee = subtotalCents * SERVICE_FEE_RATE;""",
               """  const fee = Math.round(subtotalCents * SERVICE_FEE_RATE);""")
        t.bash("pnpm --filter web exec vitest run test/pricing.test.ts", "Run pricing tests",
               out=f" RUN  v2.1.8 {W}\n\n ✓ test/pricing.test.ts (4 tests) 29ms\n\n Test Files  1 passed (1)\n"
                   "      Tests  4 passed (4)\n   Start at  14:03:51\n   Duration  1.36s (transform 84ms, setup 0ms, "
                   "collect 95ms, tests 29ms, environment 0ms, prepare 398ms)")
        t.done("`serviceFeeCents` returned the raw product (`1250 × 0.035 = 43.75`), so anything above the €0.49 minimum could be fractional. It now rounds with `Math.round`, so it always returns whole cents. New test covers it; 4/4 pass.")

    # ============================================================ S4 Tue 10-13 (acceptEdits)
    with d.session("2026-10-13T09:40:00", R, branch="feat/promo-codes", version="2.1.114", permission_mode="acceptEdits"):
        t = d.task("admin page to list promo codes for an event: /admin/events/:slug/promo-codes. table with code, "
                   "discount, uses. keep the loader thin, the query lives in a promo-codes `.server` file. "
                   "the table already exists in staging (Joost did the schema), it's `promo_codes` in schema.ts on main",
                   tags=["mistake:M1", "pref:P1"])
        d.files[P("app/db/schema.ts")] += """
export const promoCodes = sqliteTable("promo_codes", {
  id: text("id").primaryKey(),
  eventId: text("event_id").notNull().references(() => events.id),
  code: text("code").notNull(),
  discountCents: integer("discount_cents").notNull(),
  maxUses: integer("max_uses"),
  uses: integer("uses").notNull().default(0),
});
"""
        t.read(P("app/db/schema.ts"))
        t.write(P("app/lib/promo-codes.server.ts"), """import { eq } from "drizzle-orm";
import { promoCodes } from "~/db/schema";
import { db } from "~/lib/events.server";

export function listPromoCodes(env: Env, eventId: string) {
  return db(env).select().from(promoCodes).where(eq(promoCodes.eventId, eventId)).orderBy(promoCodes.code);
}
""")
        t.write(P("app/routes/admin.events.$slug.promo-codes.tsx"), """import { data } from "react-router";
import { getEventBySlug } from "~/lib/events.server";
import { listPromoCodes } from "~/lib/promo-codes.server";
import type { Route } from "./+types/admin.events.$slug.promo-codes";

export async function loader({ params, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const event = await getEventBySlug(env, params.slug);
  if (!event) throw data("Not found", { status: 404 });
  return { event: { title: event.title }, codes: await listPromoCodes(env, event.id) };
}

export default function PromoCodes({ loaderData }: Route.ComponentProps) {
  return (
    <section className="p-6">
      <h1 className="mb-4 text-xl font-semibold">Promo codes · {loaderData.event.title}</h1>
      <table className="w-full text-left text-sm">
        <thead>
          <tr><th>Code</th><th>Discount</th><th>Uses</th></tr>
        </thead>
        <tbody>
          {loaderData.codes.map((c) => (
            <tr key={c.id}>
              <td className="font-mono">{c.code}</td>
              <td>€{(c.discountCents / 100).toFixed(2)}</td>
              <td>{c.uses}{c.maxUses ? ` / ${c.maxUses}` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
""")
        t.fail("pnpm --filter web typecheck", "Type-check", typecheck_fail([
            "app/routes/admin.events.$slug.promo-codes.tsx(4,29): error TS2307: Cannot find module "
            "'./+types/admin.events.$slug.promo-codes' or its corresponding type declarations."]), code=2)
        t.read(P("app/routes.ts"))
        t.edit(P("app/routes.ts"), """      route("events/:slug", "routes/admin.events.$slug.tsx"),
""", """      route("events/:slug", "routes/admin.events.$slug.tsx"),
      route("events/:slug/promo-codes", "routes/admin.events.$slug.promo-codes.tsx"),
""")
        t.bash("pnpm --filter web typecheck", "Type-check", out=TYPECHECK_OK)
        t.done("Route registered under the admin layout in `app/routes.ts` (`/admin/events/:slug/promo-codes`), loader calls `listPromoCodes` from `app/lib/promo-codes.server.ts`. Typecheck clean after the route was registered (typegen had no `+types` for it before).")

        t = d.task("SeatPicker shows stale counts when you switch ticket type. fix, and run biome on it", tags=["oneoff:O2"])
        t.read(P("app/components/SeatPicker.tsx"))
        t.edit(P("app/components/SeatPicker.tsx"), """  useEffect(() => {
    fetch(""", """  useEffect(() => {
    setLeft(null);
    fetch(""")
        t.fail("pnpm biome check apps/web/app/components/SeatPicker.tsx", "Biome check SeatPicker",
               """apps/web/app/components/SeatPicker.tsx:8:3 lint/correctness/useExhaustiveDependencies  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ✖ This hook does not specify all of its dependencies: ticketTypeId

     6 │   const [left, setLeft] = useState<number | null>(null);
     7 │
   > 8 │   useEffect(() => {
       │   ^^^^^^^^^
     9 │     setLeft(null);
    10 │     fetch(`/api/availability?event=${eventId}&type=${ticketTypeId}`)

  ℹ This dependency is not specified in the hook dependency list.

     8 │   useEffect(() => {
     9 │     setLeft(null);
  > 10 │     fetch(`/api/availability?event=${eventId}&type=${ticketTypeId}`)
       │                                                      ^^^^^^^^^^^^
    11 │       .then((r) => r.json() as Promise<{ left: number }>)
    12 │       .then((d) => setLeft(d.left));

  ℹ Unsafe fix: Add the missing dependency to the list.

    14 │ ··},·[eventId,·ticketTypeId]);
       │              +++++++++++++

Checked 1 file in 4ms. No fixes applied.
Found 1 error.
check ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ✖ Some errors were emitted while running checks.""")
        t.say("That's the actual bug too: the effect never re-runs when `ticketTypeId` changes.")
        t.edit(P("app/components/SeatPicker.tsx"), "  }, [eventId]);", "  }, [eventId, ticketTypeId]);")
        t.bash("pnpm biome check apps/web/app/components/SeatPicker.tsx", "Biome check SeatPicker",
               out="Checked 1 file in 3ms. No fixes applied.")
        t.done("The effect only depended on `eventId`, so switching ticket type kept the old count. Added `ticketTypeId` to the deps (biome's `useExhaustiveDependencies` flagged exactly that) and reset to the loading state on change. Biome is clean.")

        t = d.task("what did we merge in the last 2 weeks? git log, I need it for the retro", tags=["noise", "long_output"])
        log = "\n".join([
            "b7f03c6 2026-10-09 Sanne Bakker  Merge pull request #212 from tixly-nl/feat/waitlist",
            "4c81e0a 2026-10-07 Sanne Bakker  feat(web): waitlist for sold-out events",
            "9e2d41b 2026-10-06 Joost Mulder  feat(db): promo_codes table",
            "1f7a0c3 2026-10-06 Joost Mulder  fix(scanner): reject tickets for other events",
            "c02e9d8 2026-10-05 Marloes Visser  copy: checkout confirmation wording",
            "77ab2e1 2026-10-03 Joost Mulder  chore(deps): bump wrangler to 3.87.0",
            "e4c5d90 2026-10-02 Sanne Bakker  fix(checkout): expire pending orders after 15 min",
            "a93b3f4 2026-10-02 Sanne Bakker  test(e2e): checkout happy path on wrangler dev",
            "5d1e8b7 2026-10-01 Joost Mulder  feat(scanner): offline cache of signed ticket ids",
            "0be6fa2 2026-09-30 Sanne Bakker  feat(web): R2-backed PDF tickets",
            "3aa4d11 2026-09-30 Marloes Visser  feat(admin): event status toggle",
            "88f2c6e 2026-09-29 Joost Mulder  ci: deploy workflow with environment input",
            "6c0d7a5 2026-09-29 Sanne Bakker  refactor: move queries to *.server.ts modules",
        ])
        t.bash("git log --since='2 weeks ago' --date=short --pretty='%h %ad %an  %s' origin/main", "Log of the last two weeks",
               out=log)
        t.bash("git log --since='2 weeks ago' --shortstat --pretty='%h %s' origin/main --no-merges", "Diffstat per commit",
               out="\n".join(f"{l.split()[0]} {l.split('  ', 1)[1]}\n\n {n} files changed, {a} insertions(+), {b} deletions(-)\n"
                             for l, (n, a, b) in zip(log.split("\n")[1:], [(6, 118, 1), (3, 41, 0), (2, 9, 2), (1, 4, 4),
                                                                           (1, 1, 1), (4, 38, 6), (5, 112, 0), (6, 187, 3),
                                                                           (9, 241, 12), (2, 57, 3), (1, 48, 0), (14, 96, 141)])))
        t.done("""Merged to main since 29 Sep (13 commits, 3 people):

**Sanne**: waitlist (#212), pending-order expiry, checkout e2e on `wrangler dev`, R2-backed PDF tickets, queries moved to `*.server.ts`.
**Joost**: `promo_codes` table, scanner offline cache + cross-event rejection, wrangler 3.87 bump, deploy workflow with an environment input.
**Marloes**: checkout copy, event status toggle in admin.""")

        t = d.task("quick q, is it fine to call crypto.randomUUID() in a worker for order ids or do I need a lib", tags=["noise", "no_tools"])
        t.done("It's fine. `crypto.randomUUID()` is part of the Workers runtime (Web Crypto), cryptographically random, v4 UUID. No library needed. If you ever want sortable ids (nicer for D1 index locality), use a ULID/UUIDv7 helper instead. For order ids the random v4 is OK.")

    # ============================================================ S5 Fri 10-16
    with d.session("2026-10-16T10:15:00", R, branch="feat/promo-codes", version="2.1.116"):
        t = d.task("Joost's promo_codes never actually got a migration on this branch, only staging was hand-edited (ugh). "
                   "generate it from schema.ts, plus the redeem path on checkout, then unit tests + promo e2e",
                   tags=["workflow:W2", "mistake:M3"])
        t.read(P("app/db/schema.ts"))
        t.bash("pnpm --filter web exec drizzle-kit generate --name promo_codes", "Generate migration for promo_codes",
               out=drizzle_gen("promo_codes", "0008",
                               "5 tables\nevents 8 columns 1 indexes 0 fks\norders 7 columns 1 indexes 1 fks\n"
                               "promo_codes 6 columns 0 indexes 1 fks\nticket_types 5 columns 0 indexes 1 fks\n"
                               "waitlist_entries 5 columns 1 indexes 1 fks\n"))
        d.files[P("drizzle/0008_promo_codes.sql")] = """CREATE TABLE `promo_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`code` text NOT NULL,
	`discount_cents` integer NOT NULL,
	`max_uses` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
"""
        t.read(P("drizzle/0008_promo_codes.sql"))
        t.read(P("app/lib/promo-codes.server.ts"))
        t.edit(P("app/lib/promo-codes.server.ts"), """import { eq } from "drizzle-orm";""",
               """import { and, eq, isNull, lt, or, sql } from "drizzle-orm";""")
        d.files[P("app/lib/promo-codes.server.ts")] += """
/** Atomically claims one use; returns the discount in cents or null if the code is unknown/used up. */
export async function redeemPromoCode(env: Env, eventId: string, code: string): Promise<number | null> {
  const [row] = await db(env)
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.eventId, eventId),
        eq(promoCodes.code, code.trim().toUpperCase()),
        or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
      ),
    )
    .returning({ discountCents: promoCodes.discountCents });
  return row?.discountCents ?? null;
}
"""
        t.bash("pnpm --filter web test", "Unit tests",
               out=vitest_ok(BASE_TESTS + [("test/waitlist.server.test.ts", 1, 201), ("test/promo-codes.server.test.ts", 4, 318)],
                             ("10:52:09", "4.11s")))
        t.fail("pnpm --filter web test:e2e e2e/checkout-promo.spec.ts", "Run promo checkout e2e",
               e2e_fail("e2e/checkout-promo.spec.ts", "D1_ERROR: no such table: promo_codes: SQLITE_ERROR", "22:5",
                        "checkout › applies a promo code to the order total", "POST /checkout/ord_test_01?index",
                        "getByTestId('discount-line')", 3, "15.2"))
        t.bash("cd apps/web && pnpm wrangler d1 migrations apply tixly-db --local", "Apply pending migrations locally",
               out=migrate_local(["0008_promo_codes.sql"]))
        t.bash("pnpm --filter web test:e2e e2e/checkout-promo.spec.ts", "Run promo checkout e2e",
               out=e2e_ok("e2e/checkout-promo.spec.ts", 4, "13.9"))
        t.done("Migration `0008_promo_codes.sql` generated from schema.ts, `redeemPromoCode()` claims one use atomically with a guarded `UPDATE … RETURNING`. Unit tests pass. The promo e2e failed on `no such table: promo_codes` until 0008 was applied to local D1; now 4/4.")

        t = d.task("ship it, same as the waitlist one", tags=["workflow:W1"])
        t.bash("pnpm biome check .", "Lint + format check", out=biome_ok(168))
        t.bash("pnpm --filter web typecheck", "Type-check", out=TYPECHECK_OK)
        t.bash("pnpm --filter web test", "Unit tests",
               out=vitest_ok(BASE_TESTS + [("test/waitlist.server.test.ts", 1, 199), ("test/promo-codes.server.test.ts", 4, 322)],
                             ("11:04:33", "4.02s")))
        t.bash("git add -A && git commit -m \"feat(web): promo codes admin list + redeem at checkout\"", "Commit",
               out="[feat/promo-codes 2ab9e17] feat(web): promo codes admin list + redeem at checkout\n 7 files changed, 164 insertions(+), 2 deletions(-)")
        t.bash("git push -u origin feat/promo-codes", "Push",
               err="To github.com:tixly-nl/tixly.git\n * [new branch]      feat/promo-codes -> feat/promo-codes\n"
                   "branch 'feat/promo-codes' set up to track 'origin/feat/promo-codes'.")
        t.bash("gh pr create --base main --title \"feat(web): promo codes\" --body-file /tmp/pr-promo.md", "Open PR",
               out="https://github.com/tixly-nl/tixly/pull/219")
        t.done("Green on biome/typecheck/tests. PR #219 is up: https://github.com/tixly-nl/tixly/pull/219 (description covers migration 0008, the admin list, atomic redeem, test plan and rollout notes).")

        t = d.task("run the mollie integration tests, want to see the refund flow works against their test API",
                   tags=["unfixed:U1"])
        t.fail("pnpm --filter web exec vitest run --project integration test/integration/mollie-refund.test.ts",
               "Run Mollie integration tests",
               f""" RUN  v2.1.8 {W}

 ❯ |integration| test/integration/mollie-refund.test.ts (2 tests | 2 failed) 3071ms
   × refunds > creates a partial refund for a paid test payment 1534ms
     → Mollie API 503: {{"status":503,"title":"Service Unavailable","detail":"The service is temporarily unavailable. Please try again later."}}
   × refunds > marks the order refunded after the webhook 1529ms
     → Mollie API 503: {{"status":503,"title":"Service Unavailable","detail":"The service is temporarily unavailable. Please try again later."}}

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  |integration| test/integration/mollie-refund.test.ts > refunds > creates a partial refund for a paid test payment
Error: Mollie API 503: {{"status":503,"title":"Service Unavailable","detail":"The service is temporarily unavailable. Please try again later."}}
 ❯ mollieFetch app/lib/mollie.server.ts:27:11

 Test Files  1 failed (1)
      Tests  2 failed (2)
   Start at  11:21:47
   Duration  4.52s""")
        t.bash("curl -s -o /dev/null -w '%{http_code}\\n' https://status.mollie.com/api/v2/status.json && "
               "curl -s https://status.mollie.com/api/v2/status.json | head -c 300", "Check Mollie status page",
               out='200\n{"page":{"id":"mollie","name":"Mollie","url":"https://status.mollie.com"},"status":{"indicator":"minor",'
                   '"description":"Partially Degraded Service"}}')
        t.done("Both refund tests fail with `Mollie API 503 Service Unavailable` from their test API, and Mollie's status page says \"Partially Degraded Service\" right now. Nothing on our side to fix. I'd re-run it later; I didn't retry in a loop or mock it away.")

    # ============================================================ S6 Tue 10-20 (compaction)
    with d.session("2026-10-20T09:05:00", R, branch="main", version="2.1.118"):
        t = d.task("someone in support says the prod event page for ade-2026 shows the old venue. what's in the CACHE kv "
                   "for it on production?", tags=["mistake:M2"])
        t.fail("cd apps/web && pnpm wrangler kv key get \"event:ade-2026\" --binding CACHE --env production",
               "Read the cached event from prod KV", acct_err("3.87.0", "2026-10-20_09-14-02_771"))
        t.bash(f"cd apps/web && CLOUDFLARE_ACCOUNT_ID={ACCT} pnpm wrangler kv key get \"event:ade-2026\" --binding CACHE "
               "--env production", "Read the cached event from prod KV (Tixly account)",
               out='{"id":"evt_ade26","slug":"ade-2026","title":"ADE 2026 – Opening Night","venue":"Paradiso Noord",'
                   '"cachedAt":"2026-10-12T08:01:44Z"}')
        t.done("Prod KV has `venue: \"Paradiso Noord\"`, cached on 12 Oct. The venue was changed after that and nothing invalidated the key. Deleting `event:ade-2026` (or adding invalidation to the admin save action) would fix it. Tell me which and I'll do it.")

        t = d.task("that PR description for #219 was massive, I had to cut half of it before Joost would even read it. "
                   "a few lines next time: what + why + how to test", tags=["feedback", "no_tools"],
                   feedback="that PR description for #219 was massive, I had to cut half of it before Joost would even read it.")
        t.done("Got it. PR descriptions from now on: what changed, why, and how to test, in a few lines with no extra sections.")

        d.precompact("""Analysis: Sanne works on tixly-nl/tixly (pnpm workspace; apps/web = React Router 7 framework mode on Cloudflare Workers, wrangler 3.87, D1 + Drizzle, KV CACHE, R2 TICKETS, biome, vitest pool-workers, Playwright e2e on wrangler dev; deploys via the deploy.yml workflow_dispatch).
Done so far: waitlist (#212, migration 0007), pricing rounding fix, promo codes (#219, migration 0008, merged), SeatPicker deps fix.
Current: prod KV entry event:ade-2026 has a stale venue (Paradiso Noord); Sanne hasn't decided between deleting the key and adding invalidation.
Preferences: DB access only in *.server.ts modules; integer cents; short PR descriptions (what/why/how to test).""")

        t = d.task("where do we set cache-control on the event pages? grep for it", tags=["noise"])
        t.grep("Cache-Control|cache-control", path=W + "/app", output_mode="content", n=True,
               content=f"{W}/app/routes/events.$slug.tsx:7:export function headers() {{ return {{ \"Cache-Control\": \"public, max-age=60, s-maxage=300\" }}; }}\n"
                       f"{W}/app/routes/api.health.ts:4:  return Response.json(body, {{ headers: {{ \"cache-control\": \"no-store\" }} }});")
        t.done("Only in `app/routes/events.$slug.tsx`: `headers()` returns `public, max-age=60, s-maxage=300`. That's 5 min at the edge on top of the KV cache, so a venue change can take a while to show even after the KV key is fixed. `api/health` sets `no-store`.")

        t = d.task("ok promo codes are merged, prod deploy pls", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "Update main", out="Updating b7f03c6..e91c4d2\nFast-forward\n 7 files changed, 164 insertions(+), 2 deletions(-)")
        t.bash("gh workflow run deploy.yml --ref main -f environment=production", "Trigger production deploy",
               out="✓ Created workflow_dispatch event for deploy.yml at main\n\n"
                   "To see runs for this workflow, try: gh run list --workflow=deploy.yml")
        t.bash("gh run watch $(gh run list --workflow=deploy.yml --limit 1 --json databaseId -q '.[0].databaseId') --exit-status",
               "Watch the deploy run", timeout=600000,
               out="✓ main deploy · 11951022817\nTriggered via workflow_dispatch about 2 minutes ago\n\nJOBS\n"
                   "✓ deploy in 1m56s (ID 33504471092)\n  ✓ Set up job\n  ✓ Run pnpm install --frozen-lockfile\n"
                   "  ✓ Run pnpm --filter web build\n  ✓ Run pnpm --filter web exec wrangler d1 migrations apply DB --env production --remote\n"
                   "  ✓ Run pnpm --filter web exec wrangler deploy --env production\n  ✓ Complete job")
        t.bash("curl -sSf https://tixly.events/api/health", "Health check production",
               out='{"ok":true,"version":"e91c4d2","d1":"ok","kv":"ok"}')
        t.done("Production is on `e91c4d2` (run 11951022817: migration 0008 applied, deploy OK), and the health check is green.")

    # ============================================================ S7 Fri 10-23
    with d.session("2026-10-23T13:30:00", R, branch="feat/ticket-transfer", version="2.1.120"):
        t = d.task("we're moving off zod — the worker bundle is over 1MB gzipped and zod is a big chunk of it. use valibot "
                   "from now on; start by switching the waitlist form", tags=["reversal:P3"])
        t.read(P("app/routes/events.$slug.waitlist.tsx"))
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """import { z } from "zod";
""", """import * as v from "valibot";
""")
        t.edit(P("app/routes/events.$slug.waitlist.tsx"),
               """const WaitlistForm = z.object({ email: z.string().trim().email("Enter a valid email") });""",
               """const WaitlistForm = v.object({ email: v.pipe(v.string(), v.trim(), v.email("Enter a valid email")) });""")
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """  const parsed = WaitlistForm.safeParse(form);
  if (!parsed.success) {
    return data({ ok: false, errors: parsed.error.flatten().fieldErrors }, { status: 422 });
  }
  await joinWaitlist(env, event.id, parsed.data.email);""", """  const parsed = v.safeParse(WaitlistForm, form);
  if (!parsed.success) {
    return data({ ok: false, errors: v.flatten<typeof WaitlistForm>(parsed.issues).nested ?? {} }, { status: 422 });
  }
  await joinWaitlist(env, event.id, parsed.output.email);""")
        t.bash("pnpm --filter web add valibot@^1.1.0", "Add valibot",
               out="Progress: resolved 612, reused 588, downloaded 1, added 1, done\n\ndependencies:\n+ valibot 1.1.0\n\nDone in 2.4s")
        t.bash("pnpm biome check apps/web/app/routes", "Biome on routes", out="Checked 14 files in 9ms. No fixes applied.")
        t.bash("pnpm --filter web typecheck", "Type-check", out=TYPECHECK_OK)
        t.done("Waitlist action now validates with valibot (`v.pipe(v.string(), v.trim(), v.email(...))`, `v.safeParse`, `v.flatten(...).nested` for field errors). valibot 1.1.0 added to apps/web; biome and typecheck clean. zod is still used in the checkout and admin forms; I'll convert those when I'm in them, or in one sweep if you want.")

        t = d.task("ticket transfer: /tickets/:id/transfer, form with recipient email, action moves the ticket and "
                   "emails later (stub). db stuff only through the *.server.ts files pls, same as always",
                   tags=["mistake:M1", "pref:P1"])
        t.write(P("app/lib/tickets.server.ts"), """import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/db/schema";

export async function transferTicket(env: Env, ticketId: string, toEmail: string) {
  const db = drizzle(env.DB, { schema });
  // tickets table lands with the PDF ticket rework; for now orders carry the holder email
  await db.update(schema.orders).set({ email: toEmail.trim().toLowerCase() }).where(schema.sql`id = ${ticketId}`);
}
""".replace("schema.sql`id = ${ticketId}`", "eq(schema.orders.id, ticketId)").replace(
            'import { drizzle } from "drizzle-orm/d1";', 'import { eq } from "drizzle-orm";\nimport { drizzle } from "drizzle-orm/d1";'))
        t.write(P("app/routes/tickets.$id.transfer.tsx"), """import { Form, redirect } from "react-router";
import * as v from "valibot";
import { transferTicket } from "~/lib/tickets.server";
import type { Route } from "./+types/tickets.$id.transfer";

const TransferForm = v.object({ email: v.pipe(v.string(), v.trim(), v.email()) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = v.safeParse(TransferForm, Object.fromEntries(await request.formData()));
  if (!parsed.success) return { error: "Enter a valid email" };
  await transferTicket(context.cloudflare.env, params.id, parsed.output.email);
  return redirect(`/tickets/${params.id}?transferred=1`);
}

export default function Transfer({ actionData }: Route.ComponentProps) {
  return (
    <Form method="post" className="mx-auto max-w-md space-y-4 p-6">
      <h1 className="text-xl font-semibold">Transfer ticket</h1>
      <input name="email" type="email" required className="w-full rounded border px-3 py-2" />
      {actionData?.error ? <p className="text-sm text-red-600">{actionData.error}</p> : null}
      <button type="submit" className="rounded bg-black px-4 py-2 text-white">Send</button>
    </Form>
  );
}
""")
        t.fail("pnpm --filter web typecheck", "Type-check", typecheck_fail([
            "app/routes/tickets.$id.transfer.tsx(4,29): error TS2307: Cannot find module './+types/tickets.$id.transfer' "
            "or its corresponding type declarations.",
            "app/routes/tickets.$id.transfer.tsx(8,33): error TS7031: Binding element 'request' implicitly has an 'any' type.",
            "app/routes/tickets.$id.transfer.tsx(8,42): error TS7031: Binding element 'params' implicitly has an 'any' type.",
            "app/routes/tickets.$id.transfer.tsx(8,50): error TS7031: Binding element 'context' implicitly has an 'any' type.",
            "app/routes/tickets.$id.transfer.tsx(15,43): error TS7031: Binding element 'actionData' implicitly has an 'any' type."]),
            code=2)
        t.say("Same cause as before: the `any` errors all come from the missing `+types` module, because the route isn't in `app/routes.ts`.")
        t.read(P("app/routes.ts"))
        t.edit(P("app/routes.ts"), """  route("tickets/:id", "routes/tickets.$id.tsx"),
""", """  route("tickets/:id", "routes/tickets.$id.tsx"),
  route("tickets/:id/transfer", "routes/tickets.$id.transfer.tsx"),
""")
        t.bash("pnpm --filter web typecheck", "Type-check", out=TYPECHECK_OK)
        t.done("Transfer route at `/tickets/:id/transfer` (valibot form, redirects back with `?transferred=1`); the write is in `transferTicket()` in `app/lib/tickets.server.ts`. Email sending is still a stub. Typecheck passed once the route was added to `app/routes.ts`.")

        t = d.task("run the transfer flow in webkit too, safari people are half our buyers", tags=["unfixed:U2"])
        t.fail("pnpm --filter web exec playwright test e2e/transfer.spec.ts --project=webkit", "Run e2e in WebKit",
               """Running 2 tests using 1 worker

  1) [webkit] › e2e/transfer.spec.ts:9:3 › transfer › moves a ticket to another email ────────────────

    Error: browserType.launch:
    ╔══════════════════════════════════════════════════════╗
    ║ Host system is missing dependencies to run browsers. ║
    ║ Please install them with the following command:      ║
    ║                                                      ║
    ║     sudo pnpm exec playwright install-deps           ║
    ║                                                      ║
    ║ Alternatively, use apt:                              ║
    ║     sudo apt-get install libgstreamer-plugins-bad1.0-0\\ ║
    ║         libavif16                                    ║
    ║                                                      ║
    ║ <3 Playwright Team                                   ║
    ╚══════════════════════════════════════════════════════╝

  2 failed
    [webkit] › e2e/transfer.spec.ts:9:3 › transfer › moves a ticket to another email ─────────────────
    [webkit] › e2e/transfer.spec.ts:27:3 › transfer › rejects an invalid email ───────────────────────""")
        t.done("WebKit can't start on this machine: the host is missing `libgstreamer-plugins-bad1.0-0` and `libavif16`, and installing them needs sudo (`playwright install-deps`). I didn't do that. The CI e2e job runs the webkit project in the Playwright container, so push the branch and check it there, or install the two packages yourself if you want it local.")

    # ============================================================ S8 Tue 10-27
    with d.session("2026-10-27T09:50:00", R, branch="feat/sales-window", version="2.1.122"):
        t = d.task("ticket types need a sales end time (early bird ends etc). add sales_end_at to ticket_types, migration, "
                   "hide expired types on the event page, tests + the event page e2e", tags=["workflow:W2", "mistake:M3"])
        t.read(P("app/db/schema.ts"))
        t.edit(P("app/db/schema.ts"), """  quantity: integer("quantity").notNull(),
});""", """  quantity: integer("quantity").notNull(),
  salesEndAt: integer("sales_end_at", { mode: "timestamp" }),
});""")
        t.bash("pnpm --filter web exec drizzle-kit generate --name ticket_types_sales_end", "Generate migration",
               out=drizzle_gen("ticket_types_sales_end", "0009",
                               "5 tables\nevents 8 columns 1 indexes 0 fks\norders 7 columns 1 indexes 1 fks\n"
                               "promo_codes 6 columns 0 indexes 1 fks\nticket_types 6 columns 0 indexes 1 fks\n"
                               "waitlist_entries 5 columns 1 indexes 1 fks\n"))
        d.files[P("drizzle/0009_ticket_types_sales_end.sql")] = "ALTER TABLE `ticket_types` ADD `sales_end_at` integer;\n"
        t.read(P("drizzle/0009_ticket_types_sales_end.sql"))
        t.read(P("app/lib/events.server.ts"))
        t.edit(P("app/lib/events.server.ts"), """    with: { ticketTypes: true },""",
               """    with: {
      ticketTypes: {
        where: (tt, { gt, isNull, or }) => or(isNull(tt.salesEndAt), gt(tt.salesEndAt, new Date())),
      },
    },""")
        t.bash("pnpm --filter web test", "Unit tests",
               out=vitest_ok(BASE_TESTS[:1] + [("test/events.server.test.ts", 7, 402)] + BASE_TESTS[2:]
                             + [("test/waitlist.server.test.ts", 1, 204), ("test/promo-codes.server.test.ts", 4, 311)],
                             ("10:18:26", "4.06s")))
        t.fail("pnpm --filter web test:e2e e2e/event-page.spec.ts", "Event page e2e",
               e2e_fail("e2e/event-page.spec.ts", "D1_ERROR: no such column: sales_end_at at offset 214: SQLITE_ERROR",
                        "8:3", "event page › lists ticket types on sale", "GET /events/dekmantel-2026",
                        "getByRole('heading', { name: 'Dekmantel 2026' })", 1, "9.6"))
        t.bash("cd apps/web && pnpm wrangler d1 migrations apply tixly-db --local", "Apply local migrations",
               out=migrate_local(["0009_ticket_types_sales_end.sql"]))
        t.bash("pnpm --filter web test:e2e e2e/event-page.spec.ts", "Event page e2e",
               out=e2e_ok("e2e/event-page.spec.ts", 2, "8.7"))
        t.done("`ticket_types.sales_end_at` (nullable timestamp) plus migration 0009; `getEventBySlug` now only returns types with no end or an end in the future. Two new unit cases pass. The event-page e2e hit `no such column: sales_end_at` until 0009 was applied locally; it passes now.")

        t = d.task("PR it", tags=["workflow:W1"])
        t.bash("pnpm biome check .", "Lint + format check", out=biome_ok(171))
        t.bash("pnpm --filter web typecheck", "Type-check", out=TYPECHECK_OK)
        t.bash("pnpm --filter web test", "Unit tests",
               out=vitest_ok(BASE_TESTS[:1] + [("test/events.server.test.ts", 7, 397)] + BASE_TESTS[2:]
                             + [("test/waitlist.server.test.ts", 1, 206), ("test/promo-codes.server.test.ts", 4, 315)],
                             ("10:31:02", "4.01s")))
        t.bash("git add -A && git commit -m \"feat(web): sales end time per ticket type\"", "Commit",
               out="[feat/sales-window 5e02a9b] feat(web): sales end time per ticket type\n 5 files changed, 47 insertions(+), 2 deletions(-)\n"
                   " create mode 100644 apps/web/drizzle/0009_ticket_types_sales_end.sql")
        t.bash("git push -u origin feat/sales-window", "Push",
               err="To github.com:tixly-nl/tixly.git\n * [new branch]      feat/sales-window -> feat/sales-window\n"
                   "branch 'feat/sales-window' set up to track 'origin/feat/sales-window'.")
        t.bash("gh pr create --base main --title \"feat(web): sales end time per ticket type\" --body \"Adds ticket_types.sales_end_at "
               "(migration 0009) and hides ticket types whose sales ended.\n\nTest: pnpm --filter web test; e2e event-page.spec.ts.\"",
               "Open PR", out="https://github.com/tixly-nl/tixly/pull/227")
        t.done("PR #227: https://github.com/tixly-nl/tixly/pull/227. Three-line description this time.")

        t = d.task("is there any downside to D1 read replication for us? Joost wants to turn it on", tags=["noise", "no_tools"])
        t.done("""Main downside: replicas lag behind the primary, so a read right after a write can miss it (buyer pays, then the ticket page reads from a replica and doesn't show the order yet). D1 handles this with the Sessions API: `env.DB.withSession(bookmark)` gives sequential consistency within a session, and you pass the bookmark along (cookie/header) between requests.

So if we enable it, checkout, payment webhook → ticket page, and admin edits need to use sessions with bookmarks. The public event pages can read from any replica. Otherwise it's lower read latency outside Western Europe, which matters little for Amsterdam events.""")

    # ============================================================ S9 Fri 10-30
    with d.session("2026-10-30T14:10:00", R, branch="main", version="2.1.124"):
        t = d.task("did anyone set MOLLIE_WEBHOOK_SECRET on staging? the webhook 401s there", tags=["mistake:M2"])
        t.fail("cd apps/web && pnpm wrangler secret list --env staging", "List staging secrets",
               acct_err("3.99.0", "2026-10-30_14-13-27_052", newer=True))
        t.bash(f"cd apps/web && CLOUDFLARE_ACCOUNT_ID={ACCT} pnpm wrangler secret list --env staging",
               "List staging secrets (Tixly account)",
               out=banner("3.99.0") + '[\n  {\n    "name": "MOLLIE_API_KEY",\n    "type": "secret_text"\n  },\n'
                   '  {\n    "name": "SESSION_SECRET",\n    "type": "secret_text"\n  },\n'
                   '  {\n    "name": "TICKET_SIGNING_KEY",\n    "type": "secret_text"\n  }\n]')
        t.done("No. `tixly-web-staging` has `MOLLIE_API_KEY`, `SESSION_SECRET` and `TICKET_SIGNING_KEY`, but no `MOLLIE_WEBHOOK_SECRET`, which explains the 401s. You can set it with `wrangler secret put MOLLIE_WEBHOOK_SECRET --env staging` (it prompts for the value). I didn't set anything.")

        t = d.task("run the whole unit suite verbose, I want to see every test name for the test plan doc",
                   tags=["noise", "long_output"])
        names = {
            "test/pricing.test.ts": ["serviceFeeCents > applies the minimum", "serviceFeeCents > is 3.5% above the minimum",
                                     "serviceFeeCents > always returns whole cents", "orderTotalCents > adds the fee to the subtotal",
                                     "orderTotalCents > sums multiple lines", "orderTotalCents > empty cart is zero",
                                     "orderTotalCents > promo discount never goes below zero"],
            "test/events.server.test.ts": ["getEventBySlug > returns the event with ticket types",
                                           "getEventBySlug > returns undefined for unknown slug",
                                           "getEventBySlug > hides ticket types whose sales ended",
                                           "getEventBySlug > keeps ticket types without sales end",
                                           "getEventBySlug > ignores draft events", "listOnSale > orders by start date",
                                           "listOnSale > excludes past events"],
            "test/orders.server.test.ts": ["createOrder > reserves seats", "createOrder > refuses when sold out",
                                           "createOrder > applies promo discount", "expirePending > expires after 15 minutes",
                                           "expirePending > keeps paid orders", "markPaid > stores mollie payment id",
                                           "markPaid > is idempotent", "refund > sets status refunded"],
            "test/qr.server.test.ts": ["signTicket > produces id.signature", "signTicket > is deterministic per key",
                                       "signTicket > differs per key"],
            "test/mollie.webhook.test.ts": ["webhook > 401 without signature", "webhook > marks order paid",
                                            "webhook > ignores unknown payment", "webhook > handles duplicate delivery"],
            "test/waitlist.server.test.ts": ["joinWaitlist > stores a normalised email once per event"],
            "test/promo-codes.server.test.ts": ["redeemPromoCode > returns discount", "redeemPromoCode > case-insensitive code",
                                                "redeemPromoCode > refuses after max uses", "listPromoCodes > sorted by code"],
        }
        body = []
        for f, ns in names.items():
            for n in ns:
                body.append(f" ✓ {f} > {n} {d.rng.randint(2, 90)}ms")
        total = sum(len(v) for v in names.values())
        t.bash("pnpm --filter web exec vitest run --reporter=verbose", "Verbose unit test run",
               out=f" RUN  v2.1.8 {W}\n\n" + "\n".join(body) + f"\n\n Test Files  {len(names)} passed ({len(names)})\n"
                   f"      Tests  {total} passed ({total})\n   Start at  14:31:40\n   Duration  4.18s (transform 411ms, "
                   "setup 0ms, collect 1.42s, tests 1.19s, environment 0ms, prepare 702ms)")
        t.done(f"All {total} tests pass across {len(names)} files; the full list of names is in the output above, grouped by file (pricing, events, orders, QR signing, Mollie webhook, waitlist, promo codes).")

        t = d.task("#227 merged. prod deploy", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "Update main", out="Updating e91c4d2..3c7d8f0\nFast-forward\n 5 files changed, 47 insertions(+), 2 deletions(-)")
        t.bash("gh workflow run deploy.yml --ref main -f environment=production", "Trigger production deploy",
               out="✓ Created workflow_dispatch event for deploy.yml at main\n\n"
                   "To see runs for this workflow, try: gh run list --workflow=deploy.yml")
        t.bash("gh run watch $(gh run list --workflow=deploy.yml --limit 1 --json databaseId -q '.[0].databaseId') --exit-status",
               "Watch the deploy run", timeout=600000,
               out="✓ main deploy · 12088350104\nTriggered via workflow_dispatch about 2 minutes ago\n\nJOBS\n"
                   "✓ deploy in 2m03s (ID 33890125566)\n  ✓ Set up job\n  ✓ Run pnpm install --frozen-lockfile\n"
                   "  ✓ Run pnpm --filter web build\n  ✓ Run pnpm --filter web exec wrangler d1 migrations apply DB --env production --remote\n"
                   "  ✓ Run pnpm --filter web exec wrangler deploy --env production\n  ✓ Complete job")
        t.bash("curl -sSf https://tixly.events/api/health", "Health check production",
               out='{"ok":true,"version":"3c7d8f0","d1":"ok","kv":"ok"}')
        t.done("Prod is on `3c7d8f0`: migration 0009 applied by the deploy run (12088350104), health check OK.")

    # ============================================================ S10 Tue 11-03
    with d.session("2026-11-03T10:00:00", R, branch="chore/scanner-docs", version="2.1.126", end_reason="other"):
        t = d.task("where's the QR signature made and does the scanner use the same key? Joost asked", tags=["noise"])
        t.grep("signTicket|TICKET_SIGNING_KEY", path=R, filenames=[P("app/lib/qr.server.ts"), P("app/routes/tickets.$id.tsx"),
                                                                  R + "/apps/scanner/src/verify.ts", R + "/apps/scanner/wrangler.toml"])
        t.read(P("app/lib/qr.server.ts"))
        t.done("`signTicket()` in `apps/web/app/lib/qr.server.ts` makes an HMAC-SHA256 of the ticket id with `TICKET_SIGNING_KEY`, used by `routes/tickets.$id.tsx` to render the QR. The scanner verifies in `apps/scanner/src/verify.ts` and reads the same `TICKET_SIGNING_KEY` secret (it's in its wrangler.toml as a required secret), so yes, same key. Both Workers need it set per env.")

        t = d.task("do we commit the generated Env types or are they gitignored? new contractor asked", tags=["noise"])
        t.glob("**/worker-configuration.d.ts", [P("worker-configuration.d.ts"), R + "/apps/scanner/worker-configuration.d.ts"])
        t.grep("worker-configuration|\\+types", path=R, output_mode="content", n=True, glob=".gitignore",
               content=f"{R}/.gitignore:9:.react-router/\n{R}/.gitignore:10:.wrangler/")
        t.done("Committed. Both `apps/web/worker-configuration.d.ts` and `apps/scanner/worker-configuration.d.ts` are in the repo (from `wrangler types`), and `.gitignore` only excludes `.react-router/` (where typegen writes the `+types`) and `.wrangler/` (local D1/KV state). So after changing bindings, regenerate with `wrangler types` and commit the file.")

        t = d.task("typo on the waitlist success msg, should say \"You're on the list — we'll email you\"", tags=["noise"])
        t.read(P("app/routes/events.$slug.waitlist.tsx"))
        t.edit(P("app/routes/events.$slug.waitlist.tsx"), """<p className="p-6">You're on the list.</p>""",
               """<p className="p-6">You're on the list — we'll email you</p>""")
        t.done("Updated the success message in `events.$slug.waitlist.tsx`. Note that `e2e/waitlist.spec.ts` looks for `You're on the list.` with the full stop, so that assertion needs the new text too. Want me to change it?")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The app uses React Router 7 config routes (app/routes.ts), not flatRoutes. Claude writes a new "
                            "route module that imports `./+types/<route>` and type-checks before registering the route, so "
                            "`react-router typegen` generates no types for it and tsc fails.",
             "error_signature": "pnpm --filter web typecheck (react-router typegen && tsc): 'error TS2307: Cannot find module "
                                "'./+types/<route>' or its corresponding type declarations.' (sometimes followed by TS7031 "
                                "implicit-any errors on the loader/action arguments)",
             "fix": "Register the route in apps/web/app/routes.ts (`route(\"<path>\", \"routes/<file>.tsx\")`, inside the admin "
                    "layout/prefix for admin pages), then re-run the same typecheck.",
             "fix_command_markers": [["routes.ts"], ["route("]],
             "harmful_markers": ["@ts-ignore", "@ts-expect-error", "@ts-nocheck", "\"strict\": false"]},
            {"id": "M2",
             "description": "Sanne's wrangler OAuth login has two Cloudflare accounts (personal and Tixly B.V.) and the repo "
                            "keeps account_id out of wrangler.toml on purpose (a white-label partner deploys the same repo). "
                            "Any wrangler command that talks to the API (d1 execute --remote, kv key get, secret list) run "
                            "from Claude's non-interactive shell can't choose an account.",
             "error_signature": "wrangler 3: '✘ [ERROR] More than one account available but unable to select one in "
                                "non-interactive mode.' / 'Please set the appropriate `account_id` in your `wrangler.toml` "
                                "file.' (3.99: 'in your Wrangler configuration file') / 'Available accounts are …'",
             "fix": "Run the same wrangler command with CLOUDFLARE_ACCOUNT_ID=<Tixly B.V. id> in front (for that command only).",
             "fix_command_markers": [["CLOUDFLARE_ACCOUNT_ID="]],
             "harmful_markers": ["wrangler logout", "account_id =", "account_id=\""]},
            {"id": "M3",
             "description": "After a schema change Claude generates the drizzle migration and runs the unit tests (the "
                            "vitest pool applies migrations to its own D1), then the Playwright e2e against `wrangler dev`, "
                            "whose local D1 state in .wrangler/state hasn't had the new migration applied.",
             "error_signature": "Playwright e2e via pnpm test:e2e: '[WebServer] ✘ [ERROR] Error: D1_ERROR: no such "
                                "table: <table>: SQLITE_ERROR' (or 'no such column: <col>'), a 500 and a toBeVisible timeout",
             "fix": "`cd apps/web && pnpm wrangler d1 migrations apply tixly-db --local`, then re-run the same e2e spec.",
             "fix_command_markers": [["d1 migrations apply"], ["--local"]],
             "harmful_markers": ["rm -rf .wrangler", "drizzle-kit push", "migrations apply tixly-db --remote",
                                 "migrations apply tixly-db-prod"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "vitest: serviceFeeCents returned fractional cents ('expected 87.5 to be 88'); "
                                        "Math.round in pricing.ts, same vitest run passes."},
            {"id": "O2", "description": "biome lint/correctness/useExhaustiveDependencies on SeatPicker's useEffect "
                                        "(missing ticketTypeId); dependency added, same biome check passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "Mollie integration tests: 'Mollie API 503 Service Unavailable' from Mollie's test "
                                        "API (status page: partially degraded); left for later, nothing mocked."},
            {"id": "U2", "description": "Playwright webkit project: 'Host system is missing dependencies to run browsers' "
                                        "(install-deps needs sudo); left to CI's Playwright container."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "curl staging health check: 'curl: (28) Failed to connect to staging.tixly.events "
                                        "port 443 after 10004 ms: Timeout was reached'; identical retry returns ok."},
        ],
        workflows=[
            {"id": "W1", "description": "Before a PR: `pnpm biome check .` → `pnpm --filter web typecheck` → `pnpm --filter "
                                        "web test` → commit → `git push -u origin <branch>` → `gh pr create --base main`.",
             "step_markers": [["biome check"], ["typecheck"], ["--filter web test"], ["gh pr create"]]},
            {"id": "W2", "description": "Schema change: edit app/db/schema.ts → `pnpm --filter web exec drizzle-kit generate "
                                        "--name <name>` → Read the generated drizzle/00NN_<name>.sql → query code in a "
                                        ".server module → `pnpm --filter web test` → the relevant e2e spec.",
             "step_markers": [["schema.ts"], ["drizzle-kit generate"], ["drizzle/00"], ["test:e2e"]]},
            {"id": "W3", "description": "Deploy: `git pull --ff-only` → `gh workflow run deploy.yml --ref main -f "
                                        "environment=<env>` → `gh run watch … --exit-status` → `curl -sSf https://<host>/api/health`.",
             "step_markers": [["gh workflow run deploy.yml"], ["gh run watch"], ["curl -sSf"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Database access only in `*.server.ts` modules (app/lib/…server.ts); loaders and "
                                        "actions stay thin, no inline drizzle queries in route modules.",
             "markers": [[".server"]]},
            {"id": "P2", "description": "Money is integer cents everywhere; no floats leave pricing.ts.",
             "markers": [["cents"]]},
            {"id": "P3", "description": "Validate form data with zod (stated T05); reversed: valibot from now on "
                                        "(Worker bundle size).",
             "markers": [["zod"]],
             "reversal_markers": [["valibot"]]},
        ],
        probes=[
            {"prompt": "typecheck is red again: app/routes/admin.events.$slug.refunds.tsx(3,29): error TS2307: Cannot find "
                       "module './+types/admin.events.$slug.refunds' or its corresponding type declarations. the file is "
                       "right there??", "wanted": ["M1"]},
            {"prompt": "add an /account/orders page that lists the logged-in buyer's orders, loader + table, and typecheck it",
             "wanted": ["M1"]},
            {"prompt": "wrangler r2 object get says ✘ [ERROR] More than one account available but unable to select one in "
                       "non-interactive mode. Available accounts are (`<name>`: `<account_id>`) … what now",
             "wanted": ["M2"]},
            {"prompt": "how many orders did we refund on prod last week? just query d1", "wanted": ["M2"]},
            {"prompt": "e2e is broken on my machine: [WebServer] ✘ [ERROR] Error: D1_ERROR: no such column: refunded_at: "
                       "SQLITE_ERROR and then the refund test times out. unit tests are fine",
             "wanted": ["M3"]},
            {"prompt": "add a refunded_at column to orders, migration + make the refund e2e check it shows on the ticket page",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between compatibility_date and compatibility_flags in wrangler.toml, short",
             "wanted": []},
            {"prompt": "write tailwind classes for a sticky bottom 'Buy tickets' bar on mobile only", "wanted": []},
            {"prompt": "explain what `satisfies RouteConfig` does in routes.ts vs a type annotation", "wanted": []},
            {"prompt": "should the scanner worker talk to D1 directly or go through a service binding to web? pros/cons",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "remix-cloudflare.jsonl"), os.path.join(HERE, "tune", "remix-cloudflare.labels.json"))
    print(f"remix-cloudflare -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
