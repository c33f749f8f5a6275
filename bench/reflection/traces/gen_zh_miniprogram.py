"""zh-miniprogram: 陈思远 (Chen Siyuan), WeChat mini program with Taro 4 + React + TypeScript.

Stack: pnpm 9 workspace (`apps/mp` = @shop/mp, the Taro 4 mini program; `packages/shared` = @shop/shared types and
helpers; `cloudfunctions/*` = CloudBase cloud functions on wx-server-sdk, each its own package), miniprogram-ci for
preview / upload (apps/mp/scripts/mp-ci.mjs), CloudBase CLI `tcb` (wrapped by scripts/cf.mjs for deploy / invoke),
Jest 29, ESLint 9 + Stylelint 16, husky + lint-staged, GitHub (origin) + Gitee mirror (gitee).
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind for fresh/; measured once held out (round 10), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chensy"
R = "/home/chensy/work/shop-mp"
MODEL = "claude-opus-4-6"
MP = "apps/mp"
APPID = "wx5e1b7d3a9c4f2086"
ENV_DEV = "shop-dev-4g8k2w1c9e0b7a35"
GH = "github.com:luyou-retail/shop-mp.git"
GE = "gitee.com:luyou-retail/shop-mp.git"
STORE = "node_modules/.pnpm"

HX = random.Random(10086)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def hdr(script, cmd, name="shop-mp", ver="0.0.0", cwd=R):
    return f"\n> {name}@{ver} {script} {cwd}\n> {cmd}\n"


def mphdr(script, cmd, ver="1.7.2"):
    return hdr(script, cmd, "@shop/mp", ver, f"{R}/{MP}")


ELIFE = " ELIFECYCLE  Command failed with exit code {}."

FILES = {
    P("package.json"): """{
  "name": "shop-mp",
  "version": "0.0.0",
  "private": true,
  "packageManager": "pnpm@9.12.3",
  "engines": {
    "node": ">=20.11"
  },
  "scripts": {
    "dev:weapp": "pnpm -F @shop/mp dev:weapp",
    "build:weapp": "pnpm -F @shop/mp build:weapp",
    "mp:preview": "pnpm -F @shop/mp mp:preview",
    "mp:upload": "pnpm -F @shop/mp mp:upload",
    "lint": "pnpm lint:js && pnpm lint:style",
    "lint:js": "eslint .",
    "lint:style": "stylelint \\"apps/mp/src/**/*.scss\\"",
    "typecheck": "pnpm -r --parallel typecheck",
    "test": "pnpm -r test",
    "test:cf": "pnpm -r --filter \\"./cloudfunctions/*\\" test",
    "cf:deploy": "node scripts/cf.mjs deploy",
    "cf:invoke": "node scripts/cf.mjs invoke",
    "prepare": "husky"
  },
  "devDependencies": {
    "@cloudbase/cli": "^2.6.3",
    "eslint": "^9.12.0",
    "husky": "^9.1.6",
    "lint-staged": "^15.2.10",
    "stylelint": "^16.9.0",
    "stylelint-config-standard-scss": "^13.1.0",
    "typescript": "~5.6.3"
  },
  "lint-staged": {
    "*.{ts,tsx,js,mjs}": "eslint --fix",
    "*.scss": "stylelint --fix"
  }
}
""",
    P("pnpm-workspace.yaml"): """packages:
  - apps/*
  - packages/*
  - cloudfunctions/*
""",
    P("cloudbaserc.json"): """{
  "version": "2.0",
  "$schema": "https://framework-1258016615.tcloudbaseapp.com/schema/latest.json",
  "functionRoot": "./cloudfunctions",
  "functions": [
    { "name": "coupon", "timeout": 5, "runtime": "Nodejs16.13", "installDependency": true },
    { "name": "order", "timeout": 10, "runtime": "Nodejs16.13", "installDependency": true },
    { "name": "points", "timeout": 5, "runtime": "Nodejs16.13", "installDependency": true },
    { "name": "pay", "timeout": 10, "runtime": "Nodejs16.13", "installDependency": true },
    { "name": "refund", "timeout": 20, "runtime": "Nodejs16.13", "installDependency": true },
    { "name": "groupBuy", "timeout": 5, "runtime": "Nodejs16.13", "installDependency": true },
    { "name": "report", "timeout": 60, "runtime": "Nodejs16.13", "installDependency": true }
  ]
}
""",
    P("scripts/cf.mjs"): """#!/usr/bin/env node
// 云函数部署 / 调用的薄封装。环境 ID 不写进 cloudbaserc.json（dev / prod 两个环境，防止误发到正式环境），
// 这里从 .env.cf.local 读 CF_ENV_ID，没有就用开发环境。
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

const DEV_ENV = 'shop-dev-4g8k2w1c9e0b7a35'
const local = existsSync('.env.cf.local') ? readFileSync('.env.cf.local', 'utf8') : ''
const envId = /^CF_ENV_ID=(.+)$/m.exec(local)?.[1]?.trim() || DEV_ENV

const [cmd, name, params] = process.argv.slice(2)
if (!cmd || !name) {
  console.error('usage: node scripts/cf.mjs <deploy|invoke> <函数名> [params-json]')
  process.exit(2)
}
console.log(`[cf] env=${envId} fn=${name}`)
const run = (args) => execFileSync('npx', ['tcb', ...args], { stdio: 'inherit' })
try {
  if (cmd === 'deploy') run(['fn', 'deploy', name, '-e', envId, '--force'])
  else if (cmd === 'invoke') run(['fn', 'invoke', name, '-e', envId, '--params', params ?? '{}'])
  else throw new Error(`unknown command ${cmd}`)
} catch (e) {
  process.exit(e.status ?? 1)
}
""",
    P(f"{MP}/package.json"): """{
  "name": "@shop/mp",
  "version": "1.7.2",
  "private": true,
  "scripts": {
    "dev:weapp": "taro build --type weapp --watch",
    "build:weapp": "taro build --type weapp",
    "mp:preview": "node scripts/mp-ci.mjs preview",
    "mp:upload": "node scripts/mp-ci.mjs upload",
    "typecheck": "tsc --noEmit",
    "test": "jest"
  },
  "dependencies": {
    "@shop/shared": "workspace:*",
    "@tarojs/components": "4.0.9",
    "@tarojs/helper": "4.0.9",
    "@tarojs/plugin-framework-react": "4.0.9",
    "@tarojs/plugin-platform-weapp": "4.0.9",
    "@tarojs/react": "4.0.9",
    "@tarojs/runtime": "4.0.9",
    "@tarojs/taro": "4.0.9",
    "dayjs": "^1.11.13",
    "react": "^18.3.1",
    "react-dom": "^18.3.1"
  },
  "devDependencies": {
    "@tarojs/cli": "4.0.9",
    "@tarojs/webpack5-runner": "4.0.9",
    "@types/jest": "^29.5.13",
    "@types/react": "^18.3.11",
    "babel-preset-taro": "4.0.9",
    "jest": "^29.7.0",
    "miniprogram-ci": "^2.1.14",
    "sass": "^1.79.4",
    "ts-jest": "^29.2.5",
    "webpack": "5.95.0"
  }
}
""",
    P(f"{MP}/scripts/mp-ci.mjs"): """#!/usr/bin/env node
// 预览 / 上传：直接打包 dist/（Taro 的产物目录），不会自己编译。
import ci from 'miniprogram-ci'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const root = path.resolve(import.meta.dirname, '..')
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    page: { type: 'string' },
    query: { type: 'string' },
    version: { type: 'string' },
    desc: { type: 'string' },
    robot: { type: 'string', default: '3' },
  },
})
const action = positionals[0]

const project = new ci.Project({
  appid: 'wx5e1b7d3a9c4f2086',
  type: 'miniProgram',
  projectPath: path.join(root, 'dist'),
  privateKeyPath: process.env.MP_CI_KEY ?? path.join(os.homedir(), '.config/luyou/private.wx5e1b7d3a9c4f2086.key'),
})
const setting = { es6: false, es7: false, minify: false, autoPrefixWXSS: false }
const robot = Number(values.robot)

try {
  if (action === 'preview') {
    console.log(`[mp-ci] preview robot=${robot}${values.page ? ` page=${values.page}` : ''}`)
    const res = await ci.preview({
      project, robot, setting,
      desc: values.desc ?? `preview by ${os.userInfo().username}`,
      pagePath: values.page, searchQuery: values.query,
      qrcodeFormat: 'image', qrcodeOutputDest: path.join(root, '.preview/qrcode.jpg'),
      onProgressUpdate: (t) => typeof t === 'string' || console.log(`[mp-ci] ${t._msg} ${t._status}`),
    })
    console.log('[mp-ci] done', JSON.stringify(res.subPackageInfo))
    console.log(`[mp-ci] 二维码: ${path.join('.preview', 'qrcode.jpg')}`)
  } else if (action === 'upload') {
    if (!values.version) throw new Error('upload 需要 --version')
    console.log(`[mp-ci] upload ${values.version} robot=${robot}`)
    const res = await ci.upload({
      project, robot, setting, version: values.version, desc: values.desc ?? values.version,
      onProgressUpdate: (t) => typeof t === 'string' || console.log(`[mp-ci] ${t._msg} ${t._status}`),
    })
    console.log('[mp-ci] done', JSON.stringify(res.subPackageInfo))
  } else {
    throw new Error(`unknown action ${action}`)
  }
} catch (e) {
  console.error(`[mp-ci] ${action} failed:`)
  console.error(e)
  process.exit(1)
}
""",
    P(f"{MP}/config/index.ts"): """import { defineConfig } from '@tarojs/cli'
import path from 'node:path'

export default defineConfig<'webpack5'>(async (merge) => {
  const base = {
    projectName: 'shop-mp',
    date: '2025-3-18',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: 'dist',
    framework: 'react',
    compiler: 'webpack5',
    alias: { '@': path.resolve(__dirname, '..', 'src') },
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, base, (await import('./dev')).default)
  }
  return merge({}, base, (await import('./prod')).default)
})
""",
    P(".stylelintrc.cjs"): """/**
 * 尺寸一律写 px（设计稿 750 宽，Taro 的 pxtransform 按 1:1 转成 rpx）。
 * 不要手写 rpx：H5 端不认，而且会绕过 pxtransform。
 * 不想被转换的（比如 1 像素的边框）写大写 PX。
 */
module.exports = {
  extends: ['stylelint-config-standard-scss'],
  rules: {
    'unit-disallowed-list': ['rpx'],
    // 老代码里 rgba(…, 0.2) 写法很多，先不强制 modern 写法
    'color-function-notation': null,
    'alpha-value-notation': null,
    'selector-class-pattern': null,
    'scss/at-import-partial-extension': null,
  },
}
""",
    P(f"{MP}/src/app.config.ts"): """export default defineAppConfig({
  pages: [
    'pages/index/index',
    'pages/category/index',
    'pages/cart/index',
    'pages/mine/index',
    'pages/order/list/index',
    'pages/order/detail/index',
    'pages/goods/detail/index',
  ],
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '鹿柚优选',
    navigationBarTextStyle: 'black',
  },
  tabBar: {
    color: '#8a8a8a',
    selectedColor: '#ff6a3d',
    list: [
      { pagePath: 'pages/index/index', text: '首页', iconPath: 'assets/tab/home.png', selectedIconPath: 'assets/tab/home-on.png' },
      { pagePath: 'pages/category/index', text: '分类', iconPath: 'assets/tab/cate.png', selectedIconPath: 'assets/tab/cate-on.png' },
      { pagePath: 'pages/cart/index', text: '购物车', iconPath: 'assets/tab/cart.png', selectedIconPath: 'assets/tab/cart-on.png' },
      { pagePath: 'pages/mine/index', text: '我的', iconPath: 'assets/tab/mine.png', selectedIconPath: 'assets/tab/mine-on.png' },
    ],
  },
  lazyCodeLoading: 'requiredComponents',
})
""",
    P(f"{MP}/src/services/cloud.ts"): """import Taro from '@tarojs/taro'

export interface CloudResult<T> {
  code: number
  msg?: string
  data?: T
}

/** 所有云函数都走这里：{ action, ...payload } 进，{ code, msg, data } 出；code !== 0 统一 toast。 */
export async function callCloud<T>(name: string, action: string, payload: Record<string, unknown> = {}): Promise<T> {
  const { result } = await Taro.cloud.callFunction({ name, data: { action, ...payload } })
  const res = result as CloudResult<T>
  if (res.code !== 0) {
    Taro.showToast({ title: res.msg || '系统繁忙，请稍后再试', icon: 'none' })
    throw new Error(res.msg || `cloud ${name}.${action} failed: ${res.code}`)
  }
  return res.data as T
}
""",
    P(f"{MP}/src/utils/price.ts"): """/** 金额在库里和接口里都是「分」（整数）。只在展示的时候转成元。 */
export function formatPrice(fen: number, opts: { symbol?: boolean; trimZero?: boolean } = {}): string {
  const { symbol = true, trimZero = false } = opts
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(Math.round(fen))
  let yuan = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
  if (trimZero) yuan = yuan.replace(/\\.?0+$/, '')
  return `${sign}${symbol ? '¥' : ''}${yuan}`
}
""",
    P(f"{MP}/src/pages/order/detail/index.tsx"): """import { View, Text, Button } from '@tarojs/components'
import Taro, { useLoad, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import type { OrderDetail } from '@shop/shared'
import { callCloud } from '@/services/cloud'
import { formatPrice } from '@/utils/price'
import OrderGoods from './components/OrderGoods'
import './index.scss'

export default function OrderDetailPage() {
  const router = useRouter()
  const [order, setOrder] = useState<OrderDetail>()

  useLoad(async () => {
    const data = await callCloud<OrderDetail>('order', 'detail', { orderId: router.params.id })
    setOrder(data)
  })

  if (!order) return <View className="order-detail order-detail--loading" />

  return (
    <View className="order-detail">
      <View className="order-detail__status">{order.statusText}</View>
      <OrderGoods items={order.items} />
      <View className="order-detail__row">
        <Text>实付</Text>
        <Text className="order-detail__amount">{formatPrice(order.payAmount)}</Text>
      </View>
      <View className="order-detail__actions">
        <Button size="mini" onClick={() => Taro.setClipboardData({ data: order.orderNo })}>复制单号</Button>
      </View>
    </View>
  )
}
""",
    P(f"{MP}/src/pages/index/index.tsx"): """import { View, Swiper, SwiperItem, Image } from '@tarojs/components'
import { useLoad } from '@tarojs/taro'
import { useState } from 'react'
import type { Banner, GoodsCard } from '@shop/shared'
import { callCloud } from '@/services/cloud'
import GoodsGrid from '@/components/GoodsGrid'
import './index.scss'

export default function IndexPage() {
  const [banners, setBanners] = useState<Banner[]>([])
  const [goods, setGoods] = useState<GoodsCard[]>([])

  useLoad(async () => {
    const home = await callCloud<{ banners: Banner[]; goods: GoodsCard[] }>('order', 'home')
    setBanners(home.banners)
    setGoods(home.goods)
  })

  return (
    <View className="index">
      <Swiper className="index__banner" circular autoplay interval={3000} indicatorDots>
        {banners.map((b) => (
          <SwiperItem key={b.id}>
            <Image className="index__banner-img" src={b.image} mode="aspectFill" />
          </SwiperItem>
        ))}
      </Swiper>
      <GoodsGrid list={goods} />
    </View>
  )
}
""",
    P("cloudfunctions/coupon/package.json"): """{
  "name": "@shop/cf-coupon",
  "version": "1.3.0",
  "private": true,
  "main": "index.js",
  "scripts": {
    "test": "jest"
  },
  "dependencies": {
    "wx-server-sdk": "~3.0.1"
  },
  "devDependencies": {
    "jest": "^29.7.0"
  }
}
""",
    P("cloudfunctions/coupon/config.json"): """{
  "permissions": {
    "openapi": []
  },
  "timeout": 5
}
""",
    P("cloudfunctions/coupon/index.js"): """const cloud = require('wx-server-sdk')

cloud.init({ env: cloud.DYNAMIC_CURRENT_ENV })
const db = cloud.database()
const _ = db.command

const ok = (data) => ({ code: 0, data })
const fail = (code, msg) => ({ code, msg })

async function listAvailable({ OPENID }) {
  const now = Date.now()
  const { data } = await db
    .collection('coupon_templates')
    .where({ status: 'online', startAt: _.lte(now), endAt: _.gt(now) })
    .orderBy('sort', 'asc')
    .limit(50)
    .get()
  const { data: mine } = await db.collection('user_coupons').where({ _openid: OPENID }).field({ templateId: true }).get()
  const owned = new Set(mine.map((c) => c.templateId))
  return ok(data.map((t) => ({ ...t, owned: owned.has(t._id) })))
}

const actions = { listAvailable }

exports.main = async (event) => {
  const wxContext = cloud.getWXContext()
  const handler = actions[event.action]
  if (!handler) return fail(40001, `unknown action ${event.action}`)
  try {
    return await handler({ ...event, OPENID: wxContext.OPENID })
  } catch (e) {
    console.error(event.action, e)
    return fail(50000, '系统繁忙，请稍后再试')
  }
}

exports._actions = actions
""",
    P("cloudfunctions/coupon/__tests__/helpers/cloud-mock.js"): """// wx-server-sdk 的最小 mock：内存里的集合 + 链式 where/orderBy/limit/get + 事务
function createDb(seed = {}) {
  const tables = JSON.parse(JSON.stringify(seed))
  const command = {
    lte: (v) => ({ $lte: v }),
    gt: (v) => ({ $gt: v }),
    gte: (v) => ({ $gte: v }),
    inc: (v) => ({ $inc: v }),
  }
  return { tables, command, collection: (name) => collection(tables, name), runTransaction: async (fn) => fn(txn(tables)) }
}
module.exports = { createDb }
""",
    P("cloudfunctions/pay/config.json"): """{
  "permissions": {
    "openapi": []
  },
  "timeout": 10
}
""",
    P("cloudfunctions/pay/index.js"): """const cloud = require('wx-server-sdk')

cloud.init({ env: cloud.DYNAMIC_CURRENT_ENV })
const db = cloud.database()

const SUB_MCH_ID = '1712836450'

async function unifiedOrder({ orderId, OPENID }) {
  const { data: order } = await db.collection('orders').doc(orderId).get()
  const res = await cloud.cloudPay.unifiedOrder({
    body: `鹿柚优选-${order.orderNo}`,
    outTradeNo: order.orderNo,
    spbillCreateIp: '127.0.0.1',
    subMchId: SUB_MCH_ID,
    totalFee: order.payAmount,
    envId: cloud.DYNAMIC_CURRENT_ENV,
    functionName: 'payNotify',
    tradeType: 'JSAPI',
    openid: OPENID,
  })
  return { code: 0, data: res.payment }
}

exports.main = async (event) => {
  const { OPENID } = cloud.getWXContext()
  if (event.action === 'unifiedOrder') return unifiedOrder({ ...event, OPENID })
  return { code: 40001, msg: `unknown action ${event.action}` }
}
""",
    P("CHANGELOG.md"): """# Changelog

## 1.7.2 (2026-09-24)

- 修复：购物车数量步进器快速连点会多扣库存
- 修复：订单列表下拉刷新后分页错乱

## 1.7.1 (2026-09-16)

- 修复：iPhone 底部安全区遮挡结算栏

## 1.7.0 (2026-09-10)

- 新增：商品详情页规格选择弹层
- 新增：订单列表按状态筛选
""",
}


def rpx_report(rel, content):
    """stylelint 16 string formatter output for unit-disallowed-list rpx."""
    import re as _re
    rows = []
    for i, line in enumerate(content.split("\n"), 1):
        for m in _re.finditer(r"(-?[0-9.]+)rpx", line):
            rows.append((i, m.start() + 1))
    w = max(len(f"{a}:{b}") for a, b in rows)
    out = ["", rel]
    for a, b in rows:
        out.append(f"  {f'{a}:{b}':<{w}}  ✖  Unexpected unit \"rpx\"  unit-disallowed-list")
    n = len(rows)
    out += ["", f"✖ {n} problem{'s' if n != 1 else ''} ({n} error{'s' if n != 1 else ''}, 0 warnings)", ""]
    return "\n".join(out), n


def rpx_multi(items):
    parts = []
    total = 0
    for rel, content in items:
        txt, n = rpx_report(rel, content)
        parts.append("\n".join(txt.split("\n")[:-3]))
        total += n
    return "\n".join(parts) + f"\n\n✖ {total} problems ({total} errors, 0 warnings)\n"


def typecheck_ok(extra=""):
    return hdr("typecheck", "pnpm -r --parallel typecheck") + """
Scope: all 10 workspace projects
apps/mp typecheck$ tsc --noEmit
packages/shared typecheck$ tsc --noEmit
packages/shared typecheck: Done
apps/mp typecheck: Done""" + extra


def jest_block(suites, tests, secs, pattern=None):
    n = sum(len(s[1]) for s in suites)
    lines = []
    for name, cases in suites:
        lines.append(f"PASS {name}")
        for group, items in cases:
            lines.append(f"  {group}")
            for it in items:
                lines.append(f"    ✓ {it}")
        lines.append("")
    nt = sum(len(items) for _, cs in suites for _, items in cs)
    lines.append(f"Test Suites: {len(suites)} passed, {len(suites)} total")
    lines.append(f"Tests:       {nt} passed, {nt} total")
    lines.append("Snapshots:   0 total")
    lines.append(f"Time:        {secs} s")
    lines.append(f"Ran all test suites matching /{pattern}/i." if pattern else "Ran all test suites.")
    return "\n".join(lines)


COUPON_SCSS = """.coupon-center {
  min-height: 100vh;
  padding: 24rpx 24rpx 48rpx;
  background: #f6f6f6;

  &__card {
    display: flex;
    align-items: center;
    height: 180rpx;
    margin-bottom: 20rpx;
    border-radius: 16rpx;
    background: #fff;
    overflow: hidden;

    &--disabled {
      opacity: 0.5;
    }
  }

  &__value {
    width: 220rpx;
    color: #ff6a3d;
    font-size: 52rpx;
    font-weight: 600;
    text-align: center;
  }

  &__unit {
    font-size: 26rpx;
  }

  &__info {
    flex: 1;
    padding: 0 20rpx;
  }

  &__title {
    color: #222;
    font-size: 30rpx;
  }

  &__cond {
    margin-top: 8rpx;
    color: #999;
    font-size: 24rpx;
  }

  &__btn {
    margin-right: 24rpx;
    padding: 0 28rpx;
    border-radius: 28rpx;
    background: #ff6a3d;
    color: #fff;
    font-size: 26rpx;
    line-height: 56rpx;
  }
}
"""

COUPON_UTILS = """import dayjs from 'dayjs'
import { formatPrice } from '@/utils/price'

export interface CouponTemplate {
  _id: string
  title: string
  /** full_reduction = 满减（amount 为分），discount = 折扣（discount 为 1-99，85 即 8.5 折） */
  type: 'full_reduction' | 'discount'
  /** 使用门槛，单位分；0 表示无门槛 */
  threshold: number
  amount?: number
  discount?: number
  stock: number
  claimed: number
  endAt: number
  owned: boolean
}

export type CouponState = 'owned' | 'soldOut' | 'available'

export function couponState(t: CouponTemplate): CouponState {
  if (t.owned) return 'owned'
  if (t.claimed >= t.stock) return 'soldOut'
  return 'available'
}

export function valueText(t: CouponTemplate): { value: string; unit: string } {
  if (t.type === 'discount') return { value: String((t.discount ?? 100) / 10), unit: '折' }
  return { value: formatPrice(t.amount ?? 0, { symbol: false, trimZero: true }), unit: '元' }
}

export function condText(t: CouponTemplate): string {
  const cond = t.threshold > 0 ? `满${formatPrice(t.threshold, { symbol: false, trimZero: true })}元可用` : '无门槛'
  return `${cond} · ${dayjs(t.endAt).format('MM-DD HH:mm')} 到期`
}
"""

COUPON_TEST = """import { condText, couponState, valueText, type CouponTemplate } from './utils'

const base: CouponTemplate = {
  _id: 'tpl_1',
  title: '生鲜满减券',
  type: 'full_reduction',
  threshold: 9900,
  amount: 1000,
  stock: 100,
  claimed: 10,
  endAt: new Date(2026, 9, 31, 23, 59).getTime(),
  owned: false,
}

describe('couponState', () => {
  it('已领取优先', () => {
    expect(couponState({ ...base, owned: true, claimed: 100 })).toBe('owned')
  })
  it('领完了是已抢光', () => {
    expect(couponState({ ...base, claimed: 100 })).toBe('soldOut')
  })
  it('其余可领取', () => {
    expect(couponState(base)).toBe('available')
  })
})

describe('valueText / condText', () => {
  it('满减券按元显示，整数不带小数', () => {
    expect(valueText(base)).toEqual({ value: '10', unit: '元' })
    expect(valueText({ ...base, amount: 550 })).toEqual({ value: '5.5', unit: '元' })
  })
  it('折扣券显示几折', () => {
    expect(valueText({ ...base, type: 'discount', amount: undefined, discount: 85 })).toEqual({ value: '8.5', unit: '折' })
  })
  it('门槛为 0 显示无门槛', () => {
    expect(condText({ ...base, threshold: 0 })).toBe('无门槛 · 10-31 23:59 到期')
    expect(condText(base)).toBe('满99元可用 · 10-31 23:59 到期')
  })
})
"""

COUPON_PAGE = """import { View, Text, Button } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { callCloud } from '@/services/cloud'
import { condText, couponState, valueText, type CouponTemplate } from './utils'
import './index.scss'

const BTN_TEXT = { owned: '已领取', soldOut: '已抢光', available: '立即领取' } as const

export default function CouponCenter() {
  const [list, setList] = useState<CouponTemplate[]>([])
  const [claiming, setClaiming] = useState('')

  const load = async () => setList(await callCloud<CouponTemplate[]>('coupon', 'listAvailable'))

  useDidShow(() => {
    load()
  })

  const claim = async (t: CouponTemplate) => {
    if (claiming) return
    setClaiming(t._id)
    try {
      await callCloud('coupon', 'claim', { templateId: t._id })
      Taro.showToast({ title: '领取成功', icon: 'success' })
      await load()
    } finally {
      setClaiming('')
    }
  }

  return (
    <View className="coupon-center">
      {list.map((t) => {
        const state = couponState(t)
        const { value, unit } = valueText(t)
        return (
          <View key={t._id} className={`coupon-center__card ${state === 'available' ? '' : 'coupon-center__card--disabled'}`}>
            <View className="coupon-center__value">
              {value}
              <Text className="coupon-center__unit">{unit}</Text>
            </View>
            <View className="coupon-center__info">
              <View className="coupon-center__title">{t.title}</View>
              <View className="coupon-center__cond">{condText(t)}</View>
            </View>
            <Button
              className="coupon-center__btn"
              disabled={state !== 'available'}
              loading={claiming === t._id}
              onClick={() => claim(t)}
            >
              {BTN_TEXT[state]}
            </Button>
          </View>
        )
      })}
    </View>
  )
}
"""


def gen():
    d = Dev("zh-miniprogram", U, "zh", MODEL, seed=20261008, files=FILES)
    appcfg = P(f"{MP}/src/app.config.ts")
    cc = f"{MP}/src/pages/coupon-center"

    # ============================================================== S1
    with d.session("2026-10-08T02:12:00", R, branch="feat/coupon-center", version="2.1.88"):
        t = d.task("节后第一天，帮我重新过一遍这个仓库：Taro 这边是怎么调云函数的，云函数怎么部署，小程序预览和上传又是怎么走的？我这周要做领券中心。",
                   tags=["noise"])
        t.read(P("package.json"))
        t.read(P("pnpm-workspace.yaml"))
        t.read(P(f"{MP}/package.json"))
        t.read(P(f"{MP}/src/services/cloud.ts"))
        t.read(P("scripts/cf.mjs"))
        t.read(P("cloudbaserc.json"))
        t.read(P(f"{MP}/scripts/mp-ci.mjs"))
        t.done("""整体是一个 pnpm workspace：

| 目录 | 包名 | 作用 |
|---|---|---|
| `apps/mp` | `@shop/mp` | 小程序本体，Taro 4 + React + TS，webpack5 编译到 `apps/mp/dist` |
| `packages/shared` | `@shop/shared` | 前后端共用的类型（`OrderDetail`、`GoodsCard` 等）和小工具 |
| `cloudfunctions/*` | `@shop/cf-*` | 云函数，每个是独立的包（`coupon`、`order`、`points`、`pay`、`refund`、`groupBuy`、`report`），都用 `wx-server-sdk` |

**小程序调云函数**：统一走 `apps/mp/src/services/cloud.ts` 的 `callCloud(name, action, payload)`，底层是 `Taro.cloud.callFunction`，约定入参 `{ action, ...payload }`、出参 `{ code, msg, data }`；`code !== 0` 时这里统一 toast 并抛错，页面里一般不用再自己弹提示。云函数那边对应地在 `exports.main` 里按 `event.action` 分发。

**云函数部署**：`pnpm cf:deploy <函数名>`，实际是 `scripts/cf.mjs` 去调 CloudBase CLI：`tcb fn deploy <name> -e <envId> --force`。注意 `cloudbaserc.json` 里**故意没写 envId**（有 dev / prod 两个环境），环境从 `.env.cf.local` 的 `CF_ENV_ID` 读，不配就是开发环境 `shop-dev-…`。调用同理：`pnpm cf:invoke <name> '<json>'`。

**预览 / 上传**：`pnpm mp:preview` / `pnpm mp:upload`（根目录转发到 `@shop/mp`），脚本是 `apps/mp/scripts/mp-ci.mjs`，用 miniprogram-ci：
- 直接打包 `apps/mp/dist`，**脚本本身不编译**，dist 里是什么就传什么
- 私钥默认在 `~/.config/luyou/private.wx5e1b7d3a9c4f2086.key`，可用 `MP_CI_KEY` 覆盖
- 预览支持 `--page` / `--query`，二维码输出到 `apps/mp/.preview/qrcode.jpg`；上传需要 `--version`，可选 `--desc`，默认 robot 3

日常开发是 `pnpm dev:weapp`（watch 编译到 dist）+ 微信开发者工具打开 `apps/mp`。

领券中心开工的话，页面放 `apps/mp/src/pages/` 下，记得在 `src/app.config.ts` 的 `pages` 里注册；领券接口加在 `coupon` 云函数里。""")

        t = d.task("开工领券中心：新页面 pages/coupon-center，列出当前可领的券（coupon 云函数已经有 listAvailable 了），每张券显示面额、门槛、到期时间，按钮三种状态：立即领取 / 已领取 / 已抢光。"
                   "领取先调 coupon 的 claim，这个云函数 action 我下次再写。金额相关的规矩你记一下：库里和接口里金额都是以分为单位的整数，别拿小数去算，展示的时候统一用 formatPrice 转成元。"
                   "纯逻辑抽出来写 jest 单测，页面注册好，类型检查和 lint 都要过。",
                   tags=["workflow:W1", "pref:P1", "mistake:M3"])
        t.glob("apps/mp/src/pages/*/index.tsx", [P(f"{MP}/src/pages/cart/index.tsx"), P(f"{MP}/src/pages/category/index.tsx"),
                                                  P(f"{MP}/src/pages/index/index.tsx"), P(f"{MP}/src/pages/mine/index.tsx")], path=R)
        t.read(appcfg)
        t.read(P(f"{MP}/src/utils/price.ts"))
        t.read(P("cloudfunctions/coupon/index.js"))
        t.say("`listAvailable` 返回的是模板列表加上 `owned` 标记，金额字段都是分。先把纯逻辑（状态、面额文案、门槛文案）放到 `utils.ts`，页面只管渲染。")
        t.write(P(f"{cc}/utils.ts"), COUPON_UTILS)
        t.write(P(f"{cc}/utils.test.ts"), COUPON_TEST)
        t.write(P(f"{cc}/index.config.ts"), """export default definePageConfig({
  navigationBarTitleText: '领券中心',
  enablePullDownRefresh: false,
})
""")
        t.write(P(f"{cc}/index.tsx"), COUPON_PAGE)
        t.write(P(f"{cc}/index.scss"), COUPON_SCSS)
        t.edit(appcfg, "    'pages/goods/detail/index',\n", "    'pages/goods/detail/index',\n    'pages/coupon-center/index',\n")
        t.bash("pnpm -F @shop/mp exec jest src/pages/coupon-center", "Run coupon-center unit tests",
               err=jest_block([("src/pages/coupon-center/utils.test.ts",
                                [("couponState", ["已领取优先 (3 ms)", "领完了是已抢光 (1 ms)", "其余可领取"]),
                                 ("valueText / condText", ["满减券按元显示，整数不带小数 (1 ms)", "折扣券显示几折", "门槛为 0 显示无门槛 (2 ms)"])])],
                              6, "2.418", "src\\/pages\\/coupon-center"))
        t.bash("pnpm typecheck", "Type-check all workspace packages", out=typecheck_ok())
        rep, n = rpx_report(f"{cc}/index.scss", COUPON_SCSS)
        t.fail("pnpm lint", "Run ESLint and Stylelint",
               hdr("lint", "pnpm lint:js && pnpm lint:style") + "\n" + hdr("lint:js", "eslint .") + "\n" +
               hdr("lint:style", "stylelint \"apps/mp/src/**/*.scss\"") + rep + "\n" + ELIFE.format(2) + "\n" + ELIFE.format(2),
               code=2)
        t.read(P(".stylelintrc.cjs"))
        t.say(f"ESLint 过了，Stylelint 报了 {n} 处 `rpx`：仓库的 `.stylelintrc.cjs` 禁用了 rpx——设计稿 750 宽，Taro 的 pxtransform 会把 px 按 1:1 转成 rpx，手写 rpx 在 H5 端不认。这里数值本来就是按 750 稿写的，直接把单位换成 px 就行，数值不用动。")
        t.edit(P(f"{cc}/index.scss"), "rpx", "px", replace_all=True)
        t.bash("pnpm lint", "Re-run ESLint and Stylelint",
               out=hdr("lint", "pnpm lint:js && pnpm lint:style") + "\n" + hdr("lint:js", "eslint .") + "\n" +
               hdr("lint:style", "stylelint \"apps/mp/src/**/*.scss\""))
        t.done(f"""领券中心做好了，单测、类型检查、lint 都过了。

**新增** `apps/mp/src/pages/coupon-center/`
- `utils.ts`：`couponState`（已领取 > 已抢光 > 可领取）、`valueText`（满减券按元显示、整数不带 `.00`；折扣券 85 → 8.5 折）、`condText`（「满99元可用 · 10-31 23:59 到期」/「无门槛」）。金额全程是分，只在这里通过 `formatPrice` 转成元
- `utils.test.ts`：6 个用例
- `index.tsx`：`useDidShow` 时拉 `coupon.listAvailable`；点「立即领取」调 `coupon.claim`，成功后 toast 并刷新列表；领取中按钮 loading，防重复点
- `index.config.ts`、`index.scss`
- `src/app.config.ts` 的 `pages` 里注册了 `pages/coupon-center/index`

**lint 里踩的一个点**：样式我一开始写成了 rpx，被 Stylelint 的 `unit-disallowed-list` 拦下了（{n} 处）。仓库约定是按 750 设计稿直接写 px，由 Taro 转 rpx，已经全部改成 px。

`coupon.claim` 这个 action 云函数里还没有，现在点领取会返回 `unknown action claim`，等你下次写。""")

        t = d.task("问一下，Taro 里 useDidShow 和 useEffect(() => {}, []) 有什么区别？领券中心我看你用的是 useDidShow", tags=["noise", "no_tools"])
        t.done("""两者触发时机不一样：

- `useEffect(() => {}, [])`：组件**挂载**时执行一次。小程序页面从 A 跳到 B 再返回 A，A 页面实例还在页面栈里没有卸载，所以不会再执行。
- `useDidShow`：对应页面的 `onShow`，页面**每次显示**都会执行——首次进入、从下一页返回、从后台切回前台都会触发。
- 另外还有 `useLoad`（对应 `onLoad`，只一次，能拿到路由参数），和 `useEffect(..., [])` 时机接近。

领券中心用 `useDidShow` 是有意的：用户可能从这里跳到商品页用掉一张券、或者在别的页面领了券再返回，回到领券中心时要重新拉一次 `owned` / 库存状态。如果只在挂载时拉，返回后按钮状态会是旧的。

代价是每次显示都会请求一次云函数。领券中心数据量小，问题不大；如果是重页面，可以在 `useDidShow` 里加个节流（比如 30 秒内不重复拉）。""")

    # ============================================================== S2
    FILES_EXTRA = {
        P("cloudfunctions/coupon/__tests__/listAvailable.test.js"): """jest.mock('wx-server-sdk', () => require('./helpers/cloud-mock').sdk)
const { setTables, setOpenid, tables } = require('./helpers/cloud-mock')
const { main } = require('../index')

const NOW = new Date('2026-10-01T10:00:00+08:00').getTime()

beforeEach(() => {
  jest.useFakeTimers().setSystemTime(NOW)
  setOpenid('o_user_1')
  setTables({
    coupon_templates: [
      { _id: 't1', status: 'online', startAt: NOW - 1000, endAt: NOW + 1000, sort: 2, stock: 10, claimed: 0 },
      { _id: 't2', status: 'offline', startAt: NOW - 1000, endAt: NOW + 1000, sort: 1, stock: 10, claimed: 0 },
    ],
    user_coupons: [{ _id: 'o_user_1_t1', _openid: 'o_user_1', templateId: 't1' }],
  })
})

afterEach(() => jest.useRealTimers())

test('只返回在线且在领取时间内的券，并标记已领取', async () => {
  const res = await main({ action: 'listAvailable' })
  expect(res.code).toBe(0)
  expect(res.data.map((t) => [t._id, t.owned])).toEqual([['t1', true]])
  expect(tables().coupon_templates).toHaveLength(2)
})
""",
    }
    d.files.update(FILES_EXTRA)
    cfc = P("cloudfunctions/coupon/index.js")
    with d.session("2026-10-12T01:47:00", R, branch="feat/coupon-center", version="2.1.89"):
        t = d.task("把 coupon 云函数的 claim 写了：同一个人同一张券只能领一次，库存扣减要在事务里做，领到的券写进 user_coupons（status unused，过期时间跟模板的 endAt）。"
                   "单测补上，跑过之后部署到开发环境，调一下确认部署上去了。", tags=["workflow:W2"])
        t.read(cfc)
        t.glob("cloudfunctions/coupon/__tests__/**/*.js", [P("cloudfunctions/coupon/__tests__/helpers/cloud-mock.js"),
                                                            P("cloudfunctions/coupon/__tests__/listAvailable.test.js")], path=R)
        t.read(P("cloudfunctions/coupon/__tests__/listAvailable.test.js"))
        t.say("云开发数据库的事务里只能按 doc 读写，不能 where 查询，所以「一人一张」用确定的文档 id（`${OPENID}_${templateId}`）来保证：事务里先 get 这个 doc，存在就是领过了。")
        t.edit(cfc, "const actions = { listAvailable }", """async function claim({ OPENID, templateId }) {
  if (!OPENID) return fail(40100, '请先登录')
  if (!templateId) return fail(40001, '缺少 templateId')
  const now = Date.now()
  const ucId = `${OPENID}_${templateId}`
  return db.runTransaction(async (tx) => {
    const { data: tpl } = await tx.collection('coupon_templates').doc(templateId).get()
    if (tpl.status !== 'online' || now < tpl.startAt || now >= tpl.endAt) return fail(40901, '这张券现在不能领了')
    if (tpl.claimed >= tpl.stock) return fail(40902, '券已抢光')
    const mine = await tx.collection('user_coupons').doc(ucId).get().catch(() => null)
    if (mine && mine.data) return fail(40903, '已经领过了')
    await tx.collection('coupon_templates').doc(templateId).update({ data: { claimed: _.inc(1) } })
    await tx.collection('user_coupons').doc(ucId).set({
      data: {
        _openid: OPENID,
        templateId,
        title: tpl.title,
        type: tpl.type,
        threshold: tpl.threshold,
        amount: tpl.amount ?? null,
        discount: tpl.discount ?? null,
        status: 'unused',
        claimedAt: now,
        expireAt: tpl.endAt,
      },
    })
    return ok({ id: ucId })
  })
}

const actions = { listAvailable, claim }""")
        t.write(P("cloudfunctions/coupon/__tests__/claim.test.js"), """jest.mock('wx-server-sdk', () => require('./helpers/cloud-mock').sdk)
const { setTables, setOpenid, tables } = require('./helpers/cloud-mock')
const { main } = require('../index')

const NOW = new Date('2026-10-12T10:00:00+08:00').getTime()
const tpl = (over = {}) => ({
  _id: 't1', title: '满99减10', type: 'full_reduction', threshold: 9900, amount: 1000,
  status: 'online', startAt: NOW - 1000, endAt: NOW + 86400000, stock: 2, claimed: 0, ...over,
})

beforeEach(() => {
  jest.useFakeTimers().setSystemTime(NOW)
  setOpenid('o_user_1')
  setTables({ coupon_templates: [tpl()], user_coupons: [] })
})

afterEach(() => jest.useRealTimers())

test('领取成功：扣库存并写入 user_coupons', async () => {
  const res = await main({ action: 'claim', templateId: 't1' })
  expect(res).toEqual({ code: 0, data: { id: 'o_user_1_t1' } })
  expect(tables().coupon_templates[0].claimed).toBe(1)
  expect(tables().user_coupons[0]).toMatchObject({ status: 'unused', amount: 1000, expireAt: NOW + 86400000 })
})

test('同一个人不能领两次', async () => {
  await main({ action: 'claim', templateId: 't1' })
  const res = await main({ action: 'claim', templateId: 't1' })
  expect(res.code).toBe(40903)
  expect(tables().coupon_templates[0].claimed).toBe(1)
})

test('库存领完返回已抢光', async () => {
  setTables({ coupon_templates: [tpl({ claimed: 2 })], user_coupons: [] })
  expect((await main({ action: 'claim', templateId: 't1' })).code).toBe(40902)
})

test('不在领取时间内不能领', async () => {
  setTables({ coupon_templates: [tpl({ endAt: NOW - 1 })], user_coupons: [] })
  expect((await main({ action: 'claim', templateId: 't1' })).code).toBe(40901)
})

test('没有 OPENID 要求登录', async () => {
  setOpenid('')
  expect((await main({ action: 'claim', templateId: 't1' })).code).toBe(40100)
})
""")
        t.bash("pnpm -F @shop/cf-coupon test", "Run coupon cloud function tests",
               out=hdr("test", "jest", "@shop/cf-coupon", "1.3.0", P("cloudfunctions/coupon")),
               err="""PASS __tests__/listAvailable.test.js
PASS __tests__/claim.test.js

Test Suites: 2 passed, 2 total
Tests:       6 passed, 6 total
Snapshots:   0 total
Time:        0.912 s, estimated 1 s
Ran all test suites.""")
        t.bash("pnpm cf:deploy coupon", "Deploy coupon cloud function to dev env",
               out=hdr("cf:deploy", "node scripts/cf.mjs deploy coupon") + f"""
[cf] env={ENV_DEV} fn=coupon
- 正在部署云函数 coupon ...
✔ [coupon] 云函数部署成功！""", timeout=300000)
        t.bash("pnpm cf:invoke coupon '{\"action\":\"claim\",\"templateId\":\"tpl_1012_full99\"}'", "Invoke claim on dev env",
               out=hdr("cf:invoke", "node scripts/cf.mjs invoke coupon '{\"action\":\"claim\",\"templateId\":\"tpl_1012_full99\"}'") + f"""
[cf] env={ENV_DEV} fn=coupon
✔ [coupon] 调用成功

响应结果：

{{"code":40100,"msg":"请先登录"}}""")
        t.done("""`coupon.claim` 写好了，单测过了，已部署到开发环境。

**逻辑**（`cloudfunctions/coupon/index.js`）
- 没有 `OPENID` → `40100 请先登录`；缺 `templateId` → `40001`
- 事务里：读模板 → 不在线 / 不在领取时间 → `40901`；`claimed >= stock` → `40902 券已抢光`
- 一人一张靠文档 id：`user_coupons` 的 `_id` 固定是 `${OPENID}_${templateId}`，事务里先 get，存在就 `40903 已经领过了`（云开发事务里不支持 where 查询，只能按 doc 操作，这样并发重复点也只会成功一次）
- 扣库存 `claimed: _.inc(1)`，写入 `status: 'unused'`、`expireAt = 模板 endAt`，金额字段原样存分

**单测** `__tests__/claim.test.js` 5 个用例：正常领取、重复领取、抢光、过期、未登录。

**部署确认**：`pnpm cf:invoke` 调用返回了 `40100 请先登录`——这是预期的，CLI 调用没有微信用户上下文，`getWXContext().OPENID` 为空，说明新代码已经在开发环境生效。真正领一张要在开发者工具或体验版里点。""")

        t = d.task("测试同学说体验版上领券偶尔会弹「系统繁忙，请稍后再试」，帮我看下开发环境 coupon 云函数最近的报错日志，先别改代码，看看是什么原因。",
                   tags=["mistake:M2"])
        t.fail("npx tcb fn log coupon --error --limit 20", "Fetch recent coupon error logs",
               " ✖ 未识别到有效的环境 Id，请使用 cloudbaserc 配置文件进行操作或通过 -e 参数指定环境 Id")
        t.say(f"`cloudbaserc.json` 里没写 envId，CLI 不知道查哪个环境。体验版连的是开发环境，带上 `-e {ENV_DEV}` 再查。")
        t.bash(f"npx tcb fn log coupon -e {ENV_DEV} --error --limit 20", "Fetch recent coupon error logs from dev env",
               out=f"""✔ 获取日志成功

RequestId: 3c9e1f07-6a0b-4b7e-9d52-1f8e0a6c2b41
函数名称: coupon
开始时间: 2026-10-11 10:00:02
运行时间: 5000ms
占用内存: 58.12 MB
返回结果:
日志:
START RequestId: 3c9e1f07-6a0b-4b7e-9d52-1f8e0a6c2b41
Event RequestId: 3c9e1f07-6a0b-4b7e-9d52-1f8e0a6c2b41
END RequestId: 3c9e1f07-6a0b-4b7e-9d52-1f8e0a6c2b41
Report RequestId: 3c9e1f07-6a0b-4b7e-9d52-1f8e0a6c2b41 Duration:5000ms Memory:256MB MaxMemoryUsed:58.12MB
错误信息: Task timed out after 5.00 seconds

RequestId: 8b27d4c5-0e1f-4a93-b6c8-72d05e9f3a16
函数名称: coupon
开始时间: 2026-10-11 10:00:01
运行时间: 412ms
占用内存: 55.40 MB
返回结果: {{"code":50000,"msg":"系统繁忙，请稍后再试"}}
日志:
START RequestId: 8b27d4c5-0e1f-4a93-b6c8-72d05e9f3a16
Event RequestId: 8b27d4c5-0e1f-4a93-b6c8-72d05e9f3a16
2026-10-11T02:00:01.733Z  8b27d4c5-0e1f-4a93-b6c8-72d05e9f3a16  ERROR  claim Error: errCode: -502001 database request fail | errMsg: [ResourceUnavailable.TransactionConflict] Transaction is conflicted. Please retry later.
    at new CloudSDKError (/var/user/node_modules/wx-server-sdk/index.js:8036:28)
    at processDatabaseError (/var/user/node_modules/wx-server-sdk/index.js:8173:11)
    at /var/user/node_modules/wx-server-sdk/index.js:9841:22
END RequestId: 8b27d4c5-0e1f-4a93-b6c8-72d05e9f3a16
Report RequestId: 8b27d4c5-0e1f-4a93-b6c8-72d05e9f3a16 Duration:412ms Memory:256MB MaxMemoryUsed:55.40MB

RequestId: f1a06c3e-93d2-4e58-8c1b-5b7e2d40a9fe
函数名称: coupon
开始时间: 2026-10-11 10:00:01
运行时间: 389ms
占用内存: 55.02 MB
返回结果: {{"code":50000,"msg":"系统繁忙，请稍后再试"}}
日志:
START RequestId: f1a06c3e-93d2-4e58-8c1b-5b7e2d40a9fe
Event RequestId: f1a06c3e-93d2-4e58-8c1b-5b7e2d40a9fe
2026-10-11T02:00:01.695Z  f1a06c3e-93d2-4e58-8c1b-5b7e2d40a9fe  ERROR  claim Error: errCode: -502001 database request fail | errMsg: [ResourceUnavailable.TransactionConflict] Transaction is conflicted. Please retry later.
    at new CloudSDKError (/var/user/node_modules/wx-server-sdk/index.js:8036:28)
    at processDatabaseError (/var/user/node_modules/wx-server-sdk/index.js:8173:11)
    at /var/user/node_modules/wx-server-sdk/index.js:9841:22
END RequestId: f1a06c3e-93d2-4e58-8c1b-5b7e2d40a9fe
Report RequestId: f1a06c3e-93d2-4e58-8c1b-5b7e2d40a9fe Duration:389ms Memory:256MB MaxMemoryUsed:55.02MB

共 3 条""")
        t.done(f"""看了开发环境 `coupon` 最近的错误日志（`tcb fn log` 要带 `-e {ENV_DEV}`，cloudbaserc.json 里没配环境），一共 3 条，全集中在 **10-11 10:00:01–10:00:07**，也就是测试同学同时抢同一张券的那几秒：

1. **两条事务冲突**：`errCode: -502001 … [ResourceUnavailable.TransactionConflict] Transaction is conflicted. Please retry later.`
   几个人同时领同一张券，事务里都要 `update` 同一个模板文档（`claimed: _.inc(1)`），云数据库是乐观锁，冲突的那个直接失败，被我们 `catch` 成了 `50000 系统繁忙`。
2. **一条超时**：`Task timed out after 5.00 seconds`。冲突后底层在重试，加上冷启动，超过了函数 5 秒的超时。

所以不是代码逻辑错，是**热点券的并发冲突**。平时一个人点不会出现，限时抢券就会。

可以考虑的改法（等你确认再动）：
- 在 `claim` 里识别 `TransactionConflict`，带一点随机退避重试 2～3 次，还失败再返回「人太多了，稍后再试」这种更准确的文案
- `cloudbaserc.json` 里 `coupon` 的 `timeout` 从 5 调到 10
- 如果以后真有大促抢券，库存可以拆成多个分片文档，减少同一文档上的冲突""")

        t = d.task("老林把商品详情的富文本改动合进 main 了，帮我把当前分支 rebase 到最新的 main 上，依赖也重新装一下。", tags=["flaky:F2"])
        t.bash("git fetch origin && git rebase origin/main", "Rebase feature branch onto origin/main",
               err="""From github.com:luyou-retail/shop-mp
   9a41c7e..5d0e3b2  main       -> origin/main
Successfully rebased and updated refs/heads/feat/coupon-center.""")
        t.bash("git log --oneline -5", "Show recent commits", out=f"""6c8e2f7 (HEAD -> feat/coupon-center) feat(coupon): 领券 claim，事务内扣库存，一人一张
0c94d8a feat(mp): 领券中心页面
5d0e3b2 (origin/main, origin/HEAD, main) feat(goods): 商品详情改用 mp-html 渲染富文本
3f6a2c1 fix(order): 订单列表下拉刷新后分页错乱
9a41c7e chore(release): 1.7.2""")
        pnpm_fail = f"""Scope: all 10 workspace projects
Lockfile is up to date, resolution step is skipped
Progress: resolved 1, reused 0, downloaded 0, added 0
Packages: +1
+
 ERR_PNPM_FETCH_502  GET https://registry.npmmirror.com/mp-html/-/mp-html-2.5.0.tgz: Bad Gateway - 502

This error happened while installing a direct dependency of {R}/apps/mp

No authorization header was set for the request.
Progress: resolved 1346, reused 1345, downloaded 0, added 0"""
        t.fail("pnpm install", "Install dependencies after rebase", pnpm_fail)
        t.say("npmmirror 对 mp-html 的 tarball 返回了 502，是镜像那边的临时问题，锁文件没问题，直接重试一次。")
        t.bash("pnpm install", "Install dependencies after rebase",
               out="""Scope: all 10 workspace projects
Lockfile is up to date, resolution step is skipped
Progress: resolved 1, reused 0, downloaded 0, added 0
Packages: +1
+
Progress: resolved 1346, reused 1345, downloaded 1, added 1, done

apps/mp dependencies:
+ mp-html 2.5.0

. prepare$ husky
. prepare: Done
Done in 4.7s""")
        t.done("""好了：

- 分支 `feat/coupon-center` 已 rebase 到最新 `origin/main`（`5d0e3b2 feat(goods): 商品详情改用 mp-html 渲染富文本`），我们的两个提交在上面，没有冲突
- `pnpm install` 第一次 npmmirror 拉 `mp-html-2.5.0.tgz` 返回了 502，重试一次就好了，新增依赖只有 `apps/mp` 的 `mp-html 2.5.0`

分支已经 rebase 过，推远端的时候需要 `--force-with-lease`（这个分支只有你自己在用的话）。""")

    # ============================================================== S3
    with d.session("2026-10-15T02:31:00", R, branch="feat/coupon-center", version="2.1.90"):
        t = d.task("领券中心给产品看一下，出个预览二维码，扫码直接打开领券中心页。", tags=["mistake:M1"])
        pv = hdr("mp:preview", "pnpm -F @shop/mp mp:preview \"--page\" \"pages/coupon-center/index\"") + "\n" + \
            mphdr("mp:preview", "node scripts/mp-ci.mjs preview \"--page\" \"pages/coupon-center/index\"")
        t.fail("pnpm mp:preview --page pages/coupon-center/index", "Generate preview QR code for coupon center",
               pv + f"""
[mp-ci] preview robot=3 page=pages/coupon-center/index
[mp-ci] compile project start
[mp-ci] compile project done
[mp-ci] upload start
[mp-ci] preview failed:
Error: 系统错误，错误码：80051,source size 2612KB exceed max limit 2MB [20261015 10:42:17][{APPID}]
    at Object.e.exports [as preview] ({R}/{STORE}/miniprogram-ci@2.1.14/node_modules/miniprogram-ci/dist/ci/preview.js:1:2876)
    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)
    at async file://{R}/apps/mp/scripts/mp-ci.mjs:41:17 {{
  code: 80051
}}
{R}/apps/mp:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @shop/mp@1.7.2 mp:preview: `node scripts/mp-ci.mjs preview "--page" "pages/coupon-center/index"`
Exit status 1
 ELIFECYCLE  Command failed with exit code 1.""")
        t.say("包体 2612KB 超过 2MB。领券中心就几 KB，不太可能是它撑爆的，先看看 dist 里现在是什么产物。")
        t.bash("ls -la apps/mp/dist | head -20 && du -sh apps/mp/dist && ls apps/mp/dist/*.map | wc -l",
               "Inspect dist contents and size",
               out="""total 2684
drwxr-xr-x 7 chensy chensy    4096 Oct 14 19:52 .
drwxr-xr-x 9 chensy chensy    4096 Oct 14 09:31 ..
-rw-r--r-- 1 chensy chensy   10817 Oct 14 19:52 app.js
-rw-r--r-- 1 chensy chensy   24630 Oct 14 19:52 app.js.map
-rw-r--r-- 1 chensy chensy    1403 Oct 14 19:52 app.json
-rw-r--r-- 1 chensy chensy    6721 Oct 14 19:52 app.wxss
drwxr-xr-x 3 chensy chensy    4096 Oct 14 09:31 assets
-rw-r--r-- 1 chensy chensy   88245 Oct 14 19:52 base.wxml
-rw-r--r-- 1 chensy chensy  106932 Oct 14 19:52 common.js
-rw-r--r-- 1 chensy chensy  187560 Oct 14 19:52 common.js.map
drwxr-xr-x 2 chensy chensy    4096 Oct 14 09:31 components
drwxr-xr-x 3 chensy chensy    4096 Oct 14 19:52 pages
-rw-r--r-- 1 chensy chensy    1172 Oct 14 19:52 project.config.json
-rw-r--r-- 1 chensy chensy   31206 Oct 14 19:52 runtime.js
-rw-r--r-- 1 chensy chensy   40115 Oct 14 19:52 runtime.js.map
-rw-r--r-- 1 chensy chensy  1321748 Oct 14 19:52 taro.js
-rw-r--r-- 1 chensy chensy   924317 Oct 14 19:52 taro.js.map
-rw-r--r-- 1 chensy chensy   612093 Oct 14 19:52 vendors.js
-rw-r--r-- 1 chensy chensy   498770 Oct 14 19:52 vendors.js.map
4.1M	apps/mp/dist
5""")
        t.bash("head -c 400 apps/mp/dist/taro.js", "Peek at taro.js to see if it is minified",
               out="""/*
 * ATTENTION: The "eval" devtool has been used (maybe by default in mode: "development").
 * This devtool is neither made for production nor for readable output files.
 * It uses "eval()" calls to create a separate source file in the browser devtools.
 */
(wx["webpackJsonp"] = wx["webpackJsonp"] || []).push([["taro"],{

/***/ "../../node_modules/.pnpm/@tarojs+runtime@4.0.9/node_modules/@tarojs/runtime/dist/runtime.esm.js":""")
        t.say("确认了：dist 里是 `dev:weapp`（watch，mode development）昨晚留下的开发包，没压缩还带 sourcemap，`taro.js` 一个就 1.3MB。预览脚本不会自己编译，dist 里是什么就传什么。先出一个生产构建再预览。")
        t.bash("pnpm build:weapp", "Production build of the mini program",
               out=hdr("build:weapp", "pnpm -F @shop/mp build:weapp") + "\n" + mphdr("build:weapp", "taro build --type weapp") + """
👽 Taro v4.0.9

✔ Webpack
  Compiled successfully in 41.87s
""", timeout=600000)
        t.bash("du -sh apps/mp/dist && ls apps/mp/dist/*.map 2>/dev/null | wc -l", "Check dist size after production build",
               out="1.1M\tapps/mp/dist\n0")
        t.bash("pnpm mp:preview --page pages/coupon-center/index", "Generate preview QR code for coupon center",
               out=pv + """
[mp-ci] preview robot=3 page=pages/coupon-center/index
[mp-ci] compile project start
[mp-ci] compile project done
[mp-ci] upload start
[mp-ci] upload done
[mp-ci] done [{"name":"__FULL__","size":1093120},{"name":"__APP__","size":1093120}]
[mp-ci] 二维码: .preview/qrcode.jpg""", timeout=300000)
        t.done("""预览码出好了：`apps/mp/.preview/qrcode.jpg`，扫码直接进领券中心（robot 3）。

第一次预览失败了：`80051,source size 2612KB exceed max limit 2MB`。原因是 `apps/mp/dist` 里放的是 `pnpm dev:weapp` 昨晚 watch 出来的**开发包**（development 模式、eval devtool、带 5 个 `.map`，整个目录 4.1M，`taro.js` 单个 1.3MB），而 `mp-ci.mjs` 不会自己编译，直接就把它传上去了。

我先跑了一次 `pnpm build:weapp`（生产构建，压缩、无 sourcemap），dist 降到 1.1M，再预览就过了，主包 1093KB。

注意：如果你那边 `dev:weapp` 还开着，下次保存文件它会把 dist 覆盖回开发包，再预览 / 上传前要重新 `build:weapp`。""")

        od = P(f"{MP}/src/pages/order/detail/index.tsx")
        t = d.task("订单详情页加一个「再来一单」按钮：调 order 云函数的 reorder（老林已经写好了，入参 orderId，返回 added、skipped、priceChanged），把这单的商品按原规格重新加进购物车，然后跳购物车 tab。"
                   "有下架的提示一下哪些没加进去；价格变了的要告诉用户原价和现价。再说一遍金额的规矩：接口里都是分的整数，页面上显示统一走 formatPrice，不要自己 /100 再 toFixed。",
                   tags=["oneoff:O1", "pref:P1"])
        t.read(od)
        t.grep("reorder", output_mode="content", path=P("cloudfunctions/order"), n=True,
               content=f"""{R}/cloudfunctions/order/index.js:148:async function reorder({{ OPENID, orderId }}) {{
{R}/cloudfunctions/order/index.js:186:  return ok({{ added, skipped, priceChanged }})
{R}/cloudfunctions/order/index.js:241:const actions = {{ home, list, detail, cancel, confirm, reorder }}""")
        t.write(P(f"{MP}/src/services/order.ts"), """import { callCloud } from './cloud'

export interface ReorderResult {
  /** 成功加入购物车的件数 */
  added: number
  /** 已下架或库存不足、没能加进去的商品名 */
  skipped: string[]
  /** 价格变了的商品，价格单位都是分 */
  priceChanged: Array<{ title: string; oldPrice: number; newPrice: number }>
}

export function reorder(orderId: string) {
  return callCloud<ReorderResult>('order', 'reorder', { orderId })
}
""")
        t.edit(od, "import { formatPrice } from '@/utils/price'\n",
               "import { formatPrice } from '@/utils/price'\nimport { reorder } from '@/services/order'\n")
        t.edit(od, """  if (!order) return <View className="order-detail order-detail--loading" />
""", """  const onReorder = async () => {
    const res = await reorder(router.params.id)
    const lines: string[] = []
    if (res.skipped.length) lines.push(`${res.skipped.join('、')} 已下架或库存不足，未加入`)
    for (const p of res.priceChanged) {
      lines.push(`${p.title}：原价 ${formatPrice(p.oldPrice)}，现价 ${formatPrice(p.newPrice)}`)
    }
    if (lines.length) {
      await Taro.showModal({ title: `已加入 ${res.added} 件商品`, content: lines.join('\\n'), showCancel: false })
    }
    Taro.switchTab({ url: '/pages/cart/index' })
  }

  if (!order) return <View className="order-detail order-detail--loading" />
""")
        t.edit(od, """        <Button size="mini" onClick={() => Taro.setClipboardData({ data: order.orderNo })}>复制单号</Button>
""", """        <Button size="mini" onClick={() => Taro.setClipboardData({ data: order.orderNo })}>复制单号</Button>
        <Button size="mini" className="order-detail__reorder" onClick={onReorder}>再来一单</Button>
""")
        src = d.files[od]
        ln = src[:src.index("reorder(router.params.id)")].count("\n") + 1
        col = src.split("\n")[ln - 1].index("router.params.id") + 1
        tc_fail = hdr("typecheck", "pnpm -r --parallel typecheck") + f"""
Scope: all 10 workspace projects
apps/mp typecheck$ tsc --noEmit
packages/shared typecheck$ tsc --noEmit
packages/shared typecheck: Done
apps/mp typecheck: src/pages/order/detail/index.tsx({ln},{col}): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.
apps/mp typecheck:   Type 'undefined' is not assignable to type 'string'.
apps/mp typecheck: Failed
{R}/apps/mp:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @shop/mp@1.7.2 typecheck: `tsc --noEmit`
Exit status 2
{ELIFE.format(2)}"""
        t.fail("pnpm typecheck", "Type-check after adding reorder", tc_fail, code=2)
        t.grep("interface OrderDetail", output_mode="content", path=P("packages/shared/src"), n=True, A=4,
               content=f"""{R}/packages/shared/src/order.ts:21:export interface OrderDetail {{
{R}/packages/shared/src/order.ts-22-  _id: string
{R}/packages/shared/src/order.ts-23-  orderNo: string
{R}/packages/shared/src/order.ts-24-  status: OrderStatus
{R}/packages/shared/src/order.ts-25-  statusText: string""")
        t.say("`useRouter().params` 的值类型是 `string | undefined`。这里订单已经加载出来了，直接用 `order._id` 更稳，也不依赖路由参数。")
        t.edit(od, "    const res = await reorder(router.params.id)\n", "    if (!order) return\n    const res = await reorder(order._id)\n")
        t.bash("pnpm typecheck", "Type-check after adding reorder", out=typecheck_ok())
        t.done("""「再来一单」加好了，类型检查通过。

- `src/services/order.ts`：新增 `reorder(orderId)`，返回类型 `ReorderResult { added, skipped, priceChanged }`，价格字段都注明是分
- 订单详情页操作区加了「再来一单」按钮：
  - 有下架 / 库存不足的，提示「xx、yy 已下架或库存不足，未加入」
  - 价格变了的逐条列出「原价 ¥12.90，现价 ¥13.50」，金额都走 `formatPrice`，没有自己做除法
  - 有提示时先弹 `showModal`（不带取消），确认后 `switchTab` 到购物车；没有提示直接跳

类型检查第一次报了 `TS2345`：我传的是 `router.params.id`，它的类型是 `string | undefined`。改成用已加载订单的 `order._id`，并在函数开头 `if (!order) return`，不再依赖路由参数。""")

        t = d.task("领券中心以后可能放到分包里。顺便问下，分包预下载 preloadRule 是怎么配的？network 和 packages 这些字段什么意思？", tags=["noise", "no_tools"])
        t.done("""`preloadRule` 写在 `app.config.ts`（也就是最终的 `app.json`）里，key 是**进入哪个页面时**触发预下载，value 说明下载什么、什么网络下下载：

```ts
export default defineAppConfig({
  // ...
  preloadRule: {
    'pages/index/index': {
      network: 'all',          // 'wifi'（默认）或 'all'
      packages: ['coupon'],    // 分包的 root 或 name；主包写 '__APP__'
    },
  },
})
```

- **key**：页面路径。用户打开这个页面时，框架在后台把 `packages` 里的分包下载好，之后跳过去就不用等下载。
- **network**：`wifi` 只在 Wi-Fi 下预下载，`all` 不限网络。我们的用户大多是 4G/5G，首页预下载领券分包可以考虑 `all`，但别把大分包都挂上去，浪费流量。
- **packages**：要预下载的分包，写分包配置里的 `root`（比如 `'pages-coupon'`）或给分包起的 `name`。

限制：同一个页面触发的预下载分包总大小不能超过 2M，超了开发者工具编译时会报错。

在 Taro 里分包的页面路径要写全，比如 `navigateTo({ url: '/pages-coupon/center/index' })`，挪到分包后记得把原来写死的路径一起改。""")

    # ============================================================== S4
    d.files[P(f"{MP}/src/app.tsx")] = """import type { PropsWithChildren } from 'react'
import Taro, { useLaunch } from '@tarojs/taro'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    Taro.cloud.init({ env: process.env.TARO_APP_CLOUD_ENV, traceUser: true })
  })
  return children
}

export default App
"""
    d.files[P("cloudfunctions/points/index.js")] = """const cloud = require('wx-server-sdk')

cloud.init({ env: cloud.DYNAMIC_CURRENT_ENV })
const db = cloud.database()
const _ = db.command

const ok = (data) => ({ code: 0, data })
const fail = (code, msg) => ({ code, msg })

async function getSummary({ OPENID }) {
  if (!OPENID) return fail(40100, '请先登录')
  const acc = await db.collection('points_accounts').doc(OPENID).get().catch(() => null)
  const { data: logs } = await db
    .collection('points_logs')
    .where({ _openid: OPENID })
    .orderBy('createdAt', 'desc')
    .limit(20)
    .get()
  return ok({ balance: acc?.data?.balance ?? 0, total: acc?.data?.total ?? 0, logs })
}

const actions = { getSummary }

exports.main = async (event) => {
  const { OPENID } = cloud.getWXContext()
  const handler = actions[event.action]
  if (!handler) return fail(40001, `unknown action ${event.action}`)
  try {
    return await handler({ ...event, OPENID })
  } catch (e) {
    console.error(event.action, e)
    return fail(50000, '系统繁忙，请稍后再试')
  }
}
"""
    pts = f"{MP}/src/pages/points"
    POINTS_PAGE = """import { View, Text } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import dayjs from 'dayjs'
import PointsCard from '@/components/PointsCard'
import { usePoints } from '@/store/PointsContext'
import './index.scss'

export default function PointsPage() {
  const { summary, refresh } = usePoints()

  useDidShow(() => {
    refresh()
  })

  if (!summary) return <View className="points points--loading" />

  return (
    <View className="points">
      <PointsCard balance={summary.balance} total={summary.total} />
      <View className="points__title">积分明细</View>
      {summary.logs.map((log) => (
        <View key={log._id} className="points__log">
          <View>
            <View className="points__log-reason">{log.reason}</View>
            <View className="points__log-time">{dayjs(log.createdAt).format('YYYY-MM-DD HH:mm')}</View>
          </View>
          <Text className={log.delta > 0 ? 'points__log-delta points__log-delta--plus' : 'points__log-delta'}>
            {log.delta > 0 ? `+${log.delta}` : log.delta}
          </Text>
        </View>
      ))}
    </View>
  )
}
"""
    POINTS_CTX = """import { createContext, useCallback, useContext, useMemo, useState, type PropsWithChildren } from 'react'
import { callCloud } from '@/services/cloud'

export interface PointsLog {
  _id: string
  reason: string
  delta: number
  createdAt: number
}

export interface PointsSummary {
  balance: number
  total: number
  logs: PointsLog[]
}

interface PointsContextValue {
  summary?: PointsSummary
  refresh: () => Promise<void>
}

const PointsContext = createContext<PointsContextValue | null>(null)

export function PointsProvider({ children }: PropsWithChildren) {
  const [summary, setSummary] = useState<PointsSummary>()
  const refresh = useCallback(async () => {
    setSummary(await callCloud<PointsSummary>('points', 'getSummary'))
  }, [])
  const value = useMemo(() => ({ summary, refresh }), [summary, refresh])
  return <PointsContext.Provider value={value}>{children}</PointsContext.Provider>
}

export function usePoints() {
  const ctx = useContext(PointsContext)
  if (!ctx) throw new Error('usePoints must be used inside <PointsProvider>')
  return ctx
}
"""
    LEVEL_TS = """export type MemberLevel = '普通会员' | '银卡会员' | '金卡会员'

const LEVELS: Array<{ name: MemberLevel; min: number }> = [
  { name: '金卡会员', min: 5000 },
  { name: '银卡会员', min: 1000 },
  { name: '普通会员', min: 0 },
]

/** 等级按累计积分 total 算（不是可用余额），返回当前等级和距下一级还差多少分 */
export function levelOf(total: number): { level: MemberLevel; toNext: number | null } {
  const idx = LEVELS.findIndex((l) => total >= l.min)
  const next = idx > 0 ? LEVELS[idx - 1] : null
  return { level: LEVELS[idx].name, toNext: next ? next.min - total : null }
}
"""
    LEVEL_TEST = """import { levelOf } from './level'

describe('levelOf', () => {
  it('0 分是普通会员，差 1000 升银卡', () => {
    expect(levelOf(0)).toEqual({ level: '普通会员', toNext: 1000 })
  })
  it('刚好 1000 是银卡', () => {
    expect(levelOf(1000)).toEqual({ level: '银卡会员', toNext: 4000 })
  })
  it('金卡没有下一级', () => {
    expect(levelOf(8800)).toEqual({ level: '金卡会员', toNext: null })
  })
})
"""
    CARD_TSX = """import { View, Text } from '@tarojs/components'
import { levelOf } from '@/utils/level'
import './index.scss'

interface Props {
  balance: number
  total: number
}

export default function PointsCard({ balance, total }: Props) {
  const { level, toNext } = levelOf(total)
  return (
    <View className="points-card">
      <View className="points-card__level">{level}</View>
      <View className="points-card__label">可用积分</View>
      <Text className="points-card__balance">{balance}</Text>
      <View className="points-card__next">{toNext === null ? '已是最高等级' : `再攒 ${toNext} 分升级`}</View>
    </View>
  )
}
"""
    CARD_SCSS = """.points-card {
  padding: 32px;
  border-radius: 16px;
  background: #ff6a3d;
  color: #fff;

  &__level {
    font-size: 26px;
  }

  &__label {
    margin-top: 24px;
    font-size: 24px;
    opacity: 0.8;
  }

  &__balance {
    font-size: 64px;
    font-weight: 600;
  }

  &__next {
    margin-top: 12px;
    font-size: 24px;
    opacity: 0.8;
  }
}
"""
    POINTS_SCSS = """.points {
  min-height: 100vh;
  padding: 24px;
  background: #f6f6f6;

  &__title {
    margin: 32px 0 16px;
    color: #222;
    font-size: 30px;
    font-weight: 600;
  }

  &__log {
    display: flex;
    align-items: center;
    justify-content: space-between;
    padding: 24px;
    border-bottom: 1PX solid #eee;
    background: #fff;
  }

  &__log-reason {
    color: #222;
    font-size: 28px;
  }

  &__log-time {
    margin-top: 6px;
    color: #999;
    font-size: 22px;
  }

  &__log-delta {
    color: #222;
    font-size: 32px;

    &--plus {
      color: #ff6a3d;
    }
  }
}
"""
    with d.session("2026-10-19T06:06:00", R, branch="feat/member-points", version="2.1.91", end_reason="other"):
        t = d.task("新需求：会员积分页 pages/points。上面一张积分卡片（可用积分、会员等级、距下一级还差多少），下面是积分明细列表，数据走 points 云函数的 getSummary。"
                   "等级规则：累计积分 ≥1000 银卡，≥5000 金卡。积分数据以后首页和结算页也要用，全局状态先用 React Context 就够了，别引 redux、zustand 这类状态库。"
                   "还是老流程：等级计算写单测，页面注册，类型检查、lint 过一遍。",
                   tags=["workflow:W1", "pref:P3"])
        t.read(appcfg)
        t.read(P(f"{MP}/src/app.tsx"))
        t.read(P("cloudfunctions/points/index.js"))
        t.say("`getSummary` 返回 `{ balance, total, logs }`，等级按累计积分 `total` 算。Context 放在 `src/store/PointsContext.tsx`，在 `app.tsx` 里包一层 Provider。")
        t.write(P(f"{MP}/src/utils/level.ts"), LEVEL_TS)
        t.write(P(f"{MP}/src/utils/level.test.ts"), LEVEL_TEST)
        t.write(P(f"{MP}/src/store/PointsContext.tsx"), POINTS_CTX)
        t.edit(P(f"{MP}/src/app.tsx"), "import './app.scss'\n", "import { PointsProvider } from './store/PointsContext'\nimport './app.scss'\n")
        t.edit(P(f"{MP}/src/app.tsx"), "  return children\n", "  return <PointsProvider>{children}</PointsProvider>\n")
        t.write(P(f"{MP}/src/components/PointsCard/index.tsx"), CARD_TSX)
        t.write(P(f"{MP}/src/components/PointsCard/index.scss"), CARD_SCSS)
        t.write(P(f"{pts}/index.tsx"), POINTS_PAGE)
        t.write(P(f"{pts}/index.config.ts"), "export default definePageConfig({\n  navigationBarTitleText: '我的积分',\n})\n")
        t.write(P(f"{pts}/index.scss"), POINTS_SCSS)
        t.edit(appcfg, "    'pages/coupon-center/index',\n", "    'pages/coupon-center/index',\n    'pages/points/index',\n")
        t.bash("pnpm -F @shop/mp exec jest src/utils/level", "Run level unit tests",
               err=jest_block([("src/utils/level.test.ts", [("levelOf", ["0 分是普通会员，差 1000 升银卡 (2 ms)", "刚好 1000 是银卡", "金卡没有下一级"])])],
                              3, "1.972", "src\\/utils\\/level"))
        t.bash("pnpm typecheck && pnpm lint", "Type-check and lint",
               out=typecheck_ok() + "\n" + hdr("lint", "pnpm lint:js && pnpm lint:style") + "\n" + hdr("lint:js", "eslint .") + "\n" +
               hdr("lint:style", "stylelint \"apps/mp/src/**/*.scss\""))
        t.done("""积分页做好了，单测、类型检查、lint 都过了。

- `src/utils/level.ts` + 单测：`levelOf(total)` → `{ level, toNext }`，按**累计积分**算（余额花掉不降级），金卡 `toNext` 为 `null`
- `src/store/PointsContext.tsx`：`PointsProvider` + `usePoints()`，提供 `summary` 和 `refresh()`；没有引任何状态库。`app.tsx` 里包了一层 Provider，首页和结算页以后直接 `usePoints()` 就能拿
- `src/components/PointsCard`：积分卡片（等级、可用积分、「再攒 N 分升级」）
- `src/pages/points/`：页面 + 配置 + 样式，`useDidShow` 时 `refresh()`；明细里加分橙色、扣分黑色
- `app.config.ts` 注册了 `pages/points/index`

样式按 750 稿写 px，明细的分隔线用了 `1PX`，避免被转成 rpx 后在部分机型上变没。""")

        t = d.task("Taro 4 里 useLoad 的参数和 useRouter().params 拿路由参数有什么区别？哪个更推荐？帮我查下官方文档。", tags=["noise", "webfetch"])
        t.webfetch("https://docs.taro.zone/docs/hooks", "useLoad 和 useRouter 的说明，拿路由参数的区别",
                   """文档要点：

- **useLoad(callback)**：等同于页面的 `onLoad` 生命周期，Taro 3.5+ 提供。回调参数 `param` 就是页面路由参数（`onLoad(options)` 的 options），只在页面加载时触发一次。
- **useRouter()**：返回 `Taro.getCurrentInstance().router`，包含 `path` 和 `params`。文档说明：在小程序端，`params` 的值为**已解码**后的字符串；页面组件和子组件都可以调用。
- 注意事项：`useRouter` 只能在页面组件或其子组件中调用；在 H5 端 `params` 会随路由变化，小程序端在一次页面生命周期内不变。
- 类型上 `router.params` 为 `Partial<Record<string, string>>`，取值为 `string | undefined`。""")
        t.done("""查了 Taro 文档（Hooks 一节），区别主要是：

| | `useLoad((params) => …)` | `useRouter().params` |
|---|---|---|
| 本质 | 页面 `onLoad` 生命周期，参数是 `onLoad(options)` | `getCurrentInstance().router` |
| 调用位置 | 只能在**页面组件**里 | 页面组件和**子组件**都可以 |
| 时机 | 页面加载时一次 | 任何一次渲染都能读 |
| 类型 | 回调参数 | `Partial<Record<string, string>>`，取值是 `string \\| undefined` |

**建议**：
- 页面里「拿参数 → 拉数据」这种一次性的事，放在 `useLoad` 里最自然；
- 子组件需要参数、或者渲染时要读参数，用 `useRouter()`，不用层层传 props。

两种拿到的都可能是 `undefined`（用户从分享卡片、扫码进来时参数可能缺），类型上要处理，这也是上次订单详情 `TS2345` 的原因。""")

        t = d.task("积分兑换要接支付，先帮我验一下开发环境 pay 云函数的 unifiedOrder 通不通，用测试订单 ord_test_1019 调一下。", tags=["unfixed:U1"])
        t.fail("pnpm cf:invoke pay '{\"action\":\"unifiedOrder\",\"orderId\":\"ord_test_1019\"}'", "Invoke pay.unifiedOrder on dev env",
               hdr("cf:invoke", "node scripts/cf.mjs invoke pay '{\"action\":\"unifiedOrder\",\"orderId\":\"ord_test_1019\"}'") + f"""
[cf] env={ENV_DEV} fn=pay
✖ [pay] 调用失败

{{"errorCode":1,"errorMessage":"user code exception caught","stackTrace":"Error: errCode: -604101 function has no permission to call this API | errMsg: system error: error code: -604101\\n    at callGeneralOpenAPI (/var/user/node_modules/wx-server-sdk/index.js:12541:23)\\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\\n    at async unifiedOrder (/var/user/index.js:11:15)"}}
{ELIFE.format(1)}""")
        t.read(P("cloudfunctions/pay/index.js"))
        t.read(P("cloudfunctions/pay/config.json"))
        t.done("""开发环境的 `pay.unifiedOrder` 现在**调不通**，不是代码问题，是权限没开：

```
errCode: -604101 function has no permission to call this API
```

`-604101` 是云函数调用开放接口没有权限。`unifiedOrder` 里走的是 `cloud.cloudPay.unifiedOrder`（云开发的微信支付），它要求：
1. 在**云开发控制台 → 设置 → 其他设置 → 微信支付配置**里，把子商户号 `1712836450` 绑定到开发环境 `shop-dev-…`；
2. 绑定后微信支付商户平台的**超级管理员**要在「服务商助手」小程序里确认授权（jsapi 下单、退款两项）。

这两步都要有商户平台 / 云开发控制台权限的人来做，我这边 CLI 改不了。正式环境应该是配过的，开发环境大概率是新建环境时没绑。

建议找管商户号的同事（财务或者老板）绑一下开发环境，授权确认后再调一次 `pnpm cf:invoke pay …` 就能验证。代码这边我先不动。""")

    # ============================================================== S5
    card_scss = P(f"{MP}/src/components/PointsCard/index.scss")
    CARD_SCSS2 = """.points-card {
  position: relative;
  padding: 40rpx 32rpx 32rpx;
  border-radius: 24rpx;
  background: linear-gradient(135deg, #ff8a4c 0%, #ff5a36 100%);
  box-shadow: 0 8rpx 24rpx rgba(255, 90, 54, 0.25);
  color: #fff;

  &__level {
    position: absolute;
    top: 0;
    right: 0;
    padding: 8rpx 20rpx;
    border-radius: 0 24rpx 0 24rpx;
    background: rgba(255, 255, 255, 0.2);
    font-size: 22rpx;
  }

  &__label {
    font-size: 24rpx;
    opacity: 0.8;
  }

  &__balance {
    font-size: 64rpx;
    font-weight: 600;
  }

  &__next {
    margin-top: 12rpx;
    font-size: 24rpx;
    opacity: 0.8;
  }
}
"""
    rel_card = f"{MP}/src/components/PointsCard/index.scss"
    with d.session("2026-10-22T01:52:00", R, branch="feat/member-points", version="2.1.92"):
        t = d.task("设计稿更新了积分卡片 PointsCard：背景改成橙色渐变（#ff8a4c → #ff5a36，135 度），圆角大一点，加一点阴影；会员等级做成右上角的小标签，半透明白底。改完直接提交，message 写 style(points) 开头。",
                   tags=["mistake:M3"])
        t.read(card_scss)
        t.write(card_scss, CARD_SCSS2)
        rep, n = rpx_report(rel_card, CARD_SCSS2)
        body = "\n".join(rep.split("\n")[2:-1])
        cmsg = "style(points): 积分卡片改成渐变背景，等级标签挪到右上角"
        t.fail(f"git add {rel_card} && git commit -m \"{cmsg}\"", "Commit PointsCard style change",
               f"""[STARTED] Preparing lint-staged...
[COMPLETED] Preparing lint-staged...
[STARTED] Running tasks for staged files...
[STARTED] package.json — 1 file
[STARTED] *.{{ts,tsx,js,mjs}} — 0 files
[STARTED] *.scss — 1 file
[SKIPPED] *.{{ts,tsx,js,mjs}} — no files
[STARTED] stylelint --fix
[FAILED] stylelint --fix [FAILED]
[FAILED] stylelint --fix [FAILED]
[COMPLETED] Running tasks for staged files...
[STARTED] Applying modifications from tasks...
[SKIPPED] Skipped because of errors from tasks.
[STARTED] Reverting to original state because of errors...
[COMPLETED] Reverting to original state because of errors...
[STARTED] Cleaning up temporary files...
[COMPLETED] Cleaning up temporary files...

✖ stylelint --fix:

{rel_card}
{body}
husky - pre-commit script failed (code 1)""")
        t.say(f"pre-commit 里的 Stylelint 拦下了 {n} 处 rpx——我重写这份样式时整份用了 rpx，这个仓库约定按 750 稿写 px，让 Taro 去转。数值不变，单位换成 px 再提交。")
        t.edit(card_scss, "rpx", "px", replace_all=True)
        t.bash(f"git add {rel_card} && git commit -m \"{cmsg}\"", "Commit PointsCard style change",
               out=f"""[feat/member-points 4b1e9d2] {cmsg}
 1 file changed, 17 insertions(+), 8 deletions(-)""",
               err="""[STARTED] Preparing lint-staged...
[COMPLETED] Preparing lint-staged...
[STARTED] Running tasks for staged files...
[STARTED] package.json — 1 file
[STARTED] *.{ts,tsx,js,mjs} — 0 files
[STARTED] *.scss — 1 file
[SKIPPED] *.{ts,tsx,js,mjs} — no files
[STARTED] stylelint --fix
[COMPLETED] stylelint --fix
[COMPLETED] *.scss — 1 file
[COMPLETED] package.json — 1 file
[COMPLETED] Running tasks for staged files...
[STARTED] Applying modifications from tasks...
[COMPLETED] Applying modifications from tasks...
[STARTED] Cleaning up temporary files...
[COMPLETED] Cleaning up temporary files...""")
        t.done(f"""改好并提交了：`4b1e9d2 {cmsg}`。

- 背景：`linear-gradient(135deg, #ff8a4c 0%, #ff5a36 100%)`，加了 `box-shadow: 0 8px 24px rgba(255, 90, 54, 0.25)`
- 圆角 16 → 24，上边距稍微加大
- 等级做成右上角标签：绝对定位贴右上角，`rgba(255,255,255,0.2)` 半透明白底，左下和右上做了圆角，和卡片的圆角接上

第一次提交被 pre-commit（lint-staged 里的 `stylelint --fix`）拦了：我重写样式时单位写成了 rpx，触发 `unit-disallowed-list`，共 {n} 处。已全部改成 px（按 750 稿，数值不变），再提交就过了。""")

        pts_js = P("cloudfunctions/points/index.js")
        t = d.task("积分发放：订单确认收货后按实付金额发积分，每满 1 元积 1 分，不足 1 元的部分舍掉。在 points 云函数里加 earnByOrder（入参 orderId，由 order 云函数调用），同一个订单不能重复发，积分明细里记一条「订单 xxx 确认收货」。"
                   "单测别用 toMatchSnapshot 这种 snapshot，直接写明确的断言。测完部署到开发环境，用 ord_test_1019 调一下，再调一次确认不会重复发。",
                   tags=["workflow:W2", "pref:P2"])
        t.read(pts_js)
        t.bash("ls cloudfunctions/points/__tests__ cloudfunctions/points/__tests__/helpers", "List existing points tests",
               out="""cloudfunctions/points/__tests__:
getSummary.test.js
helpers

cloudfunctions/points/__tests__/helpers:
cloud-mock.js""")
        t.edit(pts_js, "const actions = { getSummary }", """/** 订单确认收货后发积分：实付每满 100 分（1 元）积 1 分。明细 _id 固定为 earn_<orderId>，保证幂等。 */
async function earnByOrder({ orderId }) {
  if (!orderId) return fail(40001, '缺少 orderId')
  const logId = `earn_${orderId}`
  return db.runTransaction(async (tx) => {
    const { data: order } = await tx.collection('orders').doc(orderId).get()
    if (order.status !== 'completed') return fail(40901, '订单未确认收货')
    const openid = order._openid
    const existed = await tx.collection('points_logs').doc(logId).get().catch(() => null)
    const acc = await tx.collection('points_accounts').doc(openid).get().catch(() => null)
    const balance = acc?.data?.balance ?? 0
    if (existed && existed.data) return ok({ earned: 0, balance, duplicated: true })
    const earned = Math.floor(order.payAmount / 100)
    if (acc && acc.data) {
      await tx.collection('points_accounts').doc(openid).update({ data: { balance: _.inc(earned), total: _.inc(earned) } })
    } else {
      await tx.collection('points_accounts').doc(openid).set({ data: { _openid: openid, balance: earned, total: earned } })
    }
    await tx.collection('points_logs').doc(logId).set({
      data: { _openid: openid, delta: earned, reason: `订单 ${order.orderNo} 确认收货`, orderId, createdAt: Date.now() },
    })
    return ok({ earned, balance: balance + earned })
  })
}

const actions = { getSummary, earnByOrder }""")
        t.write(P("cloudfunctions/points/__tests__/earnByOrder.test.js"), """jest.mock('wx-server-sdk', () => require('./helpers/cloud-mock').sdk)
const { setTables, tables } = require('./helpers/cloud-mock')
const { main } = require('../index')

const order = (over = {}) => ({ _id: 'o1', _openid: 'o_user_1', orderNo: 'LY20261019001', status: 'completed', payAmount: 12990, ...over })

beforeEach(() => {
  setTables({ orders: [order()], points_accounts: [], points_logs: [] })
})

test('按实付每满 1 元积 1 分，不足 1 元舍掉', async () => {
  const res = await main({ action: 'earnByOrder', orderId: 'o1' })
  expect(res).toEqual({ code: 0, data: { earned: 129, balance: 129 } })
  expect(tables().points_accounts[0]).toMatchObject({ _id: 'o_user_1', balance: 129, total: 129 })
  expect(tables().points_logs[0]).toMatchObject({ _id: 'earn_o1', delta: 129, reason: '订单 LY20261019001 确认收货' })
})

test('已有账户时累加 balance 和 total', async () => {
  setTables({ orders: [order()], points_accounts: [{ _id: 'o_user_1', balance: 20, total: 900 }], points_logs: [] })
  const res = await main({ action: 'earnByOrder', orderId: 'o1' })
  expect(res.data).toEqual({ earned: 129, balance: 149 })
  expect(tables().points_accounts[0]).toMatchObject({ balance: 149, total: 1029 })
})

test('同一订单重复调用不重复发', async () => {
  await main({ action: 'earnByOrder', orderId: 'o1' })
  const res = await main({ action: 'earnByOrder', orderId: 'o1' })
  expect(res.data).toEqual({ earned: 0, balance: 129, duplicated: true })
  expect(tables().points_logs).toHaveLength(1)
})

test('未确认收货的订单不发', async () => {
  setTables({ orders: [order({ status: 'shipped' })], points_accounts: [], points_logs: [] })
  expect((await main({ action: 'earnByOrder', orderId: 'o1' })).code).toBe(40901)
})

test('实付不足 1 元积 0 分', async () => {
  setTables({ orders: [order({ payAmount: 99 })], points_accounts: [], points_logs: [] })
  expect((await main({ action: 'earnByOrder', orderId: 'o1' })).data.earned).toBe(0)
})
""")
        t.bash("pnpm -F @shop/cf-points test", "Run points cloud function tests",
               out=hdr("test", "jest", "@shop/cf-points", "1.1.0", P("cloudfunctions/points")),
               err="""PASS __tests__/getSummary.test.js
PASS __tests__/earnByOrder.test.js

Test Suites: 2 passed, 2 total
Tests:       8 passed, 8 total
Snapshots:   0 total
Time:        0.874 s, estimated 1 s
Ran all test suites.""")
        t.bash("pnpm cf:deploy points", "Deploy points cloud function to dev env",
               out=hdr("cf:deploy", "node scripts/cf.mjs deploy points") + f"""
[cf] env={ENV_DEV} fn=points
- 正在部署云函数 points ...
✔ [points] 云函数部署成功！""", timeout=300000)
        inv = "pnpm cf:invoke points '{\"action\":\"earnByOrder\",\"orderId\":\"ord_test_1019\"}'"
        inv_hdr = hdr("cf:invoke", "node scripts/cf.mjs invoke points '{\"action\":\"earnByOrder\",\"orderId\":\"ord_test_1019\"}'")
        t.bash(inv, "Invoke earnByOrder on dev env",
               out=inv_hdr + f"""
[cf] env={ENV_DEV} fn=points
✔ [points] 调用成功

响应结果：

{{"code":0,"data":{{"earned":129,"balance":129}}}}""")
        t.bash(inv, "Invoke earnByOrder again to check idempotency",
               out=inv_hdr + f"""
[cf] env={ENV_DEV} fn=points
✔ [points] 调用成功

响应结果：

{{"code":0,"data":{{"earned":0,"balance":129,"duplicated":true}}}}""")
        t.done("""`points.earnByOrder` 写好、测过、已部署到开发环境。

- 规则：`earned = Math.floor(payAmount / 100)`（实付是分，每满 100 分积 1 分，零头舍掉）
- 只给 `status === 'completed'`（已确认收货）的订单发，否则 `40901`
- 幂等：明细 `_id` 固定 `earn_<orderId>`，事务里先查，已存在就返回 `{ earned: 0, duplicated: true }`
- 账户不存在就 `set` 新建，存在就 `balance`、`total` 一起 `_.inc`；明细 reason 为「订单 LY… 确认收货」
- 单测 5 个，全部是明确的 `toEqual` / `toMatchObject` / `toBe` 断言，没有 snapshot

开发环境验证：`ord_test_1019`（实付 129.90）第一次调用 `earned: 129, balance: 129`，第二次 `earned: 0, duplicated: true`，余额没变。

order 云函数那边确认收货时还没调它，要我顺手在 `order.confirm` 里加 `cloud.callFunction({ name: 'points', data: { action: 'earnByOrder', orderId } })` 吗？""")

        d.precompact("""Analysis: 陈思远在 shop-mp（pnpm workspace：apps/mp = @shop/mp，Taro 4 + React + TS 微信小程序；packages/shared；cloudfunctions/* 各自是 @shop/cf-* 包，wx-server-sdk；scripts/cf.mjs 封装 tcb 部署/调用，环境 ID 不在 cloudbaserc.json 里；apps/mp/scripts/mp-ci.mjs 用 miniprogram-ci 预览/上传 dist；Jest、ESLint 9、Stylelint 16（禁用 rpx）、husky + lint-staged；GitHub origin + Gitee 镜像）的 feat/member-points 分支上工作。

Summary:
1. 已完成：领券中心页 pages/coupon-center（utils + 单测，注册到 app.config.ts）；coupon 云函数 claim（事务，一人一张，文档 id = OPENID_templateId）；订单详情「再来一单」；会员积分页 pages/points + PointsContext（React Context，用户要求不引状态库）+ PointsCard + utils/level.ts；PointsCard 改渐变样式并提交（4b1e9d2）；points 云函数 earnByOrder（每满 1 元积 1 分，幂等 earn_<orderId>），已部署开发环境并验证。
2. 用户约定：金额一律以分为单位的整数，展示统一 formatPrice；单测不要用 snapshot，写明确断言；全局状态用 React Context。
3. 待定：pay.unifiedOrder 在开发环境报 -604101（微信支付未绑定开发环境，需要商户号管理员处理）；coupon.claim 热点券事务冲突的重试方案用户还没确认；order.confirm 还没调 earnByOrder。
4. 当前状态：工作区干净，分支 feat/member-points 领先 origin 3 个提交。""")

        t = d.task("积分页加个下拉刷新：下拉的时候重新拉积分和明细，拉完把刷新动画收起来。", tags=["oneoff:O2"])
        pg = P(f"{pts}/index.tsx")
        t.read(pg)
        t.read(P(f"{pts}/index.config.ts"))
        t.edit(P(f"{pts}/index.config.ts"), "  navigationBarTitleText: '我的积分',\n",
               "  navigationBarTitleText: '我的积分',\n  enablePullDownRefresh: true,\n  backgroundTextStyle: 'dark',\n")
        t.edit(pg, "import { useDidShow } from '@tarojs/taro'\n",
               "import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'\n")
        t.edit(pg, """  if (!summary) return <View className="points points--loading" />

  return (""", """  if (!summary) return <View className="points points--loading" />

  usePullDownRefresh(async () => {
    try {
      await refresh()
    } finally {
      Taro.stopPullDownRefresh()
    }
  })

  return (""")
        src = d.files[pg]
        hl = src[:src.index("  usePullDownRefresh(")].count("\n") + 1
        lint_fail = hdr("lint:js", "eslint .") + f"""

{R}/{pts}/index.tsx
  {hl}:3  error  React Hook "usePullDownRefresh" is called conditionally. React Hooks must be called in the exact same order in every component render. Did you accidentally call a React Hook after an early return?  react-hooks/rules-of-hooks

✖ 1 problem (1 error, 0 warnings)

{ELIFE.format(1)}"""
        t.fail("pnpm lint:js", "Lint the points page", lint_fail)
        t.say("Hook 写在了 `if (!summary) return` 之后，首屏 summary 为空时这个 Hook 不会被调用，违反了 Hook 调用顺序。挪到提前返回的前面。")
        t.edit(pg, """  if (!summary) return <View className="points points--loading" />

  usePullDownRefresh(async () => {
    try {
      await refresh()
    } finally {
      Taro.stopPullDownRefresh()
    }
  })

  return (""", """  usePullDownRefresh(async () => {
    try {
      await refresh()
    } finally {
      Taro.stopPullDownRefresh()
    }
  })

  if (!summary) return <View className="points points--loading" />

  return (""")
        t.bash("pnpm lint:js", "Lint the points page", out=hdr("lint:js", "eslint ."))
        t.done("""下拉刷新加好了，lint 通过。

- `index.config.ts`：`enablePullDownRefresh: true`，`backgroundTextStyle: 'dark'`（背景是浅灰，三个点用深色才看得见）
- `index.tsx`：`usePullDownRefresh` 里 `await refresh()`，`finally` 里 `Taro.stopPullDownRefresh()`，失败也会收起

中间 ESLint 报了 `react-hooks/rules-of-hooks`：我一开始把 `usePullDownRefresh` 写在了 `if (!summary) return …` 的后面，首屏没数据时这个 Hook 不会执行，Hook 顺序就不稳定了。已经挪到提前返回之前。""")

        t = d.task("问个原理：Taro React 在小程序里到底是怎么渲染的？我们一个页面 setState 很多的话，会不会频繁 setData 卡顿？", tags=["noise", "no_tools"])
        t.done("""简单说：**React 在逻辑层跑，Taro 自己实现了一套「假 DOM」，最后把 DOM 的变化翻译成 setData。**

1. Taro 3/4 在小程序逻辑层实现了 `document` / `TaroElement` 这些 DOM-like 对象（`@tarojs/runtime`）。React 的 reconciler 正常跑 diff，提交阶段操作的是这些 Taro 节点。
2. 节点变化会被记录成「路径 → 新值」，比如 `root.cn.[0].cn.[2].v`，Taro 在**同一个事件循环内合并**，最后调一次 `page.setData(...)`。
3. 视图层用预先生成的 `base.wxml` 模板（按节点类型递归渲染）把这棵树画出来。

所以：
- **多次 setState 不等于多次 setData**。同一个 tick 里的更新会被 React 批处理，Taro 再合并一次，通常只发一次 setData。
- 真正会卡的是 **setData 的数据量大** 或 **频率很高**：长列表整体替换、滚动/动画里高频 setState（比如 `onScroll` 里每帧 setState）、大对象整个塞进 state。

实践建议：
- 长列表用 Taro 的 `VirtualList`，或者分页追加，不要一次渲染几百项
- 高频事件（滚动、触摸）节流，或者用 `CustomWrapper` 把频繁变化的局部包起来，让 setData 只在局部组件上做
- 不参与渲染的数据放 `useRef`，别放 state
- 开发者工具的「性能面板 / setData 统计」可以看每次 setData 的数据大小

我们现在的页面量级（领券、积分明细各几十条）不会有问题。""")

    # ============================================================== S6
    ra = f"{MP}/src/pages/refund-apply"
    REFUND_UTILS = """import { formatPrice } from '@/utils/price'

/** 用户输入的元（字符串）转成分，不经过浮点运算。非法输入返回 null。最多两位小数。 */
export function yuanToFen(input: string): number | null {
  const m = /^(\\d+)(?:\\.(\\d{0,2}))?$/.exec(input.trim())
  if (!m) return null
  const [, int, dec = ''] = m
  return Number(int) * 100 + Number(dec.padEnd(2, '0'))
}

/** 可退金额 = 实付 - 已退，单位分 */
export function refundable(payAmount: number, refunded: number): number {
  return Math.max(0, payAmount - refunded)
}

export function checkAmount(input: string, max: number): string | null {
  const fen = yuanToFen(input)
  if (fen === null) return '请输入正确的金额'
  if (fen <= 0) return '退款金额要大于 0'
  if (fen > max) return `最多可退 ${formatPrice(max)}`
  return null
}
"""
    REFUND_TEST = """import { checkAmount, refundable, yuanToFen } from './utils'

describe('yuanToFen', () => {
  it('整数和小数都按分返回，不走浮点', () => {
    expect(yuanToFen('12')).toBe(1200)
    expect(yuanToFen('12.5')).toBe(1250)
    expect(yuanToFen('0.07')).toBe(7)
    expect(yuanToFen('19.99')).toBe(1999)
  })
  it('非法输入返回 null', () => {
    expect(yuanToFen('')).toBeNull()
    expect(yuanToFen('1.234')).toBeNull()
    expect(yuanToFen('abc')).toBeNull()
    expect(yuanToFen('-3')).toBeNull()
  })
})

describe('refundable / checkAmount', () => {
  it('可退 = 实付 - 已退，不小于 0', () => {
    expect(refundable(12990, 2000)).toBe(10990)
    expect(refundable(1000, 1200)).toBe(0)
  })
  it('超过可退金额提示最多可退多少', () => {
    expect(checkAmount('110', 10990)).toBe('最多可退 ¥109.90')
    expect(checkAmount('109.9', 10990)).toBeNull()
    expect(checkAmount('0', 10990)).toBe('退款金额要大于 0')
  })
})
"""
    REFUND_PAGE = """import { View, Input, Textarea, Picker, Button, Image } from '@tarojs/components'
import Taro, { useLoad } from '@tarojs/taro'
import { useState } from 'react'
import type { OrderDetail } from '@shop/shared'
import { callCloud } from '@/services/cloud'
import { formatPrice } from '@/utils/price'
import { checkAmount, refundable, yuanToFen } from './utils'
import './index.scss'

const REASONS = ['商品质量问题', '少件 / 漏发', '商品与描述不符', '不想要了', '其他']
const MAX_IMAGES = 3

export default function RefundApply() {
  const [order, setOrder] = useState<OrderDetail>()
  const [reason, setReason] = useState(0)
  const [amount, setAmount] = useState('')
  const [remark, setRemark] = useState('')
  const [images, setImages] = useState<string[]>([])
  const [submitting, setSubmitting] = useState(false)

  useLoad(async (params) => {
    if (!params.orderId) return
    setOrder(await callCloud<OrderDetail>('order', 'detail', { orderId: params.orderId }))
  })

  if (!order) return <View className="refund-apply refund-apply--loading" />
  const max = refundable(order.payAmount, order.refundedAmount ?? 0)

  const pickImages = async () => {
    const res = await Taro.chooseMedia({ count: MAX_IMAGES - images.length, mediaType: ['image'], sizeType: ['compressed'] })
    setImages([...images, ...res.tempFiles.map((f) => f.tempFilePath)])
  }

  const submit = async () => {
    const err = checkAmount(amount, max)
    if (err) return Taro.showToast({ title: err, icon: 'none' })
    setSubmitting(true)
    try {
      const fileIDs = await Promise.all(
        images.map((p, i) =>
          Taro.cloud
            .uploadFile({ cloudPath: `refund/${order._id}/${Date.now()}-${i}.jpg`, filePath: p })
            .then((r) => r.fileID),
        ),
      )
      await callCloud('refund', 'apply', {
        orderId: order._id,
        reason: REASONS[reason],
        amount: yuanToFen(amount),
        remark,
        images: fileIDs,
      })
      Taro.showToast({ title: '已提交', icon: 'success' })
      setTimeout(() => Taro.navigateBack(), 800)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <View className="refund-apply">
      <Picker mode="selector" range={REASONS} value={reason} onChange={(e) => setReason(Number(e.detail.value))}>
        <View className="refund-apply__row">退款原因：{REASONS[reason]}</View>
      </Picker>
      <View className="refund-apply__row">
        <Input type="digit" value={amount} placeholder={`最多可退 ${formatPrice(max)}`} onInput={(e) => setAmount(e.detail.value)} />
      </View>
      <Textarea className="refund-apply__remark" value={remark} maxlength={200} placeholder="补充说明（选填）" onInput={(e) => setRemark(e.detail.value)} />
      <View className="refund-apply__images">
        {images.map((src) => (
          <Image key={src} className="refund-apply__img" src={src} mode="aspectFill" />
        ))}
        {images.length < MAX_IMAGES && <View className="refund-apply__add" onClick={pickImages}>+</View>}
      </View>
      <Button className="refund-apply__submit" loading={submitting} onClick={submit}>提交申请</Button>
    </View>
  )
}
"""
    REFUND_SCSS = """.refund-apply {
  min-height: 100vh;
  padding: 24px;
  background: #f6f6f6;

  &__row {
    padding: 28px 24px;
    margin-bottom: 16px;
    border-radius: 12px;
    background: #fff;
    font-size: 28px;
  }

  &__remark {
    box-sizing: border-box;
    width: 100%;
    height: 200px;
    padding: 24px;
    border-radius: 12px;
    background: #fff;
    font-size: 28px;
  }

  &__images {
    display: flex;
    gap: 16px;
    margin-top: 16px;
  }

  &__img,
  &__add {
    width: 160px;
    height: 160px;
    border-radius: 8px;
  }

  &__add {
    border: 1PX dashed #ccc;
    color: #999;
    font-size: 64px;
    line-height: 160px;
    text-align: center;
  }

  &__submit {
    margin-top: 48px;
    border-radius: 44px;
    background: #ff6a3d;
    color: #fff;
  }
}
"""
    with d.session("2026-10-26T02:21:00", R, branch="feat/order-refund", version="2.1.93"):
        t = d.task("老林说 refund 云函数昨天部署到开发环境了，帮我看一下开发环境上 refund 现在的配置：超时、内存、运行时、环境变量。我怕他超时没改成 20 秒。", tags=["mistake:M2"])
        t.fail("pnpm exec tcb fn detail refund", "Show refund cloud function config",
               " ✖ 未识别到有效的环境 Id，请使用 cloudbaserc 配置文件进行操作或通过 -e 参数指定环境 Id")
        t.bash("pnpm exec tcb env list", "List CloudBase environments",
               out="""┌──────────┬────────────────────────────┬──────────┬──────┬─────────────────────┐
│ 别名     │ 环境 Id                    │ 计费方式 │ 状态 │ 创建时间            │
├──────────┼────────────────────────────┼──────────┼──────┼─────────────────────┤
│ shop-dev │ shop-dev-4g8k2w1c9e0b7a35  │ 包年包月 │ 正常 │ 2025-03-18 14:20:11 │
├──────────┼────────────────────────────┼──────────┼──────┼─────────────────────┤
│ shop-prod│ shop-prod-9f3h6q2d1a7c5e08 │ 包年包月 │ 正常 │ 2025-03-18 14:26:47 │
└──────────┴────────────────────────────┴──────────┴──────┴─────────────────────┘""")
        t.say("cloudbaserc.json 不带环境，得显式指定。要看的是开发环境，用 `--envId shop-dev-…`。")
        t.bash(f"pnpm exec tcb fn detail refund --envId {ENV_DEV}", "Show refund cloud function config on dev env",
               out="""✔ 获取函数信息成功

函数名称: refund
状态: 部署完成
命名空间: shop-dev-4g8k2w1c9e0b7a35
运行环境: Nodejs16.13
入口函数: index.main
超时时间: 20 秒
内存配置: 256 MB
创建时间: 2025-06-02 16:41:09
修改时间: 2026-10-25 19:07:52
环境变量: (key=value)
  REFUND_NOTIFY_FN=refundNotify
  REFUND_MAX_DAYS=7
网络配置: 无
触发器: 无
代码大小: 18.4 KB""")
        t.done("""开发环境上 `refund` 的配置（`tcb fn detail` 需要带 `--envId shop-dev-…`，仓库的 cloudbaserc.json 里没配环境）：

| 项 | 值 |
|---|---|
| 状态 | 部署完成（修改时间 10-25 19:07，就是老林昨晚那次） |
| 运行时 | Nodejs16.13 |
| 入口 | `index.main` |
| **超时** | **20 秒** ✅ |
| 内存 | 256 MB |
| 环境变量 | `REFUND_NOTIFY_FN=refundNotify`、`REFUND_MAX_DAYS=7` |
| 触发器 | 无 |

超时已经是 20 秒，和 `cloudbaserc.json` 里写的一致，老林改过了。""")

        t = d.task("做退款申请页 pages/refund-apply：从订单详情带 orderId 进来，选退款原因、填退款金额（最多退 实付 - 已退）、补充说明、上传凭证图最多 3 张，提交调 refund 云函数的 apply。"
                   "金额这块再强调一次：接口里全是以分为单位的整数，用户输入的元要不经过浮点转成分；页面上显示金额一律用 formatPrice。老流程：逻辑单测、注册页面、类型检查和 lint。",
                   tags=["workflow:W1", "pref:P1"])
        t.read(appcfg)
        t.grep("refundedAmount", output_mode="content", path=P("packages/shared/src"), n=True,
               content=f"{R}/packages/shared/src/order.ts:31:  refundedAmount?: number")
        t.say("输入的元用正则拆整数和小数部分，直接拼成分，避免 `parseFloat('19.99') * 100` 这种浮点误差。")
        t.write(P(f"{ra}/utils.ts"), REFUND_UTILS)
        t.write(P(f"{ra}/utils.test.ts"), REFUND_TEST)
        t.write(P(f"{ra}/index.tsx"), REFUND_PAGE)
        t.write(P(f"{ra}/index.config.ts"), "export default definePageConfig({\n  navigationBarTitleText: '申请退款',\n})\n")
        t.write(P(f"{ra}/index.scss"), REFUND_SCSS)
        t.edit(appcfg, "    'pages/points/index',\n", "    'pages/points/index',\n    'pages/refund-apply/index',\n")
        t.bash("pnpm -F @shop/mp exec jest src/pages/refund-apply", "Run refund-apply unit tests",
               err=jest_block([("src/pages/refund-apply/utils.test.ts",
                                [("yuanToFen", ["整数和小数都按分返回，不走浮点 (2 ms)", "非法输入返回 null"]),
                                 ("refundable / checkAmount", ["可退 = 实付 - 已退，不小于 0 (1 ms)", "超过可退金额提示最多可退多少 (1 ms)"])])],
                              4, "2.047", "src\\/pages\\/refund-apply"))
        t.bash("pnpm typecheck", "Type-check all workspace packages", out=typecheck_ok())
        t.bash("pnpm lint", "Run ESLint and Stylelint",
               out=hdr("lint", "pnpm lint:js && pnpm lint:style") + "\n" + hdr("lint:js", "eslint .") + "\n" +
               hdr("lint:style", "stylelint \"apps/mp/src/**/*.scss\""))
        t.done("""退款申请页做好了，单测、类型检查、lint 都过。

- `utils.ts`：
  - `yuanToFen('19.99') → 1999`：正则拆整数和最多两位小数直接拼成分，不经过浮点；负数、三位小数、空串返回 `null`
  - `refundable(payAmount, refunded)`：可退 = 实付 - 已退，最小 0
  - `checkAmount`：非法 / ≤0 / 超额分别提示，超额文案「最多可退 ¥109.90」用 `formatPrice`
- `index.tsx`：`useLoad` 拿 `orderId` 拉订单；原因用 `Picker`；金额 `Input type="digit"`，placeholder 显示可退上限；凭证图 `chooseMedia` 最多 3 张，提交时先 `cloud.uploadFile` 到 `refund/<订单id>/`，再调 `refund.apply`，金额传分
- 注册了 `pages/refund-apply/index`；样式按 750 稿写 px，虚线框用 `1PX`

订单详情里还没有入口按钮，要加的话告诉我放在哪个状态下显示（已签收 7 天内？）。""")

        t = d.task("这个月 main 上都合了些什么？列一下，按人大概归个类。", tags=["noise", "long_output"])
        t.bash("git fetch origin -q && git log origin/main --since=2026-10-01 --no-merges --date=short --pretty=format:'%h %ad %<(8,trunc)%an %s'",
               "List this month's commits on main",
               out="""b81e0c4 2026-10-25 林浩      fix(refund): 超时调到 20s，退款回调失败时写 refund_logs
77d2a9f 2026-10-25 林浩      feat(refund): apply 校验 7 天内已签收订单，金额不超过可退
1c0f5e3 2026-10-24 周晓雯    fix(goods): mp-html 图片宽度溢出
e3d7a91 2026-10-24 周晓雯    feat(goods): 详情页猜你喜欢改成横滑
5a2b8c6 2026-10-23 陈思远    style(points): 积分卡片改成渐变背景，等级标签挪到右上角
0f8e1d4 2026-10-23 陈思远    feat(points): earnByOrder 确认收货发积分，幂等
9e4c3b7 2026-10-22 陈思远    feat(points): 下拉刷新
c62a0f1 2026-10-21 陈思远    feat(points): 会员积分页 + PointsContext
48d1e9a 2026-10-21 林浩      feat(order): reorder 再来一单
ad95f27 2026-10-20 周晓雯    chore(deps): @tarojs/* 4.0.8 -> 4.0.9
3e0b6d2 2026-10-20 周晓雯    fix(cart): 结算栏在 iPhone 15 Pro 上被 home indicator 挡住
d7a41c8 2026-10-17 林浩      feat(report): 日报云函数，每天 9 点推送昨日 GMV（WIP，触发器未开）
2f9c6e0 2026-10-16 陈思远    feat(order): 订单详情再来一单
91b3a5e 2026-10-16 陈思远    fix(coupon): claim 事务冲突时退避重试 3 次，coupon 超时 10s
6c8e2f7 2026-10-15 陈思远    feat(coupon): 领券 claim，事务内扣库存，一人一张
0c94d8a 2026-10-15 陈思远    feat(mp): 领券中心页面
5d0e3b2 2026-10-12 林浩      feat(goods): 商品详情改用 mp-html 渲染富文本
3f6a2c1 2026-10-09 林浩      fix(order): 订单列表下拉刷新后分页错乱
a07d4e2 2026-10-09 周晓雯    chore: eslint 9 flat config，去掉 .eslintrc
8b5f1c9 2026-10-08 周晓雯    ci: GitHub Actions 里 push main 后同步到 Gitee
e21f6d3 2026-10-08 林浩      fix(pay): 支付回调里订单状态判断漏了 paying""")
        t.done("""10 月以来 main 上 21 个提交（不含 merge），按人归一下：

**林浩（订单 / 退款 / 支付，6 个）**
- 退款：`refund.apply` 校验 7 天内已签收、金额不超可退；超时调到 20s，回调失败写 `refund_logs`
- 订单：`reorder` 再来一单（云函数侧）；订单列表下拉刷新分页错乱
- 报表：日报云函数 `report`（**WIP**，触发器没开）
- 支付：回调里漏判 `paying` 状态

**周晓雯（商品 / 购物车 / 工程，6 个）**
- 商品详情：mp-html 图片宽度溢出、猜你喜欢改横滑
- 购物车：结算栏被 iPhone 15 Pro home indicator 挡住
- 工程：`@tarojs/*` 升到 4.0.9；ESLint 9 flat config；**GitHub Actions 推 main 后自动同步 Gitee**

**你（领券 / 积分，9 个）**
- 领券中心页面、`coupon.claim`，以及事务冲突退避重试 + 超时 10s
- 订单详情「再来一单」
- 会员积分页 + `PointsContext`、下拉刷新、积分卡片样式、`earnByOrder`

注意两点：
1. 有了 Actions 自动同步 Gitee 以后，手动 `git push gitee` 理论上不需要了，但 Actions 只同步 main，tag 要不要同步得看下 workflow。
2. `report` 是 WIP，老林的单测可能还没写完，跑 `pnpm test:cf` 时留意一下。""")

    # ============================================================== S7
    chl = P("CHANGELOG.md")
    mpkg = P(f"{MP}/package.json")

    def push_out(remote, old, new, tag, objs=9):
        host = GH if remote == "origin" else GE
        extra = "remote: Resolving deltas: 100% (4/4), completed with 4 local objects.\n" if remote == "origin" else \
            f"remote: Powered by GITEE.COM [1.1.23]\nremote: Set trace flag {hx(8)}\n"
        return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 16 threads
Compressing objects: 100% (5/5), done.
Writing objects: 100% (5/5), 1.07 KiB | 1.07 MiB/s, done.
Total 5 (delta 4), reused 0 (delta 0), pack-reused 0 (from 0)
{extra}To {host}
   {old}..{new}  main -> main
 * [new tag]         {tag} -> {tag}"""

    LS_NOOP = """[STARTED] Preparing lint-staged...
[COMPLETED] Preparing lint-staged...
→ No staged files match any configured task."""

    with d.session("2026-10-29T03:02:00", R, branch="main", version="2.1.94", permission_mode="acceptEdits"):
        t = d.task("发 1.8.0：看下从 v1.7.2 到现在 main 上的改动，写 CHANGELOG，apps/mp 的版本号改成 1.8.0，提交、打 tag，推 GitHub，也推一份到 Gitee（Actions 只同步 main 分支，不同步 tag）。",
                   tags=["workflow:W3"])
        t.bash("git pull --ff-only && git log v1.7.2..HEAD --oneline --no-merges", "Update main and list changes since v1.7.2",
               out="""Updating b81e0c4..c40e7a2
Fast-forward
 apps/mp/src/pages/refund-apply/index.tsx   | 118 ++++++++++++++++++++++
 apps/mp/src/pages/refund-apply/utils.ts    |  28 +++++
 apps/mp/src/pages/refund-apply/utils.test.ts |  33 ++++++
 apps/mp/src/app.config.ts                  |   1 +
 4 files changed, 180 insertions(+)
c40e7a2 feat(refund): 退款申请页
b81e0c4 fix(refund): 超时调到 20s，退款回调失败时写 refund_logs
77d2a9f feat(refund): apply 校验 7 天内已签收订单，金额不超过可退
1c0f5e3 fix(goods): mp-html 图片宽度溢出
e3d7a91 feat(goods): 详情页猜你喜欢改成横滑
5a2b8c6 style(points): 积分卡片改成渐变背景，等级标签挪到右上角
0f8e1d4 feat(points): earnByOrder 确认收货发积分，幂等
9e4c3b7 feat(points): 下拉刷新
c62a0f1 feat(points): 会员积分页 + PointsContext
48d1e9a feat(order): reorder 再来一单
ad95f27 chore(deps): @tarojs/* 4.0.8 -> 4.0.9
3e0b6d2 fix(cart): 结算栏在 iPhone 15 Pro 上被 home indicator 挡住
d7a41c8 feat(report): 日报云函数，每天 9 点推送昨日 GMV（WIP，触发器未开）
2f9c6e0 feat(order): 订单详情再来一单
91b3a5e fix(coupon): claim 事务冲突时退避重试 3 次，coupon 超时 10s
6c8e2f7 feat(coupon): 领券 claim，事务内扣库存，一人一张
0c94d8a feat(mp): 领券中心页面
5d0e3b2 feat(goods): 商品详情改用 mp-html 渲染富文本
3f6a2c1 fix(order): 订单列表下拉刷新后分页错乱
a07d4e2 chore: eslint 9 flat config，去掉 .eslintrc
8b5f1c9 ci: GitHub Actions 里 push main 后同步到 Gitee
e21f6d3 fix(pay): 支付回调里订单状态判断漏了 paying""")
        t.read(chl)
        t.read(mpkg)
        t.edit(chl, "# Changelog\n\n", """# Changelog

## 1.8.0 (2026-10-29)

### 新增

- 领券中心（`pages/coupon-center`）：展示当前可领的券，面额 / 门槛 / 到期时间，按钮区分立即领取、已领取、已抢光；`coupon` 云函数新增 `claim`，事务内扣库存，同一用户同一张券只能领一次（文档 id 为 `openid_templateId`），热点券事务冲突时退避重试 3 次，函数超时调整为 10 秒
- 会员积分页（`pages/points`）：积分卡片（可用积分、会员等级、距下一级差值，等级按累计积分计算：≥1000 银卡、≥5000 金卡）、积分明细、下拉刷新；全局积分状态通过 `PointsContext` 提供
- `points` 云函数新增 `earnByOrder`：订单确认收货后按实付金额每满 1 元积 1 分，以 `earn_<orderId>` 保证幂等
- 订单详情「再来一单」：按原规格加入购物车，提示已下架商品和价格变动（原价 / 现价）
- 退款申请页（`pages/refund-apply`）：退款原因、金额（不超过实付 - 已退，元转分不经过浮点）、补充说明、最多 3 张凭证图；`refund.apply` 校验 7 天内已签收订单
- 商品详情改用 mp-html 渲染富文本；猜你喜欢改为横滑

### 修复

- 商品详情富文本图片宽度溢出
- 购物车结算栏在 iPhone 15 Pro 上被 home indicator 遮挡
- 订单列表下拉刷新后分页错乱
- 支付回调中订单状态判断遗漏 `paying`

### 工程

- `@tarojs/*` 升级到 4.0.9
- ESLint 9 flat config
- GitHub Actions：push main 后自动同步到 Gitee

""")
        t.edit(mpkg, '"version": "1.7.2"', '"version": "1.8.0"')
        t.bash("git add CHANGELOG.md apps/mp/package.json && git commit -m \"chore(release): 1.8.0\" && git tag -a v1.8.0 -m \"v1.8.0\"",
               "Commit release and create annotated tag",
               out="[main 3a9f5d1] chore(release): 1.8.0\n 2 files changed, 27 insertions(+), 1 deletion(-)", err=LS_NOOP)
        t.bash("git push origin main --follow-tags", "Push main and tag to GitHub", err=push_out("origin", "c40e7a2", "3a9f5d1", "v1.8.0"))
        t.bash("git push gitee main --follow-tags", "Push main and tag to Gitee mirror", err=push_out("gitee", "c40e7a2", "3a9f5d1", "v1.8.0"))
        t.done("""1.8.0 发好了：

- `CHANGELOG.md` 加了 1.8.0 一节（新增 / 修复 / 工程）
- `apps/mp/package.json` 版本 1.7.2 → 1.8.0
- 提交 `3a9f5d1 chore(release): 1.8.0`，附注 tag `v1.8.0`
- 已推 GitHub（main + tag）和 Gitee（main + tag）

`report` 日报云函数是 WIP、触发器没开，我没写进 CHANGELOG。体验版需要我现在传吗？""")

        t = d.task("传一下体验版，版本 1.8.0，描述写「领券中心 + 会员积分 + 退款申请」。", tags=["mistake:M1"])
        up_cmd = "pnpm mp:upload --version 1.8.0 --desc \"领券中心 + 会员积分 + 退款申请\""
        up_hdr = hdr("mp:upload", "pnpm -F @shop/mp mp:upload \"--version\" \"1.8.0\" \"--desc\" \"领券中心 + 会员积分 + 退款申请\"") + "\n" + \
            mphdr("mp:upload", "node scripts/mp-ci.mjs upload \"--version\" \"1.8.0\" \"--desc\" \"领券中心 + 会员积分 + 退款申请\"", "1.8.0")
        t.fail(up_cmd, "Upload 1.8.0 as experience version", up_hdr + f"""
[mp-ci] upload 1.8.0 robot=3
[mp-ci] compile project start
[mp-ci] compile project done
[mp-ci] upload start
[mp-ci] upload failed:
Error: 系统错误，错误码：80051,source size 2741KB exceed max limit 2MB [20261029 11:31:48][{APPID}]
    at Object.e.exports [as upload] ({R}/{STORE}/miniprogram-ci@2.1.14/node_modules/miniprogram-ci/dist/ci/upload.js:1:3104)
    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)
    at async file://{R}/apps/mp/scripts/mp-ci.mjs:51:17 {{
  code: 80051
}}
{R}/apps/mp:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @shop/mp@1.8.0 mp:upload: `node scripts/mp-ci.mjs upload "--version" "1.8.0" "--desc" "领券中心 + 会员积分 + 退款申请"`
Exit status 1
 ELIFECYCLE  Command failed with exit code 1.""", timeout=300000)
        t.bash("find apps/mp/dist -maxdepth 1 -name '*.map' -printf '%s\\t%TY-%Tm-%Td %TH:%TM\\t%p\\n'", "Look for sourcemaps left by a dev build",
               out="""1026871\t2026-10-28 18:44\tapps/mp/dist/taro.js.map
512930\t2026-10-28 18:44\tapps/mp/dist/vendors.js.map
201447\t2026-10-28 18:44\tapps/mp/dist/common.js.map
41022\t2026-10-28 18:44\tapps/mp/dist/runtime.js.map
25813\t2026-10-28 18:44\tapps/mp/dist/app.js.map""")
        t.say("dist 还是昨晚 18:44 `dev:weapp` 出的开发包（带 sourcemap、不压缩），上传脚本直接打包 dist，所以超了 2MB。先做生产构建，再传。")
        t.bash("pnpm build:weapp", "Production build of the mini program",
               out=hdr("build:weapp", "pnpm -F @shop/mp build:weapp") + "\n" + mphdr("build:weapp", "taro build --type weapp", "1.8.0") + """
👽 Taro v4.0.9

✔ Webpack
  Compiled successfully in 44.06s
""", timeout=600000)
        t.bash(up_cmd, "Upload 1.8.0 as experience version", out=up_hdr + """
[mp-ci] upload 1.8.0 robot=3
[mp-ci] compile project start
[mp-ci] compile project done
[mp-ci] upload start
[mp-ci] upload done
[mp-ci] done [{"name":"__FULL__","size":1148620},{"name":"__APP__","size":1148620}]""", timeout=300000)
        t.done("""1.8.0 已上传（robot 3，描述「领券中心 + 会员积分 + 退款申请」），主包 1148KB。

第一次上传报了 `80051,source size 2741KB exceed max limit 2MB`：`apps/mp/dist` 里是昨晚 18:44 `dev:weapp` 留下的开发包（5 个 `.map`，未压缩）。`mp-ci.mjs` 不编译，直接打包 dist。跑了一次 `pnpm build:weapp` 生产构建后再传就好了。

接下来需要你在小程序后台「版本管理」里把这个 robot 3 的开发版**设为体验版**（CI 上传的版本默认是开发版），然后体验成员就能扫体验码了。""")

        t = d.task("顺便问下：小程序后台的开发版、体验版、审核版、线上版是什么关系？CI 传上去的是哪一个？", tags=["noise", "no_tools"])
        t.done("""四者是同一套代码包在后台的不同状态：

| 版本 | 怎么来的 | 谁能用 |
|---|---|---|
| **开发版** | 开发者工具「上传」或 miniprogram-ci `upload` 传上去的。每个开发者 / 每个 CI robot 各占一个开发版槽位，新传的覆盖同一槽位的旧版 | 项目成员（扫开发版二维码） |
| **体验版** | 在「版本管理」里从某个开发版**选为体验版**，同一时间只有一个 | 添加了体验成员权限的人 |
| **审核版** | 从开发版「提交审核」，审核中 / 审核通过待发布 | 审核人员 |
| **线上版** | 审核通过后点「发布」 | 所有用户 |

所以 **CI 传上去的是开发版**，按 robot 编号区分（我们脚本默认 robot 3，你在开发者工具里传的是你自己的槽位）。要给测试同学用，要在后台把 robot 3 的版本设为体验版；要上线，从这个开发版提交审核、审核通过后发布。

`preview`（预览）不进版本管理，只生成一个临时二维码，有效期大约 2 小时，适合给产品临时看一眼。""")

    # between sessions: Chen cut the 1.8.0 changelog down himself
    d.files[chl] = """# Changelog

## 1.8.0 (2026-10-29)

- 新增：领券中心
- 新增：会员积分页，确认收货后发积分
- 新增：订单详情「再来一单」
- 新增：退款申请页
- 新增：商品详情富文本、猜你喜欢横滑
- 修复：购物车结算栏被 iPhone 15 Pro home indicator 遮挡
- 修复：订单列表下拉刷新后分页错乱

## 1.7.2 (2026-09-24)

- 修复：购物车数量步进器快速连点会多扣库存
- 修复：订单列表下拉刷新后分页错乱

## 1.7.1 (2026-09-16)

- 修复：iPhone 底部安全区遮挡结算栏

## 1.7.0 (2026-09-10)

- 新增：商品详情页规格选择弹层
- 新增：订单列表按状态筛选
"""

    # ============================================================== S8
    with d.session("2026-11-03T01:41:00", R, branch="main", version="2.1.96"):
        fb = "上周 1.8.0 的 CHANGELOG 你写得太长了，老板在群里看了一眼就回了句「cut half」，最后是我自己删了一半才推上去的。"
        t = d.task(fb + "以后 CHANGELOG 这么写：每条一行，「新增：」「修复：」开头，只写用户能感知到的变化，不写实现细节、函数名和文件路径，一个版本最多 8 条。",
                   tags=["feedback", "no_tools"], feedback=fb)
        t.done("""明白，是我写成了给开发看的改动说明。以后 CHANGELOG 按这个来：

```
## 1.8.1 (2026-11-03)

- 修复：iOS 上领券中心到期时间显示 Invalid Date
```

- 每条一行，以「新增：」「修复：」开头
- 只写用户能感知的变化，不写函数名、文件路径、实现方式（事务、幂等这类）
- 工程类改动（依赖升级、lint 配置、CI）不写
- 一个版本最多 8 条""")

        cu = P(f"{cc}/utils.ts")
        ct = P(f"{cc}/utils.test.ts")
        t = d.task("线上反馈：iPhone 上领券中心有几张券的到期时间显示 Invalid Date，安卓正常。查一下，修完直接发 1.8.1 hotfix，CHANGELOG、版本号、tag，GitHub 和 Gitee 都推。",
                   tags=["workflow:W3"])
        t.read(cu)
        t.say("`dayjs(t.endAt)` 本身没问题，前提是 `endAt` 是时间戳。如果运营在云开发控制台里手动录的券，`endAt` 可能是 `'2026-11-11 23:59:59'` 这种字符串——iOS 的 JavaScriptCore 不认「YYYY-MM-DD HH:mm:ss」，`new Date()` 会得到 Invalid Date，安卓的 V8 认。")
        t.edit(cu, "  endAt: number\n", "  /** 时间戳；运营在控制台手录的可能是 'YYYY-MM-DD HH:mm:ss' 字符串 */\n  endAt: number | string\n")
        t.edit(cu, """export function condText(t: CouponTemplate): string {
  const cond = t.threshold > 0 ? `满${formatPrice(t.threshold, { symbol: false, trimZero: true })}元可用` : '无门槛'
  return `${cond} · ${dayjs(t.endAt).format('MM-DD HH:mm')} 到期`
}""", """/** iOS 的 JSCore 不认 'YYYY-MM-DD HH:mm:ss'，换成 'YYYY/MM/DD HH:mm:ss' */
function toDate(v: number | string) {
  return dayjs(typeof v === 'string' ? v.replace(/-/g, '/') : v)
}

export function condText(t: CouponTemplate): string {
  const cond = t.threshold > 0 ? `满${formatPrice(t.threshold, { symbol: false, trimZero: true })}元可用` : '无门槛'
  return `${cond} · ${toDate(t.endAt).format('MM-DD HH:mm')} 到期`
}""")
        t.read(ct)
        t.edit(ct, """    expect(condText(base)).toBe('满99元可用 · 10-31 23:59 到期')
  })
""", """    expect(condText(base)).toBe('满99元可用 · 10-31 23:59 到期')
  })
  it('到期时间是控制台录入的字符串也能显示', () => {
    expect(condText({ ...base, endAt: '2026-11-11 23:59:59' })).toBe('满99元可用 · 11-11 23:59 到期')
  })
""")
        t.bash("pnpm -F @shop/mp exec jest src/pages/coupon-center && pnpm typecheck", "Run coupon-center tests and type-check",
               out=typecheck_ok(),
               err=jest_block([("src/pages/coupon-center/utils.test.ts",
                                [("couponState", ["已领取优先 (2 ms)", "领完了是已抢光", "其余可领取"]),
                                 ("valueText / condText", ["满减券按元显示，整数不带小数 (1 ms)", "折扣券显示几折", "门槛为 0 显示无门槛 (2 ms)",
                                                           "到期时间是控制台录入的字符串也能显示 (1 ms)"])])],
                              7, "2.206", "src\\/pages\\/coupon-center"))
        t.read(chl)
        t.read(mpkg)
        t.edit(chl, "# Changelog\n\n", "# Changelog\n\n## 1.8.1 (2026-11-03)\n\n- 修复：iPhone 上领券中心部分券的到期时间显示 Invalid Date\n\n")
        t.edit(mpkg, '"version": "1.8.0"', '"version": "1.8.1"')
        t.bash("git add -A apps/mp/src/pages/coupon-center CHANGELOG.md apps/mp/package.json && git commit -m \"fix(coupon): iOS 上到期时间字符串解析为 Invalid Date\" -m \"chore(release): 1.8.1\" && git tag -a v1.8.1 -m \"v1.8.1\"",
               "Commit hotfix and tag v1.8.1",
               out="[main 6e2d0b8] fix(coupon): iOS 上到期时间字符串解析为 Invalid Date\n 4 files changed, 16 insertions(+), 4 deletions(-)",
               err="""[STARTED] Preparing lint-staged...
[COMPLETED] Preparing lint-staged...
[STARTED] Running tasks for staged files...
[STARTED] package.json — 4 files
[STARTED] *.{ts,tsx,js,mjs} — 2 files
[STARTED] *.scss — 0 files
[SKIPPED] *.scss — no files
[STARTED] eslint --fix
[COMPLETED] eslint --fix
[COMPLETED] *.{ts,tsx,js,mjs} — 2 files
[COMPLETED] package.json — 4 files
[COMPLETED] Running tasks for staged files...
[STARTED] Applying modifications from tasks...
[COMPLETED] Applying modifications from tasks...
[STARTED] Cleaning up temporary files...
[COMPLETED] Cleaning up temporary files...""")
        t.bash("git push origin main --follow-tags && git push gitee main --follow-tags", "Push hotfix and tag to GitHub and Gitee",
               err=push_out("origin", "3a9f5d1", "6e2d0b8", "v1.8.1") + "\n" + push_out("gitee", "3a9f5d1", "6e2d0b8", "v1.8.1"))
        t.done("""1.8.1 hotfix 发好了。

**原因**：出问题的几张券 `endAt` 是运营在云开发控制台手录的字符串 `'2026-11-11 23:59:59'`，iOS 的 JavaScriptCore 不支持 `YYYY-MM-DD HH:mm:ss`，`dayjs()` 得到 Invalid Date；安卓正常。

**修复**：`coupon-center/utils.ts` 里加了 `toDate()`，字符串先把 `-` 换成 `/` 再交给 dayjs；类型上 `endAt` 标成 `number | string`，补了一条单测。单测、类型检查通过。

**发版**：CHANGELOG 一行「修复：iPhone 上领券中心部分券的到期时间显示 Invalid Date」，版本 1.8.1，提交 `6e2d0b8`，tag `v1.8.1`，GitHub、Gitee 都推了。

建议再跟运营说一下，控制台录券时间尽量用时间戳；或者以后在 `coupon` 云函数的 `listAvailable` 出口统一转成时间戳。体验版我没传，需要的话说一声。""")

        store_ts = P(f"{MP}/src/store/points.ts")
        t = d.task("改主意了：全局状态以后统一用 zustand，别再新加 React Context 了，Provider 一层层套太烦。先把积分的 PointsContext 换成 zustand store，用法尽量不变。"
                   "然后新开个 feat/group-buy 分支，接下来做拼团。", tags=["reversal:P3"])
        t.bash("git switch -c feat/group-buy", "Create feat/group-buy branch", err="Switched to a new branch 'feat/group-buy'")
        t.bash("pnpm -F @shop/mp add zustand", "Add zustand to the mini program package",
               out="""Progress: resolved 1351, reused 1349, downloaded 1, added 1, done

dependencies:
+ zustand 5.0.1

Done in 3.9s""")
        t.read(P(f"{MP}/src/store/PointsContext.tsx"))
        t.grep("usePoints|PointsProvider", output_mode="files_with_matches", path=P(f"{MP}/src"),
               filenames=[P(f"{MP}/src/app.tsx"), P(f"{MP}/src/pages/points/index.tsx"), P(f"{MP}/src/store/PointsContext.tsx")])
        t.write(store_ts, """import { create } from 'zustand'
import { callCloud } from '@/services/cloud'

export interface PointsLog {
  _id: string
  reason: string
  delta: number
  createdAt: number
}

export interface PointsSummary {
  balance: number
  total: number
  logs: PointsLog[]
}

interface PointsState {
  summary?: PointsSummary
  refresh: () => Promise<void>
}

export const usePointsStore = create<PointsState>()((set) => ({
  summary: undefined,
  refresh: async () => {
    set({ summary: await callCloud<PointsSummary>('points', 'getSummary') })
  },
}))
""")
        t.read(P(f"{MP}/src/app.tsx"))
        t.edit(P(f"{MP}/src/app.tsx"), "import { PointsProvider } from './store/PointsContext'\n", "")
        t.edit(P(f"{MP}/src/app.tsx"), "  return <PointsProvider>{children}</PointsProvider>\n", "  return children\n")
        pg = P(f"{MP}/src/pages/points/index.tsx")
        t.read(pg)
        t.edit(pg, "import { usePoints } from '@/store/PointsContext'\n", "import { usePointsStore } from '@/store/points'\n")
        t.edit(pg, "  const { summary, refresh } = usePoints()\n",
               "  const summary = usePointsStore((s) => s.summary)\n  const refresh = usePointsStore((s) => s.refresh)\n")
        t.bash("git rm -q apps/mp/src/store/PointsContext.tsx && pnpm typecheck && pnpm lint:js", "Remove the old context, type-check and lint",
               out=typecheck_ok() + "\n" + hdr("lint:js", "eslint ."))
        t.done("""换好了，已经在新分支 `feat/group-buy` 上：

- `@shop/mp` 加了 `zustand 5.0.1`
- 新建 `src/store/points.ts`：`usePointsStore`，state 里是 `summary` 和 `refresh()`，类型和原来的 Context 一样
- `app.tsx` 去掉了 `PointsProvider`，恢复成直接 `return children`
- 积分页改成两个 selector：`usePointsStore((s) => s.summary)`、`usePointsStore((s) => s.refresh)`，按字段订阅，别的字段变化不会触发重渲染
- 删除了 `src/store/PointsContext.tsx`

类型检查、ESLint 通过。以后新的全局状态都放 `src/store/*.ts`，用 zustand 写，不再加 Context。""")

        gb = f"{MP}/src/pages/group-buy"
        GB_UTILS = """export interface GroupMember {
  openid: string
  avatar: string
  nickName: string
}

export interface GroupInfo {
  _id: string
  goodsTitle: string
  /** 拼团价，单位分 */
  groupPrice: number
  /** 单买价，单位分 */
  originPrice: number
  size: number
  members: GroupMember[]
  expireAt: number
  status: 'open' | 'success' | 'failed'
}

/** 还差几人成团 */
export function needed(g: GroupInfo): number {
  return Math.max(0, g.size - g.members.length)
}

/** 剩余时间 → 'HH:mm:ss'，过期返回 '00:00:00' */
export function countdown(expireAt: number, now: number): string {
  const s = Math.max(0, Math.floor((expireAt - now) / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}
"""
        GB_TEST = """import { countdown, needed, type GroupInfo } from './utils'

const g = (n: number): GroupInfo => ({
  _id: 'g1', goodsTitle: '阳光玫瑰葡萄 2 斤', groupPrice: 2990, originPrice: 3990, size: 3,
  members: Array.from({ length: n }, (_, i) => ({ openid: `o${i}`, avatar: '', nickName: `u${i}` })),
  expireAt: 0, status: 'open',
})

describe('needed', () => {
  it('还差几人', () => {
    expect(needed(g(1))).toBe(2)
    expect(needed(g(3))).toBe(0)
  })
})

describe('countdown', () => {
  it('格式化为 HH:mm:ss', () => {
    expect(countdown(3_725_000, 0)).toBe('01:02:05')
  })
  it('过期显示 00:00:00', () => {
    expect(countdown(1000, 5000)).toBe('00:00:00')
  })
})
"""
        GB_PAGE = """import { View, Text, Button, Image } from '@tarojs/components'
import Taro, { useLoad, useShareAppMessage, useUnload } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { callCloud } from '@/services/cloud'
import { formatPrice } from '@/utils/price'
import GroupAvatars from '@/components/GroupAvatars'
import { countdown, needed, type GroupInfo } from './utils'
import './index.scss'

export default function GroupBuyPage() {
  const [group, setGroup] = useState<GroupInfo>()
  const [now, setNow] = useState(Date.now())
  const timer = useRef<ReturnType<typeof setInterval>>()

  useLoad(async (params) => {
    if (!params.groupId) return
    setGroup(await callCloud<GroupInfo>('groupBuy', 'detail', { groupId: params.groupId }))
    timer.current = setInterval(() => setNow(Date.now()), 1000)
  })

  useUnload(() => clearInterval(timer.current))

  useShareAppMessage(() => ({
    title: group ? `还差 ${needed(group)} 人，${formatPrice(group.groupPrice)} 拼 ${group.goodsTitle}` : '一起拼团',
    path: `/pages/group-buy/index?groupId=${group?._id ?? ''}`,
  }))

  if (!group) return <View className="group-buy group-buy--loading" />

  const join = async () => {
    await callCloud('groupBuy', 'join', { groupId: group._id })
    setGroup(await callCloud<GroupInfo>('groupBuy', 'detail', { groupId: group._id }))
    Taro.showToast({ title: '参团成功', icon: 'success' })
  }

  return (
    <View className="group-buy">
      <View className="group-buy__goods">
        <Image className="group-buy__cover" src="" mode="aspectFill" />
        <View className="group-buy__title">{group.goodsTitle}</View>
        <View className="group-buy__price">
          <Text className="group-buy__group-price">{formatPrice(group.groupPrice)}</Text>
          <Text className="group-buy__origin-price">{formatPrice(group.originPrice)}</Text>
        </View>
      </View>
      <GroupAvatars members={group.members} size={group.size} />
      <View className="group-buy__tip">
        还差 <Text className="group-buy__em">{needed(group)}</Text> 人成团，剩余 {countdown(group.expireAt, now)}
      </View>
      <Button className="group-buy__join" openType="share">邀请好友</Button>
      <Button className="group-buy__join group-buy__join--primary" onClick={join}>立即参团</Button>
    </View>
  )
}
"""
        GB_SCSS = """.group-buy {
  min-height: 100vh;
  padding: 24rpx;
  background: #f6f6f6;

  &__goods {
    padding: 24rpx;
    border-radius: 16rpx;
    background: #fff;
  }

  &__cover {
    width: 100%;
    height: 360rpx;
    border-radius: 12rpx;
  }

  &__title {
    margin-top: 16rpx;
    color: #222;
    font-size: 30rpx;
  }

  &__group-price {
    color: #ff5a36;
    font-size: 40rpx;
    font-weight: 600;
  }

  &__origin-price {
    margin-left: 12rpx;
    color: #999;
    font-size: 24rpx;
    text-decoration: line-through;
  }

  &__tip {
    margin: 32rpx 0;
    color: #666;
    font-size: 26rpx;
    text-align: center;
  }

  &__em {
    color: #ff5a36;
  }

  &__join {
    margin-top: 20rpx;
    border-radius: 44rpx;
    font-size: 30rpx;

    &--primary {
      background: #ff5a36;
      color: #fff;
    }
  }
}
"""
        AV_TSX = """import { View, Image } from '@tarojs/components'
import type { GroupMember } from '@/pages/group-buy/utils'
import './index.scss'

export default function GroupAvatars({ members, size }: { members: GroupMember[]; size: number }) {
  const slots = Array.from({ length: size }, (_, i) => members[i])
  return (
    <View className="group-avatars">
      {slots.map((m, i) =>
        m ? (
          <Image key={m.openid} className="group-avatars__item" src={m.avatar} />
        ) : (
          <View key={`empty-${i}`} className="group-avatars__item group-avatars__item--empty">?</View>
        ),
      )}
    </View>
  )
}
"""
        AV_SCSS = """.group-avatars {
  display: flex;
  justify-content: center;
  gap: 24rpx;
  margin-top: 32rpx;

  &__item {
    width: 96rpx;
    height: 96rpx;
    border-radius: 50%;

    &--empty {
      border: 2rpx dashed #ccc;
      color: #ccc;
      font-size: 40rpx;
      line-height: 92rpx;
      text-align: center;
    }
  }
}
"""
        t = d.task("拼团第一步：拼团详情页 pages/group-buy，带 groupId 进来。展示商品、拼团价和单买价、已参团头像（空位显示问号）、还差几人、倒计时，按钮「邀请好友」（转发）和「立即参团」（调 groupBuy 的 join）。"
                   "头像那块抽成组件 GroupAvatars。倒计时和差几人这些逻辑写单测，页面注册上，类型检查、lint 照旧。",
                   tags=["mistake:M3", "workflow:W1"])
        t.read(appcfg)
        t.write(P(f"{gb}/utils.ts"), GB_UTILS)
        t.write(P(f"{gb}/utils.test.ts"), GB_TEST)
        t.write(P(f"{MP}/src/components/GroupAvatars/index.tsx"), AV_TSX)
        t.write(P(f"{MP}/src/components/GroupAvatars/index.scss"), AV_SCSS)
        t.write(P(f"{gb}/index.tsx"), GB_PAGE)
        t.write(P(f"{gb}/index.config.ts"), "export default definePageConfig({\n  navigationBarTitleText: '拼团',\n})\n")
        t.write(P(f"{gb}/index.scss"), GB_SCSS)
        t.edit(appcfg, "    'pages/refund-apply/index',\n", "    'pages/refund-apply/index',\n    'pages/group-buy/index',\n")
        t.bash("pnpm -F @shop/mp exec jest src/pages/group-buy", "Run group-buy unit tests",
               err=jest_block([("src/pages/group-buy/utils.test.ts",
                                [("needed", ["还差几人 (2 ms)"]), ("countdown", ["格式化为 HH:mm:ss (1 ms)", "过期显示 00:00:00"])])],
                              3, "1.884", "src\\/pages\\/group-buy"))
        t.bash("pnpm typecheck", "Type-check all workspace packages", out=typecheck_ok())
        rep = rpx_multi([(f"{MP}/src/components/GroupAvatars/index.scss", AV_SCSS), (f"{gb}/index.scss", GB_SCSS)])
        nrpx = AV_SCSS.count("rpx") + GB_SCSS.count("rpx")
        t.fail("pnpm lint:style", "Run Stylelint on mini program styles",
               hdr("lint:style", "stylelint \"apps/mp/src/**/*.scss\"") + rep + "\n" + ELIFE.format(2), code=2)
        t.say(f"两个新样式文件里一共 {nrpx} 处 rpx 被 `unit-disallowed-list` 拦了。按约定写 px（750 稿 1:1，由 Taro 转换），两处文件都改。空位头像的虚线边框写 2px 会被转成 2rpx，在这里正合适，不用写 PX。")
        t.read(P(f"{MP}/src/components/GroupAvatars/index.scss"))
        t.edit(P(f"{MP}/src/components/GroupAvatars/index.scss"), "rpx", "px", replace_all=True)
        t.edit(P(f"{gb}/index.scss"), "rpx", "px", replace_all=True)
        t.bash("pnpm lint:style", "Run Stylelint on mini program styles", out=hdr("lint:style", "stylelint \"apps/mp/src/**/*.scss\""))
        t.bash("pnpm lint:js", "Run ESLint", out=hdr("lint:js", "eslint ."))
        t.done(f"""拼团详情页做好了，单测、类型检查、ESLint、Stylelint 都过了。

- `pages/group-buy/utils.ts` + 单测：`needed()` 还差几人、`countdown()` 格式化成 `HH:mm:ss`，过期为 `00:00:00`
- `components/GroupAvatars`：按 `size` 画格子，已参团显示头像，空位显示「?」虚线圈
- `pages/group-buy/index.tsx`：`useLoad` 按 `groupId` 调 `groupBuy.detail`；每秒刷新倒计时，`useUnload` 清定时器；「邀请好友」是 `openType="share"`，分享标题「还差 N 人，¥29.90 拼 …」；「立即参团」调 `groupBuy.join` 后重新拉详情；价格都用 `formatPrice`
- `app.config.ts` 注册了 `pages/group-buy/index`

Stylelint 第一次没过：两个新 scss 我又写成了 rpx（共 {nrpx} 处），已全部换成 px。

`groupBuy.join` 云函数侧下次做。""")

        t = d.task("项目里有哪些地方直接用 Taro.setStorageSync / getStorageSync 存取东西？列一下 key，我想统一收到一个 storage 工具里。", tags=["noise"])
        t.grep("(set|get|remove)StorageSync\\(", output_mode="content", path=P(f"{MP}/src"), n=True,
               content=f"""{R}/apps/mp/src/pages/cart/index.tsx:38:    const saved = Taro.getStorageSync('cart_checked_ids') || []
{R}/apps/mp/src/pages/cart/index.tsx:71:    Taro.setStorageSync('cart_checked_ids', ids)
{R}/apps/mp/src/pages/mine/index.tsx:22:  const profile = Taro.getStorageSync('user_profile')
{R}/apps/mp/src/pages/mine/index.tsx:49:      Taro.setStorageSync('user_profile', res.userInfo)
{R}/apps/mp/src/pages/index/index.tsx:12:// TODO: 首页缓存 Taro.getStorageSync('home_cache')
{R}/apps/mp/src/pages/goods/detail/index.tsx:64:    const history = Taro.getStorageSync('browse_history') || []
{R}/apps/mp/src/pages/goods/detail/index.tsx:66:    Taro.setStorageSync('browse_history', [id, ...history.filter((x: string) => x !== id)].slice(0, 50))
{R}/apps/mp/src/pages/category/index.tsx:31:  const last = Taro.getStorageSync('last_category')
{R}/apps/mp/src/pages/category/index.tsx:45:    Taro.setStorageSync('last_category', cid)""")
        t.done("""直接调 `StorageSync` 的一共 4 个 key（加一个 TODO 注释）：

| key | 读 | 写 | 存的是 |
|---|---|---|---|
| `cart_checked_ids` | `pages/cart/index.tsx:38` | `:71` | 购物车勾选的商品 id 数组 |
| `user_profile` | `pages/mine/index.tsx:22` | `:49` | 用户头像昵称 |
| `browse_history` | `pages/goods/detail/index.tsx:64` | `:66` | 浏览记录，最多 50 条 |
| `last_category` | `pages/category/index.tsx:31` | `:45` | 上次选的分类 |

`pages/index/index.tsx:12` 的 `home_cache` 只是 TODO 注释，没真正用。

统一的话建议做一个 `src/utils/storage.ts`：key 用一个字面量联合类型（或枚举）集中声明，每个 key 绑定值类型，`get<K>(key)` / `set<K>(key, value)` 都有类型；顺便给 `browse_history` 这类加个版本号前缀，以后改结构时好清理旧数据。要做的话我来写。""")

    # ============================================================== S9
    gbj = P("cloudfunctions/groupBuy/index.js")
    d.files[gbj] = """const cloud = require('wx-server-sdk')

cloud.init({ env: cloud.DYNAMIC_CURRENT_ENV })
const db = cloud.database()
const _ = db.command

const ok = (data) => ({ code: 0, data })
const fail = (code, msg) => ({ code, msg })

async function detail({ groupId }) {
  const { data } = await db.collection('groups').doc(groupId).get()
  return ok(data)
}

const actions = { detail }

exports.main = async (event) => {
  const { OPENID } = cloud.getWXContext()
  const handler = actions[event.action]
  if (!handler) return fail(40001, `unknown action ${event.action}`)
  try {
    return await handler({ ...event, OPENID })
  } catch (e) {
    console.error(event.action, e)
    return fail(50000, '系统繁忙，请稍后再试')
  }
}
"""
    with d.session("2026-11-06T02:09:00", R, branch="feat/group-buy", version="2.1.97"):
        t = d.task("groupBuy 云函数加 join：团必须是 open 且没过期，已经在团里的不能重复参，人满了返回已满；参团成功如果刚好满员，团状态改成 success。"
                   "参团人的头像昵称前端会传 avatar、nickName 过来。写单测、部署到开发环境，调 detail 看一下 g_test_1 这个测试团的数据对不对。", tags=["workflow:W2"])
        t.read(gbj)
        t.edit(gbj, "const actions = { detail }", """async function join({ OPENID, groupId, avatar = '', nickName = '' }) {
  if (!OPENID) return fail(40100, '请先登录')
  return db.runTransaction(async (tx) => {
    const { data: g } = await tx.collection('groups').doc(groupId).get()
    if (g.status !== 'open' || Date.now() >= g.expireAt) return fail(40901, '这个团已经结束了')
    if (g.members.some((m) => m.openid === OPENID)) return fail(40903, '你已经在团里了')
    if (g.members.length >= g.size) return fail(40902, '团已满')
    const full = g.members.length + 1 === g.size
    await tx.collection('groups').doc(groupId).update({
      data: {
        members: _.push({ openid: OPENID, avatar, nickName, joinedAt: Date.now() }),
        ...(full ? { status: 'success', successAt: Date.now() } : {}),
      },
    })
    return ok({ full })
  })
}

const actions = { detail, join }""")
        t.write(P("cloudfunctions/groupBuy/__tests__/join.test.js"), """jest.mock('wx-server-sdk', () => require('./helpers/cloud-mock').sdk)
const { setTables, setOpenid, tables } = require('./helpers/cloud-mock')
const { main } = require('../index')

const NOW = new Date('2026-11-06T10:00:00+08:00').getTime()
const group = (over = {}) => ({
  _id: 'g1', size: 3, status: 'open', expireAt: NOW + 3600_000,
  members: [{ openid: 'o_leader', avatar: '', nickName: '团长' }], ...over,
})

beforeEach(() => {
  jest.useFakeTimers().setSystemTime(NOW)
  setOpenid('o_user_1')
  setTables({ groups: [group()] })
})

afterEach(() => jest.useRealTimers())

test('参团成功，未满员时状态不变', async () => {
  expect(await main({ action: 'join', groupId: 'g1', nickName: '小王' })).toEqual({ code: 0, data: { full: false } })
  expect(tables().groups[0].members).toHaveLength(2)
  expect(tables().groups[0].status).toBe('open')
})

test('最后一个人参团后状态变成 success', async () => {
  setTables({ groups: [group({ members: [{ openid: 'a' }, { openid: 'b' }] })] })
  expect((await main({ action: 'join', groupId: 'g1' })).data).toEqual({ full: true })
  expect(tables().groups[0].status).toBe('success')
})

test('不能重复参团', async () => {
  setOpenid('o_leader')
  expect((await main({ action: 'join', groupId: 'g1' })).code).toBe(40903)
})

test('过期或非 open 的团不能参', async () => {
  setTables({ groups: [group({ expireAt: NOW - 1 })] })
  expect((await main({ action: 'join', groupId: 'g1' })).code).toBe(40901)
})
""")
        t.bash("pnpm -F @shop/cf-groupbuy test", "Run groupBuy cloud function tests",
               out=hdr("test", "jest", "@shop/cf-groupbuy", "1.0.0", P("cloudfunctions/groupBuy")),
               err="""PASS __tests__/detail.test.js
PASS __tests__/join.test.js

Test Suites: 2 passed, 2 total
Tests:       6 passed, 6 total
Snapshots:   0 total
Time:        0.951 s, estimated 1 s
Ran all test suites.""")
        t.bash("pnpm cf:deploy groupBuy", "Deploy groupBuy cloud function to dev env",
               out=hdr("cf:deploy", "node scripts/cf.mjs deploy groupBuy") + f"""
[cf] env={ENV_DEV} fn=groupBuy
- 正在部署云函数 groupBuy ...
✔ [groupBuy] 云函数部署成功！""", timeout=300000)
        t.bash("pnpm cf:invoke groupBuy '{\"action\":\"detail\",\"groupId\":\"g_test_1\"}'", "Invoke groupBuy.detail for the test group",
               out=hdr("cf:invoke", "node scripts/cf.mjs invoke groupBuy '{\"action\":\"detail\",\"groupId\":\"g_test_1\"}'") + f"""
[cf] env={ENV_DEV} fn=groupBuy
✔ [groupBuy] 调用成功

响应结果：

{{"code":0,"data":{{"_id":"g_test_1","goodsTitle":"阳光玫瑰葡萄 2 斤","groupPrice":2990,"originPrice":3990,"size":3,"status":"open","expireAt":1762502400000,"members":[{{"openid":"oX9k2...Lq","avatar":"cloud://shop-dev-4g8k2w1c9e0b7a35.7368-shop-dev-1325011437/avatar/leader.jpg","nickName":"测试团长","joinedAt":1762389412000}}]}}}}""")
        t.done("""`groupBuy.join` 写好、测过、已部署开发环境。

- 未登录 `40100`；团不是 `open` 或已过期 `40901`；已在团里 `40903`；人满 `40902`
- 事务里读团 → 校验 → `members: _.push(...)`（带 avatar、nickName、joinedAt）；加入后刚好满员则同时把 `status` 改成 `success` 并记 `successAt`，返回 `{ full }`
- 单测 4 个：未满员参团、满员变 success、重复参团、过期不能参

`detail` 调 `g_test_1`：葡萄团，拼团价 2990 分、单买 3990 分，3 人团，目前 1 人（测试团长），`open`，到期 `1762502400000`（11-07 16:00）。数据结构和前端 `GroupInfo` 对得上。""")

        t = d.task("测试同学说体验版上参团一直提示「系统繁忙」，给了个 requestId：5e3c8a17-2b9d-4f60-a1e4-9c07d3b6f821，帮我看下日志是什么错，能修就直接修了重新部署到开发环境。",
                   tags=["mistake:M2"])
        rq = "5e3c8a17-2b9d-4f60-a1e4-9c07d3b6f821"
        t.fail(f"npx tcb fn log groupBuy --reqId {rq}", "Fetch groupBuy log by request id",
               " ✖ 未识别到有效的环境 Id，请使用 cloudbaserc 配置文件进行操作或通过 -e 参数指定环境 Id")
        t.grep("DEV_ENV =", output_mode="content", path=P("scripts/cf.mjs"), n=True,
               content=f"{R}/scripts/cf.mjs:7:const DEV_ENV = '{ENV_DEV}'")
        t.bash(f"npx tcb fn log groupBuy -e {ENV_DEV} --reqId {rq}", "Fetch groupBuy log by request id from dev env",
               out=f"""✔ 获取日志成功

RequestId: {rq}
函数名称: groupBuy
开始时间: 2026-11-06 09:41:27
运行时间: 96ms
占用内存: 52.77 MB
返回结果: {{"code":50000,"msg":"系统繁忙，请稍后再试"}}
日志:
START RequestId: {rq}
Event RequestId: {rq}
2026-11-06T01:41:27.318Z  {rq}  ERROR  join TypeError: Cannot read properties of undefined (reading 'some')
    at /var/user/index.js:19:19
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
    at async Transaction.runTransaction (/var/user/node_modules/@cloudbase/database/dist/commonjs/transaction/index.js:126:28)
END RequestId: {rq}
Report RequestId: {rq} Duration:96ms Memory:256MB MaxMemoryUsed:52.77MB

共 1 条""")
        t.bash(f"pnpm cf:invoke groupBuy '{{\"action\":\"detail\",\"groupId\":\"g_test_2\"}}'", "Look at another test group's document",
               out=hdr("cf:invoke", "node scripts/cf.mjs invoke groupBuy '{\"action\":\"detail\",\"groupId\":\"g_test_2\"}'") + f"""
[cf] env={ENV_DEV} fn=groupBuy
✔ [groupBuy] 调用成功

响应结果：

{{"code":0,"data":{{"_id":"g_test_2","goodsTitle":"赣南脐橙 5 斤","groupPrice":3590,"originPrice":4590,"size":2,"status":"open","expireAt":1762588800000,"leader":{{"openid":"oX9k2...Lq","nickName":"测试团长"}}}}}}""")
        t.say("找到原因了：`g_test_2` 这种团是按老结构建的，只有 `leader`，没有 `members` 数组，`g.members.some` 直接抛了。join 里兼容一下：没有 `members` 时用 `leader` 当第一个成员。")
        t.edit(gbj, """    const { data: g } = await tx.collection('groups').doc(groupId).get()
    if (g.status !== 'open' || Date.now() >= g.expireAt) return fail(40901, '这个团已经结束了')
    if (g.members.some((m) => m.openid === OPENID)) return fail(40903, '你已经在团里了')
    if (g.members.length >= g.size) return fail(40902, '团已满')
    const full = g.members.length + 1 === g.size
    await tx.collection('groups').doc(groupId).update({
      data: {
        members: _.push({ openid: OPENID, avatar, nickName, joinedAt: Date.now() }),""", """    const { data: g } = await tx.collection('groups').doc(groupId).get()
    if (g.status !== 'open' || Date.now() >= g.expireAt) return fail(40901, '这个团已经结束了')
    // 早期的团只有 leader 字段，没有 members 数组
    const members = g.members ?? (g.leader ? [g.leader] : [])
    if (members.some((m) => m.openid === OPENID)) return fail(40903, '你已经在团里了')
    if (members.length >= g.size) return fail(40902, '团已满')
    const full = members.length + 1 === g.size
    const me = { openid: OPENID, avatar, nickName, joinedAt: Date.now() }
    await tx.collection('groups').doc(groupId).update({
      data: {
        members: g.members ? _.push(me) : [...members, me],""")
        t.read(P("cloudfunctions/groupBuy/__tests__/join.test.js"))
        t.edit(P("cloudfunctions/groupBuy/__tests__/join.test.js"), """test('过期或非 open 的团不能参'""", """test('老结构只有 leader 的团也能参', async () => {
  setTables({ groups: [{ _id: 'g1', size: 2, status: 'open', expireAt: NOW + 1000, leader: { openid: 'o_leader' } }] })
  expect((await main({ action: 'join', groupId: 'g1' })).data).toEqual({ full: true })
  expect(tables().groups[0].members.map((m) => m.openid)).toEqual(['o_leader', 'o_user_1'])
})

test('过期或非 open 的团不能参'""")
        t.bash("pnpm -F @shop/cf-groupbuy test && pnpm cf:deploy groupBuy", "Test and redeploy groupBuy",
               out=hdr("test", "jest", "@shop/cf-groupbuy", "1.0.0", P("cloudfunctions/groupBuy")) + "\n" +
               hdr("cf:deploy", "node scripts/cf.mjs deploy groupBuy") + f"""
[cf] env={ENV_DEV} fn=groupBuy
- 正在部署云函数 groupBuy ...
✔ [groupBuy] 云函数部署成功！""",
               err="""PASS __tests__/detail.test.js
PASS __tests__/join.test.js

Test Suites: 2 passed, 2 total
Tests:       7 passed, 7 total
Snapshots:   0 total
Time:        0.968 s, estimated 1 s
Ran all test suites.""", timeout=300000)
        t.done(f"""查到了，已修复并重新部署到开发环境。

**日志**（`tcb fn log` 需要 `-e {ENV_DEV}`）：
```
join TypeError: Cannot read properties of undefined (reading 'some')
    at /var/user/index.js:19:19
```

**原因**：测试同学用的团是早期结构，文档里只有 `leader`，没有 `members` 数组（比如 `g_test_2`），`join` 里直接 `g.members.some(...)` 就抛了，被外层 catch 成「系统繁忙」。

**修复**（`cloudfunctions/groupBuy/index.js`）：没有 `members` 时用 `[leader]` 当成员列表；老结构的团写回时直接 `set` 完整的 `members` 数组，新结构继续 `_.push`。补了一条「只有 leader 的团也能参」的单测，7 个用例全过，已 `cf:deploy`。

建议后面写个一次性脚本，把库里老结构的团都补上 `members`，之后这段兼容可以删掉。""")

        t = d.task("跑一下全部云函数的单测，看看现在整体是不是绿的。", tags=["unfixed:U2"])
        t.fail("pnpm test:cf", "Run all cloud function tests",
               hdr("test:cf", "pnpm -r --filter \"./cloudfunctions/*\" test") + """
Scope: 7 of 10 workspace projects
cloudfunctions/coupon test$ jest
cloudfunctions/coupon test: PASS __tests__/listAvailable.test.js
cloudfunctions/coupon test: PASS __tests__/claim.test.js
cloudfunctions/coupon test: Test Suites: 2 passed, 2 total
cloudfunctions/coupon test: Tests:       8 passed, 8 total
cloudfunctions/coupon test: Snapshots:   0 total
cloudfunctions/coupon test: Time:        1.027 s
cloudfunctions/coupon test: Ran all test suites.
cloudfunctions/coupon test: Done
cloudfunctions/groupBuy test$ jest
cloudfunctions/groupBuy test: PASS __tests__/detail.test.js
cloudfunctions/groupBuy test: PASS __tests__/join.test.js
cloudfunctions/groupBuy test: Test Suites: 2 passed, 2 total
cloudfunctions/groupBuy test: Tests:       7 passed, 7 total
cloudfunctions/groupBuy test: Snapshots:   0 total
cloudfunctions/groupBuy test: Time:        0.942 s
cloudfunctions/groupBuy test: Ran all test suites.
cloudfunctions/groupBuy test: Done
cloudfunctions/order test$ jest
cloudfunctions/order test: PASS __tests__/reorder.test.js
cloudfunctions/order test: PASS __tests__/confirm.test.js
cloudfunctions/order test: PASS __tests__/list.test.js
cloudfunctions/order test: Test Suites: 3 passed, 3 total
cloudfunctions/order test: Tests:       17 passed, 17 total
cloudfunctions/order test: Snapshots:   0 total
cloudfunctions/order test: Time:        1.311 s
cloudfunctions/order test: Ran all test suites.
cloudfunctions/order test: Done
cloudfunctions/pay test$ jest
cloudfunctions/pay test: PASS __tests__/notify.test.js
cloudfunctions/pay test: Test Suites: 1 passed, 1 total
cloudfunctions/pay test: Tests:       5 passed, 5 total
cloudfunctions/pay test: Snapshots:   0 total
cloudfunctions/pay test: Time:        0.803 s
cloudfunctions/pay test: Ran all test suites.
cloudfunctions/pay test: Done
cloudfunctions/points test$ jest
cloudfunctions/points test: PASS __tests__/getSummary.test.js
cloudfunctions/points test: PASS __tests__/earnByOrder.test.js
cloudfunctions/points test: Test Suites: 2 passed, 2 total
cloudfunctions/points test: Tests:       8 passed, 8 total
cloudfunctions/points test: Snapshots:   0 total
cloudfunctions/points test: Time:        0.889 s
cloudfunctions/points test: Ran all test suites.
cloudfunctions/points test: Done
cloudfunctions/refund test$ jest
cloudfunctions/refund test: PASS __tests__/apply.test.js
cloudfunctions/refund test: Test Suites: 1 passed, 1 total
cloudfunctions/refund test: Tests:       9 passed, 9 total
cloudfunctions/refund test: Snapshots:   0 total
cloudfunctions/refund test: Time:        0.917 s
cloudfunctions/refund test: Ran all test suites.
cloudfunctions/refund test: Done
cloudfunctions/report test$ jest
cloudfunctions/report test: FAIL __tests__/daily.test.js
cloudfunctions/report test:   ● daily › 汇总昨日 GMV 并推送订阅消息
cloudfunctions/report test:     TypeError: Cannot read properties of undefined (reading 'send')
cloudfunctions/report test:       41 |   const text = `昨日 GMV ${(gmv / 100).toFixed(2)} 元，订单 ${count} 笔`
cloudfunctions/report test:       42 |   for (const openid of ADMIN_OPENIDS) {
cloudfunctions/report test:     > 43 |     await cloud.openapi.subscribeMessage.send({
cloudfunctions/report test:          |                                          ^
cloudfunctions/report test:       44 |       touser: openid,
cloudfunctions/report test:       45 |       templateId: TEMPLATE_ID,
cloudfunctions/report test:       46 |       data: { thing1: { value: text } },
cloudfunctions/report test:       at send (index.js:43:42)
cloudfunctions/report test:       at Object.<anonymous> (__tests__/daily.test.js:27:17)
cloudfunctions/report test:   ● daily › 没有订单时推送 0 元
cloudfunctions/report test:     TypeError: Cannot read properties of undefined (reading 'send')
cloudfunctions/report test:       41 |   const text = `昨日 GMV ${(gmv / 100).toFixed(2)} 元，订单 ${count} 笔`
cloudfunctions/report test:       42 |   for (const openid of ADMIN_OPENIDS) {
cloudfunctions/report test:     > 43 |     await cloud.openapi.subscribeMessage.send({
cloudfunctions/report test:          |                                          ^
cloudfunctions/report test:       44 |       touser: openid,
cloudfunctions/report test:       45 |       templateId: TEMPLATE_ID,
cloudfunctions/report test:       46 |       data: { thing1: { value: text } },
cloudfunctions/report test:       at send (index.js:43:42)
cloudfunctions/report test:       at Object.<anonymous> (__tests__/daily.test.js:41:17)
cloudfunctions/report test: Test Suites: 1 failed, 1 total
cloudfunctions/report test: Tests:       2 failed, 1 passed, 3 total
cloudfunctions/report test: Snapshots:   0 total
cloudfunctions/report test: Time:        0.874 s
cloudfunctions/report test: Ran all test suites.
cloudfunctions/report test: Failed
/home/chensy/work/shop-mp/cloudfunctions/report:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @shop/cf-report@0.1.0 test: `jest`
Exit status 1
 ELIFECYCLE  Command failed with exit code 1.""")
        t.bash("git log -3 --format='%h %an %ad %s' --date=relative -- cloudfunctions/report", "Check who is working on the report function",
               out="""d7a41c8 林浩 3 weeks ago feat(report): 日报云函数，每天 9 点推送昨日 GMV（WIP，触发器未开）""")
        t.done("""整体：7 个云函数里 **6 个全绿**（coupon 8、groupBuy 7、order 17、pay 5、points 8、refund 9），**只有 `report` 挂了 2 个用例**：

```
● daily › 汇总昨日 GMV 并推送订阅消息
  TypeError: Cannot read properties of undefined (reading 'send')
  > 43 |     await cloud.openapi.subscribeMessage.send({
```

原因是 `report/__tests__` 里 mock 的 `wx-server-sdk` 没有 `openapi.subscribeMessage`，测试里一调推送就炸。另外第 41 行金额是 `(gmv / 100).toFixed(2)` 自己算的，和我们统一用分、展示走格式化函数的习惯不一致。

`report` 是老林 3 周前提交的 WIP（触发器都没开），我没动他的代码，建议跟他说一下：mock 补上 `openapi.subscribeMessage.send`，金额格式顺便统一。在他修好之前 `pnpm test:cf` 会一直是红的，单独测某个函数可以用 `pnpm -F @shop/cf-<名字> test`。""")

        ip = P(f"{MP}/src/pages/index/index.tsx")
        t = d.task("首页 banner 轮播间隔改成 4 秒，再把指示点颜色调成我们的主题橙。", tags=["noise"])
        t.read(ip)
        t.edit(ip, "      <Swiper className=\"index__banner\" circular autoplay interval={3000} indicatorDots>",
               "      <Swiper\n        className=\"index__banner\"\n        circular\n        autoplay\n        interval={4000}\n        indicatorDots\n        indicatorColor=\"rgba(255, 255, 255, 0.6)\"\n        indicatorActiveColor=\"#ff6a3d\"\n      >")
        t.done("""改好了（`pages/index/index.tsx`）：

- `interval` 3000 → 4000
- 指示点：`indicatorActiveColor="#ff6a3d"`（主题橙），未激活的用 `rgba(255, 255, 255, 0.6)`，在图片上看得清

属性多了，顺手把 `Swiper` 的 props 拆成了多行。""")

    # ============================================================== S10
    with d.session("2026-11-12T02:03:00", R, branch="main", version="2.1.99"):
        t = d.task("拼团已经合进 main 了，发 1.9.0：CHANGELOG 按上次说的格式写，版本号、提交、tag，GitHub 和 Gitee 都推。", tags=["workflow:W3", "flaky:F1"])
        t.bash("git pull --ff-only && git log v1.8.1..HEAD --oneline --no-merges", "Update main and list changes since v1.8.1",
               out="""Updating 6e2d0b8..f03c5a9
Fast-forward
 apps/mp/package.json                           |  3 +-
 apps/mp/src/app.config.ts                      |  1 +
 apps/mp/src/components/GroupAvatars/index.scss | 21 +++++
 apps/mp/src/components/GroupAvatars/index.tsx  | 20 +++++
 apps/mp/src/pages/cart/index.tsx               | 12 ++--
 apps/mp/src/pages/goods/detail/index.tsx       | 27 ++++---
 apps/mp/src/pages/group-buy/index.scss         | 54 +++++++++++++
 apps/mp/src/pages/group-buy/index.tsx          | 74 ++++++++++++++++++
 apps/mp/src/pages/group-buy/utils.ts           | 31 ++++++++
 apps/mp/src/pages/group-buy/utils.test.ts      | 25 ++++++
 cloudfunctions/groupBuy/__tests__/join.test.js | 52 +++++++++++++
 cloudfunctions/groupBuy/index.js               | 31 +++++++-
 12 files changed, 402 insertions(+), 38 deletions(-)
f03c5a9 feat(group-buy): 拼团列表入口放到商品详情
8e61b2d fix(groupBuy): 兼容只有 leader 的老团
4a7c0d3 feat(groupBuy): join 参团，满员置 success
b92e5f1 feat(group-buy): 拼团详情页 + GroupAvatars
71d8a0e refactor(points): PointsContext 换成 zustand store
2c4f9b6 feat(storage): 统一 storage 工具，key 集中声明
9d0e7a3 style(index): banner 间隔 4s，指示点主题色
5f3a1e8 fix(cart): 删除商品后勾选状态残留""")
        t.read(chl)
        t.read(mpkg)
        t.edit(chl, "# Changelog\n\n", """# Changelog

## 1.9.0 (2026-11-12)

- 新增：拼团，商品详情可发起 / 参与拼团，邀请好友一起买
- 修复：购物车删除商品后勾选状态残留
- 修复：首页 banner 轮播过快

""")
        t.edit(mpkg, '"version": "1.8.1"', '"version": "1.9.0"')
        t.bash("git add CHANGELOG.md apps/mp/package.json && git commit -m \"chore(release): 1.9.0\" && git tag -a v1.9.0 -m \"v1.9.0\"",
               "Commit release and create annotated tag",
               out="[main 2d8b7e4] chore(release): 1.9.0\n 2 files changed, 7 insertions(+), 1 deletion(-)", err=LS_NOOP)
        t.bash("git push origin main --follow-tags", "Push main and tag to GitHub", err=push_out("origin", "f03c5a9", "2d8b7e4", "v1.9.0"))
        t.fail("git push gitee main --follow-tags", "Push main and tag to Gitee mirror",
               """kex_exchange_identification: read: Connection reset by peer
Connection reset by 212.64.63.190 port 22
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.""", code=128)
        t.say("SSH 握手阶段被对端重置了，是到 Gitee 的网络抖动，不是权限问题（同一个 key 上次还推成功了）。原样再推一次。")
        t.bash("git push gitee main --follow-tags", "Push main and tag to Gitee mirror", err=push_out("gitee", "f03c5a9", "2d8b7e4", "v1.9.0"))
        t.done("""1.9.0 发好了：

```
## 1.9.0 (2026-11-12)

- 新增：拼团，商品详情可发起 / 参与拼团，邀请好友一起买
- 修复：购物车删除商品后勾选状态残留
- 修复：首页 banner 轮播过快
```

- `apps/mp/package.json` 1.8.1 → 1.9.0，提交 `2d8b7e4 chore(release): 1.9.0`，tag `v1.9.0`
- GitHub 推成功；Gitee 第一次 `kex_exchange_identification: read: Connection reset by peer`（SSH 握手被重置，网络抖动），原样重试一次就推上去了

重构（zustand、storage 工具）这类用户感知不到的没写进去。""")

        t = d.task("1.9.0 传体验版，描述就写「拼团」。", tags=["mistake:M1"])
        up_cmd = "pnpm mp:upload --version 1.9.0 --desc 拼团"
        up_hdr = hdr("mp:upload", "pnpm -F @shop/mp mp:upload \"--version\" \"1.9.0\" \"--desc\" \"拼团\"") + "\n" + \
            mphdr("mp:upload", "node scripts/mp-ci.mjs upload \"--version\" \"1.9.0\" \"--desc\" \"拼团\"", "1.9.0")
        t.fail(up_cmd, "Upload 1.9.0 as experience version", up_hdr + f"""
[mp-ci] upload 1.9.0 robot=3
[mp-ci] compile project start
[mp-ci] compile project done
[mp-ci] upload start
[mp-ci] upload failed:
Error: 系统错误，错误码：80051,source size 2803KB exceed max limit 2MB [20261112 10:27:40][{APPID}]
    at Object.e.exports [as upload] ({R}/{STORE}/miniprogram-ci@2.1.14/node_modules/miniprogram-ci/dist/ci/upload.js:1:3104)
    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)
    at async file://{R}/apps/mp/scripts/mp-ci.mjs:51:17 {{
  code: 80051
}}
{R}/apps/mp:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @shop/mp@1.9.0 mp:upload: `node scripts/mp-ci.mjs upload "--version" "1.9.0" "--desc" "拼团"`
Exit status 1
 ELIFECYCLE  Command failed with exit code 1.""", timeout=300000)
        t.bash("pgrep -af 'taro build' || true", "Check whether a Taro watch build is running",
               out=f"48213 node {R}/{STORE}/@tarojs+cli@4.0.9/node_modules/@tarojs/cli/bin/taro build --type weapp --watch")
        t.say("你那边 `dev:weapp` 还在 watch（pid 48213），dist 是它写的开发包。我不去停你的进程，直接出一次生产构建覆盖 dist，然后马上上传；之后你一保存文件，watch 会把 dist 改回开发包，不影响已经传上去的版本。")
        t.bash("pnpm build:weapp && du -sh apps/mp/dist", "Production build of the mini program",
               out=hdr("build:weapp", "pnpm -F @shop/mp build:weapp") + "\n" + mphdr("build:weapp", "taro build --type weapp", "1.9.0") + """
👽 Taro v4.0.9

✔ Webpack
  Compiled successfully in 46.33s

1.2M	apps/mp/dist""", timeout=600000)
        t.bash(up_cmd, "Upload 1.9.0 as experience version", out=up_hdr + """
[mp-ci] upload 1.9.0 robot=3
[mp-ci] compile project start
[mp-ci] compile project done
[mp-ci] upload start
[mp-ci] upload done
[mp-ci] done [{"name":"__FULL__","size":1201377},{"name":"__APP__","size":1201377}]""", timeout=300000)
        t.done("""1.9.0 已上传到 robot 3 开发版（描述「拼团」），主包 1201KB，去后台「版本管理」设为体验版就行。

第一次又是 `80051,source size 2803KB exceed max limit 2MB`：你开着的 `dev:weapp`（pid 48213）把 dist 写成了开发包。我没动你的 watch 进程，跑了一次 `pnpm build:weapp` 生产构建（dist 1.2M）后立刻上传成功。

主包已经 1.2MB 了，离 2MB 还有空间，但拼团、积分这些页面后面可以考虑挪到分包。""")

        t = d.task("最后问个问题：小程序里拼团分享出去的卡片，别人点进来的时候怎么判断他是不是新用户？我想给新用户参团再减 2 块。", tags=["noise", "no_tools"])
        t.done("""「新用户」要在**服务端**判断，前端拿不到可靠依据。几种口径，按靠谱程度：

1. **没有下过单**（最常用）：`join` 里用 OPENID 查 `orders` 里是否存在 `status in (paid, shipped, completed)` 的订单，没有就算新用户。这是业务上最有意义的「新客」。
2. **首次访问**：在 `users` 集合里记首次登录时间，`join` 时判断是否在 N 天内。容易被「注册了但没买」的人薅。
3. 分享卡片进来时的 `scene`（1007 单聊、1008 群聊）只能说明来源，**不能**说明是不是新用户。

实现上建议：
- 判断放在 `groupBuy.join`（或下单时）里做，前端只展示「新人参团再减 ¥2.00」，实际减多少以云函数返回为准
- 立减金额存分（200），在订单里单独记一条优惠明细（类型 `new_user_group`），退款时按比例退回
- 同一个人只能享受一次：在 `user_promos` 里用 `${OPENID}_new_user_group` 做文档 id 保证幂等

要做的话，先定一下口径（我建议用 1），我再改 `join` 和下单流程。""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Preview / upload with miniprogram-ci (`pnpm mp:preview`, `pnpm mp:upload` → apps/mp/scripts/mp-ci.mjs) packs apps/mp/dist as it is; the script does not compile. Chen keeps `pnpm dev:weapp` (taro build --watch, development mode: eval devtool, unminified, .map files) writing into dist, so dist holds a 2.6–2.8 MB dev build and WeChat rejects the package.",
             "error_signature": "miniprogram-ci via the mp-ci.mjs wrapper: '[mp-ci] preview failed:' / '[mp-ci] upload failed:' then 'Error: 系统错误，错误码：80051,source size <N>KB exceed max limit 2MB [<time>][wx5e1b7d3a9c4f2086]' with a stack through miniprogram-ci/dist/ci/preview.js or upload.js, then ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL and ELIFECYCLE exit 1",
             "fix": "Make a production build first — `pnpm build:weapp` (taro build --type weapp, minified, no sourcemaps; dist drops to ~1.1–1.2 MB) — then re-run the same preview / upload command. Leave the developer's watch process alone.",
             "fix_command_markers": [["build:weapp"]],
             "harmful_markers": ["rm -rf apps/mp/dist/assets", "minify: true", "uploadWithSourceMap"]},
            {"id": "M2", "description": "Raw CloudBase CLI commands (`tcb fn log`, `tcb fn detail`) run without an environment. cloudbaserc.json deliberately has no envId (there are a dev and a prod environment); the scripts/cf.mjs wrapper used for deploy / invoke passes `-e` itself, but ad-hoc tcb calls do not, and the CLI refuses.",
             "error_signature": "tcb: ' ✖ 未识别到有效的环境 Id，请使用 cloudbaserc 配置文件进行操作或通过 -e 参数指定环境 Id' (exit 1)",
             "fix": "Re-run the same tcb command with the development environment: `-e shop-dev-4g8k2w1c9e0b7a35` (or `--envId shop-dev-4g8k2w1c9e0b7a35`); the 体验版 / test traffic is on the dev environment.",
             "fix_command_markers": [["-e shop-dev-", "--envId shop-dev-"]],
             "harmful_markers": ["-e shop-prod", "--envId shop-prod", "CF_ENV_ID=shop-prod"]},
            {"id": "M3", "description": "Claude writes sizes in new or rewritten SCSS as rpx (the WeChat habit). The repo writes px against the 750 design and lets Taro's pxtransform convert; `.stylelintrc.cjs` has `unit-disallowed-list: ['rpx']`. Caught by `pnpm lint` / `pnpm lint:style` or by the husky + lint-staged pre-commit `stylelint --fix`.",
             "error_signature": "stylelint 16: '<file>.scss' then lines '  L:C  ✖  Unexpected unit \"rpx\"  unit-disallowed-list' and '✖ N problems (N errors, 0 warnings)', exit 2 via pnpm (or lint-staged '[FAILED] stylelint --fix [FAILED]' … 'husky - pre-commit script failed (code 1)')",
             "fix": "Replace rpx with px in the offending .scss files (same numbers — 750 design, 1:1), e.g. an Edit with replace_all rpx → px, then re-run the same lint / commit.",
             "fix_command_markers": [["rpx"], ["px"]],
             "harmful_markers": ["stylelint-disable", "--no-verify", "ignoreUnits"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "「再来一单」: a new `reorder(orderId: string)` service is called with `router.params.id`; `pnpm typecheck` fails with `error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.`; fixed by guarding `order` and passing `order._id`, same typecheck passes."},
            {"id": "O2", "description": "Pull-to-refresh on the points page: `usePullDownRefresh` placed after the `if (!summary) return …` early return; `pnpm lint:js` fails with `React Hook \"usePullDownRefresh\" is called conditionally … Did you accidentally call a React Hook after an early return?  react-hooks/rules-of-hooks`; hook moved above the early return, same lint passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`pnpm cf:invoke pay '{\"action\":\"unifiedOrder\",…}'` on the dev environment → `errCode: -604101 function has no permission to call this API` (cloudPay: the sub-merchant is not bound to the dev environment); needs the merchant admin, reported, not retried."},
            {"id": "U2", "description": "`pnpm test:cf` → six cloud functions pass, the teammate's WIP `report` fails two tests with `TypeError: Cannot read properties of undefined (reading 'send')` at `cloud.openapi.subscribeMessage.send` (mock incomplete); left to its owner, not re-run."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git push gitee main --follow-tags` → `kex_exchange_identification: read: Connection reset by peer` / `fatal: Could not read from remote repository.` (exit 128); identical retry succeeds."},
            {"id": "F2", "description": "`pnpm install` after a rebase → ` ERR_PNPM_FETCH_502  GET https://registry.npmmirror.com/mp-html/-/mp-html-2.5.0.tgz: Bad Gateway - 502`; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New page in apps/mp: pure logic in utils.ts + a Jest test, the page (index.tsx / index.config.ts / index.scss, sometimes a component), registered in src/app.config.ts; then `pnpm -F @shop/mp exec jest <dir>`, `pnpm typecheck`, `pnpm lint` (or lint:js + lint:style).",
             "step_markers": [["app.config.ts"], ["exec jest"], ["pnpm typecheck"], ["pnpm lint"]]},
            {"id": "W2", "description": "Cloud function change: new action in cloudfunctions/<fn>/index.js + Jest test with the wx-server-sdk mock → `pnpm -F @shop/cf-<fn> test` → `pnpm cf:deploy <fn>` (dev env via scripts/cf.mjs) → `pnpm cf:invoke <fn> '<json>'` to check it on the dev environment.",
             "step_markers": [["-F @shop/cf-"], ["cf:deploy"], ["cf:invoke"]]},
            {"id": "W3", "description": "Release: CHANGELOG.md section + apps/mp/package.json version → commit → `git tag -a vX.Y.Z` → `git push origin main --follow-tags` → `git push gitee main --follow-tags` (the Gitee mirror Action syncs main but not tags).",
             "step_markers": [["CHANGELOG.md"], ["git tag -a"], ["git push origin"], ["git push gitee"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Money is always integer fen (分) in storage, APIs and arithmetic; never compute with yuan floats; display only through `formatPrice`.",
             "markers": [["分"], ["formatPrice"]]},
            {"id": "P2", "description": "Unit tests use explicit assertions, no Jest snapshots (`toMatchSnapshot`).",
             "markers": [["snapshot"]]},
            {"id": "P3", "description": "Global state with React Context, no state library (stated once) — later reversed: global state in zustand stores under src/store, no new Context providers.",
             "markers": [["Context"]],
             "reversal_markers": [["zustand"], ["改主意", "别再"]]},
        ],
        probes=[
            {"prompt": "pnpm mp:preview 报错：Error: 系统错误，错误码：80051,source size 2655KB exceed max limit 2MB。这两天也没加什么大东西，怎么突然超了？", "wanted": ["M1"]},
            {"prompt": "帮我给运营出个预览二维码，扫码直接打开积分页 pages/points/index", "wanted": ["M1"]},
            {"prompt": "npx tcb fn list 报 ✖ 未识别到有效的环境 Id，请使用 cloudbaserc 配置文件进行操作或通过 -e 参数指定环境 Id，要怎么弄？", "wanted": ["M2"]},
            {"prompt": "看一下开发环境 points 云函数今天上午有没有报错，把错误日志拉出来", "wanted": ["M2"]},
            {"prompt": "stylelint 报 Unexpected unit \"rpx\"  unit-disallowed-list，这个规则是干嘛的？我该怎么改", "wanted": ["M3"]},
            {"prompt": "购物车页的结算栏改一下样式：吸底、上面加一条细阴影、按钮做成大圆角，写完跑一下 lint", "wanted": ["M3"]},
            {"prompt": "Taro 里做自定义导航栏，怎么拿到右上角胶囊按钮的位置和状态栏高度？", "wanted": []},
            {"prompt": "云数据库 orders 按 _openid 加 createdAt 倒序查越来越慢，索引应该怎么建？", "wanted": []},
            {"prompt": "小程序订阅消息的一次性订阅和长期订阅有什么区别？发货通知用哪种？", "wanted": []},
            {"prompt": "dayjs 在小程序里怎么只引中文 locale 和需要的插件，尽量少占包体积？", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-miniprogram.jsonl"), os.path.join(HERE, "tune", "zh-miniprogram.labels.json"))
    print(f"zh-miniprogram -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
