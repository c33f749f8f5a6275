"""kotlin-ktor: Ingrid Solberg, backend developer at Kvitt AS (fictional Oslo fintech), payment reconciliation.

Repo /home/ingrid/src/recon-service (github.com/kvitt-as/recon-service): Kotlin 2.2 / Ktor 3.3 service, Gradle
Kotlin DSL with a version catalog and the configuration cache on, Exposed on PostgreSQL 16 with Flyway
migrations, kotlinx.serialization, Koin, ktlint (jlleitschuh plugin) and detekt, Kotest + Testcontainers,
shadowJar -> Docker image in registry.kvitt.no -> Helm chart on EKS (eu-north-1, kubectl via `aws eks get-token`
with AWS IAM Identity Center / SSO profiles), GitHub Actions.

Written blind for fresh/; measured once held out (round 30), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_kotlin_ktor.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ingrid"
R = "/home/ingrid/src/recon-service"
MODEL = "claude-opus-4-6"
PK = R + "/src/main/kotlin/no/kvitt/recon"
TK = R + "/src/test/kotlin/no/kvitt/recon"
MIG = R + "/src/main/resources/db/migration"
BUILD = R + "/build.gradle.kts"
LIBS = R + "/gradle/libs.versions.toml"
GPROPS = R + "/gradle.properties"
APP = PK + "/Application.kt"
DI = PK + "/di/AppModule.kt"
TABLES = PK + "/db/Tables.kt"
REPORT_MODEL = PK + "/reports/DailyReport.kt"
REPORT_SVC = PK + "/reports/ReportService.kt"
ROUTING = PK + "/plugins/Routing.kt"
MATCHER = PK + "/matching/Matcher.kt"
MATCH_ROUTES = PK + "/matching/MatchRoutes.kt"
FEES = PK + "/fees/FeeCalculator.kt"
FEES_T = TK + "/fees/FeeCalculatorTest.kt"
EVENTS = PK + "/outbox/SettlementEvents.kt"
OUTBOX = PK + "/outbox/OutboxWriter.kt"
SETTLE_REPO = PK + "/settlement/SettlementRepository.kt"
APPCONF = R + "/src/main/resources/application.conf"
VALUES_STG = R + "/deploy/helm/recon-api/values-staging.yaml"
CHART = R + "/deploy/helm/recon-api/Chart.yaml"
CI = R + "/.github/workflows/ci.yml"
RUNBOOK = R + "/docs/runbooks/replay-settlement-batch.md"

FILES = {
    BUILD: """plugins {
    alias(libs.plugins.kotlin.jvm)
    alias(libs.plugins.kotlin.serialization)
    alias(libs.plugins.ktor)
    alias(libs.plugins.shadow)
    alias(libs.plugins.flyway)
    alias(libs.plugins.ktlint)
    alias(libs.plugins.detekt)
}

group = "no.kvitt"
version = "1.7.3"

application {
    mainClass.set("io.ktor.server.netty.EngineMain")
}

kotlin {
    jvmToolchain(21)
}

dependencies {
    implementation(libs.bundles.ktor.server)
    implementation(libs.ktor.serialization.kotlinx.json)
    implementation(libs.bundles.exposed)
    implementation(libs.postgresql)
    implementation(libs.hikari)
    implementation(libs.flyway.core)
    implementation(libs.flyway.postgresql)
    implementation(libs.koin.ktor)
    implementation(libs.koin.logger.slf4j)
    implementation(libs.logback.classic)
    implementation(libs.kotlin.logging)

    testImplementation(libs.ktor.server.test.host)
    testImplementation(libs.ktor.client.content.negotiation)
    testImplementation(libs.bundles.kotest)
    testImplementation(libs.testcontainers.postgresql)
    testImplementation(libs.kotest.extensions.testcontainers)
}

flyway {
    url = (findProperty("flyway.url") as String?) ?: "jdbc:postgresql://localhost:5432/recon"
    user = (findProperty("flyway.user") as String?) ?: "recon"
    password = (findProperty("flyway.password") as String?) ?: "recon"
    locations = arrayOf("filesystem:src/main/resources/db/migration")
}

tasks.test {
    useJUnitPlatform()
    testLogging {
        events("failed")
        exceptionFormat = org.gradle.api.tasks.testing.logging.TestExceptionFormat.FULL
    }
}

tasks.shadowJar {
    archiveFileName.set("recon-api-all.jar")
    mergeServiceFiles()
}

detekt {
    config.setFrom(files("config/detekt/detekt.yml"))
    buildUponDefaultConfig = true
}
""",
    LIBS: """[versions]
kotlin = "2.2.20"
ktor = "3.3.1"
exposed = "0.61.0"
flyway = "11.13.2"
koin = "4.1.1"
kotest = "6.0.3"
testcontainers = "1.21.3"
postgresql = "42.7.8"
logback = "1.5.19"

[libraries]
ktor-server-core = { module = "io.ktor:ktor-server-core", version.ref = "ktor" }
ktor-server-netty = { module = "io.ktor:ktor-server-netty", version.ref = "ktor" }
ktor-server-content-negotiation = { module = "io.ktor:ktor-server-content-negotiation", version.ref = "ktor" }
ktor-server-status-pages = { module = "io.ktor:ktor-server-status-pages", version.ref = "ktor" }
ktor-server-call-logging = { module = "io.ktor:ktor-server-call-logging", version.ref = "ktor" }
ktor-server-auth-jwt = { module = "io.ktor:ktor-server-auth-jwt", version.ref = "ktor" }
ktor-serialization-kotlinx-json = { module = "io.ktor:ktor-serialization-kotlinx-json", version.ref = "ktor" }
ktor-server-test-host = { module = "io.ktor:ktor-server-test-host", version.ref = "ktor" }
ktor-client-content-negotiation = { module = "io.ktor:ktor-client-content-negotiation", version.ref = "ktor" }
exposed-core = { module = "org.jetbrains.exposed:exposed-core", version.ref = "exposed" }
exposed-jdbc = { module = "org.jetbrains.exposed:exposed-jdbc", version.ref = "exposed" }
exposed-java-time = { module = "org.jetbrains.exposed:exposed-java-time", version.ref = "exposed" }
postgresql = { module = "org.postgresql:postgresql", version.ref = "postgresql" }
hikari = { module = "com.zaxxer:HikariCP", version = "6.3.2" }
flyway-core = { module = "org.flywaydb:flyway-core", version.ref = "flyway" }
flyway-postgresql = { module = "org.flywaydb:flyway-database-postgresql", version.ref = "flyway" }
koin-ktor = { module = "io.insert-koin:koin-ktor", version.ref = "koin" }
koin-logger-slf4j = { module = "io.insert-koin:koin-logger-slf4j", version.ref = "koin" }
logback-classic = { module = "ch.qos.logback:logback-classic", version.ref = "logback" }
kotlin-logging = { module = "io.github.oshai:kotlin-logging-jvm", version = "7.0.13" }
kotest-runner = { module = "io.kotest:kotest-runner-junit5", version.ref = "kotest" }
kotest-assertions = { module = "io.kotest:kotest-assertions-core", version.ref = "kotest" }
kotest-extensions-testcontainers = { module = "io.kotest:kotest-extensions-testcontainers", version.ref = "kotest" }
testcontainers-postgresql = { module = "org.testcontainers:postgresql", version.ref = "testcontainers" }

[bundles]
ktor-server = ["ktor-server-core", "ktor-server-netty", "ktor-server-content-negotiation", "ktor-server-status-pages", "ktor-server-call-logging", "ktor-server-auth-jwt"]
exposed = ["exposed-core", "exposed-jdbc", "exposed-java-time"]
kotest = ["kotest-runner", "kotest-assertions"]

[plugins]
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
kotlin-serialization = { id = "org.jetbrains.kotlin.plugin.serialization", version.ref = "kotlin" }
ktor = { id = "io.ktor.plugin", version.ref = "ktor" }
shadow = { id = "com.gradleup.shadow", version = "9.2.2" }
flyway = { id = "org.flywaydb.flyway", version.ref = "flyway" }
ktlint = { id = "org.jlleitschuh.gradle.ktlint", version = "13.1.0" }
detekt = { id = "io.gitlab.arturbosch.detekt", version = "1.23.8" }
""",
    GPROPS: """kotlin.code.style=official
org.gradle.jvmargs=-Xmx2g -Dfile.encoding=UTF-8
org.gradle.caching=true
org.gradle.configuration-cache=true
org.gradle.parallel=true
""",
    APP: """package no.kvitt.recon

import io.ktor.server.application.Application
import no.kvitt.recon.plugins.configureDatabase
import no.kvitt.recon.plugins.configureKoin
import no.kvitt.recon.plugins.configureMonitoring
import no.kvitt.recon.plugins.configureRouting
import no.kvitt.recon.plugins.configureSecurity
import no.kvitt.recon.plugins.configureSerialization
import no.kvitt.recon.plugins.configureStatusPages

fun Application.module() {
    configureKoin()
    configureSerialization()
    configureMonitoring()
    configureStatusPages()
    configureSecurity()
    configureDatabase()
    configureRouting()
}
""",
    DI: """package no.kvitt.recon.di

import no.kvitt.recon.fees.FeeCalculator
import no.kvitt.recon.matching.Matcher
import no.kvitt.recon.matching.MatchService
import no.kvitt.recon.outbox.OutboxWriter
import no.kvitt.recon.settlement.SettlementRepository
import no.kvitt.recon.settlement.SettlementService
import org.koin.dsl.module

val appModule = module {
    single { SettlementRepository() }
    single { SettlementService(get(), get()) }
    single { Matcher(get()) }
    single { MatchService(get(), get(), get()) }
    single { FeeCalculator() }
    single { OutboxWriter() }
}
""",
    TABLES: """package no.kvitt.recon.db

import org.jetbrains.exposed.sql.Table
import org.jetbrains.exposed.sql.javatime.date
import org.jetbrains.exposed.sql.javatime.timestamp

object SettlementBatches : Table("settlement_batches") {
    val id = uuid("id")
    val acquirer = varchar("acquirer", 32)
    val settlementDate = date("settlement_date")
    val currency = char("currency", 3)
    val grossMinor = long("gross_minor")
    val receivedAt = timestamp("received_at")
    override val primaryKey = PrimaryKey(id)
}

object SettlementLines : Table("settlement_lines") {
    val id = uuid("id")
    val batchId = uuid("batch_id").references(SettlementBatches.id)
    val bankRef = varchar("bank_ref", 64)
    val amountMinor = long("amount_minor")
    val feeMinor = long("fee_minor")
    val matchedPaymentId = uuid("matched_payment_id").nullable()
    override val primaryKey = PrimaryKey(id)
}

object Payments : Table("payments") {
    val id = uuid("id")
    val merchantId = uuid("merchant_id")
    val pspRef = varchar("psp_ref", 64)
    val amountMinor = long("amount_minor")
    val currency = char("currency", 3)
    val capturedAt = timestamp("captured_at")
    override val primaryKey = PrimaryKey(id)
}
""",
    REPORT_MODEL: """package no.kvitt.recon.reports

import java.time.LocalDate

data class DailyReport(
    val date: LocalDate,
    val acquirer: String,
    val matchedCount: Int,
    val unmatchedCount: Int,
    val grossMinor: Long,
    val feesMinor: Long,
)
""",
    REPORT_SVC: """package no.kvitt.recon.reports

import no.kvitt.recon.db.SettlementBatches
import no.kvitt.recon.db.SettlementLines
import org.jetbrains.exposed.sql.transactions.transaction
import java.time.LocalDate

class ReportService {
    fun daily(date: LocalDate, acquirer: String): DailyReport = transaction {
        val lines = (SettlementLines innerJoin SettlementBatches)
            .selectAll()
            .where { (SettlementBatches.settlementDate eq date) and (SettlementBatches.acquirer eq acquirer) }
            .toList()
        DailyReport(
            date = date,
            acquirer = acquirer,
            matchedCount = lines.count { it[SettlementLines.matchedPaymentId] != null },
            unmatchedCount = lines.count { it[SettlementLines.matchedPaymentId] == null },
            grossMinor = lines.sumOf { it[SettlementLines.amountMinor] },
            feesMinor = lines.sumOf { it[SettlementLines.feeMinor] },
        )
    }
}
""",
    ROUTING: """package no.kvitt.recon.plugins

import io.ktor.server.application.Application
import io.ktor.server.auth.authenticate
import io.ktor.server.routing.get
import io.ktor.server.response.respond
import io.ktor.server.routing.routing
import no.kvitt.recon.matching.matchRoutes
import no.kvitt.recon.settlement.settlementRoutes

fun Application.configureRouting() {
    routing {
        get("/health") { call.respond(mapOf("status" to "ok")) }
        authenticate("internal-jwt") {
            settlementRoutes()
            matchRoutes()
        }
    }
}
""",
    MATCHER: """package no.kvitt.recon.matching

import no.kvitt.recon.settlement.SettlementLine
import no.kvitt.recon.settlement.SettlementRepository

class Matcher(private val repo: SettlementRepository) {
    fun matchBatch(batchId: java.util.UUID): MatchResult {
        val lines = repo.linesFor(batchId)
        val candidates = repo.openPaymentsFor(batchId)
        val matched = mutableListOf<Pair<SettlementLine, java.util.UUID>>()
        val unmatched = mutableListOf<SettlementLine>()
        for (line in lines) {
            val byRef = candidates.firstOrNull { it.pspRef == line.bankRef }
            if (byRef != null && byRef.amountMinor == line.amountMinor) {
                matched += line to byRef.id
                continue
            }
            val byAmount = candidates.filter { it.amountMinor == line.amountMinor && it.currency == line.currency }
            if (byAmount.size == 1) {
                matched += line to byAmount.single().id
            } else {
                unmatched += line
            }
        }
        repo.saveMatches(matched)
        return MatchResult(matched.size, unmatched.size)
    }
}
""",
    MATCH_ROUTES: """package no.kvitt.recon.matching

import io.ktor.http.HttpStatusCode
import io.ktor.server.response.respond
import io.ktor.server.routing.Route
import io.ktor.server.routing.post
import io.ktor.server.routing.route
import org.koin.ktor.ext.inject
import java.util.UUID

fun Route.matchRoutes() {
    val matchService by inject<MatchService>()
    route("/v1/batches/{id}") {
        post("/match") {
            val id = UUID.fromString(call.parameters["id"])
            call.respond(HttpStatusCode.Accepted, matchService.run(id))
        }
    }
}
""",
    FEES: """package no.kvitt.recon.fees

import java.math.BigDecimal

class FeeCalculator {
    /** Card fee in øre: percentage of the amount plus a fixed part. */
    fun cardFeeMinor(amountMinor: Long, pct: BigDecimal, fixedMinor: Long): Long {
        val variable = BigDecimal.valueOf(amountMinor).multiply(pct).divide(BigDecimal(100))
        return variable.toLong() + fixedMinor
    }
}
""",
    FEES_T: """package no.kvitt.recon.fees

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import java.math.BigDecimal

class FeeCalculatorTest : FunSpec({
    val calc = FeeCalculator()

    test("fixed part only when pct is zero") {
        calc.cardFeeMinor(10_000, BigDecimal.ZERO, 100) shouldBe 100
    }

    test("percentage of amount") {
        calc.cardFeeMinor(10_000, BigDecimal("1.5"), 0) shouldBe 150
    }
})
""",
    EVENTS: """package no.kvitt.recon.outbox

import kotlinx.serialization.Serializable
import java.util.UUID

@Serializable
data class BatchMatched(
    val batchId: String,
    val matched: Int,
    val unmatched: Int,
)

data class SettlementDiscrepancy(
    val batchId: String,
    val bankRef: String,
    val expectedMinor: Long,
    val actualMinor: Long,
    val reason: String,
) {
    companion object {
        fun of(batchId: UUID, bankRef: String, expected: Long, actual: Long, reason: String) =
            SettlementDiscrepancy(batchId.toString(), bankRef, expected, actual, reason)
    }
}
""",
    OUTBOX: """package no.kvitt.recon.outbox

import kotlinx.serialization.encodeToString
import kotlinx.serialization.json.Json
import no.kvitt.recon.db.Outbox
import org.jetbrains.exposed.sql.insert
import java.time.Instant
import java.util.UUID

class OutboxWriter(private val json: Json = Json) {
    fun batchMatched(event: BatchMatched) = write("recon.batch.matched", json.encodeToString(event))

    private fun write(topic: String, payload: String) {
        Outbox.insert {
            it[id] = UUID.randomUUID()
            it[Outbox.topic] = topic
            it[Outbox.payload] = payload
            it[createdAt] = Instant.now()
        }
    }
}
""",
    SETTLE_REPO: """package no.kvitt.recon.settlement

import no.kvitt.recon.db.Payments
import no.kvitt.recon.db.SettlementLines
import org.jetbrains.exposed.sql.selectAll
import org.jetbrains.exposed.sql.transactions.transaction
import java.util.UUID

class SettlementRepository {
    fun linesFor(batchId: UUID): List<SettlementLine> = transaction {
        SettlementLines.selectAll().where { SettlementLines.batchId eq batchId }.map(::toLine)
    }

    fun openPaymentsFor(batchId: UUID): List<OpenPayment> = transaction {
        Payments.selectAll().map(::toOpenPayment)
    }

    fun saveMatches(matches: List<Pair<SettlementLine, UUID>>) = transaction {
        matches.forEach { (line, paymentId) -> markMatched(line.id, paymentId) }
    }
}
""",
    APPCONF: """ktor {
    deployment {
        port = 8080
        port = ${?PORT}
    }
    application {
        modules = [ no.kvitt.recon.ApplicationKt.module ]
    }
}

database {
    url = "jdbc:postgresql://localhost:5432/recon"
    url = ${?DATABASE_URL}
    user = "recon"
    user = ${?DATABASE_USER}
    password = "recon"
    password = ${?DATABASE_PASSWORD}
    maxPoolSize = 10
}

jwt {
    issuer = "https://auth.kvitt.internal"
    audience = "recon-api"
}
""",
    VALUES_STG: """replicaCount: 2

image:
  repository: registry.kvitt.no/recon/recon-api
  tag: "1.7.3"
  pullPolicy: IfNotPresent

imagePullSecrets:
  - name: kvitt-registry

env:
  DATABASE_URL: jdbc:postgresql://recon-db.staging.kvitt.internal:5432/recon
  JAVA_TOOL_OPTIONS: "-XX:MaxRAMPercentage=75"

resources:
  requests:
    cpu: 250m
    memory: 512Mi
  limits:
    memory: 768Mi

ingress:
  enabled: true
  host: recon.staging.kvitt.internal
""",
    CHART: """apiVersion: v2
name: recon-api
description: Payment reconciliation API
type: application
version: 0.9.0
appVersion: "1.7.3"
""",
    CI: """name: ci
on:
  pull_request:
  push:
    branches: [main]

jobs:
  build:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v5
      - uses: actions/setup-java@v5
        with:
          distribution: temurin
          java-version: "21"
      - uses: gradle/actions/setup-gradle@v5
      - run: ./gradlew ktlintCheck detekt
      - run: ./gradlew test
      - run: ./gradlew shadowJar
""",
    MIG + "/V13__outbox.sql": """create table outbox (
    id uuid primary key,
    topic varchar(128) not null,
    payload jsonb not null,
    created_at timestamptz not null default now(),
    published_at timestamptz
);

create index outbox_unpublished_idx on outbox (created_at) where published_at is null;
""",
}


# ---------------------------------------------------------------- output helpers
def gradle_ok(tasks_line, secs, n_exec, n_total=None, extra=""):
    n_total = n_total or n_exec
    up = n_total - n_exec
    tail = f"{n_total} actionable tasks: {n_exec} executed" + (f", {up} up-to-date" if up else "")
    return (extra + "\n" if extra else "") + f"BUILD SUCCESSFUL in {secs}\n{tail}\nConfiguration cache entry reused."


def gradle_fail(what, secs, n_exec, extra_try=""):
    return f"""
FAILURE: Build failed with an exception.

* What went wrong:
{what}

* Try:
{extra_try}> Run with --stacktrace option to get the stack trace.
> Run with --info or --debug option to get more log output.
> Run with --scan to get full insights.
> Get more help at https://help.gradle.org.

BUILD FAILED in {secs}
{n_exec} actionable tasks: {n_exec} executed"""


def test_fail_block(secs, total, failed):
    return f"\n{total} tests completed, {failed} failed\n" + gradle_fail(
        "Execution failed for task ':test'.\n> There were failing tests. See the report at: "
        "file:///home/ingrid/src/recon-service/build/reports/tests/test/index.html", secs, 6)


def ser_error(cls, test_cls, test_name, frame, via):
    frames = {
        "respond": """        at kotlinx.serialization.internal.Platform_commonKt.serializerNotRegistered(Platform.common.kt:90)
        at kotlinx.serialization.SerializersKt__SerializersKt.serializer(Serializers.kt:286)
        at kotlinx.serialization.SerializersKt.serializer(Unknown Source)
        at io.ktor.serialization.kotlinx.SerializerLookupKt.guessSerializer(SerializerLookup.kt:46)
        at io.ktor.serialization.kotlinx.KotlinxSerializationConverter.serialize(KotlinxSerializationConverter.kt:54)
        at io.ktor.server.plugins.contentnegotiation.ResponseConverterKt$convertResponseBody$1.invokeSuspend(ResponseConverter.kt:52)""",
        "list": """        at kotlinx.serialization.internal.Platform_commonKt.serializerNotRegistered(Platform.common.kt:90)
        at kotlinx.serialization.SerializersKt__SerializersKt.serializer(Serializers.kt:286)
        at io.ktor.serialization.kotlinx.SerializerLookupKt.elementSerializer(SerializerLookup.kt:74)
        at io.ktor.serialization.kotlinx.SerializerLookupKt.guessSerializer(SerializerLookup.kt:40)
        at io.ktor.serialization.kotlinx.KotlinxSerializationConverter.serialize(KotlinxSerializationConverter.kt:54)""",
        "encode": """        at kotlinx.serialization.internal.Platform_commonKt.serializerNotRegistered(Platform.common.kt:90)
        at kotlinx.serialization.SerializersKt__SerializersKt.serializer(Serializers.kt:286)
        at kotlinx.serialization.SerializersKt.serializer(Unknown Source)
        at no.kvitt.recon.outbox.OutboxWriter.discrepancy(OutboxWriter.kt:19)""",
    }[via]
    return f"""
{test_cls} > {test_name} FAILED
    kotlinx.serialization.SerializationException: Serializer for class '{cls}' is not found.
    Please ensure that class is marked as '@Serializable' and that the serialization compiler plugin is applied.
{frames}
        ...
        at {frame}
"""


def cc_error(task, typ, secs, h1, h2):
    return f"""Calculating task graph as no cached configuration is available for tasks: {task.lstrip(':')}

> Task {task} FAILED

FAILURE: Build failed with an exception.

* What went wrong:
Configuration cache problems found in this build.

1 problem was found storing the configuration cache.
- Task `{task}` of type `{typ}`: invocation of 'Task.project' at execution time is unsupported.
  See https://docs.gradle.org/8.14.3/userguide/configuration_cache.html#config_cache:requirements:use_project_during_execution

See the complete report at file:///home/ingrid/src/recon-service/build/reports/configuration-cache/{h1}/{h2}/configuration-cache-report.html
> Invocation of 'Task.project' by task '{task}' at execution time is unsupported.

* Try:
> Run with --stacktrace option to get the stack trace.
> Run with --info or --debug option to get more log output.
> Run with --scan to get full insights.
> Get more help at https://help.gradle.org.

BUILD FAILED in {secs}
1 actionable task: 1 executed
Configuration cache entry discarded with 1 problem."""


SSO_ERR = "\nError when retrieving token from sso: Token has expired and refresh failed\n"


def sso_login(profile, code):
    return f"""Attempting to automatically open the SSO authorization page in your default browser.
If the browser does not open or you wish to use a different device to authorize this request, open the following URL:

https://oidc.eu-north-1.amazonaws.com/authorize?response_type=code&client_id=Vg8xWm5rZ2lYc0tHbGRfUmVjb25DbGk&redirect_uri=http%3A%2F%2F127.0.0.1%3A{code}%2Foauth%2Fcallback&state=4f0b1c2e-77aa-4c5e-9d1e-0c6a2b7e9f31&code_challenge_method=S256&scopes=sso%3Aaccount%3Aaccess&code_challenge=Qz3m8Hn0xRkY2cWv1pT7sLd4aE6uJ9bN5fG0iK2oM8
Successfully logged into Start URL: https://kvitt.awsapps.com/start"""


# ================================================================ sessions
def s1(d):
    with d.session("2026-10-05T09:10:00", R, version="2.1.190"):
        t = d.task("new to this part of the codebase (took over recon from Espen). walk me through how a settlement "
                   "batch goes from the nets file to matched payments", tags=["noise"])
        t.glob("src/main/kotlin/**/*.kt", [PK + "/Application.kt", PK + "/di/AppModule.kt", PK + "/db/Tables.kt",
                                           PK + "/matching/Matcher.kt", PK + "/matching/MatchRoutes.kt",
                                           PK + "/matching/MatchService.kt", PK + "/outbox/OutboxWriter.kt",
                                           PK + "/outbox/SettlementEvents.kt", PK + "/plugins/Routing.kt",
                                           PK + "/reports/DailyReport.kt", PK + "/reports/ReportService.kt",
                                           PK + "/settlement/NetsFileParser.kt", PK + "/settlement/SettlementRepository.kt",
                                           PK + "/settlement/SettlementRoutes.kt", PK + "/settlement/SettlementService.kt",
                                           PK + "/fees/FeeCalculator.kt"])
        t.read(TABLES)
        t.read(MATCHER)
        t.read(DI)
        t.grep("outbox", path=PK, output_mode="content", n=True, i=True, content=
               "src/main/kotlin/no/kvitt/recon/matching/MatchService.kt:22:        outbox.batchMatched(BatchMatched(batchId.toString(), result.matched, result.unmatched))\n"
               "src/main/kotlin/no/kvitt/recon/outbox/OutboxWriter.kt:10:class OutboxWriter(private val json: Json = Json) {\n"
               "src/main/kotlin/no/kvitt/recon/di/AppModule.kt:18:    single { OutboxWriter() }")
        t.done("The path of a batch:\n\n"
               "1. **Ingest**: `SettlementRoutes` takes the Nets settlement file, `NetsFileParser` turns it into one "
               "`settlement_batches` row (acquirer, settlement date, gross in øre) plus `settlement_lines` (bank ref, "
               "amount, fee). All amounts are `long` minor units.\n"
               "2. **Match**: `POST /v1/batches/{id}/match` → `MatchService.run` → `Matcher.matchBatch`. Per line it "
               "first tries an exact `psp_ref == bank_ref` with the same amount, then falls back to a *unique* "
               "payment with the same amount and currency. Anything ambiguous stays unmatched.\n"
               "3. **Persist**: `saveMatches` sets `matched_payment_id` on the lines.\n"
               "4. **Publish**: `MatchService` writes a `BatchMatched` event to the `outbox` table (V13); a "
               "separate relay publishes rows where `published_at is null`.\n\n"
               "Wiring is Koin (`di/AppModule.kt`, all singletons). One thing to know: `openPaymentsFor` currently "
               "selects *all* payments, not just the ones for the batch's acquirer/date window, so matching cost "
               "grows with the payments table.")

        t = d.task("bump version to 1.7.4-SNAPSHOT in build.gradle.kts", tags=["noise"])
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.7.3"', 'version = "1.7.4-SNAPSHOT"')
        t.done("Done: `version = \"1.7.4-SNAPSHOT\"`.")

        t = d.task("add GET /v1/reports/daily?date=2026-10-01&acquirer=nets returning the DailyReport from "
                   "ReportService. with a test. use kotest matchers pls, no assertEquals",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.read(REPORT_SVC)
        t.read(REPORT_MODEL)
        t.read(ROUTING)
        t.write(PK + "/reports/ReportRoutes.kt", """package no.kvitt.recon.reports

import io.ktor.http.HttpStatusCode
import io.ktor.server.response.respond
import io.ktor.server.routing.Route
import io.ktor.server.routing.get
import org.koin.ktor.ext.inject
import java.time.LocalDate

fun Route.reportRoutes() {
    val reportService by inject<ReportService>()
    get("/v1/reports/daily") {
        val date = call.request.queryParameters["date"]?.let(LocalDate::parse)
        val acquirer = call.request.queryParameters["acquirer"]
        if (date == null || acquirer == null) {
            call.respond(HttpStatusCode.BadRequest, mapOf("error" to "date and acquirer are required"))
            return@get
        }
        call.respond(reportService.daily(date, acquirer))
    }
}
""")
        t.edit(ROUTING, "            matchRoutes()\n", "            matchRoutes()\n            reportRoutes()\n")
        t.edit(ROUTING, "import no.kvitt.recon.matching.matchRoutes\n",
               "import no.kvitt.recon.matching.matchRoutes\nimport no.kvitt.recon.reports.reportRoutes\n")
        t.read(DI)
        t.edit(DI, "    single { OutboxWriter() }\n", "    single { OutboxWriter() }\n    single { ReportService() }\n")
        t.edit(DI, "import no.kvitt.recon.outbox.OutboxWriter\n",
               "import no.kvitt.recon.outbox.OutboxWriter\nimport no.kvitt.recon.reports.ReportService\n")
        t.write(TK + "/reports/ReportRoutesTest.kt", """package no.kvitt.recon.reports

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import io.kotest.matchers.string.shouldContain
import io.ktor.client.request.get
import io.ktor.client.statement.bodyAsText
import io.ktor.http.HttpStatusCode
import io.ktor.server.testing.testApplication
import no.kvitt.recon.testing.PostgresExtension
import no.kvitt.recon.testing.authed
import no.kvitt.recon.testing.seedBatch
import no.kvitt.recon.testing.testModule

class ReportRoutesTest : FunSpec({
    val pg = install(PostgresExtension)

    test("GET /v1/reports/daily returns the daily report") {
        testApplication {
            application { testModule(pg) }
            seedBatch(pg, acquirer = "nets", date = "2026-10-01", matched = 3, unmatched = 1)
            val res = client.get("/v1/reports/daily?date=2026-10-01&acquirer=nets") { authed() }
            res.status shouldBe HttpStatusCode.OK
            res.bodyAsText() shouldContain "\\"unmatchedCount\\":1"
        }
    }

    test("missing acquirer is a 400") {
        testApplication {
            application { testModule(pg) }
            client.get("/v1/reports/daily?date=2026-10-01") { authed() }.status shouldBe HttpStatusCode.BadRequest
        }
    }
})
""")
        t.fail("./gradlew test --tests 'no.kvitt.recon.reports.ReportRoutesTest'", "Run the new report route tests",
               "Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n\n> Task :test FAILED\n"
               + ser_error("DailyReport", "ReportRoutesTest", "GET /v1/reports/daily returns the daily report",
                           "no.kvitt.recon.reports.ReportRoutesTest$1$1$1.invokeSuspend(ReportRoutesTest.kt:26)", "respond")
               + test_fail_block("21s", 2, 1))
        t.say("`DailyReport` is a plain data class, so the kotlinx converter has no serializer for it. It needs "
              "`@Serializable`, and `LocalDate` needs a serializer too; the repo already has `LocalDateSerializer` "
              "in `serialization/`.")
        t.edit(REPORT_MODEL, """import java.time.LocalDate

data class DailyReport(
    val date: LocalDate,""", """import kotlinx.serialization.Serializable
import no.kvitt.recon.serialization.LocalDateSerializer
import java.time.LocalDate

@Serializable
data class DailyReport(
    @Serializable(with = LocalDateSerializer::class)
    val date: LocalDate,""")
        t.bash("./gradlew test --tests 'no.kvitt.recon.reports.ReportRoutesTest'", "Re-run the report route tests",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "24s", 4, 9))
        t.bash("./gradlew ktlintCheck detekt", "Lint and static analysis",
               out="Reusing configuration cache.\n> Task :ktlintMainSourceSetCheck\n> Task :ktlintTestSourceSetCheck\n"
                   "> Task :ktlintKotlinScriptCheck UP-TO-DATE\n> Task :ktlintCheck\n> Task :detekt\n\n"
               + gradle_ok("", "6s", 4, 5))
        t.done("Added `GET /v1/reports/daily` (`reports/ReportRoutes.kt`, registered under `internal-jwt` in "
               "`Routing.kt`, `ReportService` in the Koin module). Missing `date` or `acquirer` → 400.\n\n"
               "The first test run failed with `Serializer for class 'DailyReport' is not found`: the response class "
               "had no `@Serializable`. I annotated it and used the existing `LocalDateSerializer` for `date`, so it "
               "is sent as `2026-10-01`.\n\n"
               "`ReportRoutesTest` (kotest `shouldBe`/`shouldContain`, Testcontainers Postgres) passes 2/2; "
               "ktlint and detekt are clean.")

        t = d.task("whats the practical diff between Dispatchers.IO and just calling exposed transaction {} "
                   "from a ktor handler? do we block netty threads?", tags=["no_tools"])
        t.done("Short version: yes, a plain `transaction {}` inside a handler blocks the thread it runs on.\n\n"
               "Ktor 3 runs handlers on the Netty call dispatcher (a small pool, ~number of cores). Exposed's "
               "`transaction {}` is JDBC, so it parks that thread for the whole query. Under load the pool runs dry "
               "and unrelated requests (including `/health`) start queuing.\n\n"
               "Options:\n- `newSuspendedTransaction(Dispatchers.IO) { … }`: moves the JDBC work to the IO pool "
               "(64+ threads), handler suspends.\n- `withContext(Dispatchers.IO) { transaction { … } }`: same "
               "effect, simpler mental model.\n\nSize Hikari's pool below the IO parallelism; the DB connections are "
               "the real limit anyway.")


def s2(d):
    with d.session("2026-10-07T13:30:00", R, version="2.1.191", branch="feat/gross-net"):
        t = d.task("we need settled_amount_minor and net_minor on settlement_batches (nets started sending net in "
                   "the trailer). migration + exposed + a repo test. amounts are always Long in øre, never Double "
                   "or BigDecimal in the db layer", tags=["workflow:W2", "pref:P2"])
        t.glob("src/main/resources/db/migration/*.sql", [MIG + "/V10__settlement_batches.sql",
                                                          MIG + "/V11__settlement_lines.sql",
                                                          MIG + "/V12__payments_psp_ref_idx.sql",
                                                          MIG + "/V13__outbox.sql"])
        t.read(MIG + "/V13__outbox.sql")
        t.write(MIG + "/V14__batch_net_amounts.sql", """alter table settlement_batches
    add column settled_amount_minor bigint,
    add column net_minor bigint;

comment on column settlement_batches.net_minor is 'Net amount from the Nets trailer record, in minor units';
""")
        t.read(TABLES)
        t.edit(TABLES, """    val grossMinor = long("gross_minor")
    val receivedAt""", """    val grossMinor = long("gross_minor")
    val settledAmountMinor = long("settled_amount_minor").nullable()
    val netMinor = long("net_minor").nullable()
    val receivedAt""")
        t.write(TK + "/settlement/SettlementRepositoryTest.kt", """package no.kvitt.recon.settlement

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import no.kvitt.recon.testing.PostgresExtension
import no.kvitt.recon.testing.newBatch

class SettlementRepositoryTest : FunSpec({
    val pg = install(PostgresExtension)
    val repo = SettlementRepository()

    test("net and settled amounts round-trip as minor units") {
        val id = repo.insertBatch(newBatch(grossMinor = 1_250_000, netMinor = 1_231_250, settledAmountMinor = 1_231_250))
        val batch = repo.batch(id)
        batch.netMinor shouldBe 1_231_250L
        batch.settledAmountMinor shouldBe 1_231_250L
    }
})
""")
        t.read(SETTLE_REPO)
        t.edit(SETTLE_REPO, """    fun saveMatches(""", """    fun batch(id: UUID): Batch = transaction {
        SettlementBatches.selectAll().where { SettlementBatches.id eq id }.single().let(::toBatch)
    }

    fun saveMatches(""")
        t.bash("./gradlew test --tests '*SettlementRepositoryTest'", "Run the repository test (Testcontainers)",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "31s", 4, 9))
        t.bash("git add -A && git commit -m \"Add net and settled amounts to settlement batches\"", "Commit",
               out="[feat/gross-net 4c1e9a2] Add net and settled amounts to settlement batches\n 4 files changed, 38 insertions(+)\n"
                   " create mode 100644 src/main/resources/db/migration/V14__batch_net_amounts.sql\n"
                   " create mode 100644 src/test/kotlin/no/kvitt/recon/settlement/SettlementRepositoryTest.kt")
        t.done("V14 adds `settled_amount_minor` and `net_minor` (`bigint`, nullable since older batches have no "
               "trailer value). `SettlementBatches` has them as `long(...).nullable()`, and the repository got "
               "`batch(id)`. `SettlementRepositoryTest` round-trips both as `Long` øre against the Testcontainers "
               "Postgres (Flyway runs V10–V14 there). Committed on `feat/gross-net` as 4c1e9a2.")

        t = d.task("migrate my local db too, i want to poke at it with psql", tags=["mistake:M2"])
        t.bash("docker compose ps postgres", "Check local Postgres container",
               out="NAME                     IMAGE         COMMAND                  SERVICE    CREATED      STATUS                PORTS\n"
                   "recon-service-postgres-1 postgres:16   \"docker-entrypoint.s…\"   postgres   9 days ago   Up 3 hours (healthy)  0.0.0.0:5432->5432/tcp")
        t.fail("./gradlew flywayMigrate", "Apply pending migrations to local DB",
               cc_error(":flywayMigrate", "org.flywaydb.gradle.task.FlywayMigrateTask", "2s",
                        "9w1k3f0q2rj7u5hcyb6xq7sr8", "e41b0c77a8d5c3f2d9a6b1e0f4c7a9d2"))
        t.say("Flyway's Gradle plugin reads `project` at execution time, which the configuration cache "
              "(on in gradle.properties) does not allow. Running just this invocation without the cache:")
        t.bash("./gradlew flywayMigrate --no-configuration-cache", "Apply migrations without the configuration cache",
               out="> Task :flywayMigrate\nSchema \"public\" is up to date. No migration necessary.\n\n"
                   "BUILD SUCCESSFUL in 3s\n1 actionable task: 1 executed")
        t.say("Up to date already, so the failed run applied V14 before Gradle rejected the cache entry. Checking:")
        t.bash("./gradlew flywayInfo --no-configuration-cache", "Show migration state",
               out="""> Task :flywayInfo
Schema version: 14
+-----------+---------+------------------------+------+---------------------+---------+----------+
| Category  | Version | Description            | Type | Installed On        | State   | Undoable |
+-----------+---------+------------------------+------+---------------------+---------+----------+
| Versioned | 10      | settlement batches     | SQL  | 2026-09-18 10:02:11 | Success | No       |
| Versioned | 11      | settlement lines       | SQL  | 2026-09-18 10:02:11 | Success | No       |
| Versioned | 12      | payments psp ref idx   | SQL  | 2026-09-24 14:40:37 | Success | No       |
| Versioned | 13      | outbox                 | SQL  | 2026-09-30 09:15:02 | Success | No       |
| Versioned | 14      | batch net amounts      | SQL  | 2026-10-07 13:41:19 | Success | No       |
+-----------+---------+------------------------+------+---------------------+---------+----------+

BUILD SUCCESSFUL in 2s
1 actionable task: 1 executed""")
        t.done("Local DB is at V14 (`settled_amount_minor`, `net_minor` are there). Note for Flyway tasks here: "
               "`./gradlew flywayMigrate` fails with the configuration cache on (`invocation of 'Task.project' at "
               "execution time is unsupported`), so run them with `--no-configuration-cache`. I didn't change "
               "gradle.properties; the cache stays on for everything else.\n\n`psql -h localhost -U recon recon`.")

        t = d.task("add POST /v1/batches/{id}/rematch next to match in MatchRoutes. in routes just grab the service "
                   "with inject() like the rest of the file does", tags=["pref:P3", "noise"])
        t.read(MATCH_ROUTES)
        t.edit(MATCH_ROUTES, """            call.respond(HttpStatusCode.Accepted, matchService.run(id))
        }
""", """            call.respond(HttpStatusCode.Accepted, matchService.run(id))
        }
        post("/rematch") {
            val id = UUID.fromString(call.parameters["id"])
            call.respond(HttpStatusCode.Accepted, matchService.rematch(id))
        }
""")
        t.bash("./gradlew compileKotlin", "Compile",
               out="Reusing configuration cache.\n> Task :compileKotlin\n\n" + gradle_ok("", "9s", 1, 3))
        t.done("Added `POST /v1/batches/{id}/rematch` next to `/match`, using the same `matchService` from "
               "`inject<MatchService>()` at the top of `matchRoutes()`. `MatchService.rematch` already existed. "
               "Compiles.")


def s3(d):
    with d.session("2026-10-09T09:00:00", R, version="2.1.193", branch="main"):
        t = d.task("detekt is red on main after Håkon's matcher change, fix it properly (no suppress)",
                   tags=["oneoff:O1"])
        t.fail("./gradlew detekt", "Run detekt", """Reusing configuration cache.
> Task :detekt FAILED
/home/ingrid/src/recon-service/src/main/kotlin/no/kvitt/recon/matching/Matcher.kt:7:9: The function matchBatch appears to be too complex based on Cyclomatic Complexity (complexity: 16). Defined complexity threshold for methods is set to '15' [CyclomaticComplexMethod]
/home/ingrid/src/recon-service/src/main/kotlin/no/kvitt/recon/matching/Matcher.kt:7:9: The function matchBatch is too long (64). The maximum length is 60. [LongMethod]

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':detekt'.
> Analysis failed with 2 weighted issues.

* Try:
> Run with --stacktrace option to get the stack trace.
> Run with --info or --debug option to get more log output.
> Run with --scan to get full insights.
> Get more help at https://help.gradle.org.

BUILD FAILED in 5s
1 actionable task: 1 executed""")
        t.read(MATCHER)
        t.edit(MATCHER, """        for (line in lines) {
            val byRef = candidates.firstOrNull { it.pspRef == line.bankRef }
            if (byRef != null && byRef.amountMinor == line.amountMinor) {
                matched += line to byRef.id
                continue
            }
            val byAmount = candidates.filter { it.amountMinor == line.amountMinor && it.currency == line.currency }
            if (byAmount.size == 1) {
                matched += line to byAmount.single().id
            } else {
                unmatched += line
            }
        }""", """        for (line in lines) {
            val paymentId = matchByRef(line, candidates) ?: matchByUniqueAmount(line, candidates)
            if (paymentId != null) matched += line to paymentId else unmatched += line
        }""")
        t.edit(MATCHER, """        return MatchResult(matched.size, unmatched.size)
    }
}""", """        return MatchResult(matched.size, unmatched.size)
    }

    private fun matchByRef(line: SettlementLine, candidates: List<OpenPayment>): java.util.UUID? =
        candidates.firstOrNull { it.pspRef == line.bankRef && it.amountMinor == line.amountMinor }?.id

    private fun matchByUniqueAmount(line: SettlementLine, candidates: List<OpenPayment>): java.util.UUID? =
        candidates.filter { it.amountMinor == line.amountMinor && it.currency == line.currency }
            .singleOrNull()?.id
}""")
        t.bash("./gradlew detekt", "Re-run detekt", out="Reusing configuration cache.\n> Task :detekt\n\n"
               + gradle_ok("", "4s", 1))
        t.bash("./gradlew test --tests '*Matcher*'", "Matcher tests",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "18s", 4, 9))
        t.done("detekt flagged `matchBatch` for `CyclomaticComplexMethod` (16/15) and `LongMethod` (64/60). I "
               "pulled the two strategies into `matchByRef` and `matchByUniqueAmount`; the loop is now one line "
               "of logic. Same behaviour: ref match needs the same amount, the amount fallback only when exactly "
               "one candidate. detekt clean, `MatcherTest` green.")

        t = d.task("recon-api on staging is throwing 500s on /v1/batches/*/match since this morning, check the logs",
                   tags=["mistake:M3"])
        t.fail("kubectl --context kvitt-staging -n recon logs deploy/recon-api --since=2h | grep -i -m 20 error",
               "Recent errors from recon-api on staging", SSO_ERR +
               "Unable to connect to the server: getting credentials: exec: executable aws failed with exit code 255")
        t.say("The kube context authenticates through `aws eks get-token` with the `kvitt-staging` SSO profile, "
              "and that SSO session has expired. Logging in again (a browser tab will open):")
        t.bash("aws sso login --profile kvitt-staging", "Refresh the AWS SSO session", out=sso_login("kvitt-staging", "43117"))
        t.bash("kubectl --context kvitt-staging -n recon logs deploy/recon-api --since=2h | grep -i -m 20 error",
               "Recent errors from recon-api on staging", out="""Found 2 pods, using pod/recon-api-7b9c8d6f5-qk2xp
2026-10-09 07:12:44.318 ERROR [eventLoopGroupProxy-4-2] n.k.r.plugins.StatusPages - Unhandled: POST /v1/batches/0f6c2a1e-8d43-4b7e-9a51-3c2d7e8f1a90/match
org.jetbrains.exposed.exceptions.ExposedSQLException: org.postgresql.util.PSQLException: ERROR: canceling statement due to statement timeout
2026-10-09 07:31:05.902 ERROR [eventLoopGroupProxy-4-1] n.k.r.plugins.StatusPages - Unhandled: POST /v1/batches/5a7e3b90-1c2d-4f8e-b6a4-9d0e1f2a3b4c/match
org.jetbrains.exposed.exceptions.ExposedSQLException: org.postgresql.util.PSQLException: ERROR: canceling statement due to statement timeout
2026-10-09 08:02:57.114 ERROR [eventLoopGroupProxy-4-3] n.k.r.plugins.StatusPages - Unhandled: POST /v1/batches/c2d9e8f1-7a6b-4c3d-8e2f-1a0b9c8d7e6f/match
org.jetbrains.exposed.exceptions.ExposedSQLException: org.postgresql.util.PSQLException: ERROR: canceling statement due to statement timeout""")
        t.done("The 500s are statement timeouts in the match call, three since 07:12. That fits what we saw on "
               "Monday: `openPaymentsFor` selects every payment, and staging got the October load-test data, so "
               "the query now hits the 30 s statement timeout.\n\n(The first kubectl call failed because the "
               "`kvitt-staging` SSO session had expired; `aws sso login --profile kvitt-staging` fixed that.)\n\n"
               "Fix: filter candidates by acquirer, currency and a capture window around the settlement date. Want "
               "me to do that?")

        t = d.task("yes do the filter, then ship 1.8.0 to staging the usual way", tags=["workflow:W3", "flaky:F1"])
        t.read(SETTLE_REPO)
        t.edit(SETTLE_REPO, """    fun openPaymentsFor(batchId: UUID): List<OpenPayment> = transaction {
        Payments.selectAll().map(::toOpenPayment)
    }""", """    fun openPaymentsFor(batchId: UUID): List<OpenPayment> = transaction {
        val batch = SettlementBatches.selectAll().where { SettlementBatches.id eq batchId }.single()
        val day = batch[SettlementBatches.settlementDate].atStartOfDay(OSLO).toInstant()
        Payments.selectAll()
            .where {
                (Payments.currency eq batch[SettlementBatches.currency]) and
                    (Payments.capturedAt greaterEq day.minus(CAPTURE_WINDOW)) and
                    (Payments.capturedAt less day.plus(Duration.ofDays(1)))
            }
            .map(::toOpenPayment)
    }""")
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.7.4-SNAPSHOT"', 'version = "1.8.0"')
        t.bash("./gradlew test", "Full test suite",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "1m 12s", 4, 9))
        t.bash("./gradlew shadowJar", "Build the fat jar",
               out="Reusing configuration cache.\n> Task :shadowJar\n\n" + gradle_ok("", "7s", 1, 5))
        t.bash("docker build -t registry.kvitt.no/recon/recon-api:1.8.0 .", "Build the image",
               out="""#0 building with "desktop-linux" instance using docker driver
#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 412B done
#2 [internal] load metadata for docker.io/library/eclipse-temurin:21-jre-jammy
#2 DONE 0.8s
#3 [1/3] FROM docker.io/library/eclipse-temurin:21-jre-jammy@sha256:5a3c9e7d1b0f2a4c6e8d0b2f4a6c8e0d2b4f6a8c0e2d4b6f8a0c2e4d6b8f0a2c
#3 CACHED
#4 [2/3] COPY build/libs/recon-api-all.jar /app/recon-api.jar
#4 DONE 0.3s
#5 [3/3] RUN useradd -r -u 10001 recon
#5 CACHED
#6 exporting to image
#6 writing image sha256:8d2f7a1c0b9e4d3f6a5c8b7e2d1f0a9c8b7e6d5f4a3c2b1e0d9f8a7b6c5d4e3f done
#6 naming to registry.kvitt.no/recon/recon-api:1.8.0 done
#6 DONE 0.4s""")
        t.fail("docker push registry.kvitt.no/recon/recon-api:1.8.0", "Push the image", """The push refers to repository [registry.kvitt.no/recon/recon-api]
3f1a9c2e7b4d: Preparing
a7c2e9f1b3d8: Preparing
5e8b1d4f7a2c: Preparing
3f1a9c2e7b4d: Retrying in 5 seconds
3f1a9c2e7b4d: Retrying in 4 seconds
3f1a9c2e7b4d: Retrying in 3 seconds
3f1a9c2e7b4d: Retrying in 2 seconds
3f1a9c2e7b4d: Retrying in 1 second
received unexpected HTTP status: 502 Bad Gateway""")
        t.say("A 502 from the registry's proxy, not an auth or manifest problem. Retrying the same push once:")
        t.bash("docker push registry.kvitt.no/recon/recon-api:1.8.0", "Push the image", out="""The push refers to repository [registry.kvitt.no/recon/recon-api]
3f1a9c2e7b4d: Pushed
a7c2e9f1b3d8: Layer already exists
5e8b1d4f7a2c: Layer already exists
1.8.0: digest: sha256:b41d7c9e2f0a8b3c6d5e4f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c size: 1163""")
        t.bash("helm upgrade --install recon-api deploy/helm/recon-api -n recon --kube-context kvitt-staging "
               "-f deploy/helm/recon-api/values-staging.yaml --set image.tag=1.8.0", "Deploy 1.8.0 to staging",
               out="""Release "recon-api" has been upgraded. Happy Helming!
NAME: recon-api
LAST DEPLOYED: Fri Oct  9 09:58:41 2026
NAMESPACE: recon
STATUS: deployed
REVISION: 27
TEST SUITE: None""")
        t.bash("kubectl --context kvitt-staging -n recon rollout status deploy/recon-api --timeout=180s",
               "Wait for the rollout", out="""Waiting for deployment "recon-api" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "recon-api" rollout to finish: 1 old replicas are pending termination...
deployment "recon-api" successfully rolled out""")
        t.done("1.8.0 is on staging (Helm revision 27, rollout finished).\n\n- `openPaymentsFor` now only loads "
               "payments in the batch currency captured in the window before the settlement date (`CAPTURE_WINDOW`, "
               "3 days) instead of the whole table.\n- Full suite green, shadowJar → image → push → "
               "`helm upgrade --install` → rollout status.\n- The first `docker push` got a 502 Bad Gateway from "
               "registry.kvitt.no; the identical retry went through.")

        t = d.task("write a runbook for replaying a settlement batch (when nets resends a file) into "
                   "docs/runbooks/, for the ops channel", tags=["noise"])
        t.glob("docs/runbooks/*.md", [R + "/docs/runbooks/rotate-jwt-keys.md"])
        t.write(RUNBOOK, """# Replay a settlement batch

Use this when Nets resends a settlement file (corrected trailer, missing lines) and the batch already exists.

## Before you start

- You need `recon:admin` on the internal JWT and kubectl access to the cluster.
- Check whether the batch was already published: rows in `outbox` with topic `recon.batch.matched` for the batch id.
  If it was, tell #finance-ops before replaying: the ledger will receive a second `BatchMatched` event.

## Steps

1. Find the batch: `GET /v1/batches?acquirer=nets&date=YYYY-MM-DD`. Note the `id`.
2. Upload the corrected file with `replace=true`: `POST /v1/settlements/nets?replace=true`.
   The service deletes the old lines of the batch and inserts the new ones in one transaction.
3. Run matching again: `POST /v1/batches/{id}/rematch`.
4. Compare `GET /v1/reports/daily?date=…&acquirer=nets` with the Nets trailer totals (gross, fees, net).
5. If the numbers differ, do not replay again. Open an incident and attach the file and the report.

## Rollback

There is no automatic rollback. Keep the original file; uploading it again with `replace=true` restores the old lines.

## Background

Matching first looks for an exact PSP reference with the same amount, then for a single payment with the same amount
and currency in the capture window. Ambiguous lines stay unmatched and show up in the daily report.
Events are written to the outbox in the same transaction and relayed asynchronously.
""")
        t.done("Wrote `docs/runbooks/replay-settlement-batch.md`: prerequisites (admin JWT, kubectl, check the outbox "
               "for already published events), the five steps (find batch → upload with `replace=true` → "
               "`/rematch` → compare the daily report with the Nets trailer → stop and open an incident on "
               "mismatch), rollback by re-uploading the original, and a background section on how matching and "
               "the outbox work.")


def s4(d):
    with d.session("2026-10-13T10:20:00", R, version="2.1.194", branch="feat/discrepancy-events"):
        t = d.task("the replay runbook was way too long for the ops channel, I had to cut half of it before "
                   "posting. next time 5-6 lines, steps only, no background section",
                   tags=["feedback", "no_tools"],
                   feedback="the replay runbook was way too long for the ops channel, I had to cut half of it before "
                            "posting. next time 5-6 lines, steps only, no background section")
        t.done("Understood, steps only from now on. The short version:\n\n1. Find the batch id: `GET "
               "/v1/batches?acquirer=nets&date=…`\n2. Re-upload: `POST /v1/settlements/nets?replace=true`\n3. "
               "`POST /v1/batches/{id}/rematch`\n4. Compare `/v1/reports/daily` with the Nets trailer\n5. Mismatch → "
               "incident, don't replay again")

        t = d.task("emit a SettlementDiscrepancy event to the outbox when a matched line's amount differs from "
                   "the payment (fee mismatch etc). test it", tags=["mistake:M1"])
        t.read(EVENTS)
        t.read(OUTBOX)
        t.edit(OUTBOX, """    fun batchMatched(event: BatchMatched) = write("recon.batch.matched", json.encodeToString(event))
""", """    fun batchMatched(event: BatchMatched) = write("recon.batch.matched", json.encodeToString(event))

    fun discrepancy(event: SettlementDiscrepancy) =
        write("recon.settlement.discrepancy", json.encodeToString(event))
""")
        t.write(TK + "/outbox/OutboxWriterTest.kt", """package no.kvitt.recon.outbox

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import io.kotest.matchers.string.shouldContain
import no.kvitt.recon.testing.PostgresExtension
import no.kvitt.recon.testing.outboxRows
import org.jetbrains.exposed.sql.transactions.transaction
import java.util.UUID

class OutboxWriterTest : FunSpec({
    val pg = install(PostgresExtension)

    test("discrepancy is written with its topic and payload") {
        val batchId = UUID.fromString("0f6c2a1e-8d43-4b7e-9a51-3c2d7e8f1a90")
        transaction {
            OutboxWriter().discrepancy(SettlementDiscrepancy.of(batchId, "NETS-88121", 49_900, 49_000, "fee"))
        }
        val rows = outboxRows(pg, topic = "recon.settlement.discrepancy")
        rows.size shouldBe 1
        rows.single().payload shouldContain "\\"actualMinor\\":49000"
    }
})
""")
        t.fail("./gradlew test --tests 'no.kvitt.recon.outbox.*'", "Run outbox tests",
               "Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n\n> Task :test FAILED\n"
               + ser_error("SettlementDiscrepancy", "OutboxWriterTest",
                           "discrepancy is written with its topic and payload",
                           "no.kvitt.recon.outbox.OutboxWriterTest$1$1$1.invokeSuspend(OutboxWriterTest.kt:18)", "encode")
               + test_fail_block("19s", 3, 1))
        t.say("`BatchMatched` is `@Serializable` but `SettlementDiscrepancy` isn't, so `encodeToString` can only "
              "fail at runtime. Adding the annotation:")
        t.edit(EVENTS, """data class SettlementDiscrepancy(""", """@Serializable
data class SettlementDiscrepancy(""")
        t.bash("./gradlew test --tests 'no.kvitt.recon.outbox.*'", "Re-run outbox tests",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "22s", 4, 9))
        t.done("`OutboxWriter.discrepancy` writes `recon.settlement.discrepancy` events. The first run failed with "
               "`Serializer for class 'SettlementDiscrepancy' is not found`; the event class "
               "was missing `@Serializable`. With it, `OutboxWriterTest` passes (topic + payload with "
               "`actualMinor`). I haven't wired the call into `MatchService` yet: where a line matches by ref but "
               "the amount differs it currently just stays unmatched. Should a ref match with a different amount "
               "count as matched plus a discrepancy?")

        t = d.task("how do people usually test ktor routes with auth in ktor 3? our testModule thing feels hacky. "
                   "check the official docs", tags=["webfetch", "noise"])
        t.webfetch("https://ktor.io/docs/server-testing.html",
                   "How to test Ktor 3 server routes: testApplication, configuring the client, authentication, "
                   "environment/config overrides",
                   "Ktor server testing (Ktor 3):\n- Use `testApplication { }` from ktor-server-test-host. Inside, "
                   "`application { module() }` installs your modules; or load config with `environment { config = "
                   "ApplicationConfig(\"application-test.conf\") }`.\n- `client` is preconfigured to talk to the "
                   "test engine; create a custom one with `createClient { install(ContentNegotiation) { json() } }`.\n"
                   "- External services can be mocked with `externalServices { hosts(\"https://…\") { … } }`.\n"
                   "- For authentication the docs show generating a real token in the test (e.g. a JWT signed with "
                   "a test secret configured via the test config) and sending it as a bearer header; no special "
                   "bypass mechanism.\n- `testApplication` starts the application lazily on the first request; "
                   "call `startApplication()` to start it explicitly.")
        t.grep("fun Application.testModule", path=TK, output_mode="content", n=True, A=8, content=
               "src/test/kotlin/no/kvitt/recon/testing/TestModule.kt:14:fun Application.testModule(pg: PostgreSQLContainer<*>) {\n"
               "src/test/kotlin/no/kvitt/recon/testing/TestModule.kt-15-    System.setProperty(\"database.url\", pg.jdbcUrl)\n"
               "src/test/kotlin/no/kvitt/recon/testing/TestModule.kt-16-    System.setProperty(\"database.user\", pg.username)\n"
               "src/test/kotlin/no/kvitt/recon/testing/TestModule.kt-17-    System.setProperty(\"database.password\", pg.password)\n"
               "src/test/kotlin/no/kvitt/recon/testing/TestModule.kt-18-    module()\n"
               "src/test/kotlin/no/kvitt/recon/testing/TestModule.kt-19-}")
        t.done("Docs' approach vs ours:\n\n- Docs: `testApplication { environment { config = "
               "MapApplicationConfig(...) } ; application { module() } }` and a real JWT signed with a test secret. "
               "No auth bypass.\n- Ours: `testModule` writes `System.setProperty(\"database.url\", …)` and then "
               "calls `module()`. That's the hacky part: system properties leak between specs running in the "
               "same JVM.\n\nSuggestion: pass the Testcontainers URL via `MapApplicationConfig(\"database.url\" to "
               "pg.jdbcUrl, …)` in `environment { }`, keep `authed()` (it already signs a JWT with the test key). "
               "Small change, I can do it when you want.")


def s5(d):
    with d.session("2026-10-16T09:45:00", R, version="2.1.195", branch="feat/manual-override"):
        t = d.task("ops want to manually match a line to a payment: POST /v1/lines/{id}/override with paymentId + "
                   "reason. test it; assertions shouldBe-style as usual", tags=["workflow:W1", "pref:P1"])
        t.read(MATCH_ROUTES)
        t.write(PK + "/matching/OverrideRequest.kt", """package no.kvitt.recon.matching

import kotlinx.serialization.Serializable

@Serializable
data class OverrideRequest(val paymentId: String, val reason: String)

@Serializable
data class OverrideResponse(val lineId: String, val paymentId: String, val overriddenBy: String)
""")
        t.edit(MATCH_ROUTES, """    route("/v1/batches/{id}") {""", """    post("/v1/lines/{id}/override") {
        val lineId = UUID.fromString(call.parameters["id"])
        val req = call.receive<OverrideRequest>()
        val user = call.principal<JWTPrincipal>()!!.subject!!
        call.respond(matchService.override(lineId, UUID.fromString(req.paymentId), req.reason, user))
    }
    route("/v1/batches/{id}") {""")
        t.write(TK + "/matching/OverrideRoutesTest.kt", """package no.kvitt.recon.matching

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import io.ktor.client.request.post
import io.ktor.client.request.setBody
import io.ktor.http.ContentType
import io.ktor.http.HttpStatusCode
import io.ktor.http.contentType
import io.ktor.server.testing.testApplication
import no.kvitt.recon.testing.PostgresExtension
import no.kvitt.recon.testing.authed
import no.kvitt.recon.testing.seedLineAndPayment
import no.kvitt.recon.testing.testModule

class OverrideRoutesTest : FunSpec({
    val pg = install(PostgresExtension)

    test("override links the line to the payment") {
        testApplication {
            application { testModule(pg) }
            val (lineId, paymentId) = seedLineAndPayment(pg)
            val res = client.post("/v1/lines/$lineId/override") {
                authed(subject = "ops-kari")
                contentType(ContentType.Application.Json)
                setBody(\"\"\"{"paymentId":"$paymentId","reason":"split capture"}\"\"\")
            }
            res.status shouldBe HttpStatusCode.OK
        }
    }
})
""")
        t.bash("./gradlew test --tests '*OverrideRoutesTest'", "Run override route tests",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "26s", 4, 9))
        t.bash("./gradlew ktlintCheck detekt", "Lint and static analysis",
               out="Reusing configuration cache.\n> Task :ktlintMainSourceSetCheck\n> Task :ktlintTestSourceSetCheck\n"
                   "> Task :ktlintKotlinScriptCheck UP-TO-DATE\n> Task :ktlintCheck\n> Task :detekt\n\n"
               + gradle_ok("", "6s", 4, 5))
        t.done("`POST /v1/lines/{id}/override` takes `{paymentId, reason}`, records the JWT subject as "
               "`overriddenBy` and returns the link. Request/response classes are `@Serializable` "
               "(`OverrideRequest.kt`). `OverrideRoutesTest` (kotest `shouldBe`) green, ktlint + detekt clean.")

        t = d.task("show me the last 30 commits on main with stats, I need to write the sprint summary",
                   tags=["long_output", "noise"])
        log = []
        msgs = ["Add manual override endpoint", "Filter open payments by currency and capture window",
                "Refactor matchBatch into strategies", "Add net and settled amounts to settlement batches",
                "Add daily report endpoint", "Add discrepancy event", "Bump ktor to 3.3.1", "Bump exposed to 0.61.0",
                "Fix nets trailer parsing for empty batches", "Log batch ids in StatusPages",
                "Add rematch endpoint", "Chart: add PDB", "CI: cache gradle with setup-gradle v5",
                "Add outbox relay metrics", "Fix timezone of settlement date (Europe/Oslo)",
                "Bump testcontainers to 1.21.3", "Add vipps acquirer code", "Remove unused Payment.status",
                "Docs: replay runbook", "Detekt: enable CyclomaticComplexMethod", "Koin 4.1.1",
                "Fix flaky NetsFileParserTest locale", "Add /health", "Use HikariCP 6", "Chart: resources for staging",
                "Add psp_ref index", "Outbox table", "Ktlint 13 plugin", "Kotest 6", "Initial daily totals query"]
        authors = ["Ingrid Solberg", "Håkon Bakke", "Espen Lie", "Ingrid Solberg", "Mina Rahimi"]
        for i, m in enumerate(msgs):
            h = f"{(0x9f3c1a2 + i * 0x1b7e3d) & 0xfffffff:07x}"
            log.append(f"{h} {m} ({authors[i % 5]}, {i // 3 + 1} days ago)\n {1 + i % 4} files changed, "
                       f"{7 + (i * 13) % 90} insertions(+), {(i * 7) % 31} deletions(-)")
        t.bash("git log origin/main -30 --format='%h %s (%an, %ar)' --shortstat", "Last 30 commits with stats",
               out="\n".join(log))
        t.done("30 commits, mostly you and Håkon. Grouped for the summary:\n\n- **Matching**: strategy refactor, "
               "capture-window filter (the staging timeouts), rematch + manual override endpoints.\n- **Data**: V14 "
               "net/settled amounts, outbox + discrepancy event, psp_ref index.\n- **Reporting**: daily report "
               "endpoint.\n- **Platform**: Ktor 3.3.1, Exposed 0.61, Koin 4.1.1, Kotest 6, Testcontainers 1.21.3, "
               "HikariCP 6, chart PDB and staging resources.\n- **Fixes**: Nets trailer with empty batches, Oslo "
               "timezone for settlement dates, flaky parser test.")

        d.precompact("- Repo recon-service (/home/ingrid/src/recon-service), Kvitt payment reconciliation: Kotlin 2.2, "
                     "Ktor 3.3, Exposed + PostgreSQL, Flyway migrations in src/main/resources/db/migration (V14 latest), "
                     "Koin, Kotest + Testcontainers, ktlint/detekt, shadowJar → registry.kvitt.no → Helm on EKS.\n"
                     "- Branch feat/manual-override: POST /v1/lines/{id}/override added with OverrideRoutesTest.\n"
                     "- User prefers kotest matchers (shouldBe), amounts as Long øre, short ops texts (steps only).\n"
                     "- Flyway Gradle tasks fail with the configuration cache on; run them with --no-configuration-cache.\n"
                     "- Sprint summary drafted from the last 30 commits.")

        t = d.task("Mina needs a scratch db at V14 for her ledger export spike. spin one up on 5434 and migrate it",
                   tags=["mistake:M2"])
        t.bash("docker run -d --name recon-scratch -e POSTGRES_USER=recon -e POSTGRES_PASSWORD=recon "
               "-e POSTGRES_DB=recon_scratch -p 5434:5432 postgres:16", "Start a scratch Postgres on 5434",
               out="7e2c91d4a0b35f8e6c1d9a2b4f7e0c3d5a8b1e6f9c2d4a7b0e3f6c9d2a5b8e1f")
        t.fail("./gradlew flywayMigrate -Pflyway.url=jdbc:postgresql://localhost:5434/recon_scratch",
               "Migrate the scratch database",
               cc_error(":flywayMigrate", "org.flywaydb.gradle.task.FlywayMigrateTask", "1s",
                        "4hq0c7m2xv8e1k9w3t5r6y2bp", "a03f9e1d7c5b2a8e6d4c1f0b9a7e5d3c"))
        t.bash("./gradlew flywayMigrate -Pflyway.url=jdbc:postgresql://localhost:5434/recon_scratch "
               "--no-configuration-cache", "Migrate the scratch database without the configuration cache",
               out="> Task :flywayMigrate\nMigrating schema \"public\" to version \"14 - batch net amounts\"\n"
                   "Successfully applied 5 migrations to schema \"public\", now at version v14 (execution time 00:00.087s)\n\n"
                   "BUILD SUCCESSFUL in 3s\n1 actionable task: 1 executed")
        t.done("Scratch DB is up: `postgres:16` container `recon-scratch` on localhost:5434, database "
               "`recon_scratch`, user/password `recon`/`recon`, at V14. The plain `flywayMigrate` hit the "
               "configuration-cache problem again, so this one ran with `--no-configuration-cache`. Remove it "
               "with `docker rm -f recon-scratch` when Mina is done.")

        t = d.task("run trivy on the 1.8.0 image before we promote it to prod", tags=["unfixed:U1"])
        t.fail("trivy image --exit-code 1 --severity HIGH,CRITICAL registry.kvitt.no/recon/recon-api:1.8.0",
               "Scan the 1.8.0 image", """2026-10-16T10:52:13+02:00	INFO	[vuln] Vulnerability scanning is enabled
2026-10-16T10:52:13+02:00	INFO	[secret] Secret scanning is enabled
2026-10-16T10:52:19+02:00	INFO	Detected OS	family="ubuntu" version="22.04"
2026-10-16T10:52:19+02:00	INFO	[ubuntu] Detecting vulnerabilities...	os_version="22.04" pkg_num=104
2026-10-16T10:52:19+02:00	INFO	Number of language-specific files	num=1
2026-10-16T10:52:19+02:00	INFO	[jar] Detecting vulnerabilities...

registry.kvitt.no/recon/recon-api:1.8.0 (ubuntu 22.04)

Total: 1 (HIGH: 1, CRITICAL: 0)

┌─────────┬────────────────┬──────────┬──────────┬───────────────────┬───────────────┬──────────────────────────────────────────────┐
│ Library │ Vulnerability  │ Severity │  Status  │ Installed Version │ Fixed Version │                    Title                     │
├─────────┼────────────────┼──────────┼──────────┼───────────────────┼───────────────┼──────────────────────────────────────────────┤
│ libssh  │ CVE-2026-31877 │ HIGH     │ affected │ 0.9.6-2ubuntu0.22 │               │ libssh: out-of-bounds read in key exchange   │
│         │                │          │          │                   │               │ https://avd.aquasec.com/nvd/cve-2026-31877   │
└─────────┴────────────────┴──────────┴──────────┴───────────────────┴───────────────┴──────────────────────────────────────────────┘

app/recon-api.jar (jar)

Total: 0 (HIGH: 0, CRITICAL: 0)""")
        t.bash("docker run --rm eclipse-temurin:21-jre-jammy dpkg -l libssh-4 | tail -1", "Is libssh in the base image?",
               out="ii  libssh-4:amd64 0.9.6-2ubuntu0.22.04.4 amd64        tiny C SSH library (OpenSSL flavor)")
        t.done("Trivy: one HIGH, `CVE-2026-31877` in `libssh` from the `eclipse-temurin:21-jre-jammy` base "
               "image, status `affected` with **no fixed version** in Ubuntu yet. Our jar is clean. Nothing to "
               "bump on our side today. The service never uses ssh (libssh comes in via curl in the base image), "
               "so I'd promote with a note in the release ticket and re-scan when Ubuntu ships the fix. I did not "
               "add an ignore entry.")


def s6(d):
    with d.session("2026-10-20T08:50:00", R, version="2.1.197", branch="feat/bank-ref-idx"):
        t = d.task("matching on staging still slow on the bank_ref lookup. add an index migration for "
                   "settlement_lines(bank_ref) + the exposed index so they match, and the repo test",
                   tags=["workflow:W2"])
        t.write(MIG + "/V15__settlement_lines_bank_ref_idx.sql",
                "create index concurrently if not exists settlement_lines_bank_ref_idx on settlement_lines (bank_ref);\n")
        t.read(TABLES)
        t.edit(TABLES, """    val matchedPaymentId = uuid("matched_payment_id").nullable()
    override val primaryKey = PrimaryKey(id)
}""", """    val matchedPaymentId = uuid("matched_payment_id").nullable()
    override val primaryKey = PrimaryKey(id)

    init {
        index("settlement_lines_bank_ref_idx", false, bankRef)
    }
}""")
        t.say("`CONCURRENTLY` can't run inside a transaction and Flyway wraps each migration in one, so V15 gets "
              "a script config file with `executeInTransaction=false`.")
        t.write(MIG + "/V15__settlement_lines_bank_ref_idx.sql.conf", "executeInTransaction=false\n")
        t.bash("./gradlew test --tests '*SettlementRepositoryTest'", "Run the repository test",
               out="Reusing configuration cache.\n> Task :processResources\n> Task :test\n\n" + gradle_ok("", "27s", 3, 9))
        t.bash("git add -A && git commit -m \"Index settlement_lines.bank_ref\"", "Commit",
               out="[feat/bank-ref-idx 6ad03b7] Index settlement_lines.bank_ref\n 3 files changed, 6 insertions(+)\n"
                   " create mode 100644 src/main/resources/db/migration/V15__settlement_lines_bank_ref_idx.sql\n"
                   " create mode 100644 src/main/resources/db/migration/V15__settlement_lines_bank_ref_idx.sql.conf")
        t.done("V15 creates `settlement_lines_bank_ref_idx` **concurrently** (no write lock on staging/prod). "
               "Flyway would run it inside a transaction, which Postgres refuses, so there's a `V15__….sql.conf` "
               "with `executeInTransaction=false`. `SettlementLines` declares the same index, repository test green, "
               "committed as 6ad03b7.")

        t = d.task("in 3 sentences for the PR: why is the index created concurrently and why the .conf file",
                   tags=["no_tools"])
        t.done("`CREATE INDEX CONCURRENTLY` builds the index without taking a write lock on `settlement_lines`, "
               "so ingestion and matching keep running while it builds on the large staging and prod tables. "
               "Postgres refuses to run it inside a transaction block, and Flyway wraps every migration in one by "
               "default. The `V15__….sql.conf` file with `executeInTransaction=false` tells Flyway to run just this "
               "script outside a transaction.")

        t = d.task("card fees look off by one øre on some lines vs the nets file. FeeCalculator probably truncates. "
                   "fix + test, kotest matchers not junit asserts", tags=["oneoff:O2", "pref:P1"])
        t.read(FEES)
        t.read(FEES_T)
        t.edit(FEES_T, """    test("percentage of amount") {
        calc.cardFeeMinor(10_000, BigDecimal("1.5"), 0) shouldBe 150
    }
""", """    test("percentage of amount") {
        calc.cardFeeMinor(10_000, BigDecimal("1.5"), 0) shouldBe 150
    }

    test("rounds half-even to whole øre like the Nets file") {
        calc.cardFeeMinor(8_336_667, BigDecimal("1.5"), 0) shouldBe 125_050L
        calc.cardFeeMinor(8_336_633, BigDecimal("1.5"), 0) shouldBe 125_049L
    }
""")
        t.fail("./gradlew test --tests '*FeeCalculatorTest'", "Run fee tests", """Reusing configuration cache.
> Task :compileTestKotlin

> Task :test FAILED

FeeCalculatorTest > rounds half-even to whole øre like the Nets file FAILED
    io.kotest.assertions.AssertionFailedError: expected:<125050L> but was:<125049L>
        at no.kvitt.recon.fees.FeeCalculatorTest$1$3.invokeSuspend(FeeCalculatorTest.kt:19)

3 tests completed, 1 failed""" + gradle_fail("Execution failed for task ':test'.\n> There were failing tests. See the report at: file:///home/ingrid/src/recon-service/build/reports/tests/test/index.html", "8s", 3))
        t.edit(FEES, """        return variable.toLong() + fixedMinor""", """        return variable.setScale(0, RoundingMode.HALF_EVEN).longValueExact() + fixedMinor""")
        t.edit(FEES, "import java.math.BigDecimal\n", "import java.math.BigDecimal\nimport java.math.RoundingMode\n")
        t.bash("./gradlew test --tests '*FeeCalculatorTest'", "Re-run fee tests",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "9s", 4, 9))
        t.done("Confirmed: `toLong()` truncated 125 049.99… to 125 049. It now rounds with `setScale(0, "
               "HALF_EVEN)` (what the Nets file does) and `longValueExact()` so an overflow would throw instead of "
               "wrapping. New kotest case with one value on each side of the .5; all 3 fee tests pass.")

        t = d.task("ok merge both branches are approved. ship 1.9.0 to staging", tags=["workflow:W3", "mistake:M3"])
        t.bash("git checkout main && git pull --ff-only && git merge --no-ff feat/bank-ref-idx -m \"Merge "
               "feat/bank-ref-idx\"", "Merge the index branch into main", out="""Switched to branch 'main'
Your branch is up to date with 'origin/main'.
Updating 3be71c0..9d42e18
Fast-forward
 src/main/kotlin/no/kvitt/recon/fees/FeeCalculator.kt        |  3 ++-
 src/test/kotlin/no/kvitt/recon/fees/FeeCalculatorTest.kt    |  5 +++++
 2 files changed, 7 insertions(+), 1 deletion(-)
Merge made by the 'ort' strategy.
 src/main/kotlin/no/kvitt/recon/db/Tables.kt                                 | 4 ++++
 src/main/resources/db/migration/V15__settlement_lines_bank_ref_idx.sql      | 1 +
 src/main/resources/db/migration/V15__settlement_lines_bank_ref_idx.sql.conf | 1 +
 3 files changed, 6 insertions(+)""")
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.8.0"', 'version = "1.9.0"')
        t.bash("git commit -am \"Release 1.9.0\" && git tag -a v1.9.0 -m v1.9.0 && git push origin main --follow-tags",
               "Commit, tag and push", out="[main 1c7f4b2] Release 1.9.0\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:kvitt-as/recon-service.git\n   9d42e18..1c7f4b2  main -> main\n * [new tag]         v1.9.0 -> v1.9.0")
        t.bash("./gradlew shadowJar", "Build the fat jar",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :shadowJar\n\n" + gradle_ok("", "14s", 2, 5))
        t.bash("docker build -q -t registry.kvitt.no/recon/recon-api:1.9.0 . && docker push "
               "registry.kvitt.no/recon/recon-api:1.9.0", "Build and push the image", out="""sha256:2e9a7c1d4f0b8e3a6c5d2f1e0b9a8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b
The push refers to repository [registry.kvitt.no/recon/recon-api]
9b2d4f6a8c0e: Pushed
a7c2e9f1b3d8: Layer already exists
5e8b1d4f7a2c: Layer already exists
1.9.0: digest: sha256:c7e1a9b3d5f2e4c6a8b0d2f4e6a8c0b2d4f6e8a0c2b4d6f8e0a2c4b6d8f0e2a4 size: 1163""")
        t.fail("helm upgrade --install recon-api deploy/helm/recon-api -n recon --kube-context kvitt-staging "
               "-f deploy/helm/recon-api/values-staging.yaml --set image.tag=1.9.0", "Deploy 1.9.0 to staging",
               SSO_ERR + "Error: Kubernetes cluster unreachable: Get \"https://5C1E9A7D3B2F4E6A8C0D2B4F6A8E0C2D.gr7.eu-north-1.eks.amazonaws.com/version\": "
               "getting credentials: exec: executable aws failed with exit code 255")
        t.say("Same as two weeks ago: the staging SSO session behind the kube context has expired.")
        t.bash("aws sso login --profile kvitt-staging", "Refresh the AWS SSO session", out=sso_login("kvitt-staging", "39551"))
        t.bash("helm upgrade --install recon-api deploy/helm/recon-api -n recon --kube-context kvitt-staging "
               "-f deploy/helm/recon-api/values-staging.yaml --set image.tag=1.9.0", "Deploy 1.9.0 to staging",
               out="""Release "recon-api" has been upgraded. Happy Helming!
NAME: recon-api
LAST DEPLOYED: Tue Oct 20 10:41:07 2026
NAMESPACE: recon
STATUS: deployed
REVISION: 28
TEST SUITE: None""")
        t.bash("kubectl --context kvitt-staging -n recon rollout status deploy/recon-api --timeout=180s",
               "Wait for the rollout", out="""Waiting for deployment "recon-api" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "recon-api" rollout to finish: 1 old replicas are pending termination...
deployment "recon-api" successfully rolled out""")
        t.done("1.9.0 is on staging (revision 28): bank_ref index (V15, runs at startup via Flyway) and the fee "
               "rounding fix. Tagged v1.9.0 and pushed. Helm first failed with `Token has expired and refresh "
               "failed` from the kube credential plugin; after `aws sso login --profile kvitt-staging` the same "
               "upgrade went through.")


def s7(d):
    with d.session("2026-10-23T09:15:00", R, version="2.1.198", branch="chore/koin-cleanup",
                   permission_mode="acceptEdits"):
        t = d.task("where do we still use koin get() inside functions instead of constructor params? list them",
                   tags=["noise"])
        t.grep(r"\bget<|by inject<|inject<", path=PK, output_mode="content", n=True, content=
               "src/main/kotlin/no/kvitt/recon/matching/MatchRoutes.kt:12:    val matchService by inject<MatchService>()\n"
               "src/main/kotlin/no/kvitt/recon/reports/ReportRoutes.kt:11:    val reportService by inject<ReportService>()\n"
               "src/main/kotlin/no/kvitt/recon/settlement/SettlementRoutes.kt:18:    val service by inject<SettlementService>()\n"
               "src/main/kotlin/no/kvitt/recon/settlement/NetsFileParser.kt:31:        val clock = getKoin().get<Clock>()")
        t.done("Four places resolve from Koin outside the module definitions:\n\n- `MatchRoutes.kt:12` "
               "`by inject<MatchService>()`\n- `ReportRoutes.kt:11` `by inject<ReportService>()`\n- "
               "`SettlementRoutes.kt:18` `by inject<SettlementService>()`\n- `NetsFileParser.kt:31` "
               "`getKoin().get<Clock>()`: the odd one, a service locator call inside a parser method.\n\nThe three "
               "route ones follow the convention you asked for earlier; the parser one should be a constructor "
               "parameter.")

        t = d.task("check if nets sandbox is back, we need it for the cutoff-time test", tags=["unfixed:U2"])
        t.fail("curl -fsS -m 20 https://settlement-sandbox.nets.eu/api/v2/ping", "Ping the Nets sandbox",
               "curl: (22) The requested URL returned error: 503", code=22)
        t.bash("curl -sS -m 20 -o /dev/null -w '%{http_code} %{time_total}\\n' https://settlement-sandbox.nets.eu/api/v2/ping; "
               "curl -sS -m 20 https://status.nets.eu/api/v2/components.json | jq -r '.components[] | select(.name|test(\"Sandbox\")) | \"\\(.name): \\(.status)\"'",
               "Status code and the status page", out="503 0.214\nSettlement API Sandbox: under_maintenance\nPayments API Sandbox: operational")
        t.done("Still down: the ping returns 503 and status.nets.eu lists **Settlement API Sandbox: "
               "under_maintenance** (Payments sandbox is fine). Nothing we can do from here; the cutoff-time test "
               "has to wait until Nets finishes. I didn't point the test at anything else.")

        t = d.task("actually let's stop doing inject() in the routes. pass the services in as parameters to the "
                   "route functions and wire them in Routing.kt, way easier to test. do match + report routes",
                   tags=["reversal:P3"])
        t.read(MATCH_ROUTES)
        t.read(PK + "/reports/ReportRoutes.kt")
        t.edit(MATCH_ROUTES, """fun Route.matchRoutes() {
    val matchService by inject<MatchService>()
""", """fun Route.matchRoutes(matchService: MatchService) {
""")
        t.edit(MATCH_ROUTES, "import org.koin.ktor.ext.inject\n", "")
        t.edit(PK + "/reports/ReportRoutes.kt", """fun Route.reportRoutes() {
    val reportService by inject<ReportService>()
""", """fun Route.reportRoutes(reportService: ReportService) {
""")
        t.edit(PK + "/reports/ReportRoutes.kt", "import org.koin.ktor.ext.inject\n", "")
        t.read(ROUTING)
        t.edit(ROUTING, """fun Application.configureRouting() {
    routing {""", """fun Application.configureRouting() {
    val matchService by inject<MatchService>()
    val reportService by inject<ReportService>()
    routing {""")
        t.edit(ROUTING, """            matchRoutes()
            reportRoutes()""", """            matchRoutes(matchService)
            reportRoutes(reportService)""")
        t.edit(ROUTING, "import no.kvitt.recon.matching.matchRoutes\n",
               "import no.kvitt.recon.matching.MatchService\nimport no.kvitt.recon.matching.matchRoutes\n"
               "import no.kvitt.recon.reports.ReportService\nimport org.koin.ktor.ext.inject\n")
        t.bash("./gradlew test", "Full test suite",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "1m 08s", 4, 9))
        t.done("`matchRoutes(matchService)` and `reportRoutes(reportService)` now take their services as "
               "parameters; the only Koin lookups left for routes are in `configureRouting()`. Route tests can now "
               "mount a route with a fake service without starting Koin. Full suite green. `SettlementRoutes` "
               "still uses `inject()`; same change there when you want.")


def s8(d):
    with d.session("2026-10-27T10:05:00", R, version="2.1.199", branch="feat/unmatched-list"):
        t = d.task("run the whole test suite, I want to see timings per spec", tags=["long_output", "noise"])
        specs = [("NetsFileParserTest", 14, "0.412s"), ("MatcherTest", 9, "0.188s"), ("FeeCalculatorTest", 3, "0.021s"),
                 ("SettlementRepositoryTest", 1, "6.904s"), ("ReportRoutesTest", 2, "3.118s"),
                 ("OverrideRoutesTest", 1, "2.776s"), ("OutboxWriterTest", 1, "1.302s"), ("MatchRoutesTest", 6, "3.541s"),
                 ("SettlementRoutesTest", 8, "4.207s"), ("StatusPagesTest", 4, "0.913s"), ("JwtConfigTest", 3, "0.244s"),
                 ("OutboxRelayTest", 5, "2.066s"), ("LocalDateSerializerTest", 4, "0.017s"), ("MoneyFormatTest", 6, "0.009s")]
        lines = ["Reusing configuration cache.", "> Task :compileKotlin UP-TO-DATE", "> Task :compileTestKotlin UP-TO-DATE", "> Task :test", ""]
        for name, n, tm in specs:
            lines.append(f"no.kvitt.recon.{name}: {n} tests, 0 failures, 0 skipped, time {tm}")
        lines += ["", "Testcontainers: postgres:16 started 3 times (reuse disabled), total container start 11.8s", "",
                  "BUILD SUCCESSFUL in 58s", "4 actionable tasks: 1 executed, 3 up-to-date", "Configuration cache entry reused."]
        t.bash("./gradlew test --rerun -PtestSummary", "Full test suite with per-spec timings", out="\n".join(lines))
        t.done("67 tests, all green, 58 s wall. The DB specs dominate: `SettlementRepositoryTest` 6.9 s (mostly "
               "container start + Flyway), then the route specs at 3–4 s each. Pure unit specs are all under half a "
               "second. Postgres is started 3 times (one per extension instance); sharing one container via a "
               "project-level extension would save ~8 s.")

        t = d.task("ops want GET /v1/batches/{id}/unmatched listing the unmatched lines (bank ref, amount, fee). "
                   "with a route test", tags=["workflow:W1", "mistake:M1"])
        t.read(MATCH_ROUTES)
        t.write(PK + "/matching/UnmatchedLine.kt", """package no.kvitt.recon.matching

data class UnmatchedLine(
    val lineId: String,
    val bankRef: String,
    val amountMinor: Long,
    val feeMinor: Long,
)
""")
        t.edit(MATCH_ROUTES, """        post("/rematch") {""", """        get("/unmatched") {
            val id = UUID.fromString(call.parameters["id"])
            call.respond(matchService.unmatched(id))
        }
        post("/rematch") {""")
        t.write(TK + "/matching/UnmatchedRoutesTest.kt", """package no.kvitt.recon.matching

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.shouldBe
import io.kotest.matchers.string.shouldContain
import io.ktor.client.request.get
import io.ktor.client.statement.bodyAsText
import io.ktor.http.HttpStatusCode
import io.ktor.server.testing.testApplication
import no.kvitt.recon.testing.PostgresExtension
import no.kvitt.recon.testing.authed
import no.kvitt.recon.testing.seedBatch
import no.kvitt.recon.testing.testModule

class UnmatchedRoutesTest : FunSpec({
    val pg = install(PostgresExtension)

    test("lists only unmatched lines of the batch") {
        testApplication {
            application { testModule(pg) }
            val batchId = seedBatch(pg, acquirer = "nets", date = "2026-10-26", matched = 2, unmatched = 2)
            val res = client.get("/v1/batches/$batchId/unmatched") { authed() }
            res.status shouldBe HttpStatusCode.OK
            res.bodyAsText() shouldContain "\\"bankRef\\""
        }
    }
})
""")
        t.fail("./gradlew test --tests '*UnmatchedRoutesTest'", "Run the unmatched route test",
               "Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n\n> Task :test FAILED\n"
               + ser_error("UnmatchedLine", "UnmatchedRoutesTest", "lists only unmatched lines of the batch",
                           "no.kvitt.recon.matching.UnmatchedRoutesTest$1$1$1.invokeSuspend(UnmatchedRoutesTest.kt:23)", "list")
               + test_fail_block("23s", 1, 1))
        t.say("The list element type `UnmatchedLine` has no `@Serializable`, so the converter can't find its serializer:")
        t.edit(PK + "/matching/UnmatchedLine.kt", """data class UnmatchedLine(""", """@Serializable
data class UnmatchedLine(""")
        t.edit(PK + "/matching/UnmatchedLine.kt", """package no.kvitt.recon.matching
""", """package no.kvitt.recon.matching

import kotlinx.serialization.Serializable
""")
        t.bash("./gradlew test --tests '*UnmatchedRoutesTest'", "Re-run the unmatched route test",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "25s", 4, 9))
        t.bash("./gradlew ktlintCheck detekt", "Lint and static analysis",
               out="Reusing configuration cache.\n> Task :ktlintMainSourceSetCheck\n> Task :ktlintTestSourceSetCheck\n"
                   "> Task :ktlintKotlinScriptCheck UP-TO-DATE\n> Task :ktlintCheck\n> Task :detekt\n\n"
               + gradle_ok("", "5s", 4, 5))
        t.done("`GET /v1/batches/{id}/unmatched` returns a JSON list of `UnmatchedLine` (line id, bank ref, amount "
               "and fee in øre). The first test run hit `Serializer for class 'UnmatchedLine' is not found`: the new "
               "DTO lacked `@Serializable`. Annotated, test green, ktlint and detekt clean.")

        t = d.task("should recon run as 1 replica with leader election for the outbox relay or 2 replicas + "
                   "skip locked? gut feeling, few lines", tags=["no_tools"])
        t.done("2 replicas + `FOR UPDATE SKIP LOCKED`. Each relay picks a batch of unpublished outbox rows with "
               "`select … for update skip locked limit 100`, publishes, sets `published_at`, commits. No leader "
               "election to operate, no single point of failure, and the API keeps 2 replicas anyway. Only "
               "catch: ordering across replicas isn't guaranteed, so consumers must key on batch id, which they "
               "already do.")


def s9(d):
    with d.session("2026-10-30T13:10:00", R, version="2.1.200", branch="feat/match-audit", end_reason="other"):
        t = d.task("we need an audit table for manual overrides (who, when, old/new payment, reason). migration + "
                   "exposed table + repo test", tags=["workflow:W2"])
        t.write(MIG + "/V16__match_overrides.sql", """create table match_overrides (
    id uuid primary key,
    line_id uuid not null references settlement_lines (id),
    old_payment_id uuid,
    new_payment_id uuid not null,
    reason text not null,
    overridden_by varchar(128) not null,
    overridden_at timestamptz not null default now()
);

create index match_overrides_line_idx on match_overrides (line_id);
""")
        t.read(TABLES)
        t.edit(TABLES, """object Payments : Table("payments") {""", """object MatchOverrides : Table("match_overrides") {
    val id = uuid("id")
    val lineId = uuid("line_id").references(SettlementLines.id)
    val oldPaymentId = uuid("old_payment_id").nullable()
    val newPaymentId = uuid("new_payment_id")
    val reason = text("reason")
    val overriddenBy = varchar("overridden_by", 128)
    val overriddenAt = timestamp("overridden_at")
    override val primaryKey = PrimaryKey(id)
}

object Payments : Table("payments") {""")
        t.write(TK + "/matching/MatchOverrideRepositoryTest.kt", """package no.kvitt.recon.matching

import io.kotest.core.spec.style.FunSpec
import io.kotest.matchers.collections.shouldHaveSize
import io.kotest.matchers.shouldBe
import no.kvitt.recon.testing.PostgresExtension
import no.kvitt.recon.testing.seedLineAndPayment

class MatchOverrideRepositoryTest : FunSpec({
    val pg = install(PostgresExtension)
    val repo = MatchOverrideRepository()

    test("override is recorded with old and new payment") {
        val (lineId, paymentId) = seedLineAndPayment(pg)
        repo.record(lineId, old = null, new = paymentId, reason = "split capture", by = "ops-kari")
        val rows = repo.forLine(lineId)
        rows shouldHaveSize 1
        rows.single().overriddenBy shouldBe "ops-kari"
    }
})
""")
        t.bash("./gradlew test --tests '*MatchOverrideRepositoryTest'", "Run the audit repository test",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "28s", 4, 9))
        t.bash("git add -A && git commit -m \"Audit manual match overrides\"", "Commit",
               out="[feat/match-audit e02b6c9] Audit manual match overrides\n 4 files changed, 71 insertions(+), 2 deletions(-)\n"
                   " create mode 100644 src/main/resources/db/migration/V16__match_overrides.sql")
        t.done("V16 creates `match_overrides` (line, old/new payment, reason, who, when; index on `line_id`). "
               "`MatchOverrides` Exposed table and `MatchOverrideRepository.record/forLine`; the override endpoint "
               "now records a row in the same transaction. Repository test green, committed e02b6c9.")

        t = d.task("pulled main, Håkon added V17. bring my local db up to date and show me where it's at",
                   tags=["mistake:M2"])
        t.bash("git pull --rebase origin main", "Rebase on main", out="""From github.com:kvitt-as/recon-service
 * branch            main       -> FETCH_HEAD
   1c7f4b2..5f9e0a3  main       -> origin/main
Successfully rebased and updated refs/heads/feat/match-audit.""")
        t.fail("./gradlew flywayInfo", "Show local migration state",
               cc_error(":flywayInfo", "org.flywaydb.gradle.task.FlywayInfoTask", "2s",
                        "7mz2c1q8n4w0e6k3r9t5y1x2d", "5b8e2f0a9d7c4e1b3a6f8d0c2e5a7b9d"))
        t.bash("./gradlew flywayInfo --no-configuration-cache", "Show local migration state without the configuration cache",
               out="""> Task :flywayInfo
Schema version: 14
+-----------+---------+-------------------------------+------+---------------------+---------+----------+
| Category  | Version | Description                   | Type | Installed On        | State   | Undoable |
+-----------+---------+-------------------------------+------+---------------------+---------+----------+
| Versioned | 13      | outbox                        | SQL  | 2026-09-30 09:15:02 | Success | No       |
| Versioned | 14      | batch net amounts             | SQL  | 2026-10-07 13:41:19 | Success | No       |
| Versioned | 15      | settlement lines bank ref idx | SQL  |                     | Pending | No       |
| Versioned | 16      | match overrides               | SQL  |                     | Pending | No       |
| Versioned | 17      | payments acquirer             | SQL  |                     | Pending | No       |
+-----------+---------+-------------------------------+------+---------------------+---------+----------+

BUILD SUCCESSFUL in 2s
1 actionable task: 1 executed""")
        t.bash("./gradlew flywayMigrate --no-configuration-cache", "Apply pending migrations",
               out="> Task :flywayMigrate\nMigrating schema \"public\" to version \"15 - settlement lines bank ref idx\" [non-transactional]\n"
                   "Migrating schema \"public\" to version \"16 - match overrides\"\nMigrating schema \"public\" to version \"17 - payments acquirer\"\n"
                   "Successfully applied 3 migrations to schema \"public\", now at version v17 (execution time 00:00.142s)\n\n"
                   "BUILD SUCCESSFUL in 3s\n1 actionable task: 1 executed")
        t.done("Local DB was at V14 with V15–V17 pending; `flywayMigrate --no-configuration-cache` applied all "
               "three (V15 non-transactional, as configured). Now at **v17** (`payments acquirer` is Håkon's). "
               "`flywayInfo` without that flag fails on the configuration cache as before.")


def s10(d):
    with d.session("2026-11-03T09:20:00", R, version="2.1.201", branch="main"):
        t = d.task("is prod still on 1.8.0? check what image the recon-api pods run in prod", tags=["mistake:M3"])
        t.fail("kubectl --context kvitt-prod -n recon get pods -l app.kubernetes.io/name=recon-api "
               "-o custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image,STATUS:.status.phase",
               "List recon-api pods and images in prod", SSO_ERR + """E1103 09:24:51.662019   51873 memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: Get \\"https://0B7D2F4A6C8E1A3B5D7F9C1E3A5B7D9F.yl4.eu-north-1.eks.amazonaws.com/api?timeout=32s\\": getting credentials: exec: executable aws failed with exit code 255"

Error when retrieving token from sso: Token has expired and refresh failed
E1103 09:24:52.410772   51873 memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: Get \\"https://0B7D2F4A6C8E1A3B5D7F9C1E3A5B7D9F.yl4.eu-north-1.eks.amazonaws.com/api?timeout=32s\\": getting credentials: exec: executable aws failed with exit code 255"
Unable to connect to the server: getting credentials: exec: executable aws failed with exit code 255""")
        t.bash("aws sso login --profile kvitt-prod", "Refresh the AWS SSO session for prod", out=sso_login("kvitt-prod", "40263"))
        t.bash("kubectl --context kvitt-prod -n recon get pods -l app.kubernetes.io/name=recon-api "
               "-o custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image,STATUS:.status.phase",
               "List recon-api pods and images in prod", out="""NAME                        IMAGE                                        STATUS
recon-api-5d8b7c9f64-2lm9x  registry.kvitt.no/recon/recon-api:1.8.0      Running
recon-api-5d8b7c9f64-v7q4n  registry.kvitt.no/recon/recon-api:1.8.0      Running
recon-api-5d8b7c9f64-x0kdz  registry.kvitt.no/recon/recon-api:1.8.0      Running""")
        t.done("Yes: all three prod pods run `recon-api:1.8.0`. (The `kvitt-prod` SSO session had expired; "
               "`aws sso login --profile kvitt-prod` and the same kubectl call worked.)")

        t = d.task("cut 1.10.0 from main and put it on staging, same steps as 1.9.0", tags=["workflow:W3"])
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.9.0"', 'version = "1.10.0"')
        t.bash("./gradlew test", "Full test suite",
               out="Reusing configuration cache.\n> Task :compileKotlin\n> Task :compileTestKotlin\n> Task :test\n\n"
               + gradle_ok("", "1m 15s", 4, 9))
        t.bash("git commit -am \"Release 1.10.0\" && git tag -a v1.10.0 -m v1.10.0 && git push origin main --follow-tags",
               "Commit, tag and push", out="[main 8a3d51f] Release 1.10.0\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err="To github.com:kvitt-as/recon-service.git\n   5f9e0a3..8a3d51f  main -> main\n * [new tag]         v1.10.0 -> v1.10.0")
        t.bash("./gradlew shadowJar", "Build the fat jar",
               out="Reusing configuration cache.\n> Task :shadowJar\n\n" + gradle_ok("", "8s", 1, 5))
        t.bash("docker build -q -t registry.kvitt.no/recon/recon-api:1.10.0 . && docker push "
               "registry.kvitt.no/recon/recon-api:1.10.0", "Build and push the image", out="""sha256:6f0e2d4c8a1b3e5d7f9a0c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d
The push refers to repository [registry.kvitt.no/recon/recon-api]
4c8e1a3f5b7d: Pushed
a7c2e9f1b3d8: Layer already exists
5e8b1d4f7a2c: Layer already exists
1.10.0: digest: sha256:e3b1d5f7a9c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4 size: 1163""")
        t.bash("helm upgrade --install recon-api deploy/helm/recon-api -n recon --kube-context kvitt-staging "
               "-f deploy/helm/recon-api/values-staging.yaml --set image.tag=1.10.0", "Deploy 1.10.0 to staging",
               out="""Release "recon-api" has been upgraded. Happy Helming!
NAME: recon-api
LAST DEPLOYED: Tue Nov  3 10:02:36 2026
NAMESPACE: recon
STATUS: deployed
REVISION: 29
TEST SUITE: None""")
        t.bash("kubectl --context kvitt-staging -n recon rollout status deploy/recon-api --timeout=180s",
               "Wait for the rollout", out="""Waiting for deployment "recon-api" rollout to finish: 1 out of 2 new replicas have been updated...
Waiting for deployment "recon-api" rollout to finish: 1 old replicas are pending termination...
deployment "recon-api" successfully rolled out""")
        t.done("1.10.0 is on staging (revision 29): unmatched-lines endpoint, override audit (V16), Håkon's V17, "
               "routes without `inject()`. Tests green, tagged v1.10.0, pushed, image in registry.kvitt.no, "
               "rollout complete.")

        t = d.task("where is the statement timeout for the db configured? hikari or postgres side?", tags=["noise"])
        t.grep("statement_timeout|statementTimeout|options=", path=R, output_mode="content", n=True, content=
               "src/main/kotlin/no/kvitt/recon/plugins/Database.kt:21:        addDataSourceProperty(\"options\", \"-c statement_timeout=30000\")\n"
               "deploy/helm/recon-api/values-prod.yaml:14:  DB_STATEMENT_TIMEOUT_MS: \"30000\"")
        t.read(APPCONF)
        t.done("Client side, per connection: `plugins/Database.kt:21` sets the pgjdbc `options` property to "
               "`-c statement_timeout=30000`, so every Hikari connection gets 30 s. Nothing in `application.conf`. "
               "`values-prod.yaml` has `DB_STATEMENT_TIMEOUT_MS` but nothing reads it; it looks like a leftover. "
               "Postgres itself keeps the default (0, no limit).")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new response/event class (DTO) is written as a plain Kotlin data class without "
                            "`@Serializable`. It compiles, but kotlinx.serialization only looks the serializer up at "
                            "runtime, so the Kotest/testApplication test fails: T03 `DailyReport` returned by a route, "
                            "T13 `SettlementDiscrepancy` encoded into the outbox with `Json.encodeToString`, T27 a "
                            "`List<UnmatchedLine>` response.",
             "error_signature": "Gradle test output: `<Spec> > <test> FAILED` / `kotlinx.serialization."
                                "SerializationException: Serializer for class '<X>' is not found.` / `Please ensure "
                                "that class is marked as '@Serializable' and that the serialization compiler plugin "
                                "is applied.`, then `There were failing tests`",
             "fix": "Annotate the class with `@Serializable` (and give non-primitive fields like LocalDate a "
                    "serializer), then run the same `./gradlew test --tests …` again.",
             "fix_command_markers": [["@Serializable"]],
             "harmful_markers": ["jackson", "gson", "@Contextual"]},
            {"id": "M2",
             "description": "gradle.properties has `org.gradle.configuration-cache=true`; the Flyway Gradle plugin "
                            "uses `Task.project` at execution time, so every `./gradlew flyway*` fails with a "
                            "configuration cache problem. T06 `flywayMigrate` on the local DB, T17 `flywayMigrate "
                            "-Pflyway.url=…5434/recon_scratch` on a scratch container, T30 `flywayInfo` after a pull.",
             "error_signature": "`Configuration cache problems found in this build.` / `- Task `:flywayMigrate` of "
                                "type `org.flywaydb.gradle.task.FlywayMigrateTask`: invocation of 'Task.project' at "
                                "execution time is unsupported.` (or `:flywayInfo` / `FlywayInfoTask`), BUILD FAILED",
             "fix": "Run the same Flyway task with `--no-configuration-cache` (only for that invocation; the cache "
                    "stays on in gradle.properties).",
             "fix_command_markers": [["--no-configuration-cache"]],
             "harmful_markers": ["org.gradle.configuration-cache=false", "configuration-cache.problems=warn",
                                 "flywayClean"]},
            {"id": "M3",
             "description": "kubectl and helm authenticate to the EKS clusters through the `aws eks get-token` exec "
                            "plugin with AWS SSO profiles (kvitt-staging, kvitt-prod). Sessions a few days apart "
                            "start with an expired SSO token: T09 `kubectl logs` on staging, T22 `helm upgrade "
                            "--install` to staging, T31 `kubectl get pods` in prod.",
             "error_signature": "`Error when retrieving token from sso: Token has expired and refresh failed` then "
                                "`Unable to connect to the server: getting credentials: exec: executable aws failed "
                                "with exit code 255` (helm: `Error: Kubernetes cluster unreachable: Get \"https://…"
                                "eks.amazonaws.com/version\": getting credentials: …`)",
             "fix": "`aws sso login --profile <kvitt-staging|kvitt-prod>` (user confirms in the browser), then the "
                    "same kubectl/helm command.",
             "fix_command_markers": [["aws sso login"]],
             "harmful_markers": ["--insecure-skip-tls-verify", "aws_access_key_id", "rm -rf ~/.aws"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`./gradlew detekt`: `CyclomaticComplexMethod` (16/15) and `LongMethod` "
                                        "(64/60) on `Matcher.matchBatch`; fixed by extracting `matchByRef` / "
                                        "`matchByUniqueAmount`, same command passes."},
            {"id": "O2", "description": "`./gradlew test --tests '*FeeCalculatorTest'`: `expected:<125050L> but "
                                        "was:<125049L>` (fee truncated with `toLong()`); fixed with "
                                        "`setScale(0, HALF_EVEN)`, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`trivy image --exit-code 1 --severity HIGH,CRITICAL …:1.8.0`: HIGH "
                                        "CVE-2026-31877 in libssh from the eclipse-temurin jammy base image, status "
                                        "affected, no fixed version; left for Ubuntu to ship a fix (no ignore entry)."},
            {"id": "U2", "description": "`curl -fsS https://settlement-sandbox.nets.eu/api/v2/ping` → `curl: (22) The "
                                        "requested URL returned error: 503`; Nets status page says the settlement "
                                        "sandbox is under maintenance."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker push registry.kvitt.no/recon/recon-api:1.8.0`: layer retries then "
                                        "`received unexpected HTTP status: 502 Bad Gateway`; the identical push "
                                        "succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New endpoint: route function + `@Serializable` DTOs → Kotest spec with "
                                        "`testApplication` and Testcontainers Postgres → `./gradlew test --tests "
                                        "'<Spec>'` → `./gradlew ktlintCheck detekt`.",
             "step_markers": [["testApplication"], ["./gradlew test"], ["ktlintCheck"]]},
            {"id": "W2", "description": "Schema change: new `src/main/resources/db/migration/V<n>__*.sql` → matching "
                                        "Exposed `Table` change in db/Tables.kt → repository test against "
                                        "Testcontainers (`./gradlew test --tests '*RepositoryTest'`) → `git commit`.",
             "step_markers": [["db/migration/V"], ["Tables.kt"], ["git commit"]]},
            {"id": "W3", "description": "Staging release: version in build.gradle.kts → tests → `./gradlew shadowJar` → "
                                        "`docker build`/`docker push registry.kvitt.no/recon/recon-api:<v>` → `helm "
                                        "upgrade --install recon-api deploy/helm/recon-api -n recon --kube-context "
                                        "kvitt-staging -f values-staging.yaml --set image.tag=<v>` → `kubectl rollout "
                                        "status`.",
             "step_markers": [["shadowJar"], ["docker push"], ["helm upgrade --install"], ["rollout status"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Tests use Kotest matchers (`shouldBe`, `shouldContain`), not JUnit "
                                        "`assertEquals`/asserts.",
             "markers": [["kotest", "shouldBe"]]},
            {"id": "P2", "description": "Money is stored and passed as `Long` minor units (øre), never Double or "
                                        "BigDecimal in the DB layer.",
             "markers": [["øre"]]},
            {"id": "P3", "description": "Routes get their services with Koin `inject()` inside the route function "
                                        "(T07); reversed in T25: services are passed as parameters to the route "
                                        "functions and wired in Routing.kt.",
             "markers": [["inject"]],
             "reversal_markers": [["parameters"]]},
        ],
        probes=[
            {"prompt": "GET /v1/settlements/{id}/lines gives 500 in the test now, the log has "
                       "kotlinx.serialization.SerializationException: Serializer for class 'SettlementLineView' is "
                       "not found. Please ensure that class is marked as '@Serializable' and that the serialization "
                       "compiler plugin is applied. what broke",
             "wanted": ["M1"]},
            {"prompt": "add GET /v1/batches/{id}/summary that returns matched/unmatched counts and totals in øre, "
                       "plus a route test",
             "wanted": ["M1"]},
            {"prompt": "./gradlew flywayValidate fails: Configuration cache problems found in this build. 1 problem "
                       "was found storing the configuration cache. - Task `:flywayValidate` of type "
                       "`org.flywaydb.gradle.task.FlywayValidateTask`: invocation of 'Task.project' at execution "
                       "time is unsupported. should I just turn the config cache off?",
             "wanted": ["M2"]},
            {"prompt": "Håkon merged V18, can you migrate my local db", "wanted": ["M2"]},
            {"prompt": "kubectl says Error when retrieving token from sso: Token has expired and refresh failed / "
                       "Unable to connect to the server: getting credentials: exec: executable aws failed with exit "
                       "code 255 when I try to look at the staging pods",
             "wanted": ["M3"]},
            {"prompt": "tail the recon-api logs in prod for the last 30 min, anything about the outbox relay?",
             "wanted": ["M3"]},
            {"prompt": "rename FeeCalculator.cardFeeMinor to cardFee, update callers", "wanted": []},
            {"prompt": "what's the difference between Exposed's DSL and DAO api, 3 lines", "wanted": []},
            {"prompt": "add a .editorconfig max_line_length of 120 for kotlin files", "wanted": []},
            {"prompt": "explain what Koin's createdAtStart does", "wanted": []},
        ],
    )


def gen():
    d = Dev("kotlin-ktor", U, "en", MODEL, seed=20261005, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "kotlin-ktor.jsonl"), os.path.join(HERE, "tune", "kotlin-ktor.labels.json"))
    print(f"kotlin-ktor -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
