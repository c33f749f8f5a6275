"""ts-front: Priya, TypeScript front end (Next.js 14 app router, pnpm, vitest, eslint, tsc, playwright)."""
from tracegen import Dev

U = "priya"
R = "/home/priya/dev/storefront"
MODEL = "claude-opus-4-5-20251101"
ORIGIN = "github.com:northwind-shop/storefront.git"


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("package.json"): """{
  "name": "storefront",
  "version": "0.14.2",
  "private": true,
  "packageManager": "pnpm@9.12.3",
  "scripts": {
    "dev": "next dev",
    "build": "next build",
    "start": "next start",
    "lint": "next lint",
    "typecheck": "tsc --noEmit",
    "test": "vitest run",
    "test:watch": "vitest",
    "test:e2e": "playwright test",
    "format": "prettier --write ."
  },
  "dependencies": {
    "@radix-ui/react-dialog": "^1.1.2",
    "@tanstack/react-query": "^5.59.16",
    "@tanstack/react-query-devtools": "^5.59.16",
    "clsx": "^2.1.1",
    "next": "14.2.18",
    "react": "18.3.1",
    "react-dom": "18.3.1",
    "zod": "^3.23.8",
    "zustand": "^5.0.1"
  },
  "devDependencies": {
    "@playwright/test": "^1.48.2",
    "@testing-library/jest-dom": "^6.6.3",
    "@testing-library/react": "^16.0.1",
    "@testing-library/user-event": "^14.5.2",
    "@types/node": "^20.17.6",
    "@types/react": "^18.3.12",
    "@vitejs/plugin-react": "^4.3.3",
    "eslint": "^8.57.1",
    "eslint-config-next": "14.2.18",
    "jsdom": "^25.0.1",
    "prettier": "^3.3.3",
    "prettier-plugin-tailwindcss": "^0.6.8",
    "tailwindcss": "^3.4.14",
    "typescript": "^5.6.3",
    "vitest": "^2.1.5"
  }
}
""",
    P("src/hooks/useCart.ts"): """import { create } from "zustand";
import { persist } from "zustand/middleware";

export type CartLine = {
  sku: string;
  name: string;
  unitPrice: number; // cents
  quantity: number;
};

type CartState = {
  lines: CartLine[];
  isOpen: boolean;
  add: (line: Omit<CartLine, "quantity">, quantity?: number) => void;
  remove: (sku: string) => void;
  setQuantity: (sku: string, quantity: number) => void;
  open: () => void;
  close: () => void;
};

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      isOpen: false,
      add: (line, quantity = 1) =>
        set((s) => {
          const existing = s.lines.find((l) => l.sku === line.sku);
          if (existing) {
            return {
              lines: s.lines.map((l) =>
                l.sku === line.sku ? { ...l, quantity: l.quantity + quantity } : l,
              ),
            };
          }
          return { lines: [...s.lines, { ...line, quantity }] };
        }),
      remove: (sku) => set((s) => ({ lines: s.lines.filter((l) => l.sku !== sku) })),
      setQuantity: (sku, quantity) =>
        set((s) => ({
          lines: s.lines.map((l) => (l.sku === sku ? { ...l, quantity } : l)),
        })),
      open: () => set({ isOpen: true }),
      close: () => set({ isOpen: false }),
    }),
    { name: "nw-cart", partialize: (s) => ({ lines: s.lines }) },
  ),
);

export const cartSubtotal = (lines: CartLine[]) =>
  lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
""",
    P("src/components/cart/CartDrawer.tsx"): """"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { cartSubtotal, useCart } from "@/hooks/useCart";
import { formatPrice } from "@/lib/format";
import { CartLineRow } from "./CartLineRow";

export function CartDrawer() {
  const { lines, isOpen, close } = useCart();
  const subtotal = cartSubtotal(lines);

  return (
    <Dialog.Root open={isOpen} onOpenChange={(o) => (o ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-black/40" />
        <Dialog.Content className="fixed right-0 top-0 h-full w-full max-w-md bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Your cart</Dialog.Title>
          {lines.length === 0 ? (
            <p className="mt-6 text-sm text-neutral-500">Your cart is empty.</p>
          ) : (
            <ul className="mt-6 divide-y">
              {lines.map((l) => (
                <CartLineRow key={l.sku} line={l} />
              ))}
            </ul>
          )}
          <div className="mt-6 flex justify-between border-t pt-4 font-medium">
            <span>Subtotal</span>
            <span>{formatPrice(subtotal)}</span>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
""",
    P("src/lib/format.ts"): """const formatters = new Map<string, Intl.NumberFormat>();

export function formatPrice(cents: number, currency = "USD", locale = "en-US"): string {
  const key = `${locale}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, f);
  }
  return f.format(cents / 100);
}

/** @deprecated use formatPrice */
export const formatCurrency = (amount: number) => formatPrice(Math.round(amount * 100));
""",
    P("src/components/product/ProductCard.tsx"): """import Image from "next/image";
import Link from "next/link";
import type { Product } from "@/lib/api/types";
import { formatPrice } from "@/lib/format";

type ProductCardProps = {
  product: Product;
};

export function ProductCard({ product }: ProductCardProps) {
  return (
    <Link href={`/products/${product.slug}`} className="group block">
      <div className="aspect-square overflow-hidden rounded-lg bg-neutral-100">
        <Image
          src={product.image.url}
          alt={product.image.alt}
          width={480}
          height={480}
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </div>
      <h3 className="mt-3 text-sm font-medium text-neutral-900">{product.name}</h3>
      <p className="mt-1 text-sm text-neutral-700">{formatPrice(product.price)}</p>
    </Link>
  );
}
""",
    P("src/lib/validation/address.ts"): """import { z } from "zod";

export const addressSchema = z.object({
  fullName: z.string().min(1, "Enter your full name"),
  line1: z.string().min(1, "Enter a street address"),
  line2: z.string().optional(),
  city: z.string().min(1, "Enter a city"),
  state: z.string().length(2, "Use the 2-letter state code"),
  zip: z.string().min(1, "Enter a ZIP code"),
  phone: z.string().optional(),
});

export type AddressInput = z.infer<typeof addressSchema>;
""",
    P("src/lib/validation/address.test.ts"): """import { describe, expect, it } from "vitest";
import { addressSchema } from "./address";

const valid = {
  fullName: "Dana Whitfield",
  line1: "221 Larkin St",
  city: "San Francisco",
  state: "CA",
  zip: "94102",
};

describe("addressSchema", () => {
  it("accepts a complete address", () => {
    expect(addressSchema.safeParse(valid).success).toBe(true);
  });

  it("rejects a lowercase or long state", () => {
    expect(addressSchema.safeParse({ ...valid, state: "Cal" }).success).toBe(false);
  });
});
""",
    P("src/app/search/page.tsx"): """"use client";

import { useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { searchProducts } from "@/lib/api/client";
import { ProductGrid } from "@/components/product/ProductGrid";

export default function SearchPage() {
  const params = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, isPending } = useQuery({
    queryKey: ["search", q],
    queryFn: () => searchProducts(q),
    enabled: q.length > 1,
  });

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Results for \u201c{q}\u201d</h1>
      {isPending ? <p className="mt-6">Searching\u2026</p> : <ProductGrid products={data ?? []} />}
    </main>
  );
}
""",
    P("src/lib/api/client.ts"): """import type { Product, Order } from "./types";

const API_URL = process.env.NEXT_PUBLIC_API_URL ?? "http://localhost:8080";

async function get<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, init);
  if (!res.ok) {
    throw new Error(`GET ${path} failed: ${res.status}`);
  }
  return res.json() as Promise<T>;
}

export const getProduct = (slug: string) => get<Product>(`/products/${slug}`);

export const listProducts = (category?: string) =>
  get<Product[]>(`/products${category ? `?category=${encodeURIComponent(category)}` : ""}`);

export const searchProducts = (q: string) =>
  get<Product[]>(`/search?q=${encodeURIComponent(q)}`);

export const listOrders = () => get<Order[]>(`/me/orders`, { credentials: "include" });
""",
    P("src/app/(shop)/wishlist/page.tsx"): """"use client";

import { useWishlist } from "@/components/wishlist/useWishlist";
import { ProductGrid } from "@/components/product/ProductGrid";
import { useProductsBySku } from "@/lib/api/hooks";

export default function WishlistPage() {
  const skus = useWishlist((s) => s.skus);
  const { data: products = [] } = useProductsBySku(skus);

  if (skus.length === 0) {
    return null;
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold">Wishlist</h1>
      <ProductGrid products={products} />
    </main>
  );
}
""",
    P("playwright.config.ts"): """import { defineConfig, devices } from "@playwright/test";

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  retries: process.env.CI ? 2 : 0,
  reporter: "list",
  use: {
    baseURL: "http://localhost:3000",
    trace: "on-first-retry",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "pnpm build && pnpm start",
    url: "http://localhost:3000",
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
""",
}


# ---------------------------------------------------------------- outputs
VT = {"v": "2.1.5"}


def vitest_pass(files, start, dur="1.32s"):
    """files: list of (path, ntests, ms)"""
    lines = ["", f" RUN  v{VT['v']} {R}", ""]
    total = 0
    for f, n, ms in files:
        lines.append(f" \u2713 {f} ({n} test{'s' if n != 1 else ''}) {ms}ms")
        total += n
    nf = len(files)
    lines += ["", f" Test Files  {nf} passed ({nf})", f"      Tests  {total} passed ({total})",
              f"   Start at  {start}",
              f"   Duration  {dur} (transform 212ms, setup 301ms, collect 688ms, tests 143ms, environment 1.02s, prepare 164ms)", ""]
    return "\n".join(lines)


def vitest_unresolved(failing_test, importer, pkg, line_no, src_lines, others, start):
    col = src_lines[line_no - 1].find('"') + 1
    ctx = []
    for i in range(max(1, line_no - 2), min(len(src_lines), line_no + 2) + 1):
        ctx.append(f"  {i}  |  {src_lines[i - 1]}")
        if i == line_no:
            ctx.append("     |  " + " " * (col - 1) + "^")
    out = ["", f" RUN  v{VT['v']} {R}", "", f" \u276f {failing_test} (0 test)"]
    for f, n, ms in others:
        out.append(f" \u2713 {f} ({n} tests) {ms}ms")
    passed = sum(n for _, n, _ in others)
    out += ["", "\u23af" * 6 + " Failed Suites 1 " + "\u23af" * 7, "",
            f" FAIL  {failing_test} [ {failing_test} ]",
            f'Error: Failed to resolve import "{pkg}" from "{importer}". Does the file exist?',
            "  Plugin: vite:import-analysis",
            f"  File: {R}/{importer}:{line_no}:{col}"] + ctx + [
            " \u276f TransformPluginContext._formatError node_modules/.pnpm/vite@5.4.11_@types+node@20.17.6/node_modules/vite/dist/node/chunks/dep-CB_7IfJ-.js:49257:41",
            " \u276f TransformPluginContext.error node_modules/.pnpm/vite@5.4.11_@types+node@20.17.6/node_modules/vite/dist/node/chunks/dep-CB_7IfJ-.js:49252:16",
            " \u276f normalizeUrl node_modules/.pnpm/vite@5.4.11_@types+node@20.17.6/node_modules/vite/dist/node/chunks/dep-CB_7IfJ-.js:64042:23",
            " \u276f node_modules/.pnpm/vite@5.4.11_@types+node@20.17.6/node_modules/vite/dist/node/chunks/dep-CB_7IfJ-.js:64174:39",
            "", "\u23af" * 50 + "[1/1]\u23af", "",
            f" Test Files  1 failed | {len(others)} passed ({len(others) + 1})",
            f"      Tests  {passed} passed ({passed})",
            f"   Start at  {start}",
            "   Duration  1.87s (transform 301ms, setup 288ms, collect 402ms, tests 61ms, environment 1.11s, prepare 139ms)", ""]
    return "\n".join(out)


def pnpm_install(added, removed, pkgs, secs):
    plus = "+" * added + "-" * removed
    deps = "\n".join(f"+ {p}" for p in pkgs)
    return f"""Lockfile is up to date, resolution step is skipped
Packages: +{added} -{removed}
{plus}
Progress: resolved 1187, reused {1187 - added}, downloaded {added}, added {added}, done

dependencies:
{deps}

Done in {secs}s"""


def script_header(name, cmd):
    return f"\n> storefront@0.14.2 {name} {R}\n> {cmd}\n"


LINT_OK = script_header("lint", "next lint") + "\n\u2714 No ESLint warnings or errors"
TSC_OK = script_header("typecheck", "tsc --noEmit")


def push_ok(branch, old, new, objs=19, new_branch=False):
    if new_branch:
        return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 12 threads
Compressing objects: 100% ({objs // 2}/{objs // 2}), done.
Writing objects: 100% ({objs - 6}/{objs - 6}), 3.48 KiB | 3.48 MiB/s, done.
Total {objs - 6} (delta 7), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% (7/7), completed with 6 local objects.
remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:
remote:      https://github.com/northwind-shop/storefront/pull/new/{branch}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 12 threads
Compressing objects: 100% ({objs // 2}/{objs // 2}), done.
Writing objects: 100% ({objs - 7}/{objs - 7}), 2.91 KiB | 2.91 MiB/s, done.
Total {objs - 7} (delta 8), reused 0 (delta 0), pack-reused 0 (from 0)
remote: Resolving deltas: 100% (8/8), completed with 7 local objects.
To {ORIGIN}
   {old}..{new}  {branch} -> {branch}"""


def push_rejected(branch, kind):
    if kind == "fetch first":
        hint = """hint: Updates were rejected because the remote contains work that you do not
hint: have locally. This is usually caused by another repository pushing to
hint: the same ref. If you want to integrate the remote changes, use
hint: 'git pull' before pushing again.
hint: See the 'Note about fast-forwards' in 'git push --help' for details."""
    else:
        hint = """hint: Updates were rejected because the tip of your current branch is behind
hint: its remote counterpart. If you want to integrate the remote changes,
hint: use 'git pull' before pushing again.
hint: See the 'Note about fast-forwards' in 'git push --help' for details."""
    return f"""To {ORIGIN}
 ! [rejected]        {branch} -> {branch} ({kind})
error: failed to push some refs to '{ORIGIN}'
{hint}"""


def pull_rebase(branch, old, new, fetched=False):
    upd = "" if fetched else f"\n   {old}..{new}  {branch} -> origin/{branch}"
    return f"""From github.com:northwind-shop/storefront
 * branch            {branch} -> FETCH_HEAD{upd}
Successfully rebased and updated refs/heads/{branch}."""


def e2e_port_in_use(spec):
    return script_header("test:e2e", f"playwright test {spec}".strip()) + """
Error: http://localhost:3000 is already used, make sure that nothing is running on the port/url or set reuseExistingServer:true in config.webServer.


 ELIFECYCLE  Command failed with exit code 1."""


def e2e_pass(spec, tests, secs):
    lines = [script_header("test:e2e", f"playwright test {spec}".strip()), "",
             f"Running {len(tests)} tests using {min(4, len(tests))} workers", ""]
    for i, (name, t) in enumerate(tests, 1):
        lines.append(f"  \u2713  {i} [chromium] \u203a {name} ({t})")
    lines += ["", f"  {len(tests)} passed ({secs})", "", "To open last HTML report run:", "",
              "  pnpm exec playwright show-report", ""]
    return "\n".join(lines)


def build_ok(version="14.2.18", extra_routes=()):
    routes = [
        ("\u250c \u25cb /", "5.21 kB", "98.4 kB"),
        ("\u251c \u25cb /_not-found", "873 B", "88.1 kB"),
        ("\u251c \u0192 /api/revalidate", "0 B", "0 B"),
        ("\u251c \u25cb /account", "2.4 kB", "101 kB"),
        ("\u251c \u0192 /account/orders", "3.12 kB", "112 kB"),
        ("\u251c \u25cb /cart", "4.87 kB", "118 kB"),
        ("\u251c \u25cb /checkout", "11.3 kB", "131 kB"),
        ("\u251c \u0192 /products/[slug]", "6.02 kB", "114 kB"),
        ("\u2514 \u25cb /search", "3.9 kB", "116 kB"),
    ]
    table = "\n".join(f"{a:<41}{b:<9}{c:>13}" for a, b, c in routes)
    return f"""
> storefront@0.14.2 build {R}
> next build

  \u25b2 Next.js {version}
  - Environments: .env.local

   Creating an optimized production build ...
 \u2713 Compiled successfully
   Linting and checking validity of types ...
   Collecting page data ...
   Generating static pages (0/14) ...
   Generating static pages (3/14) 
   Generating static pages (6/14) 
   Generating static pages (10/14) 
 \u2713 Generating static pages (14/14)
   Finalizing page optimization ...
   Collecting build traces ...

Route (app)                              Size     First Load JS
{table}
+ First Load JS shared by all            87.2 kB
  \u251c chunks/117-2b5a0b1d6e0e8d3c.js       31.7 kB
  \u251c chunks/fd9d1056-6f8b1c2e4a9d7c52.js  53.6 kB
  \u2514 other shared chunks (total)          1.9 kB


\u0192 Middleware                             26.8 kB

\u25cb  (Static)   prerendered as static content
\u0192  (Dynamic)  server-rendered on demand
"""


def gen():
    d = Dev("ts-front", U, "en", MODEL, seed=7301, files=FILES)

    # ================================================================ S1
    with d.session("2026-01-07T09:41:00", R, branch="main", version="2.1.2"):
        t = d.task("Give me a quick tour of how the cart state works — where does it live and who reads it?",
                   tags=["noise"])
        t.glob("src/**/*art*", [P("src/hooks/useCart.ts"), P("src/components/cart/CartDrawer.tsx"),
                                P("src/components/cart/CartLineRow.tsx"), P("src/components/cart/CartLine.test.tsx"),
                                P("src/app/(shop)/cart/page.tsx")])
        t.read(P("src/hooks/useCart.ts"))
        t.read(P("src/components/cart/CartDrawer.tsx"))
        t.grep("useCart\\(", [P("src/components/cart/CartDrawer.tsx"), P("src/components/cart/CartLineRow.tsx"),
                              P("src/components/product/AddToCartButton.tsx"), P("src/app/(shop)/cart/page.tsx"),
                              P("src/components/layout/HeaderCartIcon.tsx")], path=P("src"))
        t.done("""Cart state is a single **zustand** store in `src/hooks/useCart.ts`:

- `lines` (sku, name, unitPrice in cents, quantity) plus `isOpen` for the drawer.
- Actions: `add` (merges quantities for the same sku), `remove`, `setQuantity`, `open`, `close`.
- It's wrapped in `persist` under the key `nw-cart`, but `partialize` only persists `lines` — the drawer's open state resets on reload.
- `cartSubtotal(lines)` is a plain helper, not part of the store.

Readers: `CartDrawer` (radix Dialog, shows lines + subtotal), `CartLineRow`, `AddToCartButton`, `HeaderCartIcon`, and the `/cart` page. There's no server sync — the cart is purely client-side until checkout.""")

        t = d.task("Add a PriceTag component: shows the price, and when there's a compareAt price, the old price struck "
                   "through next to it. Named exports please — we don't do default exports in this codebase. And style "
                   "it with Tailwind classes, don't create a CSS module for it.",
                   tags=["workflow:W1", "pref:P1", "pref:P2"])
        t.read(P("src/lib/format.ts"))
        t.say("I'll reuse `formatPrice` (cents in) and write the component plus a small test next to it.")
        t.write(P("src/components/product/PriceTag.tsx"), """import clsx from "clsx";
import { formatPrice } from "@/lib/format";

type PriceTagProps = {
  price: number; // cents
  compareAt?: number | null; // cents
  currency?: string;
  className?: string;
};

export function PriceTag({ price, compareAt, currency = "USD", className }: PriceTagProps) {
  const onSale = compareAt != null && compareAt > price;
  return (
    <p className={clsx("flex items-baseline gap-2", className)}>
      <span className={clsx("font-medium", onSale ? "text-red-700" : "text-neutral-900")}>
        {formatPrice(price, currency)}
      </span>
      {onSale && (
        <s className="text-sm text-neutral-500" aria-label="Original price">
          {formatPrice(compareAt, currency)}
        </s>
      )}
    </p>
  );
}
""")
        t.write(P("src/components/product/PriceTag.test.tsx"), """import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PriceTag } from "./PriceTag";

describe("PriceTag", () => {
  it("renders the formatted price", () => {
    render(<PriceTag price={1999} />);
    expect(screen.getByText("$19.99")).toBeInTheDocument();
  });

  it("shows the compare-at price struck through when on sale", () => {
    render(<PriceTag price={1499} compareAt={1999} />);
    expect(screen.getByLabelText("Original price")).toHaveTextContent("$19.99");
  });

  it("hides compare-at when it is not higher than the price", () => {
    render(<PriceTag price={1999} compareAt={1999} />);
    expect(screen.queryByLabelText("Original price")).not.toBeInTheDocument();
  });

  it("supports other currencies", () => {
    render(<PriceTag price={2500} currency="EUR" />);
    expect(screen.getByText("\u20ac25.00")).toBeInTheDocument();
  });
});
""")
        t.bash("pnpm vitest run src/components/product/PriceTag.test.tsx", "Run PriceTag tests",
               out=vitest_pass([("src/components/product/PriceTag.test.tsx", 4, 41)], "09:52:14", "1.21s"))
        t.bash("pnpm lint", "Lint the project", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check the project", out=TSC_OK)
        t.done("""Added `src/components/product/PriceTag.tsx` (named export `PriceTag`, Tailwind only) and a test file.

- `compareAt` only shows when it's strictly higher than `price`; the sale price turns red-700 in that case.
- The struck-through price has `aria-label="Original price"` so screen readers don't just read two numbers.

4 tests pass, lint and `tsc` are clean.""")

        t = d.task("Use PriceTag in ProductCard instead of the plain price paragraph.", tags=["noise"])
        t.read(P("src/components/product/ProductCard.tsx"))
        t.edit(P("src/components/product/ProductCard.tsx"),
               'import { formatPrice } from "@/lib/format";\n',
               'import { PriceTag } from "./PriceTag";\n')
        t.edit(P("src/components/product/ProductCard.tsx"),
               '      <p className="mt-1 text-sm text-neutral-700">{formatPrice(product.price)}</p>\n',
               '      <PriceTag price={product.price} compareAt={product.compareAtPrice} className="mt-1 text-sm" />\n')
        t.bash("pnpm vitest run src/components/product", "Run product component tests",
               out=vitest_pass([("src/components/product/PriceTag.test.tsx", 4, 39),
                                ("src/components/product/ProductGrid.test.tsx", 2, 57),
                                ("src/components/product/ProductCard.test.tsx", 2, 62)], "10:03:40", "1.44s"))
        t.done("`ProductCard` now renders `<PriceTag price={product.price} compareAt={product.compareAtPrice} />`; "
               "the unused `formatPrice` import is gone. All 8 product component tests pass.")

    # ================================================================ S2
    with d.session("2026-01-09T10:05:00", R, branch="feat/checkout-address-form", version="2.1.2"):
        src = FILES[P("src/components/cart/CartDrawer.tsx")].split("\n")
        t = d.task("I merged main into my branch. Run the cart tests please.", tags=["mistake:M1"])
        t.fail("pnpm vitest run src/components/cart", "Run cart component tests",
               vitest_unresolved("src/components/cart/CartDrawer.test.tsx", "src/components/cart/CartDrawer.tsx",
                                 "@radix-ui/react-dialog", 3, src,
                                 [("src/components/cart/CartLine.test.tsx", 3, 44)], "10:14:03"))
        t.say("Vite can't resolve `@radix-ui/react-dialog`. Checking whether it's declared — if so, node_modules is just behind the lockfile that came in with main.")
        t.grep('"@radix-ui/react-dialog"', output_mode="content", path=P("package.json"), **{"-n": True},
               content='14:    "@radix-ui/react-dialog": "^1.1.2",')
        t.bash("git diff --stat ORIG_HEAD -- package.json pnpm-lock.yaml", "Check if the merge changed dependencies",
               out=""" package.json   |   1 +
 pnpm-lock.yaml | 112 +++++++++++++++++++++++++++++++++++++++++++++++++++++++++
 2 files changed, 113 insertions(+)""")
        t.say("The merge added the dependency to package.json and the lockfile, but it was never installed locally. Installing.")
        t.bash("pnpm install", "Install dependencies from the updated lockfile",
               out=pnpm_install(9, 0, ["@radix-ui/react-dialog 1.1.2"], "3.9"))
        t.bash("pnpm vitest run src/components/cart", "Re-run cart component tests",
               out=vitest_pass([("src/components/cart/CartLine.test.tsx", 3, 42),
                                ("src/components/cart/CartDrawer.test.tsx", 5, 118)], "10:14:51", "1.62s"))
        t.done("Cart tests pass (8/8). The failure was an environment issue, not code: the merge from main added "
               "`@radix-ui/react-dialog` to package.json/pnpm-lock.yaml, but `node_modules` hadn't been refreshed. "
               "`pnpm install` fixed it.")

        t = d.task("Add zip validation to the address form schema: accept 5 digits or ZIP+4 (12345-6789), with a clear "
                   "error message.", tags=["noise"])
        t.read(P("src/lib/validation/address.ts"))
        t.read(P("src/lib/validation/address.test.ts"))
        t.edit(P("src/lib/validation/address.ts"),
               '  zip: z.string().min(1, "Enter a ZIP code"),\n',
               '  zip: z\n    .string()\n    .trim()\n    .regex(/^\\d{5}(-\\d{4})?$/, "Enter a 5-digit ZIP code (or ZIP+4, like 94102-1234)"),\n')
        t.edit(P("src/lib/validation/address.test.ts"),
               """  it("rejects a lowercase or long state", () => {
    expect(addressSchema.safeParse({ ...valid, state: "Cal" }).success).toBe(false);
  });
""", """  it("rejects a lowercase or long state", () => {
    expect(addressSchema.safeParse({ ...valid, state: "Cal" }).success).toBe(false);
  });

  it.each(["94102", "94102-1234", " 94102 "])("accepts zip %j", (zip) => {
    expect(addressSchema.safeParse({ ...valid, zip }).success).toBe(true);
  });

  it.each(["9410", "941021", "94102-12", "ABCDE", ""])("rejects zip %j", (zip) => {
    const r = addressSchema.safeParse({ ...valid, zip });
    expect(r.success).toBe(false);
  });
""")
        t.bash("pnpm vitest run src/lib/validation", "Run validation tests",
               out=vitest_pass([("src/lib/validation/address.test.ts", 10, 14)], "10:31:22", "612ms"))
        t.done("ZIP now must match `^\\d{5}(-\\d{4})?$` (after trimming), error: \"Enter a 5-digit ZIP code (or ZIP+4, like 94102-1234)\". "
               "Added 8 parametrized cases; validation tests pass (10).")

        t = d.task("Looks good. Lint, typecheck, run the tests, then push and open a PR.", tags=["workflow:W3", "mistake:M2"])
        t.bash("pnpm lint", "Lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.bash("pnpm test", "Run the unit test suite", out=script_header("test", "vitest run") + vitest_pass([
            ("src/lib/validation/address.test.ts", 10, 15), ("src/lib/format.test.ts", 6, 9),
            ("src/hooks/useCart.test.ts", 9, 22), ("src/components/cart/CartLine.test.tsx", 3, 47),
            ("src/components/cart/CartDrawer.test.tsx", 5, 121), ("src/components/product/PriceTag.test.tsx", 4, 40),
            ("src/components/product/ProductGrid.test.tsx", 2, 55), ("src/components/product/ProductCard.test.tsx", 2, 63),
            ("src/components/checkout/AddressForm.test.tsx", 7, 311), ("src/components/search/SearchBox.test.tsx", 3, 88)],
            "10:38:02", "4.12s"))
        t.fail("git push", "Push the branch",
               push_rejected("feat/checkout-address-form", "fetch first"))
        t.say("The remote branch has a commit I don't have locally (likely the review suggestion that was applied on GitHub). Rebasing onto it rather than force-pushing.")
        t.bash("git pull --rebase", "Rebase local commits onto the remote branch",
               out=pull_rebase("feat/checkout-address-form", "4e1a9c2", "9f3b6aa"))
        t.bash("git push", "Push the rebased branch", err=push_ok("feat/checkout-address-form", "9f3b6aa", "c41e07d"))
        t.bash('gh pr create --base main --title "Checkout: validate ZIP / ZIP+4 in address form" --body "Adds ZIP and ZIP+4 validation to the address schema with a clear message.\n\n- regex on trimmed input\n- parametrized tests for valid/invalid cases"',
               "Open the pull request",
               out="https://github.com/northwind-shop/storefront/pull/412",
               err="\nCreating pull request for feat/checkout-address-form into main in northwind-shop/storefront\n")
        t.done("Lint, typecheck and all 51 unit tests pass. The first push was rejected because the remote branch had a "
               "new commit; I did `git pull --rebase` and pushed again (no force push). PR: "
               "https://github.com/northwind-shop/storefront/pull/412")

    # ================================================================ S3
    with d.session("2026-01-12T14:20:00", R, branch="chore/deps-next-14.2.21", version="2.1.3"):
        t = d.task("Bump next (and eslint-config-next) to 14.2.21 and @tanstack/react-query to the latest 5.x. Make sure "
                   "nothing breaks.", tags=["workflow:W2", "flaky:F1"])
        t.fail("pnpm up next@14.2.21 eslint-config-next@14.2.21", "Upgrade next and eslint-config-next",
               """ WARN  GET https://registry.npmjs.org/next error (ETIMEDOUT). Will retry in 10 seconds. 2 retries left.
 WARN  GET https://registry.npmjs.org/next error (ETIMEDOUT). Will retry in 1 minute. 1 retries left.
 ERR_PNPM_META_FETCH_FAIL  GET https://registry.npmjs.org/next: request to https://registry.npmjs.org/next failed, reason: read ETIMEDOUT

This error happened while installing a direct dependency of /home/priya/dev/storefront""")
        t.say("Registry timeout — nothing wrong with the command itself. Retrying once.")
        t.bash("pnpm up next@14.2.21 eslint-config-next@14.2.21", "Retry the upgrade",
               out="""Progress: resolved 1191, reused 1160, downloaded 6, added 6, done

dependencies:
- next 14.2.18
+ next 14.2.21

devDependencies:
- eslint-config-next 14.2.18
+ eslint-config-next 14.2.21

Done in 14.1s""")
        t.bash('pnpm up "@tanstack/react-query@^5" "@tanstack/react-query-devtools@^5"', "Upgrade react-query to latest 5.x",
               out="""Progress: resolved 1191, reused 1187, downloaded 4, added 4, done

dependencies:
- @tanstack/react-query 5.59.16
+ @tanstack/react-query 5.64.1
- @tanstack/react-query-devtools 5.59.16
+ @tanstack/react-query-devtools 5.64.1

Done in 5.3s""")
        t.bash("pnpm typecheck", "Type-check after upgrade", out=TSC_OK)
        t.bash("pnpm test", "Run unit tests", out=script_header("test", "vitest run") + vitest_pass([
            ("src/lib/validation/address.test.ts", 10, 14), ("src/lib/format.test.ts", 6, 8),
            ("src/hooks/useCart.test.ts", 9, 23), ("src/components/cart/CartLine.test.tsx", 3, 45),
            ("src/components/cart/CartDrawer.test.tsx", 5, 119), ("src/components/product/PriceTag.test.tsx", 4, 38),
            ("src/components/product/ProductGrid.test.tsx", 2, 52), ("src/components/product/ProductCard.test.tsx", 2, 61),
            ("src/components/checkout/AddressForm.test.tsx", 7, 305), ("src/components/search/SearchBox.test.tsx", 3, 91)],
            "14:31:47", "4.03s"))
        t.bash("pnpm build", "Production build", out=build_ok("14.2.21"), timeout=600000)
        t.bash('git add package.json pnpm-lock.yaml && git commit -m "chore(deps): next 14.2.21, react-query 5.64.1"',
               "Commit the upgrade",
               out="""[chore/deps-next-14.2.21 5d1c8e0] chore(deps): next 14.2.21, react-query 5.64.1
 2 files changed, 96 insertions(+), 96 deletions(-)""")
        t.done("Upgraded next + eslint-config-next 14.2.18 → 14.2.21 and @tanstack/react-query(+devtools) 5.59.16 → 5.64.1. "
               "The first `pnpm up` hit a registry timeout; a plain retry worked. Typecheck, 51 unit tests and `next build` "
               "all pass. Committed as `chore(deps): next 14.2.21, react-query 5.64.1` (not pushed).")

        t = d.task("Quick question: what does `satisfies` buy us over a type annotation in routes.ts? Someone asked in review.",
                   tags=["noise", "no_tools"])
        t.done("""With an annotation (`const routes: Record<string, Route> = {...}`) the variable's type *becomes* `Record<string, Route>` — you lose the literal keys, so `routes.acount` type-checks and autocomplete is gone.

With `satisfies Record<string, Route>` the object is still checked against that shape (typos in a route's fields, missing properties are errors), but the inferred type keeps the exact keys and literal values. So `routes.account.path` is typed as `"/account"` and `routes.acount` is an error.

Short version for the review: *annotation widens, `satisfies` validates without widening.*""")

        t = d.task("Run pnpm audit and tell me what it finds.", tags=["unfixed:U1"])
        t.fail("pnpm audit", "Audit dependencies for known vulnerabilities", """\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510
\u2502 moderate            \u2502 cookie accepts cookie name, path, and domain with out  \u2502
\u2502                     \u2502 of bounds characters                                   \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Package             \u2502 cookie                                                 \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Vulnerable versions \u2502 <0.7.0                                                 \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Patched versions    \u2502 >=0.7.0                                                \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Paths               \u2502 . > next-auth@4.24.10 > cookie@0.5.0                   \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 More info           \u2502 https://github.com/advisories/GHSA-pxg6-pf52-xh8x      \u2502
\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518
\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510
\u2502 low                 \u2502 Next.js Cache Poisoning                                \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Package             \u2502 @babel/helpers                                         \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Vulnerable versions \u2502 <7.26.10                                               \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 Paths               \u2502 .>@vitejs/plugin-react>@babel/core>@babel/helpers      \u2502
\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518
2 vulnerabilities found
Severity: 1 low | 1 moderate""")
        t.done("""`pnpm audit` reports 2 issues, both transitive:

1. **moderate** — `cookie <0.7.0` via `next-auth@4.24.10` (GHSA-pxg6-pf52-xh8x, out-of-bounds chars in cookie name/path/domain). We don't set cookie names from user input, so practical exposure is low. Fix would be a `pnpm.overrides` entry for `cookie` or waiting for next-auth to bump it.
2. **low** — `@babel/helpers <7.26.10`, dev-only via `@vitejs/plugin-react`. Not shipped to users.

I haven't changed anything. Want me to add an override for `cookie`?""")

    # ================================================================ S4
    with d.session("2026-01-14T09:15:00", R, branch="feat/search-page", version="2.1.4"):
        t = d.task("The build is failing on CI for the search page. Can you fix it?", tags=["oneoff:O1"])
        t.fail("pnpm build", "Reproduce the CI build failure", f"""
> storefront@0.14.2 build {R}
> next build

  \u25b2 Next.js 14.2.21
  - Environments: .env.local

   Creating an optimized production build ...
 \u2713 Compiled successfully
   Linting and checking validity of types ...
   Collecting page data ...
   Generating static pages (0/14) ...
   Generating static pages (3/14) 
 \u2a2f useSearchParams() should be wrapped in a suspense boundary at page "/search". Read more: https://nextjs.org/docs/messages/missing-suspense-with-csr-bailout
    at a ({R}/.next/server/chunks/682.js:1:10542)
    at f ({R}/.next/server/chunks/682.js:1:21777)
    at l ({R}/.next/server/app/search/page.js:1:3290)
    at nj ({R}/node_modules/.pnpm/next@14.2.21_react-dom@18.3.1_react@18.3.1/node_modules/next/dist/compiled/next-server/app-page.runtime.prod.js:12:46252)

Error occurred prerendering page "/search". Read more: https://nextjs.org/docs/messages/prerender-error

   Generating static pages (6/14) 
   Generating static pages (10/14) 
 \u2713 Generating static pages (14/14)

> Export encountered errors on following paths:
	/search/page: /search
 ELIFECYCLE  Command failed with exit code 1.""", timeout=600000)
        t.read(P("src/app/search/page.tsx"))
        t.say("The page component calls `useSearchParams()` at the top level, so static prerendering bails out. I'll move the client logic into a child component and wrap it in `<Suspense>`.")
        t.write(P("src/app/search/page.tsx"), """import { Suspense } from "react";
import { SearchResults } from "./SearchResults";

export default function SearchPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Suspense fallback={<p className="mt-6">Searching\u2026</p>}>
        <SearchResults />
      </Suspense>
    </main>
  );
}
""")
        FILES_SR = """"use client";

import { useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { searchProducts } from "@/lib/api/client";
import { ProductGrid } from "@/components/product/ProductGrid";

export function SearchResults() {
  const params = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, isPending } = useQuery({
    queryKey: ["search", q],
    queryFn: () => searchProducts(q),
    enabled: q.length > 1,
  });

  return (
    <>
      <h1 className="text-2xl font-semibold">Results for \u201c{q}\u201d</h1>
      {isPending ? <p className="mt-6">Searching\u2026</p> : <ProductGrid products={data ?? []} />}
    </>
  );
}
"""
        t.write(P("src/app/search/SearchResults.tsx"), FILES_SR)
        t.bash("pnpm build", "Re-run the production build", out=build_ok("14.2.21"), timeout=600000)
        t.done("Fixed. `/search` called `useSearchParams()` directly in the page, which Next 14.2 refuses to prerender "
               "without a Suspense boundary. The page is now a server component that renders `<SearchResults />` (the "
               "client part, moved to `SearchResults.tsx`) inside `<Suspense>`. `pnpm build` passes locally.")

        t = d.task("Run the e2e tests for search.", tags=["mistake:M3"])
        t.fail("pnpm test:e2e tests/e2e/search.spec.ts", "Run search e2e tests", e2e_port_in_use("tests/e2e/search.spec.ts"))
        t.say("Playwright wants to start its own server on :3000 but something is already listening there. Checking what it is.")
        t.bash("lsof -ti tcp:3000", "Find the process holding port 3000", out="48211")
        t.bash("ps -p 48211 -o pid,etime,command", "Inspect that process",
               out="""    PID     ELAPSED COMMAND
  48211 02-19:44:10 next-server (v14.2.21)""")
        t.say("It's a leftover `next dev` server from days ago. Stopping it so Playwright can start a fresh build.")
        t.bash("kill 48211", "Stop the stale Next.js server on port 3000")
        t.bash("pnpm test:e2e tests/e2e/search.spec.ts", "Re-run search e2e tests",
               out=e2e_pass("tests/e2e/search.spec.ts", [
                   ("search.spec.ts:8:7 \u203a search \u203a shows results for a query", "2.4s"),
                   ("search.spec.ts:19:7 \u203a search \u203a empty state for no matches", "1.1s"),
                   ("search.spec.ts:27:7 \u203a search \u203a query is kept in the URL", "1.3s"),
                   ("search.spec.ts:36:7 \u203a search \u203a filters by category", "2.9s")], "41.8s"), timeout=600000)
        t.done("All 4 search e2e tests pass. The first run failed because a stale `next-server` (pid 48211, running for "
               "2+ days) was holding port 3000; I killed it and re-ran.")

        t = d.task("Now add a SearchFilters component: a category select and a min/max price range, calling onChange "
                   "with the filter object. For props, use an interface rather than a type alias. And please no `export "
                   "default` — named exports only.", tags=["workflow:W1", "pref:P1", "pref:P3"])
        t.glob("src/components/ui/*.tsx", [P("src/components/ui/Button.tsx"), P("src/components/ui/Select.tsx"),
                                           P("src/components/ui/Input.tsx"), P("src/components/ui/Spinner.tsx")])
        t.write(P("src/components/search/SearchFilters.tsx"), """"use client";

import { useState } from "react";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";

export interface SearchFilterValues {
  category: string | null;
  minPrice: number | null; // cents
  maxPrice: number | null; // cents
}

export interface SearchFiltersProps {
  categories: { slug: string; name: string }[];
  value: SearchFilterValues;
  onChange: (next: SearchFilterValues) => void;
}

const toCents = (v: string) => (v.trim() === "" ? null : Math.round(Number(v) * 100));

export function SearchFilters({ categories, value, onChange }: SearchFiltersProps) {
  const [min, setMin] = useState(value.minPrice == null ? "" : String(value.minPrice / 100));
  const [max, setMax] = useState(value.maxPrice == null ? "" : String(value.maxPrice / 100));

  return (
    <form
      className="flex flex-wrap items-end gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...value, minPrice: toCents(min), maxPrice: toCents(max) });
      }}
    >
      <Select
        label="Category"
        value={value.category ?? ""}
        onChange={(e) => onChange({ ...value, category: e.target.value || null })}
      >
        <option value="">All categories</option>
        {categories.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </Select>
      <Input label="Min $" inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} className="w-24" />
      <Input label="Max $" inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} className="w-24" />
      <button type="submit" className="rounded-md bg-neutral-900 px-3 py-2 text-sm text-white">
        Apply
      </button>
    </form>
  );
}
""")
        t.write(P("src/components/search/SearchFilters.test.tsx"), """import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SearchFilters } from "./SearchFilters";

const categories = [
  { slug: "shoes", name: "Shoes" },
  { slug: "bags", name: "Bags" },
];
const empty = { category: null, minPrice: null, maxPrice: null };

describe("SearchFilters", () => {
  it("emits the category immediately", async () => {
    const onChange = vi.fn();
    render(<SearchFilters categories={categories} value={empty} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByLabelText("Category"), "bags");
    expect(onChange).toHaveBeenCalledWith({ ...empty, category: "bags" });
  });

  it("converts the price range to cents on apply", async () => {
    const onChange = vi.fn();
    render(<SearchFilters categories={categories} value={empty} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText("Min $"), "10");
    await userEvent.type(screen.getByLabelText("Max $"), "49.5");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onChange).toHaveBeenCalledWith({ category: null, minPrice: 1000, maxPrice: 4950 });
  });

  it("clears a bound when the field is emptied", async () => {
    const onChange = vi.fn();
    render(<SearchFilters categories={categories} value={{ ...empty, minPrice: 500 }} onChange={onChange} />);
    await userEvent.clear(screen.getByLabelText("Min $"));
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onChange).toHaveBeenCalledWith(empty);
  });
});
""")
        t.bash("pnpm vitest run src/components/search", "Run SearchFilters tests",
               out=vitest_pass([("src/components/search/SearchFilters.test.tsx", 3, 264)], "11:02:37", "1.58s"))
        t.bash("pnpm lint", "Lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.done("Added `SearchFilters` (named export, props as `interface SearchFiltersProps`, plus an exported "
               "`SearchFilterValues` interface). Category changes emit immediately; the price range emits on Apply and "
               "is converted to cents, empty field → `null`. 3 tests pass, lint and typecheck clean.")

    # ================================================================ S5 (long, compacts)
    with d.session("2026-01-16T13:30:00", R, branch="feat/search-page", version="2.1.4"):
        t = d.task("How should we do on-demand revalidation for product pages with tags in the app router? Check the "
                   "docs, I don't want a guess.", tags=["noise", "webfetch"])
        t.webfetch("https://nextjs.org/docs/14/app/api-reference/functions/revalidateTag",
                   "How does revalidateTag work, how do you tag a fetch, and can it be called from a route handler?",
                   """`revalidateTag` allows you to purge cached data on-demand for a specific cache tag.

- It only invalidates the cache when the path is next visited; it does not immediately re-fetch.
- It can be called in Server Actions and Route Handlers.

Tagging a fetch: pass `next: { tags: ['collection'] }` in the fetch options, e.g. `fetch('https://...', { next: { tags: ['collection'] } })`.

Parameters: `revalidateTag(tag: string): void` — `tag` is a string representing the cache tag associated with the data you want to revalidate. Must be less than or equal to 256 characters. This value is case-sensitive.

Example Route Handler:
```ts
import type { NextRequest } from 'next/server'
import { revalidateTag } from 'next/cache'

export async function GET(request: NextRequest) {
  const tag = request.nextUrl.searchParams.get('tag')
  revalidateTag(tag)
  return Response.json({ revalidated: true, now: Date.now() })
}
```""")
        t.grep("fetch\\(", [P("src/lib/api/client.ts")], path=P("src/lib"))
        t.read(P("src/lib/api/client.ts"))
        t.done("""Per the Next 14 docs:

1. **Tag the fetch**: `fetch(url, { next: { tags: [\"product:<slug>\"] } })`. All our product fetches go through `get()` in `src/lib/api/client.ts`, so we'd add an optional `tags` param there and pass `product:${slug}` from `getProduct` (and e.g. `products` for `listProducts`).
2. **Invalidate**: call `revalidateTag(\"product:<slug>\")` from a Route Handler (or Server Action). It's lazy — the cache is marked stale and the next visit refetches.
3. **Trigger**: the CMS/back-office webhook hits something like `POST /api/revalidate` with a shared secret and the slug.

Tags are case-sensitive and ≤ 256 chars, so slugs are fine. Want me to wire it up?""")

        t = d.task("Yes, wire it up: tag the product fetches and add a POST /api/revalidate route that checks a "
                   "REVALIDATE_SECRET header.", tags=["noise"])
        t.edit(P("src/lib/api/client.ts"),
               """async function get<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, init);""",
               """/**
 * Typed GET against the storefront API.
 *
 * All product reads go through this helper so that caching is configured in
 * one place. When `tags` is given, the response is stored in the Next.js data
 * cache under those tags, which lets the `/api/revalidate` route handler purge
 * it on demand with `revalidateTag`. Tags are case-sensitive and must be at
 * most 256 characters long. Without tags, the request uses Next's default
 * caching for the current segment.
 *
 * @param path - API path, starting with a slash.
 * @param init - Extra fetch options (credentials, headers, ...).
 * @param tags - Cache tags to attach, e.g. `product:<slug>`.
 * @returns The parsed JSON body.
 * @throws Error when the response status is not 2xx.
 */
async function get<T>(path: string, init?: RequestInit, tags?: string[]): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, tags ? { ...init, next: { tags } } : init);""")
        t.edit(P("src/lib/api/client.ts"),
               "export const getProduct = (slug: string) => get<Product>(`/products/${slug}`);",
               "/**\n * Fetch one product by slug. Tagged `product:<slug>` so a CMS webhook can\n * revalidate just this product.\n */\nexport const getProduct = (slug: string) =>\n  get<Product>(`/products/${slug}`, undefined, [`product:${slug}`]);")
        t.write(P("src/app/api/revalidate/route.ts"), """import { revalidateTag } from "next/cache";
import type { NextRequest } from "next/server";

export async function POST(request: NextRequest) {
  if (request.headers.get("x-revalidate-secret") !== process.env.REVALIDATE_SECRET) {
    return Response.json({ error: "unauthorized" }, { status: 401 });
  }
  const { slug } = (await request.json().catch(() => ({}))) as { slug?: string };
  if (!slug) {
    return Response.json({ error: "missing slug" }, { status: 400 });
  }
  revalidateTag(`product:${slug}`);
  return Response.json({ revalidated: true, tag: `product:${slug}`, now: Date.now() });
}
""")
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.done("""Done:

- `get()` takes an optional `tags` array and passes it as `next: { tags }`; `getProduct(slug)` tags with `product:<slug>`.
- New `src/app/api/revalidate/route.ts`: `POST` with header `x-revalidate-secret` (compared to `REVALIDATE_SECRET`) and JSON body `{ "slug": "..." }` → `revalidateTag("product:<slug>")`. 401 on bad secret, 400 without slug.

Typecheck passes. You'll need `REVALIDATE_SECRET` in `.env.local` and in Vercel.""")

        t = d.task("Show me the last 30 commits on main that touched src/lib/api, one line each.", tags=["noise", "long_output"])
        t.bash("git log --oneline -30 origin/main -- src/lib/api", "List recent commits touching src/lib/api", out="""a81f3e2 fix(api): include credentials for /me endpoints
77c0d19 feat(api): listOrders for account page
3d9e44b refactor(api): single get<T> helper
f0b2a61 chore: move API types to src/lib/api/types.ts
c95e7aa feat(search): searchProducts client
0e4f1b3 fix(api): encode category param
9b7d2c8 feat(api): listProducts with category filter
51aa0e9 test(api): msw handlers for product endpoints
e2c4d17 chore(api): read NEXT_PUBLIC_API_URL with localhost fallback
b6f80c1 feat(api): getProduct
4d21a9f feat(api): product types
8c3e6b5 chore: scaffold src/lib/api
1f97d4a fix(api): don't throw on 304
6a0c2ee revert "feat(api): retry GETs with exponential backoff"
d3b1e58 feat(api): retry GETs with exponential backoff
29fe7c4 fix(api): handle empty body on 204
90a8bd3 refactor(api): drop axios for fetch
7ce51f2 chore(deps): axios 1.7.7
3b6d4aa feat(api): cart sync endpoint (behind flag)
e18a2f9 fix(api): cart sync sends cents, not dollars
55c09b7 feat(api): newsletter subscribe
0fd3c6e chore(api): log failed requests in dev
a4e9172 fix(api): base URL trailing slash
c1d8f30 feat(api): categories endpoint
8f2b5d6 test(api): cover error mapping
2ab7e91 feat(api): map 404 to notFound()
6e03c4f chore(api): types for Category
f5c3a18 feat(api): health check in dev banner
91d7e2b chore: initial api client
3c2a0b4 chore: bootstrap""")
        t.done("Those are the 30 most recent commits on `origin/main` touching `src/lib/api` (newest first). Notable: the "
               "retry/backoff change `d3b1e58` was reverted in `6a0c2ee`, and axios was dropped for fetch in `90a8bd3`.")

        d.precompact("""Analysis: The user (Priya) is working on the storefront Next.js 14 app, branch feat/search-page.
Summary:
1. Fixed CI build failure on /search: moved useSearchParams into SearchResults client component wrapped in <Suspense>.
2. Ran search e2e tests (killed a stale next-server on :3000 first); all pass.
3. Added SearchFilters component (named export, props as interface) with 3 tests.
4. Looked up revalidateTag docs; tagged product fetches with `product:<slug>` in src/lib/api/client.ts (added JSDoc) and added POST /api/revalidate route checking x-revalidate-secret.
5. Listed the last 30 commits on main touching src/lib/api.
Current state: typecheck passes; changes are committed locally on feat/search-page, not yet pushed.""")

        t = d.task("Push this branch.", tags=["mistake:M2"])
        t.fail("git push", "Push feat/search-page", push_rejected("feat/search-page", "non-fast-forward"))
        t.bash("git fetch origin && git log --oneline HEAD..origin/feat/search-page", "See what's on the remote branch",
               out="e07a5b1 fix(search): debounce query input (review)")
        t.say("Marco pushed a review fix to the branch. Rebasing my commits on top of it instead of overwriting it.")
        t.bash("git pull --rebase origin feat/search-page", "Rebase onto the remote branch",
               out=pull_rebase("feat/search-page", "b2d94f0", "e07a5b1", fetched=True))
        t.bash("git push", "Push after rebase", err=push_ok("feat/search-page", "e07a5b1", "3f1c8aa", objs=31))
        t.done("Pushed. The first push was rejected as non-fast-forward because `e07a5b1 fix(search): debounce query input "
               "(review)` had been pushed to the branch; I rebased onto it with `git pull --rebase` and pushed normally.")

        t = d.task("Those JSDoc blocks you added to the API client are way too long — I had to cut half of it. One line is "
                   "enough, we're not publishing a library.", tags=["feedback"],
                   feedback="Those JSDoc blocks you added to the API client are way too long — I had to cut half of it. One line is enough.")
        t.read(P("src/lib/api/client.ts"))
        t.edit(P("src/lib/api/client.ts"), """/**
 * Typed GET against the storefront API.
 *
 * All product reads go through this helper so that caching is configured in
 * one place. When `tags` is given, the response is stored in the Next.js data
 * cache under those tags, which lets the `/api/revalidate` route handler purge
 * it on demand with `revalidateTag`. Tags are case-sensitive and must be at
 * most 256 characters long. Without tags, the request uses Next's default
 * caching for the current segment.
 *
 * @param path - API path, starting with a slash.
 * @param init - Extra fetch options (credentials, headers, ...).
 * @param tags - Cache tags to attach, e.g. `product:<slug>`.
 * @returns The parsed JSON body.
 * @throws Error when the response status is not 2xx.
 */
""", "/** Typed GET; `tags` go to the Next data cache so /api/revalidate can purge them. */\n")
        t.edit(P("src/lib/api/client.ts"), "/**\n * Fetch one product by slug. Tagged `product:<slug>` so a CMS webhook can\n * revalidate just this product.\n */\n",
               "/** Tagged `product:<slug>` for on-demand revalidation. */\n")
        t.done("Trimmed both to one-liners. I'll keep comments short like that from now on.")

    # ================================================================ S6
    with d.session("2026-01-20T09:50:00", R, branch="feat/wishlist", version="2.1.6"):
        t = d.task("Typecheck is red after I rebased on main, can you look?", tags=["mistake:M1"])
        t.fail("pnpm typecheck", "Run the type checker", TSC_OK + """
src/app/providers.tsx:5:36 - error TS2307: Cannot find module '@tanstack/react-query-devtools' or its corresponding type declarations.

5 import { ReactQueryDevtools } from "@tanstack/react-query-devtools";
                                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

src/components/wishlist/useWishlist.ts:2:27 - error TS2307: Cannot find module 'zustand/middleware' or its corresponding type declarations.

2 import { persist } from "zustand/middleware";
                            ~~~~~~~~~~~~~~~~~~~~


Found 2 errors in 2 files.

Errors  Files
     1  src/app/providers.tsx:5
     1  src/components/wishlist/useWishlist.ts:2
 ELIFECYCLE  Command failed with exit code 2.""", code=2)
        t.bash("ls node_modules/@tanstack/ && git log -1 --format='%h %s' -- pnpm-lock.yaml",
               "Check installed @tanstack packages and last lockfile change",
               out="""query-core
react-query
5ab20de chore(deps): next 14.2.21, react-query 5.64.1""")
        t.say("Both modules are in package.json, but node_modules is older than the lockfile the rebase brought in (react-query-devtools isn't even installed). Reinstalling.")
        t.bash("pnpm install", "Sync node_modules with pnpm-lock.yaml",
               out=pnpm_install(21, 3, ["@tanstack/react-query-devtools 5.64.1", "zustand 5.0.2 (5.0.3 is available)"], "6.2"))
        t.bash("pnpm typecheck", "Re-run the type checker", out=TSC_OK)
        t.done("Typecheck is green. Both errors were TS2307 \"Cannot find module\" for packages that *are* declared — "
               "node_modules was stale after the rebase pulled in the new lockfile. `pnpm install` fixed it; no code changes.")

        t = d.task("Add a WishlistButton — a heart toggle that adds/removes the product from the wishlist store — with a "
                   "test. Again: `export const`/`export function`, never `export default` (only Next's page/layout files "
                   "get default exports).", tags=["workflow:W1", "pref:P1"])
        d.files[P("src/components/wishlist/useWishlist.ts")] = """import { create } from "zustand";
import { persist } from "zustand/middleware";

type WishlistState = {
  skus: string[];
  toggle: (sku: string) => void;
  has: (sku: string) => boolean;
};

export const useWishlist = create<WishlistState>()(
  persist(
    (set, get) => ({
      skus: [],
      toggle: (sku) =>
        set((s) => ({ skus: s.skus.includes(sku) ? s.skus.filter((x) => x !== sku) : [...s.skus, sku] })),
      has: (sku) => get().skus.includes(sku),
    }),
    { name: "nw-wishlist" },
  ),
);
"""
        t.read(P("src/components/wishlist/useWishlist.ts"))
        t.write(P("src/components/wishlist/WishlistButton.tsx"), """"use client";

import clsx from "clsx";
import { useWishlist } from "./useWishlist";

interface WishlistButtonProps {
  sku: string;
  productName: string;
  className?: string;
}

export function WishlistButton({ sku, productName, className }: WishlistButtonProps) {
  const saved = useWishlist((s) => s.skus.includes(sku));
  const toggle = useWishlist((s) => s.toggle);

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${productName} from wishlist` : `Save ${productName} to wishlist`}
      onClick={() => toggle(sku)}
      className={clsx("rounded-full p-2 transition hover:bg-neutral-100", className)}
    >
      <svg viewBox="0 0 24 24" className={clsx("h-5 w-5", saved ? "fill-red-600 stroke-red-600" : "fill-none stroke-neutral-700")} strokeWidth={1.8}>
        <path d="M12 21s-7.5-4.35-9.5-9.1C1.1 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.3C11.8 6.1 13.2 5 15.2 5c3.5 0 5.7 3.6 4.3 6.9C19.5 16.65 12 21 12 21z" />
      </svg>
    </button>
  );
}
""")
        t.write(P("src/components/wishlist/WishlistButton.test.tsx"), """import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useWishlist } from "./useWishlist";
import { WishlistButton } from "./WishlistButton";

describe("WishlistButton", () => {
  beforeEach(() => useWishlist.setState({ skus: [] }));

  it("saves and un-saves the product", async () => {
    render(<WishlistButton sku="SKU-1" productName="Canvas Tote" />);
    const btn = screen.getByRole("button", { name: "Save Canvas Tote to wishlist" });
    expect(btn).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(btn);
    expect(useWishlist.getState().skus).toEqual(["SKU-1"]);
    expect(screen.getByRole("button", { name: "Remove Canvas Tote from wishlist" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByRole("button"));
    expect(useWishlist.getState().skus).toEqual([]);
  });
});
""")
        t.bash("pnpm vitest run src/components/wishlist", "Run wishlist tests",
               out=vitest_pass([("src/components/wishlist/WishlistButton.test.tsx", 1, 97)], "10:22:09", "1.19s"))
        t.bash("pnpm lint", "Lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.done("Added `WishlistButton` (named export) using the existing `useWishlist` store: `aria-pressed` reflects "
               "state and the label switches between save/remove. Test covers both toggles; lint and typecheck pass.")

        t = d.task("The wishlist page shows nothing when it's empty. Add an empty state: a short message and a link back "
                   "to the shop.", tags=["oneoff:O2"])
        t.read(P("src/app/(shop)/wishlist/page.tsx"))
        t.edit(P("src/app/(shop)/wishlist/page.tsx"), """  if (skus.length === 0) {
    return null;
  }""", """  if (skus.length === 0) {
    return (
      <main className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">Your wishlist is empty</h1>
        <p className="mt-2 text-sm text-neutral-600">You haven't saved anything yet. Tap the heart on a product to keep it here.</p>
        <Link href="/" className="mt-6 inline-block text-sm font-medium underline">
          Continue shopping
        </Link>
      </main>
    );
  }""")
        t.edit(P("src/app/(shop)/wishlist/page.tsx"), 'import { useWishlist } from "@/components/wishlist/useWishlist";\n',
               'import Link from "next/link";\nimport { useWishlist } from "@/components/wishlist/useWishlist";\n')
        t.fail("pnpm lint", "Lint", script_header("lint", "next lint") + """

./src/app/(shop)/wishlist/page.tsx
16:63  Error: `'` can be escaped with `&apos;`, `&lsquo;`, `&#39;`, `&rsquo;`.  react/no-unescaped-entities

info  - Need to disable some ESLint rules? Learn more here: https://nextjs.org/docs/basic-features/eslint#disabling-rules
 ELIFECYCLE  Command failed with exit code 1.""")
        t.edit(P("src/app/(shop)/wishlist/page.tsx"), "You haven't saved anything yet.", "You haven&apos;t saved anything yet.")
        t.bash("pnpm lint", "Re-run lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.done("Added the empty state (heading, one-line hint, \"Continue shopping\" link to `/`). Lint flagged the raw "
               "apostrophe in JSX (`react/no-unescaped-entities`), so it's `&apos;` now. Lint and typecheck pass.")

    # ================================================================ S7
    with d.session("2026-01-23T15:10:00", R, branch="feat/wishlist", version="2.1.7", end_reason="other"):
        t = d.task("Ship it: run the checks, push, and open the PR against main.", tags=["workflow:W3", "mistake:M2"])
        t.bash("pnpm lint", "Lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.bash("pnpm test", "Unit tests", out=script_header("test", "vitest run") + vitest_pass([
            ("src/lib/validation/address.test.ts", 10, 15), ("src/lib/format.test.ts", 6, 8),
            ("src/hooks/useCart.test.ts", 9, 24), ("src/components/cart/CartLine.test.tsx", 3, 45),
            ("src/components/cart/CartDrawer.test.tsx", 5, 117), ("src/components/product/PriceTag.test.tsx", 4, 39),
            ("src/components/product/ProductGrid.test.tsx", 2, 51), ("src/components/product/ProductCard.test.tsx", 2, 60),
            ("src/components/checkout/AddressForm.test.tsx", 7, 298), ("src/components/search/SearchBox.test.tsx", 3, 90),
            ("src/components/search/SearchFilters.test.tsx", 3, 259), ("src/components/wishlist/WishlistButton.test.tsx", 1, 95)],
            "15:14:20", "4.51s"))
        t.fail("git push origin feat/wishlist", "Push the wishlist branch", push_rejected("feat/wishlist", "fetch first"))
        t.say("The remote branch moved (probably your commit from the other laptop). I'll rebase on top of it.")
        t.bash("git pull --rebase origin feat/wishlist", "Rebase onto origin/feat/wishlist",
               out=pull_rebase("feat/wishlist", "71be0c4", "a9d5e13"))
        t.bash("git push origin feat/wishlist", "Push after rebase", err=push_ok("feat/wishlist", "a9d5e13", "0c6f2b7", objs=27))
        t.bash('gh pr create --base main --title "Wishlist: heart toggle on product cards" --body "Adds WishlistButton backed by the persisted useWishlist store.\n\n- aria-pressed + descriptive label\n- unit test for toggle on/off"',
               "Open the PR", out="https://github.com/northwind-shop/storefront/pull/427",
               err="\nCreating pull request for feat/wishlist into main in northwind-shop/storefront\n")
        t.done("Lint/typecheck/57 unit tests green. Push was rejected (remote had a commit I didn't), so `git pull --rebase` "
               "and push again. PR: https://github.com/northwind-shop/storefront/pull/427")

        t = d.task("Reviewer asks why the wishlist uses a zustand store instead of React Query with optimistic updates. "
                   "Give me 3 lines I can paste.", tags=["noise", "no_tools"])
        t.done("""The wishlist is client-only for now (persisted in localStorage, no API yet), so there's no server state for React Query to cache or reconcile.
A small zustand store matches how the cart works and lets any component subscribe to a single sku cheaply.
When the wishlist API lands we'll move it to React Query with `onMutate` optimistic updates and keep the same `WishlistButton` props.""")

        t = d.task("Run the e2e tests for the wishlist.", tags=["mistake:M3"])
        t.fail("pnpm test:e2e tests/e2e/wishlist.spec.ts", "Run wishlist e2e tests", e2e_port_in_use("tests/e2e/wishlist.spec.ts"))
        t.bash("lsof -ti tcp:3000", "Find what is listening on :3000", out="90377")
        t.bash("ps -p 90377 -o pid,etime,command", "Inspect it", out="""    PID     ELAPSED COMMAND
  90377    04:51:07 node /home/priya/dev/storefront/node_modules/.bin/../next/dist/bin/next start""")
        t.say("A `next start` from an earlier preview is still running on :3000. Killing it so Playwright's webServer can start.")
        t.bash("kill 90377", "Stop the leftover next start process")
        t.bash("pnpm test:e2e tests/e2e/wishlist.spec.ts", "Re-run wishlist e2e tests",
               out=e2e_pass("tests/e2e/wishlist.spec.ts", [
                   ("wishlist.spec.ts:6:7 \u203a wishlist \u203a heart toggles on product card", "1.9s"),
                   ("wishlist.spec.ts:18:7 \u203a wishlist \u203a persists across reload", "2.6s"),
                   ("wishlist.spec.ts:31:7 \u203a wishlist \u203a keyboard accessible", "1.2s")], "38.2s"), timeout=600000)
        t.done("3/3 wishlist e2e tests pass. Port 3000 was held by a leftover `next start` (pid 90377); killed it and re-ran.")

    # ================================================================ S8
    with d.session("2026-01-27T11:00:00", R, branch="chore/deps-jan", version="2.1.9"):
        t = d.task("Monthly deps: bump vitest to 2.1.8 and @testing-library/react to 16.1.0, check everything still "
                   "passes and commit.", tags=["workflow:W2"])
        t.bash("pnpm up vitest@2.1.8 @testing-library/react@16.1.0", "Upgrade vitest and testing-library",
               out="""Progress: resolved 1196, reused 1181, downloaded 9, added 9, done

devDependencies:
- @testing-library/react 16.0.1
+ @testing-library/react 16.1.0
- vitest 2.1.5
+ vitest 2.1.8

Done in 7.7s""")
        VT["v"] = "2.1.8"
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.bash("pnpm test", "Unit tests", out=script_header("test", "vitest run") + vitest_pass([
            ("src/lib/validation/address.test.ts", 10, 14), ("src/lib/format.test.ts", 6, 8),
            ("src/hooks/useCart.test.ts", 9, 22), ("src/components/cart/CartLine.test.tsx", 3, 44),
            ("src/components/cart/CartDrawer.test.tsx", 5, 115), ("src/components/product/PriceTag.test.tsx", 4, 38),
            ("src/components/product/ProductGrid.test.tsx", 2, 50), ("src/components/product/ProductCard.test.tsx", 2, 59),
            ("src/components/checkout/AddressForm.test.tsx", 7, 301), ("src/components/search/SearchBox.test.tsx", 3, 87),
            ("src/components/search/SearchFilters.test.tsx", 3, 255), ("src/components/wishlist/WishlistButton.test.tsx", 1, 93)],
            "11:06:12", "4.38s"))
        t.bash("pnpm build", "Production build", out=build_ok("14.2.21"), timeout=600000)
        t.bash('git commit -am "chore(deps): vitest 2.1.8, @testing-library/react 16.1.0"', "Commit",
               out="""[chore/deps-jan 8a0e4d1] chore(deps): vitest 2.1.8, @testing-library/react 16.1.0
 2 files changed, 41 insertions(+), 41 deletions(-)""")
        t.done("vitest 2.1.5 → 2.1.8, @testing-library/react 16.0.1 → 16.1.0. Typecheck, 57 tests and the build pass; committed on `chore/deps-jan`.")

        t = d.task("Change of plan on props: I've switched to `type` aliases for component props, not interfaces — the "
                   "team agreed on it yesterday. Convert SearchFilters and WishlistButton, and use `type` for props "
                   "from now on.", tags=["reversal:P3"])
        t.read(P("src/components/search/SearchFilters.tsx"))
        t.edit(P("src/components/search/SearchFilters.tsx"), """export interface SearchFilterValues {
  category: string | null;
  minPrice: number | null; // cents
  maxPrice: number | null; // cents
}

export interface SearchFiltersProps {
  categories: { slug: string; name: string }[];
  value: SearchFilterValues;
  onChange: (next: SearchFilterValues) => void;
}""", """export type SearchFilterValues = {
  category: string | null;
  minPrice: number | null; // cents
  maxPrice: number | null; // cents
};

export type SearchFiltersProps = {
  categories: { slug: string; name: string }[];
  value: SearchFilterValues;
  onChange: (next: SearchFilterValues) => void;
};""")
        t.read(P("src/components/wishlist/WishlistButton.tsx"))
        t.edit(P("src/components/wishlist/WishlistButton.tsx"), """interface WishlistButtonProps {
  sku: string;
  productName: string;
  className?: string;
}""", """type WishlistButtonProps = {
  sku: string;
  productName: string;
  className?: string;
};""")
        t.grep("^(export )?interface \\w+Props", [], path=P("src/components"))
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.done("Converted both to `type` aliases (including `SearchFilterValues`). No other `interface …Props` left in "
               "src/components. Noted: props use `type` from here on.")

        t = d.task("Run the full e2e suite before I go.", tags=["unfixed:U2"])
        t.fail("pnpm test:e2e", "Run all Playwright tests", script_header("test:e2e", "playwright test") + """

Running 19 tests using 4 workers

  \u2713   1 [chromium] \u203a cart.spec.ts:7:7 \u203a cart \u203a add and remove items (3.1s)
  \u2713   2 [chromium] \u203a cart.spec.ts:22:7 \u203a cart \u203a quantity stepper updates subtotal (2.2s)
  \u2713   3 [chromium] \u203a search.spec.ts:8:7 \u203a search \u203a shows results for a query (2.3s)
  \u2713   4 [chromium] \u203a search.spec.ts:19:7 \u203a search \u203a empty state for no matches (1.0s)
  \u2713   5 [chromium] \u203a search.spec.ts:27:7 \u203a search \u203a query is kept in the URL (1.4s)
  \u2713   6 [chromium] \u203a search.spec.ts:36:7 \u203a search \u203a filters by category (2.8s)
  \u2713   7 [chromium] \u203a wishlist.spec.ts:6:7 \u203a wishlist \u203a heart toggles on product card (1.8s)
  \u2713   8 [chromium] \u203a wishlist.spec.ts:18:7 \u203a wishlist \u203a persists across reload (2.5s)
  \u2713   9 [chromium] \u203a wishlist.spec.ts:31:7 \u203a wishlist \u203a keyboard accessible (1.1s)
  \u2713  10 [chromium] \u203a account.spec.ts:5:7 \u203a account \u203a redirects to login when signed out (0.9s)
  \u2713  11 [chromium] \u203a account.spec.ts:12:7 \u203a account \u203a shows profile (1.6s)
  \u2713  12 [chromium] \u203a checkout.spec.ts:9:7 \u203a checkout \u203a address step validates zip (2.4s)
  \u2713  13 [chromium] \u203a checkout.spec.ts:25:7 \u203a checkout \u203a shipping options load (3.0s)
  \u2718  14 [chromium] \u203a checkout.spec.ts:41:7 \u203a checkout \u203a pays with test card (30.1s)
  \u2713  15 [chromium] \u203a home.spec.ts:4:7 \u203a home \u203a hero and featured grid render (1.3s)
  \u2713  16 [chromium] \u203a home.spec.ts:15:7 \u203a home \u203a newsletter signup (1.7s)
  \u2713  17 [chromium] \u203a product.spec.ts:6:7 \u203a product page \u203a add to cart opens drawer (2.0s)
  \u2713  18 [chromium] \u203a product.spec.ts:19:7 \u203a product page \u203a sale price shows compare-at (1.2s)
  \u2713  19 [chromium] \u203a product.spec.ts:30:7 \u203a product page \u203a 404 for unknown slug (0.8s)


  1) [chromium] \u203a checkout.spec.ts:41:7 \u203a checkout \u203a pays with test card \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500

    Test timeout of 30000ms exceeded.

    Error: page.waitForResponse: Test timeout of 30000ms exceeded.

      52 |     await page.getByRole("button", { name: "Pay now" }).click();
      53 |
    > 54 |     const res = await page.waitForResponse((r) => r.url().includes("/payments/intent"));
         |                            ^
      55 |     expect(res.status()).toBe(200);
      56 |     await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
      57 |   });

        at /home/priya/dev/storefront/tests/e2e/checkout.spec.ts:54:28

    Error Context: test-results/checkout-checkout-pays-with-test-card-chromium/error-context.md

  1 failed
    [chromium] \u203a checkout.spec.ts:41:7 \u203a checkout \u203a pays with test card \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500
  18 passed (1.2m)
 ELIFECYCLE  Command failed with exit code 1.""", timeout=600000)
        t.bash("curl -s -o /dev/null -w '%{http_code} %{time_total}s\\n' https://sandbox-payments.northwind.dev/health",
               "Check the payments sandbox health endpoint", out="503 0.412s")
        t.done("18/19 pass. The one failure is `checkout › pays with test card`: it times out waiting for "
               "`/payments/intent`, and the payments sandbox health check returns **503** right now, so this is the "
               "sandbox being down, not our code. I didn't change anything; worth re-running once the sandbox is back.")

    # ================================================================ S9
    with d.session("2026-01-30T10:20:00", R, branch="feat/order-history", version="2.1.11"):
        date_src = ['import { format, formatDistanceToNow } from "date-fns";', "",
                    "export const orderDate = (iso: string) => format(new Date(iso), \"MMM d, yyyy\");"]
        t = d.task("Pulled latest main. Run the tests for the account pages.", tags=["mistake:M1"])
        t.fail("pnpm vitest run src/app/account", "Run account page tests",
               vitest_unresolved("src/app/account/orders/OrderList.test.tsx", "src/lib/date.ts", "date-fns", 1, date_src,
                                 [("src/app/account/ProfileCard.test.tsx", 2, 58)], "10:24:41"))
        t.bash("git diff --stat HEAD@{1} HEAD -- package.json pnpm-lock.yaml", "Did the pull change dependencies?",
               out=""" package.json   |  1 +
 pnpm-lock.yaml | 14 ++++++++++++++
 2 files changed, 15 insertions(+)""")
        t.say("Yes — `date-fns` came in with main but isn't installed yet. Installing from the lockfile.")
        t.bash("pnpm install", "Install the new dependency", out=pnpm_install(1, 0, ["date-fns 4.1.0"], "2.4"))
        t.bash("pnpm vitest run src/app/account", "Re-run account page tests",
               out=vitest_pass([("src/app/account/ProfileCard.test.tsx", 2, 57),
                                ("src/app/account/orders/OrderList.test.tsx", 4, 132)], "10:25:30", "1.51s"))
        t.done("Account tests pass (6). The failure was `Failed to resolve import \"date-fns\"` — main added date-fns "
               "(used by `src/lib/date.ts`) but node_modules hadn't been updated; `pnpm install` fixed it.")

        t = d.task("Add an OrderStatusBadge component (pending / paid / shipped / delivered / cancelled) with tests.",
                   tags=["workflow:W1"])
        t.write(P("src/components/account/OrderStatusBadge.tsx"), """import clsx from "clsx";

export type OrderStatus = "pending" | "paid" | "shipped" | "delivered" | "cancelled";

type OrderStatusBadgeProps = {
  status: OrderStatus;
  className?: string;
};

const styles: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-800",
  paid: "bg-sky-100 text-sky-800",
  shipped: "bg-indigo-100 text-indigo-800",
  delivered: "bg-emerald-100 text-emerald-800",
  cancelled: "bg-red-100 text-red-800",
};

const labels: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export function OrderStatusBadge({ status, className }: OrderStatusBadgeProps) {
  return (
    <span className={clsx("inline-flex rounded-full px-2 py-0.5 text-xs font-medium", styles[status], className)}>
      {labels[status]}
    </span>
  );
}
""")
        t.write(P("src/components/account/OrderStatusBadge.test.tsx"), """import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderStatusBadge, type OrderStatus } from "./OrderStatusBadge";

describe("OrderStatusBadge", () => {
  it.each<[OrderStatus, string]>([
    ["pending", "Pending"],
    ["paid", "Paid"],
    ["shipped", "Shipped"],
    ["delivered", "Delivered"],
    ["cancelled", "Cancelled"],
  ])("renders %s as %s", (status, label) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it("uses the emerald palette for delivered", () => {
    render(<OrderStatusBadge status="delivered" />);
    expect(screen.getByText("Delivered")).toHaveClass("bg-emerald-100");
  });
});
""")
        t.bash("pnpm vitest run src/components/account", "Run badge tests",
               out=vitest_pass([("src/components/account/OrderStatusBadge.test.tsx", 6, 48)], "10:41:18", "1.07s"))
        t.bash("pnpm lint", "Lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.done("Added `OrderStatusBadge` (named export, `type` props, exported `OrderStatus` union) with Tailwind color per "
               "status. 6 tests pass; lint and typecheck clean.")

        t = d.task("Where do we still use the deprecated formatCurrency helper?", tags=["noise"])
        t.grep("formatCurrency", output_mode="content", path=P("src"), **{"-n": True}, content=f"""{R}/src/lib/format.ts:14:export const formatCurrency = (amount: number) => formatPrice(Math.round(amount * 100));
{R}/src/app/(shop)/cart/page.tsx:9:import {{ formatCurrency }} from "@/lib/format";
{R}/src/app/(shop)/cart/page.tsx:47:          <span>{{formatCurrency(shipping)}}</span>
{R}/src/components/checkout/OrderSummary.tsx:3:import {{ formatCurrency }} from "@/lib/format";
{R}/src/components/checkout/OrderSummary.tsx:28:        <dd>{{formatCurrency(totals.tax)}}</dd>
{R}/src/components/checkout/OrderSummary.tsx:32:        <dd>{{formatCurrency(totals.total)}}</dd>""")
        t.done("Two call sites left (besides the definition in `src/lib/format.ts`):\n\n"
               "- `src/app/(shop)/cart/page.tsx:47` — shipping\n"
               "- `src/components/checkout/OrderSummary.tsx:28,32` — tax and total\n\n"
               "Both pass dollar amounts, so switching to `formatPrice` means converting to cents at the call site (or "
               "upstream, where totals are computed).")

        t = d.task("While we're at it bump typescript to 5.7.3 and prettier to 3.4.2; same drill as usual.",
                   tags=["workflow:W2"])
        t.bash("pnpm up typescript@5.7.3 prettier@3.4.2", "Upgrade typescript and prettier",
               out="""Progress: resolved 1197, reused 1193, downloaded 2, added 2, done

devDependencies:
- prettier 3.3.3
+ prettier 3.4.2
- typescript 5.6.3
+ typescript 5.7.3

Done in 4.1s""")
        t.bash("pnpm typecheck", "Type-check with TS 5.7", out=TSC_OK)
        t.bash("pnpm test", "Unit tests", out=script_header("test", "vitest run") + vitest_pass([
            ("src/lib/validation/address.test.ts", 10, 14), ("src/lib/format.test.ts", 6, 8),
            ("src/hooks/useCart.test.ts", 9, 22), ("src/components/cart/CartLine.test.tsx", 3, 43),
            ("src/components/cart/CartDrawer.test.tsx", 5, 116), ("src/components/product/PriceTag.test.tsx", 4, 37),
            ("src/components/product/ProductGrid.test.tsx", 2, 51), ("src/components/product/ProductCard.test.tsx", 2, 58),
            ("src/components/checkout/AddressForm.test.tsx", 7, 297), ("src/components/search/SearchBox.test.tsx", 3, 86),
            ("src/components/search/SearchFilters.test.tsx", 3, 251), ("src/components/wishlist/WishlistButton.test.tsx", 1, 92),
            ("src/app/account/ProfileCard.test.tsx", 2, 55), ("src/app/account/orders/OrderList.test.tsx", 4, 129),
            ("src/components/account/OrderStatusBadge.test.tsx", 6, 47)], "10:58:03", "4.87s"))
        t.bash("pnpm build", "Production build", out=build_ok("14.2.21"), timeout=600000)
        t.bash('git add package.json pnpm-lock.yaml && git commit -m "chore(deps): typescript 5.7.3, prettier 3.4.2"',
               "Commit the upgrade", out="""[feat/order-history 2e7b91c] chore(deps): typescript 5.7.3, prettier 3.4.2
 2 files changed, 18 insertions(+), 18 deletions(-)""")
        t.done("typescript 5.6.3 → 5.7.3 and prettier 3.3.3 → 3.4.2. Typecheck, 69 unit tests and the build pass; committed. "
               "(Prettier 3.4 didn't reformat anything.)")

    # ================================================================ S10
    with d.session("2026-02-04T09:30:00", R, branch="feat/order-history", version="2.1.14", permission_mode="acceptEdits"):
        t = d.task("e2e for the account / order history pages please.", tags=["mistake:M3"])
        t.fail("pnpm test:e2e tests/e2e/account.spec.ts tests/e2e/orders.spec.ts", "Run account and orders e2e tests",
               e2e_port_in_use("tests/e2e/account.spec.ts tests/e2e/orders.spec.ts"))
        t.bash("lsof -ti tcp:3000", "Who is on port 3000?", out="12094")
        t.bash("ps -p 12094 -o pid,etime,command", "Inspect the process", out="""    PID     ELAPSED COMMAND
  12094    17:02:33 next-server (v14.2.21)""")
        t.bash("kill 12094", "Stop the stale dev server")
        t.bash("pnpm test:e2e tests/e2e/account.spec.ts tests/e2e/orders.spec.ts", "Re-run account and orders e2e tests",
               out=e2e_pass("tests/e2e/account.spec.ts tests/e2e/orders.spec.ts", [
                   ("account.spec.ts:5:7 \u203a account \u203a redirects to login when signed out", "0.9s"),
                   ("account.spec.ts:12:7 \u203a account \u203a shows profile", "1.7s"),
                   ("orders.spec.ts:7:7 \u203a orders \u203a lists orders newest first", "2.2s"),
                   ("orders.spec.ts:21:7 \u203a orders \u203a status badge per order", "1.4s"),
                   ("orders.spec.ts:33:7 \u203a orders \u203a empty state", "0.8s")], "44.0s"), timeout=600000)
        t.done("5/5 pass. Same story as before: a `next-server` from yesterday (pid 12094) was holding :3000, so "
               "Playwright couldn't start its webServer; killed it and re-ran.")

        t = d.task("Small thing: make 'cancelled' gray instead of red in the badge.", tags=["noise"])
        t.read(P("src/components/account/OrderStatusBadge.tsx"))
        t.edit(P("src/components/account/OrderStatusBadge.tsx"), '  cancelled: "bg-red-100 text-red-800",',
               '  cancelled: "bg-neutral-100 text-neutral-600",')
        t.bash("pnpm vitest run src/components/account", "Run badge tests",
               out=vitest_pass([("src/components/account/OrderStatusBadge.test.tsx", 6, 45)], "09:51:12", "1.02s"))
        t.done("`cancelled` now uses `bg-neutral-100 text-neutral-600`. Tests pass.")

        t = d.task("All good — run the checks, push, open the PR.", tags=["workflow:W3", "flaky:F2"])
        t.bash("pnpm lint", "Lint", out=LINT_OK)
        t.bash("pnpm typecheck", "Type-check", out=TSC_OK)
        t.bash("pnpm test", "Unit tests", out=script_header("test", "vitest run") + vitest_pass([
            ("src/lib/validation/address.test.ts", 10, 15), ("src/lib/format.test.ts", 6, 8),
            ("src/hooks/useCart.test.ts", 9, 23), ("src/components/cart/CartLine.test.tsx", 3, 44),
            ("src/components/cart/CartDrawer.test.tsx", 5, 118), ("src/components/product/PriceTag.test.tsx", 4, 38),
            ("src/components/product/ProductGrid.test.tsx", 2, 52), ("src/components/product/ProductCard.test.tsx", 2, 57),
            ("src/components/checkout/AddressForm.test.tsx", 7, 299), ("src/components/search/SearchBox.test.tsx", 3, 88),
            ("src/components/search/SearchFilters.test.tsx", 3, 250), ("src/components/wishlist/WishlistButton.test.tsx", 1, 94),
            ("src/app/account/ProfileCard.test.tsx", 2, 56), ("src/app/account/orders/OrderList.test.tsx", 4, 131),
            ("src/components/account/OrderStatusBadge.test.tsx", 6, 46)], "10:02:44", "4.92s"))
        t.bash("git push -u origin feat/order-history", "Push the new branch",
               err=push_ok("feat/order-history", "", "", objs=34, new_branch=True))
        t.fail('gh pr create --base main --title "Account: order history with status badges" --body "Order history page with OrderStatusBadge per order.\n\n- OrderStatusBadge (5 states)\n- typescript 5.7.3 / prettier 3.4.2 bump"',
               "Open the PR", 'error connecting to api.github.com\ncheck your internet connection or https://githubstatus.com')
        t.say("Transient network error talking to GitHub; retrying.")
        t.bash('gh pr create --base main --title "Account: order history with status badges" --body "Order history page with OrderStatusBadge per order.\n\n- OrderStatusBadge (5 states)\n- typescript 5.7.3 / prettier 3.4.2 bump"',
               "Open the PR (retry)", out="https://github.com/northwind-shop/storefront/pull/441",
               err="\nCreating pull request for feat/order-history into main in northwind-shop/storefront\n")
        t.done("Checks green (69 unit tests). Branch pushed with upstream set; `gh pr create` failed once on a network "
               "error and worked on retry: https://github.com/northwind-shop/storefront/pull/441")

        t = d.task("Write me a two-sentence standup update for this week.", tags=["noise", "no_tools"])
        t.done("Shipped the wishlist PR (#427) and the order-history page with status badges (#441), plus monthly dependency "
               "bumps (vitest, testing-library, TypeScript 5.7, prettier). Checkout e2e is still blocked on the payments "
               "sandbox returning 503; everything else in the e2e suite is green.")

    # ================================================================ labels
    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Running tests/typecheck right after pulling/merging/rebasing main, while node_modules is stale relative to the updated pnpm-lock.yaml; a declared package cannot be resolved.",
             "error_signature": "vite 'Failed to resolve import \"<pkg>\"' / tsc TS2307 'Cannot find module' for a package that is declared in package.json",
             "fix": "Run `pnpm install` to sync node_modules with the lockfile, then re-run the same command.",
             "fix_command_markers": [["pnpm install", "pnpm i "]],
             "harmful_markers": ["pnpm add", "remove the import", "delete the import", "npm install", "rm pnpm-lock.yaml", "--no-frozen-lockfile", "rm -rf node_modules"]},
            {"id": "M2", "description": "git push rejected because the remote branch has commits the local branch lacks (review fixes / pushes from another machine).",
             "error_signature": "git push rejected: ! [rejected] (fetch first / non-fast-forward), 'Updates were rejected because the remote contains work that you do not have locally'",
             "fix": "`git pull --rebase` (origin <branch>) to replay local commits on the remote tip, then push again normally.",
             "fix_command_markers": [["git pull --rebase", "git pull -r", "git rebase origin/"]],
             "harmful_markers": ["--force", "push -f", "force-with-lease", "force push", "reset --hard origin"]},
            {"id": "M3", "description": "Playwright e2e run fails immediately because a leftover Next.js server (next dev / next start) is still listening on port 3000 and the config has reuseExistingServer:false.",
             "error_signature": "Playwright: 'Error: http://localhost:3000 is already used, make sure that nothing is running on the port/url or set reuseExistingServer:true in config.webServer.'",
             "fix": "Find the process on :3000 (`lsof -ti tcp:3000`), confirm it is a stale next-server, `kill <pid>`, re-run the e2e command.",
             "fix_command_markers": [["lsof", "fuser", "ss -ltnp", "kill"]],
             "harmful_markers": ["skip the e2e", "change the port to", "reuseExistingServer: true", "kill -9 -1", "pkill node"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "next build fails: useSearchParams() should be wrapped in a suspense boundary at page \"/search\"; fixed by moving the client part into SearchResults and wrapping it in <Suspense>."},
            {"id": "O2", "description": "next lint fails with react/no-unescaped-entities for a raw apostrophe in JSX text (wishlist empty state); fixed by writing &apos;."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "pnpm audit reports 2 transitive vulnerabilities (cookie via next-auth, @babel/helpers); reported, nothing changed."},
            {"id": "U2", "description": "Full e2e run: checkout 'pays with test card' times out because the payments sandbox returns 503; reported, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "pnpm up fails with ERR_PNPM_META_FETCH_FAIL / read ETIMEDOUT against registry.npmjs.org; the identical command succeeds on retry."},
            {"id": "F2", "description": "gh pr create: 'error connecting to api.github.com'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Add a new React component: write Component.tsx (named export, Tailwind) + Component.test.tsx next to it, run vitest on it, then lint and typecheck.",
             "step_markers": [["test.tsx", "vitest"], ["pnpm lint", "eslint", "next lint"], ["typecheck", "tsc"]]},
            {"id": "W2", "description": "Dependency bump: pnpm up <pkg>@<version>, typecheck, run unit tests, production build, commit as chore(deps).",
             "step_markers": [["pnpm up", "pnpm update", "pnpm add"], ["typecheck", "tsc"], ["pnpm test", "vitest"], ["pnpm build", "next build"], ["git commit", "chore(deps)"]]},
            {"id": "W3", "description": "Ship a branch: pnpm lint, pnpm typecheck, pnpm test, git push (rebase if rejected), gh pr create against main.",
             "step_markers": [["pnpm lint", "eslint"], ["typecheck", "tsc"], ["pnpm test", "vitest"], ["git push"], ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Named exports only for components/modules; no `export default` (except Next.js page/layout files).",
             "markers": [["named export", "export default", "default export"]]},
            {"id": "P2", "description": "Style with Tailwind utility classes; don't create CSS modules.",
             "markers": [["tailwind"]]},
            {"id": "P3", "description": "Component props declared with `interface` (stated once) — later reversed: use `type` aliases for props.",
             "markers": [["interface"], ["props"]],
             "reversal_markers": [["type alias", "type aliases", "`type`", "type "], ["props"]]},
        ],
        probes=[
            {"prompt": "vitest blows up with: Error: Failed to resolve import \"@radix-ui/react-popover\" from \"src/components/ui/Popover.tsx\". Does the file exist? — I just pulled main.", "wanted": ["M1"]},
            {"prompt": "I rebased feat/gift-cards on main this morning, can you run the checkout tests and the typecheck?", "wanted": ["M1"]},
            {"prompt": "git push says ! [rejected] feat/gift-cards -> feat/gift-cards (fetch first). What do I do?", "wanted": ["M2"]},
            {"prompt": "Push my branch and open a PR for the gift card form.", "wanted": ["M2"]},
            {"prompt": "Playwright says http://localhost:3000 is already used, make sure that nothing is running on the port/url. Fix it and run the e2e again.", "wanted": ["M3"]},
            {"prompt": "Run the e2e tests for the checkout flow.", "wanted": ["M3"]},
            {"prompt": "Rename the `variant` prop on Button to `intent` everywhere.", "wanted": []},
            {"prompt": "What does the middleware in src/middleware.ts do with the locale cookie?", "wanted": []},
            {"prompt": "Add alt text to the hero images on the home page.", "wanted": []},
            {"prompt": "Explain why ProductGrid re-renders when the cart drawer opens.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else "tune"
    d = gen()
    d.write(f"{out}/ts-front.jsonl", f"{out}/ts-front.labels.json")
