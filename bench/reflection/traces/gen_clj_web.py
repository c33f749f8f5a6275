"""clj-web: Dana Kowalski, backend engineer at Ledgerline (small B2B invoicing SaaS), Clojure 1.12 web service.

Stack: Clojure CLI + deps.edn (aliases :dev :test :migrate :build :cljfmt), Kaocha 1.91, Ring + Reitit 0.7,
next.jdbc + HoneySQL 2 on PostgreSQL 16 (docker compose), Migratus, clj-kondo, cljfmt, a ClojureScript admin UI
built with shadow-cljs (npx shadow-cljs), uberjar via tools.build, Docker (private git dep fetched over ssh in
the build), GitHub Actions and gh.

Written blind for fresh/; measured once held out (round 14), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dana"
R = "/home/dana/src/billing-api"
MODEL = "claude-opus-4-6"
IMG = "ghcr.io/ledgerline/billing-api"
_rng = [random.Random(77123)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


DEPS = """{:paths ["src" "resources"]
 :deps {org.clojure/clojure {:mvn/version "1.12.0"}
        ring/ring-jetty-adapter {:mvn/version "1.13.0"}
        metosin/reitit {:mvn/version "0.7.2"}
        metosin/malli {:mvn/version "0.16.4"}
        com.github.seancorfield/next.jdbc {:mvn/version "1.3.955"}
        com.github.seancorfield/honeysql {:mvn/version "2.6.1230"}
        org.postgresql/postgresql {:mvn/version "42.7.4"}
        com.zaxxer/HikariCP {:mvn/version "6.2.1"}
        migratus/migratus {:mvn/version "1.6.3"}
        aero/aero {:mvn/version "1.1.6"}
        integrant/integrant {:mvn/version "0.13.1"}
        io.github.ledgerline/ll-common {:git/tag "v0.9.2" :git/sha "4b1e7d2"}}
 :aliases
 {:dev {:extra-paths ["dev"]
        :extra-deps {integrant/repl {:mvn/version "0.3.3"}}}
  :test {:extra-paths ["test"]
         :extra-deps {lambdaisland/kaocha {:mvn/version "1.91.1392"}
                      ring/ring-mock {:mvn/version "0.4.0"}}
         :main-opts ["-m" "kaocha.runner"]}
  :migrate {:ns-default ledgerline.migrate
            :exec-fn ledgerline.migrate/migrate
            :exec-args {:profile :dev}}
  :cljfmt {:extra-deps {dev.weavejester/cljfmt {:mvn/version "0.13.0"}}
           :main-opts ["-m" "cljfmt.main"]}
  :build {:deps {io.github.clojure/tools.build {:git/tag "v0.10.6" :git/sha "52cf7d6"}}
          :ns-default build}}}
"""

KONDO = """{:linters {:unused-namespace {:level :warning}
           :unresolved-var {:level :error}}
 :lint-as {integrant.core/defmethod clojure.core/defmethod}}
"""

KONDO2 = """{:linters {:unused-namespace {:level :warning}
           :unresolved-var {:level :error}}
 :lint-as {integrant.core/defmethod clojure.core/defmethod
           ledgerline.db/with-tx clojure.core/let}}
"""

KONDO3 = """{:linters {:unused-namespace {:level :warning}
           :unresolved-var {:level :error}}
 :lint-as {integrant.core/defmethod clojure.core/defmethod
           ledgerline.db/with-tx clojure.core/let
           ledgerline.http/defhandler clojure.core/defn}}
"""

ROUTES = """(ns ledgerline.http.routes
  (:require [ledgerline.http.handlers.invoices :as invoices]
            [ledgerline.http.handlers.customers :as customers]
            [ledgerline.http.middleware :as mw]
            [reitit.ring :as ring]
            [reitit.coercion.malli :as rcm]
            [reitit.ring.coercion :as coercion]
            [reitit.ring.middleware.muuntaja :as muuntaja]
            [muuntaja.core :as m]))

(defn routes [deps]
  [["/health" {:get {:handler (fn [_] {:status 200 :body {:ok true}})}}]
   ["/api/v1" {:middleware [[mw/wrap-auth deps]]}
    ["/customers"
     ["" {:get {:handler (customers/list-customers deps)}}]
     ["/:id" {:get {:parameters {:path [:map [:id :uuid]]}
                    :handler (customers/get-customer deps)}}]]
    ["/invoices"
     ["" {:get {:handler (invoices/list-invoices deps)}
          :post {:parameters {:body invoices/NewInvoice}
                 :handler (invoices/create-invoice deps)}}]
     ["/:id" {:get {:parameters {:path [:map [:id :uuid]]}
                    :handler (invoices/get-invoice deps)}}]]]])

(defn router [deps]
  (ring/router (routes deps)
               {:data {:coercion rcm/coercion
                       :muuntaja m/instance
                       :middleware [muuntaja/format-middleware
                                    coercion/coerce-exceptions-middleware
                                    coercion/coerce-request-middleware
                                    coercion/coerce-response-middleware]}}))
"""

DB = """(ns ledgerline.db
  (:require [next.jdbc :as jdbc]
            [next.jdbc.result-set :as rs]
            [honey.sql :as sql]))

(def opts {:builder-fn rs/as-unqualified-kebab-maps})

(defmacro with-tx
  "Runs body in a transaction; binds the tx connectable to `binding`."
  [[binding ds] & body]
  `(jdbc/with-transaction [~binding ~ds]
     ~@body))

(defn query [ds q]
  (jdbc/execute! ds (sql/format q) opts))

(defn query-one [ds q]
  (jdbc/execute-one! ds (sql/format q) opts))
"""

INVOICES_REPO = """(ns ledgerline.invoices.repo
  (:require [ledgerline.db :as db]))

(defn find-by-id [ds id]
  (db/query-one ds {:select [:*] :from [:invoices] :where [:= :id id]}))

(defn list-for-customer [ds customer-id]
  (db/query ds {:select [:*]
                :from [:invoices]
                :where [:= :customer-id customer-id]
                :order-by [[:issued-at :desc]]}))

(defn insert! [ds invoice]
  (db/query-one ds {:insert-into :invoices
                    :values [invoice]
                    :returning [:*]}))
"""

DOCKERFILE = """# syntax=docker/dockerfile:1.7
FROM clojure:temurin-21-tools-deps-1.12.0.1488-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends openssh-client git && rm -rf /var/lib/apt/lists/*
RUN mkdir -p -m 0700 ~/.ssh && ssh-keyscan github.com >> ~/.ssh/known_hosts
COPY deps.edn build.clj ./
RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build

FROM deps AS build
COPY src src
COPY resources resources
RUN clojure -T:build uber

FROM eclipse-temurin:21-jre-jammy
WORKDIR /app
COPY --from=build /app/target/billing-api.jar /app/billing-api.jar
EXPOSE 8080
CMD ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/billing-api.jar"]
"""

USERS_CLJS = """(ns ledgerline.admin.views.users
  (:require [reagent.core :as r]
            [ledgerline.admin.api :as api]))

(defn user-row [{:keys [email role last-login]}]
  [:tr
   [:td email]
   [:td (name role)]
   [:td (fmt-date last-login)]])

(defn users-page []
  (let [users (r/atom [])]
    (api/fetch-users! #(reset! users %))
    (fn []
      [:table.users
       [:thead [:tr [:th "Email"] [:th "Role"] [:th "Last login"]]]
       [:tbody (for [u @users] ^{:key (:id u)} [user-row u])]])))
"""

WORKFLOW = """name: ci
on:
  push:
    branches: [main]
  pull_request:

jobs:
  test:
    runs-on: ubuntu-latest
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_PASSWORD: postgres
          POSTGRES_DB: billing_test
        ports: ["5432:5432"]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-java@v4
        with:
          distribution: temurin
          java-version: "21"
      - uses: DeLaGuardo/setup-clojure@13.0
        with:
          cli: 1.12.0.1488
          clj-kondo: 2024.11.14
      - run: clj-kondo --lint src test
      - run: clojure -M:cljfmt check
      - run: clojure -X:migrate migrate :profile :ci
      - run: clojure -M:test
"""

FILES = {
    P("deps.edn"): DEPS,
    P(".clj-kondo/config.edn"): KONDO,
    P("src/ledgerline/http/routes.clj"): ROUTES,
    P("src/ledgerline/db.clj"): DB,
    P("src/ledgerline/invoices/repo.clj"): INVOICES_REPO,
    P("Dockerfile"): DOCKERFILE,
    P("admin/src/ledgerline/admin/views/users.cljs"): USERS_CLJS,
    P(".github/workflows/ci.yml"): WORKFLOW,
}


def kaocha_ok(n, a, dots="(....)(........)(......)"):
    return f"[{dots}]\n{n} tests, {a} assertions, 0 failures."


def kaocha_col_err(test, col, rel, n, a):
    return f"""[(....)(..E.....)(......)]
ERROR in {test} (QueryExecutorImpl.java:2733)
Uncaught exception, not in assertion.
Exception: org.postgresql.util.PSQLException: ERROR: column "{col}" of relation "{rel}" does not exist
  Position: 41
 at org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse (QueryExecutorImpl.java:2733)
    org.postgresql.core.v3.QueryExecutorImpl.processResults (QueryExecutorImpl.java:2420)
    org.postgresql.core.v3.QueryExecutorImpl.execute (QueryExecutorImpl.java:372)
    org.postgresql.jdbc.PgStatement.executeInternal (PgStatement.java:517)
    next.jdbc.result_set$stmt__GT_result_set.invokeStatic (result_set.clj:678)
    next.jdbc.result_set$eval5143$fn__5144.invoke (result_set.clj:944)
    next.jdbc.protocols$eval3121$fn__3122$G__3112__3131.invoke (protocols.clj:34)
    next.jdbc$execute_one_BANG_.invokeStatic (jdbc.clj:265)
    ledgerline.db$query_one.invokeStatic (db.clj:21)
{n} tests, {a} assertions, 1 errors, 0 failures."""


def migrate_out(names, profile="dev"):
    lines = [f"INFO  ledgerline.migrate - profile {profile}, jdbc:postgresql://localhost:5432/billing_{profile}",
             "INFO  migratus.core - Starting migrations"]
    for n in names:
        lines.append(f"INFO  migratus.core - Running up for [{n.split('-')[0]}]")
        lines.append(f"INFO  migratus.core - Up {n}")
    lines.append("INFO  migratus.core - Ending migrations")
    return "\n".join(lines)


def gen():
    _rng[0] = random.Random(77123)
    d = Dev("clj-web", U, "en", MODEL, seed=20261102, files=FILES)

    # ============================================================ S1 Mon 11-02
    with d.session("2026-11-02T09:10:00", R, branch="main", version="2.1.104"):
        t = d.task("morning. quick tour please: how does a request get from jetty to postgres in this repo? "
                   "which namespaces matter", tags=["noise"])
        t.glob("src/**/*.clj", [P(x) for x in [
            "src/ledgerline/main.clj", "src/ledgerline/system.clj", "src/ledgerline/db.clj",
            "src/ledgerline/migrate.clj", "src/ledgerline/http/routes.clj", "src/ledgerline/http/middleware.clj",
            "src/ledgerline/http/handlers/invoices.clj", "src/ledgerline/http/handlers/customers.clj",
            "src/ledgerline/invoices/repo.clj", "src/ledgerline/customers/repo.clj"]])
        t.read(P("src/ledgerline/http/routes.clj"))
        t.read(P("src/ledgerline/db.clj"))
        t.read(P("src/ledgerline/invoices/repo.clj"))
        t.done("""The path is short:

1. **`ledgerline.system`** builds an Integrant system from `resources/config.edn` (read with aero): `:db/datasource` (HikariCP over next.jdbc), `:http/handler`, `:http/server` (ring-jetty-adapter on 8080).
2. **`ledgerline.http.routes`** — a Reitit ring router. `/health`, then `/api/v1` with `mw/wrap-auth`, customers and invoices. Malli coercion (`reitit.coercion.malli`) validates path params and the `NewInvoice` body; muuntaja does JSON in/out.
3. **Handlers** (`ledgerline.http.handlers.*`) are closures over `deps` (the datasource) and call the repos.
4. **Repos** (`ledgerline.invoices.repo` …) describe queries as HoneySQL maps and go through **`ledgerline.db`**: `query`/`query-one` run `sql/format` and next.jdbc with `as-unqualified-kebab-maps`, so rows come back as `{:customer-id …}`. `with-tx` is a thin macro over `jdbc/with-transaction`.

Schema changes live in `resources/migrations` and are applied by Migratus through `ledgerline.migrate` (`clj -X:migrate migrate`, `clj -X:migrate create :name …`; the alias defaults to `:profile :dev`).""")

        t = d.task("Add an archived_at column to invoices (nullable timestamptz) and make list-for-customer skip "
                   "archived invoices. Add a test.", tags=["workflow:W2", "mistake:M1"])
        t.bash("clj -X:migrate create :name '\"add-invoices-archived-at\"'", "Create a new Migratus migration",
               out="INFO  migratus.core - Creating migration add-invoices-archived-at\n"
                   "resources/migrations/20261102093512-add-invoices-archived-at.up.sql\n"
                   "resources/migrations/20261102093512-add-invoices-archived-at.down.sql")
        d.files[P("resources/migrations/20261102093512-add-invoices-archived-at.up.sql")] = ""
        t.read(P("resources/migrations/20261102093512-add-invoices-archived-at.up.sql"))
        t.write(P("resources/migrations/20261102093512-add-invoices-archived-at.up.sql"),
                "ALTER TABLE invoices ADD COLUMN archived_at timestamptz;\n--;;\n"
                "CREATE INDEX invoices_customer_active_idx ON invoices (customer_id) WHERE archived_at IS NULL;\n")
        d.files[P("resources/migrations/20261102093512-add-invoices-archived-at.down.sql")] = ""
        t.read(P("resources/migrations/20261102093512-add-invoices-archived-at.down.sql"))
        t.write(P("resources/migrations/20261102093512-add-invoices-archived-at.down.sql"),
                "DROP INDEX IF EXISTS invoices_customer_active_idx;\n--;;\n"
                "ALTER TABLE invoices DROP COLUMN archived_at;\n")
        t.bash("clj -X:migrate migrate", "Apply the migration to the dev database",
               out=migrate_out(["20261102093512-add-invoices-archived-at"]))
        t.edit(P("src/ledgerline/invoices/repo.clj"),
               "                :where [:= :customer-id customer-id]\n",
               "                :where [:and\n                        [:= :customer-id customer-id]\n"
               "                        [:= :archived-at nil]]\n")
        d.files[P("test/ledgerline/invoices/repo_test.clj")] = """(ns ledgerline.invoices.repo-test
  (:require [clojure.test :refer [deftest is use-fixtures]]
            [ledgerline.invoices.repo :as repo]
            [ledgerline.test-system :as ts]))

(use-fixtures :each ts/with-rollback)

(deftest insert-and-find-test
  (let [inv (repo/insert! ts/*tx* (ts/invoice-fixture))]
    (is (= inv (repo/find-by-id ts/*tx* (:id inv))))))
"""
        t.read(P("test/ledgerline/invoices/repo_test.clj"))
        t.edit(P("test/ledgerline/invoices/repo_test.clj"),
               "    (is (= inv (repo/find-by-id ts/*tx* (:id inv))))))\n",
               "    (is (= inv (repo/find-by-id ts/*tx* (:id inv))))))\n\n"
               "(deftest list-skips-archived-test\n"
               "  (let [c (ts/customer-fixture ts/*tx*)\n"
               "        live (repo/insert! ts/*tx* (ts/invoice-fixture {:customer-id (:id c)}))\n"
               "        _ (repo/insert! ts/*tx* (ts/invoice-fixture {:customer-id (:id c)\n"
               "                                                  :archived-at (java.time.Instant/now)}))]\n"
               "    (is (= [(:id live)] (map :id (repo/list-for-customer ts/*tx* (:id c)))))))\n")
        t.fail("clj -M:test", "Run the Kaocha suite",
               kaocha_col_err("ledgerline.invoices.repo-test/list-skips-archived-test", "archived_at", "invoices",
                              19, 52), code=1)
        t.say("The dev DB has the column, but the tests run against `billing_test`, which is a separate database "
              "and still on the old schema. Applying the pending migration there first:")
        t.bash("clj -X:migrate migrate :profile :test", "Apply pending migrations to the test database",
               out=migrate_out(["20261102093512-add-invoices-archived-at"], "test"))
        t.bash("clj -M:test", "Re-run the Kaocha suite", out=kaocha_ok(19, 53, "(....)(........)(.......)"))
        t.done("Done. Migration `20261102093512-add-invoices-archived-at` adds the nullable `archived_at` plus a "
               "partial index on `customer_id WHERE archived_at IS NULL`; `list-for-customer` now filters "
               "`[:= :archived-at nil]` (HoneySQL renders that as `IS NULL`). New test `list-skips-archived-test`. "
               "Note the test DB (`billing_test`) needed its own `migrate :profile :test` — the dev migrate doesn't "
               "touch it. 19 tests, 53 assertions, 0 failures.")

        t = d.task("HoneySQL question: [:= :archived-at nil] really becomes IS NULL? and what does [:<> x nil] do",
                   tags=["noise", "no_tools"])
        t.done("Yes. HoneySQL 2 special-cases `nil` in `=`/`<>`: `[:= :archived-at nil]` formats to "
               "`archived_at IS NULL` and `[:<> :archived-at nil]` (or `:!=`) to `archived_at IS NOT NULL`. It only "
               "does this for a literal `nil` in the form; a parameter that *happens* to be nil at runtime, e.g. "
               "`[:= :archived-at x]` with `x` nil, also becomes `IS NULL` because formatting sees the value. If you "
               "need SQL's three-valued `= NULL` semantics you'd have to write it raw, which you almost never want.")

    # ============================================================ S2 Wed 11-04
    with d.session("2026-11-04T10:05:00", R, branch="feat/tx-helpers", version="2.1.105"):
        t = d.task("add a repo fn that archives all invoices of a customer and writes an audit row, both in one "
                   "transaction using our with-tx macro. then lint. and please: namespace aliases only, never "
                   ":refer or :refer :all in new code", tags=["mistake:M2", "pref:P1"])
        t.read(P("src/ledgerline/db.clj"))
        t.read(P("src/ledgerline/invoices/repo.clj"))
        t.edit(P("src/ledgerline/invoices/repo.clj"),
               "(defn insert! [ds invoice]\n",
               "(defn archive-for-customer!\n"
               "  \"Archives every open invoice of a customer and records one audit row.\"\n"
               "  [ds customer-id actor]\n"
               "  (db/with-tx [tx ds]\n"
               "    (let [rows (db/query tx {:update :invoices\n"
               "                             :set {:archived-at [:now]}\n"
               "                             :where [:and [:= :customer-id customer-id]\n"
               "                                     [:= :archived-at nil]]\n"
               "                             :returning [:id]})]\n"
               "      (db/query-one tx {:insert-into :audit-log\n"
               "                        :values [{:actor actor\n"
               "                                  :action \"invoices.archive\"\n"
               "                                  :subject-id customer-id\n"
               "                                  :detail [:lift {:count (count rows)}]}]})\n"
               "      (count rows))))\n\n"
               "(defn insert! [ds invoice]\n")
        t.fail("clj-kondo --lint src test", "Lint with clj-kondo",
               "src/ledgerline/invoices/repo.clj:20:19: error: Unresolved symbol: tx\n"
               "src/ledgerline/invoices/repo.clj:21:34: error: Unresolved symbol: tx\n"
               "src/ledgerline/invoices/repo.clj:26:17: error: Unresolved symbol: tx\n"
               "linting took 684ms, errors: 3, warnings: 0", code=3)
        t.say("clj-kondo doesn't know `db/with-tx` binds `tx`. The macro has `let`-shaped bindings, so I'll tell "
              "kondo to analyse it like `let` in the project config:")
        t.read(P(".clj-kondo/config.edn"))
        t.edit(P(".clj-kondo/config.edn"),
               " :lint-as {integrant.core/defmethod clojure.core/defmethod}}\n",
               " :lint-as {integrant.core/defmethod clojure.core/defmethod\n"
               "           ledgerline.db/with-tx clojure.core/let}}\n")
        t.bash("clj-kondo --lint src test", "Lint again", out="linting took 702ms, errors: 0, warnings: 0")
        t.done("Added `archive-for-customer!` (update + audit insert inside `db/with-tx`, returns the count). "
               "Lint was red because kondo treated `tx` as unresolved — `.clj-kondo/config.edn` now has "
               "`:lint-as {ledgerline.db/with-tx clojure.core/let}`; clean now (0 errors, 0 warnings). Requires use "
               "aliases only (`[ledgerline.db :as db]`).")

        t = d.task("can you fetch the reitit docs on malli coercion and tell me how to get humanized error bodies "
                   "instead of the raw explain data", tags=["noise", "webfetch"])
        t.webfetch("https://cljdoc.org/d/metosin/reitit/0.7.2/doc/coercion/malli",
                   "How to configure humanized/pretty coercion errors with reitit.coercion.malli",
                   "Malli coercion: `reitit.coercion.malli/create` takes options. `:error-keys` selects which keys "
                   "of the malli explanation are returned in the coercion error body, default "
                   "`#{:coercion :type :in :humanized}` ... `:transformers`, `:compile mu/closed-schema`, "
                   "`:strip-extra-keys true`, `:default-values true`, `:options nil`. Example: "
                   "(reitit.coercion.malli/create {:error-keys #{:coercion :in :schema :value :errors :humanized} "
                   ":compile mu/closed-schema :strip-extra-keys true ...}). The exception middleware "
                   "`reitit.ring.coercion/coerce-exceptions-middleware` turns coercion exceptions into 400 (request) "
                   "and 500 (response) responses.")
        t.done("Use `rcm/create` instead of the default `rcm/coercion` and choose the error keys:\n\n"
               "```clojure\n(def coercion\n  (rcm/create {:error-keys #{:in :humanized}\n"
               "               :strip-extra-keys true\n               :default-values true}))\n```\n\n"
               "With `coerce-exceptions-middleware` (already in your router) a bad body then returns 400 with "
               "`{:in [:request :body-params] :humanized {:amount-cents [\"should be an integer\"]}}` and nothing "
               "else. If you want full control, drop `coerce-exceptions-middleware` and handle "
               "`::coercion/request-coercion` in `reitit.ring.middleware.exception`.")

        t = d.task("bump next.jdbc to 1.3.981 and check nothing broke", tags=["flaky:F1"])
        t.read(P("deps.edn"))
        t.edit(P("deps.edn"), '{:mvn/version "1.3.955"}', '{:mvn/version "1.3.981"}')
        t.fail("clj -P -M:test", "Download the new dependency",
               "Downloading: com/github/seancorfield/next.jdbc/1.3.981/next.jdbc-1.3.981.pom from clojars\n"
               "Error building classpath. Could not transfer artifact com.github.seancorfield:next.jdbc:jar:1.3.981 "
               "from/to clojars (https://repo.clojars.org/): Connect to repo.clojars.org:443 "
               "[repo.clojars.org/104.18.29.119] failed: Connection reset", code=1)
        t.bash("clj -P -M:test", "Download the new dependency",
               out="Downloading: com/github/seancorfield/next.jdbc/1.3.981/next.jdbc-1.3.981.pom from clojars\n"
                   "Downloading: com/github/seancorfield/next.jdbc/1.3.981/next.jdbc-1.3.981.jar from clojars")
        t.bash("clj -M:test", "Run the suite", out=kaocha_ok(20, 55, "(....)(.........)(.......)"))
        t.done("Bumped next.jdbc 1.3.955 → 1.3.981. The first download hit a connection reset from Clojars; the "
               "retry went through. Suite green: 20 tests, 55 assertions, 0 failures.")

    # ============================================================ S3 Fri 11-06
    with d.session("2026-11-06T09:40:00", R, branch="feat/tx-helpers", version="2.1.106"):
        t = d.task("add GET /api/v1/customers/:id/invoices returning the customer's open invoices. validate with "
                   "clojure.spec for now please, we'll see later", tags=["workflow:W1", "pref:P3"])
        t.read(P("src/ledgerline/http/routes.clj"))
        t.edit(P("src/ledgerline/http/routes.clj"),
               "     [\"/:id\" {:get {:parameters {:path [:map [:id :uuid]]}\n"
               "                    :handler (customers/get-customer deps)}}]]\n",
               "     [\"/:id\" {:get {:parameters {:path [:map [:id :uuid]]}\n"
               "                    :handler (customers/get-customer deps)}}]\n"
               "     [\"/:id/invoices\" {:get {:parameters {:path [:map [:id :uuid]]}\n"
               "                             :handler (invoices/list-for-customer deps)}}]]\n")
        d.files[P("test/ledgerline/http/customer_invoices_test.clj")] = ""
        t.read(P("test/ledgerline/http/customer_invoices_test.clj"))
        t.write(P("test/ledgerline/http/customer_invoices_test.clj"),
                """(ns ledgerline.http.customer-invoices-test
  (:require [clojure.spec.alpha :as s]
            [clojure.test :as t]
            [ledgerline.test-system :as ts]
            [ring.mock.request :as mock]))

(s/def ::id uuid?)
(s/def ::invoice (s/keys :req-un [::id]))

(t/use-fixtures :each ts/with-rollback)

(t/deftest customer-invoices-test
  (let [c (ts/customer-fixture ts/*tx*)
        _ (ts/invoice-fixture! ts/*tx* {:customer-id (:id c)})
        resp ((ts/app) (mock/request :get (str "/api/v1/customers/" (:id c) "/invoices")))]
    (t/is (= 200 (:status resp)))
    (t/is (s/valid? (s/coll-of ::invoice) (ts/json-body resp)))))
""")
        t.bash("clj -M:test --focus ledgerline.http.customer-invoices-test", "Run the new test",
               out="[(.)]\n1 tests, 2 assertions, 0 failures.")
        t.bash("clj-kondo --lint src test", "Lint", out="linting took 655ms, errors: 0, warnings: 0")
        t.done("Route `/api/v1/customers/:id/invoices` → `invoices/list-for-customer`, with a spec-validated "
               "response test (`s/coll-of ::invoice`). Focused test passes, kondo clean.")

        t = d.task("the admin UI users page is broken in release mode, npx shadow-cljs release admin fails. fix it",
                   tags=["oneoff:O2"])
        t.fail("cd admin && npx shadow-cljs release admin", "Build the admin UI release",
               """shadow-cljs - config: /home/dana/src/billing-api/admin/shadow-cljs.edn
shadow-cljs - connected to server
[:admin] Compiling ...
------ WARNING #1 - :undeclared-var --------------------------------------------
 File: /home/dana/src/billing-api/admin/src/ledgerline/admin/views/users.cljs:9:9
--------------------------------------------------------------------------------
   6 |   [:tr
   7 |    [:td email]
   8 |    [:td (name role)]
   9 |    [:td (fmt-date last-login)]])
---------------^----------------------------------------------------------------
 Use of undeclared Var ledgerline.admin.views.users/fmt-date
--------------------------------------------------------------------------------
  10 |
  11 | (defn users-page []
  12 |   (let [users (r/atom [])]
  13 |     (api/fetch-users! #(reset! users %))
--------------------------------------------------------------------------------
Build failure:
Stopping due to warnings. The build is configured with :warnings-as-errors.""", code=1)
        t.read(P("admin/src/ledgerline/admin/views/users.cljs"))
        t.edit(P("admin/src/ledgerline/admin/views/users.cljs"),
               "            [ledgerline.admin.api :as api]))",
               "            [ledgerline.admin.api :as api]\n            [ledgerline.admin.format :as fmt]))")
        t.edit(P("admin/src/ledgerline/admin/views/users.cljs"),
               "[:td (fmt-date last-login)]", "[:td (fmt/date last-login)]")
        t.bash("cd admin && npx shadow-cljs release admin", "Build the admin UI release again",
               out="shadow-cljs - config: /home/dana/src/billing-api/admin/shadow-cljs.edn\n"
                   "shadow-cljs - connected to server\n[:admin] Compiling ...\n"
                   "[:admin] Build completed. (214 files, 3 compiled, 0 warnings, 41.87s)")
        t.done("`fmt-date` was moved to `ledgerline.admin.format/date` in the last refactor but `users.cljs` still "
               "called the bare name; dev builds only warn, release has `:warnings-as-errors`. Added the "
               "`[ledgerline.admin.format :as fmt]` require and switched to `fmt/date`. Release build completes.")

        t = d.task("show me the last 40 commits on main, one line each, I need to write the changelog",
                   tags=["noise", "long_output"])
        msgs = ["feat(invoices): archived_at + list filter", "chore(deps): next.jdbc 1.3.981",
                "feat(repo): archive-for-customer! with audit row", "fix(admin): fmt/date in users view",
                "feat(api): customer invoices endpoint", "chore: kondo lint-as for with-tx",
                "fix(auth): reject expired api keys", "feat(webhooks): stripe invoice.paid handler",
                "refactor(db): query/query-one helpers", "test: rollback fixture for repo tests",
                "feat(customers): search by email prefix", "chore(ci): cache ~/.m2 and ~/.gitlibs",
                "fix(pdf): currency rounding on totals", "feat(admin): users table", "chore: cljfmt 0.13",
                "feat(invoices): due dates", "fix(migrations): down for due_date", "docs: README run section",
                "feat(api): malli coercion on invoices", "refactor(system): integrant keys",
                "fix(webhooks): idempotency on event id", "chore(deps): reitit 0.7.2", "feat(metrics): /metrics",
                "fix(http): 404 body is json", "test(customers): list pagination", "feat(customers): soft delete",
                "chore(docker): temurin 21 base", "fix(db): hikari pool size from env",
                "feat(invoices): credit notes table", "refactor(handlers): closures over deps",
                "fix(auth): constant-time key compare", "chore(ci): clj-kondo 2024.11.14",
                "feat(admin): login page", "fix(pdf): long customer names wrap", "test: ring-mock helpers",
                "feat(api): pagination params", "chore: migrate to deps.edn from lein", "fix(tz): store UTC",
                "feat(invoices): numbering per customer", "init"]
        t.bash("git log --oneline -40 main", "Last 40 commits on main",
               out="\n".join(f"{hx(7)} {m}" for m in msgs))
        t.done("That's the 40 (newest first). Draft changelog:\n\n## Unreleased\n\n### Features\n"
               "- **Invoices**: new nullable `archived_at`; archived invoices are excluded from customer lists, "
               "backed by a partial index on `customer_id`\n  - `archive-for-customer!` archives all open invoices "
               "of a customer in one transaction and writes an `audit_log` row\n"
               "- **API**: `GET /api/v1/customers/:id/invoices` returns a customer's open invoices\n"
               "  - path params coerced with malli\n- **Webhooks**: Stripe `invoice.paid` handler, idempotent on "
               "event id\n- **Customers**: search by email prefix, soft delete, pagination\n"
               "- **Invoices**: due dates, credit notes table, per-customer numbering\n- **Metrics**: `/metrics`\n\n"
               "### Fixes\n- Expired API keys are rejected; key comparison is constant-time\n"
               "- PDF: currency rounding on totals, long customer names wrap\n- Timestamps stored in UTC\n"
               "- 404 bodies are JSON\n- Admin UI users page uses `fmt/date`\n\n### Chores\n"
               "- next.jdbc 1.3.981, reitit 0.7.2, cljfmt 0.13, clj-kondo 2024.11.14\n"
               "- CI caches `~/.m2` and `~/.gitlibs`\n- Docker base image temurin 21\n"
               "- kondo `:lint-as` for `with-tx`\n- moved from Leiningen to deps.edn")

    # ============================================================ S4 Mon 11-09
    with d.session("2026-11-09T09:20:00", R, branch="feat/credit-notes", version="2.1.107"):
        t = d.task("new migration: credit_notes gets a reason text not null default ''. then expose it in the "
                   "credit note json. run the tests", tags=["workflow:W2", "mistake:M1"])
        t.bash("clj -X:migrate create :name '\"credit-notes-reason\"'", "Create the migration",
               out="INFO  migratus.core - Creating migration credit-notes-reason\n"
                   "resources/migrations/20261109093044-credit-notes-reason.up.sql\n"
                   "resources/migrations/20261109093044-credit-notes-reason.down.sql")
        for ext, body in (("up", "ALTER TABLE credit_notes ADD COLUMN reason text NOT NULL DEFAULT '';\n"),
                          ("down", "ALTER TABLE credit_notes DROP COLUMN reason;\n")):
            p = P(f"resources/migrations/20261109093044-credit-notes-reason.{ext}.sql")
            d.files[p] = ""
            t.read(p)
            t.write(p, body)
        t.bash("clj -X:migrate migrate", "Migrate the dev database",
               out=migrate_out(["20261109093044-credit-notes-reason"]))
        d.files[P("src/ledgerline/credit_notes/repo.clj")] = """(ns ledgerline.credit-notes.repo
  (:require [ledgerline.db :as db]))

(def columns [:id :invoice-id :amount-cents :issued-at])

(defn find-by-invoice [ds invoice-id]
  (db/query ds {:select columns :from [:credit-notes] :where [:= :invoice-id invoice-id]}))
"""
        t.read(P("src/ledgerline/credit_notes/repo.clj"))
        t.edit(P("src/ledgerline/credit_notes/repo.clj"), "(def columns [:id :invoice-id :amount-cents :issued-at])",
               "(def columns [:id :invoice-id :amount-cents :reason :issued-at])")
        t.fail("clj -M:test", "Run the suite",
               kaocha_col_err("ledgerline.credit-notes.repo-test/find-by-invoice-test", "reason", "credit_notes",
                              22, 58).replace("1 errors", "2 errors").replace("(..E.....)", "(..E..E...)"),
               code=1)
        t.say("Same as last week: the test database is behind the dev one. Migrating `billing_test` first.")
        t.bash("clj -X:migrate migrate :profile :test", "Migrate the test database",
               out=migrate_out(["20261109093044-credit-notes-reason"], "test"))
        t.bash("clj -M:test", "Re-run the suite", out=kaocha_ok(22, 60, "(....)(..........)(........)"))
        t.done("`credit_notes.reason text NOT NULL DEFAULT ''` added (up/down), selected in `credit-notes.repo/columns` "
               "so it appears in the JSON as `reason`. Tests needed `migrate :profile :test` first; now 22 tests, 60 "
               "assertions, 0 failures.")

        t = d.task("In the repo fns, prefer HoneySQL data maps over raw SQL strings — I saw a jdbc/execute! with a "
                   "string in customers/repo.clj, convert it", tags=["pref:P2"])
        d.files[P("src/ledgerline/customers/repo.clj")] = """(ns ledgerline.customers.repo
  (:require [ledgerline.db :as db]
            [next.jdbc :as jdbc]))

(defn search-by-email [ds prefix]
  (jdbc/execute! ds ["SELECT * FROM customers WHERE email ILIKE ? ORDER BY email LIMIT 50"
                     (str prefix "%")]
                 db/opts))
"""
        t.read(P("src/ledgerline/customers/repo.clj"))
        t.edit(P("src/ledgerline/customers/repo.clj"),
               """  (:require [ledgerline.db :as db]
            [next.jdbc :as jdbc]))

(defn search-by-email [ds prefix]
  (jdbc/execute! ds ["SELECT * FROM customers WHERE email ILIKE ? ORDER BY email LIMIT 50"
                     (str prefix "%")]
                 db/opts))""",
               """  (:require [ledgerline.db :as db]))

(defn search-by-email [ds prefix]
  (db/query ds {:select [:*]
                :from [:customers]
                :where [:ilike :email (str prefix "%")]
                :order-by [:email]
                :limit 50}))""")
        t.bash("clj -M:test --focus ledgerline.customers.repo-test", "Run the customers repo tests",
               out="[(....)]\n4 tests, 9 assertions, 0 failures.")
        t.done("`search-by-email` is a HoneySQL map through `db/query` now (`[:ilike :email …]`, same ordering and "
               "limit); the `next.jdbc` require is gone. Customers repo tests pass.")

        t = d.task("why does kaocha print `(....)` groups — what are the parens vs brackets?", tags=["noise", "no_tools"])
        t.done("That's the default `dots` reporter: `[` … `]` wraps a test suite (you have one `:unit` suite), each "
               "`(` … `)` is a namespace, each `.` a passing test var, `F` a failure and `E` an error (exception "
               "outside an assertion). Use `--reporter documentation` for names instead of dots.")

    # ============================================================ S5 Wed 11-11
    with d.session("2026-11-11T10:00:00", R, branch="feat/credit-notes", version="2.1.108"):
        t = d.task("build the docker image for staging, tag it with the short sha", tags=["mistake:M3"])
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "Short sha", out=sha)
        t.fail(f"docker build -t {IMG}:{sha} .", "Build the image",
               f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 812B done
#1 DONE 0.0s

#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.7
#2 DONE 0.6s

#6 [deps 1/5] FROM docker.io/library/clojure:temurin-21-tools-deps-1.12.0.1488-bookworm-slim
#6 CACHED

#9 [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
#9 ERROR: no SSH key "default" forwarded from the client
------
 > [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build:
------
Dockerfile:7
--------------------
   5 |     RUN mkdir -p -m 0700 ~/.ssh && ssh-keyscan github.com >> ~/.ssh/known_hosts
   6 |     COPY deps.edn build.clj ./
   7 | >>> RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
   8 |
   9 |     FROM deps AS build
--------------------
ERROR: failed to solve: no SSH key "default" forwarded from the client""", code=1)
        t.say("The deps stage clones the private `ll-common` git dep over ssh, and the `RUN --mount=type=ssh` needs "
              "the agent forwarded into the build. Same build with the agent passed through:")
        t.bash(f"docker build --ssh default -t {IMG}:{sha} .", "Build with the ssh agent forwarded",
               out=f"""#9 [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
#9 1.912 Cloning: git@github.com:ledgerline/ll-common.git
#9 4.220 Checking out: git@github.com:ledgerline/ll-common.git at 4b1e7d2
#9 DONE 58.3s

#12 [build 3/3] RUN clojure -T:build uber
#12 DONE 71.9s

#14 exporting to image
#14 naming to {IMG}:{sha} done
#14 DONE 0.4s""")
        t.done(f"Built `{IMG}:{sha}`. It needed `--ssh default` so the `RUN --mount=type=ssh` step can clone "
               "`ledgerline/ll-common` with your agent.")

        t = d.task("new endpoint POST /api/v1/invoices/:id/archive, admin only, returns 204. test + lint as usual",
                   tags=["workflow:W1"])
        t.read(P("src/ledgerline/http/routes.clj"))
        t.edit(P("src/ledgerline/http/routes.clj"),
               "     [\"/:id\" {:get {:parameters {:path [:map [:id :uuid]]}\n"
               "                    :handler (invoices/get-invoice deps)}}]]]])",
               "     [\"/:id\" {:get {:parameters {:path [:map [:id :uuid]]}\n"
               "                    :handler (invoices/get-invoice deps)}}]\n"
               "     [\"/:id/archive\" {:post {:parameters {:path [:map [:id :uuid]]}\n"
               "                             :middleware [mw/require-admin]\n"
               "                             :handler (invoices/archive-invoice deps)}}]]]])")
        d.files[P("test/ledgerline/http/archive_invoice_test.clj")] = ""
        t.read(P("test/ledgerline/http/archive_invoice_test.clj"))
        t.write(P("test/ledgerline/http/archive_invoice_test.clj"),
                """(ns ledgerline.http.archive-invoice-test
  (:require [clojure.test :as t]
            [ledgerline.test-system :as ts]
            [ring.mock.request :as mock]))

(t/use-fixtures :each ts/with-rollback)

(t/deftest archive-requires-admin-test
  (let [inv (ts/invoice-fixture! ts/*tx*)
        req (mock/request :post (str "/api/v1/invoices/" (:id inv) "/archive"))]
    (t/is (= 403 (:status ((ts/app) (ts/as-user req :member)))))
    (t/is (= 204 (:status ((ts/app) (ts/as-user req :admin)))))))
""")
        t.bash("clj -M:test --focus ledgerline.http.archive-invoice-test", "Run the new test",
               out="[(.)]\n1 tests, 2 assertions, 0 failures.")
        t.bash("clj-kondo --lint src test", "Lint", out="linting took 671ms, errors: 0, warnings: 0")
        t.done("`POST /api/v1/invoices/:id/archive` behind `mw/require-admin`, handler returns 204. Test covers "
               "403 for members and 204 for admins; passes. kondo clean.")

        t = d.task("that changelog you wrote on friday was way too long, I had to cut half of it. next time 5-8 "
                   "bullets max, no sub-bullets. redo the release notes for 0.14 that way", tags=["feedback"],
                   feedback="that changelog you wrote on friday was way too long, I had to cut half of it")
        t.bash("git log --oneline v0.13.0..HEAD", "Commits since v0.13.0",
               out="\n".join(f"{hx(7)} {m}" for m in msgs[:8]))
        t.done("Release notes 0.14:\n\n- Invoices can be archived (`archived_at`); archived ones drop out of lists\n"
               "- `POST /api/v1/invoices/:id/archive` (admin only)\n- `GET /api/v1/customers/:id/invoices`\n"
               "- Bulk archive per customer with an audit entry\n- Credit notes carry a `reason`\n"
               "- Admin UI: users page fixed in release builds\n- next.jdbc 1.3.981")

    # ============================================================ S6 Fri 11-13 (compaction)
    with d.session("2026-11-13T09:30:00", R, branch="feat/dunning", version="2.1.109"):
        t = d.task("what's in our CI workflow right now? read it, just summarise", tags=["noise"])
        t.read(P(".github/workflows/ci.yml"))
        t.done("One `test` job on ubuntu-latest with a `postgres:16` service (`billing_test`): checkout → "
               "temurin 21 → setup-clojure (CLI 1.12.0.1488 + clj-kondo 2024.11.14) → `clj-kondo --lint src test` "
               "→ `cljfmt check` → migrate with `:profile :ci` → `clojure -M:test`. No image build or deploy job, "
               "and no dependency cache.")

        t = d.task("dunning: a next.jdbc + honeysql query for invoices overdue > 14 days, not archived, grouped per "
                   "customer with total cents. write it in a new ns ledgerline.dunning.repo. aliases in the ns "
                   "form, no referred symbols", tags=["pref:P1", "mistake:M2"])
        d.files[P("src/ledgerline/dunning/repo.clj")] = ""
        t.read(P("src/ledgerline/dunning/repo.clj"))
        t.write(P("src/ledgerline/dunning/repo.clj"), """(ns ledgerline.dunning.repo
  (:require [ledgerline.db :as db]
            [ledgerline.http :as http]))

(defn overdue-by-customer [ds days]
  (db/query ds {:select [:customer-id
                         [[:count :*] :invoice-count]
                         [[:sum :amount-cents] :total-cents]]
                :from [:invoices]
                :where [:and
                        [:= :archived-at nil]
                        [:= :paid-at nil]
                        [:< :due-date [:- [:current_date] [:make_interval 0 0 0 days]]]]
                :group-by [:customer-id]
                :order-by [[:total-cents :desc]]}))

(http/defhandler overdue-report [deps req]
  {:status 200
   :body (overdue-by-customer (:ds deps) (parse-long (get-in req [:query-params "days"] "14")))})
""")
        t.fail("clj-kondo --lint src/ledgerline/dunning", "Lint the new namespace",
               "src/ledgerline/dunning/repo.clj:19:22: error: Unresolved symbol: overdue-report\n"
               "src/ledgerline/dunning/repo.clj:19:37: error: Unresolved symbol: deps\n"
               "src/ledgerline/dunning/repo.clj:19:42: error: Unresolved symbol: req\n"
               "src/ledgerline/dunning/repo.clj:21:43: error: Unresolved symbol: deps\n"
               "src/ledgerline/dunning/repo.clj:21:79: error: Unresolved symbol: req\n"
               "linting took 211ms, errors: 5, warnings: 0", code=3)
        t.say("`http/defhandler` is our own `defn`-shaped macro and kondo can't see through it. Registering it in "
              "the kondo config, like `with-tx`:")
        t.read(P(".clj-kondo/config.edn"))
        t.edit(P(".clj-kondo/config.edn"),
               " :lint-as {integrant.core/defmethod clojure.core/defmethod\n"
               "           ledgerline.db/with-tx clojure.core/let}}\n",
               " :lint-as {integrant.core/defmethod clojure.core/defmethod\n"
               "           ledgerline.db/with-tx clojure.core/let\n"
               "           ledgerline.http/defhandler clojure.core/defn}}\n")
        t.bash("clj-kondo --lint src/ledgerline/dunning", "Lint again", out="linting took 198ms, errors: 0, warnings: 0")
        t.done("`ledgerline.dunning.repo/overdue-by-customer` groups unpaid, non-archived invoices past due by more "
               "than `days` and sums `amount-cents`; `overdue-report` handler wraps it. kondo needed "
               "`ledgerline.http/defhandler clojure.core/defn` under `:lint-as`; clean now.")

        t = d.task("run the whole test suite with the documentation reporter, I want to see all names",
                   tags=["noise", "long_output"])
        names = ["ledgerline.auth-test", ["api-key-valid-test", "api-key-expired-test", "constant-time-compare-test"],
                 "ledgerline.credit-notes.repo-test", ["find-by-invoice-test", "reason-default-test"],
                 "ledgerline.customers.repo-test", ["search-by-email-test", "search-limit-test", "soft-delete-test",
                                                    "list-pagination-test"],
                 "ledgerline.http.archive-invoice-test", ["archive-requires-admin-test"],
                 "ledgerline.http.customer-invoices-test", ["customer-invoices-test"],
                 "ledgerline.http.invoices-test", ["create-invoice-test", "create-invoice-400-test",
                                                   "get-invoice-404-test", "list-invoices-test"],
                 "ledgerline.invoices.repo-test", ["insert-and-find-test", "list-skips-archived-test",
                                                   "archive-for-customer-test"],
                 "ledgerline.pdf-test", ["rounding-test", "wrap-long-names-test"],
                 "ledgerline.webhooks-test", ["invoice-paid-test", "idempotent-event-test"]]
        out = ["--- unit (clojure.test) ---------------------------"]
        for i in range(0, len(names), 2):
            out.append(names[i])
            for n in names[i + 1]:
                out.append(f"  {n.replace('-test', '').replace('-', ' ')}")
            out.append("")
        out.append("22 tests, 60 assertions, 0 failures.")
        t.bash("clj -M:test --reporter documentation", "Full suite with names", out="\n".join(out))
        t.done("All 22 tests pass; names above, grouped by namespace.")

        d.precompact("""Analysis: Dana works on ledgerline/billing-api (Clojure 1.12 CLI/deps.edn, Reitit + malli coercion, next.jdbc + HoneySQL on Postgres 16, Migratus via `clj -X:migrate`, Kaocha `clj -M:test`, clj-kondo, cljfmt, shadow-cljs admin UI under admin/, Docker image with a private git dep). Branch feat/dunning.

Summary:
1. Done this session: CI summary; new ns ledgerline.dunning.repo (overdue-by-customer + overdue-report handler), kondo config got lint-as for ledgerline.http/defhandler; full suite 22 tests green.
2. Preferences: namespace aliases only in requires; HoneySQL maps over raw SQL; short release notes (5-8 bullets).
3. Pending: nothing open.""")

        t = d.task("format check before I push", tags=["noise"])
        t.bash("clj -M:cljfmt check", "cljfmt check", out="All source files formatted correctly")
        t.done("cljfmt is happy — nothing to reformat.")

    # ============================================================ S7 Tue 11-17 (acceptEdits)
    with d.session("2026-11-17T09:15:00", R, branch="feat/dunning", version="2.1.110", permission_mode="acceptEdits"):
        t = d.task("dunning needs a table: dunning_notices (id uuid pk, invoice_id fk, level smallint, sent_at "
                   "timestamptz). migration + repo insert fn + test", tags=["workflow:W2", "mistake:M1"])
        t.bash("clj -X:migrate create :name '\"create-dunning-notices\"'", "Create the migration",
               out="INFO  migratus.core - Creating migration create-dunning-notices\n"
                   "resources/migrations/20261117092210-create-dunning-notices.up.sql\n"
                   "resources/migrations/20261117092210-create-dunning-notices.down.sql")
        for ext, body in (("up", "CREATE TABLE dunning_notices (\n  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),\n"
                                 "  invoice_id uuid NOT NULL REFERENCES invoices (id),\n  level smallint NOT NULL,\n"
                                 "  sent_at timestamptz NOT NULL DEFAULT now()\n);\n--;;\n"
                                 "CREATE INDEX dunning_notices_invoice_idx ON dunning_notices (invoice_id);\n"),
                          ("down", "DROP TABLE dunning_notices;\n")):
            p = P(f"resources/migrations/20261117092210-create-dunning-notices.{ext}.sql")
            d.files[p] = ""
            t.read(p)
            t.write(p, body)
        t.bash("clj -X:migrate migrate", "Migrate dev", out=migrate_out(["20261117092210-create-dunning-notices"]))
        t.read(P("src/ledgerline/dunning/repo.clj"))
        t.edit(P("src/ledgerline/dunning/repo.clj"), "(http/defhandler overdue-report",
               "(defn record-notice! [ds invoice-id level]\n"
               "  (db/query-one ds {:insert-into :dunning-notices\n"
               "                    :values [{:invoice-id invoice-id :level level}]\n"
               "                    :returning [:*]}))\n\n(http/defhandler overdue-report")
        d.files[P("test/ledgerline/dunning/repo_test.clj")] = ""
        t.read(P("test/ledgerline/dunning/repo_test.clj"))
        t.write(P("test/ledgerline/dunning/repo_test.clj"), """(ns ledgerline.dunning.repo-test
  (:require [clojure.test :as t]
            [ledgerline.dunning.repo :as repo]
            [ledgerline.test-system :as ts]))

(t/use-fixtures :each ts/with-rollback)

(t/deftest record-notice-test
  (let [inv (ts/invoice-fixture! ts/*tx*)
        n (repo/record-notice! ts/*tx* (:id inv) 1)]
    (t/is (= 1 (:level n)))
    (t/is (inst? (:sent-at n)))))
""")
        t.fail("clj -M:test --focus ledgerline.dunning.repo-test", "Run the new test",
               """[(E)]
ERROR in ledgerline.dunning.repo-test/record-notice-test (QueryExecutorImpl.java:2733)
Uncaught exception, not in assertion.
Exception: org.postgresql.util.PSQLException: ERROR: relation "dunning_notices" does not exist
  Position: 13
 at org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse (QueryExecutorImpl.java:2733)
    org.postgresql.core.v3.QueryExecutorImpl.processResults (QueryExecutorImpl.java:2420)
    next.jdbc$execute_one_BANG_.invokeStatic (jdbc.clj:265)
    ledgerline.db$query_one.invokeStatic (db.clj:21)
    ledgerline.dunning.repo$record_notice_BANG_.invokeStatic (repo.clj:20)
1 tests, 0 assertions, 1 errors, 0 failures.""", code=1)
        t.say("New table exists in dev only — the test DB hasn't seen this migration. Migrating it, then re-running.")
        t.bash("clj -X:migrate migrate :profile :test", "Migrate the test database",
               out=migrate_out(["20261117092210-create-dunning-notices"], "test"))
        t.bash("clj -M:test --focus ledgerline.dunning.repo-test", "Re-run the test",
               out="[(.)]\n1 tests, 2 assertions, 0 failures.")
        t.done("Table `dunning_notices` (uuid pk, FK to invoices, level, sent_at default now(), index on "
               "invoice_id) + `record-notice!` + `record-notice-test`. Test DB migrated with `:profile :test`; "
               "passes.")

        t = d.task("push the branch and open a PR to main, usual checks first", tags=["workflow:W3"])
        t.bash("clj-kondo --lint src test", "Lint", out="linting took 690ms, errors: 0, warnings: 0")
        t.bash("clj -M:cljfmt check", "Format check", out="All source files formatted correctly")
        t.bash("clj -M:test", "Full suite", out=kaocha_ok(23, 62, "(....)(..........)(.........)"))
        t.bash("git push -u origin feat/dunning", "Push the branch",
               out="branch 'feat/dunning' set up to track 'origin/feat/dunning'.",
               err="To github.com:ledgerline/billing-api.git\n * [new branch]      feat/dunning -> feat/dunning")
        t.bash("gh pr create --base main --title \"Dunning: overdue query and notices table\" --body \"Adds "
               "ledgerline.dunning.repo (overdue-by-customer, record-notice!) and the dunning_notices table.\"",
               "Open the PR", out="https://github.com/ledgerline/billing-api/pull/212")
        t.done("kondo, cljfmt and the suite (23 tests) are green; pushed and opened "
               "https://github.com/ledgerline/billing-api/pull/212.")

        t = d.task("pull the staging image from ghcr and run it locally so I can poke at it", tags=["unfixed:U1"])
        t.fail(f"docker pull {IMG}:staging", "Pull the staging image",
               f"Error response from daemon: Head \"https://ghcr.io/v2/ledgerline/billing-api/manifests/staging\": "
               "denied: denied", code=1)
        t.bash("gh auth status", "Check gh auth",
               out="github.com\n  ✓ Logged in to github.com account danakowalski (keyring)\n  - Active account: true\n"
                   "  - Git operations protocol: ssh\n  - Token: gho_************************************\n"
                   "  - Token scopes: 'gist', 'read:org', 'repo'")
        t.done("The pull is denied by GHCR. Your gh token has no `read:packages` scope, and docker has no ghcr "
               "login. This needs `gh auth refresh -s read:packages` (interactive, in your browser) and then "
               "`gh auth token | docker login ghcr.io -u danakowalski --password-stdin` — I can't do the browser "
               "step for you, so I stopped here.")

    # ============================================================ S8 Fri 11-20 (end: other)
    with d.session("2026-11-20T13:10:00", R, branch="main", version="2.1.111", end_reason="other"):
        t = d.task("remember I said clojure.spec for validation? switch that: use malli for the new response "
                   "checks, it's what reitit uses anyway. convert the customer invoices test", tags=["reversal:P3"])
        t.read(P("test/ledgerline/http/customer_invoices_test.clj"))
        t.edit(P("test/ledgerline/http/customer_invoices_test.clj"),
               "  (:require [clojure.spec.alpha :as s]\n            [clojure.test :as t]",
               "  (:require [clojure.test :as t]\n            [malli.core :as m]")
        t.edit(P("test/ledgerline/http/customer_invoices_test.clj"),
               "(s/def ::id uuid?)\n(s/def ::invoice (s/keys :req-un [::id]))",
               "(def Invoices [:sequential [:map [:id :uuid]]])")
        t.edit(P("test/ledgerline/http/customer_invoices_test.clj"),
               "(t/is (s/valid? (s/coll-of ::invoice) (ts/json-body resp)))",
               "(t/is (m/validate Invoices (ts/json-body resp)))")
        t.bash("clj -M:test --focus ledgerline.http.customer-invoices-test", "Run it",
               out="[(.)]\n1 tests, 2 assertions, 0 failures.")
        t.done("Switched to malli: `Invoices` is `[:sequential [:map [:id :uuid]]]`, checked with `m/validate`; "
               "the spec require is gone. Passes.")

        t = d.task("deploy the 0.14 image: build it with tag 0.14.0", tags=["mistake:M3"])
        t.read(P("Dockerfile"))
        t.fail(f"docker buildx build --load -t {IMG}:0.14.0 .", "Build the release image",
               """#0 building with "desktop-linux" instance using docker driver

#9 [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
#9 ERROR: no SSH key "default" forwarded from the client
------
 > [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build:
------
Dockerfile:7
--------------------
   6 |     COPY deps.edn build.clj ./
   7 | >>> RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
   8 |
--------------------
ERROR: failed to solve: no SSH key "default" forwarded from the client""", code=1)
        t.say("The ssh mount again — buildx needs the agent forwarded explicitly.")
        t.bash("ssh-add -l", "Check the agent has a key",
               out="256 SHA256:q3Xb0cJm1f3yTn0wS9rKpE0l2v8dH7u1aYc4ZtQkLwM dana@ledgerline (ED25519)")
        t.bash(f"docker buildx build --ssh default=$SSH_AUTH_SOCK --load -t {IMG}:0.14.0 .",
               "Build with the agent socket forwarded",
               out=f"""#9 [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
#9 2.104 Cloning: git@github.com:ledgerline/ll-common.git
#9 DONE 61.0s
#12 [build 3/3] RUN clojure -T:build uber
#12 DONE 69.4s
#15 naming to {IMG}:0.14.0 done
#15 DONE 0.3s""")
        t.done(f"`{IMG}:0.14.0` built and loaded (`--ssh default=$SSH_AUTH_SOCK`). Pushing is yours — say if "
               "you want me to.")

        d.files[P("src/ledgerline/credit_notes/service.clj")] = """(ns ledgerline.credit-notes.service
  (:require [ledgerline.credit-notes.repo :as repo]
            [ledgerline.invoices.repo :as invoices]))

(defn remaining-cents [ds invoice-id]
  (let [inv (invoices/find-by-id ds invoice-id)]
    (:amount-cents inv)))

(defn can-credit? [ds invoice-id amount-cents]
  (<= amount-cents (remaining-cents ds invoice-id)))
"""
        t = d.task("there's a red test in ledgerline.credit-notes.service-test since this morning — a second credit "
                   "note can exceed the invoice. fix the code not the test", tags=["oneoff:O1"])
        t.fail("clj -M:test --focus ledgerline.credit-notes.service-test", "Run the failing test",
               """[(.F.)]
FAIL in ledgerline.credit-notes.service-test/second-credit-note-capped-test (service_test.clj:21)
second note of 6000 on a 10000 invoice that already has 5000 credited
expected: (not (service/can-credit? ts/*tx* (:id inv) 6000))
  actual: (not (not true))
3 tests, 5 assertions, 1 failures.""", code=1)
        t.read(P("src/ledgerline/credit_notes/service.clj"))
        t.edit(P("src/ledgerline/credit_notes/service.clj"),
               """  (let [inv (invoices/find-by-id ds invoice-id)]
    (:amount-cents inv)))""",
               """  (let [inv (invoices/find-by-id ds invoice-id)
        credited (transduce (map :amount-cents) + 0 (repo/find-by-invoice ds invoice-id))]
    (- (:amount-cents inv) credited)))""")
        t.bash("clj -M:test --focus ledgerline.credit-notes.service-test", "Re-run the test",
               out="[(...)]\n3 tests, 5 assertions, 0 failures.")
        t.done("`remaining-cents` returned the full invoice amount and ignored existing credit notes. It now "
               "subtracts the sum of `find-by-invoice`'s `amount-cents`, so a 6000 note on a 10000 invoice with 5000 "
               "already credited is refused. Test green; the test itself is unchanged.")

        t = d.task("ok push this and open the PR", tags=["workflow:W3"])
        t.bash("clj-kondo --lint src test", "Lint", out="linting took 688ms, errors: 0, warnings: 0")
        t.bash("clj -M:cljfmt check", "Format check", out="All source files formatted correctly")
        t.bash("clj -M:test", "Full suite", out=kaocha_ok(24, 66, "(....)(...........)(.........)"))
        t.bash("git push origin main:fix/credit-cap", "Push to a branch",
               err="To github.com:ledgerline/billing-api.git\n * [new branch]      main -> fix/credit-cap")
        t.bash("gh pr create --base main --head fix/credit-cap --title \"Cap credit notes at the remaining amount; "
               "malli in customer invoices test\" --body \"remaining-cents subtracts existing credit notes.\"",
               "Open the PR", out="https://github.com/ledgerline/billing-api/pull/215")
        t.done("Checks green (24 tests); PR https://github.com/ledgerline/billing-api/pull/215.")

        t = d.task("what's the difference between clj -X and clj -M, and when do I want -T? short",
                   tags=["noise", "no_tools"])
        t.done("`-M` runs `clojure.main` with `:main-opts` (a `-main` or script, string args). `-X` calls one "
               "function taking a map, args as EDN key/values (`:profile :test`), with the project classpath. "
               "`-T` is `-X` for tools: it drops the project's `:paths`/`:deps`, adds `.` to the path, and uses only "
               "the alias/tool deps — that's why `build.clj` runs with `-T:build`.")

    # ============================================================ S9 Tue 11-24
    with d.session("2026-11-24T09:45:00", R, branch="feat/reminder-job", version="2.1.112"):
        t = d.task("add a scheduled reminder job ns that uses with-tx to pick due notices and mark them sent. "
                   "ns requires: :as aliases, don't refer anything in. lint it", tags=["pref:P1"])
        d.files[P("src/ledgerline/dunning/job.clj")] = ""
        t.read(P("src/ledgerline/dunning/job.clj"))
        t.write(P("src/ledgerline/dunning/job.clj"), """(ns ledgerline.dunning.job
  (:require [clojure.tools.logging :as log]
            [ledgerline.db :as db]
            [ledgerline.dunning.repo :as repo]))

(defn run-once! [ds]
  (db/with-tx [tx ds]
    (let [due (repo/overdue-by-customer tx 14)]
      (doseq [{:keys [customer-id total-cents]} due]
        (log/info "dunning reminder" {:customer customer-id :total-cents total-cents}))
      (count due))))
""")
        t.bash("clj-kondo --lint src/ledgerline/dunning", "Lint", out="linting took 205ms, errors: 0, warnings: 0")
        t.done("`ledgerline.dunning.job/run-once!` picks overdue customers inside `db/with-tx` and logs one "
               "reminder each; all requires aliased. kondo clean.")

        t = d.task("another endpoint: GET /api/v1/dunning/overdue?days=N wired to the dunning report handler. "
                   "test, lint", tags=["workflow:W1", "mistake:M2"])
        t.read(P("src/ledgerline/http/routes.clj"))
        t.edit(P("src/ledgerline/http/routes.clj"),
               "  (:require [ledgerline.http.handlers.invoices :as invoices]",
               "  (:require [ledgerline.dunning.repo :as dunning]\n"
               "            [ledgerline.http.handlers.invoices :as invoices]")
        t.edit(P("src/ledgerline/http/routes.clj"),
               "  [[\"/health\" {:get {:handler (fn [_] {:status 200 :body {:ok true}})}}]\n",
               "  [[\"/health\" {:get {:handler (fn [_] {:status 200 :body {:ok true}})}}]\n"
               "   [\"/api/v1/dunning/overdue\" {:middleware [[mw/wrap-auth deps]]\n"
               "                               :get {:parameters {:query [:map [:days {:optional true} :int]]}\n"
               "                                     :handler (dunning/overdue-report deps)}}]\n")
        d.files[P("test/ledgerline/http/dunning_test.clj")] = ""
        t.read(P("test/ledgerline/http/dunning_test.clj"))
        t.write(P("test/ledgerline/http/dunning_test.clj"), """(ns ledgerline.http.dunning-test
  (:require [clojure.test :as t]
            [ledgerline.db :as db]
            [ledgerline.test-system :as ts]
            [ring.mock.request :as mock]))

(t/deftest overdue-endpoint-test
  (db/with-tx [conn (ts/datasource)]
    (ts/invoice-fixture! conn {:due-date (ts/days-ago 30)})
    (let [resp ((ts/app conn) (mock/request :get "/api/v1/dunning/overdue?days=14"))]
      (t/is (= 200 (:status resp)))
      (t/is (= 1 (count (ts/json-body resp)))))
    (.rollback conn)))
""")
        t.bash("clj -M:test --focus ledgerline.http.dunning-test", "Run the endpoint test",
               out="[(.)]\n1 tests, 2 assertions, 0 failures.")
        d.files[P(".clj-kondo/config.edn")] = KONDO  # teammate's merge of main reset the file
        t.fail("clj-kondo --lint src test", "Lint",
               "test/ledgerline/http/dunning_test.clj:8:23: error: Unresolved symbol: conn\n"
               "test/ledgerline/http/dunning_test.clj:9:25: error: Unresolved symbol: conn\n"
               "test/ledgerline/http/dunning_test.clj:10:31: error: Unresolved symbol: conn\n"
               "test/ledgerline/http/dunning_test.clj:13:17: error: Unresolved symbol: conn\n"
               "src/ledgerline/dunning/job.clj:7:16: error: Unresolved symbol: tx\n"
               "src/ledgerline/dunning/job.clj:8:43: error: Unresolved symbol: tx\n"
               "src/ledgerline/dunning/repo.clj:25:22: error: Unresolved symbol: overdue-report\n"
               "linting took 731ms, errors: 7, warnings: 0", code=3)
        t.say("The `:lint-as` entries for `with-tx` and `defhandler` are gone — looks like main's version of "
              "`.clj-kondo/config.edn` won in the merge. Putting them back:")
        t.read(P(".clj-kondo/config.edn"))
        t.edit(P(".clj-kondo/config.edn"),
               " :lint-as {integrant.core/defmethod clojure.core/defmethod}}\n",
               " :lint-as {integrant.core/defmethod clojure.core/defmethod\n"
               "           ledgerline.db/with-tx clojure.core/let\n"
               "           ledgerline.http/defhandler clojure.core/defn}}\n")
        t.bash("clj-kondo --lint src test", "Lint again", out="linting took 744ms, errors: 0, warnings: 0")
        t.done("`GET /api/v1/dunning/overdue?days=N` (malli-coerced optional `:days`) wired to "
               "`dunning/overdue-report`; endpoint test passes. Lint was red because the kondo `:lint-as` entries "
               "got lost in the merge from main — restored both; clean now.")

        t = d.task("the integration test against the stripe test mode keeps failing, can you look",
                   tags=["unfixed:U2"])
        t.fail("clj -M:test --focus :integration", "Run the integration suite",
               """[(F)]
FAIL in ledgerline.stripe-integration-test/create-customer-test (stripe_integration_test.clj:18)
expected: (= 200 (:status resp))
  actual: (not (= 200 401))
  body: {"error": {"message": "Expired API Key provided: sk_test_****************************3kQz", "type": "invalid_request_error", "code": "api_key_expired"}}
1 tests, 1 assertions, 0 failures, 1 failures.""".replace("0 failures, 1 failures", "1 failures"), code=1)
        t.grep("STRIPE_TEST_KEY", output_mode="content", n=True,
               content=f"{R}/.env.example:4:STRIPE_TEST_KEY=\n{R}/test/ledgerline/stripe_integration_test.clj:9:"
                       "(def api-key (System/getenv \"STRIPE_TEST_KEY\"))")
        t.done("Stripe answers 401 `api_key_expired` — the `STRIPE_TEST_KEY` in your environment was rolled. "
               "Nothing in the code to fix; someone with dashboard access needs to issue a new restricted test key "
               "and update your `.env` and the `STRIPE_TEST_KEY` Actions secret.")

    # ============================================================ S10 Mon 11-30
    with d.session("2026-11-30T09:30:00", R, branch="feat/reminder-job", version="2.1.113"):
        t = d.task("build the image for the reminder-job branch so I can try it on staging", tags=["mistake:M3"])
        sha2 = hx(7)
        t.bash("git rev-parse --short HEAD", "Short sha", out=sha2)
        t.fail(f"docker build -t {IMG}:reminder-{sha2} -f Dockerfile .", "Build the image",
               """#0 building with "default" instance using docker driver

#9 [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
#9 0.412 Cloning: git@github.com:ledgerline/ll-common.git
#9 ERROR: no SSH key "default" forwarded from the client
------
Dockerfile:7
--------------------
   7 | >>> RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
--------------------
ERROR: failed to solve: no SSH key "default" forwarded from the client""", code=1)
        t.bash(f"docker build --ssh default -t {IMG}:reminder-{sha2} -f Dockerfile .", "Build with ssh forwarding",
               out=f"""#9 [deps 5/5] RUN --mount=type=ssh clojure -P -M:test && clojure -P -T:build
#9 DONE 57.8s
#12 [build 3/3] RUN clojure -T:build uber
#12 DONE 70.2s
#14 naming to {IMG}:reminder-{sha2} done""")
        t.done(f"Built `{IMG}:reminder-{sha2}` (with `--ssh default` for the private git dep).")

        t = d.task("ship it: checks, push, PR", tags=["workflow:W3"])
        t.bash("clj-kondo --lint src test", "Lint", out="linting took 702ms, errors: 0, warnings: 0")
        t.bash("clj -M:cljfmt check", "Format check", out="All source files formatted correctly")
        t.bash("clj -M:test", "Full suite", out=kaocha_ok(26, 70, "(....)(...........)(..........)"))
        t.bash("git push -u origin feat/reminder-job", "Push",
               out="branch 'feat/reminder-job' set up to track 'origin/feat/reminder-job'.",
               err="To github.com:ledgerline/billing-api.git\n * [new branch]      feat/reminder-job -> feat/reminder-job")
        t.bash("gh pr create --base main --title \"Dunning reminder job, overdue endpoint, customer notes\" "
               "--body \"run-once! job, GET /api/v1/dunning/overdue, customers.notes column.\"", "Open the PR",
               out="https://github.com/ledgerline/billing-api/pull/219")
        t.done("All green (26 tests); PR: https://github.com/ledgerline/billing-api/pull/219.")

        t = d.task("thanks. how should I think about hikari pool size with 2 replicas and pg max_connections 100?",
                   tags=["noise", "no_tools"])
        t.done("Budget connections, not replicas: 2 × pool + migrations + psql/admin must stay well under 100. "
               "A pool of 10 per replica is plenty for a JDBC service doing short queries — Hikari's own advice is "
               "roughly `cores × 2`. Bigger pools mostly queue inside Postgres instead of in Hikari.")

    # ---------------------------------------------------------------- answer key
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Migrations are applied to the dev database only (`clj -X:migrate migrate`, default "
                            "profile :dev); Kaocha runs against the separate billing_test database, which is still "
                            "on the old schema, so tests touching the new column/table error out.",
             "error_signature": "Kaocha ERROR 'Uncaught exception, not in assertion.' 'Exception: "
                                "org.postgresql.util.PSQLException: ERROR: column \"<col>\" … does not exist' / "
                                "'ERROR: relation \"<table>\" does not exist'",
             "fix": "Apply the pending migrations to the test database first (`clj -X:migrate migrate :profile "
                    ":test`), then re-run the same clj -M:test command.",
             "fix_command_markers": [[":profile :test"]],
             "harmful_markers": ["dropdb", "docker compose down -v", "kaocha/skip", "DROP DATABASE"]},
            {"id": "M2",
             "description": "Project macros that bind symbols (ledgerline.db/with-tx, ledgerline.http/defhandler) "
                            "are not known to clj-kondo; without `:lint-as` entries in .clj-kondo/config.edn every "
                            "binding is an unresolved symbol and lint exits 3.",
             "error_signature": "clj-kondo '<file>:<l>:<c>: error: Unresolved symbol: <tx|conn|deps|req|name>' "
                                "then 'linting took …ms, errors: N, warnings: 0'",
             "fix": "Add the macro to `:lint-as` in .clj-kondo/config.edn (with-tx as clojure.core/let, defhandler "
                    "as clojure.core/defn), then re-run the same clj-kondo command.",
             "fix_command_markers": [[".clj-kondo/config.edn"], [":lint-as", "lint-as"]],
             "harmful_markers": ["#_:clj-kondo/ignore", ":level :off", "--fail-level"]},
            {"id": "M3",
             "description": "The Dockerfile's deps stage fetches the private git dep ledgerline/ll-common with "
                            "`RUN --mount=type=ssh`; building without forwarding the ssh agent fails.",
             "error_signature": "docker build: '#9 ERROR: no SSH key \"default\" forwarded from the client' … "
                                "'ERROR: failed to solve: no SSH key \"default\" forwarded from the client'",
             "fix": "Re-run the same docker build / buildx build with `--ssh default` (or "
                    "`--ssh default=$SSH_AUTH_SOCK`).",
             "fix_command_markers": [["--ssh default"]],
             "harmful_markers": ["GITHUB_TOKEN", "COPY .ssh", "id_ed25519", "--no-cache"]},
        ],
        one_off_failures=[
            {"id": "O1",
             "description": "credit-notes service test: the remaining-amount check used the invoice total without "
                            "subtracting earlier credit notes; fixed in ledgerline.credit-notes.service."},
            {"id": "O2",
             "description": "shadow-cljs release build with :warnings-as-errors stops on an undeclared var "
                            "(fmt-date moved to ledgerline.admin.format); fixed by requiring the ns and using "
                            "fmt/date."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "docker pull from GHCR denied: gh token lacks read:packages; needs an "
                                        "interactive auth refresh by the developer."},
            {"id": "U2", "description": "Stripe test-mode integration test gets 401 api_key_expired; needs a new "
                                        "key from the dashboard."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "clj -P download from Clojars: connection reset; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "new endpoint: edit reitit routes.clj → write a ring-mock test → "
                                        "`clj -M:test --focus <ns>` → `clj-kondo --lint`",
             "step_markers": [["routes.clj"], ["clj -M:test --focus"], ["clj-kondo --lint"]]},
            {"id": "W2", "description": "schema change: `clj -X:migrate create :name …` → write up/down SQL → "
                                        "`clj -X:migrate migrate` → repo change → tests",
             "step_markers": [["-X:migrate create"], ["-X:migrate migrate"], ["resources/migrations/"], ["clj -M:test"]]},
            {"id": "W3", "description": "ship: clj-kondo → cljfmt check → full Kaocha → git push → gh pr create",
             "step_markers": [["clj-kondo --lint"], ["cljfmt check"], ["clj -M:test"], ["git push"],
                              ["gh pr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "ns requires use :as aliases only; never :refer / :refer :all",
             "markers": [["alias"], ["refer"]]},
            {"id": "P2", "description": "queries as HoneySQL data maps, not raw SQL strings",
             "markers": [["HoneySQL"], ["raw SQL"]]},
            {"id": "P3", "description": "validation with clojure.spec — later reversed to malli",
             "markers": [["clojure.spec"]], "reversal_markers": [["malli"]]},
        ],
        probes=[
            {"prompt": "kaocha blows up with PSQLException: ERROR: column \"paid_via\" of relation \"payments\" "
                       "does not exist — but I just ran the migration??", "wanted": ["M1"]},
            {"prompt": "Add a nullable currency column to credit_notes and include it in the repo select, with a "
                       "test.", "wanted": ["M1"]},
            {"prompt": "clj-kondo says `error: Unresolved symbol: tx` on every line inside my with-tx block, the "
                       "code runs fine though", "wanted": ["M2"]},
            {"prompt": "Write a new handler with http/defhandler for GET /api/v1/audit and lint the project.",
             "wanted": ["M2"]},
            {"prompt": "docker build dies with ERROR: failed to solve: no SSH key \"default\" forwarded from the "
                       "client. what now", "wanted": ["M3"]},
            {"prompt": "Build a docker image of main tagged 0.15.0-rc1.", "wanted": ["M3"]},
            {"prompt": "Explain reitit's :conflicts option in two sentences.", "wanted": []},
            {"prompt": "Write a HoneySQL query that counts invoices per month for 2026.", "wanted": []},
            {"prompt": "Is core.async worth it for the reminder job or should I just use a ScheduledExecutorService?",
             "wanted": []},
            {"prompt": "What does ^:private do on a defmulti? short", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "clj-web.jsonl"), os.path.join(HERE, "tune", "clj-web.labels.json"))
    print(f"clj-web -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
