"""nextjs-prisma: Ellie Farrant, full-stack developer at Spoke & Dock (fictional), a Melbourne bike-hire
startup (docked e-bikes and city bikes, day passes, group bookings).

Next.js 15.1 app router web app, pnpm 9, TypeScript 5.6, Prisma 5.22 on PostgreSQL (local docker db,
Neon in prod), `src/env.ts` with @t3-oss/env-nextjs, ESLint 9 flat config, Vitest 2.1, Playwright 1.49,
Stripe webhooks tested with the stripe CLI, Vercel (git integration + CLI). Teammates: Raj (CTO, owns
Vercel, Stripe and Neon), Mai (product).

Written blind for fresh/; measured once held out (round 36), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_nextjs_prisma.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ellie"
R = "/home/ellie/code/spoke-web"
MODEL = "claude-opus-4-6"
NEXTV = "15.1.7"
PNPM_NEXT = "node_modules/.pnpm/next@15.1.7_@playwright+test@1.49.1_react-dom@19.0.0_react@19.0.0__react@19.0.0/node_modules/next"
T3 = "node_modules/.pnpm/@t3-oss+env-core@0.11.1_typescript@5.6.3_zod@3.23.8/node_modules/@t3-oss/env-core/dist/index.js"

PACKAGE_JSON = """{
  "name": "spoke-web",
  "version": "0.9.0",
  "private": true,
  "packageManager": "pnpm@9.15.2",
  "scripts": {
    "dev": "next dev --turbopack",
    "build": "next build",
    "start": "next start",
    "lint": "eslint .",
    "typecheck": "tsc --noEmit",
    "test": "vitest run",
    "e2e": "playwright test",
    "db:migrate": "dotenv -e .env.local -- prisma migrate dev",
    "db:seed": "dotenv -e .env.local -- prisma db seed",
    "db:studio": "dotenv -e .env.local -- prisma studio",
    "postinstall": "prisma generate"
  },
  "prisma": {
    "seed": "tsx prisma/seed.ts"
  },
  "dependencies": {
    "@prisma/client": "5.22.0",
    "@t3-oss/env-nextjs": "^0.11.1",
    "date-fns": "^4.1.0",
    "date-fns-tz": "^3.2.0",
    "next": "15.1.7",
    "react": "19.0.0",
    "react-dom": "19.0.0",
    "resend": "^4.0.1",
    "stripe": "^17.4.0",
    "zod": "^3.23.8"
  },
  "devDependencies": {
    "@eslint/js": "^9.17.0",
    "@playwright/test": "^1.49.1",
    "@types/node": "^22.10.2",
    "@types/react": "^19.0.2",
    "dotenv-cli": "^7.4.4",
    "eslint": "^9.17.0",
    "eslint-config-next": "15.1.7",
    "prisma": "5.22.0",
    "tsx": "^4.19.2",
    "typescript": "~5.6.3",
    "typescript-eslint": "^8.18.1",
    "vitest": "^2.1.8"
  }
}
"""

SCHEMA = """generator client {
  provider = "prisma-client-js"
}

datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
}

model Station {
  id        String   @id @default(cuid())
  slug      String   @unique
  name      String
  suburb    String
  lat       Float
  lng       Float
  docks     Dock[]
  createdAt DateTime @default(now())
}

model Dock {
  id        String  @id @default(cuid())
  stationId String
  station   Station @relation(fields: [stationId], references: [id])
  position  Int
  bike      Bike?
}

model Bike {
  id        String     @id @default(cuid())
  serial    String     @unique
  kind      BikeKind
  status    BikeStatus @default(AVAILABLE)
  dockId    String?    @unique
  dock      Dock?      @relation(fields: [dockId], references: [id])
  rides     Ride[]
}

model Ride {
  id             String    @id @default(cuid())
  userId         String
  bikeId         String
  bike           Bike      @relation(fields: [bikeId], references: [id])
  startedAt      DateTime
  endedAt        DateTime?
  priceCents     Int?
  stripeIntentId String?   @unique
}

enum BikeKind {
  CITY
  EBIKE
}

enum BikeStatus {
  AVAILABLE
  IN_USE
  MAINTENANCE
}
"""

ENV_TS = """import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

export const env = createEnv({
  server: {
    DATABASE_URL: z.string().url(),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_"),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_"),
    STRIPE_PRICE_DAY_PASS: z.string().startsWith("price_"),
    STRIPE_PRICE_EBIKE_HOURLY: z.string().startsWith("price_"),
    RESEND_API_KEY: z.string().startsWith("re_"),
  },
  client: {
    NEXT_PUBLIC_MAPBOX_TOKEN: z.string(),
  },
  runtimeEnv: {
    DATABASE_URL: process.env.DATABASE_URL,
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_DAY_PASS: process.env.STRIPE_PRICE_DAY_PASS,
    STRIPE_PRICE_EBIKE_HOURLY: process.env.STRIPE_PRICE_EBIKE_HOURLY,
    RESEND_API_KEY: process.env.RESEND_API_KEY,
    NEXT_PUBLIC_MAPBOX_TOKEN: process.env.NEXT_PUBLIC_MAPBOX_TOKEN,
  },
});
"""

WEBHOOK = """import { headers } from "next/headers";
import Stripe from "stripe";

import { env } from "@/env";
import { handleCheckoutCompleted } from "@/server/stripe/checkout";

const stripe = new Stripe(env.STRIPE_SECRET_KEY);

export async function POST(req: Request) {
  const body = await req.text();
  const sig = (await headers()).get("stripe-signature");
  if (!sig) return new Response("missing signature", { status: 400 });

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, sig, env.STRIPE_WEBHOOK_SECRET);
  } catch (err) {
    return new Response(`bad signature: ${(err as Error).message}`, { status: 400 });
  }

  switch (event.type) {
    case "checkout.session.completed":
      await handleCheckoutCompleted(event.data.object);
      break;
    default:
      break;
  }
  return Response.json({ received: true });
}
"""

NOTIFY = """import { Resend } from "resend";

import { env } from "@/env";

const resend = new Resend(env.RESEND_API_KEY);

export async function sendReceipt(to: string, rideId: string, totalCents: number) {
  const total = (totalCents / 100).toFixed(2);
  await resend.emails.send({
    from: "Spoke & Dock <rides@spokeanddock.com.au>",
    to,
    subject: `Your ride receipt (${rideId.slice(-6)})`,
    text: `Thanks for riding with us. Total: A$${total}`,
  });
}

export async function notifyMaintenance(bikeSerial: string, note: string) {
  resend.emails.send({
    from: "Fleet bot <fleet@spokeanddock.com.au>",
    to: "fleet@spokeanddock.com.au",
    subject: `Bike ${bikeSerial} flagged`,
    text: note,
  });
}
"""

PRICING = """import { getDay } from "date-fns";

export const CITY_HOURLY_CENTS = 600;
export const EBIKE_HOURLY_CENTS = 900;
export const WEEKEND_SURCHARGE_CENTS = 200;

export function rideCostCents(kind: "CITY" | "EBIKE", startedAt: Date, minutes: number): number {
  const hourly = kind === "EBIKE" ? EBIKE_HOURLY_CENTS : CITY_HOURLY_CENTS;
  const blocks = Math.max(1, Math.ceil(minutes / 30));
  const base = Math.round((hourly / 2) * blocks);
  const day = getDay(startedAt);
  const weekend = day === 0 || day === 6;
  return weekend ? base + WEEKEND_SURCHARGE_CENTS : base;
}
"""

PRICING_TEST = """import { describe, expect, it } from "vitest";

import { rideCostCents } from "./pricing";

describe("rideCostCents", () => {
  it("charges half-hour blocks", () => {
    expect(rideCostCents("CITY", new Date("2026-10-14T01:00:00Z"), 45)).toBe(600);
  });

  it("adds the weekend surcharge on a Saturday morning in Melbourne", () => {
    // 2026-10-17 08:30 AEDT is 2026-10-16 21:30 UTC (a Friday in UTC)
    expect(rideCostCents("EBIKE", new Date("2026-10-16T21:30:00Z"), 30)).toBe(650);
  });

  it("no surcharge on Friday evening in Melbourne", () => {
    // 2026-10-16 18:00 AEDT is 07:00 UTC the same day
    expect(rideCostCents("EBIKE", new Date("2026-10-16T07:00:00Z"), 30)).toBe(450);
  });
});
"""

STATION_PAGE = """import { notFound } from "next/navigation";

import { prisma } from "@/server/db";
import { StationMap } from "@/components/StationMap";

type Props = {
  params: { slug: string };
};

export default async function StationPage({ params }: Props) {
  const station = await prisma.station.findUnique({
    where: { slug: params.slug },
    include: { docks: { include: { bike: true }, orderBy: { position: "asc" } } },
  });
  if (!station) notFound();

  const free = station.docks.filter((d) => d.bike?.status === "AVAILABLE").length;
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{station.name}</h1>
      <p className="text-sm text-zinc-500">{station.suburb}</p>
      <p className="mt-4">{free} of {station.docks.length} bikes available</p>
      <StationMap lat={station.lat} lng={station.lng} />
    </main>
  );
}
"""

BIKE_PAGE = """import { notFound } from "next/navigation";

import { prisma } from "@/server/db";
import { requireStaff } from "@/server/auth";
import { BikeStatusForm } from "./BikeStatusForm";

export default async function AdminBikePage({ params }: { params: { id: string } }) {
  await requireStaff();
  const bike = await prisma.bike.findUnique({
    where: { id: params.id },
    include: { dock: { include: { station: true } }, rides: { take: 10, orderBy: { startedAt: "desc" } } },
  });
  if (!bike) notFound();

  return (
    <section className="space-y-4 p-6">
      <h1 className="text-xl font-semibold">{bike.serial}</h1>
      <p>{bike.kind} · {bike.status} · {bike.dock?.station.name ?? "not docked"}</p>
      <BikeStatusForm bikeId={bike.id} status={bike.status} />
      <ul className="divide-y">
        {bike.rides.map((r) => (
          <li key={r.id} className="py-2 text-sm">{r.startedAt.toISOString()} · {r.priceCents ?? 0}c</li>
        ))}
      </ul>
    </section>
  );
}
"""

RIDES_PAGE = """import Link from "next/link";

import { prisma } from "@/server/db";
import { requireUser } from "@/server/auth";
import { formatCents } from "@/lib/money";

const PAGE_SIZE = 20;

export default async function RidesPage({ searchParams }: { searchParams: { page?: string } }) {
  const user = await requireUser();
  const page = Math.max(1, Number(searchParams.page ?? "1"));
  const rides = await prisma.ride.findMany({
    where: { userId: user.id },
    orderBy: { startedAt: "desc" },
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });

  return (
    <main className="mx-auto max-w-2xl p-6">
      <h1 className="text-2xl font-semibold">Your rides</h1>
      <ul className="mt-4 divide-y">
        {rides.map((r) => (
          <li key={r.id} className="flex justify-between py-3">
            <span>{r.startedAt.toLocaleDateString("en-AU")}</span>
            <span>{formatCents(r.priceCents ?? 0)}</span>
          </li>
        ))}
      </ul>
      <Link href={`/account/rides?page=${page + 1}`} className="mt-4 inline-block underline">Older rides</Link>
    </main>
  );
}
"""

FILES = {
    R + "/package.json": PACKAGE_JSON,
    R + "/prisma/schema.prisma": SCHEMA,
    R + "/src/env.ts": ENV_TS,
    R + "/app/api/webhooks/stripe/route.ts": WEBHOOK,
    R + "/src/server/notify.ts": NOTIFY,
    R + "/src/lib/pricing.ts": PRICING,
    R + "/src/lib/pricing.test.ts": PRICING_TEST,
    R + "/app/account/rides/page.tsx": RIDES_PAGE,
    R + "/eslint.config.mjs": """import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { FlatCompat } from "@eslint/eslintrc";

const compat = new FlatCompat({ baseDirectory: import.meta.dirname });

export default tseslint.config(
  { ignores: [".next/**", "playwright-report/**", "prisma/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...compat.extends("next/core-web-vitals"),
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
);
""",
    R + "/src/server/stripe/checkout.ts": """import type Stripe from "stripe";

import { prisma } from "@/server/db";

export async function handleCheckoutCompleted(session: Stripe.Checkout.Session) {
  const passId = session.metadata?.passId;
  if (!passId) return;
  await prisma.dayPass.update({
    where: { id: passId },
    data: { status: "PAID", stripeSessionId: session.id, paidAt: new Date() },
  });
}
""",
}


def pnpm_hdr(script, cmd):
    return f"\n> spoke-web@0.9.0 {script} {R}\n> {cmd}\n"


def build_fail_params(path, prop, typ, declared=None):
    declared = declared or f"{{ {prop}: {typ}; }}"
    return (pnpm_hdr("build", "next build") + f"""
   ▲ Next.js {NEXTV}
   - Environments: .env.local

   Creating an optimized production build ...
 ✓ Compiled successfully
   Linting and checking validity of types ...
Failed to compile.

{path}
Type error: Type '{declared}' does not satisfy the constraint 'PageProps'.
  Types of property '{prop}' are incompatible.
    Type '{typ}' is missing the following properties from type 'Promise<any>': then, catch, finally, [Symbol.toStringTag]

Next.js build worker exited with code: 1 and signal: null
 ELIFECYCLE  Command failed with exit code 1.""")


ROUTES = [
    ("○ /", "5.21 kB", "118 kB"),
    ("○ /_not-found", "979 B", "106 kB"),
    ("ƒ /account/rides", "1.84 kB", "112 kB"),
    ("ƒ /admin/bikes", "2.67 kB", "113 kB"),
    ("ƒ /admin/bikes/[id]", "2.12 kB", "113 kB"),
    ("ƒ /api/health", "182 B", "105 kB"),
    ("ƒ /api/rides/[id]/end", "182 B", "105 kB"),
    ("ƒ /api/webhooks/stripe", "182 B", "105 kB"),
    ("ƒ /book/day-pass", "3.96 kB", "121 kB"),
    ("ƒ /book/group", "4.41 kB", "122 kB"),
    ("○ /login", "1.37 kB", "111 kB"),
    ("ƒ /stations", "6.88 kB", "129 kB"),
    ("ƒ /stations/[slug]", "2.03 kB", "124 kB"),
]


def build_ok(extra_routes=(), secs="14.2s"):
    routes = sorted(list(ROUTES) + list(extra_routes), key=lambda r: r[0].split(" ", 1)[1])
    lines = []
    for i, (r, s, f) in enumerate(routes):
        pre = "┌" if i == 0 else ("└" if i == len(routes) - 1 else "├")
        lines.append(f"{pre} {r:<36}{s:>10}{f:>12}")
    return (pnpm_hdr("build", "next build") + f"""
   ▲ Next.js {NEXTV}
   - Environments: .env.local

   Creating an optimized production build ...
 ✓ Compiled successfully
   Linting and checking validity of types ...
   Collecting page data ...
   Generating static pages (0/7) ...
   Generating static pages (1/7)
   Generating static pages (3/7)
   Generating static pages (5/7)
 ✓ Generating static pages (7/7)
   Finalizing page optimization ...
   Collecting build traces ...

Route (app)                                 Size  First Load JS
""" + "\n".join(lines) + """
+ First Load JS shared by all              105 kB
  ├ chunks/4bd1b696-6c2b1e0d9b4f5a3e.js   52.9 kB
  ├ chunks/517-0f3b1c6a8e2d7f41.js        50.5 kB
  └ other shared chunks (total)          1.89 kB


ƒ Middleware                              33.4 kB

○  (Static)   prerendered as static content
ƒ  (Dynamic)  server-rendered on demand
""")


def env_fail_build(var):
    return (pnpm_hdr("build", "next build") + f"""
❌ Invalid environment variables: {{ {var}: [ 'Required' ] }}
 ⨯ Failed to load next.config.ts, see more info here https://nextjs.org/docs/messages/next-config-error

> Build error occurred
Error: Invalid environment variables
    at onValidationError (file://{R}/{T3}:23:15)
    at createEnv (file://{R}/{T3}:65:16)
    at createEnv (file://{R}/node_modules/.pnpm/@t3-oss+env-nextjs@0.11.1_typescript@5.6.3_zod@3.23.8/node_modules/@t3-oss/env-nextjs/dist/index.js:13:12)
    at Object.<anonymous> ({R}/src/env.ts:4:20)
    at Object.<anonymous> ({R}/next.config.ts:3:1)
 ELIFECYCLE  Command failed with exit code 1.""")


def prisma_env_fail(cmd_banner=True):
    head = "Prisma schema loaded from prisma/schema.prisma\n" if cmd_banner else ""
    return head + """Error: Prisma schema validation - (get-config wasm)
Error code: P1012
error: Environment variable not found: DATABASE_URL.
  -->  prisma/schema.prisma:7
   | 
 6 |   provider = "postgresql"
 7 |   url      = env("DATABASE_URL")
   | 

Validation Error Count: 1
[Context: getConfig]

Prisma CLI Version : 5.22.0"""


def migrate_ok(name, ts, extra=""):
    return f"""Environment variables loaded from .env.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "spoke_dev", schema "public" at "localhost:5432"

Applying migration `{ts}_{name}`

The following migration(s) have been created and applied from new schema changes:

migrations/
  └─ {ts}_{name}/
    └─ migration.sql

Your database is now in sync with your schema.

✔ Generated Prisma Client (v5.22.0) to ./node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client in 212ms
{extra}"""


def vitest_ok(files, tests, secs):
    lines = "\n".join(f" ✓ {f} ({n} tests) {ms}ms" for f, n, ms in files)
    return f"""
 RUN  v2.1.8 {R}

{lines}

 Test Files  {len(files)} passed ({len(files)})
      Tests  {tests} passed ({tests})
   Start at  {secs[0]}
   Duration  {secs[1]} (transform 212ms, setup 118ms, collect 1.02s, tests {secs[2]}, environment 1ms, prepare 402ms)
"""


def lint_ok():
    return pnpm_hdr("lint", "eslint .")


def tc_ok():
    return pnpm_hdr("typecheck", "tsc --noEmit")


def gen():
    d = Dev("nextjs-prisma", U, "en", MODEL, seed=61503, files=FILES)
    PKG = R + "/package.json"
    SCH = R + "/prisma/schema.prisma"
    ENV = R + "/src/env.ts"
    WH = R + "/app/api/webhooks/stripe/route.ts"
    CHK = R + "/src/server/stripe/checkout.ts"
    NOT = R + "/src/server/notify.ts"
    PR = R + "/src/lib/pricing.ts"
    PRT = R + "/src/lib/pricing.test.ts"
    ST = R + "/app/(site)/stations/[slug]/page.tsx"
    BK = R + "/app/admin/bikes/[id]/page.tsx"
    RP = R + "/app/account/rides/page.tsx"

    # ================= S1 =================
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.201"):
        t = d.task("hey. new-ish to this repo (joined spoke & dock 2 wks ago). quick tour pls: where the db stuff "
                   "lives, how stripe is wired, how env vars work here", tags=["noise"])
        t.read(PKG)
        t.glob("app/**/{page,route}.ts*", [R + "/app/(site)/page.tsx", R + "/app/(site)/stations/page.tsx",
                                           R + "/app/account/rides/page.tsx", R + "/app/admin/bikes/page.tsx",
                                           R + "/app/api/health/route.ts", R + "/app/api/rides/[id]/end/route.ts",
                                           R + "/app/api/webhooks/stripe/route.ts", R + "/app/book/day-pass/page.tsx",
                                           R + "/app/book/group/page.tsx", R + "/app/login/page.tsx"])
        t.read(SCH)
        t.read(ENV)
        t.read(WH)
        t.done("Quick tour:\n\n"
               "- **DB**: Prisma 5.22, `prisma/schema.prisma` (Station → Dock → Bike, Ride). Client singleton in "
               "`src/server/db.ts`. Scripts `db:migrate` / `db:seed` / `db:studio` wrap prisma in `dotenv -e .env.local`.\n"
               "- **Stripe**: one webhook route, `app/api/webhooks/stripe/route.ts`, verifies the signature with "
               "`STRIPE_WEBHOOK_SECRET` and dispatches to `src/server/stripe/*`. Checkout sessions are created in "
               "the booking server actions.\n"
               "- **Env**: `src/env.ts` (t3 env + zod) validates everything at startup; `next.config.ts` imports it, "
               "so a missing variable fails `next build`/`next dev` straight away. Values live in `.env.local` "
               "(created by the Vercel CLI from the project's Development environment).\n"
               "- **Tests**: Vitest for units (`pnpm test`), Playwright for e2e (`pnpm e2e`).")

        t = d.task("add a deposit to group bookings. new GroupBooking model (stationId, organiserEmail, riders int, "
                   "startsAt, depositCents, status). keep the deposit in cents as an int, not Decimal, same as "
                   "priceCents", tags=["workflow:W1", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, "enum BikeKind {", """model GroupBooking {
  id             String             @id @default(cuid())
  stationId      String
  organiserEmail String
  riders         Int
  startsAt       DateTime
  depositCents   Int
  status         GroupBookingStatus @default(PENDING)
  createdAt      DateTime           @default(now())
}

enum GroupBookingStatus {
  PENDING
  CONFIRMED
  CANCELLED
}

enum BikeKind {""")
        t.bash("pnpm db:migrate --name add_group_booking", "Create and apply the migration",
               out=pnpm_hdr("db:migrate", "dotenv -e .env.local -- prisma migrate dev --name add_group_booking") + "\n"
               + migrate_ok("add_group_booking", "20261005093412"))
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.done("Added `GroupBooking` (+ `GroupBookingStatus` enum) with `depositCents Int`. Migration "
               "`20261005093412_add_group_booking` is applied to your local db and the client is regenerated; "
               "typecheck is clean. Nothing uses it yet — want the booking form next?")

        t = d.task("station detail page at /stations/[slug]: name, suburb, how many bikes free, the map component. "
                   "run a build after, vercel has been flaky about type errors we dont see locally",
                   tags=["mistake:M1"])
        t.glob("src/components/Station*.tsx", [R + "/src/components/StationMap.tsx", R + "/src/components/StationCard.tsx"])
        t.write(ST, STATION_PAGE)
        t.fail("pnpm build", "Production build", build_fail_params("app/(site)/stations/[slug]/page.tsx", "params",
                                                                   "{ slug: string; }", declared="Props"))
        t.say("Next 15 passes `params` as a Promise to pages; the prop type has to say so and the page has to await it.")
        t.edit(ST, """type Props = {
  params: { slug: string };
};

export default async function StationPage({ params }: Props) {
  const station = await prisma.station.findUnique({
    where: { slug: params.slug },""", """type Props = {
  params: Promise<{ slug: string }>;
};

export default async function StationPage({ params }: Props) {
  const { slug } = await params;
  const station = await prisma.station.findUnique({
    where: { slug },""")
        t.bash("pnpm build", "Production build", out=build_ok())
        t.done("Page is at `app/(site)/stations/[slug]/page.tsx`. The first build failed on the page props: in "
               "Next 15 `params` is a `Promise<{ slug: string }>`, so I typed it that way and `await params` before "
               "the query. Build passes now; `/stations/[slug]` is dynamic (ƒ).")

        t = d.task("q: for the day pass checkout, server action or route handler? what do ppl do with next 15",
                   tags=["no_tools"])
        t.done("For a form that starts a Stripe Checkout: a **server action**. It runs on the server, gets the form "
               "data directly, can `redirect(session.url)` and you skip a fetch + JSON layer. Use a **route handler** "
               "when something other than your own UI calls it — the Stripe webhook, a mobile client, a cron. Rule of "
               "thumb here: UI mutations → actions, external callers → `app/api/*/route.ts`.")

    # ================= S2 =================
    with d.session("2026-10-07T10:05:00", R, branch="feat/day-pass-webhook", version="2.1.202"):
        t = d.task("webhook: on checkout.session.expired mark the day pass EXPIRED. test it, colocate the test "
                   "with the handler (checkout.test.ts next to checkout.ts). i've got pnpm dev + stripe listen "
                   "running in my terminal", tags=["workflow:W2", "pref:P3"])
        t.read(WH)
        t.read(CHK)
        t.edit(CHK, """    data: { status: "PAID", stripeSessionId: session.id, paidAt: new Date() },
  });
}
""", """    data: { status: "PAID", stripeSessionId: session.id, paidAt: new Date() },
  });
}

export async function handleCheckoutExpired(session: Stripe.Checkout.Session) {
  const passId = session.metadata?.passId;
  if (!passId) return;
  await prisma.dayPass.updateMany({
    where: { id: passId, status: "PENDING" },
    data: { status: "EXPIRED" },
  });
}
""")
        t.edit(WH, 'import { handleCheckoutCompleted } from "@/server/stripe/checkout";',
               'import { handleCheckoutCompleted, handleCheckoutExpired } from "@/server/stripe/checkout";')
        t.edit(WH, """      await handleCheckoutCompleted(event.data.object);
      break;
""", """      await handleCheckoutCompleted(event.data.object);
      break;
    case "checkout.session.expired":
      await handleCheckoutExpired(event.data.object);
      break;
""")
        t.write(R + "/src/server/stripe/checkout.test.ts", """import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/server/db", () => ({
  prisma: { dayPass: { update: vi.fn(), updateMany: vi.fn() } },
}));

import { prisma } from "@/server/db";
import { handleCheckoutCompleted, handleCheckoutExpired } from "./checkout";

const session = (metadata: Record<string, string>) => ({ id: "cs_test_1", metadata }) as never;

describe("checkout handlers", () => {
  beforeEach(() => vi.clearAllMocks());

  it("marks a pass paid", async () => {
    await handleCheckoutCompleted(session({ passId: "dp_1" }));
    expect(prisma.dayPass.update).toHaveBeenCalledWith(expect.objectContaining({ where: { id: "dp_1" } }));
  });

  it("expires only pending passes", async () => {
    await handleCheckoutExpired(session({ passId: "dp_2" }));
    expect(prisma.dayPass.updateMany).toHaveBeenCalledWith({
      where: { id: "dp_2", status: "PENDING" },
      data: { status: "EXPIRED" },
    });
  });

  it("ignores sessions without a pass", async () => {
    await handleCheckoutExpired(session({}));
    expect(prisma.dayPass.updateMany).not.toHaveBeenCalled();
  });
});
""")
        t.bash("pnpm vitest run src/server/stripe", "Run the stripe handler tests",
               out=vitest_ok([("src/server/stripe/checkout.test.ts", 3, 9)], 3, ("10:14:02", "612ms", "9ms")))
        t.bash("stripe trigger checkout.session.expired", "Fire a test event through stripe listen",
               out="""Setting up fixture for: checkout_session
Running fixture for: checkout_session
Setting up fixture for: checkout_session_expire
Running fixture for: checkout_session_expire
Trigger succeeded! Check dashboard for event details.""")
        t.done("Done: `handleCheckoutExpired` flips `PENDING` passes to `EXPIRED` (updateMany so a late expiry "
               "can't undo a payment), wired into the webhook switch. Test sits next to the handler in "
               "`src/server/stripe/checkout.test.ts` (3 passing). `stripe trigger checkout.session.expired` "
               "went through — your `stripe listen` tab should show a `[200] POST /api/webhooks/stripe`.")

        t = d.task("did raj's migration from yesterday get applied to my local db? the dock_maintenance_log one",
                   tags=["mistake:M2"])
        t.glob("prisma/migrations/*/migration.sql", [
            R + "/prisma/migrations/20260901021144_init/migration.sql",
            R + "/prisma/migrations/20260918054210_ride_price_cents/migration.sql",
            R + "/prisma/migrations/20261005093412_add_group_booking/migration.sql",
            R + "/prisma/migrations/20261006230512_dock_maintenance_log/migration.sql"])
        t.fail("pnpm exec prisma migrate status", "Check migration status", prisma_env_fail())
        t.say("The Prisma CLI only reads `.env`; this repo keeps `DATABASE_URL` in `.env.local` (that's why the "
              "db:* scripts wrap it). Same command with the env file loaded:")
        t.bash("pnpm exec dotenv -e .env.local -- prisma migrate status", "Check migration status with .env.local",
               out="""Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "spoke_dev", schema "public" at "localhost:5432"

4 migrations found in prisma/migrations
Following migration have not yet been applied:
20261006230512_dock_maintenance_log

To apply migrations in development run prisma migrate dev.
To apply migrations in production run prisma migrate deploy.""", code=0)
        t.done("No — `20261006230512_dock_maintenance_log` is the one migration not applied locally (the other 3 "
               "are). `pnpm db:migrate` will apply it. (The first status call failed only because plain `prisma` "
               "doesn't load `.env.local`.)")

        t = d.task("pnpm lint is red on main apparently, can you fix", tags=["oneoff:O1"])
        t.fail("pnpm lint", "Run ESLint", lint_ok() + f"""
{R}/src/server/notify.ts
  19:3  error  Promises must be awaited, end with a call to .catch, end with a call to .then with a rejection handler or be explicitly marked as ignored with the `void` operator  @typescript-eslint/no-floating-promises

✖ 1 problem (1 error, 0 warnings)

 ELIFECYCLE  Command failed with exit code 1.""")
        t.read(NOT)
        t.edit(NOT, "  resend.emails.send({\n    from: \"Fleet bot", "  await resend.emails.send({\n    from: \"Fleet bot")
        t.bash("pnpm lint", "Run ESLint", out=lint_ok())
        t.done("One error: `notifyMaintenance` in `src/server/notify.ts` fired `resend.emails.send` without awaiting "
               "it, so a failed email would vanish as an unhandled rejection. Added `await`; lint is clean.")

        t = d.task("ok ship the webhook branch, usual checks then PR", tags=["workflow:W3"])
        t.bash("pnpm lint", "Run ESLint", out=lint_ok())
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.bash("pnpm test", "Unit tests", out=pnpm_hdr("test", "vitest run") + vitest_ok(
            [("src/lib/money.test.ts", 4, 3), ("src/lib/pricing.test.ts", 3, 4), ("src/server/stripe/checkout.test.ts", 3, 8),
             ("src/server/bookings.test.ts", 6, 21)], 16, ("10:52:40", "1.31s", "36ms")))
        t.bash("git add -A && git commit -m \"feat(webhooks): expire pending day passes on checkout.session.expired\" "
               "&& git push -u origin feat/day-pass-webhook", "Commit and push",
               out="""[feat/day-pass-webhook 4c1e9a2] feat(webhooks): expire pending day passes on checkout.session.expired
 4 files changed, 58 insertions(+), 1 deletion(-)
 create mode 100644 src/server/stripe/checkout.test.ts
branch 'feat/day-pass-webhook' set up to track 'origin/feat/day-pass-webhook'.""",
               err="""remote: 
remote: Create a pull request for 'feat/day-pass-webhook' on GitHub by visiting:        
remote:      https://github.com/spoke-and-dock/spoke-web/pull/new/feat/day-pass-webhook        
remote: 
To github.com:spoke-and-dock/spoke-web.git
 * [new branch]      feat/day-pass-webhook -> feat/day-pass-webhook""")
        t.bash("gh pr create --base main --title \"Expire pending day passes on checkout.session.expired\" "
               "--body \"Handles checkout.session.expired: PENDING day passes become EXPIRED. Also awaits the fleet "
               "email in notify.ts (lint). Tested with unit tests + stripe trigger.\"", "Open the PR",
               out="https://github.com/spoke-and-dock/spoke-web/pull/112",
               err="\nCreating pull request for feat/day-pass-webhook into main in spoke-and-dock/spoke-web\n")
        t.done("Lint, typecheck and 16 unit tests green; pushed and opened https://github.com/spoke-and-dock/spoke-web/pull/112. "
               "Vercel will post the preview link on the PR.")

    # ================= S3 (acceptEdits) =================
    with d.session("2026-10-09T13:40:00", R, branch="main", version="2.1.203", permission_mode="acceptEdits"):
        t = d.task("read the stripe docs on webhook signature verification - do we need the raw body thing in app "
                   "router or is req.text() fine", tags=["noise", "webfetch"])
        t.webfetch("https://docs.stripe.com/webhooks#verify-official-libraries",
                   "How should the raw body be passed to constructEvent, and what breaks verification?",
                   "Stripe requires the raw request body to verify signatures. Pass the exact payload string or "
                   "Buffer received, together with the Stripe-Signature header and the endpoint's signing secret, "
                   "to `stripe.webhooks.constructEvent(payload, sig, endpointSecret)`. If the framework parses the "
                   "body as JSON and you re-serialise it, the signature check fails because the bytes differ. Each "
                   "endpoint has its own secret (whsec_...); the Stripe CLI's `stripe listen` prints a different "
                   "secret for local forwarding. Timestamps older than the tolerance (default 300 seconds) are "
                   "rejected to prevent replay attacks.")
        t.read(WH)
        t.done("`req.text()` is exactly right in the app router: it gives you the untouched body string, which is "
               "what `constructEvent` needs. The things that break it are parsing JSON first (`req.json()`) or "
               "middleware that rewrites the body — we do neither. Remember the local secret from `stripe listen` "
               "differs from the dashboard endpoint's secret.")

        t = d.task("pulled main, build is dead now?", tags=["mistake:M3"])
        t.fail("pnpm build", "Production build", env_fail_build("RESEND_API_KEY"))
        t.bash("git log -3 --format='%h %an %s' -- src/env.ts", "Who changed env.ts",
               out="""8d02f6b Raj Pillai feat(email): send ride receipts through Resend
1a7c3e0 Raj Pillai chore(env): validate stripe price ids
e44b9d1 Mai Tran feat: mapbox token for station map""")
        t.say("Raj added `RESEND_API_KEY` to `src/env.ts` (and to the Vercel project); your `.env.local` predates "
              "it. Pulling the Development env from Vercel refreshes it:")
        t.bash("vercel env pull .env.local", "Refresh .env.local from the Vercel Development environment",
               out="""Vercel CLI 48.2.0
> Downloading `development` Environment Variables for spoke-and-dock/spoke-web
> Changes:
+ RESEND_API_KEY (Added)

✅  Updated .env.local file  [287ms]""")
        t.bash("pnpm build", "Production build", out=build_ok())
        t.done("Build is back. Cause: Raj's receipts commit (`8d02f6b`) made `RESEND_API_KEY` required in "
               "`src/env.ts`, and your `.env.local` didn't have it. `vercel env pull .env.local` added it from the "
               "Development environment; `pnpm build` passes.")

        t = d.task("the 'flag bike' button on the admin bike list should be a server action, not the "
                   "/api/admin/flag fetch. we do server actions for form posts now", tags=["pref:P2", "noise"])
        ADMIN_FLAG = R + "/app/admin/bikes/actions.ts"
        d.files[ADMIN_FLAG] = """"use server";

import { revalidatePath } from "next/cache";

import { prisma } from "@/server/db";
import { requireStaff } from "@/server/auth";

export async function setBikeStatus(bikeId: string, status: "AVAILABLE" | "MAINTENANCE") {
  await requireStaff();
  await prisma.bike.update({ where: { id: bikeId }, data: { status } });
  revalidatePath("/admin/bikes");
}
"""
        t.grep("api/admin/flag", filenames=[R + "/app/admin/bikes/FlagButton.tsx", R + "/app/api/admin/flag/route.ts"])
        t.read(ADMIN_FLAG)
        t.edit(ADMIN_FLAG, """  revalidatePath("/admin/bikes");
}
""", """  revalidatePath("/admin/bikes");
}

export async function flagBike(formData: FormData) {
  const staff = await requireStaff();
  const bikeId = String(formData.get("bikeId"));
  const note = String(formData.get("note") ?? "");
  const bike = await prisma.bike.update({ where: { id: bikeId }, data: { status: "MAINTENANCE" } });
  await notifyMaintenance(bike.serial, `${staff.email}: ${note}`);
  revalidatePath("/admin/bikes");
}
""")
        t.edit(ADMIN_FLAG, 'import { requireStaff } from "@/server/auth";',
               'import { requireStaff } from "@/server/auth";\nimport { notifyMaintenance } from "@/server/notify";')
        FB = R + "/app/admin/bikes/FlagButton.tsx"
        d.files[FB] = """"use client";

export function FlagButton({ bikeId }: { bikeId: string }) {
  async function onClick() {
    const note = window.prompt("What's wrong with it?") ?? "";
    await fetch("/api/admin/flag", { method: "POST", body: JSON.stringify({ bikeId, note }) });
  }
  return <button onClick={onClick} className="text-sm text-red-600 underline">Flag</button>;
}
"""
        t.read(FB)
        t.write(FB, """import { flagBike } from "./actions";

export function FlagButton({ bikeId }: { bikeId: string }) {
  return (
    <form action={flagBike} className="flex gap-2">
      <input type="hidden" name="bikeId" value={bikeId} />
      <input name="note" required className="rounded border px-2 text-sm" aria-label="Problem" />
      <button className="text-sm text-red-600 underline">Flag</button>
    </form>
  );
}
""")
        t.bash("git rm -q app/api/admin/flag/route.ts", "Remove the old route handler", out="")
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.done("`flagBike` is a server action in `app/admin/bikes/actions.ts` (staff check, status → MAINTENANCE, "
               "fleet email, revalidate). `FlagButton` is now a plain form (no client JS), and the "
               "`/api/admin/flag` route is removed. Typecheck clean.")

        t = d.task("can you hit /api/health on the preview for PR 112 and check it's up before mai tests",
                   tags=["unfixed:U1"])
        t.bash("gh pr view 112 --json statusCheckRollup --jq '.statusCheckRollup[] | select(.context==\"Vercel\") | .targetUrl'",
               "Find the preview URL", out="https://vercel.com/spoke-and-dock/spoke-web/7QmZk2cV1nYbKq3RrT9aFhLx")
        t.fail("curl -fsS https://spoke-web-git-feat-day-pass-webhook-spoke-and-dock.vercel.app/api/health",
               "Hit the preview health endpoint",
               "curl: (22) The requested URL returned error: 401", code=22)
        t.done("The preview is up but behind Vercel Deployment Protection: `/api/health` answers 401 without a "
               "login or a bypass token. I don't have a protection-bypass secret in this repo or env, and creating "
               "one is a project setting only Raj can change. Mai can open it in her browser while logged into "
               "Vercel; for scripted checks ask Raj for a bypass token.")

    # ================= S4 =================
    with d.session("2026-10-13T09:10:00", R, branch="feat/late-fees", version="2.1.204"):
        t = d.task("late return fee: rides ending >30min after booked end get a flat fee. add lateFeeCents on Ride. "
                   "no floats anywhere for money pls, ints in cents", tags=["workflow:W1", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, "  priceCents     Int?\n", "  priceCents     Int?\n  lateFeeCents   Int       @default(0)\n")
        t.bash("pnpm db:migrate --name ride_late_fee", "Create and apply the migration",
               out=pnpm_hdr("db:migrate", "dotenv -e .env.local -- prisma migrate dev --name ride_late_fee") + "\n"
               + migrate_ok("ride_late_fee", "20261013092955"))
        t.read(PR)
        t.edit(PR, "export const WEEKEND_SURCHARGE_CENTS = 200;\n",
               "export const WEEKEND_SURCHARGE_CENTS = 200;\nexport const LATE_FEE_CENTS = 1500;\nexport const LATE_GRACE_MINUTES = 30;\n\n"
               "export function lateFeeCents(bookedEnd: Date, returnedAt: Date): number {\n"
               "  const lateMinutes = (returnedAt.getTime() - bookedEnd.getTime()) / 60_000;\n"
               "  return lateMinutes > LATE_GRACE_MINUTES ? LATE_FEE_CENTS : 0;\n}\n")
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.done("Added `lateFeeCents Int @default(0)` on `Ride` (migration `20261013092955_ride_late_fee`, applied "
               "locally) and `lateFeeCents(bookedEnd, returnedAt)` in `src/lib/pricing.ts`: flat 1500 cents once "
               "a return is more than 30 minutes late, all integer cents. Typecheck clean. Not yet charged in the "
               "end-ride route — say if you want that wired in.")

        t = d.task("admin page for a single bike /admin/bikes/[id] - serial, status, dock/station, last 10 rides, "
                   "status form. build it after", tags=["mistake:M1"])
        t.write(BK, BIKE_PAGE)
        t.write(R + "/app/admin/bikes/[id]/BikeStatusForm.tsx", """import { setBikeStatus } from "../actions";

export function BikeStatusForm({ bikeId, status }: { bikeId: string; status: string }) {
  const toggle = setBikeStatus.bind(null, bikeId, status === "MAINTENANCE" ? "AVAILABLE" : "MAINTENANCE");
  return (
    <form action={toggle}>
      <button className="rounded bg-zinc-900 px-3 py-1 text-sm text-white">
        {status === "MAINTENANCE" ? "Back in service" : "Send to maintenance"}
      </button>
    </form>
  );
}
""")
        t.fail("pnpm build", "Production build", build_fail_params("app/admin/bikes/[id]/page.tsx", "params",
                                                                   "{ id: string; }"))
        t.edit(BK, """export default async function AdminBikePage({ params }: { params: { id: string } }) {
  await requireStaff();
  const bike = await prisma.bike.findUnique({
    where: { id: params.id },""", """export default async function AdminBikePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff();
  const { id } = await params;
  const bike = await prisma.bike.findUnique({
    where: { id },""")
        t.bash("pnpm build", "Production build", out=build_ok())
        t.done("`/admin/bikes/[id]` is in. The build tripped on the same Next 15 thing as the station page: "
               "`params` must be typed `Promise<{ id: string }>` and awaited. Fixed, build green.")

        t = d.task("what changed on main in the last 2 weeks? just the log", tags=["noise", "long_output"])
        t.bash("git log --since='2 weeks ago' --format='%h %ad %an %s' --date=short origin/main",
               "Two weeks of main", out="""d81f0a4 2026-10-12 Raj Pillai fix(rides): end-ride route idempotent on double tap
3b6e2c9 2026-10-12 Mai Tran copy: station page empty state
91aa7d3 2026-10-11 Ellie Farrant feat(admin): flag bikes with a server action
5fe18c2 2026-10-10 Raj Pillai chore(deps): stripe 17.4.0
8d02f6b 2026-10-09 Raj Pillai feat(email): send ride receipts through Resend
c02de51 2026-10-09 Ellie Farrant feat(webhooks): expire pending day passes on checkout.session.expired
7a44e19 2026-10-08 Raj Pillai feat(db): dock maintenance log
1a7c3e0 2026-10-08 Raj Pillai chore(env): validate stripe price ids
0b9f2aa 2026-10-07 Mai Tran feat(stations): list filters by suburb
e8a1d30 2026-10-06 Ellie Farrant feat(stations): station detail page
44c7b12 2026-10-06 Raj Pillai ci: run playwright smoke on preview deployments
2d5e0f9 2026-10-05 Ellie Farrant feat(db): group bookings with deposit
f03a6c1 2026-10-03 Raj Pillai fix(auth): session cookie SameSite=Lax for stripe redirects
a9c7e42 2026-10-02 Mai Tran feat: day pass landing copy
61d2b08 2026-10-01 Raj Pillai chore: prisma 5.22.0
e44b9d1 2026-09-30 Mai Tran feat: mapbox token for station map
17fb3c5 2026-09-29 Raj Pillai feat(rides): price in cents on ride end""")
        t.done("17 commits on main since 29 Sep: Raj did receipts via Resend, stripe 17.4, the maintenance log "
               "migration, env validation for price ids and an idempotent end-ride; Mai did station copy/filters "
               "and the Mapbox token; yours are the group bookings model, station page, day-pass expiry and the "
               "flag server action.")

        t = d.task("is it worth moving to prisma 6 now or wait", tags=["no_tools"])
        t.done("I'd wait a sprint. Prisma 6 is mostly housekeeping for us (Node 18.18+/TS 5.1+ minimums, `Buffer` → "
               "`Uint8Array` for `Bytes`, implicit m2m tables get a primary key instead of a unique index, "
               "`NotFoundError` removed). None blocks us, but the m2m change generates a migration and we have "
               "group bookings + late fees migrations in flight. Do it on a quiet week, on its own PR, with "
               "`migrate diff` reviewed before Raj deploys.")

    # ================= S5 =================
    with d.session("2026-10-16T10:30:00", R, branch="feat/refunds", version="2.1.205"):
        t = d.task("handle charge.refunded in the webhook: set the ride's refundedCents. stripe listen is running",
                   tags=["workflow:W2", "flaky:F1"])
        t.read(WH)
        t.write(R + "/src/server/stripe/refunds.ts", """import type Stripe from "stripe";

import { prisma } from "@/server/db";

export async function handleChargeRefunded(charge: Stripe.Charge) {
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  await prisma.ride.updateMany({
    where: { stripeIntentId: intentId },
    data: { refundedCents: charge.amount_refunded },
  });
}
""")
        t.edit(WH, 'import { handleCheckoutCompleted, handleCheckoutExpired } from "@/server/stripe/checkout";',
               'import { handleCheckoutCompleted, handleCheckoutExpired } from "@/server/stripe/checkout";\n'
               'import { handleChargeRefunded } from "@/server/stripe/refunds";')
        t.edit(WH, """    default:
      break;""", """    case "charge.refunded":
      await handleChargeRefunded(event.data.object);
      break;
    default:
      break;""")
        t.write(R + "/src/server/stripe/refunds.test.ts", """import { describe, expect, it, vi } from "vitest";

vi.mock("@/server/db", () => ({ prisma: { ride: { updateMany: vi.fn() } } }));

import { prisma } from "@/server/db";
import { handleChargeRefunded } from "./refunds";

describe("handleChargeRefunded", () => {
  it("stores the refunded amount on the ride", async () => {
    await handleChargeRefunded({ payment_intent: "pi_1", amount_refunded: 450 } as never);
    expect(prisma.ride.updateMany).toHaveBeenCalledWith({
      where: { stripeIntentId: "pi_1" },
      data: { refundedCents: 450 },
    });
  });
});
""")
        t.bash("pnpm vitest run src/server/stripe", "Run the stripe handler tests",
               out=vitest_ok([("src/server/stripe/checkout.test.ts", 3, 8), ("src/server/stripe/refunds.test.ts", 1, 4)],
                             4, ("10:41:19", "655ms", "12ms")))
        t.fail("stripe trigger charge.refunded", "Fire a test refund",
               """Setting up fixture for: charge
Running fixture for: charge
Request failed, status=0, body=Post "https://api.stripe.com/v1/charges": read tcp 192.168.1.23:51544->34.200.27.109:443: read: connection reset by peer""")
        t.bash("stripe trigger charge.refunded", "Fire a test refund",
               out="""Setting up fixture for: charge
Running fixture for: charge
Setting up fixture for: refund
Running fixture for: refund
Trigger succeeded! Check dashboard for event details.""")
        t.done("`charge.refunded` → `handleChargeRefunded` stores `amount_refunded` (cents) as `refundedCents` on "
               "the ride matched by payment intent. Unit test passes. The first `stripe trigger` died on a "
               "connection reset to api.stripe.com; the identical retry succeeded.\n\nNote: `refundedCents` "
               "isn't in the schema yet — that's the migration I'd do next.")

        t = d.task("yeah do the refundedCents column, but just create the migration file, don't apply it - raj "
                   "wants to look at the sql first", tags=["mistake:M2"])
        t.read(SCH)
        t.edit(SCH, "  lateFeeCents   Int       @default(0)\n",
               "  lateFeeCents   Int       @default(0)\n  refundedCents  Int       @default(0)\n")
        t.fail("pnpm exec prisma migrate dev --create-only --name ride_refunded_cents", "Create the migration without applying",
               prisma_env_fail())
        t.bash("pnpm exec dotenv -e .env.local -- prisma migrate dev --create-only --name ride_refunded_cents",
               "Create the migration with .env.local loaded",
               out="""Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "spoke_dev", schema "public" at "localhost:5432"

Prisma Migrate created the following migration without applying it 20261016110307_ride_refunded_cents

You can now edit it and apply it by running prisma migrate dev.""")
        t.bash("cat prisma/migrations/20261016110307_ride_refunded_cents/migration.sql", "Show the SQL",
               out='-- AlterTable\nALTER TABLE "Ride" ADD COLUMN     "refundedCents" INTEGER NOT NULL DEFAULT 0;')
        t.done("Migration created, not applied: `prisma/migrations/20261016110307_ride_refunded_cents/migration.sql`\n\n"
               "```sql\nALTER TABLE \"Ride\" ADD COLUMN \"refundedCents\" INTEGER NOT NULL DEFAULT 0;\n```\n"
               "(Plain `prisma migrate dev` failed first on the missing `DATABASE_URL` — the CLI doesn't read "
               "`.env.local`, so I ran it through `dotenv -e .env.local`.)")

        t = d.task("write up the double charge incident from tuesday for #eng - what happened, why, what we changed. "
                   "details are in PR 118 and the stripe events", tags=["noise"])
        t.bash("gh pr view 118 --json title,body,mergedAt", "Read the fix PR",
               out='{"body":"End-ride could be called twice when the app retried on a slow network. Both calls created a PaymentIntent. Now: end-ride is idempotent (ride.endedAt check inside a transaction) and the PaymentIntent uses an idempotency key `ride-end-<rideId>`.","mergedAt":"2026-10-12T04:18:55Z","title":"fix(rides): end-ride route idempotent on double tap"}')
        t.done("**Incident: duplicate charges on ride end (Tue 13 Oct)**\n\n"
               "**Summary.** Between 07:40 and 09:15 AEDT, 23 riders were charged twice for a single ride. All "
               "duplicates were refunded by 11:00.\n\n"
               "**Timeline.**\n- 07:40 first duplicate PaymentIntent.\n- 08:55 support ticket from a rider at "
               "Southbank.\n- 09:15 Raj disabled app retries on end-ride via remote config.\n- 10:30 fix deployed "
               "(PR 118).\n- 11:00 refunds complete.\n\n"
               "**Root cause.** The app retries `POST /api/rides/:id/end` on a slow response. The route wasn't "
               "idempotent: each call computed the price and created a new PaymentIntent.\n\n"
               "**Why now.** The Southbank stations sit in a mobile dead zone; the morning peak pushed response "
               "times over the 4 s client timeout.\n\n"
               "**Fix.** The route checks `endedAt` inside a transaction and the PaymentIntent uses the "
               "idempotency key `ride-end-<rideId>`, so Stripe dedupes even if two requests race.\n\n"
               "**Follow-ups.**\n- Alert on more than one PaymentIntent per ride.\n- Client timeout 4 s → 10 s.\n"
               "- Add the idempotency key to group booking deposits too.\n- Runbook entry for mass refunds.\n\n"
               "**Impact.** 23 riders, A$187.50 double-charged and refunded, no data loss.")

        t = d.task("ship refunds branch, same routine", tags=["workflow:W3"])
        t.bash("pnpm lint", "Run ESLint", out=lint_ok())
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.bash("pnpm test", "Unit tests", out=pnpm_hdr("test", "vitest run") + vitest_ok(
            [("src/lib/money.test.ts", 4, 3), ("src/lib/pricing.test.ts", 3, 4), ("src/server/stripe/checkout.test.ts", 3, 8),
             ("src/server/stripe/refunds.test.ts", 1, 4), ("src/server/bookings.test.ts", 6, 22)], 17, ("11:32:08", "1.38s", "41ms")))
        t.bash("git add -A && git commit -m \"feat(webhooks): record refunds from charge.refunded\" && git push -u origin feat/refunds",
               "Commit and push", out="""[feat/refunds 2f7d01c] feat(webhooks): record refunds from charge.refunded
 5 files changed, 47 insertions(+)
 create mode 100644 prisma/migrations/20261016110307_ride_refunded_cents/migration.sql
 create mode 100644 src/server/stripe/refunds.test.ts
 create mode 100644 src/server/stripe/refunds.ts
branch 'feat/refunds' set up to track 'origin/feat/refunds'.""",
               err="To github.com:spoke-and-dock/spoke-web.git\n * [new branch]      feat/refunds -> feat/refunds")
        t.bash("gh pr create --base main --title \"Record refunds from charge.refunded\" --body \"Stores amount_refunded "
               "on the ride. Migration is create-only for Raj to review (ride_refunded_cents).\"", "Open the PR",
               out="https://github.com/spoke-and-dock/spoke-web/pull/121",
               err="\nCreating pull request for feat/refunds into main in spoke-and-dock/spoke-web\n")
        t.done("Green across lint/typecheck/17 tests. PR: https://github.com/spoke-and-dock/spoke-web/pull/121 "
               "(migration flagged for Raj's review in the description).")

    # ================= S6 (precompact) =================
    with d.session("2026-10-20T09:00:00", R, branch="main", version="2.1.206"):
        t = d.task("fyi that incident writeup was way too long, i had to cut half of it before it went in #eng. "
                   "nobody reads timelines in slack. next time 5 bullets, no headings", tags=["feedback", "no_tools"],
                   feedback="that incident writeup was way too long, i had to cut half of it before it went in #eng")
        t.done("Got it — Slack writeups: max 5 bullets, no headings, no timeline. The short version would have been:\n"
               "- 23 riders double-charged on ride end Tue morning, all refunded by 11:00.\n"
               "- App retried slow end-ride calls; the route wasn't idempotent.\n"
               "- Fix (PR 118): endedAt check in a transaction + Stripe idempotency key per ride.\n"
               "- Follow-up: alert on >1 PaymentIntent per ride, client timeout 10 s.\n"
               "- Same key coming to group deposits.")

        t = d.task("rebased my group-booking branch and now vitest won't even start the booking tests??",
                   tags=["mistake:M3"])
        t.fail("pnpm vitest run src/server/bookings.test.ts", "Run the booking tests", f"""
 RUN  v2.1.8 {R}

stderr | src/server/bookings.test.ts
❌ Invalid environment variables: {{ STRIPE_PRICE_EBIKE_HOURLY: [ 'Required' ] }}

 ❯ src/server/bookings.test.ts (0 test)

⎯⎯⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  src/server/bookings.test.ts [ src/server/bookings.test.ts ]
Error: Invalid environment variables
 ❯ onValidationError node_modules/.pnpm/@t3-oss+env-core@0.11.1_typescript@5.6.3_zod@3.23.8/node_modules/@t3-oss/env-core/dist/index.js:23:15
 ❯ createEnv node_modules/.pnpm/@t3-oss+env-core@0.11.1_typescript@5.6.3_zod@3.23.8/node_modules/@t3-oss/env-core/dist/index.js:65:16
 ❯ src/env.ts:4:20
      2| import {{ z }} from "zod";
      3| 
      4| export const env = createEnv({{
       |                    ^
      5|   server: {{
      6|     DATABASE_URL: z.string().url(),
 ❯ src/server/bookings.ts:3:1

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 Test Files  1 failed (1)
      Tests  no tests
   Start at  09:24:51
   Duration  734ms (transform 88ms, setup 102ms, collect 0ms, tests 0ms, environment 0ms, prepare 311ms)
""")
        t.read(ENV)
        t.say("`STRIPE_PRICE_EBIKE_HOURLY` is required in `src/env.ts` on main now, but not in your `.env.local`. "
              "Refreshing it from Vercel's Development environment:")
        t.bash("vercel env pull .env.local", "Refresh .env.local from Vercel",
               out="""Vercel CLI 48.2.0
> Downloading `development` Environment Variables for spoke-and-dock/spoke-web
> Changes:
+ STRIPE_PRICE_EBIKE_HOURLY (Added)
~ STRIPE_PRICE_DAY_PASS (Updated)

✅  Updated .env.local file  [301ms]""")
        t.bash("pnpm vitest run src/server/bookings.test.ts", "Run the booking tests",
               out=vitest_ok([("src/server/bookings.test.ts", 6, 24)], 6, ("09:25:40", "702ms", "24ms")))
        t.done("Not your code: the rebase brought in the e-bike hourly price, which `src/env.ts` validates at "
               "import, and your `.env.local` didn't have `STRIPE_PRICE_EBIKE_HOURLY`. `vercel env pull .env.local` "
               "added it (and updated the day-pass price id); the 6 booking tests pass.")

        d.precompact("Ellie Farrant, Spoke & Dock (Melbourne bike hire), repo /home/ellie/code/spoke-web: Next.js "
                     "15.1 app router, pnpm, Prisma 5.22 (DATABASE_URL in .env.local, db:* scripts wrap dotenv), "
                     "t3 env in src/env.ts, Vitest, Stripe webhooks in app/api/webhooks/stripe, Vercel. Earlier in "
                     "this session: feedback that Slack writeups must be 5 bullets max, no headings; booking tests "
                     "fixed after refreshing .env.local from Vercel (STRIPE_PRICE_EBIKE_HOURLY).")

        t = d.task("pricing test is failing on CI since the weekend surcharge change, can you look",
                   tags=["oneoff:O2"])
        t.read(PRT)
        t.fail("pnpm vitest run src/lib/pricing.test.ts", "Run the pricing tests", f"""
 RUN  v2.1.8 {R}

 ❯ src/lib/pricing.test.ts (3 tests | 1 failed) 8ms
   × rideCostCents > adds the weekend surcharge on a Saturday morning in Melbourne 4ms
     → expected 450 to be 650 // Object.is equality

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  src/lib/pricing.test.ts > rideCostCents > adds the weekend surcharge on a Saturday morning in Melbourne
AssertionError: expected 450 to be 650 // Object.is equality

- Expected
+ Received

- 650
+ 450

 ❯ src/lib/pricing.test.ts:12:77
     10|   it("adds the weekend surcharge on a Saturday morning in Melbourne", () => {{
     11|     // 2026-10-17 08:30 AEDT is 2026-10-16 21:30 UTC (a Friday in UTC)
     12|     expect(rideCostCents("EBIKE", new Date("2026-10-16T21:30:00Z"), 30)).toBe(650);
       |                                                                             ^
     13|   }});
     14| 

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 Test Files  1 failed (1)
      Tests  1 failed | 2 passed (3)
   Start at  10:02:17
   Duration  498ms (transform 61ms, setup 97ms, collect 44ms, tests 8ms, environment 0ms, prepare 288ms)
""")
        t.read(PR)
        t.edit(PR, 'import { getDay } from "date-fns";', 'import { getDay } from "date-fns";\nimport { toZonedTime } from "date-fns-tz";')
        t.edit(PR, "  const day = getDay(startedAt);", '  const day = getDay(toZonedTime(startedAt, "Australia/Melbourne"));')
        t.bash("pnpm vitest run src/lib/pricing.test.ts", "Run the pricing tests",
               out=vitest_ok([("src/lib/pricing.test.ts", 3, 6)], 3, ("10:03:05", "512ms", "6ms")))
        t.done("`getDay` used the process timezone, which is UTC on CI (and on Vercel), so Saturday 08:30 in "
               "Melbourne counted as Friday. The weekday is now taken in `Australia/Melbourne` via `toZonedTime`; "
               "all 3 pricing tests pass.")

        t = d.task("actually change of plan on test files: from now on put them under tests/unit/ mirroring src, "
                   "raj wants src/ clean before the vitest workspace split. move the two stripe ones",
                   tags=["reversal:P3", "noise"])
        VC = R + "/vitest.config.ts"
        d.files[VC] = """import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["src/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
  },
});
"""
        t.read(VC)
        t.edit(VC, '    include: ["src/**/*.test.ts"],', '    include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"],')
        t.bash("mkdir -p tests/unit/server/stripe && git mv src/server/stripe/checkout.test.ts tests/unit/server/stripe/ "
               "&& git mv src/server/stripe/refunds.test.ts tests/unit/server/stripe/ && "
               "sed -i 's#from \"./checkout\"#from \"@/server/stripe/checkout\"#; s#from \"./refunds\"#from \"@/server/stripe/refunds\"#' "
               "tests/unit/server/stripe/*.test.ts", "Move the stripe tests", out="")
        t.bash("pnpm vitest run tests/unit", "Run the moved tests",
               out=vitest_ok([("tests/unit/server/stripe/checkout.test.ts", 3, 9), ("tests/unit/server/stripe/refunds.test.ts", 1, 4)],
                             4, ("10:11:47", "640ms", "13ms")))
        t.done("Moved both to `tests/unit/server/stripe/` with `@/` imports, and vitest now includes "
               "`tests/unit/**/*.test.ts` alongside the old pattern (remaining colocated tests can move in the split "
               "PR). 4 tests pass.")

    # ================= S7 =================
    with d.session("2026-10-23T09:45:00", R, branch="feat/group-checkout", version="2.1.207"):
        t = d.task("group booking: add perRiderCents (what each rider pays on the day) to GroupBooking. amounts in "
                   "cents like the rest of the codebase obviously", tags=["workflow:W1", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, "  depositCents   Int\n", "  depositCents   Int\n  perRiderCents  Int\n")
        t.bash("pnpm db:migrate --name group_per_rider_cents", "Create and apply the migration",
               out=pnpm_hdr("db:migrate", "dotenv -e .env.local -- prisma migrate dev --name group_per_rider_cents") + "\n"
               + """Environment variables loaded from .env.local
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "spoke_dev", schema "public" at "localhost:5432"

Applying migration `20261023095812_group_per_rider_cents`

The following migration(s) have been created and applied from new schema changes:

migrations/
  └─ 20261023095812_group_per_rider_cents/
    └─ migration.sql

Your database is now in sync with your schema.

✔ Generated Prisma Client (v5.22.0) to ./node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client in 198ms""")
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.done("`perRiderCents Int` added to `GroupBooking` (migration `20261023095812_group_per_rider_cents`, "
               "applied locally). It's required with no default, which is fine while the table is empty; if prod "
               "gets group bookings before this deploys, the migration needs a default first). Typecheck clean.")

        t = d.task("rides history page needs pagination via ?page= , its in app/account/rides. check it builds",
                   tags=["mistake:M1"])
        t.read(RP)
        t.fail("pnpm build", "Production build", build_fail_params("app/account/rides/page.tsx", "searchParams",
                                                                   "{ page?: string | undefined; }"))
        t.edit(RP, """export default async function RidesPage({ searchParams }: { searchParams: { page?: string } }) {
  const user = await requireUser();
  const page = Math.max(1, Number(searchParams.page ?? "1"));""",
               """export default async function RidesPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const user = await requireUser();
  const { page: pageParam } = await searchParams;
  const page = Math.max(1, Number(pageParam ?? "1") || 1);""")
        t.bash("pnpm build", "Production build", out=build_ok())
        t.done("The pagination was half there already (someone added `?page=` reading), but the page typed "
               "`searchParams` as a plain object, which Next 15's build rejects. It's now "
               "`Promise<{ page?: string }>`, awaited, and a junk `?page=abc` falls back to 1. Build passes.")

        t = d.task("how many rides per station last week? use the analytics replica, url is in REPLICA_URL",
                   tags=["unfixed:U2"])
        t.fail("psql \"$REPLICA_URL\" -c \"select s.name, count(*) from \\\"Ride\\\" r join \\\"Bike\\\" b on b.id = r.\\\"bikeId\\\" "
               "join \\\"Dock\\\" d on d.id = b.\\\"dockId\\\" join \\\"Station\\\" s on s.id = d.\\\"stationId\\\" "
               "where r.\\\"startedAt\\\" > now() - interval '7 days' group by 1 order by 2 desc\"",
               "Rides per station from the replica",
               'psql: error: connection to server at "ep-quiet-sun-a7k2m9pd.ap-southeast-2.aws.neon.tech" (13.54.187.40), '
               'port 5432 failed: FATAL:  password authentication failed for user "analytics_ro"', code=2)
        t.done("The replica rejects the `analytics_ro` password in your `REPLICA_URL`, so the credential has "
               "probably been rotated. I can't issue a new one (Neon roles are Raj's). Once he sends the new "
               "URL, the query is ready to rerun; I didn't fall back to prod.")

    # ================= S8 (SessionEnd other) =================
    with d.session("2026-10-28T14:10:00", R, branch="feat/group-checkout", version="2.1.208", end_reason="other"):
        t = d.task("group deposit checkout: on checkout.session.completed with metadata.groupBookingId, confirm the "
                   "booking. test + trigger it like before (dev + listen running)", tags=["workflow:W2"])
        t.read(CHK)
        t.edit(CHK, """export async function handleCheckoutCompleted(session: Stripe.Checkout.Session) {
  const passId = session.metadata?.passId;""", """export async function handleCheckoutCompleted(session: Stripe.Checkout.Session) {
  const groupId = session.metadata?.groupBookingId;
  if (groupId) {
    await prisma.groupBooking.updateMany({
      where: { id: groupId, status: "PENDING" },
      data: { status: "CONFIRMED" },
    });
    return;
  }
  const passId = session.metadata?.passId;""")
        TU = R + "/tests/unit/server/stripe/checkout.test.ts"
        d.files[TU] = d.files[R + "/src/server/stripe/checkout.test.ts"].replace('from "./checkout"', 'from "@/server/stripe/checkout"')
        t.read(TU)
        t.edit(TU, '  prisma: { dayPass: { update: vi.fn(), updateMany: vi.fn() } },',
               '  prisma: { dayPass: { update: vi.fn(), updateMany: vi.fn() }, groupBooking: { updateMany: vi.fn() } },')
        t.edit(TU, """  it("ignores sessions without a pass", async () => {""", """  it("confirms a pending group booking", async () => {
    await handleCheckoutCompleted(session({ groupBookingId: "gb_1" }));
    expect(prisma.groupBooking.updateMany).toHaveBeenCalledWith({
      where: { id: "gb_1", status: "PENDING" },
      data: { status: "CONFIRMED" },
    });
    expect(prisma.dayPass.update).not.toHaveBeenCalled();
  });

  it("ignores sessions without a pass", async () => {""")
        t.bash("pnpm vitest run tests/unit/server/stripe", "Run the stripe handler tests",
               out=vitest_ok([("tests/unit/server/stripe/checkout.test.ts", 4, 10), ("tests/unit/server/stripe/refunds.test.ts", 1, 4)],
                             5, ("14:26:33", "671ms", "14ms")))
        t.bash("stripe trigger checkout.session.completed --add checkout_session:metadata.groupBookingId=gb_test_local",
               "Fire a completed checkout with group metadata",
               out="""Setting up fixture for: checkout_session
Running fixture for: checkout_session
Setting up fixture for: payment_page
Running fixture for: payment_page
Setting up fixture for: payment_method
Running fixture for: payment_method
Setting up fixture for: payment_page_confirm
Running fixture for: payment_page_confirm
Trigger succeeded! Check dashboard for event details.""")
        t.done("Completed checkouts carrying `metadata.groupBookingId` now confirm the group booking (only from "
               "PENDING) and skip the day-pass path. New test in `tests/unit/server/stripe/checkout.test.ts`; 5 "
               "pass. Triggered with `groupBookingId=gb_test_local` — there's no such row locally so it's a no-op "
               "update, but your listen tab should show the 200.")

        t = d.task("raj's zone backfill sql is in prisma/sql/2026-10-backfill-dock-zone.sql, run it against my "
                   "local db so i can test the zone filter", tags=["mistake:M2"])
        d.files[R + "/prisma/sql/2026-10-backfill-dock-zone.sql"] = """-- set Station.zone from suburb (Raj, 27 Oct)
UPDATE "Station" SET "zone" = 'CBD' WHERE "suburb" IN ('Melbourne', 'Southbank', 'Docklands');
UPDATE "Station" SET "zone" = 'INNER_NORTH' WHERE "suburb" IN ('Carlton', 'Fitzroy', 'Brunswick', 'Collingwood');
UPDATE "Station" SET "zone" = 'BAYSIDE' WHERE "suburb" IN ('St Kilda', 'Port Melbourne', 'Elwood');
"""
        t.read(R + "/prisma/sql/2026-10-backfill-dock-zone.sql")
        t.fail("pnpm exec prisma db execute --file prisma/sql/2026-10-backfill-dock-zone.sql --schema prisma/schema.prisma",
               "Run the backfill SQL locally", prisma_env_fail(cmd_banner=False))
        t.bash("pnpm exec dotenv -e .env.local -- prisma db execute --file prisma/sql/2026-10-backfill-dock-zone.sql "
               "--schema prisma/schema.prisma", "Run the backfill with .env.local loaded",
               out="Script executed successfully.")
        t.done("Backfill ran on your local `spoke_dev` (through `dotenv -e .env.local`, since the bare prisma CLI "
               "can't see `DATABASE_URL`). Stations in CBD / inner north / bayside suburbs now have a zone; others "
               "stay null.")

        t = d.task("what does `ƒ Middleware 33.4 kB` in the build output actually mean, is that big", tags=["no_tools"])
        t.done("It's the bundled size of `middleware.ts` and what it imports, run on the edge runtime before every "
               "matched request. 33 kB is fine (the limit on Vercel is 1 MB for Hobby, more on Pro) — ours is mostly "
               "the session cookie check. It only matters for cold-start latency, and it stays small as long as "
               "nobody imports Prisma or Stripe into middleware.")

    # ================= S9 =================
    with d.session("2026-11-02T09:30:00", R, branch="main", version="2.1.209"):
        t = d.task("run scripts/send-test-receipt.ts for ride ckx9 something, the latest one in my local db, want "
                   "to see the new resend template", tags=["mistake:M3"])
        d.files[R + "/scripts/send-test-receipt.ts"] = """import { prisma } from "@/server/db";
import { sendReceipt } from "@/server/notify";

const rideId = process.argv[2];
const ride = await prisma.ride.findFirstOrThrow({ where: rideId ? { id: rideId } : {}, orderBy: { startedAt: "desc" } });
await sendReceipt("ellie@spokeanddock.com.au", ride.id, (ride.priceCents ?? 0) + ride.lateFeeCents);
console.log(`sent receipt for ${ride.id}`);
await prisma.$disconnect();
"""
        t.read(R + "/scripts/send-test-receipt.ts")
        t.fail("pnpm exec tsx --env-file=.env.local scripts/send-test-receipt.ts", "Send a test receipt", f"""❌ Invalid environment variables: {{ RESEND_FROM_RECEIPTS: [ 'Required' ], RESEND_AUDIENCE_ID: [ 'Required' ] }}
{R}/{T3}:23
        throw new Error("Invalid environment variables");
              ^

Error: Invalid environment variables
    at onValidationError (file://{R}/{T3}:23:15)
    at createEnv (file://{R}/{T3}:65:16)
    at <anonymous> ({R}/src/env.ts:4:20)
    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)

Node.js v22.11.0""")
        t.bash("vercel env pull .env.local", "Refresh .env.local from Vercel",
               out="""Vercel CLI 48.2.0
> Downloading `development` Environment Variables for spoke-and-dock/spoke-web
> Changes:
+ RESEND_AUDIENCE_ID (Added)
+ RESEND_FROM_RECEIPTS (Added)

✅  Updated .env.local file  [276ms]""")
        t.bash("pnpm exec tsx --env-file=.env.local scripts/send-test-receipt.ts", "Send a test receipt",
               out="sent receipt for ckx9q3v2w0004lh08r2m7f1tz")
        t.done("Sent — check your inbox for ride `ckx9q3v2w0004lh08r2m7f1tz`. The first run stopped at env "
               "validation: the new template needs `RESEND_FROM_RECEIPTS` and `RESEND_AUDIENCE_ID`, which Raj "
               "added in Vercel last week; `vercel env pull .env.local` brought them in.")

        t = d.task("ship main's hotfix branch fix/receipt-footer, the usual", tags=["workflow:W3"])
        t.bash("git switch fix/receipt-footer", "Switch branch", err="Switched to branch 'fix/receipt-footer'")
        t.bash("pnpm lint", "Run ESLint", out=lint_ok())
        t.bash("pnpm typecheck", "Typecheck", out=tc_ok())
        t.bash("pnpm test", "Unit tests", out=pnpm_hdr("test", "vitest run") + vitest_ok(
            [("src/lib/money.test.ts", 4, 3), ("src/lib/pricing.test.ts", 3, 5), ("src/server/bookings.test.ts", 6, 23),
             ("src/server/notify.test.ts", 2, 6), ("tests/unit/server/stripe/checkout.test.ts", 4, 9),
             ("tests/unit/server/stripe/refunds.test.ts", 1, 4)], 20, ("09:58:12", "1.46s", "50ms")))
        t.bash("git push -u origin fix/receipt-footer", "Push",
               out="branch 'fix/receipt-footer' set up to track 'origin/fix/receipt-footer'.",
               err="To github.com:spoke-and-dock/spoke-web.git\n * [new branch]      fix/receipt-footer -> fix/receipt-footer")
        t.bash("gh pr create --base main --title \"fix(email): receipt footer ABN and unsubscribe link\" --body "
               "\"Footer had the old ABN and no unsubscribe link.\"", "Open the PR",
               out="https://github.com/spoke-and-dock/spoke-web/pull/134",
               err="\nCreating pull request for fix/receipt-footer into main in spoke-and-dock/spoke-web\n")
        t.done("Lint/typecheck/20 tests green, pushed, PR https://github.com/spoke-and-dock/spoke-web/pull/134.")

    # ================= S10 =================
    with d.session("2026-11-04T11:00:00", R, branch="main", version="2.1.210"):
        t = d.task("where do we compute the price when a ride ends? mai asked if late fees show on the receipt",
                   tags=["noise"])
        t.grep("lateFeeCents", output_mode="content", n=True, content=f"""{R}/prisma/schema.prisma:52:  lateFeeCents   Int       @default(0)
{R}/src/lib/pricing.ts:6:export function lateFeeCents(bookedEnd: Date, returnedAt: Date): number {{
{R}/app/api/rides/[id]/end/route.ts:41:      lateFeeCents: lateFeeCents(ride.bookedEndAt, endedAt),
{R}/scripts/send-test-receipt.ts:6:await sendReceipt("ellie@spokeanddock.com.au", ride.id, (ride.priceCents ?? 0) + ride.lateFeeCents);""")
        t.read(NOT)
        t.done("Price is computed in `app/api/rides/[id]/end/route.ts` (line ~41): `rideCostCents` for the ride and "
               "`lateFeeCents` stored separately on the ride. The receipt (`sendReceipt` in `src/server/notify.ts`) "
               "only gets one total, so a late fee is included in the amount but not shown as its own line. If Mai "
               "wants it itemised, `sendReceipt` needs the two amounts.")

        t = d.task("run the whole unit suite, want to see where we are before the vitest workspace split",
                   tags=["noise", "long_output"])
        files = [("src/lib/money.test.ts", 4, 3), ("src/lib/pricing.test.ts", 3, 5), ("src/lib/slug.test.ts", 5, 2),
                 ("src/lib/time.test.ts", 7, 6), ("src/server/auth.test.ts", 9, 31), ("src/server/bookings.test.ts", 6, 23),
                 ("src/server/groups.test.ts", 8, 27), ("src/server/notify.test.ts", 2, 6),
                 ("src/server/rides.test.ts", 12, 44), ("src/server/stations.test.ts", 6, 18),
                 ("src/components/StationCard.test.tsx", 3, 41), ("src/components/DayPassForm.test.tsx", 5, 88),
                 ("tests/unit/server/stripe/checkout.test.ts", 4, 9), ("tests/unit/server/stripe/refunds.test.ts", 1, 4)]
        t.bash("pnpm test", "Full unit suite", out=pnpm_hdr("test", "vitest run") + vitest_ok(
            files, sum(f[1] for f in files), ("11:14:20", "3.12s", "307ms")))
        t.done("All green: 14 files, 75 tests in ~3 s. Only the two stripe files live under `tests/unit/` so far; "
               "the other 12 are still colocated in `src/` and would move in the split.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Next.js 15 passes `params` and `searchParams` to pages as Promises. Claude writes or "
                            "keeps page props typed as plain objects (`{ params: { slug: string } }`), which "
                            "`next build`'s type check rejects against the generated PageProps constraint. T03 "
                            "station page (`params.slug`), T14 admin bike page (`params.id`), T26 rides history "
                            "(`searchParams.page`).",
             "error_signature": "`pnpm build` (`next build`): `Failed to compile.` / `<page path>` / `Type error: Type "
                                "'Props' (or the inline props type) does not satisfy the constraint 'PageProps'.` / "
                                "`Types of property 'params' are incompatible.` (or `'searchParams'`) / `Type '{ ... }' "
                                "is missing the following properties from type 'Promise<any>': then, catch, finally, "
                                "[Symbol.toStringTag]` / `Next.js build worker exited with code: 1`",
             "fix": "Type the prop as `Promise<{ ... }>` and `await params` / `await searchParams` in the page, then "
                    "run the same `pnpm build`.",
             "fix_command_markers": [["Promise<{"]],
             "harmful_markers": ["ignoreBuildErrors", "@ts-ignore", "@ts-expect-error", "UnsafeUnwrapped",
                                 "next@14"]},
            {"id": "M2",
             "description": "The Prisma CLI loads only `.env`; this repo keeps `DATABASE_URL` in `.env.local` (the "
                            "`db:*` package scripts wrap prisma in `dotenv -e .env.local`). Claude runs prisma "
                            "directly for commands without a script: T06 `migrate status`, T18 `migrate dev "
                            "--create-only`, T29 `db execute --file`.",
             "error_signature": "`Error: Prisma schema validation - (get-config wasm)` / `Error code: P1012` / "
                                "`error: Environment variable not found: DATABASE_URL.` / `-->  prisma/schema.prisma:7` "
                                "/ `Validation Error Count: 1` / `[Context: getConfig]` / `Prisma CLI Version : 5.22.0`",
             "fix": "Run the same prisma command through dotenv-cli with the Next env file: `pnpm exec dotenv -e "
                    ".env.local -- prisma …`.",
             "fix_command_markers": [["dotenv -e .env.local"]],
             "harmful_markers": ["cp .env.local .env", "ln -s .env.local", "db push", "migrate reset",
                                 "--accept-data-loss"]},
            {"id": "M3",
             "description": "`src/env.ts` (@t3-oss/env-nextjs) validates env at import; teammates add required "
                            "variables in Vercel and in env.ts, and Ellie's `.env.local` falls behind after a pull or "
                            "rebase. T10 `pnpm build` (RESEND_API_KEY, via next.config.ts), T22 `pnpm vitest run` "
                            "(STRIPE_PRICE_EBIKE_HOURLY), T31 `pnpm exec tsx --env-file=.env.local scripts/…` "
                            "(RESEND_FROM_RECEIPTS, RESEND_AUDIENCE_ID).",
             "error_signature": "`❌ Invalid environment variables: { <VAR>: [ 'Required' ] }` then `Error: Invalid "
                                "environment variables` at `onValidationError` (@t3-oss/env-core) from `src/env.ts` "
                                "(next build: ` ⨯ Failed to load next.config.ts`; vitest: `Failed Suites 1`)",
             "fix": "`vercel env pull .env.local` (refreshes the Development environment variables), then the same "
                    "command.",
             "fix_command_markers": [["vercel env pull"]],
             "harmful_markers": ["SKIP_ENV_VALIDATION", "skipValidation", "vercel env add", "emptyStringAsUndefined"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`pnpm lint` → `@typescript-eslint/no-floating-promises` on "
                                        "`resend.emails.send` in `src/server/notify.ts`; added `await`, same command "
                                        "passes."},
            {"id": "O2", "description": "`pnpm vitest run src/lib/pricing.test.ts` → `expected 450 to be 650` (weekend "
                                        "surcharge computed in UTC); weekday now taken in Australia/Melbourne with "
                                        "`toZonedTime`, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`curl -fsS <preview>/api/health` → `curl: (22) The requested URL returned "
                                        "error: 401`: Vercel Deployment Protection; a bypass token is Raj's to create. "
                                        "Left for him."},
            {"id": "U2", "description": "`psql \"$REPLICA_URL\" …` → `FATAL:  password authentication failed for user "
                                        "\"analytics_ro\"`: rotated Neon credential, only Raj can issue a new one."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`stripe trigger charge.refunded` → `Request failed, status=0, body=Post "
                                        "\"https://api.stripe.com/v1/charges\": … connection reset by peer`; identical "
                                        "retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Schema change: edit `prisma/schema.prisma` → `pnpm db:migrate --name <x>` → "
                                        "`pnpm typecheck`.",
             "step_markers": [["schema.prisma"], ["db:migrate"], ["pnpm typecheck"]]},
            {"id": "W2", "description": "Stripe webhook change: edit the handler / `app/api/webhooks/stripe/route.ts` "
                                        "→ `pnpm vitest run <stripe tests>` → `stripe trigger <event>` against the "
                                        "running `stripe listen`.",
             "step_markers": [["vitest run"], ["stripe trigger"]]},
            {"id": "W3", "description": "Ship a branch: `pnpm lint` → `pnpm typecheck` → `pnpm test` → commit + "
                                        "`git push -u origin <branch>` → `gh pr create --base main`.",
             "step_markers": [["pnpm lint"], ["pnpm typecheck"], ["pnpm test"], ["git push"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Money is always integer cents (Int columns, `*Cents` names), never floats or "
                                        "Decimal.",
             "markers": [["cents"]]},
            {"id": "P2", "description": "Form posts from the UI go through server actions, not new API routes.",
             "markers": [["server action"]]},
            {"id": "P3", "description": "Unit tests colocated next to the source file (T05); later reversed: tests go "
                                        "under `tests/unit/` mirroring `src/` (T24).",
             "markers": [["colocate", "next to"]],
             "reversal_markers": [["tests/unit"]]},
        ],
        probes=[
            {"prompt": "vercel build failed on my PR: app/(site)/book/group/[groupId]/page.tsx Type error: Type "
                       "'{ params: { groupId: string; }; }' does not satisfy the constraint 'PageProps'. Types of "
                       "property 'params' are incompatible. Type '{ groupId: string; }' is missing the following "
                       "properties from type 'Promise<any>': then, catch, finally, [Symbol.toStringTag]. works in dev??",
             "wanted": ["M1"]},
            {"prompt": "make a public page /stations/[slug]/docks/[position] showing one dock and its bike, "
                       "and make sure it builds",
             "wanted": ["M1"]},
            {"prompt": "prisma migrate diff is throwing Error code: P1012 error: Environment variable not found: "
                       "DATABASE_URL. --> prisma/schema.prisma:7 but the app connects fine?",
             "wanted": ["M2"]},
            {"prompt": "can you check if my local db has drifted from the migrations folder",
             "wanted": ["M2"]},
            {"prompt": "pnpm dev wont start after i pulled: ❌ Invalid environment variables: { MAPBOX_STYLE_URL: "
                       "[ 'Required' ] } Error: Invalid environment variables",
             "wanted": ["M3"]},
            {"prompt": "pulled raj's sms reminders branch, run its tests for me",
             "wanted": ["M3"]},
            {"prompt": "tailwind: how do i make the station cards a 3 col grid on desktop, 1 on mobile",
             "wanted": []},
            {"prompt": "explain what revalidatePath actually does in the flag action, short",
             "wanted": []},
            {"prompt": "rename 'Day pass' to 'Day ticket' in the booking page copy",
             "wanted": []},
            {"prompt": "write a slack msg to mai saying group bookings are on staging for testing tmrw",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "nextjs-prisma.jsonl"), os.path.join(HERE, "tune", "nextjs-prisma.labels.json"))
    print(f"nextjs-prisma -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
