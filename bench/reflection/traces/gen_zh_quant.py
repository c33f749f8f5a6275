"""zh-quant: 沈一鸣 (Shen Yiming), quant developer in the CTA team of 澄渊投资 (Chengyuan Capital, a Shanghai private fund).

Stack: Python 3.11 in a conda env `quant`; vn.py 4.0 with vnpy_ctp (SimNow on the office box sim01, live fronts in the
Zhangjiang machine room: zj-trade01 / zj-trade02); an in-house event-driven backtester `qbt` (minute bars); numba
kernels for factors (`factors/ts_ops.py`) behind pandas wrappers; market data in ClickHouse (`ch-md01` in the machine
room, reached from the office through an ssh tunnel `scripts/ch_tunnel.sh`); daily bars from Tushare / AkShare into
local parquet; pytest; trading processes run by the `trader` user's own supervisord; crontab jobs for night / day
sessions; GitLab CI deploys tags `cta-vX.Y.Z` to Zhangjiang. Prompts and replies in Chinese, tool output as printed.
cwd /home/shenym/work/cta-strategies.

Written blind for fresh/; measured once held out (round 26), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_quant.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "shenym"
R = "/home/shenym/work/cta-strategies"
MODEL = "claude-opus-4-6"
SP = "/home/shenym/miniconda3/envs/quant/lib/python3.11/site-packages"
SPR = "../../miniconda3/envs/quant/lib/python3.11/site-packages"
GIT = "git.chengyuan.local:quant/cta-strategies.git"
SUPCONF = "/home/trader/cta/deploy/supervisord.conf"

SIG1 = "non-precise type pyobject"
SIG2 = "supervisor.sock no such file"
SIG3 = "Connection refused (localhost:19000)"

_rng = [random.Random(20261019)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


_commits = {}


def ch(msg):
    """Stable short hash per commit message, so git log / commit / push outputs agree."""
    if msg not in _commits:
        _commits[msg] = hx(7)
    return _commits[msg]


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
TS_OPS = P("factors/ts_ops.py")
REGISTRY = P("factors/registry.yaml")
MOM_RANK = P("factors/mom_rank.py")
T_MOM_RANK = P("tests/factors/test_mom_rank.py")
VOL_SKEW = P("factors/vol_skew.py")
T_VOL_SKEW = P("tests/factors/test_vol_skew.py")
PV_CORR = P("factors/pv_corr.py")
T_PV_CORR = P("tests/factors/test_pv_corr.py")
RV = P("qbt/risk/rv.py")
T_RV = P("tests/qbt/test_rv.py")
FEES = P("qbt/fees.py")
T_FEES = P("tests/qbt/test_fees.py")
ROLL = P("scripts/roll_main.py")
BT_RB = P("configs/bt/rb_breakout.yaml")
BT_I = P("configs/bt/i_ma_cross.yaml")
BREAKOUT = P("strategies/breakout.py")
SUPCONF_REPO = P("deploy/supervisor/supervisord.conf")
CRONTAB = P("deploy/crontab.txt")
CI = P(".gitlab-ci.yml")
TUNNEL = P("scripts/ch_tunnel.sh")
SPREAD = P("research/spread_dist.py")
CHANGELOG = P("CHANGELOG.md")

README_TXT = """# cta-strategies

澄渊投资 CTA 组：商品期货策略研发、回测、实盘部署（vn.py 4 + CTP）。

## 环境

- 开发机 `qdev-03`（Ubuntu 22.04），conda 环境 `quant`：Python 3.11、vnpy 4.0.0、vnpy_ctp 6.7.7.2、vnpy_ctastrategy、
  numba 0.60、pandas 2.2、clickhouse-driver 0.2.9、tushare 1.4、akshare 1.15、loguru、pytest 8
- 行情库：机房 ClickHouse `ch-md01`，库 `md`：`tick_raw`（全市场 tick，md_recorder 落的）、`bar_1m`、`bar_1d`。
  办公网不能直连机房，需要先开隧道：`bash scripts/ch_tunnel.sh`（经跳板机 jump-zj，本地 19000 -> 9000，18123 -> 8123）。
  开发机重启、断网、跳板机踢人以后隧道会掉。
- 日线：Tushare / AkShare 拉到 `data/bars_1d/*.parquet`（`scripts/sync_daily.py`，每天 16:30 crontab）
- 实盘：张江机房 `zj-trade01` / `zj-trade02`（CentOS 7.9，ssh 用户 trader），仿真：办公室 `sim01`（Ubuntu 22.04，SimNow）。
  交易进程由 trader 用户自己的 supervisord 管，配置 `~/cta/deploy/supervisord.conf`（仓库 `deploy/supervisor/`），
  机器上系统自带的 supervisor 服务没启用。
- GitLab：`git.chengyuan.local/quant/cta-strategies`，打 tag `cta-vX.Y.Z` 触发 CI：test -> package -> deploy_zj。

## 目录

```
factors/        因子。numba kernel 在 ts_ops.py（只吃一维 float64 ndarray），包装函数吃 DataFrame 出 Series
factors/registry.yaml  因子登记（名字、函数、窗口、IC、状态）
qbt/            自研回测框架（事件驱动，分钟 bar，撮合 + 手续费 + 风控）
strategies/     vn.py CtaTemplate 策略（实盘和 qbt 共用）
research/       研究脚本：ic.py（IC / RankIC / 分组）、spread_dist.py ...
configs/bt/     回测配置
configs/live/   实盘参数（交易员维护）
deploy/         supervisor 配置、crontab
scripts/        数据同步、主力换月、隧道
docs/backtests/ 回测记录，一次一个 md
```

## 常用

```bash
python -m pytest tests/ -q
python -m research.ic --factor mom_rank_20 --start 2020-01-01 --end 2026-09-30
python -m qbt.run --config configs/bt/rb_breakout.yaml && python -m qbt.report runs/<run_id>
```
"""

TS_OPS_TXT = '''"""numba 时序算子。输入一律是一维 float64 ndarray（NaN 表示缺失），输出同长度 ndarray。"""
import numpy as np
from numba import njit


@njit(cache=True)
def ts_rank(x, window):
    n = x.shape[0]
    out = np.full(n, np.nan)
    for i in range(window - 1, n):
        cur = x[i]
        if np.isnan(cur):
            continue
        cnt = 0
        less = 0
        for j in range(i - window + 1, i + 1):
            v = x[j]
            if not np.isnan(v):
                cnt += 1
                if v < cur:
                    less += 1
        if cnt > 1:
            out[i] = less / (cnt - 1)
    return out


@njit(cache=True)
def ts_std(x, window):
    n = x.shape[0]
    out = np.full(n, np.nan)
    for i in range(window - 1, n):
        s = 0.0
        s2 = 0.0
        cnt = 0
        for j in range(i - window + 1, i + 1):
            v = x[j]
            if not np.isnan(v):
                s += v
                s2 += v * v
                cnt += 1
        if cnt > 1:
            m = s / cnt
            out[i] = np.sqrt(max(s2 / cnt - m * m, 0.0) * cnt / (cnt - 1))
    return out


@njit(cache=True)
def ts_corr(x, y, window):
    n = x.shape[0]
    out = np.full(n, np.nan)
    for i in range(window - 1, n):
        sx = 0.0
        sy = 0.0
        sxx = 0.0
        syy = 0.0
        sxy = 0.0
        cnt = 0
        for j in range(i - window + 1, i + 1):
            a = x[j]
            b = y[j]
            if np.isnan(a) or np.isnan(b):
                continue
            sx += a
            sy += b
            sxx += a * a
            syy += b * b
            sxy += a * b
            cnt += 1
        if cnt > 2:
            vx = sxx - sx * sx / cnt
            vy = syy - sy * sy / cnt
            if vx > 0 and vy > 0:
                out[i] = (sxy - sx * sy / cnt) / np.sqrt(vx * vy)
    return out


@njit(cache=True)
def ts_skew(x, window):
    n = x.shape[0]
    out = np.full(n, np.nan)
    for i in range(window - 1, n):
        s = 0.0
        cnt = 0
        for j in range(i - window + 1, i + 1):
            if not np.isnan(x[j]):
                s += x[j]
                cnt += 1
        if cnt < 3:
            continue
        m = s / cnt
        m2 = 0.0
        m3 = 0.0
        for j in range(i - window + 1, i + 1):
            if not np.isnan(x[j]):
                d = x[j] - m
                m2 += d * d
                m3 += d * d * d
        m2 /= cnt
        m3 /= cnt
        if m2 > 0:
            out[i] = m3 / m2 ** 1.5
    return out
'''

REGISTRY_TXT = """# 因子登记。status: live（实盘在用）/ research / deprecated
# ic / icir：5 日收益，28 个主力连续，2020-01 ~ 最近一次 research.ic
factors:
  - name: ts_mom_60
    func: factors.momentum:ts_mom
    params: {window: 60}
    ic: 0.0184
    icir: 0.132
    status: live
  - name: basis_carry
    func: factors.carry:basis_carry
    params: {}
    ic: 0.0231
    icir: 0.171
    status: live
  - name: oi_chg_5
    func: factors.position:oi_change
    params: {window: 5}
    ic: 0.0097
    icir: 0.068
    status: research
"""

BT_RB_TXT = """# rb 螺纹钢 通道突破（strategies/breakout.py），1 分钟 bar 合成 15 分钟
strategy: strategies.breakout:BreakoutStrategy
vt_symbol: rb888.SHFE          # 主力连续（scripts/roll_main.py 生成的换月表）
interval: 1m
start: 2024-01-02
end: 2026-09-30
capital: 2000000
size: 10
pricetick: 1
fee_profile: shfe_rb
slippage_ticks: 0
params:
  bar_window: 15
  entry_window: 40
  exit_window: 20
  atr_window: 20
  risk_per_trade: 0.006
"""

BT_I_TXT = """# i 铁矿石 双均线（strategies/ma_cross.py），5 分钟
strategy: strategies.ma_cross:MaCrossStrategy
vt_symbol: i888.DCE
interval: 1m
start: 2024-01-02
end: 2026-09-30
capital: 2000000
size: 100
pricetick: 0.5
fee_profile: dce_i
slippage_ticks: 0
params:
  bar_window: 5
  fast_window: 12
  slow_window: 48
  fixed_size: 2
"""

BREAKOUT_TXT = '''from vnpy_ctastrategy import ArrayManager, BarData, BarGenerator, CtaTemplate, TickData


class BreakoutStrategy(CtaTemplate):
    """唐奇安通道突破 + ATR 止损 / 仓位。"""

    author = "shenym"

    bar_window = 15
    entry_window = 40
    exit_window = 20
    atr_window = 20
    risk_per_trade = 0.006

    parameters = ["bar_window", "entry_window", "exit_window", "atr_window", "risk_per_trade"]
    variables = ["entry_up", "entry_down", "exit_up", "exit_down", "atr_value"]

    def on_init(self):
        self.bg = BarGenerator(self.on_bar, self.bar_window, self.on_window_bar)
        self.am = ArrayManager(max(self.entry_window, self.atr_window) + 10)
        self.load_bar(10)

    def on_tick(self, tick: TickData):
        self.bg.update_tick(tick)

    def on_bar(self, bar: BarData):
        self.bg.update_bar(bar)

    def on_window_bar(self, bar: BarData):
        self.cancel_all()
        am = self.am
        am.update_bar(bar)
        if not am.inited:
            return
        self.entry_up, self.entry_down = am.donchian(self.entry_window)
        self.exit_up, self.exit_down = am.donchian(self.exit_window)
        self.atr_value = am.atr(self.atr_window)
        size = self.calc_size()
        if self.pos == 0 and size > 0:
            self.buy(self.entry_up, size, stop=True)
            self.short(self.entry_down, size, stop=True)
        elif self.pos > 0:
            self.sell(max(self.exit_down, bar.close_price - 2 * self.atr_value), abs(self.pos), stop=True)
        elif self.pos < 0:
            self.cover(min(self.exit_up, bar.close_price + 2 * self.atr_value), abs(self.pos), stop=True)
        self.put_event()

    def calc_size(self) -> int:
        if self.atr_value <= 0:
            return 0
        capital = self.cta_engine.get_engine_type().value == "实盘" and 2_000_000 or 2_000_000
        return int(capital * self.risk_per_trade / (2 * self.atr_value * self.get_size()))
'''

FEES_TXT = '''"""手续费。rate 为成交金额比例，per_lot 为每手固定金额（元）。平今单独一档，没有就按平仓算。"""
from dataclasses import dataclass

from vnpy.trader.constant import Offset


@dataclass(frozen=True)
class FeeProfile:
    open_rate: float = 0.0
    close_rate: float = 0.0
    close_today_rate: float | None = None
    open_per_lot: float = 0.0
    close_per_lot: float = 0.0
    close_today_per_lot: float | None = None
    broker_markup: float = 0.5e-4  # 期货公司加收，按成交金额


PROFILES = {
    "shfe_rb": FeeProfile(open_rate=1e-4, close_rate=1e-4, close_today_rate=1e-4),
    "dce_i": FeeProfile(open_rate=1e-4, close_rate=1e-4, close_today_rate=1e-4),
    "dce_jm": FeeProfile(open_rate=1e-4, close_rate=1e-4, close_today_rate=3e-4),
    "shfe_ag": FeeProfile(open_rate=0.5e-4, close_rate=0.5e-4, close_today_rate=0.5e-4),
    "czce_ma": FeeProfile(open_per_lot=2.0, close_per_lot=2.0, close_today_per_lot=6.0),
}


def calc_fee(profile: FeeProfile, offset: Offset, price: float, volume: int, size: int) -> float:
    turnover = price * volume * size
    if offset == Offset.OPEN:
        rate, per_lot = profile.open_rate, profile.open_per_lot
    else:
        rate, per_lot = profile.close_rate, profile.close_per_lot
    return turnover * (rate + profile.broker_markup) + per_lot * volume
'''

T_FEES_TXT = '''import pytest
from vnpy.trader.constant import Offset

from qbt.fees import PROFILES, calc_fee


def test_open_rb():
    fee = calc_fee(PROFILES["shfe_rb"], Offset.OPEN, 3200.0, 2, 10)
    assert fee == pytest.approx(64000 * 1.5e-4)


def test_close_per_lot_ma():
    fee = calc_fee(PROFILES["czce_ma"], Offset.CLOSE, 2450.0, 3, 10)
    assert fee == pytest.approx(73500 * 0.5e-4 + 6.0)
'''

ROLL_TXT = '''"""按持仓量生成主力合约换月表 data/main_map.parquet（trade_date, product, main_contract）。

规则：某合约持仓量连续 3 天超过当前主力 1.1 倍，第 4 天切换；只往后换，不回切。
用法: python scripts/roll_main.py --date 2026-10-20
"""
import argparse
from pathlib import Path

import pandas as pd
from loguru import logger

DATA = Path("data")


def load_daily(end: str) -> pd.DataFrame:
    files = sorted((DATA / "bars_1d").glob("*.parquet"))
    df = pd.concat([pd.read_parquet(f) for f in files], ignore_index=True)
    df = df[df["trade_date"] <= end]
    return df


def build_map(df: pd.DataFrame) -> pd.DataFrame:
    out = []
    for product, g in df.groupby("product"):
        oi = g.pivot(index="trade_date", columns="ts_code", values="oi")
        dates = sorted(g["trade_date"].unique())
        oi = oi.reindex(dates)
        main = None
        streak = {}
        for d in dates:
            row = oi.loc[d].dropna()
            if row.empty:
                continue
            if main is None or main not in row.index:
                main = row.idxmax()
                streak.clear()
            for c, v in row.items():
                if c != main and c > main and v > 1.1 * row[main]:
                    streak[c] = streak.get(c, 0) + 1
                else:
                    streak.pop(c, None)
            ready = [c for c, n in streak.items() if n >= 3]
            if ready:
                main = max(ready, key=lambda c: row[c])
                streak.clear()
            out.append((d, product, main))
    return pd.DataFrame(out, columns=["trade_date", "product", "main_contract"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--date", required=True)
    args = ap.parse_args()
    df = load_daily(args.date.replace("-", ""))
    m = build_map(df)
    m.to_parquet(DATA / "main_map.parquet", index=False)
    logger.info("main_map rows={} products={} last={}", len(m), m["product"].nunique(), m["trade_date"].max())


if __name__ == "__main__":
    main()
'''

SUPCONF_TXT = """; trader 用户自己的 supervisord（不用系统的 supervisor 服务）
; 部署到 /home/trader/cta/deploy/supervisord.conf，CI 的 deploy_zj 用它 reread/update
[unix_http_server]
file=/home/trader/cta/run/supervisor.sock
chmod=0700

[supervisord]
logfile=/home/trader/cta/logs/supervisord.log
pidfile=/home/trader/cta/run/supervisord.pid
childlogdir=/home/trader/cta/logs

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix:///home/trader/cta/run/supervisor.sock

[include]
files = /home/trader/cta/deploy/programs/*.conf
"""

CRONTAB_TXT = """# trader@zj-trade01 / zj-trade02 的 crontab（deploy_zj 会 crontab deploy/crontab.txt）
CONDA_PY=/home/trader/miniconda3/envs/quant/bin/python
# 日盘前检查（账户、保证金、参数、行情落库）
40 8 * * 1-5  cd /home/trader/cta/current && $CONDA_PY -m ops.preflight --session day >> /home/trader/cta/logs/preflight.log 2>&1
# 夜盘前检查
40 20 * * 1-5 cd /home/trader/cta/current && $CONDA_PY -m ops.preflight --session night >> /home/trader/cta/logs/preflight.log 2>&1
# 收盘后日线同步 + 主力换月表
30 16 * * 1-5 cd /home/trader/cta/current && $CONDA_PY scripts/sync_daily.py && $CONDA_PY scripts/roll_main.py --date $(date +\\%F) >> /home/trader/cta/logs/sync.log 2>&1
"""

CI_TXT = """stages: [test, package, deploy]

variables:
  CONDA_ENV: quant

test:
  stage: test
  tags: [quant-runner]
  script:
    - conda run -n $CONDA_ENV python -m pytest tests/ -q

package:
  stage: package
  tags: [quant-runner]
  script:
    - tar czf cta-$CI_COMMIT_TAG.tgz factors qbt strategies ops scripts deploy
  artifacts:
    paths: [cta-$CI_COMMIT_TAG.tgz]
  rules:
    - if: $CI_COMMIT_TAG =~ /^cta-v/

deploy_zj:
  stage: deploy
  tags: [zj-deploy]
  script:
    - ./deploy/deploy.sh zj-trade01 zj-trade02 cta-$CI_COMMIT_TAG.tgz
  rules:
    - if: $CI_COMMIT_TAG =~ /^cta-v/
"""

TUNNEL_TXT = """#!/usr/bin/env bash
# 办公网 -> 机房 ClickHouse 的隧道（经 jump-zj）。已经在跑就不重复开。
set -euo pipefail
if ss -ltn | grep -q ':19000 '; then
  echo "tunnel already up"
  exit 0
fi
ssh -f -N -o ExitOnForwardFailure=yes -o ServerAliveInterval=30 \\
  -L 19000:10.60.1.21:9000 -L 18123:10.60.1.21:8123 jump-zj
echo "tunnel up: localhost:19000 -> ch-md01:9000, localhost:18123 -> ch-md01:8123 (pid $(pgrep -n -f 'L 19000:10.60.1.21'))"
"""

SPREAD_TXT = '''"""某合约某交易日的盘口价差分布（按 tick）。

用法: python research/spread_dist.py --symbol ag2612 --trading-day 2026-10-27 --session night
"""
import argparse

import numpy as np
import pandas as pd
from clickhouse_driver import Client
from loguru import logger

SESSIONS = {"night": ("21:00:00", "02:30:00"), "day": ("09:00:00", "15:00:00")}


def load_ticks(symbol: str, trading_day: str, session: str) -> pd.DataFrame:
    client = Client(host="localhost", port=19000, user="research", database="md")
    sql = """
        SELECT datetime, last_price, bid_price_1, ask_price_1, bid_volume_1, ask_volume_1
        FROM md.tick_raw
        WHERE symbol = %(symbol)s AND trading_day = %(td)s AND session = %(session)s
        ORDER BY datetime
    """
    rows = client.execute(sql, {"symbol": symbol, "td": trading_day, "session": session})
    return pd.DataFrame(rows, columns=["datetime", "last", "bid1", "ask1", "bidv1", "askv1"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--trading-day", required=True)
    ap.add_argument("--session", default="night", choices=list(SESSIONS))
    ap.add_argument("--pricetick", type=float, default=1.0)
    args = ap.parse_args()
    df = load_ticks(args.symbol, args.trading_day, args.session)
    df = df[(df["bid1"] > 0) & (df["ask1"] > 0)]
    spread = ((df["ask1"] - df["bid1"]) / args.pricetick).round().astype(int)
    dist = spread.value_counts(normalize=True).sort_index()
    logger.info("{} {} {} ticks={}", args.symbol, args.trading_day, args.session, len(df))
    for k, v in dist.items():
        print(f"{k:>3} tick  {v:7.2%}")
    print(f"mean {spread.mean():.3f} tick   p95 {np.percentile(spread, 95):.0f} tick")


if __name__ == "__main__":
    main()
'''

CHANGELOG_TXT = """# Changelog

## cta-v1.4.1 (2026-10-09)
- breakout：ATR 止损改为 2 倍
- qbt：撮合支持停止单穿价成交

## cta-v1.4.0 (2026-09-25)
- 新增 i 铁矿 ma_cross
- preflight 增加保证金占用检查
"""

FILES = {
    README: README_TXT, TS_OPS: TS_OPS_TXT, REGISTRY: REGISTRY_TXT, BT_RB: BT_RB_TXT, BT_I: BT_I_TXT,
    BREAKOUT: BREAKOUT_TXT, FEES: FEES_TXT, T_FEES: T_FEES_TXT, ROLL: ROLL_TXT, SUPCONF_REPO: SUPCONF_TXT,
    CRONTAB: CRONTAB_TXT, CI: CI_TXT, TUNNEL: TUNNEL_TXT, SPREAD: SPREAD_TXT, CHANGELOG: CHANGELOG_TXT,
}


# ------------------------------------------------------------------ tool output helpers
def lg(ts, level, where, msg):
    """loguru default format."""
    return f"{ts} | {level:<8} | {where} - {msg}"


def numba_E(rel, absfile, line, defline, stmt, args):
    """numba 0.60 TypingError body for a non-numba argument type."""
    lines = ["numba.core.errors.TypingError: Failed in nopython mode pipeline (step: nopython frontend)",
             SIG1,
             f"During: typing of argument at {absfile} ({line})",
             "",
             f'File "{rel}", line {line}:',
             defline,
             "    <source elided>",
             f"    {stmt}",
             "    ^",
             "",
             "This error may have been caused by the following argument(s):"]
    lines += [f"- argument {i}: Cannot determine Numba type of <class '{cls}'>" for i, cls in args]
    return lines


def pytest_numba_fail(test_rel, test_name, test_src, call_rel, call_line, call_fn, call_code, err_lines,
                      npassed, secs, dots):
    sep = "_ " * 40
    out = [f"{dots}                                                                     [100%]",
           "=================================== FAILURES ===================================",
           f"{'_' * ((78 - len(test_name) - 2) // 2)} {test_name} {'_' * ((78 - len(test_name) - 1) // 2)}",
           ""]
    out += test_src
    out += ["", f"{test_rel}: ", sep.strip(), f"{call_rel}:{call_line}: in {call_fn}", f"    {call_code}",
            f"{SPR}/numba/core/dispatcher.py:423: in _compile_for_args", "    error_rewrite(e, 'typing')",
            sep.strip(), "",
            "e = TypingError('Failed in nopython mode pipeline (step: nopython frontend)\\nnon-precise type pyobject\\n"
            "During: typing of argument at ...')",
            "issue_type = 'typing'", "",
            "    def error_rewrite(e, issue_type):",
            '        """',
            "        Rewrite and raise Exception `e` with help supplied based on the",
            "        specified issue_type.",
            '        """',
            "        if config.SHOW_HELP:",
            "            help_msg = errors.error_extras[issue_type]",
            "            e.patch_message('\\n'.join((str(e).rstrip(), help_msg)))",
            "        if config.FULL_TRACEBACKS:",
            "            raise e",
            "        else:",
            ">           raise e.with_traceback(None)"]
    out += [("E           " + l).rstrip() if l else "E           " for l in err_lines]
    out += ["", f"{SPR}/numba/core/dispatcher.py:364: TypingError",
            "=========================== short test summary info ============================",
            f"FAILED {test_rel.split(':')[0]}::{test_name} - numba.core.errors.TypingError: Failed in nopython mode pipeline (step: nopython frontend)",
            f"1 failed, {npassed} passed in {secs}s"]
    return "\n".join(out)


def ch_refused():
    return f"Code: 210. DB::NetException: {SIG3}. (NETWORK_ERROR)"


def sup_nofile(sock):
    return f"unix://{sock} no such file"


def sup_status(rows):
    return "\n".join(f"{n:<33}{s:<10}pid {pid}, uptime {up}" for n, s, pid, up in rows)


def commit_out(branch, msg, nfiles, ins, dels=0, h=None):
    d = f", {dels} deletion{'s' if dels != 1 else ''}(-)" if dels else ""
    return (f"[{branch} {h or hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, "
            f"{ins} insertion{'s' if ins != 1 else ''}(+){d}")


def push_branch_out(old, new, branch, n=5, kib=1.2):
    return (f"Enumerating objects: {n + 2}, done.\nCounting objects: 100% ({n + 2}/{n + 2}), done.\n"
            f"Delta compression using up to 16 threads\nCompressing objects: 100% ({n - 1}/{n - 1}), done.\n"
            f"Writing objects: 100% ({n}/{n}), {kib:.2f} KiB | {kib:.2f} MiB/s, done.\n"
            f"Total {n} (delta {n - 2}), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n   {old}..{new}  {branch} -> {branch}")


def push_tag_out(tag):
    return (f"Enumerating objects: 1, done.\nCounting objects: 100% (1/1), done.\nWriting objects: 100% (1/1), 187 bytes | "
            f"187.00 KiB/s, done.\nTotal 1 (delta 0), reused 0 (delta 0), pack-reused 0\nTo {GIT}\n"
            f" * [new tag]         {tag} -> {tag}")


def glab_status(tag, pid, durs, sha):
    jobs = [("test", "test"), ("package", "package"), ("deploy", "deploy_zj")]
    lines = [f"(success) • {m}\t{st}\t\t{j}" for (st, j), m in zip(jobs, durs)]
    lines += [f"https://git.chengyuan.local/quant/cta-strategies/-/pipelines/{pid}",
              f"SHA: {sha}", "Pipeline state: success"]
    return "\n".join(lines)


def pytest_all(npass, secs, files):
    """pytest -q progress: dots wrapped at 72 per line with the percentage at the right."""
    total = sum(n for _, n in files)
    out, done = [], 0
    while done < total:
        k = min(72, total - done)
        done += k
        out.append(f"{'.' * k:<73}[{done * 100 // total:>3}%]")
    out.append(f"{npass} passed in {secs}s")
    return "\n".join(out)


def ic_report(factor, ts, ic, icstd, icir, t, ric, ricir, win, groups, ls, n_inst=28, start="2020-01-02",
              end="2026-09-30"):
    g = "  ".join(f"G{i + 1} {v:+.1f}%" for i, v in enumerate(groups))
    return "\n".join([
        lg(ts + ".104", "INFO", "research.ic:load_panel:41", f"bars_1d: {n_inst} 个主力连续, {start} ~ {end}"),
        lg(ts + ".882", "INFO", "research.ic:main:96", f"factor {factor} computed, coverage 97.3%"),
        f"factor: {factor}   horizon: 5d   universe: {n_inst} 个主力连续   {start} ~ {end}",
        f"IC      mean {ic:.4f}   std {icstd:.4f}   ICIR {icir:.3f}   t {t:.2f}",
        f"RankIC  mean {ric:.4f}   ICIR {ricir:.3f}   胜率 {win:.1f}%",
        f"分组年化(5 组): {g}   多空 {ls:+.1f}%"])


def qbt_run(ts, run_id, symbol, start, end, ntrades, secs):
    return "\n".join([
        lg(ts + ".311", "INFO", "qbt.run:main:52", f"config loaded, vt_symbol={symbol} {start} ~ {end}"),
        lg(ts + ".907", "INFO", "qbt.data:load_bars:77", f"bars loaded from data/bars_1m cache: {symbol} 1m"),
        lg(ts + ".912", "INFO", "qbt.engine:run:133", "strategy inited, start replay"),
        lg(ts[:-2] + f"{int(ts[-2:]) + 1:02d}" + ".440", "INFO", "qbt.engine:run:171",
           f"replay done: {ntrades} trades, {secs:.1f}s"),
        lg(ts[:-2] + f"{int(ts[-2:]) + 1:02d}" + ".452", "INFO", "qbt.run:main:68", f"saved runs/{run_id}")])


def qbt_report(run_id, m):
    rows = [("区间", m["range"]), ("交易日", m["days"]), ("总收益", m["ret"]), ("年化收益", m["ann"]),
            ("最大回撤", m["mdd"]), ("最大回撤天数", m["mdd_days"]), ("年化波动", m["vol"]), ("夏普", m["sharpe"]),
            ("卡玛", m["calmar"]), ("成交笔数", m["trades"]), ("胜率", m["win"]), ("盈亏比", m["pl"]),
            ("手续费", m["fee"]), ("滑点成本", m["slip"])]
    out = [f"run: {run_id}", "-" * 44]
    out += [f"{k:<10}{v:>30}" for k, v in rows]
    out.append("-" * 44)
    out.append("年度:")
    out += [f"  {y}  收益 {r:>7}  回撤 {dd:>7}  夏普 {s:>5}" for y, r, dd, s in m["years"]]
    return "\n".join(out)


# ------------------------------------------------------------------ session 1
def s1(d):
    with d.session("2026-10-19T01:40:00", R, branch="main", version="2.1.190"):
        t = d.task("新来的同事下周要接 rb 那块，你先带我过一遍这个仓库的结构，我顺便理一下给他讲啥", tags=["noise"])
        t.read(README)
        t.glob("factors/*.py", [P("factors/__init__.py"), P("factors/carry.py"), P("factors/momentum.py"),
                                P("factors/position.py"), TS_OPS])
        t.read(TS_OPS, limit=30)
        t.read(REGISTRY)
        t.glob("strategies/*.py", [P("strategies/__init__.py"), BREAKOUT, P("strategies/ma_cross.py"),
                                   P("strategies/spread_arb.py")])
        t.read(BREAKOUT)
        t.done("""仓库结构（`cta-strategies`）：

**研究 → 回测 → 实盘一条线**
- `factors/`：因子。底层算子是 `ts_ops.py` 里的 numba kernel（`ts_rank` / `ts_std` / `ts_corr` / `ts_skew`，约定只吃一维 float64 ndarray），上面一层包装函数吃 DataFrame、出带 index 的 Series。登记在 `factors/registry.yaml`，现在 3 个：`ts_mom_60`、`basis_carry`（live）、`oi_chg_5`（research）
- `research/ic.py`：IC / RankIC / 5 分组，跑在 `data/bars_1d` 的日线 parquet 上（Tushare/AkShare 每天 16:30 同步）
- `qbt/`：自研事件驱动回测（分钟 bar、停止单撮合、手续费档位、风控），配置在 `configs/bt/*.yaml`，结果落 `runs/<run_id>`，记录写 `docs/backtests/`
- `strategies/`：vn.py `CtaTemplate` 策略（breakout、ma_cross、spread_arb），实盘和 qbt 共用一份代码

**数据和部署**
- 行情 tick / 分钟线在机房 ClickHouse `ch-md01`（库 `md`），办公网要先开隧道 `scripts/ch_tunnel.sh`
- 实盘张江 `zj-trade01/02`，仿真 `sim01`（SimNow）；进程由 trader 用户自己的 supervisord 管（配置在 `~/cta/deploy/supervisord.conf`）
- 打 tag `cta-vX.Y.Z` 触发 GitLab CI：test → package → deploy_zj
- `configs/live/` 是实盘参数，交易员维护

给新同事讲的话建议顺序：README → `ts_ops.py` 的约定 → 跑一次 `research.ic` 和一次 `qbt.run` → 看 `strategies/breakout.py`。""")

        # ---- T02 W1 #1 + M1 #1 + P1 #1
        t = d.task("加个因子 mom_rank_20：20日收益率在过去20天里的时序分位，用 ts_ops 里的 ts_rank。写好测试，跑下 IC，"
                   "有效就登记到 registry。另外新代码里日志别用 print，统一用 loguru 的 logger",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.write(MOM_RANK, '''"""mom_rank_20：20 日收益率在过去 20 个交易日里的时序分位（ts_rank），取值 [0, 1]。"""
import numpy as np
import pandas as pd
from loguru import logger

from factors.ts_ops import ts_rank


def mom_rank(bars: pd.DataFrame, window: int = 20) -> pd.Series:
    """bars: 单品种日线，index 为交易日，需含 close 列。"""
    ret = bars["close"].pct_change(window)
    raw = ts_rank(ret, window)
    logger.debug("mom_rank window={} n={}", window, len(raw))
    return pd.Series(raw, index=bars.index, name=f"mom_rank_{window}")
''')
        t.write(T_MOM_RANK, '''import numpy as np
import pandas as pd
import pytest

from factors.mom_rank import mom_rank
from factors.ts_ops import ts_rank


def _bars(n=300, seed=7):
    rng = np.random.default_rng(seed)
    close = 3500 * np.exp(np.cumsum(rng.normal(0, 0.012, n)))
    return pd.DataFrame({"close": close}, index=pd.bdate_range("2025-01-02", periods=n))


def test_mom_rank_range_and_index():
    bars = _bars()
    out = mom_rank(bars, window=20)
    assert out.index.equals(bars.index)
    valid = out.dropna()
    assert len(valid) == len(bars) - 39
    assert valid.between(0, 1).all()


def test_ts_rank_monotonic():
    x = np.arange(10, dtype=np.float64)
    assert ts_rank(x, 5)[-1] == pytest.approx(1.0)


def test_ts_rank_nan_head():
    x = np.array([np.nan, 1.0, 2.0, 3.0], dtype=np.float64)
    assert np.isnan(ts_rank(x, 3)[1])
''')
        pt = "python -m pytest tests/factors/test_mom_rank.py -q"
        t.fail(pt, "跑 mom_rank 的测试", pytest_numba_fail(
            "tests/factors/test_mom_rank.py:17", "test_mom_rank_range_and_index",
            ["    def test_mom_rank_range_and_index():",
             "        bars = _bars()",
             ">       out = mom_rank(bars, window=20)"],
            "factors/mom_rank.py", 12, "mom_rank", "raw = ts_rank(ret, window)",
            numba_E("factors/ts_ops.py", TS_OPS, 8, "def ts_rank(x, window):", "n = x.shape[0]",
                    [(0, "pandas.core.series.Series")]),
            2, "3.87", "F.."))
        t.say("numba 的 `ts_rank` 是 nopython 模式，认不出 pandas Series（`argument 0: Cannot determine Numba type of <class 'pandas.core.series.Series'>`）。"
              "`ts_ops.py` 的约定就是只吃 float64 ndarray，包装函数里转一下再传进去：")
        t.edit(MOM_RANK, "raw = ts_rank(ret, window)", "raw = ts_rank(ret.to_numpy(np.float64), window)")
        t.bash(pt, "跑 mom_rank 的测试", out="...                                                                      [100%]\n3 passed in 2.94s")
        t.bash("python -m research.ic --factor mom_rank_20 --start 2020-01-01 --end 2026-09-30",
               "算 mom_rank_20 的 IC",
               out=ic_report("mom_rank_20", "2026-10-19 10:02:17", 0.0213, 0.1412, 0.151, 6.32, 0.0257, 0.178, 56.1,
                             [-4.1, -0.8, 1.2, 2.9, 5.6], 9.7))
        t.read(REGISTRY)
        t.edit(REGISTRY, """    status: research
""", """    status: research
  - name: mom_rank_20
    func: factors.mom_rank:mom_rank
    params: {window: 20}
    ic: 0.0213
    icir: 0.151
    status: research
""")
        t.done("""`mom_rank_20` 加好了：

- `factors/mom_rank.py`：`pct_change(20)` → `ts_rank(…, 20)`，输出带交易日 index 的 Series，日志用 loguru `logger.debug`
- `tests/factors/test_mom_rank.py`：3 个用例（取值范围和 index、单调序列分位为 1、开头 NaN），全过

一开始测试报 numba `TypingError … non-precise type pyobject`：我把 pandas Series 直接传给了 `@njit` 的 `ts_rank`。改成 `ret.to_numpy(np.float64)` 再传。

IC（5 日收益，28 个主力连续，2020-01 ~ 2026-09）：
| 指标 | 值 |
|---|---|
| IC mean / ICIR | 0.0213 / 0.151（t 6.32） |
| RankIC mean / ICIR | 0.0257 / 0.178，胜率 56.1% |
| 5 组年化 | G1 -4.1% … G5 +5.6%，多空 +9.7%，单调 |

和 `ts_mom_60`（ICIR 0.132）比略好，已登记到 `registry.yaml`，状态 `research`。""")

        # ---- T03 no tools
        t = d.task("CTP 的 FAK 和 FOK 有啥区别，vn.py 里下单怎么指定", tags=["no_tools"])
        t.done("""区别（CTP 里都是限价单 + 时间条件 `THOST_FTDC_TC_IOC`，靠成交量条件区分）：

- **FAK**（Fill And Kill）：`VolumeCondition = AV`（任意数量），能成多少成多少，剩下的立即撤
- **FOK**（Fill Or Kill）：`VolumeCondition = CV`（全部数量），要么全部成交，要么全部撤单

vn.py 4 里用 `OrderType.FAK` / `OrderType.FOK`：
- 直接走 `MainEngine.send_order(OrderRequest(..., type=OrderType.FAK, ...), "CTP")`
- `CtaTemplate` 的 `buy/sell/short/cover` 只发限价单和本地停止单，不带 FAK/FOK 参数；要用的话得在策略里拿 `self.cta_engine.main_engine` 自己构造 `OrderRequest`，或者改 `CtaEngine.send_limit_order` 透传类型

注意：郑商所部分合约的 FOK 支持和上期所不一样，夜盘集合竞价阶段不接受 FAK/FOK。""")

        # ---- T04 W2 #1 + P3 statement + long output
        t = d.task("rb breakout 用 2024-01 到 2026-09 跑一遍回测，出报告记到 docs/backtests。回测默认滑点设 1 个 tick，现在配置里是 0 不靠谱",
                   tags=["workflow:W2", "pref:P3", "long_output"])
        t.read(BT_RB)
        t.edit(BT_RB, "slippage_ticks: 0", "slippage_ticks: 1")
        run_id = "20261019-103544-rb_breakout"
        t.bash("python -m qbt.run --config configs/bt/rb_breakout.yaml", "跑 rb breakout 回测",
               out=qbt_run("2026-10-19 10:35:44", run_id, "rb888.SHFE", "2024-01-02", "2026-09-30", 412, 48.6),
               timeout=1800000)
        d.tick(40, 80)
        m = {"range": "2024-01-02 ~ 2026-09-30", "days": "664", "ret": "31.84%", "ann": "11.13%", "mdd": "-9.72%",
             "mdd_days": "83", "vol": "10.41%", "sharpe": "1.07", "calmar": "1.15", "trades": "412", "win": "38.6%",
             "pl": "2.04", "fee": "58,912", "slip": "82,400",
             "years": [("2024", "14.62%", "-7.31%", "1.28"), ("2025", "9.05%", "-9.72%", "0.83"),
                       ("2026", "5.36%", "-5.18%", "0.94")]}
        t.bash(f"python -m qbt.report runs/{run_id}", "出回测报告", out=qbt_report(run_id, m))
        t.write(P("docs/backtests/2026-10-19-rb_breakout.md"), f"""# rb breakout 回测 2026-10-19

- 配置：`configs/bt/rb_breakout.yaml`（15 分钟，entry 40 / exit 20 / atr 20，risk 0.6%）
- 区间：2024-01-02 ~ 2026-09-30，rb888.SHFE，资金 200 万
- 成本：手续费 shfe_rb（万 1 + 期货公司万 0.5），**滑点 1 tick**（之前是 0）
- run：`runs/{run_id}`

| 年化 | 最大回撤 | 夏普 | 卡玛 | 笔数 | 胜率 | 盈亏比 |
|---|---|---|---|---|---|---|
| 11.13% | -9.72% | 1.07 | 1.15 | 412 | 38.6% | 2.04 |

- 分年：2024 +14.62%，2025 +9.05%（最大回撤在 2025-04 ~ 07），2026 至今 +5.36%
- 滑点成本 8.24 万，约占总收益的 13%，对滑点敏感度中等
""")
        t.done(f"""回测跑完了，`runs/{run_id}`，记录在 `docs/backtests/2026-10-19-rb_breakout.md`。

配置里的 `slippage_ticks` 从 0 改成了 1（以后默认按 1 tick）。

| 年化 | 最大回撤 | 夏普 | 卡玛 | 笔数 | 胜率 | 盈亏比 |
|---|---|---|---|---|---|---|
| 11.13% | -9.72% | 1.07 | 1.15 | 412 | 38.6% | 2.04 |

分年：2024 +14.6%、2025 +9.1%（回撤 -9.7% 出在 2025 年二季度震荡）、2026 至今 +5.4%。
滑点成本 8.24 万、手续费 5.89 万，合计约占毛收益的 30%；胜率低、盈亏比 2 是典型突破策略的形态。""")


# ------------------------------------------------------------------ session 2
def s2(d):
    with d.session("2026-10-21T01:30:00", R, branch="main", version="2.1.191"):
        # ---- T05 M3 #1
        t = d.task("看下 ClickHouse 里 rb 主力 10 月的 tick 每天多少条，有没有哪天明显少的，md_recorder 上周好像重启过",
                   tags=["mistake:M3"])
        q = ("clickhouse-client --port 19000 --user research --database md --format PrettyCompactMonoBlock -q "
             "\"SELECT trading_day, count() AS ticks, min(datetime) AS first_tick, max(datetime) AS last_tick "
             "FROM md.tick_raw WHERE symbol = 'rb2601' AND trading_day >= '2026-10-09' GROUP BY trading_day ORDER BY trading_day\"")
        t.fail(q, "按交易日统计 rb2601 tick 条数", ch_refused(), code=210)
        t.say("本地 19000 没人监听：ClickHouse 在机房，办公网要经跳板机的隧道（README 里写的 `scripts/ch_tunnel.sh`），隧道应该是掉了。先把隧道开起来：")
        t.bash("bash scripts/ch_tunnel.sh", "开到机房 ClickHouse 的 ssh 隧道",
               out="tunnel up: localhost:19000 -> ch-md01:9000, localhost:18123 -> ch-md01:8123 (pid 48213)")
        t.bash(q, "按交易日统计 rb2601 tick 条数", out="""┌─trading_day─┬──ticks─┬──────────first_tick─┬───────────last_tick─┐
│  2026-10-09 │  27104 │ 2026-10-09 08:59:00 │ 2026-10-09 15:00:00 │
│  2026-10-12 │  50338 │ 2026-10-09 20:59:00 │ 2026-10-12 15:00:00 │
│  2026-10-13 │  49961 │ 2026-10-12 20:59:00 │ 2026-10-13 15:00:00 │
│  2026-10-14 │  50127 │ 2026-10-13 20:59:00 │ 2026-10-14 15:00:00 │
│  2026-10-15 │  31406 │ 2026-10-14 20:59:00 │ 2026-10-15 15:00:00 │
│  2026-10-16 │  50240 │ 2026-10-15 20:59:00 │ 2026-10-16 15:00:00 │
│  2026-10-19 │  50391 │ 2026-10-16 20:59:00 │ 2026-10-19 15:00:00 │
│  2026-10-20 │  50066 │ 2026-10-19 20:59:00 │ 2026-10-20 15:00:00 │
└─────────────┴────────┴─────────────────────┴─────────────────────┘""")
        t.bash("clickhouse-client --port 19000 --user research --database md --format PrettyCompactMonoBlock -q "
               "\"SELECT toStartOfHour(datetime) AS h, count() AS ticks FROM md.tick_raw WHERE symbol = 'rb2601' "
               "AND trading_day = '2026-10-15' GROUP BY h ORDER BY h\"",
               "看 10-15 按小时的分布", out="""┌───────────────────h─┬─ticks─┐
│ 2026-10-14 21:00:00 │  7120 │
│ 2026-10-14 22:00:00 │  6894 │
│ 2026-10-15 09:00:00 │  2311 │
│ 2026-10-15 10:00:00 │  4782 │
│ 2026-10-15 11:00:00 │  3603 │
│ 2026-10-15 13:00:00 │  3471 │
│ 2026-10-15 14:00:00 │  3225 │
└─────────────────────┴───────┘""")
        t.done("""10 月 rb2601 每个交易日 5 万条左右（一秒两笔，夜盘 21:00-23:00 + 日盘）。10-09 只有 2.7 万条是正常的：国庆节后第一天前面没有夜盘。**真正少的是 2026-10-15**，少了约 1.9 万条（31,406）。

按小时拆开看 10-15：夜盘正常，**日盘 09:00 那个小时只有 2,311 条**（正常 7 千多），10:00 之后基本恢复（10:15-10:30 休市本来就少）。应该就是 md_recorder 那天早上重启，9 点到 9 点 40 左右断了一段。

补数据的话可以从期货公司的 tick 回放或者别的落库源补 10-15 早盘那段；回测用的 1 分钟 bar 也要一起重算这天。

（一开始连 ClickHouse 报 `Connection refused (localhost:19000)`，是办公网到机房的隧道掉了，跑了 `bash scripts/ch_tunnel.sh` 之后正常。）""")

        # ---- T06 O2
        t = d.task("主力换月表今天没生成出来，crontab 那边说 roll_main 报错了，你本地跑下看看 --date 2026-10-20", tags=["oneoff:O2"])
        cmd = "python scripts/roll_main.py --date 2026-10-20"
        t.fail(cmd, "本地复现 roll_main", f"""Traceback (most recent call last):
  File "{R}/scripts/roll_main.py", line 68, in <module>
    main()
  File "{R}/scripts/roll_main.py", line 62, in main
    m = build_map(df)
        ^^^^^^^^^^^^^
  File "{R}/scripts/roll_main.py", line 27, in build_map
    oi = g.pivot(index="trade_date", columns="ts_code", values="oi")
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/pandas/core/frame.py", line 9339, in pivot
    return pivot(self, index=index, columns=columns, values=values)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/pandas/core/reshape/pivot.py", line 570, in pivot
    result = indexed.unstack(columns_listlike)  # type: ignore[arg-type]
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/pandas/core/series.py", line 4615, in unstack
    return unstack(self, level, fill_value, sort)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/pandas/core/reshape/reshape.py", line 517, in unstack
    unstacker = _Unstacker(
                ^^^^^^^^^^^
  File "{SP}/pandas/core/reshape/reshape.py", line 154, in __init__
    self._make_selectors()
  File "{SP}/pandas/core/reshape/reshape.py", line 210, in _make_selectors
    raise ValueError("Index contains duplicate entries, cannot reshape")
ValueError: Index contains duplicate entries, cannot reshape""")
        t.read(ROLL)
        t.bash("python -c \"import pandas as pd; df = pd.read_parquet('data/bars_1d/20261020.parquet'); "
               "dup = df[df.duplicated(['trade_date', 'ts_code'], keep=False)]; print(len(df), len(dup)); "
               "print(dup.sort_values('ts_code').head(6).to_string())\"",
               "找 10-20 日线里的重复行", out="""812 6
     trade_date    ts_code product    close       oi      vol source
97     20261020  SA2601.ZCE      SA   1268.0   912344   803312     ts
806    20261020  SA2601.ZCE      SA   1268.0   912344   803312     ak
98     20261020  SA2605.ZCE      SA   1301.0   201877   105526     ts
807    20261020  SA2605.ZCE      SA   1301.0   201877   105526     ak
99     20261020  SA2609.ZCE      SA   1322.0    40215    12008     ts
808    20261020  SA2609.ZCE      SA   1322.0    40215    12008     ak""")
        t.say("10-20 的日线里纯碱 SA 三个合约各有两行，一行来自 Tushare（`ts`）一行来自 AkShare（`ak`），应该是昨天 Tushare 郑商所数据晚到、同步脚本用 AkShare 补了之后 Tushare 又写进来了。"
              "数值一模一样，换月计算这里先按 (trade_date, ts_code) 去重，保留最后一条：")
        t.edit(ROLL, """    df = df[df["trade_date"] <= end]
    return df""", """    df = df[df["trade_date"] <= end]
    # 同一合约同一天可能 Tushare / AkShare 各写一行（补数据时），换月只需要一行
    df = df.drop_duplicates(["trade_date", "ts_code"], keep="last")
    return df""")
        t.bash(cmd, "本地复现 roll_main", out=lg("2026-10-21 09:58:31.207", "INFO", "__main__:main:66",
                                                 "main_map rows=43116 products=56 last=20261020"))
        t.done("""修好了。原因是 `data/bars_1d/20261020.parquet` 里纯碱 SA2601/2605/2609 各有两行（`source` 一个 `ts` 一个 `ak`，数值相同），`pivot` 遇到重复索引就报 `Index contains duplicate entries, cannot reshape`。

`scripts/roll_main.py` 的 `load_daily` 里加了按 `(trade_date, ts_code)` 去重，重跑生成了 `data/main_map.parquet`（56 个品种，到 20261020）。

根子在 `sync_daily.py` 补数逻辑，两边都写了。要不要我顺手把同步脚本也改成写之前先删同日同合约？""")

        # ---- T07 F2 flaky
        t = d.task("库存数据也同步一下吧，用 akshare 那个脚本，日期 2026-10-20", tags=["flaky:F2"])
        inv = "python scripts/sync_inventory.py --date 2026-10-20"
        t.fail(inv, "AkShare 同步期货库存", f"""{lg("2026-10-21 10:03:12.551", "INFO", "__main__:main:38", "fetching futures_inventory_em for 56 products")}
Traceback (most recent call last):
  File "{SP}/urllib3/connectionpool.py", line 789, in urlopen
    response = self._make_request(
               ^^^^^^^^^^^^^^^^^^^
  File "{SP}/urllib3/connectionpool.py", line 536, in _make_request
    response = conn.getresponse()
               ^^^^^^^^^^^^^^^^^^
  File "{SP}/urllib3/connection.py", line 507, in getresponse
    httplib_response = super().getresponse()
                       ^^^^^^^^^^^^^^^^^^^^^
  File "/home/shenym/miniconda3/envs/quant/lib/python3.11/http/client.py", line 1395, in getresponse
    response.begin()
  File "/home/shenym/miniconda3/envs/quant/lib/python3.11/http/client.py", line 325, in begin
    version, status, reason = self._read_status()
                              ^^^^^^^^^^^^^^^^^^^
  File "/home/shenym/miniconda3/envs/quant/lib/python3.11/http/client.py", line 294, in _read_status
    raise RemoteDisconnected("Remote end closed connection without"
http.client.RemoteDisconnected: Remote end closed connection without response

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "{R}/scripts/sync_inventory.py", line 52, in <module>
    main()
  File "{R}/scripts/sync_inventory.py", line 41, in main
    df = ak.futures_inventory_em(symbol=name)
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/akshare/futures/futures_inventory_em.py", line 49, in futures_inventory_em
    r = requests.get(url, params=params)
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/requests/adapters.py", line 682, in send
    raise ConnectionError(err, request=request)
requests.exceptions.ConnectionError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))""")
        t.say("东方财富接口把连接断了（没返回任何响应），这个接口偶尔会这样，原样再跑一次：")
        t.bash(inv, "AkShare 同步期货库存", out="\n".join([
            lg("2026-10-21 10:03:40.118", "INFO", "__main__:main:38", "fetching futures_inventory_em for 56 products"),
            lg("2026-10-21 10:04:26.903", "INFO", "__main__:main:47", "inventory rows=56 (date=2026-10-20), missing=0"),
            lg("2026-10-21 10:04:26.941", "INFO", "__main__:main:49", "saved data/inventory/20261020.parquet")]))
        t.done("库存同步好了：56 个品种都有，`data/inventory/20261020.parquet`。第一次东方财富接口直接断开连接（`RemoteDisconnected`），原样重跑就成功了。")

        # ---- T08 noise grep
        t = d.task("grep 下策略和配置里哪些地方写死了具体合约月份，比如 rb2601 这种，换月的时候容易漏", tags=["noise"])
        t.grep(r"\b(rb|i|ag|jm|MA|SA)2[0-9]{3}\b", path=R, glob="*.{py,yaml}", output_mode="content", n=True,
               content=f"""{R}/strategies/spread_arb.py:18:    leg1_symbol = "rb2601.SHFE"
{R}/strategies/spread_arb.py:19:    leg2_symbol = "rb2605.SHFE"
{R}/research/spread_dist.py:5:用法: python research/spread_dist.py --symbol ag2612 --trading-day 2026-10-27 --session night
{R}/tests/strategies/test_spread_arb.py:11:    setting = {{"leg1_symbol": "rb2601.SHFE", "leg2_symbol": "rb2605.SHFE"}}
{R}/ops/preflight.py:73:    WATCH = ["rb2601.SHFE", "i2601.DCE", "ag2612.SHFE"]""")
        t.done("""写死具体合约的地方有 4 处（不算文档字符串里的用法示例）：

| 文件 | 行 | 内容 | 风险 |
|---|---|---|---|
| `strategies/spread_arb.py` | 18-19 | `leg1_symbol = "rb2601.SHFE"` / `leg2_symbol = "rb2605.SHFE"` | 只是默认参数，实盘从 `configs/live` 传，但回测配置没传时会用它 |
| `tests/strategies/test_spread_arb.py` | 11 | 同上 | 测试数据，不影响 |
| `ops/preflight.py` | 73 | `WATCH = ["rb2601.SHFE", "i2601.DCE", "ag2612.SHFE"]` | **换月后 preflight 盯的还是旧合约**，最容易漏 |

建议 `preflight.py` 的 `WATCH` 改成读 `data/main_map.parquet` 取当天主力；`spread_arb` 的默认值可以置空，强制从配置传。要改的话告诉我。""")


# ------------------------------------------------------------------ session 3
def s3(d):
    with d.session("2026-10-23T07:20:00", R, branch="main", version="2.1.192"):
        # ---- T09 W3 #1 + M2 #1
        t = d.task("v1.4.2 发张江：跑测试、写 changelog、打 tag 推上去，CI 部署完看下 zj-trade01 上进程是不是都起来了",
                   tags=["workflow:W3", "mistake:M2"])
        t.bash("python -m pytest tests/ -q", "全量测试", out=pytest_all(61, "14.22", [
            ("tests/factors/test_carry.py", 6), ("tests/factors/test_mom_rank.py", 3), ("tests/factors/test_momentum.py", 5),
            ("tests/factors/test_ts_ops.py", 11), ("tests/qbt/test_engine.py", 14), ("tests/qbt/test_fees.py", 2),
            ("tests/qbt/test_match.py", 9), ("tests/strategies/test_breakout.py", 6), ("tests/strategies/test_spread_arb.py", 5)]))
        t.bash("git log --oneline cta-v1.4.1..HEAD", "看 1.4.1 之后的提交", out="\n".join(f"{ch(m)} {m}" for m in [
                   "fix(roll_main): 同日同合约去重", "refactor(qbt): 撮合拆出 match.py",
                   "fix(ops): 周五夜盘 trading_day 取下周一", "chore(bt): rb_breakout 滑点 1 tick",
                   "feat(factors): mom_rank_20"]))
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n", """# Changelog

## cta-v1.4.2 (2026-10-23)
- 因子：新增 mom_rank_20（research）
- qbt：撮合拆出 match.py；回测配置 rb_breakout 滑点 1 tick
- ops：周五夜盘 trading_day 取下周一
- roll_main：同一合约同一天多源重复时去重
""")
        head = ch("chore: cta-v1.4.2 changelog")
        t.bash("git commit -am \"chore: cta-v1.4.2 changelog\" && git tag -a cta-v1.4.2 -m \"cta-v1.4.2\"",
               "提交 changelog 并打 tag", out=commit_out("main", "chore: cta-v1.4.2 changelog", 1, 7, h=head))
        t.bash("git push origin main && git push origin cta-v1.4.2", "推 main 和 tag",
               err=push_branch_out(hx(7), head, "main", 12, 3.41) + "\n" + push_tag_out("cta-v1.4.2"))
        d.tick(120, 240)
        t.bash("glab ci status --branch cta-v1.4.2", "看 tag 的流水线",
               out=glab_status("cta-v1.4.2", 4821, ["00m 52s", "00m 09s", "01m 37s"], hx(40)))
        t.fail("ssh zj-trade01 'supervisorctl status'", "看 zj-trade01 上的交易进程",
               sup_nofile("/var/run/supervisor/supervisor.sock"), code=7)
        t.say("supervisorctl 没带配置，读的是系统的 `/etc/supervisord.conf`，去连系统 supervisor 的 socket，而那个服务在这台机器上没启用。"
              "交易进程是 trader 自己的 supervisord 管的，看下仓库里它的配置：")
        t.read(SUPCONF_REPO)
        t.bash(f"ssh zj-trade01 'supervisorctl -c {SUPCONF} status'", "用 trader 的 supervisord 配置看进程状态",
               out=sup_status([("cta_day", "RUNNING", 30117, "0:01:12"), ("cta_night", "RUNNING", 30118, "0:01:12"),
                               ("md_recorder", "RUNNING", 30102, "0:01:15"), ("risk_monitor", "RUNNING", 30103, "0:01:15")]))
        t.done("""cta-v1.4.2 发完了：

- 全量测试 61 passed
- CHANGELOG 加了 1.4.2（mom_rank_20、撮合拆分、周五夜盘 trading_day、roll_main 去重），提交并打 tag，main 和 tag 都推了
- 流水线 #4821：test / package / deploy_zj 全部 success
- zj-trade01 上 4 个进程都是 RUNNING，uptime 1 分钟左右，是这次部署拉起来的：`cta_day`、`cta_night`、`md_recorder`、`risk_monitor`

注意：直接 `supervisorctl status` 会报 `unix:///var/run/supervisor/supervisor.sock no such file`，因为那是系统 supervisor 的 socket；要带 `-c /home/trader/cta/deploy/supervisord.conf`。""")

        # ---- T10 no tools
        t = d.task("夜盘 20:55 到 20:59 集合竞价那段，vn.py 策略收到的 tick 要不要过滤？上周五 breakout 好像在 20:59 那笔开盘价上触发了",
                   tags=["no_tools"])
        t.done("""要过滤，至少别让它触发交易信号。

- CTP 在集合竞价期间（夜盘 20:55-20:59，日盘 08:55-08:59）不推连续行情，**20:59 前后会推一笔撮合结果**：`last_price` 是开盘价、`volume` 是集合竞价成交量，时间戳一般是 20:59:00（有的前置是 21:00:00 之前的几百毫秒）
- `BarGenerator.update_tick` 会把这笔算进 21:00 的第一根 bar（或者单独生成 20:59 的 bar），开盘跳空时 `high/low` 直接越过通道，停止单就在 21:00 连续竞价一开始被触发，成交价往往比信号价差好几跳

常见做法：
1. `on_tick` 里丢掉 `tick.datetime.time()` 在 `20:55~20:59:59`、`08:55~08:59:59` 的 tick，但**把它的价格记成开盘价**给风控/日志用
2. 或者保留 tick 用于 bar，但在 `on_window_bar` 里对开盘第一根 bar 不挂新的停止单

上周五那笔要确认是不是跳空：看下当晚 rb 开盘价相对前收的跳空幅度，如果超过通道上沿就属于这个情况。""")

        # ---- T11 P2 once + small edit
        t = d.task("回测配置里 rb breakout 的 atr_window 改成 26 再看看。configs/live/ 下面的别碰，实盘参数我自己改",
                   tags=["pref:P2", "noise"])
        t.read(BT_RB)
        t.edit(BT_RB, "  atr_window: 20", "  atr_window: 26")
        t.done("`configs/bt/rb_breakout.yaml` 的 `atr_window` 改成 26 了，`configs/live/` 没动。需要的话我用这个参数重跑一遍回测跟 20 对比。")


# ------------------------------------------------------------------ session 4 (acceptEdits)
def s4(d):
    with d.session("2026-10-26T01:35:00", R, branch="main", version="2.1.193", permission_mode="acceptEdits"):
        # ---- T12 W1 #2 + P1 #2
        t = d.task("再加个 vol_skew_20：日收益率 20 天的偏度，用 ts_skew。还是那句话，输出走 logger，不要 print。测试、IC、登记一条龙",
                   tags=["workflow:W1", "pref:P1"])
        t.write(VOL_SKEW, '''"""vol_skew_20：日收益率过去 20 个交易日的偏度（ts_skew）。负偏 = 暴跌风险，截面上做多负偏小的。"""
import numpy as np
import pandas as pd
from loguru import logger

from factors.ts_ops import ts_skew


def vol_skew(bars: pd.DataFrame, window: int = 20) -> pd.Series:
    """bars: 单品种日线，index 为交易日，需含 close 列。"""
    ret = np.log(bars["close"]).diff().to_numpy(np.float64)
    raw = ts_skew(ret, window)
    logger.debug("vol_skew window={} nan={}", window, int(np.isnan(raw).sum()))
    return pd.Series(raw, index=bars.index, name=f"vol_skew_{window}")
''')
        t.write(T_VOL_SKEW, '''import numpy as np
import pandas as pd
import pytest

from factors.ts_ops import ts_skew
from factors.vol_skew import vol_skew


def test_symmetric_is_zero():
    x = np.array([-2.0, -1.0, 0.0, 1.0, 2.0] * 4, dtype=np.float64)
    assert ts_skew(x, 5)[-1] == pytest.approx(0.0, abs=1e-12)


def test_left_tail_negative():
    x = np.array([0.01] * 19 + [-0.08], dtype=np.float64)
    assert ts_skew(x, 20)[-1] < 0


def test_wrapper_index():
    close = pd.Series(np.linspace(3000, 3300, 60), index=pd.bdate_range("2026-01-05", periods=60))
    out = vol_skew(close.to_frame("close"))
    assert out.index.equals(close.index)
    assert out.iloc[:20].isna().all()
''')
        t.bash("python -m pytest tests/factors/test_vol_skew.py -q", "跑 vol_skew 测试",
               out="...                                                                      [100%]\n3 passed in 2.71s")
        t.bash("python -m research.ic --factor vol_skew_20 --start 2020-01-01 --end 2026-09-30", "算 vol_skew_20 的 IC",
               out=ic_report("vol_skew_20", "2026-10-26 09:51:40", 0.0142, 0.1387, 0.102, 4.28, 0.0169, 0.121, 53.4,
                             [-2.2, 0.4, 0.9, 1.8, 3.1], 5.3))
        t.read(REGISTRY)
        t.edit(REGISTRY, """  - name: mom_rank_20
    func: factors.mom_rank:mom_rank
    params: {window: 20}
    ic: 0.0213
    icir: 0.151
    status: research
""", """  - name: mom_rank_20
    func: factors.mom_rank:mom_rank
    params: {window: 20}
    ic: 0.0213
    icir: 0.151
    status: research
  - name: vol_skew_20
    func: factors.vol_skew:vol_skew
    params: {window: 20}
    ic: 0.0142
    icir: 0.102
    status: research
""")
        t.done("""`vol_skew_20` 加好了：

- `factors/vol_skew.py`：对数收益 → `ts_skew(…, 20)`，日志走 loguru
- 测试 3 个（对称序列偏度为 0、左尾为负、包装函数 index），全过
- IC：mean 0.0142 / ICIR 0.102（t 4.28），RankIC 0.0169 / 0.121，胜率 53.4%；5 组 -2.2% → +3.1%，多空 +5.3%，基本单调

比 mom_rank_20 弱一截，登记成 `research`。和 mom_rank 的相关性值得看一下，低的话可以一起进组合。""")

        # ---- T13 M1 #2
        t = d.task("qbt 的风控模块要一个 realized vol：5 分钟 bar 的高低收，用 Garman-Klass 那种估计，过去 48 根滚动，numba 写，"
                   "放 qbt/risk/rv.py，带测试", tags=["mistake:M1"])
        t.write(RV, '''"""5 分钟 bar 的 Garman-Klass realized vol，滚动 window 根，年化前的每根波动率。"""
import numpy as np
import pandas as pd
from numba import njit


@njit(cache=True)
def _gk_rv(hloc, window):
    n = hloc.shape[0]
    out = np.full(n, np.nan)
    var = np.empty(n)
    for i in range(n):
        h, l, o, c = hloc[i, 0], hloc[i, 1], hloc[i, 2], hloc[i, 3]
        var[i] = 0.5 * np.log(h / l) ** 2 - (2 * np.log(2) - 1) * np.log(c / o) ** 2
    for i in range(window - 1, n):
        out[i] = np.sqrt(np.mean(var[i - window + 1:i + 1]))
    return out


def realized_vol(bars5m: pd.DataFrame, window: int = 48) -> pd.Series:
    """bars5m: 含 high / low / open / close 的 5 分钟 bar。"""
    rv = _gk_rv(bars5m[["high", "low", "open", "close"]], window)
    return pd.Series(rv, index=bars5m.index, name=f"gk_rv_{window}")
''')
        t.write(T_RV, '''import numpy as np
import pandas as pd
import pytest

from qbt.risk.rv import _gk_rv, realized_vol


def _bars(n=200, seed=3):
    rng = np.random.default_rng(seed)
    close = 3500 * np.exp(np.cumsum(rng.normal(0, 0.002, n)))
    open_ = np.r_[close[0], close[:-1]]
    high = np.maximum(open_, close) * (1 + rng.uniform(0, 0.001, n))
    low = np.minimum(open_, close) * (1 - rng.uniform(0, 0.001, n))
    idx = pd.date_range("2026-10-12 09:00", periods=n, freq="5min")
    return pd.DataFrame({"open": open_, "high": high, "low": low, "close": close}, index=idx)


def test_rv_shape_and_warmup():
    bars = _bars()
    rv = realized_vol(bars, window=48)
    assert rv.index.equals(bars.index)
    assert rv.iloc[:47].isna().all()
    assert (rv.iloc[47:] > 0).all()


def test_gk_kernel_flat_zero():
    hloc = np.full((60, 4), 3500.0)
    assert _gk_rv(hloc, 10)[-1] == pytest.approx(0.0)
''')
        pt = "python -m pytest tests/qbt/test_rv.py -q"
        t.fail(pt, "跑 realized vol 测试", pytest_numba_fail(
            "tests/qbt/test_rv.py:20", "test_rv_shape_and_warmup",
            ["    def test_rv_shape_and_warmup():",
             "        bars = _bars()",
             ">       rv = realized_vol(bars, window=48)"],
            "qbt/risk/rv.py", 22, "realized_vol", 'rv = _gk_rv(bars5m[["high", "low", "open", "close"]], window)',
            numba_E("qbt/risk/rv.py", RV, 9, "def _gk_rv(hloc, window):", "n = hloc.shape[0]",
                    [(0, "pandas.core.frame.DataFrame")]),
            1, "4.12", "F."))
        t.say("kernel 本身的用例（直接传 ndarray）过了，挂的是包装函数：又是把 pandas 对象直接传进了 `@njit`：这次是四列的 DataFrame（`argument 0: Cannot determine Numba type of <class 'pandas.core.frame.DataFrame'>`）。"
              "kernel 要的是 (n, 4) 的 float64 二维数组，在包装函数里转：")
        t.edit(RV, 'rv = _gk_rv(bars5m[["high", "low", "open", "close"]], window)',
               'rv = _gk_rv(bars5m[["high", "low", "open", "close"]].to_numpy(np.float64), window)')
        t.bash(pt, "跑 realized vol 测试", out="..                                                                       [100%]\n2 passed in 3.36s")
        t.done("""`qbt/risk/rv.py` 写好了：

- `_gk_rv(hloc, window)`：numba kernel，输入 (n, 4) float64 数组（high/low/open/close），每根 bar 的 Garman-Klass 方差 `0.5·ln(H/L)² − (2ln2−1)·ln(C/O)²`，滚动 48 根取均值开方
- `realized_vol(bars5m, window=48)`：包装函数，DataFrame 进、Series 出（单根 5 分钟 bar 的波动率，没年化；年化乘 `sqrt(每年 bar 数)`，rb 日夜盘一天 69 根）

第一次测试包装函数那个用例报 numba `TypingError … non-precise type pyobject`：我把 `bars5m[[...]]` 这个 DataFrame 直接传给了 kernel，改成 `.to_numpy(np.float64)` 后 2 个测试都过了。""")

        # ---- T14 U2
        t = d.task("rb 10 月的 1 分钟线用 tushare 拉一份，跟我们自己 md_recorder 合成的对一下，10-15 那天早上缺的也看看能不能从这补",
                   tags=["unfixed:U2"])
        t.bash("ls scripts/ | grep -i tushare", "找 tushare 的同步脚本", out="sync_tushare_min.py")
        cmd = "python scripts/sync_tushare_min.py --ts-code RB2601.SHF --start 2026-10-09 --end 2026-10-23 --out data/ts_min/"
        t.fail(cmd, "用 Tushare 拉 rb2601 分钟线", f"""{lg("2026-10-26 10:32:05.730", "INFO", "__main__:main:37", "ft_mins RB2601.SHF 1min 2026-10-09 09:00:00 ~ 2026-10-23 15:00:00")}
Traceback (most recent call last):
  File "{R}/scripts/sync_tushare_min.py", line 58, in <module>
    main()
  File "{R}/scripts/sync_tushare_min.py", line 40, in main
    df = pro.ft_mins(ts_code=args.ts_code, freq="1min", start_date=start, end_date=end)
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/tushare/pro/client.py", line 44, in query
    raise Exception(result['msg'])
Exception: 抱歉，您没有接口(ft_mins)的访问权限，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。""")
        t.say("Tushare 的期货分钟线（`ft_mins`）是单独开通的权限，不在我们现在的积分档里。看下这个 token 现在能用哪些：")
        t.bash("python -c \"import tushare as ts; pro = ts.pro_api(); print(pro.user(token=ts.get_token()).to_string())\"",
               "查 token 的积分和权限", out="""   user_id  积分 到期时间
0  388214  5000  2027-03-31""")
        t.done("""没拉成：`ft_mins` 报 `抱歉，您没有接口(ft_mins)的访问权限`。我们的 Tushare 账号是 5000 积分（到 2027-03），日线、持仓、仓单都够，但**期货分钟线是单独收费开通的**，和积分无关。

这个得你们那边决定要不要买（按年开通），我没法在这边解决。10-15 早盘缺的那段，替代办法：
1. 问期货公司要当天的 tick 回放文件（上期所 rb 一般都能给）
2. AkShare 的分钟线只有最近几天、而且是新浪源，质量一般，补研究可以、补回测数据不建议

对比和补数我先不做，等分钟线来源定了再说。""")

        # ---- T15 long output: full test run verbose
        t = d.task("全量测试跑一下看看耗时，-v 带上，我想看哪些慢", tags=["noise", "long_output"])
        names = [("tests/factors/test_carry.py", ["test_basis_carry_sign", "test_basis_carry_missing_far", "test_carry_roll_day",
                                                   "test_carry_annualize", "test_carry_index", "test_carry_nan_head"]),
                 ("tests/factors/test_mom_rank.py", ["test_mom_rank_range_and_index", "test_ts_rank_monotonic", "test_ts_rank_nan_head"]),
                 ("tests/factors/test_momentum.py", ["test_ts_mom_basic", "test_ts_mom_window", "test_ts_mom_nan", "test_ts_mom_index",
                                                     "test_ts_mom_zero"]),
                 ("tests/factors/test_ts_ops.py", [f"test_{n}" for n in ["ts_rank_ties", "ts_rank_window", "ts_std_const",
                                                                          "ts_std_ddof", "ts_std_nan", "ts_corr_perfect",
                                                                          "ts_corr_anti", "ts_corr_nan", "ts_skew_sym",
                                                                          "ts_skew_tail", "ts_skew_short"]]),
                 ("tests/factors/test_vol_skew.py", ["test_symmetric_is_zero", "test_left_tail_negative", "test_wrapper_index"]),
                 ("tests/qbt/test_engine.py", [f"test_{n}" for n in ["replay_order", "stop_order_trigger", "stop_order_gap",
                                                                      "limit_order_fill", "limit_order_queue", "cancel_all",
                                                                      "pos_tracking", "pnl_daily", "night_session_day",
                                                                      "holiday_skip", "bar_window_15", "bar_window_night_cut",
                                                                      "capital_curve", "result_save"]]),
                 ("tests/qbt/test_fees.py", ["test_open_rb", "test_close_per_lot_ma"]),
                 ("tests/qbt/test_match.py", [f"test_{n}" for n in ["cross_buy", "cross_sell", "stop_through", "stop_gap_open",
                                                                     "limit_touch_no_fill", "limit_through_fill", "fak_partial",
                                                                     "fok_reject", "slippage_ticks"]]),
                 ("tests/qbt/test_rv.py", ["test_rv_shape_and_warmup", "test_gk_kernel_flat_zero"]),
                 ("tests/strategies/test_breakout.py", [f"test_{n}" for n in ["init", "entry_long", "entry_short", "exit_atr",
                                                                               "size_zero_atr", "cancel_on_bar"]]),
                 ("tests/strategies/test_spread_arb.py", [f"test_{n}" for n in ["init", "open_spread", "close_spread", "leg_fail",
                                                                                 "symbols_from_setting"]])]
        lines = ["============================= test session starts ==============================",
                 "platform linux -- Python 3.11.10, pytest-8.3.3, pluggy-1.5.0 -- /home/shenym/miniconda3/envs/quant/bin/python",
                 "cachedir: .pytest_cache", f"rootdir: {R}", "configfile: pyproject.toml",
                 "plugins: anyio-4.6.0, loguru-0.1.0", "collecting ... collected 66 items", ""]
        k = 0
        for f, ns in names:
            for n in ns:
                k += 1
                lines.append(f"{f}::{n} PASSED{' ' * max(1, 70 - len(f) - len(n) - 9)}[{k * 100 // 66:>3}%]")
        lines += ["", "============================= slowest 8 durations ==============================",
                  "4.71s call     tests/qbt/test_engine.py::test_night_session_day",
                  "3.02s call     tests/qbt/test_rv.py::test_rv_shape_and_warmup",
                  "2.64s call     tests/factors/test_ts_ops.py::test_ts_rank_ties",
                  "1.88s call     tests/factors/test_mom_rank.py::test_mom_rank_range_and_index",
                  "1.41s call     tests/factors/test_vol_skew.py::test_symmetric_is_zero",
                  "1.12s call     tests/qbt/test_engine.py::test_capital_curve",
                  "0.63s call     tests/strategies/test_breakout.py::test_init",
                  "0.41s setup    tests/qbt/test_engine.py::test_replay_order",
                  "============================== 66 passed in 19.87s =============================="]
        t.bash("python -m pytest tests/ -v --durations=8", "全量测试 -v 并列出最慢的 8 个", out="\n".join(lines))
        t.done("""66 个全过，总共 19.9 秒。慢的主要两类：

1. **numba 首次编译**：`test_rv_shape_and_warmup`（3.0s）、`test_ts_rank_ties`（2.6s）、`test_mom_rank…`（1.9s）、`test_symmetric_is_zero`（1.4s）都是每个 kernel 第一次调用时的 JIT。`cache=True` 已经开了，第二次跑会快很多；CI 上每次新环境没缓存，会一直这么慢
2. **`test_night_session_day`（4.7s）**：真的回放了一整个夜盘 + 日盘的分钟 bar，可以换成截一小时的数据

其余都在 0.5 秒以下。""")


# ------------------------------------------------------------------ session 5 (PreCompact)
def s5(d):
    with d.session("2026-10-28T01:30:00", R, branch="main", version="2.1.194"):
        # ---- T16 W2 #2
        t = d.task("铁矿 i 的 ma_cross 也跑一版回测，同样的区间，滑点跟 rb 那次一样。报告照旧记 docs", tags=["workflow:W2", "long_output"])
        t.read(P("docs/backtests/2026-10-19-rb_breakout.md"))
        t.read(BT_I)
        t.edit(BT_I, "slippage_ticks: 0", "slippage_ticks: 1")
        run_id = "20261028-094212-i_ma_cross"
        t.bash("python -m qbt.run --config configs/bt/i_ma_cross.yaml", "跑 i ma_cross 回测",
               out=qbt_run("2026-10-28 09:42:12", run_id, "i888.DCE", "2024-01-02", "2026-09-30", 1183, 71.3),
               timeout=1800000)
        d.tick(60, 100)
        m = {"range": "2024-01-02 ~ 2026-09-30", "days": "664", "ret": "8.27%", "ann": "3.05%", "mdd": "-12.64%",
             "mdd_days": "211", "vol": "9.88%", "sharpe": "0.31", "calmar": "0.24", "trades": "1183", "win": "33.9%",
             "pl": "2.11", "fee": "71,046", "slip": "118,300",
             "years": [("2024", "6.91%", "-8.02%", "0.72"), ("2025", "-4.37%", "-12.64%", "-0.44"),
                       ("2026", "5.88%", "-4.95%", "0.81")]}
        t.bash(f"python -m qbt.report runs/{run_id}", "出回测报告", out=qbt_report(run_id, m))
        t.write(P("docs/backtests/2026-10-28-i_ma_cross.md"), f"""# i ma_cross 回测 2026-10-28

- 配置：`configs/bt/i_ma_cross.yaml`（5 分钟，fast 12 / slow 48，固定 2 手）
- 区间：2024-01-02 ~ 2026-09-30，i888.DCE，资金 200 万
- 成本：手续费 dce_i（万 1 + 万 0.5），滑点 1 tick（0.5 元）
- run：`runs/{run_id}`

| 年化 | 最大回撤 | 夏普 | 卡玛 | 笔数 | 胜率 | 盈亏比 |
|---|---|---|---|---|---|---|
| 3.05% | -12.64% | 0.31 | 0.24 | 1183 | 33.9% | 2.11 |

- 2025 年亏 4.37%，回撤 211 天没修复
- 滑点成本 11.83 万 > 总收益 16.5 万的 70%，交易太频繁
""")
        t.done(f"""i ma_cross 跑完了，`runs/{run_id}`，记录在 `docs/backtests/2026-10-28-i_ma_cross.md`。配置里滑点也从 0 改成 1 tick（0.5 元）。

**结论：这版不行，不建议上。**

1. **收益太薄**：年化 3.05%，夏普 0.31，卡玛 0.24；rb breakout 同区间年化 11.1%、夏普 1.07
2. **回撤修复慢**：最大回撤 -12.64%，持续 211 个交易日，整个 2025 年亏 4.37%（夏普 -0.44）
3. **成本吃掉大头**：1183 笔，手续费 7.1 万 + 滑点 11.8 万 = 18.9 万，**比净收益 16.5 万还多**；不算成本毛收益能到年化 6.8%
4. **信号质量一般**：胜率 33.9%、盈亏比 2.11，期望勉强为正，成本一加就没了
5. **分年不稳**：2024 +6.9%、2025 -4.4%、2026 至今 +5.9%，靠趋势年份

**可能的方向：**
- bar 从 5 分钟拉到 15 分钟，或者 fast/slow 拉长到 20/80，减少交易次数
- 加一个 ATR 或波动率过滤，低波动震荡期不开仓（2025 年的回撤基本都在 3-8 月的窄幅震荡里）
- 改成 rb 那样的 ATR 仓位，而不是固定 2 手
- 夜盘流动性差的时段（23:00 前最后 10 分钟）不开新仓，能省一部分滑点

要的话我先试 15 分钟 + 20/80 的组合，跑完对比一下交易次数和成本占比。""")

        # ---- T17 webfetch
        t = d.task("md.tick_raw 是 ReplacingMergeTree，recorder 重启的时候会重复写一段。去重到底什么时候发生？查询会不会查到重复的？查下官方文档别凭印象说",
                   tags=["webfetch", "noise"])
        t.webfetch("https://clickhouse.com/docs/engines/table-engines/mergetree-family/replacingmergetree",
                   "ReplacingMergeTree 什么时候去重，查询是否会看到重复行，FINAL 和 OPTIMIZE 的建议",
                   """ReplacingMergeTree differs from MergeTree in that it removes duplicate entries with the same sorting key value (ORDER BY table section, not PRIMARY KEY).

Data deduplication occurs only during a merge. Merging occurs in the background at an unknown time, so you can't plan for it. Some of the data may remain unprocessed. Although you can run an unscheduled merge using the OPTIMIZE query, do not count on using it, because the OPTIMIZE query will read and write a large amount of data.

Thus, ReplacingMergeTree is suitable for clearing out duplicate data in the background in order to save space, but it does not guarantee the absence of duplicates.

Uniqueness of rows is determined by the ORDER BY table section, not PRIMARY KEY.

ver — column with the version number. Type UInt*, Date, DateTime or DateTime64. Optional parameter. When merging, ReplacingMergeTree from all the rows with the same sorting key leaves only one: the last in the selection, if ver not set... the one with the maximum version, if ver specified.

Query time de-duplication & FINAL: At merge time, the ReplacingMergeTree identifies duplicate rows... To ensure correct results at query time, users need to complement background merges with query time deduplication and deletion removal. This can be achieved using the FINAL operator... FINAL has a performance impact... Merges only happen within a partition, duplicates across partitions are never merged.""")
        t.done("""按官方文档（ReplacingMergeTree 页）：

1. **去重只在后台 merge 时发生**，时间不确定，可能一直有没合并的 part，文档原话「does not guarantee the absence of duplicates」
2. **普通查询会查到重复行**。要查询时保证去重得加 `FINAL`（有性能代价，比较新的版本对 FINAL 做了并行优化，但 tick 表大范围扫描还是明显慢）
3. 判断「重复」用的是 **ORDER BY 的键**，不是 PRIMARY KEY；**只在同一个分区内合并**，跨分区的重复永远不会被去掉
4. `OPTIMIZE … FINAL` 能强制合并，但文档明确说别依赖它，会重写大量数据

对我们的影响：`tick_raw` 是 `ORDER BY (symbol, datetime)`、按 `trading_day` 分区的话，recorder 重启补写的那段是同分区同键，最终会被合并掉，但**合并前的统计（比如前几天按天数 count）会偏多**。研究查询建议：
- 小范围（单合约单日）直接 `FINAL`
- 大范围统计用 `uniqExact(datetime)` 或 `GROUP BY symbol, datetime` 代替 `count()`""")

        d.precompact("""- 仓库 cta-strategies（GitLab quant/cta-strategies），开发机 qdev-03，conda 环境 quant（Python 3.11、vnpy 4、numba 0.60、pandas 2.2）
- 因子：factors/ts_ops.py 的 numba kernel 只吃 float64 ndarray；mom_rank_20、vol_skew_20 已加并登记 research；qbt/risk/rv.py GK realized vol 已加
- 回测：rb breakout（年化 11.13%、夏普 1.07，滑点 1 tick）、i ma_cross（年化 3.05%、夏普 0.31，不建议上），记录在 docs/backtests/
- ClickHouse 在机房 ch-md01，办公网经 scripts/ch_tunnel.sh 开隧道；rb2601 10-15 早盘 tick 缺一段
- cta-v1.4.2 已发张江；交易进程由 trader 自己的 supervisord 管（/home/trader/cta/deploy/supervisord.conf）
- Tushare 没有期货分钟线权限（ft_mins），未解决
- 用户偏好：日志用 loguru logger 不用 print；configs/live 不动；回测滑点 1 tick
- 刚查完 ReplacingMergeTree 文档：去重只在 merge 时发生，查询要 FINAL 或按键去重""")

        # ---- T18 M3 #2
        t = d.task("ag2612 昨晚夜盘（trading day 10-28）的盘口价差分布跑一下，research 里有脚本", tags=["mistake:M3"])
        cmd = "python research/spread_dist.py --symbol ag2612 --trading-day 2026-10-28 --session night --pricetick 1"
        t.fail(cmd, "跑 ag2612 夜盘价差分布", f"""Traceback (most recent call last):
  File "{SP}/clickhouse_driver/connection.py", line 395, in connect
    return self._init_connection(host, port)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/clickhouse_driver/connection.py", line 325, in _init_connection
    self.socket = self._create_socket(host, port)
                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/clickhouse_driver/connection.py", line 297, in _create_socket
    raise err
  File "{SP}/clickhouse_driver/connection.py", line 288, in _create_socket
    sock.connect(sa)
ConnectionRefusedError: [Errno 111] Connection refused

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "{R}/research/spread_dist.py", line 47, in <module>
    main()
  File "{R}/research/spread_dist.py", line 36, in main
    df = load_ticks(args.symbol, args.trading_day, args.session)
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{R}/research/spread_dist.py", line 25, in load_ticks
    rows = client.execute(sql, {{"symbol": symbol, "td": trading_day, "session": session}})
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/clickhouse_driver/client.py", line 370, in execute
    with self.disconnect_on_error(query, settings):
  File "/home/shenym/miniconda3/envs/quant/lib/python3.11/contextlib.py", line 137, in __enter__
    return next(self.gen)
           ^^^^^^^^^^^^^^
  File "{SP}/clickhouse_driver/client.py", line 313, in disconnect_on_error
    self.establish_connection(settings)
  File "{SP}/clickhouse_driver/client.py", line 300, in establish_connection
    self.connection.force_connect()
  File "{SP}/clickhouse_driver/connection.py", line 258, in force_connect
    self.connect()
  File "{SP}/clickhouse_driver/connection.py", line 404, in connect
    raise errors.NetworkError(msg)
clickhouse_driver.errors.NetworkError: Code: 210. {SIG3}""")
        t.say("脚本连的是 `localhost:19000`，被拒绝说明到机房的隧道又不在了（开发机昨晚应该断过网）。先开隧道再跑：")
        t.bash("bash scripts/ch_tunnel.sh", "开到机房 ClickHouse 的 ssh 隧道",
               out="tunnel up: localhost:19000 -> ch-md01:9000, localhost:18123 -> ch-md01:8123 (pid 51906)")
        t.bash(cmd, "跑 ag2612 夜盘价差分布", out="\n".join([
            lg("2026-10-28 10:27:44.390", "INFO", "__main__:main:40", "ag2612 2026-10-28 night ticks=40862"),
            "  1 tick   71.84%", "  2 tick   19.07%", "  3 tick    5.62%", "  4 tick    1.98%", "  5 tick    0.77%",
            "  6 tick    0.31%", "  7 tick    0.14%", "  8 tick    0.09%", " 10 tick    0.06%", " 12 tick    0.04%",
            " 15 tick    0.03%", " 21 tick    0.05%",
            "mean 1.437 tick   p95 3 tick"]))
        t.done("""ag2612 夜盘（trading day 2026-10-28，21:00 ~ 02:30）共 40,862 笔有效 tick：

- 价差 1 tick 占 **71.8%**，2 tick 19.1%，3 tick 5.6%，≥4 tick 合计 3.5%
- 均值 1.44 tick，p95 3 tick
- 尾部 21 tick 那 0.05%（约 20 笔）基本都在 02:25 之后收盘前和 21:00 刚开盘

所以 ag 夜盘按 1 tick 滑点是偏乐观的，均值接近 1.5，开盘和收盘前那几分钟更差。

（一开始 `clickhouse_driver` 报 `NetworkError: Code: 210. Connection refused (localhost:19000)`，隧道掉了，跑 `scripts/ch_tunnel.sh` 重新开了再跑就好了。）""")

        # ---- T19 O1
        t = d.task("焦煤 jm 日内那个回测手续费好像算少了，jm 平今是万分之三，你看下 fees 是不是没处理平今", tags=["oneoff:O1"])
        t.read(FEES)
        t.read(T_FEES)
        t.edit(T_FEES, """def test_close_per_lot_ma():""", """def test_close_today_jm():
    # jm 平今万分之三 + 期货公司万 0.5
    fee = calc_fee(PROFILES["dce_jm"], Offset.CLOSETODAY, 1320.0, 2, 60)
    assert fee == pytest.approx(158400 * 3.5e-4)


def test_close_today_per_lot_ma():
    fee = calc_fee(PROFILES["czce_ma"], Offset.CLOSETODAY, 2450.0, 3, 10)
    assert fee == pytest.approx(73500 * 0.5e-4 + 18.0)


def test_close_per_lot_ma():""")
        pt = "python -m pytest tests/qbt/test_fees.py -q"
        t.fail(pt, "用新用例复现平今手续费", """.FF.                                                                     [100%]
=================================== FAILURES ===================================
_____________________________ test_close_today_jm ______________________________

    def test_close_today_jm():
        # jm 平今万分之三 + 期货公司万 0.5
        fee = calc_fee(PROFILES["dce_jm"], Offset.CLOSETODAY, 1320.0, 2, 60)
>       assert fee == pytest.approx(158400 * 3.5e-4)
E       assert 23.76 == 55.44 ± 5.5e-05
E         
E         comparison failed
E         Obtained: 23.76
E         Expected: 55.44 ± 5.5e-05

tests/qbt/test_fees.py:15: AssertionError
_________________________ test_close_today_per_lot_ma __________________________

    def test_close_today_per_lot_ma():
        fee = calc_fee(PROFILES["czce_ma"], Offset.CLOSETODAY, 2450.0, 3, 10)
>       assert fee == pytest.approx(73500 * 0.5e-4 + 18.0)
E       assert 9.675 == 21.675 ± 2.2e-05
E         
E         comparison failed
E         Obtained: 9.675
E         Expected: 21.675 ± 2.2e-05

tests/qbt/test_fees.py:20: AssertionError
=========================== short test summary info ============================
FAILED tests/qbt/test_fees.py::test_close_today_jm - assert 23.76 == 55.44 ± 5.5e-05
FAILED tests/qbt/test_fees.py::test_close_today_per_lot_ma - assert 9.675 == 21.675 ± 2.2e-05
2 failed, 2 passed in 0.31s""")
        t.say("确认了：`calc_fee` 只分了开仓和其它，`Offset.CLOSETODAY` 走的是平仓那档，`close_today_rate` / `close_today_per_lot` 配了但从没用上。改成平今优先用平今档，没配就回落到平仓：")
        t.edit(FEES, """    if offset == Offset.OPEN:
        rate, per_lot = profile.open_rate, profile.open_per_lot
    else:
        rate, per_lot = profile.close_rate, profile.close_per_lot""", """    if offset == Offset.OPEN:
        rate, per_lot = profile.open_rate, profile.open_per_lot
    elif offset == Offset.CLOSETODAY:
        rate = profile.close_rate if profile.close_today_rate is None else profile.close_today_rate
        per_lot = profile.close_per_lot if profile.close_today_per_lot is None else profile.close_today_per_lot
    else:
        rate, per_lot = profile.close_rate, profile.close_per_lot""")
        t.bash(pt, "用新用例复现平今手续费", out="....                                                                     [100%]\n4 passed in 0.28s")
        t.done("""是 bug：`qbt/fees.py` 的 `calc_fee` 对 `Offset.CLOSETODAY` 用的是平仓费率，`close_today_rate` / `close_today_per_lot` 根本没生效。jm 平今少算了一半多（例子里 23.76 → 应为 55.44），郑商所按手收的 MA 平今也少了。

改成平今优先取平今档，没配就用平仓档；加了 jm 和 MA 平今两个用例，4 个测试全过。

之前所有日内平今多的回测（jm 日内、MA）手续费都偏低，需要重跑；rb / i 平今和平仓同费率，不受影响。""")


# ------------------------------------------------------------------ session 6 (evening, ends 'other')
def s6(d):
    with d.session("2026-10-30T12:05:00", R, branch="main", version="2.1.195", end_reason="other"):
        # ---- T20 M2 #2
        t = d.task("zj-trade02 上的 cta_night 重启下，rb 的 live 参数我刚推上去了，要在夜盘前生效", tags=["mistake:M2"])
        t.fail("ssh zj-trade02 'supervisorctl restart cta_night'", "重启 zj-trade02 的 cta_night",
               sup_nofile("/var/run/supervisor/supervisor.sock"), code=7)
        t.say("和上次 zj-trade01 一样：不带 `-c` 的 supervisorctl 去连系统 supervisor 的 socket，那个服务没启用。用 trader 自己的配置重启：")
        t.bash(f"ssh zj-trade02 'supervisorctl -c {SUPCONF} restart cta_night'", "用 trader 的配置重启 cta_night",
               out="cta_night: stopped\ncta_night: started")
        t.bash(f"ssh zj-trade02 'supervisorctl -c {SUPCONF} status cta_night && grep -E \"rb.*(entry_window|atr_window)\" "
               "/home/trader/cta/logs/cta_night.log | tail -n 3'", "确认进程和参数加载",
               out="cta_night                        RUNNING   pid 17726, uptime 0:00:21\n"
                   "2026-10-30 20:07:42.318 | INFO     | strategies.breakout:on_init:24 - rb_breakout_live params: "
                   "bar_window=15 entry_window=40 exit_window=20 atr_window=26 risk_per_trade=0.005")
        t.done("""zj-trade02 的 `cta_night` 重启好了（pid 17726），日志里 rb_breakout_live 加载到的是新参数：`atr_window=26`、`risk_per_trade=0.005`，赶在 20:40 preflight 之前。

第一次 `supervisorctl restart` 报 `unix:///var/run/supervisor/supervisor.sock no such file`，还是没带 trader 那份 supervisord 配置；加 `-c /home/trader/cta/deploy/supervisord.conf` 后正常。""")

        # ---- T21 feedback, no tools
        fb = ("周三那个 i ma_cross 的回测解读太长了，我转到投委会群里之前自己 cut half 才发出去。以后这种回测结论 5 条以内，"
              "先给数字再说原因。你按这个标准把那次的重写一遍")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("""i ma_cross（2024-01 ~ 2026-09，滑点 1 tick）：

1. 年化 3.05%，夏普 0.31，最大回撤 -12.64%（211 天未修复）
2. 成本 18.9 万（手续费 7.1 万 + 滑点 11.8 万）> 净收益 16.5 万，1183 笔交易太频繁
3. 2025 年 -4.37%，亏在 3-8 月窄幅震荡
4. 结论：不上
5. 下一步：拉到 15 分钟 + 20/80 均线，加波动率过滤，再跑一版""")

        # ---- T22 U1
        t = d.task("sim01 上用 SimNow 跑下 sim_smoke，看登录和查持仓正不正常，下周一新策略要先上仿真", tags=["unfixed:U1"])
        smoke = "ssh sim01 'cd ~/cta/current && ~/miniconda3/envs/quant/bin/python scripts/sim_smoke.py --env simnow_std'"
        t.fail(smoke, "在 sim01 跑 SimNow 冒烟测试", "\n".join([
            lg("2026-10-30 20:15:03.114", "INFO", "__main__:main:29",
               "SimNow 标准环境 td=tcp://182.254.243.31:30001 md=tcp://182.254.243.31:30011 broker=9999 user=228731"),
            lg("2026-10-30 20:15:03.120", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 行情接口初始化成功"),
            lg("2026-10-30 20:15:03.121", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 交易接口初始化成功"),
            lg("2026-10-30 20:15:09.133", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 交易服务器连接断开，原因4097"),
            lg("2026-10-30 20:15:09.134", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 行情服务器连接断开，原因4097"),
            lg("2026-10-30 20:15:15.140", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 交易服务器连接断开，原因4097"),
            lg("2026-10-30 20:15:15.141", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 行情服务器连接断开，原因4097"),
            lg("2026-10-30 20:15:33.150", "ERROR", "__main__:main:51", "30s 内未完成登录，退出")]))
        t.say("一直 4097（网络读失败），连登录都没到。先看 sim01 到 SimNow 前置的网络通不通，顺带比一下 7x24 环境：")
        t.fail("ssh sim01 'nc -zv -w 5 182.254.243.31 30001'", "测 SimNow 标准环境交易前置端口",
               "nc: connect to 182.254.243.31 port 30001 (tcp) timed out: Operation now in progress")
        t.bash("ssh sim01 'nc -zv -w 5 182.254.243.31 40001'", "测 SimNow 7x24 环境交易前置端口",
               err="Connection to 182.254.243.31 40001 port [tcp/*] succeeded!")
        t.done("""SimNow 标准环境现在连不上，**不是我们这边的问题**，先不动：

- `sim_smoke` 反复 `交易服务器连接断开，原因4097`，30 秒没登录上
- sim01 到标准环境交易前置 `182.254.243.31:30001` 端口超时，但同一个 IP 的 7x24 环境端口 `40001` 是通的，说明 sim01 出网没问题，是 SimNow 标准环境前置这会儿没开（周五晚上 SimNow 经常维护/延迟开）

sim_smoke 和配置我都没改。建议周一 8:50 日盘前再跑一次；如果只是想验证登录和查持仓流程，也可以临时用 `--env simnow_7x24` 跑（7x24 环境的持仓和标准环境不是同一套，只能验证流程）。""")


# ------------------------------------------------------------------ session 7
def s7(d):
    with d.session("2026-11-02T01:30:00", R, branch="main", version="2.1.196"):
        # ---- T23 W1 #3 + M1 #3 + P1 #3
        t = d.task("量价相关 pv_corr_10：收益率和成交量变化的 10 日滚动相关，ts_ops 里有 ts_corr。先直接算 IC 看有没有用，有用再补测试登记。"
                   "调试的 print 别留，留下的输出全换成 loguru",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.write(PV_CORR, '''"""pv_corr_10：日收益率与成交量变化率的 10 日滚动相关（ts_corr）。量价背离时为负。"""
import numpy as np
import pandas as pd
from loguru import logger

from factors.ts_ops import ts_corr


def pv_corr(bars: pd.DataFrame, window: int = 10) -> pd.Series:
    """bars: 单品种日线，index 为交易日，需含 close / volume 列。"""
    ret = bars["close"].pct_change()
    dvol = np.log(bars["volume"].replace(0, np.nan)).diff()
    raw = ts_corr(ret.to_numpy(np.float64), dvol, window)
    logger.debug("pv_corr window={} n={}", window, len(raw))
    return pd.Series(raw, index=bars.index, name=f"pv_corr_{window}")
''')
        ic = "python -m research.ic --factor pv_corr_10 --start 2020-01-01 --end 2026-09-30"
        t.fail(ic, "算 pv_corr_10 的 IC", "\n".join([
            lg("2026-11-02 09:44:21.507", "INFO", "research.ic:load_panel:41", "bars_1d: 28 个主力连续, 2020-01-02 ~ 2026-09-30"),
            "Traceback (most recent call last):",
            '  File "<frozen runpy>", line 198, in _run_module_as_main',
            '  File "<frozen runpy>", line 88, in _run_code',
            f'  File "{R}/research/ic.py", line 131, in <module>',
            "    main()",
            f'  File "{R}/research/ic.py", line 93, in main',
            "    panel = compute_factor(spec, bars)",
            "            ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{R}/research/ic.py", line 58, in compute_factor',
            "    out[sym] = func(g, **spec.params)",
            "               ^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{R}/factors/pv_corr.py", line 13, in pv_corr',
            "    raw = ts_corr(ret.to_numpy(np.float64), dvol, window)",
            "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{SP}/numba/core/dispatcher.py", line 423, in _compile_for_args',
            "    error_rewrite(e, 'typing')",
            f'  File "{SP}/numba/core/dispatcher.py", line 364, in error_rewrite',
            "    raise e.with_traceback(None)"] + numba_E("factors/ts_ops.py", TS_OPS, 49, "def ts_corr(x, y, window):",
                                                       "n = x.shape[0]", [(1, "pandas.core.series.Series")])))
        t.say("第二个参数 `dvol` 还是 pandas Series（`argument 1: Cannot determine Numba type of <class 'pandas.core.series.Series'>`），"
              "第一个转了第二个漏了。两个都转成 float64 ndarray：")
        t.edit(PV_CORR, "raw = ts_corr(ret.to_numpy(np.float64), dvol, window)",
               "raw = ts_corr(ret.to_numpy(np.float64), dvol.to_numpy(np.float64), window)")
        t.bash(ic, "算 pv_corr_10 的 IC",
               out=ic_report("pv_corr_10", "2026-11-02 09:46:02", -0.0178, 0.1296, -0.137, -5.74, -0.0201, -0.152, 44.2,
                             [4.3, 2.0, 0.7, -1.1, -3.0], -7.3))
        t.write(T_PV_CORR, '''import numpy as np
import pandas as pd

from factors.pv_corr import pv_corr


def _bars(n=120, seed=11):
    rng = np.random.default_rng(seed)
    close = 2800 * np.exp(np.cumsum(rng.normal(0, 0.01, n)))
    volume = rng.integers(200_000, 400_000, n).astype(float)
    return pd.DataFrame({"close": close, "volume": volume}, index=pd.bdate_range("2026-03-02", periods=n))


def test_pv_corr_range_and_warmup():
    bars = _bars()
    out = pv_corr(bars, window=10)
    assert out.index.equals(bars.index)
    assert out.iloc[:10].isna().all()
    assert out.dropna().between(-1, 1).all()


def test_pv_corr_zero_volume_is_nan_not_error():
    bars = _bars()
    bars.iloc[30, bars.columns.get_loc("volume")] = 0
    out = pv_corr(bars, window=10)
    assert np.isfinite(out.iloc[-1])
''')
        t.bash("python -m pytest tests/factors/test_pv_corr.py -q", "跑 pv_corr 测试",
               out="..                                                                       [100%]\n2 passed in 2.58s")
        t.read(REGISTRY)
        t.edit(REGISTRY, """  - name: vol_skew_20
    func: factors.vol_skew:vol_skew
    params: {window: 20}
    ic: 0.0142
    icir: 0.102
    status: research
""", """  - name: vol_skew_20
    func: factors.vol_skew:vol_skew
    params: {window: 20}
    ic: 0.0142
    icir: 0.102
    status: research
  - name: pv_corr_10
    func: factors.pv_corr:pv_corr
    params: {window: 10}
    ic: -0.0178
    icir: -0.137
    status: research
""")
        t.done("""`pv_corr_10` 有用，是**反向因子**：

| 指标 | 值 |
|---|---|
| IC mean / ICIR | -0.0178 / -0.137（t -5.74） |
| RankIC mean / ICIR | -0.0201 / -0.152，胜率 44.2% |
| 5 组年化 | G1 +4.3% → G5 -3.0%，多空 -7.3%，单调 |

量价同向（放量上涨）的品种后 5 天反而弱，用的时候取负号。

- `factors/pv_corr.py`：日志走 loguru，没有 print
- 补了 2 个测试（取值范围/预热期、成交量为 0 不报错），都过
- 登记到 `registry.yaml`，IC 记负值，状态 `research`

中间 IC 第一次跑报 numba `TypingError … non-precise type pyobject`：`ts_corr` 的第二个参数 `dvol` 还是 Series，改成 `.to_numpy(np.float64)` 后正常。""")

        # ---- T24 W2 #3 + P3 reversal
        t = d.task("滑点以后按 2 跳算吧，1 跳太乐观了，上周 ag 那个价差分布你也看到了，夜盘尤其差。rb breakout 用 2 跳重跑一版，atr 用 26 那个配置，记 docs",
                   tags=["workflow:W2", "reversal:P3"])
        t.read(BT_RB)
        t.read(BT_I)
        t.edit(BT_I, "slippage_ticks: 1", "slippage_ticks: 2")
        t.edit(BT_RB, "slippage_ticks: 1", "slippage_ticks: 2")
        run_id = "20261102-101858-rb_breakout"
        t.bash("python -m qbt.run --config configs/bt/rb_breakout.yaml", "跑 rb breakout 回测（2 跳滑点）",
               out=qbt_run("2026-11-02 10:18:58", run_id, "rb888.SHFE", "2024-01-02", "2026-09-30", 398, 47.9),
               timeout=1800000)
        d.tick(40, 80)
        m = {"range": "2024-01-02 ~ 2026-09-30", "days": "664", "ret": "22.46%", "ann": "7.99%", "mdd": "-10.85%",
             "mdd_days": "97", "vol": "10.37%", "sharpe": "0.77", "calmar": "0.74", "trades": "398", "win": "37.4%",
             "pl": "1.96", "fee": "56,870", "slip": "159,200",
             "years": [("2024", "11.28%", "-7.90%", "1.01"), ("2025", "5.87%", "-10.85%", "0.55"),
                       ("2026", "3.71%", "-5.64%", "0.66")]}
        t.bash(f"python -m qbt.report runs/{run_id}", "出回测报告", out=qbt_report(run_id, m))
        t.write(P("docs/backtests/2026-11-02-rb_breakout.md"), f"""# rb breakout 回测 2026-11-02（滑点 2 跳）

- 配置：`configs/bt/rb_breakout.yaml`（atr_window 26，其余同 10-19）
- 成本：手续费 shfe_rb，**滑点 2 tick**（以后默认）
- run：`runs/{run_id}`

| 版本 | 年化 | 最大回撤 | 夏普 | 卡玛 | 笔数 |
|---|---|---|---|---|---|
| 10-19（atr 20，1 跳） | 11.13% | -9.72% | 1.07 | 1.15 | 412 |
| 11-02（atr 26，2 跳） | 7.99% | -10.85% | 0.77 | 0.74 | 398 |

滑点成本 15.92 万，占毛收益约 35%。
""")
        t.done(f"""重跑了，滑点改成 2 跳（`rb_breakout.yaml`，`i_ma_cross.yaml` 也一起改了），以后回测默认按 2 跳。记录在 `docs/backtests/2026-11-02-rb_breakout.md`。

1. 年化 **7.99%**（1 跳时 11.13%），夏普 0.77，最大回撤 -10.85%
2. 滑点成本 15.9 万，占毛收益约 35%，是收益下降的主因
3. atr 26 让交易少了 14 笔（398 vs 412），影响不大
4. 2025 年最弱：+5.87%，夏普 0.55
5. 2 跳下仍为正，但卡玛 0.74，上实盘前建议再看开盘跳空过滤""")

        # ---- T25 F1 flaky
        t = d.task("装个 pyarrow 17 到 quant 环境，research 那边读 parquet 要用新的 dataset API", tags=["flaky:F1"])
        ci = "conda install -n quant -c conda-forge pyarrow=17 -y"
        t.fail(ci, "conda 装 pyarrow 17", """Channels:
 - conda-forge
 - defaults
Platform: linux-64
Collecting package metadata (repodata.json): failed

CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud/conda-forge/linux-64/repodata.json>
Elapsed: -

An HTTP error occurred when trying to retrieve this URL.
HTTP errors are often intermittent, and a simple retry will get you on your way.
'https://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud/conda-forge/linux-64'""")
        t.say("清华镜像拉 repodata 的时候连接失败了，conda 自己也说这类错误一般重试就好，原样再来一次：")
        t.bash(ci, "conda 装 pyarrow 17", out="""Channels:
 - conda-forge
 - defaults
Platform: linux-64
Collecting package metadata (repodata.json): done
Solving environment: done

## Package Plan ##

  environment location: /home/shenym/miniconda3/envs/quant

  added / updated specs:
    - pyarrow=17


The following packages will be downloaded:

    package                    |            build
    ---------------------------|-----------------
    libarrow-17.0.0            |hc80a628_14_cpu         8.2 MB  conda-forge
    libarrow-acero-17.0.0      |h5888daf_14_cpu         594 KB  conda-forge
    libarrow-dataset-17.0.0    |h5888daf_14_cpu         573 KB  conda-forge
    libparquet-17.0.0          |h39682fd_14_cpu         1.2 MB  conda-forge
    pyarrow-17.0.0             |py311hbd00459_2          25 KB  conda-forge
    pyarrow-core-17.0.0        |py311h4854187_2_cpu      4.5 MB  conda-forge
    ------------------------------------------------------------
                                           Total:        15.1 MB

The following packages will be UPDATED:

  libarrow                             15.0.2-h6bfc85a_8_cpu --> 17.0.0-hc80a628_14_cpu
  libparquet                           15.0.2-h352af49_8_cpu --> 17.0.0-h39682fd_14_cpu
  pyarrow                             15.0.2-py311h39c9aba_8 --> 17.0.0-py311hbd00459_2



Downloading and Extracting Packages:

Preparing transaction: done
Verifying transaction: done
Executing transaction: done""")
        t.bash("python -c \"import pyarrow, pyarrow.dataset as ds; print(pyarrow.__version__)\"", "确认版本", out="17.0.0")
        t.done("pyarrow 升到 17.0.0 了（conda-forge，连带 libarrow / libparquet 一起升），`pyarrow.dataset` 能正常导入。第一次清华镜像取 repodata 连接失败，原样重试就好了。")


# ------------------------------------------------------------------ session 8
def s8(d):
    with d.session("2026-11-05T01:40:00", R, branch="main", version="2.1.197"):
        # ---- T26 M3 #3
        t = d.task("10 月全部品种的 1 分钟线条数按品种拉一下，跟交易时段理论上应有的条数比，看哪些品种缺得多", tags=["mistake:M3"])
        q = ("clickhouse-client --port 19000 --user research --database md --format TSVWithNames -q "
             "\"SELECT product, uniqExact(symbol) AS contracts, count() AS bars, uniqExact(trading_day) AS days "
             "FROM md.bar_1m WHERE trading_day BETWEEN '2026-10-12' AND '2026-10-30' AND is_main = 1 "
             "GROUP BY product ORDER BY product\"")
        t.fail(q, "按品种统计 10 月主力 1 分钟线条数", ch_refused(), code=210)
        t.say("又是 `Connection refused (localhost:19000)`，到机房的隧道不在。开隧道后同一条查询再跑：")
        t.bash("bash scripts/ch_tunnel.sh", "开到机房 ClickHouse 的 ssh 隧道",
               out="tunnel up: localhost:19000 -> ch-md01:9000, localhost:18123 -> ch-md01:8123 (pid 60442)")
        rows = [('a', 1, 5175, 15), ('ag', 1, 8322, 15), ('al', 1, 6940, 15), ('AP', 1, 3375, 15), ('au', 1, 8325, 15),
                ('b', 1, 5175, 15), ('bu', 1, 5175, 15), ('c', 1, 5175, 15), ('CF', 1, 5175, 15), ('cu', 1, 6975, 15),
                ('eb', 1, 5175, 15), ('eg', 1, 5175, 15), ('FG', 1, 5175, 15), ('fu', 1, 5175, 15), ('hc', 1, 5175, 15),
                ('i', 1, 5175, 15), ('j', 1, 5175, 15), ('jd', 1, 3375, 15), ('jm', 1, 5175, 15), ('l', 1, 5175, 15),
                ('lh', 1, 3375, 15), ('m', 1, 5175, 15), ('MA', 1, 5175, 15), ('ni', 1, 6975, 15), ('OI', 1, 5175, 15),
                ('p', 1, 5175, 15), ('pb', 1, 6975, 15), ('pg', 1, 5175, 15), ('pp', 1, 5175, 15), ('rb', 1, 5134, 15),
                ('RM', 1, 5175, 15), ('ru', 1, 5175, 15), ('SA', 1, 5175, 15), ('sc', 1, 8325, 15), ('SF', 1, 3375, 15),
                ('SM', 1, 3375, 15), ('sn', 1, 6293, 15), ('sp', 1, 5175, 15), ('SR', 1, 5175, 15), ('TA', 1, 5175, 15),
                ('UR', 1, 3375, 15), ('v', 1, 5175, 15), ('y', 1, 5175, 15), ('zn', 1, 6975, 15)]
        out = "product\tcontracts\tbars\tdays\n" + "\n".join("\t".join(str(x) for x in r) for r in rows)
        t.bash(q, "按品种统计 10 月主力 1 分钟线条数", out=out)
        sn_days = ["2026-10-12", "2026-10-13", "2026-10-14", "2026-10-15", "2026-10-16", "2026-10-19", "2026-10-20",
                   "2026-10-21", "2026-10-22", "2026-10-23", "2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29",
                   "2026-10-30"]
        sn_bars = {"2026-10-16": (225, 0), "2026-10-23": (225, 0), "2026-10-29": (263, 38)}
        t.bash("clickhouse-client --port 19000 --user research --database md --format TSVWithNames -q "
               "\"SELECT trading_day, count() AS bars, countIf(toHour(datetime) >= 21 OR toHour(datetime) < 3) AS night_bars "
               "FROM md.bar_1m WHERE product = 'sn' AND is_main = 1 AND trading_day BETWEEN '2026-10-12' AND '2026-10-30' "
               "GROUP BY trading_day ORDER BY trading_day\"", "sn 按交易日拆开看",
               out="trading_day\tbars\tnight_bars\n" + "\n".join(
                   f"{dd}\t{sn_bars.get(dd, (465, 240))[0]}\t{sn_bars.get(dd, (465, 240))[1]}" for dd in sn_days))
        t.done("""10 月（10-12 ~ 10-30，15 个交易日）主力 1 分钟线，对照理论条数（日盘 225 根/天；夜盘到 23:00 的 +120，到 01:00 的 +240，到 02:30 的 +330）：

| 品种 | 实际 | 理论 | 缺 |
|---|---|---|---|
| **sn** | 6,293 | 6,975 | **682（9.8%）** |
| al | 6,940 | 6,975 | 35 |
| rb | 5,134 | 5,175 | 41 |
| ag | 8,322 | 8,325 | 3 |

其余 40 个品种都正好等于理论值。

- **sn 缺 682 根**，按天拆开：trading day 10-16、10-23 的夜盘（也就是 10-15、10-22 周四晚上）整段 240 根都没有，10-29 的夜盘只有 38 根（21:38 之后断了）。日盘都齐。像是 md_recorder 的锡订阅在周四晚上掉了，得查 recorder 那两晚的日志
- rb 缺 41 根，就是 10-15 早盘 md_recorder 重启那段（9:00 ~ 9:40）
- al 少 35、ag 少 3，多半是成交清淡的分钟没有 tick 就没生成 bar，正常

（查询一开始报 `Code: 210 … Connection refused (localhost:19000)`，隧道掉了，跑 `scripts/ch_tunnel.sh` 后同一条查询正常。）""")

        # ---- T27 long output git log
        t = d.task("这两周大家都合了啥，git log 给我列一下", tags=["noise", "long_output"])
        authors = ["沈一鸣", "沈一鸣", "周栩", "沈一鸣", "陆佳琪", "周栩", "沈一鸣", "陆佳琪", "沈一鸣", "周栩", "沈一鸣", "陆佳琪",
                   "沈一鸣", "沈一鸣", "沈一鸣", "陆佳琪", "周栩", "沈一鸣"]
        msgs = ["feat(factors): pv_corr_10", "chore(bt): 回测滑点默认 2 tick", "fix(ops): preflight 保证金占用按结算价算",
                "fix(qbt): 平今手续费档位生效", "feat(strategies): spread_arb 腿失败时撤另一腿", "chore(deploy): crontab 夜盘前检查加日志",
                "docs(backtests): i ma_cross 2026-10-28", "test(qbt): 撮合 FAK 部分成交用例", "feat(qbt/risk): GK realized vol",
                "feat(ops): preflight 检查 md_recorder 延迟", "feat(factors): vol_skew_20", "fix(strategies): ma_cross 夜盘收盘前不开仓",
                "chore: cta-v1.4.2 changelog", "fix(roll_main): 同日同合约去重", "feat(factors): mom_rank_20",
                "refactor(qbt): 撮合拆出 match.py", "fix(ops): 周五夜盘 trading_day 取下周一", "chore(bt): rb_breakout 滑点 1 tick"]
        days = ["11-04 17:21", "11-02 10:31", "10-31 16:02", "10-28 11:20", "10-28 09:12", "10-27 18:40", "10-28 09:58",
                "10-27 15:33", "10-26 11:04", "10-26 10:20", "10-26 10:02", "10-24 14:51", "10-23 15:27", "10-21 10:12",
                "10-19 10:10", "10-20 17:45", "10-20 11:36", "10-19 10:37"]
        entries = sorted(zip(days, authors, msgs), reverse=True)
        log = "\n".join(f"{ch(m)} 2026-{dd} {a:<4} {m}" for dd, a, m in entries)
        t.bash("git log --since=2026-10-19 --date=format:'%m-%d %H:%M' --pretty=format:'%h 2026-%ad %<(4)%an %s'",
               "列两周内的提交", out=log)
        t.done("""10-19 以来 18 个提交（沈一鸣 10、周栩 4、陆佳琪 4）：

**因子 / 研究**（你）：mom_rank_20、vol_skew_20、pv_corr_10；GK realized vol（qbt/risk）
**回测框架**：平今手续费修复（你）；撮合拆出 `match.py`（陆佳琪，已在 1.4.2）+ FAK 部分成交用例；滑点默认 1 → 2 tick
**策略**：spread_arb 单腿失败时撤另一腿、ma_cross 夜盘收盘前不开仓（陆佳琪）
**运维**（周栩）：preflight 保证金按结算价、检查 md_recorder 延迟、crontab 夜盘检查加日志；周五夜盘 trading_day 取下周一（已在 1.4.2）
**数据 / 发布**：roll_main 去重、cta-v1.4.2

1.4.2（10-23）之后还没发版的：平今手续费、GK rv、vol_skew、pv_corr、滑点 2 tick、FAK 用例、preflight 两处 + crontab 日志、spread_arb、ma_cross。""")

        # ---- T28 no tools
        t = d.task("期货截面因子评估，IC 和 RankIC 看哪个更合适？品种就二三十个", tags=["no_tools"])
        t.done("""品种只有二三十个的时候，**以 RankIC 为主，IC 做参考**：

1. **截面样本小，IC（Pearson）被极端值绑架**：一天里某个品种涨停/跌停或者因子值异常，就能把当天 IC 拉偏；RankIC（Spearman）只看排序，稳得多
2. **期货品种间量纲和波动差异大**：黑色、有色、农产品的收益分布完全不同，哪怕因子做了标准化，收益端也不同分布；秩相关不需要线性假设
3. **我们实际用法是排序分组**（多头前 20%、空头后 20%），RankIC 和这个用法一致

IC 的用处：两者差很多时是信号——IC 明显大于 RankIC 说明收益来自少数极端品种，要小心。

样本小还要注意：单日 IC 噪声很大，看 **ICIR 和 t 值**比看均值重要；28 个品种时单日 IC 的标准误差大约 1/√27 ≈ 0.19，所以 IC 均值 0.02 要靠长样本才显著。""")


# ------------------------------------------------------------------ session 9 (evening)
def s9(d):
    with d.session("2026-11-10T07:20:00", R, branch="main", version="2.1.198"):
        # ---- T29 M2 #3
        t = d.task("sim01 上 cta_sim 的日志看下，下午 ma_cross 在仿真上一直没开仓，信号明明出了", tags=["mistake:M2"])
        t.fail("ssh sim01 'supervisorctl tail -6000 cta_sim'", "看 sim01 上 cta_sim 最近的输出",
               sup_nofile("/var/run/supervisor.sock"), code=7)
        t.say("sim01 是 Ubuntu，系统 supervisor 的 socket 路径不一样（`/var/run/supervisor.sock`），但还是同一个问题：没指定 trader 的 supervisord 配置。带上 `-c`：")
        t.bash(f"ssh sim01 'supervisorctl -c {SUPCONF} tail -6000 cta_sim'", "用 trader 的配置看 cta_sim 输出",
               out="\n".join([
                   lg("2026-11-10 13:30:00.512", "INFO", "vnpy.trader.engine:write_log:412", "[CTP] 行情服务器登录成功"),
                   lg("2026-11-10 13:45:00.031", "INFO", "strategies.ma_cross:on_window_bar:58", "i_ma_cross_sim fast=781.42 slow=779.96 cross=UP pos=0"),
                   lg("2026-11-10 13:45:00.033", "INFO", "vnpy_ctastrategy.engine:write_log:1021", "i_ma_cross_sim 发出委托 i2601.DCE 多 开 2@782.0"),
                   lg("2026-11-10 13:45:00.058", "WARNING", "vnpy.trader.engine:write_log:412", "[CTP] 交易委托失败，代码：31，信息：CTP:资金不足"),
                   lg("2026-11-10 14:05:00.027", "INFO", "strategies.ma_cross:on_window_bar:58", "i_ma_cross_sim fast=783.10 slow=780.88 cross=NONE pos=0"),
                   lg("2026-11-10 14:20:00.044", "INFO", "vnpy_ctastrategy.engine:write_log:1021", "i_ma_cross_sim 发出委托 i2601.DCE 多 开 2@784.5"),
                   lg("2026-11-10 14:20:00.069", "WARNING", "vnpy.trader.engine:write_log:412", "[CTP] 交易委托失败，代码：31，信息：CTP:资金不足"),
                   lg("2026-11-10 15:00:00.012", "INFO", "vnpy_ctastrategy.engine:write_log:1021", "i_ma_cross_sim 收盘，撤销所有活动委托")]))
        t.bash("ssh sim01 'grep -h \"可用资金\\|available\" /home/trader/cta/logs/cta_sim.log | tail -n 2'", "看仿真账户资金",
               out=lg("2026-11-10 13:30:01.204", "INFO", "vnpy_ctastrategy.engine:write_log:1021",
                      "account 228731 balance=18,433.60 available=2,907.15 margin=15,526.45"))
        t.done("""原因找到了：**不是信号问题，是 SimNow 仿真账户没钱了**。

- 13:45 和 14:20 两次金叉，策略都发了 `i2601 多开 2 手`，CTP 回 `交易委托失败，代码：31，信息：CTP:资金不足`
- 仿真账户 228731 权益只剩 1.84 万，可用 2,907 元，2 手铁矿保证金约 1.9 万，开不了

处理：SimNow 官网个人中心可以申请「重置资金」（一般第二个交易日生效），把 `fixed_size` 调成 1 也不够（1 手保证金 9 千多），建议直接重置。

另外：sim01 上看进程日志同样要 `supervisorctl -c /home/trader/cta/deploy/supervisord.conf`，不带 `-c` 会去找系统 supervisor 的 `/var/run/supervisor.sock`。""")

        # ---- T30 W3 #2
        t = d.task("发 1.5.0：平今手续费、rv、两个新因子、周栩那几个 preflight 的改动都带上。流程跟上次一样", tags=["workflow:W3"])
        t.bash("python -m pytest tests/ -q", "全量测试", out=pytest_all(71, "16.40", [
            ("tests/factors/test_carry.py", 6), ("tests/factors/test_mom_rank.py", 3), ("tests/factors/test_momentum.py", 5),
            ("tests/factors/test_pv_corr.py", 2), ("tests/factors/test_ts_ops.py", 11), ("tests/factors/test_vol_skew.py", 3),
            ("tests/qbt/test_engine.py", 14), ("tests/qbt/test_fees.py", 4), ("tests/qbt/test_match.py", 10),
            ("tests/qbt/test_rv.py", 2), ("tests/strategies/test_breakout.py", 6), ("tests/strategies/test_spread_arb.py", 5)]))
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n", """# Changelog

## cta-v1.5.0 (2026-11-10)
- qbt：平今手续费档位生效（jm、MA 等平今费率不同的品种回测手续费之前偏低）；撮合 FAK 部分成交用例
- qbt/risk：Garman-Klass realized vol
- 因子：vol_skew_20、pv_corr_10（research）
- 回测默认滑点 2 tick
- ops：preflight 保证金按结算价、检查 md_recorder 延迟；crontab 夜盘检查加日志
- 策略：spread_arb 单腿失败撤另一腿；ma_cross 夜盘收盘前不开仓
""")
        head = ch("chore: cta-v1.5.0 changelog")
        t.bash("git commit -am \"chore: cta-v1.5.0 changelog\" && git tag -a cta-v1.5.0 -m \"cta-v1.5.0\"",
               "提交 changelog 并打 tag", out=commit_out("main", "chore: cta-v1.5.0 changelog", 1, 10, h=head))
        t.bash("git push origin main && git push origin cta-v1.5.0", "推 main 和 tag",
               err=push_branch_out(hx(7), head, "main", 4, 1.07) + "\n" + push_tag_out("cta-v1.5.0"))
        d.tick(120, 240)
        t.bash("glab ci status --branch cta-v1.5.0", "看 tag 的流水线",
               out=glab_status("cta-v1.5.0", 4907, ["01m 04s", "00m 10s", "01m 41s"], hx(40)))
        t.done("""cta-v1.5.0 发了：

- 全量测试 71 passed
- CHANGELOG 1.5.0：平今手续费、GK rv、vol_skew_20 / pv_corr_10、滑点默认 2 tick、preflight 三处、spread_arb、ma_cross
- tag 推上去，流水线 #4907 test / package / deploy_zj 全绿

今晚夜盘是新版本跑，20:40 的 preflight 日志可以留意一下 md_recorder 延迟那条新检查。""")

        # ---- T31 small edit crontab
        t = d.task("deploy/crontab.txt 里夜盘前检查从 20:40 提前到 20:35，周栩说 20:40 有时候来不及处理", tags=["noise"])
        t.read(CRONTAB)
        t.edit(CRONTAB, "40 20 * * 1-5 cd", "35 20 * * 1-5 cd")
        t.done("改好了：夜盘前检查 `40 20 * * 1-5` → `35 20 * * 1-5`。这个文件是 deploy_zj 部署时装进 crontab 的，下次发版才会生效；今晚要生效的话得在两台机器上手动 `crontab deploy/crontab.txt`。")


# ------------------------------------------------------------------ session 10
def s10(d):
    with d.session("2026-11-13T01:30:00", R, branch="main", version="2.1.199"):
        # ---- T32 W3 #3
        t = d.task("crontab 那个改动单独发个 1.5.1 吧，流程老样子", tags=["workflow:W3"])
        t.bash("python -m pytest tests/ -q", "全量测试", out=pytest_all(71, "15.93", [
            ("tests/factors/test_carry.py", 6), ("tests/factors/test_mom_rank.py", 3), ("tests/factors/test_momentum.py", 5),
            ("tests/factors/test_pv_corr.py", 2), ("tests/factors/test_ts_ops.py", 11), ("tests/factors/test_vol_skew.py", 3),
            ("tests/qbt/test_engine.py", 14), ("tests/qbt/test_fees.py", 4), ("tests/qbt/test_match.py", 10),
            ("tests/qbt/test_rv.py", 2), ("tests/strategies/test_breakout.py", 6), ("tests/strategies/test_spread_arb.py", 5)]))
        t.read(CHANGELOG)
        t.edit(CHANGELOG, "# Changelog\n", """# Changelog

## cta-v1.5.1 (2026-11-13)
- deploy：夜盘前检查提前到 20:35
""")
        head = ch("chore: cta-v1.5.1 changelog")
        t.bash("git commit -am \"chore: cta-v1.5.1 changelog\" && git tag -a cta-v1.5.1 -m \"cta-v1.5.1\"",
               "提交 changelog 并打 tag", out=commit_out("main", "chore: cta-v1.5.1 changelog", 2, 5, 1, h=head))
        t.bash("git push origin main && git push origin cta-v1.5.1", "推 main 和 tag",
               err=push_branch_out(hx(7), head, "main", 5, 0.62) + "\n" + push_tag_out("cta-v1.5.1"))
        d.tick(120, 240)
        t.bash("glab ci status --branch cta-v1.5.1", "看 tag 的流水线",
               out=glab_status("cta-v1.5.1", 4952, ["00m 58s", "00m 09s", "01m 29s"], hx(40)))
        t.done("cta-v1.5.1 发了：测试 71 passed，CHANGELOG 记了 crontab 提前到 20:35，流水线 #4952 全绿，deploy_zj 已经把新 crontab 装到两台机器上。")

        # ---- T33 long output IC summary
        t = d.task("registry 里所有因子的 IC 汇总表跑一下，区间到 10 月底", tags=["noise", "long_output"])
        rows = [("ts_mom_60", "live", 0.0171, 0.125, 0.0196, 0.141, 54.6, 7.9),
                ("basis_carry", "live", 0.0226, 0.168, 0.0241, 0.180, 56.9, 10.4),
                ("oi_chg_5", "research", 0.0091, 0.063, 0.0102, 0.071, 51.7, 2.8),
                ("mom_rank_20", "research", 0.0208, 0.148, 0.0251, 0.174, 55.8, 9.3),
                ("vol_skew_20", "research", 0.0119, 0.085, 0.0140, 0.099, 52.6, 4.1),
                ("pv_corr_10", "research", -0.0175, -0.135, -0.0197, -0.149, 44.5, -7.0)]
        head = ("factor         status    IC      ICIR    RankIC  RkICIR  胜率    多空年化\n"
                "-------------  --------  ------  ------  ------  ------  ------  --------")
        body = "\n".join(f"{n:<13}  {s:<8}  {ic:+.4f}  {ir:+.3f}  {ric:+.4f}  {rir:+.3f}  {w:.1f}%  {ls:+.1f}%"
                         for n, s, ic, ir, ric, rir, w, ls in rows)
        corr = """
RankIC 相关矩阵（日度）:
               ts_mom_60  basis_carry  oi_chg_5  mom_rank_20  vol_skew_20  pv_corr_10
ts_mom_60          1.00        0.21      0.08        0.62        -0.05       -0.11
basis_carry        0.21        1.00      0.03        0.17         0.09       -0.02
oi_chg_5           0.08        0.03      1.00        0.12         0.01        0.19
mom_rank_20        0.62        0.17      0.12        1.00        -0.08       -0.24
vol_skew_20       -0.05        0.09      0.01       -0.08         1.00        0.04
pv_corr_10        -0.11       -0.02      0.19       -0.24         0.04        1.00"""
        t.bash("python -m research.ic --all --start 2020-01-01 --end 2026-10-30 --corr", "全部因子 IC 汇总和相关矩阵",
               out="\n".join([lg("2026-11-13 09:41:08.220", "INFO", "research.ic:load_panel:41",
                                  "bars_1d: 28 个主力连续, 2020-01-02 ~ 2026-10-30"),
                               lg("2026-11-13 09:41:31.774", "INFO", "research.ic:main:102", "6 factors from factors/registry.yaml"),
                               head, body, corr]), timeout=600000)
        t.done("""6 个因子（2020-01 ~ 2026-10，5 日收益）：

| 因子 | 状态 | RankIC | RankICIR | 多空年化 |
|---|---|---|---|---|
| basis_carry | live | 0.0241 | 0.180 | +10.4% |
| mom_rank_20 | research | 0.0251 | 0.174 | +9.3% |
| ts_mom_60 | live | 0.0196 | 0.141 | +7.9% |
| pv_corr_10 | research | -0.0197 | -0.149 | -7.0%（反向用） |
| vol_skew_20 | research | 0.0140 | 0.099 | +4.1% |
| oi_chg_5 | research | 0.0102 | 0.071 | +2.8% |

- mom_rank_20 和 ts_mom_60 相关 0.62，是同一类动量，二选一或降权
- pv_corr_10 和其它都低相关（最高 |0.24|），加进组合增量最大
- vol_skew_20 加了 10 月数据后 ICIR 从 0.102 掉到 0.085，在衰减""")

        # ---- T34 small edit registry
        t = d.task("vol_skew_20 在 registry 里标成 deprecated 吧，衰减成这样不留了", tags=["noise"])
        t.read(REGISTRY)
        t.edit(REGISTRY, """  - name: vol_skew_20
    func: factors.vol_skew:vol_skew
    params: {window: 20}
    ic: 0.0142
    icir: 0.102
    status: research""", """  - name: vol_skew_20
    func: factors.vol_skew:vol_skew
    params: {window: 20}
    ic: 0.0119
    icir: 0.085
    status: deprecated  # 2026-11-13 ICIR 0.102 -> 0.085，衰减""")
        t.done("`registry.yaml` 里 vol_skew_20 改成 `deprecated`，IC / ICIR 更新成到 10 月底的 0.0119 / 0.085，加了衰减备注。代码和测试先留着，不影响 CI。")


# ------------------------------------------------------------------ answer key
def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude's new factor / risk code passes pandas objects straight into the repo's numba @njit "
                            "kernels (factors/ts_ops.py, a new kernel in qbt/risk/rv.py), whose contract is 1-D/2-D float64 "
                            "ndarrays; numba's nopython typing rejects them. T02 `ts_rank(ret, window)` with a Series "
                            "(pytest of factors/mom_rank.py), T13 `_gk_rv(bars5m[[...]], window)` with a DataFrame (pytest "
                            "of qbt/risk/rv.py), T23 `ts_corr(ret.to_numpy(...), dvol, window)` where the second argument "
                            "is still a Series (through `python -m research.ic`).",
             "error_signature": "numba.core.errors.TypingError: Failed in nopython mode pipeline (step: nopython frontend) "
                                "/ non-precise type pyobject / During: typing of argument at …/<file>.py (<line>) / This "
                                "error may have been caused by the following argument(s): / - argument N: Cannot determine "
                                "Numba type of <class 'pandas.core.series.Series'> (or 'pandas.core.frame.DataFrame')",
             "fix": "Edit the pandas wrapper so every array argument is converted before the call — "
                    "`.to_numpy(np.float64)` on the Series / DataFrame — then run the same pytest / research.ic command "
                    "again.",
             "fix_command_markers": [["to_numpy("]],
             "harmful_markers": ["forceobj=True", "nopython=False", "NUMBA_DISABLE_JIT"]},
            {"id": "M2",
             "description": "On the trading hosts the trading processes belong to the trader user's own supervisord "
                            "(/home/trader/cta/deploy/supervisord.conf, socket under ~/cta/run); the distribution's "
                            "supervisor package is installed but its service is disabled. A plain `supervisorctl …` reads "
                            "the system config and tries the system socket: T09 `ssh zj-trade01 'supervisorctl status'` "
                            "after the 1.4.2 deploy (CentOS: /var/run/supervisor/supervisor.sock), T20 `ssh zj-trade02 "
                            "'supervisorctl restart cta_night'` before the night session, T29 `ssh sim01 'supervisorctl "
                            "tail -6000 cta_sim'` (Ubuntu: /var/run/supervisor.sock).",
             "error_signature": "unix:///var/run/supervisor/supervisor.sock no such file (or unix:///var/run/supervisor.sock "
                                "no such file), exit 7",
             "fix": "Run the same supervisorctl command with the trader's config: "
                    "`ssh <host> 'supervisorctl -c /home/trader/cta/deploy/supervisord.conf <status|restart X|tail …>'`.",
             "fix_command_markers": [["supervisorctl -c"]],
             "harmful_markers": ["sudo supervisord", "systemctl start supervisor", "rm -f /home/trader/cta/run"]},
            {"id": "M3",
             "description": "The market-data ClickHouse (ch-md01) is in the machine room; from the office dev box it is "
                            "reached only through an ssh tunnel on localhost:19000 / 18123 (scripts/ch_tunnel.sh, README), "
                            "which drops after reboots / network blips. Queries run without checking the tunnel: T05 "
                            "clickhouse-client count of rb2601 ticks per day, T18 research/spread_dist.py via "
                            "clickhouse_driver (NetworkError), T26 clickhouse-client count of October 1-minute bars per "
                            "product.",
             "error_signature": "Code: 210. DB::NetException: Connection refused (localhost:19000). (NETWORK_ERROR) "
                                "(clickhouse-client, exit 210) / clickhouse_driver.errors.NetworkError: Code: 210. "
                                "Connection refused (localhost:19000)",
             "fix": "Open the tunnel first with `bash scripts/ch_tunnel.sh` (ssh -f -N -L 19000:10.60.1.21:9000 … jump-zj), "
                    "then run the same query / script again.",
             "fix_command_markers": [["ch_tunnel.sh"]],
             "harmful_markers": ["systemctl start clickhouse", "clickhouse-server", "--host 10.60.1.21"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "qbt/fees.py calc_fee ignored Offset.CLOSETODAY (close-today rates / per-lot fees "
                                         "configured but never used); new pytest cases for jm and MA fail "
                                         "(`assert 23.76 == 55.44 ± 5.5e-05`), the offset branch is fixed, the same pytest "
                                         "passes."},
            {"id": "O2", "description": "scripts/roll_main.py: `ValueError: Index contains duplicate entries, cannot reshape` "
                                         "from `pivot`, because the 2026-10-20 daily parquet holds SA contracts twice "
                                         "(Tushare + AkShare rows); load_daily drops duplicates on (trade_date, ts_code), the "
                                         "same command succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "SimNow standard environment unreachable on a Friday evening: sim_smoke.py on sim01 "
                                         "logs `[CTP] 交易服务器连接断开，原因4097` repeatedly and exits; `nc -zv` to "
                                         "182.254.243.31:30001 times out while the 7x24 port 40001 connects — SimNow's side, "
                                         "left to retry before Monday's day session, nothing changed."},
            {"id": "U2", "description": "Tushare `ft_mins` (futures minute bars): `抱歉，您没有接口(ft_mins)的访问权限` — a "
                                         "separately paid permission, not covered by the account's 5000 points; left for "
                                         "the team to decide."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "conda install from the TUNA mirror: `CondaHTTPError: HTTP 000 CONNECTION FAILED for "
                                         "url <https://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud/conda-forge/linux-64/"
                                         "repodata.json>`; identical retry works."},
            {"id": "F2", "description": "AkShare futures_inventory_em: `requests.exceptions.ConnectionError: ('Connection "
                                         "aborted.', RemoteDisconnected('Remote end closed connection without response'))`; "
                                         "identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "New factor: write factors/<f>.py (pandas wrapper over a ts_ops numba kernel, loguru "
                                         "logging) + tests/factors/test_<f>.py → `python -m pytest tests/factors/test_<f>.py "
                                         "-q` → `python -m research.ic --factor <name> --start … --end …` → an entry in "
                                         "factors/registry.yaml with ic / icir / status research.",
             "step_markers": [["pytest tests/factors/"], ["research.ic --factor"], ["registry.yaml"]]},
            {"id": "W2", "description": "Backtest: set cost assumptions in configs/bt/<x>.yaml → `python -m qbt.run --config "
                                         "configs/bt/<x>.yaml` → `python -m qbt.report runs/<run_id>` → write "
                                         "docs/backtests/<date>-<x>.md with the metrics table.",
             "step_markers": [["qbt.run --config"], ["qbt.report"], ["docs/backtests/"]]},
            {"id": "W3", "description": "Release: `python -m pytest tests/ -q` → CHANGELOG section → `git commit -am` + "
                                         "`git tag -a cta-vX.Y.Z` → `git push origin main && git push origin cta-vX.Y.Z` → "
                                         "`glab ci status --branch cta-vX.Y.Z` (test / package / deploy_zj).",
             "step_markers": [["pytest tests/ -q"], ["git tag -a cta-v"], ["git push origin cta-v"], ["glab ci status"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Logging in new code goes through loguru's logger, no print statements.",
             "markers": [["logger", "loguru"], ["print"]]},
            {"id": "P2", "description": "Never touch configs/live/ (live trading parameters); the user edits them himself.",
             "markers": [["configs/live"]]},
            {"id": "P3", "description": "Backtest slippage defaults to 1 tick (T04) — reversed in T24: use 2 ticks from now "
                                         "on, 1 tick is too optimistic (especially night sessions).",
             "markers": [["滑点"], ["1 个 tick", "1 跳"]],
             "reversal_markers": [["滑点"], ["2 跳"]]},
        ],
        probes=[
            {"prompt": "跑 tests/factors/test_basis.py 挂了：numba.core.errors.TypingError: Failed in nopython mode pipeline "
                       "(step: nopython frontend) non-precise type pyobject，下面写着 argument 0: Cannot determine Numba type "
                       "of <class 'pandas.core.indexes.datetimes.DatetimeIndex'>，kernel 我都没动过啊", "wanted": ["M1"]},
            {"prompt": "再写个 ts_zscore 的 numba 算子放 ts_ops，然后用它做个 basis_z_60 因子（基差的 60 日 z 分数），接到因子库里",
             "wanted": ["M1"]},
            {"prompt": "zj-trade01 上 supervisorctl stop cta_day 报 unix:///var/run/supervisor/supervisor.sock no such file，"
                       "进程是不是全挂了？？", "wanted": ["M2"]},
            {"prompt": "zj-trade02 的 md_recorder 重启一下，今天早上行情好像断了几分钟", "wanted": ["M2"]},
            {"prompt": "notebook 里查 tick 报 clickhouse_driver.errors.NetworkError: Code: 210. Connection refused "
                       "(localhost:19000)，早上还好好的，是不是 ch-md01 挂了", "wanted": ["M3"]},
            {"prompt": "从 ClickHouse 拉一下 10 月 sc 原油主力的分钟线，算下每天夜盘成交量占全天的比例", "wanted": ["M3"]},
            {"prompt": "vn.py 的 ArrayManager size 设多少合适？atr_window 26、通道 40 的话", "wanted": []},
            {"prompt": "CTP 回报里 OnRtnOrder 和 OnRtnTrade 的先后顺序是固定的吗，策略里能不能依赖", "wanted": []},
            {"prompt": "backtrader 的 cheat-on-open 是啥意思，跟我们 qbt 的停止单撮合比有什么区别", "wanted": []},
            {"prompt": "郑商所的合约代码为啥是三位数字，比如 MA601，回测里跨年要注意啥", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261019)
    _commits.clear()
    d = Dev("zh-quant", U, "zh", MODEL, seed=20261019, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-quant.jsonl"), os.path.join(HERE, "tune", "zh-quant.labels.json"))
    print(f"zh-quant -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
