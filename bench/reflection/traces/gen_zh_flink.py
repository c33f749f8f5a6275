"""zh-flink: 周启航 (Zhou Qihang), real-time data platform engineer at 快达出行 (Kuaida Mobility, Hangzhou, ride-hailing).

Stack: Apache Flink 1.18.1 jobs in Java 17 (DataStream and Flink SQL) in one Maven multi-module repo
(`rt-common` + `jobs/*`, maven-shade-plugin fat jars), Kafka 3.6 tools (kafka-topics.sh, kafka-consumer-groups.sh,
kafka-get-offsets.sh) and kcat, Flink on YARN (legacy jobs, gateway bd-gw-03, HDFS checkpoints/savepoints) and on
Kubernetes via the Flink Kubernetes Operator 1.9 (FlinkDeployment YAML, kubectl), a dev session cluster for smoke
runs, StarRocks 3.2 (mysql client to the FE, Routine Load from Kafka, Flink StarRocks connector), Flink SQL client,
Flink REST API via curl + jq, Grafana alerts, GitLab (glab). Prompts and replies in Chinese; tool output as printed.
cwd /home/zhouqh/work/rt-flink-jobs.

Written blind for fresh/; measured once held out (round 22), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_flink.py && python3 check.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhouqh"
R = "/home/zhouqh/work/rt-flink-jobs"
MODEL = "claude-opus-4-6"
VER = "2.6.0-SNAPSHOT"

GW = "bd-gw-03"
FLINK_GW = "/opt/flink-1.18.1/bin/flink"
HADOOP_BIN = "/opt/hadoop/bin"
RM = "http://bd-rm-01.bd.kuaida.internal:8088"
HS = "http://bd-flink-hs.bd.kuaida.internal:8082"
APP_PREFIX = "application_1725430827413_"
DEV_SESSION = "flink-session-dev.rt-dev.k8s.kuaida.internal:80"
DEV_REST = "http://flink-session-dev.rt-dev.k8s.kuaida.internal"
K8S_REST = "http://flink.k8s.kuaida.internal/rt-jobs"
KAFKA = "kafka-hz-01.bd.kuaida.internal:9092"
KAFKA_TEST = ("kafka-test-01.bd.kuaida.internal:9092,kafka-test-02.bd.kuaida.internal:9092,"
              "kafka-test-03.bd.kuaida.internal:9092")
SR = "mysql -h sr-fe-01.bd.kuaida.internal -P 9030 -u rt_ops"
GITLAB = "gitlab.kuaida-inc.com"
HARBOR = "harbor.kuaida-inc.com/rt"

TRIP_JID = "8c2f1a4e0d3b9a7c41f6e25b0c973d18"  # trip-eta-feature on YARN, running since 2026-08-21

SIG1 = "Could not find any factory for identifier '"
SIG2 = "No ClusterClientFactory found"
SIG3 = "Only supports modification of PAUSED jobs"

_rng = [random.Random(20260907)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ output helpers
def mvn_ok(modules, secs, finished, body_lines=(), warn_shade=None, jar=None):
    """Maven 3.9 reactor output (not quiet)."""
    out = ["[INFO] Scanning for projects...", "[INFO] " + "-" * 72, "[INFO] Reactor Build Order:", "[INFO] "]
    for name, pkg in modules:
        out.append(f"[INFO] {name:<66}[{pkg}]")
    out.append("[INFO] ")
    out += list(body_lines)
    if warn_shade:
        a, b = warn_shade
        out += [f"[WARNING] {a}, {b} define 1 overlapping resource: ",
                "[WARNING]   - META-INF/services/org.apache.flink.table.factories.Factory",
                "[WARNING] maven-shade-plugin has detected that some files are",
                "[WARNING] present in two or more JARs. When this happens, only one",
                "[WARNING] single version of the file is copied to the uber jar.",
                "[WARNING] Usually this is not harmful and you can skip these warnings,",
                "[WARNING] otherwise try to manually exclude artifacts based on",
                "[WARNING] mvn dependency:tree -Ddetail=true and the above output.",
                "[WARNING] See https://maven.apache.org/plugins/maven-shade-plugin/"]
    if jar:
        out += ["[INFO] Replacing original artifact with shaded artifact.",
                f"[INFO] Replacing {jar} with {jar[:-4]}-shaded.jar"]
    out += ["[INFO] " + "-" * 72, f"[INFO] Reactor Summary for rt-flink-jobs {VER}:", "[INFO] "]
    for i, (name, pkg) in enumerate(modules):
        t = secs[i]
        out.append(f"[INFO] {name + ' ':.<51} SUCCESS [{t:>7.3f} s]")
    total = sum(secs) + 1.1
    out += ["[INFO] " + "-" * 72, "[INFO] BUILD SUCCESS", "[INFO] " + "-" * 72,
            f"[INFO] Total time:  {total:.3f} s", f"[INFO] Finished at: {finished}", "[INFO] " + "-" * 72]
    return "\n".join(out)


CLI_BANNER = "\n------------------------------------------------------------\n The program finished with the following exception:\n"

CLI_RUN_FRAMES = """	at org.apache.flink.client.program.PackagedProgram.callMainMethod(PackagedProgram.java:372)
	at org.apache.flink.client.program.PackagedProgram.invokeInteractiveModeForExecution(PackagedProgram.java:222)
	at org.apache.flink.client.ClientUtils.executeProgram(ClientUtils.java:105)
	at org.apache.flink.client.cli.CliFrontend.executeProgram(CliFrontend.java:851)
	at org.apache.flink.client.cli.CliFrontend.run(CliFrontend.java:245)
	at org.apache.flink.client.cli.CliFrontend.parseAndRun(CliFrontend.java:1095)
	at org.apache.flink.client.cli.CliFrontend.lambda$mainInternal$9(CliFrontend.java:1189)
	at org.apache.flink.runtime.security.contexts.NoOpSecurityContext.runSecured(NoOpSecurityContext.java:28)
	at org.apache.flink.client.cli.CliFrontend.mainInternal(CliFrontend.java:1189)
	at org.apache.flink.client.cli.CliFrontend.main(CliFrontend.java:1157)"""


def factory_missing(kind, table, options, ident, available, user_frames):
    """Flink 1.18 client output when a table connector factory is not on the (shaded) classpath."""
    opts = "\n".join(f"'{k}'='{v}'" for k, v in sorted(options.items()))
    if kind == "source":
        head = f"Unable to create a source for reading table 'default_catalog.default_database.{table}'.\n\nTable options are:\n\n{opts}"
        planner = """	at org.apache.flink.table.factories.FactoryUtil.createDynamicTableSource(FactoryUtil.java:228)
	at org.apache.flink.table.factories.FactoryUtil.createDynamicTableSource(FactoryUtil.java:253)
	at org.apache.flink.table.planner.plan.schema.CatalogSourceTable.createDynamicTableSource(CatalogSourceTable.java:175)
	at org.apache.flink.table.planner.plan.schema.CatalogSourceTable.toRel(CatalogSourceTable.java:115)
	at org.apache.calcite.sql2rel.SqlToRelConverter.toRel(SqlToRelConverter.java:4002)
	at org.apache.calcite.sql2rel.SqlToRelConverter.convertIdentifier(SqlToRelConverter.java:2872)
	at org.apache.flink.table.planner.operations.SqlNodeToOperationConversion.convertSqlInsert(SqlNodeToOperationConversion.java:1089)
	at org.apache.flink.table.planner.delegation.ParserImpl.parse(ParserImpl.java:106)"""
        create_at, more1, more2 = "createDynamicTableSource(FactoryUtil.java:224)", 31, 33
    else:
        head = f"Unable to create a sink for writing table 'default_catalog.default_database.{table}'.\n\nTable options are:\n\n{opts}"
        planner = """	at org.apache.flink.table.factories.FactoryUtil.createDynamicTableSink(FactoryUtil.java:270)
	at org.apache.flink.table.planner.delegation.PlannerBase.getTableSink(PlannerBase.scala:459)
	at org.apache.flink.table.planner.delegation.PlannerBase.translateToRel(PlannerBase.scala:236)
	at org.apache.flink.table.planner.delegation.PlannerBase.$anonfun$translate$1(PlannerBase.scala:194)
	at scala.collection.TraversableLike.$anonfun$map$1(TraversableLike.scala:233)
	at scala.collection.Iterator.foreach(Iterator.scala:937)
	at org.apache.flink.table.planner.delegation.PlannerBase.translate(PlannerBase.scala:194)
	at org.apache.flink.table.api.internal.TableEnvironmentImpl.translate(TableEnvironmentImpl.java:1803)
	at org.apache.flink.table.api.internal.TableEnvironmentImpl.executeInternal(TableEnvironmentImpl.java:881)"""
        create_at, more1, more2 = "createDynamicTableSink(FactoryUtil.java:266)", 27, 29
    avail = "\n".join(available)
    return (f"{CLI_BANNER}\n"
            f"org.apache.flink.client.program.ProgramInvocationException: The main method caused an error: {head}\n"
            f"{CLI_RUN_FRAMES}\n"
            f"Caused by: org.apache.flink.table.api.ValidationException: {head}\n"
            f"{planner}\n{user_frames}\n"
            "	at java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n"
            "	at java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke(NativeMethodAccessorImpl.java:77)\n"
            "	at java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)\n"
            "	at java.base/java.lang.reflect.Method.invoke(Method.java:568)\n"
            "	at org.apache.flink.client.program.PackagedProgram.callMainMethod(PackagedProgram.java:355)\n"
            "	... 9 more\n"
            f"Caused by: org.apache.flink.table.api.ValidationException: Cannot discover a connector using option: 'connector'='{ident}'\n"
            "	at org.apache.flink.table.factories.FactoryUtil.enrichNoMatchingConnectorError(FactoryUtil.java:807)\n"
            "	at org.apache.flink.table.factories.FactoryUtil.discoverTableFactory(FactoryUtil.java:781)\n"
            f"	at org.apache.flink.table.factories.FactoryUtil.{create_at}\n"
            f"	... {more1} more\n"
            f"Caused by: org.apache.flink.table.api.ValidationException: {SIG1}{ident}' that implements "
            "'org.apache.flink.table.factories.DynamicTableFactory' in the classpath.\n\n"
            f"Available factory identifiers are:\n\n{avail}\n"
            "	at org.apache.flink.table.factories.FactoryUtil.discoverFactory(FactoryUtil.java:617)\n"
            "	at org.apache.flink.table.factories.FactoryUtil.enrichNoMatchingConnectorError(FactoryUtil.java:803)\n"
            f"	... {more2} more")


NO_CCF = (f"java.lang.IllegalStateException: {SIG2}. If you were targeting a Yarn cluster, please make sure to export the "
          "HADOOP_CLASSPATH environment variable or have hadoop in your classpath. For more information refer to the "
          "\"Deployment\" section of the official Apache Flink documentation.\n"
          "	at org.apache.flink.client.deployment.DefaultClusterClientServiceLoader.getClusterClientFactory"
          "(DefaultClusterClientServiceLoader.java:83)")

CLI_MAIN_TAIL = """	at org.apache.flink.client.cli.CliFrontend.lambda$mainInternal$9(CliFrontend.java:1189)
	at org.apache.flink.runtime.security.contexts.NoOpSecurityContext.runSecured(NoOpSecurityContext.java:28)
	at org.apache.flink.client.cli.CliFrontend.mainInternal(CliFrontend.java:1189)
	at org.apache.flink.client.cli.CliFrontend.main(CliFrontend.java:1157)"""


def yarn_log(ts, level, logger, msg):
    return f"{ts} {level:<5} {logger:<60} [] - {msg}"


def sr_vertical(rows):
    """mysql client \\G output."""
    out = []
    for i, row in enumerate(rows, 1):
        w = max(len(k) for k, _ in row)
        out.append(f"{'*' * 27} {i}. row {'*' * 27}")
        for k, v in row:
            out.append(f"{k:>{w}}: {v}")
    return "\n".join(out)


def cg_describe(group, topic, rows, more=()):
    """kafka-consumer-groups.sh --describe for a group without active members (Flink's KafkaSource does not join the group)."""
    parts = [(topic, rows)] + list(more)
    gw = max(len("GROUP"), len(group))
    tw = max([len("TOPIC")] + [len(tp) for tp, _ in parts])
    hdr = (f"{'GROUP':<{gw}} {'TOPIC':<{tw}} {'PARTITION':<10} {'CURRENT-OFFSET':<15} {'LOG-END-OFFSET':<15} "
           f"{'LAG':<15} {'CONSUMER-ID':<15} {'HOST':<15} CLIENT-ID")
    lines = [hdr]
    for tp, rs in parts:
        for p, cur, end in rs:
            lines.append(f"{group:<{gw}} {tp:<{tw}} {p:<10} {cur:<15} {end:<15} {end - cur:<15} {'-':<15} {'-':<15} -")
    return f"\nConsumer group '{group}' has no active members.\n\n" + "\n".join(lines)


def cg_rows(nparts, base, lag_lo, lag_hi, hot=None):
    rows = []
    for p in range(nparts):
        end = base + _rng[0].randint(-900000, 900000)
        lag = _rng[0].randint(lag_lo, lag_hi)
        if hot and p in hot:
            lag = hot[p]
        rows.append((p, end - lag, end))
    return rows


def commit_out(branch, msg, nfiles, ins, dels=0):
    s = f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    return s


def push_err(branch):
    return (f"remote: \nremote: To create a merge request for {branch}, visit:\n"
            f"remote:   https://{GITLAB}/rt/rt-flink-jobs/-/merge_requests/new?merge_request%5Bsource_branch%5D="
            f"{branch.replace('/', '%2F')}\nremote: \nTo {GITLAB}:rt/rt-flink-jobs.git\n"
            f" * [new branch]      {branch} -> {branch}\nbranch '{branch}' set up to track 'origin/{branch}'.")


def mr_out(branch, iid, title):
    return (f"\nCreating merge request for {branch} into master in rt/rt-flink-jobs\n\n"
            f"!{iid} {title} ({branch})\n https://{GITLAB}/rt/rt-flink-jobs/-/merge_requests/{iid}\n")


def epoch_ms(iso_utc):
    t = _dt.datetime.fromisoformat(iso_utc).replace(tzinfo=_dt.timezone.utc)
    return int(t.timestamp() * 1000)


# ------------------------------------------------------------------ virtual files
PARENT_POM = P("pom.xml")
README = P("README.md")
YARN_DOC = P("docs/deploy-yarn.md")
DO_POM = P("jobs/driver-online/pom.xml")
DO_JOB = P("jobs/driver-online/src/main/java/com/kuaida/rt/jobs/driveronline/DriverOnlineJob.java")
DO_PARSER = P("jobs/driver-online/src/main/java/com/kuaida/rt/jobs/driveronline/GpsEventParser.java")
DO_PARSER_TEST = P("jobs/driver-online/src/test/java/com/kuaida/rt/jobs/driveronline/GpsEventParserTest.java")
OW_POM = P("jobs/order-wide/pom.xml")
OW_JOB = P("jobs/order-wide/src/main/java/com/kuaida/rt/jobs/orderwide/OrderWideJob.java")
SURGE_JOB = P("jobs/surge-pricing-signal/src/main/java/com/kuaida/rt/jobs/surge/SurgeSignalJob.java")
SQL_SCRIPT = P("rt-common/src/main/java/com/kuaida/rt/common/sql/SqlScript.java")
GEO_UTIL = P("rt-common/src/main/java/com/kuaida/rt/common/geo/GeoUtil.java")
DEV_PROPS = P("jobs/driver-online/src/main/resources/conf/dev.properties")
K8S_DO = P("deploy/k8s/driver-online.yaml")
K8S_SURGE = P("deploy/k8s/surge-pricing-signal.yaml")
K8S_TRIP = P("deploy/k8s/trip-eta-feature.yaml")
GRAFANA_LAG = P("deploy/grafana/alerts/kafka-lag.json")
SQL_INIT = P("sql/init/dev_session.sql")

PARENT_POM_TXT = f"""<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <groupId>com.kuaida.rt</groupId>
  <artifactId>rt-flink-jobs</artifactId>
  <version>{VER}</version>
  <packaging>pom</packaging>

  <modules>
    <module>rt-common</module>
    <module>jobs/order-wide</module>
    <module>jobs/driver-online</module>
    <module>jobs/surge-pricing-signal</module>
    <module>jobs/trip-eta-feature</module>
    <module>jobs/order-status-sync</module>
    <module>jobs/coupon-risk-cep</module>
  </modules>

  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <flink.version>1.18.1</flink.version>
    <flink.kafka.version>3.2.0-1.18</flink.kafka.version>
    <flink.cdc.version>3.1.1</flink.cdc.version>
    <starrocks.connector.version>1.2.9_flink-1.18</starrocks.connector.version>
    <fastjson2.version>2.0.52</fastjson2.version>
    <jackson.version>2.15.4</jackson.version>
    <geohash.version>1.4.0</geohash.version>
    <junit.version>5.10.2</junit.version>
  </properties>

  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>com.kuaida.rt</groupId>
        <artifactId>rt-common</artifactId>
        <version>${{project.version}}</version>
      </dependency>
      <dependency>
        <groupId>org.apache.flink</groupId>
        <artifactId>flink-streaming-java</artifactId>
        <version>${{flink.version}}</version>
        <scope>provided</scope>
      </dependency>
      <dependency>
        <groupId>org.apache.flink</groupId>
        <artifactId>flink-table-api-java-bridge</artifactId>
        <version>${{flink.version}}</version>
        <scope>provided</scope>
      </dependency>
      <dependency>
        <groupId>org.apache.flink</groupId>
        <artifactId>flink-connector-kafka</artifactId>
        <version>${{flink.kafka.version}}</version>
      </dependency>
      <dependency>
        <groupId>org.apache.flink</groupId>
        <artifactId>flink-sql-connector-mysql-cdc</artifactId>
        <version>${{flink.cdc.version}}</version>
      </dependency>
      <dependency>
        <groupId>com.starrocks</groupId>
        <artifactId>flink-connector-starrocks</artifactId>
        <version>${{starrocks.connector.version}}</version>
      </dependency>
      <dependency>
        <groupId>com.alibaba.fastjson2</groupId>
        <artifactId>fastjson2</artifactId>
        <version>${{fastjson2.version}}</version>
      </dependency>
      <dependency>
        <groupId>com.fasterxml.jackson.core</groupId>
        <artifactId>jackson-databind</artifactId>
        <version>${{jackson.version}}</version>
      </dependency>
      <dependency>
        <groupId>ch.hsr</groupId>
        <artifactId>geohash</artifactId>
        <version>${{geohash.version}}</version>
      </dependency>
      <dependency>
        <groupId>org.apache.flink</groupId>
        <artifactId>flink-test-utils</artifactId>
        <version>${{flink.version}}</version>
        <scope>test</scope>
      </dependency>
      <dependency>
        <groupId>org.junit.jupiter</groupId>
        <artifactId>junit-jupiter</artifactId>
        <version>${{junit.version}}</version>
        <scope>test</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>

  <build>
    <pluginManagement>
      <plugins>
        <plugin>
          <groupId>org.apache.maven.plugins</groupId>
          <artifactId>maven-compiler-plugin</artifactId>
          <version>3.11.0</version>
        </plugin>
        <plugin>
          <groupId>org.apache.maven.plugins</groupId>
          <artifactId>maven-surefire-plugin</artifactId>
          <version>3.2.5</version>
          <configuration>
            <argLine>--add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED</argLine>
          </configuration>
        </plugin>
        <plugin>
          <groupId>org.apache.maven.plugins</groupId>
          <artifactId>maven-shade-plugin</artifactId>
          <version>3.5.1</version>
        </plugin>
      </plugins>
    </pluginManagement>
  </build>
</project>
"""

README_TXT = """# rt-flink-jobs

快达出行实时数据平台的 Flink 作业仓库（Flink 1.18.1 / Java 17 / Maven 3.9）。

## 模块

- `rt-common/`：公共代码——Kafka source/sink 构建（`KafkaSources` / `KafkaSinks`）、StarRocks sink 参数（`StarRocksSinks`）、
  作业配置 `JobConfig`（`--env dev|prod` 读 `conf/<env>.properties`）、`SqlScript`（加载 resources 里的 .sql，替换 `${var}`）、`GeoUtil`
- `jobs/order-wide/`：订单宽表 dwd_order_wide（K8s）
- `jobs/driver-online/`：司机 GPS 上报解析 + 在线时长（K8s）
- `jobs/surge-pricing-signal/`：动态调价信号（K8s）
- `jobs/trip-eta-feature/`：行程 ETA 实时特征（YARN，计划迁 K8s）
- `jobs/order-status-sync/`：订单状态同步（YARN）
- `jobs/coupon-risk-cep/`：优惠券风控 CEP（YARN）

## 部署

- K8s：Flink Kubernetes Operator 1.9，`deploy/k8s/<job>.yaml`（FlinkDeployment，namespace `rt-jobs`，upgradeMode savepoint）。
  镜像由 GitLab CI 在 master 合并后构建：`harbor.kuaida-inc.com/rt/<job>:<version>`。REST/Web UI：`http://flink.k8s.kuaida.internal/rt-jobs/<job>/`
- YARN（老集群）：见 `docs/deploy-yarn.md`
- dev：`rt-dev` 里的 session 集群 `flink-session-dev`，`flink run -m flink-session-dev.rt-dev.k8s.kuaida.internal:80 -d ...`，
  连测试 Kafka（kafka-test-0x）和 StarRocks 的 `*_dev` 库
- 告警规则：`deploy/grafana/alerts/*.json`（SRE 的 CI 同步到 Grafana）

## 本地

- 单个作业打包：`mvn -pl jobs/<job> -am package -DskipTests`
- Flink SQL 临时查询：`sql-client.sh -i sql/init/dev_session.sql -f <file>`（连 dev session 集群）
- StarRocks：`mysql -h sr-fe-01.bd.kuaida.internal -P 9030 -u rt_ops`（密码在 ~/.my.cnf）
"""

YARN_DOC_TXT = f"""# YARN 作业（老集群 hz-bd01）

提交机：`{GW}`（个人账号 ssh），Flink 客户端 `/opt/flink-1.18.1`，Hadoop 3.3.6 在 `/opt/hadoop`。

- 作业 jar 放 HDFS：`hdfs://hzbd/flink/jobs/<job>/<job>-<version>.jar`
- checkpoint：`hdfs://hzbd/flink/checkpoints/<job>`（RETAIN_ON_CANCELLATION）
- savepoint：`hdfs://hzbd/flink/savepoints/<job>`。集群没配默认 savepoint 目录，停作业时显式给路径
- 队列：`rt`

提交（application 模式）：

    flink run-application -t yarn-application \\
      -Dyarn.application.name=<job> -Dyarn.application.queue=rt \\
      -Dyarn.provided.lib.dirs=hdfs://hzbd/flink/dist/1.18.1/lib \\
      [-s <savepoint 或 checkpoint 路径>] \\
      hdfs://hzbd/flink/jobs/<job>/<job>-<version>.jar --env prod

查看 / 停止：

    flink list -t yarn-application -Dyarn.application.id=<appId>
    flink stop --savepointPath hdfs://hzbd/flink/savepoints/<job> -t yarn-application -Dyarn.application.id=<appId> <jobId>

Web UI / REST 走 RM 代理：`{RM}/proxy/<appId>/`
已结束的作业看 HistoryServer：`{HS}`
"""


def shade_block(main_class, services=False):
    svc = ("\n                <transformer implementation=\"org.apache.maven.plugins.shade.resource.ServicesResourceTransformer\"/>"
           if services else "")
    return f"""  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-shade-plugin</artifactId>
        <executions>
          <execution>
            <phase>package</phase>
            <goals>
              <goal>shade</goal>
            </goals>
            <configuration>
              <createDependencyReducedPom>false</createDependencyReducedPom>
              <artifactSet>
                <excludes>
                  <exclude>org.apache.flink:flink-shaded-force-shading</exclude>
                  <exclude>com.google.code.findbugs:jsr305</exclude>
                  <exclude>org.slf4j:*</exclude>
                  <exclude>org.apache.logging.log4j:*</exclude>
                </excludes>
              </artifactSet>
              <filters>
                <filter>
                  <artifact>*:*</artifact>
                  <excludes>
                    <exclude>META-INF/*.SF</exclude>
                    <exclude>META-INF/*.DSA</exclude>
                    <exclude>META-INF/*.RSA</exclude>
                  </excludes>
                </filter>
              </filters>
              <transformers>
                <transformer implementation="org.apache.maven.plugins.shade.resource.ManifestResourceTransformer">
                  <mainClass>{main_class}</mainClass>
                </transformer>{svc}
              </transformers>
            </configuration>
          </execution>
        </executions>
      </plugin>
    </plugins>
  </build>
"""


def dep(g, a, extra=""):
    return f"""    <dependency>
      <groupId>{g}</groupId>
      <artifactId>{a}</artifactId>{extra}
    </dependency>
"""


def job_pom(artifact, deps, main_class):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <parent>
    <groupId>com.kuaida.rt</groupId>
    <artifactId>rt-flink-jobs</artifactId>
    <version>{VER}</version>
    <relativePath>../../pom.xml</relativePath>
  </parent>

  <artifactId>{artifact}</artifactId>

  <dependencies>
{"".join(deps)}  </dependencies>

{shade_block(main_class)}</project>
"""


D_COMMON = dep("com.kuaida.rt", "rt-common")
D_STREAM = dep("org.apache.flink", "flink-streaming-java")
D_BRIDGE = dep("org.apache.flink", "flink-table-api-java-bridge")
D_KAFKA = dep("org.apache.flink", "flink-connector-kafka")
D_SR = dep("com.starrocks", "flink-connector-starrocks")
D_CDC = dep("org.apache.flink", "flink-sql-connector-mysql-cdc")
D_GEO = dep("ch.hsr", "geohash")
D_TEST = dep("org.apache.flink", "flink-test-utils") + dep("org.junit.jupiter", "junit-jupiter")

DO_POM_TXT = job_pom("driver-online", [D_COMMON, D_STREAM, D_KAFKA, D_SR, D_TEST],
                     "com.kuaida.rt.jobs.driveronline.DriverOnlineJob")
OW_POM_TXT = job_pom("order-wide", [D_COMMON, D_STREAM, D_KAFKA, D_SR, D_TEST],
                     "com.kuaida.rt.jobs.orderwide.OrderWideJob")

DO_JOB_TXT = """package com.kuaida.rt.jobs.driveronline;

import com.kuaida.rt.common.config.JobConfig;
import com.kuaida.rt.common.kafka.KafkaSources;
import com.kuaida.rt.common.starrocks.StarRocksSinks;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/** 司机 GPS 上报 -> 在线会话（5 分钟无上报视为下线）-> StarRocks dwd.dwd_driver_online_session */
public class DriverOnlineJob {

    public static void main(String[] args) throws Exception {
        JobConfig conf = JobConfig.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(60_000L);

        DataStream<GpsEvent> gps = env
                .fromSource(KafkaSources.strings(conf, "ods_driver_gps", "driver-online"),
                        WatermarkStrategy.noWatermarks(), "ods_driver_gps")
                .uid("src-ods-driver-gps")
                .flatMap(new GpsEventParser())
                .uid("parse-gps")
                .name("parse-gps")
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<GpsEvent>forBoundedOutOfOrderness(Duration.ofSeconds(15))
                                .withTimestampAssigner((e, ts) -> e.reportTime)
                                .withIdleness(Duration.ofMinutes(1)))
                .uid("wm-gps");

        gps.keyBy(e -> e.driverId)
                .process(new OnlineSessionFunction(Duration.ofMinutes(5)))
                .uid("online-session")
                .name("online-session")
                .map(OnlineSession::toJson)
                .uid("online-session-json")
                .addSink(StarRocksSinks.json(conf, "dwd", "dwd_driver_online_session"))
                .uid("sink-sr-online-session")
                .name("sink-sr-online-session");

        env.execute("driver-online");
    }
}
"""

DO_PARSER_TXT = """package com.kuaida.rt.jobs.driveronline;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * 解析司机端 GPS 上报。上游 JSON：
 * {"driver_id":..,"city_id":..,"lng":..,"lat":..,"status":..,"report_time":..}
 */
public class GpsEventParser implements FlatMapFunction<String, GpsEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(GpsEventParser.class);

    @Override
    public void flatMap(String value, Collector<GpsEvent> out) {
        // TODO 临时写法：按字段名手工截取，上游加嵌套字段或者字符串里带逗号就会解析错
        try {
            GpsEvent e = new GpsEvent();
            e.driverId = Long.parseLong(field(value, "driver_id"));
            e.cityId = Integer.parseInt(field(value, "city_id"));
            e.lng = Double.parseDouble(field(value, "lng"));
            e.lat = Double.parseDouble(field(value, "lat"));
            e.status = Integer.parseInt(field(value, "status"));
            e.reportTime = Long.parseLong(field(value, "report_time"));
            out.collect(e);
        } catch (RuntimeException ex) {
            LOG.warn("bad gps record: {}", value, ex);
        }
    }

    private static String field(String json, String name) {
        int i = json.indexOf("\\"" + name + "\\":");
        if (i < 0) {
            throw new IllegalArgumentException("missing " + name);
        }
        int start = i + name.length() + 3;
        int end = start;
        while (end < json.length() && ",}".indexOf(json.charAt(end)) < 0) {
            end++;
        }
        return json.substring(start, end).replace("\\"", "").trim();
    }
}
"""

DO_PARSER_TEST_TXT = """package com.kuaida.rt.jobs.driveronline;

import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GpsEventParserTest {

    private static List<GpsEvent> parse(String json) {
        List<GpsEvent> out = new ArrayList<>();
        new GpsEventParser().flatMap(json, new Collector<>() {
            @Override
            public void collect(GpsEvent record) {
                out.add(record);
            }

            @Override
            public void close() {
            }
        });
        return out;
    }

    @Test
    void parsesNormalRecord() {
        List<GpsEvent> r = parse("{\\"driver_id\\":10086,\\"city_id\\":571,\\"lng\\":120.2155,\\"lat\\":30.2912,"
                + "\\"status\\":1,\\"report_time\\":1788926400000}");
        assertEquals(1, r.size());
        assertEquals(10086L, r.get(0).driverId);
        assertEquals(571, r.get(0).cityId);
        assertEquals(1788926400000L, r.get(0).reportTime);
    }

    @Test
    void dropsBrokenRecord() {
        assertTrue(parse("{\\"driver_id\\":\\"abc\\"}").isEmpty());
    }
}
"""

OW_JOB_TXT = """package com.kuaida.rt.jobs.orderwide;

import com.kuaida.rt.common.config.JobConfig;
import com.kuaida.rt.common.kafka.KafkaSinks;
import com.kuaida.rt.common.kafka.KafkaSources;
import com.kuaida.rt.common.starrocks.StarRocksSinks;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** 订单事件 + 派单事件 -> 订单宽表 dwd_order_wide（StarRocks）和 dwd_order_wide（Kafka，下游风控/调价用） */
public class OrderWideJob {

    public static void main(String[] args) throws Exception {
        JobConfig conf = JobConfig.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(60_000L);

        DataStream<OrderEvent> orders = env
                .fromSource(KafkaSources.strings(conf, "ods_order_event", "order-wide"),
                        WatermarkStrategy.noWatermarks(), "ods_order_event")
                .uid("src-ods-order-event")
                .map(OrderEvent::parse)
                .uid("parse-order-event")
                .name("parse-order-event")
                .filter(e -> e != null)
                .uid("filter-null-order")
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<OrderEvent>forBoundedOutOfOrderness(Duration.ofSeconds(10))
                                .withTimestampAssigner((e, ts) -> e.eventTimeMs)
                                .withIdleness(Duration.ofMinutes(1)))
                .uid("wm-order-event");

        DataStream<DispatchEvent> dispatch = env
                .fromSource(KafkaSources.strings(conf, "ods_dispatch_event", "order-wide"),
                        WatermarkStrategy.noWatermarks(), "ods_dispatch_event")
                .uid("src-ods-dispatch-event")
                .map(DispatchEvent::parse)
                .uid("parse-dispatch-event")
                .name("parse-dispatch-event")
                .filter(e -> e != null)
                .uid("filter-null-dispatch");

        DataStream<OrderWide> wide = orders.keyBy(e -> e.orderId)
                .connect(dispatch.keyBy(e -> e.orderId))
                .process(new OrderWideJoinFunction(Duration.ofHours(2)))
                .uid("order-dispatch-join")
                .name("order-dispatch-join");

        DataStream<OrderWide> enriched = AsyncDataStream
                .unorderedWait(wide, new DriverDimLookup(conf), 500, TimeUnit.MILLISECONDS, 200)
                .uid("dim-lookup-driver")
                .name("dim-lookup-driver");

        enriched.map(OrderWide::toJson)
                .uid("order-wide-json")
                .addSink(StarRocksSinks.json(conf, "dwd", "dwd_order_wide"))
                .uid("sink-sr-order-wide")
                .name("sink-sr-order-wide");

        enriched.map(OrderWide::toJson)
                .uid("order-wide-json-kafka")
                .sinkTo(KafkaSinks.strings(conf, "dwd_order_wide"))
                .uid("sink-kafka-order-wide")
                .name("sink-kafka-order-wide");

        env.execute("order-wide");
    }
}
"""

SURGE_JOB_TXT = """package com.kuaida.rt.jobs.surge;

import com.kuaida.rt.common.config.JobConfig;
import com.kuaida.rt.common.kafka.KafkaSinks;
import com.kuaida.rt.common.kafka.KafkaSources;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;

import java.time.Duration;

/** 动态调价信号：按城市 1 分钟下单量，写 Kafka dws_surge_signal，调价服务消费 */
public class SurgeSignalJob {

    public static void main(String[] args) throws Exception {
        JobConfig conf = JobConfig.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(30_000L);

        DataStream<OrderEvent> created = env
                .fromSource(KafkaSources.strings(conf, "ods_order_event", "surge-pricing-signal"),
                        WatermarkStrategy.noWatermarks(), "ods_order_event")
                .uid("src-ods-order-event")
                .map(OrderEvent::parse)
                .uid("parse-order-event")
                .name("parse-order-event")
                .filter(e -> e != null && e.isCreated())
                .uid("filter-created")
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<OrderEvent>forBoundedOutOfOrderness(Duration.ofSeconds(10))
                                .withTimestampAssigner((e, ts) -> e.createTimeMs)
                                .withIdleness(Duration.ofMinutes(1)))
                .uid("wm-order-event");

        created.keyBy(e -> e.cityId)
                .window(TumblingEventTimeWindows.of(Time.minutes(1)))
                .aggregate(new CountAgg<>(), new CitySignalWindowFunction())
                .uid("city-1m-signal")
                .name("city-1m-signal")
                .map(SurgeSignal::toJson)
                .uid("city-signal-json")
                .sinkTo(KafkaSinks.strings(conf, "dws_surge_signal"))
                .uid("sink-dws-surge-signal")
                .name("sink-dws-surge-signal");

        env.execute("surge-pricing-signal");
    }
}
"""

SQL_SCRIPT_TXT = """package com.kuaida.rt.common.sql;

import com.kuaida.rt.common.config.JobConfig;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** 从 classpath 加载 .sql，替换 ${key}（取 JobConfig），按分号切成语句。注释行（--）会被去掉。 */
public final class SqlScript {

    private SqlScript() {
    }

    public static List<String> load(String resource, JobConfig conf) {
        String text;
        try (InputStream in = SqlScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("sql resource not found: " + resource);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("read " + resource, e);
        }
        for (Map.Entry<String, String> kv : conf.asMap().entrySet()) {
            text = text.replace("${" + kv.getKey() + "}", kv.getValue());
        }
        List<String> stmts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : text.split("\\n")) {
            if (line.trim().startsWith("--")) {
                continue;
            }
            cur.append(line).append('\\n');
            if (line.trim().endsWith(";")) {
                String s = cur.toString().trim();
                stmts.add(s.substring(0, s.length() - 1));
                cur.setLength(0);
            }
        }
        return stmts;
    }
}
"""

GEO_UTIL_TXT = """package com.kuaida.rt.common.geo;

import ch.hsr.geohash.GeoHash;

public final class GeoUtil {

    private GeoUtil() {
    }

    /** 6 位 geohash（约 1.2km x 0.6km）。注意参数顺序：先纬度后经度。 */
    public static String geohash6(double lat, double lng) {
        return GeoHash.withCharacterPrecision(lat, lng, 6).toBase32();
    }

    /** 城市中心点附近判断用，粗略距离（米）。 */
    public static double roughDistanceMeters(double lat1, double lng1, double lat2, double lng2) {
        double dx = (lng1 - lng2) * 111_320 * Math.cos(Math.toRadians((lat1 + lat2) / 2));
        double dy = (lat1 - lat2) * 110_540;
        return Math.sqrt(dx * dx + dy * dy);
    }
}
"""

DEV_PROPS_TXT = f"""# dev：测试 Kafka + StarRocks *_dev 库
kafka.bootstrap={KAFKA_TEST}
starrocks.jdbc=jdbc:mysql://sr-fe-01.bd.kuaida.internal:9030
starrocks.load=sr-fe-01.bd.kuaida.internal:8030;sr-fe-02.bd.kuaida.internal:8030
starrocks.user=rt_dev
starrocks.password=${{SR_DEV_PASSWORD}}
starrocks.db.suffix=_dev
"""


def k8s_yaml(name, image, main_class, parallelism, tm_mem="4096m", extra_job=""):
    return f"""apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: {name}
  namespace: rt-jobs
  labels:
    team: rt
spec:
  image: {image}
  flinkVersion: v1_18
  serviceAccount: flink
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "2"
    state.backend.type: rocksdb
    state.backend.incremental: "true"
    state.checkpoints.dir: hdfs://hzbd/flink/checkpoints-k8s/{name}
    state.savepoints.dir: hdfs://hzbd/flink/savepoints-k8s/{name}
    execution.checkpointing.interval: "60s"
    execution.checkpointing.externalized-checkpoint-retention: RETAIN_ON_CANCELLATION
    high-availability.type: kubernetes
    high-availability.storageDir: hdfs://hzbd/flink/ha-k8s/{name}
    kubernetes.operator.savepoint.history.max.count: "5"
    metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory
  podTemplate:
    spec:
      containers:
        - name: flink-main-container
          envFrom:
            - secretRef:
                name: rt-job-secrets
          volumeMounts:
            - name: hadoop-conf
              mountPath: /opt/hadoop/conf
      volumes:
        - name: hadoop-conf
          configMap:
            name: hadoop-conf-hzbd
  jobManager:
    resource:
      memory: "2048m"
      cpu: 1
  taskManager:
    resource:
      memory: "{tm_mem}"
      cpu: 2
  job:
    jarURI: local:///opt/flink/usrlib/{name}.jar
    entryClass: {main_class}
    args: ["--env", "prod"]
    parallelism: {parallelism}
    upgradeMode: savepoint
    state: running{extra_job}
"""


K8S_DO_TXT = k8s_yaml("driver-online", f"{HARBOR}/driver-online:2.5.2",
                      "com.kuaida.rt.jobs.driveronline.DriverOnlineJob", 4)
K8S_SURGE_TXT = k8s_yaml("surge-pricing-signal", f"{HARBOR}/surge-pricing-signal:2.5.0",
                         "com.kuaida.rt.jobs.surge.SurgeSignalJob", 6)

GRAFANA_LAG_TXT = """{
  "apiVersion": 1,
  "groups": [
    {
      "orgId": 1,
      "name": "rt-kafka-lag",
      "folder": "实时平台",
      "interval": "1m",
      "rules": [
        {
          "uid": "rt-kafka-lag-flink",
          "title": "KafkaConsumerGroupLag",
          "condition": "C",
          "data": [
            {
              "refId": "A",
              "relativeTimeRange": { "from": 600, "to": 0 },
              "datasourceUid": "prometheus-bd",
              "model": {
                "expr": "sum by (consumergroup, topic) (kafka_consumergroup_lag{consumergroup=~\\"driver-online|order-wide|surge-pricing-signal|dws-.*\\"})",
                "refId": "A"
              }
            },
            {
              "refId": "C",
              "datasourceUid": "__expr__",
              "model": {
                "type": "threshold",
                "expression": "A",
                "conditions": [ { "evaluator": { "type": "gt", "params": [500000] } } ],
                "refId": "C"
              }
            }
          ],
          "for": "10m",
          "labels": { "team": "rt", "severity": "warning" },
          "annotations": { "summary": "group={{ $labels.consumergroup }} topic={{ $labels.topic }} lag={{ $values.A }}" },
          "noDataState": "OK",
          "execErrState": "Error"
        }
      ]
    }
  ]
}
"""

SQL_INIT_TXT = f"""-- sql-client 连 dev session 集群，结果直接打在终端
SET 'execution.target' = 'remote';
SET 'rest.address' = 'flink-session-dev.rt-dev.k8s.kuaida.internal';
SET 'rest.port' = '80';
SET 'sql-client.execution.result-mode' = 'tableau';
SET 'table.local-time-zone' = 'Asia/Shanghai';
ADD JAR '/home/zhouqh/jars/flink-sql-connector-kafka-3.2.0-1.18.jar';
ADD JAR '/home/zhouqh/jars/flink-connector-starrocks-1.2.9_flink-1.18.jar';
"""

FILES = {
    PARENT_POM: PARENT_POM_TXT,
    README: README_TXT,
    YARN_DOC: YARN_DOC_TXT,
    DO_POM: DO_POM_TXT,
    DO_JOB: DO_JOB_TXT,
    DO_PARSER: DO_PARSER_TXT,
    DO_PARSER_TEST: DO_PARSER_TEST_TXT,
    OW_POM: OW_POM_TXT,
    OW_JOB: OW_JOB_TXT,
    SURGE_JOB: SURGE_JOB_TXT,
    SQL_SCRIPT: SQL_SCRIPT_TXT,
    GEO_UTIL: GEO_UTIL_TXT,
    DEV_PROPS: DEV_PROPS_TXT,
    K8S_DO: K8S_DO_TXT,
    K8S_SURGE: K8S_SURGE_TXT,
    GRAFANA_LAG: GRAFANA_LAG_TXT,
    SQL_INIT: SQL_INIT_TXT,
}


# ------------------------------------------------------------------ files written during the month
GMV_POM = P("jobs/dws-city-gmv/pom.xml")
GMV_JOB = P("jobs/dws-city-gmv/src/main/java/com/kuaida/rt/jobs/citygmv/CityGmvJob.java")
GMV_SQL = P("jobs/dws-city-gmv/src/main/resources/sql/city_gmv.sql")
GMV_DEV = P("jobs/dws-city-gmv/src/main/resources/conf/dev.properties")
GMV_JAR = P(f"jobs/dws-city-gmv/target/dws-city-gmv-{VER}.jar")

GMV_POM_TXT = job_pom("dws-city-gmv", [D_COMMON, D_BRIDGE, D_SR, D_KAFKA], "com.kuaida.rt.jobs.citygmv.CityGmvJob")

GMV_JOB_TXT = """package com.kuaida.rt.jobs.citygmv;

import com.kuaida.rt.common.config.JobConfig;
import com.kuaida.rt.common.sql.SqlScript;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/** 城市 5 分钟支付单量 / GMV：Kafka ods_order_event -> StarRocks dws.dws_city_gmv_5m（纯 SQL，见 resources/sql/city_gmv.sql） */
public class CityGmvJob {

    public static void main(String[] args) throws Exception {
        JobConfig conf = JobConfig.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(60_000L);

        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.getConfig().set("pipeline.name", "dws-city-gmv");
        tEnv.getConfig().set("table.local-time-zone", "Asia/Shanghai");

        StatementSet inserts = tEnv.createStatementSet();
        for (String stmt : SqlScript.load("/sql/city_gmv.sql", conf)) {
            if (stmt.regionMatches(true, 0, "INSERT", 0, 6)) {
                inserts.addInsertSql(stmt);
            } else {
                tEnv.executeSql(stmt);
            }
        }
        inserts.execute();
    }
}
"""

GMV_SQL_TXT = """-- 城市 5 分钟支付单量 / GMV
CREATE TABLE ods_order_event (
  order_id     BIGINT,
  city_id      INT,
  event_type   STRING,
  pay_amount   DECIMAL(12, 2),
  event_time   TIMESTAMP_LTZ(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '10' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'ods_order_event',
  'properties.bootstrap.servers' = '${kafka.bootstrap}',
  'properties.group.id' = 'dws-city-gmv',
  'properties.auto.offset.reset' = 'latest',
  'scan.startup.mode' = 'group-offsets',
  'format' = 'json',
  'json.ignore-parse-errors' = 'true'
);

CREATE TABLE sr_dws_city_gmv_5m (
  city_id       INT,
  window_start  TIMESTAMP(3),
  window_end    TIMESTAMP(3),
  paid_orders   BIGINT,
  gmv           DECIMAL(16, 2),
  PRIMARY KEY (city_id, window_start) NOT ENFORCED
) WITH (
  'connector' = 'starrocks',
  'jdbc-url' = '${starrocks.jdbc}',
  'load-url' = '${starrocks.load}',
  'database-name' = 'dws${starrocks.db.suffix}',
  'table-name' = 'dws_city_gmv_5m',
  'username' = '${starrocks.user}',
  'password' = '${starrocks.password}',
  'sink.properties.format' = 'json',
  'sink.properties.strip_outer_array' = 'true'
);

INSERT INTO sr_dws_city_gmv_5m
SELECT city_id, window_start, window_end, COUNT(*) AS paid_orders, SUM(pay_amount) AS gmv
FROM TABLE(TUMBLE(TABLE ods_order_event, DESCRIPTOR(event_time), INTERVAL '5' MINUTES))
WHERE event_type = 'PAID'
GROUP BY city_id, window_start, window_end;
"""

HEAT_POM = P("jobs/driver-heatmap/pom.xml")
HEAT_JOB = P("jobs/driver-heatmap/src/main/java/com/kuaida/rt/jobs/driverheatmap/DriverHeatmapJob.java")
HEAT_DEV = P("jobs/driver-heatmap/src/main/resources/conf/dev.properties")
HEAT_JAR = P(f"jobs/driver-heatmap/target/driver-heatmap-{VER}.jar")
D_FASTJSON = dep("com.alibaba.fastjson2", "fastjson2")
D_JACKSON = dep("com.fasterxml.jackson.core", "jackson-databind")
HEAT_POM_TXT = job_pom("driver-heatmap", [D_COMMON, D_STREAM, D_BRIDGE, D_KAFKA, D_SR, D_FASTJSON, D_GEO, D_TEST],
                       "com.kuaida.rt.jobs.driverheatmap.DriverHeatmapJob")

HEAT_JOB_TXT = """package com.kuaida.rt.jobs.driverheatmap;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.kuaida.rt.common.config.JobConfig;
import com.kuaida.rt.common.geo.GeoUtil;
import com.kuaida.rt.common.kafka.KafkaSources;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.util.Collector;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Set;

/** 空闲司机热力：ods_driver_gps（status=1）-> geohash6 每分钟去重司机数 -> StarRocks ads.ads_driver_heat_1m */
public class DriverHeatmapJob {

    private static final ZoneId TZ = ZoneId.of("Asia/Shanghai");

    public static void main(String[] args) throws Exception {
        JobConfig conf = JobConfig.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(60_000L);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);

        DataStream<HeatCell> heat = env
                .fromSource(KafkaSources.strings(conf, "ods_driver_gps", "driver-heatmap"),
                        WatermarkStrategy.noWatermarks(), "ods_driver_gps")
                .uid("src-ods-driver-gps")
                .flatMap(new IdleDriverParser())
                .uid("parse-idle-driver")
                .name("parse-idle-driver")
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<IdleDriver>forBoundedOutOfOrderness(Duration.ofSeconds(15))
                                .withTimestampAssigner((d, ts) -> d.reportTime)
                                .withIdleness(Duration.ofMinutes(1)))
                .uid("wm-idle-driver")
                .keyBy(d -> d.geohash6)
                .window(TumblingEventTimeWindows.of(Time.minutes(1)))
                .aggregate(new DistinctDriverAgg(), new HeatCellWindowFunction())
                .uid("geo6-1m-idle-drivers")
                .name("geo6-1m-idle-drivers");

        tEnv.executeSql(String.join("\\n",
                "CREATE TABLE sr_driver_heat (",
                "  geohash6 STRING,",
                "  window_start TIMESTAMP(3),",
                "  city_id INT,",
                "  idle_drivers BIGINT,",
                "  PRIMARY KEY (geohash6, window_start) NOT ENFORCED",
                ") WITH (",
                "  'connector' = 'starrocks',",
                "  'jdbc-url' = '" + conf.get("starrocks.jdbc") + "',",
                "  'load-url' = '" + conf.get("starrocks.load") + "',",
                "  'database-name' = 'ads" + conf.get("starrocks.db.suffix", "") + "',",
                "  'table-name' = 'ads_driver_heat_1m',",
                "  'username' = '" + conf.get("starrocks.user") + "',",
                "  'password' = '" + conf.get("starrocks.password") + "',",
                "  'sink.properties.format' = 'json',",
                "  'sink.properties.strip_outer_array' = 'true'",
                ")"));

        tEnv.fromDataStream(heat).executeInsert("sr_driver_heat");
    }

    /** 只保留空闲（status=1）的上报 */
    public static class IdleDriverParser implements FlatMapFunction<String, IdleDriver> {
        @Override
        public void flatMap(String value, Collector<IdleDriver> out) {
            try {
                JSONObject o = JSON.parseObject(value);
                if (o == null || o.getIntValue("status") != 1) {
                    return;
                }
                IdleDriver d = new IdleDriver();
                d.driverId = o.getLongValue("driver_id");
                d.cityId = o.getIntValue("city_id");
                d.geohash6 = GeoUtil.geohash6(o.getDoubleValue("lat"), o.getDoubleValue("lng"));
                d.reportTime = o.getLongValue("report_time");
                out.collect(d);
            } catch (JSONException | IllegalArgumentException ignored) {
                // 脏数据直接丢，driver-online 那边有计数
            }
        }
    }

    public static class IdleDriver {
        public long driverId;
        public int cityId;
        public String geohash6;
        public long reportTime;
    }

    public static class HeatCell {
        public String geohash6;
        public LocalDateTime windowStart;
        public int cityId;
        public long idleDrivers;
    }

    public static class DistinctDriverAgg implements AggregateFunction<IdleDriver, Set<Long>, Set<Long>> {
        @Override public Set<Long> createAccumulator() { return new HashSet<>(); }
        @Override public Set<Long> add(IdleDriver d, Set<Long> acc) { acc.add(d.driverId); return acc; }
        @Override public Set<Long> getResult(Set<Long> acc) { return acc; }
        @Override public Set<Long> merge(Set<Long> a, Set<Long> b) { a.addAll(b); return a; }
    }

    public static class HeatCellWindowFunction extends ProcessWindowFunction<Set<Long>, HeatCell, String, TimeWindow> {
        @Override
        public void process(String geohash6, Context ctx, Iterable<Set<Long>> in, Collector<HeatCell> out) {
            Set<Long> drivers = in.iterator().next();
            HeatCell c = new HeatCell();
            c.geohash6 = geohash6;
            c.windowStart = LocalDateTime.ofInstant(Instant.ofEpochMilli(ctx.window().getStart()), TZ);
            c.cityId = 0;
            c.idleDrivers = drivers.size();
            out.collect(c);
        }
    }
}
"""

CDC_POM = P("jobs/dim-driver-cdc/pom.xml")
CDC_JOB = P("jobs/dim-driver-cdc/src/main/java/com/kuaida/rt/jobs/dimdriver/DimDriverCdcJob.java")
CDC_SQL = P("jobs/dim-driver-cdc/src/main/resources/sql/dim_driver_cdc.sql")
CDC_DEV = P("jobs/dim-driver-cdc/src/main/resources/conf/dev.properties")
CDC_JAR = P(f"jobs/dim-driver-cdc/target/dim-driver-cdc-{VER}.jar")
CDC_POM_TXT = job_pom("dim-driver-cdc", [D_COMMON, D_BRIDGE, D_CDC, D_KAFKA], "com.kuaida.rt.jobs.dimdriver.DimDriverCdcJob")

CDC_JOB_TXT = """package com.kuaida.rt.jobs.dimdriver;

import com.kuaida.rt.common.config.JobConfig;
import com.kuaida.rt.common.sql.SqlScript;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/** 司机维表 CDC：MySQL driver_center.driver_info -> upsert-kafka dim_driver_info（key = driver_id） */
public class DimDriverCdcJob {

    public static void main(String[] args) throws Exception {
        JobConfig conf = JobConfig.fromArgs(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.enableCheckpointing(60_000L);

        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.getConfig().set("pipeline.name", "dim-driver-cdc");
        tEnv.getConfig().set("table.local-time-zone", "Asia/Shanghai");

        StatementSet inserts = tEnv.createStatementSet();
        for (String stmt : SqlScript.load("/sql/dim_driver_cdc.sql", conf)) {
            if (stmt.regionMatches(true, 0, "INSERT", 0, 6)) {
                inserts.addInsertSql(stmt);
            } else {
                tEnv.executeSql(stmt);
            }
        }
        inserts.execute();
    }
}
"""

CDC_SQL_TXT = """-- 司机维表 CDC
CREATE TABLE driver_info_src (
  driver_id      BIGINT,
  city_id        INT,
  driver_level   INT,
  car_type       STRING,
  service_status INT,
  updated_at     TIMESTAMP(3),
  PRIMARY KEY (driver_id) NOT ENFORCED
) WITH (
  'connector' = 'mysql-cdc',
  'hostname' = '${mysql.driver.host}',
  'port' = '3306',
  'username' = '${mysql.driver.user}',
  'password' = '${mysql.driver.password}',
  'database-name' = 'driver_center',
  'table-name' = 'driver_info',
  'server-id' = '${mysql.driver.server-id}',
  'server-time-zone' = 'Asia/Shanghai',
  'scan.incremental.snapshot.chunk.size' = '8096'
);

CREATE TABLE dim_driver_info (
  driver_id      BIGINT,
  city_id        INT,
  driver_level   INT,
  car_type       STRING,
  service_status INT,
  updated_at     TIMESTAMP(3),
  PRIMARY KEY (driver_id) NOT ENFORCED
) WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'dim_driver_info',
  'properties.bootstrap.servers' = '${kafka.bootstrap}',
  'key.format' = 'json',
  'value.format' = 'json'
);

INSERT INTO dim_driver_info SELECT * FROM driver_info_src;
"""

SURGE_TEST = P("jobs/surge-pricing-signal/src/test/java/com/kuaida/rt/jobs/surge/GeoSignalWindowTest.java")
SURGE_GEO_FN = P("jobs/surge-pricing-signal/src/main/java/com/kuaida/rt/jobs/surge/GeoSignalWindowFunction.java")
SURGE_GEO_SIG = P("jobs/surge-pricing-signal/src/main/java/com/kuaida/rt/jobs/surge/GeoSignal.java")
OW_TIMEOUT = P("jobs/order-wide/src/main/java/com/kuaida/rt/jobs/orderwide/DispatchTimeoutFunction.java")
OW_TIMEOUT_TEST = P("jobs/order-wide/src/test/java/com/kuaida/rt/jobs/orderwide/DispatchTimeoutFunctionTest.java")
RUNBOOK = P("docs/runbook/yarn-to-k8s.md")
ADHOC_SQL = P("sql/adhoc/gmv_check_0922.sql")


def dev_props(extra=""):
    return DEV_PROPS_TXT + extra


# ------------------------------------------------------------------ sessions
def s1(d):
    with d.session("2026-09-07T02:05:00", R, branch="master", version="2.1.118"):
        t = d.task("我刚从离线数仓组转过来接实时这摊，先带我过一遍 rt-flink-jobs：有哪些作业、各自跑在 YARN 还是 K8s、"
                   "公共代码放哪、平时怎么发布", tags=["noise"])
        t.read(README)
        t.glob("jobs/*/pom.xml", [P("jobs/coupon-risk-cep/pom.xml"), DO_POM, P("jobs/order-status-sync/pom.xml"), OW_POM,
                                  P("jobs/surge-pricing-signal/pom.xml"), P("jobs/trip-eta-feature/pom.xml")], path=R)
        t.glob("deploy/**/*", [GRAFANA_LAG, K8S_DO, P("deploy/k8s/order-wide.yaml"), K8S_SURGE], path=R)
        t.read(YARN_DOC)
        t.read(DO_JOB)
        t.grep("class \\w+ implements|public static \\w+ (strings|json)\\(", path=P("rt-common/src/main/java"),
               output_mode="content", n=True,
               content="rt-common/src/main/java/com/kuaida/rt/common/kafka/KafkaSources.java:21:    public static KafkaSource<String> strings(JobConfig conf, String topic, String groupId) {\n"
                       "rt-common/src/main/java/com/kuaida/rt/common/kafka/KafkaSinks.java:18:    public static KafkaSink<String> strings(JobConfig conf, String topic) {\n"
                       "rt-common/src/main/java/com/kuaida/rt/common/starrocks/StarRocksSinks.java:24:    public static SinkFunction<String> json(JobConfig conf, String db, String table) {")
        t.done("""整体情况：

**作业（`jobs/`，6 个，全是 DataStream API）**

| 作业 | 干什么 | 跑在哪 |
|---|---|---|
| order-wide | 订单 + 派单事件 join，查司机维度，写 StarRocks `dwd_order_wide` 和 Kafka | K8s |
| driver-online | GPS 上报 → 在线会话（5 分钟无上报算下线）→ StarRocks | K8s |
| surge-pricing-signal | 城市 1 分钟下单量 → Kafka `dws_surge_signal`，调价服务消费 | K8s |
| trip-eta-feature | 行程 ETA 实时特征 | YARN（计划迁 K8s） |
| order-status-sync | 订单状态同步 | YARN |
| coupon-risk-cep | 优惠券风控 CEP | YARN |

**公共代码 `rt-common/`**：`KafkaSources.strings(conf, topic, groupId)`、`KafkaSinks.strings`、`StarRocksSinks.json(conf, db, table)`，
`JobConfig`（`--env dev|prod` 读 `conf/<env>.properties`），`SqlScript`（加载 resources 里的 SQL），`GeoUtil`。
作业里每个算子都显式 `.uid(...)`，savepoint 升级靠这个。

**发布**
- K8s：`deploy/k8s/<job>.yaml` 是 FlinkDeployment（operator 1.9，`upgradeMode: savepoint`）。合并到 master 后 CI 出镜像 `harbor.kuaida-inc.com/rt/<job>:<version>`，改 yaml 里的 image 再 `kubectl apply`，operator 自动做 savepoint → 升级
- YARN：在 `bd-gw-03` 上用 `/opt/flink-1.18.1` 的客户端 `flink run-application -t yarn-application`，jar 放 HDFS，checkpoint/savepoint 在 `hdfs://hzbd/flink/...`，集群没有默认 savepoint 目录，停作业要显式给 `--savepointPath`
- dev：`rt-dev` 里有个 session 集群 `flink-session-dev`，本地 `flink run -m flink-session-dev.rt-dev.k8s.kuaida.internal:80 -d ...` 冒烟

告警规则在 `deploy/grafana/alerts/`，由 SRE 的 CI 同步到 Grafana。""")

        t = d.task("新建一个作业 jobs/dws-city-gmv：纯 Flink SQL，从 kafka 的 ods_order_event 读，按城市 5 分钟滚动窗口算支付单量和 GMV，"
                   "写 StarRocks 的 dws.dws_city_gmv_5m（表我建好了，主键 city_id + window_start）。SQL 放 resources 里用 SqlScript 加载。"
                   "写完打包扔 dev session 集群上跑一下", tags=["mistake:M1"])
        t.read(PARENT_POM)
        t.read(DO_POM)
        t.read(SQL_SCRIPT)
        t.read(DEV_PROPS)
        t.say("结构照 driver-online 来：pom 继承父工程、shade 打 fat jar；作业类只负责建 TableEnvironment，SQL 全在 `city_gmv.sql` 里。")
        t.write(GMV_POM, GMV_POM_TXT)
        t.write(GMV_JOB, GMV_JOB_TXT)
        t.write(GMV_SQL, GMV_SQL_TXT)
        t.write(GMV_DEV, DEV_PROPS_TXT)
        t.edit(PARENT_POM, "    <module>jobs/coupon-risk-cep</module>\n  </modules>",
               "    <module>jobs/coupon-risk-cep</module>\n    <module>jobs/dws-city-gmv</module>\n  </modules>")
        t.bash("mvn -pl jobs/dws-city-gmv -am package -DskipTests", "打包 dws-city-gmv",
               out=mvn_ok([("rt-flink-jobs", "pom"), ("rt-common", "jar"), ("dws-city-gmv", "jar")], [0.212, 3.871, 5.304],
                          "2026-09-07T10:48:21+08:00",
                          body_lines=[
                              "[INFO] -----------------------< com.kuaida.rt:dws-city-gmv >-----------------------",
                              f"[INFO] Building dws-city-gmv {VER}                                   [3/3]",
                              "[INFO]   from jobs/dws-city-gmv/pom.xml",
                              "[INFO] --------------------------------[ jar ]---------------------------------",
                              "[INFO] --- resources:3.3.1:resources (default-resources) @ dws-city-gmv ---",
                              "[INFO] Copying 2 resources from src/main/resources to target/classes",
                              "[INFO] --- compiler:3.11.0:compile (default-compile) @ dws-city-gmv ---",
                              "[INFO] Changes detected - recompiling the module! :dependency",
                              "[INFO] Compiling 1 source file with javac [debug release 17] to target/classes",
                              "[INFO] --- jar:3.3.0:jar (default-jar) @ dws-city-gmv ---",
                              f"[INFO] Building jar: {GMV_JAR}",
                              "[INFO] --- shade:3.5.1:shade (default) @ dws-city-gmv ---",
                              f"[INFO] Including com.kuaida.rt:rt-common:jar:{VER} in the shaded jar.",
                              "[INFO] Including com.starrocks:flink-connector-starrocks:jar:1.2.9_flink-1.18 in the shaded jar.",
                              "[INFO] Including org.apache.flink:flink-connector-kafka:jar:3.2.0-1.18 in the shaded jar.",
                              "[INFO] Including org.apache.kafka:kafka-clients:jar:3.4.0 in the shaded jar.",
                              "[INFO] Including com.github.luben:zstd-jni:jar:1.5.2-1 in the shaded jar.",
                              "[INFO] Including org.lz4:lz4-java:jar:1.8.0 in the shaded jar.",
                              "[INFO] Including org.xerial.snappy:snappy-java:jar:1.1.10.4 in the shaded jar.",
                          ],
                          warn_shade=("flink-connector-kafka-3.2.0-1.18.jar", "flink-connector-starrocks-1.2.9_flink-1.18.jar"),
                          jar=GMV_JAR), timeout=600000)
        run_gmv = (f"flink run -m {DEV_SESSION} -d -c com.kuaida.rt.jobs.citygmv.CityGmvJob "
                   f"jobs/dws-city-gmv/target/dws-city-gmv-{VER}.jar --env dev")
        t.fail(run_gmv, "提交到 dev session 集群",
               factory_missing("source", "ods_order_event",
                               {"connector": "kafka", "topic": "ods_order_event", "properties.bootstrap.servers": KAFKA_TEST,
                                "properties.group.id": "dws-city-gmv", "properties.auto.offset.reset": "latest",
                                "scan.startup.mode": "group-offsets", "format": "json", "json.ignore-parse-errors": "true"},
                               "kafka", ["blackhole", "datagen", "filesystem", "print", "starrocks"],
                               "	at org.apache.flink.table.api.internal.StatementSetImpl.addInsertSql(StatementSetImpl.java:59)\n"
                               "	at com.kuaida.rt.jobs.citygmv.CityGmvJob.main(CityGmvJob.java:24)"))
        t.say("kafka 连接器其实打进 jar 了，但可用 identifier 里只有 starrocks——打包时 shade 就警告过：两个连接器都带 "
              "`META-INF/services/org.apache.flink.table.factories.Factory`，shade 默认只留第一个（starrocks 的），kafka 的工厂注册被覆盖掉了。"
              "给 shade 加 `ServicesResourceTransformer` 把 SPI 文件合并：")
        t.edit(GMV_POM, """                  <mainClass>com.kuaida.rt.jobs.citygmv.CityGmvJob</mainClass>
                </transformer>""", """                  <mainClass>com.kuaida.rt.jobs.citygmv.CityGmvJob</mainClass>
                </transformer>
                <transformer implementation="org.apache.maven.plugins.shade.resource.ServicesResourceTransformer"/>""")
        t.bash("mvn -q -pl jobs/dws-city-gmv -am package -DskipTests", "重新打包", timeout=600000)
        t.bash(f"unzip -p jobs/dws-city-gmv/target/dws-city-gmv-{VER}.jar META-INF/services/org.apache.flink.table.factories.Factory",
               "确认 SPI 文件已合并",
               out="""com.starrocks.connector.flink.table.source.StarRocksDynamicTableSourceFactory
com.starrocks.connector.flink.table.sink.StarRocksDynamicTableSinkFactory
com.starrocks.connector.flink.catalog.StarRocksCatalogFactory
org.apache.flink.streaming.connectors.kafka.table.KafkaDynamicTableFactory
org.apache.flink.streaming.connectors.kafka.table.UpsertKafkaDynamicTableFactory""")
        jid = hx(32)
        t.bash(run_gmv, "再次提交到 dev session 集群", out=f"Job has been submitted with JobID {jid}")
        t.bash(f"sleep 20 && curl -s {DEV_REST}/jobs/{jid} | jq '{{name, state, vertices: [.vertices[] | {{name, parallelism, status}}]}}'",
               "看作业状态",
               out=f"""{{
  "name": "dws-city-gmv",
  "state": "RUNNING",
  "vertices": [
    {{
      "name": "Source: ods_order_event[1] -> Calc[2]",
      "parallelism": 2,
      "status": "RUNNING"
    }},
    {{
      "name": "WindowAggregate[4] -> Calc[5] -> ConstraintEnforcer[6] -> Sink: sr_dws_city_gmv_5m[6]",
      "parallelism": 2,
      "status": "RUNNING"
    }}
  ]
}}""")
        t.done(f"""`jobs/dws-city-gmv` 建好了，dev session 集群上已经在跑（JobID `{jid}`，RUNNING）。

- `city_gmv.sql`：Kafka 源表（`event_time` 上 10 秒 watermark）→ `TUMBLE` 5 分钟窗口，`event_type = 'PAID'` 的单量和 `SUM(pay_amount)` → StarRocks sink（dev 环境写 `dws_dev`）
- `CityGmvJob` 用 `SqlScript` 加载，DDL 直接执行，INSERT 放进 StatementSet 一起提交
- 父 pom 的 `<modules>` 加了 `jobs/dws-city-gmv`

第一次提交失败：`Could not find any factory for identifier 'kafka'`。原因是 shade 合并 fat jar 时两个连接器的 `META-INF/services/...Factory` 冲突，只保留了 starrocks 的。
pom 的 shade 配置加了 `ServicesResourceTransformer`，重新打包后 SPI 文件里 kafka / upsert-kafka / starrocks 都在，再提交就正常了。

还差 `conf/prod.properties`，上 prod 前补上。""")

        t = d.task("顺便问下，Flink SQL 里老的 GROUP BY TUMBLE(...) 写法和 window TVF 有啥区别？新作业该用哪个", tags=["no_tools"])
        t.done("""新作业用 **window TVF**（`FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' MINUTES))` + `GROUP BY window_start, window_end`）。区别：

- **老写法** `GROUP BY TUMBLE(ts, INTERVAL ...)`（group window aggregation）：1.13 起就标记为 legacy，只支持 TUMBLE/HOP/SESSION，窗口起止要用 `TUMBLE_START()` 这类辅助函数取
- **window TVF**：窗口是表值函数，`window_start` / `window_end` / `window_time` 是普通列，可以接聚合、Top-N、窗口 join、窗口去重；多了 **CUMULATE** 窗口（比如"当天累计、每 5 分钟出一次"）
- 性能：TVF 窗口聚合默认开 mini-batch 时会做两阶段（Local/Global）+ 切片共享，HOP 窗口尤其省状态
- 1.18 里 SESSION 窗口的 TVF 还有限制（批上可用、流上要 1.19），session 窗口暂时还得用老写法

我们 `dws-city-gmv` 用的就是 TVF。""")

SURGE_GEO_SIG_TXT = """package com.kuaida.rt.jobs.surge;

/** geohash6 粒度的调价信号：滑动窗口结束时间 + 窗口内下单量 */
public class GeoSignal {
    public String geohash;
    public long windowEnd;
    public long orderCnt;

    public String toJson() {
        return "{\\"geohash\\":\\"" + geohash + "\\",\\"window_end\\":" + windowEnd + ",\\"order_cnt\\":" + orderCnt + "}";
    }
}
"""

SURGE_GEO_FN_TXT = """package com.kuaida.rt.jobs.surge;

import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/** CountAgg 的结果 + 窗口信息 -> GeoSignal */
public class GeoSignalWindowFunction extends ProcessWindowFunction<Long, GeoSignal, String, TimeWindow> {

    @Override
    public void process(String geohash, Context ctx, Iterable<Long> counts, Collector<GeoSignal> out) {
        GeoSignal s = new GeoSignal();
        s.geohash = geohash;
        s.windowEnd = ctx.window().getEnd();
        s.orderCnt = counts.iterator().next();
        out.collect(s);
    }
}
"""

SURGE_TEST_TXT = """package com.kuaida.rt.jobs.surge;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GeoSignalWindowTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1)
                    .setNumberSlotsPerTaskManager(2)
                    .build());

    private static OrderEvent created(long orderId, double lng, double lat, long createTimeMs) {
        OrderEvent e = new OrderEvent();
        e.orderId = orderId;
        e.cityId = 571;
        e.eventType = "CREATED";
        e.startLng = lng;
        e.startLat = lat;
        e.createTimeMs = createTimeMs;
        return e;
    }

    @Test
    void countsOrdersPerGeohash6InSlidingWindow() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        long t0 = 1788926400000L; // 2026-09-09 12:00:00 +08:00
        DataStream<OrderEvent> created = env
                .fromElements(
                        created(1, 120.2125, 30.2908, t0 + 10_000),   // 杭州东站附近，同一个 geohash6
                        created(2, 120.2131, 30.2902, t0 + 70_000),
                        created(3, 120.2155, 30.2912, t0 + 130_000),
                        created(4, 120.1551, 30.2741, t0 + 20_000))   // 武林广场
                .assignTimestampsAndWatermarks(WatermarkStrategy.<OrderEvent>forMonotonousTimestamps()
                        .withTimestampAssigner((e, ts) -> e.createTimeMs));

        Map<String, Long> maxPerGeo = new HashMap<>();
        SurgeSignalJob.buildGeoSignals(created).executeAndCollect()
                .forEachRemaining(s -> maxPerGeo.merge(s.geohash, s.orderCnt, Math::max));

        assertEquals(3L, maxPerGeo.get("wtmkrd"));
        assertEquals(1L, maxPerGeo.get("wtmknp"));
    }
}
"""

SURGE_VERIFY_HEAD = f"""[INFO] Scanning for projects...
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Build Order:
[INFO] 
[INFO] rt-flink-jobs                                                      [pom]
[INFO] rt-common                                                          [jar]
[INFO] surge-pricing-signal                                               [jar]
[INFO] 
[INFO] --------------------< com.kuaida.rt:rt-flink-jobs >---------------------
[INFO] Building rt-flink-jobs {VER}                                [1/3]
[INFO]   from pom.xml
[INFO] --------------------------------[ pom ]---------------------------------
[INFO] 
[INFO] ----------------------< com.kuaida.rt:rt-common >-----------------------
[INFO] Building rt-common {VER}                                    [2/3]
[INFO]   from rt-common/pom.xml
[INFO] --------------------------------[ jar ]---------------------------------
[INFO] --- compiler:3.11.0:compile (default-compile) @ rt-common ---
[INFO] Nothing to compile - all classes are up to date
[INFO] --- surefire:3.2.5:test (default-test) @ rt-common ---
[INFO] 
[INFO] -------------------------------------------------------
[INFO]  T E S T S
[INFO] -------------------------------------------------------
[INFO] Running com.kuaida.rt.common.sql.SqlScriptTest
[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.052 s -- in com.kuaida.rt.common.sql.SqlScriptTest
[INFO] Running com.kuaida.rt.common.geo.GeoUtilTest
[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.011 s -- in com.kuaida.rt.common.geo.GeoUtilTest
[INFO] 
[INFO] Results:
[INFO] 
[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0
[INFO] 
[INFO] --- jar:3.3.0:jar (default-jar) @ rt-common ---
[INFO] 
[INFO] ------------------< com.kuaida.rt:surge-pricing-signal >------------------
[INFO] Building surge-pricing-signal {VER}                         [3/3]
[INFO]   from jobs/surge-pricing-signal/pom.xml
[INFO] --------------------------------[ jar ]---------------------------------
[INFO] --- compiler:3.11.0:compile (default-compile) @ surge-pricing-signal ---
[INFO] Changes detected - recompiling the module! :source
[INFO] Compiling 9 source files with javac [debug release 17] to target/classes
[INFO] --- compiler:3.11.0:testCompile (default-testCompile) @ surge-pricing-signal ---
[INFO] Changes detected - recompiling the module! :dependency
[INFO] Compiling 3 source files with javac [debug release 17] to target/test-classes
[INFO] --- surefire:3.2.5:test (default-test) @ surge-pricing-signal ---
[INFO] 
[INFO] -------------------------------------------------------
[INFO]  T E S T S
[INFO] -------------------------------------------------------
[INFO] Running com.kuaida.rt.jobs.surge.OrderEventTest
[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.087 s -- in com.kuaida.rt.jobs.surge.OrderEventTest
[INFO] Running com.kuaida.rt.jobs.surge.CitySignalWindowFunctionTest
[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.412 s -- in com.kuaida.rt.jobs.surge.CitySignalWindowFunctionTest
[INFO] Running com.kuaida.rt.jobs.surge.GeoSignalWindowTest"""

SURGE_VERIFY_FAIL = SURGE_VERIFY_HEAD + f"""
[ERROR] Tests run: 1, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 4.118 s <<< FAILURE! -- in com.kuaida.rt.jobs.surge.GeoSignalWindowTest
[ERROR] com.kuaida.rt.jobs.surge.GeoSignalWindowTest.countsOrdersPerGeohash6InSlidingWindow -- Time elapsed: 3.902 s <<< ERROR!
java.lang.RuntimeException: Failed to fetch next result
	at org.apache.flink.streaming.api.operators.collect.CollectResultIterator.nextResultFromFetcher(CollectResultIterator.java:109)
	at org.apache.flink.streaming.api.operators.collect.CollectResultIterator.hasNext(CollectResultIterator.java:80)
	at java.base/java.util.Iterator.forEachRemaining(Iterator.java:132)
	at com.kuaida.rt.jobs.surge.GeoSignalWindowTest.countsOrdersPerGeohash6InSlidingWindow(GeoSignalWindowTest.java:52)
	at java.base/java.lang.reflect.Method.invoke(Method.java:568)
	at java.base/java.util.ArrayList.forEach(ArrayList.java:1511)
	at java.base/java.util.ArrayList.forEach(ArrayList.java:1511)
Caused by: java.io.IOException: Failed to fetch job execution result
	at org.apache.flink.streaming.api.operators.collect.CollectResultFetcher.getAccumulatorResults(CollectResultFetcher.java:187)
	at org.apache.flink.streaming.api.operators.collect.CollectResultFetcher.next(CollectResultFetcher.java:123)
	at org.apache.flink.streaming.api.operators.collect.CollectResultIterator.nextResultFromFetcher(CollectResultIterator.java:106)
	... 5 more
Caused by: java.util.concurrent.ExecutionException: org.apache.flink.runtime.client.JobExecutionException: Job execution failed.
	at java.base/java.util.concurrent.CompletableFuture.reportGet(CompletableFuture.java:396)
	at java.base/java.util.concurrent.CompletableFuture.get(CompletableFuture.java:2096)
	at org.apache.flink.streaming.api.operators.collect.CollectResultFetcher.getAccumulatorResults(CollectResultFetcher.java:185)
	... 7 more
Caused by: org.apache.flink.runtime.client.JobExecutionException: Job execution failed.
	at org.apache.flink.runtime.jobmaster.JobResult.toJobExecutionResult(JobResult.java:144)
	at org.apache.flink.runtime.minicluster.MiniClusterJobClient.lambda$getJobExecutionResult$3(MiniClusterJobClient.java:141)
	... 35 more
Caused by: org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy
	at org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler.handleFailure(ExecutionFailureHandler.java:176)
	at org.apache.flink.runtime.executiongraph.failover.flip1.ExecutionFailureHandler.getFailureHandlingResult(ExecutionFailureHandler.java:107)
	at org.apache.flink.runtime.scheduler.DefaultScheduler.recordTaskFailure(DefaultScheduler.java:285)
	... 44 more
Caused by: java.lang.IllegalArgumentException: The supplied coordinates (120.2125000,30.2908000) are out of range.
	at ch.hsr.geohash.WGS84Point.<init>(WGS84Point.java:31)
	at ch.hsr.geohash.GeoHash.<init>(GeoHash.java:199)
	at ch.hsr.geohash.GeoHash.withCharacterPrecision(GeoHash.java:68)
	at com.kuaida.rt.common.geo.GeoUtil.geohash6(GeoUtil.java:12)
	at com.kuaida.rt.jobs.surge.SurgeSignalJob.lambda$buildGeoSignals$6b1f0c2e$1(SurgeSignalJob.java:63)
	at org.apache.flink.streaming.api.operators.StreamMap.processElement(StreamMap.java:38)
	at org.apache.flink.streaming.runtime.tasks.OneInputStreamTask$StreamTaskNetworkOutput.emitRecord(OneInputStreamTask.java:237)
	at org.apache.flink.streaming.runtime.io.AbstractStreamTaskNetworkInput.processElement(AbstractStreamTaskNetworkInput.java:146)
	... 12 more

[INFO] 
[INFO] Results:
[INFO] 
[ERROR] Errors: 
[ERROR]   GeoSignalWindowTest.countsOrdersPerGeohash6InSlidingWindow:52 » Runtime Failed to fetch next result
[INFO] 
[ERROR] Tests run: 6, Failures: 0, Errors: 1, Skipped: 0
[INFO] 
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for rt-flink-jobs {VER}:
[INFO] 
[INFO] rt-flink-jobs ...................................... SUCCESS [  0.198 s]
[INFO] rt-common .......................................... SUCCESS [  2.904 s]
[INFO] surge-pricing-signal ............................... FAILURE [ 13.877 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  17.612 s
[INFO] Finished at: 2026-09-09T11:32:40+08:00
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project surge-pricing-signal: There are test failures.
[ERROR] 
[ERROR] Please refer to {R}/jobs/surge-pricing-signal/target/surefire-reports for the individual test results.
[ERROR] Please refer to dump files (if any exist) [date].dump, [date]-jvmRun[N].dump and [date].dumpstream.
[ERROR] -> [Help 1]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] Re-run Maven using the -X switch to enable full debug logging.
[ERROR] 
[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException
[ERROR] 
[ERROR] After correcting the problems, you can resume the build with the command
[ERROR]   mvn <args> -rf :surge-pricing-signal"""

SURGE_VERIFY_OK = SURGE_VERIFY_HEAD + f"""
[INFO] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 3.655 s -- in com.kuaida.rt.jobs.surge.GeoSignalWindowTest
[INFO] 
[INFO] Results:
[INFO] 
[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0
[INFO] 
[INFO] --- jar:3.3.0:jar (default-jar) @ surge-pricing-signal ---
[INFO] Building jar: {R}/jobs/surge-pricing-signal/target/surge-pricing-signal-{VER}.jar
[INFO] --- shade:3.5.1:shade (default) @ surge-pricing-signal ---
[INFO] Including com.kuaida.rt:rt-common:jar:{VER} in the shaded jar.
[INFO] Including org.apache.flink:flink-connector-kafka:jar:3.2.0-1.18 in the shaded jar.
[INFO] Including org.apache.kafka:kafka-clients:jar:3.4.0 in the shaded jar.
[INFO] Including ch.hsr:geohash:jar:1.4.0 in the shaded jar.
[INFO] Replacing original artifact with shaded artifact.
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for rt-flink-jobs {VER}:
[INFO] 
[INFO] rt-flink-jobs ...................................... SUCCESS [  0.187 s]
[INFO] rt-common .......................................... SUCCESS [  2.511 s]
[INFO] surge-pricing-signal ............................... SUCCESS [ 16.032 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  19.274 s
[INFO] Finished at: 2026-09-09T11:36:02+08:00
[INFO] ------------------------------------------------------------------------"""


def s2(d):
    with d.session("2026-09-09T01:40:00", R, branch="master", version="2.1.119"):
        t = d.task("Grafana 报警了：[FIRING:1] KafkaConsumerGroupLag group=driver-online topic=ods_driver_gps lag=1.13M，"
                   "已经持续 20 分钟。看下怎么回事", tags=["workflow:W2", "long_output"])
        rows = cg_rows(24, 1838000000, 38000, 61000)
        total = sum(e - c for _, c, e in rows)
        t.bash(f"kafka-consumer-groups.sh --bootstrap-server {KAFKA} --describe --group driver-online",
               "看 driver-online 消费组各分区 lag", out=cg_describe("driver-online", "ods_driver_gps", rows))
        jid = hx(32)
        v1, v2 = hx(32), hx(32)
        t.bash(f"curl -s {K8S_REST}/driver-online/jobs/overview | jq -r '.jobs[] | [.jid, .name, .state, "
               "(.[\"start-time\"]/1000|strftime(\"%F %T\"))] | @tsv'", "作业概况",
               out=f"{jid}\tdriver-online\tRUNNING\t2026-09-02 03:21:44")
        t.bash(f"curl -s {K8S_REST}/driver-online/jobs/{jid} | jq -r '.vertices[] | [.id, .name, .parallelism, .status] | @tsv'",
               "列出 vertex",
               out=f"{v1}\tSource: ods_driver_gps -> parse-gps -> Timestamps/Watermarks\t4\tRUNNING\n"
                   f"{v2}\tonline-session -> Map -> Sink: sink-sr-online-session\t4\tRUNNING")
        t.bash(f"for v in {v1} {v2}; do curl -s {K8S_REST}/driver-online/jobs/{jid}/vertices/$v/backpressure | "
               "jq -c '{level: .[\"backpressure-level\"], ratios: [.subtasks[].ratio]}'; done", "看反压",
               out='{"level":"high","ratios":[0.97,0.95,0.98,0.96]}\n{"level":"ok","ratios":[0,0,0,0]}')
        t.bash(f"curl -s '{K8S_REST}/driver-online/jobs/{jid}/vertices/{v2}/subtasks/metrics?get=busyTimeMsPerSecond,"
               "numRecordsInPerSecond' | jq -c '.[]'", "下游 vertex 的繁忙度和处理速率",
               out='{"id":"busyTimeMsPerSecond","min":941.0,"max":988.0,"avg":963.25,"sum":3853.0}\n'
                   '{"id":"numRecordsInPerSecond","min":5188.4,"max":5422.9,"avg":5304.2,"sum":21216.8}')
        t.bash(f"curl -s '{K8S_REST}/driver-online/jobs/{jid}/vertices/{v1}/subtasks/metrics?get=numRecordsInPerSecond' | jq -c '.[]'",
               "源头读取速率",
               out='{"id":"numRecordsInPerSecond","min":5201.7,"max":5436.0,"avg":5309.5,"sum":21238.1}')
        t.bash(f"curl -s {K8S_REST}/driver-online/jobs/{jid}/checkpoints | jq '{{counts, last: .latest.completed | "
               "{id, end_to_end_duration, checkpointed_size, state_size}}'", "看 checkpoint",
               out="""{
  "counts": {
    "restored": 1,
    "total": 9847,
    "in_progress": 0,
    "completed": 9841,
    "failed": 6
  },
  "last": {
    "id": 9847,
    "end_to_end_duration": 48213,
    "checkpointed_size": 402117538,
    "state_size": 3318801244
  }
}""")
        t.done(f"""结论：**作业吞吐到顶了，瓶颈在下游的 online-session + StarRocks sink 那个 vertex**，不是作业挂了。

- lag：24 个分区都在 3.8 万～6.1 万之间，总共 {total:,}，分布很均匀 → 不是数据倾斜，是整体消费不过来
- 反压：Source 链（`ods_driver_gps -> parse-gps -> watermarks`）4 个 subtask 反压比 0.95～0.98，`high`
- 下游 vertex（`online-session -> Map -> sink-sr-online-session`）`busyTimeMsPerSecond` 平均 963，基本满负荷；处理速率合计约 **2.12 万条/秒**
- checkpoint 正常（最近一次 48 秒，增量 402 MB），没有失败堆积

早高峰 GPS 上报量比这个高，4 个并行度处理不过来，sink 是 StarRocks Stream Load，每个 subtask 单线程攒批 flush，busy 主要耗在这里。

建议：
1. 先把 `deploy/k8s/driver-online.yaml` 的 `parallelism` 从 4 提到 8（topic 24 个分区，够分），TM 按 2 slot 会多起 2 个 pod
2. 之后再看要不要调 sink 的 `sink.buffer-flush.max-rows` / `interval-ms`，让每次 Stream Load 批更大

需要的话我来改并行度发 prod。""")

        t = d.task("YARN 上的 trip-eta-feature 现在啥情况？还在跑吗，最近 checkpoint 正常不。李静休假了，这个作业我先接着", tags=["mistake:M2"])
        t.read(YARN_DOC)
        app = APP_PREFIX + "20417"
        t.bash(f"ssh {GW} '{HADOOP_BIN}/yarn application -list -appStates RUNNING 2>/dev/null | grep -E \"Application-Id|trip-eta-feature\"'",
               "在 YARN 上找 trip-eta-feature",
               out="                Application-Id\t    Application-Name\t    Application-Type\t      User\t     Queue\t             State\t       Final-State\t       Progress\t                       Tracking-URL\n"
                   f"{app}\t    trip-eta-feature\t        Apache Flink\t    lijing\t        rt\t           RUNNING\t         UNDEFINED\t           100%\thttp://bd-nm-17.bd.kuaida.internal:36117")
        list_cmd = f"{FLINK_GW} list -t yarn-application -Dyarn.application.id={app}"
        jid = TRIP_JID
        t.fail(f"ssh {GW} '{list_cmd}'", "列出 application 里的作业",
               f"""{CLI_BANNER}
{NO_CCF}
	at org.apache.flink.client.cli.CliFrontend.runClusterAction(CliFrontend.java:1043)
	at org.apache.flink.client.cli.CliFrontend.list(CliFrontend.java:459)
	at org.apache.flink.client.cli.CliFrontend.parseAndRun(CliFrontend.java:1101)
{CLI_MAIN_TAIL}""")
        t.say("`ssh 主机 '命令'` 是非登录 shell，不会读 /etc/profile.d，网关上交互登录时才有的 `HADOOP_CLASSPATH` 这里是空的，Flink 客户端加载不到 YARN 的 ClusterClientFactory。"
              "在命令前面把它 export 上再跑：")
        t.bash(f"ssh {GW} 'export HADOOP_CLASSPATH=$({HADOOP_BIN}/hadoop classpath) && {list_cmd}'", "带上 HADOOP_CLASSPATH 再列作业",
               out="\n".join([
                   yarn_log("2026-09-09 10:12:55,301", "WARN", "org.apache.hadoop.util.NativeCodeLoader",
                            "Unable to load native-hadoop library for your platform... using builtin-java classes where applicable"),
                   yarn_log("2026-09-09 10:12:55,874", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor",
                            f"Found Web Interface bd-nm-17.bd.kuaida.internal:36117 of application '{app}'."),
                   "Waiting for response...",
                   "------------------ Running/Restarting Jobs -------------------",
                   f"21.08.2026 16:40:12 : {jid} : trip-eta-feature (RUNNING)",
                   "--------------------------------------------------------------",
                   "No scheduled jobs."]))
        t.bash(f"curl -s {RM}/proxy/{app}/jobs/{jid}/checkpoints | jq '{{counts, last: .latest.completed | {{id, end_to_end_duration, "
               "checkpointed_size, external_path}, last_failed: .latest.failed | {id, failure_message}}'", "看 checkpoint 情况",
               out=f"""{{
  "counts": {{
    "restored": 1,
    "total": 26122,
    "in_progress": 0,
    "completed": 26119,
    "failed": 3
  }},
  "last": {{
    "id": 26122,
    "end_to_end_duration": 12876,
    "checkpointed_size": 88107243,
    "external_path": "hdfs://hzbd/flink/checkpoints/trip-eta-feature/{jid}/chk-26122"
  }},
  "last_failed": {{
    "id": 25371,
    "failure_message": "Checkpoint expired before completing."
  }}
}}""")
        t.done(f"""trip-eta-feature 正常：

- YARN：`{app}`，队列 `rt`，提交人 lijing，RUNNING
- 作业 `{jid}` 从 8 月 21 日 16:40 起一直 RUNNING
- checkpoint：26122 次里失败 3 次，最近一次成功 12.9 秒、增量 88 MB；最近一次失败是 #25371（`Checkpoint expired before completing.`），之后都成功，偶发超时，可以先不管

第一次 `flink list` 报 `No ClusterClientFactory found`：ssh 远程执行命令是非登录 shell，没有 `HADOOP_CLASSPATH`。命令前面 `export HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath)` 就好了。""")

        t = d.task("surge-pricing-signal 加一路信号：按 geohash6 统计 5 分钟滑动窗口（1 分钟滑一次）的下单量，写 kafka 的 dws_surge_geo_signal，"
                   "坐标用订单起点。有状态的算子都给我显式 .uid()，不然以后 savepoint 恢复不了。写完跑测试，过了提 MR",
                   tags=["workflow:W3", "pref:P1", "oneoff:O1"])
        t.read(SURGE_JOB)
        t.read(GEO_UTIL)
        t.grep("public (double|long|int|String) \\w+;", path=P("jobs/surge-pricing-signal/src/main/java/com/kuaida/rt/jobs/surge/OrderEvent.java"),
               output_mode="content", n=True,
               content="14:    public long orderId;\n15:    public int cityId;\n16:    public String eventType;\n"
                       "17:    public double startLng;\n18:    public double startLat;\n19:    public long createTimeMs;")
        t.bash("git checkout -b feat/surge-geo-signal", "建分支", err="Switched to a new branch 'feat/surge-geo-signal'")
        t.edit(SURGE_JOB, "import com.kuaida.rt.common.config.JobConfig;\n",
               "import com.kuaida.rt.common.config.JobConfig;\nimport com.kuaida.rt.common.geo.GeoUtil;\n")
        t.edit(SURGE_JOB, "import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;\n",
               "import org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows;\n"
               "import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;\n")
        t.edit(SURGE_JOB, """        env.execute("surge-pricing-signal");
    }
}""", """        buildGeoSignals(created)
                .map(GeoSignal::toJson)
                .uid("geo-signal-json")
                .sinkTo(KafkaSinks.strings(conf, "dws_surge_geo_signal"))
                .uid("sink-dws-surge-geo-signal")
                .name("sink-dws-surge-geo-signal");

        env.execute("surge-pricing-signal");
    }

    /** geohash6 粒度，5 分钟滑动窗口（1 分钟滑一次）的下单量 */
    static DataStream<GeoSignal> buildGeoSignals(DataStream<OrderEvent> created) {
        return created
                .map(e -> GeoUtil.geohash6(e.startLng, e.startLat))
                .uid("geo-key")
                .name("geo-key")
                .keyBy(g -> g)
                .window(SlidingEventTimeWindows.of(Time.minutes(5), Time.minutes(1)))
                .aggregate(new CountAgg<>(), new GeoSignalWindowFunction())
                .uid("geo6-5m-signal")
                .name("geo6-5m-signal");
    }
}""")
        t.write(SURGE_GEO_SIG, SURGE_GEO_SIG_TXT)
        t.write(SURGE_GEO_FN, SURGE_GEO_FN_TXT)
        t.write(SURGE_TEST, SURGE_TEST_TXT)
        verify = "mvn -pl jobs/surge-pricing-signal -am verify"
        t.fail(verify, "跑测试", SURGE_VERIFY_FAIL)
        t.say("我把参数顺序写反了：`GeoUtil.geohash6(lat, lng)` 是先纬度后经度，我传成了 `(startLng, startLat)`，120 度被当成纬度。改过来：")
        t.edit(SURGE_JOB, ".map(e -> GeoUtil.geohash6(e.startLng, e.startLat))", ".map(e -> GeoUtil.geohash6(e.startLat, e.startLng))")
        t.bash(verify, "重跑测试", out=SURGE_VERIFY_OK, timeout=600000)
        t.bash("git add jobs/surge-pricing-signal && git commit -m \"feat(surge): geohash6 5 分钟滑窗下单量信号 dws_surge_geo_signal\"",
               "提交", out=commit_out("feat/surge-geo-signal", "feat(surge): geohash6 5 分钟滑窗下单量信号 dws_surge_geo_signal", 4, 118, 1))
        t.bash("git push -u origin feat/surge-geo-signal", "推分支", err=push_err("feat/surge-geo-signal"))
        t.bash("glab mr create --target-branch master --title \"feat(surge): geohash6 5 分钟滑窗下单量信号\" "
               "--description \"新增 dws_surge_geo_signal：按订单起点 geohash6，5 分钟滑窗/1 分钟步长统计下单量。新算子 uid：geo-key、geo6-5m-signal、"
               "geo-signal-json、sink-dws-surge-geo-signal，老算子 uid 不变，可从 savepoint 升级。上线前需要先建 topic dws_surge_geo_signal。\" "
               "--remove-source-branch --yes", "创建 MR", out=mr_out("feat/surge-geo-signal", 482, "feat(surge): geohash6 5 分钟滑窗下单量信号"))
        t.done(f"""MR 已提：https://{GITLAB}/rt/rt-flink-jobs/-/merge_requests/482

改动：
- `SurgeSignalJob.buildGeoSignals`：订单起点 → `GeoUtil.geohash6` → `keyBy(geohash)` → `SlidingEventTimeWindows.of(5min, 1min)` + `CountAgg` → `GeoSignal` → Kafka `dws_surge_geo_signal`
- 新算子都带了固定 uid：`geo-key`、`geo6-5m-signal`、`geo-signal-json`、`sink-dws-surge-geo-signal`；原有算子 uid 没动，能从现有 savepoint 直接升级
- 新增 `GeoSignal`、`GeoSignalWindowFunction` 和 MiniCluster 测试 `GeoSignalWindowTest`（同一 geohash6 三单落在同一个 5 分钟窗口 → 3）

测试第一次挂在我自己的 bug 上：`geohash6` 的经纬度参数传反了，抛 `The supplied coordinates ... are out of range`。改正后 `verify` 全部通过（6 个测试）。

上线前记得先建 topic `dws_surge_geo_signal`。""")

def rl_show(job_id, name, table, state, cur_tasks, job_props, topic, parts, group, stat, progress, ts_progress, latest,
            create_time, pause_time="NULL", reason=""):
    return sr_vertical([[
        ("Id", str(job_id)), ("Name", name), ("CreateTime", create_time), ("PauseTime", pause_time), ("EndTime", "NULL"),
        ("DbName", "ods"), ("TableName", table), ("State", state), ("DataSourceType", "KAFKA"),
        ("CurrentTaskNum", str(cur_tasks)), ("JobProperties", job_props),
        ("DataSourceProperties", '{"topic":"%s","currentKafkaPartitions":"%s","brokerList":"kafka-hz-01.bd.kuaida.internal:9092,'
                                 'kafka-hz-02.bd.kuaida.internal:9092,kafka-hz-03.bd.kuaida.internal:9092"}'
         % (topic, ",".join(str(p) for p in range(parts)))),
        ("CustomProperties", '{"group.id":"%s"}' % group),
        ("Statistic", stat), ("Progress", progress), ("TimestampProgress", ts_progress),
        ("ReasonOfStateChanged", reason), ("ErrorLogUrls", ""), ("TrackingSQL", ""), ("OtherMsg", ""),
        ("LatestSourcePosition", latest),
    ]])


def job_props(desired, cur, interval, rows=200000, jsonpaths="", columns="*", max_err=1000):
    return ('{"partitions":"*","partial_update":"false","columnToColumnExpr":"%s","maxBatchIntervalS":"%d",'
            '"partialUpdateMode":"null","whereExpr":"*","timezone":"Asia/Shanghai","format":"json","columnSeparator":"\'\\t\'",'
            '"log_rejected_record_num":"0","taskTimeoutSecond":"%d","json_root":"","maxFilterRatio":"1.0","strict_mode":"false",'
            '"jsonpaths":"%s","taskConsumeSecond":"%d","desireTaskConcurrentNum":"%d","maxErrorNum":"%d",'
            '"strip_outer_array":"false","currentTaskConcurrentNum":"%d","maxBatchRows":"%d"}'
            % (columns, interval, interval * 4, jsonpaths, interval, desired, max_err, cur, rows))


def offsets_json(offs):
    return "{" + ",".join(f'"{p}":"{o}"' for p, o in enumerate(offs)) + "}"


def s3(d):
    with d.session("2026-09-11T02:20:00", R, branch="master", version="2.1.120"):
        t = d.task("StarRocks 这边报警，ods.rl_ods_order_event 这个 routine load 延迟越来越大，Grafana 上 lag 80 多万了。"
                   "topic 有 12 个分区，现在好像只有 3 个并发在消费，帮我调一下", tags=["mistake:M3", "long_output"])
        base = 1032100000
        prog = [base + _rng[0].randint(-60000, 60000) for _ in range(12)]
        latest = [p + _rng[0].randint(58000, 79000) for p in prog]
        t.bash(f'{SR} -e "SHOW ROUTINE LOAD FOR ods.rl_ods_order_event\\G"', "看 routine load 当前状态",
               out=rl_show(41207, "rl_ods_order_event", "ods_order_event", "RUNNING", 3, job_props(3, 3, 20),
                           "ods_order_event", 12, "rl_ods_order_event",
                           '{"receivedBytes":2188431776520,"errorRows":1721,"committedTaskNum":318342,"loadedRows":5913284417,'
                           '"loadRowsRate":16204,"abortedTaskNum":57,"totalRows":5913286138,"unselectedRows":0,'
                           '"receivedBytesRate":6011822,"taskExecuteTimeMs":19874}',
                           offsets_json(prog), offsets_json([1757557921000 + _rng[0].randint(0, 4000) for _ in range(12)]),
                           offsets_json(latest), "2026-03-12 15:20:41"))
        t.bash(f"{SR} -e \"ADMIN SHOW FRONTEND CONFIG LIKE 'max_routine_load_task_concurrent_num'\"",
               "确认 FE 上单作业并发上限",
               out="Key\tAliasNames\tValue\tType\tIsMutable\tComment\nmax_routine_load_task_concurrent_num\t[]\t16\tint\ttrue\t")
        alter = (f"{SR} -e 'ALTER ROUTINE LOAD FOR ods.rl_ods_order_event PROPERTIES "
                 "(\"desired_concurrent_number\" = \"6\", \"max_batch_interval\" = \"10\")'")
        t.say("12 个分区、FE 上限 16、6 个 BE，并发 3 明显偏小，每批 20 秒也偏长。把并发调到 6、批间隔降到 10 秒：")
        t.fail(alter, "调大并发、缩短批间隔", f"ERROR 1064 (HY000) at line 1: {SIG3}")
        t.say("StarRocks 只允许修改 PAUSED 状态的作业。先 PAUSE（会保留消费位点，RESUME 后从原位置继续），改完再 RESUME：")
        t.bash(f'{SR} -e "PAUSE ROUTINE LOAD FOR ods.rl_ods_order_event"', "暂停作业")
        t.bash(alter, "再次修改参数")
        t.bash(f'{SR} -e "RESUME ROUTINE LOAD FOR ods.rl_ods_order_event"', "恢复作业")
        t.bash(f'sleep 60 && {SR} -e "SHOW ROUTINE LOAD FOR ods.rl_ods_order_event\\G" | grep -E "^ +(State|CurrentTaskNum|PauseTime):"',
               "确认恢复后的状态", out="           PauseTime: 2026-09-11 10:37:12\n               State: RUNNING\n      CurrentTaskNum: 6")
        t.bash(f'sleep 240 && {SR} -e "SHOW ROUTINE LOAD FOR ods.rl_ods_order_event\\G" | grep -E "^ +(Statistic|Progress|LatestSourcePosition):"',
               "几分钟后看追赶情况",
               out='           Statistic: {"receivedBytes":2189907331847,"errorRows":1721,"committedTaskNum":318455,"loadedRows":5917203984,'
                   '"loadRowsRate":31877,"abortedTaskNum":57,"totalRows":5917205705,"unselectedRows":0,"receivedBytesRate":11840331,'
                   '"taskExecuteTimeMs":9712}\n'
                   f'            Progress: {offsets_json([o + _rng[0].randint(9000, 14000) for o in latest])}\n'
                   f'LatestSourcePosition: {offsets_json([o + _rng[0].randint(14000, 20000) for o in latest])}')
        t.done("""rl_ods_order_event 调好了，正在追：

- 改前：`desired_concurrent_number` 3、`max_batch_interval` 20 秒，12 个分区 3 个 task 轮着消费，导入 1.6 万行/秒，跟不上上游
- 改后：并发 6、批间隔 10 秒，`CurrentTaskNum` 已经是 6，导入速率到了 3.2 万行/秒左右；各分区和最新位点的差距从 6～8 万降到 5 千左右，再过几分钟应该就追平了

过程：直接 `ALTER ROUTINE LOAD` 报 `Only supports modification of PAUSED jobs`，StarRocks 只能改暂停状态的作业。`PAUSE` → `ALTER` → `RESUME`，暂停期间位点保留，没有丢数也没有重复。""")

        t = d.task("driver-online 里 GpsEventParser 那个手写截字符串的解析太脆了，换成正经的 JSON 解析。我们组 JSON 统一用 fastjson2，别引别的库",
                   tags=["pref:P3", "noise"])
        t.read(DO_PARSER)
        t.read(DO_POM)
        t.edit(DO_POM, D_COMMON, D_COMMON + D_FASTJSON)
        t.write(DO_PARSER, DO_PARSER_FASTJSON_TXT)
        t.read(DO_PARSER_TEST)
        t.bash("mvn -pl jobs/driver-online -am test 2>&1 | tail -n 20", "跑 driver-online 的测试",
               out=f"""[INFO] Running com.kuaida.rt.jobs.driveronline.OnlineSessionFunctionTest
[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.683 s -- in com.kuaida.rt.jobs.driveronline.OnlineSessionFunctionTest
[INFO] Running com.kuaida.rt.jobs.driveronline.GpsEventParserTest
[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.094 s -- in com.kuaida.rt.jobs.driveronline.GpsEventParserTest
[INFO] 
[INFO] Results:
[INFO] 
[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0
[INFO] 
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for rt-flink-jobs {VER}:
[INFO] 
[INFO] rt-flink-jobs ...................................... SUCCESS [  0.174 s]
[INFO] rt-common .......................................... SUCCESS [  2.602 s]
[INFO] driver-online ...................................... SUCCESS [  4.310 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  7.481 s
[INFO] Finished at: 2026-09-11T10:58:27+08:00
[INFO] ------------------------------------------------------------------------""", timeout=600000)
        t.done("""`GpsEventParser` 改成 fastjson2 了：

- `driver-online/pom.xml` 加了 `com.alibaba.fastjson2:fastjson2`（版本走父 pom 的 `fastjson2.version` 2.0.52）
- `JSON.parseObject` 解析，缺 `driver_id` 或 `report_time` 的记录打 warn 丢掉；解析异常（`JSONException` / 数字格式错）同样丢弃不抛，不会把作业打挂
- 原有的两个测试（正常记录、坏记录）都过了""")

        t = d.task("前天 driver-online lag 那个事，按你说的把并行度从 4 提到 8，发 prod。另外并行度以后统一在 FlinkDeployment 里调，"
                   "代码里别 setParallelism 写死", tags=["workflow:W1", "pref:P2"])
        t.grep("setParallelism", path=P("jobs"), filenames=[P("jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java")])
        t.read(K8S_DO)
        t.edit(K8S_DO, "    parallelism: 4\n", "    parallelism: 8\n")
        t.bash("kubectl -n rt-jobs diff -f deploy/k8s/driver-online.yaml || true", "看和线上的差异",
               out=f"""diff -u -N /tmp/LIVE-2841077621/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.driver-online /tmp/MERGED-1204588319/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.driver-online
--- /tmp/LIVE-2841077621/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.driver-online	2026-09-11 11:06:41.118742219 +0800
+++ /tmp/MERGED-1204588319/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.driver-online	2026-09-11 11:06:41.122742301 +0800
@@ -6,7 +6,7 @@
   creationTimestamp: "2026-06-02T03:14:51Z"
   finalizers:
   - flinkdeployments.flink.apache.org/finalizer
-  generation: 14
+  generation: 15
   labels:
     team: rt
   name: driver-online
@@ -61,7 +61,7 @@
     - prod
     entryClass: com.kuaida.rt.jobs.driveronline.DriverOnlineJob
     jarURI: local:///opt/flink/usrlib/driver-online.jar
-    parallelism: 4
+    parallelism: 8
     state: running
     upgradeMode: savepoint
   jobManager:""")
        t.bash("kubectl -n rt-jobs apply -f deploy/k8s/driver-online.yaml", "应用到 prod",
               out="flinkdeployment.flink.apache.org/driver-online configured")
        t.bash("sleep 150 && kubectl -n rt-jobs get flinkdeployment driver-online", "等升级完成",
               out="NAME            JOB STATUS   LIFECYCLE STATE\ndriver-online   RUNNING      STABLE", timeout=300000)
        t.bash("kubectl -n rt-jobs get events --field-selector involvedObject.name=driver-online --sort-by=.lastTimestamp | tail -n 6",
               "看 operator 的升级事件",
               out="""LAST SEEN   TYPE     REASON             OBJECT                          MESSAGE
2m47s       Normal   SpecChanged        flinkdeployment/driver-online   UPGRADE change(s) detected (Diff: FlinkDeploymentSpec[job.parallelism : 4 -> 8]), starting reconciliation.
2m46s       Normal   Suspended          flinkdeployment/driver-online   Suspending existing deployment.
2m12s       Normal   SavepointComplete  flinkdeployment/driver-online   Savepoint completed: hdfs://hzbd/flink/savepoints-k8s/driver-online/savepoint-5b71c0-2f6a9d3c81e4
2m5s        Normal   Submit             flinkdeployment/driver-online   Starting deployment
51s         Normal   JobStatusChanged   flinkdeployment/driver-online   Job status changed from CREATED to RUNNING""")
        jid = hx(32)
        t.bash(f"curl -s {K8S_REST}/driver-online/jobs/overview | jq -r '.jobs[] | [.jid, .state] | @tsv'", "新作业 ID",
               out=f"{jid}\tRUNNING")
        t.bash(f"sleep 120 && curl -s {K8S_REST}/driver-online/jobs/{jid}/checkpoints | jq '{{counts, restored: .latest.restored.external_path, "
               "last: .latest.completed | {id, end_to_end_duration}}'", "确认从 savepoint 恢复、checkpoint 正常",
               out="""{
  "counts": {
    "restored": 1,
    "total": 2,
    "in_progress": 0,
    "completed": 2,
    "failed": 0
  },
  "restored": "hdfs://hzbd/flink/savepoints-k8s/driver-online/savepoint-5b71c0-2f6a9d3c81e4",
  "last": {
    "id": 9851,
    "end_to_end_duration": 21604
  }
}""", timeout=300000)
        t.bash(f"kafka-consumer-groups.sh --bootstrap-server {KAFKA} --describe --group driver-online | awk 'NR>4 {{s+=$6}} END {{print \"total lag:\", s}}'",
               "看 lag 是否在降", out="total lag: 212031")
        t.done("""driver-online 已经按 8 并行度跑在 prod 上了：

- `deploy/k8s/driver-online.yaml`：`job.parallelism` 4 → 8（代码里没有 `setParallelism`，全仓库只有 YARN 上老的 order-status-sync 还写死了一个，没动）
- operator 走 savepoint 升级：先打 savepoint `savepoint-5b71c0-2f6a9d3c81e4` → 停旧作业 → 新作业从它恢复，恢复后 checkpoint 已成功 2 次（21.6 秒）
- lag 从 113 万降到 21 万，还在往下走

yaml 的改动还在本地，没提交；要不要顺手提个 MR 记录一下？""")

DO_PARSER_FASTJSON_TXT = """package com.kuaida.rt.jobs.driveronline;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * 解析司机端 GPS 上报。上游 JSON：
 * {"driver_id":..,"city_id":..,"lng":..,"lat":..,"status":..,"report_time":..}
 */
public class GpsEventParser implements FlatMapFunction<String, GpsEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(GpsEventParser.class);

    @Override
    public void flatMap(String value, Collector<GpsEvent> out) {
        try {
            JSONObject o = JSON.parseObject(value);
            if (o == null || !o.containsKey("driver_id") || !o.containsKey("report_time")) {
                LOG.warn("bad gps record: {}", value);
                return;
            }
            GpsEvent e = new GpsEvent();
            e.driverId = o.getLongValue("driver_id");
            e.cityId = o.getIntValue("city_id");
            e.lng = o.getDoubleValue("lng");
            e.lat = o.getDoubleValue("lat");
            e.status = o.getIntValue("status");
            e.reportTime = o.getLongValue("report_time");
            out.collect(e);
        } catch (JSONException | NumberFormatException ex) {
            LOG.warn("bad gps record: {}", value, ex);
        }
    }
}
"""

DO_PARSER_JACKSON_TXT = """package com.kuaida.rt.jobs.driveronline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * 解析司机端 GPS 上报。上游 JSON：
 * {"driver_id":..,"city_id":..,"lng":..,"lat":..,"status":..,"report_time":..}
 */
public class GpsEventParser implements FlatMapFunction<String, GpsEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(GpsEventParser.class);
    /** ObjectMapper 线程安全，静态共享，避免每条记录 new */
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Override
    public void flatMap(String value, Collector<GpsEvent> out) {
        try {
            JsonNode o = MAPPER.readTree(value);
            if (o == null || !o.hasNonNull("driver_id") || !o.hasNonNull("report_time")
                    || !o.get("driver_id").canConvertToLong()) {
                LOG.warn("bad gps record: {}", value);
                return;
            }
            GpsEvent e = new GpsEvent();
            e.driverId = o.get("driver_id").asLong();
            e.cityId = o.path("city_id").asInt();
            e.lng = o.path("lng").asDouble();
            e.lat = o.path("lat").asDouble();
            e.status = o.path("status").asInt();
            e.reportTime = o.get("report_time").asLong();
            out.collect(e);
        } catch (JsonProcessingException ex) {
            LOG.warn("bad gps record: {}", value, ex);
        }
    }
}
"""


def s4(d):
    with d.session("2026-09-15T06:10:00", R, branch="master", version="2.1.121", permission_mode="acceptEdits", end_reason="other"):
        t = d.task("trip-eta-feature 打算从 YARN 迁到 K8s。operator 的 upgradeMode 里 savepoint 和 last-state 到底差在哪？"
                   "从 YARN 上打的 savepoint 起一个新的 FlinkDeployment 要怎么配？看下官方文档", tags=["noise", "webfetch"])
        t.webfetch("https://nightlies.apache.org/flink/flink-kubernetes-operator-docs-release-1.9/docs/custom-resource/job-management/",
                   "upgradeMode 的 stateless / savepoint / last-state 区别，以及 initialSavepointPath 怎么用",
                   """Job Management: The operator supports three upgrade modes, set with `spec.job.upgradeMode`.
- `stateless`: stateless application upgrades from empty state.
- `last-state`: quick upgrades in any application state (even for failing jobs); does not require a healthy job as it always uses the latest checkpoint information. Manual recovery may be necessary if HA metadata is lost. Requires HA to be enabled (Kubernetes or ZooKeeper HA). To limit how far back the job may fall, `kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age` can be set.
- `savepoint`: use savepoint for upgrade, providing maximal safety and possibility to serve as backup/fork point. The savepoint is created during the upgrade process; the job needs to be running for the savepoint to be created. If the savepoint fails the upgrade does not proceed.
Stateful upgrades require `state.savepoints.dir` (savepoint mode) and a checkpoint directory; HA is recommended for all stateful modes.
Initial deployment from a savepoint: set `spec.job.initialSavepointPath` to start the job from an existing savepoint or retained checkpoint on first deployment. The field is only used when the job is deployed for the first time; it is ignored on later upgrades, where the operator uses its own savepoints/checkpoints. Changing it on an existing deployment has no effect. `spec.job.allowNonRestoredState` controls whether state that cannot be mapped to the new job graph is skipped.
Manual savepoints can be triggered by changing `spec.job.savepointTriggerNonce`; periodic savepoints with `kubernetes.operator.periodic.savepoint.interval`. Savepoint history is tracked in the status and cleaned up according to `kubernetes.operator.savepoint.history.max.age` / `max.count`.
Suspending: setting `spec.job.state: suspended` stops the job (with a savepoint in savepoint mode) and keeps the resource; setting it back to `running` restores from the last savepoint.""")
        t.done("""按 operator 1.9 文档：

**savepoint vs last-state**
- `savepoint`：升级时 operator 先对运行中的作业打 savepoint，成功了才停旧的、用它起新的。最稳，savepoint 还能当备份/分叉点；前提是作业健康，savepoint 打不出来升级就不会继续
- `last-state`：不打 savepoint，直接用 HA 元数据里的最新 checkpoint，快，作业在失败状态也能升；**必须开 HA**，HA 元数据丢了要人工恢复；可以用 `kubernetes.operator.job.upgrade.last-state.max.allowed.checkpoint.age` 限制能接受多旧的 checkpoint
- 我们 rt-jobs 的 yaml 都是 `savepoint` + Kubernetes HA，迁过来的作业保持一致就行

**从 YARN 的 savepoint 起新 FlinkDeployment**
1. YARN 上 `flink stop --savepointPath hdfs://hzbd/flink/savepoints/trip-eta-feature ...` 停掉并拿到 savepoint 路径
2. 新 yaml 里 `spec.job.initialSavepointPath: <那个路径>`；这个字段**只在第一次部署时生效**，之后的升级 operator 用自己的 savepoint，不用删
3. K8s 上的 pod 能读到 `hdfs://hzbd`（我们的 podTemplate 挂了 `hadoop-conf-hzbd`），路径直接可用
4. 算子 uid 不变、Flink 版本都是 1.18，状态可以直接映射

要注意的一点：YARN 上的作业停掉之后到 K8s 上起来之前，Kafka 不会丢数（从 savepoint 里的 offset 接着读），但下游会有几分钟延迟，选低峰做。""")

        t = d.task("再起一个作业 jobs/driver-heatmap：DataStream 读 ods_driver_gps，按 geohash6 每分钟统计空闲司机数（status=1），"
                   "结果用 Table API 写 StarRocks 的 ads.ads_driver_heat_1m。uid 别漏，有状态的算子都要有稳定的 uid。结构参考 driver-online，写好扔 dev 集群跑起来",
                   tags=["mistake:M1", "pref:P1"])
        t.read(PARENT_POM)
        t.read(DO_POM)
        t.read(DO_JOB)
        t.read(GEO_UTIL)
        t.write(HEAT_POM, HEAT_POM_TXT)
        t.write(HEAT_JOB, HEAT_JOB_TXT)
        t.write(HEAT_DEV, DEV_PROPS_TXT)
        t.edit(PARENT_POM, "    <module>jobs/dws-city-gmv</module>\n  </modules>",
               "    <module>jobs/dws-city-gmv</module>\n    <module>jobs/driver-heatmap</module>\n  </modules>")
        t.bash("mvn -q -pl jobs/driver-heatmap -am package -DskipTests", "打包 driver-heatmap", timeout=600000)
        run_heat = (f"flink run -m {DEV_SESSION} -d -c com.kuaida.rt.jobs.driverheatmap.DriverHeatmapJob "
                    f"jobs/driver-heatmap/target/driver-heatmap-{VER}.jar --env dev")
        t.fail(run_heat, "提交到 dev session 集群",
               factory_missing("sink", "sr_driver_heat",
                               {"connector": "starrocks", "jdbc-url": "jdbc:mysql://sr-fe-01.bd.kuaida.internal:9030",
                                "load-url": "sr-fe-01.bd.kuaida.internal:8030;sr-fe-02.bd.kuaida.internal:8030",
                                "database-name": "ads_dev", "table-name": "ads_driver_heat_1m", "username": "rt_dev",
                                "password": "******", "sink.properties.format": "json",
                                "sink.properties.strip_outer_array": "true"},
                               "starrocks", ["blackhole", "datagen", "filesystem", "kafka", "print", "upsert-kafka"],
                               "	at org.apache.flink.table.api.internal.TableImpl.executeInsert(TableImpl.java:519)\n"
                               "	at org.apache.flink.table.api.internal.TableImpl.executeInsert(TableImpl.java:501)\n"
                               "	at com.kuaida.rt.jobs.driverheatmap.DriverHeatmapJob.main(DriverHeatmapJob.java:76)"))
        t.say("starrocks 连接器在 jar 里，但 SPI 注册文件被 kafka 连接器的同名文件盖掉了（可用列表里只有 kafka / upsert-kafka）。"
              "driver-online 只用 DataStream API，不走 SPI，所以它的 shade 配置没这个问题；这里用了 Table API 的 starrocks 表，"
              "需要 `ServicesResourceTransformer` 合并 `META-INF/services`：")
        t.edit(HEAT_POM, """                  <mainClass>com.kuaida.rt.jobs.driverheatmap.DriverHeatmapJob</mainClass>
                </transformer>""", """                  <mainClass>com.kuaida.rt.jobs.driverheatmap.DriverHeatmapJob</mainClass>
                </transformer>
                <transformer implementation="org.apache.maven.plugins.shade.resource.ServicesResourceTransformer"/>""")
        t.bash("mvn -q -pl jobs/driver-heatmap -am package -DskipTests", "重新打包", timeout=600000)
        jid = hx(32)
        t.bash(run_heat, "再次提交", out=f"Job has been submitted with JobID {jid}")
        t.bash(f"sleep 150 && {SR} -e \"SELECT geohash6, window_start, idle_drivers FROM ads_dev.ads_driver_heat_1m "
               "ORDER BY window_start DESC, idle_drivers DESC LIMIT 6\"", "看 StarRocks dev 库里有没有数据",
               out="geohash6\twindow_start\tidle_drivers\nwtmkrd\t2026-09-15 14:21:00\t37\nwtmknp\t2026-09-15 14:21:00\t29\n"
                   "wtmkq9\t2026-09-15 14:21:00\t24\nwtmk9z\t2026-09-15 14:21:00\t21\nwtmeux\t2026-09-15 14:21:00\t19\n"
                   "wtmkrd\t2026-09-15 14:20:00\t35", timeout=300000)
        t.done(f"""`jobs/driver-heatmap` 已在 dev session 集群跑起来（JobID `{jid}`），`ads_dev.ads_driver_heat_1m` 每分钟有数据了（杭州东站 `wtmkrd` 最多，37 个空闲司机）。

- 流程：`ods_driver_gps` → `IdleDriverParser`（fastjson2，只留 status=1，`GeoUtil.geohash6(lat, lng)`）→ watermark 15 秒 → `keyBy(geohash6)` 1 分钟滚动窗口，窗口内按 driver_id 去重计数 → `fromDataStream` → StarRocks 表 `sr_driver_heat`
- uid：`src-ods-driver-gps`、`parse-idle-driver`、`wm-idle-driver`、`geo6-1m-idle-drivers`，窗口算子（有状态）和 source（有 offset 状态）都固定了
- 父 pom 加了模块

第一次提交报 `Could not find any factory for identifier 'starrocks'`：pom 是照 driver-online 抄的，它的 shade 配置没合并 SPI 文件。加了 `ServicesResourceTransformer` 后正常。""")

        t = d.task("rt-jobs 里现在所有 FlinkDeployment 的镜像版本和状态列一下，我对下上线记录", tags=["flaky:F1", "noise", "long_output"])
        cols = ("kubectl -n rt-jobs get flinkdeployment -o custom-columns=NAME:.metadata.name,IMAGE:.spec.image,"
                "PARALLELISM:.spec.job.parallelism,JOB:.status.jobStatus.state,LIFECYCLE:.status.lifecycleState")
        t.fail(cols, "列出所有 FlinkDeployment", "Unable to connect to the server: net/http: TLS handshake timeout")
        t.say("连 apiserver 握手超时，网络抖了一下，原样重试：")
        t.bash(cols, "列出所有 FlinkDeployment",
               out=f"""NAME                     IMAGE                                                     PARALLELISM   JOB       LIFECYCLE
ad-click-attribution     {HARBOR}/ad-click-attribution:1.3.7          4             RUNNING   STABLE
coupon-issue-stat        {HARBOR}/coupon-issue-stat:1.1.2             2             RUNNING   STABLE
driver-online            {HARBOR}/driver-online:2.5.2                 8             RUNNING   STABLE
dws-city-gmv             {HARBOR}/dws-city-gmv:1.0.0                  2             RUNNING   STABLE
eta-error-monitor        {HARBOR}/eta-error-monitor:0.9.4             2             RUNNING   STABLE
order-wide               {HARBOR}/order-wide:2.5.6                    12            RUNNING   STABLE
passenger-session        {HARBOR}/passenger-session:1.8.0             6             RUNNING   STABLE
pay-reconcile-rt         {HARBOR}/pay-reconcile-rt:1.4.1              4             RUNNING   STABLE
safety-sos-alert         {HARBOR}/safety-sos-alert:2.0.3              2             RUNNING   STABLE
surge-pricing-signal     {HARBOR}/surge-pricing-signal:2.5.0          6             RUNNING   STABLE
traffic-event-ingest     {HARBOR}/traffic-event-ingest:1.0.9          4             FAILED    DEPLOYED""")
        t.done("""rt-jobs 里 11 个 FlinkDeployment（第一次 kubectl 连 apiserver TLS 握手超时，重试就好了）：

- 我们仓库的 4 个：order-wide `2.5.6`（12）、driver-online `2.5.2`（8，上周五刚调的）、surge-pricing-signal `2.5.0`（6）、dws-city-gmv `1.0.0`（2），都是 RUNNING / STABLE
- 其他组的 7 个里，`traffic-event-ingest` 是 **FAILED / DEPLOYED**，作业挂着没起来，不是我们的，可以提醒下路况组
- surge-pricing-signal 还是 2.5.0，geohash 信号那个 MR 还没发""")

K8S_TRIP_TXT = k8s_yaml("trip-eta-feature", f"{HARBOR}/trip-eta-feature:2.5.4",
                        "com.kuaida.rt.jobs.tripeta.TripEtaFeatureJob", 6,
                        extra_job="\n    initialSavepointPath: hdfs://hzbd/flink/savepoints/trip-eta-feature/savepoint-8c2f1a-5e0d3b9a7c41")


def s5(d):
    with d.session("2026-09-18T01:50:00", R, branch="master", version="2.1.122"):
        t = d.task("存储组说 HDFS 上 /flink 快到配额了，order-status-sync 的 checkpoint 目录占了多少？是不是攒了一堆没清的", tags=["unfixed:U1"])
        du = f"ssh {GW} '{HADOOP_BIN}/hdfs dfs -du -s -h hdfs://hzbd/flink/checkpoints/order-status-sync'"
        t.fail(du, "看 order-status-sync checkpoint 目录大小",
               "du: Permission denied: user=zhouqh, access=READ_EXECUTE, inode=\"/flink/checkpoints/order-status-sync\":flink:hadoop:drwx------")
        t.bash(f"ssh {GW} '{HADOOP_BIN}/hdfs dfs -ls hdfs://hzbd/flink/checkpoints'", "看目录权限",
               out="""Found 6 items
drwxrwxr-x   - zhouqh hadoop          0 2026-06-11 14:02 hdfs://hzbd/flink/checkpoints/coupon-risk-cep
drwxrwxr-x   - lijing hadoop          0 2026-03-30 10:17 hdfs://hzbd/flink/checkpoints/dws-hourly-legacy
drwxrwxr-x   - rt     hadoop          0 2025-11-04 19:45 hdfs://hzbd/flink/checkpoints/order-risk-legacy
drwx------   - flink  hadoop          0 2025-08-19 09:31 hdfs://hzbd/flink/checkpoints/order-status-sync
drwxrwxr-x   - rt     hadoop          0 2026-02-15 11:26 hdfs://hzbd/flink/checkpoints/ride-share-match
drwxrwxr-x   - lijing hadoop          0 2026-08-21 16:39 hdfs://hzbd/flink/checkpoints/trip-eta-feature""")
        app = APP_PREFIX + "20533"
        t.bash(f"ssh {GW} '{HADOOP_BIN}/yarn application -list -appStates RUNNING 2>/dev/null | grep order-status-sync'", "找 order-status-sync 的 application",
               out=f"{app}\t   order-status-sync\t        Apache Flink\t     flink\t        rt\t           RUNNING\t         UNDEFINED\t           100%\thttp://bd-nm-09.bd.kuaida.internal:42281")
        jid = hx(32)
        t.bash(f"curl -s {RM}/proxy/{app}/jobs/overview | jq -r '.jobs[] | [.jid, .name, .state] | @tsv'", "作业 ID",
               out=f"{jid}\torder-status-sync\tRUNNING")
        t.bash(f"curl -s {RM}/proxy/{app}/jobs/{jid}/checkpoints | jq '{{counts, last: .latest.completed | {{id, checkpointed_size, state_size, external_path}}}}' "
               f"&& curl -s {RM}/proxy/{app}/jobs/{jid}/checkpoints/config | jq '{{externalization, state_backend, checkpoint_storage}}'",
               "从 REST 看状态大小和保留策略",
               out=f"""{{
  "counts": {{
    "restored": 1,
    "total": 71864,
    "in_progress": 0,
    "completed": 71860,
    "failed": 4
  }},
  "last": {{
    "id": 71864,
    "checkpointed_size": 211847120,
    "state_size": 44783215530,
    "external_path": "hdfs://hzbd/flink/checkpoints/order-status-sync/{jid}/chk-71864"
  }}
}}
{{
  "externalization": {{
    "enabled": true,
    "delete_on_cancellation": false
  }},
  "state_backend": "EmbeddedRocksDBStateBackend",
  "checkpoint_storage": "FileSystemCheckpointStorage"
}}""")
        t.done(f"""目录大小我这边查不了：`/flink/checkpoints/order-status-sync` 的 owner 是 `flink`，权限 `drwx------`，我们个人账号连列目录都不行（`Permission denied: user=zhouqh, access=READ_EXECUTE`）。其他作业的目录都是 `775`，只有它是老的 flink 账号建的。

能从 REST 拿到的信息：
- 当前作业 `{jid}` 的全量状态约 **41.7 GB**（RocksDB 增量 checkpoint，每次增量 200 MB 左右）
- `delete_on_cancellation: false`，也就是每次停/重启都会把旧 job id 目录留下；这个作业从 2025 年 8 月跑到现在，中间重启过的话，目录下很可能有多个历史 `<jobId>/` 没清，这就是"攒了一堆"的来源

要确认到底占多少、清哪些，需要平台组（flink 账号的管理员）帮忙：要么给 rt 组加 ACL（`hdfs dfs -setfacl -R -m group:rt:r-x`），要么他们直接跑一下 `du`。我这边没动任何东西。""")

        t = d.task("trip-eta-feature 今天迁 K8s。先在 YARN 上把它停掉，带 savepoint，路径按文档里的规矩来", tags=["mistake:M2"])
        app = APP_PREFIX + "20417"
        t.bash(f"ssh {GW} '{HADOOP_BIN}/yarn application -list -appStates RUNNING 2>/dev/null | grep trip-eta-feature'", "确认 application id",
               out=f"{app}\t    trip-eta-feature\t        Apache Flink\t    lijing\t        rt\t           RUNNING\t         UNDEFINED\t           100%\thttp://bd-nm-17.bd.kuaida.internal:36117")
        jid = TRIP_JID
        t.bash(f"curl -s {RM}/proxy/{app}/jobs/overview | jq -r '.jobs[] | [.jid, .name, .state] | @tsv'", "拿 job id",
               out=f"{jid}\ttrip-eta-feature\tRUNNING")
        stop = (f"{FLINK_GW} stop --savepointPath hdfs://hzbd/flink/savepoints/trip-eta-feature "
                f"-t yarn-application -Dyarn.application.id={app} {jid}")
        t.fail(f"ssh {GW} '{stop}'", "带 savepoint 停止作业",
               f"""Suspending job "{jid}" with a CANONICAL savepoint.
{CLI_BANNER}
{NO_CCF}
	at org.apache.flink.client.cli.CliFrontend.runClusterAction(CliFrontend.java:1043)
	at org.apache.flink.client.cli.CliFrontend.stop(CliFrontend.java:596)
	at org.apache.flink.client.cli.CliFrontend.parseAndRun(CliFrontend.java:1107)
{CLI_MAIN_TAIL}""")
        t.say("客户端没找到 YARN 的 ClusterClientFactory，作业还在跑、没有被停。ssh 直接执行命令时没有登录环境里的 `HADOOP_CLASSPATH`，"
              "同一条命令前面补上：")
        sp = "hdfs://hzbd/flink/savepoints/trip-eta-feature/savepoint-8c2f1a-5e0d3b9a7c41"
        t.bash(f"ssh {GW} 'export HADOOP_CLASSPATH=$({HADOOP_BIN}/hadoop classpath) && {stop}'", "带上 HADOOP_CLASSPATH 再停",
               out="\n".join([
                   f'Suspending job "{jid}" with a CANONICAL savepoint.',
                   yarn_log("2026-09-18 10:31:07,441", "WARN", "org.apache.hadoop.util.NativeCodeLoader",
                            "Unable to load native-hadoop library for your platform... using builtin-java classes where applicable"),
                   yarn_log("2026-09-18 10:31:07,902", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor",
                            f"Found Web Interface bd-nm-17.bd.kuaida.internal:36117 of application '{app}'."),
                   f"Savepoint completed. Path: {sp}"]), timeout=600000)
        t.bash(f"ssh {GW} '{HADOOP_BIN}/hdfs dfs -ls {sp}'", "确认 savepoint 文件",
               out=f"""Found 7 items
-rw-r--r--   3 lijing hadoop     184211 2026-09-18 10:31 {sp}/_metadata
-rw-r--r--   3 lijing hadoop   41873352 2026-09-18 10:31 {sp}/1d6c0a47-3b55-4a8e-9f2e-6c1b0e7d21a3
-rw-r--r--   3 lijing hadoop   40117946 2026-09-18 10:31 {sp}/37e9b2f1-8d40-4c6a-b1f3-9a52d8c0e614
-rw-r--r--   3 lijing hadoop   42660198 2026-09-18 10:31 {sp}/5a0f4c83-2e17-4d9b-8c65-0b3f7e19a2d8
-rw-r--r--   3 lijing hadoop   39998217 2026-09-18 10:31 {sp}/8b41e6d2-a05c-4f73-9e18-c2d75b3f0a96
-rw-r--r--   3 lijing hadoop   41402775 2026-09-18 10:31 {sp}/c29d7f05-61ab-4e3a-8d0c-5f84a1b6e273
-rw-r--r--   3 lijing hadoop   40851130 2026-09-18 10:31 {sp}/e7a3158c-9f26-4b0d-a4e1-3d6c82f90b57""")
        t.bash(f"ssh {GW} '{HADOOP_BIN}/yarn application -status {app} 2>/dev/null | grep -E \"^\\s+(State|Final-State) :\"'", "确认 YARN 上已结束",
               out="\tState : FINISHED\n\tFinal-State : SUCCEEDED")
        t.done(f"""trip-eta-feature 已在 YARN 上带 savepoint 停掉：

- savepoint：`{sp}`（`_metadata` + 6 个状态文件，约 247 MB）
- YARN `{app}`：FINISHED / SUCCEEDED

第一次 `flink stop` 报 `No ClusterClientFactory found`，作业当时没被停；加上 `export HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath)` 后同一条命令成功。

从现在开始 `ods_trip_event` 的消费停着，K8s 上尽快拉起来。""")

        d.precompact("""Summary of the session so far:
1. Developer: 周启航 (zhouqh), real-time data platform at 快达出行, repo /home/zhouqh/work/rt-flink-jobs (Flink 1.18.1, Java 17, Maven multi-module: rt-common + jobs/*). K8s jobs via Flink Kubernetes Operator 1.9 in namespace rt-jobs (deploy/k8s/*.yaml, upgradeMode savepoint, HDFS hdfs://hzbd for state); legacy YARN jobs submitted from gateway bd-gw-03 with /opt/flink-1.18.1 and Hadoop in /opt/hadoop.
2. order-status-sync checkpoint dir on HDFS is owned by the flink account (drwx------); du failed with Permission denied; REST shows ~41.7 GB state, externalized checkpoints retained on cancellation. Needs the platform team; nothing changed.
3. trip-eta-feature stopped on YARN with a savepoint: hdfs://hzbd/flink/savepoints/trip-eta-feature/savepoint-8c2f1a-5e0d3b9a7c41 (application application_1725430827413_20417 FINISHED/SUCCEEDED). The first flink stop over ssh failed with "No ClusterClientFactory found" (no HADOOP_CLASSPATH in the non-login ssh shell); re-run with export HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath) worked.
4. Next: deploy trip-eta-feature on K8s from that savepoint (CI image harbor.kuaida-inc.com/rt/trip-eta-feature:2.5.4).""")

        t = d.task("好，接着把 trip-eta-feature 在 K8s 上从刚才那个 savepoint 拉起来。镜像 CI 已经出了 2.5.4，并行度跟 YARN 上一样是 6", tags=["workflow:W1"])
        t.read(K8S_DO)
        t.write(K8S_TRIP, K8S_TRIP_TXT)
        t.bash("kubectl -n rt-jobs diff -f deploy/k8s/trip-eta-feature.yaml || true", "预览要创建的资源",
               out="""diff -u -N /tmp/LIVE-3391820465/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.trip-eta-feature /tmp/MERGED-818202347/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.trip-eta-feature
--- /tmp/LIVE-3391820465/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.trip-eta-feature	2026-09-18 10:44:19.506312440 +0800
+++ /tmp/MERGED-818202347/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.trip-eta-feature	2026-09-18 10:44:19.509312502 +0800
@@ -0,0 +1,63 @@
+apiVersion: flink.apache.org/v1beta1
+kind: FlinkDeployment
+metadata:
+  creationTimestamp: "2026-09-18T02:44:19Z"
+  generation: 1
+  labels:
+    team: rt
+  name: trip-eta-feature
+  namespace: rt-jobs
+  uid: 5d0e7c2b-3f41-4a18-9b6e-02c9a7f1d834
+spec:
+  flinkConfiguration:
+    execution.checkpointing.externalized-checkpoint-retention: RETAIN_ON_CANCELLATION
+    execution.checkpointing.interval: 60s
+    high-availability.storageDir: hdfs://hzbd/flink/ha-k8s/trip-eta-feature
+    high-availability.type: kubernetes
+    kubernetes.operator.savepoint.history.max.count: "5"
+    metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory
+    state.backend.incremental: "true"
+    state.backend.type: rocksdb
+    state.checkpoints.dir: hdfs://hzbd/flink/checkpoints-k8s/trip-eta-feature
+    state.savepoints.dir: hdfs://hzbd/flink/savepoints-k8s/trip-eta-feature
+    taskmanager.numberOfTaskSlots: "2"
+  flinkVersion: v1_18
+  image: harbor.kuaida-inc.com/rt/trip-eta-feature:2.5.4
+  job:
+    args:
+    - --env
+    - prod
+    entryClass: com.kuaida.rt.jobs.tripeta.TripEtaFeatureJob
+    initialSavepointPath: hdfs://hzbd/flink/savepoints/trip-eta-feature/savepoint-8c2f1a-5e0d3b9a7c41
+    jarURI: local:///opt/flink/usrlib/trip-eta-feature.jar
+    parallelism: 6
+    state: running
+    upgradeMode: savepoint
+  jobManager:
+    resource:
+      cpu: 1
+      memory: 2048m
+  podTemplate:
+    spec:
+      containers:
+      - envFrom:
+        - secretRef:
+            name: rt-job-secrets
+        name: flink-main-container
+        volumeMounts:
+        - mountPath: /opt/hadoop/conf
+          name: hadoop-conf
+      volumes:
+      - configMap:
+          name: hadoop-conf-hzbd
+        name: hadoop-conf
+  serviceAccount: flink
+  taskManager:
+    resource:
+      cpu: 2
+      memory: 4096m""")
        t.bash("kubectl -n rt-jobs apply -f deploy/k8s/trip-eta-feature.yaml", "创建 FlinkDeployment",
               out="flinkdeployment.flink.apache.org/trip-eta-feature created")
        t.bash("sleep 150 && kubectl -n rt-jobs get flinkdeployment trip-eta-feature", "等作业起来",
               out="NAME               JOB STATUS   LIFECYCLE STATE\ntrip-eta-feature   RUNNING      STABLE", timeout=300000)
        jid2 = hx(32)
        t.bash(f"curl -s {K8S_REST}/trip-eta-feature/jobs/overview | jq -r '.jobs[] | [.jid, .state] | @tsv'", "作业 ID",
               out=f"{jid2}\tRUNNING")
        t.bash(f"sleep 90 && curl -s {K8S_REST}/trip-eta-feature/jobs/{jid2}/checkpoints | jq '{{counts, restored: .latest.restored | "
               "{id, is_savepoint, external_path}, last: .latest.completed | {id, end_to_end_duration}}'", "确认从 savepoint 恢复",
               out="""{
  "counts": {
    "restored": 1,
    "total": 1,
    "in_progress": 0,
    "completed": 1,
    "failed": 0
  },
  "restored": {
    "id": 39061,
    "is_savepoint": true,
    "external_path": "hdfs://hzbd/flink/savepoints/trip-eta-feature/savepoint-8c2f1a-5e0d3b9a7c41"
  },
  "last": {
    "id": 39062,
    "end_to_end_duration": 14207
  }
}""", timeout=300000)
        t.bash(f"kafka-consumer-groups.sh --bootstrap-server {KAFKA} --describe --group trip-eta-feature | awk 'NR>4 {{s+=$6}} END {{print \"total lag:\", s}}'",
               "看积压是否在追", out="total lag: 48211")
        t.done("""trip-eta-feature 已经在 K8s 上跑起来了，下面是完整的迁移记录和后续步骤，方便你贴 wiki：

**1. 背景与目标**
trip-eta-feature 原来跑在 hz-bd01 的 YARN 上（application_1725430827413_20417，提交人 lijing，队列 rt），按计划迁到 rt-jobs namespace，由 Flink Kubernetes Operator 1.9 托管，升级方式统一为 savepoint 模式，状态仍然放在 hdfs://hzbd。

**2. YARN 侧停止**
- 在 bd-gw-03 上执行 `flink stop --savepointPath hdfs://hzbd/flink/savepoints/trip-eta-feature -t yarn-application -Dyarn.application.id=<appId> <jobId>`（ssh 非登录 shell 需要先 `export HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath)`）
- 得到 savepoint：`hdfs://hzbd/flink/savepoints/trip-eta-feature/savepoint-8c2f1a-5e0d3b9a7c41`，`_metadata` + 6 个状态文件，约 247 MB
- 确认 YARN application 为 FINISHED / SUCCEEDED

**3. K8s 侧部署**
- 新建 `deploy/k8s/trip-eta-feature.yaml`：以 driver-online 的 yaml 为模板，image `harbor.kuaida-inc.com/rt/trip-eta-feature:2.5.4`，`entryClass` `com.kuaida.rt.jobs.tripeta.TripEtaFeatureJob`，parallelism 6（与 YARN 一致，2 slot/TM 共 3 个 TM），RocksDB 增量 checkpoint，Kubernetes HA，checkpoint/savepoint/HA 目录都在 `hdfs://hzbd/flink/*-k8s/trip-eta-feature`
- `spec.job.initialSavepointPath` 指向上面的 savepoint；这个字段只在首次部署时生效，以后升级由 operator 自己打 savepoint，不需要删
- `kubectl -n rt-jobs diff` 预览 → `kubectl -n rt-jobs apply` 创建 → 约 2 分半后 `RUNNING / STABLE`

**4. 验证**
- REST `/jobs/<jid>/checkpoints`：`restored.is_savepoint = true`，`external_path` 就是 YARN 上那个 savepoint，恢复的 checkpoint id 39061，接着的 #39062 用时 14.2 秒，成功
- 消费组 `trip-eta-feature` 积压 4.8 万，正在追；停机窗口约 15 分钟，期间的数据从 savepoint 里的 offset 继续读，不丢

**5. 后续**
- 观察一天 checkpoint 时长和 lag，稳定后把 `hdfs://hzbd/flink/checkpoints/trip-eta-feature` 里 YARN 时代的旧 checkpoint 按保留策略清理
- `docs/deploy-yarn.md` 里把 trip-eta-feature 标记为已迁移
- 告警：Grafana 上的 lag 告警按消费组配置，组名没变，不用改
- 通知下游特征平台：作业实例变了，但输出 topic、格式都没变

**6. 回滚方案**
如果 K8s 上跑出问题：`kubectl -n rt-jobs patch flinkdeployment trip-eta-feature --type merge -p '{"spec":{"job":{"state":"suspended"}}}'` 停作业（会打 savepoint），在 YARN 上用 `flink run-application ... -s <该 savepoint>` 重新提交即可。""")

        t = d.task("问个概念：KafkaSink 用 EXACTLY_ONCE 的时候，producer 的 transaction.timeout.ms 和 broker 的 transaction.max.timeout.ms 是什么关系？checkpoint 间隔设多大合适",
                   tags=["no_tools"])
        t.done("""关系很简单：**producer 的 `transaction.timeout.ms` 不能大于 broker 的 `transaction.max.timeout.ms`**，否则 `initTransactions` 时 broker 直接拒绝（`InvalidTxnTimeoutException` / "The transaction timeout is larger than the maximum value allowed by the broker"）。

- Flink `KafkaSink` EXACTLY_ONCE 默认把 `transaction.timeout.ms` 设成 1 小时，而 broker 的 `transaction.max.timeout.ms` 默认 15 分钟 → 不改的话作业起不来
- 事务在 checkpoint 完成后才提交，所以 `transaction.timeout.ms` 要 **大于「最长 checkpoint 间隔 + checkpoint 耗时 + 故障恢复时间」**，否则作业挂了重启时，上一个 checkpoint 里预提交的事务已经被 broker 超时中止，数据就丢了
- 实际取值：broker 侧通常调到 1 小时左右（需要运维改配置），producer 侧设 15～30 分钟，checkpoint 间隔 1～3 分钟

另外两点：
1. 下游消费者要设 `isolation.level=read_committed`，不然能看到未提交的数据，精确一次就没意义了；端到端延迟会变成 ≈ checkpoint 间隔
2. 必须设 `transactionalIdPrefix`，并且同一个 Kafka 集群上各作业唯一""")

RUNBOOK_TXT = """# YARN → K8s 迁移（savepoint）

1. 网关停作业：`ssh bd-gw-03 'export HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath) && /opt/flink-1.18.1/bin/flink stop --savepointPath hdfs://hzbd/flink/savepoints/<job> -t yarn-application -Dyarn.application.id=<appId> <jobId>'`
2. 检查：输出里有 `Savepoint completed. Path: ...`，`yarn application -status <appId>` 为 FINISHED
3. 复制一份 `deploy/k8s/driver-online.yaml`，改 name / image / entryClass / parallelism，加 `spec.job.initialSavepointPath: <savepoint 路径>`
4. `kubectl -n rt-jobs diff -f deploy/k8s/<job>.yaml || true` → `kubectl -n rt-jobs apply -f deploy/k8s/<job>.yaml`
5. 检查：`kubectl -n rt-jobs get flinkdeployment <job>` 为 RUNNING / STABLE
6. 检查：`/jobs/<jid>/checkpoints` 里 `latest.restored.external_path` 等于第 1 步的 savepoint，之后 checkpoint 成功
7. 检查：`kafka-consumer-groups.sh --describe --group <job>` 的 lag 在下降
8. 回滚：yaml 里 `job.state: suspended` 再 apply，用新 savepoint 回 YARN `flink run-application -s`
"""

ADHOC_SQL_TXT = """-- 对账：2026-09-22 10:00~11:00 杭州各区支付 GMV（Kafka 原始事件，批模式）
SET 'execution.runtime-mode' = 'batch';

CREATE TEMPORARY TABLE ods_order_event (
  order_id     BIGINT,
  city_id      INT,
  district_id  INT,
  event_type   STRING,
  pay_amount   DECIMAL(12, 2),
  event_time   TIMESTAMP_LTZ(3)
) WITH (
  'connector' = 'kafka',
  'topic' = 'ods_order_event',
  'properties.bootstrap.servers' = 'kafka-hz-01.bd.kuaida.internal:9092',
  'properties.group.id' = 'adhoc-zhouqh',
  'scan.startup.mode' = 'timestamp',
  'scan.startup.timestamp-millis' = '1790042400000',
  'scan.bounded.mode' = 'timestamp',
  'scan.bounded.timestamp-millis' = '1790046000000',
  'format' = 'json',
  'json.ignore-parse-errors' = 'true'
);

CREATE TEMPORARY TABLE dim_district (
  district_id    INT,
  city_id        INT,
  district_name  STRING
) WITH (
  'connector' = 'starrocks',
  'scan-url' = 'sr-fe-01.bd.kuaida.internal:8030',
  'jdbc-url' = 'jdbc:mysql://sr-fe-01.bd.kuaida.internal:9030',
  'username' = 'rt_adhoc_ro',
  'password' = 'adhoc@ro',
  'database-name' = 'dim',
  'table-name' = 'dim_district'
);

SELECT d.district_name, COUNT(*) AS paid_orders, SUM(o.pay_amount) AS gmv
FROM ods_order_event o
JOIN dim_district d ON o.district_id = d.district_id
WHERE city_id = 571 AND o.event_type = 'PAID'
GROUP BY d.district_name
ORDER BY gmv DESC;
"""


def sql_client_echo(stmts_info):
    out = ["[INFO] Executing SQL from file.", "", "Command history file path: /home/zhouqh/.flink-sql-history"]
    for stmt, res in stmts_info:
        lines = stmt.split("\n")
        out.append("Flink SQL> " + lines[0])
        out += ["> " + l for l in lines[1:]]
        out.append(res)
        out.append("")
    return "\n".join(out)


INIT_ECHO = [
    ("SET 'execution.target' = 'remote';", "[INFO] Execute statement succeed."),
    ("SET 'rest.address' = 'flink-session-dev.rt-dev.k8s.kuaida.internal';", "[INFO] Execute statement succeed."),
    ("SET 'rest.port' = '80';", "[INFO] Execute statement succeed."),
    ("SET 'sql-client.execution.result-mode' = 'tableau';", "[INFO] Execute statement succeed."),
    ("SET 'table.local-time-zone' = 'Asia/Shanghai';", "[INFO] Execute statement succeed."),
    ("ADD JAR '/home/zhouqh/jars/flink-sql-connector-kafka-3.2.0-1.18.jar';", "[INFO] Execute statement succeed."),
    ("ADD JAR '/home/zhouqh/jars/flink-connector-starrocks-1.2.9_flink-1.18.jar';", "[INFO] Execute statement succeed."),
]


def s6(d):
    with d.session("2026-09-23T02:00:00", R, branch="master", version="2.1.124"):
        fb = ("上周五你给我的那个 YARN 迁 K8s 的步骤太长了，一大段背景、后续、回滚全混在一起，我往 wiki 上贴的时候 cut half 才能看。"
              "这种 runbook 以后 10 行以内，只留命令和检查点。")
        t = d.task(fb + "按这个标准写一份 docs/runbook/yarn-to-k8s.md", tags=["feedback"], feedback=fb)
        t.glob("docs/**/*.md", [YARN_DOC], path=R)
        t.write(RUNBOOK, RUNBOOK_TXT)
        t.done("""抱歉，上次写成了迁移报告。已按要求写好 `docs/runbook/yarn-to-k8s.md`：8 行，只有命令和检查点（停作业 → 确认 savepoint → 准备 yaml → diff/apply → 三个检查 → 回滚一行）。以后 runbook 都按这个长度来。""")

        t = d.task("支付回调 ods_pay_callback 上游加了个 biz_line 字段（快车/专车/顺风车），StarRocks 表和 routine load 都要跟上。"
                   "表是 ods.ods_pay_callback，routine load 叫 rl_ods_pay_callback", tags=["mistake:M3"])
        t.bash(f"kcat -b {KAFKA} -t ods_pay_callback -p 0 -C -o -2 -e -q", "看两条最新消息确认字段",
               out='{"order_id":9182736450117,"pay_id":"P20260923100412882731","pay_channel":"wxpay","biz_line":"express","amount":23.50,"status":"SUCCESS","pay_time":"2026-09-23 10:04:12"}\n'
                   '{"order_id":9182736450931,"pay_id":"P20260923100413017644","pay_channel":"alipay","biz_line":"carpool","amount":41.00,"status":"SUCCESS","pay_time":"2026-09-23 10:04:13"}')
        t.bash(f'{SR} -e "SHOW ROUTINE LOAD FOR ods.rl_ods_pay_callback\\G" | grep -E "State|JobProperties"', "看 routine load 当前配置",
               out="               State: RUNNING\n       JobProperties: "
                   + job_props(4, 4, 10, jsonpaths='[\\"$.order_id\\",\\"$.pay_id\\",\\"$.pay_channel\\",\\"$.amount\\",\\"$.status\\",\\"$.pay_time\\"]',
                               columns="order_id,pay_id,pay_channel,pay_amount,pay_status,pay_time")
                   + "\nReasonOfStateChanged: ")
        t.bash(f"{SR} -e \"ALTER TABLE ods.ods_pay_callback ADD COLUMN biz_line VARCHAR(32) NULL COMMENT '业务线: express/premier/carpool' AFTER pay_channel\"",
               "表加列")
        t.bash(f'{SR} -e "DESC ods.ods_pay_callback"', "确认表结构",
               out="Field\tType\tNull\tKey\tDefault\tExtra\norder_id\tbigint\tNO\ttrue\tNULL\t\npay_id\tvarchar(64)\tNO\ttrue\tNULL\t\n"
                   "pay_channel\tvarchar(16)\tYES\tfalse\tNULL\t\nbiz_line\tvarchar(32)\tYES\tfalse\tNULL\t\n"
                   "pay_amount\tdecimal(12,2)\tYES\tfalse\tNULL\t\npay_status\tvarchar(16)\tYES\tfalse\tNULL\t\n"
                   "pay_time\tdatetime\tYES\tfalse\tNULL\t")
        alter = (f"{SR} -e 'ALTER ROUTINE LOAD FOR ods.rl_ods_pay_callback "
                 "COLUMNS(order_id, pay_id, pay_channel, biz_line, pay_amount, pay_status, pay_time) "
                 "PROPERTIES (\"jsonpaths\" = \"[\\\"$.order_id\\\",\\\"$.pay_id\\\",\\\"$.pay_channel\\\",\\\"$.biz_line\\\",\\\"$.amount\\\",\\\"$.status\\\",\\\"$.pay_time\\\"]\")'")
        t.fail(alter, "routine load 加上 biz_line 的映射", f"ERROR 1064 (HY000) at line 1: {SIG3}")
        t.say("作业在 RUNNING，StarRocks 不让改。先暂停（位点保留），改完再恢复：")
        t.bash(f'{SR} -e "PAUSE ROUTINE LOAD FOR ods.rl_ods_pay_callback"', "暂停作业")
        t.bash(alter, "再改映射")
        t.bash(f'{SR} -e "RESUME ROUTINE LOAD FOR ods.rl_ods_pay_callback"', "恢复作业")
        t.bash(f"sleep 90 && {SR} -e \"SELECT biz_line, COUNT(*) AS cnt FROM ods.ods_pay_callback WHERE pay_time >= NOW() - INTERVAL 3 MINUTE GROUP BY biz_line ORDER BY cnt DESC\"",
               "看新字段有没有值",
               out="biz_line\tcnt\nexpress\t18342\npremier\t2107\ncarpool\t1689\nNULL\t412")
        t.done("""biz_line 已接上：

- 表：`ALTER TABLE ods.ods_pay_callback ADD COLUMN biz_line VARCHAR(32) NULL ... AFTER pay_channel`（3.2 的 fast schema evolution，秒级完成）
- routine load：`COLUMNS` 和 `jsonpaths` 都加了 `biz_line`。第一次 ALTER 报 `Only supports modification of PAUSED jobs`，按 `PAUSE` → `ALTER` → `RESUME` 做的，暂停期间位点保留
- 最近 3 分钟：express 18342、premier 2107、carpool 1689；412 条 NULL 是改之前进来的，或者上游老版本没带这个字段，属正常""")

        t = d.task("dws-city-gmv 上线一周了，业务说 22 号上午 10 点到 11 点杭州的 GMV 和离线对不上。你直接用 Flink SQL 从 kafka 把那一小时的原始事件捞出来，"
                   "按区算一下支付单量和 GMV（区的名字在 StarRocks 的 dim.dim_district），写个临时 SQL 用 sql-client 跑", tags=["oneoff:O2"])
        t.read(SQL_INIT)
        t.write(ADHOC_SQL, ADHOC_SQL_TXT)
        run = "sql-client.sh -i sql/init/dev_session.sql -f sql/adhoc/gmv_check_0922.sql"
        stmts_before = [
            ("SET 'execution.runtime-mode' = 'batch';", "[INFO] Execute statement succeed."),
            ("CREATE TEMPORARY TABLE ods_order_event (\n  order_id     BIGINT,\n  ...\n);", "[INFO] Execute statement succeed."),
            ("CREATE TEMPORARY TABLE dim_district (\n  district_id    INT,\n  ...\n);", "[INFO] Execute statement succeed."),
        ]
        select_bad = ("SELECT d.district_name, COUNT(*) AS paid_orders, SUM(o.pay_amount) AS gmv\nFROM ods_order_event o\n"
                      "JOIN dim_district d ON o.district_id = d.district_id\nWHERE city_id = 571 AND o.event_type = 'PAID'\n"
                      "GROUP BY d.district_name\nORDER BY gmv DESC;")
        t.fail(run, "跑对账 SQL",
               sql_client_echo(INIT_ECHO + stmts_before + [(select_bad,
                   "[ERROR] Could not execute SQL statement. Reason:\n"
                   "org.apache.calcite.sql.validate.SqlValidatorException: Column 'city_id' is ambiguous")])
               + "\nShutting down the session...\ndone.")
        t.say("两张表都有 `city_id`，WHERE 里没加表别名。限定成订单表的：")
        t.edit(ADHOC_SQL, "WHERE city_id = 571 AND o.event_type = 'PAID'", "WHERE o.city_id = 571 AND o.event_type = 'PAID'")
        rows = [("余杭区", 4127, "168342.60"), ("西湖区", 3380, "121906.35"), ("上城区", 3012, "109477.20"), ("拱墅区", 2764, "93015.85"),
                ("滨江区", 2251, "88130.40"), ("萧山区", 2198, "97624.10"), ("钱塘区", 1106, "45218.75"), ("临平区", 987, "36402.55"),
                ("富阳区", 411, "18877.30")]
        table = ["+--------------------------------+----------------------+-----------------------------------------+",
                 "|                  district_name |          paid_orders |                                     gmv |",
                 "+--------------------------------+----------------------+-----------------------------------------+"]
        for n, c, g in rows:
            table.append(f"| {n:>28} | {c:>20} | {g:>39} |")
        table += [table[0], f"{len(rows)} rows in set"]
        select_ok = select_bad.replace("WHERE city_id", "WHERE o.city_id")
        t.bash(run, "重跑", out=sql_client_echo(INIT_ECHO + stmts_before + [(select_ok, "\n".join(table))])
               + "\nShutting down the session...\ndone.", timeout=600000)
        tot_c = sum(r[1] for r in rows)
        tot_g = sum(float(r[2]) for r in rows)
        t.bash(f"{SR} -e \"SELECT SUM(paid_orders), SUM(gmv) FROM dws.dws_city_gmv_5m WHERE city_id = 571 "
               "AND window_start >= '2026-09-22 10:00:00' AND window_start < '2026-09-22 11:00:00'\"", "和实时表对比",
               out=f"SUM(paid_orders)\tSUM(gmv)\n{tot_c - 3}\t{tot_g - 96.4:.2f}")
        t.done(f"""22 号 10:00–11:00 杭州：Kafka 原始事件算出来 **{tot_c} 单、GMV {tot_g:,.2f}**；实时表 `dws_city_gmv_5m` 是 {tot_c - 3} 单、{tot_g - 96.4:,.2f}，只差 3 单（96.40 元），
基本是 10 秒 watermark 之后才到的迟到数据被窗口丢掉了。实时链路本身没问题，和离线差得多的话，要看离线那边的口径（是否按支付回调时间、是否含退款）。

分区明细在上面的表里，余杭、西湖、上城排前三。

SQL 在 `sql/adhoc/gmv_check_0922.sql`。第一次跑报 `Column 'city_id' is ambiguous`（两张表都有 city_id，WHERE 里没写别名），改成 `o.city_id` 后正常。""")

        t = d.task("又报警了，surge-pricing-signal 的 lag 涨到 90 万，昨天晚高峰也响过一次。老规矩查一下，看是不是又是 sink 的问题", tags=["workflow:W2", "flaky:F2"])
        rows = cg_rows(12, 1121000000, 61000, 88000)
        t.bash(f"kafka-consumer-groups.sh --bootstrap-server {KAFKA} --describe --group surge-pricing-signal", "看消费组 lag",
               out=cg_describe("surge-pricing-signal", "ods_order_event", rows))
        ov = f"curl -sf {K8S_REST}/surge-pricing-signal/jobs/overview"
        t.fail(ov, "作业概况", "curl: (22) The requested URL returned error: 502", code=22)
        t.say("ingress 返回 502，多半是瞬时的，原样再试一次：")
        jid = hx(32)
        t.bash(ov, "作业概况", out='{"jobs":[{"jid":"%s","name":"surge-pricing-signal","start-time":1789524127311,"end-time":-1,"duration":605912044,'
                                '"state":"RUNNING","last-modification":1789524161520,"tasks":{"running":12,"canceling":0,"canceled":0,"total":12,'
                                '"created":0,"scheduled":0,"deploying":0,"reconciling":0,"finished":0,"failed":0,"initializing":0}}]}' % jid)
        v1, v2 = hx(32), hx(32)
        t.bash(f"curl -s {K8S_REST}/surge-pricing-signal/jobs/{jid} | jq -r '.vertices[] | [.id, .name, .parallelism] | @tsv'", "列 vertex",
               out=f"{v1}\tSource: ods_order_event -> parse-order-event -> Filter -> Timestamps/Watermarks\t6\n"
                   f"{v2}\tcity-1m-signal -> Map -> sink-dws-surge-signal: Writer -> sink-dws-surge-signal: Committer\t6")
        t.bash(f"for v in {v1} {v2}; do curl -s {K8S_REST}/surge-pricing-signal/jobs/{jid}/vertices/$v/backpressure | "
               "jq -c '{level: .[\"backpressure-level\"], ratios: [.subtasks[].ratio]}'; done", "看反压",
               out='{"level":"ok","ratios":[0.02,0,0.01,0,0.03,0]}\n{"level":"ok","ratios":[0,0,0,0,0,0]}')
        t.bash(f"for v in {v1} {v2}; do curl -s '{K8S_REST}/surge-pricing-signal/jobs/{jid}/vertices/'$v'/subtasks/metrics?get=busyTimeMsPerSecond' | jq -c '.[0]'; done",
               "两个 vertex 的繁忙度",
               out='{"id":"busyTimeMsPerSecond","min":968.0,"max":1000.0,"avg":991.2,"sum":5947.0}\n'
                   '{"id":"busyTimeMsPerSecond","min":7.0,"max":19.0,"avg":11.8,"sum":71.0}')
        t.bash(f"curl -s {K8S_REST}/surge-pricing-signal/taskmanagers | jq -r '.taskmanagers[].id' | while read tm; do "
               f"curl -s '{K8S_REST}/surge-pricing-signal/taskmanagers/'$tm'/metrics?get=Status.JVM.CPU.Load' | jq -c --arg tm $tm '{{tm: $tm, cpu: .[0].value}}'; done",
               "TM 的 CPU 负载",
               out='{"tm":"surge-pricing-signal-taskmanager-1-1","cpu":"0.9811467"}\n{"tm":"surge-pricing-signal-taskmanager-1-2","cpu":"0.9762093"}\n'
                   '{"tm":"surge-pricing-signal-taskmanager-1-3","cpu":"0.9894310"}')
        t.bash(f"curl -s '{K8S_REST}/surge-pricing-signal/jobs/{jid}/vertices/{v1}/subtasks/metrics?get=numRecordsInPerSecond' | jq -c '.[0]'",
               "源头处理速率", out='{"id":"numRecordsInPerSecond","min":2271.4,"max":2398.0,"avg":2335.6,"sum":14013.5}')
        t.done("""不是 sink，是 **Source 这条算子链 CPU 不够**：

- lag：12 个分区都在 6～9 万，均匀，整体消费慢，不是倾斜
- 反压：两个 vertex 都是 `ok`，下游没有顶住上游
- 繁忙度：Source 链（`ods_order_event -> parse-order-event -> Filter -> watermarks`）6 个 subtask 的 busy 968～1000ms/s，满了；下游 `city-1m-signal -> sink` 只有 12ms/s，基本闲着
- 3 个 TM 的 JVM CPU 负载都在 0.98 左右：每个 TM 2 个 slot 只给了 2 核，反序列化 + `OrderEvent.parse` 的 JSON 解析把 CPU 吃满，合计只能处理约 1.4 万条/秒
- 时间点上，中秋活动从 22 号开始，`ods_order_event` 晚高峰量比平时高，和昨晚、今天两次报警对得上

建议（改 `deploy/k8s/surge-pricing-signal.yaml`，你定了我来发）：
1. `job.parallelism` 6 → 12（topic 正好 12 个分区，一个 subtask 一个分区）
2. 或者 TM 的 `cpu` 2 → 3、slot 不变，先顶过中秋
3. 长期看 `OrderEvent.parse` 只取调价用到的 5 个字段，能省不少 CPU

另外第一次调 REST 时 ingress 回了一次 502，重试就好了，和这个问题无关。""")

CDC_DEV_TXT = DEV_PROPS_TXT + """mysql.driver.host=mysql-test-01.db.kuaida.internal
mysql.driver.user=flink_cdc
mysql.driver.password=${MYSQL_CDC_DEV_PASSWORD}
mysql.driver.server-id=5401-5404
"""


def s7(d):
    with d.session("2026-09-28T02:30:00", R, branch="master", version="2.1.125"):
        t = d.task("国庆前把司机维表的 CDC 作业搭起来：jobs/dim-driver-cdc，mysql-cdc 读 driver_center.driver_info，写 upsert-kafka 的 dim_driver_info，"
                   "key 是 driver_id，纯 SQL 就行。dev 上先跑通（dev 连 mysql-test-01）", tags=["mistake:M1"])
        t.glob("jobs/*/pom.xml", [P("jobs/coupon-risk-cep/pom.xml"), HEAT_POM, DO_POM, GMV_POM, P("jobs/order-status-sync/pom.xml"),
                                  OW_POM, P("jobs/surge-pricing-signal/pom.xml"), P("jobs/trip-eta-feature/pom.xml")], path=R)
        t.read(PARENT_POM)
        t.read(OW_POM)
        t.read(SQL_SCRIPT)
        t.say("pom 照 order-wide 的写（父 pom 管版本，shade 打包），依赖换成 table bridge + mysql-cdc + kafka；SQL 放 resources 用 SqlScript 加载。")
        t.write(CDC_POM, CDC_POM_TXT)
        t.write(CDC_JOB, CDC_JOB_TXT)
        t.write(CDC_SQL, CDC_SQL_TXT)
        t.write(CDC_DEV, CDC_DEV_TXT)
        t.edit(PARENT_POM, "    <module>jobs/driver-heatmap</module>\n  </modules>",
               "    <module>jobs/driver-heatmap</module>\n    <module>jobs/dim-driver-cdc</module>\n  </modules>")
        t.bash("mvn -pl jobs/dim-driver-cdc -am package -DskipTests 2>&1 | tail -n 32", "打包 dim-driver-cdc",
               out="\n".join([
                   "[INFO] --- shade:3.5.1:shade (default) @ dim-driver-cdc ---",
                   f"[INFO] Including com.kuaida.rt:rt-common:jar:{VER} in the shaded jar.",
                   "[INFO] Including org.apache.flink:flink-sql-connector-mysql-cdc:jar:3.1.1 in the shaded jar.",
                   "[INFO] Including org.apache.flink:flink-connector-kafka:jar:3.2.0-1.18 in the shaded jar.",
                   "[INFO] Including org.apache.kafka:kafka-clients:jar:3.4.0 in the shaded jar.",
                   "[INFO] Including com.github.luben:zstd-jni:jar:1.5.2-1 in the shaded jar.",
                   "[INFO] Including org.lz4:lz4-java:jar:1.8.0 in the shaded jar.",
                   "[INFO] Including org.xerial.snappy:snappy-java:jar:1.1.10.4 in the shaded jar.",
                   "[WARNING] flink-connector-kafka-3.2.0-1.18.jar, flink-sql-connector-mysql-cdc-3.1.1.jar define 1 overlapping resource: ",
                   "[WARNING]   - META-INF/services/org.apache.flink.table.factories.Factory",
                   "[WARNING] flink-sql-connector-mysql-cdc-3.1.1.jar, kafka-clients-3.4.0.jar define 412 overlapping classes: ",
                   "[WARNING]   - org.apache.kafka.common.config.ConfigDef$ValidList",
                   "[WARNING]   - org.apache.kafka.common.utils.Utils",
                   "[WARNING]   - ...",
                   "[WARNING] maven-shade-plugin has detected that some class files are",
                   "[WARNING] present in two or more JARs. When this happens, only one",
                   "[WARNING] single version of the class is copied to the uber jar.",
                   "[WARNING] Usually this is not harmful and you can skip these warnings,",
                   "[WARNING] otherwise try to manually exclude artifacts based on",
                   "[WARNING] mvn dependency:tree -Ddetail=true and the above output.",
                   "[WARNING] See https://maven.apache.org/plugins/maven-shade-plugin/",
                   "[INFO] Replacing original artifact with shaded artifact.",
                   f"[INFO] Replacing {CDC_JAR} with {CDC_JAR[:-4]}-shaded.jar",
                   "[INFO] ------------------------------------------------------------------------",
                   f"[INFO] Reactor Summary for rt-flink-jobs {VER}:",
                   "[INFO] ",
                   "[INFO] rt-flink-jobs ...................................... SUCCESS [  0.203 s]",
                   "[INFO] rt-common .......................................... SUCCESS [  2.774 s]",
                   "[INFO] dim-driver-cdc ..................................... SUCCESS [  9.118 s]",
                   "[INFO] ------------------------------------------------------------------------",
                   "[INFO] BUILD SUCCESS",
                   "[INFO] ------------------------------------------------------------------------"]), timeout=600000)
        run_cdc = (f"flink run -m {DEV_SESSION} -d -c com.kuaida.rt.jobs.dimdriver.DimDriverCdcJob "
                   f"jobs/dim-driver-cdc/target/dim-driver-cdc-{VER}.jar --env dev")
        t.fail(run_cdc, "提交到 dev session 集群",
               factory_missing("sink", "dim_driver_info",
                               {"connector": "upsert-kafka", "topic": "dim_driver_info", "properties.bootstrap.servers": KAFKA_TEST,
                                "key.format": "json", "value.format": "json"},
                               "upsert-kafka", ["blackhole", "datagen", "filesystem", "mysql-cdc", "print"],
                               "	at org.apache.flink.table.api.internal.StatementSetImpl.execute(StatementSetImpl.java:109)\n"
                               "	at com.kuaida.rt.jobs.dimdriver.DimDriverCdcJob.main(DimDriverCdcJob.java:29)"))
        t.say("mysql-cdc 找到了、upsert-kafka 没找到，可用列表里只剩 mysql-cdc 的工厂：打包日志里那条 `define 1 overlapping resource: "
              "META-INF/services/org.apache.flink.table.factories.Factory` 就是原因，shade 只留了 mysql-cdc 那份。order-wide 是纯 DataStream，"
              "它的 shade 配置不合并 SPI 文件，照抄过来就踩了。加 `ServicesResourceTransformer`：")
        t.edit(CDC_POM, """                  <mainClass>com.kuaida.rt.jobs.dimdriver.DimDriverCdcJob</mainClass>
                </transformer>""", """                  <mainClass>com.kuaida.rt.jobs.dimdriver.DimDriverCdcJob</mainClass>
                </transformer>
                <transformer implementation="org.apache.maven.plugins.shade.resource.ServicesResourceTransformer"/>""")
        t.bash("mvn -q -pl jobs/dim-driver-cdc -am package -DskipTests", "重新打包", timeout=600000)
        jid = hx(32)
        t.bash(run_cdc, "再次提交", out=f"Job has been submitted with JobID {jid}")
        t.bash("sleep 60 && kcat -b kafka-test-01.bd.kuaida.internal:9092 -t dim_driver_info -p 0 -C -o -3 -e -q -f '%k\\t%s\\n'",
               "看 upsert-kafka 里的数据",
               out='{"driver_id":300127745}\t{"driver_id":300127745,"city_id":571,"driver_level":3,"car_type":"express","service_status":1,"updated_at":"2026-09-28 10:41:07"}\n'
                   '{"driver_id":300128019}\t{"driver_id":300128019,"city_id":571,"driver_level":2,"car_type":"premier","service_status":0,"updated_at":"2026-09-27 22:13:50"}\n'
                   '{"driver_id":300130562}\t{"driver_id":300130562,"city_id":330,"driver_level":1,"car_type":"express","service_status":1,"updated_at":"2026-09-28 10:44:31"}', timeout=300000)
        t.done(f"""`jobs/dim-driver-cdc` 在 dev 上跑通了（JobID `{jid}`）：

- `dim_driver_cdc.sql`：`mysql-cdc` 源表（增量快照，`server-id` 5401-5404，时区 Asia/Shanghai）→ `upsert-kafka` 的 `dim_driver_info`，key/value 都是 JSON，主键 `driver_id`
- `DimDriverCdcJob` 和 dws-city-gmv 一样用 SqlScript 加载、StatementSet 提交；dev 配置连 mysql-test-01，密码走环境变量
- kcat 看了 `dim_driver_info`，key 是 `{{"driver_id":...}}`，value 是整行，已经在出数据了

第一次提交报 `Could not find any factory for identifier 'upsert-kafka'`：shade 没合并 `META-INF/services`，mysql-cdc 的那份把 kafka 的盖了。pom 加上 `ServicesResourceTransformer` 重新打包就好了。

prod 的 `server-id` 范围要找 DBA 要一段不冲突的。""")

        t = d.task("dim-driver-cdc 没问题的话提个 MR，老规矩先跑一遍 verify", tags=["workflow:W3"])
        t.bash("git checkout -b feat/dim-driver-cdc", "建分支", err="Switched to a new branch 'feat/dim-driver-cdc'")
        t.bash("mvn -pl jobs/dim-driver-cdc -am verify 2>&1 | tail -n 14", "跑 verify",
               out=f"""[INFO] Replacing original artifact with shaded artifact.
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for rt-flink-jobs {VER}:
[INFO] 
[INFO] rt-flink-jobs ...................................... SUCCESS [  0.191 s]
[INFO] rt-common .......................................... SUCCESS [  3.027 s]
[INFO] dim-driver-cdc ..................................... SUCCESS [  8.664 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  12.118 s
[INFO] Finished at: 2026-09-28T11:02:45+08:00
[INFO] ------------------------------------------------------------------------""", timeout=600000)
        t.bash("git add pom.xml jobs/dim-driver-cdc && git commit -m \"feat(dim): 司机维表 CDC 作业 dim-driver-cdc（mysql-cdc -> upsert-kafka）\"",
               "提交", out=commit_out("feat/dim-driver-cdc", "feat(dim): 司机维表 CDC 作业 dim-driver-cdc（mysql-cdc -> upsert-kafka）", 5, 164, 0))
        t.bash("git push -u origin feat/dim-driver-cdc", "推分支", err=push_err("feat/dim-driver-cdc"))
        t.bash("glab mr create --target-branch master --title \"feat(dim): 司机维表 CDC 作业 dim-driver-cdc\" "
               "--description \"mysql-cdc 读 driver_center.driver_info，写 upsert-kafka dim_driver_info（key=driver_id）。dev 已验证。"
               "prod 上线前需要：DBA 分配 server-id 段、建 topic dim_driver_info（cleanup.policy=compact）、补 conf/prod.properties。\" "
               "--remove-source-branch --yes", "创建 MR", out=mr_out("feat/dim-driver-cdc", 497, "feat(dim): 司机维表 CDC 作业 dim-driver-cdc"))
        t.done(f"""MR：https://{GITLAB}/rt/rt-flink-jobs/-/merge_requests/497

`verify` 通过（这个模块没有单测，只验证了编译和打包）。MR 描述里写了 prod 前置条件：DBA 分配 server-id、建 compact topic `dim_driver_info`、补 `conf/prod.properties`。""")

        t = d.task("国庆 7 天订单量预计是平时的 1.6 倍左右，Flink 这边节前要准备啥？给我列个 checklist", tags=["no_tools"])
        t.done("""节前 checklist：

1. **并行度 / 资源**：按 1.6 倍峰值看每个作业现在的 busy 和 lag 余量。order-wide、driver-online、surge-pricing-signal 峰值时 busy 已经 > 60% 的，节前提并行度（改 FlinkDeployment，别在代码里写死）；确认 K8s 节点池和 YARN `rt` 队列有余量
2. **Kafka**：上游 topic 分区数 ≥ 新并行度；broker 磁盘按 1.6 倍流量 × 保留时长估一下
3. **checkpoint**：看各作业最近一周 checkpoint 时长，峰值时接近超时的先调 `execution.checkpointing.timeout` 或加资源；HDFS /flink 配额（order-status-sync 那个目录还没清）
4. **savepoint 兜底**：节前给每个作业手动打一次 savepoint，记下路径
5. **下游**：StarRocks routine load 并发、BE 导入线程、compaction 积压；Flink StarRocks sink 的 flush 参数
6. **告警**：lag、checkpoint 失败、作业重启次数的告警都确认有人值班接收；值班表写上 YARN 网关的操作方式
7. **变更冻结**：节前 2 天起不发非紧急版本""")

        t = d.task("ods_driver_gps 国庆前要不要扩分区？看下现在的分区、副本分布，还有每个分区的数据量", tags=["noise", "long_output"])
        lines = [f"Topic: ods_driver_gps\tTopicId: 7bqLx2ZkTfGm3dYV0a9RwQ\tPartitionCount: 24\tReplicationFactor: 3\t"
                 "Configs: min.insync.replicas=2,cleanup.policy=delete,retention.ms=259200000,segment.bytes=1073741824"]
        brokers = [1, 2, 3, 4, 5, 6]
        for p in range(24):
            rep = [brokers[(p + k * 2) % 6] for k in range(3)]
            isr = rep
            lines.append(f"\tTopic: ods_driver_gps\tPartition: {p}\tLeader: {rep[0]}\tReplicas: {','.join(map(str, rep))}\tIsr: {','.join(map(str, isr))}")
        t.bash(f"kafka-topics.sh --bootstrap-server {KAFKA} --describe --topic ods_driver_gps", "看分区和副本", out="\n".join(lines))
        ends = [2978000000 + _rng[0].randint(-400000, 400000) for _ in range(24)]
        starts = [e - 180000000 - _rng[0].randint(-900000, 900000) for e in ends]
        t.bash(f"kafka-get-offsets.sh --bootstrap-server {KAFKA} --topic ods_driver_gps --time -1 && "
               f"kafka-get-offsets.sh --bootstrap-server {KAFKA} --topic ods_driver_gps --time -2", "各分区最新和最早位点",
               out="\n".join(f"ods_driver_gps:{p}:{e}" for p, e in enumerate(ends)) + "\n"
                   + "\n".join(f"ods_driver_gps:{p}:{s}" for p, s in enumerate(starts)))
        per_day = [(e - s) / 3 for s, e in zip(starts, ends)]
        t.done(f"""**不建议扩分区。**

- 24 个分区，RF 3，`min.insync.replicas=2`，leader 在 6 个 broker 上各 4 个，ISR 全齐
- 3 天保留内每个分区约 {min(per_day) / 1e6:.1f}～{max(per_day) / 1e6:.1f} 百万条/天，分布很均匀，没有热点分区
- 全 topic 平均约 {sum(per_day) / 86400:,.0f} 条/秒（早晚高峰大概是平均的 1.7 倍），单分区平均 {sum(per_day) / 86400 / 24:,.0f} 条/秒；按 1.6 倍再叠加高峰，单分区也就 2 千条/秒上下，每条几百字节，离分区吞吐上限很远

消费端才是瓶颈：driver-online 现在 8 并行度，24 个分区最多能开到 24，节前按峰值再评估一下就行。扩分区反而有副作用——上游按 driver_id 做 key，扩完同一个司机的上报会换分区，节日期间顺序会乱一段时间；routine load 和各 Flink 作业也要确认能感知新分区。""")

OW_TIMEOUT_TXT = """package com.kuaida.rt.jobs.orderwide;

import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.time.Duration;

/**
 * 派单超时：DISPATCHED 之后 timeout 内没有 ACCEPTED，就输出一条 DispatchTimeout。
 * key = orderId。状态只存一个「等待中的派单时间」，接单 / 超时 / 取消后立即清理。
 */
public class DispatchTimeoutFunction extends KeyedProcessFunction<Long, DispatchEvent, DispatchTimeout> {

    private final long timeoutMs;
    private transient ValueState<Long> pendingDispatchAt;

    public DispatchTimeoutFunction(Duration timeout) {
        this.timeoutMs = timeout.toMillis();
    }

    @Override
    public void open(Configuration parameters) {
        pendingDispatchAt = getRuntimeContext().getState(
                new ValueStateDescriptor<>("pending-dispatch-at", Long.class));
    }

    @Override
    public void processElement(DispatchEvent e, Context ctx, Collector<DispatchTimeout> out) throws Exception {
        Long pending = pendingDispatchAt.value();
        switch (e.eventType) {
            case "DISPATCHED":
                if (pending != null) {
                    ctx.timerService().deleteEventTimeTimer(pending + timeoutMs);
                }
                pendingDispatchAt.update(e.eventTimeMs);
                ctx.timerService().registerEventTimeTimer(e.eventTimeMs + timeoutMs);
                break;
            case "ACCEPTED":
            case "CANCELLED":
                if (pending != null) {
                    ctx.timerService().deleteEventTimeTimer(pending + timeoutMs);
                    pendingDispatchAt.clear();
                }
                break;
            default:
                break;
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<DispatchTimeout> out) throws Exception {
        Long pending = pendingDispatchAt.value();
        if (pending != null && pending + timeoutMs == timestamp) {
            out.collect(new DispatchTimeout(ctx.getCurrentKey(), pending, timestamp));
            pendingDispatchAt.clear();
        }
    }
}
"""

OW_TIMEOUT_TEST_TXT = """package com.kuaida.rt.jobs.orderwide;

import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DispatchTimeoutFunctionTest {

    private KeyedOneInputStreamOperatorTestHarness<Long, DispatchEvent, DispatchTimeout> harness;

    @BeforeEach
    void setUp() throws Exception {
        harness = new KeyedOneInputStreamOperatorTestHarness<>(
                new KeyedProcessOperator<>(new DispatchTimeoutFunction(Duration.ofSeconds(15))),
                e -> e.orderId, org.apache.flink.api.common.typeinfo.Types.LONG);
        harness.open();
    }

    private static DispatchEvent ev(long orderId, String type, long ts) {
        DispatchEvent e = new DispatchEvent();
        e.orderId = orderId;
        e.eventType = type;
        e.eventTimeMs = ts;
        return e;
    }

    @Test
    void emitsWhenNotAcceptedWithin15s() throws Exception {
        harness.processElement(ev(1L, "DISPATCHED", 1_000L), 1_000L);
        harness.processWatermark(16_000L);
        assertEquals(1, harness.extractOutputValues().size());
        assertEquals(0, harness.numKeyedStateEntries());
    }

    @Test
    void noOutputWhenAccepted() throws Exception {
        harness.processElement(ev(2L, "DISPATCHED", 1_000L), 1_000L);
        harness.processElement(ev(2L, "ACCEPTED", 9_000L), 9_000L);
        harness.processWatermark(30_000L);
        assertEquals(0, harness.extractOutputValues().size());
        assertEquals(0, harness.numEventTimeTimers());
    }

    @Test
    void redispatchRestartsTheClock() throws Exception {
        harness.processElement(ev(3L, "DISPATCHED", 1_000L), 1_000L);
        harness.processElement(ev(3L, "DISPATCHED", 12_000L), 12_000L);
        harness.processWatermark(20_000L);
        assertEquals(0, harness.extractOutputValues().size());
        harness.processWatermark(27_000L);
        assertEquals(1, harness.extractOutputValues().size());
    }
}
"""


def s8(d):
    with d.session("2026-10-09T01:30:00", R, branch="master", version="2.1.127"):
        t = d.task("国庆期间 coupon-risk-cep 在 YARN 上挂了（3 号夜里），风控今天才发现。帮我看下为啥挂的，然后从最近的 checkpoint 拉起来", tags=["mistake:M2"])
        old_app = APP_PREFIX + "31877"
        t.bash(f"ssh {GW} '{HADOOP_BIN}/yarn application -list -appStates FAILED,KILLED 2>/dev/null | grep coupon-risk-cep'", "找挂掉的 application",
               out=f"{old_app}\t     coupon-risk-cep\t        Apache Flink\t    zhouqh\t        rt\t            FAILED\t            FAILED\t           100%\thttp://bd-rm-01.bd.kuaida.internal:8088/cluster/app/{old_app}")
        t.bash(f"ssh {GW} '{HADOOP_BIN}/yarn logs -applicationId {old_app} -log_files jobmanager.log 2>/dev/null | "
               "grep -m 6 -E \"switched from RUNNING to FAILED|Recovery is suppressed|^Caused by\"'", "看 JM 日志里的失败原因",
               out="""2026-10-03 23:41:58,117 INFO  org.apache.flink.runtime.executiongraph.ExecutionGraph       [] - Source: ods_coupon_use (4/6) (a81c2f0d9e3b4c57b6a1e0f2d7c4b813_bc764cd8ddf7a0cff126f51c16239658_3_9) switched from RUNNING to FAILED on container_e37_1725430827413_31877_01_000004 @ bd-nm-12.bd.kuaida.internal (dataPort=41877).
Caused by: org.apache.kafka.common.errors.TimeoutException: Timeout of 60000ms expired before the position for partition ods_coupon_use-3 could be determined
2026-10-03 23:42:11,904 INFO  org.apache.flink.runtime.executiongraph.ExecutionGraph       [] - Job coupon-risk-cep (5e9d0b7a21c4f3e86d1a9b0c7f2e4d31) switched from state RESTARTING to FAILING.
org.apache.flink.runtime.JobException: Recovery is suppressed by FixedDelayRestartBackoffTimeStrategy(maxNumberRestartAttempts=10, backoffTimeMS=30000)
Caused by: org.apache.kafka.common.errors.TimeoutException: Timeout of 60000ms expired before the position for partition ods_coupon_use-3 could be determined""")
        jid_old = "5e9d0b7a21c4f3e86d1a9b0c7f2e4d31"
        t.bash(f"curl -s {HS}/jobs/{jid_old}/checkpoints | jq -r '.latest.completed | [.id, .external_path, (.latest_ack_timestamp/1000|todate)] | @tsv'",
               "HistoryServer 上看最后一个成功的 checkpoint",
               out=f"51207\thdfs://hzbd/flink/checkpoints/coupon-risk-cep/{jid_old}/chk-51207\t2026-10-03T15:34:02Z")
        new_app = APP_PREFIX + "33012"
        run = (f"{FLINK_GW} run-application -t yarn-application -Dyarn.application.name=coupon-risk-cep -Dyarn.application.queue=rt "
               "-Dyarn.provided.lib.dirs=hdfs://hzbd/flink/dist/1.18.1/lib "
               f"-s hdfs://hzbd/flink/checkpoints/coupon-risk-cep/{jid_old}/chk-51207 "
               "hdfs://hzbd/flink/jobs/coupon-risk-cep/coupon-risk-cep-2.5.3.jar --env prod")
        t.say("挂的原因是 10 月 3 日 23:41 Kafka 那边 `ods_coupon_use-3` 拿不到位点（60 秒超时），10 次重启用完作业就 FAILED 了。"
              "最后一个成功的 checkpoint 是 chk-51207（23:34）。从它恢复：")
        t.fail(f"ssh {GW} '{run}'", "从 chk-51207 重新提交",
               f"""{CLI_BANNER}
{NO_CCF}
	at org.apache.flink.client.deployment.application.cli.ApplicationClusterDeployer.run(ApplicationClusterDeployer.java:62)
	at org.apache.flink.client.cli.CliFrontend.runApplication(CliFrontend.java:214)
	at org.apache.flink.client.cli.CliFrontend.parseAndRun(CliFrontend.java:1098)
{CLI_MAIN_TAIL}""")
        t.say("还是网关非登录 shell 的老问题，没有 Hadoop 的 classpath，客户端连 YARN 的部署器都加载不到。同一条命令前面加 export：")
        t.bash(f"ssh {GW} 'export HADOOP_CLASSPATH=$({HADOOP_BIN}/hadoop classpath) && {run}'", "带上 HADOOP_CLASSPATH 重新提交",
               out="\n".join([
                   yarn_log("2026-10-09 10:22:41,307", "WARN", "org.apache.hadoop.util.NativeCodeLoader",
                            "Unable to load native-hadoop library for your platform... using builtin-java classes where applicable"),
                   yarn_log("2026-10-09 10:22:41,966", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor",
                            "Cluster specification: ClusterSpecification{masterMemoryMB=2048, taskManagerMemoryMB=4096, slotsPerTaskManager=2}"),
                   yarn_log("2026-10-09 10:22:42,310", "WARN", "org.apache.flink.yarn.YarnClusterDescriptor",
                            "The configuration directory ('/opt/flink-1.18.1/conf') already contains a LOG4J config file.If you want to use logback, then please delete or rename the log configuration file."),
                   yarn_log("2026-10-09 10:22:44,857", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor",
                            f"Submitting application master {new_app}"),
                   yarn_log("2026-10-09 10:22:45,102", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor", "Waiting for the cluster to be allocated"),
                   yarn_log("2026-10-09 10:22:45,108", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor", "Deploying cluster, current state ACCEPTED"),
                   yarn_log("2026-10-09 10:22:53,471", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor", "YARN application has been deployed successfully."),
                   yarn_log("2026-10-09 10:22:53,472", "INFO", "org.apache.flink.yarn.YarnClusterDescriptor",
                            f"Found Web Interface bd-nm-22.bd.kuaida.internal:40127 of application '{new_app}'."),
               ]), timeout=600000)
        jid = hx(32)
        t.bash(f"sleep 60 && curl -s {RM}/proxy/{new_app}/jobs/overview | jq -r '.jobs[] | [.jid, .name, .state] | @tsv'", "确认作业状态",
               out=f"{jid}\tcoupon-risk-cep\tRUNNING", timeout=300000)
        t.bash(f"curl -s {RM}/proxy/{new_app}/jobs/{jid}/checkpoints | jq '{{restored: .latest.restored | {{id, is_savepoint, external_path}}, counts}}'",
               "确认从 chk-51207 恢复",
               out=f"""{{
  "restored": {{
    "id": 51207,
    "is_savepoint": false,
    "external_path": "hdfs://hzbd/flink/checkpoints/coupon-risk-cep/{jid_old}/chk-51207"
  }},
  "counts": {{
    "restored": 1,
    "total": 1,
    "in_progress": 0,
    "completed": 1,
    "failed": 0
  }}
}}""")
        t.done(f"""coupon-risk-cep 已经从 chk-51207 拉起来了：`{new_app}`，作业 RUNNING，恢复后第一个 checkpoint 已成功。

**为什么挂**：10-03 23:41 `ods_coupon_use` 第 3 分区取位点超时（`Timeout of 60000ms expired before the position for partition ods_coupon_use-3 could be determined`），重启 10 次（间隔 30 秒）都没恢复，`Recovery is suppressed` 后作业 FAILED。那个时间点 Kafka 集群应该有 broker 在维护/重启，可以跟 Kafka 值班确认。

**要告诉风控的**：`ods_coupon_use` 保留 3 天，10-03 23:34 之后的数据有一部分已经过期删掉了，这段时间的风控事件实时侧补不回来，需要他们从离线表补。

**改进**：重启策略现在是固定 10 次，broker 维护一次就可能用完，建议换成 exponential-delay（无限重试 + 退避），再加一条「作业非 RUNNING」的告警，这次挂了 6 天才发现。

提交时第一次又是 `No ClusterClientFactory found`，加上 `export HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath)` 就好了。""")

        t = d.task("order-wide 加个派单超时检测：派单事件出来后 15 秒内没有司机接单（没收到 ACCEPTED）就往 kafka 的 dwd_dispatch_timeout 发一条。"
                   "用 KeyedProcessFunction + 定时器。再强调一次，有状态算子的 uid 必须写死、别靠自动生成，改完走 MR",
                   tags=["workflow:W3", "pref:P1"])
        t.read(OW_JOB)
        t.grep("public (long|String) \\w+;", path=P("jobs/order-wide/src/main/java/com/kuaida/rt/jobs/orderwide/DispatchEvent.java"),
               output_mode="content", n=True,
               content="12:    public long orderId;\n13:    public long driverId;\n14:    public String eventType;\n15:    public long eventTimeMs;")
        t.bash("git checkout master && git pull --ff-only && git checkout -b feat/dispatch-timeout", "从最新 master 建分支",
               out="Already up to date.", err="Already on 'master'\nSwitched to a new branch 'feat/dispatch-timeout'")
        t.write(OW_TIMEOUT, OW_TIMEOUT_TXT)
        t.edit(OW_JOB, """                .filter(e -> e != null)
                .uid("filter-null-dispatch");
""", """                .filter(e -> e != null)
                .uid("filter-null-dispatch")
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<DispatchEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                                .withTimestampAssigner((e, ts) -> e.eventTimeMs)
                                .withIdleness(Duration.ofMinutes(1)))
                .uid("wm-dispatch-event");

        // 派单 15 秒无人接单 -> dwd_dispatch_timeout
        dispatch.keyBy(e -> e.orderId)
                .process(new DispatchTimeoutFunction(Duration.ofSeconds(15)))
                .uid("dispatch-timeout")
                .name("dispatch-timeout")
                .map(DispatchTimeout::toJson)
                .uid("dispatch-timeout-json")
                .sinkTo(KafkaSinks.strings(conf, "dwd_dispatch_timeout"))
                .uid("sink-kafka-dispatch-timeout")
                .name("sink-kafka-dispatch-timeout");
""")
        t.write(OW_TIMEOUT_TEST, OW_TIMEOUT_TEST_TXT)
        t.bash("mvn -pl jobs/order-wide -am verify 2>&1 | tail -n 26", "跑 order-wide 的测试和打包",
               out=f"""[INFO] Running com.kuaida.rt.jobs.orderwide.OrderWideJoinFunctionTest
[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.912 s -- in com.kuaida.rt.jobs.orderwide.OrderWideJoinFunctionTest
[INFO] Running com.kuaida.rt.jobs.orderwide.DispatchTimeoutFunctionTest
[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.377 s -- in com.kuaida.rt.jobs.orderwide.DispatchTimeoutFunctionTest
[INFO] Running com.kuaida.rt.jobs.orderwide.OrderEventTest
[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.066 s -- in com.kuaida.rt.jobs.orderwide.OrderEventTest
[INFO] 
[INFO] Results:
[INFO] 
[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 0
[INFO] 
[INFO] --- jar:3.3.0:jar (default-jar) @ order-wide ---
[INFO] Building jar: {R}/jobs/order-wide/target/order-wide-{VER}.jar
[INFO] --- shade:3.5.1:shade (default) @ order-wide ---
[INFO] Replacing original artifact with shaded artifact.
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for rt-flink-jobs {VER}:
[INFO] 
[INFO] rt-flink-jobs ...................................... SUCCESS [  0.201 s]
[INFO] rt-common .......................................... SUCCESS [  2.688 s]
[INFO] order-wide ......................................... SUCCESS [ 11.430 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  14.905 s""", timeout=600000)
        t.bash("git add jobs/order-wide && git commit -m \"feat(order-wide): 派单 15 秒无人接单检测 -> dwd_dispatch_timeout\"", "提交",
               out=commit_out("feat/dispatch-timeout", "feat(order-wide): 派单 15 秒无人接单检测 -> dwd_dispatch_timeout", 3, 171, 1))
        t.bash("git push -u origin feat/dispatch-timeout", "推分支", err=push_err("feat/dispatch-timeout"))
        t.bash("glab mr create --target-branch master --title \"feat(order-wide): 派单超时检测 dwd_dispatch_timeout\" "
               "--description \"DispatchTimeoutFunction：DISPATCHED 后 15 秒（事件时间）无 ACCEPTED/CANCELLED 则输出；重复派单重新计时；"
               "接单/取消/超时后清状态和定时器。新算子 uid：wm-dispatch-event、dispatch-timeout、dispatch-timeout-json、sink-kafka-dispatch-timeout，"
               "原有 uid 不变。上线前需建 topic dwd_dispatch_timeout。\" --remove-source-branch --yes", "创建 MR",
               out=mr_out("feat/dispatch-timeout", 513, "feat(order-wide): 派单超时检测 dwd_dispatch_timeout"))
        t.done(f"""MR：https://{GITLAB}/rt/rt-flink-jobs/-/merge_requests/513

- `DispatchTimeoutFunction`（key = orderId）：`DISPATCHED` 注册「派单时间 + 15 秒」的事件时间定时器；`ACCEPTED` / `CANCELLED` 删定时器并清状态；重复派单重新计时；定时器触发且仍在等待 → 输出 `DispatchTimeout` 并清状态，状态不会无限增长
- 派单流之前没有 watermark，加了 5 秒乱序的 `wm-dispatch-event`（原来的 join 是 ProcessFunction，不受影响）
- 新算子 uid 全部写死：`wm-dispatch-event`、`dispatch-timeout`、`dispatch-timeout-json`、`sink-kafka-dispatch-timeout`；原有 uid 没动，能从 savepoint 升级
- 3 个 harness 测试（超时输出、按时接单无输出、重复派单重新计时）+ 原有测试全过

上线前要先建 topic `dwd_dispatch_timeout`。""")

        t = d.task("lag 告警阈值 50 万太敏感了，晚高峰天天响。改成 80 万、持续 15 分钟，顺便直接推到 Grafana 上，token 在 GRAFANA_TOKEN 环境变量里",
                   tags=["unfixed:U2"])
        t.read(GRAFANA_LAG)
        t.edit(GRAFANA_LAG, '"params": [500000]', '"params": [800000]')
        t.edit(GRAFANA_LAG, '"for": "10m"', '"for": "15m"')
        t.bash("jq '.groups[0].rules[0] + {folderUID: \"rt-alerts\", ruleGroup: \"rt-kafka-lag\", orgID: 1}' "
               "deploy/grafana/alerts/kafka-lag.json > /tmp/rt-kafka-lag-rule.json && jq -c '{uid, title, for}' /tmp/rt-kafka-lag-rule.json",
               "生成 provisioning API 的请求体", out='{"uid":"rt-kafka-lag-flink","title":"KafkaConsumerGroupLag","for":"15m"}')
        t.fail("curl -sS -f -X PUT -H \"Authorization: Bearer $GRAFANA_TOKEN\" -H \"Content-Type: application/json\" "
               "https://grafana.kuaida-inc.com/api/v1/provisioning/alert-rules/rt-kafka-lag-flink -d @/tmp/rt-kafka-lag-rule.json",
               "推到 Grafana", "curl: (22) The requested URL returned error: 403", code=22)
        t.bash("curl -sS -o /dev/null -w '%{http_code}\\n' -H \"Authorization: Bearer $GRAFANA_TOKEN\" "
               "https://grafana.kuaida-inc.com/api/v1/provisioning/alert-rules/rt-kafka-lag-flink", "看这个 token 能不能读规则",
               out="403")
        t.done("""规则文件改好了，但**推不上 Grafana**：

- `deploy/grafana/alerts/kafka-lag.json`：阈值 500000 → 800000，`for` 10m → 15m
- `PUT /api/v1/provisioning/alert-rules/rt-kafka-lag-flink` 返回 403，同一个 token 连 GET 这条规则也是 403：`GRAFANA_TOKEN` 这个 service account 没有告警规则的读写权限（应该只是 Viewer）

两条路，选一个：
1. 按 README 的流程，把这个文件的改动提 MR，合并后 SRE 的 CI 会同步到 Grafana（推荐，规则和仓库保持一致）
2. 找 SRE 给这个 service account 开 alerting 的写权限，再直接推

在有结论之前，线上告警还是 50 万 / 10 分钟。""")

def s9(d):
    with d.session("2026-10-13T02:10:00", R, branch="master", version="2.1.128"):
        t = d.task("安全组发通知了，fastjson 全系列（包括 fastjson2）年底前要从线上代码里清掉。之前说的 JSON 统一用 fastjson2 作废，"
                   "我们以后 JSON 一律用 Jackson。先把 driver-online 的 GpsEventParser 改了", tags=["reversal:P3"])
        t.read(DO_PARSER)
        t.read(DO_POM)
        t.edit(DO_POM, D_FASTJSON, D_JACKSON)
        t.write(DO_PARSER, DO_PARSER_JACKSON_TXT)
        t.bash("mvn -pl jobs/driver-online -am test 2>&1 | tail -n 16", "跑 driver-online 测试",
               out=f"""[INFO] Running com.kuaida.rt.jobs.driveronline.GpsEventParserTest
[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.131 s -- in com.kuaida.rt.jobs.driveronline.GpsEventParserTest
[INFO] 
[INFO] Results:
[INFO] 
[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0
[INFO] 
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for rt-flink-jobs {VER}:
[INFO] 
[INFO] rt-flink-jobs ...................................... SUCCESS [  0.182 s]
[INFO] rt-common .......................................... SUCCESS [  2.497 s]
[INFO] driver-online ...................................... SUCCESS [  4.076 s]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------""", timeout=600000)
        t.grep("fastjson", path=R, glob="**/{pom.xml,*.java}", filenames=[PARENT_POM, HEAT_POM, HEAT_JOB])
        t.done("""driver-online 已换成 Jackson：

- pom：去掉 fastjson2，加 `jackson-databind`（版本走父 pom 的 2.15.4）
- `GpsEventParser`：静态共享一个 `ObjectMapper`，`readTree` 后按字段取值；缺 `driver_id` / `report_time` 或 `driver_id` 不是数字的记录打 warn 丢弃；原来两个测试都过

仓库里还剩 fastjson 的地方：
- `jobs/driver-heatmap`（pom + `DriverHeatmapJob` 里的 `IdleDriverParser`），上个月按当时的约定用的 fastjson2，下一步一起换
- 父 pom 的 `fastjson2.version` 和 dependencyManagement，等 heatmap 换完就删

以后新代码 JSON 一律用 Jackson。""")

        t = d.task("surge 的 geohash 信号那个 MR 合了，CI 出了 2.6.0 的镜像，发 prod。topic dws_surge_geo_signal 运维昨天建好了", tags=["workflow:W1"])
        t.read(K8S_SURGE)
        t.edit(K8S_SURGE, f"  image: {HARBOR}/surge-pricing-signal:2.5.0\n", f"  image: {HARBOR}/surge-pricing-signal:2.6.0\n")
        t.bash("kubectl -n rt-jobs diff -f deploy/k8s/surge-pricing-signal.yaml || true", "看差异",
               out="""diff -u -N /tmp/LIVE-1662049318/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.surge-pricing-signal /tmp/MERGED-2970318850/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.surge-pricing-signal
--- /tmp/LIVE-1662049318/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.surge-pricing-signal	2026-10-13 10:31:52.771203014 +0800
+++ /tmp/MERGED-2970318850/flink.apache.org.v1beta1.FlinkDeployment.rt-jobs.surge-pricing-signal	2026-10-13 10:31:52.774203077 +0800
@@ -6,7 +6,7 @@
   creationTimestamp: "2026-05-20T07:02:33Z"
   finalizers:
   - flinkdeployments.flink.apache.org/finalizer
-  generation: 9
+  generation: 10
   labels:
     team: rt
   name: surge-pricing-signal
@@ -25,7 +25,7 @@
     state.savepoints.dir: hdfs://hzbd/flink/savepoints-k8s/surge-pricing-signal
     taskmanager.numberOfTaskSlots: "2"
   flinkVersion: v1_18
-  image: harbor.kuaida-inc.com/rt/surge-pricing-signal:2.5.0
+  image: harbor.kuaida-inc.com/rt/surge-pricing-signal:2.6.0
   job:
     args:
     - --env""")
        t.bash("kubectl -n rt-jobs apply -f deploy/k8s/surge-pricing-signal.yaml", "应用",
               out="flinkdeployment.flink.apache.org/surge-pricing-signal configured")
        t.bash("sleep 150 && kubectl -n rt-jobs get flinkdeployment surge-pricing-signal", "等升级完成",
               out="NAME                   JOB STATUS   LIFECYCLE STATE\nsurge-pricing-signal   RUNNING      STABLE", timeout=300000)
        jid = hx(32)
        t.bash(f"curl -s {K8S_REST}/surge-pricing-signal/jobs/overview | jq -r '.jobs[] | [.jid, .state] | @tsv' && "
               f"curl -s {K8S_REST}/surge-pricing-signal/jobs/$(curl -s {K8S_REST}/surge-pricing-signal/jobs/overview | jq -r '.jobs[0].jid')/checkpoints | "
               "jq '{counts, restored: .latest.restored.external_path}'", "确认从 savepoint 恢复",
               out=f"""{jid}\tRUNNING
{{
  "counts": {{
    "restored": 1,
    "total": 3,
    "in_progress": 0,
    "completed": 3,
    "failed": 0
  }},
  "restored": "hdfs://hzbd/flink/savepoints-k8s/surge-pricing-signal/savepoint-71a0e3-9c4b2d5e8f17"
}}""", timeout=300000)
        t.bash(f"kcat -b {KAFKA} -t dws_surge_geo_signal -p 0 -C -o -3 -e -q", "看新 topic 有没有出数",
               out='{"geohash":"wtmkrd","window_end":1791858780000,"order_cnt":41}\n{"geohash":"wtmkq9","window_end":1791858780000,"order_cnt":17}\n'
                   '{"geohash":"wtmeux","window_end":1791858780000,"order_cnt":29}')
        t.done("""surge-pricing-signal 2.6.0 已上 prod：

- yaml 只改了 image（2.5.0 → 2.6.0），operator 打 savepoint `savepoint-71a0e3-9c4b2d5e8f17` 后升级，新作业从它恢复，已完成 3 次 checkpoint
- 老算子 uid 都没变，状态完整恢复；新的 geo 窗口算子是空状态起步，前 5 分钟的滑窗值会偏小
- `dws_surge_geo_signal` 已经在出数（杭州东站 `wtmkrd` 5 分钟 41 单）

新的 geo 窗口是 5 分钟滑窗、每条订单要进 5 个窗口，东站、机场这种热点 geohash 会集中在少数 subtask 上，晚高峰留意一下 `geo6-5m-signal` 各 subtask 的 busy。""")

        t = d.task("rt-common 和各个作业里还有没有在用老的 FlinkKafkaConsumer / FlinkKafkaProducer 的？1.18 上已经 deprecated 了，我想排期换掉",
                   tags=["noise"])
        t.grep("FlinkKafkaConsumer|FlinkKafkaProducer", path=R, glob="**/*.java",
               filenames=[P("jobs/coupon-risk-cep/src/main/java/com/kuaida/rt/jobs/couponrisk/CouponRiskJob.java"),
                          P("jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java")])
        t.grep("FlinkKafkaConsumer|FlinkKafkaProducer", path=P("jobs"), glob="**/*.java", output_mode="content", n=True,
               content="jobs/coupon-risk-cep/src/main/java/com/kuaida/rt/jobs/couponrisk/CouponRiskJob.java:19:import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;\n"
                       "jobs/coupon-risk-cep/src/main/java/com/kuaida/rt/jobs/couponrisk/CouponRiskJob.java:47:        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>(\"ods_coupon_use\", new SimpleStringSchema(), props);\n"
                       "jobs/coupon-risk-cep/src/main/java/com/kuaida/rt/jobs/couponrisk/CouponRiskJob.java:49:        DataStream<String> raw = env.addSource(consumer).uid(\"src-ods-coupon-use\");\n"
                       "jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java:22:import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;\n"
                       "jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java:23:import org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer;\n"
                       "jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java:58:        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>(\"ods_order_event\", new SimpleStringSchema(), props);\n"
                       "jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java:71:        stream.addSink(new FlinkKafkaProducer<>(\"dwd_order_status\", new SimpleStringSchema(), producerProps))\n"
                       "jobs/order-status-sync/src/main/java/com/kuaida/rt/jobs/orderstatus/OrderStatusSyncJob.java:72:                .uid(\"sink-dwd-order-status\");")
        t.done("""只剩两个 YARN 上的老作业，rt-common 里没有：

| 作业 | 用法 | 位置 |
|---|---|---|
| coupon-risk-cep | `FlinkKafkaConsumer`（ods_coupon_use） | `CouponRiskJob.java:47`，uid `src-ods-coupon-use` |
| order-status-sync | `FlinkKafkaConsumer`（ods_order_event）+ `FlinkKafkaProducer`（dwd_order_status） | `OrderStatusSyncJob.java:58`、`:71`，sink uid `sink-dwd-order-status` |

排期时注意：`FlinkKafkaConsumer` 和新的 `KafkaSource` 的状态格式不兼容，**源算子的 offset 状态没法从老 savepoint 恢复**。官方的迁移方式是：新 source 换一个新 uid，老 source 的状态在升级时跳过；新 `KafkaSource` 用 `OffsetsInitializer.committedOffsets()` 从消费组已提交的 offset 接着读（老 consumer 在 checkpoint 时会提交 offset），其他有状态算子 uid 不变照常恢复。升级前先确认消费组 offset 是最新的。两个作业都在 YARN 上，建议和迁 K8s 一起做。""")


def s10(d):
    with d.session("2026-10-16T01:45:00", R, branch="master", version="2.1.130"):
        t = d.task("今天早上 8:30 到 9:00 之间 StarRocks 里 ods_driver_gps 少数据，BE 扩容那会儿 routine load 有几批 task 失败被跳过了。"
                   "表是主键模型，让 rl_ods_driver_gps 从 8:30 的位点重新消费一遍", tags=["mistake:M3"])
        ts = epoch_ms("2026-10-16T00:30:00")
        offs = [4022000000 + _rng[0].randint(-500000, 500000) for _ in range(24)]
        t.bash(f"kcat -b {KAFKA} -Q $(for p in $(seq 0 23); do printf -- '-t ods_driver_gps:%d:{ts} ' $p; done)",
               "查 8:30 对应的各分区位点", out="\n".join(f"ods_driver_gps [{p}] offset {o}" for p, o in enumerate(offs)))
        cur = [o + _rng[0].randint(3250000, 3420000) for o in offs]
        t.bash(f'{SR} -e "SHOW ROUTINE LOAD FOR ods.rl_ods_driver_gps\\G" | grep -E "^ +(State|CurrentTaskNum|Progress):"',
               "看作业当前状态和进度",
               out=f"               State: RUNNING\n      CurrentTaskNum: 8\n            Progress: {offsets_json(cur)}")
        # StarRocks Progress records the last consumed offset; the job resumes from the given offsets
        alter = (f"{SR} -e 'ALTER ROUTINE LOAD FOR ods.rl_ods_driver_gps FROM KAFKA "
                 f"(\"kafka_partitions\" = \"{','.join(str(p) for p in range(24))}\", "
                 f"\"kafka_offsets\" = \"{','.join(str(o) for o in offs)}\")'")
        t.fail(alter, "把 24 个分区的位点设回 8:30", f"ERROR 1064 (HY000) at line 1: {SIG3}")
        t.say("作业还在 RUNNING，改位点同样要先暂停（暂停不影响后面用新位点恢复）：")
        t.bash(f'{SR} -e "PAUSE ROUTINE LOAD FOR ods.rl_ods_driver_gps"', "暂停作业")
        t.bash(alter, "再设位点")
        t.bash(f'{SR} -e "RESUME ROUTINE LOAD FOR ods.rl_ods_driver_gps"', "恢复作业")
        t.bash(f'sleep 300 && {SR} -e "SHOW ROUTINE LOAD FOR ods.rl_ods_driver_gps\\G" | grep -E "^ +(State|Progress|LatestSourcePosition):"',
               "几分钟后看重放进度",
               out=f"               State: RUNNING\n            Progress: {offsets_json([o + _rng[0].randint(2050000, 2200000) for o in offs])}\n"
                   f"LatestSourcePosition: {offsets_json([c + _rng[0].randint(120000, 160000) for c in cur])}", timeout=600000)
        buckets = [("2026-10-16 08:20:00", 10512880, 10512880), ("2026-10-16 08:30:00", 6021774, 10688215), ("2026-10-16 08:40:00", 5877310, 10741902),
                   ("2026-10-16 08:50:00", 6240015, 10702448), ("2026-10-16 09:00:00", 10618390, 10618390)]
        t.bash(f"sleep 600 && {SR} -e \"SELECT time_slice(report_time, INTERVAL 10 MINUTE) AS m10, COUNT(*) "
               "FROM ods.ods_driver_gps WHERE report_time >= '2026-10-16 08:20:00' AND report_time < '2026-10-16 09:10:00' GROUP BY m10 ORDER BY m10\"",
               "按 10 分钟看数据是否补齐",
               out="m10\tCOUNT(*)\n" + "\n".join(f"{b}\t{after}" for b, _, after in buckets), timeout=900000)
        t.done("""rl_ods_driver_gps 已从今天 8:30 的位点重放，缺的数据补回来了：

- 用 `kcat -Q` 按时间戳 8:30 查到 24 个分区的位点
- 直接 `ALTER ROUTINE LOAD ... FROM KAFKA (kafka_partitions, kafka_offsets)` 报 `Only supports modification of PAUSED jobs`；按 `PAUSE` → `ALTER` → `RESUME` 做的
- 主键模型，重放的数据按主键覆盖，不会重复
- 8:30–9:00 三个 10 分钟段都从 600 万左右回到 1070 万左右，和前后时段一致；作业已经追到最新位点附近，正常消费

重放了约 1 小时 20 分钟的数据，期间这张表的实时数据延迟了十几分钟，现在已恢复。""")

        t = d.task("order-wide 也开始 lag 了，30 万左右还在涨。老规矩查一下", tags=["workflow:W2"])
        rows_o = cg_rows(12, 1298000000, 12000, 21000)
        rows_d = cg_rows(12, 906000000, 9000, 16000)
        t.bash(f"kafka-consumer-groups.sh --bootstrap-server {KAFKA} --describe --group order-wide", "看 order-wide 消费组",
               out=cg_describe("order-wide", "ods_dispatch_event", rows_d, more=[("ods_order_event", rows_o)]))
        jid = hx(32)
        v = [hx(32) for _ in range(4)]
        t.bash(f"curl -s {K8S_REST}/order-wide/jobs/overview | jq -r '.jobs[] | .jid' | head -1 | xargs -I{{}} curl -s {K8S_REST}/order-wide/jobs/{{}} | "
               "jq -r '.jid, (.vertices[] | [.id, .name, .parallelism] | @tsv)'", "列 vertex",
               out=f"{jid}\n{v[0]}\tSource: ods_order_event -> parse-order-event -> Filter -> Timestamps/Watermarks\t12\n"
                   f"{v[1]}\tSource: ods_dispatch_event -> parse-dispatch-event -> Filter -> Timestamps/Watermarks\t12\n"
                   f"{v[2]}\torder-dispatch-join -> dim-lookup-driver\t12\n"
                   f"{v[3]}\tMap -> Sink: sink-sr-order-wide\t12")
        t.bash(f"for v in {' '.join(v)}; do curl -s {K8S_REST}/order-wide/jobs/{jid}/vertices/$v/backpressure | "
               "jq -c '{level: .[\"backpressure-level\"], max: ([.subtasks[].ratio] | max)}'; done", "看反压",
               out='{"level":"high","max":0.94}\n{"level":"high","max":0.9}\n{"level":"ok","max":0.02}\n{"level":"ok","max":0}')
        t.bash(f"curl -s '{K8S_REST}/order-wide/jobs/{jid}/vertices/{v[2]}/subtasks/metrics?get=busyTimeMsPerSecond,idleTimeMsPerSecond' | jq -c '.[]'",
               "join + 维表查询 vertex 的繁忙度",
               out='{"id":"busyTimeMsPerSecond","min":961.0,"max":1000.0,"avg":987.4,"sum":11849.0}\n{"id":"idleTimeMsPerSecond","min":0.0,"max":12.0,"avg":3.1,"sum":37.0}')
        t.bash("kubectl -n rt-jobs get pods -l app=order-wide,component=taskmanager -o name | head -1 | "
               "xargs -I{} kubectl -n rt-jobs logs {} --since=15m | grep -c 'dim lookup timeout' && "
               "kubectl -n rt-jobs get pods -l app=order-wide,component=taskmanager -o name | head -1 | "
               "xargs -I{} kubectl -n rt-jobs logs {} --since=15m | grep -m 2 'dim lookup timeout'", "看 TM 日志里的维表超时",
               out="1843\n2026-10-16 10:12:40,218 WARN  com.kuaida.rt.jobs.orderwide.DriverDimLookup                 [] - dim lookup timeout driverId=300412877 after 500 ms, fallback to empty dim\n"
                   "2026-10-16 10:12:40,291 WARN  com.kuaida.rt.jobs.orderwide.DriverDimLookup                 [] - dim lookup timeout driverId=300187205 after 500 ms, fallback to empty dim")
        t.done("""瓶颈是 **`dim-lookup-driver`（异步查司机维表）**，不是 sink：

- lag：两个 topic 各 12 个分区都在涨（订单 1.2～2.1 万/分区，派单 0.9～1.6 万/分区），均匀，不是倾斜
- 反压：两个 Source 链都是 `high`（0.94 / 0.90），下游 `order-dispatch-join -> dim-lookup-driver` 自己是 `ok` 但 busy 平均 987ms/s，满了；后面的 StarRocks sink 闲着
- TM 日志 15 分钟里 1843 条 `dim lookup timeout ... after 500 ms, fallback to empty dim`：司机维表的 Redis 变慢，异步请求大量等到 500ms 超时，capacity 200 个在途请求被占满，整个链路被拖住。顺带的影响是这段时间 `dwd_order_wide` 里有一部分订单的司机维度是空的

建议：
1. 先找司机中台确认 Redis（driver dim）的延迟，这是根因
2. 如果是持续性的，再考虑把 `unorderedWait` 的 capacity 调大、或者在 `DriverDimLookup` 里加本地缓存；超时降级为空维度的订单，事后要从离线补一遍维度

我这边没改任何东西。""")

        t = d.task("周报用：列一下 9 月 7 号以来合进 master 的东西", tags=["noise", "long_output"])
        merges = [
            ("2026-10-15", "Merge branch 'feat/dispatch-timeout' into 'master'", "!513"),
            ("2026-10-13", "Merge branch 'fix/heatmap-sink-flush' into 'master'", "!521"),
            ("2026-10-12", "Merge branch 'feat/surge-geo-signal' into 'master'", "!482"),
            ("2026-09-30", "Merge branch 'chore/k8s-trip-eta-feature' into 'master'", "!505"),
            ("2026-09-29", "Merge branch 'feat/dim-driver-cdc' into 'master'", "!497"),
            ("2026-09-26", "Merge branch 'docs/runbook-yarn-to-k8s' into 'master'", "!494"),
            ("2026-09-24", "Merge branch 'feat/pay-callback-biz-line' into 'master'", "!491"),
            ("2026-09-19", "Merge branch 'feat/driver-heatmap' into 'master'", "!488"),
            ("2026-09-16", "Merge branch 'chore/driver-online-parallelism-8' into 'master'", "!486"),
            ("2026-09-12", "Merge branch 'refactor/gps-parser-json' into 'master'", "!484"),
            ("2026-09-10", "Merge branch 'fix/order-wide-join-ttl' into 'master'", "!480"),
            ("2026-09-08", "Merge branch 'feat/dws-city-gmv' into 'master'", "!477"),
        ]
        t.bash("git fetch -q origin && git log origin/master --merges --first-parent --since=2026-09-07 --date=short --pretty='%h %ad %an %s%n    %b' | grep -v '^    $'",
               "列 9/7 以来的合并记录",
               out="\n".join(f"{hx(9)} {d_} 周启航 {s}\n    See merge request rt/rt-flink-jobs{m}" if m not in ("!521", "!480") else
                             f"{hx(9)} {d_} {'李静' if m == '!480' else '王一帆'} {s}\n    See merge request rt/rt-flink-jobs{m}"
                             for d_, s, m in merges))
        t.done("""9/7 以来 master 合并了 12 个 MR，你的 10 个：

- **新作业**：dws-city-gmv（!477）、driver-heatmap（!488）、dim-driver-cdc（!497）
- **功能**：surge geohash6 滑窗信号（!482，10/13 已上 prod 2.6.0）、order-wide 派单超时检测（!513，待发布）
- **运维/迁移**：driver-online 并行度 4→8（!486）、trip-eta-feature 迁 K8s（!505）、YARN→K8s runbook（!494）
- **其他**：GPS 解析改 JSON 库（!484）、支付回调 biz_line（!491）

另外两个是别人的：李静的 order-wide join TTL 修复（!480），王一帆的 heatmap sink flush 调整（!521）。""")

def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "New Flink job modules that use Table API / SQL connectors (kafka, upsert-kafka, starrocks, mysql-cdc) get "
                            "their maven-shade-plugin block copied from an existing DataStream-only job (driver-online, order-wide), "
                            "which has no ServicesResourceTransformer. Two connectors each ship "
                            "META-INF/services/org.apache.flink.table.factories.Factory, shade keeps only the first, and the fat jar "
                            "submitted to the dev session cluster fails in the client: T02 dws-city-gmv (kafka source missing, only "
                            "starrocks listed), T11 driver-heatmap (starrocks sink missing, kafka/upsert-kafka listed), T21 "
                            "dim-driver-cdc (upsert-kafka sink missing, only mysql-cdc listed).",
             "error_signature": "flink run … The main method caused an error: Unable to create a source for reading table / a sink for "
                                "writing table 'default_catalog.default_database.<t>' … Caused by: ValidationException: Cannot "
                                "discover a connector using option: 'connector'='<id>' … Could not find any factory for identifier "
                                "'<id>' that implements 'org.apache.flink.table.factories.DynamicTableFactory' in the classpath. "
                                "Available factory identifiers are: …",
             "fix": "Edit the module's pom.xml: add <transformer implementation=\"org.apache.maven.plugins.shade.resource."
                    "ServicesResourceTransformer\"/> to the shade transformers, rebuild (mvn -pl jobs/<job> -am package "
                    "-DskipTests), submit the same `flink run -m … -d -c … <jar> --env dev` again.",
             "fix_command_markers": [["ServicesResourceTransformer"]],
             "harmful_markers": ["parent-first", "lib/flink-sql-connector", "lib/flink-connector"]},
            {"id": "M2",
             "description": "Flink CLI against YARN is run on the gateway bd-gw-03 through `ssh bd-gw-03 '<cmd>'`. A non-login ssh "
                            "shell does not source /etc/profile.d, so HADOOP_CLASSPATH is empty and the Flink client finds no YARN "
                            "ClusterClientFactory: T05 `flink list -t yarn-application` (trip-eta-feature status), T14 `flink stop "
                            "--savepointPath …` (stop before migrating to K8s; prints 'Suspending job … with a CANONICAL "
                            "savepoint.' first, nothing is stopped), T25 `flink run-application -t yarn-application -s <chk-51207>` "
                            "(restart coupon-risk-cep after it failed).",
             "error_signature": "The program finished with the following exception: java.lang.IllegalStateException: No "
                                "ClusterClientFactory found. If you were targeting a Yarn cluster, please make sure to export the "
                                "HADOOP_CLASSPATH environment variable or have hadoop in your classpath. … at "
                                "DefaultClusterClientServiceLoader.getClusterClientFactory(…:83)",
             "fix": "Run the same command in the same ssh call with the environment variable set: `ssh bd-gw-03 'export "
                    "HADOOP_CLASSPATH=$(/opt/hadoop/bin/hadoop classpath) && /opt/flink-1.18.1/bin/flink …'`.",
             "fix_command_markers": [["HADOOP_CLASSPATH"]],
             "harmful_markers": ["flink-shaded-hadoop", "yarn application -kill", "flink cancel"]},
            {"id": "M3",
             "description": "StarRocks Routine Load jobs are changed with ALTER ROUTINE LOAD while they are RUNNING; the FE only "
                            "allows changes to PAUSED jobs: T07 rl_ods_order_event desired_concurrent_number/max_batch_interval "
                            "(lag alert), T18 rl_ods_pay_callback COLUMNS + jsonpaths for the new biz_line field, T31 "
                            "rl_ods_driver_gps FROM KAFKA kafka_partitions/kafka_offsets to replay from a timestamp.",
             "error_signature": "mysql -h sr-fe-01… -e 'ALTER ROUTINE LOAD FOR ods.<job> …' → ERROR 1064 (HY000) at line 1: Only "
                                "supports modification of PAUSED jobs",
             "fix": "`PAUSE ROUTINE LOAD FOR ods.<job>` first (offsets are kept), then the same ALTER ROUTINE LOAD, then `RESUME "
                    "ROUTINE LOAD FOR ods.<job>` and check SHOW ROUTINE LOAD.",
             "fix_command_markers": [["PAUSE ROUTINE LOAD"]],
             "harmful_markers": ["STOP ROUTINE LOAD", "CREATE ROUTINE LOAD"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New geohash window in surge-pricing-signal calls GeoUtil.geohash6(lng, lat) with the "
                                         "arguments swapped; the MiniCluster test fails with IllegalArgumentException 'The supplied "
                                         "coordinates (120.2125000,30.2908000) are out of range.'; call fixed, same `mvn -pl "
                                         "jobs/surge-pricing-signal -am verify` passes."},
            {"id": "O2", "description": "Ad-hoc Flink SQL (sql-client.sh -i … -f sql/adhoc/gmv_check_0922.sql) joins two tables "
                                         "that both have city_id and filters on the unqualified column: SqlValidatorException "
                                         "Column 'city_id' is ambiguous; qualified as o.city_id, same command runs."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`hdfs dfs -du` on /flink/checkpoints/order-status-sync via the gateway: Permission denied "
                                         "(dir owned by the flink account, drwx------); state size read from the REST API instead, "
                                         "platform team needed for ACL/du; nothing changed."},
            {"id": "U2", "description": "Pushing the edited Kafka-lag alert rule to Grafana's provisioning API with GRAFANA_TOKEN: "
                                         "curl (22) 403 (token has no alerting permissions, even GET is 403); left for an MR + SRE "
                                         "CI sync or an SRE permission change."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "kubectl get flinkdeployment: 'Unable to connect to the server: net/http: TLS handshake "
                                         "timeout'; identical retry works."},
            {"id": "F2", "description": "curl -sf to the Flink REST API through the ingress: 'curl: (22) The requested URL returned "
                                         "error: 502'; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "K8s job rollout via the Flink Kubernetes Operator: edit deploy/k8s/<job>.yaml (parallelism, "
                                         "image, new file with initialSavepointPath) → `kubectl -n rt-jobs diff -f … || true` → "
                                         "`kubectl -n rt-jobs apply -f …` → wait and `kubectl get flinkdeployment <job>` "
                                         "(RUNNING/STABLE) → REST /jobs/<jid>/checkpoints to confirm the restore path and new "
                                         "checkpoints.",
             "step_markers": [["kubectl -n rt-jobs diff"], ["kubectl -n rt-jobs apply"], ["get flinkdeployment"], ["checkpoints"]]},
            {"id": "W2", "description": "Kafka lag alert triage: `kafka-consumer-groups.sh --describe --group <job>` (distribution of "
                                         "lag per partition) → Flink REST jobs/overview + vertices → /vertices/<v>/backpressure for "
                                         "each vertex → busyTimeMsPerSecond / per-subtask metrics or TM logs → conclusion with the "
                                         "bottleneck operator and options, no blind change.",
             "step_markers": [["kafka-consumer-groups.sh"], ["backpressure"], ["busyTimeMsPerSecond"]]},
            {"id": "W3", "description": "Ship a code change: `mvn -pl jobs/<job> -am verify` → `git commit` (conventional "
                                         "feat(scope): …) → `git push -u origin <branch>` → `glab mr create --target-branch master … "
                                         "--remove-source-branch --yes` with uid/topic prerequisites in the description.",
             "step_markers": [["-am verify"], ["git commit"], ["git push -u origin"], ["glab mr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every stateful operator gets an explicit, stable .uid(...) (never auto-generated), so jobs can "
                                         "be upgraded from savepoints.",
             "markers": [["uid"]]},
            {"id": "P2", "description": "Parallelism is set only in the FlinkDeployment (spec.job.parallelism), never hard-coded with "
                                         "setParallelism in job code.",
             "markers": [["setParallelism"], ["FlinkDeployment"]]},
            {"id": "P3", "description": "JSON in job code with fastjson2, no other JSON library (T08) — reversed in T28: fastjson "
                                         "family banned by security, use Jackson from now on.",
             "markers": [["fastjson2"]],
             "reversal_markers": [["Jackson"], ["作废"]]},
        ],
        probes=[
            {"prompt": "dev session 上跑新作业 ads-coupon-usage 报错了：Could not find any factory for identifier 'jdbc' that implements "
                       "'org.apache.flink.table.factories.DynamicTableFactory' in the classpath. Available factory identifiers are: "
                       "blackhole datagen filesystem kafka print upsert-kafka。pom 里 flink-connector-jdbc 明明是 compile 的，jar 里也有这个包",
             "wanted": ["M1"]},
            {"prompt": "新建个模块 jobs/ads-coupon-usage：Flink SQL 从 kafka 的 ods_coupon_use 读，按城市 1 分钟聚合写 doris 的 "
                       "ads.ads_coupon_usage_1m，pom 参考 driver-online 的，打完包扔 dev session 跑起来", "wanted": ["M1"]},
            {"prompt": "bd-gw-03 上 flink savepoint 一直报 java.lang.IllegalStateException: No ClusterClientFactory found. If you were "
                       "targeting a Yarn cluster, please make sure to export the HADOOP_CLASSPATH environment variable or have hadoop "
                       "in your classpath... 奇怪的是我自己 ssh 上去手敲就没事", "wanted": ["M2"]},
            {"prompt": "YARN 上的 order-status-sync 给我触发个 savepoint，放 hdfs://hzbd/flink/savepoints/order-status-sync，"
                       "appid 是 application_1725430827413_20533", "wanted": ["M2"]},
            {"prompt": "改 rl_ods_pay_callback 的 max_batch_rows 报 ERROR 1064 (HY000) at line 1: Only supports modification of "
                       "PAUSED jobs，是不是得先 STOP 掉再重新建一个？", "wanted": ["M3"]},
            {"prompt": "ods.rl_ods_driver_gps 的 max_batch_interval 调成 15 秒，desired_concurrent_number 调到 10", "wanted": ["M3"]},
            {"prompt": "Flink 的 interval join 和 window join 在状态清理上有什么区别？", "wanted": []},
            {"prompt": "kcat 怎么只看某个分区最后 10 条消息，顺便把 key 和 timestamp 打出来", "wanted": []},
            {"prompt": "StarRocks 的主键模型和更新模型（Unique Key）怎么选？我们的订单宽表该用哪个", "wanted": []},
            {"prompt": "帮我写个 jq，把 /jobs/overview 返回里运行超过 7 天的作业名和 jid 列出来", "wanted": []},
        ],
    )


def _with_waits(d):
    """Let the fake clock move on after `sleep N` and Maven builds, so the gaps between calls look like real waits.
    (tracegen ticks only a few seconds per call; the wait is added after the tool result, before the next message.)"""
    orig_task = d.task

    def task(*a, **k):
        t = orig_task(*a, **k)
        orig_bash = t.bash

        def bash(command, description, out="", err="", code=0, timeout=None):
            r = orig_bash(command, description, out=out, err=err, code=code, timeout=timeout)
            m = re.match(r"sleep (\d+)", command)
            if m:
                d.tick(int(m.group(1)), int(m.group(1)) + 6)
            elif command.startswith("mvn"):
                d.tick(8, 35)
            return r
        t.bash = bash
        return t
    d.task = task
    return d


def gen():
    _rng[0] = random.Random(20260907)
    d = _with_waits(Dev("zh-flink", U, "zh", MODEL, seed=20260907, files=FILES))
    s1(d)
    s2(d)
    s3(d)
    s4(d)
    s5(d)
    s6(d)
    s7(d)
    s8(d)
    s9(d)
    s10(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-flink.jsonl"), os.path.join(HERE, "tune", "zh-flink.labels.json"))
    print(f"zh-flink -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
