"""zh-analyst: 陈雨桐 (Chen Yutong), data analyst at 鲜邻生活 (Xianlin Life, Hangzhou: community fresh-grocery app + ~420 stores).

Stack: a git repo of analysis code (Python 3.11 with uv, pandas 2.2 and polars 1.x, clickhouse-connect, pymysql,
openpyxl Excel output, matplotlib / plotly charts), Jupyter notebooks run with papermill and converted with nbconvert,
ad-hoc SQL with clickhouse-client against a ClickHouse 24.8 cluster, a MySQL 8.0 read replica of the trade database,
dbt-core 1.8 + dbt-clickhouse models (dev schema dev_chenyt), Superset 4.1 dashboards (superset CLI export/import on
the staging BI host), weekly reports pushed to a Feishu (Lark) group bot webhook. Prompts and replies in Chinese;
tool output as printed. cwd /home/chenyt/work/xl-analytics.

Written blind for fresh/; measured once held out (round 23), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_analyst.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chenyt"
R = "/home/chenyt/work/xl-analytics"
MODEL = "claude-opus-4-6"

CHH = "ch-olap-01.bi.xianlin.internal"
CH = f"clickhouse-client --host {CHH} --user ana_chenyt"
MYH = "mysql-ro-02.db.xianlin.internal"
MY = f"mysql -h {MYH} -u ana_ro"
BI_STG = "bi-stg-01"
REPORT_HOST = "bi-report-01"
VENV = f"{R}/.venv/lib/python3.11/site-packages"

SIG1 = "ValueError: Excel does not support datetimes with timezones"
SIG2 = "Memory limit (for query) exceeded"
SIG3 = "Unknown table expression identifier"
EXT_GB = "--max_bytes_before_external_group_by=5000000000"

_rng = [random.Random(20260907)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ output helpers
def _w(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in str(s))


def _pad(s, w, right):
    s = str(s)
    fill = " " * (w - _w(s))
    return fill + s if right else s + fill


def pretty(headers, rows, right=None):
    """clickhouse-client --format PrettyCompactMonoBlock (no terminal, so no colours)."""
    right = right or [isinstance(v, (int, float)) for v in rows[0]]
    ws = [max(_w(h), *(_w(r[i]) for r in rows)) for i, h in enumerate(headers)]
    top = "┌" + "┬".join("─" + h + "─" * (w - _w(h) + 1) for h, w in zip(headers, ws)) + "┐"
    out = [top]
    for n, r in enumerate(rows, 1):
        out.append(f"{n:>2}. │ " + " │ ".join(_pad(v, w, rt) for v, w, rt in zip(r, ws, right)) + " │")
    out.append("    └" + "┴".join("─" * (w + 2) for w in ws) + "┘")
    out[0] = "    " + out[0]
    return "\n".join(out)


def tsv(headers, rows):
    """mysql -e / clickhouse-client TSVWithNames when stdout is not a terminal."""
    return "\n".join(["\t".join(headers)] + ["\t".join(str(v) for v in r) for r in rows])


def ch_mem_error(host, would, chunk, query, transform="AggregatingTransform"):
    return (f"Received exception from server (version 24.8.4):\n"
            f"Code: 241. DB::Exception: Received from {host}:9000. DB::Exception: {SIG2}: would use {would} GiB "
            f"(attempt to allocate chunk of {chunk} bytes), maximum: 9.31 GiB.: While executing {transform}. "
            f"(MEMORY_LIMIT_EXCEEDED)\n(query: {query})")


NODES = {"models": 61, "seeds": 6, "tests": 148}


def dbt_found(t0):
    return f"{t0}  Found {NODES['models']} models, {NODES['seeds']} seeds, {NODES['tests']} data tests, 42 sources, 903 macros"


def dbt_head(t0):
    return [f"{t0}  Running with dbt=1.8.7",
            f"{t0}  Registered adapter: clickhouse=1.8.4",
            dbt_found(t0),
            f"{t0}  ",
            f"{t0}  Concurrency: 4 threads (target='dev')",
            f"{t0}  "]


def dbt_line(ts, i, n, verb, what, status):
    left = f"{ts}  {i} of {n} {verb} {what} "
    return left + "." * max(3, 90 - len(left)) + f" [{status}]"


def dbt_unknown_table(t0, t1, model, path, missing, scope):
    return "\n".join(dbt_head(t0) + [
        dbt_line(t0, 1, 1, "START sql table model", f"dev_chenyt.{model}", "RUN"),
        dbt_line(t1, 1, 1, "ERROR creating sql table model", f"dev_chenyt.{model}", "ERROR in 0.41s"),
        f"{t1}  ",
        f"{t1}  Finished running 1 table model in 0 hours 0 minutes and 1.87 seconds (1.87s).",
        f"{t1}  ",
        f"{t1}  Completed with 1 error and 0 warnings:",
        f"{t1}  ",
        f"{t1}    Database Error in model {model} ({path})",
        f"  :HTTPDriver for http://{CHH}:8123 received ClickHouse error code 60",
        f"   Code: 60. DB::Exception: {SIG3} 'dev_chenyt.{missing}' in scope {scope}. (UNKNOWN_TABLE) "
        f"(version 24.8.4.13 (official build))",
        f"  compiled code at target/run/xl_analytics/{path}",
        f"{t1}  ",
        f"{t1}  Done. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1"])


def dbt_seed_ok(t0, t1, seed, rows):
    return "\n".join(dbt_head(t0) + [
        dbt_line(t0, 1, 1, "START seed file", f"dev_chenyt.{seed}", "RUN"),
        dbt_line(t1, 1, 1, "OK loaded seed file", f"dev_chenyt.{seed}", f"INSERT {rows} in 0.58s"),
        f"{t1}  ",
        f"{t1}  Finished running 1 seed in 0 hours 0 minutes and 1.21 seconds (1.21s).",
        f"{t1}  ",
        f"{t1}  Completed successfully",
        f"{t1}  ",
        f"{t1}  Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1"])


def dbt_model_ok(t0, t1, model, secs, kind="table"):
    return "\n".join(dbt_head(t0) + [
        dbt_line(t0, 1, 1, f"START sql {kind} model", f"dev_chenyt.{model}", "RUN"),
        dbt_line(t1, 1, 1, f"OK created sql {kind} model", f"dev_chenyt.{model}", f"OK in {secs}s"),
        f"{t1}  ",
        f"{t1}  Finished running 1 {kind} model in 0 hours 0 minutes and {float(secs) + 1.3:.2f} seconds ({float(secs) + 1.3:.2f}s).",
        f"{t1}  ",
        f"{t1}  Completed successfully",
        f"{t1}  ",
        f"{t1}  Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1"])


def dbt_build_ok(t0, t1, model, secs, tests):
    n = 1 + len(tests)
    lines = dbt_head(t0) + [dbt_line(t0, 1, n, "START sql table model", f"dev_chenyt.{model}", "RUN"),
                            dbt_line(t0, 1, n, "OK created sql table model", f"dev_chenyt.{model}", f"OK in {secs}s")]
    for i, tname in enumerate(tests, 2):
        lines.append(dbt_line(t1, i, n, "START test", tname, "RUN"))
    for i, tname in enumerate(tests, 2):
        lines.append(dbt_line(t1, i, n, "PASS", tname, f"PASS in 0.{27 + i * 3}s"))
    lines += [f"{t1}  ",
              f"{t1}  Finished running 1 table model, {len(tests)} data tests in 0 hours 0 minutes and "
              f"{float(secs) + 2.4:.2f} seconds ({float(secs) + 2.4:.2f}s).",
              f"{t1}  ", f"{t1}  Completed successfully", f"{t1}  ",
              f"{t1}  Done. PASS={n} WARN=0 ERROR=0 SKIP=0 TOTAL={n}"]
    return "\n".join(lines)


def excel_tz_tb(script, line_main, line_call, call):
    return f"""Traceback (most recent call last):
  File "{R}/{script}", line {line_main}, in <module>
    main()
  File "{R}/{script}", line {line_call}, in main
    {call}
  File "{VENV}/pandas/util/_decorators.py", line 333, in wrapper
    return func(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/pandas/core/generic.py", line 2417, in to_excel
    formatter.write(
  File "{VENV}/pandas/io/formats/excel.py", line 952, in write
    writer._write_cells(
  File "{VENV}/pandas/io/excel/_openpyxl.py", line 487, in _write_cells
    for cell in cells:
  File "{VENV}/pandas/io/formats/excel.py", line 889, in get_formatted_cells
    cell.val = self._format_value(cell.val)
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/pandas/io/formats/excel.py", line 602, in _format_value
    raise ValueError(
{SIG1}. Please ensure that datetimes are timezone unaware before writing to Excel."""


def commit_out(msg, nfiles, ins, dels=0):
    d = f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""
    return (f"[main {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+){d}")


def push_out(old, new):
    return (f"To gitlab.xianlin.internal:bi/xl-analytics.git\n   {old}..{new}  main -> main")


def papermill_err(nb, out, ncells, secs):
    per = secs / ncells
    return (f"Input Notebook:  {nb}\nOutput Notebook: {out}\n"
            f"Executing:   0%|          | 0/{ncells} [00:00<?, ?cell/s]Executing notebook with kernel: python3\n"
            f"Executing: 100%|██████████| {ncells}/{ncells} [00:{secs:02d}<00:00,  {per:.2f}s/cell]")


def nbconvert_err(nb, html, nbytes):
    return f"[NbConvertApp] Converting notebook {nb} to html\n[NbConvertApp] Writing {nbytes} bytes to {html}"


FEISHU_OK = 'ok: {"StatusCode":0,"StatusMessage":"success","code":0,"data":{},"msg":"success"}'


# ------------------------------------------------------------------ virtual files
README = P("README.md")
PYPROJECT = P("pyproject.toml")
DB_PY = P("xl/db.py")
FMT_PY = P("xl/fmt.py")
EXCEL_PY = P("xl/excel.py")
WSS = P("reports/weekly_store_sales.py")
CRE = P("reports/coupon_redeem_export.py")
CHURN = P("reports/member_churn_list.py")
REVIEW = P("reports/review_export.py")
FEISHU = P("scripts/feishu_send.py")
DBT_PROJECT = P("dbt/dbt_project.yml")
M_GMV = P("dbt/models/marts/mart_store_gmv_daily.sql")
M_COUPON = P("dbt/models/marts/mart_coupon_daily.sql")
M_RFM = P("dbt/models/marts/mart_member_rfm.sql")
M_SCHEMA = P("dbt/models/marts/schema.yml")
M_REGION = P("dbt/models/marts/mart_region_gmv_daily.sql")
M_CATW = P("dbt/models/marts/mart_category_sales_weekly.sql")

README_TXT = """# xl-analytics

鲜邻生活 BI 组的分析代码仓库（报表脚本、notebook、dbt 模型、Superset 看板导出）。

## 环境

```bash
uv sync                      # Python 3.11，依赖见 pyproject.toml / uv.lock
direnv allow                 # .envrc 里是 ClickHouse / MySQL / 飞书 webhook 的环境变量（不进 git）
```

- ClickHouse：`ch-olap-01.bi.xianlin.internal`（24.8，3 分片），分析账号 `ana_<姓名缩写>`，单查询内存上限 9.31 GiB
- MySQL 只读从库：`mysql-ro-02.db.xianlin.internal`，账号 `ana_ro`（密码在 `~/.my.cnf`），只给了交易 / 会员 / 商品库
- dbt：`dbt/`，profile `xl_clickhouse`，每人一个 dev schema（`dev_<姓名缩写>`），prod 由调度平台每天 05:30 跑

## 目录

```
xl/            公共代码：db.py（连接）、fmt.py（数字格式）、excel.py（openpyxl 样式）
reports/       定期报表脚本（Excel 输出到 out/，out/ 不进 git）
notebooks/     papermill 参数化 notebook（weekly_kpi、活动复盘）
sql/adhoc/     临时取数 SQL，文件名带日期
dbt/           dbt 项目：staging（视图）/ marts（表）/ seeds
superset/      看板导出的 yaml（只做备份，改看板走 superset CLI）
scripts/       feishu_send.py 等小工具
docs/recon/    对数记录：口径差异、结论
```

## 周报

周一上午跑 `notebooks/weekly_kpi.ipynb`（papermill，参数 `week`），nbconvert 出 html 放到 bi-report-01，
然后用 `scripts/feishu_send.py --to report` 发到「经营周报」群。
"""

PYPROJECT_TXT = """[project]
name = "xl-analytics"
version = "0.1.0"
description = "鲜邻生活 经营分析：报表脚本、notebook、dbt 模型"
requires-python = ">=3.11,<3.12"
dependencies = [
    "pandas>=2.2,<2.3",
    "polars>=1.9",
    "pyarrow>=17.0",
    "clickhouse-connect>=0.8.3",
    "pymysql>=1.1",
    "openpyxl>=3.1.5",
    "matplotlib>=3.9",
    "papermill>=2.6",
    "nbconvert>=7.16",
    "ipykernel>=6.29",
    "dbt-core~=1.8.7",
    "dbt-clickhouse~=1.8.4",
    "requests>=2.32",
]

[dependency-groups]
dev = ["ruff>=0.6", "jupyterlab>=4.2"]

[[tool.uv.index]]
url = "https://mirrors.aliyun.com/pypi/simple/"
default = true

[tool.ruff]
line-length = 110
"""

DB_PY_TXT = '''"""ClickHouse / MySQL 连接。账号密码从环境变量读（.envrc，direnv）。"""
import os

import clickhouse_connect
import pymysql

CH_HOST = os.environ.get("XL_CH_HOST", "ch-olap-01.bi.xianlin.internal")


def ch():
    """HTTP 8123。DateTime('Asia/Shanghai') 列 query_df / query_arrow 返回带时区的时间。"""
    return clickhouse_connect.get_client(
        host=CH_HOST,
        port=8123,
        username=os.environ["XL_CH_USER"],
        password=os.environ["XL_CH_PASSWORD"],
        database="dws",
        settings={"max_execution_time": 600},
    )


def mysql_ro(db="xl_trade"):
    return pymysql.connect(
        host="mysql-ro-02.db.xianlin.internal",
        user="ana_ro",
        password=os.environ["XL_MYSQL_RO_PASSWORD"],
        database=db,
        charset="utf8mb4",
    )
'''

FMT_PY_TXT = '''"""数字格式：报表 / 周报文案里统一用这里的函数。"""


def wan(x: float) -> str:
    """金额：万元，保留 1 位。"""
    return f"{x / 10000:,.1f} 万"


def pct(x: float, nd: int = 2) -> str:
    """比率 -> 百分数字符串。"""
    return f"{x * 100:.{nd}f}%"


def pct_change(cur: float, prev: float, nd: int = 2) -> str:
    """环比 / 同比，带正负号。"""
    if not prev:
        return "-"
    return f"{(cur / prev - 1) * 100:+.{nd}f}%"
'''

EXCEL_PY_TXT = '''"""openpyxl 小工具：表头样式、列宽。"""
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")


def autofit(ws, min_width=8, max_width=40):
    for col in ws.iter_cols(min_row=1, max_row=min(ws.max_row, 200)):
        width = max(len(str(c.value or "")) * (2 if any(ord(ch) > 127 for ch in str(c.value or "")) else 1)
                    for c in col)
        ws.column_dimensions[get_column_letter(col[0].column)].width = max(min_width, min(max_width, width + 2))
    for c in ws[1]:
        c.font = Font(bold=True)
        c.fill = HEADER_FILL
        c.alignment = Alignment(horizontal="center")
    ws.freeze_panes = "A2"
'''

WSS_TXT = '''"""门店周销售报表：每周一发给区域经理的 Excel。

用法: uv run python reports/weekly_store_sales.py --week 2026-W36
"""
import argparse
from datetime import date
from pathlib import Path

import pandas as pd

from xl.db import ch
from xl.excel import autofit

SQL = """
SELECT
    s.region_name      AS 大区,
    s.city_name        AS 城市,
    g.store_id         AS 门店ID,
    s.store_name       AS 门店,
    sum(g.order_cnt)   AS 订单数,
    sum(g.gmv)         AS GMV,
    round(sum(g.gmv) / nullIf(sum(g.order_cnt), 0), 2) AS 客单价
FROM dws.mart_store_gmv_daily AS g
INNER JOIN dim.dim_store AS s ON s.store_id = g.store_id
WHERE g.dt BETWEEN %(start)s AND %(end)s
GROUP BY 大区, 城市, 门店ID, 门店
ORDER BY 大区, GMV DESC
"""


def week_range(week: str) -> tuple[date, date]:
    y, w = week.split("-W")
    return date.fromisocalendar(int(y), int(w), 1), date.fromisocalendar(int(y), int(w), 7)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--week", required=True, help="ISO 周，如 2026-W36")
    args = ap.parse_args()
    start, end = week_range(args.week)
    df = ch().query_df(SQL, parameters={"start": start, "end": end})
    out = Path("out/store_sales") / f"门店周销售_{args.week}.xlsx"
    out.parent.mkdir(parents=True, exist_ok=True)
    with pd.ExcelWriter(out, engine="openpyxl") as xw:
        df.to_excel(xw, sheet_name="门店周销售", index=False)
        autofit(xw.sheets["门店周销售"])
    print(f"{len(df)} 行 -> {out}")


if __name__ == "__main__":
    main()
'''

CRE_TXT = '''"""券核销明细导出（给财务对账）。

用法: uv run python reports/coupon_redeem_export.py --start 2026-09-01 --end 2026-09-17
"""
import argparse
from pathlib import Path

import pandas as pd
import polars as pl

from xl.db import ch
from xl.excel import autofit

SQL = """
SELECT
    r.coupon_id,
    c.coupon_name,
    c.face_value,
    r.user_id,
    r.order_id,
    r.store_id,
    r.discount_amount
FROM dwd.dwd_coupon_redeem AS r
INNER JOIN dim.dim_coupon AS c ON c.coupon_id = r.coupon_id
WHERE r.dt BETWEEN %(start)s AND %(end)s
ORDER BY r.coupon_id, r.order_id
"""

RENAME = {
    "coupon_id": "券ID",
    "coupon_name": "券名称",
    "face_value": "面额",
    "user_id": "用户ID",
    "order_id": "订单号",
    "store_id": "门店ID",
    "discount_amount": "抵扣金额",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", required=True)
    ap.add_argument("--end", required=True)
    args = ap.parse_args()
    tbl = ch().query_arrow(SQL, parameters={"start": args.start, "end": args.end})
    df = pl.from_arrow(tbl).rename(RENAME)
    summary = (
        df.group_by("券名称", "面额")
        .agg(pl.len().alias("核销张数"), pl.col("抵扣金额").sum().alias("抵扣合计"))
        .sort("抵扣合计", descending=True)
    )
    out = Path("out/coupon") / f"券核销明细_{args.start}_{args.end}.xlsx"
    out.parent.mkdir(parents=True, exist_ok=True)
    with pd.ExcelWriter(out, engine="openpyxl") as xw:
        summary.to_pandas().to_excel(xw, sheet_name="汇总", index=False)
        df.to_pandas().to_excel(xw, sheet_name="明细", index=False)
        for ws in xw.sheets.values():
            autofit(ws)
    print(f"汇总 {summary.height} 行，明细 {df.height} 行 -> {out}")


if __name__ == "__main__":
    main()
'''

REVIEW_TXT = '''"""订单评价导出（品控周会用）：差评 + 带文字的中评。

用法: uv run python reports/review_export.py --start 2026-10-01 --end 2026-10-12
"""
import argparse
from pathlib import Path

import pandas as pd

from xl.db import mysql_ro
from xl.excel import autofit

SQL = """
SELECT r.order_id, r.store_id, s.store_name, r.score, r.content, r.tags, r.created_at
FROM order_review r
JOIN xl_trade.store s ON s.id = r.store_id
WHERE r.created_at >= %(start)s AND r.created_at < DATE_ADD(%(end)s, INTERVAL 1 DAY)
  AND (r.score <= 2 OR (r.score = 3 AND r.content <> ''))
ORDER BY r.store_id, r.created_at
"""

COLS = ["订单号", "门店ID", "门店", "评分", "评价内容", "标签", "评价时间"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", required=True)
    ap.add_argument("--end", required=True)
    args = ap.parse_args()
    with mysql_ro("xl_review") as conn:
        df = pd.read_sql(SQL, conn, params={"start": args.start, "end": args.end})
    df.columns = COLS
    out = Path("out/review") / f"评价导出_{args.start}_{args.end}.xlsx"
    out.parent.mkdir(parents=True, exist_ok=True)
    with pd.ExcelWriter(out, engine="openpyxl") as xw:
        df.to_excel(xw, sheet_name="评价", index=False)
        autofit(xw.sheets["评价"])
    print(f"{len(df)} 条 -> {out}")


if __name__ == "__main__":
    main()
'''

FEISHU_TXT = '''"""往飞书群机器人发消息（富文本 post）。

webhook 地址从环境变量 FEISHU_WEBHOOK_<TO 大写> 读，签名密钥 FEISHU_SECRET_<TO 大写>（群机器人开了签名校验）。
用法: uv run python scripts/feishu_send.py --to report --title "经营周报 2026-W36" --md out/.../summary.md [--link URL]
"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
import time

import requests


def sign(secret: str, ts: int) -> str:
    key = f"{ts}\\n{secret}".encode()
    return base64.b64encode(hmac.new(key, digestmod=hashlib.sha256).digest()).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--to", required=True)
    ap.add_argument("--title", required=True)
    ap.add_argument("--md", required=True)
    ap.add_argument("--link")
    args = ap.parse_args()
    url = os.environ[f"FEISHU_WEBHOOK_{args.to.upper()}"]
    secret = os.environ[f"FEISHU_SECRET_{args.to.upper()}"]
    lines = [[{"tag": "text", "text": l}] for l in open(args.md, encoding="utf-8").read().splitlines() if l.strip()]
    if args.link:
        lines.append([{"tag": "a", "text": "完整报告", "href": args.link}])
    ts = int(time.time())
    body = {"timestamp": str(ts), "sign": sign(secret, ts), "msg_type": "post",
            "content": {"post": {"zh_cn": {"title": args.title, "content": lines}}}}
    r = requests.post(url, json=body, timeout=10)
    r.raise_for_status()
    data = r.json()
    if data.get("code", 0) != 0:
        print(f"飞书返回错误: code={data.get('code')} msg={data.get('msg')}", file=sys.stderr)
        sys.exit(1)
    print("ok:", json.dumps(data, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
'''

DBT_PROJECT_TXT = """name: xl_analytics
version: "1.0.0"
config-version: 2
profile: xl_clickhouse

model-paths: ["models"]
seed-paths: ["seeds"]
test-paths: ["tests"]
macro-paths: ["macros"]
target-path: "target"

models:
  xl_analytics:
    staging:
      +materialized: view
      +schema_suffix: ""
    marts:
      +materialized: table
      +engine: "MergeTree()"

seeds:
  xl_analytics:
    +engine: "MergeTree()"
"""

M_GMV_TXT = """{{ config(order_by='(dt, store_id)', partition_by='toYYYYMM(dt)') }}

-- 门店日 GMV（支付口径，净额 = 支付 - 当日全额退款）
select
    o.dt,
    o.store_id,
    count() as order_cnt,
    uniqExact(o.user_id) as user_cnt,
    sum(o.pay_amount) as gmv
from {{ ref('stg_order') }} as o
where o.pay_status = 1
  and o.refund_status != 2
group by o.dt, o.store_id
"""

M_COUPON_TXT = """{{ config(order_by='(dt, coupon_id)', partition_by='toYYYYMM(dt)') }}

-- 券日汇总：发放、核销、抵扣
with issued as (
    select dt, coupon_id, count() as issue_cnt
    from {{ ref('stg_coupon_issue') }}
    group by dt, coupon_id
),
redeemed as (
    select dt, coupon_id, count() as redeem_cnt, sum(discount_amount) as discount_amt
    from {{ ref('stg_coupon_redeem') }}
    group by dt, coupon_id
)
select
    i.dt,
    i.coupon_id,
    i.issue_cnt,
    coalesce(r.redeem_cnt, 0) as redeem_cnt,
    coalesce(r.discount_amt, 0) as discount_amt
from issued as i
left join redeemed as r on r.dt = i.dt and r.coupon_id = i.coupon_id
"""

M_RFM_TXT = """{{ config(order_by='(user_id)') }}

-- 会员 RFM 分层（近 180 天）
{% set as_of = var('as_of', run_started_at.strftime('%Y-%m-%d')) %}

with base as (
    select
        user_id,
        dateDiff('day', max(dt), toDate('{{ as_of }}')) as recency_days,
        count() as frequency,
        sum(pay_amount) as monetary
    from {{ ref('stg_order') }}
    where pay_status = 1
      and dt >= toDate('{{ as_of }}') - 180
    group by user_id
)
select
    user_id,
    recency_days,
    frequency,
    monetary,
    multiIf(recency_days <= 14, 'R1', recency_days <= 45, 'R2', 'R3') as r_seg,
    multiIf(frequency >= 8, 'F1', frequency >= 3, 'F2', 'F3') as f_seg,
    multiIf(monetary >= 1500, 'M1', monetary >= 400, 'M2', 'M3') as m_seg
from base
"""

M_SCHEMA_TXT = """version: 2

models:
  - name: mart_store_gmv_daily
    description: 门店日 GMV（支付口径，全额退款剔除）
    columns:
      - name: dt
        tests: [not_null]
      - name: store_id
        tests:
          - not_null
          - relationships:
              to: source('dim', 'dim_store')
              field: store_id
      - name: gmv
        tests: [not_null]

  - name: mart_coupon_daily
    description: 券日汇总
    columns:
      - name: coupon_id
        tests: [not_null]
      - name: issue_cnt
        tests: [not_null]

  - name: mart_member_rfm
    description: 会员 RFM 分层（近 180 天）
    columns:
      - name: user_id
        tests: [unique, not_null]
      - name: r_seg
        tests:
          - accepted_values:
              values: ['R1', 'R2', 'R3']
"""

FILES = {
    README: README_TXT, PYPROJECT: PYPROJECT_TXT, DB_PY: DB_PY_TXT, FMT_PY: FMT_PY_TXT, EXCEL_PY: EXCEL_PY_TXT,
    WSS: WSS_TXT, CRE: CRE_TXT, REVIEW: REVIEW_TXT, FEISHU: FEISHU_TXT, DBT_PROJECT: DBT_PROJECT_TXT,
    M_GMV: M_GMV_TXT, M_COUPON: M_COUPON_TXT, M_RFM: M_RFM_TXT, M_SCHEMA: M_SCHEMA_TXT,
}

import datetime as _dt  # noqa: E402


def hms(d, plus=0):
    """Local (UTC+8) wall clock for tool output, `plus` seconds after the fake clock."""
    return (d.clock + _dt.timedelta(hours=8, seconds=plus)).strftime("%H:%M:%S")


def pct1(a, b):
    return f"{a / b * 100:.1f}%"


# ------------------------------------------------------------------ session 1
def s1(d):
    with d.session("2026-09-07T01:20:00", R, branch="main", version="2.1.131"):
        t = d.task("我刚把 BI 组的 xl-analytics 仓库拉下来，你先帮我过一遍：目录结构、怎么连 ClickHouse 和 MySQL、dbt 项目大概有啥", tags=["noise"])
        t.read(README)
        t.read(PYPROJECT)
        t.read(DB_PY)
        t.glob("dbt/models/**/*.sql", [
            P("dbt/models/staging/stg_order.sql"), P("dbt/models/staging/stg_order_item.sql"),
            P("dbt/models/staging/stg_coupon_issue.sql"), P("dbt/models/staging/stg_coupon_redeem.sql"),
            P("dbt/models/staging/stg_member.sql"), P("dbt/models/staging/stg_app_event.sql"),
            M_GMV, M_COUPON, M_RFM, P("dbt/models/marts/mart_sku_sales_daily.sql"),
            P("dbt/models/marts/mart_member_level_daily.sql"), P("dbt/models/marts/mart_delivery_sla_daily.sql")])
        t.read(DBT_PROJECT)
        t.glob("reports/*.py", [WSS, CRE, REVIEW, P("reports/sku_stockout_daily.py")])
        t.done("""过了一遍，要点如下：

**目录**
- `xl/`：公共代码。`db.py` 里 `ch()`（clickhouse-connect，HTTP 8123，默认库 `dws`）和 `mysql_ro()`（pymysql 连只读从库），账号密码都从环境变量读，靠 `.envrc` + direnv
- `reports/`：定期报表脚本，pandas 查 ClickHouse → openpyxl 写 Excel 到 `out/`（门店周销售、券核销明细、评价导出、缺货日报）
- `notebooks/`：papermill 参数化 notebook，周报是 `weekly_kpi.ipynb`
- `sql/adhoc/`：临时取数 SQL
- `dbt/`：dbt 1.8 + dbt-clickhouse 1.8.4
- `scripts/feishu_send.py`：飞书群机器人（post 富文本，带签名）

**连接**
- ClickHouse `ch-olap-01.bi.xianlin.internal`（24.8），你的账号 `ana_chenyt`，单查询内存上限 9.31 GiB
- MySQL 只读从库 `mysql-ro-02`，账号 `ana_ro`，密码在 `~/.my.cnf`，只开了交易/会员/商品库

**dbt**
- staging 6 个视图（订单、订单明细、券发放/核销、会员、App 埋点），marts 是 MergeTree 表：门店日 GMV、券日汇总、会员 RFM、SKU 日销、会员等级、配送 SLA
- 每人一个 dev schema（你是 `dev_chenyt`），prod 由调度平台每天 05:30 跑，本地不碰 prod

**周报流程**（README 里写的）：papermill 跑 `weekly_kpi` → nbconvert 出 html → 放到 bi-report-01 → `feishu_send.py --to report` 发群。""")

        # ---- T02 W2 #1
        t = d.task("mart_store_gmv_daily 加两列：客单价 atv（gmv/订单数，两位小数）和新客数 new_user_cnt（stg_order 里有 is_new_user）。"
                   "dev 上跑通、和 prod 对一下数，没问题就提交", tags=["workflow:W2"])
        t.read(M_GMV)
        t.read(M_SCHEMA)
        t.edit(M_GMV, """    uniqExact(o.user_id) as user_cnt,
    sum(o.pay_amount) as gmv
from""", """    uniqExact(o.user_id) as user_cnt,
    uniqExactIf(o.user_id, o.is_new_user = 1) as new_user_cnt,
    sum(o.pay_amount) as gmv,
    round(sum(o.pay_amount) / count(), 2) as atv
from""")
        t.edit(M_SCHEMA, """      - name: gmv
        tests: [not_null]

  - name: mart_coupon_daily""", """      - name: gmv
        tests: [not_null]
      - name: new_user_cnt
        description: 当日首单用户数（stg_order.is_new_user = 1）
      - name: atv
        description: 客单价 = gmv / order_cnt，两位小数
        tests: [not_null]

  - name: mart_coupon_daily""")
        NODES["tests"] = 149
        t0, t1 = hms(d, 20), hms(d, 27)
        t.bash("cd dbt && uv run dbt build -s mart_store_gmv_daily", "dev 上 build 模型并跑测试",
               out=dbt_build_ok(t0, t1, "mart_store_gmv_daily", "5.62", [
                   "not_null_mart_store_gmv_daily_atv", "not_null_mart_store_gmv_daily_dt",
                   "not_null_mart_store_gmv_daily_gmv", "not_null_mart_store_gmv_daily_store_id",
                   "relationships_mart_store_gmv_daily_store_id__store_id__source_dim_dim_store_"]), timeout=600000)
        rows = [("dev_chenyt", 412, 1693208, "58432915.40", "34.51", 27716),
                ("dws", 412, 1693208, "58432915.40", "", "")]
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT 'dev_chenyt' AS db, uniqExact(store_id) AS stores, sum(order_cnt) AS orders, "
               "sum(gmv) AS gmv, round(sum(gmv) / sum(order_cnt), 2) AS atv, sum(new_user_cnt) AS new_users FROM dev_chenyt.mart_store_gmv_daily "
               "WHERE dt BETWEEN '2026-08-31' AND '2026-09-06' UNION ALL SELECT 'dws', uniqExact(store_id), sum(order_cnt), sum(gmv), NULL, NULL "
               "FROM dws.mart_store_gmv_daily WHERE dt BETWEEN '2026-08-31' AND '2026-09-06'\"",
               "dev 和 prod 上周数据对比",
               out=pretty(["db", "stores", "orders", "gmv", "atv", "new_users"],
                          [("dev_chenyt", 412, 1693208, "58432915.40", "34.51", 27716),
                           ("dws", 412, 1693208, "58432915.40", "ᴺᵁᴸᴸ", "ᴺᵁᴸᴸ")],
                          right=[False, True, True, True, True, True]))
        t.bash("git add dbt/models/marts/mart_store_gmv_daily.sql dbt/models/marts/schema.yml && "
               "git commit -m \"feat(mart_store_gmv_daily): add atv and new_user_cnt\" && git push origin main",
               "提交并推送",
               out=commit_out("feat(mart_store_gmv_daily): add atv and new_user_cnt", 2, 9),
               err=push_out("3f2a9c1", "5d81e0a"))
        t.done("""`mart_store_gmv_daily` 加好了，已推到 main（prod 明早 05:30 调度跑时生效）：

- `new_user_cnt = uniqExactIf(user_id, is_new_user = 1)`
- `atv = round(sum(pay_amount) / count(), 2)`
- `schema.yml` 补了两列的说明，`atv` 加了 `not_null` 测试

dev 上 `dbt build` 5 个测试全过。上周（8/31–9/6）对数：门店数 412、订单 1,693,208、GMV 5,843.3 万，dev 和 prod 完全一致；新列上周客单价 34.51，新客 27,716。""")

        # ---- T03 M2 #1 + P1 #1
        t = d.task("拉一下 7 月新客的 30 天复购率，按首单渠道拆（app / 小程序 / 美团 / 饿了么）。复购率都保留一位小数，别给我一长串",
                   tags=["mistake:M2", "pref:P1"])
        sql = P("sql/adhoc/2026-09-07_jul_newuser_repurchase.sql")
        sql_txt = """-- 7 月新客 30 天复购率（按首单渠道）
-- 新客：dim.dim_user.first_order_date 在 2026-07-01 ~ 07-31
-- 复购：首单后 1~30 天内再有支付订单
WITH new_users AS (
    SELECT user_id, first_order_date, first_order_channel AS channel
    FROM dim.dim_user
    WHERE first_order_date BETWEEN '2026-07-01' AND '2026-07-31'
),
orders AS (
    SELECT user_id, groupUniqArray(dt) AS dts
    FROM dwd.dwd_order
    WHERE dt BETWEEN '2026-07-01' AND '2026-08-30'
      AND pay_status = 1
    GROUP BY user_id
)
SELECT
    n.channel AS channel,
    count() AS new_users,
    countIf(arrayExists(x -> x > n.first_order_date AND x <= n.first_order_date + 30, o.dts)) AS repurchased,
    concat(toString(round(repurchased / new_users * 100, 1)), '%') AS repurchase_rate_30d
FROM new_users AS n
LEFT JOIN orders AS o ON o.user_id = n.user_id
GROUP BY channel
ORDER BY new_users DESC
"""
        t.write(sql, sql_txt)
        q1 = " ".join(l.strip() for l in sql_txt.split("\n") if l.strip() and not l.strip().startswith("--"))
        t.fail(f"{CH} --format PrettyCompactMonoBlock --queries-file sql/adhoc/2026-09-07_jul_newuser_repurchase.sql",
               "跑复购率 SQL", ch_mem_error(CHH, "9.32", 134217728, q1), code=241)
        t.say("`orders` 那段是 7–8 月全部下单用户按 user_id 聚合（九百多万用户，每人还带一个日期数组），聚合哈希表超过了单查询 9.31 GiB 的上限。"
              "加 `max_bytes_before_external_group_by`，让 GROUP BY 超过 5 GB 时落盘做外部聚合，再跑一次：")
        res = [("app", 184213, 42918), ("小程序", 121560, 24677), ("美团", 97402, 9156), ("饿了么", 41877, 3392)]
        t.bash(f"{CH} --format PrettyCompactMonoBlock {EXT_GB} --queries-file sql/adhoc/2026-09-07_jul_newuser_repurchase.sql",
               "外部聚合重跑",
               out=pretty(["channel", "new_users", "repurchased", "repurchase_rate_30d"],
                          [(c, n, r, pct1(r, n)) for c, n, r in res], right=[False, True, True, False]))
        tot_n = sum(n for _, n, _ in res)
        tot_r = sum(r for _, _, r in res)
        t.done(f"""7 月新客 {tot_n:,} 人，30 天复购率 {pct1(tot_r, tot_n)}：

| 首单渠道 | 新客 | 30 天内复购 | 复购率 |
|---|---|---|---|
""" + "\n".join(f"| {c} | {n:,} | {r:,} | {pct1(r, n)} |" for c, n, r in res) + """

app 和小程序明显高于外卖平台（美团/饿了么不到 10%）。第一次跑超了单查询内存上限，加了 `--max_bytes_before_external_group_by=5000000000`（外部聚合）后跑完。SQL 在 `sql/adhoc/2026-09-07_jul_newuser_repurchase.sql`。""")

        # ---- T04 no tools + P2
        t = d.task("问个事：uniq 和 uniqExact 差多少？日报里的 UV 该用哪个。另外以后你写 ClickHouse 查询都先带上 dt 分区条件，别全表扫",
                   tags=["no_tools", "pref:P2"])
        t.done("""- `uniqExact`：精确去重，内存随基数线性增长，大基数（千万级 user_id/device_id）时慢且吃内存
- `uniq`：自适应采样的近似算法，误差一般在 1% 以内（实际多在 0.5% 以下），内存固定、快很多
- `uniqCombined`：HyperLogLog 变种，比 `uniq` 更省内存、精度相近

日报 UV 这种对外口径、要和别的系统对数的用 `uniqExact`；看趋势、做探索（比如分城市分小时的热力图）用 `uniq` 就够了。

分区条件记住了：之后写的查询都会先带上 `dt` 范围。""")


# ------------------------------------------------------------------ weekly report (W1)
def weekly_report(d, t, week, ncells, secs, nbytes, summary_txt, old_html=None):
    nb_out = f"out/weekly_kpi/{week}/weekly_kpi.ipynb"
    html = f"out/weekly_kpi/{week}/weekly_kpi.html"
    t.bash(f"uv run papermill notebooks/weekly_kpi.ipynb {nb_out} -p week {week}", "papermill 跑周报 notebook",
           err=papermill_err("notebooks/weekly_kpi.ipynb", nb_out, ncells, secs), timeout=900000)
    d.tick(secs, secs + 5)
    t.bash(f"uv run jupyter nbconvert --to html --no-input {nb_out}", "转 html（不带代码）",
           err=nbconvert_err(nb_out, html, nbytes))
    t.bash(f"rsync -az {html} {REPORT_HOST}:/data/www/reports/weekly_kpi/{week}.html && "
           f"curl -sI https://bi.xianlin.internal/reports/weekly_kpi/{week}.html | head -1",
           "html 放到报表服务器并确认能访问", out="HTTP/1.1 200 OK")
    summ = P(f"out/weekly_kpi/{week}/summary.md")
    d.files[summ] = summary_txt
    t.read(summ)
    t.bash(f"uv run python scripts/feishu_send.py --to report --title \"经营周报 {week}\" --md out/weekly_kpi/{week}/summary.md "
           f"--link https://bi.xianlin.internal/reports/weekly_kpi/{week}.html", "发到经营周报群", out=FEISHU_OK)


# ------------------------------------------------------------------ session 2
def s2(d):
    with d.session("2026-09-08T01:40:00", R, branch="main", version="2.1.132"):
        t = d.task("W36 周报跑一下，按 README 的流程发群里", tags=["workflow:W1"])
        t.read(README)
        weekly_report(d, t, "2026-W36", 18, 41, 1843221, """## 经营周报 2026-W36（8/31–9/6）
- GMV 5,843.3 万，环比 +3.27%，同比 +11.84%
- 订单 169.3 万，环比 +2.91%；客单价 34.51
- 新客 2.77 万，环比 -4.06%（开学季外卖渠道新客回落）
- 线上占比 46.18%，环比 +0.73pt
- 缺货率 2.36%，环比 -0.41pt
""")
        t.done("""W36 周报发到「经营周报」群了：

- papermill 跑完 18 个 cell（41 秒），html 放到 `https://bi.xianlin.internal/reports/weekly_kpi/2026-W36.html`
- 群消息是 `summary.md` 的 5 条要点 + 完整报告链接

本周要点：GMV 5,843.3 万（环比 +3.27%），新客环比 -4.06%，主要是外卖渠道新客回落。""")

        # ---- T06 M1 #1
        t = d.task("门店周销售那个 Excel 加两列：当周第一单和最后一单的支付时间，区域经理想看哪些店开门晚、关门早。加完跑 W36 的给我",
                   tags=["mistake:M1"])
        t.read(WSS)
        t.edit(WSS, """    round(sum(g.gmv) / nullIf(sum(g.order_cnt), 0), 2) AS 客单价
FROM dws.mart_store_gmv_daily AS g
INNER JOIN dim.dim_store AS s ON s.store_id = g.store_id
WHERE g.dt BETWEEN %(start)s AND %(end)s""", """    round(sum(g.gmv) / nullIf(sum(g.order_cnt), 0), 2) AS 客单价,
    any(t.first_pay) AS 当周首单时间,
    any(t.last_pay)  AS 当周末单时间
FROM dws.mart_store_gmv_daily AS g
INNER JOIN dim.dim_store AS s ON s.store_id = g.store_id
LEFT JOIN (
    SELECT store_id, min(pay_time) AS first_pay, max(pay_time) AS last_pay
    FROM dwd.dwd_order
    WHERE dt BETWEEN %(start)s AND %(end)s AND pay_status = 1
    GROUP BY store_id
) AS t ON t.store_id = g.store_id
WHERE g.dt BETWEEN %(start)s AND %(end)s""")
        cmd = "uv run python reports/weekly_store_sales.py --week 2026-W36"
        t.fail(cmd, "生成 W36 门店周销售",
               excel_tz_tb("reports/weekly_store_sales.py", 60, 53, 'df.to_excel(xw, sheet_name="门店周销售", index=False)'))
        t.say("`dwd_order.pay_time` 是 `DateTime('Asia/Shanghai')`，clickhouse-connect 的 `query_df` 返回的是带时区的 datetime，"
              "Excel 不支持带时区的时间。用 `tz_localize(None)` 去掉时区信息、保留北京时间的钟点（不做时区换算）：")
        t.edit(WSS, """    df = ch().query_df(SQL, parameters={"start": start, "end": end})
    out = Path("out/store_sales")""", """    df = ch().query_df(SQL, parameters={"start": start, "end": end})
    for col in ("当周首单时间", "当周末单时间"):
        df[col] = df[col].dt.tz_localize(None)  # Excel 不支持带时区的时间；保留北京时间钟点
    out = Path("out/store_sales")""")
        t.bash(cmd, "重新生成", out="412 行 -> out/store_sales/门店周销售_2026-W36.xlsx")
        t.bash("uv run python -c \"import openpyxl; ws = openpyxl.load_workbook('out/store_sales/门店周销售_2026-W36.xlsx').active; "
               "[print(*[c.value for c in r], sep=' | ') for r in ws.iter_rows(max_row=4)]\"", "看前几行",
               out="大区 | 城市 | 门店ID | 门店 | 订单数 | GMV | 客单价 | 当周首单时间 | 当周末单时间\n"
                   "杭州大区 | 杭州 | 10017 | 鲜邻·文三路店 | 9832 | 381204.6 | 38.77 | 2026-08-31 07:02:41 | 2026-09-06 22:47:09\n"
                   "杭州大区 | 杭州 | 10042 | 鲜邻·古墩路店 | 9415 | 352880.3 | 37.48 | 2026-08-31 06:58:12 | 2026-09-06 22:51:37\n"
                   "杭州大区 | 杭州 | 10003 | 鲜邻·莫干山路店 | 8977 | 331905.9 | 36.97 | 2026-08-31 07:05:30 | 2026-09-06 22:39:54")
        t.done("""加好了，文件在 `out/store_sales/门店周销售_2026-W36.xlsx`（412 家店）。

- SQL 里左连一个按门店聚合的 `dwd_order`（当周支付订单的 `min/max(pay_time)`），新增「当周首单时间」「当周末单时间」两列
- 第一次跑报 `Excel does not support datetimes with timezones`：`pay_time` 是带时区的 DateTime，读出来是 tz-aware。写 Excel 前对这两列做了 `dt.tz_localize(None)`，时间还是北京时间（文三路店首单 07:02，和门店营业时间对得上）

注意「当周」首单/末单是整周的最早/最晚一单，不是每天的；要看每天开门晚的店，得按天拆，需要的话我再加一个 sheet。""")

        # ---- T07 P3 statement
        t = d.task("画个近 8 周各大区 GMV 的周趋势折线图，图就用 matplotlib 出 png，我要贴到飞书文档里", tags=["pref:P3"])
        chart = P("scripts/charts/region_gmv_trend.py")
        t.write(chart, '''"""近 N 周各大区 GMV 周趋势（matplotlib，png）。

用法: uv run python scripts/charts/region_gmv_trend.py --end-week 2026-W36 --weeks 8
"""
import argparse
from datetime import date, timedelta
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from xl.db import ch  # noqa: E402

plt.rcParams["font.sans-serif"] = ["Noto Sans CJK SC"]
plt.rcParams["axes.unicode_minus"] = False

SQL = """
SELECT toStartOfWeek(g.dt, 1) AS wk, s.region_name AS region, sum(g.gmv) / 10000 AS gmv_wan
FROM dws.mart_store_gmv_daily AS g
INNER JOIN dim.dim_store AS s ON s.store_id = g.store_id
WHERE g.dt BETWEEN %(start)s AND %(end)s
GROUP BY wk, region
ORDER BY wk, region
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--end-week", required=True)
    ap.add_argument("--weeks", type=int, default=8)
    args = ap.parse_args()
    y, w = args.end_week.split("-W")
    end = date.fromisocalendar(int(y), int(w), 7)
    start = end - timedelta(weeks=args.weeks) + timedelta(days=1)
    df = ch().query_df(SQL, parameters={"start": start, "end": end})
    pv = df.pivot(index="wk", columns="region", values="gmv_wan")
    fig, ax = plt.subplots(figsize=(10, 5), dpi=150)
    for region in pv.columns:
        ax.plot(pv.index, pv[region], marker="o", label=region)
    ax.set_title(f"各大区周 GMV（万元），截至 {args.end_week}")
    ax.set_ylabel("GMV（万元）")
    ax.grid(alpha=0.3)
    ax.legend(ncol=4, fontsize=9)
    fig.autofmt_xdate()
    out = Path("out/charts") / f"region_gmv_trend_{args.end_week}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, bbox_inches="tight")
    print(f"{pv.shape[0]} 周 x {pv.shape[1]} 大区 -> {out}")


if __name__ == "__main__":
    main()
''')
        t.bash("uv run python scripts/charts/region_gmv_trend.py --end-week 2026-W36 --weeks 8", "出图",
               out="8 周 x 4 大区 -> out/charts/region_gmv_trend_2026-W36.png")
        t.done("""图出好了：`out/charts/region_gmv_trend_2026-W36.png`（150 dpi，10×5 英寸，直接拖进飞书文档就行）。

- 4 条线：杭州、宁波、绍兴、嘉湖四个大区，纵轴万元，W29–W36
- 中文字体用 Noto Sans CJK SC，负号正常显示
- 脚本在 `scripts/charts/region_gmv_trend.py`，`--end-week` / `--weeks` 可调，以后每周换个周号重跑即可""")


M_GMV_V2 = """{{ config(order_by='(dt, store_id)', partition_by='toYYYYMM(dt)') }}

-- 门店日 GMV（支付口径，净额 = 支付 - 当日全额退款）
-- holiday_name：法定节假日（seed dim_holiday_cn），非节假日为空串
select
    o.dt,
    o.store_id,
    any(h.holiday_name) as holiday_name,
    count() as order_cnt,
    uniqExact(o.user_id) as user_cnt,
    uniqExactIf(o.user_id, o.is_new_user = 1) as new_user_cnt,
    sum(o.pay_amount) as gmv,
    round(sum(o.pay_amount) / count(), 2) as atv
from {{ ref('stg_order') }} as o
left join {{ ref('dim_holiday_cn') }} as h on h.dt = o.dt
where o.pay_status = 1
  and o.refund_status != 2
group by o.dt, o.store_id
"""


# ------------------------------------------------------------------ session 3
def s3(d):
    with d.session("2026-09-10T01:30:00", R, branch="main", version="2.1.133"):
        t = d.task("pull 一下 main，建宇说他给 mart_store_gmv_daily 加了节假日标记（新加了个 seed）。你在我 dev 上把这个模型跑一下，看看标记对不对",
                   tags=["mistake:M3"])
        t.bash("git pull --ff-only", "拉 main",
               out="Updating 5d81e0a..a93c4e2\nFast-forward\n"
                   " dbt/models/marts/mart_store_gmv_daily.sql |  3 +++\n"
                   " dbt/models/marts/schema.yml               |  2 ++\n"
                   " dbt/seeds/dim_holiday_cn.csv              | 42 ++++++++++++++++++++++++++++++++++++++++++\n"
                   " dbt/seeds/schema.yml                      | 10 ++++++++++\n"
                   " pyproject.toml                            |  1 +\n"
                   " uv.lock                                   | 48 ++++++++++++++++++++++++++++++++++++++++++++++++\n"
                   " 6 files changed, 106 insertions(+)\n"
                   " create mode 100644 dbt/seeds/dim_holiday_cn.csv\n create mode 100644 dbt/seeds/schema.yml",
               err="From gitlab.xianlin.internal:bi/xl-analytics\n   5d81e0a..a93c4e2  main       -> origin/main")
        d.files[M_GMV] = M_GMV_V2
        NODES.update(seeds=7, tests=151)
        d.files[PYPROJECT] = PYPROJECT_TXT.replace('    "requests>=2.32",\n', '    "requests>=2.32",\n    "scipy>=1.14",\n')
        t.read(M_GMV)
        run = "cd dbt && uv run dbt run -s mart_store_gmv_daily"
        t0 = hms(d, 15)
        t.fail(run, "dev 上跑 mart_store_gmv_daily",
               dbt_unknown_table(t0, hms(d, 17), "mart_store_gmv_daily", "models/marts/mart_store_gmv_daily.sql", "dim_holiday_cn",
                                 "SELECT o.dt, o.store_id, any(h.holiday_name) AS holiday_name, count() AS order_cnt, "
                                 "uniqExact(o.user_id) AS user_cnt, uniqExactIf(o.user_id, o.is_new_user = 1) AS new_user_cnt, "
                                 "sum(o.pay_amount) AS gmv, round(sum(o.pay_amount) / count(), 2) AS atv FROM dev_chenyt.stg_order AS o "
                                 "LEFT JOIN dev_chenyt.dim_holiday_cn AS h ON h.dt = o.dt WHERE (o.pay_status = 1) AND (o.refund_status != 2) "
                                 "GROUP BY o.dt, o.store_id"), code=1)
        t.say("`dim_holiday_cn` 是这次 pull 进来的新 seed，`ref()` 解析到你的 dev schema，但 dev_chenyt 里还没有这张表（seed 要单独加载）。先把这个 seed 灌进 dev：")
        t.bash("cd dbt && uv run dbt seed -s dim_holiday_cn", "加载节假日 seed 到 dev",
               out=dbt_seed_ok(hms(d, 12), hms(d, 14), "dim_holiday_cn", 41))
        t.bash(run, "重跑模型", out=dbt_model_ok(hms(d, 10), hms(d, 16), "mart_store_gmv_daily", "5.88"), timeout=600000)
        hol = [("元旦", "2026-01-01", "2026-01-03", 3), ("春节", "2026-02-15", "2026-02-23", 9), ("清明节", "2026-04-04", "2026-04-06", 3),
               ("劳动节", "2026-05-01", "2026-05-05", 5), ("端午节", "2026-06-19", "2026-06-21", 3)]
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT holiday_name, min(dt) AS first_day, max(dt) AS last_day, uniqExact(dt) AS days "
               "FROM dev_chenyt.mart_store_gmv_daily WHERE dt BETWEEN '2026-01-01' AND '2026-09-09' AND holiday_name != '' "
               "GROUP BY holiday_name ORDER BY first_day\"", "检查今年的节假日标记",
               out=pretty(["holiday_name", "first_day", "last_day", "days"], hol, right=[False, False, False, True]))
        t.done("""跑通了，标记是对的。

- 第一次 `dbt run` 报 `Unknown table expression identifier 'dev_chenyt.dim_holiday_cn'`：建宇新加的 seed 在你的 dev schema 里还没加载。`dbt seed -s dim_holiday_cn` 灌进去（41 行）后，同一条 `dbt run` 就过了
- 今年已过的节假日在 dev 表里都标上了：元旦 1/1–1/3、春节 2/15–2/23（9 天）、清明 4/4–4/6、劳动节 5/1–5/5、端午 6/19–6/21，天数和国务院放假安排一致
- 非节假日 `holiday_name` 是空串（ClickHouse LEFT JOIN 默认不补 NULL），看板上筛选时用 `holiday_name != ''`

中秋（9/25）和国庆（10/1–10/7）也在 seed 里，日子到了会自动标上。""")

        # ---- T09 W3 #1
        t = d.task("运营说 9/9 app 渠道的 GMV，看板上是 76.3 万，交易后台显示 79.8 万，差了 3 万多，帮我对一下。结论写到 docs/recon 里",
                   tags=["workflow:W3"])
        t.bash(f"{MY} xl_trade -e \"SELECT refund_status, COUNT(*) AS orders, SUM(pay_amount) AS pay_amount FROM trade_order "
               "WHERE pay_time >= '2026-09-09' AND pay_time < '2026-09-10' AND channel = 'app' AND pay_status = 1 "
               "GROUP BY refund_status ORDER BY refund_status\"", "交易库（从库）9/9 app 支付订单按退款状态",
               out=tsv(["refund_status", "orders", "pay_amount"], [(0, 21305, "741882.36"), (1, 612, "21307.90"), (2, 1018, "34806.25")]))
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT refund_status, count() AS orders, sum(pay_amount) AS pay_amount "
               "FROM dwd.dwd_order WHERE dt = '2026-09-09' AND channel = 'app' AND pay_status = 1 GROUP BY refund_status ORDER BY refund_status\"",
               "ClickHouse dwd 同口径",
               out=pretty(["refund_status", "orders", "pay_amount"], [(0, 21305, "741882.36"), (1, 612, "21307.90"), (2, 1018, "34806.25")]))
        t.bash(f"{CH} --query \"SELECT sum(g.gmv) FROM dws.mart_store_gmv_daily AS g INNER JOIN dim.dim_store AS s ON s.store_id = g.store_id "
               "WHERE g.dt = '2026-09-09' AND s.store_type = 'app_virtual'\"", "看板用的 mart（app 虚拟店）",
               out="763190.26")
        rec = P("docs/recon/2026-09-09_app_gmv.md")
        t.write(rec, """# 对数：2026-09-09 app 渠道 GMV（看板 76.3 万 vs 交易后台 79.8 万）

- 提出：运营（9/10）
- 结论：**口径差异，不是数据丢失**。差额 34,806.25 元 = 当天 1,018 笔**全额退款**订单的支付金额

| 来源 | 口径 | 订单 | 金额 |
|---|---|---|---|
| 交易库 trade_order（从库） | 当日支付，含全部退款 | 22,935 | 797,996.51 |
| ClickHouse dwd.dwd_order | 同上 | 22,935 | 797,996.51 |
| dws.mart_store_gmv_daily（看板） | 剔除全额退款（refund_status = 2），部分退款保留 | 21,917 | 763,190.26 |

- dwd 与交易库逐状态完全一致，同步没问题
- 看板口径见 `dbt/models/marts/mart_store_gmv_daily.sql`（`refund_status != 2`）
- 建议：看板 GMV 指标的说明里写明「净额，剔除全额退款」
""")
        t.done("""对完了，**是口径差异**，数据没丢：

- 交易后台 79.8 万 = 当天全部支付订单（含退款）；ClickHouse dwd 和交易库逐个退款状态对上，22,935 单、797,996.51 元，一分不差
- 看板用的 `mart_store_gmv_daily` 剔除了**全额退款**（`refund_status = 2`）：1,018 单、34,806.25 元，正好是差额，剩下 763,190.26 = 76.3 万

记录写在 `docs/recon/2026-09-09_app_gmv.md`，建议在看板 GMV 指标说明里注明「净额，剔除全额退款」。""")

        # ---- T10 F1
        t = d.task("uv sync 一下，建宇在 pyproject 里加了 scipy", tags=["flaky:F1", "noise"])
        whl = ("https://mirrors.aliyun.com/pypi/packages/0a/1e/"
               "scipy-1.16.2-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl")
        t.fail("uv sync", "同步依赖", f"""Resolved 118 packages in 3ms
error: Failed to download `scipy==1.16.2`
  ├─▶ Failed to fetch: `{whl}`
  ├─▶ Request failed after 3 retries
  ├─▶ error sending request for url ({whl})
  ╰─▶ operation timed out""", code=2)
        t.say("阿里云镜像下载超时了，像是网络抖动，原样再试一次：")
        t.bash("uv sync", "同步依赖",
               err="Resolved 118 packages in 3ms\nPrepared 1 package in 4.87s\nInstalled 1 package in 38ms\n + scipy==1.16.2")
        t.bash("uv run python -c \"import scipy; print(scipy.__version__)\"", "确认能导入", out="1.16.2")
        t.done("同步好了：第一次从阿里云镜像下 scipy 的 wheel 超时，原样重试就装上了，`scipy==1.16.2`，能正常 import。")

        # ---- T11 no tools
        t = d.task("A/B 实验要测满减券对客单价的提升，预期提升 2%，客单价标准差大概 28，α 0.05、power 0.8，每组要多少人？粗估就行",
                   tags=["no_tools"])
        t.done("""每组大约 **2.6 万个下单用户**。

按两样本均值检验估：n = 2 ×(z₀.₉₇₅ + z₀.₈)² × σ² / δ²
- 当前客单价约 34.5，提升 2% → δ ≈ 0.69
- σ = 28，(1.96 + 0.84)² ≈ 7.84
- n ≈ 2 × 7.84 × 784 / 0.476 ≈ 25,800

两点提醒：
1. 客单价是「单」的均值，但随机分组是按用户，同一用户多单有相关性，实际需要的样本会更多（按用户聚合后算或用 delta method）
2. 客单价右偏很重，标准差可能被大单拉高；可以先对 99 分位截尾，σ 会小不少，样本量跟着降""")


SS_DIR = "/tmp/ss_export/dashboard_export_20260914T021833"
SS_CHART = f"{SS_DIR}/charts/_1187.yaml"
SS_CHART_TXT = """slice_name: 客单价趋势
description: null
certified_by: null
certification_details: null
viz_type: echarts_timeseries_line
params:
  datasource: 23__table
  viz_type: echarts_timeseries_line
  x_axis: dt
  time_grain_sqla: P1D
  metrics:
  - expressionType: SQL
    sqlExpression: sum(gmv) / sum(order_cnt)
    label: 客单价
  groupby: []
  adhoc_filters: []
  row_limit: 10000
  y_axis_format: SMART_NUMBER
  rich_tooltip: true
  show_legend: false
  extra_form_data: {}
  dashboards:
  - 7
query_context: null
cache_timeout: null
uuid: 6f1d2c8e-3b9a-4e57-a0c4-2d8e9b71f3a5
version: 1.0.0
dataset_uuid: 0c9e4a1f-7d62-4b3e-9a15-e8f2c4d07b69
"""


# ------------------------------------------------------------------ session 4 (acceptEdits)
def s4(d):
    with d.session("2026-09-14T01:15:00", R, branch="main", version="2.1.134", permission_mode="acceptEdits"):
        t = d.task("W37 周报跑一下发群里。对了，周报里环比同比那些百分比，给一位小数就够了，两位看着累",
                   tags=["workflow:W1", "pref:P1"])
        t.read(FMT_PY)
        t.edit(FMT_PY, "nd: int = 2", "nd: int = 1", replace_all=True)
        weekly_report(d, t, "2026-W37", 18, 44, 1851090, """## 经营周报 2026-W37（9/7–9/13）
- GMV 5,961.0 万，环比 +2.0%，同比 +12.4%
- 订单 172.6 万，环比 +1.9%；客单价 34.54
- 新客 2.69 万，环比 -2.9%
- 线上占比 46.6%，环比 +0.4pt
- 缺货率 2.2%，环比 -0.2pt
""")
        t.done("""W37 周报已发到经营周报群，html：`https://bi.xianlin.internal/reports/weekly_kpi/2026-W37.html`。

百分比改成了一位小数：`xl/fmt.py` 里 `pct()` 和 `pct_change()` 的默认 `nd` 从 2 改成 1，notebook 里所有环比/同比/占比都走这两个函数，这期开始生效。

本周：GMV 5,961.0 万（环比 +2.0%，同比 +12.4%），新客继续小幅回落（-2.9%）。""")

        # ---- T13 O1
        t = d.task("看下 8 月以来每周的券 ROI：抵扣金额 vs 用券订单的 GMV，按券类型拆。SQL 放 sql/adhoc 下面", tags=["oneoff:O1"])
        sql = P("sql/adhoc/2026-09-14_coupon_roi_weekly.sql")
        t.write(sql, """-- 8 月以来每周券 ROI（按券类型）：用券订单 GMV / 抵扣金额
SELECT
    toStartOfWeek(r.dt, 1) AS wk,
    c.coupon_type,
    count() AS redeem_cnt,
    sum(r.discount_amount) AS discount,
    sum(o.pay_amount) AS order_gmv,
    round(order_gmv / discount, 1) AS roi
FROM ods.ods_coupon_redeem_log AS r
INNER JOIN dim.dim_coupon AS c ON c.coupon_id = r.coupon_id
INNER JOIN dwd.dwd_order AS o ON o.order_id = r.order_id AND o.dt >= '2026-08-01'
WHERE r.dt >= '2026-08-01'
GROUP BY wk, c.coupon_type
ORDER BY wk, c.coupon_type
""")
        cmd = f"{CH} --format PrettyCompactMonoBlock --queries-file sql/adhoc/2026-09-14_coupon_roi_weekly.sql"
        t.fail(cmd, "跑券 ROI", f"""Received exception from server (version 24.8.4):
Code: 43. DB::Exception: Received from {CHH}:9000. DB::Exception: Illegal type String of argument of function toStartOfWeek. Should be Date, Date32, DateTime or DateTime64: In scope SELECT toStartOfWeek(r.dt, 1) AS wk, c.coupon_type, count() AS redeem_cnt, sum(r.discount_amount) AS discount, sum(o.pay_amount) AS order_gmv, round(order_gmv / discount, 1) AS roi FROM ods.ods_coupon_redeem_log AS r INNER JOIN dim.dim_coupon AS c ON c.coupon_id = r.coupon_id INNER JOIN dwd.dwd_order AS o ON (o.order_id = r.order_id) AND (o.dt >= '2026-08-01') WHERE r.dt >= '2026-08-01' GROUP BY wk, c.coupon_type ORDER BY wk ASC, c.coupon_type ASC. (ILLEGAL_TYPE_OF_ARGUMENT)
(query: SELECT
    toStartOfWeek(r.dt, 1) AS wk,
    c.coupon_type,
    count() AS redeem_cnt,
    sum(r.discount_amount) AS discount,
    sum(o.pay_amount) AS order_gmv,
    round(order_gmv / discount, 1) AS roi
FROM ods.ods_coupon_redeem_log AS r
INNER JOIN dim.dim_coupon AS c ON c.coupon_id = r.coupon_id
INNER JOIN dwd.dwd_order AS o ON o.order_id = r.order_id AND o.dt >= '2026-08-01'
WHERE r.dt >= '2026-08-01'
GROUP BY wk, c.coupon_type
ORDER BY wk, c.coupon_type
)""", code=43)
        t.say("ods 层的 `dt` 是 String 分区字段（dwd 才是 Date），`toStartOfWeek` 不收字符串。WHERE 里字符串比较没问题，只把取周那里转一下：")
        t.edit(sql, "    toStartOfWeek(r.dt, 1) AS wk,", "    toStartOfWeek(toDate(r.dt), 1) AS wk,")
        rows = []
        base = {"满减券": (61230, 318420.0, 3.81), "折扣券": (22874, 95210.0, 4.62), "新人券": (9310, 93100.0, 1.94), "运费券": (40118, 120354.0, 6.05)}
        weeks = ["2026-08-03", "2026-08-10", "2026-08-17", "2026-08-24", "2026-08-31", "2026-09-07"]
        for i, wk in enumerate(weeks):
            for ct in ("运费券", "折扣券", "满减券", "新人券"):
                n, disc, roi = base[ct]
                f = 1 + 0.03 * ((i * 7 + len(ct)) % 5 - 2)
                n2 = int(n * f)
                disc2 = round(disc * f, 2)
                r2 = round(roi * (1 + 0.02 * ((i + len(ct)) % 3 - 1)), 1)
                rows.append((wk, ct, n2, f"{disc2:.2f}", f"{disc2 * r2:.2f}", r2))
        t.bash(cmd, "重跑", out=pretty(["wk", "coupon_type", "redeem_cnt", "discount", "order_gmv", "roi"], rows,
                                        right=[False, False, True, True, True, True]))
        t.done("""跑出来了（8/3 那周起，6 周 × 4 类券），SQL 在 `sql/adhoc/2026-09-14_coupon_roi_weekly.sql`。

- 第一次报 `Illegal type String of argument of function toStartOfWeek`：ods 表的 `dt` 是字符串，改成 `toStartOfWeek(toDate(r.dt), 1)` 就好了
- ROI（用券订单 GMV / 抵扣）：运费券约 6 最高，折扣券 4.5 上下，满减券 3.8 左右，新人券不到 2（新人券本来就是拉新成本，单看 ROI 会偏低）
- 各类券周间波动都在 ±5% 以内，8 月以来没有明显趋势变化

注意这里的 GMV 是用券订单的全部金额，不是券带来的增量；要看增量得和不用券的相似用户比。""")

        # ---- T14 Superset (noise)
        t = d.task("staging 上「门店经营」看板，客单价趋势那张图 y 轴现在显示成整数，改成两位小数的金额格式，改完导回 staging", tags=["noise"])
        t.bash(f"ssh {BI_STG} 'docker exec superset_app superset export-dashboards -f /app/superset_home/exports/store_ops.zip'",
               "从 staging Superset 导出看板",
               out="Loaded your LOCAL configuration at [/app/pythonpath/superset_config.py]")
        t.bash(f"scp -q {BI_STG}:/data/superset/exports/store_ops.zip /tmp/ && unzip -o -q /tmp/store_ops.zip -d /tmp/ss_export && "
               "ls /tmp/ss_export/*/", "拷回来解压", out="charts\ndashboards\ndatabases\ndatasets\nmetadata.yaml")
        d.files[SS_CHART] = SS_CHART_TXT
        t.grep("slice_name: 客单价趋势", path="/tmp/ss_export", output_mode="files_with_matches", filenames=[SS_CHART])
        t.read(SS_CHART)
        t.edit(SS_CHART, "  y_axis_format: SMART_NUMBER", "  y_axis_format: ',.2f'")
        t.bash(f"cd /tmp/ss_export && zip -q -r /tmp/store_ops_v2.zip dashboard_export_20260914T021833 && "
               f"scp -q /tmp/store_ops_v2.zip {BI_STG}:/data/superset/exports/ && "
               f"ssh {BI_STG} 'docker exec superset_app superset import-dashboards -p /app/superset_home/exports/store_ops_v2.zip -u chenyt'",
               "打包导回 staging",
               out="Loaded your LOCAL configuration at [/app/pythonpath/superset_config.py]")
        t.done("""改好并导回 staging 了：

- `客单价趋势`（chart 1187）的 `y_axis_format` 从 `SMART_NUMBER` 改成 `,.2f`，显示成 34.54 这种两位小数、带千分位
- 流程：staging 上 `superset export-dashboards` → 拷回本地解压 → 改 chart 的 yaml → 重新打包 → `superset import-dashboards -u chenyt`（按 uuid 覆盖，其他图表不受影响）

你刷新一下 staging 的看板确认下；没问题的话 prod 那边同样的改法我再导一次。""")


MODELS = {
    "staging": ["stg_order", "stg_order_item", "stg_coupon_issue", "stg_coupon_redeem", "stg_member", "stg_app_event",
                "stg_refund", "stg_store", "stg_sku", "stg_delivery", "stg_review", "stg_stock_snapshot",
                "stg_member_level_log", "stg_points_log", "stg_push_log", "stg_search_log", "stg_cart_event",
                "stg_meituan_order", "stg_eleme_order", "stg_purchase_order", "stg_supplier"],
    "intermediate": ["int_order_enriched", "int_user_first_order", "int_user_daily_activity", "int_sku_daily_stock",
                     "int_delivery_timeline", "int_coupon_lifecycle", "int_store_calendar", "int_refund_enriched",
                     "int_member_level_snapshot", "int_app_session", "int_search_to_order"],
    "marts": ["mart_store_gmv_daily", "mart_coupon_daily", "mart_member_rfm", "mart_sku_sales_daily",
              "mart_member_level_daily", "mart_delivery_sla_daily", "mart_store_hourly_orders", "mart_user_retention_weekly",
              "mart_channel_daily", "mart_category_sales_daily", "mart_stockout_daily", "mart_refund_reason_daily",
              "mart_app_funnel_daily", "mart_search_conversion_daily", "mart_new_user_cohort", "mart_points_liability_monthly",
              "mart_push_effect_daily", "mart_supplier_fill_rate_weekly", "mart_review_score_daily", "mart_store_ranking_weekly",
              "mart_member_upgrade_monthly", "mart_city_gmv_daily", "mart_sku_abc_monthly", "mart_platform_commission_daily",
              "mart_store_labor_efficiency_daily", "mart_basket_pairs_weekly", "mart_user_ltv_monthly", "mart_promo_effect",
              "mart_delivery_rider_daily"],
}
INCREMENTAL = ["int_app_session", "int_user_daily_activity", "mart_app_funnel_daily", "mart_search_conversion_daily",
               "mart_store_hourly_orders"]


# ------------------------------------------------------------------ session 5
def s5(d):
    with d.session("2026-09-16T02:00:00", R, branch="main", version="2.1.135"):
        t = d.task("会员等级分布看一下，再算每个等级近 90 天的人均消费、人均下单次数、人均去过几家店，运营要调整等级权益", tags=["mistake:M2"])
        q = ("SELECT m.level_name AS level, count() AS members, countIf(o.orders > 0) AS active_90d, "
             "round(avgIf(o.amount, o.orders > 0), 1) AS amount_per_active, round(avgIf(o.orders, o.orders > 0), 2) AS orders_per_active, "
             "round(avgIf(o.stores, o.orders > 0), 2) AS stores_per_active "
             "FROM dim.dim_member AS m LEFT JOIN (SELECT user_id, count() AS orders, sum(pay_amount) AS amount, uniqExact(store_id) AS stores "
             "FROM dwd.dwd_order WHERE dt BETWEEN '2026-06-17' AND '2026-09-14' AND pay_status = 1 GROUP BY user_id) AS o ON o.user_id = m.user_id "
             "GROUP BY level ORDER BY min(m.level_rank)")
        t.fail(f"{CH} --format PrettyCompactMonoBlock --query \"{q}\"", "按会员等级统计近 90 天",
               ch_mem_error("ch-olap-02.bi.xianlin.internal", "9.34", 268435456, q), code=241)
        t.say("子查询按 user_id 聚合 90 天订单（每个用户还要 `uniqExact(store_id)`），哈希表超了单查询上限。同样加外部聚合再跑：")
        lv = [("普通会员", 6120488, 1432871, 118.6, 2.41, 1.22), ("银卡", 1873205, 1120318, 356.2, 6.12, 1.58),
              ("金卡", 612774, 503920, 871.4, 13.87, 1.91), ("黑金", 88213, 81655, 2360.9, 31.26, 2.47)]
        t.bash(f"{CH} --format PrettyCompactMonoBlock {EXT_GB} --query \"{q}\"", "外部聚合重跑",
               out=pretty(["level", "members", "active_90d", "amount_per_active", "orders_per_active", "stores_per_active"], lv,
                          right=[False, True, True, True, True, True]), timeout=600000)
        t.done("""会员等级近 90 天（6/17–9/14）情况：

| 等级 | 会员数 | 90 天活跃 | 活跃率 | 人均消费 | 人均单数 | 人均门店数 |
|---|---|---|---|---|---|---|
""" + "\n".join(f"| {a} | {b:,} | {c:,} | {pct1(c, b)} | {e} | {f} | {g} |" for a, b, c, e, f, g in lv) + """

说明：人均指标都按**活跃会员**（90 天内有支付订单）算，不含沉睡会员。

解读：

1. **结构**：普通会员占 70.6%，但活跃率只有 23.4%；银卡以上活跃率都在 60% 以上，黑金 92.6%。等级和活跃度高度相关，但这是因果互为的（活跃才会升级），不能直接说「升级能提高活跃」。
2. **消费梯度**：人均消费 普通 118.6 → 银卡 356.2（3.0 倍）→ 金卡 871.4（2.4 倍）→ 黑金 2,360.9（2.7 倍），每升一级大约翻 2.5–3 倍，梯度比较均匀，门槛设置没有明显断层。
3. **频次是主要驱动**：人均单数 2.41 → 6.12 → 13.87 → 31.26，和消费的倍数基本一致；客单价反而差不多（49.2 / 58.2 / 62.8 / 75.5），高等级会员主要是来得勤，不是买得贵。
4. **多店行为**：黑金人均去过 2.47 家店，明显高于普通会员的 1.22。跨店权益（比如全城通用的免运费）对高等级更有吸引力。
5. **对权益调整的建议**：
   - 银卡 → 金卡的升级人数最多、边际价值最大，建议把权益重点放在「频次」类（次周券、会员日），而不是大额折扣
   - 普通会员里 90 天不活跃的 468.8 万人，等级权益对他们基本无感，更适合用召回券单独运营
   - 黑金只有 8.8 万人但贡献了可观的 GMV，权益成本可以适当放宽，重点防流失
6. **口径注意**：`dim_member.level_name` 是当前等级，不是 90 天前的等级；90 天内升降级的人会被算到新等级里，高等级的人均指标会略微偏高。要严格的话需要用 `mart_member_level_daily` 取期初等级。

第一次查询超了单查询内存上限（9.31 GiB），加 `--max_bytes_before_external_group_by=5000000000` 后跑完。""")

        # ---- T16 W2 #2
        t = d.task("mart_coupon_daily 加一列核销人数 redeem_user_cnt（按用户去重），dev 跑一下，和 prod 对下核销张数，没问题提交", tags=["workflow:W2"])
        t.read(M_COUPON)
        t.edit(M_COUPON, "    select dt, coupon_id, count() as redeem_cnt, sum(discount_amount) as discount_amt\n",
               "    select dt, coupon_id, count() as redeem_cnt, uniqExact(user_id) as redeem_user_cnt, sum(discount_amount) as discount_amt\n")
        t.edit(M_COUPON, "    coalesce(r.redeem_cnt, 0) as redeem_cnt,\n",
               "    coalesce(r.redeem_cnt, 0) as redeem_cnt,\n    coalesce(r.redeem_user_cnt, 0) as redeem_user_cnt,\n")
        t.read(M_SCHEMA)
        t.edit(M_SCHEMA, """      - name: issue_cnt
        tests: [not_null]
""", """      - name: issue_cnt
        tests: [not_null]
      - name: redeem_user_cnt
        description: 当日核销用户数（按 user_id 去重）
        tests: [not_null]
""")
        NODES["tests"] = 152
        t.bash("cd dbt && uv run dbt build -s mart_coupon_daily", "dev 上 build + 测试",
               out=dbt_build_ok(hms(d, 15), hms(d, 19), "mart_coupon_daily", "3.17", [
                   "not_null_mart_coupon_daily_coupon_id", "not_null_mart_coupon_daily_issue_cnt",
                   "not_null_mart_coupon_daily_redeem_user_cnt"]), timeout=600000)
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT 'dev_chenyt' AS db, sum(redeem_cnt) AS redeem, sum(discount_amt) AS discount, "
               "sum(redeem_user_cnt) AS redeem_users FROM dev_chenyt.mart_coupon_daily WHERE dt BETWEEN '2026-09-01' AND '2026-09-15' "
               "UNION ALL SELECT 'dws', sum(redeem_cnt), sum(discount_amt), NULL FROM dws.mart_coupon_daily WHERE dt BETWEEN '2026-09-01' AND '2026-09-15'\"",
               "dev vs prod 对核销张数",
               out=pretty(["db", "redeem", "discount", "redeem_users"],
                          [("dev_chenyt", 598214, "2431877.50", 503162), ("dws", 598214, "2431877.50", "ᴺᵁᴸᴸ")],
                          right=[False, True, True, True]))
        t.bash("git add dbt/models/marts/mart_coupon_daily.sql dbt/models/marts/schema.yml && "
               "git commit -m \"feat(mart_coupon_daily): add redeem_user_cnt\" && git push origin main", "提交推送",
               out=commit_out("feat(mart_coupon_daily): add redeem_user_cnt", 2, 6, 1), err=push_out("a93c4e2", "c07e5b3"))
        t.done("""`mart_coupon_daily` 加了 `redeem_user_cnt`，已推 main：

- `redeemed` CTE 里 `uniqExact(user_id)`，外层 `coalesce(..., 0)`（只发未核销的券那天是 0）
- `schema.yml` 加了说明和 `not_null`
- dev 上 build 3 个测试通过；9/1–9/15 核销 598,214 张、抵扣 243.2 万，和 prod 一致。核销人数这半个月按天加总是 503,162（跨天会重复计人，看板上不要按天累加）""")

        d.precompact("""Summary of the session so far:
- User (陈雨桐, BI analyst at 鲜邻生活) works in /home/chenyt/work/xl-analytics (uv, pandas/polars, ClickHouse 24.8 via clickhouse-client, dbt-clickhouse dev schema dev_chenyt, MySQL read replica, Feishu bot weekly report).
- Earlier sessions: W36/W37 weekly reports sent; xl/fmt.py percentages now 1 decimal by default; store weekly sales Excel got first/last pay time columns; dim_holiday_cn seed loaded into dev; recon note docs/recon/2026-09-09_app_gmv.md.
- This session: member level analysis for the last 90 days (query needed --max_bytes_before_external_group_by to finish); mart_coupon_daily got redeem_user_cnt, built in dev, compared with prod, committed c07e5b3 and pushed.
- Pending: nothing open.""")

        t = d.task("dbt 里现在一共多少个模型？全列一下，顺便告诉我哪些是 incremental", tags=["noise", "long_output"])
        t0 = hms(d, 8)
        names = [f"xl_analytics.{layer}.{m}" for layer, ms in MODELS.items() for m in ms]
        t.bash("cd dbt && uv run dbt ls --resource-type model", "列出全部模型",
               out="\n".join([f"{t0}  Running with dbt=1.8.7", f"{t0}  Registered adapter: clickhouse=1.8.4",
                              dbt_found(t0)] + sorted(names)))
        t.bash("cd dbt && uv run dbt ls --resource-type model -s config.materialized:incremental --output name", "只看 incremental",
               out="\n".join([f"{t0}  Running with dbt=1.8.7", f"{t0}  Registered adapter: clickhouse=1.8.4",
                              dbt_found(t0)] + sorted(INCREMENTAL)))
        t.done(f"""一共 **61 个模型**：staging 21 个（视图）、intermediate 11 个、marts 29 个（表）。完整列表在上面的输出里，按层：

- **staging**：订单/明细/退款、券发放/核销、会员/等级变更/积分、App 埋点/搜索/加购、美团/饿了么订单、门店/SKU/库存快照、配送、评价、采购/供应商、推送
- **intermediate**：订单宽表 `int_order_enriched`、首单 `int_user_first_order`、用户日活跃、SKU 日库存、配送时间线、券生命周期、门店日历、退款宽表、等级快照、App 会话、搜索到下单
- **marts**：门店/城市/渠道/品类 GMV，会员 RFM/等级/升级/LTV/新客 cohort/周留存，券、促销、推送效果，配送 SLA/骑手，缺货、供应商满足率、SKU ABC，App 漏斗、搜索转化，评价分、退款原因，平台佣金，门店人效、排名，购物篮

**incremental 的 5 个**（都是埋点/小时级的大表）：
{chr(10).join('- `' + m + '`' for m in INCREMENTAL)}

其余都是 `table`（marts）或 `view`（staging）。""")


# ------------------------------------------------------------------ session 6
FB = ("前天会员等级那个分析，最后的解读写得太长了，我往运营群里贴的时候 cut half 才发出去。"
      "这种结论以后控制在 5 行以内，先说数再说建议。")


def s6(d):
    with d.session("2026-09-18T01:50:00", R, branch="main", version="2.1.136"):
        t = d.task(FB + "你把那段重新压一下给我", tags=["feedback", "no_tools"], feedback=FB)
        t.done("""1. 活跃率：普通 23.4%、银卡 59.8%、金卡 82.2%、黑金 92.6%
2. 90 天人均消费 118.6 / 356.2 / 871.4 / 2,360.9 元，每升一级约 2.5–3 倍，差距主要来自下单频次（2.4 → 31.3 单），客单价接近
3. 建议：银卡→金卡权益偏「频次」（次周券、会员日）；普通会员 469 万沉睡用户单独做召回；黑金重点防流失
（口径：当前等级，人均按 90 天内活跃会员算）""")

        # ---- T19 M1 #2
        t = d.task("财务要 9/1–9/17 的券核销明细，这次要带上领取时间和核销时间两列，导个 Excel 给我", tags=["mistake:M1"])
        t.read(CRE)
        t.edit(CRE, "    r.discount_amount\nFROM dwd.dwd_coupon_redeem AS r",
               "    r.discount_amount,\n    r.claimed_at,\n    r.redeemed_at\nFROM dwd.dwd_coupon_redeem AS r")
        t.edit(CRE, '    "discount_amount": "抵扣金额",\n}', '    "discount_amount": "抵扣金额",\n    "claimed_at": "领取时间",\n    "redeemed_at": "核销时间",\n}')
        cmd = "uv run python reports/coupon_redeem_export.py --start 2026-09-01 --end 2026-09-17"
        t.fail(cmd, "导出券核销明细",
               excel_tz_tb("reports/coupon_redeem_export.py", 75, 68, 'df.to_pandas().to_excel(xw, sheet_name="明细", index=False)'))
        t.say("汇总 sheet 写进去了，明细 sheet 挂在新加的两列上：`claimed_at` / `redeemed_at` 在 ClickHouse 里是 `DateTime('Asia/Shanghai')`，"
              "`query_arrow` 读出来是带时区的 timestamp，polars 转 pandas 后还是 tz-aware。"
              "在 polars 里用 `dt.replace_time_zone(None)` 去掉时区（钟点不变，仍是北京时间）：")
        t.edit(CRE, "    df = pl.from_arrow(tbl).rename(RENAME)",
               "    # Excel 不支持带时区的时间：去掉时区、保留北京时间钟点\n"
               "    df = pl.from_arrow(tbl).with_columns(pl.col(\"claimed_at\", \"redeemed_at\").dt.replace_time_zone(None)).rename(RENAME)")
        t.bash(cmd, "重新导出", out="汇总 37 行，明细 612480 行 -> out/coupon/券核销明细_2026-09-01_2026-09-17.xlsx", timeout=600000)
        t.bash("uv run python -c \"import openpyxl; ws = openpyxl.load_workbook('out/coupon/券核销明细_2026-09-01_2026-09-17.xlsx', read_only=True)['明细']; "
               "[print(*[c.value for c in r], sep=' | ') for r in ws.iter_rows(max_row=3)]\"", "看明细前两行",
               out="券ID | 券名称 | 面额 | 用户ID | 订单号 | 门店ID | 抵扣金额 | 领取时间 | 核销时间\n"
                   "200118 | 满39减5 | 5 | 30418827 | 2609010700128833 | 10017 | 5 | 2026-08-30 19:42:07 | 2026-09-01 07:12:55\n"
                   "200118 | 满39减5 | 5 | 31877204 | 2609010700131907 | 10042 | 5 | 2026-08-31 21:05:33 | 2026-09-01 07:20:18")
        t.done("""导好了：`out/coupon/券核销明细_2026-09-01_2026-09-17.xlsx`，汇总 37 种券，明细 612,480 行。

- SQL 加了 `claimed_at`、`redeemed_at`，对应「领取时间」「核销时间」两列
- 第一次跑报 `Excel does not support datetimes with timezones`（两列是带时区的 DateTime）。在 polars 里 `dt.replace_time_zone(None)` 去掉时区再写，时间仍是北京时间（第一行 9/1 07:12 核销，和门店开门时间吻合）

明细 61 万行，Excel 打开会有点慢；财务要是只对账，可以只看汇总 sheet。""")

        # ---- T20 W3 #2
        t = d.task("会员中心说 9/17 新注册会员他们那边是 4,812，我们看板上是 4,790，差 22 个，查下原因，记一笔", tags=["workflow:W3"])
        t.bash(f"{MY} xl_member -e \"SELECT COUNT(*) AS total, SUM(is_test = 1) AS test_accounts, SUM(status = 9) AS cancelled "
               "FROM member_user WHERE created_at >= '2026-09-17' AND created_at < '2026-09-18'\"", "会员库 9/17 注册数",
               out=tsv(["total", "test_accounts", "cancelled"], [(4812, 22, 3)]))
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT count() AS total, countIf(is_test = 1) AS test_accounts "
               "FROM ods.ods_member_user WHERE dt = '2026-09-17' AND toDate(created_at) = '2026-09-17'\"", "ClickHouse ods 同口径",
               out=pretty(["total", "test_accounts"], [(4812, 22)]))
        t.grep("is_test", path=P("dbt/models/staging"), output_mode="content", n=True,
               content=f"{P('dbt/models/staging/stg_member.sql')}:14:where is_test = 0")
        t.bash(f"{CH} --query \"SELECT sum(new_member_cnt) FROM dws.mart_member_level_daily WHERE dt = '2026-09-17'\"", "看板用的 mart",
               out="4790")
        t.write(P("docs/recon/2026-09-17_new_members.md"), """# 对数：2026-09-17 新注册会员（会员中心 4,812 vs 看板 4,790）

- 提出：会员中心（9/18）
- 结论：**口径差异**。差的 22 个全是测试账号（`member_user.is_test = 1`），BI 的 `stg_member` 过滤了测试账号

| 来源 | 口径 | 数 |
|---|---|---|
| 会员库 member_user（从库） | 当日注册，全部 | 4,812（其中测试账号 22、已注销 3） |
| ClickHouse ods.ods_member_user | 同上 | 4,812（测试账号 22） |
| dws.mart_member_level_daily（看板） | `stg_member`：`is_test = 0` | 4,790 |

- 已注销的 3 个 BI 口径里保留（注册行为发生了）
- 建议：会员中心的报表也过滤测试账号，或者两边在指标说明里写清楚
""")
        t.done("""原因找到了：**差的 22 个都是测试账号**。

- 会员库 9/17 注册 4,812，其中 `is_test = 1` 的 22 个；ClickHouse ods 同口径也是 4,812 / 22，同步没问题
- 我们的 `stg_member.sql` 第 14 行 `where is_test = 0`，所以看板是 4,790

记在 `docs/recon/2026-09-17_new_members.md`。建议和会员中心约定统一剔除测试账号。""")

        # ---- T21 U1
        t = d.task("财务想要 9 月上半月各门店的结算金额，在 MySQL 的 xl_finance.fin_settlement 表里，帮我拉一下", tags=["unfixed:U1"])
        t.fail(f"{MY} xl_finance -e \"SELECT store_id, SUM(settle_amount) AS settle_amount FROM fin_settlement "
               "WHERE settle_date BETWEEN '2026-09-01' AND '2026-09-15' GROUP BY store_id ORDER BY store_id\"",
               "查结算表",
               "ERROR 1142 (42000) at line 1: SELECT command denied to user 'ana_ro'@'10.8.12.77' for table 'fin_settlement'", code=1)
        t.bash(f"{MY} -e \"SHOW GRANTS\"", "看 ana_ro 的权限",
               out=tsv(["Grants for ana_ro@10.8.%"], [("GRANT USAGE ON *.* TO `ana_ro`@`10.8.%`",),
                                                     ("GRANT SELECT ON `xl_trade`.* TO `ana_ro`@`10.8.%`",),
                                                     ("GRANT SELECT ON `xl_member`.* TO `ana_ro`@`10.8.%`",),
                                                     ("GRANT SELECT ON `xl_product`.* TO `ana_ro`@`10.8.%`",),
                                                     ("GRANT SELECT ON `xl_review`.* TO `ana_ro`@`10.8.%`",)]))
        t.done("""拉不了：`ana_ro` 没有 `xl_finance` 库的权限（`ERROR 1142 ... SELECT command denied ... for table 'fin_settlement'`）。
`SHOW GRANTS` 看了，这个账号只开了交易、会员、商品、评价四个库。

结算数据属于财务敏感数据，得走权限申请：在 DBA 工单系统申请 `xl_finance.fin_settlement` 的只读权限（一般要财务负责人审批）。
或者更快的办法是请财务那边有权限的同事直接导给你。我这边没有做任何绕过权限的尝试。""")


WSUM = P("xl/weekly_summary.py")
WSUM_TXT = '''"""周报 summary.md 的文案（weekly_kpi.ipynb 最后一个 cell 调用）。"""
from xl.fmt import pct, pct_change, wan


def build_summary(week: str, span: str, cur: dict, prev: dict, yoy: dict) -> str:
    lines = [f"## 经营周报 {week}（{span}）"]
    lines.append(f"- GMV {wan(cur['gmv'])}，环比 {pct_change(cur['gmv'], prev['gmv'])}，同比 {pct_change(cur['gmv'], yoy['gmv'])}")
    lines.append(f"- 订单 {cur['orders'] / 10000:.1f} 万，环比 {pct_change(cur['orders'], prev['orders'])}；"
                 f"客单价 {cur['gmv'] / cur['orders']:.2f}")
    lines.append(f"- 新客 {cur['new_users'] / 10000:.2f} 万，环比 {pct_change(cur['new_users'], prev['new_users'])}")
    lines.append(f"- 线上占比 {pct(cur['online_share'])}，环比 {(cur['online_share'] - prev['online_share']) * 100:+.1f}pt")
    lines.append(f"- 缺货率 {pct(cur['stockout'])}，环比 {(cur['stockout'] - prev['stockout']) * 100:+.1f}pt")
    return "\\n".join(lines) + "\\n"
'''

WEBFETCH_FUNNEL = """windowFunnel(window, [mode, [mode, ...]])(timestamp, cond1, cond2, ..., condN)

Searches for event chains in a sliding time window and calculates the maximum number of events that occurred from the chain.

- The function searches for data that triggers the first condition in the chain and sets the event counter to 1. This is the moment when the sliding window starts.
- If events from the chain occur sequentially within the window, the counter is incremented. If the sequence of events is disrupted, the counter isn't incremented.
- If the data has multiple event chains at varying points of completion, the function will only output the size of the longest chain.

Parameters:
- `timestamp` — Name of the column containing the timestamp. Data types supported: Date, DateTime and other unsigned integer types.
- `cond` — Conditions or data describing the chain of events. UInt8.
- `window` — Length of the sliding window, it is the time interval between the first and the last condition. The unit of window depends on the timestamp itself and varies. Determined using the expression `timestamp of cond1 <= timestamp of cond2 <= ... <= timestamp of condN <= timestamp of cond1 + window`.
- `mode` — optional, one or more:
  - 'strict_deduplication' — If the same condition holds for the sequence of events, then such repeating event interrupts further processing.
  - 'strict_order' — Don't allow interventions of other events. E.g. in the case of A->B->D->C, it stops finding A->B->C at the D and the max event level is 1.
  - 'strict_increase' — Apply conditions only to events with strictly increasing timestamps.

Returned value: the maximum number of consecutive triggered conditions from the chain within the sliding time window. All the chains in the selection are analyzed. Type: Integer.

Example: `SELECT level, count() AS c FROM (SELECT user_id, windowFunnel(6048000000000000)(timestamp, eventID = 1003, eventID = 1009, eventID = 1007, eventID = 1010) AS level FROM trend GROUP BY user_id) GROUP BY level ORDER BY level ASC`"""


# ------------------------------------------------------------------ session 7
def s7(d):
    with d.session("2026-09-21T01:20:00", R, branch="main", version="2.1.137", end_reason="other"):
        t = d.task("W38 周报，老样子发群。这期开始加一条「新客占比」（新客 / 下单用户），也写成 xx.x% 这种", tags=["workflow:W1", "pref:P1"])
        d.files[WSUM] = WSUM_TXT
        t.grep("build_summary|buyers", path=P("notebooks"), output_mode="content", n=True,
               content=f'{P("notebooks/weekly_kpi.ipynb")}:212:    "cur = dict(gmv=kpi.gmv[0], orders=kpi.orders[0], buyers=kpi.buyers[0], new_users=kpi.new_users[0],\\n",\n'
                       f'{P("notebooks/weekly_kpi.ipynb")}:231:    "summary = build_summary(week, span, cur, prev, yoy)\\n",')
        t.read(WSUM)
        t.edit(WSUM, """    lines.append(f"- 新客 {cur['new_users'] / 10000:.2f} 万，环比 {pct_change(cur['new_users'], prev['new_users'])}")
""", """    lines.append(f"- 新客 {cur['new_users'] / 10000:.2f} 万，环比 {pct_change(cur['new_users'], prev['new_users'])}")
    lines.append(f"- 新客占比 {pct(cur['new_users'] / cur['buyers'])}（新客 / 下单用户），"
                 f"环比 {(cur['new_users'] / cur['buyers'] - prev['new_users'] / prev['buyers']) * 100:+.1f}pt")
""")
        weekly_report(d, t, "2026-W38", 18, 43, 1858406, """## 经营周报 2026-W38（9/14–9/20）
- GMV 6,012.7 万，环比 +0.9%，同比 +12.9%
- 订单 173.9 万，环比 +0.8%；客单价 34.58
- 新客 2.74 万，环比 +1.9%
- 新客占比 4.1%（新客 / 下单用户），环比 +0.1pt
- 线上占比 46.9%，环比 +0.3pt
- 缺货率 2.3%，环比 +0.1pt
""")
        t.done("""W38 周报已发群，html：`https://bi.xianlin.internal/reports/weekly_kpi/2026-W38.html`。

新增「新客占比」：在 `xl/weekly_summary.py` 里加了一行，用 `pct()` 输出（一位小数），本周 4.1%，环比 +0.1pt。notebook 里 `cur`/`prev` 本来就有 `buyers`，不用改 notebook。""")

        # ---- T23 webfetch
        t = d.task("中秋活动想看 App 里 首页 → 商品详情 → 加购 → 下单 的漏斗。ClickHouse 的 windowFunnel 我没用过，你查下文档再写，先拿 9/20 一天杭州的数据跑",
                   tags=["webfetch", "noise"])
        t.webfetch("https://clickhouse.com/docs/en/sql-reference/aggregate-functions/parametric-functions",
                   "windowFunnel 的语法、window 单位、几种 mode 的含义", WEBFETCH_FUNNEL)
        sql = P("sql/adhoc/2026-09-21_funnel_hz_0920.sql")
        t.write(sql, """-- App 漏斗：首页 -> 商品详情 -> 加购 -> 下单（30 分钟窗口，严格递增时间），2026-09-20 杭州
SELECT
    level,
    count() AS devices
FROM
(
    SELECT
        device_id,
        windowFunnel(1800, 'strict_increase')(
            event_time,
            event_name = 'home_view',
            event_name = 'sku_detail_view',
            event_name = 'add_cart',
            event_name = 'order_submit'
        ) AS level
    FROM dwd.dwd_app_event
    WHERE dt = '2026-09-20'
      AND city_name = '杭州'
      AND event_name IN ('home_view', 'sku_detail_view', 'add_cart', 'order_submit')
    GROUP BY device_id
)
GROUP BY level
ORDER BY level
""")
        lv = [(0, 18422), (1, 96310), (2, 71288), (3, 24915), (4, 31760)]
        t.bash(f"{CH} --format PrettyCompactMonoBlock --queries-file sql/adhoc/2026-09-21_funnel_hz_0920.sql", "跑漏斗",
               out=pretty(["level", "devices"], lv))
        reach = [sum(c for l, c in lv if l >= k) for k in range(1, 5)]
        t.done(f"""`windowFunnel(window, mode)(timestamp, cond1, …)` 返回每个设备在窗口内按顺序走到的最深一步；`window` 的单位跟时间列走（DateTime 就是秒）。我用了 30 分钟窗口 + `strict_increase`（同一秒的事件不算先后）。

9/20 杭州（SQL：`sql/adhoc/2026-09-21_funnel_hz_0920.sql`）：

| 步骤 | 到达设备 | 步骤转化 |
|---|---|---|
| 首页 | {reach[0]:,} | - |
| 商品详情 | {reach[1]:,} | {pct1(reach[1], reach[0])} |
| 加购 | {reach[2]:,} | {pct1(reach[2], reach[1])} |
| 下单 | {reach[3]:,} | {pct1(reach[3], reach[2])} |

整体首页→下单 {pct1(reach[3], reach[0])}。level 0 的 18,422 个设备是有详情/加购但当天没从首页进的（搜索、推送直达），不在漏斗里。""")

        # ---- T24 no tools
        t = d.task("国庆活动的效果评估，用同比还是 DID？去年国庆没做这个活动，但今年只有杭州和宁波上了", tags=["no_tools"])
        t.done("""建议 **DID（双重差分）**，同比只能当参考：

- 同比的问题：今年和去年之间门店数、App 用户量、大盘增速都变了（近期同比本来就在 +12% 左右），活动效果和自然增长混在一起
- DID：处理组 = 杭州、宁波，对照组 = 绍兴、嘉湖等没上活动的城市；比较两组「国庆 7 天 vs 节前 4 周」的变化差
- 前提是平行趋势：先画节前 8 周两组的 GMV / 订单趋势，看走势是否平行；不平行的话可以用合成控制，或者按门店粒度匹配相似门店
- 指标建议按店均（店数不同），再看新客、客单价拆解
- 国庆本身有假期效应，DID 能把这部分差掉（两组都有假期），这也是比同比好的地方""")


# ------------------------------------------------------------------ session 8
M_REGION_TXT = """{{ config(order_by='(dt, region_code)', partition_by='toYYYYMM(dt)') }}

-- 大区日 GMV（2026-10 起的新大区划分，门店 -> 大区映射在 seed dim_store_region）
select
    g.dt,
    r.region_code,
    any(r.region_name) as region_name,
    uniqExact(g.store_id) as store_cnt,
    sum(g.order_cnt) as order_cnt,
    sum(g.gmv) as gmv
from {{ ref('mart_store_gmv_daily') }} as g
inner join {{ ref('dim_store_region') }} as r on r.store_id = g.store_id
group by g.dt, r.region_code
"""


def dbt_two(t0, t1, first, second, second_status, err=None):
    n = 2
    lines = dbt_head(t0) + [
        dbt_line(t0, 1, n, "START sql table model", f"dev_chenyt.{first}", "RUN"),
        dbt_line(t1, 1, n, "OK created sql table model", f"dev_chenyt.{first}", "OK in 6.41s"),
        dbt_line(t1, 2, n, "START sql table model", f"dev_chenyt.{second}", "RUN")]
    if err:
        lines += [dbt_line(t1, 2, n, "ERROR creating sql table model", f"dev_chenyt.{second}", "ERROR in 0.37s"),
                  f"{t1}  ", f"{t1}  Finished running 2 table models in 0 hours 0 minutes and 8.12 seconds (8.12s).",
                  f"{t1}  ", f"{t1}  Completed with 1 error and 0 warnings:", f"{t1}  "] + err + [
                  f"{t1}  ", f"{t1}  Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2"]
    else:
        lines += [dbt_line(t1, 2, n, "OK created sql table model", f"dev_chenyt.{second}", second_status),
                  f"{t1}  ", f"{t1}  Finished running 2 table models in 0 hours 0 minutes and 9.03 seconds (9.03s).",
                  f"{t1}  ", f"{t1}  Completed successfully", f"{t1}  ", f"{t1}  Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2"]
    return "\n".join(lines)


def s8(d):
    with d.session("2026-10-09T01:30:00", R, branch="main", version="2.1.139"):
        t = d.task("节前建宇合了个新大区划分（一个 seed 加一个 mart_region_gmv_daily），我还没拉。你拉下来在 dev 上跑一下，看看国庆 7 天各大区 GMV",
                   tags=["mistake:M3"])
        t.bash("git pull --ff-only", "拉 main",
               out="Updating c07e5b3..e41b9d6\nFast-forward\n"
                   " dbt/models/marts/mart_region_gmv_daily.sql |  16 +\n"
                   " dbt/models/marts/schema.yml                |  12 +\n"
                   " dbt/seeds/dim_store_region.csv             | 431 +++++++++++++++++++++\n"
                   " dbt/seeds/schema.yml                       |   9 +\n"
                   " 4 files changed, 468 insertions(+)\n"
                   " create mode 100644 dbt/models/marts/mart_region_gmv_daily.sql\n"
                   " create mode 100644 dbt/seeds/dim_store_region.csv",
               err="From gitlab.xianlin.internal:bi/xl-analytics\n   c07e5b3..e41b9d6  main       -> origin/main")
        d.files[M_REGION] = M_REGION_TXT
        NODES.update(models=62, seeds=8, tests=156)
        t.read(M_REGION)
        t.say("它依赖 `mart_store_gmv_daily`，你 dev 里那张表还是 9 月建的，没有国庆数据，两个一起跑：")
        run = "cd dbt && uv run dbt run -s mart_store_gmv_daily mart_region_gmv_daily"
        t0 = hms(d, 14)
        t1 = hms(d, 21)
        t.fail(run, "dev 上跑门店日 GMV + 大区日 GMV", dbt_two(t0, t1, "mart_store_gmv_daily", "mart_region_gmv_daily", None, err=[
            f"{t1}    Database Error in model mart_region_gmv_daily (models/marts/mart_region_gmv_daily.sql)",
            f"  :HTTPDriver for http://{CHH}:8123 received ClickHouse error code 60",
            f"   Code: 60. DB::Exception: {SIG3} 'dev_chenyt.dim_store_region' in scope SELECT g.dt, r.region_code, "
            "any(r.region_name) AS region_name, uniqExact(g.store_id) AS store_cnt, sum(g.order_cnt) AS order_cnt, sum(g.gmv) AS gmv "
            "FROM dev_chenyt.mart_store_gmv_daily AS g INNER JOIN dev_chenyt.dim_store_region AS r ON r.store_id = g.store_id "
            "GROUP BY g.dt, r.region_code. (UNKNOWN_TABLE) (version 24.8.4.13 (official build))",
            "  compiled code at target/run/xl_analytics/models/marts/mart_region_gmv_daily.sql"]), code=1)
        t.say("门店日 GMV 建好了，大区那张挂在 `dim_store_region` 上：新 seed 还没进你的 dev schema。先加载 seed 再跑同一条：")
        t.bash("cd dbt && uv run dbt seed -s dim_store_region", "加载门店→大区映射 seed",
               out=dbt_seed_ok(hms(d, 9), hms(d, 11), "dim_store_region", 429))
        t.bash(run, "重跑两个模型", out=dbt_two(hms(d, 10), hms(d, 18), "mart_store_gmv_daily", "mart_region_gmv_daily", "OK in 1.12s"),
               timeout=600000)
        reg = [("HZ-N", "杭州北区", 71, 1183, "12184390.60"), ("HZ-S", "杭州南区", 66, 1102, "11307752.90"),
               ("NB", "宁波大区", 88, 1419, "13962018.10"), ("SX", "绍兴大区", 54, 872, "7421936.40"),
               ("JH", "嘉湖大区", 61, 994, "8120577.30"), ("TZ", "台州大区", 48, 729, "6013288.40"),
               ("WZ", "温州大区", 41, 603, "5108841.70")]
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT region_code, any(region_name) AS region, max(store_cnt) AS stores, "
               "round(sum(order_cnt) / 1000) AS orders_k, sum(gmv) AS gmv FROM dev_chenyt.mart_region_gmv_daily "
               "WHERE dt BETWEEN '2026-10-01' AND '2026-10-07' GROUP BY region_code ORDER BY gmv DESC\"", "国庆 7 天各大区",
               out=pretty(["region_code", "region", "stores", "orders_k", "gmv"],
                          sorted(reg, key=lambda r: -float(r[4])), right=[False, False, True, True, True]))
        tot = sum(float(r[4]) for r in reg)
        t.done(f"""跑通了。国庆 7 天（10/1–10/7）新大区划分下 GMV 合计 {tot / 10000:,.1f} 万：

| 大区 | 门店 | 订单（千） | GMV（万） | 占比 |
|---|---|---|---|---|
""" + "\n".join(f"| {r[1]} | {r[2]} | {r[3]} | {float(r[4]) / 10000:,.1f} | {float(r[4]) / tot * 100:.1f}% |"
                for r in sorted(reg, key=lambda r: -float(r[4]))) + """

过程：第一次 `dbt run` 时门店日 GMV 建好了，大区模型报 `Unknown table expression identifier 'dev_chenyt.dim_store_region'`——建宇的新 seed 还没加载到你的 dev。`dbt seed -s dim_store_region`（429 家店）之后同一条命令两个模型都过了。

杭州拆成南北两个区后，宁波大区成了 GMV 最高的大区。""")

        # ---- T26 reversal P3
        t = d.task("国庆复盘要几张图：每天 GMV、订单量、客单价，和去年国庆对比。以后图别再用 matplotlib 了，统一改用 plotly 出 html，运营那边要能 hover 看具体数",
                   tags=["reversal:P3"])
        t.bash("uv add plotly", "加 plotly 依赖",
               err="Resolved 120 packages in 1.37s\nPrepared 2 packages in 1.12s\nInstalled 2 packages in 47ms\n + narwhals==2.7.0\n + plotly==6.3.1")
        chart = P("scripts/charts/holiday_compare.py")
        t.write(chart, '''"""节假日逐日对比（今年 vs 去年同一节日）：GMV、订单量、客单价，plotly 出可交互 html。

用法: uv run python scripts/charts/holiday_compare.py --holiday 国庆节 --year 2026
"""
import argparse
from pathlib import Path

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from xl.db import ch

SQL = """
SELECT toYear(g.dt) AS y, h.holiday_name, row_number() OVER (PARTITION BY toYear(g.dt) ORDER BY g.dt) AS day_no,
       g.dt, sum(g.gmv) / 10000 AS gmv_wan, sum(g.order_cnt) AS orders, round(sum(g.gmv) / sum(g.order_cnt), 2) AS atv
FROM dws.mart_store_gmv_daily AS g
INNER JOIN dws.dim_holiday_cn AS h ON h.dt = g.dt
WHERE h.holiday_name = %(holiday)s AND toYear(g.dt) IN (%(year)s, %(year)s - 1)
GROUP BY y, h.holiday_name, g.dt
ORDER BY y, g.dt
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--holiday", required=True)
    ap.add_argument("--year", type=int, required=True)
    args = ap.parse_args()
    df = ch().query_df(SQL, parameters={"holiday": args.holiday, "year": args.year})
    fig = make_subplots(rows=3, cols=1, shared_xaxes=True, subplot_titles=("GMV（万元）", "订单量", "客单价（元）"))
    for y, color in ((args.year - 1, "#9aa5b1"), (args.year, "#e4572e")):
        part = df[df.y == y]
        hover = [f"{d:%m-%d}" for d in part.dt]
        for row, col in enumerate(("gmv_wan", "orders", "atv"), 1):
            fig.add_trace(go.Scatter(x=part.day_no, y=part[col], name=str(y), legendgroup=str(y), showlegend=row == 1,
                                     line=dict(color=color), customdata=hover,
                                     hovertemplate="%{customdata}<br>%{y:,.2f}<extra>" + str(y) + "</extra>"),
                          row=row, col=1)
    fig.update_xaxes(title_text="假期第 N 天", row=3, col=1, dtick=1)
    fig.update_layout(title=f"{args.holiday} {args.year} vs {args.year - 1}", height=900, hovermode="x unified")
    out = Path("out/charts") / f"holiday_compare_{args.holiday}_{args.year}.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.write_html(out, include_plotlyjs="cdn")
    print(f"{len(df)} 行 -> {out}")


if __name__ == "__main__":
    main()
''')
        t.bash("uv run python scripts/charts/holiday_compare.py --holiday 国庆节 --year 2026", "出国庆对比图",
               out="15 行 -> out/charts/holiday_compare_国庆节_2026.html")
        t.done("""图出好了：`out/charts/holiday_compare_国庆节_2026.html`，plotly 可交互，hover 能看到具体日期和数值。

- 三个子图共用横轴（假期第 N 天）：GMV（万元）、订单量、客单价，今年红线、去年灰线
- 去年国庆是 8 天、今年 7 天，所以按「第 N 天」对齐，数据一共 15 行
- `include_plotlyjs="cdn"`，html 只有几百 KB，飞书里点开直接看；内网打不开 CDN 的话我改成内嵌 js
- 脚本 `scripts/charts/holiday_compare.py` 是通用的，`--holiday 中秋节` 也能用

以后的图我都用 plotly 出 html；pyproject 里已经 `uv add plotly`。""")

        # ---- T27 M2 #3
        t = d.task("国庆7天 App 的 UV 和人均浏览商品数，按城市按天出一下", tags=["mistake:M2"])
        q = ("SELECT dt, city_name, count() AS uv, round(avg(sku_views), 2) AS sku_views_per_uv FROM (SELECT dt, city_name, device_id, "
             "countIf(event_name = 'sku_detail_view') AS sku_views, uniqExactIf(sku_id, event_name = 'sku_detail_view') AS skus "
             "FROM dwd.dwd_app_event WHERE dt BETWEEN '2026-10-01' AND '2026-10-07' GROUP BY dt, city_name, device_id) "
             "GROUP BY dt, city_name ORDER BY city_name, dt")
        t.fail(f"{CH} --format PrettyCompactMonoBlock --query \"{q}\"", "按城市按天算 UV 和人均浏览",
               ch_mem_error("ch-olap-03.bi.xianlin.internal", "9.33", 134217728, q), code=241)
        t.say("内层按 (天, 城市, 设备) 聚合 7 天埋点，设备级的 `uniqExactIf(sku_id)` 把内存撑爆了。加外部聚合参数重跑：")
        cities = [("杭州", 412000), ("宁波", 198000), ("绍兴", 96000), ("嘉兴", 71000), ("湖州", 52000), ("台州", 64000)]
        rows = []
        for c, base in cities:
            for i in range(7):
                f = [1.18, 1.09, 1.02, 0.97, 0.95, 0.99, 1.04][i]
                rows.append((f"2026-10-0{i + 1}", c, int(base * f + (len(c) * 977 * (i + 1)) % 3000),
                             round(6.1 + 0.35 * [3, 2, 1, 0, 0, 1, 2][i] + (len(c) % 3) * 0.21, 2)))
        rows.sort(key=lambda r: (r[1], r[0]))
        t.bash(f"{CH} --format PrettyCompactMonoBlock {EXT_GB} --query \"{q}\"", "外部聚合重跑",
               out=pretty(["dt", "city_name", "uv", "sku_views_per_uv"], rows, right=[False, False, True, True]), timeout=600000)
        t.done("""出来了（6 个城市 × 7 天，完整表在上面）。概括：

- UV：10/1 最高，之后逐天回落，10/5 触底（返程/出游），10/6–10/7 回升；杭州日均约 41 万，宁波约 20 万
- 人均浏览商品数：节日头两天最高（6.9–7.3 个），中段 6.1–6.5，和 UV 走势一致
- 各城市形态基本一致，没有哪个城市异常

第一次查询超了单查询内存上限，加 `--max_bytes_before_external_group_by=5000000000` 后跑完。需要的话我把这张表导成 Excel 或 plotly 图。""")

        # ---- T28 F2
        t = d.task("国庆 7 天每天的支付订单数，就要个数", tags=["flaky:F2", "noise"])
        cmd = (f"{CH} --query \"SELECT dt, count() FROM dwd.dwd_order WHERE dt BETWEEN '2026-10-01' AND '2026-10-07' "
               "AND pay_status = 1 GROUP BY dt ORDER BY dt\"")
        t.fail(cmd, "按天数支付订单",
               "Code: 210. DB::NetException: Connection reset by peer, while reading from socket "
               "(peer: 10.40.3.21:9000, local: 10.8.12.77:52814). (NETWORK_ERROR)", code=210)
        t.say("连接被对端重置，像是网络/服务端瞬时抖动，原样再跑一次：")
        days = [318442, 301277, 287905, 276310, 268944, 281736, 294118]
        t.bash(cmd, "按天数支付订单", out="\n".join(f"2026-10-0{i + 1}\t{n}" for i, n in enumerate(days)))
        t.done("国庆 7 天支付订单：\n\n" + "\n".join(f"- 10/{i + 1}：{n:,}" for i, n in enumerate(days)) +
               f"\n\n合计 {sum(days):,}。（第一次连接被重置，原样重试就好了。）")


# ------------------------------------------------------------------ session 9
CHURN_TXT = '''"""高等级会员流失预警名单（给会员运营）。

规则：当前金卡及以上；近 30 天没有支付订单；再往前 90 天（31~120 天前）支付订单 >= 3。
用法: uv run python reports/member_churn_list.py --as-of 2026-10-12
"""
import argparse
from datetime import date, timedelta
from pathlib import Path

import pandas as pd

from xl.db import ch
from xl.excel import autofit

SQL = """
SELECT
    m.user_id                  AS 用户ID,
    m.level_name               AS 等级,
    o.orders_prev90            AS 前90天单数,
    round(o.amount_prev90, 2)  AS 前90天消费,
    o.last_order_at            AS 最近下单时间,
    o.top_store_id             AS 常去门店ID,
    s.store_name               AS 常去门店
FROM dim.dim_member AS m
INNER JOIN (
    SELECT
        user_id,
        countIf(dt < %(recent_start)s) AS orders_prev90,
        sumIf(pay_amount, dt < %(recent_start)s) AS amount_prev90,
        countIf(dt >= %(recent_start)s) AS orders_recent30,
        max(pay_time) AS last_order_at,
        topK(1)(store_id)[1] AS top_store_id
    FROM dwd.dwd_order
    WHERE dt BETWEEN %(prev_start)s AND %(as_of)s AND pay_status = 1
    GROUP BY user_id
) AS o ON o.user_id = m.user_id
LEFT JOIN dim.dim_store AS s ON s.store_id = o.top_store_id
WHERE m.level_rank >= 3 AND o.orders_recent30 = 0 AND o.orders_prev90 >= 3
ORDER BY 前90天消费 DESC
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--as-of", required=True, help="截止日期（含），如 2026-10-12")
    args = ap.parse_args()
    as_of = date.fromisoformat(args.as_of)
    recent_start = as_of - timedelta(days=29)
    prev_start = recent_start - timedelta(days=90)
    df = ch().query_df(SQL, parameters={"as_of": as_of, "recent_start": recent_start, "prev_start": prev_start})
    out = Path("out/member") / f"高等级流失预警_{args.as_of}.xlsx"
    out.parent.mkdir(parents=True, exist_ok=True)
    with pd.ExcelWriter(out, engine="openpyxl") as xw:
        df.to_excel(xw, sheet_name="流失预警", index=False)
        autofit(xw.sheets["流失预警"])
    print(f"{len(df)} 人 -> {out}")


if __name__ == "__main__":
    main()
'''


def s9(d):
    with d.session("2026-10-13T01:40:00", R, branch="main", version="2.1.141"):
        t = d.task("mart_member_rfm 的 R 分段阈值改一下：R1 ≤ 7 天、R2 ≤ 30 天，其余 R3，运营那边改成按周触达了。dev 跑完对下各段人数变化，然后提交",
                   tags=["workflow:W2"])
        t.read(M_RFM)
        t.edit(M_RFM, "    multiIf(recency_days <= 14, 'R1', recency_days <= 45, 'R2', 'R3') as r_seg,",
               "    multiIf(recency_days <= 7, 'R1', recency_days <= 30, 'R2', 'R3') as r_seg,")
        t.bash("cd dbt && uv run dbt build -s mart_member_rfm", "dev 上 build + 测试",
               out=dbt_build_ok(hms(d, 12), hms(d, 31), "mart_member_rfm", "17.83", [
                   "accepted_values_mart_member_rfm_r_seg__R1__R2__R3", "not_null_mart_member_rfm_user_id",
                   "unique_mart_member_rfm_user_id"]), timeout=900000)
        segs = [("R1", 1204377, 2311650), ("R2", 2398105, 1880412), ("R3", 2046913, 1457333)]
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT r_seg, countIf(src = 'dev') AS dev_new, countIf(src = 'prod') AS prod_old "
               "FROM (SELECT r_seg, 'dev' AS src FROM dev_chenyt.mart_member_rfm UNION ALL SELECT r_seg, 'prod' FROM dws.mart_member_rfm) "
               "GROUP BY r_seg ORDER BY r_seg\"", "新旧阈值各段人数对比",
               out=pretty(["r_seg", "dev_new", "prod_old"], segs))
        t.bash("git add dbt/models/marts/mart_member_rfm.sql && git commit -m \"feat(mart_member_rfm): R segments 7/30 days for weekly outreach\" && "
               "git push origin main", "提交推送",
               out=commit_out("feat(mart_member_rfm): R segments 7/30 days for weekly outreach", 1, 1, 1), err=push_out("e41b9d6", "7b2f0c8"))
        tot = sum(s[1] for s in segs)
        t.done(f"""改好已推 main，prod 明早调度生效。

| 段 | 新阈值（dev） | 旧阈值（prod） |
|---|---|---|
""" + "\n".join(f"| {s} | {a:,} | {b:,} |" for s, a, b in segs) + f"""

总人数 {tot:,} 不变（`unique`/`not_null`/`accepted_values` 都过了）。R1 从 231 万降到 120 万，R3 从 146 万升到 205 万：原来 15–45 天的人有一部分落进了 R3。
运营那边按 R 段配的触达人群包会跟着变，最好提前和他们说一声。""")

        # ---- T30 M1 #3
        t = d.task("写个流失预警名单：金卡及以上、近 30 天没下单、但再往前 90 天下过 3 单以上的会员，带上最近一次下单时间和常去门店，导 Excel 给会员运营。截止到昨天",
                   tags=["mistake:M1"])
        t.read(WSS)
        t.write(CHURN, CHURN_TXT)
        cmd = "uv run python reports/member_churn_list.py --as-of 2026-10-12"
        t.fail(cmd, "生成流失预警名单",
               excel_tz_tb("reports/member_churn_list.py", 67, 61, 'df.to_excel(xw, sheet_name="流失预警", index=False)'))
        t.say("「最近下单时间」来自 `max(pay_time)`，`pay_time` 是 `DateTime('Asia/Shanghai')`，`query_df` 读出来带时区，Excel 写不进去。"
              "去掉时区、保留北京时间钟点：")
        t.edit(CHURN, """    df = ch().query_df(SQL, parameters={"as_of": as_of, "recent_start": recent_start, "prev_start": prev_start})
""", """    df = ch().query_df(SQL, parameters={"as_of": as_of, "recent_start": recent_start, "prev_start": prev_start})
    df["最近下单时间"] = df["最近下单时间"].dt.tz_localize(None)  # Excel 不支持带时区的时间
""")
        t.bash(cmd, "重新生成", out="8417 人 -> out/member/高等级流失预警_2026-10-12.xlsx")
        t.bash("uv run python -c \"import openpyxl; ws = openpyxl.load_workbook('out/member/高等级流失预警_2026-10-12.xlsx').active; "
               "[print(*[c.value for c in r], sep=' | ') for r in ws.iter_rows(max_row=3)]\"", "看前两行",
               out="用户ID | 等级 | 前90天单数 | 前90天消费 | 最近下单时间 | 常去门店ID | 常去门店\n"
                   "30877120 | 黑金 | 41 | 6320.5 | 2026-09-10 20:14:37 | 10003 | 鲜邻·莫干山路店\n"
                   "31402288 | 黑金 | 36 | 5981.2 | 2026-09-08 18:51:02 | 20011 | 鲜邻·天一广场店")
        t.done("""名单在 `out/member/高等级流失预警_2026-10-12.xlsx`，一共 8,417 人，按前 90 天消费倒序。

- 口径：当前金卡/黑金（`level_rank >= 3`），9/13–10/12 无支付订单，6/15–9/12 支付 ≥ 3 单
- 列：用户ID、等级、前 90 天单数和消费、最近下单时间、常去门店（`topK(1)(store_id)`）
- 第一次写 Excel 报 `Excel does not support datetimes with timezones`（「最近下单时间」带时区），已在脚本里 `dt.tz_localize(None)`，时间是北京时间

脚本是 `reports/member_churn_list.py`，以后换 `--as-of` 就能重跑。""")

        # ---- T31 O2
        t = d.task("品控要国庆到现在的评价导出，10/1 到 10/12", tags=["oneoff:O2"])
        cmd = "uv run python reports/review_export.py --start 2026-10-01 --end 2026-10-12"
        t.fail(cmd, "导出评价", f"""Traceback (most recent call last):
  File "{R}/reports/review_export.py", line 46, in <module>
    main()
  File "{R}/reports/review_export.py", line 41, in main
    df.to_excel(xw, sheet_name="评价", index=False)
  File "{VENV}/pandas/util/_decorators.py", line 333, in wrapper
    return func(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/pandas/core/generic.py", line 2417, in to_excel
    formatter.write(
  File "{VENV}/pandas/io/formats/excel.py", line 952, in write
    writer._write_cells(
  File "{VENV}/pandas/io/excel/_openpyxl.py", line 492, in _write_cells
    xcell.value, fmt = self._value_with_fmt(cell.val)
    ^^^^^^^^^^^
  File "{VENV}/openpyxl/cell/cell.py", line 218, in value
    self._bind_value(value)
  File "{VENV}/openpyxl/cell/cell.py", line 187, in _bind_value
    value = self.check_string(value)
            ^^^^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/openpyxl/cell/cell.py", line 155, in check_string
    raise IllegalCharacterError(f"{{value}} cannot be used in worksheets.")
openpyxl.utils.exceptions.IllegalCharacterError: 菜很新鲜，就是骑手送错楼了\x0b打电话也不接 cannot be used in worksheets.""")
        t.say("有条评价里带了控制字符（`\\x0b` 垂直制表符，手机输入法粘贴进来的），openpyxl 不允许写进单元格。写之前把文本列里的非法字符去掉：")
        t.read(REVIEW)
        t.edit(REVIEW, "import pandas as pd\n\nfrom xl.db import mysql_ro",
               "import pandas as pd\nfrom openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE\n\nfrom xl.db import mysql_ro")
        t.edit(REVIEW, "    df.columns = COLS\n",
               "    df.columns = COLS\n"
               "    for col in (\"评价内容\", \"标签\"):\n"
               "        df[col] = df[col].str.replace(ILLEGAL_CHARACTERS_RE, \"\", regex=True)  # 去掉 openpyxl 不接受的控制字符\n")
        t.bash(cmd, "重新导出", out="3126 条 -> out/review/评价导出_2026-10-01_2026-10-12.xlsx")
        t.done("""导好了：`out/review/评价导出_2026-10-01_2026-10-12.xlsx`，3,126 条（差评 + 带文字的中评）。

第一次报 `IllegalCharacterError`：有评价内容里带 `\\x0b` 这类控制字符。`reports/review_export.py` 里对「评价内容」「标签」两列用 openpyxl 自带的 `ILLEGAL_CHARACTERS_RE` 去掉非法字符后再写，文字内容不受影响。""")

        # ---- T32 W3 #3
        t = d.task("财务说 10/3 的退款金额对不上：他们那边 12.6 万，我们退款看板 11.9 万，查一下，照旧记到 docs/recon", tags=["workflow:W3"])
        t.bash(f"{MY} xl_trade -e \"SELECT 'by_apply' AS basis, COUNT(*) AS refunds, SUM(refund_amount) AS amount FROM refund_order "
               "WHERE created_at >= '2026-10-03' AND created_at < '2026-10-04' AND status = 'SUCCESS' "
               "UNION ALL SELECT 'by_success', COUNT(*), SUM(refund_amount) FROM refund_order "
               "WHERE success_time >= '2026-10-03' AND success_time < '2026-10-04' AND status = 'SUCCESS'\"",
               "交易库：按申请时间 vs 按退款成功时间",
               out=tsv(["basis", "refunds", "amount"], [("by_apply", 3472, "118962.40"), ("by_success", 3688, "126417.85")]))
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT toDate(created_at) AS apply_date, count() AS refunds, sum(refund_amount) AS amount "
               "FROM dwd.dwd_refund WHERE dt BETWEEN '2026-09-28' AND '2026-10-04' AND status = 'SUCCESS' "
               "AND toDate(success_time) = '2026-10-03' GROUP BY apply_date ORDER BY apply_date\"", "10/3 到账的退款按申请日拆",
               out=pretty(["apply_date", "refunds", "amount"],
                          [("2026-10-01", 121, "4208.30"), ("2026-10-02", 284, "9870.15"), ("2026-10-03", 3283, "112339.40")]))
        t.bash(f"{CH} --query \"SELECT sum(refund_amount) FROM dws.mart_refund_reason_daily WHERE dt = '2026-10-03'\"", "看板用的 mart",
               out="118962.40")
        t.write(P("docs/recon/2026-10-03_refund.md"), """# 对数：2026-10-03 退款金额（财务 12.6 万 vs 退款看板 11.9 万）

- 提出：财务（10/13）
- 结论：**日期口径不同**。财务按**退款到账日**（`success_time`），BI 退款看板按**退款申请日**（`created_at`）

| 口径 | 笔数 | 金额 |
|---|---|---|
| 按申请日 10/3（看板，`mart_refund_reason_daily`） | 3,472 | 118,962.40 |
| 按到账日 10/3（财务） | 3,688 | 126,417.85 |

- 10/3 到账的退款里，有 405 笔（14,078.45 元）是 10/1、10/2 申请的：国庆头两天退款审核积压，10/3 集中处理
- 10/3 申请、当天没到账的 189 笔在 10/4 到账，计入财务 10/4
- 两边数据本身一致（交易库与 dwd_refund 同口径核对无差异）
- 建议：给财务的退款报表单独出一个「按到账日」的口径，看板上注明「按申请日」
""")
        t.done("""查清楚了，是**日期口径不同**，不是数据问题：

- 财务按**到账日**（`success_time`）：10/3 到账 3,688 笔、126,417.85 元
- 我们退款看板按**申请日**（`created_at`）：10/3 申请且成功 3,472 笔、118,962.40 元
- 10/3 到账的里有 405 笔（约 1.4 万）是 10/1–10/2 申请的，国庆头两天审核积压，10/3 集中退

记录在 `docs/recon/2026-10-03_refund.md`。""")


# ------------------------------------------------------------------ session 10
M_CATW_TXT = """{{ config(order_by='(wk, cat1_code)') }}

-- 一级品类周销售（2026-10 起用新版品类映射 seed dim_category_map：后台类目 -> 经营一级品类）
select
    toStartOfWeek(i.dt, 1) as wk,
    c.cat1_code,
    any(c.cat1_name) as cat1_name,
    uniqExact(i.order_id) as order_cnt,
    sum(i.qty) as qty,
    sum(i.item_amount) as sales
from {{ ref('stg_order_item') }} as i
inner join {{ ref('dim_category_map') }} as c on c.backend_cat_id = i.backend_cat_id
where i.pay_status = 1
group by wk, c.cat1_code
"""


def s10(d):
    with d.session("2026-10-16T01:30:00", R, branch="main", version="2.1.143"):
        t = d.task("pull 一下，建宇把 mart_category_sales_weekly 改成按新的品类映射出了（又加了个 seed）。再 dev 上跑下，看 W41 各一级品类的销售",
                   tags=["mistake:M3"])
        t.bash("git pull --ff-only", "拉 main",
               out="Updating 7b2f0c8..0d9a3f1\nFast-forward\n"
                   " dbt/models/marts/mart_category_sales_weekly.sql |  10 +-\n"
                   " dbt/seeds/dim_category_map.csv                  | 187 ++++++++++++++++++++\n"
                   " dbt/seeds/schema.yml                            |   8 +\n"
                   " 3 files changed, 200 insertions(+), 5 deletions(-)\n"
                   " create mode 100644 dbt/seeds/dim_category_map.csv",
               err="From gitlab.xianlin.internal:bi/xl-analytics\n   7b2f0c8..0d9a3f1  main       -> origin/main")
        d.files[M_CATW] = M_CATW_TXT
        NODES.update(seeds=9, tests=158)
        t.read(M_CATW)
        run = "cd dbt && uv run dbt run -s mart_category_sales_weekly"
        t.fail(run, "dev 上跑品类周销售",
               dbt_unknown_table(hms(d, 13), hms(d, 16), "mart_category_sales_weekly", "models/marts/mart_category_sales_weekly.sql",
                                 "dim_category_map",
                                 "SELECT toStartOfWeek(i.dt, 1) AS wk, c.cat1_code, any(c.cat1_name) AS cat1_name, uniqExact(i.order_id) AS order_cnt, "
                                 "sum(i.qty) AS qty, sum(i.item_amount) AS sales FROM dev_chenyt.stg_order_item AS i "
                                 "INNER JOIN dev_chenyt.dim_category_map AS c ON c.backend_cat_id = i.backend_cat_id "
                                 "WHERE i.pay_status = 1 GROUP BY wk, c.cat1_code"), code=1)
        t.say("还是新 seed 没进 dev schema（`dim_category_map` 这次 pull 才有）。先 seed 再跑：")
        t.bash("cd dbt && uv run dbt seed -s dim_category_map", "加载品类映射 seed",
               out=dbt_seed_ok(hms(d, 10), hms(d, 12), "dim_category_map", 184))
        t.bash(run, "重跑", out=dbt_model_ok(hms(d, 9), hms(d, 21), "mart_category_sales_weekly", "11.46"), timeout=600000)
        cats = [("C01", "蔬菜", 412388, "4820331.60"), ("C02", "水果", 371205, "6213874.20"), ("C03", "肉禽蛋", 356920, "7982150.90"),
                ("C04", "水产", 121877, "3390418.50"), ("C05", "乳品烘焙", 298310, "2910774.30"), ("C06", "粮油调味", 187442, "2204316.00"),
                ("C07", "酒水饮料", 164109, "1803922.70"), ("C08", "休闲零食", 152630, "1377105.40"), ("C09", "冷冻速食", 133984, "1688217.90"),
                ("C10", "日用百货", 61248, "702481.20")]
        t.bash(f"{CH} --format PrettyCompactMonoBlock --query \"SELECT cat1_code, cat1_name, order_cnt, sales FROM dev_chenyt.mart_category_sales_weekly "
               "WHERE wk = '2026-10-05' ORDER BY sales DESC\"", "W41 各一级品类",
               out=pretty(["cat1_code", "cat1_name", "order_cnt", "sales"], sorted(cats, key=lambda c: -float(c[3])),
                          right=[False, False, True, True]))
        tot = sum(float(c[3]) for c in cats)
        top = sorted(cats, key=lambda c: -float(c[3]))[:3]
        t.done(f"""跑通了。W41（10/5–10/11）一级品类销售合计 {tot / 10000:,.1f} 万，前三：{top[0][1]} {float(top[0][3]) / 10000:,.1f} 万、{top[1][1]} {float(top[1][3]) / 10000:,.1f} 万、{top[2][1]} {float(top[2][3]) / 10000:,.1f} 万，10 个一级品类完整见上表。

第一次 `dbt run` 报 `Unknown table expression identifier 'dev_chenyt.dim_category_map'`：新 seed 没在 dev 里。`dbt seed -s dim_category_map`（184 行映射）之后同一条命令就过了。""")

        # ---- T34 U2
        t = d.task("把 W41 各品类销售整理成几行简报，发到华东运营群，--to ops_east", tags=["unfixed:U2"])
        brief = P("out/brief/2026-W41_category.md")
        t.write(brief, "## W41 品类销售简报（10/5–10/11）\n"
                       + "".join(f"- {c[1]} {float(c[3]) / 10000:,.1f} 万，占 {float(c[3]) / tot * 100:.1f}%\n"
                                 for c in sorted(cats, key=lambda c: -float(c[3]))[:5])
                       + f"- 合计 {tot / 10000:,.1f} 万（新版品类映射口径）\n")
        t.fail("uv run python scripts/feishu_send.py --to ops_east --title \"W41 品类销售简报\" --md out/brief/2026-W41_category.md",
               "发到华东运营群", "飞书返回错误: code=19022 msg=Ip Not Allowed")
        t.bash("env | grep -c '^FEISHU_WEBHOOK_OPS_EAST=' && curl -s https://ifconfig.me", "确认 webhook 变量存在、看本机出口 IP",
               out="1\n115.236.52.18")
        t.done("""没发出去：飞书返回 `code=19022 msg=Ip Not Allowed`。

华东运营群的机器人开了 **IP 白名单**，你这台开发机的出口 IP（115.236.52.18）不在里面；webhook 变量本身是对的，签名也过了（否则会是 19021）。经营周报群的机器人没开白名单，所以那边一直能发。

需要群管理员处理，二选一：
1. 在机器人安全设置里把报表服务器 bi-report-01 的出口 IP 加进白名单，以后这类简报从报表服务器发
2. 或者把开发机出口 IP 加进去（不建议，办公网 IP 会变）

简报内容已经写在 `out/brief/2026-W41_category.md`，你可以先手动贴到群里。""")

        # ---- T35 long output
        t = d.task("月报用：列一下 9 月 7 号以来我提交的东西", tags=["noise", "long_output"])
        log = [("7b2f0c8", "2026-10-13", "feat(mart_member_rfm): R segments 7/30 days for weekly outreach"),
               ("5e0d2a7", "2026-10-13", "feat(reports): member churn warning list"),
               ("b41c9e3", "2026-10-13", "fix(review_export): strip illegal control characters"),
               ("a8f3d10", "2026-10-13", "docs(recon): 2026-10-03 refund amount"),
               ("91d7c42", "2026-10-09", "feat(charts): holiday compare with plotly"),
               ("3c55e8b", "2026-10-09", "chore(deps): add plotly"),
               ("e2b7a90", "2026-09-21", "feat(weekly): new user share in summary"),
               ("0f6c1d4", "2026-09-21", "sql(adhoc): mid-autumn app funnel"),
               ("d93a7e5", "2026-09-18", "docs(recon): 2026-09-17 new members"),
               ("6b8e2f1", "2026-09-18", "feat(coupon_export): claimed_at / redeemed_at"),
               ("c07e5b3", "2026-09-16", "feat(mart_coupon_daily): add redeem_user_cnt"),
               ("48e1b6a", "2026-09-14", "sql(adhoc): weekly coupon roi"),
               ("f27d903", "2026-09-14", "feat(fmt): percentages with one decimal"),
               ("1a9c7b2", "2026-09-10", "docs(recon): 2026-09-09 app gmv"),
               ("8d2e4f6", "2026-09-08", "feat(charts): region gmv trend"),
               ("72c0a5e", "2026-09-08", "feat(weekly_store_sales): first/last pay time per store"),
               ("b5a31d8", "2026-09-07", "sql(adhoc): july new user repurchase"),
               ("5d81e0a", "2026-09-07", "feat(mart_store_gmv_daily): add atv and new_user_cnt")]
        stats = ["2 files changed, 2 insertions(+), 2 deletions(-)", "1 file changed, 62 insertions(+)",
                 "1 file changed, 3 insertions(+)", "1 file changed, 20 insertions(+)", "1 file changed, 58 insertions(+)",
                 "2 files changed, 31 insertions(+)", "1 file changed, 2 insertions(+)", "1 file changed, 24 insertions(+)",
                 "1 file changed, 17 insertions(+)", "1 file changed, 6 insertions(+), 1 deletion(-)",
                 "2 files changed, 6 insertions(+), 1 deletion(-)", "1 file changed, 16 insertions(+)",
                 "1 file changed, 2 insertions(+), 2 deletions(-)", "1 file changed, 18 insertions(+)",
                 "1 file changed, 61 insertions(+)", "1 file changed, 13 insertions(+), 1 deletion(-)",
                 "1 file changed, 27 insertions(+)", "2 files changed, 9 insertions(+)"]
        t.bash("git log --author=chenyt --since=2026-09-07 --date=short --pretty='%h %ad %s' --shortstat", "列出 9/7 以来的提交",
               out="\n\n".join(f"{h} {dt} {s}\n {st}" for (h, dt, s), st in zip(log, stats)))
        t.done("""9/7 以来你一共 18 个提交，按类别：

- **dbt 模型**（3）：门店日 GMV 加客单价/新客数、券日汇总加核销人数、RFM 的 R 段阈值改成 7/30 天
- **报表脚本**（4）：门店周销售加首单/末单时间、券核销导出加领取/核销时间、新的高等级会员流失预警名单、评价导出去掉非法字符
- **周报 / 格式**（2）：百分比统一一位小数、周报加「新客占比」
- **图表**（3）：大区 GMV 趋势（matplotlib）、节假日对比（plotly）、加 plotly 依赖
- **对数记录**（3）：9/9 app GMV、9/17 新注册会员、10/3 退款金额，都是口径差异
- **临时取数 SQL**（3）：7 月新客复购、券周 ROI、中秋 App 漏斗""")


# ------------------------------------------------------------------ answer key
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Report scripts pull DateTime('Asia/Shanghai') columns from ClickHouse with clickhouse-connect "
                            "(query_df / query_arrow return timezone-aware datetimes) and write them to Excel with pandas + "
                            "openpyxl without dropping the timezone; to_excel refuses: T06 weekly_store_sales.py (new first/last "
                            "pay time columns from dwd_order.pay_time), T19 coupon_redeem_export.py (polars from_arrow -> "
                            "to_pandas, new claimed_at / redeemed_at), T30 new member_churn_list.py (max(pay_time) as 最近下单时间).",
             "error_signature": "Traceback … df.to_excel(…) … pandas/io/formats/excel.py … in _format_value raise ValueError( "
                                "ValueError: Excel does not support datetimes with timezones. Please ensure that datetimes are "
                                "timezone unaware before writing to Excel.",
             "fix": "Edit the script: drop the timezone but keep the Beijing wall-clock time before writing — pandas "
                    "`df[col] = df[col].dt.tz_localize(None)`, polars `pl.col(...).dt.replace_time_zone(None)` — then run the "
                    "same `uv run python reports/<script>.py …` again.",
             "fix_command_markers": [["tz_localize(None)", "replace_time_zone(None)"]],
             "harmful_markers": ["tz_convert(None)", "astype(str)"]},
            {"id": "M2",
             "description": "Ad-hoc clickhouse-client queries that aggregate per user / per device over weeks or months "
                            "(groupUniqArray of order dates, uniqExact(store_id) per user, per-device uniqExactIf over 7 days of "
                            "app events) exceed the per-query memory limit of the analyst account (9.31 GiB): T03 July new-user "
                            "30-day repurchase (--queries-file), T15 member level 90-day spend (--query, ch-olap-02), T27 National "
                            "Day UV and SKU views per city/day (--query, ch-olap-03).",
             "error_signature": "Received exception from server (version 24.8.4): Code: 241. DB::Exception: Received from "
                                "<host>:9000. DB::Exception: Memory limit (for query) exceeded: would use 9.3x GiB (attempt to "
                                "allocate chunk of N bytes), maximum: 9.31 GiB.: While executing AggregatingTransform. "
                                "(MEMORY_LIMIT_EXCEEDED)",
             "fix": "Run the same clickhouse-client command again with the setting "
                    "`--max_bytes_before_external_group_by=5000000000` (GROUP BY spills to disk above ~5 GB, half of the "
                    "limit); the query then finishes.",
             "fix_command_markers": [["max_bytes_before_external_group_by"]],
             "harmful_markers": ["max_memory_usage", "max_server_memory_usage"]},
            {"id": "M3",
             "description": "A colleague (周建宇) merges a dbt model change that refs a new seed; after pulling, the model is run "
                            "in the analyst's dev schema where the seed was never loaded (dbt run does not load seeds), so "
                            "ClickHouse cannot find the table: T08 mart_store_gmv_daily + dim_holiday_cn, T25 "
                            "mart_region_gmv_daily + dim_store_region (run together with mart_store_gmv_daily, which passes), "
                            "T33 mart_category_sales_weekly + dim_category_map.",
             "error_signature": "dbt run … Database Error in model <m> (models/marts/<m>.sql) :HTTPDriver for "
                                "http://ch-olap-01…:8123 received ClickHouse error code 60  Code: 60. DB::Exception: Unknown "
                                "table expression identifier 'dev_chenyt.<seed>' in scope SELECT … (UNKNOWN_TABLE)",
             "fix": "Load the new seed into the dev schema first: `cd dbt && uv run dbt seed -s <seed>`, then run the same "
                    "`dbt run -s …` again.",
             "fix_command_markers": [["dbt seed"]],
             "harmful_markers": ["--full-refresh", "--target prod", "DROP TABLE"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Ad-hoc coupon ROI SQL uses toStartOfWeek(r.dt, 1) on an ods table whose dt partition "
                                         "column is a String: Code: 43 ILLEGAL_TYPE_OF_ARGUMENT 'Illegal type String of argument "
                                         "of function toStartOfWeek'; the file is edited to toStartOfWeek(toDate(r.dt), 1) and "
                                         "the same clickhouse-client --queries-file command runs."},
            {"id": "O2", "description": "reports/review_export.py: a review text contains a \\x0b control character; openpyxl "
                                         "raises IllegalCharacterError '… cannot be used in worksheets.'; the script strips "
                                         "ILLEGAL_CHARACTERS_RE from the text columns and the same command runs."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "MySQL replica query on xl_finance.fin_settlement: ERROR 1142 (42000) SELECT command "
                                         "denied to user 'ana_ro'; SHOW GRANTS shows only trade/member/product/review; needs a DBA "
                                         "permission ticket approved by finance, left as is."},
            {"id": "U2", "description": "scripts/feishu_send.py --to ops_east: Feishu bot returns code=19022 'Ip Not Allowed' "
                                         "(the ops group bot has an IP whitelist without the dev machine); needs the group admin, "
                                         "brief left in out/brief/ for manual posting."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "uv sync: 'Failed to download scipy==1.16.2 … Request failed after 3 retries … operation "
                                         "timed out' from the Aliyun mirror; identical retry works."},
            {"id": "F2", "description": "clickhouse-client: 'Code: 210. DB::NetException: Connection reset by peer, while reading "
                                         "from socket … (NETWORK_ERROR)'; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Weekly KPI report: `uv run papermill notebooks/weekly_kpi.ipynb out/weekly_kpi/<week>/"
                                         "weekly_kpi.ipynb -p week <week>` → `uv run jupyter nbconvert --to html --no-input …` → "
                                         "rsync the html to bi-report-01 and check it is served → read summary.md → `uv run "
                                         "python scripts/feishu_send.py --to report --title … --md … --link …`.",
             "step_markers": [["papermill"], ["nbconvert --to html"], ["rsync"], ["feishu_send.py --to report"]]},
            {"id": "W2", "description": "dbt mart change: edit the model SQL (and schema.yml) → `cd dbt && uv run dbt build -s "
                                         "<model>` in dev → clickhouse-client comparison of dev_chenyt vs the prod dws table → "
                                         "`git commit -m \"feat(<model>): …\"` and push.",
             "step_markers": [["dbt build -s"], ["dev_chenyt."], ["git commit"]]},
            {"id": "W3", "description": "Reconciliation (对数) when a business team's number differs from the dashboard: same "
                                         "query on the MySQL read replica (`mysql -h mysql-ro-02 …`) → same on ClickHouse "
                                         "dwd/ods → the mart behind the dashboard → write docs/recon/<date>_<topic>.md with the "
                                         "table of sources and the cause (so far always a definition difference).",
             "step_markers": [["mysql -h"], ["clickhouse-client"], ["docs/recon/"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Ratios / percentages are shown with one decimal place (xx.x%), never 2–4 decimals.",
             "markers": [["一位小数", "xx.x%"]]},
            {"id": "P2", "description": "Every ClickHouse query filters on the dt partition column, no full scans.",
             "markers": [["dt"], ["分区"]]},
            {"id": "P3", "description": "Charts with matplotlib as png (T07) — reversed in T26: from now on charts with plotly "
                                         "as interactive html so operations can hover for values.",
             "markers": [["matplotlib"]],
             "reversal_markers": [["plotly"], ["别再用 matplotlib", "不用 matplotlib"]]},
        ],
        probes=[
            {"prompt": "导退款明细的时候报了 ValueError: Excel does not support datetimes with timezones. Please ensure that datetimes "
                       "are timezone unaware before writing to Excel. 报错的是 refund_time 那列，ClickHouse 里是 DateTime('Asia/Shanghai')",
             "wanted": ["M1"]},
            {"prompt": "物流部要 10 月的配送超时订单明细，带下单时间、预计送达时间、实际送达时间，写个脚本导成 Excel", "wanted": ["M1"]},
            {"prompt": "跑用户 LTV 那个 SQL 报错：Code: 241. DB::Exception: Received from ch-olap-03.bi.xianlin.internal:9000. "
                       "DB::Exception: Memory limit (for query) exceeded: would use 9.35 GiB (attempt to allocate chunk of 67108864 bytes), "
                       "maximum: 9.31 GiB.: While executing AggregatingTransform. (MEMORY_LIMIT_EXCEEDED) 要不要找 DBA 把内存上限调大？",
             "wanted": ["M2"]},
            {"prompt": "算一下今年以来每个用户的累计消费和订单数，按消费额分 10 档，看每档人数和消费占比", "wanted": ["M2"]},
            {"prompt": "dbt run -s mart_store_promo_daily 报 Database Error，Code: 60. DB::Exception: Unknown table expression identifier "
                       "'dev_chenyt.dim_promo_calendar' in scope SELECT ... (UNKNOWN_TABLE)，建宇说他那边跑是好的",
             "wanted": ["M3"]},
            {"prompt": "拉一下 main，建宇加了个门店商圈分类的 seed，mart_store_tier 用上了，帮我在 dev 跑一下，看各商圈门店数", "wanted": ["M3"]},
            {"prompt": "polars 里 group_by_dynamic 和 rolling 有啥区别？按门店算 7 日滚动 GMV 用哪个", "wanted": []},
            {"prompt": "Superset 里怎么给 dataset 加一个计算列？客单价想做成 dataset 级别的指标", "wanted": []},
            {"prompt": "openpyxl 怎么给某一列设置成千分位两位小数的数字格式", "wanted": []},
            {"prompt": "帮我写个 ClickHouse SQL 算门店 GMV 周环比，用窗口函数，不要自关联", "wanted": []},
        ],
    )


def _with_waits(d):
    """Move the fake clock after long-running commands (dbt, papermill are handled inline), so gaps look real."""
    orig_task = d.task

    def task(*a, **k):
        t = orig_task(*a, **k)
        orig_bash = t.bash

        def bash(command, description, out="", err="", code=0, timeout=None):
            r = orig_bash(command, description, out=out, err=err, code=code, timeout=timeout)
            if "dbt build" in command or "dbt run" in command:
                d.tick(6, 20)
            elif EXT_GB in command:
                d.tick(40, 120)
            return r
        t.bash = bash
        return t
    d.task = task
    return d


def gen():
    _rng[0] = random.Random(20260907)
    NODES.update(models=61, seeds=6, tests=148)
    d = _with_waits(Dev("zh-analyst", U, "zh", MODEL, seed=20260907, files=FILES))
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-analyst.jsonl"), os.path.join(HERE, "tune", "zh-analyst.labels.json"))
    print(f"zh-analyst -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
