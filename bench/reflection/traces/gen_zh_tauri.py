"""zh-tauri: 林晓峰 (Lin Xiaofeng), desktop developer at 海纳跨境 (Haina Cross-border, a small Shenzhen company selling a
cross-border e-commerce ERP).

Stack: Tauri 2 desktop app 「海纳ERP」 (repo haina-desk): Rust backend in src-tauri (tauri commands, serde, sqlx 0.8 on a
local SQLite, tokio, tracing, thiserror `AppError` that serializes to {code, message}), Vue 3 + Vite 6 + TypeScript
frontend with pnpm 9, pinia, vitest 3, eslint 9, vue-tsc; `pnpm tauri dev` / `pnpm tauri build`; macOS signing and
notarization, Windows NSIS/MSI bundles built on a Windows box `win-build01` over ssh (Git Bash as the OpenSSH shell),
tauri-plugin-updater with latest.json on Aliyun OSS; capabilities JSON; GitHub Actions matrix release; npmmirror and
rsproxy mirrors; Rust toolchain pinned in src-tauri/rust-toolchain.toml. Prompts and replies in Chinese, tool output as
printed. cwd /Users/linxf/work/haina-desk (MacBook Pro M3).

Written blind for fresh/; measured once held out (round 28), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_tauri.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "linxf"
R = "/Users/linxf/work/haina-desk"
MODEL = "claude-opus-4-6"
WIN = "/d/work/haina-desk"
WINP = "D:\\work\\haina-desk"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


_commits = {}


def ch(msg):
    if msg not in _commits:
        _commits[msg] = hx(7)
    return _commits[msg]


def P(rel):
    return f"{R}/{rel}"


# ------------------------------------------------------------------ virtual files
README = P("README.md")
PKG = P("package.json")
LIB = P("src-tauri/src/lib.rs")
ERR = P("src-tauri/src/error.rs")
INV = P("src-tauri/src/commands/inventory.rs")
ORD = P("src-tauri/src/commands/orders.rs")
SHOPS = P("src-tauri/src/commands/shops.rs")
SKU = P("src-tauri/src/sku.rs")
CONF = P("src-tauri/tauri.conf.json")
CAPS = P("src-tauri/capabilities/default.json")
TOOLCHAIN = P("src-tauri/rust-toolchain.toml")
API_INV = P("src/api/inventory.ts")
API_ORD = P("src/api/orders.ts")
API_SHOPS = P("src/api/shops.ts")
MONEY = P("src/utils/money.ts")
MONEY_T = P("src/utils/money.test.ts")
ORDERS_VUE = P("src/views/OrdersView.vue")
CHANGELOG = P("CHANGELOG.md")
LOC_ZH = P("src/locales/zh-CN.json")
LOC_EN = P("src/locales/en-US.json")
RELEASE_YML = P(".github/workflows/release.yml")
MIG1_UP = P("src-tauri/migrations/20261016021503_add_order_remark.up.sql")
MIG1_DOWN = P("src-tauri/migrations/20261016021503_add_order_remark.down.sql")
MIG2_UP = P("src-tauri/migrations/20261029031122_create_sync_logs.up.sql")
MIG2_DOWN = P("src-tauri/migrations/20261029031122_create_sync_logs.down.sql")
MIG3_UP = P("src-tauri/migrations/20261106023407_idx_orders_shop_paid_at.up.sql")
MIG3_DOWN = P("src-tauri/migrations/20261106023407_idx_orders_shop_paid_at.down.sql")

README_TXT = """# haina-desk

海纳ERP 桌面端（Tauri 2 + Vue 3）。给卖家和仓库同事用：多店铺订单同步（Shopee / Lazada / TikTok Shop / 亚马逊）、
库存、采购、导出报表。本地数据放 SQLite（app data 目录下 `haina.db`），定时从后端 `api.hainaerp.com` 拉。

## 环境

- Node 20 + pnpm 9（`.npmrc` 用 npmmirror）；Rust 版本钉在 `src-tauri/rust-toolchain.toml`，rustup 走 rsproxy
  （`RUSTUP_DIST_SERVER=https://rsproxy.cn`，`~/.cargo/config.toml` 里 crates 源也是 rsproxy sparse）
- 注意：rust-toolchain.toml 只写了 channel 和 clippy/rustfmt，交叉编译的 target 每台机器、每次升级 channel 都要自己装
- Windows 包在 `win-build01` 上打（ssh 进去默认是 Git Bash，仓库在 `D:\\work\\haina-desk`），updater 私钥在那台机器的系统环境变量里
- macOS 包在本机打，签名证书 `Developer ID Application: Shenzhen Haina Cross-border Technology Co., Ltd. (7QK2M4ZP9X)`

## 常用

```bash
pnpm tauri dev
pnpm test            # vitest run
pnpm lint            # eslint .
pnpm typecheck       # vue-tsc --noEmit
cargo clippy --manifest-path src-tauri/Cargo.toml --all-targets -- -D warnings
cargo test --manifest-path src-tauri/Cargo.toml
sqlx migrate add -r <name> --source src-tauri/migrations
node scripts/bump-version.mjs <x.y.z>   # 同时改 package.json / Cargo.toml / tauri.conf.json
```

## 约定

- tauri command 一律返回 `AppResult<T>`（`src-tauri/src/error.rs`），`AppError` 序列化成 `{ code, message }`，
  前端 `src/api/*.ts` 按 code 弹提示。sqlx / io / reqwest 的错误都有 `#[from]`，直接 `?`
- 前端不直接 `invoke`，统一走 `src/api/*.ts` 的封装
- 正式版 Windows 出 MSI（大客户 IT 用组策略推）和 NSIS 两种；发版打 tag `vX.Y.Z`，GitHub Actions 出包、
  签名、传 OSS、更新 latest.json
"""

PKG_TXT = """{
  "name": "haina-desk",
  "private": true,
  "version": "1.4.3",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vue-tsc --noEmit && vite build",
    "tauri": "tauri",
    "test": "vitest run",
    "lint": "eslint .",
    "typecheck": "vue-tsc --noEmit"
  },
  "dependencies": {
    "@tauri-apps/api": "^2.8.0",
    "@tauri-apps/plugin-dialog": "^2.4.0",
    "@tauri-apps/plugin-updater": "^2.9.0",
    "element-plus": "^2.11.4",
    "pinia": "^3.0.3",
    "vue": "^3.5.21",
    "vue-router": "^4.5.1"
  },
  "devDependencies": {
    "@tauri-apps/cli": "^2.8.4",
    "@vitejs/plugin-vue": "^6.0.1",
    "eslint": "^9.36.0",
    "typescript": "~5.9.2",
    "vite": "^6.3.5",
    "vitest": "^3.2.4",
    "vue-tsc": "^3.1.0"
  }
}
"""

LIB_TXT = """mod commands;
mod db;
mod error;
mod sku;

use tauri::Manager;
use tracing_subscriber::EnvFilter;

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")))
        .init();

    tauri::Builder::default()
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_updater::Builder::new().build())
        .setup(|app| {
            let dir = app.path().app_data_dir()?;
            let pool = tauri::async_runtime::block_on(db::open(&dir))?;
            app.manage(pool);
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::orders::list_orders,
            commands::orders::sync_orders,
            commands::inventory::list_stock,
            commands::inventory::adjust_stock,
            commands::shops::list_shops,
        ])
        .run(tauri::generate_context!())
        .expect("error while running tauri application");
}
"""

ERR_TXT = """use serde::{Serialize, Serializer};

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("数据库错误: {0}")]
    Db(#[from] sqlx::Error),
    #[error("文件读写失败: {0}")]
    Io(#[from] std::io::Error),
    #[error("请求平台接口失败: {0}")]
    Http(#[from] reqwest::Error),
    #[error("{0}")]
    Biz(String),
}

impl AppError {
    fn code(&self) -> &'static str {
        match self {
            AppError::Db(_) => "DB",
            AppError::Io(_) => "IO",
            AppError::Http(_) => "HTTP",
            AppError::Biz(_) => "BIZ",
        }
    }
}

// 前端拿到的是 { code, message }
impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("AppError", 2)?;
        st.serialize_field("code", self.code())?;
        st.serialize_field("message", &self.to_string())?;
        st.end()
    }
}
"""

INV_TXT = """use serde::Serialize;
use sqlx::SqlitePool;
use tauri::State;

use crate::error::AppResult;

#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StockRow {
    pub sku: String,
    pub warehouse: String,
    pub qty: i64,
}

#[tauri::command]
pub async fn list_stock(pool: State<'_, SqlitePool>, warehouse: String) -> AppResult<Vec<StockRow>> {
    let rows = sqlx::query_as::<_, StockRow>("select sku, warehouse, qty from stock where warehouse = ? order by sku")
        .bind(&warehouse)
        .fetch_all(pool.inner())
        .await?;
    Ok(rows)
}

#[tauri::command]
pub async fn adjust_stock(pool: State<'_, SqlitePool>, sku: String, warehouse: String, delta: i64) -> AppResult<()> {
    sqlx::query("update stock set qty = qty + ? where sku = ? and warehouse = ?")
        .bind(delta)
        .bind(&sku)
        .bind(&warehouse)
        .execute(pool.inner())
        .await?;
    tracing::info!(%sku, %warehouse, delta, "stock adjusted");
    Ok(())
}
"""

ORD_TXT = """use serde::Serialize;
use sqlx::SqlitePool;
use tauri::State;

use crate::error::AppResult;

#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {
    pub order_no: String,
    pub shop_id: i64,
    pub status: String,
    pub currency: String,
    pub amount: f64,
    pub paid_at: String,
}

#[tauri::command]
pub async fn list_orders(pool: State<'_, SqlitePool>, shop_id: i64, status: Option<String>) -> AppResult<Vec<OrderRow>> {
    let rows = sqlx::query_as::<_, OrderRow>(
        "select order_no, shop_id, status, currency, amount, paid_at from orders \\
         where shop_id = ? and (? is null or status = ?) order by paid_at desc limit 500",
    )
    .bind(shop_id)
    .bind(&status)
    .bind(&status)
    .fetch_all(pool.inner())
    .await?;
    Ok(rows)
}

#[tauri::command]
pub async fn sync_orders(pool: State<'_, SqlitePool>, shop_id: i64) -> AppResult<u32> {
    let n = crate::db::sync::pull_orders(pool.inner(), shop_id).await?;
    tracing::info!(shop_id, n, "orders synced");
    Ok(n)
}
"""

SHOPS_TXT = """use serde::Serialize;
use sqlx::SqlitePool;
use tauri::State;

use crate::error::AppResult;

#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ShopRow {
    pub id: i64,
    pub platform: String,
    pub name: String,
    pub token_expires_at: Option<String>,
}

#[tauri::command]
pub async fn list_shops(pool: State<'_, SqlitePool>) -> AppResult<Vec<ShopRow>> {
    let rows = sqlx::query_as::<_, ShopRow>("select id, platform, name, token_expires_at from shops order by id")
        .fetch_all(pool.inner())
        .await?;
    Ok(rows)
}
"""

SKU_TXT = """/// 平台 SKU 归一化：去首尾空白、转大写，用来跟本地商品库匹配。
pub fn normalize(raw: &str) -> String {
    raw.trim().to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_uppercases() {
        assert_eq!(normalize("  hn-ts001-blk "), "HN-TS001-BLK");
    }
}
"""

API_INV_TXT = """import { invoke } from '@tauri-apps/api/core'

export interface StockRow {
  sku: string
  warehouse: string
  qty: number
}

export const listStock = (warehouse: string) => invoke<StockRow[]>('list_stock', { warehouse })

export const adjustStock = (sku: string, warehouse: string, delta: number) =>
  invoke<void>('adjust_stock', { sku, warehouse, delta })
"""

API_ORD_TXT = """import { invoke } from '@tauri-apps/api/core'

export interface OrderRow {
  orderNo: string
  shopId: number
  status: string
  currency: string
  amount: number
  paidAt: string
}

export const listOrders = (shopId: number, status?: string) =>
  invoke<OrderRow[]>('list_orders', { shopId, status: status ?? null })

export const syncOrders = (shopId: number) => invoke<number>('sync_orders', { shopId })
"""

API_SHOPS_TXT = """import { invoke } from '@tauri-apps/api/core'

export interface ShopRow {
  id: number
  platform: string
  name: string
  tokenExpiresAt: string | null
}

export const listShops = () => invoke<ShopRow[]>('list_shops')
"""

MONEY_TXT = """export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('zh-CN', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)
}
"""

MONEY_T_TXT = """import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'

describe('formatMoney', () => {
  it('CNY 两位小数', () => {
    expect(formatMoney(1234.5, 'CNY')).toBe('¥1,234.50')
  })
  it('USD', () => {
    expect(formatMoney(19.9, 'USD')).toBe('US$19.90')
  })
})
"""

ORDERS_VUE_TXT = """<script setup lang="ts">
import { computed, onMounted, ref } from 'vue'
import { listOrders, type OrderRow } from '@/api/orders'
import { useShopStore } from '@/stores/shop'
import { formatMoney } from '@/utils/money'

const shop = useShopStore()
const orders = ref<OrderRow[]>([])
const tab = ref<'all' | 'unshipped' | 'shipped'>('all')

const statusOf = { all: undefined, unshipped: 'UNSHIPPED', shipped: 'SHIPPED' } as const

async function load() {
  orders.value = await listOrders(shop.currentId, statusOf[tab.value])
}

const total = computed(() => orders.value.length)
onMounted(load)
</script>

<template>
  <el-tabs v-model="tab" @tab-change="load">
    <el-tab-pane label="全部" name="all" />
    <el-tab-pane label="待发货" name="unshipped" />
    <el-tab-pane label="已发货" name="shipped" />
  </el-tabs>
  <el-table :data="orders" height="calc(100vh - 180px)">
    <el-table-column prop="orderNo" label="订单号" width="200" />
    <el-table-column prop="status" label="状态" width="110" />
    <el-table-column label="金额" width="140">
      <template #default="{ row }">{{ formatMoney(row.amount, row.currency) }}</template>
    </el-table-column>
    <el-table-column prop="paidAt" label="付款时间" />
  </el-table>
  <div class="footer">共 {{ total }} 单</div>
</template>
"""

CONF_TXT = """{
  "$schema": "https://schema.tauri.app/config/2",
  "productName": "海纳ERP",
  "version": "1.4.3",
  "identifier": "com.hainaerp.desk",
  "build": {
    "beforeDevCommand": "pnpm dev",
    "devUrl": "http://localhost:1420",
    "beforeBuildCommand": "pnpm build",
    "frontendDist": "../dist"
  },
  "app": {
    "windows": [
      {
        "title": "海纳ERP",
        "width": 1440,
        "height": 900,
        "minWidth": 1024,
        "minHeight": 640
      }
    ],
    "security": {
      "csp": "default-src 'self'; connect-src 'self' ipc: http://ipc.localhost https://api.hainaerp.com"
    }
  },
  "bundle": {
    "active": true,
    "targets": ["app", "dmg", "msi", "nsis"],
    "createUpdaterArtifacts": true,
    "icon": ["icons/32x32.png", "icons/128x128.png", "icons/icon.icns", "icons/icon.ico"],
    "macOS": {
      "signingIdentity": "Developer ID Application: Shenzhen Haina Cross-border Technology Co., Ltd. (7QK2M4ZP9X)"
    },
    "windows": {
      "wix": { "language": "zh-CN" },
      "nsis": { "languages": ["SimpChinese"], "installMode": "currentUser" }
    }
  },
  "plugins": {
    "updater": {
      "pubkey": "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXk6IEQ0RjNBMkM5ODFFN0I2NTUKUldSVnR1ZUJ5YUx6MUxtVXZQYnFWK2Z2bEJXeW1KbWxYK3pNQ3ZHK1lQb3lMb0d5d3hOT0xvbjkK",
      "endpoints": ["https://dl.hainaerp.com/desk/latest.json"]
    }
  }
}
"""

CAPS_TXT = """{
  "$schema": "../gen/schemas/desktop-schema.json",
  "identifier": "default",
  "description": "main window",
  "windows": ["main"],
  "permissions": [
    "core:default",
    "dialog:allow-open",
    "dialog:allow-message",
    "updater:default"
  ]
}
"""

TOOLCHAIN_TXT = """[toolchain]
channel = "1.89.0"
components = ["clippy", "rustfmt"]
"""

CHANGELOG_TXT = """# Changelog

## 1.4.3 - 2026-09-28

- 修复：TikTok Shop 订单金额在泰铢时少一位小数
- 修复：切换店铺后库存页没刷新

## 1.4.2 - 2026-09-15

- 新增：Lazada 店铺授权
- 优化：订单同步改成增量，按 update_time 游标
"""

RELEASE_YML_TXT = """name: release
on:
  push:
    tags: ['v*']

jobs:
  build:
    strategy:
      fail-fast: false
      matrix:
        include:
          - platform: macos-14
            args: --target universal-apple-darwin
            targets: aarch64-apple-darwin,x86_64-apple-darwin
          - platform: windows-latest
            args: ''
            targets: ''
    runs-on: ${{ matrix.platform }}
    steps:
      - uses: actions/checkout@v4
      - uses: pnpm/action-setup@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20, cache: pnpm }
      - uses: dtolnay/rust-toolchain@master
        with:
          toolchain: 1.89.0
          targets: ${{ matrix.targets }}
      - uses: swatinem/rust-cache@v2
        with: { workspaces: src-tauri }
      - run: pnpm install --frozen-lockfile
      - uses: tauri-apps/tauri-action@v0
        env:
          TAURI_SIGNING_PRIVATE_KEY: ${{ secrets.TAURI_SIGNING_PRIVATE_KEY }}
          TAURI_SIGNING_PRIVATE_KEY_PASSWORD: ${{ secrets.TAURI_SIGNING_PRIVATE_KEY_PASSWORD }}
          APPLE_CERTIFICATE: ${{ secrets.APPLE_CERTIFICATE }}
          APPLE_CERTIFICATE_PASSWORD: ${{ secrets.APPLE_CERTIFICATE_PASSWORD }}
          APPLE_API_KEY: ${{ secrets.APPLE_API_KEY }}
          APPLE_API_ISSUER: ${{ secrets.APPLE_API_ISSUER }}
        with:
          args: ${{ matrix.args }}
  publish:
    needs: build
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: node scripts/upload-oss.mjs ${{ github.ref_name }}
"""

FILES = {
    README: README_TXT, PKG: PKG_TXT, LIB: LIB_TXT, ERR: ERR_TXT, INV: INV_TXT, ORD: ORD_TXT, SHOPS: SHOPS_TXT,
    SKU: SKU_TXT, API_INV: API_INV_TXT, API_ORD: API_ORD_TXT, API_SHOPS: API_SHOPS_TXT, MONEY: MONEY_TXT,
    MONEY_T: MONEY_T_TXT, ORDERS_VUE: ORDERS_VUE_TXT, CONF: CONF_TXT, CAPS: CAPS_TXT, TOOLCHAIN: TOOLCHAIN_TXT,
    CHANGELOG: CHANGELOG_TXT, RELEASE_YML: RELEASE_YML_TXT,
}

CM = "--manifest-path src-tauri/Cargo.toml"


# ------------------------------------------------------------------ output helpers
def cargo_ok(verb, ver, secs, extra=""):
    word = {"check": "Checking", "clippy": "Checking", "test": "Compiling"}[verb]
    prof = "`test` profile [unoptimized + debuginfo]" if verb == "test" else "`dev` profile [unoptimized + debuginfo]"
    return f"""{extra}    {word} haina-desk v{ver} ({R}/src-tauri)
    Finished {prof} target(s) in {secs}"""


def e0599(kind, ty, cmd_path, line, handler_lines, last, n_line, verb_word, ver):
    """Tauri command whose error type is not serializable: E0599 from generate_handler!."""
    ref = f"&impl Future<Output = {ty}>" if kind == "async_kind" else f"&{ty}"
    err_ty = ty.split(", ", 1)[1].rsplit(">", 1)[0]
    tag = "ResultFutureTag" if kind == "async_kind" else "ResultTag"
    return f"""    {verb_word} haina-desk v{ver} ({R}/src-tauri)
error[E0599]: the method `{kind}` exists for reference `{ref}`, but its trait bounds were not satisfied
  --> src/lib.rs:{line}:25
   |
{line} |         .invoke_handler(tauri::generate_handler![
   |  _________________________^
{line + 1} | |             commands::orders::list_orders,
...  |
{n_line} | |             {last},
{n_line + 1} | |         ])
   | |_________^ method cannot be called on `{ref}` due to unsatisfied trait bounds
   |
  ::: {cmd_path}
   |
   = note: the following trait bounds were not satisfied:
           `{err_ty}: Into<InvokeError>`
           which is required by `{ref[1:]}: tauri::ipc::private::{tag}`
   = note: this error originates in the macro `{last.rsplit('::', 1)[0]}::__cmd__{last.rsplit('::', 1)[1]}` which comes from the expansion of the macro `tauri::generate_handler` (in Nightly builds, run with -Z macro-backtrace for more info)

For more information about this error, try `rustc --explain E0599`.
error: could not compile `haina-desk` (lib) due to 1 previous error"""


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


def vite_out(ver, winpath=False):
    r = _rng[0]
    h1 = "".join(r.choice(_B64) for _ in range(8))
    h2 = "".join(r.choice(_B64) for _ in range(8))
    mods = 1440 + r.randint(0, 60)
    css = 352.90 + r.randint(0, 300) / 100
    js = 1286.41 + r.randint(0, 4000) / 100
    secs = 10 + r.randint(0, 400) / 100
    return f"""
> haina-desk@{ver} build {WINP if winpath else R}
> vue-tsc --noEmit && vite build

vite v6.3.5 building for production...
✓ {mods} modules transformed.
dist/index.html                     0.47 kB │ gzip:   0.31 kB
dist/assets/index-{h1}.css    {css:.2f} kB │ gzip:  47.63 kB
dist/assets/index-{h2}.js   {js:,.2f} kB │ gzip: 412.07 kB

(!) Some chunks are larger than 500 kB after minification. Consider:
- Using dynamic import() to code-split the application
- Use build.rollupOptions.output.manualChunks to improve chunking: https://rollupjs.org/configuration-options/#output-manualchunks
- Adjust chunk size limit for this warning via build.chunkSizeWarningLimit.
✓ built in {secs:.2f}s"""


def win_build_head(ver, conf_arg="", pkg=None):
    pkg = pkg or ver
    return f"""
> haina-desk@{pkg} tauri {WINP}
> tauri build{conf_arg}

     Running beforeBuildCommand `pnpm build`
{vite_out(pkg, winpath=True)}
   Compiling haina-desk v{pkg} ({WINP}\\src-tauri)
    Finished `release` profile [optimized] target(s) in {{secs}}
       Built application at: {WINP}\\src-tauri\\target\\release\\haina-desk.exe"""


def msi_fail(ver, what, secs, conf_arg="", pkg=None):
    return (win_build_head(ver, conf_arg, pkg).replace("{secs}", secs) + f"""
        Info Target: x64
       Error failed to bundle project `optional {what} in app version must be numeric-only and cannot be greater than 65535 for msi target`
 ELIFECYCLE  Command failed with exit code 1.""")


def nsis_ok(ver, secs, conf_arg="", pkg=None):
    exe = f"{WINP}\\src-tauri\\target\\release\\bundle\\nsis\\海纳ERP_{ver}_x64-setup.exe"
    return (win_build_head(ver, conf_arg + " --bundles nsis", pkg).replace("{secs}", secs) + f"""
        Info Target: x64
     Running makensis to produce {exe}
    Finished 1 bundle at:
        {exe}

    Finished 1 updater signature at:
        {exe}.sig""")


def e0463(target, crates=("cfg-if", "once_cell")):
    blocks = []
    for c in ("core", "std"):
        blocks.append(f"""error[E0463]: can't find crate for `{c}`
  |
  = note: the `{target}` target may not be installed
  = help: consider downloading the target with `rustup target add {target}`
""")
    return "\n".join(blocks) + f"""
For more information about this error, try `rustc --explain E0463`.
error: could not compile `{crates[0]}` (lib) due to 2 previous errors
warning: build failed, waiting for other jobs to finish...
error: could not compile `{crates[1]}` (lib) due to 2 previous errors"""


def rustup_add(target, toolchain, host="aarch64-apple-darwin", size="27.9 MiB"):
    return f"""info: downloading component 'rust-std' for '{target}'
info: installing component 'rust-std' for '{target}'
 {size} / {size} (100 %)  14.2 MiB/s in  2s"""


# ------------------------------------------------------------------ sessions
def s1(d):
    with d.session("2026-10-12T01:42:00", R, branch="main", version="2.1.201"):
        # T01 tour
        t = d.task("刚把 haina-desk 拉下来，你先带我过一遍结构，rust 那边我不太熟，主要想知道 command 怎么组织的、错误怎么回前端",
                   tags=["noise"])
        t.read(README)
        t.glob("src-tauri/src/**/*.rs", [LIB, ERR, INV, ORD, SHOPS, SKU, P("src-tauri/src/main.rs"),
                                         P("src-tauri/src/commands/mod.rs"), P("src-tauri/src/db/mod.rs"),
                                         P("src-tauri/src/db/sync.rs")])
        t.read(LIB)
        t.read(ERR)
        t.read(INV)
        t.glob("src/api/*.ts", [API_INV, API_ORD, API_SHOPS])
        t.read(API_ORD)
        t.done("""大致是这样：

**Rust（src-tauri）**
- `lib.rs`：`run()` 里建 Builder，注册 dialog / updater 插件，`setup` 里打开 app data 目录下的 SQLite（`db::open`），把 `SqlitePool` 放进 managed state；所有 command 在 `generate_handler![]` 里登记（现在 5 个：orders 2 个、inventory 2 个、shops 1 个）
- `commands/*.rs`：按业务分文件，command 都是 `async fn`，拿 `State<'_, SqlitePool>`，返回 `AppResult<T>`
- `error.rs`：`AppError`（thiserror），`sqlx::Error` / `io::Error` / `reqwest::Error` 都有 `#[from]`，所以里面直接 `?`；手写了 `Serialize`，前端收到的是 `{ code, message }`（DB / IO / HTTP / BIZ）
- 结构体统一 `#[serde(rename_all = "camelCase")]`，日志用 `tracing`

**前端（src）**
- `src/api/*.ts` 是对 `invoke` 的薄封装，参数名用 camelCase（Tauri 会把 `shop_id` 对应成 `shopId`），视图不直接 invoke
- 页面在 `src/views`，状态在 pinia（`stores/shop.ts` 存当前店铺）

新加一个功能基本就是：commands 里写函数 → lib.rs 登记 → api 里加封装 → 页面调用。""")

        # T02 W1 + M1#1 + P1#1
        t = d.task("加个低库存预警：inventory 里加个 command list_low_stock，传 warehouse 和阈值，返回 qty 低于阈值的 sku，前端 api 也封一下。"
                   "rust 里打日志用 tracing 的宏，别用 println",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.read(INV)
        t.edit(INV, """#[tauri::command]
pub async fn adjust_stock(""", """#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LowStockRow {
    pub sku: String,
    pub qty: i64,
    pub safety_qty: i64,
}

#[tauri::command]
pub async fn list_low_stock(
    pool: State<'_, SqlitePool>,
    warehouse: String,
    threshold: Option<i64>,
) -> Result<Vec<LowStockRow>, sqlx::Error> {
    let rows = sqlx::query_as::<_, LowStockRow>(
        "select s.sku, s.qty, coalesce(?, p.safety_qty) as safety_qty from stock s \\
         join products p on p.sku = s.sku \\
         where s.warehouse = ? and s.qty < coalesce(?, p.safety_qty) order by s.qty",
    )
    .bind(threshold)
    .bind(&warehouse)
    .bind(threshold)
    .fetch_all(pool.inner())
    .await?;
    tracing::debug!(%warehouse, n = rows.len(), "low stock rows");
    Ok(rows)
}

#[tauri::command]
pub async fn adjust_stock(""")
        t.edit(LIB, """            commands::inventory::adjust_stock,
            commands::shops::list_shops,
        ])""", """            commands::inventory::adjust_stock,
            commands::inventory::list_low_stock,
            commands::shops::list_shops,
        ])""")
        t.read(API_INV)
        t.edit(API_INV, """export const adjustStock""", """export interface LowStockRow {
  sku: string
  qty: number
  safetyQty: number
}

export const listLowStock = (warehouse: string, threshold?: number) =>
  invoke<LowStockRow[]>('list_low_stock', { warehouse, threshold: threshold ?? null })

export const adjustStock""")
        t.fail(f"cargo check {CM}", "cargo check",
               e0599("async_kind", "Result<Vec<LowStockRow>, sqlx::Error>", "src/commands/inventory.rs:26:1",
                     24, None, "commands::inventory::list_low_stock", 29, "Checking", "1.4.3"), code=101)
        t.say("`list_low_stock` 直接返回了 `sqlx::Error`，它没实现 `Serialize`，进不了 IPC。仓库约定是 `AppResult<T>`，改一下返回类型：")
        t.edit(INV, """) -> Result<Vec<LowStockRow>, sqlx::Error> {""", """) -> AppResult<Vec<LowStockRow>> {""")
        t.bash(f"cargo check {CM}", "cargo check", out="", err=cargo_ok("check", "1.4.3", "6.84s"))
        t.bash(f"cargo clippy {CM} --all-targets -- -D warnings", "clippy",
               err=cargo_ok("clippy", "1.4.3", "9.12s"))
        t.bash("pnpm vitest run", "前端单测", out=f"""
 RUN  v3.2.4 {R}

 ✓ src/utils/money.test.ts (2 tests) 6ms
 ✓ src/stores/shop.test.ts (4 tests) 11ms
 ✓ src/api/orders.test.ts (3 tests) 9ms

 Test Files  3 passed (3)
      Tests  9 passed (9)
   Start at  10:14:52
   Duration  1.21s (transform 212ms, setup 0ms, collect 498ms, tests 26ms, environment 1ms, prepare 341ms)""")
        t.done("""加好了：
- `commands/inventory.rs`：`list_low_stock(warehouse, threshold?)`，不传阈值就用商品表的 `safety_qty`；日志用 `tracing::debug!`
- `lib.rs` 登记；`src/api/inventory.ts` 加了 `listLowStock` 和 `LowStockRow`
- 一开始返回类型写成了 `Result<_, sqlx::Error>`，`generate_handler!` 报 E0599（错误类型不能序列化），已改成 `AppResult<Vec<LowStockRow>>`
- cargo check / clippy（-D warnings）/ vitest 都过了""")

        # T03 no tools
        t = d.task("问下 tauri::async_runtime::spawn 和直接 tokio::spawn 在 tauri 里有区别吗，我看 setup 里用的 block_on", tags=["no_tools"])
        t.done("""有区别，但不大：
- `tauri::async_runtime` 就是 Tauri 自己持有的那个 tokio 多线程 runtime 的包装。`tauri::async_runtime::spawn` 任何地方都能调，包括 `setup` 这种还不在 runtime 上下文里的同步闭包
- 直接 `tokio::spawn` 要求当前线程已经在 tokio runtime 里（async command 里没问题），在 `setup`、菜单回调这类同步上下文里调会 panic：`there is no reactor running`
- `setup` 里用 `block_on` 是因为要等连接池建好再 `manage`，后面的 command 才能拿到 State

所以：async command 里两者都行；同步回调里一律用 `tauri::async_runtime::spawn`。别自己再建一个 runtime。""")

        # T04 O1
        t = d.task("日元和韩元的金额显示不对，不应该有小数。money.ts 修一下，顺便补测试", tags=["oneoff:O1"])
        t.read(MONEY)
        t.read(MONEY_T)
        t.edit(MONEY_T, """  it('USD', () => {
    expect(formatMoney(19.9, 'USD')).toBe('US$19.90')
  })""", """  it('USD', () => {
    expect(formatMoney(19.9, 'USD')).toBe('US$19.90')
  })
  it('JPY / KRW 没有小数', () => {
    expect(formatMoney(1200, 'JPY')).toBe('JP¥1,200')
    expect(formatMoney(35000, 'KRW')).toBe('₩35,000')
  })""")
        t.fail("pnpm vitest run src/utils/money.test.ts", "跑 money 测试", f"""
 RUN  v3.2.4 {R}

 ❯ src/utils/money.test.ts (3 tests | 1 failed) 9ms
   ✓ formatMoney > CNY 两位小数 2ms
   ✓ formatMoney > USD 1ms
   × formatMoney > JPY / KRW 没有小数 5ms
     → expected 'JP¥1,200.00' to be 'JP¥1,200' // Object.is equality

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  src/utils/money.test.ts > formatMoney > JPY / KRW 没有小数
AssertionError: expected 'JP¥1,200.00' to be 'JP¥1,200' // Object.is equality

Expected: "JP¥1,200"
Received: "JP¥1,200.00"

 ❯ src/utils/money.test.ts:13:40
     11|   }})
     12|   it('JPY / KRW 没有小数', () => {{
     13|     expect(formatMoney(1200, 'JPY')).toBe('JP¥1,200')
       |                                        ^
     14|     expect(formatMoney(35000, 'KRW')).toBe('₩35,000')
     15|   }})

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 Test Files  1 failed (1)
      Tests  1 failed | 2 passed (3)
   Start at  11:02:17
   Duration  412ms (transform 38ms, setup 0ms, collect 31ms, tests 9ms, environment 0ms, prepare 88ms)""")
        t.say("写死的 `minimumFractionDigits: 2` 把币种自己的小数位盖掉了。去掉硬编码，让 Intl 按币种默认（JPY/KRW 0 位，其它 2 位）：")
        t.edit(MONEY, """    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)""", """    currency,
  }).format(amount)""")
        t.bash("pnpm vitest run src/utils/money.test.ts", "再跑 money 测试", out=f"""
 RUN  v3.2.4 {R}

 ✓ src/utils/money.test.ts (3 tests) 5ms

 Test Files  1 passed (1)
      Tests  3 passed (3)
   Start at  11:03:40
   Duration  398ms (transform 35ms, setup 0ms, collect 29ms, tests 5ms, environment 0ms, prepare 90ms)""")
        t.done("修了：`formatMoney` 不再写死两位小数，交给 `Intl.NumberFormat` 按 ISO 4217 的币种精度（JPY / KRW 0 位，CNY / USD / THB 2 位）。补了 JPY / KRW 的用例，money 测试 3 个全过。")


def s2(d):
    with d.session("2026-10-14T02:05:00", R, branch="feat/sync-failed-tab", version="2.1.203"):
        # T05 P2 + P3
        t = d.task("订单页加个“同步失败”的 tab，status=SYNC_FAILED 的单子，行上给个重试按钮调 sync_orders。组件照旧 script setup 写。"
                   "文案直接硬编码中文就行，先别搞 i18n",
                   tags=["pref:P2", "pref:P3"])
        t.read(ORDERS_VUE)
        t.edit(ORDERS_VUE, """const tab = ref<'all' | 'unshipped' | 'shipped'>('all')

const statusOf = { all: undefined, unshipped: 'UNSHIPPED', shipped: 'SHIPPED' } as const""",
               """const tab = ref<'all' | 'unshipped' | 'shipped' | 'failed'>('all')
const retrying = ref(false)

const statusOf = { all: undefined, unshipped: 'UNSHIPPED', shipped: 'SHIPPED', failed: 'SYNC_FAILED' } as const

async function retrySync() {
  retrying.value = true
  try {
    const n = await syncOrders(shop.currentId)
    ElMessage.success(`重新同步完成，更新 ${n} 单`)
    await load()
  } finally {
    retrying.value = false
  }
}""")
        t.edit(ORDERS_VUE, """import { listOrders, type OrderRow } from '@/api/orders'""",
               """import { ElMessage } from 'element-plus'
import { listOrders, syncOrders, type OrderRow } from '@/api/orders'""")
        t.edit(ORDERS_VUE, """    <el-tab-pane label="已发货" name="shipped" />
  </el-tabs>""", """    <el-tab-pane label="已发货" name="shipped" />
    <el-tab-pane label="同步失败" name="failed" />
  </el-tabs>
  <el-button v-if="tab === 'failed'" type="primary" :loading="retrying" @click="retrySync">重新同步</el-button>""")
        t.bash("pnpm lint && pnpm typecheck", "eslint + vue-tsc", out=f"""
> haina-desk@1.4.3 lint {R}
> eslint .


> haina-desk@1.4.3 typecheck {R}
> vue-tsc --noEmit
""")
        t.done("加了“同步失败”tab（`SYNC_FAILED`），选中时顶部出“重新同步”按钮，调 `syncOrders(当前店铺)`，完成后提示更新条数并刷新列表。`<script setup lang=\"ts\">`，文案直接写中文。lint / typecheck 通过。"
               "\n\n注：`sync_orders` 是按店铺整体增量同步，不是单条重试；要单条重试得后端加接口。")

        # T06 M2#1
        t = d.task("运营那边要个 windows 测试包试新功能，版本号我已经改成 1.5.0-beta.1 推上去了，去 win-build01 打一个", tags=["mistake:M2"])
        cmd = f"ssh win-build01 'cd {WIN} && git pull -q && pnpm tauri build'"
        t.fail(cmd, "在 win-build01 上打 Windows 包", msi_fail("1.5.0-beta.1", "pre-release identifier", "3m 07s"))
        t.say("MSI（WiX）的版本号只能是纯数字，`-beta.1` 这种预发布标识过不了，这是 msi 目标的限制，不是代码问题。"
              "测试包不需要 msi，只出 NSIS 安装包：")
        t.bash(f"ssh win-build01 'cd {WIN} && pnpm tauri build --bundles nsis'", "只打 NSIS 包",
               out=nsis_ok("1.5.0-beta.1", "41.26s"))
        t.bash(f"ssh win-build01 'ls -l {WIN}/src-tauri/target/release/bundle/nsis/'", "看产物", out="""total 17628
-rw-r--r-- 1 build 197121 18043392 Oct 14 10:51 海纳ERP_1.5.0-beta.1_x64-setup.exe
-rw-r--r-- 1 build 197121      420 Oct 14 10:51 海纳ERP_1.5.0-beta.1_x64-setup.exe.sig""")
        t.done(f"""测试包好了：`{WINP}\\src-tauri\\target\\release\\bundle\\nsis\\海纳ERP_1.5.0-beta.1_x64-setup.exe`（17.2 MB，带 updater 签名）。

默认 `pnpm tauri build` 会同时出 msi，而 MSI 版本号不允许 `-beta.1` 这种非数字预发布标识，所以第一次失败了；测试包用 `--bundles nsis` 只出 NSIS 就行。正式版（纯数字版本）照常出 msi。""")

        # T07 F1 flaky
        t = d.task("tauri-plugin-updater 升到 2.9 了，Cargo.toml 我改了，你拉下依赖看能不能编过", tags=["flaky:F1"])
        t.fail(f"cargo fetch {CM}", "拉依赖", """    Updating `rsproxy-sparse` index
 Downloading crates ...
  Downloaded minisign-verify v0.2.4
  Downloaded zip v4.6.1
error: failed to download from `https://rsproxy.cn/api/v1/crates/tauri-plugin-updater/2.9.0/download`

Caused by:
  [28] Timeout was reached (download of `tauri-plugin-updater v2.9.0` failed to transfer more than 10 bytes in 30s)""", code=101)
        t.say("rsproxy 下载超时，网络抖了一下，原样再拉一次：")
        t.bash(f"cargo fetch {CM}", "拉依赖", err="""    Updating `rsproxy-sparse` index
 Downloading crates ...
  Downloaded tauri-plugin-updater v2.9.0""")
        t.bash(f"cargo check {CM}", "cargo check", err=cargo_ok("check", "1.5.0-beta.1", "38.40s",
               extra="   Compiling tauri-plugin-updater v2.9.0\n"))
        t.done("依赖拉下来了（第一次 rsproxy 下载超时，重试就好了），`cargo check` 通过，updater 2.9.0 没有破坏性改动影响到我们这边。")


def s3(d):
    with d.session("2026-10-16T01:50:00", R, branch="main", version="2.1.204"):
        # T08 webfetch
        t = d.task("updater 那个 latest.json 的格式再确认下，windows 能不能 msi 和 nsis 都放进去让它自己选", tags=["webfetch", "noise"])
        t.webfetch("https://v2.tauri.app/plugin/updater/", "latest.json 静态文件格式，platforms 的 key 怎么写，windows 同时有 msi 和 nsis 怎么办",
                   """## Static JSON File

The static JSON file must have the following structure:

```json
{
  "version": "",
  "notes": "",
  "pub_date": "",
  "platforms": {
    "linux-x86_64": { "signature": "", "url": "" },
    "windows-x86_64": { "signature": "", "url": "" },
    "darwin-x86_64": { "signature": "", "url": "" }
  }
}
```

- version: must be a valid SemVer, with or without a leading v.
- notes: notes about the update.
- pub_date: the date must be formatted according to RFC 3339 if present.
- platforms: each platform key is in the OS-ARCH format, where OS is one of linux, darwin or windows, and ARCH is one of x86_64, aarch64, i686 or armv7.
- signature: the content of the generated .sig file, which may change with each build. A path or URL does not work!

When using custom targets the provided target string is matched against the platforms key. You can also specify installer-specific keys in the OS-ARCH-INSTALLER format, for example windows-x86_64-nsis or windows-x86_64-msi; the updater checks the installer-specific key first and falls back to OS-ARCH.

Note that Tauri will validate the whole file before checking the version field, so make sure all existing platform configurations are valid and complete.""")
        t.done("""可以。`platforms` 的 key 除了 `windows-x86_64` 这种 OS-ARCH，还支持带安装器后缀的 `windows-x86_64-msi` / `windows-x86_64-nsis`，updater 先找和当前安装方式对应的那个，找不到再回退到 `windows-x86_64`。所以两个都放：
```json
"windows-x86_64-msi":  { "signature": "<msi.sig 的内容>", "url": ".../海纳ERP_1.5.0_x64_zh-CN.msi" },
"windows-x86_64-nsis": { "signature": "<setup.exe.sig 的内容>", "url": ".../海纳ERP_1.5.0_x64-setup.exe" }
```
注意两点：`signature` 要放 .sig 文件的内容，不能放路径；整个文件会先整体校验，任何一个平台条目不完整都会导致所有人检查更新失败。`darwin-aarch64` / `darwin-x86_64` 都指向 universal 的 `.app.tar.gz` 即可。""")

        # T09 M3#1 + long output
        t = d.task("rust-toolchain 昨天升到 1.90 了，打个 universal 的 dmg 我发给市场部的小周，她还是 intel 的 mac",
                   tags=["mistake:M3", "long_output"])
        t.read(TOOLCHAIN)
        cmd = "pnpm tauri build --target universal-apple-darwin"
        head = f"""
> haina-desk@1.5.0-beta.1 tauri {R}
> tauri build --target universal-apple-darwin

     Running beforeBuildCommand `pnpm build`
{vite_out("1.5.0-beta.1")}
   Compiling haina-desk v1.5.0-beta.1 ({R}/src-tauri)
    Finished `release` profile [optimized] target(s) in 2m 18s
   Compiling proc-macro2 v1.0.101
   Compiling unicode-ident v1.0.19
   Compiling libc v0.2.176
   Compiling cfg-if v1.0.3
   Compiling once_cell v1.21.3"""
        t.fail(cmd, "打 universal 包", head + "\n" + e0463("x86_64-apple-darwin") + """
       Error failed to build x86_64-apple-darwin binary: failed to build app
 ELIFECYCLE  Command failed with exit code 1.""")
        t.say("aarch64 那半编过了，x86_64 那半找不到 `core`：1.90.0 这个新 toolchain 上还没装 `x86_64-apple-darwin` 的标准库（toolchain 文件里没列 targets，升级后要自己补）。装上再打：")
        t.bash("cd src-tauri && rustup target add x86_64-apple-darwin", "给 1.90.0 装 x86_64 target",
               err=rustup_add("x86_64-apple-darwin", "1.90.0"))
        t.bash(cmd, "再打 universal 包", out=head.replace("Compiling once_cell v1.21.3", "Compiling once_cell v1.21.3\n   ...\n   Compiling haina-desk v1.5.0-beta.1 (" + R + "/src-tauri)\n    Finished `release` profile [optimized] target(s) in 2m 31s") + f"""
        Info Patching binary "{R}/src-tauri/target/universal-apple-darwin/release/haina-desk" for type app
    Bundling 海纳ERP.app ({R}/src-tauri/target/universal-apple-darwin/release/bundle/macos/海纳ERP.app)
        Info Signing with identity "Developer ID Application: Shenzhen Haina Cross-border Technology Co., Ltd. (7QK2M4ZP9X)"
        Info Signing app bundle...
    Bundling 海纳ERP_1.5.0-beta.1_universal.dmg ({R}/src-tauri/target/universal-apple-darwin/release/bundle/dmg/海纳ERP_1.5.0-beta.1_universal.dmg)
     Running bundle_dmg.sh
        Info Signing with identity "Developer ID Application: Shenzhen Haina Cross-border Technology Co., Ltd. (7QK2M4ZP9X)"
    Finished 2 bundles at:
        {R}/src-tauri/target/universal-apple-darwin/release/bundle/macos/海纳ERP.app
        {R}/src-tauri/target/universal-apple-darwin/release/bundle/dmg/海纳ERP_1.5.0-beta.1_universal.dmg

    Finished 1 updater signature at:
        {R}/src-tauri/target/universal-apple-darwin/release/bundle/macos/海纳ERP.app.tar.gz.sig""")
        t.done(f"""dmg 好了：`src-tauri/target/universal-apple-darwin/release/bundle/dmg/海纳ERP_1.5.0-beta.1_universal.dmg`，intel 和 M 系列都能装，已签名。

第一次失败是因为 toolchain 升到 1.90.0 后这个新 toolchain 上没有 `x86_64-apple-darwin` 的 rust-std（E0463 can't find crate for `core`），`rustup target add x86_64-apple-darwin` 装上后重打就过了。

注意这个包没做公证，小周第一次打开要右键 → 打开。""")

        # T10 W2#1
        t = d.task("订单要加个备注字段 remark，客服要在桌面端自己写备注。先加 migration，带 down", tags=["workflow:W2"])
        t.bash("sqlx migrate add -r add_order_remark --source src-tauri/migrations", "新建 migration", out=f"""Creating src-tauri/migrations/20261016021503_add_order_remark.up.sql
Creating src-tauri/migrations/20261016021503_add_order_remark.down.sql""")
        d.files[MIG1_UP] = "-- Add up migration script here\n"
        d.files[MIG1_DOWN] = "-- Add down migration script here\n"
        t.read(MIG1_UP)
        t.write(MIG1_UP, "alter table orders add column remark text not null default '';\n")
        t.read(MIG1_DOWN)
        t.write(MIG1_DOWN, "alter table orders drop column remark;\n")
        t.bash(f"cargo test {CM} db::", "跑 db 测试（内存库上跑全部 migration）", err=cargo_ok("test", "1.5.0-beta.1", "21.77s") + """
     Running unittests src/lib.rs (src-tauri/target/debug/deps/haina_desk_lib-3f0c2a9b6e81d4c7)""", out="""
running 4 tests
test db::tests::migrations_apply_cleanly ... ok
test db::tests::migrations_revert_cleanly ... ok
test db::sync::tests::upsert_keeps_local_remark ... ok
test db::sync::tests::cursor_advances ... ok

test result: ok. 4 passed; 0 failed; 0 ignored; 0 measured; 14 filtered out; finished in 0.31s""")
        t.done("migration 加好了：`20261016021503_add_order_remark`，up 加 `remark text not null default ''`，down 删列（SQLite 3.35+ 支持 drop column，Tauri 用的 bundled sqlite 是 3.46）。db 测试 4 个全过，含 up/down 都能跑通。")

        # T11 no tools
        t = d.task("serde 的 rename_all camelCase 跟 tauri 自动把参数转 camelCase 是两回事吧？我老搞混", tags=["no_tools"])
        t.done("""是两回事：
- **command 参数**：`#[tauri::command]` 宏默认把 Rust 的 snake_case 参数名对应到 JS 侧的 camelCase key，`shop_id: i64` 前端要传 `{ shopId }`。想保持 snake_case 可以写 `#[tauri::command(rename_all = "snake_case")]`
- **返回值 / 结构体字段**：就是普通 serde 序列化，字段名怎么出去由 `#[serde(rename_all = "camelCase")]` 决定，不加就是 `order_no`
- 参数是结构体时，结构体内部字段同样看 serde 的 `rename_all`，跟宏无关

我们仓库两边都统一成 camelCase，所以 api 层看起来一致。""")


def s4(d):
    with d.session("2026-10-20T06:10:00", R, branch="feat/export-csv", version="2.1.206", permission_mode="acceptEdits"):
        # T12 W1 + M1#2 + P1#2
        t = d.task("订单导出 csv：加个 export_orders_csv，导出当前列表里的订单，路径前端用 dialog save 选。写文件失败要有日志，"
                   "eprintln 这种也别用哈，一律走 tracing", tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.read(ORD)
        t.edit(ORD, """#[derive(Debug, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {""", """#[derive(Debug, Serialize, serde::Deserialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {""")
        t.edit(ORD, """#[tauri::command]
pub async fn sync_orders(""", """#[tauri::command]
pub fn export_orders_csv(rows: Vec<OrderRow>, path: std::path::PathBuf) -> Result<std::path::PathBuf, std::io::Error> {
    use std::io::Write;
    let mut f = std::fs::File::create(&path).inspect_err(|e| tracing::error!(?path, %e, "create csv failed"))?;
    f.write_all("\\u{feff}订单号,店铺,状态,币种,金额,付款时间\\n".as_bytes())?;
    for r in &rows {
        writeln!(f, "{},{},{},{},{:.2},{}", r.order_no, r.shop_id, r.status, r.currency, r.amount, r.paid_at)?;
    }
    tracing::info!(?path, n = rows.len(), "orders exported");
    Ok(path)
}

#[tauri::command]
pub async fn sync_orders(""")
        t.read(LIB)
        t.edit(LIB, """            commands::orders::sync_orders,""", """            commands::orders::sync_orders,
            commands::orders::export_orders_csv,""")
        t.read(CAPS)
        t.edit(CAPS, """    "dialog:allow-open",""", """    "dialog:allow-open",
    "dialog:allow-save",""")
        t.read(API_ORD)
        t.edit(API_ORD, """export const syncOrders""", """export const exportOrdersCsv = (rows: OrderRow[], path: string) =>
  invoke<string>('export_orders_csv', { rows, path })

export const syncOrders""")
        t.fail(f"cargo clippy {CM} --all-targets -- -D warnings", "clippy",
               e0599("blocking_kind", "Result<std::path::PathBuf, std::io::Error>", "src/commands/orders.rs:44:1",
                     24, None, "commands::orders::export_orders_csv", 27, "Checking", "1.5.0-beta.1"), code=101)
        t.say("又是错误类型不能序列化：`std::io::Error` 不进 IPC。改成 `AppResult`，`io::Error` 本来就有 `#[from]`：")
        t.edit(ORD, """-> Result<std::path::PathBuf, std::io::Error> {""", """-> AppResult<std::path::PathBuf> {""")
        t.bash(f"cargo clippy {CM} --all-targets -- -D warnings", "clippy", err=cargo_ok("clippy", "1.5.0-beta.1", "7.95s"))
        t.bash("pnpm vitest run", "前端单测", out=f"""
 RUN  v3.2.4 {R}

 ✓ src/utils/money.test.ts (3 tests) 5ms
 ✓ src/stores/shop.test.ts (4 tests) 12ms
 ✓ src/api/orders.test.ts (3 tests) 8ms

 Test Files  3 passed (3)
      Tests  10 passed (10)
   Start at  14:31:06
   Duration  1.18s (transform 207ms, setup 0ms, collect 471ms, tests 25ms, environment 1ms, prepare 330ms)""")
        t.done("""导出加好了：
- `export_orders_csv(rows, path)`：同步 command，直接吃前端当前列表（`OrderRow` 加了 `Deserialize`），写 UTF-8 BOM（Excel 直接打开不乱码），失败用 `tracing::error!` 带 path 记日志，成功 `tracing::info!`
- `lib.rs` 登记；capabilities 加了 `dialog:allow-save`；`src/api/orders.ts` 加 `exportOrdersCsv`
- 返回类型一开始写成 `Result<PathBuf, std::io::Error>`，E0599，改成 `AppResult<PathBuf>` 后 clippy / vitest 都过

前端按钮还没加：调用方式是先 `save({ defaultPath: 'orders.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] })` 拿路径再调。""")

        # T13 O2
        t = d.task("sku 匹配有问题，Shopee 那边有卖家填的全角字符，ＨＮ－ＴＳ００１ 这种匹配不上本地商品。normalize 处理下全角", tags=["oneoff:O2"])
        t.read(SKU)
        t.edit(SKU, """        assert_eq!(normalize("  hn-ts001-blk "), "HN-TS001-BLK");
    }""", """        assert_eq!(normalize("  hn-ts001-blk "), "HN-TS001-BLK");
    }

    #[test]
    fn full_width_to_half_width() {
        assert_eq!(normalize("ＨＮ－ＴＳ００１－ｂｌｋ"), "HN-TS001-BLK");
        assert_eq!(normalize("hn-ts001\\u{3000}"), "HN-TS001");
    }""")
        t.edit(SKU, """pub fn normalize(raw: &str) -> String {
    raw.trim().to_uppercase()
}""", """pub fn normalize(raw: &str) -> String {
    raw.chars()
        .map(|c| match c {
            '\\u{FF01}'..='\\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect::<String>()
        .trim()
        .to_uppercase()
}""")
        t.fail(f"cargo test {CM} sku::", "跑 sku 测试", f"""   Compiling haina-desk v1.5.0-beta.1 ({R}/src-tauri)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 12.06s
     Running unittests src/lib.rs (src-tauri/target/debug/deps/haina_desk_lib-3f0c2a9b6e81d4c7)

running 2 tests
test sku::tests::trims_and_uppercases ... ok
test sku::tests::full_width_to_half_width ... FAILED

failures:

---- sku::tests::full_width_to_half_width stdout ----

thread 'sku::tests::full_width_to_half_width' panicked at src/sku.rs:26:9:
assertion `left == right` failed
  left: "HN-TS001\\u{3000}"
 right: "HN-TS001"
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    sku::tests::full_width_to_half_width

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 17 filtered out; finished in 0.00s

error: test failed, to rerun pass `--lib`""", code=101)
        t.say("全角空格 U+3000 不在 FF01–FF5E 区间里，没被转换；`str::trim` 只去掉 ASCII 和常见 Unicode 空白，这里结果里还留着它。把 U+3000 单独映射成普通空格：")
        t.edit(SKU, """            '\\u{FF01}'..='\\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,""", """            '\\u{FF01}'..='\\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\\u{3000}' => ' ',
            _ => c,""")
        t.bash(f"cargo test {CM} sku::", "跑 sku 测试", err=f"""   Compiling haina-desk v1.5.0-beta.1 ({R}/src-tauri)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 11.48s
     Running unittests src/lib.rs (src-tauri/target/debug/deps/haina_desk_lib-3f0c2a9b6e81d4c7)""", out="""
running 2 tests
test sku::tests::full_width_to_half_width ... ok
test sku::tests::trims_and_uppercases ... ok

test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 17 filtered out; finished in 0.00s""")
        t.done("`sku::normalize` 现在先把全角 ASCII（U+FF01–FF5E）转半角、全角空格转普通空格，再 trim + 大写。加了全角用例，sku 测试 2 个都过。已有的商品映射不用重跑，下次同步时会按新规则匹配。")

        # T14 small edit
        t = d.task("窗口最小尺寸改成 1280x800，仓库那边的小屏笔记本表格挤得看不了", tags=["noise"])
        t.read(CONF)
        t.edit(CONF, """        "minWidth": 1024,
        "minHeight": 640""", """        "minWidth": 1280,
        "minHeight": 800""")
        t.done("`tauri.conf.json` 里主窗口 `minWidth` / `minHeight` 改成 1280 × 800 了，下次 `pnpm tauri dev` 生效。注意 1366×768 的屏幕高度不够 800，窗口会超出屏幕，如果仓库有这种机器可以把高度降到 720。")

        # T15 U2
        t = d.task("cargo audit 跑一下，客户那边安全审查要报告", tags=["unfixed:U2"])
        t.fail("cd src-tauri && cargo audit", "cargo audit", """    Fetching advisory database from `https://github.com/RustSec/advisory-db.git`
      Loaded 812 security advisories (from /Users/linxf/.cargo/advisory-db)
    Updating crates.io index
    Scanning Cargo.lock for vulnerabilities (583 crate dependencies)
Crate:     rsa
Version:   0.9.8
Title:     Marvin Attack: potential key recovery through timing sidechannels
Date:      2023-11-22
ID:        RUSTSEC-2023-0071
URL:       https://rustsec.org/advisories/RUSTSEC-2023-0071
Severity:  5.9 (medium)
Solution:  No fixed upgrade is available!
Dependency tree:
rsa 0.9.8
└── sqlx-mysql 0.8.6
    └── sqlx-macros-core 0.8.6
        └── sqlx-macros 0.8.6
            └── sqlx 0.8.6
                └── haina-desk 1.5.0-beta.1

Crate:     glib
Version:   0.18.5
Warning:   unsound
Title:     Unsoundness in `Iterator` and `DoubleEndedIterator` impls for `glib::VariantStrIter`
Date:      2024-03-30
ID:        RUSTSEC-2024-0429
URL:       https://rustsec.org/advisories/RUSTSEC-2024-0429

error: 1 vulnerability found!
warning: 1 allowed warning found""")
        t.bash("cd src-tauri && cargo tree -i sqlx-mysql -e normal", "看 sqlx-mysql 是不是真的编进去了",
               out="", err="warning: nothing to print.\n\nTo find dependencies that require specific target platforms, try to use option `--target all` first, and then narrow your search scope accordingly.")
        t.done("""`cargo audit` 报了 1 个漏洞，目前修不了：
- **RUSTSEC-2023-0071**（`rsa` 0.9.8，Marvin 时序侧信道，中危），官方写明 *No fixed upgrade is available*
- 它来自 `sqlx-mysql`，但我们只开了 sqlite feature：`cargo tree -i sqlx-mysql -e normal` 是空的，说明 sqlx-mysql 只是因为 sqlx-macros 的依赖解析进了 Cargo.lock，**没有编进程序**，我们也没有 RSA 相关代码路径。这是 sqlx 0.8 的已知情况，上游还没解决
- 另外一个 glib 的 unsound 警告只影响 Linux 构建，我们不出 Linux 包

报告里可以这样写：该告警对应依赖未编入发布产物，不受影响，等 sqlx 上游移除后复查。我没动依赖，也没加 audit 忽略配置——要不要在 `audit.toml` 里记一条忽略，等你和客户确认。""")


def s5(d):
    with d.session("2026-10-22T01:35:00", R, branch="main", version="2.1.208"):
        # T16 M2#2
        t = d.task("rc1 版本号推了，win 上在出个包给仓库的刘姐她们试", tags=["mistake:M2"])
        cmd = f"ssh win-build01 'cd {WIN} && git pull -q && pnpm tauri build'"
        t.fail(cmd, "在 win-build01 打 rc1", msi_fail("1.5.0-rc.1", "pre-release identifier", "2m 52s"))
        t.say("还是 msi 不接受 `-rc.1` 这种预发布版本号。测试包只出 NSIS：")
        t.bash(f"ssh win-build01 'cd {WIN} && pnpm tauri build --bundles nsis'", "只打 NSIS 包",
               out=nsis_ok("1.5.0-rc.1", "39.84s"))
        t.done(f"rc1 的 Windows 包：`{WINP}\\src-tauri\\target\\release\\bundle\\nsis\\海纳ERP_1.5.0-rc.1_x64-setup.exe`。msi 那步又因为 `-rc.1` 非数字失败，所以只出了 NSIS，仓库装这个就行；之前装过 beta 的会直接覆盖升级。")

        # T17 grep
        t = d.task("看下还有哪些地方直接invoke 没走 src/api 封装的", tags=["noise"])
        t.grep("invoke\\(", path=P("src"), output_mode="content", n=True, content=f"""{P("src/api/inventory.ts")}:9:export const listStock = (warehouse: string) => invoke<StockRow[]>('list_stock', {{ warehouse }})
{P("src/api/inventory.ts")}:18:  invoke<LowStockRow[]>('list_low_stock', {{ warehouse, threshold: threshold ?? null }})
{P("src/api/inventory.ts")}:21:  invoke<void>('adjust_stock', {{ sku, warehouse, delta }})
{P("src/api/orders.ts")}:13:  invoke<OrderRow[]>('list_orders', {{ shopId, status: status ?? null }})
{P("src/api/orders.ts")}:16:  invoke<string>('export_orders_csv', {{ rows, path }})
{P("src/api/orders.ts")}:18:export const syncOrders = (shopId: number) => invoke<number>('sync_orders', {{ shopId }})
{P("src/api/shops.ts")}:10:export const listShops = () => invoke<ShopRow[]>('list_shops')
{P("src/views/SettingsView.vue")}:41:  const v = await invoke<string>('plugin:app|version')
{P("src/components/ShopSwitcher.vue")}:27:    await invoke('list_shops')""")
        t.done("""两处绕过了封装：
- `src/views/SettingsView.vue:41`：`invoke('plugin:app|version')` 取版本号 —— 直接换成 `@tauri-apps/api/app` 的 `getVersion()` 就行
- `src/components/ShopSwitcher.vue:27`：`invoke('list_shops')` 而且没用返回值，看着像是刷新店铺列表，应该改成 `listShops()` 然后写进 store

其它都在 `src/api/*.ts` 里。要我顺手改掉吗？""")

        d.precompact("""- 仓库 haina-desk（海纳ERP 桌面端，Tauri 2 + Vue 3 + TS，pnpm），Rust 在 src-tauri（sqlx SQLite、tracing、AppError/AppResult 约定）
- 已做：list_low_stock、export_orders_csv（AppResult，tracing 日志）、订单同步失败 tab、金额按币种精度、sku 全角归一化、remark migration
- Windows 包在 win-build01（ssh，Git Bash，/d/work/haina-desk）上打；测试版本号带 -beta/-rc 时只出 NSIS（--bundles nsis）
- 用户偏好：Rust 日志走 tracing 不用 println/eprintln；组件 script setup；界面文案目前直接硬编码中文
- 当前：准备发 1.5.0 正式版""")

        # T18 W3#1 + F2 + long output
        t = d.task("1.5.0 正式发了吧，版本号改一下，changelog 写上这两周的东西，打 tag 推上去，看下 CI 起没起来", tags=["workflow:W3", "flaky:F2", "long_output"])
        t.bash("git log v1.4.3..HEAD --oneline", "看 1.4.3 以来的提交", out=f"""{ch("fix sku")} fix(sku): 全角字符归一化
{ch("win size")} chore: 主窗口最小尺寸 1280x800
{ch("export")} feat(orders): 订单导出 CSV
{ch("rc1")} chore: 1.5.0-rc.1
{ch("remark")} feat(db): 订单备注字段
{ch("updater29")} chore(deps): tauri-plugin-updater 2.9
{ch("beta1")} chore: 1.5.0-beta.1
{ch("failtab")} feat(orders): 同步失败 tab + 重新同步
{ch("money")} fix(money): 金额按币种精度显示
{ch("lowstock")} feat(inventory): 低库存预警 list_low_stock""")
        t.bash("node scripts/bump-version.mjs 1.5.0", "改版本号", out="""package.json: 1.5.0-rc.1 -> 1.5.0
src-tauri/Cargo.toml: 1.5.0-rc.1 -> 1.5.0
src-tauri/tauri.conf.json: 1.5.0-rc.1 -> 1.5.0""")
        t.read(CHANGELOG)
        t.edit(CHANGELOG, """# Changelog
""", """# Changelog

## 1.5.0 - 2026-10-22

- 新增：低库存预警（按仓库，默认用商品安全库存）
- 新增：订单“同步失败”筛选和一键重新同步
- 新增：订单导出 CSV（Excel 直接打开不乱码）
- 新增：订单备注字段
- 修复：日元、韩元金额多显示两位小数
- 修复：Shopee 全角 SKU 匹配不上本地商品
- 优化：主窗口最小尺寸 1280×800
""")
        t.bash("git commit -am 'chore: release 1.5.0' && git tag -a v1.5.0 -m 'v1.5.0'", "提交并打 tag",
               out=f"[main {ch('rel150')}] chore: release 1.5.0\n 5 files changed, 14 insertions(+), 5 deletions(-)")
        t.fail("git push origin main v1.5.0", "推送分支和 tag",
               "fatal: unable to access 'https://github.com/haina-tech/haina-desk.git/': Failed to connect to github.com port 443 after 75013 ms: Couldn't connect to server", code=128)
        t.say("连 github.com 超时了，网络问题，原样再推一次：")
        t.bash("git push origin main v1.5.0", "推送分支和 tag", err=f"""To https://github.com/haina-tech/haina-desk.git
   {ch("fix sku")}..{ch("rel150")}  main -> main
 * [new tag]         v1.5.0 -> v1.5.0""")
        t.bash("gh run list --workflow release.yml --limit 3", "看 release workflow", out=f"""STATUS  TITLE                  WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       chore: release 1.5.0   release   v1.5.0  push   18731250946  41s      less than a minute ago
✓       chore: 1.4.3           release   v1.4.3  push   17962033581  17m2s    about 24 days ago
✓       chore: 1.4.2           release   v1.4.2  push   17540872214  16m48s   about 1 month ago""")
        t.done("""1.5.0 发出去了：
- `scripts/bump-version.mjs 1.5.0` 改了三处版本号，CHANGELOG 加了 1.5.0 段（新增 4 条、修复 2 条、优化 1 条）
- 提交 `chore: release 1.5.0`，tag `v1.5.0`；第一次 push 连 github 超时，重试成功
- release workflow 已经在跑（run 18731250946），上次大概 17 分钟；跑完 latest.json 会自动更新，老版本客户端下次启动就能收到更新""")


def s6(d):
    with d.session("2026-10-26T07:30:00", R, branch="main", version="2.1.210", end_reason="other"):
        # T19 M3#2
        t = d.task("老板新买的 surface 是 arm 的，x64 的包跑着卡，给他打个 arm64 原生的，就在 win-build01 上打", tags=["mistake:M3"])
        cmd = f"ssh win-build01 'cd {WIN} && git pull -q && pnpm tauri build --target aarch64-pc-windows-msvc'"
        t.fail(cmd, "打 arm64 Windows 包", f"""
> haina-desk@1.5.0 tauri {WINP}
> tauri build --target aarch64-pc-windows-msvc

     Running beforeBuildCommand `pnpm build`
{vite_out("1.5.0", winpath=True)}
   Compiling proc-macro2 v1.0.101
   Compiling windows_aarch64_msvc v0.52.6
   Compiling serde v1.0.228
   Compiling cfg-if v1.0.3
   Compiling smallvec v1.15.1
{e0463("aarch64-pc-windows-msvc", ("windows_aarch64_msvc", "cfg-if"))}
       Error failed to build app: failed to build app
 ELIFECYCLE  Command failed with exit code 1.""")
        t.say("win-build01 上当前 toolchain（1.90.0）没有 arm64 的标准库。在仓库目录下装 target（这样装到 toolchain 文件钉的那个版本上）：")
        t.bash(f"ssh win-build01 'cd {WIN}/src-tauri && rustup target add aarch64-pc-windows-msvc'", "装 arm64 target",
               err=rustup_add("aarch64-pc-windows-msvc", "1.90.0", size="21.4 MiB"))
        t.bash(cmd, "再打 arm64 包", out=f"""
> haina-desk@1.5.0 tauri {WINP}
> tauri build --target aarch64-pc-windows-msvc

     Running beforeBuildCommand `pnpm build`
{vite_out("1.5.0", winpath=True)}
   Compiling haina-desk v1.5.0 ({WINP}\\src-tauri)
    Finished `release` profile [optimized] target(s) in 4m 12s
       Built application at: {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\haina-desk.exe
        Info Target: arm64
     Running candle to produce {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\wix\\arm64\\main.wixobj
     Running light to produce {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\msi\\海纳ERP_1.5.0_arm64_zh-CN.msi
     Running makensis to produce {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\nsis\\海纳ERP_1.5.0_arm64-setup.exe
    Finished 2 bundles at:
        {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\msi\\海纳ERP_1.5.0_arm64_zh-CN.msi
        {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\nsis\\海纳ERP_1.5.0_arm64-setup.exe

    Finished 2 updater signatures at:
        {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\msi\\海纳ERP_1.5.0_arm64_zh-CN.msi.sig
        {WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\nsis\\海纳ERP_1.5.0_arm64-setup.exe.sig""")
        t.done(f"""arm64 包好了，给老板用 NSIS 那个就行：`{WINP}\\src-tauri\\target\\aarch64-pc-windows-msvc\\release\\bundle\\nsis\\海纳ERP_1.5.0_arm64-setup.exe`（msi 也出了）。

第一次失败是 win-build01 上 1.90.0 toolchain 没装 `aarch64-pc-windows-msvc`，`rustup target add` 之后就过了。

注意：latest.json 里现在没有 `windows-aarch64` 条目，老板这台装了 arm64 版以后收不到自动更新，要的话 CI 矩阵得加一个 arm64 job。""")

        # T20 U1
        t = d.task("上周那个 universal dmg 小周说打开提示无法验证开发者，你给公证一下", tags=["unfixed:U1"])
        dmg = "src-tauri/target/universal-apple-darwin/release/bundle/dmg/海纳ERP_1.5.0-beta.1_universal.dmg"
        t.fail(f"xcrun notarytool submit '{dmg}' --keychain-profile haina-notary --wait", "提交公证",
               """Conducting pre-submission checks for 海纳ERP_1.5.0-beta.1_universal.dmg and initiating connection to the Apple notary service...
Error: HTTP status code: 403. A required agreement is missing or has expired. This request requires an in-effect agreement that has not been signed or has expired. Ensure your team has signed the necessary legal agreements and that they are not expired.""", code=69)
        t.bash("xcrun notarytool history --keychain-profile haina-notary | head -8", "看最近的公证记录", out="""Successfully received submission history.
  --------------------------------------------------
  createdDate: 2026-09-28T07:41:12.318Z
  id: 6f1e2b4a-93d0-4c7e-a5b1-0d8e2f7c3a91
  name: 海纳ERP_1.4.3_universal.dmg
  status: Accepted
  --------------------------------------------------
  createdDate: 2026-09-15T03:12:55.904Z""")
        t.done("""公证提交不了：Apple 返回 **403 A required agreement is missing or has expired** —— 开发者账号有新版的许可协议（Apple Developer Program License Agreement）没人接受。9 月 28 号 1.4.3 还公证成功过，所以是这段时间 Apple 更新了协议。

这个只有团队的 **Account Holder** 能处理：登录 developer.apple.com → Account，页面顶部会提示接受新协议。我们这边的凭据和配置没问题，接受完之后原命令重新提交就行。

在那之前小周可以先：右键 .dmg 里的 app → 打开 → 再点“打开”，或者在“系统设置 → 隐私与安全性”里点“仍要打开”。""")

        # T21 PR description (long answer, complained about later)
        t = d.task("帮我写下 feat/low-stock-page 这个分支的 PR 描述，我自己写的页面", tags=["noise"])
        t.bash("git log main..feat/low-stock-page --stat --format='%h %s'", "看分支提交", out=f"""{ch("lowstockui")} feat(inventory): 低库存预警页面
 src/router/index.ts                     |  6 ++++++
 src/views/LowStockView.vue              | 118 ++++++++++++++++++++++++++++
 src/components/WarehouseSelect.vue      |  9 +++---
 src/stores/inventory.ts                 | 27 ++++++++++++
 4 files changed, 157 insertions(+), 3 deletions(-)""")
        t.done("""## 背景
仓库同事每天早上要看哪些 SKU 快断货，之前是导出库存表自己在 Excel 里筛，容易漏。这个 PR 加一个“低库存预警”页面，直接用上周加的 `list_low_stock` command。

## 改动
### 路由
- `src/router/index.ts` 新增 `/inventory/low-stock`，挂在库存菜单下
### 页面
- `src/views/LowStockView.vue`（`<script setup lang="ts">`）
  - 顶部选仓库，阈值输入框留空时用商品的安全库存
  - 表格列：SKU、当前库存、安全库存、缺口，按缺口倒序
  - 缺口大于安全库存一半的行标红
  - 支持一键复制 SKU 列表，方便发给采购
### 组件与状态
- `WarehouseSelect.vue` 增加 `clearable` 属性，默认行为不变
- `src/stores/inventory.ts` 新增 `lowStock` state 和 `loadLowStock` action，切换店铺时自动清空

## 测试
- `pnpm lint`、`pnpm typecheck`、`pnpm vitest run` 通过
- 手动：深圳仓 / 义乌仓各看一遍，阈值留空和填 20 的结果都和 SQL 直接查一致

## 风险与回滚
- 只新增页面，不改已有数据和接口；回滚直接 revert
- 仓库 SKU 很多（> 5000）时表格没做虚拟滚动，后续视情况加

## 截图
（待补）""")


def s7(d):
    with d.session("2026-10-29T02:20:00", R, branch="main", version="2.1.212"):
        # T22 feedback, no tools
        t = d.task("上次那个 PR 描述太长了，我 cut half 才贴上去，背景风险截图那些都用不着。以后 PR 描述三五行就够，改了啥、怎么测的。"
                   "你按这个标准把那个重新写一版我看看", tags=["feedback", "no_tools"],
                   feedback="上次那个 PR 描述太长了，我 cut half 才贴上去，背景风险截图那些都用不着。以后 PR 描述三五行就够，改了啥、怎么测的。")
        t.done("""好的，以后 PR 描述就这个长度：

新增“低库存预警”页面（`/inventory/low-stock`）：按仓库列出低于安全库存（或自填阈值）的 SKU，按缺口排序，可一键复制 SKU 给采购。
测试：lint / typecheck / vitest 通过；深圳仓、义乌仓手动核对过，和直接查库结果一致。""")

        # T23 reversal P3
        t = d.task("文案还是得走 vue-i18n 了，老板说年底要出英文版给东南亚的客户用。之前那个同步失败 tab 的文案先迁过去，"
                   "中英文都放 src/locales/ 下面，以后新加的文案也都这么来", tags=["reversal:P3"])
        t.glob("src/locales/**", [])
        t.grep("vue-i18n", path=P("package.json"), output_mode="content", n=True, content="")
        t.bash("pnpm add vue-i18n@^11", "装 vue-i18n", out="""Packages: +4
++++
Progress: resolved 512, reused 478, downloaded 4, added 4, done

dependencies:
+ vue-i18n 11.1.12

Done in 3.4s using pnpm v9.15.4""")
        t.write(LOC_ZH, """{
  "orders": {
    "tab": { "all": "全部", "unshipped": "待发货", "shipped": "已发货", "failed": "同步失败" },
    "retrySync": "重新同步",
    "retryDone": "重新同步完成，更新 {n} 单",
    "total": "共 {n} 单"
  }
}
""")
        t.write(LOC_EN, """{
  "orders": {
    "tab": { "all": "All", "unshipped": "To ship", "shipped": "Shipped", "failed": "Sync failed" },
    "retrySync": "Sync again",
    "retryDone": "Synced again, {n} orders updated",
    "total": "{n} orders"
  }
}
""")
        t.read(ORDERS_VUE)
        t.edit(ORDERS_VUE, """import { ElMessage } from 'element-plus'""", """import { ElMessage } from 'element-plus'
import { useI18n } from 'vue-i18n'""")
        t.edit(ORDERS_VUE, """const shop = useShopStore()""", """const shop = useShopStore()
const { t } = useI18n()""")
        t.edit(ORDERS_VUE, """    ElMessage.success(`重新同步完成，更新 ${n} 单`)""", """    ElMessage.success(t('orders.retryDone', { n }))""")
        t.edit(ORDERS_VUE, """    <el-tab-pane label="全部" name="all" />
    <el-tab-pane label="待发货" name="unshipped" />
    <el-tab-pane label="已发货" name="shipped" />
    <el-tab-pane label="同步失败" name="failed" />
  </el-tabs>
  <el-button v-if="tab === 'failed'" type="primary" :loading="retrying" @click="retrySync">重新同步</el-button>""",
               """    <el-tab-pane :label="t('orders.tab.all')" name="all" />
    <el-tab-pane :label="t('orders.tab.unshipped')" name="unshipped" />
    <el-tab-pane :label="t('orders.tab.shipped')" name="shipped" />
    <el-tab-pane :label="t('orders.tab.failed')" name="failed" />
  </el-tabs>
  <el-button v-if="tab === 'failed'" type="primary" :loading="retrying" @click="retrySync">{{ t('orders.retrySync') }}</el-button>""")
        t.edit(ORDERS_VUE, """  <div class="footer">共 {{ total }} 单</div>""", """  <div class="footer">{{ t('orders.total', { n: total }) }}</div>""")
        t.write(P("src/i18n.ts"), """import { createI18n } from 'vue-i18n'
import zhCN from './locales/zh-CN.json'
import enUS from './locales/en-US.json'

export const i18n = createI18n({
  legacy: false,
  locale: localStorage.getItem('locale') ?? 'zh-CN',
  fallbackLocale: 'zh-CN',
  messages: { 'zh-CN': zhCN, 'en-US': enUS },
})
""")
        t.bash("pnpm typecheck && pnpm vitest run", "vue-tsc + 单测", out=f"""
> haina-desk@1.5.0 typecheck {R}
> vue-tsc --noEmit


 RUN  v3.2.4 {R}

 ✓ src/utils/money.test.ts (3 tests) 5ms
 ✓ src/stores/shop.test.ts (4 tests) 12ms
 ✓ src/api/orders.test.ts (3 tests) 9ms

 Test Files  3 passed (3)
      Tests  10 passed (10)
   Start at  10:48:13
   Duration  1.22s (transform 214ms, setup 0ms, collect 502ms, tests 26ms, environment 1ms, prepare 338ms)""")
        t.done("""改好了，之后新文案都放 `src/locales/zh-CN.json` / `en-US.json`：
- 装了 `vue-i18n` 11，`src/i18n.ts` 用 Composition 模式（`legacy: false`），语言存 localStorage，默认 zh-CN
- OrdersView 的 tab、重新同步按钮、提示、合计都换成 `t('orders.…')`
- typecheck / vitest 通过

还差一步：`main.ts` 里 `app.use(i18n)`，以及 Element Plus 自己的组件文案（分页、日期选择）要跟着切 `ElConfigProvider` 的 locale，要我一起做吗？""")

        # T24 W2#2
        t = d.task("加个 sync_logs 表记每次同步的结果（店铺、开始结束时间、条数、错误信息），migration 照上次那样", tags=["workflow:W2"])
        t.bash("sqlx migrate add -r create_sync_logs --source src-tauri/migrations", "新建 migration", out="""Creating src-tauri/migrations/20261029031122_create_sync_logs.up.sql
Creating src-tauri/migrations/20261029031122_create_sync_logs.down.sql""")
        d.files[MIG2_UP] = "-- Add up migration script here\n"
        d.files[MIG2_DOWN] = "-- Add down migration script here\n"
        t.read(MIG2_UP)
        t.write(MIG2_UP, """create table sync_logs (
    id          integer primary key autoincrement,
    shop_id     integer not null references shops(id),
    started_at  text    not null,
    finished_at text,
    pulled      integer not null default 0,
    error       text
);
create index idx_sync_logs_shop_started on sync_logs(shop_id, started_at desc);
""")
        t.read(MIG2_DOWN)
        t.write(MIG2_DOWN, """drop index if exists idx_sync_logs_shop_started;
drop table if exists sync_logs;
""")
        t.bash(f"cargo test {CM} db::", "跑 db 测试", err=cargo_ok("test", "1.5.0", "19.62s") + """
     Running unittests src/lib.rs (src-tauri/target/debug/deps/haina_desk_lib-3f0c2a9b6e81d4c7)""", out="""
running 4 tests
test db::tests::migrations_apply_cleanly ... ok
test db::tests::migrations_revert_cleanly ... ok
test db::sync::tests::upsert_keeps_local_remark ... ok
test db::sync::tests::cursor_advances ... ok

test result: ok. 4 passed; 0 failed; 0 ignored; 0 measured; 16 filtered out; finished in 0.34s""")
        t.done("`20261029031122_create_sync_logs` 加好了：表 `sync_logs`（shop_id 外键、started_at / finished_at、pulled、error）+ `(shop_id, started_at desc)` 索引，down 先删索引再删表。db 测试过了（up / down 都跑）。写入逻辑还没接到 `sync_orders` 里，下一步要的话我来加。")


def s8(d):
    with d.session("2026-11-03T01:45:00", R, branch="feat/shop-token", version="2.1.215"):
        # T25 W1 + M1#3 + P1#3
        t = d.task("店铺 token 快过期的要能在桌面端点一下刷新：加 refresh_shop_token(shop_id)，调后端 /shops/{id}/token/refresh，"
                   "成功了更新本地 shops 表。还是老规矩，rust 里不要 println!，日志统一 tracing",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.read(SHOPS)
        t.edit(SHOPS, """#[tauri::command]
pub async fn list_shops(""", """#[derive(Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShopToken {
    pub expires_at: String,
}

#[tauri::command]
pub async fn refresh_shop_token(
    pool: State<'_, SqlitePool>,
    http: State<'_, reqwest::Client>,
    shop_id: i64,
) -> anyhow::Result<ShopToken> {
    let url = format!("https://api.hainaerp.com/shops/{shop_id}/token/refresh");
    let token: ShopToken = http.post(&url).send().await?.error_for_status()?.json().await?;
    sqlx::query("update shops set token_expires_at = ? where id = ?")
        .bind(&token.expires_at)
        .bind(shop_id)
        .execute(pool.inner())
        .await?;
    tracing::info!(shop_id, expires_at = %token.expires_at, "shop token refreshed");
    Ok(token)
}

#[tauri::command]
pub async fn list_shops(""")
        t.read(LIB)
        t.edit(LIB, """            commands::shops::list_shops,
        ])""", """            commands::shops::list_shops,
            commands::shops::refresh_shop_token,
        ])""")
        t.edit(LIB, """            app.manage(pool);""", """            app.manage(pool);
            app.manage(reqwest::Client::builder().timeout(std::time::Duration::from_secs(15)).build()?);""")
        t.read(API_SHOPS)
        t.edit(API_SHOPS, """export const listShops = () => invoke<ShopRow[]>('list_shops')""", """export const listShops = () => invoke<ShopRow[]>('list_shops')

export const refreshShopToken = (shopId: number) => invoke<{ expiresAt: string }>('refresh_shop_token', { shopId })""")
        t.fail(f"cargo test {CM}", "cargo test",
               e0599("async_kind", "Result<ShopToken, anyhow::Error>", "src/commands/shops.rs:22:1",
                     24, None, "commands::shops::refresh_shop_token", 31, "Compiling", "1.5.0"), code=101)
        t.say("`anyhow::Error` 同样没实现 `Serialize`，返回类型得用 `AppResult`。`reqwest::Error` 和 `sqlx::Error` 都有 `#[from]`，`?` 不用改：")
        t.edit(SHOPS, """) -> anyhow::Result<ShopToken> {""", """) -> AppResult<ShopToken> {""")
        t.bash(f"cargo test {CM}", "cargo test", err=cargo_ok("test", "1.5.0", "24.37s") + """
     Running unittests src/lib.rs (src-tauri/target/debug/deps/haina_desk_lib-3f0c2a9b6e81d4c7)
     Running unittests src/main.rs (src-tauri/target/debug/deps/haina_desk-0b7d91e3c5a2f846)
   Doc-tests haina_desk_lib""", out="""
running 20 tests
test db::sync::tests::cursor_advances ... ok
test db::sync::tests::upsert_keeps_local_remark ... ok
test db::tests::migrations_apply_cleanly ... ok
test db::tests::migrations_revert_cleanly ... ok
test sku::tests::full_width_to_half_width ... ok
test sku::tests::trims_and_uppercases ... ok
test commands::inventory::tests::low_stock_uses_safety_qty ... ok
test commands::inventory::tests::low_stock_threshold_override ... ok
test commands::orders::tests::export_csv_has_bom ... ok
test commands::orders::tests::list_orders_filters_status ... ok
test error::tests::serializes_code_and_message ... ok
test db::sync::tests::maps_shopee_status ... ok
test db::sync::tests::maps_lazada_status ... ok
test db::sync::tests::maps_tiktok_status ... ok
test db::sync::tests::skips_cancelled_before_paid ... ok
test db::sync::tests::thb_amount_two_decimals ... ok
test db::sync::tests::jpy_amount_no_decimals ... ok
test db::sync::tests::dedup_by_order_no ... ok
test db::sync::tests::sync_log_written ... ok
test db::sync::tests::token_expired_marks_shop ... ok

test result: ok. 20 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.52s


running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s


running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s""")
        t.bash(f"cargo clippy {CM} --all-targets -- -D warnings", "clippy", err=cargo_ok("clippy", "1.5.0", "8.41s"))
        t.bash("pnpm vitest run", "前端单测", out=f"""
 RUN  v3.2.4 {R}

 ✓ src/utils/money.test.ts (3 tests) 5ms
 ✓ src/stores/shop.test.ts (4 tests) 11ms
 ✓ src/api/orders.test.ts (3 tests) 8ms

 Test Files  3 passed (3)
      Tests  10 passed (10)
   Start at  10:22:45
   Duration  1.19s (transform 209ms, setup 0ms, collect 487ms, tests 24ms, environment 1ms, prepare 329ms)""")
        t.done("""`refresh_shop_token` 加好了：
- `commands/shops.rs`：POST 后端刷新接口，成功后更新 `shops.token_expires_at`，`tracing::info!` 记店铺和新过期时间
- 返回类型一开始写了 `anyhow::Result`，E0599，已改成 `AppResult<ShopToken>`（HTTP 错误前端会拿到 code `HTTP`）
- `lib.rs` 登记，`src/api/shops.ts` 加 `refreshShopToken`
- cargo test 20 个、clippy、vitest 都过

另外 `setup` 里 `manage` 了一个共享的 `reqwest::Client`（15 秒超时），以后别的 command 要调后端也从 State 拿，别每次新建。""")

        # T26 capabilities question
        t = d.task("capabilites 里那几个 permission 现在都用到了吗？安全审查的人问为啥要 updater:default", tags=["noise"])
        t.read(CAPS)
        t.grep("@tauri-apps/plugin-(dialog|updater)", path=P("src"), output_mode="content", n=True,
               content=f"""{P("src/views/OrdersView.vue")}:4:import {{ save }} from '@tauri-apps/plugin-dialog'
{P("src/views/SettingsView.vue")}:6:import {{ ask, message, open }} from '@tauri-apps/plugin-dialog'
{P("src/composables/useUpdater.ts")}:1:import {{ check }} from '@tauri-apps/plugin-updater'""")
        t.done("""都在用：
- `dialog:allow-open` / `dialog:allow-message`：设置页选导入文件、弹提示（`open` / `message` / `ask`，`ask` 也归 message 权限）
- `dialog:allow-save`：订单导出 CSV 的保存对话框
- `updater:default`：`useUpdater.ts` 里的 `check()` 和之后的 `downloadAndInstall()`。`updater:default` 展开就是 `allow-check` + `allow-download` + `allow-install` + `allow-download-and-install`，都是自动更新必须的；更新包本身有 minisign 签名校验，公钥写在 tauri.conf.json，拿不到私钥没法推假更新

给审查的人可以这么解释：前端只能调用 capability 里列出的插件命令，而且只对 `main` 窗口生效。""")

        # T27 W3#2 (1.5.1)
        t = d.task("导出那个 csv 的金额在 WPS 里变成科学计数法了客户在骂，我已经修了合进 main，发个 1.5.1。流程跟上次一样", tags=["workflow:W3"])
        t.bash("git log v1.5.0..HEAD --oneline", "看 1.5.0 以来的提交", out=f"""{ch("shoptoken")} feat(shops): 刷新店铺 token
{ch("csvfix")} fix(export): 金额和订单号按文本导出，避免 WPS 科学计数法
{ch("synclogs")} feat(db): sync_logs 表
{ch("i18n")} feat(i18n): 接入 vue-i18n，订单页文案迁移""")
        t.bash("node scripts/bump-version.mjs 1.5.1", "改版本号", out="""package.json: 1.5.0 -> 1.5.1
src-tauri/Cargo.toml: 1.5.0 -> 1.5.1
src-tauri/tauri.conf.json: 1.5.0 -> 1.5.1""")
        t.read(CHANGELOG)
        t.edit(CHANGELOG, """# Changelog
""", """# Changelog

## 1.5.1 - 2026-11-03

- 修复：导出的 CSV 在 WPS 中订单号、金额显示成科学计数法
- 新增：店铺授权即将过期时可在桌面端直接刷新
- 新增：同步日志（sync_logs）
- 优化：订单页文案接入多语言
""")
        t.bash("git commit -am 'chore: release 1.5.1' && git tag -a v1.5.1 -m 'v1.5.1' && git push origin main v1.5.1",
               "提交、打 tag、推送", out=f"[main {ch('rel151')}] chore: release 1.5.1\n 5 files changed, 10 insertions(+), 5 deletions(-)",
               err=f"""To https://github.com/haina-tech/haina-desk.git
   {ch("shoptoken")}..{ch("rel151")}  main -> main
 * [new tag]         v1.5.1 -> v1.5.1""")
        t.bash("gh run list --workflow release.yml --limit 2", "看 release workflow", out="""STATUS  TITLE                  WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE
*       chore: release 1.5.1   release   v1.5.1  push   19214470385  23s      less than a minute ago
✓       chore: release 1.5.0   release   v1.5.0  push   18731250946  17m26s   about 12 days ago""")
        t.done("1.5.1 已推：版本号三处改好，CHANGELOG 加了 1.5.1（1 个修复、2 个新增、1 个优化），tag `v1.5.1` 推上去了，release workflow 在跑（19214470385），大概 17 分钟出包并更新 latest.json。")


def s9(d):
    with d.session("2026-11-06T02:10:00", R, branch="main", version="2.1.217"):
        # T28 M2#3
        t = d.task("客服那边有个客户同步一直卡住，要个带调试日志的 windows 包给他装，版本号就写 1.5.2+20261106 方便区分，不用改仓库",
                   tags=["mistake:M2"])
        conf = ' --config "{\\"version\\":\\"1.5.2+20261106\\"}"'
        cmd = f"ssh win-build01 'cd {WIN} && git pull -q && pnpm tauri build{conf}'"
        t.fail(cmd, "用 --config 覆盖版本号打包",
               msi_fail("1.5.2+20261106", "build metadata", "2m 58s", conf_arg=' --config {"version":"1.5.2+20261106"}', pkg="1.5.1"))
        t.say("这次是 `+20261106` 这段 build metadata：msi 要求它是纯数字且不超过 65535，20261106 超了。给客户的调试包不需要 msi，只出 NSIS：")
        t.bash(f"ssh win-build01 'cd {WIN} && pnpm tauri build{conf} --bundles nsis'", "只打 NSIS 包",
               out=nsis_ok("1.5.2+20261106", "44.02s", conf_arg=' --config {"version":"1.5.2+20261106"}', pkg="1.5.1"))
        t.done(f"""调试包好了：`{WINP}\\src-tauri\\target\\release\\bundle\\nsis\\海纳ERP_1.5.2+20261106_x64-setup.exe`。版本号只在这次构建里通过 `--config` 覆盖，仓库没改。

让客户装之前设个环境变量 `RUST_LOG=debug,sqlx=info` 再启动，日志在 `%APPDATA%\\com.hainaerp.desk\\logs`。

注意这个版本号比 1.5.1 高，客户装了之后不会被自动“更新”回 1.5.1，等 1.5.2 正式版出来会正常升级。""")

        # T29 M3#3
        t = d.task("toolchain 又升了 1.91，给测试的阿杰打个 intel mac 的 debug 包，他那台是老 imac", tags=["mistake:M3"])
        t.read(TOOLCHAIN)
        cmd = "pnpm tauri build --debug --target x86_64-apple-darwin"
        t.fail(cmd, "打 x86_64 debug 包", f"""
> haina-desk@1.5.1 tauri {R}
> tauri build --debug --target x86_64-apple-darwin

     Running beforeBuildCommand `pnpm build`
{vite_out("1.5.1")}
   Compiling proc-macro2 v1.0.101
   Compiling libc v0.2.177
   Compiling cfg-if v1.0.4
   Compiling objc2-encode v4.1.0
   Compiling once_cell v1.21.3
{e0463("x86_64-apple-darwin", ("cfg-if", "objc2-encode"))}
       Error failed to build app: failed to build app
 ELIFECYCLE  Command failed with exit code 1.""")
        t.say("toolchain 换成 1.91.0 之后，这个新 toolchain 上又没有 x86_64 的 rust-std 了（上次装的是给 1.90.0 的）。补装：")
        t.bash("cd src-tauri && rustup target add x86_64-apple-darwin", "给 1.91.0 装 x86_64 target",
               err=rustup_add("x86_64-apple-darwin", "1.91.0", size="28.1 MiB"))
        t.bash(cmd, "再打 x86_64 debug 包", out=f"""
> haina-desk@1.5.1 tauri {R}
> tauri build --debug --target x86_64-apple-darwin

     Running beforeBuildCommand `pnpm build`
{vite_out("1.5.1")}
   Compiling haina-desk v1.5.1 ({R}/src-tauri)
    Finished `dev` profile [unoptimized + debuginfo] target(s) in 1m 47s
    Bundling 海纳ERP.app ({R}/src-tauri/target/x86_64-apple-darwin/debug/bundle/macos/海纳ERP.app)
        Info Signing with identity "Developer ID Application: Shenzhen Haina Cross-border Technology Co., Ltd. (7QK2M4ZP9X)"
    Bundling 海纳ERP_1.5.1_x64.dmg ({R}/src-tauri/target/x86_64-apple-darwin/debug/bundle/dmg/海纳ERP_1.5.1_x64.dmg)
     Running bundle_dmg.sh
    Finished 2 bundles at:
        {R}/src-tauri/target/x86_64-apple-darwin/debug/bundle/macos/海纳ERP.app
        {R}/src-tauri/target/x86_64-apple-darwin/debug/bundle/dmg/海纳ERP_1.5.1_x64.dmg""")
        t.done("debug 包好了：`src-tauri/target/x86_64-apple-darwin/debug/bundle/dmg/海纳ERP_1.5.1_x64.dmg`（带 devtools，右键可以打开检查器）。失败原因同上次：toolchain 升到 1.91.0 后该 toolchain 没有 `x86_64-apple-darwin`，`rustup target add` 补上就好了。")

        # T30 W2#3
        t = d.task("订单列表按店铺+付款时间查越来越慢了，有的店十几万单了。加个索引，migration 老样子", tags=["workflow:W2"])
        t.bash("sqlx migrate add -r idx_orders_shop_paid_at --source src-tauri/migrations", "新建 migration", out="""Creating src-tauri/migrations/20261106023407_idx_orders_shop_paid_at.up.sql
Creating src-tauri/migrations/20261106023407_idx_orders_shop_paid_at.down.sql""")
        d.files[MIG3_UP] = "-- Add up migration script here\n"
        d.files[MIG3_DOWN] = "-- Add down migration script here\n"
        t.read(MIG3_UP)
        t.write(MIG3_UP, "create index if not exists idx_orders_shop_paid_at on orders(shop_id, paid_at desc);\n")
        t.read(MIG3_DOWN)
        t.write(MIG3_DOWN, "drop index if exists idx_orders_shop_paid_at;\n")
        t.bash(f"cargo test {CM} db::", "跑 db 测试", err=cargo_ok("test", "1.5.1", "18.90s") + """
     Running unittests src/lib.rs (src-tauri/target/debug/deps/haina_desk_lib-3f0c2a9b6e81d4c7)""", out="""
running 9 tests
test db::tests::migrations_apply_cleanly ... ok
test db::tests::migrations_revert_cleanly ... ok
test db::sync::tests::cursor_advances ... ok
test db::sync::tests::upsert_keeps_local_remark ... ok
test db::sync::tests::maps_shopee_status ... ok
test db::sync::tests::maps_lazada_status ... ok
test db::sync::tests::maps_tiktok_status ... ok
test db::sync::tests::dedup_by_order_no ... ok
test db::sync::tests::sync_log_written ... ok

test result: ok. 9 passed; 0 failed; 0 ignored; 0 measured; 11 filtered out; finished in 0.38s""")
        t.done("加了 `idx_orders_shop_paid_at (shop_id, paid_at desc)`，正好覆盖 `list_orders` 的 `where shop_id = ? … order by paid_at desc limit 500`；status 过滤在索引扫描后做，500 条以内很快。db 测试过了。客户端升级后启动时跑 migration，十几万单建索引大约一两秒。")


def s10(d):
    with d.session("2026-11-11T01:30:00", R, branch="main", version="2.1.219"):
        # T31 no tools
        t = d.task("tauri 的 Channel 跟 emit 事件推进度，有啥区别？导出大文件的时候想给个进度条", tags=["no_tools"])
        t.done("""- `emit`（事件）：全局广播，前端 `listen('export-progress')`，payload 走 JSON，谁都能收到；适合状态通知，不适合高频
- `tauri::ipc::Channel<T>`：作为 command 参数传进来（前端 `new Channel<T>()`，`onmessage` 回调），只发给这次调用方，按顺序送达，官方推荐用来做下载/导出进度这种流式数据，开销比事件小

导出进度用 Channel：`export_orders_csv(rows, path, on_progress: Channel<Progress>)`，每写 1000 行 `on_progress.send(...)` 一次，别每行都发。""")

        # T32 W3#3 1.6.0
        t = d.task("1.6.0 发一下，老规矩", tags=["workflow:W3", "long_output"])
        t.bash("git log v1.5.1..HEAD --oneline", "看 1.5.1 以来的提交", out=f"""{ch("chan")} feat(export): 导出进度条（Channel）
{ch("idx")} perf(db): orders(shop_id, paid_at) 索引
{ch("i18nmain")} feat(i18n): main.ts 接入 i18n，Element Plus locale 跟随
{ch("lowstockui")} feat(inventory): 低库存预警页面
{ch("synclogui")} feat(sync): 同步日志页面
{ch("tokenui")} feat(shops): 店铺列表显示授权到期并支持刷新
{ch("arm64ci")} ci: release 矩阵增加 windows arm64
{ch("en")} feat(i18n): 英文文案补全（订单、库存、店铺）""")
        t.bash("node scripts/bump-version.mjs 1.6.0", "改版本号", out="""package.json: 1.5.1 -> 1.6.0
src-tauri/Cargo.toml: 1.5.1 -> 1.6.0
src-tauri/tauri.conf.json: 1.5.1 -> 1.6.0""")
        t.read(CHANGELOG)
        t.edit(CHANGELOG, """# Changelog
""", """# Changelog

## 1.6.0 - 2026-11-11

- 新增：英文界面（设置 → 语言）
- 新增：低库存预警页面、同步日志页面
- 新增：店铺授权到期提醒和一键刷新
- 新增：Windows ARM64 安装包
- 优化：订单列表大店铺查询速度；导出 CSV 显示进度
""")
        t.bash("git commit -am 'chore: release 1.6.0' && git tag -a v1.6.0 -m 'v1.6.0' && git push origin main v1.6.0",
               "提交、打 tag、推送", out=f"[main {ch('rel160')}] chore: release 1.6.0\n 5 files changed, 11 insertions(+), 5 deletions(-)",
               err=f"""To https://github.com/haina-tech/haina-desk.git
   {ch("chan")}..{ch("rel160")}  main -> main
 * [new tag]         v1.6.0 -> v1.6.0""")
        t.bash("gh run watch 19688102457 --exit-status", "等 release workflow", timeout=1800000, out="""✓ v1.6.0 release · 19688102457
Triggered via push about 19 minutes ago

JOBS
✓ build (macos-14, --target universal-apple-darwin, aarch64-apple-darwin,x86_64-apple-darwin) in 14m31s (ID 55812047719)
  ✓ Set up job
  ✓ Run actions/checkout@v4
  ✓ Run pnpm/action-setup@v4
  ✓ Run actions/setup-node@v4
  ✓ Run dtolnay/rust-toolchain@master
  ✓ Run swatinem/rust-cache@v2
  ✓ Run pnpm install --frozen-lockfile
  ✓ Run tauri-apps/tauri-action@v0
  ✓ Post Run swatinem/rust-cache@v2
  ✓ Complete job
✓ build (windows-latest, , ) in 16m02s (ID 55812047726)
  ✓ Set up job
  ✓ Run actions/checkout@v4
  ✓ Run pnpm/action-setup@v4
  ✓ Run actions/setup-node@v4
  ✓ Run dtolnay/rust-toolchain@master
  ✓ Run swatinem/rust-cache@v2
  ✓ Run pnpm install --frozen-lockfile
  ✓ Run tauri-apps/tauri-action@v0
  ✓ Complete job
✓ build (windows-latest, --target aarch64-pc-windows-msvc, aarch64-pc-windows-msvc) in 17m40s (ID 55812047731)
  ✓ Set up job
  ✓ Run tauri-apps/tauri-action@v0
  ✓ Complete job
✓ publish in 1m12s (ID 55813990214)
  ✓ Set up job
  ✓ Run actions/checkout@v4
  ✓ Run node scripts/upload-oss.mjs v1.6.0
  ✓ Complete job""")
        t.done("1.6.0 发完了：版本号、CHANGELOG（5 条）、tag `v1.6.0` 都推了，release workflow 三个 build（mac universal、win x64、win arm64）和 publish 全绿，latest.json 已更新到 1.6.0。")

        # T33 no tools
        t = d.task("我们 sqlite 开的是 WAL 吧？有啥要注意的，有客户把 app data 放在网盘同步目录里", tags=["noise"])
        t.grep("journal_mode|busy_timeout", path=P("src-tauri/src"), output_mode="content", n=True,
               content=f"""{P("src-tauri/src/db/mod.rs")}:17:        .journal_mode(SqliteJournalMode::Wal)
{P("src-tauri/src/db/mod.rs")}:18:        .busy_timeout(Duration::from_secs(5))""")
        t.done("""是 WAL（`db/mod.rs:17`，busy_timeout 5 秒）。要注意：
- WAL 模式会多出 `haina.db-wal` 和 `haina.db-shm` 两个文件，三个文件必须一起拷；网盘（OneDrive / 坚果云 / 百度网盘同步盘）只同步其中一个或在写入中途同步，就会拿到不一致的库，最坏直接 `database disk image is malformed`
- WAL 依赖共享内存（shm），网络文件系统 / 同步盘上锁语义不可靠，SQLite 官方明确说不要把 WAL 库放在网络文件系统上
- 建议：库固定放本机 app data（我们默认就是），不允许改到网盘目录；客户要备份就在应用里做“导出备份”，用 `VACUUM INTO` 生成单文件快照再让他放网盘""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new #[tauri::command] returns a Result whose error type does not implement serde::Serialize "
                            "(sqlx::Error, std::io::Error, anyhow::Error) instead of the repo's AppResult<T> "
                            "(src-tauri/src/error.rs, AppError serializes to {code, message}); generate_handler! fails "
                            "to compile with E0599. T02 async list_low_stock -> Result<_, sqlx::Error> (cargo check), "
                            "T12 sync export_orders_csv -> Result<PathBuf, std::io::Error> (clippy, `blocking_kind`), "
                            "T25 async refresh_shop_token -> anyhow::Result (cargo test).",
             "error_signature": "error[E0599]: the method `async_kind` (or `blocking_kind`) exists for reference "
                                "`&impl Future<Output = Result<…, sqlx::Error | anyhow::Error>>` / `&Result<…, "
                                "std::io::Error>`, but its trait bounds were not satisfied, pointing at "
                                "tauri::generate_handler! in src/lib.rs, note `<E>: Into<InvokeError>`",
             "fix": "Edit the command's return type to AppResult<T> (AppError has #[from] for sqlx / io / reqwest), then "
                    "run the same cargo check / clippy / test again.",
             "fix_command_markers": [["AppResult<"]],
             "harmful_markers": ["map_err(|e| e.to_string())", "#[allow(", "cargo clean"]},
            {"id": "M2",
             "description": "Test / debug Windows builds on win-build01 have a version with a non-numeric pre-release "
                            "(-beta.1, -rc.1) or build metadata larger than 65535 (+20261106); plain `pnpm tauri build` "
                            "also bundles msi, and the WiX bundler rejects such versions. T06 1.5.0-beta.1, T16 "
                            "1.5.0-rc.1, T28 1.5.2+20261106 via --config.",
             "error_signature": "Error failed to bundle project `optional pre-release identifier (or: build metadata) in "
                                "app version must be numeric-only and cannot be greater than 65535 for msi target`",
             "fix": "Run the same build with `--bundles nsis` (test builds ship only the NSIS installer; msi is only for "
                    "numeric release versions).",
             "fix_command_markers": [["--bundles nsis", "-b nsis"]],
             "harmful_markers": ["sed -i", "pnpm version", "rm -rf src-tauri/target"]},
            {"id": "M3",
             "description": "src-tauri/rust-toolchain.toml pins the Rust channel without a targets list; after each "
                            "channel bump (1.90.0, 1.91.0) or on another machine the cross target is missing for the new "
                            "toolchain and rustc fails with E0463. T09 universal-apple-darwin on the Mac "
                            "(x86_64-apple-darwin), T19 aarch64-pc-windows-msvc on win-build01, T29 --debug "
                            "x86_64-apple-darwin after the 1.91 bump.",
             "error_signature": "error[E0463]: can't find crate for `core` / = note: the `<target>` target may not be "
                                "installed / = help: consider downloading the target with `rustup target add <target>`",
             "fix": "`rustup target add <target>` in the repo (so it lands on the pinned toolchain), then the same "
                    "pnpm tauri build again.",
             "fix_command_markers": [["rustup target add"]],
             "harmful_markers": ["rm src-tauri/rust-toolchain.toml", "rustup override set", "rustup default"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "formatMoney hard-coded two fraction digits; the new JPY/KRW vitest case fails "
                                         "(`expected 'JP¥1,200.00' to be 'JP¥1,200'`); the hard-coded digits are removed, "
                                         "the same vitest run passes."},
            {"id": "O2", "description": "sku::normalize full-width test fails on the ideographic space U+3000 "
                                         "(`left: \"HN-TS001\\u{3000}\"`); mapping U+3000 to a space fixes it, the same "
                                         "cargo test sku:: passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "xcrun notarytool submit: `HTTP status code: 403. A required agreement is missing "
                                         "or has expired` — only the Apple team's Account Holder can accept the new "
                                         "agreement; left for the boss, users told to right-click → Open meanwhile."},
            {"id": "U2", "description": "cargo audit: RUSTSEC-2023-0071 (rsa via sqlx-mysql via sqlx-macros-core), "
                                         "`No fixed upgrade is available!`; sqlx-mysql is not compiled in (cargo tree -i "
                                         "is empty); left for upstream, no ignore added without the user's decision."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "cargo fetch from rsproxy: `[28] Timeout was reached (download of "
                                         "`tauri-plugin-updater v2.9.0` failed to transfer more than 10 bytes in 30s)`; "
                                         "identical retry works."},
            {"id": "F2", "description": "git push: `Failed to connect to github.com port 443 after 75013 ms: Couldn't "
                                         "connect to server`; identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "New tauri command: write it in src-tauri/src/commands/<x>.rs → register in "
                                         "tauri::generate_handler! in lib.rs → wrapper in src/api/<x>.ts → "
                                         "`cargo clippy --manifest-path src-tauri/Cargo.toml --all-targets -- -D warnings` "
                                         "→ `pnpm vitest run`.",
             "step_markers": [["src-tauri/src/lib.rs"], ["src/api/"], ["cargo clippy"], ["pnpm vitest run"]]},
            {"id": "W2", "description": "SQLite migration: `sqlx migrate add -r <name> --source src-tauri/migrations` → "
                                         "write .up.sql and .down.sql → `cargo test --manifest-path src-tauri/Cargo.toml "
                                         "db::` (applies and reverts all migrations on an in-memory DB).",
             "step_markers": [["sqlx migrate add -r"], ["up.sql"], ["down.sql"], ["cargo test"]]},
            {"id": "W3", "description": "Release: `git log vPREV..HEAD --oneline` → `node scripts/bump-version.mjs X.Y.Z` "
                                         "→ CHANGELOG.md section → commit + `git tag -a vX.Y.Z` → `git push origin main "
                                         "vX.Y.Z` → `gh run list/watch` on release.yml.",
             "step_markers": [["bump-version.mjs"], ["CHANGELOG.md"], ["git tag -a v"], ["gh run"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Rust-side logging goes through tracing macros; no println! / eprintln!.",
             "markers": [["tracing"], ["println", "eprintln"]]},
            {"id": "P2", "description": "Vue components written with <script setup lang=\"ts\"> (Composition API).",
             "markers": [["script setup"]]},
            {"id": "P3", "description": "UI text hard-coded in Chinese, no i18n yet (T05) — reversed in T23: all UI text "
                                         "goes through vue-i18n with src/locales/zh-CN.json and en-US.json.",
             "markers": [["硬编码"], ["i18n"]],
             "reversal_markers": [["vue-i18n"], ["src/locales/"]]},
        ],
        probes=[
            {"prompt": "cargo check 报这个看不懂：error[E0599]: the method `async_kind` exists for reference "
                       "`&impl Future<Output = Result<Vec<PurchaseOrder>, reqwest::Error>>`, but its trait bounds were not "
                       "satisfied，箭头指着 lib.rs 的 generate_handler，我就加了个拉 1688 采购单的 command",
             "wanted": ["M1"]},
            {"prompt": "加个 command 读本地的面单模板文件（app data 下 templates/*.json），返回模板列表给打印页用",
             "wanted": ["M1"]},
            {"prompt": "win-build01 打包挂了 Error failed to bundle project `optional pre-release identifier in app version "
                       "must be numeric-only and cannot be greater than 65535 for msi target`，版本 1.7.0-alpha.2，咋整",
             "wanted": ["M2"]},
            {"prompt": "1.6.1-beta.1 推上去了，win 上出个测试包给客服试试", "wanted": ["M2"]},
            {"prompt": "新 mac mini 上 pnpm tauri build --target universal-apple-darwin 报 error[E0463]: can't find crate "
                       "for `std`，note: the `x86_64-apple-darwin` target may not be installed，rust 刚装的", "wanted": ["M3"]},
            {"prompt": "toolchain 升 1.92 了，帮我在 win-build01 上出个 arm64 的包", "wanted": ["M3"]},
            {"prompt": "pinia 里 storeToRefs 什么时候必须用？我直接解构 store 好像也能跑", "wanted": []},
            {"prompt": "vite 的 optimizeDeps.include 是干嘛的，element-plus 要不要加", "wanted": []},
            {"prompt": "Tauri 2 的多窗口之间怎么共享状态，另开一个打印预览窗口", "wanted": []},
            {"prompt": "sqlx 的 query_as! 宏和 query_as 函数我们该用哪个，编译期检查要 DATABASE_URL 吗", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    _commits.clear()
    d = Dev("zh-tauri", U, "zh", MODEL, seed=20261012, files=FILES)
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        s(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-tauri.jsonl"), os.path.join(HERE, "tune", "zh-tauri.labels.json"))
    print(f"zh-tauri -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
