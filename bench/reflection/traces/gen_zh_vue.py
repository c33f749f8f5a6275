"""zh-vue: 陈曦 (Chen Xi), Vue 3 + Vite + TypeScript admin console in a pnpm workspace.

Stack: pnpm 9 workspace (`apps/admin` = @hx/admin, the console; `packages/ui` = @hx/ui, shared components built
to dist/ with vite library mode + vue-tsc declarations), Vue 3.5 `<script setup>`, Pinia 3, Vue Router 4,
Element Plus, vitest 3 (root `vitest.workspace.ts`) + @vue/test-utils + @pinia/testing, vue-tsc, ESLint 9 flat
config + Prettier, husky + lint-staged, Playwright e2e against the dev server with vite-plugin-mock-dev-server
mocks, Nginx image built by a multi-stage Dockerfile, GitLab (glab) merge requests and GitLab CI.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind (see README.md next to this file); kept aside for the final measurement.

    cd bench/reflection/traces && python3 gen_zh_vue.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "chenxi"
R = "/home/chenxi/work/hx-admin"
MODEL = "claude-opus-4-6"
GL = "https://gitlab.hexin-tech.com/fe/hx-admin"
ORIGIN = "https://gitlab.hexin-tech.com/fe/hx-admin.git"
HARBOR = "harbor.hexin-tech.com/fe/hx-admin"
PNPM_STORE = "../../node_modules/.pnpm"
A = "apps/admin"
UI = "packages/ui"

# hex for hashes / container ids: own RNG so the Dev RNG is untouched
HX = random.Random(7413)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def b62(n):
    return "".join(HX.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


FILES = {
    P("package.json"): """{
  "name": "hx-admin-monorepo",
  "private": true,
  "packageManager": "pnpm@9.15.9",
  "engines": {
    "node": ">=20.11"
  },
  "scripts": {
    "dev": "pnpm --filter @hx/admin dev",
    "build": "pnpm --filter @hx/admin build",
    "build:ui": "pnpm --filter @hx/ui build",
    "typecheck": "pnpm -r typecheck",
    "lint": "eslint . --cache",
    "format": "prettier --write .",
    "test": "vitest run",
    "test:e2e": "playwright test",
    "prepare": "husky"
  },
  "devDependencies": {
    "@playwright/test": "^1.53.1",
    "@vue/test-utils": "^2.4.6",
    "eslint": "^9.29.0",
    "eslint-plugin-vue": "^10.2.0",
    "husky": "^9.1.7",
    "jsdom": "^26.1.0",
    "lint-staged": "^16.1.2",
    "prettier": "^3.5.3",
    "typescript": "~5.8.3",
    "typescript-eslint": "^8.34.1",
    "vitest": "^3.2.4",
    "vue-tsc": "^2.2.10"
  },
  "lint-staged": {
    "*.{ts,vue}": [
      "eslint --fix",
      "prettier --write"
    ],
    "*.{json,md,scss}": "prettier --write"
  }
}
""",
    P("pnpm-workspace.yaml"): """packages:
  - apps/*
  - packages/*
""",
    P("vitest.workspace.ts"): """import { defineWorkspace } from 'vitest/config'

export default defineWorkspace(['apps/admin', 'packages/ui'])
""",
    P(f"{UI}/package.json"): """{
  "name": "@hx/ui",
  "version": "0.7.3",
  "private": true,
  "type": "module",
  "main": "./dist/index.mjs",
  "types": "./dist/index.d.ts",
  "exports": {
    ".": {
      "types": "./dist/index.d.ts",
      "import": "./dist/index.mjs"
    },
    "./style.css": "./dist/style.css"
  },
  "files": [
    "dist"
  ],
  "scripts": {
    "build": "vite build && vue-tsc -p tsconfig.build.json --declaration --emitDeclarationOnly",
    "typecheck": "vue-tsc --noEmit -p tsconfig.json"
  },
  "peerDependencies": {
    "element-plus": "^2.10.0",
    "vue": "^3.5.0"
  },
  "devDependencies": {
    "@vitejs/plugin-vue": "^5.2.4",
    "element-plus": "^2.10.2",
    "vite": "^6.3.5",
    "vue": "^3.5.17"
  }
}
""",
    P(f"{UI}/src/index.ts"): """import type { App } from 'vue'
import HxTable from './components/HxTable/HxTable.vue'
import HxSearchForm from './components/HxSearchForm/HxSearchForm.vue'
import HxDialogForm from './components/HxDialogForm/HxDialogForm.vue'
import HxPageHeader from './components/HxPageHeader/HxPageHeader.vue'

export { HxTable, HxSearchForm, HxDialogForm, HxPageHeader }
export type { HxTableColumn } from './components/HxTable/types'
export type { HxSearchField } from './components/HxSearchForm/types'

export default {
  install(app: App) {
    app.component('HxTable', HxTable)
    app.component('HxSearchForm', HxSearchForm)
    app.component('HxDialogForm', HxDialogForm)
    app.component('HxPageHeader', HxPageHeader)
  },
}
""",
    P(f"{A}/package.json"): """{
  "name": "@hx/admin",
  "version": "1.8.0",
  "private": true,
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vue-tsc --noEmit -p tsconfig.app.json && vite build",
    "preview": "vite preview",
    "typecheck": "vue-tsc --noEmit -p tsconfig.app.json"
  },
  "dependencies": {
    "@element-plus/icons-vue": "^2.3.1",
    "@hx/ui": "workspace:*",
    "axios": "^1.10.0",
    "dayjs": "^1.11.13",
    "element-plus": "^2.10.2",
    "nprogress": "^0.2.0",
    "pinia": "^3.0.3",
    "vue": "^3.5.17",
    "vue-router": "^4.5.1"
  },
  "devDependencies": {
    "@pinia/testing": "^1.0.2",
    "@types/nprogress": "^0.2.3",
    "@vitejs/plugin-vue": "^5.2.4",
    "sass-embedded": "^1.89.2",
    "unplugin-auto-import": "^19.3.0",
    "unplugin-vue-components": "^28.7.0",
    "vite": "^6.3.5",
    "vite-plugin-mock-dev-server": "^1.9.1"
  }
}
""",
    P(f"{A}/src/utils/request.ts"): """import axios, { type AxiosError, type AxiosResponse } from 'axios'
import { ElMessage } from 'element-plus'
import { useAuthStore } from '@/stores/modules/auth'
import router from '@/router'

export interface ApiResult<T = unknown> {
  code: number
  msg: string
  data: T
}

const service = axios.create({
  baseURL: import.meta.env.VITE_API_BASE,
  timeout: 15000,
})

service.interceptors.request.use((config) => {
  const auth = useAuthStore()
  if (auth.token) {
    config.headers.Authorization = `Bearer ${auth.token}`
  }
  return config
})

service.interceptors.response.use(
  (res: AxiosResponse<ApiResult>) => {
    const { code, msg } = res.data
    if (code === 0) return res
    if (code === 40101) {
      useAuthStore().logout()
      router.replace({ path: '/login', query: { redirect: router.currentRoute.value.fullPath } })
    }
    ElMessage.error(msg || '请求失败')
    return Promise.reject(new Error(msg))
  },
  (err: AxiosError) => {
    ElMessage.error(err.response?.status === 403 ? '没有操作权限' : '网络异常，请稍后重试')
    return Promise.reject(err)
  },
)

export function get<T>(url: string, params?: object) {
  return service.get<ApiResult<T>>(url, { params }).then((r) => r.data.data)
}

export function post<T>(url: string, data?: object) {
  return service.post<ApiResult<T>>(url, data).then((r) => r.data.data)
}

export function put<T>(url: string, data?: object) {
  return service.put<ApiResult<T>>(url, data).then((r) => r.data.data)
}

export function del<T>(url: string) {
  return service.delete<ApiResult<T>>(url).then((r) => r.data.data)
}

export default service
""",
    P(f"{A}/src/router/index.ts"): """import { createRouter, createWebHistory } from 'vue-router'
import NProgress from 'nprogress'
import { constantRoutes } from './constant'
import { useAuthStore } from '@/stores/modules/auth'
import { usePermissionStore } from '@/stores/modules/permission'

const router = createRouter({
  history: createWebHistory(import.meta.env.BASE_URL),
  routes: constantRoutes,
  scrollBehavior: () => ({ top: 0 }),
})

const WHITE_LIST = ['/login', '/404']

router.beforeEach(async (to) => {
  NProgress.start()
  const auth = useAuthStore()
  if (!auth.token) {
    return WHITE_LIST.includes(to.path) ? true : { path: '/login', query: { redirect: to.fullPath } }
  }
  const permission = usePermissionStore()
  if (!permission.loaded) {
    await auth.fetchProfile()
    permission.generateRoutes(auth.permissions).forEach((r) => router.addRoute('Layout', r))
    return { ...to, replace: true }
  }
  return true
})

router.afterEach(() => NProgress.done())

export default router
""",
    P(f"{A}/src/router/modules/system.ts"): """import type { RouteRecordRaw } from 'vue-router'

const systemRoutes: RouteRecordRaw = {
  path: '/system',
  name: 'System',
  redirect: '/system/dict',
  meta: { title: '系统管理', icon: 'Setting' },
  children: [
    {
      path: 'dict',
      name: 'SystemDict',
      component: () => import('@/views/system/dict/index.vue'),
      meta: { title: '字典管理', perm: 'system:dict:list' },
    },
  ],
}

export default systemRoutes
""",
    P(f"{A}/src/stores/modules/permission.ts"): """import { defineStore } from 'pinia'
import type { RouteRecordRaw } from 'vue-router'
import { asyncRoutes } from '@/router/async'
import { filterAsyncRoutes } from '@/utils/permission'

export const usePermissionStore = defineStore('permission', {
  state: () => ({
    codes: [] as string[],
    routes: [] as RouteRecordRaw[],
    loaded: false,
  }),
  getters: {
    has: (state) => (code: string) => state.codes.includes('*:*:*') || state.codes.includes(code),
  },
  actions: {
    generateRoutes(codes: string[]) {
      this.codes = codes
      this.routes = filterAsyncRoutes(asyncRoutes, codes)
      this.loaded = true
      return this.routes
    },
    reset() {
      this.$reset()
    },
  },
})
""",
    P(f"{A}/src/utils/permission.ts"): """import type { RouteRecordRaw } from 'vue-router'

function canAccess(route: RouteRecordRaw, codes: string[]) {
  const perm = route.meta?.perm as string | undefined
  if (!perm) return true
  return codes.includes('*:*:*') || codes.includes(perm)
}

/** 按权限码过滤动态路由，没有可见子路由的目录一并去掉 */
export function filterAsyncRoutes(routes: RouteRecordRaw[], codes: string[]): RouteRecordRaw[] {
  const res: RouteRecordRaw[] = []
  for (const route of routes) {
    if (!canAccess(route, codes)) continue
    const r = { ...route }
    if (r.children?.length) {
      r.children = filterAsyncRoutes(route.children!, codes)
    }
    res.push(r)
  }
  return res
}
""",
    P(f"{A}/src/utils/__tests__/permission.spec.ts"): """import { describe, expect, it } from 'vitest'
import type { RouteRecordRaw } from 'vue-router'
import { filterAsyncRoutes } from '../permission'

const Empty = { render: () => null }

const routes: RouteRecordRaw[] = [
  {
    path: '/order',
    meta: { title: '订单管理' },
    children: [
      { path: 'list', component: Empty, meta: { title: '订单列表', perm: 'order:list' } },
      { path: 'refund', component: Empty, meta: { title: '退款审核', perm: 'order:refund:audit' } },
    ],
  },
]

describe('filterAsyncRoutes', () => {
  it('超级管理员看到全部', () => {
    expect(filterAsyncRoutes(routes, ['*:*:*'])[0].children).toHaveLength(2)
  })

  it('只保留有权限的子路由', () => {
    const res = filterAsyncRoutes(routes, ['order:list'])
    expect(res[0].children!.map((r) => r.path)).toEqual(['list'])
  })
})
""",
    P(f"{A}/src/directives/permission.ts"): """import type { Directive, DirectiveBinding } from 'vue'
import { usePermissionStore } from '@/stores/modules/permission'

/**
 * v-permission="'system:user:add'" 或 v-permission="['a', 'b']"（满足其一即可）
 * 没有权限时直接移除元素
 */
function check(el: HTMLElement, binding: DirectiveBinding<string | string[]>) {
  const store = usePermissionStore()
  const need = Array.isArray(binding.value) ? binding.value : [binding.value]
  if (!need.some((code) => store.has(code))) {
    el.parentNode?.removeChild(el)
  }
}

export const vPermission: Directive<HTMLElement, string | string[]> = {
  mounted: check,
}
""",
    P(f"{A}/src/views/order/list/index.vue"): """<script setup lang="ts">
import { onMounted, reactive, ref } from 'vue'
import { HxPageHeader, HxSearchForm, HxTable, type HxSearchField, type HxTableColumn } from '@hx/ui'
import { fetchOrderPage, type OrderItem, type OrderQuery } from '@/api/order'
import { formatAmount, formatTime } from '@/utils/format'

const fields: HxSearchField[] = [
  { prop: 'orderNo', label: '订单号', type: 'input' },
  { prop: 'status', label: '状态', type: 'select', dict: 'order_status' },
  { prop: 'createdAt', label: '下单时间', type: 'daterange' },
]

const columns: HxTableColumn<OrderItem>[] = [
  { prop: 'orderNo', label: '订单号', width: 200 },
  { prop: 'customerName', label: '客户' },
  { prop: 'amount', label: '金额', align: 'right', formatter: (row) => formatAmount(row.amount) },
  { prop: 'status', label: '状态', width: 110, slot: 'status' },
  { prop: 'createdAt', label: '下单时间', width: 170, formatter: (row) => formatTime(row.createdAt) },
]

const statusType: Record<OrderItem['status'], 'info' | 'warning' | 'success' | 'danger' | 'primary'> = {
  PENDING_PAY: 'warning',
  PAID: 'primary',
  SHIPPED: 'primary',
  COMPLETED: 'success',
  CANCELLED: 'info',
  REFUNDING: 'danger',
}
const statusText: Record<OrderItem['status'], string> = {
  PENDING_PAY: '待支付',
  PAID: '已支付',
  SHIPPED: '已发货',
  COMPLETED: '已完成',
  CANCELLED: '已取消',
  REFUNDING: '退款中',
}

const query = reactive<OrderQuery>({ page: 1, size: 20 })
const loading = ref(false)
const rows = ref<OrderItem[]>([])
const total = ref(0)

async function load() {
  loading.value = true
  try {
    const res = await fetchOrderPage(query)
    rows.value = res.records
    total.value = res.total
  } finally {
    loading.value = false
  }
}

onMounted(load)
</script>

<template>
  <div class="page">
    <HxPageHeader title="订单列表" />
    <HxSearchForm v-model="query" :fields="fields" @search="load" />
    <HxTable
      v-model:page="query.page"
      v-model:size="query.size"
      :columns="columns"
      :data="rows"
      :total="total"
      :loading="loading"
      @change="load"
    >
      <template #status="{ row }">
        <el-tag :type="statusType[row.status]" effect="light" disable-transitions>
          {{ statusText[row.status] }}
        </el-tag>
      </template>
    </HxTable>
  </div>
</template>
""",
    P(f"{A}/vite.config.ts"): """import { fileURLToPath, URL } from 'node:url'
import { defineConfig, loadEnv } from 'vite'
import vue from '@vitejs/plugin-vue'
import AutoImport from 'unplugin-auto-import/vite'
import Components from 'unplugin-vue-components/vite'
import { ElementPlusResolver } from 'unplugin-vue-components/resolvers'
import mockDevServerPlugin from 'vite-plugin-mock-dev-server'

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd())
  return {
    base: env.VITE_BASE ?? '/',
    plugins: [
      vue(),
      AutoImport({ resolvers: [ElementPlusResolver()], dts: 'src/types/auto-imports.d.ts' }),
      Components({ resolvers: [ElementPlusResolver()], dts: 'src/types/components.d.ts' }),
      mockDevServerPlugin({ prefix: '/api', include: 'mock/**/*.mock.ts' }),
    ],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: {
      port: 5173,
      proxy: env.VITE_USE_MOCK === 'true' ? undefined : { '/api': { target: env.VITE_PROXY_TARGET, changeOrigin: true } },
    },
    test: {
      name: 'admin',
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
    },
  }
})
""",
    P("deploy/Dockerfile"): """# syntax=docker/dockerfile:1.7
FROM node:20.19-alpine AS build
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN corepack enable
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/admin/package.json apps/admin/
COPY packages/ui/package.json packages/ui/
RUN --mount=type=cache,id=pnpm,target=/pnpm/store pnpm install --frozen-lockfile
COPY . .
ARG VITE_BASE=/
RUN pnpm build:ui && pnpm build

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/admin/dist /usr/share/nginx/html
EXPOSE 80
""",
    P("deploy/nginx.conf"): """server {
    listen 80;
    server_name _;
    root /usr/share/nginx/html;
    index index.html;

    location /api/ {
        proxy_pass http://hx-gateway:8080/;
        proxy_set_header Host $host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }

    location / {
        try_files $uri $uri/ /index.html;
    }
}
""",
    P(".gitlab-ci.yml"): """stages: [check, build, deploy]

default:
  image: harbor.hexin-tech.com/base/node:20.19-pnpm9
  cache:
    key:
      files: [pnpm-lock.yaml]
    paths: [.pnpm-store]
  before_script:
    - pnpm config set store-dir .pnpm-store
    - pnpm install --frozen-lockfile

check:
  stage: check
  script:
    - pnpm build:ui
    - pnpm lint
    - pnpm typecheck
    - pnpm test

image:
  stage: build
  image: docker:27
  services: [docker:27-dind]
  before_script: []
  script:
    - docker build -f deploy/Dockerfile -t $HARBOR/fe/hx-admin:$CI_COMMIT_SHORT_SHA .
    - docker push $HARBOR/fe/hx-admin:$CI_COMMIT_SHORT_SHA
  rules:
    - if: $CI_COMMIT_BRANCH == "develop" || $CI_COMMIT_TAG

deploy-test:
  stage: deploy
  image: harbor.hexin-tech.com/base/deployer:1.4
  before_script: []
  script:
    - deploy hx-admin test $CI_COMMIT_SHORT_SHA
  rules:
    - if: $CI_COMMIT_BRANCH == "develop"
""",
    P("playwright.config.ts"): """import { defineConfig, devices } from '@playwright/test'

const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:5173'

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  retries: process.env.CI ? 2 : 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: { baseURL, trace: 'on-first-retry' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'pnpm dev --mode mock',
        url: 'http://localhost:5173',
        reuseExistingServer: true,
        timeout: 120_000,
      },
})
""",
}

# ---------------------------------------------------------------- tool output helpers
SEP = "\u23af"


def hdr(name, cmd, pkg="hx-admin-monorepo@", path=R):
    return f"\n> {pkg} {name} {path}\n> {cmd}\n"


def tc_ok():
    return hdr("typecheck", "pnpm -r typecheck") + """
Scope: 2 of 3 workspace projects
packages/ui typecheck$ vue-tsc --noEmit -p tsconfig.json
packages/ui typecheck: Done
apps/admin typecheck$ vue-tsc --noEmit -p tsconfig.app.json
apps/admin typecheck: Done"""


def tsc_line(f, l, c, code, msg):
    return f"{f}({l},{c}): error TS{code}: {msg}"


def tc_fail(errs, ver="1.8.0"):
    lines = [hdr("typecheck", "pnpm -r typecheck"), "Scope: 2 of 3 workspace projects",
             "packages/ui typecheck$ vue-tsc --noEmit -p tsconfig.json", "packages/ui typecheck: Done",
             "apps/admin typecheck$ vue-tsc --noEmit -p tsconfig.app.json"]
    lines += [f"apps/admin typecheck: {tsc_line(*e)}" for e in errs]
    lines += ["apps/admin typecheck: Failed", f"{R}/apps/admin:",
              f" ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @hx/admin@{ver} typecheck: `vue-tsc --noEmit -p tsconfig.app.json`",
              "Exit status 2", " ELIFECYCLE  Command failed with exit code 1."]
    return "\n".join(lines)


def lint_ok():
    return hdr("lint", "eslint . --cache")


def lint_fail(problems):
    """problems: {file: [(line, col, rule, msg)]}"""
    out = [hdr("lint", "eslint . --cache"), ""]
    n = 0
    for f, ps in problems.items():
        out.append(f"{R}/{f}")
        for l, c, rule, msg in ps:
            out.append(f"  {l}:{c}  error  {msg}  {rule}")
            n += 1
        out.append("")
    out += [f"\u2716 {n} problem{'s' if n != 1 else ''} ({n} error{'s' if n != 1 else ''}, 0 warnings)", "",
            " ELIFECYCLE  Command failed with exit code 1."]
    return "\n".join(out)


def vt_dur(n):
    return (f"   Duration  {n} (transform {HX.randint(300, 1900)}ms, setup {HX.randint(200, 900)}ms, "
            f"collect {HX.randint(1, 5)}.{HX.randint(10, 99)}s, tests {HX.randint(120, 1400)}ms, "
            f"environment {HX.randint(1, 6)}.{HX.randint(10, 99)}s, prepare {HX.randint(300, 1200)}ms)")


def vt_pass(files, start, dur, script=False):
    """files: list of (project, path, ntests, ms)"""
    lines = [hdr("test", "vitest run")] if script else []
    lines += ["", f" RUN  v3.2.4 {R}", ""]
    total = 0
    for proj, f, n, ms in files:
        lines.append(f" \u2713 |{proj}| {f} ({n} test{'s' if n != 1 else ''}) {ms}ms")
        total += n
    nf = len(files)
    lines += ["", f" Test Files  {nf} passed ({nf})", f"      Tests  {total} passed ({total})",
              f"   Start at  {start}", vt_dur(dur), ""]
    return "\n".join(lines)


PINIA_MSG = ('[\U0001F34D]: "getActivePinia()" was called but there was no active Pinia. Are you trying to use a store '
             'before calling "app.use(pinia)"?\nSee https://pinia.vuejs.org/core-concepts/outside-component-usage.html '
             'for help.\nThis will fail in production.')
PINIA_MJS = f"{PNPM_STORE}/pinia@3.0.3_typescript@5.8.3_vue@3.5.17_typescript@5.8.3_/node_modules/pinia/dist/pinia.mjs"
RTC = f"{PNPM_STORE}/@vue+runtime-core@3.5.17/node_modules/@vue/runtime-core/dist/runtime-core.cjs.js"


def vt_pinia_fail(proj, spec, comp_tag, tests, frames, code_ctx, start, dur, others=(), warn_in="setup function", rt=None):
    """tests: list of (describe > name, ms) that fail with the Pinia error; frames: stack frames of the project
    (list of 'fn file:l:c'); code_ctx: (lineno, [lines around], col)"""
    lines = ["", f" RUN  v3.2.4 {R}", ""]
    for name, _ in tests:
        lines += [f"stderr | |{proj}| {spec} > {name}",
                  f"[Vue warn]: Unhandled error during execution of {warn_in} ",
                  f"  at <{comp_tag} ref=\"VTU_COMPONENT\" > ",
                  "  at <VTUROOT>", ""]
    nt = len(tests)
    tot_ms = sum(ms for _, ms in tests)
    lines.append(f" \u276f |{proj}| {spec} ({nt} test{'s' if nt != 1 else ''} | {nt} failed) {tot_ms + 9}ms")
    first = PINIA_MSG.split("\n")[0]
    for name, ms in tests:
        lines += [f"   \u00d7 {name} {ms}ms", f"     \u2192 {first}"]
    for p, f, n, ms in others:
        lines.append(f" \u2713 |{p}| {f} ({n} test{'s' if n != 1 else ''}) {ms}ms")
    lines += ["", SEP * 7 + f" Failed Tests {nt} " + SEP * 7, ""]
    for name, _ in tests:
        lines.append(f" FAIL  |{proj}| {spec} > {name}")
    lines.append("Error: " + PINIA_MSG)
    lines.append(f" \u276f useStore {PINIA_MJS}:1718:19")
    ln, ctx, col = code_ctx
    first_frame = True
    for fr in frames:
        lines.append(f" \u276f {fr}")
        if first_frame:
            for i, src in enumerate(ctx):
                num = ln - (len(ctx) - 1) + i
                lines.append(f"    {num:>3}| {src}")
            lines.append("       |" + " " * (col + 1) + "^")
            first_frame = False
    rt = rt or [("callWithErrorHandling", "200:19"), ("setupStatefulComponent", "7912:25")]
    lines += [f" \u276f {fn} {RTC}:{pos}" for fn, pos in rt] + [""]
    lines += [SEP * 51 + "[1/1]" + SEP, ""]
    passed = sum(n for _, _, n, _ in others)
    nfiles = 1 + len(others)
    tline = f"      Tests  {nt} failed" + (f" | {passed} passed" if passed else "") + f" ({nt + passed})"
    fline = " Test Files  1 failed" + (f" | {len(others)} passed" if others else "") + f" ({nfiles})"
    lines += [fline, tline, f"   Start at  {start}", vt_dur(dur), ""]
    return "\n".join(lines)


def vt_assert_fail(proj, spec, name, ms, err_lines, start, dur, passed_in_file, code_ctx, at):
    lines = ["", f" RUN  v3.2.4 {R}", "",
             f" \u276f |{proj}| {spec} ({passed_in_file + 1} tests | 1 failed) {ms + 7}ms",
             f"   \u00d7 {name} {ms}ms", f"     \u2192 {err_lines[0]}", "",
             SEP * 7 + " Failed Tests 1 " + SEP * 7, "",
             f" FAIL  |{proj}| {spec} > {name}"] + err_lines + [""]
    lines.append(f" \u276f {at}")
    ln, ctx, col = code_ctx
    for i, src in enumerate(ctx):
        num = ln - (len(ctx) - 1) + i
        lines.append(f"    {num:>3}| {src}")
    lines += ["       |" + " " * (col + 1) + "^", f"    {ln + 1:>3}| " + "})", "",
              SEP * 51 + "[1/1]" + SEP, "",
              " Test Files  1 failed (1)",
              f"      Tests  1 failed | {passed_in_file} passed ({passed_in_file + 1})",
              f"   Start at  {start}", vt_dur(dur), ""]
    return "\n".join(lines)


ROOT_ERR = (" ERR_PNPM_ADDING_TO_ROOT  Running this command will add the dependency to the workspace root, which might "
            "not be what you want - if you really meant it, make it explicit by running this command again with the -w "
            "flag (or --workspace-root). If you don't want to see this warning anymore, you may set the "
            "ignore-workspace-root-check setting to true.")


def pnpm_add_ok(proj_dir, added, deps, dev=False, secs="6.1"):
    kind = "devDependencies" if dev else "dependencies"
    dl = "\n".join(f"+ {p} {v}" for p, v in deps)
    resolved = 1187 + added
    return f"""Progress: resolved {resolved}, reused {resolved - added}, downloaded {added}, added {added}, done
{proj_dir:<41}|  +{added} {'+' * min(added, 20)}

{kind}:
{dl}

Done in {secs}s"""


def commit_out(branch, sha, msg, nfiles, ins, dels, creates=(), ts_files=1, other=None):
    lines = ["[STARTED] Preparing lint-staged...", "[COMPLETED] Preparing lint-staged...",
             "[STARTED] Running tasks for staged files...",
             f"[STARTED] package.json \u2014 {nfiles} file{'s' if nfiles != 1 else ''}",
             f"[STARTED] *.{{ts,vue}} \u2014 {ts_files} file{'s' if ts_files != 1 else ''}"]
    if other:
        lines.append(f"[STARTED] *.{{json,md,scss}} \u2014 {other} file{'s' if other != 1 else ''}")
    lines += ["[STARTED] eslint --fix", "[COMPLETED] eslint --fix", "[STARTED] prettier --write",
              "[COMPLETED] prettier --write", f"[COMPLETED] *.{{ts,vue}} \u2014 {ts_files} file{'s' if ts_files != 1 else ''}"]
    if other:
        lines += ["[STARTED] prettier --write", "[COMPLETED] prettier --write",
                  f"[COMPLETED] *.{{json,md,scss}} \u2014 {other} file{'s' if other != 1 else ''}"]
    lines += [f"[COMPLETED] package.json \u2014 {nfiles} file{'s' if nfiles != 1 else ''}",
              "[COMPLETED] Running tasks for staged files...",
              "[STARTED] Applying modifications from tasks...", "[COMPLETED] Applying modifications from tasks...",
              "[STARTED] Cleaning up temporary files...", "[COMPLETED] Cleaning up temporary files...",
              f"[{branch} {sha}] {msg}",
              f" {nfiles} file{'s' if nfiles != 1 else ''} changed, {ins} insertions(+)" + (f", {dels} deletions(-)" if dels else "")]
    lines += [f" create mode 100644 {c}" for c in creates]
    return "\n".join(lines)


def push_new(branch, objs=31):
    w = objs - 9
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({w - 3}/{w - 3}), done.
Writing objects: 100% ({w}/{w}), {HX.randint(3, 14)}.{HX.randint(10, 99)} KiB | {HX.randint(2, 9)}.{HX.randint(10, 99)} MiB/s, done.
Total {w} (delta {w // 2}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def push_existing(branch, old, new, objs=17):
    w = objs - 6
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 16 threads
Compressing objects: 100% ({w - 2}/{w - 2}), done.
Writing objects: 100% ({w}/{w}), {HX.randint(2, 9)}.{HX.randint(10, 99)} KiB | {HX.randint(2, 9)}.{HX.randint(10, 99)} MiB/s, done.
Total {w} (delta {w // 2}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: View merge request for {branch}:
remote:   {GL}/-/merge_requests/{HX.randint(30, 60)}
remote: 
To {ORIGIN}
   {old}..{new}  {branch} -> {branch}"""


def mr_created(branch, title, iid, target="develop"):
    return f"""
Creating merge request for {branch} into {target} in fe/hx-admin

!{iid} {title} ({branch})
 {GL}/-/merge_requests/{iid}
"""


def docker_build_out(tag, ui_ver, admin_ver, js, css, cached_install=True, secs=(41.3, 2.1), nginx_cached=True, base=None):
    img = hx(64)
    inst = "#10 CACHED" if cached_install else (
        "#10 1.871 Lockfile is up to date, resolution step is skipped\n"
        "#10 2.034 Progress: resolved 1, reused 0, downloaded 0, added 0\n"
        "#10 4.117 Packages: +1241\n"
        "#10 9.882 Progress: resolved 1241, reused 1241, downloaded 0, added 1241, done\n"
        "#10 10.41 .../node_modules/esbuild postinstall$ node install.js\n"
        "#10 10.63 .../node_modules/esbuild postinstall: Done\n"
        "#10 11.02 \n#10 11.02 Done in 10.3s\n#10 DONE 11.4s")
    return f"""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 731B done
#1 DONE 0.0s

#2 resolve image config for docker-image://docker.io/docker/dockerfile:1.7
#2 DONE 1.6s

#3 docker-image://docker.io/docker/dockerfile:1.7@sha256:{hx(64)}
#3 CACHED

#4 [internal] load metadata for docker.io/library/nginx:1.27-alpine
#4 DONE 1.2s

#5 [internal] load metadata for docker.io/library/node:20.19-alpine
#5 DONE 1.3s

#6 [internal] load .dockerignore
#6 transferring context: 156B done
#6 DONE 0.0s

#7 [build 1/8] FROM docker.io/library/node:20.19-alpine@sha256:{hx(64)}
#7 DONE 0.0s

#8 [internal] load build context
#8 transferring context: {HX.randint(600, 990)}.{HX.randint(10, 99)}kB 0.{HX.randint(1, 9)}s done
#8 DONE 0.{HX.randint(2, 9)}s

#9 [build 2/8] RUN corepack enable
#9 CACHED

#10 [build 6/8] RUN --mount=type=cache,id=pnpm,target=/pnpm/store pnpm install --frozen-lockfile
{inst}

#11 [build 7/8] COPY . .
#11 DONE 0.4s

#12 [build 8/8] RUN pnpm build:ui && pnpm build
#12 0.912 
#12 0.912 > hx-admin-monorepo@ build:ui /app
#12 0.912 > pnpm --filter @hx/ui build
#12 1.517 
#12 1.517 > @hx/ui@{ui_ver} build /app/packages/ui
#12 1.517 > vite build && vue-tsc -p tsconfig.build.json --declaration --emitDeclarationOnly
#12 2.803 vite v6.3.5 building for production...
#12 4.998 \u2713 built in 2.19s
#12 11.36 
#12 11.36 > hx-admin-monorepo@ build /app
#12 11.36 > pnpm --filter @hx/admin build
#12 11.97 
#12 11.97 > @hx/admin@{admin_ver} build /app/apps/admin
#12 11.97 > vue-tsc --noEmit -p tsconfig.app.json && vite build
#12 24.81 vite v6.3.5 building for production...
#12 25.02 transforming...
#12 36.14 \u2713 2217 modules transformed.
#12 37.48 rendering chunks...
#12 37.92 computing gzip size...
#12 38.01 dist/index.html                          0.68 kB \u2502 gzip:   0.44 kB
#12 38.01 dist/assets/{css}          361.20 kB \u2502 gzip:  49.31 kB
#12 38.02 dist/assets/{js}         1,142.77 kB \u2502 gzip: 371.06 kB
#12 38.02 \u2713 built in 13.11s
#12 DONE {secs[0]}s

#13 [stage-1 2/3] COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
{"#13 CACHED" if nginx_cached else "#13 DONE 0.0s"}

#14 [stage-1 3/3] COPY --from=build /app/apps/admin/dist /usr/share/nginx/html
#14 DONE 0.1s

#15 exporting to image
#15 exporting layers 0.2s done
#15 writing image sha256:{img} done
#15 naming to docker.io/library/{tag} done
#15 DONE {secs[1]}s"""


NGINX_START = """/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf
10-listen-on-ipv6-by-default.sh: info: /etc/nginx/conf.d/default.conf differs from the packaged version
/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up"""


def nginx_notice(day, hms):
    return "\n".join(f"{day} {hms} [notice] 1#1: {m}" for m in (
        'using the "epoll" event method', "nginx/1.27.5", "built by gcc 14.2.0 (Alpine 14.2.0) ",
        "OS: Linux 6.8.0-60-generic", "getrlimit(RLIMIT_NOFILE): 1048576:1048576", "start worker processes",
        "start worker process 29", "start worker process 30"))


def e2e_list(tests, secs, script=True, spec=""):
    lines = [hdr("test:e2e", f"playwright test {spec}".strip())] if script else []
    lines += ["", f"Running {len(tests)} test{'s' if len(tests) != 1 else ''} using {min(4, len(tests))} worker{'s' if len(tests) != 1 else ''}", ""]
    for i, (name, t) in enumerate(tests, 1):
        lines.append(f"  \u2713  {i} [chromium] \u203a {name} ({t})")
    lines += ["", f"  {len(tests)} passed ({secs})"]
    return "\n".join(lines)


def lt(d, plus=0):
    """local (UTC+8) wall-clock time near the fake clock, for tool output"""
    import datetime as _dt
    return (d.clock + _dt.timedelta(hours=8, seconds=plus)).strftime("%H:%M:%S")


def ut(d, fmt, plus=0):
    import datetime as _dt
    return (d.clock + _dt.timedelta(seconds=plus)).strftime(fmt)


def line_of(d, path, needle, nth=1):
    k = 0
    for i, l in enumerate(d.files[path].split("\n"), 1):
        if needle in l:
            k += 1
            if k == nth:
                return i
    raise KeyError(needle)


def col_of(d, path, needle, sub):
    for l in d.files[path].split("\n"):
        if needle in l:
            return l.index(sub) + 1
    raise KeyError(needle)


FILES.update({
    P(f"{A}/mock/dict.mock.ts"): """import { defineMock } from 'vite-plugin-mock-dev-server'

const DICTS: Record<string, { label: string; value: string }[]> = {
  order_status: [
    { label: '待支付', value: 'PENDING_PAY' },
    { label: '已支付', value: 'PAID' },
    { label: '已发货', value: 'SHIPPED' },
    { label: '已完成', value: 'COMPLETED' },
    { label: '已取消', value: 'CANCELLED' },
    { label: '退款中', value: 'REFUNDING' },
  ],
  user_status: [
    { label: '启用', value: '1' },
    { label: '停用', value: '0' },
  ],
  audit_action: [
    { label: '新增', value: 'CREATE' },
    { label: '修改', value: 'UPDATE' },
    { label: '删除', value: 'DELETE' },
    { label: '导出', value: 'EXPORT' },
    { label: '登录', value: 'LOGIN' },
  ],
}

export default defineMock([
  {
    url: '/api/system/dicts/:type',
    delay: 200,
    body: ({ params }) => ({ code: 0, msg: 'ok', data: DICTS[params.type] ?? [] }),
  },
])
""",
    P(f"{A}/src/views/system/dict/__tests__/index.spec.ts"): """import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ElementPlus from 'element-plus'
import DictPage from '../index.vue'

vi.mock('@/api/system/dict', () => ({
  fetchDictTypes: vi.fn().mockResolvedValue([{ type: 'order_status', name: '订单状态', count: 6 }]),
}))

describe('DictPage', () => {
  it('渲染字典类型列表', async () => {
    const wrapper = mount(DictPage, {
      global: { plugins: [ElementPlus, createTestingPinia({ createSpy: vi.fn })] },
    })
    await flushPromises()
    expect(wrapper.text()).toContain('订单状态')
  })
})
""",
    P(f"{A}/src/stores/modules/dict.ts"): """import { defineStore } from 'pinia'
import { fetchDict, type DictItem } from '@/api/system/dict'

export const useDictStore = defineStore('dict', {
  state: () => ({
    dicts: {} as Record<string, DictItem[]>,
  }),
  getters: {
    label: (state) => (type: string, value: string) =>
      state.dicts[type]?.find((d) => d.value === value)?.label ?? value,
  },
  actions: {
    async load(type: string) {
      if (!this.dicts[type]) {
        this.dicts[type] = await fetchDict(type)
      }
      return this.dicts[type]
    },
  },
})
""",
    P(f"{A}/src/test/setup.ts"): """import { config } from '@vue/test-utils'
import { vi } from 'vitest'

// jsdom 没有 ResizeObserver，el-table 会用到
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

vi.stubGlobal('matchMedia', (q: string) => ({
  matches: false,
  media: q,
  addEventListener: () => {},
  removeEventListener: () => {},
}))

config.global.stubs = { transition: false }
""",
    P(f"{A}/src/router/async.ts"): """import type { RouteRecordRaw } from 'vue-router'
import orderRoutes from './modules/order'
import systemRoutes from './modules/system'

/** 需要按权限过滤的路由，登录后由 permission store 生成并 addRoute */
export const asyncRoutes: RouteRecordRaw[] = [orderRoutes, systemRoutes]
""",
    P("CHANGELOG.md"): """# Changelog

## 1.9.0 (2026-07-06)

- 新增 用户管理、角色管理页面，按钮级权限指令 `v-permission`
- 新增 首页看板（订单趋势、状态占比）
- 新增 操作日志页面，支持 traceId 一键复制、详情抽屉
- @hx/ui 新增 HxStatusTag、HxCopyText、HxJsonDiff
- 修复 无子菜单权限时侧边栏出现空目录
- nginx：gzip、静态资源长缓存、安全响应头；支持挂载在 /admin/ 子路径

## 1.8.0 (2026-05-25)

- 新增 订单列表、字典管理
- 接入 @hx/ui 0.7（HxTable / HxSearchForm / HxDialogForm）
""",
})

FILES[P("e2e/login.spec.ts")] = """import { expect, test } from '@playwright/test'

const username = process.env.E2E_USERNAME ?? 'admin'
const password = process.env.E2E_PASSWORD ?? 'admin123'

test.describe('登录', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('login')
  })
  test('正确账号密码登录后进入首页', async ({ page }) => {
    await page.getByPlaceholder('用户名').fill(username)
    // 等登录按钮可用（验证码开关由后端配置下发）
    await expect(page.getByRole('button', { name: '登录' })).toBeEnabled()
    await page.getByPlaceholder('密码').fill(password)
    await page.getByRole('button', { name: '登录' }).click()
    await expect(page).toHaveURL(/\\/dashboard/)
    await expect(page.getByText('近 30 天订单趋势')).toBeVisible()
  })

  test('密码错误时提示', async ({ page }) => {
    await page.getByPlaceholder('用户名').fill(username)
    await page.getByPlaceholder('密码').fill('wrong-password')
    await page.getByRole('button', { name: '登录' }).click()
    await expect(page.getByText('用户名或密码错误')).toBeVisible()
  })
})
"""

# full vitest suite: (project, path, ntests) -- grows as specs are added
SUITE = [
    ("ui", "src/components/HxTable/HxTable.spec.ts", 8),
    ("ui", "src/components/HxSearchForm/HxSearchForm.spec.ts", 6),
    ("ui", "src/components/HxDialogForm/HxDialogForm.spec.ts", 5),
    ("admin", "src/utils/__tests__/permission.spec.ts", 2),
    ("admin", "src/utils/__tests__/format.spec.ts", 7),
    ("admin", "src/api/__tests__/request.spec.ts", 6),
    ("admin", "src/stores/__tests__/auth.spec.ts", 5),
    ("admin", "src/views/login/__tests__/login.spec.ts", 4),
    ("admin", "src/views/system/dict/__tests__/index.spec.ts", 1),
]


def suite_out(start, dur):
    files = [(p, f, n, HX.randint(9, 420)) for p, f, n in SUITE]
    return vt_pass(files, start, dur, script=True)


def suite_add(proj, path, n):
    for i, (p, f, _) in enumerate(SUITE):
        if p == proj and f == path:
            SUITE[i] = (p, f, n)
            return
    SUITE.append((proj, path, n))


def ui_build(ver, nmods, css, mjs, secs, extra=()):
    rows = [("dist/style.css", css[0], css[1]), ("dist/index.mjs", mjs[0], mjs[1])] + list(extra)
    w = max(len(r[0]) for r in rows)
    table = "\n".join(f"{a:<{w}}  {b:>8} \u2502 gzip: {c:>7}" for a, b, c in rows)
    return hdr("build:ui", "pnpm --filter @hx/ui build") + f"""

> @hx/ui@{ver} build {R}/packages/ui
> vite build && vue-tsc -p tsconfig.build.json --declaration --emitDeclarationOnly

vite v6.3.5 building for production...
transforming...
\u2713 {nmods} modules transformed.
rendering chunks...
computing gzip size...
{table}
\u2713 built in {secs}s"""


# ---------------------------------------------------------------- the month
def gen():
    d = Dev("zh-vue", U, "zh", MODEL, seed=20260608, files=FILES)
    order_list = P(f"{A}/src/views/order/list/index.vue")
    ui_index = P(f"{UI}/src/index.ts")
    router_sys = P(f"{A}/src/router/modules/system.ts")

    # ============================================================== S1
    with d.session("2026-06-08T01:32:00", R, branch="feat/order-status-tag", version="2.1.74"):
        t = d.task("刚接手这个后台，先帮我捋一下仓库结构：admin 和 @hx/ui 是怎么关联起来的，请求封装、登录和动态路由权限大概是怎么走的？",
                   tags=["noise"])
        t.read(P("package.json"))
        t.read(P("pnpm-workspace.yaml"))
        t.read(P(f"{UI}/package.json"))
        t.read(P(f"{A}/src/utils/request.ts"))
        t.read(P(f"{A}/src/router/index.ts"))
        t.read(P(f"{A}/src/stores/modules/permission.ts"))
        t.done("""整体是一个 pnpm workspace，三个项目：

| 目录 | 包名 | 作用 |
|---|---|---|
| `apps/admin` | `@hx/admin` | 管理后台本体（Vite + Vue 3 + Pinia + Vue Router + Element Plus） |
| `packages/ui` | `@hx/ui` | 公共组件库：`HxTable`、`HxSearchForm`、`HxDialogForm`、`HxPageHeader` |
| 根目录 | `hx-admin-monorepo` | 只放脚本和公共 devDependencies（eslint、prettier、vitest、vue-tsc、playwright、husky） |

**admin ↔ @hx/ui**：admin 里依赖写的是 `"@hx/ui": "workspace:*"`，pnpm 会把 `node_modules/@hx/ui` 软链到 `packages/ui`。但 ui 的 `package.json` 里 `main` / `types` / `exports` 指向的都是 `dist/`，也就是说 admin 用到的是 **ui 的构建产物**，不是源码；根目录有 `pnpm build:ui`，CI 的 check 阶段也是先 build ui 再 lint / typecheck / test。

**请求封装** `apps/admin/src/utils/request.ts`：一个 axios 实例，`baseURL` 取 `VITE_API_BASE`。
- 请求拦截：从 `useAuthStore()` 取 token 塞 `Authorization: Bearer …`
- 响应拦截：后端统一返回 `{ code, msg, data }`，`code === 0` 放行；`40101` 清登录态跳 `/login?redirect=…`；其他 code 和 HTTP 错误都在这里 `ElMessage.error` 弹提示，然后 reject
- 导出 `get/post/put/del`，直接返回 `data` 那一层

**登录和动态路由** `router/index.ts` 的 `beforeEach`：
1. 没 token → 白名单（`/login`、`/404`）放行，否则跳登录
2. 有 token 但 `permission.loaded` 为 false → `auth.fetchProfile()` 拿权限码 → `permission.generateRoutes(codes)` 用 `filterAsyncRoutes` 按 `meta.perm` 过滤 `asyncRoutes` → 逐个 `router.addRoute('Layout', r)` → `return { ...to, replace: true }` 重新导航一次
3. 权限码 `*:*:*` 表示超管，全部放行

按钮级权限在 `src/directives/permission.ts`（`v-permission`），同样读 `usePermissionStore().has(code)`。""")

        t = d.task("订单列表的状态标签以后退款、售后页面也要用，抽成一个通用组件 HxStatusTag 放到 @hx/ui 里：传 status 和一个「状态 → 文案 + 类型」的映射。"
                   "props 用 defineProps 的 TS 类型写法，不要写 { type: String, required: true } 那种运行时声明。然后订单列表换成它。",
                   tags=["mistake:M1", "pref:P1"])
        t.glob("packages/ui/src/components/*/*.vue", [P(f"{UI}/src/components/HxDialogForm/HxDialogForm.vue"),
                                                      P(f"{UI}/src/components/HxPageHeader/HxPageHeader.vue"),
                                                      P(f"{UI}/src/components/HxSearchForm/HxSearchForm.vue"),
                                                      P(f"{UI}/src/components/HxTable/HxTable.vue")], path=R)
        t.read(ui_index)
        t.write(P(f"{UI}/src/components/HxStatusTag/types.ts"), """export type HxStatusType = 'primary' | 'success' | 'info' | 'warning' | 'danger'

export interface HxStatusItem {
  text: string
  type: HxStatusType
}

/** 状态值 → 文案 + el-tag 类型 */
export type HxStatusMap<S extends string = string> = Record<S, HxStatusItem>
""")
        t.write(P(f"{UI}/src/components/HxStatusTag/HxStatusTag.vue"), """<script setup lang="ts" generic="S extends string">
import { computed } from 'vue'
import type { HxStatusMap } from './types'

interface Props {
  status: S
  map: HxStatusMap<S>
  effect?: 'light' | 'plain' | 'dark'
}

const props = withDefaults(defineProps<Props>(), { effect: 'light' })

const item = computed(() => props.map[props.status])
</script>

<template>
  <el-tag v-if="item" class="hx-status-tag" :type="item.type" :effect="effect" disable-transitions>
    {{ item.text }}
  </el-tag>
  <span v-else class="hx-status-tag hx-status-tag--unknown">{{ status }}</span>
</template>
""")
        t.write(P(f"{UI}/src/components/HxStatusTag/HxStatusTag.spec.ts"), """import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import HxStatusTag from './HxStatusTag.vue'
import type { HxStatusMap } from './types'

const map: HxStatusMap<'ON' | 'OFF'> = {
  ON: { text: '启用', type: 'success' },
  OFF: { text: '停用', type: 'info' },
}

function render(status: string) {
  return mount(HxStatusTag, { props: { status, map }, global: { plugins: [ElementPlus] } })
}

describe('HxStatusTag', () => {
  it('按映射显示文案和类型', () => {
    const w = render('ON')
    expect(w.text()).toBe('启用')
    expect(w.find('.el-tag').classes()).toContain('el-tag--success')
  })

  it('未知状态原样显示', () => {
    const w = render('DELETED')
    expect(w.find('.el-tag').exists()).toBe(false)
    expect(w.text()).toBe('DELETED')
  })

  it('effect 默认 light', () => {
    expect(render('OFF').find('.el-tag').classes()).toContain('el-tag--light')
  })
})
""")
        t.edit(ui_index, """import HxPageHeader from './components/HxPageHeader/HxPageHeader.vue'

export { HxTable, HxSearchForm, HxDialogForm, HxPageHeader }
export type { HxTableColumn } from './components/HxTable/types'
export type { HxSearchField } from './components/HxSearchForm/types'
""", """import HxPageHeader from './components/HxPageHeader/HxPageHeader.vue'
import HxStatusTag from './components/HxStatusTag/HxStatusTag.vue'

export { HxTable, HxSearchForm, HxDialogForm, HxPageHeader, HxStatusTag }
export type { HxTableColumn } from './components/HxTable/types'
export type { HxSearchField } from './components/HxSearchForm/types'
export type { HxStatusMap, HxStatusItem, HxStatusType } from './components/HxStatusTag/types'
""")
        t.edit(ui_index, """    app.component('HxPageHeader', HxPageHeader)
""", """    app.component('HxPageHeader', HxPageHeader)
    app.component('HxStatusTag', HxStatusTag)
""")
        t.read(order_list)
        t.edit(order_list, """import { HxPageHeader, HxSearchForm, HxTable, type HxSearchField, type HxTableColumn } from '@hx/ui'""",
               """import {
  HxPageHeader,
  HxSearchForm,
  HxStatusTag,
  HxTable,
  type HxSearchField,
  type HxStatusMap,
  type HxTableColumn,
} from '@hx/ui'""")
        t.edit(order_list, """const statusType: Record<OrderItem['status'], 'info' | 'warning' | 'success' | 'danger' | 'primary'> = {
  PENDING_PAY: 'warning',
  PAID: 'primary',
  SHIPPED: 'primary',
  COMPLETED: 'success',
  CANCELLED: 'info',
  REFUNDING: 'danger',
}
const statusText: Record<OrderItem['status'], string> = {
  PENDING_PAY: '待支付',
  PAID: '已支付',
  SHIPPED: '已发货',
  COMPLETED: '已完成',
  CANCELLED: '已取消',
  REFUNDING: '退款中',
}""", """const statusMap: HxStatusMap<OrderItem['status']> = {
  PENDING_PAY: { text: '待支付', type: 'warning' },
  PAID: { text: '已支付', type: 'primary' },
  SHIPPED: { text: '已发货', type: 'primary' },
  COMPLETED: { text: '已完成', type: 'success' },
  CANCELLED: { text: '已取消', type: 'info' },
  REFUNDING: { text: '退款中', type: 'danger' },
}""")
        t.edit(order_list, """        <el-tag :type="statusType[row.status]" effect="light" disable-transitions>
          {{ statusText[row.status] }}
        </el-tag>""", """        <HxStatusTag :status="row.status" :map="statusMap" />""")
        t.bash("pnpm vitest run packages/ui/src/components/HxStatusTag", "运行 HxStatusTag 单测",
               out=vt_pass([("ui", "src/components/HxStatusTag/HxStatusTag.spec.ts", 3, 46)], lt(d, 5), "1.93s"))
        suite_add("ui", "src/components/HxStatusTag/HxStatusTag.spec.ts", 3)
        ln_tag = line_of(d, order_list, "  HxStatusTag,")
        ln_map = line_of(d, order_list, "  type HxStatusMap,")
        t.fail("pnpm typecheck", "类型检查", tc_fail([
            ("src/views/order/list/index.vue", ln_tag, 3, 2305, "Module '\"@hx/ui\"' has no exported member 'HxStatusTag'."),
            ("src/views/order/list/index.vue", ln_map, 8, 2305, "Module '\"@hx/ui\"' has no exported member 'HxStatusMap'."),
        ]), code=1)
        t.say("ui 包自己的类型检查过了，报错在 admin：`@hx/ui` 里找不到 `HxStatusTag` / `HxStatusMap`。"
              "ui 的 `types` 指向 `dist/index.d.ts`，admin 看到的是上一次构建出来的声明文件，我先确认一下 dist 的时间。")
        t.bash("ls -l packages/ui/dist/", "查看 ui 构建产物", out=f"""total 64
drwxr-xr-x 6 chenxi chenxi  4096 May 25 17:02 components
-rw-r--r-- 1 chenxi chenxi   771 May 25 17:02 index.d.ts
-rw-r--r-- 1 chenxi chenxi 17408 May 25 17:02 index.mjs
-rw-r--r-- 1 chenxi chenxi  3019 May 25 17:02 style.css""")
        t.say("dist 还是 5 月 25 日的，里面没有新组件。重新构建一下 ui 包再做类型检查。")
        t.bash("pnpm build:ui", "构建 @hx/ui",
               out=ui_build("0.7.3", 27, ("3.26 kB", "1.08 kB"), ("19.61 kB", "5.52 kB"), "1.41"))
        t.bash("pnpm typecheck", "重新类型检查", out=tc_ok())
        t.done("""`HxStatusTag` 已经加到 @hx/ui，订单列表也换上了：

- `packages/ui/src/components/HxStatusTag/`：
  - `HxStatusTag.vue`：`<script setup lang="ts" generic="S extends string">`，props 用 `defineProps<Props>()` + `withDefaults`（只给 `effect` 默认 `light`），没有运行时声明；映射里找不到的状态原样显示文字
  - `types.ts`：`HxStatusMap<S>` = `Record<S, { text, type }>`，订单页用 `HxStatusMap<OrderItem['status']>`，状态漏配 TS 会直接报
  - `HxStatusTag.spec.ts`：3 个用例，通过
- `packages/ui/src/index.ts`：导出组件和类型，`install` 里也注册了
- 订单列表：原来的 `statusType` / `statusText` 两张表合成一个 `statusMap`，模板里一行 `<HxStatusTag :status="row.status" :map="statusMap" />`

第一次 `pnpm typecheck` 在 admin 里报 `has no exported member 'HxStatusTag'`，是因为 admin 读的是 `packages/ui/dist` 里的声明，dist 还是 5 月 25 日的；`pnpm build:ui` 之后类型检查全部通过。""")

        t = d.task("顺便问一下，ref 和 reactive 到底该怎么选？组里有人说一律 ref，有人说对象用 reactive，你怎么看", tags=["noise", "no_tools"])
        t.done("""我倾向于**默认用 `ref`，只在「一组一起变化、不会整体替换的表单/查询条件」时用 `reactive`**。理由：

1. **`reactive` 不能整体替换**：`state = reactive({...})` 之后再 `state = newObj` 就丢了响应式，只能 `Object.assign`；列表数据这类经常整个换掉的，用 `ref` 更自然（`rows.value = res.records`）。
2. **解构会丢响应式**：`const { page } = reactive(...)` 拿到的是普通值，要 `toRefs`；`ref` 没这个坑。
3. **类型和可读性**：`.value` 一看就知道是响应式的，传给组合式函数、`watch` 也不用想是传 getter 还是对象。
4. **`reactive` 适合的场景**：查询条件、表单 model 这种字段多、总是按字段改、要整体 `v-model` 给 `el-form` 的对象，用 `reactive` 写起来少很多 `.value`。我们订单列表的 `query` 就是这么用的。

所以团队约定可以简单点：**状态默认 `ref`；表单 / 查询条件对象可以 `reactive`，但不要解构、不要整体赋值。** 另外 Vue 3.5 以后 `defineProps` 解构已经是响应式的了，这点和 `reactive` 的解构不一样，别混了。""")

        t = d.task("HxStatusTag 这块没问题了。跑一遍 lint、类型检查和单测，都过了就提交推上去，开 MR 到 develop。", tags=["workflow:W3"])
        t.bash("pnpm lint", "ESLint 检查", out=lint_ok())
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.bash("pnpm test", "运行全部单测", out=suite_out(lt(d, 5), "6.37s"))
        t.bash("git status --short", "查看改动", out=f""" M apps/admin/src/views/order/list/index.vue
 M packages/ui/src/index.ts
?? packages/ui/src/components/HxStatusTag/""")
        sha1 = hx(7)
        t.bash('git add apps/admin/src/views/order/list/index.vue packages/ui/src && git commit -m "feat(ui): 新增 HxStatusTag，订单列表状态改用该组件"',
               "提交改动", out=commit_out("feat/order-status-tag", sha1, "feat(ui): 新增 HxStatusTag，订单列表状态改用该组件",
                                          5, 112, 23, creates=["packages/ui/src/components/HxStatusTag/HxStatusTag.spec.ts",
                                                               "packages/ui/src/components/HxStatusTag/HxStatusTag.vue",
                                                               "packages/ui/src/components/HxStatusTag/types.ts"], ts_files=5))
        t.bash("git push -u origin feat/order-status-tag", "推送分支", out=push_new("feat/order-status-tag", 24))
        t.bash('glab mr create --source-branch feat/order-status-tag --target-branch develop '
               '--title "feat(ui): 新增 HxStatusTag，订单列表状态改用该组件" '
               '--description "- @hx/ui 新增 HxStatusTag（status + HxStatusMap 映射，未知状态原样显示），附 3 个单测\n'
               '- 订单列表状态列改用 HxStatusTag\n- 本地 pnpm lint / typecheck / test 通过" --remove-source-branch --yes',
               "创建 MR", out=mr_created("feat/order-status-tag", "feat(ui): 新增 HxStatusTag，订单列表状态改用该组件", 38))
        t.done(f"""都过了，已经提交并开了 MR：

- `pnpm lint`：无问题
- `pnpm typecheck`：ui、admin 都通过
- `pnpm test`：10 个测试文件、47 个用例全部通过
- 提交 `{sha1}` `feat(ui): 新增 HxStatusTag，订单列表状态改用该组件`（lint-staged 跑了 eslint --fix + prettier，没有额外改动）
- MR !38 → develop：{GL}/-/merge_requests/38""")

    # ============================================================== S2
    user_view = P(f"{A}/src/views/system/user/index.vue")
    user_spec = P(f"{A}/src/views/system/user/__tests__/index.spec.ts")
    dept_store = P(f"{A}/src/stores/modules/dept.ts")
    with d.session("2026-06-10T02:14:00", R, branch="feat/user-manage", version="2.1.75"):
        t = d.task("系统管理下加一个「用户管理」页：列表字段 用户名、姓名、手机号、部门、状态、创建时间；按用户名 / 手机号 / 状态搜索；左边一棵部门树，点节点按部门筛。"
                   "接口按后端文档：GET /api/system/users（分页），GET /api/system/depts/tree。mock 也补上，页面先在 mock 下能跑。"
                   "部门树好几个页面都要用，放 Pinia 里缓存；store 用 options 写法，state / getters / actions 分开写，跟现有的 permission store 一个风格。",
                   tags=["workflow:W1", "pref:P3", "mistake:M2"])
        t.read(router_sys)
        t.glob("apps/admin/mock/*.mock.ts", [P(f"{A}/mock/auth.mock.ts"), P(f"{A}/mock/dict.mock.ts"),
                                             P(f"{A}/mock/order.mock.ts")], path=R)
        t.read(P(f"{A}/mock/dict.mock.ts"))
        t.write(P(f"{A}/src/api/system/user.ts"), """import { get } from '@/utils/request'
import type { PageResult } from '@/api/types'

export interface UserItem {
  id: number
  username: string
  realName: string
  mobile: string
  deptId: number
  deptName: string
  status: '0' | '1'
  createdAt: string
}

export interface UserQuery {
  page: number
  size: number
  username?: string
  mobile?: string
  status?: '0' | '1'
  deptId?: number
}

export const fetchUserPage = (q: UserQuery) => get<PageResult<UserItem>>('/system/users', q)
""")
        t.write(P(f"{A}/src/api/system/dept.ts"), """import { get } from '@/utils/request'

export interface DeptNode {
  id: number
  name: string
  children?: DeptNode[]
}

export const fetchDeptTree = () => get<DeptNode[]>('/system/depts/tree')
""")
        t.write(P(f"{A}/mock/system-user.mock.ts"), """import { defineMock } from 'vite-plugin-mock-dev-server'

const DEPTS = [
  {
    id: 1,
    name: '禾新科技',
    children: [
      { id: 11, name: '研发中心', children: [{ id: 111, name: '前端组' }, { id: 112, name: '后端组' }] },
      { id: 12, name: '运营部' },
      { id: 13, name: '财务部' },
    ],
  },
]
const LEAF = [111, 112, 12, 13]
const LEAF_NAME: Record<number, string> = { 111: '前端组', 112: '后端组', 12: '运营部', 13: '财务部' }

const USERS = Array.from({ length: 86 }, (_, i) => {
  const deptId = LEAF[i % LEAF.length]
  return {
    id: i + 1,
    username: `user${String(i + 1).padStart(3, '0')}`,
    realName: `用户${i + 1}`,
    mobile: `138${String(10000000 + i * 7919).slice(0, 8)}`,
    deptId,
    deptName: LEAF_NAME[deptId],
    status: i % 9 === 0 ? '0' : '1',
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 86400000 * 3).toISOString(),
  }
})

export default defineMock([
  {
    url: '/api/system/depts/tree',
    body: { code: 0, msg: 'ok', data: DEPTS },
  },
  {
    url: '/api/system/users',
    delay: 300,
    body: ({ query }) => {
      const page = Number(query.page ?? 1)
      const size = Number(query.size ?? 20)
      const list = USERS.filter(
        (u) =>
          (!query.username || u.username.includes(query.username)) &&
          (!query.mobile || u.mobile.includes(query.mobile)) &&
          (!query.status || u.status === query.status) &&
          (!query.deptId || u.deptId === Number(query.deptId) || String(u.deptId).startsWith(query.deptId)),
      )
      return { code: 0, msg: 'ok', data: { records: list.slice((page - 1) * size, page * size), total: list.length } }
    },
  },
])
""")
        t.write(dept_store, """import { defineStore } from 'pinia'
import { fetchDeptTree, type DeptNode } from '@/api/system/dept'

export const useDeptStore = defineStore('dept', {
  state: () => ({
    tree: [] as DeptNode[],
    loaded: false,
  }),
  getters: {
    /** id → 部门名，给表格、详情回显用 */
    nameMap: (state) => {
      const map = new Map<number, string>()
      const walk = (nodes: DeptNode[]) =>
        nodes.forEach((n) => {
          map.set(n.id, n.name)
          if (n.children) walk(n.children)
        })
      walk(state.tree)
      return map
    },
  },
  actions: {
    async loadTree(force = false) {
      if (this.loaded && !force) return this.tree
      this.tree = await fetchDeptTree()
      this.loaded = true
      return this.tree
    },
  },
})
""")
        t.write(user_view, """<script setup lang="ts">
import { onMounted, ref } from 'vue'
import { HxPageHeader, HxStatusTag, HxTable, type HxStatusMap, type HxTableColumn } from '@hx/ui'
import { fetchUserPage, type UserItem, type UserQuery } from '@/api/system/user'
import type { DeptNode } from '@/api/system/dept'
import { useDeptStore } from '@/stores/modules/dept'
import { formatTime } from '@/utils/format'

const columns: HxTableColumn<UserItem>[] = [
  { prop: 'username', label: '用户名', width: 140 },
  { prop: 'realName', label: '姓名', width: 120 },
  { prop: 'mobile', label: '手机号', width: 140 },
  { prop: 'deptName', label: '部门' },
  { prop: 'status', label: '状态', width: 90, slot: 'status' },
  { prop: 'createdAt', label: '创建时间', width: 170, formatter: (row) => formatTime(row.createdAt) },
]

const statusMap: HxStatusMap<UserItem['status']> = {
  '1': { text: '启用', type: 'success' },
  '0': { text: '停用', type: 'info' },
}

const deptStore = useDeptStore()

const query = ref<UserQuery>({ page: 1, size: 20 })
const loading = ref(false)
const rows = ref<UserItem[]>([])
const total = ref(0)

async function load() {
  loading.value = true
  try {
    const res = await fetchUserPage(query.value)
    rows.value = res.records
    total.value = res.total
  } finally {
    loading.value = false
  }
}

function onSearch() {
  query.value.page = 1
  load()
}

function onReset() {
  query.value = { page: 1, size: query.value.size, deptId: query.value.deptId }
  load()
}

function onDeptClick(node: DeptNode) {
  query.value.deptId = node.id
  onSearch()
}

onMounted(() => {
  deptStore.loadTree()
  load()
})
</script>

<template>
  <div class="page user-page">
    <HxPageHeader title="用户管理" />
    <el-row :gutter="16">
      <el-col :span="5">
        <el-card shadow="never">
          <el-tree
            :data="deptStore.tree"
            :props="{ label: 'name', children: 'children' }"
            node-key="id"
            default-expand-all
            highlight-current
            :expand-on-click-node="false"
            @node-click="onDeptClick"
          />
        </el-card>
      </el-col>
      <el-col :span="19">
        <el-form :model="query" inline @submit.prevent="onSearch">
          <el-form-item label="用户名">
            <el-input v-model="query.username" placeholder="用户名" clearable />
          </el-form-item>
          <el-form-item label="手机号">
            <el-input v-model="query.mobile" placeholder="手机号" clearable />
          </el-form-item>
          <el-form-item label="状态">
            <el-select v-model="query.status" placeholder="全部" clearable style="width: 120px">
              <el-option label="启用" value="1" />
              <el-option label="停用" value="0" />
            </el-select>
          </el-form-item>
          <el-form-item>
            <el-button type="primary" native-type="submit">查询</el-button>
            <el-button @click="onReset">重置</el-button>
          </el-form-item>
        </el-form>
        <HxTable
          v-model:page="query.page"
          v-model:size="query.size"
          :columns="columns"
          :data="rows"
          :total="total"
          :loading="loading"
          @change="load"
        >
          <template #status="{ row }">
            <HxStatusTag :status="row.status" :map="statusMap" />
          </template>
        </HxTable>
      </el-col>
    </el-row>
  </div>
</template>
""")
        t.edit(router_sys, """      meta: { title: '字典管理', perm: 'system:dict:list' },
    },
""", """      meta: { title: '字典管理', perm: 'system:dict:list' },
    },
    {
      path: 'user',
      name: 'SystemUser',
      component: () => import('@/views/system/user/index.vue'),
      meta: { title: '用户管理', perm: 'system:user:list' },
    },
""")
        t.write(user_spec, """import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import UserPage from '../index.vue'
import { fetchUserPage } from '@/api/system/user'

vi.mock('@/api/system/user', () => ({
  fetchUserPage: vi.fn().mockResolvedValue({
    records: [
      { id: 1, username: 'user001', realName: '用户1', mobile: '13810000000', deptId: 111, deptName: '前端组', status: '1', createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 2, username: 'user002', realName: '用户2', mobile: '13810007919', deptId: 112, deptName: '后端组', status: '0', createdAt: '2025-01-04T00:00:00.000Z' },
    ],
    total: 2,
  }),
}))
vi.mock('@/api/system/dept', () => ({
  fetchDeptTree: vi.fn().mockResolvedValue([{ id: 1, name: '禾新科技', children: [{ id: 111, name: '前端组' }] }]),
}))

function mountPage() {
  return mount(UserPage, { global: { plugins: [ElementPlus] } })
}

describe('UserPage', () => {
  it('加载后渲染用户列表', async () => {
    const w = mountPage()
    await flushPromises()
    expect(w.text()).toContain('user001')
    expect(w.text()).toContain('停用')
  })

  it('点击部门节点按部门筛选', async () => {
    const w = mountPage()
    await flushPromises()
    await w.findAll('.el-tree-node__content').at(1)!.trigger('click')
    await flushPromises()
    expect(fetchUserPage).toHaveBeenLastCalledWith(expect.objectContaining({ deptId: 111, page: 1 }))
  })

  it('重置清空搜索条件但保留部门', async () => {
    const w = mountPage()
    await flushPromises()
    await w.find('input[placeholder="用户名"]').setValue('user')
    await w.findAll('button').find((b) => b.text() === '重置')!.trigger('click')
    expect(fetchUserPage).toHaveBeenLastCalledWith({ page: 1, size: 20, deptId: undefined })
  })
})
""")
        ln = line_of(d, user_view, "const deptStore = useDeptStore()")
        src = d.files[user_view].split("\n")
        tests = [("UserPage > 加载后渲染用户列表", 31), ("UserPage > 点击部门节点按部门筛选", 6),
                 ("UserPage > 重置清空搜索条件但保留部门", 5)]
        t.fail("pnpm vitest run apps/admin/src/views/system/user", "运行用户管理页的组件测试",
               vt_pinia_fail("admin", "src/views/system/user/__tests__/index.spec.ts", "Index", tests,
                             [f"setup src/views/system/user/index.vue:{ln}:19"], (ln, src[ln - 3:ln], 18),
                             lt(d, 5), "2.84s"))
        t.say("三个用例都挂在同一个地方：页面 `setup` 里调了 `useDeptStore()`，但测试 mount 的时候没装 Pinia。看下现有测试是怎么处理 store 的。")
        t.grep("createTestingPinia", [P(f"{A}/src/views/login/__tests__/login.spec.ts"),
                                      P(f"{A}/src/views/system/dict/__tests__/index.spec.ts")], path=P(A))
        t.read(P(f"{A}/src/views/system/dict/__tests__/index.spec.ts"))
        t.say("字典页的测试用的是 `@pinia/testing` 的 `createTestingPinia`。这里要让 `loadTree` 真正执行（部门树要渲染出来给第二个用例点），所以加 `stubActions: false`，接口本身已经被 `vi.mock` 了。")
        t.edit(user_spec, """import ElementPlus from 'element-plus'
import UserPage from '../index.vue'""", """import { createTestingPinia } from '@pinia/testing'
import ElementPlus from 'element-plus'
import UserPage from '../index.vue'""")
        t.edit(user_spec, """  return mount(UserPage, { global: { plugins: [ElementPlus] } })""",
               """  return mount(UserPage, {
    global: { plugins: [ElementPlus, createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
  })""")
        t.bash("pnpm vitest run apps/admin/src/views/system/user", "重新运行用户管理页测试",
               out=vt_pass([("admin", "src/views/system/user/__tests__/index.spec.ts", 3, 412)], lt(d, 5), "3.02s"))
        suite_add("admin", "src/views/system/user/__tests__/index.spec.ts", 3)
        t.bash("pnpm lint", "ESLint 检查", out=lint_ok())
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.done("""用户管理页做好了，mock 下可以直接跑（`pnpm dev --mode mock`，菜单在 系统管理 → 用户管理）：

- **接口** `src/api/system/user.ts`（`fetchUserPage`，类型 `UserItem` / `UserQuery`）、`src/api/system/dept.ts`（`fetchDeptTree`）
- **mock** `mock/system-user.mock.ts`：四个叶子部门、86 个用户，支持用户名 / 手机号 / 状态 / 部门筛选和分页，列表接口 300ms 延迟
- **store** `src/stores/modules/dept.ts`：options 写法，`state`（`tree`、`loaded`）/ `getters`（`nameMap`：id → 部门名）/ `actions`（`loadTree(force)`，加载过就直接返回缓存），和 permission store 同一个风格
- **页面** `src/views/system/user/index.vue`：左侧 `el-tree`，右侧搜索表单 + `HxTable`，状态列用 `HxStatusTag`；点部门节点回到第 1 页按部门查，重置会保留当前选中的部门
- **路由** `router/modules/system.ts` 加了 `user`，权限码 `system:user:list`（后端菜单里要配同一个码）
- **测试** `__tests__/index.spec.ts` 3 个用例：渲染列表、点部门筛选、重置

第一次跑测试三个用例都报 Pinia 没有激活——页面里用了 `useDeptStore()`，测试里没装 Pinia。照字典页的写法在 mount 的 `global.plugins` 里加了 `createTestingPinia({ createSpy: vi.fn, stubActions: false })` 之后全过；lint、typecheck 也通过。""")

        search_bar = P(f"{A}/src/views/system/user/components/UserSearchBar.vue")
        t = d.task("用户页的搜索栏我想抽成单独的组件 UserSearchBar，v-model 绑查询条件，父组件里就一行。", tags=["oneoff:O1"])
        t.write(search_bar, """<script setup lang="ts">
import type { UserQuery } from '@/api/system/user'

interface Props {
  modelValue: UserQuery
}

defineProps<Props>()
const emit = defineEmits<{ search: []; reset: [] }>()
</script>

<template>
  <el-form :model="modelValue" inline class="user-search-bar" @submit.prevent="emit('search')">
    <el-form-item label="用户名">
      <el-input v-model="modelValue.username" placeholder="用户名" clearable />
    </el-form-item>
    <el-form-item label="手机号">
      <el-input v-model="modelValue.mobile" placeholder="手机号" clearable />
    </el-form-item>
    <el-form-item label="状态">
      <el-select v-model="modelValue.status" placeholder="全部" clearable style="width: 120px">
        <el-option label="启用" value="1" />
        <el-option label="停用" value="0" />
      </el-select>
    </el-form-item>
    <el-form-item>
      <el-button type="primary" native-type="submit">查询</el-button>
      <el-button @click="emit('reset')">重置</el-button>
    </el-form-item>
  </el-form>
</template>
""")
        t.edit(user_view, """        <el-form :model="query" inline @submit.prevent="onSearch">
          <el-form-item label="用户名">
            <el-input v-model="query.username" placeholder="用户名" clearable />
          </el-form-item>
          <el-form-item label="手机号">
            <el-input v-model="query.mobile" placeholder="手机号" clearable />
          </el-form-item>
          <el-form-item label="状态">
            <el-select v-model="query.status" placeholder="全部" clearable style="width: 120px">
              <el-option label="启用" value="1" />
              <el-option label="停用" value="0" />
            </el-select>
          </el-form-item>
          <el-form-item>
            <el-button type="primary" native-type="submit">查询</el-button>
            <el-button @click="onReset">重置</el-button>
          </el-form-item>
        </el-form>""", """        <UserSearchBar v-model="query" @search="onSearch" @reset="onReset" />""")
        t.edit(user_view, """import { formatTime } from '@/utils/format'
""", """import { formatTime } from '@/utils/format'
import UserSearchBar from './components/UserSearchBar.vue'
""")
        probs = []
        for field in ("username", "mobile", "status"):
            l = line_of(d, search_bar, f'v-model="modelValue.{field}"')
            probs.append((l, col_of(d, search_bar, f'v-model="modelValue.{field}"', "modelValue."), "vue/no-mutating-props",
                          'Unexpected mutation of "modelValue" prop.'))
        t.fail("pnpm lint", "ESLint 检查", lint_fail({f"{A}/src/views/system/user/components/UserSearchBar.vue": probs}))
        t.say("`v-model=\"modelValue.xxx\"` 直接改了父组件传进来的对象，`vue/no-mutating-props` 不让过。"
              "改成组件内部维护一份表单副本，点查询时 `emit('update:modelValue', 新对象)` 整体回写，父组件的 `v-model` 不用动。")
        t.write(search_bar, """<script setup lang="ts">
import { reactive, watch } from 'vue'
import type { UserQuery } from '@/api/system/user'

interface Props {
  modelValue: UserQuery
}

const props = defineProps<Props>()
const emit = defineEmits<{ 'update:modelValue': [value: UserQuery]; search: []; reset: [] }>()

// 本地副本：输入时不碰父组件的对象，点查询时整体回写
const form = reactive<Pick<UserQuery, 'username' | 'mobile' | 'status'>>({})

watch(
  () => props.modelValue,
  (v) => Object.assign(form, { username: v.username, mobile: v.mobile, status: v.status }),
  { immediate: true },
)

function onSearch() {
  emit('update:modelValue', { ...props.modelValue, ...form, page: 1 })
  emit('search')
}
</script>

<template>
  <el-form :model="form" inline class="user-search-bar" @submit.prevent="onSearch">
    <el-form-item label="用户名">
      <el-input v-model="form.username" placeholder="用户名" clearable />
    </el-form-item>
    <el-form-item label="手机号">
      <el-input v-model="form.mobile" placeholder="手机号" clearable />
    </el-form-item>
    <el-form-item label="状态">
      <el-select v-model="form.status" placeholder="全部" clearable style="width: 120px">
        <el-option label="启用" value="1" />
        <el-option label="停用" value="0" />
      </el-select>
    </el-form-item>
    <el-form-item>
      <el-button type="primary" native-type="submit">查询</el-button>
      <el-button @click="emit('reset')">重置</el-button>
    </el-form-item>
  </el-form>
</template>
""")
        t.edit(user_view, """function onSearch() {
  query.value.page = 1
  load()
}""", """function onSearch() {
  query.value.page = 1 // 点部门节点时走这里；搜索栏回写时已经带了 page: 1
  load()
}""")
        t.bash("pnpm lint", "重新运行 ESLint", out=lint_ok())
        t.bash("pnpm vitest run apps/admin/src/views/system/user", "运行用户管理页测试",
               out=vt_pass([("admin", "src/views/system/user/__tests__/index.spec.ts", 3, 437)], lt(d, 5), "2.97s"))
        t.done("""搜索栏抽出来了，父组件里现在就一行 `<UserSearchBar v-model="query" @search="onSearch" @reset="onReset" />`。

第一版我在子组件里直接 `v-model="modelValue.username"`，`pnpm lint` 报了 3 个 `vue/no-mutating-props`（等于子组件在改父组件的对象）。改成：

- 组件内 `reactive` 一份 `form`（只含用户名 / 手机号 / 状态），`watch` `modelValue` 同步进来（重置时父组件换了新对象，输入框也会跟着清空）
- 点查询 `emit('update:modelValue', { ...modelValue, ...form, page: 1 })` 整体回写，再 `emit('search')`；部门、分页大小这些不在搜索栏里的字段原样保留
- 重置仍然交给父组件的 `onReset`

lint 通过，用户页的 3 个测试也还是绿的。""")

        t = d.task("问个选型的问题：我们现在 mock 用的是 vite-plugin-mock-dev-server，有人提议换 MSW，你觉得两者各有什么优缺点？值得换吗",
                   tags=["noise", "no_tools"])
        t.done("""两者的核心区别是 **mock 发生在哪一层**：

| | vite-plugin-mock-dev-server（现在） | MSW |
|---|---|---|
| 拦截位置 | Vite dev server 的中间件，浏览器发的是真请求 | 浏览器里的 Service Worker（测试里是 Node 的请求拦截） |
| Network 面板 | 能看到真实请求、响应头 | 也能看到，但标着来自 Service Worker |
| 单测复用 | 不行，vitest 里还得自己 `vi.mock` 接口模块 | **同一套 handler 可以在 vitest / Playwright / 浏览器里复用**，这是最大优势 |
| 生产构建 | 和构建无关，零风险 | 要保证生产不注册 worker（一般按环境变量动态 import） |
| 写法 | `defineMock({ url, body })`，够用 | `http.get(url, resolver)`，能精确模拟网络错误、延迟、流式响应 |
| 接入成本 | 已经在用 | 要生成 `mockServiceWorker.js`、改入口、把现有 mock 文件迁过去 |

我的建议：**现阶段不值得为了换而换**。我们的单测基本都是直接 `vi.mock('@/api/...')`，e2e 跑在 dev server + mock 上，现在这套都能覆盖。如果后面遇到这些情况再考虑 MSW：

- 想让单测走完整的 axios 拦截器链路（比如测 401 跳登录、统一错误提示），而不是 mock 掉 api 函数
- mock 数据要在单测、e2e、Storybook 之间共用

真要换也可以渐进：新模块先写 MSW handler，老的 mock 文件保留，两者可以并存一段时间。""")

    # ============================================================== S3
    nginx = P("deploy/nginx.conf")
    with d.session("2026-06-12T06:35:00", R, branch="feat/user-manage", version="2.1.76", end_reason="other"):
        t = d.task("用户列表加个「导出」：按当前搜索条件导出成 Excel，前端自己生成，用 exceljs。表头加粗，列宽按内容自适应一下。",
                   tags=["mistake:M3"])
        t.fail("pnpm add exceljs", "安装 exceljs", ROOT_ERR, code=1)
        t.say("在仓库根目录直接 `pnpm add`，pnpm 会认为是要装到 workspace 根的 package.json 上，所以拦下来了。"
              "exceljs 只有 admin 用，应该装到 `@hx/admin` 里。")
        t.bash("pnpm add exceljs --filter @hx/admin", "把 exceljs 装到 @hx/admin",
               out=pnpm_add_ok("apps/admin", 63, [("exceljs", "4.4.0")], secs="8.9"))
        t.write(P(f"{A}/src/utils/export-excel.ts"), """import ExcelJS from 'exceljs'

export interface ExcelColumn<T> {
  header: string
  key: keyof T & string
  formatter?: (row: T) => string | number
}

/** 中文按两个字符宽度算，英文数字算一个 */
function textWidth(v: unknown) {
  return [...String(v ?? '')].reduce((n, ch) => n + (ch.charCodeAt(0) > 255 ? 2 : 1), 0)
}

export async function exportExcel<T extends object>(filename: string, columns: ExcelColumn<T>[], rows: T[]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key }))
  for (const row of rows) {
    ws.addRow(Object.fromEntries(columns.map((c) => [c.key, c.formatter ? c.formatter(row) : row[c.key]])))
  }
  ws.getRow(1).font = { bold: true }
  ws.columns.forEach((col, i) => {
    const values = [columns[i].header, ...(col.values ?? [])]
    col.width = Math.min(60, Math.max(8, ...values.map(textWidth)) + 2)
  })

  const buf = await wb.xlsx.writeBuffer()
  const url = URL.createObjectURL(
    new Blob([buf], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  )
  const a = document.createElement('a')
  a.href = url
  a.download = `${filename}.xlsx`
  a.click()
  URL.revokeObjectURL(url)
}
""")
        t.read(user_view)
        t.edit(user_view, """function onDeptClick(node: DeptNode) {""", """const exporting = ref(false)

async function onExport() {
  exporting.value = true
  try {
    // exceljs 体积不小，点导出时再加载
    const [{ exportExcel }, res] = await Promise.all([
      import('@/utils/export-excel'),
      fetchUserPage({ ...query.value, page: 1, size: 5000 }),
    ])
    await exportExcel(`用户列表_${formatTime(new Date().toISOString(), 'YYYYMMDDHHmm')}`, [
      { header: '用户名', key: 'username' },
      { header: '姓名', key: 'realName' },
      { header: '手机号', key: 'mobile' },
      { header: '部门', key: 'deptName' },
      { header: '状态', key: 'status', formatter: (r) => statusMap[r.status].text },
      { header: '创建时间', key: 'createdAt', formatter: (r) => formatTime(r.createdAt) },
    ], res.records)
  } finally {
    exporting.value = false
  }
}

function onDeptClick(node: DeptNode) {""")
        t.edit(user_view, """        <UserSearchBar v-model="query" @search="onSearch" @reset="onReset" />""",
               """        <UserSearchBar v-model="query" @search="onSearch" @reset="onReset" />
        <div class="toolbar">
          <el-button :loading="exporting" @click="onExport">导出</el-button>
        </div>""")
        t.grep("export function formatTime", path=P(f"{A}/src/utils"), output_mode="content", n=True,
               content=f"{R}/{A}/src/utils/format.ts:12:export function formatTime(value?: string | number | Date, pattern = 'YYYY-MM-DD HH:mm:ss') {{")
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.bash("pnpm vitest run apps/admin/src/views/system/user", "运行用户管理页测试",
               out=vt_pass([("admin", "src/views/system/user/__tests__/index.spec.ts", 3, 455)], lt(d, 5), "3.11s"))
        t.done("""导出加好了：

- 依赖：`exceljs` 装在 `@hx/admin` 的 dependencies 里（一开始在根目录直接 `pnpm add`，被 pnpm 以「会装到 workspace 根」拦下了，改成 `--filter @hx/admin`）
- `src/utils/export-excel.ts`：通用的 `exportExcel(filename, columns, rows)`，表头加粗，列宽按每列最长内容算（中文按 2 个字符宽，8～60 之间），生成后直接触发下载
- 用户页搜索栏下面加了「导出」按钮：按当前搜索条件（含左侧部门）取最多 5000 条，文件名 `用户列表_YYYYMMDDHHmm.xlsx`，状态导出为「启用 / 停用」文字
- exceljs 压缩前将近 1MB，用的是点击时 `import()` 动态加载，不会进首屏包

typecheck 和用户页测试都通过。超过 5000 条的话建议让后端出导出接口，前端生成会很卡。""")

        t = d.task("el-table-v2 现在还是 beta 吗？用户量快上万了，想知道用户列表能不能直接换成虚拟表格", tags=["noise", "webfetch"])
        t.webfetch("https://element-plus.org/en-US/component/table-v2",
                   "Is Table V2 still beta? What are its limitations compared to el-table (selection, fixed columns, slots, tree data, sorting)?",
                   """Virtualized Table (el-table-v2) is still marked **beta** on the page: "This component is still under testing, use at your own risk. If you find any bugs or issues, please report them at GitHub for us to fix. Also there were some APIs which are not mentioned in this documentation, some of them were not fully developed yet, which is why they are not mentioned here."

Key points from the documentation:
- Rendering is virtualized both for rows and columns; columns are defined with a `columns` array (key, dataKey, title, width are required; width must be a number), not with `<el-table-column>` children.
- Custom cells via `cellRenderer` / `headerCellRenderer` (render functions / JSX), or the `cell` / `header-cell` slots.
- Fixed columns (`fixed: true` / `'left'` / `'right'`), sorting via `sortBy` + `onSort` (controlled by you), row expansion / tree data via `expandColumnKey`, dynamic row heights via `estimated-row-height`.
- Selection has no built-in column: the example shows implementing a checkbox column with a custom cellRenderer.
- Auto sizing via `el-auto-resizer`; `width` and `height` are otherwise required.
- Infinite scrolling via `@end-reached`.""")
        t.done("""还是 **beta**，官方文档上写着「仍在测试中，风险自负，有些 API 没写进文档是因为还没做完」。

结合我们的用户列表，我的看法是**不需要换**：

1. **分页场景用不上虚拟滚动**。用户列表是后端分页，每页 20～100 条，el-table 渲染毫无压力；「用户量上万」影响的是后端查询和总数，不是前端渲染。虚拟表格适合的是「一次性拿到几千上万行还要在一页里展示」的场景。
2. **迁移成本不低**：列要改成 `columns` 数组（宽度必须是数字），自定义单元格要写 `cellRenderer`（render 函数 / JSX）或插槽；多选没有内置列，要自己拼 checkbox；排序要自己受控。`HxTable` 里基于 `el-table-column` 的那套插槽都要重写。
3. **beta 的风险**：没写进文档的 API 可能改，升级 Element Plus 时容易踩坑。

什么时候值得用：比如以后做「批量导入预览」这种前端一次性展示几千行的页面，单独在那个页面用 `el-table-v2` + `el-auto-resizer` 就行，不用动 `HxTable`。""")

        t = d.task("nginx 这边要调一下：开 gzip；带 hash 的静态资源长缓存，index.html 不缓存。改完本地打个镜像跑起来验证一下。", tags=["workflow:W2"])
        t.read(nginx)
        t.write(nginx, """server {
    listen 80;
    server_name _;
    root /usr/share/nginx/html;
    index index.html;

    gzip on;
    gzip_vary on;
    gzip_min_length 1k;
    gzip_comp_level 5;
    gzip_types text/plain text/css application/javascript application/json image/svg+xml;

    location /api/ {
        proxy_pass http://hx-gateway:8080/;
        proxy_set_header Host $host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }

    # vite 产物文件名带 hash，可以放心长缓存
    location /assets/ {
        expires 1y;
        add_header Cache-Control "public, immutable";
        try_files $uri =404;
    }

    location = /index.html {
        add_header Cache-Control "no-cache";
    }

    location / {
        try_files $uri $uri/ /index.html;
    }
}
""")
        js1, css1 = f"index-{b62(8)}.js", f"index-{b62(8)}.css"
        t.bash("docker build -f deploy/Dockerfile -t hx-admin:local .", "构建本地镜像",
               out=docker_build_out("hx-admin:local", "0.7.3", "1.8.0", js1, css1, cached_install=False,
                                    secs=(42.6, 1.8), nginx_cached=False), timeout=600000)
        cid = hx(64)
        t.bash("docker run -d --name hx-admin-local -p 8080:80 --add-host hx-gateway:host-gateway hx-admin:local",
               "后台启动容器（hx-gateway 指向宿主机，避免 nginx 解析不到上游起不来）", out=cid)
        h0, h_st = ut(d, "%H:%M:%S", -150), ut(d, "%H:%M:%S", -8)
        h1, h2 = ut(d, "%H:%M:%S", 3), ut(d, "%H:%M:%S", 11)
        t.bash("curl -sI http://localhost:8080/system/user", "检查 history 路由回退和 index.html 的缓存头",
               out=f"""HTTP/1.1 200 OK
Server: nginx/1.27.5
Date: Fri, 12 Jun 2026 {h1} GMT
Content-Type: text/html
Content-Length: 683
Last-Modified: Fri, 12 Jun 2026 {h0} GMT
Connection: keep-alive
ETag: "686a7cb9-2ab"
Cache-Control: no-cache
Accept-Ranges: bytes""")
        t.bash(f"curl -s http://localhost:8080/ | grep -o 'assets/index-[^\"]*\\.js' && curl -sI -H 'Accept-Encoding: gzip' http://localhost:8080/assets/{js1}",
               "检查静态资源的 gzip 和长缓存", out=f"""assets/{js1}
HTTP/1.1 200 OK
Server: nginx/1.27.5
Date: Fri, 12 Jun 2026 {h2} GMT
Content-Type: application/javascript
Last-Modified: Fri, 12 Jun 2026 {h0} GMT
Connection: keep-alive
Vary: Accept-Encoding
ETag: W/"686a7cb9-116f41"
Expires: Sat, 12 Jun 2027 {h2} GMT
Cache-Control: max-age=31536000
Cache-Control: public, immutable
Content-Encoding: gzip""")
        t.bash("docker logs hx-admin-local", "查看容器日志", out=NGINX_START + "\n" + nginx_notice("2026/06/12", h_st) + f"""
172.17.0.1 - - [12/Jun/2026:{h1} +0000] "HEAD /system/user HTTP/1.1" 200 0 "-" "curl/8.5.0" "-"
172.17.0.1 - - [12/Jun/2026:{h2} +0000] "GET / HTTP/1.1" 200 683 "-" "curl/8.5.0" "-"
172.17.0.1 - - [12/Jun/2026:{h2} +0000] "HEAD /assets/{js1} HTTP/1.1" 200 0 "-" "curl/8.5.0" "-\"""")
        t.bash("docker rm -f hx-admin-local", "清理本地容器", out="hx-admin-local")
        t.done(f"""nginx 改好了，本地镜像验证通过：

- `gzip on`，压缩 js / css / json / svg，1k 以下不压，`gzip_vary on`
- `/assets/`：`expires 1y` + `Cache-Control: public, immutable`（vite 产物带 hash，改了内容文件名就变）
- `index.html`：`Cache-Control: no-cache`，每次都会协商，发版后用户刷新就能拿到新的入口
- history 路由回退保持不变

验证结果：
- `curl -sI /system/user` → 200，回退到 index.html，带 `Cache-Control: no-cache`
- `/assets/{js1}` → `Content-Encoding: gzip`、`Expires` 一年后、`immutable`
- 容器日志无报错，测完已 `docker rm -f`

注意一点：`expires` 会自己加一个 `Cache-Control: max-age=31536000`，再加上 `add_header` 的那个，响应里会有两行 `Cache-Control`，浏览器会合并处理，不影响；介意的话可以去掉 `expires`，只保留一行 `add_header Cache-Control "public, max-age=31536000, immutable"`。""")

    # ============================================================== S4
    role_dir = f"{A}/src/views/system/role"
    role_view = P(f"{role_dir}/index.vue")
    role_drawer = P(f"{role_dir}/components/RoleDrawer.vue")
    with d.session("2026-06-15T01:48:00", R, branch="develop", version="2.1.77"):
        t = d.task("我已经切到 develop 了，拉一下最新代码，看看这一周大家都合了些什么", tags=["flaky:F1", "long_output"])
        t.fail("git pull", "拉取 develop 最新代码",
               "fatal: unable to access 'https://gitlab.hexin-tech.com/fe/hx-admin.git/': GnuTLS recv error (-110): "
               "The TLS connection was non-properly terminated.", code=128)
        t.say("TLS 连接被中途断开，是网络抖动（公司 GitLab 走 VPN 时偶尔会这样），原样再拉一次。")
        old, new = hx(7), hx(7)
        t.bash("git pull", "拉取 develop 最新代码", out=f"""From https://gitlab.hexin-tech.com/fe/hx-admin
   {old}..{new}  develop    -> origin/develop
 * [new branch]      feat/refund-audit -> origin/feat/refund-audit
Updating {old}..{new}
Fast-forward
 .gitlab-ci.yml                                         |   6 +-
 CHANGELOG.md                                           |   4 +
 apps/admin/src/api/order.ts                            |  21 +++-
 apps/admin/src/router/modules/order.ts                 |   8 ++
 apps/admin/src/views/order/detail/index.vue            | 164 ++++++++++++++++++
 apps/admin/src/views/order/list/index.vue              |  11 +-
 apps/admin/src/views/system/user/index.vue             |  64 ++++---
 apps/admin/src/views/system/user/components/UserSearchBar.vue |  41 +++++
 apps/admin/src/utils/export-excel.ts                   |  39 +++++
 apps/admin/package.json                                |   1 +
 packages/ui/package.json                               |   2 +-
 packages/ui/src/components/HxDrawerForm/HxDrawerForm.spec.ts |  71 ++++++++
 packages/ui/src/components/HxDrawerForm/HxDrawerForm.vue      | 109 ++++++++++++
 packages/ui/src/components/HxStatusTag/HxStatusTag.spec.ts    |  38 +++++
 packages/ui/src/components/HxStatusTag/HxStatusTag.vue        |  23 +++
 packages/ui/src/components/HxStatusTag/types.ts               |  11 ++
 packages/ui/src/index.ts                               |   9 +-
 pnpm-lock.yaml                                         | 212 +++++++++++++++++++++++
 18 files changed, 802 insertions(+), 32 deletions(-)
 create mode 100644 apps/admin/src/utils/export-excel.ts
 create mode 100644 apps/admin/src/views/order/detail/index.vue
 create mode 100644 apps/admin/src/views/system/user/components/UserSearchBar.vue
 create mode 100644 packages/ui/src/components/HxDrawerForm/HxDrawerForm.spec.ts
 create mode 100644 packages/ui/src/components/HxDrawerForm/HxDrawerForm.vue
 create mode 100644 packages/ui/src/components/HxStatusTag/HxStatusTag.spec.ts
 create mode 100644 packages/ui/src/components/HxStatusTag/HxStatusTag.vue
 create mode 100644 packages/ui/src/components/HxStatusTag/types.ts""")
        # teammates' work arriving with the pull
        d.files[ui_index] = d.files[ui_index].replace(
            "import HxStatusTag from './components/HxStatusTag/HxStatusTag.vue'\n",
            "import HxStatusTag from './components/HxStatusTag/HxStatusTag.vue'\n"
            "import HxDrawerForm from './components/HxDrawerForm/HxDrawerForm.vue'\n").replace(
            "HxPageHeader, HxStatusTag }", "HxPageHeader, HxStatusTag, HxDrawerForm }").replace(
            "    app.component('HxStatusTag', HxStatusTag)\n",
            "    app.component('HxStatusTag', HxStatusTag)\n    app.component('HxDrawerForm', HxDrawerForm)\n")
        d.files[P(f"{UI}/package.json")] = d.files[P(f"{UI}/package.json")].replace('"version": "0.7.3"', '"version": "0.8.0"')
        d.files[P(f"{UI}/src/components/HxDrawerForm/HxDrawerForm.vue")] = """<script setup lang="ts">
import { ref } from 'vue'
import type { FormInstance, FormRules } from 'element-plus'

interface Props {
  title: string
  model: Record<string, unknown>
  rules?: FormRules
  loading?: boolean
  size?: string | number
  labelWidth?: string
}

const props = withDefaults(defineProps<Props>(), { size: 480, labelWidth: '96px', loading: false })
const visible = defineModel<boolean>({ required: true })
const emit = defineEmits<{ submit: []; closed: [] }>()

const formRef = ref<FormInstance>()

async function onConfirm() {
  const ok = await formRef.value?.validate().catch(() => false)
  if (ok) emit('submit')
}

function onClosed() {
  formRef.value?.resetFields()
  emit('closed')
}

defineExpose({ validate: () => formRef.value?.validate(), resetFields: () => formRef.value?.resetFields() })
</script>

<template>
  <el-drawer v-model="visible" :title="title" :size="size" destroy-on-close @closed="onClosed">
    <el-form ref="formRef" :model="model" :rules="rules" :label-width="labelWidth">
      <slot />
    </el-form>
    <template #footer>
      <el-button @click="visible = false">取消</el-button>
      <el-button type="primary" :loading="props.loading" @click="onConfirm">确定</el-button>
    </template>
  </el-drawer>
</template>
"""
        log = [
            (new, "周航", "2026-06-14", "Merge branch 'feat/ui-drawer-form' into 'develop'"),
            (hx(7), "周航", "2026-06-13", "feat(ui): 新增 HxDrawerForm 抽屉表单，版本 0.8.0"),
            (hx(7), "周航", "2026-06-13", "test(ui): HxDrawerForm 校验失败不触发 submit"),
            (hx(7), "林小雨", "2026-06-13", "Merge branch 'feat/order-detail' into 'develop'"),
            (hx(7), "林小雨", "2026-06-12", "feat(order): 订单详情页（基本信息、商品明细、操作记录）"),
            (hx(7), "林小雨", "2026-06-12", "feat(order): 订单列表订单号可点击进入详情"),
            (hx(7), "林小雨", "2026-06-11", "fix(order): 金额列右对齐，千分位"),
            (hx(7), "陈曦", "2026-06-12", "Merge branch 'feat/user-manage' into 'develop'"),
            (hx(7), "陈曦", "2026-06-12", "feat(user): 用户列表导出 Excel（exceljs，按需加载）"),
            (hx(7), "陈曦", "2026-06-10", "refactor(user): 搜索栏抽成 UserSearchBar"),
            (hx(7), "陈曦", "2026-06-10", "feat(system): 用户管理页（部门树筛选、dept store）"),
            (hx(7), "周航", "2026-06-10", "ci: check 阶段加 pnpm build:ui，缓存 key 改用 lockfile"),
            (hx(7), "陈曦", "2026-06-09", "Merge branch 'feat/order-status-tag' into 'develop'"),
            (hx(7), "陈曦", "2026-06-08", "feat(ui): 新增 HxStatusTag，订单列表状态改用该组件"),
            (hx(7), "王磊", "2026-06-08", "chore: 升级 element-plus 2.10.2、vite 6.3.5"),
            (hx(7), "王磊", "2026-06-08", "chore(deps): pnpm-lock 去重"),
        ]
        t.bash('git log --since="1 week ago" --date=short --pretty=format:"%h %<(6,trunc)%an %ad %s"',
               "查看最近一周的提交", out="\n".join(f"{h} {a:<4} {dt} {s}" for h, a, dt, s in log))
        t.done("""拉下来了（第一次 `git pull` 报 `GnuTLS recv error (-110)`，TLS 连接被断开，属于网络抖动，原样重试就好了）。这一周 develop 上合了这些：

**周航**
- `@hx/ui` 新增 **HxDrawerForm** 抽屉表单（ui 升到 0.8.0），带单测：`v-model` 控制显隐，传 `model` / `rules`，校验通过才 `emit('submit')`，关闭时自动 `resetFields`
- CI：check 阶段先 `pnpm build:ui`，pnpm 缓存 key 改成按 lockfile

**林小雨**
- 订单详情页（基本信息、商品明细、操作记录），订单列表的订单号可以点进去
- 金额列右对齐 + 千分位

**王磊**
- Element Plus 升到 2.10.2、Vite 6.3.5，lockfile 去重

**你自己**
- HxStatusTag（!38）、用户管理页 + 搜索栏组件 + Excel 导出，都已经合进来了

另外远端多了一个 `feat/refund-audit` 分支，应该是有人在做退款审核。""")

        t = d.task("新开个分支做「角色管理」：列表 + 新增 / 编辑，编辑用老周刚合进 @hx/ui 的 HxDrawerForm 抽屉表单，接口前缀 /api/system/roles。"
                   "老规矩 mock、路由一起加。组件 props 照旧 defineProps<Props>() 类型参数的写法，别写运行时声明。",
                   tags=["workflow:W1", "mistake:M1", "pref:P1"])
        t.bash("git switch -c feat/role-perm", "新建分支", out="Switched to a new branch 'feat/role-perm'")
        t.read(P(f"{UI}/src/components/HxDrawerForm/HxDrawerForm.vue"))
        t.write(P(f"{A}/src/api/system/role.ts"), """import { del, get, post, put } from '@/utils/request'
import type { PageResult } from '@/api/types'

export interface RoleItem {
  id: number
  name: string
  code: string
  sort: number
  remark?: string
  createdAt: string
}

export type RoleForm = Pick<RoleItem, 'name' | 'code' | 'sort' | 'remark'>

export interface RoleQuery {
  page: number
  size: number
  name?: string
}

export const fetchRolePage = (q: RoleQuery) => get<PageResult<RoleItem>>('/system/roles', q)
export const createRole = (data: RoleForm) => post<number>('/system/roles', data)
export const updateRole = (id: number, data: RoleForm) => put<void>(`/system/roles/${id}`, data)
export const deleteRole = (id: number) => del<void>(`/system/roles/${id}`)
""")
        t.write(P(f"{A}/mock/system-role.mock.ts"), """import { defineMock } from 'vite-plugin-mock-dev-server'

const ROLES = [
  { id: 1, name: '超级管理员', code: 'admin', sort: 0, remark: '拥有全部权限', createdAt: '2025-01-01T00:00:00.000Z' },
  { id: 2, name: '运营', code: 'operator', sort: 10, remark: '订单、退款', createdAt: '2025-02-11T02:30:00.000Z' },
  { id: 3, name: '财务', code: 'finance', sort: 20, remark: '对账、导出', createdAt: '2025-03-05T06:12:00.000Z' },
  { id: 4, name: '客服', code: 'cs', sort: 30, remark: '', createdAt: '2025-04-18T09:45:00.000Z' },
]
let nextId = 5

export default defineMock([
  {
    url: '/api/system/roles',
    method: 'GET',
    body: ({ query }) => {
      const list = ROLES.filter((r) => !query.name || r.name.includes(query.name))
      return { code: 0, msg: 'ok', data: { records: list, total: list.length } }
    },
  },
  {
    url: '/api/system/roles',
    method: 'POST',
    body: ({ body }) => {
      if (ROLES.some((r) => r.code === body.code)) return { code: 40001, msg: '角色编码已存在', data: null }
      ROLES.push({ ...body, id: nextId, createdAt: new Date().toISOString() })
      return { code: 0, msg: 'ok', data: nextId++ }
    },
  },
  {
    url: '/api/system/roles/:id',
    method: ['PUT', 'DELETE'],
    body: ({ params, body, method }) => {
      const i = ROLES.findIndex((r) => r.id === Number(params.id))
      if (method === 'DELETE') ROLES.splice(i, 1)
      else Object.assign(ROLES[i], body)
      return { code: 0, msg: 'ok', data: null }
    },
  },
])
""")
        t.write(role_drawer, """<script setup lang="ts">
import { computed, reactive, ref, watch } from 'vue'
import { ElMessage, type FormRules } from 'element-plus'
import { HxDrawerForm } from '@hx/ui'
import { createRole, updateRole, type RoleForm, type RoleItem } from '@/api/system/role'

interface Props {
  role?: RoleItem | null
}

const props = defineProps<Props>()
const visible = defineModel<boolean>({ required: true })
const emit = defineEmits<{ saved: [] }>()

const EMPTY: RoleForm = { name: '', code: '', sort: 0, remark: '' }
const isEdit = computed(() => !!props.role)
const form = reactive<RoleForm>({ ...EMPTY })
const rules: FormRules<RoleForm> = {
  name: [{ required: true, message: '请输入角色名称', trigger: 'blur' }],
  code: [
    { required: true, message: '请输入角色编码', trigger: 'blur' },
    { pattern: /^[a-z][a-z0-9_]*$/, message: '小写字母开头，只能包含小写字母、数字和下划线', trigger: 'blur' },
  ],
}
const saving = ref(false)

watch(visible, (v) => {
  if (v) {
    const { name, code, sort, remark } = props.role ?? EMPTY
    Object.assign(form, { name, code, sort, remark })
  }
})

async function onSubmit() {
  saving.value = true
  try {
    if (isEdit.value) await updateRole(props.role!.id, form)
    else await createRole(form)
    ElMessage.success('保存成功')
    visible.value = false
    emit('saved')
  } catch (e) {
    ElMessage.error((e as Error).message || '保存失败')
  } finally {
    saving.value = false
  }
}
</script>

<template>
  <HxDrawerForm
    v-model="visible"
    :title="isEdit ? '编辑角色' : '新增角色'"
    :model="form"
    :rules="rules"
    :loading="saving"
    @submit="onSubmit"
  >
    <el-form-item label="角色名称" prop="name">
      <el-input v-model="form.name" maxlength="20" />
    </el-form-item>
    <el-form-item label="角色编码" prop="code">
      <el-input v-model="form.code" :disabled="isEdit" />
    </el-form-item>
    <el-form-item label="排序" prop="sort">
      <el-input-number v-model="form.sort" :min="0" />
    </el-form-item>
    <el-form-item label="备注" prop="remark">
      <el-input v-model="form.remark" type="textarea" :rows="3" />
    </el-form-item>
  </HxDrawerForm>
</template>
""")
        t.write(role_view, """<script setup lang="ts">
import { onMounted, ref } from 'vue'
import { ElMessage, ElMessageBox } from 'element-plus'
import { HxPageHeader, HxTable, type HxTableColumn } from '@hx/ui'
import { deleteRole, fetchRolePage, type RoleItem, type RoleQuery } from '@/api/system/role'
import { formatTime } from '@/utils/format'
import RoleDrawer from './components/RoleDrawer.vue'

const columns: HxTableColumn<RoleItem>[] = [
  { prop: 'name', label: '角色名称', width: 160 },
  { prop: 'code', label: '角色编码', width: 160 },
  { prop: 'sort', label: '排序', width: 80, align: 'center' },
  { prop: 'remark', label: '备注' },
  { prop: 'createdAt', label: '创建时间', width: 170, formatter: (row) => formatTime(row.createdAt) },
  { prop: 'actions', label: '操作', width: 140, slot: 'actions', fixed: 'right' },
]

const query = ref<RoleQuery>({ page: 1, size: 20 })
const loading = ref(false)
const rows = ref<RoleItem[]>([])
const total = ref(0)
const drawerVisible = ref(false)
const editing = ref<RoleItem | null>(null)

async function load() {
  loading.value = true
  try {
    const res = await fetchRolePage(query.value)
    rows.value = res.records
    total.value = res.total
  } finally {
    loading.value = false
  }
}

function openDrawer(row: RoleItem | null = null) {
  editing.value = row
  drawerVisible.value = true
}

async function onDelete(row: RoleItem) {
  await ElMessageBox.confirm(`确定删除角色「${row.name}」吗？`, '提示', { type: 'warning' })
  try {
    await deleteRole(row.id)
    ElMessage.success('已删除')
    load()
  } catch {
    ElMessage.error('删除失败')
  }
}

onMounted(load)
</script>

<template>
  <div class="page role-page">
    <HxPageHeader title="角色管理">
      <template #extra>
        <el-button v-permission="'system:role:add'" type="primary" @click="openDrawer()">新增角色</el-button>
      </template>
    </HxPageHeader>
    <HxTable
      v-model:page="query.page"
      v-model:size="query.size"
      :columns="columns"
      :data="rows"
      :total="total"
      :loading="loading"
      @change="load"
    >
      <template #actions="{ row }">
        <el-button v-permission="'system:role:edit'" link type="primary" @click="openDrawer(row)">编辑</el-button>
        <el-button v-permission="'system:role:delete'" link type="danger" @click="onDelete(row)">删除</el-button>
      </template>
    </HxTable>
    <RoleDrawer v-model="drawerVisible" :role="editing" @saved="load" />
  </div>
</template>
""")
        t.read(router_sys)
        t.edit(router_sys, """      meta: { title: '用户管理', perm: 'system:user:list' },
    },
""", """      meta: { title: '用户管理', perm: 'system:user:list' },
    },
    {
      path: 'role',
      name: 'SystemRole',
      component: () => import('@/views/system/role/index.vue'),
      meta: { title: '角色管理', perm: 'system:role:list' },
    },
""")
        t.write(P(f"{role_dir}/__tests__/RoleDrawer.spec.ts"), """import { describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import RoleDrawer from '../components/RoleDrawer.vue'
import { createRole, updateRole } from '@/api/system/role'

vi.mock('@/api/system/role', () => ({
  createRole: vi.fn().mockResolvedValue(5),
  updateRole: vi.fn().mockResolvedValue(undefined),
}))

function mountDrawer(role: Parameters<typeof updateRole>[1] & { id: number; createdAt: string } | null = null) {
  return mount(RoleDrawer, {
    props: { modelValue: false, role },
    global: { plugins: [ElementPlus] },
    attachTo: document.body,
  })
}

describe('RoleDrawer', () => {
  it('新增：填写后提交调用 createRole 并抛出 saved', async () => {
    const w = mountDrawer()
    await w.setProps({ modelValue: true })
    const inputs = document.querySelectorAll<HTMLInputElement>('.el-drawer input')
    inputs[0].value = '审计员'
    inputs[0].dispatchEvent(new Event('input'))
    inputs[1].value = 'auditor'
    inputs[1].dispatchEvent(new Event('input'))
    ;[...document.querySelectorAll<HTMLButtonElement>('.el-drawer button')].find((b) => b.textContent?.includes('确定'))!.click()
    await flushPromises()
    expect(createRole).toHaveBeenCalledWith({ name: '审计员', code: 'auditor', sort: 0, remark: '' })
    expect(w.emitted('saved')).toHaveLength(1)
  })

  it('编辑：回填数据且编码不可改', async () => {
    const w = mountDrawer({ id: 2, name: '运营', code: 'operator', sort: 10, remark: '', createdAt: '' })
    await w.setProps({ modelValue: true })
    const inputs = document.querySelectorAll<HTMLInputElement>('.el-drawer input')
    expect(inputs[0].value).toBe('运营')
    expect(inputs[1].disabled).toBe(true)
  })

  it('编码格式不对时不提交', async () => {
    const w = mountDrawer()
    await w.setProps({ modelValue: true })
    const inputs = document.querySelectorAll<HTMLInputElement>('.el-drawer input')
    inputs[0].value = '测试'
    inputs[0].dispatchEvent(new Event('input'))
    inputs[1].value = 'Bad-Code'
    inputs[1].dispatchEvent(new Event('input'))
    ;[...document.querySelectorAll<HTMLButtonElement>('.el-drawer button')].find((b) => b.textContent?.includes('确定'))!.click()
    await flushPromises()
    expect(createRole).not.toHaveBeenCalledWith(expect.objectContaining({ code: 'Bad-Code' }))
  })
})
""")
        ln = line_of(d, role_drawer, "import { HxDrawerForm } from '@hx/ui'")
        t.fail("pnpm typecheck", "类型检查", tc_fail([
            ("src/views/system/role/components/RoleDrawer.vue", ln, 10, 2724,
             "'\"@hx/ui\"' has no exported member named 'HxDrawerForm'. Did you mean 'HxDialogForm'?"),
        ]), code=1)
        t.say("`HxDrawerForm` 在 ui 源码里是有的（刚 pull 下来），admin 解析 `@hx/ui` 走的是 `packages/ui/dist` 的声明文件。对比一下时间。")
        t.bash("ls -l --time-style=long-iso packages/ui/dist/index.d.ts packages/ui/src/index.ts packages/ui/package.json",
               "对比 ui 源码和 dist 的修改时间", out="""-rw-r--r-- 1 chenxi chenxi  934 2026-06-08 09:41 packages/ui/dist/index.d.ts
-rw-r--r-- 1 chenxi chenxi 1024 2026-06-15 09:52 packages/ui/package.json
-rw-r--r-- 1 chenxi chenxi 1187 2026-06-15 09:52 packages/ui/src/index.ts""")
        t.say("dist 还是 6 月 8 日构建的，pull 下来的 HxDrawerForm 没进 dist。重新构建 ui。")
        t.bash("pnpm -C packages/ui build", "构建 @hx/ui", out=f"""
> @hx/ui@0.8.0 build {R}/packages/ui
> vite build && vue-tsc -p tsconfig.build.json --declaration --emitDeclarationOnly

vite v6.3.5 building for production...
transforming...
\u2713 31 modules transformed.
rendering chunks...
computing gzip size...
dist/style.css   3.71 kB \u2502 gzip: 1.19 kB
dist/index.mjs  23.08 kB \u2502 gzip: 6.34 kB
\u2713 built in 1.52s""")
        t.bash("pnpm typecheck", "重新类型检查", out=tc_ok())
        t.bash("pnpm vitest run apps/admin/src/views/system/role", "运行角色抽屉测试",
               out=vt_pass([("admin", "src/views/system/role/__tests__/RoleDrawer.spec.ts", 3, 688)], lt(d, 5), "3.47s"))
        suite_add("admin", "src/views/system/role/__tests__/RoleDrawer.spec.ts", 3)
        suite_add("ui", "src/components/HxDrawerForm/HxDrawerForm.spec.ts", 4)
        t.bash("pnpm lint", "ESLint 检查", out=lint_ok())
        t.done("""角色管理做好了，分支 `feat/role-perm`：

- **接口** `src/api/system/role.ts`：分页查询、新增、编辑、删除
- **mock** `mock/system-role.mock.ts`：4 个预置角色，新增时编码重复返回 `40001 角色编码已存在`，增删改在内存里生效
- **页面** `src/views/system/role/index.vue`：`HxTable` 列表，新增 / 编辑 / 删除按钮都加了 `v-permission`（`system:role:add|edit|delete`），删除前 `ElMessageBox.confirm`
- **抽屉** `components/RoleDrawer.vue`：基于 `HxDrawerForm`，`defineProps<Props>()`（只有可选的 `role`），显隐用 `defineModel<boolean>`；编码要求小写字母开头，编辑时编码不可改
- **路由** `system/role`，权限码 `system:role:list`
- **测试** `RoleDrawer.spec.ts` 3 个用例（新增提交、编辑回填、编码校验不通过不提交）

第一次 `pnpm typecheck` 报 `has no exported member named 'HxDrawerForm'. Did you mean 'HxDialogForm'?`：周航的组件 pull 下来后只在 ui 源码里，`packages/ui/dist` 还是 6 月 8 日的构建。`pnpm -C packages/ui build` 之后 typecheck、单测、lint 都通过。""")

        t = d.task("问个问题：我们动态路由 addRoute 之后，登录状态下直接刷新 /system/role，会先闪一下 404 页面再跳回来，这是为什么？", tags=["noise", "no_tools"])
        t.done("""典型原因是 **404 的兜底路由在静态路由里就注册了**，刷新时路由匹配发生在动态路由加进来之前：

1. 刷新 `/system/role`，`createRouter` 时只有 `constantRoutes`。如果里面有 `{ path: '/:pathMatch(.*)*', component: NotFound }`，这一刻 `/system/role` 就匹配到了 404。
2. `beforeEach` 里 `permission.loaded` 为 false，去拉 profile、`addRoute`，然后 `return { ...to, replace: true }` 重新导航。
3. 但如果 404 组件已经被渲染出来（例如守卫里有 `await`，而 `<router-view>` 在 layout 之外先渲染了，或者首屏有别的导航先完成了），就会看到一闪。

处理办法：

- **把 catch-all 从静态路由里拿掉**，在 `generateRoutes` 之后再 `router.addRoute({ path: '/:pathMatch(.*)*', redirect: '/404' })`，保证它永远是最后加进去的；
- 重新导航一定要用 `return { ...to, replace: true }`（我们现在是这么写的）或者 `return to.fullPath`，不要 `return true`，否则这次导航还是按旧的路由表匹配；
- 如果 `App.vue` 里最外层直接就是 `<router-view>`，可以在 `loaded` 之前显示一个全局 loading，避免渲染任何匹配结果。

我们现在的 `router/index.ts` 里第 2 点是对的，建议看一下 `router/constant.ts` 里是不是放了 `/:pathMatch(.*)*`，有的话按第 1 点挪到 `generateRoutes` 之后。""")

    # ============================================================== S5
    perm_util = P(f"{A}/src/utils/permission.ts")
    perm_spec = P(f"{A}/src/utils/__tests__/permission.spec.ts")
    dir_spec = P(f"{A}/src/directives/__tests__/permission.spec.ts")
    with d.session("2026-06-17T02:26:00", R, branch="feat/role-perm", version="2.1.78"):
        t = d.task("角色页我看了一下：RoleDrawer 保存失败、列表删除失败的时候，你在 catch 里又 ElMessage.error 了一次。"
                   "接口报错 request 拦截器里已经统一弹过提示了，页面里不要再自己弹，不然一个错误弹两条。这两个地方去掉。",
                   tags=["pref:P2", "noise"])
        l_del = line_of(d, role_view, "ElMessage.error('删除失败')")
        l_save = line_of(d, role_drawer, "ElMessage.error((e as Error)")
        t.grep("ElMessage.error", path=P(f"{A}/src/views"), output_mode="content", n=True,
               content=f"""{R}/{role_dir}/index.vue:{l_del}:    ElMessage.error('删除失败')
{R}/{role_dir}/components/RoleDrawer.vue:{l_save}:    ElMessage.error((e as Error).message || '保存失败')""")
        t.read(role_drawer, offset=l_save - 10, limit=16)
        t.edit(role_drawer, """    emit('saved')
  } catch (e) {
    ElMessage.error((e as Error).message || '保存失败')
  } finally {""", """    emit('saved')
  } finally {""")
        t.read(role_view, offset=l_del - 9, limit=14)
        t.edit(role_view, """async function onDelete(row: RoleItem) {
  await ElMessageBox.confirm(`确定删除角色「${row.name}」吗？`, '提示', { type: 'warning' })
  try {
    await deleteRole(row.id)
    ElMessage.success('已删除')
    load()
  } catch {
    ElMessage.error('删除失败')
  }
}""", """async function onDelete(row: RoleItem) {
  const ok = await ElMessageBox.confirm(`确定删除角色「${row.name}」吗？`, '提示', { type: 'warning' }).catch(() => false)
  if (!ok) return
  // 失败提示由 request 拦截器统一弹
  await deleteRole(row.id)
  ElMessage.success('已删除')
  load()
}""")
        t.bash("pnpm vitest run apps/admin/src/views/system/role && pnpm lint", "运行角色页测试并检查 lint",
               out=vt_pass([("admin", "src/views/system/role/__tests__/RoleDrawer.spec.ts", 3, 702)], lt(d, 5), "3.38s")
               + lint_ok())
        t.done("""两处都去掉了：

- `RoleDrawer.vue`：`onSubmit` 只留 `try / finally`（`finally` 里复位 `saving`），失败时不再 `ElMessage.error`，抽屉保持打开，提示由拦截器弹
- `role/index.vue`：`onDelete` 去掉了 try/catch；顺手把 `ElMessageBox.confirm` 点「取消」时的 reject 用 `.catch(() => false)` 接住了，之前取消会在控制台留一个 `Uncaught (in promise) cancel`

成功提示（`保存成功` / `已删除`）还留在页面里，这个拦截器不管。测试和 lint 都过了。以后页面里的接口调用我都不再自己弹错误提示。""")

        t = d.task("v-permission 指令一直没有单测，补一下：有权限保留元素，没权限移除，传数组时满足一个就行，超管 *:*:* 全放行。",
                   tags=["mistake:M2"])
        t.read(P(f"{A}/src/directives/permission.ts"))
        t.write(dir_spec, """import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { defineComponent, h, withDirectives } from 'vue'
import { vPermission } from '../permission'

function render(value: string | string[]) {
  const Host = defineComponent({
    name: 'PermissionHost',
    render: () => h('div', [withDirectives(h('button', { class: 'target' }, '删除'), [[vPermission, value]])]),
  })
  return mount(Host)
}

describe('v-permission', () => {
  it('有权限时保留元素', () => {
    expect(render('system:role:delete').find('.target').exists()).toBe(true)
  })

  it('没有权限时移除元素', () => {
    expect(render('system:role:add').find('.target').exists()).toBe(false)
  })

  it('数组满足其一即可', () => {
    expect(render(['system:role:add', 'system:role:delete']).find('.target').exists()).toBe(true)
  })
})
""")
        pd = P(f"{A}/src/directives/permission.ts")
        ln = line_of(d, pd, "const store = usePermissionStore()")
        col = col_of(d, pd, "const store = usePermissionStore()", "usePermissionStore") - 1
        src = d.files[pd].split("\n")
        t.fail("pnpm vitest run apps/admin/src/directives", "运行 v-permission 单测",
               vt_pinia_fail("admin", "src/directives/__tests__/permission.spec.ts", "PermissionHost",
                             [("v-permission > 有权限时保留元素", 14), ("v-permission > 没有权限时移除元素", 3),
                              ("v-permission > 数组满足其一即可", 2)],
                             [f"check src/directives/permission.ts:{ln}:{col + 1}"], (ln, src[ln - 3:ln], col),
                             lt(d, 5), "1.46s", warn_in="directive hook",
                             rt=[("callWithErrorHandling", "200:19"), ("callWithAsyncErrorHandling", "207:17"),
                                 ("invokeDirectiveHook", "2934:7")]))
        t.say("指令的 `mounted` 里调用了 `usePermissionStore()`，测试里没有激活的 Pinia。"
              "用 `@pinia/testing` 的 `createTestingPinia`，通过 `initialState` 直接给 permission store 塞权限码，`has` 这个 getter 会照常计算。")
        t.write(dir_spec, """import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { defineComponent, h, withDirectives } from 'vue'
import { vPermission } from '../permission'

function render(value: string | string[], codes = ['system:role:list', 'system:role:delete']) {
  const Host = defineComponent({
    name: 'PermissionHost',
    render: () => h('div', [withDirectives(h('button', { class: 'target' }, '删除'), [[vPermission, value]])]),
  })
  return mount(Host, {
    global: {
      plugins: [createTestingPinia({ createSpy: vi.fn, initialState: { permission: { codes, loaded: true } } })],
    },
  })
}

describe('v-permission', () => {
  it('有权限时保留元素', () => {
    expect(render('system:role:delete').find('.target').exists()).toBe(true)
  })

  it('没有权限时移除元素', () => {
    expect(render('system:role:add').find('.target').exists()).toBe(false)
  })

  it('数组满足其一即可', () => {
    expect(render(['system:role:add', 'system:role:delete']).find('.target').exists()).toBe(true)
  })

  it('超管 *:*:* 全部放行', () => {
    expect(render('system:role:add', ['*:*:*']).find('.target').exists()).toBe(true)
  })
})
""")
        t.bash("pnpm vitest run apps/admin/src/directives", "重新运行 v-permission 单测",
               out=vt_pass([("admin", "src/directives/__tests__/permission.spec.ts", 4, 38)], lt(d, 5), "1.39s"))
        suite_add("admin", "src/directives/__tests__/permission.spec.ts", 4)
        t.done("""`v-permission` 的单测补上了：`src/directives/__tests__/permission.spec.ts`，4 个用例（有权限保留、没权限移除、数组满足其一、超管放行），全部通过。

第一次跑 3 个用例都失败，报 Pinia 没有激活：指令的 `mounted` 里会调 `usePermissionStore()`，而测试里 mount 时没装 Pinia。现在 mount 时通过 `global.plugins` 装 `createTestingPinia`，用 `initialState: { permission: { codes } }` 预置权限码，每个用例可以传不同的 codes；`has` 是 getter，不受 action stub 影响，直接按 state 计算。""")

        d.precompact("""Analysis: 陈曦在 hx-admin（pnpm workspace：apps/admin = @hx/admin 管理后台，packages/ui = @hx/ui 公共组件，admin 通过 workspace:* 引用 ui 的 dist 构建产物；Vue 3.5 + Vite 6 + TS + Pinia 3 + Vue Router + Element Plus；vitest 3 workspace + @vue/test-utils + @pinia/testing；ESLint 9 + Prettier + husky/lint-staged；Playwright；vite-plugin-mock-dev-server；deploy/Dockerfile + nginx；GitLab glab）的 feat/role-perm 分支上工作。
Summary:
1. 角色页和 RoleDrawer 里去掉了 catch 中的 ElMessage.error（接口错误由 request 拦截器统一弹），ElMessageBox.confirm 取消用 .catch(() => false) 接住。
2. 新增 src/directives/__tests__/permission.spec.ts（4 个用例）。第一次运行报 Pinia 未激活（指令 mounted 里 usePermissionStore），mount 时加 createTestingPinia({ initialState: { permission: { codes } } }) 后通过。
之前：S4 拉了 develop（周航的 HxDrawerForm，ui 0.8.0），新建 feat/role-perm，做了角色管理页（api/system/role.ts、mock/system-role.mock.ts、views/system/role/index.vue、RoleDrawer.vue、路由 system/role、RoleDrawer.spec.ts 3 个用例）；typecheck 因 ui dist 过旧报 HxDrawerForm 不存在，pnpm -C packages/ui build 后通过。
用户偏好：props 用 defineProps<Props>() 类型写法，不要运行时声明；Pinia store 用 options 写法（state/getters/actions）；页面里不要自己弹接口错误提示，交给 request 拦截器。""")

        t = d.task("测试提了个 bug：只给了订单权限的账号，侧边栏里还有一个空的「系统管理」目录，点开什么都没有。先写个用例复现，再修。",
                   tags=["oneoff:O2"])
        t.read(perm_util)
        t.read(perm_spec)
        t.edit(perm_spec, """  it('只保留有权限的子路由', () => {
    const res = filterAsyncRoutes(routes, ['order:list'])
    expect(res[0].children!.map((r) => r.path)).toEqual(['list'])
  })
""", """  it('只保留有权限的子路由', () => {
    const res = filterAsyncRoutes(routes, ['order:list'])
    expect(res[0].children!.map((r) => r.path)).toEqual(['list'])
  })

  it('子路由全部没有权限时，目录本身也去掉', () => {
    expect(filterAsyncRoutes(routes, ['system:user:list'])).toEqual([])
  })
""")
        ln = line_of(d, perm_spec, "expect(filterAsyncRoutes(routes, ['system:user:list'])).toEqual([])")
        src = d.files[perm_spec].split("\n")
        t.fail("pnpm vitest run apps/admin/src/utils/__tests__/permission.spec.ts", "运行权限路由过滤的单测",
               vt_assert_fail("admin", "src/utils/__tests__/permission.spec.ts",
                              "filterAsyncRoutes > 子路由全部没有权限时，目录本身也去掉", 6,
                              ["AssertionError: expected [ { path: '/order', …(2) } ] to deeply equal []", "",
                               "- Expected", "+ Received", "", "- []", "+ [", "+   {", '+     "children": [],',
                               '+     "meta": {', '+       "title": "订单管理",', "+     },", '+     "path": "/order",',
                               "+   },", "+ ]"],
                              lt(d, 5), "1.12s", 2, (ln, src[ln - 2:ln], src[ln - 1].index("toEqual")),
                              f"src/utils/__tests__/permission.spec.ts:{ln}:{src[ln - 1].index('toEqual') + 1}"), code=1)
        t.say("复现了：子路由全被过滤掉之后，父级目录还是被 push 进结果里，只是 `children` 为空。修一下 `filterAsyncRoutes`：原本有子路由、过滤后一个都不剩的目录直接跳过。")
        t.edit(perm_util, """    if (r.children?.length) {
      r.children = filterAsyncRoutes(route.children!, codes)
    }""", """    if (r.children?.length) {
      r.children = filterAsyncRoutes(route.children!, codes)
      // 目录下一个可见的子菜单都没有，目录也不显示
      if (!r.children.length) continue
    }""")
        t.bash("pnpm vitest run apps/admin/src/utils/__tests__/permission.spec.ts", "重新运行权限路由过滤的单测",
               out=vt_pass([("admin", "src/utils/__tests__/permission.spec.ts", 3, 5)], lt(d, 5), "1.05s"))
        suite_add("admin", "src/utils/__tests__/permission.spec.ts", 3)
        t.done("""复现并修好了。

- **原因**：`filterAsyncRoutes` 对目录只是把 `children` 过滤了一遍，过滤完是空数组也照样把目录 push 进结果，侧边栏就渲染出一个空的「系统管理」。
- **修复**：`src/utils/permission.ts` 里，原本有子路由、过滤后一个不剩的目录直接 `continue`（没有子路由、只靠自身 `meta.perm` 的叶子路由不受影响）。
- **用例**：`permission.spec.ts` 新增「子路由全部没有权限时，目录本身也去掉」，先红后绿，3 个用例全过。

多级目录也适用：递归是自底向上的，最里层空了会一路往上把空目录去掉。""")

        t = d.task("角色这块可以提了：lint、类型检查、单测都跑一遍，没问题就提交推上去，开 MR 到 develop，描述写清楚一点，老周要 review。",
                   tags=["workflow:W3"])
        t.bash("pnpm lint", "ESLint 检查", out=lint_ok())
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.bash("pnpm test", "运行全部单测", out=suite_out(lt(d, 5), "7.58s"), timeout=300000)
        t.bash("git status --short", "查看改动", out=""" M apps/admin/src/router/modules/system.ts
 M apps/admin/src/utils/__tests__/permission.spec.ts
 M apps/admin/src/utils/permission.ts
?? apps/admin/mock/system-role.mock.ts
?? apps/admin/src/api/system/role.ts
?? apps/admin/src/directives/__tests__/
?? apps/admin/src/views/system/role/""")
        sha2 = hx(7)
        t.bash('git add apps/admin && git commit -m "feat(system): 角色管理页、v-permission 单测，修复无子菜单权限时出现空目录"',
               "提交改动", out=commit_out("feat/role-perm", sha2, "feat(system): 角色管理页、v-permission 单测，修复无子菜单权限时出现空目录",
                                          9, 486, 3, creates=["apps/admin/mock/system-role.mock.ts",
                                                              "apps/admin/src/api/system/role.ts",
                                                              "apps/admin/src/directives/__tests__/permission.spec.ts",
                                                              "apps/admin/src/views/system/role/__tests__/RoleDrawer.spec.ts",
                                                              "apps/admin/src/views/system/role/components/RoleDrawer.vue",
                                                              "apps/admin/src/views/system/role/index.vue"], ts_files=9))
        t.bash("git push -u origin feat/role-perm", "推送分支", out=push_new("feat/role-perm", 38))
        desc = """## 背景
系统管理模块需要角色管理，同时按钮级权限指令 v-permission 一直没有单测；测试反馈只有订单权限的账号侧边栏会出现空的「系统管理」目录。

## 改动
### 角色管理
- `src/api/system/role.ts`：fetchRolePage / createRole / updateRole / deleteRole，类型 RoleItem、RoleForm、RoleQuery
- `mock/system-role.mock.ts`：4 个预置角色；新增时编码重复返回 40001；增删改在内存中生效
- `src/views/system/role/index.vue`：HxTable 列表，新增/编辑/删除按钮加 v-permission（system:role:add / edit / delete），删除前二次确认，取消不再抛 Uncaught (in promise)
- `src/views/system/role/components/RoleDrawer.vue`：基于 @hx/ui 的 HxDrawerForm；props 用 defineProps<Props>()，显隐用 defineModel；编码校验（小写字母开头，仅小写字母/数字/下划线），编辑时编码不可改
- `src/router/modules/system.ts`：新增 system/role 路由，权限码 system:role:list（后端菜单需配置同名权限码）
- 去掉页面 catch 里的 ElMessage.error，错误提示统一由 request 拦截器处理

### v-permission 单测
- `src/directives/__tests__/permission.spec.ts`：有权限保留、无权限移除、数组满足其一、超管 *:*:* 放行，共 4 个用例；通过 @pinia/testing 预置权限码

### 修复：无子菜单权限时出现空目录
- `src/utils/permission.ts`：filterAsyncRoutes 中，原本有子路由、过滤后为空的目录不再返回
- `src/utils/__tests__/permission.spec.ts`：新增对应用例

## 测试
- pnpm lint / pnpm typecheck 通过
- pnpm test：全部通过（新增 RoleDrawer 3 个、v-permission 4 个、filterAsyncRoutes 1 个用例）
- 本地 mock 模式下手动验证：新增、编辑、删除、编码重复提示、无权限账号按钮隐藏、侧边栏无空目录

## 注意事项
- 依赖 @hx/ui 0.8.0 的 HxDrawerForm，本地需要先重新构建 ui 包
- 后端需要在菜单管理中配置 system:role:list / add / edit / delete 四个权限码"""
        t.bash(f"glab mr create --source-branch feat/role-perm --target-branch develop "
               f"--title \"feat(system): 角色管理页、v-permission 单测，修复无子菜单权限时出现空目录\" "
               f"--description \"$(cat <<'EOF'\n{desc}\nEOF\n)\" --remove-source-branch --yes", "创建 MR",
               out=mr_created("feat/role-perm", "feat(system): 角色管理页、v-permission 单测，修复无子菜单权限时出现空目录", 41))
        t.done(f"""已提交并开了 MR：

- `pnpm lint`、`pnpm typecheck` 通过；`pnpm test` {len(SUITE)} 个测试文件全部通过
- 提交 `{sha2}`，推送到 `origin/feat/role-perm`
- MR !41 → develop：{GL}/-/merge_requests/41

描述按「背景 / 改动 / 测试 / 注意事项」写的，改动部分按文件列了，方便老周对着看；注意事项里提了两点：依赖 ui 0.8.0 的 HxDrawerForm，以及后端要配四个权限码。""")

    # ============================================================== S6 (acceptEdits)
    dash_view = P(f"{A}/src/views/dashboard/index.vue")
    d.files[dash_view] = """<script setup lang="ts">
import { HxPageHeader } from '@hx/ui'
</script>

<template>
  <div class="page dashboard">
    <HxPageHeader title="首页" />
    <el-empty description="看板建设中" />
  </div>
</template>
"""
    with d.session("2026-06-22T01:55:00", R, branch="feat/dashboard", version="2.1.80", permission_mode="acceptEdits"):
        t = d.task("首页看板开工：近 30 天订单趋势折线图 + 各状态订单占比饼图。图表用 echarts，按需引入，别把整个 echarts 打进包里；用 vue-echarts 包一层。"
                   "后端接口还没好，先 mock：GET /api/dashboard/order-trend、GET /api/dashboard/status-ratio。",
                   tags=["mistake:M3"])
        t.read(P(f"{A}/package.json"))
        t.fail("pnpm add echarts vue-echarts", "安装 echarts 和 vue-echarts", ROOT_ERR, code=1)
        t.say("又是在 workspace 根目录执行的 `pnpm add`，被 pnpm 拦了。图表只在 admin 里用，装到 `@hx/admin`。")
        t.bash("pnpm add echarts vue-echarts --filter @hx/admin", "把 echarts、vue-echarts 装到 @hx/admin",
               out=pnpm_add_ok("apps/admin", 4, [("echarts", "5.6.0"), ("vue-echarts", "7.0.3")], secs="5.4"))
        t.write(P(f"{A}/src/plugins/echarts.ts"), """// echarts 按需引入：只注册看板用到的图表和组件
import { use } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { LineChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'

use([CanvasRenderer, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent])
""")
        t.write(P(f"{A}/src/api/dashboard.ts"), """import { get } from '@/utils/request'

export interface TrendPoint {
  date: string
  orders: number
  amount: number
}

export interface StatusRatio {
  status: string
  label: string
  count: number
}

export const fetchOrderTrend = (days = 30) => get<TrendPoint[]>('/dashboard/order-trend', { days })
export const fetchStatusRatio = () => get<StatusRatio[]>('/dashboard/status-ratio')
""")
        t.write(P(f"{A}/mock/dashboard.mock.ts"), """import { defineMock } from 'vite-plugin-mock-dev-server'

export default defineMock([
  {
    url: '/api/dashboard/order-trend',
    body: ({ query }) => {
      const days = Number(query.days ?? 30)
      const today = Date.UTC(2026, 5, 22)
      const data = Array.from({ length: days }, (_, i) => {
        const d = new Date(today - (days - 1 - i) * 86400000)
        const orders = 180 + Math.round(60 * Math.sin(i / 3)) + (d.getUTCDay() % 6 === 0 ? 90 : 0)
        return { date: d.toISOString().slice(0, 10), orders, amount: orders * 132_00 }
      })
      return { code: 0, msg: 'ok', data }
    },
  },
  {
    url: '/api/dashboard/status-ratio',
    body: {
      code: 0,
      msg: 'ok',
      data: [
        { status: 'PENDING_PAY', label: '待支付', count: 132 },
        { status: 'PAID', label: '已支付', count: 421 },
        { status: 'SHIPPED', label: '已发货', count: 1208 },
        { status: 'COMPLETED', label: '已完成', count: 5310 },
        { status: 'CANCELLED', label: '已取消', count: 387 },
        { status: 'REFUNDING', label: '退款中', count: 46 },
      ],
    },
  },
])
""")
        t.write(P(f"{A}/src/views/dashboard/components/OrderTrendChart.vue"), """<script setup lang="ts">
import { computed } from 'vue'
import VChart from 'vue-echarts'
import type { ComposeOption } from 'echarts/core'
import type { LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption, TooltipComponentOption, LegendComponentOption } from 'echarts/components'
import '@/plugins/echarts'
import type { TrendPoint } from '@/api/dashboard'

type Option = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>

interface Props {
  data: TrendPoint[]
  loading?: boolean
}

const props = defineProps<Props>()

const option = computed<Option>(() => ({
  tooltip: { trigger: 'axis' },
  legend: { data: ['订单数', '成交额（元）'] },
  grid: { left: 48, right: 56, top: 40, bottom: 32 },
  xAxis: { type: 'category', data: props.data.map((p) => p.date.slice(5)) },
  yAxis: [{ type: 'value', name: '单' }, { type: 'value', name: '元' }],
  series: [
    { name: '订单数', type: 'line', smooth: true, data: props.data.map((p) => p.orders) },
    { name: '成交额（元）', type: 'line', smooth: true, yAxisIndex: 1, data: props.data.map((p) => p.amount / 100) },
  ],
}))
</script>

<template>
  <VChart class="chart" :option="option" :loading="loading" autoresize />
</template>

<style scoped>
.chart {
  height: 320px;
}
</style>
""")
        t.write(P(f"{A}/src/views/dashboard/components/StatusPieChart.vue"), """<script setup lang="ts">
import { computed } from 'vue'
import VChart from 'vue-echarts'
import type { ComposeOption } from 'echarts/core'
import type { PieSeriesOption } from 'echarts/charts'
import type { LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import '@/plugins/echarts'
import type { StatusRatio } from '@/api/dashboard'

type Option = ComposeOption<PieSeriesOption | TooltipComponentOption | LegendComponentOption>

interface Props {
  data: StatusRatio[]
  loading?: boolean
}

const props = defineProps<Props>()

const option = computed<Option>(() => ({
  tooltip: { trigger: 'item', formatter: '{b}：{c} 单（{d}%）' },
  legend: { orient: 'vertical', right: 16, top: 'middle' },
  series: [
    {
      type: 'pie',
      radius: ['45%', '70%'],
      center: ['40%', '50%'],
      data: props.data.map((s) => ({ name: s.label, value: s.count })),
    },
  ],
}))
</script>

<template>
  <VChart class="chart" :option="option" :loading="loading" autoresize />
</template>

<style scoped>
.chart {
  height: 320px;
}
</style>
""")
        t.read(dash_view)
        t.write(dash_view, """<script setup lang="ts">
import { onMounted, ref } from 'vue'
import { HxPageHeader } from '@hx/ui'
import { fetchOrderTrend, fetchStatusRatio, type StatusRatio, type TrendPoint } from '@/api/dashboard'
import OrderTrendChart from './components/OrderTrendChart.vue'
import StatusPieChart from './components/StatusPieChart.vue'

const trend = ref<TrendPoint[]>([])
const ratio = ref<StatusRatio[]>([])
const loading = ref(false)

onMounted(async () => {
  loading.value = true
  try {
    ;[trend.value, ratio.value] = await Promise.all([fetchOrderTrend(30), fetchStatusRatio()])
  } finally {
    loading.value = false
  }
})
</script>

<template>
  <div class="page dashboard">
    <HxPageHeader title="首页" />
    <el-row :gutter="16">
      <el-col :span="16">
        <el-card shadow="never" header="近 30 天订单趋势">
          <OrderTrendChart :data="trend" :loading="loading" />
        </el-card>
      </el-col>
      <el-col :span="8">
        <el-card shadow="never" header="订单状态占比">
          <StatusPieChart :data="ratio" :loading="loading" />
        </el-card>
      </el-col>
    </el-row>
  </div>
</template>
""")
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.done("""看板第一版好了：

- **依赖**：`echarts` 5.6.0、`vue-echarts` 7.0.3 装在 `@hx/admin`（根目录直接 `pnpm add` 会被 pnpm 拦下，所以加了 `--filter @hx/admin`）
- **按需引入** `src/plugins/echarts.ts`：只 `use` 了 CanvasRenderer、LineChart、PieChart 和 Grid / Legend / Tooltip 三个组件；图表组件里 `import VChart from 'vue-echarts'`，不会引入完整的 `echarts`
- **接口 + mock**：`src/api/dashboard.ts`，`mock/dashboard.mock.ts`（趋势按天生成 30 个点，状态占比 6 类）
- **组件**：`OrderTrendChart.vue`（订单数 + 成交额双 Y 轴）、`StatusPieChart.vue`（环形图），props 都是 `defineProps<Props>()`，option 用 `ComposeOption` 收窄类型，开了 `autoresize`
- **页面** `views/dashboard/index.vue`：左 16 栅格趋势、右 8 栅格占比，两个接口并行请求

typecheck 通过。后端接口出来以后对一下字段：成交额我按「分」处理（除以 100 显示元），如果后端给的是元要改一下。""")

        t = d.task("改个主意：Pinia store 以后统一用 setup 写法（defineStore 第二个参数传函数，ref 当 state、computed 当 getters），之前说的 options 那种别再写了。"
                   "先把 dept store 改过来，用到它的页面和测试跑一下。", tags=["reversal:P3"])
        t.read(dept_store)
        t.write(dept_store, """import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { fetchDeptTree, type DeptNode } from '@/api/system/dept'

export const useDeptStore = defineStore('dept', () => {
  const tree = ref<DeptNode[]>([])
  const loaded = ref(false)

  /** id → 部门名，给表格、详情回显用 */
  const nameMap = computed(() => {
    const map = new Map<number, string>()
    const walk = (nodes: DeptNode[]) =>
      nodes.forEach((n) => {
        map.set(n.id, n.name)
        if (n.children) walk(n.children)
      })
    walk(tree.value)
    return map
  })

  async function loadTree(force = false) {
    if (loaded.value && !force) return tree.value
    tree.value = await fetchDeptTree()
    loaded.value = true
    return tree.value
  }

  return { tree, loaded, nameMap, loadTree }
})
""")
        t.grep("useDeptStore", [P(f"{A}/src/stores/modules/dept.ts"), P(f"{A}/src/views/system/user/index.vue")], path=P(A))
        t.bash("pnpm vitest run apps/admin/src/views/system/user", "运行用户管理页测试",
               out=vt_pass([("admin", "src/views/system/user/__tests__/index.spec.ts", 3, 468)], lt(d, 5), "3.06s"))
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.done("""`dept` store 已改成 setup 写法：

```ts
export const useDeptStore = defineStore('dept', () => {
  const tree = ref<DeptNode[]>([])          // state
  const loaded = ref(false)
  const nameMap = computed(() => …)         // getter
  async function loadTree(force = false) {…} // action
  return { tree, loaded, nameMap, loadTree }
})
```

对外的名字（`tree` / `loaded` / `nameMap` / `loadTree`）都没变，目前只有用户管理页在用，页面不用改；用户页 3 个测试和 typecheck 都通过。

两点提醒：
1. setup store 没有内置 `$reset()`，需要重置的 store 要自己写一个 `reset` 函数 return 出去。`permission`、`auth`、`dict` 这几个老的 options store 里 `permission.reset()` 就是靠 `$reset` 的，以后改它们的时候要注意。
2. 所有 state 都必须 return 出去，否则 devtools、SSR 和 `createTestingPinia` 的 `initialState` 都看不到。

之后新写的 store 都用 setup 写法。老的三个 options store 要不要一起改？我建议等动到它们的时候顺手改。""")

        fb = "上周 !41 的 MR 描述你写得太长了，老周 review 的时候直接回了一句 \"太长了，cut half\"，最后我自己删了一半。"
        t = d.task(fb + "以后 MR 描述这么写：一句话说做了什么，再列怎么验证的，总共不超过 5 行，别按文件一个个列。", tags=["feedback", "no_tools"], feedback=fb)
        t.done("""收到，是我写得太啰嗦了，按文件列改动在 diff 里本来就能看到。以后 MR 描述按这个格式，不超过 5 行：

```
新增角色管理页（HxDrawerForm 编辑），补 v-permission 单测，修复无子菜单权限时侧边栏出现空目录。
- 验证：pnpm lint / typecheck / test 通过；mock 下手动测了增删改和无权限账号
- 注意：后端需配置 system:role:list/add/edit/delete 权限码
```

也就是：第一行一句话说做了什么；后面最多几条 `- 验证` / `- 注意`，只写 review 和上线需要知道的。""")

    # ============================================================== S7
    dockerfile = P("deploy/Dockerfile")
    with d.session("2026-06-24T06:08:00", R, branch="feat/dashboard", version="2.1.81"):
        t = d.task("网关那边调整了，后台以后所有环境都挂在 /admin/ 子路径下面（/ 给了别的系统）。构建和 nginx 都调一下，本地起镜像验证：/admin/ 下面的路由刷新不 404，静态资源能正常加载，访问 / 跳到 /admin/。",
                   tags=["workflow:W2"])
        t.read(dockerfile)
        t.read(P(f"{A}/vite.config.ts"))
        t.read(nginx)
        t.edit(dockerfile, "ARG VITE_BASE=/\n", "ARG VITE_BASE=/admin/\n")
        t.edit(dockerfile, "COPY --from=build /app/apps/admin/dist /usr/share/nginx/html\n",
               "COPY --from=build /app/apps/admin/dist /usr/share/nginx/html/admin\n")
        t.write(nginx, """server {
    listen 80;
    server_name _;
    root /usr/share/nginx/html;
    index index.html;
    # 跳转用相对地址，避免容器端口映射后 Location 带错端口
    absolute_redirect off;

    gzip on;
    gzip_vary on;
    gzip_min_length 1k;
    gzip_comp_level 5;
    gzip_types text/plain text/css application/javascript application/json image/svg+xml;

    location /api/ {
        proxy_pass http://hx-gateway:8080/;
        proxy_set_header Host $host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }

    location = / {
        return 302 /admin/;
    }

    # vite 产物文件名带 hash，可以放心长缓存
    location /admin/assets/ {
        expires 1y;
        add_header Cache-Control "public, immutable";
        try_files $uri =404;
    }

    location = /admin/index.html {
        add_header Cache-Control "no-cache";
    }

    location /admin/ {
        try_files $uri $uri/ /admin/index.html;
    }
}
""")
        js2, css2 = f"index-{b62(8)}.js", f"index-{b62(8)}.css"
        t.bash("docker build -f deploy/Dockerfile -t hx-admin:local .", "构建本地镜像（VITE_BASE 默认 /admin/）",
               out=docker_build_out("hx-admin:local", "0.8.0", "1.8.0", js2, css2, secs=(39.8, 1.6), nginx_cached=False),
               timeout=600000)
        cid = hx(64)
        g_st, g1, g2 = ut(d, "%H:%M:%S", -6), ut(d, "%H:%M:%S", 4), ut(d, "%H:%M:%S", 13)
        t.bash("docker rm -f hx-admin-local 2>/dev/null; docker run -d --name hx-admin-local -p 8080:80 --add-host hx-gateway:host-gateway hx-admin:local",
               "启动容器", out=cid)
        t.bash("for p in /admin/system/role /admin/dashboard /; do curl -s -o /dev/null -w \"%{http_code} %{content_type} %{redirect_url}  $p\\n\" http://localhost:8080$p; done",
               "检查子路径路由回退和根路径跳转", out="""200 text/html   /admin/system/role
200 text/html   /admin/dashboard
302 text/html http://localhost:8080/admin/  /""")
        t.bash(f"curl -s http://localhost:8080/admin/ | grep -o 'src=\"[^\"]*\"' && curl -sI http://localhost:8080/admin/assets/{js2} | head -n 4",
               "确认 index.html 里的资源路径带 /admin/ 前缀且能访问", out=f"""src="/admin/assets/{js2}"
HTTP/1.1 200 OK
Server: nginx/1.27.5
Date: Wed, 24 Jun 2026 {g2} GMT
Content-Type: application/javascript""")
        t.bash("docker logs --tail 12 hx-admin-local", "查看容器日志", out=nginx_notice("2026/06/24", g_st) + f"""
172.17.0.1 - - [24/Jun/2026:{g1} +0000] "GET /admin/system/role HTTP/1.1" 200 695 "-" "curl/8.5.0" "-"
172.17.0.1 - - [24/Jun/2026:{g1} +0000] "GET /admin/dashboard HTTP/1.1" 200 695 "-" "curl/8.5.0" "-"
172.17.0.1 - - [24/Jun/2026:{g1} +0000] "GET / HTTP/1.1" 302 145 "-" "curl/8.5.0" "-"
172.17.0.1 - - [24/Jun/2026:{g2} +0000] "GET /admin/ HTTP/1.1" 200 695 "-" "curl/8.5.0" "-"
172.17.0.1 - - [24/Jun/2026:{g2} +0000] "HEAD /admin/assets/{js2} HTTP/1.1" 200 0 "-" "curl/8.5.0" "-\"""")
        t.bash("docker rm -f hx-admin-local", "清理容器", out="hx-admin-local")
        t.done(f"""改好了，本地镜像验证通过。

**构建**：`vite.config.ts` 本来就读 `VITE_BASE`，`deploy/Dockerfile` 里 `ARG VITE_BASE` 默认值从 `/` 改成 `/admin/`，产物拷到 `/usr/share/nginx/html/admin`。如果哪个环境还要挂根路径，构建时 `--build-arg VITE_BASE=/` 即可（nginx 也得用对应的配置）。

**nginx**：
- `location = /` → `302 /admin/`，加了 `absolute_redirect off`，Location 用相对路径（上面 curl 显示的 `http://localhost:8080/admin/` 是 curl 自己拼出来的）
- `/admin/assets/` 长缓存，`/admin/index.html` no-cache，`/admin/` 其余路径回退到 `/admin/index.html`
- `/api/` 反代不变

**验证**：
- `/admin/system/role`、`/admin/dashboard` 直接访问 200，回退到 index.html
- `/` → 302 到 `/admin/`
- index.html 里脚本是 `/admin/assets/{js2}`，能正常返回
- 日志无报错，容器已删除

上线前需要确认网关那边 `/admin/` 是原样转发（不剥前缀），否则要改成 `location /`。""")

        t = d.task("后端说测试环境昨天重新发过了，帮我对测试环境跑一下登录那条 e2e", tags=["unfixed:U1"])
        t.read(P("e2e/login.spec.ts"))
        e2e_fail = hdr("test:e2e", "playwright test e2e/login.spec.ts") + """
Running 2 tests using 2 workers

  \u2718  1 [chromium] \u203a e2e/login.spec.ts:10:3 \u203a 登录 \u203a 正确账号密码登录后进入首页 (6.4s)
  \u2718  2 [chromium] \u203a e2e/login.spec.ts:20:3 \u203a 登录 \u203a 密码错误时提示 (6.1s)


  1) [chromium] \u203a e2e/login.spec.ts:10:3 \u203a 登录 \u203a 正确账号密码登录后进入首页 \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500

    Error: Timed out 5000ms waiting for expect(page).toHaveURL(expected)

    Expected pattern: /\\/dashboard/
    Received string:  "https://admin-test.hexin-tech.com/admin/login?redirect=/dashboard"
    Call log:
      - expect.toHaveURL with timeout 5000ms
      - waiting for locator(':root')
      -   locator resolved to <html lang="zh-CN">\u2026</html>
      -   unexpected value "https://admin-test.hexin-tech.com/admin/login?redirect=/dashboard"


      14 |     await page.getByPlaceholder('密码').fill(password)
      15 |     await page.getByRole('button', { name: '登录' }).click()
    > 16 |     await expect(page).toHaveURL(/\\/dashboard/)
         |                        ^
      17 |     await expect(page.getByText('近 30 天订单趋势')).toBeVisible()
      18 |   })
      19 |

        at /home/chenxi/work/hx-admin/e2e/login.spec.ts:16:24

    Error Context: test-results/login-登录-正确账号密码登录后进入首页-chromium/error-context.md

  2) [chromium] \u203a e2e/login.spec.ts:20:3 \u203a 登录 \u203a 密码错误时提示 \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500

    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()

    Locator: getByText('用户名或密码错误')
    Expected: visible
    Received: <element(s) not found>
    Call log:
      - expect.toBeVisible with timeout 5000ms
      - waiting for getByText('用户名或密码错误')


      22 |     await page.getByPlaceholder('密码').fill('wrong-password')
      23 |     await page.getByRole('button', { name: '登录' }).click()
    > 24 |     await expect(page.getByText('用户名或密码错误')).toBeVisible()
         |                                          ^
      25 |   })
      26 | })

        at /home/chenxi/work/hx-admin/e2e/login.spec.ts:24:46

    Error Context: test-results/login-登录-密码错误时提示-chromium/error-context.md

  2 failed
    [chromium] \u203a e2e/login.spec.ts:10:3 \u203a 登录 \u203a 正确账号密码登录后进入首页 \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500
    [chromium] \u203a e2e/login.spec.ts:20:3 \u203a 登录 \u203a 密码错误时提示 \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500
 ELIFECYCLE  Command failed with exit code 1."""
        t.fail("E2E_BASE_URL=https://admin-test.hexin-tech.com/admin/ pnpm test:e2e e2e/login.spec.ts",
               "对测试环境跑登录 e2e", e2e_fail, code=1, timeout=300000)
        t.say("两个用例都停在登录页：成功登录没跳转，密码错误也没出现后端返回的提示，像是登录接口本身没有正常返回。直接请求一下测试环境的登录接口。")
        u22 = ut(d, "%H:%M:%S", 9)
        loc22 = lt(d, 9)[:5]
        t.bash("curl -s -i -X POST https://admin-test.hexin-tech.com/api/auth/login -H 'Content-Type: application/json' "
               "-d '{\"username\":\"e2e_admin\",\"password\":\"x\"}' | head -n 12", "直接请求测试环境登录接口",
               out=f"""HTTP/2 502 
server: nginx
date: Wed, 24 Jun 2026 {u22} GMT
content-type: text/html
content-length: 150

<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>""")
        t.bash("curl -s -o /dev/null -w '%{http_code}\\n' https://admin-test.hexin-tech.com/api/system/dicts/order_status",
               "看一下其他接口是否也是 502", out="502")
        t.done(f"""测试环境的 e2e 跑不了，问题不在前端：

- 两个用例都失败在登录后：成功登录没有跳到 `/dashboard`，密码错误也没有出现「用户名或密码错误」——说明登录接口没有返回正常响应
- 直接请求 `POST https://admin-test.hexin-tech.com/api/auth/login` → **`502 Bad Gateway`**（网关 nginx 返回的），随手试了字典接口也是 502，说明是网关后面的服务整体没起来或者没注册上，不是登录接口单独的问题
- 前端页面本身是能打开的（用例能走到登录页并填表单）

这个需要后端 / 运维看一下测试环境网关到 `hx-gateway` 上游的状态，我这边没法修，也没有反复重跑。你可以把下面这句转给后端：

> 测试环境 `https://admin-test.hexin-tech.com/api/*` 目前全部 502 Bad Gateway（6/24 {loc22} 起），包括 `/api/auth/login`、`/api/system/dicts/*`，麻烦看下网关上游服务。

等他们恢复后，再跑同一条命令就行。""")

        t = d.task("打包出来的 js 太大了，主包一个多 MB。先看下 build 的产物分布，给点拆包建议，先别改代码。", tags=["noise", "long_output"])
        chunks = [
            ("dist/index.html", "0.69", "0.45"),
            (f"dist/assets/index-{b62(8)}.css", "361.20", "49.31"),
            (f"dist/assets/index-{b62(8)}.css", "1.42", "0.51"),
            (f"dist/assets/index-{b62(8)}.css", "0.38", "0.24"),
            (f"dist/assets/index-{b62(8)}.js", "1.86", "1.02"),
            (f"dist/assets/index-{b62(8)}.js", "2.31", "1.17"),
            (f"dist/assets/index-{b62(8)}.js", "3.07", "1.49"),
            (f"dist/assets/RoleDrawer-{b62(8)}.js", "3.94", "1.71"),
            (f"dist/assets/index-{b62(8)}.js", "4.88", "2.06"),
            (f"dist/assets/index-{b62(8)}.js", "6.12", "2.47"),
            (f"dist/assets/UserSearchBar-{b62(8)}.js", "1.73", "0.92"),
            (f"dist/assets/index-{b62(8)}.js", "9.65", "3.58"),
            (f"dist/assets/export-excel-{b62(8)}.js", "938.72", "255.14"),
            (f"dist/assets/index-{b62(8)}.js", "1,008.94", "335.27"),
            (f"dist/assets/index-{b62(8)}.js", "1,142.77", "371.06"),
        ]
        tbl = "\n".join(f"{a:<44} {b:>9} kB \u2502 gzip: {c:>7} kB" for a, b, c in chunks)
        t.bash("pnpm build", "生产构建，查看产物分布", out=hdr("build", "pnpm --filter @hx/admin build") + f"""

> @hx/admin@1.8.0 build {R}/apps/admin
> vue-tsc --noEmit -p tsconfig.app.json && vite build

vite v6.3.5 building for production...
transforming...
\u2713 2791 modules transformed.
rendering chunks...
computing gzip size...
{tbl}

(!) Some chunks are larger than 500 kB after minification. Consider:
- Using dynamic import() to code-split the application
- Use build.rollupOptions.output.manualChunks to improve chunking: https://rollupjs.org/configuration-options/#output-manualchunks
- Adjust chunk size limit for this warning via build.chunkSizeWarningLimit.
\u2713 built in 21.36s""", timeout=300000)
        t.bash("grep -o 'assets/[^\"]*\\.js' apps/admin/dist/index.html; grep -l 'echarts' apps/admin/dist/assets/*.js | xargs ls -l | awk '{print $5, $9}'",
               "看入口引用了哪个 js，以及 echarts 落在哪个 chunk", out=f"""assets/{chunks[14][0].split('/')[-1]}
1008941 apps/admin/dist/assets/{chunks[13][0].split('/')[-1]}""")
        t.done(f"""产物情况（gzip 前 / 后）：

| chunk | 大小 | 内容 |
|---|---|---|
| 入口 `{chunks[14][0].split('/')[-1]}` | 1.14 MB / 371 kB | vue、vue-router、pinia、axios、**完整的 Element Plus**、@hx/ui、layout |
| `{chunks[13][0].split('/')[-1]}` | 1.01 MB / 335 kB | 首页看板（echarts 核心 + zrender，按需引入后仍然 ~1MB） |
| `export-excel-*.js` | 939 kB / 255 kB | exceljs，已经是点击导出时才加载 |
| 各业务页面 | 2～10 kB | 路由懒加载，正常 |
| css | 361 kB / 49 kB | 基本都是 Element Plus 全量样式 |

问题主要在**入口包**和**首页**：

1. **Element Plus 被全量打进了入口**。`vite.config.ts` 里配了 `unplugin-vue-components` 的按需解析，但入口包和 css 的体积说明某处仍然是全量的——最可能是 `main.ts` 里还有 `app.use(ElementPlus)` + `import 'element-plus/dist/index.css'`，或者 @hx/ui 的 dist 把 element-plus 打进去了（ui 的 vite 库模式要把 `element-plus`、`vue` 配成 `external`）。建议先查这两处，这一项预计能让入口减掉一半以上。
2. **首页看板是登录后第一个页面**，echarts 那 1MB 实际上等于首屏必载。可以：
   - 看板里的图表组件用 `defineAsyncComponent` 异步加载，先出卡片骨架；
   - 或者用 `manualChunks` 把 `echarts` / `zrender` 单独拆成 `vendor-echarts`，至少能和业务代码分开缓存，发版时不失效。
3. **`manualChunks` 拆 vendor**：`vue` / `vue-router` / `pinia` 一组、`element-plus` 一组、`echarts` 一组，变动频率低，长缓存命中率更高（配合 nginx 现在的 `immutable`）。
4. exceljs 已经是按需加载的，不用动。

建议的顺序：先查第 1 点（收益最大、改动最小），再做 3，最后视首屏指标决定要不要做 2。要改的话跟我说。""")

    # ============================================================== S8
    audit_dir = f"{A}/src/views/audit/log"
    audit_table = P(f"{audit_dir}/components/AuditLogTable.vue")
    async_routes = P(f"{A}/src/router/async.ts")
    audit_route = P(f"{A}/src/router/modules/audit.ts")
    with d.session("2026-06-29T01:41:00", R, branch="feat/audit-log", version="2.1.83"):
        t = d.task("新功能：操作日志页面。接口 GET /api/audit/logs，按操作人、模块、时间范围查；列表字段：时间、操作人、模块、操作类型、IP、traceId、结果（成功 / 失败）。"
                   "mock 造 200 条左右。组件的 props 还是那条规矩：defineProps 只用类型参数，不要传运行时对象。", tags=["workflow:W1", "pref:P1"])
        t.bash("git switch -c feat/audit-log origin/develop", "从最新 develop 新建分支",
               out="branch 'feat/audit-log' set up to track 'origin/develop'.\nSwitched to a new branch 'feat/audit-log'")
        t.read(async_routes)
        t.write(P(f"{A}/src/api/audit.ts"), """import { get } from '@/utils/request'
import type { PageResult } from '@/api/types'

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'EXPORT' | 'LOGIN'

export interface AuditLog {
  id: number
  time: string
  operator: string
  module: string
  action: AuditAction
  ip: string
  traceId: string
  success: boolean
  request?: string
  response?: string
}

export interface AuditQuery {
  page: number
  size: number
  operator?: string
  module?: string
  timeRange?: [string, string]
}

export const fetchAuditLogs = ({ timeRange, ...rest }: AuditQuery) =>
  get<PageResult<AuditLog>>('/audit/logs', { ...rest, startTime: timeRange?.[0], endTime: timeRange?.[1] })
""")
        t.write(P(f"{A}/mock/audit.mock.ts"), """import { defineMock } from 'vite-plugin-mock-dev-server'

const OPERATORS = ['admin', 'zhangsan', 'lisi', 'wangwu', 'finance01']
const MODULES = ['订单管理', '用户管理', '角色管理', '字典管理', '登录']
const ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'EXPORT', 'LOGIN'] as const

const LOGS = Array.from({ length: 200 }, (_, i) => {
  const action = ACTIONS[i % ACTIONS.length]
  return {
    id: 200 - i,
    time: new Date(Date.UTC(2026, 5, 28, 10) - i * 37 * 60000).toISOString(),
    operator: OPERATORS[(i * 7) % OPERATORS.length],
    module: action === 'LOGIN' ? '登录' : MODULES[i % 4],
    action,
    ip: `10.20.${(i * 13) % 255}.${(i * 29) % 255}`,
    traceId: (0x5f3a9c1e7b2d4e6fn + BigInt(i) * 0x9e3779b97f4a7c15n).toString(16).slice(-16).padStart(16, '0'),
    success: i % 17 !== 0,
    request: JSON.stringify({ id: 1000 + i, status: i % 2 ? 'ENABLED' : 'DISABLED' }),
    response: JSON.stringify({ code: i % 17 ? 0 : 50001, msg: i % 17 ? 'ok' : '系统繁忙' }),
  }
})

export default defineMock({
  url: '/api/audit/logs',
  delay: 250,
  body: ({ query }) => {
    const page = Number(query.page ?? 1)
    const size = Number(query.size ?? 20)
    const list = LOGS.filter(
      (l) =>
        (!query.operator || l.operator.includes(query.operator)) &&
        (!query.module || l.module === query.module) &&
        (!query.startTime || l.time >= query.startTime) &&
        (!query.endTime || l.time <= query.endTime),
    )
    return { code: 0, msg: 'ok', data: { records: list.slice((page - 1) * size, page * size), total: list.length } }
  },
})
""")
        t.write(audit_table, """<script setup lang="ts">
import { HxStatusTag, HxTable, type HxStatusMap, type HxTableColumn } from '@hx/ui'
import type { AuditLog } from '@/api/audit'
import { formatTime } from '@/utils/format'

interface Props {
  rows: AuditLog[]
  total: number
  loading?: boolean
}

defineProps<Props>()
const page = defineModel<number>('page', { required: true })
const size = defineModel<number>('size', { required: true })
const emit = defineEmits<{ change: []; detail: [row: AuditLog] }>()

const columns: HxTableColumn<AuditLog>[] = [
  { prop: 'time', label: '时间', width: 170, formatter: (row) => formatTime(row.time) },
  { prop: 'operator', label: '操作人', width: 120 },
  { prop: 'module', label: '模块', width: 120 },
  { prop: 'action', label: '操作类型', width: 100 },
  { prop: 'ip', label: 'IP', width: 140 },
  { prop: 'traceId', label: 'traceId', minWidth: 180, slot: 'traceId' },
  { prop: 'success', label: '结果', width: 90, slot: 'result' },
]

const resultMap: HxStatusMap<'ok' | 'fail'> = {
  ok: { text: '成功', type: 'success' },
  fail: { text: '失败', type: 'danger' },
}
</script>

<template>
  <HxTable
    v-model:page="page"
    v-model:size="size"
    :columns="columns"
    :data="rows"
    :total="total"
    :loading="loading"
    @change="emit('change')"
    @row-click="(row: AuditLog) => emit('detail', row)"
  >
    <template #traceId="{ row }">
      <span class="mono">{{ row.traceId }}</span>
    </template>
    <template #result="{ row }">
      <HxStatusTag :status="row.success ? 'ok' : 'fail'" :map="resultMap" />
    </template>
  </HxTable>
</template>
""")
        t.write(P(f"{audit_dir}/index.vue"), """<script setup lang="ts">
import { onMounted, ref } from 'vue'
import { HxPageHeader, HxSearchForm, type HxSearchField } from '@hx/ui'
import { fetchAuditLogs, type AuditLog, type AuditQuery } from '@/api/audit'
import AuditLogTable from './components/AuditLogTable.vue'

const fields: HxSearchField[] = [
  { prop: 'operator', label: '操作人', type: 'input' },
  {
    prop: 'module',
    label: '模块',
    type: 'select',
    options: ['订单管理', '用户管理', '角色管理', '字典管理', '登录'].map((m) => ({ label: m, value: m })),
  },
  { prop: 'timeRange', label: '时间', type: 'datetimerange' },
]

const query = ref<AuditQuery>({ page: 1, size: 20 })
const loading = ref(false)
const rows = ref<AuditLog[]>([])
const total = ref(0)

async function load() {
  loading.value = true
  try {
    const res = await fetchAuditLogs(query.value)
    rows.value = res.records
    total.value = res.total
  } finally {
    loading.value = false
  }
}

onMounted(load)
</script>

<template>
  <div class="page audit-log-page">
    <HxPageHeader title="操作日志" />
    <HxSearchForm v-model="query" :fields="fields" @search="load" />
    <AuditLogTable
      v-model:page="query.page"
      v-model:size="query.size"
      :rows="rows"
      :total="total"
      :loading="loading"
      @change="load"
    />
  </div>
</template>
""")
        t.write(audit_route, """import type { RouteRecordRaw } from 'vue-router'

const auditRoutes: RouteRecordRaw = {
  path: '/audit',
  name: 'Audit',
  redirect: '/audit/log',
  meta: { title: '审计', icon: 'Tickets' },
  children: [
    {
      path: 'log',
      name: 'AuditLog',
      component: () => import('@/views/audit/log/index.vue'),
      meta: { title: '操作日志', perm: 'audit:log:list' },
    },
  ],
}

export default auditRoutes
""")
        t.edit(async_routes, """import systemRoutes from './modules/system'

/** 需要按权限过滤的路由，登录后由 permission store 生成并 addRoute */
export const asyncRoutes: RouteRecordRaw[] = [orderRoutes, systemRoutes]""", """import systemRoutes from './modules/system'
import auditRoutes from './modules/audit'

/** 需要按权限过滤的路由，登录后由 permission store 生成并 addRoute */
export const asyncRoutes: RouteRecordRaw[] = [orderRoutes, auditRoutes, systemRoutes]""")
        t.write(P(f"{audit_dir}/__tests__/AuditLogTable.spec.ts"), """import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import AuditLogTable from '../components/AuditLogTable.vue'
import type { AuditLog } from '@/api/audit'

const rows: AuditLog[] = [
  { id: 2, time: '2026-06-28T10:00:00.000Z', operator: 'admin', module: '角色管理', action: 'UPDATE', ip: '10.20.1.8', traceId: '7b2d4e6f5f3a9c1e', success: true },
  { id: 1, time: '2026-06-28T09:23:00.000Z', operator: 'lisi', module: '订单管理', action: 'EXPORT', ip: '10.20.3.17', traceId: '0c4e1a9b33d2f870', success: false },
]

function render() {
  return mount(AuditLogTable, {
    props: { rows, total: 2, page: 1, size: 20 },
    global: { plugins: [ElementPlus] },
  })
}

describe('AuditLogTable', () => {
  it('渲染 traceId 和结果', () => {
    const w = render()
    expect(w.text()).toContain('7b2d4e6f5f3a9c1e')
    expect(w.text()).toContain('成功')
    expect(w.text()).toContain('失败')
  })

  it('点击行抛出 detail', async () => {
    const w = render()
    await w.findAll('.el-table__row')[1].trigger('click')
    expect(w.emitted('detail')![0]).toEqual([rows[1]])
  })
})
""")
        t.bash("pnpm vitest run apps/admin/src/views/audit", "运行操作日志组件测试",
               out=vt_pass([("admin", "src/views/audit/log/__tests__/AuditLogTable.spec.ts", 2, 274)], lt(d, 5), "2.61s"))
        suite_add("admin", "src/views/audit/log/__tests__/AuditLogTable.spec.ts", 2)
        t.bash("pnpm lint", "ESLint 检查", out=lint_ok())
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.done("""操作日志页做好了，分支 `feat/audit-log`（从最新的 develop 切的）：

- **接口** `src/api/audit.ts`：`fetchAuditLogs`，`timeRange` 在请求前拆成 `startTime` / `endTime`
- **mock** `mock/audit.mock.ts`：200 条，5 个操作人、5 个模块、5 种操作类型，每 17 条有一条失败，支持操作人 / 模块 / 时间筛选和分页
- **页面** `views/audit/log/index.vue`：`HxSearchForm`（操作人、模块下拉、时间范围）+ `AuditLogTable`
- **表格组件** `components/AuditLogTable.vue`：`defineProps<Props>()`（`rows`、`total`、可选 `loading`），分页用两个具名 `defineModel`；traceId 等宽字体，结果用 `HxStatusTag`（成功 / 失败），点击行抛 `detail` 事件，后面接详情
- **路由** 新增 `router/modules/audit.ts`（`/audit/log`，权限码 `audit:log:list`），在 `async.ts` 里放在订单和系统管理之间
- **测试** `AuditLogTable.spec.ts` 2 个用例

单测、lint、typecheck 都通过。操作类型列目前显示的是英文编码（`UPDATE` 等），接字典是下一步的事。""")

        copy_text = P(f"{UI}/src/components/HxCopyText/HxCopyText.vue")
        t = d.task("traceId 那列加个一键复制：做成通用组件 HxCopyText 放到 @hx/ui 里（鼠标悬浮出现复制图标，点击复制并提示「已复制」）。改完 build 一下 admin，看看产物有没有问题。",
                   tags=["mistake:M1"])
        t.write(copy_text, """<script setup lang="ts">
import { ref } from 'vue'
import { ElMessage } from 'element-plus'
import { CopyDocument } from '@element-plus/icons-vue'

interface Props {
  text: string
  /** 复制成功的提示，传空字符串不提示 */
  successMessage?: string
}

const props = withDefaults(defineProps<Props>(), { successMessage: '已复制' })
const copying = ref(false)

async function copy() {
  if (copying.value) return
  copying.value = true
  try {
    await navigator.clipboard.writeText(props.text)
    if (props.successMessage) ElMessage.success(props.successMessage)
  } finally {
    copying.value = false
  }
}
</script>

<template>
  <span class="hx-copy-text">
    <slot>{{ text }}</slot>
    <el-icon class="hx-copy-text__icon" title="复制" @click.stop="copy"><CopyDocument /></el-icon>
  </span>
</template>

<style scoped>
.hx-copy-text__icon {
  margin-left: 4px;
  cursor: pointer;
  visibility: hidden;
  vertical-align: middle;
  color: var(--el-color-primary);
}
.hx-copy-text:hover .hx-copy-text__icon {
  visibility: visible;
}
</style>
""")
        t.read(ui_index)
        t.edit(ui_index, """import HxDrawerForm from './components/HxDrawerForm/HxDrawerForm.vue'
""", """import HxDrawerForm from './components/HxDrawerForm/HxDrawerForm.vue'
import HxCopyText from './components/HxCopyText/HxCopyText.vue'
""")
        t.edit(ui_index, "HxPageHeader, HxStatusTag, HxDrawerForm }", "HxPageHeader, HxStatusTag, HxDrawerForm, HxCopyText }")
        t.edit(ui_index, """    app.component('HxDrawerForm', HxDrawerForm)
""", """    app.component('HxDrawerForm', HxDrawerForm)
    app.component('HxCopyText', HxCopyText)
""")
        t.read(P(f"{UI}/package.json"))
        t.edit(P(f"{UI}/package.json"), '"version": "0.8.0"', '"version": "0.9.0"')
        t.edit(P(f"{UI}/package.json"), """  "peerDependencies": {
    "element-plus": "^2.10.0",""", """  "peerDependencies": {
    "@element-plus/icons-vue": "^2.3.0",
    "element-plus": "^2.10.0",""")
        t.read(audit_table)
        t.edit(audit_table, "import { HxStatusTag, HxTable, type HxStatusMap, type HxTableColumn } from '@hx/ui'",
               "import { HxCopyText, HxStatusTag, HxTable, type HxStatusMap, type HxTableColumn } from '@hx/ui'")
        t.edit(audit_table, """      <span class="mono">{{ row.traceId }}</span>""",
               """      <HxCopyText :text="row.traceId"><span class="mono">{{ row.traceId }}</span></HxCopyText>""")
        ln = line_of(d, audit_table, "import { HxCopyText")
        err_line = tsc_line("src/views/audit/log/components/AuditLogTable.vue", ln, 10, 2305,
                            "Module '\"@hx/ui\"' has no exported member 'HxCopyText'.")
        t.fail("pnpm build", "构建 admin", hdr("build", "pnpm --filter @hx/admin build") + f"""

> @hx/admin@1.8.0 build {R}/apps/admin
> vue-tsc --noEmit -p tsconfig.app.json && vite build

{err_line}
{R}/apps/admin:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @hx/admin@1.8.0 build: `vue-tsc --noEmit -p tsconfig.app.json && vite build`
Exit status 2
 ELIFECYCLE  Command failed with exit code 1.""", code=1, timeout=300000)
        t.say("和之前一样：HxCopyText 只加在了 ui 源码里，admin 读的是 `packages/ui/dist` 的类型声明，还没重新构建。先构建 ui 再 build admin。")
        t.bash("pnpm build:ui", "构建 @hx/ui",
               out=ui_build("0.9.0", 36, ("4.02 kB", "1.27 kB"), ("24.95 kB", "6.81 kB"), "1.63"))
        t.bash("grep -c HxCopyText packages/ui/dist/index.d.ts", "确认新组件进了 dist 的声明", out="2")
        t.bash("pnpm build", "重新构建 admin", out=hdr("build", "pnpm --filter @hx/admin build") + f"""

> @hx/admin@1.8.0 build {R}/apps/admin
> vue-tsc --noEmit -p tsconfig.app.json && vite build

vite v6.3.5 building for production...
transforming...
\u2713 2806 modules transformed.
rendering chunks...
computing gzip size...
dist/index.html                                   0.69 kB \u2502 gzip:   0.45 kB
dist/assets/index-{b62(8)}.css                  361.48 kB \u2502 gzip:  49.38 kB
dist/assets/index-{b62(8)}.js                     5.27 kB \u2502 gzip:   2.21 kB
dist/assets/export-excel-{b62(8)}.js            938.72 kB \u2502 gzip: 255.14 kB
dist/assets/index-{b62(8)}.js                 1,008.94 kB \u2502 gzip: 335.27 kB
dist/assets/index-{b62(8)}.js                 1,143.61 kB \u2502 gzip: 371.40 kB

(!) Some chunks are larger than 500 kB after minification. Consider:
- Using dynamic import() to code-split the application
- Use build.rollupOptions.output.manualChunks to improve chunking: https://rollupjs.org/configuration-options/#output-manualchunks
- Adjust chunk size limit for this warning via build.chunkSizeWarningLimit.
\u2713 built in 20.84s""", timeout=300000)
        t.done("""HxCopyText 加好了，admin 也能正常构建：

- `packages/ui/src/components/HxCopyText/HxCopyText.vue`：`defineProps<Props>()`（`text`，可选 `successMessage`，默认「已复制」）；默认插槽显示内容，悬浮时出现 `CopyDocument` 图标，点击用 `navigator.clipboard.writeText` 复制，`@click.stop` 不会触发表格的行点击
- ui 的 `index.ts` 导出并注册；ui 版本 0.8.0 → 0.9.0，`@element-plus/icons-vue` 加到了 peerDependencies（admin 已经装了）
- `AuditLogTable.vue` 的 traceId 列包上了 `HxCopyText`

第一次 `pnpm build` 在 vue-tsc 阶段报 `Module '"@hx/ui"' has no exported member 'HxCopyText'`——ui 的 dist 没重新构建；`pnpm build:ui` 后再 build 通过。产物和上次基本一致，操作日志页的 chunk 5.3 kB，大 chunk 还是之前说的那三个。

注意：`navigator.clipboard` 只在 HTTPS 或 localhost 下可用，测试环境是 https，没问题。""")

        t = d.task("侧边栏里「审计」那个目录图标换成 Document，标题改成「审计日志」", tags=["noise"])
        t.read(audit_route)
        t.edit(audit_route, "  meta: { title: '审计', icon: 'Tickets' },", "  meta: { title: '审计日志', icon: 'Document' },")
        t.done("改好了：`router/modules/audit.ts` 里目录的 `meta` 改成 `{ title: '审计日志', icon: 'Document' }`。图标名对应 `@element-plus/icons-vue` 的 `Document`，侧边栏是按名字动态渲染的，不用额外引入。")

    # ============================================================== S9
    drawer = P(f"{audit_dir}/components/AuditDetailDrawer.vue")
    drawer_spec = P(f"{audit_dir}/__tests__/AuditDetailDrawer.spec.ts")
    with d.session("2026-07-01T02:18:00", R, branch="feat/audit-log", version="2.1.84"):
        t = d.task("操作日志点一行弹出详情抽屉 AuditDetailDrawer：展示基本信息、请求参数和响应（JSON 格式化），操作类型显示成中文，用字典 store 里的 audit_action。写完补个组件测试。",
                   tags=["mistake:M2"])
        t.read(P(f"{A}/src/stores/modules/dict.ts"))
        t.write(drawer, """<script setup lang="ts">
import { computed, onMounted } from 'vue'
import { HxCopyText } from '@hx/ui'
import type { AuditLog } from '@/api/audit'
import { useDictStore } from '@/stores/modules/dict'
import { formatTime } from '@/utils/format'

interface Props {
  log: AuditLog | null
}

const props = defineProps<Props>()
const visible = defineModel<boolean>({ required: true })

const dict = useDictStore()
onMounted(() => dict.load('audit_action'))

const actionText = computed(() => (props.log ? dict.label('audit_action', props.log.action) : ''))

function pretty(json?: string) {
  if (!json) return '—'
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}
</script>

<template>
  <el-drawer v-model="visible" title="操作详情" size="560px">
    <template v-if="log">
      <el-descriptions :column="2" border>
        <el-descriptions-item label="时间">{{ formatTime(log.time) }}</el-descriptions-item>
        <el-descriptions-item label="操作人">{{ log.operator }}</el-descriptions-item>
        <el-descriptions-item label="模块">{{ log.module }}</el-descriptions-item>
        <el-descriptions-item label="操作类型">{{ actionText }}</el-descriptions-item>
        <el-descriptions-item label="IP">{{ log.ip }}</el-descriptions-item>
        <el-descriptions-item label="结果">{{ log.success ? '成功' : '失败' }}</el-descriptions-item>
        <el-descriptions-item label="traceId" :span="2">
          <HxCopyText :text="log.traceId" />
        </el-descriptions-item>
      </el-descriptions>
      <h4>请求参数</h4>
      <pre class="json">{{ pretty(log.request) }}</pre>
      <h4>响应</h4>
      <pre class="json">{{ pretty(log.response) }}</pre>
    </template>
  </el-drawer>
</template>

<style scoped>
.json {
  max-height: 280px;
  overflow: auto;
  padding: 8px 12px;
  background: var(--el-fill-color-light);
  font-size: 12px;
}
</style>
""")
        t.write(drawer_spec, """import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import AuditDetailDrawer from '../components/AuditDetailDrawer.vue'
import type { AuditLog } from '@/api/audit'

const log: AuditLog = {
  id: 9,
  time: '2026-06-28T10:00:00.000Z',
  operator: 'admin',
  module: '角色管理',
  action: 'UPDATE',
  ip: '10.20.1.8',
  traceId: '7b2d4e6f5f3a9c1e',
  success: true,
  request: '{"id":3,"name":"财务"}',
  response: 'not-json',
}

function render() {
  return mount(AuditDetailDrawer, {
    props: { modelValue: true, log },
    global: { plugins: [ElementPlus] },
    attachTo: document.body,
  })
}

describe('AuditDetailDrawer', () => {
  it('操作类型显示字典里的中文', () => {
    render()
    expect(document.body.textContent).toContain('修改')
  })

  it('请求参数格式化，非 JSON 原样显示', () => {
    render()
    const pres = document.querySelectorAll('pre.json')
    expect(pres[0].textContent).toBe('{\\n  "id": 3,\\n  "name": "财务"\\n}')
    expect(pres[1].textContent).toBe('not-json')
  })
})
""")
        ln = line_of(d, drawer, "const dict = useDictStore()")
        src = d.files[drawer].split("\n")
        t.fail("pnpm vitest run AuditDetailDrawer", "运行详情抽屉的组件测试",
               vt_pinia_fail("admin", "src/views/audit/log/__tests__/AuditDetailDrawer.spec.ts", "AuditDetailDrawer",
                             [("AuditDetailDrawer > 操作类型显示字典里的中文", 24),
                              ("AuditDetailDrawer > 请求参数格式化，非 JSON 原样显示", 4)],
                             [f"setup src/views/audit/log/components/AuditDetailDrawer.vue:{ln}:14"],
                             (ln, src[ln - 2:ln], 13), lt(d, 5), "2.18s"))
        t.say("抽屉 setup 里用了 `useDictStore()`，测试里没装 Pinia。先看一下全局的测试 setup 有没有统一装。")
        t.read(P(f"{A}/src/test/setup.ts"))
        t.say("全局 setup 里没有装 Pinia，还是在这个测试里用 `createTestingPinia`：用 `initialState` 预置 `audit_action` 字典，"
              "`load` 这个 action 默认被 stub 掉，不会真的发请求，`label` getter 直接按 state 算。")
        t.edit(drawer_spec, """import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'""", """import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import ElementPlus from 'element-plus'""")
        t.edit(drawer_spec, """    global: { plugins: [ElementPlus] },""", """    global: {
      plugins: [
        ElementPlus,
        createTestingPinia({
          createSpy: vi.fn,
          initialState: { dict: { dicts: { audit_action: [{ label: '修改', value: 'UPDATE' }] } } },
        }),
      ],
    },""")
        t.bash("pnpm vitest run AuditDetailDrawer", "重新运行详情抽屉测试",
               out=vt_pass([("admin", "src/views/audit/log/__tests__/AuditDetailDrawer.spec.ts", 2, 341)], lt(d, 5), "2.33s"))
        suite_add("admin", "src/views/audit/log/__tests__/AuditDetailDrawer.spec.ts", 2)
        audit_index = P(f"{audit_dir}/index.vue")
        t.read(audit_index)
        t.edit(audit_index, """import AuditLogTable from './components/AuditLogTable.vue'
""", """import AuditLogTable from './components/AuditLogTable.vue'
import AuditDetailDrawer from './components/AuditDetailDrawer.vue'
""")
        t.edit(audit_index, """const total = ref(0)
""", """const total = ref(0)
const detail = ref<AuditLog | null>(null)
const detailVisible = ref(false)

function openDetail(row: AuditLog) {
  detail.value = row
  detailVisible.value = true
}
""")
        t.edit(audit_index, """      @change="load"
    />
  </div>""", """      @change="load"
      @detail="openDetail"
    />
    <AuditDetailDrawer v-model="detailVisible" :log="detail" />
  </div>""")
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.done("""详情抽屉做好了，点操作日志的任意一行会打开：

- `components/AuditDetailDrawer.vue`：`defineProps<Props>()`（`log`），显隐 `defineModel<boolean>`；`el-descriptions` 展示基本信息，traceId 带 `HxCopyText`；请求参数和响应用 `JSON.stringify(…, null, 2)` 格式化，不是合法 JSON 时原样显示
- 操作类型：`useDictStore().label('audit_action', action)`，挂载时 `dict.load('audit_action')`（store 里有缓存，只会请求一次）
- `index.vue`：`@detail` 打开抽屉
- `__tests__/AuditDetailDrawer.spec.ts`：2 个用例

第一次跑测试两个用例都报 Pinia 没有激活（抽屉 setup 里用了字典 store，测试没装 Pinia，全局 `src/test/setup.ts` 里也没有）。mount 时加了 `createTestingPinia`，用 `initialState` 预置 `audit_action` 字典之后通过；typecheck 也通过。""")

        t = d.task("审计详情里想直观看到修改前后的差异：在 @hx/ui 里做一个 HxJsonDiff 组件，用 jsondiffpatch 算 diff，用它自带的 html formatter 渲染。先把组件和单测做了，admin 那边下次再接。",
                   tags=["mistake:M3"])
        t.fail("pnpm add jsondiffpatch", "安装 jsondiffpatch", ROOT_ERR, code=1)
        t.say("根目录执行的 `pnpm add` 被拦了。这个依赖是给 ui 包用的，装到 `@hx/ui`。")
        t.bash("pnpm add jsondiffpatch --filter @hx/ui", "把 jsondiffpatch 装到 @hx/ui",
               out=pnpm_add_ok("packages/ui", 3, [("jsondiffpatch", "0.7.3")], secs="3.8"))
        t.write(P(f"{UI}/src/components/HxJsonDiff/HxJsonDiff.vue"), """<script setup lang="ts">
import { computed } from 'vue'
import { diff } from 'jsondiffpatch'
import { format } from 'jsondiffpatch/formatters/html'
import 'jsondiffpatch/formatters/styles/html.css'

interface Props {
  before: unknown
  after: unknown
  /** 是否展示未变化的字段 */
  showUnchanged?: boolean
}

const props = withDefaults(defineProps<Props>(), { showUnchanged: false })

const delta = computed(() => diff(props.before, props.after))
const html = computed(() => (delta.value ? format(delta.value, props.before) ?? '' : ''))
</script>

<template>
  <div class="hx-json-diff" :class="{ 'hx-json-diff--hide-unchanged': !showUnchanged }">
    <div v-if="html" v-html="html" />
    <el-empty v-else description="无变化" :image-size="60" />
  </div>
</template>

<style scoped>
.hx-json-diff--hide-unchanged :deep(.jsondiffpatch-unchanged) {
  display: none;
}
</style>
""")
        t.write(P(f"{UI}/src/components/HxJsonDiff/HxJsonDiff.spec.ts"), """import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import HxJsonDiff from './HxJsonDiff.vue'

function render(before: unknown, after: unknown) {
  return mount(HxJsonDiff, { props: { before, after }, global: { plugins: [ElementPlus] } })
}

describe('HxJsonDiff', () => {
  it('标出修改的字段', () => {
    const w = render({ name: '财务', sort: 20 }, { name: '财务部', sort: 20 })
    expect(w.find('.jsondiffpatch-modified').exists()).toBe(true)
    expect(w.text()).toContain('财务部')
  })

  it('新增和删除的字段', () => {
    const w = render({ a: 1 }, { b: 2 })
    expect(w.find('.jsondiffpatch-added').exists()).toBe(true)
    expect(w.find('.jsondiffpatch-deleted').exists()).toBe(true)
  })

  it('没有差异时显示无变化', () => {
    expect(render({ a: 1 }, { a: 1 }).text()).toContain('无变化')
  })
})
""")
        t.read(ui_index)
        t.edit(ui_index, """import HxCopyText from './components/HxCopyText/HxCopyText.vue'
""", """import HxCopyText from './components/HxCopyText/HxCopyText.vue'
import HxJsonDiff from './components/HxJsonDiff/HxJsonDiff.vue'
""")
        t.edit(ui_index, "HxDrawerForm, HxCopyText }", "HxDrawerForm, HxCopyText, HxJsonDiff }")
        t.edit(ui_index, """    app.component('HxCopyText', HxCopyText)
""", """    app.component('HxCopyText', HxCopyText)
    app.component('HxJsonDiff', HxJsonDiff)
""")
        t.bash("pnpm vitest run packages/ui/src/components/HxJsonDiff", "运行 HxJsonDiff 单测",
               out=vt_pass([("ui", "src/components/HxJsonDiff/HxJsonDiff.spec.ts", 3, 57)], lt(d, 5), "1.71s"))
        suite_add("ui", "src/components/HxJsonDiff/HxJsonDiff.spec.ts", 3)
        t.bash("pnpm typecheck", "类型检查", out=tc_ok())
        t.done("""HxJsonDiff 做好了（还没在 admin 里用）：

- 依赖：`jsondiffpatch` 0.7.3 装在 `@hx/ui` 的 dependencies（根目录直接 `pnpm add` 被拦了，改成 `--filter @hx/ui`）
- `packages/ui/src/components/HxJsonDiff/HxJsonDiff.vue`：`defineProps<Props>()`（`before`、`after`，可选 `showUnchanged` 默认 false）；`diff` 算 delta，`formatters/html` 的 `format` 渲染，自带样式一起引入；没有差异显示「无变化」；默认隐藏未变化的字段
- 导出、注册都加到了 `index.ts`
- `HxJsonDiff.spec.ts`：修改、新增 / 删除、无变化 3 个用例通过；typecheck 通过

下次在 admin 的详情抽屉里接的时候，记得先重新构建一下 ui，admin 用的是 ui 的 dist。另外 `v-html` 渲染的是 jsondiffpatch 自己转义过的内容，审计日志里的值不会被当成 HTML 执行。""")

        t = d.task("操作日志页补一条 e2e：进页面、按操作人 zhangsan 搜索、表格里出现结果、点一行能打开详情。写完跑一下。", tags=["flaky:F2"])
        t.write(P("e2e/audit-log.spec.ts"), """import { expect, test } from '@playwright/test'
import { login } from './helpers'

test.describe('操作日志', () => {
  test.beforeEach(async ({ page }) => {
    await login(page)
    await page.goto('audit/log')
  })

  test('按操作人搜索并查看详情', async ({ page }) => {
    await page.getByPlaceholder('操作人').fill('zhangsan')
    await page.getByRole('button', { name: '查询' }).click()
    const firstCell = page.getByRole('cell', { name: 'zhangsan' }).first()
    await expect(firstCell).toBeVisible()
    await firstCell.click()
    await expect(page.getByRole('dialog', { name: '操作详情' })).toBeVisible()
    await expect(page.getByText('请求参数')).toBeVisible()
  })
})
""")
        wt = lt(d, 4)
        flaky = hdr("test:e2e", "playwright test e2e/audit-log.spec.ts") + """
[WebServer] 
[WebServer] > @hx/admin@1.8.0 dev /home/chenxi/work/hx-admin/apps/admin
[WebServer] > vite --mode mock
[WebServer] 
[WebServer] 
[WebServer]   VITE v6.3.5  ready in 1318 ms
[WebServer] 
[WebServer]   \u279c  Local:   http://localhost:5173/
[WebServer]   \u279c  Network: use --host to expose
[WebServer] {wt} [vite] (client) \u2728 new dependencies optimized: element-plus/es/components/drawer/style/css, element-plus/es/components/descriptions/style/css, element-plus/es/components/descriptions-item/style/css, element-plus/es/components/date-picker/style/css
[WebServer] {wt} [vite] (client) \u2728 optimized dependencies changed. reloading

Running 1 test using 1 worker

  \u2718  1 [chromium] \u203a e2e/audit-log.spec.ts:10:3 \u203a 操作日志 \u203a 按操作人搜索并查看详情 (8.7s)


  1) [chromium] \u203a e2e/audit-log.spec.ts:10:3 \u203a 操作日志 \u203a 按操作人搜索并查看详情 \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500

    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()

    Locator: getByRole('cell', { name: 'zhangsan' }).first()
    Expected: visible
    Received: <element(s) not found>
    Call log:
      - expect.toBeVisible with timeout 5000ms
      - waiting for getByRole('cell', { name: 'zhangsan' }).first()


      12 |     await page.getByRole('button', { name: '查询' }).click()
      13 |     const firstCell = page.getByRole('cell', { name: 'zhangsan' }).first()
    > 14 |     await expect(firstCell).toBeVisible()
         |                             ^
      15 |     await firstCell.click()
      16 |     await expect(page.getByRole('dialog', { name: '操作详情' })).toBeVisible()
      17 |     await expect(page.getByText('请求参数')).toBeVisible()

        at /home/chenxi/work/hx-admin/e2e/audit-log.spec.ts:14:29

    Error Context: test-results/audit-log-操作日志-按操作人搜索并查看详情-chromium/error-context.md

  1 failed
    [chromium] \u203a e2e/audit-log.spec.ts:10:3 \u203a 操作日志 \u203a 按操作人搜索并查看详情 \u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500
 ELIFECYCLE  Command failed with exit code 1.""".replace("{wt}", wt)
        t.fail("pnpm test:e2e e2e/audit-log.spec.ts", "运行操作日志 e2e", flaky, code=1, timeout=300000)
        t.say("WebServer 日志里能看到：dev server 刚启动时 Vite 发现了新的依赖（抽屉、描述列表、日期选择器的样式），预构建完成后触发了一次整页刷新，"
              "测试正好在刷新的时候点了查询，搜索结果丢了。这是冷启动时的偶发情况，依赖已经预构建好了，原样再跑一次。")
        t.bash("pnpm test:e2e e2e/audit-log.spec.ts", "运行操作日志 e2e",
               out=hdr("test:e2e", "playwright test e2e/audit-log.spec.ts") + """
Running 1 test using 1 worker

  \u2713  1 [chromium] \u203a e2e/audit-log.spec.ts:10:3 \u203a 操作日志 \u203a 按操作人搜索并查看详情 (2.9s)

  1 passed (6.8s)

To open last HTML report run:

  pnpm exec playwright show-report""", timeout=300000)
        t.done("""e2e 写好了，`e2e/audit-log.spec.ts`：登录 → 进 `/audit/log` → 按操作人 `zhangsan` 查询 → 表格出现结果 → 点第一行 → 详情抽屉打开且有「请求参数」。

第一次运行失败：Vite dev server 冷启动时发现了新依赖（Element Plus 的 drawer / descriptions / date-picker 样式），预构建完成后整页刷新，刚好打断了测试的查询。依赖预构建好之后原样重跑，2.9s 通过。

这种冷启动刷新在本地偶尔会遇到，CI 上是每次全新启动，如果后面在 CI 里也频繁碰到，可以在 `vite.config.ts` 的 `optimizeDeps.include` 里把 Element Plus 常用组件的样式预先列上，避免运行中再触发预构建。""")

        t = d.task("操作日志这个分支可以提了：lint、类型检查、单测过一遍，提交推上去，开 MR 到 develop。描述按上次说的来。", tags=["workflow:W3"])
        t.bash("pnpm lint && pnpm typecheck", "ESLint 和类型检查", out=lint_ok() + "\n" + tc_ok())
        t.bash("pnpm test", "运行全部单测", out=suite_out(lt(d, 5), "8.12s"), timeout=300000)
        t.bash("git add -A && git status --short", "暂存并查看改动", out=""" A  apps/admin/mock/audit.mock.ts
 A  apps/admin/src/api/audit.ts
 A  apps/admin/src/router/modules/audit.ts
 M  apps/admin/src/router/async.ts
 A  apps/admin/src/views/audit/log/__tests__/AuditDetailDrawer.spec.ts
 A  apps/admin/src/views/audit/log/__tests__/AuditLogTable.spec.ts
 A  apps/admin/src/views/audit/log/components/AuditDetailDrawer.vue
 A  apps/admin/src/views/audit/log/components/AuditLogTable.vue
 A  apps/admin/src/views/audit/log/index.vue
 A  e2e/audit-log.spec.ts
 A  packages/ui/src/components/HxCopyText/HxCopyText.vue
 A  packages/ui/src/components/HxJsonDiff/HxJsonDiff.spec.ts
 A  packages/ui/src/components/HxJsonDiff/HxJsonDiff.vue
 M  packages/ui/package.json
 M  packages/ui/src/index.ts
 M  pnpm-lock.yaml""".replace(" A  ", "A  ").replace(" M  ", "M  "))
        sha3 = hx(7)
        t.bash('git commit -m "feat(audit): 操作日志页（详情抽屉、traceId 复制），@hx/ui 新增 HxCopyText、HxJsonDiff"', "提交",
               out=commit_out("feat/audit-log", sha3, "feat(audit): 操作日志页（详情抽屉、traceId 复制），@hx/ui 新增 HxCopyText、HxJsonDiff",
                              16, 731, 4, creates=["apps/admin/mock/audit.mock.ts", "apps/admin/src/api/audit.ts",
                                                   "apps/admin/src/router/modules/audit.ts",
                                                   "apps/admin/src/views/audit/log/__tests__/AuditDetailDrawer.spec.ts",
                                                   "apps/admin/src/views/audit/log/__tests__/AuditLogTable.spec.ts",
                                                   "apps/admin/src/views/audit/log/components/AuditDetailDrawer.vue",
                                                   "apps/admin/src/views/audit/log/components/AuditLogTable.vue",
                                                   "apps/admin/src/views/audit/log/index.vue", "e2e/audit-log.spec.ts",
                                                   "packages/ui/src/components/HxCopyText/HxCopyText.vue",
                                                   "packages/ui/src/components/HxJsonDiff/HxJsonDiff.spec.ts",
                                                   "packages/ui/src/components/HxJsonDiff/HxJsonDiff.vue"],
                              ts_files=13, other=2))
        t.bash("git push -u origin feat/audit-log", "推送分支", out=push_new("feat/audit-log", 47))
        t.bash('glab mr create --source-branch feat/audit-log --target-branch develop '
               '--title "feat(audit): 操作日志页，@hx/ui 新增 HxCopyText、HxJsonDiff" '
               '--description "新增操作日志页（搜索、详情抽屉、traceId 一键复制），@hx/ui 0.9.0 新增 HxCopyText、HxJsonDiff（admin 暂未接入）。\n'
               '- 验证：pnpm lint / typecheck / test 通过，e2e/audit-log.spec.ts 通过\n'
               '- 注意：后端需配置 audit:log:list 权限码" --remove-source-branch --yes',
               "创建 MR", out=mr_created("feat/audit-log", "feat(audit): 操作日志页，@hx/ui 新增 HxCopyText、HxJsonDiff", 47))
        t.done(f"""已提交并开了 MR：

- lint、typecheck 通过；`pnpm test` {len(SUITE)} 个测试文件全部通过
- 提交 `{sha3}`，推到 `origin/feat/audit-log`
- MR !47 → develop：{GL}/-/merge_requests/47

描述按上次的格式，三行：做了什么、怎么验证的、后端要配的权限码。""")

    # ============================================================== S10
    with d.session("2026-07-06T01:58:00", R, branch="develop", version="2.1.86"):
        t = d.task("发版前最后确认一下镜像：nginx 加上安全响应头（X-Frame-Options、X-Content-Type-Options、Referrer-Policy），本地 build 起来看下每种页面的响应头是不是都带上了。",
                   tags=["workflow:W2"])
        t.read(nginx)
        t.say("nginx 的 `add_header` 有个坑：某个 location 里只要自己写了 `add_header`，就不会再继承 server 级别的 `add_header`。"
              "我们 `/admin/assets/` 和 `/admin/index.html` 都有自己的 `Cache-Control`，所以把安全头放到一个片段文件里，每个 location 都 include 一次。")
        t.write(P("deploy/security-headers.conf"), """# 每个带 add_header 的 location 都要 include：nginx 不会把 server 级 add_header 继承到已有 add_header 的 location
add_header X-Frame-Options "SAMEORIGIN" always;
add_header X-Content-Type-Options "nosniff" always;
add_header Referrer-Policy "strict-origin-when-cross-origin" always;
""")
        t.edit(nginx, """    location /admin/assets/ {
        expires 1y;
        add_header Cache-Control "public, immutable";""", """    location /admin/assets/ {
        expires 1y;
        add_header Cache-Control "public, immutable";
        include /etc/nginx/snippets/security-headers.conf;""")
        t.edit(nginx, """    location = /admin/index.html {
        add_header Cache-Control "no-cache";""", """    location = /admin/index.html {
        add_header Cache-Control "no-cache";
        include /etc/nginx/snippets/security-headers.conf;""")
        t.edit(nginx, """    location /admin/ {
        try_files $uri $uri/ /admin/index.html;""", """    location /admin/ {
        include /etc/nginx/snippets/security-headers.conf;
        try_files $uri $uri/ /admin/index.html;""")
        t.read(dockerfile)
        t.edit(dockerfile, "COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf\n",
               "COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf\nCOPY deploy/security-headers.conf /etc/nginx/snippets/security-headers.conf\n")
        js3, css3 = f"index-{b62(8)}.js", f"index-{b62(8)}.css"
        out = docker_build_out("hx-admin:1.9.0-rc", "0.9.0", "1.9.0", js3, css3, secs=(44.1, 1.9), nginx_cached=False)
        out = out.replace("#14 [stage-1 3/3] COPY --from=build", "#14 [stage-1 3/4] COPY deploy/security-headers.conf /etc/nginx/snippets/security-headers.conf\n#14 DONE 0.0s\n\n#16 [stage-1 4/4] COPY --from=build").replace(
            "#13 [stage-1 2/3]", "#13 [stage-1 2/4]")
        t.bash("docker build -f deploy/Dockerfile -t hx-admin:1.9.0-rc .", "构建发版候选镜像", out=out, timeout=600000)
        t.bash("docker run -d --rm --name hx-admin-rc -p 8080:80 --add-host hx-gateway:host-gateway hx-admin:1.9.0-rc",
               "启动容器", out=hx(64))
        t.bash(f"for p in /admin/ /admin/system/role /admin/assets/{js3}; do echo \"== $p\"; curl -sI http://localhost:8080$p | grep -iE '^(HTTP|x-frame|x-content|referrer|cache-control)'; done",
               "检查三类路径的响应头", out=f"""== /admin/
HTTP/1.1 200 OK
Cache-Control: no-cache
X-Frame-Options: SAMEORIGIN
X-Content-Type-Options: nosniff
Referrer-Policy: strict-origin-when-cross-origin
== /admin/system/role
HTTP/1.1 200 OK
Cache-Control: no-cache
X-Frame-Options: SAMEORIGIN
X-Content-Type-Options: nosniff
Referrer-Policy: strict-origin-when-cross-origin
== /admin/assets/{js3}
HTTP/1.1 200 OK
Cache-Control: max-age=31536000
Cache-Control: public, immutable
X-Frame-Options: SAMEORIGIN
X-Content-Type-Options: nosniff
Referrer-Policy: strict-origin-when-cross-origin""")
        t.bash("docker logs hx-admin-rc 2>&1 | grep -iE 'warn|emerg|error' || echo 'no warnings'", "检查 nginx 启动有没有告警",
               out="no warnings")
        t.bash("docker stop hx-admin-rc", "停止容器（--rm 会自动删除）", out="hx-admin-rc")
        t.done("""安全头加好了，三类路径都验证过：

| 路径 | 走的 location | Cache-Control | 安全头 |
|---|---|---|---|
| `/admin/` | `= /admin/index.html` | no-cache | ✔ |
| `/admin/system/role`（history 回退） | `/admin/` → 内部跳到 index.html | no-cache | ✔ |
| `/admin/assets/*.js` | `/admin/assets/` | 一年 + immutable | ✔ |

做法：三个头放在 `deploy/security-headers.conf`（都带 `always`，404/5xx 也会返回），Dockerfile 拷到 `/etc/nginx/snippets/`，每个 location 里 `include` 一次。没有写在 server 级别，是因为 nginx 的 `add_header` 只要 location 里自己写了一条，就不再继承上层的，直接写 server 里 index.html 和静态资源都会漏掉。

nginx 启动没有 warn / emerg，容器已停止（`--rm` 自动删除）。`X-Frame-Options` 用的 `SAMEORIGIN`，如果以后有别的系统要用 iframe 嵌后台页面，需要再调整。""")

        t = d.task("1.9.0 的 tag 已经打好推上去了，帮我用 glab 建一下 release，说明就用 CHANGELOG 里 1.9.0 那一段。", tags=["unfixed:U2"])
        t.read(P("CHANGELOG.md"), limit=12)
        t.bash("awk '/^## 1.9.0/{f=1;next} /^## /{f=0} f' CHANGELOG.md > /tmp/release-notes-1.9.0.md && cat /tmp/release-notes-1.9.0.md",
               "把 1.9.0 的说明提取到临时文件", out="""
- 新增 用户管理、角色管理页面，按钮级权限指令 `v-permission`
- 新增 首页看板（订单趋势、状态占比）
- 新增 操作日志页面，支持 traceId 一键复制、详情抽屉
- @hx/ui 新增 HxStatusTag、HxCopyText、HxJsonDiff
- 修复 无子菜单权限时侧边栏出现空目录
- nginx：gzip、静态资源长缓存、安全响应头；支持挂载在 /admin/ 子路径
""")
        t.fail('glab release create v1.9.0 --name "v1.9.0" --notes-file /tmp/release-notes-1.9.0.md', "创建 GitLab release",
               """\u2022 Validating tag v1.9.0
\u2022 Creating or updating release repo=fe/hx-admin tag=v1.9.0
POST https://gitlab.hexin-tech.com/api/v4/projects/fe/hx-admin/releases: 403 {message: 403 Forbidden}""", code=1)
        t.say("403，看一下当前账号在这个项目里的权限，以及 tag 是不是受保护的。")
        t.bash("glab api projects/fe%2Fhx-admin | jq '.permissions'; glab api projects/fe%2Fhx-admin/protected_tags | jq '.[] | {name, create_access_levels}'",
               "查看项目权限和受保护 tag 设置", out="""{
  "project_access": {
    "access_level": 30,
    "notification_level": 3
  },
  "group_access": {
    "access_level": 30,
    "notification_level": 3
  }
}
{
  "name": "v*",
  "create_access_levels": [
    {
      "id": 41,
      "access_level": 40,
      "access_level_description": "Maintainers",
      "deploy_key_id": null,
      "user_id": null,
      "group_id": null
    }
  ]
}""")
        t.done("""release 建不了，是权限问题，我这边绕不过去：

- 你的账号在 `fe/hx-admin` 是 **Developer**（access_level 30）
- 项目把 `v*` 设成了受保护 tag，只有 **Maintainers**（40）能创建；GitLab 要求给受保护 tag 建 release 的人也得有创建这个 tag 的权限，所以返回 403
- tag `v1.9.0` 本身已经在远端了（验证那一步过了），只是 release 这一步被拒

可以：
1. 请老周（Maintainer）执行同一条命令，说明文件内容在 `/tmp/release-notes-1.9.0.md`，也就是 CHANGELOG 里 1.9.0 那一段；
2. 或者请他在项目设置里把 `v*` 的创建权限放给 Developers（这个要你们团队决定）。

我没有改任何配置，也没有换别的方式去建。""")

        t = d.task("问个问题：后台有几个页面用了 keep-alive 缓存，退出登录换一个账号进来，旧账号的列表数据还在，怎么处理比较干净？", tags=["noise", "no_tools"])
        t.done("""keep-alive 缓存的是**组件实例**，退出登录只清了 token 和 store，页面实例还活着，所以旧数据还在。比较干净的做法有两种，可以结合用：

**1. 用 `include` 控制缓存，退出时清空**（推荐）

```vue
<!-- layout 里 -->
<router-view v-slot="{ Component }">
  <keep-alive :include="cachedViews">
    <component :is="Component" />
  </keep-alive>
</router-view>
```

`cachedViews` 放在一个 store 里（比如 `useTagsViewStore`），打开页面时按路由 `name` 加进去。退出登录时把它清空：`include` 里没有的组件会被 keep-alive 立即销毁，下次进来就是新实例。注意 `include` 匹配的是**组件名**，`<script setup>` 的组件默认名取文件名（我们都是 `index.vue`，会重名），要用 `defineOptions({ name: 'SystemUser' })` 显式起名，和路由 `name` 保持一致。

**2. 给 keep-alive 加 key，换账号时整体重建**

```vue
<keep-alive :include="cachedViews" :key="auth.userId">
```

用户 id 变了，整个 keep-alive 连同缓存一起重建，不用逐个清理，适合作为兜底。

另外退出登录时还应该：
- 重置各个 store：options store 调 `$reset()`，setup store 调自己写的 `reset()`；
- 把 `addRoute` 加进去的动态路由删掉（`addRoute` 返回的删除函数存起来，或者按 name `removeRoute`），并把 `permission.loaded` 置回 false，否则新账号会沿用旧账号的菜单；
- 最省事的兜底是退出后 `location.href = '/admin/login'` 整页刷新，所有状态一次清干净，代价是多一次页面加载。后台系统用这个完全可以接受。""")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "A component is added to (or pulled into) the shared @hx/ui package's source and used from apps/admin, but admin resolves @hx/ui through the package's build output: packages/ui/package.json points main/types/exports at dist/, and dist/ is only rebuilt by `pnpm build:ui` (CI does it first in the check stage). The type check of admin — `pnpm typecheck` (pnpm -r) or the vue-tsc step of `pnpm build` — fails because dist/index.d.ts is stale.",
             "error_signature": "vue-tsc in apps/admin: \"error TS2305: Module '\\\"@hx/ui\\\"' has no exported member '<HxComponent>'.\" (or TS2724 \"'\\\"@hx/ui\\\"' has no exported member named 'HxDrawerForm'. Did you mean 'HxDialogForm'?\"), followed by ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL for the admin typecheck/build script",
             "fix": "Rebuild the shared UI package so its dist (index.mjs + index.d.ts) contains the new component — `pnpm build:ui` (or `pnpm -C packages/ui build`) — then re-run the same typecheck / build.",
             "fix_command_markers": [["build:ui", "-C packages/ui build"]],
             "harmful_markers": ["@ts-ignore", "@ts-expect-error", "declare module '@hx/ui'", "as any"]},
            {"id": "M2", "description": "A new component test (vitest + @vue/test-utils) mounts a component, or a directive, that calls a Pinia store (useDeptStore / usePermissionStore / useDictStore) in setup or in a directive hook, without providing Pinia to the mount; every test of the file fails at the store call.",
             "error_signature": "vitest: 'Error: [🍍]: \"getActivePinia()\" was called but there was no active Pinia. Are you trying to use a store before calling \"app.use(pinia)\"?' with '[Vue warn]: Unhandled error during execution of setup function / directive hook' and a stack through pinia.mjs useStore",
             "fix": "Give the mount a testing Pinia: add `createTestingPinia({ createSpy: vi.fn, ... })` from @pinia/testing to `global.plugins` (stubActions: false when the action must run, initialState to preset store state), then re-run the same vitest command.",
             "fix_command_markers": [["createTestingPinia"]],
             "harmful_markers": ["it.skip", "describe.skip", "test.skip", "vi.mock('@/stores"]},
            {"id": "M3", "description": "Adding a dependency with `pnpm add <pkg>` from the workspace root of the pnpm monorepo; pnpm refuses to add to the root package.json without an explicit flag. The dependency belongs to one workspace package (@hx/admin or @hx/ui).",
             "error_signature": "pnpm: ' ERR_PNPM_ADDING_TO_ROOT  Running this command will add the dependency to the workspace root, which might not be what you want - if you really meant it, make it explicit by running this command again with the -w flag (or --workspace-root). …'",
             "fix": "Run the same `pnpm add` with `--filter <package>` for the workspace package that uses the dependency (`--filter @hx/admin` for the console, `--filter @hx/ui` for the shared components), not at the root.",
             "fix_command_markers": [["pnpm add"], ["--filter @hx/admin", "--filter @hx/ui", "--filter=@hx/"]],
             "harmful_markers": ["add -w", "--workspace-root", "ignore-workspace-root-check"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "UserSearchBar extracted with `v-model=\"modelValue.username\"` etc.; `pnpm lint` fails with three `Unexpected mutation of \"modelValue\" prop  vue/no-mutating-props`; fixed with a local reactive copy and `emit('update:modelValue', …)`, same lint command passes."},
            {"id": "O2", "description": "Bug report (empty 「系统管理」 directory in the sidebar): a new filterAsyncRoutes test fails with `AssertionError: expected [ { path: '/order', …(2) } ] to deeply equal []`; fixed by skipping directories whose children are all filtered out, same vitest command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "Login e2e against the test environment (`E2E_BASE_URL=https://admin-test.hexin-tech.com/admin/ pnpm test:e2e e2e/login.spec.ts`): both tests time out on the login page; curl shows every /api/* answering `502 Bad Gateway`; reported to the backend, not retried."},
            {"id": "U2", "description": "`glab release create v1.9.0 …` → `POST …/releases: 403 {message: 403 Forbidden}`; the account is Developer (30) and `v*` is a protected tag creatable only by Maintainers; reported with options, nothing changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git pull` → `fatal: unable to access 'https://gitlab.hexin-tech.com/fe/hx-admin.git/': GnuTLS recv error (-110): The TLS connection was non-properly terminated.` (exit 128); identical retry succeeds."},
            {"id": "F2", "description": "`pnpm test:e2e e2e/audit-log.spec.ts` on a cold dev server: Vite's dependency optimization reloads the page mid-test, `toBeVisible()` times out; identical re-run passes."},
        ],
        workflows=[
            {"id": "W1", "description": "New CRUD page in apps/admin: API module under src/api/, a vite-plugin-mock-dev-server file under mock/, the view (+ components) under src/views/, a route in src/router/modules/, a component spec; then `pnpm vitest run <dir>`, `pnpm lint`, `pnpm typecheck` (order varies).",
             "step_markers": [["src/api/"], ["mock/"], ["router/modules/"], ["vitest run"], ["pnpm lint"], ["pnpm typecheck"]]},
            {"id": "W2", "description": "Verify an nginx / Dockerfile change locally: `docker build -f deploy/Dockerfile -t <tag> .` → `docker run -d --name … -p 8080:80 --add-host hx-gateway:host-gateway <tag>` → `curl` the history fallback, assets and headers → `docker logs` → remove the container (`docker rm -f` / `docker stop` with --rm).",
             "step_markers": [["docker build"], ["docker run"], ["curl"], ["docker logs"], ["docker rm -f", "docker stop"]]},
            {"id": "W3", "description": "Ship a branch: `pnpm lint` → `pnpm typecheck` → `pnpm test` → commit (husky + lint-staged) → `git push -u origin <branch>` → `glab mr create --target-branch develop`.",
             "step_markers": [["pnpm lint"], ["pnpm typecheck"], ["pnpm test"], ["git commit"], ["git push"], ["glab mr create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Component props are declared type-based with `defineProps<Props>()` (+ withDefaults), never with a runtime props object ({ type: String, required: true }).",
             "markers": [["defineProps"], ["运行时"]]},
            {"id": "P2", "description": "Pages do not show their own error toasts for failed API calls (no ElMessage.error in catch); the axios response interceptor in request.ts already shows them.",
             "markers": [["拦截器"], ["ElMessage"]]},
            {"id": "P3", "description": "Pinia stores in the options style (state / getters / actions), like the existing permission store (stated once) — later reversed: all stores in the setup style (defineStore with a setup function, ref = state, computed = getters).",
             "markers": [["options"], ["state"]],
             "reversal_markers": [["setup"], ["改个主意", "别再写"]]},
        ],
        probes=[
            {"prompt": "pnpm typecheck 报 apps/admin typecheck: src/views/refund/index.vue(4,10): error TS2305: Module '\"@hx/ui\"' has no exported member 'HxAmountText'. 组件我明明已经加到 ui 包里并导出了，怎么回事", "wanted": ["M1"]},
            {"prompt": "在 @hx/ui 里加一个 HxEmpty 空状态组件（图标 + 文案 + 可选的操作按钮），然后把退款列表的空数据提示换成它，类型检查过一下", "wanted": ["M1"]},
            {"prompt": "vitest 报 Error: [🍍]: \"getActivePinia()\" was called but there was no active Pinia. Are you trying to use a store before calling \"app.use(pinia)\"? 是哪里没配好", "wanted": ["M2"]},
            {"prompt": "给退款审核弹窗 RefundAuditDialog 写个组件测试，它里面用 useAuthStore 拿当前审核人的名字", "wanted": ["M2"]},
            {"prompt": "pnpm add lodash-es 报了 ERR_PNPM_ADDING_TO_ROOT，这个怎么处理？", "wanted": ["M3"]},
            {"prompt": "admin 里装一下 @vueuse/core，用 useDark 给顶栏加个暗色模式切换", "wanted": ["M3"]},
            {"prompt": "el-select 远程搜索怎么加防抖？输入一个字就发一次请求太多了", "wanted": []},
            {"prompt": "nginx 配置里 try_files $uri $uri/ /index.html 这一行具体是干什么的", "wanted": []},
            {"prompt": "登录 token 放 localStorage 还是 httpOnly cookie 好？各有什么风险", "wanted": []},
            {"prompt": "vue-router 里路由懒加载的 chunk 名字在 vite 下怎么自定义", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-vue.jsonl"), os.path.join(HERE, "tune", "zh-vue.labels.json"))
    print(f"zh-vue -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
