"""sst-lambda: Ethan, backend developer on Tally (shared expenses app), the tally-api serverless API.

Stack: TypeScript on AWS with SST v3 (Ion): API Gateway HTTP API (sst.aws.ApiGatewayV2, Cognito JWT authorizer),
one Lambda per route (later Hono apps per domain), DynamoDB single table through ElectroDB, EventBridge
(sst.aws.Bus + sst/event), S3, SQS, Cron; pnpm workspace (packages/core, packages/functions, packages/scripts),
vitest run through `sst shell` against the personal stage, biome, tsc; GitHub + gh; stages ethan (personal),
staging (dev account) and production (prod account, deployed by CI on tags).

Written blind for fresh/ (see sst-lambda.md); measured once held out (round 8), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ethan"
R = "/home/ethan/code/tally-api"
CORE = R + "/packages/core"
SCRIPTS = R + "/packages/scripts"
MODEL = "claude-opus-4-6"
GH = "tallyhq/tally-api"
SSTV = "3.18.4"
VITESTV = "v3.2.4"
DEV_ACCT = "381492265770"
PROD_ACCT = "904117352286"
SST_RES = f"../../node_modules/.pnpm/sst@{SSTV}/node_modules/sst/dist/resource.js"
EDB = "../../node_modules/.pnpm/electrodb@3.4.5/node_modules/electrodb/src"

HX = random.Random(20260901)
TESTS = {}


def reset_globals():
    global HX, TESTS
    HX = random.Random(20260901)
    TESTS = {
        "src/util/money.test.ts": [9, False],
        "src/group/group.test.ts": [5, True],
        "src/member/member.test.ts": [4, True],
        "src/expense/expense.test.ts": [7, True],
        "src/activity/activity.test.ts": [3, True],
        "src/notify/digest.test.ts": [2, False],
    }


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def b36(n):
    return "".join(HX.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))


def b62(n):
    return "".join(HX.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def sha():
    return hx(7)


def ulid_like():
    return "01K" + "".join(HX.choice("0123456789ABCDEFGHJKMNPQRSTVWXYZ") for _ in range(23))


FILES = {}

FILES[P("package.json")] = """{
  "name": "tally-api",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "packageManager": "pnpm@10.15.1",
  "scripts": {
    "lint": "biome check .",
    "format": "biome check --write .",
    "typecheck": "pnpm -r typecheck",
    "test": "pnpm --filter @tally/core test"
  },
  "devDependencies": {
    "@biomejs/biome": "2.2.4",
    "@tsconfig/node22": "^22.0.2",
    "@types/aws-lambda": "8.10.152",
    "typescript": "^5.9.2"
  },
  "dependencies": {
    "sst": "3.18.4"
  }
}
"""

FILES[P("pnpm-workspace.yaml")] = """packages:
  - "packages/*"
"""

FILES[P("biome.json")] = """{
  "$schema": "https://biomejs.dev/schemas/2.2.4/schema.json",
  "vcs": { "enabled": true, "clientKind": "git", "useIgnoreFile": true },
  "files": { "includes": ["**", "!**/.sst", "!**/sst-env.d.ts"] },
  "formatter": { "indentStyle": "space", "lineWidth": 120 },
  "linter": { "enabled": true, "rules": { "recommended": true } },
  "javascript": { "formatter": { "quoteStyle": "double" } }
}
"""

FILES[P("sst.config.ts")] = """/// <reference path="./.sst/platform/config.d.ts" />

export default $config({
  app(input) {
    return {
      name: "tally",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: ["production"].includes(input?.stage),
      home: "aws",
      providers: {
        aws: {
          region: "eu-west-1",
          profile: input?.stage === "production" ? "tally-prod" : "tally-dev",
        },
      },
    };
  },
  async run() {
    await import("./infra/storage");
    await import("./infra/bus");
    const { api } = await import("./infra/api");
    await import("./infra/cron");

    return {
      api: api.url,
    };
  },
});
"""

FILES[P("infra/auth.ts")] = """export const userPool = new sst.aws.CognitoUserPool("Auth", {
  usernames: ["email"],
});

export const mobileClient = userPool.addClient("Mobile");
"""

FILES[P("infra/storage.ts")] = """export const table = new sst.aws.Dynamo("Table", {
  fields: {
    pk: "string",
    sk: "string",
    gsi1pk: "string",
    gsi1sk: "string",
    gsi2pk: "string",
    gsi2sk: "string",
  },
  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: {
    gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk" },
    gsi2: { hashKey: "gsi2pk", rangeKey: "gsi2sk" },
  },
  transform: {
    table: (args) => {
      args.pointInTimeRecovery = { enabled: $app.stage === "production" };
    },
  },
});
"""

FILES[P("infra/bus.ts")] = """import { table } from "./storage";

export const bus = new sst.aws.Bus("Bus");

bus.subscribe(
  "ActivityFeed",
  {
    handler: "packages/functions/src/subscribers/activity.handler",
    link: [table],
  },
  {
    pattern: { detailType: ["expense.created", "expense.deleted"] },
  },
);
"""

FILES[P("infra/cron.ts")] = """import { table } from "./storage";

new sst.aws.Cron("WeeklyDigest", {
  schedule: "cron(0 7 ? * MON *)",
  function: {
    handler: "packages/functions/src/cron/weekly-digest.handler",
    link: [table],
    timeout: "5 minutes",
  },
});
"""

API_TS = """import { mobileClient, userPool } from "./auth";
import { bus } from "./bus";
import { table } from "./storage";

export const api = new sst.aws.ApiGatewayV2("Api", {
  domain:
    $app.stage === "production"
      ? "api.tally.app"
      : $app.stage === "staging"
        ? "api.staging.tally.app"
        : undefined,
  transform: {
    route: {
      handler: {
        runtime: "nodejs22.x",
        architecture: "arm64",
        timeout: "10 seconds",
      },
    },
  },
});

const authorizer = api.addAuthorizer({
  name: "cognito",
  jwt: {
    issuer: $interpolate`https://cognito-idp.${aws.getRegionOutput().name}.amazonaws.com/${userPool.id}`,
    audiences: [mobileClient.id],
  },
});

const auth = { auth: { jwt: { authorizer: authorizer.id } } };

api.route("GET /health", "packages/functions/src/api/health.handler");

// groups
api.route(
  "POST /groups",
  { handler: "packages/functions/src/api/groups/create.handler", link: [table, bus] },
  auth,
);
api.route(
  "GET /groups/{groupId}",
  { handler: "packages/functions/src/api/groups/get.handler", link: [table] },
  auth,
);
api.route(
  "POST /groups/{groupId}/members",
  { handler: "packages/functions/src/api/groups/add-member.handler", link: [table, bus] },
  auth,
);

// expenses
api.route(
  "POST /groups/{groupId}/expenses",
  { handler: "packages/functions/src/api/expenses/create.handler", link: [table, bus] },
  auth,
);
api.route(
  "GET /groups/{groupId}/expenses",
  { handler: "packages/functions/src/api/expenses/list.handler", link: [table] },
  auth,
);
api.route(
  "GET /groups/{groupId}/expenses/{expenseId}",
  { handler: "packages/functions/src/api/expenses/get.handler", link: [table] },
  auth,
);
api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",
  { handler: "packages/functions/src/api/expenses/delete.handler", link: [table, bus] },
  auth,
);
"""
FILES[P("infra/api.ts")] = API_TS

FILES[P("packages/core/package.json")] = """{
  "name": "@tally/core",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "exports": {
    "./*": "./src/*.ts"
  },
  "scripts": {
    "test": "sst shell vitest run",
    "typecheck": "tsc --noEmit"
  },
  "dependencies": {
    "@aws-sdk/client-dynamodb": "^3.879.0",
    "electrodb": "^3.4.5",
    "sst": "3.18.4",
    "ulid": "^3.0.1",
    "zod": "^4.1.5"
  },
  "devDependencies": {
    "@types/node": "^22.18.1",
    "vitest": "^3.2.4"
  }
}
"""

FILES[P("packages/core/vitest.config.ts")] = """import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Tests run against the real table of the stage `sst shell` points at (your personal stage).
    testTimeout: 5_000,
    include: ["src/**/*.test.ts"],
  },
});
"""

FILES[P("packages/core/src/dynamo.ts")] = """import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { Resource } from "sst";

export const client = new DynamoDBClient({});

/** ElectroDB entity configuration shared by every entity in the single table. */
export const Table = {
  client,
  table: Resource.Table.name,
};
"""

FILES[P("packages/core/src/error.ts")] = """export class NotFoundError extends Error {
  constructor(entity: string, id: string) {
    super(`${entity} ${id} not found`);
    this.name = "NotFoundError";
  }
}

export class ForbiddenError extends Error {
  constructor(message = "You are not a member of this group") {
    super(message);
    this.name = "ForbiddenError";
  }
}

export class ValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ValidationError";
  }
}

export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConflictError";
  }
}
"""

FILES[P("packages/core/src/event.ts")] = """import { event } from "sst/event";
import { ZodValidator } from "sst/event/validator";

export const defineEvent = event.builder({
  validator: ZodValidator,
  metadata() {
    return { timestamp: Date.now() };
  },
});
"""

FILES[P("packages/core/src/expense/events.ts")] = """import { z } from "zod";
import { defineEvent } from "../event";

export const Events = {
  Created: defineEvent(
    "expense.created",
    z.object({ groupId: z.string(), expenseId: z.string(), createdBy: z.string() }),
  ),
  Deleted: defineEvent(
    "expense.deleted",
    z.object({ groupId: z.string(), expenseId: z.string(), deletedBy: z.string() }),
  ),
};
"""

EXPENSE_TS = """import { Entity, type EntityItem } from "electrodb";
import { Resource } from "sst";
import { bus } from "sst/aws/bus";
import { ulid } from "ulid";
import { z } from "zod";
import { Table } from "../dynamo";
import { NotFoundError, ValidationError } from "../error";
import { Events } from "./events";

export const ExpenseEntity = new Entity(
  {
    model: { entity: "expense", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      expenseId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      description: { type: "string", required: true },
      /** minor units (cents) */
      amount: { type: "number", required: true },
      currency: { type: "string" },
      paidBy: { type: "string", required: true },
      splits: {
        type: "list",
        required: true,
        items: {
          type: "map",
          properties: {
            userId: { type: "string", required: true },
            share: { type: "number", required: true },
          },
        },
      },
      status: { type: ["open", "settled"] as const, required: true, default: "open" },
      createdBy: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
      updatedAt: { type: "number", readOnly: true, watch: "*", set: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["expenseId"] },
      },
      byStatus: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["groupId"] },
        sk: { field: "gsi1sk", composite: ["status", "createdAt"] },
      },
    },
  },
  Table,
);

export type Expense = EntityItem<typeof ExpenseEntity>;

export const CreateInput = z.object({
  description: z.string().min(1).max(120),
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  paidBy: z.string(),
  splits: z
    .array(z.object({ userId: z.string(), share: z.number().int().nonnegative() }))
    .min(1),
});

export async function create(
  groupId: string,
  createdBy: string,
  input: z.infer<typeof CreateInput>,
) {
  const total = input.splits.reduce((sum, s) => sum + s.share, 0);
  if (total !== input.amount) {
    throw new ValidationError(`splits add up to ${total}, expected ${input.amount}`);
  }
  const result = await ExpenseEntity.create({ ...input, groupId, createdBy }).go();
  await bus.publish(Resource.Bus, Events.Created, {
    groupId,
    expenseId: result.data.expenseId,
    createdBy,
  });
  return result.data;
}

export async function get(groupId: string, expenseId: string) {
  const result = await ExpenseEntity.get({ groupId, expenseId }).go();
  if (!result.data) throw new NotFoundError("expense", expenseId);
  return result.data;
}

export async function list(groupId: string, status?: Expense["status"]) {
  const result = status
    ? await ExpenseEntity.query.byStatus({ groupId, status }).go({ pages: "all", order: "desc" })
    : await ExpenseEntity.query.primary({ groupId }).go({ pages: "all", order: "desc" });
  return result.data;
}

export async function remove(groupId: string, expenseId: string, deletedBy: string) {
  await ExpenseEntity.delete({ groupId, expenseId }).go();
  await bus.publish(Resource.Bus, Events.Deleted, { groupId, expenseId, deletedBy });
}
"""
FILES[P("packages/core/src/expense/expense.ts")] = EXPENSE_TS

MEMBER_TS = """import { Entity, type EntityItem } from "electrodb";
import { Table } from "../dynamo";
import { ForbiddenError } from "../error";

export const MemberEntity = new Entity(
  {
    model: { entity: "member", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      displayName: { type: "string", required: true },
      role: { type: ["owner", "member"] as const, required: true, default: "member" },
      joinedAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["userId"] },
      },
      byUser: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["userId"] },
        sk: { field: "gsi2sk", composite: ["groupId"] },
      },
    },
  },
  Table,
);

export type Member = EntityItem<typeof MemberEntity>;

export async function list(groupId: string) {
  const result = await MemberEntity.query.primary({ groupId }).go({ pages: "all" });
  return result.data;
}

export async function assertMember(groupId: string, userId: string) {
  const result = await MemberEntity.get({ groupId, userId }).go();
  if (!result.data) throw new ForbiddenError();
  return result.data;
}

export async function add(input: {
  groupId: string;
  userId: string;
  displayName: string;
  role?: Member["role"];
}) {
  const result = await MemberEntity.create(input).go();
  return result.data;
}
"""
FILES[P("packages/core/src/member/member.ts")] = MEMBER_TS

FILES[P("packages/core/src/group/group.ts")] = """import { Entity, type EntityItem } from "electrodb";
import { ulid } from "ulid";
import { Table } from "../dynamo";
import { NotFoundError } from "../error";
import * as Member from "../member/member";

export const GroupEntity = new Entity(
  {
    model: { entity: "group", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      name: { type: "string", required: true },
      defaultCurrency: { type: "string", required: true, default: "EUR" },
      createdBy: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  Table,
);

export type Group = EntityItem<typeof GroupEntity>;

export async function create(input: { name: string; createdBy: string; displayName: string }) {
  const group = await GroupEntity.create({ name: input.name, createdBy: input.createdBy }).go();
  await Member.add({
    groupId: group.data.groupId,
    userId: input.createdBy,
    displayName: input.displayName,
    role: "owner",
  });
  return group.data;
}

export async function get(groupId: string) {
  const result = await GroupEntity.get({ groupId }).go();
  if (!result.data) throw new NotFoundError("group", groupId);
  return result.data;
}
"""

FILES[P("packages/core/src/util/money.ts")] = """/** Split `amount` (minor units) into `n` shares that add up exactly; the first shares get the extra cents. */
export function splitEvenly(amount: number, n: number): number[] {
  if (!Number.isInteger(amount) || n <= 0) throw new RangeError("amount must be an integer, n > 0");
  const base = Math.floor(amount / n);
  const rest = amount - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

export function formatMoney(amount: number, currency: string, locale = "en-IE") {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 100);
}
"""

FILES[P("packages/core/src/activity/activity.ts")] = """import { Entity } from "electrodb";
import { ulid } from "ulid";
import { Table } from "../dynamo";

export const ActivityEntity = new Entity(
  {
    model: { entity: "activity", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      activityId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      kind: { type: "string", required: true },
      actorId: { type: "string", required: true },
      subjectId: { type: "string" },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["activityId"] },
      },
    },
  },
  Table,
);

export async function record(input: {
  groupId: string;
  kind: string;
  actorId: string;
  subjectId?: string;
}) {
  const result = await ActivityEntity.create(input).go();
  return result.data;
}

export async function feed(groupId: string, cursor?: string) {
  return ActivityEntity.query.primary({ groupId }).go({ order: "desc", limit: 50, cursor });
}
"""

FILES[P("packages/core/src/notify/push.ts")] = """export type PushMessage = { to: string; title: string; body: string; data?: Record<string, string> };

/** Sends through the Expo push service; tickets with errors are logged, not thrown. */
export async function sendPush(messages: PushMessage[]) {
  if (messages.length === 0) return [];
  const res = await fetch("https://exp.host/--/api/v2/push/send", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(messages),
  });
  if (!res.ok) throw new Error(`expo push failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { status: "ok" | "error"; message?: string }[] };
  for (const ticket of data) {
    if (ticket.status === "error") console.warn("push ticket error", ticket.message);
  }
  return data;
}
"""

FILES[P("packages/core/src/notify/digest.ts")] = """import { formatMoney } from "../util/money";

export type DigestData = {
  displayName: string;
  groups: { name: string; youOwe: number; owedToYou: number; currency: string; newExpenses: number }[];
};

export function renderDigest(data: DigestData) {
  const rows = data.groups
    .map(
      (g) => `<tr><td>${g.name}</td><td>${g.newExpenses}</td>` +
        `<td>${formatMoney(g.owedToYou, g.currency)}</td><td>${formatMoney(g.youOwe, g.currency)}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<h1>Hi ${data.displayName}, here's your week in Tally</h1>
<table cellpadding="6"><thead><tr><th>Group</th><th>New</th><th>Owed to you</th><th>You owe</th></tr></thead>
<tbody>${rows}</tbody></table>
<p><a href="https://tally.app/open">Open Tally</a></p>
</body></html>`;
}
"""

FILES[P("packages/functions/package.json")] = """{
  "name": "@tally/functions",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "scripts": {
    "typecheck": "tsc --noEmit"
  },
  "dependencies": {
    "@tally/core": "workspace:*",
    "sst": "3.18.4",
    "zod": "^4.1.5"
  },
  "devDependencies": {
    "@types/aws-lambda": "8.10.152",
    "@types/node": "^22.18.1"
  }
}
"""

HTTP_TS = """import { ForbiddenError, NotFoundError, ValidationError } from "@tally/core/error";
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResultV2,
} from "aws-lambda";
import { ZodError } from "zod";

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
type Handler = (event: ApiEvent) => Promise<APIGatewayProxyResultV2>;

export const json = (statusCode: number, body: unknown): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export const userId = (event: ApiEvent) => event.requestContext.authorizer.jwt.claims.sub as string;

export const body = (event: ApiEvent): unknown => (event.body ? JSON.parse(event.body) : {});

export function route(fn: Handler): Handler {
  return async (event) => {
    try {
      return await fn(event);
    } catch (err) {
      if (err instanceof ZodError) return json(400, { message: "Invalid request", issues: err.issues });
      if (err instanceof ValidationError) return json(400, { message: err.message });
      if (err instanceof NotFoundError) return json(404, { message: err.message });
      if (err instanceof ForbiddenError) return json(403, { message: err.message });
      console.error(err);
      return json(500, { message: "Internal Server Error" });
    }
  };
}
"""
FILES[P("packages/functions/src/http.ts")] = HTTP_TS

FILES[P("packages/functions/src/api/health.ts")] = """export const handler = async () => ({
  statusCode: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    ok: true,
    stage: process.env.SST_STAGE,
    version: process.env.GIT_SHA ?? "dev",
  }),
});
"""

FILES[P("packages/functions/src/api/expenses/create.ts")] = """import * as Expense from "@tally/core/expense/expense";
import * as Member from "@tally/core/member/member";
import { body, json, route, userId } from "../../http";

export const handler = route(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  const me = userId(event);
  await Member.assertMember(groupId, me);
  const input = Expense.CreateInput.parse(body(event));
  const expense = await Expense.create(groupId, me, input);
  return json(201, expense);
});
"""

FILES[P("packages/functions/src/api/expenses/get.ts")] = """import * as Expense from "@tally/core/expense/expense";
import * as Member from "@tally/core/member/member";
import { json, route, userId } from "../../http";

export const handler = route(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  const expenseId = event.pathParameters?.expenseId ?? "";
  await Member.assertMember(groupId, userId(event));
  return json(200, await Expense.get(groupId, expenseId));
});
"""

FILES[P("packages/functions/src/subscribers/activity.ts")] = """import * as Activity from "@tally/core/activity/activity";
import { Events } from "@tally/core/expense/events";
import { bus } from "sst/aws/bus";

export const handler = bus.subscriber([Events.Created, Events.Deleted], async (event) => {
  switch (event.type) {
    case "expense.created":
      await Activity.record({
        groupId: event.properties.groupId,
        kind: "expense.created",
        actorId: event.properties.createdBy,
        subjectId: event.properties.expenseId,
      });
      break;
    case "expense.deleted":
      await Activity.record({
        groupId: event.properties.groupId,
        kind: "expense.deleted",
        actorId: event.properties.deletedBy,
        subjectId: event.properties.expenseId,
      });
      break;
  }
});
"""

FILES[P("packages/scripts/package.json")] = """{
  "name": "@tally/scripts",
  "version": "0.0.0",
  "private": true,
  "type": "module",
  "scripts": {
    "shell": "sst shell",
    "typecheck": "tsc --noEmit"
  },
  "dependencies": {
    "@tally/core": "workspace:*",
    "sst": "3.18.4"
  },
  "devDependencies": {
    "@types/node": "^22.18.1",
    "tsx": "^4.20.5"
  }
}
"""

FILES[P("packages/scripts/src/seed-demo.ts")] = """// Seeds a demo group with a few members and expenses (Chidi's, for app screenshots).
import * as Expense from "@tally/core/expense/expense";
import * as Group from "@tally/core/group/group";
import * as Member from "@tally/core/member/member";

const group = await Group.create({ name: "Lisbon trip", createdBy: "demo-ana", displayName: "Ana" });
for (const [userId, displayName] of [["demo-ben", "Ben"], ["demo-chloe", "Chloe"]]) {
  await Member.add({ groupId: group.groupId, userId, displayName });
}
await Expense.create(group.groupId, "demo-ana", {
  description: "Dinner at Taberna",
  amount: 9600,
  currency: "EUR",
  paidBy: "demo-ana",
  splits: [
    { userId: "demo-ana", share: 3200 },
    { userId: "demo-ben", share: 3200 },
    { userId: "demo-chloe", share: 3200 },
  ],
});
console.log("seeded", group.groupId);
"""


# ---------------------------------------------------------------- output helpers
def local_time(d, plus_s=0):
    """Ethan is in Dublin: IST (UTC+1) for the whole month."""
    import datetime as dt
    t = d.clock + dt.timedelta(seconds=plus_s) + dt.timedelta(hours=1)
    return t.strftime("%H:%M:%S")


def ms(lo, hi):
    return HX.randint(lo, hi)


def pnpm_hdr(pkg, script, cmd, cwd):
    return f"\n> {pkg}@0.0.0 {script} {cwd}\n> {cmd}\n"


def root_test_hdr():
    return pnpm_hdr("tally-api", "test", "pnpm --filter @tally/core test", R)


def core_test_hdr(args=""):
    return pnpm_hdr("@tally/core", "test", "sst shell vitest run" + (" " + args if args else ""), CORE)


def vt_line(path, n=None, skipped=0):
    n = TESTS[path][0] if n is None else n
    db = TESTS[path][1]
    t = ms(420, 1900) if db else ms(2, 14)
    if skipped:
        return f" ✓ {path} ({n} test{'s' if n != 1 else ''} | {skipped} skipped) {t}ms"
    return f" ✓ {path} ({n} test{'s' if n != 1 else ''}) {t}ms"


def vt_counts(failed, total, skipped=0):
    parts = []
    if failed:
        parts.append(f"{failed} failed")
    passed = total - failed - skipped
    if passed:
        parts.append(f"{passed} passed")
    if skipped:
        parts.append(f"{skipped} skipped")
    return " | ".join(parts) + f" ({total})"


def vt_summary(d, files_failed, files_total, tests_failed, tests_total, skipped=0, no_tests=False):
    tests = "no tests" if no_tests else vt_counts(tests_failed, tests_total, skipped)
    tr, col, prep = ms(250, 700), ms(900, 2900), ms(400, 900)
    if files_total <= 1 or no_tests:
        tt = 0 if no_tests else ms(300, 2400)
        dur = tt + col // 2 + prep + ms(100, 400)
    else:
        tt = ms(2000, 9000)
        dur = max(col, tt // min(files_total, 4)) + prep + ms(300, 900)
    return (f"\n Test Files  {vt_counts(files_failed, files_total)}\n      Tests  {tests}\n"
            f"   Start at  {local_time(d)}\n"
            f"   Duration  {vt_ms(dur)} (transform {vt_ms(tr)}, setup 0ms, collect {vt_ms(col)}, "
            f"tests {vt_ms(tt)}, environment {ms(0, 2)}ms, prepare {vt_ms(prep)})")


def vt_ms(v):
    return f"{v}ms" if v < 1000 else f"{v / 1000:.2f}s"


def vt_head(cwd=CORE):
    return f"\n RUN  {VITESTV} {cwd}\n\n"


def vt_ok(d, only=None):
    paths = only or sorted(TESTS, key=lambda p: (TESTS[p][1], HX.random()))
    body = "\n".join(vt_line(p) for p in paths)
    return vt_head() + body + "\n" + vt_summary(d, 0, len(paths), 0, sum(TESTS[p][0] for p in paths))


def core_ok(d, args="", only=None):
    """`pnpm --filter @tally/core test [args]` that passes."""
    return core_test_hdr(args) + "\n" + vt_ok(d, only)


def root_ok(d, only=None):
    """root `pnpm test` that passes."""
    return root_test_hdr() + "\n" + core_test_hdr() + "\n" + vt_ok(d, only)


def pnpm_filter_fail(args):
    return (f"{CORE}:\n ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @tally/core@0.0.0 test: `sst shell vitest run"
            f"{' ' + args if args else ''}`\nExit status 1")


SEP_FAIL = "⎯" * 7


def failed_tests_hdr(n, suites=False):
    word = "Suites" if suites else "Tests"
    return f"{SEP_FAIL} Failed {word} {n} {SEP_FAIL}"


def frame_end(i, n):
    return "⎯" * 53 + f"[{i}/{n}]⎯"


NFILES = [97]


def lint_ok():
    return (pnpm_hdr("tally-api", "lint", "biome check .", R) +
            f"\nChecked {NFILES[0]} files in {ms(31, 58)}ms. No fixes applied.")


def typecheck_ok():
    return (pnpm_hdr("tally-api", "typecheck", "pnpm -r typecheck", R) + """
Scope: all 4 workspace projects
packages/core typecheck$ tsc --noEmit
packages/scripts typecheck$ tsc --noEmit
packages/core typecheck: Done
packages/scripts typecheck: Done
packages/functions typecheck$ tsc --noEmit
packages/functions typecheck: Done""")


def push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:
remote:      https://github.com/{GH}/pull/new/{branch}
remote: 
To github.com:{GH}.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def pr_err(branch):
    return f"\nCreating pull request for {branch} into main in {GH}\n"


# ---- SST CLI
def sst_head(stage, mode):
    return f"SST {SSTV} ready!\n\n➜  App:        tally\n   Stage:      {stage}\n\n~  {mode}\n\n"


def ev(label, urn, secs=None):
    msg = urn + (f" ({secs:.1f}s)" if secs and secs > 1 else "")
    return f"|  {label:<11} {msg}"


def sst_deploy_ok(stage, events, url):
    return (sst_head(stage, "Deploy") + "\n".join(ev(*e) for e in events) +
            f"\n\n✓  Complete    \n   api: {url}")


def sst_diff_out(stage, events, changes):
    out = sst_head(stage, "Diff") + "\n".join(ev(*e) for e in events) + "\n\n✓  Generated    \n\n"
    blocks = []
    for icon, urn, paths in changes:
        lines = [f"{icon}  {urn}"]
        for mark, path, val in paths:
            lines.append(f"   {mark} {path}" + (f" = {val}" if val is not None else ""))
        blocks.append("\n".join(lines))
    return out + "\n\n".join(blocks)


ROUTES = {
    "GET /health": "ApiRouteCbwpxk",
    "POST /groups": "ApiRouteRzdnma",
    "GET /groups/{groupId}": "ApiRouteTkhqfo",
    "POST /groups/{groupId}/members": "ApiRouteNvwzyb",
    "POST /groups/{groupId}/expenses": "ApiRouteXgqhke",
    "GET /groups/{groupId}/expenses": "ApiRouteMfjsua",
    "GET /groups/{groupId}/expenses/{expenseId}": "ApiRouteHdyolr",
    "DELETE /groups/{groupId}/expenses/{expenseId}": "ApiRoutePkxcie",
    "GET /groups/{groupId}/balances": "ApiRouteWqbnrt",
    "POST /groups/{groupId}/settlements": "ApiRouteZeomlc",
    "GET /groups/{groupId}/settle-up": "ApiRouteJuvsfa",
    "POST /groups/{groupId}/expenses/{expenseId}/receipt": "ApiRouteDkaqtn",
    "POST /groups/{groupId}/invites": "ApiRouteLgrwex",
    "GET /me/invites": "ApiRouteYbhpzs",
    "POST /groups/{groupId}/invites/{inviteId}/accept": "ApiRouteQmtcov",
    "POST /groups/{groupId}/exports": "ApiRouteVsnkdi",
    "GET /groups/{groupId}/exports/{exportId}": "ApiRouteFoxlbm",
    "ANY /groups/{groupId}/settings": "ApiRouteEzrpyg",
    "ANY /groups/{groupId}/recurring/{proxy+}": "ApiRouteUkdbwh",
    "ANY /groups/{groupId}/recurring": "ApiRouteIcmvqj",
}


def fn_urn(route):
    return f"Api sst:aws:ApiGatewayV2 → {ROUTES[route]}HandlerFunction aws:lambda:Function"


def new_route_events(route):
    r = ROUTES[route]
    return [
        ("Created", f"Api sst:aws:ApiGatewayV2 → {r}HandlerRole aws:iam:Role", HX.uniform(1.1, 2.4)),
        ("Created", f"Api sst:aws:ApiGatewayV2 → {r}HandlerFunction aws:lambda:Function", HX.uniform(9.0, 16.0)),
        ("Created", f"Api sst:aws:ApiGatewayV2 → {r}Integration aws:apigatewayv2:Integration", HX.uniform(0.4, 1.4)),
        ("Created", f"Api sst:aws:ApiGatewayV2 → {r}Route aws:apigatewayv2:Route", HX.uniform(0.5, 1.6)),
        ("Created", f"Api sst:aws:ApiGatewayV2 → {r} sst:aws:Function", None),
    ]


def updated_fn_events(routes):
    return [("Updated", fn_urn(r), HX.uniform(3.0, 9.5)) for r in routes]


ETHAN_API = "https://k3v8q1xz4d.execute-api.eu-west-1.amazonaws.com"
STAGING_API = "https://api.staging.tally.app"

FILES[P("packages/core/src/user/user.ts")] = """import { Entity, type EntityItem } from "electrodb";
import { Table } from "../dynamo";

export const UserEntity = new Entity(
  {
    model: { entity: "user", version: "1", service: "tally" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      email: { type: "string", required: true },
      displayName: { type: "string", required: true },
      pushTokens: { type: "set", items: "string" },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  Table,
);

export type User = EntityItem<typeof UserEntity>;

export async function getMany(userIds: string[]) {
  if (userIds.length === 0) return [];
  const result = await UserEntity.get(userIds.map((userId) => ({ userId }))).go();
  return result.data;
}
"""

FILES[P("packages/core/src/expense/expense.test.ts")] = """import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { NotFoundError, ValidationError } from "../error";
import * as Expense from "./expense";

const input = {
  description: "Dinner",
  amount: 6000,
  currency: "EUR",
  paidBy: "ana",
  splits: [
    { userId: "ana", share: 3000 },
    { userId: "ben", share: 3000 },
  ],
};

describe("Expense", () => {
  it("creates an open expense with a ULID id", async () => {
    const expense = await Expense.create(`test-${ulid()}`, "ana", input);
    expect(expense.status).toBe("open");
    expect(expense.expenseId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("rejects splits that don't add up to the amount", async () => {
    await expect(
      Expense.create(`test-${ulid()}`, "ana", { ...input, amount: 6001 }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("gets an expense by id", async () => {
    const groupId = `test-${ulid()}`;
    const created = await Expense.create(groupId, "ana", input);
    expect(await Expense.get(groupId, created.expenseId)).toMatchObject({ description: "Dinner" });
  });

  it("throws NotFoundError for an unknown id", async () => {
    await expect(Expense.get(`test-${ulid()}`, ulid())).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lists newest first", async () => {
    const groupId = `test-${ulid()}`;
    await Expense.create(groupId, "ana", { ...input, description: "first" });
    await Expense.create(groupId, "ana", { ...input, description: "second" });
    expect((await Expense.list(groupId)).map((e) => e.description)).toEqual(["second", "first"]);
  });

  it("lists only open expenses by status", async () => {
    const groupId = `test-${ulid()}`;
    await Expense.create(groupId, "ana", input);
    expect(await Expense.list(groupId, "settled")).toEqual([]);
    expect(await Expense.list(groupId, "open")).toHaveLength(1);
  });

  it("removes an expense", async () => {
    const groupId = `test-${ulid()}`;
    const created = await Expense.create(groupId, "ana", input);
    await Expense.remove(groupId, created.expenseId, "ana");
    await expect(Expense.get(groupId, created.expenseId)).rejects.toBeInstanceOf(NotFoundError);
  });
});
"""


def line_col(d, rel, needle, sub=None):
    lines = d.files[P(rel)].split("\n")
    i = next(k for k, l in enumerate(lines) if needle in l)
    col = lines[i].index(sub if sub is not None else needle) + 1
    return i + 1, col


def vt_frame(d, rel, line, col):
    lines = d.files[P(rel)].split("\n")
    out = []
    for n in range(max(1, line - 2), min(len(lines), line + 2) + 1):
        out.append(f"{n:>6}| {lines[n - 1]}".rstrip() if lines[n - 1] == "" else f"{n:>6}| {lines[n - 1]}")
        if n == line:
            out.append("       |" + " " * col + "^")
    return "\n".join(out)


LINKS_INACTIVE = ("It does not look like SST links are active. If this is in local development and you are not "
                  "starting this process through the multiplexer, wrap your command with `sst dev -- <command>`")


def not_linked(name):
    return f'"{name}" is not linked in your sst.config.ts'


def composite_err(missing, patterns):
    m = ", ".join(f'"{x}"' for x in missing)
    ap = ", ".join(f'"{x}"' for x in patterns)
    return (f"Incomplete composite attributes: Without the composite attributes {m} the following access patterns "
            f"cannot be updated: {ap}. If a composite attribute is readOnly and cannot be set, use the 'composite' "
            f"chain method on update to supply the value for key formatting purposes. - For more detail on this "
            f"error reference: https://electrodb.dev/en/reference/errors/#incomplete-composite-attributes")


def edb_stack():
    return (f" ❯ Entity._expectIndexFacets {EDB}/entity.js:3874:13\n"
            f" ❯ Entity._getUpdatedKeys {EDB}/entity.js:3702:25\n"
            f" ❯ Entity._makeUpdateParams {EDB}/entity.js:3125:26\n"
            f" ❯ Entity._params {EDB}/entity.js:2401:25\n"
            f" ❯ Entity.go {EDB}/entity.js:1224:24\n"
            f" ❯ Object.go {EDB}/clauses.js:823:30")


def dynamo_frame(d):
    ln, col = line_col(d, "packages/core/src/dynamo.ts", "table: Resource.Table.name", "Table.name")
    return f" ❯ src/dynamo.ts:{ln}:{col}\n" + vt_frame(d, "packages/core/src/dynamo.ts", ln, col)


# ================================================================== the month
def gen():
    reset_globals()
    NFILES[0] = 97
    d = Dev("sst-lambda", U, "en", MODEL, seed=20260901, files=FILES)

    # ============================================================ S1  Tue 09-01
    with d.session("2026-09-01T08:05:00", R, branch="feat/balances", version="2.1.104"):
        t = d.task("I'm taking over tally-api from Chidi while he's on the payments project. give me a quick tour: "
                   "how does a POST /groups/{groupId}/expenses get from API Gateway into dynamo, and what happens "
                   "after it's written (events etc)?", tags=["noise"])
        t.glob("packages/*/src/**/*.ts", [P(x) for x in [
            "packages/core/src/activity/activity.test.ts", "packages/core/src/activity/activity.ts",
            "packages/core/src/dynamo.ts", "packages/core/src/error.ts", "packages/core/src/event.ts",
            "packages/core/src/expense/events.ts", "packages/core/src/expense/expense.test.ts",
            "packages/core/src/expense/expense.ts", "packages/core/src/group/group.test.ts",
            "packages/core/src/group/group.ts", "packages/core/src/member/member.test.ts",
            "packages/core/src/member/member.ts", "packages/core/src/notify/digest.test.ts",
            "packages/core/src/notify/digest.ts", "packages/core/src/notify/push.ts",
            "packages/core/src/user/user.ts", "packages/core/src/util/money.test.ts",
            "packages/core/src/util/money.ts", "packages/functions/src/api/expenses/create.ts",
            "packages/functions/src/api/expenses/delete.ts", "packages/functions/src/api/expenses/get.ts",
            "packages/functions/src/api/expenses/list.ts", "packages/functions/src/api/groups/add-member.ts",
            "packages/functions/src/api/groups/create.ts", "packages/functions/src/api/groups/get.ts",
            "packages/functions/src/api/health.ts", "packages/functions/src/cron/weekly-digest.ts",
            "packages/functions/src/http.ts", "packages/functions/src/subscribers/activity.ts",
            "packages/scripts/src/seed-demo.ts"]])
        t.read(P("sst.config.ts"))
        t.read(P("infra/api.ts"))
        t.read(P("packages/functions/src/api/expenses/create.ts"))
        t.read(P("packages/functions/src/http.ts"))
        t.read(P("packages/core/src/expense/expense.ts"))
        t.read(P("packages/core/src/dynamo.ts"))
        t.read(P("infra/bus.ts"))
        t.read(P("packages/functions/src/subscribers/activity.ts"))
        t.done("""**Request path for `POST /groups/{groupId}/expenses`**

1. **API Gateway (HTTP API)** — `infra/api.ts` defines `sst.aws.ApiGatewayV2("Api")` with a Cognito JWT authorizer (`infra/auth.ts` user pool + the `Mobile` client as audience). Every route except `/health` uses it, so the Lambda only runs for a valid token. Each route is its own Lambda (`nodejs22.x`, arm64, 10 s timeout via `transform.route.handler`), and each route lists what it's linked to — this one gets `[table, bus]`.
2. **Handler** — `packages/functions/src/api/expenses/create.ts`, wrapped in `route()` from `http.ts`. It takes the caller from the JWT `sub` claim, checks membership with `Member.assertMember` (403 if not a member), parses the body with `Expense.CreateInput` (zod) and calls `Expense.create`. `route()` maps `ZodError`/`ValidationError` → 400, `NotFoundError` → 404, `ForbiddenError` → 403, anything else → logged + 500.
3. **Core** — `packages/core/src/expense/expense.ts`: checks that the splits add up to the amount, then `ExpenseEntity.create(...)` (ElectroDB). The entity lives in the single table from `infra/storage.ts` (`pk/sk` + `gsi1`, `gsi2`): primary key `groupId` / `expenseId` (a ULID from `ulid()`), plus a `byStatus` index on gsi1 (`groupId` → `status, createdAt`) for listing open expenses newest first. `create` uses ElectroDB's create, so it fails instead of overwriting if the key exists.
4. **Table name** — `src/dynamo.ts` builds the ElectroDB config from `Resource.Table.name` (SST's linked resources), one `DynamoDBClient` per container.

**After the write**

- `Expense.create` publishes `expense.created` on the EventBridge bus with `bus.publish(Resource.Bus, Events.Created, …)`; event shapes are zod schemas in `expense/events.ts`, built with `defineEvent` (`sst/event`), which adds a `timestamp` to the metadata.
- `infra/bus.ts` has one subscriber, `ActivityFeed` → `subscribers/activity.ts`, for `expense.created` / `expense.deleted`. It writes an `activity` item per event (group feed). It's linked to the table only.
- The handler returns 201 with the stored item.

Money is in minor units everywhere (`amount`, `share` are integer cents); `currency` is an optional attribute on the entity but required by the create schema.""")

        t = d.task("let's add GET /groups/{groupId}/balances: for each member, their net balance over the open "
                   "expenses (what they paid minus their shares), per currency. new handler file + route — one "
                   "function per route like the rest of the api. logic in packages/core with a test",
                   tags=["mistake:M1", "pref:P3"])
        t.read(P("packages/core/src/member/member.ts"))
        t.read(P("packages/core/src/expense/expense.test.ts"))
        BAL = "packages/core/src/balance/balance.ts"
        t.write(P(BAL), """import * as Expense from "../expense/expense";
import * as Member from "../member/member";

export type Balance = { userId: string; displayName: string; currency: string; net: number };

type Netted = Pick<Expense.Expense, "amount" | "currency" | "paidBy" | "splits">;

/** Net position per currency and member: what they paid minus their shares (minor units). */
export function compute(expenses: Netted[]): Map<string, Map<string, number>> {
  const byCurrency = new Map<string, Map<string, number>>();
  for (const e of expenses) {
    const currency = e.currency ?? "EUR";
    const nets = byCurrency.get(currency) ?? new Map<string, number>();
    nets.set(e.paidBy, (nets.get(e.paidBy) ?? 0) + e.amount);
    for (const s of e.splits) nets.set(s.userId, (nets.get(s.userId) ?? 0) - s.share);
    byCurrency.set(currency, nets);
  }
  return byCurrency;
}

export async function forGroup(groupId: string): Promise<Balance[]> {
  const [expenses, members] = await Promise.all([
    Expense.list(groupId, "open"),
    Member.list(groupId),
  ]);
  const balances: Balance[] = [];
  for (const [currency, nets] of compute(expenses)) {
    for (const m of members) {
      balances.push({
        userId: m.userId,
        displayName: m.displayName,
        currency,
        net: nets.get(m.userId) ?? 0,
      });
    }
  }
  return balances.sort((a, b) => a.currency.localeCompare(b.currency) || b.net - a.net);
}
""")
        t.write(P("packages/core/src/balance/balance.test.ts"), """import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import * as Expense from "../expense/expense";
import * as Member from "../member/member";
import { compute, forGroup } from "./balance";

const expense = (paidBy: string, amount: number, splits: [string, number][], currency = "EUR") => ({
  paidBy,
  amount,
  currency,
  splits: splits.map(([userId, share]) => ({ userId, share })),
});

describe("compute", () => {
  it("nets what a member paid against their shares", () => {
    const nets = compute([expense("ana", 9000, [["ana", 3000], ["ben", 3000], ["chloe", 3000]])]);
    expect(Object.fromEntries(nets.get("EUR") ?? [])).toEqual({ ana: 6000, ben: -3000, chloe: -3000 });
  });

  it("keeps currencies apart", () => {
    const nets = compute([
      expense("ana", 1000, [["ana", 500], ["ben", 500]]),
      expense("ben", 2000, [["ana", 1000], ["ben", 1000]], "GBP"),
    ]);
    expect(Object.fromEntries(nets.get("EUR") ?? [])).toEqual({ ana: 500, ben: -500 });
    expect(Object.fromEntries(nets.get("GBP") ?? [])).toEqual({ ana: -1000, ben: 1000 });
  });

  it("adds up to zero per currency", () => {
    const nets = compute([
      expense("ana", 4999, [["ana", 1667], ["ben", 1666], ["chloe", 1666]]),
      expense("chloe", 1200, [["ben", 1200]]),
    ]);
    const sum = [...(nets.get("EUR")?.values() ?? [])].reduce((a, b) => a + b, 0);
    expect(sum).toBe(0);
  });

  it("treats expenses without a currency as EUR", () => {
    const nets = compute([{ ...expense("ana", 800, [["ben", 800]]), currency: undefined }]);
    expect(Object.fromEntries(nets.get("EUR") ?? [])).toEqual({ ana: 800, ben: -800 });
  });
});

describe("forGroup", () => {
  it("returns a row per member and currency from the open expenses", async () => {
    const groupId = `test-${ulid()}`;
    await Member.add({ groupId, userId: "ana", displayName: "Ana", role: "owner" });
    await Member.add({ groupId, userId: "ben", displayName: "Ben" });
    await Expense.create(groupId, "ana", {
      description: "Groceries",
      amount: 4200,
      currency: "EUR",
      paidBy: "ana",
      splits: [
        { userId: "ana", share: 2100 },
        { userId: "ben", share: 2100 },
      ],
    });

    expect(await forGroup(groupId)).toEqual([
      { userId: "ana", displayName: "Ana", currency: "EUR", net: 2100 },
      { userId: "ben", displayName: "Ben", currency: "EUR", net: -2100 },
    ]);
  });
});
""")
        t.write(P("packages/functions/src/api/groups/balances.ts"), """import * as Balance from "@tally/core/balance/balance";
import * as Member from "@tally/core/member/member";
import { json, route, userId } from "../../http";

export const handler = route(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  await Member.assertMember(groupId, userId(event));
  return json(200, { balances: await Balance.forGroup(groupId) });
});
""")
        t.edit(P("infra/api.ts"), """api.route(
  "POST /groups/{groupId}/members",""", """api.route(
  "GET /groups/{groupId}/balances",
  { handler: "packages/functions/src/api/groups/balances.handler", link: [table] },
  auth,
);
api.route(
  "POST /groups/{groupId}/members",""")
        TESTS["src/balance/balance.test.ts"] = [5, True]
        ln, col = line_col(d, "packages/core/src/dynamo.ts", "table: Resource.Table.name", "Table.name")
        t.fail(f"cd {CORE} && pnpm vitest run src/balance/balance.test.ts", "Run the new balance tests",
               vt_head() + f""" ❯ src/balance/balance.test.ts (0 test)

{failed_tests_hdr(1, suites=True)}

 FAIL  src/balance/balance.test.ts [ src/balance/balance.test.ts ]
Error: {LINKS_INACTIVE}
 ❯ Object.get {SST_RES}:71:19
{dynamo_frame(d)}

{frame_end(1, 1)}

""" + vt_summary(d, 1, 1, 0, 0, no_tests=True) + "\n ELIFECYCLE  Command failed with exit code 1.")
        t.say("The test file never got to run: importing the expense module evaluates `src/dynamo.ts`, which reads "
              "`Resource.Table.name`, and there are no SST links in a plain vitest process. Let me see how the "
              "package runs its tests.")
        t.read(P("packages/core/package.json"))
        t.bash(f"cd {CORE} && pnpm sst shell -- vitest run src/balance/balance.test.ts",
               "Run the balance tests with the stage's links via sst shell",
               out=vt_head() + vt_line("src/balance/balance.test.ts") + "\n" +
               vt_summary(d, 0, 1, 0, 5))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Added `GET /groups/{groupId}/balances`.

- **`packages/core/src/balance/balance.ts`**
  - `compute(expenses)` — pure netting: per currency, `paidBy` gets `+amount`, every split member gets `-share` (cents). Expenses without a currency count as EUR (older rows).
  - `forGroup(groupId)` — reads the open expenses through the `byStatus` index and the members, returns one row per member and currency: `{ userId, displayName, currency, net }`, sorted by currency, then biggest creditor first.
- **`packages/functions/src/api/groups/balances.ts`** — its own handler: membership check, then `{ balances: [...] }`.
- **`infra/api.ts`** — `GET /groups/{groupId}/balances` route, linked to the table only.
- **Tests** — `balance.test.ts`: four `compute` cases (netting, currencies apart, sums to zero, missing currency) and one `forGroup` case against the table.

The first run failed before any test ran: I called vitest directly, and the modules read `Resource.Table` at import, which only works inside `sst shell` (that's what the package's `test` script does). Through `pnpm sst shell -- vitest run …` all 5 pass, and `pnpm typecheck` is clean.""")

        t = d.task("looks right. lint, typecheck, tests, then push the branch and open a PR", tags=["workflow:W1"])
        t.bash("git status --short", "Show changed files", out=""" M infra/api.ts
?? packages/core/src/balance/
?? packages/functions/src/api/groups/balances.ts""")
        NFILES[0] += 3
        t.bash("pnpm lint", "Run biome", out=lint_ok())
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        s1 = sha()
        t.bash('git add -A && git commit -m "feat(balances): GET /groups/{groupId}/balances" -m "Net balance per '
               'member and currency over the open expenses."', "Commit",
               out=f"""[feat/balances {s1}] feat(balances): GET /groups/{{groupId}}/balances
 4 files changed, 131 insertions(+)
 create mode 100644 packages/core/src/balance/balance.test.ts
 create mode 100644 packages/core/src/balance/balance.ts
 create mode 100644 packages/functions/src/api/groups/balances.ts""")
        t.bash("git push -u origin feat/balances", "Push the branch", err=push_new("feat/balances"))
        t.bash("gh pr create --base main --title \"feat(balances): GET /groups/{groupId}/balances\" --body \"$(cat <<'EOF'\n"
               "## What\n\nNew endpoint `GET /groups/{groupId}/balances` returning each member's net balance over the "
               "group's open expenses, per currency.\n\n## How\n\n- `packages/core/src/balance/balance.ts`: `compute()` "
               "nets what each member paid against their shares (cents, per currency; missing currency counts as EUR), "
               "`forGroup()` reads open expenses via the `byStatus` index plus the member list\n- "
               "`packages/functions/src/api/groups/balances.ts`: new handler (membership check, returns `{ balances }`)\n"
               "- `infra/api.ts`: route linked to the table\n\n## Response\n\n```json\n{ \"balances\": [ { \"userId\": "
               "\"ana\", \"displayName\": \"Ana\", \"currency\": \"EUR\", \"net\": 2100 } ] }\n```\n\nSorted by "
               "currency, then biggest creditor first. Positive = is owed money, negative = owes.\n\n## Testing\n\n- "
               "`pnpm lint`, `pnpm typecheck`: clean\n- `pnpm test`: all green, new `balance.test.ts` (4 unit cases + 1 "
               "against the table)\nEOF\n)\"", "Open the PR", out=f"https://github.com/{GH}/pull/41",
               err=pr_err("feat/balances"))
        t.done(f"""Done:
- `pnpm lint`, `pnpm typecheck`: clean
- `pnpm test`: {len(TESTS)} files, {sum(v[0] for v in TESTS.values())} tests passed
- committed `{s1}` and pushed `feat/balances`
- PR #41: https://github.com/{GH}/pull/41""")

    # ============================================================ S2  Thu 09-03
    with d.session("2026-09-03T09:20:00", R, branch="feat/settlements", version="2.1.105"):
        t = d.task("next: settling up. POST /groups/{groupId}/settlements records a payment from one member to "
                   "another and marks the expenses it covers as settled (expenseIds in the body), publishing "
                   "expense.settled for each one. settlementId is a ULID like every other id we have — don't reach for "
                   "crypto.randomUUID, I want them sortable by time",
                   tags=["mistake:M2", "pref:P1"])
        EXP = "packages/core/src/expense/expense.ts"
        t.read(P(EXP))
        t.read(P("packages/core/src/expense/events.ts"))
        t.read(P("packages/core/src/error.ts"))
        t.edit(P("packages/core/src/expense/events.ts"), """  Deleted: defineEvent(
    "expense.deleted",
    z.object({ groupId: z.string(), expenseId: z.string(), deletedBy: z.string() }),
  ),
};""", """  Deleted: defineEvent(
    "expense.deleted",
    z.object({ groupId: z.string(), expenseId: z.string(), deletedBy: z.string() }),
  ),
  Settled: defineEvent(
    "expense.settled",
    z.object({
      groupId: z.string(),
      expenseId: z.string(),
      settlementId: z.string(),
      settledBy: z.string(),
    }),
  ),
};""")
        t.edit(P(EXP), """      status: { type: ["open", "settled"] as const, required: true, default: "open" },
""", """      status: { type: ["open", "settled"] as const, required: true, default: "open" },
      settlementId: { type: "string" },
      settledBy: { type: "string" },
      settledAt: { type: "number" },
""")
        t.edit(P(EXP), """export async function remove(""", """export async function settle(expense: Expense, settlementId: string, settledBy: string) {
  const result = await ExpenseEntity.patch({ groupId: expense.groupId, expenseId: expense.expenseId })
    .set({ status: "settled", settlementId, settledBy, settledAt: Date.now() })
    .go({ response: "all_new" });
  await bus.publish(Resource.Bus, Events.Settled, {
    groupId: expense.groupId,
    expenseId: expense.expenseId,
    settlementId,
    settledBy,
  });
  return result.data;
}

export async function remove(""")
        SET = "packages/core/src/settlement/settlement.ts"
        t.write(P(SET), """import { Entity, type EntityItem } from "electrodb";
import { ulid } from "ulid";
import { z } from "zod";
import { Table } from "../dynamo";
import { ConflictError, ValidationError } from "../error";
import * as Expense from "../expense/expense";

export const SettlementEntity = new Entity(
  {
    model: { entity: "settlement", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      settlementId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      from: { type: "string", required: true, readOnly: true },
      to: { type: "string", required: true, readOnly: true },
      amount: { type: "number", required: true, readOnly: true },
      currency: { type: "string", required: true, readOnly: true },
      expenseIds: { type: "list", items: { type: "string" }, required: true, readOnly: true },
      recordedBy: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["settlementId"] },
      },
    },
  },
  Table,
);

export type Settlement = EntityItem<typeof SettlementEntity>;

export const RecordInput = z.object({
  from: z.string(),
  to: z.string(),
  amount: z.number().int().positive(),
  currency: z.string().length(3),
  expenseIds: z.array(z.string()).min(1).max(50),
});

export async function record(
  groupId: string,
  recordedBy: string,
  input: z.infer<typeof RecordInput>,
): Promise<Settlement> {
  if (input.from === input.to) throw new ValidationError("from and to must be different members");
  const expenses = await Promise.all(input.expenseIds.map((id) => Expense.get(groupId, id)));
  const notOpen = expenses.filter((e) => e.status !== "open");
  if (notOpen.length > 0) {
    throw new ConflictError(`already settled: ${notOpen.map((e) => e.expenseId).join(", ")}`);
  }
  const settlement = await SettlementEntity.create({ ...input, groupId, recordedBy }).go();
  for (const expense of expenses) {
    await Expense.settle(expense, settlement.data.settlementId, recordedBy);
  }
  return settlement.data;
}

export async function list(groupId: string) {
  const result = await SettlementEntity.query.primary({ groupId }).go({ pages: "all", order: "desc" });
  return result.data;
}
""")
        t.write(P("packages/core/src/settlement/settlement.test.ts"), """import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { ConflictError, ValidationError } from "../error";
import * as Expense from "../expense/expense";
import * as Settlement from "./settlement";

async function groupWithExpenses(n: number) {
  const groupId = `test-${ulid()}`;
  const expenses = [];
  for (let i = 0; i < n; i++) {
    expenses.push(
      await Expense.create(groupId, "ana", {
        description: `expense ${i}`,
        amount: 2000,
        currency: "EUR",
        paidBy: "ana",
        splits: [
          { userId: "ana", share: 1000 },
          { userId: "ben", share: 1000 },
        ],
      }),
    );
  }
  return { groupId, expenses };
}

describe("Settlement.record", () => {
  it("records the payment with a ULID id", async () => {
    const { groupId, expenses } = await groupWithExpenses(1);
    const s = await Settlement.record(groupId, "ben", {
      from: "ben",
      to: "ana",
      amount: 1000,
      currency: "EUR",
      expenseIds: [expenses[0].expenseId],
    });
    expect(s.settlementId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await Settlement.list(groupId)).toHaveLength(1);
  });

  it("marks the covered expenses settled", async () => {
    const { groupId, expenses } = await groupWithExpenses(2);
    const s = await Settlement.record(groupId, "ben", {
      from: "ben",
      to: "ana",
      amount: 2000,
      currency: "EUR",
      expenseIds: expenses.map((e) => e.expenseId),
    });
    for (const e of expenses) {
      expect(await Expense.get(groupId, e.expenseId)).toMatchObject({
        status: "settled",
        settlementId: s.settlementId,
        settledBy: "ben",
      });
    }
    expect(await Expense.list(groupId, "open")).toEqual([]);
  });

  it("refuses expenses that are already settled", async () => {
    const { groupId, expenses } = await groupWithExpenses(1);
    const body = { from: "ben", to: "ana", amount: 1000, currency: "EUR", expenseIds: [expenses[0].expenseId] };
    await Settlement.record(groupId, "ben", body);
    await expect(Settlement.record(groupId, "ben", body)).rejects.toBeInstanceOf(ConflictError);
  });

  it("refuses a payment to yourself", async () => {
    const { groupId, expenses } = await groupWithExpenses(1);
    await expect(
      Settlement.record(groupId, "ana", {
        from: "ana",
        to: "ana",
        amount: 1000,
        currency: "EUR",
        expenseIds: [expenses[0].expenseId],
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
""")
        t.write(P("packages/functions/src/api/settlements/create.ts"), """import * as Member from "@tally/core/member/member";
import * as Settlement from "@tally/core/settlement/settlement";
import { body, json, route, userId } from "../../http";

export const handler = route(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  const me = userId(event);
  await Member.assertMember(groupId, me);
  const input = Settlement.RecordInput.parse(body(event));
  await Promise.all([Member.assertMember(groupId, input.from), Member.assertMember(groupId, input.to)]);
  return json(201, await Settlement.record(groupId, me, input));
});
""")
        t.read(P("packages/functions/src/http.ts"))
        t.edit(P("packages/functions/src/http.ts"),
               'import { ForbiddenError, NotFoundError, ValidationError } from "@tally/core/error";',
               'import {\n  ConflictError,\n  ForbiddenError,\n  NotFoundError,\n  ValidationError,\n} from "@tally/core/error";')
        t.edit(P("packages/functions/src/http.ts"), """      if (err instanceof ForbiddenError) return json(403, { message: err.message });
""", """      if (err instanceof ForbiddenError) return json(403, { message: err.message });
      if (err instanceof ConflictError) return json(409, { message: err.message });
""")
        t.read(P("infra/api.ts"))
        t.edit(P("infra/api.ts"), """api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",
  { handler: "packages/functions/src/api/expenses/delete.handler", link: [table, bus] },
  auth,
);
""", """api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",
  { handler: "packages/functions/src/api/expenses/delete.handler", link: [table, bus] },
  auth,
);

// settlements
api.route(
  "POST /groups/{groupId}/settlements",
  { handler: "packages/functions/src/api/settlements/create.handler", link: [table, bus] },
  auth,
);
""")
        TESTS["src/settlement/settlement.test.ts"] = [4, True]
        err = composite_err(["createdAt"], ["byStatus"])
        ln, col = line_col(d, EXP, '.go({ response: "all_new" });', "go(")
        ln2, col2 = line_col(d, SET, "await Expense.settle(expense", "Expense.settle")
        test_src = d.files[P("packages/core/src/settlement/settlement.test.ts")].split("\n")
        rec_lines = [k + 1 for k, l in enumerate(test_src) if "await Settlement.record(groupId, \"ben\"" in l]
        blocks = []
        names = ["records the payment with a ULID id", "marks the covered expenses settled"]
        for i, (nm, tl) in enumerate(zip(names, rec_lines[:2]), 1):
            tcol = test_src[tl - 1].index("Settlement.record") + len("Settlement.") + 1
            blocks.append(f""" FAIL  src/settlement/settlement.test.ts > Settlement.record > {nm}
ElectroError: {err}
{edb_stack()}
 ❯ Module.settle src/expense/expense.ts:{ln}:{col}
{vt_frame(d, EXP, ln, col)}
 ❯ Module.record src/settlement/settlement.ts:{ln2}:{col2 + 7}
 ❯ src/settlement/settlement.test.ts:{tl}:{tcol}

{frame_end(i, 2)}
""")
        t.fail("pnpm --filter @tally/core test src/settlement src/expense", "Run the settlement and expense tests",
               core_test_hdr("src/settlement src/expense") + "\n" + vt_head() +
               vt_line("src/expense/expense.test.ts") + f"""
 ❯ src/settlement/settlement.test.ts (4 tests | 2 failed) {ms(1500, 2600)}ms
   × Settlement.record > records the payment with a ULID id {ms(180, 420)}ms
     → {err}
   × Settlement.record > marks the covered expenses settled {ms(300, 600)}ms
     → {err}
   ✓ Settlement.record > refuses expenses that are already settled {ms(200, 500)}ms
   ✓ Settlement.record > refuses a payment to yourself {ms(150, 300)}ms

{failed_tests_hdr(2)}

""" + "\n".join(blocks) + "\n" + vt_summary(d, 1, 2, 2, 11) + "\n✕  exit status 1\n" +
               pnpm_filter_fail("src/settlement src/expense"))
        t.say("ElectroDB refuses the patch: `status` is part of the `byStatus` sort key (gsi1: `status`, `createdAt`), "
              "so changing it means rewriting `gsi1sk`, and it can't build that key without `createdAt`. "
              "`createdAt` is readOnly, so it can't go in `.set()` — the error points at `.composite()`, which "
              "supplies it for key formatting only. `settle()` already has the full expense, so I'll pass it from "
              "there.")
        t.edit(P(EXP), """    .set({ status: "settled", settlementId, settledBy, settledAt: Date.now() })
    .go({ response: "all_new" });""", """    .set({ status: "settled", settlementId, settledBy, settledAt: Date.now() })
    // status is in the byStatus sort key; ElectroDB needs createdAt to rebuild gsi1sk
    .composite({ createdAt: expense.createdAt })
    .go({ response: "all_new" });""")
        t.bash("pnpm --filter @tally/core test src/settlement src/expense", "Re-run the settlement and expense tests",
               out=core_ok(d, "src/settlement src/expense",
                           only=["src/expense/expense.test.ts", "src/settlement/settlement.test.ts"]))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""`POST /groups/{groupId}/settlements` is in.

- **`settlement/settlement.ts`** — new `settlement` entity (`groupId` / `settlementId`, a ULID from `ulid()`, so they sort by time), `RecordInput` zod schema (`from`, `to`, `amount`, `currency`, `expenseIds` 1–50). `record()` loads every listed expense (404 if one doesn't exist), refuses if any is already settled (409, lists the ids) or if `from === to` (400), writes the settlement, then settles each expense.
- **`expense.ts`** — `settlementId`, `settledBy`, `settledAt` attributes and `settle(expense, settlementId, settledBy)`: patches the expense to `settled` and publishes `expense.settled` (new event in `expense/events.ts`, carries the settlementId).
- **handler** `api/settlements/create.ts` + route in `infra/api.ts` (`[table, bus]`); it checks that the caller, `from` and `to` are all members. `route()` now maps `ConflictError` → 409.
- **tests** — `settlement.test.ts`: ULID id, expenses end up settled and drop out of the open list, double settlement → `ConflictError`, self-payment → `ValidationError`.

The first run failed with ElectroDB's "Incomplete composite attributes … "createdAt" … "byStatus"": changing `status` rewrites the byStatus sort key, which also contains `createdAt`. Since `createdAt` is readOnly, `settle()` now passes it with `.composite({ createdAt: expense.createdAt })`. Tests and typecheck are green.

Not done: the amount isn't checked against the expenses' shares — a partial payment is allowed. Say if you want that enforced.""")

        t = d.task("and the settle-up screen: GET /groups/{groupId}/settle-up should suggest the fewest transfers "
                   "that clear everyone's balance, per currency. put the algorithm in core next to balances, with "
                   "tests", tags=["oneoff:O1"])
        t.read(P(BAL))
        SU = "packages/core/src/balance/settle-up.ts"
        t.write(P(SU), """import type { Balance } from "./balance";

export type Transfer = { from: string; to: string; amount: number; currency: string };

type Side = { userId: string; left: number };

/**
 * Suggests transfers that bring every balance to zero, per currency. Greedy: the current debtor pays
 * the current creditor as much as both allow, so every transfer clears at least one side and the
 * result has at most (members - 1) transfers.
 */
export function suggestTransfers(balances: Balance[]): Transfer[] {
  const transfers: Transfer[] = [];
  for (const currency of new Set(balances.map((b) => b.currency))) {
    const rows = balances.filter((b) => b.currency === currency);
    const debtors: Side[] = rows.filter((b) => b.net < 0).map((b) => ({ userId: b.userId, left: -b.net }));
    const creditors: Side[] = rows.filter((b) => b.net > 0).map((b) => ({ userId: b.userId, left: b.net }));
    let i = 0;
    let j = 0;
    while (i < debtors.length && j < creditors.length) {
      const amount = Math.min(debtors[i].left, creditors[j].left);
      transfers.push({ from: debtors[i].userId, to: creditors[j].userId, amount, currency });
      debtors[i].left -= amount;
      creditors[j].left -= amount;
      if (debtors[i].left === 0) i++;
      if (creditors[j].left === 0) j++;
    }
  }
  return transfers;
}
""")
        SUT = "packages/core/src/balance/settle-up.test.ts"
        t.write(P(SUT), """import { describe, expect, it } from "vitest";
import type { Balance } from "./balance";
import { suggestTransfers } from "./settle-up";

const b = (userId: string, net: number, currency = "EUR"): Balance => ({
  userId,
  displayName: userId,
  currency,
  net,
});

describe("suggestTransfers", () => {
  it("returns nothing when everyone is square", () => {
    expect(suggestTransfers([b("alex", 0), b("ben", 0)])).toEqual([]);
  });

  it("lets one debtor pay two creditors", () => {
    expect(suggestTransfers([b("alex", 3000), b("ben", 2000), b("chloe", -5000)])).toEqual([
      { from: "chloe", to: "alex", amount: 3000, currency: "EUR" },
      { from: "chloe", to: "ben", amount: 2000, currency: "EUR" },
    ]);
  });

  it("pairs matching amounts so two transfers are enough", () => {
    const transfers = suggestTransfers([b("alex", 3000), b("ben", 2000), b("dana", -2000), b("chloe", -3000)]);
    expect(transfers).toHaveLength(2);
    expect(transfers).toContainEqual({ from: "chloe", to: "alex", amount: 3000, currency: "EUR" });
    expect(transfers).toContainEqual({ from: "dana", to: "ben", amount: 2000, currency: "EUR" });
  });

  it("never mixes currencies", () => {
    const transfers = suggestTransfers([
      b("alex", 1000),
      b("ben", -1000),
      b("alex", -500, "GBP"),
      b("ben", 500, "GBP"),
    ]);
    expect(transfers).toEqual([
      { from: "ben", to: "alex", amount: 1000, currency: "EUR" },
      { from: "alex", to: "ben", amount: 500, currency: "GBP" },
    ]);
  });
});
""")
        t.write(P("packages/functions/src/api/groups/settle-up.ts"), """import * as Balance from "@tally/core/balance/balance";
import { suggestTransfers } from "@tally/core/balance/settle-up";
import * as Member from "@tally/core/member/member";
import { json, route, userId } from "../../http";

export const handler = route(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  await Member.assertMember(groupId, userId(event));
  return json(200, { transfers: suggestTransfers(await Balance.forGroup(groupId)) });
});
""")
        t.edit(P("infra/api.ts"), """api.route(
  "POST /groups/{groupId}/members",""", """api.route(
  "GET /groups/{groupId}/settle-up",
  { handler: "packages/functions/src/api/groups/settle-up.handler", link: [table] },
  auth,
);
api.route(
  "POST /groups/{groupId}/members",""")
        TESTS["src/balance/settle-up.test.ts"] = [4, False]
        tl, _ = line_col(d, SUT, "expect(transfers).toHaveLength(2);")
        t.fail("pnpm --filter @tally/core test src/balance", "Run the balance and settle-up tests",
               core_test_hdr("src/balance") + "\n" + vt_head() + f""" ❯ src/balance/settle-up.test.ts (4 tests | 1 failed) {ms(4, 9)}ms
   ✓ suggestTransfers > returns nothing when everyone is square 1ms
   ✓ suggestTransfers > lets one debtor pay two creditors 1ms
   × suggestTransfers > pairs matching amounts so two transfers are enough 4ms
     → expected [ {{ from: 'dana', to: 'alex', …(2) }}, …(2) ] to have a length of 2 but got 3
   ✓ suggestTransfers > never mixes currencies 0ms
{vt_line("src/balance/balance.test.ts")}

{failed_tests_hdr(1)}

 FAIL  src/balance/settle-up.test.ts > suggestTransfers > pairs matching amounts so two transfers are enough
AssertionError: expected [ {{ from: 'dana', to: 'alex', …(2) }}, …(2) ] to have a length of 2 but got 3

- Expected
+ Received

- 2
+ 3

 ❯ src/balance/settle-up.test.ts:{tl}:23
{vt_frame(d, SUT, tl, 23)}

{frame_end(1, 1)}

""" + vt_summary(d, 1, 2, 1, 9) + "\n✕  exit status 1\n" + pnpm_filter_fail("src/balance"))
        t.say("The greedy walk takes debtors in input order, so dana (−20) pays alex first, leaving 10 on alex that "
              "chloe has to split across two transfers. Matching the biggest amounts first avoids that (and pairs "
              "equal amounts directly): sort both sides by amount, descending, before the walk.")
        t.edit(P(SU), """    const debtors: Side[] = rows.filter((b) => b.net < 0).map((b) => ({ userId: b.userId, left: -b.net }));
    const creditors: Side[] = rows.filter((b) => b.net > 0).map((b) => ({ userId: b.userId, left: b.net }));""",
               """    // Biggest amounts first: equal debts and credits get paired directly instead of being split.
    const byAmount = (a: Side, b: Side) => b.left - a.left || a.userId.localeCompare(b.userId);
    const debtors: Side[] = rows
      .filter((b) => b.net < 0)
      .map((b) => ({ userId: b.userId, left: -b.net }))
      .sort(byAmount);
    const creditors: Side[] = rows
      .filter((b) => b.net > 0)
      .map((b) => ({ userId: b.userId, left: b.net }))
      .sort(byAmount);""")
        t.edit(P(SU), """ * Suggests transfers that bring every balance to zero, per currency. Greedy: the current debtor pays
 * the current creditor as much as both allow, so every transfer clears at least one side and the
 * result has at most (members - 1) transfers.""", """ * Suggests transfers that bring every balance to zero, per currency. Greedy over both sides sorted by
 * amount: the biggest debtor pays the biggest creditor as much as both allow, so every transfer clears at
 * least one side (at most members - 1 transfers) and matching amounts become a single transfer. Not a
 * guaranteed minimum (that's NP-hard), but it's what Splitwise-style apps do and it's stable.""")
        t.bash("pnpm --filter @tally/core test src/balance", "Re-run the balance and settle-up tests",
               out=core_ok(d, "src/balance", only=["src/balance/settle-up.test.ts", "src/balance/balance.test.ts"]))
        t.done("""`GET /groups/{groupId}/settle-up` returns `{ transfers: [{ from, to, amount, currency }] }`.

- **`balance/settle-up.ts`** — `suggestTransfers(balances)`: per currency, debtors and creditors sorted by amount (largest first), then a greedy walk where each transfer clears at least one side. That gives at most members − 1 transfers and pairs equal amounts directly.
- **handler** `api/groups/settle-up.ts` (membership check → `Balance.forGroup` → suggestions) + its own route in `infra/api.ts`.
- **tests** — `settle-up.test.ts`: all square, one debtor → two creditors, the matching-amounts case, currencies kept apart.

The first version walked debtors in input order and produced 3 transfers where 2 were enough (the matching-amounts test caught it); sorting both sides fixed that. All balance tests pass now.

Caveat: "fewest transfers" in general is NP-hard; this greedy is what most split apps ship and is optimal for the usual 2–6 person groups, but it can be one transfer off in contrived cases.""")

        t = d.task("unrelated, while I think about the activity feed: would you move it off the EventBridge "
                   "subscriber and onto DynamoDB streams? pros and cons in a few lines", tags=["noise", "no_tools"])
        t.done("""I'd keep it on EventBridge.

**For streams:** every write shows up, including ones that don't go through `Expense.create` (scripts, backfills, console edits); ordering per item key; no publish call that can fail after the write.

**Against streams:**
- you'd be reverse-engineering intent from item images (`expense.settled` = an `expense` item whose `status` went open → settled), across every entity in one single-table stream — the subscriber turns into a big filter on `__edb_e__` and old/new images;
- one stream consumer per shard, 24 h retention, and Lambda's batch/bisect semantics to handle poison records; EventBridge gives you a rule per consumer and retries + DLQ per target;
- backfills and migrations would spam the feed unless you filter them out.

**The real gap with EventBridge** is the dual write (item saved, publish fails → no feed entry). If that bites, the cheaper fix is an outbox: write the event item in the same transaction and have a stream consumer publish *only those* to the bus. Feed logic stays on domain events, and nothing gets lost.""")

    # ============================================================ S3  Mon 09-07
    with d.session("2026-09-07T08:40:00", R, branch="feat/receipts", version="2.1.107"):
        t = d.task("receipts: people want to attach a photo of the receipt to an expense. new private S3 bucket "
                   "Receipts, POST /groups/{groupId}/expenses/{expenseId}/receipt returns a presigned PUT url (jpeg, "
                   "png or heic, max 10 MB) and stores the object key on the expense. errors from this new endpoint "
                   "as application/problem+json — Jonas is moving the app over to problem details; leave the old "
                   "endpoints alone for now", tags=["mistake:M3", "pref:P2"])
        t.read(P("infra/storage.ts"))
        t.read(P("infra/api.ts"))
        t.read(P(EXP))
        t.read(P("packages/functions/src/http.ts"))
        t.edit(P("infra/storage.ts"), """      args.pointInTimeRecovery = { enabled: $app.stage === "production" };
    },
  },
});
""", """      args.pointInTimeRecovery = { enabled: $app.stage === "production" };
    },
  },
});

/** Receipt photos, uploaded by the app straight to S3 with presigned PUT urls. Private. */
export const receipts = new sst.aws.Bucket("Receipts", {
  cors: {
    allowMethods: ["PUT"],
    allowOrigins: ["*"],
    allowHeaders: ["content-type", "content-length"],
  },
});
""")
        t.edit(P("infra/api.ts"), 'import { table } from "./storage";', 'import { receipts, table } from "./storage";')
        t.edit(P("infra/api.ts"), """api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",""", """api.route(
  "POST /groups/{groupId}/expenses/{expenseId}/receipt",
  { handler: "packages/functions/src/api/expenses/receipt.handler", link: [table, receipts] },
  auth,
);
api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",""")
        t.bash("pnpm --filter @tally/core add @aws-sdk/client-s3 @aws-sdk/s3-request-presigner",
               "Add the S3 client and presigner to core", out=f""".                                        |  +14 ++
Progress: resolved 412, reused 398, downloaded 14, added 14, done

dependencies:
+ @aws-sdk/client-s3 3.883.0
+ @aws-sdk/s3-request-presigner 3.883.0

Done in 3.4s using pnpm v10.15.1""")
        d.files[P("packages/core/package.json")] = d.files[P("packages/core/package.json")].replace(
            '    "@aws-sdk/client-dynamodb": "^3.879.0",\n',
            '    "@aws-sdk/client-dynamodb": "^3.879.0",\n    "@aws-sdk/client-s3": "^3.883.0",\n'
            '    "@aws-sdk/s3-request-presigner": "^3.883.0",\n')
        t.edit(P(EXP), """      settledAt: { type: "number" },
""", """      settledAt: { type: "number" },
      receiptKey: { type: "string" },
""")
        t.edit(P(EXP), """export async function remove(""", """export async function attachReceipt(expense: Expense, receiptKey: string) {
  const result = await ExpenseEntity.patch({ groupId: expense.groupId, expenseId: expense.expenseId })
    .set({ receiptKey })
    .go({ response: "all_new" });
  return result.data;
}

export async function remove(""")
        RC = "packages/core/src/receipt/receipt.ts"
        t.write(P(RC), """import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { Resource } from "sst";
import { ValidationError } from "../error";
import * as Expense from "../expense/expense";

const s3 = new S3Client({});

export const CONTENT_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/heic": "heic" } as const;
export const MAX_BYTES = 10 * 1024 * 1024;
const EXPIRES_IN = 300;

export async function uploadUrl(input: {
  groupId: string;
  expenseId: string;
  contentType: string;
  contentLength: number;
}) {
  const ext = CONTENT_TYPES[input.contentType as keyof typeof CONTENT_TYPES];
  if (!ext) throw new ValidationError(`unsupported content type ${input.contentType}`);
  if (input.contentLength > MAX_BYTES) throw new ValidationError("receipt images are limited to 10 MB");
  const expense = await Expense.get(input.groupId, input.expenseId);
  const key = `receipts/${expense.groupId}/${expense.expenseId}.${ext}`;
  // ContentType and ContentLength are signed, so S3 rejects an upload that doesn't match them.
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({
      Bucket: Resource.Receipts.name,
      Key: key,
      ContentType: input.contentType,
      ContentLength: input.contentLength,
    }),
    { expiresIn: EXPIRES_IN },
  );
  await Expense.attachReceipt(expense, key);
  return { url, key, expiresIn: EXPIRES_IN };
}
""")
        t.write(P("packages/core/src/receipt/receipt.test.ts"), """import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../error";
import * as Expense from "../expense/expense";
import { MAX_BYTES, uploadUrl } from "./receipt";

const input = { groupId: "g", expenseId: "e", contentType: "image/jpeg", contentLength: 1000 };

describe("uploadUrl", () => {
  it("rejects content types other than jpeg, png and heic", async () => {
    await expect(uploadUrl({ ...input, contentType: "image/gif" })).rejects.toBeInstanceOf(ValidationError);
  });

  it("rejects images over 10 MB", async () => {
    await expect(uploadUrl({ ...input, contentLength: MAX_BYTES + 1 })).rejects.toBeInstanceOf(ValidationError);
  });

  it("presigns a PUT for the receipts bucket and stores the key on the expense", async () => {
    const groupId = `test-${ulid()}`;
    const expense = await Expense.create(groupId, "ana", {
      description: "Taxi",
      amount: 1800,
      currency: "EUR",
      paidBy: "ana",
      splits: [{ userId: "ana", share: 1800 }],
    });
    const res = await uploadUrl({ ...input, groupId, expenseId: expense.expenseId });
    expect(res.key).toBe(`receipts/${groupId}/${expense.expenseId}.jpg`);
    expect(new URL(res.url).searchParams.get("X-Amz-Expires")).toBe("300");
    expect((await Expense.get(groupId, expense.expenseId)).receiptKey).toBe(res.key);
  });
});
""")
        t.edit(P("packages/functions/src/http.ts"), """export const userId = (event: ApiEvent)""", """/** RFC 9457 problem details, for the endpoints the app reads as application/problem+json. */
export const problem = (status: number, title: string, detail?: string): APIGatewayProxyResultV2 => ({
  statusCode: status,
  headers: { "content-type": "application/problem+json" },
  body: JSON.stringify({ type: "about:blank", title, status, ...(detail ? { detail } : {}) }),
});

export const userId = (event: ApiEvent)""")
        RH = "packages/functions/src/api/expenses/receipt.ts"
        t.write(P(RH), """import * as Member from "@tally/core/member/member";
import * as Receipt from "@tally/core/receipt/receipt";
import type { APIGatewayProxyResultV2 } from "aws-lambda";
import { z } from "zod";
import { type ApiEvent, body, json, problem, userId } from "../../http";

const Input = z.object({
  contentType: z.string(),
  contentLength: z.number().int().positive(),
});

export const handler = async (event: ApiEvent): Promise<APIGatewayProxyResultV2> => {
  const groupId = event.pathParameters?.groupId ?? "";
  const expenseId = event.pathParameters?.expenseId ?? "";
  try {
    await Member.assertMember(groupId, userId(event));
    const input = Input.parse(body(event));
    return json(200, await Receipt.uploadUrl({ groupId, expenseId, ...input }));
  } catch (err: any) {
    switch (err?.name) {
      case "ZodError":
        return problem(400, "Invalid request", err.message);
      case "ValidationError":
        return problem(400, "Invalid receipt", err.message);
      case "ForbiddenError":
        return problem(403, "Forbidden", err.message);
      case "NotFoundError":
        return problem(404, "Expense not found", err.message);
      default:
        console.error(err);
        return problem(500, "Internal Server Error");
    }
  }
};
""")
        TESTS["src/receipt/receipt.test.ts"] = [3, True]
        ln, col = line_col(d, RC, "Bucket: Resource.Receipts.name,", "Receipts.name")
        tl, tc = line_col(d, "packages/core/src/receipt/receipt.test.ts", "const res = await uploadUrl(", "uploadUrl(")
        order = sorted([p for p in TESTS if p != "src/receipt/receipt.test.ts"], key=lambda p: (TESTS[p][1], HX.random()))
        t.fail("pnpm test", "Run the core test suite",
               root_test_hdr() + "\n" + core_test_hdr() + "\n" + vt_head() +
               "\n".join(vt_line(p) for p in order[:5]) + f"""
 ❯ src/receipt/receipt.test.ts (3 tests | 1 failed) {ms(700, 1100)}ms
   ✓ uploadUrl > rejects content types other than jpeg, png and heic 2ms
   ✓ uploadUrl > rejects images over 10 MB 0ms
   × uploadUrl > presigns a PUT for the receipts bucket and stores the key on the expense {ms(250, 600)}ms
     → {not_linked("Receipts")}
""" + "\n".join(vt_line(p) for p in order[5:]) + f"""

{failed_tests_hdr(1)}

 FAIL  src/receipt/receipt.test.ts > uploadUrl > presigns a PUT for the receipts bucket and stores the key on the expense
Error: {not_linked("Receipts")}
 ❯ Object.get {SST_RES}:74:11
 ❯ Module.uploadUrl src/receipt/receipt.ts:{ln}:{col}
{vt_frame(d, RC, ln, col)}
 ❯ src/receipt/receipt.test.ts:{tl}:{tc}

{frame_end(1, 1)}

""" + vt_summary(d, 1, len(TESTS), 1, sum(v[0] for v in TESTS.values())) + "\n✕  exit status 1\n" +
               pnpm_filter_fail("") + "\n ELIFECYCLE  Test failed. See above for more details.")
        t.say("The route does link `receipts` (infra/api.ts), and the test process isn't a Lambda anyway. `sst "
              "shell` fills `Resource` from what is deployed on the stage, and the `ethan` stage was deployed "
              "before the bucket existed in the config. Deploying the personal stage creates it.")
        t.bash("pnpm sst deploy --stage ethan", "Deploy the personal stage so the Receipts bucket exists",
               timeout=600000,
               out=sst_deploy_ok("ethan", [
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsBucket aws:s3:BucketV2", 2.1),
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsPublicAccessBlock aws:s3:BucketPublicAccessBlock", 0.8),
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsCors aws:s3:BucketCorsConfigurationV2", 0.9),
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsPolicy aws:s3:BucketPolicy", 1.3),
                   ("Created", "Receipts sst:aws:Bucket", None),
               ] + new_route_events("POST /groups/{groupId}/expenses/{expenseId}/receipt")
                 + new_route_events("POST /groups/{groupId}/settlements")
                 + new_route_events("GET /groups/{groupId}/settle-up")
                 + updated_fn_events(["POST /groups/{groupId}/expenses", "GET /groups/{groupId}/expenses",
                                      "GET /groups/{groupId}/expenses/{expenseId}",
                                      "DELETE /groups/{groupId}/expenses/{expenseId}",
                                      "GET /groups/{groupId}/balances"]), ETHAN_API))
        t.bash("pnpm test", "Re-run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Receipt uploads are in.

- **`infra/storage.ts`** — `Receipts` bucket (private; CORS allows `PUT` from the app with `content-type`/`content-length`).
- **route** `POST /groups/{groupId}/expenses/{expenseId}/receipt` → `api/expenses/receipt.ts`, linked to `[table, receipts]`.
- **`core/receipt/receipt.ts`** — `uploadUrl()`: allows `image/jpeg`, `image/png`, `image/heic`, max 10 MB; key `receipts/<groupId>/<expenseId>.<ext>`; presigned `PutObject` valid 5 minutes with `ContentType` and `ContentLength` signed, so S3 rejects an upload that doesn't match what was announced. Stores the key as `receiptKey` on the expense.
- **errors** — this handler answers errors as `application/problem+json` via a new `problem(status, title, detail)` helper in `http.ts` (`type: "about:blank"`, `title`, `status`, `detail`): 400 invalid body/type/size, 403 not a member, 404 unknown expense, 500 otherwise. The other endpoints are unchanged.
- **tests** — `receipt.test.ts`: type and size rejected, and a presign + stored key against the real bucket.

The first test run failed with `"Receipts" is not linked in your sst.config.ts`: the link was there, but `sst shell` takes its links from the deployed stage and `ethan` didn't have the bucket yet. After `pnpm sst deploy --stage ethan` (which also brought the settlement and settle-up functions onto your stage), the suite and typecheck are green.

Request body: `{ "contentType": "image/jpeg", "contentLength": 482113 }` → `{ url, key, expiresIn: 300 }`; the app then PUTs the bytes to `url` with the same two headers.""")

        t = d.task("before I start on invites next week: can we rely on DynamoDB TTL to expire invites after 7 days, "
                   "or do we still have to check the expiry ourselves? check the docs", tags=["noise", "webfetch"])
        t.webfetch("https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/howitworks-ttl.html",
                   "How soon after expiry does TTL delete items, are expired items still returned by reads and "
                   "queries, what format must the TTL attribute have, and does TTL deletion cost write capacity?",
                   """Time to Live (TTL) lets you define a per-item timestamp after which the item is no longer needed. Shortly after the timestamp passes, DynamoDB deletes the item from the table without consuming write throughput.

- The TTL attribute must be a Number containing a Unix epoch timestamp in seconds. Items whose TTL attribute is missing, isn't a Number, or is more than five years in the past are not deleted.
- Deletion is a background process. Expired items are typically deleted within a few days of their expiration time; the exact time depends on the size and activity of the table.
- Items that have expired but haven't been deleted yet still appear in reads, queries, and scans. If you don't want expired items in results, filter them out (for example with a filter expression comparing the TTL attribute to the current time).
- Deletions appear in DynamoDB Streams as service deletions (userIdentity principalId "dynamodb.amazonaws.com"), and are also removed from local and global secondary indexes.
- A table has one TTL attribute name; enabling or changing it can take up to one hour to take effect.""")
        t.done("""Short answer: use TTL only for cleanup — we have to check the expiry ourselves.

- **Timing:** TTL deletion is a background job; AWS only says expired items are "typically deleted within a few days". A 7-day invite could still be accepted on day 9.
- **Reads:** expired-but-not-deleted items still show up in `get`, queries and scans (including GSIs), so "my pending invites" would list dead ones unless we filter.
- **Format:** the TTL attribute must be a Number in **epoch seconds** (our timestamps are ms), and there's only one TTL attribute name per table — in the single table it should be a generic name (e.g. `expireAt`) that any entity can set.
- **Cost:** TTL deletes are free (no write capacity), they also remove the GSI entries, and they show up in streams as service deletions if we ever consume those.

So for invites: store `expiresAt` (ms) for the logic — reject accepts after it and filter it in the "pending for me" query (e.g. `expiresAt > now` on the index sort key) — and set `expireAt` (seconds, maybe with some grace for audit) so DynamoDB eventually clears them. Enabling TTL is one line on the table in `infra/storage.ts` (`ttl: "expireAt"`).""")

        t = d.task("ok ship receipts: lint, typecheck, tests, push, PR. mention the new bucket in the PR",
                   tags=["workflow:W1", "oneoff:O2"])
        t.bash("git status --short", "Show changed files", out=""" M infra/api.ts
 M infra/storage.ts
 M packages/core/package.json
 M packages/core/src/expense/expense.ts
 M packages/functions/src/http.ts
 M pnpm-lock.yaml
?? packages/core/src/receipt/
?? packages/functions/src/api/expenses/receipt.ts""")
        NFILES[0] += 3 + 4 + 2
        ln, col = line_col(d, RH, "} catch (err: any) {", "any")
        src = d.files[P(RH)].split("\n")
        frame = "\n".join(
            (f"  > {n:>2} │ {src[n - 1]}" if n == ln else f"    {n:>2} │ {src[n - 1]}".rstrip())
            + (("\n       │ " + " " * (col - 1) + "^^^") if n == ln else "")
            for n in range(ln - 2, ln + 3))
        t.fail("pnpm lint", "Run biome", pnpm_hdr("tally-api", "lint", "biome check .", R) + f"""
packages/functions/src/api/expenses/receipt.ts:{ln}:{col} lint/suspicious/noExplicitAny ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ✖ Unexpected any. Specify a different type.
  
{frame}
  
  ℹ any disables many type checking rules. Its presence is most likely an indication that the type is not known. Consider replacing it with a more specific type (e.g. unknown) if possible.
  

Checked {NFILES[0]} files in {ms(35, 60)}ms. No fixes applied.
Found 1 error.
check ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ✖ Some errors were emitted while running checks.
  

 ELIFECYCLE  Command failed with exit code 1.""")
        t.say("biome flags the `catch (err: any)` I wrote in the receipt handler. Narrowing with `instanceof "
              "Error` keeps the same switch without `any`.")
        t.read(P(RH))
        t.edit(P(RH), """  } catch (err: any) {
    switch (err?.name) {
      case "ZodError":
        return problem(400, "Invalid request", err.message);
      case "ValidationError":
        return problem(400, "Invalid receipt", err.message);
      case "ForbiddenError":
        return problem(403, "Forbidden", err.message);
      case "NotFoundError":
        return problem(404, "Expense not found", err.message);""", """  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    const message = err instanceof Error ? err.message : undefined;
    switch (name) {
      case "ZodError":
        return problem(400, "Invalid request", message);
      case "ValidationError":
        return problem(400, "Invalid receipt", message);
      case "ForbiddenError":
        return problem(403, "Forbidden", message);
      case "NotFoundError":
        return problem(404, "Expense not found", message);""")
        t.bash("pnpm lint", "Re-run biome", out=lint_ok())
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        s2 = sha()
        t.bash('git add -A && git commit -m "feat(receipts): presigned receipt uploads" -m "New private Receipts '
               'bucket; POST /groups/{groupId}/expenses/{expenseId}/receipt returns a presigned PUT and stores the '
               'key on the expense. Errors as application/problem+json."', "Commit",
               out=f"""[feat/receipts {s2}] feat(receipts): presigned receipt uploads
 8 files changed, 214 insertions(+), 3 deletions(-)
 create mode 100644 packages/core/src/receipt/receipt.test.ts
 create mode 100644 packages/core/src/receipt/receipt.ts
 create mode 100644 packages/functions/src/api/expenses/receipt.ts""")
        t.bash("git push -u origin feat/receipts", "Push the branch", err=push_new("feat/receipts"))
        t.bash("gh pr create --base main --title \"feat(receipts): presigned receipt uploads\" --body \"$(cat <<'EOF'\n"
               "## What\n\nUsers can attach a receipt photo to an expense. The app asks the API for a presigned URL "
               "and uploads straight to S3.\n\n## Infra\n\n- **New bucket `Receipts`** (`sst.aws.Bucket`, private, "
               "CORS: `PUT` with `content-type` / `content-length`). Created on the next deploy of each stage; "
               "nothing to do by hand.\n- New route `POST /groups/{groupId}/expenses/{expenseId}/receipt`, linked to "
               "the table and the bucket.\n\n## Behaviour\n\n- Body `{ contentType, contentLength }`; jpeg/png/heic "
               "only, max 10 MB\n- Returns `{ url, key, expiresIn: 300 }`; type and length are part of the signature\n"
               "- Key `receipts/<groupId>/<expenseId>.<ext>` is stored as `receiptKey` on the expense\n- Errors are "
               "`application/problem+json` (new `problem()` helper in `http.ts`); the existing endpoints keep their "
               "JSON errors for now\n\n## Testing\n\n- `pnpm lint`, `pnpm typecheck`: clean\n- `pnpm test`: all green "
               "incl. new `receipt.test.ts` (presign against the real bucket on my stage)\nEOF\n)\"",
               "Open the PR", out=f"https://github.com/{GH}/pull/44", err=pr_err("feat/receipts"))
        t.done(f"""Shipped:
- `pnpm lint` first failed on `noExplicitAny` — the `catch (err: any)` in `api/expenses/receipt.ts`. It now narrows with `err instanceof Error`; lint is clean.
- `pnpm typecheck` clean, `pnpm test` all green
- committed `{s2}`, pushed `feat/receipts`
- PR #44 (calls out the new `Receipts` bucket under "Infra"): https://github.com/{GH}/pull/44""")

    # ============================================================ S4  Wed 09-09
    with d.session("2026-09-09T13:10:00", R, branch="main", version="2.1.108", end_reason="other"):
        t = d.task("#41, #42 and #44 are merged, plus Chidi's #43 (digest copy tweaks). deploy main to staging and "
                   "smoke test it", tags=["workflow:W2", "long_output"])
        a, b = sha(), sha()
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {a}..{b}
Fast-forward
 infra/api.ts                                       |  30 +++
 infra/storage.ts                                   |  10 +
 packages/core/package.json                         |   2 +
 packages/core/src/balance/balance.test.ts          |  74 ++++++
 packages/core/src/balance/balance.ts               |  44 ++++
 packages/core/src/balance/settle-up.test.ts        |  49 ++++
 packages/core/src/balance/settle-up.ts             |  44 ++++
 packages/core/src/expense/events.ts                |   9 +
 packages/core/src/expense/expense.ts               |  27 +++
 packages/core/src/notify/digest.test.ts            |   6 +-
 packages/core/src/notify/digest.ts                 |   8 +-
 packages/core/src/receipt/receipt.test.ts          |  36 +++
 packages/core/src/receipt/receipt.ts               |  44 ++++
 packages/core/src/settlement/settlement.test.ts    |  92 +++++++
 packages/core/src/settlement/settlement.ts         |  73 ++++++
 packages/functions/src/api/expenses/receipt.ts     |  39 +++
 packages/functions/src/api/groups/balances.ts      |  10 +
 packages/functions/src/api/groups/settle-up.ts     |  11 +
 packages/functions/src/api/settlements/create.ts   |  14 +
 packages/functions/src/http.ts                     |  17 +-
 pnpm-lock.yaml                                     | 418 ++++++++++++++++++++++++++++++++
 21 files changed, 1054 insertions(+), 9 deletions(-)
 create mode 100644 packages/core/src/balance/balance.test.ts
 create mode 100644 packages/core/src/balance/balance.ts
 create mode 100644 packages/core/src/balance/settle-up.test.ts
 create mode 100644 packages/core/src/balance/settle-up.ts
 create mode 100644 packages/core/src/receipt/receipt.test.ts
 create mode 100644 packages/core/src/receipt/receipt.ts
 create mode 100644 packages/core/src/settlement/settlement.test.ts
 create mode 100644 packages/core/src/settlement/settlement.ts
 create mode 100644 packages/functions/src/api/expenses/receipt.ts
 create mode 100644 packages/functions/src/api/groups/balances.ts
 create mode 100644 packages/functions/src/api/groups/settle-up.ts
 create mode 100644 packages/functions/src/api/settlements/create.ts""")
        new_routes = ["GET /groups/{groupId}/balances", "GET /groups/{groupId}/settle-up",
                      "POST /groups/{groupId}/settlements", "POST /groups/{groupId}/expenses/{expenseId}/receipt"]
        changed = ["POST /groups/{groupId}/expenses", "GET /groups/{groupId}/expenses",
                   "GET /groups/{groupId}/expenses/{expenseId}", "DELETE /groups/{groupId}/expenses/{expenseId}"]
        plan = ([("Created", "Receipts sst:aws:Bucket → ReceiptsBucket aws:s3:BucketV2", None),
                 ("Created", "Receipts sst:aws:Bucket → ReceiptsPublicAccessBlock aws:s3:BucketPublicAccessBlock", None),
                 ("Created", "Receipts sst:aws:Bucket → ReceiptsCors aws:s3:BucketCorsConfigurationV2", None),
                 ("Created", "Receipts sst:aws:Bucket → ReceiptsPolicy aws:s3:BucketPolicy", None),
                 ("Created", "Receipts sst:aws:Bucket", None)] +
                [(x[0], x[1], None) for r in new_routes for x in new_route_events(r)] +
                [("Updated", fn_urn(r), None) for r in changed] +
                [("Updated", "WeeklyDigest sst:aws:Cron → WeeklyDigestHandlerFunction aws:lambda:Function", None)])
        t.bash("pnpm sst diff --stage staging", "Preview what the staging deploy changes", timeout=600000,
               out=sst_diff_out("staging", plan, [
                   ("+", "Receipts sst:aws:Bucket → ReceiptsBucket aws:s3:BucketV2", []),
                   ("+", "Receipts sst:aws:Bucket → ReceiptsCors aws:s3:BucketCorsConfigurationV2", [
                       ("+", "corsRules", '[\n       {\n         "allowedHeaders": [\n           "content-type",\n'
                                          '           "content-length"\n         ],\n         "allowedMethods": [\n'
                                          '           "PUT"\n         ],\n         "allowedOrigins": [\n           "*"\n'
                                          '         ]\n       }\n     ]')]),
               ] + [("+", f"Api sst:aws:ApiGatewayV2 → {ROUTES[r]}Route aws:apigatewayv2:Route",
                     [("+", "routeKey", r)]) for r in new_routes] +
                   [("*", fn_urn(r), [("*", "sourceCodeHash", b62(43) + "=")]) for r in changed] +
                   [("*", "WeeklyDigest sst:aws:Cron → WeeklyDigestHandlerFunction aws:lambda:Function",
                     [("*", "sourceCodeHash", b62(43) + "=")])]))
        t.bash("pnpm sst deploy --stage staging", "Deploy main to staging", timeout=900000,
               out=sst_deploy_ok("staging", [
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsBucket aws:s3:BucketV2", 1.9),
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsPublicAccessBlock aws:s3:BucketPublicAccessBlock", 0.7),
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsCors aws:s3:BucketCorsConfigurationV2", 1.1),
                   ("Created", "Receipts sst:aws:Bucket → ReceiptsPolicy aws:s3:BucketPolicy", 1.6),
                   ("Created", "Receipts sst:aws:Bucket", None)]
                   + [x for r in new_routes for x in new_route_events(r)]
                   + updated_fn_events(changed)
                   + [("Updated", "WeeklyDigest sst:aws:Cron → WeeklyDigestHandlerFunction aws:lambda:Function", 5.8)],
                   STAGING_API))
        t.bash(f"curl -fsS {STAGING_API}/health", "Health check on staging",
               out='{"ok":true,"stage":"staging","version":"dev"}')
        t.bash(f"curl -sS -o /dev/null -w '%{{http_code}}\\n' {STAGING_API}/groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/balances",
               "Check a new route exists and is behind the authorizer", out="401")
        t.done("""Staging is on main (#41–#44).

- `pnpm sst diff --stage staging` showed what I expected: the new `Receipts` bucket (+ CORS, policy, public-access block), four new route functions (balances, settle-up, settlements, receipt) and code updates for the four expense handlers and the weekly digest cron — nothing deleted, nothing replaced.
- `pnpm sst deploy --stage staging` completed; `api: https://api.staging.tally.app`.
- Smoke: `GET /health` → `{"ok":true,"stage":"staging",...}`; `GET /groups/<id>/balances` without a token → `401`, so the new route exists and sits behind the Cognito authorizer.

I didn't exercise the authenticated paths (no staging token here); Jonas's build against staging will be the real test for balances/settle-up and the receipt upload. Also note `version` in `/health` says `dev` — `GIT_SHA` isn't set for the functions, if you want the commit visible there I can wire it through `environment` in the route transform.""")

        t = d.task("Maya wants to see the weekly digest email in a real inbox. render it with some made-up numbers "
                   "and send it to jonas@tally.app from digest@tally.app through SES in the dev account",
                   tags=["unfixed:U1"])
        t.read(P("packages/core/src/notify/digest.ts"))
        t.bash(f"cd {SCRIPTS} && pnpm exec tsx -e 'import {{ renderDigest }} from \"@tally/core/notify/digest\"; "
               "console.log(renderDigest({ displayName: \"Jonas\", groups: [{ name: \"Lisbon trip\", youOwe: 0, "
               "owedToYou: 4350, currency: \"EUR\", newExpenses: 6 }, { name: \"Flat 3B\", youOwe: 12000, owedToYou: "
               "0, currency: \"EUR\", newExpenses: 2 }] }))' > /tmp/digest.html && wc -c /tmp/digest.html",
               "Render the digest HTML with sample data", out="782 /tmp/digest.html")
        t.bash("jq -n --rawfile html /tmp/digest.html '{Simple: {Subject: {Data: \"Your week in Tally\"}, Body: "
               "{Html: {Data: $html}}}}' > /tmp/digest-content.json && head -c 200 /tmp/digest-content.json",
               "Build the SES message content", out="""{
  "Simple": {
    "Subject": {
      "Data": "Your week in Tally"
    },
    "Body": {
      "Html": {
        "Data": "<!doctype html><html><body style=\\"font-family:system-ui,sans-serif\\">\\n<h1>Hi Jonas""")
        t.fail("aws sesv2 send-email --from-email-address digest@tally.app --destination ToAddresses=jonas@tally.app "
               "--content file:///tmp/digest-content.json --profile tally-dev --region eu-west-1",
               "Send the digest through SES",
               "\nAn error occurred (MessageRejected) when calling the SendEmail operation: Email address is not "
               "verified. The following identities failed the check in region EU-WEST-1: jonas@tally.app", code=254)
        t.bash("aws sesv2 get-account --profile tally-dev --region eu-west-1", "Check the SES account status",
               out="""{
    "DedicatedIpAutoWarmupEnabled": false,
    "EnforcementStatus": "HEALTHY",
    "ProductionAccessEnabled": false,
    "SendQuota": {
        "Max24HourSend": 200.0,
        "MaxSendRate": 1.0,
        "SentLast24Hours": 0.0
    },
    "SendingEnabled": true,
    "SuppressionAttributes": {
        "SuppressedReasons": [
            "BOUNCE",
            "COMPLAINT"
        ]
    },
    "Details": {
        "MailType": "TRANSACTIONAL",
        "WebsiteURL": "https://tally.app",
        "ContactLanguage": "EN",
        "UseCaseDescription": "Weekly balance digests and invite emails for Tally users.",
        "AdditionalContactEmailAddresses": [
            "maya@tally.app"
        ],
        "ReviewDetails": {
            "Status": "PENDING",
            "CaseId": "175693482100742"
        }
    }
}""")
        t.bash("aws sesv2 list-email-identities --profile tally-dev --region eu-west-1 --query "
               "'EmailIdentities[].[IdentityName,IdentityType,VerificationStatus]' --output text",
               "List verified SES identities", out="""tally.app\tDOMAIN\tSUCCESS
ethan@tally.app\tEMAIL_ADDRESS\tSUCCESS
chidi@tally.app\tEMAIL_ADDRESS\tSUCCESS""")
        t.done("""Couldn't send it — SES rejected it: `MessageRejected: Email address is not verified … jonas@tally.app`.

The dev account's SES is still in the **sandbox** (`ProductionAccessEnabled: false`; the production-access request is `PENDING`, case 175693482100742, with Maya as contact). In the sandbox SES only delivers to verified recipients; `tally.app` is verified as a sender domain, but the only verified recipient addresses are `ethan@tally.app` and `chidi@tally.app`.

Options:
1. Send it to you (`ethan@tally.app`) and you forward it to Maya — works right now.
2. Verify Jonas's address (`aws sesv2 create-email-identity --email-address jonas@tally.app`); he has to click the link AWS mails him, then the same command works.
3. Wait for production access (AWS usually answers within a day).

I didn't do 1 or 2 without asking. The rendered HTML is in `/tmp/digest.html` and the SES payload in `/tmp/digest-content.json`, so any of them is a single command.""")

        t = d.task("Jonas asks if the API could return amounts as decimal strings like \"12.50\" instead of integer "
                   "cents. give me 3 lines I can paste back to him", tags=["noise", "no_tools"])
        t.done("""We'd rather keep integer minor units: `1250` + `"currency": "EUR"` is exact, and the sums and splits on both sides never hit float rounding.
Decimal strings would also have to carry the currency's precision rules (JPY has 0 decimals, a few have 3), which `Intl.NumberFormat` already handles on your side.
For display, `new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 100)` is what the digest uses — happy to expose the currency's minor-unit count if that helps.""")

    # ============================================================ S5  Mon 09-14
    with d.session("2026-09-14T08:25:00", R, branch="feat/invites", version="2.1.110"):
        t = d.task("invites. POST /groups/{groupId}/invites (owners only) creates an invite for an email address, "
                   "valid 7 days; POST /groups/{groupId}/invites/{inviteId}/accept adds the caller as a member; GET "
                   "/me/invites lists the pending invites for the caller's email (from the token) so the app can show "
                   "them after sign-in. ids: ULIDs please, same as everywhere — I don't want uuid v4 creeping in. TTL "
                   "for cleanup, but check the expiry in code like the docs said. errors as problem+json again",
                   tags=["mistake:M2", "pref:P1"])
        t.read(P("infra/storage.ts"))
        t.read(P("packages/core/src/member/member.ts"))
        t.read(P("packages/core/src/group/group.ts"))
        t.read(P("packages/functions/src/http.ts"))
        t.edit(P("infra/storage.ts"), """  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: {
    gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk" },
    gsi2: { hashKey: "gsi2pk", rangeKey: "gsi2sk" },
  },
  transform: {""", """  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: {
    gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk" },
    gsi2: { hashKey: "gsi2pk", rangeKey: "gsi2sk" },
  },
  // epoch seconds; any entity can set it to have DynamoDB delete the item eventually
  ttl: "expireAt",
  transform: {""")
        INV = "packages/core/src/invite/invite.ts"
        t.write(P(INV), """import { Entity, type EntityItem } from "electrodb";
import { ulid } from "ulid";
import { Table } from "../dynamo";
import { ConflictError, ForbiddenError, NotFoundError } from "../error";
import * as Group from "../group/group";
import * as Member from "../member/member";

const DAY_MS = 24 * 60 * 60 * 1000;
const VALID_FOR_MS = 7 * DAY_MS;
/** Keep expired/accepted invites around for a month before TTL removes them. */
const KEEP_AFTER_EXPIRY_S = 30 * 24 * 60 * 60;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const InviteEntity = new Entity(
  {
    model: { entity: "invite", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      inviteId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      email: { type: "string", required: true, readOnly: true },
      groupName: { type: "string", required: true },
      invitedBy: { type: "string", required: true, readOnly: true },
      status: {
        type: ["pending", "accepted", "revoked"] as const,
        required: true,
        default: "pending",
      },
      /** ms; the real expiry, checked in code */
      expiresAt: { type: "number", required: true, readOnly: true },
      /** epoch seconds, the table's TTL attribute (cleanup only, may lag by days) */
      expireAt: { type: "number", required: true, readOnly: true },
      acceptedBy: { type: "string" },
      acceptedAt: { type: "number" },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["inviteId"] },
      },
      byEmail: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["email"] },
        sk: { field: "gsi2sk", composite: ["status", "expiresAt"] },
      },
    },
  },
  Table,
);

export type Invite = EntityItem<typeof InviteEntity>;

export async function create(input: { groupId: string; email: string; invitedBy: string }) {
  const inviter = await Member.assertMember(input.groupId, input.invitedBy);
  if (inviter.role !== "owner") throw new ForbiddenError("Only the group owner can invite people");
  const group = await Group.get(input.groupId);
  const expiresAt = Date.now() + VALID_FOR_MS;
  const result = await InviteEntity.create({
    groupId: input.groupId,
    email: normalizeEmail(input.email),
    groupName: group.name,
    invitedBy: input.invitedBy,
    expiresAt,
    expireAt: Math.floor(expiresAt / 1000) + KEEP_AFTER_EXPIRY_S,
  }).go();
  return result.data;
}

/** Pending invites for an email that haven't expired yet (TTL deletion can lag, so filter on expiresAt). */
export async function pendingFor(email: string, now = Date.now()) {
  const result = await InviteEntity.query
    .byEmail({ email: normalizeEmail(email), status: "pending" })
    .gt({ expiresAt: now })
    .go({ pages: "all" });
  return result.data;
}

export async function accept(input: {
  groupId: string;
  inviteId: string;
  userId: string;
  email: string;
  displayName: string;
}) {
  const { data: invite } = await InviteEntity.get({
    groupId: input.groupId,
    inviteId: input.inviteId,
  }).go();
  if (!invite) throw new NotFoundError("invite", input.inviteId);
  if (invite.email !== normalizeEmail(input.email)) {
    throw new ForbiddenError("This invite was sent to a different email address");
  }
  if (invite.status !== "pending") throw new ConflictError(`invite is already ${invite.status}`);
  if (invite.expiresAt <= Date.now()) throw new ConflictError("invite has expired");

  const member = await Member.add({
    groupId: invite.groupId,
    userId: input.userId,
    displayName: input.displayName,
  });
  await InviteEntity.patch({ groupId: invite.groupId, inviteId: invite.inviteId })
    .set({ status: "accepted", acceptedBy: input.userId, acceptedAt: Date.now() })
    .go();
  return member;
}
""")
        INVT = "packages/core/src/invite/invite.test.ts"
        t.write(P(INVT), """import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { ConflictError, ForbiddenError } from "../error";
import * as Group from "../group/group";
import * as Member from "../member/member";
import * as Invite from "./invite";

async function groupOwnedBy(userId: string) {
  return Group.create({ name: "Lisbon trip", createdBy: userId, displayName: "Ana" });
}

const email = () => `someone+${ulid().toLowerCase()}@example.com`;

describe("Invite", () => {
  it("lets the owner invite someone for 7 days", async () => {
    const owner = `u-${ulid()}`;
    const group = await groupOwnedBy(owner);
    const invite = await Invite.create({ groupId: group.groupId, email: email(), invitedBy: owner });
    expect(invite.inviteId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(invite.groupName).toBe("Lisbon trip");
    expect(invite.expiresAt - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(invite.expireAt).toBeGreaterThan(invite.expiresAt / 1000);
  });

  it("doesn't let plain members invite", async () => {
    const owner = `u-${ulid()}`;
    const group = await groupOwnedBy(owner);
    await Member.add({ groupId: group.groupId, userId: "ben", displayName: "Ben" });
    await expect(
      Invite.create({ groupId: group.groupId, email: email(), invitedBy: "ben" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("lists pending invites for an email, case-insensitively", async () => {
    const owner = `u-${ulid()}`;
    const group = await groupOwnedBy(owner);
    const to = email();
    await Invite.create({ groupId: group.groupId, email: to.toUpperCase(), invitedBy: owner });
    expect(await Invite.pendingFor(to)).toHaveLength(1);
  });

  it("accept adds the caller as a member and marks the invite accepted", async () => {
    const owner = `u-${ulid()}`;
    const group = await groupOwnedBy(owner);
    const to = email();
    const invite = await Invite.create({ groupId: group.groupId, email: to, invitedBy: owner });
    const member = await Invite.accept({
      groupId: group.groupId,
      inviteId: invite.inviteId,
      userId: "sam",
      email: to,
      displayName: "Sam",
    });
    expect(member).toMatchObject({ userId: "sam", role: "member" });
    expect(await Invite.pendingFor(to)).toEqual([]);
  });

  it("refuses an expired invite", async () => {
    const to = email();
    const { data: invite } = await Invite.InviteEntity.create({
      groupId: `test-${ulid()}`,
      email: to,
      groupName: "Old trip",
      invitedBy: "ana",
      expiresAt: Date.now() - 1000,
      expireAt: Math.floor(Date.now() / 1000),
    }).go();
    await expect(
      Invite.accept({ ...invite, userId: "sam", email: to, displayName: "Sam" }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it("refuses an invite meant for another address", async () => {
    const owner = `u-${ulid()}`;
    const group = await groupOwnedBy(owner);
    const invite = await Invite.create({ groupId: group.groupId, email: email(), invitedBy: owner });
    await expect(
      Invite.accept({ ...invite, userId: "eve", email: "eve@example.com", displayName: "Eve" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});
""")
        t.edit(P("packages/functions/src/http.ts"), """export function route(fn: Handler): Handler {""",
               """/** Like `route`, but errors go out as application/problem+json. For new endpoints. */
export function problemRoute(fn: Handler): Handler {
  return async (event) => {
    try {
      return await fn(event);
    } catch (err) {
      if (err instanceof ZodError) return problem(400, "Invalid request", err.message);
      if (err instanceof ValidationError) return problem(400, "Invalid request", err.message);
      if (err instanceof ForbiddenError) return problem(403, "Forbidden", err.message);
      if (err instanceof NotFoundError) return problem(404, "Not found", err.message);
      if (err instanceof ConflictError) return problem(409, "Conflict", err.message);
      console.error(err);
      return problem(500, "Internal Server Error");
    }
  };
}

export const claim = (event: ApiEvent, name: string) =>
  event.requestContext.authorizer.jwt.claims[name] as string;

export function route(fn: Handler): Handler {""")
        t.write(P("packages/functions/src/api/invites/create.ts"), """import * as Invite from "@tally/core/invite/invite";
import { z } from "zod";
import { body, json, problemRoute, userId } from "../../http";

const Input = z.object({ email: z.email() });

export const handler = problemRoute(async (event) => {
  const { email } = Input.parse(body(event));
  const invite = await Invite.create({
    groupId: event.pathParameters?.groupId ?? "",
    email,
    invitedBy: userId(event),
  });
  return json(201, invite);
});
""")
        t.write(P("packages/functions/src/api/invites/accept.ts"), """import * as Invite from "@tally/core/invite/invite";
import { claim, json, problemRoute, userId } from "../../http";

export const handler = problemRoute(async (event) => {
  const member = await Invite.accept({
    groupId: event.pathParameters?.groupId ?? "",
    inviteId: event.pathParameters?.inviteId ?? "",
    userId: userId(event),
    email: claim(event, "email"),
    displayName: claim(event, "name") ?? claim(event, "email"),
  });
  return json(200, member);
});
""")
        t.write(P("packages/functions/src/api/me/invites.ts"), """import * as Invite from "@tally/core/invite/invite";
import { claim, json, problemRoute } from "../../http";

export const handler = problemRoute(async (event) => {
  const invites = await Invite.pendingFor(claim(event, "email"));
  return json(200, {
    invites: invites.map(({ groupId, inviteId, groupName, invitedBy, expiresAt }) => ({
      groupId,
      inviteId,
      groupName,
      invitedBy,
      expiresAt,
    })),
  });
});
""")
        t.read(P("infra/api.ts"))
        t.edit(P("infra/api.ts"), """api.route(
  "POST /groups/{groupId}/members",""", """api.route(
  "POST /groups/{groupId}/invites",
  { handler: "packages/functions/src/api/invites/create.handler", link: [table] },
  auth,
);
api.route(
  "POST /groups/{groupId}/invites/{inviteId}/accept",
  { handler: "packages/functions/src/api/invites/accept.handler", link: [table] },
  auth,
);
api.route(
  "GET /me/invites",
  { handler: "packages/functions/src/api/me/invites.handler", link: [table] },
  auth,
);
api.route(
  "POST /groups/{groupId}/members",""")
        TESTS["src/invite/invite.test.ts"] = [6, True]
        err = composite_err(["email", "expiresAt"], ["byEmail"])
        ln, col = line_col(d, INV, "acceptedAt: Date.now() })")
        ln += 1
        col = d.files[P(INV)].split("\n")[ln - 1].index("go(") + 1
        tl, tc = line_col(d, INVT, "const member = await Invite.accept({", "accept(")
        order = sorted([p for p in TESTS if p != "src/invite/invite.test.ts"], key=lambda p: (TESTS[p][1], HX.random()))
        t.fail("pnpm test", "Run the core test suite",
               root_test_hdr() + "\n" + core_test_hdr() + "\n" + vt_head() +
               "\n".join(vt_line(p) for p in order[:7]) + f"""
 ❯ src/invite/invite.test.ts (6 tests | 1 failed) {ms(2200, 3400)}ms
   ✓ Invite > lets the owner invite someone for 7 days {ms(300, 600)}ms
   ✓ Invite > doesn't let plain members invite {ms(300, 600)}ms
   ✓ Invite > lists pending invites for an email, case-insensitively {ms(300, 600)}ms
   × Invite > accept adds the caller as a member and marks the invite accepted {ms(400, 700)}ms
     → {err}
   ✓ Invite > refuses an expired invite {ms(100, 250)}ms
   ✓ Invite > refuses an invite meant for another address {ms(300, 500)}ms
""" + "\n".join(vt_line(p) for p in order[7:]) + f"""

{failed_tests_hdr(1)}

 FAIL  src/invite/invite.test.ts > Invite > accept adds the caller as a member and marks the invite accepted
ElectroError: {err}
{edb_stack()}
 ❯ Module.accept src/invite/invite.ts:{ln}:{col}
{vt_frame(d, INV, ln, col)}
 ❯ src/invite/invite.test.ts:{tl}:{tc}

{frame_end(1, 1)}

""" + vt_summary(d, 1, len(TESTS), 1, sum(v[0] for v in TESTS.values())) + "\n✕  exit status 1\n" +
               pnpm_filter_fail("") + "\n ELIFECYCLE  Test failed. See above for more details.")
        t.say("Same ElectroDB rule as with settlements: `status` is in the `byEmail` sort key (gsi2: `email` → "
              "`status, expiresAt`), so flipping it to `accepted` rewrites gsi2pk/gsi2sk, and the patch key only has "
              "`groupId` + `inviteId`. Both `email` and `expiresAt` are readOnly; `accept()` has the loaded invite, so "
              "they go in through `.composite()`.")
        t.edit(P(INV), """    .set({ status: "accepted", acceptedBy: input.userId, acceptedAt: Date.now() })
    .go();""", """    .set({ status: "accepted", acceptedBy: input.userId, acceptedAt: Date.now() })
    // status is part of the byEmail key; ElectroDB needs the other composites to rebuild it
    .composite({ email: invite.email, expiresAt: invite.expiresAt })
    .go();""")
        t.bash("pnpm test", "Re-run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Invites are in.

**Core — `invite/invite.ts`**
- `invite` entity: `groupId` / `inviteId` (ULID), `email` (lower-cased), `groupName` (copied so the app can show it before joining), `invitedBy`, `status` (`pending | accepted | revoked`), `expiresAt` (ms, the real expiry) and `expireAt` (epoch seconds, TTL = expiry + 30 days for audit).
- `byEmail` index on gsi2: `email` → `status, expiresAt`, so "my pending invites" is one query with `expiresAt > now` as a key condition — expired-but-not-yet-deleted items never show up.
- `create()` — owner only (403 otherwise), 7 days validity. `accept()` — 404 unknown invite, 403 if the token's email isn't the invited one, 409 if not pending or expired; adds the member, then marks the invite `accepted`.

**Infra**
- `ttl: "expireAt"` on the table (takes effect on the next deploy of each stage; AWS says enabling TTL can take up to an hour).
- routes `POST /groups/{groupId}/invites`, `POST /groups/{groupId}/invites/{inviteId}/accept`, `GET /me/invites`, each its own function, linked to the table.

**Handlers** use a new `problemRoute()` wrapper in `http.ts` — same mapping as `route()`, but errors come back as `application/problem+json` (400/403/404/409/500). Email and name come from the ID-token claims.

**Tests** — `invite.test.ts`, 6 cases. The first run failed on the accept case: ElectroDB's "Incomplete composite attributes … "email", "expiresAt" … "byEmail"", because changing `status` rewrites the gsi2 keys. `accept()` now supplies them with `.composite({ email, expiresAt })` from the loaded invite; full suite and typecheck are green.""")

        t = d.task("write docs/api/invites.md for Jonas covering the three invite endpoints so he can build the "
                   "screens", tags=["noise"])
        t.read(P("packages/functions/src/api/me/invites.ts"))
        t.write(P("docs/api/invites.md"), """# Invites API

This document describes the invite endpoints that the mobile app uses to let group owners invite people by email,
to show a signed-in user the invitations waiting for them, and to accept an invitation. It covers authentication,
the data model, each endpoint with request and response examples, the error format, and a few notes on edge cases
and how the endpoints fit together in the app's flows.

## Overview

An invite is created by the owner of a group for a specific email address. It is valid for 7 days. The invited
person signs in (or signs up) with that email address, sees the invite in their list of pending invites, and
accepts it, which makes them a member of the group. Invites are not sent by email yet — for now the app is
expected to show them after sign-in; an invite email will come later.

Invites can be in one of three states:

| status     | meaning                                                       |
|------------|---------------------------------------------------------------|
| `pending`  | created, not accepted yet, may or may not be expired           |
| `accepted` | the invited person accepted it and is now a member             |
| `revoked`  | reserved for a future "cancel invite" feature (not used yet)  |

Expired invites are never returned by `GET /me/invites` and cannot be accepted. They are deleted automatically
some time (about a month) after they expire.

## Authentication

All three endpoints require the Cognito **ID token** in the `Authorization` header:

```
Authorization: Bearer <id token>
```

The API reads the caller's user id (`sub`), `email` and `name` claims from the token. The email in the token must
match the invited email for `GET /me/invites` and for accepting. Email addresses are compared case-insensitively.

## Data model

An invite as returned by the API:

| field        | type   | description                                                   |
|--------------|--------|---------------------------------------------------------------|
| `groupId`    | string | the group the invite is for                                   |
| `inviteId`   | string | ULID, unique within the group                                 |
| `email`      | string | invited address, lower-cased                                  |
| `groupName`  | string | group name at the time of the invite (for display)            |
| `invitedBy`  | string | user id of the owner who sent it                              |
| `status`     | string | `pending`, `accepted` or `revoked`                            |
| `expiresAt`  | number | expiry, milliseconds since the epoch                          |
| `createdAt`  | number | creation time, milliseconds since the epoch                   |

## Endpoints

### POST /groups/{groupId}/invites

Creates an invite. Only the owner of the group can do this.

Request:

```http
POST /groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/invites
Authorization: Bearer <id token>
Content-Type: application/json

{ "email": "sam@example.com" }
```

Response `201 Created`:

```json
{
  "groupId": "01K4ZQ8R2M7XW3B9TDC6VJ1N5E",
  "inviteId": "01K55D1Y9Q3C8M2TWFXJ4R7HBN",
  "email": "sam@example.com",
  "groupName": "Lisbon trip",
  "invitedBy": "3f0c2a1e-8a1b-4c55-9d3e-2b7f1c9e0a44",
  "status": "pending",
  "expiresAt": 1758441600000,
  "expireAt": 1761033600,
  "createdAt": 1757836800000
}
```

Notes:
- Inviting the same address twice creates two invites; both can be seen, only one can usefully be accepted.
- The caller must be a member with the `owner` role, otherwise `403`.

### GET /me/invites

Lists the caller's pending, unexpired invites. Use this right after sign-in to show a "You've been invited"
screen.

Request:

```http
GET /me/invites
Authorization: Bearer <id token>
```

Response `200 OK`:

```json
{
  "invites": [
    {
      "groupId": "01K4ZQ8R2M7XW3B9TDC6VJ1N5E",
      "inviteId": "01K55D1Y9Q3C8M2TWFXJ4R7HBN",
      "groupName": "Lisbon trip",
      "invitedBy": "3f0c2a1e-8a1b-4c55-9d3e-2b7f1c9e0a44",
      "expiresAt": 1758441600000
    }
  ]
}
```

The list is empty (`{ "invites": [] }`) when there is nothing pending. The order is by expiry, soonest first.

### POST /groups/{groupId}/invites/{inviteId}/accept

Accepts an invite and adds the caller to the group as a `member`.

Request:

```http
POST /groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/invites/01K55D1Y9Q3C8M2TWFXJ4R7HBN/accept
Authorization: Bearer <id token>
```

No body.

Response `200 OK` — the new membership:

```json
{
  "groupId": "01K4ZQ8R2M7XW3B9TDC6VJ1N5E",
  "userId": "9b1d4c2e-77a0-4f3b-8e21-5c6d0f1a2b3c",
  "displayName": "Sam",
  "role": "member",
  "joinedAt": 1757923200000
}
```

After accepting, `GET /groups/{groupId}` and the group's expenses are available to the caller.

## Errors

All invite endpoints return errors as `application/problem+json`:

```json
{
  "type": "about:blank",
  "title": "Conflict",
  "status": 409,
  "detail": "invite has expired"
}
```

| status | title                 | when                                                                 |
|--------|-----------------------|----------------------------------------------------------------------|
| 400    | Invalid request       | body is not valid (e.g. `email` missing or not an email address)     |
| 401    | (API Gateway)         | missing or invalid token — note: plain JSON `{"message":"Unauthorized"}` |
| 403    | Forbidden             | not the owner (create), or the invite is for another email (accept)  |
| 404    | Not found             | the invite doesn't exist in that group                               |
| 409    | Conflict              | the invite was already accepted/revoked, or it has expired           |
| 500    | Internal Server Error | something went wrong on our side                                     |

`detail` is meant for logs and debugging; please don't show it to users verbatim, map on `status` instead.

## Flows in the app

1. **Owner invites someone:** group settings → "Invite" → email → `POST /groups/{groupId}/invites`. Show the
   invite as "pending" (there is no list of a group's outgoing invites yet — tell me if you need one).
2. **Invited person signs in:** call `GET /me/invites`. If the list is not empty, show the invites with the group
   name and the inviter.
3. **Accept:** `POST …/accept`. On `200`, navigate to the group. On `409`, refresh the list (it was probably
   accepted on another device or it expired in the meantime).

## Edge cases

- If a user changes their email address in Cognito, invites sent to the old address won't show up anymore.
- If someone is already a member of the group and accepts another invite for it, the API currently returns `500`
  (the membership already exists). This is rare; we'll turn it into a `409` later.
- Times are in milliseconds since the epoch, UTC. `expireAt` (seconds) is an internal cleanup field and can be
  ignored.
""")
        t.done("""Wrote `docs/api/invites.md`: overview and invite states, auth (ID token, which claims are used), the invite fields, the three endpoints with example requests/responses, the problem+json error table, the app flows and a few edge cases (email changes, accepting twice for the same group → currently 500).""")

        d.precompact(f"""Analysis: Ethan works on tallyhq/tally-api ({R}), the serverless backend of Tally (shared expenses app). SST v3: sst.config.ts imports infra/storage.ts (Dynamo "Table" single table pk/sk + gsi1/gsi2, TTL expireAt; Bucket "Receipts"), infra/bus.ts (sst.aws.Bus "Bus", subscriber ActivityFeed), infra/api.ts (ApiGatewayV2 "Api" with Cognito JWT authorizer, one Lambda per route, each with its own link list), infra/cron.ts (WeeklyDigest). pnpm workspace: packages/core (ElectroDB entities + logic + vitest tests against the stage's real table; package script test = "sst shell vitest run"), packages/functions (handlers, http.ts with route()/problemRoute()/problem()), packages/scripts. Stages: ethan (personal), staging (dev account, profile tally-dev), production (prod account, CI on tags). Root scripts: pnpm lint (biome check .), pnpm typecheck (pnpm -r typecheck), pnpm test (core tests).

Summary:
1. Primary requests: balances endpoint (#41), settlements (#42), settle-up suggestions, receipt uploads with presigned S3 PUT (#44), staging deploy, digest email test (blocked by SES sandbox), invites (this branch feat/invites).
2. Key decisions: ids are ULIDs; new endpoints return errors as application/problem+json (problemRoute in http.ts), old endpoints unchanged; one function per route; money in integer minor units.
3. Files touched this session: infra/storage.ts (ttl), infra/api.ts (3 invite routes), packages/core/src/invite/invite.ts + invite.test.ts (byEmail index on gsi2: email → status, expiresAt; accept() patches status with .composite({{ email, expiresAt }})), packages/functions/src/api/invites/create.ts, accept.ts, api/me/invites.ts, http.ts (problemRoute, claim), docs/api/invites.md (long doc for Jonas, the app developer).
4. Errors fixed: ElectroDB "Incomplete composite attributes" when patching a GSI sort-key attribute (settle, accept) — supply the other composites via .composite().
5. Pending: nothing open on feat/invites; tests and typecheck green.
6. Current work: invite docs written for Jonas.""")

        t = d.task("when someone accepts an invite the other members should get a push: \"Sam joined Lisbon trip\". "
                   "publish a member.joined event from accept and hang a subscriber off the bus for it. push tokens "
                   "are on the user (User entity, pushTokens)", tags=["workflow:W3"])
        t.read(P("packages/core/src/user/user.ts"))
        t.read(P("packages/core/src/notify/push.ts"))
        t.read(P("infra/bus.ts"))
        t.read(P("packages/core/src/expense/events.ts"))
        t.write(P("packages/core/src/member/events.ts"), """import { z } from "zod";
import { defineEvent } from "../event";

export const Events = {
  Joined: defineEvent(
    "member.joined",
    z.object({
      groupId: z.string(),
      groupName: z.string(),
      userId: z.string(),
      displayName: z.string(),
      via: z.enum(["invite", "added"]),
    }),
  ),
};
""")
        t.read(P(INV))
        t.edit(P(INV), """import { Entity, type EntityItem } from "electrodb";
import { ulid } from "ulid";""", """import { Entity, type EntityItem } from "electrodb";
import { Resource } from "sst";
import { bus } from "sst/aws/bus";
import { ulid } from "ulid";""")
        t.edit(P(INV), """import * as Member from "../member/member";
""", """import { Events as MemberEvents } from "../member/events";
import * as Member from "../member/member";
""")
        t.edit(P(INV), """    .composite({ email: invite.email, expiresAt: invite.expiresAt })
    .go();
  return member;""", """    .composite({ email: invite.email, expiresAt: invite.expiresAt })
    .go();
  await bus.publish(Resource.Bus, MemberEvents.Joined, {
    groupId: invite.groupId,
    groupName: invite.groupName,
    userId: member.userId,
    displayName: member.displayName,
    via: "invite",
  });
  return member;""")
        NOT = "packages/core/src/notify/notify.ts"
        t.write(P(NOT), """import * as Member from "../member/member";
import * as User from "../user/user";
import { type PushMessage, sendPush } from "./push";

type Send = (messages: PushMessage[]) => Promise<unknown>;

/** Push tokens of the given members, skipping users without any. */
async function tokensOf(userIds: string[]) {
  const users = await User.getMany(userIds);
  return users.flatMap((u) => [...(u.pushTokens ?? [])]);
}

export async function memberJoined(
  input: { groupId: string; groupName: string; userId: string; displayName: string },
  send: Send = sendPush,
) {
  const others = (await Member.list(input.groupId))
    .map((m) => m.userId)
    .filter((id) => id !== input.userId);
  const tokens = await tokensOf(others);
  await send(
    tokens.map((to) => ({
      to,
      title: input.groupName,
      body: `${input.displayName} joined ${input.groupName}`,
      data: { groupId: input.groupId, kind: "member.joined" },
    })),
  );
  return tokens.length;
}
""")
        t.write(P("packages/core/src/notify/notify.test.ts"), """import { ulid } from "ulid";
import { describe, expect, it, vi } from "vitest";
import * as Member from "../member/member";
import * as User from "../user/user";
import { memberJoined } from "./notify";

async function setup() {
  const groupId = `test-${ulid()}`;
  const ids = ["ana", "ben", "sam"].map((n) => `${n}-${ulid()}`);
  for (const userId of ids) {
    await Member.add({ groupId, userId, displayName: userId });
  }
  await User.UserEntity.put([
    { userId: ids[0], email: "ana@example.com", displayName: "Ana", pushTokens: ["ExponentPushToken[ana]"] },
    { userId: ids[1], email: "ben@example.com", displayName: "Ben" },
    { userId: ids[2], email: "sam@example.com", displayName: "Sam", pushTokens: ["ExponentPushToken[sam]"] },
  ]).go();
  return { groupId, ids };
}

describe("memberJoined", () => {
  it("pushes to the other members that have a token", async () => {
    const { groupId, ids } = await setup();
    const send = vi.fn().mockResolvedValue([]);
    const n = await memberJoined({ groupId, groupName: "Lisbon trip", userId: ids[2], displayName: "Sam" }, send);
    expect(n).toBe(1);
    expect(send).toHaveBeenCalledWith([
      {
        to: "ExponentPushToken[ana]",
        title: "Lisbon trip",
        body: "Sam joined Lisbon trip",
        data: { groupId, kind: "member.joined" },
      },
    ]);
  });

  it("skips members without a push token", async () => {
    const { groupId, ids } = await setup();
    const send = vi.fn().mockResolvedValue([]);
    await memberJoined({ groupId, groupName: "Lisbon trip", userId: ids[0], displayName: "Ana" }, send);
    expect(send).toHaveBeenCalledWith([
      {
        to: "ExponentPushToken[sam]",
        title: "Lisbon trip",
        body: "Ana joined Lisbon trip",
        data: { groupId, kind: "member.joined" },
      },
    ]);
  });
});
""")
        t.write(P("packages/functions/src/subscribers/notify-member-joined.ts"), """import { Events } from "@tally/core/member/events";
import * as Notify from "@tally/core/notify/notify";
import { bus } from "sst/aws/bus";

export const handler = bus.subscriber([Events.Joined], async (event) => {
  const sent = await Notify.memberJoined(event.properties);
  console.log("member.joined push", { groupId: event.properties.groupId, sent });
});
""")
        t.edit(P("infra/bus.ts"), """  {
    pattern: { detailType: ["expense.created", "expense.deleted"] },
  },
);
""", """  {
    pattern: { detailType: ["expense.created", "expense.deleted"] },
  },
);

bus.subscribe(
  "NotifyMemberJoined",
  {
    handler: "packages/functions/src/subscribers/notify-member-joined.handler",
    link: [table],
  },
  {
    pattern: { detailType: ["member.joined"] },
  },
);
""")
        t.read(P("infra/api.ts"))
        t.edit(P("infra/api.ts"), """  "POST /groups/{groupId}/invites/{inviteId}/accept",
  { handler: "packages/functions/src/api/invites/accept.handler", link: [table] },""",
               """  "POST /groups/{groupId}/invites/{inviteId}/accept",
  { handler: "packages/functions/src/api/invites/accept.handler", link: [table, bus] },""")
        TESTS["src/notify/notify.test.ts"] = [2, True]
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Done — accepting an invite now notifies the rest of the group.

- **Event** — `member/events.ts`: `member.joined` `{ groupId, groupName, userId, displayName, via }` (`via: "invite" | "added"`, so the add-member endpoint can publish it later too).
- **Publish** — `Invite.accept()` publishes it on the bus after the invite is marked accepted. The accept route is now linked to `[table, bus]`.
- **Subscriber** — `NotifyMemberJoined` in `infra/bus.ts` (pattern `detailType: ["member.joined"]`) → `subscribers/notify-member-joined.ts` → `Notify.memberJoined()`.
- **`notify/notify.ts`** — looks up the other members' users, collects their `pushTokens` (users without tokens are skipped) and sends one Expo push per token: title = group name, body "Sam joined Lisbon trip", `data: { groupId, kind: "member.joined" }` for deep linking. The sender is injectable for tests.
- **Tests** — `notify.test.ts` (2 cases, fake sender, real members/users); full suite and typecheck green.

EventBridge retries the subscriber on errors, so a failing Expo call can send duplicates — fine for a "joined" ping; we'd want idempotency before using this for anything that matters.""")

    # ============================================================ S6  Wed 09-16  (acceptEdits)
    with d.session("2026-09-16T09:05:00", R, branch="feat/exports", version="2.1.111", permission_mode="acceptEdits"):
        fb = ("the invites doc you wrote for Jonas was way too long — I had to cut half of it before sending it over. "
              "he wants one example request/response per endpoint and a table of error codes, no prose sections")
        t = d.task(fb + ". do the receipt endpoint that way: docs/api/receipts.md", tags=["feedback"], feedback=fb)
        t.read(P(RH))
        t.write(P("docs/api/receipts.md"), """# Receipts

## POST /groups/{groupId}/expenses/{expenseId}/receipt

```http
POST /groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/expenses/01K4ZRB3M1T6Y0QK9XW2D7C4FA/receipt
Authorization: Bearer <id token>
Content-Type: application/json

{ "contentType": "image/jpeg", "contentLength": 482113 }
```

`200 OK`

```json
{
  "url": "https://tally-staging-receiptsbucket-….s3.eu-west-1.amazonaws.com/receipts/01K4ZQ…/01K4ZRB3….jpg?X-Amz-…",
  "key": "receipts/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/01K4ZRB3M1T6Y0QK9XW2D7C4FA.jpg",
  "expiresIn": 300
}
```

Then `PUT` the bytes to `url` within 5 minutes, with the same `Content-Type` and `Content-Length`.

| status | when |
|--------|------|
| 400 | body invalid, type not jpeg/png/heic, or over 10 MB |
| 401 | no/invalid token (plain JSON from API Gateway) |
| 403 | not a member of the group |
| 404 | expense not found |
| 500 | server error |

Errors are `application/problem+json`: `{ "type": "about:blank", "title": "…", "status": 404, "detail": "…" }`.
""")
        t.done("""Noted — endpoint docs for Jonas from now on: one example request/response per endpoint, an error table, no prose sections.

`docs/api/receipts.md` is written that way: the request, the `200` body, one line on the follow-up `PUT`, the status table and the problem+json shape. If you want, I can cut `docs/api/invites.md` down to the same format so the repo copy matches what you sent him.""")

        t = d.task("CSV export of a group's expenses: POST /groups/{groupId}/exports queues a job on a new SQS queue "
                   "(ExportQueue), a worker on the queue writes the CSV into the receipts bucket under exports/, and "
                   "GET /groups/{groupId}/exports/{exportId} returns the status plus a download link once it's done. "
                   "exports should disappear after 7 days", tags=["mistake:M3"])
        t.read(P("infra/storage.ts"))
        t.read(P("sst.config.ts"))
        t.read(P("infra/api.ts"))
        t.read(P(RC))
        t.write(P("infra/export.ts"), """import { receipts, table } from "./storage";

export const exportQueue = new sst.aws.Queue("ExportQueue", {
  visibilityTimeout: "3 minutes",
});

exportQueue.subscribe({
  handler: "packages/functions/src/workers/export.handler",
  link: [table, receipts],
  timeout: "2 minutes",
  memory: "512 MB",
});

// Finished exports live under exports/ in the receipts bucket and are removed after a week.
new aws.s3.BucketLifecycleConfigurationV2("ReceiptsLifecycle", {
  bucket: receipts.name,
  rules: [
    {
      id: "expire-exports",
      status: "Enabled",
      filter: { prefix: "exports/" },
      expiration: { days: 7 },
    },
  ],
});
""")
        t.edit(P("sst.config.ts"), """    await import("./infra/bus");
""", """    await import("./infra/bus");
    await import("./infra/export");
""")
        t.edit(P("infra/api.ts"), 'import { bus } from "./bus";', 'import { bus } from "./bus";\nimport { exportQueue } from "./export";')
        t.edit(P("infra/api.ts"), """api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",
  { handler: "packages/functions/src/api/expenses/delete.handler", link: [table, bus] },
  auth,
);
""", """api.route(
  "DELETE /groups/{groupId}/expenses/{expenseId}",
  { handler: "packages/functions/src/api/expenses/delete.handler", link: [table, bus] },
  auth,
);

// exports
api.route(
  "POST /groups/{groupId}/exports",
  { handler: "packages/functions/src/api/exports/create.handler", link: [table, exportQueue] },
  auth,
);
api.route(
  "GET /groups/{groupId}/exports/{exportId}",
  { handler: "packages/functions/src/api/exports/get.handler", link: [table, receipts] },
  auth,
);
""")
        t.bash("pnpm --filter @tally/core add @aws-sdk/client-sqs", "Add the SQS client to core",
               out=""".                                        |   +1 +
Progress: resolved 427, reused 426, downloaded 1, added 1, done

dependencies:
+ @aws-sdk/client-sqs 3.888.0

Done in 2.1s using pnpm v10.15.1""")
        EX = "packages/core/src/export/export.ts"
        t.write(P(EX), """import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { Entity, type EntityItem } from "electrodb";
import { Resource } from "sst";
import { ulid } from "ulid";
import { Table } from "../dynamo";
import { NotFoundError } from "../error";
import * as Expense from "../expense/expense";

const s3 = new S3Client({});
const sqs = new SQSClient({});

export const ExportEntity = new Entity(
  {
    model: { entity: "export", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      exportId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      requestedBy: { type: "string", required: true, readOnly: true },
      status: { type: ["queued", "ready", "failed"] as const, required: true, default: "queued" },
      key: { type: "string" },
      rows: { type: "number" },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
      /** TTL: the file is gone after 7 days (bucket lifecycle), so is the record */
      expireAt: {
        type: "number",
        required: true,
        readOnly: true,
        default: () => Math.floor(Date.now() / 1000) + 7 * 24 * 3600,
      },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["exportId"] },
      },
    },
  },
  Table,
);

export type Export = EntityItem<typeof ExportEntity>;

const HEADER = ["date", "description", "amount", "currency", "paid_by", "status"];

const cell = (v: string | number) => {
  const s = String(v);
  return /[",\\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

type Row = Pick<Expense.Expense, "createdAt" | "description" | "amount" | "currency" | "paidBy" | "status">;

export function toCsv(expenses: Row[]) {
  const rows = expenses.map((e) =>
    [
      new Date(e.createdAt).toISOString().slice(0, 10),
      e.description,
      (e.amount / 100).toFixed(2),
      e.currency ?? "EUR",
      e.paidBy,
      e.status,
    ]
      .map(cell)
      .join(","),
  );
  return [HEADER.join(","), ...rows].join("\\n") + "\\n";
}

export async function request(groupId: string, requestedBy: string) {
  const { data } = await ExportEntity.create({ groupId, requestedBy }).go();
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: Resource.ExportQueue.url,
      MessageBody: JSON.stringify({ groupId, exportId: data.exportId }),
    }),
  );
  return data;
}

export async function build(groupId: string, exportId: string) {
  const expenses = await Expense.list(groupId);
  const key = `exports/${groupId}/${exportId}.csv`;
  await s3.send(
    new PutObjectCommand({
      Bucket: Resource.Receipts.name,
      Key: key,
      Body: toCsv(expenses.reverse()),
      ContentType: "text/csv; charset=utf-8",
      ContentDisposition: `attachment; filename="tally-${groupId}.csv"`,
    }),
  );
  const { data } = await ExportEntity.patch({ groupId, exportId })
    .set({ status: "ready", key, rows: expenses.length })
    .go({ response: "all_new" });
  return data;
}

export async function get(groupId: string, exportId: string) {
  const { data } = await ExportEntity.get({ groupId, exportId }).go();
  if (!data) throw new NotFoundError("export", exportId);
  const url =
    data.status === "ready" && data.key
      ? await getSignedUrl(s3, new GetObjectCommand({ Bucket: Resource.Receipts.name, Key: data.key }), {
          expiresIn: 600,
        })
      : undefined;
  return { exportId, status: data.status, rows: data.rows, url };
}
""")
        EXT = "packages/core/src/export/export.test.ts"
        t.write(P(EXT), '''import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import * as Expense from "../expense/expense";
import * as Export from "./export";

describe("toCsv", () => {
  it("writes a header and quotes cells with commas or quotes", () => {
    const csv = Export.toCsv([
      {
        createdAt: Date.UTC(2026, 8, 12),
        description: 'Dinner, "Taberna"',
        amount: 9600,
        currency: "EUR",
        paidBy: "ana",
        status: "open",
      },
    ]);
    expect(csv).toBe(
      'date,description,amount,currency,paid_by,status\\n2026-09-12,"Dinner, ""Taberna""",96.00,EUR,ana,open\\n',
    );
  });
});

describe("exports", () => {
  it("request stores a queued export", async () => {
    const groupId = `test-${ulid()}`;
    const exp = await Export.request(groupId, "ana");
    expect(exp.status).toBe("queued");
    expect(await Export.get(groupId, exp.exportId)).toMatchObject({ status: "queued", url: undefined });
  });

  it("build writes the CSV and hands out a download link", async () => {
    const groupId = `test-${ulid()}`;
    await Expense.create(groupId, "ana", {
      description: "Groceries",
      amount: 4200,
      currency: "EUR",
      paidBy: "ana",
      splits: [{ userId: "ana", share: 4200 }],
    });
    const { data } = await Export.ExportEntity.create({ groupId, requestedBy: "ana" }).go();
    await Export.build(groupId, data.exportId);
    const res = await Export.get(groupId, data.exportId);
    expect(res).toMatchObject({ status: "ready", rows: 1 });
    const csv = await (await fetch(res.url ?? "")).text();
    expect(csv).toContain("Groceries,42.00,EUR,ana,open");
  });
});
''')
        t.write(P("packages/functions/src/workers/export.ts"), """import * as Export from "@tally/core/export/export";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
  for (const record of event.Records) {
    try {
      const { groupId, exportId } = JSON.parse(record.body) as { groupId: string; exportId: string };
      await Export.build(groupId, exportId);
    } catch (err) {
      console.error("export failed", record.messageId, err);
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
""")
        t.write(P("packages/functions/src/api/exports/create.ts"), """import * as Export from "@tally/core/export/export";
import * as Member from "@tally/core/member/member";
import { json, problemRoute, userId } from "../../http";

export const handler = problemRoute(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  const me = userId(event);
  await Member.assertMember(groupId, me);
  const exp = await Export.request(groupId, me);
  return json(202, { exportId: exp.exportId, status: exp.status });
});
""")
        t.write(P("packages/functions/src/api/exports/get.ts"), """import * as Export from "@tally/core/export/export";
import * as Member from "@tally/core/member/member";
import { json, problemRoute, userId } from "../../http";

export const handler = problemRoute(async (event) => {
  const groupId = event.pathParameters?.groupId ?? "";
  await Member.assertMember(groupId, userId(event));
  return json(200, await Export.get(groupId, event.pathParameters?.exportId ?? ""));
});
""")
        TESTS["src/export/export.test.ts"] = [3, True]
        ln, col = line_col(d, EX, "QueueUrl: Resource.ExportQueue.url,", "ExportQueue.url")
        tl, tc = line_col(d, EXT, 'const exp = await Export.request(groupId, "ana");', "request(")
        t.fail("pnpm --filter @tally/core test src/export", "Run the export tests",
               core_test_hdr("src/export") + "\n" + vt_head() + f""" ❯ src/export/export.test.ts (3 tests | 1 failed) {ms(1400, 2200)}ms
   ✓ toCsv > writes a header and quotes cells with commas or quotes 2ms
   × exports > request stores a queued export {ms(150, 400)}ms
     → {not_linked("ExportQueue")}
   ✓ exports > build writes the CSV and hands out a download link {ms(800, 1400)}ms

{failed_tests_hdr(1)}

 FAIL  src/export/export.test.ts > exports > request stores a queued export
Error: {not_linked("ExportQueue")}
 ❯ Object.get {SST_RES}:74:11
 ❯ Module.request src/export/export.ts:{ln}:{col}
{vt_frame(d, EX, ln, col)}
 ❯ src/export/export.test.ts:{tl}:{tc}

{frame_end(1, 1)}

""" + vt_summary(d, 1, 1, 1, 3) + "\n✕  exit status 1\n" + pnpm_filter_fail("src/export"))
        t.say("`exportQueue` is linked on the POST route, so this isn't the config — `sst shell` gives the tests "
              "the links of what's deployed on the `ethan` stage, and the queue has only been added locally. Let me "
              "confirm with a diff against the stage.")
        t.bash("pnpm sst diff --stage ethan", "Show what the ethan stage is missing", timeout=600000,
               out=sst_diff_out("ethan", [
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueQueue aws:sqs:Queue", None),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriber sst:aws:Function", None),
                   ("Created", "ExportQueue sst:aws:Queue", None),
                   ("Created", "ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2", None)]
                   + [(x[0], x[1], None) for r in ["POST /groups/{groupId}/exports",
                                                  "GET /groups/{groupId}/exports/{exportId}",
                                                  "POST /groups/{groupId}/invites",
                                                  "POST /groups/{groupId}/invites/{inviteId}/accept",
                                                  "GET /me/invites"] for x in new_route_events(r)]
                   + [("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedFunction aws:lambda:Function", None),
                      ("Updated", "Table sst:aws:Dynamo → TableTable aws:dynamodb:Table", None)],
                   [("+", "ExportQueue sst:aws:Queue → ExportQueueQueue aws:sqs:Queue",
                     [("+", "visibilityTimeoutSeconds", "180")]),
                    ("+", "ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2",
                     [("+", "rules[0].expiration.days", "7"), ("+", "rules[0].filter.prefix", "exports/")]),
                    ("*", "Table sst:aws:Dynamo → TableTable aws:dynamodb:Table",
                     [("+", "ttl", '{\n       "attributeName": "expireAt",\n       "enabled": true\n     }')])]))
        t.bash("pnpm sst deploy --stage ethan", "Deploy the personal stage so ExportQueue exists", timeout=900000,
               out=sst_deploy_ok("ethan", [
                   ("Updated", "Table sst:aws:Dynamo → TableTable aws:dynamodb:Table", 6.4),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueQueue aws:sqs:Queue", 27.3),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriberRole aws:iam:Role", 1.9),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriberFunction aws:lambda:Function", 14.8),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriberEventSourceMapping aws:lambda:EventSourceMapping", 2.6),
                   ("Created", "ExportQueue sst:aws:Queue", None),
                   ("Created", "ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2", 1.4)]
                   + [x for r in ["POST /groups/{groupId}/exports", "GET /groups/{groupId}/exports/{exportId}",
                                  "POST /groups/{groupId}/invites", "POST /groups/{groupId}/invites/{inviteId}/accept",
                                  "GET /me/invites"] for x in new_route_events(r)]
                   + [("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedFunction aws:lambda:Function", 12.2),
                      ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedRule aws:cloudwatch:EventRule", 1.1),
                      ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedTarget aws:cloudwatch:EventTarget", None)],
                   ETHAN_API))
        t.bash("pnpm --filter @tally/core test src/export", "Re-run the export tests",
               out=core_ok(d, "src/export", only=["src/export/export.test.ts"]))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""CSV export is in.

- **Infra** (`infra/export.ts`, imported from `sst.config.ts`): `ExportQueue` (visibility 3 min) with a subscriber `workers/export.ts` (linked to table + receipts, 2 min timeout, partial batch failures so one bad message doesn't retry the rest), and a lifecycle rule on the receipts bucket expiring `exports/` after 7 days.
- **Routes**: `POST /groups/{groupId}/exports` → `202 { exportId, status: "queued" }` (linked to table + queue); `GET /groups/{groupId}/exports/{exportId}` → `{ exportId, status, rows, url }`, `url` being a 10-minute presigned download once `status` is `ready` (linked to table + receipts). Both problem+json, members only.
- **Core** `export/export.ts`: `export` entity (ULID id, `queued | ready | failed`, TTL `expireAt` = 7 days like the file), `request()` (item + SQS message), `build()` (CSV of all the group's expenses, oldest first: date, description, amount, currency, paid_by, status → `exports/<groupId>/<exportId>.csv`), `get()`.
- **Tests** `export.test.ts`: CSV quoting, request → queued, build → ready + the file downloads through the link.

The first run failed with `"ExportQueue" is not linked in your sst.config.ts`. The link was there; `ethan` simply didn't have the queue yet. `pnpm sst diff --stage ethan` showed it (plus the invite routes and the table TTL from last week, which weren't on your stage either), and after `pnpm sst deploy --stage ethan` the export tests and typecheck pass.

Nothing marks an export `failed` yet — after the retries a message just goes back to the queue. If you want, I'll add a DLQ and a handler that flips the status.""")

        t = d.task("Jonas found a bug in balances: in a group with EUR and GBP expenses everyone shows up with a 0 GBP "
                   "row, even people who never touched a GBP expense. only return the currencies a member actually "
                   "has something in. add a test for it", tags=["mistake:M1"])
        t.read(P(BAL))
        BALT = "packages/core/src/balance/balance.test.ts"
        t.read(P(BALT))
        t.edit(P(BAL), """  for (const [currency, nets] of compute(expenses)) {
    for (const m of members) {
      balances.push({""", """  for (const [currency, nets] of compute(expenses)) {
    for (const m of members) {
      // only currencies the member paid or owes something in
      if (!nets.has(m.userId)) continue;
      balances.push({""")
        t.edit(P(BAL), """        net: nets.get(m.userId) ?? 0,""", """        net: nets.get(m.userId) as number,""")
        t.edit(P(BALT), """      { userId: "ben", displayName: "Ben", currency: "EUR", net: -2100 },
    ]);
  });
});""", """      { userId: "ben", displayName: "Ben", currency: "EUR", net: -2100 },
    ]);
  });

  it("leaves out currencies a member has nothing in", async () => {
    const groupId = `test-${ulid()}`;
    for (const [userId, displayName] of [["ana", "Ana"], ["ben", "Ben"], ["chloe", "Chloe"]]) {
      await Member.add({ groupId, userId, displayName });
    }
    const base = { description: "x", paidBy: "ana" };
    await Expense.create(groupId, "ana", {
      ...base,
      amount: 3000,
      currency: "EUR",
      splits: [
        { userId: "ana", share: 1000 },
        { userId: "ben", share: 1000 },
        { userId: "chloe", share: 1000 },
      ],
    });
    await Expense.create(groupId, "ana", {
      ...base,
      amount: 2000,
      currency: "GBP",
      splits: [{ userId: "ben", share: 2000 }],
    });

    const gbp = (await forGroup(groupId)).filter((b) => b.currency === "GBP");
    expect(gbp.map((b) => b.userId)).toEqual(["ana", "ben"]);
  });
});""")
        TESTS["src/balance/balance.test.ts"] = [6, True]
        t.fail(f'pnpm --filter @tally/core exec vitest run src/balance -t "leaves out"',
               "Run only the new balance test", vt_head() + f""" ↓ src/balance/settle-up.test.ts (4 tests | 4 skipped)
 ❯ src/balance/balance.test.ts (0 test)

{failed_tests_hdr(1, suites=True)}

 FAIL  src/balance/balance.test.ts [ src/balance/balance.test.ts ]
Error: {LINKS_INACTIVE}
 ❯ Object.get {SST_RES}:71:19
{dynamo_frame(d)}

{frame_end(1, 1)}

""" + vt_summary(d, 1, 2, 0, 4, skipped=4).replace("Test Files  1 failed | 1 passed (2)", "Test Files  1 failed | 1 skipped (2)")
               + f"\n{CORE}:\n ERR_PNPM_RECURSIVE_EXEC_FIRST_FAIL  Command failed with exit code 1: vitest run src/balance -t leaves out")
        t.say("`pnpm exec vitest` bypasses the package's `test` script, and that script is what wraps vitest in "
              "`sst shell` — without it `Resource.Table` has nothing behind it. Same filter, through sst shell:")
        t.bash(f'pnpm --filter @tally/core exec sst shell -- vitest run src/balance -t "leaves out"',
               "Run only the new balance test with the stage's links",
               out=vt_head() + " ↓ src/balance/settle-up.test.ts (4 tests | 4 skipped)\n" +
               vt_line("src/balance/balance.test.ts", n=6, skipped=5) + "\n" +
               vt_summary(d, 0, 2, 0, 10, skipped=9).replace("Test Files  2 passed (2)", "Test Files  1 passed | 1 skipped (2)"))
        t.bash("pnpm --filter @tally/core test src/balance", "Run all balance tests",
               out=core_ok(d, "src/balance", only=["src/balance/settle-up.test.ts", "src/balance/balance.test.ts"]))
        t.done("""Fixed: `forGroup()` only returns a row for a member in a currency if they paid or owe something in it (`nets.has(userId)`), so in Jonas's case Chloe no longer gets a `0 GBP` row. Members who paid and owe exactly the same amount in a currency still get their `0` row there, since they took part.

New test `leaves out currencies a member has nothing in` (EUR split three ways, a GBP expense only between Ana and Ben → GBP rows for ana and ben only). The filtered run first failed to load the file because I ran vitest via `pnpm exec`, i.e. outside `sst shell`; through `pnpm --filter @tally/core exec sst shell -- vitest run …` it passes, and the whole `src/balance` folder is green via the package's test script.""")

    # ============================================================ S7  Mon 09-21
    with d.session("2026-09-21T08:50:00", R, branch="main", version="2.1.113"):
        t = d.task("invites (#46), the balances fix (#48) and export (#47) are merged. deploy staging and smoke test "
                   "it", tags=["workflow:W2", "flaky:F1"])
        a, b = sha(), sha()
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {a}..{b}
Fast-forward
 docs/api/invites.md                                |  74 +++++++++
 docs/api/receipts.md                               |  37 +++++
 infra/api.ts                                       |  37 ++++-
 infra/bus.ts                                       |  12 ++
 infra/export.ts                                    |  31 ++++
 infra/storage.ts                                   |   2 +
 packages/core/package.json                         |   1 +
 packages/core/src/balance/balance.test.ts          |  29 ++++
 packages/core/src/balance/balance.ts               |   4 +-
 packages/core/src/export/export.test.ts            |  48 ++++++
 packages/core/src/export/export.ts                 | 112 +++++++++++++
 packages/core/src/invite/invite.test.ts            |  98 +++++++++++
 packages/core/src/invite/invite.ts                 | 133 +++++++++++++++
 packages/core/src/member/events.ts                 |  17 ++
 packages/core/src/notify/notify.test.ts            |  49 ++++++
 packages/core/src/notify/notify.ts                 |  37 ++++
 packages/functions/src/api/exports/create.ts       |  13 ++
 packages/functions/src/api/exports/get.ts          |  10 +
 packages/functions/src/api/invites/accept.ts       |  14 ++
 packages/functions/src/api/invites/create.ts       |  16 ++
 packages/functions/src/api/me/invites.ts           |  17 ++
 packages/functions/src/http.ts                     |  22 +++
 packages/functions/src/subscribers/notify-member-joined.ts |   8 +
 packages/functions/src/workers/export.ts           |  18 ++
 pnpm-lock.yaml                                     |  96 +++++++++++
 sst.config.ts                                      |   1 +
 26 files changed, 934 insertions(+), 4 deletions(-)""")
        plan_routes = ["POST /groups/{groupId}/exports", "GET /groups/{groupId}/exports/{exportId}",
                       "POST /groups/{groupId}/invites", "POST /groups/{groupId}/invites/{inviteId}/accept",
                       "GET /me/invites"]
        t.bash("pnpm sst diff --stage staging", "Preview the staging changes", timeout=600000,
               out=sst_diff_out("staging", [
                   ("Updated", "Table sst:aws:Dynamo → TableTable aws:dynamodb:Table", None),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueQueue aws:sqs:Queue", None),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriber sst:aws:Function", None),
                   ("Created", "ExportQueue sst:aws:Queue", None),
                   ("Created", "ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2", None)]
                   + [(x[0], x[1], None) for r in plan_routes for x in new_route_events(r)]
                   + [("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedFunction aws:lambda:Function", None),
                      ("Updated", fn_urn("GET /groups/{groupId}/balances"), None),
                      ("Updated", fn_urn("POST /groups/{groupId}/expenses/{expenseId}/receipt"), None)],
                   [("*", "Table sst:aws:Dynamo → TableTable aws:dynamodb:Table",
                     [("+", "ttl", '{\n       "attributeName": "expireAt",\n       "enabled": true\n     }')]),
                    ("+", "ExportQueue sst:aws:Queue → ExportQueueQueue aws:sqs:Queue",
                     [("+", "visibilityTimeoutSeconds", "180")]),
                    ("+", "ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2",
                     [("+", "rules[0].expiration.days", "7"), ("+", "rules[0].filter.prefix", "exports/")])]
                   + [("+", f"Api sst:aws:ApiGatewayV2 → {ROUTES[r]}Route aws:apigatewayv2:Route",
                       [("+", "routeKey", r)]) for r in plan_routes]))
        busy = "GET /groups/{groupId}/balances"
        arn = f"arn:aws:lambda:eu-west-1:{DEV_ACCT}:function:tally-staging-{ROUTES[busy]}HandlerFunction-{b36(8)}"
        t.fail("pnpm sst deploy --stage staging", "Deploy main to staging", f"""{sst_head("staging", "Deploy")}|  Updated     Table sst:aws:Dynamo → TableTable aws:dynamodb:Table (5.9s)
|  Created     ExportQueue sst:aws:Queue → ExportQueueQueue aws:sqs:Queue (26.8s)
|  Created     ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2 (1.3s)
{ev("Created", f"Api sst:aws:ApiGatewayV2 → {ROUTES['POST /groups/{groupId}/exports']}HandlerRole aws:iam:Role", 1.8)}
{ev("Created", f"Api sst:aws:ApiGatewayV2 → {ROUTES['GET /me/invites']}HandlerRole aws:iam:Role", 2.0)}
|  Error       {fn_urn(busy)}
|  updating urn:pulumi:staging::tally::sst:aws:ApiGatewayV2$sst:aws:Function$aws:lambda/function:Function::{ROUTES[busy]}HandlerFunction: 1 error occurred:
|  	* updating Lambda Function ({arn.split(':')[-1]}) code: operation error Lambda: UpdateFunctionCode, https response error StatusCode: 409, RequestID: {HX.choice('abcdef')}{hx(7)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}, ResourceConflictException: The operation cannot be performed at this time. An update is in progress for resource: {arn}

✕  Failed    

   {fn_urn(busy)}
   updating urn:pulumi:staging::tally::sst:aws:ApiGatewayV2$sst:aws:Function$aws:lambda/function:Function::{ROUTES[busy]}HandlerFunction: 1 error occurred:
   	* updating Lambda Function ({arn.split(':')[-1]}) code: operation error Lambda: UpdateFunctionCode, https response error StatusCode: 409, ResourceConflictException: The operation cannot be performed at this time. An update is in progress for resource: {arn}""",
               timeout=900000)
        t.say("That's Lambda's own 409 — an update to the balances function was still settling while the code "
              "upload started (it gets a config and a code update in the same deploy). Nothing is wrong with the "
              "change itself; running the same deploy again.")
        t.bash("pnpm sst deploy --stage staging", "Deploy main to staging", timeout=900000,
               out=sst_deploy_ok("staging", [
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriberRole aws:iam:Role", 1.7),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriberFunction aws:lambda:Function", 13.9),
                   ("Created", "ExportQueue sst:aws:Queue → ExportQueueSubscriberEventSourceMapping aws:lambda:EventSourceMapping", 3.1),
                   ("Created", "ExportQueue sst:aws:Queue", None)]
                   + [x for r in plan_routes for x in new_route_events(r) if "HandlerRole" not in x[1]
                      or r not in ("POST /groups/{groupId}/exports", "GET /me/invites")]
                   + [("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedFunction aws:lambda:Function", 11.7),
                      ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedRule aws:cloudwatch:EventRule", 1.2),
                      ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyMemberJoinedTarget aws:cloudwatch:EventTarget", None)]
                   + updated_fn_events(["GET /groups/{groupId}/balances",
                                        "POST /groups/{groupId}/expenses/{expenseId}/receipt"]),
                   STAGING_API))
        t.bash(f"curl -fsS {STAGING_API}/health", "Health check on staging",
               out='{"ok":true,"stage":"staging","version":"dev"}')
        t.bash(f"for p in me/invites groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/exports/01K5A0000000000000000000000; do "
               f"printf '%s ' $p; curl -sS -o /dev/null -w '%{{http_code}}\\n' {STAGING_API}/$p; done",
               "Check the new routes exist behind the authorizer",
               out="me/invites 401\ngroups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/exports/01K5A0000000000000000000000 401")
        t.done("""Staging is on main (#46–#48).

- `sst diff` looked as expected: TTL (`expireAt`) enabled on the table, the ExportQueue + worker, the lifecycle rule for `exports/`, five new routes (exports ×2, invites ×2, `/me/invites`), the member-joined subscriber, and code updates for balances and receipt.
- The first `pnpm sst deploy --stage staging` failed on one resource: Lambda returned `ResourceConflictException: … An update is in progress` for the balances function (it got a configuration and a code update back to back). That's transient on AWS's side; the identical deploy went through on the second run.
- Smoke: `/health` → `ok`, `GET /me/invites` and `GET …/exports/…` without a token → `401`, so the routes are live and behind the authorizer.

Jonas can point the app at staging for invites and export now.""")

        t = d.task("did the 7-day expiry rule for exports/ actually make it to the prod receipts bucket? Chidi "
                   "released v0.10.0 on Friday and it should be in there", tags=["unfixed:U2"])
        t.fail("aws s3api list-buckets --profile tally-prod --query \"Buckets[?contains(Name, 'receiptsbucket')].Name\" "
               "--output text", "Find the production receipts bucket",
               "\nError when retrieving token from sso: Token has expired and refresh failed", code=255)
        t.say("The `tally-prod` SSO session has expired, and renewing it needs the browser sign-in, which I can't do "
              "from here. What I can check is what the release deploy did.")
        run_id = str(HX.randint(17_800_000_000, 17_899_999_999))
        t.bash("gh run list --workflow deploy-production.yml --limit 3", "List recent production deploy runs",
               out=f"""STATUS  TITLE    WORKFLOW           BRANCH   EVENT  ID           ELAPSED  AGE
✓       v0.10.0  deploy-production  v0.10.0 push   {run_id}  9m12s    about 3 days ago
✓       v0.9.2   deploy-production  v0.9.2  push   {int(run_id) - 913_402_117}  8m40s    about 22 days ago
✓       v0.9.1   deploy-production  v0.9.1  push   {int(run_id) - 1_408_772_390}  8m51s    about 1 month ago""")
        t.bash(f"gh run view {run_id} --log | grep -E 'ReceiptsLifecycle|ExportQueue sst|Complete' | cut -c1-160",
               "Look for the lifecycle rule in the release deploy log",
               out=f"""deploy	Deploy	2026-09-18T15:42:17.4410938Z |  Created     ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2 (1.5s)
deploy	Deploy	2026-09-18T15:42:49.0917712Z |  Created     ExportQueue sst:aws:Queue
deploy	Deploy	2026-09-18T15:44:05.2205170Z ✓  Complete""")
        t.done("""Probably yes, but I couldn't verify it on the bucket itself.

- Reading the prod account failed: `Error when retrieving token from sso: Token has expired and refresh failed` — the `tally-prod` SSO session needs a browser login, which I can't complete from here.
- Indirect evidence: the v0.10.0 production deploy (run %s, Friday 18 Sep, green) logged `Created ReceiptsLifecycle aws:s3:BucketLifecycleConfigurationV2` and `ExportQueue`, so Pulumi created the rule in prod.

To confirm on the bucket, run `aws sso login --profile tally-prod` and tell me; I'll then run `get-bucket-lifecycle-configuration` on the prod receipts bucket and check for `expire-exports` (prefix `exports/`, 7 days).""" % run_id)

        t = d.task("Maya wants a summary of what the API side shipped since v0.9.0 (early July) for the quarterly "
                   "update. pull it from git and group it by area, a few bullets each", tags=["noise", "long_output"])
        commits = [
            ("feat(digest): copy tweaks", "chidi"),
            ("feat(exports): CSV export of a group's expenses via SQS", "ethan"),
            ("fix(balances): only return currencies a member took part in", "ethan"),
            ("feat(invites): member.joined event and push to the group", "ethan"),
            ("docs(api): receipts endpoint for the app", "ethan"),
            ("feat(invites): invite by email, accept, list mine", "ethan"),
            ("chore(deps): bump electrodb to 3.4.5", "chidi"),
            ("feat(receipts): presigned receipt uploads", "ethan"),
            ("feat(balances): settle-up suggestions", "ethan"),
            ("feat(settlements): record payments and settle expenses", "ethan"),
            ("feat(balances): GET /groups/{groupId}/balances", "ethan"),
            ("chore: hand over notes for ethan", "chidi"),
            ("fix(digest): skip groups without activity", "chidi"),
            ("feat(digest): weekly digest email cron", "chidi"),
            ("chore(deps): bump sst to 3.18.4", "chidi"),
            ("fix(expenses): reject splits that don't add up", "chidi"),
            ("feat(activity): activity feed subscriber", "chidi"),
            ("chore(ci): deploy production on tags only", "chidi"),
            ("refactor(core): move entities into packages/core", "chidi"),
            ("feat(expenses): delete expense + expense.deleted event", "chidi"),
            ("fix(auth): use the ID token audience for the JWT authorizer", "chidi"),
            ("feat(users): store expo push tokens", "chidi"),
            ("chore(deps): bump @aws-sdk/* to 3.879", "dependabot[bot]"),
            ("feat(expenses): list expenses by status (gsi1)", "chidi"),
            ("test(core): run core tests against the stage table via sst shell", "chidi"),
            ("fix(groups): default currency EUR", "chidi"),
            ("chore(deps): bump vitest to 3.2", "dependabot[bot]"),
            ("feat(groups): add member endpoint", "chidi"),
            ("chore: biome 2 migration", "chidi"),
            ("fix(http): 403 instead of 500 for non-members", "chidi"),
            ("feat(expenses): currency on expenses", "chidi"),
            ("chore(deps): bump zod to 4.1", "dependabot[bot]"),
            ("feat(api): arm64 + node22 for all route functions", "chidi"),
            ("docs: README stages and profiles", "chidi"),
        ]
        log = "\n".join(f"{sha()} {m}" for m, _ in commits)
        t.bash("git fetch --tags --quiet && git log --oneline --no-merges v0.9.0..origin/main",
               "List commits since v0.9.0", out=log)
        t.bash("git log --no-merges v0.9.0..origin/main --format='%an' | sort | uniq -c | sort -rn",
               "Count commits by author", out="     22 Chidi Okafor\n      9 Ethan Walsh\n      3 dependabot[bot]")
        t.done("""**API since v0.9.0 (July → now), 34 commits**

**Expenses & balances**
- Multi-currency expenses; splits must add up to the amount.
- Balances per member and currency, and settle-up suggestions (fewest transfers).
- Settlements: record a payment and mark the covered expenses settled.
- Delete expenses; listing by open/settled.

**Groups & invites**
- Invite by email (7-day invites), accept, and "my invites" after sign-in.
- Push notification to the group when someone joins; push tokens stored per user.
- Add-member endpoint; 403 instead of errors for non-members.

**Receipts & exports**
- Receipt photos uploaded straight to S3.
- CSV export of a group's expenses, download link valid for 7 days.

**Engagement**
- Weekly digest email (cron) and an activity feed per group.

**Platform**
- All functions on Node 22 / arm64; production deploys only from release tags; core tests run against real AWS resources per developer stage; SST, ElectroDB, AWS SDK, zod, vitest upgrades; Biome 2.

Split: Chidi 22 commits (July–August, plus the digest copy fix), Ethan 9 (September), dependabot 3.""")

    # ============================================================ S8  Thu 09-24
    with d.session("2026-09-24T09:30:00", R, branch="feat/group-settings", version="2.1.114"):
        t = d.task("group settings: GET and PATCH /groups/{groupId}/settings (default currency and a 'simplify "
                   "debts' toggle). and a change of plan: going forward, new endpoints go into one Hono app per "
                   "domain instead of one function per route — we're at 21 functions and the group screen pays for "
                   "five cold starts. start with settings as a Hono app in packages/functions/src/api/settings.ts; "
                   "leave the existing handlers alone until we touch them anyway",
                   tags=["reversal:P3"])
        GRP = "packages/core/src/group/group.ts"
        t.read(P(GRP))
        t.read(P("packages/functions/src/http.ts"))
        t.read(P("infra/api.ts"))
        t.bash("pnpm --filter @tally/functions add hono", "Add hono to the functions package", out=""".                                        |   +1 +
Progress: resolved 428, reused 427, downloaded 1, added 1, done

dependencies:
+ hono 4.9.8

Done in 1.9s using pnpm v10.15.1""")
        t.edit(P(GRP), """      defaultCurrency: { type: "string", required: true, default: "EUR" },
""", """      defaultCurrency: { type: "string", required: true, default: "EUR" },
      simplifyDebts: { type: "boolean", required: true, default: true },
""")
        t.edit(P(GRP), """export async function get(groupId: string) {""", """export const SettingsInput = z
  .object({
    defaultCurrency: z.string().regex(/^[A-Z]{3}$/),
    simplifyDebts: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "nothing to update");

export async function updateSettings(groupId: string, input: z.infer<typeof SettingsInput>) {
  const result = await GroupEntity.patch({ groupId }).set(input).go({ response: "all_new" });
  return settingsOf(result.data);
}

export const settingsOf = (g: Pick<Group, "defaultCurrency" | "simplifyDebts">) => ({
  defaultCurrency: g.defaultCurrency,
  simplifyDebts: g.simplifyDebts,
});

export async function get(groupId: string) {""")
        t.edit(P(GRP), """import { ulid } from "ulid";
import { Table } from "../dynamo";""", """import { ulid } from "ulid";
import { z } from "zod";
import { Table } from "../dynamo";""")
        t.write(P("packages/core/src/group/settings.test.ts"), """import { describe, expect, it } from "vitest";
import * as Group from "./group";

describe("group settings", () => {
  it("defaults to EUR with debt simplification on", async () => {
    const g = await Group.create({ name: "Flat 3B", createdBy: "ana", displayName: "Ana" });
    expect(Group.settingsOf(await Group.get(g.groupId))).toEqual({
      defaultCurrency: "EUR",
      simplifyDebts: true,
    });
  });

  it("updates only the fields given", async () => {
    const g = await Group.create({ name: "Flat 3B", createdBy: "ana", displayName: "Ana" });
    expect(await Group.updateSettings(g.groupId, { simplifyDebts: false })).toEqual({
      defaultCurrency: "EUR",
      simplifyDebts: false,
    });
  });

  it("rejects lowercase or unknown-looking currency codes", () => {
    expect(Group.SettingsInput.safeParse({ defaultCurrency: "eur" }).success).toBe(false);
    expect(Group.SettingsInput.safeParse({}).success).toBe(false);
  });
});
""")
        t.write(P("packages/functions/src/api/settings.ts"), """import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@tally/core/error";
import * as Group from "@tally/core/group/group";
import * as Member from "@tally/core/member/member";
import { Hono } from "hono";
import { handle, type LambdaEvent } from "hono/aws-lambda";
import { ZodError } from "zod";

type Env = { Bindings: { event: LambdaEvent } };

const sub = (event: LambdaEvent) =>
  (event.requestContext as { authorizer: { jwt: { claims: Record<string, string> } } }).authorizer.jwt
    .claims.sub;

const app = new Hono<Env>().basePath("/groups/:groupId/settings");

app.get("/", async (c) => {
  const groupId = c.req.param("groupId");
  await Member.assertMember(groupId, sub(c.env.event));
  return c.json(Group.settingsOf(await Group.get(groupId)));
});

app.patch("/", async (c) => {
  const groupId = c.req.param("groupId");
  const me = await Member.assertMember(groupId, sub(c.env.event));
  if (me.role !== "owner") throw new ForbiddenError("Only the group owner can change settings");
  const input = Group.SettingsInput.parse(await c.req.json());
  return c.json(await Group.updateSettings(groupId, input));
});

// problem+json, same mapping as problemRoute() in http.ts
app.onError((err, c) => {
  const [status, title] =
    err instanceof ZodError || err instanceof ValidationError
      ? [400, "Invalid request"]
      : err instanceof ForbiddenError
        ? [403, "Forbidden"]
        : err instanceof NotFoundError
          ? [404, "Not found"]
          : err instanceof ConflictError
            ? [409, "Conflict"]
            : [500, "Internal Server Error"];
  if (status === 500) console.error(err);
  return c.body(
    JSON.stringify({ type: "about:blank", title, status, ...(status < 500 ? { detail: err.message } : {}) }),
    status as 400,
    { "content-type": "application/problem+json" },
  );
});

export const handler = handle(app);
""")
        t.edit(P("infra/api.ts"), """// exports""", """// settings — Hono app per domain (one function for all methods)
api.route(
  "ANY /groups/{groupId}/settings",
  { handler: "packages/functions/src/api/settings.handler", link: [table] },
  auth,
);

// exports""")
        TESTS["src/group/settings.test.ts"] = [3, True]
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Settings are in, as the first Hono app.

- **`packages/functions/src/api/settings.ts`** — one Hono app (`basePath("/groups/:groupId/settings")`) exported through `handle(app)` from `hono/aws-lambda`:
  - `GET /` → `{ defaultCurrency, simplifyDebts }` (members)
  - `PATCH /` → partial update, owner only
  - `onError` maps our errors to problem+json exactly like `problemRoute()`; the caller comes from the JWT claims on the Lambda event (`c.env.event`).
- **`infra/api.ts`** — a single `ANY /groups/{groupId}/settings` route → that one function. The next domain app will use `ANY /…/{proxy+}` once it has sub-paths.
- **Core `group.ts`** — `simplifyDebts` attribute (default `true`), `SettingsInput` (zod; currency must be three uppercase letters, empty body rejected), `updateSettings()`, `settingsOf()`.
- **Tests** — `group/settings.test.ts` (defaults, partial update, validation); suite and typecheck green.

Going forward new endpoints go into a Hono app per domain; the existing one-function-per-route handlers stay until we touch them. `hono` is a dependency of `@tally/functions` now (4.9.8).""")

        t = d.task("expenses from before multi-currency (spring) have no currency attribute. write a backfill script "
                   "in packages/scripts that sets it to the group's defaultCurrency, with a --dry-run flag, and run "
                   "the dry run against staging so we see how many there are", tags=["mistake:M1"])
        t.read(P("packages/scripts/src/seed-demo.ts"))
        t.read(P(EXP))
        BF = "packages/scripts/src/backfill-expense-currency.ts"
        t.write(P(BF), """// Sets `currency` on expenses created before multi-currency, from the group's defaultCurrency.
//   --dry-run   only count, write nothing
import { ExpenseEntity } from "@tally/core/expense/expense";
import * as Group from "@tally/core/group/group";
import { Resource } from "sst";

const dryRun = process.argv.includes("--dry-run");
console.log(`stage ${Resource.App.stage}${dryRun ? " (dry run)" : ""}`);

let scanned = 0;
const missing: { groupId: string; expenseId: string }[] = [];
let cursor: string | null = null;
do {
  const page = await ExpenseEntity.scan.go({ cursor, limit: 500 });
  scanned += page.data.length;
  for (const e of page.data) if (!e.currency) missing.push({ groupId: e.groupId, expenseId: e.expenseId });
  cursor = page.cursor;
} while (cursor);

const byGroup = Map.groupBy(missing, (e) => e.groupId);
const perCurrency = new Map<string, number>();
for (const [groupId, expenses] of byGroup) {
  const currency = await Group.get(groupId)
    .then((g) => g.defaultCurrency)
    .catch(() => "EUR");
  perCurrency.set(currency, (perCurrency.get(currency) ?? 0) + expenses.length);
  if (dryRun) continue;
  for (const { expenseId } of expenses) {
    await ExpenseEntity.patch({ groupId, expenseId })
      .set({ currency })
      .where(({ currency: c }, { notExists }) => notExists(c))
      .go();
  }
}

console.log(`scanned ${scanned} expenses, ${missing.length} without currency in ${byGroup.size} groups`);
for (const [currency, n] of perCurrency) console.log(`  ${dryRun ? "would set" : "set"} ${currency}: ${n}`);
""")
        t.fail(f"cd {SCRIPTS} && pnpm tsx src/backfill-expense-currency.ts --dry-run",
               "Dry-run the backfill", f"""{R}/node_modules/.pnpm/sst@{SSTV}/node_modules/sst/dist/resource.js:71
            throw new Error("{LINKS_INACTIVE}");
                  ^

Error: {LINKS_INACTIVE}
    at Object.get ({R}/node_modules/.pnpm/sst@{SSTV}/node_modules/sst/dist/resource.js:71:19)
    at <anonymous> ({CORE}/src/dynamo.ts:9:19)
    at ModuleJob.run (node:internal/modules/esm/module_job:343:25)
    at async onImport.tracePromise.__proto__ (node:internal/modules/esm/loader:665:26)
    at async asyncRunEntryPointWithESMLoader (node:internal/modules/run_main:117:5)

Node.js v22.19.0
 ELIFECYCLE  Command failed with exit code 1.""")
        t.say("Plain `tsx` has no SST links, so `Resource.Table` in core throws at import. The script also has to "
              "point at staging; let me check how the scripts package runs things.")
        t.read(P("packages/scripts/package.json"))
        t.bash(f"cd {SCRIPTS} && pnpm sst shell --stage staging -- tsx src/backfill-expense-currency.ts --dry-run",
               "Dry-run the backfill against staging", timeout=300000,
               out="""stage staging (dry run)
scanned 1284 expenses, 212 without currency in 37 groups
  would set EUR: 198
  would set GBP: 14""")
        t.done("""Dry run against staging: **212 of 1,284 expenses have no currency**, spread over 37 groups — 198 would get EUR and 14 GBP (from their groups' `defaultCurrency`).

The script is `packages/scripts/src/backfill-expense-currency.ts`:
- scans the `expense` entity (ElectroDB scan, 500 per page), collects those without `currency`;
- per group reads `defaultCurrency` (falls back to EUR if the group is gone);
- without `--dry-run` it patches each expense with a `notExists(currency)` condition, so rerunning it or racing a real update can't overwrite a currency;
- prints the stage first, so it's obvious where it ran.

It only works with SST links, i.e. through `sst shell` — my first attempt with plain `tsx` died on `Resource.Table`. To run it for real on staging:

```
cd packages/scripts && pnpm sst shell --stage staging -- tsx src/backfill-expense-currency.ts
```

Production the same way with `--stage production` once your prod SSO session is back. Want me to do the staging run?""")

        t = d.task("ship it — settings, the Hono bits and the backfill script in one PR. keep the PR body short",
                   tags=["workflow:W1"])
        t.bash("git status --short", "Show changed files", out=""" M infra/api.ts
 M packages/core/src/group/group.ts
 M packages/functions/package.json
 M pnpm-lock.yaml
?? packages/core/src/group/settings.test.ts
?? packages/functions/src/api/settings.ts
?? packages/scripts/src/backfill-expense-currency.ts""")
        NFILES[0] += 14
        t.bash("pnpm lint", "Run biome", out=lint_ok())
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        s3 = sha()
        t.bash('git add -A && git commit -m "feat(settings): group settings as a Hono app" -m "GET/PATCH '
               '/groups/{groupId}/settings (defaultCurrency, simplifyDebts) in one Hono function; '
               'backfill script for expenses without a currency."', "Commit",
               out=f"""[feat/group-settings {s3}] feat(settings): group settings as a Hono app
 7 files changed, 198 insertions(+), 1 deletion(-)
 create mode 100644 packages/core/src/group/settings.test.ts
 create mode 100644 packages/functions/src/api/settings.ts
 create mode 100644 packages/scripts/src/backfill-expense-currency.ts""")
        t.bash("git push -u origin feat/group-settings", "Push the branch", err=push_new("feat/group-settings"))
        t.bash("gh pr create --base main --title \"feat(settings): group settings as a Hono app\" --body \"$(cat <<'EOF'\n"
               "Group settings (`defaultCurrency`, `simplifyDebts`) via GET/PATCH `/groups/{groupId}/settings` — the "
               "first endpoint as a Hono app per domain (one function, `ANY` route), errors as problem+json.\n\n"
               "Also `packages/scripts/src/backfill-expense-currency.ts` (`--dry-run`): staging has 212 expenses "
               "without a currency.\n\nTested: lint, typecheck, core tests (new `settings.test.ts`), dry run on "
               "staging.\nEOF\n)\"", "Open the PR", out=f"https://github.com/{GH}/pull/51",
               err=pr_err("feat/group-settings"))
        t.done(f"""Shipped: lint, typecheck and tests green; committed `{s3}`, pushed `feat/group-settings`, PR #51 with a three-line body: https://github.com/{GH}/pull/51""")

    # ============================================================ S9  Mon 09-28
    with d.session("2026-09-28T08:15:00", R, branch="feat/recurring", version="2.1.116"):
        t = d.task("recurring expenses: rules like 'rent 1200 EUR on the 1st of every month, split evenly' or weekly "
                   "ones. rule ids are ULIDs — never randomUUID, you know the drill. endpoints in a Hono app "
                   "(api/recurring.ts): create, list, pause, resume. the cron that turns due rules into expenses "
                   "comes later; for now the model, the endpoints and tests", tags=["mistake:M2", "pref:P1"])
        t.read(P(EXP))
        t.read(P("packages/functions/src/api/settings.ts"))
        t.read(P("packages/core/src/util/money.ts"))
        REC = "packages/core/src/recurring/recurring.ts"
        t.write(P(REC), """import { Entity, type EntityItem } from "electrodb";
import { ulid } from "ulid";
import { z } from "zod";
import { Table } from "../dynamo";
import { NotFoundError } from "../error";

export const RuleEntity = new Entity(
  {
    model: { entity: "recurringRule", version: "1", service: "tally" },
    attributes: {
      groupId: { type: "string", required: true, readOnly: true },
      ruleId: { type: "string", required: true, readOnly: true, default: () => ulid() },
      description: { type: "string", required: true },
      amount: { type: "number", required: true },
      currency: { type: "string", required: true },
      paidBy: { type: "string", required: true },
      splitAmong: { type: "list", items: { type: "string" }, required: true },
      frequency: { type: ["weekly", "monthly"] as const, required: true },
      /** 1–28 for monthly, 0 (Sunday)–6 for weekly */
      day: { type: "number", required: true },
      state: { type: ["active", "paused"] as const, required: true, default: "active" },
      /** ms, 08:00 UTC on the next run day */
      nextRunAt: { type: "number", required: true },
      lastRunAt: { type: "number" },
      createdBy: { type: "string", required: true, readOnly: true },
      createdAt: { type: "number", required: true, readOnly: true, default: () => Date.now() },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["groupId"] },
        sk: { field: "sk", composite: ["ruleId"] },
      },
      // the hourly job reads active rules ordered by nextRunAt
      due: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["state"] },
        sk: { field: "gsi1sk", composite: ["nextRunAt", "ruleId"] },
      },
    },
  },
  Table,
);

export type Rule = EntityItem<typeof RuleEntity>;

export const CreateInput = z
  .object({
    description: z.string().min(1).max(120),
    amount: z.number().int().positive(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    paidBy: z.string(),
    splitAmong: z.array(z.string()).min(1),
    frequency: z.enum(["weekly", "monthly"]),
    day: z.number().int().min(0).max(28),
  })
  .refine((r) => (r.frequency === "monthly" ? r.day >= 1 : r.day <= 6), "day out of range");

const RUN_HOUR_UTC = 8;

/** Next run strictly after `after`: 08:00 UTC on the rule's day of month / weekday. */
export function nextRun(rule: Pick<Rule, "frequency" | "day">, after: number): number {
  const d = new Date(after);
  const at = (y: number, m: number, day: number) => Date.UTC(y, m, day, RUN_HOUR_UTC);
  if (rule.frequency === "monthly") {
    const thisMonth = at(d.getUTCFullYear(), d.getUTCMonth(), rule.day);
    return thisMonth > after ? thisMonth : at(d.getUTCFullYear(), d.getUTCMonth() + 1, rule.day);
  }
  const ahead = (rule.day - d.getUTCDay() + 7) % 7;
  const candidate = at(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + ahead);
  return candidate > after ? candidate : candidate + 7 * 24 * 3600 * 1000;
}

export async function create(groupId: string, createdBy: string, input: z.infer<typeof CreateInput>) {
  const result = await RuleEntity.create({
    ...input,
    groupId,
    createdBy,
    nextRunAt: nextRun(input, Date.now()),
  }).go();
  return result.data;
}

export async function get(groupId: string, ruleId: string) {
  const { data } = await RuleEntity.get({ groupId, ruleId }).go();
  if (!data) throw new NotFoundError("recurring rule", ruleId);
  return data;
}

export async function list(groupId: string) {
  const result = await RuleEntity.query.primary({ groupId }).go({ pages: "all" });
  return result.data;
}

export async function pause(groupId: string, ruleId: string) {
  const rule = await get(groupId, ruleId);
  if (rule.state === "paused") return rule;
  const result = await RuleEntity.patch({ groupId, ruleId })
    .set({ state: "paused" })
    .go({ response: "all_new" });
  return result.data;
}

export async function resume(groupId: string, ruleId: string) {
  const rule = await get(groupId, ruleId);
  if (rule.state === "active") return rule;
  const result = await RuleEntity.patch({ groupId, ruleId })
    .set({ state: "active", nextRunAt: nextRun(rule, Date.now()) })
    .go({ response: "all_new" });
  return result.data;
}
""")
        RECT = "packages/core/src/recurring/recurring.test.ts"
        t.write(P(RECT), """import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import * as Recurring from "./recurring";

const rent = {
  description: "Rent",
  amount: 120000,
  currency: "EUR",
  paidBy: "ana",
  splitAmong: ["ana", "ben", "chloe"],
  frequency: "monthly" as const,
  day: 1,
};

describe("nextRun", () => {
  it("monthly: later this month, else next month", () => {
    expect(new Date(Recurring.nextRun(rent, Date.UTC(2026, 8, 28, 9))).toISOString()).toBe(
      "2026-10-01T08:00:00.000Z",
    );
    expect(new Date(Recurring.nextRun({ ...rent, day: 28 }, Date.UTC(2026, 8, 28, 7))).toISOString()).toBe(
      "2026-09-28T08:00:00.000Z",
    );
  });

  it("weekly: the next matching weekday", () => {
    // 2026-09-28 is a Monday; day 5 = Friday
    expect(
      new Date(Recurring.nextRun({ frequency: "weekly", day: 5 }, Date.UTC(2026, 8, 28, 9))).toISOString(),
    ).toBe("2026-10-02T08:00:00.000Z");
  });
});

describe("rules", () => {
  it("creates an active rule with a ULID id and its next run", async () => {
    const rule = await Recurring.create(`test-${ulid()}`, "ana", rent);
    expect(rule.ruleId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(rule.state).toBe("active");
    expect(rule.nextRunAt).toBeGreaterThan(Date.now());
  });

  it("pauses a rule", async () => {
    const groupId = `test-${ulid()}`;
    const rule = await Recurring.create(groupId, "ana", rent);
    const paused = await Recurring.pause(groupId, rule.ruleId);
    expect(paused.state).toBe("paused");
    expect(paused.nextRunAt).toBe(rule.nextRunAt);
  });

  it("resumes a paused rule with a fresh next run", async () => {
    const groupId = `test-${ulid()}`;
    const rule = await Recurring.create(groupId, "ana", rent);
    await Recurring.pause(groupId, rule.ruleId);
    const resumed = await Recurring.resume(groupId, rule.ruleId);
    expect(resumed.state).toBe("active");
    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());
  });
});
""")
        t.write(P("packages/functions/src/api/recurring.ts"), """import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "@tally/core/error";
import * as Member from "@tally/core/member/member";
import * as Recurring from "@tally/core/recurring/recurring";
import { Hono } from "hono";
import { handle, type LambdaEvent } from "hono/aws-lambda";
import { ZodError } from "zod";

type Env = { Bindings: { event: LambdaEvent } };

const sub = (event: LambdaEvent) =>
  (event.requestContext as { authorizer: { jwt: { claims: Record<string, string> } } }).authorizer.jwt
    .claims.sub;

const app = new Hono<Env>().basePath("/groups/:groupId/recurring");

app.use(async (c, next) => {
  await Member.assertMember(c.req.param("groupId") ?? "", sub(c.env.event));
  await next();
});

app.get("/", async (c) => c.json({ rules: await Recurring.list(c.req.param("groupId")) }));

app.post("/", async (c) => {
  const input = Recurring.CreateInput.parse(await c.req.json());
  return c.json(await Recurring.create(c.req.param("groupId"), sub(c.env.event), input), 201);
});

app.post("/:ruleId/pause", async (c) =>
  c.json(await Recurring.pause(c.req.param("groupId"), c.req.param("ruleId"))),
);

app.post("/:ruleId/resume", async (c) =>
  c.json(await Recurring.resume(c.req.param("groupId"), c.req.param("ruleId"))),
);

app.onError((err, c) => {
  const [status, title] =
    err instanceof ZodError || err instanceof ValidationError
      ? [400, "Invalid request"]
      : err instanceof ForbiddenError
        ? [403, "Forbidden"]
        : err instanceof NotFoundError
          ? [404, "Not found"]
          : err instanceof ConflictError
            ? [409, "Conflict"]
            : [500, "Internal Server Error"];
  if (status === 500) console.error(err);
  return c.body(
    JSON.stringify({ type: "about:blank", title, status, ...(status < 500 ? { detail: err.message } : {}) }),
    status as 400,
    { "content-type": "application/problem+json" },
  );
});

export const handler = handle(app);
""")
        t.read(P("infra/api.ts"))
        t.edit(P("infra/api.ts"), """// exports""", """// recurring expenses — Hono app
for (const path of ["/groups/{groupId}/recurring", "/groups/{groupId}/recurring/{proxy+}"]) {
  api.route(
    `ANY ${path}`,
    { handler: "packages/functions/src/api/recurring.handler", link: [table] },
    auth,
  );
}

// exports""")
        TESTS["src/recurring/recurring.test.ts"] = [5, True]
        err = composite_err(["nextRunAt"], ["due"])
        ln, col = line_col(d, REC, '.set({ state: "paused" })', None)
        ln += 1
        col = d.files[P(REC)].split("\n")[ln - 1].index("go(") + 1
        rt = d.files[P(RECT)].split("\n")
        p1 = [k + 1 for k, l in enumerate(rt) if "Recurring.pause(groupId, rule.ruleId)" in l]
        blocks = []
        for i, (nm, tl) in enumerate(zip(["rules > pauses a rule", "rules > resumes a paused rule with a fresh next run"], p1), 1):
            tc = rt[tl - 1].index("Recurring.pause") + len("Recurring.") + 1
            blocks.append(f""" FAIL  src/recurring/recurring.test.ts > {nm}
ElectroError: {err}
{edb_stack()}
 ❯ Module.pause src/recurring/recurring.ts:{ln}:{col}
{vt_frame(d, REC, ln, col)}
 ❯ src/recurring/recurring.test.ts:{tl}:{tc}

{frame_end(i, 2)}
""")
        t.fail("pnpm --filter @tally/core test src/recurring", "Run the recurring tests",
               core_test_hdr("src/recurring") + "\n" + vt_head() + f""" ❯ src/recurring/recurring.test.ts (5 tests | 2 failed) {ms(1200, 1900)}ms
   ✓ nextRun > monthly: later this month, else next month 2ms
   ✓ nextRun > weekly: the next matching weekday 0ms
   ✓ rules > creates an active rule with a ULID id and its next run {ms(200, 400)}ms
   × rules > pauses a rule {ms(250, 450)}ms
     → {err}
   × rules > resumes a paused rule with a fresh next run {ms(250, 450)}ms
     → {err}

{failed_tests_hdr(2)}

""" + "\n".join(blocks) + "\n" + vt_summary(d, 1, 1, 2, 5) + "\n✕  exit status 1\n" +
               pnpm_filter_fail("src/recurring"))
        t.say("Pausing changes `state`, which is the partition key of the `due` index, and ElectroDB rebuilds the "
              "whole gsi1 key from `state` + `nextRunAt` + `ruleId`. The patch only gives it `state` (and `ruleId` "
              "from the key), so it stops on the missing `nextRunAt`. `resume` sets both and is fine. `pause()` "
              "already loaded the rule, so it can pass the current `nextRunAt` via `.composite()`.")
        t.edit(P(REC), """    .set({ state: "paused" })
    .go({ response: "all_new" });""", """    .set({ state: "paused" })
    // state is the due index's partition key; the sort key needs nextRunAt to be rebuilt
    .composite({ nextRunAt: rule.nextRunAt })
    .go({ response: "all_new" });""")
        t.bash("pnpm --filter @tally/core test src/recurring", "Re-run the recurring tests",
               out=core_ok(d, "src/recurring", only=["src/recurring/recurring.test.ts"]))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Recurring rules are in (model, endpoints, tests; no cron yet).

- **Core `recurring/recurring.ts`** — `recurringRule` entity: `groupId` / `ruleId` (ULID), description, amount (cents), currency, paidBy, `splitAmong`, `frequency` (`weekly | monthly`), `day` (1–28 for monthly so February works, 0–6 for weekly), `state` (`active | paused`), `nextRunAt`, `lastRunAt`. Index `due` on gsi1: `state` → `nextRunAt, ruleId`, so the cron can ask for "active rules with nextRunAt ≤ now" in one query.
  - `nextRun()` — next 08:00 UTC on the rule's day, strictly after a given time.
  - `create`, `get`, `list`, `pause` (keeps `nextRunAt`), `resume` (recomputes `nextRunAt` from now, so nothing is back-filled for the paused period).
- **Hono app `api/recurring.ts`** — `GET /`, `POST /`, `POST /:ruleId/pause`, `POST /:ruleId/resume` under `/groups/:groupId/recurring`; a membership middleware for all of them; problem+json `onError` like settings. Routes `ANY /groups/{groupId}/recurring` and `ANY …/recurring/{proxy+}` → one function.
- **Tests** — `recurring.test.ts`: nextRun monthly/weekly, create, pause, resume.

The first run failed in pause (and in resume, which pauses first): ElectroDB's "Incomplete composite attributes … "nextRunAt" … "due"" — changing `state` means rewriting the gsi1 key, which also contains `nextRunAt`. `pause()` now passes it with `.composite({ nextRunAt: rule.nextRunAt })`. Green now, typecheck too.""")

        t = d.task("push to the group when someone adds an expense: \"Ana added Dinner at Taberna · €96.00\" to "
                   "everyone in the split except whoever added it. subscriber on expense.created, like the "
                   "member-joined one", tags=["workflow:W3"])
        t.read(P("packages/core/src/expense/events.ts"))
        t.read(P(NOT))
        t.read(P("infra/bus.ts"))
        t.read(P("packages/functions/src/subscribers/notify-member-joined.ts"))
        t.edit(P(NOT), """import * as Member from "../member/member";
import * as User from "../user/user";""", """import * as Expense from "../expense/expense";
import * as Group from "../group/group";
import * as Member from "../member/member";
import * as User from "../user/user";
import { formatMoney } from "../util/money";""")
        t.edit(P(NOT), """  return tokens.length;
}
""", """  return tokens.length;
}

export async function expenseCreated(
  input: { groupId: string; expenseId: string; createdBy: string },
  send: Send = sendPush,
) {
  const [expense, group, members] = await Promise.all([
    Expense.get(input.groupId, input.expenseId),
    Group.get(input.groupId),
    Member.list(input.groupId),
  ]);
  const author = members.find((m) => m.userId === input.createdBy)?.displayName ?? "Someone";
  const recipients = expense.splits.map((s) => s.userId).filter((id) => id !== input.createdBy);
  const tokens = await tokensOf(recipients);
  const amount = formatMoney(expense.amount, expense.currency ?? group.defaultCurrency);
  await send(
    tokens.map((to) => ({
      to,
      title: group.name,
      body: `${author} added ${expense.description} · ${amount}`,
      data: { groupId: input.groupId, expenseId: input.expenseId, kind: "expense.created" },
    })),
  );
  return tokens.length;
}
""")
        NOTT = "packages/core/src/notify/notify.test.ts"
        t.read(P(NOTT))
        t.edit(P(NOTT), """import * as Member from "../member/member";
import * as User from "../user/user";
import { memberJoined } from "./notify";""", """import * as Expense from "../expense/expense";
import * as Group from "../group/group";
import * as Member from "../member/member";
import * as User from "../user/user";
import { expenseCreated, memberJoined } from "./notify";""")
        t.edit(P(NOTT), """    expect(send).toHaveBeenCalledWith([
      {
        to: "ExponentPushToken[sam]",
        title: "Lisbon trip",
        body: "Ana joined Lisbon trip",
        data: { groupId, kind: "member.joined" },
      },
    ]);
  });
});""", """    expect(send).toHaveBeenCalledWith([
      {
        to: "ExponentPushToken[sam]",
        title: "Lisbon trip",
        body: "Ana joined Lisbon trip",
        data: { groupId, kind: "member.joined" },
      },
    ]);
  });
});

describe("expenseCreated", () => {
  async function groupWithExpense(splitWith: string[]) {
    const ana = `ana-${ulid()}`;
    const group = await Group.create({ name: "Lisbon trip", createdBy: ana, displayName: "Ana" });
    const others = splitWith.map((n) => `${n}-${ulid()}`);
    for (const userId of others) await Member.add({ groupId: group.groupId, userId, displayName: userId });
    await User.UserEntity.put(
      [ana, ...others].map((userId) => ({
        userId,
        email: `${userId}@example.com`,
        displayName: userId,
        pushTokens: [`ExponentPushToken[${userId}]`],
      })),
    ).go();
    const expense = await Expense.create(group.groupId, ana, {
      description: "Dinner at Taberna",
      amount: 9600,
      currency: "EUR",
      paidBy: ana,
      splits: [ana, ...others].map((userId, i, all) => ({
        userId,
        share: 9600 / all.length + (i === 0 ? 9600 % all.length : 0),
      })),
    });
    return { group, ana, others, expense };
  }

  it("pushes to everyone in the split except the author", async () => {
    const { group, ana, others, expense } = await groupWithExpense(["ben", "chloe"]);
    const send = vi.fn().mockResolvedValue([]);
    const n = await expenseCreated({ groupId: group.groupId, expenseId: expense.expenseId, createdBy: ana }, send);
    expect(n).toBe(2);
    const messages = send.mock.calls[0][0];
    expect(messages.map((m: { to: string }) => m.to).sort()).toEqual(
      others.map((o) => `ExponentPushToken[${o}]`).sort(),
    );
    expect(messages[0].body).toBe("Ana added Dinner at Taberna · €96.00");
  });

  it("sends nothing when the author is the only one in the split", async () => {
    const { group, ana, expense } = await groupWithExpense([]);
    const send = vi.fn().mockResolvedValue([]);
    const n = await expenseCreated({ groupId: group.groupId, expenseId: expense.expenseId, createdBy: ana }, send);
    expect(n).toBe(0);
  });
});""")
        t.write(P("packages/functions/src/subscribers/notify-expense-created.ts"), """import { Events } from "@tally/core/expense/events";
import * as Notify from "@tally/core/notify/notify";
import { bus } from "sst/aws/bus";

export const handler = bus.subscriber([Events.Created], async (event) => {
  const sent = await Notify.expenseCreated(event.properties);
  console.log("expense.created push", { groupId: event.properties.groupId, sent });
});
""")
        t.edit(P("infra/bus.ts"), """  {
    pattern: { detailType: ["member.joined"] },
  },
);
""", """  {
    pattern: { detailType: ["member.joined"] },
  },
);

bus.subscribe(
  "NotifyExpenseCreated",
  {
    handler: "packages/functions/src/subscribers/notify-expense-created.handler",
    link: [table],
  },
  {
    pattern: { detailType: ["expense.created"] },
  },
);
""")
        TESTS["src/notify/notify.test.ts"] = [4, True]
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""Done — adding an expense now pushes to the rest of the split.

- **`Notify.expenseCreated()`** (`notify/notify.ts`) — loads the expense, the group and the members, takes everyone in `splits` except the author, and sends "Ana added Dinner at Taberna · €96.00" (amount via `formatMoney`, currency falls back to the group default) with `data: { groupId, expenseId, kind: "expense.created" }` for the deep link. Members without push tokens are skipped.
- **Subscriber** `subscribers/notify-expense-created.ts` + `NotifyExpenseCreated` in `infra/bus.ts` on `detailType: ["expense.created"]`, linked to the table. `expense.created` was already published by `Expense.create`, so nothing changed on the API side.
- **Tests** — two new cases in `notify.test.ts` (recipients = split minus author, the message text; nobody to notify when the author is alone); suite and typecheck green.

It runs next to the ActivityFeed subscriber on the same event; a failure in one doesn't affect the other.""")

        t = d.task("run the whole test suite before I start on the cron, I want a clean baseline",
                   tags=["flaky:F2", "long_output"])
        order = sorted([p for p in TESTS if p != "src/group/group.test.ts"], key=lambda p: (TESTS[p][1], HX.random()))
        ntests = sum(v[0] for v in TESTS.values())
        t.fail("pnpm test", "Run the core test suite",
               root_test_hdr() + "\n" + core_test_hdr() + "\n" + vt_head() +
               "\n".join(vt_line(p) for p in order[:9]) + f"""
 ❯ src/group/group.test.ts (5 tests | 1 failed) 6214ms
   × Group > creates a group with its owner as member 5003ms
     → Test timed out in 5000ms.
   ✓ Group > gets a group by id 311ms
   ✓ Group > throws NotFoundError for an unknown group 96ms
   ✓ Group > new groups default to EUR 287ms
   ✓ Group > lists the owner with role owner 402ms
""" + "\n".join(vt_line(p) for p in order[9:]) + f"""

{failed_tests_hdr(1)}

 FAIL  src/group/group.test.ts > Group > creates a group with its owner as member
Error: Test timed out in 5000ms.
If this is a long-running test, pass a timeout value as the last argument or configure it globally with "testTimeout".
 ❯ src/group/group.test.ts:9:3
      7|
      8| describe("Group", () => {{
      9|   it("creates a group with its owner as member", async () => {{
       |   ^
     10|     const group = await Group.create({{ name: "Lisbon trip", createdBy: "ana", displayName: "Ana" }});
     11|     expect(group.groupId).toMatch(/^[0-9A-HJKMNP-TV-Z]{{26}}$/);

{frame_end(1, 1)}

""" + vt_summary(d, 1, len(TESTS), 1, ntests) + "\n✕  exit status 1\n" + pnpm_filter_fail("") +
               "\n ELIFECYCLE  Test failed. See above for more details.")
        t.say("One timeout in the very first DynamoDB test of `group.test.ts` — the other four in that file took "
              "0.1–0.4 s and nothing in groups changed since the last green run. Looks like a slow first connection "
              "rather than a real failure; running the identical command again to see if it reproduces.")
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        t.done(f"""Baseline is green: {len(TESTS)} files, {ntests} tests passed on the second run.

The first run had one failure — `group.test.ts > creates a group with its owner as member` hit vitest's 5 s timeout, while the other tests in that file took well under half a second. It didn't reproduce on the identical re-run and nothing in that code changed, so I'd treat it as a flaky first round trip to DynamoDB (TLS + credential resolution on the first request of a worker), not a bug. If it shows up again, the cheap fix is a warm-up `DescribeTable` in a vitest `globalSetup` or a 10 s `testTimeout` for the DB tests.""")

        t = d.task("give me 2-3 sentences for Maya's changelog about recurring expenses. user-facing, no jargon",
                   tags=["noise", "no_tools"])
        t.done("""**Recurring expenses** — Set up expenses that repeat, like rent on the 1st of every month or a weekly cleaner, and Tally adds them to your group automatically and splits them evenly. You can pause a recurring expense any time (say, while someone's away for the summer) and resume it later without anything piling up in the meantime.""")

    # ============================================================ S10  Fri 10-02
    with d.session("2026-10-02T08:35:00", R, branch="feat/idempotency", version="2.1.118"):
        t = d.task("the app retries POST /groups/{groupId}/expenses when the connection drops and we're getting "
                   "duplicate expenses. make it idempotent on an Idempotency-Key header: Powertools idempotency with "
                   "its own DynamoDB table (Idempotency), keys expire after 24h", tags=["mistake:M3"])
        CR = "packages/functions/src/api/expenses/create.ts"
        t.read(P(CR))
        t.read(P("infra/storage.ts"))
        t.read(P("infra/api.ts"))
        t.read(P("packages/functions/src/http.ts"))
        t.bash("pnpm --filter @tally/core add @aws-lambda-powertools/idempotency @aws-sdk/lib-dynamodb",
               "Add Powertools idempotency to core", out=""".                                        |   +4 +
Progress: resolved 436, reused 432, downloaded 4, added 4, done

dependencies:
+ @aws-lambda-powertools/idempotency 2.27.0
+ @aws-sdk/lib-dynamodb 3.890.0

Done in 2.6s using pnpm v10.15.1""")
        t.edit(P("infra/storage.ts"), """/** Receipt photos, uploaded by the app""", """/** Powertools idempotency records (Idempotency-Key on POST /expenses), expired by TTL after 24 h. */
export const idempotency = new sst.aws.Dynamo("Idempotency", {
  fields: { id: "string" },
  primaryIndex: { hashKey: "id" },
  ttl: "expiration",
});

/** Receipt photos, uploaded by the app""")
        t.edit(P("infra/api.ts"), 'import { receipts, table } from "./storage";', 'import { idempotency, receipts, table } from "./storage";')
        t.edit(P("infra/api.ts"), """  "POST /groups/{groupId}/expenses",
  { handler: "packages/functions/src/api/expenses/create.handler", link: [table, bus] },""", """  "POST /groups/{groupId}/expenses",
  { handler: "packages/functions/src/api/expenses/create.handler", link: [table, bus, idempotency] },""")
        IDM = "packages/core/src/idempotency/idempotency.ts"
        t.write(P(IDM), """import { IdempotencyConfig, makeIdempotent } from "@aws-lambda-powertools/idempotency";
import { DynamoDBPersistenceLayer } from "@aws-lambda-powertools/idempotency/dynamodb";
import { Resource } from "sst";
import * as Expense from "../expense/expense";

const persistenceStore = new DynamoDBPersistenceLayer({ tableName: Resource.Idempotency.name });

export type CreateExpenseRequest = {
  key: string;
  groupId: string;
  createdBy: string;
  input: Parameters<typeof Expense.create>[2];
};

/**
 * Expense.create, deduplicated on (Idempotency-Key, group, caller) for 24 h: a repeat returns the first
 * result; the same key with a different body throws IdempotencyValidationError.
 */
export const createExpense = makeIdempotent(
  (req: CreateExpenseRequest) => Expense.create(req.groupId, req.createdBy, req.input),
  {
    persistenceStore,
    config: new IdempotencyConfig({
      eventKeyJmesPath: "[key, groupId, createdBy]",
      payloadValidationJmesPath: "input",
      expiresAfterSeconds: 24 * 60 * 60,
    }),
  },
);
""")
        IDMT = "packages/core/src/idempotency/idempotency.test.ts"
        t.write(P(IDMT), """import { IdempotencyValidationError } from "@aws-lambda-powertools/idempotency";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import * as Expense from "../expense/expense";
import { createExpense } from "./idempotency";

const input = {
  description: "Taxi",
  amount: 2400,
  currency: "EUR",
  paidBy: "ana",
  splits: [
    { userId: "ana", share: 1200 },
    { userId: "ben", share: 1200 },
  ],
};

describe("createExpense with an Idempotency-Key", () => {
  it("returns the first expense when the same request is retried", async () => {
    const groupId = `test-${ulid()}`;
    const key = ulid();
    const first = await createExpense({ key, groupId, createdBy: "ana", input });
    const retry = await createExpense({ key, groupId, createdBy: "ana", input });
    expect(retry.expenseId).toBe(first.expenseId);
    expect(await Expense.list(groupId)).toHaveLength(1);
  });

  it("refuses the same key with a different body", async () => {
    const groupId = `test-${ulid()}`;
    const key = ulid();
    await createExpense({ key, groupId, createdBy: "ana", input });
    await expect(
      createExpense({ key, groupId, createdBy: "ana", input: { ...input, description: "Train" } }),
    ).rejects.toBeInstanceOf(IdempotencyValidationError);
  });
});
""")
        t.edit(P(CR), """import * as Expense from "@tally/core/expense/expense";
import * as Member from "@tally/core/member/member";""", """import * as Expense from "@tally/core/expense/expense";
import * as Idempotency from "@tally/core/idempotency/idempotency";
import * as Member from "@tally/core/member/member";""")
        t.edit(P(CR), """  const expense = await Expense.create(groupId, me, input);""", """  const key = event.headers["idempotency-key"];
  const expense = key
    ? await Idempotency.createExpense({ key, groupId, createdBy: me, input })
    : await Expense.create(groupId, me, input);""")
        t.edit(P("packages/functions/src/http.ts"), """      if (err instanceof ForbiddenError) return json(403, { message: err.message });
      if (err instanceof ConflictError) return json(409, { message: err.message });
""", """      if (err instanceof ForbiddenError) return json(403, { message: err.message });
      if (err instanceof ConflictError) return json(409, { message: err.message });
      if (err instanceof Error && err.name === "IdempotencyValidationError") {
        return json(422, { message: "Idempotency-Key was already used with a different request body" });
      }
      if (err instanceof Error && err.name === "IdempotencyAlreadyInProgressError") {
        return json(409, { message: "A request with this Idempotency-Key is still in progress" });
      }
""")
        TESTS["src/idempotency/idempotency.test.ts"] = [2, True]
        ln, col = line_col(d, IDM, "tableName: Resource.Idempotency.name", "Idempotency.name")
        order = sorted([p for p in TESTS if p != "src/idempotency/idempotency.test.ts"],
                       key=lambda p: (TESTS[p][1], HX.random()))
        ntests = sum(v[0] for k, v in TESTS.items() if k != "src/idempotency/idempotency.test.ts")
        t.fail("pnpm test", "Run the core test suite",
               root_test_hdr() + "\n" + core_test_hdr() + "\n" + vt_head() +
               "\n".join(vt_line(p) for p in order[:6]) +
               "\n ❯ src/idempotency/idempotency.test.ts (0 test)\n" +
               "\n".join(vt_line(p) for p in order[6:]) + f"""

{failed_tests_hdr(1, suites=True)}

 FAIL  src/idempotency/idempotency.test.ts [ src/idempotency/idempotency.test.ts ]
Error: {not_linked("Idempotency")}
 ❯ Object.get {SST_RES}:74:11
 ❯ src/idempotency/idempotency.ts:{ln}:{col}
{vt_frame(d, IDM, ln, col)}

{frame_end(1, 1)}

""" + vt_summary(d, 1, len(TESTS), 0, ntests) + "\n✕  exit status 1\n" + pnpm_filter_fail("") +
               "\n ELIFECYCLE  Test failed. See above for more details.")
        t.bash("git status --short", "Show what changed", out=""" M infra/api.ts
 M infra/storage.ts
 M packages/core/package.json
 M packages/functions/src/api/expenses/create.ts
 M packages/functions/src/http.ts
 M pnpm-lock.yaml
?? packages/core/src/idempotency/""")
        t.say("The Idempotency table only exists in `infra/storage.ts` so far — it's linked to the route, but the "
              "tests run under `sst shell`, which hands out the links of what is deployed on `ethan`, and that stage "
              "has never seen the table. Deploying it:")
        t.bash("pnpm sst deploy --stage ethan", "Deploy the personal stage so the Idempotency table exists",
               timeout=900000,
               out=sst_deploy_ok("ethan", [
                   ("Created", "Idempotency sst:aws:Dynamo → IdempotencyTable aws:dynamodb:Table", 8.7),
                   ("Created", "Idempotency sst:aws:Dynamo", None)]
                   + [x for r in ["ANY /groups/{groupId}/settings", "ANY /groups/{groupId}/recurring",
                                  "ANY /groups/{groupId}/recurring/{proxy+}"] for x in new_route_events(r)]
                   + [("Created", "Bus sst:aws:Bus → BusSubscriberNotifyExpenseCreatedFunction aws:lambda:Function", 12.9),
                      ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyExpenseCreatedRule aws:cloudwatch:EventRule", 1.0),
                      ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyExpenseCreatedTarget aws:cloudwatch:EventTarget", None)]
                   + updated_fn_events(["POST /groups/{groupId}/expenses", "POST /groups", "GET /groups/{groupId}",
                                        "POST /groups/{groupId}/invites"]),
                   ETHAN_API))
        t.bash("pnpm test", "Re-run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""`POST /groups/{groupId}/expenses` is idempotent when the app sends an `Idempotency-Key` header.

- **Infra** — new `Idempotency` table (`sst.aws.Dynamo`, hash key `id`, TTL on `expiration` — the attribute names Powertools uses), linked only to the create-expense route.
- **Core `idempotency/idempotency.ts`** — `createExpense` = `Expense.create` wrapped in Powertools' `makeIdempotent` with a `DynamoDBPersistenceLayer` on that table. Idempotency key = `[key, groupId, createdBy]`, so two users can't collide on the same key; the request body is validated (`payloadValidationJmesPath: "input"`), records expire after 24 h.
- **Handler** — with the header it goes through `createExpense`, without it nothing changes. `route()` maps `IdempotencyValidationError` → 422 (same key, different body) and `IdempotencyAlreadyInProgressError` → 409 (retry while the first request is still running).
- **Tests** — `idempotency.test.ts`: a retried request returns the same expense and creates only one; same key + different body is refused.

The first run failed with `"Idempotency" is not linked in your sst.config.ts`: the table was only in the config, not on your stage. After `pnpm sst deploy --stage ethan` (which also brought settings, the recurring app and the expense push subscriber from main onto `ethan`), the full suite and typecheck are green.

For Jonas: send a fresh UUID/ULID per "Save" tap as `Idempotency-Key` and reuse it for the retries of that tap.""")

        t = d.task("I pushed that as #54. now the recurring cron, on a new branch off main: every "
                   "hour find the active rules that are due and publish recurring.due for each; a subscriber on that "
                   "creates the expense (split evenly, first shares get the extra cents) and moves nextRunAt on",
                   tags=["workflow:W3"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/recurring-cron",
               "Start a branch from the latest main", out=f"""Updating {sha()}..{sha()}
Fast-forward
 README.md | 14 +++++++++-----
 1 file changed, 9 insertions(+), 5 deletions(-)""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nSwitched to a new branch 'feat/recurring-cron'")
        t.read(P(REC))
        t.read(P("infra/cron.ts"))
        t.read(P("infra/bus.ts"))
        t.write(P("packages/core/src/recurring/events.ts"), """import { z } from "zod";
import { defineEvent } from "../event";

export const Events = {
  /** a rule's nextRunAt has passed; runAt is the slot being run (for dedupe) */
  Due: defineEvent(
    "recurring.due",
    z.object({ groupId: z.string(), ruleId: z.string(), runAt: z.number() }),
  ),
};
""")
        t.edit(P(REC), """import { Table } from "../dynamo";
import { NotFoundError } from "../error";""", """import { Table } from "../dynamo";
import { NotFoundError } from "../error";
import * as Expense from "../expense/expense";
import { splitEvenly } from "../util/money";""")
        t.edit(P(REC), """export async function pause(""", """/** Active rules whose next run is at or before `now`, oldest first. */
export async function dueRules(now = Date.now()) {
  const result = await RuleEntity.query
    .due({ state: "active" })
    .lte({ nextRunAt: now })
    .go({ pages: "all" });
  return result.data;
}

/**
 * Runs one slot of a rule: moves nextRunAt on (conditionally on it still being `runAt`, so a duplicate
 * or retried event can't run the same slot twice), then creates the expense.
 */
export async function run(groupId: string, ruleId: string, runAt: number) {
  const rule = await get(groupId, ruleId);
  if (rule.state !== "active" || rule.nextRunAt !== runAt) return null;
  await RuleEntity.patch({ groupId, ruleId })
    .set({ state: "active", nextRunAt: nextRun(rule, runAt), lastRunAt: Date.now() })
    .where(({ nextRunAt }, { eq }) => eq(nextRunAt, runAt))
    .go();
  const shares = splitEvenly(rule.amount, rule.splitAmong.length);
  return Expense.create(groupId, rule.createdBy, {
    description: rule.description,
    amount: rule.amount,
    currency: rule.currency,
    paidBy: rule.paidBy,
    splits: rule.splitAmong.map((userId, i) => ({ userId, share: shares[i] })),
  });
}

export async function pause(""")
        t.write(P("packages/functions/src/cron/recurring.ts"), """import { Events } from "@tally/core/recurring/events";
import * as Recurring from "@tally/core/recurring/recurring";
import { Resource } from "sst";
import { bus } from "sst/aws/bus";

export const handler = async () => {
  const due = await Recurring.dueRules(Date.now());
  for (const rule of due) {
    await bus.publish(Resource.Bus, Events.Due, {
      groupId: rule.groupId,
      ruleId: rule.ruleId,
      runAt: rule.nextRunAt,
    });
  }
  console.log("recurring.due published", { count: due.length });
};
""")
        t.write(P("packages/functions/src/subscribers/recurring-run.ts"), """import { Events } from "@tally/core/recurring/events";
import * as Recurring from "@tally/core/recurring/recurring";
import { bus } from "sst/aws/bus";

export const handler = bus.subscriber([Events.Due], async (event) => {
  const { groupId, ruleId, runAt } = event.properties;
  const expense = await Recurring.run(groupId, ruleId, runAt);
  console.log("recurring run", { groupId, ruleId, runAt, expenseId: expense?.expenseId ?? null });
});
""")
        t.edit(P("infra/cron.ts"), """import { table } from "./storage";
""", """import { bus } from "./bus";
import { table } from "./storage";

new sst.aws.Cron("RecurringExpenses", {
  schedule: "rate(1 hour)",
  function: {
    handler: "packages/functions/src/cron/recurring.handler",
    link: [table, bus],
    timeout: "1 minute",
  },
});
""")
        t.edit(P("infra/bus.ts"), """bus.subscribe(
  "NotifyExpenseCreated",""", """bus.subscribe(
  "RecurringRun",
  {
    handler: "packages/functions/src/subscribers/recurring-run.handler",
    // creates expenses, which publish expense.created
    link: [table, bus],
  },
  {
    pattern: { detailType: ["recurring.due"] },
  },
);

bus.subscribe(
  "NotifyExpenseCreated",""")
        t.read(P(RECT))
        t.edit(P(RECT), """    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());
  });
});""", """    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());
  });
});

describe("running rules", () => {
  async function dueRule(groupId: string) {
    const { data } = await Recurring.RuleEntity.create({
      ...rent,
      groupId,
      createdBy: "ana",
      nextRunAt: Date.UTC(2026, 9, 1, 8),
    }).go();
    return data;
  }

  it("dueRules finds active rules whose time has come", async () => {
    const rule = await dueRule(`test-${ulid()}`);
    const due = await Recurring.dueRules(Date.UTC(2026, 9, 1, 9));
    expect(due.map((r) => r.ruleId)).toContain(rule.ruleId);
  });

  it("run creates the expense once and moves nextRunAt to the next month", async () => {
    const groupId = `test-${ulid()}`;
    const rule = await dueRule(groupId);
    const expense = await Recurring.run(groupId, rule.ruleId, rule.nextRunAt);
    expect(expense?.splits.map((s) => s.share)).toEqual([40000, 40000, 40000]);
    expect(await Recurring.run(groupId, rule.ruleId, rule.nextRunAt)).toBeNull();
    expect(new Date((await Recurring.get(groupId, rule.ruleId)).nextRunAt).toISOString()).toBe(
      "2026-11-01T08:00:00.000Z",
    );
  });
});""")
        TESTS["src/recurring/recurring.test.ts"] = [7, True]
        t.bash("pnpm test", "Run the core test suite", out=root_ok(d))
        t.bash("pnpm typecheck", "Type-check all packages", out=typecheck_ok())
        t.done("""The recurring cron is in on `feat/recurring-cron`.

- **Cron** — `RecurringExpenses` in `infra/cron.ts`, `rate(1 hour)`, `cron/recurring.ts`: queries the `due` index (`state = active`, `nextRunAt ≤ now`) and publishes one `recurring.due { groupId, ruleId, runAt }` per rule.
- **Event** — `recurring/events.ts` (`recurring.due`).
- **Subscriber** — `RecurringRun` in `infra/bus.ts` → `subscribers/recurring-run.ts` → `Recurring.run()`; linked to table + bus since creating the expense publishes `expense.created` (so the push and the activity feed happen as for manual expenses).
- **`Recurring.run()`** — ignores the event unless the rule is still active and `nextRunAt === runAt`; then advances `nextRunAt` with a conditional write (`where nextRunAt = runAt`), and only then creates the expense with `splitEvenly` (first shares get the extra cents). A duplicate delivery or a cron overlap fails the condition and creates nothing.
- **Tests** — two new cases: `dueRules` finds a due rule; `run` creates one 3 × 400.00 expense, a second run of the same slot returns `null`, `nextRunAt` moves to 1 Nov 08:00 UTC. Suite and typecheck green.

If the service is down for a few hours, a rule runs once when it comes back (one slot per hour, catching up). Say if you'd rather skip missed slots.""")

        t = d.task("#54 and #55 are merged. deploy staging and smoke test; for idempotency just check that a POST "
                   "without a token still gets a 401 — Jonas tests the header from the app",
                   tags=["workflow:W2"])
        a, b = sha(), sha()
        t.bash("git switch main && git pull --ff-only", "Update main", out=f"""Updating {a}..{b}
Fast-forward
 infra/api.ts                                       |   4 +-
 infra/bus.ts                                       |  13 +
 infra/cron.ts                                      |  11 +
 infra/storage.ts                                   |   7 +
 packages/core/package.json                         |   2 +
 packages/core/src/idempotency/idempotency.test.ts  |  38 +++
 packages/core/src/idempotency/idempotency.ts       |  29 ++
 packages/core/src/recurring/events.ts              |  10 +
 packages/core/src/recurring/recurring.test.ts      |  35 +++
 packages/core/src/recurring/recurring.ts           |  38 +++
 packages/functions/src/api/expenses/create.ts      |   6 +-
 packages/functions/src/cron/recurring.ts           |  16 +
 packages/functions/src/http.ts                     |   6 +
 packages/functions/src/subscribers/recurring-run.ts |   9 +
 pnpm-lock.yaml                                     |  61 ++++
 15 files changed, 282 insertions(+), 3 deletions(-)""", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.bash("pnpm sst diff --stage staging", "Preview the staging changes", timeout=600000,
               out=sst_diff_out("staging", [
                   ("Created", "Idempotency sst:aws:Dynamo → IdempotencyTable aws:dynamodb:Table", None),
                   ("Created", "Idempotency sst:aws:Dynamo", None),
                   ("Created", "RecurringExpenses sst:aws:Cron → RecurringExpensesHandlerFunction aws:lambda:Function", None),
                   ("Created", "RecurringExpenses sst:aws:Cron → RecurringExpensesRule aws:cloudwatch:EventRule", None),
                   ("Created", "Bus sst:aws:Bus → BusSubscriberRecurringRunFunction aws:lambda:Function", None),
                   ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyExpenseCreatedFunction aws:lambda:Function", None)]
                   + [(x[0], x[1], None) for r in ["ANY /groups/{groupId}/settings", "ANY /groups/{groupId}/recurring",
                                                  "ANY /groups/{groupId}/recurring/{proxy+}"] for x in new_route_events(r)]
                   + [("Updated", fn_urn("POST /groups/{groupId}/expenses"), None)],
                   [("+", "Idempotency sst:aws:Dynamo → IdempotencyTable aws:dynamodb:Table",
                     [("+", "hashKey", "id"), ("+", "ttl", '{\n       "attributeName": "expiration",\n       "enabled": true\n     }')]),
                    ("+", "RecurringExpenses sst:aws:Cron → RecurringExpensesRule aws:cloudwatch:EventRule",
                     [("+", "scheduleExpression", "rate(1 hour)")]),
                    ("*", fn_urn("POST /groups/{groupId}/expenses"),
                     [("*", "environment", None), ("*", "sourceCodeHash", b62(43) + "=")])]
                   + [("+", f"Api sst:aws:ApiGatewayV2 → {ROUTES[r]}Route aws:apigatewayv2:Route", [("+", "routeKey", r)])
                      for r in ["ANY /groups/{groupId}/settings", "ANY /groups/{groupId}/recurring",
                                "ANY /groups/{groupId}/recurring/{proxy+}"]]))
        t.bash("pnpm sst deploy --stage staging", "Deploy main to staging", timeout=900000,
               out=sst_deploy_ok("staging", [
                   ("Created", "Idempotency sst:aws:Dynamo → IdempotencyTable aws:dynamodb:Table", 7.9),
                   ("Created", "Idempotency sst:aws:Dynamo", None),
                   ("Created", "RecurringExpenses sst:aws:Cron → RecurringExpensesHandlerRole aws:iam:Role", 1.6),
                   ("Created", "RecurringExpenses sst:aws:Cron → RecurringExpensesHandlerFunction aws:lambda:Function", 12.4),
                   ("Created", "RecurringExpenses sst:aws:Cron → RecurringExpensesRule aws:cloudwatch:EventRule", 1.1),
                   ("Created", "RecurringExpenses sst:aws:Cron → RecurringExpensesTarget aws:cloudwatch:EventTarget", None),
                   ("Created", "RecurringExpenses sst:aws:Cron", None),
                   ("Created", "Bus sst:aws:Bus → BusSubscriberRecurringRunFunction aws:lambda:Function", 13.0),
                   ("Created", "Bus sst:aws:Bus → BusSubscriberRecurringRunRule aws:cloudwatch:EventRule", 0.9),
                   ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyExpenseCreatedFunction aws:lambda:Function", 12.1),
                   ("Created", "Bus sst:aws:Bus → BusSubscriberNotifyExpenseCreatedRule aws:cloudwatch:EventRule", 1.2)]
                   + [x for r in ["ANY /groups/{groupId}/settings", "ANY /groups/{groupId}/recurring",
                                  "ANY /groups/{groupId}/recurring/{proxy+}"] for x in new_route_events(r)]
                   + updated_fn_events(["POST /groups/{groupId}/expenses"]), STAGING_API))
        t.bash(f"curl -fsS {STAGING_API}/health", "Health check on staging",
               out='{"ok":true,"stage":"staging","version":"dev"}')
        t.bash(f"curl -sS -o /dev/null -w '%{{http_code}}\\n' -X POST -H 'Idempotency-Key: smoke-{ulid_like().lower()}' "
               f"-H 'content-type: application/json' -d '{{}}' {STAGING_API}/groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/expenses",
               "POST an expense without a token", out="401")
        t.bash(f"curl -sS -o /dev/null -w '%{{http_code}}\\n' {STAGING_API}/groups/01K4ZQ8R2M7XW3B9TDC6VJ1N5E/recurring",
               "Check the recurring routes exist", out="401")
        t.bash("aws events describe-rule --name \"$(aws events list-rules --name-prefix tally-staging-RecurringExpenses "
               "--query 'Rules[0].Name' --output text --profile tally-dev --region eu-west-1)\" --query "
               "'[State,ScheduleExpression]' --output text --profile tally-dev --region eu-west-1",
               "Check the hourly rule is enabled", out="ENABLED\trate(1 hour)")
        t.done("""Staging has #53–#55.

- `sst diff` matched the PRs: the `Idempotency` table (TTL on `expiration`), the `RecurringExpenses` cron + `RecurringRun` and `NotifyExpenseCreated` subscribers, the settings/recurring Hono routes, and the create-expense function picking up its new link.
- `pnpm sst deploy --stage staging` went through in one go this time.
- Smoke: `/health` ok; `POST …/expenses` with an `Idempotency-Key` but no token → `401`; `…/recurring` → `401`; the hourly EventBridge rule is `ENABLED` with `rate(1 hour)`.

The first cron tick will publish nothing unless someone on staging has created a recurring rule with a past `nextRunAt`; Jonas's test rules will show whether the expenses appear after the next full hour.""")

        t = d.task("Chidi asks whether we should replace the hourly cron with one EventBridge Scheduler schedule per "
                   "recurring rule. short opinion, 4-5 lines", tags=["noise", "no_tools"])
        t.done("""Not now. A schedule per rule means creating/updating/deleting a Scheduler schedule on every create, pause, resume and edit — a second source of truth that can drift from the table, and API calls that can fail after the DB write.
The hourly query on the `due` index is one cheap read, keeps all the state in DynamoDB, and the conditional advance already makes it safe against duplicates.
What per-rule schedules would buy is minute-precise timing and no idle ticks — neither matters for rent-style expenses that land "sometime on the 1st".
I'd revisit if we ever need user-chosen times of day or have hundreds of thousands of rules (then it's one-time schedules for the *next* run, not cron expressions per rule).""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Core code reads linked SST resources (`Resource.Table.name` in src/dynamo.ts, evaluated "
                            "at import). Tests and scripts only work inside `sst shell`, which the package scripts "
                            "use (`test: sst shell vitest run`, scripts `shell: sst shell`). When Claude runs vitest "
                            "or tsx directly — to target one file, one test name or a script — the process has no "
                            "SST links and dies at import.",
             "error_signature": "SST SDK `Error: It does not look like SST links are active. If this is in local "
                                "development and you are not starting this process through the multiplexer, wrap "
                                "your command with `sst dev -- <command>`` — as a vitest 'Failed Suites' block with "
                                "`❯ src/dynamo.ts:9:19` (`cd packages/core && pnpm vitest run <file>`, `pnpm "
                                "--filter @tally/core exec vitest run src/balance -t \"leaves out\"`) or as a Node "
                                "stack trace from `pnpm tsx src/backfill-expense-currency.ts --dry-run`",
             "fix": "Run the same command through `sst shell` (optionally with `--stage <stage>`): `pnpm sst shell -- "
                    "vitest run <file>`, `pnpm --filter @tally/core exec sst shell -- vitest run …`, `pnpm sst shell "
                    "--stage staging -- tsx src/….ts --dry-run`.",
             "fix_command_markers": [["sst shell"]],
             "harmful_markers": ["SST_RESOURCE_", "vi.mock(\"sst\"", "vi.mock('sst'", "process.env.TABLE"]},
            {"id": "M2",
             "description": "ElectroDB single-table entities have GSIs whose keys include a mutable attribute "
                            "(Expense byStatus: groupId → status, createdAt; Invite byEmail: email → status, "
                            "expiresAt; RecurringRule due: state → nextRunAt, ruleId). Claude writes `.patch(key)"
                            ".set({ status/state })` without the other composite attributes of that index, so "
                            "ElectroDB cannot rebuild the GSI key and refuses the update.",
             "error_signature": "vitest: `ElectroError: Incomplete composite attributes: Without the composite "
                                "attributes \"<attr>\"[, …] the following access patterns cannot be updated: "
                                "\"<index>\". If a composite attribute is readOnly and cannot be set, use the "
                                "'composite' chain method on update …` (\"createdAt\"/\"byStatus\" in "
                                "Expense.settle; \"email\", \"expiresAt\"/\"byEmail\" in Invite.accept; "
                                "\"nextRunAt\"/\"due\" in Recurring.pause)",
             "fix": "Supply the missing composite attributes from the already loaded item with ElectroDB's "
                    "`.composite({ … })` chain on the patch (they are readOnly, so not via `.set()`), then re-run "
                    "the same test command.",
             "fix_command_markers": [[".composite("]],
             "harmful_markers": ["readOnly: false", "UpdateCommand", "@ts-ignore", "@ts-expect-error"]},
            {"id": "M3",
             "description": "Ethan does not keep `sst dev` running; tests run under `sst shell`, which takes its "
                            "links from what is deployed on the personal stage `ethan`. Claude adds a new linked "
                            "resource to the infra (Bucket Receipts, Queue ExportQueue, Dynamo table Idempotency), "
                            "links it correctly, and runs the tests before the stage has it.",
             "error_signature": "SST SDK `Error: \"<Name>\" is not linked in your sst.config.ts` in vitest "
                                "(`\"Receipts\"` from receipt.ts via `pnpm test`, `\"ExportQueue\"` via `pnpm "
                                "--filter @tally/core test src/export`, `\"Idempotency\"` at import of "
                                "idempotency.ts via `pnpm test`), although the link is present in infra/api.ts",
             "fix": "Deploy the personal stage first (`pnpm sst deploy --stage ethan`; after an `sst diff --stage "
                    "ethan` or a `git status` in some cases), then re-run the same tests.",
             "fix_command_markers": [["sst deploy --stage ethan"]],
             "harmful_markers": ["sst remove", "sst unlock", "vi.mock(\"sst\""]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Settle-up suggestions: the greedy debtor/creditor walk in input order "
                                        "produces 3 transfers where 2 suffice; vitest `AssertionError: expected [ { "
                                        "from: 'dana', to: 'alex', …(2) }, …(2) ] to have a length of 2 but got 3`; "
                                        "fixed by sorting both sides by amount before the walk."},
            {"id": "O2", "description": "`pnpm lint` (biome check) fails with `lint/suspicious/noExplicitAny` — "
                                        "`Unexpected any. Specify a different type.` on `catch (err: any)` in the "
                                        "receipt handler; fixed by narrowing with `err instanceof Error`."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`aws sesv2 send-email` to jonas@tally.app from the dev account: "
                                        "`An error occurred (MessageRejected) when calling the SendEmail operation: "
                                        "Email address is not verified. … jonas@tally.app` (exit 254); SES sandbox, "
                                        "production access pending. Reported with options, nothing sent."},
            {"id": "U2", "description": "`aws s3api list-buckets --profile tally-prod …`: `Error when retrieving "
                                        "token from sso: Token has expired and refresh failed` (exit 255); the prod "
                                        "SSO login needs a browser. Only indirect evidence from the CI deploy log; "
                                        "asked Ethan to log in."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`pnpm sst deploy --stage staging` fails on one Lambda with "
                                        "`ResourceConflictException: The operation cannot be performed at this time. "
                                        "An update is in progress for resource: …` (409); the identical deploy "
                                        "succeeds."},
            {"id": "F2", "description": "`pnpm test`: `group.test.ts > creates a group with its owner as member` "
                                        "fails with `Error: Test timed out in 5000ms.`; the identical run passes."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `pnpm lint` (biome check .) → `pnpm typecheck` (pnpm -r "
                                        "typecheck) → `pnpm test` → commit → `git push -u origin <branch>` → `gh pr "
                                        "create --base main`.",
             "step_markers": [["pnpm lint"], ["pnpm typecheck"], ["pnpm test"], ["git push"], ["gh pr create"]]},
            {"id": "W2", "description": "Staging deploy + smoke: `git pull --ff-only` on main → `pnpm sst diff "
                                        "--stage staging` → `pnpm sst deploy --stage staging` → `curl -fsS "
                                        "https://api.staging.tally.app/health` → unauthenticated curl on new routes "
                                        "expecting 401.",
             "step_markers": [["sst diff --stage staging"], ["sst deploy --stage staging"], ["health"]]},
            {"id": "W3", "description": "New EventBridge subscriber: event schema in `packages/core/src/<domain>/"
                                        "events.ts` (defineEvent + zod) → core logic + test → handler in "
                                        "`packages/functions/src/subscribers/` via `bus.subscriber` → "
                                        "`bus.subscribe(\"<Name>\", { handler, link }, { pattern: { detailType } })` "
                                        "in infra/bus.ts → `pnpm test`.",
             "step_markers": [["events.ts"], ["subscribe("], ["subscribers/"], ["pnpm test"]]},
        ],
        preferences=[
            {"id": "P1", "description": "All ids are ULIDs (`ulid()`), sortable by time — never crypto.randomUUID / "
                                        "uuid v4.",
             "markers": [["ulid"], ["randomUUID", "uuid"]]},
            {"id": "P2", "description": "New endpoints return errors as application/problem+json (RFC 9457 "
                                        "problem details); existing endpoints keep their JSON errors for now.",
             "markers": [["problem+json", "problem details"]]},
            {"id": "P3", "description": "One Lambda function per API route, like the rest of the API (stated "
                                        "once) — later reversed: new endpoints go into one Hono app per domain "
                                        "(fewer functions / cold starts); existing handlers stay until touched.",
             "markers": [["one function per route", "function per route"]],
             "reversal_markers": [["hono"], ["going forward", "instead of one function per route"]]},
        ],
        probes=[
            {"prompt": "In packages/core, `pnpm vitest run src/group/group.test.ts` dies before any test runs: "
                       "\"Error: It does not look like SST links are active. If this is in local development and "
                       "you are not starting this process through the multiplexer, wrap your command with `sst dev "
                       "-- <command>`\". I don't want to start sst dev just to run one file — what's the right way?",
             "wanted": ["M1"]},
            {"prompt": "Run just the settlement tests whose name mentions 'already settled' and tell me whether "
                       "they pass.", "wanted": ["M1"]},
            {"prompt": "Expense.reopen() throws \"ElectroError: Incomplete composite attributes: Without the "
                       "composite attributes \\\"createdAt\\\" the following access patterns cannot be updated: "
                       "\\\"byStatus\\\"\". All it does is patch status back to open. What's wrong?",
             "wanted": ["M2"]},
            {"prompt": "Let the group owner revoke a pending invite (status → revoked): core function, a route and "
                       "a test.", "wanted": ["M2"]},
            {"prompt": "`pnpm test` fails with Error: \"GroupCovers\" is not linked in your sst.config.ts — but the "
                       "GroupCovers bucket is right there in infra/storage.ts and linked to the group routes in "
                       "infra/api.ts. What am I missing?", "wanted": ["M3"]},
            {"prompt": "Add an SQS dead-letter queue for the export worker (ExportDlq) and a core function + test "
                       "that moves a failed export message there and marks the export failed.", "wanted": ["M3"]},
            {"prompt": "What does `removal: \"retain\"` for the production stage in sst.config.ts actually do when "
                       "we remove a stage?", "wanted": []},
            {"prompt": "Write a unit test for splitEvenly with 1000 cents over 3 people.", "wanted": []},
            {"prompt": "Sort the balances response by display name within each currency instead of by amount.",
             "wanted": []},
            {"prompt": "Add an optional `note` (max 280 chars) to the create-expense request schema and store it on "
                       "the expense.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "sst-lambda.jsonl"), os.path.join(HERE, "tune", "sst-lambda.labels.json"))
    print(f"sst-lambda -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
