"""ocaml-dune: Erin Walsh, backend engineer at Tally (invoicing SaaS), OCaml 5.2 ledger/billing API.

Stack: opam 2.2 with a project switch and `ledger.opam.locked` (opam lock), dune 3.16 (build / test / fmt /
exec), ocamlformat 0.26.2, ppx_deriving (show, eq) + ppx_deriving_yojson, Dream 1.0.0~alpha8 on Lwt, Caqti 2.2
(caqti-lwt, caqti-driver-postgresql) on PostgreSQL 16, Alcotest 1.8, a project migration tool
(`dune exec ledger-migrate -- up|status`), multi-stage Dockerfile on ocaml/opam:debian-12-ocaml-5.2 (deps
installed with `opam install . --deps-only --locked`), images on GHCR, GitHub Actions (setup-ocaml@v3) and gh.

Written blind for fresh/; measured once held out (round 13), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "erin"
R = "/home/erin/src/ledger-api"
MODEL = "claude-opus-4-6"
IMG = "ghcr.io/tallyhq/ledger-api"
REPO = "tallyhq/ledger-api"
STG = "https://ledger-api.stg.tally.dev"
_rng = [random.Random(51021)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ---------------------------------------------------------------- project files (virtual FS)
DUNE_PROJECT = """(lang dune 3.16)

(name ledger)

(generate_opam_files true)

(source
 (github tallyhq/ledger-api))

(authors "Tally engineering <eng@tally.dev>")

(maintainers "Erin Walsh <erin@tally.dev>")

(package
 (name ledger)
 (synopsis "Tally ledger, invoicing and billing API")
 (depends
  (ocaml
   (>= 5.2))
  dune
  (dream
   (= 1.0.0~alpha8))
  (caqti
   (>= 2.2))
  (caqti-lwt
   (>= 2.2))
  (caqti-driver-postgresql
   (>= 2.2))
  lwt
  lwt_ppx
  yojson
  ptime
  digestif
  eqaf
  ppx_deriving
  ppx_deriving_yojson
  cmdliner
  logs
  fmt
  (alcotest :with-test)
  (alcotest-lwt :with-test)))
"""

BILLING_DUNE = """(library
 (name billing)
 (public_name ledger.billing)
 (libraries yojson ptime)
 (preprocess
  (pps ppx_deriving.show ppx_deriving.eq)))
"""

WEBHOOKS_DUNE = """(library
 (name webhooks)
 (public_name ledger.webhooks)
 (libraries lwt yojson digestif eqaf caqti caqti-lwt db)
 (preprocess
  (pps lwt_ppx ppx_deriving_yojson)))
"""

NOTIFY_DUNE = """(library
 (name notify)
 (public_name ledger.notify)
 (libraries lwt logs yojson caqti caqti-lwt db billing)
 (preprocess
  (pps lwt_ppx ppx_deriving.show ppx_deriving_yojson)))
"""

API_DUNE = """(library
 (name api)
 (public_name ledger.api)
 (libraries dream lwt yojson billing db webhooks notify)
 (preprocess
  (pps lwt_ppx ppx_deriving_yojson)))
"""

BIN_DUNE = """(executable
 (name main)
 (public_name ledger-api)
 (libraries ledger.api caqti-driver-postgresql cmdliner logs.fmt fmt.tty))

(executable
 (name migrate)
 (public_name ledger-migrate)
 (modules migrate)
 (libraries ledger.db caqti-lwt.unix caqti-driver-postgresql cmdliner))
"""

TEST_DUNE = """(test
 (name test_ledger)
 (libraries
  ledger.billing
  ledger.db
  ledger.api
  ledger.webhooks
  ledger.notify
  alcotest
  alcotest-lwt
  caqti-lwt.unix
  caqti-driver-postgresql)
 (preprocess
  (pps lwt_ppx)))
"""

DOCKERFILE = """# syntax=docker/dockerfile:1.7
FROM ocaml/opam:debian-12-ocaml-5.2 AS build
RUN sudo apt-get update && sudo apt-get install -y --no-install-recommends libpq-dev libev-dev libgmp-dev pkg-config && sudo rm -rf /var/lib/apt/lists/*
WORKDIR /home/opam/src
COPY --chown=opam:opam ledger.opam ledger.opam.locked ./
RUN --mount=type=cache,target=/home/opam/.opam/download-cache,uid=1000 opam install . --deps-only --locked --yes
COPY --chown=opam:opam . .
RUN opam exec -- dune build --profile=release ./bin/main.exe

FROM debian:12-slim
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 libev4 libgmp10 ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /home/opam/src/_build/default/bin/main.exe /usr/local/bin/ledger-api
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/ledger-api"]
"""

MAIN_ML = """let serve port db_uri =
  Dream.run ~interface:"0.0.0.0" ~port
  @@ Dream.logger
  @@ Dream.sql_pool ~size:10 db_uri
  @@ Api.Router.handler

open Cmdliner

let port =
  Arg.(value & opt int 8080 & info [ "port" ] ~env:(Cmd.Env.info "PORT") ~doc:"Listen port.")

let db_uri =
  Arg.(
    required
    & opt (some string) None
    & info [ "database-url" ] ~env:(Cmd.Env.info "DATABASE_URL") ~doc:"PostgreSQL URI.")

let () =
  Fmt_tty.setup_std_outputs ();
  Logs.set_reporter (Logs_fmt.reporter ());
  Logs.set_level (Some Logs.Info);
  let info = Cmd.info "ledger-api" ~version:"%%VERSION%%" in
  exit (Cmd.eval (Cmd.v info Term.(const serve $ port $ db_uri)))
"""

ROUTER_ML = """let handler =
  Dream.router
    [
      Dream.get "/healthz" (fun _ -> Dream.respond "ok");
      Dream.scope "/v1" []
        [
          Dream.get "/invoices/:id" Invoices.show;
          Dream.post "/invoices" Invoices.create;
          Dream.get "/customers/:id/invoices" Invoices.for_customer;
          Dream.post "/webhooks/stripe" Stripe_hook.receive;
        ];
    ]
"""

INVOICES_ML = """open Lwt.Syntax

let json_error status msg =
  Dream.json ~status (Yojson.Safe.to_string (`Assoc [ ("error", `String msg) ]))

let id_param request =
  match Int64.of_string_opt (Dream.param request "id") with
  | Some id -> Ok id
  | None -> Error "invalid id"

let show request =
  match id_param request with
  | Error msg -> json_error `Bad_Request msg
  | Ok id -> (
      let* found = Dream.sql request (Db.Invoices_repo.find id) in
      match found with
      | Ok (Some inv) -> Dream.json (Yojson.Safe.to_string (Db.Invoices_repo.invoice_to_yojson inv))
      | Ok None -> json_error `Not_Found "invoice not found"
      | Error err -> Dream.error (fun log -> log "db: %a" Caqti_error.pp err); json_error `Internal_Server_Error "database error")

let create request =
  let* body = Dream.body request in
  match Db.Invoices_repo.new_invoice_of_yojson (Yojson.Safe.from_string body) with
  | Error msg -> json_error `Bad_Request msg
  | Ok inv -> (
      let* r = Dream.sql request (Db.Invoices_repo.insert inv) in
      match r with
      | Ok id -> Dream.json ~status:`Created (Printf.sprintf {|{"id":%Ld}|} id)
      | Error err -> Dream.error (fun log -> log "db: %a" Caqti_error.pp err); json_error `Internal_Server_Error "database error")

let for_customer request =
  match id_param request with
  | Error msg -> json_error `Bad_Request msg
  | Ok cid -> (
      let* r = Dream.sql request (Db.Invoices_repo.for_customer cid) in
      match r with
      | Ok invs -> Dream.json (Yojson.Safe.to_string (`List (List.map Db.Invoices_repo.invoice_to_yojson invs)))
      | Error err -> Dream.error (fun log -> log "db: %a" Caqti_error.pp err); json_error `Internal_Server_Error "database error")
"""

REPO_ML = """open Caqti_request.Infix

type invoice = {
  id : int64;
  customer_id : int64;
  number : string;
  status : string;
  total_cents : int;
  currency : string;
}
[@@deriving yojson]

type new_invoice = { customer_id : int64; number : string; currency : string } [@@deriving yojson]

let invoice =
  let encode { id; customer_id; number; status; total_cents; currency } =
    Ok (id, customer_id, number, (status, total_cents, currency))
  in
  let decode (id, customer_id, number, (status, total_cents, currency)) =
    Ok { id; customer_id; number; status; total_cents; currency }
  in
  Caqti_type.(custom ~encode ~decode (t4 int64 int64 string (t3 string int string)))

let find_q =
  Caqti_type.(int64 ->? invoice)
    "SELECT id, customer_id, number, status, total_cents, currency FROM invoices WHERE id = ?"

let for_customer_q =
  Caqti_type.(int64 ->* invoice)
    "SELECT id, customer_id, number, status, total_cents, currency FROM invoices \\
     WHERE customer_id = ? ORDER BY issued_at DESC LIMIT 200"

let insert_q =
  Caqti_type.(t3 int64 string string ->! int64)
    "INSERT INTO invoices (customer_id, number, currency) VALUES (?, ?, ?) RETURNING id"

let find id (module Db : Caqti_lwt.CONNECTION) = Db.find_opt find_q id
let for_customer cid (module Db : Caqti_lwt.CONNECTION) = Db.collect_list for_customer_q cid

let insert (n : new_invoice) (module Db : Caqti_lwt.CONNECTION) =
  Db.find insert_q (n.customer_id, n.number, n.currency)
"""

PRORATION_ML = """(* Proration of plan changes inside a billing period. All amounts are integer cents. *)

type change = { old_cents : int; new_cents : int; days_used : int; days_in_period : int }

let unused_fraction c = float_of_int (c.days_in_period - c.days_used) /. float_of_int c.days_in_period

(* Credit for the unused part of the old plan, charge for the rest of the period on the new one. *)
let prorate c =
  let f = unused_fraction c in
  let credit = -.(float_of_int c.old_cents *. f) |> Float.round |> int_of_float in
  let charge = float_of_int c.new_cents *. f |> Float.round |> int_of_float in
  (credit, charge, credit + charge)
"""

TEST_MAIN = """let () =
  Lwt_main.run
  @@ Alcotest_lwt.run "ledger"
       [
         ("billing", Test_billing.tests);
         ("invoices_repo", Test_invoices_repo.tests);
         ("api", Test_api.tests);
         ("webhooks", Test_webhooks.tests);
       ]
"""

TEST_BILLING = """open Billing

let check_triple = Alcotest.(check (triple int int int))

let upgrade () =
  check_triple "credit, charge, net" (-1500, 3000, 1500)
    (Proration.prorate { old_cents = 3000; new_cents = 6000; days_used = 15; days_in_period = 30 })

let no_change () =
  check_triple "nothing used" (-3000, 3000, 0)
    (Proration.prorate { old_cents = 3000; new_cents = 3000; days_used = 0; days_in_period = 30 })

let tests =
  [
    Alcotest_lwt.test_case_sync "prorates a mid-cycle upgrade" `Quick upgrade;
    Alcotest_lwt.test_case_sync "no change on day zero" `Quick no_change;
  ]
"""

WEBHOOKS_MLI = """(** Stripe webhook handling. *)

val verify : secret:string -> header:string -> body:string -> now:float -> (unit, [ `Bad_signature | `Stale ]) result
(** Checks the [Stripe-Signature] header (v1 HMAC-SHA256, 300 s tolerance). *)

val record : Yojson.Safe.t -> (module Caqti_lwt.CONNECTION) -> (int64, Caqti_error.t) result Lwt.t
(** Stores the raw event; returns its row id. *)
"""

WEBHOOKS_ML = """let tolerance = 300.

let parse_header header =
  String.split_on_char ',' header
  |> List.filter_map (fun kv ->
         match String.index_opt kv '=' with
         | Some i -> Some (String.sub kv 0 i, String.sub kv (i + 1) (String.length kv - i - 1))
         | None -> None)

let verify ~secret ~header ~body ~now =
  let kv = parse_header header in
  match (List.assoc_opt "t" kv, List.assoc_opt "v1" kv) with
  | Some t, Some sig_ -> (
      match float_of_string_opt t with
      | None -> Error `Bad_signature
      | Some ts when Float.abs (now -. ts) > tolerance -> Error `Stale
      | Some _ ->
          let expected = Digestif.SHA256.(hmac_string ~key:secret (t ^ "." ^ body) |> to_hex) in
          if Eqaf.equal expected sig_ then Ok () else Error `Bad_signature)
  | _ -> Error `Bad_signature

let record = Db.Webhook_events.insert
"""

CI_YML = """name: CI

on:
  push:
    branches: [main]
  pull_request:

jobs:
  build:
    runs-on: ubuntu-latest
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_USER: ledger
          POSTGRES_PASSWORD: ledger
          POSTGRES_DB: ledger_test
        ports: ["5432:5432"]
        options: >-
          --health-cmd pg_isready --health-interval 5s --health-timeout 5s --health-retries 10
    env:
      DATABASE_URL: postgresql://ledger:ledger@localhost:5432/ledger_test
    steps:
      - uses: actions/checkout@v4
      - uses: ocaml/setup-ocaml@v3
        with:
          ocaml-compiler: "5.2"
          dune-cache: true
      - run: opam install . --deps-only --with-test --locked
      - run: opam exec -- dune build
      - run: opam exec -- dune exec ledger-migrate -- up
      - run: opam exec -- dune test
      - run: opam exec -- dune build @fmt
"""

FILES = {
    P("dune-project"): DUNE_PROJECT,
    P("lib/billing/dune"): BILLING_DUNE,
    P("lib/billing/proration.ml"): PRORATION_ML,
    P("lib/webhooks/dune"): WEBHOOKS_DUNE,
    P("lib/webhooks/webhooks.mli"): WEBHOOKS_MLI,
    P("lib/webhooks/webhooks.ml"): WEBHOOKS_ML,
    P("lib/notify/dune"): NOTIFY_DUNE,
    P("lib/api/dune"): API_DUNE,
    P("lib/api/router.ml"): ROUTER_ML,
    P("lib/api/invoices.ml"): INVOICES_ML,
    P("lib/db/invoices_repo.ml"): REPO_ML,
    P("bin/dune"): BIN_DUNE,
    P("bin/main.ml"): MAIN_ML,
    P("test/dune"): TEST_DUNE,
    P("test/test_ledger.ml"): TEST_MAIN,
    P("test/test_billing.ml"): TEST_BILLING,
    P("Dockerfile"): DOCKERFILE,
    P(".github/workflows/ci.yml"): CI_YML,
}


# ---------------------------------------------------------------- output helpers
def loc(path, content, needle, nth_line_containing=None, prefix="", after=""):
    """dune-style location block for `needle` in `content` (first line containing it)."""
    lines = content.split("\n")
    for i, l in enumerate(lines, 1):
        if needle in l and (nth_line_containing is None or nth_line_containing in l):
            c = l.index(needle, l.index(after) + len(after) if after else 0)
            head = f"{i} | "
            return (f"{prefix}File \"{path}\", line {i}, characters {c}-{c + len(needle)}:\n"
                    f"{prefix}{head}{l}\n{prefix}{' ' * (len(head) + c)}{'^' * len(needle)}")
    raise AssertionError(f"{needle!r} not in {path}")


def ppx_err(path, content, deriver, line_has):
    return (loc(path, content, deriver, line_has, after="[@@deriving ") + "\n"
            f"Error: Ppxlib.Deriving: '{deriver}' is not a supported type deriving generator")


SUITE_ORDER = ["billing", "invoices_repo", "api", "webhooks", "notify"]


def alco_lines(suites, fail=None):
    w = max(len(s) for s in suites) + 2
    out = []
    for s in SUITE_ORDER:
        if s not in suites:
            continue
        for i, name in enumerate(suites[s]):
            tag = "[FAIL]" if fail and fail[0] == s and fail[1] == name else "[OK]"
            out.append(f"  {tag:<14}{s:<{w}}{i:>3}   {name}.")
    return out, w


def alco(suites, secs, rid, fail=None):
    body, w = alco_lines(suites, fail)
    n = sum(len(v) for v in suites.values())
    head = ["Testing `ledger'.", f"This run has ID `{rid}'.", ""]
    res = "~/src/ledger-api/_build/default/test/_build/_tests/ledger"
    if not fail:
        return "\n".join(head + body + ["", f"Full test results in `{res}'.", f"Test Successful in {secs}s. {n} tests run."])
    s, name, detail = fail
    idx = suites[s].index(name)
    title = f"[FAIL]        {s:<{w}}{idx:>3}   {name}."
    box = "\u250c" + "\u2500" * 78 + "\u2510\n\u2502 " + title.ljust(77) + "\u2502\n\u2514" + "\u2500" * 78 + "\u2518"
    return "\n".join(head + body + ["", box, detail, "",
                                    f"Logs saved to `{res}/{s}.{idx:03d}.output'.",
                                    " " + "\u2500" * 78, "", f"Full test results in `{res}'.",
                                    f"1 failure! in {secs}s. {n} tests run."])


def alco_id():
    return "".join(_rng[0].choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(8))


def commit_out(branch, msg, files, ins, dels, creates=()):
    s = f"[{branch} {hx(7)}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def push_new(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      https://github.com/{REPO}/pull/new/{branch}\nremote: \n"
            f"To github.com:{REPO}.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def push_existing(branch):
    return f"To github.com:{REPO}.git\n   {hx(7)}..{hx(7)}  {branch} -> {branch}"


# opam deps the image installs from the lock file
LOCK_PKGS = [
    "angstrom.0.16.1", "asn1-combinators.0.3.2", "astring.0.8.5", "base-bytes.base", "base64.3.5.1",
    "bigstringaf.0.10.0", "bos.0.2.1", "caqti.2.2.4", "caqti-driver-postgresql.2.2.4", "caqti-lwt.2.2.4",
    "cmdliner.1.3.0", "conf-libev.4-12", "conf-libpq.1", "conf-pkg-config.4", "cppo.1.8.0", "csexp.1.5.2",
    "digestif.1.2.0", "domain-name.0.4.0", "dream.1.0.0~alpha8", "dream-httpaf.1.0.0~alpha4",
    "dream-pure.1.0.0~alpha2", "duration.0.2.1", "eqaf.0.10", "faraday.0.8.2", "fmt.0.9.0", "gluten.0.5.2",
    "h2.0.13.0", "hmap.0.8.1", "ipaddr.5.6.0", "logs.0.7.0", "lwt.5.9.1", "lwt_ppx.5.9.1", "lwt_ssl.1.2.0",
    "magic-mime.1.3.1", "mirage-crypto.1.2.0", "mirage-crypto-rng.1.2.0", "mtime.2.1.0", "multipart_form.0.6.0",
    "ocaml-compiler-libs.v0.17.0", "ocplib-endian.1.2", "postgresql.5.1.3", "ppx_derivers.1.2.1",
    "ppx_deriving.6.0.3", "ppx_deriving_yojson.3.9.1", "ppxlib.0.33.0", "psq.0.2.1", "ptime.1.2.0",
    "rresult.0.7.0", "seq.base", "sexplib0.v0.17.0", "ssl.0.7.0", "stdlib-shims.0.3.0", "stringext.1.6.0",
    "tls.1.0.4", "topkg.1.0.7", "uri.4.4.0", "uutf.1.0.3", "x509.1.0.5", "yojson.2.2.2",
]


def docker_build(tag, lock_pkgs=None, fail=None):
    """BuildKit plain progress for the ledger-api Dockerfile.
    lock_pkgs: packages in the lock file when step 5 is re-run (None = cached).
    fail: (dune_file_rel, dune_content, lib) -> the release build stops with Library not found."""
    o = [
        "#0 building with \"default\" instance using docker driver",
        "",
        "#1 [internal] load build definition from Dockerfile",
        "#1 transferring dockerfile: 1.09kB done",
        "#1 DONE 0.0s",
        "",
        "#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.7",
        "#2 DONE 0.5s",
        "",
        "#3 docker-image://docker.io/docker/dockerfile:1.7@sha256:" + hx(64),
        "#3 CACHED",
        "",
        "#4 [internal] load metadata for docker.io/library/debian:12-slim",
        "#4 DONE 0.8s",
        "",
        "#5 [internal] load metadata for docker.io/ocaml/opam:debian-12-ocaml-5.2",
        "#5 DONE 0.9s",
        "",
        "#6 [internal] load .dockerignore",
        "#6 transferring context: 74B done",
        "#6 DONE 0.0s",
        "",
        "#7 [build 1/7] FROM docker.io/ocaml/opam:debian-12-ocaml-5.2@sha256:" + hx(64),
        "#7 DONE 0.0s",
        "",
        "#8 [internal] load build context",
        "#8 transferring context: 212.37kB 0.1s done",
        "#8 DONE 0.1s",
        "",
        "#9 [build 2/7] RUN sudo apt-get update && sudo apt-get install -y --no-install-recommends libpq-dev libev-dev libgmp-dev pkg-config && sudo rm -rf /var/lib/apt/lists/*",
        "#9 CACHED",
        "",
        "#10 [build 3/7] WORKDIR /home/opam/src",
        "#10 CACHED",
        "",
        "#11 [build 4/7] COPY --chown=opam:opam ledger.opam ledger.opam.locked ./",
        "#11 CACHED" if lock_pkgs is None else "#11 DONE 0.0s",
        "",
        "#12 [build 5/7] RUN --mount=type=cache,target=/home/opam/.opam/download-cache,uid=1000 opam install . --deps-only --locked --yes",
    ]
    if lock_pkgs is None:
        o.append("#12 CACHED")
    else:
        t = 0.9
        o.append(f"#12 {t:.3f} [NOTE] Package ocaml is already installed (current version is 5.2.1).")
        t += 2.3
        o.append(f"#12 {t:.3f} The following actions will be performed:")
        o.append(f"#12 {t:.3f} === install {len(lock_pkgs)} packages")
        for p in lock_pkgs:
            n, v = p.split(".", 1)
            o.append(f"#12 {t:.3f}   \u2217 {n:<26}{v}")
        o.append(f"#12 {t:.3f} ")
        o.append(f"#12 {t:.3f} <><> Processing actions <><><><><><><><><><><><><><><><><><><><><><><><><><><><>")
        for p in lock_pkgs:
            t += 0.05
            o.append(f"#12 {t:.3f} \u2b07 retrieved {p}  (cached)")
        for p in lock_pkgs:
            t += 2.9
            o.append(f"#12 {t:.3f} \u2217 installed {p}")
        o.append(f"#12 {t:.3f} Done.")
        o.append(f"#12 {t:.3f} # To update the current shell environment, run: eval $(opam env)")
        o.append(f"#12 DONE {t + 0.4:.1f}s")
    o += ["", "#13 [build 6/7] COPY --chown=opam:opam . .", "#13 DONE 0.1s", "",
          "#14 [stage-1 2/3] RUN apt-get update && apt-get install -y --no-install-recommends libpq5 libev4 libgmp10 ca-certificates && rm -rf /var/lib/apt/lists/*",
          "#14 CACHED", "",
          "#15 [build 7/7] RUN opam exec -- dune build --profile=release ./bin/main.exe"]
    cmd = "/bin/sh -c opam exec -- dune build --profile=release ./bin/main.exe"
    if fail:
        rel, content, lib, consumer, extra = fail
        err = (loc(rel, content, lib, "(libraries") + "\n" + f"Error: Library \"{lib}\" not found.\n"
               f"-> required by library \"{consumer}\" in _build/default/{rel.rsplit('/', 1)[0]}\n" + extra +
               "-> required by executable main in bin/dune:2\n"
               "-> required by _build/default/bin/main.exe")
        el = err.split("\n")
        o += [f"#15 2.{184 + i} {l}" for i, l in enumerate(el)]
        o += [f"#15 ERROR: process \"{cmd}\" did not complete successfully: exit code: 1",
              "------",
              " > [build 7/7] RUN opam exec -- dune build --profile=release ./bin/main.exe:"]
        o += [f"2.{184 + i} {l}" for i, l in enumerate(el)]
        df = DOCKERFILE.split("\n")
        ln = next(i for i, l in enumerate(df, 1) if l.startswith("RUN opam exec"))
        o += ["------", f"Dockerfile:{ln}", "--------------------"]
        for i in range(ln - 2, ln + 3):
            mark = ">>> " if i == ln else "    "
            o.append(f"  {i:>2} | {mark}{df[i - 1]}".rstrip())
        o += ["--------------------",
              f"ERROR: failed to solve: process \"{cmd}\" did not complete successfully: exit code: 1"]
        return "\n".join(o)
    o += ["#15 DONE 61.4s", "",
          "#16 [stage-1 3/3] COPY --from=build /home/opam/src/_build/default/bin/main.exe /usr/local/bin/ledger-api",
          "#16 DONE 0.1s", "", "#17 exporting to image", "#17 exporting layers 0.4s done",
          f"#17 writing image sha256:{hx(64)} done", f"#17 naming to {IMG}:{tag} done", "#17 DONE 0.5s"]
    return "\n".join(o)


def docker_push(tag):
    layers = [hx(12) for _ in range(4)]
    out = [f"The push refers to repository [{IMG}]", f"{layers[0]}: Pushed"]
    out += [f"{l}: Layer already exists" for l in layers[1:]]
    out.append(f"{tag}: digest: sha256:{hx(64)} size: 1160")
    return "\n".join(out)


def run_watch(name, run_id, jobs, mins, secs, event="pull_request"):
    out = [f"\u2713 {name} \u00b7 {run_id}", f"Triggered via {event} about {mins} minutes ago", "", "JOBS"]
    for j, steps in jobs:
        out.append(f"\u2713 {j} in {mins}m{secs}s (ID {run_id + 41177})")
        out += [f"  \u2713 {s}" for s in steps]
    out += ["", f"\u2713 Run {name} ({run_id}) completed with 'success'"]
    return "\n".join(out)


CI_STEPS = ["Set up job", "Initialize containers", "Run actions/checkout@v4", "Run ocaml/setup-ocaml@v3",
            "Run opam install . --deps-only --with-test --locked", "Run opam exec -- dune build",
            "Run opam exec -- dune exec ledger-migrate -- up", "Run opam exec -- dune test",
            "Run opam exec -- dune build @fmt", "Post Run ocaml/setup-ocaml@v3", "Post Run actions/checkout@v4",
            "Stop containers", "Complete job"]

GH_WATCH_USAGE = """
Usage:  gh run watch <run-id> [flags]

Flags:
      --compact        Show only relevant/failed steps
      --exit-status    Exit with non-zero status if run fails
  -i, --interval int   Refresh interval in seconds (default 3)

Inherited Flags:
      --help                     Show help for command
  -R, --repo [HOST/]OWNER/REPO   Select another repository using the [HOST/]OWNER/REPO format
"""

GH_VIEW_USAGE = """
Usage:  gh run view [<run-id>] [flags]

Flags:
  -a, --attempt uint      The attempt number of the workflow run
      --exit-status       Exit with non-zero status if run failed
  -j, --job string        View a specific job ID from a run
  -q, --jq expression     Filter JSON output using a jq expression
      --json fields       Output JSON with the specified fields
      --log               View full log for either a run or specific job
      --log-failed        View the log for any failed steps in a run or specific job
  -t, --template string   Format JSON output using a Go template; see "gh help formatting"
  -v, --verbose           Show job steps
  -w, --web               Open run in the browser

Inherited Flags:
      --help                     Show help for command
  -R, --repo [HOST/]OWNER/REPO   Select another repository using the [HOST/]OWNER/REPO format
"""


def migrate_status(applied):
    rows = [f"  {name:<32} applied {when}" for name, when in applied]
    return "\n".join(rows) + f"\n{len(applied)} applied, 0 pending"


MIGRATIONS = [
    ("0001_init", "2026-03-02 10:14:51"),
    ("0002_customers_email_unique", "2026-03-19 16:40:02"),
    ("0003_invoice_lines", "2026-04-08 09:12:33"),
    ("0004_payments", "2026-05-27 14:03:10"),
    ("0005_invoice_number_seq", "2026-07-01 11:47:45"),
    ("0006_credit_notes", "2026-09-15 15:21:09"),
]

TEST_REPO = """open Lwt.Syntax

let uri = Uri.of_string (Sys.getenv "DATABASE_URL")

let with_db f =
  let* c = Caqti_lwt_unix.connect uri in
  match c with
  | Error e -> Alcotest.failf "connect: %a" Caqti_error.pp e
  | Ok (module Db : Caqti_lwt.CONNECTION) ->
      let* () = Fixtures.reset (module Db) in
      let* r = f (module Db : Caqti_lwt.CONNECTION) in
      let* () = Db.disconnect () in
      Lwt.return r

let ok = function Ok x -> x | Error e -> Alcotest.failf "db: %a" Caqti_error.pp e

let insert_returns_id _ () =
  with_db @@ fun db ->
  let* id = Db.Invoices_repo.insert { customer_id = 1L; number = "INV-0001"; currency = "EUR" } db in
  Alcotest.(check bool) "positive id" true (Int64.compare (ok id) 0L > 0);
  Lwt.return_unit

let find_unknown _ () =
  with_db @@ fun db ->
  let* r = Db.Invoices_repo.find 999_999L db in
  Alcotest.(check bool) "none" true (Option.is_none (ok r));
  Lwt.return_unit

let tests =
  [
    Alcotest_lwt.test_case "insert returns the new id" `Quick insert_returns_id;
    Alcotest_lwt.test_case "find returns None for an unknown id" `Quick find_unknown;
  ]
"""

TEST_WEBHOOKS = """let secret = "whsec_test_3f9a"

let sign ~t body =
  let mac = Digestif.SHA256.(hmac_string ~key:secret (t ^ "." ^ body) |> to_hex) in
  Printf.sprintf "t=%s,v1=%s" t mac

let body = {|{"id":"evt_1","type":"invoice.paid"}|}
let now = 1_791_800_000.
let verify ?(now = now) ?(body = body) header = Webhooks.verify ~secret ~header ~body ~now

let valid () = Alcotest.(check bool) "ok" true (Result.is_ok (verify (sign ~t:"1791800000" body)))

let tampered () =
  Alcotest.(check bool) "rejected" true
    (verify ~body:(body ^ " ") (sign ~t:"1791800000" body) = Error `Bad_signature)

let stale () =
  Alcotest.(check bool) "stale" true (verify ~now:(now +. 301.) (sign ~t:"1791800000" body) = Error `Stale)

let tests =
  [
    Alcotest_lwt.test_case_sync "accepts a valid v1 signature" `Quick valid;
    Alcotest_lwt.test_case_sync "rejects a tampered body" `Quick tampered;
    Alcotest_lwt.test_case_sync "rejects a stale timestamp" `Quick stale;
  ]
"""

WEBHOOK_EVENTS_ML = """open Caqti_request.Infix

let insert_q =
  Caqti_type.(t2 string string ->! int64)
    "INSERT INTO webhook_events (type, payload) VALUES (?, ?::jsonb) RETURNING id"

let insert (event : Yojson.Safe.t) (module Db : Caqti_lwt.CONNECTION) =
  let typ =
    Yojson.Safe.Util.(event |> member "type" |> to_string_option) |> Option.value ~default:"unknown"
  in
  Db.find insert_q (typ, Yojson.Safe.to_string event)
"""

FILES.update({
    P("test/test_invoices_repo.ml"): TEST_REPO,
    P("test/test_webhooks.ml"): TEST_WEBHOOKS,
    P("lib/db/webhook_events.ml"): WEBHOOK_EVENTS_ML,
})

MIG_FILES = [P(f"db/migrations/{n}.{x}.sql") for n, _ in MIGRATIONS for x in ("down", "up")]


def dune_test_fail_loc():
    return loc("test/dune", TEST_DUNE, "test_ledger", "(name")


# ---------------------------------------------------------------- the month
def gen():
    _rng[0] = random.Random(51021)
    d = Dev("ocaml-dune", U, "en", MODEL, seed=20261005, files=FILES)
    suites = {
        "billing": ["prorates a mid-cycle upgrade", "no change on day zero"],
        "invoices_repo": ["insert returns the new id", "find returns None for an unknown id"],
        "api": ["GET /healthz", "GET /v1/invoices/:id 404 for an unknown id",
                "GET /v1/invoices/:id 400 for a non-numeric id", "POST /v1/invoices creates a draft",
                "POST /v1/invoices rejects a missing customer_id"],
        "webhooks": ["accepts a valid v1 signature", "rejects a tampered body", "rejects a stale timestamp"],
    }
    migrations = list(MIGRATIONS)

    def test_ok(t, secs, desc="Run the test suite"):
        t.bash("dune test", desc, out=alco(suites, secs, alco_id()), timeout=600000)

    # ============================================================ S1 Mon 10-05
    with d.session("2026-10-05T09:20:00", R, branch="main", version="2.1.93"):
        t = d.task("new week, and I'm starting on due dates soon. walk me through how a request gets from dream to "
                   "postgres in this repo — which libraries/modules matter?", tags=["noise"])
        t.glob("**/dune", [P(x) for x in ["bin/dune", "lib/api/dune", "lib/billing/dune", "lib/db/dune",
                                           "lib/notify/dune", "lib/webhooks/dune", "test/dune"]])
        t.read(P("bin/main.ml"))
        t.read(P("lib/api/router.ml"))
        t.read(P("lib/api/invoices.ml"))
        t.read(P("lib/db/invoices_repo.ml"))
        t.done("""The path is short and mostly lives in three libraries:

1. **`bin/main.ml`** (`ledger-api`) parses `--port`/`PORT` and `--database-url`/`DATABASE_URL` with cmdliner and runs `Dream.run` with `Dream.logger` → `Dream.sql_pool ~size:10` → `Api.Router.handler`. The pool middleware is what makes `Dream.sql` work in handlers.
2. **`lib/api`** (`ledger.api`) — `router.ml` has the routes under `/v1`; `invoices.ml` holds the handlers. They parse the id with `Int64.of_string_opt`, call `Dream.sql request (Db.Invoices_repo.…)`, and map `Ok None` to 404 and `Error` (a `Caqti_error.t`) to a logged 500.
3. **`lib/db`** (`ledger.db`) — `invoices_repo.ml` defines the Caqti 2 requests with the infix operators (`->?` zero-or-one, `->*` many, `->!` exactly one) and a `Caqti_type.custom` for the `invoice` record. Functions take the connection last (`(module Db : Caqti_lwt.CONNECTION)`), which is exactly the shape `Dream.sql` hands over.

`lib/billing` is pure (proration, no IO), `lib/webhooks` verifies and stores Stripe events, `lib/notify` sends mail. The JSON shapes come from `ppx_deriving_yojson` on the repo records.""")

        t = d.task("Dream.sql_pool ~size:10 — we run 3 api replicas and postgres has max_connections 100. is that "
                   "sane? and does one request ever hold more than one connection?", tags=["noise", "no_tools"])
        t.done("""Yes, that's sane: 3 × 10 = 30 connections, well under 100, with room for migrations, psql sessions and the worker.

- One request holds **one connection per `Dream.sql` call**, for the duration of the callback. Two sequential `Dream.sql` calls in a handler take and return a connection twice; nested calls (a `Dream.sql` inside another's callback) would hold two, which we don't do.
- Because everything is Lwt, a replica can have far more requests in flight than connections; the 11th concurrent DB callback simply waits for a free connection in Caqti's pool.
- More connections don't buy throughput beyond roughly 2× the database's cores, so I wouldn't raise it; if you ever see requests queueing on the pool, look for slow queries first.""")

        t = d.task("add GET /v1/invoices/:id/lines returning the invoice's line items (invoice_lines: id, invoice_id, "
                   "description, quantity, unit_cents). errors as a result all the way up please, no exceptions for "
                   "not-found or bad ids. run the tests after", tags=["pref:P1", "oneoff:O1", "long_output"])
        t.edit(P("lib/db/invoices_repo.ml"), """type new_invoice = { customer_id : int64; number : string; currency : string } [@@deriving yojson]
""", """type new_invoice = { customer_id : int64; number : string; currency : string } [@@deriving yojson]

type line = { id : int64; description : string; quantity : int; unit_cents : int } [@@deriving yojson]
""")
        t.edit(P("lib/db/invoices_repo.ml"), """let insert_q =""", """let line =
  let encode { id; description; quantity; unit_cents } = Ok (id, description, quantity, unit_cents) in
  let decode (id, description, quantity, unit_cents) = Ok { id; description; quantity; unit_cents } in
  Caqti_type.(custom ~encode ~decode (t4 int64 string int int))

let lines_q =
  Caqti_type.(int ->* line)
    "SELECT id, description, quantity, unit_cents FROM invoice_lines WHERE invoice_id = ? ORDER BY id"

let insert_q =""")
        t.edit(P("lib/db/invoices_repo.ml"), """let for_customer cid (module Db : Caqti_lwt.CONNECTION) = Db.collect_list for_customer_q cid
""", """let for_customer cid (module Db : Caqti_lwt.CONNECTION) = Db.collect_list for_customer_q cid

(* [None] when the invoice does not exist, so the handler can tell 404 from an empty list. *)
let lines (invoice_id : int) (module Db : Caqti_lwt.CONNECTION) =
  let open Lwt_result.Syntax in
  let* inv = Db.find_opt find_q (Int64.of_int invoice_id) in
  match inv with
  | None -> Lwt.return_ok None
  | Some _ ->
      let+ ls = Db.collect_list lines_q invoice_id in
      Some ls
""")
        t.edit(P("lib/api/invoices.ml"), """let for_customer request =""", """let lines request =
  match id_param request with
  | Error msg -> json_error `Bad_Request msg
  | Ok id -> (
      let* r = Dream.sql request (Db.Invoices_repo.lines id) in
      match r with
      | Ok (Some ls) -> Dream.json (Yojson.Safe.to_string (`List (List.map Db.Invoices_repo.line_to_yojson ls)))
      | Ok None -> json_error `Not_Found "invoice not found"
      | Error err -> Dream.error (fun log -> log "db: %a" Caqti_error.pp err); json_error `Internal_Server_Error "database error")

let for_customer request =""")
        t.edit(P("lib/api/router.ml"), """          Dream.get "/invoices/:id" Invoices.show;
""", """          Dream.get "/invoices/:id" Invoices.show;
          Dream.get "/invoices/:id/lines" Invoices.lines;
""")
        t.fail("dune build 2>&1", "Build everything",
               loc("lib/api/invoices.ml", d.files[P("lib/api/invoices.ml")], "id", "Invoices_repo.lines id",
                   after="lines ") +
               "\nError: This expression has type int64 but an expression was expected of type\n         int")
        t.say("`id_param` gives an `int64` (ids are bigserial) but I typed the repo function's parameter as `int`. "
              "Making `lines` take the `int64` directly instead of converting back and forth.")
        t.edit(P("lib/db/invoices_repo.ml"), """  Caqti_type.(int ->* line)""", """  Caqti_type.(int64 ->* line)""")
        t.edit(P("lib/db/invoices_repo.ml"), """let lines (invoice_id : int) (module Db : Caqti_lwt.CONNECTION) =
  let open Lwt_result.Syntax in
  let* inv = Db.find_opt find_q (Int64.of_int invoice_id) in""", """let lines (invoice_id : int64) (module Db : Caqti_lwt.CONNECTION) =
  let open Lwt_result.Syntax in
  let* inv = Db.find_opt find_q invoice_id in""")
        t.bash("dune build 2>&1", "Build everything")
        t.read(P("test/test_invoices_repo.ml"))
        t.edit(P("test/test_invoices_repo.ml"), """let tests =
  [""", """let lines_in_order _ () =
  with_db @@ fun db ->
  let* r = Db.Invoices_repo.lines 1L db in
  let ls = Option.get (ok r) in
  Alcotest.(check (list string)) "ordered by id" [ "Seats"; "Overage" ]
    (List.map (fun (l : Db.Invoices_repo.line) -> l.description) ls);
  Lwt.return_unit

let lines_unknown_invoice _ () =
  with_db @@ fun db ->
  let* r = Db.Invoices_repo.lines 999_999L db in
  Alcotest.(check bool) "none" true (Option.is_none (ok r));
  Lwt.return_unit

let tests =
  [
    Alcotest_lwt.test_case "lines returns items in id order" `Quick lines_in_order;
    Alcotest_lwt.test_case "lines is None for an unknown invoice" `Quick lines_unknown_invoice;""")
        suites["invoices_repo"] = ["lines returns items in id order", "lines is None for an unknown invoice"] + \
            suites["invoices_repo"]
        test_ok(t, "0.684")
        t.done("`GET /v1/invoices/:id/lines` is in and all 14 tests pass.\n\n"
               "- `Db.Invoices_repo.lines` returns `(line list option, Caqti_error.t) result`: `Ok None` for an unknown "
               "invoice (→ 404), `Ok (Some [])` for an invoice without lines, `Error` only for database errors (→ logged 500). "
               "A bad id is a 400 from `id_param`. No exceptions on any of those paths.\n"
               "- The first build failed on an `int` vs `int64` mismatch in the repo signature; it takes `int64` now, like the other queries.\n"
               "- Two repo tests cover ordering and the unknown-invoice case.")

    # ============================================================ S2 Wed 10-07
    with d.session("2026-10-07T10:05:00", R, branch="feat/due-dates", version="2.1.94"):
        t = d.task("due dates need the customer's time zone. is timedesc the right library for that? check its "
                   "docs — can it take a Ptime + an IANA zone name and give me the local date, and back?",
                   tags=["noise", "webfetch"])
        t.webfetch("https://ocaml.org/p/timedesc/latest/doc/Timedesc/index.html",
                   "Can it convert a Ptime.t to a local date in an IANA time zone and build a zoned date-time back "
                   "to a timestamp? Which functions, and do they raise?",
                   "Timedesc is a date-time library with time zone support (tzdb compiled in via timedesc-tzdb). "
                   "Time_zone.make : string -> t option looks up an IANA name. of_timestamp : ?tz_of_date_time:Time_zone.t "
                   "-> timestamp -> t option; Utils.timestamp_of_ptime / Utils.ptime_of_timestamp convert from/to Ptime. "
                   "make : ?tz:Time_zone.t -> year:int -> month:int -> day:int -> hour:int -> minute:int -> second:int "
                   "-> unit -> (t, error) result; make_exn raises Error_exn. to_timestamp returns a local_date_time_result "
                   "(`Single or `Ambiguous during DST fall-back); to_timestamp_single raises on ambiguity. "
                   "Date.add ~days, Date.Ymd.view.")
        t.done("""Yes, timedesc fits, and it's the usual choice now that `calendar` is unmaintained:

- **Ptime → local date:** `Timedesc.Utils.timestamp_of_ptime p` then `Timedesc.of_timestamp ~tz_of_date_time:tz ts` (returns an option), and `Timedesc.date` for the calendar date.
- **Zone by name:** `Timedesc.Time_zone.make "Europe/Dublin"` → `Time_zone.t option`; the tz database ships inside `timedesc-tzdb`, so the Docker image doesn't need `tzdata`.
- **Back to a timestamp:** `Timedesc.make ~tz ~year ~month ~day ~hour ~minute ~second ()` returns a `result`; `to_timestamp` distinguishes `` `Single `` from `` `Ambiguous `` (the repeated hour in autumn). For "end of the local day" (23:59:59) ambiguity can't happen, so `to_timestamp_single` is safe there.

Everything has a non-raising variant (`make`, `of_timestamp`), with `_exn` versions alongside, so it fits our result-style code.""")

        t = d.task("migration for due dates: invoices.due_at timestamptz null, customers.time_zone text not null "
                   "default 'UTC'. apply it locally, and add a set_due_at query to the invoices repo with a test",
                   tags=["workflow:W3"])
        t.glob("db/migrations/*.sql", sorted(MIG_FILES))
        t.write(P("db/migrations/0007_invoice_due_dates.up.sql"), """ALTER TABLE customers ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
ALTER TABLE invoices ADD COLUMN due_at timestamptz;
CREATE INDEX invoices_due_at_idx ON invoices (due_at) WHERE status = 'open';
""")
        t.write(P("db/migrations/0007_invoice_due_dates.down.sql"), """DROP INDEX IF EXISTS invoices_due_at_idx;
ALTER TABLE invoices DROP COLUMN IF EXISTS due_at;
ALTER TABLE customers DROP COLUMN IF EXISTS time_zone;
""")
        t.bash("dune exec ledger-migrate -- up", "Apply pending migrations to the dev database",
               out="applying 0007_invoice_due_dates.up.sql ... ok (19 ms)\n1 migration applied, schema at 0007")
        migrations.append(("0007_invoice_due_dates", "2026-10-07 10:31:12"))
        t.bash("dune exec ledger-migrate -- status", "Show migration status", out=migrate_status(migrations))
        t.read(P("lib/db/invoices_repo.ml"))
        t.edit(P("lib/db/invoices_repo.ml"), """let insert_q =""", """let set_due_at_q =
  Caqti_type.(t2 ptime int64 ->. unit) "UPDATE invoices SET due_at = ? WHERE id = ?"

let due_at_q = Caqti_type.(int64 ->! option ptime) "SELECT due_at FROM invoices WHERE id = ?"

let insert_q =""")
        t.edit(P("lib/db/invoices_repo.ml"), """(* [None] when the invoice""", """let set_due_at id due (module Db : Caqti_lwt.CONNECTION) = Db.exec set_due_at_q (due, id)
let due_at id (module Db : Caqti_lwt.CONNECTION) = Db.find due_at_q id

(* [None] when the invoice""")
        t.read(P("test/test_invoices_repo.ml"))
        t.edit(P("test/test_invoices_repo.ml"), """let tests =
  [""", """let set_due_at_roundtrip _ () =
  with_db @@ fun db ->
  let due = Option.get (Ptime.of_date_time ((2026, 11, 6), ((23, 59, 59), 0))) in
  let* () = Db.Invoices_repo.set_due_at 1L due db |> Lwt.map ok in
  let* r = Db.Invoices_repo.due_at 1L db in
  Alcotest.(check (option (testable Ptime.pp Ptime.equal))) "stored" (Some due) (ok r);
  Lwt.return_unit

let tests =
  [
    Alcotest_lwt.test_case "set_due_at stores the timestamp" `Quick set_due_at_roundtrip;""")
        suites["invoices_repo"].insert(0, "set_due_at stores the timestamp")
        test_ok(t, "0.702")
        t.done("Migration `0007_invoice_due_dates` is applied locally (status shows 0001–0007, nothing pending).\n\n"
               "- `customers.time_zone text not null default 'UTC'`, `invoices.due_at timestamptz` (nullable) plus a partial "
               "index on `due_at` for open invoices — the reminder job will scan by that.\n"
               "- `Db.Invoices_repo.set_due_at` / `due_at` use Caqti's `ptime` type; the new test round-trips a value. "
               "15 tests pass.")

        t = d.task("now Billing.Due: given issued_at, net terms in days and the customer's time zone, compute the due "
                   "date (end of the local day). put it in a schedule record with show and yojson so we can log it and "
                   "return it from the API. the amount stays integer cents — no floats for money anywhere. use timedesc",
                   tags=["mistake:M1", "pref:P2"])
        t.bash("opam install -y timedesc", "Install timedesc into the project switch",
               out="The following actions will be performed:\n=== install 3 packages\n"
                   "  \u2217 timedesc          3.1.1\n  \u2217 timedesc-tzdb     3.1.1 [required by timedesc]\n"
                   "  \u2217 timedesc-tzlocal  3.1.1 [required by timedesc]\n\n"
                   "<><> Processing actions <><><><><><><><><><><><><><><><><><><><><><><><><><><><>\n"
                   "\u2b07 retrieved timedesc.3.1.1  (https://github.com/daypack-dev/timere/releases/download/timedesc-3.1.1/timedesc-3.1.1.tar.gz)\n"
                   "\u2b07 retrieved timedesc-tzdb.3.1.1  (https://github.com/daypack-dev/timere/releases/download/timedesc-3.1.1/timedesc-3.1.1.tar.gz)\n"
                   "\u2b07 retrieved timedesc-tzlocal.3.1.1  (https://github.com/daypack-dev/timere/releases/download/timedesc-3.1.1/timedesc-3.1.1.tar.gz)\n"
                   "\u2217 installed timedesc-tzdb.3.1.1\n\u2217 installed timedesc-tzlocal.3.1.1\n\u2217 installed timedesc.3.1.1\nDone.",
               timeout=600000)
        t.read(P("dune-project"))
        t.edit(P("dune-project"), "  ptime\n", "  ptime\n  timedesc\n")
        t.read(P("lib/billing/dune"))
        t.edit(P("lib/billing/dune"), " (libraries yojson ptime)", " (libraries yojson ptime timedesc)")
        due_ml = """(* Due dates in the customer's time zone: an invoice is due at the end of the local day
   [net_days] after it was issued. Amounts are integer cents. *)

type schedule = {
  invoice_number : string;
  amount_cents : int;
  issued_at : string;  (** RFC 3339, UTC *)
  due_at : string;  (** RFC 3339, UTC *)
  time_zone : string;
}
[@@deriving show, yojson]

type error = [ `Negative_terms of int | `Unknown_zone of string | `Out_of_range ]

let rfc3339 p = Ptime.to_rfc3339 ~tz_offset_s:0 p

let due_at ~tz_name ~net_days (issued : Ptime.t) : (Ptime.t, [> error ]) result =
  if net_days < 0 then Error (`Negative_terms net_days)
  else
    match Timedesc.Time_zone.make tz_name with
    | None -> Error (`Unknown_zone tz_name)
    | Some tz -> (
        match Timedesc.of_timestamp ~tz_of_date_time:tz (Timedesc.Utils.timestamp_of_ptime issued) with
        | None -> Error `Out_of_range
        | Some local -> (
            let date = Timedesc.Date.add ~days:net_days (Timedesc.date local) in
            let { Timedesc.Date.Ymd.year; month; day } = Timedesc.Date.Ymd.view date in
            match Timedesc.make ~tz ~year ~month ~day ~hour:23 ~minute:59 ~second:59 () with
            | Error _ -> Error `Out_of_range
            | Ok t -> Ok (Timedesc.Utils.ptime_of_timestamp (Timedesc.to_timestamp_single t))))

let schedule ~invoice_number ~amount_cents ~tz_name ~net_days issued =
  Result.map
    (fun due ->
      { invoice_number; amount_cents; issued_at = rfc3339 issued; due_at = rfc3339 due; time_zone = tz_name })
    (due_at ~tz_name ~net_days issued)
"""
        t.write(P("lib/billing/due.ml"), due_ml)
        t.fail("dune build 2>&1", "Build everything",
               ppx_err("lib/billing/due.ml", due_ml, "yojson", "[@@deriving"))
        t.say("ppxlib doesn't know the `yojson` deriver in this library: `lib/billing/dune` only runs "
              "`ppx_deriving.show` and `ppx_deriving.eq`. Adding the yojson ppx to its `preprocess` stanza.")
        t.edit(P("lib/billing/dune"), "  (pps ppx_deriving.show ppx_deriving.eq)))",
               "  (pps ppx_deriving.show ppx_deriving.eq ppx_deriving_yojson)))")
        t.bash("dune build 2>&1", "Build everything")
        t.read(P("test/test_billing.ml"))
        t.edit(P("test/test_billing.ml"), """let tests =
  [""", """let ptime y m d hh mm = Option.get (Ptime.of_date_time ((y, m, d), ((hh, mm, 0), 0)))

let due_dublin () =
  (* issued 2026-10-07 22:30 UTC = 23:30 local (IST); net 30 -> end of 2026-11-06 local = 23:59:59 GMT *)
  match Due.due_at ~tz_name:"Europe/Dublin" ~net_days:30 (ptime 2026 10 7 22 30) with
  | Ok d -> Alcotest.(check string) "due" "2026-11-06T23:59:59Z" (Due.rfc3339 d)
  | Error _ -> Alcotest.fail "expected a due date"

let due_unknown_zone () =
  Alcotest.(check bool) "unknown zone" true
    (Due.due_at ~tz_name:"Mars/Olympus" ~net_days:14 (ptime 2026 10 7 9 0) = Error (`Unknown_zone "Mars/Olympus"))

let schedule_json () =
  match Due.schedule ~invoice_number:"INV-0042" ~amount_cents:129900 ~tz_name:"UTC" ~net_days:0 (ptime 2026 10 7 9 0) with
  | Ok s ->
      Alcotest.(check string) "json" {|{"invoice_number":"INV-0042","amount_cents":129900,"issued_at":"2026-10-07T09:00:00Z","due_at":"2026-10-07T23:59:59Z","time_zone":"UTC"}|}
        (Yojson.Safe.to_string (Due.schedule_to_yojson s))
  | Error _ -> Alcotest.fail "expected a schedule"

let tests =
  [
    Alcotest_lwt.test_case_sync "due date at end of the local day" `Quick due_dublin;
    Alcotest_lwt.test_case_sync "unknown time zone is an error" `Quick due_unknown_zone;
    Alcotest_lwt.test_case_sync "schedule encodes amount as integer cents" `Quick schedule_json;""")
        suites["billing"] = ["due date at end of the local day", "unknown time zone is an error",
                             "schedule encodes amount as integer cents"] + suites["billing"]
        test_ok(t, "0.713")
        t.done("`Billing.Due` is in; 18 tests pass.\n\n"
               "- `due_at ~tz_name ~net_days issued` → `(Ptime.t, [> error]) result` — negative terms, unknown zone and "
               "out-of-range dates are variants, nothing raises. `schedule` wraps it into the record.\n"
               "- `schedule` derives `show` and `yojson`; `amount_cents` is an `int` and stays one in the JSON.\n"
               "- The first build stopped at `[@@deriving show, yojson]`: `lib/billing/dune` didn't run `ppx_deriving_yojson`. "
               "It's in the library's `pps` now.\n"
               "- `timedesc` is installed in the switch and listed in `dune-project` and `lib/billing/dune`.")

    # ============================================================ S3 Fri 10-09
    sha1 = hx(7)
    with d.session("2026-10-09T09:40:00", R, branch="feat/due-dates", version="2.1.95"):
        t = d.task("Priya wants to try due dates on staging before the PR. build the image for this commit and push it "
                   "to ghcr", tags=["workflow:W2", "mistake:M2"])
        t.bash("git rev-parse --short HEAD", "Get the commit for the image tag", out=sha1)
        bill_dune = d.files[P("lib/billing/dune")]
        t.fail(f"docker build -t {IMG}:{sha1} .", "Build the release image",
               docker_build(sha1, fail=("lib/billing/dune", bill_dune, "timedesc", "ledger.billing",
                                        "-> required by library \"ledger.api\" in _build/default/lib/api\n")),
               timeout=900000)
        t.say("The image installs dependencies from `ledger.opam.locked` (`opam install . --deps-only --locked`), and "
              "`timedesc` only went into my switch and `dune-project` — the lock file was never regenerated. "
              "Regenerating it, then the same build.")
        t.bash("opam lock .", "Regenerate ledger.opam.locked from the switch",
               out=f"Generated lock files for:\n  - ledger.~dev: {R}/ledger.opam.locked")
        t.bash("git diff --stat ledger.opam.locked", "Check what changed in the lock file",
               out=" ledger.opam.locked | 3 +++\n 1 file changed, 3 insertions(+)")
        pk = sorted(LOCK_PKGS + ["timedesc.3.1.1", "timedesc-tzdb.3.1.1", "timedesc-tzlocal.3.1.1"])
        t.bash(f"docker build -t {IMG}:{sha1} .", "Build the release image", out=docker_build(sha1, lock_pkgs=pk),
               timeout=900000)
        t.bash(f"docker push {IMG}:{sha1}", "Push the image to GHCR", out=docker_push(sha1), timeout=300000)
        t.bash("git add ledger.opam.locked && git commit -m \"build: lock timedesc\"", "Commit the lock file",
               out=commit_out("feat/due-dates", "build: lock timedesc", 1, 3, 0))
        t.done(f"`{IMG}:{sha1}` is pushed.\n\n"
               "The first build failed inside the image at `dune build --profile=release` with `Library \"timedesc\" not found`: "
               "the Dockerfile installs from `ledger.opam.locked`, which didn't have timedesc (and its tzdb/tzlocal parts). "
               "`opam lock .` added the three packages; the lock change is committed on the branch so CI's `--locked` install "
               "gets it too.")

        t = d.task("lwt question: the stripe handler does `Lwt.async (fun () -> Notify.send ...)`. what happens if that "
                   "raises?", tags=["noise", "no_tools"])
        t.done("""An exception escaping an `Lwt.async` callback (or the promise it returns being rejected) goes to `!Lwt.async_exception_hook`. The **default hook prints the exception and exits the process with code 2** — so one failing notification would take the API replica down.

Options:
- Catch inside: `Lwt.async (fun () -> Lwt.catch (fun () -> Notify.send ...) (fun exn -> Logs.err (fun m -> m "notify: %a" Fmt.exn exn); Lwt.return_unit))`.
- Or use `Lwt.dont_wait (fun () -> Notify.send ...) (fun exn -> log exn)`, which takes the handler as an argument and is the non-deprecated spelling of the same idea.
- Set `Lwt.async_exception_hook` once in `main.ml` to log instead of exit, as a safety net.

Since `Notify.send` returns a `result`, the expected failures (SMTP refused etc.) shouldn't raise at all; the hook is only for bugs.""")

        t = d.task("add Billing.Due.reminder_dates: reminders 3 days before the due date, on the day, and 7 days after. "
                   "again no exceptions — give me a result with a proper error variant when something's off",
                   tags=["pref:P1"])
        t.read(P("lib/billing/due.ml"))
        t.edit(P("lib/billing/due.ml"), """let schedule ~invoice_number""", """let reminder_offsets = [ -3; 0; 7 ]

(* Reminder timestamps relative to the due date, in order. Refuses a due date before the issue date. *)
let reminder_dates ~(issued : Ptime.t) ~(due : Ptime.t) : (Ptime.t list, [> `Due_before_issue ]) result =
  if Ptime.is_earlier due ~than:issued then Error `Due_before_issue
  else
    Ok
      (List.filter_map
         (fun days -> Ptime.add_span due (Ptime.Span.of_int_s (days * 86_400)))
         reminder_offsets
      |> List.filter (fun t -> not (Ptime.is_earlier t ~than:issued)))

let schedule ~invoice_number""")
        t.read(P("test/test_billing.ml"))
        t.edit(P("test/test_billing.ml"), """let tests =
  [""", """let reminders () =
  let issued = ptime 2026 10 1 9 0 and due = ptime 2026 10 31 23 59 in
  match Due.reminder_dates ~issued ~due with
  | Ok ts -> Alcotest.(check (list string)) "dates" [ "2026-10-28"; "2026-10-31"; "2026-11-07" ]
               (List.map (fun t -> String.sub (Due.rfc3339 t) 0 10) ts)
  | Error _ -> Alcotest.fail "expected reminders"

let reminders_due_before_issue () =
  Alcotest.(check bool) "error" true
    (Due.reminder_dates ~issued:(ptime 2026 10 10 9 0) ~due:(ptime 2026 10 1 9 0) = Error `Due_before_issue)

let tests =
  [
    Alcotest_lwt.test_case_sync "reminders at -3, 0 and +7 days" `Quick reminders;
    Alcotest_lwt.test_case_sync "reminders refuse due before issue" `Quick reminders_due_before_issue;""")
        suites["billing"] = ["reminders at -3, 0 and +7 days", "reminders refuse due before issue"] + suites["billing"]
        test_ok(t, "0.698")
        t.done("`Due.reminder_dates ~issued ~due` returns `(Ptime.t list, [> `Due_before_issue]) result`: -3, 0 and +7 days "
               "around the due date, dropping any reminder that would fall before the issue date (short terms). A due date "
               "before the issue date is the error variant. Two tests added; 20 pass.")

    # ============================================================ S4 Tue 10-13
    with d.session("2026-10-13T10:10:00", R, branch="feat/due-dates", version="2.1.96", end_reason="other"):
        t = d.task("ship the due dates branch: PR against main. commit message in conventional commit style "
                   "(feat(billing): …) please", tags=["workflow:W1", "pref:P3"])
        t.bash("dune build 2>&1", "Build everything")
        test_ok(t, "0.721")
        t.bash("dune fmt 2>&1", "Format with ocamlformat (promotes changes)")
        t.bash("git status --short", "See what will be committed",
               out=" M dune-project\n M ledger.opam\n M lib/billing/dune\n M lib/db/invoices_repo.ml\n"
                   " M test/test_billing.ml\n M test/test_invoices_repo.ml\n?? db/migrations/0007_invoice_due_dates.down.sql\n"
                   "?? db/migrations/0007_invoice_due_dates.up.sql\n?? lib/billing/due.ml")
        t.bash("git add -A && git commit -m \"feat(billing): due dates in the customer's time zone\"", "Commit the branch",
               out=commit_out("feat/due-dates", "feat(billing): due dates in the customer's time zone", 9, 171, 3,
                              creates=["db/migrations/0007_invoice_due_dates.down.sql",
                                       "db/migrations/0007_invoice_due_dates.up.sql", "lib/billing/due.ml"]))
        t.bash("git push -u origin feat/due-dates", "Push the branch", out=push_new("feat/due-dates"))
        t.bash("gh pr create --base main --title \"feat(billing): due dates in the customer's time zone\" --body "
               "\"Adds customers.time_zone + invoices.due_at (migration 0007), Billing.Due (due date at the end of the "
               "local day, reminder dates) on timedesc, and set_due_at in the invoices repo. timedesc is in the lock file.\"",
               "Open the pull request", out=f"https://github.com/{REPO}/pull/57")
        t.done("PR #57 is open: https://github.com/tallyhq/ledger-api/pull/57\n\n"
               "Build, the 20 tests and `dune fmt` were clean before the commit; the commit is "
               "`feat(billing): due dates in the customer's time zone` (plus the earlier `build: lock timedesc`).")

        t = d.task("watch CI on #57 and tell me when it's green", tags=["mistake:M3"])
        t.fail("gh run watch --exit-status", "Watch the CI run for the branch",
               "run ID required when not running interactively\n" + GH_WATCH_USAGE)
        t.say("Without a terminal gh can't show its run picker, so it needs the run id. Looking it up for the branch.")
        run1 = 11842231507
        t.bash("gh run list --branch feat/due-dates --limit 1 --json databaseId,name,status --jq '.[0]'",
               "Find the latest CI run on the branch", out=f'{{"databaseId":{run1},"name":"CI","status":"in_progress"}}')
        t.bash(f"gh run watch {run1} --exit-status", "Wait for the CI run to finish",
               out=run_watch("CI", run1, [("build", CI_STEPS)], 4, 37), timeout=900000)
        t.done(f"CI on #57 is green (run {run1}, 4m37s): the `--locked` opam install, build, migrations, `dune test` "
               "and the `@fmt` check all passed.")

        t = d.task("dream 1.0.0~alpha9 is out with the multipart fix we wanted. bump us to it", tags=["unfixed:U1"])
        t.fail("opam install -y dream.1.0.0~alpha9", "Try installing the new Dream release into the switch",
               "[ERROR] Package conflict!\n  * Incompatible packages:\n    - (invariant) \u2192 ocaml-base-compiler = 5.2.1\n"
               "    - dream >= 1.0.0~alpha9 \u2192 ocaml >= 5.3.0\n\nNo solution found, exiting", code=20)
        t.done("Can't do that in place: `dream 1.0.0~alpha9` requires `ocaml >= 5.3.0`, and this switch's invariant is "
               "`ocaml-base-compiler = 5.2.1`, so opam finds no solution (nothing was changed).\n\n"
               "The bump means moving the project to OCaml 5.3: a new switch, `setup-ocaml`'s `ocaml-compiler` in CI, the "
               "`ocaml/opam:debian-12-ocaml-5.2` base image and a fresh lock file. That's a separate piece of work — I "
               "haven't started it. Until then we stay on alpha8.")

    # ============================================================ S5 Fri 10-16
    with d.session("2026-10-16T13:30:00", R, branch="feat/stripe-webhooks", version="2.1.97"):
        t = d.task("where do we read STRIPE_WEBHOOK_SECRET, and is the signature tolerance configurable?", tags=["noise"])
        t.grep("STRIPE_WEBHOOK_SECRET", output_mode="content", n=True,
               content="lib/api/stripe_hook.ml:4:let secret = lazy (Sys.getenv \"STRIPE_WEBHOOK_SECRET\")\n"
                       "deploy/staging.env.tpl:6:STRIPE_WEBHOOK_SECRET={{ op://ledger-staging/stripe/webhook_secret }}\n"
                       "deploy/production.env.tpl:6:STRIPE_WEBHOOK_SECRET={{ op://ledger-prod/stripe/webhook_secret }}")
        t.read(P("lib/webhooks/webhooks.ml"))
        t.done("""- The secret is read in `lib/api/stripe_hook.ml:4` as `lazy (Sys.getenv "STRIPE_WEBHOOK_SECRET")`, so on the **first webhook request**, not at startup; the deploy templates fill it from 1Password. If it's missing, `Sys.getenv` raises `Not_found` inside the handler and Dream answers 500 — you'd only notice when Stripe retries. Reading it in `main.ml` with cmdliner's `~env` like `DATABASE_URL` would fail fast at boot instead.
- The tolerance is not configurable: `let tolerance = 300.` at the top of `lib/webhooks/webhooks.ml`, used by `verify` (`Float.abs (now -. ts) > tolerance` → `` `Stale ``). 300 s matches Stripe's own libraries.""")

        t = d.task("store when we processed each webhook event: migration 0008 adding webhook_events.processed_at plus an "
                   "index on (type, received_at). apply it locally, add mark_processed to Db.Webhook_events and a test",
                   tags=["workflow:W3"])
        t.write(P("db/migrations/0008_webhook_events_processed.up.sql"), """ALTER TABLE webhook_events ADD COLUMN processed_at timestamptz;
CREATE INDEX webhook_events_type_received_idx ON webhook_events (type, received_at);
""")
        t.write(P("db/migrations/0008_webhook_events_processed.down.sql"), """DROP INDEX IF EXISTS webhook_events_type_received_idx;
ALTER TABLE webhook_events DROP COLUMN IF EXISTS processed_at;
""")
        t.bash("dune exec ledger-migrate -- up", "Apply pending migrations to the dev database",
               out="applying 0008_webhook_events_processed.up.sql ... ok (11 ms)\n1 migration applied, schema at 0008")
        migrations.append(("0008_webhook_events_processed", "2026-10-16 13:52:40"))
        t.bash("dune exec ledger-migrate -- status", "Show migration status", out=migrate_status(migrations))
        t.read(P("lib/db/webhook_events.ml"))
        t.edit(P("lib/db/webhook_events.ml"), """let insert (event""", """let mark_processed_q =
  Caqti_type.(int64 ->. unit)
    "UPDATE webhook_events SET processed_at = now() WHERE id = ? AND processed_at IS NULL"

let processed_at_q = Caqti_type.(int64 ->! option ptime) "SELECT processed_at FROM webhook_events WHERE id = ?"

(* Idempotent: a second call keeps the first timestamp. *)
let mark_processed id (module Db : Caqti_lwt.CONNECTION) = Db.exec mark_processed_q id
let processed_at id (module Db : Caqti_lwt.CONNECTION) = Db.find processed_at_q id

let insert (event""")
        t.read(P("test/test_invoices_repo.ml"))
        t.edit(P("test/test_invoices_repo.ml"), """let tests =
  [""", """let mark_processed_once _ () =
  with_db @@ fun db ->
  let* id = Db.Webhook_events.insert (`Assoc [ ("type", `String "invoice.paid") ]) db in
  let id = ok id in
  let* () = Db.Webhook_events.mark_processed id db |> Lwt.map ok in
  let* first = Db.Webhook_events.processed_at id db in
  let* () = Db.Webhook_events.mark_processed id db |> Lwt.map ok in
  let* second = Db.Webhook_events.processed_at id db in
  Alcotest.(check bool) "set" true (Option.is_some (ok first));
  Alcotest.(check bool) "unchanged" true (ok first = ok second);
  Lwt.return_unit

let tests =
  [
    Alcotest_lwt.test_case "mark_processed keeps the first timestamp" `Quick mark_processed_once;""")
        suites["invoices_repo"].insert(0, "mark_processed keeps the first timestamp")
        test_ok(t, "0.744")
        t.done("Migration 0008 is applied locally (status 0001–0008). `Db.Webhook_events.mark_processed` sets "
               "`processed_at = now()` only while it's NULL, so a redelivered event keeps its first timestamp; the new "
               "repo test checks exactly that. 21 tests pass.")

        t = d.task("parse the event payloads into a typed Webhooks.Event (invoice.paid, invoice.payment_failed, "
                   "customer.subscription.updated, anything else kept as Other) — show for the debug logs, yojson for "
                   "decoding the invoice object. add a test with a real-looking invoice.paid payload", tags=["mistake:M1"])
        event_ml = """(* Typed view of the Stripe events we act on. Amounts are integer cents, as Stripe sends them. *)

type invoice_ref = {
  id : string;
  customer : string;
  amount_paid : int;
  currency : string;
}
[@@deriving show, yojson { strict = false }]

type kind = Invoice_paid | Invoice_payment_failed | Subscription_updated | Other of string
[@@deriving show]

type t = { id : string; kind : kind; created : int; invoice : invoice_ref option } [@@deriving show]

let kind_of_string = function
  | "invoice.paid" -> Invoice_paid
  | "invoice.payment_failed" -> Invoice_payment_failed
  | "customer.subscription.updated" -> Subscription_updated
  | s -> Other s

let of_yojson (j : Yojson.Safe.t) : (t, string) result =
  let open Yojson.Safe.Util in
  match (member "id" j, member "type" j, member "created" j) with
  | `String id, `String typ, `Int created ->
      let kind = kind_of_string typ in
      let invoice =
        match kind with
        | Invoice_paid | Invoice_payment_failed ->
            Result.to_option (invoice_ref_of_yojson (j |> member "data" |> member "object"))
        | Subscription_updated | Other _ -> None
      in
      Ok { id; kind; created; invoice }
  | _ -> Error "event: missing id, type or created"
"""
        t.write(P("lib/webhooks/event.ml"), event_ml)
        t.read(P("test/test_webhooks.ml"))
        t.edit(P("test/test_webhooks.ml"), """let tests =
  [""", """let paid_payload =
  {|{"id":"evt_1Q9xk2LkdIwHu7ix","object":"event","type":"invoice.paid","created":1791800000,
     "data":{"object":{"id":"in_1Q9xjzLkdIwHu7ixa8Yt","object":"invoice","customer":"cus_Qw3r7T",
     "amount_paid":129900,"currency":"eur","status":"paid"}}}|}

let decode_paid () =
  match Webhooks.Event.of_yojson (Yojson.Safe.from_string paid_payload) with
  | Ok { kind = Invoice_paid; invoice = Some inv; _ } ->
      Alcotest.(check int) "amount in cents" 129900 inv.amount_paid
  | Ok e -> Alcotest.failf "unexpected event %a" Webhooks.Event.pp e
  | Error msg -> Alcotest.fail msg

let tests =
  [
    Alcotest_lwt.test_case_sync "decodes an invoice.paid payload" `Quick decode_paid;""")
        suites["webhooks"].insert(0, "decodes an invoice.paid payload")
        t.fail("dune test", "Run the test suite", ppx_err("lib/webhooks/event.ml", event_ml, "show", "[@@deriving"))
        t.say("Same kind of ppx gap as billing had: `lib/webhooks/dune` only runs `ppx_deriving_yojson` (and lwt_ppx), "
              "so ppxlib rejects `show`. Adding `ppx_deriving.show` to that library's `pps`.")
        t.read(P("lib/webhooks/dune"))
        t.edit(P("lib/webhooks/dune"), "  (pps lwt_ppx ppx_deriving_yojson)))",
               "  (pps lwt_ppx ppx_deriving.show ppx_deriving_yojson)))")
        test_ok(t, "0.731")
        t.done("`Webhooks.Event` decodes the envelope by hand (id, type, created) and the invoice object with the derived "
               "`invoice_ref_of_yojson` (`strict = false`, Stripe sends dozens of fields we ignore). Unknown types become "
               "`Other \"…\"`, and `pp` gives readable debug logs.\n\n"
               "The first test run failed because `lib/webhooks/dune` didn't preprocess with `ppx_deriving.show`; it does now. "
               "22 tests pass, including the invoice.paid payload test.")

        d.precompact("""Analysis: Erin works on tallyhq/ledger-api (OCaml 5.2.1 project switch, dune 3.16, Dream alpha8 + Caqti 2.2 on Postgres, ppx_deriving show/eq + ppx_deriving_yojson, Alcotest 1.8, Docker image built from ledger.opam.locked, GitHub Actions with setup-ocaml). Branch feat/stripe-webhooks.

Summary:
1. Primary request: Stripe webhook work — migration 0008 (webhook_events.processed_at + index), Db.Webhook_events.mark_processed (idempotent), typed Webhooks.Event with show + yojson.
2. Key facts: libraries each have their own dune file with their own (preprocess (pps ...)) list; lib/webhooks/dune now has lwt_ppx ppx_deriving.show ppx_deriving_yojson. Migrations via `dune exec ledger-migrate -- up|status`. Tests: one Alcotest executable test/test_ledger.exe, suites billing, invoices_repo, api, webhooks; integration tests use DATABASE_URL.
3. Files touched: db/migrations/0008_webhook_events_processed.{up,down}.sql, lib/db/webhook_events.ml, lib/webhooks/event.ml, lib/webhooks/dune, test/test_invoices_repo.ml, test/test_webhooks.ml.
4. Erin's preferences so far: errors as result values, no exceptions for expected failures; money in integer cents; conventional commit messages.
5. State: 22 tests pass; nothing committed on this branch yet.""")

        fb = ("btw the doc comments you wrote in webhooks.mli last week were way too long, I had to cut half of them "
              "before review. one short line per value, only what isn't obvious from the type. give event.ml an .mli "
              "in that style")
        t = d.task(fb, tags=["feedback"], feedback=fb)
        t.read(P("lib/webhooks/webhooks.mli"))
        t.write(P("lib/webhooks/event.mli"), """(** Typed Stripe events. *)

type invoice_ref = { id : string; customer : string; amount_paid : int; currency : string }
[@@deriving show, yojson]

type kind = Invoice_paid | Invoice_payment_failed | Subscription_updated | Other of string [@@deriving show]

type t = { id : string; kind : kind; created : int; invoice : invoice_ref option } [@@deriving show]

val of_yojson : Yojson.Safe.t -> (t, string) result
(** Unknown event types decode to [Other]; [invoice] is set only for invoice events. *)
""")
        t.bash("dune build 2>&1", "Build to check the interface matches")
        t.done("Noted — one short line per value from now on, only what the type doesn't already say.\n\n"
               "`lib/webhooks/event.mli` has a one-line module doc and a single doc line on `of_yojson` (the two "
               "non-obvious behaviours: `Other` and when `invoice` is set). `kind_of_string` stays private. Builds clean.")

    # ============================================================ S6 Tue 10-20
    sha2 = hx(7)
    with d.session("2026-10-20T09:15:00", R, branch="feat/csv-export", version="2.1.98"):
        t = d.task("CSV export: GET /v1/customers/:id/invoices.csv with number, issued, due, total_cents, currency. use "
                   "the csv package. and like the rest of the code: result values, not exceptions, on the error paths",
                   tags=["pref:P1", "flaky:F1"])
        csv_url = "https://github.com/Chris00/ocaml-csv/releases/download/2.4/csv-2.4.tbz"
        t.fail("opam install -y csv", "Install the csv package into the project switch",
               "The following actions will be performed:\n=== install 1 package\n  \u2217 csv 2.4\n\n"
               "<><> Processing actions <><><><><><><><><><><><><><><><><><><><><><><><><><><><>\n"
               "[ERROR] Failed to get sources of csv.2.4: curl error code 502\n\n"
               "#=== ERROR while fetching sources for csv.2.4 =================================#\n"
               f"OpamSolution.Fetch_fail(\"{csv_url} (curl: code 502 while downloading {csv_url})\")\n\n\n"
               "<><> Error report <><><><><><><><><><><><><><><><><><><><><><><><><><><><><><><>\n"
               "\u250c\u2500 The following actions failed\n\u2502 \u03bb fetch csv 2.4\n\u2514\u2500 \n"
               "\u256e\u2500 No changes have been performed", code=40, timeout=600000)
        t.say("A 502 from GitHub's release download — a transient server error, not a problem with the package. "
              "Running the same install again.")
        t.bash("opam install -y csv", "Install the csv package into the project switch",
               out="The following actions will be performed:\n=== install 1 package\n  \u2217 csv 2.4\n\n"
                   "<><> Processing actions <><><><><><><><><><><><><><><><><><><><><><><><><><><><>\n"
                   f"\u2b07 retrieved csv.2.4  ({csv_url})\n\u2217 installed csv.2.4\nDone.", timeout=600000)
        t.read(P("dune-project"))
        t.edit(P("dune-project"), "  cmdliner\n", "  csv\n  cmdliner\n")
        t.read(P("lib/api/dune"))
        t.edit(P("lib/api/dune"), " (libraries dream lwt yojson billing db webhooks notify)",
               " (libraries dream lwt yojson csv billing db webhooks notify)")
        t.read(P("lib/db/invoices_repo.ml"))
        t.edit(P("lib/db/invoices_repo.ml"), """let insert_q =""", """type export_row = { number : string; issued : string; due : string option; total_cents : int; currency : string }

let export_row =
  let encode { number; issued; due; total_cents; currency } = Ok (number, issued, due, (total_cents, currency)) in
  let decode (number, issued, due, (total_cents, currency)) = Ok { number; issued; due; total_cents; currency } in
  Caqti_type.(custom ~encode ~decode (t4 string string (option string) (t2 int string)))

let export_q =
  Caqti_type.(int64 ->* export_row)
    "SELECT number, to_char(issued_at, 'YYYY-MM-DD'), to_char(due_at, 'YYYY-MM-DD'), total_cents, currency \\
     FROM invoices WHERE customer_id = ? ORDER BY issued_at"

let insert_q =""")
        t.edit(P("lib/db/invoices_repo.ml"), """let set_due_at id due""", """let export_for_customer cid (module Db : Caqti_lwt.CONNECTION) = Db.collect_list export_q cid
let set_due_at id due""")
        t.write(P("lib/api/export.ml"), """open Lwt.Syntax

let header = [ "number"; "issued"; "due"; "total_cents"; "currency" ]

let row (r : Db.Invoices_repo.export_row) =
  [ r.number; r.issued; Option.value r.due ~default:""; string_of_int r.total_cents; r.currency ]

let to_csv rows =
  let buf = Buffer.create 4096 in
  let out = Csv.to_buffer buf in
  Csv.output_all out (header :: List.map row rows);
  Buffer.contents buf

let customer_invoices request =
  match Invoices.id_param request with
  | Error msg -> Invoices.json_error `Bad_Request msg
  | Ok cid -> (
      let* r = Dream.sql request (Db.Invoices_repo.export_for_customer cid) in
      match r with
      | Ok rows ->
          Dream.respond
            ~headers:
              [
                ("Content-Type", "text/csv; charset=utf-8");
                ("Content-Disposition", Printf.sprintf "attachment; filename=\\"invoices-%Ld.csv\\"" cid);
              ]
            (to_csv rows)
      | Error err ->
          Dream.error (fun log -> log "db: %a" Caqti_error.pp err);
          Invoices.json_error `Internal_Server_Error "database error")
""")
        t.read(P("lib/api/router.ml"))
        t.edit(P("lib/api/router.ml"), """          Dream.get "/customers/:id/invoices" Invoices.for_customer;
""", """          Dream.get "/customers/:id/invoices" Invoices.for_customer;
          Dream.get "/customers/:id/invoices.csv" Export.customer_invoices;
""")
        t.bash("dune build 2>&1", "Build everything")
        test_ok(t, "0.739")
        t.done("`GET /v1/customers/:id/invoices.csv` is in (`lib/api/export.ml`).\n\n"
               "- Columns `number, issued, due, total_cents, currency`; dates as `YYYY-MM-DD` from Postgres, `due` empty when not set, totals as integer cents.\n"
               "- Bad id → 400 through `id_param`'s result; a database error is logged and answered with 500 — no exceptions on either path.\n"
               "- `csv` 2.4 is installed (the first download got a 502 from GitHub and the retry went through) and listed in `dune-project` and `lib/api/dune`.\n"
               "- Build clean, 22 tests pass.")

        t = d.task("ship it — PR to main, same as last time", tags=["workflow:W1"])
        t.bash("dune build 2>&1", "Build everything")
        test_ok(t, "0.726")
        t.bash("dune fmt 2>&1", "Format with ocamlformat (promotes changes)")
        t.bash("git add -A && git commit -m \"feat(api): CSV export of a customer's invoices\"", "Commit the branch",
               out=commit_out("feat/csv-export", "feat(api): CSV export of a customer's invoices", 6, 74, 1,
                              creates=["lib/api/export.ml"]))
        t.bash("git push -u origin feat/csv-export", "Push the branch", out=push_new("feat/csv-export"))
        t.bash("gh pr create --base main --title \"feat(api): CSV export of a customer's invoices\" --body "
               "\"GET /v1/customers/:id/invoices.csv (number, issued, due, total_cents, currency) using the csv package.\"",
               "Open the pull request", out=f"https://github.com/{REPO}/pull/59")
        t.done("PR #59 is open: https://github.com/tallyhq/ledger-api/pull/59 — build, tests and `dune fmt` clean, "
               "commit `feat(api): CSV export of a customer's invoices`.")

        t = d.task("ops want to try the export on staging today. image for the current HEAD please",
                   tags=["workflow:W2", "mistake:M2"])
        t.bash("git rev-parse --short HEAD", "Get the commit for the image tag", out=sha2)
        t.fail(f"docker build -t {IMG}:{sha2} .", "Build the release image",
               docker_build(sha2, fail=("lib/api/dune", d.files[P("lib/api/dune")], "csv", "ledger.api", "")),
               timeout=900000)
        t.say("Inside the image `csv` doesn't exist: the deps layer installs exactly what `ledger.opam.locked` lists, "
              "and the lock predates the csv dependency. Refreshing the lock from the switch, then rebuilding.")
        t.bash("opam lock ./ledger.opam", "Regenerate the lock file for the ledger package",
               out=f"Generated lock files for:\n  - ledger.~dev: {R}/ledger.opam.locked")
        t.bash("git diff --stat ledger.opam.locked", "Check what changed in the lock file",
               out=" ledger.opam.locked | 1 +\n 1 file changed, 1 insertion(+)")
        pk = sorted(LOCK_PKGS + ["timedesc.3.1.1", "timedesc-tzdb.3.1.1", "timedesc-tzlocal.3.1.1", "csv.2.4"])
        t.bash(f"docker build -t {IMG}:{sha2} .", "Build the release image", out=docker_build(sha2, lock_pkgs=pk),
               timeout=900000)
        t.bash(f"docker push {IMG}:{sha2}", "Push the image to GHCR", out=docker_push(sha2), timeout=300000)
        t.bash("git add ledger.opam.locked && git commit -m \"build: lock csv\" && git push", "Commit and push the lock file",
               out=commit_out("feat/csv-export", "build: lock csv", 1, 1, 0) + "\n" + push_existing("feat/csv-export"))
        t.done(f"`{IMG}:{sha2}` is on GHCR.\n\n"
               "The first build stopped at the release `dune build` with `Library \"csv\" not found`: the image installs "
               "from `ledger.opam.locked`, which didn't have csv yet. `opam lock ./ledger.opam` added it; the lock commit "
               "is pushed to #59 so CI installs it as well.")

    # ============================================================ S7 Fri 10-23 (acceptEdits)
    with d.session("2026-10-23T10:00:00", R, branch="main", version="2.1.99", permission_mode="acceptEdits"):
        t = d.task("#59 is merged. deploy main to staging — run the deploy workflow for main and wait until it's done",
                   tags=["mistake:M3"])
        t.bash("git pull --ff-only", "Update main",
               out=f"Updating {hx(7)}..{hx(7)}\nFast-forward\n dune-project                 |  1 +\n ledger.opam                  |  1 +\n"
                   " ledger.opam.locked           |  1 +\n lib/api/dune                 |  2 +-\n lib/api/export.ml            | 33 +++++++++++++++++++++++++++++++++\n"
                   " lib/api/router.ml            |  1 +\n lib/db/invoices_repo.ml      | 14 ++++++++++++++\n"
                   " 7 files changed, 52 insertions(+), 1 deletion(-)\n create mode 100644 lib/api/export.ml")
        t.bash("gh workflow run deploy.yml -f environment=staging -f ref=main", "Trigger the staging deploy",
               out="\u2713 Created workflow_dispatch event for deploy.yml at main\n\n"
                   "To see runs for this workflow, try: gh run list --workflow=deploy.yml")
        t.fail("gh run watch --exit-status", "Wait for the deploy run",
               "run ID required when not running interactively\n" + GH_WATCH_USAGE)
        t.say("gh wants an explicit run id here (no TTY for its picker). Getting the id of the deploy run I just started.")
        run2 = 11903417786
        t.bash("gh run list --workflow=deploy.yml --limit 1 --json databaseId --jq '.[0].databaseId'",
               "Find the deploy run id", out=str(run2))
        t.bash(f"gh run watch {run2} --exit-status", "Wait for the deploy run",
               out=run_watch("deploy", run2, [("build-image", ["Set up job", "Run actions/checkout@v4",
                                                               "Run docker/login-action@v3", "Run docker/build-push-action@v6",
                                                               "Complete job"]),
                                              ("deploy-staging", ["Set up job", "Run ./deploy/rollout.sh staging",
                                                                  "Run ./deploy/wait-healthy.sh staging", "Complete job"])],
                             6, 12, event="workflow_dispatch"), timeout=900000)
        t.bash(f"curl -fsS {STG}/healthz", "Check the staging health endpoint", out="ok")
        t.done(f"main is on staging: deploy run {run2} succeeded (image build + rollout, 6m12s) and "
               f"`{STG}/healthz` answers `ok`. The CSV export from #59 is part of it.")

        t = d.task("Priya says mid-cycle downgrades come out a cent off: 2999 → 1999 cents after 10 days of a 31-day "
                   "period. add a test for exactly that case and fix it", tags=["oneoff:O2"])
        t.read(P("lib/billing/proration.ml"))
        t.read(P("test/test_billing.ml"))
        t.edit(P("test/test_billing.ml"), """let tests =
  [""", """let downgrade () =
  (* net must equal the exactly rounded price difference; credit and charge must add up to it *)
  check_triple "credit, charge, net" (-2032, 1355, -677)
    (Proration.prorate { old_cents = 2999; new_cents = 1999; days_used = 10; days_in_period = 31 })

let tests =
  [
    Alcotest_lwt.test_case_sync "prorates a mid-cycle downgrade" `Quick downgrade;""")
        suites["billing"].insert(0, "prorates a mid-cycle downgrade")
        detail = ("ASSERT credit, charge, net\nFAIL credit, charge, net\n\n   Expected: `(-2032, 1355, -677)'\n"
                  "   Received: `(-2032, 1354, -678)'\n\n"
                  "Raised at Alcotest_engine__Test.check in file \"src/alcotest-engine/test.ml\", line 216, characters 4-261\n"
                  "Called from Dune__exe__Test_billing.downgrade in file \"test/test_billing.ml\", line 38, characters 2-159\n"
                  "Called from Alcotest_lwt.test_case_sync.(fun) in file \"src/alcotest-lwt/alcotest_lwt.ml\", line 27, characters 22-29")
        t.fail("dune test", "Run the test suite",
               dune_test_fail_loc() + "\n" + alco(suites, "0.717", alco_id(),
                                                  fail=("billing", "prorates a mid-cycle downgrade", detail)))
        t.say("Reproduced: credit and charge are each rounded separately, so their sum drifts from the rounded price "
              "difference (-677.42 → -677). Switching to integer arithmetic: round the credit and the net, and derive "
              "the charge from them.")
        t.edit(P("lib/billing/proration.ml"), """let unused_fraction c = float_of_int (c.days_in_period - c.days_used) /. float_of_int c.days_in_period

(* Credit for the unused part of the old plan, charge for the rest of the period on the new one. *)
let prorate c =
  let f = unused_fraction c in
  let credit = -.(float_of_int c.old_cents *. f) |> Float.round |> int_of_float in
  let charge = float_of_int c.new_cents *. f |> Float.round |> int_of_float in
  (credit, charge, credit + charge)""", """(* [a * num / den] rounded half away from zero, in integers. *)
let mul_div a num den =
  let p = a * num in
  if p >= 0 then (p + (den / 2)) / den else -((-p + (den / 2)) / den)

(* Credit for the unused part of the old plan, charge for the rest of the period on the new one.
   The net is rounded once from the exact difference; the charge is derived so the three always add up. *)
let prorate c =
  let unused = c.days_in_period - c.days_used in
  let credit = -mul_div c.old_cents unused c.days_in_period in
  let net = mul_div (c.new_cents - c.old_cents) unused c.days_in_period in
  (credit, net - credit, net)""")
        test_ok(t, "0.709")
        t.done("Fixed. The new test (2999 → 1999, day 10 of 31) failed with `(-2032, 1354, -678)` — rounding credit and "
               "charge separately made the net a cent off the true difference (−677.42). `Proration.prorate` now works in "
               "integer cents only: `mul_div` rounds half away from zero, the net is rounded once from the price difference, "
               "and the charge is `net − credit`. The upgrade and day-zero tests still give the same numbers; 23 tests pass.")

        t = d.task("what does `[@@deriving yojson { strict = false }]` actually change? I saw it on invoice_ref",
                   tags=["noise", "no_tools"])
        t.done("""It only affects decoding (`of_yojson`) of records:

- **strict (default):** every JSON field must correspond to a record field; an unknown key makes `invoice_ref_of_yojson` return `Error "Webhooks.Event.invoice_ref"`.
- **`strict = false`:** unknown keys are ignored. Missing fields are still errors unless the field has a `[@default …]` or is an option type.

For Stripe objects that's essential — an invoice object has ~80 keys and Stripe adds new ones without a version bump, so a strict decoder would start failing on its own one day. Encoding (`to_yojson`) is unaffected.""")

    # ============================================================ S8 Tue 10-27
    with d.session("2026-10-27T09:30:00", R, branch="feat/dunning-emails", version="2.1.100"):
        t = d.task("dunning: migration 0009 for dunning_attempts (invoice_id, attempt 1..3, channel, sent_at). apply it "
                   "and add Db.Dunning with record_attempt + attempts_for_invoice, with a test", tags=["workflow:W3"])
        t.write(P("db/migrations/0009_dunning_attempts.up.sql"), """CREATE TABLE dunning_attempts (
  id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  attempt smallint NOT NULL CHECK (attempt BETWEEN 1 AND 3),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, attempt, channel)
);
""")
        t.write(P("db/migrations/0009_dunning_attempts.down.sql"), "DROP TABLE IF EXISTS dunning_attempts;\n")
        t.bash("dune exec ledger-migrate -- up", "Apply pending migrations to the dev database",
               out="applying 0009_dunning_attempts.up.sql ... ok (23 ms)\n1 migration applied, schema at 0009")
        migrations.append(("0009_dunning_attempts", "2026-10-27 09:51:06"))
        t.bash("dune exec ledger-migrate -- status", "Show migration status", out=migrate_status(migrations))
        t.write(P("lib/db/dunning.ml"), """open Caqti_request.Infix

(* ON CONFLICT DO NOTHING: a retried job must not send or record the same attempt twice. *)
let record_q =
  Caqti_type.(t3 int64 int string ->? int64)
    "INSERT INTO dunning_attempts (invoice_id, attempt, channel) VALUES (?, ?, ?) \\
     ON CONFLICT (invoice_id, attempt, channel) DO NOTHING RETURNING id"

let attempts_q =
  Caqti_type.(int64 ->* t2 int string)
    "SELECT attempt, channel FROM dunning_attempts WHERE invoice_id = ? ORDER BY attempt, channel"

(* [Ok None] when this attempt was already recorded. *)
let record_attempt ~invoice_id ~attempt ~channel (module Db : Caqti_lwt.CONNECTION) =
  Db.find_opt record_q (invoice_id, attempt, channel)

let attempts_for_invoice invoice_id (module Db : Caqti_lwt.CONNECTION) = Db.collect_list attempts_q invoice_id
""")
        t.read(P("test/test_invoices_repo.ml"))
        t.edit(P("test/test_invoices_repo.ml"), """let tests =
  [""", """let dunning_once _ () =
  with_db @@ fun db ->
  let* a = Db.Dunning.record_attempt ~invoice_id:1L ~attempt:1 ~channel:"email" db in
  let* b = Db.Dunning.record_attempt ~invoice_id:1L ~attempt:1 ~channel:"email" db in
  let* all = Db.Dunning.attempts_for_invoice 1L db in
  Alcotest.(check bool) "first recorded" true (Option.is_some (ok a));
  Alcotest.(check bool) "duplicate ignored" true (Option.is_none (ok b));
  Alcotest.(check (list (pair int string))) "attempts" [ (1, "email") ] (ok all);
  Lwt.return_unit

let tests =
  [
    Alcotest_lwt.test_case "dunning attempt is recorded once" `Quick dunning_once;""")
        suites["invoices_repo"].insert(0, "dunning attempt is recorded once")
        test_ok(t, "0.768")
        t.done("Migration 0009 is applied (status 0001–0009). `dunning_attempts` has a unique "
               "`(invoice_id, attempt, channel)`, and `Db.Dunning.record_attempt` inserts with `ON CONFLICT DO NOTHING`, "
               "returning `Ok None` for an attempt that was already recorded — so a retried job can't double-send. "
               "`attempts_for_invoice` lists them in order. The new test covers the duplicate; 24 tests pass.")

        t = d.task("reminder emails: Notify.Dunning_email renders subject + text body from a mustache template per "
                   "attempt (first, second, final). make the attempt and the rendered email derive eq and show so the "
                   "tests can compare them. add mustache as a dependency", tags=["mistake:M1"])
        t.bash("opam install -y mustache", "Install mustache into the project switch",
               out="The following actions will be performed:\n=== install 4 packages\n"
                   "  \u2217 menhir     20240715 [required by mustache]\n  \u2217 menhirLib  20240715 [required by menhir]\n"
                   "  \u2217 menhirSdk  20240715 [required by menhir]\n  \u2217 mustache   3.3.0\n\n"
                   "<><> Processing actions <><><><><><><><><><><><><><><><><><><><><><><><><><><><>\n"
                   "\u2b07 retrieved menhir.20240715  (cached)\n\u2b07 retrieved menhirLib.20240715  (cached)\n"
                   "\u2b07 retrieved menhirSdk.20240715  (cached)\n"
                   "\u2b07 retrieved mustache.3.3.0  (https://github.com/rgrinberg/ocaml-mustache/releases/download/v3.3.0/mustache-3.3.0.tbz)\n"
                   "\u2217 installed menhirSdk.20240715\n\u2217 installed menhirLib.20240715\n\u2217 installed menhir.20240715\n"
                   "\u2217 installed mustache.3.3.0\nDone.", timeout=600000)
        t.read(P("dune-project"))
        t.edit(P("dune-project"), "  csv\n", "  csv\n  mustache\n")
        t.read(P("lib/notify/dune"))
        t.edit(P("lib/notify/dune"), " (libraries lwt logs yojson caqti caqti-lwt db billing)",
               " (libraries lwt logs yojson caqti caqti-lwt mustache db billing)")
        email_ml = """(* Dunning reminder emails. Amounts arrive as integer cents and are only formatted here. *)

type attempt = First | Second | Final [@@deriving eq, show]

type t = { to_ : string; subject : string; body : string } [@@deriving eq, show]

let subject_tmpl = function
  | First -> "Invoice {{number}} is due on {{due}}"
  | Second -> "Reminder: invoice {{number}} is overdue"
  | Final -> "Final notice: invoice {{number}}"

let body_tmpl = function
  | First -> "Hi {{name}},\\n\\ninvoice {{number}} for {{amount}} is due on {{due}}.\\n\\n{{pay_url}}\\n"
  | Second -> "Hi {{name}},\\n\\ninvoice {{number}} for {{amount}} was due on {{due}} and is still open.\\n\\n{{pay_url}}\\n"
  | Final ->
      "Hi {{name}},\\n\\nthis is the last reminder for invoice {{number}} ({{amount}}, due {{due}}).\\n"
      ^ "Without payment the subscription is paused in 7 days.\\n\\n{{pay_url}}\\n"

let format_amount ~cents ~currency = Printf.sprintf "%d.%02d %s" (cents / 100) (cents mod 100) currency

let render attempt ~to_ ~name ~number ~due ~cents ~currency ~pay_url =
  let data =
    `O
      [
        ("name", `String name);
        ("number", `String number);
        ("due", `String due);
        ("amount", `String (format_amount ~cents ~currency));
        ("pay_url", `String pay_url);
      ]
  in
  let r tmpl = Mustache.render (Mustache.of_string tmpl) data in
  { to_; subject = r (subject_tmpl attempt); body = r (body_tmpl attempt) }
"""
        t.write(P("lib/notify/dunning_email.ml"), email_ml)
        t.fail("dune build 2>&1", "Build everything",
               ppx_err("lib/notify/dunning_email.ml", email_ml, "eq", "[@@deriving"))
        t.say("`lib/notify/dune` preprocesses with `ppx_deriving.show` and `ppx_deriving_yojson` but not "
              "`ppx_deriving.eq`, so ppxlib rejects `eq`. Adding it to the notify library's `pps`.")
        t.edit(P("lib/notify/dune"), "  (pps lwt_ppx ppx_deriving.show ppx_deriving_yojson)))",
               "  (pps lwt_ppx ppx_deriving.show ppx_deriving.eq ppx_deriving_yojson)))")
        t.bash("dune build 2>&1", "Build everything")
        t.write(P("test/test_notify.ml"), """open Notify

let email = Alcotest.testable Dunning_email.pp Dunning_email.equal

let render attempt =
  Dunning_email.render attempt ~to_:"ap@acme.test" ~name:"Acme AP" ~number:"INV-0042" ~due:"2026-11-06"
    ~cents:129900 ~currency:"EUR" ~pay_url:"https://pay.tally.dev/i/INV-0042"

let first () =
  Alcotest.check email "first reminder"
    {
      to_ = "ap@acme.test";
      subject = "Invoice INV-0042 is due on 2026-11-06";
      body = "Hi Acme AP,\\n\\ninvoice INV-0042 for 1299.00 EUR is due on 2026-11-06.\\n\\nhttps://pay.tally.dev/i/INV-0042\\n";
    }
    (render First)

let final_subject () =
  Alcotest.(check string) "subject" "Final notice: invoice INV-0042" (render Final).subject

let tests =
  [
    Alcotest_lwt.test_case_sync "first reminder renders subject and body" `Quick first;
    Alcotest_lwt.test_case_sync "final notice subject" `Quick final_subject;
  ]
""")
        t.read(P("test/test_ledger.ml"))
        t.edit(P("test/test_ledger.ml"), """         ("webhooks", Test_webhooks.tests);
""", """         ("webhooks", Test_webhooks.tests);
         ("notify", Test_notify.tests);
""")
        suites["notify"] = ["first reminder renders subject and body", "final notice subject"]
        test_ok(t, "0.772")
        t.done("`Notify.Dunning_email` is in: `render attempt ~to_ ~name ~number ~due ~cents ~currency ~pay_url` fills "
               "one mustache template per attempt for subject and body; the amount is formatted from integer cents only "
               "at this point. `attempt` and `t` derive `eq` and `show`, so the tests compare whole emails with a "
               "testable.\n\n"
               "The first build stopped at `[@@deriving eq, show]` — `ppx_deriving.eq` wasn't in `lib/notify/dune`'s "
               "`pps`; it is now. `mustache` 3.3.0 is installed and listed in `dune-project` and `lib/notify/dune`. "
               "26 tests pass (new `notify` suite).")

        t = d.task("commit what we have on the branch. and from now on drop the conventional commit prefixes — the team "
                   "voted on it: plain imperative subject starting with the Jira key, e.g. \"LED-214 Add dunning "
                   "reminder emails\"", tags=["reversal:P3"])
        t.bash("git add -A && git commit -m \"LED-214 Add dunning attempts and reminder emails\"", "Commit the branch",
               out=commit_out("feat/dunning-emails", "LED-214 Add dunning attempts and reminder emails", 10, 188, 2,
                              creates=["db/migrations/0009_dunning_attempts.down.sql",
                                       "db/migrations/0009_dunning_attempts.up.sql", "lib/db/dunning.ml",
                                       "lib/notify/dunning_email.ml", "test/test_notify.ml"]))
        t.done("Committed as `LED-214 Add dunning attempts and reminder emails`. Got it — no more `feat(...)`-style "
               "prefixes; Jira key first, then an imperative subject.")

    # teammates' work on main between sessions
    d.files[P("test/test_webhooks.ml")] = d.files[P("test/test_webhooks.ml")].replace("""let tests =
  [""", """(* Payload and signature captured with `stripe trigger invoice.paid` on 2026-10-29. *)
let cli_t = "1793283157"
let cli_body = {|{"id":"evt_1QGm0xLkdIwHu7ixT2b","type":"invoice.paid","created":1793283157}|}

let stripe_cli_fixture () =
  let now = Unix.gettimeofday () in
  Alcotest.(check bool) "ok" true
    (Result.is_ok (Webhooks.verify ~secret ~header:(sign ~t:cli_t cli_body) ~body:cli_body ~now))

let tests =
  [
    Alcotest_lwt.test_case_sync "accepts the stripe CLI fixture" `Quick stripe_cli_fixture;""")

    # ============================================================ S9 Fri 10-30
    sha3 = hx(7)
    with d.session("2026-10-30T09:50:00", R, branch="feat/dunning-emails", version="2.1.101"):
        t = d.task("what landed on main this week? last 30 commits on origin/main, grouped by area",
                   tags=["noise", "long_output"])
        log = [
            ("Merge pull request #61 from tallyhq/tomasz/stripe-cli-fixture", ""),
            ("LED-220 Add a test with a Stripe CLI payload", ""),
            ("LED-218 Log webhook event ids at info", ""),
            ("Merge pull request #60 from tallyhq/marta/pool-metrics", ""),
            ("LED-209 Expose Caqti pool usage on /metrics", ""),
            ("LED-209 Add prometheus dependency", ""),
            ("Merge pull request #59 from tallyhq/feat/csv-export", ""),
            ("build: lock csv", ""),
            ("feat(api): CSV export of a customer's invoices", ""),
            ("fix(billing): integer rounding in proration", ""),
            ("Merge pull request #58 from tallyhq/tomasz/deploy-timeout", ""),
            ("ci: wait up to 10 minutes for staging health", ""),
            ("Merge pull request #57 from tallyhq/feat/due-dates", ""),
            ("build: lock timedesc", ""),
            ("feat(billing): due dates in the customer's time zone", ""),
            ("chore(deps): ocamlformat 0.26.2 in .ocamlformat", ""),
            ("Merge pull request #56 from tallyhq/marta/healthz-db", ""),
            ("feat(api): /healthz checks a pooled connection", ""),
            ("fix(webhooks): compare signatures with Eqaf", ""),
            ("Merge pull request #55 from tallyhq/feat/invoice-lines", ""),
            ("feat(api): GET /v1/invoices/:id/lines", ""),
            ("test: lines ordering and unknown invoice", ""),
            ("chore: bump setup-ocaml to v3", ""),
            ("Merge pull request #54 from tallyhq/tomasz/credit-notes", ""),
            ("feat(billing): credit notes", ""),
            ("feat(db): credit_notes table (0006)", ""),
            ("docs: README section on the project switch", ""),
            ("fix(api): 400 for non-numeric invoice ids", ""),
            ("Merge pull request #53 from tallyhq/marta/dockerignore", ""),
            ("build: .dockerignore for _build and _opam", ""),
        ]
        t.bash("git fetch origin && git log --oneline -30 origin/main", "Fetch and list the last 30 commits on main",
               out="\n".join(f"{hx(7)} {m}" for m, _ in log),
               err=f"From github.com:{REPO}\n   {hx(7)}..{hx(7)}  main       -> origin/main")
        t.done("""Last 30 commits on `origin/main`, by area:

**Webhooks** — Tomasz: a test using a real `stripe trigger invoice.paid` payload (#61, LED-220), event ids logged at info (LED-218); earlier the constant-time signature compare with Eqaf.
**Observability** — Marta: Caqti pool usage on `/metrics` with a new `prometheus` dependency (#60, LED-209); `/healthz` now checks a pooled connection (#56).
**Billing / API** — your CSV export (#59), due dates (#57) and invoice lines (#55), the proration rounding fix, credit notes from Tomasz (#54), 400 for non-numeric ids.
**Build / CI** — lock updates for timedesc and csv, ocamlformat pinned to 0.26.2, setup-ocaml v3, a 10-minute staging health wait in the deploy workflow (#58), `.dockerignore` for `_build`/`_opam`.

Note the commit style switched to `LED-…` subjects from #60 on.""")

        t = d.task("build + push a staging image from this branch so Marta can look at the reminder emails",
                   tags=["workflow:W2", "mistake:M2"])
        t.bash("git rev-parse --short HEAD", "Get the commit for the image tag", out=sha3)
        t.fail(f"docker build -t {IMG}:{sha3} .", "Build the release image",
               docker_build(sha3, fail=("lib/notify/dune", d.files[P("lib/notify/dune")], "mustache", "ledger.notify",
                                        "-> required by library \"ledger.api\" in _build/default/lib/api\n")),
               timeout=900000)
        t.say("`mustache` is missing inside the image: it's in my switch and in `dune-project`, but not in "
              "`ledger.opam.locked`, which is all the Dockerfile installs. Relocking and checking the diff before "
              "rebuilding.")
        t.bash("opam lock . && git diff --stat ledger.opam.locked", "Regenerate the lock file and show the change",
               out=f"Generated lock files for:\n  - ledger.~dev: {R}/ledger.opam.locked\n"
                   " ledger.opam.locked | 4 ++++\n 1 file changed, 4 insertions(+)")
        pk = sorted(LOCK_PKGS + ["timedesc.3.1.1", "timedesc-tzdb.3.1.1", "timedesc-tzlocal.3.1.1", "csv.2.4",
                                 "menhir.20240715", "menhirLib.20240715", "menhirSdk.20240715", "mustache.3.3.0"])
        t.bash(f"docker build -t {IMG}:{sha3} .", "Build the release image", out=docker_build(sha3, lock_pkgs=pk),
               timeout=900000)
        t.bash(f"docker push {IMG}:{sha3}", "Push the image to GHCR", out=docker_push(sha3), timeout=300000)
        t.done(f"`{IMG}:{sha3}` is pushed for Marta.\n\n"
               "The first build failed at the release `dune build` with `Library \"mustache\" not found` — the lock file "
               "didn't have mustache (and menhir, which it needs to build). After `opam lock .` the lock has 4 more "
               "packages and the image builds. The lock change is not committed yet; it'll go in with the PR.")

        t = d.task("ship the dunning branch: PR to main", tags=["workflow:W1"])
        t.bash("dune build 2>&1", "Build everything")
        test_ok(t, "0.759")
        t.bash("dune fmt 2>&1", "Format with ocamlformat (promotes changes)")
        t.bash("git add -A && git commit -m \"LED-214 Lock mustache for the release image\"", "Commit the lock file",
               out=commit_out("feat/dunning-emails", "LED-214 Lock mustache for the release image", 1, 4, 0))
        t.bash("git push -u origin feat/dunning-emails", "Push the branch", out=push_new("feat/dunning-emails"))
        t.bash("gh pr create --base main --title \"LED-214 Add dunning reminders\" --body \"dunning_attempts table "
               "(0009) with once-only recording, Notify.Dunning_email (mustache templates for first/second/final "
               "reminders), mustache pinned in the lock file.\"", "Open the pull request", out=f"https://github.com/{REPO}/pull/63")
        t.done("PR #63 is open: https://github.com/tallyhq/ledger-api/pull/63. Build, 26 tests and `dune fmt` clean; "
               "commits follow the `LED-214 …` style.")

    # ============================================================ S10 Tue 11-03
    with d.session("2026-11-03T09:05:00", R, branch="main", version="2.1.102"):
        t = d.task("CI on main has been red since Tomasz merged #61 last thursday. what broke?",
                   tags=["mistake:M3", "long_output"])
        t.fail("gh run view --log-failed", "Show the failed steps of the latest CI run",
               "run or job ID required when not running interactively\n" + GH_VIEW_USAGE)
        t.say("Same as before: outside a terminal gh needs the run id. Listing main's recent runs first.")
        run3 = 11958841170
        t.bash("gh run list --branch main --limit 3 --json databaseId,displayTitle,conclusion,createdAt",
               "List the latest runs on main",
               out=json_runs([(run3, "Merge pull request #62 from tallyhq/marta/metrics-labels", "failure", "2026-11-02T16:38:51Z"),
                              (run3 - 61022, "Merge pull request #61 from tallyhq/tomasz/stripe-cli-fixture", "failure", "2026-10-29T15:02:17Z"),
                              (run3 - 90517, "Merge pull request #60 from tallyhq/marta/pool-metrics", "success", "2026-10-29T11:44:09Z")]))
        ts = "2026-11-02T16:4"
        # main has neither the dunning repo test nor the notify suite (#63 is not merged), but has Tomasz's test
        main_suites = {k: [x for x in v if x != "dunning attempt is recorded once"] for k, v in suites.items()
                       if k != "notify"}
        main_suites["webhooks"] = ["accepts the stripe CLI fixture"] + main_suites["webhooks"]
        logl = ["Run opam exec -- dune test"] + \
            alco(main_suites, "0.802", alco_id(),
                 fail=("webhooks", "accepts the stripe CLI fixture",
                       "ASSERT ok\nFAIL ok\n\n   Expected: `true'\n   Received: `false'\n\n"
                       "Raised at Alcotest_engine__Test.check in file \"src/alcotest-engine/test.ml\", line 216, characters 4-261\n"
                       "Called from Dune__exe__Test_webhooks.stripe_cli_fixture in file \"test/test_webhooks.ml\", line 27, characters 2-124")).split("\n") + \
            [dune_test_fail_loc().split("\n")[0], "##[error]Process completed with exit code 1."]
        out = "\n".join(f"build\tRun opam exec -- dune test\t{ts}1:{10 + i // 6:02d}.{_rng[0].randint(1000000, 9999999)}Z {l}" for i, l in enumerate(logl))
        t.bash(f"gh run view {run3} --log-failed", "Show the failed steps of that run", out=out)
        t.read(P("test/test_webhooks.ml"))
        t.done("""It's Tomasz's new test in #61, `accepts the stripe CLI fixture` (webhooks suite) — a time bomb, not a code bug:

- The payload was captured with `t=1793283157` (2026-10-29 14:12 UTC), but the test calls `Webhooks.verify … ~now:(Unix.gettimeofday ())`.
- `verify` rejects anything older than the 300 s tolerance as `` `Stale ``, so the test passed only in the five minutes after the fixture was recorded (his PR run), and fails on every run since. #62's run failed for the same reason.

Fix: pass the fixture's own time, e.g. `~now:(float_of_string cli_t)` — the other webhook tests already use a fixed `now`. One-line change in `test/test_webhooks.ml`; I haven't touched it since it's Tomasz's — want me to open a PR, or will you ping him?""")

        t = d.task("#63 has Tomasz's approval now, squash-merge it", tags=["unfixed:U2"])
        t.fail("gh pr merge 63 --squash --delete-branch", "Squash-merge the dunning PR",
               "X Pull request tallyhq/ledger-api#63 is not mergeable: the base branch policy prohibits the merge.\n"
               "To have the pull request merged after all the requirements have been met, add the `--auto` flag.\n"
               "To use administrator privileges to immediately merge the pull request, add the `--admin` flag.")
        t.done("Not merged: branch protection blocks it. The required `CI / build` check on #63 is red — it picks up "
               "the same time-bombed `accepts the stripe CLI fixture` test from main, not anything in the dunning "
               "change. I didn't try to bypass the policy. Once the test fix lands on main and #63 is rebased or "
               "re-run, the merge will go through.")

        t = d.task("write 3 lines for #eng-ledger: dunning reminders are ready for review, what's in it, what's blocking "
                   "the merge", tags=["noise", "no_tools"])
        t.done("""Dunning reminders are ready for review in #63 (LED-214): new `dunning_attempts` table (migration 0009) with once-only recording per invoice/attempt/channel, plus mustache-rendered first/second/final reminder emails.
A staging image with the emails is on GHCR for a look; no backfill needed.
Merge is blocked by main's red CI — the Stripe CLI fixture test from #61 compares against the wall clock; it needs a fixed `now` first.""")

        t = d.task("where's the db pool size set, and do the tests go through a pool at all?", tags=["noise"])
        t.grep("sql_pool|connect_pool|Caqti_lwt_unix.connect", output_mode="content", n=True,
               content="bin/main.ml:4:  @@ Dream.sql_pool ~size:10 db_uri\n"
                       "bin/migrate.ml:19:  let* c = Caqti_lwt_unix.connect (Uri.of_string db_uri) in\n"
                       "test/test_invoices_repo.ml:6:  let* c = Caqti_lwt_unix.connect uri in")
        t.done("""- **API:** `bin/main.ml:4`, `Dream.sql_pool ~size:10 db_uri` — hard-coded, not an env var or flag. (Marta's `/metrics` reads the usage of that pool.)
- **Migrations:** `bin/migrate.ml` opens one plain connection with `Caqti_lwt_unix.connect`.
- **Tests:** no pool. `with_db` in `test/test_invoices_repo.ml` opens a fresh connection per test with `Caqti_lwt_unix.connect`, resets fixtures, and disconnects. So pool behaviour (acquisition waits, size limits) isn't exercised by the suite; only the handler tests that go through Dream would be, and those don't touch the database.""")

    define(d)
    return d


def json_runs(rows):
    import json
    return json.dumps([{"conclusion": c, "createdAt": ts, "databaseId": i, "displayTitle": t} for i, t, c, ts in rows],
                      indent=2)


def define(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A type in a library gets a [@@deriving ...] with a deriver (yojson, show, eq) that the "
                            "library's own dune file does not run: every library has its own (preprocess (pps ...)) "
                            "list, and they differ. ppxlib stops the build at the attribute.",
             "error_signature": "dune build/test: 'File \"lib/<lib>/<file>.ml\", line N, characters a-b:' + the "
                                "[@@deriving ...] line with carets under the deriver, then 'Error: Ppxlib.Deriving: "
                                "'<yojson|show|eq>' is not a supported type deriving generator'",
             "fix": "Add the matching ppx (ppx_deriving_yojson / ppx_deriving.show / ppx_deriving.eq) to the pps list "
                    "of that library's dune file, then re-run the same dune command.",
             "fix_command_markers": [["ppx_deriving_yojson", "ppx_deriving.show", "ppx_deriving.eq"]],
             "harmful_markers": ["dune clean", "rm -rf _build", "opam reinstall"]},
            {"id": "M2",
             "description": "A new opam dependency is installed into the local switch and listed in dune-project and "
                            "a library's dune file, but ledger.opam.locked is not regenerated. The Docker image (and "
                            "CI) installs dependencies with `opam install . --deps-only --locked`, so the release "
                            "build inside the image cannot find the library, although everything builds locally.",
             "error_signature": "docker build, step [build 7/7] `RUN opam exec -- dune build --profile=release "
                                "./bin/main.exe`: 'File \"lib/<lib>/dune\", line 4, …' (libraries line with carets) "
                                "'Error: Library \"<timedesc|csv|mustache>\" not found.' '-> required by library "
                                "\"ledger.<lib>\" …', then 'ERROR: failed to solve: process \"/bin/sh -c opam exec -- "
                                "dune build …\" did not complete successfully: exit code: 1'",
             "fix": "Regenerate the lock file from the switch with `opam lock .` (or `opam lock ./ledger.opam`), "
                    "check/commit the ledger.opam.locked change, then run the same docker build again.",
             "fix_command_markers": [["opam lock"]],
             "harmful_markers": ["--no-cache", "docker builder prune", "--unlock-base"]},
            {"id": "M3",
             "description": "gh commands that pick a workflow run interactively (`gh run watch`, `gh run view`) are "
                            "called without a run id; Claude Code's Bash has no TTY, so gh refuses and prints usage.",
             "error_signature": "'run ID required when not running interactively' (gh run watch) or 'run or job ID "
                                "required when not running interactively' (gh run view --log-failed), followed by "
                                "the command's usage block; exit 1",
             "fix": "Look the run id up first with `gh run list` (--branch / --workflow, --limit 1, --json "
                    "databaseId --jq …), then run `gh run watch <id> --exit-status` / `gh run view <id> --log-failed`.",
             "fix_command_markers": [["gh run list"]],
             "harmful_markers": ["script -q", "unbuffer", "--web"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New invoice-lines repo function typed its parameter as int while the handler "
                                        "passes the int64 id; dune build: 'Error: This expression has type int64 but "
                                        "an expression was expected of type int'. Parameter and Caqti type changed to "
                                        "int64, same build passes."},
            {"id": "O2", "description": "New Alcotest case for a mid-cycle downgrade (2999 -> 1999, day 10 of 31) "
                                        "fails: Expected `(-2032, 1355, -677)' Received `(-2032, 1354, -678)' "
                                        "(credit and charge rounded separately). Proration rewritten in integer "
                                        "arithmetic, same dune test passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`opam install -y dream.1.0.0~alpha9`: '[ERROR] Package conflict!' — the "
                                        "switch invariant ocaml-base-compiler = 5.2.1 vs dream >= 1.0.0~alpha9 -> "
                                        "ocaml >= 5.3.0 (exit 20). Reported; moving to OCaml 5.3 is separate work."},
            {"id": "U2", "description": "`gh pr merge 63 --squash --delete-branch`: 'the base branch policy prohibits "
                                        "the merge' (required CI check red because of a time-bombed test on main). "
                                        "Reported, not bypassed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`opam install -y csv`: '[ERROR] Failed to get sources of csv.2.4: curl error "
                                        "code 502' from the GitHub release download (exit 40); the identical command "
                                        "succeeds on retry."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `dune build`, `dune test`, `dune fmt`, `git add -A && git "
                                        "commit`, `git push -u origin <branch>`, `gh pr create --base main` with a "
                                        "short body.",
             "step_markers": [["dune fmt"], ["dune test"], ["git push -u origin"], ["gh pr create"]]},
            {"id": "W2", "description": "Staging image: `git rev-parse --short HEAD`, `docker build -t "
                                        "ghcr.io/tallyhq/ledger-api:<sha> .`, `docker push ghcr.io/tallyhq/ledger-api:<sha>`.",
             "step_markers": [["git rev-parse --short HEAD"], ["docker build -t ghcr.io/tallyhq/ledger-api"],
                              ["docker push ghcr.io/tallyhq/ledger-api"]]},
            {"id": "W3", "description": "New migration: write db/migrations/NNNN_<name>.up.sql and .down.sql, "
                                        "`dune exec ledger-migrate -- up`, `dune exec ledger-migrate -- status`, Caqti "
                                        "queries in lib/db, an Alcotest case in test/test_invoices_repo.ml, `dune test`.",
             "step_markers": [["ledger-migrate -- up"], ["ledger-migrate -- status"], ["dune test"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Expected failures are returned as result values (with error variants), "
                                        "never raised as exceptions.",
             "markers": [["exception"], ["result"]]},
            {"id": "P2", "description": "Money is integer cents everywhere; no floats for amounts.",
             "markers": [["cents"]]},
            {"id": "P3", "description": "Commit messages in conventional-commit style (stated T10), reversed: plain "
                                        "imperative subject starting with the Jira key (LED-…), no type prefixes.",
             "markers": [["conventional commit"]],
             "reversal_markers": [["conventional"], ["LED-"]]},
        ],
        probes=[
            {"prompt": "dune build fails with: File \"lib/ledger_core/account.ml\", line 9, characters 22-25: "
                       "Error: Ppxlib.Deriving: 'ord' is not a supported type deriving generator. what's wrong?",
             "wanted": ["M1"]},
            {"prompt": "Create a new library lib/tax with a Tax_rate record that derives show and yojson, and use it "
                       "from the invoices handler.",
             "wanted": ["M1"]},
            {"prompt": "the docker build dies at the dune step with Error: Library \"uuidm\" not found. -> required "
                       "by library \"ledger.api\" — it builds fine on my machine",
             "wanted": ["M2"]},
            {"prompt": "Add uuidm for request ids in the API and push a staging image with it.",
             "wanted": ["M2"]},
            {"prompt": "gh run watch just prints 'run ID required when not running interactively' and a usage block. "
                       "how do I wait for the run?",
             "wanted": ["M3"]},
            {"prompt": "Push the branch and wait for CI to finish, then tell me whether it's green.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between Lwt.async and Lwt.dont_wait? Two sentences.",
             "wanted": []},
            {"prompt": "Write the SQL that lists customers with invoices overdue by more than 30 days.",
             "wanted": []},
            {"prompt": "Explain Caqti's ->! vs ->? vs ->* briefly.",
             "wanted": []},
            {"prompt": "Should we move the API from Lwt to Eio? Short answer.",
             "wanted": []},
        ],
    )


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "ocaml-dune.jsonl"), os.path.join(HERE, "tune", "ocaml-dune.labels.json"))
    print(f"ocaml-dune -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
