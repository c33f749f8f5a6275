"""zh-nest: 林晓峰 (Lin Xiaofeng), NestJS 10 trade service (orders, refunds, coupons, merchant settlement).

Stack: Node 20, pnpm 9, NestJS 10.4 (+ @nestjs/bullmq, @nestjs/swagger, @nestjs/config), Prisma 5.22 on
PostgreSQL 16, Redis 7 + BullMQ 5, Jest 29 + ts-jest (unit under src/, e2e with supertest under test/),
ESLint 8 + Prettier 3, Docker Compose for local postgres/redis, self-hosted GitLab (glab) + GitLab CI.
Prompts and assistant replies in Chinese; tool output as the tools print it.

Written blind (see README.md next to this file); kept aside for the final measurement.

    cd bench/reflection/traces && python3 gen_zh_nest.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "linxf"
R = "/home/linxf/code/trade-service"
MODEL = "claude-opus-4-6"
GL = "https://git.chengguo.tech/trade/trade-service"
ORIGIN = "git.chengguo.tech:trade/trade-service.git"
PKG_VER = "1.7.0"
PRISMA_CLIENT = "./node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client"
PRT = "../node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js"

HX = random.Random(20260817)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def line_of(d, path, needle):
    src = d.files[path]
    return src[:src.index(needle)].count("\n") + 1


def col_of(d, path, needle, ident):
    """1-based column of `ident` inside the line that contains `needle`."""
    src = d.files[path]
    ln = line_of(d, path, needle)
    text = src.split("\n")[ln - 1]
    return ln, text.index(ident) + 1, text


# ------------------------------------------------------------------ output helpers
def hdr(script, cmd, extra=""):
    """What pnpm prints before running a package.json script."""
    return f"\n> trade-service@{PKG_VER} {script} {R}\n> {cmd}{extra}\n"


ELIFE = " ELIFECYCLE  Command failed with exit code {}."


def tsc_color(path, line, col, code, msg, src, span):
    """TypeScript formatDiagnosticsWithColorAndContext (what nest build / ts-jest print)."""
    ln = str(line)
    return (f"\x1b[96m{path}\x1b[0m:\x1b[93m{line}\x1b[0m:\x1b[93m{col}\x1b[0m - \x1b[91merror\x1b[0m"
            f"\x1b[90m TS{code}: \x1b[0m{msg}\n\n"
            f"\x1b[7m{ln}\x1b[0m {src}\n"
            f"\x1b[7m{' ' * len(ln)}\x1b[0m \x1b[91m{' ' * (col - 1)}{'~' * span}\x1b[0m\n\n")


def nest_ts(d, plus=0):
    """Nest ConsoleLogger timestamp (local time, Asia/Shanghai)."""
    t = d.clock + _dt.timedelta(hours=8, seconds=plus)
    h = t.hour % 12 or 12
    return f"{t.month:02d}/{t.day:02d}/{t.year}, {h}:{t.minute:02d}:{t.second:02d} {'AM' if t.hour < 12 else 'PM'}"


def nest_log(d, pid, level, ctx, msg, plus=0):
    return f"[Nest] {pid}  - {nest_ts(d, plus)} {level.upper():>7} [{ctx}] {msg}"


def boot_logs(d, pid):
    mods = [("PrismaModule", 14), ("BullModule", 1), ("ConfigHostModule", 0), ("ScheduleModule", 0),
            ("CouponsModule", 2), ("RefundsModule", 1), ("OrdersModule", 0)]
    out = [nest_log(d, pid, "log", "NestFactory", "Starting Nest application...")]
    for m, ms in mods:
        out.append(nest_log(d, pid, "log", "InstanceLoader", f"{m} dependencies initialized +{ms}ms"))
    return "\n".join(out)


def jest_summary(sf, sp, tf, tp, secs, pattern=None, est=None, skipped=0):
    def part(f, p):
        xs = ([f"{f} failed"] if f else []) + ([f"{p} passed"] if p or not f else [])
        return ", ".join(xs + [f"{f + p} total"])
    tm = f"Time:        {secs} s" + (f", estimated {est} s" if est else "")
    ran = f"Ran all test suites matching /{pattern}/i." if pattern else "Ran all test suites."
    return "\n".join([
        f"Test Suites: {part(sf, sp)}",
        f"Tests:       {part(tf, tp)}",
        "Snapshots:   0 total",
        tm,
        ran,
    ])


# unit test suites of the project (path -> number of tests); grows as tasks add specs
UNIT = {
    "src/auth/jwt.strategy.spec.ts": 4,
    "src/common/filters/http-exception.filter.spec.ts": 3,
    "src/common/pipes/parse-order-no.pipe.spec.ts": 5,
    "src/merchants/merchants.service.spec.ts": 8,
    "src/notifications/notifications.service.spec.ts": 6,
    "src/orders/order-no.spec.ts": 4,
    "src/orders/orders.service.spec.ts": 14,
    "src/payments/payments.service.spec.ts": 11,
    "src/payments/wechat-pay.signer.spec.ts": 6,
    "src/refunds/refunds.controller.spec.ts": 3,
    "src/refunds/refunds.service.spec.ts": 7,
}

# e2e suites (path -> tests)
E2E = {
    "test/health.e2e-spec.ts": 1,
    "test/merchants.e2e-spec.ts": 5,
    "test/orders.e2e-spec.ts": 9,
    "test/payments-notify.e2e-spec.ts": 6,
    "test/refunds.e2e-spec.ts": 7,
}

SLOW = {}


def order_suites(paths, seed):
    r = random.Random(seed)
    ps = sorted(paths)
    r.shuffle(ps)
    return ps


def jest_all_ok(suites, secs, seed, pattern=None, slow=()):
    lines = []
    for p in order_suites(suites, seed):
        extra = ""
        if p in slow:
            extra = f" ({slow[p]} s)"
        lines.append(f"PASS {p}{extra}")
    n = sum(suites.values())
    return "\n".join(lines) + "\n\n" + jest_summary(0, len(suites), 0, n, secs, pattern)


def verbose(path, tree, secs=None):
    """Jest verbose block for a single file. tree: list of (indent, text)."""
    out = [f"PASS {path}" + (f" ({secs} s)" if secs else "")]
    for ind, txt in tree:
        out.append("  " * ind + txt)
    return "\n".join(out)


def push_new(branch, objs, kib):
    return f"""Enumerating objects: {objs}, done.
Counting objects: 100% ({objs}/{objs}), done.
Delta compression using up to 12 threads
Compressing objects: 100% ({objs // 2}/{objs // 2}), done.
Writing objects: 100% ({objs - 2}/{objs - 2}), {kib} KiB | {kib} MiB/s, done.
Total {objs - 2} (delta {objs // 3}), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: To create a merge request for {branch}, visit:
remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}
remote: 
To {ORIGIN}
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def glab_mr(branch, title, iid):
    return f"""
Creating merge request for {branch} into develop in trade/trade-service

!{iid} {title} ({branch})
 {GL}/-/merge_requests/{iid}
"""


def prisma_head(db="trade"):
    return f"""Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "{db}", schema "public" at "localhost:5432"
"""


def prisma_generated(ms):
    return f"""Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma

✔ Generated Prisma Client (v5.22.0) to {PRISMA_CLIENT} in {ms}ms

Start by importing your Prisma Client (See: https://pris.ly/d/importing-client)

Tip: Interested in query caching in just a few lines of code? Try Accelerate today! https://pris.ly/tip-3-accelerate
"""


def deploy_out(n_total, names):
    applying = "\n".join(f"Applying migration `{m}`" for m in names)
    tree = "\n".join(f"  └─ {m}/\n    └─ migration.sql" for m in names)
    return f"""{prisma_head()}
{n_total} migrations found in prisma/migrations

{applying}

The following migration(s) have been applied:

migrations/
{tree}
      
All migrations have been successfully applied."""


def compose_ps(since="3 days"):
    return f"""NAME                       IMAGE                COMMAND                  SERVICE    CREATED       STATUS                    PORTS
trade-service-postgres-1   postgres:16-alpine   "docker-entrypoint.s…"   postgres   2 weeks ago   Up {since} (healthy)   0.0.0.0:5432->5432/tcp, [::]:5432->5432/tcp
trade-service-redis-1      redis:7-alpine       "docker-entrypoint.s…"   redis      2 weeks ago   Up {since} (healthy)   0.0.0.0:6379->6379/tcp, [::]:6379->6379/tcp"""


# ------------------------------------------------------------------ virtual files
FILES = {
    P("package.json"): """{
  "name": "trade-service",
  "version": "1.7.0",
  "description": "橙果生鲜交易服务：订单、退款、优惠券、商家结算",
  "private": true,
  "license": "UNLICENSED",
  "packageManager": "pnpm@9.12.3",
  "engines": {
    "node": ">=20.11"
  },
  "scripts": {
    "build": "nest build",
    "format": "prettier --write \\"src/**/*.ts\\" \\"test/**/*.ts\\"",
    "start": "nest start",
    "start:dev": "nest start --watch",
    "start:debug": "nest start --debug --watch",
    "start:prod": "node dist/main",
    "lint": "eslint \\"{src,apps,libs,test}/**/*.ts\\" --fix",
    "typecheck": "tsc --noEmit -p tsconfig.json",
    "test": "jest",
    "test:watch": "jest --watch",
    "test:cov": "jest --coverage",
    "test:e2e": "dotenv -e .env.test -- jest --config ./test/jest-e2e.json",
    "db:test:prepare": "dotenv -e .env.test -- prisma migrate deploy",
    "dev:token": "ts-node -r tsconfig-paths/register scripts/dev-token.ts",
    "openapi:export": "ts-node -r tsconfig-paths/register scripts/export-openapi.ts",
    "queue:enqueue": "ts-node -r tsconfig-paths/register scripts/enqueue.ts"
  },
  "dependencies": {
    "@nestjs/bullmq": "^10.2.1",
    "@nestjs/common": "^10.4.15",
    "@nestjs/config": "^3.3.0",
    "@nestjs/core": "^10.4.15",
    "@nestjs/jwt": "^10.2.0",
    "@nestjs/passport": "^10.0.3",
    "@nestjs/platform-express": "^10.4.15",
    "@nestjs/swagger": "^7.4.2",
    "@nestjs/terminus": "^10.2.3",
    "@prisma/client": "5.22.0",
    "bullmq": "^5.34.2",
    "class-transformer": "^0.5.1",
    "class-validator": "^0.14.1",
    "ioredis": "^5.4.2",
    "passport": "^0.7.0",
    "passport-jwt": "^4.0.1",
    "reflect-metadata": "^0.2.2",
    "rxjs": "^7.8.1"
  },
  "devDependencies": {
    "@nestjs/cli": "^10.4.9",
    "@nestjs/schematics": "^10.2.3",
    "@nestjs/testing": "^10.4.15",
    "@redocly/cli": "^1.25.15",
    "@types/express": "^4.17.21",
    "@types/jest": "^29.5.14",
    "@types/node": "^20.17.10",
    "@types/passport-jwt": "^4.0.1",
    "@types/supertest": "^6.0.2",
    "@typescript-eslint/eslint-plugin": "^7.18.0",
    "@typescript-eslint/parser": "^7.18.0",
    "dotenv-cli": "^7.4.4",
    "eslint": "^8.57.1",
    "eslint-config-prettier": "^9.1.0",
    "eslint-plugin-prettier": "^5.2.1",
    "jest": "^29.7.0",
    "jest-mock-extended": "^3.0.7",
    "prettier": "^3.4.2",
    "prisma": "5.22.0",
    "source-map-support": "^0.5.21",
    "supertest": "^7.0.0",
    "ts-jest": "^29.2.5",
    "ts-loader": "^9.5.1",
    "ts-node": "^10.9.2",
    "tsconfig-paths": "^4.2.0",
    "typescript": "^5.6.3"
  },
  "jest": {
    "moduleFileExtensions": [
      "js",
      "json",
      "ts"
    ],
    "rootDir": "src",
    "testRegex": ".*\\\\.spec\\\\.ts$",
    "transform": {
      "^.+\\\\.(t|j)s$": "ts-jest"
    },
    "collectCoverageFrom": [
      "**/*.(t|j)s"
    ],
    "coverageDirectory": "../coverage",
    "testEnvironment": "node"
  }
}
""",
    P("README.md"): """# trade-service

橙果生鲜交易服务（订单 / 退款 / 优惠券 / 商家结算）。NestJS 10 + Prisma 5 + PostgreSQL 16 + Redis/BullMQ。

## 本地开发

```bash
pnpm install
docker compose up -d          # postgres:5432 / redis:6379
cp .env.example .env
pnpm prisma migrate deploy
pnpm start:dev                # http://localhost:3000/api/v1, Swagger: /docs
```

测试库是同一个 postgres 里的 `trade_test`（`.env.test`），第一次跑 e2e 前执行 `pnpm db:test:prepare`。

## 目录

| 目录 | 说明 |
|---|---|
| `src/orders` | 下单、订单查询 |
| `src/refunds` | 退款申请 / 审核 |
| `src/payments` | 微信支付下单与回调 |
| `src/merchants` | 商家 |
| `src/notifications` | 站内信 / 短信（`notify` 队列） |
| `src/queue` | BullMQ 队列名与公共配置 |
| `prisma/` | schema 与 migrations |
| `test/` | e2e（supertest，真实数据库） |

## 约定

- 分支从 `develop` 拉，MR 合回 `develop`；`main` 只由 release 合入
- 提交信息用 Conventional Commits（`feat(refunds): ...`）
""",
    P(".gitlab-ci.yml"): """stages:
  - lint
  - test
  - build

default:
  image: registry.cn-shanghai.aliyuncs.com/chengguo/node:20.17-pnpm9
  cache:
    key:
      files:
        - pnpm-lock.yaml
    paths:
      - .pnpm-store
  before_script:
    - pnpm config set store-dir .pnpm-store
    - pnpm install --frozen-lockfile

lint:
  stage: lint
  script:
    - pnpm eslint "{src,test}/**/*.ts" --max-warnings 0
    - pnpm typecheck

unit:
  stage: test
  script:
    - pnpm test --ci --coverage
  coverage: '/All files[^|]*\\|[^|]*\\s+([\\d\\.]+)/'

e2e:
  stage: test
  services:
    - name: postgres:16-alpine
      alias: postgres
    - name: redis:7-alpine
      alias: redis
  variables:
    POSTGRES_DB: trade_test
    POSTGRES_USER: trade
    POSTGRES_PASSWORD: trade
    DATABASE_URL: postgresql://trade:trade@postgres:5432/trade_test?schema=public
    REDIS_URL: redis://redis:6379/1
  script:
    - pnpm prisma migrate deploy
    # 所有 e2e 共用一个库，每个文件 beforeEach 都会 TRUNCATE，必须串行
    - pnpm jest --config ./test/jest-e2e.json --ci --runInBand

build:
  stage: build
  image: registry.cn-shanghai.aliyuncs.com/chengguo/docker:27-cli
  services:
    - docker:27-dind
  before_script: []
  script:
    - docker build -t $ACR_REPO:$CI_COMMIT_SHORT_SHA .
    - docker push $ACR_REPO:$CI_COMMIT_SHORT_SHA
  only:
    - develop
    - main
""",
    P("docker-compose.yml"): """services:
  postgres:
    image: postgres:16-alpine
    environment:
      POSTGRES_USER: trade
      POSTGRES_PASSWORD: trade
      POSTGRES_DB: trade
    ports:
      - "5432:5432"
    volumes:
      - pgdata:/var/lib/postgresql/data
      - ./docker/initdb:/docker-entrypoint-initdb.d
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U trade"]
      interval: 5s
      retries: 10

  redis:
    image: redis:7-alpine
    ports:
      - "6379:6379"
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 5s
      retries: 10

volumes:
  pgdata:
""",
    P("src/main.ts"): """import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  configureApp(app);

  const config = new DocumentBuilder()
    .setTitle('trade-service')
    .setDescription('橙果生鲜交易服务')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('docs', app, SwaggerModule.createDocument(app, config));

  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port);
  Logger.log(`trade-service listening on :${port}`, 'Bootstrap');
}

void bootstrap();
""",
    P("src/app.setup.ts"): """import { INestApplication, ValidationPipe, VersioningType } from '@nestjs/common';
import { AllExceptionsFilter } from './common/filters/http-exception.filter';

/** main.ts 和 e2e 的 createTestApp() 共用，保证测试和线上的管道/前缀一致 */
export function configureApp(app: INestApplication): INestApplication {
  app.setGlobalPrefix('api');
  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
    }),
  );
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  return app;
}
""",
    P("src/app.module.ts"): """import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AuthModule } from './auth/auth.module';
import { HealthModule } from './health/health.module';
import { MerchantsModule } from './merchants/merchants.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { PrismaModule } from './prisma/prisma.module';
import { RefundsModule } from './refunds/refunds.module';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true }),
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        connection: { url: config.getOrThrow<string>('REDIS_URL') },
        defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 5000 },
      }),
    }),
    PrismaModule,
    AuthModule,
    HealthModule,
    MerchantsModule,
    OrdersModule,
    PaymentsModule,
    RefundsModule,
    NotificationsModule,
  ],
})
export class AppModule {}
""",
    P("src/prisma/prisma.service.ts"): """import { Injectable, OnModuleInit } from '@nestjs/common';
import { PrismaClient } from '@prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit {
  async onModuleInit(): Promise<void> {
    await this.$connect();
  }
}
""",
    P("src/queue/queue.constants.ts"): """export const QUEUES = {
  NOTIFY: 'notify',
  PAYMENT_QUERY: 'payment-query',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
""",
    P("prisma/schema.prisma"): """generator client {
  provider = "prisma-client-js"
}

datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
}

enum OrderStatus {
  PENDING_PAYMENT
  PAID
  SHIPPED
  COMPLETED
  CANCELLED
  CLOSED
}

enum RefundStatus {
  PENDING
  APPROVED
  REJECTED
  REFUNDED
  CLOSED
}

enum RefundReason {
  QUALITY
  MISSING_ITEM
  WRONG_ITEM
  LATE_DELIVERY
  OTHER
}

enum CouponStatus {
  ACTIVE
  USED
  EXPIRED
  REVOKED
}

model Merchant {
  id        String   @id @default(cuid())
  code      String   @unique @db.VarChar(32)
  name      String   @db.VarChar(64)
  createdAt DateTime @default(now()) @map("created_at")
  updatedAt DateTime @updatedAt @map("updated_at")
  orders    Order[]

  @@map("merchants")
}

model Order {
  id          String      @id @default(cuid())
  orderNo     String      @unique @map("order_no") @db.VarChar(32)
  userId      String      @map("user_id")
  merchantId  String      @map("merchant_id")
  status      OrderStatus @default(PENDING_PAYMENT)
  totalFen    Int         @map("total_fen")
  discountFen Int         @default(0) @map("discount_fen")
  paidAt      DateTime?   @map("paid_at")
  completedAt DateTime?   @map("completed_at")
  createdAt   DateTime    @default(now()) @map("created_at")
  updatedAt   DateTime    @updatedAt @map("updated_at")
  merchant    Merchant    @relation(fields: [merchantId], references: [id])
  items       OrderItem[]
  refunds     Refund[]

  @@index([userId, createdAt])
  @@index([merchantId, status])
  @@map("orders")
}

model OrderItem {
  id           String @id @default(cuid())
  orderId      String @map("order_id")
  skuId        String @map("sku_id") @db.VarChar(32)
  title        String @db.VarChar(128)
  unitPriceFen Int    @map("unit_price_fen")
  quantity     Int
  order        Order  @relation(fields: [orderId], references: [id], onDelete: Cascade)

  @@index([orderId])
  @@map("order_items")
}

model Refund {
  id         String       @id @default(cuid())
  refundNo   String       @unique @map("refund_no") @db.VarChar(32)
  orderId    String       @map("order_id")
  userId     String       @map("user_id")
  amountFen  Int          @map("amount_fen")
  reason     RefundReason
  remark     String?      @db.VarChar(200)
  status     RefundStatus @default(PENDING)
  reviewedBy String?      @map("reviewed_by")
  reviewedAt DateTime?    @map("reviewed_at")
  createdAt  DateTime     @default(now()) @map("created_at")
  updatedAt  DateTime     @updatedAt @map("updated_at")
  order      Order        @relation(fields: [orderId], references: [id])

  @@index([orderId])
  @@map("refunds")
}

model Coupon {
  id          String       @id @default(cuid())
  code        String       @unique @db.VarChar(24)
  userId      String       @map("user_id")
  title       String       @db.VarChar(64)
  discountFen Int          @map("discount_fen")
  minSpendFen Int          @default(0) @map("min_spend_fen")
  status      CouponStatus @default(ACTIVE)
  expiresAt   DateTime     @map("expires_at")
  createdAt   DateTime     @default(now()) @map("created_at")

  @@index([userId, status])
  @@map("coupons")
}

model PaymentNotify {
  id         String   @id @default(cuid())
  outTradeNo String   @unique @map("out_trade_no") @db.VarChar(32)
  payload    Json
  receivedAt DateTime @default(now()) @map("received_at")

  @@map("payment_notifies")
}
""",
    P("src/refunds/refunds.module.ts"): """import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../queue/queue.constants';
import { RefundsController } from './refunds.controller';
import { RefundsService } from './refunds.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.NOTIFY })],
  controllers: [RefundsController],
  providers: [RefundsService],
  exports: [RefundsService],
})
export class RefundsModule {}
""",
    P("src/refunds/refunds.controller.ts"): """import { Body, Controller, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, JwtUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { RolesGuard, Roles } from '../auth/roles.guard';
import { CreateRefundDto } from './dto/create-refund.dto';
import { RefundsService } from './refunds.service';

@ApiTags('refunds')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('refunds')
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Post()
  apply(@CurrentUser() user: JwtUser, @Body() dto: CreateRefundDto) {
    return this.refunds.apply(user.sub, dto);
  }

  @Post(':refundNo/approve')
  @UseGuards(RolesGuard)
  @Roles('cs')
  approve(@CurrentUser() user: JwtUser, @Param('refundNo') refundNo: string) {
    return this.refunds.approve(refundNo, user.sub);
  }
}
""",
    P("src/refunds/dto/create-refund.dto.ts"): """import { ApiProperty } from '@nestjs/swagger';
import { RefundReason } from '@prisma/client';
import { IsEnum, IsString, Length } from 'class-validator';

export class CreateRefundDto {
  @ApiProperty({ description: '订单号', example: 'CG202608160001' })
  @IsString()
  @Length(14, 14)
  orderNo!: string;

  @ApiProperty({ enum: RefundReason, description: '退款原因' })
  @IsEnum(RefundReason)
  reason!: RefundReason;
}
""",
    P("src/refunds/refunds.service.ts"): """import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { OrderStatus, Refund, RefundStatus } from '@prisma/client';
import { Queue } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES } from '../queue/queue.constants';
import { CreateRefundDto } from './dto/create-refund.dto';
import { genRefundNo } from './refund-no';

const REFUNDABLE: OrderStatus[] = [OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED];

@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QUEUES.NOTIFY) private readonly notifyQueue: Queue,
  ) {}

  async apply(userId: string, dto: CreateRefundDto): Promise<Refund> {
    const order = await this.prisma.order.findUnique({
      where: { orderNo: dto.orderNo },
      include: { refunds: true },
    });
    if (!order || order.userId !== userId) {
      throw new NotFoundException(`order ${dto.orderNo} not found`);
    }
    if (!REFUNDABLE.includes(order.status)) {
      throw new BadRequestException(`order status ${order.status} is not refundable`);
    }
    if (order.refunds.some((r) => r.status === RefundStatus.PENDING)) {
      throw new BadRequestException('a pending refund already exists');
    }
    const payable = order.totalFen - order.discountFen;
    const refund = await this.prisma.refund.create({
      data: {
        refundNo: genRefundNo(),
        orderId: order.id,
        userId,
        amountFen: payable,
        reason: dto.reason,
      },
    });
    this.logger.log(`refund applied ${refund.refundNo} order=${order.orderNo} amount=${payable}`);
    return refund;
  }

  async approve(refundNo: string, reviewer: string): Promise<Refund> {
    const refund = await this.prisma.refund.findUnique({ where: { refundNo } });
    if (!refund) {
      throw new NotFoundException(`refund ${refundNo} not found`);
    }
    if (refund.status !== RefundStatus.PENDING) {
      throw new BadRequestException(`refund ${refundNo} is ${refund.status}`);
    }
    const updated = await this.prisma.refund.update({
      where: { refundNo },
      data: { status: RefundStatus.APPROVED, reviewedBy: reviewer, reviewedAt: new Date() },
    });
    await this.notifyQueue.add('refund-approved', { refundNo, userId: refund.userId });
    return updated;
  }
}
""",
    P("src/refunds/refunds.service.spec.ts"): """import { getQueueToken } from '@nestjs/bullmq';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { OrderStatus, RefundStatus } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES } from '../queue/queue.constants';
import { RefundsService } from './refunds.service';

describe('RefundsService', () => {
  let service: RefundsService;
  const prisma = {
    order: { findUnique: jest.fn() },
    refund: { create: jest.fn(), findUnique: jest.fn(), update: jest.fn() },
  };
  const queue = { add: jest.fn() };

  beforeEach(async () => {
    jest.resetAllMocks();
    const moduleRef = await Test.createTestingModule({
      providers: [
        RefundsService,
        { provide: PrismaService, useValue: prisma },
        { provide: getQueueToken(QUEUES.NOTIFY), useValue: queue },
      ],
    }).compile();
    service = moduleRef.get(RefundsService);
  });

  const order = (over = {}) => ({
    id: 'o1',
    orderNo: 'CG202608160001',
    userId: 'u1',
    merchantId: 'm1',
    status: OrderStatus.PAID,
    totalFen: 5980,
    discountFen: 500,
    refunds: [],
    ...over,
  });

  it('refunds the payable amount', async () => {
    prisma.order.findUnique.mockResolvedValue(order());
    prisma.refund.create.mockImplementation(({ data }) => Promise.resolve({ id: 'r1', ...data }));
    const r = await service.apply('u1', { orderNo: 'CG202608160001', reason: 'QUALITY' });
    expect(r.amountFen).toBe(5480);
  });

  it('404 when the order belongs to someone else', async () => {
    prisma.order.findUnique.mockResolvedValue(order({ userId: 'u2' }));
    await expect(service.apply('u1', { orderNo: 'CG202608160001', reason: 'QUALITY' })).rejects.toBeInstanceOf(
      NotFoundException,
    );
  });

  it('rejects unpaid orders', async () => {
    prisma.order.findUnique.mockResolvedValue(order({ status: OrderStatus.PENDING_PAYMENT }));
    await expect(service.apply('u1', { orderNo: 'CG202608160001', reason: 'QUALITY' })).rejects.toBeInstanceOf(
      BadRequestException,
    );
  });

  it('rejects a second pending refund', async () => {
    prisma.order.findUnique.mockResolvedValue(order({ refunds: [{ status: RefundStatus.PENDING }] }));
    await expect(service.apply('u1', { orderNo: 'CG202608160001', reason: 'QUALITY' })).rejects.toBeInstanceOf(
      BadRequestException,
    );
  });

  it('approve marks APPROVED and notifies', async () => {
    prisma.refund.findUnique.mockResolvedValue({ refundNo: 'RF1', status: RefundStatus.PENDING, userId: 'u1' });
    prisma.refund.update.mockResolvedValue({ refundNo: 'RF1', status: RefundStatus.APPROVED });
    await service.approve('RF1', 'cs01');
    expect(queue.add).toHaveBeenCalledWith('refund-approved', { refundNo: 'RF1', userId: 'u1' });
  });

  it('approve 404', async () => {
    prisma.refund.findUnique.mockResolvedValue(null);
    await expect(service.approve('RF1', 'cs01')).rejects.toBeInstanceOf(NotFoundException);
  });

  it('approve rejects non-pending', async () => {
    prisma.refund.findUnique.mockResolvedValue({ refundNo: 'RF1', status: RefundStatus.REJECTED });
    await expect(service.approve('RF1', 'cs01')).rejects.toBeInstanceOf(BadRequestException);
  });
});
""",
    P("src/orders/dto/create-order.dto.ts"): """import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsInt, IsString, Length, Min, ValidateNested } from 'class-validator';

export class OrderItemInput {
  @ApiProperty({ example: 'SKU10023' })
  @IsString()
  @Length(1, 32)
  skuId!: string;

  @ApiProperty({ example: 2 })
  @IsInt()
  @Min(1)
  quantity!: number;
}

export class CreateOrderDto {
  @ApiProperty({ example: 'clx0m3k2a0000a8z1merch001' })
  @IsString()
  merchantId!: string;

  @ApiProperty({ type: [OrderItemInput] })
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => OrderItemInput)
  items!: OrderItemInput[];
}
""",
    P("src/orders/dto/list-orders-query.dto.ts"): """import { ApiPropertyOptional } from '@nestjs/swagger';
import { OrderStatus } from '@prisma/client';
import { IsEnum, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../common/dto/page-query.dto';

export class ListOrdersQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: OrderStatus })
  @IsOptional()
  @IsEnum(OrderStatus)
  status?: OrderStatus;
}
""",
    P("src/orders/orders.service.ts"): """import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { Order, OrderStatus, Prisma } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { SkuCatalog } from './sku-catalog';
import { CreateOrderDto } from './dto/create-order.dto';
import { ListOrdersQueryDto } from './dto/list-orders-query.dto';
import { genOrderNo } from './order-no';

@Injectable()
export class OrdersService {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly catalog: SkuCatalog,
  ) {}

  async create(userId: string, dto: CreateOrderDto): Promise<Order> {
    const skus = await this.catalog.lookup(dto.items.map((i) => i.skuId));
    const lines = dto.items.map((i) => {
      const sku = skus.get(i.skuId);
      if (!sku) {
        throw new BadRequestException(`sku ${i.skuId} is not on sale`);
      }
      return { skuId: i.skuId, title: sku.title, unitPriceFen: sku.priceFen, quantity: i.quantity };
    });
    const totalFen = lines.reduce((s, l) => s + l.unitPriceFen * l.quantity, 0);
    const order = await this.prisma.order.create({
      data: {
        orderNo: genOrderNo(),
        userId,
        merchantId: dto.merchantId,
        totalFen,
        items: { create: lines },
      },
      include: { items: true },
    });
    this.logger.log(`order created ${order.orderNo} total=${totalFen}`);
    return order;
  }

  async listForUser(userId: string, q: ListOrdersQueryDto) {
    const where: Prisma.OrderWhereInput = { userId, status: q.status };
    const [items, total] = await this.prisma.$transaction([
      this.prisma.order.findMany({
        where,
        orderBy: { createdAt: 'desc' },
        skip: (q.page - 1) * q.pageSize,
        take: q.pageSize,
        include: { items: true },
      }),
      this.prisma.order.count({ where }),
    ]);
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  async markPaid(orderNo: string, paidAt: Date): Promise<Order> {
    return this.prisma.order.update({
      where: { orderNo, status: OrderStatus.PENDING_PAYMENT },
      data: { status: OrderStatus.PAID, paidAt },
    });
  }
}
""",
    P("test/jest-e2e.json"): """{
  "moduleFileExtensions": ["js", "json", "ts"],
  "rootDir": ".",
  "testEnvironment": "node",
  "testRegex": ".e2e-spec.ts$",
  "transform": {
    "^.+\\\\.(t|j)s$": "ts-jest"
  },
  "testTimeout": 20000
}
""",
    P("test/utils/db.ts"): """import { PrismaClient } from '@prisma/client';

const TABLES = [
  'payment_notifies',
  'refunds',
  'order_items',
  'orders',
  'coupons',
  'merchants',
];

/** 每个 e2e 文件 beforeEach 调一次：清空业务表 */
export async function resetDb(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(
    `TRUNCATE TABLE ${TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`,
  );
}
""",
    P("test/utils/app.ts"): """import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { PrismaService } from '../../src/prisma/prisma.service';

export async function createTestApp(): Promise<{ app: INestApplication; prisma: PrismaService }> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = configureApp(moduleRef.createNestApplication({ logger: ['error', 'warn'] }));
  await app.init();
  return { app, prisma: app.get(PrismaService) };
}
""",
    P("test/utils/factories.ts"): """import { OrderStatus, PrismaClient } from '@prisma/client';

let seq = 0;
const next = () => String(++seq).padStart(6, '0');

export async function createMerchant(prisma: PrismaClient, over: { code?: string; name?: string } = {}) {
  return prisma.merchant.create({
    data: { code: over.code ?? `M${next()}`, name: over.name ?? '测试果园' },
  });
}

export async function createPaidOrder(
  prisma: PrismaClient,
  merchantId: string,
  userId = 'u-e2e-1',
  totalFen = 5980,
) {
  return prisma.order.create({
    data: {
      orderNo: `CG20260801${next().slice(2)}`,
      userId,
      merchantId,
      status: OrderStatus.PAID,
      totalFen,
      paidAt: new Date(),
      items: { create: [{ skuId: 'SKU10023', title: '赣南脐橙 5斤', unitPriceFen: totalFen, quantity: 1 }] },
    },
  });
}
""",
    P("test/orders.e2e-spec.ts"): """import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApp } from './utils/app';
import { resetDb } from './utils/db';
import { createMerchant } from './utils/factories';
import { tokenFor } from './utils/token';

describe('OrdersController (e2e)', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const auth = { Authorization: `Bearer ${tokenFor('u-e2e-1')}` };

  beforeAll(async () => {
    ({ app, prisma } = await createTestApp());
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    await resetDb(prisma);
  });

  const orderBody = (merchantId: string) => ({
    merchantId,
    items: [
      { skuId: 'SKU10023', quantity: 2 },
      { skuId: 'SKU20417', quantity: 1 },
    ],
  });

  describe('POST /api/v1/orders', () => {
    it('creates an order with items', async () => {
      const merchant = await createMerchant(prisma);
      const res = await request(app.getHttpServer()).post('/api/v1/orders').set(auth).send(orderBody(merchant.id));

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'PENDING_PAYMENT', totalFen: 14760 });
      expect(res.body.items).toHaveLength(2);
    });

    it('rejects an empty item list', async () => {
      const merchant = await createMerchant(prisma);
      const res = await request(app.getHttpServer())
        .post('/api/v1/orders')
        .set(auth)
        .send({ merchantId: merchant.id, items: [] });
      expect(res.status).toBe(400);
    });

    it('rejects unknown fields', async () => {
      const merchant = await createMerchant(prisma);
      const res = await request(app.getHttpServer())
        .post('/api/v1/orders')
        .set(auth)
        .send({ ...orderBody(merchant.id), price: 1 });
      expect(res.status).toBe(400);
    });

    it('rejects skus that are off sale', async () => {
      const merchant = await createMerchant(prisma);
      const res = await request(app.getHttpServer())
        .post('/api/v1/orders')
        .set(auth)
        .send({ merchantId: merchant.id, items: [{ skuId: 'SKU99999', quantity: 1 }] });
      expect(res.status).toBe(400);
    });

    it('requires a token', async () => {
      const res = await request(app.getHttpServer()).post('/api/v1/orders').send({});
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/v1/orders', () => {
    it('lists my orders newest first', async () => {
      const merchant = await createMerchant(prisma);
      for (let i = 0; i < 3; i++) {
        await request(app.getHttpServer()).post('/api/v1/orders').set(auth).send(orderBody(merchant.id));
      }
      const res = await request(app.getHttpServer()).get('/api/v1/orders?page=1&pageSize=2').set(auth);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.items).toHaveLength(2);
    });

    it('filters by status', async () => {
      const merchant = await createMerchant(prisma);
      await request(app.getHttpServer()).post('/api/v1/orders').set(auth).send(orderBody(merchant.id));
      const res = await request(app.getHttpServer()).get('/api/v1/orders?status=PAID').set(auth);
      expect(res.body.total).toBe(0);
    });

    it('does not show other users orders', async () => {
      const merchant = await createMerchant(prisma);
      await request(app.getHttpServer())
        .post('/api/v1/orders')
        .set({ Authorization: `Bearer ${tokenFor('u-e2e-2')}` })
        .send(orderBody(merchant.id));
      const res = await request(app.getHttpServer()).get('/api/v1/orders').set(auth);
      expect(res.body.total).toBe(0);
    });

    it('rejects pageSize over 50', async () => {
      const res = await request(app.getHttpServer()).get('/api/v1/orders?pageSize=51').set(auth);
      expect(res.status).toBe(400);
    });
  });
});
""",
    P("test/refunds.e2e-spec.ts"): """import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApp } from './utils/app';
import { resetDb } from './utils/db';
import { createMerchant, createPaidOrder } from './utils/factories';
import { tokenFor } from './utils/token';

describe('RefundsController (e2e)', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const auth = { Authorization: `Bearer ${tokenFor('u-e2e-1')}` };
  const cs = { Authorization: `Bearer ${tokenFor('cs-01', ['cs'])}` };

  beforeAll(async () => {
    ({ app, prisma } = await createTestApp());
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    await resetDb(prisma);
  });

  describe('POST /api/v1/refunds', () => {
    it('creates a pending refund for a paid order', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPaidOrder(prisma, merchant.id);
      const res = await request(app.getHttpServer())
        .post('/api/v1/refunds')
        .set(auth)
        .send({ orderNo: order.orderNo, reason: 'QUALITY' });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'PENDING', amountFen: 5980 });
    });

    it('404 for an order of another user', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPaidOrder(prisma, merchant.id, 'u-e2e-2');
      const res = await request(app.getHttpServer())
        .post('/api/v1/refunds')
        .set(auth)
        .send({ orderNo: order.orderNo, reason: 'QUALITY' });
      expect(res.status).toBe(404);
    });

    it('rejects a second pending refund', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPaidOrder(prisma, merchant.id);
      const body = { orderNo: order.orderNo, reason: 'QUALITY' };
      await request(app.getHttpServer()).post('/api/v1/refunds').set(auth).send(body);
      const res = await request(app.getHttpServer()).post('/api/v1/refunds').set(auth).send(body);
      expect(res.status).toBe(400);
    });

    it('validates the reason', async () => {
      const res = await request(app.getHttpServer())
        .post('/api/v1/refunds')
        .set(auth)
        .send({ orderNo: 'CG202608010001', reason: 'BORED' });
      expect(res.status).toBe(400);
    });
  });

  describe('POST /api/v1/refunds/:refundNo/approve', () => {
    it('customer service can approve', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPaidOrder(prisma, merchant.id);
      const created = await request(app.getHttpServer())
        .post('/api/v1/refunds')
        .set(auth)
        .send({ orderNo: order.orderNo, reason: 'QUALITY' });
      const res = await request(app.getHttpServer()).post(`/api/v1/refunds/${created.body.refundNo}/approve`).set(cs);
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('APPROVED');
    });

    it('users cannot approve', async () => {
      const res = await request(app.getHttpServer()).post('/api/v1/refunds/RF0001/approve').set(auth);
      expect(res.status).toBe(403);
    });

    it('404 for unknown refund', async () => {
      const res = await request(app.getHttpServer()).post('/api/v1/refunds/RF0001/approve').set(cs);
      expect(res.status).toBe(404);
    });
  });
});
""",
    P("scripts/enqueue.ts"): """/**
 * 本地手工往队列里丢一个 job：
 *   pnpm -s queue:enqueue <queue> <jobName> '<json data>'
 * 需要本地 redis 和 pnpm start:dev（worker 跑在 dev server 里）。
 */
import { Queue } from 'bullmq';

async function main() {
  const [queueName, jobName, json = '{}'] = process.argv.slice(2);
  if (!queueName || !jobName) {
    console.error('usage: enqueue <queue> <jobName> [json]');
    process.exit(2);
  }
  const queue = new Queue(queueName, { connection: { url: process.env.REDIS_URL ?? 'redis://localhost:6379/0' } });
  const job = await queue.add(jobName, JSON.parse(json));
  console.log(`enqueued ${queueName}/${jobName} id=${job.id}`);
  await queue.close();
}

void main();
""",
    P("scripts/export-openapi.ts"): """import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';

async function main() {
  const app = configureApp(await NestFactory.create(AppModule, { logger: ['error', 'warn', 'log'] }));
  const config = new DocumentBuilder().setTitle('trade-service').setVersion('1.0').addBearerAuth().build();
  const doc = SwaggerModule.createDocument(app, config);
  writeFileSync('openapi.json', JSON.stringify(doc, null, 2) + '\\n');
  console.log(`wrote openapi.json (${Object.keys(doc.paths).length} paths, ${Object.keys(doc.components?.schemas ?? {}).length} schemas)`);
  await app.close();
}

void main();
""",
    P(".eslintrc.js"): """module.exports = {
  parser: '@typescript-eslint/parser',
  parserOptions: {
    project: 'tsconfig.json',
    tsconfigRootDir: __dirname,
    sourceType: 'module',
  },
  plugins: ['@typescript-eslint/eslint-plugin'],
  extends: ['plugin:@typescript-eslint/recommended', 'plugin:prettier/recommended'],
  root: true,
  env: {
    node: true,
    jest: true,
  },
  ignorePatterns: ['.eslintrc.js', 'dist/'],
  rules: {
    '@typescript-eslint/interface-name-prefix': 'off',
    '@typescript-eslint/explicit-function-return-type': 'off',
    '@typescript-eslint/explicit-module-boundary-types': 'off',
    '@typescript-eslint/no-explicit-any': 'error',
    // 队列 add / 外部调用忘了 await 吃过亏，打开
    '@typescript-eslint/no-floating-promises': 'error',
  },
};
""",
}

FILES[P("src/notifications/notifications.service.ts")] = """import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUES } from '../queue/queue.constants';

export interface InboxMessage {
  userId: string;
  title: string;
  body: string;
  link?: string;
}

@Injectable()
export class NotificationsService {
  constructor(@InjectQueue(QUEUES.NOTIFY) private readonly queue: Queue) {}

  async sendInbox(msg: InboxMessage): Promise<void> {
    await this.queue.add('inbox', msg);
  }

  async sendSms(phone: string, template: string, params: Record<string, string>): Promise<void> {
    await this.queue.add('sms', { phone, template, params });
  }
}
"""

FILES[P("src/notifications/notify.processor.ts")] = """import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { QUEUES } from '../queue/queue.constants';
import { InboxSender } from './inbox.sender';
import { MerchantPush } from './merchant.push';
import { SmsSender } from './sms.sender';

@Processor(QUEUES.NOTIFY, { concurrency: 8 })
export class NotifyProcessor extends WorkerHost {
  private readonly logger = new Logger(NotifyProcessor.name);

  constructor(
    private readonly inbox: InboxSender,
    private readonly sms: SmsSender,
    private readonly merchantPush: MerchantPush,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case 'inbox':
        return this.inbox.send(job.data);
      case 'sms':
        return this.sms.send(job.data.phone, job.data.template, job.data.params);
      case 'refund-approved':
        return this.inbox.send({
          userId: job.data.userId,
          title: '退款已通过',
          body: `退款单 ${job.data.refundNo} 已审核通过，款项将原路退回`,
        });
      default:
        this.logger.warn(`unknown job ${job.name} (${job.id})`);
        return null;
    }
  }
}
"""

FILES[P("src/common/filters/http-exception.filter.ts")] = """import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { Request, Response } from 'express';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger(AllExceptionsFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();

    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      res.status(exception.getStatus()).json({
        ...(typeof body === 'string' ? { statusCode: exception.getStatus(), message: body } : body),
        path: req.url,
        timestamp: new Date().toISOString(),
      });
      return;
    }

    const err = exception as Error;
    this.logger.error(err.message, err.stack);
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({
      statusCode: 500,
      message: 'Internal server error',
      path: req.url,
      timestamp: new Date().toISOString(),
    });
  }
}
"""


def box_table(rows):
    """pnpm outdated table (one row per package, separators between rows)."""
    head = ("Package", "Current", "Latest")
    ws = [max(len(r[i]) for r in rows + [head]) for i in range(3)]
    def line(l, m, r):
        return l + m.join("─" * (w + 2) for w in ws) + r
    def row(r):
        return "│" + "│".join(f" {c:<{w}} " for c, w in zip(r, ws)) + "│"
    out = [line("┌", "┬", "┐"), row(head)]
    for r in rows:
        out.append(line("├", "┼", "┤"))
        out.append(row(r))
    out.append(line("└", "┴", "┘"))
    return "\n".join(out)


def find_after(d, path, anchor, needle):
    src = d.files[path]
    i = src.index(anchor)
    j = src.index(needle, i)
    return src[:j].count("\n") + 1


def jest_frame(d, path, line, ident=None, col=None, before=2, after=3):
    lines = d.files[path].split("\n")
    text = lines[line - 1]
    if col is None:
        col = text.index(ident) + 1 + (1 if ident.startswith(".") else 0) if ident else len(text) - len(text.lstrip()) + 1
    w = len(str(min(len(lines), line + after)))
    out = []
    for n in range(max(1, line - before), min(len(lines), line + after) + 1):
        txt = lines[n - 1]
        mark = ">" if n == line else " "
        out.append(f"    {mark} {n:>{w}} |" + (f" {txt}" if txt else ""))
        if n == line:
            out.append(f"      {' ' * w} | {' ' * (col - 1)}^")
    return "\n".join(out), col


def prisma_frame(d, path, line, call):
    lines = d.files[path].split("\n")
    out = []
    for n in range(max(1, line - 3), line):
        out.append(f"  {n} {lines[n - 1]}")
    text = lines[line - 1]
    out.append(f"→ {line} {text[:text.index(call) + len(call)]}")
    return "\n".join(out)


def prisma_stack(tail):
    return "\n".join([
        f"      at $n.handleRequestError ({PRT}:121:7315)",
        f"      at $n.handleAndLogRequestError ({PRT}:121:6623)",
        f"      at $n.request ({PRT}:121:6307)",
        f"      at l ({PRT}:130:9633)",
    ] + [f"      at {x}" for x in tail])


def ind4(text):
    return "\n".join(("    " + x) if x else "" for x in text.split("\n"))


def f_deadlock(d, title, spec_rel, ):
    """beforeEach resetDb() hit a deadlock with another worker's TRUNCATE."""
    dbts = P("test/utils/db.ts")
    ln = line_of(d, dbts, "  await prisma.$executeRawUnsafe(")
    frame, col = jest_frame(d, dbts, ln, ident="$executeRawUnsafe")
    sp = P(spec_rel)
    sl = line_of(d, sp, "    await resetDb(prisma);")
    return f"""  ● {title}

    PrismaClientKnownRequestError: 
    Invalid `prisma.$executeRawUnsafe()` invocation:


    Raw query failed. Code: `40P01`. Message: `deadlock detected`

{frame}

{prisma_stack([f"resetDb (utils/db.ts:{ln}:{col})", f"Object.<anonymous> ({spec_rel[5:]}:{sl}:5)"])}
"""


def f_fk(d, title, spec_rel, spec_needle):
    """createPaidOrder() after another worker truncated merchants."""
    fac = P("test/utils/factories.ts")
    ln = find_after(d, fac, "export async function createPaidOrder(", "  return prisma.order.create({")
    frame, col = jest_frame(d, fac, ln, ident="create(")
    sp = P(spec_rel)
    sl, sc, _ = col_of(d, sp, spec_needle, "createPaidOrder")
    return f"""  ● {title}

    PrismaClientKnownRequestError: 
    Invalid `prisma.order.create()` invocation in
    {fac}:{ln}:{col}

{ind4(prisma_frame(d, fac, ln, "prisma.order.create("))}
    Foreign key constraint failed on the field: `orders_merchant_id_fkey (index)`

{frame}

{prisma_stack([f"createPaidOrder (utils/factories.ts:{ln}:{col})", f"Object.<anonymous> ({spec_rel[5:]}:{sl}:{sc})"])}
"""


def f_unique(d, title, spec_line):
    """createMerchant(): two workers start their code sequence at M000001."""
    fac = P("test/utils/factories.ts")
    ln = line_of(d, fac, "  return prisma.merchant.create({")
    frame, col = jest_frame(d, fac, ln, ident="create(")
    return f"""  ● {title}

    PrismaClientKnownRequestError: 
    Invalid `prisma.merchant.create()` invocation in
    {fac}:{ln}:{col}

{ind4(prisma_frame(d, fac, ln, "prisma.merchant.create("))}
    Unique constraint failed on the fields: (`code`)

{frame}

{prisma_stack([f"createMerchant (utils/factories.ts:{ln}:{col})", f"Object.<anonymous> (merchants.e2e-spec.ts:{spec_line}:24)"])}
"""


def f_count(d, title, spec_rel, needle, expected, received):
    sp = P(spec_rel)
    ln = line_of(d, sp, needle)
    frame, col = jest_frame(d, sp, ln, ident=".toBe(")
    return f"""  ● {title}

    expect(received).toBe(expected) // Object.is equality

    Expected: {expected}
    Received: {received}

{frame}

      at Object.<anonymous> ({spec_rel[5:]}:{ln}:{col})
"""


def e2e_run(d, failing, secs, seed, slow, extra_tail="", pre=None):
    """Parallel e2e run: failing = {suite: (secs, [blocks], nfail)}."""
    lines = []
    for p in order_suites(E2E, seed):
        if pre and p in pre:
            lines.append(pre[p])
        if p in failing:
            s, blocks, _ = failing[p]
            lines.append(f"FAIL {p} ({s} s)\n" + "\n".join(blocks))
        else:
            lines.append(f"PASS {p}" + (f" ({slow[p]} s)" if p in slow else ""))
    nf = sum(f[2] for f in failing.values())
    total = sum(E2E.values())
    summ = "\nSummary of all failing tests\n" + "\n".join(
        f"FAIL {p} ({failing[p][0]} s)\n" + "\n".join(failing[p][1]) for p in sorted(failing))
    tail = (extra_tail + "\n") if extra_tail else ""
    return "\n".join(lines) + "\n" + tail + summ + "\n" + jest_summary(len(failing), len(E2E) - len(failing), nf, total - nf, secs)


def e2e_parallel_failures(d, variant):
    h = hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json")
    if variant == 1:
        failing = {
            "test/refunds.e2e-spec.ts": ("6.914", [f_fk(d, "RefundsController (e2e) › POST /api/v1/refunds › creates a pending refund for a paid order",
                                                       "test/refunds.e2e-spec.ts", "      const order = await createPaidOrder(prisma, merchant.id);\n      const res = await request(app.getHttpServer())\n        .post('/api/v1/refunds')\n        .set(auth)\n        .send({ orderNo: order.orderNo, reason: 'QUALITY' });\n\n      expect(res.status).toBe(201);")], 1),
            "test/coupons.e2e-spec.ts": ("5.772", [f_deadlock(d, "CouponsController (e2e) › POST /api/v1/coupons/:code/redeem › redeems an active coupon",
                                                             "test/coupons.e2e-spec.ts")], 1),
            "test/orders.e2e-spec.ts": ("7.203", [f_count(d, "OrdersController (e2e) › GET /api/v1/orders › lists my orders newest first",
                                                         "test/orders.e2e-spec.ts", "      expect(res.body.total).toBe(3);", 3, 1)], 1),
        }
        body = e2e_run(d, failing, "9.118", seed=21, slow={"test/payments-notify.e2e-spec.ts": "5.406"})
    elif variant == 2:
        osvc = P("src/orders/orders.service.ts")
        ol = line_of(d, osvc, "    const order = await this.prisma.order.create({")
        oc = d.files[osvc].split("\n")[ol - 1].index("this.prisma.order.create") + 1
        NX = "/home/linxf/code/trade-service/node_modules/.pnpm"
        nest_err = nest_log(d, 71420, "error", "AllExceptionsFilter", "", plus=5) + f"""
Invalid `this.prisma.order.create()` invocation in
{osvc}:{ol}:{oc + 18}

{prisma_frame(d, osvc, ol, "this.prisma.order.create(")}
Foreign key constraint failed on the field: `orders_merchant_id_fkey (index)`
PrismaClientKnownRequestError: 
Invalid `this.prisma.order.create()` invocation in
{osvc}:{ol}:{oc + 18}

{prisma_frame(d, osvc, ol, "this.prisma.order.create(")}
Foreign key constraint failed on the field: `orders_merchant_id_fkey (index)`
    at $n.handleRequestError ({NX}/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js:121:7315)
    at $n.handleAndLogRequestError ({NX}/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js:121:6623)
    at $n.request ({NX}/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js:121:6307)
    at async l ({NX}/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js:130:9633)
    at async OrdersService.create ({osvc}:{ol}:{oc + 18})"""
        spec = P("test/orders.e2e-spec.ts")
        sl = line_of(d, spec, "      expect(res.body).toMatchObject({ channel: 'MINI_PROGRAM', status: 'PENDING_PAYMENT' });")
        frame, col = jest_frame(d, spec, sl, ident=".toMatchObject(")
        ts = iso(d, 5)
        orders_block = f"""  ● OrdersController (e2e) › POST /api/v1/orders › stores the channel

    expect(received).toMatchObject(expected)

    - Expected  - 2
    + Received  + 4

      Object {{
    -   "channel": "MINI_PROGRAM",
    -   "status": "PENDING_PAYMENT",
    +   "message": "Internal server error",
    +   "path": "/api/v1/orders",
    +   "statusCode": 500,
    +   "timestamp": "{ts}",
      }}

{frame}

      at Object.<anonymous> (orders.e2e-spec.ts:{sl}:{col})
"""
        failing = {
            "test/merchants.e2e-spec.ts": ("5.118", [f_unique(d, "MerchantsController (e2e) › GET /api/v1/merchants/:code › returns the merchant by code", 31)], 1),
            "test/orders.e2e-spec.ts": ("7.664", [orders_block], 1),
            "test/refunds.e2e-spec.ts": ("7.031", [f_deadlock(d, "RefundsController (e2e) › refund timeout › auto-approves a refund still pending when the job runs",
                                                             "test/refunds.e2e-spec.ts")], 1),
        }
        body = e2e_run(d, failing, "10.472", seed=29, slow={"test/coupons.e2e-spec.ts": "5.903", "test/payments-notify.e2e-spec.ts": "5.228"},
                       pre={"test/orders.e2e-spec.ts": nest_err})
    else:
        h = hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "--coverage"')
        failing = {
            "test/coupons.e2e-spec.ts": ("6.318", [f_deadlock(d, "CouponsController (e2e) › POST /api/v1/coupons/:code/redeem › 400 when the same coupon is redeemed twice",
                                                             "test/coupons.e2e-spec.ts")], 1),
            "test/refunds.e2e-spec.ts": ("8.207", [f_fk(d, "RefundsController (e2e) › POST /api/v1/refunds › creates a pending refund for a paid order",
                                                       "test/refunds.e2e-spec.ts", "      const order = await createPaidOrder(prisma, merchant.id);")], 1),
            "test/settlements.e2e-spec.ts": ("5.944", [f_deadlock(d, "SettlementsController (e2e) › GET /api/v1/settlements/:id › 403 for a normal user",
                                                                 "test/settlements.e2e-spec.ts")], 1),
        }
        body = e2e_run(d, failing, "13.806", seed=32, slow={"test/orders.e2e-spec.ts": "7.518"}, extra_tail=coverage_table(failed=True))
    return h + "\n" + body + "\n" + ELIFE.format(1)


COV = [
    ("All files", None),
    ("src", [("app.module.ts", 100, 100, 100, 100, ""), ("app.setup.ts", 100, 100, 100, 100, "")]),
    ("src/auth", [("current-user.decorator.ts", 100, 100, 100, 100, ""), ("jwt-auth.guard.ts", 100, 100, 100, 100, ""),
                  ("jwt.strategy.ts", 92.85, 75, 100, 92.3, "27"), ("roles.guard.ts", 95.23, 87.5, 100, 94.73, "31")]),
    ("src/common/filters", [("http-exception.filter.ts", 88.88, 75, 100, 88.23, "34-35")]),
    ("src/coupons", [("coupon-expiry.cron.ts", 58.33, 0, 50, 54.54, "15-22"), ("coupon-reminder.processor.ts", 41.66, 0, 33.33, 39.13, "29-52"),
                     ("coupons.controller.ts", 100, 100, 100, 100, ""), ("coupons.service.ts", 81.25, 72.22, 75, 80.43, "50-66")]),
    ("src/merchants", [("merchant-settle-rule.service.ts", 47.05, 0, 40, 43.75, "17-39"), ("merchants.controller.ts", 100, 100, 100, 100, ""),
                       ("merchants.service.ts", 86.95, 66.66, 85.71, 86.36, "41-44")]),
    ("src/notifications", [("notifications.service.ts", 72.72, 100, 66.66, 70, "22"), ("notify.processor.ts", 38.46, 0, 50, 36.36, "23-44")]),
    ("src/orders", [("order-no.ts", 100, 100, 100, 100, ""), ("orders.controller.ts", 100, 100, 100, 100, ""),
                    ("orders.service.ts", 93.75, 83.33, 100, 93.33, "61-64"), ("sku-catalog.ts", 84.61, 50, 100, 83.33, "19-20")]),
    ("src/payments", [("payment-query.processor.ts", 35.29, 0, 50, 33.33, "21-48"), ("payments.controller.ts", 100, 100, 100, 100, ""),
                      ("payments.service.ts", 78.94, 63.63, 81.81, 78.37, "66-71,97-104"), ("wechat-pay.signer.ts", 96.55, 90, 100, 96.29, "58")]),
    ("src/refunds", [("refund-audit.service.ts", 50, 100, 33.33, 50, "16-19"), ("refund-no.ts", 100, 100, 100, 100, ""),
                     ("refund-timeout.processor.ts", 100, 100, 100, 100, ""), ("refunds-admin.controller.ts", 55.55, 100, 33.33, 55.55, "24-34"),
                     ("refunds.controller.ts", 100, 100, 100, 100, ""), ("refunds.service.ts", 95.45, 91.66, 100, 95.23, "82")]),
    ("src/settlements", [("settlement.processor.ts", 50, 100, 50, 44.44, "18-23"), ("settlement.scheduler.ts", 46.15, 100, 33.33, 41.66, "21-34"),
                         ("settlements.controller.ts", 100, 100, 100, 100, ""), ("settlements.service.ts", 68.42, 50, 60, 66.66, "46-63")]),
    ("test/utils", [("app.ts", 100, 100, 100, 100, ""), ("db.ts", 100, 100, 100, 100, ""), ("factories.ts", 100, 100, 100, 100, "")]),
]


def coverage_table(failed=False):
    def f(x):
        return f"{x:g}" if x == int(x) else f"{x}"
    rows = []
    tot = [0, 0, 0, 0]
    n = 0
    for grp, files in COV[1:]:
        vals = [sum(fl[i] for fl in files) / len(files) for i in range(1, 5)]
        rows.append((" " + grp, [round(v, 2) for v in vals], ""))
        for fl in files:
            rows.append(("  " + fl[0], list(fl[1:5]), fl[5]))
            for i in range(4):
                tot[i] += fl[i + 1]
            n += 1
    allv = [round(tot[i] / n - (1.37 if failed else 0), 2) for i in range(4)]
    rows.insert(0, ("All files", allv, ""))
    w = max(len(r[0]) for r in rows) + 1
    sep = "-" * w + "|---------|----------|---------|---------|-------------------"
    out = [sep, f"{'File':<{w}}| % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s ", sep]
    for name, v, unc in rows:
        out.append(f"{name:<{w}}| {f(v[0]):>7} | {f(v[1]):>8} | {f(v[2]):>7} | {f(v[3]):>7} | {unc:<17} ")
    out.append(sep)
    return "\n".join(out)


def iso(d, plus=0):
    t = d.clock + _dt.timedelta(seconds=plus)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def diag(d, path, needle, ident, code, msg, color=True):
    ln, col, text = col_of(d, path, needle, ident)
    rel = path[len(R) + 1:]
    if color:
        return tsc_color(rel, ln, col, code, msg, text, len(ident))
    return f"{rel}({ln},{col}): error TS{code}: {msg}\n"


def refund_view(d, refund_no, order_id, amount, reason, remark, user="u10086"):
    ts = (d.clock).strftime("%Y-%m-%dT%H:%M:%S.") + f"{d.clock.microsecond // 1000:03d}Z"
    rm = "null" if remark is None else f'"{remark}"'
    return (f'{{"id":"cm{hx(23)}","refundNo":"{refund_no}","orderId":"{order_id}","userId":"{user}",'
            f'"amountFen":{amount},"reason":"{reason}","remark":{rm},"status":"PENDING","reviewedBy":null,'
            f'"reviewedAt":null,"createdAt":"{ts}","updatedAt":"{ts}"}}')


def gen():
    d = Dev("zh-nest", U, "zh", MODEL, seed=20260817, files=FILES)

    # ============================================================== S1
    with d.session("2026-08-17T01:42:00", R, branch="feat/refund-remark", version="2.1.98"):
        t = d.task("先带我过一遍退款这块：C 端申请、客服审核、再到通知商家和用户，代码都在哪？这周要接部分退款，先熟悉一下", tags=["noise"])
        t.glob("src/refunds/**/*.ts", [P("src/refunds/dto/create-refund.dto.ts"), P("src/refunds/refund-no.ts"),
                                       P("src/refunds/refunds.controller.spec.ts"), P("src/refunds/refunds.controller.ts"),
                                       P("src/refunds/refunds.module.ts"), P("src/refunds/refunds.service.spec.ts"),
                                       P("src/refunds/refunds.service.ts")], path=R)
        t.read(P("src/refunds/refunds.controller.ts"))
        t.read(P("src/refunds/refunds.service.ts"))
        t.read(P("src/refunds/dto/create-refund.dto.ts"))
        t.grep("QUEUES.NOTIFY", path=P("src"), output_mode="content", n=True, content=f"""{P('src/notifications/notifications.service.ts')}:15:  constructor(@InjectQueue(QUEUES.NOTIFY) private readonly queue: Queue) {{}}
{P('src/notifications/notifications.module.ts')}:10:  imports: [BullModule.registerQueue({{ name: QUEUES.NOTIFY }})],
{P('src/notifications/notify.processor.ts')}:9:@Processor(QUEUES.NOTIFY, {{ concurrency: 8 }})
{P('src/refunds/refunds.module.ts')}:8:  imports: [BullModule.registerQueue({{ name: QUEUES.NOTIFY }})],
{P('src/refunds/refunds.service.ts')}:18:    @InjectQueue(QUEUES.NOTIFY) private readonly notifyQueue: Queue,""")
        t.read(P("src/notifications/notify.processor.ts"))
        t.done("""退款目前只有「申请」和「审核通过」两步，链路如下：

1. **申请** `POST /api/v1/refunds` → `RefundsController.apply` → `RefundsService.apply(userId, dto)`
   - `CreateRefundDto` 现在只有 `orderNo`（14 位）和 `reason`（`RefundReason` 枚举）
   - 校验顺序：订单存在且属于当前用户（否则 404）→ 状态在 `PAID / SHIPPED / COMPLETED` 里 → 没有进行中的 `PENDING` 退款
   - 金额固定为**全额**：`totalFen - discountFen`，写一条 `Refund`（`status = PENDING`）
   - 申请这一步**没有发任何通知**，商家那边不知道有新退款
2. **审核** `POST /api/v1/refunds/:refundNo/approve`，要求 `cs` 角色（`RolesGuard`）
   - `PENDING → APPROVED`，记 `reviewedBy / reviewedAt`
   - 然后 `notifyQueue.add('refund-approved', { refundNo, userId })`
3. **通知**：`notify` 队列的消费者是 `src/notifications/notify.processor.ts`（`WorkerHost`，并发 8），按 `job.name` 分发：`inbox`、`sms`、`refund-approved`（给用户发站内信）。遇到不认识的 job 名只打一条 warn，不会失败。

接部分退款需要改的地方：
- DTO 加金额字段，service 里把 `amountFen: payable` 改成「传了就用、不能超过实付」
- 如果要通知商家，processor 里还得加一个对应的 job 分支（比如 `refund-applied`），否则会落到 default 只打 warn
- `Refund` 表已经有 `remark VARCHAR(200)` 列，但 DTO 没开放""")

        # ---- T02: partial refund + remark (M1 #1, P1 #1)
        t = d.task("做部分退款：CreateRefundDto 加两个可选字段，amountFen（部分退款金额，不传就退全额，不能超过实付）和 remark（用户补充说明，最多 200 字，表里已经有 remark 列了）。"
                   "金额一律按「分」传整数，不要用元的小数。另外申请成功后往 notify 队列丢一个 refund-applied，让商家收到提醒。我本地 start:dev 开着，改完用 curl 打一下验证",
                   tags=["mistake:M1", "pref:P1"])
        dto = P("src/refunds/dto/create-refund.dto.ts")
        svc = P("src/refunds/refunds.service.ts")
        t.edit(dto, """import { ApiProperty } from '@nestjs/swagger';
import { RefundReason } from '@prisma/client';
import { IsEnum, IsString, Length } from 'class-validator';""", """import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RefundReason } from '@prisma/client';
import { IsEnum, IsInt, IsOptional, IsString, Length, Min } from 'class-validator';""")
        t.edit(dto, """  @IsEnum(RefundReason)
  reason!: RefundReason;
}""", """  @IsEnum(RefundReason)
  reason!: RefundReason;

  @ApiPropertyOptional({ description: '部分退款金额（分），不传则退全额', example: 1280 })
  @IsOptional()
  @IsInt()
  @Min(1)
  amountFen?: number;

  @ApiPropertyOptional({ description: '用户补充说明', maxLength: 200 })
  remark?: string;
}""")
        t.edit(svc, """    const payable = order.totalFen - order.discountFen;
    const refund = await this.prisma.refund.create({
      data: {
        refundNo: genRefundNo(),
        orderId: order.id,
        userId,
        amountFen: payable,
        reason: dto.reason,
      },
    });
    this.logger.log(`refund applied ${refund.refundNo} order=${order.orderNo} amount=${payable}`);
    return refund;""", """    const payable = order.totalFen - order.discountFen;
    const amountFen = dto.amountFen ?? payable;
    if (amountFen > payable) {
      throw new BadRequestException(`amountFen ${amountFen} exceeds paid amount ${payable}`);
    }
    const refund = await this.prisma.refund.create({
      data: {
        refundNo: genRefundNo(),
        orderId: order.id,
        userId,
        amountFen,
        reason: dto.reason,
        remark: dto.remark,
      },
    });
    this.notifyQueue.add('refund-applied', {
      refundNo: refund.refundNo,
      merchantId: order.merchantId,
      amountFen,
    });
    this.logger.log(`refund applied ${refund.refundNo} order=${order.orderNo} amount=${amountFen}/${payable}`);
    return refund;""")
        proc = P("src/notifications/notify.processor.ts")
        t.edit(proc, """      case 'refund-approved':""", """      case 'refund-applied':
        return this.merchantPush.send(job.data.merchantId, {
          title: '有新的退款申请',
          body: `退款单 ${job.data.refundNo}，金额 ${job.data.amountFen} 分，请及时处理`,
        });
      case 'refund-approved':""")
        t.bash("""docker compose exec -T postgres psql -U trade -d trade -Atc "select order_no, status, total_fen, discount_fen from orders where user_id = 'u10086' and status in ('PAID','COMPLETED') order by created_at desc limit 3\"""",
               "找一个本地可退款的订单", out="""CG202608150217|PAID|4680|0
CG202608140093|COMPLETED|12900|1000
CG202608110452|COMPLETED|3590|0""")
        curl1 = ("""TOKEN=$(pnpm -s dev:token u10086) && curl -sS --fail-with-body -X POST http://localhost:3000/api/v1/refunds """
                 """-H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' """
                 """-d '{"orderNo":"CG202608150217","reason":"QUALITY","amountFen":1280,"remark":"到货有两个橙子是烂的"}'""")
        t.fail(curl1, "用 curl 调本地退款申请接口", '{"statusCode":400,"message":["property remark should not exist"],"error":"Bad Request",'
               f'"path":"/api/v1/refunds","timestamp":"{iso(d, 3)}"}}\ncurl: (22) The requested URL returned error: 400', code=22)
        t.say("`amountFen` 过了，`remark` 被拒绝：`property remark should not exist`。看一下全局 ValidationPipe 的配置：")
        t.read(P("src/app.setup.ts"))
        t.say("`whitelist: true` + `forbidNonWhitelisted: true`：DTO 里**没有任何 class-validator 装饰器**的属性会被当成未声明字段，直接 400。"
              "我给 `remark` 只加了 `@ApiPropertyOptional`，那是 Swagger 的元数据，ValidationPipe 不认。补上校验装饰器：")
        t.edit(dto, """import { IsEnum, IsInt, IsOptional, IsString, Length, Min } from 'class-validator';""",
               """import { IsEnum, IsInt, IsOptional, IsString, Length, MaxLength, Min } from 'class-validator';""")
        t.edit(dto, """  @ApiPropertyOptional({ description: '用户补充说明', maxLength: 200 })
  remark?: string;""", """  @ApiPropertyOptional({ description: '用户补充说明', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  remark?: string;""")
        d.clock += _dt.timedelta(seconds=4)
        body = refund_view(d, "RF2608170003", "cm0k7a1f90004qz8h3w1v2p6e", 1280, "QUALITY", "到货有两个橙子是烂的")
        t.bash(curl1, "start:dev 重新编译后再调一次", out=body)
        out = verbose("src/refunds/refunds.service.spec.ts", [
            (1, "RefundsService"),
            (2, "✓ refunds the payable amount (14 ms)"),
            (2, "✓ 404 when the order belongs to someone else (3 ms)"),
            (2, "✓ rejects unpaid orders (2 ms)"),
            (2, "✓ rejects a second pending refund (2 ms)"),
            (2, "✓ approve marks APPROVED and notifies (3 ms)"),
            (2, "✓ approve 404 (1 ms)"),
            (2, "✓ approve rejects non-pending (2 ms)"),
        ])
        t.bash("pnpm test refunds.service", "跑退款 service 的单测", out=hdr("test", "jest", ' "refunds.service"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 7, "3.218", pattern="refunds.service"))
        t.done("""部分退款做好了，本地接口验证通过。

**`CreateRefundDto`**
- `amountFen?: number`：`@IsOptional() @IsInt() @Min(1)`，单位分
- `remark?: string`：`@IsOptional() @IsString() @MaxLength(200)`

**`RefundsService.apply`**
- `amountFen = dto.amountFen ?? 实付（totalFen - discountFen）`，超过实付抛 `BadRequestException`
- `remark` 写进已有的 `refunds.remark` 列
- 申请成功后往 `notify` 队列加一个 `refund-applied` job（`refundNo / merchantId / amountFen`）；`NotifyProcessor` 里加了对应分支，走 `merchantPush` 推给商家

**验证**：用 u10086 的订单 `CG202608150217`（实付 4680 分）申请退 1280 分，返回 `RF2608170003`，`status=PENDING`，`amountFen=1280`，备注已保存。已有的 7 个单测都通过。

第一次调用返回 400 `property remark should not exist`，原因是我给 `remark` 只加了 Swagger 的 `@ApiPropertyOptional`，没加 class-validator 装饰器。全局 `ValidationPipe` 开了 `whitelist + forbidNonWhitelisted`，没有校验装饰器的字段会被当成多余字段拒掉。补上 `@IsOptional() @IsString() @MaxLength(200)` 就好了。

部分退款的单测还没补，需要的话我接着写。""")

        # ---- T03: unit tests with mockDeep (P2)
        t = d.task("RefundsService 的单测补一下部分退款：不传金额退全额、传了金额按传的退、超过实付要 400。顺便把这个 spec 里手写的那堆 jest.fn() 换掉——"
                   "Prisma 的 mock 统一用 jest-mock-extended 的 mockDeep，以后写单测都这么来", tags=["pref:P2"])
        spec = P("src/refunds/refunds.service.spec.ts")
        t.read(spec)
        t.write(spec, """import { getQueueToken } from '@nestjs/bullmq';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Order, OrderStatus, PrismaClient, Refund, RefundStatus } from '@prisma/client';
import { Queue } from 'bullmq';
import { DeepMockProxy, mockDeep } from 'jest-mock-extended';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES } from '../queue/queue.constants';
import { RefundsService } from './refunds.service';

type OrderWithRefunds = Order & { refunds: Refund[] };

describe('RefundsService', () => {
  let service: RefundsService;
  let prisma: DeepMockProxy<PrismaClient>;
  let queue: DeepMockProxy<Queue>;

  beforeEach(async () => {
    prisma = mockDeep<PrismaClient>();
    queue = mockDeep<Queue>();
    const moduleRef = await Test.createTestingModule({
      providers: [
        RefundsService,
        { provide: PrismaService, useValue: prisma },
        { provide: getQueueToken(QUEUES.NOTIFY), useValue: queue },
      ],
    }).compile();
    service = moduleRef.get(RefundsService);
  });

  const order = (over: Partial<OrderWithRefunds> = {}): OrderWithRefunds =>
    ({
      id: 'o1',
      orderNo: 'CG202608160001',
      userId: 'u1',
      merchantId: 'm1',
      status: OrderStatus.PAID,
      totalFen: 5980,
      discountFen: 500,
      refunds: [],
      ...over,
    }) as OrderWithRefunds;

  const echoCreate = () =>
    prisma.refund.create.mockImplementation(((args: { data: Partial<Refund> }) =>
      Promise.resolve({ id: 'r1', refundNo: 'RF1', ...args.data })) as never);

  describe('apply', () => {
    const base = { orderNo: 'CG202608160001', reason: 'QUALITY' as const };

    it('refunds the paid amount when amountFen is omitted', async () => {
      prisma.order.findUnique.mockResolvedValue(order());
      echoCreate();

      const r = await service.apply('u1', base);

      expect(r.amountFen).toBe(5480);
    });

    it('refunds the given amount', async () => {
      prisma.order.findUnique.mockResolvedValue(order());
      echoCreate();

      const r = await service.apply('u1', { ...base, amountFen: 1280, remark: '有两个坏的' });

      expect(r).toMatchObject({ amountFen: 1280, remark: '有两个坏的' });
    });

    it('allows refunding exactly the paid amount', async () => {
      prisma.order.findUnique.mockResolvedValue(order());
      echoCreate();

      await expect(service.apply('u1', { ...base, amountFen: 5480 })).resolves.toMatchObject({ amountFen: 5480 });
    });

    it('rejects an amount above the paid amount', async () => {
      prisma.order.findUnique.mockResolvedValue(order());

      await expect(service.apply('u1', { ...base, amountFen: 5481 })).rejects.toBeInstanceOf(BadRequestException);
      expect(prisma.refund.create).not.toHaveBeenCalled();
    });

    it('notifies the merchant', async () => {
      prisma.order.findUnique.mockResolvedValue(order());
      echoCreate();

      await service.apply('u1', { ...base, amountFen: 1000 });

      expect(queue.add).toHaveBeenCalledWith('refund-applied', { refundNo: 'RF1', merchantId: 'm1', amountFen: 1000 });
    });

    it('404 when the order belongs to someone else', async () => {
      prisma.order.findUnique.mockResolvedValue(order({ userId: 'u2' }));

      await expect(service.apply('u1', base)).rejects.toBeInstanceOf(NotFoundException);
    });

    it('rejects unpaid orders', async () => {
      prisma.order.findUnique.mockResolvedValue(order({ status: OrderStatus.PENDING_PAYMENT }));

      await expect(service.apply('u1', base)).rejects.toBeInstanceOf(BadRequestException);
    });

    it('rejects a second pending refund', async () => {
      prisma.order.findUnique.mockResolvedValue(order({ refunds: [{ status: RefundStatus.PENDING } as Refund] }));

      await expect(service.apply('u1', base)).rejects.toBeInstanceOf(BadRequestException);
    });
  });

  describe('approve', () => {
    it('marks APPROVED and notifies the user', async () => {
      prisma.refund.findUnique.mockResolvedValue({ refundNo: 'RF1', status: RefundStatus.PENDING, userId: 'u1' } as Refund);
      prisma.refund.update.mockResolvedValue({ refundNo: 'RF1', status: RefundStatus.APPROVED } as Refund);

      await service.approve('RF1', 'cs01');

      expect(queue.add).toHaveBeenCalledWith('refund-approved', { refundNo: 'RF1', userId: 'u1' });
    });

    it('404 for an unknown refund', async () => {
      prisma.refund.findUnique.mockResolvedValue(null);

      await expect(service.approve('RF1', 'cs01')).rejects.toBeInstanceOf(NotFoundException);
    });
  });
});
""")
        UNIT["src/refunds/refunds.service.spec.ts"] = 10
        out = verbose("src/refunds/refunds.service.spec.ts", [
            (1, "RefundsService"),
            (2, "apply"),
            (3, "✓ refunds the paid amount when amountFen is omitted (17 ms)"),
            (3, "✓ refunds the given amount (3 ms)"),
            (3, "✓ allows refunding exactly the paid amount (2 ms)"),
            (3, "✓ rejects an amount above the paid amount (4 ms)"),
            (3, "✓ notifies the merchant (2 ms)"),
            (3, "✓ 404 when the order belongs to someone else (2 ms)"),
            (3, "✓ rejects unpaid orders (2 ms)"),
            (3, "✓ rejects a second pending refund (1 ms)"),
            (2, "approve"),
            (3, "✓ marks APPROVED and notifies the user (3 ms)"),
            (3, "✓ 404 for an unknown refund (1 ms)"),
        ])
        t.bash("pnpm test refunds.service", "跑退款 service 的单测", out=hdr("test", "jest", ' "refunds.service"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 10, "3.604", pattern="refunds.service"))
        t.done("""`refunds.service.spec.ts` 重写好了，10 个用例全过。

- mock 换成 `jest-mock-extended`：`prisma = mockDeep<PrismaClient>()`、`queue = mockDeep<Queue>()`，每个用例前重新创建，不再需要 `jest.resetAllMocks()`，类型也能跟着 Prisma Client 走
- 部分退款新增 5 个用例：不传金额退全额（5980 − 500 = 5480）、按传入金额退（带 remark）、正好等于实付的边界、超过实付 400 且不落库、申请后给商家发 `refund-applied`
- 原来的 404 / 未支付 / 重复申请 / 审核这几个用例保留

`amountFen <= 0` 已经由 DTO 的 `@Min(1)` 拦住，按你说的没在 service 层测。""")

        # ---- T04: no tools
        t = d.task("问一下：Prisma 的交互式事务 $transaction(async (tx) => ...) 默认是什么隔离级别？部分退款要防止同一个订单被并发申请超退，光包一个事务够不够", tags=["noise", "no_tools"])
        t.done("""不够。

**默认隔离级别**：Prisma 不设置隔离级别时用数据库默认值，PostgreSQL 是 **READ COMMITTED**。可以用 `$transaction(fn, { isolationLevel: Prisma.TransactionIsolationLevel.Serializable })` 指定。

**为什么光包事务不够**：现在的逻辑是「查订单和已有退款 → 判断 → 插入退款」。READ COMMITTED 下，两个并发请求都能读到「还没有 PENDING 退款」，然后各插一条，总额就超了。事务只保证原子性，不会替你加锁。

**几种做法**（从简单到重）：

1. **锁订单行**：事务里先执行 `SELECT ... FROM orders WHERE id = $1 FOR UPDATE`（Prisma 里用 `tx.$queryRaw`），后到的请求会等前一个提交，再读到最新的退款记录。改动最小，推荐。
2. **数据库约束兜底**：对 `refunds(order_id) WHERE status = 'PENDING'` 建部分唯一索引，同一订单只能有一条进行中的退款，并发插入会有一条报 `P2002`，转成 400。缺点是 Prisma schema 表达不了部分索引，只能手写在 migration SQL 里，后面 `migrate dev` 可能会把它当成 drift。
3. **Serializable**：冲突时 PG 报 `40001`，需要自己写重试，对这个场景有点重。

如果以后允许同一订单多次部分退款，就不能只判断「有没有 PENDING」，要在锁内算「已退 + 本次 ≤ 实付」，所以方案 1 更通用。""")

    # ============================================================== S2
    with d.session("2026-08-19T02:05:00", R, branch="feat/refund-remark", version="2.1.99"):
        # ---- T05: rebase, migrate deploy, stale client (M2 #1)
        t = d.task("阿杰的退款审计（RefundAudit 表 + 客服后台的审计接口）已经合进 develop 了。我这个分支 rebase 一下 develop，本地库把新的 migration 也跑上，然后跑一遍单测",
                   tags=["mistake:M2"])
        t.bash("git status -sb", "确认工作区干净", out="## feat/refund-remark")
        t.bash("git fetch origin && git rebase origin/develop", "拉取并 rebase 到 develop", out="""Successfully rebased and updated refs/heads/feat/refund-remark.""",
               err="""From git.chengguo.tech:trade/trade-service
   7c1e9a2..e4b0d17  develop    -> origin/develop""")
        t.bash("git log --stat --format='%h %an %s' -2 origin/develop", "看 develop 上新合入的改动", out="""e4b0d17 吴杰 Merge branch 'feat/refund-audit' into 'develop'
9b27c40 吴杰 feat(refunds): 退款审计记录 + 客服后台审计接口
 prisma/migrations/20260818073512_add_refund_audit/migration.sql | 17 +++++
 prisma/schema.prisma                                            | 16 +++++
 src/refunds/refund-audit.service.spec.ts                        | 58 +++++++++++++++
 src/refunds/refund-audit.service.ts                             | 25 +++++++
 src/refunds/refunds-admin.controller.spec.ts                    | 41 +++++++++++
 src/refunds/refunds-admin.controller.ts                         | 38 ++++++++++
 src/refunds/refunds.module.ts                                   |  6 +-
 7 files changed, 199 insertions(+), 2 deletions(-)""")
        # the teammate's change, now in the working tree
        sch = P("prisma/schema.prisma")
        d.files[sch] = d.files[sch].replace("""  order      Order        @relation(fields: [orderId], references: [id])

  @@index([orderId])
  @@map("refunds")
}
""", """  order      Order        @relation(fields: [orderId], references: [id])
  audits     RefundAudit[]

  @@index([orderId])
  @@map("refunds")
}

enum AuditAction {
  APPROVE
  REJECT
  NOTE
}

model RefundAudit {
  id        String      @id @default(cuid())
  refundId  String      @map("refund_id")
  operator  String      @db.VarChar(32)
  action    AuditAction
  note      String?     @db.VarChar(500)
  createdAt DateTime    @default(now()) @map("created_at")
  refund    Refund      @relation(fields: [refundId], references: [id])

  @@index([refundId, createdAt])
  @@map("refund_audits")
}
""")
        rmod = P("src/refunds/refunds.module.ts")
        d.files[rmod] = """import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../queue/queue.constants';
import { RefundAuditService } from './refund-audit.service';
import { RefundsAdminController } from './refunds-admin.controller';
import { RefundsController } from './refunds.controller';
import { RefundsService } from './refunds.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.NOTIFY })],
  controllers: [RefundsController, RefundsAdminController],
  providers: [RefundsService, RefundAuditService],
  exports: [RefundsService],
})
export class RefundsModule {}
"""
        audit = P("src/refunds/refund-audit.service.ts")
        d.files[audit] = """import { Injectable } from '@nestjs/common';
import { AuditAction, RefundAudit } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class RefundAuditService {
  constructor(private readonly prisma: PrismaService) {}

  record(refundId: string, operator: string, action: AuditAction, note?: string): Promise<RefundAudit> {
    return this.prisma.refundAudit.create({
      data: { refundId, operator, action, note },
    });
  }

  listForRefund(refundId: string): Promise<RefundAudit[]> {
    return this.prisma.refundAudit.findMany({
      where: { refundId },
      orderBy: { createdAt: 'asc' },
    });
  }
}
"""
        t.bash("pnpm prisma migrate deploy", "把新 migration 应用到本地库", out=deploy_out(14, ["20260818073512_add_refund_audit"]))
        l1, c1, s1 = col_of(d, audit, "import { AuditAction, RefundAudit }", "AuditAction")
        l1b, c1b, _ = col_of(d, audit, "import { AuditAction, RefundAudit }", "RefundAudit")
        l2, c2, s2 = col_of(d, audit, "this.prisma.refundAudit.create", "refundAudit")
        l3, c3, s3 = col_of(d, audit, "this.prisma.refundAudit.findMany", "refundAudit")
        diags = (tsc_color("src/refunds/refund-audit.service.ts", l1, c1, 2305, "Module '\"@prisma/client\"' has no exported member 'AuditAction'.", s1, 11)
                 + tsc_color("src/refunds/refund-audit.service.ts", l1b, c1b, 2305, "Module '\"@prisma/client\"' has no exported member 'RefundAudit'.", s1, 11)
                 + tsc_color("src/refunds/refund-audit.service.ts", l2, c2, 2339, "Property 'refundAudit' does not exist on type 'PrismaService'.", s2, 11)
                 + tsc_color("src/refunds/refund-audit.service.ts", l3, c3, 2339, "Property 'refundAudit' does not exist on type 'PrismaService'.", s3, 11))
        ind = "\n".join(("    " + x) if x else "" for x in diags.rstrip("\n").split("\n"))
        suites = dict(UNIT)
        passed = [p for p in order_suites(suites, 5)]
        body = []
        for p in passed[:4]:
            body.append(f"PASS {p}")
        body.append(f"FAIL src/refunds/refund-audit.service.spec.ts\n  ● Test suite failed to run\n\n{ind}\n")
        for p in passed[4:8]:
            body.append(f"PASS {p}")
        body.append(f"FAIL src/refunds/refunds-admin.controller.spec.ts\n  ● Test suite failed to run\n\n{ind}\n")
        for p in passed[8:]:
            body.append(f"PASS {p}")
        n_ok = sum(suites.values())
        out = hdr("test", "jest") + "\n" + "\n".join(body) + "\n\n" + jest_summary(2, len(suites), 0, n_ok, "8.377") + "\n" + ELIFE.format(1)
        t.fail("pnpm test", "跑全部单测", out)
        t.say("两个新 spec 在编译阶段就挂了：`@prisma/client` 里没有 `RefundAudit` / `AuditAction`，`PrismaService` 上也没有 `refundAudit`。"
              "表已经建了，像是生成的 client 还是旧的，对比一下时间：")
        t.bash("ls -l --time-style=+'%m-%d %H:%M' prisma/schema.prisma node_modules/.prisma/client/index.d.ts",
               "比较 schema 和生成的 client 的修改时间", out="""-rw-r--r-- 1 linxf linxf 1198443 08-12 16:20 node_modules/.prisma/client/index.d.ts
-rw-r--r-- 1 linxf linxf    4517 08-19 10:11 prisma/schema.prisma""")
        t.say("确认了：`prisma migrate deploy` 只执行 SQL，不会触发 generator，client 还停在 12 号的 schema。重新生成：")
        t.bash("pnpm prisma generate", "重新生成 Prisma Client", out=prisma_generated(412))
        UNIT["src/refunds/refund-audit.service.spec.ts"] = 4
        UNIT["src/refunds/refunds-admin.controller.spec.ts"] = 3
        t.bash("pnpm test", "重新跑全部单测", out=hdr("test", "jest"), err=jest_all_ok(UNIT, "7.951", seed=6))
        t.done("""rebase 和迁移都完成了，单测全过（13 个 suite，81 个用例）。

- rebase 到 `origin/develop`（`e4b0d17`，阿杰的 `feat/refund-audit`），没有冲突
- 本地库执行了 `20260818073512_add_refund_audit`（新表 `refund_audits` + 枚举 `AuditAction`）

中间有一次失败：`prisma migrate deploy` 只跑 SQL，**不会重新生成 Prisma Client**。阿杰的 `refund-audit.service.ts` 用到了新的 `RefundAudit` 类型和 `prisma.refundAudit`，ts-jest 编译时报 `TS2305` / `TS2339: Property 'refundAudit' does not exist on type 'PrismaService'`，两个新 spec 跑不起来。执行 `pnpm prisma generate` 之后就好了。我们自己的代码不受影响。""")

        # ---- T06: ship (W1 #1, O1)
        t = d.task("部分退款可以提 MR 了。老规矩：lint、单测、build 都过了再 push，MR 提到 develop", tags=["workflow:W1", "oneoff:O1"])
        ln = line_of(d, svc, "    this.notifyQueue.add('refund-applied', {")
        t.fail("pnpm lint", "eslint 检查", hdr("lint", 'eslint "{src,apps,libs,test}/**/*.ts" --fix') + f"""

{svc}
  {ln}:5  error  Promises must be awaited, end with a call to .catch, end with a call to .then with a rejection handler or be explicitly marked as ignored with the `void` operator  @typescript-eslint/no-floating-promises

✖ 1 problem (1 error, 0 warnings)

{ELIFE.format(1)}""")
        t.read(svc, offset=ln - 16, limit=26)
        t.say("是部分退款时新加的 `refund-applied` 入队调用没有 await。这里应该等入队成功再返回，入队失败时让请求报错，不能悄悄丢掉：")
        t.edit(svc, """    this.notifyQueue.add('refund-applied', {""", """    await this.notifyQueue.add('refund-applied', {""")
        t.bash("pnpm lint", "重新跑 eslint", out=hdr("lint", 'eslint "{src,apps,libs,test}/**/*.ts" --fix'))
        t.bash("pnpm test", "跑全部单测", out=hdr("test", "jest"), err=jest_all_ok(UNIT, "7.604", seed=7))
        t.bash("pnpm build", "nest build", out=hdr("build", "nest build"))
        t.bash("git add src/refunds/refunds.service.ts && git commit -m \"fix(refunds): await refund-applied notify job\"", "提交 lint 修复",
               out="""[feat/refund-remark 3f81c2d] fix(refunds): await refund-applied notify job
 1 file changed, 1 insertion(+), 1 deletion(-)""")
        t.bash("git log --oneline origin/develop..HEAD", "确认要推送的提交", out="""3f81c2d fix(refunds): await refund-applied notify job
a6d04e9 test(refunds): 部分退款单测，Prisma mock 改用 mockDeep
51c9b7e feat(refunds): 支持部分退款金额和退款备注""")
        t.bash("git push -u origin feat/refund-remark", "推送分支", err=push_new("feat/refund-remark", 27, "6.12"))
        t.bash("glab mr create --source-branch feat/refund-remark --target-branch develop "
               "--title \"feat(refunds): 支持部分退款和退款备注\" "
               "--description \"- CreateRefundDto 新增 amountFen（分，可选，不超过实付）和 remark（≤200 字）\n- 申请成功后发 refund-applied 通知商家\n- 单测：部分退款 5 个用例，Prisma mock 改用 mockDeep\" "
               "--remove-source-branch --yes", "创建 MR",
               out=glab_mr("feat/refund-remark", "feat(refunds): 支持部分退款和退款备注", 87))
        t.done(f"""MR 已提：!87 {GL}/-/merge_requests/87

- `pnpm lint`：第一次报了 1 个错误，`refunds.service.ts` 里 `notifyQueue.add('refund-applied', …)` 没有 await（`@typescript-eslint/no-floating-promises`）。已加上 `await`，单独提交了 `3f81c2d`
- `pnpm test`：13 个 suite、81 个用例全过
- `pnpm build`：通过
- 分支 3 个提交已推送，MR 目标 `develop`，合并后删除源分支""")

        # ---- T07: webfetch
        t = d.task("notify 队列现在 job 失败了直接进 failed，不会重试，短信网关抖一下就丢通知。BullMQ 的 attempts / backoff 怎么配？看下官方文档给个建议，先别改代码",
                   tags=["noise", "webfetch"])
        t.read(P("src/app.module.ts"))
        t.webfetch("https://docs.bullmq.io/guide/retrying-failing-jobs",
                   "How do attempts and backoff work, what backoff strategies exist, and how to set them as defaults?",
                   """# Retrying failing jobs

As your queues process jobs, it is inevitable that over time some of these jobs will fail. In BullMQ, a job is considered failed in the following scenarios:

- The processor function defined in your Worker has thrown an exception.
- The job has become stalled and it has consumed the "max stalled count" setting.

When a processor throws an exception, the worker will catch it and move the job to the failed set. Depending on your Queue settings, the job may stay in the failed set forever, or it could be automatically removed.

Often it is desirable to automatically retry failed jobs so that we do not give up until a certain amount of retries have failed. In order to activate automatic job retries you should use the `attempts` setting with a value larger than 1.

Retrying failing jobs will only occur when the job fails with an exception thrown in the processor.

## Built-in backoff strategies

The `backoff` setting allows you to specify how long to wait before the job is retried after a failure.

- **fixed**: retries the job after `delay` milliseconds.
- **exponential**: retries the job after `2 ^ (attempts - 1) * delay` milliseconds. For example, with a delay of 3000 milliseconds, for the 7th attempt, it will retry 2^6 * 3000 milliseconds = 3.2 minutes after the previous attempt.

You can also add `jitter` to the backoff options to avoid retrying many jobs at exactly the same time.

```typescript
await queue.add('test-retry', { foo: 'bar' }, {
  attempts: 3,
  backoff: {
    type: 'exponential',
    delay: 1000,
  },
});
```

You can also define a default for all jobs added to a queue with `defaultJobOptions`.

## Custom backoff strategy

If you want to define your own backoff you can use `backoffStrategy` in the worker settings. It receives `attemptsMade`, `type`, the error and the job.

## Stop retrying jobs

If a processor throws an `UnrecoverableError`, the job is moved to the failed set without being retried, regardless of the attempts left.""")
        t.done("""结论：在 `BullModule.forRootAsync` 的 `defaultJobOptions` 里统一加重试，再让「不该重试」的错误抛 `UnrecoverableError`。

**文档要点**
- 只有 processor **抛异常**（或 job stalled 次数用完）才算失败；`attempts > 1` 才会自动重试
- `backoff`：`fixed`（固定间隔）或 `exponential`（`2^(attempts-1) * delay`），可以加 `jitter` 把大量同时失败的 job 错开
- 可以在队列的 `defaultJobOptions` 里设默认值，`queue.add` 时单独传的会覆盖
- 抛 `UnrecoverableError` 会直接进 failed，不再重试

**建议配置**（`src/app.module.ts` 现在只配了 `removeOnComplete / removeOnFail`）：

```ts
defaultJobOptions: {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000, jitter: 0.3 },  // 约 2s、4s、8s、16s
  removeOnComplete: 1000,
  removeOnFail: 5000,
},
```

需要注意的几点：
1. **幂等**：重试意味着同一条短信或站内信可能发两次（比如网关其实发成功了但超时）。`sms` 最好带一个业务幂等键（如 `refundNo + 模板`），发送前查一下。
2. **参数错误不要重试**：手机号格式错、模板不存在这类错误，在 `SmsSender` 里抛 `UnrecoverableError`，否则会白白重试 5 次。
3. `payment-query` 队列如果本来就有自己的轮询节奏，建议在 `registerQueue` 或 `add` 时单独覆盖，不要用全局默认值。

要改的话告诉我，我按这个改。""")

    # ============================================================== S3
    with d.session("2026-08-21T01:55:00", R, branch="feat/coupon-redemption", version="2.1.100"):
        # ---- T08: coupon redemption, create-only + deploy, stale client at build (M2 #2, P3, P1 #2)
        t = d.task("开始做优惠券核销。新建一张 coupon_redemptions 表：couponId、orderId、userId、discountFen、status（USED / ROLLED_BACK），下单用券时写一条，订单取消时回滚。"
                   "优惠金额存 Int，单位分——我们这边钱从来不用 Decimal。migration 先用 --create-only 生成，我要在 SQL 里手工加个 CHECK 约束（discount_fen > 0），改完再应用到本地库。"
                   "service 写 redeem / rollback 两个方法，再加个核销接口 POST /coupons/:code/redeem。找不到券就抛 NotFoundException，券状态不对抛 BadRequestException，"
                   "直接用 Nest 自带的 HttpException 子类就行，别自己包一层。最后 build 一下",
                   tags=["mistake:M2", "pref:P3", "pref:P1"])
        sch = P("prisma/schema.prisma")
        t.read(sch)
        t.edit(sch, """enum CouponStatus {
  ACTIVE
  USED
  EXPIRED
  REVOKED
}
""", """enum CouponStatus {
  ACTIVE
  USED
  EXPIRED
  REVOKED
}

enum RedemptionStatus {
  USED
  ROLLED_BACK
}
""")
        t.edit(sch, """  merchant    Merchant    @relation(fields: [merchantId], references: [id])
  items       OrderItem[]
  refunds     Refund[]
""", """  merchant    Merchant    @relation(fields: [merchantId], references: [id])
  items       OrderItem[]
  refunds     Refund[]
  redemptions CouponRedemption[]
""")
        t.edit(sch, """  expiresAt   DateTime     @map("expires_at")
  createdAt   DateTime     @default(now()) @map("created_at")

  @@index([userId, status])
  @@map("coupons")
}
""", """  expiresAt   DateTime     @map("expires_at")
  createdAt   DateTime     @default(now()) @map("created_at")
  redemptions CouponRedemption[]

  @@index([userId, status])
  @@map("coupons")
}

model CouponRedemption {
  id           String           @id @default(cuid())
  couponId     String           @map("coupon_id")
  orderId      String           @map("order_id")
  userId       String           @map("user_id")
  discountFen  Int              @map("discount_fen")
  status       RedemptionStatus @default(USED)
  rolledBackAt DateTime?        @map("rolled_back_at")
  createdAt    DateTime         @default(now()) @map("created_at")
  coupon       Coupon           @relation(fields: [couponId], references: [id])
  order        Order            @relation(fields: [orderId], references: [id])

  @@index([couponId])
  @@index([orderId])
  @@map("coupon_redemptions")
}
""")
        t.bash("pnpm prisma format", "格式化 schema", out="""Prisma schema loaded from prisma/schema.prisma
Formatted prisma/schema.prisma in 38ms 🚀""")
        t.bash("pnpm prisma migrate dev --create-only --name add_coupon_redemption", "只生成 migration，不应用", out=prisma_head() + """
Prisma Migrate created the following migration without applying it 20260821021947_add_coupon_redemption

You can now edit it and apply it by running prisma migrate dev.""")
        mig = P("prisma/migrations/20260821021947_add_coupon_redemption/migration.sql")
        d.files[mig] = """-- CreateEnum
CREATE TYPE "RedemptionStatus" AS ENUM ('USED', 'ROLLED_BACK');

-- CreateTable
CREATE TABLE "coupon_redemptions" (
    "id" TEXT NOT NULL,
    "coupon_id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "discount_fen" INTEGER NOT NULL,
    "status" "RedemptionStatus" NOT NULL DEFAULT 'USED',
    "rolled_back_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupon_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "coupon_redemptions_coupon_id_idx" ON "coupon_redemptions"("coupon_id");

-- CreateIndex
CREATE INDEX "coupon_redemptions_order_id_idx" ON "coupon_redemptions"("order_id");

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
"""
        t.read(mig)
        t.edit(mig, """-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
""", """-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- 手工添加：优惠金额必须为正（Prisma schema 表达不了 CHECK，只能写在这里）
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_discount_fen_check" CHECK ("discount_fen" > 0);
""")
        t.bash("pnpm prisma migrate deploy", "把改好的 migration 应用到本地库", out=deploy_out(15, ["20260821021947_add_coupon_redemption"]))
        csvc = P("src/coupons/coupons.service.ts")
        t.write(csvc, """import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { CouponStatus, OrderStatus, RedemptionStatus } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class CouponsService {
  private readonly logger = new Logger(CouponsService.name);

  constructor(private readonly prisma: PrismaService) {}

  /** 下单后、支付前用券：券必须是本人的、ACTIVE、未过期，订单金额满足门槛 */
  async redeem(userId: string, code: string, orderNo: string) {
    const coupon = await this.prisma.coupon.findUnique({ where: { code } });
    if (!coupon || coupon.userId !== userId) {
      throw new NotFoundException(`coupon ${code} not found`);
    }
    if (coupon.status !== CouponStatus.ACTIVE || coupon.expiresAt <= new Date()) {
      throw new BadRequestException(`coupon ${code} is not usable`);
    }
    const order = await this.prisma.order.findUnique({ where: { orderNo } });
    if (!order || order.userId !== userId) {
      throw new NotFoundException(`order ${orderNo} not found`);
    }
    if (order.status !== OrderStatus.PENDING_PAYMENT || order.discountFen > 0) {
      throw new BadRequestException(`order ${orderNo} cannot use a coupon`);
    }
    if (order.totalFen < coupon.minSpendFen) {
      throw new BadRequestException(`order total ${order.totalFen} is below min spend ${coupon.minSpendFen}`);
    }
    const discountFen = Math.min(coupon.discountFen, order.totalFen);
    const [redemption] = await this.prisma.$transaction([
      this.prisma.couponRedemption.create({
        data: { couponId: coupon.id, orderId: order.id, userId, discountFen },
      }),
      this.prisma.coupon.update({ where: { id: coupon.id }, data: { status: CouponStatus.USED } }),
      this.prisma.order.update({ where: { id: order.id }, data: { discountFen } }),
    ]);
    this.logger.log(`coupon ${code} redeemed on ${orderNo} discount=${discountFen}`);
    return redemption;
  }

  /** 订单取消后回滚：记录标记 ROLLED_BACK，券恢复 ACTIVE（已过期的直接 EXPIRED） */
  async rollback(orderId: string) {
    const redemption = await this.prisma.couponRedemption.findFirst({
      where: { orderId, status: RedemptionStatus.USED },
      include: { coupon: true },
    });
    if (!redemption) {
      return null;
    }
    const restored = redemption.coupon.expiresAt > new Date() ? CouponStatus.ACTIVE : CouponStatus.EXPIRED;
    await this.prisma.$transaction([
      this.prisma.couponRedemption.update({
        where: { id: redemption.id },
        data: { status: RedemptionStatus.ROLLED_BACK, rolledBackAt: new Date() },
      }),
      this.prisma.coupon.update({ where: { id: redemption.couponId }, data: { status: restored } }),
      this.prisma.order.update({ where: { id: orderId }, data: { discountFen: 0 } }),
    ]);
    this.logger.log(`coupon redemption ${redemption.id} rolled back, coupon -> ${restored}`);
    return { couponId: redemption.couponId, status: restored };
  }
}
""")
        cdto = P("src/coupons/dto/redeem-coupon.dto.ts")
        t.write(cdto, """import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class RedeemCouponDto {
  @ApiProperty({
    description:
      '要使用优惠券的订单号。订单必须属于当前登录用户，且处于待支付状态（PENDING_PAYMENT）；订单金额需要满足券的使用门槛 minSpendFen，否则返回 400。一个订单只能使用一张券，已经用过券的订单再次调用也会返回 400。',
    example: 'CG202608210001',
    minLength: 14,
    maxLength: 14,
  })
  @IsString()
  @Length(14, 14)
  orderNo!: string;
}

export class CouponRedemptionView {
  @ApiProperty({ description: '核销记录 ID（cuid），回滚、对账时使用，前端一般不需要展示', example: 'cm0q3v8x10001ab2c3d4e5f6g' })
  id!: string;

  @ApiProperty({ description: '被核销的优惠券 ID（注意不是券码 code），与 coupons 表主键对应', example: 'cm0q3v8x10000zz9y8x7w6v5u' })
  couponId!: string;

  @ApiProperty({ description: '使用该券的订单 ID（注意不是订单号 orderNo），与 orders 表主键对应', example: 'cm0q3v8x10002kk1j2h3g4f5e' })
  orderId!: string;

  @ApiProperty({
    description:
      '本次实际抵扣的金额，单位为分（整数）。取券面额 discountFen 与订单金额中较小的一个，因此可能小于券面额；前端展示时请自行除以 100 转换为元。',
    example: 1000,
  })
  discountFen!: number;

  @ApiProperty({
    description: '核销状态：USED 表示已使用；ROLLED_BACK 表示订单取消后已回滚，券会恢复为可用（如果券已过期则变为 EXPIRED）。',
    enum: ['USED', 'ROLLED_BACK'],
    example: 'USED',
  })
  status!: string;

  @ApiProperty({ description: '核销时间，ISO 8601 格式，UTC 时区，前端展示需转换为北京时间', example: '2026-08-21T02:31:00.000Z' })
  createdAt!: Date;
}
""")
        t.write(P("src/coupons/coupons.controller.ts"), """import { Body, Controller, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, JwtUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { CouponsService } from './coupons.service';
import { CouponRedemptionView, RedeemCouponDto } from './dto/redeem-coupon.dto';

@ApiTags('coupons')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Post(':code/redeem')
  @ApiOperation({
    summary: '核销优惠券',
    description:
      '在订单创建之后、支付之前调用，把一张优惠券用到指定订单上。成功后券状态变为 USED，订单的 discountFen 更新为实际抵扣金额，前端需要重新拉取订单以获取最新应付金额。券不存在或不属于当前用户返回 404；券已使用、已过期、订单不满足门槛或订单已用过券返回 400。',
  })
  @ApiCreatedResponse({ type: CouponRedemptionView })
  redeem(@CurrentUser() user: JwtUser, @Param('code') code: string, @Body() dto: RedeemCouponDto) {
    return this.coupons.redeem(user.sub, code, dto.orderNo);
  }
}
""")
        cmod = P("src/coupons/coupons.module.ts")
        t.write(cmod, """import { Module } from '@nestjs/common';
import { CouponsController } from './coupons.controller';
import { CouponsService } from './coupons.service';

@Module({
  controllers: [CouponsController],
  providers: [CouponsService],
  exports: [CouponsService],
})
export class CouponsModule {}
""")
        am = P("src/app.module.ts")
        t.read(am)
        t.edit(am, """import { AuthModule } from './auth/auth.module';
""", """import { AuthModule } from './auth/auth.module';
import { CouponsModule } from './coupons/coupons.module';
""")
        t.edit(am, """    RefundsModule,
    NotificationsModule,
  ],""", """    RefundsModule,
    CouponsModule,
    NotificationsModule,
  ],""")
        diags = (diag(d, csvc, "import { CouponStatus, OrderStatus, RedemptionStatus }", "RedemptionStatus", 2305,
                      "Module '\"@prisma/client\"' has no exported member 'RedemptionStatus'.")
                 + diag(d, csvc, "      this.prisma.couponRedemption.create({", "couponRedemption", 2339,
                        "Property 'couponRedemption' does not exist on type 'PrismaService'.")
                 + diag(d, csvc, "    const redemption = await this.prisma.couponRedemption.findFirst({", "couponRedemption", 2339,
                        "Property 'couponRedemption' does not exist on type 'PrismaService'.")
                 + diag(d, csvc, "      this.prisma.couponRedemption.update({", "couponRedemption", 2339,
                        "Property 'couponRedemption' does not exist on type 'PrismaService'."))
        t.fail("pnpm build", "nest build", hdr("build", "nest build") + "\n" + diags + "Found 4 error(s).\n\n" + ELIFE.format(1))
        t.say("表已经建好了，但 TypeScript 看到的 Prisma Client 里还没有 `couponRedemption` 和 `RedemptionStatus`。"
              "`--create-only` 不会生成 client，后面我用 `migrate deploy` 应用迁移，它也只执行 SQL、不跑 generator（`migrate dev` 才会顺带 generate）。手动生成一次：")
        t.bash("pnpm prisma generate", "重新生成 Prisma Client", out=prisma_generated(388))
        t.bash("pnpm build", "重新 build", out=hdr("build", "nest build"))
        cspec = P("src/coupons/coupons.service.spec.ts")
        t.write(cspec, """import { BadRequestException, NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Coupon, CouponStatus, Order, OrderStatus, PrismaClient } from '@prisma/client';
import { DeepMockProxy, mockDeep } from 'jest-mock-extended';
import { PrismaService } from '../prisma/prisma.service';
import { CouponsService } from './coupons.service';

describe('CouponsService', () => {
  let service: CouponsService;
  let prisma: DeepMockProxy<PrismaClient>;

  beforeEach(async () => {
    prisma = mockDeep<PrismaClient>();
    prisma.$transaction.mockResolvedValue([{ id: 'cr1' }] as never);
    const moduleRef = await Test.createTestingModule({
      providers: [CouponsService, { provide: PrismaService, useValue: prisma }],
    }).compile();
    service = moduleRef.get(CouponsService);
  });

  const tomorrow = () => new Date(Date.now() + 86_400_000);
  const coupon = (over: Partial<Coupon> = {}) =>
    ({ id: 'c1', code: 'SUMMER10', userId: 'u1', discountFen: 1000, minSpendFen: 5000, status: CouponStatus.ACTIVE, expiresAt: tomorrow(), ...over }) as Coupon;
  const order = (over: Partial<Order> = {}) =>
    ({ id: 'o1', orderNo: 'CG202608210001', userId: 'u1', status: OrderStatus.PENDING_PAYMENT, totalFen: 5980, discountFen: 0, ...over }) as Order;

  it('redeems and caps the discount at the order total', async () => {
    prisma.coupon.findUnique.mockResolvedValue(coupon({ discountFen: 8000, minSpendFen: 0 }));
    prisma.order.findUnique.mockResolvedValue(order());

    await service.redeem('u1', 'SUMMER10', 'CG202608210001');

    expect(prisma.couponRedemption.create).toHaveBeenCalledWith({
      data: { couponId: 'c1', orderId: 'o1', userId: 'u1', discountFen: 5980 },
    });
  });

  it('404 for a coupon of another user', async () => {
    prisma.coupon.findUnique.mockResolvedValue(coupon({ userId: 'u2' }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(NotFoundException);
  });

  it('400 for an expired coupon', async () => {
    prisma.coupon.findUnique.mockResolvedValue(coupon({ expiresAt: new Date(Date.now() - 1000) }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(BadRequestException);
  });

  it('400 below min spend', async () => {
    prisma.coupon.findUnique.mockResolvedValue(coupon({ minSpendFen: 9900 }));
    prisma.order.findUnique.mockResolvedValue(order());

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(BadRequestException);
  });

  it('400 when the order already has a discount', async () => {
    prisma.coupon.findUnique.mockResolvedValue(coupon());
    prisma.order.findUnique.mockResolvedValue(order({ discountFen: 500 }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(BadRequestException);
  });

  it('rollback restores an unexpired coupon to ACTIVE', async () => {
    prisma.couponRedemption.findFirst.mockResolvedValue({ id: 'cr1', couponId: 'c1', coupon: coupon() } as never);

    await expect(service.rollback('o1')).resolves.toEqual({ couponId: 'c1', status: CouponStatus.ACTIVE });
  });
});
""")
        UNIT["src/coupons/coupons.service.spec.ts"] = 6
        out = verbose("src/coupons/coupons.service.spec.ts", [
            (1, "CouponsService"),
            (2, "✓ redeems and caps the discount at the order total (19 ms)"),
            (2, "✓ 404 for a coupon of another user (3 ms)"),
            (2, "✓ 400 for an expired coupon (2 ms)"),
            (2, "✓ 400 below min spend (2 ms)"),
            (2, "✓ 400 when the order already has a discount (2 ms)"),
            (2, "✓ rollback restores an unexpired coupon to ACTIVE (3 ms)"),
        ])
        t.bash("pnpm test coupons.service", "跑优惠券 service 单测", out=hdr("test", "jest", ' "coupons.service"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 6, "3.871", pattern="coupons.service"))
        t.done("""优惠券核销第一版完成，build 和单测都通过。

**表结构**：`coupon_redemptions`（`couponId / orderId / userId / discountFen Int / status / rolledBackAt / createdAt`），新枚举 `RedemptionStatus { USED, ROLLED_BACK }`。
- migration `20260821021947_add_coupon_redemption`：用 `--create-only` 生成，手工加了 `CHECK ("discount_fen" > 0)`，已应用到本地库
- 金额字段都是 `Int`，单位分

**`CouponsService`**
- `redeem(userId, code, orderNo)`：券不存在或不是本人的 → `NotFoundException`；券不是 ACTIVE、已过期、订单不是待支付、订单已用过券、不满足门槛 → `BadRequestException`。抵扣金额 = `min(券面额, 订单金额)`。写核销记录、券置 USED、订单 `discountFen` 在同一个 `$transaction` 里完成
- `rollback(orderId)`：把 USED 记录置 ROLLED_BACK，券恢复 ACTIVE（已过期的置 EXPIRED），订单 `discountFen` 归零。订单取消的地方还没接，等订单取消的接口定了再接

**接口**：`POST /api/v1/coupons/:code/redeem`，body `{ orderNo }`

**单测**：6 个，Prisma 用 `mockDeep`

第一次 build 失败：`--create-only` 和 `prisma migrate deploy` 都不会重新生成 Prisma Client，编译时报 `Property 'couponRedemption' does not exist on type 'PrismaService'`。跑一次 `pnpm prisma generate` 就好了。""")

        # ---- T09: coupon reminder queue (W2 #1)
        t = d.task("券快过期提醒：新建 BullMQ 队列 coupon-reminder，processor 收到 { userId } 后查这个人 3 天内过期、还没用的券，调 NotificationsService.sendInbox 发一条站内信。"
                   "写单测，然后本地丢一个 job 看看能不能跑通（start:dev 开着）", tags=["workflow:W2"])
        qc = P("src/queue/queue.constants.ts")
        t.read(qc)
        t.edit(qc, """  PAYMENT_QUERY: 'payment-query',
} as const;""", """  PAYMENT_QUERY: 'payment-query',
  COUPON_REMINDER: 'coupon-reminder',
} as const;""")
        t.read(P("src/notifications/notifications.service.ts"))
        t.grep("exports", path=P("src/notifications/notifications.module.ts"), output_mode="content", n=True,
               content=f"{P('src/notifications/notifications.module.ts')}:13:  exports: [NotificationsService],")
        t.write(P("src/coupons/coupon-reminder.processor.ts"), """import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CouponStatus } from '@prisma/client';
import { Job } from 'bullmq';
import { NotificationsService } from '../notifications/notifications.service';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES } from '../queue/queue.constants';

export interface CouponReminderJob {
  userId: string;
}

const WINDOW_MS = 3 * 24 * 3600 * 1000;
const fmt = (d: Date) => d.toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric' });

@Processor(QUEUES.COUPON_REMINDER)
export class CouponReminderProcessor extends WorkerHost {
  private readonly logger = new Logger(CouponReminderProcessor.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly notifications: NotificationsService,
  ) {
    super();
  }

  async process(job: Job<CouponReminderJob>): Promise<{ notified: number }> {
    const now = new Date();
    const coupons = await this.prisma.coupon.findMany({
      where: {
        userId: job.data.userId,
        status: CouponStatus.ACTIVE,
        expiresAt: { gt: now, lte: new Date(now.getTime() + WINDOW_MS) },
      },
      orderBy: { expiresAt: 'asc' },
    });
    if (coupons.length === 0) {
      return { notified: 0 };
    }
    const first = coupons[0];
    await this.notifications.sendInbox({
      userId: job.data.userId,
      title: '优惠券即将过期',
      body:
        coupons.length === 1
          ? `「${first.title}」将于 ${fmt(first.expiresAt)} 过期，别忘了用`
          : `你有 ${coupons.length} 张优惠券 3 天内过期，最早一张「${first.title}」${fmt(first.expiresAt)} 到期`,
      link: '/pages/coupons/index',
    });
    this.logger.log(`reminded ${job.data.userId}: ${coupons.length} coupon(s)`);
    return { notified: coupons.length };
  }
}
""")
        t.edit(cmod, """import { Module } from '@nestjs/common';
import { CouponsController } from './coupons.controller';
import { CouponsService } from './coupons.service';

@Module({
  controllers: [CouponsController],
  providers: [CouponsService],
  exports: [CouponsService],
})""", """import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { QUEUES } from '../queue/queue.constants';
import { CouponReminderProcessor } from './coupon-reminder.processor';
import { CouponsController } from './coupons.controller';
import { CouponsService } from './coupons.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.COUPON_REMINDER }), NotificationsModule],
  controllers: [CouponsController],
  providers: [CouponsService, CouponReminderProcessor],
  exports: [CouponsService],
})""")
        t.write(P("src/coupons/coupon-reminder.processor.spec.ts"), """import { Test } from '@nestjs/testing';
import { Coupon, PrismaClient } from '@prisma/client';
import { Job } from 'bullmq';
import { DeepMockProxy, mockDeep } from 'jest-mock-extended';
import { NotificationsService } from '../notifications/notifications.service';
import { PrismaService } from '../prisma/prisma.service';
import { CouponReminderJob, CouponReminderProcessor } from './coupon-reminder.processor';

describe('CouponReminderProcessor', () => {
  let processor: CouponReminderProcessor;
  let prisma: DeepMockProxy<PrismaClient>;
  let notifications: DeepMockProxy<NotificationsService>;

  beforeEach(async () => {
    prisma = mockDeep<PrismaClient>();
    notifications = mockDeep<NotificationsService>();
    const moduleRef = await Test.createTestingModule({
      providers: [
        CouponReminderProcessor,
        { provide: PrismaService, useValue: prisma },
        { provide: NotificationsService, useValue: notifications },
      ],
    }).compile();
    processor = moduleRef.get(CouponReminderProcessor);
  });

  const job = { data: { userId: 'u1' } } as Job<CouponReminderJob>;
  const c = (title: string, days: number) =>
    ({ title, expiresAt: new Date(Date.now() + days * 86_400_000) }) as Coupon;

  it('does nothing when no coupon is about to expire', async () => {
    prisma.coupon.findMany.mockResolvedValue([]);

    await expect(processor.process(job)).resolves.toEqual({ notified: 0 });
    expect(notifications.sendInbox).not.toHaveBeenCalled();
  });

  it('names the coupon when there is exactly one', async () => {
    prisma.coupon.findMany.mockResolvedValue([c('满59减10', 1)]);

    await processor.process(job);

    expect(notifications.sendInbox).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'u1', body: expect.stringContaining('「满59减10」') }),
    );
  });

  it('summarises several coupons in one message', async () => {
    prisma.coupon.findMany.mockResolvedValue([c('满59减10', 1), c('水果 9 折', 2)]);

    await expect(processor.process(job)).resolves.toEqual({ notified: 2 });
    expect(notifications.sendInbox).toHaveBeenCalledTimes(1);
    expect(notifications.sendInbox.mock.calls[0][0].body).toContain('2 张优惠券');
  });
});
""")
        UNIT["src/coupons/coupon-reminder.processor.spec.ts"] = 3
        out = verbose("src/coupons/coupon-reminder.processor.spec.ts", [
            (1, "CouponReminderProcessor"),
            (2, "✓ does nothing when no coupon is about to expire (15 ms)"),
            (2, "✓ names the coupon when there is exactly one (4 ms)"),
            (2, "✓ summarises several coupons in one message (2 ms)"),
        ])
        t.bash("pnpm test coupon-reminder.processor", "跑 processor 单测", out=hdr("test", "jest", ' "coupon-reminder.processor"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 3, "3.112", pattern="coupon-reminder.processor"))
        t.bash("""docker compose exec -T postgres psql -U trade -d trade -Atc "select code, title, status, expires_at from coupons where user_id = 'u10086' and status = 'ACTIVE' order by expires_at limit 5\"""",
               "看 u10086 名下还没用的券", out="""CP8K2M4Q7W|满59减10|ACTIVE|2026-08-22 15:59:59
CP3T9R1X6Z|水果 9 折|ACTIVE|2026-08-23 15:59:59
CP7N5B2V8C|满99减20|ACTIVE|2026-09-30 15:59:59""")
        t.bash("""pnpm -s queue:enqueue coupon-reminder remind '{"userId":"u10086"}'""", "往 coupon-reminder 队列丢一个 job",
               out="enqueued coupon-reminder/remind id=1")
        fin = int((d.clock + _dt.timedelta(seconds=1)).timestamp() * 1000)
        t.bash("sleep 2 && docker compose exec -T redis redis-cli HMGET bull:coupon-reminder:1 name finishedOn returnvalue failedReason",
               "查看 job 执行结果", out=f"""remind
{fin}
{{"notified":2}}
""")
        t.done("""`coupon-reminder` 队列跑通了。

- `QUEUES.COUPON_REMINDER = 'coupon-reminder'`，在 `CouponsModule` 里 `BullModule.registerQueue`，同时引入 `NotificationsModule`
- `CouponReminderProcessor`（`@Processor` + `extends WorkerHost`）：查该用户 `ACTIVE` 且 3 天内（`now < expiresAt ≤ now + 3d`）过期的券，合并成**一条**站内信（1 张写券名，多张写「你有 N 张…最早一张…」），返回 `{ notified: N }`
- 单测 3 个：没有券不发、一张、多张合并

**本地验证**：u10086 有 2 张 3 天内过期的券（「满59减10」8/22、「水果 9 折」8/23）。丢了 `{"userId":"u10086"}` 之后，job 1 已完成，`returnvalue = {"notified":2}`，`failedReason` 为空。

谁来往这个队列里丢 job（比如每天定时扫一遍有快过期券的用户）还没做，需要的话下一步接上。""")

        # ---- T10: no tools
        t = d.task("如果 coupon-reminder 的 jobId 我自己指定成 remind-${userId}-${日期}，能不能防止同一天重复提醒？removeOnComplete 会不会影响这个", tags=["noise", "no_tools"])
        t.done("""可以用来去重，但要注意和 `removeOnComplete` 的关系。

**原理**：BullMQ 里 `jobId` 在队列内唯一。`add` 一个已经存在的 jobId 时，不会报错，也不会新建 job，直接返回已有的那个。所以 `remind-u10086-20260821` 这一天只会进队一次。

**`removeOnComplete` 的影响**：去重只对**还在 Redis 里**的 job 有效。job 完成后一旦被删掉，同一个 jobId 就可以再次加入。
- 我们全局配的是 `removeOnComplete: 1000`，只保留最近 1000 个已完成的 job。如果一天里提醒的用户超过 1000 个，早上完成的 job 被挤掉后，下午再 add 同一个 jobId 会**重新执行**
- 要靠 jobId 做「一天一次」，这个队列要单独设置成按时间保留，比如 `removeOnComplete: { age: 2 * 24 * 3600 }`（保留 2 天），不要按个数

**另外两点**：
1. 失败的 job 也占着 jobId，当天不能重新 add，要重试只能 `job.retry()`。按现在 `removeOnFail: 5000` 的配置，这符合「失败了别再发」的预期。
2. 更稳妥的做法是在业务侧再加一道：比如 `notifications` 里按 `userId + 类型 + 日期` 记一次发送记录。BullMQ 的 jobId 去重可以挡住大部分重复入队，但不应该是唯一一道保险。

建议：jobId 用 `remind-${userId}-${yyyymmdd}`（BullMQ 自定义 id 里不要带冒号），这个队列 `removeOnComplete` 设成 `{ age: 172800 }`。""")

    # ============================================================== S4
    with d.session("2026-08-24T06:10:00", R, branch="feat/coupon-redemption", version="2.1.101", end_reason="other"):
        # ---- T11: coupons e2e + full e2e run (M3 #1)
        t = d.task("券核销的 e2e 写一下：test/coupons.e2e-spec.ts，覆盖核销成功、券过期、券不是自己的、同一张券重复核销、不满足门槛、没带 token。"
                   "写完先单独跑，然后把所有 e2e 都跑一遍，确认别的模块没被影响", tags=["mistake:M3"])
        dbts = P("test/utils/db.ts")
        fac = P("test/utils/factories.ts")
        t.read(P("test/orders.e2e-spec.ts"), limit=40)
        t.read(dbts)
        t.read(fac)
        t.edit(dbts, """const TABLES = [
  'payment_notifies',""", """const TABLES = [
  'coupon_redemptions',
  'payment_notifies',""")
        t.edit(fac, """export async function createPaidOrder(""", """export async function createPendingOrder(prisma: PrismaClient, merchantId: string, userId = 'u-e2e-1', totalFen = 5980) {
  return prisma.order.create({
    data: { orderNo: `CG20260802${next().slice(2)}`, userId, merchantId, totalFen },
  });
}

export async function createCoupon(
  prisma: PrismaClient,
  over: { userId?: string; discountFen?: number; minSpendFen?: number; expiresAt?: Date } = {},
) {
  return prisma.coupon.create({
    data: {
      code: `CP${next()}`,
      userId: over.userId ?? 'u-e2e-1',
      title: '满50减10',
      discountFen: over.discountFen ?? 1000,
      minSpendFen: over.minSpendFen ?? 5000,
      expiresAt: over.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
    },
  });
}

export async function createPaidOrder(""")
        ce2e = P("test/coupons.e2e-spec.ts")
        t.write(ce2e, """import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApp } from './utils/app';
import { resetDb } from './utils/db';
import { createCoupon, createMerchant, createPendingOrder } from './utils/factories';
import { tokenFor } from './utils/token';

describe('CouponsController (e2e)', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const auth = { Authorization: `Bearer ${tokenFor('u-e2e-1')}` };

  beforeAll(async () => {
    ({ app, prisma } = await createTestApp());
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    await resetDb(prisma);
  });

  const redeem = (code: string, orderNo: string, headers: Record<string, string> = auth) =>
    request(app.getHttpServer()).post(`/api/v1/coupons/${code}/redeem`).set(headers).send({ orderNo });

  describe('POST /api/v1/coupons/:code/redeem', () => {
    it('redeems an active coupon', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPendingOrder(prisma, merchant.id);
      const coupon = await createCoupon(prisma);

      const res = await redeem(coupon.code, order.orderNo);

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ couponId: coupon.id, orderId: order.id, discountFen: 1000, status: 'USED' });
      await expect(prisma.order.findUnique({ where: { id: order.id } })).resolves.toMatchObject({ discountFen: 1000 });
    });

    it('400 for an expired coupon', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPendingOrder(prisma, merchant.id);
      const coupon = await createCoupon(prisma, { expiresAt: new Date(Date.now() - 60_000) });

      expect((await redeem(coupon.code, order.orderNo)).status).toBe(400);
    });

    it("404 for someone else's coupon", async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPendingOrder(prisma, merchant.id);
      const coupon = await createCoupon(prisma, { userId: 'u-e2e-2' });

      expect((await redeem(coupon.code, order.orderNo)).status).toBe(404);
    });

    it('400 when the same coupon is redeemed twice', async () => {
      const merchant = await createMerchant(prisma);
      const first = await createPendingOrder(prisma, merchant.id);
      const second = await createPendingOrder(prisma, merchant.id);
      const coupon = await createCoupon(prisma);

      expect((await redeem(coupon.code, first.orderNo)).status).toBe(201);
      expect((await redeem(coupon.code, second.orderNo)).status).toBe(400);
    });

    it('400 below the minimum spend', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPendingOrder(prisma, merchant.id, 'u-e2e-1', 3990);
      const coupon = await createCoupon(prisma);

      expect((await redeem(coupon.code, order.orderNo)).status).toBe(400);
    });

    it('401 without a token', async () => {
      expect((await redeem('CP000001', 'CG202608020001', {})).status).toBe(401);
    });
  });
});
""")
        t.bash("pnpm db:test:prepare", "把新 migration 应用到测试库", out=hdr("db:test:prepare", "dotenv -e .env.test -- prisma migrate deploy") + "\n"
               + deploy_out(15, ["20260821021947_add_coupon_redemption"]).replace('database "trade"', 'database "trade_test"'))
        E2E["test/coupons.e2e-spec.ts"] = 6
        out = verbose("test/coupons.e2e-spec.ts", [
            (1, "CouponsController (e2e)"),
            (2, "POST /api/v1/coupons/:code/redeem"),
            (3, "✓ redeems an active coupon (118 ms)"),
            (3, "✓ 400 for an expired coupon (31 ms)"),
            (3, "✓ 404 for someone else's coupon (27 ms)"),
            (3, "✓ 400 when the same coupon is redeemed twice (58 ms)"),
            (3, "✓ 400 below the minimum spend (24 ms)"),
            (3, "✓ 401 without a token (6 ms)"),
        ], secs="5.284")
        t.bash("pnpm test:e2e coupons", "单独跑券核销 e2e", out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "coupons"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 6, "5.61", pattern="coupons", est=6))
        fails = e2e_parallel_failures(d, 1)
        t.fail("pnpm test:e2e", "跑全部 e2e", fails)
        t.say("单独跑都是好的，一起跑就挂，而且三个失败各不相同：外键不存在、`TRUNCATE` 死锁（`40P01 deadlock detected`）、订单数对不上。"
              "像是多个 e2e 文件在并行跑、互相清库。看下 CI 是怎么跑 e2e 的：")
        t.read(P(".gitlab-ci.yml"), offset=28, limit=24)
        t.say("CI 里明确写了：所有 e2e 共用一个库，每个文件 `beforeEach` 都会 `TRUNCATE`，必须串行，用的是 `--runInBand`。"
              "本地的 `pnpm test:e2e` 脚本没带这个参数，Jest 会按 CPU 核数开多个 worker 并行跑文件。加上 `--runInBand` 再跑：")
        out = jest_all_ok(E2E, "19.406", seed=11, slow={"test/refunds.e2e-spec.ts": "5.812", "test/orders.e2e-spec.ts": "6.027",
                                                      "test/coupons.e2e-spec.ts": "5.119"})
        t.bash("pnpm test:e2e --runInBand", "串行跑全部 e2e", out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "--runInBand"'), err=out)
        t.done("""券核销的 e2e 写好了，全量 e2e 也过了（6 个文件，34 个用例）。

**`test/coupons.e2e-spec.ts`**（6 个用例）：核销成功（校验返回值和订单 `discountFen`）、券过期 400、别人的券 404、同一张券二次核销 400、不满足门槛 400、无 token 401。
配套改动：
- `test/utils/factories.ts` 新增 `createPendingOrder`、`createCoupon`
- `test/utils/db.ts` 的清表列表加上 `coupon_redemptions`
- 测试库执行了 `pnpm db:test:prepare`（应用新 migration）

**全量跑的时候第一次失败了**，不是代码问题：直接 `pnpm test:e2e` 时 Jest 多 worker 并行跑各个 e2e 文件，它们共用 `trade_test` 库，而且都在 `beforeEach` 里 `TRUNCATE`。结果一个文件清表时另一个正在插数据，出现了外键失败、`deadlock detected`、计数不对。CI 里本来就是 `--runInBand` 串行跑的，本地加上 `pnpm test:e2e --runInBand` 之后全部通过。单独跑一个文件时 Jest 本来就在单进程里跑，所以之前没暴露。""")

        # ---- T12: @nestjs/schedule (F1)
        t = d.task("加个定时任务：每天 00:10 把已经过期但状态还是 ACTIVE 的券批量改成 EXPIRED。用 @nestjs/schedule，依赖加一下", tags=["flaky:F1"])
        t.fail("pnpm add @nestjs/schedule@^4.1.2", "安装 @nestjs/schedule", """ WARN  GET https://registry.npmmirror.com/@nestjs%2Fschedule error (ECONNRESET). Will retry in 10 seconds. 2 retries left.
 WARN  GET https://registry.npmmirror.com/@nestjs%2Fschedule error (ECONNRESET). Will retry in 1 minute. 1 retries left.
 ERR_PNPM_META_FETCH_FAIL  GET https://registry.npmmirror.com/@nestjs%2Fschedule: request to https://registry.npmmirror.com/@nestjs%2Fschedule failed, reason: read ECONNRESET""")
        t.say("npmmirror 连接被重置，pnpm 自己重试了两次也没连上，应该是网络抖动。原样再装一次：")
        t.bash("pnpm add @nestjs/schedule@^4.1.2", "安装 @nestjs/schedule", out="""Packages: +3
+++
Progress: resolved 816, reused 771, downloaded 3, added 3, done

dependencies:
+ @nestjs/schedule 4.1.2 (6.0.1 is available)

Done in 7.4s""")
        pj = P("package.json")
        d.files[pj] = d.files[pj].replace('''    "@nestjs/platform-express": "^10.4.15",
''', '''    "@nestjs/platform-express": "^10.4.15",
    "@nestjs/schedule": "^4.1.2",
''')
        t.read(am, limit=20)
        t.edit(am, """import { ConfigModule, ConfigService } from '@nestjs/config';
""", """import { ConfigModule, ConfigService } from '@nestjs/config';
import { ScheduleModule } from '@nestjs/schedule';
""")
        t.edit(am, """    ConfigModule.forRoot({ isGlobal: true }),
""", """    ConfigModule.forRoot({ isGlobal: true }),
    ScheduleModule.forRoot(),
""")
        t.write(P("src/coupons/coupon-expiry.cron.ts"), """import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { CouponStatus } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class CouponExpiryCron {
  private readonly logger = new Logger(CouponExpiryCron.name);

  constructor(private readonly prisma: PrismaService) {}

  /** 每天 00:10（北京时间）把已过期但还是 ACTIVE 的券置为 EXPIRED；多实例同时跑也没关系，updateMany 幂等 */
  @Cron('0 10 0 * * *', { name: 'coupon-expiry', timeZone: 'Asia/Shanghai' })
  async expireOverdue(now: Date = new Date()): Promise<number> {
    const { count } = await this.prisma.coupon.updateMany({
      where: { status: CouponStatus.ACTIVE, expiresAt: { lte: now } },
      data: { status: CouponStatus.EXPIRED },
    });
    if (count > 0) {
      this.logger.log(`expired ${count} coupon(s)`);
    }
    return count;
  }
}
""")
        t.read(cmod)
        t.edit(cmod, """import { CouponReminderProcessor } from './coupon-reminder.processor';
""", """import { CouponExpiryCron } from './coupon-expiry.cron';
import { CouponReminderProcessor } from './coupon-reminder.processor';
""")
        t.edit(cmod, """  providers: [CouponsService, CouponReminderProcessor],""", """  providers: [CouponsService, CouponReminderProcessor, CouponExpiryCron],""")
        t.write(P("src/coupons/coupon-expiry.cron.spec.ts"), """import { CouponStatus, PrismaClient } from '@prisma/client';
import { mockDeep } from 'jest-mock-extended';
import { PrismaService } from '../prisma/prisma.service';
import { CouponExpiryCron } from './coupon-expiry.cron';

describe('CouponExpiryCron', () => {
  const prisma = mockDeep<PrismaClient>();
  const cron = new CouponExpiryCron(prisma as unknown as PrismaService);

  it('expires ACTIVE coupons whose expiresAt has passed', async () => {
    prisma.coupon.updateMany.mockResolvedValue({ count: 3 });
    const now = new Date('2026-08-24T16:10:00Z');

    await expect(cron.expireOverdue(now)).resolves.toBe(3);
    expect(prisma.coupon.updateMany).toHaveBeenCalledWith({
      where: { status: CouponStatus.ACTIVE, expiresAt: { lte: now } },
      data: { status: CouponStatus.EXPIRED },
    });
  });

  it('returns 0 when nothing is due', async () => {
    prisma.coupon.updateMany.mockResolvedValue({ count: 0 });

    await expect(cron.expireOverdue()).resolves.toBe(0);
  });
});
""")
        UNIT["src/coupons/coupon-expiry.cron.spec.ts"] = 2
        out = verbose("src/coupons/coupon-expiry.cron.spec.ts", [
            (1, "CouponExpiryCron"),
            (2, "✓ expires ACTIVE coupons whose expiresAt has passed (6 ms)"),
            (2, "✓ returns 0 when nothing is due (1 ms)"),
        ])
        t.bash("pnpm test coupon-expiry", "跑定时任务单测", out=hdr("test", "jest", ' "coupon-expiry"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 2, "2.684", pattern="coupon-expiry"))
        t.bash("pnpm build", "确认能编译", out=hdr("build", "nest build"))
        t.done("""定时任务加好了。

- 依赖：`@nestjs/schedule@^4.1.2`（4.x 对应 Nest 10；6.x 要 Nest 11，先不上）。第一次安装时 npmmirror 报 `ECONNRESET`，重试一次就好了
- `AppModule` 引入 `ScheduleModule.forRoot()`
- `CouponExpiryCron.expireOverdue()`：`@Cron('0 10 0 * * *', { timeZone: 'Asia/Shanghai' })`，一条 `updateMany` 把 `ACTIVE 且 expiresAt <= now` 的券置为 `EXPIRED`，有更新时打日志
- 单测 2 个，build 通过

注意：`@nestjs/schedule` 是**每个实例**都会触发。线上如果是多实例部署，会同时跑多次，但 `updateMany` 是幂等的，后面几次更新 0 行，没有问题。以后加不幂等的定时任务，就要用 BullMQ 的 repeatable job 或者加分布式锁。""")

        # ---- T13: pnpm outdated (long output)
        t = d.task("pnpm outdated 看一下，哪些包落后比较多？列出来就行，先不升级", tags=["noise", "long_output"])
        OUTD = [("@nestjs/schedule", "4.1.2", "6.0.1"), ("@nestjs/bullmq", "10.2.3", "11.0.3"), ("@nestjs/common", "10.4.15", "11.1.6"),
                ("@nestjs/config", "3.3.0", "4.0.2"), ("@nestjs/core", "10.4.15", "11.1.6"), ("@nestjs/jwt", "10.2.0", "11.0.0"),
                ("@nestjs/passport", "10.0.3", "11.0.5"), ("@nestjs/platform-express", "10.4.15", "11.1.6"),
                ("@nestjs/swagger", "7.4.2", "11.2.0"), ("@nestjs/terminus", "10.2.3", "11.0.0"), ("@prisma/client", "5.22.0", "6.16.2"),
                ("bullmq", "5.34.2", "5.58.5"), ("class-validator", "0.14.1", "0.14.2"), ("ioredis", "5.4.2", "5.7.0"),
                ("@nestjs/cli (dev)", "10.4.9", "11.0.10"), ("@nestjs/schematics (dev)", "10.2.3", "11.0.7"),
                ("@nestjs/testing (dev)", "10.4.15", "11.1.6"), ("@redocly/cli (dev)", "1.25.15", "2.1.5"),
                ("@types/express (dev)", "4.17.21", "5.0.3"), ("@types/node (dev)", "20.17.10", "24.3.1"),
                ("@typescript-eslint/eslint-plugin (dev)", "7.18.0", "8.42.0"), ("@typescript-eslint/parser (dev)", "7.18.0", "8.42.0"),
                ("eslint (dev)", "8.57.1", "9.35.0"), ("eslint-config-prettier (dev)", "9.1.0", "10.1.8"), ("jest (dev)", "29.7.0", "30.1.3"),
                ("jest-mock-extended (dev)", "3.0.7", "4.0.0"), ("prisma (dev)", "5.22.0", "6.16.2"), ("supertest (dev)", "7.0.0", "7.1.4"),
                ("ts-jest (dev)", "29.2.5", "29.4.1"), ("typescript (dev)", "5.6.3", "5.9.2")]
        t.bash("pnpm outdated 2>&1 | head -60", "列出过期依赖", out="\n".join(box_table(OUTD).split("\n")[:60]))

        t.done("""落后比较多的按影响大小分一下（`head -60` 把最后的 `typescript` 5.6 → 5.9 截掉了）：

**大版本、要成组升级的**
| 组 | 现在 | 最新 | 说明 |
|---|---|---|---|
| NestJS 全家（common/core/platform-express/testing/cli/schematics、config、jwt、passport、terminus、bullmq、schedule） | 10.x | 11.x | 必须一起升。Nest 11 要求 Node 20+、Express 5（路由通配符写法变了）、`@nestjs/swagger` 要同步到 11 |
| `@nestjs/swagger` | 7.4 | 11.2 | 跟着 Nest 11 一起 |
| Prisma（`prisma` + `@prisma/client`） | 5.22 | 6.16 | 两个包版本必须一致；6.x 有一些类型和默认行为的变化，要单独评估 |
| ESLint 8 → 9 + `@typescript-eslint` 7 → 8 | | | 要换 flat config（`eslint.config.mjs`），工作量不小，但和业务代码无关 |
| Jest 29 → 30 | | | `ts-jest`、`jest-mock-extended` 4 要跟着升，建议放在 Nest 11 之后 |

**小版本、可以直接升的**：`bullmq` 5.34 → 5.58、`ioredis`、`class-validator` 0.14.1 → 0.14.2、`supertest`、`ts-jest`、`typescript`。

**类型包**：`@types/node` 24 和 `@types/express` 5 跟着运行时走，现在不要动（Node 20、Express 4）。

建议顺序：先把小版本升了 → Nest 10 → 11（带上 swagger、bullmq、schedule）→ Prisma 6 → 最后再做 ESLint 9 / Jest 30。""")

    # ============================================================== S5
    with d.session("2026-08-26T02:20:00", R, branch="feat/coupon-redemption", version="2.1.101"):
        # ---- T14: ship coupons (W1 #2, F2)
        t = d.task("券核销这块提 MR 吧，lint / 单测 / build 老流程走一遍", tags=["workflow:W1", "flaky:F2"])
        t.bash("git status -sb && git log --oneline origin/develop..HEAD", "看分支状态和待提交内容", out="""## feat/coupon-redemption
7d2e0a4 feat(coupons): 过期券定时置为 EXPIRED（@nestjs/schedule）
c41f9b8 test(coupons): 核销 e2e
0b6a3e1 feat(coupons): coupon-reminder 队列，券快过期站内信提醒
e9f5d72 feat(coupons): 优惠券核销表、核销接口与回滚""")
        t.bash("pnpm lint", "eslint 检查", out=hdr("lint", 'eslint "{src,apps,libs,test}/**/*.ts" --fix'))
        t.bash("pnpm test", "跑全部单测", out=hdr("test", "jest"), err=jest_all_ok(UNIT, "8.902", seed=14))
        t.bash("pnpm build", "nest build", out=hdr("build", "nest build"))
        t.bash("git push -u origin feat/coupon-redemption", "推送分支", err=push_new("feat/coupon-redemption", 64, "14.87"))
        mr = ("glab mr create --source-branch feat/coupon-redemption --target-branch develop "
              "--title \"feat(coupons): 优惠券核销、过期提醒与过期定时任务\" "
              "--description \"- 新表 coupon_redemptions（discount_fen CHECK > 0），POST /coupons/:code/redeem，订单取消回滚 rollback()\n"
              "- coupon-reminder 队列：3 天内过期的券合并成一条站内信\n- 每天 00:10 把过期的 ACTIVE 券置为 EXPIRED\n"
              "- 单测 + e2e\" --remove-source-branch --yes")
        t.fail(mr, "创建 MR", """glab: Post "https://git.chengguo.tech/api/v4/projects/trade%2Ftrade-service/merge_requests": dial tcp 10.12.0.8:443: i/o timeout""")
        t.say("GitLab API 连接超时，push 刚刚还是通的，应该是一次网络抖动，原样再试一次：")
        t.bash(mr, "创建 MR", out=glab_mr("feat/coupon-redemption", "feat(coupons): 优惠券核销、过期提醒与过期定时任务", 91))
        t.done(f"""MR 已提：!91 {GL}/-/merge_requests/91

- `pnpm lint`：通过
- `pnpm test`：{len(UNIT)} 个 suite、{sum(UNIT.values())} 个用例全过
- `pnpm build`：通过
- 4 个提交已推送到 `feat/coupon-redemption`，MR 目标 `develop`
- 第一次 `glab mr create` 连 GitLab API 超时（`dial tcp 10.12.0.8:443: i/o timeout`），重试一次就成功了""")

        # ---- T15: feedback
        fb = ("说个事：你给 coupons 接口写的 Swagger 注释太长了，每个 @ApiProperty 都带一大段 description，小米说文档页翻都翻不动，review 的时候我自己 cut half 才看得下去。"
              "以后 description 一句话说清楚就行，example 只给不直观的字段。把 coupons 那几个 DTO 和接口按这个收一下")
        t = d.task(fb, tags=["feedback"], feedback=fb)
        t.read(cdto)
        t.write(cdto, """import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class RedeemCouponDto {
  @ApiProperty({ description: '待支付订单的订单号', example: 'CG202608210001' })
  @IsString()
  @Length(14, 14)
  orderNo!: string;
}

export class CouponRedemptionView {
  @ApiProperty({ description: '核销记录 ID' })
  id!: string;

  @ApiProperty({ description: '优惠券 ID（不是券码）' })
  couponId!: string;

  @ApiProperty({ description: '订单 ID（不是订单号）' })
  orderId!: string;

  @ApiProperty({ description: '实际抵扣金额（分），可能小于券面额', example: 1000 })
  discountFen!: number;

  @ApiProperty({ enum: ['USED', 'ROLLED_BACK'] })
  status!: string;

  @ApiProperty()
  createdAt!: Date;
}
""")
        cctl = P("src/coupons/coupons.controller.ts")
        t.read(cctl)
        t.edit(cctl, """  @ApiOperation({
    summary: '核销优惠券',
    description:
      '在订单创建之后、支付之前调用，把一张优惠券用到指定订单上。成功后券状态变为 USED，订单的 discountFen 更新为实际抵扣金额，前端需要重新拉取订单以获取最新应付金额。券不存在或不属于当前用户返回 404；券已使用、已过期、订单不满足门槛或订单已用过券返回 400。',
  })""", """  @ApiOperation({ summary: '核销优惠券', description: '支付前调用；成功后需重新拉取订单获取应付金额' })""")
        t.bash("pnpm build", "确认能编译", out=hdr("build", "nest build"))
        t.done("""收好了，以后 Swagger 注释都按这个写：description 一句话，example 只给不直观的字段。

- `RedeemCouponDto.orderNo`：「待支付订单的订单号」，保留 example（格式不直观）
- `CouponRedemptionView`：每个字段一句话；`id / couponId / orderId` 只留下「不是券码 / 不是订单号」这种容易搞混的提示，去掉 example；`discountFen` 保留「单位分、可能小于面额」；`createdAt` 不写描述
- 接口 `@ApiOperation` 的 description 从一整段压成一句：支付前调用，成功后重新拉订单。错误码说明删掉了，由响应定义来表达

build 通过。""")

        # ---- T16: openapi export (W3 #1)
        t = d.task("coupons 的接口定了，导出一份 openapi.json 给小米，redocly lint 过一下，有问题顺手修了，然后单独提交一个 commit", tags=["workflow:W3"])
        boot = boot_logs(d, 60233)
        t.bash("pnpm openapi:export", "导出 openapi.json", out=hdr("openapi:export", "ts-node -r tsconfig-paths/register scripts/export-openapi.ts")
               + "\n" + boot + "\nwrote openapi.json (24 paths, 33 schemas)")
        lint_warn = f"""No configurations were provided -- using built in recommended configuration by default.

validating openapi.json...
[1] openapi.json:1187:9 at #/paths/~1api~1v1~1coupons~1{{code}}~1redeem/post/responses

Operation must have at least one `4XX` response.

1185 |         "summary": "核销优惠券",
1186 |         "description": "支付前调用；成功后需重新拉取订单获取应付金额",
1187 |         "responses": {{
1188 |           "201": {{
1189 |             "description": "",

Warning was generated by the operation-4xx-response rule.


openapi.json: validated in 104ms

Woohoo! Your API description is valid. 🎉
You have 1 warning."""
        t.bash("pnpm exec redocly lint openapi.json", "redocly 检查", out=lint_warn)
        t.say("只有一个 warning：核销接口没有声明 4XX 响应。补上 404 / 400：")
        t.edit(cctl, """import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';""",
               """import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';""")
        t.edit(cctl, """  @ApiCreatedResponse({ type: CouponRedemptionView })""", """  @ApiCreatedResponse({ type: CouponRedemptionView })
  @ApiNotFoundResponse({ description: '券或订单不存在' })
  @ApiBadRequestResponse({ description: '券不可用或订单不满足条件' })""")
        t.bash("pnpm openapi:export && pnpm exec redocly lint openapi.json", "重新导出并检查",
               out=hdr("openapi:export", "ts-node -r tsconfig-paths/register scripts/export-openapi.ts") + "\n" + boot_logs(d, 60391)
               + "\nwrote openapi.json (24 paths, 33 schemas)\nNo configurations were provided -- using built in recommended configuration by default.\n\nvalidating openapi.json...\nopenapi.json: validated in 98ms\n\nWoohoo! Your API description is valid. 🎉")
        t.bash("git diff --stat openapi.json", "看 openapi.json 的变化", out=""" openapi.json | 168 +++++++++++++++++++++++++++++++++++++++++++++++++++++++++++
 1 file changed, 168 insertions(+)""")
        t.bash("git add openapi.json src/coupons/coupons.controller.ts && git commit -m \"docs(api): 更新 openapi.json（优惠券核销）\"", "单独提交接口文档",
               out="""[feat/coupon-redemption 5a7c3d1] docs(api): 更新 openapi.json（优惠券核销）
 2 files changed, 178 insertions(+), 1 deletion(-)""")
        t.done("""openapi.json 已更新并单独提交（`5a7c3d1`），可以发给小米了。

- `pnpm openapi:export`：24 个 path、33 个 schema，新增 `POST /api/v1/coupons/{code}/redeem` 以及 `RedeemCouponDto` / `CouponRedemptionView`
- `redocly lint`：第一次有 1 个 warning（核销接口没有 4XX 响应）。已在 controller 上补了 `@ApiNotFoundResponse` / `@ApiBadRequestResponse`（描述都是一句话），重新导出后没有告警
- 提交里包含 `openapi.json` 和 controller 的这两行装饰器

还没 push，MR !91 要带上的话说一声。""")

        # ---- T17: minio via compose (U2)
        t = d.task("对账单以后要传对象存储，本地先起个 minio 试试：compose 里加个 minio 服务（API 9000、控制台 9001），起起来看看", tags=["unfixed:U2"])
        dc = P("docker-compose.yml")
        t.read(dc)
        t.edit(dc, """  redis:
    image: redis:7-alpine
    ports:
      - "6379:6379"
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 5s
      retries: 10

volumes:
  pgdata:
""", """  redis:
    image: redis:7-alpine
    ports:
      - "6379:6379"
    healthcheck:
      test: ["CMD", "redis-cli", "ping"]
      interval: 5s
      retries: 10

  minio:
    image: minio/minio:RELEASE.2025-07-23T15-54-02Z
    command: server /data --console-address ":9001"
    environment:
      MINIO_ROOT_USER: trade
      MINIO_ROOT_PASSWORD: trade-minio-dev
    ports:
      - "9000:9000"
      - "9001:9001"
    volumes:
      - miniodata:/data

volumes:
  pgdata:
  miniodata:
""")
        t.fail("docker compose up -d minio", "启动 minio", """ minio Pulling 
Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)""", code=18)
        t.say("拉 Docker Hub 的镜像超时了。postgres / redis 的镜像本地应该早就有，所以平时不会碰到。看下 docker 有没有配镜像加速，以及本地有哪些镜像：")
        t.bash("docker info --format '{{json .RegistryConfig.Mirrors}}' && docker image ls --format '{{.Repository}}:{{.Tag}}' | head",
               "查看 registry mirror 配置和本地已有镜像", out="""[]
postgres:16-alpine
redis:7-alpine
registry.cn-shanghai.aliyuncs.com/chengguo/node:20.17-pnpm9""")
        t.fail("curl -sS -m 10 -o /dev/null -w '%{http_code}\\n' https://registry-1.docker.io/v2/", "直接测一下 Docker Hub 连通性",
               "curl: (28) Connection timed out after 10002 milliseconds", code=28)
        t.done("""minio 没起来，卡在拉镜像，需要你这边处理一下网络：

- `docker compose up -d minio` 拉 `minio/minio` 时访问 `registry-1.docker.io` 超时；直接用 curl 测也是 10 秒超时，说明这台机器现在连不上 Docker Hub
- `docker info` 里 `Mirrors` 是空的，没有配置镜像加速；本地只有之前拉好的 `postgres`、`redis` 和公司 ACR 上的 node 镜像

可选的处理方式（都需要你来操作）：
1. 在 `/etc/docker/daemon.json` 里配置公司或云厂商的 registry mirror，然后 `sudo systemctl restart docker`（会重启本地的 postgres / redis 容器）
2. 让运维把 `minio/minio` 同步到公司 ACR（`registry.cn-shanghai.aliyuncs.com/chengguo/...`），compose 里改用那个地址
3. 临时开代理拉一次

`docker-compose.yml` 里的 minio 服务（9000 / 9001，数据卷 `miniodata`）已经加好了，镜像能拉下来之后直接 `docker compose up -d minio` 就行。这个改动还没提交。""")

    # ============================================================== S6
    with d.session("2026-08-28T01:48:00", R, branch="feat/settlement", version="2.1.102"):
        # ---- T18: settlement queue (W2 #2, P1 #3)
        t = d.task("商家结算第一版：每天按商家汇总前一天 COMPLETED 的订单，生成一条 SettlementBatch（merchantId、bizDate、orderCount、totalFen、refundFen、netFen）。"
                   "结算单上的钱同理：整型、以分计，汇总值可能很大，用 BigInt 存没问题，但别给我算出 12.5 元这种东西。"
                   "用 BullMQ：新建 settlement 队列，processor 处理 { merchantId, bizDate }，再加个 cron 每天 01:00 给每个商家丢一个 job。写单测，本地拿一个商家跑一下试试",
                   tags=["workflow:W2", "pref:P1"])
        t.read(sch, offset=55, limit=14)
        t.edit(sch, """model Merchant {
  id        String   @id @default(cuid())
  code      String   @unique @db.VarChar(32)
  name      String   @db.VarChar(64)
  createdAt DateTime @default(now()) @map("created_at")
  updatedAt DateTime @updatedAt @map("updated_at")
  orders    Order[]

  @@map("merchants")
}
""", """model Merchant {
  id          String            @id @default(cuid())
  code        String            @unique @db.VarChar(32)
  name        String            @db.VarChar(64)
  createdAt   DateTime          @default(now()) @map("created_at")
  updatedAt   DateTime          @updatedAt @map("updated_at")
  orders      Order[]
  settlements SettlementBatch[]

  @@map("merchants")
}

model SettlementBatch {
  id         String   @id @default(cuid())
  merchantId String   @map("merchant_id")
  bizDate    DateTime @map("biz_date") @db.Date
  orderCount Int      @map("order_count")
  totalFen   BigInt   @map("total_fen")
  refundFen  BigInt   @map("refund_fen")
  netFen     BigInt   @map("net_fen")
  createdAt  DateTime @default(now()) @map("created_at")
  updatedAt  DateTime @updatedAt @map("updated_at")
  merchant   Merchant @relation(fields: [merchantId], references: [id])

  @@unique([merchantId, bizDate])
  @@map("settlement_batches")
}
""")
        t.bash("pnpm prisma migrate dev --name add_settlement_batch", "生成并应用 migration", out=prisma_head() + f"""
Applying migration `20260828020914_add_settlement_batch`

The following migration(s) have been created and applied from new schema changes:

migrations/
  └─ 20260828020914_add_settlement_batch/
    └─ migration.sql

Your database is now in sync with your schema.

✔ Generated Prisma Client (v5.22.0) to {PRISMA_CLIENT} in 397ms
""")
        t.read(qc)
        t.edit(qc, """  COUPON_REMINDER: 'coupon-reminder',
} as const;""", """  COUPON_REMINDER: 'coupon-reminder',
  SETTLEMENT: 'settlement',
} as const;""")
        ssvc = P("src/settlements/settlements.service.ts")
        t.write(ssvc, """import { Injectable } from '@nestjs/common';
import { OrderStatus, RefundStatus, SettlementBatch } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** bizDate 是北京时间的自然日，格式 YYYY-MM-DD */
export function dayRange(bizDate: string): { start: Date; end: Date } {
  const start = new Date(`${bizDate}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

export function yesterdayInShanghai(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}

@Injectable()
export class SettlementsService {
  constructor(private readonly prisma: PrismaService) {}

  /** 汇总商家某天完成的订单（实付 = total - discount）和当天退款成功的金额；重复执行会覆盖同一天的结果 */
  async settle(merchantId: string, bizDate: string): Promise<SettlementBatch> {
    const { start, end } = dayRange(bizDate);
    const orders = await this.prisma.order.aggregate({
      where: { merchantId, status: OrderStatus.COMPLETED, completedAt: { gte: start, lt: end } },
      _count: { _all: true },
      _sum: { totalFen: true, discountFen: true },
    });
    const refunds = await this.prisma.refund.aggregate({
      where: { order: { merchantId }, status: RefundStatus.REFUNDED, updatedAt: { gte: start, lt: end } },
      _sum: { amountFen: true },
    });
    const totalFen = BigInt(orders._sum.totalFen ?? 0) - BigInt(orders._sum.discountFen ?? 0);
    const refundFen = BigInt(refunds._sum.amountFen ?? 0);
    const data = { orderCount: orders._count._all, totalFen, refundFen, netFen: totalFen - refundFen };
    const day = new Date(`${bizDate}T00:00:00Z`);
    return this.prisma.settlementBatch.upsert({
      where: { merchantId_bizDate: { merchantId, bizDate: day } },
      create: { merchantId, bizDate: day, ...data },
      update: data,
    });
  }
}
""")
        t.write(P("src/settlements/settlement.processor.ts"), """import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { QUEUES } from '../queue/queue.constants';
import { SettlementsService } from './settlements.service';

export interface SettlementJob {
  merchantId: string;
  bizDate: string;
}

@Processor(QUEUES.SETTLEMENT, { concurrency: 4 })
export class SettlementProcessor extends WorkerHost {
  private readonly logger = new Logger(SettlementProcessor.name);

  constructor(private readonly settlements: SettlementsService) {
    super();
  }

  async process(job: Job<SettlementJob>) {
    const { merchantId, bizDate } = job.data;
    const batch = await this.settlements.settle(merchantId, bizDate);
    this.logger.log(`settled ${merchantId} ${bizDate}: ${batch.orderCount} orders, net ${batch.netFen} fen`);
    // returnvalue 会 JSON 序列化存进 redis，BigInt 转成字符串
    return { batchId: batch.id, orderCount: batch.orderCount, netFen: batch.netFen.toString() };
  }
}
""")
        t.write(P("src/settlements/settlement.scheduler.ts"), """import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { Queue } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES } from '../queue/queue.constants';
import { yesterdayInShanghai } from './settlements.service';

@Injectable()
export class SettlementScheduler {
  private readonly logger = new Logger(SettlementScheduler.name);

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QUEUES.SETTLEMENT) private readonly queue: Queue,
  ) {}

  /** 每天 01:00 给每个商家投一个前一天的结算 job；jobId 固定，多个实例同时触发也只会入队一次 */
  @Cron('0 0 1 * * *', { name: 'settlement-daily', timeZone: 'Asia/Shanghai' })
  async enqueueYesterday(now: Date = new Date()): Promise<number> {
    const bizDate = yesterdayInShanghai(now);
    const merchants = await this.prisma.merchant.findMany({ select: { id: true } });
    await this.queue.addBulk(
      merchants.map((m) => ({
        name: 'settle',
        data: { merchantId: m.id, bizDate },
        opts: { jobId: `settle-${m.id}-${bizDate}` },
      })),
    );
    this.logger.log(`enqueued ${merchants.length} settlement jobs for ${bizDate}`);
    return merchants.length;
  }
}
""")
        smod = P("src/settlements/settlements.module.ts")
        t.write(smod, """import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../queue/queue.constants';
import { SettlementProcessor } from './settlement.processor';
import { SettlementScheduler } from './settlement.scheduler';
import { SettlementsService } from './settlements.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.SETTLEMENT })],
  providers: [SettlementsService, SettlementProcessor, SettlementScheduler],
})
export class SettlementsModule {}
""")
        t.read(am)
        t.edit(am, """import { RefundsModule } from './refunds/refunds.module';
""", """import { RefundsModule } from './refunds/refunds.module';
import { SettlementsModule } from './settlements/settlements.module';
""")
        t.edit(am, """    CouponsModule,
    NotificationsModule,""", """    CouponsModule,
    SettlementsModule,
    NotificationsModule,""")
        t.write(P("src/settlements/settlements.service.spec.ts"), """import { PrismaClient } from '@prisma/client';
import { DeepMockProxy, mockDeep } from 'jest-mock-extended';
import { PrismaService } from '../prisma/prisma.service';
import { dayRange, SettlementsService, yesterdayInShanghai } from './settlements.service';

describe('SettlementsService', () => {
  let prisma: DeepMockProxy<PrismaClient>;
  let service: SettlementsService;

  beforeEach(() => {
    prisma = mockDeep<PrismaClient>();
    service = new SettlementsService(prisma as unknown as PrismaService);
  });

  it('uses the Shanghai calendar day', () => {
    expect(dayRange('2026-08-27').start.toISOString()).toBe('2026-08-26T16:00:00.000Z');
    expect(yesterdayInShanghai(new Date('2026-08-27T17:00:00Z'))).toBe('2026-08-27');
  });

  it('nets paid amount minus refunds, all in fen', async () => {
    prisma.order.aggregate.mockResolvedValue({ _count: { _all: 3 }, _sum: { totalFen: 17940, discountFen: 1000 } } as never);
    prisma.refund.aggregate.mockResolvedValue({ _sum: { amountFen: 1280 } } as never);

    await service.settle('m1', '2026-08-27');

    expect(prisma.settlementBatch.upsert).toHaveBeenCalledWith(
      expect.objectContaining({
        create: expect.objectContaining({ orderCount: 3, totalFen: 16940n, refundFen: 1280n, netFen: 15660n }),
      }),
    );
  });

  it('writes zeros for a day without orders', async () => {
    prisma.order.aggregate.mockResolvedValue({ _count: { _all: 0 }, _sum: { totalFen: null, discountFen: null } } as never);
    prisma.refund.aggregate.mockResolvedValue({ _sum: { amountFen: null } } as never);

    await service.settle('m1', '2026-08-27');

    expect(prisma.settlementBatch.upsert).toHaveBeenCalledWith(
      expect.objectContaining({ update: { orderCount: 0, totalFen: 0n, refundFen: 0n, netFen: 0n } }),
    );
  });
});
""")
        t.write(P("src/settlements/settlement.processor.spec.ts"), """import { Job } from 'bullmq';
import { mockDeep } from 'jest-mock-extended';
import { SettlementJob, SettlementProcessor } from './settlement.processor';
import { SettlementsService } from './settlements.service';

describe('SettlementProcessor', () => {
  const settlements = mockDeep<SettlementsService>();
  const processor = new SettlementProcessor(settlements);

  it('settles the merchant/day from the job and returns a JSON-safe result', async () => {
    settlements.settle.mockResolvedValue({ id: 'sb1', orderCount: 3, netFen: 15660n } as never);

    const result = await processor.process({ data: { merchantId: 'm1', bizDate: '2026-08-27' } } as Job<SettlementJob>);

    expect(settlements.settle).toHaveBeenCalledWith('m1', '2026-08-27');
    expect(result).toEqual({ batchId: 'sb1', orderCount: 3, netFen: '15660' });
  });
});
""")
        UNIT["src/settlements/settlements.service.spec.ts"] = 3
        UNIT["src/settlements/settlement.processor.spec.ts"] = 1
        t.bash("pnpm test settlement", "跑结算相关单测", out=hdr("test", "jest", ' "settlement"'), err="""PASS src/settlements/settlements.service.spec.ts
PASS src/settlements/settlement.processor.spec.ts

""" + jest_summary(0, 2, 0, 4, "3.557", pattern="settlement"))
        t.bash("""docker compose exec -T postgres psql -U trade -d trade -Atc "select m.id, m.code, m.name, count(*) from orders o join merchants m on m.id = o.merchant_id where o.status = 'COMPLETED' and o.completed_at >= '2026-08-26 16:00+00' and o.completed_at < '2026-08-27 16:00+00' group by 1, 2, 3 order by 4 desc limit 3\"""",
               "找一个昨天有完成订单的商家", out="""cm0a3x1k70002mq5t9z8r4b1c|M000017|褚橙庄园直营店|37
cm0a3x1k70005mq5t1p2d6e7f|M000031|烟台苹果合作社|22
cm0a3x1k7000amq5t8h4j2k3l|M000046|丹东草莓基地|9""")
        t.bash("""pnpm -s queue:enqueue settlement settle '{"merchantId":"cm0a3x1k70002mq5t9z8r4b1c","bizDate":"2026-08-27"}'""",
               "投一个结算 job", out="enqueued settlement/settle id=1")
        fin = int((d.clock + _dt.timedelta(seconds=1)).timestamp() * 1000)
        t.bash("sleep 2 && docker compose exec -T redis redis-cli HMGET bull:settlement:1 finishedOn returnvalue failedReason",
               "查看 job 结果", out=f"""{fin}
{{"batchId":"cm0f7k2p90000x4b8n3q1w5e6","orderCount":37,"netFen":"418260"}}
""")
        t.bash("""docker compose exec -T postgres psql -U trade -d trade -c "select biz_date, order_count, total_fen, refund_fen, net_fen from settlement_batches where merchant_id = 'cm0a3x1k70002mq5t9z8r4b1c'\"""",
               "看落库的结算单", out="""  biz_date  | order_count | total_fen | refund_fen | net_fen 
------------+-------------+-----------+------------+---------
 2026-08-27 |          37 |    425160 |       6900 |  418260
(1 row)""")
        t.done("""商家结算第一版跑通了。

**表**：`settlement_batches`（migration `20260828020914_add_settlement_batch`），`(merchantId, bizDate)` 唯一；`totalFen / refundFen / netFen` 是 `BigInt`，单位分，`orderCount` 是 Int。

**逻辑**（`SettlementsService.settle`）
- `bizDate` 按**北京时间**自然日算区间（`2026-08-27` → `08-26T16:00Z ~ 08-27T16:00Z`）
- `totalFen` = 当天完成订单 `Σ(totalFen − discountFen)`，`refundFen` = 当天退款成功的金额，`netFen = totalFen − refundFen`，全程整数分，不做元的换算
- `upsert`，重跑同一天会覆盖结果

**队列**
- `settlement` 队列 + `SettlementProcessor`（`WorkerHost`，并发 4）。返回值里的 `netFen` 转成字符串（BullMQ 把 returnvalue JSON 序列化后存进 Redis，BigInt 不能直接序列化）
- `SettlementScheduler`：`@Cron('0 0 1 * * *', Asia/Shanghai)`，给每个商家 `addBulk` 一个 job，`jobId = settle-<merchantId>-<bizDate>`，多个实例同时触发也只入队一次

**单测**：4 个（日期边界、净额计算、无订单写 0、processor 返回值）

**本地验证**：褚橙庄园直营店 8/27 共 37 单，`total_fen 425160 − refund_fen 6900 = net_fen 418260`，job 和落库结果一致。""")

        # ---- T19: settlement detail endpoint + e2e (O2)
        t = d.task("加个结算单详情接口 GET /api/v1/settlements/:id，只有商家角色能看、而且只能看自己的。写个 e2e 覆盖一下", tags=["oneoff:O2"])
        t.edit(ssvc, """import { Injectable } from '@nestjs/common';""", """import { Injectable, NotFoundException } from '@nestjs/common';""")
        t.edit(ssvc, """  /** 汇总商家某天完成的订单""", """  async findForMerchant(merchantId: string, id: string): Promise<SettlementBatch> {
    const batch = await this.prisma.settlementBatch.findUnique({ where: { id } });
    if (!batch || batch.merchantId !== merchantId) {
      throw new NotFoundException(`settlement ${id} not found`);
    }
    return batch;
  }

  /** 汇总商家某天完成的订单""")
        sctl = P("src/settlements/settlements.controller.ts")
        t.write(sctl, """import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, JwtUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { Roles, RolesGuard } from '../auth/roles.guard';
import { SettlementsService } from './settlements.service';

@ApiTags('settlements')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, RolesGuard)
@Roles('merchant')
@Controller('settlements')
export class SettlementsController {
  constructor(private readonly settlements: SettlementsService) {}

  @Get(':id')
  findOne(@CurrentUser() user: JwtUser, @Param('id') id: string) {
    return this.settlements.findForMerchant(user.merchantId ?? '', id);
  }
}
""")
        t.edit(smod, """import { SettlementProcessor } from './settlement.processor';""", """import { SettlementProcessor } from './settlement.processor';
import { SettlementsController } from './settlements.controller';""")
        t.edit(smod, """  providers: [SettlementsService, SettlementProcessor, SettlementScheduler],""", """  controllers: [SettlementsController],
  providers: [SettlementsService, SettlementProcessor, SettlementScheduler],""")
        t.read(dbts)
        t.edit(dbts, """const TABLES = [
  'coupon_redemptions',""", """const TABLES = [
  'settlement_batches',
  'coupon_redemptions',""")
        se2e = P("test/settlements.e2e-spec.ts")
        t.write(se2e, """import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApp } from './utils/app';
import { resetDb } from './utils/db';
import { createMerchant } from './utils/factories';
import { tokenFor } from './utils/token';

describe('SettlementsController (e2e)', () => {
  let app: INestApplication;
  let prisma: PrismaService;

  beforeAll(async () => {
    ({ app, prisma } = await createTestApp());
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    await resetDb(prisma);
  });

  const batchFor = (merchantId: string) =>
    prisma.settlementBatch.create({
      data: { merchantId, bizDate: new Date('2026-08-27T00:00:00Z'), orderCount: 3, totalFen: 16940n, refundFen: 1280n, netFen: 15660n },
    });

  describe('GET /api/v1/settlements/:id', () => {
    it('returns the batch to its merchant', async () => {
      const merchant = await createMerchant(prisma);
      const batch = await batchFor(merchant.id);
      const res = await request(app.getHttpServer())
        .get(`/api/v1/settlements/${batch.id}`)
        .set({ Authorization: `Bearer ${tokenFor('mu-1', ['merchant'], merchant.id)}` });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ orderCount: 3, totalFen: 16940, refundFen: 1280, netFen: 15660 });
    });

    it("404 for another merchant's batch", async () => {
      const mine = await createMerchant(prisma);
      const other = await createMerchant(prisma);
      const batch = await batchFor(other.id);
      const res = await request(app.getHttpServer())
        .get(`/api/v1/settlements/${batch.id}`)
        .set({ Authorization: `Bearer ${tokenFor('mu-1', ['merchant'], mine.id)}` });

      expect(res.status).toBe(404);
    });

    it('403 for a normal user', async () => {
      const res = await request(app.getHttpServer())
        .get('/api/v1/settlements/whatever')
        .set({ Authorization: `Bearer ${tokenFor('u-e2e-1')}` });

      expect(res.status).toBe(403);
    });
  });
});
""")
        t.bash("pnpm db:test:prepare", "测试库应用 settlement migration", out=hdr("db:test:prepare", "dotenv -e .env.test -- prisma migrate deploy") + "\n"
               + deploy_out(16, ["20260828020914_add_settlement_batch"]).replace('database "trade"', 'database "trade_test"'))
        ln = line_of(d, se2e, "      expect(res.status).toBe(200);")
        frame, col = jest_frame(d, se2e, ln, ident=".toBe(")
        NX = "/home/linxf/code/trade-service/node_modules/.pnpm"
        nest_err = nest_log(d, 48213, "error", "AllExceptionsFilter", "Do not know how to serialize a BigInt", plus=6) + f"""
TypeError: Do not know how to serialize a BigInt
    at JSON.stringify (<anonymous>)
    at stringify ({NX}/express@4.21.2/node_modules/express/lib/response.js:1160:12)
    at ServerResponse.json ({NX}/express@4.21.2/node_modules/express/lib/response.js:271:14)
    at ExpressAdapter.reply ({NX}/@nestjs+platform-express@10.4.15_@nestjs+common@10.4.15_@nestjs+core@10.4.15/node_modules/@nestjs/platform-express/adapters/express-adapter.js:24:57)
    at RouterResponseController.apply ({NX}/@nestjs+core@10.4.15_@nestjs+common@10.4.15_@nestjs+platform-express@10.4.15/node_modules/@nestjs/core/router/router-response-controller.js:15:36)
    at {NX}/@nestjs+core@10.4.15_@nestjs+common@10.4.15_@nestjs+platform-express@10.4.15/node_modules/@nestjs/core/router/router-execution-context.js:175:48
    at processTicksAndRejections (node:internal/process/task_queues:95:5)
    at {NX}/@nestjs+core@10.4.15_@nestjs+common@10.4.15_@nestjs+platform-express@10.4.15/node_modules/@nestjs/core/router/router-execution-context.js:47:13
    at {NX}/@nestjs+core@10.4.15_@nestjs+common@10.4.15_@nestjs+platform-express@10.4.15/node_modules/@nestjs/core/router/router-proxy.js:9:17"""
        out = hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "settlements"') + "\n" + nest_err + f"""
FAIL test/settlements.e2e-spec.ts (5.406 s)
  SettlementsController (e2e)
    GET /api/v1/settlements/:id
      ✕ returns the batch to its merchant (97 ms)
      ✓ 404 for another merchant's batch (29 ms)
      ✓ 403 for a normal user (8 ms)

  ● SettlementsController (e2e) › GET /api/v1/settlements/:id › returns the batch to its merchant

    expect(received).toBe(expected) // Object.is equality

    Expected: 200
    Received: 500

{frame}

      at Object.<anonymous> (settlements.e2e-spec.ts:{ln}:{col})

""" + jest_summary(1, 0, 1, 2, "5.73", pattern="settlements", est=6) + "\n" + ELIFE.format(1)
        t.fail("pnpm test:e2e settlements", "跑结算 e2e", out)
        t.say("500，日志里是 `TypeError: Do not know how to serialize a BigInt`：接口直接返回了 Prisma 实体，`totalFen / refundFen / netFen` 是 `BigInt`，"
              "Express 的 `res.json` 用 `JSON.stringify` 序列化不了。在 service 里转成对外的视图：金额转成 number（还是分）。")
        t.edit(ssvc, """  async findForMerchant(merchantId: string, id: string): Promise<SettlementBatch> {
    const batch = await this.prisma.settlementBatch.findUnique({ where: { id } });
    if (!batch || batch.merchantId !== merchantId) {
      throw new NotFoundException(`settlement ${id} not found`);
    }
    return batch;
  }""", """  async findForMerchant(merchantId: string, id: string): Promise<SettlementView> {
    const batch = await this.prisma.settlementBatch.findUnique({ where: { id } });
    if (!batch || batch.merchantId !== merchantId) {
      throw new NotFoundException(`settlement ${id} not found`);
    }
    return toView(batch);
  }""")
        t.edit(ssvc, """export function yesterdayInShanghai(now: Date): string {""", """export interface SettlementView {
  id: string;
  merchantId: string;
  bizDate: string;
  orderCount: number;
  totalFen: number;
  refundFen: number;
  netFen: number;
}

/** BigInt 不能 JSON 序列化；单商家单日金额远小于 2^53 分，转 number 不丢精度 */
export function toView(b: SettlementBatch): SettlementView {
  return {
    id: b.id,
    merchantId: b.merchantId,
    bizDate: b.bizDate.toISOString().slice(0, 10),
    orderCount: b.orderCount,
    totalFen: Number(b.totalFen),
    refundFen: Number(b.refundFen),
    netFen: Number(b.netFen),
  };
}

export function yesterdayInShanghai(now: Date): string {""")
        E2E["test/settlements.e2e-spec.ts"] = 3
        out = verbose("test/settlements.e2e-spec.ts", [
            (1, "SettlementsController (e2e)"),
            (2, "GET /api/v1/settlements/:id"),
            (3, "✓ returns the batch to its merchant (88 ms)"),
            (3, "✓ 404 for another merchant's batch (27 ms)"),
            (3, "✓ 403 for a normal user (7 ms)"),
        ], secs="5.287")
        t.bash("pnpm test:e2e settlements", "重新跑结算 e2e", out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "settlements"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 3, "5.55", pattern="settlements", est=6))
        t.bash("pnpm test settlement", "确认结算单测不受影响", out=hdr("test", "jest", ' "settlement"'), err="""PASS src/settlements/settlement.processor.spec.ts
PASS src/settlements/settlements.service.spec.ts

""" + jest_summary(0, 2, 0, 4, "3.402", pattern="settlement"))
        t.done("""结算单详情接口好了，e2e 3 个用例通过。

- `GET /api/v1/settlements/:id`：`JwtAuthGuard + RolesGuard`，`@Roles('merchant')`；只能查 `merchantId` 与 token 一致的结算单，别人的返回 404（不暴露是否存在）
- 返回 `SettlementView`：`bizDate` 是 `YYYY-MM-DD`，金额字段是 number，单位分
- e2e：本人 200 且金额正确、其他商家 404、普通用户 403。`resetDb` 的清表列表加了 `settlement_batches`，测试库已经应用新 migration

第一次跑是 500：`TypeError: Do not know how to serialize a BigInt`。我直接把 Prisma 实体返回了，`BigInt` 字段 `JSON.stringify` 不了。现在在 service 里用 `toView()` 转成 number。单商家单日的金额离 `2^53` 分（约 900 万亿元）还很远，不会丢精度。""")

        d.precompact("""Analysis: 林晓峰在 trade-service（橙果生鲜交易服务：NestJS 10 + Prisma 5.22 + PostgreSQL 16，Redis/BullMQ 5，pnpm 9，Jest 29 + ts-jest，单测在 src/、e2e 在 test/ 用 supertest 连真实测试库 trade_test，本地 docker compose 起 postgres/redis，GitLab + glab，MR 合到 develop）上工作，当前分支 feat/settlement。

Summary:
1. 已完成：部分退款（amountFen + remark，!87）；优惠券核销 coupon_redemptions + 核销接口 + coupon-reminder 队列 + 过期券定时任务（!91），openapi.json 已更新；本地 minio 因为拉不到 Docker Hub 镜像没起来（compose 已改，未提交）。
2. 用户偏好：金额一律用整数分（结算汇总用 BigInt）；单测里 Prisma 用 jest-mock-extended 的 mockDeep；service 里直接抛 Nest 自带的 NotFoundException / BadRequestException；Swagger description 一句话，example 只给不直观的字段；MR 前跑 lint / 单测 / build。
3. 本 session：SettlementBatch 表（migrate dev 生成并应用）、settlement 队列 + SettlementProcessor + 每天 01:00 的 SettlementScheduler；本地对商家 M000017 的 8/27 结算验证通过（net 418260 分）。
4. 刚完成：GET /api/v1/settlements/:id（商家只能看自己的），toView() 把 BigInt 转 number，settlements e2e 3 个用例通过。""")

        # ---- T20: README queues section
        t = d.task("README 里补一节「队列」：现在有哪些队列、谁往里丢 job、谁消费，本地怎么手工丢一个 job 调试", tags=["noise"])
        t.grep("registerQueue|@Processor\\(|@InjectQueue\\(", path=P("src"), output_mode="content", n=True, content=f"""{P('src/coupons/coupon-reminder.processor.ts')}:16:@Processor(QUEUES.COUPON_REMINDER)
{P('src/coupons/coupons.module.ts')}:11:  imports: [BullModule.registerQueue({{ name: QUEUES.COUPON_REMINDER }}), NotificationsModule],
{P('src/notifications/notifications.module.ts')}:10:  imports: [BullModule.registerQueue({{ name: QUEUES.NOTIFY }})],
{P('src/notifications/notifications.service.ts')}:15:  constructor(@InjectQueue(QUEUES.NOTIFY) private readonly queue: Queue) {{}}
{P('src/notifications/notify.processor.ts')}:9:@Processor(QUEUES.NOTIFY, {{ concurrency: 8 }})
{P('src/payments/payment-query.processor.ts')}:14:@Processor(QUEUES.PAYMENT_QUERY, {{ concurrency: 4 }})
{P('src/payments/payments.module.ts')}:12:    BullModule.registerQueue({{ name: QUEUES.PAYMENT_QUERY }}),
{P('src/payments/payments.service.ts')}:27:    @InjectQueue(QUEUES.PAYMENT_QUERY) private readonly queryQueue: Queue,
{P('src/refunds/refunds.module.ts')}:10:  imports: [BullModule.registerQueue({{ name: QUEUES.NOTIFY }})],
{P('src/refunds/refunds.service.ts')}:18:    @InjectQueue(QUEUES.NOTIFY) private readonly notifyQueue: Queue,
{P('src/settlements/settlement.processor.ts')}:12:@Processor(QUEUES.SETTLEMENT, {{ concurrency: 4 }})
{P('src/settlements/settlement.scheduler.ts')}:15:    @InjectQueue(QUEUES.SETTLEMENT) private readonly queue: Queue,
{P('src/settlements/settlements.module.ts')}:9:  imports: [BullModule.registerQueue({{ name: QUEUES.SETTLEMENT }})],""")
        rd = P("README.md")
        t.read(rd)
        t.edit(rd, """## 约定
""", """## 队列（BullMQ）

连接串是 `REDIS_URL`，全局默认 `removeOnComplete: 1000`、`removeOnFail: 5000`。worker 和 API 跑在同一个进程里（本地就是 `pnpm start:dev`）。

| 队列 | 生产者 | 消费者 | job |
|---|---|---|---|
| `notify` | `NotificationsService`、`RefundsService` | `NotifyProcessor`（并发 8） | `inbox` / `sms` / `refund-applied` / `refund-approved` |
| `payment-query` | `PaymentsService`（下单后轮询支付结果） | `PaymentQueryProcessor`（并发 4） | `query` |
| `coupon-reminder` | 暂无（待接定时任务） | `CouponReminderProcessor` | `remind` `{ userId }` |
| `settlement` | `SettlementScheduler`（每天 01:00） | `SettlementProcessor`（并发 4） | `settle` `{ merchantId, bizDate }` |

本地手工丢一个 job（需要 redis 和 `pnpm start:dev`）：

```bash
pnpm -s queue:enqueue settlement settle '{"merchantId":"<id>","bizDate":"2026-08-27"}'
# 看结果
docker compose exec -T redis redis-cli HMGET bull:settlement:<jobId> finishedOn returnvalue failedReason
```

## 约定
""")
        t.done("README 加了「队列」一节：一张表列出 4 个队列（`notify`、`payment-query`、`coupon-reminder`、`settlement`）的生产者、消费者、并发和 job 名，并写了本地用 `pnpm -s queue:enqueue` 丢 job、用 `redis-cli HMGET` 看结果的方法。`coupon-reminder` 目前还没有生产者，表里标了「待接定时任务」。")

        # ---- T21: no tools
        t = d.task("BigInt 转 Number 到底什么时候会丢精度？以后做平台级的月度汇总，金额会不会超", tags=["noise", "no_tools"])
        t.done("""**界限**：JS 的 number 是双精度浮点，能精确表示的最大整数是 `Number.MAX_SAFE_INTEGER = 2^53 − 1 = 9,007,199,254,740,991`。超过这个值，`Number(big)` 会静默变成最接近的可表示值，不报错。

**换算成我们的单位**：金额以分计，`2^53` 分 ≈ **90 万亿元**。
- 单商家单日：远远到不了
- 平台级月度 GMV：就算一个月 100 亿元，也只是 `10^12` 分，离上限还差约 9000 倍

所以结算、报表这类汇总，转 number 是安全的。

**真正要注意的地方**：
1. **中间计算**：如果先转 number 再做乘法（比如「金额 × 费率 × 10000」做定点数），中间结果可能超限。中间计算保持 BigInt，最后再转。
2. **费率 / 分摊**：BigInt 只能整除。算手续费这类要四舍五入的，写成 `(amount * rateBp + 5000n) / 10000n` 这种整数形式，不要转成 number 去乘 0.006。
3. **对外接口**：前端 JS 也受同样的限制。如果哪天真有可能超过 `2^53`，接口要改成返回字符串（就像 processor 的 returnvalue 那样），不能返回 number。

结论：结算单的 `toView()` 按现在的写法没问题；平台月度汇总在 SQL 里 `SUM` 出来也是 bigint，用同样的方式转换即可。""")

    # ============================================================== S7 (acceptEdits)
    with d.session("2026-08-31T02:30:00", R, branch="feat/order-channel", version="2.1.104", permission_mode="acceptEdits"):
        # ---- T22: order channel (M1 #2)
        t = d.task("下单加一个来源渠道 channel：APP / MINI_PROGRAM / H5，可选，不传默认 APP。Order 表加字段（migrate dev 就行），下单接口存进去，orders 的 e2e 加两个用例",
                   tags=["mistake:M1"])
        t.read(sch, offset=9, limit=30)
        t.edit(sch, """enum OrderStatus {
  PENDING_PAYMENT""", """enum OrderChannel {
  APP
  MINI_PROGRAM
  H5
}

enum OrderStatus {
  PENDING_PAYMENT""")
        t.edit(sch, """  status      OrderStatus @default(PENDING_PAYMENT)
  totalFen    Int         @map("total_fen")""", """  status      OrderStatus  @default(PENDING_PAYMENT)
  channel     OrderChannel @default(APP)
  totalFen    Int         @map("total_fen")""")
        t.bash("pnpm prisma format && pnpm prisma migrate dev --name add_order_channel", "格式化 schema，生成并应用 migration",
               out="""Prisma schema loaded from prisma/schema.prisma
Formatted prisma/schema.prisma in 41ms 🚀
""" + prisma_head() + f"""
Applying migration `20260831023652_add_order_channel`

The following migration(s) have been created and applied from new schema changes:

migrations/
  └─ 20260831023652_add_order_channel/
    └─ migration.sql

Your database is now in sync with your schema.

✔ Generated Prisma Client (v5.22.0) to {PRISMA_CLIENT} in 371ms
""")
        odto = P("src/orders/dto/create-order.dto.ts")
        t.read(odto)
        t.edit(odto, """import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';""", """import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OrderChannel } from '@prisma/client';
import { Type } from 'class-transformer';""")
        t.edit(odto, """  @Type(() => OrderItemInput)
  items!: OrderItemInput[];
}""", """  @Type(() => OrderItemInput)
  items!: OrderItemInput[];

  @ApiPropertyOptional({ enum: OrderChannel, default: OrderChannel.APP, description: '下单渠道' })
  channel?: OrderChannel;
}""")
        osvc = P("src/orders/orders.service.ts")
        t.read(osvc, limit=45)
        t.edit(osvc, """import { Order, OrderStatus, Prisma } from '@prisma/client';""", """import { Order, OrderChannel, OrderStatus, Prisma } from '@prisma/client';""")
        t.edit(osvc, """        merchantId: dto.merchantId,
        totalFen,""", """        merchantId: dto.merchantId,
        channel: dto.channel ?? OrderChannel.APP,
        totalFen,""")
        oe2e = P("test/orders.e2e-spec.ts")
        t.read(oe2e, offset=30, limit=30)
        t.edit(oe2e, """    it('rejects an empty item list', async () => {""", """    it('stores the channel', async () => {
      const merchant = await createMerchant(prisma);
      const res = await request(app.getHttpServer())
        .post('/api/v1/orders')
        .set(auth)
        .send({ ...orderBody(merchant.id), channel: 'MINI_PROGRAM' });

      expect(res.body).toMatchObject({ channel: 'MINI_PROGRAM', status: 'PENDING_PAYMENT' });
      expect(res.status).toBe(201);
    });

    it('defaults the channel to APP', async () => {
      const merchant = await createMerchant(prisma);
      const res = await request(app.getHttpServer()).post('/api/v1/orders').set(auth).send(orderBody(merchant.id));

      expect(res.body.channel).toBe('APP');
    });

    it('rejects an empty item list', async () => {""")
        t.bash("pnpm db:test:prepare", "测试库应用新 migration", out=hdr("db:test:prepare", "dotenv -e .env.test -- prisma migrate deploy") + "\n"
               + deploy_out(17, ["20260831023652_add_order_channel"]).replace('database "trade"', 'database "trade_test"'))
        sl = line_of(d, oe2e, "      expect(res.body).toMatchObject({ channel: 'MINI_PROGRAM', status: 'PENDING_PAYMENT' });")
        frame, col = jest_frame(d, oe2e, sl, ident=".toMatchObject(")
        out = hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "orders"') + f"""
FAIL test/orders.e2e-spec.ts (6.873 s)
  OrdersController (e2e)
    POST /api/v1/orders
      ✓ creates an order with items (141 ms)
      ✕ stores the channel (38 ms)
      ✓ defaults the channel to APP (44 ms)
      ✓ rejects an empty item list (19 ms)
      ✓ rejects unknown fields (17 ms)
      ✓ rejects skus that are off sale (21 ms)
      ✓ requires a token (5 ms)
    GET /api/v1/orders
      ✓ lists my orders newest first (96 ms)
      ✓ filters by status (37 ms)
      ✓ does not show other users orders (35 ms)
      ✓ rejects pageSize over 50 (9 ms)

  ● OrdersController (e2e) › POST /api/v1/orders › stores the channel

    expect(received).toMatchObject(expected)

    - Expected  - 2
    + Received  + 7

      Object {{
    -   "channel": "MINI_PROGRAM",
    -   "status": "PENDING_PAYMENT",
    +   "error": "Bad Request",
    +   "message": Array [
    +     "property channel should not exist",
    +   ],
    +   "path": "/api/v1/orders",
    +   "statusCode": 400,
    +   "timestamp": "{iso(d, 7)}",
      }}

{frame}

      at Object.<anonymous> (orders.e2e-spec.ts:{sl}:{col})

""" + jest_summary(1, 0, 1, 10, "7.118", pattern="orders", est=8) + "\n" + ELIFE.format(1)
        t.fail("pnpm test:e2e orders", "跑订单 e2e", out)
        t.say("`property channel should not exist` 是 ValidationPipe 开了 `forbidNonWhitelisted` 时的报错（e2e 的 app 和 main.ts 共用 `configureApp`）。`channel` 上只有 Swagger 的 `@ApiPropertyOptional`，没有 class-validator 装饰器，"
              "所以被当成了未声明的字段。「不传默认 APP」那个用例能过，是因为它根本没传 channel。补上校验：")
        t.edit(odto, """import { ArrayMinSize, IsArray, IsInt, IsString, Length, Min, ValidateNested } from 'class-validator';""",
               """import { ArrayMinSize, IsArray, IsEnum, IsInt, IsOptional, IsString, Length, Min, ValidateNested } from 'class-validator';""")
        t.edit(odto, """  @ApiPropertyOptional({ enum: OrderChannel, default: OrderChannel.APP, description: '下单渠道' })
  channel?: OrderChannel;""", """  @ApiPropertyOptional({ enum: OrderChannel, default: OrderChannel.APP, description: '下单渠道' })
  @IsOptional()
  @IsEnum(OrderChannel)
  channel?: OrderChannel;""")
        E2E["test/orders.e2e-spec.ts"] = 11
        out = verbose("test/orders.e2e-spec.ts", [
            (1, "OrdersController (e2e)"),
            (2, "POST /api/v1/orders"),
            (3, "✓ creates an order with items (133 ms)"),
            (3, "✓ stores the channel (41 ms)"),
            (3, "✓ defaults the channel to APP (39 ms)"),
            (3, "✓ rejects an empty item list (18 ms)"),
            (3, "✓ rejects unknown fields (16 ms)"),
            (3, "✓ rejects skus that are off sale (20 ms)"),
            (3, "✓ requires a token (5 ms)"),
            (2, "GET /api/v1/orders"),
            (3, "✓ lists my orders newest first (92 ms)"),
            (3, "✓ filters by status (34 ms)"),
            (3, "✓ does not show other users orders (33 ms)"),
            (3, "✓ rejects pageSize over 50 (8 ms)"),
        ], secs="6.702")
        t.bash("pnpm test:e2e orders", "重新跑订单 e2e", out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "orders"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 11, "6.95", pattern="orders", est=8))
        t.bash("pnpm test orders", "跑订单单测", out=hdr("test", "jest", ' "orders"'), err="""PASS src/orders/order-no.spec.ts
PASS src/orders/orders.service.spec.ts

""" + jest_summary(0, 2, 0, 18, "3.981", pattern="orders"))
        t.done("""下单渠道加好了，订单 e2e 11 个用例、订单单测 18 个都通过。

- schema：新枚举 `OrderChannel { APP, MINI_PROGRAM, H5 }`，`Order.channel` 默认 `APP`；migration `20260831023652_add_order_channel`，本地库和测试库都已应用
- `CreateOrderDto.channel?`：`@IsOptional() @IsEnum(OrderChannel)`，Swagger 里标了默认值
- `OrdersService.create`：`channel: dto.channel ?? OrderChannel.APP`
- e2e 新增「传 MINI_PROGRAM 能存下」和「不传默认 APP」两个用例

第一次 e2e 失败，返回 400 `property channel should not exist`：我只给 `channel` 加了 Swagger 的 `@ApiPropertyOptional`，没加 class-validator 装饰器，全局的 `forbidNonWhitelisted` 就把它当成多余字段拒掉了。已补上 `@IsOptional() @IsEnum(OrderChannel)`。""")

        # ---- T23: openapi (W3 #2)
        t = d.task("channel 这个改动也同步一下 openapi.json 给小米，lint 过了再单独提交", tags=["workflow:W3"])
        t.bash("pnpm openapi:export", "导出 openapi.json", out=hdr("openapi:export", "ts-node -r tsconfig-paths/register scripts/export-openapi.ts")
               + "\n" + boot_logs(d, 63012) + "\nwrote openapi.json (25 paths, 34 schemas)")
        t.bash("pnpm exec redocly lint openapi.json", "redocly 检查", out="""No configurations were provided -- using built in recommended configuration by default.

validating openapi.json...
openapi.json: validated in 101ms

Woohoo! Your API description is valid. 🎉""")
        t.bash("git diff --stat openapi.json && git diff openapi.json | head -40", "看 openapi.json 的变化", out=""" openapi.json | 76 ++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++
 1 file changed, 76 insertions(+)
diff --git a/openapi.json b/openapi.json
index 3c81f0e..9d24a7b 100644
--- a/openapi.json
+++ b/openapi.json
@@ -612,6 +612,16 @@
             "items": {
               "$ref": "#/components/schemas/OrderItemInput"
             }
+          },
+          "channel": {
+            "type": "string",
+            "enum": [
+              "APP",
+              "MINI_PROGRAM",
+              "H5"
+            ],
+            "default": "APP",
+            "description": "下单渠道"
           }
         },
         "required": [
@@ -1402,6 +1412,72 @@
+    "/api/v1/settlements/{id}": {
+      "get": {
+        "operationId": "SettlementsController_findOne",
+        "parameters": [
+          {
+            "name": "id",
+            "required": true,
+            "in": "path",
+            "schema": {
+              "type": "string"
+            }
+          }
+        ],
+        "responses": {
+          "200": {
+            "description": ""
+          }""")
        t.bash("git add openapi.json && git commit -m \"docs(api): 更新 openapi.json（下单渠道 channel、结算单详情）\"", "单独提交接口文档",
               out="""[feat/order-channel 8c0e4f2] docs(api): 更新 openapi.json（下单渠道 channel、结算单详情）
 1 file changed, 76 insertions(+)""")
        t.done("""openapi.json 已更新并单独提交（`8c0e4f2`），lint 没有告警。

这次的 diff 里有两块：
1. `CreateOrderDto` 新增 `channel`（枚举 `APP / MINI_PROGRAM / H5`，默认 `APP`）
2. `GET /api/v1/settlements/{id}`：上周结算单详情接口合进来以后还没导出过，这次一起带上了。它的 200 响应没有声明 schema（controller 没加 `@ApiOkResponse`），小米那边看到的返回体是空的，需要的话我补一个 `SettlementView` 的响应定义""")

        # ---- T24: git log for weekly report (long output)
        t = d.task("帮我拉一下这两周我提交的记录，写周报用，按模块归一下类", tags=["noise", "long_output"])
        t.bash("git log --all --since=2026-08-17 --author='林晓峰' --no-merges --date=short --format='%h %ad %s'", "列出两周内自己的提交",
               out="""8c0e4f2 2026-08-31 docs(api): 更新 openapi.json（下单渠道 channel、结算单详情）
4b19d63 2026-08-31 test(orders): channel 相关 e2e
e07a2c5 2026-08-31 feat(orders): 下单来源渠道 channel（APP / MINI_PROGRAM / H5）
1d5f8b0 2026-08-28 docs: README 补充队列说明
a92c7e1 2026-08-28 fix(settlements): 结算单详情 BigInt 转 number 后返回
63e0d4b 2026-08-28 feat(settlements): GET /settlements/:id 商家查看结算单
f4c21a8 2026-08-28 test(settlements): 结算汇总与 processor 单测
2b8e6f3 2026-08-28 feat(settlements): settlement 队列与每日 01:00 结算调度
9e07d15 2026-08-28 feat(settlements): SettlementBatch 表
c7a31e9 2026-08-26 chore(dev): docker compose 增加 minio（待镜像可拉取）
5a7c3d1 2026-08-26 docs(api): 更新 openapi.json（优惠券核销）
3e6b9c2 2026-08-26 docs(coupons): 精简 Swagger 描述
7d2e0a4 2026-08-24 feat(coupons): 过期券定时置为 EXPIRED（@nestjs/schedule）
c41f9b8 2026-08-24 test(coupons): 核销 e2e
0b6a3e1 2026-08-21 feat(coupons): coupon-reminder 队列，券快过期站内信提醒
e9f5d72 2026-08-21 feat(coupons): 优惠券核销表、核销接口与回滚
3f81c2d 2026-08-19 fix(refunds): await refund-applied notify job
a6d04e9 2026-08-17 test(refunds): 部分退款单测，Prisma mock 改用 mockDeep
51c9b7e 2026-08-17 feat(refunds): 支持部分退款金额和退款备注""")
        t.done("""两周（8/17–8/31）共 19 个提交，按模块归类：

**退款（!87，已合）**
- 部分退款：`amountFen`（分，不超过实付）+ 退款备注 `remark`
- 申请成功后给商家推送 `refund-applied`
- 退款单测重写，Prisma mock 统一用 `mockDeep`

**优惠券（!91）**
- 核销表 `coupon_redemptions` + `POST /coupons/:code/redeem` + 订单取消回滚
- `coupon-reminder` 队列：3 天内过期的券合并成一条站内信提醒
- 每天 00:10 把过期券置为 EXPIRED
- 核销 e2e；Swagger 描述精简；更新 openapi.json

**商家结算（新）**
- `SettlementBatch` 表，`settlement` 队列，每天 01:00 按商家生成前一天的结算单
- 商家查看结算单详情接口（修复 BigInt 序列化）

**订单**
- 下单来源渠道 `channel`（APP / 小程序 / H5）

**其他**
- README 补充队列说明，openapi.json 同步两次
- 本地 compose 增加 minio（镜像暂时拉不下来，待网络处理）

周报里可以写的风险和待办：`coupon-reminder` 还没有接定时触发；minio 等镜像源；staging 还没验证结算任务。""")

    # ============================================================== S8
    with d.session("2026-09-02T01:50:00", R, branch="develop", version="2.1.105"):
        # ---- T25: pull develop with a teammate's schema change (M2 #3)
        t = d.task("老周把商家结算周期（MerchantSettleRule，日结 / 周结 / 月结）合进 develop 了，顺便改了结算调度。我已经切到 develop，帮我 pull 一下，跑个 typecheck 和单测，看看跟我的结算代码有没有冲突",
                   tags=["mistake:M2"])
        t.bash("git pull --ff-only", "快进拉取 develop", out="""Updating 2f6d91c..b83f27c
Fast-forward
 prisma/migrations/20260901063015_merchant_settle_rule/migration.sql |  22 ++++
 prisma/schema.prisma                                                |  21 ++++
 src/common/errors/biz-code.ts                                       |  37 ++++++
 src/common/errors/biz.exception.ts                                  |  16 +++
 src/common/filters/http-exception.filter.ts                         |  12 +-
 src/merchants/merchant-settle-rule.service.spec.ts                  |  74 +++++++++++
 src/merchants/merchant-settle-rule.service.ts                       |  44 +++++++
 src/merchants/merchants.module.ts                                   |   5 +-
 src/settlements/settlement.scheduler.ts                             |  17 ++-
 src/settlements/settlements.module.ts                               |   3 +-
 10 files changed, 242 insertions(+), 9 deletions(-)""", err="""From git.chengguo.tech:trade/trade-service
   2f6d91c..b83f27c  develop    -> origin/develop""")
        d.files[sch] = d.files[sch].replace("""enum CouponStatus {""", """enum SettleCycle {
  DAILY
  WEEKLY
  MONTHLY
}

enum CouponStatus {""").replace("""  orders      Order[]
  settlements SettlementBatch[]

  @@map("merchants")""", """  orders      Order[]
  settlements SettlementBatch[]
  settleRule  MerchantSettleRule?

  @@map("merchants")""").replace("""model SettlementBatch {""", """model MerchantSettleRule {
  merchantId String      @id @map("merchant_id")
  cycle      SettleCycle @default(DAILY)
  settleDay  Int?        @map("settle_day")
  updatedBy  String      @map("updated_by") @db.VarChar(32)
  updatedAt  DateTime    @updatedAt @map("updated_at")
  merchant   Merchant    @relation(fields: [merchantId], references: [id])

  @@map("merchant_settle_rules")
}

model SettlementBatch {""")
        msr = P("src/merchants/merchant-settle-rule.service.ts")
        d.files[msr] = """import { Injectable } from '@nestjs/common';
import { MerchantSettleRule, SettleCycle } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** 结算周期：DAILY 每天结；WEEKLY 每周 settleDay（1=周一）结；MONTHLY 每月 settleDay 号结 */
@Injectable()
export class MerchantSettleRuleService {
  constructor(private readonly prisma: PrismaService) {}

  async get(merchantId: string): Promise<MerchantSettleRule | null> {
    return this.prisma.merchantSettleRule.findUnique({ where: { merchantId } });
  }

  async set(merchantId: string, cycle: SettleCycle, settleDay: number | null, operator: string) {
    return this.prisma.merchantSettleRule.upsert({
      where: { merchantId },
      create: { merchantId, cycle, settleDay, updatedBy: operator },
      update: { cycle, settleDay, updatedBy: operator },
    });
  }

  /** bizDate 的第二天是不是这个商家的结算日 */
  isSettleDay(rule: Pick<MerchantSettleRule, 'cycle' | 'settleDay'> | null, runDate: Date): boolean {
    if (!rule || rule.cycle === SettleCycle.DAILY) {
      return true;
    }
    if (rule.cycle === SettleCycle.WEEKLY) {
      return (runDate.getUTCDay() || 7) === rule.settleDay;
    }
    return runDate.getUTCDate() === rule.settleDay;
  }
}
"""
        sch_ts = P("src/settlements/settlement.scheduler.ts")
        d.files[sch_ts] = d.files[sch_ts].replace("""    const merchants = await this.prisma.merchant.findMany({ select: { id: true } });
    await this.queue.addBulk(
      merchants.map((m) => ({""", """    const rules = await this.prisma.merchantSettleRule.findMany();
    const byMerchant = new Map(rules.map((r) => [r.merchantId, r]));
    const merchants = (await this.prisma.merchant.findMany({ select: { id: true } })).filter((m) =>
      this.rules.isSettleDay(byMerchant.get(m.id) ?? null, now),
    );
    await this.queue.addBulk(
      merchants.map((m) => ({""").replace("""    private readonly prisma: PrismaService,
    @InjectQueue(QUEUES.SETTLEMENT) private readonly queue: Queue,""", """    private readonly prisma: PrismaService,
    private readonly rules: MerchantSettleRuleService,
    @InjectQueue(QUEUES.SETTLEMENT) private readonly queue: Queue,""").replace("""import { PrismaService } from '../prisma/prisma.service';""", """import { MerchantSettleRuleService } from '../merchants/merchant-settle-rule.service';
import { PrismaService } from '../prisma/prisma.service';""")
        d.files[P("src/common/errors/biz-code.ts")] = """import { HttpStatus } from '@nestjs/common';

/**
 * 业务错误码：5 位，前两位是模块（20 订单、21 退款、22 优惠券、23 结算、24 商家）。
 * HTTP 状态码跟着错误码走；前端只看 code，message 可以直接展示给用户。
 */
export const BizCode = {
  ORDER_NOT_FOUND: { code: 20001, status: HttpStatus.NOT_FOUND, message: '订单不存在' },
  ORDER_STATUS_INVALID: { code: 20002, status: HttpStatus.BAD_REQUEST, message: '订单当前状态不支持该操作' },
  REFUND_NOT_FOUND: { code: 21001, status: HttpStatus.NOT_FOUND, message: '退款单不存在' },
  REFUND_AMOUNT_EXCEEDED: { code: 21002, status: HttpStatus.BAD_REQUEST, message: '退款金额超过实付金额' },
  REFUND_DUPLICATED: { code: 21003, status: HttpStatus.BAD_REQUEST, message: '该订单已有进行中的退款' },
  COUPON_NOT_FOUND: { code: 22001, status: HttpStatus.NOT_FOUND, message: '优惠券不存在' },
  COUPON_UNUSABLE: { code: 22002, status: HttpStatus.BAD_REQUEST, message: '优惠券不可用' },
  COUPON_MIN_SPEND_NOT_MET: { code: 22003, status: HttpStatus.BAD_REQUEST, message: '未达到优惠券使用门槛' },
  COUPON_ORDER_NOT_ELIGIBLE: { code: 22004, status: HttpStatus.BAD_REQUEST, message: '该订单不能使用优惠券' },
  SETTLEMENT_NOT_FOUND: { code: 23001, status: HttpStatus.NOT_FOUND, message: '结算单不存在' },
  MERCHANT_NOT_FOUND: { code: 24001, status: HttpStatus.NOT_FOUND, message: '商家不存在' },
} as const;

export type BizCodeDef = (typeof BizCode)[keyof typeof BizCode];
"""
        d.files[P("src/common/errors/biz.exception.ts")] = """import { HttpException } from '@nestjs/common';
import { BizCodeDef } from './biz-code';

/** 业务异常：service 层统一抛这个，AllExceptionsFilter 输出 { code, message, detail } */
export class BizException extends HttpException {
  constructor(
    readonly biz: BizCodeDef,
    readonly detail?: string,
  ) {
    super({ code: biz.code, message: biz.message, detail }, biz.status);
  }
}
"""
        errs = (diag(d, msr, "import { MerchantSettleRule, SettleCycle }", "MerchantSettleRule", 2305,
                     "Module '\"@prisma/client\"' has no exported member 'MerchantSettleRule'.", color=False)
                + diag(d, msr, "import { MerchantSettleRule, SettleCycle }", "SettleCycle", 2305,
                       "Module '\"@prisma/client\"' has no exported member 'SettleCycle'.", color=False)
                + diag(d, msr, "    return this.prisma.merchantSettleRule.findUnique(", "merchantSettleRule", 2339,
                       "Property 'merchantSettleRule' does not exist on type 'PrismaService'.", color=False)
                + diag(d, msr, "    return this.prisma.merchantSettleRule.upsert(", "merchantSettleRule", 2339,
                       "Property 'merchantSettleRule' does not exist on type 'PrismaService'.", color=False)
                + diag(d, sch_ts, "    const rules = await this.prisma.merchantSettleRule.findMany();", "merchantSettleRule", 2339,
                       "Property 'merchantSettleRule' does not exist on type 'PrismaService'.", color=False)
                + diag(d, sch_ts, "    const byMerchant = new Map(rules.map((r) => [r.merchantId, r]));", "r) =>", 7006,
                       "Parameter 'r' implicitly has an 'any' type.", color=False))
        t.fail("pnpm typecheck", "tsc 类型检查", hdr("typecheck", "tsc --noEmit -p tsconfig.json") + "\n" + errs + ELIFE.format(2), code=2)
        t.say("报错全在老周新加的代码上：`@prisma/client` 里没有 `MerchantSettleRule` / `SettleCycle`，`PrismaService` 上也没有 `merchantSettleRule`。"
              "这次 pull 带进来了 schema 和 migration，确认一下：")
        t.bash("git diff --stat HEAD@{1} HEAD -- prisma", "看这次 pull 带来的 prisma 改动", out=""" prisma/migrations/20260901063015_merchant_settle_rule/migration.sql | 22 ++++++++++++++++++++++
 prisma/schema.prisma                                                | 21 +++++++++++++++++++++
 2 files changed, 43 insertions(+)""")
        t.say("schema 变了，本地生成的 Prisma Client 还是旧的，新 migration 本地库也还没执行。两件事一起做：")
        t.bash("pnpm prisma generate && pnpm prisma migrate deploy", "重新生成 client 并应用新 migration",
               out=prisma_generated(405) + deploy_out(18, ["20260901063015_merchant_settle_rule"]))
        t.bash("pnpm typecheck", "重新跑 tsc", out=hdr("typecheck", "tsc --noEmit -p tsconfig.json"))
        UNIT["src/merchants/merchant-settle-rule.service.spec.ts"] = 5
        t.bash("pnpm test", "跑全部单测", out=hdr("test", "jest"), err=jest_all_ok(UNIT, "9.316", seed=25))
        t.done(f"""develop 已更新到 `b83f27c`，typecheck 和单测都通过（{len(UNIT)} 个 suite、{sum(UNIT.values())} 个用例）。和你的结算代码没有冲突：

- 老周在 `SettlementScheduler.enqueueYesterday` 里加了按结算周期过滤：先查 `merchantSettleRule`，`isSettleDay()` 为真的商家才入队；没配置规则的默认日结。`SettlementsService.settle`、processor、jobId 规则都没动
- 新表 `merchant_settle_rules`，枚举 `SettleCycle {{ DAILY, WEEKLY, MONTHLY }}`；本地库已执行 `20260901063015_merchant_settle_rule`
- 另外这次还带进来了 `common/errors/biz-code.ts` 和 `BizException`，filter 也改了，应该是新的错误码规范

第一次 typecheck 报了 6 个错：pull 带来了 schema 变更，但本地的 Prisma Client 没重新生成，`MerchantSettleRule` / `SettleCycle` / `prisma.merchantSettleRule` 都找不到（最后一个 `implicitly has an 'any' type` 也是连带出来的）。`pnpm prisma generate` 之后就好了。

注意：周结 / 月结的商家，一个 job 还是只结 `bizDate` 那一天，并不会把整个周期汇总起来。这部分要不要改，需要和老周确认。""")

        # ---- T26: staging migrate status (U1)
        t = d.task("staging 库的 migration 现在到哪了？老周说 settle rule 那个可能还没跑，帮我看下 migrate status（.env.staging 里有连接串）", tags=["unfixed:U1"])
        t.fail("pnpm exec dotenv -e .env.staging -- prisma migrate status", "查看 staging 库的 migration 状态", """Environment variables loaded from .env
Prisma schema loaded from prisma/schema.prisma
Datasource "db": PostgreSQL database "trade", schema "public" at "pgm-uf6k2x9q3b7f1s0d.pg.rds.aliyuncs.com:5432"

Error: P1001: Can't reach database server at `pgm-uf6k2x9q3b7f1s0d.pg.rds.aliyuncs.com:5432`

Please make sure your database server is running at `pgm-uf6k2x9q3b7f1s0d.pg.rds.aliyuncs.com:5432`.""")
        t.fail("nc -zv -w 5 pgm-uf6k2x9q3b7f1s0d.pg.rds.aliyuncs.com 5432", "测一下 5432 端口连通性",
               "nc: connect to pgm-uf6k2x9q3b7f1s0d.pg.rds.aliyuncs.com (47.101.38.62) port 5432 (tcp) timed out: Operation now in progress")
        t.bash("curl -s -m 5 https://ifconfig.me; echo", "看本机出口 IP", out="116.228.91.37")
        t.done("""查不了，本机连不上 staging 的 RDS：

- `prisma migrate status` 报 `P1001: Can't reach database server at pgm-uf6k2x9q3b7f1s0d.pg.rds.aliyuncs.com:5432`
- 用 `nc` 直接测 5432 也是超时（域名解析到公网地址 47.101.38.62），说明不是账号密码的问题，是网络层不通，很可能是 RDS 白名单里没有这台机器
- 本机出口 IP 是 `116.228.91.37`（办公网）

可以这样处理：
1. 连公司 VPN 后再试（如果 staging 只对 VPN 网段开放）
2. 或者找 DBA / 运维把 `116.228.91.37` 加进 staging RDS 白名单
3. 不想直连的话，看一下 develop 最近一次部署 staging 的 CI 日志，migrate 那一步会打印应用了哪些 migration

我这边没做任何改动，能连上之后执行同一条命令就能看到状态。""")

        # ---- T27: reversal of the exception style (P3 reversed)
        t = d.task("之前说 service 里直接抛 NotFoundException / BadRequestException 那套，作废。老周定了新规范，common/errors 里已经有 BizException 和 BizCode 了："
                   "业务错误一律改成抛 BizException(BizCode.XXX)，filter 会转成 { code, message }。以后新代码都按这个来，先把 coupons 模块改过来",
                   tags=["reversal:P3"])
        t.bash("git switch -c refactor/coupons-biz-exception", "从 develop 拉新分支", err="Switched to a new branch 'refactor/coupons-biz-exception'")
        t.read(P("src/common/errors/biz-code.ts"))
        t.read(P("src/common/errors/biz.exception.ts"))
        t.read(csvc)
        t.edit(csvc, """import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { CouponStatus, OrderStatus, RedemptionStatus } from '@prisma/client';
import { PrismaService } from '../prisma/prisma.service';""", """import { Injectable, Logger } from '@nestjs/common';
import { CouponStatus, OrderStatus, RedemptionStatus } from '@prisma/client';
import { BizCode } from '../common/errors/biz-code';
import { BizException } from '../common/errors/biz.exception';
import { PrismaService } from '../prisma/prisma.service';""")
        t.edit(csvc, """    if (!coupon || coupon.userId !== userId) {
      throw new NotFoundException(`coupon ${code} not found`);
    }
    if (coupon.status !== CouponStatus.ACTIVE || coupon.expiresAt <= new Date()) {
      throw new BadRequestException(`coupon ${code} is not usable`);
    }
    const order = await this.prisma.order.findUnique({ where: { orderNo } });
    if (!order || order.userId !== userId) {
      throw new NotFoundException(`order ${orderNo} not found`);
    }
    if (order.status !== OrderStatus.PENDING_PAYMENT || order.discountFen > 0) {
      throw new BadRequestException(`order ${orderNo} cannot use a coupon`);
    }
    if (order.totalFen < coupon.minSpendFen) {
      throw new BadRequestException(`order total ${order.totalFen} is below min spend ${coupon.minSpendFen}`);
    }""", """    if (!coupon || coupon.userId !== userId) {
      throw new BizException(BizCode.COUPON_NOT_FOUND, code);
    }
    if (coupon.status !== CouponStatus.ACTIVE || coupon.expiresAt <= new Date()) {
      throw new BizException(BizCode.COUPON_UNUSABLE, `${code} is ${coupon.status}`);
    }
    const order = await this.prisma.order.findUnique({ where: { orderNo } });
    if (!order || order.userId !== userId) {
      throw new BizException(BizCode.ORDER_NOT_FOUND, orderNo);
    }
    if (order.status !== OrderStatus.PENDING_PAYMENT || order.discountFen > 0) {
      throw new BizException(BizCode.COUPON_ORDER_NOT_ELIGIBLE, orderNo);
    }
    if (order.totalFen < coupon.minSpendFen) {
      throw new BizException(BizCode.COUPON_MIN_SPEND_NOT_MET, `${order.totalFen} < ${coupon.minSpendFen}`);
    }""")
        t.read(cspec)
        t.edit(cspec, """import { BadRequestException, NotFoundException } from '@nestjs/common';
import { Test } from '@nestjs/testing';""", """import { Test } from '@nestjs/testing';""")
        t.edit(cspec, """import { PrismaService } from '../prisma/prisma.service';
import { CouponsService } from './coupons.service';""", """import { BizCode } from '../common/errors/biz-code';
import { BizException } from '../common/errors/biz.exception';
import { PrismaService } from '../prisma/prisma.service';
import { CouponsService } from './coupons.service';

const bizError = (def: (typeof BizCode)[keyof typeof BizCode]) =>
  expect.objectContaining({ constructor: BizException, biz: def });""")
        t.edit(cspec, """    prisma.coupon.findUnique.mockResolvedValue(coupon({ userId: 'u2' }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(NotFoundException);""",
               """    prisma.coupon.findUnique.mockResolvedValue(coupon({ userId: 'u2' }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toEqual(bizError(BizCode.COUPON_NOT_FOUND));""")
        t.edit(cspec, """    prisma.coupon.findUnique.mockResolvedValue(coupon({ expiresAt: new Date(Date.now() - 1000) }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(BadRequestException);""",
               """    prisma.coupon.findUnique.mockResolvedValue(coupon({ expiresAt: new Date(Date.now() - 1000) }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toEqual(bizError(BizCode.COUPON_UNUSABLE));""")
        t.edit(cspec, """    prisma.coupon.findUnique.mockResolvedValue(coupon({ minSpendFen: 9900 }));
    prisma.order.findUnique.mockResolvedValue(order());

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(BadRequestException);""",
               """    prisma.coupon.findUnique.mockResolvedValue(coupon({ minSpendFen: 9900 }));
    prisma.order.findUnique.mockResolvedValue(order());

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toEqual(
      bizError(BizCode.COUPON_MIN_SPEND_NOT_MET),
    );""")
        t.edit(cspec, """    prisma.order.findUnique.mockResolvedValue(order({ discountFen: 500 }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toBeInstanceOf(BadRequestException);""",
               """    prisma.order.findUnique.mockResolvedValue(order({ discountFen: 500 }));

    await expect(service.redeem('u1', 'SUMMER10', 'CG202608210001')).rejects.toEqual(
      bizError(BizCode.COUPON_ORDER_NOT_ELIGIBLE),
    );""")
        t.bash("pnpm test coupon", "跑优惠券相关单测", out=hdr("test", "jest", ' "coupon"'), err="""PASS src/coupons/coupon-expiry.cron.spec.ts
PASS src/coupons/coupon-reminder.processor.spec.ts
PASS src/coupons/coupons.service.spec.ts

""" + jest_summary(0, 3, 0, 11, "4.207", pattern="coupon"))
        t.bash("pnpm lint && pnpm typecheck", "lint + tsc", out=hdr("lint", 'eslint "{src,apps,libs,test}/**/*.ts" --fix') + hdr("typecheck", "tsc --noEmit -p tsconfig.json"))
        t.done("""coupons 模块已改成 `BizException`，单测、lint、typecheck 都通过（分支 `refactor/coupons-biz-exception`）。以后新代码的业务错误都抛 `BizException(BizCode.XXX)`，不再直接抛 Nest 的 HttpException 子类。

`CouponsService.redeem` 的对应关系：
| 场景 | 原来 | 现在 |
|---|---|---|
| 券不存在 / 不是本人 | `NotFoundException` | `COUPON_NOT_FOUND`（22001，404） |
| 券已用 / 已过期 | `BadRequestException` | `COUPON_UNUSABLE`（22002，400） |
| 订单不存在 | `NotFoundException` | `ORDER_NOT_FOUND`（20001，404） |
| 订单不是待支付 / 已用过券 | `BadRequestException` | `COUPON_ORDER_NOT_ELIGIBLE`（22004，400） |
| 不满足门槛 | `BadRequestException` | `COUPON_MIN_SPEND_NOT_MET`（22003，400） |

原来 message 里的细节（券码、金额）放进了 `detail`，给前端展示用的是 `BizCode` 里的中文 message。HTTP 状态码和原来一致，e2e 里只断言状态码的用例不受影响。单测改成断言具体的 `BizCode`。

退款、结算里还有不少 `NotFoundException`，要一起改的话说一声。""")

    # ============================================================== S9
    with d.session("2026-09-07T02:12:00", R, branch="feat/refund-timeout", version="2.1.107"):
        # ---- T28: refund timeout queue (W2 #3)
        t = d.task("退款超时自动同意：商家 48 小时不处理的 PENDING 退款自动通过。新建 refund-timeout 队列，申请退款时丢一个 delay 48h 的 job，"
                   "processor 检查状态还是 PENDING 就改成 APPROVED（reviewedBy 记 system:timeout）并通知用户。写单测，本地直接丢一个不带 delay 的 job 试试",
                   tags=["workflow:W2"])
        t.read(qc)
        t.edit(qc, """  SETTLEMENT: 'settlement',
} as const;""", """  SETTLEMENT: 'settlement',
  REFUND_TIMEOUT: 'refund-timeout',
} as const;""")
        t.read(rmod)
        t.edit(rmod, """  imports: [BullModule.registerQueue({ name: QUEUES.NOTIFY })],""", """  imports: [BullModule.registerQueue({ name: QUEUES.NOTIFY }, { name: QUEUES.REFUND_TIMEOUT })],""")
        t.edit(rmod, """import { RefundAuditService } from './refund-audit.service';""", """import { RefundAuditService } from './refund-audit.service';
import { RefundTimeoutProcessor } from './refund-timeout.processor';""")
        t.edit(rmod, """  providers: [RefundsService, RefundAuditService],""", """  providers: [RefundsService, RefundAuditService, RefundTimeoutProcessor],""")
        t.read(svc)
        t.edit(svc, """const REFUNDABLE: OrderStatus[] = [OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED];""",
               """const REFUNDABLE: OrderStatus[] = [OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED];

/** 商家超过这个时间没处理，退款自动同意 */
export const REFUND_TIMEOUT_MS = 48 * 3600 * 1000;""")
        t.edit(svc, """    @InjectQueue(QUEUES.NOTIFY) private readonly notifyQueue: Queue,
  ) {}""", """    @InjectQueue(QUEUES.NOTIFY) private readonly notifyQueue: Queue,
    @InjectQueue(QUEUES.REFUND_TIMEOUT) private readonly timeoutQueue: Queue,
  ) {}""")
        t.edit(svc, """    this.logger.log(`refund applied ${refund.refundNo} order=${order.orderNo} amount=${amountFen}/${payable}`);""",
               """    await this.timeoutQueue.add(
      'auto-approve',
      { refundNo: refund.refundNo },
      { delay: REFUND_TIMEOUT_MS, jobId: `auto-approve-${refund.refundNo}` },
    );
    this.logger.log(`refund applied ${refund.refundNo} order=${order.orderNo} amount=${amountFen}/${payable}`);""")
        t.write(P("src/refunds/refund-timeout.processor.ts"), """import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { RefundStatus } from '@prisma/client';
import { Job, Queue } from 'bullmq';
import { PrismaService } from '../prisma/prisma.service';
import { QUEUES } from '../queue/queue.constants';

export interface RefundTimeoutJob {
  refundNo: string;
}

export const TIMEOUT_REVIEWER = 'system:timeout';

@Processor(QUEUES.REFUND_TIMEOUT)
export class RefundTimeoutProcessor extends WorkerHost {
  private readonly logger = new Logger(RefundTimeoutProcessor.name);

  constructor(
    private readonly prisma: PrismaService,
    @InjectQueue(QUEUES.NOTIFY) private readonly notifyQueue: Queue,
  ) {
    super();
  }

  async process(job: Job<RefundTimeoutJob>): Promise<{ approved: boolean }> {
    const { refundNo } = job.data;
    // 只动仍是 PENDING 的：商家已经处理过（或用户撤销）的不受影响
    const { count } = await this.prisma.refund.updateMany({
      where: { refundNo, status: RefundStatus.PENDING },
      data: { status: RefundStatus.APPROVED, reviewedBy: TIMEOUT_REVIEWER, reviewedAt: new Date() },
    });
    if (count === 0) {
      return { approved: false };
    }
    const refund = await this.prisma.refund.findUniqueOrThrow({ where: { refundNo } });
    await this.notifyQueue.add('refund-approved', { refundNo, userId: refund.userId });
    this.logger.log(`refund ${refundNo} auto-approved after timeout`);
    return { approved: true };
  }
}
""")
        t.write(P("src/refunds/refund-timeout.processor.spec.ts"), """import { PrismaClient, Refund } from '@prisma/client';
import { Job, Queue } from 'bullmq';
import { mockDeep } from 'jest-mock-extended';
import { PrismaService } from '../prisma/prisma.service';
import { RefundTimeoutJob, RefundTimeoutProcessor, TIMEOUT_REVIEWER } from './refund-timeout.processor';

describe('RefundTimeoutProcessor', () => {
  const prisma = mockDeep<PrismaClient>();
  const notifyQueue = mockDeep<Queue>();
  const processor = new RefundTimeoutProcessor(prisma as unknown as PrismaService, notifyQueue);
  const job = { data: { refundNo: 'RF1' } } as Job<RefundTimeoutJob>;

  beforeEach(() => jest.clearAllMocks());

  it('approves a refund that is still pending and notifies the user', async () => {
    prisma.refund.updateMany.mockResolvedValue({ count: 1 });
    prisma.refund.findUniqueOrThrow.mockResolvedValue({ refundNo: 'RF1', userId: 'u1' } as Refund);

    await expect(processor.process(job)).resolves.toEqual({ approved: true });
    expect(prisma.refund.updateMany).toHaveBeenCalledWith(
      expect.objectContaining({
        where: { refundNo: 'RF1', status: 'PENDING' },
        data: expect.objectContaining({ status: 'APPROVED', reviewedBy: TIMEOUT_REVIEWER }),
      }),
    );
    expect(notifyQueue.add).toHaveBeenCalledWith('refund-approved', { refundNo: 'RF1', userId: 'u1' });
  });

  it('leaves a reviewed refund alone', async () => {
    prisma.refund.updateMany.mockResolvedValue({ count: 0 });

    await expect(processor.process(job)).resolves.toEqual({ approved: false });
    expect(notifyQueue.add).not.toHaveBeenCalled();
  });
});
""")
        t.read(spec, limit=30)
        t.edit(spec, """        { provide: getQueueToken(QUEUES.NOTIFY), useValue: queue },
      ],""", """        { provide: getQueueToken(QUEUES.NOTIFY), useValue: queue },
        { provide: getQueueToken(QUEUES.REFUND_TIMEOUT), useValue: timeoutQueue },
      ],""")
        t.edit(spec, """  let queue: DeepMockProxy<Queue>;

  beforeEach(async () => {
    prisma = mockDeep<PrismaClient>();
    queue = mockDeep<Queue>();""", """  let queue: DeepMockProxy<Queue>;
  let timeoutQueue: DeepMockProxy<Queue>;

  beforeEach(async () => {
    prisma = mockDeep<PrismaClient>();
    queue = mockDeep<Queue>();
    timeoutQueue = mockDeep<Queue>();""")
        t.edit(spec, """    it('404 when the order belongs to someone else', async () => {""", """    it('schedules the 48h auto-approve job', async () => {
      prisma.order.findUnique.mockResolvedValue(order());
      echoCreate();

      await service.apply('u1', base);

      expect(timeoutQueue.add).toHaveBeenCalledWith(
        'auto-approve',
        { refundNo: 'RF1' },
        { delay: 48 * 3600 * 1000, jobId: 'auto-approve-RF1' },
      );
    });

    it('404 when the order belongs to someone else', async () => {""")
        UNIT["src/refunds/refunds.service.spec.ts"] = 11
        UNIT["src/refunds/refund-timeout.processor.spec.ts"] = 2
        t.bash("pnpm test refund", "跑退款相关单测", out=hdr("test", "jest", ' "refund"'), err="""PASS src/refunds/refund-timeout.processor.spec.ts
PASS src/refunds/refunds.controller.spec.ts
PASS src/refunds/refund-audit.service.spec.ts
PASS src/refunds/refunds-admin.controller.spec.ts
PASS src/refunds/refunds.service.spec.ts

""" + jest_summary(0, 5, 0, 23, "5.046", pattern="refund"))
        t.bash("""docker compose exec -T postgres psql -U trade -d trade -Atc "select refund_no, status, reviewed_by from refunds where status = 'PENDING' order by created_at limit 3\"""",
               "找一个本地还在 PENDING 的退款", out="""RF2608170003|PENDING|
RF2608250011|PENDING|
RF2609010004|PENDING|""")
        t.bash("""pnpm -s queue:enqueue refund-timeout auto-approve '{"refundNo":"RF2608170003"}'""", "丢一个不带 delay 的 job",
               out="enqueued refund-timeout/auto-approve id=1")
        fin = int((d.clock + _dt.timedelta(seconds=1)).timestamp() * 1000)
        t.bash("sleep 2 && docker compose exec -T redis redis-cli HMGET bull:refund-timeout:1 finishedOn returnvalue failedReason && "
               """docker compose exec -T postgres psql -U trade -d trade -Atc "select refund_no, status, reviewed_by from refunds where refund_no = 'RF2608170003'\"""",
               "看 job 结果和退款状态", out=f"""{fin}
{{"approved":true}}

RF2608170003|APPROVED|system:timeout""")
        t.done("""退款超时自动同意做好了。

- 队列 `refund-timeout`（在 `RefundsModule` 里和 `notify` 一起 `registerQueue`）
- `RefundsService.apply`：申请成功后 `timeoutQueue.add('auto-approve', { refundNo }, { delay: 48h, jobId: 'auto-approve-<refundNo>' })`，jobId 固定，重复入队不会产生两个 job
- `RefundTimeoutProcessor`（`WorkerHost`）：用 `updateMany where { refundNo, status: PENDING }` 改成 `APPROVED`，`reviewedBy = system:timeout`。商家已经处理过的更新 0 行，直接返回 `{ approved: false }`，不会覆盖人工审核结果。成功后发 `refund-approved` 通知用户
- 单测：processor 2 个 + service 新增 1 个（48h 的 delay 和 jobId），退款相关 5 个 suite 共 23 个用例通过

**本地验证**：对 `RF2608170003`（8/17 测试时建的）丢了一个不带 delay 的 job，`returnvalue = {"approved":true}`，库里变成 `APPROVED / system:timeout`。

还没做的：商家手动拒绝或者用户撤销的时候，最好把对应的 delayed job 删掉（`queue.remove('auto-approve-<refundNo>')`）。现在不删也不会出错，只是 48 小时后会空跑一次。""")

        # ---- T29: e2e for the timeout + full run (M3 #2)
        t = d.task("超时自动同意补两个 e2e，放在 refunds.e2e-spec.ts 里：job 执行后 PENDING 变 APPROVED；已经人工审核过的不受影响。写完全量 e2e 跑一遍", tags=["mistake:M3"])
        re2e = P("test/refunds.e2e-spec.ts")
        t.read(re2e, offset=1, limit=30)
        t.edit(re2e, """import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';""", """import { INestApplication } from '@nestjs/common';
import { Job } from 'bullmq';
import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { RefundTimeoutJob, RefundTimeoutProcessor } from '../src/refunds/refund-timeout.processor';""")
        t.edit(re2e, """    it('404 for unknown refund', async () => {
      const res = await request(app.getHttpServer()).post('/api/v1/refunds/RF0001/approve').set(cs);
      expect(res.status).toBe(404);
    });
  });
});""", """    it('404 for unknown refund', async () => {
      const res = await request(app.getHttpServer()).post('/api/v1/refunds/RF0001/approve').set(cs);
      expect(res.status).toBe(404);
    });
  });

  describe('refund timeout', () => {
    const runTimeout = (refundNo: string) =>
      app.get(RefundTimeoutProcessor).process({ data: { refundNo } } as Job<RefundTimeoutJob>);

    it('auto-approves a refund still pending when the job runs', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPaidOrder(prisma, merchant.id);
      const created = await request(app.getHttpServer())
        .post('/api/v1/refunds')
        .set(auth)
        .send({ orderNo: order.orderNo, reason: 'QUALITY' });

      await expect(runTimeout(created.body.refundNo)).resolves.toEqual({ approved: true });
      await expect(prisma.refund.findUnique({ where: { refundNo: created.body.refundNo } })).resolves.toMatchObject({
        status: 'APPROVED',
        reviewedBy: 'system:timeout',
      });
    });

    it('leaves a refund that customer service already approved', async () => {
      const merchant = await createMerchant(prisma);
      const order = await createPaidOrder(prisma, merchant.id);
      const created = await request(app.getHttpServer())
        .post('/api/v1/refunds')
        .set(auth)
        .send({ orderNo: order.orderNo, reason: 'QUALITY' });
      await request(app.getHttpServer()).post(`/api/v1/refunds/${created.body.refundNo}/approve`).set(cs);

      await expect(runTimeout(created.body.refundNo)).resolves.toEqual({ approved: false });
      await expect(prisma.refund.findUnique({ where: { refundNo: created.body.refundNo } })).resolves.toMatchObject({
        reviewedBy: 'cs-01',
      });
    });
  });
});""")
        E2E["test/refunds.e2e-spec.ts"] = 9
        out = verbose("test/refunds.e2e-spec.ts", [
            (1, "RefundsController (e2e)"),
            (2, "POST /api/v1/refunds"),
            (3, "✓ creates a pending refund for a paid order (152 ms)"),
            (3, "✓ 404 for an order of another user (28 ms)"),
            (3, "✓ rejects a second pending refund (47 ms)"),
            (3, "✓ validates the reason (9 ms)"),
            (2, "POST /api/v1/refunds/:refundNo/approve"),
            (3, "✓ customer service can approve (61 ms)"),
            (3, "✓ users cannot approve (7 ms)"),
            (3, "✓ 404 for unknown refund (11 ms)"),
            (2, "refund timeout"),
            (3, "✓ auto-approves a refund still pending when the job runs (58 ms)"),
            (3, "✓ leaves a refund that customer service already approved (66 ms)"),
        ], secs="6.318")
        t.bash("pnpm test:e2e refunds", "单独跑退款 e2e", out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "refunds"'),
               err=out + "\n\n" + jest_summary(0, 1, 0, 9, "6.59", pattern="refunds", est=7))
        t.fail("pnpm test:e2e", "跑全部 e2e", e2e_parallel_failures(d, 2))
        t.say("单独跑 refunds 是好的，全量跑挂了 3 个文件，而且错误各不相同：`TRUNCATE` 死锁（`deadlock detected`）、商家编码 `code` 撞唯一约束、下单时外键失败。"
              "像是多个 e2e 文件同时在跑、共用一个库互相清数据。看下清库的写法和 CI 是怎么跑的：")
        t.grep("TRUNCATE|runInBand|maxWorkers", path=R, glob="{test/**/*.ts,.gitlab-ci.yml,package.json}", output_mode="content", n=True,
               content=f"""{P('.gitlab-ci.yml')}:45:    # 所有 e2e 共用一个库，每个文件 beforeEach 都会 TRUNCATE，必须串行
{P('.gitlab-ci.yml')}:46:    - pnpm jest --config ./test/jest-e2e.json --ci --runInBand
{P('test/utils/db.ts')}:17:    `TRUNCATE TABLE ${{TABLES.map((t) => `"${{t}}"`).join(', ')}} RESTART IDENTITY CASCADE`,""")
        t.say("确认了：每个文件 `beforeEach` 都 `TRUNCATE` 整个 `trade_test`，CI 是串行跑的，本地 `test:e2e` 脚本没带这个参数，Jest 默认按核数开多个 worker 并行跑文件。串行重跑：")
        out = jest_all_ok(E2E, "24.117", seed=30, slow={"test/refunds.e2e-spec.ts": "6.204", "test/orders.e2e-spec.ts": "6.877",
                                                      "test/coupons.e2e-spec.ts": "5.093", "test/settlements.e2e-spec.ts": "5.002"})
        t.bash("pnpm test:e2e --runInBand", "串行跑全部 e2e", out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "--runInBand"'), err=out)
        t.done(f"""两个超时的 e2e 加好了，全量 e2e 通过（{len(E2E)} 个文件，{sum(E2E.values())} 个用例）。

- 「还是 PENDING 时 job 执行 → APPROVED、reviewedBy = system:timeout」
- 「客服已经审核过 → job 返回 `approved: false`，reviewedBy 还是 cs-01」
- 用例里直接从 app 里取 `RefundTimeoutProcessor` 调 `process()`，不用真的等 48 小时的 delayed job

第一次全量跑失败不是新代码的问题：`pnpm test:e2e` 默认多个 worker 并行跑各个文件，它们共用 `trade_test`，`beforeEach` 里的 `TRUNCATE` 互相干扰（死锁、商家编码撞唯一约束、外键失败）。CI 上是 `--runInBand` 串行跑的，本地加上同样的参数后全部通过。""")

        # ---- T30: channel filter on the order list (M1 #3)
        t = d.task("订单列表加个按渠道筛选：GET /api/v1/orders?channel=MINI_PROGRAM。改完用 curl 对本地 dev server 打一下，u10086 名下有小程序的单", tags=["mistake:M1"])
        qdto = P("src/orders/dto/list-orders-query.dto.ts")
        t.read(qdto)
        t.edit(qdto, """import { OrderStatus } from '@prisma/client';""", """import { OrderChannel, OrderStatus } from '@prisma/client';""")
        t.edit(qdto, """  @IsEnum(OrderStatus)
  status?: OrderStatus;
}""", """  @IsEnum(OrderStatus)
  status?: OrderStatus;

  @ApiPropertyOptional({ enum: OrderChannel, description: '下单渠道' })
  channel?: OrderChannel;
}""")
        t.read(osvc, offset=40, limit=20)
        t.edit(osvc, """    const where: Prisma.OrderWhereInput = { userId, status: q.status };""",
               """    const where: Prisma.OrderWhereInput = { userId, status: q.status, channel: q.channel };""")
        curl3 = """curl -sS --fail-with-body "http://localhost:3000/api/v1/orders?channel=MINI_PROGRAM&pageSize=5" -H "Authorization: Bearer $(pnpm -s dev:token u10086)\""""
        t.fail(curl3, "按渠道查订单列表", '{"statusCode":400,"message":["property channel should not exist"],"error":"Bad Request",'
               f'"path":"/api/v1/orders?channel=MINI_PROGRAM&pageSize=5","timestamp":"{iso(d, 3)}"}}\ncurl: (22) The requested URL returned error: 400', code=22)
        t.say("400 `property channel should not exist`，不是筛选逻辑的问题，是参数校验直接拒了。看下全局管道的配置：")
        t.grep("forbidNonWhitelisted|whitelist", path=P("src"), output_mode="content", n=True,
               content=f"""{P('src/app.setup.ts')}:10:      whitelist: true,
{P('src/app.setup.ts')}:11:      forbidNonWhitelisted: true,""")
        t.say("开了 `forbidNonWhitelisted`，没有 class-validator 装饰器的属性会被当成多余参数。我给 query DTO 的 `channel` 只加了 Swagger 的 `@ApiPropertyOptional`，补上 `@IsOptional() @IsEnum`：")
        t.edit(qdto, """  @ApiPropertyOptional({ enum: OrderChannel, description: '下单渠道' })
  channel?: OrderChannel;""", """  @ApiPropertyOptional({ enum: OrderChannel, description: '下单渠道' })
  @IsOptional()
  @IsEnum(OrderChannel)
  channel?: OrderChannel;""")
        t.bash(curl3, "重新按渠道查订单列表", out="""{"items":[{"id":"cm0r2b7x40003ty8k1m5n9p2q","orderNo":"CG202609040087","userId":"u10086","merchantId":"cm0a3x1k70002mq5t9z8r4b1c","status":"COMPLETED","channel":"MINI_PROGRAM","totalFen":8960,"discountFen":1000,"paidAt":"2026-09-04T11:20:37.512Z","completedAt":"2026-09-05T03:02:11.004Z","createdAt":"2026-09-04T11:19:58.241Z","updatedAt":"2026-09-05T03:02:11.006Z","items":[{"id":"cm0r2b7x40004ty8k6v3c1x8z","orderId":"cm0r2b7x40003ty8k1m5n9p2q","skuId":"SKU10023","title":"赣南脐橙 5斤","unitPriceFen":4480,"quantity":2}]},{"id":"cm0p8d1f20001wq3h7j2k5l9m","orderNo":"CG202609010213","userId":"u10086","merchantId":"cm0a3x1k70005mq5t1p2d6e7f","status":"PAID","channel":"MINI_PROGRAM","totalFen":3990,"discountFen":0,"paidAt":"2026-09-01T08:41:02.330Z","completedAt":null,"createdAt":"2026-09-01T08:40:31.902Z","updatedAt":"2026-09-01T08:41:02.331Z","items":[{"id":"cm0p8d1f20002wq3h4b8n6v1c","orderId":"cm0p8d1f20001wq3h7j2k5l9m","skuId":"SKU30112","title":"烟台红富士 3斤","unitPriceFen":3990,"quantity":1}]}],"total":2,"page":1,"pageSize":5}""")
        t.bash("pnpm test orders", "跑订单单测", out=hdr("test", "jest", ' "orders"'), err="""PASS src/orders/order-no.spec.ts
PASS src/orders/orders.service.spec.ts

""" + jest_summary(0, 2, 0, 18, "3.377", pattern="orders"))
        t.done("""订单列表支持按渠道筛选了。

- `ListOrdersQueryDto.channel?`：`@IsOptional() @IsEnum(OrderChannel)`
- `OrdersService.listForUser` 的 where 加上 `channel`（不传时是 `undefined`，Prisma 会忽略这个条件）
- 本地验证：u10086 `channel=MINI_PROGRAM` 返回 2 单（`CG202609040087`、`CG202609010213`），都是小程序渠道；订单单测 18 个通过

第一次 curl 返回 400 `property channel should not exist`：全局 `ValidationPipe` 开了 `whitelist + forbidNonWhitelisted`，而我只给 `channel` 加了 Swagger 的 `@ApiPropertyOptional`，没加 class-validator 装饰器。query DTO 和 body DTO 一样，每个属性都要有校验装饰器。""")

    # ============================================================== S10
    with d.session("2026-09-10T06:35:00", R, branch="feat/refund-timeout", version="2.1.108"):
        # ---- T31: ship (W1 #3)
        t = d.task("refund-timeout 这个分支提 MR，老三样跑完再推", tags=["workflow:W1"])
        t.bash("pnpm lint", "eslint 检查", out=hdr("lint", 'eslint "{src,apps,libs,test}/**/*.ts" --fix'))
        t.bash("pnpm test", "跑全部单测", out=hdr("test", "jest"), err=jest_all_ok(UNIT, "9.884", seed=31))
        t.bash("pnpm build", "nest build", out=hdr("build", "nest build"))
        t.bash("git status -sb && git log --oneline origin/develop..HEAD", "确认待推送的提交", out="""## feat/refund-timeout
5c9d3e7 feat(orders): 订单列表按渠道筛选
b1e8f40 test(refunds): 超时自动同意 e2e
7a2f6c1 feat(refunds): 退款超时 48h 自动同意（refund-timeout 队列）""")
        t.bash("git push -u origin feat/refund-timeout", "推送分支", err=push_new("feat/refund-timeout", 38, "8.03"))
        t.bash("glab mr create --source-branch feat/refund-timeout --target-branch develop "
               "--title \"feat(refunds): 退款超时 48h 自动同意；订单列表按渠道筛选\" "
               "--description \"- refund-timeout 队列：申请时投 48h delayed job，仍 PENDING 则自动同意（reviewedBy=system:timeout）\n"
               "- GET /orders 支持 channel 筛选\n- 单测 + e2e 用例\" --remove-source-branch --yes",
               "创建 MR", out=glab_mr("feat/refund-timeout", "feat(refunds): 退款超时 48h 自动同意；订单列表按渠道筛选", 98))
        t.done(f"""MR 已提：!98 {GL}/-/merge_requests/98

- `pnpm lint` / `pnpm test`（{len(UNIT)} 个 suite、{sum(UNIT.values())} 个用例）/ `pnpm build` 全部通过
- 3 个提交已推送到 `feat/refund-timeout`，目标 `develop`，合并后删除源分支""")

        # ---- T32: full e2e with coverage (M3 #3, long output)
        t = d.task("CI 上 e2e 的覆盖率一直没出来，我本地先跑一下全量 e2e 带覆盖率，看看大概多少", tags=["mistake:M3", "long_output"])
        t.fail("pnpm test:e2e --coverage", "全量 e2e + 覆盖率", e2e_parallel_failures(d, 3))
        t.say("3 个文件各挂了一个用例：`TRUNCATE` 死锁（`deadlock detected`）和外键失败，看着不像业务逻辑的问题。先确认库本身没问题：")
        t.bash("docker compose ps postgres", "看 postgres 容器状态", out=compose_ps("6 days").split("\n")[0] + "\n" + compose_ps("6 days").split("\n")[1])
        t.say("postgres 是健康的。看下 e2e 是怎么清库的，以及 CI 怎么跑：")
        t.read(dbts)
        t.read(P(".gitlab-ci.yml"), offset=30, limit=20)
        t.say("每个 e2e 文件的 `beforeEach` 都 `TRUNCATE` 同一个 `trade_test`，Jest 默认多 worker 并行跑文件，会互相清掉对方的数据、在 `TRUNCATE` 上死锁。"
              "CI 里的 e2e 是 `--runInBand` 串行的（有注释），本地脚本没带。串行重跑：")
        out = jest_all_ok(E2E, "26.553", seed=33, slow={"test/refunds.e2e-spec.ts": "6.611", "test/orders.e2e-spec.ts": "7.245",
                                                      "test/coupons.e2e-spec.ts": "5.372", "test/settlements.e2e-spec.ts": "5.118"})
        lines = out.split("\n\n")
        out = lines[0] + "\n" + coverage_table() + "\n" + lines[1]
        t.bash("pnpm test:e2e --coverage --runInBand", "串行跑全量 e2e + 覆盖率",
               out=hdr("test:e2e", "dotenv -e .env.test -- jest --config ./test/jest-e2e.json", ' "--coverage" "--runInBand"'), err=out)
        t.done(f"""全量 e2e 串行跑通了（{len(E2E)} 个文件，{sum(E2E.values())} 个用例），e2e 覆盖率大约是：**语句 ~83%、分支 ~79%、函数 ~82%、行 ~82%**。

覆盖低的地方主要是**没有 HTTP 入口、e2e 碰不到**的代码：
- 各个 processor（`notify`、`payment-query`、`coupon-reminder`、`settlement`）：30%–50%。e2e 只起了 app，没有真正消费队列；`refund-timeout` 是 100%，因为 e2e 里直接调了 `process()`
- 定时任务（`coupon-expiry.cron`、`settlement.scheduler`）：40%–60%
- `merchant-settle-rule.service` 约 47%，`refunds-admin.controller` 约 56%：老周和阿杰的新接口还没有 e2e

这些在单测里大多有覆盖，看整体覆盖率要把单测和 e2e 的 lcov 合并。

CI 上 e2e 没出覆盖率，是因为 `.gitlab-ci.yml` 的 e2e job 没加 `--coverage`，也没配 `coverage:` 正则（只有 unit job 配了）。要在 MR 里看到，需要加这两项。

本地第一次失败：我直接跑了 `pnpm test:e2e --coverage`，没加 `--runInBand`，多个文件并行清库互相干扰（deadlock / 外键失败）。加上 `--runInBand` 后全部通过。""")

        # ---- T33: openapi (W3 #3)
        t = d.task("订单列表加了 channel 筛选，再导一次 openapi.json 给小米，lint 一下，单独提交", tags=["workflow:W3"])
        t.bash("pnpm openapi:export", "导出 openapi.json", out=hdr("openapi:export", "ts-node -r tsconfig-paths/register scripts/export-openapi.ts")
               + "\n" + boot_logs(d, 66870) + "\nwrote openapi.json (25 paths, 34 schemas)")
        t.bash("pnpm exec redocly lint openapi.json", "redocly 检查", out="""No configurations were provided -- using built in recommended configuration by default.

validating openapi.json...
openapi.json: validated in 97ms

Woohoo! Your API description is valid. 🎉""")
        t.bash("git diff --stat openapi.json", "看变化", out=""" openapi.json | 16 ++++++++++++++++
 1 file changed, 16 insertions(+)""")
        t.bash("git add openapi.json && git commit -m \"docs(api): 更新 openapi.json（订单列表 channel 筛选）\" && git push", "提交并推送到 MR 分支",
               out="""[feat/refund-timeout 0e4a7b9] docs(api): 更新 openapi.json（订单列表 channel 筛选）
 1 file changed, 16 insertions(+)""", err=f"""Enumerating objects: 5, done.
Counting objects: 100% (5/5), done.
Delta compression using up to 12 threads
Compressing objects: 100% (3/3), done.
Writing objects: 100% (3/3), 612 bytes | 612.00 KiB/s, done.
Total 3 (delta 2), reused 0 (delta 0), pack-reused 0 (from 0)
remote: 
remote: View merge request for feat/refund-timeout:
remote:   {GL}/-/merge_requests/98
remote: 
To {ORIGIN}
   5c9d3e7..0e4a7b9  feat/refund-timeout -> feat/refund-timeout""")
        t.done("""openapi.json 已更新，lint 无告警，单独提交为 `0e4a7b9` 并推到了 !98。

变化只有 `GET /api/v1/orders` 多了一个 query 参数 `channel`（枚举 `APP / MINI_PROGRAM / H5`，可选），共 16 行。""")

        # ---- T34: no tools
        t = d.task("下个月打算把 Nest 10 升到 11，大概要注意哪些 breaking change？先口头说说，不用动代码", tags=["noise", "no_tools"])
        t.done("""按对我们这个项目的影响排一下：

**1. Express 5（影响最大）**
Nest 11 的 `@nestjs/platform-express` 默认用 Express 5：
- 路由通配符语法变了：`*` 必须带名字，比如 `'files/*path'`，可选段写成 `{/:id}`。我们的路由基本是 `:param`，影响不大，但全局前缀、`exclude` 里写了 `*` 的地方要查
- `req.query` 变成只读的 getter，中间件里改 query 的写法会失效
- query 解析默认用 `simple` parser，不再支持 `a[b]=1` 这种嵌套写法。如果前端有这种传参，要显式配置 `query parser`

**2. 生态包要一起升**
`@nestjs/swagger` 11、`@nestjs/bullmq` 11、`@nestjs/schedule` 6、`@nestjs/config` 4、`@nestjs/jwt` / `passport` / `terminus` 11。`pnpm outdated` 里列出来的这一组要在同一个 MR 里升，否则 peer 依赖会冲突。

**3. Node 版本**：Nest 11 要求 Node 20+，我们已经是 20.17，CI 镜像也是，没问题。

**4. 其他小变化**
- `ConfigService.get` 的取值顺序有调整（内部配置优先于 `process.env`），用到自定义 config 命名空间的地方要回归
- `@nestjs/cache-manager` 3 换成 Keyv，我们没用到
- CLI 11 新建的项目默认用 ESLint 9 flat config，这和升级本身无关，可以之后单独做

**建议步骤**：先在分支上一次性升完 Nest 家族 → `pnpm build`、单测 → 全量 e2e（串行）→ 重点手测带通配符的路由和 Swagger 文档 → staging 跑一两天再合。""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "The app's global ValidationPipe runs with `whitelist: true, forbidNonWhitelisted: true` (src/app.setup.ts, shared by main.ts and the e2e app). When Claude adds a new property to a DTO (request body or query DTO) it decorates it only with Swagger's `@ApiPropertyOptional` and no class-validator decorator, so the pipe treats the property as undeclared and rejects any request that sends it with 400.",
             "error_signature": "400 Bad Request with '\"message\":[\"property <field> should not exist\"]' — from `curl --fail-with-body` against the local dev server (`curl: (22) The requested URL returned error: 400`), or in a Jest/supertest e2e toMatchObject diff",
             "fix": "Add class-validator decorators to the new DTO property (`@IsOptional()` plus the type check: `@IsString() @MaxLength(n)`, `@IsEnum(Enum)`, …) and re-run the same request / e2e.",
             "fix_command_markers": [["@IsOptional"]],
             "harmful_markers": ["forbidNonWhitelisted: false", "whitelist: false", "@Allow(", "skipMissingProperties"]},
            {"id": "M2",
             "description": "prisma/schema.prisma changes but the generated Prisma Client in node_modules is not regenerated, so TypeScript does not know the new models/enums. It happens when a rebase/pull brings in a teammate's schema change (Claude applies the migration with `prisma migrate deploy`, or goes straight to typecheck), and when Claude creates a migration with `migrate dev --create-only`, hand-edits the SQL and applies it with `prisma migrate deploy`; neither command runs the generator (only `migrate dev` does).",
             "error_signature": "TypeScript (ts-jest 'Test suite failed to run', `nest build`, or `tsc --noEmit`): \"error TS2339: Property '<model>' does not exist on type 'PrismaService'.\" together with \"TS2305: Module '\"@prisma/client\"' has no exported member '<Model|Enum>'.\"",
             "fix": "Run `pnpm prisma generate` (chained with `prisma migrate deploy` when a migration is also pending), then re-run the failed build / typecheck / tests.",
             "fix_command_markers": [["prisma generate"]],
             "harmful_markers": ["@ts-ignore", "@ts-expect-error", "as any", "migrate reset", "--force-reset"]},
            {"id": "M3",
             "description": "All e2e files share one test database (trade_test) and each truncates the business tables in beforeEach. The `test:e2e` script does not serialize them, so running the whole e2e suite lets Jest's parallel workers truncate each other's data; single-file runs pass. CI runs e2e with --runInBand (commented in .gitlab-ci.yml).",
             "error_signature": "Jest e2e run over all files: \"Raw query failed. Code: `40P01`. Message: `deadlock detected`\" from resetDb's TRUNCATE, alongside P2003 'Foreign key constraint failed on the field: `orders_merchant_id_fkey (index)`', P2002 'Unique constraint failed on the fields: (`code`)' or wrong counts; 'Summary of all failing tests'",
             "fix": "Run the full e2e suite serially: `pnpm test:e2e --runInBand` (also with --coverage).",
             "fix_command_markers": [["--runInBand"]],
             "harmful_markers": ["--forceExit", "describe.skip", "it.skip", "xit("]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`pnpm lint` in the ship run: '@typescript-eslint/no-floating-promises' (Promises must be awaited …) on the new `notifyQueue.add('refund-applied', …)` call in refunds.service.ts; fixed by adding `await`, lint re-run passes."},
            {"id": "O2", "description": "New GET /settlements/:id returned the Prisma entity with BigInt money columns; the e2e got 500 and the filter logged 'TypeError: Do not know how to serialize a BigInt'; fixed with a toView() that converts the BigInt fields to number, same e2e command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`prisma migrate status` against the staging RDS via .env.staging: 'Error: P1001: Can't reach database server at `pgm-….pg.rds.aliyuncs.com:5432`'; `nc -zv` times out; reported (VPN / RDS whitelist for the office IP / read the CI deploy log), nothing changed."},
            {"id": "U2", "description": "`docker compose up -d minio`: 'Error response from daemon: Get \"https://registry-1.docker.io/v2/\": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)'; no registry mirror configured, Docker Hub unreachable from the machine; reported (mirror / ACR copy / proxy), not retried."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`pnpm add @nestjs/schedule@^4.1.2`: ' ERR_PNPM_META_FETCH_FAIL  GET https://registry.npmmirror.com/@nestjs%2Fschedule: … failed, reason: read ECONNRESET' after pnpm's own retries; identical re-run succeeds."},
            {"id": "F2", "description": "`glab mr create …`: 'glab: Post \"https://git.chengguo.tech/api/v4/projects/trade%2Ftrade-service/merge_requests\": dial tcp 10.12.0.8:443: i/o timeout'; identical re-run creates the MR."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `pnpm lint` → `pnpm test` (all unit tests) → `pnpm build` → check the commits → `git push -u origin <branch>` → `glab mr create --target-branch develop … --remove-source-branch --yes`.",
             "step_markers": [["pnpm lint"], ["pnpm test"], ["pnpm build"], ["git push"], ["glab mr create"]]},
            {"id": "W2", "description": "New BullMQ background job: add the queue name to QUEUES, `BullModule.registerQueue` in the feature module, a `@Processor` class extending `WorkerHost`, a `<name>.processor.spec.ts` unit test (mockDeep), run it with `pnpm test <pattern>`, then enqueue one job locally (`pnpm -s queue:enqueue …`) and read the result with `redis-cli HMGET bull:<queue>:<id> …`.",
             "step_markers": [["registerQueue"], ["WorkerHost"], ["processor.spec.ts"], ["queue:enqueue"], ["redis-cli"]]},
            {"id": "W3", "description": "API docs sync for the frontend: `pnpm openapi:export` → `pnpm exec redocly lint openapi.json` (fix warnings) → `git diff --stat openapi.json` → commit openapi.json on its own as `docs(api): …`.",
             "step_markers": [["openapi:export"], ["redocly lint"], ["openapi.json"], ["docs(api)"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Money is always an integer number of fen (分): Int columns / integer DTO fields, BigInt for large sums, never Decimal/float or yuan with decimals.",
             "markers": [["分"], ["整数", "Int", "整型"]]},
            {"id": "P2", "description": "Unit tests mock Prisma (and other deps) with jest-mock-extended's mockDeep instead of hand-written jest.fn() objects.",
             "markers": [["mockDeep"]]},
            {"id": "P3", "description": "Service-layer errors use Nest's built-in HttpException subclasses (NotFoundException / BadRequestException) directly, no own wrapper (stated once) — later reversed: business errors throw BizException(BizCode.X) from common/errors, converted by the filter to { code, message }.",
             "markers": [["NotFoundException"], ["HttpException"]],
             "reversal_markers": [["BizException"], ["作废"]]},
        ],
        probes=[
            {"prompt": "POST /api/v1/orders 带上 couponCode 以后直接 400 了：{\"statusCode\":400,\"message\":[\"property couponCode should not exist\"],\"error\":\"Bad Request\"}，CreateOrderDto 里明明加了这个字段", "wanted": ["M1"]},
            {"prompt": "收货地址的 UpdateAddressDto 加一个可选的 doorplate（门牌号，最多 50 字），service 里存进去，然后用 curl 打一下本地接口看看", "wanted": ["M1"]},
            {"prompt": "nest build 报 src/invoices/invoices.service.ts:27:30 - error TS2339: Property 'invoice' does not exist on type 'PrismaService'. 可是 schema.prisma 里明明有 Invoice 这个 model，migration 也跑过了", "wanted": ["M2"]},
            {"prompt": "阿杰刚把发票相关的表结构合进 develop，我 pull 了，帮我把本地库迁一下，然后跑一遍单测", "wanted": ["M2"]},
            {"prompt": "全量跑 e2e 的时候好几个用例报 Raw query failed. Code: `40P01`. Message: `deadlock detected`，还有外键失败，可单个文件跑又都是好的，怎么回事", "wanted": ["M3"]},
            {"prompt": "发票的 e2e 写完了，把所有 e2e 都跑一遍，看看有没有互相影响", "wanted": ["M3"]},
            {"prompt": "Prisma 里 cursor 分页和 skip/take 分页，数据量大了以后性能差多少？订单列表要不要换", "wanted": []},
            {"prompt": "写个 SQL：统计上周每个商家的退款率（退款成功单数 / 完成订单数），按退款率倒序", "wanted": []},
            {"prompt": "NestJS 里 Guard、Interceptor、Pipe、ExceptionFilter 的执行顺序是怎样的？", "wanted": []},
            {"prompt": "BullMQ 的 job 优先级 priority 是数字越大越优先还是越小越优先？对 delayed job 有没有影响", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-nest.jsonl"), os.path.join(HERE, "tune", "zh-nest.labels.json"))
    print(f"zh-nest -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
