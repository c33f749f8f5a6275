"""kafka-connect: Eirik Nygaard, data platform engineer at Fjordkraft Nord Trading AS (fictional), Oslo.

One repo, github.internal/fnt/cdc-platform: Kafka Connect configs and tooling for change data capture from
the trading, risk and metering Postgres databases. Debezium 2.7 Postgres sources and the Confluent JDBC sink
(10.8) into the analytics Postgres (dwh), Avro with Confluent Schema Registry, a Java 21 Gradle project of
custom SMTs (`smt/`), a docker compose local stack (cp 7.7.1: broker, schema-registry, connect, trading-db,
dwh), a shared dev Connect worker on connect-dev01, and Strimzi 0.43 on Kubernetes for staging and prod
(KafkaConnect + KafkaConnector CRs). kcat and the Kafka CLI (`kafka-topics.sh`, `kafka-consumer-groups.sh`).

Written blind for fresh/; measured once held out (round 36), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_kafka_connect.py && python3 check.py && python3 fresh/check_fresh.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "eirik"
H = "/home/eirik"
R = H + "/src/cdc-platform"
MODEL = "claude-opus-4-6"
SMT = R + "/smt/src/main/java/no/fnt/connect/smt"
SMTT = R + "/smt/src/test/java/no/fnt/connect/smt"
LOCAL = "http://localhost:8083"
DEV = "http://connect-dev01.fnt.internal:8083"
STG_BOOT = "kafka-stg-kafka-bootstrap.fnt.internal:9094"
PROD_BOOT = "kafka-prod-kafka-bootstrap.fnt.internal:9094"
CURL = "curl -sS --fail-with-body"
HJ = "-H 'Content-Type: application/json'"

# ------------------------------------------------------------------ virtual file system

FILES = {}
FILES[R + "/README.md"] = """# cdc-platform

Change data capture for trading, risk and metering: Debezium Postgres sources -> Kafka -> JDBC sink into dwh.

- `connectors/local/`, `connectors/dev/`: connector configs (flat JSON, the body of `PUT /connectors/<name>/config`)
- `k8s/staging/`, `k8s/prod/`: Strimzi KafkaConnect + KafkaConnector resources
- `smt/`: our Single Message Transforms (Java 21, Gradle, published to Nexus)
- `docker-compose.yml`: local stack (broker, schema-registry, connect, trading-db, dwh)

## Local stack

    docker compose up -d
    curl -s localhost:8083/connector-plugins | jq '.[].class'

Connect REST on :8083, Schema Registry on :8081, broker on localhost:29092 (PLAINTEXT).

## Staging / prod

Strimzi owns the connectors there (`use-connector-resources`), never curl them. External listener :9094 is TLS,
CA certs in `~/.kafka/` (see the platform wiki).
"""

FILES[R + "/docker-compose.yml"] = """services:
  broker:
    image: confluentinc/cp-kafka:7.7.1
    hostname: broker
    ports: ["29092:29092"]
    environment:
      KAFKA_NODE_ID: 1
      KAFKA_PROCESS_ROLES: broker,controller
      KAFKA_CONTROLLER_QUORUM_VOTERS: 1@broker:29093
      KAFKA_LISTENERS: PLAINTEXT://broker:9092,CONTROLLER://broker:29093,PLAINTEXT_HOST://0.0.0.0:29092
      KAFKA_ADVERTISED_LISTENERS: PLAINTEXT://broker:9092,PLAINTEXT_HOST://localhost:29092
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,PLAINTEXT_HOST:PLAINTEXT
      KAFKA_CONTROLLER_LISTENER_NAMES: CONTROLLER
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: "true"
      CLUSTER_ID: q1Sh-9_ISia_zwGINzRvyQ

  schema-registry:
    image: confluentinc/cp-schema-registry:7.7.1
    depends_on: [broker]
    ports: ["8081:8081"]
    environment:
      SCHEMA_REGISTRY_HOST_NAME: schema-registry
      SCHEMA_REGISTRY_KAFKASTORE_BOOTSTRAP_SERVERS: broker:9092

  connect:
    build: ./docker/connect
    depends_on: [broker, schema-registry]
    ports: ["8083:8083"]
    environment:
      CONNECT_BOOTSTRAP_SERVERS: broker:9092
      CONNECT_GROUP_ID: local-connect
      CONNECT_CONFIG_STORAGE_TOPIC: _connect-configs
      CONNECT_OFFSET_STORAGE_TOPIC: _connect-offsets
      CONNECT_STATUS_STORAGE_TOPIC: _connect-status
      CONNECT_CONFIG_STORAGE_REPLICATION_FACTOR: 1
      CONNECT_OFFSET_STORAGE_REPLICATION_FACTOR: 1
      CONNECT_STATUS_STORAGE_REPLICATION_FACTOR: 1
      CONNECT_KEY_CONVERTER: io.confluent.connect.avro.AvroConverter
      CONNECT_VALUE_CONVERTER: io.confluent.connect.avro.AvroConverter
      CONNECT_KEY_CONVERTER_SCHEMA_REGISTRY_URL: http://schema-registry:8081
      CONNECT_VALUE_CONVERTER_SCHEMA_REGISTRY_URL: http://schema-registry:8081
      CONNECT_REST_ADVERTISED_HOST_NAME: connect
      CONNECT_PLUGIN_PATH: /usr/share/java,/usr/share/confluent-hub-components,/plugins
    volumes:
      - ./docker/connect-plugins:/plugins

  trading-db:
    image: postgres:16
    command: ["postgres", "-c", "wal_level=logical"]
    ports: ["5433:5432"]
    environment:
      POSTGRES_DB: trading
      POSTGRES_PASSWORD: trading
    volumes:
      - ./docker/trading-db/init.sql:/docker-entrypoint-initdb.d/init.sql:ro

  dwh:
    image: postgres:16
    ports: ["5434:5432"]
    environment:
      POSTGRES_DB: dwh
      POSTGRES_PASSWORD: dwh
"""

FILES[R + "/docker/connect/Dockerfile"] = """FROM confluentinc/cp-kafka-connect:7.7.1
RUN confluent-hub install --no-prompt debezium/debezium-connector-postgresql:2.7.3 \\
 && confluent-hub install --no-prompt confluentinc/kafka-connect-jdbc:10.8.0
"""

FILES[R + "/Makefile"] = """.PHONY: up down plugins

up:
\tdocker compose up -d

down:
\tdocker compose down

plugins:
\tcurl -s localhost:8083/connector-plugins | jq -r '.[].class'
"""

FILES[R + "/connectors/local/pg-trades-source.json"] = """{
  "connector.class": "io.debezium.connector.postgresql.PostgresConnector",
  "tasks.max": "1",
  "database.hostname": "trading-db",
  "database.port": "5432",
  "database.user": "postgres",
  "database.password": "trading",
  "database.dbname": "trading",
  "topic.prefix": "cdc.trading",
  "plugin.name": "pgoutput",
  "slot.name": "debezium_trades",
  "publication.name": "dbz_trades",
  "table.include.list": "public.trades",
  "transforms": "unwrap",
  "transforms.unwrap.type": "io.debezium.transforms.ExtractNewRecordState",
  "transforms.unwrap.drop.tombstones": "false"
}
"""

FILES[R + "/connectors/local/jdbc-sink-trades.json"] = """{
  "connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector",
  "tasks.max": "2",
  "topics": "cdc.trading.public.trades",
  "connection.url": "jdbc:postgresql://dwh:5432/dwh",
  "connection.user": "postgres",
  "connection.password": "dwh",
  "insert.mode": "upsert",
  "pk.mode": "record_key",
  "pk.fields": "trade_id",
  "auto.create": "true",
  "table.name.format": "raw.trades"
}
"""

FILES[R + "/smt/build.gradle.kts"] = """plugins {
    `java-library`
    `maven-publish`
    id("com.gradleup.shadow") version "8.3.3"
}

group = "no.fnt.connect"
version = "1.4.0"

java {
    toolchain { languageVersion = JavaLanguageVersion.of(21) }
}

repositories {
    maven("https://nexus.fnt.internal/repository/maven-public/")
}

dependencies {
    compileOnly("org.apache.kafka:connect-api:3.7.1")
    compileOnly("org.apache.kafka:connect-transforms:3.7.1")
    testImplementation("org.apache.kafka:connect-api:3.7.1")
    testImplementation(platform("org.junit:junit-bom:5.11.2"))
    testImplementation("org.junit.jupiter:junit-jupiter")
    testRuntimeOnly("org.junit.platform:junit-platform-launcher")
}

tasks.test { useJUnitPlatform() }

tasks.shadowJar {
    archiveClassifier = ""
    dependencies { exclude(dependency("org.apache.kafka:.*")) }
}

publishing {
    publications { create<MavenPublication>("smt") { from(components["shadow"]) } }
    repositories { maven("https://nexus.fnt.internal/repository/maven-releases/") { name = "fnt"; credentials(PasswordCredentials::class) } }
}
"""

FILES[SMT + "/MaskCounterparty.java"] = """package no.fnt.connect.smt;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.transforms.Transformation;

/** Replaces counterparty names with their LEI hash before records leave the trading domain. */
public class MaskCounterparty<R extends ConnectRecord<R>> implements Transformation<R> {

    public static final String FIELDS = "fields";
    private Set<String> fields;

    @Override
    public void configure(Map<String, ?> configs) {
        fields = Set.of(((String) configs.get(FIELDS)).split(","));
    }

    @Override
    public R apply(R record) {
        Struct value = (Struct) record.value();
        for (String f : fields) {
            Object v = value.get(f);
            if (v != null) {
                value.put(f, Hashing.sha256Hex(v.toString()));
            }
        }
        return record;
    }

    @Override
    public ConfigDef config() {
        return new ConfigDef().define(FIELDS, ConfigDef.Type.STRING, ConfigDef.Importance.HIGH,
                "Comma-separated counterparty fields to mask");
    }

    @Override
    public void close() {
    }
}
"""

FILES[SMT + "/DeliveryPeriodToUtc.java"] = """package no.fnt.connect.smt;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.transforms.Transformation;

/** Nord Pool delivery periods arrive as Europe/Oslo wall-clock strings; convert them to UTC epoch millis. */
public class DeliveryPeriodToUtc<R extends ConnectRecord<R>> implements Transformation<R> {

    private static final ZoneId OSLO = ZoneId.of("Europe/Oslo");
    private String field;

    @Override
    public void configure(Map<String, ?> configs) {
        field = (String) configs.get("field");
    }

    @Override
    public R apply(R record) {
        Struct value = (Struct) record.value();
        if (value == null) {
            return record;
        }
        String local = value.getString(field);
        long utc = LocalDateTime.parse(local).atZone(OSLO).toInstant().toEpochMilli();
        value.put(field + "_utc", utc);
        return record;
    }

    @Override
    public ConfigDef config() {
        return new ConfigDef().define("field", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH,
                "Local delivery period start field");
    }

    @Override
    public void close() {
    }
}
"""

FILES[SMTT + "/MaskCounterpartyTest.java"] = """package no.fnt.connect.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

class MaskCounterpartyTest {

    private static final Schema SCHEMA = SchemaBuilder.struct()
            .field("trade_id", Schema.INT64_SCHEMA)
            .field("counterparty", Schema.OPTIONAL_STRING_SCHEMA)
            .build();

    @Test
    void masksConfiguredField() {
        MaskCounterparty<SinkRecord> smt = new MaskCounterparty<>();
        smt.configure(Map.of("fields", "counterparty"));
        Struct v = new Struct(SCHEMA).put("trade_id", 1L).put("counterparty", "Statkraft Energi AS");
        SinkRecord out = smt.apply(new SinkRecord("t", 0, null, null, SCHEMA, v, 0));
        assertNotEquals("Statkraft Energi AS", ((Struct) out.value()).getString("counterparty"));
        assertEquals(64, ((Struct) out.value()).getString("counterparty").length());
    }
}
"""

FILES[R + "/k8s/staging/kafka-connect.yaml"] = """apiVersion: kafka.strimzi.io/v1beta2
kind: KafkaConnect
metadata:
  name: cdc-connect
  namespace: kafka-stg
  annotations:
    strimzi.io/use-connector-resources: "true"
spec:
  version: 3.8.0
  replicas: 2
  bootstrapServers: kafka-stg-kafka-bootstrap:9093
  tls:
    trustedCertificates:
      - secretName: kafka-stg-cluster-ca-cert
        pattern: "*.crt"
  config:
    group.id: cdc-connect
    offset.storage.topic: cdc-connect-offsets
    config.storage.topic: cdc-connect-configs
    status.storage.topic: cdc-connect-status
    key.converter: io.confluent.connect.avro.AvroConverter
    value.converter: io.confluent.connect.avro.AvroConverter
    key.converter.schema.registry.url: http://schema-registry.kafka-stg:8081
    value.converter.schema.registry.url: http://schema-registry.kafka-stg:8081
  build:
    output:
      type: docker
      image: registry.fnt.internal/data-platform/cdc-connect:stg
    plugins:
      - name: debezium-postgres
        artifacts:
          - type: tgz
            url: https://nexus.fnt.internal/repository/raw-mirror/debezium/debezium-connector-postgres-2.7.3.Final-plugin.tar.gz
      - name: confluent-jdbc
        artifacts:
          - type: zip
            url: https://nexus.fnt.internal/repository/raw-mirror/confluent/confluentinc-kafka-connect-jdbc-10.8.0.zip
      - name: fnt-smt
        artifacts:
          - type: jar
            url: https://nexus.fnt.internal/repository/maven-releases/no/fnt/connect/smt/1.4.0/smt-1.4.0.jar
"""

FILES[R + "/k8s/staging/connectors/pg-trades-source.yaml"] = """apiVersion: kafka.strimzi.io/v1beta2
kind: KafkaConnector
metadata:
  name: pg-trades-source
  namespace: kafka-stg
  labels:
    strimzi.io/cluster: cdc-connect
spec:
  class: io.debezium.connector.postgresql.PostgresConnector
  tasksMax: 1
  config:
    database.hostname: trading-db-stg.fnt.internal
    database.port: 5432
    database.user: ${secrets:kafka-stg/cdc-db-creds:username}
    database.password: ${secrets:kafka-stg/cdc-db-creds:password}
    database.dbname: trading
    topic.prefix: cdc.trading
    plugin.name: pgoutput
    slot.name: debezium_trades
    table.include.list: public.trades,public.orders
"""

# ------------------------------------------------------------------ output helpers


def cjson(obj):
    return json.dumps(obj, separators=(",", ":"))


def put_ok(name, cfg, typ, host="connect:8083"):
    c = dict(cfg)
    c["name"] = name
    return cjson({"name": name, "config": c, "tasks": [], "type": typ})


def put_updated(name, cfg, typ, ntasks=1):
    c = dict(cfg)
    c["name"] = name
    return cjson({"name": name, "config": c, "tasks": [{"connector": name, "task": i} for i in range(ntasks)],
                  "type": typ})


def status(name, typ, ntasks=1, worker="connect:8083", state="RUNNING"):
    return json.dumps({"name": name, "connector": {"state": state, "worker_id": worker},
                       "tasks": [{"id": i, "state": state, "worker_id": worker} for i in range(ntasks)],
                       "type": typ}, indent=2)


def invalid(errors):
    msg = (f"Connector configuration is invalid and contains the following {len(errors)} error(s):\n" +
           "\n".join(errors) + "\nYou can also find the above list of errors at the endpoint "
           "`/connector-plugins/{connectorType}/config/validate`")
    return cjson({"error_code": 400, "message": msg}) + "curl: (22) The requested URL returned error: 400"


def not_stopped(name):
    return cjson({"error_code": 400, "message":
                  "Connectors must be in the STOPPED state before their offsets can be modified. This can be done "
                  f"for the specified connector by issuing a 'PUT' request to the '/connectors/{name}/stop' "
                  "endpoint"}) + "curl: (22) The requested URL returned error: 400"


def validate_ok(cls):
    return json.dumps({"name": cls, "error_count": 0}, indent=2)


def kcat_ssl_fail(boot, ts, n=3):
    host = boot
    lines = []
    for i in range(n):
        lines.append(f"%3|{ts + i * 0.004 + i:.3f}|FAIL|rdkafka#producer-1| [thrd:{host}/bootstrap]: {host}/bootstrap: "
                     "Disconnected while requesting ApiVersion: might be caused by incorrect security.protocol "
                     "configuration (connecting to a SSL listener?) or broker version is < 0.10 (see "
                     f"api.version.request) (after {2 + i}ms in state APIVERSION_QUERY{', ' + str(i) + ' identical error(s) suppressed' if i else ''})")
    lines.append("% ERROR: Failed to acquire metadata: Local: Broker transport failure")
    return "\n".join(lines)


def kcat_meta(cluster, topic, parts, broker_from=1, leaders=None):
    hosts = [f"{cluster}-kafka-{i}.fnt.internal:9094" for i in range(3)]
    out = [f"Metadata for {topic} (from broker {broker_from}: ssl://{hosts[broker_from]}/{broker_from}):",
           " 3 brokers:"]
    for i, h in enumerate(hosts):
        out.append(f"  broker {i} at {h}" + (" (controller)" if i == 0 else ""))
    out.append(" 1 topics:")
    out.append(f'  topic "{topic}" with {parts} partitions:')
    for p in range(parts):
        rep = [(p + k) % 3 for k in range(3)]
        out.append(f"    partition {p}, leader {rep[0]}, replicas: {','.join(map(str, rep))}, isrs: {','.join(map(str, rep))}")
    return "\n".join(out)


def gradle_ok(tasks, secs, executed, uptodate=0, extra=""):
    body = "\n".join(f"> Task {t}" for t in tasks)
    return (body + ("\n" + extra if extra else "") + f"\n\nBUILD SUCCESSFUL in {secs}s\n"
            f"{executed + uptodate} actionable tasks: {executed} executed" + (f", {uptodate} up-to-date" if uptodate else ""))


def publish_ok(ver, secs):
    return gradle_ok([":compileJava UP-TO-DATE", ":classes UP-TO-DATE", ":shadowJar",
                      ":generatePomFileForSmtPublication", ":publishSmtPublicationToFntRepository"], secs, 3, 2)


KCS_HEAD = ("NAME                   CLUSTER       CONNECTOR CLASS                                        MAX TASKS   READY\n")
KCS_ROWS = ("jdbc-sink-positions    cdc-connect   io.confluent.connect.jdbc.JdbcSinkConnector            1           True\n"
            "jdbc-sink-trades       cdc-connect   io.confluent.connect.jdbc.JdbcSinkConnector            2           True\n"
            "pg-orders-source       cdc-connect   io.debezium.connector.postgresql.PostgresConnector     1           True\n"
            "pg-trades-source       cdc-connect   io.debezium.connector.postgresql.PostgresConnector     1           True")

CONSUMER_IDS = ["9a2e0c3e-5d7b-4a61-b0a2-7e4c2d1f9b1a", "4f1c7b2d-0e9a-4c35-8d61-2b7f0a9e3c4d"]


def cg_describe(group, topic, parts, base, lag, net, tasks=2):
    name = group[len("connect-"):]
    rows = []
    for p in range(parts):
        cur = base + p * 97
        lg = lag.get(p, 0)
        k = p % tasks
        cid = f"connector-consumer-{name}-{k}-{CONSUMER_IDS[k]}"
        rows.append(f"{group} {topic} {p:<10} {cur:<15} {cur + lg:<15} {lg:<15} {cid} /{net}{17 + k:<6} "
                    f"connector-consumer-{name}-{k}")
    head = (f"GROUP{' ' * (len(group) - 4)}TOPIC{' ' * (len(topic) - 4)}PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  "
            f"LAG             CONSUMER-ID{' ' * (len(rows[0].split()[6]) - 10)}HOST            CLIENT-ID")
    return "\n" + head + "\n" + "\n".join(rows)


RUNBOOK = """# Runbook: Debezium replication slot bloating WAL

## Symptoms

- Disk alert on a trading/risk/meter Postgres (`pg_wal` growing).
- `pg_replication_slots` shows a `debezium_*` slot far behind `pg_current_wal_lsn()`.

## 1. Measure

```sql
select slot_name, active, active_pid,
       pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) as lag,
       pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)) as retained
from pg_replication_slots;
```

## 2. Is the connector running?

```bash
kubectl -n kafka-stg get kafkaconnectors
kubectl -n kafka-stg get kafkaconnector <name> -o jsonpath='{.status.connectorStatus}' | jq .
```

- `active = f` and connector FAILED: read the task trace, fix the cause, restart the task with
  `kubectl annotate kafkaconnector <name> strimzi.io/restart-task=0`.
- `active = t` but lag grows: the captured tables are quiet while the rest of the DB writes WAL.

## 3. Quiet tables: heartbeats

Set on the KafkaConnector:

```yaml
heartbeat.interval.ms: 60000
heartbeat.action.query: "INSERT INTO public.debezium_heartbeat (id, ts) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET ts = now()"
```

and add `public.debezium_heartbeat` to `table.include.list` and the publication.

## 4. Disk about to run out

Escalate to the DBA on call before touching the slot. Dropping the slot loses the connector's position;
afterwards the connector needs a new snapshot with a new slot name, which on trades takes ~40 min on
staging and must be announced in #data-platform.

## 5. Afterwards

- Note the incident in the weekly ops log.
- Check the heartbeat table is in every source's publication.
- Add a Grafana alert on retained WAL > 5 GB per slot if it's missing.

## Background

Postgres keeps WAL from `restart_lsn` of every slot. Debezium confirms LSNs only when it commits offsets,
which happens after it has seen events; heartbeats make it commit even when there are no events for captured
tables. See https://debezium.io/documentation/reference/2.7/connectors/postgresql.html
"""

# ------------------------------------------------------------------ the month


def gen():
    d = Dev("kafka-connect", U, "en", MODEL, seed=83021, files=FILES)
    KC = R + "/k8s/staging/kafka-connect.yaml"
    MASK = SMT + "/MaskCounterparty.java"
    MASKT = SMTT + "/MaskCounterpartyTest.java"
    DPU = SMT + "/DeliveryPeriodToUtc.java"
    BUILD = R + "/smt/build.gradle.kts"
    smt_ver = ["1.4.0"]

    def bump_kc(t, new):
        old = smt_ver[0]
        t.read(KC)
        t.edit(KC, f"smt/{old}/smt-{old}.jar", f"smt/{new}/smt-{new}.jar")
        smt_ver[0] = new

    def rollout(t, new, gen_no):
        t.bash("kubectl apply -f k8s/staging/kafka-connect.yaml", "Roll the new SMT version out to staging Connect",
               out="kafkaconnect.kafka.strimzi.io/cdc-connect configured")
        t.bash("kubectl -n kafka-stg wait kafkaconnect/cdc-connect --for=condition=Ready --timeout=600s",
               "Wait for the Strimzi rebuild and rollout", timeout=660000,
               out="kafkaconnect.kafka.strimzi.io/cdc-connect condition met")
        t.bash("kubectl -n kafka-stg get pods -l strimzi.io/cluster=cdc-connect",
               "Check the Connect pods",
               out="NAME                                  READY   STATUS    RESTARTS   AGE\n"
                   "cdc-connect-connect-0                 1/1     Running   0          " + f"{gen_no}m41s\n"
                   "cdc-connect-connect-1                 1/1     Running   0          " + f"{gen_no - 1}m58s")

    # ================= S1 =================
    with d.session("2026-10-05T08:40:00", R, branch="main", version="2.1.201"):
        t = d.task("morning. new here with claude on this repo, give me the 2 min tour: what's local vs staging, "
                   "where do connector configs live, how does the smt jar get into connect", tags=["noise"])
        t.glob("**/*.{json,yaml,yml,kts,java}", [
            R + "/connectors/local/pg-trades-source.json", R + "/connectors/local/jdbc-sink-trades.json",
            R + "/docker-compose.yml", R + "/k8s/staging/kafka-connect.yaml",
            R + "/k8s/staging/connectors/pg-trades-source.yaml", R + "/smt/build.gradle.kts",
            DPU, MASK, MASKT])
        t.read(R + "/README.md")
        t.read(R + "/docker-compose.yml")
        t.read(KC)
        t.read(BUILD)
        t.done("Quick tour:\n\n"
               "- **Local**: `docker-compose.yml` runs cp 7.7.1 broker (KRaft, host port 29092), schema-registry "
               "(:8081), a Connect image from `docker/connect/` with Debezium Postgres 2.7.3 and JDBC 10.8.0, "
               "`trading-db` (wal_level=logical, :5433) and `dwh` (:5434). Connectors are flat JSON files in "
               "`connectors/local/` that you PUT to `/connectors/<name>/config`.\n"
               "- **Staging/prod**: Strimzi. `k8s/staging/kafka-connect.yaml` is the KafkaConnect with "
               "`use-connector-resources`, so connectors are KafkaConnector CRs in `k8s/staging/connectors/`; the "
               "operator overwrites anything you curl there.\n"
               "- **SMTs**: `smt/` (Java 21 toolchain, connect-api compileOnly). The shadow jar is published to "
               "Nexus and Strimzi's `spec.build.plugins` downloads it by version URL when it builds the Connect "
               "image; locally the jar goes into `docker/connect-plugins/` (mounted at `/plugins`).\n"
               "- The external listener on :9094 is TLS, CA certs in `~/.kafka/`.")

        # T02 W1 + P1
        POSJ = R + "/connectors/local/jdbc-sink-positions.json"
        pos_cfg = {
            "connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector", "tasks.max": "1",
            "topics": "cdc.trading.public.positions", "connection.url": "jdbc:postgresql://dwh:5432/dwh",
            "connection.user": "postgres", "connection.password": "dwh", "insert.mode": "upsert",
            "pk.mode": "record_key", "pk.fields": "position_id", "auto.create": "true",
            "table.name.format": "raw.positions", "delete.enabled": "true"}
        t = d.task("add a jdbc sink for cdc.trading.public.positions into dwh raw.positions locally, upsert on "
                   "position_id, deletes enabled. config goes in a file under connectors/local/ and gets posted "
                   "with -d @file, I don't want inline json in curl commands ever",
                   tags=["workflow:W1", "pref:P1"])
        t.read(R + "/connectors/local/jdbc-sink-trades.json")
        t.write(POSJ, json.dumps(pos_cfg, indent=2) + "\n")
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/jdbc-sink-positions.json "
               f"{LOCAL}/connector-plugins/io.confluent.connect.jdbc.JdbcSinkConnector/config/validate "
               "| jq '{name, error_count}'", "Validate the sink config against the plugin",
               out=validate_ok("io.confluent.connect.jdbc.JdbcSinkConnector"))
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/jdbc-sink-positions.json "
               f"{LOCAL}/connectors/jdbc-sink-positions/config", "Create the connector",
               out=put_ok("jdbc-sink-positions", pos_cfg, "sink"))
        t.bash(f"sleep 5 && {CURL} {LOCAL}/connectors/jdbc-sink-positions/status | jq .",
               "Check connector and task state", out=status("jdbc-sink-positions", "sink"))
        t.done("`connectors/local/jdbc-sink-positions.json` is in and running: validate gave `error_count: 0`, "
               "PUT created it, connector and task 0 are RUNNING. Upsert on `position_id` with "
               "`pk.mode=record_key`, `delete.enabled=true` (needs record_key, which it is), `auto.create` "
               "makes `raw.positions` on the first batch.")

        # T03 M1 #1
        ORD = R + "/connectors/local/pg-orders-source.json"
        ord_bad = {
            "connector.class": "io.debezium.connector.postgresql.PostgresConnector", "tasks.max": "1",
            "database.hostname": "trading-db", "database.port": "5432", "database.user": "postgres",
            "database.password": "trading", "database.dbname": "trading", "database.server.name": "cdc.trading",
            "plugin.name": "pgoutput", "slot.name": "debezium_orders", "publication.name": "dbz_orders",
            "table.include.list": "public.orders,public.order_fills",
            "transforms": "unwrap", "transforms.unwrap.type": "io.debezium.transforms.ExtractNewRecordState"}
        t = d.task("we need orders + order_fills from trading-db as well. separate source connector with its own "
                   "slot so we can pause it independently of trades. local first", tags=["mistake:M1"])
        t.read(R + "/connectors/local/pg-trades-source.json")
        t.write(ORD, json.dumps(ord_bad, indent=2) + "\n")
        t.fail(f"{CURL} -X PUT {HJ} --data @connectors/local/pg-orders-source.json "
               f"{LOCAL}/connectors/pg-orders-source/config", "Create the orders source connector",
               invalid(["The 'topic.prefix' value is invalid: A value is required"]), code=22)
        t.say("Debezium 2.x dropped `database.server.name`; the topic namespace is `topic.prefix` now and it's "
              "required. I'll rename the key in the file (same prefix as the trades source) and PUT it again.")
        t.edit(ORD, '"database.server.name": "cdc.trading"', '"topic.prefix": "cdc.trading"')
        ord_cfg = {k if k != "database.server.name" else "topic.prefix": v for k, v in ord_bad.items()}
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/pg-orders-source.json "
               f"{LOCAL}/connectors/pg-orders-source/config", "Create the orders source connector",
               out=put_ok("pg-orders-source", ord_cfg, "source"))
        t.bash(f"sleep 8 && {CURL} {LOCAL}/connectors/pg-orders-source/status | jq .", "Check status",
               out=status("pg-orders-source", "source"))
        t.bash("kcat -b localhost:29092 -L | grep 'cdc.trading.public.order'", "Check the topics were created",
               out='  topic "cdc.trading.public.order_fills" with 1 partitions:\n'
                   '  topic "cdc.trading.public.orders" with 1 partitions:')
        t.done("`pg-orders-source` is running with its own slot `debezium_orders` and publication `dbz_orders`, "
               "so you can pause it without touching trades. Topics `cdc.trading.public.orders` and "
               "`cdc.trading.public.order_fills` exist after the snapshot.\n\nThe first PUT was rejected: "
               "`The 'topic.prefix' value is invalid: A value is required`. I'd used the Debezium 1.x key "
               "`database.server.name`; 2.x needs `topic.prefix`. Fixed in the file.")

        t = d.task("pgoutput vs decoderbufs, is there any reason we'd ever want decoderbufs? one paragraph",
                   tags=["no_tools"])
        t.done("Not for you. decoderbufs is a C plugin that has to be compiled and installed into the Postgres "
               "server (impossible on managed Postgres, and one more thing to upgrade with every major version); "
               "it emits Protobuf and handles a few exotic types (PostGIS) a bit better. pgoutput is built into "
               "Postgres 10+, uses publications (so you can scope tables on the DB side), and is what Debezium "
               "recommends. Stay on pgoutput.")

    # ================= S2 =================
    with d.session("2026-10-07T09:10:00", R, branch="main", version="2.1.202"):
        t = d.task("DeliveryPeriodToUtc should also write the delivery period END (start + resolution_min). "
                   "test it, publish, roll it to staging. and please no lombok in the smt project, plain java "
                   "records/classes only", tags=["workflow:W2", "pref:P2"])
        t.read(DPU)
        t.edit(DPU, """        long utc = LocalDateTime.parse(local).atZone(OSLO).toInstant().toEpochMilli();
        value.put(field + "_utc", utc);
""", """        long utc = LocalDateTime.parse(local).atZone(OSLO).toInstant().toEpochMilli();
        value.put(field + "_utc", utc);
        Integer resolution = value.getInt32("resolution_min");
        if (resolution != null) {
            value.put(field + "_end_utc", utc + resolution * 60_000L);
        }
""")
        t.write(SMTT + "/DeliveryPeriodToUtcTest.java", """package no.fnt.connect.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

class DeliveryPeriodToUtcTest {

    private static final Schema SCHEMA = SchemaBuilder.struct()
            .field("delivery_start", Schema.STRING_SCHEMA)
            .field("resolution_min", Schema.OPTIONAL_INT32_SCHEMA)
            .field("delivery_start_utc", Schema.OPTIONAL_INT64_SCHEMA)
            .field("delivery_start_end_utc", Schema.OPTIONAL_INT64_SCHEMA)
            .build();

    @Test
    void quarterHourEndAcrossDstChange() {
        DeliveryPeriodToUtc<SinkRecord> smt = new DeliveryPeriodToUtc<>();
        smt.configure(Map.of("field", "delivery_start"));
        Struct v = new Struct(SCHEMA).put("delivery_start", "2026-10-25T02:45:00").put("resolution_min", 15);
        Struct out = (Struct) smt.apply(new SinkRecord("t", 0, null, null, SCHEMA, v, 0)).value();
        assertEquals(out.getInt64("delivery_start_utc") + 900_000L, out.getInt64("delivery_start_end_utc"));
    }
}
""")
        t.bash("cd smt && ./gradlew test", "Run the SMT unit tests",
               out=gradle_ok([":compileJava", ":processResources NO-SOURCE", ":classes", ":compileTestJava",
                              ":processTestResources NO-SOURCE", ":testClasses", ":test"], 11, 4))
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.4.0"', 'version = "1.4.1"')
        t.bash("cd smt && ./gradlew publish", "Publish 1.4.1 to Nexus", out=publish_ok("1.4.1", 9))
        bump_kc(t, "1.4.1")
        rollout(t, "1.4.1", 2)
        t.done("Done:\n- `DeliveryPeriodToUtc` writes `<field>_end_utc = start_utc + resolution_min` (skipped when "
               "resolution is null). Plain class, no Lombok.\n- Test covers a quarter hour on the DST night "
               "(25 Oct), tests green.\n- Published `smt 1.4.1`, bumped the jar URL in "
               "`k8s/staging/kafka-connect.yaml`, Strimzi rebuilt the image and both Connect pods are Ready.\n\n"
               "The sink tables need the new `delivery_start_end_utc` column; `auto.evolve` is on for staging so "
               "the JDBC sink adds it.")

        t = d.task("can you check from my laptop if cdc.trading.public.trades on staging has the 6 partitions "
                   "Kristin asked for", tags=["mistake:M2"])
        t.fail(f"kcat -b {STG_BOOT} -L -t cdc.trading.public.trades", "Topic metadata from staging",
               kcat_ssl_fail(STG_BOOT, 1791366112.212), code=1)
        t.say("The external listener on 9094 is TLS and kcat defaults to plaintext, so the broker drops the "
              "connection during ApiVersion. Same query with SSL and the staging cluster CA from ~/.kafka:")
        t.bash(f"kcat -b {STG_BOOT} -X security.protocol=SSL -X ssl.ca.location={H}/.kafka/kafka-stg-ca.crt "
               "-L -t cdc.trading.public.trades", "Topic metadata over TLS",
               out=kcat_meta("kafka-stg", "cdc.trading.public.trades", 6))
        t.done("Yes, `cdc.trading.public.trades` on staging has **6 partitions**, RF 3, all ISRs complete.\n\n"
               "(The first kcat call used plaintext against the TLS listener on 9094 and died with `Disconnected "
               "while requesting ApiVersion: might be caused by incorrect security.protocol configuration`; "
               "with `-X security.protocol=SSL -X ssl.ca.location=~/.kafka/kafka-stg-ca.crt` it works.)")

        t = d.task("MaskCounterparty is NPEing on tombstones on staging (trades deletes). fix + test",
                   tags=["oneoff:O1"])
        t.read(MASK)
        t.read(MASKT)
        t.edit(MASKT, """        assertEquals(64, ((Struct) out.value()).getString("counterparty").length());
    }
""", """        assertEquals(64, ((Struct) out.value()).getString("counterparty").length());
    }

    @Test
    void tombstonePassesThrough() {
        MaskCounterparty<SinkRecord> smt = new MaskCounterparty<>();
        smt.configure(Map.of("fields", "counterparty"));
        SinkRecord tombstone = new SinkRecord("t", 0, Schema.INT64_SCHEMA, 7L, null, null, 12);
        assertEquals(tombstone, smt.apply(tombstone));
    }
""")
        t.fail("cd smt && ./gradlew test", "Run the tests with the new tombstone case",
               "> Task :compileJava UP-TO-DATE\n> Task :processResources NO-SOURCE\n> Task :classes UP-TO-DATE\n"
               "> Task :compileTestJava\n> Task :processTestResources NO-SOURCE\n> Task :testClasses\n\n"
               "> Task :test FAILED\n\nMaskCounterpartyTest > tombstonePassesThrough() FAILED\n"
               "    java.lang.NullPointerException at MaskCounterpartyTest.java:41\n\n"
               "3 tests completed, 1 failed\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
               "Execution failed for task ':test'.\n> There were failing tests. See the report at: "
               f"file://{R}/smt/build/reports/tests/test/index.html\n\n* Try:\n> Run with --scan to get full "
               "insights.\n\nBUILD FAILED in 7s\n4 actionable tasks: 2 executed, 2 up-to-date")
        t.edit(MASK, """        Struct value = (Struct) record.value();
        for (String f : fields) {""", """        Struct value = (Struct) record.value();
        if (value == null) {
            return record; // tombstone: nothing to mask, keep it so the sink can delete
        }
        for (String f : fields) {""")
        t.bash("cd smt && ./gradlew test", "Run the tests with the new tombstone case",
               out=gradle_ok([":compileJava", ":processResources NO-SOURCE", ":classes", ":compileTestJava UP-TO-DATE",
                              ":processTestResources NO-SOURCE", ":testClasses UP-TO-DATE", ":test"], 8, 2, 2))
        t.done("Fixed: `MaskCounterparty.apply` returns tombstones (null value) untouched, so the JDBC sink still "
               "sees the delete. New test `tombstonePassesThrough` failed with the NPE before the fix and passes "
               "now. Not published yet; it can go out with the next SMT release.")

    # ================= S3 =================
    with d.session("2026-10-09T07:55:00", R, branch="main", version="2.1.203"):
        t = d.task("morning check on staging pls: connectors, sink lag, slot lag. give me the times in UTC",
                   tags=["workflow:W3", "pref:P3"])
        t.bash("kubectl -n kafka-stg get kafkaconnectors", "List connectors and their readiness",
               out=KCS_HEAD + KCS_ROWS)
        t.bash("kubectl -n kafka-stg exec kafka-stg-kafka-0 -- bin/kafka-consumer-groups.sh --bootstrap-server "
               "localhost:9092 --describe --group connect-jdbc-sink-trades", "Sink consumer lag",
               out=cg_describe("connect-jdbc-sink-trades", "cdc.trading.public.trades", 6, 41200, {4: 3}, "10.42.3."))
        t.bash("psql \"host=trading-db-stg.fnt.internal dbname=trading user=eirik\" -c \"select slot_name, active, "
               "pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) as lag, now() at time "
               "zone 'UTC' as checked_utc from pg_replication_slots\"", "Replication slot lag",
               out=" slot_name       | active |  lag   |        checked_utc\n-----------------+--------+--------+----------------------------\n"
                   " debezium_trades | t      | 312 kB | 2026-10-09 06:03:41.52817\n"
                   " debezium_orders | t      | 96 kB  | 2026-10-09 06:03:41.52817\n(2 rows)")
        t.done("Staging at 06:03 UTC:\n- 4 KafkaConnectors, all READY.\n- `connect-jdbc-sink-trades`: lag 3 on "
               "partition 4, 0 elsewhere.\n- Slots: `debezium_trades` 312 kB behind, `debezium_orders` 96 kB, "
               "both active.\n\nNothing to act on.")

        t = d.task("positions sink locally: I fixed the position_id mapping in dwh, rewind jdbc-sink-positions to "
                   "the beginning of partition 0 so it reprocesses everything", tags=["mistake:M3"])
        OFFS = R + "/connectors/local/offsets/jdbc-sink-positions-rewind.json"
        t.write(OFFS, json.dumps({"offsets": [{"partition": {"kafka_topic": "cdc.trading.public.positions",
                                                             "kafka_partition": 0},
                                               "offset": {"kafka_offset": 0}}]}, indent=2) + "\n")
        t.fail(f"{CURL} -X PATCH {HJ} --data @connectors/local/offsets/jdbc-sink-positions-rewind.json "
               f"{LOCAL}/connectors/jdbc-sink-positions/offsets", "Rewind the sink's consumer offset",
               not_stopped("jdbc-sink-positions"), code=22)
        t.say("Offsets can only be altered on a STOPPED connector (KIP-875). Stop it, patch, then resume.")
        t.bash(f"{CURL} -X PUT {LOCAL}/connectors/jdbc-sink-positions/stop -o /dev/null -w '%{{http_code}}\\n'",
               "Stop the connector", out="202")
        t.bash(f"{CURL} -X PATCH {HJ} --data @connectors/local/offsets/jdbc-sink-positions-rewind.json "
               f"{LOCAL}/connectors/jdbc-sink-positions/offsets", "Rewind the sink's consumer offset",
               out=cjson({"message": "The offsets for this connector have been altered successfully"}))
        t.bash(f"{CURL} -X PUT {LOCAL}/connectors/jdbc-sink-positions/resume -o /dev/null -w '%{{http_code}}\\n' "
               f"&& sleep 10 && {CURL} {LOCAL}/connectors/jdbc-sink-positions/status | jq -c '.tasks[]'",
               "Resume and check the task", out="202\n{\"id\":0,\"state\":\"RUNNING\",\"worker_id\":\"connect:8083\"}")
        t.bash("psql -h localhost -p 5434 -U postgres dwh -c 'select count(*), max(updated_at) from raw.positions'",
               "Check the reload landed",
               out=" count |         max\n-------+---------------------\n  1842 | 2026-10-09 07:58:12\n(1 row)")
        t.done("Rewound: `jdbc-sink-positions` partition 0 is back at offset 0 and it has reprocessed; "
               "`raw.positions` has 1842 rows, upserts so no duplicates.\n\nThe first PATCH to `/offsets` got "
               "`Connectors must be in the STOPPED state before their offsets can be modified`; I stopped the "
               "connector (`PUT /stop`), patched, and resumed it. The offsets body is in "
               "`connectors/local/offsets/jdbc-sink-positions-rewind.json`.")

        t = d.task("debezium_orders slot on trading-db-stg held 14GB of wal over the weekend, orders barely "
                   "changes on weekends. what's the proper debezium way to stop that",
                   tags=["noise", "webfetch"])
        t.webfetch("https://debezium.io/documentation/reference/2.7/connectors/postgresql.html",
                   "What does Debezium say about WAL disk space consumption with low-traffic tables, "
                   "heartbeat.interval.ms and heartbeat.action.query?",
                   "The section \"WAL disk space consumption\" explains that when the connector captures tables "
                   "with little traffic while the database has other busy tables, the slot's confirmed LSN only "
                   "advances when the connector receives a change for a captured table, so WAL piles up. Remedies: "
                   "set `heartbeat.interval.ms` so the connector emits heartbeat events and can commit offsets "
                   "(and flush the LSN) regularly; and set `heartbeat.action.query` to a statement that writes to "
                   "a table included in the publication (e.g. `INSERT INTO debezium_heartbeat (ts) VALUES (now())`), "
                   "which makes a change arrive on the slot even when the captured tables are quiet.")
        t.done("It's the classic low-traffic slot: the slot only confirms LSNs when Debezium sees a change for a "
               "captured table, and `orders` is quiet on weekends while the rest of trading-db writes WAL.\n\n"
               "Fix per the Debezium 2.7 docs:\n- `heartbeat.interval.ms: 60000` on the orders source\n"
               "- `heartbeat.action.query: INSERT INTO public.debezium_heartbeat (id, ts) VALUES (1, now()) ON "
               "CONFLICT (id) DO UPDATE SET ts = now()`\n- add `public.debezium_heartbeat` to "
               "`table.include.list` and the publication.\n\nThe DB user needs INSERT on that table; on staging "
               "that's a DBA ticket.")

        t = d.task("pull the latest images for the local stack, I want the cp patch from last week",
                   tags=["flaky:F1"])
        t.fail("docker compose pull", "Pull images for the local stack",
               " connect Skipped - No image to be pulled\n"
               " broker Error Get \"https://registry-1.docker.io/v2/\": net/http: request canceled while waiting "
               "for connection (Client.Timeout exceeded while awaiting headers)\n"
               "Error response from daemon: Get \"https://registry-1.docker.io/v2/\": net/http: request canceled "
               "while waiting for connection (Client.Timeout exceeded while awaiting headers)", code=1)
        t.say("Docker Hub timed out on the first request; retrying the same pull.")
        t.bash("docker compose pull", "Pull images for the local stack",
               err=" connect Skipped - No image to be pulled\n trading-db Pulled \n dwh Pulled \n"
                   " schema-registry Pulled \n broker Pulled ")
        t.done("Pulled. First try hit a Docker Hub timeout, the retry went through. The tags in compose are "
               "pinned (`7.7.1`, `postgres:16`), so you got whatever is newest for those tags; `connect` is built "
               "locally, run `docker compose build connect` if you want its base image refreshed too.")

    # ================= S4 (acceptEdits) =================
    with d.session("2026-10-13T09:30:00", R, branch="main", version="2.1.204", permission_mode="acceptEdits"):
        RISK = R + "/connectors/dev/pg-risk-source.json"
        risk_bad = {
            "connector.class": "io.debezium.connector.postgresql.PostgresConnector", "tasks.max": "1",
            "database.hostname": "riskdb-dev.fnt.internal", "database.port": "5432",
            "database.user": "cdc_reader", "database.password": "${file:/etc/kafka/secrets/riskdb.properties:password}",
            "database.dbname": "risk", "database.server.name": "cdc.risk",
            "schema.include.list": "risk", "table.include.list": "risk.exposures,risk.limits",
            "plugin.name": "pgoutput", "slot.name": "debezium_risk", "publication.autocreate.mode": "filtered",
            "snapshot.mode": "initial", "decimal.handling.mode": "string"}
        t = d.task("risk team wants exposures + limits CDC on the shared dev connect (connect-dev01). riskdb-dev, "
                   "user cdc_reader, password via the file config provider like the others", tags=["mistake:M1"])
        t.glob("connectors/dev/*.json", [R + "/connectors/dev/jdbc-sink-exposures.json"])
        t.write(RISK, json.dumps(risk_bad, indent=2) + "\n")
        t.fail(f"{CURL} -X PUT {HJ} --data @connectors/dev/pg-risk-source.json {DEV}/connectors/pg-risk-source/config",
               "Create the risk source on dev Connect",
               invalid(["The 'topic.prefix' value is invalid: A value is required"]), code=22)
        t.say("Same Debezium 2.x rename as with orders: `database.server.name` is gone, `topic.prefix` is required.")
        t.read(RISK)
        t.edit(RISK, '"database.server.name": "cdc.risk"', '"topic.prefix": "cdc.risk"')
        risk_cfg = {k if k != "database.server.name" else "topic.prefix": v for k, v in risk_bad.items()}
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/dev/pg-risk-source.json {DEV}/connectors/pg-risk-source/config",
               "Create the risk source on dev Connect", out=put_ok("pg-risk-source", risk_cfg, "source"))
        t.bash(f"sleep 15 && {CURL} {DEV}/connectors/pg-risk-source/status | jq .", "Status",
               out=status("pg-risk-source", "source", worker="10.30.1.44:8083"))
        t.done("`pg-risk-source` runs on connect-dev01 (`connectors/dev/pg-risk-source.json`): topics "
               "`cdc.risk.risk.exposures` and `cdc.risk.risk.limits`, slot `debezium_risk`, filtered "
               "publication, decimals as strings so the NUMERIC(38,10) amounts don't turn into bytes.\n\n"
               "It was rejected once for the missing `topic.prefix` (I wrote `database.server.name` again, the "
               "pre-2.0 key); renamed and it went in.")

        EXPJ = R + "/connectors/local/jdbc-sink-exposures.json"
        exp_cfg = {"connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector", "tasks.max": "1",
                   "topics": "cdc.risk.risk.exposures", "connection.url": "jdbc:postgresql://dwh:5432/dwh",
                   "connection.user": "postgres", "connection.password": "dwh", "insert.mode": "upsert",
                   "pk.mode": "record_key", "pk.fields": "exposure_id", "auto.create": "true",
                   "auto.evolve": "true", "table.name.format": "raw.risk_exposures"}
        t = d.task("and a local sink for exposures into dwh raw.risk_exposures, auto.evolve on. json file in "
                   "the repo like always, curl reads it, nothing inline", tags=["workflow:W1", "pref:P1"])
        t.read(POSJ)
        t.write(EXPJ, json.dumps(exp_cfg, indent=2) + "\n")
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/jdbc-sink-exposures.json "
               f"{LOCAL}/connector-plugins/io.confluent.connect.jdbc.JdbcSinkConnector/config/validate "
               "| jq '{name, error_count}'", "Validate", out=validate_ok("io.confluent.connect.jdbc.JdbcSinkConnector"))
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/jdbc-sink-exposures.json "
               f"{LOCAL}/connectors/jdbc-sink-exposures/config", "Create the sink",
               out=put_ok("jdbc-sink-exposures", exp_cfg, "sink"))
        t.bash(f"sleep 5 && {CURL} {LOCAL}/connectors/jdbc-sink-exposures/status | jq .", "Status",
               out=status("jdbc-sink-exposures", "sink"))
        t.done("`connectors/local/jdbc-sink-exposures.json` validated (0 errors), created, RUNNING. Locally there "
               "is no risk source, so the topic stays empty until you produce test data or point it at a dump.")

        RB = R + "/docs/runbooks/replication-slots.md"
        t = d.task("write a runbook for when a debezium slot is bloating WAL on a staging/prod db. docs/runbooks/",
                   tags=["noise"])
        t.write(RB, RUNBOOK)
        t.done("Wrote `docs/runbooks/replication-slots.md`: symptoms, the slot-lag query, how to tell a failed "
               "connector from quiet tables, the heartbeat settings, escalation before any slot drop (with what a "
               "re-snapshot costs), follow-ups and background.")

        t = d.task("describe all topics on the local broker, I want to see partitions and configs",
                   tags=["noise", "long_output"])
        topics = ["_connect-configs", "_connect-offsets", "_connect-status", "_schemas",
                  "cdc.trading.public.order_fills", "cdc.trading.public.orders", "cdc.trading.public.positions",
                  "cdc.trading.public.trades", "cdc.risk.risk.exposures"]
        tids = ["Ap3kq0sNTa2LwYQm1x8G7g", "b7vE9sQ1R9uXl2m0cTq4Zw", "cA1mN5rY9kq3Pz0WbL8fUg", "dH2s0xK8eV7nQ4tRm1yJ6w",
                "eP9fL3wQ0aZ8mS1kX7vB2c", "fQ4rT8yU2iO6pA0sD3gH5j", "gK1lZ9xC7vB5nM3qW8eR6t", "hY2uI4oP6aS8dF0gH1jK3l",
                "iZ5xC7vB9nM1qW3eR5tY7u"]
        outl = []
        for i, tp in enumerate(topics):
            parts = 25 if tp == "_connect-offsets" else (5 if tp == "_connect-status" else 1)
            cfg = "cleanup.policy=compact" if tp.startswith("_") else ""
            outl.append(f"Topic: {tp}\tTopicId: {tids[i]}\tPartitionCount: {parts}\tReplicationFactor: 1\tConfigs: {cfg}")
            for p in range(parts):
                outl.append(f"\tTopic: {tp}\tPartition: {p}\tLeader: 1\tReplicas: 1\tIsr: 1\tElr: \tLastKnownElr: ")
        t.bash("docker compose exec -T broker kafka-topics --bootstrap-server broker:9092 --describe",
               "Describe every topic on the local broker", out="\n".join(outl))
        t.done("9 topics locally. Internal ones are compacted (`_connect-offsets` 25 partitions, `_connect-status` "
               "5, configs and `_schemas` 1); all the CDC topics are single-partition with default configs, "
               "because auto-creation makes them with broker defaults. RF 1 everywhere (single broker). Staging "
               "differs: topics are KafkaTopic CRs with 6 partitions for trades.")

    # ================= S5 =================
    with d.session("2026-10-16T10:05:00", R, branch="main", version="2.1.205"):
        t = d.task("the slot runbook from monday was way too long, I had to cut half of it before it went on the "
                   "wiki. people open these at 3am. 10-15 lines, commands first, no background section",
                   tags=["feedback", "no_tools"],
                   feedback="the slot runbook from monday was way too long, I had to cut half of it before it "
                            "went on the wiki")
        t.done("Got it. Runbooks from now on: 10-15 lines, the commands first, one line of why where it matters, "
               "no background or follow-up sections.")

        t = d.task("exposures on prod: which brokers lead the partitions of cdc.risk.risk.exposures? risk says "
                   "one partition is slow", tags=["mistake:M2"])
        t.fail(f"kcat -b {PROD_BOOT} -L -t cdc.risk.risk.exposures", "Partition leaders on prod",
               kcat_ssl_fail(PROD_BOOT, 1792146508.881, 4), code=1)
        t.say("Plaintext against the TLS listener again. Retrying with SSL and the prod cluster CA.")
        t.bash(f"kcat -b {PROD_BOOT} -X security.protocol=SSL -X ssl.ca.location={H}/.kafka/kafka-prod-ca.crt "
               "-L -t cdc.risk.risk.exposures", "Partition leaders on prod over TLS",
               out=kcat_meta("kafka-prod", "cdc.risk.risk.exposures", 3, broker_from=2))
        t.done("`cdc.risk.risk.exposures` on prod: 3 partitions, leaders spread 0/1/2, ISRs complete, so no "
               "under-replication or leader skew. A slow partition is more likely a hot key (one big portfolio) "
               "than a broker; consumer lag per partition would tell.\n\nFirst kcat call failed with `Disconnected "
               "while requesting ApiVersion … incorrect security.protocol configuration`; :9094 needs "
               "`security.protocol=SSL` + the CA.")

        t = d.task("MaskCounterparty: also mask `broker_name`, configurable, and ship the tombstone fix with it. "
                   "same release routine as last week", tags=["workflow:W2"])
        t.read(MASK)
        t.edit(MASK, "/** Replaces counterparty names with their LEI hash before records leave the trading domain. */",
               "/**\n * Replaces counterparty (and optionally broker) names with a SHA-256 hash before records leave the\n"
               " * trading domain. Configure the fields with {@code fields}, e.g. {@code counterparty,broker_name}.\n */")
        t.read(MASKT)
        t.edit(MASKT, """            .field("counterparty", Schema.OPTIONAL_STRING_SCHEMA)
            .build();""", """            .field("counterparty", Schema.OPTIONAL_STRING_SCHEMA)
            .field("broker_name", Schema.OPTIONAL_STRING_SCHEMA)
            .build();

    @Test
    void masksSeveralFields() {
        MaskCounterparty<SinkRecord> smt = new MaskCounterparty<>();
        smt.configure(Map.of("fields", "counterparty,broker_name"));
        Struct v = new Struct(SCHEMA).put("trade_id", 2L).put("counterparty", "Axpo").put("broker_name", "Tradition");
        Struct out = (Struct) smt.apply(new SinkRecord("t", 0, null, null, SCHEMA, v, 0)).value();
        assertEquals(64, out.getString("broker_name").length());
    }""")
        t.bash("cd smt && ./gradlew test", "Unit tests",
               out=gradle_ok([":compileJava", ":processResources NO-SOURCE", ":classes", ":compileTestJava",
                              ":processTestResources NO-SOURCE", ":testClasses", ":test"], 10, 4))
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.4.1"', 'version = "1.5.0"')
        t.bash("cd smt && ./gradlew publish", "Publish 1.5.0", out=publish_ok("1.5.0", 8))
        bump_kc(t, "1.5.0")
        rollout(t, "1.5.0", 3)
        t.done("smt 1.5.0 is on staging: tombstone fix + `fields` takes a list, test for "
               "`counterparty,broker_name`. Strimzi rebuilt, both pods Ready.\n\nTo actually mask `broker_name` the "
               "connector that uses the SMT needs `transforms.mask.fields: counterparty,broker_name`; tell me "
               "which one and I'll change the KafkaConnector.")

        t = d.task("run the owasp dependency check on smt before I send the release note to security",
                   tags=["unfixed:U1"])
        t.fail("cd smt && ./gradlew dependencyCheckAnalyze", "OWASP dependency check",
               "> Task :dependencyCheckAnalyze\nVerifying dependencies for project smt\nChecking for updates and "
               "analyzing dependencies for vulnerabilities\nGenerating report for project smt\nFound 1 "
               "vulnerabilities in project smt\n\n\nOne or more dependencies were identified with known "
               "vulnerabilities in smt:\n\nkafka-clients-3.7.1.jar (pkg:maven/org.apache.kafka/kafka-clients@3.7.1, "
               "cpe:2.3:a:apache:kafka:3.7.1:*:*:*:*:*:*:*) : CVE-2025-27817\n\n\nSee the dependency-check report "
               "for more details.\n\n\n> Task :dependencyCheckAnalyze FAILED\n\nFAILURE: Build failed with an "
               "exception.\n\n* What went wrong:\nExecution failed for task ':dependencyCheckAnalyze'.\n> \n\n"
               "  Dependency-Analyze Failure:\n  One or more dependencies were identified with vulnerabilities "
               "that have a CVSS score greater than or equal to '7.0': \n  CVE-2025-27817: "
               "kafka-clients-3.7.1.jar\n  See the dependency-check report for more details.\n\n\n* Try:\n> Run "
               "with --scan to get full insights.\n\nBUILD FAILED in 41s\n1 actionable task: 1 executed")
        t.grep("kafka", path=R + "/smt/build.gradle.kts", output_mode="content", n=True,
               content='18:    compileOnly("org.apache.kafka:connect-api:3.7.1")\n'
                       '19:    compileOnly("org.apache.kafka:connect-transforms:3.7.1")\n'
                       '20:    testImplementation("org.apache.kafka:connect-api:3.7.1")')
        t.done("It fails on one finding: CVE-2025-27817 in `kafka-clients-3.7.1`.\n\nIt only comes in through "
               "`connect-api`, which is `compileOnly`; the shadow jar excludes `org.apache.kafka:*`, so the jar we "
               "ship doesn't contain it. What runs in Connect is the runtime's own kafka-clients (the Strimzi "
               "image). The real fix is the Strimzi/Kafka upgrade the platform team owns, not something to do in "
               "the SMT build. I'd put that in the release note for security rather than suppress the finding.")

    # ================= S6 (precompact) =================
    with d.session("2026-10-20T08:05:00", R, branch="main", version="2.1.206"):
        t = d.task("usual morning check. and show the timestamps in Oslo time from now on, traders read these "
                   "and the utc ones keep confusing them", tags=["workflow:W3", "reversal:P3"])
        t.bash("kubectl -n kafka-stg get kafkaconnectors", "Connector readiness", out=KCS_HEAD + KCS_ROWS)
        t.bash("kubectl -n kafka-stg exec kafka-stg-kafka-0 -- bin/kafka-consumer-groups.sh --bootstrap-server "
               "localhost:9092 --describe --group connect-jdbc-sink-positions", "Positions sink lag",
               out=cg_describe("connect-jdbc-sink-positions", "cdc.trading.public.positions", 3, 8811, {2: 1240},
                               "10.42.3.", tasks=1))
        t.bash("psql \"host=trading-db-stg.fnt.internal dbname=trading user=eirik\" -c \"select slot_name, active, "
               "pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) as lag, now() at time "
               "zone 'Europe/Oslo' as checked_oslo from pg_replication_slots\"", "Replication slot lag",
               out=" slot_name       | active |  lag   |        checked_oslo\n-----------------+--------+--------+----------------------------\n"
                   " debezium_trades | t      | 288 kB | 2026-10-20 08:11:09.90412\n"
                   " debezium_orders | t      | 1.2 MB | 2026-10-20 08:11:09.90412\n(2 rows)")
        t.done("Staging at 08:11 Oslo time:\n- all 4 connectors READY\n- `jdbc-sink-positions`: lag 1240 on "
               "partition 2, 0 on the others; that's the morning position snapshot job (07:45), should drain in "
               "minutes\n- slots: trades 288 kB, orders 1.2 MB, both active\n\nOslo time from now on.")

        t = d.task("risk truncated + reloaded exposures in the dwh-dev copy. rewind jdbc-sink-exposures on "
                   "connect-dev01, partition 2 back to 48211 (that's where their reload started)", tags=["mistake:M3"])
        OFF2 = R + "/connectors/dev/offsets/jdbc-sink-exposures-p2.json"
        t.write(OFF2, json.dumps({"offsets": [{"partition": {"kafka_topic": "cdc.risk.risk.exposures",
                                                             "kafka_partition": 2},
                                               "offset": {"kafka_offset": 48211}}]}, indent=2) + "\n")
        t.fail(f"{CURL} -X PATCH {HJ} --data @connectors/dev/offsets/jdbc-sink-exposures-p2.json "
               f"{DEV}/connectors/jdbc-sink-exposures/offsets", "Rewind partition 2 of the exposures sink",
               not_stopped("jdbc-sink-exposures"), code=22)
        t.say("The connector has to be STOPPED before its offsets can change. Stop, patch, resume.")
        t.bash(f"{CURL} -X PUT {DEV}/connectors/jdbc-sink-exposures/stop -o /dev/null -w '%{{http_code}}\\n'",
               "Stop the sink", out="202")
        t.bash(f"{CURL} {DEV}/connectors/jdbc-sink-exposures/status | jq -r .connector.state",
               "Confirm it is stopped", out="STOPPED")
        t.bash(f"{CURL} -X PATCH {HJ} --data @connectors/dev/offsets/jdbc-sink-exposures-p2.json "
               f"{DEV}/connectors/jdbc-sink-exposures/offsets", "Rewind partition 2 of the exposures sink",
               out=cjson({"message": "The offsets for this connector have been altered successfully"}))
        t.bash(f"{CURL} -X PUT {DEV}/connectors/jdbc-sink-exposures/resume -o /dev/null -w '%{{http_code}}\\n'",
               "Resume", out="202")
        t.bash(f"sleep 20 && {CURL} {DEV}/connectors/jdbc-sink-exposures/offsets | jq -c '.offsets[]'",
               "Check offsets are moving again",
               out='{"partition":{"kafka_partition":0,"kafka_topic":"cdc.risk.risk.exposures"},"offset":{"kafka_offset":51877}}\n'
                   '{"partition":{"kafka_partition":1,"kafka_topic":"cdc.risk.risk.exposures"},"offset":{"kafka_offset":50412}}\n'
                   '{"partition":{"kafka_partition":2,"kafka_topic":"cdc.risk.risk.exposures"},"offset":{"kafka_offset":49630}}')
        t.done("Done on connect-dev01: partition 2 of `jdbc-sink-exposures` was reset to 48211 and is already at "
               "49630 and catching up; partitions 0 and 1 untouched.\n\nThe PATCH was refused at first "
               "(`Connectors must be in the STOPPED state before their offsets can be modified`), so: `PUT /stop`, "
               "PATCH, `PUT /resume`. Offsets file: `connectors/dev/offsets/jdbc-sink-exposures-p2.json`.")

        d.precompact("Eirik Nygaard (data platform, Fjordkraft Nord Trading) works in ~/src/cdc-platform: "
                     "Debezium 2.7 Postgres sources and Confluent JDBC sinks, local docker compose stack (Connect on "
                     ":8083), shared dev worker connect-dev01, Strimzi on kafka-stg/kafka-prod, SMTs in smt/ "
                     "(Gradle, published to Nexus, smt 1.5.0 on staging). Connector configs are JSON files in the "
                     "repo posted with curl --data @file. Today: morning check (times in Oslo time now), rewound "
                     "partition 2 of jdbc-sink-exposures on connect-dev01 to 48211.")

        t = d.task("how does the shadow jar keep kafka classes out? someone asked if we bundle kafka-clients",
                   tags=["noise"])
        t.read(BUILD)
        t.grep("org.apache.kafka", path=R + "/smt", output_mode="files_with_matches",
               filenames=[R + "/smt/build.gradle.kts", MASK, DPU, MASKT, SMTT + "/DeliveryPeriodToUtcTest.java"])
        t.done("We don't bundle it. Two things keep Kafka out of `smt-x.y.z.jar`:\n- `connect-api` and "
               "`connect-transforms` are `compileOnly`, so they're not on the runtime classpath the shadow plugin "
               "packs.\n- `tasks.shadowJar { dependencies { exclude(dependency(\"org.apache.kafka:.*\")) } }` as a "
               "second guard if something transitive ever pulls them in.\nConnect's plugin classloader gives the SMT "
               "the runtime's own Kafka classes.")

        EXPK = R + "/k8s/staging/connectors/jdbc-sink-exposures.yaml"
        t = d.task("promote the exposures sink to staging as a KafkaConnector. target is dwh-stg raw.risk_exposures, "
                   "creds from the dwh-sink-creds secret", tags=["oneoff:O2"])
        t.read(R + "/k8s/staging/connectors/pg-trades-source.yaml")
        t.write(EXPK, """apiVersion: kafka.strimzi.io/v1beta2
kind: KafkaConnector
metadata:
  name: jdbc-sink-exposures
  namespace: kafka-stg
  labels:
    strimzi.io/cluster: cdc-connect
spec:
  class: io.confluent.connect.jdbc.JdbcSinkConnector
  taskMax: 1
  config:
    topics: cdc.risk.risk.exposures
    connection.url: jdbc:postgresql://dwh-stg.fnt.internal:5432/dwh
    connection.user: ${secrets:kafka-stg/dwh-sink-creds:username}
    connection.password: ${secrets:kafka-stg/dwh-sink-creds:password}
    insert.mode: upsert
    pk.mode: record_key
    pk.fields: exposure_id
    auto.create: false
    auto.evolve: true
    table.name.format: raw.risk_exposures
""")
        t.fail("kubectl apply -f k8s/staging/connectors/jdbc-sink-exposures.yaml", "Create the KafkaConnector",
               'Error from server (BadRequest): error when creating "k8s/staging/connectors/jdbc-sink-exposures.yaml": '
               'KafkaConnector in version "v1beta2" cannot be handled as a KafkaConnector: strict decoding error: '
               'unknown field "spec.taskMax"')
        t.edit(EXPK, "  taskMax: 1\n", "  tasksMax: 1\n")
        t.bash("kubectl apply -f k8s/staging/connectors/jdbc-sink-exposures.yaml", "Create the KafkaConnector",
               out="kafkaconnector.kafka.strimzi.io/jdbc-sink-exposures created")
        t.bash("kubectl -n kafka-stg get kafkaconnector jdbc-sink-exposures -o jsonpath='{.status.connectorStatus.tasks[*].state}'",
               "Task state", out="RUNNING")
        t.done("`k8s/staging/connectors/jdbc-sink-exposures.yaml` is applied and the task is RUNNING. I'd typed "
               "`taskMax`; the CRD field is `tasksMax` and the API server rejected the unknown field. "
               "`auto.create: false` on staging since the DBAs own the dwh-stg schema; `raw.risk_exposures` already "
               "exists there.")

    # ================= S7 =================
    with d.session("2026-10-23T09:00:00", R, branch="main", version="2.1.207"):
        METER = R + "/connectors/local/pg-meter-source.json"
        meter_bad = {
            "connector.class": "io.debezium.connector.postgresql.PostgresConnector", "tasks.max": "1",
            "database.hostname": "host.docker.internal", "database.port": "5440", "database.user": "postgres",
            "database.password": "meter", "database.dbname": "metering",
            "database.server.name": "cdc.meter", "table.include.list": "public.readings",
            "plugin.name": "pgoutput", "slot.name": "debezium_meter", "publication.name": "dbz_meter",
            "heartbeat.interval.ms": "60000", "time.precision.mode": "connect",
            "transforms": "unwrap", "transforms.unwrap.type": "io.debezium.transforms.ExtractNewRecordState"}
        t = d.task("metering: I've got a copy of the metering db running on 5440 on my machine (outside compose). "
                   "source for public.readings into the local stack, heartbeat on. config as a file in the repo, "
                   "posted -d @, no json pasted into the shell", tags=["mistake:M1", "pref:P1"])
        t.read(ORD)
        t.write(METER, json.dumps(meter_bad, indent=2) + "\n")
        t.fail(f"{CURL} -X PUT {HJ} -d @connectors/local/pg-meter-source.json {LOCAL}/connectors/pg-meter-source/config",
               "Create the metering source",
               invalid(["The 'topic.prefix' value is invalid: A value is required"]), code=22)
        t.say("Again the pre-2.0 `database.server.name`. Switching it to `topic.prefix` in the file.")
        t.read(METER)
        t.edit(METER, '"database.server.name": "cdc.meter"', '"topic.prefix": "cdc.meter"')
        meter_cfg = {k if k != "database.server.name" else "topic.prefix": v for k, v in meter_bad.items()}
        t.bash(f"{CURL} -X PUT {HJ} -d @connectors/local/pg-meter-source.json {LOCAL}/connectors/pg-meter-source/config",
               "Create the metering source", out=put_ok("pg-meter-source", meter_cfg, "source"))
        t.bash(f"sleep 20 && {CURL} {LOCAL}/connectors/pg-meter-source/status | jq .", "Status",
               out=status("pg-meter-source", "source"))
        t.bash("kcat -b localhost:29092 -C -t cdc.meter.public.readings -s value=avro -r http://localhost:8081 "
               "-o -2 -e -q", "Peek at the last two readings",
               out='{"reading_id": 90211873, "meter_id": "707057500011223344", "ts": 1792994400000, "kwh": "0.412", "quality": {"string": "M"}}\n'
                   '{"reading_id": 90211874, "meter_id": "707057500011223345", "ts": 1792994400000, "kwh": "1.077", "quality": {"string": "E"}}')
        t.done("`pg-meter-source` (`connectors/local/pg-meter-source.json`) is running against your metering copy "
               "on host port 5440 via `host.docker.internal`, heartbeat every 60 s, topic "
               "`cdc.meter.public.readings` has data (peeked the last two with Avro decoding).\n\nFirst PUT: "
               "`The 'topic.prefix' value is invalid: A value is required`; I'd used `database.server.name` once "
               "more. Fixed in the file.")

        t = d.task("jdbc sink batch.size vs consumer max.poll.records, which one actually limits the insert batch? "
                   "one line", tags=["no_tools"])
        t.done("`max.poll.records` (`consumer.override.max.poll.records`) caps it: the sink writes at most what one "
               "poll returns, so `batch.size` above it (default 500) has no effect.")

        MSK = R + "/connectors/local/jdbc-sink-meter.json"
        msk_cfg = {"connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector", "tasks.max": "1",
                   "topics": "cdc.meter.public.readings", "connection.url": "jdbc:postgresql://dwh:5432/dwh",
                   "connection.user": "postgres", "connection.password": "dwh", "insert.mode": "upsert",
                   "pk.mode": "record_key", "pk.fields": "reading_id", "auto.create": "true",
                   "table.name.format": "raw.meter_readings", "batch.size": "2000",
                   "consumer.override.max.poll.records": "2000"}
        t = d.task("sink those readings into dwh raw.meter_readings, batch 2000", tags=["workflow:W1"])
        t.read(EXPJ)
        t.write(MSK, json.dumps(msk_cfg, indent=2) + "\n")
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/jdbc-sink-meter.json "
               f"{LOCAL}/connector-plugins/io.confluent.connect.jdbc.JdbcSinkConnector/config/validate "
               "| jq '{name, error_count}'", "Validate", out=validate_ok("io.confluent.connect.jdbc.JdbcSinkConnector"))
        t.bash(f"{CURL} -X PUT {HJ} --data @connectors/local/jdbc-sink-meter.json {LOCAL}/connectors/jdbc-sink-meter/config",
               "Create the sink", out=put_ok("jdbc-sink-meter", msk_cfg, "sink"))
        t.bash(f"sleep 10 && {CURL} {LOCAL}/connectors/jdbc-sink-meter/status | jq .", "Status",
               out=status("jdbc-sink-meter", "sink"))
        t.bash("psql -h localhost -p 5434 -U postgres dwh -c 'select count(*) from raw.meter_readings'",
               "Rows landed", out=" count  \n--------\n 412388\n(1 row)")
        t.done("`jdbc-sink-meter` is RUNNING, 412,388 rows in `raw.meter_readings` so far. `batch.size` 2000 "
               "with `consumer.override.max.poll.records` 2000 so a batch can actually reach 2000 (the local "
               "worker allows client overrides; on Strimzi that needs `connector.client.config.override.policy`).")

    # ================= S8 =================
    with d.session("2026-10-27T13:20:00", R, branch="main", version="2.1.208"):
        t = d.task("did the meter readings topic make it to staging yet? kristin created the KafkaTopic this "
                   "morning, check partitions from here", tags=["mistake:M2"])
        t.fail(f"kcat -b {STG_BOOT} -m 10 -L -t cdc.meter.public.readings", "Topic metadata from staging",
               kcat_ssl_fail(STG_BOOT, 1793107566.054, 2), code=1)
        t.say("Plaintext client against the TLS listener. Adding SSL and the staging CA.")
        t.bash(f"kcat -b {STG_BOOT} -m 10 -X security.protocol=SSL -X ssl.ca.location={H}/.kafka/kafka-stg-ca.crt "
               "-L -t cdc.meter.public.readings", "Topic metadata over TLS",
               out=kcat_meta("kafka-stg", "cdc.meter.public.readings", 12, broker_from=0))
        t.done("It's there: `cdc.meter.public.readings` on staging has **12 partitions**, RF 3, ISRs complete.\n\n"
               "(kcat first went plaintext to :9094 and got `Disconnected while requesting ApiVersion: might be "
               "caused by incorrect security.protocol configuration`; with `security.protocol=SSL` and "
               "`~/.kafka/kafka-stg-ca.crt` it's fine.)")

        t = d.task("DeliveryPeriodToUtc: resolution_min can be missing on old records, default to 60. then the "
                   "usual: tests, publish, staging", tags=["workflow:W2"])
        t.read(DPU)
        t.edit(DPU, """        Integer resolution = value.getInt32("resolution_min");
        if (resolution != null) {
            value.put(field + "_end_utc", utc + resolution * 60_000L);
        }""", """        Integer resolution = value.getInt32("resolution_min");
        int minutes = resolution != null ? resolution : 60; // hourly products before the 15-min switch
        value.put(field + "_end_utc", utc + minutes * 60_000L);""")
        t.read(SMTT + "/DeliveryPeriodToUtcTest.java")
        t.edit(SMTT + "/DeliveryPeriodToUtcTest.java", """        assertEquals(out.getInt64("delivery_start_utc") + 900_000L, out.getInt64("delivery_start_end_utc"));
    }
""", """        assertEquals(out.getInt64("delivery_start_utc") + 900_000L, out.getInt64("delivery_start_end_utc"));
    }

    @Test
    void missingResolutionMeansHourly() {
        DeliveryPeriodToUtc<SinkRecord> smt = new DeliveryPeriodToUtc<>();
        smt.configure(Map.of("field", "delivery_start"));
        Struct v = new Struct(SCHEMA).put("delivery_start", "2026-06-01T10:00:00");
        Struct out = (Struct) smt.apply(new SinkRecord("t", 0, null, null, SCHEMA, v, 0)).value();
        assertEquals(out.getInt64("delivery_start_utc") + 3_600_000L, out.getInt64("delivery_start_end_utc"));
    }
""")
        t.bash("cd smt && ./gradlew test", "Unit tests",
               out=gradle_ok([":compileJava", ":processResources NO-SOURCE", ":classes", ":compileTestJava",
                              ":processTestResources NO-SOURCE", ":testClasses", ":test"], 9, 4))
        t.read(BUILD)
        t.edit(BUILD, 'version = "1.5.0"', 'version = "1.5.1"')
        t.bash("cd smt && ./gradlew publish", "Publish 1.5.1", out=publish_ok("1.5.1", 8))
        bump_kc(t, "1.5.1")
        rollout(t, "1.5.1", 4)
        t.done("smt 1.5.1 on staging: missing `resolution_min` now means 60 min (hourly products), new test for "
               "it, tests green, published, KafkaConnect bumped and rolled (pods Ready).")

        t = d.task("list all the KafkaTopics on staging with partitions + retention, I need it for the capacity "
                   "sheet", tags=["noise", "long_output"])
        names = [("cdc.trading.public.trades", 6, "604800000"), ("cdc.trading.public.orders", 6, "604800000"),
                 ("cdc.trading.public.order-fills", 6, "604800000"), ("cdc.trading.public.positions", 3, "259200000"),
                 ("cdc.risk.risk.exposures", 3, "604800000"), ("cdc.risk.risk.limits", 1, "-1"),
                 ("cdc.meter.public.readings", 12, "1209600000"), ("cdc-connect-configs", 1, "-1"),
                 ("cdc-connect-offsets", 25, "-1"), ("cdc-connect-status", 5, "-1"), ("_schemas", 1, "-1"),
                 ("__debezium-heartbeat.cdc.trading", 1, "86400000"), ("__debezium-heartbeat.cdc.risk", 1, "86400000"),
                 ("nordpool.prices.dayahead", 3, "2592000000"), ("nordpool.prices.intraday", 6, "604800000"),
                 ("ets.positions.snapshot", 3, "259200000"), ("trading.limits.breaches", 1, "2592000000"),
                 ("fx.rates.ecb", 1, "2592000000"), ("weather.forecast.met", 3, "604800000"),
                 ("meter.validation.errors", 3, "604800000")]
        rows = [f"{n:<36} {p:<11} 3          {ret:<13} True" for n, p, ret in names]
        t.bash("kubectl -n kafka-stg get kafkatopics -o custom-columns='NAME:.spec.topicName,PARTITIONS:.spec.partitions,"
               "REPLICAS:.spec.replicas,RETENTION:.spec.config.retention\\.ms,READY:.status.conditions[0].status'",
               "List KafkaTopics with partitions and retention",
               out=f"{'NAME':<36} {'PARTITIONS':<11} REPLICAS   {'RETENTION':<13} READY\n" + "\n".join(rows))
        t.done("20 KafkaTopics on staging, all Ready, RF 3. In short: CDC topics 7 days (positions 3 days, meter "
               "readings 14 days), Connect internals and `cdc.risk.risk.limits` unlimited (compacted), heartbeats "
               "1 day, Nord Pool day-ahead 30 days. Total partitions: 91.")

        t = d.task("why did jdbc-sink-trades restart at 03:10 last night on staging? check the connect logs",
                   tags=["flaky:F2"])
        t.fail("kubectl -n kafka-stg logs cdc-connect-connect-0 --since=12h | grep -E 'jdbc-sink-trades.*(ERROR|WARN)' | head -20",
               "Connect logs for the trades sink",
               "Unable to connect to the server: net/http: TLS handshake timeout", code=1)
        t.say("The API server TLS handshake timed out (VPN hiccup?). Same command again.")
        t.bash("kubectl -n kafka-stg logs cdc-connect-connect-0 --since=12h | grep -E 'jdbc-sink-trades.*(ERROR|WARN)' | head -20",
               "Connect logs for the trades sink",
               out="2026-10-27 02:10:02,417 WARN [jdbc-sink-trades|task-1] Write of 500 records failed, remainingRetries=10 (io.confluent.connect.jdbc.sink.JdbcSinkTask) [task-thread-jdbc-sink-trades-1]\n"
                   "java.sql.SQLException: org.postgresql.util.PSQLException: FATAL: terminating connection due to administrator command")
        t.done("Not a crash: at 02:10 UTC (03:10 Oslo) task 1 lost its DB connection with `FATAL: terminating "
               "connection due to administrator command`, which is what Postgres sends when dwh-stg restarts or "
               "someone runs `pg_terminate_backend`. The sink retries (`remainingRetries=10`) and re-initialises "
               "its writer; no records lost (upsert). Probably the dwh-stg maintenance window; worth asking the "
               "DBAs.")

    # ================= S9 (SessionEnd other) =================
    with d.session("2026-10-30T08:10:00", R, branch="main", version="2.1.209", end_reason="other"):
        t = d.task("morning check, same as always", tags=["workflow:W3"])
        t.bash("kubectl -n kafka-stg get kafkaconnectors", "Connector readiness",
               out=KCS_HEAD + "jdbc-sink-exposures    cdc-connect   io.confluent.connect.jdbc.JdbcSinkConnector            1           False\n" + KCS_ROWS)
        t.bash("kubectl -n kafka-stg exec kafka-stg-kafka-0 -- bin/kafka-consumer-groups.sh --bootstrap-server "
               "localhost:9092 --describe --group connect-jdbc-sink-exposures", "Exposures sink lag",
               out="\nConsumer group 'connect-jdbc-sink-exposures' has no active members.\n\n"
                   "GROUP                       TOPIC                   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\n"
                   "connect-jdbc-sink-exposures cdc.risk.risk.exposures 0          20117           23902           3785            -               -               -\n"
                   "connect-jdbc-sink-exposures cdc.risk.risk.exposures 1          19864           23611           3747            -               -               -\n"
                   "connect-jdbc-sink-exposures cdc.risk.risk.exposures 2          20340           24187           3847            -               -               -")
        t.bash("psql \"host=trading-db-stg.fnt.internal dbname=trading user=eirik\" -c \"select slot_name, active, "
               "pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) as lag, now() at time "
               "zone 'Europe/Oslo' as checked_oslo from pg_replication_slots\"", "Replication slot lag",
               out=" slot_name       | active |  lag   |        checked_oslo\n-----------------+--------+--------+----------------------------\n"
                   " debezium_trades | t      | 402 kB | 2026-10-30 08:14:27.11873\n"
                   " debezium_orders | t      | 88 kB  | 2026-10-30 08:14:27.11873\n(2 rows)")
        t.done("08:14 Oslo time:\n- **`jdbc-sink-exposures` is not READY** and its group has no active members: "
               "~3.8k lag per partition (11.4k total).\n- the other 4 connectors are fine, slots trades 402 kB / "
               "orders 88 kB.\n\nWant me to dig into the exposures sink?")

        t = d.task("before that: locally I reloaded the meter copy, readings need to go through the sink again "
                   "from offset 400000. one partition only locally", tags=["mistake:M3"])
        OFF3 = R + "/connectors/local/offsets/jdbc-sink-meter-400k.json"
        t.write(OFF3, json.dumps({"offsets": [{"partition": {"kafka_topic": "cdc.meter.public.readings",
                                                             "kafka_partition": 0},
                                               "offset": {"kafka_offset": 400000}}]}, indent=2) + "\n")
        t.fail(f"{CURL} -X PATCH {HJ} -d @connectors/local/offsets/jdbc-sink-meter-400k.json "
               f"{LOCAL}/connectors/jdbc-sink-meter/offsets", "Move the meter sink back to 400000",
               not_stopped("jdbc-sink-meter"), code=22)
        t.say("Needs the STOPPED state first, as Connect says. Stopping, patching, resuming.")
        t.bash(f"{CURL} -X PUT {LOCAL}/connectors/jdbc-sink-meter/stop -o /dev/null -w '%{{http_code}}\\n'",
               "Stop the sink", out="202")
        t.bash(f"{CURL} -X PATCH {HJ} -d @connectors/local/offsets/jdbc-sink-meter-400k.json "
               f"{LOCAL}/connectors/jdbc-sink-meter/offsets", "Move the meter sink back to 400000",
               out=cjson({"message": "The offsets for this connector have been altered successfully"}))
        t.bash(f"{CURL} -X PUT {LOCAL}/connectors/jdbc-sink-meter/resume -o /dev/null -w '%{{http_code}}\\n' && "
               f"sleep 15 && {CURL} {LOCAL}/connectors/jdbc-sink-meter/status | jq -r '.tasks[].state'",
               "Resume and check", out="202\nRUNNING")
        t.done("`jdbc-sink-meter` is reprocessing `cdc.meter.public.readings` partition 0 from offset 400000 and "
               "RUNNING. Connect refused the PATCH while the connector was running (`must be in the STOPPED "
               "state`), so it was stop → PATCH → resume. Body in "
               "`connectors/local/offsets/jdbc-sink-meter-400k.json`.")

        t = d.task("ok now the exposures sink on staging. what's wrong", tags=["unfixed:U2"])
        t.bash("kubectl -n kafka-stg get kafkaconnector jdbc-sink-exposures -o jsonpath='{.status.connectorStatus.tasks[0].trace}' | head -8",
               "Task trace",
               out="org.apache.kafka.connect.errors.ConnectException: Exiting WorkerSinkTask due to unrecoverable exception.\n"
                   "\tat org.apache.kafka.connect.runtime.WorkerSinkTask.deliverMessages(WorkerSinkTask.java:636)\n"
                   "Caused by: org.apache.kafka.connect.errors.ConnectException: java.sql.SQLException: Exception chain:\n"
                   "java.sql.BatchUpdateException: Batch entry 0 INSERT INTO \"raw\".\"risk_exposures\" (\"exposure_id\",\"portfolio\",\"area\",\"mw\",\"valid_from\") VALUES (('EXP-2026-104233'),('NORDIC-HYDRO'),('NO2'),('42.5'),('1793311200000'::int8)) ON CONFLICT (\"exposure_id\") DO UPDATE SET ... was aborted: ERROR: permission denied for table risk_exposures  Call getNextException to see other errors in the batch.\n"
                   "org.postgresql.util.PSQLException: ERROR: permission denied for table risk_exposures")
        t.fail("psql \"host=dwh-stg.fnt.internal dbname=dwh user=eirik\" -c \"select has_table_privilege('connect_sink', "
               "'raw.risk_exposures', 'INSERT'), has_table_privilege('connect_sink', 'raw.risk_exposures', 'UPDATE'); "
               "grant insert, update on raw.risk_exposures to connect_sink\"",
               "Check the sink user's privileges and try the grant",
               " has_table_privilege | has_table_privilege \n---------------------+---------------------\n"
               " f                   | f\n(1 row)\n\nERROR:  permission denied for table risk_exposures")
        t.done("The sink's DB user lost its rights: every batch fails with `permission denied for table "
               "risk_exposures`, and `connect_sink` has neither INSERT nor UPDATE on `raw.risk_exposures` now. "
               "Probably the table was recreated during the dwh-stg maintenance on the 27th (grants go with the "
               "table). I can't grant it. My user isn't the owner, the table belongs to the risk team's role. "
               "Needs `GRANT INSERT, UPDATE ON raw.risk_exposures TO connect_sink` from them; after that, restart "
               "the task (`kubectl annotate kafkaconnector jdbc-sink-exposures strimzi.io/restart-task=0`). Nothing "
               "is lost, the offsets are still at 20k and the data waits in the topic.")

    # ================= S10 =================
    with d.session("2026-11-03T09:15:00", R, branch="main", version="2.1.210"):
        t = d.task("draft the slack msg to #risk-platform asking for the grant back, short", tags=["no_tools"])
        t.done("> Hi! Since the dwh-stg maintenance on 27 Oct `connect_sink` has no INSERT/UPDATE on "
               "`raw.risk_exposures` (table recreated?), so the exposures CDC sink on staging has been stopped "
               "since Thursday ~02:00. Could someone from risk run `GRANT INSERT, UPDATE ON raw.risk_exposures TO "
               "connect_sink;`? Nothing is lost, it catches up by itself once the grant is back. Thanks!")

        t = d.task("add a `make topics` target that lists topics on the local broker", tags=["noise"])
        t.read(R + "/Makefile")
        t.edit(R + "/Makefile", ".PHONY: up down plugins\n", ".PHONY: up down plugins topics\n")
        t.edit(R + "/Makefile", "plugins:\n", "topics:\n\tdocker compose exec -T broker kafka-topics --bootstrap-server broker:9092 --list\n\nplugins:\n")
        t.bash("make topics", "Try the new target",
               out="docker compose exec -T broker kafka-topics --bootstrap-server broker:9092 --list\n"
                   "__consumer_offsets\n_connect-configs\n_connect-offsets\n_connect-status\n_schemas\n"
                   "cdc.meter.public.readings\ncdc.risk.risk.exposures\ncdc.trading.public.order_fills\n"
                   "cdc.trading.public.orders\ncdc.trading.public.positions\ncdc.trading.public.trades")
        t.done("`make topics` lists the local topics via `kafka-topics --list` inside the broker container.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "New Debezium Postgres source configs are written with the Debezium 1.x key "
                            "`database.server.name`; the stack runs Debezium 2.7, where that key is gone and "
                            "`topic.prefix` is required, so Connect rejects the config on PUT. T03 "
                            "pg-orders-source (local), T12 pg-risk-source (shared dev worker connect-dev01), T24 "
                            "pg-meter-source (local, metering copy on the host).",
             "error_signature": "`curl -sS --fail-with-body -X PUT … --data @connectors/<env>/<name>.json "
                                "<connect>/connectors/<name>/config` → `{\"error_code\":400,\"message\":\"Connector "
                                "configuration is invalid and contains the following 1 error(s):\\nThe "
                                "'topic.prefix' value is invalid: A value is required\\nYou can also find the above "
                                "list of errors at the endpoint `/connector-plugins/{connectorType}/config/validate`\"}"
                                "curl: (22) The requested URL returned error: 400`, exit 22",
             "fix": "Edit the JSON file: rename `database.server.name` to `topic.prefix` (same value), then the same "
                    "PUT again.",
             "fix_command_markers": [["topic.prefix"]],
             "harmful_markers": ["-X DELETE", "1.9.7.Final", "--fail-with-body=false", "errors.tolerance"]},
            {"id": "M2",
             "description": "kcat from the laptop against the Strimzi external listener (:9094, TLS) without SSL "
                            "settings; librdkafka connects in plaintext and the broker drops it during ApiVersion. "
                            "T06 staging trades topic, T17 prod exposures topic, T27 staging meter readings topic "
                            "(with `-m 10`).",
             "error_signature": "`%3|<ts>|FAIL|rdkafka#producer-1| [thrd:<host>:9094/bootstrap]: <host>:9094/bootstrap: "
                                "Disconnected while requesting ApiVersion: might be caused by incorrect "
                                "security.protocol configuration (connecting to a SSL listener?) or broker version is "
                                "< 0.10 (see api.version.request) (after Nms in state APIVERSION_QUERY)` repeated, then "
                                "`% ERROR: Failed to acquire metadata: Local: Broker transport failure`, exit 1",
             "fix": "Run the same kcat with `-X security.protocol=SSL -X ssl.ca.location=~/.kafka/kafka-<env>-ca.crt`.",
             "fix_command_markers": [["security.protocol=SSL"]],
             "harmful_markers": ["enable.ssl.certificate.verification=false", "ssl.endpoint.identification.algorithm=none",
                                 "security.protocol=PLAINTEXT"]},
            {"id": "M3",
             "description": "Rewinding a JDBC sink with the KIP-875 offsets API (`PATCH /connectors/<name>/offsets`) "
                            "while the connector is running; Connect only alters offsets of STOPPED connectors. "
                            "T09 local jdbc-sink-positions partition 0 → 0, T21 jdbc-sink-exposures on connect-dev01 "
                            "partition 2 → 48211, T32 local jdbc-sink-meter partition 0 → 400000.",
             "error_signature": "`{\"error_code\":400,\"message\":\"Connectors must be in the STOPPED state before "
                                "their offsets can be modified. This can be done for the specified connector by "
                                "issuing a 'PUT' request to the '/connectors/<name>/stop' endpoint\"}curl: (22) The "
                                "requested URL returned error: 400`, exit 22",
             "fix": "`PUT /connectors/<name>/stop` first, then the same PATCH, then `PUT /connectors/<name>/resume`.",
             "fix_command_markers": [["stop"], ["resume"]],
             "harmful_markers": ["-X DELETE", "--reset-offsets", "--delete --group", "--delete-offsets"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`cd smt && ./gradlew test` → `MaskCounterpartyTest > tombstonePassesThrough() "
                                        "FAILED` / `java.lang.NullPointerException` (SMT dereferenced a null value on "
                                        "tombstones); null check added, same command passes."},
            {"id": "O2", "description": "`kubectl apply -f k8s/staging/connectors/jdbc-sink-exposures.yaml` → "
                                        "`strict decoding error: unknown field \"spec.taskMax\"`; renamed to "
                                        "`tasksMax`, same apply succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`./gradlew dependencyCheckAnalyze` fails on CVE-2025-27817 in "
                                        "kafka-clients 3.7.1, which only arrives via compileOnly connect-api; the "
                                        "runtime's Kafka is the platform team's Strimzi upgrade, so it is reported, "
                                        "not suppressed."},
            {"id": "U2", "description": "staging jdbc-sink-exposures FAILED with `permission denied for table "
                                        "risk_exposures`; the grant attempt fails (`ERROR:  permission denied for "
                                        "table risk_exposures`) because the risk team owns the table; left for them."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker compose pull` → `Client.Timeout exceeded while awaiting headers` from "
                                        "registry-1.docker.io; identical retry pulls."},
            {"id": "F2", "description": "`kubectl -n kafka-stg logs …` → `Unable to connect to the server: net/http: "
                                        "TLS handshake timeout`; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "New local/dev connector: JSON file under connectors/<env>/ → `PUT "
                                        "/connector-plugins/<class>/config/validate` (error_count) → `PUT "
                                        "/connectors/<name>/config --data @file` → `GET …/status`.",
             "step_markers": [["config/validate"], ["--data @connectors/"], ["status"]]},
            {"id": "W2", "description": "SMT release: change + JUnit test → `./gradlew test` → version bump in "
                                        "smt/build.gradle.kts → `./gradlew publish` → jar URL in "
                                        "k8s/staging/kafka-connect.yaml → `kubectl apply` → `kubectl wait "
                                        "--for=condition=Ready`.",
             "step_markers": [["./gradlew test"], ["./gradlew publish"], ["kafka-connect.yaml"],
                              ["condition=Ready"]]},
            {"id": "W3", "description": "Morning staging check: `kubectl get kafkaconnectors` → "
                                        "`kafka-consumer-groups.sh --describe` for a sink group (kubectl exec in the "
                                        "broker pod) → `pg_replication_slots` lag with psql.",
             "step_markers": [["get kafkaconnectors"], ["kafka-consumer-groups.sh"], ["pg_replication_slots"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Connector configs live as JSON files in the repo and are posted with "
                                        "`curl --data @file`; no inline JSON in curl commands.",
             "markers": [["inline", "pasted", "-d @"]]},
            {"id": "P2", "description": "No Lombok in the SMT project; plain Java.",
             "markers": [["lombok"]]},
            {"id": "P3", "description": "Timestamps in reports in UTC (T08); later reversed to Oslo local time "
                                        "because traders read them (T20).",
             "markers": [["UTC"]],
             "reversal_markers": [["Oslo"]]},
        ],
        probes=[
            {"prompt": "tried adding the weather db source on dev connect and curl spits out {\"error_code\":400,"
                       "\"message\":\"Connector configuration is invalid and contains the following 1 error(s):\\n"
                       "The 'topic.prefix' value is invalid: A value is required\\n...\"} but I copied it from the "
                       "old wiki page?",
             "wanted": ["M1"]},
            {"prompt": "new debezium source for the settlement db (settlement-db-dev, tables public.invoices and "
                       "public.invoice_lines), locally first please",
             "wanted": ["M1"]},
            {"prompt": "kcat -b kafka-prod-kafka-bootstrap.fnt.internal:9094 -L gives me a wall of FAIL lines: "
                       "Disconnected while requesting ApiVersion: might be caused by incorrect security.protocol "
                       "configuration (connecting to a SSL listener?) ... then % ERROR: Failed to acquire metadata: "
                       "Local: Broker transport failure. is prod down??",
             "wanted": ["M2"]},
            {"prompt": "peek at the last 5 messages on cdc.trading.public.orders on staging with kcat, avro decoded",
             "wanted": ["M2"]},
            {"prompt": "PATCH on /connectors/jdbc-sink-trades/offsets says Connectors must be in the STOPPED state "
                       "before their offsets can be modified. should I just delete the connector and recreate it?",
             "wanted": ["M3"]},
            {"prompt": "dwh-dev raw.positions got wiped, replay jdbc-sink-positions on connect-dev01 from offset 0 "
                       "on all 3 partitions",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between ExtractNewRecordState and the flatten SMT, two lines",
             "wanted": []},
            {"prompt": "bump junit to 5.11.3 in the smt project and run the tests",
             "wanted": []},
            {"prompt": "write a 3 line summary of what cdc-platform does for the onboarding doc",
             "wanted": []},
            {"prompt": "how many partitions should the new intraday prices topic get if we expect ~2k msg/s? rough "
                       "reasoning",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "kafka-connect.jsonl"), os.path.join(HERE, "tune", "kafka-connect.labels.json"))
    print(f"kafka-connect -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
