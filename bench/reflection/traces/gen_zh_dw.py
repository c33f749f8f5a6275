"""zh-dw: 孙浩 (Sun Hao), data engineer at 鲸选 (a Shenzhen e-commerce company), offline data warehouse.

Stack: CDP 7.1.9 (Hadoop 3.1.1, Hive 3.1.3000 on Tez, Spark 2.4.8) with Kerberos (kinit with a keytab),
beeline to HiveServer2, Spark SQL jobs via spark-submit on YARN (queue dw_etl), DataX 3.0 (mysqlreader ->
hdfswriter ORC) for syncing MySQL business tables into ODS, DolphinScheduler 3.2 workflows defined with
pydolphinscheduler, HDFS commands, ODS/DWD/DWS/ADS layers with dt partitions, git on the internal GitLab.
Prompts and replies in Chinese; tool output as the tools print it. cwd /home/sunhao/dw-jobs on the gateway node.

Written blind for fresh/; measured once held out (round 12), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "sunhao"
R = "/home/sunhao/dw-jobs"
MODEL = "claude-opus-4-6"
REALM = "DW.JINGXUAN.COM"
KT = "~/keytab/sunhao.keytab"
JDBC = f"jdbc:hive2://jx-hs2-01.dw.jingxuan.internal:10000/default;principal=hive/_HOST@{REALM}"
BL = f'beeline -u "{JDBC}"'
HV = "3.1.3000.7.1.9.0-387"
NN = "jx-nn01.dw.jingxuan.internal:8020"
GW = "jx-gw01.dw.jingxuan.internal/10.30.8.21"
DATAX = "python3 /opt/datax/bin/datax.py"
DS = "http://jx-ds-api.dw.jingxuan.internal:12345/dolphinscheduler"
SIG1 = "org.apache.hadoop.security.AccessControlException: Client cannot authenticate via:[TOKEN, KERBEROS]"

_rng = [random.Random(20261010)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def appid():
    return f"application_1727{_rng[0].randint(100000000, 999999999)}_{_rng[0].randint(1000, 9999):04d}"


# ---------------------------------------------------------------- output helpers
def table(header, rows):
    cols = list(zip(*([header] + rows))) if rows else [[h] for h in header]
    w = [max(len(str(x)) for x in c) + 2 for c in cols]
    sep = "+" + "+".join("-" * (x + 2) for x in w) + "+"

    def row(vals):
        return "|" + "|".join(" " + str(v).ljust(x) + " " for v, x in zip(vals, w)) + "|"
    out = [sep, row(header), sep] + [row(r) for r in rows] + [sep]
    return "\n".join(out)


def bl_head():
    return (f"Connecting to {JDBC}\nConnected to: Apache Hive (version {HV})\n"
            f"Driver: Hive JDBC (version {HV})\nTransaction isolation: TRANSACTION_REPEATABLE_READ")


def bl_tail():
    return f"Beeline version {HV} by Apache Hive\nClosing: 0: {JDBC}"


def bl_query(header, rows, secs):
    n = len(rows)
    out = table(header, rows) + f"\n{n} row{'s' if n != 1 else ''} selected ({secs} seconds)"
    return out, bl_head() + "\n" + bl_tail()


def bl_ddl(n=1, secs=("0.214",)):
    lines = [bl_head()]
    for i in range(n):
        lines.append(f"No rows affected ({secs[i % len(secs)]} seconds)")
    lines.append(bl_tail())
    return "\n".join(lines)


def tez_insert(table_name, parts, rows, secs, app=None):
    app = app or appid()
    qid = f"hive_2026{hx(4)}{_rng[0].randint(10,99)}_{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}"
    lines = [bl_head(),
             f"INFO  : Compiling command(queryId={qid}): INSERT OVERWRITE TABLE {table_name} ...",
             "INFO  : Semantic Analysis Completed (retrial = false)",
             f"INFO  : Completed compiling command(queryId={qid}); Time taken: 1.{_rng[0].randint(100,999)} seconds",
             f"INFO  : Executing command(queryId={qid}): INSERT OVERWRITE TABLE {table_name} ...",
             f"INFO  : Query ID = {qid}",
             "INFO  : Total jobs = 1",
             "INFO  : Launching Job 1 out of 1",
             "INFO  : Starting task [Stage-1:MAPRED] in serial mode",
             f"INFO  : Subscribed to counters: [] for queryId: {qid}",
             "INFO  : Tez session hasn't been created yet. Opening session",
             f"INFO  : Dag name: INSERT OVERWRITE TABLE {table_name}...(Stage-1)",
             f"INFO  : Status: Running (Executing on YARN cluster with App id {app})",
             "",
             "INFO  : Status: DAG finished successfully in %s seconds" % secs,
             "INFO  : Starting task [Stage-2:DEPENDENCY_COLLECTION] in serial mode",
             "INFO  : Starting task [Stage-0:MOVE] in serial mode"]
    for p in parts:
        lines.append(f"INFO  : Loading data to table {table_name} partition ({p}) from hdfs://jxns/warehouse/tablespace/external/hive/"
                     f"{table_name.split('.')[0]}.db/{table_name.split('.')[1]}/.hive-staging_hive_2026-{hx(6)}")
    lines.append("INFO  : Starting task [Stage-3:STATS] in serial mode")
    for p, r in zip(parts, rows):
        lines.append(f"INFO  : Partition {table_name}{{{p.replace(' ', '')}}} stats: [numFiles={_rng[0].randint(2, 12)}, numRows={r}, "
                     f"totalSize={r * _rng[0].randint(38, 61)}, rawDataSize={r * _rng[0].randint(400, 900)}]")
    lines += [f"INFO  : Completed executing command(queryId={qid}); Time taken: {float(secs) + 6.4:.3f} seconds",
              "INFO  : OK",
              f"{sum(rows)} rows affected ({float(secs) + 7.9:.3f} seconds)",
              bl_tail()]
    return "\n".join(lines)


def bl_error(msg):
    return bl_head() + "\n" + msg + "\n" + bl_tail()


def strict_err(line_col=None):
    return ("Error: Error while compiling statement: FAILED: SemanticException [Error 10096]: Dynamic partition strict mode "
            "requires at least one static partition column. To turn this off set hive.exec.dynamic.partition.mode=nonstrict "
            "(state=42000,code=10096)")


def hdfs_auth_fail(cmd, when):
    return (f"{when} WARN ipc.Client: Exception encountered while connecting to the server : {SIG1}\n"
            f"{when} INFO retry.RetryInvocationHandler: java.io.IOException: DestHost:destPort {NN} , LocalHost:localPort "
            f"{GW}:0. Failed on local exception: java.io.IOException: {SIG1}, while invoking "
            f"ClientNamenodeProtocolTranslatorPB.getFileInfo over jx-nn01.dw.jingxuan.internal/10.30.8.11:8020 after 1 failover "
            f"attempts. Trying to failover after sleeping for 1342ms.\n"
            f"{when} WARN ipc.Client: Exception encountered while connecting to the server : {SIG1}\n"
            f"{cmd}: DestHost:destPort jx-nn02.dw.jingxuan.internal:8020 , LocalHost:localPort {GW}:0. Failed on local exception: "
            f"java.io.IOException: {SIG1}")


def datax_banner():
    return ("\nDataX (DATAX-OPENSOURCE-3.0), From Alibaba !\nCopyright (C) 2010-2017, Alibaba Group. All Rights Reserved.\n\n")


def datax_ok(day, t0, t1, secs, n, mbps, job):
    return (datax_banner() +
            f"{day} {t0}.{_rng[0].randint(100,999)} [main] INFO  MessageSource - JVM TimeZone: GMT+08:00, Locale: zh_CN\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [main] INFO  Engine - the machine info  => \n\n"
            "\tosInfo:\tOracle Corporation 1.8 25.382-b05\n\tjvmInfo:\tLinux amd64 3.10.0-1160.119.1.el7.x86_64\n\tcpu num:\t16\n\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [main] INFO  JobContainer - DataX jobContainer starts job.\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [job-0] INFO  OriginalConfPrettyPrinter - {job}\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [job-0] INFO  JobContainer - jobContainer starts to do prepare ...\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [job-0] INFO  HdfsWriter$Job - 由于您配置了writeMode append, 写入前不做清理工作, "
            "[/warehouse/tablespace/external/hive] 目录下写入相应文件名前缀  [...] 的文件\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [job-0] INFO  JobContainer - Scheduler starts [1] taskGroups.\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] INFO  JobContainer - DataX Writer.Job [hdfswriter] do post work.\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] INFO  HdfsWriter$Job - start rename file ...\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] INFO  JobContainer - \n"
            f"任务启动时刻                    : {day} {t0}\n"
            f"任务结束时刻                    : {day} {t1}\n"
            f"任务总计耗时                    : {secs:>19}s\n"
            f"任务平均流量                    : {mbps:>16}MB/s\n"
            f"记录写入速度                    : {n // max(secs - 10, 1):>15}rec/s\n"
            f"读出记录总数                    : {n:>20}\n"
            f"读写失败总数                    : {0:>20}\n")


def datax_dirty(day, t0, t1, job, col_vals, zero, jtype, bad):
    recs = []
    for i, rid in enumerate(col_vals[:3]):
        recs.append(f"{day} {t0}.{_rng[0].randint(100,999)} [0-0-0-reader] ERROR StdoutPluginCollector - 脏数据: \n"
                    f'{{"exception":"Value \'{zero}\' can not be represented as {jtype}","record":[{{"byteSize":8,"index":0,'
                    f'"rawData":{rid},"type":"LONG"}}],"type":"reader"}}')
    return (datax_banner() +
            f"{day} {t0}.{_rng[0].randint(100,999)} [main] INFO  Engine - the machine info  => \n\n"
            "\tosInfo:\tOracle Corporation 1.8 25.382-b05\n\tjvmInfo:\tLinux amd64 3.10.0-1160.119.1.el7.x86_64\n\tcpu num:\t16\n\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [job-0] INFO  OriginalConfPrettyPrinter - {job}\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [job-0] INFO  JobContainer - Scheduler starts [1] taskGroups.\n"
            f"{day} {t0}.{_rng[0].randint(100,999)} [0-0-0-reader] INFO  CommonRdbmsReader$Task - Begin to read record by Sql: [select ...]\n"
            + "\n".join(recs) + "\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] ERROR JobContainer - 运行scheduler 模式[standalone]出错.\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] ERROR JobContainer - Exception when job run\n"
            "com.alibaba.datax.common.exception.DataXException: Code:[Framework-14], Description:[DataX传输脏数据超过用户预期，"
            "该错误通常是由于源端数据存在较多业务脏数据导致，请仔细检查DataX汇报的脏数据日志信息, 或者您可以适当调大脏数据阈值 .].  - "
            f"脏数据条数检查不通过，限制是[0]条，但实际上捕获了[{bad}]条.\n"
            "\tat com.alibaba.datax.common.exception.DataXException.asDataXException(DataXException.java:30) ~[datax-common-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.util.ErrorRecordChecker.checkRecordLimit(ErrorRecordChecker.java:58) ~[datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.job.scheduler.AbstractScheduler.schedule(AbstractScheduler.java:89) ~[datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.job.JobContainer.schedule(JobContainer.java:535) ~[datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.job.JobContainer.start(JobContainer.java:119) ~[datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.Engine.start(Engine.java:86) [datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.Engine.entry(Engine.java:168) [datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            "\tat com.alibaba.datax.core.Engine.main(Engine.java:201) [datax-core-0.0.1-SNAPSHOT.jar:na]\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] INFO  StandAloneJobContainerCommunicator - Total {bad} records, "
            f"{bad * 41} bytes | Speed 0B/s, 0 records/s | Error {bad} records, {bad * 41} bytes\n"
            f"{day} {t1}.{_rng[0].randint(100,999)} [job-0] ERROR Engine - \n\n经DataX智能分析,该任务最可能的错误原因是:\n"
            "com.alibaba.datax.common.exception.DataXException: Code:[Framework-14], Description:[DataX传输脏数据超过用户预期，"
            "该错误通常是由于源端数据存在较多业务脏数据导致，请仔细检查DataX汇报的脏数据日志信息, 或者您可以适当调大脏数据阈值 .].  - "
            f"脏数据条数检查不通过，限制是[0]条，但实际上捕获了[{bad}]条.")


def spark_ok(app, name, secs, day="26/10/19"):
    return (f"{day} 10:12:03 INFO yarn.Client: Requesting a new application from cluster with 24 NodeManagers\n"
            f"{day} 10:12:04 INFO yarn.Client: Submitting application {app} to ResourceManager\n"
            f"{day} 10:12:04 INFO impl.YarnClientImpl: Submitted application {app}\n"
            f"{day} 10:12:09 INFO yarn.Client: Application report for {app} (state: RUNNING)\n"
            f"{day} 10:12:09 INFO cluster.YarnClientSchedulerBackend: Application {app} has started running.\n"
            f"{day} 10:{12 + secs // 60:02d}:{secs % 60:02d} INFO spark.SparkContext: Successfully stopped SparkContext\n"
            f"{day} 10:{12 + secs // 60:02d}:{secs % 60:02d} INFO util.ShutdownHookManager: Shutdown hook called")


def git_push_new(branch, objs=6):
    return (f"Enumerating objects: {objs + 3}, done.\nCounting objects: 100% ({objs + 3}/{objs + 3}), done.\n"
            f"Delta compression using up to 16 threads\nCompressing objects: 100% ({objs}/{objs}), done.\n"
            f"Writing objects: 100% ({objs}/{objs}), 2.{_rng[0].randint(10,99)} KiB | 2.{_rng[0].randint(10,99)} MiB/s, done.\n"
            f"Total {objs} (delta 3), reused 0 (delta 0), pack-reused 0\nremote: \n"
            f"remote: To create a merge request for {branch}, visit:\n"
            f"remote:   https://gitlab.jingxuan.internal/dw/dw-jobs/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}\n"
            f"remote: \nTo gitlab.jingxuan.internal:dw/dw-jobs.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def commit_out(branch, msg, nfiles, ins, dels=0, creates=()):
    s = f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def pull_out(old, new, files):
    body = "\n".join(f" {f} | {n} {'+' * min(n, 20)}" for f, n in files)
    tot = sum(n for _, n in files)
    return (f"From gitlab.jingxuan.internal:dw/dw-jobs\n   {old}..{new}  main       -> origin/main\nUpdating {old}..{new}\n"
            f"Fast-forward\n{body}\n {len(files)} files changed, {tot} insertions(+)")


def ds_def(code, name, version, upd):
    import json
    doc = {"code": 0, "msg": "success", "data": {"processDefinition": {
        "id": code % 1000, "code": code, "name": name, "version": version, "releaseState": "ONLINE",
        "projectCode": 12874453210976, "description": "", "globalParams": "[]", "updateTime": upd,
        "userName": "sunhao", "timeout": 0}}, "failed": False, "success": True}
    return "\n".join(json.dumps(doc, indent=4, ensure_ascii=False).split("\n")[:20])


# ---------------------------------------------------------------- virtual files
def datax_job(db, table, cols, hive_db, hive_table, types, url_extra=""):
    col_json = ",\n".join(f'              "{c}"' for c in cols)
    hcols = ",\n".join(f'              {{"name": "{c}", "type": "{t}"}}' for c, t in zip(cols, types))
    return f"""{{
  "job": {{
    "setting": {{
      "speed": {{"channel": 3}},
      "errorLimit": {{"record": 0}}
    }},
    "content": [
      {{
        "reader": {{
          "name": "mysqlreader",
          "parameter": {{
            "username": "${{mysql_user}}",
            "password": "${{mysql_pwd}}",
            "column": [
{col_json}
            ],
            "splitPk": "id",
            "where": "update_time >= '${{dt}} 00:00:00' and update_time < date_add('${{dt}}', interval 1 day)",
            "connection": [
              {{
                "table": ["{table}"],
                "jdbcUrl": ["jdbc:mysql://jx-mysql-ro-02.db.jingxuan.internal:3306/{db}{url_extra}"]
              }}
            ]
          }}
        }},
        "writer": {{
          "name": "hdfswriter",
          "parameter": {{
            "defaultFS": "hdfs://jxns",
            "hadoopConfig": {{"dfs.nameservices": "jxns"}},
            "haveKerberos": true,
            "kerberosKeytabFilePath": "/home/sunhao/keytab/sunhao.keytab",
            "kerberosPrincipal": "sunhao@DW.JINGXUAN.COM",
            "fileType": "orc",
            "compress": "SNAPPY",
            "path": "/warehouse/tablespace/external/hive/{hive_db}.db/{hive_table}/dt=${{dt}}",
            "fileName": "{hive_table}",
            "writeMode": "truncate",
            "fieldDelimiter": "\\u0001",
            "column": [
{hcols}
            ]
          }}
        }}
      }}
    ]
  }}
}}
"""


ORDER_COLS = ["id", "order_no", "user_id", "shop_id", "order_status", "total_amount", "pay_amount", "create_time", "update_time"]
ORDER_TYPES = ["bigint", "string", "bigint", "bigint", "int", "double", "double", "timestamp", "timestamp"]

FILES = {
    P("README.md"): """# dw-jobs

鲸选离线数仓作业仓库（CDP 7.1.9，Hive 3 / Spark 2.4，Kerberos）。

## 目录

- `datax/job/`      MySQL -> ODS 的 DataX 同步任务（一个表一个 json，`-p "-Ddt=yyyy-MM-dd"` 传分区）
- `sql/ddl/`        各层建表语句（ods/dwd/dws/ads）
- `sql/dwd|dws|ads/` 每日加工 SQL，统一用 `${hivevar:dt}` 取分区
- `spark/run_sql.py` Spark SQL 通用执行器：`spark-submit ... spark/run_sql.py --sql <file> --dt <dt>`
- `dolphin/workflows/` pydolphinscheduler 定义的工作流，`python3 dolphin/workflows/<wf>.py` 提交到 DolphinScheduler
- `docs/`           接入说明、口径文档

## 约定

- 分区字段统一 `dt`（string，yyyy-MM-dd）
- ODS 外部表，路径 `/warehouse/tablespace/external/hive/<db>.db/<table>/dt=<dt>`
- 网关机上先 `kinit` 再操作集群（票据 24h）
- 改完工作流：合并到 main 后在网关机上 `python3 dolphin/workflows/<wf>.py` 发布
""",
    P("datax/job/ods_trade_order_di.json"): datax_job("mall_trade", "order_info", ORDER_COLS, "ods", "ods_trade_order_di", ORDER_TYPES),
    P("sql/dwd/dwd_trade_order_detail_di.sql"): """-- dwd_trade_order_detail_di: 订单明细（每日增量）
insert overwrite table dwd.dwd_trade_order_detail_di partition (dt = '${hivevar:dt}')
select o.id                         as order_id
     , o.order_no
     , o.user_id
     , o.shop_id
     , o.order_status
     , cast(o.total_amount as decimal(16, 2)) as total_amount
     , cast(o.pay_amount as decimal(16, 2))   as pay_amount
     , o.create_time
     , o.update_time
from ods.ods_trade_order_di o
where o.dt = '${hivevar:dt}'
;
""",
    P("sql/ads/ads_shop_gmv_d.sql"): """-- ads_shop_gmv_d: 店铺日 GMV
insert overwrite table ads.ads_shop_gmv_d partition (dt = '${hivevar:dt}')
select shop_id
     , count(distinct order_id)  as order_cnt
     , sum(pay_amount)           as gmv
from dwd.dwd_trade_order_detail_di
where dt = '${hivevar:dt}'
  and order_status in (20, 30, 40)
group by shop_id
;
""",
    P("sql/dws/dws_shop_traffic_1d.sql"): """-- dws_shop_traffic_1d: 店铺流量日汇总（Spark SQL）
insert overwrite table dws.dws_shop_traffic_1d partition (dt = '${dt}')
select shop_id
     , count(1)                   as pv
     , count(distinct device_id)  as uv
     , sum(stay_ms) / 1000        as stay_sec
from dwd.dwd_traffic_page_view_di
where dt = '${dt}'
group by shop_id
""",
    P("spark/run_sql.py"): """import argparse
from pyspark.sql import SparkSession


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sql", required=True)
    ap.add_argument("--dt", required=True)
    a = ap.parse_args()
    spark = (SparkSession.builder.appName("run_sql:" + a.sql.rsplit("/", 1)[-1])
             .enableHiveSupport().getOrCreate())
    text = open(a.sql, encoding="utf-8").read().replace("${dt}", a.dt)
    for stmt in [s.strip() for s in text.split(";") if s.strip()]:
        spark.sql(stmt)
    spark.stop()


if __name__ == "__main__":
    main()
""",
    P("dolphin/workflows/dw_daily_trade.py"): """from pydolphinscheduler.core.workflow import Workflow
from pydolphinscheduler.tasks.shell import Shell

HS2 = "jdbc:hive2://jx-hs2-01.dw.jingxuan.internal:10000/default;principal=hive/_HOST@DW.JINGXUAN.COM"
DT = "$[yyyy-MM-dd-1]"


def hive(name, sql_file):
    return Shell(
        name=name,
        command=f'beeline -u "{HS2}" --hivevar dt={DT} -f /opt/dw-jobs/{sql_file}',
        retry_times=2,
        retry_interval=5,
    )


with Workflow(
    name="dw_daily_trade",
    project="dw_offline",
    schedule="0 30 1 * * ? *",
    start_time="2026-01-01",
    tenant="dw",
    release_state="online",
) as wf:
    ods_order = Shell(
        name="ods_trade_order_di",
        command=f"python3 /opt/datax/bin/datax.py -p '-Ddt={DT}' /opt/dw-jobs/datax/job/ods_trade_order_di.json",
        retry_times=3,
        retry_interval=10,
    )
    dwd_order = hive("dwd_trade_order_detail_di", "sql/dwd/dwd_trade_order_detail_di.sql")
    ads_gmv = hive("ads_shop_gmv_d", "sql/ads/ads_shop_gmv_d.sql")

    ods_order >> dwd_order >> ads_gmv
    wf.submit()
""",
}


COUPON_COLS = ["id", "coupon_id", "user_id", "receive_channel", "use_status", "order_no", "receive_time", "use_time", "update_time"]
COUPON_TYPES = ["bigint", "bigint", "bigint", "int", "int", "string", "timestamp", "timestamp", "timestamp"]

COUPON_DDL = """-- ods_mkt_coupon_receive_di: 用户领券记录（mall_marketing.coupon_receive，按 update_time 每日增量）
CREATE EXTERNAL TABLE IF NOT EXISTS ods.ods_mkt_coupon_receive_di (
    id              BIGINT      COMMENT '领券记录ID',
    coupon_id       BIGINT      COMMENT '券模板ID',
    user_id         BIGINT      COMMENT '用户ID',
    receive_channel INT         COMMENT '领取渠道：1-领券中心 2-直播间 3-客服发放 4-活动页',
    use_status      INT         COMMENT '使用状态：0-未使用 1-已使用 2-已过期',
    order_no        STRING      COMMENT '核销订单号',
    receive_time    TIMESTAMP   COMMENT '领取时间',
    use_time        TIMESTAMP   COMMENT '核销时间',
    update_time     TIMESTAMP   COMMENT '更新时间'
) COMMENT '营销-用户领券记录-每日增量'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/ods.db/ods_mkt_coupon_receive_di'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""


def s1(d):
    with d.session("2026-10-10T01:42:00", R, branch="main", version="2.1.131"):
        t = d.task("这个 dw-jobs 仓库是我从老周那接过来的，你先带我过一遍：目录怎么分的、DataX 同步怎么配、"
                   "每天的调度是怎么串起来的", tags=["noise"])
        t.read(P("README.md"))
        t.glob("**/*", [P("README.md"), P("datax/job/ods_trade_order_di.json"), P("dolphin/workflows/dw_daily_trade.py"),
                        P("spark/run_sql.py"), P("sql/ads/ads_shop_gmv_d.sql"), P("sql/dwd/dwd_trade_order_detail_di.sql"),
                        P("sql/dws/dws_shop_traffic_1d.sql")], path=R)
        t.read(P("datax/job/ods_trade_order_di.json"))
        t.read(P("dolphin/workflows/dw_daily_trade.py"))
        t.read(P("sql/dwd/dwd_trade_order_detail_di.sql"))
        t.read(P("spark/run_sql.py"))
        t.bash("git log --oneline -8", "看最近的提交",
               out="3e7a1c4 dws_shop_traffic_1d 改成 spark 跑\n9b02f5d ads_shop_gmv_d 剔除已取消订单\n"
                   "e41d7a0 新增 ods_trade_order_di 同步\n58cc2b9 dw_daily_trade 工作流加重试\n"
                   "a1f3e60 run_sql.py 支持多语句\n7d9e214 README 补充 kinit 说明\nc20b8f1 初始化仓库\n")
        t.done("""整体结构：

**目录**
- `datax/job/`：MySQL → ODS 的 DataX 任务，一个表一个 json。现在只有 `ods_trade_order_di.json`：`mysqlreader` 从只读库 `jx-mysql-ro-02` 按 `update_time` 拉前一天增量，`hdfswriter` 写 ORC + SNAPPY 到 `/warehouse/tablespace/external/hive/ods.db/<表>/dt=${dt}`，`writeMode: truncate`，带 Kerberos keytab；`errorLimit.record = 0`，一条脏数据就整任务失败
- `sql/`：按层放加工 SQL，Hive 的用 `${hivevar:dt}`，Spark 的（`dws_shop_traffic_1d.sql`）用 `${dt}`，由 `spark/run_sql.py` 做字符串替换后逐条 `spark.sql()`
- `dolphin/workflows/`：pydolphinscheduler 写的工作流，目前一个 `dw_daily_trade`

**每日调度**
`dw_daily_trade` 每天 01:30 跑：`ods_trade_order_di`（datax.py）→ `dwd_trade_order_detail_di`（beeline -f）→ `ads_shop_gmv_d`，日期参数是 DolphinScheduler 的 `$[yyyy-MM-dd-1]`，也就是 T+1。改完工作流要在网关机上 `python3 dolphin/workflows/<wf>.py` 重新提交。

**注意点**
- README 写了网关机上要先 `kinit` 再操作集群，票据 24 小时有效
- `dws_shop_traffic_1d` 是 spark 跑的，但还没挂进工作流""")

        coupon_job = P("datax/job/ods_mkt_coupon_receive_di.json")
        ddl = P("sql/ddl/ods/ods_mkt_coupon_receive_di.sql")
        t = d.task("营销那边要做领券分析，把 mall_marketing.coupon_receive 接进 ODS，表名 ods_mkt_coupon_receive_di，按天增量，"
                   "先同步 10-09 这一天。建表统一 ORC + SNAPPY，每个字段和表本身都要写 COMMENT，老周之前有的表没写注释，新表别这样",
                   tags=["workflow:W1", "pref:P1"])
        t.bash('mysql --defaults-group-suffix=_ro -h jx-mysql-ro-02.db.jingxuan.internal -D mall_marketing -e "show create table coupon_receive\\G"',
               "看 MySQL 源表结构",
               out="""*************************** 1. row ***************************
       Table: coupon_receive
Create Table: CREATE TABLE `coupon_receive` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `coupon_id` bigint(20) NOT NULL COMMENT '券模板ID',
  `user_id` bigint(20) NOT NULL,
  `receive_channel` tinyint(4) NOT NULL DEFAULT '1' COMMENT '1领券中心 2直播间 3客服 4活动页',
  `use_status` tinyint(4) NOT NULL DEFAULT '0',
  `order_no` varchar(32) DEFAULT NULL,
  `receive_time` datetime NOT NULL,
  `use_time` datetime DEFAULT NULL,
  `update_time` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  KEY `idx_user` (`user_id`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=58213377 DEFAULT CHARSET=utf8mb4""")
        t.write(ddl, COUPON_DDL)
        t.bash(f"{BL} -f sql/ddl/ods/ods_mkt_coupon_receive_di.sql", "建 ODS 表", err=bl_ddl())
        t.write(coupon_job, datax_job("mall_marketing", "coupon_receive", COUPON_COLS, "ods", "ods_mkt_coupon_receive_di", COUPON_TYPES))
        t.bash("hdfs dfs -mkdir -p /warehouse/tablespace/external/hive/ods.db/ods_mkt_coupon_receive_di/dt=2026-10-09",
               "建分区目录（hdfswriter 要求目录已存在）")
        t.bash(f'{DATAX} -p "-Ddt=2026-10-09" datax/job/ods_mkt_coupon_receive_di.json', "同步 10-09 的领券数据",
               out=datax_ok("2026-10-10", "09:51:12", "09:52:03", 51, 412380, "1.92", "{...}"), timeout=600000)
        t.bash(f"{BL} -e \"ALTER TABLE ods.ods_mkt_coupon_receive_di ADD IF NOT EXISTS PARTITION (dt='2026-10-09');\"",
               "挂分区", err=bl_ddl())
        o, e = bl_query(["dt", "cnt"], [["2026-10-09", "412380"]], "8.317")
        t.bash(f"{BL} -e \"select dt, count(1) as cnt from ods.ods_mkt_coupon_receive_di where dt='2026-10-09' group by dt;\"",
               "核对条数", out=o, err=e)
        t.done("""`ods.ods_mkt_coupon_receive_di` 已接入，10-09 分区 412,380 条，和 DataX 读出条数一致。

- 建表：`sql/ddl/ods/ods_mkt_coupon_receive_di.sql`，外部表、`STORED AS ORC` + `orc.compress=SNAPPY`，每个字段和表都带 COMMENT，`tinyint` 落成 `INT`
- 同步：`datax/job/ods_mkt_coupon_receive_di.json`，按 `update_time` 取增量，写法和订单表一致
- 还没挂进 DolphinScheduler，需要的话我再加到工作流里""")

        t = d.task("问个概念：ODS 增量表按 update_time 抽，如果一条领券记录 10-09 领、10-11 核销，两天分区里都会有它，"
                   "DWD 做全量快照的时候一般怎么合并？", tags=["no_tools"])
        t.done("""常见做法是「前一天全量快照 + 当天增量」按主键取最新一条：

```sql
insert overwrite table dwd.dwd_mkt_coupon_receive_df partition (dt = '${hivevar:dt}')
select id, coupon_id, user_id, receive_channel, use_status, order_no, receive_time, use_time, update_time
from (
    select *, row_number() over (partition by id order by update_time desc) as rn
    from (
        select ... from dwd.dwd_mkt_coupon_receive_df where dt = date_sub('${hivevar:dt}', 1)
        union all
        select ... from ods.ods_mkt_coupon_receive_di where dt = '${hivevar:dt}'
    ) u
) t
where rn = 1;
```

要点：
1. 第一次需要一份全量初始化（DataX 去掉 where 跑一次）
2. `update_time` 相同时加 `id` 或者 ODS 分区 dt 作为第二排序键，保证结果稳定
3. 如果源表有物理删除，增量抽不到删除，需要 binlog 或定期全量对账""")


def tsv(header, rows, secs):
    out = "\n".join(["\t".join(header)] + ["\t".join(map(str, r)) for r in rows])
    out += f"\n{len(rows)} row{'s' if len(rows) != 1 else ''} selected ({secs} seconds)"
    return out, bl_head() + "\n" + bl_tail()


TSV = "--silent=false --outputformat=tsv2"

DWD_DYN = ("insert overwrite table dwd.dwd_trade_order_detail_di partition (dt) "
           "select o.id as order_id, o.order_no, o.user_id, o.shop_id, o.order_status, "
           "cast(o.total_amount as decimal(16,2)) as total_amount, cast(o.pay_amount as decimal(16,2)) as pay_amount, "
           "o.create_time, o.update_time, o.dt from ods.ods_trade_order_di o "
           "where o.dt between '2026-10-01' and '2026-10-07';")

ADS_OLD_SEL = """select shop_id
     , count(distinct order_id)  as order_cnt
     , sum(pay_amount)           as gmv
from dwd.dwd_trade_order_detail_di
where dt = '${hivevar:dt}'
  and order_status in (20, 30, 40)
group by shop_id"""
ADS_NEW_SEL = """select o.shop_id
     , count(distinct o.order_id)  as order_cnt
     , sum(o.pay_amount)           as gmv
     , s.shop_name
from dwd.dwd_trade_order_detail_di o
left join dim.dim_shop_df s
       on s.shop_id = o.shop_id
      and s.dt = '${hivevar:dt}'
where o.dt = '${hivevar:dt}'
  and o.order_status in (20, 30, 40)
group by o.shop_id"""


def s2(d):
    with d.session("2026-10-12T01:21:00", R, branch="main", version="2.1.132"):
        t = d.task("看一下 ods_trade_order_di 10-11 的分区到了没，周末调度我没盯", tags=["mistake:M1"])
        t.fail("hdfs dfs -ls /warehouse/tablespace/external/hive/ods.db/ods_trade_order_di/dt=2026-10-11",
               "看 10-11 分区目录", hdfs_auth_fail("ls", "26/10/12 09:23:41"), code=1)
        t.say("连 NameNode 时报 `Client cannot authenticate via:[TOKEN, KERBEROS]`，是当前用户没有有效的 Kerberos 票据。看一下票据缓存：")
        t.fail("klist", "查看当前 Kerberos 票据", "klist: No credentials cache found (filename: /tmp/krb5cc_1023)", code=1)
        t.say("票据缓存没了（上次的票据只有 24 小时有效，已经过期被清掉）。用 keytab 重新 kinit：")
        t.bash(f"kinit -kt {KT} sunhao@{REALM} && klist", "用 keytab 重新获取票据",
               out=f"""Ticket cache: FILE:/tmp/krb5cc_1023
Default principal: sunhao@{REALM}

Valid starting       Expires              Service principal
10/12/2026 09:24:05  10/13/2026 09:24:05  krbtgt/{REALM}@{REALM}
	renew until 10/19/2026 09:24:05""")
        t.bash("hdfs dfs -ls /warehouse/tablespace/external/hive/ods.db/ods_trade_order_di/dt=2026-10-11",
               "重新看 10-11 分区目录",
               out="""Found 3 items
-rw-r--r--   3 sunhao hive   23417809 2026-10-12 01:33 /warehouse/tablespace/external/hive/ods.db/ods_trade_order_di/dt=2026-10-11/ods_trade_order_di__1f0c39a2_5d0e_4a7b_9a61_0c2b6e1d8f3a
-rw-r--r--   3 sunhao hive   23102277 2026-10-12 01:33 /warehouse/tablespace/external/hive/ods.db/ods_trade_order_di/dt=2026-10-11/ods_trade_order_di__7b4e2d90_18c3_4f55_b2a1_9e0d4c6a7f21
-rw-r--r--   3 sunhao hive   22958140 2026-10-12 01:33 /warehouse/tablespace/external/hive/ods.db/ods_trade_order_di/dt=2026-10-11/ods_trade_order_di__c93a51e7_6b2f_4d18_8e07_3f5a1b9c2d64""")
        o, e = bl_query(["dt", "cnt"], [["2026-10-10", "1318842"], ["2026-10-11", "1296517"]], "11.204")
        t.bash(f"{BL} -e \"select dt, count(1) as cnt from ods.ods_trade_order_di where dt in ('2026-10-10','2026-10-11') group by dt;\"",
               "对比 10-10 和 10-11 的条数", out=o, err=e)
        t.done("""10-11 分区已经到了：3 个 ORC 文件（01:33 写入），共 1,296,517 条，和 10-10 的 1,318,842 条量级一致，周末调度正常。

刚才第一次 `hdfs dfs -ls` 失败是因为 Kerberos 票据过期了，已经用 keytab `kinit` 重新拿了票，有效期到 10-13 09:24。""")

        t = d.task("国庆期间 ODS 订单表老周回补过，dwd_trade_order_detail_di 10-01 到 10-07 要重刷。用动态分区一条 insert 搞定就行，别一天一天跑。"
                   "另外 beeline 查数的时候加上 --outputformat=tsv2，那种带边框的表格我复制出去不好贴", tags=["mistake:M2", "pref:P2"])
        t.fail(f"{BL} -e \"{DWD_DYN}\"", "动态分区重刷 10-01~10-07",
               bl_error(strict_err()), code=2)
        t.say("Hive 默认 `hive.exec.dynamic.partition.mode=strict`，要求至少有一个静态分区列；这里 dt 全是动态的，所以编译阶段就被拦了。"
              "只对这次会话设成 nonstrict，再跑同一条 insert：")
        t.bash(f"{BL} --hiveconf hive.exec.dynamic.partition.mode=nonstrict -e \"{DWD_DYN}\"", "nonstrict 模式下重刷 7 天",
               err=tez_insert("dwd.dwd_trade_order_detail_di", [f"dt=2026-10-0{i}" for i in range(1, 8)],
                              [1402218, 1512006, 1488730, 1379954, 1350127, 1301448, 1287765], "212.48"),
               timeout=1800000)
        o, e = tsv(["dt", "ods_cnt", "dwd_cnt"], [[f"2026-10-0{i}", c, c] for i, c in zip(range(1, 8),
                   [1402218, 1512006, 1488730, 1379954, 1350127, 1301448, 1287765])], "14.662")
        t.bash(f"{BL} {TSV} -e \"select a.dt, a.cnt as ods_cnt, b.cnt as dwd_cnt from (select dt, count(1) cnt from ods.ods_trade_order_di "
               "where dt between '2026-10-01' and '2026-10-07' group by dt) a join (select dt, count(1) cnt from dwd.dwd_trade_order_detail_di "
               "where dt between '2026-10-01' and '2026-10-07' group by dt) b on a.dt = b.dt order by a.dt;\"",
               "核对 ODS 和 DWD 每天条数", out=o, err=e)
        t.done("""10-01 ~ 10-07 的 `dwd.dwd_trade_order_detail_di` 已用一条动态分区 insert 重刷完，7 个分区条数和 ODS 一一对得上（10-02 最多 1,512,006 条）。

第一次执行被 `SemanticException [Error 10096]` 拦下：Hive 默认严格模式不允许全动态分区。我只在这次 beeline 会话里加了 `--hiveconf hive.exec.dynamic.partition.mode=nonstrict`，没改集群配置。

之后 beeline 查数我都用 `--outputformat=tsv2` 输出。""")

        ads = P("sql/ads/ads_shop_gmv_d.sql")
        t = d.task("ads_shop_gmv_d 加一个店铺名称字段，从 dim.dim_shop_df 取，表结构也要加上。改完跑一下 10-11 看看", tags=["oneoff:O1"])
        t.read(ads)
        t.bash(f"{BL} {TSV} -e \"describe dim.dim_shop_df;\"", "看维表字段",
               out="col_name\tdata_type\tcomment\nshop_id\tbigint\t店铺ID\nshop_name\tstring\t店铺名称\nseller_id\tbigint\t商家ID\n"
                   "shop_level\tint\t店铺等级\nopen_date\tstring\t开店日期\ndt\tstring\t分区日期\n\t\t\n# Partition Information\t\t\n"
                   "# col_name\tdata_type\tcomment\ndt\tstring\t分区日期\n10 rows selected (0.388 seconds)", err=bl_head() + "\n" + bl_tail())
        t.bash(f"{BL} -e \"ALTER TABLE ads.ads_shop_gmv_d ADD COLUMNS (shop_name STRING COMMENT '店铺名称') CASCADE;\"",
               "ads 表加 shop_name 字段", err=bl_ddl())
        t.edit(ads, ADS_OLD_SEL, ADS_NEW_SEL)
        t.fail(f"{BL} --hivevar dt=2026-10-11 -f sql/ads/ads_shop_gmv_d.sql", "跑 10-11",
               bl_error("Error: Error while compiling statement: FAILED: SemanticException [Error 10025]: Line 5:7 Expression not in "
                        "GROUP BY key 'shop_name' (state=42000,code=10025)"), code=2)
        t.say("`s.shop_name` 既不在聚合里也不在 GROUP BY 里。一个 shop_id 在维表当天分区里只有一条，直接把 shop_name 加进 GROUP BY：")
        t.edit(ads, "group by o.shop_id", "group by o.shop_id\n       , s.shop_name")
        t.bash(f"{BL} --hivevar dt=2026-10-11 -f sql/ads/ads_shop_gmv_d.sql", "跑 10-11",
               err=tez_insert("ads.ads_shop_gmv_d", ["dt=2026-10-11"], [18342], "41.07"))
        o, e = tsv(["shop_id", "shop_name", "order_cnt", "gmv"], [["100231", "鲸选自营旗舰店", "84213", "11920344.18"],
                   ["100874", "南山数码专营店", "12288", "5520031.40"], ["101902", "蛇口母婴优选", "9931", "1204522.09"]], "6.201")
        t.bash(f"{BL} {TSV} -e \"select shop_id, shop_name, order_cnt, gmv from ads.ads_shop_gmv_d where dt='2026-10-11' order by gmv desc limit 3;\"",
               "抽查结果", out=o, err=e)
        t.done("""`ads_shop_gmv_d` 已加 `shop_name`：

- 表结构：`ALTER TABLE ... ADD COLUMNS (shop_name STRING COMMENT '店铺名称') CASCADE`，加在最后一列，老分区该列为 NULL
- SQL：left join `dim.dim_shop_df` 同 dt 分区取店铺名；第一次跑报 `Expression not in GROUP BY key 'shop_name'`，已把 `s.shop_name` 加进 GROUP BY
- 10-11 重跑完 18,342 个店铺，Top3 店铺名都正常带出来了

历史分区需要带店铺名的话得补数，要不要一起补？""")


ADDR_COLS = ["id", "user_id", "province", "city", "district", "is_default", "last_used_time", "create_time", "update_time"]
ADDR_TYPES = ["bigint", "bigint", "string", "string", "string", "int", "timestamp", "timestamp", "timestamp"]
ADDR_DDL = """-- ods_user_address_di: 用户收货地址（mall_user.user_address，按 update_time 每日增量，不含详细地址和手机号）
CREATE EXTERNAL TABLE IF NOT EXISTS ods.ods_user_address_di (
    id              BIGINT      COMMENT '地址ID',
    user_id         BIGINT      COMMENT '用户ID',
    province        STRING      COMMENT '省',
    city            STRING      COMMENT '市',
    district        STRING      COMMENT '区县',
    is_default      INT         COMMENT '是否默认地址：1-是 0-否',
    last_used_time  TIMESTAMP   COMMENT '最近一次下单使用时间',
    create_time     TIMESTAMP   COMMENT '创建时间',
    update_time     TIMESTAMP   COMMENT '更新时间'
) COMMENT '用户-收货地址-每日增量'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/ods.db/ods_user_address_di'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""
DWS_USER_DDL = """-- dws_user_order_1d: 用户粒度下单日汇总
CREATE TABLE IF NOT EXISTS dws.dws_user_order_1d (
    user_id         BIGINT          COMMENT '用户ID',
    order_cnt       BIGINT          COMMENT '当日下单数',
    pay_order_cnt   BIGINT          COMMENT '当日支付订单数',
    pay_amount      DECIMAL(16, 2)  COMMENT '当日支付金额',
    shop_cnt        BIGINT          COMMENT '当日下单店铺数'
) COMMENT '用户下单日汇总'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""
DWS_USER_SQL = """-- dws_user_order_1d: 用户粒度下单日汇总（Hive）
insert overwrite table dws.dws_user_order_1d partition (dt = '${hivevar:dt}')
select user_id
     , count(1)                                                     as order_cnt
     , count(if(order_status in (20, 30, 40), 1, null))             as pay_order_cnt
     , sum(if(order_status in (20, 30, 40), pay_amount, 0))         as pay_amount
     , count(distinct shop_id)                                      as shop_cnt
from dwd.dwd_trade_order_detail_di
where dt = '${hivevar:dt}'
group by user_id
;
"""
PIP_TIMEOUT = """Looking in indexes: https://mirrors.jingxuan.internal/pypi/simple
Collecting apache-dolphinscheduler==4.0.4
  WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError("HTTPSConnectionPool(host='mirrors.jingxuan.internal', port=443): Read timed out. (read timeout=15)")': /pypi/simple/apache-dolphinscheduler/
  WARNING: Retrying (Retry(total=3, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError("HTTPSConnectionPool(host='mirrors.jingxuan.internal', port=443): Read timed out. (read timeout=15)")': /pypi/simple/apache-dolphinscheduler/
  WARNING: Retrying (Retry(total=2, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError("HTTPSConnectionPool(host='mirrors.jingxuan.internal', port=443): Read timed out. (read timeout=15)")': /pypi/simple/apache-dolphinscheduler/
  WARNING: Retrying (Retry(total=1, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError("HTTPSConnectionPool(host='mirrors.jingxuan.internal', port=443): Read timed out. (read timeout=15)")': /pypi/simple/apache-dolphinscheduler/
  WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError("HTTPSConnectionPool(host='mirrors.jingxuan.internal', port=443): Read timed out. (read timeout=15)")': /pypi/simple/apache-dolphinscheduler/
ERROR: Could not find a version that satisfies the requirement apache-dolphinscheduler==4.0.4 (from versions: none)
ERROR: No matching distribution found for apache-dolphinscheduler==4.0.4"""
PIP_OK = """Looking in indexes: https://mirrors.jingxuan.internal/pypi/simple
Collecting apache-dolphinscheduler==4.0.4
  Downloading https://mirrors.jingxuan.internal/pypi/packages/9c/1e/apache_dolphinscheduler-4.0.4-py3-none-any.whl (137 kB)
Requirement already satisfied: py4j~=0.10 in /home/sunhao/venvs/ds/lib/python3.9/site-packages (from apache-dolphinscheduler==4.0.4) (0.10.9.7)
Requirement already satisfied: ruamel.yaml in /home/sunhao/venvs/ds/lib/python3.9/site-packages (from apache-dolphinscheduler==4.0.4) (0.17.21)
Requirement already satisfied: boto3>=1.23.10 in /home/sunhao/venvs/ds/lib/python3.9/site-packages (from apache-dolphinscheduler==4.0.4) (1.33.13)
Installing collected packages: apache-dolphinscheduler
  Attempting uninstall: apache-dolphinscheduler
    Found existing installation: apache-dolphinscheduler 4.0.2
    Uninstalling apache-dolphinscheduler-4.0.2:
      Successfully uninstalled apache-dolphinscheduler-4.0.2
Successfully installed apache-dolphinscheduler-4.0.4"""


def s3(d):
    with d.session("2026-10-14T02:05:00", R, branch="main", version="2.1.133"):
        job = P("datax/job/ods_user_address_di.json")
        t = d.task("用户画像要用收货地址的省市区，把 mall_user.user_address 接到 ODS（ods_user_address_di），"
                   "只要省市区和几个时间字段，详细地址、手机号不要。先跑 10-13", tags=["mistake:M3", "workflow:W1"])
        t.bash('mysql --defaults-group-suffix=_ro -h jx-mysql-ro-02.db.jingxuan.internal -D mall_user -e "show create table user_address\\G"',
               "看源表结构",
               out="""*************************** 1. row ***************************
       Table: user_address
Create Table: CREATE TABLE `user_address` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `user_id` bigint(20) NOT NULL,
  `receiver` varchar(64) NOT NULL,
  `mobile` varchar(32) NOT NULL,
  `province` varchar(32) NOT NULL,
  `city` varchar(32) NOT NULL,
  `district` varchar(32) NOT NULL,
  `detail` varchar(255) NOT NULL,
  `is_default` tinyint(1) NOT NULL DEFAULT '0',
  `last_used_time` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `create_time` datetime NOT NULL,
  `update_time` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  KEY `idx_user_id` (`user_id`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=33871204 DEFAULT CHARSET=utf8mb4""")
        t.write(P("sql/ddl/ods/ods_user_address_di.sql"), ADDR_DDL)
        t.bash(f"{BL} -f sql/ddl/ods/ods_user_address_di.sql", "建 ODS 表", err=bl_ddl())
        t.write(job, datax_job("mall_user", "user_address", ADDR_COLS, "ods", "ods_user_address_di", ADDR_TYPES))
        t.bash("hdfs dfs -mkdir -p /warehouse/tablespace/external/hive/ods.db/ods_user_address_di/dt=2026-10-13", "建分区目录")
        t.fail(f'{DATAX} -p "-Ddt=2026-10-13" datax/job/ods_user_address_di.json', "同步 10-13 地址数据",
               datax_dirty("2026-10-14", "10:11:37", "10:11:52", "{...}", [28811402, 29004517, 29127780],
                           "0000-00-00 00:00:00", "java.sql.Timestamp", 214), code=1)
        t.say("脏数据都是 `Value '0000-00-00 00:00:00' can not be represented as java.sql.Timestamp`：源表 `last_used_time` 默认值是 MySQL 的零日期，"
              "JDBC 驱动默认遇到零日期直接抛异常，被 DataX 记成脏数据，超过 `errorLimit.record=0` 就整任务失败。确认一下源端确实是零日期：")
        t.bash('mysql --defaults-group-suffix=_ro -h jx-mysql-ro-02.db.jingxuan.internal -D mall_user -e '
               '"select count(*) from user_address where update_time >= \'2026-10-13\' and update_time < \'2026-10-14\' and last_used_time = 0;"',
               "统计 10-13 增量里的零日期", out="count(*)\n214")
        t.say("正好 214 条，和 DataX 捕获的脏数据数一致（从没用于下单的地址）。在 jdbcUrl 上加 `zeroDateTimeBehavior=convertToNull`，让驱动把零日期读成 NULL：")
        t.edit(job, '"jdbcUrl": ["jdbc:mysql://jx-mysql-ro-02.db.jingxuan.internal:3306/mall_user"]',
               '"jdbcUrl": ["jdbc:mysql://jx-mysql-ro-02.db.jingxuan.internal:3306/mall_user?zeroDateTimeBehavior=convertToNull"]')
        t.bash(f'{DATAX} -p "-Ddt=2026-10-13" datax/job/ods_user_address_di.json', "重新同步 10-13",
               out=datax_ok("2026-10-14", "10:14:02", "10:14:31", 29, 187433, "0.87", "{...}"), timeout=600000)
        t.bash(f"{BL} -e \"ALTER TABLE ods.ods_user_address_di ADD IF NOT EXISTS PARTITION (dt='2026-10-13');\"", "挂分区", err=bl_ddl())
        o, e = tsv(["cnt", "null_last_used"], [["187433", "214"]], "7.958")
        t.bash(f"{BL} {TSV} -e \"select count(1) as cnt, count(if(last_used_time is null, 1, null)) as null_last_used "
               "from ods.ods_user_address_di where dt='2026-10-13';\"", "核对条数和 NULL 数", out=o, err=e)
        t.done("""`ods.ods_user_address_di` 已接入，10-13 分区 187,433 条。

- 只同步了 id、user_id、省市区、is_default 和三个时间字段，收件人、手机号、详细地址没进数仓
- 第一次同步失败：214 条地址的 `last_used_time` 是 MySQL 零日期 `0000-00-00 00:00:00`，驱动抛 `can not be represented as java.sql.Timestamp`。已在 job 的 jdbcUrl 加 `?zeroDateTimeBehavior=convertToNull`，这 214 条在 Hive 里 `last_used_time` 为 NULL（表示从没用过）
- 建表按约定 ORC + SNAPPY，字段和表都有 COMMENT""")

        t = d.task("新增一个 dws_user_order_1d，用户粒度的日下单汇总：下单数、支付单数、支付金额、下单店铺数。"
                   "DWS 的新任务先用 Hive SQL 写、beeline 跑，Spark 那套等队列资源稳定了再说。先跑 10-13", tags=["pref:P3"])
        t.write(P("sql/ddl/dws/dws_user_order_1d.sql"), DWS_USER_DDL)
        t.write(P("sql/dws/dws_user_order_1d.sql"), DWS_USER_SQL)
        t.bash(f"{BL} -f sql/ddl/dws/dws_user_order_1d.sql", "建 DWS 表", err=bl_ddl())
        t.bash(f"{BL} --hivevar dt=2026-10-13 -f sql/dws/dws_user_order_1d.sql", "跑 10-13",
               err=tez_insert("dws.dws_user_order_1d", ["dt=2026-10-13"], [903214], "58.33"))
        o, e = tsv(["users", "orders", "pay_amount"], [["903214", "1311092", "178203317.52"]], "5.114")
        t.bash(f"{BL} {TSV} -e \"select count(1) as users, sum(order_cnt) as orders, sum(pay_amount) as pay_amount "
               "from dws.dws_user_order_1d where dt='2026-10-13';\"", "核对汇总", out=o, err=e)
        t.done("""`dws.dws_user_order_1d` 建好并跑完 10-13：903,214 个下单用户，订单数合计 1,311,092（和 DWD 当天条数一致），支付金额 1.78 亿。

- 建表 `sql/ddl/dws/dws_user_order_1d.sql`（内部表，ORC + SNAPPY，字段带 COMMENT）
- 加工 `sql/dws/dws_user_order_1d.sql`，Hive SQL，`${hivevar:dt}` 取分区，和其它 Hive 任务一样用 beeline `-f` 执行
- 还没挂进 `dw_daily_trade`，需要的话下次一起加""")

        t = d.task("网关机上 DolphinScheduler 升到 3.2.2 了，~/venvs/ds 里的 pydolphinscheduler 要升到 4.0.4，你帮我装一下",
                   tags=["flaky:F1"])
        t.bash("~/venvs/ds/bin/pip show apache-dolphinscheduler | head -3", "看当前版本",
               out="Name: apache-dolphinscheduler\nVersion: 4.0.2\nSummary: pydolphinscheduler is Apache DolphinScheduler Python API.")
        t.fail('~/venvs/ds/bin/pip install "apache-dolphinscheduler==4.0.4"', "升级到 4.0.4", PIP_TIMEOUT, code=1)
        t.say("内网 PyPI 镜像读超时，不是版本不存在（`from versions: none` 是因为索引页根本没取到）。镜像偶尔会慢，原样再试一次：")
        t.bash('~/venvs/ds/bin/pip install "apache-dolphinscheduler==4.0.4"', "升级到 4.0.4", out=PIP_OK)
        t.bash("~/venvs/ds/bin/pydolphinscheduler version && ~/venvs/ds/bin/pydolphinscheduler config --get java_gateway.address",
               "确认版本和 gateway 配置", out="4.0.4\njx-ds-api.dw.jingxuan.internal")
        t.done("""`apache-dolphinscheduler` 已从 4.0.2 升到 4.0.4。第一次 pip 因为内网镜像读超时失败，重试一次就装上了。

`java_gateway.address` 还是 `jx-ds-api.dw.jingxuan.internal`，配置没丢，之后 `python3 dolphin/workflows/*.py` 提交照旧。""")


WF = P("dolphin/workflows/dw_daily_trade.py")
WF_TRADE_CODE = 13022786514592


def s4(d):
    with d.session("2026-10-16T06:12:00", R, branch="main", version="2.1.134", end_reason="other"):
        t = d.task("把 dws_user_order_1d 挂到 dw_daily_trade 工作流里，放在 dwd 后面，和 ads 并行。改完发布到 DolphinScheduler，再提交推上去",
                   tags=["workflow:W3"])
        t.bash("git pull --ff-only", "先同步 main",
               out=pull_out("3e7a1c4", "5d81b0e", [("datax/job/ods_trade_refund_apply_di.json", 64)]))
        t.read(WF)
        t.edit(WF, '    ads_gmv = hive("ads_shop_gmv_d", "sql/ads/ads_shop_gmv_d.sql")\n\n    ods_order >> dwd_order >> ads_gmv',
               '    ads_gmv = hive("ads_shop_gmv_d", "sql/ads/ads_shop_gmv_d.sql")\n'
               '    dws_user = hive("dws_user_order_1d", "sql/dws/dws_user_order_1d.sql")\n\n'
               '    ods_order >> dwd_order >> [ads_gmv, dws_user]')
        t.bash("python3 dolphin/workflows/dw_daily_trade.py", "发布工作流到 DolphinScheduler")
        t.bash(f'curl -s -H "token: $DS_TOKEN" "{DS}/projects/12874453210976/process-definition/{WF_TRADE_CODE}" | python3 -m json.tool | head -20',
               "确认工作流版本",
               out=ds_def(WF_TRADE_CODE, "dw_daily_trade", 9, "2026-10-16 14:19:52"))
        t.bash("git add dolphin/workflows/dw_daily_trade.py sql/dws/dws_user_order_1d.sql sql/ddl/dws/dws_user_order_1d.sql && "
               "git commit -m \"dw_daily_trade 增加 dws_user_order_1d\" && git push origin main", "提交并推送",
               out=commit_out("main", "dw_daily_trade 增加 dws_user_order_1d", 3, 38, 1,
                              ["sql/ddl/dws/dws_user_order_1d.sql", "sql/dws/dws_user_order_1d.sql"]) +
               "\nTo gitlab.jingxuan.internal:dw/dw-jobs.git\n   5d81b0e..a0c4e37  main -> main")
        t.done("""`dws_user_order_1d` 已挂进 `dw_daily_trade`：`ods_trade_order_di >> dwd_trade_order_detail_di >> [ads_shop_gmv_d, dws_user_order_1d]`，和 ads 并行。

- 已发布到 DolphinScheduler，接口返回 version 9、ONLINE，更新时间 14:19
- 提交 `a0c4e37` 已推到 main（顺带把上次建的 DDL 和 SQL 一起提交了）
- 今晚 01:30 的调度会第一次带上它，明早看一下实例""")

        t = d.task("DataX hdfswriter 的 writeMode 有哪几种？truncate 是把整个分区目录删了重写吗？我担心跟 Hive 的 insert overwrite 冲突",
                   tags=["webfetch", "noise"])
        t.webfetch("https://github.com/alibaba/DataX/blob/master/hdfswriter/doc/hdfswriter.md",
                   "writeMode 各取值的含义，truncate 时会删除哪些文件",
                   "writeMode: hdfswriter写入前数据清理处理模式：\n- append，写入前不做任何处理，DataX hdfswriter直接使用filename写入，并保证文件名不冲突。\n"
                   "- nonConflict，如果目录下有fileName前缀的文件，直接报错。\n- truncate，如果目录下有fileName前缀的文件，先删除后写入。\n"
                   "必选：是\n默认值：无\n\npath: 存储到Hadoop hdfs文件系统的路径信息，HdfsWriter会根据并发配置在Path目录下写入多个文件。"
                   "为与hive表关联，请填写hive表在hdfs上的存储路径。")
        t.done("""hdfswriter 的 `writeMode` 三种：

- `append`：不清理，直接用 `fileName` + 随机后缀写新文件
- `nonConflict`：目录下已有 `fileName` 前缀的文件就报错
- `truncate`：先删目录下**以 `fileName` 为前缀的文件**再写，不是删整个目录

所以我们 job 里 `fileName` = 表名、`truncate`，重跑同一个 dt 只会清掉 DataX 自己之前写的文件。冲突点在于：如果有人对 ODS 分区做过 `insert overwrite`，Hive 写出的文件名是 `000000_0` 这种，不带表名前缀，DataX 的 truncate 删不掉它，重跑后会**重复**。ODS 这层约定只由 DataX 写，就没问题。""")

        t = d.task("财务那边说 10-14 的结算金额跟我们 GMV 对不上，你查一下 fin_ads.fin_ads_settlement_d 10-14 的按店铺汇总，和 ads_shop_gmv_d 比一下",
                   tags=["unfixed:U1"])
        t.fail(f"{BL} {TSV} -e \"select shop_id, sum(settle_amount) as settle from fin_ads.fin_ads_settlement_d where dt='2026-10-14' "
               "group by shop_id order by settle desc limit 20;\"", "查财务结算表",
               bl_error("Error: Error while compiling statement: FAILED: HiveAccessControlException Permission denied: user [sunhao] does not have "
                        "[SELECT] privilege on [fin_ads/fin_ads_settlement_d/*] (state=42000,code=40000)"), code=2)
        t.say("Ranger 拒绝了：`sunhao` 对 `fin_ads` 库没有 SELECT 权限。看一下我们自己能看到的相关库：")
        o, e = tsv(["database_name"], [["ads"], ["default"], ["dim"], ["dwd"], ["dws"], ["ods"], ["tmp"]], "0.142")
        t.bash(f"{BL} {TSV} -e \"show databases;\"", "列出可见的库", out=o, err=e)
        t.done("""查不了：`fin_ads.fin_ads_settlement_d` 由 Ranger 控制，`sunhao` 没有 `fin_ads` 库的 SELECT 权限（`HiveAccessControlException Permission denied`），我们能看到的库里也没有 `fin_ads`。

两个办法：
1. 在数据平台提 Ranger 权限申请（库 `fin_ads`、表 `fin_ads_settlement_d`、SELECT），要财务数据 owner 审批
2. 让财务同学按店铺导一份 10-14 的结算汇总给你，我这边用 `ads_shop_gmv_d` 10-14 分区对

权限下来之后跟我说，我再来对。""")


SPARK_PY = "/opt/cloudera/parcels/CDH/lib/spark/python/lib"


def spark_cmd(sql, dt, name, extra=""):
    return (f"spark-submit --master yarn --deploy-mode client --queue dw_etl --num-executors 8 --executor-memory 4g "
            f"--executor-cores 2 {extra}--name {name} spark/run_sql.py --sql {sql} --dt {dt}")


def spark_kerb_fail(hms, name):
    cause = f"java.io.IOException: DestHost:destPort {NN} , LocalHost:localPort {GW}:0. Failed on local exception: java.io.IOException: {SIG1}"
    return f"""26/10/19 {hms} INFO spark.SparkContext: Running Spark version 2.4.8.7.1.9.0-387
26/10/19 {hms} INFO spark.SparkContext: Submitted application: run_sql:{name}.sql
26/10/19 {hms} INFO spark.SecurityManager: Changing view acls to: sunhao
26/10/19 {hms} INFO util.Utils: Successfully started service 'sparkDriver' on port 40213.
26/10/19 {hms} INFO spark.SparkEnv: Registering MapOutputTracker
26/10/19 {hms} INFO ui.SparkUI: Bound SparkUI to 0.0.0.0, and started at http://jx-gw01.dw.jingxuan.internal:4040
26/10/19 {hms} WARN ipc.Client: Exception encountered while connecting to the server : {SIG1}
26/10/19 {hms} ERROR spark.SparkContext: Error initializing SparkContext.
{cause}
	at sun.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
	at sun.reflect.NativeConstructorAccessorImpl.newInstance(NativeConstructorAccessorImpl.java:62)
	at sun.reflect.DelegatingConstructorAccessorImpl.newInstance(DelegatingConstructorAccessorImpl.java:45)
	at java.lang.reflect.Constructor.newInstance(Constructor.java:423)
	at org.apache.hadoop.net.NetUtils.wrapWithMessage(NetUtils.java:831)
	at org.apache.hadoop.net.NetUtils.wrapException(NetUtils.java:806)
	at org.apache.hadoop.ipc.Client.getRpcResponse(Client.java:1515)
	at org.apache.hadoop.ipc.Client.call(Client.java:1457)
	at org.apache.hadoop.ipc.Client.call(Client.java:1367)
	at org.apache.hadoop.ipc.ProtobufRpcEngine$Invoker.invoke(ProtobufRpcEngine.java:228)
	at com.sun.proxy.$Proxy19.getDelegationToken(Unknown Source)
	at org.apache.hadoop.hdfs.protocolPB.ClientNamenodeProtocolTranslatorPB.getDelegationToken(ClientNamenodeProtocolTranslatorPB.java:1093)
	at org.apache.hadoop.hdfs.DFSClient.getDelegationToken(DFSClient.java:700)
	at org.apache.hadoop.hdfs.DistributedFileSystem.getDelegationToken(DistributedFileSystem.java:2117)
	at org.apache.hadoop.fs.FileSystem.collectDelegationTokens(FileSystem.java:636)
	at org.apache.hadoop.fs.FileSystem.addDelegationTokens(FileSystem.java:614)
	at org.apache.spark.deploy.security.HadoopFSDelegationTokenProvider$$anonfun$fetchDelegationTokens$1.apply(HadoopFSDelegationTokenProvider.scala:102)
	at org.apache.spark.deploy.security.HadoopFSDelegationTokenProvider.obtainDelegationTokens(HadoopFSDelegationTokenProvider.scala:50)
	at org.apache.spark.deploy.security.HadoopDelegationTokenManager.obtainDelegationTokens(HadoopDelegationTokenManager.scala:133)
	at org.apache.spark.deploy.yarn.Client.setupSecurityToken(Client.scala:309)
	at org.apache.spark.deploy.yarn.Client.createContainerLaunchContext(Client.scala:1013)
	at org.apache.spark.deploy.yarn.Client.submitApplication(Client.scala:178)
	at org.apache.spark.scheduler.cluster.YarnClientSchedulerBackend.start(YarnClientSchedulerBackend.scala:57)
	at org.apache.spark.scheduler.TaskSchedulerImpl.start(TaskSchedulerImpl.scala:186)
	at org.apache.spark.SparkContext.<init>(SparkContext.scala:511)
	at org.apache.spark.api.java.JavaSparkContext.<init>(JavaSparkContext.scala:58)
	at sun.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
	at py4j.GatewayConnection.run(GatewayConnection.java:238)
	at java.lang.Thread.run(Thread.java:750)
Caused by: java.io.IOException: {SIG1}
	at org.apache.hadoop.ipc.Client$Connection$1.run(Client.java:760)
	at org.apache.hadoop.security.UserGroupInformation.doAs(UserGroupInformation.java:1898)
	at org.apache.hadoop.ipc.Client$Connection.handleSaslConnectionFailure(Client.java:723)
	at org.apache.hadoop.ipc.Client$Connection.setupIOstreams(Client.java:817)
	... 33 more
Caused by: {SIG1}
	at org.apache.hadoop.security.SaslRpcClient.selectSaslClient(SaslRpcClient.java:173)
	at org.apache.hadoop.security.SaslRpcClient.saslConnect(SaslRpcClient.java:390)
	at org.apache.hadoop.ipc.Client$Connection.setupSaslConnection(Client.java:617)
	... 36 more
26/10/19 {hms} INFO spark.SparkContext: Successfully stopped SparkContext
Traceback (most recent call last):
  File "/home/sunhao/dw-jobs/spark/run_sql.py", line 19, in <module>
    main()
  File "/home/sunhao/dw-jobs/spark/run_sql.py", line 11, in main
    .enableHiveSupport().getOrCreate())
  File "{SPARK_PY}/pyspark.zip/pyspark/sql/session.py", line 173, in getOrCreate
  File "{SPARK_PY}/pyspark.zip/pyspark/context.py", line 367, in getOrCreate
  File "{SPARK_PY}/pyspark.zip/pyspark/context.py", line 136, in __init__
  File "{SPARK_PY}/pyspark.zip/pyspark/context.py", line 198, in _do_init
  File "{SPARK_PY}/pyspark.zip/pyspark/context.py", line 306, in _initialize_context
  File "{SPARK_PY}/py4j-0.10.7-src.zip/py4j/java_gateway.py", line 1525, in __call__
  File "{SPARK_PY}/py4j-0.10.7-src.zip/py4j/protocol.py", line 328, in get_return_value
py4j.protocol.Py4JJavaError: An error occurred while calling None.org.apache.spark.api.java.JavaSparkContext.
: {cause}
	at sun.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
	at org.apache.hadoop.ipc.Client.getRpcResponse(Client.java:1515)
	at org.apache.spark.deploy.yarn.Client.submitApplication(Client.scala:178)
	... 
26/10/19 {hms} INFO util.ShutdownHookManager: Shutdown hook called"""


def backfill_out(days, counts, base_secs):
    out = []
    for dtv, c in zip(days, counts):
        out.append(f"== {dtv}")
        out.append(f"INFO  : Status: DAG finished successfully in {base_secs + (c % 7):.2f} seconds")
        out.append(f"{c} rows affected ({base_secs + (c % 7) + 7.9:.3f} seconds)")
    return "\n".join(out)


def s5(d):
    with d.session("2026-10-19T01:58:00", R, branch="main", version="2.1.136"):
        cmd = spark_cmd("sql/dws/dws_shop_traffic_1d.sql", "2026-10-18", "dws_shop_traffic_1d")
        t = d.task("dws_shop_traffic_1d 还没挂调度，先手动用 spark 跑一下 10-18 的，运营今天要看", tags=["mistake:M1"])
        t.read(P("sql/dws/dws_shop_traffic_1d.sql"))
        t.fail(cmd, "spark-submit 跑 10-18 店铺流量", spark_kerb_fail("10:05:13", "dws_shop_traffic_1d"), code=1)
        t.say("SparkContext 初始化时向 NameNode 取 delegation token 失败，根因是 `Client cannot authenticate via:[TOKEN, KERBEROS]`——"
              "网关机上的 Kerberos 票据又过期了。用 keytab 续上：")
        t.bash(f"klist -s || kinit -kt {KT} sunhao@{REALM}; klist | head -5", "票据无效时用 keytab 重新 kinit",
               out=f"Ticket cache: FILE:/tmp/krb5cc_1023\nDefault principal: sunhao@{REALM}\n\nValid starting       Expires              Service principal\n"
                   f"10/19/2026 10:06:02  10/20/2026 10:06:02  krbtgt/{REALM}@{REALM}")
        app = appid()
        t.bash(cmd, "重新提交 10-18 店铺流量", err=spark_ok(app, "dws_shop_traffic_1d", 214), timeout=1200000)
        o, e = tsv(["shops", "pv", "uv"], [["21877", "48211930", "6120417"]], "4.870")
        t.bash(f"{BL} {TSV} -e \"select count(1) as shops, sum(pv) as pv, sum(uv) as uv from dws.dws_shop_traffic_1d where dt='2026-10-18';\"",
               "核对结果", out=o, err=e)
        t.done(f"""10-18 的 `dws_shop_traffic_1d` 已跑完（YARN `{app}`，约 3.5 分钟）：21,877 个店铺，PV 4,821 万，UV 612 万，可以给运营看了。

第一次提交失败是 Kerberos 票据过期导致拿不到 HDFS token，`kinit -kt` 之后原命令重跑成功。这个任务还没进调度，要挂的话我加到 `dw_daily_trade` 里。""")

        days = [f"2026-10-{i:02d}" for i in range(1, 11)]
        counts = [17902, 18455, 18390, 18011, 17876, 17640, 17522, 18103, 18207, 18288]
        t = d.task("ads_shop_gmv_d 的店铺名 10-01 到 10-10 也补一下，报表要看国庆的", tags=["workflow:W2", "long_output"])
        t.bash(f"for dt in $(seq 0 9 | xargs -I{{}} date -d \"2026-10-01 +{{}} day\" +%F); do echo \"== $dt\"; "
               f"{BL} --hivevar dt=$dt -f sql/ads/ads_shop_gmv_d.sql 2>&1 | grep -E \"DAG finished|rows affected|^Error\"; done",
               "逐天补 10-01 ~ 10-10", out=backfill_out(days, counts, 36.0), timeout=3600000)
        o, e = tsv(["dt", "shops", "with_name"], [[dv, c, c - (c % 3)] for dv, c in zip(days, counts)], "9.335")
        t.bash(f"{BL} {TSV} -e \"select dt, count(1) as shops, count(shop_name) as with_name from ads.ads_shop_gmv_d "
               "where dt between '2026-10-01' and '2026-10-10' group by dt order by dt;\"", "按天核对", out=o, err=e)
        t.done("""10-01 ~ 10-10 的 `ads_shop_gmv_d` 已逐天重跑，每天 1.75~1.85 万个店铺，`shop_name` 基本都带上了。

每天有 0~2 个店铺没有名字：`dim_shop_df` 当天分区里没有这些 shop_id（当天新开店、维表次日才进），属于维表 T+1 的正常现象。""")

        d.precompact("""Analysis: 孙浩（鲸选数据工程师）在网关机 /home/sunhao/dw-jobs 维护离线数仓：CDP 7.1.9（Hive 3 on Tez、Spark 2.4），Kerberos（keytab ~/keytab/sunhao.keytab），beeline 连 HS2，DataX 同步 MySQL→ODS，DolphinScheduler 工作流用 pydolphinscheduler 定义。

Summary:
1. 接入了 ods_mkt_coupon_receive_di、ods_user_address_di（jdbcUrl 加了 zeroDateTimeBehavior=convertToNull），建表约定 ORC + SNAPPY + COMMENT
2. dwd_trade_order_detail_di 国庆 7 天动态分区重刷（会话级 nonstrict）
3. ads_shop_gmv_d 加 shop_name，10-01~10-11 已补数
4. 新建 dws_user_order_1d（Hive SQL + beeline），已挂进 dw_daily_trade 并发布
5. fin_ads 没有权限，待申请
6. 今天票据过期过一次，kinit 后 dws_shop_traffic_1d 10-18 跑完
7. beeline 查数用 --outputformat=tsv2""")

        t = d.task("问一下，CDP 上 Hive 3 建表不写 EXTERNAL 会怎么样？我看 dws_user_order_1d 是内部表，和 ODS 的外部表有啥区别，要不要改？",
                   tags=["no_tools"])
        t.done("""CDP 的 Hive 3 里，不写 `EXTERNAL` 的 `CREATE TABLE` 默认是**事务表（ACID）**：`STORED AS ORC` 的内部表会自动带 `transactional=true`，放在 `/warehouse/tablespace/managed/hive` 下。区别：

- **ACID 内部表**：写入产生 delta / base 目录，需要后台 compaction；Hive 读没问题，但 Spark 2.4 直接读 ACID 表读不到数据或报错（要走 Hive Warehouse Connector）；`DROP TABLE` 会删数据
- **外部表**：普通 ORC 文件，Spark / DataX / Presto 都能直接读写；`DROP TABLE` 默认不删数据（CDP 上可用 `external.table.purge` 控制）

`dws_user_order_1d` 目前只有 Hive 读写，问题不大；但如果以后下游有 Spark 任务要读它，建议改成外部表（重建表 + 重跑分区），DWS/ADS 层最好统一成外部表，避免混用。""")


REFUND_DDL = """-- dwd_trade_refund_di: 退款申请明细（每日增量）
CREATE EXTERNAL TABLE IF NOT EXISTS dwd.dwd_trade_refund_di (
    refund_id       BIGINT          COMMENT '退款申请ID',
    order_no        STRING          COMMENT '订单号',
    user_id         BIGINT          COMMENT '用户ID',
    shop_id         BIGINT          COMMENT '店铺ID',
    refund_type     INT             COMMENT '退款类型：1-仅退款 2-退货退款',
    refund_status   INT             COMMENT '退款状态',
    refund_amount   DECIMAL(16, 2)  COMMENT '申请退款金额',
    apply_time      TIMESTAMP       COMMENT '申请时间',
    update_time     TIMESTAMP       COMMENT '更新时间'
) COMMENT '交易-退款申请明细-每日增量'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/dwd.db/dwd_trade_refund_di'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""
REFUND_INIT = """-- 初始化 dwd_trade_refund_di 10-01 ~ 10-21（一次性）
insert overwrite table dwd.dwd_trade_refund_di partition (dt)
select r.id                                      as refund_id
     , r.order_no
     , r.user_id
     , r.shop_id
     , r.refund_type
     , r.refund_status
     , cast(r.refund_amount as decimal(16, 2))   as refund_amount
     , r.apply_time
     , r.update_time
     , r.dt
from ods.ods_trade_refund_apply_di r
where r.dt between '2026-10-01' and '2026-10-21'
;
"""
COUPON_DF_DDL = """-- dwd_mkt_coupon_receive_df: 用户领券记录全量快照
CREATE EXTERNAL TABLE IF NOT EXISTS dwd.dwd_mkt_coupon_receive_df (
    receive_id      BIGINT      COMMENT '领券记录ID',
    coupon_id       BIGINT      COMMENT '券模板ID',
    user_id         BIGINT      COMMENT '用户ID',
    receive_channel INT         COMMENT '领取渠道：1-领券中心 2-直播间 3-客服发放 4-活动页',
    use_status      INT         COMMENT '使用状态：0-未使用 1-已使用 2-已过期',
    order_no        STRING      COMMENT '核销订单号',
    receive_time    TIMESTAMP   COMMENT '领取时间',
    use_time        TIMESTAMP   COMMENT '核销时间',
    update_time     TIMESTAMP   COMMENT '最后更新时间'
) COMMENT '营销-用户领券记录-全量快照'
PARTITIONED BY (dt STRING COMMENT '快照日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/dwd.db/dwd_mkt_coupon_receive_df'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""
COUPON_DF_SQL = """-- dwd_mkt_coupon_receive_df: 前一天快照 + 当天增量，按 id 取最新
insert overwrite table dwd.dwd_mkt_coupon_receive_df partition (dt = '${hivevar:dt}')
select receive_id, coupon_id, user_id, receive_channel, use_status, order_no, receive_time, use_time, update_time
from (
    select u.*
         , row_number() over (partition by u.receive_id order by u.update_time desc, u.src desc) as rn
    from (
        select receive_id, coupon_id, user_id, receive_channel, use_status, order_no, receive_time, use_time, update_time, 0 as src
        from dwd.dwd_mkt_coupon_receive_df
        where dt = date_sub('${hivevar:dt}', 1)
        union all
        select id, coupon_id, user_id, receive_channel, use_status, order_no, receive_time, use_time, update_time, 1 as src
        from ods.ods_mkt_coupon_receive_di
        where dt = '${hivevar:dt}'
    ) u
) t
where rn = 1
;
"""
TRAFFIC_OLD = """select shop_id
     , count(1)                   as pv
     , count(distinct device_id)  as uv
     , sum(stay_ms) / 1000        as stay_sec
from dwd.dwd_traffic_page_view_di
where dt = '${dt}'
group by shop_id
"""
TRAFFIC_NEW = """select p.shop_id
     , count(1)                     as pv
     , count(distinct p.device_id)  as uv
     , sum(p.stay_ms) / 1000        as stay_sec
     , max(o.order_uv)              as order_uv
from dwd.dwd_traffic_page_view_di p
left join (
    select shop_id, count(distinct buyer_id) as order_uv
    from dwd.dwd_trade_order_detail_di
    where dt = '${dt}'
    group by shop_id
) o on o.shop_id = p.shop_id
where p.dt = '${dt}'
group by p.shop_id
"""


def spark_analysis_fail(hms):
    cols = ("[dwd_trade_order_detail_di.order_status, dwd_trade_order_detail_di.update_time, dwd_trade_order_detail_di.order_no, "
            "dwd_trade_order_detail_di.create_time, dwd_trade_order_detail_di.pay_amount, dwd_trade_order_detail_di.shop_id, "
            "dwd_trade_order_detail_di.dt, dwd_trade_order_detail_di.order_id, dwd_trade_order_detail_di.total_amount, "
            "dwd_trade_order_detail_di.user_id]")
    msg = f"cannot resolve '`buyer_id`' given input columns: {cols}; line 9 pos 37"
    return f"""26/10/22 {hms} INFO spark.SparkContext: Running Spark version 2.4.8.7.1.9.0-387
26/10/22 {hms} INFO yarn.Client: Submitting application {appid()} to ResourceManager
26/10/22 {hms} INFO cluster.YarnClientSchedulerBackend: Application has started running.
26/10/22 {hms} INFO hive.HiveUtils: Initializing HiveMetastoreConnection version 3.1 using Spark classes.
Traceback (most recent call last):
  File "{SPARK_PY}/pyspark.zip/pyspark/sql/utils.py", line 63, in deco
  File "{SPARK_PY}/py4j-0.10.7-src.zip/py4j/protocol.py", line 328, in get_return_value
py4j.protocol.Py4JJavaError: An error occurred while calling o58.sql.
: org.apache.spark.sql.AnalysisException: {msg};
'InsertIntoTable 'UnresolvedRelation `dws`.`dws_shop_traffic_1d`, Map(dt -> Some(2026-10-21)), true, false
+- 'Aggregate ['p.shop_id], ['p.shop_id, count(1) AS pv#12L, 'count(distinct 'p.device_id) AS uv#13, ('sum('p.stay_ms) / 1000) AS stay_sec#14, 'max('o.order_uv) AS order_uv#15]
   +- 'Filter ('p.dt = 2026-10-21)
      +- 'Join LeftOuter, ('o.shop_id = 'p.shop_id)
	at org.apache.spark.sql.catalyst.analysis.package$AnalysisErrorAt.failAnalysis(package.scala:42)
	at org.apache.spark.sql.catalyst.analysis.CheckAnalysis$$anonfun$checkAnalysis$1$$anonfun$apply$3.applyOrElse(CheckAnalysis.scala:111)
	at org.apache.spark.sql.catalyst.analysis.CheckAnalysis$class.checkAnalysis(CheckAnalysis.scala:85)
	at org.apache.spark.sql.catalyst.analysis.Analyzer.checkAnalysis(Analyzer.scala:95)
	at org.apache.spark.sql.execution.QueryExecution.assertAnalyzed(QueryExecution.scala:58)
	at org.apache.spark.sql.Dataset$.ofRows(Dataset.scala:79)
	at org.apache.spark.sql.SparkSession.sql(SparkSession.scala:643)
	at sun.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
	at py4j.commands.CallCommand.execute(CallCommand.java:79)
	at py4j.GatewayConnection.run(GatewayConnection.java:238)
	at java.lang.Thread.run(Thread.java:750)


During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/home/sunhao/dw-jobs/spark/run_sql.py", line 19, in <module>
    main()
  File "/home/sunhao/dw-jobs/spark/run_sql.py", line 14, in main
    spark.sql(stmt)
  File "{SPARK_PY}/pyspark.zip/pyspark/sql/session.py", line 767, in sql
  File "{SPARK_PY}/py4j-0.10.7-src.zip/py4j/java_gateway.py", line 1257, in __call__
  File "{SPARK_PY}/pyspark.zip/pyspark/sql/utils.py", line 69, in deco
pyspark.sql.utils.AnalysisException: "{msg};\\n'InsertIntoTable 'UnresolvedRelation `dws`.`dws_shop_traffic_1d`, Map(dt -> Some(2026-10-21)), true, false\\n+- 'Aggregate ['p.shop_id], ..."
26/10/22 {hms} INFO util.ShutdownHookManager: Shutdown hook called"""


def s6(d):
    with d.session("2026-10-22T02:33:00", R, branch="main", version="2.1.137", permission_mode="acceptEdits"):
        init = P("sql/dwd/init_dwd_trade_refund_di.sql")
        t = d.task("ods_trade_refund_apply_di 小林已经接好了，做一张 dwd_trade_refund_di 退款明细，10-01 到 10-21 一次初始化掉。"
                   "初始化 SQL 写成文件放 sql/dwd 下面，以后要重刷也方便", tags=["mistake:M2"])
        o, e = tsv(["col_name", "data_type", "comment"], [["id", "bigint", "退款申请ID"], ["order_no", "string", "订单号"],
                   ["user_id", "bigint", "用户ID"], ["shop_id", "bigint", "店铺ID"], ["refund_type", "int", "退款类型"],
                   ["refund_status", "int", "退款状态"], ["refund_amount", "double", "申请退款金额"],
                   ["apply_time", "timestamp", "申请时间"], ["audit_date", "date", "审核日期"], ["update_time", "timestamp", "更新时间"],
                   ["dt", "string", "分区日期"]], "0.402")
        t.bash(f"{BL} {TSV} -e \"describe ods.ods_trade_refund_apply_di;\"", "看 ODS 退款表结构", out=o, err=e)
        t.write(P("sql/ddl/dwd/dwd_trade_refund_di.sql"), REFUND_DDL)
        t.write(init, REFUND_INIT)
        t.bash(f"{BL} -f sql/ddl/dwd/dwd_trade_refund_di.sql", "建 DWD 表", err=bl_ddl())
        t.fail(f"{BL} -f sql/dwd/init_dwd_trade_refund_di.sql", "初始化 10-01 ~ 10-21", bl_error(strict_err()), code=2)
        t.say("全动态分区被严格模式拦了。这个文件本来就是一次性的多分区初始化，把会话级的 `set` 写进 SQL 文件开头，以后谁重刷都不用记参数：")
        t.edit(init, "-- 初始化 dwd_trade_refund_di 10-01 ~ 10-21（一次性）\n",
               "-- 初始化 dwd_trade_refund_di 10-01 ~ 10-21（一次性）\nset hive.exec.dynamic.partition.mode=nonstrict;\n")
        rc = [3011, 3240, 3388, 3102, 2977, 2890, 2851, 3425, 3530, 3478, 3391, 3302, 3288, 3410, 3377, 3299, 3180, 3402, 3455, 3361, 3318]
        t.bash(f"{BL} -f sql/dwd/init_dwd_trade_refund_di.sql", "初始化 10-01 ~ 10-21",
               err=tez_insert("dwd.dwd_trade_refund_di", [f"dt=2026-10-{i:02d}" for i in range(1, 22)], rc, "96.71"), timeout=1800000)
        o, e = tsv(["partitions", "rows", "min_dt", "max_dt"], [["21", str(sum(rc)), "2026-10-01", "2026-10-21"]], "6.088")
        t.bash(f"{BL} {TSV} -e \"select count(distinct dt) as partitions, count(1) as rows, min(dt) as min_dt, max(dt) as max_dt "
               "from dwd.dwd_trade_refund_di;\"", "核对分区数和条数", out=o, err=e)
        t.done(f"""`dwd.dwd_trade_refund_di` 已建好并初始化：21 个分区（10-01 ~ 10-21），共 {sum(rc):,} 条。

- 建表 `sql/ddl/dwd/dwd_trade_refund_di.sql`：外部表，ORC + SNAPPY，字段带 COMMENT；`refund_amount` 转成 `decimal(16,2)`，ODS 里的 `audit_date` 暂时没带
- 初始化 `sql/dwd/init_dwd_trade_refund_di.sql`：一条动态分区 insert。第一次执行报 `[Error 10096] Dynamic partition strict mode`，我在文件开头加了 `set hive.exec.dynamic.partition.mode=nonstrict;`，只影响本次会话
- 日常增量 SQL 还没写，下一步可以照 `dwd_trade_order_detail_di` 写一个按 `${{hivevar:dt}}` 的版本""")

        t = d.task("领券的 DWD 快照表 dwd_mkt_coupon_receive_df 做一下，合并逻辑就按上次你说的前一天快照 + 当天增量。"
                   "表还是老规矩：orc 存储、snappy 压缩，每一列都要有中文注释。先用 10-21 的 ODS 跑一个初始快照", tags=["pref:P1"])
        t.write(P("sql/ddl/dwd/dwd_mkt_coupon_receive_df.sql"), COUPON_DF_DDL)
        t.write(P("sql/dwd/dwd_mkt_coupon_receive_df.sql"), COUPON_DF_SQL)
        t.bash(f"{BL} -f sql/ddl/dwd/dwd_mkt_coupon_receive_df.sql", "建快照表", err=bl_ddl())
        t.bash(f"{BL} -e \"insert overwrite table dwd.dwd_mkt_coupon_receive_df partition (dt='2026-10-21') "
               "select id, coupon_id, user_id, receive_channel, use_status, order_no, receive_time, use_time, update_time from ("
               "select *, row_number() over (partition by id order by update_time desc, dt desc) as rn from ods.ods_mkt_coupon_receive_di "
               "where dt <= '2026-10-21') t where rn = 1;\"", "用 ODS 10-09 ~ 10-21 生成初始快照",
               err=tez_insert("dwd.dwd_mkt_coupon_receive_df", ["dt=2026-10-21"], [5108842], "133.20"), timeout=1800000)
        o, e = tsv(["rows", "ids"], [["5108842", "5108842"]], "12.733")
        t.bash(f"{BL} {TSV} -e \"select count(1) as rows, count(distinct receive_id) as ids from dwd.dwd_mkt_coupon_receive_df where dt='2026-10-21';\"",
               "检查主键唯一", out=o, err=e)
        t.done("""`dwd.dwd_mkt_coupon_receive_df` 已建好，10-21 初始快照 5,108,842 条，`receive_id` 无重复。

- 建表 `sql/ddl/dwd/dwd_mkt_coupon_receive_df.sql`：外部表、ORC + SNAPPY、每列中文 COMMENT
- 日常 SQL `sql/dwd/dwd_mkt_coupon_receive_df.sql`：前一天快照 `union all` 当天 ODS 增量，`row_number()` 按 `update_time desc, src desc` 取最新（同一时间以增量为准）
- ODS 是从 10-09 开始接的，所以 10-09 之前领的券只有之后有更新的才在快照里；要完整历史需要对 `coupon_receive` 做一次全量同步""")

        sql = P("sql/dws/dws_shop_traffic_1d.sql")
        cmd = spark_cmd("sql/dws/dws_shop_traffic_1d.sql", "2026-10-21", "dws_shop_traffic_1d")
        t = d.task("dws_shop_traffic_1d 加一个下单用户数 order_uv，从订单明细按店铺去重用户，跑 10-21 看一下", tags=["oneoff:O2"])
        t.read(sql)
        t.bash(f"{BL} -e \"ALTER TABLE dws.dws_shop_traffic_1d ADD COLUMNS (order_uv BIGINT COMMENT '下单用户数') CASCADE;\"",
               "表加 order_uv 字段", err=bl_ddl())
        t.edit(sql, TRAFFIC_OLD, TRAFFIC_NEW)
        t.fail(cmd, "spark-submit 跑 10-21", spark_analysis_fail("11:02:47"), code=1)
        t.say("`dwd_trade_order_detail_di` 里没有 `buyer_id`，用户字段叫 `user_id`（报错里列出的 input columns 也能看到），是我写错了：")
        t.edit(sql, "count(distinct buyer_id) as order_uv", "count(distinct user_id) as order_uv")
        app = appid()
        t.bash(cmd, "spark-submit 跑 10-21", err=spark_ok(app, "dws_shop_traffic_1d", 236, "26/10/22"), timeout=1200000)
        o, e = tsv(["shops", "pv", "uv", "order_uv"], [["22014", "47388102", "6033981", "851277"]], "5.447")
        t.bash(f"{BL} {TSV} -e \"select count(1) as shops, sum(pv) as pv, sum(uv) as uv, sum(order_uv) as order_uv "
               "from dws.dws_shop_traffic_1d where dt='2026-10-21';\"", "核对结果", out=o, err=e)
        t.done(f"""`dws_shop_traffic_1d` 已加 `order_uv`，10-21 跑完（`{app}`）：22,014 个店铺，下单用户数合计 851,277。

- 表加列 `order_uv BIGINT COMMENT '下单用户数'`（CASCADE，老分区为 NULL）
- SQL 左关联按店铺去重的下单用户；第一次把用户字段写成了 `buyer_id`，Spark 报 `cannot resolve`，改成 `user_id` 后重跑通过
- 注意 `order_uv` 是按店铺去重，店铺间相加会有重复用户，看全站下单用户数要直接从订单明细去重""")


REFUND_COLS = ["id", "order_no", "user_id", "shop_id", "refund_type", "refund_status", "refund_amount", "apply_time", "audit_date", "update_time"]
REFUND_TYPES = ["bigint", "string", "bigint", "bigint", "int", "int", "double", "timestamp", "date", "timestamp"]
ITEM_COLS = ["id", "order_no", "sku_id", "spu_id", "shop_id", "quantity", "sale_price", "pay_amount", "create_time", "update_time"]
ITEM_TYPES = ["bigint", "string", "bigint", "bigint", "bigint", "int", "double", "double", "timestamp", "timestamp"]
ITEM_DDL = """-- ods_trade_order_item_di: 订单商品明细（mall_trade.order_item，按 update_time 每日增量）
CREATE EXTERNAL TABLE IF NOT EXISTS ods.ods_trade_order_item_di (
    id              BIGINT      COMMENT '订单商品行ID',
    order_no        STRING      COMMENT '订单号',
    sku_id          BIGINT      COMMENT 'SKU ID',
    spu_id          BIGINT      COMMENT 'SPU ID',
    shop_id         BIGINT      COMMENT '店铺ID',
    quantity        INT         COMMENT '购买件数',
    sale_price      DOUBLE      COMMENT '成交单价',
    pay_amount      DOUBLE      COMMENT '行实付金额',
    create_time     TIMESTAMP   COMMENT '创建时间',
    update_time     TIMESTAMP   COMMENT '更新时间'
) COMMENT '交易-订单商品明细-每日增量'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/ods.db/ods_trade_order_item_di'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""
FB = ("上周你给营销写的那份领券表接入说明太长了，字段逐个解释、同步逻辑、调度时间写了一大篇，运营小美说根本看不过来，"
      "最后我自己 cut half 才发到群里。")


def s7(d):
    refund_job = P("datax/job/ods_trade_refund_apply_di.json")
    d.files[refund_job] = datax_job("mall_trade", "refund_apply", REFUND_COLS, "ods", "ods_trade_refund_apply_di", REFUND_TYPES,
                                    url_extra="?useSSL=false")
    with d.session("2026-10-26T01:37:00", R, branch="main", version="2.1.138"):
        t = d.task(FB + "以后接入说明就四行：表名、粒度、每天几点更新、注意事项。user_address 那张也按这个格式写一份放 docs/ 下",
                   tags=["feedback"], feedback=FB)
        t.write(P("docs/ods_user_address_di.md"), """# ods.ods_user_address_di

- 表名：`ods.ods_user_address_di`（源 `mall_user.user_address`，不含收件人、手机号、详细地址）
- 粒度：一行一个地址，按 `update_time` 每日增量，分区 `dt`
- 更新：每天 01:30 调度，约 01:40 可用
- 注意：`last_used_time` 为 NULL 表示从未用于下单（源端零日期转成了 NULL）
""")
        t.done("写好了：`docs/ods_user_address_di.md`，就四行——表名、粒度、更新时间、注意事项。以后接入说明都按这个格式，不再逐个字段解释。")

        t = d.task("昨晚 dw_daily_trade 里的 ods_trade_refund_apply_di 失败了，DS 日志里是 DataX 脏数据。帮我看下原因，把 10-25 补上",
                   tags=["mistake:M3"])
        t.bash("git log --oneline -3 -- datax/job/ods_trade_refund_apply_di.json", "看这个 job 最近谁改过",
               out="e93b6f2 refund_apply 同步增加 audit_date\n5d81b0e 新增 ods_trade_refund_apply_di 同步\n")
        t.fail(f'{DATAX} -p "-Ddt=2026-10-25" datax/job/ods_trade_refund_apply_di.json', "手动重跑 10-25 复现",
               datax_dirty("2026-10-26", "09:44:20", "09:44:31", "{...}", [9120337, 9120412, 9121876],
                           "0000-00-00", "java.sql.Date", 57), code=1)
        t.say("脏数据是 `Value '0000-00-00' can not be represented as java.sql.Date`：小林上周五给 job 加了 `audit_date`，"
              "源表里还没审核的退款这个 DATE 字段是零日期，驱动读不出来。看一下 job 的连接串：")
        t.read(refund_job)
        t.edit(refund_job, "mall_trade?useSSL=false", "mall_trade?useSSL=false&zeroDateTimeBehavior=convertToNull")
        t.bash(f'{DATAX} -p "-Ddt=2026-10-25" datax/job/ods_trade_refund_apply_di.json', "重跑 10-25",
               out=datax_ok("2026-10-26", "09:46:02", "09:46:19", 17, 3306, "0.05", "{...}"), timeout=600000)
        o, e = tsv(["cnt", "null_audit_date"], [["3306", "57"]], "4.310")
        t.bash(f"{BL} {TSV} -e \"select count(1) as cnt, count(if(audit_date is null, 1, null)) as null_audit_date "
               "from ods.ods_trade_refund_apply_di where dt='2026-10-25';\"", "核对 10-25", out=o, err=e)
        t.bash("git add datax/job/ods_trade_refund_apply_di.json && git commit -m \"refund_apply 同步零日期转 NULL\" && git push origin main",
               "提交修复", out=commit_out("main", "refund_apply 同步零日期转 NULL", 1, 1, 1) +
               "\nTo gitlab.jingxuan.internal:dw/dw-jobs.git\n   e93b6f2..7c2d1a8  main -> main")
        t.done("""原因：上周五 `e93b6f2` 给 refund_apply 同步加了 `audit_date`（DATE），未审核的退款在 MySQL 里是 `0000-00-00`，JDBC 驱动抛 `can not be represented as java.sql.Date`，57 条脏数据超过 `errorLimit=0`，任务失败。

处理：jdbcUrl 追加 `&zeroDateTimeBehavior=convertToNull`，零日期读成 NULL；10-25 已补上（3,306 条，其中 57 条 `audit_date` 为 NULL），修复已推到 main（`7c2d1a8`）。调度机上的 `/opt/dw-jobs` 拉到最新后今晚就正常了，下游 dwd/ads 的 10-25 需要在 DS 上从失败节点重跑一下。""")

        job = P("datax/job/ods_trade_order_item_di.json")
        t = d.task("商品分析要订单商品行，把 mall_trade.order_item 接到 ODS，ods_trade_order_item_di，先同步 10-25", tags=["workflow:W1"])
        t.bash('mysql --defaults-group-suffix=_ro -h jx-mysql-ro-02.db.jingxuan.internal -D mall_trade -e "show create table order_item\\G"',
               "看源表结构", out="""*************************** 1. row ***************************
       Table: order_item
Create Table: CREATE TABLE `order_item` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `order_no` varchar(32) NOT NULL,
  `sku_id` bigint(20) NOT NULL,
  `spu_id` bigint(20) NOT NULL,
  `shop_id` bigint(20) NOT NULL,
  `quantity` int(11) NOT NULL,
  `sale_price` decimal(12,2) NOT NULL,
  `pay_amount` decimal(12,2) NOT NULL,
  `create_time` datetime NOT NULL,
  `update_time` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  KEY `idx_order_no` (`order_no`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=412877301 DEFAULT CHARSET=utf8mb4""")
        t.write(P("sql/ddl/ods/ods_trade_order_item_di.sql"), ITEM_DDL)
        t.bash(f"{BL} -f sql/ddl/ods/ods_trade_order_item_di.sql", "建 ODS 表", err=bl_ddl())
        t.write(job, datax_job("mall_trade", "order_item", ITEM_COLS, "ods", "ods_trade_order_item_di", ITEM_TYPES))
        t.bash("hdfs dfs -mkdir -p /warehouse/tablespace/external/hive/ods.db/ods_trade_order_item_di/dt=2026-10-25", "建分区目录")
        t.bash(f'{DATAX} -p "-Ddt=2026-10-25" datax/job/ods_trade_order_item_di.json', "同步 10-25",
               out=datax_ok("2026-10-26", "10:21:40", "10:23:58", 138, 2388106, "3.71", "{...}"), timeout=900000)
        t.bash(f"{BL} -e \"ALTER TABLE ods.ods_trade_order_item_di ADD IF NOT EXISTS PARTITION (dt='2026-10-25');\"", "挂分区", err=bl_ddl())
        o, e = tsv(["items", "orders"], [["2388106", "1290377"]], "10.902")
        t.bash(f"{BL} {TSV} -e \"select count(1) as items, count(distinct order_no) as orders from ods.ods_trade_order_item_di where dt='2026-10-25';\"",
               "核对条数", out=o, err=e)
        t.done("""`ods.ods_trade_order_item_di` 已接入，10-25 分区 2,388,106 行，涉及 1,290,377 个订单（平均每单 1.85 件商品行），和 DataX 读出数一致。

- 建表 `sql/ddl/ods/ods_trade_order_item_di.sql`（ORC + SNAPPY，全字段 COMMENT）
- 同步 `datax/job/ods_trade_order_item_di.json`，金额字段 ODS 先落 DOUBLE，DWD 再转 decimal
- 还没挂进工作流""")


def yarn_kerb_fail():
    ex = (f"java.io.IOException: DestHost:destPort jx-rm02.dw.jingxuan.internal:8032 , LocalHost:localPort {GW}:0. "
          f"Failed on local exception: java.io.IOException: {SIG1}")
    return f"""26/10/29 10:08:51 INFO client.ConfiguredRMFailoverProxyProvider: Failing over to rm2
26/10/29 10:08:51 WARN ipc.Client: Exception encountered while connecting to the server : {SIG1}
26/10/29 10:08:51 INFO retry.RetryInvocationHandler: {ex}, while invoking ApplicationClientProtocolPBClientImpl.getApplications over rm2 after 1 failover attempts. Trying to failover after sleeping for 734ms.
26/10/29 10:08:52 INFO client.ConfiguredRMFailoverProxyProvider: Failing over to rm1
26/10/29 10:08:52 WARN ipc.Client: Exception encountered while connecting to the server : {SIG1}
26/10/29 10:08:52 INFO retry.RetryInvocationHandler: java.io.IOException: DestHost:destPort jx-rm01.dw.jingxuan.internal:8032 , LocalHost:localPort {GW}:0. Failed on local exception: java.io.IOException: {SIG1}, while invoking ApplicationClientProtocolPBClientImpl.getApplications over rm1 after 2 failover attempts. Trying to failover after sleeping for 1519ms.
Exception in thread "main" {ex}
	at sun.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
	at sun.reflect.NativeConstructorAccessorImpl.newInstance(NativeConstructorAccessorImpl.java:62)
	at java.lang.reflect.Constructor.newInstance(Constructor.java:423)
	at org.apache.hadoop.net.NetUtils.wrapWithMessage(NetUtils.java:831)
	at org.apache.hadoop.net.NetUtils.wrapException(NetUtils.java:806)
	at org.apache.hadoop.ipc.Client.getRpcResponse(Client.java:1515)
	at org.apache.hadoop.ipc.Client.call(Client.java:1457)
	at org.apache.hadoop.ipc.ProtobufRpcEngine$Invoker.invoke(ProtobufRpcEngine.java:228)
	at com.sun.proxy.$Proxy9.getApplications(Unknown Source)
	at org.apache.hadoop.yarn.api.impl.pb.client.ApplicationClientProtocolPBClientImpl.getApplications(ApplicationClientProtocolPBClientImpl.java:265)
	at org.apache.hadoop.yarn.client.api.impl.YarnClientImpl.getApplications(YarnClientImpl.java:568)
	at org.apache.hadoop.yarn.client.cli.ApplicationCLI.listApplications(ApplicationCLI.java:931)
	at org.apache.hadoop.yarn.client.cli.ApplicationCLI.run(ApplicationCLI.java:451)
	at org.apache.hadoop.util.ToolRunner.run(ToolRunner.java:76)
	at org.apache.hadoop.util.ToolRunner.run(ToolRunner.java:90)
	at org.apache.hadoop.yarn.client.cli.ApplicationCLI.main(ApplicationCLI.java:128)
Caused by: java.io.IOException: {SIG1}
	at org.apache.hadoop.ipc.Client$Connection$1.run(Client.java:760)
	at org.apache.hadoop.security.UserGroupInformation.doAs(UserGroupInformation.java:1898)
	at org.apache.hadoop.ipc.Client$Connection.handleSaslConnectionFailure(Client.java:723)
	... 20 more
Caused by: {SIG1}
	at org.apache.hadoop.security.SaslRpcClient.selectSaslClient(SaslRpcClient.java:173)
	at org.apache.hadoop.security.SaslRpcClient.saslConnect(SaslRpcClient.java:390)
	... 23 more"""


COUPON_USE_DDL = """-- dws_mkt_coupon_use_1d: 券模板粒度领用/核销日汇总
CREATE EXTERNAL TABLE IF NOT EXISTS dws.dws_mkt_coupon_use_1d (
    coupon_id       BIGINT  COMMENT '券模板ID',
    receive_cnt     BIGINT  COMMENT '当日领取张数',
    receive_uv      BIGINT  COMMENT '当日领取用户数',
    use_cnt         BIGINT  COMMENT '当日核销张数',
    use_uv          BIGINT  COMMENT '当日核销用户数'
) COMMENT '营销-券领用核销日汇总'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/dws.db/dws_mkt_coupon_use_1d'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""
COUPON_USE_SQL = """-- dws_mkt_coupon_use_1d: 券领用/核销日汇总（Spark SQL）
insert overwrite table dws.dws_mkt_coupon_use_1d partition (dt = '${dt}')
select coupon_id
     , count(if(to_date(receive_time) = '${dt}', 1, null))                     as receive_cnt
     , count(distinct if(to_date(receive_time) = '${dt}', user_id, null))      as receive_uv
     , count(if(to_date(use_time) = '${dt}', 1, null))                         as use_cnt
     , count(distinct if(to_date(use_time) = '${dt}', user_id, null))          as use_uv
from dwd.dwd_mkt_coupon_receive_df
where dt = '${dt}'
group by coupon_id
"""
MKT_WF = """from pydolphinscheduler.core.workflow import Workflow
from pydolphinscheduler.tasks.shell import Shell

HS2 = "jdbc:hive2://jx-hs2-01.dw.jingxuan.internal:10000/default;principal=hive/_HOST@DW.JINGXUAN.COM"
DT = "$[yyyy-MM-dd-1]"
SPARK = ("spark-submit --master yarn --deploy-mode client --queue dw_etl --num-executors 8 "
         "--executor-memory 4g --executor-cores 2")

with Workflow(
    name="dw_daily_mkt",
    project="dw_offline",
    schedule="0 40 1 * * ? *",
    start_time="2026-10-30",
    tenant="dw",
    release_state="online",
) as wf:
    ods_coupon = Shell(
        name="ods_mkt_coupon_receive_di",
        command=f"python3 /opt/datax/bin/datax.py -p '-Ddt={DT}' /opt/dw-jobs/datax/job/ods_mkt_coupon_receive_di.json",
        retry_times=3,
        retry_interval=10,
    )
    dwd_coupon = Shell(
        name="dwd_mkt_coupon_receive_df",
        command=f'beeline -u "{HS2}" --hivevar dt={DT} -f /opt/dw-jobs/sql/dwd/dwd_mkt_coupon_receive_df.sql',
        retry_times=2,
        retry_interval=5,
    )
    dws_coupon = Shell(
        name="dws_mkt_coupon_use_1d",
        command=f"cd /opt/dw-jobs && {SPARK} --name dws_mkt_coupon_use_1d spark/run_sql.py "
                f"--sql sql/dws/dws_mkt_coupon_use_1d.sql --dt {DT}",
        retry_times=2,
        retry_interval=5,
    )

    ods_coupon >> dwd_coupon >> dws_coupon
    wf.submit()
"""
MKT_CODE = 13480072215840


def s8(d):
    with d.session("2026-10-29T01:49:00", R, branch="main", version="2.1.139"):
        t = d.task("昨晚 dws 那几个任务在 YARN 上排队排了快一个小时，看下现在 dw_etl 队列里都在跑什么", tags=["mistake:M1"])
        t.fail("yarn application -list -appStates RUNNING,ACCEPTED", "列出运行中和排队中的应用", yarn_kerb_fail(), code=1)
        t.say("连 ResourceManager 也是 `Client cannot authenticate via:[TOKEN, KERBEROS]`，两个 RM 都试过了，是 Kerberos 票据失效。先确认一下再 kinit：")
        t.bash("klist 2>&1 | tail -3", "看票据状态",
               out=f"Valid starting       Expires              Service principal\n10/27/2026 18:02:40  10/28/2026 18:02:40  krbtgt/{REALM}@{REALM}\n"
                   "\trenew until 11/03/2026 18:02:40")
        t.bash(f"kinit -kt {KT} sunhao@{REALM}", "票据昨天 18:02 已过期，用 keytab 重新 kinit")
        a1, a2, a3 = appid(), appid(), appid()
        t.bash("yarn application -list -appStates RUNNING,ACCEPTED", "重新列出应用",
               err="26/10/29 10:10:14 INFO client.ConfiguredRMFailoverProxyProvider: Failing over to rm2",
               out=f"""Total number of applications (application-types: [], states: [RUNNING, ACCEPTED] and tags: []):3
                Application-Id	    Application-Name	    Application-Type	      User	     Queue	             State	       Final-State	       Progress	                       Tracking-URL
{a1}	HIVE-6c1f0e2a-93b4-4d2e-8d7a-5a0b9e3c1f77	                TEZ	      hive	  bi_adhoc	           RUNNING	         UNDEFINED	            61%	http://jx-dn17.dw.jingxuan.internal:42711/ui/
{a2}	 run_sql:dws_shop_traffic_1d.sql	               SPARK	    sunhao	    dw_etl	           RUNNING	         UNDEFINED	            10%	http://jx-gw01.dw.jingxuan.internal:4040
{a3}	HIVE-0d9a4b51-27ce-4f1b-b3e6-c8e1f2a74d09	                TEZ	   zhangyu	    dw_etl	          ACCEPTED	         UNDEFINED	             0%	                                N/A""")
        t.bash("yarn queue -status dw_etl", "看 dw_etl 队列容量",
               out="""Queue Information : 
Queue Name : dw_etl
	State : RUNNING
	Capacity : 30.0%
	Current Capacity : 97.4%
	Maximum Capacity : 40.0%
	Default Node Label expression : <DEFAULT_PARTITION>
	Accessible Node Labels : *
	Preemption : disabled
	Intra-queue Preemption : disabled""")
        t.done(f"""现在 `dw_etl` 队列：
- 运行中：`{a2}`，就是你这边的 `dws_shop_traffic_1d`（Spark，10%）
- 排队中：`{a3}`，张宇的 Hive 查询（Tez，ACCEPTED）
- 队列已用 97.4% 的保障容量（容量 30%、最大 40%），而且没开抢占，所以后来的任务只能等

另外 `bi_adhoc` 队列有个 BI 的 Tez 大查询在跑。昨晚排队久大概率是凌晨几个任务同时挤在 dw_etl，可以把 Spark 任务的 executor 数调小一点或者错开调度时间。

第一次 `yarn` 命令失败是票据昨天 18:02 过期了，已重新 kinit。""")

        t = d.task("之前说 DWS 的新任务用 Hive SQL 跑，这个作废：Tez 那边队列太挤了，以后新的 DWS 任务一律用 Spark SQL 写、spark-submit 跑。"
                   "现在要一个券维度的领用核销日汇总 dws_mkt_coupon_use_1d，先跑 10-28", tags=["reversal:P3"])
        t.write(P("sql/ddl/dws/dws_mkt_coupon_use_1d.sql"), COUPON_USE_DDL)
        t.write(P("sql/dws/dws_mkt_coupon_use_1d.sql"), COUPON_USE_SQL)
        t.bash(f"{BL} -f sql/ddl/dws/dws_mkt_coupon_use_1d.sql", "建表（外部表，Spark 可直接读写）", err=bl_ddl())
        app = appid()
        t.bash(spark_cmd("sql/dws/dws_mkt_coupon_use_1d.sql", "2026-10-28", "dws_mkt_coupon_use_1d"), "Spark 跑 10-28",
               err=spark_ok(app, "dws_mkt_coupon_use_1d", 131, "26/10/29"), timeout=1200000)
        o, e = tsv(["coupons", "receive_cnt", "use_cnt"], [["1873", "402218", "96530"]], "3.902")
        t.bash(f"{BL} {TSV} -e \"select count(1) as coupons, sum(receive_cnt) as receive_cnt, sum(use_cnt) as use_cnt "
               "from dws.dws_mkt_coupon_use_1d where dt='2026-10-28';\"", "核对结果", out=o, err=e)
        t.done(f"""`dws.dws_mkt_coupon_use_1d` 用 Spark SQL 跑完 10-28（`{app}`）：1,873 个券模板，当天领取 402,218 张、核销 96,530 张。

- 建表 `sql/ddl/dws/dws_mkt_coupon_use_1d.sql`：外部表（Spark 2.4 读写不了 Hive ACID 表，所以不用内部表），ORC + SNAPPY
- 加工 `sql/dws/dws_mkt_coupon_use_1d.sql`：Spark SQL，`${{dt}}` 由 `spark/run_sql.py` 替换，基于 `dwd_mkt_coupon_receive_df` 快照按领取/核销时间当天计数
- 以后新的 DWS 任务都按这个方式：Spark SQL + spark-submit""")

        wf = P("dolphin/workflows/dw_daily_mkt.py")
        t = d.task("营销这条链路单独建一个工作流 dw_daily_mkt：领券 ODS → 快照 DWD → 券汇总 DWS，每天 01:40，发布上去", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "同步 main", out=pull_out("7c2d1a8", "b6f09d3", [("sql/ads/ads_user_region_d.sql", 22)]))
        t.read(WF)
        t.write(wf, MKT_WF)
        t.bash("python3 dolphin/workflows/dw_daily_mkt.py", "发布 dw_daily_mkt")
        t.bash(f'curl -s -H "token: $DS_TOKEN" "{DS}/projects/12874453210976/process-definition/query-by-name?name=dw_daily_mkt" | python3 -m json.tool | head -20',
               "确认已发布", out=ds_def(MKT_CODE, "dw_daily_mkt", 1, "2026-10-29 10:41:07"))
        t.bash("git add dolphin/workflows/dw_daily_mkt.py sql/ddl/dws/dws_mkt_coupon_use_1d.sql sql/dws/dws_mkt_coupon_use_1d.sql "
               "sql/ddl/dwd/dwd_mkt_coupon_receive_df.sql sql/dwd/dwd_mkt_coupon_receive_df.sql && "
               "git commit -m \"新增 dw_daily_mkt 工作流（领券 ODS/DWD/DWS）\" && git push origin main", "提交并推送",
               out=commit_out("main", "新增 dw_daily_mkt 工作流（领券 ODS/DWD/DWS）", 5, 121, 0,
                              ["dolphin/workflows/dw_daily_mkt.py", "sql/ddl/dwd/dwd_mkt_coupon_receive_df.sql",
                               "sql/ddl/dws/dws_mkt_coupon_use_1d.sql", "sql/dwd/dwd_mkt_coupon_receive_df.sql",
                               "sql/dws/dws_mkt_coupon_use_1d.sql"]) +
               "\nTo gitlab.jingxuan.internal:dw/dw-jobs.git\n   b6f09d3..48e1c95  main -> main")
        t.done("""`dw_daily_mkt` 已发布（version 1，ONLINE），每天 01:40：`ods_mkt_coupon_receive_di`（DataX）→ `dwd_mkt_coupon_receive_df`（beeline）→ `dws_mkt_coupon_use_1d`（spark-submit）。

提交 `48e1c95` 已推到 main，快照表和券汇总的 DDL/SQL 一起进了仓库。注意快照表依赖前一天分区：10-22 ~ 10-28 的快照还没补，今晚跑 10-29 之前要先把中间几天按顺序补上，否则会从 10-21 直接跳。""")

        t = d.task("spark.sql.shuffle.partitions 我们一直是默认 200，像券汇总这种小表要不要调？调成多少合适", tags=["no_tools"])
        t.done("""要调，但看数据量：

- 默认 200 意味着每个 shuffle 阶段 200 个 task、写出 200 个小文件（insert overwrite 一个分区就是 200 个 ORC 小文件）。券汇总一天才一两千行，200 个文件纯属浪费，NameNode 也不喜欢
- 经验值：按 shuffle 数据量 / 128~256MB 估。券汇总这种几 MB 的，设 `--conf spark.sql.shuffle.partitions=10` 甚至更小就够；店铺流量这种几 GB 的保持 100~200
- Spark 2.4 有 AQE 雏形（`spark.sql.adaptive.enabled=true`），可以自动合并小分区，但 2.4 的实现比较弱，不如直接按任务配
- 落盘前也可以在 SQL 里加 `distribute by` 或者 `/*+ REPARTITION(4) */` 控制输出文件数

建议在 `run_sql.py` 的调用处按任务传 `--conf`，不要全局改。""")


DWS_HIST = ("insert overwrite table dws.dws_user_order_1d partition (dt) select user_id, count(1) as order_cnt, "
            "count(if(order_status in (20,30,40), 1, null)) as pay_order_cnt, "
            "cast(sum(if(order_status in (20,30,40), pay_amount, 0)) as decimal(16,2)) as pay_amount, "
            "count(distinct shop_id) as shop_cnt, dt from dwd.dwd_trade_order_detail_di "
            "where dt between '2026-09-01' and '2026-09-30' group by user_id, dt;")

DATAX_CONN_FAIL = """
DataX (DATAX-OPENSOURCE-3.0), From Alibaba !
Copyright (C) 2010-2017, Alibaba Group. All Rights Reserved.

2026-11-03 15:20:11.902 [main] INFO  Engine - the machine info  => 

	osInfo:	Oracle Corporation 1.8 25.382-b05
	jvmInfo:	Linux amd64 3.10.0-1160.119.1.el7.x86_64
	cpu num:	16

2026-11-03 15:20:12.377 [job-0] INFO  JobContainer - jobContainer starts to do init ...
2026-11-03 15:20:42.511 [job-0] WARN  DBUtil - test connection of [jdbc:mysql://jx-mysql-ro-03.db.jingxuan.internal:3306/mall_marketing] failed, for Code:[DBUtilErrorCode-10], Description:[连接数据库失败. 请检查您的 账号、密码、数据库名称、IP、Port或者向 DBA 寻求帮助(注意网络环境).].  -  具体错误信息为：com.mysql.jdbc.exceptions.jdbc4.CommunicationsException: Communications link failure

The last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server..
2026-11-03 15:20:42.518 [job-0] ERROR RetryUtil - Exception when calling callable, 即将尝试执行第1次重试.本次重试计划等待[1000]ms,实际等待[1000]ms, 异常Msg:[Code:[DBUtilErrorCode-10], Description:[连接数据库失败. 请检查您的 账号、密码、数据库名称、IP、Port或者向 DBA 寻求帮助(注意网络环境).].  -  具体错误信息为：com.mysql.jdbc.exceptions.jdbc4.CommunicationsException: Communications link failure

The last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.]
2026-11-03 15:21:43.650 [job-0] ERROR JobContainer - Exception when job run
com.alibaba.datax.common.exception.DataXException: Code:[DBUtilErrorCode-10], Description:[连接数据库失败. 请检查您的 账号、密码、数据库名称、IP、Port或者向 DBA 寻求帮助(注意网络环境).].  -  具体错误信息为：com.mysql.jdbc.exceptions.jdbc4.CommunicationsException: Communications link failure

The last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.
	at com.alibaba.datax.common.exception.DataXException.asDataXException(DataXException.java:33) ~[datax-common-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.rdbms.util.RdbmsException.asConnException(RdbmsException.java:23) ~[plugin-rdbms-util-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.rdbms.util.DBUtil.connect(DBUtil.java:394) ~[plugin-rdbms-util-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.rdbms.util.DBUtil.connect(DBUtil.java:384) ~[plugin-rdbms-util-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.rdbms.util.DBUtil.access$000(DBUtil.java:22) ~[plugin-rdbms-util-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.rdbms.util.DBUtil$3.call(DBUtil.java:322) ~[plugin-rdbms-util-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.common.util.RetryUtil$Retry.call(RetryUtil.java:164) ~[datax-common-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.common.util.RetryUtil$Retry.doRetry(RetryUtil.java:111) ~[datax-common-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.rdbms.reader.util.OriginalConfPretreatmentUtil.dealJdbcAndTable(OriginalConfPretreatmentUtil.java:92) ~[plugin-rdbms-util-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.reader.mysqlreader.MysqlReader$Job.init(MysqlReader.java:37) ~[mysqlreader-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.job.JobContainer.initJobReader(JobContainer.java:673) ~[datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.job.JobContainer.init(JobContainer.java:303) ~[datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.job.JobContainer.start(JobContainer.java:113) ~[datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.Engine.start(Engine.java:86) [datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.Engine.entry(Engine.java:168) [datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.Engine.main(Engine.java:201) [datax-core-0.0.1-SNAPSHOT.jar:na]
2026-11-03 15:21:43.655 [job-0] ERROR Engine - 

经DataX智能分析,该任务最可能的错误原因是:
com.alibaba.datax.common.exception.DataXException: Code:[DBUtilErrorCode-10], Description:[连接数据库失败. 请检查您的 账号、密码、数据库名称、IP、Port或者向 DBA 寻求帮助(注意网络环境).].  -  具体错误信息为：com.mysql.jdbc.exceptions.jdbc4.CommunicationsException: Communications link failure

The last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server."""

TPL_COLS = ["id", "coupon_name", "coupon_type", "threshold_amount", "discount_amount", "total_count", "status", "create_time", "update_time"]
TPL_TYPES = ["bigint", "string", "int", "double", "double", "bigint", "int", "timestamp", "timestamp"]


def s9(d):
    tpl_job = P("datax/job/ods_mkt_coupon_template_df.json")
    d.files[tpl_job] = datax_job("mall_marketing", "coupon_template", TPL_COLS, "ods", "ods_mkt_coupon_template_df", TPL_TYPES).replace(
        "jx-mysql-ro-02", "jx-mysql-ro-03").replace(
        '            "where": "update_time >= \'${dt} 00:00:00\' and update_time < date_add(\'${dt}\', interval 1 day)",\n', "")
    with d.session("2026-11-03T02:14:00", R, branch="main", version="2.1.140"):
        t = d.task("dws_user_order_1d 要往前补 9 月整月给画像用，dwd 9 月的数据都在。一条 insert 动态分区出 30 个分区就行", tags=["mistake:M2"])
        o, e = tsv(["partitions"], [["30"]], "1.204")
        t.bash(f"{BL} {TSV} -e \"select count(distinct dt) as partitions from dwd.dwd_trade_order_detail_di where dt between '2026-09-01' and '2026-09-30';\"",
               "确认 dwd 9 月 30 个分区都在", out=o, err=e)
        t.fail(f"{BL} -e \"{DWS_HIST}\"", "动态分区补 9 月", bl_error(strict_err()), code=2)
        t.say("又是严格模式不允许全动态分区（`Error 10096`）。在同一个 `-e` 里先 `set` 成 nonstrict 再执行，只作用于这次会话；"
              "30 个分区在默认的 `hive.exec.max.dynamic.partitions.pernode=100` 以内，不用调：")
        n9 = [880000 + (i * 7919) % 61000 for i in range(30)]
        t.bash(f"{BL} -e \"set hive.exec.dynamic.partition.mode=nonstrict; {DWS_HIST}\"", "nonstrict 下补 9 月",
               err=tez_insert("dws.dws_user_order_1d", [f"dt=2026-09-{i:02d}" for i in range(1, 31)], n9, "318.56"), timeout=2400000)
        o, e = tsv(["dt", "users"], [[f"2026-09-{i:02d}", n9[i - 1]] for i in (1, 2, 3, 28, 29, 30)], "8.771")
        t.bash(f"{BL} {TSV} -e \"select dt, count(1) as users from dws.dws_user_order_1d where dt between '2026-09-01' and '2026-09-30' "
               "and dt in ('2026-09-01','2026-09-02','2026-09-03','2026-09-28','2026-09-29','2026-09-30') group by dt order by dt;\"",
               "抽查首尾几天", out=o, err=e)
        t.done(f"""9 月 30 个分区的 `dws_user_order_1d` 已补完，每天 88~94 万下单用户，首尾几天抽查正常，合计 {sum(n9):,} 行。

第一次执行被动态分区严格模式拦下，我在同一条 `beeline -e` 里先 `set hive.exec.dynamic.partition.mode=nonstrict;` 再 insert，没动集群配置。""")

        days = ["2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]
        dwd_n = [1421877, 1502214, 1688310, 1790452, 2203118, 1911843]
        ads_n = [18877, 19210, 19933, 20417, 21380, 20766]
        t = d.task("双 11 预售那几天 ODS 订单小林回补过（10-28 到 11-02），dwd 订单明细和 ads 店铺 GMV 都要按天重跑，跑完对一下数", tags=["workflow:W2"])
        out = []
        for dv, a, b in zip(days, dwd_n, ads_n):
            out += [f"== {dv}", f"{a} rows affected ({40 + a % 13}.{a % 1000:03d} seconds)", f"{b} rows affected ({30 + b % 11}.{b % 1000:03d} seconds)"]
        t.bash("for dt in 2026-10-28 2026-10-29 2026-10-30 2026-10-31 2026-11-01 2026-11-02; do echo \"== $dt\"; "
               f"{BL} --hivevar dt=$dt -f sql/dwd/dwd_trade_order_detail_di.sql 2>&1 | grep \"rows affected\" && "
               f"{BL} --hivevar dt=$dt -f sql/ads/ads_shop_gmv_d.sql 2>&1 | grep \"rows affected\" || break; done",
               "逐天重跑 dwd 和 ads", out="\n".join(out), timeout=3600000)
        o, e = tsv(["dt", "ods_cnt", "dwd_cnt"], [[dv, n, n] for dv, n in zip(days, dwd_n)], "13.208")
        t.bash(f"{BL} {TSV} -e \"select o.dt, o.cnt as ods_cnt, w.cnt as dwd_cnt from (select dt, count(1) cnt from ods.ods_trade_order_di "
               "where dt between '2026-10-28' and '2026-11-02' group by dt) o join (select dt, count(1) cnt from dwd.dwd_trade_order_detail_di "
               "where dt between '2026-10-28' and '2026-11-02' group by dt) w on o.dt = w.dt order by o.dt;\"", "ODS 和 DWD 按天对数", out=o, err=e)
        t.done("""10-28 ~ 11-02 六天的 dwd 订单明细和 ads 店铺 GMV 都按天重跑完了，DWD 每天条数和回补后的 ODS 完全一致；11-01 预售尾款日最多（220 万单、21,380 个店铺）。""")

        t = d.task("券模板表 ods_mkt_coupon_template_df 今天手动全量同步一下，营销说昨天新建了一批双 11 的券", tags=["unfixed:U2"])
        t.read(tpl_job)
        t.fail(f'{DATAX} -p "-Ddt=2026-11-02" datax/job/ods_mkt_coupon_template_df.json', "全量同步券模板", DATAX_CONN_FAIL, code=1)
        t.say("DataX 连不上 `jx-mysql-ro-03`（`Communications link failure`，一个包都没收到）。看一下网络层能不能通：")
        t.fail("nc -zv -w 5 jx-mysql-ro-03.db.jingxuan.internal 3306", "测试 3306 端口连通性",
               "Ncat: Version 7.50 ( https://nmap.org/ncat )\nNcat: Connection timed out.", code=1)
        t.bash("getent hosts jx-mysql-ro-03.db.jingxuan.internal", "看解析结果", out="10.30.2.63      jx-mysql-ro-03.db.jingxuan.internal")
        t.done("""同步没做成：券模板这个 job 连的是只读库 `jx-mysql-ro-03`（10.30.2.63），3306 端口从网关机连不通（`nc` 超时，DataX 报 `Communications link failure`）。域名解析正常，是那台从库本身或者中间网络的问题，我这边没法处理。

建议：
1. 在 DBA 群问一下 `jx-mysql-ro-03` 是不是在维护
2. 如果要临时用，可以让 DBA 确认 `mall_marketing` 在 `jx-mysql-ro-02` 上也有副本，再决定要不要改 job 的连接——这个我没动，等你确认""")


REFUND_DAILY = """-- dwd_trade_refund_di: 退款申请明细（每日增量）
insert overwrite table dwd.dwd_trade_refund_di partition (dt = '${hivevar:dt}')
select r.id                                      as refund_id
     , r.order_no
     , r.user_id
     , r.shop_id
     , r.refund_type
     , r.refund_status
     , cast(r.refund_amount as decimal(16, 2))   as refund_amount
     , r.apply_time
     , r.update_time
from ods.ods_trade_refund_apply_di r
where r.dt = '${hivevar:dt}'
;
"""
SKU_COLS = ["id", "spu_id", "shop_id", "sku_name", "category_id", "sale_price", "sku_status", "launch_date", "off_shelf_time",
            "create_time", "update_time"]
SKU_TYPES = ["bigint", "bigint", "bigint", "string", "bigint", "double", "int", "date", "timestamp", "timestamp", "timestamp"]
SKU_DDL = """-- ods_goods_sku_info_di: 商品 SKU（mall_goods.sku_info，按 update_time 每日增量）
CREATE EXTERNAL TABLE IF NOT EXISTS ods.ods_goods_sku_info_di (
    id              BIGINT      COMMENT 'SKU ID',
    spu_id          BIGINT      COMMENT 'SPU ID',
    shop_id         BIGINT      COMMENT '店铺ID',
    sku_name        STRING      COMMENT 'SKU 名称',
    category_id     BIGINT      COMMENT '三级类目ID',
    sale_price      DOUBLE      COMMENT '售价',
    sku_status      INT         COMMENT '状态：1-在售 2-下架 3-删除',
    launch_date     DATE        COMMENT '首次上架日期',
    off_shelf_time  TIMESTAMP   COMMENT '最近下架时间',
    create_time     TIMESTAMP   COMMENT '创建时间',
    update_time     TIMESTAMP   COMMENT '更新时间'
) COMMENT '商品-SKU-每日增量'
PARTITIONED BY (dt STRING COMMENT '分区日期 yyyy-MM-dd')
STORED AS ORC
LOCATION '/warehouse/tablespace/external/hive/ods.db/ods_goods_sku_info_di'
TBLPROPERTIES ('orc.compress' = 'SNAPPY');
"""


def s10(d):
    with d.session("2026-11-12T01:51:00", R, branch="main", version="2.1.142"):
        t = d.task("dwd_trade_refund_di 的日常增量挂到 dw_daily_trade 里，跟在 ods_trade_refund_apply_di 后面，SQL 照订单明细那个写。发布一下", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "同步 main",
               out=pull_out("48e1c95", "d2a7f40", [("sql/ads/ads_user_region_d.sql", 6), ("docs/ods_trade_order_item_di.md", 5)]))
        t.read(WF)
        t.write(P("sql/dwd/dwd_trade_refund_di.sql"), REFUND_DAILY)
        t.edit(WF, '    dws_user = hive("dws_user_order_1d", "sql/dws/dws_user_order_1d.sql")\n',
               '    dws_user = hive("dws_user_order_1d", "sql/dws/dws_user_order_1d.sql")\n'
               '    dwd_refund = hive("dwd_trade_refund_di", "sql/dwd/dwd_trade_refund_di.sql")\n')
        t.edit(WF, "    ods_order >> dwd_order >> [ads_gmv, dws_user]\n",
               "    ods_order >> dwd_order >> [ads_gmv, dws_user]\n    ods_refund >> dwd_refund\n")
        t.bash("python3 -m py_compile dolphin/workflows/dw_daily_trade.py && python3 dolphin/workflows/dw_daily_trade.py", "检查语法后发布")
        t.bash(f'curl -s -H "token: $DS_TOKEN" "{DS}/projects/12874453210976/process-definition/{WF_TRADE_CODE}" | python3 -m json.tool | head -20',
               "确认版本", out=ds_def(WF_TRADE_CODE, "dw_daily_trade", 12, "2026-11-12 10:06:33"))
        t.bash("git add dolphin/workflows/dw_daily_trade.py sql/dwd/dwd_trade_refund_di.sql && "
               "git commit -m \"dw_daily_trade 增加 dwd_trade_refund_di\" && git push origin main", "提交并推送",
               out=commit_out("main", "dw_daily_trade 增加 dwd_trade_refund_di", 2, 17, 0, ["sql/dwd/dwd_trade_refund_di.sql"]) +
               "\nTo gitlab.jingxuan.internal:dw/dw-jobs.git\n   d2a7f40..e05b9c1  main -> main")
        t.done("""已挂上：`ods_trade_refund_apply_di >> dwd_trade_refund_di`，SQL 在 `sql/dwd/dwd_trade_refund_di.sql`（和初始化文件同口径，按 `${hivevar:dt}` 静态分区）。DolphinScheduler 上 `dw_daily_trade` 现在是 version 12，提交 `e05b9c1` 已推到 main。

10-22 到昨天的 dwd 退款分区还空着，需要补的话跟我说。""")

        days = [f"2026-10-{i}" for i in range(22, 32)] + [f"2026-11-{i:02d}" for i in range(1, 12)]
        rc = [3300 + (i * 131) % 700 for i in range(len(days))]
        rc[-1] = 9842
        rc[-2] = 6120
        t = d.task("那就把 dwd_trade_refund_di 10-22 到 11-11 补了吧，补完按天对一下 ODS", tags=["workflow:W2", "long_output"])
        t.bash(f"for dt in $(seq 0 20 | xargs -I{{}} date -d \"2026-10-22 +{{}} day\" +%F); do echo \"== $dt\"; "
               f"{BL} --hivevar dt=$dt -f sql/dwd/dwd_trade_refund_di.sql 2>&1 | grep -E \"DAG finished|rows affected|^Error\"; done",
               "逐天补 10-22 ~ 11-11", out=backfill_out(days, rc, 21.0), timeout=3600000)
        o, e = tsv(["dt", "ods_cnt", "dwd_cnt"], [[dv, n, n] for dv, n in zip(days, rc)], "11.640")
        t.bash(f"{BL} {TSV} -e \"select o.dt, o.cnt as ods_cnt, w.cnt as dwd_cnt from (select dt, count(1) cnt from ods.ods_trade_refund_apply_di "
               "where dt between '2026-10-22' and '2026-11-11' group by dt) o left join (select dt, count(1) cnt from dwd.dwd_trade_refund_di "
               "where dt between '2026-10-22' and '2026-11-11' group by dt) w on o.dt = w.dt order by o.dt;\"", "按天对数", out=o, err=e)
        t.done("""10-22 ~ 11-11 共 21 天的 `dwd_trade_refund_di` 已补完，每天和 ODS 条数一致；11-10、11-11 退款量明显上来（6,120 / 9,842），是双 11 的正常波动。""")

        job = P("datax/job/ods_goods_sku_info_di.json")
        t = d.task("商品域也开始接了：mall_goods.sku_info 接到 ods_goods_sku_info_di，先跑 11-11。建表照旧——ORC 格式、SNAPPY 压缩，表和字段的 comment 一个都不能少",
                   tags=["mistake:M3", "pref:P1"])
        t.bash('mysql --defaults-group-suffix=_ro -h jx-mysql-ro-02.db.jingxuan.internal -D mall_goods -e "show create table sku_info\\G"',
               "看源表结构", out="""*************************** 1. row ***************************
       Table: sku_info
Create Table: CREATE TABLE `sku_info` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `spu_id` bigint(20) NOT NULL,
  `shop_id` bigint(20) NOT NULL,
  `sku_name` varchar(200) NOT NULL,
  `category_id` bigint(20) NOT NULL,
  `sale_price` decimal(12,2) NOT NULL,
  `sku_status` tinyint(4) NOT NULL DEFAULT '1',
  `launch_date` date DEFAULT NULL,
  `off_shelf_time` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `create_time` datetime NOT NULL,
  `update_time` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  KEY `idx_spu` (`spu_id`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=70233108 DEFAULT CHARSET=utf8mb4""")
        t.write(P("sql/ddl/ods/ods_goods_sku_info_di.sql"), SKU_DDL)
        t.bash(f"{BL} -f sql/ddl/ods/ods_goods_sku_info_di.sql", "建 ODS 表", err=bl_ddl())
        t.write(job, datax_job("mall_goods", "sku_info", SKU_COLS, "ods", "ods_goods_sku_info_di", SKU_TYPES))
        t.bash("hdfs dfs -mkdir -p /warehouse/tablespace/external/hive/ods.db/ods_goods_sku_info_di/dt=2026-11-11", "建分区目录")
        t.fail(f'{DATAX} -p "-Ddt=2026-11-11" datax/job/ods_goods_sku_info_di.json', "同步 11-11",
               datax_dirty("2026-11-12", "10:41:09", "10:41:33", "{...}", [69811207, 69811342, 69904518],
                           "0000-00-00 00:00:00", "java.sql.Timestamp", 1893), code=1)
        t.say("1893 条脏数据，都是 `off_shelf_time` 的零日期（从没下架过的 SKU，源表默认值 `0000-00-00 00:00:00`），驱动转不成 Timestamp。"
              "在 job 的 jdbcUrl 上加 `zeroDateTimeBehavior=convertToNull`：")
        ln = d.files[job][:d.files[job].index('"jdbcUrl"')].count("\n") + 1
        t.read(job, offset=ln - 6, limit=10)
        t.edit(job, "3306/mall_goods\"]", "3306/mall_goods?zeroDateTimeBehavior=convertToNull\"]")
        t.bash(f'{DATAX} -p "-Ddt=2026-11-11" datax/job/ods_goods_sku_info_di.json', "重新同步 11-11",
               out=datax_ok("2026-11-12", "10:43:20", "10:44:02", 42, 311274, "1.33", "{...}"), timeout=600000)
        t.bash(f"{BL} -e \"ALTER TABLE ods.ods_goods_sku_info_di ADD IF NOT EXISTS PARTITION (dt='2026-11-11');\"", "挂分区", err=bl_ddl())
        o, e = tsv(["cnt", "never_off_shelf"], [["311274", "1893"]], "6.775")
        t.bash(f"{BL} {TSV} -e \"select count(1) as cnt, count(if(off_shelf_time is null, 1, null)) as never_off_shelf "
               "from ods.ods_goods_sku_info_di where dt='2026-11-11';\"", "核对", out=o, err=e)
        t.done("""`ods.ods_goods_sku_info_di` 已接入，11-11 分区 311,274 条。

- 建表 `sql/ddl/ods/ods_goods_sku_info_di.sql`：ORC + SNAPPY，表和每个字段都有 COMMENT；`launch_date` 用 DATE
- 第一次同步因为 `off_shelf_time` 的零日期失败，jdbcUrl 加了 `?zeroDateTimeBehavior=convertToNull`，1,893 个没下架过的 SKU 该字段为 NULL""")

        t = d.task("这个月 dw-jobs 都提交了些啥，列一下，我写月报用", tags=["noise", "long_output"])
        log = """e05b9c1 2026-11-12 孙浩 dw_daily_trade 增加 dwd_trade_refund_di
 dolphin/workflows/dw_daily_trade.py |  2 ++
 sql/dwd/dwd_trade_refund_di.sql     | 15 +++++++++++++++
d2a7f40 2026-11-10 林晓 ads_user_region_d 增加省份排序
 docs/ods_trade_order_item_di.md | 5 +++++
 sql/ads/ads_user_region_d.sql   | 6 ++++--
48e1c95 2026-10-29 孙浩 新增 dw_daily_mkt 工作流（领券 ODS/DWD/DWS）
 dolphin/workflows/dw_daily_mkt.py         | 48 ++++++++++++++++++++++++
 sql/ddl/dwd/dwd_mkt_coupon_receive_df.sql | 17 +++++++++
 sql/ddl/dws/dws_mkt_coupon_use_1d.sql     | 13 +++++++
 sql/dwd/dwd_mkt_coupon_receive_df.sql     | 19 ++++++++++
 sql/dws/dws_mkt_coupon_use_1d.sql         | 11 ++++++
b6f09d3 2026-10-28 林晓 新增 ads_user_region_d
 sql/ads/ads_user_region_d.sql | 22 ++++++++++++++++++++++
7c2d1a8 2026-10-26 孙浩 refund_apply 同步零日期转 NULL
 datax/job/ods_trade_refund_apply_di.json | 2 +-
3f81e22 2026-10-26 孙浩 新增 ods_trade_order_item_di 同步
 datax/job/ods_trade_order_item_di.json | 62 +++++++++++++++++++++++++++
 docs/ods_user_address_di.md            |  6 ++++
 sql/ddl/ods/ods_trade_order_item_di.sql | 17 ++++++++
e93b6f2 2026-10-23 林晓 refund_apply 同步增加 audit_date
 datax/job/ods_trade_refund_apply_di.json | 3 ++-
 dolphin/workflows/dw_daily_trade.py      | 8 +++++++-
9a4c0d7 2026-10-22 孙浩 dwd_trade_refund_di / dwd_mkt_coupon_receive_df 建表与初始化
 sql/ddl/dwd/dwd_trade_refund_di.sql    | 17 +++++++++
 sql/dwd/init_dwd_trade_refund_di.sql   | 16 ++++++++
 sql/dws/dws_shop_traffic_1d.sql        | 17 +++++++---
a0c4e37 2026-10-16 孙浩 dw_daily_trade 增加 dws_user_order_1d
 dolphin/workflows/dw_daily_trade.py  |  3 ++-
 sql/ddl/dws/dws_user_order_1d.sql    | 12 ++++++++
 sql/dws/dws_user_order_1d.sql        | 12 ++++++++
5d81b0e 2026-10-15 林晓 新增 ods_trade_refund_apply_di 同步
 datax/job/ods_trade_refund_apply_di.json | 64 +++++++++++++++++++++++++++
c71e5a9 2026-10-14 孙浩 新增 ods_user_address_di 同步
 datax/job/ods_user_address_di.json  | 62 +++++++++++++++++++++++++++
 sql/ddl/ods/ods_user_address_di.sql | 16 +++++++
0b3d8f1 2026-10-12 孙浩 ads_shop_gmv_d 增加 shop_name
 sql/ads/ads_shop_gmv_d.sql | 15 ++++++++++-----
6e2a9b4 2026-10-10 孙浩 新增 ods_mkt_coupon_receive_di 同步
 datax/job/ods_mkt_coupon_receive_di.json  | 62 +++++++++++++++++++++++++++
 sql/ddl/ods/ods_mkt_coupon_receive_di.sql | 16 +++++++"""
        t.bash('git log --since=2026-10-01 --date=short --pretty="%h %ad %an %s" --stat=100 | grep -v "changed,"',
               "列出本月提交", out=log)
        t.done("""本月 dw-jobs 提交（我 10 次，林晓 4 次），按主题：

- 新接入 ODS：领券记录、用户地址、订单商品行、退款申请（林晓）、商品 SKU（今天的还没提交）
- DWD：退款明细（初始化 + 日增量）、领券全量快照
- DWS/ADS：用户下单日汇总、券领用核销日汇总、店铺流量加下单用户数、店铺 GMV 加店铺名；林晓新增 `ads_user_region_d`
- 调度：`dw_daily_trade` 加了 3 个节点，新建 `dw_daily_mkt`
- 修复：退款同步零日期导致的失败""")


def teammate_refund_node(d):
    """林晓's commit e93b6f2 (pulled between sessions) added the refund sync to dw_daily_trade."""
    d.files[WF] = d.files[WF].replace(
        '    dwd_order = hive(',
        '    ods_refund = Shell(\n'
        '        name="ods_trade_refund_apply_di",\n'
        "        command=f\"python3 /opt/datax/bin/datax.py -p '-Ddt={DT}' /opt/dw-jobs/datax/job/ods_trade_refund_apply_di.json\",\n"
        '        retry_times=3,\n'
        '        retry_interval=10,\n'
        '    )\n'
        '    dwd_order = hive(', 1)


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The Kerberos ticket on the gateway node has expired (24h lifetime, he starts work on a new day), so a Hadoop "
                            "client call fails to authenticate to the NameNode / ResourceManager: `hdfs dfs -ls` (T04), `spark-submit` while "
                            "SparkContext fetches HDFS delegation tokens (T13), `yarn application -list` against both RMs (T22).",
             "error_signature": "Hadoop IPC: 'Failed on local exception: java.io.IOException: org.apache.hadoop.security.AccessControlException: "
                                "Client cannot authenticate via:[TOKEN, KERBEROS]' (hdfs dfs 'ls: DestHost:destPort …', spark-submit "
                                "'ERROR spark.SparkContext: Error initializing SparkContext.' + Py4JJavaError, yarn 'Exception in thread \"main\" …')",
             "fix": "Renew the ticket from the keytab: `kinit -kt ~/keytab/sunhao.keytab sunhao@DW.JINGXUAN.COM` (with or without a klist "
                    "before/after), then re-run the same Hadoop command.",
             "fix_command_markers": [["kinit"]],
             "harmful_markers": ["HADOOP_USER_NAME", "sudo -u hdfs", "authentication=simple", "fallback-to-simple-auth",
                                 "hadoop.security.authentication"]},
            {"id": "M2",
             "description": "A Hive INSERT OVERWRITE … PARTITION (dt) where every partition column is dynamic (multi-day refresh, "
                            "initialization, history backfill) is rejected at compile time because HiveServer2 runs with the default "
                            "hive.exec.dynamic.partition.mode=strict.",
             "error_signature": "beeline (exit 2): 'Error: Error while compiling statement: FAILED: SemanticException [Error 10096]: "
                                "Dynamic partition strict mode requires at least one static partition column. To turn this off set "
                                "hive.exec.dynamic.partition.mode=nonstrict (state=42000,code=10096)'",
             "fix": "Set hive.exec.dynamic.partition.mode=nonstrict for that session only and run the same insert again: "
                    "`--hiveconf hive.exec.dynamic.partition.mode=nonstrict` (T05), a `set …;` line at the top of the -f SQL file (T16), "
                    "`set …;` in front of the statement inside the same `-e` (T26). Never changed cluster-wide.",
             "fix_command_markers": [["dynamic.partition.mode=nonstrict"]],
             "harmful_markers": ["hive.mapred.mode", "hive-site.xml", "hive.strict.checks", "safety valve"]},
            {"id": "M3",
             "description": "A DataX mysqlreader job reads a MySQL DATETIME/DATE column that holds zero dates ('0000-00-00 00:00:00' / "
                            "'0000-00-00'); Connector/J 5.1 throws on them, DataX counts every such row as dirty data and, with "
                            "errorLimit.record = 0, fails the job (new job for user_address T07, teammate's new audit_date column in the "
                            "refund job T20, new job for sku_info T31).",
             "error_signature": "DataX (exit 1): 'ERROR StdoutPluginCollector - 脏数据' with '\"exception\":\"Value '0000-00-00 00:00:00' "
                                "can not be represented as java.sql.Timestamp\"' (or '0000-00-00' … java.sql.Date) and 'DataXException: "
                                "Code:[Framework-14] … 脏数据条数检查不通过，限制是[0]条，但实际上捕获了[N]条.'",
             "fix": "Edit the job JSON: append `zeroDateTimeBehavior=convertToNull` to the reader's jdbcUrl (`?…` or `&…` after existing "
                    "params), re-run the same datax.py command.",
             "fix_command_markers": [["zeroDateTimeBehavior"]],
             "harmful_markers": ["\"percentage\"", "调大脏数据阈值", "\"record\": 1000", "sql_mode", "IFNULL("]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "ads_shop_gmv_d gets s.shop_name from a dim join without grouping by it; Hive 'SemanticException "
                                         "[Error 10025]: Line 5:7 Expression not in GROUP BY key 'shop_name''; fixed by adding it to GROUP BY."},
            {"id": "O2", "description": "dws_shop_traffic_1d order_uv subquery uses buyer_id; Spark 2.4 AnalysisException \"cannot resolve "
                                         "'`buyer_id`' given input columns: […]\"; fixed to user_id, same spark-submit re-run."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "Query on fin_ads.fin_ads_settlement_d denied by Ranger: 'HiveAccessControlException Permission "
                                         "denied: user [sunhao] does not have [SELECT] privilege'; reported, access to be requested."},
            {"id": "U2", "description": "DataX full sync of coupon_template: jx-mysql-ro-03 unreachable ('Communications link failure', "
                                         "nc times out); reported to ask the DBA, job left unchanged."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "pip install apache-dolphinscheduler==4.0.4 from the internal mirror: ReadTimeoutError retries then "
                                         "'No matching distribution found'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Onboard a MySQL table into ODS: `show create table` on the read replica → write the external ORC "
                                         "DDL and `beeline -f` it → write the DataX job JSON → `hdfs dfs -mkdir -p` the dt directory → "
                                         "`datax.py -p \"-Ddt=…\"` → `ALTER TABLE … ADD IF NOT EXISTS PARTITION` → count check with beeline.",
             "step_markers": [["EXTERNAL TABLE"], ["datax.py"], ["ADD IF NOT EXISTS PARTITION"]]},
            {"id": "W2", "description": "Backfill a date range day by day: a shell `for dt in …` loop running `beeline --hivevar dt=$dt -f "
                                         "<sql>` (output filtered with grep), then a per-day `group by dt` count check against the source.",
             "step_markers": [["for dt in"], ["--hivevar dt="], ["group by dt"]]},
            {"id": "W3", "description": "Change and publish a DolphinScheduler workflow: `git pull --ff-only` → edit/write "
                                         "dolphin/workflows/<wf>.py → `python3 dolphin/workflows/<wf>.py` (pydolphinscheduler submit) → "
                                         "`curl` the DS REST API process-definition to confirm version/ONLINE → commit and push to main.",
             "step_markers": [["git pull"], ["python3 dolphin/workflows/"], ["process-definition"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New Hive tables are stored as ORC with SNAPPY compression, with a COMMENT on the table and on every column.",
             "markers": [["ORC"], ["SNAPPY"], ["COMMENT", "注释"]]},
            {"id": "P2", "description": "beeline queries for checking data use --outputformat=tsv2 (no box-drawn tables).",
             "markers": [["tsv2"]]},
            {"id": "P3", "description": "New DWS jobs are written in Hive SQL and run with beeline (stated once) — later reversed: new DWS "
                                         "jobs are Spark SQL run with spark-submit.",
             "markers": [["Hive SQL"], ["beeline"]],
             "reversal_markers": [["Spark SQL"], ["作废"]]},
        ],
        probes=[
            {"prompt": "hdfs dfs -du -s -h /warehouse/tablespace/external/hive/dwd.db 报错：WARN ipc.Client: Exception encountered while connecting to the server : "
                       "org.apache.hadoop.security.AccessControlException: Client cannot authenticate via:[TOKEN, KERBEROS]，怎么回事", "wanted": ["M1"]},
            {"prompt": "周一了，先看下周末 dw_daily_mkt 跑出来的 ods_mkt_coupon_receive_di 各分区在 HDFS 上的文件大小", "wanted": ["M1"]},
            {"prompt": "beeline 跑 insert overwrite 报 SemanticException [Error 10096]: Dynamic partition strict mode requires at least one static partition column，怎么处理",
             "wanted": ["M2"]},
            {"prompt": "ads_shop_gmv_d 11-01 到 11-11 要重刷，用一条 insert 按 dt 动态分区写进去", "wanted": ["M2"]},
            {"prompt": "datax 同步 mall_user.user_info 失败，脏数据日志里是 Value '0000-00-00 00:00:00' can not be represented as java.sql.Timestamp，怎么改",
             "wanted": ["M3"]},
            {"prompt": "把 mall_goods.spu_info 接进 ODS，表名 ods_goods_spu_info_di，先同步 11-12 一天", "wanted": ["M3"]},
            {"prompt": "Hive 里 row_number、rank、dense_rank 有什么区别，各适合什么场景", "wanted": []},
            {"prompt": "ORC 和 Parquet 在我们这个集群上选哪个好？Spark 和 Hive 都要读", "wanted": []},
            {"prompt": "DolphinScheduler 的补数功能（complement）和我自己写循环补数比有什么优缺点", "wanted": []},
            {"prompt": "帮我写一个 SQL，统计最近 7 天每个店铺的退款率（退款单数 / 支付订单数）", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261010)
    d = Dev("zh-dw", U, "zh", MODEL, seed=20261010, files=FILES)
    s1(d)
    s2(d)
    s3(d)
    s4(d)
    s5(d)
    s6(d)
    teammate_refund_node(d)
    s7(d)
    s8(d)
    s9(d)
    s10(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-dw.jsonl"), os.path.join(HERE, "tune", "zh-dw.labels.json"))
    print(f"zh-dw -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
