"""shopify-app: Rosa Ferreira, freelance Shopify developer (Porto), building Bundlebee.

Bundlebee is an embedded Shopify app (product bundles and bundle discounts) built on the Shopify app template for
React Router 7 (the successor of the Remix template): Shopify CLI 3 (`shopify app dev|deploy|generate extension|
function build|function run|webhook trigger`), Prisma (SQLite locally, PostgreSQL on Fly.io), Polaris + App Bridge,
the GraphQL Admin API with graphql-codegen, webhooks incl. the GDPR compliance topics, a theme app extension
(bundle offer block) and a Shopify Function in Rust (discount), npm, vitest, Fly.io (`fly deploy`, `fly ssh`).
Launch merchant: Kettle & Crumb (coffee gear). Dev store bundlebee-dev.myshopify.com.

Written blind for fresh/; measured once held out (round 24), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_shopify_app.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "rosa"
H = "/home/rosa"
R = H + "/code/bundlebee"
MODEL = "claude-opus-4-6"
FN = R + "/extensions/bundle-discount"
STG = "bundlebee-staging"
MID = "d8912e3f6a4587"
TUNNEL = "https://rolling-mentor-quilt-harvard.trycloudflare.com"

# ------------------------------------------------------------------ virtual files

README = """# Bundlebee

Product bundles and bundle discounts for Shopify merchants. Embedded admin app (React Router 7 template),
theme app extension for the product page offer block, Rust discount Function.

## Dev

    npm install
    npm run dev            # shopify app dev against bundlebee-dev.myshopify.com

SQLite in `prisma/dev.sqlite` for local work. Production and staging run PostgreSQL on Fly; the Postgres
schema is generated from `prisma/schema.prisma` by `scripts/pg-schema.mjs` during the Docker build.

## Deploy

- app server: `fly deploy -c fly.staging.toml` (staging, scales to zero) / `fly deploy` (production)
- app config + extensions: `shopify app deploy` (dev app: `shopify.app.toml`, production: `shopify.app.production.toml`)

## Layout

- `app/routes` admin pages (`app.*`), webhooks (`webhooks.*`), auth
- `app/models` Prisma access (`*.server.ts`)
- `extensions/bundle-offer` theme app extension
- `extensions/bundle-discount` Rust discount Function
- `scripts/` one-off maintenance scripts (run on staging/prod with `fly ssh console -C`)
"""

PACKAGE_JSON = """{
  "name": "bundlebee",
  "version": "1.4.0",
  "private": true,
  "type": "module",
  "scripts": {
    "build": "react-router build",
    "dev": "shopify app dev",
    "config:link": "shopify app config link",
    "generate": "shopify app generate",
    "deploy": "shopify app deploy",
    "config:use": "shopify app config use",
    "env": "shopify app env",
    "start": "react-router-serve ./build/server/index.js",
    "docker-start": "npm run setup && npm run start",
    "setup": "prisma generate && prisma migrate deploy",
    "lint": "eslint --cache --cache-location ./node_modules/.cache/eslint .",
    "shopify": "shopify",
    "prisma": "prisma",
    "graphql-codegen": "graphql-codegen",
    "typecheck": "react-router typegen && tsc --noEmit",
    "test": "vitest run"
  },
  "engines": {
    "node": ">=20.19 <22 || >=22.12"
  },
  "dependencies": {
    "@prisma/client": "^6.16.2",
    "@react-router/dev": "^7.9.3",
    "@react-router/fs-routes": "^7.9.3",
    "@react-router/node": "^7.9.3",
    "@react-router/serve": "^7.9.3",
    "@shopify/app-bridge-react": "^4.2.4",
    "@shopify/polaris": "^12.27.0",
    "@shopify/shopify-app-react-router": "^1.0.2",
    "@shopify/shopify-app-session-storage-prisma": "^7.0.1",
    "isbot": "^5.1.30",
    "prisma": "^6.16.2",
    "react": "^18.3.1",
    "react-dom": "^18.3.1",
    "react-router": "^7.9.3",
    "vite-tsconfig-paths": "^5.1.4"
  },
  "devDependencies": {
    "@shopify/api-codegen-preset": "^1.1.9",
    "@shopify/cli": "^3.92.1",
    "@types/react": "^18.3.24",
    "@types/react-dom": "^18.3.7",
    "eslint": "^8.57.1",
    "typescript": "^5.9.2",
    "vite": "^6.3.6",
    "vitest": "^3.2.4"
  },
  "workspaces": [
    "extensions/*"
  ]
}
"""

APP_TOML = """# Learn more about configuring your app at https://shopify.dev/docs/apps/tools/cli/configuration

client_id = "4f1c2b7e9a0d3c58e6b1f27a9c04d8e3"
name = "Bundlebee (dev)"
handle = "bundlebee-dev"
application_url = "https://example.com"
embedded = true

[build]
automatically_update_urls_on_dev = true
include_config_on_deploy = true

[webhooks]
api_version = "2025-10"

  [[webhooks.subscriptions]]
  topics = [ "app/uninstalled" ]
  uri = "/webhooks/app/uninstalled"

  [[webhooks.subscriptions]]
  topics = [ "app/scopes_update" ]
  uri = "/webhooks/app/scopes_update"

  [[webhooks.subscriptions]]
  topics = [ "orders/create" ]
  uri = "/webhooks/orders/create"

[access_scopes]
scopes = "read_products,write_products,read_orders,write_discounts"

[auth]
redirect_urls = [ "https://example.com/api/auth" ]

[pos]
embedded = false
"""

SCHEMA = """// Prisma schema for Bundlebee. SQLite locally; scripts/pg-schema.mjs derives the PostgreSQL
// schema for staging/production from this file during the Docker build.

generator client {
  provider = "prisma-client-js"
}

datasource db {
  provider = "sqlite"
  url      = "file:dev.sqlite"
}

model Session {
  id            String    @id
  shop          String
  state         String
  isOnline      Boolean   @default(false)
  scope         String?
  expires       DateTime?
  accessToken   String
  userId        BigInt?
  firstName     String?
  lastName      String?
  email         String?
  accountOwner  Boolean   @default(false)
  locale        String?
  collaborator  Boolean?  @default(false)
  emailVerified Boolean?  @default(false)
  refreshToken  String?
  refreshTokenExpires DateTime?
}

model Bundle {
  id        Int          @id @default(autoincrement())
  shop      String
  title     String
  handle    String
  status    String       @default("draft")
  items     BundleItem[]
  createdAt DateTime     @default(now())
  updatedAt DateTime     @updatedAt

  @@unique([shop, handle])
}

model BundleItem {
  id        Int    @id @default(autoincrement())
  bundleId  Int
  bundle    Bundle @relation(fields: [bundleId], references: [id], onDelete: Cascade)
  productId String
  variantId String
  quantity  Int    @default(1)
}
"""

SHOPIFY_SERVER = """import "@shopify/shopify-app-react-router/adapters/node";
import {
  ApiVersion,
  AppDistribution,
  BillingInterval,
  shopifyApp,
} from "@shopify/shopify-app-react-router/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";

export const MONTHLY_PLAN = "Bundlebee Pro";
export const TRIAL_DAYS = 14;

const shopify = shopifyApp({
  apiKey: process.env.SHOPIFY_API_KEY,
  apiSecretKey: process.env.SHOPIFY_API_SECRET || "",
  apiVersion: ApiVersion.October25,
  scopes: process.env.SCOPES?.split(","),
  appUrl: process.env.SHOPIFY_APP_URL || "",
  authPathPrefix: "/auth",
  sessionStorage: new PrismaSessionStorage(prisma),
  distribution: AppDistribution.AppStore,
  billing: {
    [MONTHLY_PLAN]: {
      trialDays: TRIAL_DAYS,
      lineItems: [{ amount: 9.99, currencyCode: "USD", interval: BillingInterval.Every30Days }],
    },
  },
  future: {
    expiringOfflineAccessTokens: true,
  },
});

export default shopify;
export const apiVersion = ApiVersion.October25;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
"""

FLY_STAGING = """# fly.toml app configuration file for staging
app = "bundlebee-staging"
primary_region = "ams"
kill_signal = "SIGINT"
kill_timeout = "5s"

[build]

[deploy]
  release_command = "npx prisma db push --schema prisma/postgres/schema.prisma --skip-generate"

[env]
  PORT = "3000"
  SHOPIFY_APP_URL = "https://bundlebee-staging.fly.dev"
  SCOPES = "read_products,write_products,read_orders,write_discounts"

[http_service]
  internal_port = 3000
  force_https = true
  auto_stop_machines = "stop"
  auto_start_machines = true
  min_machines_running = 0
  processes = ["app"]

  [[http_service.checks]]
    interval = "30s"
    timeout = "5s"
    grace_period = "20s"
    method = "GET"
    path = "/healthz"

[[vm]]
  size = "shared-cpu-1x"
  memory = "512mb"
"""

PRICING_TS = """export type PricedLine = { priceCents: number; quantity: number };
export type BundleDiscount = { percentOff: number } | { amountOffCents: number };

export function subtotalCents(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
}

export function bundlePriceCents(lines: PricedLine[], discount: BundleDiscount): number {
  if ("amountOffCents" in discount) {
    return Math.max(0, subtotalCents(lines) - discount.amountOffCents);
  }
  return lines.reduce(
    (sum, l) => sum + Math.floor(l.priceCents * l.quantity * (1 - discount.percentOff / 100)),
    0,
  );
}

export function formatCents(cents: number, currency: string, locale = "en-US"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
"""

PRICING_TEST = """import { describe, expect, it } from "vitest";
import { bundlePriceCents, formatCents, subtotalCents } from "./pricing";

describe("subtotalCents", () => {
  it("sums price x quantity", () => {
    expect(subtotalCents([{ priceCents: 1250, quantity: 2 }, { priceCents: 499, quantity: 1 }])).toBe(2999);
  });
});

describe("bundlePriceCents", () => {
  it("subtracts a fixed amount", () => {
    expect(bundlePriceCents([{ priceCents: 2000, quantity: 1 }], { amountOffCents: 500 })).toBe(1500);
  });
  it("never goes below zero", () => {
    expect(bundlePriceCents([{ priceCents: 300, quantity: 1 }], { amountOffCents: 500 })).toBe(0);
  });
  it("applies a percentage discount to the bundle total", () => {
    const lines = [{ priceCents: 2999, quantity: 1 }, { priceCents: 1501, quantity: 1 }];
    expect(bundlePriceCents(lines, { percentOff: 10 })).toBe(4050);
  });
  it("keeps whole cents for odd totals", () => {
    expect(bundlePriceCents([{ priceCents: 1999, quantity: 3 }], { percentOff: 15 })).toBe(5097);
  });
});

describe("formatCents", () => {
  it("formats EUR", () => {
    expect(formatCents(4050, "EUR", "pt-PT")).toBe("40,50\\u00a0\\u20ac");
  });
});
"""

BUNDLES_INDEX = """import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { Card, IndexTable, Page, Text } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { listBundles } from "../models/bundle.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const bundles = await listBundles(session.shop);
  return { bundles };
};

export default function BundlesIndex() {
  const { bundles } = useLoaderData<typeof loader>();
  return (
    <Page title="Bundles" primaryAction={{ content: "Create bundle", url: "/app/bundles/new" }}>
      <Card padding="0">
        <IndexTable
          resourceName={{ singular: "bundle", plural: "bundles" }}
          itemCount={bundles.length}
          headings={[{ title: "Title" }, { title: "Items" }, { title: "Status" }]}
          selectable={false}
        >
          {bundles.map((b, i) => (
            <IndexTable.Row id={String(b.id)} key={b.id} position={i}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">{b.title}</Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{b.items.length}</IndexTable.Cell>
              <IndexTable.Cell>{b.status}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      </Card>
    </Page>
  );
}
"""

BUNDLE_SERVER = """import prisma from "../db.server";

export const BUNDLE_LIMITS = { minItems: 2, maxItems: 6, maxQuantityPerItem: 10 } as const;

export async function listBundles(shop: string) {
  return prisma.bundle.findMany({ where: { shop }, include: { items: true }, orderBy: { createdAt: "desc" } });
}

export async function getBundle(shop: string, id: number) {
  return prisma.bundle.findFirst({ where: { shop, id }, include: { items: true } });
}

export function validateBundle(input: { title: string; items: { quantity: number }[] }) {
  const errors: Record<string, string> = {};
  if (!input.title.trim()) errors.title = "Title is required";
  if (input.items.length < BUNDLE_LIMITS.minItems) errors.items = `Add at least ${BUNDLE_LIMITS.minItems} products`;
  if (input.items.length > BUNDLE_LIMITS.maxItems) errors.items = `A bundle can hold at most ${BUNDLE_LIMITS.maxItems} products`;
  if (input.items.some((i) => i.quantity < 1 || i.quantity > BUNDLE_LIMITS.maxQuantityPerItem)) {
    errors.quantity = `Quantity must be between 1 and ${BUNDLE_LIMITS.maxQuantityPerItem}`;
  }
  return errors;
}
"""

APP_TSX = """import type { HeadersFunction, LoaderFunctionArgs } from "react-router";
import { Link, Outlet, useLoaderData, useRouteError } from "react-router";
import { boundary } from "@shopify/shopify-app-react-router/server";
import { AppProvider } from "@shopify/shopify-app-react-router/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";

import { authenticate } from "../shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return { apiKey: process.env.SHOPIFY_API_KEY || "" };
};

export default function App() {
  const { apiKey } = useLoaderData<typeof loader>();

  return (
    <AppProvider isEmbeddedApp apiKey={apiKey}>
      <NavMenu>
        <Link to="/app" rel="home">Home</Link>
        <Link to="/app/bundles">Bundles</Link>
        <Link to="/app/billing">Plan</Link>
      </NavMenu>
      <Outlet />
    </AppProvider>
  );
}

export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => {
  return boundary.headers(headersArgs);
};
"""

PLAN_SERVER = """import { authenticate, MONTHLY_PLAN } from "../shopify.server";

export const PRO_FEATURES = ["scheduled", "tiers", "analytics"] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];

export async function hasPro(request: Request): Promise<boolean> {
  const { billing } = await authenticate.admin(request);
  const { hasActivePayment } = await billing.check({ plans: [MONTHLY_PLAN], isTest: process.env.NODE_ENV !== "production" });
  return hasActivePayment;
}
"""

APP_INDEX = """import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import { authenticate } from "../shopify.server";
import { listBundles } from "../models/bundle.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const bundles = await listBundles(session.shop);
  return { active: bundles.filter((b) => b.status === "active").length, total: bundles.length };
};

export default function Index() {
  const { active, total } = useLoaderData<typeof loader>();
  return (
    <Page title="Bundlebee">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">Your bundles</Text>
              <Text as="p">{active} of {total} bundles are live on your storefront.</Text>
              <Text as="p" tone="subdued">Add the Bundle offer block to your product template in the theme editer to show them.</Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
"""

FILES = {
    R + "/README.md": README,
    R + "/package.json": PACKAGE_JSON,
    R + "/shopify.app.toml": APP_TOML,
    R + "/prisma/schema.prisma": SCHEMA,
    R + "/app/shopify.server.ts": SHOPIFY_SERVER,
    R + "/fly.staging.toml": FLY_STAGING,
    R + "/app/lib/pricing.ts": PRICING_TS,
    R + "/app/lib/pricing.test.ts": PRICING_TEST,
    R + "/app/routes/app.bundles._index.tsx": BUNDLES_INDEX,
    R + "/app/models/bundle.server.ts": BUNDLE_SERVER,
    R + "/app/routes/app.tsx": APP_TSX,
    R + "/app/routes/app._index.tsx": APP_INDEX,
    R + "/app/lib/plan.server.ts": PLAN_SERVER,
}


# ------------------------------------------------------------------ output helpers

def npm_hdr(script, cmd):
    return f"\n> bundlebee@1.4.0 {script}\n> {cmd}\n"


def npm_fail(script_cmd, log):
    return f"npm error code 1\nnpm error path {R}\nnpm error command failed\nnpm error command sh -c {script_cmd}\n" \
        f"npm error A complete log of this run can be found in: {H}/.npm/_logs/{log}-debug-0.log"


def cli_box(kind, paragraphs, width=80):
    inner = width - 6
    top = "╭─ " + kind + " " + "─" * (width - 5 - len(kind)) + "╮"
    out = [top, "│" + " " * (width - 2) + "│"]
    for para in paragraphs:
        for raw in para.split("\n"):
            wrapped = textwrap.wrap(raw, inner, break_long_words=False, break_on_hyphens=False) or [""]
            for w in wrapped:
                out.append("│  " + w.ljust(inner) + "  │")
        out.append("│" + " " * (width - 2) + "│")
    out.append("╰" + "─" * (width - 2) + "╯")
    return "\n".join(out)


def failed_to_prompt(question):
    return cli_box("error", [
        "Failed to prompt:",
        question,
        "This usually happens when running a command non-interactively, for example in a CI environment, or "
        "when piping to or from another process.",
        "To resolve this, specify the option in the command, or run the command in an interactive environment "
        "such as your local terminal.",
    ])


def rr_build_ok(nclient, client_assets, server_kb, secs_c, secs_s):
    lines = [npm_hdr("build", "react-router build").strip("\n"),
             "vite v6.3.6 building for production...",
             "transforming...",
             f"✓ {nclient} modules transformed.",
             "rendering chunks...",
             "computing gzip size..."]
    w = max(len(a) for a, _, _ in client_assets) + 2
    for a, kb, gz in client_assets:
        lines.append(f"build/client/{a.ljust(w)}{kb:>9.2f} kB │ gzip: {gz:>6.2f} kB")
    lines += [f"✓ built in {secs_c}",
              "vite v6.3.6 building SSR bundle for production...",
              "transforming...",
              "✓ 71 modules transformed.",
              "rendering chunks...",
              "build/server/.vite/manifest.json          0.23 kB",
              "build/server/assets/server-build-DqW8Rf1x.css  444.12 kB",
              f"build/server/index.js                 {server_kb:>7.2f} kB",
              f"✓ built in {secs_s}"]
    return "\n".join(lines)


CLIENT_ASSETS_1 = [
    (".vite/manifest.json", 4.81, 0.71),
    ("assets/styles-DqW8Rf1x.css", 444.12, 52.09),
    ("assets/app.billing-B7c2mXkQ.js", 2.94, 1.31),
    ("assets/app.bundles._index-Cw1q9TzE.js", 3.77, 1.52),
    ("assets/app._index-D0gL3x6n.js", 1.68, 0.83),
    ("assets/app-Bq4yN1fR.js", 4.12, 1.77),
    ("assets/root-C3v8kPaZ.js", 1.05, 0.58),
    ("assets/with-props-Dk2fLw0s.js", 0.34, 0.25),
    ("assets/chunk-KNED5TY2-CZr1s6Qe.js", 118.42, 39.77),
    ("assets/polaris-B0k9PpQx.js", 417.86, 97.40),
    ("assets/entry.client-Dg91sWmL.js", 186.33, 58.91),
]


def rr_build_fail(msg_lines, ntrans, secs, at_line, log):
    return "\n".join([npm_hdr("build", "react-router build").strip("\n"),
                      "vite v6.3.6 building for production...",
                      "transforming...",
                      f"✓ {ntrans} modules transformed.",
                      f"✗ Build failed in {secs}",
                      "[react-router:dot-server] Server-only module referenced by client"] + msg_lines + [
        f"    at Object.resolveId (file://{R}/node_modules/@react-router/dev/dist/vite.js:{at_line}:17)",
        f"    at async PluginDriver.hookFirstAndGetPlugin (file://{R}/node_modules/rollup/dist/es/shared/node-entry.js:22308:28)",
        f"    at async resolveIdViaPlugins (file://{R}/node_modules/rollup/dist/es/shared/node-entry.js:21289:26)",
        npm_fail("react-router build", log)])


def route_server_only(spec, route):
    return ["", f"    '{spec}' imported by route '{route}'", "",
            "  React Router automatically removes server-code from these exports:",
            "    `loader`, `action`, `middleware`, `headers`", "",
            f"  But other route exports in '{route}' depend on '{spec}'.", "",
            "  See https://reactrouter.com/explanation/code-splitting#removal-of-server-code", ""]


def file_server_only(spec, importer):
    return ["", f"    '{spec}' imported by '{importer}'", "",
            "  See https://reactrouter.com/explanation/code-splitting#removal-of-server-code", ""]


def typecheck_ok():
    return npm_hdr("typecheck", "react-router typegen && tsc --noEmit").strip("\n")


def migrate_ok(stamp, name):
    return f"""Prisma schema loaded from prisma/schema.prisma
Datasource "db": SQLite database "dev.sqlite" at "file:dev.sqlite"

Applying migration `{stamp}_{name}`

The following migration(s) have been created and applied from new schema changes:

prisma/migrations/
  └─ {stamp}_{name}/
    └─ migration.sql

Your database is now in sync with your schema.

Running generate... (Use --skip-generate to skip the generators)

✔ Generated Prisma Client (v6.16.3) to ./node_modules/@prisma/client in 81ms"""


def vitest_out(files, start, dur):
    lines = [f" RUN  v3.2.4 {R}", ""]
    nt = 0
    for f, n, ms in files:
        lines.append(f" ✓ {f} ({n} tests) {ms}ms")
        nt += n
    lines += ["", f" Test Files  {len(files)} passed ({len(files)})",
              f"      Tests  {nt} passed ({nt})",
              f"   Start at  {start}",
              f"   Duration  {dur}"]
    return "\n".join(lines)


def git_commit(branch, sha, msg, stat):
    return f"[{branch} {sha}] {msg}\n {stat}"


def fly_deploy(app, cfg, image, rel_id, took, secs):
    return f"""==> Verifying app config
Validating {R}/{cfg}
✓ Configuration is valid
--> Verified app config
==> Building image
Waiting for depot builder...

==> Building image with Depot
--> build:  (​)
#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 812B done
#1 DONE 0.1s
#5 [base 1/1] FROM docker.io/library/node:22-alpine@sha256:8d2a1c45…
#5 CACHED
#9 [build 3/6] RUN npm ci --omit=dev --ignore-scripts
#9 CACHED
#11 [build 5/6] RUN node scripts/pg-schema.mjs && npx prisma generate --schema prisma/postgres/schema.prisma
#11 1.912 ✔ Generated Prisma Client (v6.16.3) to ./node_modules/@prisma/client in 97ms
#11 DONE 3.4s
#12 [build 6/6] RUN npm run build
#12 {took}
#12 DONE {secs}
#14 exporting to image
#14 DONE 4.1s
--> Build Summary:  (​)
--> Building image done
image: registry.fly.io/{app}:{image}
image size: 318 MB

Watch your deployment at https://fly.io/apps/{app}/monitoring

Running {app} release_command: npx prisma db push --schema prisma/postgres/schema.prisma --skip-generate

-------
 ✔ release_command {rel_id} completed successfully
-------
-------
Updating existing machines in '{app}' with rolling strategy

-------
 ✔ [1/1] Machine {MID} [app] update succeeded
-------
Checking DNS configuration for {app}.fly.dev
✓ DNS configuration verified

Visit your newly deployed app at https://{app}.fly.dev/"""


NO_VMS = (f"Error: app {STG} has no started VMs.\nIt may be unhealthy or not have been deployed yet.\n"
          "Try the following command to verify:\n\nfly status")


def machine_list(img, updated):
    return f"""1 machines have been retrieved from app {STG}.
View them in the UI here (​https://fly.io/apps/{STG}/machines/)

{STG}
ID            \tNAME             \tSTATE  \tCHECKS\tREGION\tROLE\tIMAGE                                         \tIP ADDRESS                     \tVOLUME\tCREATED             \tLAST UPDATED        \tPROCESS GROUP\tSIZE
{MID}\tholy-frost-6123  \tstopped\t0/1   \tams   \t    \t{STG}:{img}\tfdaa:9:3c1e:a7b:1f2:6a11:9d0e:2\t      \t2026-10-09T14:21:07Z\t{updated}\tapp          \tshared-cpu-1x:512MB"""


def ssh_connect(out):
    return "Connecting to fdaa:9:3c1e:a7b:1f2:6a11:9d0e:2... complete\n" + out


def cargo_test(tests, fin="4.91s", compiled=True):
    head = []
    if compiled:
        head.append(f"   Compiling bundle-discount v0.1.0 ({FN})")
    head += [f"    Finished `test` profile [unoptimized + debuginfo] target(s) in {fin}",
             "     Running unittests src/main.rs (target/debug/deps/bundle_discount-3f0c9d2a71be44e1)", "",
             f"running {len(tests)} tests"]
    for t in tests:
        head.append(f"test {t} ... ok")
    head += ["", f"test result: ok. {len(tests)} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; "
                 "finished in 0.01s"]
    return "\n".join(head)


def fn_build(secs):
    return f"""bundle-discount  │ Building function bundle-discount...
bundle-discount  │    Compiling bundle-discount v0.1.0 ({FN})
bundle-discount  │     Finished `release` profile [optimized] target(s) in {secs}
bundle-discount  │ Function built successfully."""


def fn_run(inp, out, instr, mem="1088KB", size="218KB"):
    return f"""                                    Input

{inp}

                                    Logs



                                    Output

{out}

                              Benchmark Results

Name: bundle-discount
Linear Memory Usage: {mem}
Instructions: {instr}
Size: {size}"""


# ------------------------------------------------------------------ more content

RUN_RS = """use crate::schema;
use serde::Deserialize;
use shopify_function::prelude::*;
use shopify_function::Result;

use schema::cart_lines_discounts_generate_run::input::cart::lines::Merchandise;

#[derive(Deserialize, Default, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BundleConfig {
    pub bundle_id: String,
    pub variant_ids: Vec<String>,
    pub percent_off: f64,
}

/// How many complete bundles the cart holds: the smallest quantity over the bundle's variants.
pub fn bundle_sets(quantities: &[(String, i32)], config: &BundleConfig) -> i32 {
    config
        .variant_ids
        .iter()
        .map(|v| quantities.iter().filter(|(id, _)| id == v).map(|(_, q)| *q).sum::<i32>())
        .min()
        .unwrap_or(0)
}

pub fn percent_for(sets: i32, config: &BundleConfig) -> Option<f64> {
    if sets < 1 {
        return None;
    }
    Some(config.percent_off)
}

fn no_discount() -> Result<schema::CartLinesDiscountsGenerateRunResult> {
    Ok(schema::CartLinesDiscountsGenerateRunResult { operations: vec![] })
}

#[shopify_function]
fn cart_lines_discounts_generate_run(
    input: schema::cart_lines_discounts_generate_run::Input,
) -> Result<schema::CartLinesDiscountsGenerateRunResult> {
    let Some(config) = input
        .discount()
        .metafield()
        .and_then(|m| serde_json::from_str::<BundleConfig>(m.value()).ok())
    else {
        return no_discount();
    };

    let mut quantities: Vec<(String, i32)> = Vec::new();
    let mut targets = Vec::new();
    for line in input.cart().lines() {
        if let Merchandise::ProductVariant(v) = line.merchandise() {
            if config.variant_ids.iter().any(|id| id == v.id()) {
                quantities.push((v.id().to_string(), *line.quantity()));
                targets.push(schema::ProductDiscountCandidateTarget::CartLine(schema::CartLineTarget {
                    id: line.id().clone(),
                    quantity: None,
                }));
            }
        }
    }

    let sets = bundle_sets(&quantities, &config);
    let Some(percent) = percent_for(sets, &config) else {
        return no_discount();
    };

    Ok(schema::CartLinesDiscountsGenerateRunResult {
        operations: vec![schema::CartOperation::ProductDiscountsAdd(schema::ProductDiscountsAddOperation {
            selection_strategy: schema::ProductDiscountSelectionStrategy::All,
            candidates: vec![schema::ProductDiscountCandidate {
                targets,
                message: Some(format!("Bundle -{}%", percent)),
                value: schema::ProductDiscountCandidateValue::Percentage(schema::Percentage {
                    value: Decimal(percent),
                }),
                associated_discount_code: None,
            }],
        })],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> BundleConfig {
        BundleConfig {
            bundle_id: "7".into(),
            variant_ids: vec!["gid://shopify/ProductVariant/1".into(), "gid://shopify/ProductVariant/2".into()],
            percent_off: 10.0,
        }
    }

    #[test]
    fn no_bundle_lines_no_discount() {
        assert_eq!(percent_for(bundle_sets(&[], &cfg()), &cfg()), None);
    }

    #[test]
    fn incomplete_bundle_no_discount() {
        let q = vec![("gid://shopify/ProductVariant/1".to_string(), 2)];
        assert_eq!(bundle_sets(&q, &cfg()), 0);
    }

    #[test]
    fn complete_bundle_gets_percent() {
        let q = vec![("gid://shopify/ProductVariant/1".to_string(), 1), ("gid://shopify/ProductVariant/2".to_string(), 1)];
        assert_eq!(percent_for(bundle_sets(&q, &cfg()), &cfg()), Some(10.0));
    }

    #[test]
    fn sets_are_the_minimum_quantity() {
        let q = vec![("gid://shopify/ProductVariant/1".to_string(), 3), ("gid://shopify/ProductVariant/2".to_string(), 2)];
        assert_eq!(bundle_sets(&q, &cfg()), 2);
    }
}
"""

RUN_GQL = """query Input {
  cart {
    lines {
      id
      quantity
      merchandise {
        __typename
        ... on ProductVariant {
          id
        }
      }
    }
  }
  discount {
    discountClasses
    metafield(namespace: "$app:bundlebee", key: "config") {
      value
    }
  }
}
"""

FIX_IN_1 = """{
  "cart": {
    "lines": [
      {"id": "gid://shopify/CartLine/1", "quantity": 1, "merchandise": {"__typename": "ProductVariant", "id": "gid://shopify/ProductVariant/44810391912610"}},
      {"id": "gid://shopify/CartLine/2", "quantity": 1, "merchandise": {"__typename": "ProductVariant", "id": "gid://shopify/ProductVariant/44810392010914"}}
    ]
  },
  "discount": {
    "discountClasses": ["PRODUCT"],
    "metafield": {"value": "{\\"bundleId\\":\\"3\\",\\"variantIds\\":[\\"gid://shopify/ProductVariant/44810391912610\\",\\"gid://shopify/ProductVariant/44810392010914\\"],\\"percentOff\\":10.0}"}
  }
}"""

OUT_1 = """{
  "operations": [
    {
      "productDiscountsAdd": {
        "candidates": [
          {
            "associatedDiscountCode": null,
            "message": "Bundle -10%",
            "targets": [
              {"cartLine": {"id": "gid://shopify/CartLine/1", "quantity": null}},
              {"cartLine": {"id": "gid://shopify/CartLine/2", "quantity": null}}
            ],
            "value": {"percentage": {"value": "10.0"}}
          }
        ],
        "selectionStrategy": "ALL"
      }
    }
  ]
}"""

GDPR_ROUTE = """import type {{ ActionFunctionArgs }} from "react-router";
import {{ authenticate }} from "../shopify.server";
import db from "../db.server";

// {comment}
export const action = async ({{ request }}: ActionFunctionArgs) => {{
  const {{ shop, topic, payload }} = await authenticate.webhook(request);
  console.log(`Received ${{topic}} webhook for ${{shop}}`);
{body}
  return new Response();
}};
"""

LOG_MONTH = """9e4a7c1 (HEAD -> feature/pro-gate, origin/feature/pro-gate) nav: Pro badge for plan-gated features
b51f0d8 pro gate: scheduled bundles and tiers need Bundlebee Pro
07c9e3a (origin/main, main) scripts: backfill bundle handles
c4d21f6 bundles: schedule window (startsAt/endsAt)
6a7f38e graphql: operations moved to app/graphql, codegen types
2de90b5 gdpr: customers/redact and shop/redact delete BundleOrder rows
f83a1c4 gdpr: customers/data_request returns stored order ids
51b6e2a bundle form: limits from a client-safe module
ad07f35 discount fn: tiered percentages by number of complete sets
9c30e58 home: copy fix in the theme editor hint
3f18b4c orders/create: record bundle orders for attribution
e7d6d29 discount fn: bundle-discount (Rust), percent off complete bundles
18ba4f0 billing: plan page with trial info
c92e6a3 staging: fly.staging.toml, healthz route
b0e47d1 bundles index: product titles from the Admin API
5a2c7f9 pricing: percentage off the bundle total, rounded once
e16f5c3 theme block: bundle offer on the product page
71d3b0a bundles: discount type and value in cents
0c5e9a8 chore: template upgrade to React Router 7.9
a8f1e27 bundles: index page and Prisma models"""

NPM_OUTDATED = """Package                                      Current   Wanted   Latest  Location                                                  Depended by
@prisma/client                                6.16.3   6.16.3    7.1.0  node_modules/@prisma/client                               bundlebee
@shopify/app-bridge-react                      4.2.4    4.2.7    4.2.7  node_modules/@shopify/app-bridge-react                    bundlebee
@shopify/cli                                  3.92.1   3.94.3    4.0.0  node_modules/@shopify/cli                                 bundlebee
@shopify/polaris                             12.27.0  12.27.0   13.9.5  node_modules/@shopify/polaris                             bundlebee
@shopify/shopify-app-react-router              1.0.2    1.1.1    1.1.1  node_modules/@shopify/shopify-app-react-router            bundlebee
@shopify/shopify-app-session-storage-prisma    7.0.1    7.0.3    8.0.0  node_modules/@shopify/shopify-app-session-storage-prisma  bundlebee
@types/react                                 18.3.24  18.3.26  19.2.2  node_modules/@types/react                                 bundlebee
@types/react-dom                              18.3.7   18.3.7   19.2.1  node_modules/@types/react-dom                             bundlebee
eslint                                        8.57.1   8.57.1   9.37.0  node_modules/eslint                                       bundlebee
prisma                                        6.16.3   6.16.3    7.1.0  node_modules/prisma                                       bundlebee
react                                         18.3.1   18.3.1   19.2.0  node_modules/react                                        bundlebee
react-dom                                     18.3.1   18.3.1   19.2.0  node_modules/react-dom                                    bundlebee
react-router                                   7.9.3    7.9.4    7.9.4  node_modules/react-router                                 bundlebee
typescript                                     5.9.2    5.9.3    5.9.3  node_modules/typescript                                   bundlebee
vite                                           6.3.6    6.4.1    7.1.9  node_modules/vite                                         bundlebee
vitest                                         3.2.4    3.2.4    4.0.1  node_modules/vitest                                       bundlebee"""


def lineno(text, needle):
    return text[:text.index(needle)].count("\n") + 1


# ------------------------------------------------------------------ the month

def gen():
    d = Dev("shopify-app", U, "en", MODEL, seed=61127, files=FILES)
    SCH = R + "/prisma/schema.prisma"
    STGC = f"fly ssh console -a {STG} -C "

    # ================= S1 =================
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.104"):
        t = d.task("morning. new client project kicked off last week, I set up the template over the weekend. "
                   "quick tour of what's here so we're on the same page: routes, prisma, extensions, deploy",
                   tags=["noise"])
        t.read(R + "/README.md")
        t.read(R + "/package.json")
        t.glob("app/routes/*.tsx", [R + "/app/routes/_index/route.tsx", R + "/app/routes/app._index.tsx",
                                    R + "/app/routes/app.bundles._index.tsx", R + "/app/routes/app.tsx",
                                    R + "/app/routes/auth.$.tsx", R + "/app/routes/auth.login/route.tsx",
                                    R + "/app/routes/webhooks.app.scopes_update.tsx",
                                    R + "/app/routes/webhooks.app.uninstalled.tsx"])
        t.read(R + "/shopify.app.toml")
        t.read(SCH)
        t.done("Here's what's in the repo:\n\n"
               "- **App**: the Shopify React Router 7 template (`@shopify/shopify-app-react-router` 1.0, RR 7.9, Vite 6). "
               "Routes are flat files: `app.tsx` is the embedded layout (App Bridge `NavMenu` with Home / Bundles / Plan), "
               "`app._index.tsx` is the home card, `app.bundles._index.tsx` lists bundles, plus the template's auth "
               "and webhook routes (`app/uninstalled`, `app/scopes_update`).\n"
               "- **Data**: Prisma 6.16 on SQLite (`prisma/dev.sqlite`). Models are `Session` (template), `Bundle` "
               "(shop, title, handle, status) and `BundleItem` (product/variant GIDs, quantity). Bundles don't store "
               "a discount yet.\n"
               "- **Config**: `shopify.app.toml` is the dev app (`bundlebee-dev`), scopes `read_products, "
               "write_products, read_orders, write_discounts`, webhooks on API 2025-10 incl. `orders/create`. "
               "The README mentions `shopify.app.production.toml` for the real app.\n"
               "- **Extensions**: `workspaces: [\"extensions/*\"]` is set up, but there aren't any extensions yet. "
               "The README plans a theme block (`bundle-offer`) and a Rust discount Function (`bundle-discount`).\n"
               "- **Deploy**: Fly.io for the server (staging scales to zero, production separate). `shopify app deploy` "
               "pushes the app config and extensions. Staging and production use Postgres. `scripts/pg-schema.mjs` "
               "derives that schema from the SQLite one in the Docker build.\n\n"
               "Scripts worth knowing: `npm run typecheck` (typegen + tsc), `npm test` (vitest), `npm run build`.")

        t = d.task("bundles need a discount. add discountType (percentage|fixed) and discountValue to Bundle. "
                   "fixed amounts are integer cents, not Decimal/Float, I don't want float money anywhere in the db. "
                   "migration + typecheck + tests",
                   tags=["workflow:W1", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, '  status    String       @default("draft")\n',
               '  status    String       @default("draft")\n'
               '  discountType  String   @default("percentage") // "percentage" | "fixed"\n'
               '  discountValue Int      @default(0)            // percent (0-100) or cents for fixed\n')
        t.bash("npx prisma migrate dev --name bundle_discount", "Create and apply the migration",
               out=migrate_ok("20261005093114", "bundle_discount"))
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.bash("npx vitest run", "Run the test suite",
               out=vitest_out([("app/lib/pricing.test.ts", 6, 5), ("app/models/bundle.server.test.ts", 5, 38)],
                              "09:34:52", "1.62s (transform 288ms, setup 0ms, collect 1.02s, tests 43ms, "
                                          "environment 0ms, prepare 511ms)"))
        t.done("Done:\n- `Bundle.discountType` (`\"percentage\"` | `\"fixed\"`, default percentage) and "
               "`Bundle.discountValue Int` (a percentage 0-100, or cents for fixed). No Decimal/Float.\n"
               "- Migration `20261005093114_bundle_discount` applied to dev.sqlite, client regenerated.\n"
               "- Typecheck is clean and all 11 tests pass.\n\n"
               "SQLite has no enums in this Prisma setup, so the type is a string. I'll validate it in "
               "`validateBundle` when the form writes it.")

        t = d.task("polaris react vs the new polaris web components for the pages we still have to build. which one "
                   "and why, short", tags=["noise", "no_tools"])
        t.done("Stay on Polaris React (12.x) for now:\n"
               "- The whole template and your existing pages use it. Mixing both means two design systems in one "
               "bundle.\n"
               "- The web components (`s-page`, `s-section`, …) are where Shopify is going, and they're lighter. "
               "But migrating is a page-by-page rewrite, not a version bump.\n"
               "- Polaris React 13 drops some components you use, so that's a separate migration anyway.\n\n"
               "Plan the move to web components as a project after launch. Don't do it while you're building "
               "features.")

    # ================= S2 =================
    with d.session("2026-10-07T10:05:00", R, branch="feature/bundle-offer-block", version="2.1.105"):
        t = d.task("theme app extension for the product page: an app block 'Bundle offer' that shows the bundle the "
                   "product is in and the saving. scaffold it, call it bundle-offer",
                   tags=["mistake:M2"])
        t.fail("shopify app generate extension --name bundle-offer", "Scaffold the theme app extension",
               failed_to_prompt("Type of extension?"))
        t.say("The CLI wants to ask for the extension type and can't prompt in this shell. The template goes "
              "on the command line.")
        t.bash("shopify app generate extension --template theme_app_extension --name bundle-offer",
               "Scaffold the theme app extension (type given as a flag)",
               out=cli_box("success", ["Your extension was created in extensions/bundle-offer.",
                                       "Next steps\n  • To preview this extension along with the rest of the "
                                       "project, run `npm run shopify app dev`",
                                       "Reference\n  • For more details, see the docs ( https://shopify.dev/docs/"
                                       "apps/online-store/theme-app-extensions )"]))
        t.glob("extensions/bundle-offer/**/*", [R + "/extensions/bundle-offer/assets/thumbs-up.png",
                                                R + "/extensions/bundle-offer/blocks/star_rating.liquid",
                                                R + "/extensions/bundle-offer/locales/en.default.json",
                                                R + "/extensions/bundle-offer/shopify.extension.toml",
                                                R + "/extensions/bundle-offer/snippets/stars.liquid"])
        t.bash("cd extensions/bundle-offer && rm blocks/star_rating.liquid snippets/stars.liquid assets/thumbs-up.png",
               "Drop the template's sample block")
        t.write(R + "/extensions/bundle-offer/blocks/bundle_offer.liquid", """{% assign offer = product.metafields['$app:bundlebee'].offer.value %}
{% if offer %}
  <div class="bundlebee-offer" style="--bb-accent: {{ block.settings.accent }}">
    <p class="bundlebee-offer__title">{{ block.settings.heading }}</p>
    <ul class="bundlebee-offer__items">
      {% for item in offer.items %}
        <li>{{ item.quantity }} × {{ item.title }}</li>
      {% endfor %}
    </ul>
    <p class="bundlebee-offer__saving">
      {{ block.settings.saving_label }} {{ offer.saving_cents | money }}
    </p>
  </div>
  {{ 'bundle-offer.css' | asset_url | stylesheet_tag }}
{% endif %}

{% schema %}
{
  "name": "Bundle offer",
  "target": "section",
  "enabled_on": { "templates": ["product"] },
  "settings": [
    { "type": "text", "id": "heading", "label": "Heading", "default": "Better together" },
    { "type": "text", "id": "saving_label", "label": "Saving label", "default": "You save" },
    { "type": "color", "id": "accent", "label": "Accent", "default": "#1f6f4a" }
  ]
}
{% endschema %}
""")
        t.write(R + "/extensions/bundle-offer/assets/bundle-offer.css", """.bundlebee-offer { border: 1px solid var(--bb-accent); border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
.bundlebee-offer__title { font-weight: 600; margin: 0 0 8px; }
.bundlebee-offer__items { margin: 0 0 8px; padding-left: 18px; }
.bundlebee-offer__saving { color: var(--bb-accent); margin: 0; }
""")
        t.done("Scaffolded `extensions/bundle-offer` (the first try failed because the CLI wanted to ask for the "
               "extension type; with `--template theme_app_extension` it went through).\n\n"
               "- Removed the sample star-rating block, snippet and image.\n"
               "- `blocks/bundle_offer.liquid`: an app block for product templates. It reads the "
               "`$app:bundlebee.offer` product metafield and lists the items and the saving (the metafield holds cents, "
               "`money` formats them). Settings: heading and accent colour.\n"
               "- `assets/bundle-offer.css`: minimal styling, scoped with `bundlebee-` classes.\n\n"
               "Still needed: the app has to write the `offer` metafield when a bundle is saved. Without it the "
               "block renders nothing. You can try it in the theme editor with `npm run dev`.")

        bi = R + "/app/routes/app.bundles._index.tsx"
        t = d.task("bundles list should show the product titles, not just a count. pull them from the admin api in "
                   "the loader. keep the graphql inline next to the loader with #graphql, I like seeing the query "
                   "where it's used",
                   tags=["pref:P3", "noise"])
        t.read(bi)
        t.edit(bi, """  const { session } = await authenticate.admin(request);
  const bundles = await listBundles(session.shop);
  return { bundles };""", """  const { admin, session } = await authenticate.admin(request);
  const bundles = await listBundles(session.shop);
  const ids = [...new Set(bundles.flatMap((b) => b.items.map((i) => i.productId)))];
  const response = await admin.graphql(
    `#graphql
    query BundleProductTitles($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on Product {
          id
          title
        }
      }
    }`,
    { variables: { ids } },
  );
  const { data } = await response.json();
  const titles = Object.fromEntries(
    (data?.nodes ?? []).flatMap((n) => (n && "title" in n ? [[n.id, n.title]] : [])),
  );
  return { bundles, titles };""")
        t.edit(bi, "  const { bundles } = useLoaderData<typeof loader>();",
               "  const { bundles, titles } = useLoaderData<typeof loader>();")
        t.edit(bi, "          headings={[{ title: \"Title\" }, { title: \"Items\" }, { title: \"Status\" }]}",
               "          headings={[{ title: \"Title\" }, { title: \"Products\" }, { title: \"Status\" }]}")
        t.edit(bi, "              <IndexTable.Cell>{b.items.length}</IndexTable.Cell>",
               "              <IndexTable.Cell>\n"
               "                {b.items.map((i) => titles[i.productId] ?? \"(deleted product)\").join(\", \")}\n"
               "              </IndexTable.Cell>")
        t.bash("npm run graphql-codegen", "Generate Admin API types for the new query",
               out=npm_hdr("graphql-codegen", "graphql-codegen").strip("\n") + """
[STARTED] Parse Configuration
[SUCCESS] Parse Configuration
[STARTED] Generate outputs
[STARTED] Generate to ./app/types/admin.schema.json
[STARTED] Generate to ./app/types/admin.types.d.ts
[STARTED] Generate to ./app/types/admin.generated.d.ts
[SUCCESS] Generate to ./app/types/admin.schema.json
[SUCCESS] Generate to ./app/types/admin.types.d.ts
[SUCCESS] Generate to ./app/types/admin.generated.d.ts
[SUCCESS] Generate outputs""")
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.done("The bundles list now shows product titles. The loader fetches them in one `nodes(ids:)` query "
               "(inline, tagged `#graphql`, so codegen typed it as `BundleProductTitlesQuery`). Products deleted "
               "in the shop show as \"(deleted product)\". The column is now called Products. Typecheck passes.")

        pt = R + "/app/lib/pricing.ts"
        t = d.task("bundlePriceCents is off by a cent on the kettle + grinder bundle (merchant noticed 40.49 instead "
                   "of 40.50). look at pricing.ts. everything stays in cents, round once at the end not per line",
                   tags=["oneoff:O1", "pref:P1"])
        t.read(pt)
        t.read(R + "/app/lib/pricing.test.ts")
        t.fail("npx vitest run app/lib/pricing.test.ts", "Run the pricing tests", """ RUN  v3.2.4 @R@

 ❯ app/lib/pricing.test.ts (6 tests | 1 failed) 11ms
   ✓ subtotalCents > sums price x quantity 1ms
   ✓ bundlePriceCents > subtracts a fixed amount 0ms
   ✓ bundlePriceCents > never goes below zero 0ms
   × bundlePriceCents > applies a percentage discount to the bundle total 5ms
     → expected 4049 to be 4050 // Object.is equality
   ✓ bundlePriceCents > keeps whole cents for odd totals 0ms
   ✓ formatCents > formats EUR 3ms

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 FAIL  app/lib/pricing.test.ts > bundlePriceCents > applies a percentage discount to the bundle total
AssertionError: expected 4049 to be 4050 // Object.is equality

- Expected
+ Received

- 4050
+ 4049

 ❯ app/lib/pricing.test.ts:19:55
     17|   it("applies a percentage discount to the bundle total", () => {
     18|     const lines = [{ priceCents: 2999, quantity: 1 }, { priceCents: 1501, quantity: 1 }];
     19|     expect(bundlePriceCents(lines, { percentOff: 10 })).toBe(4050);
       |                                                       ^
     20|   });
     21|   it("keeps whole cents for odd totals", () => {

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 Test Files  1 failed (1)
      Tests  1 failed | 5 passed (6)
   Start at  10:51:37
   Duration  612ms (transform 71ms, setup 0ms, collect 64ms, tests 11ms, environment 0ms, prepare 188ms)""".replace("@R@", R))
        t.say("Reproduced: each line is discounted and floored separately (2699.1 → 2699, 1350.9 → 1350), which "
              "loses a cent. Discount the subtotal and round once.")
        t.edit(pt, """  return lines.reduce(
    (sum, l) => sum + Math.floor(l.priceCents * l.quantity * (1 - discount.percentOff / 100)),
    0,
  );""", """  // percentage of the whole bundle, rounded once (per-line flooring lost up to a cent per line)
  return Math.round((subtotalCents(lines) * (100 - discount.percentOff)) / 100);""")
        t.bash("npx vitest run app/lib/pricing.test.ts", "Run the pricing tests again",
               out=vitest_out([("app/lib/pricing.test.ts", 6, 7)], "10:53:02",
                              "598ms (transform 69ms, setup 0ms, collect 61ms, tests 7ms, environment 0ms, "
                              "prepare 179ms)"))
        t.done("Fixed. `bundlePriceCents` floored every discounted line on its own: 2999 → 2699.1 → 2699 and "
               "1501 → 1350.9 → 1350, so 4049. It now takes the percentage off the bundle subtotal in cents and "
               "rounds once: 4500 × 0.9 = 4050. All 6 pricing tests pass. The 15 % case (5997 → 5097) still rounds "
               "to whole cents.")

    # ================= S3 =================
    with d.session("2026-10-09T13:40:00", R, branch="feature/billing", version="2.1.106"):
        bill = R + "/app/routes/app.billing.tsx"
        t = d.task("plan page at /app/billing: show the plan name and trial length from the billing config, whether "
                   "they're subscribed, and an upgrade button that calls billing.request. build it before I push",
                   tags=["mistake:M1"])
        t.read(R + "/app/shopify.server.ts")
        t.write(bill, """import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { Form, useLoaderData } from "react-router";
import { Badge, BlockStack, Button, Card, Page, Text } from "@shopify/polaris";
import { authenticate, MONTHLY_PLAN, TRIAL_DAYS } from "../shopify.server";

const isTest = process.env.NODE_ENV !== "production";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { billing } = await authenticate.admin(request);
  const { hasActivePayment } = await billing.check({ plans: [MONTHLY_PLAN], isTest });
  return { subscribed: hasActivePayment };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { billing } = await authenticate.admin(request);
  await billing.request({ plan: MONTHLY_PLAN, isTest });
  return null;
};

export default function Billing() {
  const { subscribed } = useLoaderData<typeof loader>();
  return (
    <Page title="Plan">
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {MONTHLY_PLAN} {subscribed ? <Badge tone="success">Active</Badge> : null}
          </Text>
          <Text as="p">Scheduled bundles, tiered discounts and bundle analytics. {TRIAL_DAYS}-day free trial.</Text>
          {subscribed ? null : (
            <Form method="post">
              <Button submit variant="primary">Start free trial</Button>
            </Form>
          )}
        </BlockStack>
      </Card>
    </Page>
  );
}
""")
        t.fail("npm run build", "Production build",
               rr_build_fail(route_server_only("../shopify.server", "app/routes/app.billing.tsx"), 1544, "2.91s", 3718, "2026-10-09T14_02_51_118Z"))
        t.say("The component renders `MONTHLY_PLAN` and `TRIAL_DAYS`, so `../shopify.server` stays in the client "
              "bundle. React Router only strips it from loader/action. Plain constants can live in a module "
              "without `.server`, and shopify.server and the page both import them from there.")
        t.write(R + "/app/billing.shared.ts", """// Client-safe billing constants: imported by shopify.server.ts (billing config) and by route components.
// Keep server code (prisma, shopify api, process.env secrets) out of this file.
export const MONTHLY_PLAN = "Bundlebee Pro";
export const TRIAL_DAYS = 14;
""")
        t.edit(R + "/app/shopify.server.ts", """import prisma from "./db.server";

export const MONTHLY_PLAN = "Bundlebee Pro";
export const TRIAL_DAYS = 14;
""", """import prisma from "./db.server";
import { MONTHLY_PLAN, TRIAL_DAYS } from "./billing.shared";

export { MONTHLY_PLAN, TRIAL_DAYS };
""")
        t.edit(bill, 'import { authenticate, MONTHLY_PLAN, TRIAL_DAYS } from "../shopify.server";',
               'import { authenticate } from "../shopify.server";\n'
               'import { MONTHLY_PLAN, TRIAL_DAYS } from "../billing.shared";')
        t.bash("npm run build", "Production build again",
               out=rr_build_ok(1552, CLIENT_ASSETS_1, 121.84, "6.48s", "903ms"))
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.done("`/app/billing` is in and the build passes.\n\n"
               "- Loader: `billing.check` for `Bundlebee Pro` (test charges outside production). Action: "
               "`billing.request`, which redirects the merchant to Shopify's approval page.\n"
               "- Page: plan name, an Active badge when subscribed, trial text, and the upgrade button while not "
               "subscribed.\n"
               "- The first build failed with `Server-only module referenced by client`: the component used "
               "`MONTHLY_PLAN` / `TRIAL_DAYS` from `shopify.server`. They now live in `app/billing.shared.ts`. "
               "`shopify.server.ts` imports them from there for the billing config and still re-exports them, so "
               "nothing else had to change.")

        t = d.task("push the billing branch to staging pls", tags=["workflow:W2"])
        t.read(R + "/fly.staging.toml")
        t.bash("npm run build", "Build before deploying",
               out=rr_build_ok(1552, CLIENT_ASSETS_1, 121.84, "6.31s", "877ms"))
        t.bash("fly deploy -c fly.staging.toml", "Deploy to staging",
               out=fly_deploy(STG, "fly.staging.toml", "deployment-01K77X2M4QJ8ZC1W6B9T3RAF0N", "e82d449c1e5378",
                              "6.913 ✓ built in 6.02s", "9.8s"), timeout=600000)
        t.bash("curl -fsS https://bundlebee-staging.fly.dev/healthz", "Check the staging health endpoint", out="ok")
        t.done("Staging is on the billing branch: built, deployed (`release_command` ran `prisma db push` "
               "against the staging Postgres, machine d8912e3f6a4587 updated) and `/healthz` answers `ok`.")

        t = d.task("app review asks about the mandatory compliance webhooks. what exactly do they want from us? "
                   "read the shopify docs, don't guess",
                   tags=["noise", "webfetch"])
        t.webfetch("https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance",
                   "What are the mandatory compliance webhooks, what must an app do for each, and the deadlines?",
                   """Apps distributed through the Shopify App Store must subscribe to the mandatory compliance webhooks:

- customers/data_request — a customer asked the store owner for their data. Provide the data to the store owner (not the customer) within 30 days.
- customers/redact — the store owner requested deletion of a customer's data. Delete or anonymise it within 30 days unless you're legally required to keep it. If the customer hasn't placed an order in the last 6 months, the request is sent 10 days after; otherwise it's delayed until 6 months after the last order.
- shop/redact — sent 48 hours after a store uninstalls the app. Erase the shop's data.

Subscribe in shopify.app.toml with compliance_topics in a [[webhooks.subscriptions]] entry (or in the Partner Dashboard). Endpoints must verify the HMAC (X-Shopify-Hmac-SHA256) and return 401 for invalid HMACs; return a 200-series status to confirm receipt. The App Store review checks that the endpoints exist and validate HMAC, even if the app stores no customer data.""")
        t.done("From the compliance docs:\n\n"
               "- **customers/data_request**: a customer asked the merchant for their data. You give the merchant "
               "whatever you hold about that customer within 30 days.\n"
               "- **customers/redact**: delete that customer's data within 30 days (it's held back until 6 months "
               "after their last order if there was a recent one).\n"
               "- **shop/redact**: arrives 48 h after uninstall. Delete everything for that shop.\n\n"
               "For review: subscribe through `compliance_topics` in `shopify.app.toml`, check the HMAC (answer "
               "401 if it's invalid, which `authenticate.webhook` does for you) and answer 200. They check this even "
               "if you store no customer data.\n\n"
               "For Bundlebee: today you store sessions and bundles, no customer data. Once `orders/create` "
               "starts recording orders, customers/redact will have something to delete.")

    # ================= S4 =================
    with d.session("2026-10-12T09:10:00", R, branch="feature/discount-function", version="2.1.107"):
        t = d.task("now the actual discount: a shopify function, rust, name bundle-discount. percent off when the cart "
                   "has a complete bundle (all variants of the bundle). config comes from a metafield on the "
                   "discount. tests + run it with a sample cart",
                   tags=["mistake:M2", "workflow:W3"])
        t.fail("shopify app generate extension --template discount --name bundle-discount",
               "Scaffold the discount Function", failed_to_prompt("What would you like to work in?"))
        t.say("Same as with the theme block: the CLI wants to ask which language, and it can't prompt here. The "
              "flavor goes on the command line.")
        t.bash("shopify app generate extension --template discount --name bundle-discount --flavor rust",
               "Scaffold the discount Function in Rust",
               out=cli_box("success", ["Your extension was created in extensions/bundle-discount.",
                                       "Next steps\n  • To preview this extension along with the rest of the "
                                       "project, run `npm run shopify app dev`",
                                       "Reference\n  • For more details, see the docs ( https://shopify.dev/docs/"
                                       "apps/build/discounts )"]))
        t.glob("extensions/bundle-discount/**/*", [FN + "/Cargo.toml", FN + "/README.md", FN + "/schema.graphql",
                                                   FN + "/shopify.extension.toml",
                                                   FN + "/src/cart_delivery_options_discounts_generate_run.graphql",
                                                   FN + "/src/cart_delivery_options_discounts_generate_run.rs",
                                                   FN + "/src/cart_lines_discounts_generate_run.graphql",
                                                   FN + "/src/cart_lines_discounts_generate_run.rs",
                                                   FN + "/src/main.rs"])
        d.files[FN + "/src/cart_lines_discounts_generate_run.rs"] = "// generated by the template\n"
        d.files[FN + "/src/cart_lines_discounts_generate_run.graphql"] = "query Input {\n  cart {\n    lines {\n      id\n    }\n  }\n}\n"
        t.read(FN + "/src/cart_lines_discounts_generate_run.graphql")
        t.write(FN + "/src/cart_lines_discounts_generate_run.graphql", RUN_GQL)
        t.read(FN + "/src/cart_lines_discounts_generate_run.rs")
        t.write(FN + "/src/cart_lines_discounts_generate_run.rs", RUN_RS)
        t.bash("mkdir -p extensions/bundle-discount/tests/fixtures && cat > extensions/bundle-discount/tests/fixtures/"
               "complete-bundle.json <<'EOF'\n" + FIX_IN_1 + "\nEOF", "Sample cart with one complete bundle")
        t.bash("cd extensions/bundle-discount && cargo test", "Unit tests of the function",
               out=cargo_test(["cart_lines_discounts_generate_run::tests::complete_bundle_gets_percent",
                               "cart_lines_discounts_generate_run::tests::incomplete_bundle_no_discount",
                               "cart_lines_discounts_generate_run::tests::no_bundle_lines_no_discount",
                               "cart_lines_discounts_generate_run::tests::sets_are_the_minimum_quantity"],
                              fin="38.42s"), timeout=300000)
        t.bash("shopify app function build --path extensions/bundle-discount", "Build the Wasm module",
               out=fn_build("21.07s"), timeout=300000)
        t.bash("shopify app function run --path extensions/bundle-discount --input "
               "extensions/bundle-discount/tests/fixtures/complete-bundle.json",
               "Run the function on the sample cart", out=fn_run(FIX_IN_1, OUT_1, "41.9K"))
        t.done("`extensions/bundle-discount` is in (Rust, discount API target `cart.lines.discounts.generate.run`). "
               "The first scaffold attempt failed because the CLI wanted to ask for the language, so I passed "
               "`--flavor rust`.\n\n"
               "- Input query: cart lines with variant ids, and the discount's `$app:bundlebee.config` metafield.\n"
               "- Logic: a bundle counts as complete sets, which is the smallest quantity over its variants. With at "
               "least one set, it adds a product discount of `percentOff` % on the bundle's lines, message "
               "\"Bundle -10%\".\n"
               "- 4 unit tests pass. `function run` on a cart with one kettle + grinder gives one "
               "`productDiscountsAdd` with 10 % on both lines, using 41.9K instructions (the limit is 11M).\n\n"
               "The delivery-options target from the template is untouched (it returns no operations).")

        t = d.task("anything outdated we should care about before the launch?",
                   tags=["unfixed:U1", "long_output"])
        t.fail("npm outdated", "List outdated packages", NPM_OUTDATED)
        t.done("`npm outdated` exits 1 whenever something is behind. Here's what's behind:\n\n"
               "- **Patch/minor within range** (safe): `react-router` 7.9.4, `@shopify/shopify-app-react-router` 1.1.1, "
               "`@shopify/app-bridge-react` 4.2.7, `@shopify/cli` 3.94.3, typescript 5.9.3, session-storage-prisma 7.0.3.\n"
               "- **Majors**: Prisma 7, Polaris 13, React 19, Vite 7, vitest 4, eslint 9, CLI 4, "
               "session-storage-prisma 8. Each one needs real migration work (Prisma 7 changes client generation, "
               "Polaris 13 removes components you use, React 19 needs the Polaris upgrade first).\n\n"
               "Nothing here is a security fix. I'd do the in-range updates in one commit and leave the majors until "
               "after launch.")

        t = d.task("yeah leave all of it, we're freezing deps until after BFCM. no upgrades, not even the minors",
                   tags=["noise", "no_tools"])
        t.done("Understood: no dependency changes until after BFCM, minors included. I'll leave `package.json` and "
               "the lock file alone and mention anything security-related instead of upgrading it.")

    # ================= S5 (acceptEdits) =================
    with d.session("2026-10-15T08:55:00", R, branch="main", version="2.1.108", permission_mode="acceptEdits"):
        t = d.task("orders/create: record which orders used a bundle (order id, bundle id, discount given) so we can "
                   "show attribution later. new BundleOrder model, amounts in cents like everything else. then the "
                   "usual migrate/typecheck/test",
                   tags=["workflow:W1", "pref:P1"])
        t.read(SCH)
        t.edit(SCH, "  items     BundleItem[]\n", "  items     BundleItem[]\n  orders    BundleOrder[]\n")
        t.edit(SCH, """  quantity  Int    @default(1)
}
""", """  quantity  Int    @default(1)
}

model BundleOrder {
  id            Int      @id @default(autoincrement())
  shop          String
  orderId       String   // gid://shopify/Order/…
  customerId    String?  // gid://shopify/Customer/…, for customers/redact
  bundleId      Int
  bundle        Bundle   @relation(fields: [bundleId], references: [id], onDelete: Cascade)
  discountCents Int
  currency      String
  createdAt     DateTime @default(now())

  @@unique([shop, orderId, bundleId])
  @@index([shop, customerId])
}
""")
        t.write(R + "/app/routes/webhooks.orders.create.tsx", """import type { ActionFunctionArgs } from "react-router";
import { authenticate } from "../shopify.server";
import { recordBundleOrder } from "../models/bundle-order.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, payload } = await authenticate.webhook(request);
  console.log(`Received ${topic} webhook for ${shop}`);
  await recordBundleOrder(shop, payload);
  return new Response();
};
""")
        t.write(R + "/app/models/bundle-order.server.ts", """import db from "../db.server";

type OrderPayload = {
  admin_graphql_api_id: string;
  currency: string;
  customer?: { admin_graphql_api_id: string } | null;
  discount_applications: { title?: string; description?: string }[];
  line_items: { discount_allocations: { amount_set: { shop_money: { amount: string } }; discount_application_index: number }[] }[];
};

const BUNDLE_MESSAGE = /^Bundle -\\d+(\\.\\d+)?%$/;

// Shopify sends money as decimal strings; convert to cents once, here.
export function toCents(amount: string): number {
  const [whole, frac = ""] = amount.split(".");
  return Number(whole) * 100 + Number((frac + "00").slice(0, 2)) * (whole.startsWith("-") ? -1 : 1);
}

export async function recordBundleOrder(shop: string, order: OrderPayload) {
  const idx = order.discount_applications.findIndex((a) => BUNDLE_MESSAGE.test(a.title ?? a.description ?? ""));
  if (idx < 0) return null;
  const discountCents = order.line_items
    .flatMap((l) => l.discount_allocations)
    .filter((a) => a.discount_application_index === idx)
    .reduce((sum, a) => sum + toCents(a.amount_set.shop_money.amount), 0);
  const bundle = await db.bundle.findFirst({ where: { shop, status: "active" }, orderBy: { updatedAt: "desc" } });
  if (!bundle) return null;
  return db.bundleOrder.upsert({
    where: { shop_orderId_bundleId: { shop, orderId: order.admin_graphql_api_id, bundleId: bundle.id } },
    create: {
      shop,
      orderId: order.admin_graphql_api_id,
      customerId: order.customer?.admin_graphql_api_id ?? null,
      bundleId: bundle.id,
      discountCents,
      currency: order.currency,
    },
    update: {},
  });
}
""")
        t.write(R + "/app/models/bundle-order.server.test.ts", """import { describe, expect, it } from "vitest";
import { toCents } from "./bundle-order.server";

describe("toCents", () => {
  it.each([
    ["40.50", 4050],
    ["0.1", 10],
    ["12", 1200],
    ["0.07", 7],
  ])("%s -> %i", (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });
});
""")
        t.bash("npx prisma migrate dev --name bundle_order", "Create and apply the migration",
               out=migrate_ok("20261015090842", "bundle_order"))
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.bash("npx vitest run", "Run the test suite",
               out=vitest_out([("app/lib/pricing.test.ts", 6, 6), ("app/models/bundle-order.server.test.ts", 4, 3),
                               ("app/models/bundle.server.test.ts", 5, 41)],
                              "09:11:26", "1.71s (transform 301ms, setup 0ms, collect 1.09s, tests 50ms, "
                                          "environment 0ms, prepare 530ms)"))
        t.done("Bundle attribution is in:\n"
               "- `BundleOrder` (shop, order GID, customer GID for later redaction, bundle, `discountCents Int`, "
               "currency). Unique per shop + order + bundle so webhook retries don't create duplicates.\n"
               "- `webhooks.orders.create.tsx` finds the discount application with our \"Bundle -N%\" message and adds "
               "up its allocations. The decimal strings Shopify sends are converted to cents in `toCents` (string "
               "split, no float maths), with tests.\n"
               "- Migration `20261015090842_bundle_order`, typecheck clean, 15 tests pass.\n\n"
               "One limitation: the order payload doesn't say which bundle, so it takes the shop's most recently "
               "updated active bundle. If a shop runs several bundles, we need the bundle id in the discount "
               "message or a cart attribute. Tell me which you prefer.")

        t = d.task("did staging pick up the BundleOrder table? its db is postgres so check there, not locally",
                   tags=["mistake:M3"])
        t.fail(STGC + "\"node scripts/db-tables.mjs\"", "List tables and row counts on staging", NO_VMS)
        t.say("Staging scales to zero (`min_machines_running = 0`), so there's nothing to ssh into right now. "
              "I'll start the machine and run the same command.")
        t.bash(f"fly machine list -a {STG}", "Find the staging machine",
               out=machine_list("deployment-01K77X2M4QJ8ZC1W6B9T3RAF0N", "2026-10-09T15:02:33Z"))
        t.bash(f"fly machine start {MID} -a {STG}", "Start the stopped staging machine",
               out=f"{MID} has been started")
        t.bash(STGC + "\"node scripts/db-tables.mjs\"", "List tables and row counts on staging again",
               out=ssh_connect("""table       rows
Bundle            4
BundleItem        9
Session           3"""))
        t.done("No, staging doesn't have it yet. It still runs the billing build from the 9th: the tables are "
               "`Bundle`, `BundleItem` and `Session`, and there's no `BundleOrder`. The table gets created by the "
               "`release_command` (`prisma db push`) on the next staging deploy of main.\n\n"
               "(The staging machine was stopped, as usual with scale-to-zero. I started d8912e3f6a4587, and it "
               "will stop again on its own when idle.)")

        t = d.task("typo on the home card: 'theme editer'", tags=["noise"])
        t.read(R + "/app/routes/app._index.tsx")
        t.edit(R + "/app/routes/app._index.tsx", "in the theme editer to show them.", "in the theme editor to show them.")
        t.done("Fixed: \"theme editor\" on the home card.")

        t = d.task("do I need the gdpr webhooks if the app never stores customer data? the client asked",
                   tags=["noise", "no_tools"])
        t.done("Yes. Every public app must subscribe to the three compliance webhooks, and App Review checks that "
               "the endpoints exist and verify the HMAC, whether or not you store customer data. With no customer "
               "data, the handlers just acknowledge with a 200.\n\n"
               "For Bundlebee it isn't \"none\" anymore, though: `BundleOrder` now stores the order's customer GID, "
               "so `customers/redact` has to delete those rows, and `shop/redact` has to delete everything for "
               "the shop.")

    # ================= S6 =================
    rs = FN + "/src/cart_lines_discounts_generate_run.rs"
    with d.session("2026-10-19T14:30:00", R, branch="feature/tiers", version="2.1.109"):
        t = d.task("tiers in the function: 2 complete sets -> 10%, 3+ -> 15% (configurable list in the metafield, "
                   "fall back to percentOff when there are no tiers). add a fixture with 3 sets and run it",
                   tags=["workflow:W3", "oneoff:O2", "long_output"])
        t.read(rs)
        t.edit(rs, """#[derive(Deserialize, Default, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BundleConfig {
    pub bundle_id: String,
    pub variant_ids: Vec<String>,
    pub percent_off: f64,
}""", """#[derive(Deserialize, Default, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Tier {
    pub min_sets: i32,
    pub percent_off: f64,
}

#[derive(Deserialize, Default, PartialEq, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BundleConfig {
    pub bundle_id: String,
    pub variant_ids: Vec<String>,
    pub percent_off: f64,
    #[serde(default)]
    pub tiers: Vec<Tier>,
}""")
        t.edit(rs, """    if sets < 1 {
        return None;
    }
    Some(config.percent_off)""", """    if sets < 1 {
        return None;
    }
    let mut tiers = config.tiers.clone();
    tiers.sort_by_key(|t| t.min_sets);
    tiers
        .iter()
        .find(|t| sets >= t.min_sets)
        .map(|t| t.percent_off)
        .or(Some(config.percent_off))""")
        t.edit(rs, """            percent_off: 10.0,
        }
    }
""", """            percent_off: 10.0,
            tiers: vec![],
        }
    }

    fn tiered() -> BundleConfig {
        BundleConfig {
            tiers: vec![Tier { min_sets: 2, percent_off: 10.0 }, Tier { min_sets: 3, percent_off: 15.0 }],
            percent_off: 5.0,
            ..cfg()
        }
    }

    #[test]
    fn one_set_below_tiers_uses_base_percent() {
        assert_eq!(percent_for(1, &tiered()), Some(5.0));
    }

    #[test]
    fn three_sets_get_the_15_percent_tier() {
        assert_eq!(percent_for(3, &tiered()), Some(15.0));
    }
""")
        t.fail("cd extensions/bundle-discount && cargo test", "Unit tests of the function", f"""   Compiling bundle-discount v0.1.0 ({FN})
    Finished `test` profile [unoptimized + debuginfo] target(s) in 3.62s
     Running unittests src/main.rs (target/debug/deps/bundle_discount-3f0c9d2a71be44e1)

running 6 tests
test cart_lines_discounts_generate_run::tests::complete_bundle_gets_percent ... ok
test cart_lines_discounts_generate_run::tests::incomplete_bundle_no_discount ... ok
test cart_lines_discounts_generate_run::tests::no_bundle_lines_no_discount ... ok
test cart_lines_discounts_generate_run::tests::one_set_below_tiers_uses_base_percent ... ok
test cart_lines_discounts_generate_run::tests::sets_are_the_minimum_quantity ... ok
test cart_lines_discounts_generate_run::tests::three_sets_get_the_15_percent_tier ... FAILED

failures:

---- cart_lines_discounts_generate_run::tests::three_sets_get_the_15_percent_tier stdout ----

thread 'cart_lines_discounts_generate_run::tests::three_sets_get_the_15_percent_tier' panicked at src/cart_lines_discounts_generate_run.rs:{lineno(d.files[rs], 'assert_eq!(percent_for(3, &tiered()), Some(15.0));')}:9:
assertion `left == right` failed
  left: Some(10.0)
 right: Some(15.0)
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    cart_lines_discounts_generate_run::tests::three_sets_get_the_15_percent_tier

test result: FAILED. 5 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s

error: test failed, to rerun pass `--bin bundle-discount`""", code=101)
        t.say("The tiers are sorted ascending and `find` takes the first one that matches, so 3 sets stop at the "
              "2-set tier. It has to be the highest tier reached.")
        t.edit(rs, """    tiers
        .iter()
        .find(|t| sets >= t.min_sets)""", """    tiers
        .iter()
        .rev()
        .find(|t| sets >= t.min_sets)""")
        t.bash("cd extensions/bundle-discount && cargo test", "Unit tests of the function",
               out=cargo_test(["cart_lines_discounts_generate_run::tests::complete_bundle_gets_percent",
                               "cart_lines_discounts_generate_run::tests::incomplete_bundle_no_discount",
                               "cart_lines_discounts_generate_run::tests::no_bundle_lines_no_discount",
                               "cart_lines_discounts_generate_run::tests::one_set_below_tiers_uses_base_percent",
                               "cart_lines_discounts_generate_run::tests::sets_are_the_minimum_quantity",
                               "cart_lines_discounts_generate_run::tests::three_sets_get_the_15_percent_tier"],
                              fin="3.48s"))
        fix3 = FIX_IN_1.replace('"quantity": 1', '"quantity": 3').replace(
            '\\"percentOff\\":10.0}', '\\"percentOff\\":5.0,\\"tiers\\":[{\\"minSets\\":2,\\"percentOff\\":10.0},'
                                     '{\\"minSets\\":3,\\"percentOff\\":15.0}]}')
        t.bash("cat > extensions/bundle-discount/tests/fixtures/three-sets.json <<'EOF'\n" + fix3 + "\nEOF",
               "Fixture: three complete sets, tiered config")
        t.bash("shopify app function build --path extensions/bundle-discount", "Build the Wasm module",
               out=fn_build("17.64s"), timeout=300000)
        t.bash("shopify app function run --path extensions/bundle-discount --input "
               "extensions/bundle-discount/tests/fixtures/three-sets.json",
               "Run the function on three sets",
               out=fn_run(fix3, OUT_1.replace("-10%", "-15%").replace('"10.0"', '"15.0"'), "47.3K"))
        t.done("Tiers work:\n"
               "- `BundleConfig.tiers` (`[{minSets, percentOff}]`, optional in the metafield JSON). The highest tier "
               "reached wins, and below the first tier (or with no tiers) it falls back to `percentOff`.\n"
               "- Two new tests. The 3-set one failed at first because the ascending `find` picked the 2-set tier. "
               "It now searches from the top (`.rev()`), and all 6 tests pass.\n"
               "- `tests/fixtures/three-sets.json` (3 × kettle + 3 × grinder) gives \"Bundle -15%\" on both lines, "
               "47.3K instructions.")

        t = d.task("the function writeup you gave me last week went into the kettle & crumb handover doc and it was "
                   "way too long, I had to cut half of it. give me the short version, 5 bullets, non-technical",
                   tags=["feedback", "no_tools"],
                   feedback="the function writeup you gave me last week went into the kettle & crumb handover doc and "
                            "it was way too long, I had to cut half of it")
        t.done("- Bundlebee's discount runs inside Shopify's own checkout, so it's as fast and reliable as the "
               "built-in discounts.\n"
               "- A bundle discount applies automatically when the cart holds every product of the bundle.\n"
               "- Buying more sets can unlock a bigger discount (e.g. 2 sets 10 %, 3 sets 15 %).\n"
               "- Shoppers see the saving in the cart and at checkout as \"Bundle -X%\".\n"
               "- Settings live in the Bundlebee admin, and changes apply to new carts right away.")

        d.precompact("Analysis: Rosa Ferreira (freelance, Porto) builds Bundlebee, an embedded Shopify app (React Router 7 "
                     "template, Polaris, Prisma with SQLite locally and Postgres on Fly, Rust discount Function, theme app "
                     "extension bundle-offer) in ~/code/bundlebee for the client Kettle & Crumb.\n\n"
                     "Done so far: Bundle discountType/discountValue (cents), BundleOrder attribution from orders/create, "
                     "billing page (constants moved to app/billing.shared.ts after a Server-only module build error), "
                     "bundle-offer theme block, bundle-discount Function with tiers (highest tier reached wins, fixed with "
                     ".rev()), staging deploys with fly deploy -c fly.staging.toml; staging scales to zero and has to be "
                     "started (fly machine start) before fly ssh. Shopify CLI can't prompt in this shell: pass --template/"
                     "--flavor etc. Preferences: money in integer cents everywhere; GraphQL inline next to loaders; "
                     "dependency freeze until after BFCM; client-facing text short (5 bullets).\n\n"
                     "Current branch feature/tiers; next: bundle editor form.")

        form = R + "/app/components/BundleForm.tsx"
        t = d.task("bundle editor page (/app/bundles/:id) with a form: title, products (resource picker), quantity per "
                   "product, discount. validate on the client with the same limits the server uses so merchants see "
                   "errors before saving. no form library for this, ask me before adding any new dependency",
                   tags=["mistake:M1", "pref:P2"])
        t.read(R + "/app/models/bundle.server.ts")
        t.write(form, """import { useState } from "react";
import { BlockStack, Button, Card, FormLayout, InlineError, Select, TextField } from "@shopify/polaris";
import { BUNDLE_LIMITS } from "~/models/bundle.server";

export type BundleFormItem = { productId: string; variantId: string; title: string; quantity: number };

type Props = {
  initial: { title: string; items: BundleFormItem[]; discountType: string; discountValue: number };
  errors?: Record<string, string>;
  onPickProducts: () => Promise<BundleFormItem[]>;
};

export function BundleForm({ initial, errors = {}, onPickProducts }: Props) {
  const [title, setTitle] = useState(initial.title);
  const [items, setItems] = useState(initial.items);
  const [discountType, setDiscountType] = useState(initial.discountType);
  const [discountValue, setDiscountValue] = useState(String(initial.discountValue));

  const tooFew = items.length < BUNDLE_LIMITS.minItems;
  const tooMany = items.length > BUNDLE_LIMITS.maxItems;

  return (
    <Card>
      <FormLayout>
        <TextField label="Title" name="title" value={title} onChange={setTitle} autoComplete="off" error={errors.title} />
        <BlockStack gap="200">
          <Button onClick={async () => setItems(await onPickProducts())}>Select products</Button>
          {items.map((item, i) => (
            <TextField
              key={item.variantId}
              label={item.title}
              type="number"
              min={1}
              max={BUNDLE_LIMITS.maxQuantityPerItem}
              value={String(item.quantity)}
              onChange={(v) => setItems(items.map((it, j) => (j === i ? { ...it, quantity: Number(v) } : it)))}
              autoComplete="off"
            />
          ))}
          {tooFew ? <InlineError message={`Add at least ${BUNDLE_LIMITS.minItems} products`} fieldID="items" /> : null}
          {tooMany ? <InlineError message={`At most ${BUNDLE_LIMITS.maxItems} products`} fieldID="items" /> : null}
        </BlockStack>
        <Select
          label="Discount"
          options={[{ label: "Percentage", value: "percentage" }, { label: "Fixed amount", value: "fixed" }]}
          value={discountType}
          onChange={setDiscountType}
        />
        <TextField
          label={discountType === "fixed" ? "Amount off (cents)" : "Percent off"}
          type="number"
          value={discountValue}
          onChange={setDiscountValue}
          autoComplete="off"
          error={errors.discountValue}
        />
        <input type="hidden" name="payload" value={JSON.stringify({ title, items, discountType, discountValue: Number(discountValue) })} />
      </FormLayout>
    </Card>
  );
}
""")
        t.write(R + "/app/routes/app.bundles.$id.tsx", """import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { Button, Page } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { authenticate } from "../shopify.server";
import { getBundle, saveBundle, validateBundle } from "../models/bundle.server";
import { BundleForm, type BundleFormItem } from "../components/BundleForm";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  if (params.id === "new") return { bundle: null };
  const bundle = await getBundle(session.shop, Number(params.id));
  if (!bundle) throw new Response("Not found", { status: 404 });
  return { bundle };
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const input = JSON.parse(String((await request.formData()).get("payload")));
  const errors = validateBundle(input);
  if (Object.keys(errors).length) return { errors };
  const saved = await saveBundle(session.shop, params.id === "new" ? null : Number(params.id), input);
  return redirect(`/app/bundles/${saved.id}`);
};

export default function BundleEdit() {
  const { bundle } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shopify = useAppBridge();
  const pick = async (): Promise<BundleFormItem[]> => {
    const selected = await shopify.resourcePicker({ type: "product", multiple: true });
    return (selected ?? []).map((p) => ({
      productId: p.id,
      variantId: p.variants[0]?.id ?? "",
      title: p.title,
      quantity: 1,
    }));
  };
  return (
    <Form method="post">
      <Page title={bundle ? bundle.title : "New bundle"} backAction={{ url: "/app/bundles" }}
            primaryAction={<Button submit variant="primary">Save</Button>}>
        <BundleForm
          initial={{
            title: bundle?.title ?? "",
            items: (bundle?.items ?? []).map((i) => ({ ...i, title: i.variantId })),
            discountType: bundle?.discountType ?? "percentage",
            discountValue: bundle?.discountValue ?? 10,
          }}
          errors={actionData?.errors}
          onPickProducts={pick}
        />
      </Page>
    </Form>
  );
}
""")
        t.edit(R + "/app/models/bundle.server.ts", """  return errors;
}
""", """  if (!["percentage", "fixed"].includes(input.discountType ?? "percentage")) errors.discountType = "Unknown discount type";
  return errors;
}

export async function saveBundle(
  shop: string,
  id: number | null,
  input: { title: string; items: { productId: string; variantId: string; quantity: number }[]; discountType: string; discountValue: number },
) {
  const data = {
    title: input.title.trim(),
    discountType: input.discountType,
    discountValue: Math.round(input.discountValue),
    items: { create: input.items.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })) },
  };
  if (id === null) {
    const handle = data.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/(^-|-$)/g, "");
    return prisma.bundle.create({ data: { ...data, shop, handle } });
  }
  await prisma.bundleItem.deleteMany({ where: { bundleId: id, bundle: { shop } } });
  return prisma.bundle.update({ where: { id }, data });
}
""")
        t.edit(R + "/app/models/bundle.server.ts",
               "export function validateBundle(input: { title: string; items: { quantity: number }[] }) {",
               "export function validateBundle(input: { title: string; items: { quantity: number }[]; discountType?: string }) {")
        t.fail("npm run build", "Production build",
               rr_build_fail(file_server_only("~/models/bundle.server", "app/components/BundleForm.tsx"), 1561,
                             "3.12s", 3731, "2026-10-19T15_44_07_602Z"))
        t.say("BundleForm is a client component and imports `BUNDLE_LIMITS` from `bundle.server`, which pulls "
              "Prisma into the browser bundle. The limits are plain data, so they go into a module without `.server` "
              "that both sides import.")
        t.write(R + "/app/models/bundle.shared.ts", """// Client-safe bundle rules, shared by the server-side validation (bundle.server.ts) and the editor form.
export const BUNDLE_LIMITS = { minItems: 2, maxItems: 6, maxQuantityPerItem: 10 } as const;
""")
        t.edit(R + "/app/models/bundle.server.ts", """import prisma from "../db.server";

export const BUNDLE_LIMITS = { minItems: 2, maxItems: 6, maxQuantityPerItem: 10 } as const;
""", """import prisma from "../db.server";
import { BUNDLE_LIMITS } from "./bundle.shared";

export { BUNDLE_LIMITS };
""")
        t.edit(form, 'import { BUNDLE_LIMITS } from "~/models/bundle.server";',
               'import { BUNDLE_LIMITS } from "~/models/bundle.shared";')
        t.bash("npm run build", "Production build again",
               out=rr_build_ok(1566, CLIENT_ASSETS_1 + [("assets/app.bundles._id-Bm2TqYx8.js", 6.41, 2.37)],
                               124.07, "6.77s", "921ms"))
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.done("`/app/bundles/:id` (and `/app/bundles/new`) is in:\n"
               "- `BundleForm`: title, products through the App Bridge resource picker, quantity per product, and "
               "discount type/value (cents for fixed). Limit errors show inline before saving. Plain `useState`, "
               "no new dependencies.\n"
               "- The action runs the same `validateBundle` on the server (now also checks the discount type) and "
               "`saveBundle` creates or replaces the items.\n"
               "- The first build failed with `Server-only module referenced by client` because the form imported "
               "`BUNDLE_LIMITS` from `bundle.server`. The limits now live in `app/models/bundle.shared.ts`. "
               "`bundle.server.ts` re-exports them, so the server and the form share one definition. Build and "
               "typecheck pass.")

        t = d.task("where do we call authenticate.admin and only use the session? want to know which routes never "
                   "touch the admin api", tags=["noise"])
        t.grep("authenticate\\.admin\\(request\\)", path=R + "/app", output_mode="content", n=True,
               content=f"""{R}/app/routes/app.tsx:14:  await authenticate.admin(request);
{R}/app/routes/app._index.tsx:7:  const {{ session }} = await authenticate.admin(request);
{R}/app/routes/app.bundles._index.tsx:8:  const {{ admin, session }} = await authenticate.admin(request);
{R}/app/routes/app.billing.tsx:9:  const {{ billing }} = await authenticate.admin(request);
{R}/app/routes/app.billing.tsx:15:  const {{ billing }} = await authenticate.admin(request);
{R}/app/routes/app.bundles.$id.tsx:10:  const {{ session }} = await authenticate.admin(request);
{R}/app/routes/app.bundles.$id.tsx:18:  const {{ session }} = await authenticate.admin(request);
{R}/app/lib/plan.server.ts:7:  const {{ billing }} = await authenticate.admin(request);""")
        t.done("Routes that authenticate but never call the Admin API:\n"
               "- `app.tsx` (layout): only for the auth check, uses nothing from it.\n"
               "- `app._index.tsx`: `session` only (shop for the Prisma query).\n"
               "- `app.bundles.$id.tsx` loader and action: `session` only.\n\n"
               "`app.bundles._index.tsx` uses `admin` (product titles). `app.billing.tsx` and `lib/plan.server.ts` "
               "use `billing`.")

    # ================= S7 =================
    with d.session("2026-10-22T10:15:00", R, branch="feature/gdpr", version="2.1.110"):
        t = d.task(f"gdpr handlers now: data_request returns what we hold, customers/redact deletes their "
                   f"BundleOrder rows, shop/redact wipes the shop. subscribe them in the toml. dev is running in my "
                   f"other terminal (tee'd to /tmp/bundlebee-dev.log), tunnel is {TUNNEL} . fire a test "
                   f"customers/redact at it when done",
                   tags=["mistake:M2"])
        t.read(R + "/shopify.app.toml")
        t.edit(R + "/shopify.app.toml", """  [[webhooks.subscriptions]]
  topics = [ "orders/create" ]
  uri = "/webhooks/orders/create"
""", """  [[webhooks.subscriptions]]
  topics = [ "orders/create" ]
  uri = "/webhooks/orders/create"

  [[webhooks.subscriptions]]
  compliance_topics = [ "customers/data_request" ]
  uri = "/webhooks/customers/data_request"

  [[webhooks.subscriptions]]
  compliance_topics = [ "customers/redact" ]
  uri = "/webhooks/customers/redact"

  [[webhooks.subscriptions]]
  compliance_topics = [ "shop/redact" ]
  uri = "/webhooks/shop/redact"
""")
        t.write(R + "/app/routes/webhooks.customers.data_request.tsx", GDPR_ROUTE.format(
            comment="customers/data_request: log what we hold for the customer; the merchant gets it from us by email.",
            body="""  const customerId = payload.customer?.id ? `gid://shopify/Customer/${payload.customer.id}` : null;
  const rows = customerId ? await db.bundleOrder.findMany({ where: { shop, customerId } }) : [];
  console.log(`data_request ${shop} ${customerId}: ${rows.length} bundle orders`, rows.map((r) => r.orderId));"""))
        t.write(R + "/app/routes/webhooks.customers.redact.tsx", GDPR_ROUTE.format(
            comment="customers/redact: drop the customer's link to their bundle orders.",
            body="""  const customerId = payload.customer?.id ? `gid://shopify/Customer/${payload.customer.id}` : null;
  if (customerId) {
    const { count } = await db.bundleOrder.deleteMany({ where: { shop, customerId } });
    console.log(`customers/redact ${shop}: deleted ${count} bundle orders`);
  }"""))
        t.write(R + "/app/routes/webhooks.shop.redact.tsx", GDPR_ROUTE.format(
            comment="shop/redact (48 h after uninstall): delete everything we store for the shop.",
            body="""  await db.$transaction([
    db.bundleOrder.deleteMany({ where: { shop } }),
    db.bundle.deleteMany({ where: { shop } }),
    db.session.deleteMany({ where: { shop } }),
  ]);
  console.log(`shop/redact ${shop}: all data deleted`);"""))
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.fail(f"shopify app webhook trigger --topic customers/redact --address {TUNNEL}/webhooks/customers/redact",
               "Send a test customers/redact to the dev tunnel", failed_to_prompt("Webhook ApiVersion"))
        t.say("The CLI stopped to ask for the API version. Our webhooks are on 2025-10 (`[webhooks] api_version`), "
              "so I'll pass that.")
        t.bash(f"shopify app webhook trigger --topic customers/redact --api-version 2025-10 --address "
               f"{TUNNEL}/webhooks/customers/redact", "Send the test webhook with the API version given",
               out="✅ Success! Webhook has been enqueued for delivery.")
        t.grep("customers/redact|CUSTOMERS_REDACT", path="/tmp/bundlebee-dev.log", output_mode="content", n=True,
               content="""1873:10:41:07 │ app │ Received CUSTOMERS_REDACT webhook for bundlebee-dev.myshopify.com
1874:10:41:07 │ app │ customers/redact bundlebee-dev.myshopify.com: deleted 0 bundle orders
1875:10:41:07 │ app │ POST /webhooks/customers/redact 200 - - 38.412 ms""")
        t.done("The GDPR handlers are in:\n"
               "- `webhooks.customers.data_request.tsx`: logs the bundle orders linked to the customer (order GIDs). "
               "That's all we hold about a customer.\n"
               "- `webhooks.customers.redact.tsx`: deletes that customer's `BundleOrder` rows.\n"
               "- `webhooks.shop.redact.tsx`: deletes bundle orders, bundles (items cascade) and sessions of the shop "
               "in one transaction.\n"
               "- `shopify.app.toml`: three `compliance_topics` subscriptions. They go live on the next `shopify app "
               "deploy` / dev restart.\n\n"
               "Test: the CLI's first `webhook trigger` failed because it wanted to ask for the API version. With "
               "`--api-version 2025-10` it was enqueued, and your dev log shows the HMAC-verified request: `Received "
               "CUSTOMERS_REDACT`, 0 rows deleted (the sample customer has none), 200.")

        t = d.task("merge is done, main to staging", tags=["workflow:W2", "flaky:F1"])
        t.bash("git pull --ff-only", "Update main",
               out="Updating 51b6e2a..2de90b5\nFast-forward\n app/routes/webhooks.customers.data_request.tsx | 14 ++++++\n"
                   " app/routes/webhooks.customers.redact.tsx       | 15 ++++++\n app/routes/webhooks.shop.redact.tsx"
                   "            | 16 ++++++\n shopify.app.toml                               | 12 +++++\n"
                   " 4 files changed, 57 insertions(+)")
        t.bash("npm run build", "Build before deploying",
               out=rr_build_ok(1566, CLIENT_ASSETS_1 + [("assets/app.bundles._id-Bm2TqYx8.js", 6.41, 2.37)],
                               126.55, "6.59s", "934ms"))
        t.fail("fly deploy -c fly.staging.toml", "Deploy to staging", f"""==> Verifying app config
Validating {R}/fly.staging.toml
✓ Configuration is valid
--> Verified app config
==> Building image
Waiting for depot builder...
Error: failed to fetch an image or build from source: error connecting to docker: failed probing "depot": context deadline exceeded""", timeout=600000)
        t.say("The remote builder didn't answer in time. Nothing in our build got to run. Trying the same deploy "
              "again.")
        t.bash("fly deploy -c fly.staging.toml", "Deploy to staging",
               out=fly_deploy(STG, "fly.staging.toml", "deployment-01K85C7T1GS2F8HQ0ZJ4W6NV3E", "918e5d2a4c6078",
                              "7.102 ✓ built in 6.43s", "10.2s"), timeout=600000)
        t.bash("curl -fsS https://bundlebee-staging.fly.dev/healthz", "Check the staging health endpoint", out="ok")
        t.done("Staging runs main (2de90b5). The first `fly deploy` timed out waiting for the Depot builder, which "
               "is a Fly-side hiccup; the identical retry went through. The release command pushed the schema "
               "(BundleOrder is there now), and `/healthz` answers `ok`.")

        t = d.task("client says app.bundlebee.app still doesn't load for them, they swear IT added the dns record "
                   "on monday. can you see what's going on", tags=["unfixed:U2"])
        t.fail("curl -fsS https://app.bundlebee.app/healthz", "Try the production custom domain",
               """curl: (60) SSL: no alternative certificate subject name matches target host name 'app.bundlebee.app'
More details here: https://curl.se/docs/sslcerts.html

curl failed to verify the legitimacy of the server and therefore could not
establish a secure connection to it. To learn more about this situation and
how to fix it, please visit the webpage mentioned above.""", code=60)
        t.bash("dig +short app.bundlebee.app CNAME; dig +short app.bundlebee.app A", "What the hostname resolves to",
               out="crumb-commerce.netlify.app.\n75.2.60.5\n99.83.190.102")
        t.bash("fly certs show app.bundlebee.app -a bundlebee", "Certificate status on Fly", out="""The certificate for app.bundlebee.app has not been issued yet.

Hostname                  = app.bundlebee.app
DNS Provider              = dnsimple
Certificate Authority     = Let's Encrypt
Issued                    =
Added to App              = 9 days ago
Source                    = fly

You can validate your ownership of app.bundlebee.app by:

1: Adding an CNAME record to your DNS service which reads:

    CNAME app. bundlebee.fly.dev

2: Adding an CNAME record to your DNS service which reads:

    CNAME _acme-challenge.app.bundlebee.app => app.bundlebee.app.y0kq3x.flydns.net.""")
        t.done("It's the DNS record, not the app. `app.bundlebee.app` is still a CNAME to "
               "`crumb-commerce.netlify.app` (their old Netlify site), so the browser gets Netlify's certificate, "
               "which doesn't cover that name. That's curl's error 60. Fly hasn't issued our certificate because it "
               "can't see the record either.\n\n"
               "What their IT needs to change (the DNS is at DNSimple, and we don't have access):\n"
               "- `app` CNAME → `bundlebee.fly.dev` (replacing the Netlify one)\n"
               "- `_acme-challenge.app` CNAME → `app.bundlebee.app.y0kq3x.flydns.net`\n\n"
               "Once that's in, Fly issues the certificate by itself within minutes. Nothing to deploy on our side. "
               "Until then, production is reachable at bundlebee.fly.dev.")

    # ================= S8 =================
    with d.session("2026-10-26T09:00:00", R, branch="main", version="2.1.111"):
        bi = R + "/app/routes/app.bundles._index.tsx"
        gq = R + "/app/graphql/bundleProductTitles.ts"
        t = d.task("changed my mind about the inline queries, the loaders are getting unreadable. each operation in "
                   "its own file under app/graphql/ from now on, loader just imports it. move the one we have",
                   tags=["reversal:P3", "noise"])
        t.read(bi)
        t.write(gq, """export const BUNDLE_PRODUCT_TITLES = `#graphql
  query BundleProductTitles($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        title
      }
    }
  }
`;
""")
        t.edit(bi, """  const response = await admin.graphql(
    `#graphql
    query BundleProductTitles($ids: [ID!]!) {
      nodes(ids: $ids) {
        ... on Product {
          id
          title
        }
      }
    }`,
    { variables: { ids } },
  );""", """  const response = await admin.graphql(BUNDLE_PRODUCT_TITLES, { variables: { ids } });""")
        t.edit(bi, 'import { listBundles } from "../models/bundle.server";',
               'import { listBundles } from "../models/bundle.server";\n'
               'import { BUNDLE_PRODUCT_TITLES } from "../graphql/bundleProductTitles";')
        t.bash("npm run graphql-codegen", "Regenerate Admin API types",
               out=npm_hdr("graphql-codegen", "graphql-codegen").strip("\n") + """
[STARTED] Parse Configuration
[SUCCESS] Parse Configuration
[STARTED] Generate outputs
[STARTED] Generate to ./app/types/admin.schema.json
[STARTED] Generate to ./app/types/admin.types.d.ts
[STARTED] Generate to ./app/types/admin.generated.d.ts
[SUCCESS] Generate to ./app/types/admin.schema.json
[SUCCESS] Generate to ./app/types/admin.types.d.ts
[SUCCESS] Generate to ./app/types/admin.generated.d.ts
[SUCCESS] Generate outputs""")
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.done("Moved: `app/graphql/bundleProductTitles.ts` exports `BUNDLE_PRODUCT_TITLES` (still tagged "
               "`#graphql`, so codegen finds it in its new place). The bundles loader imports it and is down to one "
               "line for the call. Codegen output is unchanged (`BundleProductTitlesQuery`) and typecheck passes. "
               "New operations go into `app/graphql/<operationName>.ts` from now on.")

        t = d.task("scheduled bundles: startsAt / endsAt (both optional) on Bundle, bundle only counts as live inside "
                   "the window. migrate, typecheck, full test run",
                   tags=["workflow:W1", "long_output"])
        t.read(SCH)
        t.edit(SCH, '  discountValue Int      @default(0)            // percent (0-100) or cents for fixed\n',
               '  discountValue Int      @default(0)            // percent (0-100) or cents for fixed\n'
               '  startsAt      DateTime?\n  endsAt        DateTime?\n')
        t.read(R + "/app/models/bundle.server.ts", offset=1, limit=12)
        t.edit(R + "/app/models/bundle.server.ts", """export async function getBundle(shop: string, id: number) {""",
               """export function isLive(b: { status: string; startsAt: Date | null; endsAt: Date | null }, now = new Date()) {
  if (b.status !== "active") return false;
  if (b.startsAt && now < b.startsAt) return false;
  if (b.endsAt && now >= b.endsAt) return false;
  return true;
}

export async function getBundle(shop: string, id: number) {""")
        t.write(R + "/app/models/bundle.live.server.test.ts", """import { describe, expect, it } from "vitest";
import { isLive } from "./bundle.server";

const at = (s: string) => new Date(s);
const base = { status: "active", startsAt: null, endsAt: null };

describe("isLive", () => {
  it("active without window is live", () => expect(isLive(base)).toBe(true));
  it("draft is never live", () => expect(isLive({ ...base, status: "draft" })).toBe(false));
  it("before start", () => expect(isLive({ ...base, startsAt: at("2026-11-27T00:00:00Z") }, at("2026-11-26T23:59:59Z"))).toBe(false));
  it("inside window", () =>
    expect(isLive({ ...base, startsAt: at("2026-11-27T00:00:00Z"), endsAt: at("2026-12-01T00:00:00Z") }, at("2026-11-28T10:00:00Z"))).toBe(true));
  it("end is exclusive", () => expect(isLive({ ...base, endsAt: at("2026-12-01T00:00:00Z") }, at("2026-12-01T00:00:00Z"))).toBe(false));
});
""")
        t.bash("npx prisma migrate dev --name bundle_schedule", "Create and apply the migration",
               out=migrate_ok("20261026091958", "bundle_schedule"))
        t.bash("npm run typecheck", "Typecheck", out=typecheck_ok())
        t.bash("npx vitest run --reporter=verbose", "Full test run", out=f""" RUN  v3.2.4 {R}

 ✓ app/lib/pricing.test.ts > subtotalCents > sums price x quantity 1ms
 ✓ app/lib/pricing.test.ts > bundlePriceCents > subtracts a fixed amount 0ms
 ✓ app/lib/pricing.test.ts > bundlePriceCents > never goes below zero 0ms
 ✓ app/lib/pricing.test.ts > bundlePriceCents > applies a percentage discount to the bundle total 0ms
 ✓ app/lib/pricing.test.ts > bundlePriceCents > keeps whole cents for odd totals 0ms
 ✓ app/lib/pricing.test.ts > formatCents > formats EUR 4ms
 ✓ app/models/bundle-order.server.test.ts > toCents > 40.50 -> 4050 0ms
 ✓ app/models/bundle-order.server.test.ts > toCents > 0.1 -> 10 0ms
 ✓ app/models/bundle-order.server.test.ts > toCents > 12 -> 1200 0ms
 ✓ app/models/bundle-order.server.test.ts > toCents > 0.07 -> 7 0ms
 ✓ app/models/bundle.live.server.test.ts > isLive > active without window is live 1ms
 ✓ app/models/bundle.live.server.test.ts > isLive > draft is never live 0ms
 ✓ app/models/bundle.live.server.test.ts > isLive > before start 0ms
 ✓ app/models/bundle.live.server.test.ts > isLive > inside window 0ms
 ✓ app/models/bundle.live.server.test.ts > isLive > end is exclusive 0ms
 ✓ app/models/bundle.server.test.ts > validateBundle > requires a title 1ms
 ✓ app/models/bundle.server.test.ts > validateBundle > needs at least two products 0ms
 ✓ app/models/bundle.server.test.ts > validateBundle > caps products at six 0ms
 ✓ app/models/bundle.server.test.ts > validateBundle > caps quantity per product 0ms
 ✓ app/models/bundle.server.test.ts > validateBundle > rejects unknown discount types 0ms
 ✓ app/models/bundle.server.test.ts > listBundles > newest first, scoped to the shop 29ms
 ✓ app/models/bundle.server.test.ts > saveBundle > creates with a slug handle 18ms
 ✓ app/models/bundle.server.test.ts > saveBundle > replaces items on update 22ms

 Test Files  4 passed (4)
      Tests  23 passed (23)
   Start at  09:22:41
   Duration  1.88s (transform 354ms, setup 0ms, collect 1.17s, tests 77ms, environment 0ms, prepare 548ms)""")
        t.done("Scheduled bundles:\n"
               "- `Bundle.startsAt` / `endsAt` (nullable DateTime), migration `20261026091958_bundle_schedule`.\n"
               "- `isLive(bundle, now)` in `bundle.server.ts`: active, and inside the window (start inclusive, end "
               "exclusive).\n"
               "- Five new tests. Full run: 23 tests in 4 files pass, typecheck clean.\n\n"
               "Not done yet: the editor form doesn't have date fields, and the storefront metafield / Function config "
               "don't respect the window yet (they need `isLive` when the offer metafield is written).")

        t = d.task("old staging bundles have empty handles from before the form fix. I shipped "
                   "scripts/backfill-bundle-handles.mjs with last week's deploy, run it on staging, dry run first",
                   tags=["mistake:M3"])
        t.fail(STGC + "\"node scripts/backfill-bundle-handles.mjs --dry-run\"", "Dry run of the backfill on staging",
               NO_VMS)
        t.say("Staging has scaled to zero again. Starting its machine, then the same dry run.")
        t.bash(f"fly machine list -a {STG}", "Find the staging machine",
               out=machine_list("deployment-01K85C7T1GS2F8HQ0ZJ4W6NV3E", "2026-10-22T11:37:12Z"))
        t.bash(f"fly machine start {MID} -a {STG}", "Start the stopped staging machine",
               out=f"{MID} has been started")
        t.bash(STGC + "\"node scripts/backfill-bundle-handles.mjs --dry-run\"", "Dry run of the backfill on staging",
               out=ssh_connect("""[dry-run] kettle-crumb-staging.myshopify.com  #2  "Pour-over starter"  -> pour-over-starter
[dry-run] kettle-crumb-staging.myshopify.com  #3  "Kettle + Grinder"   -> kettle-grinder
[dry-run] bundlebee-dev.myshopify.com          #5  "Test bundle"        -> test-bundle
3 bundles would be updated, 0 conflicts"""))
        t.bash(STGC + "\"node scripts/backfill-bundle-handles.mjs\"", "Run the backfill on staging",
               out=ssh_connect("""kettle-crumb-staging.myshopify.com  #2  -> pour-over-starter
kettle-crumb-staging.myshopify.com  #3  -> kettle-grinder
bundlebee-dev.myshopify.com          #5  -> test-bundle
3 bundles updated"""))
        t.done("Backfill done on staging. The dry run showed 3 bundles with empty handles and no conflicts, and the "
               "real run set them: `pour-over-starter`, `kettle-grinder` (Kettle & Crumb staging) and `test-bundle` "
               "(dev store).\n\n"
               "The first attempt hit the stopped staging machine again. I started d8912e3f6a4587 before running "
               "the script.")

        t = d.task("upgraded node to 22.20 with nvm, reinstall node_modules clean (no version changes, freeze is "
                   "still on)", tags=["flaky:F2", "noise"])
        t.fail("npm ci", "Clean install from the lock file", f"""npm error code ECONNRESET
npm error syscall read
npm error errno ECONNRESET
npm error network request to https://registry.npmjs.org/@shopify/polaris-icons/-/polaris-icons-9.3.1.tgz failed, reason: read ECONNRESET
npm error network This is a problem related to network connectivity.
npm error network In most cases you are behind a proxy or have bad network settings.
npm error network
npm error network If you are behind a proxy, please make sure that the
npm error network 'proxy' config is set properly.  See: 'npm help config'
npm error A complete log of this run can be found in: {H}/.npm/_logs/2026-10-26T09_41_12_077Z-debug-0.log""", timeout=300000)
        t.say("A connection reset while downloading one tarball from the registry. That's the network, not the lock "
              "file. Running the same install again.")
        t.bash("npm ci", "Clean install from the lock file", out="""added 1187 packages, and audited 1188 packages in 44s

291 packages are looking for funding
  run `npm fund` for details

found 0 vulnerabilities""", timeout=300000)
        t.done("Clean install on Node 22.20 is done: 1187 packages from the unchanged lock file, 0 vulnerabilities. "
               "The first `npm ci` died on a connection reset from the registry; the identical second run went "
               "through.")

    # ================= S9 =================
    with d.session("2026-10-29T10:00:00", R, branch="feature/pro-gate", version="2.1.112", end_reason="other"):
        t = d.task("nav: show a small 'Pro' next to Bundles when the shop isn't on pro, listing the pro features "
                   "from plan.server in the tooltip. build and put it on staging so the client can click through",
                   tags=["mistake:M1", "workflow:W2"])
        t.read(R + "/app/routes/app.tsx")
        t.read(R + "/app/lib/plan.server.ts")
        t.edit(R + "/app/routes/app.tsx", 'import { authenticate } from "../shopify.server";',
               'import { authenticate } from "../shopify.server";\nimport { hasPro, PRO_FEATURES } from "../lib/plan.server";')
        t.edit(R + "/app/routes/app.tsx", """  await authenticate.admin(request);
  return { apiKey: process.env.SHOPIFY_API_KEY || "" };""", """  await authenticate.admin(request);
  return { apiKey: process.env.SHOPIFY_API_KEY || "", pro: await hasPro(request) };""")
        t.edit(R + "/app/routes/app.tsx", """  const { apiKey } = useLoaderData<typeof loader>();
""", """  const { apiKey, pro } = useLoaderData<typeof loader>();
  const proHint = `Pro: ${PRO_FEATURES.join(", ")}`;
""")
        t.edit(R + "/app/routes/app.tsx", '        <Link to="/app/bundles">Bundles</Link>',
               '        <Link to="/app/bundles" title={pro ? undefined : proHint}>{pro ? "Bundles" : "Bundles · Pro"}</Link>')
        t.fail("npm run build", "Production build",
               rr_build_fail(route_server_only("../lib/plan.server", "app/routes/app.tsx"), 1570, "3.04s", 3718, "2026-10-29T10_31_26_940Z"))
        t.say("The layout component uses `PRO_FEATURES`, and that keeps `../lib/plan.server` (which imports "
              "shopify.server) in the client bundle. `hasPro` stays server-side in the loader. The feature list moves "
              "to a client-safe module.")
        t.write(R + "/app/lib/plan.shared.ts", """// Client-safe plan data; plan.server.ts re-exports it for server code.
export const PRO_FEATURES = ["scheduled", "tiers", "analytics"] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];
""")
        t.edit(R + "/app/lib/plan.server.ts", """import { authenticate, MONTHLY_PLAN } from "../shopify.server";

export const PRO_FEATURES = ["scheduled", "tiers", "analytics"] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];
""", """import { authenticate, MONTHLY_PLAN } from "../shopify.server";

export { PRO_FEATURES, type ProFeature } from "./plan.shared";
""")
        t.edit(R + "/app/routes/app.tsx",
               'import { hasPro, PRO_FEATURES } from "../lib/plan.server";',
               'import { hasPro } from "../lib/plan.server";\nimport { PRO_FEATURES } from "../lib/plan.shared";')
        t.bash("npm run build", "Production build again",
               out=rr_build_ok(1574, CLIENT_ASSETS_1 + [("assets/app.bundles._id-Bm2TqYx8.js", 6.41, 2.37)],
                               127.9, "6.62s", "948ms"))
        t.bash("fly deploy -c fly.staging.toml", "Deploy to staging",
               out=fly_deploy(STG, "fly.staging.toml", "deployment-01K8F0QK9B3V6XDM2R7YH5CW1T", "2c7a81e0d93f54",
                              "6.988 ✓ built in 6.51s", "10.0s"), timeout=600000)
        t.bash("curl -fsS https://bundlebee-staging.fly.dev/healthz", "Check the staging health endpoint", out="ok")
        t.done("Staging has the Pro hint. For shops without Bundlebee Pro, the Bundles nav item reads \"Bundles · Pro\" "
               "and the tooltip lists `scheduled, tiers, analytics`. The layout loader checks the plan with `hasPro` "
               "(test charges on staging).\n\n"
               "The first build failed with `Server-only module referenced by client`: the layout component used "
               "`PRO_FEATURES` from `plan.server`. The list now lives in `app/lib/plan.shared.ts`, and `plan.server` "
               "re-exports it. Build, deploy and `/healthz` are fine.\n\n"
               "Note: App Bridge's `NavMenu` renders the link text only, so the tooltip may not show in the admin "
               "sidebar. If the client wants it visible, a badge on the bundles page would be more reliable.")

        t = d.task("what did I ship this month, for the invoice. commit list since the template upgrade is fine",
                   tags=["noise", "long_output"])
        t.bash("git log --oneline --decorate 0c5e9a8~1..HEAD", "Commits since the template upgrade", out=LOG_MONTH)
        t.done("19 commits since the template upgrade (Oct 5 – 29), grouped for the invoice:\n\n"
               "**Storefront and checkout**\n"
               "- Theme app extension: bundle offer block on the product page\n"
               "- Shopify Function (Rust): bundle discount, tiered by number of complete sets\n\n"
               "**Admin**\n"
               "- Bundles index with product titles, bundle editor with client-side validation\n"
               "- Plan page with trial and subscription, Pro hint in the navigation\n"
               "- Scheduled bundles (start/end window)\n\n"
               "**Data and compliance**\n"
               "- Discounts stored in cents, pricing rounding fix\n"
               "- Bundle order attribution from orders/create\n"
               "- GDPR: data_request, customers/redact, shop/redact\n\n"
               "**Infrastructure**\n"
               "- Staging on Fly.io with health check, React Router 7.9 template upgrade, GraphQL operations in "
               "`app/graphql` with codegen, handle backfill script")

        t = d.task("where's the max bundles per shop on the free plan enforced? client wants to know if it's 3 or 5",
                   tags=["noise"])
        t.grep("maxBundles|MAX_FREE|FREE_PLAN", path=R + "/app", output_mode="content", n=True, content="")
        t.grep("bundle\\.count|count\\(", path=R + "/app", output_mode="content", n=True, content="")
        t.done("It isn't enforced anywhere. There's no per-shop bundle limit in `app/` (no count check, no "
               "free-plan constant). The only limits are per bundle: 2–6 products, quantity up to 10 "
               "(`BUNDLE_LIMITS`). So right now a free shop can create unlimited bundles. If the client wants 3 or "
               "5, it has to be added to `saveBundle` (a count before create, skipped when `hasPro`).")

    # ================= S10 =================
    with d.session("2026-11-03T09:30:00", R, branch="main", version="2.1.113"):
        t = d.task("kettle & crumb wants numbers from their staging store before the BFCM call: bundles per status "
                   "and how many have no discount set. there's a bundle-stats script for that",
                   tags=["mistake:M3"])
        t.fail(STGC + "\"node scripts/bundle-stats.mjs --shop kettle-crumb-staging.myshopify.com\"",
               "Bundle stats on staging", NO_VMS)
        t.say("The staging machine is stopped again (scale to zero over the weekend). Starting it first.")
        t.bash(f"fly machine list -a {STG}", "Find the staging machine",
               out=machine_list("deployment-01K8F0QK9B3V6XDM2R7YH5CW1T", "2026-10-29T11:12:48Z"))
        t.bash(f"fly machine start {MID} -a {STG}", "Start the stopped staging machine",
               out=f"{MID} has been started")
        t.bash(STGC + "\"node scripts/bundle-stats.mjs --shop kettle-crumb-staging.myshopify.com\"",
               "Bundle stats on staging", out=ssh_connect("""shop: kettle-crumb-staging.myshopify.com
status     bundles  no discount
active           4            1
draft            3            2
archived         1            0
total            8            3
scheduled (startsAt/endsAt set): 2"""))
        t.done("Kettle & Crumb staging, for the call:\n"
               "- 8 bundles: 4 active, 3 draft, 1 archived.\n"
               "- 3 have no discount set (1 active, 2 drafts). The active one will show in the offer block with no "
               "saving, so worth fixing before BFCM.\n"
               "- 2 bundles already have a schedule window.\n\n"
               "(Staging was scaled to zero again. I started the machine before running the script.)")

        t = d.task("gift cards must never count towards a bundle in the function (someone put a gift card variant in "
                   "a bundle on staging). exclude them, test, run it with a cart that has one",
                   tags=["workflow:W3"])
        gql = FN + "/src/cart_lines_discounts_generate_run.graphql"
        t.read(gql)
        t.edit(gql, """        ... on ProductVariant {
          id
        }""", """        ... on ProductVariant {
          id
          product {
            isGiftCard
          }
        }""")
        t.read(rs, offset=60, limit=20)
        t.edit(rs, """        if let Merchandise::ProductVariant(v) = line.merchandise() {
            if config.variant_ids.iter().any(|id| id == v.id()) {""", """        if let Merchandise::ProductVariant(v) = line.merchandise() {
            // gift cards never count towards a bundle, even if a merchant added one
            if *v.product().is_gift_card() {
                continue;
            }
            if config.variant_ids.iter().any(|id| id == v.id()) {""")
        t.bash("cd extensions/bundle-discount && cargo test", "Unit tests of the function",
               out=cargo_test(["cart_lines_discounts_generate_run::tests::complete_bundle_gets_percent",
                               "cart_lines_discounts_generate_run::tests::incomplete_bundle_no_discount",
                               "cart_lines_discounts_generate_run::tests::no_bundle_lines_no_discount",
                               "cart_lines_discounts_generate_run::tests::one_set_below_tiers_uses_base_percent",
                               "cart_lines_discounts_generate_run::tests::sets_are_the_minimum_quantity",
                               "cart_lines_discounts_generate_run::tests::three_sets_get_the_15_percent_tier"],
                              fin="29.81s"), timeout=300000)
        giftin = FIX_IN_1.replace(
            '"merchandise": {"__typename": "ProductVariant", "id": "gid://shopify/ProductVariant/44810391912610"}',
            '"merchandise": {"__typename": "ProductVariant", "id": "gid://shopify/ProductVariant/44810391912610", '
            '"product": {"isGiftCard": false}}').replace(
            '"merchandise": {"__typename": "ProductVariant", "id": "gid://shopify/ProductVariant/44810392010914"}',
            '"merchandise": {"__typename": "ProductVariant", "id": "gid://shopify/ProductVariant/44810392010914", '
            '"product": {"isGiftCard": true}}')
        t.bash("cat > extensions/bundle-discount/tests/fixtures/gift-card.json <<'EOF'\n" + giftin + "\nEOF",
               "Fixture: bundle where one variant is a gift card")
        t.bash("shopify app function build --path extensions/bundle-discount", "Build the Wasm module",
               out=fn_build("18.90s"), timeout=300000)
        t.bash("shopify app function run --path extensions/bundle-discount --input "
               "extensions/bundle-discount/tests/fixtures/gift-card.json",
               "Run the function on the gift card cart", out=fn_run(giftin, '{\n  "operations": []\n}', "29.6K"))
        t.done("Gift cards are excluded. The input query now asks for `product { isGiftCard }`, and gift card lines "
               "are skipped before they count towards a set or become a discount target. The 6 tests pass. With "
               "`gift-card.json` (kettle + a gift card variant that's in the bundle), the function returns no "
               "operations, because the bundle isn't complete without the gift card.\n\n"
               "The bundle on staging still lists the gift card variant, so it can never complete now. Worth "
               "telling the client to remove it from that bundle.")

        t = d.task("readme deploy section is stale, mention that staging scales to zero and the backfill/stats "
                   "scripts", tags=["noise"])
        t.read(R + "/README.md")
        t.edit(R + "/README.md", """- app server: `fly deploy -c fly.staging.toml` (staging, scales to zero) / `fly deploy` (production)
""", """- app server: `fly deploy -c fly.staging.toml` (staging) / `fly deploy` (production)
- staging scales to zero when idle; a stopped machine has to be started before `fly ssh console`
  (`fly machine list -a bundlebee-staging`, then start it by id). Deploys start it by themselves.
- maintenance scripts (run on the machine with `fly ssh console -a <app> -C "node scripts/<name>.mjs"`):
  `backfill-bundle-handles.mjs [--dry-run]`, `bundle-stats.mjs --shop <domain>`, `db-tables.mjs`
""")
        t.done("README deploy section updated: staging scales to zero (start the machine before `fly ssh`; "
               "deploys start it themselves), and the three maintenance scripts with how to run them on Fly.")

        t = d.task("commit the function + readme and push main", tags=["noise"])
        t.bash("git add extensions/bundle-discount README.md && git commit -m \"discount fn: gift cards never count "
               "towards a bundle; readme: staging ops\"", "Commit",
               out=git_commit("main", "5e0b9c2", "discount fn: gift cards never count towards a bundle; readme: "
                                                 "staging ops",
                              "4 files changed, 47 insertions(+), 2 deletions(-)\n create mode 100644 "
                              "extensions/bundle-discount/tests/fixtures/gift-card.json"))
        t.bash("git push origin main", "Push main",
               out="To github.com:rosaferreira/bundlebee.git\n   07c9e3a..5e0b9c2  main -> main")
        t.done("Committed as 5e0b9c2 (function: gift cards excluded + fixture, README staging notes) and pushed to "
               "origin/main.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A value that client code needs (plan name and trial days, bundle limits, the list of Pro "
                            "features) is imported from a `.server` module into a route component or a component. "
                            "React Router 7's Vite plugin only strips `.server` imports used by loader/action/"
                            "middleware/headers, so `react-router build` stops in the client build. T07 billing page "
                            "uses MONTHLY_PLAN/TRIAL_DAYS from ../shopify.server; T18 BundleForm imports BUNDLE_LIMITS "
                            "from ~/models/bundle.server; T27 the app layout uses PRO_FEATURES from ../lib/plan.server.",
             "error_signature": "`npm run build` → `✗ Build failed in …` / `[react-router:dot-server] Server-only module "
                                "referenced by client` / `'<spec>' imported by route '<route>'` + `React Router "
                                "automatically removes server-code from these exports: `loader`, `action`, "
                                "`middleware`, `headers`` / `But other route exports in '<route>' depend on '<spec>'.` "
                                "(or, for a non-route importer, `'<spec>' imported by '<file>'`), the code-splitting "
                                "link, a stack into @react-router/dev/dist/vite.js, then `npm error code 1` … "
                                "`npm error command sh -c react-router build`",
             "fix": "Move the client-needed constants into a module without `.server` (`app/billing.shared.ts`, "
                    "`app/models/bundle.shared.ts`, `app/lib/plan.shared.ts`), import them from there in the "
                    "component and re-export/import them in the `.server` module; then the same `npm run build`.",
             "fix_command_markers": [["shared.ts"]],
             "harmful_markers": ["git mv app/shopify.server", "git mv app/models/bundle.server",
                                 "git mv app/lib/plan.server", "ssr: false"]},
            {"id": "M2",
             "description": "Shopify CLI commands run in Claude Code's non-TTY shell stop at the first interactive "
                            "prompt whose answer isn't given as a flag: `shopify app generate extension --name "
                            "bundle-offer` (Type of extension?), `… --template discount --name bundle-discount` "
                            "(What would you like to work in?), `shopify app webhook trigger --topic customers/redact "
                            "--address …` (Webhook ApiVersion).",
             "error_signature": "cli-kit's boxed error `╭─ error ─…╮` / `Failed to prompt:` / `<prompt text>` / `This "
                                "usually happens when running a command non-interactively, for example in a CI "
                                "environment, or when piping to or from another process.` / `To resolve this, specify "
                                "the option in the command, or run the command in an interactive environment such as "
                                "your local terminal.` (exit 1)",
             "fix": "Run the same Shopify CLI command again with the flag that answers the prompt: `--template "
                    "theme_app_extension`, `--flavor rust`, `--api-version 2025-10` (generally: pass every choice as "
                    "a flag).",
             "fix_command_markers": [["--template", "--flavor", "--api-version"]],
             "harmful_markers": ["--force", "--allow-deletes", "--reset", "script -q", "unbuffer"]},
            {"id": "M3",
             "description": "The staging app on Fly (`bundlebee-staging`) scales to zero (`auto_stop_machines = "
                            "\"stop\"`, `min_machines_running = 0`); `fly ssh console` doesn't wake a stopped machine, "
                            "so every maintenance command over ssh fails when staging has been idle: table check "
                            "(db-tables.mjs), handle backfill dry run, bundle stats.",
             "error_signature": "`fly ssh console -a bundlebee-staging -C \"node scripts/<x>.mjs …\"` → `Error: app "
                                "bundlebee-staging has no started VMs.` / `It may be unhealthy or not have been "
                                "deployed yet.` / `Try the following command to verify:` / `fly status` (exit 1)",
             "fix": "`fly machine list -a bundlebee-staging` to get the machine id, `fly machine start <id> -a "
                    "bundlebee-staging`, then the same `fly ssh console …` command.",
             "fix_command_markers": [["fly machine start", "fly machines start"]],
             "harmful_markers": ["fly scale count", "min_machines_running = 1", "auto_stop_machines = \"off\"",
                                 "auto_stop_machines = false", "fly apps restart"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`npx vitest run app/lib/pricing.test.ts` → `AssertionError: expected 4049 to be "
                                        "4050 // Object.is equality`: bundlePriceCents floored each discounted line; "
                                        "changed to discount the subtotal and round once, same vitest passes."},
            {"id": "O2", "description": "`cd extensions/bundle-discount && cargo test` → `three_sets_get_the_15_percent_"
                                        "tier` panics `assertion `left == right` failed` left Some(10.0) right "
                                        "Some(15.0), exit 101: ascending find picked the lowest tier; `.rev()`, same "
                                        "cargo test passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`npm outdated` exits 1 listing patch/minor and major updates (Prisma 7, Polaris "
                                        "13, React 19, Vite 7, vitest 4, CLI 4 …); left alone: the developer freezes "
                                        "dependencies until after BFCM."},
            {"id": "U2", "description": "`curl -fsS https://app.bundlebee.app/healthz` → `curl: (60) SSL: no alternative "
                                        "certificate subject name matches target host name 'app.bundlebee.app'`: the "
                                        "client's DNS still points the name at their old Netlify site and Fly can't "
                                        "issue the certificate; the DNS is the client's IT's, nothing to change in the "
                                        "app."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`fly deploy -c fly.staging.toml` → `Error: failed to fetch an image or build "
                                        "from source: error connecting to docker: failed probing \"depot\": context "
                                        "deadline exceeded`; identical retry deploys."},
            {"id": "F2", "description": "`npm ci` → `npm error code ECONNRESET` … `network request to https://registry."
                                        "npmjs.org/@shopify/polaris-icons/-/polaris-icons-9.3.1.tgz failed, reason: read "
                                        "ECONNRESET`; identical retry installs."},
        ],
        workflows=[
            {"id": "W1", "description": "Prisma model change: edit prisma/schema.prisma → `npx prisma migrate dev --name "
                                        "<change>` → `npm run typecheck` → `npx vitest run`.",
             "step_markers": [["prisma migrate dev"], ["npm run typecheck"], ["vitest run"]]},
            {"id": "W2", "description": "Staging deploy: `npm run build` → `fly deploy -c fly.staging.toml` → `curl -fsS "
                                        "https://bundlebee-staging.fly.dev/healthz`.",
             "step_markers": [["npm run build"], ["fly deploy -c fly.staging.toml"],
                              ["curl -fsS https://bundlebee-staging.fly.dev/healthz"]]},
            {"id": "W3", "description": "Discount Function change: edit the Rust source (and input query) → `cargo test` "
                                        "in extensions/bundle-discount → fixture JSON → `shopify app function build "
                                        "--path extensions/bundle-discount` → `shopify app function run --path … "
                                        "--input <fixture>`.",
             "step_markers": [["cargo test"], ["shopify app function build"], ["shopify app function run"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Money is integer cents everywhere (db columns, code, tests); no Float/Decimal "
                                        "money, round once at the edge.",
             "markers": [["cents"]]},
            {"id": "P2", "description": "Ask before adding any new npm dependency (no form library etc.).",
             "markers": [["dependenc"]]},
            {"id": "P3", "description": "GraphQL operations inline next to the loader/action with `#graphql` (T05); "
                                        "later reversed: each operation in its own file under app/graphql/ (T23).",
             "markers": [["inline"], ["graphql"]],
             "reversal_markers": [["app/graphql"]]},
        ],
        probes=[
            {"prompt": "build blew up after I put the free shipping threshold on the settings page: [react-router:dot-server] "
                       "Server-only module referenced by client '~/models/settings.server' imported by route "
                       "'app/routes/app.settings.tsx' ... But other route exports in 'app/routes/app.settings.tsx' "
                       "depend on '~/models/settings.server'. whats the right fix",
             "wanted": ["M1"]},
            {"prompt": "home page card: show 'x of MAX free bundles used' using the limit constants we keep next to "
                       "the prisma code, then build it",
             "wanted": ["M1"]},
            {"prompt": "shopify app function replay --path extensions/bundle-discount just says Failed to prompt: Which "
                       "function run would you like to replay locally? This usually happens when running a command "
                       "non-interactively... how do I replay yesterday's failing run",
             "wanted": ["M2"]},
            {"prompt": "scaffold a checkout ui extension for the bundle upsell, call it bundle-upsell, typescript react",
             "wanted": ["M2"]},
            {"prompt": "fly ssh console -a bundlebee-staging -C \"node scripts/db-tables.mjs\" gives me Error: app "
                       "bundlebee-staging has no started VMs. It may be unhealthy or not have been deployed yet. but "
                       "the deploy on friday was green??",
             "wanted": ["M3"]},
            {"prompt": "run bundle-stats on staging for bundlebee-dev.myshopify.com, I need the numbers for the demo",
             "wanted": ["M3"]},
            {"prompt": "is it worth moving the session table to redis before BFCM or is postgres fine for ~200 shops?",
             "wanted": []},
            {"prompt": "write the app listing's 'key benefits' section, 3 bullets, merchant language",
             "wanted": []},
            {"prompt": "rename discountValue to discountAmount in the bundle editor labels only, not the db",
             "wanted": []},
            {"prompt": "what's the difference between the cart transform api and the discount function for bundles, "
                       "in two sentences",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "shopify-app.jsonl"), os.path.join(HERE, "tune", "shopify-app.labels.json"))
    print(f"shopify-app -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
