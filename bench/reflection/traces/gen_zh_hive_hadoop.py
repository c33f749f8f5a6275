"""zh-hive-hadoop: 陈屹 (Chen Yi), 离线数仓工程师 at 蜂鸟优选 (Hangzhou e-commerce, fictional).

Stack: CDH 6.3.2 cluster with Kerberos (realm FNYX.COM), HDFS HA nameservice `nameservice1`, Hive 2.1.1-cdh6.3.2 on
Tez 0.9.2 (HS2 via ZooKeeper discovery, beeline), YARN capacity queues root.dw.etl / root.dw.adhoc, Spark 2.4.0-cdh6.3.2
(`spark-submit jobs/spark/run_sql.py --sql … --dt …` with python UDFs), DataX 3.0 (mysqlreader -> hdfswriter ORC),
DolphinScheduler 3.1 (REST, `bin/ds_failed.sh`), repo scripts `bin/add_partition.sh`, `bin/dq_check.sh`, GitLab.
Prompts and replies in Chinese, tool output as printed. cwd /home/chenyi/work/fn-dw on gateway hz-gw02.

Written blind for fresh/; measured once held out (round 37), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_hive_hadoop.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

NAME = "zh-hive-hadoop"
U = "chenyi"
R = "/home/chenyi/work/fn-dw"
MODEL = "claude-opus-4-6"
HS2 = 'beeline -u "$HS2"'
DATAX = "python3 /opt/datax/bin/datax.py"
SPARK_PY = "/opt/cloudera/parcels/CDH-6.3.2-1.cdh6.3.2.p0.1605554/lib/spark/python/lib"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
RUN_SQL = P("jobs/spark/run_sql.py")
UDFS = P("jobs/spark/udfs.py")
DQ = P("bin/dq_check.sh")
ADDP = P("bin/add_partition.sh")
DSF = P("bin/ds_failed.sh")
JOB_ORDER = P("datax/job/ods_order_info.json")
DWD_ORDER = P("sql/dwd/dwd_trade_order_detail_di.sql")
DWS_SHOP = P("sql/dws/dws_trade_shop_1d.sql")
DWS_TRAFFIC = P("sql/dws/dws_shop_traffic_1d.sql")
DQ_RULES = P("conf/dq_rules.yaml")

FILES = {
    README: """# fn-dw 蜂鸟优选离线数仓

网关机 hz-gw02，CDH 6.3.2（Kerberos，realm FNYX.COM），Hive 2.1.1 on Tez 0.9.2，Spark 2.4.0-cdh6.3.2。

## 连接

```bash
kinit -kt ~/keytab/chenyi.keytab chenyi@FNYX.COM     # 每天第一次用之前
export HS2='jdbc:hive2://hz-zk01:2182,hz-zk02:2182,hz-zk03:2182/;serviceDiscoveryMode=zooKeeper;zooKeeperNamespace=hiveserver2;principal=hive/_HOST@FNYX.COM'
beeline -u "$HS2" --silent=true --outputformat=tsv2 -e "select 1"
```

## 目录

- `datax/job/`       MySQL -> HDFS 的 DataX 任务（mysqlreader -> hdfswriter，ORC），`-p "-Ddt=yyyy-MM-dd"`
- `sql/ddl/{ods,dwd,dws,ads,dim}/`  建表语句（ODS 一律外部表，按 dt 分区）
- `sql/dwd/` `sql/dws/` `sql/ads/`   每日调度的 SQL（Hive 跑用 `--hivevar dt=`，Spark 跑用 run_sql.py）
- `jobs/spark/run_sql.py`  Spark SQL 入口：`spark-submit … jobs/spark/run_sql.py --sql <file> --dt <dt>`，自动注册 `udfs.py` 里的 python UDF
- `bin/add_partition.sh <db.table> <dt>`   给外部表加分区（DataX 之后调）
- `bin/dq_check.sh <db.table> <dt> [<dt_end>]`  行数校验，规则在 `conf/dq_rules.yaml`
- `bin/ds_failed.sh [hours]`  DolphinScheduler 最近失败的工作流实例
- `dolphin/`  DS 工作流导出的 json（只读备份，改工作流在 DS 页面上改）

## 队列

- `root.dw.etl`：调度任务和补数
- `root.dw.adhoc`：临时查询
""",
    RUN_SQL: '''"""Spark SQL 入口：读 sql 文件，替换 ${dt}，按分号拆开逐条执行。"""
import argparse
import re

from pyspark.sql import SparkSession

from udfs import register_all


def split_sql(text):
    text = re.sub(r"--[^\\n]*", "", text)
    return [s.strip() for s in text.split(";") if s.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sql", required=True)
    ap.add_argument("--dt", required=True)
    args = ap.parse_args()

    spark = (SparkSession.builder
             .appName("run_sql:" + args.sql.rsplit("/", 1)[-1] + ":" + args.dt)
             .enableHiveSupport()
             .getOrCreate())
    spark.conf.set("hive.exec.dynamic.partition", "true")
    register_all(spark)

    with open(args.sql, encoding="utf-8") as f:
        text = f.read().replace("${dt}", args.dt)
    for stmt in split_sql(text):
        print("[run_sql] " + stmt.splitlines()[0][:120])
        spark.sql(stmt)
    print("[run_sql] done " + args.sql + " dt=" + args.dt)
    spark.stop()


if __name__ == "__main__":
    main()
''',
    UDFS: '''"""python UDF，在 run_sql.py 里统一注册。注意：python worker 的内存不在 executor heap 里。"""
import json

from pyspark.sql.types import StringType

from addr_norm import normalize  # 地址标准化，依赖 jieba 词典（~300MB 常驻内存）
from ua_parse import parse_os


def norm_addr(province, city, detail):
    if not detail:
        return None
    return json.dumps(normalize(province, city, detail), ensure_ascii=False)


def ua_os(ua):
    return parse_os(ua) if ua else "unknown"


def register_all(spark):
    spark.udf.register("norm_addr", norm_addr, StringType())
    spark.udf.register("ua_os", ua_os, StringType())
''',
    DQ: '''#!/usr/bin/env bash
# 行数校验：bin/dq_check.sh <db.table> <dt> [<dt_end>]
# 规则（min_rows）在 conf/dq_rules.yaml；任一天不达标 exit 1
set -euo pipefail
tbl=$1; d1=$2; d2=${3:-$2}
min=$(python3 "$(dirname "$0")/../tools/dq_rule.py" "$tbl" min_rows)
rows=$(beeline -u "$HS2" --silent=true --outputformat=tsv2 --showHeader=false \\
  -e "select dt, count(1) from ${tbl} where dt between '${d1}' and '${d2}' group by dt")
fail=0
d=$d1
while [[ "$d" < "$d2" || "$d" == "$d2" ]]; do
  n=$(awk -v d="$d" '$1==d {print $2}' <<<"$rows"); n=${n:-0}
  if (( n < min )); then echo "[DQ] FAIL ${tbl} dt=${d} rows=${n} < min_rows=${min}"; fail=1
  else echo "[DQ] OK   ${tbl} dt=${d} rows=${n}"; fi
  d=$(date -d "$d +1 day" +%F)
done
exit $fail
''',
    ADDP: '''#!/usr/bin/env bash
# 给 ODS 外部表加一个 dt 分区：bin/add_partition.sh <db.table> <dt>
set -euo pipefail
beeline -u "$HS2" --silent=true -e "alter table $1 add if not exists partition (dt='$2')"
echo "added partition $1 dt=$2"
''',
    DSF: '''#!/usr/bin/env bash
# 最近 N 小时（默认 24）DolphinScheduler 失败的工作流实例
set -euo pipefail
h=${1:-24}
start=$(date -d "-${h} hour" '+%F %T')
curl -s -G -H "token: ${DS_TOKEN}" "http://hz-ds01:12345/dolphinscheduler/projects/${DS_PROJECT_CODE}/process-instances" \\
  --data-urlencode "stateType=FAILURE" --data-urlencode "startDate=${start}" --data-urlencode "pageNo=1" --data-urlencode "pageSize=50" \\
  | python3 -c 'import json,sys; [print(i["name"], i["state"], i["startTime"], i["endTime"], sep="\\t") for i in json.load(sys.stdin)["data"]["totalList"]]'
''',
    DQ_RULES: """# min_rows：每天最少行数
ods.ods_order_info: {min_rows: 200000}
ods.ods_order_detail: {min_rows: 400000}
ods.ods_refund_apply: {min_rows: 3000}
ods.ods_user_login: {min_rows: 500000}
ods.ods_coupon_use: {min_rows: 20000}
dim.dim_activity_sku_manual: {min_rows: 1}
default: {min_rows: 1}
""",
    JOB_ORDER: """{
  "job": {
    "setting": {"speed": {"channel": 4}, "errorLimit": {"record": 0}},
    "content": [{
      "reader": {
        "name": "mysqlreader",
        "parameter": {
          "username": "dw_reader",
          "password": "${MYSQL_RO_PWD}",
          "connection": [{
            "querySql": ["select id, order_no, user_id, shop_id, order_status, total_amount, pay_amount, coupon_amount, create_time, pay_time, update_time from order_info where update_time >= '${dt} 00:00:00' and update_time < date_add('${dt}', interval 1 day)"],
            "jdbcUrl": ["jdbc:mysql://hz-mysql-ro-01:3306/fn_trade?useSSL=false"]
          }]
        }
      },
      "writer": {
        "name": "hdfswriter",
        "parameter": {
          "defaultFS": "hdfs://nameservice1",
          "hadoopConfig": {
            "dfs.nameservices": "nameservice1",
            "dfs.ha.namenodes.nameservice1": "nn1,nn2",
            "dfs.namenode.rpc-address.nameservice1.nn1": "hz-nn01:8020",
            "dfs.namenode.rpc-address.nameservice1.nn2": "hz-nn02:8020",
            "dfs.client.failover.proxy.provider.nameservice1": "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider"
          },
          "haveKerberos": true,
          "kerberosKeytabFilePath": "/home/chenyi/keytab/chenyi.keytab",
          "kerberosPrincipal": "chenyi@FNYX.COM",
          "fileType": "orc",
          "compress": "SNAPPY",
          "path": "/warehouse/ods/ods_order_info/dt=${dt}",
          "fileName": "ods_order_info",
          "writeMode": "append",
          "fieldDelimiter": "\\u0001",
          "column": [
            {"name": "id", "type": "bigint"},
            {"name": "order_no", "type": "string"},
            {"name": "user_id", "type": "bigint"},
            {"name": "shop_id", "type": "bigint"},
            {"name": "order_status", "type": "int"},
            {"name": "total_amount", "type": "double"},
            {"name": "pay_amount", "type": "double"},
            {"name": "coupon_amount", "type": "double"},
            {"name": "create_time", "type": "string"},
            {"name": "pay_time", "type": "string"},
            {"name": "update_time", "type": "string"}
          ]
        }
      }
    }]
  }
}
""",
    DWD_ORDER: """-- dwd_trade_order_detail_di：订单明细事务事实表（每日增量）
-- 依赖：ods.ods_order_info, ods.ods_order_detail
insert overwrite table dwd.dwd_trade_order_detail_di partition (dt='${hivevar:dt}')
select
    d.id                      as detail_id,
    o.order_no,
    o.user_id,
    o.shop_id,
    d.sku_id,
    d.sku_num,
    d.split_total_amount,
    d.split_pay_amount,
    o.create_time,
    o.pay_time
from ods.ods_order_detail d
join ods.ods_order_info o
  on d.order_no = o.order_no and o.dt = '${hivevar:dt}'
where d.dt = '${hivevar:dt}';
""",
    DWS_SHOP: """-- dws_trade_shop_1d：店铺粒度交易汇总（1 日）
insert overwrite table dws.dws_trade_shop_1d partition (dt='${dt}')
select
    shop_id,
    count(distinct order_no)      as order_cnt,
    count(distinct user_id)       as buyer_cnt,
    sum(split_pay_amount)         as pay_amount
from dwd.dwd_trade_order_detail_di
where dt = '${dt}'
group by shop_id;
""",
    DWS_TRAFFIC: """-- dws_shop_traffic_1d：店铺流量汇总（1 日），按终端系统拆
insert overwrite table dws.dws_shop_traffic_1d partition (dt='${dt}')
select
    shop_id,
    ua_os(user_agent)             as os,
    count(1)                      as pv,
    count(distinct device_id)     as uv
from dwd.dwd_traffic_page_view_di
where dt = '${dt}'
group by shop_id, ua_os(user_agent);
""",
}


# ------------------------------------------------------------------ output helpers
def datax_head(ts, job, jdbc):
    return f"""
DataX (DATAX-OPENSOURCE-3.0), From Alibaba !
Copyright (C) 2010-2017, Alibaba Group. All Rights Reserved.


{ts}.118 [main] INFO  VMInfo - VMInfo# operatingSystem class => sun.management.OperatingSystemImpl
{ts}.127 [main] INFO  Engine - the machine info  =>

	osInfo:	Oracle Corporation 1.8 25.181-b13
	jvmInfo:	Linux amd64 3.10.0-1160.el7.x86_64
	cpu num:	16

	totalPhysicalMemory:	-0.00G
	freePhysicalMemory:	-0.00G
	maxFileDescriptorCount:	-1
	currentOpenFileDescriptorCount:	-1

	GC Names	[PS MarkSweep, PS Scavenge]

{ts}.161 [main] INFO  Engine -
{{...job json: {job}...}}

{ts}.190 [main] INFO  PerfTrace - PerfTrace traceId=job_-1, isEnable=false
{ts}.191 [main] INFO  JobContainer - DataX jobContainer starts job.
{ts}.194 [main] INFO  JobContainer - Set jobId = 0
{ts}.702 [job-0] INFO  OriginalConfPretreatmentUtil - Available jdbcUrl:{jdbc}&yearIsDateType=false&zeroDateTimeBehavior=convertToNull&tinyInt1isBit=false&rewriteBatchedStatements=true.
"""


def datax_fdelim(ts, ts2, job, jdbc):
    ex = ("com.alibaba.datax.common.exception.DataXException: Code:[HdfsWriter-01], Description:[您缺失了必须填写的参数值.]. "
          "- 您提供配置文件有误，[fieldDelimiter]是必填参数.")
    st = """	at com.alibaba.datax.common.exception.DataXException.asDataXException(DataXException.java:26) ~[datax-common-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.writer.hdfswriter.HdfsWriter$Job.validateParameter(HdfsWriter.java:91) ~[hdfswriter-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.plugin.writer.hdfswriter.HdfsWriter$Job.init(HdfsWriter.java:50) ~[hdfswriter-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.job.JobContainer.initJobWriter(JobContainer.java:704) ~[datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.job.JobContainer.init(JobContainer.java:304) ~[datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.job.JobContainer.start(JobContainer.java:113) ~[datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.Engine.start(Engine.java:92) [datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.Engine.entry(Engine.java:171) [datax-core-0.0.1-SNAPSHOT.jar:na]
	at com.alibaba.datax.core.Engine.main(Engine.java:204) [datax-core-0.0.1-SNAPSHOT.jar:na]"""
    st2 = "\n".join(l.split(" ~[")[0].split(" [")[0] for l in st.split("\n"))
    return datax_head(ts, job, jdbc) + f"""{ts2}.305 [job-0] ERROR JobContainer - Exception when job run
{ex}
{st}
{ts2}.318 [job-0] INFO  StandAloneJobContainerCommunicator - Total 0 records, 0 bytes | Speed 0B/s, 0 records/s | Error 0 records, 0 bytes |  All Task WaitWriterTime 0.000s |  All Task WaitReaderTime 0.000s | Percentage 0.00%
{ts2}.321 [job-0] ERROR Engine -

经DataX智能分析,该任务最可能的错误原因是:
{ex}
{st2}
"""


def datax_ok(ts, ts_end, job, jdbc, start, end, secs, speed, rps, total, path):
    return datax_head(ts, job, jdbc) + f"""{ts}.955 [job-0] INFO  JobContainer - jobContainer starts to do prepare ...
{ts}.961 [job-0] INFO  HdfsWriter$Job - 由于您配置了writeMode append, 写入前不做清理工作, [{path}] 目录下写入相应文件名前缀  [{job}] 的文件
...
{ts_end}.402 [job-0] INFO  HdfsWriter$Job - start rename file [hdfs://nameservice1{path}__{hx(8)}_{hx(4)}_{hx(4)}_{hx(4)}_{hx(12)}/{job}__{hx(8)}_{hx(4)}] to file [hdfs://nameservice1{path}/{job}__{hx(8)}_{hx(4)}].
{ts_end}.437 [job-0] INFO  HdfsWriter$Job - finish rename file.
{ts_end}.451 [job-0] INFO  JobContainer - DataX Writer.Job [hdfswriter] do post work.
{ts_end}.466 [job-0] INFO  StandAloneJobContainerCommunicator - Total {total} records, {int(total*61)} bytes | Speed {speed}, {rps} records/s | Error 0 records, 0 bytes |  All Task WaitWriterTime 1.204s |  All Task WaitReaderTime {secs*0.6:.3f}s | Percentage 100.00%
{ts_end}.470 [job-0] INFO  JobContainer -
任务启动时刻                    : {start}
任务结束时刻                    : {end}
任务总计耗时                    : {secs:>18}s
任务平均流量                    : {speed.split('/')[0]+'/s':>20}
记录写入速度                    : {str(rps)+'rec/s':>20}
读出记录总数                    : {total:>20}
读写失败总数                    :                    0
"""


def spark_head(app, ts, queue="root.dw.etl"):
    return f"""{ts}:02 INFO spark.SparkContext: Running Spark version 2.4.0-cdh6.3.2
{ts}:05 INFO yarn.Client: Requesting a new application from cluster with 38 NodeManagers
{ts}:06 INFO yarn.Client: Submitting application {app} to ResourceManager
{ts}:06 INFO impl.YarnClientImpl: Submitted application {app}
{ts}:12 INFO yarn.Client: Application report for {app} (state: RUNNING)
{ts}:12 INFO cluster.YarnClientSchedulerBackend: Application {app} has started running.
"""


def spark_oom(app, ts, ts2, sqlfile, stage, task, dn1, dn2, ex1, ex2, gb, used1, used2, tid1, tid2):
    msg = ("Container killed by YARN for exceeding memory limits.  {u} GB of {g} GB physical memory used. Consider boosting "
           "spark.yarn.executor.memoryOverhead or disabling yarn.nodemanager.vmem-check-enabled because of YARN-4714.")
    m1 = msg.format(u=used1, g=gb)
    m2 = msg.format(u=used2, g=gb)
    return spark_head(app, ts) + f"""[run_sql] insert overwrite table {sqlfile}
{ts2}:41 WARN cluster.YarnSchedulerBackend$YarnSchedulerEndpoint: Requesting driver to remove executor {ex1} for reason Container marked as failed: container_e52_1759912044618_{app[-5:]}_01_0000{ex1:02d} on host: {dn1}. Exit status: -104. Diagnostics: Container [pid=48213,containerID=container_e52_1759912044618_{app[-5:]}_01_0000{ex1:02d}] is running beyond physical memory limits. Current usage: {used1} GB of {gb} GB physical memory used; {gb+3.4:.1f} GB of {gb*2.1:.1f} GB virtual memory used. Killing container.
{ts2}:41 ERROR cluster.YarnScheduler: Lost executor {ex1} on {dn1}: {m1}
{ts2}:41 WARN scheduler.TaskSetManager: Lost task {task}.0 in stage {stage}.0 (TID {tid1}, {dn1}, executor {ex1}): ExecutorLostFailure (executor {ex1} exited caused by one of the running tasks) Reason: {m1}
...
{ts2}:58 ERROR scheduler.TaskSetManager: Task {task} in stage {stage}.0 failed 4 times; aborting job
{ts2}:58 ERROR datasources.FileFormatWriter: Aborting job {hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}.
Traceback (most recent call last):
  File "{R}/jobs/spark/run_sql.py", line 38, in <module>
    main()
  File "{R}/jobs/spark/run_sql.py", line 32, in main
    spark.sql(stmt)
  File "{SPARK_PY}/pyspark.zip/pyspark/sql/session.py", line 778, in sql
  File "{SPARK_PY}/py4j-0.10.7-src.zip/py4j/java_gateway.py", line 1257, in __call__
  File "{SPARK_PY}/pyspark.zip/pyspark/sql/utils.py", line 63, in deco
  File "{SPARK_PY}/py4j-0.10.7-src.zip/py4j/protocol.py", line 328, in get_return_value
py4j.protocol.Py4JJavaError: An error occurred while calling o64.sql.
: org.apache.spark.SparkException: Job aborted.
	at org.apache.spark.sql.execution.datasources.FileFormatWriter$.write(FileFormatWriter.scala:198)
	at org.apache.spark.sql.hive.execution.SaveAsHiveFile$class.saveAsHiveFile(SaveAsHiveFile.scala:86)
	at org.apache.spark.sql.hive.execution.InsertIntoHiveTable.run(InsertIntoHiveTable.scala:66)
	...
Caused by: org.apache.spark.SparkException: Job aborted due to stage failure: Task {task} in stage {stage}.0 failed 4 times, most recent failure: Lost task {task}.3 in stage {stage}.0 (TID {tid2}, {dn2}, executor {ex2}): ExecutorLostFailure (executor {ex2} exited caused by one of the running tasks) Reason: {m2}
Driver stacktrace:
	at org.apache.spark.scheduler.DAGScheduler.org$apache$spark$scheduler$DAGScheduler$$failJobAndIndependentStages(DAGScheduler.scala:1890)
	at org.apache.spark.scheduler.DAGScheduler$$anonfun$abortStage$1.apply(DAGScheduler.scala:1878)
	...
{ts2}:59 INFO spark.SparkContext: Successfully stopped SparkContext
"""


def spark_ok(app, ts, ts2, stmts, sqlfile, dt, secs, queue="root.dw.etl"):
    body = "\n".join(f"[run_sql] {s}" for s in stmts)
    return spark_head(app, ts, queue) + f"""{body}
{ts2}:17 INFO scheduler.DAGScheduler: Job 3 finished: sql at NativeMethodAccessorImpl.java:0, took {secs:.6f} s
{ts2}:19 INFO hive.metastore: Closed a connection to metastore, current connections: 0
[run_sql] done {sqlfile} dt={dt}
{ts2}:20 INFO spark.SparkContext: Successfully stopped SparkContext
"""


def dq_out(tbl, rows, mn=None):
    out = []
    bad = False
    for d, n in rows:
        if mn is not None and n < mn:
            out.append(f"[DQ] FAIL {tbl} dt={d} rows={n} < min_rows={mn}")
            bad = True
        else:
            out.append(f"[DQ] OK   {tbl} dt={d} rows={n}")
    return "\n".join(out)


def commit_out(msg, n, ins, dels=0):
    h = hx(7)
    return f"[main {h}] {msg}\n {n} file{'s' if n > 1 else ''} changed, {ins} insertions(+)" + (f", {dels} deletions(-)" if dels else ""), h


def push_out(h):
    old = hx(7)
    return f"""To git.fnyx.local:dw/fn-dw.git
   {old}..{h}  main -> main"""


def make_job(tbl, db, host, src, cols, where, fdelim):
    sel = ", ".join(c for c, _ in cols)
    colj = ",\n".join(f'            {{"name": "{c}", "type": "{t}"}}' for c, t in cols)
    fd = '          "fieldDelimiter": "\\u0001",\n' if fdelim else ""
    return f"""{{
  "job": {{
    "setting": {{"speed": {{"channel": 2}}, "errorLimit": {{"record": 0}}}},
    "content": [{{
      "reader": {{
        "name": "mysqlreader",
        "parameter": {{
          "username": "dw_reader",
          "password": "${{MYSQL_RO_PWD}}",
          "connection": [{{
            "querySql": ["select {sel} from {src} where {where}"],
            "jdbcUrl": ["jdbc:mysql://{host}:3306/{db}?useSSL=false"]
          }}]
        }}
      }},
      "writer": {{
        "name": "hdfswriter",
        "parameter": {{
          "defaultFS": "hdfs://nameservice1",
          "hadoopConfig": {{
            "dfs.nameservices": "nameservice1",
            "dfs.ha.namenodes.nameservice1": "nn1,nn2",
            "dfs.namenode.rpc-address.nameservice1.nn1": "hz-nn01:8020",
            "dfs.namenode.rpc-address.nameservice1.nn2": "hz-nn02:8020",
            "dfs.client.failover.proxy.provider.nameservice1": "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider"
          }},
          "haveKerberos": true,
          "kerberosKeytabFilePath": "/home/chenyi/keytab/chenyi.keytab",
          "kerberosPrincipal": "chenyi@FNYX.COM",
          "fileType": "orc",
          "compress": "SNAPPY",
          "path": "/warehouse/ods/{tbl}/dt=${{dt}}",
          "fileName": "{tbl}",
          "writeMode": "append",
{fd}          "column": [
{colj}
          ]
        }}
      }}
    }}]
  }}
}}
"""


def make_ddl(tbl, comment, cols):
    body = ",\n".join(f"    {c:<18} {'string' if t == 'string' else t:<8} comment '{cm}'" for c, t, cm in cols)
    return f"""-- {tbl}：{comment}（DataX 每日增量，外部表）
create external table if not exists ods.{tbl} (
{body}
) comment '{comment}'
partitioned by (dt string comment '同步日期')
stored as orc
location '/warehouse/ods/{tbl}'
tblproperties ('orc.compress'='SNAPPY');
"""


# ------------------------------------------------------------------ session 1
def s1(d):
    with d.session("2026-10-12T01:32:00", R, branch="main", version="2.1.150"):
        t = d.task("刚从老郑手里接过 fn-dw 这个仓库，带我过一下结构，重点是每天调度链路怎么走的", tags=["noise"])
        t.read(README)
        t.glob("**/*", [P("bin/add_partition.sh"), P("bin/dq_check.sh"), P("bin/ds_failed.sh"), P("conf/dq_rules.yaml"),
                        JOB_ORDER, P("datax/job/ods_order_detail.json"), P("datax/job/ods_user_info.json"),
                        P("datax/job/ods_sku_info.json"), P("dolphin/dw_daily_trade.json"), P("dolphin/dw_daily_traffic.json"),
                        RUN_SQL, UDFS, P("sql/ads/ads_shop_gmv_d.sql"), DWD_ORDER, P("sql/dwd/dwd_traffic_page_view_di.sql"),
                        DWS_SHOP, DWS_TRAFFIC, P("tools/dq_rule.py")])
        t.read(JOB_ORDER)
        t.read(RUN_SQL)
        t.read(DQ)
        t.done("""`fn-dw` 的结构和每日链路：

**每日链路（DolphinScheduler `dw_daily_trade` / `dw_daily_traffic`，凌晨 1 点起）**
1. DataX：`datax/job/ods_*.json`，MySQL 只读库（`hz-mysql-ro-01`）→ HDFS `/warehouse/ods/<表>/dt=<日期>`，ORC + SNAPPY
2. `bin/add_partition.sh <表> <dt>`：ODS 全是外部表，DataX 只写文件，分区要单独加
3. `bin/dq_check.sh <表> <dt>`：按 `conf/dq_rules.yaml` 的 `min_rows` 校验行数，不达标 exit 1，DS 上这个节点失败下游就不跑
4. DWD：`sql/dwd/*.sql`，Hive on Tez（`--hivevar dt=`）
5. DWS/ADS：`sql/dws/*.sql` 走 Spark，`spark-submit … jobs/spark/run_sql.py --sql <文件> --dt <dt>`，会注册 `udfs.py` 里的 python UDF（`norm_addr`、`ua_os`）

**要注意的几点**
- 连接：先 `kinit`，beeline 用 README 里 ZooKeeper 发现的 `$HS2`
- 队列：调度和补数 `root.dw.etl`，临时查询 `root.dw.adhoc`
- `dolphin/` 只是导出备份，改工作流要去 DS 页面
- `udfs.py` 里 `norm_addr` 依赖 jieba 词典，python worker 常驻内存不小，这部分不算在 executor heap 里""")

        # T02 W1#1 + M1#1
        t = d.task("财务要退款申请的数据，把 fn_trade.refund_apply 接进 ODS，表名 ods_refund_apply，按 update_time 增量，先同步 10-11 这天",
                   tags=["workflow:W1", "mistake:M1"])
        t.bash("mysql -h hz-mysql-ro-01 -u dw_reader -p\"$MYSQL_RO_PWD\" fn_trade -e 'show create table refund_apply\\G'",
               "看源表结构",
               err="mysql: [Warning] Using a password on the command line interface can be insecure.", out="""*************************** 1. row ***************************
       Table: refund_apply
Create Table: CREATE TABLE `refund_apply` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `refund_no` varchar(32) NOT NULL COMMENT '退款单号',
  `order_no` varchar(32) NOT NULL COMMENT '订单号',
  `user_id` bigint(20) NOT NULL,
  `refund_type` tinyint(4) NOT NULL COMMENT '1仅退款 2退货退款',
  `refund_amount` decimal(12,2) NOT NULL,
  `reason_code` varchar(16) DEFAULT NULL,
  `refund_status` tinyint(4) NOT NULL,
  `create_time` datetime NOT NULL,
  `update_time` datetime NOT NULL ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_refund_no` (`refund_no`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=4183920 DEFAULT CHARSET=utf8mb4""")
        cols = [("id", "bigint", "主键"), ("refund_no", "string", "退款单号"), ("order_no", "string", "订单号"),
                ("user_id", "bigint", "用户id"), ("refund_type", "int", "1仅退款 2退货退款"),
                ("refund_amount", "double", "退款金额"), ("reason_code", "string", "原因编码"),
                ("refund_status", "int", "退款状态"), ("create_time", "string", "创建时间"), ("update_time", "string", "更新时间")]
        ddl = P("sql/ddl/ods/ods_refund_apply.sql")
        t.write(ddl, make_ddl("ods_refund_apply", "退款申请", cols))
        t.bash(f"{HS2} --silent=true -f sql/ddl/ods/ods_refund_apply.sql", "建 ODS 外部表", out="No rows affected (0.213 seconds)")
        job = P("datax/job/ods_refund_apply.json")
        where = "update_time >= '${dt} 00:00:00' and update_time < date_add('${dt}', interval 1 day)"
        t.write(job, make_job("ods_refund_apply", "fn_trade", "hz-mysql-ro-01", "refund_apply",
                              [(c, tt) for c, tt, _ in cols], where, fdelim=False))
        jdbc = "jdbc:mysql://hz-mysql-ro-01:3306/fn_trade?useSSL=false"
        cmd = f'{DATAX} -p "-Ddt=2026-10-11" datax/job/ods_refund_apply.json'
        t.fail(cmd, "同步 10-11 的退款申请", datax_fdelim("2026-10-12 09:41:07", "2026-10-12 09:41:08", "ods_refund_apply", jdbc))
        t.say("hdfswriter 在 init 校验参数时要求 `fieldDelimiter`，哪怕写 ORC 也要配。按仓库里 ods_order_info 的写法补上 `\\u0001`。")
        t.read(job, offset=34, limit=6)
        t.edit(job, '''          "writeMode": "append",
''', '''          "writeMode": "append",
          "fieldDelimiter": "\\u0001",
''')
        t.bash(cmd, "重新同步 10-11", out=datax_ok("2026-10-12 09:42:31", "2026-10-12 09:42:44", "ods_refund_apply", jdbc,
                                                 "2026-10-12 09:42:31", "2026-10-12 09:42:44", 12, "268.14KB/s", 402, 4827,
                                                 "/warehouse/ods/ods_refund_apply/dt=2026-10-11"))
        t.bash("bin/add_partition.sh ods.ods_refund_apply 2026-10-11", "加分区",
               out="No rows affected (0.187 seconds)\nadded partition ods.ods_refund_apply dt=2026-10-11")
        t.bash("bin/dq_check.sh ods.ods_refund_apply 2026-10-11", "行数校验", out=dq_out("ods.ods_refund_apply", [("2026-10-11", 4827)]))
        t.done("""`ods.ods_refund_apply` 接好了，10-11 这天 4827 行，DQ 通过。

- 建表：`sql/ddl/ods/ods_refund_apply.sql`，外部表，ORC + SNAPPY，按 `dt` 分区；`decimal` 落成 `double`、`datetime` 落成 `string`，和现有 ODS 一致
- DataX：`datax/job/ods_refund_apply.json`，按 `update_time` 取当天增量
- 第一次跑 DataX 报 `HdfsWriter-01 … [fieldDelimiter]是必填参数`：我写的 job 里漏了 `fieldDelimiter`。hdfswriter 写 ORC 也会校验这个参数，补上 `"\\u0001"` 后重跑成功
- 分区已加，`dq_rules.yaml` 里 `min_rows: 3000`

要进每日调度的话，需要在 DS 的 `dw_daily_trade` 里加 DataX → add_partition → dq_check 三个节点。""")

        # T03 P1#1
        t = d.task("查下 ods_order_info 昨天那个分区多少单、实付多少，查的时候一定带 dt 分区条件，别全表扫，这个集群扛不住",
                   tags=["pref:P1", "noise"])
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"select count(1) as orders, round(sum(pay_amount),2) as pay_amount "
               f"from ods.ods_order_info where dt='2026-10-11'\"", "查 10-11 订单数和实付",
               out="orders\tpay_amount\n287514\t31862547.93")
        t.done("""`ods.ods_order_info` dt=2026-10-11：

| 订单数 | 实付金额 |
|---|---|
| 287,514 | 31,862,547.93 |

注意 ODS 是按 `update_time` 增量，同一单在不同天可能出现多次（比如支付后又退款），要看当天下单口径得用 DWD 的 `dwd_trade_order_detail_di` 按 `create_time` 算。以后查询我都会带上 `dt` 过滤。""")


def morning(d, t, day, failed, apps, logs_cmd, logs_out, summary, extra=None):
    t.bash("bin/ds_failed.sh 24", "DS 最近 24 小时失败实例", out=failed)
    t.bash("yarn application -list -appStates FAILED,KILLED", "YARN 上失败/被杀的应用", out=apps)
    t.bash(logs_cmd, "看失败应用的日志", out=logs_out)
    if extra:
        t.bash(*extra[:2], out=extra[2])
    t.done(summary)


def apps_list(rows):
    head = (f"26/{rows[0][0]} INFO client.ConfiguredRMFailoverProxyProvider: Failing over to rm2\n"
            f"Total number of applications (application-types: [], states: [FAILED, KILLED] and tags: []):{len(rows)}\n"
            "                Application-Id\t    Application-Name\t    Application-Type\t      User\t     Queue\t             State\t       Final-State\t       Progress\t                       Tracking-URL")
    body = "\n".join(f"{a}\t{n}\t{ty}\t{u}\t{q}\t{st}\t{fs}\t{p}\t{url}" for _, a, n, ty, u, q, st, fs, p, url in rows)
    return head + "\n" + body


# ------------------------------------------------------------------ session 2
def s2(d):
    with d.session("2026-10-14T01:15:00", R, branch="main", version="2.1.151"):
        t = d.task("早上巡检一下，昨晚调度有没有挂的", tags=["workflow:W3", "long_output"])
        rows = [("10/14 09:16:02", "application_1759912044618_18207", "run_sql:ads_shop_gmv_d.sql:2026-10-13", "SPARK", "dw_etl",
                 "root.dw.etl", "FINISHED", "FAILED", "100%", "http://hz-rm02:8088/proxy/application_1759912044618_18207/"),
                ("", "application_1759912044618_18164", "HIVE-7c1f0e2a-91d4-4b55-a0c6-3f5d2e9b1a08", "TEZ", "hive",
                 "root.dw.adhoc", "KILLED", "KILLED", "42%", "http://hz-rm02:8088/proxy/application_1759912044618_18164/")]
        morning(d, t, "2026-10-14",
                "dw_daily_trade-1-20261014010000214\tFAILURE\t2026-10-14 01:00:00\t2026-10-14 02:47:31",
                apps_list(rows),
                "yarn logs -applicationId application_1759912044618_18207 -log_files stdout,stderr | grep -E 'ERROR|Exception' | head -20",
                """26/10/14 02:46:58 ERROR yarn.ApplicationMaster: User application exited with status 1
26/10/14 02:46:51 ERROR executor.Executor: Exception in task 3.0 in stage 2.0 (TID 61)
org.apache.spark.sql.AnalysisException: Table or view not found: dws.dws_trade_shop_1d; line 6 pos 5
pyspark.sql.utils.AnalysisException: 'Table or view not found: dws.dws_trade_shop_1d; line 6 pos 5'
26/10/14 02:46:58 ERROR util.Utils: Uncaught exception in thread shutdown-hook-0""",
                """昨晚只有 `dw_daily_trade` 挂了一次（01:00 起，02:47 失败）：

| 应用 | 状态 | 原因 |
|---|---|---|
| `run_sql:ads_shop_gmv_d.sql:2026-10-13`（dw_etl） | FAILED | `Table or view not found: dws.dws_trade_shop_1d` |
| 一个 Tez 临时查询（adhoc 队列） | KILLED | 手动 kill，不影响调度 |

`ads_shop_gmv_d` 读的 `dws.dws_trade_shop_1d` 当时找不到；现在表是在的，`CreateTime` 是 10-14 02:51，也就是任务失败 4 分钟后才建出来——昨晚有人在重建这张表，正好撞上。DS 上把 `dw_daily_trade` 从 `ads_shop_gmv_d` 节点重跑一下就行，重建是谁做的可以在群里问一句。""",
                extra=(f"{HS2} --silent=true -e \"describe formatted dws.dws_trade_shop_1d\" | grep -E 'CreateTime|Location'",
                       "看表现在在不在、什么时候建的",
                       "| CreateTime:                   | Wed Oct 14 02:51:12 CST 2026                       | NULL |\n"
                       "| Location:                     | hdfs://nameservice1/warehouse/dws/dws_trade_shop_1d | NULL |"))

        # T05 W2#1 + M2#1 + P3 statement
        t = d.task("新写一个 dws_user_addr_region_1d：按用户收货地址标准化后的省市区统计当天下单用户数和金额，地址用 udfs 里的 norm_addr。"
                   "跑 10-13 这天。spark-submit 先用 client 模式提交，日志直接在终端看得到，方便排查",
                   tags=["workflow:W2", "mistake:M2", "pref:P3"])
        sql = P("sql/dws/dws_user_addr_region_1d.sql")
        t.read(UDFS)
        t.write(sql, """-- dws_user_addr_region_1d：收货地址省市区粒度的下单汇总（1 日）
insert overwrite table dws.dws_user_addr_region_1d partition (dt='${dt}')
select
    get_json_object(a.addr, '$.province')   as province,
    get_json_object(a.addr, '$.city')       as city,
    get_json_object(a.addr, '$.district')   as district,
    count(distinct o.user_id)               as buyer_cnt,
    sum(o.pay_amount)                       as pay_amount
from (
    select order_no, norm_addr(receiver_province, receiver_city, receiver_address) as addr
    from ods.ods_order_address
    where dt = '${dt}'
) a
join ods.ods_order_info o
  on a.order_no = o.order_no and o.dt = '${dt}'
group by get_json_object(a.addr, '$.province'), get_json_object(a.addr, '$.city'), get_json_object(a.addr, '$.district');
""")
        base = ("spark-submit --master yarn --deploy-mode client --queue root.dw.etl --num-executors 20 --executor-memory 8g "
                "--executor-cores 4 --py-files jobs/spark/udfs.py,jobs/spark/addr_norm.zip,jobs/spark/ua_parse.zip ")
        tail = "jobs/spark/run_sql.py --sql sql/dws/dws_user_addr_region_1d.sql --dt 2026-10-13"
        app = "application_1759912044618_18342"
        t.fail(base + tail, "client 模式跑 10-13",
               spark_oom(app, "26/10/14 10:31", "26/10/14 10:38", "dws.dws_user_addr_region_1d partition (dt='2026-10-13')",
                         4, 112, "hz-dn-031.fnyx.local", "hz-dn-027.fnyx.local", 17, 23, 9, 9.1, 9.0, 1893, 1957),
               code=1)
        t.say("executor 是被 YARN 按物理内存杀的：容器 9 GB = 8g heap + 默认 overhead（10%，约 819m）。`norm_addr` 的 python worker "
              "（带 jieba 词典）内存算在 overhead 里，heap 加大没用。只给这个任务加 overhead，同样的命令再跑。")
        fixed = base.replace("--executor-cores 4 ", "--executor-cores 4 --conf spark.executor.memoryOverhead=2g ")
        app2 = "application_1759912044618_18371"
        t.bash(fixed + tail, "加 memoryOverhead 重跑 10-13",
               out=spark_ok(app2, "26/10/14 10:44", "26/10/14 10:53",
                            ["insert overwrite table dws.dws_user_addr_region_1d partition (dt='2026-10-13')"],
                            "sql/dws/dws_user_addr_region_1d.sql", "2026-10-13", 482.113207))
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"select count(1) as regions, sum(buyer_cnt) as buyers, "
               f"round(sum(pay_amount),2) as pay from dws.dws_user_addr_region_1d where dt='2026-10-13'\"", "核对结果",
               out="regions\tbuyers\tpay\n2981\t203377\t30914782.46")
        t.bash("git add sql/dws/dws_user_addr_region_1d.sql && git commit -m 'dws_user_addr_region_1d: 收货地址省市区下单汇总' && git push origin main",
               "提交并推送", out=(lambda o: o[0] + "\n" + push_out(o[1]))(commit_out("dws_user_addr_region_1d: 收货地址省市区下单汇总", 1, 18)))
        t.done("""`dws.dws_user_addr_region_1d` 10-13 跑完：2981 个省市区、20.3 万下单用户、实付 3091.5 万（和 ODS 当天实付差 0.9 万，是地址表里缺的 37 单）。

第一次提交（client 模式，`--executor-memory 8g`）executor 连续被 YARN 杀：`Container killed by YARN for exceeding memory limits. 9.1 GB of 9 GB physical memory used`。原因是 `norm_addr` 这种 python UDF 的 worker 进程内存记在 overhead 里，默认只有 heap 的 10%。加了 `--conf spark.executor.memoryOverhead=2g` 后跑通，耗时约 8 分钟。

DS 上配这个任务时记得把这个 `--conf` 一起带上。SQL 已提交推送。""")

        # T06 no tools
        t = d.task("hive 里 row_number rank dense_rank 区别？取每个用户最近一单用哪个", tags=["no_tools"])
        t.done("""三者都是窗口排序函数，区别在并列值的处理：

| 函数 | 并列时 | 例子（值 10,10,8） |
|---|---|---|
| `row_number()` | 不并列，硬排 1,2,3 | 1, 2, 3 |
| `rank()` | 并列同号，后面跳号 | 1, 1, 3 |
| `dense_rank()` | 并列同号，不跳号 | 1, 1, 2 |

取每个用户最近一单用 `row_number()`，保证每人只出一行：

```sql
select * from (
  select o.*, row_number() over (partition by user_id order by create_time desc, order_no desc) as rn
  from dwd.dwd_trade_order_detail_di o
  where dt between '2026-10-01' and '2026-10-13'
) t where rn = 1;
```

`order by` 里加个 `order_no` 兜底，同一秒下两单时结果才稳定。""")


# ------------------------------------------------------------------ session 3
def s3(d):
    with d.session("2026-10-16T02:05:00", R, branch="main", version="2.1.152", end_reason="other"):
        # T07 O1 + P2
        t = d.task("dwd_trade_order_detail_di 加两个字段：订单优惠金额 coupon_amount、支付方式 pay_type，从 ods_order_info 取，"
                   "改完跑一下 10-15。commit message 开头写表名，冒号后面写改了啥，方便以后 git log 按表查",
                   tags=["oneoff:O1", "pref:P2"])
        t.read(DWD_ORDER)
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"describe ods.ods_order_info\" | head -20", "看 ODS 字段",
               out="""col_name\tdata_type\tcomment
id\tbigint\t主键
order_no\tstring\t订单号
user_id\tbigint\t用户id
shop_id\tbigint\t店铺id
order_status\tint\t订单状态
total_amount\tdouble\t订单总额
pay_amount\tdouble\t实付
coupon_amount\tdouble\t优惠券抵扣
create_time\tstring\t下单时间
pay_time\tstring\t支付时间
update_time\tstring\t更新时间
dt\tstring\t同步日期
\tNULL\tNULL
# Partition Information\tNULL\tNULL
# col_name            \tdata_type           \tcomment             
dt\tstring\t同步日期""")
        t.edit(DWD_ORDER, """    o.create_time,
    o.pay_time
""", """    o.coupon_amount,
    o.pay_type,
    o.create_time,
    o.pay_time
""")
        t.bash(f"{HS2} --silent=true -e \"alter table dwd.dwd_trade_order_detail_di add columns (coupon_amount double comment '订单优惠券抵扣', "
               f"pay_type string comment '支付方式') cascade\"", "DWD 表加列", out="No rows affected (0.402 seconds)")
        cmd = f"{HS2} --silent=true --hivevar dt=2026-10-15 -f sql/dwd/dwd_trade_order_detail_di.sql"
        t.fail(cmd, "跑 10-15", """Error: Error while compiling statement: FAILED: SemanticException [Error 10004]: Line 13:4 Invalid table alias or column reference 'o.pay_type': (possible column names are: d.id, d.order_no, d.sku_id, d.sku_num, d.split_total_amount, d.split_pay_amount, d.dt, o.id, o.order_no, o.user_id, o.shop_id, o.order_status, o.total_amount, o.pay_amount, o.coupon_amount, o.create_time, o.pay_time, o.update_time, o.dt) (state=42000,code=10004)""", code=2)
        t.say("ODS 订单表里没有 `pay_type`，支付方式在支付流水里。先看下有没有同步进来的支付表。")
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"show tables in ods like '*pay*'\"", "找支付相关 ODS 表",
               out="tab_name\nods_payment_info")
        t.edit(DWD_ORDER, """    o.pay_type,
""", """    p.pay_type,
""")
        t.edit(DWD_ORDER, """  on d.order_no = o.order_no and o.dt = '${hivevar:dt}'
""", """  on d.order_no = o.order_no and o.dt = '${hivevar:dt}'
left join (
    select order_no, max(payment_type) as pay_type
    from ods.ods_payment_info
    where dt = '${hivevar:dt}' and payment_status = 1
    group by order_no
) p
  on d.order_no = p.order_no
""")
        t.bash(cmd, "重跑 10-15", err="""INFO  : Status: DAG finished successfully in 96.41 seconds
INFO  : Loading data to table dwd.dwd_trade_order_detail_di partition (dt=2026-10-15) from hdfs://nameservice1/warehouse/dwd/dwd_trade_order_detail_di/dt=2026-10-15/.hive-staging_hive_2026-10-16_10-21-44_318_4417320931165519826-12/-ext-10000
INFO  : Partition dwd.dwd_trade_order_detail_di{dt=2026-10-15} stats: [numFiles=12, numRows=612038, totalSize=41873312, rawDataSize=398211044]""",
               out="No rows affected (104.772 seconds)")
        t.bash("git add sql/dwd/dwd_trade_order_detail_di.sql && git commit -m 'dwd_trade_order_detail_di: 加 coupon_amount、pay_type（取支付流水）'",
               "提交", out=commit_out("dwd_trade_order_detail_di: 加 coupon_amount、pay_type（取支付流水）", 1, 11)[0])
        t.done("""`dwd_trade_order_detail_di` 加好两列，10-15 重跑完 61.2 万行。

- `coupon_amount`：取 `ods_order_info.coupon_amount`
- `pay_type`：第一次跑报 `Invalid table alias or column reference 'o.pay_type'`，ODS 订单表没这列，改成 left join `ods.ods_payment_info`（支付成功的流水，按订单取 `payment_type`）
- 表结构用 `add columns … cascade` 加的，历史分区也能看到新列（值为 NULL）

commit：`dwd_trade_order_detail_di: 加 coupon_amount、pay_type（取支付流水）`，还没 push。""")

        # T08 M3#1
        t = d.task("运营给了双11活动 sku 名单 /tmp/activity_sku_1016.csv，放进 dim.dim_activity_sku_manual 的 dt=2026-10-16 分区，"
                   "这个表是外部表 textfile 逗号分隔的。放完 dq 校验一下", tags=["mistake:M3"])
        t.bash("head -3 /tmp/activity_sku_1016.csv && wc -l /tmp/activity_sku_1016.csv", "看下文件",
               out="activity_id,sku_id,activity_price,start_time,end_time\nA1111_01,10023841,59.90,2026-10-31 20:00:00,2026-11-11 23:59:59\nA1111_01,10023977,129.00,2026-10-31 20:00:00,2026-11-11 23:59:59\n1843 /tmp/activity_sku_1016.csv")
        t.bash("tail -n +2 /tmp/activity_sku_1016.csv > /tmp/activity_sku_1016.noheader.csv && "
               "hdfs dfs -mkdir -p /warehouse/dim/dim_activity_sku_manual/dt=2026-10-16 && "
               "hdfs dfs -put /tmp/activity_sku_1016.noheader.csv /warehouse/dim/dim_activity_sku_manual/dt=2026-10-16/activity_sku.csv",
               "去掉表头上传到分区目录")
        dq = "bin/dq_check.sh dim.dim_activity_sku_manual 2026-10-16"
        t.fail(dq, "DQ 校验", "[DQ] FAIL dim.dim_activity_sku_manual dt=2026-10-16 rows=0 < min_rows=1", code=1)
        t.say("文件已经在 HDFS 上了，行数是 0 说明 metastore 里还没有这个分区。看一下分区列表。")
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"show partitions dim.dim_activity_sku_manual\"", "看已有分区",
               out="partition\ndt=2026-09-20\ndt=2026-10-09")
        t.bash(f"{HS2} --silent=true -e \"msck repair table dim.dim_activity_sku_manual\"", "MSCK REPAIR 补登分区",
               err="""INFO  : Compiling command(queryId=hive_20261016103512_5b1e6a0c-3f47-4d8e-9a22-1c8e7f0b2d64): msck repair table dim.dim_activity_sku_manual
INFO  : Executing command(queryId=hive_20261016103512_5b1e6a0c-3f47-4d8e-9a22-1c8e7f0b2d64): msck repair table dim.dim_activity_sku_manual
INFO  : Partitions not in metastore:	dim_activity_sku_manual:dt=2026-10-16
INFO  : Repair: Added partition to metastore dim_activity_sku_manual:dt=2026-10-16
INFO  : OK""", out="No rows affected (0.611 seconds)")
        t.bash(dq, "再校验", out=dq_out("dim.dim_activity_sku_manual", [("2026-10-16", 1842)]))
        t.done("""活动 sku 名单已放进 `dim.dim_activity_sku_manual` dt=2026-10-16，1842 行（去掉了表头），DQ 通过。

第一次 DQ 失败是 `rows=0`：`hdfs dfs -put` 只放了文件，外部表的新分区 metastore 不知道。`msck repair table` 把 `dt=2026-10-16` 补登进去之后再校验就对了。""")

        # T09 U1
        t = d.task("财务那边说结算明细在 /data/finance/settle 下面，看下 10-15 的文件有多大，能不能直接建外部表读", tags=["unfixed:U1"])
        t.fail("hdfs dfs -ls /data/finance/settle/dt=2026-10-15", "看结算目录",
               "ls: Permission denied: user=chenyi, access=READ_EXECUTE, inode=\"/data/finance/settle\":fin_etl:finance:drwxr-x---", code=1)
        t.bash("hdfs dfs -ls -d /data/finance /data/finance/settle", "看目录权限",
               out="""drwxr-xr-x   - fin_etl finance          0 2026-03-02 15:12 /data/finance
drwxr-x---   - fin_etl finance          0 2026-10-16 03:10 /data/finance/settle""")
        t.bash("hdfs groups chenyi", "看我在哪些组", out="chenyi : dw_dev hive_users")
        t.done("""读不了：`/data/finance/settle` 是 `fin_etl:finance`、权限 `drwxr-x---`，你的账号 `chenyi` 只在 `dw_dev`、`hive_users` 组里，不在 `finance` 组，所以 `Permission denied: … access=READ_EXECUTE`。

这个要走权限申请（找财务数据 owner 同意后，平台组在 Sentry/ACL 上给 `dw_dev` 或你个人加 `r-x`），我这边没法绕。批下来之后再看文件大小、建外部表。""")


# ------------------------------------------------------------------ session 4
def s4(d):
    with d.session("2026-10-19T01:08:00", R, branch="main", version="2.1.153"):
        t = d.task("周一了，照常巡检，周末两天的一起看", tags=["workflow:W3", "long_output"])
        rows = [("10/19 09:10:44", "application_1759912044618_19488", "run_sql:dws_trade_shop_1d.sql:2026-10-17", "SPARK", "dw_etl",
                 "root.dw.etl", "FINISHED", "FAILED", "100%", "http://hz-rm01:8088/proxy/application_1759912044618_19488/"),
                ("", "application_1759912044618_19490", "run_sql:dws_trade_shop_1d.sql:2026-10-17", "SPARK", "dw_etl",
                 "root.dw.etl", "FINISHED", "FAILED", "100%", "http://hz-rm01:8088/proxy/application_1759912044618_19490/"),
                ("", "application_1759912044618_19377", "HIVE-0f4b2a71-6e3c-4d1a-8b5f-2c9e7d3a1f60", "TEZ", "hive",
                 "root.dw.adhoc", "KILLED", "KILLED", "17%", "http://hz-rm01:8088/proxy/application_1759912044618_19377/"),
                ("", "application_1759912044618_19102", "HIVE-a81c3e55-2b7d-4f09-9e14-6d0b8c2f7a33", "TEZ", "hive",
                 "root.dw.adhoc", "KILLED", "KILLED", "63%", "http://hz-rm01:8088/proxy/application_1759912044618_19102/")]
        morning(d, t, "2026-10-19",
                "dw_daily_trade-1-20261018010000377\tFAILURE\t2026-10-18 01:00:00\t2026-10-18 03:12:09\n"
                "dw_daily_trade-1-20261018071512908\tFAILURE\t2026-10-18 07:15:12\t2026-10-18 07:41:55",
                apps_list(rows),
                "yarn logs -applicationId application_1759912044618_19490 -log_files stderr | grep -B2 -A6 'Caused by' | head -40",
                """26/10/18 07:41:37 ERROR datasources.FileFormatWriter: Aborting job 3d0c1e2f-7a5b-4c61-9e08-b2f4a6d1c935.
org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 5.0 failed 4 times, most recent failure: Lost task 0.3 in stage 5.0 (TID 703, hz-dn-012.fnyx.local, executor 9): org.apache.hadoop.hdfs.protocol.DSQuotaExceededException: The DiskSpace quota of /warehouse/dws is exceeded: quota = 43980465111040 B = 40 TB but diskspace consumed = 43982105640960 B = 40.00 TB
	at org.apache.hadoop.hdfs.server.namenode.DirectoryWithQuotaFeature.verifyStoragespaceQuota(DirectoryWithQuotaFeature.java:195)
	at org.apache.hadoop.hdfs.server.namenode.DirectoryWithQuotaFeature.verifyQuota(DirectoryWithQuotaFeature.java:222)
	...
Caused by: org.apache.hadoop.ipc.RemoteException(org.apache.hadoop.hdfs.protocol.DSQuotaExceededException): The DiskSpace quota of /warehouse/dws is exceeded: quota = 43980465111040 B = 40 TB but diskspace consumed = 43982105640960 B = 40.00 TB
	at org.apache.hadoop.ipc.Client.getRpcResponse(Client.java:1499)
	at org.apache.hadoop.ipc.Client.call(Client.java:1445)
	...
26/10/18 07:41:38 ERROR yarn.ApplicationMaster: User class threw exception: org.apache.spark.SparkException: Job aborted.""",
                """周末两天 `dw_daily_trade` 在 10-18 挂了两次（凌晨 01:00 那次和 07:15 DS 自动重试那次），都是 `dws_trade_shop_1d` 写不进去：

`DSQuotaExceededException: The DiskSpace quota of /warehouse/dws is exceeded: quota = 40 TB`

不是任务本身的问题，是 `/warehouse/dws` 的空间配额满了（配额按三副本算）。10-18 的 `dws_trade_shop_1d` 和下游 ADS 都没产出，10-17 以前的不受影响。另外两个 KILLED 是 adhoc 队列的 Tez 临时查询，可以忽略。

建议：找平台组确认配额能否临时调大，或者清理 DWS 下过期的临时表（要先和表 owner 确认，不要直接删）。空间腾出来后在 DS 上重跑 10-18。""")

        # T11 M1#2
        t = d.task("营销那边要券核销数据，ods_coupon_use 的建表语句小林已经建好了，你补个 datax job 从 fn_mkt.coupon_use 同步，"
                   "库在 hz-mysql-ro-02，跑 10-18", tags=["mistake:M1"])
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"show create table ods.ods_coupon_use\" | head -16", "看小林建的表",
               out="""createtab_stmt
CREATE EXTERNAL TABLE `ods.ods_coupon_use`(
  `id` bigint COMMENT '主键', 
  `coupon_id` bigint COMMENT '券id', 
  `user_id` bigint COMMENT '用户id', 
  `order_no` string COMMENT '核销订单号', 
  `use_status` int COMMENT '1领取 2使用 3过期', 
  `get_time` string COMMENT '领取时间', 
  `used_time` string COMMENT '使用时间', 
  `update_time` string COMMENT '更新时间')
COMMENT '优惠券领用核销'
PARTITIONED BY ( 
  `dt` string COMMENT '同步日期')
ROW FORMAT SERDE 
  'org.apache.hadoop.hive.ql.io.orc.OrcSerde' 
STORED AS INPUTFORMAT 
  'org.apache.hadoop.hive.ql.io.orc.OrcInputFormat' """)
        job = P("datax/job/ods_coupon_use.json")
        cols = [("id", "bigint"), ("coupon_id", "bigint"), ("user_id", "bigint"), ("order_no", "string"), ("use_status", "int"),
                ("get_time", "string"), ("used_time", "string"), ("update_time", "string")]
        t.write(job, make_job("ods_coupon_use", "fn_mkt", "hz-mysql-ro-02", "coupon_use", cols,
                              "update_time >= '${dt} 00:00:00' and update_time < date_add('${dt}', interval 1 day)", fdelim=False))
        jdbc = "jdbc:mysql://hz-mysql-ro-02:3306/fn_mkt?useSSL=false"
        cmd = f'{DATAX} -p "-Ddt=2026-10-18" datax/job/ods_coupon_use.json'
        t.fail(cmd, "同步 10-18 券核销", datax_fdelim("2026-10-19 10:12:51", "2026-10-19 10:12:52", "ods_coupon_use", jdbc))
        t.read(job, offset=34, limit=4)
        t.edit(job, '''          "writeMode": "append",
''', '''          "writeMode": "append",
          "fieldDelimiter": "\\u0001",
''')
        t.bash(cmd, "重跑同步", out=datax_ok("2026-10-19 10:14:02", "2026-10-19 10:14:29", "ods_coupon_use", jdbc,
                                              "2026-10-19 10:14:02", "2026-10-19 10:14:29", 26, "1.92MB/s", 1261, 32786,
                                              "/warehouse/ods/ods_coupon_use/dt=2026-10-18"))
        t.bash("bin/add_partition.sh ods.ods_coupon_use 2026-10-18", "加分区",
               out="No rows affected (0.201 seconds)\nadded partition ods.ods_coupon_use dt=2026-10-18")
        t.done("""`datax/job/ods_coupon_use.json` 写好了，10-18 同步 32,786 行，分区已加。

又是同一个坑：第一次跑报 `Code:[HdfsWriter-01] … [fieldDelimiter]是必填参数`，job 里没写 `fieldDelimiter`（ORC 也必须有），补上 `"\\u0001"` 后成功。

`conf/dq_rules.yaml` 里 `ods.ods_coupon_use` 的 `min_rows` 是 20000，今天这个量是够的。""")

        # T12 M2#2 + W2#2
        t = d.task("dws_shop_traffic_1d 上周加了 ua_os 之后一直很慢，10-18 那天 DS 上超时被杀了，你手动补一下 10-18", tags=["workflow:W2", "mistake:M2"])
        t.read(DWS_TRAFFIC)
        base = ("spark-submit --master yarn --deploy-mode client --queue root.dw.etl --num-executors 30 --executor-memory 6g "
                "--executor-cores 3 --py-files jobs/spark/udfs.py,jobs/spark/addr_norm.zip,jobs/spark/ua_parse.zip ")
        tail = "jobs/spark/run_sql.py --sql sql/dws/dws_shop_traffic_1d.sql --dt 2026-10-18"
        t.fail(base + tail, "补 10-18",
               spark_oom("application_1759912044618_19633", "26/10/19 11:02", "26/10/19 11:19",
                         "dws.dws_shop_traffic_1d partition (dt='2026-10-18')", 2, 287, "hz-dn-008.fnyx.local",
                         "hz-dn-035.fnyx.local", 41, 52, 7, 7.0, 7.1, 3412, 3590), code=1)
        t.say("和上周的地址任务同一个问题：`ua_os` 是 python UDF，python worker 的内存记在 overhead 里，6g heap 的默认 overhead 只有 614m。"
              "同样命令加 overhead 再跑。")
        fixed = base.replace("--executor-cores 3 ", "--executor-cores 3 --conf spark.executor.memoryOverhead=3072 ")
        t.bash(fixed + tail, "加 memoryOverhead 重跑 10-18",
               out=spark_ok("application_1759912044618_19671", "26/10/19 11:24", "26/10/19 11:37",
                            ["insert overwrite table dws.dws_shop_traffic_1d partition (dt='2026-10-18')"],
                            "sql/dws/dws_shop_traffic_1d.sql", "2026-10-18", 688.402911))
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"select os, sum(pv) as pv, sum(uv) as uv from dws.dws_shop_traffic_1d "
               f"where dt='2026-10-18' group by os order by pv desc\"", "核对 10-18",
               out="os\tpv\tuv\nandroid\t48213377\t3120487\nios\t39877120\t2488301\nharmonyos\t6120845\t512733\nwindows\t1120390\t98120\nmac\t402117\t31870\nunknown\t88213\t9402")
        t.done("""10-18 的 `dws_shop_traffic_1d` 补好了：android 4821 万 PV、iOS 3988 万、鸿蒙 612 万，和前几天比例一致。

第一次跑还是 executor 被 YARN 杀（`7.0 GB of 7 GB physical memory used`），`ua_os` 的 python worker 吃的是 overhead。加 `--conf spark.executor.memoryOverhead=3072` 后 13 分钟跑完，DS 上超时被杀大概率也是这个原因（executor 一直死了重拉）。

DS 里 `dw_daily_traffic` 的这个节点需要把同样的 `--conf` 加上，DS 页面要你去改。""")

        # T13 F1
        t = d.task("现在在售sku有多少 按一级类目拆下", tags=["flaky:F1"])
        q = (f"{HS2} --silent=true --outputformat=tsv2 -e \"select category1_name, count(1) as sku_cnt from dim.dim_sku_df "
             f"where dt='2026-10-18' and sku_status=1 group by category1_name order by sku_cnt desc\"")
        t.fail(q, "按一级类目统计在售 sku",
               "Error: org.apache.hive.jdbc.ZooKeeperHiveClientException: Unable to read HiveServer2 configs from ZooKeeper (state=,code=0)",
               code=2)
        t.bash(q, "按一级类目统计在售 sku", out="""category1_name\tsku_cnt
食品饮料\t48211
个护美妆\t31876
家居日用\t29403
母婴\t17625
服饰鞋包\t15338
数码家电\t9847
生鲜\t6120
宠物\t4482""")
        t.done("""在售 SKU（`dim.dim_sku_df` dt=2026-10-18，`sku_status=1`）共 162,902 个：

| 一级类目 | SKU 数 |
|---|---|
| 食品饮料 | 48,211 |
| 个护美妆 | 31,876 |
| 家居日用 | 29,403 |
| 母婴 | 17,625 |
| 服饰鞋包 | 15,338 |
| 数码家电 | 9,847 |
| 生鲜 | 6,120 |
| 宠物 | 4,482 |

第一次连接报了 `Unable to read HiveServer2 configs from ZooKeeper`，原样重试就连上了，是 ZK 那边的瞬时抖动。""")


# ------------------------------------------------------------------ session 5 (acceptEdits)
def s5(d):
    with d.session("2026-10-21T06:20:00", R, branch="main", version="2.1.154", permission_mode="acceptEdits"):
        t = d.task("ods_order_info 下游都有谁在读？要改它的同步口径，先看影响面", tags=["noise"])
        t.grep("ods_order_info", filenames=[DWD_ORDER, P("sql/dws/dws_user_addr_region_1d.sql"), P("sql/ads/ads_shop_gmv_d.sql"),
                                            P("dolphin/dw_daily_trade.json"), README, JOB_ORDER])
        t.grep("ods_order_info", path=P("sql"), output_mode="content", n=True, content=f"""{DWD_ORDER}:2:-- 依赖：ods.ods_order_info, ods.ods_order_detail
{DWD_ORDER}:18:join ods.ods_order_info o
{P("sql/dws/dws_user_addr_region_1d.sql")}:14:join ods.ods_order_info o
{P("sql/ads/ads_shop_gmv_d.sql")}:9:    from ods.ods_order_info""")
        t.grep('"name": "ods_order_info', path=P("dolphin/dw_daily_trade.json"), output_mode="content", n=True, C=2,
               content=f"""{P("dolphin/dw_daily_trade.json")}-41-      {{
{P("dolphin/dw_daily_trade.json")}:42:      "name": "ods_order_info",
{P("dolphin/dw_daily_trade.json")}-43-      "taskType": "DATAX",""")
        t.done("""直接读 `ods.ods_order_info` 的有 3 个 SQL：

| 文件 | 用法 | 调度 |
|---|---|---|
| `sql/dwd/dwd_trade_order_detail_di.sql` | 和 `ods_order_detail` join 取订单头字段 | dw_daily_trade（Hive） |
| `sql/dws/dws_user_addr_region_1d.sql` | join 取 user_id、pay_amount | 还没上调度 |
| `sql/ads/ads_shop_gmv_d.sql` | 直接从 ODS 算店铺 GMV（绕过了 DWD） | dw_daily_trade（Spark） |

`ads_shop_gmv_d` 跳层直接读 ODS，改同步口径对它影响最大；DWD 那个只取字段，按 `order_no` 关联，影响小。DS 里 `ods_order_info` 是 `dw_daily_trade` 的第一个 DataX 节点。""")

        # T15 P1#2 + W2#3
        t = d.task("dws_trade_shop_1d 加一个退款金额 refund_amount，从 ods_refund_apply 按 shop 汇总（退款成功的），跑 10-20 看看。"
                   "老规矩 where 里先写 dt，集群扛不住全表扫描", tags=["pref:P1", "workflow:W2"])
        t.read(DWS_SHOP)
        t.write(DWS_SHOP, """-- dws_trade_shop_1d：店铺粒度交易汇总（1 日）
insert overwrite table dws.dws_trade_shop_1d partition (dt='${dt}')
select
    t.shop_id,
    t.order_cnt,
    t.buyer_cnt,
    t.pay_amount,
    coalesce(r.refund_amount, 0)  as refund_amount
from (
    select
        shop_id,
        count(distinct order_no)      as order_cnt,
        count(distinct user_id)       as buyer_cnt,
        sum(split_pay_amount)         as pay_amount
    from dwd.dwd_trade_order_detail_di
    where dt = '${dt}'
    group by shop_id
) t
left join (
    select o.shop_id, sum(ra.refund_amount) as refund_amount
    from ods.ods_refund_apply ra
    join ods.ods_order_info o
      on ra.order_no = o.order_no and o.dt between date_sub('${dt}', 30) and '${dt}'
    where ra.dt = '${dt}' and ra.refund_status = 5
    group by o.shop_id
) r
  on t.shop_id = r.shop_id;
""")
        t.bash(f"{HS2} --silent=true -e \"alter table dws.dws_trade_shop_1d add columns (refund_amount double comment '当日退款成功金额') cascade\"",
               "DWS 表加列", out="No rows affected (0.377 seconds)")
        cmd = ("spark-submit --master yarn --deploy-mode client --queue root.dw.etl --num-executors 10 --executor-memory 4g "
               "--executor-cores 2 --py-files jobs/spark/udfs.py,jobs/spark/addr_norm.zip,jobs/spark/ua_parse.zip "
               "jobs/spark/run_sql.py --sql sql/dws/dws_trade_shop_1d.sql --dt 2026-10-20")
        t.bash(cmd, "跑 10-20", out=spark_ok("application_1759912044618_20116", "26/10/21 14:33", "26/10/21 14:36",
                                               ["insert overwrite table dws.dws_trade_shop_1d partition (dt='2026-10-20')"],
                                               "sql/dws/dws_trade_shop_1d.sql", "2026-10-20", 141.530288))
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"select count(1) as shops, round(sum(pay_amount),2) as pay, "
               f"round(sum(refund_amount),2) as refund from dws.dws_trade_shop_1d where dt='2026-10-20'\"", "核对 10-20",
               out="shops\tpay\trefund\n6318\t30127745.18\t1204381.50")
        t.bash("git add sql/dws/dws_trade_shop_1d.sql && git commit -m 'dws_trade_shop_1d: 加 refund_amount（退款成功，按店铺）' && git push origin main",
               "提交推送", out=(lambda o: o[0] + "\n" + push_out(o[1]))(commit_out("dws_trade_shop_1d: 加 refund_amount（退款成功，按店铺）", 1, 25, 7)))
        t.done("""`dws_trade_shop_1d` 加好 `refund_amount`，10-20 跑完：6318 家店，实付 3012.8 万，退款成功 120.4 万（约 4.0%）。

- 退款按 `ods_refund_apply` 当天 `dt`、`refund_status = 5`（退款成功）取，店铺通过 `ods_order_info` 关联，订单侧只扫近 30 天分区
- 所有子查询都带了 `dt` 条件，没有全表扫描
- 已提交推送：`dws_trade_shop_1d: 加 refund_amount（退款成功，按店铺）`""")

        # T16 webfetch
        t = d.task("hive 2.1 的窗口 range between 支持按时间间隔吗？想算每个用户过去 7 天滚动金额", tags=["webfetch"])
        t.webfetch("https://cwiki.apache.org/confluence/display/Hive/LanguageManual+WindowingAndAnalytics",
                   "窗口子句 RANGE BETWEEN 支持哪些写法，是否支持 interval，哪个版本开始",
                   """Windowing specifications in HQL:

(ROWS | RANGE) BETWEEN (UNBOUNDED | [num]) PRECEDING AND ([num] PRECEDING | CURRENT ROW | (UNBOUNDED | [num]) FOLLOWING)
(ROWS | RANGE) BETWEEN CURRENT ROW AND (CURRENT ROW | (UNBOUNDED | [num]) FOLLOWING)
(ROWS | RANGE) BETWEEN [num] FOLLOWING AND (UNBOUNDED | [num]) FOLLOWING

When ORDER BY is specified with missing WINDOW clause, the WINDOW specification defaults to RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW.
When both ORDER BY and WINDOW clauses are missing, the WINDOW specification defaults to ROW BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING.

Support for intervals in RANGE windows (e.g. RANGE BETWEEN INTERVAL '7' DAY PRECEDING) is not available; RANGE offsets are numeric and applied to the single numeric ORDER BY expression.""")
        t.done("""Hive 2.1 的 `RANGE BETWEEN` 不支持 `INTERVAL`，偏移只能是数字，作用在唯一的数值型 `ORDER BY` 表达式上。过去 7 天滚动金额可以把日期转成天数来排序：

```sql
select user_id, dt, pay_amount,
       sum(pay_amount) over (
         partition by user_id
         order by datediff(dt, '1970-01-01')
         range between 6 preceding and current row
       ) as pay_7d
from dws.dws_trade_user_1d
where dt between '2026-10-08' and '2026-10-20';
```

注意 `where` 里的起始日期要往前多取 6 天，否则窗口开头几天的值不完整；结果再筛 `dt >= '2026-10-14'`。""")

        # T17 small edit
        t = d.task("README 里 zk 端口写错了，是 2181 不是 2182，顺手改下", tags=["noise"])
        t.read(README, offset=7, limit=4)
        t.edit(README, "hz-zk01:2182,hz-zk02:2182,hz-zk03:2182", "hz-zk01:2181,hz-zk02:2181,hz-zk03:2181")
        t.done("改好了，README 里 `$HS2` 连接串的三个 ZK 地址端口都改成 2181。")


# ------------------------------------------------------------------ session 6
def s6(d):
    with d.session("2026-10-26T01:12:00", R, branch="main", version="2.1.155"):
        t = d.task("巡检", tags=["workflow:W3", "long_output"])
        rows = [("10/26 09:13:20", "application_1759912044618_21840", "datax-ods_user_login", "MAPREDUCE", "dw_etl",
                 "root.dw.etl", "FINISHED", "FAILED", "100%", "http://hz-rm01:8088/proxy/application_1759912044618_21840/"),
                ("", "application_1759912044618_21703", "HIVE-d27a9c04-5e18-4b3f-8c61-0a4e9f2b7d15", "TEZ", "hive",
                 "root.dw.adhoc", "KILLED", "KILLED", "8%", "http://hz-rm01:8088/proxy/application_1759912044618_21703/")]
        morning(d, t, "2026-10-26",
                "dw_daily_traffic-1-20261026010000118\tFAILURE\t2026-10-26 01:00:00\t2026-10-26 01:22:47",
                apps_list(rows),
                "yarn logs -applicationId application_1759912044618_21840 -log_files syslog | grep -E 'ERROR|FATAL' | head -10",
                """2026-10-26 01:22:31,402 ERROR [main] org.apache.hadoop.mapred.YarnChild: Error running child : java.io.IOException: Failed on local exception: java.io.IOException: Connection reset by peer; Host Details : local host is: "hz-dn-019.fnyx.local/10.30.4.119"; destination host is: "hz-nn02":8020;
2026-10-26 01:22:31,417 FATAL [main] org.apache.hadoop.mapred.YarnChild: Error running child
2026-10-26 01:22:44,066 ERROR [main] org.apache.hadoop.mapreduce.v2.app.MRAppMaster: Task attempt_1759912044618_21840_m_000003_3 failed 4 times""",
                """昨晚 `dw_daily_traffic` 挂在第一步：`ods_user_login` 的同步（MapReduce 应用 `datax-ods_user_login`）4 次重试都是 `Connection reset by peer`，目标是 `hz-nn02:8020`。

4 个 attempt 分在不同 DataNode 上、都连 `hz-nn02` 被重置，像是 NameNode 那边的问题（比如主备切换），不是任务配置问题，可以跟平台组确认一下 01:20 前后 NN 有没有切换。下游 DWD/DWS 流量表今天都没产出。

建议在 DS 上从 `ods_user_login` 节点重跑 `dw_daily_traffic` 10-25；另一个 KILLED 是 adhoc 的临时查询，忽略。""")

        # T19 M3#2
        t = d.task("老集群 ods_user_login 2025 年 9 月的历史要迁过来，老 nn 是 hz-old-nn01，路径一样。拷完挑几天 dq 一下", tags=["mistake:M3", "long_output"])
        t.bash("hadoop distcp -Dmapreduce.job.queuename=root.dw.etl -update -skipcrccheck "
               "hdfs://hz-old-nn01:8020/warehouse/ods/ods_user_login/dt=2025-09-{01..30} /warehouse/ods/ods_user_login/ 2>&1 | tail -22",
               "distcp 2025-09 的 30 个分区", timeout=3600000, out="""26/10/26 10:05:13 INFO mapreduce.Job: Running job: job_1759912044618_21902
26/10/26 10:05:21 INFO mapreduce.Job: Job job_1759912044618_21902 running in uber mode : false
26/10/26 10:05:21 INFO mapreduce.Job:  map 0% reduce 0%
26/10/26 10:09:47 INFO mapreduce.Job:  map 100% reduce 0%
26/10/26 10:09:48 INFO mapreduce.Job: Job job_1759912044618_21902 completed successfully
26/10/26 10:09:48 INFO mapreduce.Job: Counters: 38
	File System Counters
		HDFS: Number of bytes read=63248551044
		HDFS: Number of bytes written=63245907120
		HDFS: Number of read operations=1442
		HDFS: Number of write operations=364
	Job Counters
		Launched map tasks=20
		Other local map tasks=20
		Total time spent by all maps in occupied slots (ms)=4811022
	Map-Reduce Framework
		Map input records=181
		Map output records=0
		GC time elapsed (ms)=30488
		CPU time spent (ms)=1721860
	DistCp Counters
		Bandwidth in Bytes=61870344
		Bytes Copied=63245907120
		Bytes Expected=63245907120
		Files Copied=150
		DIR_COPY=31""")
        dq = "bin/dq_check.sh ods.ods_user_login 2025-09-01 2025-09-03"
        t.fail(dq, "抽 9 月头三天校验", """[DQ] FAIL ods.ods_user_login dt=2025-09-01 rows=0 < min_rows=500000
[DQ] FAIL ods.ods_user_login dt=2025-09-02 rows=0 < min_rows=500000
[DQ] FAIL ods.ods_user_login dt=2025-09-03 rows=0 < min_rows=500000""", code=1)
        t.bash("hdfs dfs -count /warehouse/ods/ods_user_login/dt=2025-09-0{1,2,3}", "确认文件已在",
               out="""           1            5         2107215839 /warehouse/ods/ods_user_login/dt=2025-09-01
           1            5         2098443102 /warehouse/ods/ods_user_login/dt=2025-09-02
           1            5         2133870577 /warehouse/ods/ods_user_login/dt=2025-09-03""")
        t.bash(f"{HS2} --silent=true -e \"msck repair table ods.ods_user_login\"", "补登 30 个分区",
               err="""INFO  : Compiling command(queryId=hive_20261026101402_8e2d41c7-0b3a-4f55-91d6-7a0c3e5f2b18): msck repair table ods.ods_user_login
INFO  : Executing command(queryId=hive_20261026101402_8e2d41c7-0b3a-4f55-91d6-7a0c3e5f2b18): msck repair table ods.ods_user_login
INFO  : Partitions not in metastore:	ods_user_login:dt=2025-09-01	ods_user_login:dt=2025-09-02	ods_user_login:dt=2025-09-03	ods_user_login:dt=2025-09-04	ods_user_login:dt=2025-09-05	ods_user_login:dt=2025-09-06	ods_user_login:dt=2025-09-07	ods_user_login:dt=2025-09-08	ods_user_login:dt=2025-09-09	ods_user_login:dt=2025-09-10	ods_user_login:dt=2025-09-11	ods_user_login:dt=2025-09-12	ods_user_login:dt=2025-09-13	ods_user_login:dt=2025-09-14	ods_user_login:dt=2025-09-15	ods_user_login:dt=2025-09-16	ods_user_login:dt=2025-09-17	ods_user_login:dt=2025-09-18	ods_user_login:dt=2025-09-19	ods_user_login:dt=2025-09-20	ods_user_login:dt=2025-09-21	ods_user_login:dt=2025-09-22	ods_user_login:dt=2025-09-23	ods_user_login:dt=2025-09-24	ods_user_login:dt=2025-09-25	ods_user_login:dt=2025-09-26	ods_user_login:dt=2025-09-27	ods_user_login:dt=2025-09-28	ods_user_login:dt=2025-09-29	ods_user_login:dt=2025-09-30
INFO  : Repair: Added partition to metastore ods_user_login:dt=2025-09-01
INFO  : Repair: Added partition to metastore ods_user_login:dt=2025-09-02
...
INFO  : Repair: Added partition to metastore ods_user_login:dt=2025-09-30
INFO  : OK""", out="No rows affected (2.874 seconds)")
        t.bash(dq, "再校验头三天", out=dq_out("ods.ods_user_login", [("2025-09-01", 3812046), ("2025-09-02", 3790213), ("2025-09-03", 3861528)]))
        t.bash("bin/dq_check.sh ods.ods_user_login 2025-09-28 2025-09-30", "再抽月底三天",
               out=dq_out("ods.ods_user_login", [("2025-09-28", 3702871), ("2025-09-29", 3688120), ("2025-09-30", 4210337)]))
        t.done("""2025-09 的 `ods_user_login` 迁完了：30 个分区、150 个文件、58.9 GB，distcp 用了约 4.5 分钟。

拷完 DQ 全是 `rows=0`——文件到了新集群，但 metastore 里没有这些分区。`msck repair table ods.ods_user_login` 一次把 30 个分区补登进去，再抽查头三天、月底三天都是 370 万～420 万行，和老集群的量级一致（9-30 是国庆前一天，偏高正常）。""")

        d.precompact("""陈屹（蜂鸟优选离线数仓）在 fn-dw 仓库（/home/chenyi/work/fn-dw，网关 hz-gw02，CDH 6.3.2 + Kerberos）里的工作：
- 接入了 ods_refund_apply、ods_coupon_use 两个 DataX 同步；hdfswriter 必须配 fieldDelimiter（ORC 也要）
- 新写 dws_user_addr_region_1d，修了 dws_shop_traffic_1d 补数；python UDF（norm_addr/ua_os）的任务要加 spark.executor.memoryOverhead
- dwd_trade_order_detail_di 加了 coupon_amount、pay_type；dws_trade_shop_1d 加了 refund_amount
- 外部表放文件后（put/distcp）用 msck repair table 补登分区再 dq_check
- 偏好：查询必须带 dt 分区条件；commit message 以表名开头；spark-submit 用 client 模式
- 今天巡检：dw_daily_traffic 因 NN 切换挂在 ods_user_login，建议 DS 重跑；ods_user_login 2025-09 已从老集群迁完""")

        # T20 feedback, no tools
        t = d.task("上周一那个周末巡检的总结太长了，我转给平台组之前自己 cut half 才发出去。巡检结论以后五行以内就行：挂了啥、原因、影响、"
                   "要谁做啥。按这个把那次的重写一下",
                   tags=["feedback", "no_tools"],
                   feedback="上周一那个周末巡检的总结太长了，我转给平台组之前自己 cut half 才发出去。巡检结论以后五行以内就行：挂了啥、原因、影响、"
                            "要谁做啥")
        t.done("""- 挂了啥：10-18 `dw_daily_trade` 两次失败，停在 `dws_trade_shop_1d`
- 原因：`/warehouse/dws` 空间配额 40 TB 用满（`DSQuotaExceededException`）
- 影响：10-18 的 `dws_trade_shop_1d` 和下游 ADS 没产出，之前日期不受影响
- 要谁做啥：平台组临时调大配额或确认可清理的过期临时表；腾出空间后我们在 DS 上重跑 10-18""")

        # T21 M2#3 + W2#4
        t = d.task("再写个 dws_user_addr_change_7d：近 7 天换过收货城市的用户数，按标准化后的城市算，也用 norm_addr，跑 10-25", tags=["workflow:W2", "mistake:M2"])
        sql = P("sql/dws/dws_user_addr_change_7d.sql")
        t.write(sql, """-- dws_user_addr_change_7d：近 7 天更换收货城市的用户（按标准化城市）
insert overwrite table dws.dws_user_addr_change_7d partition (dt='${dt}')
select
    get_json_object(first_addr, '$.city')  as from_city,
    get_json_object(last_addr, '$.city')   as to_city,
    count(1)                               as user_cnt
from (
    select
        user_id,
        first_value(addr) over (partition by user_id order by create_time)                as first_addr,
        last_value(addr) over (partition by user_id order by create_time
                               rows between unbounded preceding and unbounded following)  as last_addr,
        row_number() over (partition by user_id order by create_time desc)                as rn
    from (
        select a.order_no, o.user_id, o.create_time,
               norm_addr(a.receiver_province, a.receiver_city, a.receiver_address) as addr
        from ods.ods_order_address a
        join ods.ods_order_info o
          on a.order_no = o.order_no and o.dt between date_sub('${dt}', 6) and '${dt}'
        where a.dt between date_sub('${dt}', 6) and '${dt}'
    ) x
) y
where rn = 1 and get_json_object(first_addr, '$.city') <> get_json_object(last_addr, '$.city')
group by get_json_object(first_addr, '$.city'), get_json_object(last_addr, '$.city');
""")
        base = ("spark-submit --master yarn --deploy-mode client --queue root.dw.etl --num-executors 24 --executor-memory 10g "
                "--executor-cores 4 --py-files jobs/spark/udfs.py,jobs/spark/addr_norm.zip,jobs/spark/ua_parse.zip ")
        tail = "jobs/spark/run_sql.py --sql sql/dws/dws_user_addr_change_7d.sql --dt 2026-10-25"
        t.fail(base + tail, "跑 10-25",
               spark_oom("application_1759912044618_21977", "26/10/26 11:40", "26/10/26 12:02",
                         "dws.dws_user_addr_change_7d partition (dt='2026-10-25')", 1, 64, "hz-dn-022.fnyx.local",
                         "hz-dn-004.fnyx.local", 8, 19, 11, 11.0, 11.2, 977, 1104), code=1)
        t.bash("yarn logs -applicationId application_1759912044618_21977 -containerId container_e52_1759912044618_21977_01_000019 "
               "-log_files stderr | grep -iE 'python|memory' | tail -5", "看被杀 executor 里 python worker 的情况",
               out="""26/10/26 12:01:33 INFO python.PythonRunner: Times: total = 611402, boot = 212, init = 8804, finish = 602386
26/10/26 12:01:47 WARN python.PythonRunner: Incomplete task 64.0 in stage 1 (TID 977) interrupted: Attempting to kill Python Worker
26/10/26 12:02:01 ERROR executor.CoarseGrainedExecutorBackend: RECEIVED SIGNAL TERM""")
        t.say("被杀的 executor 里 python worker 一直在跑 `norm_addr`（7 天的地址量是单日的 7 倍），10g heap 的默认 overhead 只有 1g，python 进程的内存就记在这里面。同样的命令加 overhead 再跑。")
        fixed = base.replace("--executor-cores 4 ", "--executor-cores 4 --conf spark.executor.memoryOverhead=2048m ")
        t.bash(fixed + tail, "加 memoryOverhead 重跑 10-25",
               out=spark_ok("application_1759912044618_22011", "26/10/26 12:08", "26/10/26 12:26",
                            ["insert overwrite table dws.dws_user_addr_change_7d partition (dt='2026-10-25')"],
                            "sql/dws/dws_user_addr_change_7d.sql", "2026-10-25", 1021.734550))
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"select from_city, to_city, user_cnt from dws.dws_user_addr_change_7d "
               f"where dt='2026-10-25' order by user_cnt desc limit 5\"", "看 top 5",
               out="from_city\tto_city\tuser_cnt\n杭州市\t上海市\t1873\n上海市\t杭州市\t1702\n杭州市\t宁波市\t1288\n苏州市\t上海市\t1021\n杭州市\t绍兴市\t964")
        t.done("""`dws.dws_user_addr_change_7d` 10-25 跑完，近 7 天换过收货城市的 top 5：杭州→上海 1873、上海→杭州 1702、杭州→宁波 1288、苏州→上海 1021、杭州→绍兴 964。

第一次还是 `Container killed by YARN for exceeding memory limits. 11.0 GB of 11 GB`：`norm_addr` 的 python worker 在 7 天数据量下超出了默认 1g 的 overhead，加 `--conf spark.executor.memoryOverhead=2048m` 后 18 分钟跑完。SQL 还没提交。""")


# ------------------------------------------------------------------ session 7
def s7(d):
    with d.session("2026-10-29T02:40:00", R, branch="main", version="2.1.156"):
        # T22 P3 reversal
        t = d.task("之前让你 spark-submit 用 client 模式，这个不要了：网关机内存一直告警，driver 全压在 hz-gw02 上。以后都用 cluster 模式提交，"
                   "日志用 yarn logs 看。先把 dws_trade_shop_1d 的 10-28 用 cluster 跑了", tags=["reversal:P3"])
        app = "application_1759912044618_23510"
        t.bash("spark-submit --master yarn --deploy-mode cluster --queue root.dw.etl --num-executors 10 --executor-memory 4g "
               "--executor-cores 2 --py-files jobs/spark/udfs.py,jobs/spark/addr_norm.zip,jobs/spark/ua_parse.zip "
               "--files sql/dws/dws_trade_shop_1d.sql "
               "jobs/spark/run_sql.py --sql dws_trade_shop_1d.sql --dt 2026-10-28", "cluster 模式跑 10-28",
               out=f"""26/10/29 10:52:08 INFO yarn.Client: Submitting application {app} to ResourceManager
26/10/29 10:52:08 INFO impl.YarnClientImpl: Submitted application {app}
26/10/29 10:52:09 INFO yarn.Client: Application report for {app} (state: ACCEPTED)
26/10/29 10:52:14 INFO yarn.Client: Application report for {app} (state: RUNNING)
26/10/29 10:52:14 INFO yarn.Client:
	 client token: Token {{ kind: YARN_CLIENT_TOKEN, service:  }}
	 diagnostics: N/A
	 ApplicationMaster host: hz-dn-016.fnyx.local
	 ApplicationMaster RPC port: 38211
	 queue: root.dw.etl
	 start time: 1793242328117
	 final status: UNDEFINED
	 tracking URL: http://hz-rm01:8088/proxy/{app}/
	 user: chenyi
...
26/10/29 10:55:31 INFO yarn.Client: Application report for {app} (state: FINISHED)
26/10/29 10:55:31 INFO yarn.Client:
	 client token: N/A
	 diagnostics: N/A
	 ApplicationMaster host: hz-dn-016.fnyx.local
	 ApplicationMaster RPC port: 38211
	 queue: root.dw.etl
	 start time: 1793242328117
	 final status: SUCCEEDED
	 tracking URL: http://hz-rm01:8088/proxy/{app}/
	 user: chenyi
26/10/29 10:55:31 INFO util.ShutdownHookManager: Shutdown hook called""")
        t.bash(f"yarn logs -applicationId {app} -log_files stdout | grep run_sql", "看 driver 输出",
               out="[run_sql] insert overwrite table dws.dws_trade_shop_1d partition (dt='2026-10-28')\n[run_sql] done dws_trade_shop_1d.sql dt=2026-10-28")
        t.done("""好，以后 spark-submit 都用 `--deploy-mode cluster`，driver 跑在 YARN 上，不占网关机内存。

10-28 的 `dws_trade_shop_1d` 已用 cluster 模式跑完（约 3.5 分钟，`final status: SUCCEEDED`）：
- SQL 文件通过 `--files` 带到容器里，`--sql` 传文件名
- driver 的输出用 `yarn logs -applicationId … -log_files stdout` 看，`run_sql` 两行都在""")

        # T23 U2
        t = d.task("10 月的 dws_trade_shop_1d 要用生产账号 dw_etl 重刷（权限归属要对），keytab 在 /etc/security/keytabs/dw_etl.keytab，先 kinit 上", tags=["unfixed:U2"])
        t.fail("kinit -kt /etc/security/keytabs/dw_etl.keytab dw_etl@FNYX.COM", "用 dw_etl 的 keytab 登录",
               "kinit: Permission denied while getting initial credentials", code=1)
        t.bash("ls -l /etc/security/keytabs/dw_etl.keytab && id", "看 keytab 权限和我的组",
               out="-r--r----- 1 dw_etl hadoop 434 Sep 11 15:20 /etc/security/keytabs/dw_etl.keytab\nuid=1043(chenyi) gid=1043(chenyi) groups=1043(chenyi),1107(dw_dev)")
        t.done("""登不上：`/etc/security/keytabs/dw_etl.keytab` 是 `dw_etl:hadoop`、权限 `0440`，你的账号不在 `hadoop` 组，读不了 keytab，所以 `kinit: Permission denied while getting initial credentials`。

这是生产账号的凭据，按规矩不该给个人账号读权限。两个正规做法：
1. 在 DS 上用 `dw_etl` 租户跑补数（补数功能选 10-01 ~ 10-28）
2. 找运维用 `dw_etl` 代跑

我没动这个文件的权限，重刷先放着，等你定走哪条路。""")

        # T24 W1#2
        t = d.task("售后日志也要进 ODS，fn_trade.after_sale_log → ods_after_sale_log，流程跟退款那张一样，跑 10-28", tags=["workflow:W1"])
        t.bash("mysql -h hz-mysql-ro-01 -u dw_reader -p\"$MYSQL_RO_PWD\" fn_trade -e 'show create table after_sale_log\\G'", "看源表",
               err="mysql: [Warning] Using a password on the command line interface can be insecure.",
               out="""*************************** 1. row ***************************
       Table: after_sale_log
Create Table: CREATE TABLE `after_sale_log` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `refund_no` varchar(32) NOT NULL,
  `operator_type` tinyint(4) NOT NULL COMMENT '1用户 2商家 3客服 4系统',
  `action` varchar(32) NOT NULL,
  `remark` varchar(512) DEFAULT NULL,
  `create_time` datetime NOT NULL,
  `update_time` datetime NOT NULL ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  KEY `idx_refund_no` (`refund_no`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=9920147 DEFAULT CHARSET=utf8mb4""")
        cols = [("id", "bigint", "主键"), ("refund_no", "string", "退款单号"), ("operator_type", "int", "1用户 2商家 3客服 4系统"),
                ("action", "string", "操作"), ("remark", "string", "备注"), ("create_time", "string", "创建时间"),
                ("update_time", "string", "更新时间")]
        t.write(P("sql/ddl/ods/ods_after_sale_log.sql"), make_ddl("ods_after_sale_log", "售后操作日志", cols))
        t.bash(f"{HS2} --silent=true -f sql/ddl/ods/ods_after_sale_log.sql", "建表", out="No rows affected (0.198 seconds)")
        t.read(P("datax/job/ods_refund_apply.json"), limit=20)
        t.write(P("datax/job/ods_after_sale_log.json"), make_job("ods_after_sale_log", "fn_trade", "hz-mysql-ro-01", "after_sale_log",
                                                                  [(c, tt) for c, tt, _ in cols],
                                                                  "update_time >= '${dt} 00:00:00' and update_time < date_add('${dt}', interval 1 day)",
                                                                  fdelim=True))
        jdbc = "jdbc:mysql://hz-mysql-ro-01:3306/fn_trade?useSSL=false"
        t.bash(f'{DATAX} -p "-Ddt=2026-10-28" datax/job/ods_after_sale_log.json', "同步 10-28",
               out=datax_ok("2026-10-29 11:31:05", "2026-10-29 11:31:20", "ods_after_sale_log", jdbc,
                            "2026-10-29 11:31:05", "2026-10-29 11:31:20", 15, "701.33KB/s", 1184, 17760,
                            "/warehouse/ods/ods_after_sale_log/dt=2026-10-28"))
        t.bash("bin/add_partition.sh ods.ods_after_sale_log 2026-10-28", "加分区",
               out="No rows affected (0.176 seconds)\nadded partition ods.ods_after_sale_log dt=2026-10-28")
        t.bash("bin/dq_check.sh ods.ods_after_sale_log 2026-10-28", "行数校验", out=dq_out("ods.ods_after_sale_log", [("2026-10-28", 17760)]))
        t.done("""`ods.ods_after_sale_log` 接好了，10-28 同步 17,760 行，分区已加，DQ 通过（`dq_rules.yaml` 里没单独配，走 `default` 的 `min_rows: 1`，要不要按日均 1.5 万左右配个下限你定）。

- 建表 `sql/ddl/ods/ods_after_sale_log.sql`：外部表、ORC + SNAPPY、`dt` 分区
- DataX `datax/job/ods_after_sale_log.json`：照 `ods_refund_apply` 的结构写，writer 带了 `fieldDelimiter`""")


# ------------------------------------------------------------------ session 8
def s8(d):
    with d.session("2026-11-02T01:25:00", R, branch="main", version="2.1.157"):
        t = d.task("tez 跑 hive sql 和 spark sql 在我们这套集群上一般怎么选？新人问我，我想给个简单的说法", tags=["no_tools"])
        t.done("""简单说法：

- **Hive on Tez（beeline）**：DWD 这类"大表 join + 写分区"的常规 ETL，纯 SQL、不用 python UDF。稳、资源按 container 用完即还，排查看 Tez UI
- **Spark SQL（run_sql.py）**：要用 `udfs.py` 里 python UDF 的（地址标准化、UA 解析），或者多步计算、中间结果要复用的 DWS/ADS。executor 常驻，迭代型计算快
- 临时查询：小查询 beeline 直接查，放 adhoc 队列；别拿 Spark 跑一次性 count

一句话：**纯 SQL 进 Hive，带 python 逻辑进 Spark**。两边写同一张表时注意别同时跑同一分区。""")

        # T26 P1#3
        t = d.task("双11预热器（10-20 到 11-01）每天加购 uv 和下单 uv 出一下，记得加分区过滤 dt=，不加分区的 sql 别往集群上提", tags=["pref:P1", "noise"])
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 --hiveconf tez.queue.name=root.dw.adhoc -e \""
               "select c.dt, c.cart_uv, o.order_uv from "
               "(select dt, count(distinct user_id) as cart_uv from dwd.dwd_trade_cart_add_di where dt between '2026-10-20' and '2026-11-01' group by dt) c "
               "left join (select dt, count(distinct user_id) as order_uv from dwd.dwd_trade_order_detail_di where dt between '2026-10-20' and '2026-11-01' group by dt) o "
               "on c.dt = o.dt order by c.dt\"", "预热期每天加购/下单 UV",
               out="""c.dt\tc.cart_uv\to.order_uv
2026-10-20\t612384\t201877
2026-10-21\t598120\t198342
2026-10-22\t603871\t199615
2026-10-23\t621005\t204118
2026-10-24\t688431\t211876
2026-10-25\t702915\t215003
2026-10-26\t655230\t203561
2026-10-27\t649874\t202248
2026-10-28\t671302\t207731
2026-10-29\t698546\t212209
2026-10-30\t781245\t219874
2026-10-31\t1342876\t487622
2026-11-01\t1129547\t398105""")
        t.done("""预热期每天加购 / 下单 UV（两张 DWD 表都按 `dt between '2026-10-20' and '2026-11-01'` 过滤，跑在 adhoc 队列）：

| 日期 | 加购 UV | 下单 UV | 下单/加购 |
|---|---|---|---|
| 10-20 ~ 10-29 | 60 万 ~ 70 万 | 19.8 万 ~ 21.6 万 | 约 31% |
| 10-30 | 78.1 万 | 22.0 万 | 28% |
| 10-31（开门红 20:00 开抢） | 134.3 万 | 48.8 万 | 36% |
| 11-01 | 113.0 万 | 39.8 万 | 35% |

10-30 加购先涨、下单没跟，是典型的"先加购等开抢"；10-31 晚上开抢后下单 UV 翻倍多。""")

        # T27 M1#3 + W1#3
        t = d.task("直播间订单接一下，fn_live.live_room_order，库在 hz-mysql-ro-03，ods 叫 ods_live_room_order，跑 11-01", tags=["workflow:W1", "mistake:M1"])
        t.bash("mysql -h hz-mysql-ro-03 -u dw_reader -p\"$MYSQL_RO_PWD\" fn_live -e 'show create table live_room_order\\G'", "看源表",
               err="mysql: [Warning] Using a password on the command line interface can be insecure.",
               out="""*************************** 1. row ***************************
       Table: live_room_order
Create Table: CREATE TABLE `live_room_order` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `room_id` bigint(20) NOT NULL COMMENT '直播间id',
  `anchor_id` bigint(20) NOT NULL COMMENT '主播id',
  `order_no` varchar(32) NOT NULL,
  `sku_id` bigint(20) NOT NULL,
  `pay_amount` decimal(12,2) NOT NULL,
  `create_time` datetime NOT NULL,
  `update_time` datetime NOT NULL ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`id`),
  KEY `idx_update_time` (`update_time`)
) ENGINE=InnoDB AUTO_INCREMENT=1288104 DEFAULT CHARSET=utf8mb4""")
        cols = [("id", "bigint", "主键"), ("room_id", "bigint", "直播间id"), ("anchor_id", "bigint", "主播id"),
                ("order_no", "string", "订单号"), ("sku_id", "bigint", "sku id"), ("pay_amount", "double", "实付"),
                ("create_time", "string", "创建时间"), ("update_time", "string", "更新时间")]
        t.write(P("sql/ddl/ods/ods_live_room_order.sql"), make_ddl("ods_live_room_order", "直播间订单", cols))
        t.bash(f"{HS2} --silent=true -f sql/ddl/ods/ods_live_room_order.sql", "建表", out="No rows affected (0.224 seconds)")
        job = P("datax/job/ods_live_room_order.json")
        t.write(job, make_job("ods_live_room_order", "fn_live", "hz-mysql-ro-03", "live_room_order", [(c, tt) for c, tt, _ in cols],
                              "update_time >= '${dt} 00:00:00' and update_time < date_add('${dt}', interval 1 day)", fdelim=False))
        jdbc = "jdbc:mysql://hz-mysql-ro-03:3306/fn_live?useSSL=false"
        cmd = f'{DATAX} -p "-Ddt=2026-11-01" datax/job/ods_live_room_order.json'
        t.fail(cmd, "同步 11-01", datax_fdelim("2026-11-02 10:47:19", "2026-11-02 10:47:20", "ods_live_room_order", jdbc))
        t.say("还是 hdfswriter 缺 `fieldDelimiter`。这次的 job 是我从头写的，没照现有 job 抄，漏了。补上。")
        t.edit(job, '''          "writeMode": "append",
''', '''          "writeMode": "append",
          "fieldDelimiter": "\\u0001",
''')
        t.bash(cmd, "重跑 11-01", out=datax_ok("2026-11-02 10:48:40", "2026-11-02 10:49:02", "ods_live_room_order", jdbc,
                                                "2026-11-02 10:48:40", "2026-11-02 10:49:02", 21, "1.06MB/s", 3310, 69512,
                                                "/warehouse/ods/ods_live_room_order/dt=2026-11-01"))
        t.bash("bin/add_partition.sh ods.ods_live_room_order 2026-11-01", "加分区",
               out="No rows affected (0.193 seconds)\nadded partition ods.ods_live_room_order dt=2026-11-01")
        t.bash("bin/dq_check.sh ods.ods_live_room_order 2026-11-01", "行数校验", out=dq_out("ods.ods_live_room_order", [("2026-11-01", 69512)]))
        t.done("""`ods.ods_live_room_order` 接好了，11-01 同步 69,512 行（开门红直播量大），分区已加，DQ 通过。

第一次跑又是 `HdfsWriter-01 … [fieldDelimiter]是必填参数`——这是第三次了，新写的 DataX job 我会直接从已有 job（比如 `ods_order_info.json`）复制 writer 部分，保证 `fieldDelimiter` 在。""")


# ------------------------------------------------------------------ session 9
def s9(d):
    with d.session("2026-11-05T02:10:00", R, branch="main", version="2.1.158"):
        # T28 M3#3
        t = d.task("财务要 ods_refund_apply 10 月头 10 天的历史（当时接的时候只同步了 10-11 往后），用 datax 补 10-01 到 10-10，补完 dq 一下",
                   tags=["mistake:M3"])
        loop = ('for dt in $(seq 0 9 | xargs -I{} date -d "2026-10-01 +{} day" +%F); do '
                f'{DATAX} -p "-Ddt=$dt" datax/job/ods_refund_apply.json > /tmp/datax_refund_$dt.log 2>&1; '
                'echo "$dt exit=$? $(grep -E \'读出记录总数\' /tmp/datax_refund_$dt.log | tr -s \' \')"; done')
        rows = [("2026-10-01", 5210), ("2026-10-02", 6873), ("2026-10-03", 7104), ("2026-10-04", 6512), ("2026-10-05", 6027),
                ("2026-10-06", 5588), ("2026-10-07", 5921), ("2026-10-08", 8840), ("2026-10-09", 6215), ("2026-10-10", 5170)]
        t.bash(loop, "DataX 逐天补 10-01 ~ 10-10", timeout=1800000,
               out="\n".join(f"{dd} exit=0 读出记录总数 : {n}" for dd, n in rows))
        dq = "bin/dq_check.sh ods.ods_refund_apply 2026-10-01 2026-10-10"
        t.fail(dq, "10 天一起校验", "\n".join(f"[DQ] FAIL ods.ods_refund_apply dt={dd} rows=0 < min_rows=3000" for dd, _ in rows), code=1)
        t.say("DataX 每天都写成功了，行数却全是 0：只写了 HDFS 文件，这 10 个分区没登记到 metastore。")
        t.bash(f"{HS2} --silent=true -e \"msck repair table ods.ods_refund_apply\"", "补登分区",
               err="""INFO  : Compiling command(queryId=hive_20261105103318_1c7e9b02-4d5a-4f3e-8b16-e9a0d2c57f41): msck repair table ods.ods_refund_apply
INFO  : Executing command(queryId=hive_20261105103318_1c7e9b02-4d5a-4f3e-8b16-e9a0d2c57f41): msck repair table ods.ods_refund_apply
INFO  : Partitions not in metastore:	ods_refund_apply:dt=2026-10-01	ods_refund_apply:dt=2026-10-02	ods_refund_apply:dt=2026-10-03	ods_refund_apply:dt=2026-10-04	ods_refund_apply:dt=2026-10-05	ods_refund_apply:dt=2026-10-06	ods_refund_apply:dt=2026-10-07	ods_refund_apply:dt=2026-10-08	ods_refund_apply:dt=2026-10-09	ods_refund_apply:dt=2026-10-10
INFO  : Repair: Added partition to metastore ods_refund_apply:dt=2026-10-01
...
INFO  : Repair: Added partition to metastore ods_refund_apply:dt=2026-10-10
INFO  : OK""", out="No rows affected (0.958 seconds)")
        t.bash(dq, "再校验", out=dq_out("ods.ods_refund_apply", rows))
        t.done("""`ods_refund_apply` 10-01 ~ 10-10 补好了，10 天共 6.2 万行，DQ 全部通过。

补完第一次 DQ 全是 `rows=0 < min_rows=3000`：循环里只跑了 DataX，没像日常调度那样每天 `add_partition`，metastore 里没有这 10 个分区。`msck repair table ods.ods_refund_apply` 一次补登后正常。国庆几天（10-02 ~ 10-04）退款量偏高，10-08 是节后集中处理。""")

        # T29 O2
        t = d.task("写个 ads_promo_daily：双11 活动 sku 每天的实付和退款，活动名单用 dim_activity_sku_manual 最新分区，跑 11-04", tags=["oneoff:O2"])
        sql = P("sql/ads/ads_promo_daily.sql")
        t.write(sql, """-- ads_promo_daily：双11 活动 sku 每日实付 / 退款
insert overwrite table ads.ads_promo_daily partition (dt='${dt}')
select
    a.activity_id,
    count(distinct d.order_no)     as order_cnt,
    sum(d.split_pay_amount)        as pay_amount,
from dwd.dwd_trade_order_detail_di d
join (
    select activity_id, sku_id
    from dim.dim_activity_sku_manual
    where dt = '2026-10-16'
) a
  on d.sku_id = a.sku_id
where d.dt = '${dt}'
group by a.activity_id;
""")
        cmd = ("spark-submit --master yarn --deploy-mode cluster --queue root.dw.etl --num-executors 8 --executor-memory 4g "
               "--executor-cores 2 --py-files jobs/spark/udfs.py,jobs/spark/addr_norm.zip,jobs/spark/ua_parse.zip "
               "--files sql/ads/ads_promo_daily.sql jobs/spark/run_sql.py --sql ads_promo_daily.sql --dt 2026-11-04")
        app = "application_1759912044618_25118"
        t.fail(cmd, "cluster 模式跑 11-04", f"""26/11/05 10:51:02 INFO yarn.Client: Submitting application {app} to ResourceManager
26/11/05 10:51:02 INFO impl.YarnClientImpl: Submitted application {app}
26/11/05 10:51:08 INFO yarn.Client: Application report for {app} (state: RUNNING)
26/11/05 10:51:39 INFO yarn.Client: Application report for {app} (state: FINISHED)
26/11/05 10:51:39 INFO yarn.Client:
	 client token: N/A
	 diagnostics: User application exited with status 1
	 ApplicationMaster host: hz-dn-030.fnyx.local
	 ApplicationMaster RPC port: 41023
	 queue: root.dw.etl
	 start time: 1793760662081
	 final status: FAILED
	 tracking URL: http://hz-rm01:8088/proxy/{app}/
	 user: chenyi
Exception in thread "main" org.apache.spark.SparkException: Application {app} finished with failed status
	at org.apache.spark.deploy.yarn.Client.run(Client.scala:1155)
	at org.apache.spark.deploy.yarn.YarnClusterApplication.start(Client.scala:1603)
	at org.apache.spark.deploy.SparkSubmit.org$apache$spark$deploy$SparkSubmit$$runMain(SparkSubmit.scala:851)
	...
26/11/05 10:51:39 INFO util.ShutdownHookManager: Shutdown hook called""", code=1)
        t.bash(f"yarn logs -applicationId {app} -log_files stdout,stderr | grep -A4 ParseException | head -12", "看 driver 报错",
               out="""pyspark.sql.utils.ParseException: "\\nmismatched input 'from' expecting <EOF>(line 7, pos 0)\\n\\n== SQL ==\\ninsert overwrite table ads.ads_promo_daily partition (dt='2026-11-04')\\nselect\\n    a.activity_id,\\n    count(distinct d.order_no)     as order_cnt,\\n    sum(d.split_pay_amount)        as pay_amount,\\nfrom dwd.dwd_trade_order_detail_di d\\n^^^\\njoin (\\n"
26/11/05 10:51:37 ERROR yarn.ApplicationMaster: User application exited with status 1""")
        t.read(sql, offset=6, limit=2)
        t.edit(sql, "    sum(d.split_pay_amount)        as pay_amount,\nfrom", "    sum(d.split_pay_amount)        as pay_amount\nfrom")
        t.bash(cmd, "同样命令重跑 11-04", out=f"""26/11/05 10:54:12 INFO yarn.Client: Submitting application application_1759912044618_25131 to ResourceManager
26/11/05 10:54:12 INFO impl.YarnClientImpl: Submitted application application_1759912044618_25131
26/11/05 10:54:18 INFO yarn.Client: Application report for application_1759912044618_25131 (state: RUNNING)
26/11/05 10:56:03 INFO yarn.Client: Application report for application_1759912044618_25131 (state: FINISHED)
26/11/05 10:56:03 INFO yarn.Client:
	 client token: N/A
	 diagnostics: N/A
	 ApplicationMaster host: hz-dn-011.fnyx.local
	 ApplicationMaster RPC port: 35877
	 queue: root.dw.etl
	 start time: 1793760852440
	 final status: SUCCEEDED
	 tracking URL: http://hz-rm01:8088/proxy/application_1759912044618_25131/
	 user: chenyi
26/11/05 10:56:03 INFO util.ShutdownHookManager: Shutdown hook called""")
        t.bash(f"{HS2} --silent=true --outputformat=tsv2 -e \"select activity_id, order_cnt, pay_amount from ads.ads_promo_daily where dt='2026-11-04'\"",
               "看结果", out="activity_id\torder_cnt\tpay_amount\nA1111_01\t38214\t4120387.55\nA1111_02\t12087\t1984410.20\nA1111_03\t5530\t602118.90")
        t.done("""`ads.ads_promo_daily` 11-04 跑完：A1111_01 3.8 万单 / 412 万，A1111_02 1.2 万单 / 198 万，A1111_03 5530 单 / 60 万。

第一次 cluster 模式失败，客户端只看到 `User application exited with status 1`，`yarn logs` 里是 `ParseException: mismatched input 'from' expecting <EOF>`——`pay_amount` 后面多了个逗号，删掉后同样命令跑通。

退款列我还没加：活动 sku 的退款要从 `ods_refund_apply` 按订单关联回 sku，要不要拆到 sku 粒度你说一下。""")

        t = d.task("hive 2.1 orc 表后面加列会不会影响老分区读？struct 字段里加子字段呢", tags=["no_tools"])
        t.done("""- **顶层加列**（`alter table … add columns`）：ORC 按列名/位置映射，老分区文件里没有这列，读出来是 NULL，不影响。记得带 `cascade`，否则老分区的元数据还是旧 schema，Hive 读老分区时看不到新列
- **struct 里加子字段**：Hive 2.1 支持 `change column` 把 `struct<a:int>` 改成 `struct<a:int,b:string>`，只能往末尾加；老文件读出来子字段 b 是 NULL。但 Spark 2.4 读这种表时对 struct 演进支持不稳，可能直接报 schema 不匹配
- **不要做**：改列类型（比如 int → string 还行，string → int 不行）、删列、调整列顺序，ORC 按位置映射时会错位

建议：顶层加列放心用；struct 尽量别改，新字段直接加到顶层。""")


# ------------------------------------------------------------------ session 10
def s10(d):
    with d.session("2026-11-11T01:05:00", R, branch="main", version="2.1.160"):
        t = d.task("双11当天，巡检先来一遍", tags=["workflow:W3"])
        rows = [("11/11 09:06:31", "application_1759912044618_27764", "run_sql:dws_shop_traffic_1d.sql:2026-11-10", "SPARK", "dw_etl",
                 "root.dw.etl", "FINISHED", "FAILED", "100%", "http://hz-rm02:8088/proxy/application_1759912044618_27764/")]
        morning(d, t, "2026-11-11",
                "dw_daily_traffic-1-20261111010000402\tFAILURE\t2026-11-11 01:00:00\t2026-11-11 04:18:26",
                apps_list(rows),
                "yarn logs -applicationId application_1759912044618_27764 -log_files stderr | grep -E 'ERROR|Exception' | head -8",
                """26/11/11 04:17:58 ERROR yarn.ApplicationMaster: User application exited with status 1
26/11/11 04:17:52 ERROR scheduler.TaskSetManager: Task 14 in stage 1.0 failed 4 times; aborting job
org.apache.spark.SparkException: Job aborted due to stage failure: Task 14 in stage 1.0 failed 4 times, most recent failure: Lost task 14.3 in stage 1.0 (TID 2210, hz-dn-009.fnyx.local, executor 31): java.io.IOException: Cannot obtain block length for LocatedBlock{BP-1384562710-10.30.4.11-1640161234567:blk_1297730511_224016802; getBlockSize()=0; corrupt=false; offset=0; locs=[DatanodeInfoWithStorage[10.30.4.121:1004,DS-6c1e0d2a,DISK]]}
Caused by: java.io.IOException: Cannot obtain block length for LocatedBlock{BP-1384562710-10.30.4.11-1640161234567:blk_1297730511_224016802; getBlockSize()=0; corrupt=false; offset=0; locs=[DatanodeInfoWithStorage[10.30.4.121:1004,DS-6c1e0d2a,DISK]]}""",
                """- 挂了啥：`dw_daily_traffic` 11-10，停在 `dws_shop_traffic_1d`
- 原因：读到一个没正常关闭的 HDFS 文件（`Cannot obtain block length for LocatedBlock`），是上游埋点落盘那边的文件
- 影响：11-10 流量 DWS/ADS 没产出，交易链路正常
- 要谁做啥：埋点/平台组对那个文件做 lease recovery（`hdfs debug recoverLease`）后，我们在 DS 上从 `dws_shop_traffic_1d` 重跑 11-10""")

        t = d.task("存储治理要报数，ods 下面按表看下占用，大的排前面", tags=["noise", "long_output"])
        t.bash("hdfs dfs -du -h /warehouse/ods", "ODS 各表占用",
               out="""9.8 G    29.4 G   /warehouse/ods/ods_after_sale_log
201.7 G  605.1 G  /warehouse/ods/ods_cart_add_log
318.4 M  955.2 M  /warehouse/ods/ods_category
64.0 G   192.0 G  /warehouse/ods/ods_coupon_use
22.1 G   66.3 G   /warehouse/ods/ods_live_room_order
411.2 G  1.2 T    /warehouse/ods/ods_order_address
812.4 G  2.4 T    /warehouse/ods/ods_order_detail
603.8 G  1.8 T    /warehouse/ods/ods_order_info
1.7 T    5.1 T    /warehouse/ods/ods_page_view_log
288.5 G  865.5 G  /warehouse/ods/ods_payment_info
4.1 G    12.3 G   /warehouse/ods/ods_refund_apply
1.2 G    3.6 G    /warehouse/ods/ods_shop_info
97.3 G   291.9 G  /warehouse/ods/ods_sku_info
48.6 G   145.8 G  /warehouse/ods/ods_user_info
2.3 T    6.9 T    /warehouse/ods/ods_user_login""")
        t.bash("hdfs dfs -count -q -h /warehouse/ods", "看配额",
               out="        none             inf          60 T          38.9 T        17.1 K        1.34 M             7.4 T /warehouse/ods")
        t.done("""ODS 共 7.4 T（三副本 21.1 T），配额 60 T，已用 21.1 T（剩 38.9 T）。

| 表 | 逻辑 | 三副本 |
|---|---|---|
| ods_user_login | 2.3 T | 6.9 T |
| ods_page_view_log | 1.7 T | 5.1 T |
| ods_order_detail | 812 G | 2.4 T |
| ods_order_info | 604 G | 1.8 T |
| ods_order_address | 411 G | 1.2 T |
| 其余 10 张 | 约 740 G | 2.2 T |

前两张日志表占了 54%。`ods_user_login` 上个月刚从老集群迁了 2025-09 的历史，如果 ODS 只需保留 13 个月，可以跟业务确认生命周期后由调度统一清理，我这里没删任何东西。""")

        t = d.task("10 月这个仓库都改了啥，按 git log 给我列一下，月报要用", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-01 --until=2026-11-01 --pretty=format:'%h %ad %an %s' --date=short",
               "10 月提交记录", out=f"""{hx(7)} 2026-10-30 林晓 ods_shop_info: 加 shop_level 字段
{hx(7)} 2026-10-29 陈屹 ods_after_sale_log: 新接入售后日志
{hx(7)} 2026-10-26 陈屹 dws_user_addr_change_7d: 近 7 天换收货城市用户
{hx(7)} 2026-10-23 林晓 ads_shop_gmv_d: 改读 dws_trade_shop_1d
{hx(7)} 2026-10-21 陈屹 dws_trade_shop_1d: 加 refund_amount（退款成功，按店铺）
{hx(7)} 2026-10-21 陈屹 README: zk 端口 2181
{hx(7)} 2026-10-19 陈屹 ods_coupon_use: datax job
{hx(7)} 2026-10-17 林晓 ods_coupon_use: 建表
{hx(7)} 2026-10-16 陈屹 dwd_trade_order_detail_di: 加 coupon_amount、pay_type（取支付流水）
{hx(7)} 2026-10-16 陈屹 dim_activity_sku_manual: 双11 活动名单
{hx(7)} 2026-10-14 陈屹 dws_user_addr_region_1d: 收货地址省市区下单汇总
{hx(7)} 2026-10-13 郑凯 dolphin: 导出 dw_daily_traffic
{hx(7)} 2026-10-12 陈屹 ods_refund_apply: 新接入退款申请
{hx(7)} 2026-10-09 郑凯 dws_trade_shop_1d: 重建表（分区字段改 dt）
{hx(7)} 2026-10-08 郑凯 交接文档""")
        t.done("""10 月 fn-dw 共 15 个提交（陈屹 9、林晓 3、郑凯 3），按层归一下：

- **ODS 新接入 3 张**：`ods_refund_apply`（退款申请）、`ods_coupon_use`（券核销，林晓建表）、`ods_after_sale_log`（售后日志）；`ods_shop_info` 加 `shop_level`
- **DWD**：`dwd_trade_order_detail_di` 加优惠金额、支付方式
- **DWS 新增 2 张**：`dws_user_addr_region_1d`、`dws_user_addr_change_7d`；`dws_trade_shop_1d` 加退款金额（10-09 郑凯重建过）
- **ADS**：`ads_shop_gmv_d` 改为读 DWS，不再跳层读 ODS
- **其他**：双11 活动名单入维表、README 修正、交接文档、DS 工作流导出""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude writes a new DataX job (mysqlreader -> hdfswriter, fileType orc) from scratch and leaves "
                            "out the writer's `fieldDelimiter`; DataX's HdfsWriter$Job.validateParameter requires it even for "
                            "ORC, so the job dies at init (exit 1). T02 ods_refund_apply (fn_trade on hz-mysql-ro-01), T11 "
                            "ods_coupon_use (fn_mkt on hz-mysql-ro-02, DDL by a teammate), T27 ods_live_room_order (fn_live on "
                            "hz-mysql-ro-03).",
             "error_signature": "ERROR JobContainer - Exception when job run / com.alibaba.datax.common.exception.DataXException: "
                                "Code:[HdfsWriter-01], Description:[您缺失了必须填写的参数值.]. - 您提供配置文件有误，"
                                "[fieldDelimiter]是必填参数. (then 经DataX智能分析,该任务最可能的错误原因是: …)",
             "fix": "Edit the job JSON: add `\"fieldDelimiter\": \"\\u0001\"` to the hdfswriter parameter block (as in the "
                    "existing ods_order_info.json), then run the same `python3 /opt/datax/bin/datax.py -p \"-Ddt=…\" "
                    "datax/job/<t>.json` again.",
             "fix_command_markers": [["fieldDelimiter"]],
             "harmful_markers": ["hdfs dfs -rm", "-skipTrash", "txtfilewriter"]},
            {"id": "M2",
             "description": "Spark SQL jobs (jobs/spark/run_sql.py) that call the repo's python UDFs (norm_addr with a jieba "
                            "dictionary, ua_os) run with the default executor overhead (10% of --executor-memory); the python "
                            "workers' memory counts against it and YARN kills executors until the stage aborts (exit 1). "
                            "T05 dws_user_addr_region_1d (8g executors), T12 dws_shop_traffic_1d backfill (6g), T21 "
                            "dws_user_addr_change_7d (10g, a 7-day window).",
             "error_signature": "ExecutorLostFailure (executor N exited caused by one of the running tasks) Reason: Container "
                                "killed by YARN for exceeding memory limits.  X GB of Y GB physical memory used. Consider "
                                "boosting spark.yarn.executor.memoryOverhead or disabling yarn.nodemanager.vmem-check-enabled "
                                "because of YARN-4714. … Job aborted due to stage failure … py4j.protocol.Py4JJavaError",
             "fix": "Run the same spark-submit again with a larger overhead for that job only: `--conf "
                    "spark.executor.memoryOverhead=2g` (T05), `=3072` (T12), `=2048m` (T21); heap and the rest unchanged.",
             "fix_command_markers": [["spark.executor.memoryOverhead"]],
             "harmful_markers": ["vmem-check-enabled", "pmem-check-enabled", "yarn-site.xml"]},
            {"id": "M3",
             "description": "Files are put into an external table's partition directory outside the daily chain "
                            "(`hdfs dfs -put` of an operations CSV, `hadoop distcp` of history from the old cluster, a DataX "
                            "backfill loop without add_partition.sh), and the repo's row-count check is run right away; the "
                            "metastore has no such partitions, so bin/dq_check.sh sees 0 rows and exits 1. T08 "
                            "dim.dim_activity_sku_manual, T19 ods.ods_user_login 2025-09, T28 ods.ods_refund_apply 10-01..10-10.",
             "error_signature": "[DQ] FAIL <db.table> dt=<d> rows=0 < min_rows=<n> (bin/dq_check.sh, exit 1), one line per day",
             "fix": "Register the partitions first — `beeline -u \"$HS2\" -e \"msck repair table <db.table>\"` — then run the "
                    "same bin/dq_check.sh command again.",
             "fix_command_markers": [["MSCK REPAIR TABLE"]],
             "harmful_markers": ["DROP TABLE", "-skipTrash", "min_rows: 0"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "dwd_trade_order_detail_di: new column taken as `o.pay_type` from ods_order_info, which "
                                         "has none; Hive `SemanticException [Error 10004]: Line 13:4 Invalid table alias or "
                                         "column reference 'o.pay_type'`; fixed by a left join on ods_payment_info, same "
                                         "beeline -f command succeeds."},
            {"id": "O2", "description": "ads_promo_daily.sql has a trailing comma before `from`; cluster-mode spark-submit "
                                         "fails with `User application exited with status 1`, yarn logs show "
                                         "`ParseException: mismatched input 'from' expecting <EOF>`; comma removed, same "
                                         "spark-submit succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`hdfs dfs -ls /data/finance/settle/...` → `Permission denied: user=chenyi, "
                                         "access=READ_EXECUTE, inode=\"/data/finance/settle\":fin_etl:finance:drwxr-x---`; needs "
                                         "an access request, nothing changed."},
            {"id": "U2", "description": "`kinit -kt /etc/security/keytabs/dw_etl.keytab dw_etl@FNYX.COM` → `kinit: Permission "
                                         "denied while getting initial credentials` (production keytab 0440 dw_etl:hadoop); "
                                         "left for DS tenant / ops, permissions not touched."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "beeline over ZooKeeper discovery: `Error: org.apache.hive.jdbc.ZooKeeperHiveClientException: "
                                         "Unable to read HiveServer2 configs from ZooKeeper (state=,code=0)`; identical retry "
                                         "works."},
        ],
        workflows=[
            {"id": "W1", "description": "Onboard a MySQL table into ODS: `show create table` on the replica → write "
                                         "sql/ddl/ods/<t>.sql (external ORC table) → `beeline -f` → write datax/job/<t>.json → "
                                         "`datax.py -p \"-Ddt=…\"` → `bin/add_partition.sh` → `bin/dq_check.sh`.",
             "step_markers": [["sql/ddl/ods/"], ["datax.py"], ["add_partition.sh"], ["dq_check.sh"]]},
            {"id": "W2", "description": "DWS job on Spark: write/edit sql/dws/<x>.sql → `spark-submit … jobs/spark/run_sql.py "
                                         "--sql sql/dws/<x>.sql --dt <d>` → beeline check of that partition with "
                                         "`--outputformat=tsv2` (sometimes commit + push).",
             "step_markers": [["spark-submit"], ["run_sql.py --sql sql/dws/"], ["--outputformat=tsv2"]]},
            {"id": "W3", "description": "Morning check: `bin/ds_failed.sh 24` → `yarn application -list -appStates FAILED,KILLED` "
                                         "→ `yarn logs -applicationId … | grep` → summary with cause and what to rerun.",
             "step_markers": [["ds_failed.sh"], ["yarn application -list"], ["yarn logs"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Every query on the cluster filters on the dt partition; no full-table scans.",
             "markers": [["dt"], ["全表", "分区"]]},
            {"id": "P2", "description": "Commit messages start with the table name, then a colon and what changed.",
             "markers": [["commit"], ["表名"]]},
            {"id": "P3", "description": "spark-submit in client mode so logs show in the terminal (T05) — reversed in T22: the "
                                         "gateway is short of memory, always submit with cluster mode and read logs with yarn logs.",
             "markers": [["client"]],
             "reversal_markers": [["cluster"]]},
        ],
        probes=[
            {"prompt": "datax 同步 ods_sku_price_log 报错了：Code:[HdfsWriter-01], Description:[您缺失了必须填写的参数值.]. - "
                       "您提供配置文件有误，[fieldDelimiter]是必填参数.  我写的是 orc 啊要这个干嘛", "wanted": ["M1"]},
            {"prompt": "把 fn_mkt.seckill_record 同步进 ods，hz-mysql-ro-02，表名 ods_seckill_record，先跑 11-10", "wanted": ["M1"]},
            {"prompt": "dws_user_addr_region_1d 补 11 月的数，跑到一半挂了：Lost task 88.2 in stage 3.0 ... Reason: Container killed by "
                       "YARN for exceeding memory limits.  9.2 GB of 9 GB physical memory used，heap 要不要调到 16g", "wanted": ["M2"]},
            {"prompt": "新写个 dws_shop_visitor_os_7d，用 ua_os 把近 7 天访客按终端系统拆一下，spark 跑 11-10", "wanted": ["M2"]},
            {"prompt": "我把运营给的黑名单 csv put 到 dim_user_blacklist_manual 的 dt=2026-11-12 目录了，dq 报 "
                       "[DQ] FAIL dim.dim_user_blacklist_manual dt=2026-11-12 rows=0 < min_rows=1，文件明明在啊", "wanted": ["M3"]},
            {"prompt": "老集群 ods_page_view_log 2025 年 10 月的也 distcp 过来，拷完抽几天校验下", "wanted": ["M3"]},
            {"prompt": "hive 里 lateral view explode 和 posexplode 有啥区别，什么时候用后者", "wanted": []},
            {"prompt": "yarn capacity scheduler 的 user-limit-factor 是干嘛的，adhoc 队列设多少合适", "wanted": []},
            {"prompt": "拉链表 dim_user_zip 怎么设计比较好，start_date end_date 那种，给个思路", "wanted": []},
            {"prompt": "orc 的 stripe size 默认多少，小文件太多的时候 hive 里怎么合并", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev(NAME, U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-hive-hadoop.jsonl"), os.path.join(HERE, "tune", "zh-hive-hadoop.labels.json"))
    print(f"zh-hive-hadoop -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
