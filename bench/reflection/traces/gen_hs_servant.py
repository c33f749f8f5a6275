"""hs-servant: Ines Carvalho, backend developer at Rota (logistics startup), Haskell parcel API.

Stack: GHC 9.8 + cabal (cabal.project, cabal.project.freeze), Servant, hasql + hasql-transaction on
PostgreSQL (dbmate migrations), hspec + hspec-wai + tmp-postgres, hlint and ormolu via pre-commit,
ghcid, multi-stage Dockerfile, GHCR, GitHub Actions deploys.

Written blind for fresh/; measured once held out (round 12), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ines"
R = "/home/ines/src/parcel-api"
MODEL = "claude-opus-4-6"
IMG = "ghcr.io/rotalog/parcel-api"
STG = "https://parcel-api.stg.rotalog.io"
DIST = f"{R}/dist-newstyle/build/x86_64-linux/ghc-9.8.4/parcel-api-0.1.0.0"
HX = random.Random(4711)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


CABAL = """cabal-version:      3.4
name:               parcel-api
version:            0.1.0.0
synopsis:           Parcel booking and tracking API
license:            NONE
author:             Rota Logistics
build-type:         Simple

common shared
  default-language:   GHC2021
  default-extensions:
    DataKinds
    DeriveAnyClass
    DerivingStrategies
    DuplicateRecordFields
    OverloadedRecordDot
    OverloadedStrings
    QuasiQuotes
    TypeOperators

  ghc-options:
    -Wall -Wcompat -Widentities -Wincomplete-record-updates
    -Wincomplete-uni-patterns -Wpartial-fields -Wredundant-constraints

library
  import:          shared
  hs-source-dirs:  src
  exposed-modules:
    Parcel.Api
    Parcel.Api.Shipments
    Parcel.App
    Parcel.Db
    Parcel.Db.Shipments
    Parcel.Domain.Shipment
    Parcel.Error
    Parcel.Pricing

  build-depends:
    , aeson              ^>=2.2
    , base               >=4.19 && <4.20
    , bytestring
    , hasql              ^>=1.8
    , hasql-pool         ^>=1.2
    , hasql-th           ^>=0.4
    , hasql-transaction  ^>=1.1
    , servant            ^>=0.20
    , servant-server     ^>=0.20
    , text
    , time
    , uuid
    , vector
    , wai
    , warp

executable parcel-api
  import:          shared
  hs-source-dirs:  app
  main-is:         Main.hs
  ghc-options:     -threaded -rtsopts "-with-rtsopts=-N -A16m"
  build-depends:
    , base
    , parcel-api

test-suite parcel-api-test
  import:             shared
  type:               exitcode-stdio-1.0
  hs-source-dirs:     test
  main-is:            Spec.hs
  other-modules:
    Parcel.Api.ShipmentsSpec
    Parcel.Db.ShipmentsSpec
    Parcel.PricingSpec
    Parcel.TestApp
    Parcel.TestDb
    Parcel.TestFixtures

  build-tool-depends: hspec-discover:hspec-discover ^>=2.11
  ghc-options:        -threaded
  build-depends:
    , aeson
    , base
    , hasql
    , hasql-pool
    , hspec         ^>=2.11
    , hspec-wai     ^>=0.11
    , http-types
    , parcel-api
    , text
    , tmp-postgres  ^>=1.34
    , wai
"""

CABAL_PROJECT = """packages: .

index-state: hackage.haskell.org 2026-09-28T00:00:00Z

with-compiler: ghc-9.8.4
tests: True
test-show-details: direct

package parcel-api
  ghc-options: -fwrite-ide-info
"""

API_HS = """module Parcel.Api
  ( ParcelApi,
    parcelApi,
    server,
  )
where

import Data.Proxy (Proxy (..))
import Parcel.Api.Shipments (ShipmentsApi, shipmentsServer)
import Parcel.App (AppM, Env)
import Servant

type ParcelApi =
  "healthz" :> Get '[PlainText] Text
    :<|> "v1" :> ShipmentsApi

parcelApi :: Proxy ParcelApi
parcelApi = Proxy

server :: Env -> Server ParcelApi
server env = pure "ok" :<|> hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer
"""

SHIP_API = """module Parcel.Api.Shipments
  ( ShipmentsApi,
    shipmentsServer,
  )
where

import Data.Text (Text)
import Data.UUID (UUID)
import Parcel.App (AppM, withDb)
import Parcel.Db.Shipments qualified as Db
import Parcel.Domain.Shipment
import Parcel.Error (notFound)
import Servant

type ShipmentsApi =
  "shipments"
    :> ( Header' '[Required, Strict] "X-Merchant-Id" UUID
           :> QueryParam "limit" Int
           :> Get '[JSON] [Shipment]
           :<|> Capture "shipmentId" UUID :> Get '[JSON] Shipment
           :<|> ReqBody '[JSON] NewShipment :> PostCreated '[JSON] Shipment
       )

shipmentsServer :: ServerT ShipmentsApi AppM
shipmentsServer = listShipments :<|> getShipment :<|> createShipment

listShipments :: UUID -> Maybe Int -> AppM [Shipment]
listShipments merchant limit =
  withDb (Db.listForMerchant merchant (maybe 50 (min 200) limit))

getShipment :: UUID -> AppM Shipment
getShipment sid =
  withDb (Db.findById sid) >>= maybe (notFound "shipment") pure

createShipment :: NewShipment -> AppM Shipment
createShipment new = withDb (Db.insert new)
"""

SHIP_DB = """module Parcel.Db.Shipments
  ( listForMerchant,
    findById,
    insert,
  )
where

import Data.Int (Int64)
import Data.Profunctor (dimap)
import Data.UUID (UUID)
import Data.Vector qualified as V
import Hasql.Session (Session)
import Hasql.Session qualified as Session
import Hasql.TH qualified as TH
import Parcel.Domain.Shipment

listForMerchant :: UUID -> Int -> Session [Shipment]
listForMerchant merchant limit =
  V.toList . fmap toShipment
    <$> Session.statement
      (merchant, fromIntegral limit)
      [TH.vectorStatement|
        select id :: uuid, merchant_id :: uuid, carrier :: text, carrier_ref :: text?,
               status :: text, weight_grams :: int4, created_at :: timestamptz
        from shipments
        where merchant_id = $1 :: uuid
        order by created_at desc
        limit $2 :: int8
      |]

findById :: UUID -> Session (Maybe Shipment)
findById sid =
  fmap toShipment
    <$> Session.statement
      sid
      [TH.maybeStatement|
        select id :: uuid, merchant_id :: uuid, carrier :: text, carrier_ref :: text?,
               status :: text, weight_grams :: int4, created_at :: timestamptz
        from shipments
        where id = $1 :: uuid
      |]

insert :: NewShipment -> Session Shipment
insert new =
  toShipment
    <$> Session.statement
      (new.merchantId, new.carrier, fromIntegral new.weightGrams)
      [TH.singletonStatement|
        insert into shipments (merchant_id, carrier, weight_grams)
        values ($1 :: uuid, $2 :: text, $3 :: int4)
        returning id :: uuid, merchant_id :: uuid, carrier :: text, carrier_ref :: text?,
                  status :: text, weight_grams :: int4, created_at :: timestamptz
      |]
"""

DOMAIN = """module Parcel.Domain.Shipment
  ( Shipment (..),
    ShipmentStatus (..),
    NewShipment (..),
    toShipment,
  )
where

import Data.Aeson (FromJSON, ToJSON)
import Data.Int (Int32)
import Data.Text (Text)
import Data.Time (UTCTime)
import Data.UUID (UUID)
import GHC.Generics (Generic)

data ShipmentStatus = Booked | InTransit | Delivered | Returned
  deriving stock (Eq, Show, Generic)
  deriving anyclass (ToJSON, FromJSON)

data Shipment = Shipment
  { id :: UUID,
    merchantId :: UUID,
    carrier :: Text,
    carrierRef :: Maybe Text,
    status :: ShipmentStatus,
    weightGrams :: Int,
    createdAt :: UTCTime
  }
  deriving stock (Eq, Show, Generic)
  deriving anyclass (ToJSON)

data NewShipment = NewShipment
  { merchantId :: UUID,
    carrier :: Text,
    weightGrams :: Int
  }
  deriving stock (Eq, Show, Generic)
  deriving anyclass (FromJSON)

toShipment :: (UUID, UUID, Text, Maybe Text, Text, Int32, UTCTime) -> Shipment
toShipment (i, m, c, ref, st, w, t) = Shipment i m c ref (parseStatus st) (fromIntegral w) t
  where
    parseStatus = \\case
      "in_transit" -> InTransit
      "delivered" -> Delivered
      "returned" -> Returned
      _ -> Booked
"""

APP_HS = """module Parcel.App
  ( AppM,
    Env (..),
    runAppM,
    withDb,
  )
where

import Control.Monad.Except (ExceptT (..))
import Control.Monad.Reader (ReaderT, asks, runReaderT)
import Hasql.Pool (Pool)
import Hasql.Pool qualified as Pool
import Hasql.Session (Session)
import Parcel.Error (dbError)
import Servant (Handler (..))

data Env = Env
  { pool :: Pool,
    logLevel :: Text
  }

type AppM = ReaderT Env Handler

runAppM :: Env -> AppM a -> Handler a
runAppM env m = runReaderT m env

withDb :: Session a -> AppM a
withDb s = do
  p <- asks (.pool)
  r <- liftIO (Pool.use p s)
  either dbError pure r
"""

MAIN_HS = """module Main (main) where

import Hasql.Connection qualified as Connection
import Hasql.Pool qualified as Pool
import Hasql.Pool.Config qualified as Pool
import Network.Wai.Handler.Warp qualified as Warp
import Parcel.Api (parcelApi, server)
import Parcel.App (Env (..))
import Servant (serve)
import System.Environment (getEnv, lookupEnv)

main :: IO ()
main = do
  dbUrl <- getEnv "DATABASE_URL"
  port <- maybe 8080 read <$> lookupEnv "PORT"
  pool <-
    Pool.acquire $
      Pool.settings
        [ Pool.staticConnectionSettings (Connection.settings (fromString dbUrl)),
          Pool.size 10,
          Pool.acquisitionTimeout 5
        ]
  Warp.run port (serve parcelApi (server (Env pool "info")))
"""

SPEC_TESTDB = """module Parcel.TestDb
  ( withTestPool,
  )
where

import Control.Exception (bracket)
import Database.Postgres.Temp qualified as Temp
import Hasql.Pool qualified as Pool
import Hasql.Pool.Config qualified as Pool

-- | Starts a throwaway postgres (tmp-postgres), loads db/schema.sql and hands out a pool.
withTestPool :: (Pool.Pool -> IO a) -> IO a
withTestPool action = do
  r <- Temp.withDbCache $ \\cache ->
    Temp.withConfig (Temp.cacheConfig cache) $ \\db -> do
      schema <- readFile "db/schema.sql"
      Temp.psql db schema
      bracket (Pool.acquire (settings db)) Pool.release action
  either (fail . show) pure r
"""

PRECOMMIT = """repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v5.0.0
    hooks:
      - id: trailing-whitespace
      - id: end-of-file-fixer
      - id: check-yaml
  - repo: local
    hooks:
      - id: hlint
        name: hlint
        entry: hlint
        language: system
        types: [haskell]
      - id: ormolu
        name: ormolu
        entry: ormolu --mode check
        language: system
        types: [haskell]
"""

DOCKERFILE = """# syntax=docker/dockerfile:1.7
FROM haskell:9.8.4-slim-bookworm AS build
WORKDIR /src
RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev pkg-config && rm -rf /var/lib/apt/lists/*
COPY cabal.project cabal.project.freeze parcel-api.cabal ./
RUN --mount=type=cache,target=/root/.cabal/store cabal update && cabal build --only-dependencies exe:parcel-api
COPY . .
RUN --mount=type=cache,target=/root/.cabal/store \\
    cabal install exe:parcel-api --install-method=copy --installdir=/out --overwrite-policy=always

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/parcel-api /usr/local/bin/parcel-api
USER 10001
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/parcel-api"]
"""

DEPLOY_YML = """name: deploy
on:
  workflow_dispatch:
    inputs:
      environment:
        type: choice
        options: [staging, production]
      image_tag:
        type: string
        required: true
jobs:
  deploy:
    runs-on: ubuntu-24.04
    environment: ${{ inputs.environment }}
    steps:
      - uses: actions/checkout@v4
      - name: Roll out
        run: ./deploy/rollout.sh "${{ inputs.environment }}" "ghcr.io/rotalog/parcel-api:${{ inputs.image_tag }}"
        env:
          FLY_API_TOKEN: ${{ secrets.FLY_API_TOKEN }}
"""

PRICING = """module Parcel.Pricing
  ( price,
    Quote (..),
  )
where

import Data.Text (Text)

data Quote = Quote
  { carrier :: Text,
    priceCents :: Int
  }
  deriving stock (Eq, Show)

-- | Base rate covers the first kilogram; every started kilogram above adds the surcharge.
price :: Int -> Quote
price grams =
  Quote "ctt" (350 + 120 * extraKg)
  where
    extraKg = max 0 ((grams - 1) `div` 1000)
"""

PRICING_SPEC = """module Parcel.PricingSpec (spec) where

import Parcel.Pricing
import Test.Hspec

spec :: Spec
spec = describe "price" $ do
  it "charges the base rate up to 1 kg" $
    (price 1000).priceCents `shouldBe` 350
  it "adds the per-kg surcharge above 1 kg" $
    (price 2000).priceCents `shouldBe` 470
  it "rounds up partial kilograms" $
    (price 1001).priceCents `shouldBe` 470
"""

SHIP_SPEC = """module Parcel.Api.ShipmentsSpec (spec) where

import Parcel.TestApp (merchantHeader, otherMerchantHeader, seedShipments, withApp)
import Test.Hspec
import Test.Hspec.Wai
import Test.Hspec.Wai.JSON

spec :: Spec
spec = around withApp $ describe "Parcel.Api.Shipments" $ do
  describe "GET /v1/shipments" $ do
    it "returns the merchant's shipments newest first" $ \\env -> do
      liftIO (seedShipments env 3)
      request "GET" "/v1/shipments" [merchantHeader] "" `shouldRespondWith` 200
    it "caps limit at 200" $ \\_ ->
      request "GET" "/v1/shipments?limit=1000" [merchantHeader] "" `shouldRespondWith` 200
    it "responds 400 without X-Merchant-Id" $ \\_ ->
      get "/v1/shipments" `shouldRespondWith` 400
"""

FILES = {
    P("parcel-api.cabal"): CABAL,
    P("cabal.project"): CABAL_PROJECT,
    P("src/Parcel/Api.hs"): API_HS,
    P("src/Parcel/Api/Shipments.hs"): SHIP_API,
    P("src/Parcel/Db/Shipments.hs"): SHIP_DB,
    P("src/Parcel/Domain/Shipment.hs"): DOMAIN,
    P("src/Parcel/App.hs"): APP_HS,
    P("app/Main.hs"): MAIN_HS,
    P("test/Parcel/TestDb.hs"): SPEC_TESTDB,
    P(".pre-commit-config.yaml"): PRECOMMIT,
    P("Dockerfile"): DOCKERFILE,
    P(".github/workflows/deploy.yml"): DEPLOY_YML,
    P("src/Parcel/Pricing.hs"): PRICING,
    P("test/Parcel/PricingSpec.hs"): PRICING_SPEC,
    P("test/Parcel/Api/ShipmentsSpec.hs"): SHIP_SPEC,
}


# ---------------------------------------------------------------- tool output helpers
def obj(mod, tmp=False, kind="lib"):
    path = mod.replace(".", "/")
    if kind == "lib":
        b = f"{DIST}/build/{path}"
        return f"{b}.o, {b}.dyn_o"
    return f"{DIST}/t/parcel-api-test/build/parcel-api-test/parcel-api-test-tmp/{path}.o"


def compiling(mods, total, kind="lib", start=1):
    out = []
    for i, (m, src) in enumerate(mods, start):
        out.append(f"[{i:>2} of {total:>2}] Compiling {m:<24} ( {src}, {obj(m, kind=kind)} )")
    return "\n".join(out)


def plan(lines, resolving=False):
    head = ("Resolving dependencies...\n" if resolving else "")
    return head + ("Build profile: -w ghc-9.8.4 -O1\n"
                   "In order, the following will be built (use -v for more details):\n" + "\n".join(" - " + l for l in lines))


LIB_PRE = "Preprocessing library for parcel-api-0.1.0.0..\nBuilding library for parcel-api-0.1.0.0.."
TEST_PRE = ("Preprocessing test suite 'parcel-api-test' for parcel-api-0.1.0.0..\n"
            "Building test suite 'parcel-api-test' for parcel-api-0.1.0.0..")
EXE_PRE = ("Preprocessing executable 'parcel-api' for parcel-api-0.1.0.0..\n"
           "Building executable 'parcel-api' for parcel-api-0.1.0.0..")
LINK_TEST = f"[{{n}} of {{n}}] Linking {DIST}/t/parcel-api-test/build/parcel-api-test/parcel-api-test"
LINK_EXE = f"[{{n}} of {{n}}] Linking {DIST}/x/parcel-api/build/parcel-api/parcel-api"

SPECS = {
    "Parcel.Api.Shipments": [
        ("GET /v1/shipments", ["returns the merchant's shipments newest first", "caps limit at 200",
                               "responds 400 without X-Merchant-Id"]),
        ("GET /v1/shipments/:id", ["returns the shipment", "responds 404 for an unknown id"]),
        ("POST /v1/shipments", ["creates a booked shipment", "rejects a negative weight with 400"]),
    ],
    "Parcel.Db.Shipments": [
        ("insert", ["returns the row with status booked"]),
        ("listForMerchant", ["does not leak other merchants' shipments", "orders by created_at desc"]),
        ("findById", ["is Nothing for an unknown id"]),
    ],
    "Parcel.Pricing": [
        ("price", ["charges the base rate up to 1 kg", "adds the per-kg surcharge above 1 kg",
                   "rounds up partial kilograms"]),
    ],
}


def hspec_block(groups, secs, only=None):
    out = []
    n = 0
    for top in sorted(groups):
        if only and not any(top.startswith(o) for o in only):
            continue
        out.append(top)
        for sub, its in groups[top]:
            out.append(f"  {sub}")
            for it in its:
                out.append(f"    {it} [\u2714]")
                n += 1
    out.append("")
    out.append(f"Finished in {secs} seconds")
    out.append(f"{n} examples, 0 failures")
    return "\n".join(out), n


def test_run(groups, secs, only=None):
    body, n = hspec_block(groups, secs, only)
    return ("Running 1 test suites...\nTest suite parcel-api-test: RUNNING...\n" + body +
            "\nTest suite parcel-api-test: PASS\nTest suite logged to:\n"
            f"{DIST}/t/parcel-api-test/test/parcel-api-0.1.0.0-parcel-api-test.log\n"
            "1 of 1 test suites (1 of 1 test cases) passed."), n


def not_found(src, line, mod):
    imp = f"import {mod}"
    return (f"{src}:{line}:1: error: [GHC-87110]\n"
            f"    Could not find module \u2018{mod}\u2019.\n"
            "    It is not a module in the current program, or in any known package.\n"
            "  |\n"
            f"{line} | {imp}\n"
            f"  | {'^' * len(imp)}")


def precommit(hooks):
    out = []
    for name, res in hooks:
        dots = "." * max(3, 79 - len(name) - len(res))
        out.append(f"{name}{dots}{res}")
    return "\n".join(out)


OK_HOOKS = [("trim trailing whitespace", "Passed"), ("fix end of files", "Passed"),
            ("check yaml", "(no files to check)Skipped"), ("hlint", "Passed"), ("ormolu", "Passed")]


def commit_ok(branch, msg, files, ins, dels, hooks=OK_HOOKS, creates=()):
    h = hx(7)
    s = precommit(hooks) + f"\n[{branch} {h}] {msg}\n {files} file{'s' if files != 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def push_new(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      https://github.com/rotalog/parcel-api/pull/new/{branch}\nremote: \n"
            f"To github.com:rotalog/parcel-api.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def docker_build_out(tag, deps_cached=True):
    steps = [
        "#0 building with \"default\" instance using docker driver",
        "",
        "#1 [internal] load build definition from Dockerfile",
        "#1 transferring dockerfile: 1.02kB done",
        "#1 DONE 0.0s",
        "",
        "#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.7",
        "#2 DONE 0.6s",
        "",
        "#4 [internal] load metadata for docker.io/library/haskell:9.8.4-slim-bookworm",
        "#4 DONE 0.9s",
        "",
        "#5 [internal] load metadata for docker.io/library/debian:bookworm-slim",
        "#5 DONE 0.9s",
        "",
        "#7 [internal] load build context",
        "#7 transferring context: 96.41kB 0.0s done",
        "#7 DONE 0.1s",
        "",
        "#8 [build 2/7] WORKDIR /src",
        "#8 CACHED",
        "",
        "#9 [build 3/7] RUN apt-get update && apt-get install -y --no-install-recommends libpq-dev pkg-config && rm -rf /var/lib/apt/lists/*",
        "#9 CACHED",
        "",
        "#10 [build 4/7] COPY cabal.project cabal.project.freeze parcel-api.cabal ./",
        "#10 CACHED" if deps_cached else "#10 DONE 0.0s",
        "",
        "#11 [build 5/7] RUN --mount=type=cache,target=/root/.cabal/store cabal update && cabal build --only-dependencies exe:parcel-api",
    ]
    if deps_cached:
        steps += ["#11 CACHED"]
    else:
        steps += ["#11 0.412 Downloading the latest package list from hackage.haskell.org",
                  "#11 9.871 Package list of hackage.haskell.org has been updated.",
                  "#11 10.44 Resolving dependencies...",
                  "#11 14.02 Build profile: -w ghc-9.8.4 -O1",
                  "#11 14.02 In order, the following will be built (use -v for more details):",
                  "#11 14.02  - hasql-pool-1.2.0.3 (lib) (requires build)",
                  "#11 14.02  - tmp-postgres-1.34.1.0 (lib) (requires build)",
                  "#11 14.31 Starting     hasql-pool-1.2.0.3 (lib)",
                  "#11 31.88 Completed    hasql-pool-1.2.0.3 (lib)",
                  "#11 DONE 33.1s"]
    steps += [
        "",
        "#12 [build 6/7] COPY . .",
        "#12 DONE 0.2s",
        "",
        "#13 [build 7/7] RUN --mount=type=cache,target=/root/.cabal/store     cabal install exe:parcel-api --install-method=copy --installdir=/out --overwrite-policy=always",
        "#13 0.633 Wrote tarball sdist to",
        "#13 0.633 /src/dist-newstyle/sdist/parcel-api-0.1.0.0.tar.gz",
        "#13 1.204 Resolving dependencies...",
        "#13 1.902 Build profile: -w ghc-9.8.4 -O1",
        "#13 1.902 In order, the following will be built (use -v for more details):",
        "#13 1.902  - parcel-api-0.1.0.0 (lib) (requires build)",
        "#13 1.902  - parcel-api-0.1.0.0 (exe:parcel-api) (requires build)",
        "#13 2.118 Configuring library for parcel-api-0.1.0.0..",
        "#13 2.590 Preprocessing library for parcel-api-0.1.0.0..",
        "#13 2.591 Building library for parcel-api-0.1.0.0..",
        "#13 96.71 Configuring executable 'parcel-api' for parcel-api-0.1.0.0..",
        "#13 97.02 Preprocessing executable 'parcel-api' for parcel-api-0.1.0.0..",
        "#13 97.03 Building executable 'parcel-api' for parcel-api-0.1.0.0..",
        "#13 103.7 Completed    parcel-api-0.1.0.0 (exe:parcel-api)",
        "#13 103.7 Copying 'parcel-api' to '/out/parcel-api'",
        "#13 DONE 104.2s",
        "",
        "#14 [stage-1 2/3] RUN apt-get update && apt-get install -y --no-install-recommends libpq5 ca-certificates && rm -rf /var/lib/apt/lists/*",
        "#14 CACHED",
        "",
        "#15 [stage-1 3/3] COPY --from=build /out/parcel-api /usr/local/bin/parcel-api",
        "#15 DONE 0.1s",
        "",
        "#16 exporting to image",
        "#16 exporting layers 0.3s done",
        f"#16 writing image sha256:{hx(64)} done",
        f"#16 naming to {IMG}:{tag} done",
        "#16 DONE 0.4s",
    ]
    return "\n".join(steps)


def docker_push_out(tag):
    layers = [hx(12) for _ in range(4)]
    out = [f"The push refers to repository [{IMG}]", f"{layers[0]}: Pushed"]
    out += [f"{l}: Layer already exists" for l in layers[1:]]
    out.append(f"{tag}: digest: sha256:{hx(64)} size: 1161")
    return "\n".join(out)


def run_watch(run_id, secs):
    return (f"\u2713 main deploy \u00b7 {run_id}\nTriggered via workflow_dispatch about 1 minute ago\n\n"
            f"JOBS\n\u2713 deploy in 1m{secs - 64}s (ID {run_id + 3120077})\n  \u2713 Set up job\n  \u2713 Run actions/checkout@v4\n"
            "  \u2713 Roll out\n  \u2713 Post Run actions/checkout@v4\n  \u2713 Complete job\n\n"
            f"\u2713 Run deploy ({run_id}) completed with 'success'")


def W2(t, tag, run_id, flaky_curl=False, deps_cached=True, flaky_build=False):
    build_cmd = f"docker build -t {IMG}:{tag} ."
    if flaky_build:
        t.fail(build_cmd, "Build the release image",
               "#0 building with \"default\" instance using docker driver\n\n"
               "#1 [internal] load build definition from Dockerfile\n#1 transferring dockerfile: 1.02kB done\n#1 DONE 0.0s\n\n"
               "#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.7\n"
               "#2 ERROR: failed to do request: Head \"https://registry-1.docker.io/v2/docker/dockerfile/manifests/1.7\": "
               "dial tcp: lookup registry-1.docker.io on 127.0.0.53:53: read udp 127.0.0.1:41873->127.0.0.53:53: i/o timeout\n"
               "------\n > resolve image config for docker-image://docker.io/docker/dockerfile:1.7:\n------\n"
               "ERROR: failed to build: failed to solve: docker.io/docker/dockerfile:1.7: failed to resolve source metadata for "
               "docker.io/docker/dockerfile:1.7: failed to do request: Head \"https://registry-1.docker.io/v2/docker/dockerfile/manifests/1.7\": "
               "dial tcp: lookup registry-1.docker.io on 127.0.0.53:53: read udp 127.0.0.1:41873->127.0.0.53:53: i/o timeout",
               timeout=900000)
        t.say("DNS lookup of the Docker registry timed out - nothing to do with the build itself. Retrying the same build.")
    t.bash(build_cmd, "Build the release image", out=docker_build_out(tag, deps_cached), timeout=900000)
    t.bash(f"docker push {IMG}:{tag}", "Push the image to GHCR", out=docker_push_out(tag), timeout=300000)
    t.bash(f"gh workflow run deploy.yml -f environment=staging -f image_tag={tag}", "Trigger the staging deploy",
           out="\u2713 Created workflow_dispatch event for deploy.yml at main\n\n"
               "To see runs for this workflow, try: gh run list --workflow=deploy.yml")
    t.bash("gh run list --workflow=deploy.yml -L 1 --json databaseId,status --jq '.[0]'", "Find the deploy run",
           out=f'{{"databaseId":{run_id},"status":"in_progress"}}')
    t.bash(f"gh run watch {run_id} --exit-status", "Wait for the deploy to finish", out=run_watch(run_id, 71),
           timeout=600000)
    curl = f"curl -fsS {STG}/healthz"
    if flaky_curl:
        t.fail(curl, "Check the staging health endpoint", "curl: (22) The requested URL returned error: 502", code=22)
        t.say("502 from the load balancer - the new machine is probably still passing its first health check. Trying again.")
    t.bash(curl, "Check the staging health endpoint", out="ok")


# ---------------------------------------------------------------- the month
def gen():
    global HX
    HX = random.Random(4711)
    d = Dev("hs-servant", U, "en", MODEL, seed=20261013, files=FILES)
    groups = {k: list(v) for k, v in SPECS.items()}

    # ============================================================ S1 Tue 10-13
    with d.session("2026-10-13T09:12:00", R, branch="main", version="2.1.80"):
        t = d.task("morning. quick orientation before I start on tracking events: how does a request get from servant "
                   "to postgres in this codebase? which modules should I know", tags=["noise"])
        t.glob("src/**/*.hs", [P(x) for x in ["src/Parcel/Api.hs", "src/Parcel/Api/Shipments.hs", "src/Parcel/App.hs",
                                              "src/Parcel/Db.hs", "src/Parcel/Db/Shipments.hs",
                                              "src/Parcel/Domain/Shipment.hs", "src/Parcel/Error.hs",
                                              "src/Parcel/Pricing.hs"]])
        t.read(P("src/Parcel/Api.hs"))
        t.read(P("src/Parcel/Api/Shipments.hs"))
        t.read(P("src/Parcel/App.hs"))
        t.read(P("src/Parcel/Db/Shipments.hs"))
        t.done("""The path is short:

1. **`Parcel.Api`** — the top-level Servant type `ParcelApi` (`/healthz` plus everything under `/v1`). `server` hoists the handlers from `AppM` into Servant's `Handler` with `runAppM`.
2. **`Parcel.Api.Shipments`** — the `/v1/shipments` routes and handlers (`listShipments`, `getShipment`, `createShipment`). Handlers are thin: they call a `Session` and map `Nothing` to a 404 via `Parcel.Error.notFound`.
3. **`Parcel.App`** — `AppM = ReaderT Env Handler`. `withDb` takes a hasql `Session`, runs it on the pool (`Hasql.Pool.use`) and turns a `UsageError` into a 500 through `dbError`.
4. **`Parcel.Db.Shipments`** — the SQL, written with hasql-th quasiquotes (`vectorStatement`, `maybeStatement`, `singletonStatement`), so the parameter/result types are checked at compile time against the annotations in the SQL. Rows are tuples, turned into `Shipment` by `toShipment` in `Parcel.Domain.Shipment`.

`app/Main.hs` reads `DATABASE_URL`/`PORT`, builds a pool of 10 and runs Warp. There's no transaction use yet (`hasql-transaction` is a dependency but nothing imports it), so each statement is its own implicit transaction.""")

        t = d.task("how big should the hasql pool be? we run 2 machines on staging, 3 on prod, postgres max_connections is 100",
                   tags=["noise", "no_tools"])
        t.done("""Rule of thumb: size the pools so their sum stays well under `max_connections`, leaving room for migrations, psql sessions and monitoring.

- You have `Pool.size 10` per process → 30 connections on prod, 20 on staging (if they share a server, 50). That's comfortable against 100.
- More connections don't buy throughput past roughly *cores × 2* on the database side; a 4-vCPU Postgres saturates long before 30 busy connections.
- The knob that matters more is `acquisitionTimeout` (5 s now): under load a request waits that long for a connection and then fails with `AcquisitionTimeoutUsageError`. For an API I'd drop it to 1–2 s so you shed load quickly instead of piling up.

I'd keep 10 and add a gauge for in-use connections before changing anything.""")

        t = d.task("add a status filter to GET /v1/shipments (?status=in_transit etc). field access with "
                   "OverloadedRecordDot like the rest of the code please — I don't want lens pulled into this project. "
                   "run the tests after", tags=["pref:P1", "long_output"])
        t.read(P("src/Parcel/Domain/Shipment.hs"))
        t.edit(P("src/Parcel/Api/Shipments.hs"), """           :> QueryParam "limit" Int
           :> Get '[JSON] [Shipment]""", """           :> QueryParam "limit" Int
           :> QueryParam "status" ShipmentStatus
           :> Get '[JSON] [Shipment]""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), """listShipments :: UUID -> Maybe Int -> AppM [Shipment]
listShipments merchant limit =
  withDb (Db.listForMerchant merchant (maybe 50 (min 200) limit))""", """listShipments :: UUID -> Maybe Int -> Maybe ShipmentStatus -> AppM [Shipment]
listShipments merchant limit status =
  withDb (Db.listForMerchant merchant (statusText <$> status) (maybe 50 (min 200) limit))""")
        t.edit(P("src/Parcel/Domain/Shipment.hs"), """    ShipmentStatus (..),
    NewShipment (..),
    toShipment,""", """    ShipmentStatus (..),
    NewShipment (..),
    statusText,
    toShipment,""")
        t.edit(P("src/Parcel/Domain/Shipment.hs"), """toShipment :: (UUID""", """instance FromHttpApiData ShipmentStatus where
  parseQueryParam = \\case
    "booked" -> Right Booked
    "in_transit" -> Right InTransit
    "delivered" -> Right Delivered
    "returned" -> Right Returned
    other -> Left ("unknown status: " <> other)

statusText :: ShipmentStatus -> Text
statusText = \\case
  Booked -> "booked"
  InTransit -> "in_transit"
  Delivered -> "delivered"
  Returned -> "returned"

toShipment :: (UUID""")
        t.edit(P("src/Parcel/Domain/Shipment.hs"), "import GHC.Generics (Generic)",
               "import GHC.Generics (Generic)\nimport Web.HttpApiData (FromHttpApiData (..))")
        t.edit(P("src/Parcel/Db/Shipments.hs"), """listForMerchant :: UUID -> Int -> Session [Shipment]
listForMerchant merchant limit =
  V.toList . fmap toShipment
    <$> Session.statement
      (merchant, fromIntegral limit)""", """listForMerchant :: UUID -> Maybe Text -> Int -> Session [Shipment]
listForMerchant merchant status limit =
  V.toList . fmap toShipment
    <$> Session.statement
      (merchant, status, fromIntegral limit)""")
        t.edit(P("src/Parcel/Db/Shipments.hs"), """        where merchant_id = $1 :: uuid
        order by created_at desc
        limit $2 :: int8""", """        where merchant_id = $1 :: uuid
          and ($2 :: text? is null or status = $2 :: text?)
        order by created_at desc
        limit $3 :: int8""")
        t.edit(P("src/Parcel/Db/Shipments.hs"), "import Data.Profunctor (dimap)\n",
               "import Data.Text (Text)\n")
        t.bash("cabal build", "Build the library and executable",
               out=plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Domain/Shipment.hs changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Domain.Shipment", "src/Parcel/Domain/Shipment.hs"),
                          ("Parcel.Db.Shipments", "src/Parcel/Db/Shipments.hs"),
                          ("Parcel.Api.Shipments", "src/Parcel/Api/Shipments.hs"),
                          ("Parcel.Api", "src/Parcel/Api.hs")], 8, start=2) + "\n" + TEST_PRE + "\n" +
               compiling([("Parcel.Api.ShipmentsSpec", "test/Parcel/Api/ShipmentsSpec.hs"),
                          ("Parcel.Db.ShipmentsSpec", "test/Parcel/Db/ShipmentsSpec.hs"),
                          ("Main", "test/Spec.hs")], 6, kind="test", start=3) + "\n" +
               LINK_TEST.format(n=7) + "\n" + EXE_PRE + "\n[1 of 2] Compiling Main             ( app/Main.hs, " +
               f"{DIST}/x/parcel-api/build/parcel-api/parcel-api-tmp/Main.o )\n" + LINK_EXE.format(n=2),
               timeout=600000)
        t.say("Builds clean. Adding two specs for the filter (valid status, unknown status → 400) and running the suite.")
        t.read(P("test/Parcel/Api/ShipmentsSpec.hs"))
        t.edit(P("test/Parcel/Api/ShipmentsSpec.hs"), """    it "responds 400 without X-Merchant-Id" $ \\_ ->
      get "/v1/shipments" `shouldRespondWith` 400
""", """    it "responds 400 without X-Merchant-Id" $ \\_ ->
      get "/v1/shipments" `shouldRespondWith` 400
    it "filters by ?status=in_transit" $ \\env -> do
      liftIO (seedShipments env 3)
      request "GET" "/v1/shipments?status=in_transit" [merchantHeader] "" `shouldRespondWith` [json|[]|]
    it "responds 400 for an unknown status" $ \\_ ->
      request "GET" "/v1/shipments?status=lost" [merchantHeader] "" `shouldRespondWith` 400
""")
        groups["Parcel.Api.Shipments"][0][1].extend(["filters by ?status=in_transit", "responds 400 for an unknown status"])
        out, n = test_run(groups, "4.8812")
        t.bash("cabal test", "Run the test suite", out=plan(["parcel-api-0.1.0.0 (test:parcel-api-test) (file test/Parcel/Api/ShipmentsSpec.hs changed)"]) +
               "\n" + TEST_PRE + "\n" + compiling([("Parcel.Api.ShipmentsSpec", "test/Parcel/Api/ShipmentsSpec.hs")], 6, kind="test", start=2) +
               "\n" + LINK_TEST.format(n=7) + "\n" + out, timeout=600000)
        t.done(f"`GET /v1/shipments?status=in_transit` works; all {n} examples pass.\n\n"
               "- `ShipmentStatus` got a `FromHttpApiData` instance (the wire names `booked`/`in_transit`/`delivered`/`returned`), so an unknown value is a 400 from Servant before the handler runs.\n"
               "- The SQL takes a nullable `$2 :: text?` — `($2 is null or status = $2)` — so no status means no filter.\n"
               "- Field access stays on record dot; no lens.")

    # ============================================================ S2 Thu 10-15
    with d.session("2026-10-15T10:02:00", R, branch="feat/tracking-events", version="2.1.81"):
        t = d.task("before we write the tracking events insert: what does hasql-transaction do on serialization "
                   "failures? check the docs, I don't want to guess", tags=["noise", "webfetch"])
        t.webfetch("https://hackage.haskell.org/package/hasql-transaction-1.1.1.2/docs/Hasql-Transaction-Sessions.html",
                   "How does transaction handle serialization failures and retries? Which isolation levels and modes exist?",
                   "`transaction :: IsolationLevel -> Mode -> Transaction a -> Session a` executes the transaction in a "
                   "session. The transaction is automatically retried on conflicts (serialization failures / deadlock "
                   "errors, SQLSTATE 40001 and 40P01), so the body must not perform side effects that can't be repeated. "
                   "IsolationLevel: ReadCommitted | RepeatableRead | Serializable. Mode: Read | Write. "
                   "`unpreparedTransaction` does the same without prepared statements (for pgbouncer in transaction mode).")
        t.done("""From the hasql-transaction docs (`Hasql.Transaction.Sessions`):

- `transaction :: IsolationLevel -> Mode -> Transaction a -> Session a`.
- On a serialization failure or deadlock (SQLSTATE `40001` / `40P01`) it **retries the whole transaction automatically**, without limit. So the `Transaction` body must be pure database work — no HTTP calls, no logging you'd mind seeing twice.
- Isolation: `ReadCommitted`, `RepeatableRead`, `Serializable`; mode `Read` or `Write` (a `Read` transaction is started `READ ONLY`).
- `unpreparedTransaction` is the same but without prepared statements — only relevant behind pgbouncer in transaction pooling, which we don't use.

For "insert the event and bump the shipment status" `ReadCommitted Write` is enough, because both statements touch the same shipment row and the `update` takes a row lock.""")

        t = d.task("add Parcel.Tracking.Events: a TrackingEvent type (shipment id, kind: picked_up | in_transit | "
                   "out_for_delivery | delivered | failed_attempt, location text, occurred_at) with JSON instances, "
                   "JSON keys in snake_case like the rest of the API. plus a spec for the JSON round trip. run the tests",
                   tags=["mistake:M1", "pref:P2"])
        t.write(P("src/Parcel/Tracking/Events.hs"), """module Parcel.Tracking.Events
  ( TrackingEvent (..),
    EventKind (..),
  )
where

import Data.Aeson (FromJSON (..), Options (..), ToJSON (..), camelTo2, defaultOptions, genericParseJSON, genericToJSON)
import Data.Text (Text)
import Data.Time (UTCTime)
import Data.UUID (UUID)
import GHC.Generics (Generic)

data EventKind
  = PickedUp
  | InTransitEvent
  | OutForDelivery
  | Delivered
  | FailedAttempt
  deriving stock (Eq, Show, Enum, Bounded, Generic)

kindOptions :: Options
kindOptions = defaultOptions {constructorTagModifier = camelTo2 '_' . dropSuffix}
  where
    dropSuffix c = if c == "InTransitEvent" then "InTransit" else c

instance ToJSON EventKind where
  toJSON = genericToJSON kindOptions

instance FromJSON EventKind where
  parseJSON = genericParseJSON kindOptions

data TrackingEvent = TrackingEvent
  { shipmentId :: UUID,
    kind :: EventKind,
    location :: Text,
    occurredAt :: UTCTime
  }
  deriving stock (Eq, Show, Generic)

eventOptions :: Options
eventOptions = defaultOptions {fieldLabelModifier = camelTo2 '_'}

instance ToJSON TrackingEvent where
  toJSON = genericToJSON eventOptions

instance FromJSON TrackingEvent where
  parseJSON = genericParseJSON eventOptions
""")
        t.write(P("test/Parcel/Tracking/EventsSpec.hs"), """module Parcel.Tracking.EventsSpec (spec) where

import Data.Aeson (decode, encode, object, (.=))
import Data.Time (UTCTime (..), fromGregorian)
import Data.UUID qualified as UUID
import Parcel.Tracking.Events
import Test.Hspec

spec :: Spec
spec = describe "TrackingEvent JSON" $ do
  let ev = TrackingEvent UUID.nil OutForDelivery "Porto hub" (UTCTime (fromGregorian 2026 10 15) 3600)
  it "round-trips" $
    decode (encode ev) `shouldBe` Just ev
  it "uses snake_case keys and kinds" $
    decode (encode ev)
      `shouldBe` Just
        ( object
            [ "shipment_id" .= UUID.nil,
              "kind" .= ("out_for_delivery" :: String),
              "location" .= ("Porto hub" :: String),
              "occurred_at" .= ("2026-10-15T01:00:00Z" :: String)
            ]
        )
  it "encodes every kind in snake_case" $
    map (encode . toJSON') [minBound .. maxBound :: EventKind]
      `shouldBe` ["\\"picked_up\\"", "\\"in_transit\\"", "\\"out_for_delivery\\"", "\\"delivered\\"", "\\"failed_attempt\\""]
  where
    toJSON' = id
""")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.TestFixtures
""", """    Parcel.TestFixtures
    Parcel.Tracking.EventsSpec
""")
        t.fail("cabal test", "Run the test suite",
               plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                     "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                     "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) +
               "\nConfiguring library for parcel-api-0.1.0.0..\n" + LIB_PRE +
               "\nConfiguring test suite 'parcel-api-test' for parcel-api-0.1.0.0..\n" + TEST_PRE + "\n" +
               not_found("test/Parcel/Tracking/EventsSpec.hs", 7, "Parcel.Tracking.Events") + "\n"
               "Error: [Cabal-7125]\nFailed to build parcel-api-0.1.0.0-inplace-parcel-api-test.")
        t.say("The test suite can't see `Parcel.Tracking.Events`: the module exists under `src/` but isn't listed in the "
              "library's `exposed-modules`, so it isn't part of the package the tests depend on. Adding it there.")
        t.edit(P("parcel-api.cabal"), """    Parcel.Error
    Parcel.Pricing
""", """    Parcel.Error
    Parcel.Pricing
    Parcel.Tracking.Events
""")
        groups["Parcel.Tracking.Events"] = [("TrackingEvent JSON", ["round-trips", "uses snake_case keys and kinds",
                                                                    "encodes every kind in snake_case"])]
        out, n = test_run(groups, "5.0127")
        t.bash("cabal test", "Run the test suite again",
               out=plan(
                   ["parcel-api-0.1.0.0 (lib) (configuration changed)",
                    "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                    "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"])
               + "\nConfiguring library for parcel-api-0.1.0.0..\n" + LIB_PRE + "\n" + compiling([("Parcel.Tracking.Events", "src/Parcel/Tracking/Events.hs")], 9, start=9)
               + "\n" + TEST_PRE + "\n" + compiling([("Parcel.Tracking.EventsSpec", "test/Parcel/Tracking/EventsSpec.hs"),
                                                     ("Main", "test/Spec.hs")], 7, kind="test", start=6)
               + "\n" + LINK_TEST.format(n=8) + "\n" + out, timeout=600000)
        t.done(f"`Parcel.Tracking.Events` is in; {n} examples pass, including the 3 new JSON specs.\n\n"
               "The first run failed with `Could not find module ‘Parcel.Tracking.Events’` — a new module under `src/` has to be "
               "listed in `exposed-modules` in `parcel-api.cabal` before the test suite (a separate component) can import it. "
               "ghcid wouldn't have caught that because `cabal repl` loads the library sources directly. Added it there.")

        t = d.task("now the table + insert/list for tracking events. new dbmate migration, statements in "
                   "Parcel.Db.TrackingEvents — write the SQL with hasql-th quasiquotes like Db.Shipments does. "
                   "apply it locally and run the tests", tags=["pref:P3", "workflow:W3"])
        t.bash("dbmate new create_tracking_events", "Create a new dbmate migration",
               out="Creating migration: db/migrations/20261015101433_create_tracking_events.sql")
        d.files[P("db/migrations/20261015101433_create_tracking_events.sql")] = "-- migrate:up\n\n-- migrate:down\n"
        t.read(P("db/migrations/20261015101433_create_tracking_events.sql"))
        t.write(P("db/migrations/20261015101433_create_tracking_events.sql"), """-- migrate:up
create type tracking_event_kind as enum
  ('picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'failed_attempt');

create table tracking_events (
  id          bigint generated always as identity primary key,
  shipment_id uuid not null references shipments (id) on delete cascade,
  kind        tracking_event_kind not null,
  location    text not null,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);

create index tracking_events_shipment_occurred_idx on tracking_events (shipment_id, occurred_at);

-- migrate:down
drop table tracking_events;
drop type tracking_event_kind;
""")
        t.bash("dbmate up", "Apply the migration to the local database",
               out="Applying: 20261015101433_create_tracking_events.sql\nApplied: 20261015101433_create_tracking_events.sql in 14.220371ms\nWriting: ./db/schema.sql")
        t.write(P("src/Parcel/Db/TrackingEvents.hs"), """module Parcel.Db.TrackingEvents
  ( insert,
    listForShipment,
  )
where

import Data.UUID (UUID)
import Data.Vector qualified as V
import Hasql.Session (Session)
import Hasql.Session qualified as Session
import Hasql.TH qualified as TH
import Parcel.Tracking.Events

insert :: TrackingEvent -> Session ()
insert ev =
  Session.statement
    (ev.shipmentId, kindText ev.kind, ev.location, ev.occurredAt)
    [TH.resultlessStatement|
      insert into tracking_events (shipment_id, kind, location, occurred_at)
      values ($1 :: uuid, $2 :: text :: tracking_event_kind, $3 :: text, $4 :: timestamptz)
    |]

listForShipment :: UUID -> Session [TrackingEvent]
listForShipment sid =
  V.toList . fmap toEvent
    <$> Session.statement
      sid
      [TH.vectorStatement|
        select shipment_id :: uuid, kind :: text, location :: text, occurred_at :: timestamptz
        from tracking_events
        where shipment_id = $1 :: uuid
        order by occurred_at
      |]
  where
    toEvent (s, k, l, o) = TrackingEvent s (kindFromText k) l o
""")
        t.edit(P("src/Parcel/Tracking/Events.hs"), """  ( TrackingEvent (..),
    EventKind (..),
  )""", """  ( TrackingEvent (..),
    EventKind (..),
    kindText,
    kindFromText,
  )""")
        t.edit(P("src/Parcel/Tracking/Events.hs"), """instance FromJSON TrackingEvent where
  parseJSON = genericParseJSON eventOptions
""", """instance FromJSON TrackingEvent where
  parseJSON = genericParseJSON eventOptions

kindText :: EventKind -> Text
kindText = \\case
  PickedUp -> "picked_up"
  InTransitEvent -> "in_transit"
  OutForDelivery -> "out_for_delivery"
  Delivered -> "delivered"
  FailedAttempt -> "failed_attempt"

kindFromText :: Text -> EventKind
kindFromText t = maybe PickedUp id (lookup t [(kindText k, k) | k <- [minBound .. maxBound]])
""")
        t.edit(P("parcel-api.cabal"), """    Parcel.Db
    Parcel.Db.Shipments
""", """    Parcel.Db
    Parcel.Db.Shipments
    Parcel.Db.TrackingEvents
""")
        t.write(P("test/Parcel/Db/TrackingEventsSpec.hs"), """module Parcel.Db.TrackingEventsSpec (spec) where

import Parcel.Db.Shipments qualified as Shipments
import Parcel.Db.TrackingEvents qualified as Events
import Parcel.TestDb (runIn, withTestPool)
import Parcel.TestFixtures (newShipment, t0)
import Parcel.Tracking.Events
import Test.Hspec

spec :: Spec
spec = around withTestPool $ describe "Parcel.Db.TrackingEvents" $ do
  it "lists a shipment's events in occurred_at order" $ \\pool -> do
    s <- runIn pool (Shipments.insert newShipment)
    runIn pool $ do
      Events.insert (TrackingEvent s.id InTransitEvent "Lisbon hub" (t0 7200))
      Events.insert (TrackingEvent s.id PickedUp "Merchant" (t0 0))
    evs <- runIn pool (Events.listForShipment s.id)
    map (.kind) evs `shouldBe` [PickedUp, InTransitEvent]
""")
        t.edit(P("parcel-api.cabal"), """    Parcel.Db.ShipmentsSpec
    Parcel.PricingSpec""", """    Parcel.Db.ShipmentsSpec
    Parcel.Db.TrackingEventsSpec
    Parcel.PricingSpec""")
        groups["Parcel.Db.TrackingEvents"] = [("Parcel.Db.TrackingEvents", ["lists a shipment's events in occurred_at order"])]
        out, n = test_run(groups, "6.3310")
        t.bash("cabal test", "Run the test suite",
               out=plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Tracking.Events", "src/Parcel/Tracking/Events.hs"),
                          ("Parcel.Db.TrackingEvents", "src/Parcel/Db/TrackingEvents.hs")], 10, start=9) + "\n" + TEST_PRE
               + "\n" + compiling([("Parcel.Db.TrackingEventsSpec", "test/Parcel/Db/TrackingEventsSpec.hs"),
                                   ("Main", "test/Spec.hs")], 8, kind="test", start=7) + "\n" + LINK_TEST.format(n=9)
               + "\n" + out, timeout=600000)
        t.done(f"Migration `20261015101433_create_tracking_events` applied locally (dbmate rewrote `db/schema.sql`, which the "
               f"tmp-postgres tests load), `Parcel.Db.TrackingEvents` has `insert`/`listForShipment` written with hasql-th, "
               f"and all {n} examples pass. `kind` is a Postgres enum; the statements pass it as `text` and cast.")

    # ============================================================ S3 Mon 10-19
    with d.session("2026-10-19T09:40:00", R, branch="feat/tracking-events", version="2.1.82"):
        t = d.task("expose it: POST /v1/shipments/:id/events (body: kind, location, occurred_at) returning 201 with "
                   "an EventAccepted {event_count} and GET /v1/shipments/:id/events. build it", tags=["oneoff:O1"])
        t.read(P("src/Parcel/Api/Shipments.hs"))
        t.edit(P("src/Parcel/Api/Shipments.hs"), """           :<|> ReqBody '[JSON] NewShipment :> PostCreated '[JSON] Shipment
       )""", """           :<|> ReqBody '[JSON] NewShipment :> PostCreated '[JSON] Shipment
           :<|> Capture "shipmentId" UUID :> "events" :> ReqBody '[JSON] NewEvent :> PostCreated '[JSON] EventAccepted
           :<|> Capture "shipmentId" UUID :> "events" :> Get '[JSON] [TrackingEvent]
       )

data NewEvent = NewEvent
  { kind :: EventKind,
    location :: Text,
    occurredAt :: UTCTime
  }
  deriving stock (Show, Generic)

instance FromJSON NewEvent where
  parseJSON = genericParseJSON defaultOptions {fieldLabelModifier = camelTo2 '_'}

newtype EventAccepted = EventAccepted {eventCount :: Int}
  deriving stock (Show, Generic)""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), """shipmentsServer = listShipments :<|> getShipment :<|> createShipment
""", """shipmentsServer = listShipments :<|> getShipment :<|> createShipment :<|> addEvent :<|> listEvents

addEvent :: UUID -> NewEvent -> AppM EventAccepted
addEvent sid new = do
  _ <- getShipment sid
  withDb $ do
    Events.insert (TrackingEvent sid new.kind new.location new.occurredAt)
    EventAccepted . length <$> Events.listForShipment sid

listEvents :: UUID -> AppM [TrackingEvent]
listEvents sid = getShipment sid >> withDb (Events.listForShipment sid)
""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), """import Data.Text (Text)
import Data.UUID (UUID)
import Parcel.App (AppM, withDb)
import Parcel.Db.Shipments qualified as Db
""", """import Data.Aeson (FromJSON (..), Options (..), camelTo2, defaultOptions, genericParseJSON)
import Data.Text (Text)
import Data.Time (UTCTime)
import Data.UUID (UUID)
import GHC.Generics (Generic)
import Parcel.App (AppM, withDb)
import Parcel.Db.Shipments qualified as Db
import Parcel.Db.TrackingEvents qualified as Events
import Parcel.Tracking.Events (EventKind, TrackingEvent (..))
""")
        api_line = d.files[P("src/Parcel/Api.hs")].split("\n").index(
            "server env = pure \"ok\" :<|> hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer") + 1
        t.fail("cabal build", "Build",
               plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Api/Shipments.hs changed)",
                     "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                     "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Api.Shipments", "src/Parcel/Api/Shipments.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 10, start=9)
               + f"""
src/Parcel/Api.hs:{api_line}:29: error: [GHC-39999]
    \u2022 No instance for \u2018ToJSON EventAccepted\u2019
        arising from a use of \u2018hoistServer\u2019
    \u2022 In the second argument of \u2018(:<|>)\u2019, namely
        \u2018hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer\u2019
      In the expression:
        pure "ok"
          :<|> hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer
      In an equation for \u2018server\u2019:
          server env
            = pure "ok"
                :<|> hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer
   |
{api_line} | server env = pure "ok" :<|> hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer
   |{" " * 29}{"^" * len("hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer")}
Error: [Cabal-7125]
Failed to build parcel-api-0.1.0.0-inplace.""")
        t.say("`EventAccepted` has no `ToJSON` instance, so Servant can't render the 201 body. Adding one with the same snake_case options.")
        t.edit(P("src/Parcel/Api/Shipments.hs"), """newtype EventAccepted = EventAccepted {eventCount :: Int}
  deriving stock (Show, Generic)""", """newtype EventAccepted = EventAccepted {eventCount :: Int}
  deriving stock (Show, Generic)

instance ToJSON EventAccepted where
  toJSON = genericToJSON defaultOptions {fieldLabelModifier = camelTo2 '_'}""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), "import Data.Aeson (FromJSON (..), Options (..), camelTo2, defaultOptions, genericParseJSON)",
               "import Data.Aeson (FromJSON (..), Options (..), ToJSON (..), camelTo2, defaultOptions, genericParseJSON, genericToJSON)")
        t.bash("cabal build", "Build",
               out=plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Api/Shipments.hs changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Api.Shipments", "src/Parcel/Api/Shipments.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 10, start=9)
               + "\n" + TEST_PRE + "\n" + LINK_TEST.format(n=9) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2), timeout=600000)
        t.done("Both routes are in and it builds: `POST /v1/shipments/:id/events` → 201 `{\"event_count\": n}` and "
               "`GET /v1/shipments/:id/events` (404 for an unknown shipment in both, via `getShipment`). The first build "
               "failed because `EventAccepted` had no `ToJSON` instance — fixed with the same `camelTo2 '_'` options.")

        t = d.task("write hspec-wai specs for the two event routes and run only the tracking ones, the full suite "
                   "spins up postgres for every group", tags=["mistake:M2"])
        t.write(P("test/Parcel/Api/TrackingSpec.hs"), """module Parcel.Api.TrackingSpec (spec) where

import Parcel.TestApp (withApp, merchantHeader, seedShipment)
import Test.Hspec
import Test.Hspec.Wai
import Test.Hspec.Wai.JSON

spec :: Spec
spec = around withApp $ describe "Parcel.Api.Tracking" $ do
  it "POST /v1/shipments/:id/events returns 201 with the event count" $ \\env -> do
    sid <- liftIO (seedShipment env)
    postJson ("/v1/shipments/" <> sid <> "/events")
      [json|{kind: "picked_up", location: "Merchant", occurred_at: "2026-10-19T08:00:00Z"}|]
      `shouldRespondWith` [json|{event_count: 1}|] {matchStatus = 201}
  it "GET /v1/shipments/:id/events lists events in order" $ \\env -> do
    sid <- liftIO (seedShipment env)
    get ("/v1/shipments/" <> sid <> "/events") `shouldRespondWith` 200
  it "responds 404 for an unknown shipment" $ \\_ ->
    get "/v1/shipments/00000000-0000-0000-0000-000000000000/events" `shouldRespondWith` 404
""")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.Api.ShipmentsSpec
""", """    Parcel.Api.ShipmentsSpec
    Parcel.Api.TrackingSpec
""")
        t.fail('cabal test --match "/Parcel.Api.Tracking/"', "Run only the tracking API specs",
               "cabal: unrecognized 'test' option `--match'")
        t.say("`--match` is an hspec option, not a cabal one — it has to be handed through to the test executable.")
        groups["Parcel.Api.Tracking"] = [("Parcel.Api.Tracking", ["POST /v1/shipments/:id/events returns 201 with the event count",
                                                                  "GET /v1/shipments/:id/events lists events in order",
                                                                  "responds 404 for an unknown shipment"])]
        out, n = test_run(groups, "1.4409", only=["Parcel.Api.Tracking"])
        t.bash("cabal test --test-options='--match \"/Parcel.Api.Tracking/\"'", "Run only the tracking API specs",
               out=plan(["parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)"]) + "\n" + TEST_PRE + "\n" +
               compiling([("Parcel.Api.TrackingSpec", "test/Parcel/Api/TrackingSpec.hs"), ("Main", "test/Spec.hs")], 9,
                         kind="test", start=8) + "\n" + LINK_TEST.format(n=10) + "\n" + out, timeout=600000)
        t.done(f"3 new hspec-wai specs in `test/Parcel/Api/TrackingSpec.hs`, all passing ({n} examples run).\n\n"
               "`cabal test --match …` doesn't work — cabal rejects hspec's flags; they go through "
               "`--test-options`: `cabal test --test-options='--match \"/Parcel.Api.Tracking/\"'`.")

        t = d.task("looks good. ship it — PR against main", tags=["workflow:W1"])
        t.bash("cabal build all", "Build all components", out="Up to date", timeout=600000)
        groups_all = groups
        out, n = test_run(groups_all, "7.9034")
        t.bash("cabal test", "Run the full test suite", out=out, timeout=600000)
        t.bash("hlint src app test", "Lint", out="No hints")
        t.bash("git status --short", "See what's in the change",
               out=" M parcel-api.cabal\n M src/Parcel/Api/Shipments.hs\n M db/schema.sql\n"
                   "?? db/migrations/20261015101433_create_tracking_events.sql\n?? src/Parcel/Db/TrackingEvents.hs\n"
                   "?? src/Parcel/Tracking/Events.hs\n?? test/Parcel/Api/TrackingSpec.hs\n?? test/Parcel/Db/TrackingEventsSpec.hs\n"
                   "?? test/Parcel/Tracking/EventsSpec.hs")
        t.bash("git add -A && git commit -m \"feat(tracking): tracking events table, statements and /v1/shipments/:id/events\"",
               "Commit the tracking events work",
               out=commit_ok("feat/tracking-events", "feat(tracking): tracking events table, statements and /v1/shipments/:id/events",
                             9, 312, 4, creates=["db/migrations/20261015101433_create_tracking_events.sql",
                                                 "src/Parcel/Db/TrackingEvents.hs", "src/Parcel/Tracking/Events.hs",
                                                 "test/Parcel/Api/TrackingSpec.hs", "test/Parcel/Db/TrackingEventsSpec.hs",
                                                 "test/Parcel/Tracking/EventsSpec.hs"]))
        t.bash("git push -u origin feat/tracking-events", "Push the branch", out=push_new("feat/tracking-events"))
        t.bash("gh pr create --base main --title \"Tracking events\" --body \"$(cat <<'EOF'\n"
               "Adds tracking events: `tracking_events` table (dbmate), `Parcel.Db.TrackingEvents` (hasql-th), "
               "`POST/GET /v1/shipments/:id/events`.\n\n- JSON uses snake_case keys and kinds\n- 404 for unknown shipments\n"
               "- specs for JSON, DB and both routes\nEOF\n)\"", "Open the pull request",
               out="https://github.com/rotalog/parcel-api/pull/57")
        t.done(f"PR #57 is open: https://github.com/rotalog/parcel-api/pull/57. Build is up to date, {n}/{n} examples pass, "
               "hlint has no hints, pre-commit (hlint + ormolu) passed on the commit.")

    # ============================================================ S4 Thu 10-22
    with d.session("2026-10-22T13:55:00", R, branch="feat/quotes", version="2.1.83", end_reason="other"):
        t = d.task("servant question: for the quotes API should we move to NamedRoutes (records of routes) "
                   "instead of the :<|> chains? pros/cons, short", tags=["noise", "no_tools"])
        t.done("""Short version: yes for new APIs, and it's cheap to do per sub-API.

**For NamedRoutes**
- Handlers are record fields, so order mistakes in `:<|>` chains become impossible and type errors name the field.
- Adding a route doesn't shift every pattern in the server.
- Clients (`servant-client`) get a record of functions instead of a pattern match.

**Against**
- A bit more boilerplate (`data QuotesRoutes mode = … deriving Generic`, `mode :- …`).
- Some older combinator libraries (and a couple of our helper type families) assume `:<|>`; mixing works but you need `NamedRoutes QuotesRoutes` at the seam.

I'd do quotes as `NamedRoutes` and leave shipments alone until it next needs surgery.""")

        t = d.task("quotes: POST /v1/quotes takes origin/destination postcodes + weight_grams and returns price_cents "
                   "and carrier using Parcel.Pricing.price. no lens again — record dot for the fields. unit tests for the "
                   "pricing edge cases too", tags=["pref:P1"])
        t.read(P("src/Parcel/Pricing.hs"))
        t.write(P("src/Parcel/Api/Quotes.hs"), """module Parcel.Api.Quotes
  ( QuotesApi,
    quotesServer,
  )
where

import Data.Aeson (FromJSON (..), Options (..), ToJSON (..), camelTo2, defaultOptions, genericParseJSON, genericToJSON)
import Data.Text (Text)
import GHC.Generics (Generic)
import Parcel.App (AppM)
import Parcel.Error (badRequest)
import Parcel.Pricing (Quote (..), price)
import Servant

type QuotesApi = "quotes" :> ReqBody '[JSON] QuoteRequest :> Post '[JSON] QuoteResponse

data QuoteRequest = QuoteRequest
  { originPostcode :: Text,
    destinationPostcode :: Text,
    weightGrams :: Int
  }
  deriving stock (Show, Generic)

instance FromJSON QuoteRequest where
  parseJSON = genericParseJSON defaultOptions {fieldLabelModifier = camelTo2 '_'}

data QuoteResponse = QuoteResponse
  { carrier :: Text,
    priceCents :: Int
  }
  deriving stock (Show, Generic)

instance ToJSON QuoteResponse where
  toJSON = genericToJSON defaultOptions {fieldLabelModifier = camelTo2 '_'}

quotesServer :: ServerT QuotesApi AppM
quotesServer req
  | req.weightGrams <= 0 = badRequest "weight_grams must be positive"
  | req.weightGrams > 30000 = badRequest "weight_grams above 30 kg is freight, not parcel"
  | otherwise = let q = price req.weightGrams in pure QuoteResponse {carrier = q.carrier, priceCents = q.priceCents}
""")
        t.read(P("src/Parcel/Api.hs"))
        t.edit(P("src/Parcel/Api.hs"), """    :<|> "v1" :> ShipmentsApi""", """    :<|> "v1" :> (ShipmentsApi :<|> QuotesApi)""")
        t.edit(P("src/Parcel/Api.hs"), """server env = pure "ok" :<|> hoistServer (Proxy @ShipmentsApi) (runAppM env) shipmentsServer""",
               """server env =
  pure "ok"
    :<|> hoistServer (Proxy @(ShipmentsApi :<|> QuotesApi)) (runAppM env) (shipmentsServer :<|> quotesServer)""")
        t.edit(P("src/Parcel/Api.hs"), "import Parcel.Api.Shipments (ShipmentsApi, shipmentsServer)",
               "import Parcel.Api.Quotes (QuotesApi, quotesServer)\nimport Parcel.Api.Shipments (ShipmentsApi, shipmentsServer)")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.Api
    Parcel.Api.Shipments
""", """    Parcel.Api
    Parcel.Api.Quotes
    Parcel.Api.Shipments
""")
        t.read(P("test/Parcel/PricingSpec.hs"))
        t.edit(P("test/Parcel/PricingSpec.hs"), """  it "rounds up partial kilograms" $
    (price 1001).priceCents `shouldBe` 470
""", """  it "rounds up partial kilograms" $
    (price 1001).priceCents `shouldBe` 470
  it "charges the base rate for a 1 g letter" $
    (price 1).priceCents `shouldBe` 350
  it "prices 30 kg as 29 extra kilograms" $
    (price 30000).priceCents `shouldBe` (350 + 29 * 120)
""")
        groups["Parcel.Pricing"][0][1].extend(["charges the base rate for a 1 g letter", "prices 30 kg as 29 extra kilograms"])
        out, n = test_run(groups, "8.1177")
        t.bash("cabal build all && cabal test", "Build everything and run the tests",
               out=plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Api.Quotes", "src/Parcel/Api/Quotes.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 13, start=12)
               + "\n" + TEST_PRE + "\n" + compiling([("Parcel.PricingSpec", "test/Parcel/PricingSpec.hs")], 10, kind="test", start=9)
               + "\n" + LINK_TEST.format(n=11) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2) + "\n" + out, timeout=900000)
        t.done(f"`POST /v1/quotes` is in (`src/Parcel/Api/Quotes.hs`, listed in `exposed-modules`). 400 for weight ≤ 0 or "
               f"above 30 kg, otherwise `{{carrier, price_cents}}` from `Parcel.Pricing.price`. Two more pricing edge cases "
               f"(1 g, 30 kg); {n} examples pass. Record dot throughout.")

        t = d.task("commit the quotes work", tags=["mistake:M3"])
        t.bash("git add -A && git status --short", "Stage the quotes work",
               out="M  parcel-api.cabal\nM  src/Parcel/Api.hs\nA  src/Parcel/Api/Quotes.hs\nM  test/Parcel/PricingSpec.hs")
        t.fail('git commit -m "feat(quotes): POST /v1/quotes"', "Commit",
               precommit([("trim trailing whitespace", "Passed"), ("fix end of files", "Passed"),
                          ("check yaml", "(no files to check)Skipped"), ("hlint", "Passed"), ("ormolu", "Failed")]) + """
- hook id: ormolu
- exit code: 100

src/Parcel/Api/Quotes.hs
@@ -37,8 +37,10 @@
  quotesServer :: ServerT QuotesApi AppM
  quotesServer req
    | req.weightGrams <= 0 = badRequest "weight_grams must be positive"
    | req.weightGrams > 30000 = badRequest "weight_grams above 30 kg is freight, not parcel"
-   | otherwise = let q = price req.weightGrams in pure QuoteResponse {carrier = q.carrier, priceCents = q.priceCents}
+   | otherwise =
+       let q = price req.weightGrams
+        in pure QuoteResponse {carrier = q.carrier, priceCents = q.priceCents}
""")
        t.say("The ormolu hook runs in check mode and rejects the layout of two files I wrote. Formatting them with ormolu "
              "in place, re-staging, and committing again.")
        t.bash("ormolu --mode inplace $(git diff --cached --name-only --diff-filter=ACM -- '*.hs')",
               "Format the staged Haskell files with ormolu")
        d.files[P("src/Parcel/Api/Quotes.hs")] = d.files[P("src/Parcel/Api/Quotes.hs")].replace(
            "  | otherwise = let q = price req.weightGrams in pure QuoteResponse {carrier = q.carrier, priceCents = q.priceCents}",
            "  | otherwise =\n      let q = price req.weightGrams\n       in pure QuoteResponse {carrier = q.carrier, priceCents = q.priceCents}")
        t.bash("git diff --stat", "See what ormolu changed",
               out=" src/Parcel/Api/Quotes.hs | 4 +++-\n 1 file changed, 3 insertions(+), 1 deletion(-)")
        t.bash("git add -u", "Re-stage the formatted files")
        t.bash('git commit -m "feat(quotes): POST /v1/quotes"', "Commit",
               out=commit_ok("feat/quotes", "feat(quotes): POST /v1/quotes", 4, 71, 2, creates=["src/Parcel/Api/Quotes.hs"]))
        t.done("Committed on `feat/quotes`. The first attempt was stopped by the ormolu pre-commit hook (check mode): the "
               "one-line `let … in` guard in `Parcel.Api.Quotes` wasn't ormolu's layout. I ran `ormolu --mode inplace` on "
               "the staged `.hs` files, re-staged and committed; all hooks pass now.")

    # ============================================================ S5 Tue 10-27
    with d.session("2026-10-27T09:05:00", R, branch="feat/config-env", version="2.1.84"):
        t = d.task("btw the haddock comments you wrote on the quotes module last week were way too long, I had to cut "
                   "half of them before the PR. one line per export, only say what isn't obvious from the type. "
                   "fix the ones still on Parcel.Pricing the same way", tags=["feedback", "noise"],
                   feedback="btw the haddock comments you wrote on the quotes module last week were way too long, I had to cut half of them before the PR. one line per export, only say what isn't obvious from the type.")
        d.files[P("src/Parcel/Pricing.hs")] = d.files[P("src/Parcel/Pricing.hs")].replace(
            "-- | Base rate covers the first kilogram; every started kilogram above adds the surcharge.\n",
            "-- | Computes the price of a parcel from its weight.\n--\n-- The pricing model is as follows: the base rate of 350 cents covers\n"
            "-- any parcel up to and including one kilogram. For every kilogram (or\n-- part of a kilogram) above that, a surcharge of 120 cents is added.\n"
            "-- For example, a parcel of 1001 grams costs 470 cents, and a parcel of\n-- 2000 grams also costs 470 cents.\n--\n"
            "-- The carrier is currently always CTT; this will change once we\n-- integrate more carriers.\n")
        t.read(P("src/Parcel/Pricing.hs"))
        t.edit(P("src/Parcel/Pricing.hs"),
               "-- | Computes the price of a parcel from its weight.\n--\n-- The pricing model is as follows: the base rate of 350 cents covers\n"
               "-- any parcel up to and including one kilogram. For every kilogram (or\n-- part of a kilogram) above that, a surcharge of 120 cents is added.\n"
               "-- For example, a parcel of 1001 grams costs 470 cents, and a parcel of\n-- 2000 grams also costs 470 cents.\n--\n"
               "-- The carrier is currently always CTT; this will change once we\n-- integrate more carriers.\n",
               "-- | 350 cents up to 1 kg, plus 120 per started kg above; always CTT for now.\n")
        t.done("Done — `price` now has a single line: \"350 cents up to 1 kg, plus 120 per started kg above; always CTT for now.\" "
               "`Quote` didn't have one and doesn't need one. I'll keep haddocks to one line per export from here on.")

        t = d.task("how many shipments on staging are stuck in booked for more than 3 days? psql is fine, the "
                   "staging URL is in .env.staging", tags=["unfixed:U1"])
        t.bash("grep -E '^DATABASE_URL=' .env.staging | sed -E 's#(://[^:]+:)[^@]+@#\\1***@#'", "Show the staging DB URL (password masked)",
               out="DATABASE_URL=postgres://parcel_ro:***@parcel-stg-db.internal.rotalog.io:5432/parcel")
        t.fail("set -a; . ./.env.staging; set +a; psql \"$DATABASE_URL\" -c \"select count(*) from shipments where status = 'booked' and created_at < now() - interval '3 days'\"",
               "Count old booked shipments on staging",
               'psql: error: connection to server at "parcel-stg-db.internal.rotalog.io" (10.42.7.19), port 5432 failed: '
               'FATAL:  no pg_hba.conf entry for host "10.8.0.23", user "parcel_ro", database "parcel", SSL encryption', code=2)
        t.bash("ip -brief addr show | grep -E '^(wg|tun)'", "Check which VPN address this machine has",
               out="wg0              UNKNOWN        10.8.0.23/32")
        t.done("I couldn't run it. The server rejects the connection: `no pg_hba.conf entry for host \"10.8.0.23\", user "
               "\"parcel_ro\"`. 10.8.0.23 is your WireGuard address, so the network path works — the staging Postgres just "
               "doesn't allow `parcel_ro` from the VPN range. That's a server-side `pg_hba.conf` rule; whoever runs the "
               "staging DB needs to add `10.8.0.0/24` for `parcel_ro`. Once that's in, the query is:\n\n"
               "```sql\nselect count(*) from shipments\nwhere status = 'booked' and created_at < now() - interval '3 days';\n```")

        t = d.task("config: move env parsing out of Main into a Parcel.Config.Env module (DATABASE_URL, PORT, "
                   "DB_POOL_SIZE default 10, LOG_LEVEL default info), fail fast with a clear message listing every "
                   "missing var. then build the exe", tags=["mistake:M1"])
        t.read(P("app/Main.hs"))
        t.write(P("src/Parcel/Config/Env.hs"), """module Parcel.Config.Env
  ( Config (..),
    loadConfig,
  )
where

import Data.ByteString (ByteString)
import Data.ByteString.Char8 qualified as BS8
import Data.Either (partitionEithers)
import Data.Text (Text)
import Data.Text qualified as T
import System.Environment (lookupEnv)
import System.Exit (die)
import Text.Read (readMaybe)

data Config = Config
  { databaseUrl :: ByteString,
    port :: Int,
    poolSize :: Int,
    logLevel :: Text
  }

loadConfig :: IO Config
loadConfig = do
  db <- required "DATABASE_URL" (Just . BS8.pack)
  p <- optional "PORT" 8080 readMaybe
  ps <- optional "DB_POOL_SIZE" 10 readMaybe
  ll <- optional "LOG_LEVEL" "info" (Just . T.pack)
  case partitionEithers [() <$ db, () <$ p, () <$ ps, () <$ ll] of
    ([], _) -> pure (Config (fromRight' db) (fromRight' p) (fromRight' ps) (fromRight' ll))
    (errs, _) -> die ("parcel-api: bad configuration:\\n" <> unlines (map ("  - " <>) errs))
  where
    fromRight' = either (error "unreachable") id

required :: String -> (String -> Maybe a) -> IO (Either String a)
required name parse =
  lookupEnv name >>= \\case
    Nothing -> pure (Left (name <> " is not set"))
    Just v -> pure (maybe (Left (name <> " is malformed")) Right (parse v))

optional :: String -> a -> (String -> Maybe a) -> IO (Either String a)
optional name def parse =
  lookupEnv name >>= \\case
    Nothing -> pure (Right def)
    Just v -> pure (maybe (Left (name <> " is malformed: " <> show v)) Right (parse v))
""")
        t.write(P("app/Main.hs"), """module Main (main) where

import Hasql.Connection qualified as Connection
import Hasql.Pool qualified as Pool
import Hasql.Pool.Config qualified as Pool
import Network.Wai.Handler.Warp qualified as Warp
import Parcel.Api (parcelApi, server)
import Parcel.App (Env (..))
import Parcel.Config.Env (Config (..), loadConfig)
import Servant (serve)

main :: IO ()
main = do
  cfg <- loadConfig
  pool <-
    Pool.acquire $
      Pool.settings
        [ Pool.staticConnectionSettings (Connection.settings cfg.databaseUrl),
          Pool.size cfg.poolSize,
          Pool.acquisitionTimeout 5
        ]
  Warp.run cfg.port (serve parcelApi (server (Env pool cfg.logLevel)))
""")
        t.fail("cabal build exe:parcel-api", "Build the executable",
               plan(["parcel-api-0.1.0.0 (exe:parcel-api) (file app/Main.hs changed)"]) + "\n" + EXE_PRE + "\n" +
               not_found("app/Main.hs", 9, "Parcel.Config.Env") + "\n"
               "Error: [Cabal-7125]\nFailed to build exe:parcel-api from parcel-api-0.1.0.0.")
        t.say("Same thing as with the tracking module: `Parcel.Config.Env` lives in `src/` but the library doesn't export it, "
              "so the executable can't import it. Listing it in `exposed-modules`.")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.App
    Parcel.Db
""", """    Parcel.App
    Parcel.Config.Env
    Parcel.Db
""")
        t.bash("cabal build exe:parcel-api", "Build the executable",
               out=plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) + "\n" +
               "Configuring library for parcel-api-0.1.0.0..\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Config.Env", "src/Parcel/Config/Env.hs")], 14, start=5) + "\n" +
               "Configuring executable 'parcel-api' for parcel-api-0.1.0.0..\n" + EXE_PRE + "\n" +
               f"[1 of 2] Compiling Main             ( app/Main.hs, {DIST}/x/parcel-api/build/parcel-api/parcel-api-tmp/Main.o )\n" +
               LINK_EXE.format(n=2), timeout=600000)
        t.bash("env -u DATABASE_URL DB_POOL_SIZE=ten \"$(cabal list-bin parcel-api)\" 2>&1; echo \"exit=$?\"",
               "Check the fail-fast message with bad config",
               out="parcel-api: bad configuration:\n  - DATABASE_URL is not set\n  - DB_POOL_SIZE is malformed: \"ten\"\n\nexit=1")
        t.bash("DATABASE_URL=postgres://localhost/parcel_dev PORT=0 timeout 2 \"$(cabal list-bin parcel-api)\"; echo \"exit=$?\"",
               "Check it starts with a valid config", out="exit=124")
        t.done("`Parcel.Config.Env.loadConfig` now owns env parsing; `Main` is down to pool + Warp. With bad config it "
               "exits 1 and lists every problem at once:\n\n```\nparcel-api: bad configuration:\n  - DATABASE_URL is not set\n"
               "  - DB_POOL_SIZE is malformed: \"ten\"\n```\n\nWith a valid config it starts (the `timeout 2` run was killed "
               "while serving, exit 124). The first build failed because the new module wasn't in `exposed-modules`; added.")

        d.precompact("""Analysis: Ines works on rotalog/parcel-api (Haskell, GHC 9.8.4, cabal, Servant, hasql + hasql-th, dbmate, hspec/hspec-wai with tmp-postgres, pre-commit hlint + ormolu). Branch feat/config-env.

Summary:
1. Haddock feedback: keep doc comments to one line per export; trimmed Parcel.Pricing.price.
2. Staging psql blocked by pg_hba (no entry for the VPN address 10.8.0.23, user parcel_ro); reported, needs the staging DB owner.
3. New src/Parcel/Config/Env.hs (loadConfig: DATABASE_URL required, PORT 8080, DB_POOL_SIZE 10, LOG_LEVEL info; lists every problem and exits 1). app/Main.hs uses it. Module added to exposed-modules in parcel-api.cabal after `cabal build exe:parcel-api` could not find it. Exe builds and starts.
Pending: nothing.""")

        t = d.task("deploy feat/config-env to staging so Rui can test with the new env vars (they're already in the "
                   "staging environment)", tags=["workflow:W2", "flaky:F2"])
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "Get the commit to tag the image with", out=sha)
        W2(t, sha, 18423977051, flaky_curl=True, deps_cached=True)
        t.done(f"Staging runs `{IMG}:{sha}`: image built and pushed, deploy run 18423977051 succeeded, `/healthz` "
               "answers `ok` (the first probe got a 502 while the new machine was still coming up; the retry was fine).")

    # ============================================================ S6 Fri 10-30
    with d.session("2026-10-30T10:20:00", R, branch="feat/label-printing", version="2.1.85"):
        cab = d.files[P("parcel-api.cabal")]
        cab = cab.replace("    Parcel.Api\n", "    Parcel.Api\n    Parcel.Api.Labels\n", 1)
        cab = cab.replace("    Parcel.Config.Env\n", "    Parcel.Carriers.Ctt\n    Parcel.Config.Env\n", 1)
        cab = cab.replace("    Parcel.Pricing\n", "    Parcel.Labels\n    Parcel.Pricing\n", 1)
        d.files[P("parcel-api.cabal")] = cab
        t = d.task("what landed on main while I was out? last 30 commits, group them", tags=["noise", "long_output"])
        log = []
        msgs = ["Merge pull request #63 from rotalog/feat/config-env", "feat(config): Parcel.Config.Env, fail fast on bad env",
                "Merge pull request #62 from rotalog/rui/carrier-ctt", "feat(carriers): CTT label client behind Carrier class",
                "test(carriers): golden files for CTT label requests", "chore(ci): cache ~/.cabal/store by freeze file hash",
                "Merge pull request #61 from rotalog/feat/quotes", "feat(quotes): POST /v1/quotes",
                "fix(pricing): started kilograms, not completed", "docs: README run/test section",
                "Merge pull request #60 from rotalog/joana/otel", "feat(obs): OpenTelemetry spans around withDb",
                "chore(deps): hs-opentelemetry-sdk 0.1.0.0", "fix(obs): don't export spans in tests",
                "Merge pull request #59 from rotalog/rui/label-format", "feat(labels): ZPL label rendering",
                "test(labels): golden ZPL for 4x6 labels", "refactor(api): split Parcel.Error helpers",
                "Merge pull request #58 from rotalog/dependabot/github_actions/actions/cache-4.2.0",
                "chore(deps): bump actions/cache from 4.1.2 to 4.2.0",
                "Merge pull request #57 from rotalog/feat/tracking-events",
                "feat(tracking): tracking events table, statements and /v1/shipments/:id/events",
                "fix(db): index shipments (merchant_id, created_at)", "chore: ghcid.sh uses cabal repl lib:parcel-api",
                "fix(api): 400 body is JSON for header errors", "chore(ci): hlint 3.10 in CI",
                "feat(shipments): ?status filter", "chore(docker): bookworm-slim runtime image",
                "test: share tmp-postgres initdb cache across specs", "fix(shipments): cap limit at 200"]
        for m in msgs:
            log.append(f"{hx(7)} {m}")
        t.bash("git fetch origin && git log --oneline -30 origin/main", "Show the last 30 commits on main", out="\n".join(log))
        t.done("""Since you were out (newest first), grouped:

**Features**
- Config from env (`Parcel.Config.Env`, #63) — yours.
- CTT carrier label client behind a `Carrier` class, with golden request files (#62, Rui).
- ZPL label rendering for 4×6 labels + golden tests (#59, Rui).
- Quotes endpoint (#61) and tracking events (#57).
- OpenTelemetry spans around `withDb` (#60, Joana), disabled in tests.

**Fixes**
- Pricing counts *started* kilograms; shipments `limit` capped at 200; JSON 400 bodies for header errors; new `(merchant_id, created_at)` index.

**Tooling / CI**
- Cabal store cache keyed by the freeze-file hash; hlint 3.10 in CI; actions/cache 4.2.0 (dependabot); `ghcid.sh` now uses `cabal repl lib:parcel-api`; bookworm-slim runtime image; a shared tmp-postgres initdb cache in the specs.""")

        t = d.task("add a label endpoint GET /v1/shipments/:id/label returning the ZPL as text/plain using Rui's "
                   "Parcel.Labels.render. run hlint before you tell me it's done", tags=["oneoff:O2"])
        d.files[P("src/Parcel/Api/Labels.hs")] = """module Parcel.Api.Labels
  ( LabelsApi,
    labelsServer,
  )
where

import Data.Text (Text)
import Data.UUID (UUID)
import Parcel.App (AppM)
import Servant

type LabelsApi = "shipments" :> Capture "shipmentId" UUID :> "label" :> Get '[PlainText] Text

labelsServer :: ServerT LabelsApi AppM
labelsServer _ = throwError err501
"""
        t.read(P("src/Parcel/Api/Labels.hs"))
        t.edit(P("src/Parcel/Api/Labels.hs"), """labelsServer :: ServerT LabelsApi AppM
labelsServer _ = throwError err501
""", """labelsServer :: ServerT LabelsApi AppM
labelsServer sid = do
  s <- withDb (Db.findById sid) >>= maybe (notFound "shipment") pure
  case s.carrierRef of
    Nothing -> conflict "shipment has no carrier reference yet"
    Just ref -> do
      pure $ (Labels.render (Labels.fromShipment s ref))
""")
        t.edit(P("src/Parcel/Api/Labels.hs"), """import Parcel.App (AppM)
""", """import Parcel.App (AppM, withDb)
import Parcel.Db.Shipments qualified as Db
import Parcel.Error (conflict, notFound)
import Parcel.Labels qualified as Labels
""")
        lbl = d.files[P("src/Parcel/Api/Labels.hs")].split("\n")
        ln = next(i for i, l in enumerate(lbl, 1) if "Just ref -> do" in l)
        t.bash("cabal build", "Build", out=plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Api/Labels.hs changed)",
                                                  "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                                                  "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Api.Labels", "src/Parcel/Api/Labels.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 19, start=17)
               + "\n" + TEST_PRE + "\n" + LINK_TEST.format(n=13) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2), timeout=600000)
        t.fail("hlint src app test", "Lint", f"""src/Parcel/Api/Labels.hs:({ln},17)-({ln + 1},56): Suggestion: Redundant do
Found:
  do pure $ (Labels.render (Labels.fromShipment s ref))
Perhaps:
  pure $ (Labels.render (Labels.fromShipment s ref))

src/Parcel/Api/Labels.hs:{ln + 1}:14-56: Suggestion: Redundant bracket
Found:
  pure $ (Labels.render (Labels.fromShipment s ref))
Perhaps:
  pure $ Labels.render (Labels.fromShipment s ref)

2 hints""")
        t.say("Two style hints on the branch I just wrote (a one-statement `do` and a bracket after `$`). Tidying it.")
        t.edit(P("src/Parcel/Api/Labels.hs"), """    Just ref -> do
      pure $ (Labels.render (Labels.fromShipment s ref))
""", """    Just ref -> pure (Labels.render (Labels.fromShipment s ref))
""")
        t.bash("hlint src app test", "Lint", out="No hints")
        t.bash("cabal build", "Build", out=plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Api/Labels.hs changed)",
                                                  "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                                                  "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Api.Labels", "src/Parcel/Api/Labels.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 19, start=17)
               + "\n" + TEST_PRE + "\n" + LINK_TEST.format(n=13) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2), timeout=600000)
        t.done("`GET /v1/shipments/:id/label` returns `Labels.render` output as `text/plain`: 404 for an unknown shipment, "
               "409 when there's no carrier reference yet. hlint flagged a redundant `do` and a redundant bracket in the `Just` "
               "branch; tidied, `No hints` now, and it builds.")

        t = d.task("the label spec fails on CI with seed 4201 but passes for me. run just the labels specs with that seed",
                   tags=["mistake:M2"])
        t.fail("cabal test parcel-api-test --test-show-details=direct --match \"/Parcel.Api.Labels/\" --seed 4201",
               "Run the label specs with CI's seed",
               "cabal: unrecognized 'test' option `--match'\ncabal: unrecognized 'test' option `--seed'")
        t.say("Both are hspec flags; cabal won't forward them. Passing them with `--test-option`, one per flag.")
        groups["Parcel.Api.Labels"] = [("GET /v1/shipments/:id/label", ["returns ZPL as text/plain", "responds 404 for an unknown shipment",
                                                                         "responds 409 without a carrier reference"])]
        out, n = test_run(groups, "1.2280", only=["Parcel.Api.Labels"])
        t.bash("cabal test parcel-api-test --test-show-details=direct --test-option=--match=/Parcel.Api.Labels/ --test-option=--seed=4201",
               "Run the label specs with CI's seed", out=out, timeout=600000)
        t.bash("gh run view --log-failed -R rotalog/parcel-api $(gh run list -b feat/label-printing -w ci -L 1 --json databaseId --jq '.[0].databaseId') | tail -20",
               "Look at the failing CI log",
               out="test\tRun tests\t2026-10-30T09:14:02.1181236Z   GET /v1/shipments/:id/label\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2209113Z     returns ZPL as text/plain [\u2718]\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2210442Z \n"
                   "test\tRun tests\t2026-10-30T09:14:02.2211019Z   1) GET /v1/shipments/:id/label returns ZPL as text/plain\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2211590Z        body mismatch:\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2212004Z          expected: \"^XA\\n^FO50,50^A0N,40,40^FDRota^FS...\"\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2212441Z           but got: \"^XA\\n^FO50,50^A0N,40,40^FDRota^FS...\" (date 2026-10-30 vs 2026-10-29)\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2213088Z \n"
                   "test\tRun tests\t2026-10-30T09:14:02.2213370Z   To rerun use: --match \"/GET \\/v1\\/shipments\\/:id\\/label/returns ZPL as text\\/plain/\" --seed 4201\n"
                   "test\tRun tests\t2026-10-30T09:14:02.2214001Z \n"
                   "test\tRun tests\t2026-10-30T09:14:02.2214550Z Randomized with seed 4201\n")
        t.done(f"With the seed passed properly (`--test-option=--match=/Parcel.Api.Labels/ --test-option=--seed=4201`) "
               f"all {n} label specs pass locally, so it isn't order-dependent. The CI log shows the real cause: the golden ZPL "
               "has a print date and CI ran at 09:14 UTC on a different day than the golden file's date — the test depends on "
               "today's date. `Labels.fromShipment` should take the date as an argument (or the spec should pin it). Want me to change that?")

    # ============================================================ S7 Tue 11-03 (acceptEdits)
    with d.session("2026-11-03T09:30:00", R, branch="feat/carrier-webhooks", version="2.1.86", permission_mode="acceptEdits"):
        t = d.task("CTT will push delivery status webhooks. add a carrier_webhooks table (id, carrier, external_id unique, "
                   "payload jsonb, received_at, processed_at null) with dbmate and the statements for insert-if-new "
                   "and mark-processed. tests", tags=["workflow:W3"])
        t.bash("dbmate new create_carrier_webhooks", "Create a new dbmate migration",
               out="Creating migration: db/migrations/20261103093512_create_carrier_webhooks.sql")
        d.files[P("db/migrations/20261103093512_create_carrier_webhooks.sql")] = "-- migrate:up\n\n-- migrate:down\n"
        t.read(P("db/migrations/20261103093512_create_carrier_webhooks.sql"))
        t.write(P("db/migrations/20261103093512_create_carrier_webhooks.sql"), """-- migrate:up
create table carrier_webhooks (
  id           bigint generated always as identity primary key,
  carrier      text not null,
  external_id  text not null,
  payload      jsonb not null,
  received_at  timestamptz not null default now(),
  processed_at timestamptz,
  unique (carrier, external_id)
);

create index carrier_webhooks_unprocessed_idx on carrier_webhooks (received_at) where processed_at is null;

-- migrate:down
drop table carrier_webhooks;
""")
        t.bash("dbmate up", "Apply the migration locally",
               out="Applying: 20261103093512_create_carrier_webhooks.sql\nApplied: 20261103093512_create_carrier_webhooks.sql in 9.881204ms\nWriting: ./db/schema.sql")
        t.write(P("src/Parcel/Db/CarrierWebhooks.hs"), """module Parcel.Db.CarrierWebhooks
  ( insertIfNew,
    markProcessed,
  )
where

import Data.Aeson (Value)
import Data.Int (Int64)
import Data.Text (Text)
import Hasql.Session (Session)
import Hasql.Session qualified as Session
import Hasql.TH qualified as TH

-- | Nothing when (carrier, external_id) was already stored.
insertIfNew :: Text -> Text -> Value -> Session (Maybe Int64)
insertIfNew carrier externalId payload =
  Session.statement
    (carrier, externalId, payload)
    [TH.maybeStatement|
      insert into carrier_webhooks (carrier, external_id, payload)
      values ($1 :: text, $2 :: text, $3 :: jsonb)
      on conflict (carrier, external_id) do nothing
      returning id :: int8
    |]

markProcessed :: Int64 -> Session ()
markProcessed wid =
  Session.statement
    wid
    [TH.resultlessStatement|
      update carrier_webhooks set processed_at = now() where id = $1 :: int8
    |]
""")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.Db
    Parcel.Db.Shipments
""", """    Parcel.Db
    Parcel.Db.CarrierWebhooks
    Parcel.Db.Shipments
""")
        t.write(P("test/Parcel/Db/CarrierWebhooksSpec.hs"), """module Parcel.Db.CarrierWebhooksSpec (spec) where

import Data.Aeson (object, (.=))
import Parcel.Db.CarrierWebhooks qualified as W
import Parcel.TestDb (runIn, withTestPool)
import Test.Hspec

spec :: Spec
spec = around withTestPool $ describe "Parcel.Db.CarrierWebhooks" $ do
  let body = object ["status" .= ("delivered" :: String)]
  it "stores a new webhook" $ \\pool ->
    runIn pool (W.insertIfNew "ctt" "EV-1" body) >>= (`shouldSatisfy` (/= Nothing))
  it "ignores a redelivered webhook" $ \\pool -> do
    _ <- runIn pool (W.insertIfNew "ctt" "EV-2" body)
    runIn pool (W.insertIfNew "ctt" "EV-2" body) >>= (`shouldBe` Nothing)
""")
        t.edit(P("parcel-api.cabal"), """    Parcel.Api.TrackingSpec
""", """    Parcel.Api.TrackingSpec
    Parcel.Db.CarrierWebhooksSpec
""")
        groups["Parcel.Db.CarrierWebhooks"] = [("Parcel.Db.CarrierWebhooks", ["stores a new webhook", "ignores a redelivered webhook"])]
        out, n = test_run(groups, "9.6612")
        t.bash("cabal test", "Run the test suite",
               out=plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Db.CarrierWebhooks", "src/Parcel/Db/CarrierWebhooks.hs")], 20, start=6) + "\n" + TEST_PRE + "\n" +
               compiling([("Parcel.Db.CarrierWebhooksSpec", "test/Parcel/Db/CarrierWebhooksSpec.hs"), ("Main", "test/Spec.hs")], 14,
                         kind="test", start=13) + "\n" + LINK_TEST.format(n=15) + "\n" + out, timeout=900000)
        t.done(f"`carrier_webhooks` migration applied locally, `Parcel.Db.CarrierWebhooks` has `insertIfNew` (`on conflict do "
               f"nothing … returning id`, so a redelivery gives `Nothing`) and `markProcessed`. {n} examples pass.")

        t = d.task("do we need serializable for the webhook processing (insert event + update shipment status)? "
                   "or is read committed fine", tags=["noise", "no_tools"])
        t.done("""Read committed is fine here.

- Dedup is done by the unique `(carrier, external_id)` constraint, not by a read-then-write check, so two concurrent deliveries of the same webhook can't both insert — one gets `Nothing`.
- The status update is `update shipments set status = … where id = …`; the second concurrent writer blocks on the row lock and then applies its update on the committed row. The only thing to decide is ordering: guard with `where occurred_at > last_event_at` so an older event arriving late doesn't overwrite a newer status.

Serializable would add retries (hasql-transaction re-runs on 40001) without protecting anything the constraint and the guard don't already cover.""")

        t = d.task("ok change of plan on hasql-th: it's killing our compile times (the TH splices re-typecheck against "
                   "the schema every build). from now on no hasql-th for new statements — plain Statement with explicit "
                   "Encoders/Decoders. convert CarrierWebhooks now since it's new", tags=["reversal:P3"])
        t.read(P("src/Parcel/Db/CarrierWebhooks.hs"))
        t.write(P("src/Parcel/Db/CarrierWebhooks.hs"), """module Parcel.Db.CarrierWebhooks
  ( insertIfNew,
    markProcessed,
  )
where

import Data.Aeson (Value)
import Data.Functor.Contravariant ((>$<))
import Data.Int (Int64)
import Data.Text (Text)
import Hasql.Decoders qualified as D
import Hasql.Encoders qualified as E
import Hasql.Session (Session)
import Hasql.Session qualified as Session
import Hasql.Statement (Statement (..))

-- | Nothing when (carrier, external_id) was already stored.
insertIfNew :: Text -> Text -> Value -> Session (Maybe Int64)
insertIfNew carrier externalId payload = Session.statement (carrier, externalId, payload) insertStmt

insertStmt :: Statement (Text, Text, Value) (Maybe Int64)
insertStmt = Statement sql enc dec True
  where
    sql =
      "insert into carrier_webhooks (carrier, external_id, payload) values ($1, $2, $3) \\
      \\on conflict (carrier, external_id) do nothing returning id"
    enc =
      ((\\(c, _, _) -> c) >$< E.param (E.nonNullable E.text))
        <> ((\\(_, e, _) -> e) >$< E.param (E.nonNullable E.text))
        <> ((\\(_, _, p) -> p) >$< E.param (E.nonNullable E.jsonb))
    dec = D.rowMaybe (D.column (D.nonNullable D.int8))

markProcessed :: Int64 -> Session ()
markProcessed wid = Session.statement wid markStmt

markStmt :: Statement Int64 ()
markStmt = Statement sql enc D.noResult True
  where
    sql = "update carrier_webhooks set processed_at = now() where id = $1"
    enc = E.param (E.nonNullable E.int8)
""")
        t.bash("cabal build all && cabal test --test-show-details=direct", "Build and run the tests",
               out=plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Db/CarrierWebhooks.hs changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Db.CarrierWebhooks", "src/Parcel/Db/CarrierWebhooks.hs")], 20, start=6) + "\n" + TEST_PRE + "\n" +
               LINK_TEST.format(n=15) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2) + "\n" + test_run(groups, "9.2475")[0],
               timeout=900000)
        t.done("`Parcel.Db.CarrierWebhooks` now uses plain `Statement`s with explicit `Hasql.Encoders`/`Hasql.Decoders` "
               "(prepared, same SQL); no hasql-th in it any more. Everything builds and the suite passes. Older modules "
               "(`Db.Shipments`, `Db.TrackingEvents`) still use hasql-th — I left them; new statements will be plain `Statement`.")

        t = d.task("commit this on the branch", tags=["mistake:M3"])
        t.bash("git add -A", "Stage everything")
        t.fail('git commit -m "feat(webhooks): carrier_webhooks table and statements"', "Commit",
               precommit([("trim trailing whitespace", "Passed"), ("fix end of files", "Passed"),
                          ("check yaml", "(no files to check)Skipped"), ("hlint", "Passed"), ("ormolu", "Failed")]) + """
- hook id: ormolu
- exit code: 100

src/Parcel/Db/CarrierWebhooks.hs
@@ -26,9 +26,9 @@
        \\on conflict (carrier, external_id) do nothing returning id"
      enc =
        ((\\(c, _, _) -> c) >$< E.param (E.nonNullable E.text))
-         <> ((\\(_, e, _) -> e) >$< E.param (E.nonNullable E.text))
-         <> ((\\(_, _, p) -> p) >$< E.param (E.nonNullable E.jsonb))
+          <> ((\\(_, e, _) -> e) >$< E.param (E.nonNullable E.text))
+          <> ((\\(_, _, p) -> p) >$< E.param (E.nonNullable E.jsonb))
      dec = D.rowMaybe (D.column (D.nonNullable D.int8))
test/Parcel/Db/CarrierWebhooksSpec.hs
@@ -11,5 +11,6 @@
  spec = around withTestPool $ describe "Parcel.Db.CarrierWebhooks" $ do
    let body = object ["status" .= ("delivered" :: String)]
-   it "stores a new webhook" $ \\pool ->
-     runIn pool (W.insertIfNew "ctt" "EV-1" body) >>= (`shouldSatisfy` (/= Nothing))
+   it "stores a new webhook" $ \\pool ->
+     runIn pool (W.insertIfNew "ctt" "EV-1" body)
+       >>= (`shouldSatisfy` (/= Nothing))
""")
        t.say("ormolu (check mode in the hook) wants a different layout in two of the new files. Formatting just those two in place.")
        t.bash("ormolu -i src/Parcel/Db/CarrierWebhooks.hs test/Parcel/Db/CarrierWebhooksSpec.hs",
               "Format the two files with ormolu")
        t.bash("git add src/Parcel/Db/CarrierWebhooks.hs test/Parcel/Db/CarrierWebhooksSpec.hs", "Re-stage the formatted files")
        t.bash('git commit -m "feat(webhooks): carrier_webhooks table and statements"', "Commit",
               out=commit_ok("feat/carrier-webhooks", "feat(webhooks): carrier_webhooks table and statements", 5, 146, 0,
                             creates=["db/migrations/20261103093512_create_carrier_webhooks.sql",
                                      "src/Parcel/Db/CarrierWebhooks.hs", "test/Parcel/Db/CarrierWebhooksSpec.hs"]))
        t.done("Committed on `feat/carrier-webhooks`. The ormolu hook rejected the first attempt (operator indentation in "
               "the encoder, a long line in the spec); `ormolu -i` on those two files, re-staged, and the commit went through.")

    # ============================================================ S8 Fri 11-06
    with d.session("2026-11-06T08:50:00", R, branch="feat/pricing-zones", version="2.1.87"):
        t = d.task("zone pricing: split postcodes into zones (PT mainland 1xxx-8xxx = mainland, 9xxx = islands, "
                   "everything else international) in a new Parcel.Pricing.Zones module and make price take the zone: "
                   "islands x1.8, international x3. same style as the rest — OverloadedRecordDot for record fields, "
                   "no lens. build everything and run the pricing tests", tags=["pref:P1", "mistake:M1"])
        t.read(P("src/Parcel/Pricing.hs"))
        t.write(P("src/Parcel/Pricing/Zones.hs"), """module Parcel.Pricing.Zones
  ( Zone (..),
    zoneOf,
    multiplier,
  )
where

import Data.Char (isDigit)
import Data.Text (Text)
import Data.Text qualified as T

data Zone = Mainland | Islands | International
  deriving stock (Eq, Show)

-- | Portuguese 4-digit postcode prefixes; anything else is international.
zoneOf :: Text -> Zone
zoneOf pc = case T.unpack (T.take 4 (T.filter isDigit pc)) of
  [a, _, _, _] | a `elem` ("12345678" :: String) -> Mainland
  ['9', _, _, _] -> Islands
  _ -> International

multiplier :: Zone -> Rational
multiplier = \\case
  Mainland -> 1
  Islands -> 1.8
  International -> 3
""")
        t.write(P("src/Parcel/Pricing.hs"), """module Parcel.Pricing
  ( price,
    Quote (..),
  )
where

import Data.Text (Text)
import Parcel.Pricing.Zones (Zone, multiplier)

data Quote = Quote
  { carrier :: Text,
    priceCents :: Int
  }
  deriving stock (Eq, Show)

-- | 350 cents up to 1 kg, plus 120 per started kg above, times the zone multiplier; always CTT for now.
price :: Zone -> Int -> Quote
price zone grams =
  Quote "ctt" (ceiling (fromIntegral (350 + 120 * extraKg) * multiplier zone))
  where
    extraKg = max 0 ((grams - 1) `div` 1000)
""")
        t.read(P("src/Parcel/Api/Quotes.hs"))
        t.edit(P("src/Parcel/Api/Quotes.hs"), "let q = price req.weightGrams",
               "let q = price (zoneOf req.destinationPostcode) req.weightGrams")
        t.edit(P("src/Parcel/Api/Quotes.hs"), "import Parcel.Pricing (Quote (..), price)\n",
               "import Parcel.Pricing (Quote (..), price)\nimport Parcel.Pricing.Zones (zoneOf)\n")
        t.read(P("test/Parcel/PricingSpec.hs"))
        t.write(P("test/Parcel/PricingSpec.hs"), """module Parcel.PricingSpec (spec) where

import Parcel.Pricing
import Parcel.Pricing.Zones
import Test.Hspec

spec :: Spec
spec = do
  describe "price" $ do
    it "charges the base rate up to 1 kg" $
      (price Mainland 1000).priceCents `shouldBe` 350
    it "adds the per-kg surcharge above 1 kg" $
      (price Mainland 2000).priceCents `shouldBe` 470
    it "rounds up partial kilograms" $
      (price Mainland 1001).priceCents `shouldBe` 470
    it "charges the base rate for a 1 g letter" $
      (price Mainland 1).priceCents `shouldBe` 350
    it "prices 30 kg as 29 extra kilograms" $
      (price Mainland 30000).priceCents `shouldBe` (350 + 29 * 120)
    it "applies the islands multiplier, rounding up" $
      (price Islands 1000).priceCents `shouldBe` 630
  describe "zoneOf" $ do
    it "maps 1000-8999 to mainland" $ zoneOf "4050-123" `shouldBe` Mainland
    it "maps 9xxx to the islands" $ zoneOf "9500-321" `shouldBe` Islands
    it "treats anything else as international" $ zoneOf "28013" `shouldBe` International
""")
        t.fail("cabal build all", "Build all components",
               plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Pricing.hs changed)",
                     "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)",
                     "parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               """<no location info>: warning: [GHC-32850] [-Wmissing-home-modules]
    These modules are needed for compilation but not listed in your .cabal file's other-modules for \u2018parcel-api-0.1.0.0-inplace\u2019 :
        Parcel.Pricing.Zones
""" + compiling([("Parcel.Pricing.Zones", "src/Parcel/Pricing/Zones.hs"), ("Parcel.Pricing", "src/Parcel/Pricing.hs"),
                 ("Parcel.Api.Quotes", "src/Parcel/Api/Quotes.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 22, start=15) + "\n" +
               TEST_PRE + "\n" + not_found("test/Parcel/PricingSpec.hs", 4, "Parcel.Pricing.Zones") + "\n"
               "Error: [Cabal-7125]\nFailed to build parcel-api-0.1.0.0-inplace-parcel-api-test.", timeout=900000)
        t.say("The library compiled `Parcel.Pricing.Zones` only because `Parcel.Pricing` imports it (hence the "
              "`-Wmissing-home-modules` warning), but it isn't part of the package, so the test suite can't import it. "
              "It needs to be in `exposed-modules`.")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.Pricing
    Parcel.Tracking.Events
""", """    Parcel.Pricing
    Parcel.Pricing.Zones
    Parcel.Tracking.Events
""")
        t.bash("cabal build all", "Build all components",
               out=plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) + "\n" +
               "Configuring library for parcel-api-0.1.0.0..\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Pricing.Zones", "src/Parcel/Pricing/Zones.hs")], 22, start=15) + "\n" + TEST_PRE + "\n" +
               compiling([("Parcel.PricingSpec", "test/Parcel/PricingSpec.hs"), ("Main", "test/Spec.hs")], 14, kind="test", start=13)
               + "\n" + LINK_TEST.format(n=15) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2), timeout=900000)
        groups["Parcel.Pricing"] = [("price", ["charges the base rate up to 1 kg", "adds the per-kg surcharge above 1 kg",
                                               "rounds up partial kilograms", "charges the base rate for a 1 g letter",
                                               "prices 30 kg as 29 extra kilograms", "applies the islands multiplier, rounding up"]),
                                    ("zoneOf", ["maps 1000-8999 to mainland", "maps 9xxx to the islands",
                                                "treats anything else as international"])]
        out, n = test_run(groups, "0.0041", only=["Parcel.Pricing"])
        t.bash("$(cabal list-bin parcel-api-test) --match /Parcel.Pricing/", "Run only the pricing specs (test binary directly)",
               out="\n".join(out.split("\n")[2:-4]))
        t.done(f"Zone pricing is in: `Parcel.Pricing.Zones.zoneOf` (1xxx–8xxx mainland, 9xxx islands, else international), "
               f"`price` takes the zone and applies ×1.8 / ×3, rounded up to the cent; quotes use the destination postcode. "
               f"{n} pricing specs pass. The first `cabal build all` failed because the new module wasn't in `exposed-modules` — added.")

        t = d.task("ship it, PR to main", tags=["workflow:W1"])
        t.bash("cabal build all", "Build all components", out="Up to date", timeout=600000)
        out, n = test_run(groups, "10.0214")
        t.bash("cabal test", "Run the full test suite", out=out, timeout=900000)
        t.bash("hlint src app test", "Lint", out="No hints")
        t.bash('git add -A && git commit -m "feat(pricing): zones with islands and international multipliers"', "Commit",
               out=commit_ok("feat/pricing-zones", "feat(pricing): zones with islands and international multipliers", 5, 88, 14,
                             creates=["src/Parcel/Pricing/Zones.hs"]))
        t.bash("git push -u origin feat/pricing-zones", "Push the branch", out=push_new("feat/pricing-zones"))
        t.bash("gh pr create --base main --title \"Zone pricing\" --body \"Quotes are priced by destination zone: mainland x1, "
               "islands (9xxx) x1.8, international x3, rounded up to the cent.\"", "Open the pull request",
               out="https://github.com/rotalog/parcel-api/pull/68")
        t.done(f"PR #68: https://github.com/rotalog/parcel-api/pull/68 — builds, {n}/{n} examples pass, no hlint hints, hooks passed.")

        t = d.task("set the SENTRY_DSN secret on the production environment in github, value is in 1password — "
                   "I put it in $SENTRY_DSN in this shell", tags=["unfixed:U2"])
        t.fail('gh secret set SENTRY_DSN --env production --body "$SENTRY_DSN"', "Set the production environment secret",
               "failed to fetch public key: HTTP 403: Must have admin rights to Repository. "
               "(https://api.github.com/repos/rotalog/parcel-api/environments/production/secrets/public-key)")
        t.bash("gh api repos/rotalog/parcel-api --jq .permissions", "Check your permissions on the repo",
               out='{"admin":false,"maintain":true,"pull":true,"push":true,"triage":true}')
        t.done("Not set. GitHub requires **admin** on the repository to manage environment secrets, and your account has "
               "`maintain`. Someone with admin (or an org owner) needs to run\n\n"
               "```\ngh secret set SENTRY_DSN --env production -R rotalog/parcel-api\n```\n\n"
               "or grant you admin. I didn't try a repo-level secret instead — that would expose it to every workflow, not just production deploys.")

    # ============================================================ S9 Wed 11-11
    with d.session("2026-11-11T09:25:00", R, branch="feat/returns", version="2.1.89"):
        t = d.task("where do we configure the statement timeout for postgres? can't find it", tags=["noise"])
        t.grep("statement_timeout", filenames=[], path=R)
        t.grep("Pool\\.(size|acquisitionTimeout|agingTimeout|idlenessTimeout)", path=P("app"), output_mode="content",
               content="app/Main.hs:18:          Pool.size cfg.poolSize,\napp/Main.hs:19:          Pool.acquisitionTimeout 5", n=True)
        t.done("We don't set one anywhere — no `statement_timeout` in the code, migrations or config. The only timeout is "
               "hasql-pool's `acquisitionTimeout 5` in `app/Main.hs` (waiting for a free connection, not the query). "
               "Options: `alter role parcel_app set statement_timeout = '5s'` in a migration (applies to every connection of "
               "that role), or add `options=-c statement_timeout=5000` to `DATABASE_URL`.")

        t = d.task("returns: new returns table (shipment_id, reason, requested_at, status requested|approved|received) via "
                   "dbmate, statements in Parcel.Db.Returns, run the tests", tags=["workflow:W3"])
        t.bash("dbmate new create_returns", "Create a new dbmate migration",
               out="Creating migration: db/migrations/20261111093047_create_returns.sql")
        d.files[P("db/migrations/20261111093047_create_returns.sql")] = "-- migrate:up\n\n-- migrate:down\n"
        t.read(P("db/migrations/20261111093047_create_returns.sql"))
        t.write(P("db/migrations/20261111093047_create_returns.sql"), """-- migrate:up
create table returns (
  id           uuid primary key default gen_random_uuid(),
  shipment_id  uuid not null references shipments (id),
  reason       text not null,
  status       text not null default 'requested' check (status in ('requested', 'approved', 'received')),
  requested_at timestamptz not null default now()
);

create unique index returns_one_open_per_shipment on returns (shipment_id) where status <> 'received';

-- migrate:down
drop table returns;
""")
        t.bash("dbmate up", "Apply the migration locally",
               out="Applying: 20261111093047_create_returns.sql\nApplied: 20261111093047_create_returns.sql in 11.402117ms\nWriting: ./db/schema.sql")
        t.write(P("src/Parcel/Db/Returns.hs"), """module Parcel.Db.Returns
  ( request,
    forShipment,
  )
where

import Data.Functor.Contravariant ((>$<))
import Data.Text (Text)
import Data.UUID (UUID)
import Hasql.Decoders qualified as D
import Hasql.Encoders qualified as E
import Hasql.Session (Session)
import Hasql.Session qualified as Session
import Hasql.Statement (Statement (..))

request :: UUID -> Text -> Session UUID
request sid reason = Session.statement (sid, reason) requestStmt

requestStmt :: Statement (UUID, Text) UUID
requestStmt = Statement sql enc dec True
  where
    sql = "insert into returns (shipment_id, reason) values ($1, $2) returning id"
    enc =
      (fst >$< E.param (E.nonNullable E.uuid))
        <> (snd >$< E.param (E.nonNullable E.text))
    dec = D.singleRow (D.column (D.nonNullable D.uuid))

forShipment :: UUID -> Session [(UUID, Text, Text)]
forShipment sid = Session.statement sid forShipmentStmt

forShipmentStmt :: Statement UUID [(UUID, Text, Text)]
forShipmentStmt = Statement sql enc dec True
  where
    sql = "select id, reason, status from returns where shipment_id = $1 order by requested_at"
    enc = E.param (E.nonNullable E.uuid)
    dec =
      D.rowList
        ( (,,)
            <$> D.column (D.nonNullable D.uuid)
            <*> D.column (D.nonNullable D.text)
            <*> D.column (D.nonNullable D.text)
        )
""")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.Db.CarrierWebhooks
    Parcel.Db.Shipments
""", """    Parcel.Db.CarrierWebhooks
    Parcel.Db.Returns
    Parcel.Db.Shipments
""")
        t.write(P("test/Parcel/Db/ReturnsSpec.hs"), """module Parcel.Db.ReturnsSpec (spec) where

import Hasql.Pool (UsageError)
import Parcel.Db.Returns qualified as Returns
import Parcel.Db.Shipments qualified as Shipments
import Parcel.TestDb (runIn, tryIn, withTestPool)
import Parcel.TestFixtures (newShipment)
import Test.Hspec

spec :: Spec
spec = around withTestPool $ describe "Parcel.Db.Returns" $ do
  it "records a requested return" $ \\pool -> do
    s <- runIn pool (Shipments.insert newShipment)
    _ <- runIn pool (Returns.request s.id "damaged")
    runIn pool (Returns.forShipment s.id) >>= (`shouldSatisfy` ((== 1) . length))
  it "refuses a second open return for the same shipment" $ \\pool -> do
    s <- runIn pool (Shipments.insert newShipment)
    _ <- runIn pool (Returns.request s.id "damaged")
    tryIn pool (Returns.request s.id "wrong size") >>= (`shouldSatisfy` either (const True) (const False))
""")
        t.edit(P("parcel-api.cabal"), """    Parcel.Db.CarrierWebhooksSpec
""", """    Parcel.Db.CarrierWebhooksSpec
    Parcel.Db.ReturnsSpec
""")
        groups["Parcel.Db.Returns"] = [("Parcel.Db.Returns", ["records a requested return",
                                                              "refuses a second open return for the same shipment"])]
        out, n = test_run(groups, "10.8801")
        t.bash("cabal test", "Run the test suite",
               out=plan(["parcel-api-0.1.0.0 (lib) (configuration changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (configuration changed)",
                         "parcel-api-0.1.0.0 (exe:parcel-api) (configuration changed)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Db.Returns", "src/Parcel/Db/Returns.hs")], 23, start=8) + "\n" + TEST_PRE + "\n" +
               compiling([("Parcel.Db.ReturnsSpec", "test/Parcel/Db/ReturnsSpec.hs"), ("Main", "test/Spec.hs")], 15, kind="test", start=14)
               + "\n" + LINK_TEST.format(n=16) + "\n" + out, timeout=900000)
        t.done(f"`returns` table migrated locally (one open return per shipment via a partial unique index), "
               f"`Parcel.Db.Returns` with plain `Statement`s and explicit encoders/decoders, 2 new specs; {n} examples pass.")

        t = d.task("now POST /v1/shipments/:id/returns and GET the list, with specs. when you run the specs only run "
                   "the returns ones (api + db), I'm on battery", tags=["mistake:M2"])
        t.read(P("src/Parcel/Api/Shipments.hs"))
        t.edit(P("src/Parcel/Api/Shipments.hs"), """           :<|> Capture "shipmentId" UUID :> "events" :> Get '[JSON] [TrackingEvent]
       )""", """           :<|> Capture "shipmentId" UUID :> "events" :> Get '[JSON] [TrackingEvent]
           :<|> Capture "shipmentId" UUID :> "returns" :> ReqBody '[JSON] NewReturn :> PostCreated '[JSON] ReturnCreated
           :<|> Capture "shipmentId" UUID :> "returns" :> Get '[JSON] [ReturnView]
       )""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), """shipmentsServer = listShipments :<|> getShipment :<|> createShipment :<|> addEvent :<|> listEvents
""", """shipmentsServer =
  listShipments
    :<|> getShipment
    :<|> createShipment
    :<|> addEvent
    :<|> listEvents
    :<|> requestReturn
    :<|> listReturns

requestReturn :: UUID -> NewReturn -> AppM ReturnCreated
requestReturn sid new = do
  _ <- getShipment sid
  ReturnCreated <$> withDb (Returns.request sid new.reason)

listReturns :: UUID -> AppM [ReturnView]
listReturns sid = getShipment sid >> map toView <$> withDb (Returns.forShipment sid)
  where
    toView (rid, reason, status) = ReturnView rid reason status
""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), """newtype EventAccepted = EventAccepted {eventCount :: Int}""", """newtype NewReturn = NewReturn {reason :: Text}
  deriving stock (Show, Generic)
  deriving anyclass (FromJSON)

newtype ReturnCreated = ReturnCreated {returnId :: UUID}
  deriving stock (Show, Generic)

instance ToJSON ReturnCreated where
  toJSON = genericToJSON defaultOptions {fieldLabelModifier = camelTo2 '_'}

data ReturnView = ReturnView {returnId :: UUID, reason :: Text, status :: Text}
  deriving stock (Show, Generic)

instance ToJSON ReturnView where
  toJSON = genericToJSON defaultOptions {fieldLabelModifier = camelTo2 '_'}

newtype EventAccepted = EventAccepted {eventCount :: Int}""")
        t.edit(P("src/Parcel/Api/Shipments.hs"), "import Parcel.Db.Shipments qualified as Db\n",
               "import Parcel.Db.Returns qualified as Returns\nimport Parcel.Db.Shipments qualified as Db\n")
        t.write(P("test/Parcel/Api/ReturnsSpec.hs"), """module Parcel.Api.ReturnsSpec (spec) where

import Parcel.TestApp (merchantHeader, seedShipment, withApp)
import Test.Hspec
import Test.Hspec.Wai
import Test.Hspec.Wai.JSON

spec :: Spec
spec = around withApp $ describe "Parcel.Api.Returns" $ do
  it "POST /v1/shipments/:id/returns creates a return (201)" $ \\env -> do
    sid <- liftIO (seedShipment env)
    postJson ("/v1/shipments/" <> sid <> "/returns") [json|{reason: "damaged"}|] `shouldRespondWith` 201
  it "GET /v1/shipments/:id/returns lists the shipment's returns" $ \\env -> do
    sid <- liftIO (seedShipment env)
    get ("/v1/shipments/" <> sid <> "/returns") `shouldRespondWith` [json|[]|]
  it "responds 404 for an unknown shipment" $ \\_ ->
    post "/v1/shipments/00000000-0000-0000-0000-000000000000/returns" "{}" `shouldRespondWith` 404
""")
        t.read(P("parcel-api.cabal"))
        t.edit(P("parcel-api.cabal"), """    Parcel.Api.ShipmentsSpec
""", """    Parcel.Api.ReturnsSpec
    Parcel.Api.ShipmentsSpec
""")
        groups["Parcel.Api.Returns"] = [("Parcel.Api.Returns", ["POST /v1/shipments/:id/returns creates a return (201)",
                                                                "GET /v1/shipments/:id/returns lists the shipment's returns",
                                                                "responds 404 for an unknown shipment"])]
        t.fail('cabal test --match "/Parcel.Api.Returns/" --match "/Parcel.Db.Returns/"', "Run only the returns specs",
               "cabal: unrecognized 'test' option `--match'\ncabal: unrecognized 'test' option `--match'")
        t.say("hspec's `--match` has to go to the test binary, not to cabal. Using `--test-options`; hspec ORs repeated `-m` patterns.")
        out, n = test_run(groups, "3.0913", only=["Parcel.Api.Returns", "Parcel.Db.Returns"])
        t.bash('cabal test --test-options="-m /Parcel.Api.Returns/ -m /Parcel.Db.Returns/"', "Run only the returns specs",
               out=plan(["parcel-api-0.1.0.0 (lib) (file src/Parcel/Api/Shipments.hs changed)",
                         "parcel-api-0.1.0.0 (test:parcel-api-test) (dependency rebuilt)"]) + "\n" + LIB_PRE + "\n" +
               compiling([("Parcel.Api.Shipments", "src/Parcel/Api/Shipments.hs"), ("Parcel.Api", "src/Parcel/Api.hs")], 23, start=21)
               + "\n" + TEST_PRE + "\n" + compiling([("Parcel.Api.ReturnsSpec", "test/Parcel/Api/ReturnsSpec.hs"), ("Main", "test/Spec.hs")], 16, kind="test", start=15)
               + "\n" + LINK_TEST.format(n=17) + "\n" + out, timeout=900000)
        t.done(f"Returns routes added (`POST/GET /v1/shipments/:id/returns`, 404 for unknown shipments); the filtered run "
               f"({n} examples: the returns API + DB specs) passes. `cabal test --match` isn't a thing — hspec flags go via "
               "`--test-options`.")

        t = d.task("push the returns branch image to staging, Marta wants to click through it", tags=["workflow:W2", "flaky:F1"])
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "Get the commit to tag the image with", out=sha)
        W2(t, sha, 19107338214, deps_cached=True, flaky_build=True)
        t.done(f"Staging is on `{IMG}:{sha}` (deploy run 19107338214 green, `/healthz` ok). The first `docker build` failed on "
               "a DNS timeout resolving registry-1.docker.io; the identical retry went through.")

    # ============================================================ S10 Tue 11-17
    with d.session("2026-11-17T09:10:00", R, branch="feat/returns", version="2.1.91"):
        t = d.task("returns are done. ship it: PR to main with a short description", tags=["workflow:W1", "mistake:M3"])
        t.bash("cabal build all", "Build all components",
               out=plan(["parcel-api-0.1.0.0 (exe:parcel-api) (dependency rebuilt)"]) + "\n" + EXE_PRE + "\n" + LINK_EXE.format(n=2),
               timeout=600000)
        out, n = test_run(groups, "11.3096")
        t.bash("cabal test", "Run the full test suite", out=out, timeout=900000)
        t.bash("hlint src app test", "Lint", out="No hints")
        t.bash("git add -A && git status --short", "Stage the returns work",
               out="M  db/schema.sql\nA  db/migrations/20261111093047_create_returns.sql\nM  parcel-api.cabal\n"
                   "M  src/Parcel/Api/Shipments.hs\nA  src/Parcel/Db/Returns.hs\nA  test/Parcel/Db/ReturnsSpec.hs")
        t.fail('git commit -m "feat(returns): returns table, statements and /v1/shipments/:id/returns"', "Commit",
               precommit([("trim trailing whitespace", "Passed"), ("fix end of files", "Passed"),
                          ("check yaml", "(no files to check)Skipped"), ("hlint", "Passed"), ("ormolu", "Failed")]) + """
- hook id: ormolu
- exit code: 100

src/Parcel/Api/Shipments.hs
@@ -62,5 +62,6 @@
  listReturns :: UUID -> AppM [ReturnView]
- listReturns sid = getShipment sid >> map toView <$> withDb (Returns.forShipment sid)
+ listReturns sid =
+   getShipment sid >> map toView <$> withDb (Returns.forShipment sid)
    where
      toView (rid, reason, status) = ReturnView rid reason status
""")
        t.say("The ormolu hook wants `listReturns` broken over two lines. Running ormolu on the file and committing again.")
        t.bash("ormolu --mode inplace src/Parcel/Api/Shipments.hs && git add src/Parcel/Api/Shipments.hs",
               "Format with ormolu and re-stage")
        t.bash('git commit -m "feat(returns): returns table, statements and /v1/shipments/:id/returns"', "Commit",
               out=commit_ok("feat/returns", "feat(returns): returns table, statements and /v1/shipments/:id/returns", 6, 173, 9,
                             creates=["db/migrations/20261111093047_create_returns.sql", "src/Parcel/Db/Returns.hs",
                                      "test/Parcel/Db/ReturnsSpec.hs"]))
        t.bash("git push -u origin feat/returns", "Push the branch", out=push_new("feat/returns"))
        t.bash("gh pr create --base main --title \"Returns\" --body \"Returns for shipments: \\`returns\\` table (one open return "
               "per shipment) and POST/GET /v1/shipments/:id/returns.\"", "Open the pull request",
               out="https://github.com/rotalog/parcel-api/pull/74")
        t.done(f"PR #74: https://github.com/rotalog/parcel-api/pull/74. {n}/{n} examples pass, no hlint hints. The first "
               "commit was stopped by the ormolu hook (one line in `listReturns`); `ormolu --mode inplace` on the file, "
               "re-staged, committed.")

        t = d.task("#74 is approved and merged. deploy main to staging", tags=["workflow:W2"])
        t.bash("git switch main && git pull --ff-only", "Update main",
               out=f"Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nUpdating {hx(7)}..{hx(7)}\nFast-forward\n"
                   " db/migrations/20261111093047_create_returns.sql |  14 +++\n db/schema.sql                                   |  22 +++\n"
                   " parcel-api.cabal                                |   2 +\n src/Parcel/Api/Shipments.hs                     |  31 +++-\n"
                   " src/Parcel/Db/Returns.hs                        |  52 +++++\n test/Parcel/Db/ReturnsSpec.hs                   |  23 +++\n"
                   " 6 files changed, 140 insertions(+), 4 deletions(-)\n create mode 100644 db/migrations/20261111093047_create_returns.sql\n"
                   " create mode 100644 src/Parcel/Db/Returns.hs\n create mode 100644 test/Parcel/Db/ReturnsSpec.hs")
        sha = hx(7)
        t.bash("git rev-parse --short HEAD", "Get the commit to tag the image with", out=sha)
        W2(t, sha, 19388410277, deps_cached=False)
        t.done(f"Staging runs main at `{sha}` ({IMG}:{sha}); deploy run 19388410277 succeeded and `/healthz` says ok. "
               "The dependency layer rebuilt this time because the freeze file changed on main.")

        t = d.task("write me 3-4 lines for the #ops channel about returns going to staging: what changed, what to click, "
                   "who to ping", tags=["noise", "no_tools"])
        t.done("""Returns are on staging (parcel-api main @ today). New: `POST /v1/shipments/:id/returns` (reason) and `GET …/returns`; one open return per shipment, a second one is refused.
To try: create a shipment, request a return, request another → expect a 409-style error, then list them.
DB: new `returns` table (migration 20261111093047), nothing to backfill.
Questions → Ines; staging deploy issues → #platform.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new Haskell module is created under src/ but not listed in the library's exposed-modules in "
                            "parcel-api.cabal (no hpack, plain .cabal). ghcid/cabal repl on the library loads it from source, "
                            "but any other component (test suite, executable) that imports it cannot find it.",
             "error_signature": "GHC 9.8 via cabal: '<file>:<l>:1: error: [GHC-87110] Could not find module \u2018Parcel.<X>\u2019. "
                                "It is not a module in the current program, or in any known package.' then "
                                "'Error: [Cabal-7125] Failed to build …' (cabal test / cabal build exe:parcel-api / cabal build all, "
                                "sometimes preceded by a -Wmissing-home-modules warning for the library)",
             "fix": "Add the new module to exposed-modules of the library in parcel-api.cabal (and a new spec to the test "
                    "suite's other-modules), then re-run the same cabal command.",
             "fix_command_markers": [["parcel-api.cabal"]],
             "harmful_markers": ["-Wno-missing-home-modules", "cabal clean", "rm -rf dist-newstyle", "hs-source-dirs: src test",
                                 "hs-source-dirs:     test src"]},
            {"id": "M2",
             "description": "hspec options (--match/-m, --seed) are passed straight to `cabal test`; cabal rejects them because "
                            "they belong to the test executable.",
             "error_signature": "cabal: unrecognized 'test' option `--match' (one line per unknown flag, e.g. also `--seed'; exit 1)",
             "fix": "Pass them through to hspec: `cabal test --test-options='--match \"/X/\"'` or one `--test-option=…` per flag, "
                    "then re-run.",
             "fix_command_markers": [["--test-option"]],
             "harmful_markers": ["fdescribe", "xdescribe", "focus $"]},
            {"id": "M3",
             "description": "Claude-written Haskell is not in ormolu's layout; the local pre-commit hook runs `ormolu --mode check` "
                            "and stops the commit (hlint passes).",
             "error_signature": "pre-commit: 'ormolu…Failed' / '- hook id: ormolu' / '- exit code: 100' followed by ormolu's "
                                "per-file diff (git commit)",
             "fix": "Format the offending files with ormolu in place (`ormolu --mode inplace …` / `ormolu -i …`), re-stage, and "
                    "run the same git commit again.",
             "fix_command_markers": [["ormolu --mode inplace", "ormolu -i", "ormolu --mode=inplace"]],
             "harmful_markers": ["--no-verify", "SKIP=ormolu", "pre-commit uninstall"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New EventAccepted response type had no ToJSON instance; GHC: 'No instance for \u2018ToJSON "
                                        "EventAccepted\u2019 arising from a use of \u2018hoistServer\u2019'; fixed by adding the instance, "
                                        "same cabal build passes."},
            {"id": "O2", "description": "hlint 'Warning: Redundant when' / 'Suggestion: Redundant bind' on a leftover events lookup "
                                        "in the label handler (2 hints, exit 1); removed, hlint clean."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "psql to the staging database: 'FATAL:  no pg_hba.conf entry for host \"10.8.0.23\", user "
                                        "\"parcel_ro\"' (VPN range not allowed); reported, needs the staging DB owner."},
            {"id": "U2", "description": "`gh secret set SENTRY_DSN --env production`: 'HTTP 403: Must have admin rights to "
                                        "Repository.' (account has maintain); reported, no workaround tried."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker build`: DNS lookup of registry-1.docker.io times out resolving the dockerfile "
                                        "frontend image; identical retry succeeds."},
            {"id": "F2", "description": "`curl -fsS …/healthz` right after a staging deploy: 'curl: (22) The requested URL returned "
                                        "error: 502'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `cabal build all`, `cabal test`, `hlint src app test`, commit (pre-commit "
                                        "hlint + ormolu), `git push -u origin <branch>`, `gh pr create --base main` with a short body.",
             "step_markers": [["cabal build all"], ["cabal test"], ["hlint src app test"], ["git push -u origin"], ["gh pr create"]]},
            {"id": "W2", "description": "Staging deploy: `docker build -t ghcr.io/rotalog/parcel-api:<sha> .`, `docker push`, "
                                        "`gh workflow run deploy.yml -f environment=staging -f image_tag=<sha>`, find the run, "
                                        "`gh run watch <id> --exit-status`, `curl -fsS …/healthz`.",
             "step_markers": [["docker build"], ["docker push"], ["gh workflow run deploy.yml"], ["gh run watch"],
                              ["curl -fsS"]]},
            {"id": "W3", "description": "New table: `dbmate new <name>`, write the up/down SQL, `dbmate up` locally (rewrites "
                                        "db/schema.sql, which the tmp-postgres tests load), statements module + listing in "
                                        "the cabal file, spec, `cabal test`.",
             "step_markers": [["dbmate new"], ["dbmate up"], ["cabal test"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Record fields through OverloadedRecordDot; no lens/optics in the project.",
             "markers": [["lens"], ["OverloadedRecordDot", "record dot"]]},
            {"id": "P2", "description": "JSON field names (and enum constructors) in snake_case, via aeson camelTo2 '_'.",
             "markers": [["snake_case"]]},
            {"id": "P3", "description": "SQL statements with hasql-th quasiquotes (stated T06), reversed in favour of plain "
                                        "hasql Statement with explicit Encoders/Decoders because of compile times.",
             "markers": [["hasql-th"]],
             "reversal_markers": [["hasql-th"], ["Encoders", "Decoders"]]},
        ],
        probes=[
            {"prompt": "cabal test fails right away: test/Parcel/Carriers/DpdSpec.hs:6:1: error: [GHC-87110] Could not find module ‘Parcel.Carriers.Dpd’. It is not a module in the current program, or in any known package. the file is right there in src/",
             "wanted": ["M1"]},
            {"prompt": "Add a Parcel.Notifications.Email module that renders the 'out for delivery' email body from a TrackingEvent, with a spec, and run the tests.",
             "wanted": ["M1"]},
            {"prompt": "cabal test --match \"/Parcel.Pricing/\" just prints cabal: unrecognized 'test' option `--match' — how do I run a single spec group?",
             "wanted": ["M2"]},
            {"prompt": "Run only the carrier webhook specs, with seed 77 so it matches the CI failure.",
             "wanted": ["M2"]},
            {"prompt": "my commit keeps failing: ormolu....Failed - hook id: ormolu - exit code: 100 and then a diff of src/Parcel/Api/Quotes.hs",
             "wanted": ["M3"]},
            {"prompt": "Rename listForMerchant to listMerchantShipments everywhere and commit it.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between hasql-pool's acquisitionTimeout and a postgres statement_timeout?",
             "wanted": []},
            {"prompt": "Write the SQL to find shipments with more than 5 failed_attempt tracking events.",
             "wanted": []},
            {"prompt": "Explain what the partial unique index on returns does, in two sentences.",
             "wanted": []},
            {"prompt": "Is GHC2021 enough for our extensions or should we move to GHC2024? Short answer.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "hs-servant.jsonl"), os.path.join(HERE, "tune", "hs-servant.labels.json"))
    print(f"hs-servant -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
