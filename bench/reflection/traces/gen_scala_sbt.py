"""scala-sbt: Declan, backend/data engineer on Fernhill Energy's meter data platform (Scala 3 + sbt).

Stack: sbt 1.11 multi-project build `meterflow` — core (Scala 3 domain + vulcan Avro codecs), ingest (fs2-kafka
consumer/producer, doobie/Postgres, http4s ember health server, cats-effect IO), api (http4s + circe), tools (CLI
helpers), it (munit-cats-effect integration tests against the docker compose stack: Confluent Kafka in KRaft mode,
Schema Registry, Postgres), jobs (Spark 3.5 batch jobs on Scala 2.12 because EMR 7 runs Spark 3.5 / Scala 2.12,
sbt-assembly fat jar, ScalaTest legacy tests + munit). scalafmt, scalafix, sbt-updates, Metals/Bloop. EMR on AWS via
the aws CLI, GitHub + gh. Local Spark runs through `make spark-local`.

Written blind for fresh/ (see scala-sbt.md); measured once held out (round 7), then moved to tune/.

    cd bench/reflection/traces && python3 gen_scala_sbt.py && python3 check.py
"""
import datetime as _dt
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "declan"
R = "/home/declan/code/meterflow"
MODEL = "claude-opus-4-6"
GH = "https://github.com/fernhill-energy/meterflow"
HOST_IP = "192.168.1.42"
SPARK4 = "/home/declan/opt/spark-4.0.1-bin-hadoop3"
STG_CLUSTER = "j-3KX2Q8V7ZQ1BN"
PROD_CLUSTER = "j-1Y7M0R4E2HX9C"
ARTIFACTS = "s3://fernhill-meterflow-artifacts"
LAKE_STG = "s3://fernhill-meterflow-lake-staging"
ACCOUNT_STG = "402918337615"
ACCOUNT_PROD = "731942586201"
MSK_PROD = "b-1.meterflowprod.x7k2pq.c3.kafka.eu-west-1.amazonaws.com:9096"

# own RNG for hashes / ids / timings so the Dev RNG stays untouched
HX = random.Random(31337)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def up(n):
    return "".join(HX.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def wait(d, secs):
    """A long-running command: move the fake clock on."""
    d.clock += _dt.timedelta(seconds=secs)


def stamp(d, secs=0):
    c = d.clock + _dt.timedelta(seconds=secs)
    h = c.hour % 12 or 12
    return f"{c.strftime('%b')} {c.day}, {c.year}, {h}:{c.strftime('%M:%S')} {'AM' if c.hour < 12 else 'PM'}"


def slog(d, secs=0):
    """Spark/log4j2 default timestamp."""
    c = d.clock + _dt.timedelta(seconds=secs)
    return c.strftime("%y/%m/%d %H:%M:%S")


def hms(t):
    """logback %d{HH:mm:ss.SSS}"""
    return t.strftime("%H:%M:%S.") + f"{t.microsecond // 1000:03d}"


def total(secs):
    if secs <= 60:
        return f"{secs} s"
    return f"{secs} s ({secs // 60:02d}:{secs % 60:02d})"


SBT_BOOT = f"""[info] welcome to sbt 1.11.7 (Eclipse Adoptium Java 17.0.16)
[info] loading global plugins from /home/declan/.sbt/1.0/plugins
[info] loading settings for project meterflow-build from metals.sbt,plugins.sbt...
[info] loading project definition from {R}/project
[info] loading settings for project root from build.sbt...
[info] set current project to meterflow (in build file:{R}/)"""


def sbt_ok(d, body, secs):
    return SBT_BOOT + ("\n" + body.strip("\n") if body else "") + \
        f"\n[success] Total time: {total(secs)}, completed {stamp(d, secs)}"


def sbt_fail(d, body, key, msg, secs):
    return SBT_BOOT + "\n" + body.strip("\n") + \
        f"\n[error] ({key}) {msg}\n[error] Total time: {total(secs)}, completed {stamp(d, secs)}"


def compiling(mod, n, test=False, scala="3.3.6"):
    where = "test-classes" if test else "classes"
    return f"[info] compiling {n} Scala source{'s' if n != 1 else ''} to {R}/{mod}/target/scala-{scala}/{where} ..."


def munit_suite(name, tests):
    """tests: list of (title, seconds) -> passing munit block."""
    out = [f"{name}:"]
    for title, s in tests:
        out.append(f"  + {title} {s}")
    return "\n".join(out)


def passed(n):
    return f"[info] Passed: Total {n}, Failed 0, Errors 0, Passed {n}"


def failed_summary(total_n, failed_n, suites):
    out = [f"[error] Failed: Total {total_n}, Failed {failed_n}, Errors 0, Passed {total_n - failed_n}",
           "[error] Failed tests:"]
    out += [f"[error] \t{s}" for s in suites]
    return "\n".join(out)


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      {GH}/pull/new/{branch}        
remote: 
To github.com:fernhill-energy/meterflow.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


# ---------------------------------------------------------------- Avro schema text (as vulcan renders it)
def avro_schema(name, fields, ns="com.fernhill.meterflow.events"):
    fs = []
    for f in fields:
        fname, ftype = f[0], f[1]
        ent = {"name": fname, "type": ftype}
        if len(f) > 2:
            ent["default"] = f[2]
        fs.append(ent)
    return json.dumps({"type": "record", "name": name, "namespace": ns, "fields": fs}, separators=(",", ":"))


TS = {"type": "long", "logicalType": "timestamp-millis"}
READING_FIELDS = [("meterId", "string"), ("registerId", "string"), ("intervalStart", TS),
                  ("intervalMinutes", "int"), ("importWh", "long"), ("exportWh", "long"),
                  ("quality", "string"), ("receivedAt", TS)]
DEVICE_FIELDS = [("meterId", "string"), ("status", "string"), ("signalDbm", ["null", "int"]),
                 ("batteryPct", ["null", "int"]), ("reportedAt", TS)]


def incompatible(subject, field, idx, old_version, old_schema):
    return (f"Schema being registered is incompatible with an earlier schema for subject \"{subject}\", details: "
            f"[{{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field '{field}' at path "
            f"'/fields/{idx}' in the new schema has no default value and is missing in the old schema', "
            f"additionalInfo:'{field}'}}, {{oldSchemaVersion: {old_version}}}, {{oldSchema: '{old_schema}'}}, "
            f"{{validateFields: 'false', compatibility: 'BACKWARD'}}]; error code: 409")


SERDE_FRAMES = """	at io.confluent.kafka.serializers.AbstractKafkaSchemaSerDe.toKafkaException(AbstractKafkaSchemaSerDe.java:820)
	at io.confluent.kafka.serializers.AbstractKafkaAvroSerializer.serializeImpl(AbstractKafkaAvroSerializer.java:181)
	at io.confluent.kafka.serializers.KafkaAvroSerializer.serialize(KafkaAvroSerializer.java:68)
	at fs2.kafka.vulcan.AvroSerializer$.$anonfun$forValue$3(AvroSerializer.scala:52)
	at fs2.kafka.GenericSerializer$$anon$1.serialize(Serializer.scala:121)
	at fs2.kafka.KafkaProducer$.serializeToBytes(KafkaProducer.scala:236)
	at fs2.kafka.KafkaProducer$.$anonfun$produceRecord$1(KafkaProducer.scala:196)
	at flatMap @ fs2.kafka.KafkaProducer$.produceRecord(KafkaProducer.scala:196)"""

REST_FRAMES = """	at io.confluent.kafka.schemaregistry.client.rest.RestService.sendHttpRequest(RestService.java:336)
	at io.confluent.kafka.schemaregistry.client.rest.RestService.httpRequest(RestService.java:409)
	at io.confluent.kafka.schemaregistry.client.rest.RestService.registerSchema(RestService.java:604)
	at io.confluent.kafka.schemaregistry.client.CachedSchemaRegistryClient.registerAndGetId(CachedSchemaRegistryClient.java:343)
	at io.confluent.kafka.schemaregistry.client.CachedSchemaRegistryClient.register(CachedSchemaRegistryClient.java:488)
	at io.confluent.kafka.serializers.AbstractKafkaAvroSerializer.serializeImpl(AbstractKafkaAvroSerializer.java:128)"""

SUBMIT_FRAMES = """	at java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
	at java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:77)
	at java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)
	at java.base/java.lang.reflect.Method.invoke(Method.java:569)
	at org.apache.spark.deploy.JavaMainApplication.start(SparkApplication.scala:52)
	at org.apache.spark.deploy.SparkSubmit.org$apache$spark$deploy$SparkSubmit$$runMain(SparkSubmit.scala:1027)
	at org.apache.spark.deploy.SparkSubmit.doRunMain$1(SparkSubmit.scala:204)
	at org.apache.spark.deploy.SparkSubmit.submit(SparkSubmit.scala:227)
	at org.apache.spark.deploy.SparkSubmit.doSubmit(SparkSubmit.scala:96)
	at org.apache.spark.deploy.SparkSubmit$$anon$2.doSubmit(SparkSubmit.scala:1132)
	at org.apache.spark.deploy.SparkSubmit$.main(SparkSubmit.scala:1141)
	at org.apache.spark.deploy.SparkSubmit.main(SparkSubmit.scala)"""


def assembly_out(d, compiled, secs):
    body = ""
    if compiled:
        body += compiling("jobs", compiled, scala="2.12") + "\n"
    body += f"""[info] 1 file(s) merged using strategy 'Rename' (Run the task at debug level to see the details)
[info] 3 file(s) merged using strategy 'First' (Run the task at debug level to see the details)
[info] 418 file(s) merged using strategy 'Discard' (Run the task at debug level to see the details)
[info] Built: {R}/jobs/target/scala-2.12/meterflow-jobs-assembly.jar
[info] Jar hash: {hx(40)}"""
    return sbt_ok(d, body, secs)


def spark_shutdown(d, secs, tmpdirs=1):
    out = [f"{slog(d, secs)} INFO ShutdownHookManager: Shutdown hook called"]
    for _ in range(tmpdirs):
        out.append(f"{slog(d, secs)} INFO ShutdownHookManager: Deleting directory /tmp/spark-{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}")
    return "\n".join(out)


def spark_ctx_start(d, version, app, secs=1):
    t = slog(d, secs)
    return f"""{t} WARN Utils: Your hostname, declan-xps13 resolves to a loopback address: 127.0.1.1; using {HOST_IP} instead (on interface wlp0s20f3)
{t} WARN Utils: Set SPARK_LOCAL_IP if you need to bind to another address
{t} INFO SparkContext: Running Spark version {version}
{t} INFO SparkContext: OS info Linux, 6.8.0-85-generic, amd64
{t} INFO SparkContext: Java version 17.0.16
{t} INFO ResourceUtils: ==============================================================
{t} INFO ResourceUtils: No custom resources configured for spark.driver.
{t} INFO ResourceUtils: ==============================================================
{t} INFO SparkContext: Submitted application: {app}
{t} INFO SecurityManager: Changing view acls to: declan
{t} INFO SecurityManager: Changing modify acls to: declan
{t} INFO Utils: Successfully started service 'sparkDriver' on port {HX.randint(33000, 45000)}.
{t} INFO SparkEnv: Registering MapOutputTracker
{t} INFO SparkEnv: Registering BlockManagerMaster
{t} INFO MemoryStore: MemoryStore started with capacity 2.2 GiB
{t} INFO Utils: Successfully started service 'SparkUI' on port 4040.
{t} INFO Executor: Starting executor ID driver on host {HOST_IP}
{t} INFO Utils: Successfully started service 'org.apache.spark.network.netty.NettyBlockTransferService' on port {HX.randint(33000, 45000)}.
{t} INFO BlockManagerMaster: Registered BlockManager BlockManagerId(driver, {HOST_IP}, {HX.randint(33000, 45000)}, None)
{t} INFO SharedState: Setting hive.metastore.warehouse.dir ('null') to the value of spark.sql.warehouse.dir.
{t} INFO SharedState: Warehouse path is 'file:{R}/spark-warehouse'."""


def spark_ctx_stop(d, secs):
    t = slog(d, secs)
    return f"""{t} INFO SparkContext: SparkContext is stopping with exitCode 0.
{t} INFO SparkUI: Stopped Spark web UI at http://{HOST_IP}:4040
{t} INFO MapOutputTrackerMasterEndpoint: MapOutputTrackerMasterEndpoint stopped!
{t} INFO MemoryStore: MemoryStore cleared
{t} INFO BlockManager: BlockManager stopped
{t} INFO BlockManagerMaster: BlockManagerMaster stopped
{t} INFO OutputCommitCoordinator$OutputCommitCoordinatorEndpoint: OutputCommitCoordinator stopped!
{t} INFO SparkContext: Successfully stopped SparkContext"""


def submit_line(spark_home, job, args):
    return (f"{spark_home}/bin/spark-submit --master 'local[*]' --driver-memory 4g --conf spark.sql.session.timeZone=UTC "
            f"--class com.fernhill.meterflow.jobs.{job} jobs/target/scala-2.12/meterflow-jobs-assembly.jar {args}")


SPARK4_VERSION = r"""WARNING: Using incubator modules: jdk.incubator.vector
Welcome to
      ____              __
     / __/__  ___ _____/ /__
    _\ \/ _ \/ _ `/ __/  '_/
   /___/ .__/\_,_/_/ /_/\_\   version 4.0.1
      /_/
                        
Using Scala version 2.13.16, OpenJDK 64-Bit Server VM, 17.0.16
Branch HEAD
Compiled by user runner on 2025-09-02T11:40:57Z
Revision 29434ea766b14b7b4d1fa3db6d4b31dfbba45fb0
Url https://github.com/apache/spark
Type --help for more information."""


FILES = {
    P("build.sbt"): """import Dependencies._

ThisBuild / organization := "com.fernhill"
ThisBuild / scalaVersion := "3.3.6"
ThisBuild / semanticdbEnabled := true
ThisBuild / semanticdbVersion := scalafixSemanticdb.revision
ThisBuild / resolvers += "confluent" at "https://packages.confluent.io/maven/"

// `it` is not aggregated: run `sbt it/test` with the compose stack up (make up)
lazy val root = project
  .in(file("."))
  .aggregate(core, ingest, api, tools, jobs)
  .settings(
    name := "meterflow",
    publish / skip := true
  )

lazy val core = project
  .settings(
    name := "meterflow-core",
    libraryDependencies ++= Seq(catsCore, vulcan, munit % Test)
  )

lazy val ingest = project
  .dependsOn(core)
  .settings(
    name := "meterflow-ingest",
    libraryDependencies ++= fs2Kafka ++ http4sServer ++ doobie ++ logging ++ Seq(
      circeCore,
      circeParser,
      pureconfig,
      munit % Test,
      munitCatsEffect % Test
    ),
    run / fork := true,
    assembly / mainClass := Some("com.fernhill.meterflow.ingest.IngestApp"),
    assembly / assemblyJarName := "meterflow-ingest.jar",
    assembly / assemblyMergeStrategy := {
      case PathList("META-INF", "versions", _, "module-info.class") => MergeStrategy.discard
      case "module-info.class"                                      => MergeStrategy.discard
      case x =>
        val oldStrategy = (assembly / assemblyMergeStrategy).value
        oldStrategy(x)
    }
  )

lazy val api = project
  .dependsOn(core)
  .settings(
    name := "meterflow-api",
    libraryDependencies ++= http4sServer ++ doobie ++ logging ++ Seq(
      circeCore,
      circeGeneric,
      pureconfig,
      munit % Test,
      munitCatsEffect % Test
    ),
    run / fork := true
  )

lazy val tools = project
  .dependsOn(core, ingest)
  .settings(
    name := "meterflow-tools",
    libraryDependencies ++= Seq(decline, munit % Test),
    Compile / run / mainClass := Some("com.fernhill.meterflow.tools.Main"),
    run / fork := true,
    publish / skip := true
  )

// integration tests against the docker compose stack (make up)
lazy val it = project
  .dependsOn(ingest % "compile->compile;test->test", tools)
  .settings(
    name := "meterflow-it",
    publish / skip := true,
    libraryDependencies ++= Seq(munit % Test, munitCatsEffect % Test),
    Test / fork := true,
    Test / parallelExecution := false
  )

// EMR 7.x runs Spark 3.5 built for Scala 2.12, so the jobs stay on 2.12 and share no code with the Scala 3 modules.
lazy val jobs = project
  .settings(
    name := "meterflow-jobs",
    scalaVersion := "2.12.20",
    libraryDependencies ++= spark.map(_ % Provided) ++ Seq(scalatest % Test, munit % Test),
    Test / fork := true,
    Test / javaOptions ++= Seq(
      "-Xmx2g",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "-Duser.timezone=UTC"
    ),
    assembly / assemblyJarName := "meterflow-jobs-assembly.jar",
    assemblyPackageScala / assembleArtifact := false
  )
""",
    P("project/Dependencies.scala"): """import sbt._

object Dependencies {

  object V {
    val cats            = "2.13.0"
    val catsEffect      = "3.6.3"
    val fs2Kafka        = "3.9.0"
    val vulcan          = "1.12.0"
    val http4s          = "0.23.31"
    val doobie          = "1.0.0-RC10"
    val circe           = "0.14.14"
    val log4cats        = "2.7.1"
    val logback         = "1.5.18"
    val pureconfig      = "0.17.9"
    val decline         = "2.5.0"
    val munit           = "1.2.0"
    val munitCatsEffect = "2.1.0"
    val spark           = "3.5.5"
    val scalatest       = "3.2.19"
  }

  val catsCore = "org.typelevel" %% "cats-core" % V.cats
  val vulcan   = "com.github.fd4s" %% "vulcan" % V.vulcan

  val fs2Kafka = Seq(
    "com.github.fd4s" %% "fs2-kafka"        % V.fs2Kafka,
    "com.github.fd4s" %% "fs2-kafka-vulcan" % V.fs2Kafka
  )

  val http4sServer = Seq(
    "org.http4s" %% "http4s-ember-server" % V.http4s,
    "org.http4s" %% "http4s-dsl"          % V.http4s,
    "org.http4s" %% "http4s-circe"        % V.http4s
  )

  val doobie = Seq(
    "org.tpolecat" %% "doobie-core"     % V.doobie,
    "org.tpolecat" %% "doobie-hikari"   % V.doobie,
    "org.tpolecat" %% "doobie-postgres" % V.doobie
  )

  val circeCore    = "io.circe" %% "circe-core"    % V.circe
  val circeGeneric = "io.circe" %% "circe-generic" % V.circe
  val circeParser  = "io.circe" %% "circe-parser"  % V.circe

  val logging = Seq(
    "org.typelevel"  %% "log4cats-slf4j"  % V.log4cats,
    "ch.qos.logback"  % "logback-classic" % V.logback
  )

  val pureconfig = "com.github.pureconfig" %% "pureconfig-core" % V.pureconfig
  val decline    = "com.monovore"          %% "decline-effect"  % V.decline

  val munit           = "org.scalameta" %% "munit"             % V.munit
  val munitCatsEffect = "org.typelevel" %% "munit-cats-effect" % V.munitCatsEffect

  val spark     = Seq("org.apache.spark" %% "spark-sql" % V.spark)
  val scalatest = "org.scalatest" %% "scalatest" % V.scalatest
}
""",
    P("Makefile"): """SHELL := /bin/bash
JOBS_JAR := jobs/target/scala-2.12/meterflow-jobs-assembly.jar

# Local Spark runs must use a Spark 3.5 / Scala 2.12 distribution, the same as EMR 7.x.
# A SPARK_HOME from the environment wins over this default.
SPARK_HOME ?= $(HOME)/opt/spark-3.5.5-bin-hadoop3

.PHONY: up down jobs-jar spark-local

up:
\tdocker compose up -d

down:
\tdocker compose down

jobs-jar:
\tsbt -batch jobs/assembly

# make spark-local JOB=DailyUsageJob ARGS='<job args>'
spark-local: jobs-jar
\t$(SPARK_HOME)/bin/spark-submit --master 'local[*]' --driver-memory 4g --conf spark.sql.session.timeZone=UTC \\
\t  --class com.fernhill.meterflow.jobs.$(JOB) $(JOBS_JAR) $(ARGS)
""",
    P("docker-compose.yml"): """name: meterflow

services:
  kafka:
    image: confluentinc/cp-kafka:7.9.2
    hostname: kafka
    ports:
      - "9092:9092"
    environment:
      KAFKA_NODE_ID: 1
      KAFKA_PROCESS_ROLES: broker,controller
      KAFKA_CONTROLLER_QUORUM_VOTERS: 1@kafka:29093
      KAFKA_LISTENERS: PLAINTEXT://kafka:29092,CONTROLLER://kafka:29093,PLAINTEXT_HOST://0.0.0.0:9092
      KAFKA_ADVERTISED_LISTENERS: PLAINTEXT://kafka:29092,PLAINTEXT_HOST://localhost:9092
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,PLAINTEXT_HOST:PLAINTEXT
      KAFKA_CONTROLLER_LISTENER_NAMES: CONTROLLER
      KAFKA_INTER_BROKER_LISTENER_NAME: PLAINTEXT
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: 1
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: 1
      # same as MSK: topics are created explicitly (docker/kafka/topics.txt here, terraform in AWS)
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: "false"
      CLUSTER_ID: q1Sh-9_ISia_zwGINzRvyQ
    volumes:
      - kafka-data:/var/lib/kafka/data

  # one-shot: creates the topics listed in docker/kafka/topics.txt when the stack comes up
  kafka-init:
    image: confluentinc/cp-kafka:7.9.2
    depends_on: [kafka]
    volumes:
      - ./docker/kafka:/init:ro
    entrypoint: ["/bin/bash", "/init/create-topics.sh"]
    restart: "no"

  schema-registry:
    image: confluentinc/cp-schema-registry:7.9.2
    depends_on: [kafka]
    ports:
      - "8081:8081"
    environment:
      SCHEMA_REGISTRY_HOST_NAME: schema-registry
      SCHEMA_REGISTRY_KAFKASTORE_BOOTSTRAP_SERVERS: kafka:29092
      SCHEMA_REGISTRY_LISTENERS: http://0.0.0.0:8081

  postgres:
    image: postgres:16-alpine
    ports:
      - "5432:5432"
    environment:
      POSTGRES_USER: meterflow
      POSTGRES_PASSWORD: meterflow
      POSTGRES_DB: meterflow
    volumes:
      - pg-data:/var/lib/postgresql/data
      - ./docker/postgres/init:/docker-entrypoint-initdb.d:ro

volumes:
  kafka-data:
  pg-data:
""",
    P("docker/kafka/topics.txt"): """# topic                       partitions  configs (comma separated)
meter.readings.raw.v1         6
meter.readings.enriched.v1    6           retention.ms=604800000
device.status.v1              3           cleanup.policy=compact
""",
    P("core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala"): """package com.fernhill.meterflow.core.events

import cats.syntax.all.*
import vulcan.Codec

import java.time.Instant

/** One validated interval reading, as published on meter.readings.enriched.v1. */
final case class MeterReading(
    meterId: String,
    registerId: String,
    intervalStart: Instant,
    intervalMinutes: Int,
    importWh: Long,
    exportWh: Long,
    quality: String,
    receivedAt: Instant
)

object MeterReading {

  given Codec[MeterReading] = Codec.record(
    name = "MeterReading",
    namespace = "com.fernhill.meterflow.events",
    doc = Some("Validated interval reading from the head-end system")
  ) { field =>
    (
      field("meterId", _.meterId),
      field("registerId", _.registerId),
      field("intervalStart", _.intervalStart),
      field("intervalMinutes", _.intervalMinutes),
      field("importWh", _.importWh),
      field("exportWh", _.exportWh),
      field("quality", _.quality),
      field("receivedAt", _.receivedAt)
    ).mapN(MeterReading.apply)
  }
}
""",
    P("core/src/main/scala/com/fernhill/meterflow/core/events/DeviceStatus.scala"): """package com.fernhill.meterflow.core.events

import cats.syntax.all.*
import vulcan.Codec

import java.time.Instant

/** Latest known state of a meter's comms module, compacted by meterId on device.status.v1. */
final case class DeviceStatus(
    meterId: String,
    status: String,
    signalDbm: Option[Int],
    batteryPct: Option[Int],
    reportedAt: Instant
)

object DeviceStatus {

  given Codec[DeviceStatus] = Codec.record(
    name = "DeviceStatus",
    namespace = "com.fernhill.meterflow.events"
  ) { field =>
    (
      field("meterId", _.meterId),
      field("status", _.status),
      field("signalDbm", _.signalDbm),
      field("batteryPct", _.batteryPct),
      field("reportedAt", _.reportedAt)
    ).mapN(DeviceStatus.apply)
  }
}
""",
    P("ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala"): """package com.fernhill.meterflow.ingest

import com.fernhill.meterflow.core.events.MeterReading
import io.circe.Decoder

import java.time.Instant

/** Reading as sent by the head-end system (JSON on meter.readings.raw.v1). */
final case class RawReading(
    meter: String,
    reg: String,
    start: Instant,
    mins: Int,
    imp: Long,
    exp: Long,
    q: String
) derives Decoder

object RawReading {

  private val validQuality = Set("A", "E", "S")

  def validate(r: RawReading, receivedAt: Instant): Either[String, MeterReading] = {
    if (r.meter.isBlank) Left("empty meter id")
    else if (r.mins != 15 && r.mins != 30) Left(s"unsupported interval length ${r.mins}")
    else if (r.imp < 0 || r.exp < 0) Left(s"negative register value imp=${r.imp} exp=${r.exp}")
    else if (!validQuality(r.q)) Left(s"unknown quality flag ${r.q}")
    else Right(MeterReading(r.meter, r.reg, r.start, r.mins, r.imp, r.exp, r.q, receivedAt))
  }
}
""",
    P("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestConfig.scala"): """package com.fernhill.meterflow.ingest

import cats.effect.IO
import pureconfig.*
import pureconfig.generic.derivation.default.*

import scala.concurrent.duration.FiniteDuration

final case class DbConfig(url: String, user: String, password: String, poolSize: Int) derives ConfigReader

final case class IngestConfig(
    bootstrapServers: String,
    schemaRegistryUrl: String,
    groupId: String,
    rawTopic: String,
    enrichedTopic: String,
    parallelism: Int,
    maxPollRecords: Int,
    commitBatchSize: Int,
    commitInterval: FiniteDuration,
    httpPort: Int,
    db: DbConfig
) derives ConfigReader

object IngestConfig {
  def load: IO[IngestConfig] =
    IO.blocking(ConfigSource.default.at("meterflow.ingest").loadOrThrow[IngestConfig])
}
""",
    P("ingest/src/main/resources/application.conf"): """meterflow.ingest {
  bootstrap-servers = "localhost:9092"
  bootstrap-servers = ${?KAFKA_BOOTSTRAP_SERVERS}
  schema-registry-url = "http://localhost:8081"
  schema-registry-url = ${?SCHEMA_REGISTRY_URL}

  group-id = "meterflow-ingest"
  raw-topic = "meter.readings.raw.v1"
  enriched-topic = "meter.readings.enriched.v1"

  parallelism = 8
  max-poll-records = 1000
  commit-batch-size = 500
  commit-interval = 5 seconds

  http-port = 8080

  db {
    url = "jdbc:postgresql://localhost:5432/meterflow"
    url = ${?DATABASE_URL}
    user = "meterflow"
    user = ${?DATABASE_USER}
    password = "meterflow"
    password = ${?DATABASE_PASSWORD}
    pool-size = 8
  }
}
""",
    P("ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala"): """package com.fernhill.meterflow.ingest

import cats.effect.IO
import cats.syntax.all.*
import com.fernhill.meterflow.core.events.MeterReading
import fs2.kafka.*
import io.circe.parser.decode
import org.typelevel.log4cats.Logger

final class ReadingPipeline(
    cfg: IngestConfig,
    repo: ReadingRepo,
    producer: KafkaProducer[IO, String, MeterReading]
)(using log: Logger[IO]) {

  def stream(consumer: KafkaConsumer[IO, String, String]): fs2.Stream[IO, Unit] =
    consumer.stream
      .mapAsync(cfg.parallelism) { committable =>
        process(committable.record).as(committable.offset)
      }
      .through(commitBatchWithin(cfg.commitBatchSize, cfg.commitInterval))

  private[ingest] def process(record: ConsumerRecord[String, String]): IO[Unit] =
    IO.realTimeInstant.flatMap { now =>
      decode[RawReading](record.value).leftMap(_.getMessage).flatMap(RawReading.validate(_, now)) match {
        case Right(reading) =>
          repo.upsert(reading) *>
            producer.produceOne_(cfg.enrichedTopic, reading.meterId, reading).flatten.void
        case Left(error) =>
          log.warn(s"dropping unreadable reading at ${record.topic}/${record.partition}@${record.offset}: $error")
      }
    }
}
""",
    P("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala"): """package com.fernhill.meterflow.ingest

import cats.effect.{IO, IOApp, Resource}
import cats.syntax.all.*
import com.fernhill.meterflow.core.events.MeterReading
import fs2.kafka.*
import fs2.kafka.vulcan.{avroSerializer, AvroSettings, SchemaRegistryClientSettings}
import org.typelevel.log4cats.Logger
import org.typelevel.log4cats.slf4j.Slf4jLogger

object IngestApp extends IOApp.Simple {

  private given Logger[IO] = Slf4jLogger.getLogger[IO]

  def run: IO[Unit] =
    IngestConfig.load.flatMap { cfg =>
      resources(cfg).use { case (pipeline, consumer) =>
        Logger[IO].info(s"meterflow-ingest started, consuming ${cfg.rawTopic} as ${cfg.groupId}") *>
          (pipeline.stream(consumer).compile.drain, HealthServer.serve(cfg.httpPort).useForever).parTupled.void
      }
    }

  private def resources(cfg: IngestConfig): Resource[IO, (ReadingPipeline, KafkaConsumer[IO, String, String])] = {
    val avro = AvroSettings(SchemaRegistryClientSettings[IO](cfg.schemaRegistryUrl))
    for {
      xa       <- Database.transactor(cfg.db)
      producer <- KafkaProducer.resource(producerSettings(cfg, avro))
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), producer), consumer)
  }

  private def producerSettings(cfg: IngestConfig, avro: AvroSettings[IO]) =
    ProducerSettings(Serializer[IO, String], avroSerializer[MeterReading].forValue(avro))
      .withBootstrapServers(cfg.bootstrapServers)
      .withEnableIdempotence(true)
      .withAcks(Acks.All)

  private def consumerSettings(cfg: IngestConfig) =
    ConsumerSettings[IO, String, String]
      .withBootstrapServers(cfg.bootstrapServers)
      .withGroupId(cfg.groupId)
      .withAutoOffsetReset(AutoOffsetReset.Earliest)
      .withMaxPollRecords(cfg.maxPollRecords)
      .withEnableAutoCommit(false)
}
""",
    P("it/src/test/scala/com/fernhill/meterflow/it/ItKafka.scala"): """package com.fernhill.meterflow.it

import cats.effect.{IO, Resource}
import fs2.kafka.*
import fs2.kafka.vulcan.{avroDeserializer, avroSerializer, AvroSettings, SchemaRegistryClientSettings}
import vulcan.Codec

import scala.concurrent.duration.*

/** Helpers for the integration tests. They expect the compose stack from `make up` on localhost. */
object ItKafka {

  val bootstrap = "localhost:9092"
  val registry  = "http://localhost:8081"

  val avro: AvroSettings[IO] = AvroSettings(SchemaRegistryClientSettings[IO](registry))

  def producer[V: Codec]: Resource[IO, KafkaProducer[IO, String, V]] =
    KafkaProducer.resource(
      ProducerSettings(Serializer[IO, String], avroSerializer[V].forValue(avro))
        .withBootstrapServers(bootstrap)
        // fail fast instead of hanging for a minute when something is off with the local stack
        .withProperty("max.block.ms", "10000")
    )

  val rawProducer: Resource[IO, KafkaProducer[IO, String, String]] =
    KafkaProducer.resource(
      ProducerSettings[IO, String, String]
        .withBootstrapServers(bootstrap)
        .withProperty("max.block.ms", "10000")
    )

  /** Reads from the end of `topic` until `p` matches a record or the timeout hits. */
  def awaitRecord[V: Codec](topic: String, timeout: FiniteDuration = 20.seconds)(p: V => Boolean): IO[V] =
    KafkaConsumer
      .stream(
        ConsumerSettings(Deserializer[IO, String], avroDeserializer[V].forValue(avro))
          .withBootstrapServers(bootstrap)
          .withGroupId(s"it-${java.util.UUID.randomUUID()}")
          .withAutoOffsetReset(AutoOffsetReset.Earliest)
      )
      .subscribeTo(topic)
      .records
      .map(_.record.value)
      .filter(p)
      .head
      .compile
      .lastOrError
      .timeout(timeout)
}
""",
    P("it/src/test/scala/com/fernhill/meterflow/it/EnrichedReadingsIT.scala"): """package com.fernhill.meterflow.it

import cats.effect.IO
import com.fernhill.meterflow.core.events.MeterReading
import com.fernhill.meterflow.ingest.IngestHarness
import munit.CatsEffectSuite

import java.time.Instant
import scala.concurrent.duration.*

class EnrichedReadingsIT extends CatsEffectSuite {

  override val munitIOTimeout: Duration = 60.seconds

  private val harness = ResourceSuiteLocalFixture("ingest", IngestHarness.resource(ItKafka.bootstrap, ItKafka.registry))

  override def munitFixtures = List(harness)

  test("a valid raw reading is stored and published on the enriched topic") {
    val meterId = s"it-${java.util.UUID.randomUUID().toString.take(8)}"
    val start   = Instant.parse("2026-10-12T08:30:00Z")
    val raw     = s\"\"\"{"meter":"$meterId","reg":"1.8.0","start":"$start","mins":30,"imp":412,"exp":0,"q":"A"}\"\"\"
    for {
      _        <- harness().process(raw)
      enriched <- ItKafka.awaitRecord[MeterReading]("meter.readings.enriched.v1")(_.meterId == meterId)
      stored   <- harness().repo.find(meterId, start)
    } yield {
      assertEquals(enriched.importWh, 412L)
      assertEquals(stored.map(_.importWh), Some(412L))
    }
  }

  test("an unreadable raw reading is not published") {
    harness().process(\"\"\"{"meter":"","reg":"1.8.0"}\"\"\").map(result => assertEquals(result, ()))
  }
}
""",
    P("jobs/src/main/scala/com/fernhill/meterflow/jobs/DailyUsageJob.scala"): """package com.fernhill.meterflow.jobs

import org.apache.spark.sql.functions._
import org.apache.spark.sql.{DataFrame, SparkSession}

/** Daily import/export per meter and local (Europe/Dublin) day, from the enriched readings in the lake. */
object DailyUsageJob {

  def main(args: Array[String]): Unit = {
    val Array(input, month, output) = args
    val spark = SparkSession.builder().appName("daily-usage").getOrCreate()
    try {
      val readings = spark.read.parquet(input).where(col("month") === month)
      daily(readings).write
        .mode("overwrite")
        .partitionBy("month")
        .parquet(output)
    } finally spark.stop()
  }

  def daily(readings: DataFrame): DataFrame =
    readings
      .withColumn("usage_date", to_date(from_utc_timestamp(col("interval_start"), "Europe/Dublin")))
      .groupBy("meter_id", "usage_date", "month")
      .agg(
        sum("import_wh").as("import_wh"),
        sum("export_wh").as("export_wh"),
        count(lit(1)).as("intervals")
      )
}
""",
    P("jobs/src/test/scala/com/fernhill/meterflow/jobs/DailyUsageJobSpec.scala"): """package com.fernhill.meterflow.jobs

import org.apache.spark.sql.SparkSession
import org.scalatest.funsuite.AnyFunSuite

import java.sql.Timestamp

class DailyUsageJobSpec extends AnyFunSuite {

  private lazy val spark = SparkSession.builder().master("local[2]").appName("test").getOrCreate()
  import spark.implicits._

  test("sums import and export per meter and local day") {
    val in = Seq(
      ("m1", Timestamp.valueOf("2026-01-10 10:00:00"), 100L, 0L, "2026-01"),
      ("m1", Timestamp.valueOf("2026-01-10 10:30:00"), 150L, 20L, "2026-01"),
      ("m2", Timestamp.valueOf("2026-01-10 10:00:00"), 80L, 0L, "2026-01")
    ).toDF("meter_id", "interval_start", "import_wh", "export_wh", "month")

    val out = DailyUsageJob.daily(in).orderBy("meter_id").collect()

    assert(out.map(_.getAs[String]("meter_id")).toSeq == Seq("m1", "m2"))
    assert(out.head.getAs[Long]("import_wh") == 250L)
    assert(out.head.getAs[Long]("export_wh") == 20L)
  }

  test("puts a summer reading after 23:00 UTC on the next local day") {
    val in = Seq(("m1", Timestamp.valueOf("2026-07-01 23:30:00"), 10L, 0L, "2026-07"))
      .toDF("meter_id", "interval_start", "import_wh", "export_wh", "month")

    val day = DailyUsageJob.daily(in).select("usage_date").as[java.sql.Date].head()

    assert(day.toString == "2026-07-02")
  }
}
""",
    P("jobs/src/main/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJob.scala"): """package com.fernhill.meterflow.jobs

import org.apache.spark.sql.expressions.Window
import org.apache.spark.sql.functions._
import org.apache.spark.sql.{DataFrame, SparkSession}

/** The head-end re-sends readings (late corrections, replays after outages). Keep the latest received version of
  * every interval of one local day and rewrite that day's partition of readings_clean.
  *
  * args: <input> <date yyyy-MM-dd> <output>
  */
object LateReadingsDedupJob {

  def main(args: Array[String]): Unit = {
    val input  = args(0)
    val date   = args(1)
    val output = args(2)
    val spark = SparkSession.builder().appName("late-readings-dedup").getOrCreate()
    try {
      spark.conf.set("spark.sql.sources.partitionOverwriteMode", "dynamic")
      val day = spark.read.parquet(input).where(col("reading_date") === date)
      dedup(day).write.mode("overwrite").partitionBy("reading_date").parquet(output)
    } finally spark.stop()
  }

  def dedup(readings: DataFrame): DataFrame = {
    // one row per meter, register and local interval; the latest received wins
    val keyed = readings.withColumn(
      "interval_key",
      date_format(from_utc_timestamp(col("interval_start"), "Europe/Dublin"), "yyyy-MM-dd HH:mm")
    )
    val latestFirst = Window.partitionBy("meter_id", "register_id", "interval_key").orderBy(col("received_at").desc)
    keyed
      .withColumn("rn", row_number().over(latestFirst))
      .where(col("rn") === 1)
      .drop("rn", "interval_key")
  }
}
""",
    P("tools/src/main/scala/com/fernhill/meterflow/tools/ProduceSample.scala"): """package com.fernhill.meterflow.tools

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.fernhill.meterflow.core.events.MeterReading
import com.monovore.decline.*
import fs2.kafka.*
import fs2.kafka.vulcan.{avroSerializer, AvroSettings, SchemaRegistryClientSettings}

import java.time.temporal.ChronoUnit
import java.time.{Instant, ZoneOffset}
import scala.util.Random

/** `sbt "tools/run produce-sample --count 50"`: fake head-end traffic for the local stack. */
object ProduceSample {

  private val count     = Opts.option[Int]("count", "number of readings").withDefault(50)
  private val malformed = Opts.option[Int]("malformed", "extra unreadable messages").withDefault(0)
  private val enriched  = Opts.flag("enriched", "produce Avro MeterReadings to the enriched topic instead").orFalse
  private val bootstrap = Opts.option[String]("bootstrap", "Kafka bootstrap servers").withDefault("localhost:9092")

  val command: Opts[IO[ExitCode]] =
    Opts.subcommand("produce-sample", "Produce sample meter readings to the local Kafka") {
      (count, malformed, enriched, bootstrap).mapN { (n, bad, avro, servers) =>
        val readings = sample(n)
        val sent =
          if (avro) produceEnriched(servers, readings)
          else produceRaw(servers, readings.map(toRawJson) ++ List.fill(bad)(\"\"\"{"meter":"","oops":true}\"\"\"))
        sent.flatMap(k => IO.println(s"produced $k messages")).as(ExitCode.Success)
      }
    }

  private def sample(n: Int): List[MeterReading] = {
    val rnd   = new Random(42)
    val start = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(1, ChronoUnit.DAYS)
    List.tabulate(n) { i =>
      val meter = f"1${rnd.nextInt(99999)}%05d"
      val at    = start.plus(30L * (i % 48), ChronoUnit.MINUTES)
      MeterReading(meter, "1.8.0", at, 30, 100L + rnd.nextInt(900), 0L, "A", Instant.now())
    }
  }

  private def toRawJson(r: MeterReading): String =
    s\"\"\"{"meter":"${r.meterId}","reg":"${r.registerId}","start":"${r.intervalStart.atOffset(ZoneOffset.UTC)}","mins":${r.intervalMinutes},"imp":${r.importWh},"exp":${r.exportWh},"q":"${r.quality}"}\"\"\"

  private def produceRaw(servers: String, msgs: List[String]): IO[Int] =
    KafkaProducer
      .resource(ProducerSettings[IO, String, String].withBootstrapServers(servers))
      .use(p => msgs.traverse_(m => p.produceOne_("meter.readings.raw.v1", "sample", m).flatten).as(msgs.size))

  private def produceEnriched(servers: String, rs: List[MeterReading]): IO[Int] = {
    val avro = AvroSettings(SchemaRegistryClientSettings[IO]("http://localhost:8081"))
    KafkaProducer
      .resource(
        ProducerSettings(Serializer[IO, String], avroSerializer[MeterReading].forValue(avro))
          .withBootstrapServers(servers)
      )
      .use(p => rs.traverse_(r => p.produceOne_("meter.readings.enriched.v1", r.meterId, r).flatten).as(rs.size))
  }
}
""",
    P("scripts/schema-compat.sh"): """#!/usr/bin/env bash
# Checks the Avro schemas of this checkout against a Schema Registry (BACKWARD compatibility of every subject).
# CI runs it against staging before merge. Usage: scripts/schema-compat.sh [local|staging]
set -euo pipefail

case "${1:-local}" in
  local)   REGISTRY=http://localhost:8081 ;;
  staging) REGISTRY=https://schema-registry.stg.meterflow.fernhill.internal ;;
  *) echo "usage: $0 [local|staging]" >&2; exit 2 ;;
esac

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sbt -batch -error "tools/runMain com.fernhill.meterflow.tools.PrintSchemas $out"

fail=0
for f in "$out"/*.avsc; do
  subject=$(basename "$f" .avsc)
  echo "checking $subject against $REGISTRY ..."
  body=$(jq -n --rawfile s "$f" '{schema: $s}')
  res=$(curl -sS -X POST -H 'Content-Type: application/vnd.schemaregistry.v1+json' \\
    --data "$body" "$REGISTRY/compatibility/subjects/$subject/versions/latest?verbose=true")
  echo "$res"
  if [ "$(jq -r .is_compatible <<<"$res")" != "true" ]; then fail=$((fail + 1)); fi
done

if [ "$fail" -gt 0 ]; then
  echo "FAIL: $fail subject(s) not compatible with $REGISTRY" >&2
  exit 1
fi
echo "all subjects compatible"
""",
    P(".scalafmt.conf"): """version = 3.9.9
runner.dialect = scala3
maxColumn = 120
align.preset = more
rewrite.rules = [Imports, RedundantBraces, SortModifiers]
rewrite.imports.sort = scalastyle
rewrite.scala3.convertToNewSyntax = true
docstrings.style = Asterisk

fileOverride {
  "glob:**/jobs/**" {
    runner.dialect = scala212
  }
}
""",
    P("api/src/main/scala/com/fernhill/meterflow/api/ApiServer.scala"): """package com.fernhill.meterflow.api

import cats.effect.{IO, Resource}
import cats.syntax.all.*
import com.comcast.ip4s.*
import doobie.Transactor
import org.http4s.ember.server.EmberServerBuilder
import org.http4s.server.Server
import org.http4s.server.middleware.{Logger => HttpLogger}

object ApiServer {

  def resource(port: Port, xa: Transactor[IO]): Resource[IO, Server] = {
    val routes =
      new UsageRoutes(new UsageRepo(xa)).routes <+>
        new HealthRoutes(xa).routes

    EmberServerBuilder
      .default[IO]
      .withHost(ipv4"0.0.0.0")
      .withPort(port)
      .withHttpApp(HttpLogger.httpApp(logHeaders = false, logBody = false)(routes.orNotFound))
      .build
  }
}
""",
}

FILES.update({
    P("ingest/src/test/scala/com/fernhill/meterflow/ingest/IngestHarness.scala"): """package com.fernhill.meterflow.ingest

import cats.effect.{IO, Resource}
import com.fernhill.meterflow.core.events.MeterReading
import fs2.kafka.*
import fs2.kafka.vulcan.{avroSerializer, AvroSettings, SchemaRegistryClientSettings}
import org.typelevel.log4cats.Logger
import org.typelevel.log4cats.noop.NoOpLogger

/** Runs single raw messages through the real pipeline against the local stack (used by the it project). */
final class IngestHarness(val pipeline: ReadingPipeline, val repo: ReadingRepo) {
  def process(rawJson: String): IO[Unit] =
    pipeline.process(ConsumerRecord("meter.readings.raw.v1", 0, 0L, "it", rawJson))
}

object IngestHarness {

  private given Logger[IO] = NoOpLogger[IO]

  def resource(bootstrap: String, registry: String): Resource[IO, IngestHarness] = {
    val avro = AvroSettings(SchemaRegistryClientSettings[IO](registry))
    val cfg  = TestConfig.ingest(bootstrap, registry)
    for {
      xa <- Database.transactor(cfg.db)
      producer <- KafkaProducer.resource(
        ProducerSettings(Serializer[IO, String], avroSerializer[MeterReading].forValue(avro))
          .withBootstrapServers(bootstrap)
          .withProperty("max.block.ms", "10000")
      )
      repo = new ReadingRepo(xa)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, producer), repo)
  }
}
""",
    P("ingest/src/test/scala/com/fernhill/meterflow/ingest/RawReadingSuite.scala"): """package com.fernhill.meterflow.ingest

import io.circe.parser.decode
import munit.FunSuite

import java.time.Instant

class RawReadingSuite extends FunSuite {

  private val now = Instant.parse("2026-10-12T09:00:00Z")

  private def raw(json: String): RawReading = decode[RawReading](json).fold(throw _, identity)

  test("decodes a head-end reading") {
    val r = raw(\"\"\"{"meter":"100234","reg":"1.8.0","start":"2026-10-12T08:30:00Z","mins":30,"imp":412,"exp":0,"q":"A"}\"\"\")
    assertEquals(RawReading.validate(r, now).map(_.importWh), Right(412L))
  }

  test("rejects an unsupported interval length") {
    val r = raw(\"\"\"{"meter":"100234","reg":"1.8.0","start":"2026-10-12T08:30:00Z","mins":60,"imp":412,"exp":0,"q":"A"}\"\"\")
    assertEquals(RawReading.validate(r, now), Left("unsupported interval length 60"))
  }

  test("rejects a negative register value") {
    val r = raw(\"\"\"{"meter":"100234","reg":"1.8.0","start":"2026-10-12T08:30:00Z","mins":30,"imp":-1,"exp":0,"q":"A"}\"\"\")
    assert(RawReading.validate(r, now).isLeft)
  }

  test("rejects an unknown quality flag") {
    val r = raw(\"\"\"{"meter":"100234","reg":"1.8.0","start":"2026-10-12T08:30:00Z","mins":30,"imp":1,"exp":0,"q":"X"}\"\"\")
    assertEquals(RawReading.validate(r, now), Left("unknown quality flag X"))
  }
}
""",
    P("ingest/src/main/scala/com/fernhill/meterflow/ingest/DeviceStatusPipeline.scala"): """package com.fernhill.meterflow.ingest

import cats.effect.IO
import com.fernhill.meterflow.core.events.DeviceStatus
import fs2.kafka.*
import io.circe.Decoder
import io.circe.parser.decode
import org.typelevel.log4cats.Logger

import java.time.Instant

/** Status message as sent by the head-end on meter.status.raw.v1. */
final case class RawStatus(meter: String, state: String, rssi: Option[Int], batt: Option[Int], at: Instant)
    derives Decoder

final class DeviceStatusPipeline(topic: String, producer: KafkaProducer[IO, String, DeviceStatus])(using
    log: Logger[IO]
) {

  def process(record: ConsumerRecord[String, String]): IO[Unit] =
    decode[RawStatus](record.value) match {
      case Right(raw) => producer.produceOne_(topic, raw.meter, DeviceStatusPipeline.toEvent(raw)).flatten.void
      case Left(err)  => log.warn(s"unreadable status message at offset ${record.offset}: ${err.getMessage}")
    }
}

object DeviceStatusPipeline {
  def toEvent(r: RawStatus): DeviceStatus =
    DeviceStatus(r.meter, r.state.toUpperCase, r.rssi, r.batt, r.at)
}
""",
    P("docker/postgres/init/001_schema.sql"): """create table readings (
  meter_id        text        not null,
  register_id     text        not null,
  interval_start  timestamptz not null,
  interval_minutes int        not null,
  import_wh       bigint      not null,
  export_wh       bigint      not null,
  quality         char(1)     not null,
  received_at     timestamptz not null,
  primary key (meter_id, register_id, interval_start)
);

create table meter_tariffs (
  meter_id    text        not null,
  tariff_code text        not null,
  valid_from  timestamptz not null,
  valid_to    timestamptz,
  primary key (meter_id, valid_from)
);

-- filled nightly from the daily_usage lake table (30-day average of daily import)
create table meter_baselines (
  meter_id         text   primary key,
  avg_daily_wh     bigint not null,
  days             int    not null,
  computed_at      timestamptz not null
);
""",
    P("data/tariffs/2026-11.csv"): """tariff_code,name,unit_rate_day_c,unit_rate_night_c,unit_rate_peak_c,standing_charge_c_day,valid_from
STD-24,Standard 24h,31.42,31.42,31.42,67.53,2026-11-01
DN-24,Day/Night,33.10,17.85,33.10,72.19,2026-11-01
SMART-TOU,Smart time-of-use,32.64,18.20,39.95,72.19,2026-11-01
EV-NIGHT,EV night boost,34.02,9.87,34.02,72.19,2026-11-01
STD-24-BIZ,Business standard,29.95,29.95,29.95,94.10,2026-11-01
DN-24-BIZ,Business day/night,31.88,16.74,31.88,98.35,2026-11-01
SMART-TOU-BIZ,Business time-of-use,31.20,17.05,38.60,98.35,2026-11-01
GREEN-24,Green standard,32.95,32.95,32.95,67.53,2026-11-01
GREEN-DN,Green day/night,34.60,18.90,34.60,72.19,2026-11-01
PAYG-24,Pay as you go,30.88,30.88,30.88,61.07,2026-11-01
PAYG-DN,Pay as you go day/night,32.50,17.40,32.50,65.22,2026-11-01
MICROGEN-EXP,Microgeneration export,0,0,0,0,2026-11-01
HOSP-24,Hospitality standard,28.70,28.70,28.70,101.45,2026-11-01
FARM-DN,Farm day/night,30.15,15.98,30.15,88.12,2026-11-01
""",
})


def line_of(d, path, needle):
    lines = d.files[path].split("\n")
    return next(i for i, l in enumerate(lines, 1) if needle in l)


def duck(cols, types, rows):
    """duckdb CLI box rendering."""
    w = []
    for i, c in enumerate(cols):
        w.append(max([len(c), len(types[i])] + [len(str(r[i])) for r in rows]))
    def cell(v, i, center=False):
        s = str(v)
        if center:
            return s.center(w[i])
        return s.rjust(w[i]) if isinstance(v, (int, float)) else s.ljust(w[i])
    top = "┌" + "┬".join("─" * (x + 2) for x in w) + "┐"
    mid = "├" + "┼".join("─" * (x + 2) for x in w) + "┤"
    bot = "└" + "┴".join("─" * (x + 2) for x in w) + "┘"
    out = [top,
           "│" + "│".join(" " + cell(c, i, True) + " " for i, c in enumerate(cols)) + "│",
           "│" + "│".join(" " + cell(t, i, True) + " " for i, t in enumerate(types)) + "│",
           mid]
    for r in rows:
        out.append("│" + "│".join(" " + cell(v, i) + " " for i, v in enumerate(r)) + "│")
    out.append(bot)
    return "\n".join(out)


def compose_ps(uptime):
    return f"""NAME                          IMAGE                                   COMMAND                  SERVICE           CREATED       STATUS          PORTS
meterflow-kafka-1             confluentinc/cp-kafka:7.9.2             "/etc/confluent/dock…"   kafka             5 weeks ago   Up {uptime}   0.0.0.0:9092->9092/tcp, [::]:9092->9092/tcp
meterflow-postgres-1          postgres:16-alpine                      "docker-entrypoint.s…"   postgres          5 weeks ago   Up {uptime}   0.0.0.0:5432->5432/tcp, [::]:5432->5432/tcp
meterflow-schema-registry-1   confluentinc/cp-schema-registry:7.9.2   "/etc/confluent/dock…"   schema-registry   5 weeks ago   Up {uptime}   0.0.0.0:8081->8081/tcp, [::]:8081->8081/tcp"""


COMPOSE_START = """ Container meterflow-postgres-1  Starting
 Container meterflow-kafka-1  Starting
 Container meterflow-postgres-1  Started
 Container meterflow-kafka-1  Started
 Container meterflow-kafka-init-1  Starting
 Container meterflow-schema-registry-1  Starting
 Container meterflow-kafka-init-1  Started
 Container meterflow-schema-registry-1  Started"""

COMPOSE_RUNNING = """ Container meterflow-postgres-1  Running
 Container meterflow-kafka-1  Running
 Container meterflow-schema-registry-1  Running
 Container meterflow-kafka-init-1  Starting
 Container meterflow-kafka-init-1  Started"""


def ingest_log(d, extra_topics=()):
    c = d.clock
    t = lambda s: hms(c + _dt.timedelta(seconds=s, milliseconds=HX.randint(0, 400)))
    parts = ", ".join(f"meter.readings.raw.v1-{i}" for i in range(6))
    return f"""[info] running (fork) com.fernhill.meterflow.ingest.IngestApp 
[info] {t(31)} [io-compute-3] INFO  c.f.meterflow.ingest.IngestApp - meterflow-ingest started, consuming meter.readings.raw.v1 as meterflow-ingest
[info] {t(31.5)} [io-compute-blocker-5] INFO  org.http4s.ember.server.EmberServerBuilderCompanionPlatform - Ember-Server service bound to address: [::]:8080
[info] {t(34)} [io-compute-blocker-2] INFO  o.a.k.c.c.internals.ConsumerCoordinator - [Consumer clientId=consumer-meterflow-ingest-1, groupId=meterflow-ingest] Adding newly assigned partitions: {parts}"""


def kcat_reading(meter, start_ms, imp, recv_ms, tariff=None, estimated=None):
    s = (f'{{"meterId": "{meter}", "registerId": "1.8.0", "intervalStart": {start_ms}, "intervalMinutes": 30, '
         f'"importWh": {imp}, "exportWh": 0, "quality": "A", "receivedAt": {recv_ms}')
    if tariff is not None:
        s += ', "tariffCode": ' + ('null' if tariff == "" else f'{{"string": "{tariff}"}}')
    if estimated is not None:
        s += f', "estimated": {"true" if estimated else "false"}'
    return s + "}"


def gen():
    d = Dev("scala-sbt", U, "en", MODEL, seed=20261012, files=FILES)

    # ============================================================ S1  Mon 10-12
    with d.session("2026-10-12T09:10:00", R, branch="main", version="2.1.118"):
        t = d.task("first week on the ingest side after Ronan left. walk me through how a raw head-end reading gets "
                   "from kafka into postgres and onto the enriched topic — which files, what happens when a message "
                   "is garbage, when offsets get committed", tags=["noise"])
        t.glob("**/src/main/scala/**/*.scala", [P(x) for x in [
            "api/src/main/scala/com/fernhill/meterflow/api/ApiServer.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/HealthRoutes.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/UsageRepo.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/UsageRoutes.scala",
            "core/src/main/scala/com/fernhill/meterflow/core/events/DeviceStatus.scala",
            "core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/Database.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/DeviceStatusPipeline.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/HealthServer.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestConfig.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala",
            "ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala",
            "jobs/src/main/scala/com/fernhill/meterflow/jobs/DailyUsageJob.scala",
            "jobs/src/main/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJob.scala",
            "tools/src/main/scala/com/fernhill/meterflow/tools/Main.scala",
            "tools/src/main/scala/com/fernhill/meterflow/tools/PrintSchemas.scala",
            "tools/src/main/scala/com/fernhill/meterflow/tools/ProduceSample.scala"]])
        t.read(P("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala"))
        t.read(P("ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala"))
        t.read(P("ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala"))
        t.read(P("core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala"))
        t.grep("def upsert", output_mode="content", path=P("ingest/src/main/scala"), n=True, A=8, content=
               f"""{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala:14:  def upsert(r: MeterReading): IO[Unit] =
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala-15-    sql\"\"\"insert into readings (meter_id, register_id, interval_start, interval_minutes, import_wh, export_wh, quality, received_at)
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala-16-          values (${{r.meterId}}, ${{r.registerId}}, ${{r.intervalStart}}, ${{r.intervalMinutes}}, ${{r.importWh}}, ${{r.exportWh}}, ${{r.quality}}, ${{r.receivedAt}})
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala-17-          on conflict (meter_id, register_id, interval_start) do update
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala-18-            set import_wh = excluded.import_wh, export_wh = excluded.export_wh,
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala-19-                quality = excluded.quality, received_at = excluded.received_at
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingRepo.scala-20-          where readings.received_at <= excluded.received_at\"\"\".update.run.transact(xa).void""")
        t.done("""The whole path is three files: `IngestApp` wires things, `ReadingPipeline` does the work, `RawReading` is the head-end format.

**Wiring** — `ingest/.../IngestApp.scala`
- Loads `meterflow.ingest` from `application.conf` (pureconfig), builds a Hikari/doobie transactor, an fs2-kafka producer with the vulcan Avro serializer for `MeterReading` (schema auto-registered in the registry on first send), and a consumer subscribed to `meter.readings.raw.v1` as group `meterflow-ingest`.
- Consumer: `enable.auto.commit=false`, `auto.offset.reset=earliest`, `max.poll.records` from config (1000).
- Runs the pipeline stream and the ember health server (`:8080`) side by side with `parTupled`.

**Per message** — `ReadingPipeline.process`
1. circe-decodes the JSON into `RawReading` (`meter`, `reg`, `start`, `mins`, `imp`, `exp`, `q`).
2. `RawReading.validate`: non-empty meter id, 15/30-minute intervals, non-negative registers, quality `A`/`E`/`S` → `MeterReading`.
3. `ReadingRepo.upsert` — `insert … on conflict (meter_id, register_id, interval_start) do update … where readings.received_at <= excluded.received_at`, so a late re-send only overwrites an older version.
4. Produces the `MeterReading` to `meter.readings.enriched.v1`, keyed by meter id, and waits for the ack (`produceOne_(…).flatten`).

**Garbage**: a decode or validation failure is only logged (`log.warn("dropping unreadable reading at topic/partition@offset …")`) and its offset is still committed. It's gone — nothing keeps the original bytes.

**Offsets**: `mapAsync(parallelism = 8)` keeps order of the emitted offsets, and `commitBatchWithin(500, 5 seconds)` commits whichever comes first. A message's offset is only committed after both the DB write and the Kafka ack, so a crash means re-processing (at-least-once) — safe for the DB because of the upsert, but the enriched topic can get duplicates.

Worth knowing: the upsert and the produce aren't atomic; if the produce fails after the DB write the stream fails, the consumer restarts from the last committed batch and both steps run again.""")

        t = d.task("fs2-kafka question: commitBatchWithin vs committing each offset as we go — what's the actual "
                   "tradeoff at ~3k msgs/s across 6 partitions? ronan left a comment saying 'don't touch the batch "
                   "size' and nothing else", tags=["noise", "no_tools"])
        t.done("""At 3k msgs/s, committing per message would mean ~3k `commitAsync` calls per second, each an OffsetCommit request to the group coordinator. The broker can take it, but the consumer spends its time on commit round-trips and you lose throughput for no gain — Kafka offsets are a high-water mark per partition, so committing offset 1000 already covers 1–999.

`commitBatchWithin(500, 5.seconds)` groups offsets into one commit per batch: whichever hits first, 500 offsets or 5 s. At your rate that's ~6 commits/s in total, which is nothing.

What the batch size actually trades:
- **Re-processing after a crash**: at most one batch (≤500 messages or ≤5 s of traffic) per restart is processed twice. Your pipeline is idempotent on the DB side (upsert with the `received_at` guard), and the enriched topic gets a few duplicates — downstream has to tolerate those anyway because the producer isn't transactional.
- **Rebalance cost**: on a rebalance, uncommitted work in the current batch is redone by whoever gets the partition.
- **Latency of the committed position** (consumer-lag dashboards look a few seconds behind).

So Ronan's comment probably means: smaller batches buy you nothing you need, bigger ones increase duplicates after deploys (every deploy is a rebalance). 500 / 5 s is a sensible middle. I'd only touch it if you move to exactly-once (transactional producer + `sendOffsetsToTransaction`), where the commit becomes part of the transaction anyway.""")

        t = d.task("bring the local stack up and smoke test ingest end to end before I change anything: start it, "
                   "push some fake readings through, show me they come out on the enriched topic and land in postgres",
                   tags=["workflow:W3"])
        t.read(P("docker-compose.yml"))
        t.bash("docker compose up -d", "Start the local Kafka, Schema Registry and Postgres", err=COMPOSE_START)
        t.bash("docker compose ps", "Check the containers are up", out=compose_ps("14 seconds"))
        t.say("Starting ingest in the background (forked JVM via sbt) and logging to a file.")
        t.bash("nohup sbt -batch ingest/run > /tmp/ingest.log 2>&1 & echo $!", "Start the ingest service in the background",
               out="48213")
        t.bash("sleep 45; tail -n 4 /tmp/ingest.log", "Wait for ingest to start and check its log",
               out=ingest_log(d), timeout=120000)
        wait(d, 40)
        t.bash('sbt -batch "tools/run produce-sample --count 50"', "Produce 50 fake raw readings",
               out=sbt_ok(d, "[info] running (fork) com.fernhill.meterflow.tools.Main produce-sample --count 50 \n"
                             "[info] produced 50 messages", 27), timeout=300000)
        wait(d, 27)
        base = int(_dt.datetime(2026, 10, 11, 9, 0, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        recv = int(_dt.datetime(2026, 10, 12, 9, 21, 38, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        t.bash("kcat -b localhost:9092 -C -t meter.readings.enriched.v1 -s value=avro -r http://localhost:8081 -o -1 -e -q",
               "Read the last message of each partition of the enriched topic", out="\n".join([
                   kcat_reading("125761", base + 1800000 * 44, 377, recv + 412),
                   kcat_reading("108874", base + 1800000 * 45, 902, recv + 419),
                   kcat_reading("163032", base + 1800000 * 46, 154, recv + 423),
                   kcat_reading("190415", base + 1800000 * 47, 611, recv + 427),
                   kcat_reading("141770", base + 1800000 * 0, 283, recv + 431),
                   kcat_reading("117309", base + 1800000 * 1, 748, recv + 436)]))
        t.bash("docker compose exec -T postgres psql -U meterflow -c \"select count(*), max(received_at) from readings "
               "where received_at > now() - interval '10 minutes'\"", "Count the readings ingest just wrote",
               out=""" count |              max              
-------+-------------------------------
    50 | 2026-10-12 09:21:38.436+00
(1 row)""")
        t.bash("kill 48213 && sleep 3 && tail -n 2 /tmp/ingest.log", "Stop the background ingest",
               out="[info] 09:22:14.907 [io-compute-6] INFO  o.a.k.c.c.internals.ConsumerCoordinator - [Consumer clientId=consumer-meterflow-ingest-1, groupId=meterflow-ingest] Revoke previously assigned partitions meter.readings.raw.v1-0, meter.readings.raw.v1-1, meter.readings.raw.v1-2, meter.readings.raw.v1-3, meter.readings.raw.v1-4, meter.readings.raw.v1-5\n"
                   "[info] 09:22:15.122 [io-compute-6] INFO  c.f.meterflow.ingest.IngestApp - meterflow-ingest stopped")
        t.done("""End to end works on the local stack:

- `docker compose up -d` — Kafka (KRaft), Schema Registry and Postgres were stopped, now up; `kafka-init` re-ran and found its topics present.
- Ingest started via `sbt ingest/run` (forked, PID 48213, log in `/tmp/ingest.log`): joined `meterflow-ingest`, got all 6 partitions of `meter.readings.raw.v1`, health server on :8080.
- `produce-sample --count 50` pushed 50 raw JSON readings.
- Enriched topic: last message per partition decodes as Avro `MeterReading` through the registry (meter ids, 30-min intervals, `receivedAt` set by ingest).
- Postgres: 50 rows in `readings` received in the last 10 minutes.

I stopped ingest again; the compose stack is still running.""")

    # ============================================================ S2  Wed 10-14
    with d.session("2026-10-14T10:02:00", R, branch="feat/tariff-bands", version="2.1.119"):
        job = P("jobs/src/main/scala/com/fernhill/meterflow/jobs/DailyUsageJob.scala")
        t = d.task("finance wants the daily usage split into tariff bands: night 23:00-08:00, peak 17:00-19:00, day = "
                   "the rest, Irish local time. add import_night_wh / import_day_wh / import_peak_wh to "
                   "DailyUsageJob. tests in munit please, not ScalaTest — the old DailyUsageJobSpec stays as it is but "
                   "new suites are munit. then run the job locally over the september sample in data/sample/readings "
                   "so I can eyeball the numbers", tags=["mistake:M1", "pref:P2"])
        t.read(job)
        t.read(P("jobs/src/test/scala/com/fernhill/meterflow/jobs/DailyUsageJobSpec.scala"))
        t.edit(job, """import org.apache.spark.sql.functions._
import org.apache.spark.sql.{DataFrame, SparkSession}""", """import org.apache.spark.sql.functions._
import org.apache.spark.sql.{Column, DataFrame, SparkSession}""")
        t.edit(job, """  def daily(readings: DataFrame): DataFrame =
    readings
      .withColumn("usage_date", to_date(from_utc_timestamp(col("interval_start"), "Europe/Dublin")))
      .groupBy("meter_id", "usage_date", "month")
      .agg(
        sum("import_wh").as("import_wh"),
        sum("export_wh").as("export_wh"),
        count(lit(1)).as("intervals")
      )
}""", """  def daily(readings: DataFrame): DataFrame =
    readings
      .withColumn("local_start", from_utc_timestamp(col("interval_start"), "Europe/Dublin"))
      .withColumn("usage_date", to_date(col("local_start")))
      .withColumn("band", band(hour(col("local_start"))))
      .groupBy("meter_id", "usage_date", "month")
      .agg(
        sum("import_wh").as("import_wh"),
        sum("export_wh").as("export_wh"),
        sum(when(col("band") === "night", col("import_wh")).otherwise(0L)).as("import_night_wh"),
        sum(when(col("band") === "day", col("import_wh")).otherwise(0L)).as("import_day_wh"),
        sum(when(col("band") === "peak", col("import_wh")).otherwise(0L)).as("import_peak_wh"),
        count(lit(1)).as("intervals")
      )

  /** Irish time-of-use bands by local start hour: night 23:00-08:00, peak 17:00-19:00, day otherwise. */
  def band(localHour: Column): Column =
    when(localHour >= 23 || localHour < 8, "night")
      .when(localHour >= 17 && localHour < 19, "peak")
      .otherwise("day")
}""")
        t.write(P("jobs/src/test/scala/com/fernhill/meterflow/jobs/SparkSuite.scala"), """package com.fernhill.meterflow.jobs

import munit.FunSuite
import org.apache.spark.sql.SparkSession

/** Base for munit Spark suites: one local SparkSession per suite. */
abstract class SparkSuite extends FunSuite {

  val spark: Fixture[SparkSession] = new Fixture[SparkSession]("spark") {
    private var session: SparkSession = _

    def apply(): SparkSession = session

    override def beforeAll(): Unit =
      session = SparkSession
        .builder()
        .master("local[2]")
        .appName(getClass.getSimpleName)
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.ui.enabled", "false")
        .getOrCreate()

    override def afterAll(): Unit = session.stop()
  }

  override def munitFixtures: Seq[Fixture[_]] = List(spark)
}
""")
        t.write(P("jobs/src/test/scala/com/fernhill/meterflow/jobs/DailyUsageBandsSuite.scala"), """package com.fernhill.meterflow.jobs

import org.apache.spark.sql.functions.lit

import java.sql.Timestamp

// test JVM runs with -Duser.timezone=UTC, so Timestamp.valueOf below is UTC
class DailyUsageBandsSuite extends SparkSuite {

  private def readings(rows: (String, String, Long)*) = {
    val s = spark()
    import s.implicits._
    rows
      .map { case (m, ts, wh) => (m, Timestamp.valueOf(ts), wh) }
      .toDF("meter_id", "interval_start", "import_wh")
      .withColumn("export_wh", lit(0L))
      .withColumn("month", lit("2026-09"))
  }

  test("splits import into night, day and peak by Irish local time") {
    // 15 Sep is IST (UTC+1)
    val in = readings(
      ("m1", "2026-09-15 06:30:00", 100L), // 07:30 local: night
      ("m1", "2026-09-15 07:30:00", 200L), // 08:30 local: day
      ("m1", "2026-09-15 16:30:00", 300L), // 17:30 local: peak
      ("m1", "2026-09-15 21:30:00", 400L), // 22:30 local: day
      ("m1", "2026-09-15 22:30:00", 50L)   // 23:30 local: night
    )

    val row = DailyUsageJob.daily(in).head()

    assertEquals(row.getAs[Long]("import_night_wh"), 150L)
    assertEquals(row.getAs[Long]("import_day_wh"), 600L)
    assertEquals(row.getAs[Long]("import_peak_wh"), 300L)
    assertEquals(row.getAs[Long]("import_wh"), 1050L)
  }

  test("23:30 UTC in summer is 00:30 on the next local day, night band") {
    val row = DailyUsageJob.daily(readings(("m1", "2026-09-15 23:30:00", 70L))).head()

    assertEquals(row.getAs[java.sql.Date]("usage_date").toString, "2026-09-16")
    assertEquals(row.getAs[Long]("import_night_wh"), 70L)
  }
}
""")
        t.bash('sbt "jobs/testOnly com.fernhill.meterflow.jobs.DailyUsageBandsSuite"', "Run the new munit suite",
               out=sbt_ok(d, compiling("jobs", 1, scala="2.12") + "\n" + compiling("jobs", 2, True, "2.12") + "\n" +
                          munit_suite("com.fernhill.meterflow.jobs.DailyUsageBandsSuite", [
                              ("splits import into night, day and peak by Irish local time", "7.208s"),
                              ("23:30 UTC in summer is 00:30 on the next local day, night band", "0.694s")]) +
                          "\n" + passed(2), 46), timeout=600000)
        wait(d, 46)
        args = "data/sample/readings 2026-09 /tmp/daily-usage"
        ml = line_of(d, P("Makefile"), "$(SPARK_HOME)/bin/spark-submit")
        jl = line_of(d, job, "val Array(input, month, output) = args")
        t.fail(f"make spark-local JOB=DailyUsageJob ARGS='{args}'", "Build the jobs jar and run DailyUsageJob locally",
               "sbt -batch jobs/assembly\n" + assembly_out(d, 0, 19) + "\n" + submit_line(SPARK4, "DailyUsageJob", args) +
               f"""
WARNING: Using incubator modules: jdk.incubator.vector
Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties
{slog(d, 23)} WARN NativeCodeLoader: Unable to load native-hadoop library for your platform... using builtin-java classes where applicable
Exception in thread "main" java.lang.NoSuchMethodError: 'scala.Option scala.Array$.unapplySeq(java.lang.Object)'
	at com.fernhill.meterflow.jobs.DailyUsageJob$.main(DailyUsageJob.scala:{jl})
	at com.fernhill.meterflow.jobs.DailyUsageJob.main(DailyUsageJob.scala)
{SUBMIT_FRAMES}
{spark_shutdown(d, 24)}
make: *** [Makefile:{ml}: spark-local] Error 1""", code=2, timeout=600000)
        wait(d, 25)
        t.say("The jar built fine; the job died on its first line with a `NoSuchMethodError` inside the Scala standard "
              "library (`Array.unapplySeq`). That's a binary mismatch: the jobs jar is compiled for Scala 2.12 and is "
              "running on a Spark whose scala-library is a different major version. Checking which Spark make used.")
        t.read(P("Makefile"))
        t.bash("echo $SPARK_HOME; $SPARK_HOME/bin/spark-submit --version 2>&1 | grep -E 'version|Scala'",
               "Check which Spark SPARK_HOME points at",
               out=f"""{SPARK4}
   /___/ .__/\\_,_/_/ /_/\\_\\   version 4.0.1
Using Scala version 2.13.16, OpenJDK 64-Bit Server VM, 17.0.16""")
        t.bash("ls -d ~/opt/spark-*", "List the local Spark installs",
               out="/home/declan/opt/spark-3.5.5-bin-hadoop3  /home/declan/opt/spark-4.0.1-bin-hadoop3")
        t.say("Your shell exports `SPARK_HOME` = Spark 4.0.1 (Scala 2.13), and an environment variable beats the "
              "Makefile's `?=` default. Passing the 3.5.5 / Scala 2.12 install on the make command line:")
        rows = []
        t.bash(f"make spark-local SPARK_HOME=$HOME/opt/spark-3.5.5-bin-hadoop3 JOB=DailyUsageJob ARGS='{args}' 2>&1 | tail -n 20",
               "Run DailyUsageJob on the Spark 3.5 / Scala 2.12 install",
               out=f"""{slog(d, 58)} INFO DAGScheduler: ResultStage 4 (parquet at DailyUsageJob.scala:{jl + 7}) finished in 4.812 s
{slog(d, 58)} INFO DAGScheduler: Job 2 is finished. Cancelling potential speculative or zombie tasks for this job
{slog(d, 58)} INFO TaskSchedulerImpl: Killing all running tasks in stage 4: Stage finished
{slog(d, 58)} INFO DAGScheduler: Job 2 finished: parquet at DailyUsageJob.scala:{jl + 7}, took 9.377114 s
{slog(d, 58)} INFO FileFormatWriter: Start to commit write Job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}.
{slog(d, 58)} INFO FileFormatWriter: Write Job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} committed. Elapsed time: 84 ms.
{slog(d, 58)} INFO FileFormatWriter: Finished processing stats for write job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}.
{spark_ctx_stop(d, 58)}
{slog(d, 58)} INFO SparkContext: Invoking stop() from shutdown hook
{spark_shutdown(d, 59, 2)}""", timeout=600000)
        wait(d, 60)
        vals = [("2026-09-01", 500, 5212.41, 33.8, 13.9), ("2026-09-02", 500, 5087.96, 34.1, 14.2),
                ("2026-09-03", 500, 5140.27, 33.5, 14.0), ("2026-09-04", 500, 5301.15, 33.2, 14.6),
                ("2026-09-05", 500, 5655.82, 30.9, 12.7), ("2026-09-06", 500, 5798.04, 30.4, 12.3),
                ("2026-09-07", 500, 5173.66, 33.9, 14.1)]
        t.bash("duckdb -c \"select usage_date, count(*) as meters, round(sum(import_wh)/1000, 2) as import_kwh, "
               "round(100.0*sum(import_night_wh)/sum(import_wh), 1) as night_pct, "
               "round(100.0*sum(import_peak_wh)/sum(import_wh), 1) as peak_pct, "
               "bool_and(import_night_wh + import_day_wh + import_peak_wh = import_wh) as bands_add_up "
               "from read_parquet('/tmp/daily-usage/**/*.parquet', hive_partitioning = true) "
               "group by 1 order by 1 limit 7\"", "Summarise the first week of the output",
               out=duck(["usage_date", "meters", "import_kwh", "night_pct", "peak_pct", "bands_add_up"],
                        ["date", "int64", "double", "double", "double", "boolean"],
                        [(a, b, c, e, f, "true") for a, b, c, e, f in vals]))
        t.done("""Done. `DailyUsageJob.daily` now adds `import_night_wh`, `import_day_wh`, `import_peak_wh` (bands by the **local** start hour via `from_utc_timestamp(…, "Europe/Dublin")`: night 23:00–08:00, peak 17:00–19:00, day otherwise). `band(...)` is a separate `Column => Column` so it can be reused.

Tests (munit, the ScalaTest spec untouched):
- `SparkSuite` — small munit base class with a suite-scoped local `SparkSession` fixture.
- `DailyUsageBandsSuite` — band split on an IST day (07:30 night, 08:30 day, 17:30 peak, 22:30 day, 23:30 night) and the 23:30 UTC → next local day case. Both pass.

Local run over the September sample: `/tmp/daily-usage/month=2026-09/`. First week above — ~500 meters, ~5.1–5.8 MWh/day, night ≈ 31–34 %, peak ≈ 12–15 %, bands always add up to `import_wh`. Weekend days (5th/6th) have less night share, as you'd expect.

One thing about running it: the first `make spark-local` failed with `NoSuchMethodError: 'scala.Option scala.Array$.unapplySeq(java.lang.Object)'`. Your shell has `SPARK_HOME` → `~/opt/spark-4.0.1-bin-hadoop3` (Scala 2.13), which overrides the Makefile default; the jobs jar is Scala 2.12 for EMR 7. Running with `make spark-local SPARK_HOME=$HOME/opt/spark-3.5.5-bin-hadoop3 …` works.""")

        raw_suite = [("decodes a head-end reading", "0.052s"), ("rejects an unsupported interval length", "0.003s"),
                     ("rejects a negative register value", "0.001s"), ("rejects an unknown quality flag", "0.001s")]
        t = d.task("numbers look plausible. ship it: fmt + scalafix checks, tests, push, PR", tags=["workflow:W1"])
        t.bash('sbt scalafmtCheckAll "scalafixAll --check"', "Check formatting and scalafix rules",
               out=sbt_ok(d, "\n".join([compiling("core", 2), compiling("ingest", 7), compiling("api", 5),
                                        compiling("tools", 3), compiling("ingest", 2, True), compiling("api", 1, True)]), 74),
               timeout=600000)
        wait(d, 74)
        t.bash("sbt test", "Run all unit tests", out=sbt_ok(d, "\n".join([
            munit_suite("com.fernhill.meterflow.ingest.RawReadingSuite", raw_suite), passed(4),
            munit_suite("com.fernhill.meterflow.api.UsageRoutesSuite", [
                ("daily usage for a month", "0.211s"), ("404 for an unknown meter", "0.008s")]), passed(2),
            "[info] DailyUsageJobSpec:",
            "[info] - sums import and export per meter and local day",
            "[info] - puts a summer reading after 23:00 UTC on the next local day",
            "[info] Run completed in 10 seconds, 377 milliseconds.",
            "[info] Total number of tests run: 2",
            "[info] Suites: completed 1, aborted 0",
            "[info] Tests: succeeded 2, failed 0, canceled 0, ignored 0, pending 0",
            "[info] All tests passed.",
            munit_suite("com.fernhill.meterflow.jobs.DailyUsageBandsSuite", [
                ("splits import into night, day and peak by Irish local time", "6.433s"),
                ("23:30 UTC in summer is 00:30 on the next local day, night band", "0.702s")]),
            passed(4)]), 58), timeout=600000)
        wait(d, 58)
        t.bash("git add jobs/ && git commit -m \"jobs: split daily import into night/day/peak bands\"",
               "Commit the band split", out=f"""[feat/tariff-bands {hx(7)}] jobs: split daily import into night/day/peak bands
 3 files changed, 104 insertions(+), 2 deletions(-)
 create mode 100644 jobs/src/test/scala/com/fernhill/meterflow/jobs/DailyUsageBandsSuite.scala
 create mode 100644 jobs/src/test/scala/com/fernhill/meterflow/jobs/SparkSuite.scala""")
        t.bash("git push -u origin feat/tariff-bands", "Push the branch", err=git_push_new("feat/tariff-bands"))
        t.bash("gh pr create --base main --title \"jobs: split daily import into night/day/peak bands\" --body \"Adds "
               "import_night_wh / import_day_wh / import_peak_wh to daily_usage (Irish local time: night 23-08, peak "
               "17-19, day otherwise). New munit base SparkSuite + DailyUsageBandsSuite. Checked locally on the "
               "September sample: bands add up to import_wh on every row.\"", "Open the pull request",
               out=f"{GH}/pull/214")
        t.done(f"""Shipped:
- `scalafmtCheckAll` and `scalafixAll --check` clean.
- `sbt test`: ingest 4, api 2, jobs 4 (ScalaTest spec + new munit suite) — all green.
- Committed on `feat/tariff-bands`, pushed, PR: **{GH}/pull/214**.""")

    # ============================================================ S3  Fri 10-16
    with d.session("2026-10-16T09:35:00", R, branch="feat/reading-tariff-code", version="2.1.120"):
        mr = P("core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala")
        pipe = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala")
        app = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala")
        harness = P("ingest/src/test/scala/com/fernhill/meterflow/ingest/IngestHarness.scala")
        raw = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala")
        ps = P("tools/src/main/scala/com/fernhill/meterflow/tools/ProduceSample.scala")
        tl = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/TariffLookup.scala")
        t = d.task("billing wants the tariff code on every enriched reading. look it up in postgres (meter_tariffs: "
                   "meter_id, tariff_code, valid_from, valid_to) by meter + interval start and cache it, ~400k meters "
                   "and tariffs change a few times a year. put it on MeterReading as tariffCode, optional because some "
                   "meters have no tariff yet. plain IO please, no F[_] — we dropped tagless final last year. and keep "
                   "braces, no braceless Scala 3 syntax in this repo. run the unit tests and the enriched readings IT "
                   "when you're done", tags=["mistake:M2", "pref:P1", "pref:P3"])
        t.read(mr)
        t.read(pipe)
        t.grep("meter_tariffs", [P("docker/postgres/init/001_schema.sql")])
        t.read(P("docker/postgres/init/001_schema.sql"))
        t.write(tl, """package com.fernhill.meterflow.ingest

import cats.effect.{IO, Ref}
import doobie.*
import doobie.implicits.*
import doobie.postgres.implicits.*

import java.time.Instant
import scala.concurrent.duration.*

/** Tariff code of a meter at a point in time. Tariffs change a few times a year, so periods are cached per meter. */
trait TariffLookup {
  def tariffFor(meterId: String, at: Instant): IO[Option[String]]
}

object TariffLookup {

  final case class TariffPeriod(code: String, validFrom: Instant, validTo: Option[Instant]) {
    def covers(at: Instant): Boolean = !at.isBefore(validFrom) && validTo.forall(at.isBefore)
  }

  private final case class Entry(periods: List[TariffPeriod], loadedAt: Instant)

  def cached(xa: Transactor[IO], ttl: FiniteDuration): IO[TariffLookup] =
    fromLoader(meterId => periodsQuery(meterId).to[List].transact(xa), ttl)

  def fromLoader(load: String => IO[List[TariffPeriod]], ttl: FiniteDuration): IO[TariffLookup] =
    Ref.of[IO, Map[String, Entry]](Map.empty).map { cache =>
      new TariffLookup {
        def tariffFor(meterId: String, at: Instant): IO[Option[String]] =
          periods(meterId).map(_.find(_.covers(at)).map(_.code))

        private def periods(meterId: String): IO[List[TariffPeriod]] =
          IO.realTimeInstant.flatMap { now =>
            cache.get.map(_.get(meterId)).flatMap {
              case Some(e) if e.loadedAt.plusMillis(ttl.toMillis).isAfter(now) => IO.pure(e.periods)
              case _ => load(meterId).flatTap(ps => cache.update(_.updated(meterId, Entry(ps, now))))
            }
          }
      }
    }

  private def periodsQuery(meterId: String): Query0[TariffPeriod] =
    sql\"\"\"select tariff_code, valid_from, valid_to
           from meter_tariffs
          where meter_id = $meterId
          order by valid_from\"\"\".query[TariffPeriod]
}
""")
        t.edit(mr, """    quality: String,
    receivedAt: Instant
)""", """    quality: String,
    receivedAt: Instant,
    tariffCode: Option[String]
)""")
        t.edit(mr, """      field("receivedAt", _.receivedAt)
    ).mapN(MeterReading.apply)""", """      field("receivedAt", _.receivedAt),
      field("tariffCode", _.tariffCode)
    ).mapN(MeterReading.apply)""")
        l_raw = line_of(d, raw, "else Right(MeterReading(")
        l_ps = line_of(d, ps, 'MeterReading(meter, "1.8.0"')
        t.grep("MeterReading\\(", output_mode="content", path=R, glob="*.scala", n=True, content=f"""{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala:{l_raw}:    else Right(MeterReading(r.meter, r.reg, r.start, r.mins, r.imp, r.exp, r.q, receivedAt))
{R}/tools/src/main/scala/com/fernhill/meterflow/tools/ProduceSample.scala:{l_ps}:      MeterReading(meter, "1.8.0", at, 30, 100L + rnd.nextInt(900), 0L, "A", Instant.now())""")
        t.read(raw)
        t.edit(raw, "Right(MeterReading(r.meter, r.reg, r.start, r.mins, r.imp, r.exp, r.q, receivedAt))",
               "Right(MeterReading(r.meter, r.reg, r.start, r.mins, r.imp, r.exp, r.q, receivedAt, tariffCode = None))")
        t.read(ps, offset=l_ps - 6, limit=12)
        t.edit(ps, 'MeterReading(meter, "1.8.0", at, 30, 100L + rnd.nextInt(900), 0L, "A", Instant.now())',
               'MeterReading(meter, "1.8.0", at, 30, 100L + rnd.nextInt(900), 0L, "A", Instant.now(), None)')
        t.edit(pipe, """    repo: ReadingRepo,
    producer: KafkaProducer[IO, String, MeterReading]""", """    repo: ReadingRepo,
    tariffs: TariffLookup,
    producer: KafkaProducer[IO, String, MeterReading]""")
        t.edit(pipe, """        case Right(reading) =>
          repo.upsert(reading) *>
            producer.produceOne_(cfg.enrichedTopic, reading.meterId, reading).flatten.void""",
               """        case Right(reading) =>
          tariffs.tariffFor(reading.meterId, reading.intervalStart).flatMap { tariffCode =>
            val enriched = reading.copy(tariffCode = tariffCode)
            repo.upsert(enriched) *>
              producer.produceOne_(cfg.enrichedTopic, enriched.meterId, enriched).flatten.void
          }""")
        t.read(app)
        t.edit(app, """import org.typelevel.log4cats.slf4j.Slf4jLogger
""", """import org.typelevel.log4cats.slf4j.Slf4jLogger

import scala.concurrent.duration.*
""")
        t.edit(app, """      xa       <- Database.transactor(cfg.db)
      producer <- KafkaProducer.resource(producerSettings(cfg, avro))
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), producer), consumer)""",
               """      xa       <- Database.transactor(cfg.db)
      tariffs  <- Resource.eval(TariffLookup.cached(xa, 30.minutes))
      producer <- KafkaProducer.resource(producerSettings(cfg, avro))
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), tariffs, producer), consumer)""")
        t.read(harness)
        t.edit(harness, """      repo = new ReadingRepo(xa)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, producer), repo)""",
               """      tariffs <- Resource.eval(TariffLookup.cached(xa, 1.minute))
      repo = new ReadingRepo(xa)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, tariffs, producer), repo)""")
        t.edit(harness, """import org.typelevel.log4cats.noop.NoOpLogger
""", """import org.typelevel.log4cats.noop.NoOpLogger

import scala.concurrent.duration.*
""")
        t.write(P("ingest/src/test/scala/com/fernhill/meterflow/ingest/TariffLookupSuite.scala"), """package com.fernhill.meterflow.ingest

import cats.effect.{IO, Ref}
import com.fernhill.meterflow.ingest.TariffLookup.TariffPeriod
import munit.CatsEffectSuite

import java.time.Instant
import scala.concurrent.duration.*

class TariffLookupSuite extends CatsEffectSuite {

  private val periods = List(
    TariffPeriod("STD-24", Instant.parse("2025-01-01T00:00:00Z"), Some(Instant.parse("2026-10-01T00:00:00Z"))),
    TariffPeriod("DN-24", Instant.parse("2026-10-01T00:00:00Z"), None)
  )

  test("picks the period covering the interval start") {
    TariffLookup.fromLoader(_ => IO.pure(periods), 10.minutes).flatMap { lookup =>
      for {
        before <- lookup.tariffFor("100234", Instant.parse("2026-09-30T23:30:00Z"))
        after  <- lookup.tariffFor("100234", Instant.parse("2026-10-01T00:00:00Z"))
      } yield {
        assertEquals(before, Some("STD-24"))
        assertEquals(after, Some("DN-24"))
      }
    }
  }

  test("no tariff for a meter without periods") {
    TariffLookup
      .fromLoader(_ => IO.pure(Nil), 10.minutes)
      .flatMap(_.tariffFor("999999", Instant.parse("2026-10-12T08:00:00Z")))
      .assertEquals(None)
  }

  test("loads a meter once within the ttl") {
    for {
      loads  <- Ref.of[IO, Int](0)
      lookup <- TariffLookup.fromLoader(_ => loads.update(_ + 1).as(periods), 10.minutes)
      _      <- lookup.tariffFor("100234", Instant.parse("2026-10-12T08:00:00Z")).replicateA_(5)
      n      <- loads.get
    } yield assertEquals(n, 1)
  }
}
""")
        raw_suite = [("decodes a head-end reading", "0.052s"), ("rejects an unsupported interval length", "0.003s"),
                     ("rejects a negative register value", "0.001s"), ("rejects an unknown quality flag", "0.001s")]
        tl_suite = [("picks the period covering the interval start", "0.087s"),
                    ("no tariff for a meter without periods", "0.004s"), ("loads a meter once within the ttl", "0.006s")]
        t.bash("sbt ingest/test", "Compile and run the ingest unit tests",
               out=sbt_ok(d, compiling("core", 1) + "\n" + compiling("ingest", 6) + "\n" + compiling("ingest", 3, True) +
                          "\n" + munit_suite("com.fernhill.meterflow.ingest.RawReadingSuite", raw_suite) + "\n" +
                          munit_suite("com.fernhill.meterflow.ingest.TariffLookupSuite", tl_suite) + "\n" + passed(7), 58),
               timeout=600000)
        wait(d, 58)
        doc = "Validated interval reading from the head-end system"
        new_schema = avro_schema("MeterReading", READING_FIELDS + [("tariffCode", ["null", "string"])])
        new_schema = new_schema.replace('"namespace":"com.fernhill.meterflow.events",',
                                        f'"namespace":"com.fernhill.meterflow.events","doc":"{doc}",')
        old_schema = avro_schema("MeterReading", READING_FIELDS).replace(
            '"namespace":"com.fernhill.meterflow.events",', f'"namespace":"com.fernhill.meterflow.events","doc":"{doc}",')
        it_cmd = 'sbt "it/testOnly com.fernhill.meterflow.it.EnrichedReadingsIT"'
        t.fail(it_cmd, "Run the enriched readings integration test against the local stack", sbt_fail(d, f"""{compiling("tools", 3)}
{compiling("it", 2, True)}
com.fernhill.meterflow.it.EnrichedReadingsIT:
==> X com.fernhill.meterflow.it.EnrichedReadingsIT.a valid raw reading is stored and published on the enriched topic  1.384s org.apache.kafka.common.errors.SerializationException: Error registering Avro schema{new_schema}
{SERDE_FRAMES}
Caused by: io.confluent.kafka.schemaregistry.client.rest.exceptions.RestClientException: {incompatible("meter.readings.enriched.v1-value", "tariffCode", 8, 4, old_schema)}
{REST_FRAMES}
	... 12 more
  + an unreadable raw reading is not published 0.019s
{failed_summary(2, 1, ["com.fernhill.meterflow.it.EnrichedReadingsIT"])}""", "it / Test / testOnly", "sbt.TestsFailedException: Tests unsuccessful", 41),
               timeout=600000)
        wait(d, 41)
        t.say("The local Schema Registry rejected the new `MeterReading` schema: subject "
              "`meter.readings.enriched.v1-value` is on BACKWARD compatibility and `tariffCode` was added without a "
              "default, so a reader on the new schema couldn't read the four versions already registered. Checking the "
              "registry state.")
        t.bash("curl -s localhost:8081/subjects/meter.readings.enriched.v1-value/versions; echo; curl -s localhost:8081/config",
               "Look at the registered versions and the compatibility level",
               out='[1,2,3,4]\n{"compatibilityLevel":"BACKWARD"}')
        t.say("Giving the optional field a `null` default in the codec — vulcan then writes `\"default\":null` on the "
              "`[\"null\",\"string\"]` union, which keeps the subject BACKWARD compatible.")
        t.edit(mr, """      field("tariffCode", _.tariffCode)""", """      field("tariffCode", _.tariffCode, default = Some(None))""")
        t.bash(it_cmd, "Re-run the enriched readings integration test",
               out=sbt_ok(d, compiling("core", 1) + "\n" +
                          munit_suite("com.fernhill.meterflow.it.EnrichedReadingsIT", [
                              ("a valid raw reading is stored and published on the enriched topic", "2.206s"),
                              ("an unreadable raw reading is not published", "0.021s")]) + "\n" + passed(2), 44),
               timeout=600000)
        wait(d, 44)
        t.done("""Tariff code is on the enriched readings.

- `ingest/.../TariffLookup.scala` (new): `TariffLookup.tariffFor(meterId, at): IO[Option[String]]`. Loads all periods of a meter from `meter_tariffs` (`valid_from` inclusive, `valid_to` exclusive/open) and caches them per meter in a `Ref[IO, Map[…]]` with a TTL (30 min in the app). `fromLoader` takes the loader as a function, which is what the tests use. Plain `IO`, braces.
- `MeterReading.tariffCode: Option[String]`, in the vulcan codec as `field("tariffCode", _.tariffCode, default = Some(None))`.
- `ReadingPipeline` looks the tariff up by meter + interval start before the upsert and publish; `IngestApp` and the IT harness build the cached lookup. `RawReading.validate` and `produce-sample` pass `None`.
- `TariffLookupSuite`: period boundaries, meter without tariff, one DB load per meter within the TTL.

Results: `sbt ingest/test` 7/7, `EnrichedReadingsIT` 2/2.

The first IT run failed in the registry with `READER_FIELD_MISSING_DEFAULT_VALUE` on `tariffCode` — the local subject already has 4 versions and is BACKWARD compatible, so a new field needs a default. With `default = Some(None)` the schema registered as version 5; staging and prod will accept it the same way.

Not done: `readings` in Postgres has no `tariff_code` column, so the DB row doesn't carry it — say if you want a migration for that too.""")

        t = d.task("read confluent's schema evolution page and tell me which compatibility level "
                   "meter.readings.enriched.v1 should really have. usage-api consumes it live, kafka connect writes it "
                   "to the lake and the spark jobs read months of that back", tags=["noise", "webfetch"])
        t.webfetch("https://docs.confluent.io/platform/current/schema-registry/fundamentals/schema-evolution.html",
                   "Summarise the compatibility types (BACKWARD, FORWARD, FULL and their _TRANSITIVE variants): which "
                   "changes each allows, and the order in which producers and consumers must be upgraded",
                   """Compatibility types in Confluent Schema Registry:

- **BACKWARD** (default): consumers using the new schema can read data produced with the last schema. Allowed: delete fields, add optional fields (with defaults). Upgrade consumers first, then producers. Checked against the last registered version only.
- **BACKWARD_TRANSITIVE**: same, but checked against all previously registered versions.
- **FORWARD**: data produced with the new schema can be read by consumers using the last schema. Allowed: add fields, delete optional fields (with defaults). Upgrade producers first, then consumers.
- **FORWARD_TRANSITIVE**: same against all previous versions.
- **FULL**: both backward and forward compatible with the last version. Allowed: add or delete optional fields (fields with defaults). Producers and consumers can be upgraded in any order.
- **FULL_TRANSITIVE**: both directions against all previous versions.
- **NONE**: compatibility checks disabled.

Notes: the default for new subjects is BACKWARD. Compatibility can be set globally or per subject via the `/config` endpoint. Transitive checks matter when consumers may read data written with much older schemas, e.g. when replaying a topic from the beginning or reading archived data.""")
        t.done("""**FULL_TRANSITIVE** for `meter.readings.enriched.v1-value`.

Why, per consumer:
- **usage-api (live)**: ingest is the producer and ships first, so usage-api is still on the old schema when new data arrives → you need FORWARD (old reader, new data). BACKWARD alone (what it has now) only promises the opposite direction.
- **Spark over the lake**: jobs read months of files written under many schema versions with the current reader schema → BACKWARD against *all* versions, i.e. the transitive variant. Non-transitive BACKWARD only checks against the latest version, so e.g. removing a defaulted field and re-adding it with another type later could pass each single check and still break a read over old files.

Both directions over all history = FULL_TRANSITIVE. In practice it means: every change is adding or removing a field **with a default**. That's exactly the rule today's `tariffCode` change follows (`default = Some(None)`), so it costs us nothing now; renames or type changes need a new topic version (`…v2`) anyway.

To switch: a `PUT /config/meter.readings.enriched.v1-value` with `FULL_TRANSITIVE` on each registry (local, staging, prod). The registry checks the level against new registrations only, so existing versions don't need to satisfy it retroactively — worth running `scripts/schema-compat.sh` once after the switch to see nothing's pending. I'd do `device.status.v1` the same way.""")

        deps = P("project/Dependencies.scala")
        t = d.task("scala-steward's fs2-kafka 3.9.1 PR conflicts with this branch. just do the bump here by hand, it's "
                   "one line in Dependencies, and run the ingest tests", tags=["flaky:F1", "noise"])
        t.read(deps)
        t.edit(deps, 'val fs2Kafka        = "3.9.0"', 'val fs2Kafka        = "3.9.1"')
        jar = "https://repo1.maven.org/maven2/org/apache/kafka/kafka-clients/3.9.1/kafka-clients-3.9.1.jar"
        t.fail("sbt ingest/test", "Update dependencies and run the ingest tests", sbt_fail(d, f"""[info] Updating ingest_3
[info] Resolved ingest_3 dependencies
[info] Fetching artifacts of ingest_3
[error] lmcoursier.internal.shaded.coursier.error.FetchError$DownloadingArtifacts: Error fetching artifacts:
[error] {jar}: download error: Caught java.net.SocketTimeoutException (Read timed out) while downloading {jar}
[error] 
[error] 	at lmcoursier.internal.shaded.coursier.Artifacts$.$anonfun$fetchArtifacts$9(Artifacts.scala:365)
[error] 	at lmcoursier.internal.shaded.coursier.util.Task$.$anonfun$flatMap$extension$1(Task.scala:14)
[error] 	at lmcoursier.internal.shaded.coursier.util.Task$.$anonfun$flatMap$extension$1$adapted(Task.scala:14)
[error] 	at lmcoursier.internal.shaded.coursier.util.Task$.wrap(Task.scala:82)
[error] 	at lmcoursier.internal.shaded.coursier.util.Task$.$anonfun$flatMap$2(Task.scala:14)
[error] 	at scala.concurrent.Future.$anonfun$flatMap$1(Future.scala:307)
[error] 	at scala.concurrent.impl.Promise$Transformation.run(Promise.scala:451)
[error] 	at java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1136)
[error] 	at java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:635)
[error] 	at java.base/java.lang.Thread.run(Thread.java:840)
[error] Caused by: lmcoursier.internal.shaded.coursier.cache.ArtifactError$DownloadError: download error: Caught java.net.SocketTimeoutException (Read timed out) while downloading {jar}
[error] 	at lmcoursier.internal.shaded.coursier.cache.internal.Downloader.$anonfun$checkFileExists$1(Downloader.scala:607)
[error] 	at lmcoursier.internal.shaded.coursier.cache.internal.Downloader.remote(Downloader.scala:479)
[error] 	... 9 more""", "ingest / update", f"lmcoursier.internal.shaded.coursier.error.FetchError$DownloadingArtifacts: Error fetching artifacts:\n[error] {jar}: download error: Caught java.net.SocketTimeoutException (Read timed out) while downloading {jar}", 78),
               timeout=600000)
        wait(d, 78)
        t.say("Maven Central timed out on the kafka-clients jar download — nothing to do with the bump. Retrying.")
        t.bash("sbt ingest/test", "Update dependencies and run the ingest tests",
               out=sbt_ok(d, "[info] Updating ingest_3\n[info] Resolved ingest_3 dependencies\n"
                             "[info] Fetching artifacts of ingest_3\n[info] Fetched artifacts of ingest_3\n" +
                          compiling("ingest", 8) + "\n" + compiling("ingest", 3, True) + "\n" +
                          munit_suite("com.fernhill.meterflow.ingest.RawReadingSuite", raw_suite) + "\n" +
                          munit_suite("com.fernhill.meterflow.ingest.TariffLookupSuite", tl_suite) + "\n" + passed(7), 71),
               timeout=600000)
        wait(d, 71)
        t.done("""Bumped `V.fs2Kafka` to 3.9.1 (covers `fs2-kafka` and `fs2-kafka-vulcan`, pulls kafka-clients 3.9.1). Ingest compiles and 7/7 tests pass.

The first run died on a read timeout downloading `kafka-clients-3.9.1.jar` from Maven Central; the retry fetched it fine. You can close the steward PR once this branch is merged.""")

    # ============================================================ S4  Tue 10-20  (SessionEnd: other)
    with d.session("2026-10-20T10:15:00", R, branch="feat/usage-alerts", version="2.1.121", end_reason="other"):
        cfgf = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestConfig.scala")
        conf = P("ingest/src/main/resources/application.conf")
        topics = P("docker/kafka/topics.txt")
        t = d.task("usage alerts: when a meter's import so far today (local day) goes over 3x its 30-day daily average "
                   "(meter_baselines, the nightly job fills it) publish a UsageAlert on a new topic meter.alerts.v1, "
                   "at most one per meter per day. level Elevated at 3x, High at 5x. hook it into ingest after the "
                   "upsert, store the alerts in postgres too (aoife will want them in the api) and write an IT",
                   tags=["mistake:M3"])
        t.read(pipe)
        t.read(P("docker/postgres/init/001_schema.sql"))
        t.write(P("core/src/main/scala/com/fernhill/meterflow/core/alerts/UsageAlert.scala"), """package com.fernhill.meterflow.core.alerts

import cats.syntax.all.*
import vulcan.{AvroError, Codec}

import java.time.{Instant, LocalDate}

enum AlertLevel {
  case Elevated, High
}

object AlertLevel {
  given Codec[AlertLevel] = Codec.enumeration[AlertLevel](
    name = "AlertLevel",
    namespace = "com.fernhill.meterflow.events",
    symbols = List("Elevated", "High"),
    encode = _.toString,
    decode = s => AlertLevel.values.find(_.toString == s).toRight(AvroError(s"unknown AlertLevel $s"))
  )
}

/** Published on meter.alerts.v1 when a meter's import on a local day is far above its 30-day daily average. */
final case class UsageAlert(
    meterId: String,
    day: LocalDate,
    usageWh: Long,
    baselineWh: Long,
    level: AlertLevel,
    raisedAt: Instant
)

object UsageAlert {
  given Codec[UsageAlert] = Codec.record(
    name = "UsageAlert",
    namespace = "com.fernhill.meterflow.events"
  ) { field =>
    (
      field("meterId", _.meterId),
      field("day", _.day),
      field("usageWh", _.usageWh),
      field("baselineWh", _.baselineWh),
      field("level", _.level),
      field("raisedAt", _.raisedAt)
    ).mapN(UsageAlert.apply)
  }
}
""")
        t.write(P("docker/postgres/init/002_usage_alerts.sql"), """create table usage_alerts (
  meter_id    text        not null,
  day         date        not null,
  level       text        not null,
  usage_wh    bigint      not null,
  baseline_wh bigint      not null,
  raised_at   timestamptz not null,
  primary key (meter_id, day)
);
""")
        t.write(P("ingest/src/main/scala/com/fernhill/meterflow/ingest/alerts/AlertPublisher.scala"), """package com.fernhill.meterflow.ingest.alerts

import cats.effect.IO
import cats.syntax.all.*
import com.fernhill.meterflow.core.alerts.{AlertLevel, UsageAlert}
import com.fernhill.meterflow.core.events.MeterReading
import doobie.*
import doobie.implicits.*
import doobie.postgres.implicits.*
import fs2.kafka.KafkaProducer

import java.time.{LocalDate, ZoneId}

/** After a reading is stored: compares the meter's import on that local day with its 30-day baseline. */
final class AlertPublisher(topic: String, xa: Transactor[IO], producer: KafkaProducer[IO, String, UsageAlert]) {

  def check(reading: MeterReading): IO[Unit] = {
    val day = reading.intervalStart.atZone(AlertPublisher.Dublin).toLocalDate
    AlertPublisher.dayUsage(reading.meterId, day).transact(xa).flatMap {
      case Some((usageWh, baselineWh)) =>
        AlertPublisher.levelFor(usageWh, baselineWh).traverse_ { level =>
          IO.realTimeInstant.flatMap { now =>
            val alert = UsageAlert(reading.meterId, day, usageWh, baselineWh, level, now)
            // the primary key (meter_id, day) keeps it to one alert per meter and day
            AlertPublisher.insert(alert).transact(xa).flatMap { inserted =>
              producer.produceOne_(topic, alert.meterId, alert).flatten.void.whenA(inserted)
            }
          }
        }
      case None => IO.unit
    }
  }
}

object AlertPublisher {

  val Dublin: ZoneId = ZoneId.of("Europe/Dublin")

  def levelFor(usageWh: Long, baselineWh: Long): Option[AlertLevel] = {
    if (baselineWh <= 0) None
    else if (usageWh >= 5 * baselineWh) Some(AlertLevel.High)
    else if (usageWh >= 3 * baselineWh) Some(AlertLevel.Elevated)
    else None
  }

  private def dayUsage(meterId: String, day: LocalDate): ConnectionIO[Option[(Long, Long)]] =
    sql\"\"\"select coalesce(sum(r.import_wh), 0), b.avg_daily_wh
           from meter_baselines b
           left join readings r
             on r.meter_id = b.meter_id
            and (r.interval_start at time zone 'Europe/Dublin')::date = $day
          where b.meter_id = $meterId
          group by b.avg_daily_wh\"\"\".query[(Long, Long)].option

  private def insert(a: UsageAlert): ConnectionIO[Boolean] =
    sql\"\"\"insert into usage_alerts (meter_id, day, level, usage_wh, baseline_wh, raised_at)
          values (${a.meterId}, ${a.day}, ${a.level.toString}, ${a.usageWh}, ${a.baselineWh}, ${a.raisedAt})
          on conflict (meter_id, day) do nothing\"\"\".update.run.map(_ == 1)
}
""")
        t.read(cfgf)
        t.edit(cfgf, """    enrichedTopic: String,
""", """    enrichedTopic: String,
    alertsTopic: String,
""")
        t.read(conf)
        t.edit(conf, """  enriched-topic = "meter.readings.enriched.v1"
""", """  enriched-topic = "meter.readings.enriched.v1"
  alerts-topic = "meter.alerts.v1"
""")
        t.edit(pipe, """    tariffs: TariffLookup,
    producer: KafkaProducer[IO, String, MeterReading]
)(using log: Logger[IO]) {""", """    tariffs: TariffLookup,
    producer: KafkaProducer[IO, String, MeterReading],
    alerts: AlertPublisher
)(using log: Logger[IO]) {""")
        t.edit(pipe, """            repo.upsert(enriched) *>
              producer.produceOne_(cfg.enrichedTopic, enriched.meterId, enriched).flatten.void
          }""", """            repo.upsert(enriched) *>
              producer.produceOne_(cfg.enrichedTopic, enriched.meterId, enriched).flatten.void *>
              alerts.check(enriched)
          }""")
        t.edit(pipe, """import com.fernhill.meterflow.core.events.MeterReading
""", """import com.fernhill.meterflow.core.events.MeterReading
import com.fernhill.meterflow.ingest.alerts.AlertPublisher
""")
        t.read(app)
        t.edit(app, """import com.fernhill.meterflow.core.events.MeterReading
""", """import com.fernhill.meterflow.core.alerts.UsageAlert
import com.fernhill.meterflow.core.events.MeterReading
import com.fernhill.meterflow.ingest.alerts.AlertPublisher
""")
        t.edit(app, """      producer <- KafkaProducer.resource(producerSettings(cfg, avro))
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), tariffs, producer), consumer)
  }

  private def producerSettings(cfg: IngestConfig, avro: AvroSettings[IO]) =
    ProducerSettings(Serializer[IO, String], avroSerializer[MeterReading].forValue(avro))""",
               """      producer <- KafkaProducer.resource(producerSettings[MeterReading](cfg, avro))
      alertsP  <- KafkaProducer.resource(producerSettings[UsageAlert](cfg, avro))
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
      alerts = new AlertPublisher(cfg.alertsTopic, xa, alertsP)
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), tariffs, producer, alerts), consumer)
  }

  private def producerSettings[V: vulcan.Codec](cfg: IngestConfig, avro: AvroSettings[IO]) =
    ProducerSettings(Serializer[IO, String], avroSerializer[V].forValue(avro))""")
        t.read(harness)
        t.edit(harness, """      tariffs <- Resource.eval(TariffLookup.cached(xa, 1.minute))
      repo = new ReadingRepo(xa)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, tariffs, producer), repo)""",
               """      alertsP <- KafkaProducer.resource(
        ProducerSettings(Serializer[IO, String], avroSerializer[UsageAlert].forValue(avro))
          .withBootstrapServers(bootstrap)
          .withProperty("max.block.ms", "10000")
      )
      tariffs <- Resource.eval(TariffLookup.cached(xa, 1.minute))
      repo = new ReadingRepo(xa)
      alerts = new AlertPublisher(cfg.alertsTopic, xa, alertsP)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, tariffs, producer, alerts), repo, xa)""")
        t.edit(harness, """final class IngestHarness(val pipeline: ReadingPipeline, val repo: ReadingRepo) {""",
               """final class IngestHarness(val pipeline: ReadingPipeline, val repo: ReadingRepo, val xa: doobie.Transactor[IO]) {""")
        t.edit(harness, """import com.fernhill.meterflow.core.events.MeterReading
""", """import com.fernhill.meterflow.core.alerts.UsageAlert
import com.fernhill.meterflow.core.events.MeterReading
import com.fernhill.meterflow.ingest.alerts.AlertPublisher
""")
        t.write(P("it/src/test/scala/com/fernhill/meterflow/it/AlertsPublisherIT.scala"), """package com.fernhill.meterflow.it

import cats.effect.IO
import com.fernhill.meterflow.core.alerts.{AlertLevel, UsageAlert}
import com.fernhill.meterflow.ingest.IngestHarness
import doobie.implicits.*
import munit.CatsEffectSuite

import java.time.Instant
import java.time.temporal.ChronoUnit
import scala.concurrent.duration.*

class AlertsPublisherIT extends CatsEffectSuite {

  override val munitIOTimeout: Duration = 60.seconds

  private val harness = ResourceSuiteLocalFixture("ingest", IngestHarness.resource(ItKafka.bootstrap, ItKafka.registry))

  override def munitFixtures = List(harness)

  private def freshMeter = s"it-${java.util.UUID.randomUUID().toString.take(8)}"

  private def baseline(meterId: String, avgDailyWh: Long): IO[Unit] =
    sql\"\"\"insert into meter_baselines (meter_id, avg_daily_wh, days, computed_at)
          values ($meterId, $avgDailyWh, 30, now())\"\"\".update.run.transact(harness().xa).void

  private def reading(meterId: String, start: Instant, wh: Long) =
    s\"\"\"{"meter":"$meterId","reg":"1.8.0","start":"$start","mins":30,"imp":$wh,"exp":0,"q":"A"}\"\"\"

  private val noon = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(12, ChronoUnit.HOURS)

  test("publishes an alert when today's import is over 3x the 30-day average") {
    val meterId = freshMeter
    for {
      _     <- baseline(meterId, 1000L)
      _     <- harness().process(reading(meterId, noon, 1600L))
      _     <- harness().process(reading(meterId, noon.plus(30, ChronoUnit.MINUTES), 1600L))
      alert <- ItKafka.awaitRecord[UsageAlert]("meter.alerts.v1")(_.meterId == meterId)
    } yield {
      assertEquals(alert.level, AlertLevel.Elevated)
      assertEquals(alert.usageWh, 3200L)
      assertEquals(alert.baselineWh, 1000L)
    }
  }

  test("does not alert below the threshold") {
    val meterId = freshMeter
    for {
      _ <- baseline(meterId, 1000L)
      _ <- harness().process(reading(meterId, noon, 500L))
      n <- sql"select count(*) from usage_alerts where meter_id = $meterId".query[Int].unique.transact(harness().xa)
    } yield assertEquals(n, 0)
  }
}
""")
        t.bash("docker compose exec -T postgres psql -U meterflow < docker/postgres/init/002_usage_alerts.sql",
               "Create the usage_alerts table in the running local Postgres", out="CREATE TABLE")
        alerts_it = 'sbt "it/testOnly com.fernhill.meterflow.it.AlertsPublisherIT"'
        c0 = d.clock
        warn = "\n".join(
            f"{hms(c0 + _dt.timedelta(seconds=34, milliseconds=k * 760 + HX.randint(0, 120)))} "
            f"[kafka-producer-network-thread | producer-2] WARN  o.apache.kafka.clients.NetworkClient - [Producer "
            f"clientId=producer-2] Error while fetching metadata with correlation id {k + 3} : "
            f"{{meter.alerts.v1=UNKNOWN_TOPIC_OR_PARTITION}}" for k in range(1, 14))
        t.fail(alerts_it, "Run the new alerts integration test", sbt_fail(d, f"""{compiling("core", 1)}
{compiling("ingest", 7)}
{compiling("ingest", 1, True)}
{compiling("tools", 1)}
{compiling("it", 3, True)}
com.fernhill.meterflow.it.AlertsPublisherIT:
{warn}
==> X com.fernhill.meterflow.it.AlertsPublisherIT.publishes an alert when today's import is over 3x the 30-day average  10.671s org.apache.kafka.common.errors.TimeoutException: Topic meter.alerts.v1 not present in metadata after 10000 ms.
  + does not alert below the threshold 0.152s
{failed_summary(2, 1, ["com.fernhill.meterflow.it.AlertsPublisherIT"])}""", "it / Test / testOnly", "sbt.TestsFailedException: Tests unsuccessful", 63),
               timeout=600000)
        wait(d, 63)
        t.say("The alert producer blocked for 10 s waiting for metadata of `meter.alerts.v1`, and the broker answered "
              "`UNKNOWN_TOPIC_OR_PARTITION`: the topic doesn't exist locally. Checking what the broker has.")
        t.bash("kcat -b localhost:9092 -L | grep 'topic \"'", "List the topics on the local broker", out="""  topic "meter.readings.raw.v1" with 6 partitions:
  topic "device.status.v1" with 3 partitions:
  topic "_schemas" with 1 partitions:
  topic "meter.readings.enriched.v1" with 6 partitions:
  topic "__consumer_offsets" with 50 partitions:""")
        t.read(topics)
        t.say("Auto-creation is off on the local broker (as on MSK), and the topics come from "
              "`docker/kafka/topics.txt` via `kafka-init`. Creating `meter.alerts.v1` on the running broker and adding "
              "it to the list so a fresh `make up` has it too.")
        t.bash("docker compose exec kafka kafka-topics --bootstrap-server localhost:9092 --create --topic meter.alerts.v1 "
               "--partitions 3 --replication-factor 1", "Create the alerts topic on the local broker",
               out="Created topic meter.alerts.v1.")
        t.edit(topics, """device.status.v1              3           cleanup.policy=compact
""", """device.status.v1              3           cleanup.policy=compact
meter.alerts.v1               3           retention.ms=2592000000
""")
        t.bash(alerts_it, "Re-run the alerts integration test",
               out=sbt_ok(d, munit_suite("com.fernhill.meterflow.it.AlertsPublisherIT", [
                   ("publishes an alert when today's import is over 3x the 30-day average", "2.844s"),
                   ("does not alert below the threshold", "0.131s")]) + "\n" + passed(2), 36), timeout=600000)
        wait(d, 36)
        t.done("""Usage alerts are in and the IT passes (2/2).

- `core/.../alerts/UsageAlert.scala`: `enum AlertLevel { Elevated, High }` (Avro enum) and `UsageAlert(meterId, day, usageWh, baselineWh, level, raisedAt)` with its vulcan codec — new subject `meter.alerts.v1-value`.
- `ingest/.../alerts/AlertPublisher.scala`: after a reading is stored, sums the meter's import for that **local** (Europe/Dublin) day and compares it with `meter_baselines.avg_daily_wh`: ≥3× Elevated, ≥5× High. Inserts into `usage_alerts` with `on conflict (meter_id, day) do nothing` and only publishes when the insert happened — so one alert per meter per day even with parallel processing or re-deliveries.
- `ReadingPipeline` calls it after the upsert and the enriched publish; `alerts-topic` in `application.conf`/`IngestConfig`; `IngestApp` and the IT harness have a second Avro producer for `UsageAlert`.
- `docker/postgres/init/002_usage_alerts.sql` (applied to your local DB too).
- `it/.../AlertsPublisherIT`: 2 × 1600 Wh against a 1000 Wh baseline → Elevated alert on the topic; 500 Wh → nothing in `usage_alerts`.

The first run failed with `TimeoutException: Topic meter.alerts.v1 not present in metadata after 10000 ms.` — the local broker doesn't auto-create topics. I created it with `kafka-topics --create` (3 partitions) and added it to `docker/kafka/topics.txt` (30-day retention). **Staging/prod need the topic in terraform before this ships**, or ingest will stall on the first alert the same way.

Note: once a meter has an Elevated alert for a day, a later High on the same day isn't sent. Tell me if High should upgrade it.""")

        t = d.task("aoife needs the alerts in the usage api: GET /meters/{meterId}/alerts, last 50 newest first, json "
                   "{day, level, usageWh, baselineWh, raisedAt}, level lowercase. with a test", tags=["oneoff:O2"])
        t.read(P("api/src/main/scala/com/fernhill/meterflow/api/ApiServer.scala"))
        t.glob("api/src/**/*.scala", [P(x) for x in [
            "api/src/main/scala/com/fernhill/meterflow/api/ApiMain.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/ApiServer.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/HealthRoutes.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/UsageRepo.scala",
            "api/src/main/scala/com/fernhill/meterflow/api/UsageRoutes.scala",
            "api/src/test/scala/com/fernhill/meterflow/api/UsageRoutesSuite.scala"]])
        av = P("api/src/main/scala/com/fernhill/meterflow/api/AlertView.scala")
        t.write(av, """package com.fernhill.meterflow.api

import com.fernhill.meterflow.core.alerts.AlertLevel
import io.circe.Encoder

import java.time.{Instant, LocalDate}

final case class AlertView(
    day: LocalDate,
    level: AlertLevel,
    usageWh: Long,
    baselineWh: Long,
    raisedAt: Instant
) derives Encoder.AsObject
""")
        t.write(P("api/src/main/scala/com/fernhill/meterflow/api/AlertRoutes.scala"), """package com.fernhill.meterflow.api

import cats.effect.IO
import com.fernhill.meterflow.core.alerts.AlertLevel
import doobie.*
import doobie.implicits.*
import doobie.postgres.implicits.*
import io.circe.syntax.*
import org.http4s.HttpRoutes
import org.http4s.circe.*
import org.http4s.dsl.io.*

trait AlertRepo {
  def recent(meterId: String, limit: Int): IO[List[AlertView]]
}

object AlertRepo {

  private given Meta[AlertLevel] = Meta[String].timap(AlertLevel.valueOf)(_.toString)

  def postgres(xa: Transactor[IO]): AlertRepo = new AlertRepo {
    def recent(meterId: String, limit: Int): IO[List[AlertView]] =
      sql\"\"\"select day, level, usage_wh, baseline_wh, raised_at
             from usage_alerts
            where meter_id = $meterId
            order by day desc
            limit $limit\"\"\".query[AlertView].to[List].transact(xa)
  }
}

final class AlertRoutes(repo: AlertRepo) {

  val routes: HttpRoutes[IO] = HttpRoutes.of[IO] { case GET -> Root / "meters" / meterId / "alerts" =>
    repo.recent(meterId, 50).flatMap(alerts => Ok(alerts.asJson))
  }
}
""")
        t.edit(P("api/src/main/scala/com/fernhill/meterflow/api/ApiServer.scala"), """      new UsageRoutes(new UsageRepo(xa)).routes <+>
        new HealthRoutes(xa).routes""", """      new UsageRoutes(new UsageRepo(xa)).routes <+>
        new AlertRoutes(AlertRepo.postgres(xa)).routes <+>
        new HealthRoutes(xa).routes""")
        t.write(P("api/src/test/scala/com/fernhill/meterflow/api/AlertRoutesSuite.scala"), """package com.fernhill.meterflow.api

import cats.effect.IO
import com.fernhill.meterflow.core.alerts.AlertLevel
import io.circe.Json
import munit.CatsEffectSuite
import org.http4s.circe.*
import org.http4s.implicits.*
import org.http4s.{Method, Request, Status}

import java.time.{Instant, LocalDate}

class AlertRoutesSuite extends CatsEffectSuite {

  private val alert = AlertView(LocalDate.parse("2026-10-19"), AlertLevel.Elevated, 3200L, 1000L,
    Instant.parse("2026-10-19T12:31:04Z"))

  private val repo = new AlertRepo {
    def recent(meterId: String, limit: Int): IO[List[AlertView]] =
      IO.pure(if (meterId == "100234") List(alert) else Nil)
  }

  private val app = new AlertRoutes(repo).routes.orNotFound

  test("returns the meter's alerts with a lowercase level") {
    for {
      res  <- app.run(Request[IO](Method.GET, uri"/meters/100234/alerts"))
      body <- res.as[Json]
    } yield {
      assertEquals(res.status, Status.Ok)
      assertEquals(
        body,
        Json.arr(
          Json.obj(
            "day"        -> Json.fromString("2026-10-19"),
            "level"      -> Json.fromString("elevated"),
            "usageWh"    -> Json.fromLong(3200L),
            "baselineWh" -> Json.fromLong(1000L),
            "raisedAt"   -> Json.fromString("2026-10-19T12:31:04Z")
          )
        )
      )
    }
  }

  test("empty list for a meter without alerts") {
    app.run(Request[IO](Method.GET, uri"/meters/555/alerts")).flatMap(_.as[Json]).assertEquals(Json.arr())
  }
}
""")
        dl = line_of(d, av, ") derives Encoder.AsObject")
        lvl = "com.fernhill.meterflow.core.alerts.AlertLevel"
        t.fail("sbt api/test", "Compile the api and run its tests", sbt_fail(d, f"""{compiling("api", 3)}
[error] -- [E172] Type Error: {av}:{dl}:2 
[error] {dl} |) derives Encoder.AsObject
[error]    |  ^
[error]    |No given instance of type io.circe.Encoder[{lvl}] was found.
[error]    |I found:
[error]    |
[error]    |    io.circe.Encoder.importedEncoder[{lvl}](
[error]    |      /* missing */summon[io.circe.export.Exported[io.circe.Encoder[{lvl}]]])
[error]    |
[error]    |But no implicit values were found that match type io.circe.export.Exported[io.circe.Encoder[{lvl}]].
[error]    |---------------------------------------------------------------------------
[error]    |Inline stack trace
[error]    |- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
[error]    |This location contains code that was inlined from Derivation.scala:97
[error]     ---------------------------------------------------------------------------
[error] one error found""", "api / Compile / compileIncremental", "Compilation failed", 22), timeout=600000)
        wait(d, 22)
        t.say("`AlertLevel` lives in core, which has no circe dependency, so there's no `Encoder` for it and the derived "
              "`AlertView` encoder can't be built. Adding a lowercase string encoder next to the view — in scope for the "
              "derivation in the companion.")
        t.edit(av, """    raisedAt: Instant
) derives Encoder.AsObject
""", """    raisedAt: Instant
) derives Encoder.AsObject

object AlertView {
  given Encoder[AlertLevel] = Encoder.encodeString.contramap(_.toString.toLowerCase)
}
""")
        t.bash("sbt api/test", "Compile the api and run its tests",
               out=sbt_ok(d, compiling("api", 3) + "\n" + compiling("api", 2, True) + "\n" +
                          munit_suite("com.fernhill.meterflow.api.AlertRoutesSuite", [
                              ("returns the meter's alerts with a lowercase level", "0.318s"),
                              ("empty list for a meter without alerts", "0.011s")]) + "\n" +
                          munit_suite("com.fernhill.meterflow.api.UsageRoutesSuite", [
                              ("daily usage for a month", "0.204s"), ("404 for an unknown meter", "0.009s"),
                              ("400 for a malformed month", "0.006s")]) + "\n" + passed(5), 38), timeout=600000)
        wait(d, 38)
        t.done("""`GET /meters/{meterId}/alerts` is in the api:

- `AlertView(day, level, usageWh, baselineWh, raisedAt)` with a derived circe encoder; `level` encodes lowercase (`"elevated"`, `"high"`) via a `given Encoder[AlertLevel]` in `AlertView`'s companion.
- `AlertRepo.postgres`: last 50 rows from `usage_alerts` for the meter, `order by day desc` (one alert per meter/day, so that's newest first). Level read back with a `Meta[AlertLevel]` over `text`.
- `AlertRoutes` mounted in `ApiServer` next to usage and health.
- `AlertRoutesSuite`: exact JSON for one alert, empty array for an unknown meter.

`sbt api/test`: 5/5. The first compile failed because `AlertLevel` comes from core without a circe encoder (`No given instance of type io.circe.Encoder[…AlertLevel]`); fixed with the encoder above.""")

        t = d.task("what's a sane retention for meter.alerts.v1? nobody looks at alerts older than a week in the app "
                   "but support sometimes digs into last month. we have them in postgres anyway", tags=["noise", "no_tools"])
        t.done("""I'd keep **7 days** on the topic, not the 30 I put in `topics.txt`.

- Postgres (`usage_alerts`) is the system of record for "what alerts did this meter get" — support's last-month questions go to the api/DB, not to Kafka.
- The topic only has to cover consumer downtime and replays: if the notification consumer (or whatever reads it next) is down over a long weekend or needs to reprocess after a bug, 7 days is plenty.
- Volume is tiny (at most one message per meter per day), so 30 days wouldn't cost anything either — the argument for 7 is less about disk and more about not creating a second, unofficial archive that people start depending on.

If you want a durable history in the lake as well, add `meter.alerts.v1` to the Kafka Connect S3 sink rather than stretching retention. I'll change the local line to `retention.ms=604800000` whenever you're next in that file; for MSK it's the terraform topic definition that counts.""")

    # ============================================================ S5  Thu 10-22
    with d.session("2026-10-22T09:05:00", R, branch="feat/anomaly-job", version="2.1.122"):
        t = d.task("morning. I was out tue afternoon + wed — what landed on main since monday? just the gist",
                   tags=["noise", "long_output"])
        commits = [
            ("Niamh Kelly", "2026-10-21", "ci: run scripts/schema-compat.sh against staging on every PR (#223)",
             [(".github/workflows/ci.yml", 21, 2), ("scripts/schema-compat.sh", 4, 1)]),
            ("Declan Byrne", "2026-10-21", "api: GET /meters/{id}/alerts (#222)",
             [("api/src/main/scala/com/fernhill/meterflow/api/AlertRoutes.scala", 39, 0),
              ("api/src/main/scala/com/fernhill/meterflow/api/AlertView.scala", 19, 0),
              ("api/src/main/scala/com/fernhill/meterflow/api/ApiServer.scala", 1, 0),
              ("api/src/test/scala/com/fernhill/meterflow/api/AlertRoutesSuite.scala", 56, 0)]),
            ("Declan Byrne", "2026-10-21", "ingest: usage alerts on meter.alerts.v1 (#221)",
             [("core/src/main/scala/com/fernhill/meterflow/core/alerts/UsageAlert.scala", 47, 0),
              ("docker/kafka/topics.txt", 1, 0), ("docker/postgres/init/002_usage_alerts.sql", 9, 0),
              ("ingest/src/main/resources/application.conf", 1, 0),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala", 8, 4),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestConfig.scala", 1, 0),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala", 5, 2),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/alerts/AlertPublisher.scala", 63, 0),
              ("ingest/src/test/scala/com/fernhill/meterflow/ingest/IngestHarness.scala", 11, 3),
              ("it/src/test/scala/com/fernhill/meterflow/it/AlertsPublisherIT.scala", 60, 0)]),
            ("Aoife Brennan", "2026-10-21", "api: cache monthly usage responses for 5 minutes (#220)",
             [("api/src/main/scala/com/fernhill/meterflow/api/UsageRoutes.scala", 24, 6),
              ("api/src/main/scala/com/fernhill/meterflow/api/UsageCache.scala", 41, 0),
              ("api/src/test/scala/com/fernhill/meterflow/api/UsageRoutesSuite.scala", 18, 0)]),
            ("scala-steward", "2026-10-20", "Update logback-classic to 1.5.20 (#219)", [("project/Dependencies.scala", 1, 1)]),
            ("Tomás Ó Súilleabháin", "2026-10-20", "deploy: ingest task memory 2048 -> 3072 (#218)",
             [("deploy/ecs/ingest-task.json", 2, 2)]),
            ("Declan Byrne", "2026-10-19", "ingest: fs2-kafka 3.9.1 (#217)", [("project/Dependencies.scala", 1, 1)]),
            ("Declan Byrne", "2026-10-19", "ingest: tariff code on enriched readings (#216)",
             [("core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala", 3, 1),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala", 4, 1),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala", 1, 1),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala", 6, 2),
              ("ingest/src/main/scala/com/fernhill/meterflow/ingest/TariffLookup.scala", 49, 0),
              ("ingest/src/test/scala/com/fernhill/meterflow/ingest/IngestHarness.scala", 5, 1),
              ("ingest/src/test/scala/com/fernhill/meterflow/ingest/TariffLookupSuite.scala", 49, 0),
              ("tools/src/main/scala/com/fernhill/meterflow/tools/ProduceSample.scala", 1, 1)]),
            ("Aoife Brennan", "2026-10-19", "api: 400 instead of 500 for a malformed month (#215)",
             [("api/src/main/scala/com/fernhill/meterflow/api/UsageRoutes.scala", 9, 3),
              ("api/src/test/scala/com/fernhill/meterflow/api/UsageRoutesSuite.scala", 8, 0)]),
            ("scala-steward", "2026-10-19", "Update munit-cats-effect to 2.1.1 (#213)", [("project/Dependencies.scala", 1, 1)]),
        ]
        lines = []
        for author, date, subj, files in commits:
            h = hx(7)
            lines.append(f"{h} {date} {author}  {subj}")
            for f, a, r in files:
                ch = a + r
                bar = "+" * min(a, 40) + "-" * min(r, 12)
                lines.append(f" {f:<84} | {ch:>3} {bar}")
            ins = sum(a for _, a, _ in files)
            dels = sum(r for _, _, r in files)
            lines.append(f" {len(files)} file{'s' if len(files) != 1 else ''} changed, {ins} insertion{'s' if ins != 1 else ''}(+)"
                         + (f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""))
            lines.append("")
        t.bash("git fetch -q origin && git log origin/main --since='2026-10-19 00:00' --no-merges "
               "--format='%h %ad %an  %s' --date=short --stat=120", "List what landed on main since Monday with file stats",
               out="\n".join(lines))
        t.done("""Ten commits on main since Monday:

**Yours (merged)**: tariff code on enriched readings (#216), fs2-kafka 3.9.1 (#217), usage alerts on `meter.alerts.v1` (#221), `GET /meters/{id}/alerts` (#222).

**Others**
- Niamh (#223): CI now runs `scripts/schema-compat.sh` against the **staging** registry on every PR — schema changes that staging would reject now fail the PR, not the deploy.
- Aoife: usage responses cached for 5 minutes in the api (#220, new `UsageCache`), and malformed months return 400 instead of 500 (#215).
- Tomás (#218): ingest ECS task memory 2 → 3 GB.
- scala-steward: logback 1.5.20, munit-cats-effect 2.1.1.

Nothing touches `jobs/`, so this branch rebases cleanly.""")

        aj = P("jobs/src/main/scala/com/fernhill/meterflow/jobs/AnomalyJob.scala")
        t = d.task("new batch job AnomalyJob: from daily_usage, flag meter-days where import_wh is more than 4 standard "
                   "deviations above that meter's trailing 28-day mean, only if there are at least 14 days of history. "
                   "output meter_id, usage_date, import_wh, mean_wh, stddev_wh, z. args --input --as-of --output. munit "
                   "suite like the bands one, then run it locally on data/sample/daily-usage as of 2026-09-30",
                   tags=["mistake:M1"])
        t.read(job)
        t.read(P("jobs/src/test/scala/com/fernhill/meterflow/jobs/SparkSuite.scala"))
        t.write(aj, """package com.fernhill.meterflow.jobs

import org.apache.spark.sql.expressions.Window
import org.apache.spark.sql.functions._
import org.apache.spark.sql.{DataFrame, SparkSession}

import java.sql.Date
import java.time.LocalDate

/** Flags meter-days whose import is far above the meter's trailing 28-day mean.
  *
  * args: --input <daily_usage path> --as-of <yyyy-MM-dd> --output <path>
  */
object AnomalyJob {

  final case class Args(input: String, asOf: LocalDate, output: String)

  def main(args: Array[String]): Unit = {
    val a     = parseArgs(args)
    val spark = SparkSession.builder().appName("usage-anomalies").getOrCreate()
    try {
      anomalies(spark.read.parquet(a.input), a.asOf).write
        .mode("overwrite")
        .parquet(s"${a.output}/as_of=${a.asOf}")
    } finally spark.stop()
  }

  def parseArgs(args: Array[String]): Args = {
    val kv = args.sliding(2, 2).collect { case Array(k, v) if k.startsWith("--") => k.drop(2) -> v }.toMap
    Args(kv("input"), LocalDate.parse(kv("as-of")), kv("output"))
  }

  def anomalies(
      daily: DataFrame,
      asOf: LocalDate,
      window: Int = 28,
      minDays: Int = 14,
      threshold: Double = 4.0
  ): DataFrame = {
    val trailing = Window.partitionBy("meter_id").orderBy(col("usage_date")).rowsBetween(-window, -1)
    daily
      .where(col("usage_date") <= lit(Date.valueOf(asOf)))
      .withColumn("mean_wh", avg("import_wh").over(trailing))
      .withColumn("stddev_wh", stddev_samp("import_wh").over(trailing))
      .withColumn("history_days", count(lit(1)).over(trailing))
      .where(col("usage_date") === lit(Date.valueOf(asOf)))
      .where(col("history_days") >= minDays && col("stddev_wh") > 0)
      .withColumn("z", (col("import_wh") - col("mean_wh")) / col("stddev_wh"))
      .where(col("z") > threshold)
      .select("meter_id", "usage_date", "import_wh", "mean_wh", "stddev_wh", "z")
  }
}
""")
        t.write(P("jobs/src/test/scala/com/fernhill/meterflow/jobs/AnomalyJobSuite.scala"), """package com.fernhill.meterflow.jobs

import java.sql.Date
import java.time.LocalDate

class AnomalyJobSuite extends SparkSuite {

  private val start = LocalDate.parse("2026-09-01")

  // 29 ordinary days around 10.4 kWh
  private val ordinary = Seq.tabulate(29)(i => 10000L + (i % 5) * 200L)

  private def daily(meter: String, whs: Seq[Long]) = {
    val s = spark()
    import s.implicits._
    whs.zipWithIndex
      .map { case (wh, i) => (meter, Date.valueOf(start.plusDays(i.toLong)), wh) }
      .toDF("meter_id", "usage_date", "import_wh")
  }

  test("flags a day far above the trailing mean") {
    val out = AnomalyJob.anomalies(daily("m1", ordinary :+ 60000L), start.plusDays(29)).collect()

    assertEquals(out.map(_.getAs[String]("meter_id")).toList, List("m1"))
    assert(out.head.getAs[Double]("z") > 4.0)
  }

  test("an ordinary day is not flagged") {
    assertEquals(AnomalyJob.anomalies(daily("m1", ordinary :+ 10400L), start.plusDays(29)).count(), 0L)
  }

  test("needs at least 14 days of history") {
    val whs = Seq.tabulate(10)(i => 10000L + i * 100L) :+ 60000L
    assertEquals(AnomalyJob.anomalies(daily("m2", whs), start.plusDays(10)).count(), 0L)
  }

  test("parses --key value arguments") {
    assertEquals(
      AnomalyJob.parseArgs(Array("--input", "in", "--as-of", "2026-09-30", "--output", "out")),
      AnomalyJob.Args("in", LocalDate.parse("2026-09-30"), "out")
    )
  }
}
""")
        t.bash('sbt "jobs/testOnly *AnomalyJobSuite"', "Run the anomaly job suite",
               out=sbt_ok(d, compiling("jobs", 1, scala="2.12") + "\n" + compiling("jobs", 1, True, "2.12") + "\n" +
                          munit_suite("com.fernhill.meterflow.jobs.AnomalyJobSuite", [
                              ("flags a day far above the trailing mean", "8.114s"),
                              ("an ordinary day is not flagged", "0.913s"),
                              ("needs at least 14 days of history", "0.702s"),
                              ("parses --key value arguments", "0.001s")]) + "\n" + passed(4), 49), timeout=600000)
        wait(d, 49)
        a_args = "--input data/sample/daily-usage --as-of 2026-09-30 --output /tmp/anomalies"
        pl = line_of(d, aj, "val kv = args.sliding(2, 2)")
        ml2 = line_of(d, aj, "val a     = parseArgs(args)")
        t.fail(f"make -s spark-local JOB=AnomalyJob ARGS='{a_args}'", "Run AnomalyJob locally on the sample",
               assembly_out(d, 0, 17) + f"""
WARNING: Using incubator modules: jdk.incubator.vector
Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties
{slog(d, 21)} WARN NativeCodeLoader: Unable to load native-hadoop library for your platform... using builtin-java classes where applicable
Exception in thread "main" java.lang.NoSuchMethodError: 'java.lang.Object[] scala.Predef$.refArrayOps(java.lang.Object[])'
	at com.fernhill.meterflow.jobs.AnomalyJob$.parseArgs(AnomalyJob.scala:{pl})
	at com.fernhill.meterflow.jobs.AnomalyJob$.main(AnomalyJob.scala:{ml2})
	at com.fernhill.meterflow.jobs.AnomalyJob.main(AnomalyJob.scala)
{SUBMIT_FRAMES}
{spark_shutdown(d, 22)}
make: *** [Makefile:{ml}: spark-local] Error 1""", code=2, timeout=600000)
        wait(d, 23)
        t.say("The tests pass but the submitted job dies in `parseArgs` with a `NoSuchMethodError` on "
              "`Predef.refArrayOps` — a Scala standard-library method whose signature differs between 2.12 and 2.13. "
              "The jar is 2.12, so the Spark it ran on must be a 2.13 build. Checking which one.")
        t.bash("echo \"SPARK_HOME=$SPARK_HOME\"; ls -d ~/opt/spark-*", "Check SPARK_HOME and the installed Spark versions",
               out=f"SPARK_HOME={SPARK4}\n/home/declan/opt/spark-3.5.5-bin-hadoop3  /home/declan/opt/spark-4.0.1-bin-hadoop3")
        t.say("`SPARK_HOME` in your environment is Spark 4.0.1 (Scala 2.13 only). The jobs target EMR 7's Spark 3.5 / "
              "Scala 2.12, so running on the 3.5.5 install instead:")
        s35 = "/home/declan/opt/spark-3.5.5-bin-hadoop3"
        st = lambda k: slog(d, 30 + k)
        run_log = assembly_out(d, 0, 14) + f"""
Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties
{st(1)} WARN NativeCodeLoader: Unable to load native-hadoop library for your platform... using builtin-java classes where applicable
{spark_ctx_start(d, "3.5.5", "usage-anomalies", 31)}
{st(3)} INFO InMemoryFileIndex: It took 61 ms to list leaf files for 1 paths.
{st(3)} INFO SparkContext: Starting job: parquet at AnomalyJob.scala:{ml2 + 3}
{st(3)} INFO DAGScheduler: Got job 0 (parquet at AnomalyJob.scala:{ml2 + 3}) with 1 output partitions
{st(4)} INFO DAGScheduler: Job 0 finished: parquet at AnomalyJob.scala:{ml2 + 3}, took 0.801274 s
{st(4)} INFO InMemoryFileIndex: It took 14 ms to list leaf files for 6 paths.
{st(5)} INFO FileSourceStrategy: Pushed Filters: IsNotNull(usage_date),LessThanOrEqual(usage_date,2026-09-30)
{st(5)} INFO FileSourceStrategy: Post-Scan Filters: isnotnull(usage_date#1),(usage_date#1 <= 2026-09-30)
{st(5)} INFO ParquetUtils: Using default output committer for Parquet: org.apache.parquet.hadoop.ParquetOutputCommitter
{st(5)} INFO FileOutputCommitter: File Output Committer Algorithm version is 1
{st(5)} INFO CodeGenerator: Code generated in 212.908381 ms
{st(6)} INFO FileSourceScanExec: Planning scan with bin packing, max size: 4194304 bytes, open cost is considered as scanning 4194304 bytes.
{st(6)} INFO SparkContext: Starting job: parquet at AnomalyJob.scala:{ml2 + 5}
{st(6)} INFO DAGScheduler: Registering RDD 7 (parquet at AnomalyJob.scala:{ml2 + 5}) as input to shuffle 0
{st(6)} INFO DAGScheduler: Got job 1 (parquet at AnomalyJob.scala:{ml2 + 5}) with 200 output partitions
{st(6)} INFO DAGScheduler: Submitting 6 missing tasks from ShuffleMapStage 1 (MapPartitionsRDD[7] at parquet at AnomalyJob.scala:{ml2 + 5}) (first 15 tasks are for partitions Vector(0, 1, 2, 3, 4, 5))
{st(6)} INFO TaskSchedulerImpl: Adding task set 1.0 with 6 tasks resource profile 0
{st(9)} INFO TaskSetManager: Finished task 5.0 in stage 1.0 (TID 6) in 2412 ms on {HOST_IP} (executor driver) (1/6)
{st(9)} INFO TaskSetManager: Finished task 0.0 in stage 1.0 (TID 1) in 2503 ms on {HOST_IP} (executor driver) (6/6)
{st(9)} INFO DAGScheduler: ShuffleMapStage 1 (parquet at AnomalyJob.scala:{ml2 + 5}) finished in 2.611 s
{st(12)} INFO DAGScheduler: ResultStage 2 (parquet at AnomalyJob.scala:{ml2 + 5}) finished in 3.018 s
{st(12)} INFO DAGScheduler: Job 1 finished: parquet at AnomalyJob.scala:{ml2 + 5}, took 5.774129 s
{st(12)} INFO FileFormatWriter: Start to commit write Job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}.
{st(12)} INFO FileFormatWriter: Write Job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} committed. Elapsed time: 37 ms.
{spark_ctx_stop(d, 43)}
{spark_shutdown(d, 43, 2)}"""
        t.bash(f"make -s spark-local SPARK_HOME={s35} JOB=AnomalyJob ARGS='{a_args}'",
               "Run AnomalyJob locally on the Spark 3.5 / Scala 2.12 install", out=run_log, timeout=600000)
        wait(d, 45)
        t.bash("duckdb -c \"select meter_id, import_wh, round(mean_wh) as mean_wh, round(stddev_wh) as stddev_wh, "
               "round(z, 1) as z from read_parquet('/tmp/anomalies/as_of=2026-09-30/*.parquet') order by z desc\"",
               "Show the flagged meters", out=duck(
                   ["meter_id", "import_wh", "mean_wh", "stddev_wh", "z"],
                   ["varchar", "int64", "double", "double", "double"],
                   [("137702", 98410, 11874.0, 2210.0, 39.2), ("104418", 61200, 14302.0, 3988.0, 11.8),
                    ("158861", 33975, 8120.0, 2547.0, 10.2), ("121090", 27640, 9871.0, 2974.0, 6.0),
                    ("110553", 21380, 10214.0, 2431.0, 4.6)]))
        t.done("""`AnomalyJob` is in `jobs/` (Scala 2.12 like the others):

- `anomalies(daily, asOf, window = 28, minDays = 14, threshold = 4.0)`: trailing window of the 28 previous rows per meter (excluding the day itself) → `mean_wh`, `stddev_wh` (sample), `history_days`; keeps the as-of day when there are ≥14 days of history, stddev > 0 and `z > 4`. Output columns as asked, written to `<output>/as_of=<date>`.
- `--input/--as-of/--output` parsed as key/value pairs.
- `AnomalyJobSuite` (munit, on `SparkSuite`): spike flagged, ordinary day not flagged, <14 days of history not flagged, arg parsing. 4/4.

Local run on the sample as of 2026-09-30: 5 meters flagged out of ~500. `137702` is extreme (98 kWh vs ~12 kWh mean, z ≈ 39) — worth a look, that smells like a register rollover or a meter swap rather than consumption.

Running it: `make spark-local` picked up `SPARK_HOME=~/opt/spark-4.0.1-bin-hadoop3` from your environment and died with `NoSuchMethodError … Predef$.refArrayOps` (Scala 2.12 jar on a 2.13 Spark). With `SPARK_HOME=/home/declan/opt/spark-3.5.5-bin-hadoop3` on the make command line it runs.""")

        d.precompact("""Analysis: Declan Byrne (Fernhill Energy, meter data platform) works on fernhill-energy/meterflow: sbt 1.11 multi-project build, Scala 3.3 modules core/ingest/api/tools/it (cats-effect IO, fs2-kafka + vulcan Avro via Confluent Schema Registry, doobie/Postgres, http4s), jobs module on Scala 2.12 / Spark 3.5 for EMR 7, munit for new tests. Local stack via docker compose (Kafka KRaft, Schema Registry, Postgres). Current branch feat/anomaly-job.
Summary:
1. Reviewed what landed on main since Monday: Declan's tariff code (#216), fs2-kafka 3.9.1 (#217), usage alerts (#221), alerts endpoint (#222); Niamh's CI schema-compat check against staging (#223); Aoife's usage cache (#220) and 400 for malformed months (#215); Tomás' ingest memory bump (#218); steward bumps.
2. Wrote jobs/src/main/scala/com/fernhill/meterflow/jobs/AnomalyJob.scala (trailing 28-row window per meter, min 14 days history, z > 4, --input/--as-of/--output) and AnomalyJobSuite (munit on SparkSuite, 4 tests passing).
3. Ran it locally via make spark-local on data/sample/daily-usage as of 2026-09-30 (needed SPARK_HOME=/home/declan/opt/spark-3.5.5-bin-hadoop3 on the make command line because the shell's SPARK_HOME is Spark 4.0.1); 5 meters flagged, 137702 suspicious (z ≈ 39).
Pending: nothing requested yet beyond the anomaly job.""")

        brk = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/Breaker.scala")
        tls = P("ingest/src/test/scala/com/fernhill/meterflow/ingest/TariffLookupSuite.scala")
        t = d.task("different thing on the same branch: last night's RDS failover stalled ingest for 6 minutes because "
                   "every cache miss in TariffLookup waited on postgres. put a 300ms timeout and a simple circuit "
                   "breaker around the db load — after 5 failures in a row stop calling postgres for 30s and publish "
                   "without a tariffCode (log it). concrete IO, no effect polymorphism or tagless final, same as the "
                   "rest of ingest", tags=["pref:P1"])
        t.read(tl)
        t.write(brk, """package com.fernhill.meterflow.ingest

import cats.effect.{IO, Ref}

import java.time.Instant
import scala.concurrent.duration.FiniteDuration
import scala.util.control.NoStackTrace

/** Minimal circuit breaker: opens after `maxFailures` consecutive failures and fails fast for `openFor`. After that
  * one call is let through again; a success closes it, a failure opens it for another `openFor`.
  */
final class Breaker private (state: Ref[IO, Breaker.State], maxFailures: Int, openFor: FiniteDuration) {
  import Breaker.*

  def protect[A](fa: IO[A]): IO[A] =
    IO.realTimeInstant.flatMap { now =>
      state.get.flatMap {
        case State.Open(until) if now.isBefore(until) => IO.raiseError(Breaker.Open)
        case _ =>
          fa.flatTap(_ => state.set(State.Closed(0))).onError { case _ =>
            state.update {
              case State.Closed(n) if n + 1 < maxFailures => State.Closed(n + 1)
              case _                                      => State.Open(now.plusMillis(openFor.toMillis))
            }
          }
      }
    }
}

object Breaker {

  enum State {
    case Closed(failures: Int)
    case Open(until: Instant)
  }

  case object Open extends RuntimeException("circuit breaker open") with NoStackTrace

  def create(maxFailures: Int, openFor: FiniteDuration): IO[Breaker] =
    Ref.of[IO, State](State.Closed(0)).map(new Breaker(_, maxFailures, openFor))
}
""")
        t.edit(tl, """import cats.effect.{IO, Ref}
import doobie.*
import doobie.implicits.*
import doobie.postgres.implicits.*
""", """import cats.effect.{IO, Ref}
import doobie.*
import doobie.implicits.*
import doobie.postgres.implicits.*
import org.typelevel.log4cats.Logger
""")
        t.edit(tl, """  def cached(xa: Transactor[IO], ttl: FiniteDuration): IO[TariffLookup] =
    fromLoader(meterId => periodsQuery(meterId).to[List].transact(xa), ttl)

  def fromLoader(load: String => IO[List[TariffPeriod]], ttl: FiniteDuration): IO[TariffLookup] =""",
               """  /** DB-backed lookup. A load gets 300ms; after 5 failed loads in a row Postgres is left alone for 30s. */
  def cached(xa: Transactor[IO], ttl: FiniteDuration)(using Logger[IO]): IO[TariffLookup] =
    Breaker.create(maxFailures = 5, openFor = 30.seconds).flatMap { breaker =>
      fromLoader(meterId => breaker.protect(periodsQuery(meterId).to[List].transact(xa).timeout(300.millis)), ttl)
    }

  /** A failed load answers None (the reading is published without tariffCode) and is not cached. */
  def fromLoader(load: String => IO[List[TariffPeriod]], ttl: FiniteDuration)(using
      log: Logger[IO]
  ): IO[TariffLookup] =""")
        t.edit(tl, """              case _ => load(meterId).flatTap(ps => cache.update(_.updated(meterId, Entry(ps, now))))""",
               """              case _ =>
                load(meterId)
                  .flatTap(ps => cache.update(_.updated(meterId, Entry(ps, now))))
                  .handleErrorWith { e =>
                    log
                      .warn(s"tariff lookup for meter $meterId failed (${e.getMessage}), publishing without tariffCode")
                      .as(Nil)
                  }""")
        t.read(tls)
        t.edit(tls, """import munit.CatsEffectSuite
""", """import munit.CatsEffectSuite
import org.typelevel.log4cats.Logger
import org.typelevel.log4cats.noop.NoOpLogger
""")
        t.edit(tls, """class TariffLookupSuite extends CatsEffectSuite {
""", """class TariffLookupSuite extends CatsEffectSuite {

  private given Logger[IO] = NoOpLogger[IO]
""")
        t.edit(tls, """    } yield assertEquals(n, 1)
  }
}""", """    } yield assertEquals(n, 1)
  }

  test("a failed load answers None and is retried on the next lookup") {
    for {
      loads  <- Ref.of[IO, Int](0)
      lookup <- TariffLookup.fromLoader(_ => loads.update(_ + 1) *> IO.raiseError(new RuntimeException("db down")), 10.minutes)
      first  <- lookup.tariffFor("100234", Instant.parse("2026-10-12T08:00:00Z"))
      _      <- lookup.tariffFor("100234", Instant.parse("2026-10-12T08:00:00Z"))
      n      <- loads.get
    } yield {
      assertEquals(first, None)
      assertEquals(n, 2)
    }
  }
}""")
        t.write(P("ingest/src/test/scala/com/fernhill/meterflow/ingest/BreakerSuite.scala"), """package com.fernhill.meterflow.ingest

import cats.effect.{IO, Ref}
import munit.CatsEffectSuite

import scala.concurrent.duration.*

class BreakerSuite extends CatsEffectSuite {

  private val boom = IO.raiseError[Int](new RuntimeException("db down"))

  test("opens after 5 consecutive failures and then fails fast") {
    for {
      b     <- Breaker.create(maxFailures = 5, openFor = 30.seconds)
      calls <- Ref.of[IO, Int](0)
      _     <- b.protect(calls.update(_ + 1) *> boom).attempt.replicateA_(5)
      r     <- b.protect(calls.update(_ + 1) *> boom).attempt
      n     <- calls.get
    } yield {
      assertEquals(n, 5)
      assertEquals(r, Left(Breaker.Open))
    }
  }

  test("lets a call through again after openFor") {
    for {
      b <- Breaker.create(maxFailures = 1, openFor = 50.millis)
      _ <- b.protect(boom).attempt
      _ <- IO.sleep(80.millis)
      r <- b.protect(IO.pure(7))
    } yield assertEquals(r, 7)
  }

  test("a success resets the failure count") {
    for {
      b <- Breaker.create(maxFailures = 2, openFor = 30.seconds)
      _ <- b.protect(boom).attempt
      _ <- b.protect(IO.unit)
      _ <- b.protect(boom).attempt
      r <- b.protect(IO.pure(1)).attempt
    } yield assertEquals(r, Right(1))
  }
}
""")
        t.bash('sbt "ingest/testOnly com.fernhill.meterflow.ingest.TariffLookupSuite com.fernhill.meterflow.ingest.BreakerSuite"',
               "Run the tariff lookup and breaker suites",
               out=sbt_ok(d, compiling("ingest", 5) + "\n" + compiling("ingest", 3, True) + "\n" +
                          munit_suite("com.fernhill.meterflow.ingest.TariffLookupSuite", tl_suite + [
                              ("a failed load answers None and is retried on the next lookup", "0.009s")]) + "\n" +
                          munit_suite("com.fernhill.meterflow.ingest.BreakerSuite", [
                              ("opens after 5 consecutive failures and then fails fast", "0.021s"),
                              ("lets a call through again after openFor", "0.094s"),
                              ("a success resets the failure count", "0.002s")]) + "\n" + passed(7), 44), timeout=600000)
        wait(d, 44)
        t.done("""Tariff lookups can't stall ingest on Postgres any more:

- `ingest/.../Breaker.scala` (new): small `IO` circuit breaker over a `Ref` — `Closed(failures)` / `Open(until)`; opens after N consecutive failures, fails fast with `Breaker.Open` until `openFor` has passed, then lets one call through (success closes, failure re-opens).
- `TariffLookup.cached`: each DB load is `.timeout(300.millis)` inside `breaker.protect`, breaker = 5 failures / 30 s.
- `TariffLookup.fromLoader`: a failed load (timeout, DB error, open breaker) logs a warning `tariff lookup for meter … failed (…), publishing without tariffCode` and answers `None`; failures are **not** cached, so the meter is looked up again once Postgres is back. Cached meters keep working throughout.
- Tests: `BreakerSuite` (opens after 5, recovers after `openFor`, success resets the count) and a new `TariffLookupSuite` case for the failed load. 7/7.

Everything is plain `IO`, no type parameters. During an RDS failover you'll now see enriched readings with `tariffCode = null` for uncached meters for up to ~30 s after the DB comes back — if billing can't live with that, the alternative is to block only on cache misses of *new* meters.""")

        t = d.task("ok ship the branch: checks, tests, push, PR", tags=["workflow:W1"])
        t.bash('sbt scalafmtCheckAll "scalafixAll --check" test', "Format check, scalafix check and all unit tests",
               out=sbt_ok(d, "\n".join([
                   compiling("core", 3), compiling("ingest", 12), compiling("api", 8), compiling("tools", 4),
                   compiling("jobs", 3, scala="2.12"),
                   compiling("ingest", 5, True), compiling("api", 3, True), compiling("jobs", 5, True, "2.12"),
                   munit_suite("com.fernhill.meterflow.ingest.RawReadingSuite", raw_suite),
                   munit_suite("com.fernhill.meterflow.ingest.TariffLookupSuite", tl_suite + [
                       ("a failed load answers None and is retried on the next lookup", "0.008s")]),
                   munit_suite("com.fernhill.meterflow.ingest.BreakerSuite", [
                       ("opens after 5 consecutive failures and then fails fast", "0.019s"),
                       ("lets a call through again after openFor", "0.091s"),
                       ("a success resets the failure count", "0.002s")]),
                   passed(11),
                   munit_suite("com.fernhill.meterflow.api.AlertRoutesSuite", [
                       ("returns the meter's alerts with a lowercase level", "0.297s"),
                       ("empty list for a meter without alerts", "0.010s")]),
                   munit_suite("com.fernhill.meterflow.api.UsageRoutesSuite", [
                       ("daily usage for a month", "0.188s"), ("404 for an unknown meter", "0.008s"),
                       ("400 for a malformed month", "0.005s"), ("second request within 5 minutes is served from the cache", "0.012s")]),
                   passed(6),
                   "[info] DailyUsageJobSpec:",
                   "[info] - sums import and export per meter and local day",
                   "[info] - puts a summer reading after 23:00 UTC on the next local day",
                   "[info] Run completed in 11 seconds, 904 milliseconds.",
                   "[info] Total number of tests run: 2",
                   "[info] Suites: completed 1, aborted 0",
                   "[info] Tests: succeeded 2, failed 0, canceled 0, ignored 0, pending 0",
                   "[info] All tests passed.",
                   munit_suite("com.fernhill.meterflow.jobs.DailyUsageBandsSuite", [
                       ("splits import into night, day and peak by Irish local time", "6.872s"),
                       ("23:30 UTC in summer is 00:30 on the next local day, night band", "0.655s")]),
                   munit_suite("com.fernhill.meterflow.jobs.AnomalyJobSuite", [
                       ("flags a day far above the trailing mean", "5.904s"),
                       ("an ordinary day is not flagged", "0.861s"),
                       ("needs at least 14 days of history", "0.644s"),
                       ("parses --key value arguments", "0.001s")]),
                   passed(8)]), 167), timeout=600000)
        wait(d, 167)
        t.bash("git add -A && git commit -m \"jobs: AnomalyJob (z-score over trailing 28 days)\" "
               "-m \"ingest: 300ms timeout + circuit breaker around tariff loads; publish without tariffCode when open\"",
               "Commit the anomaly job and the breaker", out=f"""[feat/anomaly-job {hx(7)}] jobs: AnomalyJob (z-score over trailing 28 days)
 6 files changed, 241 insertions(+), 6 deletions(-)
 create mode 100644 ingest/src/main/scala/com/fernhill/meterflow/ingest/Breaker.scala
 create mode 100644 ingest/src/test/scala/com/fernhill/meterflow/ingest/BreakerSuite.scala
 create mode 100644 jobs/src/main/scala/com/fernhill/meterflow/jobs/AnomalyJob.scala
 create mode 100644 jobs/src/test/scala/com/fernhill/meterflow/jobs/AnomalyJobSuite.scala""")
        t.bash("git push -u origin feat/anomaly-job", "Push the branch", err=git_push_new("feat/anomaly-job"))
        t.bash("gh pr create --base main --title \"AnomalyJob + circuit breaker around tariff lookups\" --body \"$(cat <<'EOF'\n"
               "Two independent changes:\n\n"
               "- **jobs: AnomalyJob** flags meter-days with import > 4 sd above the meter's trailing 28-day mean "
               "(needs 14 days of history). Args `--input --as-of --output`, writes `<output>/as_of=<date>`.\n"
               "- **ingest: tariff lookups** get a 300ms timeout and a circuit breaker (5 failures -> 30s open). "
               "While the DB is unavailable, uncached meters are published without `tariffCode` instead of stalling "
               "the consumer (last night's failover).\n\n"
               "Tests: AnomalyJobSuite, BreakerSuite, TariffLookupSuite.\nEOF\n)\"",
               "Open the pull request", out=f"{GH}/pull/225")
        t.done(f"""Shipped: scalafmt + scalafix checks clean, all unit tests green (ingest 11, api 6, jobs 8), pushed `feat/anomaly-job` and opened **{GH}/pull/225** against main with both changes described separately.""")

    # ============================================================ S6  Mon 10-26
    with d.session("2026-10-26T10:30:00", R, branch="feat/device-firmware", version="2.1.124"):
        ds = P("core/src/main/scala/com/fernhill/meterflow/core/events/DeviceStatus.scala")
        dsp = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/DeviceStatusPipeline.scala")
        t = d.task("head-end started sending the comms module firmware version on status messages (\"fw\": "
                   "\"4.12.0\"). add firmwareVersion to DeviceStatus — optional, older modules don't report it — and "
                   "run the schema compat check against staging before I open the PR, CI does it anyway now",
                   tags=["mistake:M2"])
        t.read(ds)
        t.read(dsp)
        t.edit(ds, """    batteryPct: Option[Int],
    reportedAt: Instant
)""", """    batteryPct: Option[Int],
    reportedAt: Instant,
    firmwareVersion: Option[String]
)""")
        t.edit(ds, """      field("reportedAt", _.reportedAt)
    ).mapN(DeviceStatus.apply)""", """      field("reportedAt", _.reportedAt),
      field("firmwareVersion", _.firmwareVersion)
    ).mapN(DeviceStatus.apply)""")
        t.edit(dsp, """final case class RawStatus(meter: String, state: String, rssi: Option[Int], batt: Option[Int], at: Instant)
    derives Decoder""", """final case class RawStatus(
    meter: String,
    state: String,
    rssi: Option[Int],
    batt: Option[Int],
    at: Instant,
    fw: Option[String]
) derives Decoder""")
        t.edit(dsp, "DeviceStatus(r.meter, r.state.toUpperCase, r.rssi, r.batt, r.at)",
               "DeviceStatus(r.meter, r.state.toUpperCase, r.rssi, r.batt, r.at, r.fw.filter(_.nonEmpty))")
        t.write(P("ingest/src/test/scala/com/fernhill/meterflow/ingest/DeviceStatusPipelineSuite.scala"), """package com.fernhill.meterflow.ingest

import io.circe.parser.decode
import munit.FunSuite

class DeviceStatusPipelineSuite extends FunSuite {

  private def event(json: String) = DeviceStatusPipeline.toEvent(decode[RawStatus](json).fold(throw _, identity))

  test("carries the firmware version when the module reports it") {
    val e = event(\"\"\"{"meter":"100234","state":"online","rssi":-71,"batt":88,"at":"2026-10-26T09:00:00Z","fw":"4.12.0"}\"\"\")
    assertEquals(e.firmwareVersion, Some("4.12.0"))
    assertEquals(e.status, "ONLINE")
  }

  test("no firmware version from older modules") {
    val e = event(\"\"\"{"meter":"100234","state":"online","rssi":-71,"batt":88,"at":"2026-10-26T09:00:00Z"}\"\"\")
    assertEquals(e.firmwareVersion, None)
  }
}
""")
        ingest_suites = "\n".join([
            munit_suite("com.fernhill.meterflow.ingest.BreakerSuite", [
                ("opens after 5 consecutive failures and then fails fast", "0.020s"),
                ("lets a call through again after openFor", "0.092s"),
                ("a success resets the failure count", "0.002s")]),
            munit_suite("com.fernhill.meterflow.ingest.DeviceStatusPipelineSuite", [
                ("carries the firmware version when the module reports it", "0.047s"),
                ("no firmware version from older modules", "0.001s")]),
            munit_suite("com.fernhill.meterflow.ingest.RawReadingSuite", raw_suite),
            munit_suite("com.fernhill.meterflow.ingest.TariffLookupSuite", tl_suite + [
                ("a failed load answers None and is retried on the next lookup", "0.008s")])])
        t.bash("sbt ingest/test", "Compile and run the ingest tests",
               out=sbt_ok(d, compiling("core", 1) + "\n" + compiling("ingest", 2) + "\n" + compiling("ingest", 1, True) +
                          "\n" + ingest_suites + "\n" + passed(13), 47), timeout=600000)
        wait(d, 47)
        stg = "https://schema-registry.stg.meterflow.fernhill.internal"
        old_dev = avro_schema("DeviceStatus", DEVICE_FIELDS)
        msgs = [f"{{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field 'firmwareVersion' at path "
                f"'/fields/5' in the new schema has no default value and is missing in the old schema', "
                f"additionalInfo:'firmwareVersion'}}", "{oldSchemaVersion: 2}", f"{{oldSchema: '{old_dev}'}}",
                "{validateFields: 'false', compatibility: 'BACKWARD'}"]
        resp = json.dumps({"is_compatible": False, "messages": msgs}, separators=(",", ":"))
        ok = '{"is_compatible":true,"messages":[]}'
        t.fail("./scripts/schema-compat.sh staging", "Check the Avro schemas against the staging registry",
               f"""checking device.status.v1-value against {stg} ...
{resp}
checking meter.alerts.v1-value against {stg} ...
{ok}
checking meter.readings.enriched.v1-value against {stg} ...
{ok}
FAIL: 1 subject(s) not compatible with {stg}""", timeout=300000)
        wait(d, 35)
        t.say("Staging rejects the new `DeviceStatus`: `firmwareVersion` has no default, and under BACKWARD a reader on "
              "the new schema must be able to read the two versions already there. Giving the optional field a `null` "
              "default in the codec.")
        t.edit(ds, """      field("firmwareVersion", _.firmwareVersion)""",
               """      field("firmwareVersion", _.firmwareVersion, default = Some(None))""")
        t.bash("./scripts/schema-compat.sh staging", "Re-run the staging schema check",
               out=f"""checking device.status.v1-value against {stg} ...
{ok}
checking meter.alerts.v1-value against {stg} ...
{ok}
checking meter.readings.enriched.v1-value against {stg} ...
{ok}
all subjects compatible""", timeout=300000)
        wait(d, 31)
        t.done("""`DeviceStatus` has `firmwareVersion: Option[String]` and staging's registry accepts it.

- Codec: `field("firmwareVersion", _.firmwareVersion, default = Some(None))` → Avro `["null","string"]` with `"default": null`.
- `RawStatus` decodes the optional `fw` field; `toEvent` maps an empty string to `None`.
- `DeviceStatusPipelineSuite` (new): with and without `fw`. Ingest tests 13/13.

The first compat run failed on `device.status.v1-value`: `READER_FIELD_MISSING_DEFAULT_VALUE` for `firmwareVersion` at `/fields/5` (staging is at version 2, BACKWARD). With the default it passes for all three subjects, so CI will be green on that step.""")

        sha = hx(7)
        jar_s3 = f"{ARTIFACTS}/jobs/{sha}/meterflow-jobs-assembly.jar"
        t = d.task("finance wants august and september daily usage with the new bands in the staging lake to compare "
                   "with their spreadsheet. backfill both months on the staging EMR cluster from main",
                   tags=["workflow:W2"])
        t.bash("git fetch -q origin && git rev-parse --short origin/main && git diff --stat origin/main -- jobs/",
               "Check main's commit and that jobs/ here matches it", out=sha)
        t.read(job)
        t.say("`jobs/` on this branch is identical to main. One thing before submitting: `DailyUsageJob` writes with "
              "`mode(\"overwrite\").partitionBy(\"month\")`; with Spark's default static partition overwrite the "
              "September step would wipe August. I'll pass `spark.sql.sources.partitionOverwriteMode=dynamic` on both steps.")
        t.bash("sbt -batch jobs/assembly", "Build the jobs fat jar", out=assembly_out(d, 5, 52), timeout=600000)
        wait(d, 52)
        t.bash(f"aws s3 cp jobs/target/scala-2.12/meterflow-jobs-assembly.jar {jar_s3} --profile meterflow-staging",
               "Upload the jar to the artifacts bucket",
               out=f"upload: jobs/target/scala-2.12/meterflow-jobs-assembly.jar to {jar_s3}")
        s1, s2 = "s-0" + up(19), "s-0" + up(19)
        def step(month):
            return (f"Type=Spark,Name=daily-usage-backfill-{month},ActionOnFailure=CONTINUE,Args=[--deploy-mode,cluster,"
                    f"--conf,spark.sql.sources.partitionOverwriteMode=dynamic,--class,com.fernhill.meterflow.jobs.DailyUsageJob,"
                    f"{jar_s3},{LAKE_STG}/readings_clean,{month},{LAKE_STG}/daily_usage]")
        t.bash(f"aws emr add-steps --profile meterflow-staging --cluster-id {STG_CLUSTER} --steps {step('2026-08')} {step('2026-09')}",
               "Submit the August and September backfill steps", out=f"""{{
    "StepIds": [
        "{s1}",
        "{s2}"
    ]
}}""")
        t.bash(f"aws emr wait step-complete --profile meterflow-staging --cluster-id {STG_CLUSTER} --step-id {s2}",
               "Wait for the second step to finish", timeout=600000)
        wait(d, 512)
        t.bash(f"aws emr list-steps --profile meterflow-staging --cluster-id {STG_CLUSTER} --step-ids {s1} {s2} "
               "--query 'Steps[].[Name,Status.State,Status.Timeline.StartDateTime,Status.Timeline.EndDateTime]' --output table",
               "Check both steps' state and timing", out=f"""-------------------------------------------------------------------------------------------------------------
|                                                 ListSteps                                                 |
+----------------------------------+------------+------------------------------------+------------------------------------+
|  daily-usage-backfill-2026-09    |  COMPLETED |  2026-10-26T12:03:41.518000+00:00  |  2026-10-26T12:07:58.204000+00:00  |
|  daily-usage-backfill-2026-08    |  COMPLETED |  2026-10-26T11:59:07.912000+00:00  |  2026-10-26T12:03:39.877000+00:00  |
+----------------------------------+------------+------------------------------------+------------------------------------+""")
        t.bash(f"aws s3 ls {LAKE_STG}/daily_usage/ --profile meterflow-staging", "List the daily_usage partitions",
               out="""                           PRE month=2026-05/
                           PRE month=2026-06/
                           PRE month=2026-07/
                           PRE month=2026-08/
                           PRE month=2026-09/
                           PRE month=2026-10/""")
        t.done(f"""Backfill done on staging (`{STG_CLUSTER}`), both steps COMPLETED (~4.5 min each):

- Jar from main `{sha}` → `{jar_s3}`
- Steps `daily-usage-backfill-2026-08` and `-2026-09`: `DailyUsageJob` over `readings_clean`, output `{LAKE_STG}/daily_usage/month=2026-08|09/` — now with `import_night_wh`, `import_day_wh`, `import_peak_wh`.
- Ran with `spark.sql.sources.partitionOverwriteMode=dynamic`, so only those two months were replaced; May–July and October are untouched.

Finance can read them through the staging Athena table as before. Worth fixing in the job itself: set dynamic partition overwrite in `DailyUsageJob` like `LateReadingsDedupJob` does, so nobody has to remember the `--conf`.""")

        t = d.task("ops want to bump partitions on the raw topic. where do we set the ingest consumer group id and "
                   "max.poll.records? and would more partitions change anything for us?", tags=["noise"])
        t.grep("group-id|max-poll-records|withGroupId|withMaxPollRecords|parallelism", output_mode="content", path=P("ingest/src"),
               n=True, content=f"""{R}/ingest/src/main/resources/application.conf:{line_of(d, conf, 'group-id =')}:  group-id = "meterflow-ingest"
{R}/ingest/src/main/resources/application.conf:{line_of(d, conf, 'parallelism =')}:  parallelism = 8
{R}/ingest/src/main/resources/application.conf:{line_of(d, conf, 'max-poll-records =')}:  max-poll-records = 1000
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala:{line_of(d, app, '.withGroupId(cfg.groupId)')}:      .withGroupId(cfg.groupId)
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/IngestApp.scala:{line_of(d, app, '.withMaxPollRecords(cfg.maxPollRecords)')}:      .withMaxPollRecords(cfg.maxPollRecords)
{R}/ingest/src/main/scala/com/fernhill/meterflow/ingest/ReadingPipeline.scala:{line_of(d, pipe, '.mapAsync(cfg.parallelism)')}:      .mapAsync(cfg.parallelism) {{ committable =>""")
        t.done("""Both are in `ingest/src/main/resources/application.conf` and applied in `IngestApp.consumerSettings`:

- `group-id = "meterflow-ingest"` → `.withGroupId(cfg.groupId)`
- `max-poll-records = 1000` → `.withMaxPollRecords(cfg.maxPollRecords)`
- (`parallelism = 8` is the `mapAsync` width in `ReadingPipeline`, not a Kafka setting.)

No env overrides exist for those two, only for bootstrap servers, registry and DB.

More partitions on `meter.readings.raw.v1`:
- **Throughput**: one ingest task consumes all partitions today, and the bottleneck is the per-record DB upsert + ack, bounded by `parallelism = 8`, not by partition count. More partitions only help once you run more ingest tasks (max useful tasks = partitions).
- **Ordering**: the head-end keys by meter, so per-meter order holds within a partition. Adding partitions changes the key → partition mapping for new messages; for a short window a meter's new readings and older unconsumed ones sit in different partitions. With the `received_at` guard in the upsert that's harmless for Postgres; the enriched topic may see one meter slightly out of order around the change.
- Do it in a quiet hour and expect one rebalance.""")

    # ============================================================ S7  Wed 10-28  (acceptEdits)
    with d.session("2026-10-28T09:45:00", R, branch="feat/readings-dlq", version="2.1.125", permission_mode="acceptEdits"):
        dlq = P("ingest/src/main/scala/com/fernhill/meterflow/ingest/DeadLetters.scala")
        itk = P("it/src/test/scala/com/fernhill/meterflow/it/ItKafka.scala")
        t = d.task("style change first: the team agreed yesterday that new Scala 3 code uses optional braces "
                   "(significant indentation). old files stay as they are, we're not reformatting the repo, and "
                   "scalafmt can't enforce it per file so it's on us in review. now the feature: instead of dropping "
                   "unreadable raw readings, send them to a dead-letter topic meter.readings.dlq.v1 — original "
                   "payload as the value, same key, headers with the error and source topic/partition/offset. new "
                   "code braceless please. write an IT for it and run the whole IT suite",
                   tags=["reversal:P3", "mistake:M3"])
        t.read(pipe)
        t.read(app)
        t.write(dlq, """package com.fernhill.meterflow.ingest

import cats.effect.IO
import fs2.kafka.*

import java.nio.charset.StandardCharsets.UTF_8

/** Unreadable raw readings go to the dead-letter topic unchanged, with why and where from in the headers. */
final class DeadLetters(topic: String, producer: KafkaProducer[IO, String, Array[Byte]]):

  def send(record: ConsumerRecord[String, String], error: String): IO[Unit] =
    val headers = Headers(
      Header("error", error),
      Header("source.topic", record.topic),
      Header("source.partition", record.partition.toString),
      Header("source.offset", record.offset.toString)
    )
    val dead = ProducerRecord(topic, record.key, record.value.getBytes(UTF_8)).withHeaders(headers)
    producer.produce(ProducerRecords.one(dead)).flatten.void
""")
        t.edit(pipe, """    producer: KafkaProducer[IO, String, MeterReading],
    alerts: AlertPublisher
)(using log: Logger[IO]) {""", """    producer: KafkaProducer[IO, String, MeterReading],
    alerts: AlertPublisher,
    deadLetters: DeadLetters
)(using log: Logger[IO]) {""")
        t.edit(pipe, """        case Left(error) =>
          log.warn(s"dropping unreadable reading at ${record.topic}/${record.partition}@${record.offset}: $error")""",
               """        case Left(error) =>
          log.warn(s"dead-lettering unreadable reading at ${record.topic}/${record.partition}@${record.offset}: $error") *>
            deadLetters.send(record, error)""")
        t.read(cfgf)
        t.edit(cfgf, """    alertsTopic: String,
""", """    alertsTopic: String,
    dlqTopic: String,
""")
        t.read(conf)
        t.edit(conf, """  alerts-topic = "meter.alerts.v1"
""", """  alerts-topic = "meter.alerts.v1"
  dlq-topic = "meter.readings.dlq.v1"
""")
        t.edit(app, """      alertsP  <- KafkaProducer.resource(producerSettings[UsageAlert](cfg, avro))
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
      alerts = new AlertPublisher(cfg.alertsTopic, xa, alertsP)
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), tariffs, producer, alerts), consumer)""",
               """      alertsP  <- KafkaProducer.resource(producerSettings[UsageAlert](cfg, avro))
      dlqP     <- KafkaProducer.resource(
        ProducerSettings[IO, String, Array[Byte]]
          .withBootstrapServers(cfg.bootstrapServers)
          .withEnableIdempotence(true)
          .withAcks(Acks.All)
      )
      consumer <- KafkaConsumer.resource(consumerSettings(cfg)).evalTap(_.subscribeTo(cfg.rawTopic))
      alerts = new AlertPublisher(cfg.alertsTopic, xa, alertsP)
      dlq    = new DeadLetters(cfg.dlqTopic, dlqP)
    } yield (new ReadingPipeline(cfg, new ReadingRepo(xa), tariffs, producer, alerts, dlq), consumer)""")
        t.read(harness)
        t.edit(harness, """      tariffs <- Resource.eval(TariffLookup.cached(xa, 1.minute))
      repo = new ReadingRepo(xa)
      alerts = new AlertPublisher(cfg.alertsTopic, xa, alertsP)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, tariffs, producer, alerts), repo, xa)""",
               """      dlqP <- KafkaProducer.resource(
        ProducerSettings[IO, String, Array[Byte]]
          .withBootstrapServers(bootstrap)
          .withProperty("max.block.ms", "10000")
      )
      tariffs <- Resource.eval(TariffLookup.cached(xa, 1.minute))
      repo = new ReadingRepo(xa)
      alerts = new AlertPublisher(cfg.alertsTopic, xa, alertsP)
      dlq = new DeadLetters(cfg.dlqTopic, dlqP)
    } yield new IngestHarness(new ReadingPipeline(cfg, repo, tariffs, producer, alerts, dlq), repo, xa)""")
        t.read(itk)
        t.edit(itk, """      .lastOrError
      .timeout(timeout)
}""", """      .lastOrError
      .timeout(timeout)

  /** Like awaitRecord, for topics carrying plain bytes (the dlq). */
  def awaitRawRecord(topic: String, timeout: FiniteDuration = 20.seconds)(
      p: ConsumerRecord[String, Array[Byte]] => Boolean
  ): IO[ConsumerRecord[String, Array[Byte]]] =
    KafkaConsumer
      .stream(
        ConsumerSettings[IO, String, Array[Byte]]
          .withBootstrapServers(bootstrap)
          .withGroupId(s"it-${java.util.UUID.randomUUID()}")
          .withAutoOffsetReset(AutoOffsetReset.Earliest)
      )
      .subscribeTo(topic)
      .records
      .map(_.record)
      .filter(p)
      .head
      .compile
      .lastOrError
      .timeout(timeout)
}""")
        t.write(P("it/src/test/scala/com/fernhill/meterflow/it/DeadLetterIT.scala"), """package com.fernhill.meterflow.it

import com.fernhill.meterflow.ingest.IngestHarness
import munit.CatsEffectSuite

import java.nio.charset.StandardCharsets.UTF_8
import scala.concurrent.duration.*

class DeadLetterIT extends CatsEffectSuite:

  override val munitIOTimeout: Duration = 60.seconds

  private val harness = ResourceSuiteLocalFixture("ingest", IngestHarness.resource(ItKafka.bootstrap, ItKafka.registry))

  override def munitFixtures = List(harness)

  test("an unreadable raw reading lands on the dlq with the error in its headers"):
    val marker = java.util.UUID.randomUUID().toString
    val raw    = s\"\"\"{"meter":"it-dlq","reg":"1.8.0","marker":"$marker"}\"\"\"
    for
      _   <- harness().process(raw)
      rec <- ItKafka.awaitRawRecord("meter.readings.dlq.v1")(r => new String(r.value, UTF_8).contains(marker))
    yield
      def header(k: String) = rec.headers(k).map(_.as[String])
      assertEquals(new String(rec.value, UTF_8), raw)
      assert(header("error").exists(_.contains("Missing required field")), rec.headers.toString)
      assertEquals(header("source.topic"), Some("meter.readings.raw.v1"))
""")
        c0 = d.clock
        def dlq_warn(start, pid, n):
            return "\n".join(
                f"{hms(c0 + _dt.timedelta(seconds=start, milliseconds=k * 760 + HX.randint(0, 120)))} "
                f"[kafka-producer-network-thread | producer-{pid}] WARN  o.apache.kafka.clients.NetworkClient - [Producer "
                f"clientId=producer-{pid}] Error while fetching metadata with correlation id {k + 2} : "
                f"{{meter.readings.dlq.v1=UNKNOWN_TOPIC_OR_PARTITION}}" for k in range(1, n))
        t.fail("sbt it/test", "Run the whole integration test suite", sbt_fail(d, f"""{compiling("ingest", 6)}
{compiling("ingest", 1, True)}
{compiling("tools", 1)}
{compiling("it", 5, True)}
com.fernhill.meterflow.it.AlertsPublisherIT:
  + publishes an alert when today's import is over 3x the 30-day average 2.907s
  + does not alert below the threshold 0.139s
com.fernhill.meterflow.it.DeadLetterIT:
{dlq_warn(44, 3, 14)}
==> X com.fernhill.meterflow.it.DeadLetterIT.an unreadable raw reading lands on the dlq with the error in its headers  10.603s org.apache.kafka.common.errors.TimeoutException: Topic meter.readings.dlq.v1 not present in metadata after 10000 ms.
com.fernhill.meterflow.it.EnrichedReadingsIT:
  + a valid raw reading is stored and published on the enriched topic 1.874s
{dlq_warn(58, 6, 14)}
==> X com.fernhill.meterflow.it.EnrichedReadingsIT.an unreadable raw reading is not published  10.231s org.apache.kafka.common.errors.TimeoutException: Topic meter.readings.dlq.v1 not present in metadata after 10000 ms.
{failed_summary(5, 2, ["com.fernhill.meterflow.it.DeadLetterIT", "com.fernhill.meterflow.it.EnrichedReadingsIT"])}""",
                                                                     "it / Test / test", "sbt.TestsFailedException: Tests unsuccessful", 84),
               timeout=600000)
        wait(d, 84)
        t.say("Both failures are the dead-letter producer timing out on metadata for `meter.readings.dlq.v1` — the "
              "local broker doesn't have that topic (no auto-creation). Adding it to `docker/kafka/topics.txt` and "
              "creating it on the running broker.")
        t.read(topics)
        t.edit(topics, """meter.alerts.v1               3           retention.ms=2592000000
""", """meter.alerts.v1               3           retention.ms=2592000000
meter.readings.dlq.v1         6           retention.ms=1209600000
""")
        t.bash("docker compose exec kafka kafka-topics --bootstrap-server localhost:9092 --create --if-not-exists "
               "--topic meter.readings.dlq.v1 --partitions 6 --replication-factor 1 --config retention.ms=1209600000",
               "Create the dead-letter topic on the local broker", out="Created topic meter.readings.dlq.v1.")
        t.bash("sbt it/test", "Re-run the integration test suite", out=sbt_ok(d, "\n".join([
            munit_suite("com.fernhill.meterflow.it.AlertsPublisherIT", [
                ("publishes an alert when today's import is over 3x the 30-day average", "2.871s"),
                ("does not alert below the threshold", "0.126s")]),
            munit_suite("com.fernhill.meterflow.it.DeadLetterIT", [
                ("an unreadable raw reading lands on the dlq with the error in its headers", "1.412s")]),
            munit_suite("com.fernhill.meterflow.it.EnrichedReadingsIT", [
                ("a valid raw reading is stored and published on the enriched topic", "1.903s"),
                ("an unreadable raw reading is not published", "0.088s")]),
            passed(5)]), 52), timeout=600000)
        wait(d, 52)
        t.done("""Dead-lettering is in, IT suite 5/5.

- `ingest/.../DeadLetters.scala` (new, braceless): produces the raw payload unchanged (UTF-8 bytes of the consumed string) with the original key to `meter.readings.dlq.v1`, headers `error`, `source.topic`, `source.partition`, `source.offset`.
- `ReadingPipeline`: the `Left` branch now logs `dead-lettering unreadable reading …` and sends it; the offset is committed only after the DLQ ack, so nothing is lost if the DLQ is down — the consumer just stops.
- `dlq-topic` in `application.conf` / `IngestConfig`; `IngestApp` has a bytes producer (idempotent, acks=all); the IT harness too.
- `it/.../DeadLetterIT` (new, braceless) + `ItKafka.awaitRawRecord` for byte topics.

First `sbt it/test` run: `DeadLetterIT` and `EnrichedReadingsIT`'s unreadable-reading test both failed with `Topic meter.readings.dlq.v1 not present in metadata after 10000 ms.` I added the topic to `docker/kafka/topics.txt` (6 partitions, 14-day retention) and created it with `kafka-topics --create --if-not-exists`; **staging/prod need it in terraform before deploy**.

Edited existing files (`ReadingPipeline`, `IngestApp`, `ItKafka`, …) keep their braces; only the new files use the indentation style.""")

        t = d.task("smoke test it on the local stack: start ingest, push 20 good and 5 garbage readings, show me what "
                   "lands on the dlq", tags=["workflow:W3"])
        t.bash("docker compose up -d", "Make sure the local stack is up", err=COMPOSE_RUNNING)
        t.bash("nohup sbt -batch ingest/run > /tmp/ingest.log 2>&1 & echo $!", "Start ingest in the background",
               out="61877")
        t.bash("sleep 40; grep -E 'started|Adding newly assigned|ERROR' /tmp/ingest.log", "Wait for ingest to join its group",
               out="\n".join(ingest_log(d).split("\n")[1:2] + ingest_log(d).split("\n")[3:4]), timeout=120000)
        wait(d, 35)
        t.bash('sbt -batch "tools/run produce-sample --count 20 --malformed 5"', "Produce 20 valid and 5 unreadable readings",
               out=sbt_ok(d, "[info] running (fork) com.fernhill.meterflow.tools.Main produce-sample --count 20 --malformed 5 \n"
                             "[info] produced 25 messages", 26), timeout=300000)
        wait(d, 26)
        offs = [2207 + i for i in range(5)]
        b20 = int(_dt.datetime(2026, 10, 27, 9, 0, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        r20 = int(d.clock.replace(tzinfo=_dt.timezone.utc).timestamp() * 1000) - 9000
        it_dlq = ("key=it headers=error=DecodingFailure at .start: Missing required field,source.topic=meter.readings.raw.v1,"
                  "source.partition=0,source.offset=0 value={\"meter\":\"it-dlq\",\"reg\":\"1.8.0\",\"marker\":\"4b0e1f6c-9a7d-4c52-8e3b-d1f20a6c7e95\"}\n"
                  "key=it headers=error=DecodingFailure at .start: Missing required field,source.topic=meter.readings.raw.v1,"
                  "source.partition=0,source.offset=0 value={\"meter\":\"\",\"reg\":\"1.8.0\"}")
        t.bash("kcat -b localhost:9092 -C -t meter.readings.dlq.v1 -o -5 -e -q -f 'key=%k headers=%h value=%s\\n'",
               "Show what landed on the dead-letter topic", out=it_dlq + "\n" + "\n".join(
                   f"key=sample headers=error=DecodingFailure at .reg: Missing required field,source.topic=meter.readings.raw.v1,"
                   f"source.partition=4,source.offset={o} value={{\"meter\":\"\",\"oops\":true}}" for o in offs))
        t.bash("grep -c 'dead-lettering unreadable reading' /tmp/ingest.log; kcat -b localhost:9092 -C -t meter.readings.enriched.v1 "
               "-s value=avro -r http://localhost:8081 -o -1 -e -q | head -n 2", "Check the ingest log count and the enriched topic",
               out="5\n" + kcat_reading("131094", b20 + 1800000 * 19, 544, r20 + 611, tariff="DN-24") + "\n" +
                   kcat_reading("176203", b20 + 1800000 * 18, 267, r20 + 605, tariff=""))
        t.bash("kill 61877", "Stop the background ingest")
        t.done("""Works end to end on the local stack:

- 25 messages produced (20 valid, 5 `{"meter":"","oops":true}`).
- All 5 garbage messages are on `meter.readings.dlq.v1` with the original value, key `sample`, and headers `error=DecodingFailure at .reg: Missing required field`, `source.topic=meter.readings.raw.v1`, `source.partition=4`, `source.offset=2207…2211`.
  (The two `key=it` entries at the top are the integration tests' messages from earlier; the harness uses offset 0.)
- ingest logged 5 × `dead-lettering unreadable reading …`; the valid readings went to the enriched topic as before (with `tariffCode` where the meter has one).

Ingest (PID 61877) is stopped again.""")

        t = d.task("ship the dlq: checks, tests, push, PR. keep the PR description short", tags=["workflow:W1"])
        t.bash('sbt scalafmtCheckAll "scalafixAll --check"', "Check formatting and scalafix rules",
               out=sbt_ok(d, "\n".join([compiling("ingest", 3), compiling("it", 6, True)]), 61), timeout=600000)
        wait(d, 61)
        t.bash("sbt test", "Run all unit tests", out=sbt_ok(d, "\n".join([
            ingest_suites, passed(13),
            munit_suite("com.fernhill.meterflow.api.AlertRoutesSuite", [
                ("returns the meter's alerts with a lowercase level", "0.301s"),
                ("empty list for a meter without alerts", "0.009s")]),
            munit_suite("com.fernhill.meterflow.api.UsageRoutesSuite", [
                ("daily usage for a month", "0.193s"), ("404 for an unknown meter", "0.008s"),
                ("400 for a malformed month", "0.005s"), ("second request within 5 minutes is served from the cache", "0.011s")]),
            passed(6),
            "[info] DailyUsageJobSpec:",
            "[info] - sums import and export per meter and local day",
            "[info] - puts a summer reading after 23:00 UTC on the next local day",
            "[info] Run completed in 10 seconds, 862 milliseconds.",
            "[info] Total number of tests run: 2",
            "[info] Suites: completed 1, aborted 0",
            "[info] Tests: succeeded 2, failed 0, canceled 0, ignored 0, pending 0",
            "[info] All tests passed.",
            munit_suite("com.fernhill.meterflow.jobs.AnomalyJobSuite", [
                ("flags a day far above the trailing mean", "6.011s"), ("an ordinary day is not flagged", "0.844s"),
                ("needs at least 14 days of history", "0.659s"), ("parses --key value arguments", "0.001s")]),
            munit_suite("com.fernhill.meterflow.jobs.DailyUsageBandsSuite", [
                ("splits import into night, day and peak by Irish local time", "0.912s"),
                ("23:30 UTC in summer is 00:30 on the next local day, night band", "0.488s")]),
            passed(8)]), 121), timeout=600000)
        wait(d, 121)
        t.bash("git add -A && git commit -m \"ingest: dead-letter unreadable raw readings to meter.readings.dlq.v1\"",
               "Commit the dead-letter change", out=f"""[feat/readings-dlq {hx(7)}] ingest: dead-letter unreadable raw readings to meter.readings.dlq.v1
 9 files changed, 118 insertions(+), 9 deletions(-)
 create mode 100644 ingest/src/main/scala/com/fernhill/meterflow/ingest/DeadLetters.scala
 create mode 100644 it/src/test/scala/com/fernhill/meterflow/it/DeadLetterIT.scala""")
        t.bash("git push -u origin feat/readings-dlq", "Push the branch", err=git_push_new("feat/readings-dlq"))
        t.bash("gh pr create --base main --title \"ingest: dead-letter unreadable raw readings\" --body \"Unreadable raw "
               "readings go to meter.readings.dlq.v1 (original payload + error/source headers) instead of being dropped. "
               "Needs the topic in terraform first (6 partitions, 14d retention).\"", "Open the pull request",
               out=f"{GH}/pull/229")
        t.done(f"""Checks clean, unit tests green (ingest 13, api 6, jobs 8), pushed `feat/readings-dlq`, PR **{GH}/pull/229** with a two-line description.""")

    # ============================================================ S8  Mon 11-02
    with d.session("2026-11-02T09:20:00", R, branch="fix/dst-dedup", version="2.1.127"):
        t = d.task("before the real work: what's outdated in the build? don't bump anything, just tell me what's worth "
                   "doing this sprint", tags=["noise", "long_output"])
        t.bash("sbt dependencyUpdates", "List available dependency updates per project", out=sbt_ok(d, """[info] Found 2 dependency updates for meterflow-core
[info]   org.scalameta:munit:test         : 1.2.0  -> 1.2.1
[info]   org.typelevel:cats-core          : 2.13.0 -> 2.13.1
[info] Found 8 dependency updates for meterflow-ingest
[info]   ch.qos.logback:logback-classic   : 1.5.20     -> 1.5.21
[info]   com.github.fd4s:fs2-kafka        : 3.9.1      -> 3.10.0
[info]   com.github.fd4s:fs2-kafka-vulcan : 3.9.1      -> 3.10.0
[info]   com.github.pureconfig:pureconfig-core : 0.17.9 -> 0.17.10
[info]   org.http4s:http4s-circe          : 0.23.31    -> 0.23.33
[info]   org.http4s:http4s-dsl            : 0.23.31    -> 0.23.33
[info]   org.http4s:http4s-ember-server   : 0.23.31    -> 0.23.33
[info]   org.tpolecat:doobie-core         : 1.0.0-RC10 -> 1.0.0-RC11
[info] Found 5 dependency updates for meterflow-api
[info]   org.http4s:http4s-circe          : 0.23.31    -> 0.23.33
[info]   org.http4s:http4s-dsl            : 0.23.31    -> 0.23.33
[info]   org.http4s:http4s-ember-server   : 0.23.31    -> 0.23.33
[info]   org.tpolecat:doobie-core         : 1.0.0-RC10 -> 1.0.0-RC11
[info]   io.circe:circe-generic           : 0.14.14    -> 0.14.15
[info] Found 1 dependency update for meterflow-tools
[info]   com.monovore:decline-effect      : 2.5.0 -> 2.6.0
[info] Found 3 dependency updates for meterflow-jobs
[info]   org.apache.spark:spark-sql:provided : 3.5.5 -> 3.5.7 -> 4.0.1
[info]   org.scalameta:munit:test         : 1.2.0  -> 1.2.1
[info]   org.scalatest:scalatest:test     : 3.2.19 -> 3.2.20
[info] Found 1 dependency update for meterflow
[info]   org.scala-lang:scala3-library    : 3.3.6 -> 3.3.7 -> 3.7.4""", 29), timeout=300000)
        wait(d, 29)
        t.done("""Worth doing this sprint:
- **Scala 3.3.6 → 3.3.7** (LTS patch) — free, do it first on its own.
- **http4s 0.23.31 → 0.23.33**, **doobie RC10 → RC11**, logback, cats, pureconfig, decline, munit, scalatest: routine patch/minor bumps; one PR, steward would do them anyway.

Needs care:
- **fs2-kafka 3.9.1 → 3.10.0**: minor, but it pulls newer kafka-clients; read the release notes for consumer/rebalance changes and run the ITs against the compose stack.

Don't:
- **spark-sql → 4.0.1**: the jobs have to match EMR 7 (Spark 3.5 / Scala 2.12). 3.5.7 is fine *if* EMR's runtime is on 3.5.7 — otherwise keep 3.5.5; `provided` means the cluster's version is what actually runs.
- **Scala 3.7.x**: not LTS; stay on the 3.3 line for the services.""")

        dj = P("jobs/src/main/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJob.scala")
        t = d.task("support ticket: meter 100234 (probably every meter) is missing an hour on sunday 25 oct — the clock "
                   "change. billing flagged the day ~4% low. there's a copy of that day's raw lake partition in "
                   "data/incidents/2026-10-25/. run LateReadingsDedupJob locally on it and tell me what it does to the "
                   "01:00-02:00 hour", tags=["mistake:M1"])
        t.read(dj)
        t.bash("find data/incidents/2026-10-25 -maxdepth 3 | head", "Look at the incident sample layout",
               out="""data/incidents/2026-10-25
data/incidents/2026-10-25/readings_raw
data/incidents/2026-10-25/readings_raw/reading_date=2026-10-25
data/incidents/2026-10-25/readings_raw/reading_date=2026-10-25/part-00000-7c1e2b9a-4d3f-4e8a-9a51-0b6f3c2d8e11.c000.snappy.parquet
data/incidents/2026-10-25/readings_raw/reading_date=2026-10-25/part-00001-7c1e2b9a-4d3f-4e8a-9a51-0b6f3c2d8e11.c000.snappy.parquet
data/incidents/2026-10-25/README.txt""")
        d_args = "data/incidents/2026-10-25/readings_raw 2026-10-25 /tmp/dedup-out"
        wl = line_of(d, dj, 'val latestFirst = Window.partitionBy(')
        mdl = line_of(d, dj, "dedup(day).write")
        st = lambda k: slog(d, 20 + k)
        jar_ts = int(d.clock.replace(tzinfo=_dt.timezone.utc).timestamp() * 1000) + 22410
        tail_fail = f"""{st(1)} INFO SparkContext: Java version 17.0.16
{st(1)} INFO ResourceUtils: ==============================================================
{st(1)} INFO ResourceUtils: No custom resources configured for spark.driver.
{st(1)} INFO ResourceUtils: ==============================================================
{st(1)} INFO SparkContext: Submitted application: late-readings-dedup
{st(1)} INFO ResourceProfile: Default ResourceProfile created, executor resources: Map(cores -> name: cores, amount: 1, script: , vendor: , memory -> name: memory, amount: 1024, script: , vendor: , offHeap -> name: offHeap, amount: 0, script: , vendor: ), task resources: Map(cpus -> name: cpus, amount: 1.0)
{st(1)} INFO ResourceProfileManager: Added ResourceProfile id: 0
{st(1)} INFO SecurityManager: Changing view acls to: declan
{st(1)} INFO SecurityManager: Changing modify acls to: declan
{st(1)} INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users with view permissions: declan groups with view permissions: EMPTY; users with modify permissions: declan; groups with modify permissions: EMPTY; RPC SSL disabled
{st(1)} INFO Utils: Successfully started service 'sparkDriver' on port 38211.
{st(1)} INFO SparkEnv: Registering MapOutputTracker
{st(1)} INFO SparkEnv: Registering BlockManagerMaster
{st(1)} INFO BlockManagerMasterEndpoint: Using org.apache.spark.storage.DefaultTopologyMapper for getting topology information
{st(1)} INFO BlockManagerMasterEndpoint: BlockManagerMasterEndpoint up
{st(1)} INFO SparkEnv: Registering BlockManagerMasterHeartbeat
{st(1)} INFO DiskBlockManager: Created local directory at /tmp/blockmgr-{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}
{st(1)} INFO MemoryStore: MemoryStore started with capacity 2.2 GiB
{st(1)} INFO SparkEnv: Registering OutputCommitCoordinator
{st(2)} INFO JettyUtils: Start Jetty 0.0.0.0:4040 for SparkUI
{st(2)} INFO Utils: Successfully started service 'SparkUI' on port 4040.
{st(2)} INFO SparkContext: Added JAR file:{R}/jobs/target/scala-2.12/meterflow-jobs-assembly.jar at spark://{HOST_IP}:38211/jars/meterflow-jobs-assembly.jar with timestamp {jar_ts}
{st(2)} INFO Executor: Starting executor ID driver on host {HOST_IP}
{st(2)} INFO Executor: OS info Linux, 6.8.0-85-generic, amd64
{st(2)} INFO Executor: Java version 17.0.16
{st(2)} INFO Executor: Created or updated repl class loader org.apache.spark.util.MutableURLClassLoader@5a4c638d for default.
{st(2)} INFO Executor: Fetching spark://{HOST_IP}:38211/jars/meterflow-jobs-assembly.jar with timestamp {jar_ts}
{st(2)} INFO Utils: Successfully started service 'org.apache.spark.network.netty.NettyBlockTransferService' on port 41907.
{st(2)} INFO NettyBlockTransferService: Server created on {HOST_IP}:41907
{st(2)} INFO BlockManagerMaster: Registered BlockManager BlockManagerId(driver, {HOST_IP}, 41907, None)
{st(2)} INFO SharedState: Setting hive.metastore.warehouse.dir ('null') to the value of spark.sql.warehouse.dir.
{st(2)} INFO SharedState: Warehouse path is 'file:{R}/spark-warehouse'.
{st(3)} INFO InMemoryFileIndex: It took 48 ms to list leaf files for 1 paths.
{st(3)} INFO InMemoryFileIndex: It took 3 ms to list leaf files for 1 paths.
{st(3)} INFO SparkContext: SparkContext is stopping with exitCode 0 from stop at LateReadingsDedupJob.scala:{mdl + 1}.
{st(3)} INFO SparkUI: Stopped Spark web UI at http://{HOST_IP}:4040
{st(3)} INFO MapOutputTrackerMasterEndpoint: MapOutputTrackerMasterEndpoint stopped!
{st(3)} INFO MemoryStore: MemoryStore cleared
{st(3)} INFO BlockManager: BlockManager stopped
{st(3)} INFO BlockManagerMaster: BlockManagerMaster stopped
{st(3)} INFO OutputCommitCoordinator$OutputCommitCoordinatorEndpoint: OutputCommitCoordinator stopped!
{st(3)} INFO SparkContext: Successfully stopped SparkContext
Exception in thread "main" java.lang.NoSuchMethodError: 'scala.collection.mutable.WrappedArray scala.Predef$.wrapRefArray(java.lang.Object[])'
	at com.fernhill.meterflow.jobs.LateReadingsDedupJob$.dedup(LateReadingsDedupJob.scala:{wl})
	at com.fernhill.meterflow.jobs.LateReadingsDedupJob$.main(LateReadingsDedupJob.scala:{mdl})
	at com.fernhill.meterflow.jobs.LateReadingsDedupJob.main(LateReadingsDedupJob.scala)
{SUBMIT_FRAMES}
{spark_shutdown(d, 24, 2)}
make: *** [Makefile:{ml}: spark-local] Error 1"""
        t.fail(f"set -o pipefail; make spark-local JOB=LateReadingsDedupJob ARGS='{d_args}' 2>&1 | tail -n 60",
               "Run the dedup job locally on the incident day", tail_fail, code=2, timeout=600000)
        wait(d, 25)
        t.say("It didn't get as far as the data: `NoSuchMethodError` on `scala.Predef$.wrapRefArray` returning a "
              "`WrappedArray` — that's the Scala 2.12 collections API, called from our 2.12 jar, missing at runtime. So "
              "the Spark that ran it isn't a 2.12 build. Checking `SPARK_HOME`.")
        t.bash("$SPARK_HOME/bin/spark-submit --version 2>&1 | grep -E 'version [0-9]|Scala'; ls -d ~/opt/spark-*",
               "Check the Spark and Scala version behind SPARK_HOME and what's installed",
               out="""   /___/ .__/\\_,_/_/ /_/\\_\\   version 4.0.1
Using Scala version 2.13.16, OpenJDK 64-Bit Server VM, 17.0.16
/home/declan/opt/spark-3.5.5-bin-hadoop3  /home/declan/opt/spark-4.0.1-bin-hadoop3""")
        t.say("`SPARK_HOME` is the Spark 4.0.1 / Scala 2.13 install; the jobs need Spark 3.5 / Scala 2.12 like EMR 7. "
              "Overriding it for make:")
        t.bash(f"set -o pipefail; make spark-local SPARK_HOME=\"$HOME/opt/spark-3.5.5-bin-hadoop3\" JOB=LateReadingsDedupJob "
               f"ARGS='{d_args}' 2>&1 | tail -n 12", "Run the dedup job on the Spark 3.5 / Scala 2.12 install",
               out=f"""{slog(d, 52)} INFO DAGScheduler: Job 1 finished: parquet at LateReadingsDedupJob.scala:{mdl}, took 3.208114 s
{slog(d, 52)} INFO FileFormatWriter: Start to commit write Job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}.
{slog(d, 52)} INFO FileFormatWriter: Write Job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)} committed. Elapsed time: 41 ms.
{slog(d, 52)} INFO SparkContext: SparkContext is stopping with exitCode 0.
{slog(d, 52)} INFO SparkUI: Stopped Spark web UI at http://{HOST_IP}:4040
{slog(d, 52)} INFO MapOutputTrackerMasterEndpoint: MapOutputTrackerMasterEndpoint stopped!
{slog(d, 52)} INFO MemoryStore: MemoryStore cleared
{slog(d, 52)} INFO BlockManager: BlockManager stopped
{slog(d, 52)} INFO BlockManagerMaster: BlockManagerMaster stopped
{slog(d, 52)} INFO SparkContext: Successfully stopped SparkContext
{spark_shutdown(d, 53, 1)}""", timeout=600000)
        wait(d, 54)
        t.bash("duckdb -c \"select 'raw' as side, count(*) as rows, count(distinct interval_start) as intervals "
               "from read_parquet('data/incidents/2026-10-25/readings_raw/**/*.parquet', hive_partitioning = true) "
               "where meter_id = '100234' union all select 'deduped', count(*), count(distinct interval_start) "
               "from read_parquet('/tmp/dedup-out/**/*.parquet', hive_partitioning = true) where meter_id = '100234'\"",
               "Compare meter 100234 before and after the dedup",
               out=duck(["side", "rows", "intervals"], ["varchar", "int64", "int64"],
                        [("raw", 100, 50), ("deduped", 48, 48)]))
        t.bash("duckdb -c \"set timezone = 'UTC'; select interval_start, import_wh, received_at "
               "from read_parquet('/tmp/dedup-out/**/*.parquet', hive_partitioning = true) "
               "where meter_id = '100234' and interval_start < '2026-10-25 02:30:00+00' order by 1\"",
               "List the deduped intervals around the clock change (UTC)",
               out=duck(["interval_start", "import_wh", "received_at"],
                        ["timestamp with time zone", "int64", "timestamp with time zone"],
                        [("2026-10-24 23:00:00+00", 214, "2026-10-26 06:00:12+00"),
                         ("2026-10-24 23:30:00+00", 188, "2026-10-26 06:00:12+00"),
                         ("2026-10-25 01:00:00+00", 176, "2026-10-26 06:00:12+00"),
                         ("2026-10-25 01:30:00+00", 169, "2026-10-26 06:00:12+00"),
                         ("2026-10-25 02:00:00+00", 158, "2026-10-26 06:00:12+00")]))
        t.done(f"""Reproduced: the dedup job **loses the repeated hour** on the night the clocks go back.

On 25 Oct 01:00–02:00 Irish time happens twice: first as IST (00:00–01:00 UTC), then as GMT (01:00–02:00 UTC). The raw sample for meter 100234 has 50 distinct half-hours (a 25-hour day, every interval sent twice: 100 rows). After `LateReadingsDedupJob` only **48** remain — `00:00Z` and `00:30Z` are gone.

Cause, `LateReadingsDedupJob.dedup` (line {wl - 4}–{wl}): the dedup key is
`date_format(from_utc_timestamp(interval_start, "Europe/Dublin"), "yyyy-MM-dd HH:mm")` — local wall-clock time. The IST 01:00 and the GMT 01:00 intervals get the same key `2026-10-25 01:00`, `row_number()` over that key keeps one of them, and the other half-hour's consumption is dropped. Two half-hours per meter ≈ 1/25 of the day ≈ the 4% billing saw. It hits every meter, every October change; the spring change is unaffected (that hour doesn't exist).

Fix: key on `interval_start` itself (the UTC instant) — a different instant is a different interval, a re-send of the same interval has the same instant. Want me to do that with a regression test?

(Running it locally needed `SPARK_HOME="$HOME/opt/spark-3.5.5-bin-hadoop3"` on the make line — your shell's `SPARK_HOME` is the Spark 4 / Scala 2.13 install, and the 2.12 jar fails on it with `NoSuchMethodError … wrapRefArray`.)""")

        dsuite = P("jobs/src/test/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJobSuite.scala")
        t = d.task("yes fix it: dedup on the actual instant. regression test in munit with the 25-hour day first so we "
                   "see it fail", tags=["oneoff:O1"])
        t.write(dsuite, """package com.fernhill.meterflow.jobs

import org.apache.spark.sql.functions.col

import java.sql.Timestamp
import java.time.Instant

class LateReadingsDedupJobSuite extends SparkSuite {

  // 2026-10-25 in Dublin starts at 00:00 IST = 2026-10-24T23:00Z; clocks go back at 01:00Z, so it has 50 half-hours
  private val dayStart = Instant.parse("2026-10-24T23:00:00Z")
  private val resentAt = Instant.parse("2026-10-26T06:00:12Z")

  private val original = (0 until 50).map { i =>
    val start = dayStart.plusSeconds(1800L * i)
    ("100234", start, 200L + i, start.plusSeconds(2100))
  }
  private val resent = original.map { case (m, start, wh, _) => (m, start, wh, resentAt) }

  private def readings(rows: Seq[(String, Instant, Long, Instant)]) = {
    val s = spark()
    import s.implicits._
    rows
      .map { case (m, start, wh, received) => (m, "1.8.0", Timestamp.from(start), wh, Timestamp.from(received)) }
      .toDF("meter_id", "register_id", "interval_start", "import_wh", "received_at")
  }

  test("keeps all 50 half-hours of the 25-hour day on 2026-10-25") {
    val out = LateReadingsDedupJob.dedup(readings(original ++ resent)).where(col("meter_id") === "100234")
    assertEquals(out.count(), 50L)
  }

  test("keeps the latest received version of a re-sent interval") {
    val received = LateReadingsDedupJob.dedup(readings(original ++ resent)).collect().map(_.getAs[Timestamp]("received_at"))
    assert(received.forall(_ == Timestamp.from(resentAt)), received.distinct.mkString(", "))
  }
}
""")
        al = line_of(d, dsuite, "assertEquals(out.count(), 50L)")
        src = d.files[dsuite].split("\n")
        dcmd = 'sbt "jobs/testOnly com.fernhill.meterflow.jobs.LateReadingsDedupJobSuite"'
        t.fail(dcmd, "Run the new regression suite against the current dedup", sbt_fail(d, f"""{compiling("jobs", 1, True, "2.12")}
com.fernhill.meterflow.jobs.LateReadingsDedupJobSuite:
==> X com.fernhill.meterflow.jobs.LateReadingsDedupJobSuite.keeps all 50 half-hours of the 25-hour day on 2026-10-25  7.412s munit.ComparisonFailException: {dsuite}:{al}
{al - 1}:    val out = LateReadingsDedupJob.dedup(readings(original ++ resent)).where(col("meter_id") === "100234")
{al}:    assertEquals(out.count(), 50L)
{al + 1}:  }}
values are not the same
=> Obtained
48
=> Diff (- obtained, + expected)
-48
+50
    at munit.Assertions.failComparison(Assertions.scala:278)
  + keeps the latest received version of a re-sent interval 0.922s
{failed_summary(2, 1, ["com.fernhill.meterflow.jobs.LateReadingsDedupJobSuite"])}""", "jobs / Test / testOnly", "sbt.TestsFailedException: Tests unsuccessful", 37),
               timeout=600000)
        wait(d, 37)
        t.say("Red as expected: 48 instead of 50. Now the fix — the window keys on `interval_start` instead of the "
              "local wall-clock string.")
        t.read(dj)
        t.edit(dj, """  def dedup(readings: DataFrame): DataFrame = {
    // one row per meter, register and local interval; the latest received wins
    val keyed = readings.withColumn(
      "interval_key",
      date_format(from_utc_timestamp(col("interval_start"), "Europe/Dublin"), "yyyy-MM-dd HH:mm")
    )
    val latestFirst = Window.partitionBy("meter_id", "register_id", "interval_key").orderBy(col("received_at").desc)
    keyed
      .withColumn("rn", row_number().over(latestFirst))
      .where(col("rn") === 1)
      .drop("rn", "interval_key")
  }""", """  def dedup(readings: DataFrame): DataFrame = {
    // One row per meter, register and interval; the latest received wins. The key is the instant, not local time:
    // when the clocks go back, 01:00-02:00 Irish time happens twice and both hours are real consumption.
    val latestFirst = Window.partitionBy("meter_id", "register_id", "interval_start").orderBy(col("received_at").desc)
    readings
      .withColumn("rn", row_number().over(latestFirst))
      .where(col("rn") === 1)
      .drop("rn")
  }""")
        t.bash(dcmd, "Re-run the regression suite", out=sbt_ok(d, compiling("jobs", 1, scala="2.12") + "\n" +
                                                              munit_suite("com.fernhill.meterflow.jobs.LateReadingsDedupJobSuite", [
                                                                  ("keeps all 50 half-hours of the 25-hour day on 2026-10-25", "7.038s"),
                                                                  ("keeps the latest received version of a re-sent interval", "0.871s")]) +
                                                              "\n" + passed(2), 39), timeout=600000)
        wait(d, 39)
        t.done("""Fixed.

- `LateReadingsDedupJobSuite` (munit): 50 half-hours of 25 Oct, each sent twice — the second test checks the re-send wins. Against the old code: **48 ≠ 50**, as in the incident.
- `LateReadingsDedupJob.dedup` now partitions the window by `meter_id, register_id, interval_start` (the UTC instant); the `interval_key` column is gone. Comment explains why.
- Suite: 2/2 green.

The daily partitioning (`reading_date`) is untouched — it's the local date, which is correct. After merging, the affected days (24–26 Oct to be safe) need a re-run on staging and prod, then daily usage for October on top.""")

        t = d.task("write the incident note for #data-platform in docs/incidents/ — what happened, impact, cause, fix, "
                   "follow-ups", tags=["noise"])
        t.write(P("docs/incidents/2026-10-25-dst-dedup.md"), """# Incident: one hour of consumption lost on 25 October 2026 (clock change)

**Status:** fixed in code (fix/dst-dedup), re-runs pending
**Detected:** 2026-10-30 by billing reconciliation (support ticket for meter 100234)
**Owner:** Declan Byrne

## Summary

On the night the clocks went back (Sunday 25 October 2026), `LateReadingsDedupJob` collapsed the two occurrences of
01:00–02:00 Irish time into one. For every meter, two half-hourly intervals (00:00Z and 00:30Z) were dropped from
`readings_clean` for that day. Downstream, `daily_usage` for 2026-10-25 is about 4% low for every meter.

## Timeline (UTC)

| when | what |
|---|---|
| 2026-10-25 01:00 | Clocks go back, 01:00 IST → 01:00 GMT. Head-end sends both hours correctly. |
| 2026-10-26 04:10 | Nightly `LateReadingsDedupJob` for reading_date=2026-10-25 runs on EMR prod, drops 2 intervals per meter. |
| 2026-10-26 05:02 | `DailyUsageJob` builds daily_usage for the day from the deduplicated readings. |
| 2026-10-30 14:21 | Billing reconciliation flags 25 Oct ~4% below head-end totals; support opens ticket for meter 100234. |
| 2026-11-02 10:05 | Reproduced locally on the incident sample (100 raw rows → 48 intervals instead of 50). |
| 2026-11-02 10:40 | Fix + regression test on fix/dst-dedup. |

## Impact

- All ~412k meters: 2 of 50 half-hours missing on 2026-10-25, i.e. 1 hour of consumption.
- `readings_clean`, `daily_usage` (and everything reading from it: usage api monthly totals, the anomaly job's
  baselines for the following 28 days, finance's band report) are low for that day.
- Raw data (`readings_raw`) and Postgres `readings` (written by ingest, keyed on the UTC instant) are **correct** — nothing
  was lost at the source, so everything can be rebuilt.
- Customer-facing: the app's daily chart for 25 Oct shows the day ~4% low. Bills for October have not been issued yet.

## Root cause

The dedup window keyed readings on the local wall-clock time:

```scala
val keyed = readings.withColumn(
  "interval_key",
  date_format(from_utc_timestamp(col("interval_start"), "Europe/Dublin"), "yyyy-MM-dd HH:mm")
)
val latestFirst = Window.partitionBy("meter_id", "register_id", "interval_key").orderBy(col("received_at").desc)
```

01:00 IST (00:00Z) and 01:00 GMT (01:00Z) both format as `2026-10-25 01:00`, so `row_number()` treated them as
re-sends of the same interval and kept only one. The same applies to 01:30. The job has had this key since it was
written (March 2025); the October 2025 change was affected too but went unnoticed because billing reconciliation
only started in 2026.

## Fix

Key on `interval_start` (the UTC instant) instead of local time. Regression test with a 25-hour day
(`LateReadingsDedupJobSuite`).

## Follow-ups

1. Merge fix/dst-dedup.
2. Re-run `LateReadingsDedupJob` for reading_date 2026-10-24..26 on staging, check, then prod.
3. Re-run `DailyUsageJob` for month 2026-10 on staging and prod (with dynamic partition overwrite).
4. Re-run the anomaly baselines for November (they include the low day).
5. Check the October 2025 partition and decide with finance whether to re-run it.
6. Add a data-quality check: number of intervals per meter per local day must be 46/48/50 depending on DST.
7. Audit other jobs for local-time keys (`date_format(... "Europe/Dublin" ...)` used as a key).

## Lessons

- Local time is for presentation and daily bucketing, never for identity.
- DST days need explicit tests; we now have one for the autumn change, the spring change (46 intervals) should get one too.
""")
        t.done("""Written to `docs/incidents/2026-10-25-dst-dedup.md`: summary, UTC timeline, impact (all meters, 1 hour on 25 Oct, raw data and Postgres intact), root cause with the offending key, the fix, 7 follow-ups (re-runs on staging/prod, daily usage for October, anomaly baselines, Oct 2025, a DQ check on intervals per day, an audit for local-time keys) and lessons.""")

    # ============================================================ S9  Wed 11-04
    with d.session("2026-11-04T10:05:00", R, branch="feat/tariff-seed", version="2.1.128"):
        fb = ("that DST incident note was way too long — I had to cut half of it before I could post it in "
              "#data-platform. nobody reads a timeline table in slack. for incident notes: what happened, impact, fix, "
              "follow-ups, 5 bullets max, no code blocks. give me the short version of that one so I can paste it in "
              "the thread")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""Got it — 5 bullets, no code, for incident notes from now on. Short version:

- **What happened:** on 25 Oct (clocks went back) the nightly dedup job treated the two 01:00–02:00 hours as duplicates and dropped one, for every meter.
- **Impact:** 25 Oct is ~4% (one hour) low in readings_clean, daily_usage and everything built on them. Raw data and the Postgres readings are fine; October bills aren't out yet.
- **Cause:** the dedup key was local wall-clock time instead of the UTC instant.
- **Fix:** key on the instant, regression test with the 25-hour day (PR from fix/dst-dedup).
- **Follow-ups:** re-run dedup for 24–26 Oct and October's daily usage on staging then prod; check Oct 2025; add a check on intervals per meter per day.""")

        seed = P("tools/src/main/scala/com/fernhill/meterflow/tools/SeedTariffs.scala")
        t = d.task("tariffs: finance sends a CSV every month (data/tariffs/2026-11.csv is november's). write a SeedTariffs "
                   "tool in tools that publishes them to a compacted topic meter.tariffs.v1 keyed by tariff code — JSON "
                   "values are fine for this one, no avro. IO all the way down, don't make it generic in F[_]. run it "
                   "against the local stack", tags=["mistake:M3", "pref:P1"])
        t.read(P("data/tariffs/2026-11.csv"))
        t.read(ps)
        t.write(seed, """package com.fernhill.meterflow.tools

import cats.effect.{ExitCode, IO, IOApp}
import fs2.io.file.{Files, Path}
import fs2.kafka.*
import io.circe.Encoder
import io.circe.syntax.*

import java.time.LocalDate

/** Publishes finance's monthly tariff CSV to the compacted topic meter.tariffs.v1, keyed by tariff code.
  *
  * sbt "tools/runMain com.fernhill.meterflow.tools.SeedTariffs data/tariffs/2026-11.csv"
  */
object SeedTariffs extends IOApp:

  final case class Tariff(
      code: String,
      name: String,
      dayRateC: BigDecimal,
      nightRateC: BigDecimal,
      peakRateC: BigDecimal,
      standingChargeCPerDay: BigDecimal,
      validFrom: LocalDate
  ) derives Encoder.AsObject

  private val topic = "meter.tariffs.v1"

  def run(args: List[String]): IO[ExitCode] = args match
    case List(csv) =>
      for
        tariffs <- read(Path(csv))
        _       <- IO.println(s"read ${tariffs.size} tariffs from $csv")
        _       <- publish(tariffs)
        _       <- IO.println(s"published ${tariffs.size} tariffs to $topic")
      yield ExitCode.Success
    case _ => IO.println("usage: SeedTariffs <tariffs.csv>").as(ExitCode(2))

  private def read(path: Path): IO[List[Tariff]] =
    Files[IO].readUtf8Lines(path).filter(_.nonEmpty).drop(1).evalMap(line => IO(parse(line))).compile.toList

  private def parse(line: String): Tariff =
    line.split(',').toList match
      case List(code, name, day, night, peak, standing, from) =>
        Tariff(code, name, BigDecimal(day), BigDecimal(night), BigDecimal(peak), BigDecimal(standing), LocalDate.parse(from))
      case _ => throw IllegalArgumentException(s"bad tariff line: $line")

  private def publish(tariffs: List[Tariff]): IO[Unit] =
    KafkaProducer
      .resource(ProducerSettings[IO, String, String].withBootstrapServers("localhost:9092").withAcks(Acks.All))
      .use { producer =>
        val records = tariffs.map(t => ProducerRecord(topic, t.code, t.asJson.noSpaces))
        producer.produce(ProducerRecords(records)).flatten.void
      }
""")
        seed_cmd = 'sbt "tools/runMain com.fernhill.meterflow.tools.SeedTariffs data/tariffs/2026-11.csv"'
        c0 = d.clock
        warn = "\n".join(
            f"[info] {hms(c0 + _dt.timedelta(seconds=16, milliseconds=k * 1000 + HX.randint(0, 150)))} "
            f"[kafka-producer-network-thread | producer-1] WARN  o.apache.kafka.clients.NetworkClient - [Producer "
            f"clientId=producer-1] Error while fetching metadata with correlation id {k + 1} : "
            f"{{meter.tariffs.v1=UNKNOWN_TOPIC_OR_PARTITION}}" for k in range(1, 60))
        t.fail(seed_cmd, "Publish november's tariffs to the local Kafka", sbt_fail(d, f"""{compiling("tools", 1)}
[info] running (fork) com.fernhill.meterflow.tools.SeedTariffs data/tariffs/2026-11.csv
[info] read 14 tariffs from data/tariffs/2026-11.csv
{warn}
[error] org.apache.kafka.common.errors.TimeoutException: Topic meter.tariffs.v1 not present in metadata after 60000 ms.
[error] Nonzero exit code returned from runner: 1""", "tools / Compile / runMain", "Nonzero exit code returned from runner: 1", 83),
               timeout=600000)
        wait(d, 83)
        t.say("The producer waited the full 60 s for metadata and the broker kept answering "
              "`UNKNOWN_TOPIC_OR_PARTITION` for `meter.tariffs.v1`.")
        t.bash("kcat -b localhost:9092 -L -t meter.tariffs.v1", "Ask the local broker about the tariffs topic",
               out="""Metadata for meter.tariffs.v1 (from broker 1: localhost:9092/1):
 1 brokers:
  broker 1 at localhost:9092 (controller)
 1 topics:
  topic "meter.tariffs.v1" Broker: Unknown topic or partition""")
        t.say("It doesn't exist and the local broker won't auto-create it. Creating it compacted (one partition is "
              "plenty for ~15 keys) and adding it to the compose topic list.")
        t.bash("docker compose exec kafka kafka-topics --bootstrap-server localhost:9092 --create --topic meter.tariffs.v1 "
               "--partitions 1 --replication-factor 1 --config cleanup.policy=compact",
               "Create the compacted tariffs topic on the local broker", out="Created topic meter.tariffs.v1.")
        t.read(topics)
        t.edit(topics, """meter.readings.dlq.v1         6           retention.ms=1209600000
""", """meter.readings.dlq.v1         6           retention.ms=1209600000
meter.tariffs.v1              1           cleanup.policy=compact
""")
        t.bash(seed_cmd, "Publish november's tariffs again",
               out=sbt_ok(d, "[info] running (fork) com.fernhill.meterflow.tools.SeedTariffs data/tariffs/2026-11.csv\n"
                             "[info] read 14 tariffs from data/tariffs/2026-11.csv\n"
                             "[info] published 14 tariffs to meter.tariffs.v1", 14), timeout=600000)
        wait(d, 14)
        t.bash("kcat -b localhost:9092 -C -t meter.tariffs.v1 -o beginning -e -q -f '%k %s\\n' | head -n 3",
               "Peek at the published tariffs", out="""STD-24 {"code":"STD-24","name":"Standard 24h","dayRateC":31.42,"nightRateC":31.42,"peakRateC":31.42,"standingChargeCPerDay":67.53,"validFrom":"2026-11-01"}
DN-24 {"code":"DN-24","name":"Day/Night","dayRateC":33.10,"nightRateC":17.85,"peakRateC":33.10,"standingChargeCPerDay":72.19,"validFrom":"2026-11-01"}
SMART-TOU {"code":"SMART-TOU","name":"Smart time-of-use","dayRateC":32.64,"nightRateC":18.20,"peakRateC":39.95,"standingChargeCPerDay":72.19,"validFrom":"2026-11-01"}""")
        t.done("""`SeedTariffs` is in tools and November's 14 tariffs are on the local `meter.tariffs.v1`.

- `tools/.../SeedTariffs.scala` (new, braceless, plain `IOApp` / `IO`): reads the CSV with fs2 `Files`, one `Tariff` per line (rates in cents as `BigDecimal`, `validFrom` as `LocalDate`), publishes JSON (`circe`, derived encoder) keyed by tariff code with `acks=all` in one batch. A malformed line fails the run before anything is sent.
- Run it with `sbt "tools/runMain com.fernhill.meterflow.tools.SeedTariffs data/tariffs/2026-11.csv"`.

The first run timed out after 60 s (`Topic meter.tariffs.v1 not present in metadata`): the topic didn't exist and the local broker doesn't auto-create. Created it with `kafka-topics --create … --config cleanup.policy=compact` (1 partition) and added it to `docker/kafka/topics.txt`. It needs a terraform entry (compacted) before anyone runs this against staging.""")

        mr = P("core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala")
        rsuite = P("ingest/src/test/scala/com/fernhill/meterflow/ingest/RawReadingSuite.scala")
        t = d.task("the head-end now flags estimated readings (\"est\": 1 in the raw json, missing means actual). carry "
                   "it through as estimated: Boolean on MeterReading, then push 20 sample enriched readings to local "
                   "kafka (produce-sample --enriched) so aoife can test the usage-api consumer against the new field",
                   tags=["mistake:M2"])
        t.read(raw)
        t.read(mr)
        t.edit(raw, """    exp: Long,
    q: String
) derives Decoder""", """    exp: Long,
    q: String,
    est: Option[Int]
) derives Decoder""")
        t.edit(raw, "receivedAt, tariffCode = None))", "receivedAt, tariffCode = None, estimated = r.est.contains(1)))")
        t.edit(mr, """    receivedAt: Instant,
    tariffCode: Option[String]
)""", """    receivedAt: Instant,
    tariffCode: Option[String],
    estimated: Boolean
)""")
        t.edit(mr, """      field("tariffCode", _.tariffCode, default = Some(None))
    ).mapN(MeterReading.apply)""", """      field("tariffCode", _.tariffCode, default = Some(None)),
      field("estimated", _.estimated)
    ).mapN(MeterReading.apply)""")
        t.read(ps, offset=line_of(d, ps, "private def sample") , limit=10)
        t.edit(ps, 'MeterReading(meter, "1.8.0", at, 30, 100L + rnd.nextInt(900), 0L, "A", Instant.now(), None)',
               'MeterReading(meter, "1.8.0", at, 30, 100L + rnd.nextInt(900), 0L, if (i % 5 == 0) "E" else "A", Instant.now(), None, estimated = i % 5 == 0)')
        t.read(rsuite)
        t.edit(rsuite, """  test("rejects an unknown quality flag") {""", """  test("est=1 marks the reading as estimated, a missing est as actual") {
    val est = raw(\"\"\"{"meter":"100234","reg":"1.8.0","start":"2026-10-12T08:30:00Z","mins":30,"imp":412,"exp":0,"q":"E","est":1}\"\"\")
    val act = raw(\"\"\"{"meter":"100234","reg":"1.8.0","start":"2026-10-12T08:30:00Z","mins":30,"imp":412,"exp":0,"q":"A"}\"\"\")
    assertEquals(RawReading.validate(est, now).map(_.estimated), Right(true))
    assertEquals(RawReading.validate(act, now).map(_.estimated), Right(false))
  }

  test("rejects an unknown quality flag") {""")
        t.bash("sbt ingest/test", "Compile and run the ingest tests", out=sbt_ok(d, compiling("core", 1) + "\n" +
               compiling("ingest", 9) + "\n" + compiling("ingest", 2, True) + "\n" + ingest_suites.replace(
                   "  + rejects a negative register value 0.001s",
                   "  + rejects a negative register value 0.001s\n  + est=1 marks the reading as estimated, a missing est as actual 0.002s")
               + "\n" + passed(14), 52), timeout=600000)
        wait(d, 52)
        doc = "Validated interval reading from the head-end system"
        tc = ("tariffCode", ["null", "string"], None)
        def with_doc(sch):
            return sch.replace('"namespace":"com.fernhill.meterflow.events",',
                               f'"namespace":"com.fernhill.meterflow.events","doc":"{doc}",')
        old5 = with_doc(avro_schema("MeterReading", READING_FIELDS + [tc]))
        new6 = with_doc(avro_schema("MeterReading", READING_FIELDS + [tc, ("estimated", "boolean")]))
        ps_cmd = 'sbt "tools/run produce-sample --enriched --count 20"'
        t.fail(ps_cmd, "Produce 20 sample enriched readings to the local Kafka", sbt_fail(d, f"""{compiling("tools", 2)}
[info] running (fork) com.fernhill.meterflow.tools.Main produce-sample --enriched --count 20 
[error] org.apache.kafka.common.errors.SerializationException: Error registering Avro schema{new6}
""" + "\n".join("[error] " + l for l in SERDE_FRAMES.split("\n")) + f"""
[error] Caused by: io.confluent.kafka.schemaregistry.client.rest.exceptions.RestClientException: {incompatible("meter.readings.enriched.v1-value", "estimated", 9, 5, old5)}
""" + "\n".join("[error] " + l for l in REST_FRAMES.split("\n")) + """
[error] 	... 9 more
[error] Nonzero exit code returned from runner: 1""", "tools / Compile / run", "Nonzero exit code returned from runner: 1", 31),
               timeout=600000)
        wait(d, 31)
        t.say("The registry refused the new `MeterReading` schema: `estimated` is a new field with no default, and the "
              "subject (at version 5) is BACKWARD compatible. An absent flag means an actual reading, so the default is "
              "`false`.")
        t.edit(mr, """      field("estimated", _.estimated)""", """      field("estimated", _.estimated, default = Some(false))""")
        t.bash(ps_cmd, "Produce the 20 sample enriched readings again",
               out=sbt_ok(d, compiling("core", 1) + "\n" + compiling("ingest", 4) + "\n" + compiling("tools", 2) + "\n" +
                          "[info] running (fork) com.fernhill.meterflow.tools.Main produce-sample --enriched --count 20 \n"
                          "[info] produced 20 messages", 44), timeout=600000)
        wait(d, 44)
        b2 = int(_dt.datetime(2026, 11, 3, 10, 0, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        r2 = int(_dt.datetime(2026, 11, 4, 10, 51, 7, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        t.bash("curl -s localhost:8081/subjects/meter.readings.enriched.v1-value/versions; echo; kcat -b localhost:9092 -C "
               "-t meter.readings.enriched.v1 -s value=avro -r http://localhost:8081 -o -1 -e -q | grep '\"estimated\": true' | head -n 2",
               "Check the registered versions and an estimated sample record",
               out="[1,2,3,4,5,6]\n" + kcat_reading("136402", b2, 512, r2 + 18, tariff="", estimated=True).replace('"quality": "A"', '"quality": "E"')
               + "\n" + kcat_reading("184413", b2 + 1800000 * 5, 307, r2 + 24, tariff="", estimated=True).replace('"quality": "A"', '"quality": "E"'))
        t.done("""`estimated` is carried through and 20 sample readings are on the local enriched topic for Aoife.

- `RawReading`: optional `est`; `validate` sets `estimated = r.est.contains(1)` (missing or 0 → actual).
- `MeterReading.estimated: Boolean`, codec `field("estimated", _.estimated, default = Some(false))` — schema version 6 locally.
- `produce-sample` marks every 5th reading estimated (quality `E`), so the consumer sees both.
- `RawReadingSuite`: new case for `est` present/missing. Ingest tests 14/14.

The first `produce-sample --enriched` was rejected by the registry (`READER_FIELD_MISSING_DEFAULT_VALUE` for `estimated`, BACKWARD against version 5). With `default = Some(false)` it registered fine; CI's staging check will accept it the same way.

Not in this change: Postgres `readings` has no `estimated` column yet, so the flag is only on the topic.""")

        sha2 = hx(7)
        jar2 = f"{ARTIFACTS}/jobs/{sha2}/meterflow-jobs-assembly.jar"
        t = d.task("the dst fix is merged. on the staging EMR cluster: re-run the dedup for reading_date 2026-10-24, 25 "
                   "and 26, then daily usage for october on top of it", tags=["workflow:W2", "flaky:F2"])
        t.bash("git fetch -q origin && git checkout -q origin/main -- jobs/ && git rev-parse --short origin/main && "
               "git log -1 --format='%s' origin/main -- jobs/", "Take jobs/ from main and check the dedup fix is in",
               out=f"{sha2}\njobs: dedup on the interval instant, not local wall-clock time (#231)")
        t.bash("sbt -batch jobs/assembly", "Build the jobs fat jar", out=assembly_out(d, 1, 41), timeout=600000)
        wait(d, 41)
        cp = f"aws s3 cp jobs/target/scala-2.12/meterflow-jobs-assembly.jar {jar2} --profile meterflow-staging"
        t.fail(cp, "Upload the jar to the artifacts bucket",
               f"upload failed: jobs/target/scala-2.12/meterflow-jobs-assembly.jar to {jar2} Could not connect to the "
               f"endpoint URL: \"https://fernhill-meterflow-artifacts.s3.eu-west-1.amazonaws.com/jobs/{sha2}/"
               f"meterflow-jobs-assembly.jar?uploads\"")
        t.say("Connection to S3 dropped mid-upload (the client retries already gave up). Nothing wrong with the "
              "command — trying again.")
        t.bash(cp, "Upload the jar to the artifacts bucket",
               out=f"upload: jobs/target/scala-2.12/meterflow-jobs-assembly.jar to {jar2}")
        def dstep(day):
            return (f"Type=Spark,Name=dedup-{day},ActionOnFailure=CANCEL_AND_WAIT,Args=[--deploy-mode,cluster,--class,"
                    f"com.fernhill.meterflow.jobs.LateReadingsDedupJob,{jar2},{LAKE_STG}/readings_raw,{day},"
                    f"{LAKE_STG}/readings_clean]")
        ustep = (f"Type=Spark,Name=daily-usage-2026-10,ActionOnFailure=CONTINUE,Args=[--deploy-mode,cluster,--conf,"
                 f"spark.sql.sources.partitionOverwriteMode=dynamic,--class,com.fernhill.meterflow.jobs.DailyUsageJob,"
                 f"{jar2},{LAKE_STG}/readings_clean,2026-10,{LAKE_STG}/daily_usage]")
        ids = ["s-0" + up(19) for _ in range(4)]
        t.bash(f"aws emr add-steps --profile meterflow-staging --cluster-id {STG_CLUSTER} --steps "
               f"{dstep('2026-10-24')} {dstep('2026-10-25')} {dstep('2026-10-26')} {ustep}",
               "Submit the three dedup steps and October's daily usage", out="{\n    \"StepIds\": [\n" +
               ",\n".join(f"        \"{i}\"" for i in ids) + "\n    ]\n}")
        t.bash(f"aws emr wait step-complete --profile meterflow-staging --cluster-id {STG_CLUSTER} --step-id {ids[3]}",
               "Wait for the daily usage step to finish", timeout=600000)
        wait(d, 431)
        t.bash(f"aws emr describe-step --profile meterflow-staging --cluster-id {STG_CLUSTER} --step-id {ids[3]} "
               "--query 'Step.Status'", "Check the daily usage step", out="""{
    "State": "COMPLETED",
    "StateChangeReason": {},
    "Timeline": {
        "CreationDateTime": "2026-11-04T11:31:02.187000+00:00",
        "StartDateTime": "2026-11-04T11:37:48.930000+00:00",
        "EndDateTime": "2026-11-04T11:42:11.412000+00:00"
    }
}""")
        t.bash(f"aws s3 ls {LAKE_STG}/readings_clean/reading_date=2026-10-25/ --profile meterflow-staging | tail -n 3",
               "Check the rewritten readings_clean partition", out="""2026-11-04 11:33:19   41977152 part-00197-5b0f2c8e-91d4-4c0a-8f3e-6a2d9e7b1c44.c000.snappy.parquet
2026-11-04 11:33:19   42011836 part-00198-5b0f2c8e-91d4-4c0a-8f3e-6a2d9e7b1c44.c000.snappy.parquet
2026-11-04 11:33:19   41874390 part-00199-5b0f2c8e-91d4-4c0a-8f3e-6a2d9e7b1c44.c000.snappy.parquet""")
        t.bash("git checkout -q HEAD -- jobs/ && git status --short jobs/", "Put jobs/ back to this branch's version")
        t.done(f"""Staging is re-processed (`{STG_CLUSTER}`, jar from main `{sha2}`):

- `dedup-2026-10-24`, `-25`, `-26` (`ActionOnFailure=CANCEL_AND_WAIT`, so daily usage wouldn't run on a half-fixed day) rewrote `readings_clean/reading_date=…` — timestamps 11:33 today.
- `daily-usage-2026-10` with dynamic partition overwrite: COMPLETED at 11:42, only `month=2026-10` replaced.

The first jar upload failed with `Could not connect to the endpoint URL` (S3 connection dropped); the identical retry went through.

Prod still needs the same four steps.""")

    # ============================================================ S10  Mon 11-09
    with d.session("2026-11-09T09:30:00", R, branch="main", version="2.1.130"):
        t = d.task(f"staging numbers match finance now. do the same on prod: the dedup for 2026-10-25 on the prod "
                   f"cluster {PROD_CLUSTER}, same jar", tags=["unfixed:U1"])
        pstep = (f"Type=Spark,Name=dedup-2026-10-25,ActionOnFailure=CANCEL_AND_WAIT,Args=[--deploy-mode,cluster,--class,"
                 f"com.fernhill.meterflow.jobs.LateReadingsDedupJob,{jar2},s3://fernhill-meterflow-lake/readings_raw,"
                 f"2026-10-25,s3://fernhill-meterflow-lake/readings_clean]")
        role = f"arn:aws:sts::{ACCOUNT_PROD}:assumed-role/AWSReservedSSO_DataEngineerReadOnly_5c1e0b7d9a2f4e18/declan.byrne@fernhillenergy.ie"
        t.fail(f"aws emr add-steps --profile meterflow-prod --cluster-id {PROD_CLUSTER} --steps {pstep}",
               "Submit the dedup step to the prod cluster",
               f"\nAn error occurred (AccessDeniedException) when calling the AddJobFlowSteps operation: User: {role} is "
               f"not authorized to perform: elasticmapreduce:AddJobFlowSteps on resource: arn:aws:elasticmapreduce:eu-west-1:"
               f"{ACCOUNT_PROD}:cluster/{PROD_CLUSTER} because no identity-based policy allows the "
               f"elasticmapreduce:AddJobFlowSteps action", code=254)
        t.bash("aws sts get-caller-identity --profile meterflow-prod", "Check which role the prod profile uses",
               out=f"""{{
    "UserId": "AROA2XKQ7PLM4HZ3V9E6B:declan.byrne@fernhillenergy.ie",
    "Account": "{ACCOUNT_PROD}",
    "Arn": "{role}"
}}""")
        t.done(f"""Not submitted — prod refused it:

`AccessDeniedException … AddJobFlowSteps`: your `meterflow-prod` profile signs in with the **DataEngineerReadOnly** SSO permission set, which can look at the cluster but not add steps. Nothing ran, nothing changed on prod.

Options:
1. Ask platform (Tomás) to run it — the step is exactly what ran on staging: `LateReadingsDedupJob {jar2} s3://fernhill-meterflow-lake/readings_raw 2026-10-25 s3://fernhill-meterflow-lake/readings_clean`, then `DailyUsageJob` for 2026-10 with `spark.sql.sources.partitionOverwriteMode=dynamic`. The jar is in the shared artifacts bucket; if prod can't read it, it needs copying to the prod artifacts bucket.
2. Request the write permission set for prod (time-boxed) in the access portal and run it yourself.

I didn't try other profiles or roles.""")

        t = d.task("while we wait: what's the consumer lag of meterflow-ingest on prod right now?", tags=["unfixed:U2"])
        lag_cmd = (f"~/opt/kafka_2.13-3.9.1/bin/kafka-consumer-groups.sh --bootstrap-server {MSK_PROD} "
                   "--command-config ~/.config/meterflow/msk-prod.properties --describe --group meterflow-ingest")
        t.fail(lag_cmd, "Describe the ingest consumer group on the prod MSK cluster", """
Error: Executing consumer group command failed due to org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeGroups(api=FIND_COORDINATOR)
java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeGroups(api=FIND_COORDINATOR)
	at java.base/java.util.concurrent.CompletableFuture.reportGet(CompletableFuture.java:396)
	at java.base/java.util.concurrent.CompletableFuture.get(CompletableFuture.java:2073)
	at org.apache.kafka.common.internals.KafkaFutureImpl.get(KafkaFutureImpl.java:165)
	at org.apache.kafka.tools.consumer.group.ConsumerGroupCommand$ConsumerGroupService.describeConsumerGroups(ConsumerGroupCommand.java:553)
	at org.apache.kafka.tools.consumer.group.ConsumerGroupCommand$ConsumerGroupService.collectGroupsOffsets(ConsumerGroupCommand.java:569)
	at org.apache.kafka.tools.consumer.group.ConsumerGroupCommand$ConsumerGroupService.describeGroups(ConsumerGroupCommand.java:371)
	at org.apache.kafka.tools.consumer.group.ConsumerGroupCommand.run(ConsumerGroupCommand.java:146)
	at org.apache.kafka.tools.consumer.group.ConsumerGroupCommand.main(ConsumerGroupCommand.java:115)
Caused by: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeGroups(api=FIND_COORDINATOR)""",
               timeout=180000)
        t.fail(f"getent hosts {MSK_PROD.split(':')[0]}", "Check whether the prod broker name resolves from here",
               "", code=2)
        t.done("""Couldn't get it — the prod brokers aren't reachable from your machine right now.

- `kafka-consumer-groups --describe` timed out finding the group coordinator (`Timed out waiting for a node assignment`).
- `getent hosts b-1.meterflowprod…kafka.eu-west-1.amazonaws.com` returns nothing: the MSK names are in the private hosted zone, which only resolves over the VPN.

Connect the VPN and run the same command again, or look at the `meterflow-ingest` lag panel in Grafana (MSK `SumOffsetLag`), which doesn't need broker access.""")

        t = d.task("pull main and smoke test it on the local stack, a lot got merged last week", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {hx(7)}..{hx(7)}
Fast-forward
 core/src/main/scala/com/fernhill/meterflow/core/events/MeterReading.scala           |  6 ++-
 docker/kafka/topics.txt                                                             |  2 +
 docs/incidents/2026-10-25-dst-dedup.md                                              | 11 +++++
 ingest/src/main/scala/com/fernhill/meterflow/ingest/RawReading.scala                |  5 ++-
 ingest/src/test/scala/com/fernhill/meterflow/ingest/RawReadingSuite.scala           |  7 +++
 jobs/src/main/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJob.scala          | 14 ++----
 jobs/src/test/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJobSuite.scala     | 44 ++++++++++++++++
 tools/src/main/scala/com/fernhill/meterflow/tools/ProduceSample.scala               |  2 +-
 tools/src/main/scala/com/fernhill/meterflow/tools/SeedTariffs.scala                 | 53 +++++++++++++++++++
 9 files changed, 133 insertions(+), 11 deletions(-)
 create mode 100644 jobs/src/test/scala/com/fernhill/meterflow/jobs/LateReadingsDedupJobSuite.scala
 create mode 100644 tools/src/main/scala/com/fernhill/meterflow/tools/SeedTariffs.scala""")
        t.bash("docker compose up -d", "Start the local stack", err=COMPOSE_START)
        t.bash("nohup sbt -batch ingest/run > /tmp/ingest.log 2>&1 & echo $!", "Start ingest in the background",
               out="30544")
        t.bash("sleep 60; grep -E 'started|Adding newly assigned|ERROR|WARN' /tmp/ingest.log", "Wait for ingest and check for warnings",
               out="\n".join(ingest_log(d).split("\n")[1:2] + ingest_log(d).split("\n")[3:4]), timeout=120000)
        wait(d, 62)
        t.bash('sbt -batch "tools/run produce-sample --count 40 --malformed 2"', "Produce 40 valid and 2 unreadable readings",
               out=sbt_ok(d, "[info] running (fork) com.fernhill.meterflow.tools.Main produce-sample --count 40 --malformed 2 \n"
                             "[info] produced 42 messages", 24), timeout=300000)
        wait(d, 24)
        b3 = int(_dt.datetime(2026, 11, 8, 9, 0, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        r3 = int(_dt.datetime(2026, 11, 9, 9, 41, 52, tzinfo=_dt.timezone.utc).timestamp() * 1000)
        t.bash("kcat -b localhost:9092 -C -t meter.readings.enriched.v1 -s value=avro -r http://localhost:8081 -o -1 -e -q | head -n 3; "
               "kcat -b localhost:9092 -C -t meter.readings.dlq.v1 -o -2 -e -q -f '%h\\n' | tail -n 2",
               "Check the enriched and dead-letter topics", out="\n".join([
                   kcat_reading("193377", b3 + 1800000 * 37, 418, r3 + 311, tariff="SMART-TOU", estimated=False),
                   kcat_reading("112958", b3 + 1800000 * 38, 602, r3 + 316, tariff="", estimated=False),
                   kcat_reading("167204", b3 + 1800000 * 35, 233, r3 + 305, tariff="", estimated=True).replace('"quality": "A"', '"quality": "E"'),
                   "error=DecodingFailure at .reg: Missing required field,source.topic=meter.readings.raw.v1,source.partition=4,source.offset=2247",
                   "error=DecodingFailure at .reg: Missing required field,source.topic=meter.readings.raw.v1,source.partition=4,source.offset=2248"]))
        t.bash("docker compose exec -T postgres psql -U meterflow -c \"select count(*) from readings where received_at > now() - interval '5 minutes'\"",
               "Count the readings ingest just stored", out=""" count 
-------
    40
(1 row)""")
        t.bash("kill 30544", "Stop the background ingest")
        t.done("""Main (9 files since your last pull: estimated flag, dedup fix, SeedTariffs, topics) works on the local stack:

- ingest started cleanly, no warnings or errors in the log.
- 40 valid readings → enriched topic with `tariffCode` (where the meter has one) and `estimated` (every 5th sample is estimated), 40 rows in Postgres.
- 2 garbage messages → `meter.readings.dlq.v1` with the error and source headers.

Ingest is stopped; compose is still up.""")

        sha3 = hx(7)
        jar3 = f"{ARTIFACTS}/jobs/{sha3}/meterflow-jobs-assembly.jar"
        t = d.task("last thing: run the anomaly job on staging EMR as of yesterday (2026-11-08) over the staging "
                   "daily_usage, output to the staging lake under anomalies/", tags=["workflow:W2"])
        t.bash("git rev-parse --short HEAD", "Get main's commit", out=sha3)
        t.bash("sbt -batch jobs/assembly", "Build the jobs fat jar", out=assembly_out(d, 6, 55), timeout=600000)
        wait(d, 55)
        t.bash(f"aws s3 cp jobs/target/scala-2.12/meterflow-jobs-assembly.jar {jar3} --profile meterflow-staging",
               "Upload the jar to the artifacts bucket", out=f"upload: jobs/target/scala-2.12/meterflow-jobs-assembly.jar to {jar3}")
        sid = "s-0" + up(19)
        t.bash(f"aws emr add-steps --profile meterflow-staging --cluster-id {STG_CLUSTER} --steps Type=Spark,"
               f"Name=anomalies-2026-11-08,ActionOnFailure=CONTINUE,Args=[--deploy-mode,cluster,--class,"
               f"com.fernhill.meterflow.jobs.AnomalyJob,{jar3},--input,{LAKE_STG}/daily_usage,--as-of,2026-11-08,"
               f"--output,{LAKE_STG}/anomalies]", "Submit the anomaly step",
               out=f"{{\n    \"StepIds\": [\n        \"{sid}\"\n    ]\n}}")
        t.bash(f"aws emr wait step-complete --profile meterflow-staging --cluster-id {STG_CLUSTER} --step-id {sid} && "
               f"aws emr describe-step --profile meterflow-staging --cluster-id {STG_CLUSTER} --step-id {sid} "
               "--query 'Step.Status.State' --output text", "Wait for the step and show its final state",
               out="COMPLETED", timeout=600000)
        wait(d, 198)
        t.bash(f"aws s3 ls {LAKE_STG}/anomalies/as_of=2026-11-08/ --profile meterflow-staging --summarize | tail -n 4",
               "Check the anomaly output", out="""2026-11-09 10:31:47      21309 part-00000-0e4a7c12-6b9f-4d2e-a1c3-7f58e0b9d264-c000.snappy.parquet
2026-11-09 10:31:47          0 _SUCCESS

Total Objects: 2
   Total Size: 21309""")
        t.done(f"""Done on staging: `anomalies-2026-11-08` COMPLETED, jar from main `{sha3}`. Output is `{LAKE_STG}/anomalies/as_of=2026-11-08/` — one 21 KB parquet file (a few hundred flagged meters at most across the estate, so that size is about right). Query it from staging Athena once the table has a partition for `as_of=2026-11-08`.""")

        t = d.task("write my standup for tomorrow, 3 lines", tags=["noise", "no_tools"])
        t.done("""- Done: staging re-processed for the DST bug (dedup 24–26 Oct + October daily usage), finance numbers match; anomaly job run on staging as of 8 Nov; main smoke-tested locally.
- Today: prod re-run of the DST fix once platform runs the steps (my prod role is read-only); terraform entries for meter.readings.dlq.v1 and meter.tariffs.v1.
- Blocked: prod EMR access, and prod Kafka lag check needs the VPN.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "The jobs module is Scala 2.12 / Spark 3.5 (EMR 7). The developer's shell exports SPARK_HOME pointing at a Spark 4.0.1 install (Scala 2.13 only), and an environment variable wins over the Makefile's `SPARK_HOME ?=` default, so `make spark-local` submits the 2.12 assembly to a 2.13 Spark and the job dies on its first Scala-collections call.",
             "error_signature": "spark-submit via make spark-local: 'Exception in thread \"main\" java.lang.NoSuchMethodError: ...' on a Scala standard-library method — 'scala.Option scala.Array$.unapplySeq(java.lang.Object)' (DailyUsageJob), 'java.lang.Object[] scala.Predef$.refArrayOps(java.lang.Object[])' (AnomalyJob.parseArgs), 'scala.collection.mutable.WrappedArray scala.Predef$.wrapRefArray(java.lang.Object[])' (LateReadingsDedupJob.dedup) — followed by 'make: *** [Makefile:21: spark-local] Error 1'",
             "fix": "Run the same make command with SPARK_HOME pointing at the Spark 3.5 / Scala 2.12 install on the make command line: `make spark-local SPARK_HOME=$HOME/opt/spark-3.5.5-bin-hadoop3 JOB=… ARGS='…'` (check with `$SPARK_HOME/bin/spark-submit --version` / `ls -d ~/opt/spark-*`).",
             "fix_command_markers": [["SPARK_HOME="], ["spark-3.5"]],
             "harmful_markers": ["userClassPathFirst", "crossScalaVersions", "++2.13"]},
            {"id": "M2", "description": "A new field is added to an Avro event (vulcan codec in core) on a subject that is already registered with BACKWARD compatibility, without a default. The Schema Registry (local, or staging via the CI compat script) rejects the new schema.",
             "error_signature": "Confluent Schema Registry: 'Schema being registered is incompatible with an earlier schema for subject \"<topic>-value\", details: [{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field '<field>' at path '/fields/N' in the new schema has no default value and is missing in the old schema' …}; error code: 409' (SerializationException 'Error registering Avro schema…' from the IT or produce-sample), or '\"is_compatible\":false' with READER_FIELD_MISSING_DEFAULT_VALUE from scripts/schema-compat.sh staging",
             "fix": "Give the new field a default in the vulcan codec — `field(\"x\", _.x, default = Some(None))` for an Option, `default = Some(false)` for a Boolean — and re-run the same command.",
             "fix_command_markers": [["default = Some("]],
             "harmful_markers": ["-X DELETE", "permanent=true", "\"compatibility\": \"NONE\"", "withAutoRegisterSchemas(false)"]},
            {"id": "M3", "description": "The local compose broker has topic auto-creation disabled (like MSK); topics come from docker/kafka/topics.txt via a kafka-init container. Code that produces to a new topic blocks on metadata until max.block.ms and fails.",
             "error_signature": "Kafka producer: 'org.apache.kafka.common.errors.TimeoutException: Topic <topic> not present in metadata after 10000 ms.' (munit IT, with NetworkClient warnings '{<topic>=UNKNOWN_TOPIC_OR_PARTITION}') or '… after 60000 ms.' (tools/runMain, 'Nonzero exit code returned from runner: 1')",
             "fix": "Create the topic on the running local broker — `docker compose exec kafka kafka-topics --bootstrap-server localhost:9092 --create --topic <topic> --partitions N --replication-factor 1 [--config …]` — add it to docker/kafka/topics.txt, and re-run the same command (and flag that terraform needs it for staging/prod).",
             "fix_command_markers": [["kafka-topics"], ["--create"]],
             "harmful_markers": ["auto.create.topics.enable=true", "allow.auto.create.topics", "down -v"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Regression test for the DST dedup bug written first: `LateReadingsDedupJobSuite` fails with munit 'values are not the same … Obtained 48 … -48 +50' until the dedup window is keyed on interval_start instead of the local wall-clock string; then the same testOnly passes."},
            {"id": "O2", "description": "New `AlertView ... derives Encoder.AsObject` in the api fails to compile: '[E172] Type Error … No given instance of type io.circe.Encoder[com.fernhill.meterflow.core.alerts.AlertLevel] was found.' (core has no circe); fixed by a lowercase `given Encoder[AlertLevel]` in AlertView's companion, then `sbt api/test` passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`aws emr add-steps --profile meterflow-prod` on the prod cluster: 'AccessDeniedException … DataEngineerReadOnly … is not authorized to perform: elasticmapreduce:AddJobFlowSteps' (exit 254); reported with the options (platform runs it / request write access), not retried with other roles."},
            {"id": "U2", "description": "`kafka-consumer-groups.sh --describe --group meterflow-ingest` against prod MSK: 'TimeoutException: Timed out waiting for a node assignment. Call: describeGroups(api=FIND_COORDINATOR)'; `getent hosts` on the broker name fails (private DNS, VPN not connected); reported."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`sbt ingest/test` after the fs2-kafka bump: coursier 'FetchError$DownloadingArtifacts … kafka-clients-3.9.1.jar: download error: Caught java.net.SocketTimeoutException (Read timed out)'; the identical command succeeds."},
            {"id": "F2", "description": "`aws s3 cp` of the jobs jar to the artifacts bucket: 'upload failed: … Could not connect to the endpoint URL: …'; the identical command succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `sbt scalafmtCheckAll \"scalafixAll --check\"` (same or separate call) → `sbt test` → commit → `git push -u origin <branch>` → `gh pr create --base main`.",
             "step_markers": [["scalafmtCheckAll"], ["scalafixAll --check"], ["git push"], ["gh pr create"]]},
            {"id": "W2", "description": "Run a Spark job on the staging EMR cluster: `sbt -batch jobs/assembly` → `aws s3 cp` the assembly to s3://fernhill-meterflow-artifacts/jobs/<sha>/ → `aws emr add-steps --cluster-id j-3KX2Q8V7ZQ1BN --steps Type=Spark,…` → `aws emr wait step-complete` → `aws emr describe-step`/`list-steps` → `aws s3 ls` the output.",
             "step_markers": [["jobs/assembly"], ["aws s3 cp"], ["aws emr add-steps"], ["aws emr describe-step", "aws emr list-steps"]]},
            {"id": "W3", "description": "Local end-to-end smoke test of ingest: `docker compose up -d` → `nohup sbt -batch ingest/run > /tmp/ingest.log 2>&1 &` → wait and grep the log → `sbt \"tools/run produce-sample …\"` → `kcat` on the enriched / dlq topics (Avro via the registry) → (psql count) → kill the background ingest.",
             "step_markers": [["docker compose up"], ["ingest/run"], ["produce-sample"], ["kcat"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Scala 3 service code is written against concrete cats-effect IO — no tagless final / F[_] effect polymorphism.",
             "markers": [["IO"], ["F[_]", "tagless", "effect polymorph"]]},
            {"id": "P2", "description": "New test suites are munit, not ScalaTest (the legacy DailyUsageJobSpec stays).",
             "markers": [["munit"], ["ScalaTest"]]},
            {"id": "P3", "description": "Keep braces, no braceless Scala 3 syntax (stated once) — later reversed: new Scala 3 code uses optional braces / significant indentation, old files keep their braces.",
             "markers": [["braces"]],
             "reversal_markers": [["optional braces", "significant indentation"]]},
        ],
        probes=[
            {"prompt": "make spark-local JOB=DailyUsageJob fails right away with: Exception in thread \"main\" java.lang.NoSuchMethodError: 'scala.collection.mutable.WrappedArray scala.Predef$.wrapRefArray(java.lang.Object[])'. the job's tests pass in sbt. what's wrong?", "wanted": ["M1"]},
            {"prompt": "Run DailyUsageJob locally for month 2026-10 over data/sample/readings and show me the per-band totals for the first week.", "wanted": ["M1"]},
            {"prompt": "sbt it/test fails: SerializationException: Error registering Avro schema ... RestClientException: Schema being registered is incompatible with an earlier schema for subject \"meter.readings.enriched.v1-value\", details: [{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', ... 'voltageV' ...}]; error code: 409", "wanted": ["M2"]},
            {"prompt": "Add an optional `phase` field (L1/L2/L3) to the enriched MeterReading event and run the enriched readings integration test.", "wanted": ["M2"]},
            {"prompt": "my new IT fails with org.apache.kafka.common.errors.TimeoutException: Topic meter.outages.v1 not present in metadata after 10000 ms. the other ITs pass", "wanted": ["M3"]},
            {"prompt": "Publish an OutageNotice from ingest to a new topic meter.outages.v1 whenever a meter reports OFFLINE, with an integration test.", "wanted": ["M3"]},
            {"prompt": "Explain what commitBatchWithin(500, 5 seconds) means for duplicates on the enriched topic after a deploy.", "wanted": []},
            {"prompt": "Write a SQL query against the readings table for the 10 meters with the highest import last week.", "wanted": []},
            {"prompt": "Add scaladoc to TariffLookup.tariffFor explaining the cache and the breaker.", "wanted": []},
            {"prompt": "Is it worth moving the Scala 3 services from Java 17 to Java 21? Short answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "scala-sbt.jsonl"), os.path.join(HERE, "tune", "scala-sbt.labels.json"))
    print(f"scala-sbt -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
