"""leptos-wasm: Mira Lindqvist, freelance full-stack Rust developer (Gothenburg), building "cragbook", the booking
web app for Summit Bloc, a fictional chain of five climbing gyms.

Stack: Leptos 0.7 (SSR + hydration) on Axum 0.7 through cargo-leptos (`cargo leptos watch / build --release /
end-to-end / test`), one crate with `ssr` / `hydrate` features (wasm32-unknown-unknown + wasm-bindgen for the front),
server functions, sqlx 0.8 on PostgreSQL (`sqlx migrate add -r / run / revert`, `cargo sqlx prepare`), Tailwind through
`tailwind-input-file` in `[package.metadata.leptos]`, cargo clippy, Playwright e2e in `end2end/`, Docker image deployed
to Fly.io (`fly deploy`, `fly logs`), GitHub Actions, gh. Prompts in English. cwd /home/mira/work/cragbook.

Written blind for fresh/; measured once held out (round 30), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_leptos_wasm.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "mira"
R = "/home/mira/work/cragbook"
MODEL = "claude-opus-4-6"
REG = "/home/mira/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f"

_rng = [random.Random(20261013)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


README = P("README.md")
CARGO = P("Cargo.toml")
LIB = P("src/lib.rs")
MAIN = P("src/main.rs")
APP = P("src/app.rs")
BOOKING_MOD = P("src/booking/mod.rs")
SLOTS = P("src/booking/slots.rs")
PRICING = P("src/booking/pricing.rs")
API_MOD = P("src/api/mod.rs")
API_BOOK = P("src/api/bookings.rs")
API_ADMIN = P("src/api/admin.rs")
COMP_MOD = P("src/components/mod.rs")
SLOT_PICKER = P("src/components/slot_picker.rs")
BOOK_PAGE = P("src/pages/book.rs")
SCHEDULE = P("src/pages/schedule.rs")
CI = P(".github/workflows/ci.yml")
JUSTFILE = P("justfile")
GYMS_RS = P("src/booking/gyms.rs")

README_TXT = """# cragbook

Booking app for Summit Bloc (5 gyms: Majorna, Lindholmen, Mölndal, Borås, Uddevalla). Leptos 0.7 SSR + hydration on
Axum, PostgreSQL via sqlx, Tailwind. Deployed on Heroku (`git push heroku main`).

## Dev

```bash
docker compose up -d db          # postgres 16 on :5432, DATABASE_URL in .env
sqlx migrate run
cargo leptos watch               # http://127.0.0.1:3000
just test                        # cargo leptos test (lib with hydrate, bin with ssr)
just e2e                         # cargo leptos end-to-end (Playwright in end2end/)
```

One crate, two builds: the server (`--features ssr`, native) and the client (`--features hydrate`,
wasm32-unknown-unknown). Anything that only makes sense on the server (sqlx, axum, tokio, mailers...) is an optional
dependency enabled by the `ssr` feature, and its modules are behind `#[cfg(feature = "ssr")]`.

## Deploy

Heroku, see Procfile.
"""

CARGO_TXT = """[package]
name = "cragbook"
version = "0.4.2"
edition = "2021"

[lib]
crate-type = ["cdylib", "rlib"]

[dependencies]
leptos = { version = "0.7.8" }
leptos_router = { version = "0.7.8" }
leptos_meta = { version = "0.7.8" }
leptos_axum = { version = "0.7.8", optional = true }
axum = { version = "0.7.9", optional = true }
tokio = { version = "1.45", features = ["rt-multi-thread", "macros"], optional = true }
tower-http = { version = "0.6", features = ["fs", "trace"], optional = true }
sqlx = { version = "0.8.6", default-features = false, features = ["runtime-tokio", "tls-rustls", "postgres", "chrono", "uuid", "macros", "migrate"], optional = true }
tracing = "0.1"
tracing-subscriber = { version = "0.3", features = ["env-filter"], optional = true }
serde = { version = "1", features = ["derive"] }
chrono = { version = "0.4", features = ["serde"] }
uuid = { version = "1", features = ["v4", "serde", "js"] }
thiserror = "2"
console_error_panic_hook = { version = "0.1", optional = true }
wasm-bindgen = { version = "=0.2.100", optional = true }

[features]
hydrate = ["leptos/hydrate", "dep:console_error_panic_hook", "dep:wasm-bindgen"]
ssr = [
    "dep:axum",
    "dep:tokio",
    "dep:tower-http",
    "dep:leptos_axum",
    "dep:sqlx",
    "dep:tracing-subscriber",
    "leptos/ssr",
    "leptos_meta/ssr",
    "leptos_router/ssr",
]

[profile.wasm-release]
inherits = "release"
opt-level = 'z'
lto = true
codegen-units = 1
panic = "abort"

[package.metadata.leptos]
output-name = "cragbook"
site-root = "target/site"
site-pkg-dir = "pkg"
tailwind-input-file = "style/tailwind.css"
assets-dir = "public"
site-addr = "127.0.0.1:3000"
reload-port = 3001
end2end-cmd = "npx playwright test"
end2end-dir = "end2end"
browserquery = "defaults"
env = "DEV"
bin-features = ["ssr"]
bin-default-features = false
lib-features = ["hydrate"]
lib-default-features = false
lib-profile-release = "wasm-release"
"""

LIB_TXT = """pub mod api;
pub mod app;
pub mod booking;
pub mod components;
pub mod pages;

#[cfg(feature = "ssr")]
pub mod db;

#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_body(app::App);
}
"""

MAIN_TXT = """#[cfg(feature = "ssr")]
#[tokio::main]
async fn main() -> anyhow::Result<()> {
    use axum::Router;
    use cragbook::app::{shell, App};
    use leptos::prelude::*;
    use leptos_axum::{generate_route_list, LeptosRoutes};
    use tower_http::trace::TraceLayer;

    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .init();

    let conf = get_configuration(None)?;
    let leptos_options = conf.leptos_options;
    let addr = leptos_options.site_addr;
    let pool = cragbook::db::connect().await?;
    let routes = generate_route_list(App);

    let app = Router::new()
        .route("/healthz", axum::routing::get(|| async { "ok" }))
        .leptos_routes_with_context(
            &leptos_options,
            routes,
            {
                let pool = pool.clone();
                move || provide_context(pool.clone())
            },
            {
                let leptos_options = leptos_options.clone();
                move || shell(leptos_options.clone())
            },
        )
        .fallback(leptos_axum::file_and_error_handler(shell))
        .layer(TraceLayer::new_for_http())
        .with_state(leptos_options);

    tracing::info!("listening on http://{}", &addr);
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    axum::serve(listener, app.into_make_service()).await?;
    Ok(())
}

#[cfg(not(feature = "ssr"))]
pub fn main() {}
"""

APP_TXT = """use leptos::prelude::*;
use leptos_meta::{provide_meta_context, MetaTags, Stylesheet, Title};
use leptos_router::{
    components::{Route, Router, Routes},
    path,
};

use crate::pages::{book::BookPage, home::HomePage, schedule::SchedulePage};

pub fn shell(options: LeptosOptions) -> impl IntoView {
    view! {
        <!DOCTYPE html>
        <html lang="sv">
            <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <AutoReload options=options.clone()/>
                <HydrationScripts options/>
                <MetaTags/>
            </head>
            <body class="bg-stone-50 text-stone-900">
                <App/>
            </body>
        </html>
    }
}

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        <Stylesheet id="leptos" href="/pkg/cragbook.css"/>
        <Title text="Summit Bloc – boka"/>
        <Router>
            <main class="mx-auto max-w-3xl px-4 py-6">
                <Routes fallback=|| "Sidan finns inte.".into_view()>
                    <Route path=path!("") view=HomePage/>
                    <Route path=path!("/boka/:gym") view=BookPage/>
                    <Route path=path!("/schema/:gym") view=SchedulePage/>
                </Routes>
            </main>
        </Router>
    }
}
"""

BOOKING_MOD_TXT = """//! Booking domain: slots, pricing, waitlist. Pure logic is shared by server and client;
//! anything touching the database lives in `repo` and only exists on the server.

pub mod gyms;
pub mod pricing;
pub mod slots;

#[cfg(feature = "ssr")]
pub mod repo;
"""

GYMS_TXT = """use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gym {
    pub id: i32,
    pub slug: String,
    pub name: String,
    pub capacity: i32,
}

/// Opening hours are per gym and weekday in the `opening_hours` table; this is only the
/// fallback used by the schedule page when a gym has no row for a day.
pub const DEFAULT_OPEN: (u32, u32) = (10, 22);
"""

SLOTS_TXT = """use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub id: i64,
    pub gym_id: i32,
    pub starts_at: DateTime<Utc>,
    pub capacity: i32,
    pub booked: i32,
}

impl Slot {
    pub fn free(&self) -> i32 {
        (self.capacity - self.booked).max(0)
    }

    pub fn is_full(&self) -> bool {
        self.free() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(capacity: i32, booked: i32) -> Slot {
        Slot { id: 1, gym_id: 1, starts_at: Utc::now(), capacity, booked }
    }

    #[test]
    fn free_never_negative() {
        assert_eq!(slot(10, 12).free(), 0);
        assert!(slot(10, 12).is_full());
    }
}
"""

PRICING_TXT = """use serde::{Deserialize, Serialize};

/// All prices in öre (SEK cents).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ticket {
    Member,
    DayPass,
    PunchCard,
}

pub fn price_for(ticket: Ticket, off_peak: bool) -> i64 {
    match (ticket, off_peak) {
        (Ticket::Member, _) => 0,
        (Ticket::DayPass, false) => 17_500,
        (Ticket::DayPass, true) => 13_500,
        (Ticket::PunchCard, _) => 14_000,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_peak_day_pass_is_cheaper() {
        assert!(price_for(Ticket::DayPass, true) < price_for(Ticket::DayPass, false));
    }
}
"""

API_MOD_TXT = """pub mod admin;
pub mod bookings;
"""

API_BOOK_TXT = """use leptos::prelude::*;
use uuid::Uuid;

use crate::booking::slots::Slot;

#[server]
pub async fn list_slots(gym: String) -> Result<Vec<Slot>, ServerFnError> {
    let pool = crate::db::pool()?;
    let slots = crate::booking::repo::upcoming_slots(&pool, &gym).await?;
    Ok(slots)
}

#[server]
pub async fn create_booking(slot_id: i64, email: String) -> Result<Uuid, ServerFnError> {
    let pool = crate::db::pool()?;
    let id = crate::booking::repo::insert_booking(&pool, slot_id, &email).await?;
    tracing::info!(%id, slot_id, "booking created");
    Ok(id)
}
"""

API_ADMIN_TXT = """use leptos::prelude::*;

#[server]
pub async fn block_slot(gym: String, slot_id: i64, reason: String) -> Result<(), ServerFnError> {
    let pool = crate::db::pool()?;
    let gym = crate::booking::repo::gym_by_slug(&pool, &gym).await?.unwrap();
    crate::booking::repo::block_slot(&pool, gym.id, slot_id, &reason).await?;
    Ok(())
}
"""

COMP_MOD_TXT = """pub mod slot_picker;
"""

SLOT_PICKER_TXT = """use leptos::prelude::*;

use crate::api::bookings::{create_booking, CreateBooking};
use crate::booking::slots::Slot;

#[component]
pub fn SlotPicker(slots: Vec<Slot>) -> impl IntoView {
    let book = ServerAction::<CreateBooking>::new();
    let (selected, set_selected) = signal(None::<i64>);
    view! {
        <ul class="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {slots
                .into_iter()
                .map(|s| {
                    let id = s.id;
                    view! {
                        <li>
                            <button
                                class="w-full rounded border px-2 py-1 disabled:opacity-40"
                                disabled=s.is_full()
                                on:click=move |_| set_selected.set(Some(id))
                            >
                                {s.starts_at.format("%H:%M").to_string()}
                            </button>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
        <ActionForm action=book>
            <input type="hidden" name="slot_id" prop:value=move || selected.get().unwrap_or_default()/>
            <input type="email" name="email" required class="mt-4 w-full rounded border px-3 py-2"/>
            <button type="submit" class="mt-3 rounded bg-orange-600 px-2 text-white">
                "Boka"
            </button>
        </ActionForm>
    }
}
"""

BOOK_PAGE_TXT = """use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::api::bookings::list_slots;
use crate::components::slot_picker::SlotPicker;

#[component]
pub fn BookPage() -> impl IntoView {
    let params = use_params_map();
    let gym = move || params.read().get("gym").unwrap_or_default();
    let slots = Resource::new(gym, list_slots);
    view! {
        <h1 class="text-2xl font-semibold">"Boka en tid"</h1>
        <Suspense fallback=|| view! { <p>"Laddar..."</p> }>
            {move || Suspend::new(async move {
                slots.await.map(|slots| view! { <SlotPicker slots/> })
            })}
        </Suspense>
    }
}
"""

SCHEDULE_TXT = """use chrono::Local;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::api::bookings::list_slots;

#[component]
pub fn SchedulePage() -> impl IntoView {
    let params = use_params_map();
    let gym = move || params.read().get("gym").unwrap_or_default();
    let slots = Resource::new(gym, list_slots);
    view! {
        <h1 class="text-2xl font-semibold">"Schema"</h1>
        <Suspense fallback=|| view! { <p>"Laddar..."</p> }>
            {move || Suspend::new(async move {
                slots.await.map(|slots| {
                    slots
                        .into_iter()
                        .map(|s| {
                            view! {
                                <div class="flex justify-between border-b py-2">
                                    <span>{s.starts_at.with_timezone(&Local).format("%a %H:%M").to_string()}</span>
                                    <span>{s.free()} " platser"</span>
                                </div>
                            }
                        })
                        .collect_view()
                })
            })}
        </Suspense>
    }
}
"""

CI_TXT = """name: ci
on:
  pull_request:
  push:
    branches: [main]

jobs:
  check:
    runs-on: ubuntu-24.04
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_PASSWORD: postgres
        ports: ["5432:5432"]
    env:
      DATABASE_URL: postgres://postgres:postgres@localhost:5432/cragbook
    steps:
      - uses: actions/checkout@v4
      - uses: dtolnay/rust-toolchain@stable
        with:
          targets: wasm32-unknown-unknown
          components: clippy
      - uses: Swatinem/rust-cache@v2
      - run: cargo install cargo-leptos --locked --version 0.2.42
      - run: cargo install sqlx-cli --no-default-features --features rustls,postgres --locked
      - run: sqlx migrate run
      - run: cargo clippy --features ssr -- -D warnings
      - run: cargo clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings
      - run: cargo leptos test
      - run: npm ci
        working-directory: end2end
      - run: npx playwright install --with-deps chromium webkit
        working-directory: end2end
      - run: cargo leptos end-to-end
"""

JUSTFILE_TXT = """test:
    cargo leptos test

e2e:
    cargo leptos end-to-end

lint:
    cargo clippy --features ssr -- -D warnings
    cargo clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings
"""

FILES = {
    README: README_TXT, CARGO: CARGO_TXT, LIB: LIB_TXT, MAIN: MAIN_TXT, APP: APP_TXT,
    BOOKING_MOD: BOOKING_MOD_TXT, SLOTS: SLOTS_TXT, PRICING: PRICING_TXT, API_MOD: API_MOD_TXT,
    API_BOOK: API_BOOK_TXT, API_ADMIN: API_ADMIN_TXT, COMP_MOD: COMP_MOD_TXT, SLOT_PICKER: SLOT_PICKER_TXT,
    BOOK_PAGE: BOOK_PAGE_TXT, SCHEDULE: SCHEDULE_TXT, CI: CI_TXT, JUSTFILE: JUSTFILE_TXT, GYMS_RS: GYMS_TXT,
}


# ------------------------------------------------------------------ tool output helpers

def leptos_build_ok(secs_front, secs_server, release=False):
    prof = "--release " if release else ""
    fp = "wasm-release" if release else "dev"
    fd = "optimized" if release else "unoptimized + debuginfo"
    sp = "release" if release else "dev"
    sd = "optimized" if release else "unoptimized + debuginfo"
    return f"""   Compiling cragbook v0.4.2 ({R})
    Finished `{fp}` profile [{fd}] target(s) in {secs_front}
       Cargo finished cargo build --package=cragbook --lib --target-dir={R}/target/front --target=wasm32-unknown-unknown --no-default-features --features=hydrate {prof}
       Front compiling WASM
    Tailwind finished tailwindcss --input style/tailwind.css --output target/tmp/tailwind.css{" --minify" if release else ""}
   Compiling cragbook v0.4.2 ({R})
    Finished `{sp}` profile [{sd}] target(s) in {secs_server}
       Cargo finished cargo build --package=cragbook --bin=cragbook --no-default-features --features=ssr {prof}"""


def mio_fail(chain, nerr, release=False):
    prof = "--release " if release else ""
    comp = "\n".join(f"   Compiling {c}" for c in chain)
    return f"""{comp}
error: This wasm target is unsupported by mio. If using Tokio, disable the net feature.
  --> {REG}/mio-1.0.4/src/lib.rs:44:1
   |
44 | compile_error!("This wasm target is unsupported by mio. If using Tokio, disable the net feature.");
   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

error[E0432]: unresolved import `crate::sys::IoSourceState`
  --> {REG}/mio-1.0.4/src/io_source.rs:14:5
   |
14 | use crate::sys::IoSourceState;
   |     ^^^^^^^^^^^^^^^^^^^^^^^^^ no `IoSourceState` in `sys`

error[E0432]: unresolved import `crate::sys::tcp`
  --> {REG}/mio-1.0.4/src/net/tcp/listener.rs:15:17
   |
15 | use crate::sys::tcp::{{bind, listen, new_for_addr}};
   |                 ^^^ could not find `tcp` in `sys`

error[E0425]: cannot find value `listener` in module `self::sys`
  --> {REG}/mio-1.0.4/src/net/tcp/listener.rs:158:46
    |
158 |         set_reuseaddr(&self.inner, reuseaddr)?; self::sys::listener
    |                                                           ^^^^^^^^ not found in `self::sys`

Some errors have detailed explanations: E0412, E0425, E0432, E0433.
For more information about an error, try `rustc --explain E0412`.
error: could not compile `mio` (lib) due to {nerr} previous errors
warning: build failed, waiting for other jobs to finish...
Error: at `/home/mira/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cargo-leptos-0.2.42/src/compile/front.rs:51:30`

Caused by:
    0: at `/home/mira/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cargo-leptos-0.2.42/src/command/build.rs:38:29`
    1: cargo build --package=cragbook --lib --target-dir={R}/target/front --target=wasm32-unknown-unknown --no-default-features --features=hydrate {prof}exited with status 101"""


def clippy_ok(feat, secs):
    return f"""    Checking cragbook v0.4.2 ({R})
    Finished `dev` profile [unoptimized + debuginfo] target(s) in {secs}"""


def e2e_ok(tests, secs, workers=4):
    body = "\n".join(f"  ✓  {i} [chromium] › tests/{f} › {name} ({ms}ms)" for i, (f, name, ms) in enumerate(tests, 1))
    return leptos_build_ok("38.91s", "22.47s") + f"""
       Serving at http://127.0.0.1:3000
   end2end running npx playwright test

Running {len(tests)} tests using {workers} workers

{body}

  {len(tests)} passed ({secs})"""


def fly_deploy_ok(app, cfg, image_tag, machines, secs):
    upd = "\n".join(f"> Updating {m} [app]\n> Waiting for {m} [app] to have state: started\n> Machine {m} [app] has state: started\n> Checking health of machine {m} [app]\n✔ Machine {m} [app] update succeeded" for m in machines)
    return f"""==> Verifying app config
Validating {R}/{cfg}
✓ Configuration is valid
--> Verified app config
==> Building image
==> Building image with Depot
--> build:  ()
[+] Building {secs} (21/21) FINISHED
 => [internal] load build definition from Dockerfile                                   0.1s
 => [internal] load metadata for docker.io/library/debian:bookworm-slim                  0.6s
 => [internal] load metadata for docker.io/library/rust:1.90-bookworm                    0.6s
 => [builder 1/9] FROM docker.io/library/rust:1.90-bookworm                              0.0s
 => CACHED [builder 2/9] RUN rustup target add wasm32-unknown-unknown                    0.0s
 => CACHED [builder 3/9] RUN cargo install cargo-leptos --locked --version 0.2.42        0.0s
 => [builder 4/9] COPY . .                                                               0.4s
 => [builder 5/9] RUN SQLX_OFFLINE=true cargo leptos build --release -vv               {secs}
 => [runtime 2/4] COPY --from=builder /app/target/release/cragbook /app/                 0.2s
 => [runtime 3/4] COPY --from=builder /app/target/site /app/site                         0.1s
 => exporting to image                                                                   2.3s
--> Build Summary:  ()
--> Building image done
image: registry.fly.io/{app}:deployment-{image_tag}
image size: 51 MB

Watch your deployment at https://fly.io/apps/{app}/monitoring

Running {app} release_command: /app/cragbook migrate
-------
 ✔ release_command {hx(14)} completed successfully
-------
This deployment will:
 * create 0 "app" machines
 * update {len(machines)} "app" machine{"s" if len(machines) > 1 else ""}

{upd}
Checking DNS configuration for {app}.fly.dev

Visit your newly deployed app at https://{app}.fly.dev/"""


def fly_logs(app, machine, day, hh):
    rows = [
        f"{day}T{hh}:02:11Z app[{machine}] arn [info] INFO Starting init (commit: 6ab5bb5)...",
        f"{day}T{hh}:02:11Z app[{machine}] arn [info] INFO Preparing to run: `/app/cragbook` as root",
        f"{day}T{hh}:02:12Z app[{machine}] arn [info]{day}T{hh}:02:12.114Z  INFO cragbook: listening on http://0.0.0.0:8080",
        f"{day}T{hh}:02:14Z app[{machine}] arn [info]{day}T{hh}:02:14.583Z  INFO tower_http::trace::on_response: finished processing request latency=3 ms status=200 uri=/healthz",
        f"{day}T{hh}:02:29Z app[{machine}] arn [info]{day}T{hh}:02:29.907Z  INFO tower_http::trace::on_response: finished processing request latency=41 ms status=200 uri=/boka/majorna",
        f"{day}T{hh}:02:30Z app[{machine}] arn [info]{day}T{hh}:02:30.262Z  INFO tower_http::trace::on_response: finished processing request latency=18 ms status=200 uri=/api/list_slots",
    ]
    return "\n".join(rows)


def gh_create_fail(warn=None):
    w = f"Warning: {warn}\n" if warn else ""
    return f"{w}aborted: you must first push the current branch to a remote, or use the --head flag"


def push_new(branch, objs):
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({objs - 4}/{objs - 4}), done.
Writing objects: 100% ({objs - 2}/{objs - 2}), {objs * 0.61:.2f} KiB | {objs * 0.61:.2f} MiB/s, done.
Total {objs - 2} (delta {objs // 2}), reused 0 (delta 0), pack-reused 0
remote: Resolving deltas: 100% ({objs // 2}/{objs // 2}), completed with {objs // 3} local objects.
remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:
remote:      https://github.com/summitbloc/cragbook/pull/new/{branch}
remote: 
To github.com:summitbloc/cragbook.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def gh_pr_ok(branch, n):
    return (f"https://github.com/summitbloc/cragbook/pull/{n}",
            f"\nCreating pull request for {branch} into main in summitbloc/cragbook\n")


def commit_out(branch, msg, files, ins, dels):
    return f"[{branch} {hx(7)}] {msg}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"


def cargo_test_ok(names, filtered, secs, bin_tests=True):
    body = "\n".join(f"test {n} ... ok" for n in names)
    out = f"""
running {len(names)} tests
{body}

test result: ok. {len(names)} passed; 0 failed; 0 ignored; 0 measured; {filtered} filtered out; finished in 0.0{len(names)}s
"""
    if bin_tests:
        out += """
running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
"""
    err = f"""   Compiling cragbook v0.4.2 ({R})
    Finished `test` profile [unoptimized + debuginfo] target(s) in {secs}
     Running unittests src/lib.rs (target/debug/deps/cragbook-{hx(16)})"""
    if bin_tests:
        err += f"\n     Running unittests src/main.rs (target/debug/deps/cragbook-{hx(16)})"
    return out, err


def migrate_add(ts, name):
    return f"Creating migrations/{ts}_{name}.up.sql\nCreating migrations/{ts}_{name}.down.sql"


# ------------------------------------------------------------------ sessions

def s1(d):
    with d.session("2026-10-13T08:40:00", R, branch="main", version="2.1.230"):
        t = d.task("just got push access to the summit bloc repo. walk me through how it's put together, where do server fns "
                   "live and how is the ssr/hydrate split done here", tags=["noise"])
        t.read(README)
        t.read(CARGO)
        t.glob("src/**/*.rs", [LIB, MAIN, APP, API_MOD, API_BOOK, API_ADMIN, BOOKING_MOD, GYMS_RS, SLOTS, PRICING,
                               P("src/booking/repo.rs"), P("src/db.rs"), COMP_MOD, SLOT_PICKER, P("src/pages/mod.rs"),
                               P("src/pages/home.rs"), BOOK_PAGE, SCHEDULE])
        t.read(LIB)
        t.read(BOOKING_MOD)
        t.read(API_BOOK)
        t.done("""Quick map:

- **One crate, two builds.** `Cargo.toml` has `ssr` (axum, tokio, sqlx, leptos_axum, tower-http — all `optional = true`) and `hydrate` (console_error_panic_hook, wasm-bindgen). cargo-leptos builds the lib for `wasm32-unknown-unknown` with `hydrate` and the bin natively with `ssr` (`[package.metadata.leptos]` → `lib-features` / `bin-features`).
- **`src/main.rs`**: axum router, `/healthz`, `leptos_routes_with_context` that provides the `PgPool` to server fns.
- **`src/app.rs`**: shell + routes (`/`, `/boka/:gym`, `/schema/:gym`).
- **`src/api/`**: server functions (`#[server]`), e.g. `list_slots`, `create_booking`. Their bodies only compile on the server; on the client they become HTTP calls.
- **`src/booking/`**: domain. `slots`, `pricing`, `gyms` are plain shared code; `repo` (sqlx queries) is `#[cfg(feature = "ssr")]`, same for `src/db.rs` in `lib.rs`.
- **`src/components/`, `src/pages/`**: views.

Rule of thumb in this layout: anything server-only must be both an optional dep enabled by `ssr` and behind `#[cfg(feature = "ssr")]` where it's declared.""")

        t = d.task("add a gym selector on the booking page: dropdown of the 5 gyms, loaded from a server fn, navigates to "
                   "/boka/<slug>. and no .unwrap() in server fns pls, return a proper ServerFnError",
                   tags=["workflow:W3", "pref:P1"])
        t.read(P("src/booking/gyms.rs"))
        t.write(P("src/api/gyms.rs"), """use leptos::prelude::*;

use crate::booking::gyms::Gym;

#[server]
pub async fn list_gyms() -> Result<Vec<Gym>, ServerFnError> {
    let pool = crate::db::pool()?;
    let gyms = crate::booking::repo::all_gyms(&pool)
        .await
        .map_err(|e| ServerFnError::new(format!("could not load gyms: {e}")))?;
    Ok(gyms)
}
""")
        t.read(API_MOD)
        t.edit(API_MOD, "pub mod admin;\npub mod bookings;\n", "pub mod admin;\npub mod bookings;\npub mod gyms;\n")
        t.write(P("src/components/gym_select.rs"), """use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use crate::api::gyms::list_gyms;

#[component]
pub fn GymSelect(current: String) -> impl IntoView {
    let gyms = OnceResource::new(list_gyms());
    let navigate = use_navigate();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                let current = current.clone();
                let navigate = navigate.clone();
                Suspend::new(async move {
                    gyms.await.map(|gyms| view! {
                        <select
                            class="mb-4 w-full rounded border px-3 py-2"
                            on:change=move |ev| navigate(&format!("/boka/{}", event_target_value(&ev)), Default::default())
                        >
                            {gyms.into_iter().map(|g| {
                                let selected = g.slug == current;
                                view! { <option value=g.slug selected=selected>{g.name}</option> }
                            }).collect_view()}
                        </select>
                    })
                })
            }}
        </Suspense>
    }
}
""")
        t.read(COMP_MOD)
        t.edit(COMP_MOD, "pub mod slot_picker;\n", "pub mod gym_select;\npub mod slot_picker;\n")
        t.read(BOOK_PAGE)
        t.edit(BOOK_PAGE, """use crate::components::slot_picker::SlotPicker;""",
               """use crate::components::gym_select::GymSelect;
use crate::components::slot_picker::SlotPicker;""")
        t.edit(BOOK_PAGE, """        <h1 class="text-2xl font-semibold">"Boka en tid"</h1>
""", """        <h1 class="text-2xl font-semibold">"Boka en tid"</h1>
        <GymSelect current=gym()/>
""")
        t.bash("cargo leptos build", "Build server + wasm", err=leptos_build_ok("41.37s", "27.02s"), timeout=600000)
        t.bash("cargo clippy --features ssr -- -D warnings", "Clippy (server)", err=clippy_ok("ssr", "14.80s"))
        t.bash("cargo clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings", "Clippy (wasm)",
               err=clippy_ok("hydrate", "9.33s"))
        t.bash("cargo leptos end-to-end", "Playwright e2e", out=e2e_ok([
            ("booking.spec.ts", "guest sees slots for majorna", 812),
            ("booking.spec.ts", "full slot button is disabled", 455),
            ("booking.spec.ts", "guest can book a slot", 1304),
            ("gyms.spec.ts", "gym selector switches to lindholmen", 690)], "6.9s"), timeout=600000)
        t.done("""Done:
- `src/api/gyms.rs`: `list_gyms()` server fn, DB errors mapped into `ServerFnError::new(..)` with `?` — no unwraps.
- `src/components/gym_select.rs`: `<GymSelect current=…/>`, a `<select>` fed by a `OnceResource`, navigates to `/boka/<slug>` on change.
- Wired into `BookPage` above the slot picker.

`cargo leptos build`, both clippy runs (ssr + wasm32) and the e2e suite (4 tests) pass.""")

        t = d.task("commit that. conventional commits please, like feat(booking): ...", tags=["pref:P3", "noise"])
        t.bash("git status --short", "Status", out="""M  src/api/mod.rs
M  src/components/mod.rs
M  src/pages/book.rs
?? src/api/gyms.rs
?? src/components/gym_select.rs""")
        t.bash("git add src/api src/components src/pages && git commit -m \"feat(booking): gym selector on the booking page\"",
               "Commit", out=commit_out("main", "feat(booking): gym selector on the booking page", 5, 71, 0))
        t.bash("git push", "Push", err="""To github.com:summitbloc/cragbook.git
   4c1e9a2..8f0d7b1  main -> main""")
        t.done("Committed as `feat(booking): gym selector on the booking page` and pushed to main.")

        t = d.task("Resource vs LocalResource in 0.7, when do I actually need the local one", tags=["no_tools"])
        t.done("""- `Resource` — runs on the server during SSR, the result is serialized into the HTML and reused on hydration. Needs `Serialize + Deserialize` output. Default for anything coming from a server fn.
- `LocalResource` — only runs in the browser, never on the server, no serialization. Use it for browser-only things (localStorage, `navigator.geolocation`, a JS SDK) or non-serializable values. During SSR it renders the Suspense fallback.

So for `list_slots` / `list_gyms`: `Resource` (or `OnceResource` when there's no reactive input).""")


def s2(d):
    with d.session("2026-10-15T09:05:00", R, branch="feat/booking-confirm-mail", version="2.1.232"):
        t = d.task("I added lettre to Cargo.toml, wire up a confirmation email after create_booking succeeds. smtp creds "
                   "are in env (SMTP_HOST, SMTP_USER, SMTP_PASS)", tags=["mistake:M1"])
        d.files[CARGO] = d.files[CARGO].replace('thiserror = "2"\n', 'thiserror = "2"\nlettre = { version = "0.11", default-features = false, features = ["builder", "smtp-transport", "tokio1", "tokio1-rustls-tls"] }\n')
        t.read(CARGO)
        t.write(P("src/mail.rs"), """use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("missing env var {0}")]
    Env(&'static str),
    #[error(transparent)]
    Build(#[from] lettre::error::Error),
    #[error(transparent)]
    Address(#[from] lettre::address::AddressError),
    #[error(transparent)]
    Smtp(#[from] lettre::transport::smtp::Error),
}

fn env(key: &'static str) -> Result<String, MailError> {
    std::env::var(key).map_err(|_| MailError::Env(key))
}

pub async fn send_confirmation(to: &str, gym: &str, when: &str) -> Result<(), MailError> {
    let msg = Message::builder()
        .from("Summit Bloc <boka@summitbloc.se>".parse()?)
        .to(to.parse()?)
        .subject(format!("Bokning bekräftad – {gym} {when}"))
        .header(ContentType::TEXT_PLAIN)
        .body(format!("Hej!\\n\\nDin tid på {gym} {when} är bokad. Välkommen!\\n\\nSummit Bloc"))?;
    let creds = Credentials::new(env("SMTP_USER")?, env("SMTP_PASS")?);
    let mailer = AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&env("SMTP_HOST")?)?
        .credentials(creds)
        .build();
    mailer.send(msg).await?;
    Ok(())
}
""")
        t.read(LIB)
        t.edit(LIB, """#[cfg(feature = "ssr")]
pub mod db;
""", """#[cfg(feature = "ssr")]
pub mod db;
#[cfg(feature = "ssr")]
pub mod mail;
""")
        t.read(API_BOOK)
        t.edit(API_BOOK, """    let id = crate::booking::repo::insert_booking(&pool, slot_id, &email).await?;
    tracing::info!(%id, slot_id, "booking created");
    Ok(id)""", """    let booking = crate::booking::repo::insert_booking(&pool, slot_id, &email).await?;
    tracing::info!(id = %booking.id, slot_id, "booking created");
    let when = booking.starts_at.format("%Y-%m-%d %H:%M").to_string();
    if let Err(e) = crate::mail::send_confirmation(&email, &booking.gym_name, &when).await {
        // the booking stands even if the mail fails; it's retried by the nightly job
        tracing::warn!(id = %booking.id, error = %e, "confirmation mail failed");
    }
    Ok(booking.id)""")
        t.fail("cargo leptos build", "Build server + wasm", mio_fail(
            ["socket2 v0.5.10", "mio v1.0.4", "tokio v1.45.1", "lettre v0.11.15"], 19), code=1)
        t.say("The wasm (hydrate) build pulls in lettre → tokio with `net` → mio, which can't compile for "
              "wasm32-unknown-unknown. `src/mail.rs` is already `#[cfg(feature = \"ssr\")]`, but the dependency itself "
              "isn't optional, so the client build still compiles it. Making lettre an optional dep of the `ssr` feature "
              "like sqlx/axum:")
        t.edit(CARGO, 'lettre = { version = "0.11", default-features = false, features = ["builder", "smtp-transport", "tokio1", "tokio1-rustls-tls"] }',
               'lettre = { version = "0.11", default-features = false, features = ["builder", "smtp-transport", "tokio1", "tokio1-rustls-tls"], optional = true }')
        t.edit(CARGO, """    "dep:tracing-subscriber",
""", """    "dep:tracing-subscriber",
    "dep:lettre",
""")
        t.bash("cargo leptos build", "Build server + wasm", err=leptos_build_ok("44.10s", "51.88s"), timeout=600000)
        t.done("""Confirmation mail is wired in:
- `src/mail.rs` (server only): `send_confirmation(to, gym, when)` over STARTTLS with `SMTP_HOST/USER/PASS`.
- `create_booking` sends it after the insert; a mail failure is logged with `tracing::warn!` and doesn't fail the booking.
- `repo::insert_booking` now needs to return the row (id, starts_at, gym_name) — I changed the call site, the query itself is next.

The first build failed in the **wasm** half: `This wasm target is unsupported by mio` — lettre was a normal dependency so the hydrate build compiled it too. It's now `optional = true` and enabled via `"dep:lettre"` in the `ssr` feature; both builds pass.""")

        t = d.task("bookings need a confirmation_sent_at column so the nightly job doesn't double send. migration with a down pls",
                   tags=["workflow:W1"])
        ts = "20261015093112"
        t.bash("sqlx migrate add -r add_confirmation_sent_at", "New reversible migration",
               out=migrate_add(ts, "add_confirmation_sent_at"))
        up = P(f"migrations/{ts}_add_confirmation_sent_at.up.sql")
        down = P(f"migrations/{ts}_add_confirmation_sent_at.down.sql")
        d.files[up] = "-- Add up migration script here\n"
        d.files[down] = "-- Add down migration script here\n"
        t.read(up)
        t.write(up, """alter table bookings add column confirmation_sent_at timestamptz;

-- existing bookings were all mailed by the old Heroku worker
update bookings set confirmation_sent_at = created_at where created_at < now();
""")
        t.read(down)
        t.write(down, "alter table bookings drop column confirmation_sent_at;\n")
        t.bash("sqlx migrate run", "Apply migration", out=f"Applied {ts}/migrate add confirmation sent at (18.402ms)")
        t.bash("sqlx migrate revert", "Check down migration", out=f"Applied {ts}/revert add confirmation sent at (4.117ms)")
        t.bash("sqlx migrate run", "Re-apply", out=f"Applied {ts}/migrate add confirmation sent at (11.730ms)")
        t.bash("cargo sqlx prepare -- --features ssr", "Refresh .sqlx offline data", err=f"""    Checking cragbook v0.4.2 ({R})
    Finished `dev` profile [unoptimized + debuginfo] target(s) in 19.26s
query data written to .sqlx in the current directory; please check this into version control""")
        t.done(f"Migration `{ts}_add_confirmation_sent_at`: nullable `timestamptz`, backfilled from `created_at` for existing rows; down drops it. Ran up → down → up locally, and refreshed `.sqlx` so the offline Docker build still compiles.")

        t = d.task("the Boka button on the slot picker looks cramped on mobile, fix the padding. tailwind classes only, "
                   "don't add inline style= attributes", tags=["pref:P2", "noise"])
        t.read(SLOT_PICKER)
        t.edit(SLOT_PICKER, """<button type="submit" class="mt-3 rounded bg-orange-600 px-2 text-white">""",
               """<button type="submit" class="mt-3 w-full rounded bg-orange-600 px-4 py-3 text-base font-medium text-white sm:w-auto sm:py-2">""")
        t.done("Boka button: full width with `px-4 py-3` on mobile, back to auto width / `py-2` from `sm:` up. Only Tailwind classes; `cargo leptos watch` picks up the new classes.")


def s3(d):
    with d.session("2026-10-19T08:55:00", R, branch="feat/waitlist", version="2.1.233"):
        t = d.task("waitlist for full slots: when a booking gets cancelled the first person on the waitlist gets promoted. "
                   "logic in booking/slots.rs + unit tests, run them", tags=["mistake:M2"])
        t.read(SLOTS)
        t.edit(SLOTS, """#[cfg(test)]
mod tests {
    use super::*;
""", """/// Who gets the freed place: the oldest waitlist entry that still wants the slot.
pub fn next_to_promote<'a, W: WaitlistLike>(entries: &'a [W]) -> Option<&'a W> {
    entries.iter().filter(|e| !e.withdrawn()).min_by_key(|e| e.joined_at())
}

pub trait WaitlistLike {
    fn joined_at(&self) -> DateTime<Utc>;
    fn withdrawn(&self) -> bool;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::repo::WaitlistEntry;
    use chrono::Duration;

    fn entry(id: i64, mins_ago: i64, withdrawn: bool) -> WaitlistEntry {
        WaitlistEntry { id, slot_id: 1, email: format!("c{id}@example.se"), joined_at: Utc::now() - Duration::minutes(mins_ago), withdrawn }
    }

    #[test]
    fn promotes_oldest_entry() {
        let list = vec![entry(1, 5, false), entry(2, 30, false), entry(3, 10, false)];
        assert_eq!(next_to_promote(&list).map(|e| e.id), Some(2));
    }

    #[test]
    fn skips_withdrawn() {
        let list = vec![entry(1, 50, true), entry(2, 3, false)];
        assert_eq!(next_to_promote(&list).map(|e| e.id), Some(2));
    }

    #[test]
    fn empty_list_promotes_nobody() {
        assert!(next_to_promote::<WaitlistEntry>(&[]).is_none());
    }
""")
        t.fail("cargo test slots::", "Run slot tests", f"""   Compiling cragbook v0.4.2 ({R})
error[E0432]: unresolved import `crate::booking::repo`
  --> src/booking/slots.rs:40:16
   |
40 |     use crate::booking::repo::WaitlistEntry;
   |                         ^^^^ could not find `repo` in `booking`
   |
note: found an item that was configured out
  --> src/booking/mod.rs:9:9
   |
9  | pub mod repo;
   |         ^^^^
note: the item is gated behind the `ssr` feature
  --> src/booking/mod.rs:8:7
   |
8  | #[cfg(feature = "ssr")]
   |       ^^^^^^^^^^^^^^^

For more information about this error, try `rustc --explain E0432`.
error: could not compile `cragbook` (lib test) due to 1 previous error""", code=101)
        t.say("Plain `cargo test` builds with no features, so `booking::repo` (server only) doesn't exist. These tests "
              "use the DB row type, so they need the server build:")
        o, e = cargo_test_ok(["booking::slots::tests::empty_list_promotes_nobody", "booking::slots::tests::free_never_negative",
                              "booking::slots::tests::promotes_oldest_entry", "booking::slots::tests::skips_withdrawn"], 11, "31.45s")
        t.bash("cargo test --features ssr slots::", "Run slot tests with the server feature", out=o, err=e)
        t.done("""Added `next_to_promote()` in `booking/slots.rs` (oldest non-withdrawn entry wins) plus 3 tests; all 4 slot tests pass.

Note: the first run was plain `cargo test slots::` and didn't compile — `booking::repo` is `#[cfg(feature = "ssr")]` and the tests use `repo::WaitlistEntry`. Tests that touch server-only modules have to run with `--features ssr` (`just test` / `cargo leptos test` does that for the bin side).

Not done yet: calling it from the cancel path in `repo` (needs a transaction with `select … for update` on the slot).""")

        t = d.task("ok commit and open a PR for the waitlist branch", tags=["mistake:M3"])
        t.bash("git add src/booking && git commit -m \"feat(waitlist): promote first waitlisted climber when a booking is cancelled\"",
               "Commit", out=commit_out("feat/waitlist", "feat(waitlist): promote first waitlisted climber when a booking is cancelled", 2, 47, 1))
        t.fail("gh pr create --base main --title \"feat(waitlist): promote first waitlisted climber\" --body \"Adds next_to_promote() + tests. Cancel path wiring follows in a separate PR.\"",
               "Open PR", gh_create_fail(), code=1)
        t.say("The branch only exists locally, gh won't open a PR for it. Pushing it with upstream first:")
        t.bash("git push -u origin feat/waitlist", "Push branch", err=push_new("feat/waitlist", 11))
        url, err = gh_pr_ok("feat/waitlist", 27)
        t.bash("gh pr create --base main --title \"feat(waitlist): promote first waitlisted climber\" --body \"Adds next_to_promote() + tests. Cancel path wiring follows in a separate PR.\"",
               "Open PR", out=url, err=err)
        t.done(f"PR is up: {url}\n\n`gh pr create` refused at first because `feat/waitlist` had never been pushed; pushed it with `-u origin`, then the PR went through.")

        t = d.task("getting hydration warnings on /schema/majorna in the browser console, something like 'A hydration error "
                   "occurred while trying to hydrate an element defined at src/pages/schedule.rs:25:37'. whats the usual "
                   "cause? also write me an explanation I can forward to their PM, they saw it in the console too",
                   tags=["webfetch", "noise"])
        t.webfetch("https://book.leptos.dev/ssr/24_hydration_bugs.html",
                   "What causes hydration mismatches and how to avoid them?",
                   """Hydration bugs happen when the HTML rendered on the server doesn't match what the client renders during hydration. Typical causes:

1. **Code that behaves differently on server and client** — e.g. reading the current time, the local timezone, random numbers, or `window` values while rendering. The server renders with its values, the browser with its own, and the DOM no longer matches.
2. **Invalid HTML** that the browser "fixes" while parsing (a `<div>` inside a `<p>`, a `<tr>` outside `<tbody>`), so the DOM structure differs from what the view expects.
3. **Using `cfg!(feature = "ssr")` / `#[cfg]` branches inside views** that produce different markup.

To avoid them, render the same thing on both sides during hydration and move browser-specific values into an `Effect` (which only runs on the client after hydration) or into a `LocalResource`. Hydration errors are reported in the console with the source location of the element that failed to hydrate.""")
        t.read(SCHEDULE)
        t.edit(SCHEDULE, """use chrono::Local;
use leptos::prelude::*;""", """use chrono_tz::Europe::Stockholm;
use leptos::prelude::*;""")
        t.edit(SCHEDULE, """<span>{s.starts_at.with_timezone(&Local).format("%a %H:%M").to_string()}</span>""",
               """<span>{s.starts_at.with_timezone(&Stockholm).format("%a %H:%M").to_string()}</span>""")
        t.done("""**Cause:** `schedule.rs` formats slot times with `chrono::Local`. On Fly the server runs in UTC, in the browser `Local` is the visitor's timezone (CET/CEST), so the server HTML says `Mon 16:00` and the client wants `Mon 18:00` — that's a hydration mismatch at exactly line 25. It would also show wrong times to anyone with JS disabled or a slow connection before hydration.

**Fix:** format with an explicit zone, `chrono_tz::Europe::Stockholm` — the gyms are all in Sweden, so server and client now render the same string. (`chrono-tz` needs to go into Cargo.toml; it's wasm-safe.)

**For their PM:**

> Hi! The red "hydration error" messages you saw in the browser console on the schedule page came from a mismatch between how the server and the browser rendered slot times. The server renders the page first, in UTC, and then the browser takes over ("hydrates" it) and renders the same times in the visitor's local timezone. Because those two versions of the page disagreed by one or two hours, the framework logged a warning and had to repair the page, which can cause a short flicker and in some cases wrong times being shown for a moment before the page became interactive.
>
> Nothing was stored incorrectly: bookings are saved with exact timestamps in the database, independent of how they are displayed, and no bookings were affected.
>
> The fix is to always display times in Swedish time (Europe/Stockholm) on both sides, which is what all five gyms use anyway. This removes the mismatch completely. Visitors abroad will see Swedish times, which matches how the gyms communicate opening hours.
>
> The change will go out with the next staging deploy; after that, the console should stay clean on the schedule page. If you see similar messages on any other page, a screenshot of the console with the page address would help me find it quickly.
>
> Best, Mira""")


def s4(d):
    with d.session("2026-10-22T10:15:00", R, branch="main", version="2.1.235", permission_mode="acceptEdits"):
        t = d.task("deploy main to staging and check it's healthy", tags=["workflow:W2", "flaky:F1", "long_output"])
        t.bash("fly deploy -c fly.staging.toml", "Deploy to staging",
               out=fly_deploy_ok("cragbook-staging", "fly.staging.toml", "01K84Q2M7V3XJ5T9WZC6RNEH1D",
                                 ["784e290f2d0d58", "9185d3e4f65283"], "212.4s"), timeout=900000)
        t.fail("fly logs -a cragbook-staging --no-tail", "Recent staging logs",
               'Error: failed to fetch logs: Get "https://api.fly.io/api/v1/apps/cragbook-staging/logs?instance=&region=": '
               'net/http: TLS handshake timeout', code=1)
        t.bash("fly logs -a cragbook-staging --no-tail", "Recent staging logs",
               out=fly_logs("cragbook-staging", "784e290f2d0d58", "2026-10-22", "08"))
        t.bash("curl -fsS https://cragbook-staging.fly.dev/healthz", "Health check", out="ok")
        t.done("Staging is on main (`deployment-01K84Q2M7V3XJ5T9WZC6RNEH1D`), release_command migrations ran, both machines healthy, `/healthz` → `ok`, logs show normal 200s on `/boka/majorna` and `/api/list_slots`. (First `fly logs` call hit a TLS handshake timeout to api.fly.io; the retry worked.)")

        t = d.task("add a price breakdown under the slot picker (member / day pass / punch card, off-peak aware), from a "
                   "server fn. don't unwrap anything on the server side, map it into a ServerFnError",
                   tags=["workflow:W3", "pref:P1", "oneoff:O1"])
        t.read(PRICING)
        t.write(P("src/api/pricing.rs"), """use leptos::prelude::*;

use crate::booking::pricing::{price_for, Ticket};

#[server]
pub async fn price_breakdown(slot_id: i64) -> Result<Vec<(Ticket, i64)>, ServerFnError> {
    let pool = crate::db::pool()?;
    let slot = crate::booking::repo::slot_by_id(&pool, slot_id)
        .await?
        .ok_or_else(|| ServerFnError::new(format!("no slot {slot_id}")))?;
    let off_peak = crate::booking::pricing::is_off_peak(&slot.starts_at);
    Ok([Ticket::Member, Ticket::DayPass, Ticket::PunchCard]
        .into_iter()
        .map(|t| (t, price_for(t, off_peak)))
        .collect())
}
""")
        t.edit(PRICING, """#[cfg(test)]""", """/// Off-peak: weekdays before 15:00 Swedish time.
pub fn is_off_peak(starts_at: &chrono::DateTime<chrono::Utc>) -> bool {
    use chrono::{Datelike, Timelike, Weekday};
    let local = starts_at.with_timezone(&chrono_tz::Europe::Stockholm);
    let weekday = !matches!(&local.weekday(), Weekday::Sat | Weekday::Sun);
    weekday && local.hour() < 15
}

#[cfg(test)]""")
        t.read(API_MOD)
        t.edit(API_MOD, "pub mod gyms;\n", "pub mod gyms;\npub mod pricing;\n")
        t.write(P("src/components/price_breakdown.rs"), """use leptos::prelude::*;

use crate::api::pricing::price_breakdown;
use crate::booking::pricing::Ticket;

fn label(t: Ticket) -> &'static str {
    match t {
        Ticket::Member => "Medlem",
        Ticket::DayPass => "Dagskort",
        Ticket::PunchCard => "Klippkort",
    }
}

#[component]
pub fn PriceBreakdown(slot_id: Signal<Option<i64>>) -> impl IntoView {
    let prices = Resource::new(move || slot_id.get(), |id| async move {
        match id {
            Some(id) => price_breakdown(id).await.map(Some),
            None => Ok(None),
        }
    });
    view! {
        <Suspense fallback=|| ()>
            {move || Suspend::new(async move {
                prices.await.map(|p| p.map(|rows| view! {
                    <dl class="mt-4 grid grid-cols-2 gap-1 text-sm">
                        {rows.into_iter().map(|(t, ore)| view! {
                            <dt class="text-stone-600">{label(t)}</dt>
                            <dd class="text-right">{format!("{} kr", ore / 100)}</dd>
                        }).collect_view()}
                    </dl>
                }))
            })}
        </Suspense>
    }
}
""")
        t.read(COMP_MOD)
        t.edit(COMP_MOD, "pub mod gym_select;\n", "pub mod gym_select;\npub mod price_breakdown;\n")
        t.read(SLOT_PICKER)
        t.edit(SLOT_PICKER, """use crate::booking::slots::Slot;
""", """use crate::booking::slots::Slot;
use crate::components::price_breakdown::PriceBreakdown;
""")
        t.edit(SLOT_PICKER, """        </ul>
        <ActionForm action=book>""", """        </ul>
        <PriceBreakdown slot_id=selected.into()/>
        <ActionForm action=book>""")
        t.bash("cargo leptos build", "Build server + wasm", err=leptos_build_ok("36.52s", "24.18s"), timeout=600000)
        t.fail("cargo clippy --features ssr -- -D warnings", "Clippy (server)", f"""    Checking cragbook v0.4.2 ({R})
error: this expression creates a reference which is immediately dereferenced by the compiler
  --> src/booking/pricing.rs:24:33
   |
24 |     let weekday = !matches!(&local.weekday(), Weekday::Sat | Weekday::Sun);
   |                             ^^^^^^^^^^^^^^^ help: change this to: `local.weekday()`
   |
   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#needless_borrow
   = note: `-D clippy::needless-borrow` implied by `-D warnings`
   = help: to override `-D warnings` add `#[allow(clippy::needless_borrow)]`

error: could not compile `cragbook` (lib) due to 1 previous error""", code=101)
        t.edit(PRICING, "!matches!(&local.weekday(), Weekday::Sat | Weekday::Sun)", "!matches!(local.weekday(), Weekday::Sat | Weekday::Sun)")
        t.bash("cargo clippy --features ssr -- -D warnings", "Clippy (server)", err=clippy_ok("ssr", "6.12s"))
        t.bash("cargo clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings", "Clippy (wasm)",
               err=clippy_ok("hydrate", "7.40s"))
        t.bash("cargo leptos end-to-end", "Playwright e2e", out=e2e_ok([
            ("booking.spec.ts", "guest sees slots for majorna", 790),
            ("booking.spec.ts", "full slot button is disabled", 431),
            ("booking.spec.ts", "guest can book a slot", 1288),
            ("booking.spec.ts", "price breakdown shows three tickets", 902),
            ("gyms.spec.ts", "gym selector switches to lindholmen", 655)], "7.4s"), timeout=600000)
        t.done("""Price breakdown is in:
- `api/pricing.rs`: `price_breakdown(slot_id)` — missing slot → `ServerFnError`, DB errors via `?`, no unwraps.
- `booking/pricing.rs`: `is_off_peak()` (weekdays before 15:00 Stockholm time).
- `components/price_breakdown.rs` under the slot list, follows the selected slot.

Clippy flagged a needless borrow in `is_off_peak` (fixed). Build, both clippy runs and e2e (5 tests) are green.""")

        t = d.task("try the Climbcore members API with the key they sent yesterday (it's in .env as CLIMBCORE_API_KEY), "
                   "I need to see what a membership payload looks like", tags=["unfixed:U1"])
        t.fail("set -a && . ./.env && set +a && curl -fsS -H \"Authorization: Bearer $CLIMBCORE_API_KEY\" "
               "\"https://api.climbcore.io/v2/members?limit=1\"", "Fetch one member",
               "curl: (22) The requested URL returned error: 401", code=22)
        t.bash("set -a && . ./.env && set +a && curl -sS -H \"Authorization: Bearer $CLIMBCORE_API_KEY\" "
               "\"https://api.climbcore.io/v2/members?limit=1\"", "Show the 401 body",
               out='{"error":"unauthorized","message":"API key is not active yet. Keys must be activated by an organisation admin under Settings → Integrations.","request_id":"req_7hQ2kfP0xZ"}')
        t.done("Can't get a payload yet: Climbcore answers **401 — \"API key is not active yet. Keys must be activated by an organisation admin under Settings → Integrations.\"** So the key is fine but someone with admin rights on Summit Bloc's Climbcore account has to activate it. Nothing to fix on our side; I'd ask their office manager to click that. Meanwhile I can model the member type from Climbcore's public docs if you want.")


def s5(d):
    with d.session("2026-10-26T13:20:00", R, branch="feat/rate-limit", version="2.1.236"):
        t = d.task("someone's hammering create_booking with a script (saw ~40 req/s from one IP on staging). add rate "
                   "limiting with tower_governor, already put it in Cargo.toml", tags=["mistake:M1"])
        d.files[CARGO] = d.files[CARGO].replace('thiserror = "2"\n', 'thiserror = "2"\ntower_governor = "0.6"\n', 1)
        t.read(CARGO)
        t.read(MAIN)
        t.edit(MAIN, """    use tower_http::trace::TraceLayer;
""", """    use std::sync::Arc;
    use tower_governor::{governor::GovernorConfigBuilder, key_extractor::SmartIpKeyExtractor, GovernorLayer};
    use tower_http::trace::TraceLayer;
""")
        t.edit(MAIN, """    let routes = generate_route_list(App);
""", """    let routes = generate_route_list(App);

    // 2 req/s per client IP with bursts of 10; Fly puts the client IP in Fly-Client-IP / X-Forwarded-For
    let governor = Arc::new(
        GovernorConfigBuilder::default()
            .per_millisecond(500)
            .burst_size(10)
            .key_extractor(SmartIpKeyExtractor)
            .finish()
            .ok_or_else(|| anyhow::anyhow!("invalid governor config"))?,
    );
""")
        t.edit(MAIN, """        .layer(TraceLayer::new_for_http())""", """        .layer(GovernorLayer { config: governor })
        .layer(TraceLayer::new_for_http())""")
        t.fail("cargo leptos build --release", "Release build", mio_fail(
            ["mio v1.0.4", "tokio v1.45.1", "hyper v1.6.0", "axum v0.7.9", "tower_governor v0.6.0"], 23, release=True), code=1)
        t.say("Same story as lettre: tower_governor depends on axum/tokio with `net`, and as a plain dependency it gets "
              "compiled into the wasm build too. Making it server-only:")
        t.edit(CARGO, 'tower_governor = "0.6"\n', 'tower_governor = { version = "0.6", optional = true }\n')
        t.edit(CARGO, """    "dep:lettre",
""", """    "dep:lettre",
    "dep:tower_governor",
""")
        t.bash("cargo leptos build --release", "Release build", err=leptos_build_ok("2m 14s", "1m 38s", release=True),
               timeout=900000)
        t.done("""Rate limit added in `main.rs`: `GovernorLayer` keyed by client IP (`SmartIpKeyExtractor`, reads `X-Forwarded-For` from Fly's proxy), 2 req/s with burst 10 — over that the server returns 429.

The release build failed first with `This wasm target is unsupported by mio` in the front build — `tower_governor` wasn't optional. Now `optional = true` + `"dep:tower_governor"` in `ssr`; release build passes. Only applied to the whole router for now; if you'd rather limit just `/api/create_booking` I can move the layer onto that route.""")

        t = d.task("show me what I committed in october, need it for my hours invoice", tags=["noise", "long_output"])
        log = "\n".join([
            f"{hx(7)} 2026-10-26 wip: governor layer",
            f"{hx(7)} 2026-10-23 feat(pricing): price breakdown under slot picker",
            f"{hx(7)} 2026-10-23 fix(pricing): off-peak check uses Stockholm time",
            f"{hx(7)} 2026-10-22 fix(schedule): render slot times in Europe/Stockholm (hydration mismatch)",
            f"{hx(7)} 2026-10-21 chore: bump leptos to 0.7.8",
            f"{hx(7)} 2026-10-20 feat(waitlist): promote first waitlisted climber when a booking is cancelled",
            f"{hx(7)} 2026-10-20 test(e2e): gym selector spec",
            f"{hx(7)} 2026-10-17 feat(mail): booking confirmation over SMTP",
            f"{hx(7)} 2026-10-16 feat(db): confirmation_sent_at on bookings",
            f"{hx(7)} 2026-10-16 fix(slot-picker): mobile padding on the Boka button",
            f"{hx(7)} 2026-10-15 chore(ci): cache cargo-leptos install",
            f"{hx(7)} 2026-10-14 feat(booking): gym selector on the booking page",
            f"{hx(7)} 2026-10-14 fix: healthz route before leptos fallback",
            f"{hx(7)} 2026-10-13 chore: rename crate to cragbook",
            f"{hx(7)} 2026-10-13 docs: local setup notes",
            f"{hx(7)} 2026-10-09 feat(admin): block slot server fn",
            f"{hx(7)} 2026-10-08 feat(schedule): weekly schedule page",
            f"{hx(7)} 2026-10-07 feat(booking): create_booking server fn",
            f"{hx(7)} 2026-10-06 feat(db): bookings, slots, gyms tables",
            f"{hx(7)} 2026-10-02 chore: start from leptos axum template",
        ])
        t.bash("git log --all --author=mira --since=2026-10-01 --until=2026-11-01 --date=short --format='%h %ad %s'",
               "October commits", out=log)
        t.bash("git log --all --author=mira --since=2026-10-01 --until=2026-11-01 --format=%ad --date=short | sort | uniq -c",
               "Commits per day", out="""      1 2026-10-02
      1 2026-10-06
      1 2026-10-07
      1 2026-10-08
      1 2026-10-09
      2 2026-10-13
      2 2026-10-14
      1 2026-10-15
      2 2026-10-16
      1 2026-10-17
      2 2026-10-20
      1 2026-10-21
      1 2026-10-22
      2 2026-10-23
      1 2026-10-26""")
        t.done("20 commits in October across 15 days (list above). Grouped for the invoice: setup & schema (2–9 Oct), gym selector + mail + waitlist (13–20 Oct), pricing + hydration fix (21–23 Oct), rate limiting (26 Oct, still WIP).")

        d.precompact("""- Repo /home/mira/work/cragbook (Summit Bloc booking app, Leptos 0.7 SSR+hydrate on Axum, sqlx/Postgres, Tailwind, Fly.io), branch feat/rate-limit
- Server-only deps must be `optional = true` + `dep:x` in the `ssr` feature (lettre, tower_governor done)
- Rate limiting via tower_governor GovernorLayer in main.rs, release build passes
- User preferences so far: no unwrap in server fns (ServerFnError), Tailwind only, conventional commits
- Listed October commits for the invoice""")

        t = d.task("do we even need full hydration for this app or should I look at islands? most pages are static-ish "
                   "except the slot picker", tags=["no_tools"])
        t.done("""Islands would fit: most pages (home, schedule, gym info) are read-only; only the slot picker, price breakdown and gym selector need client code.

Pros: much smaller wasm (only islands ship), faster TTI on phones at the gym.
Cons: state shared between islands needs context at the island boundary or URL/query state; `ServerAction` + `ActionForm` still work inside islands; router navigation is server-side (`islands-router` feature smooths that in 0.7).

I'd measure first: current `cragbook_bg.wasm` size (wasm-release) and TTI on a mid-range phone. If it's well under ~300 KB gzipped, full hydration isn't worth the migration right now.""")

        t = d.task("cancellation fee: free until 24h before, 50% after that, 100% for no-shows. in booking/pricing.rs "
                   "with tests, just run those tests", tags=["mistake:M2"])
        t.read(PRICING)
        t.edit(PRICING, """#[cfg(test)]
mod tests {
    use super::*;
""", """/// Fee in öre for cancelling `booking` at `now`. `None` cancelled_at = no-show.
pub fn cancellation_fee(price: i64, starts_at: chrono::DateTime<chrono::Utc>, cancelled_at: Option<chrono::DateTime<chrono::Utc>>) -> i64 {
    match cancelled_at {
        None => price,
        Some(at) if starts_at - at >= chrono::Duration::hours(24) => 0,
        Some(_) => price / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::repo::BookingRow;
    use chrono::{Duration, Utc};

    fn booking(hours_ahead: i64) -> BookingRow {
        BookingRow::fixture(Utc::now() + Duration::hours(hours_ahead), 17_500)
    }

    #[test]
    fn free_more_than_a_day_before() {
        let b = booking(30);
        assert_eq!(cancellation_fee(b.price, b.starts_at, Some(Utc::now())), 0);
    }

    #[test]
    fn half_within_a_day() {
        let b = booking(5);
        assert_eq!(cancellation_fee(b.price, b.starts_at, Some(Utc::now())), 8_750);
    }

    #[test]
    fn no_show_pays_full() {
        let b = booking(-1);
        assert_eq!(cancellation_fee(b.price, b.starts_at, None), 17_500);
    }
""")
        t.fail("cargo test --lib pricing::", "Run pricing tests", f"""   Compiling cragbook v0.4.2 ({R})
error[E0432]: unresolved import `crate::booking::repo`
  --> src/booking/pricing.rs:41:16
   |
41 |     use crate::booking::repo::BookingRow;
   |                         ^^^^ could not find `repo` in `booking`
   |
note: found an item that was configured out
  --> src/booking/mod.rs:9:9
   |
9  | pub mod repo;
   |         ^^^^
note: the item is gated behind the `ssr` feature
  --> src/booking/mod.rs:8:7
   |
8  | #[cfg(feature = "ssr")]
   |       ^^^^^^^^^^^^^^^

For more information about this error, try `rustc --explain E0432`.
error: could not compile `cragbook` (lib test) due to 1 previous error""", code=101)
        o, e = cargo_test_ok(["booking::pricing::tests::free_more_than_a_day_before", "booking::pricing::tests::half_within_a_day",
                              "booking::pricing::tests::no_show_pays_full", "booking::pricing::tests::off_peak_day_pass_is_cheaper"],
                             14, "27.90s", bin_tests=False)
        t.bash("cargo test --features ssr --lib pricing::", "Run pricing tests (server feature)", out=o, err=e)
        t.done("`cancellation_fee(price, starts_at, cancelled_at)` in `booking/pricing.rs`: ≥24h → 0, <24h → 50 %, no-show (`None`) → full price. 3 new tests + the existing one pass — with `--features ssr`, since the tests build their bookings with `repo::BookingRow::fixture` and `repo` is server-only (the plain `cargo test --lib` didn't compile).")


def s6(d):
    with d.session("2026-10-29T09:30:00", R, branch="feat/no-show-fee", version="2.1.238"):
        t = d.task("btw that hydration write-up for their PM last week was way too long, I had to cut half of it before "
                   "forwarding. for anything client-facing keep it to 4-5 lines, no code",
                   tags=["feedback", "no_tools"],
                   feedback="btw that hydration write-up for their PM last week was way too long, I had to cut half of it before forwarding. for anything client-facing keep it to 4-5 lines, no code")
        t.done("""Got it. Same note at the right length would have been:

> The console warnings on the schedule page came from server and browser showing slot times in different timezones. Bookings were never affected. Times are now always shown in Swedish time, so the warnings are gone after the next deploy.

Client-facing notes from now on: 4–5 lines, no code.""")

        t = d.task("their tech lead wants commit msgs different from now on: plain sentence with the jira key at the end, "
                   "like \"Add waitlist emails (SB-142)\". no feat:/fix: prefix anymore. reword my last commit on this "
                   "branch before I push it, it's SB-148", tags=["reversal:P3"])
        t.bash("git log -1 --format='%h %s'", "Last commit", out=f"{hx(7)} feat(fees): no-show status and fee calculation")
        t.bash("git commit --amend -m \"Add no-show status and cancellation fee calculation (SB-148)\"", "Reword commit",
               out=f"[feat/no-show-fee {hx(7)}] Add no-show status and cancellation fee calculation (SB-148)\n Date: Wed Oct 29 09:12:40 2026 +0100\n 2 files changed, 58 insertions(+), 2 deletions(-)")
        t.done("Reworded to `Add no-show status and cancellation fee calculation (SB-148)`. Not pushed yet. I'll use that format (sentence + Jira key, no conventional prefix) for commits from here on.")

        t = d.task("now the db side: no_show flag + cancellation_fee_ore on bookings, same migration routine as before",
                   tags=["workflow:W1", "oneoff:O2"])
        ts = "20261029101544"
        t.bash("sqlx migrate add -r booking_no_show_fee", "New reversible migration", out=migrate_add(ts, "booking_no_show_fee"))
        up = P(f"migrations/{ts}_booking_no_show_fee.up.sql")
        down = P(f"migrations/{ts}_booking_no_show_fee.down.sql")
        d.files[up] = "-- Add up migration script here\n"
        d.files[down] = "-- Add down migration script here\n"
        t.read(up)
        t.write(up, """alter table bookings
    add column no_show boolean not null default false,
    add column cancellation_fee_ore bigint not null default 0,
;

create index bookings_no_show_idx on bookings (slot_id) where no_show;
""")
        t.read(down)
        t.write(down, """drop index if exists bookings_no_show_idx;
alter table bookings drop column cancellation_fee_ore, drop column no_show;
""")
        t.fail("sqlx migrate run", "Apply migration",
               f"error: while executing migration {ts}: error returned from database: syntax error at or near \";\"", code=1)
        t.edit(up, """    add column cancellation_fee_ore bigint not null default 0,
;""", """    add column cancellation_fee_ore bigint not null default 0;""")
        t.bash("sqlx migrate run", "Apply migration", out=f"Applied {ts}/migrate booking no show fee (21.883ms)")
        t.bash("sqlx migrate revert", "Check down migration", out=f"Applied {ts}/revert booking no show fee (7.052ms)")
        t.bash("sqlx migrate run", "Re-apply", out=f"Applied {ts}/migrate booking no show fee (14.319ms)")
        t.bash("cargo sqlx prepare -- --features ssr", "Refresh .sqlx offline data", err=f"""    Checking cragbook v0.4.2 ({R})
    Finished `dev` profile [unoptimized + debuginfo] target(s) in 17.03s
query data written to .sqlx in the current directory; please check this into version control""")
        t.done(f"`{ts}_booking_no_show_fee`: `no_show boolean not null default false`, `cancellation_fee_ore bigint not null default 0`, partial index on no-shows. First run failed on a trailing comma I left before `;` — fixed; up → down → up all clean, `.sqlx` refreshed.")

        t = d.task("someone at summit bloc says the slot picker acts weird on iphone. run the e2e on webkit too",
                   tags=["unfixed:U2"])
        t.fail("cd end2end && npx playwright test --project=webkit", "e2e on WebKit", """
Running 5 tests using 4 workers

  1) [webkit] › tests/booking.spec.ts:4:5 › guest sees slots for majorna ───────────────────────────

    Error: browserType.launch: 
    ╔══════════════════════════════════════════════════════╗
    ║ Host system is missing dependencies to run browsers. ║
    ║ Please install them with the following command:      ║
    ║                                                      ║
    ║     sudo npx playwright install-deps                 ║
    ║                                                      ║
    ║ Alternatively, use apt:                              ║
    ║     sudo apt-get install libgstreamer-plugins-bad1.0-0\\ ║
    ║         libavif16\\                                   ║
    ║         libmanette-0.2-0                             ║
    ║                                                      ║
    ║ <3 Playwright Team                                   ║
    ╚══════════════════════════════════════════════════════╝

  2) [webkit] › tests/booking.spec.ts:11:5 › full slot button is disabled ─────────────────────────

    Error: browserType.launch: Host system is missing dependencies to run browsers.

  5 failed
    [webkit] › tests/booking.spec.ts:4:5 › guest sees slots for majorna ────────────────────────────
    [webkit] › tests/booking.spec.ts:11:5 › full slot button is disabled ──────────────────────────
    [webkit] › tests/booking.spec.ts:18:5 › guest can book a slot ─────────────────────────────────
    [webkit] › tests/booking.spec.ts:30:5 › price breakdown shows three tickets ────────────────────
    [webkit] › tests/gyms.spec.ts:4:5 › gym selector switches to lindholmen ────────────────────────""", code=1)
        t.done("""WebKit can't launch on this machine: Playwright's WebKit build needs system libs that aren't installed (`libgstreamer-plugins-bad1.0-0`, `libavif16`, `libmanette-0.2-0`), and installing them needs `sudo` (`npx playwright install-deps`). I didn't install anything system-wide.

CI already runs `npx playwright install --with-deps chromium webkit` on ubuntu-24.04, so the WebKit project runs there on the next PR. If you want it locally, that's a one-time `sudo npx playwright install-deps webkit` from you. For the actual iPhone report, a screen recording or the iOS version from them would help more than WebKit-on-Linux anyway.""")


def s7(d):
    with d.session("2026-11-02T08:45:00", R, branch="feat/gift-cards", version="2.1.240", end_reason="other"):
        t = d.task("where do we get a gym's opening hours from? is it hardcoded anywhere", tags=["noise"])
        t.grep("opening_hours|DEFAULT_OPEN", path=R, glob="*.{rs,sql}", output_mode="content", n=True,
               content=f"""{R}/src/booking/gyms.rs:13:pub const DEFAULT_OPEN: (u32, u32) = (10, 22);
{R}/src/booking/repo.rs:88:        "select weekday, opens, closes from opening_hours where gym_id = $1 order by weekday",
{R}/src/pages/schedule.rs:4:use crate::booking::gyms::DEFAULT_OPEN;
{R}/migrations/20261006120000_init.up.sql:31:create table opening_hours (""")
        t.read(GYMS_RS)
        t.done("""From the `opening_hours` table (per gym, per weekday) via `repo.rs:88`. The only hardcoded bit is `DEFAULT_OPEN = (10, 22)` in `booking/gyms.rs`, the fallback when a gym has no row for a weekday — used by the schedule page. So holiday hours etc. should go in the table, not code.""")

        t = d.task("gift card branch is done, commit it and open a PR against main, ticket SB-151", tags=["mistake:M3"])
        t.bash("git status --short", "Status", out="""M  src/api/mod.rs
M  src/components/mod.rs
A  src/api/gift_cards.rs
A  src/components/gift_card_input.rs
 M end2end/tests/booking.spec.ts
 M .env.example""")
        t.bash("git commit -m \"Add gift card redemption at checkout (SB-151)\"", "Commit staged changes",
               out=commit_out("feat/gift-cards", "Add gift card redemption at checkout (SB-151)", 4, 132, 3))
        t.fail("gh pr create --base main --title \"Add gift card redemption at checkout (SB-151)\" --body \"Gift card code field at checkout, validated by redeem_gift_card server fn. SB-151\"",
               "Open PR", gh_create_fail("2 uncommitted changes"), code=1)
        t.say("The branch isn't on GitHub yet (the 2 uncommitted changes are your local e2e/.env.example edits, not part of this). Pushing first:")
        t.bash("git push -u origin feat/gift-cards", "Push branch", err=push_new("feat/gift-cards", 14))
        url, err = gh_pr_ok("feat/gift-cards", 31)
        t.bash("gh pr create --base main --title \"Add gift card redemption at checkout (SB-151)\" --body \"Gift card code field at checkout, validated by redeem_gift_card server fn. SB-151\"",
               "Open PR", out=url, err=err)
        t.done(f"PR: {url} — commit `Add gift card redemption at checkout (SB-151)`. Had to push the branch with `-u origin` first. Left your unstaged `end2end/tests/booking.spec.ts` and `.env.example` changes out.")

        t = d.task("the admin block_slot server fn panics when the gym slug is bogus, fix. zero unwraps please, bubble "
                   "errors up with ? like everywhere else", tags=["pref:P1", "noise"])
        t.read(API_ADMIN)
        t.edit(API_ADMIN, """    let gym = crate::booking::repo::gym_by_slug(&pool, &gym).await?.unwrap();""",
               """    let gym = crate::booking::repo::gym_by_slug(&pool, &gym)
        .await?
        .ok_or_else(|| ServerFnError::new(format!("unknown gym '{gym}'")))?;""")
        t.bash("cargo clippy --features ssr -- -D warnings", "Clippy (server)", err=clippy_ok("ssr", "8.77s"))
        t.done("`block_slot` now returns `ServerFnError(\"unknown gym '<slug>'\")` instead of panicking on the `.unwrap()`; DB errors still go through `?`. Clippy clean.")


def s8(d):
    with d.session("2026-11-04T10:10:00", R, branch="main", version="2.1.241"):
        t = d.task("gift cards + no-show fee are merged. deploy to staging, and if it looks fine, prod",
                   tags=["workflow:W2", "long_output"])
        t.bash("git pull --ff-only", "Update main", out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n 14 files changed, 402 insertions(+), 19 deletions(-)")
        t.bash("fly deploy -c fly.staging.toml", "Deploy to staging",
               out=fly_deploy_ok("cragbook-staging", "fly.staging.toml", "01K97CZP4N8B2GQ0D5XH6TWS3M",
                                 ["784e290f2d0d58", "9185d3e4f65283"], "187.9s"), timeout=900000)
        t.bash("fly logs -a cragbook-staging --no-tail", "Recent staging logs",
               out=fly_logs("cragbook-staging", "9185d3e4f65283", "2026-11-04", "09"))
        t.bash("curl -fsS https://cragbook-staging.fly.dev/healthz", "Staging health", out="ok")
        t.bash("fly deploy", "Deploy to production",
               out=fly_deploy_ok("cragbook", "fly.toml", "01K97DJ3AQW6Y1C8M4VF2ZKB7R",
                                 ["e2865d4b1a6e78", "3d8d0e7b1c2589", "17810e3f2a4d98"], "9.6s"), timeout=900000)
        t.bash("fly logs -a cragbook --no-tail", "Recent prod logs",
               out=fly_logs("cragbook", "e2865d4b1a6e78", "2026-11-04", "09"))
        t.bash("curl -fsS https://boka.summitbloc.se/healthz", "Prod health", out="ok")
        t.done("Both deployed. Staging: migrations ran (`booking_no_show_fee`), logs normal, `/healthz` ok. Prod (`cragbook`, 3 machines): image reused from the staging build, release_command migrations succeeded, all machines healthy, `https://boka.summitbloc.se/healthz` → ok.")

        t = d.task("integration test for the waitlist promotion mail in tests/waitlist_mail.rs (subject + body text "
                   "for a promoted climber). run just that file", tags=["mistake:M2"])
        t.glob("tests/*.rs", [P("tests/booking_flow.rs")])
        t.write(P("tests/waitlist_mail.rs"), """use chrono::{TimeZone, Utc};
use cragbook::mail::render_waitlist_promoted;

#[test]
fn promoted_mail_names_gym_and_time() {
    let starts = Utc.with_ymd_and_hms(2026, 11, 7, 17, 0, 0).unwrap();
    let (subject, body) = render_waitlist_promoted("Lindholmen", starts);
    assert_eq!(subject, "Du har fått en plats – Lindholmen fre 18:00");
    assert!(body.contains("Din plats från väntelistan"));
}

#[test]
fn promoted_mail_mentions_cancel_link() {
    let starts = Utc.with_ymd_and_hms(2026, 11, 8, 9, 30, 0).unwrap();
    let (_, body) = render_waitlist_promoted("Majorna", starts);
    assert!(body.contains("https://boka.summitbloc.se/avboka/"));
}
""")
        t.fail("cargo test --test waitlist_mail", "Run the new integration test", f"""   Compiling cragbook v0.4.2 ({R})
error[E0432]: unresolved import `cragbook::mail`
 --> tests/waitlist_mail.rs:2:15
  |
2 | use cragbook::mail::render_waitlist_promoted;
  |               ^^^^ could not find `mail` in `cragbook`
  |
note: found an item that was configured out
  --> {R}/src/lib.rs:10:9
   |
10 | pub mod mail;
   |         ^^^^
note: the item is gated behind the `ssr` feature
  --> {R}/src/lib.rs:9:7
   |
9  | #[cfg(feature = "ssr")]
   |       ^^^^^^^^^^^^^^^

For more information about this error, try `rustc --explain E0432`.
error: could not compile `cragbook` (test "waitlist_mail") due to 1 previous error""", code=101)
        t.say("`mail` is server-only, so the test crate only sees it with the `ssr` feature on:")
        t.bash("cargo test --features ssr --test waitlist_mail", "Run it with the server feature", out="""
running 2 tests
test promoted_mail_mentions_cancel_link ... ok
test promoted_mail_names_gym_and_time ... ok

test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
""", err=f"""   Compiling cragbook v0.4.2 ({R})
    Finished `test` profile [unoptimized + debuginfo] target(s) in 38.12s
     Running tests/waitlist_mail.rs (target/debug/deps/waitlist_mail-{hx(16)})""")
        t.done("`tests/waitlist_mail.rs`: 2 tests (subject with gym + Stockholm time, cancel link in the body), both pass with `cargo test --features ssr --test waitlist_mail`. Without the feature the test can't see `cragbook::mail` (it's `#[cfg(feature = \"ssr\")]`).")

        t = d.task("quick q: prices as i64 öre like now, or should I switch to rust_decimal before we add vouchers", tags=["no_tools"])
        t.done("Stay with `i64` öre. SEK has no sub-öre amounts, Postgres `bigint` maps 1:1, it serializes cleanly to the wasm client, and percentages (50 % fee, voucher discounts) are a single integer division where you decide the rounding explicitly. `rust_decimal` pays off when you need currency conversion or VAT lines with fractional öre — not the case here.")


def s9(d):
    with d.session("2026-11-06T09:00:00", R, branch="feat/group-deposit", version="2.1.243"):
        t = d.task("group bookings need a deposit via stripe. I added async-stripe to Cargo.toml. server fn that creates a "
                   "checkout session + a 'Betala handpenning' button on the group booking page",
                   tags=["mistake:M1", "workflow:W3"])
        d.files[CARGO] = d.files[CARGO].replace('thiserror = "2"\n', 'thiserror = "2"\nasync-stripe = { version = "0.39", features = ["runtime-tokio-hyper", "checkout"] }\n', 1)
        t.read(CARGO)
        t.write(P("src/api/deposit.rs"), """use leptos::prelude::*;

#[server]
pub async fn create_deposit_checkout(group_id: uuid::Uuid) -> Result<String, ServerFnError> {
    use stripe::{CheckoutSession, CheckoutSessionMode, Client, CreateCheckoutSession, CreateCheckoutSessionLineItems, Currency};

    let pool = crate::db::pool()?;
    let group = crate::booking::repo::group_booking(&pool, group_id)
        .await?
        .ok_or_else(|| ServerFnError::new(format!("no group booking {group_id}")))?;
    let key = std::env::var("STRIPE_SECRET_KEY").map_err(|_| ServerFnError::new("STRIPE_SECRET_KEY not set"))?;
    let client = Client::new(key);
    let success = format!("https://boka.summitbloc.se/grupp/{group_id}?betald=1");
    let mut params = CreateCheckoutSession::new();
    params.mode = Some(CheckoutSessionMode::Payment);
    params.success_url = Some(&success);
    params.line_items = Some(vec![CreateCheckoutSessionLineItems {
        price_data: Some(stripe::CreateCheckoutSessionLineItemsPriceData {
            currency: Currency::SEK,
            unit_amount: Some(group.deposit_ore),
            product_data: Some(stripe::CreateCheckoutSessionLineItemsPriceDataProductData {
                name: format!("Handpenning grupp {} pers", group.size),
                ..Default::default()
            }),
            ..Default::default()
        }),
        quantity: Some(1),
        ..Default::default()
    }]);
    let session = CheckoutSession::create(&client, params).await?;
    crate::booking::repo::set_stripe_session(&pool, group_id, session.id.as_str()).await?;
    session.url.ok_or_else(|| ServerFnError::new("stripe returned no checkout url"))
}
""")
        t.read(API_MOD)
        t.edit(API_MOD, "pub mod bookings;\n", "pub mod bookings;\npub mod deposit;\n")
        t.write(P("src/components/deposit_button.rs"), """use leptos::prelude::*;

use crate::api::deposit::create_deposit_checkout;

#[component]
pub fn DepositButton(group_id: uuid::Uuid) -> impl IntoView {
    let pay = Action::new(move |_: &()| create_deposit_checkout(group_id));
    Effect::new(move |_| {
        if let Some(Ok(url)) = pay.value().get() {
            let _ = window().location().set_href(&url);
        }
    });
    view! {
        <button
            class="rounded bg-orange-600 px-4 py-2 font-medium text-white disabled:opacity-50"
            disabled=move || pay.pending().get()
            on:click=move |_| { pay.dispatch(()); }
        >
            "Betala handpenning"
        </button>
    }
}
""")
        t.read(COMP_MOD)
        t.edit(COMP_MOD, "pub mod gym_select;\n", "pub mod deposit_button;\npub mod gym_select;\n")
        t.fail("cargo leptos build", "Build server + wasm", mio_fail(
            ["mio v1.0.4", "tokio v1.45.1", "hyper v0.14.32", "hyper-rustls v0.24.2", "async-stripe v0.39.1"], 21), code=1)
        t.say("async-stripe's tokio/hyper runtime leaks into the wasm build, same as lettre and tower_governor did. "
              "Making it an `ssr`-only optional dependency:")
        t.edit(CARGO, 'async-stripe = { version = "0.39", features = ["runtime-tokio-hyper", "checkout"] }\n',
               'async-stripe = { version = "0.39", features = ["runtime-tokio-hyper", "checkout"], optional = true }\n')
        t.edit(CARGO, """    "dep:tower_governor",
""", """    "dep:tower_governor",
    "dep:async-stripe",
""")
        t.bash("cargo leptos build", "Build server + wasm", err=leptos_build_ok("39.77s", "1m 12s"), timeout=600000)
        t.bash("cargo clippy --features ssr -- -D warnings", "Clippy (server)", err=clippy_ok("ssr", "21.40s"))
        t.bash("cargo clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings", "Clippy (wasm)",
               err=clippy_ok("hydrate", "8.05s"))
        t.bash("cargo leptos end-to-end", "Playwright e2e", out=e2e_ok([
            ("booking.spec.ts", "guest sees slots for majorna", 801),
            ("booking.spec.ts", "full slot button is disabled", 440),
            ("booking.spec.ts", "guest can book a slot", 1276),
            ("booking.spec.ts", "price breakdown shows three tickets", 915),
            ("gift_cards.spec.ts", "valid gift card reduces price", 1120),
            ("gyms.spec.ts", "gym selector switches to lindholmen", 662)], "8.1s"), timeout=600000)
        t.done("""Deposit flow:
- `api/deposit.rs`: `create_deposit_checkout(group_id)` creates a Stripe Checkout session (SEK, `deposit_ore` from the group row), stores the session id, returns the checkout URL. All errors as `ServerFnError`.
- `components/deposit_button.rs`: "Betala handpenning" button, redirects to Stripe when the action returns.

First build broke the wasm half again (`This wasm target is unsupported by mio`, via async-stripe → hyper → tokio); async-stripe is now `optional = true` / `"dep:async-stripe"` in `ssr`. Build, both clippy runs and e2e pass. Still needed: the `group_bookings` table and a Stripe webhook to mark the deposit paid.""")

        t = d.task("CI feels slow lately. how long do runs take and where does the time go", tags=["noise"])
        t.bash("gh run list --limit 6", "Recent CI runs", out="""STATUS  TITLE                                             WORKFLOW  BRANCH              EVENT         ID           ELAPSED  AGE
✓       Add gift card redemption at checkout (SB-151)     ci        main                push          11872043315  18m41s   about 2 days ago
✓       Add gift card redemption at checkout (SB-151)     ci        feat/gift-cards     pull_request  11851920477  19m02s   about 4 days ago
✓       Add no-show status and cancellation fee calcul... ci        feat/no-show-fee    pull_request  11838815210  18m17s   about 5 days ago
✓       feat(pricing): price breakdown under slot picker  ci        main                push          11764400128  11m55s   about 13 days ago
✓       feat(waitlist): promote first waitlisted climb... ci        feat/waitlist       pull_request  11701338254  12m20s   about 17 days ago
✓       feat(booking): gym selector on the booking page   ci        main                push          11655014732  11m48s   about 18 days ago""")
        t.bash("gh run view 11872043315 --json jobs --jq '.jobs[0].steps[] | \"\\(.name)\\t\\(.startedAt)\\t\\(.completedAt)\"'",
               "Step timings of the last run", out="""Set up job	2026-11-04T09:02:10Z	2026-11-04T09:02:12Z
Run actions/checkout@v4	2026-11-04T09:02:12Z	2026-11-04T09:02:14Z
Run dtolnay/rust-toolchain@stable	2026-11-04T09:02:14Z	2026-11-04T09:02:31Z
Run Swatinem/rust-cache@v2	2026-11-04T09:02:31Z	2026-11-04T09:03:02Z
Run cargo install cargo-leptos --locked --version 0.2.42	2026-11-04T09:03:02Z	2026-11-04T09:03:05Z
Run cargo install sqlx-cli --no-default-features --features rustls,postgres --locked	2026-11-04T09:03:05Z	2026-11-04T09:08:49Z
Run sqlx migrate run	2026-11-04T09:08:49Z	2026-11-04T09:08:51Z
Run cargo clippy --features ssr -- -D warnings	2026-11-04T09:08:51Z	2026-11-04T09:11:40Z
Run cargo clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings	2026-11-04T09:11:40Z	2026-11-04T09:12:58Z
Run cargo leptos test	2026-11-04T09:12:58Z	2026-11-04T09:15:21Z
Run npm ci	2026-11-04T09:15:21Z	2026-11-04T09:15:33Z
Run npx playwright install --with-deps chromium webkit	2026-11-04T09:15:33Z	2026-11-04T09:17:02Z
Run cargo leptos end-to-end	2026-11-04T09:17:02Z	2026-11-04T09:20:49Z""")
        t.read(CI)
        t.done("""Runs went from ~12 min to ~18–19 min around 29 Oct. The jump is `cargo install sqlx-cli` — **5m44s**, compiled from source every run (cargo-leptos is cached, sqlx-cli isn't: rust-cache only caches `target/` and the registry, not `~/.cargo/bin` for it since the version isn't pinned). Fixes: pin `--version 0.8.6` and use `taiki-e/install-action` (prebuilt binary, ~5 s), or cache `~/.cargo/bin/sqlx`. Rest: clippy ×2 ~4 min, `cargo leptos test` 2m23s, e2e 3m47s — normal.""")

        t = d.task("and the group_bookings table: id, gym_id, organiser_email, size, deposit_ore, stripe_session_id, "
                   "paid_at. migration, usual routine", tags=["workflow:W1"])
        ts = "20261106103020"
        t.bash("sqlx migrate add -r create_group_bookings", "New reversible migration", out=migrate_add(ts, "create_group_bookings"))
        up = P(f"migrations/{ts}_create_group_bookings.up.sql")
        down = P(f"migrations/{ts}_create_group_bookings.down.sql")
        d.files[up] = "-- Add up migration script here\n"
        d.files[down] = "-- Add down migration script here\n"
        t.read(up)
        t.write(up, """create table group_bookings (
    id uuid primary key default gen_random_uuid(),
    gym_id integer not null references gyms (id),
    organiser_email text not null,
    size integer not null check (size between 6 and 40),
    deposit_ore bigint not null check (deposit_ore >= 0),
    stripe_session_id text unique,
    paid_at timestamptz,
    created_at timestamptz not null default now()
);

create index group_bookings_gym_idx on group_bookings (gym_id, created_at desc);
""")
        t.read(down)
        t.write(down, "drop table group_bookings;\n")
        t.bash("sqlx migrate run", "Apply migration", out=f"Applied {ts}/migrate create group bookings (26.514ms)")
        t.bash("sqlx migrate revert", "Check down migration", out=f"Applied {ts}/revert create group bookings (5.880ms)")
        t.bash("sqlx migrate run", "Re-apply", out=f"Applied {ts}/migrate create group bookings (19.007ms)")
        t.bash("cargo sqlx prepare -- --features ssr", "Refresh .sqlx offline data", err=f"""    Checking cragbook v0.4.2 ({R})
    Finished `dev` profile [unoptimized + debuginfo] target(s) in 22.61s
query data written to .sqlx in the current directory; please check this into version control""")
        t.done(f"`{ts}_create_group_bookings`: uuid pk, FK to gyms, size 6–40, `deposit_ore >= 0`, unique `stripe_session_id`, `paid_at` null until the webhook marks it. Up/down/up fine, `.sqlx` refreshed (the deposit server fn's queries are in it now).")


def s10(d):
    with d.session("2026-11-10T08:30:00", R, branch="feat/group-deposit", version="2.1.245"):
        t = d.task("open the PR for the deposit stuff, ticket is SB-163", tags=["mistake:M3"])
        t.bash("git add src migrations .sqlx Cargo.toml Cargo.lock && git commit -m \"Add Stripe deposit for group bookings (SB-163)\"",
               "Commit", out=commit_out("feat/group-deposit", "Add Stripe deposit for group bookings (SB-163)", 11, 318, 4))
        t.fail("gh pr create --fill --base main", "Open PR", gh_create_fail(), code=1)
        t.bash("git push -u origin HEAD", "Push branch", err=push_new("feat/group-deposit", 23))
        url, err = gh_pr_ok("feat/group-deposit", 36)
        t.bash("gh pr create --fill --base main", "Open PR", out=url, err=err)
        t.done(f"PR: {url} (title/body filled from the commit `Add Stripe deposit for group bookings (SB-163)`). The branch wasn't pushed yet, so `gh pr create` aborted once; pushed with `-u origin HEAD`, then it went through.")

        t = d.task("merged. ship it, staging first then prod", tags=["workflow:W2"])
        t.bash("git switch main && git pull --ff-only", "Update main",
               out=f"Switched to branch 'main'\nYour branch is behind 'origin/main' by 2 commits, and can be fast-forwarded.\nUpdating {hx(7)}..{hx(7)}\nFast-forward\n 11 files changed, 318 insertions(+), 4 deletions(-)")
        t.bash("fly secrets list -a cragbook-staging", "Check Stripe secret exists", out="""NAME             	DIGEST          	CREATED AT
DATABASE_URL     	a3f0c1d9e2b74c55	Oct 2 2026 11:04
SMTP_HOST        	0b6e2f8a91c3d447	Oct 17 2026 14:22
SMTP_PASS        	7d19ac03ee5f2b68	Oct 17 2026 14:22
SMTP_USER        	e4a2b0c9f6d81375	Oct 17 2026 14:22
STRIPE_SECRET_KEY	5c8e7f1a2d9b0346	Nov 7 2026 16:41""")
        t.bash("fly deploy -c fly.staging.toml", "Deploy to staging",
               out=fly_deploy_ok("cragbook-staging", "fly.staging.toml", "01K9HX0T6E2R8J4NCWQ5BZP1AF",
                                 ["784e290f2d0d58", "9185d3e4f65283"], "204.6s"), timeout=900000)
        t.bash("fly logs -a cragbook-staging --no-tail", "Recent staging logs",
               out=fly_logs("cragbook-staging", "784e290f2d0d58", "2026-11-10", "07"))
        t.bash("curl -fsS https://cragbook-staging.fly.dev/healthz", "Staging health", out="ok")
        t.bash("fly deploy", "Deploy to production",
               out=fly_deploy_ok("cragbook", "fly.toml", "01K9HXDM3C7W0F5TAYQ2VNKG8E",
                                 ["e2865d4b1a6e78", "3d8d0e7b1c2589", "17810e3f2a4d98"], "10.2s"), timeout=900000)
        t.bash("curl -fsS https://boka.summitbloc.se/healthz", "Prod health", out="ok")
        t.done("Shipped: staging first (migration `create_group_bookings` ran, logs clean, healthz ok), then prod — all 3 machines healthy, healthz ok. I only listed staging's secrets — worth confirming prod has `STRIPE_SECRET_KEY` too; without it the deposit button returns an error, nothing else breaks.")

        t = d.task("README deploy section still says heroku lol, fix it", tags=["noise"])
        t.read(README)
        t.edit(README, """## Deploy

Heroku, see Procfile.
""", """## Deploy

Fly.io, two apps (region `arn`):

```bash
fly deploy -c fly.staging.toml    # cragbook-staging → https://cragbook-staging.fly.dev
fly deploy                        # cragbook (prod)  → https://boka.summitbloc.se
```

The image builds with `SQLX_OFFLINE=true`, so run `cargo sqlx prepare -- --features ssr` after changing queries.
Migrations run as the `release_command` before machines are updated. Secrets: `fly secrets list -a <app>`.
""")
        t.edit(README, "Axum, PostgreSQL via sqlx, Tailwind. Deployed on Heroku (`git push heroku main`).",
               "Axum, PostgreSQL via sqlx, Tailwind. Deployed on Fly.io (see below).")
        t.done("README: deploy section now describes the two Fly apps, the `fly deploy` commands, offline sqlx data and the release_command migrations; the Heroku mentions are gone.")


# ------------------------------------------------------------------ answer key

def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A server-only crate is added to Cargo.toml as a plain (non-optional) dependency and used from "
                            "code behind #[cfg(feature = \"ssr\")]; cargo-leptos' front build (lib, "
                            "--target=wasm32-unknown-unknown --features=hydrate) still compiles it, and its tokio `net` "
                            "dependency mio refuses the wasm target. T05 lettre (`cargo leptos build`), T14 tower_governor "
                            "via axum/hyper (`cargo leptos build --release`), T28 async-stripe via hyper 0.14 "
                            "(`cargo leptos build`).",
             "error_signature": "error: This wasm target is unsupported by mio. If using Tokio, disable the net feature. "
                                "(mio-1.0.4/src/lib.rs:44:1, compile_error!) + E0432/E0425 follow-ups in mio, `could not "
                                "compile `mio` (lib)`, cargo-leptos `Error: at …/compile/front.rs` … "
                                "`--target=wasm32-unknown-unknown --no-default-features --features=hydrate … exited with status 101`",
             "fix": "Edit Cargo.toml: make the new dependency `optional = true` and add `\"dep:<crate>\"` to the `ssr` "
                    "feature list (like sqlx/axum/tokio), then run the same cargo leptos build again.",
             "fix_command_markers": [["optional = true"], ["dep:"]],
             "harmful_markers": ["cargo clean", "rm Cargo.lock", "--precise"]},
            {"id": "M2",
             "description": "A test is run with plain `cargo test` (no features) although it uses a module that only "
                            "exists with the `ssr` feature (booking::repo, the crate's mail module); the crate has no "
                            "default features, so rustc reports the import as configured out. T08 `cargo test slots::` "
                            "(repo::WaitlistEntry), T17 `cargo test --lib pricing::` (repo::BookingRow), T26 "
                            "`cargo test --test waitlist_mail` (cragbook::mail).",
             "error_signature": "error[E0432]: unresolved import `crate::booking::repo` / `cragbook::mail` … could not "
                                "find `repo` in `booking` … note: found an item that was configured out … note: the item "
                                "is gated behind the `ssr` feature … error: could not compile `cragbook` (lib test | "
                                "test \"waitlist_mail\") due to 1 previous error",
             "fix": "Run the same cargo test with `--features ssr` (server-side tests need the server feature; "
                    "`just test` / `cargo leptos test` does that for the full suite).",
             "fix_command_markers": [["cargo test --features ssr", "cargo test --features=ssr", "cargo test -F ssr"]],
             "harmful_markers": ["--all-features", "features hydrate,ssr", "features ssr,hydrate"]},
            {"id": "M3",
             "description": "A PR is opened with `gh pr create` right after committing on a branch that was created "
                            "locally and never pushed; in Claude Code's non-interactive shell gh can't offer to push and "
                            "aborts. T09 feat/waitlist (explicit --title/--body), T23 feat/gift-cards (with a "
                            "`Warning: 2 uncommitted changes` line first), T31 feat/group-deposit (`--fill`).",
             "error_signature": "aborted: you must first push the current branch to a remote, or use the --head flag "
                                "(exit 1; optionally preceded by `Warning: N uncommitted changes`)",
             "fix": "Push the branch with upstream first (`git push -u origin <branch>` / `git push -u origin HEAD`), "
                    "then run the same `gh pr create` again.",
             "fix_command_markers": [["git push -u origin", "git push --set-upstream origin"]],
             "harmful_markers": ["--head", "push --force", "push -f"]},
        ],
        one_off_failures=[
            {"id": "O1",
             "description": "clippy::needless_borrow on `matches!(&local.weekday(), …)` in the new is_off_peak(); the "
                            "borrow is removed, the same `cargo clippy --features ssr -- -D warnings` passes."},
            {"id": "O2",
             "description": "A trailing comma before `;` in a hand-written ALTER TABLE migration: `sqlx migrate run` → "
                            "`error: while executing migration 20261029101544: error returned from database: syntax "
                            "error at or near \";\"`; the up.sql is fixed, the same `sqlx migrate run` applies it."},
        ],
        unfixed_failures=[
            {"id": "U1",
             "description": "Climbcore members API answers 401 (`curl: (22) The requested URL returned error: 401`, body: "
                            "API key is not active yet, an organisation admin must activate it). Waiting on the client's "
                            "admin; nothing to change in the code."},
            {"id": "U2",
             "description": "Playwright WebKit can't launch on the developer's machine: `Host system is missing "
                            "dependencies to run browsers` (needs `sudo npx playwright install-deps`). Not installed; "
                            "WebKit runs in CI (ubuntu-24.04 with --with-deps)."},
        ],
        flaky_retries=[
            {"id": "F1",
             "description": "`fly logs -a cragbook-staging --no-tail` → `Error: failed to fetch logs: Get "
                            "\"https://api.fly.io/api/v1/apps/cragbook-staging/logs?…\": net/http: TLS handshake timeout`; "
                            "the identical command works right after."},
        ],
        workflows=[
            {"id": "W1",
             "description": "DB migration: `sqlx migrate add -r <name>` → write up.sql and down.sql → `sqlx migrate run` "
                            "→ `sqlx migrate revert` → `sqlx migrate run` → `cargo sqlx prepare -- --features ssr` "
                            "(offline data for the Docker build).",
             "step_markers": [["sqlx migrate add -r"], ["sqlx migrate run"], ["sqlx migrate revert"], ["cargo sqlx prepare"]]},
            {"id": "W2",
             "description": "Deploy: `fly deploy -c fly.staging.toml` → `fly logs -a cragbook-staging --no-tail` → "
                            "`curl -fsS https://cragbook-staging.fly.dev/healthz` → (when asked) `fly deploy` to prod and "
                            "its healthz.",
             "step_markers": [["fly deploy -c fly.staging.toml"], ["fly logs -a cragbook-staging"], ["healthz"]]},
            {"id": "W3",
             "description": "New UI feature: server fn in src/api/<x>.rs + component in src/components/<x>.rs, registered "
                            "in mod.rs → `cargo leptos build` → `cargo clippy --features ssr -- -D warnings` and `cargo "
                            "clippy --features hydrate --target wasm32-unknown-unknown -- -D warnings` → `cargo leptos "
                            "end-to-end`.",
             "step_markers": [["src/api/"], ["src/components/"], ["cargo leptos build"],
                              ["--target wasm32-unknown-unknown"], ["cargo leptos end-to-end"]]},
        ],
        preferences=[
            {"id": "P1",
             "description": "No .unwrap() in server functions / server-side code; errors become ServerFnError and are "
                            "propagated with `?`.",
             "markers": [["unwrap"]]},
            {"id": "P2",
             "description": "Styling with Tailwind utility classes only, no inline style= attributes.",
             "markers": [["tailwind"], ["style="]]},
            {"id": "P3",
             "description": "Commit messages as conventional commits, e.g. `feat(booking): …` (T03) — reversed in T19: "
                            "the client's tech lead wants a plain sentence ending with the Jira key, e.g. `Add waitlist "
                            "emails (SB-142)`, no feat:/fix: prefix.",
             "markers": [["conventional commits"]],
             "reversal_markers": [["jira key"], ["no feat:/fix: prefix", "prefix anymore"]]},
        ],
        probes=[
            {"prompt": "cargo leptos build just died after I added deadpool-redis for the session cache:\n"
                       "error: This wasm target is unsupported by mio. If using Tokio, disable the net feature.\n"
                       f"  --> {REG}/mio-1.0.4/src/lib.rs:44:1\n"
                       "the redis stuff is all inside #[cfg(feature = \"ssr\")] though??",
             "wanted": ["M1"]},
            {"prompt": "route setters want to upload photos of new problems. add aws-sdk-s3 and a server fn that hands out a "
                       "presigned PUT url, bucket name from env",
             "wanted": ["M1"]},
            {"prompt": "cargo test refunds:: won't even compile:\nerror[E0432]: unresolved import `crate::booking::repo`\n"
                       "  --> src/booking/refunds.rs:52:16\n...\nnote: the item is gated behind the `ssr` feature\n"
                       "repo.rs is right there though, what's going on",
             "wanted": ["M2"]},
            {"prompt": "write a few unit tests for the overlap check in booking/repo.rs (double booking same climber same "
                       "slot) and run only those",
             "wanted": ["M2"]},
            {"prompt": "gh says `aborted: you must first push the current branch to a remote, or use the --head flag` "
                       "on the punch-card-expiry branch. sort it out pls",
             "wanted": ["M3"]},
            {"prompt": "new branch for the punch card expiry reminder (SB-170), commit what I've got and open a PR",
             "wanted": ["M3"]},
            {"prompt": "how do I set a Cache-Control header on the schedule page response from inside the component in leptos 0.7",
             "wanted": []},
            {"prompt": "slot grid should be 2 columns on phones and 6 on desktop, currently 4", "wanted": []},
            {"prompt": "what's the fly command to scale staging down to one machine in arn, it's costing them money",
             "wanted": []},
            {"prompt": "we have both create_effect and Effect::new in the codebase, is one of them deprecated in 0.7?",
             "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261013)
    d = Dev("leptos-wasm", U, "en", MODEL, seed=20261013, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "leptos-wasm.jsonl"), os.path.join(HERE, "tune", "leptos-wasm.labels.json"))
    print(f"leptos-wasm -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
