"""zh-tidb-ops: 何晓峰 (He Xiaofeng), database operations engineer at 蓉学在线 (Rongxue Online, an online-education
company in Chengdu).

Stack: TiDB 7.5 clusters managed with TiUP from the control machine ops-ctl01 (`tiup cluster display / scale-out /
reload`, topology yaml files in the repo), `tiup br` backups to an S3-compatible MinIO, Dumpling / TiDB Lightning,
DM (Data Migration) from the business MySQL instances into TiDB, Prometheus / Grafana / Alertmanager, the mysql client
against TiDB, ansible for host preparation, slow-query analysis. Prompts and replies in Chinese, tool output as printed.
cwd /home/hexf/dba-ops.

Written blind for fresh/; measured once held out (round 34), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_tidb_ops.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "hexf"
R = "/home/hexf/dba-ops"
MODEL = "claude-opus-4-6"
GIT = "https://git.rongxue.local/dba/dba-ops.git"
DMADDR = "10.16.2.11:8261"
MINIO = "http://10.16.8.21:9000"
PD_PROD = "10.16.1.11:2379"
PD_TEST = "10.16.5.11:2379"

SIG1 = "port conflict for '"
SIG2 = "lookup s3.amazonaws.com on 10.16.0.2:53: no such host"
SIG3 = "global (*.*) privilege; "

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


MYSQL_WARN = "mysql: [Warning] Using a password on the command line interface can be insecure."


def ro(sql, host="10.16.1.21", db=""):
    dbs = f" {db}" if db else ""
    return f'mysql -h {host} -P 4000 -u ro_dba -p"$TIDB_RO_PWD"{dbs} -t -e "{sql}"'


def table(cols, rows):
    w = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(str(c)) for i, c in enumerate(cols)]
    sep = "+" + "+".join("-" * (x + 2) for x in w) + "+"
    out = [sep, "| " + " | ".join(str(c).ljust(w[i]) for i, c in enumerate(cols)) + " |", sep]
    for r in rows:
        out.append("| " + " | ".join(str(v).ljust(w[i]) for i, v in enumerate(r)) + " |")
    out.append(sep)
    return "\n".join(out)


def tiup_err(log_ts):
    return (f"\nVerbose debug logs has been written to /home/hexf/.tiup/logs/tiup-cluster-debug-{log_ts}.log.")


def port_conflict(port, lhs, rhs, log_ts):
    return f"Error: {SIG1}{port}' between '{lhs}' and '{rhs}'\n" + tiup_err(log_ts)


# ---------------------------------------------------------------- cluster state (for display)
PROD_BASE = [
    ("10.16.9.11:9093", "alertmanager", "10.16.9.11", "9093/9094", "Up", "/tidb-data/alertmanager-9093", "/tidb-deploy/alertmanager-9093"),
    ("10.16.9.11:3000", "grafana", "10.16.9.11", "3000", "Up", "-", "/tidb-deploy/grafana-3000"),
    ("10.16.1.11:2379", "pd", "10.16.1.11", "2379/2380", "Up|L|UI", "/tidb-data/pd-2379", "/tidb-deploy/pd-2379"),
    ("10.16.1.12:2379", "pd", "10.16.1.12", "2379/2380", "Up", "/tidb-data/pd-2379", "/tidb-deploy/pd-2379"),
    ("10.16.1.13:2379", "pd", "10.16.1.13", "2379/2380", "Up", "/tidb-data/pd-2379", "/tidb-deploy/pd-2379"),
    ("10.16.9.11:9090", "prometheus", "10.16.9.11", "9090/12020", "Up", "/tidb-data/prometheus-9090", "/tidb-deploy/prometheus-9090"),
    ("10.16.1.21:4000", "tidb", "10.16.1.21", "4000/10080", "Up", "-", "/tidb-deploy/tidb-4000"),
    ("10.16.1.22:4000", "tidb", "10.16.1.22", "4000/10080", "Up", "-", "/tidb-deploy/tidb-4000"),
    ("10.16.1.23:4000", "tidb", "10.16.1.23", "4000/10080", "Up", "-", "/tidb-deploy/tidb-4000"),
    ("10.16.1.31:20160", "tikv", "10.16.1.31", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
    ("10.16.1.32:20160", "tikv", "10.16.1.32", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
    ("10.16.1.33:20160", "tikv", "10.16.1.33", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
    ("10.16.1.34:20160", "tikv", "10.16.1.34", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
]
PROD_NEW = [
    ("10.16.1.34:20161", "tikv", "10.16.1.34", "20161/20181", "Up", "/data2/tidb-data/tikv-20161", "/tidb-deploy/tikv-20161"),
    ("10.16.1.35:20160", "tikv", "10.16.1.35", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
]
TEST_BASE = [
    ("10.16.5.11:3000", "grafana", "10.16.5.11", "3000", "Up", "-", "/tidb-deploy/grafana-3000"),
    ("10.16.5.11:2379", "pd", "10.16.5.11", "2379/2380", "Up|L|UI", "/tidb-data/pd-2379", "/tidb-deploy/pd-2379"),
    ("10.16.5.11:9090", "prometheus", "10.16.5.11", "9090/12020", "Up", "/tidb-data/prometheus-9090", "/tidb-deploy/prometheus-9090"),
    ("10.16.5.11:4000", "tidb", "10.16.5.11", "4000/10080", "Up", "-", "/tidb-deploy/tidb-4000"),
    ("10.16.5.12:20160", "tikv", "10.16.5.12", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
    ("10.16.5.13:20160", "tikv", "10.16.5.13", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
    ("10.16.5.14:20160", "tikv", "10.16.5.14", "20160/20180", "Up", "/tidb-data/tikv-20160", "/tidb-deploy/tikv-20160"),
]
TEST_TIDB2 = ("10.16.5.11:4001", "tidb", "10.16.5.11", "4001/10081", "Up", "-", "/tidb-deploy/tidb-4001")
TEST_TIKV2 = ("10.16.5.12:20161", "tikv", "10.16.5.12", "20161/20181", "Up", "/data2/tidb-data/tikv-20161", "/tidb-deploy/tikv-20161")

ORDER = {"alertmanager": 0, "grafana": 1, "pd": 2, "prometheus": 3, "tidb": 4, "tikv": 5}


def display(name, version, nodes, dash, graf):
    nodes = sorted(nodes, key=lambda n: (ORDER[n[1]], n[0]))
    cols = ["ID", "Role", "Host", "Ports", "OS/Arch", "Status", "Data Dir", "Deploy Dir"]
    rows = [(n[0], n[1], n[2], n[3], "linux/x86_64", n[4], n[5], n[6]) for n in nodes]
    w = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
    fmt = lambda r: "  ".join(str(v).ljust(w[i]) for i, v in enumerate(r)).rstrip()  # noqa: E731
    out = [f"Cluster type:       tidb", f"Cluster name:       {name}", f"Cluster version:    {version}",
           "Deploy user:        tidb", "SSH type:           builtin", f"Dashboard URL:      {dash}",
           f"Grafana URL:        {graf}", fmt(cols), fmt(["-" * len(c) if i else "--" for i, c in enumerate(cols)])]
    out[-1] = fmt(["--", "----", "----", "-----", "-------", "------", "--------", "----------"])
    out += [fmt(r) for r in rows]
    out.append(f"Total nodes: {len(rows)}")
    return "\n".join(out)


def scale_out_ok(cluster, version, items, keyname):
    """items: (role, host, ports, dirs, instance_id)"""
    hosts = sorted({i[1] for i in items})
    roles = sorted({i[0] for i in items})
    w = [max(4, *(len(i[0]) for i in items)), max(4, *(len(i[1]) for i in items)), max(5, *(len(i[2]) for i in items)), 12]
    fm = lambda a: "  ".join(str(v).ljust(w[k]) for k, v in enumerate(a[:4])) + "  " + a[4]  # noqa: E731
    out = ["+ Detect CPU Arch Name"] + [f"  - Detecting node {h} Arch info ... Done" for h in hosts]
    out += ["", "+ Detect CPU OS Name"] + [f"  - Detecting node {h} OS info ... Done" for h in hosts]
    out += ["Please confirm your topology:", "Cluster type:    tidb", f"Cluster name:    {cluster}",
            f"Cluster version: {version}", fm(["Role", "Host", "Ports", "OS/Arch", "Directories"]).rstrip(),
            fm(["----", "----", "-----", "-------", "-----------"]).rstrip()]
    out += [fm([i[0], i[1], i[2], "linux/x86_64", i[3]]) for i in items]
    out += ["Attention:", "    1. If the topology is not what you expected, check your yaml file.",
            "    2. Please confirm there is no port/directory conflicts in same host.",
            f"+ [ Serial ] - SSHKeySet: privateKey=/home/hexf/.tiup/storage/cluster/clusters/{cluster}/ssh/id_rsa, "
            f"publicKey=/home/hexf/.tiup/storage/cluster/clusters/{cluster}/ssh/id_rsa.pub"]
    out += [f"+ [Parallel] - UserSSH: user=tidb, host={h}" for h in hosts]
    out += ["+ Download TiDB components"] + [f"  - Download {r}:{version} (linux/amd64) ... Done" for r in roles]
    out += ["+ Initialize target host environments", "+ Deploy TiDB instance"]
    out += [f"  - Deploy instance {i[0]} -> {i[4]} ... Done" for i in items]
    out += ["+ Copy certificate to remote host", "+ Generate scale-out config"]
    out += [f"  - Generate scale-out config {i[0]} -> {i[4]} ... Done" for i in items]
    out += ["+ Init monitor config", "+ Check status", f"Enabling component {roles[0]}"]
    out += [f"\tEnabling instance {i[4]}" for i in items] + [f"\tEnable instance {i[4]} success" for i in items]
    out += ["Enabling component node_exporter"] + [f"\tEnabling instance {h}" for h in hosts] + \
           [f"\tEnable {h} success" for h in hosts]
    out += ["+ [ Serial ] - Save meta", "+ [ Serial ] - Start new instances", f"Starting component {roles[0]}"]
    out += [f"\tStarting instance {i[4]}" for i in items] + [f"\tStart instance {i[4]} success" for i in items]
    out += ["Starting component node_exporter"] + [f"\tStarting instance {h}" for h in hosts] + \
           [f"\tStart {h} success" for h in hosts]
    out += ["+ Refresh components conifgs"]
    out += ["+ Reload prometheus and grafana",
            f"\tReload prometheus {'10.16.9.11' if cluster == 'edu-prod' else '10.16.5.11'}:9090 success",
            f"\tReload grafana {'10.16.9.11' if cluster == 'edu-prod' else '10.16.5.11'}:3000 success",
            f"+ [ Serial ] - UpdateTopology: cluster={cluster}", f"Scaled cluster `{cluster}` out successfully"]
    return "\n".join(out)


def br_log(ts):
    return f"Detail BR log in /tmp/br.log.{ts}"


def br_fail(ts, method, path, ts2):
    return (f"{br_log(ts)}\n"
            f"[{ts2}] [ERROR] [backup.go:52] [\"failed to backup\"] [error=\"RequestError: send request failed\\ncaused by: "
            f"{method} \\\"https://s3.amazonaws.com/{path}\\\": dial tcp: {SIG2}\"]\n"
            f"Error: RequestError: send request failed\ncaused by: {method} \"https://s3.amazonaws.com/{path}\": "
            f"dial tcp: {SIG2}")


def dm_wrap(tmp):
    return (f"Error: run `/home/hexf/.tiup/components/dmctl/v7.5.3/dmctl/dmctl` "
            f"(wd:/home/hexf/.tiup/data/{tmp}) failed: exit status 1")


def dm_priv_fail(results, total, addr, tmp):
    body = []
    for k, (rid, name, desc, err) in enumerate(results):
        body.append(f"""            {{
                "id": {rid},
                "name": "{name}",
                "desc": "{desc}",
                "state": "fail",
                "errors": [
                    {{
                        "severity": "fail",
                        "short_error": "{err}"
                    }}
                ],
                "instruction": "Please grant the required privileges to the account.",
                "extra": "address of db instance - {addr}"
            }}{"," if k < len(results) - 1 else ""}""")
    n = len(results)
    return ("{\n    \"result\": false,\n    \"msg\": \"[code=26005:class=dm-master:scope=internal:level=medium], Message: "
            "fail to check synchronization configuration with type: check was failed, please see detail\n"
            "\tdetail: {\n        \"results\": [\n" + "\n".join(body) + f"""
        ],
        "summary": {{
            "passed": false,
            "total": {total},
            "successful": {total - n},
            "failed": {n},
            "warning": 0
        }}
    }}"
}}
{dm_wrap(tmp)}""")


DM_CHECK_OK = """{
    "result": true,
    "msg": "pre-check is passed. "
}"""


def dm_start_ok(source, worker):
    return f"""{{
    "result": true,
    "msg": "",
    "sources": [
        {{
            "result": true,
            "msg": "",
            "source": "{source}",
            "worker": "{worker}"
        }}
    ],
    "checkResult": "pre-check is passed. "
}}"""


def dm_source_ok(source, worker):
    return f"""{{
    "result": true,
    "msg": "",
    "sources": [
        {{
            "result": true,
            "msg": "",
            "source": "{source}",
            "worker": "{worker}"
        }}
    ]
}}"""


def dm_status(task, source, worker, unit, extra):
    return f"""{{
    "result": true,
    "msg": "",
    "sources": [
        {{
            "result": true,
            "msg": "",
            "sourceStatus": {{
                "source": "{source}",
                "worker": "{worker}",
                "result": null,
                "relayStatus": null
            }},
            "subTaskStatus": [
                {{
                    "name": "{task}",
                    "stage": "Running",
                    "unit": "{unit}",
                    "result": null,
                    "unresolvedDDLLockID": "",
{extra}
                }}
            ]
        }}
    ]
}}"""


def commit_out(msg, nfiles, ins, dels=0):
    d = f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""
    return (f"[main {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+){d}")


def push_out(old, new, n=6, kib=2.1):
    return (f"Enumerating objects: {n + 3}, done.\nCounting objects: 100% ({n + 3}/{n + 3}), done.\n"
            f"Delta compression using up to 8 threads\nCompressing objects: 100% ({n}/{n}), done.\n"
            f"Writing objects: 100% ({n}/{n}), {kib:.2f} KiB | {kib:.2f} MiB/s, done.\n"
            f"Total {n} (delta {n - 3}), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n   {old}..{new}  main -> main")


def ddl_jobs(rows):
    cols = ["JOB_ID", "DB_NAME", "TABLE_NAME", "JOB_TYPE", "SCHEMA_STATE", "SCHEMA_ID", "TABLE_ID", "ROW_COUNT",
            "CREATE_TIME", "START_TIME", "END_TIME", "STATE"]
    return table(cols, rows)


# ---------------------------------------------------------------- virtual files
README = P("README.md")
INV = P("ansible/inventory.ini")
PREP = P("ansible/prep-tidb-host.yml")
RULES = P("alert/tidb-custom.rules.yml")
BR_NIGHTLY = P("scripts/br-nightly.sh")
DM_LIVE_SRC = P("dm/sources/mysql-course.yaml")
DM_LIVE_TASK = P("dm/tasks/course-to-prod.yaml")
TOPO_PROD = P("topology/edu-prod.yaml")

README_TXT = """# dba-ops

蓉学在线 DBA 组运维仓库：TiDB 集群拓扑、备份脚本、DM 同步配置、告警规则、主机初始化 playbook、慢查询/巡检记录。
中控机 `ops-ctl01`（10.16.0.10，用户 hexf，TiUP 1.16 装在 ~/.tiup），所有 tiup / dmctl / br 命令都在中控机上跑。

## 集群

| 集群 | 版本 | 用途 | PD | TiDB 入口 |
|---|---|---|---|---|
| edu-prod | v7.5.3 | 生产（课程、订单、直播、学习记录） | 10.16.1.11-13:2379 | 10.16.1.21-23:4000（前面是 HAProxy 10.16.1.20:3390） |
| edu-test | v7.5.3 | 测试 / 压测 / 恢复演练 | 10.16.5.11:2379 | 10.16.5.11:4000 |

DM 集群 `dm-edu`（v7.5.3）：master 10.16.2.11:8261，worker 10.16.2.21-23。上游是各业务线的 MySQL 8.0（10.16.3.x）。

## 账号

- `ro_dba`：只读，日常查询 / 慢查询分析用
- `dba_ddl`：DDL 变更专用
- DM 连上游 MySQL 用 `dm_sync`（每个源库单独建），连下游 TiDB 用 `dm_writer`
- 密码在中控机环境变量里（`~/.dba_env`，已在 .bashrc 里 source）：`TIDB_RO_PWD`、`TIDB_DDL_PWD`、`MYSQL_DBA_PWD`、`GRAFANA_TOKEN`

## 备份

- BR 备份到机房 MinIO（S3 兼容）：`http://10.16.8.21:9000`，bucket `tidb-br`，mc alias `edu-minio`
- 每晚 02:30 crontab 跑 `scripts/br-nightly.sh`（全量，保留 14 天）
- AK/SK 在环境变量 `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`

## 目录

```
topology/     tiup 拓扑（edu-prod.yaml / edu-test.yaml 是当前全量拓扑的导出，scale-out-*.yaml 是每次扩容用的）
ansible/      新机器初始化（内核参数、THP、swap、ulimit、numactl、tidb 用户）
dm/           sources/*.yaml 上游数据源，tasks/*.yaml 同步任务
ddl/          上线的 DDL，一次一个 sql 文件
alert/        自定义告警规则（tiup 部署的 prometheus 额外加载）
slowlog/      慢查询分析记录
inspection/   巡检记录
scripts/      br-nightly.sh 等
dashboards/   Grafana 看板 json
```
"""

INV_TXT = """[tidb_hosts:children]
pd
tidb
tikv
monitor

[pd]
10.16.1.11
10.16.1.12
10.16.1.13

[tidb]
10.16.1.21
10.16.1.22
10.16.1.23

[tikv]
10.16.1.31
10.16.1.32
10.16.1.33
10.16.1.34

[tikv_new]
10.16.1.35

[monitor]
10.16.9.11

[all:vars]
ansible_user=hexf
ansible_become=true
"""

PREP_TXT = """- name: prepare tidb hosts
  hosts: all
  become: true
  vars:
    data_disks: ["/tidb-data"]
  tasks:
    - name: disable swap
      command: swapoff -a
      changed_when: false

    - name: kernel parameters
      sysctl:
        name: "{{ item.name }}"
        value: "{{ item.value }}"
        sysctl_file: /etc/sysctl.d/90-tidb.conf
        reload: true
      loop:
        - { name: fs.file-max, value: "1000000" }
        - { name: net.core.somaxconn, value: "32768" }
        - { name: net.ipv4.tcp_syncookies, value: "0" }
        - { name: vm.swapiness, value: "0" }
        - { name: vm.overcommit_memory, value: "1" }

    - name: disable THP
      shell: |
        echo never > /sys/kernel/mm/transparent_hugepage/enabled
        echo never > /sys/kernel/mm/transparent_hugepage/defrag
      changed_when: false

    - name: limits for tidb user
      copy:
        dest: /etc/security/limits.d/tidb.conf
        content: |
          tidb soft nofile 1000000
          tidb hard nofile 1000000
          tidb soft stack 32768
          tidb hard stack 32768

    - name: packages
      yum:
        name: [numactl, sysstat, chrony, irqbalance]
        state: present

    - name: tidb user
      user:
        name: tidb
        shell: /bin/bash
        create_home: true
"""

RULES_TXT = """groups:
  - name: tidb-custom
    rules:
      - alert: TiDBSlowQueryBurst
        expr: sum(rate(tidb_server_slow_query_process_duration_seconds_count[5m])) by (instance) > 5
        for: 5m
        labels:
          severity: warning
        annotations:
          summary: "{{ $labels.instance }} 慢查询 > 5/s"

      - alert: TiKVStoreDown
        expr: sum(pd_cluster_status{type="store_down_count"}) by (instance) > 0
        for: 1m
        labels:
          severity: critical
        annotations:
          summary: "有 TiKV store down"

      - alert: TiDBConnectionHigh
        expr: sum(tidb_server_connections) by (instance) > 1500
        for: 3m
        labels:
          severity: warning
        annotations:
          summary: "{{ $labels.instance }} 连接数 {{ $value }}"
"""

BR_NIGHTLY_TXT = """#!/usr/bin/env bash
# 每晚 02:30 crontab：edu-prod 全量备份到 MinIO，保留 14 天
set -euo pipefail
source ~/.dba_env
D=$(date +%Y%m%d)
tiup br backup full \\
  --pd 10.16.1.11:2379 \\
  --storage "s3://tidb-br/edu-prod/full/${D}" \\
  --s3.endpoint http://10.16.8.21:9000 \\
  --ratelimit 128 \\
  --log-file /var/log/br/backup-${D}.log
mc rm --recursive --force --older-than 14d edu-minio/tidb-br/edu-prod/full/ >/dev/null
"""

DM_SRC_TXT = """source-id: "mysql-course"
enable-gtid: true
from:
  host: "10.16.3.11"
  port: 3306
  user: "dm_sync"
  password: "ENC(7d2c3a0f9b1e...)"
"""

DM_TASK_TXT = """name: "course-to-prod"
task-mode: all
target-database:
  host: "10.16.1.20"
  port: 3390
  user: "dm_writer"
  password: "ENC(1c8e55ab02f4...)"
mysql-instances:
  - source-id: "mysql-course"
    block-allow-list: "course-bal"
    mydumper-thread: 4
    loader-thread: 16
    syncer-thread: 16
block-allow-list:
  course-bal:
    do-dbs: ["edu_course"]
"""

TOPO_PROD_TXT = """global:
  user: tidb
  ssh_port: 22
  deploy_dir: /tidb-deploy
  data_dir: /tidb-data
  arch: amd64
server_configs:
  pd:
    replication.location-labels: ["host"]
  tikv:
    storage.block-cache.capacity: "48GB"
pd_servers:
  - host: 10.16.1.11
  - host: 10.16.1.12
  - host: 10.16.1.13
tidb_servers:
  - host: 10.16.1.21
  - host: 10.16.1.22
  - host: 10.16.1.23
tikv_servers:
  - host: 10.16.1.31
    config:
      server.labels: { host: "tikv31" }
  - host: 10.16.1.32
    config:
      server.labels: { host: "tikv32" }
  - host: 10.16.1.33
    config:
      server.labels: { host: "tikv33" }
  - host: 10.16.1.34
    config:
      server.labels: { host: "tikv34" }
monitoring_servers:
  - host: 10.16.9.11
grafana_servers:
  - host: 10.16.9.11
alertmanager_servers:
  - host: 10.16.9.11
"""

FILES = {
    README: README_TXT,
    INV: INV_TXT,
    PREP: PREP_TXT,
    RULES: RULES_TXT,
    BR_NIGHTLY: BR_NIGHTLY_TXT,
    DM_LIVE_SRC: DM_SRC_TXT,
    DM_LIVE_TASK: DM_TASK_TXT,
    TOPO_PROD: TOPO_PROD_TXT,
}


# ================================================================= session 1
def s1(d):
    with d.session("2026-10-12T01:35:00", R, version="2.1.200"):
        # T01 tour
        t = d.task("dba-ops 这个仓库我上周刚整理过，你先熟悉下目录结构，说说每块是干嘛的，后面活都在这里干", tags=["noise"])
        t.glob("**/*", [P(x) for x in ["README.md", "alert/tidb-custom.rules.yml", "ansible/inventory.ini",
                                        "ansible/prep-tidb-host.yml", "dashboards/tidb-overview.json",
                                        "dm/sources/mysql-course.yaml", "dm/tasks/course-to-prod.yaml",
                                        "scripts/br-nightly.sh", "topology/edu-prod.yaml", "topology/edu-test.yaml"]],
               path=R)
        t.read(README)
        t.read(TOPO_PROD)
        t.read(BR_NIGHTLY)
        t.done("""看完了，整理一下：

- **topology/**：`edu-prod.yaml` 是生产全量拓扑（3 PD / 3 TiDB / 4 TiKV，TiKV 打了 `host` label，PD 配了 `location-labels: ["host"]`），`edu-test.yaml` 是测试集群；以后每次扩容单独写 `scale-out-*.yaml`
- **ansible/**：`prep-tidb-host.yml` 做新机器初始化（swap、sysctl、THP、limits、numactl、tidb 用户），inventory 里 `tikv_new` 组是待上线机器
- **dm/**：`dm-edu` 集群的上游源（`sources/`）和同步任务（`tasks/`），目前只有课程库 `mysql-course` → edu-prod
- **scripts/br-nightly.sh**：每晚 02:30 的 BR 全量备份，写 MinIO `s3://tidb-br/edu-prod/full/<日期>`，保留 14 天
- **alert/**：tiup 部署的 Prometheus 额外加载的自定义规则（慢查询突增、store down、连接数）
- **ddl/、slowlog/、inspection/**：变更 SQL、慢查询分析、巡检记录（目前还是空的）

账号上：日常查询用 `ro_dba`，DDL 用 `dba_ddl`，DM 上游用各源库的 `dm_sync`。密码都在 `~/.dba_env` 的环境变量里。""")

        # T02 W1#1 slow query + P1#1
        t = d.task("研发说课程列表接口昨晚 8 点到 10 点很慢，看下 edu-prod 那段时间的慢查询 top 10，找出最慢那个分析下执行计划。"
                   "查的时候用 ro_dba 账号，别拿 root 连生产", tags=["workflow:W1", "pref:P1", "long_output"])
        q = ("SELECT Digest, COUNT(*) AS cnt, ROUND(AVG(Query_time),3) AS avg_s, ROUND(MAX(Query_time),3) AS max_s, "
             "SUM(Process_keys) AS proc_keys, LEFT(ANY_VALUE(Query),70) AS sample FROM INFORMATION_SCHEMA.CLUSTER_SLOW_QUERY "
             "WHERE Time BETWEEN '2026-10-11 20:00:00' AND '2026-10-11 22:00:00' AND Is_internal = 0 "
             "GROUP BY Digest ORDER BY SUM(Query_time) DESC LIMIT 10")
        rows = [
            ("3f9a1c0e…b21d", 4127, 1.842, 6.913, 2193847210, "SELECT c.id, c.title, c.cover_url, c.teacher_id, c.price, c.sale_cnt F"),
            ("8e02d7aa…41c9", 1903, 0.912, 3.207, 402918331, "SELECT COUNT(*) FROM lesson_progress WHERE user_id = 88217304 AND co"),
            ("c41b6f3d…09e2", 622, 1.206, 2.980, 188201993, "SELECT * FROM order_item WHERE order_id IN (SELECT id FROM orders WH"),
            ("5d7e0b91…a3f0", 1188, 0.521, 1.744, 51203391, "SELECT id, status FROM live_room WHERE start_time >= '2026-10-11 19"),
            ("a0c3e58f…7d12", 341, 1.377, 4.118, 90311822, "UPDATE user_coupon SET status = 2, used_at = NOW() WHERE user_id = 5"),
            ("17bd4e20…c8a6", 205, 1.902, 5.334, 71829103, "SELECT teacher_id, SUM(amount) FROM settle_detail WHERE settle_month"),
            ("e6f1a9d2…30bb", 874, 0.388, 0.911, 12039418, "SELECT * FROM course_tag_rel WHERE tag_id IN (12, 37, 52, 61, 88, 10"),
            ("2b98c7f4…e5a1", 96, 2.731, 7.002, 301293018, "SELECT u.id, u.nickname, p.progress FROM user u JOIN lesson_progress"),
            ("9fd0e3b6…1c47", 417, 0.503, 1.212, 8123004, "SELECT id FROM homework_submit WHERE class_id = 20931 AND submit_at"),
            ("71c5a2e8…d9f3", 150, 0.866, 2.019, 22910344, "INSERT INTO learn_log (user_id, lesson_id, event, ts) VALUES (7129, "),
        ]
        t.bash(ro(q), "查 edu-prod 昨晚 20-22 点慢查询 top 10（ro_dba）",
               out=table(["Digest", "cnt", "avg_s", "max_s", "proc_keys", "sample"], rows), err=MYSQL_WARN)
        t.bash(ro("SELECT Query FROM INFORMATION_SCHEMA.CLUSTER_SLOW_QUERY WHERE Digest LIKE '3f9a1c0e%' "
                  "AND Time BETWEEN '2026-10-11 20:00:00' AND '2026-10-11 22:00:00' ORDER BY Query_time DESC LIMIT 1\\G").replace(" -t -e", " -e"),
               "取最慢那条的完整 SQL", out="""*************************** 1. row ***************************
Query: SELECT c.id, c.title, c.cover_url, c.teacher_id, c.price, c.sale_cnt FROM course c WHERE c.category_id = 14 AND c.status = 1 AND c.is_deleted = 0 ORDER BY c.sale_cnt DESC LIMIT 20 OFFSET 380;""",
               err=MYSQL_WARN)
        t.bash(ro("EXPLAIN ANALYZE SELECT c.id, c.title, c.cover_url, c.teacher_id, c.price, c.sale_cnt FROM course c "
                  "WHERE c.category_id = 14 AND c.status = 1 AND c.is_deleted = 0 ORDER BY c.sale_cnt DESC LIMIT 20 OFFSET 380",
                  db="edu_course"), "EXPLAIN ANALYZE 最慢的课程列表 SQL", out=table(
            ["id", "estRows", "actRows", "task", "access object", "execution info", "operator info", "memory", "disk"], [
                ("TopN_9", "400.00", "400", "root", "", "time:1.71s, loops:2", "edu_course.course.sale_cnt:desc, offset:380, count:20", "61.2 KB", "N/A"),
                ("└─TableReader_21", "400.00", "1638", "root", "", "time:1.70s, loops:3, cop_task: {num: 212, max: 391.2ms, avg: 98.4ms}", "data:TopN_20", "204.1 KB", "N/A"),
                ("  └─TopN_20", "400.00", "1638", "cop[tikv]", "", "tikv_task:{proc max:388ms, p80:142ms, loops:1210}", "edu_course.course.sale_cnt:desc, offset:0, count:400", "N/A", "N/A"),
                ("    └─Selection_19", "5123.40", "48211", "cop[tikv]", "", "tikv_task:{proc max:371ms, loops:1210}", "eq(edu_course.course.category_id, 14), eq(edu_course.course.is_deleted, 0), eq(edu_course.course.status, 1)", "N/A", "N/A"),
                ("      └─TableFullScan_18", "2187320.00", "2187320", "cop[tikv]", "table:c", "tikv_task:{proc max:352ms, loops:1210}, scan_detail: {total_process_keys: 2187320}", "keep order:false", "N/A", "N/A"),
            ]), err=MYSQL_WARN)
        t.bash(ro("SHOW INDEX FROM course", db="edu_course"), "看 course 表现有索引", out=table(
            ["Table", "Non_unique", "Key_name", "Seq_in_index", "Column_name", "Collation", "Cardinality", "Index_type", "Visible", "Clustered"], [
                ("course", 0, "PRIMARY", 1, "id", "A", 0, "BTREE", "YES", "YES"),
                ("course", 1, "idx_teacher", 1, "teacher_id", "A", 0, "BTREE", "YES", "NO"),
                ("course", 1, "idx_updated_at", 1, "updated_at", "A", 0, "BTREE", "YES", "NO"),
            ]), err=MYSQL_WARN)
        t.write(P("slowlog/2026-10-12-course-list.md"), """# 2026-10-11 20:00-22:00 课程列表慢查询

- 集群：edu-prod，来源 `INFORMATION_SCHEMA.CLUSTER_SLOW_QUERY`（ro_dba）
- Top1 digest `3f9a1c0e…b21d`：4127 次，平均 1.84s，最大 6.91s，总扫描 21.9 亿 key

## SQL

```sql
SELECT c.id, c.title, c.cover_url, c.teacher_id, c.price, c.sale_cnt FROM course c
WHERE c.category_id = 14 AND c.status = 1 AND c.is_deleted = 0
ORDER BY c.sale_cnt DESC LIMIT 20 OFFSET 380;
```

## 执行计划

`TableFullScan` 全表 218 万行 → Selection 后 4.8 万 → TopN。`course` 上没有 `category_id` 相关索引。

## 建议

1. 加索引 `idx_cat_status_sale (category_id, status, is_deleted, sale_cnt)`，TopN 可以下推到索引有序读
2. 深分页（OFFSET 380）让研发改成按 `sale_cnt, id` 游标翻页
""")
        t.done("""用 `ro_dba` 查的，昨晚 20-22 点 top 10 里第一名占了大头：

- **digest 3f9a1c0e…**：课程列表，4127 次，平均 1.84s，最大 6.9s
- SQL：`WHERE category_id = 14 AND status = 1 AND is_deleted = 0 ORDER BY sale_cnt DESC LIMIT 20 OFFSET 380`
- 计划：`TableFullScan` 扫全表 218 万行，过滤后剩 4.8 万再 TopN；`course` 只有 `idx_teacher`、`idx_updated_at`，没有 category 相关索引

建议：
1. 加 `(category_id, status, is_deleted, sale_cnt)` 联合索引，排序能走索引有序读，预计扫描降到几百行
2. OFFSET 380 是深分页，让研发改游标分页

第 2 名 `lesson_progress` 的 COUNT（1903 次，均值 0.9s）也值得看，要的话下一个看它。记录写在 `slowlog/2026-10-12-course-list.md`。""")

        # T03 no tools
        t = d.task("tidb_gc_life_time 现在是默认 10m，研发想调到 24h 方便误删了用 flashback 捞数据，有啥副作用", tags=["no_tools"])
        t.done("""主要副作用：

1. **MVCC 版本堆积**：24 小时内所有旧版本都不回收。我们 `learn_log`、`lesson_progress` 这种高频 UPDATE/INSERT 的表，旧版本会多很多，TiKV 磁盘和 compaction 压力上升
2. **读变慢**：扫描要跳过更多历史版本，`Total_keys` 远大于 `Process_keys`，范围查询、`COUNT(*)` 这类会明显变慢
3. **GC 恢复后一次性回收量大**：改回去之后第一轮 GC 要清 24 小时的量，会有一波 IO

替代方案：
- 误删恢复靠 BR 每晚全量 + 需要的话开 **PITR（log backup）**，恢复粒度到秒，不用拉长 GC
- 真要 flashback，`FLASHBACK TABLE`/`FLASHBACK CLUSTER` 都受 GC safe point 限制，可以折中调到 `2h`～`6h`
- 大的 Dumpling 导出 / BR 备份期间工具自己会注册 service safe point，不需要手动调 GC

结论：不建议 24h，最多 6h，同时把 PITR 提上日程。""")

        # T04 M2#1
        t = d.task("edu-prod 手动做一次全量备份到 minio，今晚研发要跑大批量的 course 数据订正，先留个底。路径按日期放 manual 目录下",
                   tags=["mistake:M2"])
        cmd = ('tiup br backup full --pd 10.16.1.11:2379 --storage "s3://tidb-br/edu-prod/manual/20261012" '
               '--ratelimit 128 --log-file /tmp/br-manual-20261012.log')
        t.fail(cmd, "edu-prod 全量备份到 MinIO", br_fail("2026-10-12T10.12.08+0800", "Head",
               "tidb-br/edu-prod/manual/20261012/backupmeta", "2026/10/12 10:12:29.417 +08:00"))
        t.say("BR 在解析 `s3.amazonaws.com`，没带 MinIO 的 endpoint 就默认去连 AWS 了，机房内网解析不到。`scripts/br-nightly.sh` 里是带 `--s3.endpoint` 的，同样的命令补上再跑：")
        t.bash(cmd.replace("--ratelimit", f"--s3.endpoint {MINIO} --ratelimit"), "edu-prod 全量备份到 MinIO（指定 MinIO endpoint）",
               out="""Full Backup <-----------------------------------------------------------------------------------------> 100.00%
Checksum <--------------------------------------------------------------------------------------------> 100.00%
[2026/10/12 10:31:52.118 +08:00] [INFO] [collector.go:77] ["Full Backup success summary"] [total-ranges=18342] [ranges-succeed=18342] [ranges-failed=0] [backup-checksum=1m2.314s] [backup-fast-checksum=31.205ms] [backup-total-ranges=612] [total-take=19m21.42s] [BackupTS=452891720312864769] [total-kv=1893421337] [total-kv-size=412.7GB] [average-speed=355.4MB/s] [backup-data-size(after-compressed)=98.13GB] [Size=98131456210]""",
               err=br_log("2026-10-12T10.12.33+0800"), timeout=3600000)
        t.bash("mc ls edu-minio/tidb-br/edu-prod/manual/20261012/ | tail -5", "确认备份文件落到 MinIO",
               out="""[2026-10-12 10:31:50 CST] 1.2KiB STANDARD backup.lock
[2026-10-12 10:31:51 CST] 2.3MiB STANDARD backupmeta
[2026-10-12 10:31:51 CST]  78KiB STANDARD checkpoint.meta
[2026-10-12 10:31:51 CST]     0B 1/
[2026-10-12 10:31:51 CST]     0B 4/""")
        t.done("""备份好了：`s3://tidb-br/edu-prod/manual/20261012`，98.1GB（压缩后），BackupTS `452891720312864769`，耗时 19 分钟，checksum 通过。

第一次没带 `--s3.endpoint`，BR 默认去连 AWS（`lookup s3.amazonaws.com … no such host`），补上 `--s3.endpoint http://10.16.8.21:9000` 就正常了。今晚订正出问题的话可以按这个备份恢复 `edu_course` 相关表。""")


ALERTS_CMD = ("curl -sS --connect-timeout 5 http://10.16.9.11:9090/api/v1/alerts -o /tmp/alerts.json && "
              "jq -r '.data.alerts[] | [.labels.alertname, .labels.instance, .state, .activeAt] | @tsv' /tmp/alerts.json")


def inspection(t, date, nodes, alerts_out, mc_out, note, flaky=False):
    t.bash("tiup cluster display edu-prod", "edu-prod 集群状态", out=display(
        "edu-prod", "v7.5.3", nodes, "http://10.16.1.11:2379/dashboard", "http://10.16.9.11:3000"))
    if flaky:
        t.fail(ALERTS_CMD, "拉 Prometheus 当前告警",
               "curl: (28) Failed to connect to 10.16.9.11 port 9090 after 5002 ms: Timeout was reached", code=28)
        t.say("连 Prometheus 超时了，监控机偶尔这样，原样再拉一次：")
    t.bash(ALERTS_CMD, "拉 Prometheus 当前告警", out=alerts_out)
    t.bash("mc ls edu-minio/tidb-br/edu-prod/full/ | tail -3", "看最近几天的 BR 全量备份", out=mc_out)
    t.write(P(f"inspection/{date}.md"), note)


# ================================================================= session 2
def s2(d):
    with d.session("2026-10-14T01:20:00", R, version="2.1.201"):
        # T05 W2#1 + F1 + P2
        t = d.task("早上巡检走一遍：集群状态、prometheus 告警、昨晚备份有没有，记到 inspection 下面。记录里时间一律写北京时间，别给我 UTC",
                   tags=["workflow:W2", "flaky:F1", "pref:P2"])
        inspection(t, "2026-10-14", PROD_BASE,
                   "TiDBSlowQueryBurst\t10.16.1.22:10080\tfiring\t2026-10-13T12:41:17.225Z\n"
                   "TiKV_raftstore_thread_cpu_seconds_total\t10.16.1.33:20180\tpending\t2026-10-14T01:18:02.901Z",
                   "[2026-10-12 02:51:07 CST]     0B 20261012/\n[2026-10-13 02:49:33 CST]     0B 20261013/\n"
                   "[2026-10-14 02:52:41 CST]     0B 20261014/",
                   """# 巡检 2026-10-14（北京时间）

- 集群 edu-prod v7.5.3：13 个节点全部 Up，PD leader 10.16.1.11
- 告警：
  - `TiDBSlowQueryBurst` 10.16.1.22，10-13 20:41 起 firing（晚高峰课程列表慢查询，见 slowlog/2026-10-12-course-list.md，索引还没加）
  - `TiKV_raftstore_thread_cpu_seconds_total` 10.16.1.33，10-14 09:18 pending，观察
- 备份：10-12 / 10-13 / 10-14 三天全量都在，10-14 02:52 完成
""", flaky=True)
        t.done("""巡检完了，记在 `inspection/2026-10-14.md`（时间都换成了北京时间）：

- edu-prod 13 个节点全部 Up
- 告警 2 条：`TiDBSlowQueryBurst`（10.16.1.22，昨晚 20:41 开始，还是课程列表那条慢 SQL）；`TiKV_raftstore_thread_cpu_seconds_total`（10.16.1.33，今天 09:18 pending，先观察）
- 备份：最近三天全量都在，今天 02:52 完成

第一次拉 Prometheus 连接超时，原样重试就好了。""")

        # T06 O1 ansible
        t = d.task("新到的 tikv 机器 10.16.1.35 已经上架了，跑一下 host prep 的 playbook，只跑这台", tags=["oneoff:O1"])
        cmd = "ansible-playbook -i ansible/inventory.ini ansible/prep-tidb-host.yml --limit 10.16.1.35"
        t.fail(cmd, "对 10.16.1.35 跑主机初始化", """
PLAY [prepare tidb hosts] ******************************************************

TASK [Gathering Facts] *********************************************************
ok: [10.16.1.35]

TASK [disable swap] ************************************************************
ok: [10.16.1.35]

TASK [kernel parameters] *******************************************************
changed: [10.16.1.35] => (item={'name': 'fs.file-max', 'value': '1000000'})
changed: [10.16.1.35] => (item={'name': 'net.core.somaxconn', 'value': '32768'})
changed: [10.16.1.35] => (item={'name': 'net.ipv4.tcp_syncookies', 'value': '0'})
failed: [10.16.1.35] (item={'name': 'vm.swapiness', 'value': '0'}) => {"ansible_loop_var": "item", "changed": false, "item": {"name": "vm.swapiness", "value": "0"}, "msg": "Failed to reload sysctl: sysctl: cannot stat /proc/sys/vm/swapiness: No such file or directory\\n"}
changed: [10.16.1.35] => (item={'name': 'vm.overcommit_memory', 'value': '1'})

PLAY RECAP *********************************************************************
10.16.1.35                 : ok=2    changed=0    unreachable=0    failed=1    skipped=0    rescued=0    ignored=0""", code=2)
        t.read(PREP)
        t.say("playbook 里内核参数拼错了，`vm.swapiness` 少了个 p，应该是 `vm.swappiness`：")
        t.edit(PREP, '{ name: vm.swapiness, value: "0" }', '{ name: vm.swappiness, value: "0" }')
        t.bash(cmd, "对 10.16.1.35 跑主机初始化", out="""
PLAY [prepare tidb hosts] ******************************************************

TASK [Gathering Facts] *********************************************************
ok: [10.16.1.35]

TASK [disable swap] ************************************************************
ok: [10.16.1.35]

TASK [kernel parameters] *******************************************************
ok: [10.16.1.35] => (item={'name': 'fs.file-max', 'value': '1000000'})
ok: [10.16.1.35] => (item={'name': 'net.core.somaxconn', 'value': '32768'})
ok: [10.16.1.35] => (item={'name': 'net.ipv4.tcp_syncookies', 'value': '0'})
changed: [10.16.1.35] => (item={'name': 'vm.swappiness', 'value': '0'})
ok: [10.16.1.35] => (item={'name': 'vm.overcommit_memory', 'value': '1'})

TASK [disable THP] *************************************************************
ok: [10.16.1.35]

TASK [limits for tidb user] ****************************************************
changed: [10.16.1.35]

TASK [packages] ****************************************************************
changed: [10.16.1.35]

TASK [tidb user] ***************************************************************
changed: [10.16.1.35]

PLAY RECAP *********************************************************************
10.16.1.35                 : ok=8    changed=4    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0""")
        t.done("""10.16.1.35 初始化好了。第一次跑挂在 sysctl：playbook 里写的是 `vm.swapiness`（拼错，少一个 p），内核没有这个参数。已改成 `vm.swappiness`，重跑 `failed=0`。

之前用这个 playbook 初始化的机器这一项其实也没生效过，老机器建议回头 `sysctl vm.swappiness` 抽查一下。""")

        # T07 M1#1 scale-out prod
        t = d.task("把 10.16.1.35 扩进 edu-prod 当 tikv。另外 10.16.1.34 上周换了块 3.8T 的 NVMe 挂在 /data2，也在上面再起一个 tikv 实例，"
                   "label 别忘了，同一台机器两个实例要同一个 host label", tags=["mistake:M1"])
        topo = P("topology/scale-out-tikv-20261014.yaml")
        t.write(topo, """tikv_servers:
  - host: 10.16.1.35
    config:
      server.labels: { host: "tikv35" }
  - host: 10.16.1.34
    data_dir: /data2/tidb-data/tikv-20160
    config:
      server.labels: { host: "tikv34" }
""")
        so = "tiup cluster scale-out edu-prod topology/scale-out-tikv-20261014.yaml --yes"
        t.fail(so, "扩容 edu-prod 两个 tikv", port_conflict(
            20160, "tikv_servers:10.16.1.34.port", "tikv_servers:10.16.1.34.port", "2026-10-14-10-02-37"))
        t.say("10.16.1.34 上已经有一个默认端口 20160/20180 的 tikv，新实例没写端口就撞了。第二个实例要单独的端口、status 端口和目录：")
        t.edit(topo, """  - host: 10.16.1.34
    data_dir: /data2/tidb-data/tikv-20160""", """  - host: 10.16.1.34
    port: 20161
    status_port: 20181
    deploy_dir: /tidb-deploy/tikv-20161
    data_dir: /data2/tidb-data/tikv-20161""")
        t.bash(so, "扩容 edu-prod 两个 tikv", out=scale_out_ok("edu-prod", "v7.5.3", [
            ("tikv", "10.16.1.35", "20160/20180", "/tidb-deploy/tikv-20160,/tidb-data/tikv-20160", "10.16.1.35:20160"),
            ("tikv", "10.16.1.34", "20161/20181", "/tidb-deploy/tikv-20161,/data2/tidb-data/tikv-20161", "10.16.1.34:20161"),
        ], "edu-prod"), timeout=1200000)
        t.bash("tiup cluster display edu-prod", "确认新 tikv 状态", out=display(
            "edu-prod", "v7.5.3", PROD_BASE + PROD_NEW, "http://10.16.1.11:2379/dashboard", "http://10.16.9.11:3000"))
        t.done("""扩容完成，edu-prod 现在 6 个 TiKV 实例：

- `10.16.1.35:20160`（label `host=tikv35`）
- `10.16.1.34:20161`，status 20181，数据在 `/data2/tidb-data/tikv-20161`，label 和老实例一样是 `host=tikv34`，PD 不会把同一 region 的两个副本放到这台机器上

第一次 scale-out 报 `port conflict for '20160'`：34 上原来的实例占着默认端口，拓扑里给第二个实例补了 `port: 20161` / `status_port: 20181` / 独立 `deploy_dir` 后通过。region 会慢慢 balance 过去，今天下午看一下 store 的 region/leader 数。""")


def ddl_run(sqlfile, db):
    return f'mysql -h 10.16.1.21 -P 4000 -u dba_ddl -p"$TIDB_DDL_PWD" {db} < {sqlfile}'


DDL_JOBS_CMD = 'mysql -h 10.16.1.21 -P 4000 -u dba_ddl -p"$TIDB_DDL_PWD" -t -e "ADMIN SHOW DDL JOBS 3"'


# ================================================================= session 3 (evening)
def s3(d):
    with d.session("2026-10-16T14:05:00", R, version="2.1.202"):
        # T08 W3#1 + P3
        t = d.task("课程列表那个索引今晚加上，(category_id, status, is_deleted, sale_cnt)。DDL 统一放晚上 22 点以后做，现在正好过了。"
                   "sql 放 ddl 目录，跑完看下 ddl job，再提交", tags=["workflow:W3", "pref:P3"])
        f = "ddl/2026-10-16-course-idx_cat_status_sale.sql"
        t.write(P(f), """-- 课程列表慢查询（slowlog/2026-10-12-course-list.md）
ALTER TABLE course ADD INDEX idx_cat_status_sale (category_id, status, is_deleted, sale_cnt);
""")
        t.bash(ddl_run(f, "edu_course"), "在 edu-prod 执行加索引 DDL", err=MYSQL_WARN, timeout=1800000)
        t.bash(DDL_JOBS_CMD, "确认 DDL job 状态", out=ddl_jobs([
            (1893, "edu_course", "course", "add index /* ingest */", "public", 112, 148, 2187320, "2026-10-16 22:09:12", "2026-10-16 22:09:12", "2026-10-16 22:11:48", "synced"),
            (1892, "edu_live", "live_room", "add column", "public", 130, 171, 0, "2026-10-09 22:31:05", "2026-10-09 22:31:05", "2026-10-09 22:31:06", "synced"),
            (1891, "edu_order", "refund", "modify column", "public", 118, 162, 0, "2026-10-09 22:18:44", "2026-10-09 22:18:45", "2026-10-09 22:18:45", "synced"),
        ]), err=MYSQL_WARN)
        t.bash(f"git add {f} && git commit -m 'ddl: edu_course.course add idx_cat_status_sale'", "提交 DDL 文件",
               out=commit_out("ddl: edu_course.course add idx_cat_status_sale", 1, 2))
        t.done("""索引加好了：job 1893，`add index /* ingest */`（走的 fast reorg），218 万行，22:09:12 开始、22:11:48 完成，状态 `synced`。
SQL 在 `ddl/2026-10-16-course-idx_cat_status_sale.sql`，已提交。明天早高峰后可以再看下课程列表那个 digest 的耗时。""")

        # T09 grep noise
        t = d.task("grep 下告警规则和 ansible 里哪些地方把阈值写死了，比如连接数 1500 这种，后面机器多了要调", tags=["noise"])
        t.grep(r"> ?[0-9]{2,}|value: \"[0-9]+\"", path=R, glob="{alert,ansible}/**/*.yml", output_mode="content", n=True,
               content=f"""{R}/alert/tidb-custom.rules.yml:5:        expr: sum(rate(tidb_server_slow_query_process_duration_seconds_count[5m])) by (instance) > 5
{R}/alert/tidb-custom.rules.yml:21:        expr: sum(tidb_server_connections) by (instance) > 1500
{R}/ansible/prep-tidb-host.yml:17:        - {{ name: fs.file-max, value: "1000000" }}
{R}/ansible/prep-tidb-host.yml:18:        - {{ name: net.core.somaxconn, value: "32768" }}""")
        t.done("""写死的阈值：

- `alert/tidb-custom.rules.yml:5` 慢查询 `> 5`/s（按 instance）
- `alert/tidb-custom.rules.yml:21` 连接数 `> 1500`（按 instance）——TiDB 节点加了以后单实例连接会降，这条反而不用改；HAProxy 的 maxconn 要跟着调
- `ansible/prep-tidb-host.yml:17-18` `fs.file-max` 1000000、`somaxconn` 32768，这两个是 TiDB 官方推荐值，跟机器数无关

真正跟规模相关的只有告警那两条，可以改成 Prometheus 的 recording rule + 全局阈值，或者按 instance 分组后用百分比。""")

        # T10 no tools
        t = d.task("悲观事务下 SELECT ... FOR UPDATE 锁不存在的行，tidb 和 mysql 行为一样吗？研发在优惠券领取那里这么写的", tags=["no_tools"])
        t.done("""不一样，关键在 **gap lock**：

- **MySQL InnoDB（RR）**：`FOR UPDATE` 锁不存在的行会加 gap/next-key lock，另一个事务往这个间隙插入会被阻塞，所以"先查不存在再插入"能防并发重复
- **TiDB 悲观事务**：没有 gap lock。对不存在的行，只有按**主键或唯一索引等值**查询时会对这个 key 加锁（锁一个不存在的 key）；范围条件或非唯一索引查询不加 gap 锁，并发插入不会被挡住

优惠券领取如果是 `SELECT … WHERE user_id = ? AND coupon_id = ? FOR UPDATE` 然后不存在就 INSERT：
- `(user_id, coupon_id)` 上有**唯一索引** → TiDB 会锁这个 key，行为和预期一致
- 没有唯一索引 → 两个并发事务都会查到不存在、都插入，出现重复领取

建议直接给 `(user_id, coupon_id)` 加唯一索引，用 `INSERT … ON DUPLICATE KEY` 或捕获 1062 处理，不要依赖 gap lock。""")


def dmctl(sub):
    return f"tiup dmctl --master-addr {DMADDR} {sub}"


def dm_onboard(t, src_id, host, db, task, worker, tmp, fail_results, total, grant_sql, show_grants_out, status_extra):
    src = P(f"dm/sources/{src_id}.yaml")
    tsk = P(f"dm/tasks/{task}.yaml")
    t.write(src, f"""source-id: "{src_id}"
enable-gtid: true
from:
  host: "{host}"
  port: 3306
  user: "dm_sync"
  password: "ENC({hx(12)}...)"
""")
    t.bash(dmctl(f"operate-source create dm/sources/{src_id}.yaml"), f"在 DM 里注册上游 {src_id}",
           out=dm_source_ok(src_id, worker))
    t.write(tsk, f"""name: "{task}"
task-mode: all
target-database:
  host: "10.16.1.20"
  port: 3390
  user: "dm_writer"
  password: "ENC(1c8e55ab02f4...)"
mysql-instances:
  - source-id: "{src_id}"
    block-allow-list: "bal"
    mydumper-thread: 4
    loader-thread: 16
    syncer-thread: 16
block-allow-list:
  bal:
    do-dbs: ["{db}"]
""")
    chk = dmctl(f"check-task dm/tasks/{task}.yaml")
    t.fail(chk, "预检查同步任务", dm_priv_fail(fail_results, total, f"{host}:3306", tmp))
    t.say(f"预检查卡在上游权限：`dm_sync` 在 {host} 上缺全量导出 / 读 binlog 需要的权限。先看下现在的授权，再补上：")
    sg = (f'mysql -h {host} -P 3306 -u dba_admin -p"$MYSQL_DBA_PWD" -e "SHOW GRANTS FOR \'dm_sync\'@\'10.16.2.%\'"')
    t.bash(sg, "看 dm_sync 现有授权", out=show_grants_out, err=MYSQL_WARN)
    t.bash(f'mysql -h {host} -P 3306 -u dba_admin -p"$MYSQL_DBA_PWD" -e "{grant_sql}"',
           "给 dm_sync 补 DM 需要的权限", err=MYSQL_WARN)
    t.bash(chk, "预检查同步任务", out=DM_CHECK_OK)
    t.bash(dmctl(f"start-task dm/tasks/{task}.yaml"), "启动同步任务", out=dm_start_ok(src_id, worker))
    t.bash(dmctl(f"query-status {task}"), "看同步任务状态", out=dm_status(task, src_id, worker, status_extra[0], status_extra[1]))


# ================================================================= session 4 (acceptEdits)
def s4(d):
    with d.session("2026-10-19T02:10:00", R, version="2.1.203", permission_mode="acceptEdits"):
        # T11 M3#1
        t = d.task("订单库 mysql-order（10.16.3.21）要接进 dm，同步 edu_order 到 edu-prod。source 和 task 配置照 course 那个的格式写，起起来看状态",
                   tags=["mistake:M3"])
        t.read(DM_LIVE_SRC)
        t.read(DM_LIVE_TASK)
        dm_onboard(t, "mysql-order", "10.16.3.21", "edu_order", "order-to-prod", "dm-10.16.2.22-8262", "Bq1tPz0",
                   [(2, "source db dump privilege chcker", "check dump privileges of source DB",
                     "lack of RELOAD global (*.*) privilege; "),
                    (3, "source db replication privilege chcker", "check replication privileges of source DB",
                     "lack of REPLICATION SLAVE global (*.*) privilege; lack of REPLICATION CLIENT global (*.*) privilege; ")], 12,
                   "GRANT RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'dm_sync'@'10.16.2.%'",
                   "Grants for dm_sync@10.16.2.%\nGRANT SELECT ON *.* TO `dm_sync`@`10.16.2.%`",
                   ("Load", """                    "load": {
                        "finishedBytes": "3318901233",
                        "totalBytes": "11904128812",
                        "progress": "27.88 %",
                        "metaBinlog": "(mysql-bin.000412, 88123017)",
                        "metaBinlogGTID": "6b1f0c2e-9a31-11ee-8d2c-0c42a1b8e7d0:1-48211093",
                        "bps": "58211904"
                    }"""))
        t.done("""mysql-order 接进来了：

- `dm/sources/mysql-order.yaml`（enable-gtid，上游 10.16.3.21，用户 dm_sync）→ 绑定到 worker `dm-10.16.2.22-8262`
- `dm/tasks/order-to-prod.yaml`：`task-mode: all`，只同步 `edu_order`，下游走 HAProxy 10.16.1.20:3390
- 现在在 **Load** 阶段，27.9%（3.3G / 11.9G），约 58MB/s，估计 40 分钟后进入增量

第一次 `check-task` 没过：`dm_sync` 在 10.16.3.21 上只有 `SELECT`，缺 `RELOAD`、`REPLICATION SLAVE`、`REPLICATION CLIENT`。用 dba_admin 补了这三个全局权限后预检查通过。""")

        # T12 W1#2 + P1#2
        t = d.task("直播间列表接口又被投诉慢了，今天上午 9-11 点，老规矩查下慢日志找原因，写个记录。还是那句，生产只用只读账号查",
                   tags=["workflow:W1", "pref:P1"])
        q = ("SELECT Digest, COUNT(*) AS cnt, ROUND(AVG(Query_time),3) AS avg_s, ROUND(MAX(Query_time),3) AS max_s, "
             "LEFT(ANY_VALUE(Query),70) AS sample FROM INFORMATION_SCHEMA.CLUSTER_SLOW_QUERY "
             "WHERE Time BETWEEN '2026-10-19 09:00:00' AND '2026-10-19 11:00:00' AND Is_internal = 0 AND DB = 'edu_live' "
             "GROUP BY Digest ORDER BY SUM(Query_time) DESC LIMIT 5")
        t.bash(ro(q), "查直播库上午慢查询（ro_dba）", out=table(["Digest", "cnt", "avg_s", "max_s", "sample"], [
            ("5d7e0b91…a3f0", 2931, 0.884, 3.102, "SELECT id, status FROM live_room WHERE start_time >= '2026-10-19 09"),
            ("0c7a41e9…f2d8", 411, 0.612, 1.530, "SELECT COUNT(*) FROM live_viewer WHERE room_id = 771203 AND left_at "),
            ("b4e2d0c1…7a95", 122, 0.533, 0.988, "UPDATE live_room SET online_cnt = online_cnt + 1 WHERE id = 771203"),
        ]), err=MYSQL_WARN)
        t.bash(ro("EXPLAIN ANALYZE SELECT id, status FROM live_room WHERE start_time >= '2026-10-19 09:00:00' "
                  "AND start_time < '2026-10-20 00:00:00' AND status IN (1, 2) ORDER BY start_time LIMIT 50", db="edu_live"),
               "EXPLAIN ANALYZE 直播间列表 SQL", out=table(
            ["id", "estRows", "actRows", "task", "access object", "execution info", "operator info", "memory", "disk"], [
                ("Limit_12", "50.00", "50", "root", "", "time:912.3ms, loops:2", "offset:0, count:50", "N/A", "N/A"),
                ("└─IndexLookUp_27", "50.00", "50", "root", "", "time:912.2ms, loops:1, index_task: {total_time: 903.8ms, fetch_handle: 903.1ms}", "", "22.1 KB", "N/A"),
                ("  ├─IndexRangeScan_24(Build)", "2871.00", "381204", "cop[tikv]", "table:live_room, index:idx_start_time(start_time)", "tikv_task:{proc max:611ms, loops:378}", "range:[2026-10-19 09:00:00,2026-10-20 00:00:00), keep order:true", "N/A", "N/A"),
                ("  └─Selection_26(Probe)", "50.00", "50", "cop[tikv]", "", "tikv_task:{proc max:8ms, loops:4}", "in(edu_live.live_room.status, 1, 2)", "N/A", "N/A"),
                ("    └─TableRowIDScan_25", "2871.00", "4096", "cop[tikv]", "table:live_room", "tikv_task:{proc max:8ms, loops:4}", "keep order:false", "N/A", "N/A"),
            ]), err=MYSQL_WARN)
        t.bash(ro("SHOW STATS_META WHERE Db_name = 'edu_live' AND Table_name = 'live_room'"), "看 live_room 统计信息",
               out=table(["Db_name", "Table_name", "Partition_name", "Update_time", "Modify_count", "Row_count"], [
                   ("edu_live", "live_room", "", "2026-10-05 03:12:41", 1902331, 2411093)]), err=MYSQL_WARN)
        t.write(P("slowlog/2026-10-19-live-room.md"), """# 2026-10-19 09:00-11:00 直播间列表慢查询

- digest `5d7e0b91…a3f0`：2931 次，平均 0.88s，最大 3.1s（ro_dba 查 CLUSTER_SLOW_QUERY）
- 计划：`idx_start_time` 估算 2871 行，实际扫 38 万行（estRows 偏差 100 倍+）
- 原因：`live_room` 统计信息 10-05 之后没更新，Modify_count 190 万 / Row_count 241 万，auto analyze 没跟上（白天 auto analyze 窗口关着）
- 处理：今晚 22 点后 `ANALYZE TABLE edu_live.live_room`；长期让 `tidb_auto_analyze_start_time` 窗口覆盖凌晨
""")
        t.done("""原因找到了，记录在 `slowlog/2026-10-19-live-room.md`：

- 直播间列表 digest `5d7e0b91…`，上午 2931 次，平均 0.88s
- 执行计划走了 `idx_start_time`，**估算 2871 行、实际扫 38 万行**
- `live_room` 统计信息停在 10-05，改动 190 万行 / 总 241 万，统计严重过期

建议今晚 22 点后 `ANALYZE TABLE edu_live.live_room`，再把 auto analyze 窗口调到凌晨。都是用 ro_dba 查的，没动数据。""")

        # T13 O2 promtool
        t = d.task("alert 里加一条：tikv store 可用空间低于 20% 告警，critical，持续 10 分钟。加完用 promtool 校验下", tags=["oneoff:O2"])
        t.read(RULES)
        t.edit(RULES, """          summary: "{{ $labels.instance }} 连接数 {{ $value }}"
""", """          summary: "{{ $labels.instance }} 连接数 {{ $value }}"

      - alert: TiKVStoreSpaceLow
        expr: sum(tikv_store_size_bytes{type="available"}) by (instance) / sum(tikv_store_size_bytes{type="capacity"}) by (instance)) < 0.2
        for: 10m
        labels:
          severity: critical
        annotations:
          summary: "{{ $labels.instance }} 可用空间 {{ $value | humanizePercentage }}"
""")
        pc = "promtool check rules alert/tidb-custom.rules.yml"
        t.fail(pc, "校验告警规则", """Checking alert/tidb-custom.rules.yml
  FAILED:
alert/tidb-custom.rules.yml: 29:15: group "tidb-custom", rule 4, "TiKVStoreSpaceLow": could not parse expression: 1:129: parse error: unexpected right parenthesis ')'""")
        t.edit(RULES, 'expr: sum(tikv_store_size_bytes{type="available"}) by (instance) / sum(',
               'expr: (sum(tikv_store_size_bytes{type="available"}) by (instance) / sum(')
        t.bash(pc, "校验告警规则", out="Checking alert/tidb-custom.rules.yml\n  SUCCESS: 4 rules found")
        t.done("""加好了：`TiKVStoreSpaceLow`，可用 / 容量 < 0.2 持续 10 分钟，critical。第一次写的表达式左边少了个括号，promtool 报 `unexpected right parenthesis`，补上后 `SUCCESS: 4 rules found`。

生效需要 `tiup cluster reload edu-prod -R prometheus`，要我现在 reload 吗？""")

        # T14 long output noise
        t = d.task("看下 edu-prod 各 store 现在的 region 和 leader 分布，新扩的两个 tikv 追上来没有", tags=["noise", "long_output"])
        t.bash(ro("SELECT STORE_ID, ADDRESS, LABEL, LEADER_COUNT, REGION_COUNT, CAPACITY, AVAILABLE, START_TS "
                  "FROM INFORMATION_SCHEMA.TIKV_STORE_STATUS ORDER BY STORE_ID"), "查各 store 的 region / leader 数",
               out=table(["STORE_ID", "ADDRESS", "LABEL", "LEADER_COUNT", "REGION_COUNT", "CAPACITY", "AVAILABLE", "START_TS"], [
                   (1, "10.16.1.31:20160", '[{"key": "host", "value": "tikv31"}]', 6012, 18204, "3.49TiB", "2.41TiB", "2026-09-02 03:11:52"),
                   (4, "10.16.1.32:20160", '[{"key": "host", "value": "tikv32"}]', 6009, 18199, "3.49TiB", "2.40TiB", "2026-09-02 03:11:55"),
                   (5, "10.16.1.33:20160", '[{"key": "host", "value": "tikv33"}]', 6011, 18213, "3.49TiB", "2.41TiB", "2026-09-02 03:11:58"),
                   (6, "10.16.1.34:20160", '[{"key": "host", "value": "tikv34"}]', 6010, 9121, "1.75TiB", "1.21TiB", "2026-09-02 03:12:01"),
                   (5001, "10.16.1.35:20160", '[{"key": "host", "value": "tikv35"}]', 6008, 18190, "3.49TiB", "2.42TiB", "2026-10-14 02:09:44"),
                   (5002, "10.16.1.34:20161", '[{"key": "host", "value": "tikv34"}]', 6007, 9086, "3.49TiB", "3.11TiB", "2026-10-14 02:09:46"),
               ]), err=MYSQL_WARN)
        t.done("""已经均衡了：

| store | 地址 | leader | region |
|---|---|---|---|
| 1 / 4 / 5 | 31 / 32 / 33 | ~6010 | ~18200 |
| 5001 | 35:20160 | 6008 | 18190 |
| 6 | 34:20160 | 6010 | 9121 |
| 5002 | 34:20161 | 6007 | 9086 |

leader 6 个 store 基本平均。34 上两个实例的 region 各 9 千左右、加起来 1.82 万，和别的机器一台的量一样——因为两个实例同一个 `host=tikv34` label，PD 把它们当一台主机算副本，符合预期。""")


# ================================================================= session 5 (precompact)
def s5(d):
    with d.session("2026-10-21T01:25:00", R, version="2.1.204"):
        # T15 W2#2
        t = d.task("巡检", tags=["workflow:W2"])
        inspection(t, "2026-10-21", PROD_BASE + PROD_NEW,
                   "TiKVStoreSpaceLow\t10.16.1.34:20180\tpending\t2026-10-21T01:12:40.118Z",
                   "[2026-10-19 02:53:10 CST]     0B 20261019/\n[2026-10-20 02:55:28 CST]     0B 20261020/\n"
                   "[2026-10-21 02:54:02 CST]     0B 20261021/",
                   """# 巡检 2026-10-21（北京时间）

- 集群 edu-prod v7.5.3：15 个节点全部 Up（含 10-14 扩的 10.16.1.35:20160、10.16.1.34:20161）
- 告警：`TiKVStoreSpaceLow` 10.16.1.34:20180，10-21 09:12 pending —— 34 上老实例那块盘只有 1.75T，可用 31%→ 接近阈值，考虑把这个实例的数据迁到 /data2 或者下线老盘
- 备份：10-19 / 10-20 / 10-21 全量都在
- DM：order-to-prod 已进入 Sync
""")
        t.done("""巡检记录在 `inspection/2026-10-21.md`：

- 15 个节点全 Up
- 新告警 `TiKVStoreSpaceLow` pending：10.16.1.34 老实例（1.75T 的旧盘），09:12 开始。不是紧急，但 34 这台建议后面把 20160 这个实例挪走
- 最近三天备份都在""")

        # T16 M2#2 restore
        t = d.task("研发说今天早上 8 点多跑订正脚本误删了 edu_course.chapter 一批数据，用昨晚的全量把 chapter 这张表恢复到 edu-test 上，让他们自己去捞",
                   tags=["mistake:M2"])
        cmd = ('tiup br restore table --pd 10.16.5.11:2379 --db edu_course --table chapter '
               '--storage "s3://tidb-br/edu-prod/full/20261021" --log-file /tmp/br-restore-chapter.log')
        t.bash(f'mysql -h 10.16.5.11 -P 4000 -u ro_dba -p"$TIDB_RO_PWD" -e "SHOW TABLES FROM edu_course LIKE \'chapter\'"',
               "确认 edu-test 上没有同名表", out="", err=MYSQL_WARN)
        t.fail(cmd, "从 10-21 全量恢复 chapter 到 edu-test", br_fail("2026-10-21T09.41.19+0800", "Get",
               "tidb-br/edu-prod/full/20261021/backupmeta", "2026/10/21 09:41:40.882 +08:00").replace("backup.go:52", "restore.go:61").replace('failed to backup', 'failed to restore'))
        t.say("又是没带 MinIO endpoint，BR 去连 AWS 了。加上 `--s3.endpoint` 重跑：")
        t.bash(cmd.replace(" --log-file", f" --s3.endpoint {MINIO} --log-file"), "从 10-21 全量恢复 chapter 到 edu-test（指定 MinIO endpoint）",
               out="""Table Restore <---------------------------------------------------------------------------------------> 100.00%
[2026/10/21 09:44:02.337 +08:00] [INFO] [collector.go:77] ["Table Restore success summary"] [total-ranges=41] [ranges-succeed=41] [ranges-failed=0] [split-region=221.8ms] [restore-ranges=38] [total-take=1m51.203s] [RestoreTS=452986321044013057] [total-kv=18204113] [total-kv-size=3.104GB] [average-speed=27.91MB/s] [restore-data-size(after-compressed)=812.4MB] [Size=812401337] [BackupTS=452983120933601281]""",
               err=br_log("2026-10-21T09.42.11+0800"), timeout=3600000)
        t.bash('mysql -h 10.16.5.11 -P 4000 -u ro_dba -p"$TIDB_RO_PWD" -t -e "SELECT COUNT(*) FROM edu_course.chapter"',
               "核对恢复后的行数", out=table(["COUNT(*)"], [(18204113,)]), err=MYSQL_WARN)
        t.done("""恢复好了：edu-test（10.16.5.11:4000）上的 `edu_course.chapter`，1820 万行，来自今天 02:30 的全量（BackupTS `452983120933601281`），在早上 8 点误删之前，被删的行都在里面。研发可以拿 edu-test 上的表和生产比对后把缺的行捞回去。

第一次又漏了 `--s3.endpoint`，BR 默认去解析 `s3.amazonaws.com` 失败；加上 MinIO 的 endpoint 后 1 分 51 秒恢复完。""")

        # T17 webfetch
        t = d.task("tidb_ddl_enable_fast_reorg 这个参数官方文档怎么说的，7.5 默认是不是开的，对临时目录有啥要求？查下文档别凭印象", tags=["webfetch"])
        t.webfetch("https://docs.pingcap.com/tidb/v7.5/system-variables#tidb_ddl_enable_fast_reorg-new-in-v630",
                   "tidb_ddl_enable_fast_reorg: default value in v7.5, scope, what it accelerates, requirements on temp-dir / disk",
                   """**tidb_ddl_enable_fast_reorg** (New in v6.3.0)

- Scope: GLOBAL
- Persists to cluster: Yes
- Applies to hint SET_VAR: No
- Type: Boolean
- Default value: `ON`
- This variable controls whether to enable the acceleration of `ADD INDEX` and `CREATE INDEX` to improve the speed of backfilling for index creation. Setting this variable value to `ON` can bring performance improvement for index creation on tables with a large amount of data.
- Starting from v7.1.0, the index acceleration operation supports checkpoints. Even if the TiDB owner node is restarted or changed due to failures, TiDB can still recover progress from checkpoints that are automatically updated on a regular basis.
- To verify whether a completed `ADD INDEX` operation is accelerated, you can execute the `ADMIN SHOW DDL JOBS` statement to see whether `ingest` is displayed in the `JOB_TYPE` column.

> **Warning:** Currently, this feature is not fully compatible with altering multiple columns or indexes in a single `ALTER TABLE` statement. ...

Related: `temp-dir` (TiDB configuration, default `/tmp/tidb`) is used by the fast reorg to store local sort files; the directory must be available and is recommended to be on a separate SSD. `tidb_ddl_disk_quota` (default 100 GiB) limits the local disk space used for sorting.""")
        t.done("""文档（v7.5 system variables）要点：

- `tidb_ddl_enable_fast_reorg`：GLOBAL，**7.5 默认 `ON`**，加速 `ADD INDEX` / `CREATE INDEX` 的回填
- 7.1 起支持 checkpoint，owner 切换后能续上
- 判断有没有走加速：`ADMIN SHOW DDL JOBS` 的 `JOB_TYPE` 带 `ingest`（16 号那次 course 的索引就是 `add index /* ingest */`）
- 临时目录：TiDB 配置项 `temp-dir`（默认 `/tmp/tidb`）放本地排序文件，建议独立 SSD；`tidb_ddl_disk_quota` 默认 100GiB 限制用量
- 注意：一条 `ALTER TABLE` 同时改多个列/索引时兼容性还不完整，最好一条语句一个索引

我们 TiDB 节点的 `/tmp` 在系统盘上，大表加索引前最好确认一下剩余空间。""")

        d.precompact("""- 仓库 dba-ops（/home/hexf/dba-ops），中控机 ops-ctl01，TiUP 1.16；集群 edu-prod（v7.5.3，PD 10.16.1.11-13，TiDB 10.16.1.21-23，TiKV 31-35 + 34:20161）、edu-test（10.16.5.11-14）
- DM 集群 dm-edu（master 10.16.2.11:8261），上游 mysql-course、mysql-order（10-19 接入，dm_sync 补了 RELOAD / REPLICATION 权限）
- BR 备份在 MinIO http://10.16.8.21:9000 bucket tidb-br，命令要带 --s3.endpoint；每晚 scripts/br-nightly.sh
- 用户偏好：查生产用 ro_dba 只读账号；巡检记录写北京时间；DDL 放晚上 22 点后
- 10-21：巡检记录 inspection/2026-10-21.md；chapter 表恢复到 edu-test（用的 10-21 全量，待确认是否改用 10-20）；查了 fast reorg 文档""")

        # T18 U2 grafana 403
        t = d.task("dashboards/slow-query.json 我导出好了，用 api 导进生产 grafana，放 DBA 目录，给研发看慢查询趋势", tags=["unfixed:U2"])
        gc = ('curl -sS -f -X POST -H "Authorization: Bearer $GRAFANA_TOKEN" -H "Content-Type: application/json" '
              '-d @dashboards/slow-query.json http://10.16.9.11:3000/api/dashboards/db')
        t.fail(gc, "通过 API 导入慢查询看板", "curl: (22) The requested URL returned error: 403", code=22)
        t.bash('curl -sS -H "Authorization: Bearer $GRAFANA_TOKEN" http://10.16.9.11:3000/api/user',
               "看这个 token 对应的账号和角色", out='{"id":37,"uid":"ce1x9f0q2lmo0b","email":"","name":"dba-readonly","login":"sa-1-dba-readonly",'
               '"theme":"","orgId":1,"isGrafanaAdmin":false,"isDisabled":false,"isExternal":false,"isExternallySynced":false,'
               '"isGrafanaAdminExternallySynced":false,"authLabels":[],"updatedAt":"2026-08-11T06:20:11Z","createdAt":"2026-08-11T06:20:11Z",'
               '"avatarUrl":"/avatar/7c0e1a3b0d9f6c58e5b6f1c2a4d3e7f9","isProvisioned":false}')
        t.done("""没导进去，403。`GRAFANA_TOKEN` 对应的是 service account `dba-readonly`，只有 Viewer 权限，不能建看板。

这个我这边解决不了：生产 Grafana 归监控组管，需要他们给 DBA 一个有 DBA 目录 Editor 权限的 service account token（或者他们帮忙导入）。json 文件本身没问题，拿到 token 后同样的命令就能导。""")


# ================================================================= session 6 (end: other)
def s6(d):
    with d.session("2026-10-23T06:40:00", R, version="2.1.205", end_reason="other"):
        # T19 M1#2 scale-out tidb on edu-test
        t = d.task("下周压测要 edu-test 多一个 tidb-server，在 10.16.5.11 上再起一个，机器 32 核够用。写个 scale-out 文件扩上去", tags=["mistake:M1"])
        topo = P("topology/scale-out-test-tidb-20261023.yaml")
        t.write(topo, """tidb_servers:
  - host: 10.16.5.11
    config:
      log.slow-threshold: 300
""")
        so = "tiup cluster scale-out edu-test topology/scale-out-test-tidb-20261023.yaml --yes"
        t.fail(so, "给 edu-test 扩一个 tidb", port_conflict(
            4000, "tidb_servers:10.16.5.11.port", "tidb_servers:10.16.5.11.port", "2026-10-23-14-47-05"))
        t.say("10.16.5.11 上已经有一个 tidb 占着 4000/10080。同机第二个实例要换端口和 status 端口，deploy_dir 也分开：")
        t.edit(topo, """  - host: 10.16.5.11
    config:""", """  - host: 10.16.5.11
    port: 4001
    status_port: 10081
    deploy_dir: /tidb-deploy/tidb-4001
    config:""")
        t.bash(so, "给 edu-test 扩一个 tidb", out=scale_out_ok("edu-test", "v7.5.3", [
            ("tidb", "10.16.5.11", "4001/10081", "/tidb-deploy/tidb-4001", "10.16.5.11:4001")], "edu-test"), timeout=1200000)
        t.bash("tiup cluster display edu-test", "确认 edu-test 拓扑", out=display(
            "edu-test", "v7.5.3", TEST_BASE + [TEST_TIDB2], "http://10.16.5.11:2379/dashboard", "http://10.16.5.11:3000"))
        t.done("""edu-test 现在两个 tidb-server：`10.16.5.11:4000` 和新加的 `10.16.5.11:4001`（status 10081，deploy 目录 `/tidb-deploy/tidb-4001`），都是 Up。

第一次 scale-out 报 `port conflict for '4000'`，同机第二个实例必须显式写 `port` / `status_port`，补上后扩容成功。压测的时候两个端口都要挂到压测机的连接配置里（或者前面放个 HAProxy）。""")

        # T20 feedback
        fb = ("上回你给研发写的那个直播间慢查询结论太长了，我贴到群里之前自己 cut half 才发出去。研发只关心哪条 SQL、为啥慢、要他们干啥。"
              "以后这种结论 5 行以内，先说结论。那个你重新缩一版我存着")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""1. 慢 SQL：直播间列表 `SELECT id, status FROM live_room WHERE start_time >= … ORDER BY start_time LIMIT 50`，10-19 上午 2931 次，均值 0.88s
2. 原因：`live_room` 统计信息停在 10-05，优化器估 2871 行实际扫 38 万行
3. DBA：已安排 22 点后 ANALYZE，并调整自动 analyze 窗口
4. 研发：无需改代码；如果列表只要当天的，把 `start_time` 上限也带上
5. 预期：ANALYZE 后单次降到 50ms 以内""")

        # T21 F2 git push
        t = d.task("这周 topology、slowlog、inspection 那些改动都提交一下推上去", tags=["flaky:F2", "noise"])
        t.bash("git status --short", "看未提交的改动", out="""?? inspection/2026-10-14.md
?? inspection/2026-10-21.md
?? slowlog/2026-10-12-course-list.md
?? slowlog/2026-10-19-live-room.md
?? topology/scale-out-test-tidb-20261023.yaml
?? topology/scale-out-tikv-20261014.yaml
 M alert/tidb-custom.rules.yml
 M ansible/prep-tidb-host.yml
?? dm/sources/mysql-order.yaml
?? dm/tasks/order-to-prod.yaml""")
        t.bash("git add inspection slowlog topology alert ansible dm && git commit -m 'ops: week 43 inspection, slowlog, scale-out topo, dm mysql-order, alert TiKVStoreSpaceLow'",
               "提交本周改动", out=commit_out("ops: week 43 inspection, slowlog, scale-out topo, dm mysql-order, alert TiKVStoreSpaceLow", 10, 163, 3))
        t.fail("git push origin main", "推到 GitLab",
               f"fatal: unable to access '{GIT}/': Failed to connect to git.rongxue.local port 443 after 21038 ms: Couldn't connect to server", code=128)
        t.say("GitLab 连不上，办公网到 git 的线路偶尔抖，原样再推一次：")
        t.bash("git push origin main", "推到 GitLab", out=push_out("8c31d0e", "f2a97b4", 14, 9.8))
        t.done("提交并推上去了（10 个文件）。第一次 push 连 git.rongxue.local:443 超时，重推一次就好了。")


# ================================================================= session 7 (evening)
def s7(d):
    with d.session("2026-10-27T13:50:00", R, version="2.1.206"):
        # T22 M3#2
        t = d.task("直播库 mysql-live 10.16.3.22 也接 dm 吧，edu_live 同步到 prod，跟订单库那次一样的流程", tags=["mistake:M3"])
        dm_onboard(t, "mysql-live", "10.16.3.22", "edu_live", "live-to-prod", "dm-10.16.2.23-8262", "Xk7wR2m",
                   [(3, "source db replication privilege chcker", "check replication privileges of source DB",
                     "lack of REPLICATION CLIENT global (*.*) privilege; ")], 12,
                   "GRANT REPLICATION CLIENT ON *.* TO 'dm_sync'@'10.16.2.%'",
                   "Grants for dm_sync@10.16.2.%\nGRANT SELECT, RELOAD, REPLICATION SLAVE ON *.* TO `dm_sync`@`10.16.2.%`",
                   ("Load", """                    "load": {
                        "finishedBytes": "912330118",
                        "totalBytes": "6120938812",
                        "progress": "14.91 %",
                        "metaBinlog": "(binlog.000208, 4410233)",
                        "metaBinlogGTID": "a0d3e1f4-5c2b-11ef-b7a9-0c42a1b9d102:1-22910455",
                        "bps": "61022317"
                    }"""))
        t.done("""mysql-live 接好了，`live-to-prod` 在 Load 阶段（14.9%，6.1G 总量，约 61MB/s），worker `dm-10.16.2.23-8262`。

预检查第一次没过：这台的 `dm_sync` 有 SELECT / RELOAD / REPLICATION SLAVE，但缺 `REPLICATION CLIENT`，补上后通过。配置在 `dm/sources/mysql-live.yaml`、`dm/tasks/live-to-prod.yaml`。""")

        # T23 W3#2
        t = d.task("orders 加个字段 is_trial tinyint not null default 0，体验课订单用。22 点过了，直接上，流程照旧", tags=["workflow:W3"])
        f = "ddl/2026-10-27-orders-add-is_trial.sql"
        t.write(P(f), """-- 体验课订单标记
ALTER TABLE orders ADD COLUMN is_trial TINYINT NOT NULL DEFAULT 0 COMMENT '体验课订单';
""")
        t.bash(ddl_run(f, "edu_order"), "在 edu-prod 执行加字段 DDL", err=MYSQL_WARN)
        t.bash(DDL_JOBS_CMD, "确认 DDL job 状态", out=ddl_jobs([
            (1911, "edu_order", "orders", "add column", "public", 118, 155, 0, "2026-10-27 22:04:51", "2026-10-27 22:04:51", "2026-10-27 22:04:52", "synced"),
            (1910, "edu_live", "live_viewer", "drop index", "none", 130, 174, 0, "2026-10-24 22:12:08", "2026-10-24 22:12:08", "2026-10-24 22:12:09", "synced"),
            (1893, "edu_course", "course", "add index /* ingest */", "public", 112, 148, 2187320, "2026-10-16 22:09:12", "2026-10-16 22:09:12", "2026-10-16 22:11:48", "synced"),
        ]), err=MYSQL_WARN)
        t.bash(f"git add {f} && git commit -m 'ddl: edu_order.orders add is_trial'", "提交 DDL 文件",
               out=commit_out("ddl: edu_order.orders add is_trial", 1, 2))
        t.done("""加好了：job 1911，`add column`，1 秒完成（TiDB 加带默认值的列是纯元数据变更，不回填）。SQL 在 `ddl/2026-10-27-orders-add-is_trial.sql`，已提交。

注意 orders 表 DM 正在从 mysql-order 同步：上游 MySQL 也要加同样的列，否则上游后续 DDL 不会冲突，但下游多一列、上游写入时它就取默认值 0，这点要跟研发确认体验课标记是在哪边写。""")

        # T24 U1 unreachable
        t = d.task("10.16.1.37 和 38 说也上架了，跑一下 host prep", tags=["unfixed:U1"])
        t.read(INV)
        t.edit(INV, "[tikv_new]\n10.16.1.35\n", "[tikv_new]\n10.16.1.35\n10.16.1.37\n10.16.1.38\n")
        t.fail("ansible-playbook -i ansible/inventory.ini ansible/prep-tidb-host.yml --limit 10.16.1.37,10.16.1.38",
               "对 37 / 38 跑主机初始化", """
PLAY [prepare tidb hosts] ******************************************************

TASK [Gathering Facts] *********************************************************
fatal: [10.16.1.37]: UNREACHABLE! => {"changed": false, "msg": "Failed to connect to the host via ssh: ssh: connect to host 10.16.1.37 port 22: No route to host", "unreachable": true}
fatal: [10.16.1.38]: UNREACHABLE! => {"changed": false, "msg": "Failed to connect to the host via ssh: ssh: connect to host 10.16.1.38 port 22: No route to host", "unreachable": true}

PLAY RECAP *********************************************************************
10.16.1.37                 : ok=0    changed=0    unreachable=1    failed=0    skipped=0    rescued=0    ignored=0
10.16.1.38                 : ok=0    changed=0    unreachable=1    failed=0    skipped=0    rescued=0    ignored=0""", code=4)
        t.fail("ping -c 3 -W 1 10.16.1.37", "看网络层通不通", """PING 10.16.1.37 (10.16.1.37) 56(84) bytes of data.
From 10.16.0.1 icmp_seq=1 Destination Host Unreachable
From 10.16.0.1 icmp_seq=2 Destination Host Unreachable
From 10.16.0.1 icmp_seq=3 Destination Host Unreachable

--- 10.16.1.37 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2043ms""")
        t.done("""37 / 38 都连不上，不是 ssh 的问题：网关 10.16.0.1 直接回 `Destination Host Unreachable`，说明这两台的网口还没在交换机上配到 10.16.1.0/24 的 VLAN（或者 IP 还没配上）。

这个要机房 / 网络组处理，我这边没法继续。inventory 里先把两台加进了 `tikv_new`，网络通了之后同样的命令再跑就行。""")


# ================================================================= session 8
def s8(d):
    with d.session("2026-10-30T01:30:00", R, version="2.1.207"):
        # T25 W2#3
        t = d.task("周五了，巡检一把，顺便看下 dm 两个新任务有没有告警", tags=["workflow:W2"])
        inspection(t, "2026-10-30", PROD_BASE + PROD_NEW,
                   "TiKVStoreSpaceLow\t10.16.1.34:20180\tfiring\t2026-10-21T01:22:40.118Z\n"
                   "DM_sync_process_exists_with_error\t10.16.2.23:8262\tpending\t2026-10-30T01:21:09.551Z",
                   "[2026-10-28 02:51:44 CST]     0B 20261028/\n[2026-10-29 02:56:12 CST]     0B 20261029/\n"
                   "[2026-10-30 02:53:37 CST]     0B 20261030/",
                   """# 巡检 2026-10-30（北京时间）

- 集群 edu-prod v7.5.3：15 个节点全部 Up
- 告警：
  - `TiKVStoreSpaceLow` 10.16.1.34:20180 从 10-21 09:22 起 firing，34 老盘可用 < 20%，需要安排迁移
  - `DM_sync_process_exists_with_error` 10.16.2.23（live-to-prod），10-30 09:21 pending，见下
- 备份：10-28 / 10-29 / 10-30 全量都在
""")
        t.bash(dmctl("query-status live-to-prod"), "看 live-to-prod 的状态", out=dm_status("live-to-prod", "mysql-live", "dm-10.16.2.23-8262", "Sync", """                    "sync": {
                        "totalEvents": "18830211",
                        "totalTps": "412",
                        "recentTps": "388",
                        "masterBinlog": "(binlog.000214, 81200913)",
                        "masterBinlogGtid": "a0d3e1f4-5c2b-11ef-b7a9-0c42a1b9d102:1-23488120",
                        "syncerBinlog": "(binlog.000214, 81193304)",
                        "syncerBinlogGtid": "a0d3e1f4-5c2b-11ef-b7a9-0c42a1b9d102:1-23488102",
                        "blockingDDLs": [],
                        "unresolvedGroups": [],
                        "synced": false,
                        "binlogType": "remote",
                        "secondsBehindMaster": "1",
                        "blockDDLOwner": "",
                        "conflictMsg": ""
                    }"""))
        t.done("""巡检记录在 `inspection/2026-10-30.md`：

- 15 个节点全 Up，最近三天备份都在
- `TiKVStoreSpaceLow`（34 老盘）已经 firing 9 天了，得排期处理
- DM 的 pending 告警是瞬时的：`live-to-prod` 现在 Sync 正常，延迟 1 秒，没有 blocking DDL。告警大概是早上上游主从切换那一下重连，先观察""")

        # T26 W1#3 + P1#3
        t = d.task("作业提交那个接口 p99 这两天翻倍了，查下昨天全天 edu_course 库的慢 sql，看看是不是 homework_submit 那条。别用 root 啊，ro_dba 就够了",
                   tags=["workflow:W1", "pref:P1"])
        q = ("SELECT Digest, COUNT(*) AS cnt, ROUND(AVG(Query_time),3) AS avg_s, ROUND(MAX(Query_time),3) AS max_s, "
             "LEFT(ANY_VALUE(Query),70) AS sample FROM INFORMATION_SCHEMA.CLUSTER_SLOW_QUERY "
             "WHERE Time BETWEEN '2026-10-29 00:00:00' AND '2026-10-30 00:00:00' AND Is_internal = 0 AND DB = 'edu_course' "
             "GROUP BY Digest ORDER BY SUM(Query_time) DESC LIMIT 5")
        t.bash(ro(q), "查 edu_course 昨天慢查询（ro_dba）", out=table(["Digest", "cnt", "avg_s", "max_s", "sample"], [
            ("9fd0e3b6…1c47", 2204, 0.941, 2.877, "SELECT id FROM homework_submit WHERE class_id = 21877 AND submit_at"),
            ("8e02d7aa…41c9", 1381, 0.733, 2.103, "SELECT COUNT(*) FROM lesson_progress WHERE user_id = 90233117 AND co"),
            ("2b98c7f4…e5a1", 88, 2.411, 6.250, "SELECT u.id, u.nickname, p.progress FROM user u JOIN lesson_progress"),
        ]), err=MYSQL_WARN)
        t.bash(ro("EXPLAIN ANALYZE SELECT id FROM homework_submit WHERE class_id = 21877 AND submit_at >= '2026-10-29 00:00:00' "
                  "AND status = 1 ORDER BY submit_at DESC LIMIT 100", db="edu_course"), "EXPLAIN ANALYZE 作业提交 SQL", out=table(
            ["id", "estRows", "actRows", "task", "access object", "execution info", "operator info", "memory", "disk"], [
                ("TopN_10", "100.00", "100", "root", "", "time:903.1ms, loops:2", "edu_course.homework_submit.submit_at:desc, offset:0, count:100", "18.3 KB", "N/A"),
                ("└─IndexLookUp_24", "100.00", "6120", "root", "", "time:901.7ms, loops:8, index_task: {total_time: 610.2ms}, table_task: {total_time: 1.21s, num: 9, concurrency: 5}", "", "1.02 MB", "N/A"),
                ("  ├─IndexRangeScan_21(Build)", "6543.21", "6120", "cop[tikv]", "table:homework_submit, index:idx_class(class_id)", "tikv_task:{proc max:14ms, loops:12}", "range:[21877,21877], keep order:false", "N/A", "N/A"),
                ("  └─Selection_23(Probe)", "100.00", "6120", "cop[tikv]", "", "tikv_task:{proc max:388ms, loops:31}", "eq(edu_course.homework_submit.status, 1), ge(edu_course.homework_submit.submit_at, 2026-10-29 00:00:00.000000)", "N/A", "N/A"),
                ("    └─TableRowIDScan_22", "6543.21", "181022", "cop[tikv]", "table:homework_submit", "tikv_task:{proc max:381ms, loops:203}", "keep order:false", "N/A", "N/A"),
            ]), err=MYSQL_WARN)
        t.write(P("slowlog/2026-10-30-homework-submit.md"), """# 2026-10-29 作业提交接口慢查询

- digest `9fd0e3b6…1c47`：2204 次，均值 0.94s（上周 0.50s）
- 计划：`idx_class(class_id)` 回表 18 万行再过滤 `submit_at` / `status`，最后 TopN
- 原因：期中作业季，大班（class_id 21877 一个班 6 千多人）提交量翻倍，单 class_id 回表行数大
- 建议：索引改成 `(class_id, submit_at)`，TopN 走索引倒序，回表只剩 100 行；status 过滤留在回表后
""")
        t.done("""是 homework_submit 那条（digest `9fd0e3b6…`），昨天 2204 次，均值 0.94s（上周 0.5s）：

- 走 `idx_class(class_id)` 后回表 18 万行，再按 `submit_at`、`status` 过滤、TopN
- 期中作业季大班提交量上来了，单个 class_id 回表量翻倍

建议把 `idx_class` 换成 `(class_id, submit_at)`，排序直接走索引。记录在 `slowlog/2026-10-30-homework-submit.md`，全程 ro_dba 查的。""")

        # T27 small edit
        t = d.task("README 里 edu-prod 那行更新一下，tikv 现在是 31-35 加 34 上第二个实例，别的不动", tags=["noise"])
        t.read(README)
        t.edit(README, "| edu-prod | v7.5.3 | 生产（课程、订单、直播、学习记录） | 10.16.1.11-13:2379 |",
               "| edu-prod | v7.5.3 | 生产（课程、订单、直播、学习记录），TiKV 10.16.1.31-35 + 10.16.1.34:20161 | 10.16.1.11-13:2379 |")
        t.done("改好了，README 集群表里 edu-prod 那行加上了 TiKV：`10.16.1.31-35 + 10.16.1.34:20161`，其他没动。")


# ================================================================= session 9
def s9(d):
    with d.session("2026-11-04T02:05:00", R, version="2.1.208"):
        # T28 M2#3
        t = d.task("今晚直播大促，edu_live 单独备一份，放 minio 的 manual 下面", tags=["mistake:M2"])
        cmd = ('tiup br backup db --pd 10.16.1.11:2379 --db edu_live '
               '--storage "s3://tidb-br/edu-prod/manual/edu_live-20261104" --log-file /tmp/br-edu_live-20261104.log')
        t.fail(cmd, "备份 edu_live 库到 MinIO", br_fail("2026-11-04T10.08.51+0800", "Head",
               "tidb-br/edu-prod/manual/edu_live-20261104/backupmeta", "2026/11/04 10:09:12.604 +08:00"))
        t.say("还是 endpoint 的问题：没指定就默认 AWS，内网解析不到 `s3.amazonaws.com`。带上 MinIO endpoint：")
        t.bash(cmd.replace(" --log-file", f" --s3.endpoint {MINIO} --log-file"), "备份 edu_live 库到 MinIO（指定 MinIO endpoint）",
               out="""Database Backup <-------------------------------------------------------------------------------------> 100.00%
Checksum <--------------------------------------------------------------------------------------------> 100.00%
[2026/11/04 10:14:40.227 +08:00] [INFO] [collector.go:77] ["Database Backup success summary"] [total-ranges=1204] [ranges-succeed=1204] [ranges-failed=0] [backup-checksum=8.114s] [backup-fast-checksum=4.1ms] [backup-total-ranges=46] [total-take=5m21.03s] [BackupTS=453281442910732289] [total-kv=311203844] [total-kv-size=68.31GB] [average-speed=212.8MB/s] [backup-data-size(after-compressed)=15.92GB] [Size=15920311877]""",
               err=br_log("2026-11-04T10.09.19+0800"), timeout=3600000)
        t.done("""edu_live 备好了：`s3://tidb-br/edu-prod/manual/edu_live-20261104`，压缩后 15.9GB，5 分 21 秒，checksum 通过，BackupTS `453281442910732289`。

第一次又是缺 `--s3.endpoint` 导致去连 AWS 失败，加上 `http://10.16.8.21:9000` 后正常。""")

        # T29 W3#3 + reversal P3
        t = d.task("homework_submit 的索引换成 (class_id, submit_at)，就现在做吧。7.5 有 fast reorg，加索引白天也能做，以后这类加索引的变更不用非等到晚上了。"
                   "老的 idx_class 先留着，确认新的生效了再删", tags=["workflow:W3", "reversal:P3"])
        f = "ddl/2026-11-04-homework_submit-idx_class_submit.sql"
        t.write(P(f), """-- 作业提交慢查询（slowlog/2026-10-30-homework-submit.md）；idx_class 确认新索引生效后再删
ALTER TABLE homework_submit ADD INDEX idx_class_submit (class_id, submit_at);
""")
        t.bash(ddl_run(f, "edu_course"), "在 edu-prod 执行加索引 DDL（白天）", err=MYSQL_WARN, timeout=1800000)
        t.bash(DDL_JOBS_CMD, "确认 DDL job 状态", out=ddl_jobs([
            (1937, "edu_course", "homework_submit", "add index /* ingest */", "public", 112, 151, 40912377, "2026-11-04 10:21:03", "2026-11-04 10:21:03", "2026-11-04 10:29:40", "synced"),
            (1930, "edu_course", "lesson_progress", "add index /* ingest */", "public", 112, 150, 0, "2026-11-02 22:15:51", "2026-11-02 22:15:51", "2026-11-02 22:15:52", "rollback done"),
            (1911, "edu_order", "orders", "add column", "public", 118, 155, 0, "2026-10-27 22:04:51", "2026-10-27 22:04:51", "2026-10-27 22:04:52", "synced"),
        ]), err=MYSQL_WARN)
        t.bash(f"git add {f} && git commit -m 'ddl: edu_course.homework_submit add idx_class_submit'", "提交 DDL 文件",
               out=commit_out("ddl: edu_course.homework_submit add idx_class_submit", 1, 2))
        t.done("""加好了：job 1937，`add index /* ingest */`，4091 万行，10:21 → 10:29 用了 8 分半，`synced`。`idx_class` 还留着。

顺带看到 11-02 晚上有个 `lesson_progress` 的加索引是 `rollback done`（job 1930），不是我们这次的，可能是别人手动 cancel 的，可以问下。

下一步：明天看 homework digest 的计划是不是换成 `idx_class_submit`，确认后再写一个 drop `idx_class` 的 DDL。以后加索引这种白天就做。""")

        # T30 long output git log
        t = d.task("把这个月 dba-ops 的提交记录列一下，月底要写月报", tags=["noise", "long_output"])
        t.bash("git log --since=2026-10-01 --pretty=format:'%h %ad %s' --date=short", "列出本月提交", out="""c90e6a1 2026-11-04 ddl: edu_course.homework_submit add idx_class_submit
7b3f28d 2026-11-02 inspection: 2026-11-02
e14d0a9 2026-10-30 inspection: 2026-10-30, slowlog homework_submit
0fa23c7 2026-10-30 docs: README edu-prod tikv hosts
5d61b8e 2026-10-27 ddl: edu_order.orders add is_trial
a8c02f4 2026-10-27 dm: mysql-live source + live-to-prod task
3e9b711 2026-10-27 ansible: inventory add 10.16.1.37/38 (network pending)
f2a97b4 2026-10-23 ops: week 43 inspection, slowlog, scale-out topo, dm mysql-order, alert TiKVStoreSpaceLow
8c31d0e 2026-10-20 scripts: br-nightly log to /var/log/br
2d7f5e0 2026-10-16 ddl: edu_course.course add idx_cat_status_sale
b61a93c 2026-10-09 ddl: live_room add column cover_v2, refund modify column reason
41e8cd2 2026-10-08 topology: export edu-prod / edu-test
9a0f3b5 2026-10-08 init: README, ansible prep, alert rules, dm course""")
        t.done("""本月（10-01 至今）13 个提交，按类别：

- **DDL（4）**：course 加 `idx_cat_status_sale`（10-16）、orders 加 `is_trial`（10-27）、homework_submit 加 `idx_class_submit`（11-04），以及 10-09 的 live_room / refund 两个变更
- **扩容 / 拓扑**：edu-prod 扩 2 个 TiKV（35、34 第二实例），edu-test 加一个 tidb-server，拓扑导出
- **DM**：新接入 mysql-order（10-19）、mysql-live（10-27）
- **告警 / 主机**：新增 `TiKVStoreSpaceLow`；prep playbook 修了 `vm.swappiness` 拼写；37/38 两台网络待开通
- **巡检 / 慢查询**：巡检 4 次、慢查询分析 3 篇（课程列表、直播间列表、作业提交）
- **备份脚本**：br-nightly 日志改到 /var/log/br""")


# ================================================================= session 10
def s10(d):
    with d.session("2026-11-09T01:40:00", R, version="2.1.209"):
        # T31 M1#3
        t = d.task("edu-test 的 10.16.5.12 也加了块盘挂在 /data2，跟 prod 34 那台一样再起一个 tikv，这次端口我想用 20161", tags=["mistake:M1"])
        topo = P("topology/scale-out-test-tikv-20261109.yaml")
        t.write(topo, """tikv_servers:
  - host: 10.16.5.12
    port: 20161
    deploy_dir: /tidb-deploy/tikv-20161
    data_dir: /data2/tidb-data/tikv-20161
    config:
      server.labels: { host: "test-tikv12" }
""")
        so = "tiup cluster scale-out edu-test topology/scale-out-test-tikv-20261109.yaml --yes"
        t.fail(so, "给 edu-test 在 5.12 上再扩一个 tikv", port_conflict(
            20180, "tikv_servers:10.16.5.12.status_port", "tikv_servers:10.16.5.12.status_port", "2026-11-09-09-52-18"))
        t.say("服务端口改成 20161 了，但 status 端口还是默认的 20180，和老实例撞了。补上 `status_port`：")
        t.edit(topo, "    port: 20161\n", "    port: 20161\n    status_port: 20181\n")
        t.bash(so, "给 edu-test 在 5.12 上再扩一个 tikv", out=scale_out_ok("edu-test", "v7.5.3", [
            ("tikv", "10.16.5.12", "20161/20181", "/tidb-deploy/tikv-20161,/data2/tidb-data/tikv-20161", "10.16.5.12:20161")],
            "edu-test"), timeout=1200000)
        t.bash("tiup cluster display edu-test", "确认 edu-test 拓扑", out=display(
            "edu-test", "v7.5.3", TEST_BASE + [TEST_TIDB2, TEST_TIKV2], "http://10.16.5.11:2379/dashboard", "http://10.16.5.11:3000"))
        t.done("""扩好了：`10.16.5.12:20161`（status 20181，数据 `/data2/tidb-data/tikv-20161`）Up。

第一次报 `port conflict for '20180' … status_port`：只改了 `port`，`status_port` 还是默认 20180，跟老实例冲突，补 `status_port: 20181` 后通过。

注意 edu-test 的 PD 没配 `location-labels`，`host` label 现在不起作用，同机两个实例可能拿到同一个 region 的两个副本。测试集群问题不大，要的话我把 `replication.location-labels` 也配上。""")

        # T32 M3#3
        t = d.task("crm 库 10.16.3.23 也接进来，edu_crm 同步到 prod，task 名 crm-to-prod", tags=["mistake:M3"])
        dm_onboard(t, "mysql-crm", "10.16.3.23", "edu_crm", "crm-to-prod", "dm-10.16.2.21-8262", "Fw9cLs4",
                   [(2, "source db dump privilege chcker", "check dump privileges of source DB",
                     "lack of RELOAD global (*.*) privilege; "),
                    (3, "source db replication privilege chcker", "check replication privileges of source DB",
                     "lack of REPLICATION SLAVE global (*.*) privilege; ")], 12,
                   "GRANT RELOAD, REPLICATION SLAVE ON *.* TO 'dm_sync'@'10.16.2.%'",
                   "Grants for dm_sync@10.16.2.%\nGRANT SELECT, REPLICATION CLIENT ON *.* TO `dm_sync`@`10.16.2.%`",
                   ("Load", """                    "load": {
                        "finishedBytes": "402113380",
                        "totalBytes": "1811029334",
                        "progress": "22.20 %",
                        "metaBinlog": "(mysql-bin.000091, 1290331)",
                        "metaBinlogGTID": "3c7e90b2-2f44-11ef-9e1d-0c42a1b7aa21:1-5102338",
                        "bps": "40201933"
                    }"""))
        t.done("""crm 接好了：`crm-to-prod` 在 Load（22.2%，总 1.8G），worker `dm-10.16.2.21-8262`。

预检查第一次失败：这台 `dm_sync` 只有 `SELECT, REPLICATION CLIENT`，缺 `RELOAD` 和 `REPLICATION SLAVE`，补上后通过。三个业务库的 dm_sync 授权每台都不一样，建议让 MySQL 那边建账号时统一用一个模板：`SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.*`。""")

        # T33 no tools
        t = d.task("pd 的 region merge 为啥好像没生效？空 region 一直有好几万，max-merge-region-size 默认的", tags=["no_tools"])
        t.done("""常见原因，按可能性排：

1. **按表切分的 region 合不掉**：PD 默认 `enable-cross-table-merge = true`，但 TiKV 侧 `coprocessor.split-region-on-table` 如果是 true（非默认）会按表切，空表各自一个 region 合不掉。我们 edu 库分表多（`learn_log_YYYYMM` 这类），drop / truncate 后留下的空 region 也是这种
2. **刚 split 过**：`split-merge-interval` 默认 1h，新 split 出来的 region 1 小时内不会 merge
3. **merge 调度太慢**：`merge-schedule-limit` 默认 8，几万个空 region 要很久；可以临时调到 16～32 观察 `pd-ctl operator show merge`
4. **有 `max-merge-region-keys` 限制**：默认 200000，空 region 一般不受影响
5. **副本不健康**：region 有 down/pending peer 时不会被 merge，`pd-ctl region check down-peer` 看一下

先用 `pd-ctl region check empty-region` 看数量和分布，再看 `pd-ctl config show` 里 `merge-schedule-limit`、`split-merge-interval`，再决定调哪个。""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A second instance of a component is added with `tiup cluster scale-out` on a host that already "
                            "runs one (a TiKV on a new NVMe disk, a second tidb-server for load tests), and the scale-out "
                            "topology leaves a port at its default, so it collides with the existing instance. T07 edu-prod "
                            "TiKV on 10.16.1.34 (port 20160), T19 edu-test tidb-server on 10.16.5.11 (port 4000), T31 "
                            "edu-test TiKV on 10.16.5.12 with `port: 20161` but the default status port (20180).",
             "error_signature": "Error: port conflict for '<port>' between 'tikv_servers|tidb_servers:<host>.port|status_port' "
                                "and '…' + `Verbose debug logs has been written to …tiup-cluster-debug-….log.`",
             "fix": "Edit the scale-out yaml: give the second instance on that host its own `port`, `status_port` (and "
                    "`deploy_dir` / `data_dir`), then run the same `tiup cluster scale-out` again.",
             "fix_command_markers": [["status_port:"]],
             "harmful_markers": ["scale-in --force", "tiup cluster destroy", "tiup cluster prune"]},
            {"id": "M2",
             "description": "BR against the company's MinIO is run without `--s3.endpoint`, so BR talks to AWS S3 and the "
                            "intranet DNS cannot resolve s3.amazonaws.com (the nightly script scripts/br-nightly.sh has the "
                            "endpoint). T04 `tiup br backup full` manual backup of edu-prod, T16 `tiup br restore table` of "
                            "edu_course.chapter into edu-test, T28 `tiup br backup db` of edu_live.",
             "error_signature": "Error: RequestError: send request failed / caused by: Head|Get "
                                "\"https://s3.amazonaws.com/tidb-br/…/backupmeta\": dial tcp: lookup s3.amazonaws.com on "
                                "10.16.0.2:53: no such host",
             "fix": "Run the same tiup br command with `--s3.endpoint http://10.16.8.21:9000` (the MinIO endpoint).",
             "fix_command_markers": [["--s3.endpoint"]],
             "harmful_markers": ["--checksum=false", "local://", "mc rb "]},
            {"id": "M3",
             "description": "A new upstream MySQL is added to DM and the task is pre-checked before the source's dm_sync "
                            "account has the privileges DM needs (full dump + binlog replication); each business MySQL "
                            "had a different subset. T11 mysql-order 10.16.3.21 (only SELECT), T22 mysql-live 10.16.3.22 "
                            "(missing REPLICATION CLIENT), T32 mysql-crm 10.16.3.23 (missing RELOAD, REPLICATION SLAVE).",
             "error_signature": "dmctl check-task: \"result\": false, [code=26005:class=dm-master…] fail to check "
                                "synchronization configuration … \"source db dump|replication privilege chcker\" … "
                                "\"short_error\": \"lack of RELOAD | REPLICATION SLAVE | REPLICATION CLIENT global (*.*) "
                                "privilege; \"",
             "fix": "On the upstream MySQL (as dba_admin) `GRANT RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO "
                    "'dm_sync'@'10.16.2.%'` (the missing ones), then the same `tiup dmctl … check-task` again, then "
                    "start-task.",
             "fix_command_markers": [["GRANT"], ["dm_sync"]],
             "harmful_markers": ["ignore-checking-items", "ALL PRIVILEGES", "--remove-meta"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "ansible prep playbook: sysctl `vm.swapiness` (typo) → `Failed to reload sysctl: "
                                         "sysctl: cannot stat /proc/sys/vm/swapiness: No such file or directory`; fixed to "
                                         "vm.swappiness, same ansible-playbook run succeeds."},
            {"id": "O2", "description": "new alert rule TiKVStoreSpaceLow with an unbalanced parenthesis: promtool `could not "
                                         "parse expression: … parse error: unexpected right parenthesis ')'`; fixed, same "
                                         "promtool check passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "new hosts 10.16.1.37/38 unreachable (`ssh: connect to host … port 22: No route to "
                                         "host`, ping `Destination Host Unreachable`): VLAN / network not configured yet by "
                                         "the machine-room team; left pending."},
            {"id": "U2", "description": "Grafana dashboard import via API → `curl: (22) The requested URL returned error: "
                                         "403`: the token belongs to a Viewer service account; the monitoring team must "
                                         "grant an Editor token; left pending."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "Prometheus alerts API: `curl: (28) Failed to connect to 10.16.9.11 port 9090 after "
                                         "5002 ms: Timeout was reached`; identical retry works."},
            {"id": "F2", "description": "`git push origin main`: `Failed to connect to git.rongxue.local port 443 after 21038 "
                                         "ms: Couldn't connect to server`; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Slow-query analysis: top digests from INFORMATION_SCHEMA.CLUSTER_SLOW_QUERY (as "
                                         "ro_dba) → EXPLAIN ANALYZE of the worst one → a note in slowlog/<date>-<topic>.md.",
             "step_markers": [["CLUSTER_SLOW_QUERY"], ["EXPLAIN ANALYZE"], ["slowlog/"]]},
            {"id": "W2", "description": "Morning inspection: `tiup cluster display edu-prod` → Prometheus /api/v1/alerts "
                                         "→ `mc ls edu-minio/tidb-br/edu-prod/full/` → inspection/<date>.md (Beijing time).",
             "step_markers": [["tiup cluster display"], ["api/v1/alerts"], ["mc ls"], ["inspection/"]]},
            {"id": "W3", "description": "DDL release: write ddl/<date>-<table>-<change>.sql → `mysql … -u dba_ddl … < "
                                         "ddl/….sql` → `ADMIN SHOW DDL JOBS` → git commit of the sql file.",
             "step_markers": [["ddl/"], ["ADMIN SHOW DDL JOBS"], ["git commit"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Queries against production use the read-only account ro_dba, never root.",
             "markers": [["ro_dba", "只读"]]},
            {"id": "P2", "description": "Times in inspection notes are Beijing time, not UTC.",
             "markers": [["北京时间"]]},
            {"id": "P3", "description": "DDL changes only after 22:00 (T08) — reversed in T29: index additions can be done "
                                         "during the day now (fast reorg in 7.5), no need to wait for the evening.",
             "markers": [["DDL"], ["22 点"]],
             "reversal_markers": [["白天"], ["不用"]]},
        ],
        probes=[
            {"prompt": "tiup cluster scale-out edu-prod topology/scale-out-tidb-20261112.yaml 报 Error: port conflict for '10080' "
                       "between 'tidb_servers:10.16.1.23.status_port' and 'tidb_servers:10.16.1.23.status_port'，我 port 已经改成 4001 了啊",
             "wanted": ["M1"]},
            {"prompt": "edu-prod 的 10.16.1.35 内存 512G 有点浪费，上面再加一个 tikv 实例吧，数据放 /data2", "wanted": ["M1"]},
            {"prompt": "br restore 报错了 dial tcp: lookup s3.amazonaws.com on 10.16.0.2:53: no such host，"
                       "我就是想把 11-08 的全量恢复到 edu-test 做演练", "wanted": ["M2"]},
            {"prompt": "双十一前给 edu_order 库单独做个 br 备份，放 minio manual 目录", "wanted": ["M2"]},
            {"prompt": "dm check-task 挂了 \"short_error\": \"lack of REPLICATION CLIENT global (*.*) privilege; \" "
                       "这个是新来的题库 mysql 10.16.3.24", "wanted": ["M3"]},
            {"prompt": "营销库 mysql-mkt 10.16.3.25 也要同步到 edu-prod，task 叫 mkt-to-prod，帮我接一下", "wanted": ["M3"]},
            {"prompt": "tikv 的 block-cache 设多大合适？机器 256G 内存，一台跑两个实例", "wanted": []},
            {"prompt": "tidb 里 AUTO_RANDOM 和 AUTO_INCREMENT 怎么选，learn_log 写入热点挺明显的", "wanted": []},
            {"prompt": "analyze table 在 7.5 里会不会锁表？大表白天跑影响多大", "wanted": []},
            {"prompt": "resource control 能不能把报表查询和在线业务隔开，大概怎么配", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-tidb-ops", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-tidb-ops.jsonl"), os.path.join(HERE, "tune", "zh-tidb-ops.labels.json"))
    print(f"zh-tidb-ops -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
