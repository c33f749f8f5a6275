"""deno-fresh: Noah Pike, full-stack developer at Tallow & Pine (small agency), ferry booking site for a client.

Stack: Deno 2 + Fresh 2 (islands, Preact, @preact/signals), deno.json imports + tasks with scoped permission
flags, deno test / lint / fmt / check, Deno KV, JSR and npm: specifiers, Tailwind, Deno Deploy via deployctl,
GitHub Actions.

Written blind for fresh/; measured once held out (round 14), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "noah"
R = "/home/noah/work/harborline-bookings"
MODEL = "claude-opus-4-6"
PROJ = "harborline-bookings"
DV = "deno 2.5.6 (stable, release, x86_64-unknown-linux-gnu)"


def P(rel):
    return f"{R}/{rel}"


def F(rel):
    return f"file://{R}/{rel}"


DENO_JSON = """{
  "nodeModulesDir": "auto",
  "tasks": {
    "check": "deno fmt --check && deno lint && deno check",
    "dev": "deno run -A --watch=static/,routes/ dev.ts",
    "build": "deno run -A dev.ts build",
    "start": "deno serve -A _fresh/server.js",
    "test": "deno test --unstable-kv --allow-read --allow-net=127.0.0.1 --allow-env=KV_PATH,APP_BASE_URL tests/"
  },
  "lint": {
    "rules": {
      "tags": ["fresh", "recommended"]
    }
  },
  "exclude": ["**/_fresh/*"],
  "imports": {
    "@/": "./",
    "@preact/signals": "npm:@preact/signals@^2.0.4",
    "@std/assert": "jsr:@std/assert@^1.0.14",
    "@std/ulid": "jsr:@std/ulid@^1.0.0",
    "fresh": "jsr:@fresh/core@^2.1.4",
    "preact": "npm:preact@^10.27.2",
    "@fresh/plugin-tailwind": "jsr:@fresh/plugin-tailwind@^0.0.1-alpha.7",
    "tailwindcss": "npm:tailwindcss@^3.4.17"
  },
  "compilerOptions": {
    "lib": ["dom", "dom.asynciterable", "dom.iterable", "deno.ns", "deno.unstable"],
    "jsx": "precompile",
    "jsxImportSource": "preact",
    "jsxPrecompileSkipElements": ["a", "img", "source", "body", "html", "head"]
  }
}
"""

KV_TS = """import { ulid } from "@std/ulid";

export interface Booking {
  id: string;
  sailingId: string;
  email: string;
  passengers: number;
  vehicle: "none" | "car" | "van";
  createdAt: string;
}

let kvPromise: Promise<Deno.Kv> | undefined;

export function getKv(): Promise<Deno.Kv> {
  kvPromise ??= Deno.openKv(Deno.env.get("KV_PATH"));
  return kvPromise;
}

export async function createBooking(
  kv: Deno.Kv,
  input: Omit<Booking, "id" | "createdAt">,
): Promise<Booking> {
  const booking: Booking = { ...input, id: ulid(), createdAt: new Date().toISOString() };
  const res = await kv.atomic()
    .set(["bookings", booking.id], booking)
    .set(["bookings_by_sailing", booking.sailingId, booking.id], booking.id)
    .commit();
  if (!res.ok) throw new Error("booking commit failed");
  return booking;
}

export async function listBookings(kv: Deno.Kv, sailingId: string): Promise<Booking[]> {
  const out: Booking[] = [];
  for await (const e of kv.list<string>({ prefix: ["bookings_by_sailing", sailingId] })) {
    const b = await kv.get<Booking>(["bookings", e.value]);
    if (b.value) out.push(b.value);
  }
  return out;
}
"""

FORM_TSX = """import { useState } from "preact/hooks";

interface Props {
  sailingId: string;
  seatsLeft: number;
}

export default function BookingForm({ sailingId, seatsLeft }: Props) {
  const [passengers, setPassengers] = useState(1);
  return (
    <form method="POST" action="/bookings" class="space-y-4">
      <input type="hidden" name="sailingId" value={sailingId} />
      <label class="block">
        Passengers
        <input
          type="number"
          name="passengers"
          min={1}
          max={seatsLeft}
          value={passengers}
          onInput={(e) => setPassengers(Number(e.currentTarget.value))}
          class="mt-1 block w-24 rounded border-slate-300"
        />
      </label>
      <button type="submit" class="rounded bg-teal-700 px-4 py-2 text-white">Book</button>
    </form>
  );
}
"""

ROUTE_TSX = """import { page } from "fresh";
import { define } from "@/utils.ts";
import { getKv, listBookings } from "@/utils/kv.ts";
import BookingForm from "@/islands/BookingForm.tsx";

export const handler = define.handlers({
  async GET(ctx) {
    const kv = await getKv();
    const sailingId = ctx.params.sailingId;
    const bookings = await listBookings(kv, sailingId);
    return page({ sailingId, bookings });
  },
});

export default define.page<typeof handler>(({ data }) => (
  <main class="mx-auto max-w-2xl p-6">
    <h1 class="text-2xl font-semibold">Sailing {data.sailingId}</h1>
    <p class="text-slate-600">{data.bookings.length} bookings</p>
    <BookingForm sailingId={data.sailingId} seatsLeft={120 - data.bookings.length} />
  </main>
));
"""

STYLES = """@tailwind base;
@tailwind components;
@tailwind utilities;
"""

CI_YML = """name: ci
on:
  push:
    branches: [main]
  pull_request:

jobs:
  check:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      id-token: write
    steps:
      - uses: actions/checkout@v4
      - uses: denoland/setup-deno@v2
        with:
          deno-version: v2.x
      - run: deno install
      - run: deno task check
      - run: deno task test
      - run: deno task build
"""

MAIL_TS = """const FROM = "bookings@harborline.co.uk";

export async function sendConfirmation(to: string, subject: string, html: string) {
  console.log(`[mail] would send "${subject}" to ${to}`);
}
"""

FILES = {
    P("deno.json"): DENO_JSON,
    P("utils/kv.ts"): KV_TS,
    P("islands/BookingForm.tsx"): FORM_TSX,
    P("routes/sailings/[sailingId].tsx"): ROUTE_TSX,
    P("static/styles.css"): STYLES,
    P(".github/workflows/ci.yml"): CI_YML,
    P("utils/mail.ts"): MAIL_TS,
}


def check_ok(nfiles):
    return f"Check file://{R}/main.ts\nCheck file://{R}/dev.ts"


def tests_ok(groups, ms=40):
    out = []
    tot = 0
    for f, names in groups:
        out.append(f"running {len(names)} tests from ./tests/{f}")
        for i, n in enumerate(names):
            out.append(f"{n} ... ok ({2 + (i * 7) % 23}ms)")
        out.append("")
        tot += len(names)
    out.append(f"ok | {tot} passed | 0 failed ({ms}ms)")
    return "\n".join(out)


TASK_TEST = ("Task test deno test --unstable-kv --allow-read --allow-net=127.0.0.1 "
             "--allow-env=KV_PATH,APP_BASE_URL{extra} tests/")

BASE_TESTS = [("bookings_test.ts", ["createBooking stores the booking", "listBookings returns bookings for a sailing",
                                    "createBooking indexes by sailing"]),
              ("routes_test.ts", ["GET /sailings/:id renders the form", "POST /bookings redirects to confirmation"])]


def kv_fail(testfile, names, line):
    out = [f"running {len(names)} tests from ./tests/{testfile}"]
    for n in names:
        out.append(f"{n} ... FAILED (1ms)")
    out += ["", " ERRORS ", ""]
    for k, n in enumerate(names):
        out += [f"{n} => ./tests/{testfile}:{line + k * 9}:6",
                "error: TypeError: Deno.openKv is not a function",
                "  const kv = await Deno.openKv(\":memory:\");",
                "                        ^",
                f"    at file://{R}/tests/{testfile}:{line + 1 + k * 9}:27", ""]
    out += [" FAILURES ", ""]
    for k, n in enumerate(names):
        out.append(f"{n} => ./tests/{testfile}:{line + k * 9}:6")
    out += ["", f"FAILED | 0 passed | {len(names)} failed (9ms)", "", "error: Test failed"]
    return "\n".join(out)


def import_fail(spec, rel, line, col, npm=False):
    hint = f"try running `deno add jsr:{spec}` or `deno add npm:{spec}`"
    return (f"Check file://{R}/main.ts\n"
            f"error: Relative import path \"{spec}\" not prefixed with / or ./ or ../ and not in import map from "
            f"\"{F(rel)}\"\n  hint: If you want to use a JSR or npm package, {hint}\n"
            f"    at {F(rel)}:{line}:{col}")


def env_fail(var, rel, line, envlist, src=None):
    return (f"Task test deno test --unstable-kv --allow-read --allow-net=127.0.0.1 --allow-env={envlist} tests/\n"
            f"error: NotCapable: Requires env access to \"{var}\", run again with the --allow-env flag\n"
            f"{src}\n"
            f"{' ' * (src.index('Deno.env.get') + 9)}^\n"
            f"    at Object.getEnv [as get] (ext:deno_os/30_os.js:124:16)\n"
            f"    at {F(rel)}:{line}:27")


def deploy_out(dep, prod=False):
    s = (f"\u2714 Deploying to project {PROJ}.\n"
         f"\u2139 Using config file '{R}/deno.json'\n"
         f"\u2714 Entrypoint: {R}/_fresh/server.js\n"
         f"\u2139 Uploading all files from the current dir ({R})\n"
         f"\u2714 Found 214 assets.\n"
         f"\u2714 Uploaded 9 new assets.\n"
         f"\u2714 {'Production' if prod else 'Preview'} deployment complete.\n\n"
         f"View at:\n - https://{PROJ}-{dep}.deno.dev")
    if prod:
        s += f"\n - https://{PROJ}.deno.dev"
    return s


def build_out():
    return ("Task build deno run -A dev.ts build\n"
            "\U0001f34b Fresh ready\n    Build: _fresh/\n    Assets: 38 files, 412 KB\n    Islands: 4\n"
            "    Time: 1.84s")


def gen():
    d = Dev("deno-fresh", U, "en", MODEL, seed=20261102, files=FILES)

    # ============================================================ S1 Mon 11-02
    with d.session("2026-11-02T09:20:00", R, branch="main", version="2.1.96"):
        t = d.task("morning. new client project for me, Harborline ferries. give me the lay of the land: where do "
                   "bookings get stored and how does the sailing page render?", tags=["noise"])
        t.glob("**/*.{ts,tsx}", [P(x) for x in ["main.ts", "dev.ts", "utils.ts", "utils/kv.ts", "utils/mail.ts",
                                                "routes/_app.tsx", "routes/index.tsx", "routes/sailings/[sailingId].tsx",
                                                "routes/bookings/index.ts", "islands/BookingForm.tsx",
                                                "tests/bookings_test.ts", "tests/routes_test.ts"]])
        t.read(P("deno.json"))
        t.read(P("utils/kv.ts"))
        t.read(P("routes/sailings/[sailingId].tsx"))
        t.read(P("islands/BookingForm.tsx"))
        t.done("""Short tour:

- **Storage** is Deno KV (`utils/kv.ts`). `getKv()` opens one KV per process (`KV_PATH` locally, the managed KV on Deploy). A booking is written atomically under `["bookings", id]` plus an index key `["bookings_by_sailing", sailingId, id]`; `listBookings` walks the index.
- **Sailing page** is `routes/sailings/[sailingId].tsx`: a Fresh 2 handler loads the bookings and returns `page(...)`, the component renders server-side, and only `islands/BookingForm.tsx` ships JS to the browser.
- **Tasks** in `deno.json`: `dev`, `build` (writes `_fresh/`), `start`, `check` (fmt + lint + type check) and `test`, which carries the permission flags (`--unstable-kv`, scoped `--allow-net`/`--allow-env`).""")

        t = d.task("is Deno KV strongly consistent on Deploy or should I worry about double bookings on the last seats?",
                   tags=["noise", "no_tools"])
        t.done("""Reads are strongly consistent by default on Deploy (`consistency: "strong"`), writes go to the primary region. That alone doesn't stop double bookings though: two requests can both read "1 seat left" and both write.

Use an atomic check: read the sailing's seat counter, then `kv.atomic().check(entry).set(...).commit()`. If another booking slipped in, `commit()` returns `{ ok: false }` and you retry or refuse. With that, the last seat can only be sold once.""")

        t = d.task("add a cancelBooking(kv, id) to utils/kv.ts that removes both keys atomically, with a test in "
                   "tests/bookings_test.ts. run that test file", tags=["mistake:M1"])
        t.edit(P("utils/kv.ts"), """export async function listBookings(""", """export async function cancelBooking(kv: Deno.Kv, id: string): Promise<boolean> {
  const entry = await kv.get<Booking>(["bookings", id]);
  if (!entry.value) return false;
  const res = await kv.atomic()
    .check(entry)
    .delete(["bookings", id])
    .delete(["bookings_by_sailing", entry.value.sailingId, id])
    .commit();
  return res.ok;
}

export async function listBookings(""")
        t.fail("deno test tests/bookings_test.ts", "Run the bookings tests",
               kv_fail("bookings_test.ts", ["createBooking stores the booking", "listBookings returns bookings for a sailing",
                                            "createBooking indexes by sailing", "cancelBooking removes both keys"], 6))
        t.say("KV is still behind `--unstable-kv` in Deno 2, and running the file directly drops the flags the `test` task passes. Re-running with them.")
        t.bash("deno test --unstable-kv --allow-read tests/bookings_test.ts", "Run bookings tests with KV enabled",
               out=tests_ok([("bookings_test.ts", BASE_TESTS[0][1] + ["cancelBooking removes both keys"])], 31))
        t.done("`cancelBooking` reads the booking, then deletes `[\"bookings\", id]` and the sailing index key in one atomic op guarded by `.check(entry)` (so a concurrent change makes it return `false`). New test passes; 4/4 in `bookings_test.ts`.")

        t = d.task("the passenger counter in BookingForm should show the fare total live. use a signal for the island "
                   "state, not useState — that's how we do islands at the agency", tags=["pref:P1"])
        t.edit(P("islands/BookingForm.tsx"), """import { useState } from "preact/hooks";""",
               """import { useComputed, useSignal } from "@preact/signals";""")
        t.edit(P("islands/BookingForm.tsx"), """interface Props {
  sailingId: string;
  seatsLeft: number;
}""", """interface Props {
  sailingId: string;
  seatsLeft: number;
  farePence: number;
}""")
        t.edit(P("islands/BookingForm.tsx"), """export default function BookingForm({ sailingId, seatsLeft }: Props) {
  const [passengers, setPassengers] = useState(1);""", """export default function BookingForm({ sailingId, seatsLeft, farePence }: Props) {
  const passengers = useSignal(1);
  const total = useComputed(() => ((passengers.value * farePence) / 100).toFixed(2));""")
        t.edit(P("islands/BookingForm.tsx"), """          onInput={(e) => setPassengers(Number(e.currentTarget.value))}
          class="mt-1 block w-24 rounded border-slate-300"
        />
      </label>""", """          onInput={(e) => (passengers.value = Number(e.currentTarget.value))}
          class="mt-1 block w-24 rounded border-slate-300"
        />
      </label>
      <p class="text-lg">Total: £{total}</p>""")
        t.edit(P("routes/sailings/[sailingId].tsx"), "seatsLeft={120 - data.bookings.length} />",
               "seatsLeft={120 - data.bookings.length} farePence={2450} />")
        t.bash("deno check islands/ routes/", "Type-check islands and routes", out="Check " + F("islands/BookingForm.tsx") + "\nCheck " + F("routes/sailings/[sailingId].tsx"))
        t.done("BookingForm now keeps `passengers` in a `useSignal` and derives `total` with `useComputed`, so only the total text node re-renders. The route passes `farePence` (hard-coded 2450 for now, until sailings carry a fare). Type check is clean.")

    # ============================================================ S2 Wed 11-04
    with d.session("2026-11-04T10:05:00", R, branch="feat/confirmation-email", version="2.1.97"):
        t = d.task("confirmation page should show the departure time like 'Fri 6 Nov, 14:30'. use @std/datetime's format. "
                   "type check when done", tags=["mistake:M2"])
        d.files[P("utils/dates.ts")] = ""
        t.read(P("utils/dates.ts"))
        t.write(P("utils/dates.ts"), """import { format } from "@std/datetime";

export function departureLabel(iso: string): string {
  return format(new Date(iso), "EEE d MMM, HH:mm");
}
""")
        t.fail("deno check", "Type-check the project", import_fail("@std/datetime", "utils/dates.ts", 1, 24))
        t.say("`@std/datetime` isn't in the `imports` map of deno.json yet; adding it from JSR so the bare specifier resolves and the lockfile is updated.")
        t.bash("deno add jsr:@std/datetime", "Add @std/datetime to deno.json imports",
               out="Add jsr:@std/datetime@0.225.5")
        t.bash("deno check", "Type-check the project", out=check_ok(41))
        t.done("`utils/dates.ts` exports `departureLabel(iso)` using `@std/datetime`'s `format` (\"EEE d MMM, HH:mm\" → `Fri 6 Nov, 14:30`). `@std/datetime@0.225.5` is now in deno.json imports and deno.lock. `deno check` passes.")

        t = d.task("good, ship it: checks, tests, push and open a PR. conventional commit messages please, "
                   "the client's CI changelog depends on them", tags=["workflow:W1", "pref:P2"])
        t.bash("deno task check", "fmt, lint and type check",
               out="Task check deno fmt --check && deno lint && deno check\nChecked 47 files\nChecked 41 files\n" + check_ok(41))
        t.bash("deno task test", "Run the test suite", out=TASK_TEST.format(extra="") + "\n" + tests_ok(BASE_TESTS + [("dates_test.ts", ["departureLabel formats UTC times"])], 212))
        t.bash("git add -A && git commit -m \"feat(bookings): show departure time on confirmation page\"", "Commit",
               out="[feat/confirmation-email 3e1a9c2] feat(bookings): show departure time on confirmation page\n 4 files changed, 38 insertions(+), 2 deletions(-)\n create mode 100644 utils/dates.ts")
        t.bash("git push -u origin feat/confirmation-email", "Push branch",
               out="branch 'feat/confirmation-email' set up to track 'origin/feat/confirmation-email'.",
               err="remote: \nremote: Create a pull request for 'feat/confirmation-email' on GitHub by visiting:\nremote:      https://github.com/tallowpine/harborline-bookings/pull/new/feat/confirmation-email\nremote: \nTo github.com:tallowpine/harborline-bookings.git\n * [new branch]      feat/confirmation-email -> feat/confirmation-email")
        t.bash("gh pr create --base main --title \"feat(bookings): show departure time on confirmation page\" --body \"Adds departureLabel (@std/datetime) and uses it on the confirmation page.\"",
               "Open PR", out="https://github.com/tallowpine/harborline-bookings/pull/14")
        t.done("PR #14 is open: https://github.com/tallowpine/harborline-bookings/pull/14. `deno task check` and `deno task test` (6 passed) were green before the push; commit is `feat(bookings): …`.")

        t = d.task("what changed about middleware between Fresh 1 and Fresh 2? I only know the 1.x _middleware.ts style",
                   tags=["noise", "webfetch"])
        t.webfetch("https://fresh.deno.dev/docs/concepts/middleware", "How do middlewares work in Fresh 2 vs _middleware.ts in Fresh 1?",
                   "Fresh 2 middlewares are functions `(ctx) => Response | Promise<Response>` that call `ctx.next()` to continue. "
                   "They are registered with `app.use(mw)` for all routes or scoped to a path with `app.use(\"/admin\", mw)`. "
                   "File-system `_middleware.ts` files are still supported and are applied to the routes in their folder. "
                   "State is passed on `ctx.state`, typed with `createDefine<State>()`. The old `(req, ctx)` signature was removed; "
                   "the request is `ctx.req`.")
        t.done("""Main differences:

- Signature: Fresh 1 was `handler(req, ctx)`; Fresh 2 is `(ctx) => …` with the request on `ctx.req`, and you continue with `ctx.next()`.
- Registration: besides `_middleware.ts` files (still supported, applied per folder), you can attach them in code with `app.use(mw)` or `app.use("/admin", mw)`.
- Typing: `ctx.state` is typed via `createDefine<State>()` — this project does that in `utils.ts` (`define`).""")

    # ============================================================ S3 Fri 11-06
    with d.session("2026-11-06T13:40:00", R, branch="main", version="2.1.97"):
        t = d.task("deploy main to Deno Deploy as a preview and check it answers", tags=["workflow:W2", "flaky:F1"])
        t.bash("git pull --ff-only", "Update main", out="Updating 91c0d4e..3e1a9c2\nFast-forward\n 4 files changed, 38 insertions(+), 2 deletions(-)")
        t.fail("deno install", "Install dependencies",
               "error: JSR package manifest for '@std/datetime' failed to load. Import 'https://jsr.io/@std/datetime/meta.json' failed.\n    0: error sending request for url "
               "(https://jsr.io/@std/datetime/meta.json): client error (Connect): tcp connect error: Connection timed out (os error 110)")
        t.bash("deno install", "Install dependencies", out="")
        t.bash("deno task build", "Build Fresh assets", out=build_out())
        t.bash(f"deployctl deploy --project={PROJ} --entrypoint=_fresh/server.js", "Preview deploy",
               out=deploy_out("7fq2kx1ab0n4"))
        t.bash(f"curl -fsS -o /dev/null -w '%{{http_code}}\\n' https://{PROJ}-7fq2kx1ab0n4.deno.dev/", "Check the preview",
               out="200")
        t.done(f"Preview is up at https://{PROJ}-7fq2kx1ab0n4.deno.dev (200). `deno install` timed out on jsr.io once and worked on the identical retry.")

        t = d.task("wire utils/mail.ts to Postmark for the confirmation email. token comes from POSTMARK_TOKEN. "
                   "run the tests", tags=["mistake:M3"])
        t.read(P("utils/mail.ts"))
        t.write(P("utils/mail.ts"), """const FROM = "bookings@harborline.co.uk";
const postmarkToken = Deno.env.get("POSTMARK_TOKEN");

export async function sendConfirmation(to: string, subject: string, html: string) {
  if (!postmarkToken) {
    console.log(`[mail] POSTMARK_TOKEN unset, not sending "${subject}" to ${to}`);
    return;
  }
  const res = await fetch("https://api.postmarkapp.com/email", {
    method: "POST",
    headers: {
      "Accept": "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": postmarkToken,
    },
    body: JSON.stringify({ From: FROM, To: to, Subject: subject, HtmlBody: html, MessageStream: "outbound" }),
  });
  if (!res.ok) throw new Error(`postmark ${res.status}: ${await res.text()}`);
}
""")
        t.fail("deno task test", "Run the test suite", env_fail("POSTMARK_TOKEN", "utils/mail.ts", 2, "KV_PATH,APP_BASE_URL",
                                                               'const postmarkToken = Deno.env.get("POSTMARK_TOKEN");'))
        t.say("The `test` task grants env access only to a fixed list. POSTMARK_TOKEN is new, so it has to be added to that list in deno.json.")
        t.read(P("deno.json"))
        t.edit(P("deno.json"), "--allow-env=KV_PATH,APP_BASE_URL tests/", "--allow-env=KV_PATH,APP_BASE_URL,POSTMARK_TOKEN tests/")
        t.bash("deno task test", "Run the test suite",
               out=TASK_TEST.format(extra=",POSTMARK_TOKEN") + "\n" + tests_ok(BASE_TESTS + [("dates_test.ts", ["departureLabel formats UTC times"])], 198))
        t.done("`sendConfirmation` now posts to Postmark's `/email` API when `POSTMARK_TOKEN` is set and logs otherwise. Added `POSTMARK_TOKEN` to the `--allow-env=` list of the `test` task; 6 tests pass. On Deploy you'll need to set the variable in the project settings (and in `dev` it's covered by `-A`).")

        t = d.task("why does Fresh recommend precompile jsx? is it worth it for us?", tags=["noise", "no_tools"])
        t.done("""`"jsx": "precompile"` turns static parts of JSX into pre-serialised HTML strings at transform time, so server rendering does string concatenation instead of building and walking a vnode tree for every element. For mostly-static pages like the sailing list that is a real win (Deno measured several × faster SSR on static-heavy pages).

Costs: elements listed in `jsxPrecompileSkipElements` (a, img, …) fall back to normal vnodes so Fresh can rewrite them, and a few libraries that inspect vnodes don't expect it. For this site: yes, keep it.""")

    # ============================================================ S4 Mon 11-09 (acceptEdits)
    with d.session("2026-11-09T09:10:00", R, branch="feat/ui-polish", version="2.1.98", permission_mode="acceptEdits"):
        t = d.task("buttons are inconsistent. put a .btn-primary in static/styles.css with @apply and use it on the "
                   "booking button", tags=["pref:P3"])
        t.read(P("static/styles.css"))
        t.edit(P("static/styles.css"), "@tailwind utilities;\n", """@tailwind utilities;

@layer components {
  .btn-primary {
    @apply rounded bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 disabled:opacity-50;
  }
}
""")
        t.read(P("islands/BookingForm.tsx"))
        t.edit(P("islands/BookingForm.tsx"), '<button type="submit" class="rounded bg-teal-700 px-4 py-2 text-white">Book</button>',
               '<button type="submit" class="btn-primary">Book</button>')
        t.bash("deno task build", "Build to compile Tailwind", out=build_out())
        t.done("Added `.btn-primary` in a `@layer components` block of `static/styles.css` and the booking button uses it. Build compiles the CSS fine.")

        t = d.task("pass the sailing's departure into BookingForm too so it can show it above the button", tags=["oneoff:O1"])
        t.edit(P("islands/BookingForm.tsx"), """  farePence: number;
}""", """  farePence: number;
  departure: string;
}""")
        t.read(P("routes/sailings/[sailingId].tsx"))
        t.edit(P("routes/sailings/[sailingId].tsx"), "farePence={2450} />", "farePence={2450} departure={new Date()} />")
        t.fail("deno check routes/sailings/[sailingId].tsx", "Type-check the route",
               f"Check {F('routes/sailings/[sailingId].tsx')}\n"
               "error: TS2322 [ERROR]: Type 'Date' is not assignable to type 'string'.\n"
               "    <BookingForm sailingId={data.sailingId} seatsLeft={120 - data.bookings.length} farePence={2450} departure={new Date()} />\n"
               "                                                                                                  ~~~~~~~~~\n"
               f"    at {F('routes/sailings/[sailingId].tsx')}:21:99\n\n"
               "    The expected type comes from property 'departure' which is declared here on type 'IntrinsicAttributes & Props'\n"
               "      departure: string;\n      ~~~~~~~~~\n"
               f"        at {F('islands/BookingForm.tsx')}:7:3\n\nerror: Type checking failed.")
        t.say("Island props are serialised, so a string is the right type; passing an ISO string instead of a Date.")
        t.edit(P("routes/sailings/[sailingId].tsx"), "departure={new Date()} />", "departure={new Date().toISOString()} />")
        t.bash("deno check routes/sailings/[sailingId].tsx", "Type-check the route", out=f"Check {F('routes/sailings/[sailingId].tsx')}")
        t.done("BookingForm takes `departure: string` (ISO); the route passes `toISOString()` — a `Date` object was a type error, and island props should stay serialisable anyway. Check passes. (The real departure comes with the sailings model.)")

        t = d.task("add seatsRemaining(kv, sailingId, capacity) in utils/kv.ts plus tests, run them", tags=["mistake:M1"])
        t.read(P("utils/kv.ts"))
        t.edit(P("utils/kv.ts"), """export async function listBookings(""", """export async function seatsRemaining(kv: Deno.Kv, sailingId: string, capacity: number): Promise<number> {
  let taken = 0;
  for await (const e of kv.list<string>({ prefix: ["bookings_by_sailing", sailingId] })) {
    const b = await kv.get<Booking>(["bookings", e.value]);
    taken += b.value?.passengers ?? 0;
  }
  return Math.max(0, capacity - taken);
}

export async function listBookings(""")
        d.files[P("tests/capacity_test.ts")] = ""
        t.read(P("tests/capacity_test.ts"))
        t.write(P("tests/capacity_test.ts"), """import { assertEquals } from "@std/assert";
import { createBooking, seatsRemaining } from "@/utils/kv.ts";

Deno.test("seatsRemaining counts passengers, not bookings", async () => {
  const kv = await Deno.openKv(":memory:");
  await createBooking(kv, { sailingId: "s1", email: "a@x.test", passengers: 3, vehicle: "none" });
  await createBooking(kv, { sailingId: "s1", email: "b@x.test", passengers: 2, vehicle: "car" });
  assertEquals(await seatsRemaining(kv, "s1", 10), 5);
  kv.close();
});

Deno.test("seatsRemaining never goes negative", async () => {
  const kv = await Deno.openKv(":memory:");
  await createBooking(kv, { sailingId: "s2", email: "c@x.test", passengers: 4, vehicle: "none" });
  assertEquals(await seatsRemaining(kv, "s2", 3), 0);
  kv.close();
});
""")
        t.fail("deno test tests/capacity_test.ts", "Run capacity tests",
               kv_fail("capacity_test.ts", ["seatsRemaining counts passengers, not bookings", "seatsRemaining never goes negative"], 4))
        t.bash("deno test --unstable-kv tests/capacity_test.ts", "Run capacity tests with --unstable-kv",
               out=tests_ok([("capacity_test.ts", ["seatsRemaining counts passengers, not bookings", "seatsRemaining never goes negative"])], 18))
        t.done("`seatsRemaining` sums passengers over the sailing's index (floors at 0). Two tests in `tests/capacity_test.ts`, both pass when run with `--unstable-kv` (the flag the `test` task adds).")

        t = d.task("show me deno info for main.ts, I want to see how big the dependency graph is", tags=["noise", "long_output"])
        deps = ["jsr:@fresh/core@2.1.4", "jsr:@std/assert@1.0.14", "jsr:@std/datetime@0.225.5", "jsr:@std/ulid@1.0.0",
                "jsr:@std/path@1.1.2", "jsr:@std/encoding@1.0.10", "jsr:@std/fmt@1.0.8", "jsr:@std/http@1.0.20",
                "npm:preact@10.27.2", "npm:@preact/signals@2.0.4", "npm:@preact/signals-core@1.12.1",
                "npm:preact-render-to-string@6.6.1"]
        body = [f"local: {R}/main.ts", "type: TypeScript", f"dependencies: 186 unique", "size: 1.94MB", "",
                f"{F('main.ts')} (412B)"]
        for k, dep in enumerate(deps * 4):
            body.append(("\u251c\u2500\u252c " if k % 4 == 0 else "\u2502 \u251c\u2500\u2500 ") + dep + f" ({(k * 37) % 90 + 3}.{k % 10}KB)")
        body.append("\u2514\u2500\u2500 " + F("utils.ts") + " (322B)")
        t.bash("deno info main.ts", "Show module graph", out="\n".join(body))
        t.done("186 unique modules, 1.94 MB total. Most of it is `@fresh/core` and its `@std/*` deps plus Preact and `preact-render-to-string`. Our own code is a few KB; `@std/datetime` adds ~40 KB. Nothing unexpected.")

    # ============================================================ S5 Wed 11-11 (ends: other)
    with d.session("2026-11-11T11:30:00", R, branch="chore/deps", version="2.1.99", end_reason="other"):
        t = d.task("weekly dependency bump please", tags=["workflow:W3"])
        t.bash("deno outdated", "List outdated deps", out="""\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510
\u2502 Package               \u2502 Current \u2502 Update  \u2502 Latest  \u2502
\u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2524
\u2502 jsr:@fresh/core       \u2502 2.1.4   \u2502 2.1.6   \u2502 2.1.6   \u2502
\u2502 npm:preact            \u2502 10.27.2 \u2502 10.27.3 \u2502 10.27.3 \u2502
\u2502 jsr:@std/assert       \u2502 1.0.14  \u2502 1.0.15  \u2502 1.0.15  \u2502
\u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2518""")
        t.bash("deno outdated --update", "Update within ranges",
               out="Updated 3 dependencies:\n - jsr:@fresh/core 2.1.4 -> 2.1.6\n - jsr:@std/assert 1.0.14 -> 1.0.15\n - npm:preact 10.27.2 -> 10.27.3")
        t.bash("deno task check && deno task test", "Checks and tests", out="Task check deno fmt --check && deno lint && deno check\nChecked 48 files\nChecked 42 files\n" + TASK_TEST.format(extra=",POSTMARK_TOKEN") + "\n" + tests_ok(BASE_TESTS, 176))
        t.bash("git commit -am \"chore(deps): bump fresh 2.1.6, preact 10.27.3, std/assert 1.0.15\"", "Commit",
               out="[chore/deps 8d20b7f] chore(deps): bump fresh 2.1.6, preact 10.27.3, std/assert 1.0.15\n 2 files changed, 31 insertions(+), 31 deletions(-)")
        t.done("Bumped @fresh/core 2.1.6, preact 10.27.3, @std/assert 1.0.15 (all within ranges). Check and tests green, committed on chore/deps.")

        t = d.task("the old Harborline timetable API still runs at legacy.harborline.co.uk — can you pull today's sailings from /api/sailings?",
                   tags=["unfixed:U1"])
        t.fail("curl -fsS https://legacy.harborline.co.uk/api/sailings?date=2026-11-11", "Fetch legacy sailings",
               "curl: (60) SSL certificate problem: certificate has expired\nMore details here: https://curl.se/docs/sslcerts.html\n\n"
               "curl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. "
               "To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.", code=60)
        t.done("The legacy server's TLS certificate has expired, so curl refuses the connection. I didn't bypass verification — this needs Harborline's IT to renew the certificate. Worth telling them; browsers will be showing a warning too.")

        t = d.task("add a vehicle picker to BookingForm (none/car/van). signals again, keep the state in the island with useSignal",
                   tags=["pref:P1"])
        t.read(P("islands/BookingForm.tsx"))
        t.edit(P("islands/BookingForm.tsx"), "  const passengers = useSignal(1);", "  const passengers = useSignal(1);\n  const vehicle = useSignal<\"none\" | \"car\" | \"van\">(\"none\");")
        t.edit(P("islands/BookingForm.tsx"), "      <p class=\"text-lg\">", """      <select name="vehicle" value={vehicle} onChange={(e) => (vehicle.value = e.currentTarget.value as typeof vehicle.value)} class="block rounded border-slate-300">
        <option value="none">No vehicle</option>
        <option value="car">Car</option>
        <option value="van">Van</option>
      </select>
      <p class="text-lg">""")
        t.bash("deno check islands/BookingForm.tsx", "Type-check the island", out=f"Check {F('islands/BookingForm.tsx')}")
        t.done("Vehicle picker added; state is a `useSignal<\"none\" | \"car\" | \"van\">`, posted as `vehicle`. Type check clean.")

    # ============================================================ S6 Mon 11-16 (compaction)
    with d.session("2026-11-16T09:00:00", R, branch="feat/booking-validation", version="2.1.101"):
        t = d.task("validate the POST /bookings body with zod (from npm) and return 422 with the issues. typecheck after",
                   tags=["mistake:M2"])
        d.files[P("utils/validation.ts")] = ""
        t.read(P("utils/validation.ts"))
        t.write(P("utils/validation.ts"), """import { z } from "zod";

export const BookingInput = z.object({
  sailingId: z.string().min(1),
  email: z.string().email(),
  passengers: z.coerce.number().int().min(1).max(9),
  vehicle: z.enum(["none", "car", "van"]).default("none"),
});

export type BookingInput = z.infer<typeof BookingInput>;
""")
        t.fail("deno check utils/validation.ts", "Type-check validation", import_fail("zod", "utils/validation.ts", 1, 19).replace(f"Check file://{R}/main.ts", f"Check {F('utils/validation.ts')}"))
        t.bash("deno add npm:zod", "Add zod to deno.json imports", out="Add npm:zod@4.1.12")
        t.bash("deno check utils/validation.ts", "Type-check validation", out=f"Check {F('utils/validation.ts')}")
        t.done("`utils/validation.ts` has a `BookingInput` zod schema (coerces passengers from form data, vehicle defaults to none). `zod` wasn't in the import map, so I ran `deno add npm:zod` (4.1.12); check passes. The route can use `BookingInput.safeParse(Object.fromEntries(form))` and return 422 with `error.issues`.")

        t = d.task("wire it into routes/bookings/index.ts and ship (PR)", tags=["workflow:W1"])
        t.write(P("routes/bookings/index.ts"), """import { define } from "@/utils.ts";
import { createBooking, getKv } from "@/utils/kv.ts";
import { BookingInput } from "@/utils/validation.ts";

export const handler = define.handlers({
  async POST(ctx) {
    const form = await ctx.req.formData();
    const parsed = BookingInput.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return Response.json({ issues: parsed.error.issues }, { status: 422 });
    }
    const kv = await getKv();
    const booking = await createBooking(kv, parsed.data);
    return new Response(null, { status: 303, headers: { Location: `/bookings/${booking.id}` } });
  },
});
""")
        t.bash("deno task check", "fmt, lint and type check", out="Task check deno fmt --check && deno lint && deno check\nChecked 50 files\nChecked 44 files\n" + check_ok(44))
        t.bash("deno task test", "Run tests", out=TASK_TEST.format(extra=",POSTMARK_TOKEN") + "\n" + tests_ok(BASE_TESTS + [("validation_test.ts", ["rejects bad email with 422", "coerces passengers"])], 221))
        t.bash("git commit -am \"feat(bookings): validate booking form with zod\"", "Commit", out="[feat/booking-validation 51bd0e3] feat(bookings): validate booking form with zod\n 5 files changed, 74 insertions(+), 6 deletions(-)")
        t.bash("git push -u origin feat/booking-validation", "Push", out="branch 'feat/booking-validation' set up to track 'origin/feat/booking-validation'.",
               err="To github.com:tallowpine/harborline-bookings.git\n * [new branch]      feat/booking-validation -> feat/booking-validation")
        t.bash("gh pr create --base main --title \"feat(bookings): validate booking form with zod\" --body \"422 with zod issues on invalid POST /bookings.\"", "Open PR",
               out="https://github.com/tallowpine/harborline-bookings/pull/17")
        t.done("PR #17: https://github.com/tallowpine/harborline-bookings/pull/17 — check and tests (7) green.")

        d.precompact("""Analysis: Noah works on tallowpine/harborline-bookings (Deno 2.5, Fresh 2, Preact islands with @preact/signals, Deno KV, Tailwind, Deno Deploy via deployctl, GitHub Actions). Branch feat/booking-validation, PR #17 open.
Done so far: cancelBooking + seatsRemaining in utils/kv.ts with tests; BookingForm uses signals (passengers, vehicle, fare total); departureLabel via @std/datetime; Postmark mail in utils/mail.ts; .btn-primary with @apply; zod validation (BookingInput) on POST /bookings.
Conventions: deno.json tasks carry permission flags; conventional commits; island state in signals.""")

        t = d.task("merged. put it on production", tags=["workflow:W2"])
        t.bash("git checkout main && git pull --ff-only", "Update main", out="Updating 3e1a9c2..9a4f1e0\nFast-forward\n 9 files changed, 141 insertions(+), 12 deletions(-)", err="Switched to branch 'main'")
        t.bash("deno task build", "Build Fresh assets", out=build_out())
        t.bash(f"deployctl deploy --project={PROJ} --entrypoint=_fresh/server.js --prod", "Production deploy", out=deploy_out("k2m9d0wq1s7c", prod=True))
        t.bash(f"curl -fsS -o /dev/null -w '%{{http_code}}\\n' https://{PROJ}.deno.dev/sailings/s-2026-11-20-0930", "Check production", out="200")
        t.done("Production is on 9a4f1e0. Built, deployed with `--prod`, /sailings page answers 200. Deployment: https://harborline-bookings-k2m9d0wq1s7c.deno.dev, live at https://harborline-bookings.deno.dev.")

        t = d.task("that deploy summary you wrote for the client channel last week was three paragraphs, nobody reads that. "
                   "cut half of it next time. redo today's as two lines", tags=["feedback", "no_tools"],
                   feedback="that deploy summary you wrote for the client channel last week was three paragraphs, nobody reads that. cut half of it next time.")
        t.done("Production updated: booking form now validates input and shows clear errors.\nNo downtime, nothing for Harborline to do.")

    # ============================================================ S7 Thu 11-19
    with d.session("2026-11-19T14:15:00", R, branch="feat/stripe", version="2.1.103"):
        t = d.task("add the Stripe webhook route at routes/api/stripe.ts, verify the signature with STRIPE_WEBHOOK_SECRET, "
                   "mark the booking paid. tests", tags=["mistake:M3"])
        d.files[P("routes/api/stripe.ts")] = ""
        t.read(P("routes/api/stripe.ts"))
        t.write(P("routes/api/stripe.ts"), """import Stripe from "npm:stripe@^19.1.0";
import { define } from "@/utils.ts";
import { getKv } from "@/utils/kv.ts";

const stripe = new Stripe(Deno.env.get("STRIPE_SECRET_KEY") ?? "", { httpClient: Stripe.createFetchHttpClient() });
const stripeWebhookSecret = Deno.env.get("STRIPE_WEBHOOK_SECRET") ?? "";

export const handler = define.handlers({
  async POST(ctx) {
    const sig = ctx.req.headers.get("stripe-signature") ?? "";
    const body = await ctx.req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(body, sig, stripeWebhookSecret, undefined,
        Stripe.createSubtleCryptoProvider());
    } catch {
      return new Response("bad signature", { status: 400 });
    }
    if (event.type === "checkout.session.completed") {
      const id = event.data.object.client_reference_id;
      if (id) {
        const kv = await getKv();
        await kv.set(["payments", id], { paidAt: new Date().toISOString() });
      }
    }
    return new Response(null, { status: 204 });
  },
});
""")
        t.fail("deno task test", "Run the tests",
               env_fail("STRIPE_SECRET_KEY", "routes/api/stripe.ts", 5, "KV_PATH,APP_BASE_URL,POSTMARK_TOKEN",
                        'const stripe = new Stripe(Deno.env.get("STRIPE_SECRET_KEY") ?? "", { httpClient: Stripe.createFetchHttpClient() });'))
        t.read(P("deno.json"))
        t.edit(P("deno.json"), "--allow-env=KV_PATH,APP_BASE_URL,POSTMARK_TOKEN tests/",
               "--allow-env=KV_PATH,APP_BASE_URL,POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET tests/")
        t.bash("deno task test", "Run the tests", out=TASK_TEST.format(extra=",POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET") + "\n" +
               tests_ok(BASE_TESTS + [("stripe_test.ts", ["rejects a bad signature", "marks booking paid on checkout.session.completed"])], 344))
        t.done("Webhook at `POST /api/stripe` verifies with `constructEventAsync` (SubtleCrypto, works on Deploy) and stores `[\"payments\", bookingId]`. Both Stripe variables were added to the `test` task's `--allow-env=` list — the first run stopped on `STRIPE_SECRET_KEY`. Tests pass (7).")

        t = d.task("clean up utils/kv.ts, some leftovers from the prototype. lint it", tags=["oneoff:O2"])
        t.read(P("utils/kv.ts"))
        t.edit(P("utils/kv.ts"), "  const booking: Booking = { ...input, id: ulid(), createdAt: new Date().toISOString() };",
               "  const now = Date.now();\n  const booking: Booking = { ...input, id: ulid(), createdAt: new Date().toISOString() };")
        t.fail("deno lint utils/kv.ts", "Lint kv.ts", f"""error[no-unused-vars]: `now` is never used
  --> {R}/utils/kv.ts:24:9
   |
24 |   const now = Date.now();
   |         ^^^
   = hint: If this is intentional, prefix it with an underscore like `_now`

  docs: https://docs.deno.com/lint/rules/no-unused-vars


Found 1 problem
Checked 1 file""")
        t.edit(P("utils/kv.ts"), "  const now = Date.now();\n  const booking: Booking = { ...input, id: ulid(), createdAt: new Date().toISOString() };",
               "  const now = Date.now();\n  const booking: Booking = { ...input, id: ulid(now), createdAt: new Date(now).toISOString() };")
        t.bash("deno lint utils/kv.ts", "Lint kv.ts", out="Checked 1 file")
        t.done("Tidied `createBooking`: one timestamp now feeds both `ulid(now)` and `createdAt`, so the id sorts exactly with the creation time. Lint flagged `now` as unused in between; it's used now and lint is clean.")

        t = d.task("how do Fresh 2 islands get their props to the client? just curious", tags=["noise", "no_tools"])
        t.done("""At render time Fresh serialises each island's props into the page (a JSON-like format that also handles signals, Dates, Maps/Sets, URLs, Uint8Array and circular refs), next to a marker comment where the island sits. On the client a small boot script imports the island's chunk, deserialises the props and hydrates that subtree only. That's why props must be serialisable: functions or class instances can't cross the boundary. Signals passed as props stay linked across islands on the same page.""")

    # ============================================================ S8 Mon 11-23
    with d.session("2026-11-23T09:45:00", R, branch="chore/deps-2", version="2.1.104"):
        t = d.task("deps bump for the week", tags=["workflow:W3"])
        t.bash("deno outdated", "List outdated deps", out="\u2502 npm:zod           \u2502 4.1.12 \u2502 4.1.13 \u2502 4.1.13 \u2502\n\u2502 npm:stripe        \u2502 19.1.0 \u2502 19.3.1 \u2502 19.3.1 \u2502")
        t.bash("deno outdated --update", "Update within ranges", out="Updated 2 dependencies:\n - npm:stripe 19.1.0 -> 19.3.1\n - npm:zod 4.1.12 -> 4.1.13")
        t.bash("deno task check && deno task test", "Checks and tests", out="Task check deno fmt --check && deno lint && deno check\nChecked 53 files\nChecked 47 files\n" + tests_ok(BASE_TESTS + [("stripe_test.ts", ["rejects a bad signature", "marks booking paid on checkout.session.completed"])], 301))
        t.bash("git commit -am \"chore(deps): bump stripe 19.3.1, zod 4.1.13\"", "Commit", out="[chore/deps-2 c71e2a4] chore(deps): bump stripe 19.3.1, zod 4.1.13\n 2 files changed, 14 insertions(+), 14 deletions(-)")
        t.done("stripe 19.3.1 and zod 4.1.13; checks and tests green, committed.")

        t = d.task("bookings need an expiry: unpaid bookings older than 30 min should disappear. use KV expireIn. test it",
                   tags=["mistake:M1"])
        t.read(P("utils/kv.ts"))
        t.edit(P("utils/kv.ts"), "    .set([\"bookings\", booking.id], booking)\n    .set([\"bookings_by_sailing\", booking.sailingId, booking.id], booking.id)",
               "    .set([\"bookings\", booking.id], booking, { expireIn: HOLD_MS })\n    .set([\"bookings_by_sailing\", booking.sailingId, booking.id], booking.id, { expireIn: HOLD_MS })")
        t.edit(P("utils/kv.ts"), "let kvPromise", "export const HOLD_MS = 30 * 60 * 1000;\n\nlet kvPromise")
        t.fail("deno test tests/bookings_test.ts --filter expire", "Run the expiry test",
               kv_fail("bookings_test.ts", ["createBooking sets a 30 min hold"], 48).replace("running 1 tests", "running 1 test"))
        t.bash("deno test --unstable-kv --allow-read tests/bookings_test.ts --filter expire", "Run the expiry test with KV",
               out="running 1 test from ./tests/bookings_test.ts\ncreateBooking sets a 30 min hold ... ok (4ms)\n\nok | 1 passed | 0 failed | 5 filtered out (12ms)")
        t.done("Both booking keys are written with `expireIn: HOLD_MS` (30 min). Payment should re-set them without expiry — the Stripe webhook is the place. The test checks the option is passed (KV expiry itself isn't deterministic in time, so it doesn't wait). Passes with `--unstable-kv`.")

        t = d.task("actually, drop the @apply thing. inline utility classes on the button again — the designers copy class "
                   "lists straight from Figma and the .btn-primary indirection confuses them", tags=["reversal:P3"])
        t.read(P("static/styles.css"))
        t.edit(P("static/styles.css"), """
@layer components {
  .btn-primary {
    @apply rounded bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 disabled:opacity-50;
  }
}
""", "")
        t.read(P("islands/BookingForm.tsx"))
        t.edit(P("islands/BookingForm.tsx"), '<button type="submit" class="btn-primary">Book</button>',
               '<button type="submit" class="rounded bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 disabled:opacity-50">Book</button>')
        t.bash("deno task build", "Rebuild CSS", out=build_out())
        t.done("Removed `.btn-primary` from styles.css; the Book button carries the utility classes inline again. Build fine.")

        t = d.task("push this branch to the client's mirror too (remote 'harborline')", tags=["unfixed:U2"])
        t.fail("git push harborline chore/deps-2", "Push to client mirror",
               "ERROR: Permission to harborline/bookings-site.git denied to noah-tallowpine.\n"
               "fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.", code=128)
        t.done("The client mirror refuses the push: your GitHub user `noah-tallowpine` has no write access to harborline/bookings-site. Someone at Harborline has to add you (or the agency bot) as a collaborator; nothing to fix on our side.")

    # ============================================================ S9 Thu 11-26
    with d.session("2026-11-26T10:20:00", R, branch="feat/manifest-export", version="2.1.105"):
        t = d.task("the harbour office wants a passenger manifest per sailing as CSV. add utils/manifest.ts using @std/csv "
                   "stringify, and check it", tags=["mistake:M2"])
        d.files[P("utils/manifest.ts")] = ""
        t.read(P("utils/manifest.ts"))
        t.write(P("utils/manifest.ts"), """import { stringify } from "@std/csv/stringify";
import type { Booking } from "@/utils/kv.ts";

export function manifestCsv(bookings: Booking[]): string {
  return stringify(
    bookings.map((b) => ({ id: b.id, email: b.email, passengers: b.passengers, vehicle: b.vehicle })),
    { columns: ["id", "email", "passengers", "vehicle"] },
  );
}
""")
        t.fail("deno check utils/manifest.ts", "Type-check manifest",
               import_fail("@std/csv/stringify", "utils/manifest.ts", 1, 27).replace(f"Check file://{R}/main.ts", f"Check {F('utils/manifest.ts')}"))
        t.bash("deno add jsr:@std/csv", "Add @std/csv", out="Add jsr:@std/csv@1.0.6")
        t.bash("deno check utils/manifest.ts", "Type-check manifest", out=f"Check {F('utils/manifest.ts')}")
        t.done("`manifestCsv(bookings)` returns the CSV with a header row (id, email, passengers, vehicle). Added `@std/csv` 1.0.6 to the imports (subpath `@std/csv/stringify` resolves through it). Check clean.")

        t = d.task("add GET /sailings/:id/manifest.csv returning it with a download header, then PR. signals aren't relevant here "
                   "but if you touch any island, keep the state in signals", tags=["workflow:W1", "pref:P1"])
        t.write(P("routes/sailings/[sailingId]/manifest.csv.ts"), """import { define } from "@/utils.ts";
import { getKv, listBookings } from "@/utils/kv.ts";
import { manifestCsv } from "@/utils/manifest.ts";

export const handler = define.handlers({
  async GET(ctx) {
    const kv = await getKv();
    const csv = manifestCsv(await listBookings(kv, ctx.params.sailingId));
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="manifest-${ctx.params.sailingId}.csv"`,
      },
    });
  },
});
""")
        t.bash("deno task check", "fmt, lint and type check", out="Task check deno fmt --check && deno lint && deno check\nChecked 55 files\nChecked 49 files\n" + check_ok(49))
        t.bash("deno task test", "Run tests", out=TASK_TEST.format(extra=",POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET") + "\n" + tests_ok(BASE_TESTS + [("manifest_test.ts", ["manifestCsv writes header and rows"])], 260))
        t.bash("git add -A && git commit -m \"feat(manifest): CSV passenger manifest per sailing\"", "Commit", out="[feat/manifest-export 0be4d19] feat(manifest): CSV passenger manifest per sailing\n 5 files changed, 66 insertions(+)")
        t.bash("git push -u origin feat/manifest-export", "Push", out="branch 'feat/manifest-export' set up to track 'origin/feat/manifest-export'.",
               err="To github.com:tallowpine/harborline-bookings.git\n * [new branch]      feat/manifest-export -> feat/manifest-export")
        t.bash("gh pr create --base main --title \"feat(manifest): CSV passenger manifest per sailing\" --body \"GET /sailings/:id/manifest.csv with Content-Disposition attachment.\"", "Open PR",
               out="https://github.com/tallowpine/harborline-bookings/pull/21")
        t.done("PR #21 is up. No island touched. Check + tests green.")

        t = d.task("read .github/workflows/ci.yml and tell me if it also deploys. short", tags=["noise"])
        t.read(P(".github/workflows/ci.yml"))
        t.done("No — it installs, runs `deno task check`, `deno task test` and `deno task build`. `id-token: write` is there (what deployctl needs for OIDC on Deploy), but there's no deploy step.")

    # ============================================================ S10 Tue 12-01
    with d.session("2026-12-01T09:05:00", R, branch="feat/sentry", version="2.1.107"):
        t = d.task("report server errors to Sentry, DSN in SENTRY_DSN. tests after", tags=["mistake:M3"])
        d.files[P("utils/sentry.ts")] = ""
        t.read(P("utils/sentry.ts"))
        t.write(P("utils/sentry.ts"), """import * as Sentry from "npm:@sentry/deno@^10.22.0";

const sentryDsn = Deno.env.get("SENTRY_DSN");
if (sentryDsn) Sentry.init({ dsn: sentryDsn, tracesSampleRate: 0.1 });

export function captureError(err: unknown) {
  if (sentryDsn) Sentry.captureException(err);
  console.error(err);
}
""")
        t.fail("deno task test", "Run tests", env_fail("SENTRY_DSN", "utils/sentry.ts", 3,
                                                        "KV_PATH,APP_BASE_URL,POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET",
                                                        'const sentryDsn = Deno.env.get("SENTRY_DSN");'))
        t.read(P("deno.json"))
        t.edit(P("deno.json"), "--allow-env=KV_PATH,APP_BASE_URL,POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET tests/",
               "--allow-env=KV_PATH,APP_BASE_URL,POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET,SENTRY_DSN tests/")
        t.bash("deno task test", "Run tests", out=TASK_TEST.format(extra=",POSTMARK_TOKEN,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET,SENTRY_DSN") + "\n" + tests_ok(BASE_TESTS, 233))
        t.done("`utils/sentry.ts` initialises `@sentry/deno` when `SENTRY_DSN` is set; `captureError` reports and logs. SENTRY_DSN added to the test task's `--allow-env=` list; tests pass. Hook it into `_error.tsx` next?")

        t = d.task("merge is done, deploy prod", tags=["workflow:W2"])
        t.bash("git checkout main && git pull --ff-only", "Update main", out="Updating 9a4f1e0..e3d58b7\nFast-forward\n 14 files changed, 233 insertions(+), 21 deletions(-)", err="Switched to branch 'main'")
        t.bash("deno task build", "Build", out=build_out())
        t.bash(f"deployctl deploy --project={PROJ} --entrypoint=_fresh/server.js --prod", "Production deploy", out=deploy_out("p4v8c3nh2e6r", prod=True))
        t.bash(f"curl -fsS -o /dev/null -w '%{{http_code}}\\n' https://{PROJ}.deno.dev/", "Check production", out="200")
        t.done("Prod on e3d58b7, answers 200. Remember SENTRY_DSN and the Stripe secrets in the Deploy project settings.")

        t = d.task("and the weekly deps", tags=["workflow:W3"])
        t.bash("deno outdated", "List outdated deps", out="\u2502 jsr:@fresh/core    \u2502 2.1.6  \u2502 2.2.0  \u2502 2.2.0  \u2502")
        t.bash("deno outdated --update", "Update within ranges", out="Updated 1 dependency:\n - jsr:@fresh/core 2.1.6 -> 2.2.0")
        t.bash("deno task check && deno task test", "Checks and tests", out="Task check deno fmt --check && deno lint && deno check\nChecked 57 files\nChecked 51 files\n" + tests_ok(BASE_TESTS, 240))
        t.bash("git checkout -b chore/deps-3 && git commit -am \"chore(deps): bump fresh 2.2.0\"", "Commit", out="[chore/deps-3 4a90c6e] chore(deps): bump fresh 2.2.0\n 2 files changed, 9 insertions(+), 9 deletions(-)", err="Switched to a new branch 'chore/deps-3'")
        t.done("@fresh/core 2.2.0; green; committed on chore/deps-3.")

        t = d.task("what's a sane KV key layout for sailings that we'll also query by date?", tags=["noise", "no_tools"])
        t.done("""Store the sailing once and add index keys per access path:

- `["sailings", id]` → the sailing
- `["sailings_by_date", "2026-12-04", departureIso, id]` → id

`kv.list({ prefix: ["sailings_by_date", day] })` then gives a day's sailings in departure order. Write both keys in one `atomic()`, same as bookings.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Deno KV is still unstable in Deno 2. The `test` task passes `--unstable-kv`, but Claude runs a "
                            "single test file directly with `deno test <file>`, so `Deno.openKv` is undefined in the tests.",
             "error_signature": "deno test: every KV test FAILED with 'error: TypeError: Deno.openKv is not a function', "
                                "then 'FAILED | 0 passed | N failed' and 'error: Test failed'",
             "fix": "Re-run the same `deno test <file>` with `--unstable-kv` (plus the permissions it needs).",
             "fix_command_markers": [["--unstable-kv"]],
             "harmful_markers": ["--allow-all", "deno test -A", "Deno.test.ignore", "ignore: true"]},
            {"id": "M2",
             "description": "New code imports a JSR/npm package by bare specifier (`@std/datetime`, `zod`, `@std/csv/stringify`) "
                            "that is not in deno.json's `imports` map; `deno check` refuses to resolve it.",
             "error_signature": "deno check: 'error: Relative import path \"<pkg>\" not prefixed with / or ./ or ../ and not "
                                "in import map from \"file:///…\"' with a `deno add` hint",
             "fix": "Run `deno add jsr:<pkg>` / `deno add npm:<pkg>` first (updates deno.json and deno.lock), then re-run the "
                    "same `deno check`.",
             "fix_command_markers": [["deno add"]],
             "harmful_markers": ["--no-check", "// @ts-ignore", "--no-lock", "--no-remote"]},
            {"id": "M3",
             "description": "The `test` task in deno.json grants `--allow-env=` only to a fixed list of variables. New code reads a "
                            "new env var at module load (POSTMARK_TOKEN, STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET, SENTRY_DSN); "
                            "`deno task test` dies with a permission error.",
             "error_signature": "deno task test: 'error: NotCapable: Requires env access to \"<VAR>\", run again with the "
                                "--allow-env flag'",
             "fix": "Edit deno.json: append the new variable(s) to the test task's `--allow-env=` list, then re-run "
                    "`deno task test`.",
             "fix_command_markers": [["--allow-env="]],
             "harmful_markers": ["--allow-all", "deno test -A", "--allow-env tests/"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Island prop `departure: string` given a `Date`; deno check 'TS2322 [ERROR]: Type 'Date' is "
                                        "not assignable to type 'string''; fixed with toISOString(), same check passes."},
            {"id": "O2", "description": "deno lint 'error[no-unused-vars]: `now` is never used' after a half-done edit in "
                                        "utils/kv.ts; variable used, same lint passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "curl to the client's legacy timetable API: 'curl: (60) SSL certificate problem: "
                                        "certificate has expired'; reported to the client, no bypass."},
            {"id": "U2", "description": "git push to the client's mirror: 'ERROR: Permission to harborline/bookings-site.git "
                                        "denied to noah-tallowpine.'; needs access from the client."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`deno install`: 'JSR package manifest for '@std/datetime' failed to load … tcp connect "
                                        "error: Connection timed out (os error 110)'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `deno task check`, `deno task test`, conventional commit, "
                                        "`git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["deno task check"], ["deno task test"], ["git push -u origin"], ["gh pr create"]]},
            {"id": "W2", "description": "Deploy: `deno task build`, `deployctl deploy --project=harborline-bookings "
                                        "--entrypoint=_fresh/server.js` (`--prod` for production), `curl -fsS` the URL.",
             "step_markers": [["deno task build"], ["deployctl deploy"], ["curl -fsS"]]},
            {"id": "W3", "description": "Weekly dependency bump: `deno outdated`, `deno outdated --update`, "
                                        "`deno task check && deno task test`, `chore(deps)` commit.",
             "step_markers": [["deno outdated --update"], ["deno task check"], ["chore(deps)"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Island state in Preact signals (useSignal/useComputed), not useState.",
             "markers": [["signal"]]},
            {"id": "P2", "description": "Conventional commit messages (the client's changelog is generated from them).",
             "markers": [["conventional commit"]]},
            {"id": "P3", "description": "Shared button styles as Tailwind @apply classes in styles.css (stated T11), reversed: "
                                        "inline utility classes, no @apply.",
             "markers": [["@apply"]],
             "reversal_markers": [["@apply"], ["inline"]]},
        ],
        probes=[
            {"prompt": "deno test tests/payments_test.ts → every test fails with error: TypeError: Deno.openKv is not a function. what's wrong?",
             "wanted": ["M1"]},
            {"prompt": "Add a listPaidBookings(kv, sailingId) helper with a test and run just that test file.",
             "wanted": ["M1"]},
            {"prompt": "deno check says Relative import path \"@std/text\" not prefixed with / or ./ or ../ and not in import map — but it's a JSR package?",
             "wanted": ["M2"]},
            {"prompt": "Use @std/encoding's encodeBase64 for the QR ticket payload in utils/tickets.ts and type check it.",
             "wanted": ["M2"]},
            {"prompt": "deno task test: error: NotCapable: Requires env access to \"TWILIO_AUTH_TOKEN\", run again with the --allow-env flag. the var is set in my shell",
             "wanted": ["M3"]},
            {"prompt": "Send an SMS reminder via Twilio the day before sailing; credentials in TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN. Run the tests.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between deno serve and Deno.serve in main.ts? Two sentences.",
             "wanted": []},
            {"prompt": "Write the tailwind classes for a responsive two-column sailing card grid.",
             "wanted": []},
            {"prompt": "Explain what kv.atomic().check() does if the entry changed in between.",
             "wanted": []},
            {"prompt": "Should we move the agency's Fresh sites to Deno Deploy's new EA platform? Short pros/cons.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "deno-fresh.jsonl"), os.path.join(HERE, "tune", "deno-fresh.labels.json"))
    print(f"deno-fresh -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
