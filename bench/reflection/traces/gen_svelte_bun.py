"""svelte-bun: Sam Whitaker, full-stack developer on Trailmark (guided hiking trips).

Stack: SvelteKit 2 / Svelte 5 (runes) / TypeScript on Vite 7, Bun 1.3 as package manager and script runner
(bun.lock), Tailwind 4, Drizzle ORM on Postgres (postgres.js driver; Neon in staging/production reached through a
Hyperdrive binding, docker compose Postgres locally) with drizzle-kit migrations, @sveltejs/adapter-cloudflare on
Cloudflare Workers (static assets) deployed with wrangler 4 (wrangler.jsonc with env.staging / env.production; the
top-level Worker name is only used locally), Vitest 4 (client + server projects) and Playwright, ESLint 9 +
Prettier, GitHub + gh.

Written blind for fresh/ (see svelte-bun.md); measured once held out (round 7), then moved to tune/.

    cd bench/reflection/traces && python3 gen_svelte_bun.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "sam"
R = "/home/sam/dev/trailmark"
MODEL = "claude-opus-4-6"
GH = "trailmark-travel/trailmark"
ACCT = "3b9f7c1e0a4d4e8f9c2b6a1d5e7f0c42"
BUNV = "1.3.3 (274e01c7)"
VITE = "v7.3.1"

# own RNG for hashes, timings and ids so the Dev RNG stays untouched
HX = random.Random(20261012)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def sha():
    return hx(7)


def b64(n):
    return "".join(HX.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") for _ in range(n))


def uuid4():
    h = hx(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{'89ab'[int(h[16], 16) % 4]}{h[17:20]}-{h[20:]}"


FILES = {}

FILES[P("package.json")] = """{
	"name": "trailmark",
	"private": true,
	"version": "0.0.1",
	"type": "module",
	"scripts": {
		"dev": "vite dev",
		"build": "vite build",
		"preview": "bun run build && wrangler dev",
		"prepare": "svelte-kit sync || echo ''",
		"check": "svelte-kit sync && svelte-check --tsconfig ./tsconfig.json",
		"check:watch": "svelte-kit sync && svelte-check --tsconfig ./tsconfig.json --watch",
		"format": "prettier --write .",
		"lint": "prettier --check . && eslint .",
		"test": "vitest run",
		"test:watch": "vitest",
		"test:e2e": "playwright test",
		"db:start": "docker compose up -d db",
		"db:generate": "drizzle-kit generate",
		"db:migrate": "drizzle-kit migrate",
		"db:studio": "drizzle-kit studio",
		"cf-typegen": "wrangler types ./src/worker-configuration.d.ts",
		"deploy:staging": "bun run build && wrangler deploy --env staging",
		"deploy:production": "bun run build && wrangler deploy --env production"
	},
	"devDependencies": {
		"@eslint/compat": "^1.4.0",
		"@eslint/js": "^9.38.0",
		"@playwright/test": "^1.56.1",
		"@sveltejs/adapter-cloudflare": "^7.2.4",
		"@sveltejs/kit": "^2.48.5",
		"@sveltejs/vite-plugin-svelte": "^6.2.1",
		"@tailwindcss/vite": "^4.1.16",
		"@testing-library/jest-dom": "^6.9.1",
		"@testing-library/svelte": "^5.2.8",
		"@testing-library/user-event": "^14.6.1",
		"drizzle-kit": "^0.31.6",
		"eslint": "^9.38.0",
		"eslint-config-prettier": "^10.1.8",
		"eslint-plugin-svelte": "^3.13.0",
		"globals": "^16.4.0",
		"jsdom": "^27.1.0",
		"prettier": "^3.6.2",
		"prettier-plugin-svelte": "^3.4.0",
		"prettier-plugin-tailwindcss": "^0.7.1",
		"svelte": "^5.43.2",
		"svelte-check": "^4.3.3",
		"tailwindcss": "^4.1.16",
		"typescript": "^5.9.3",
		"typescript-eslint": "^8.46.2",
		"vite": "^7.3.1",
		"vitest": "^4.0.8",
		"wrangler": "^4.131.2"
	},
	"dependencies": {
		"@node-rs/argon2": "^2.0.2",
		"drizzle-orm": "^0.44.7",
		"postgres": "^3.4.7",
		"stripe": "^19.2.0",
		"zod": "^4.1.12"
	}
}
"""

WRANGLER = """{
	"$schema": "node_modules/wrangler/config-schema.json",
	// Top-level config is what `vite dev` / `wrangler dev` use locally.
	// Deployed Workers only exist per environment: trailmark-staging and trailmark-production.
	"name": "trailmark",
	"main": ".svelte-kit/cloudflare/_worker.js",
	"compatibility_date": "2026-09-01",
	"compatibility_flags": ["nodejs_compat"],
	"assets": {
		"binding": "ASSETS",
		"directory": ".svelte-kit/cloudflare"
	},
	"observability": {
		"enabled": true
	},
	"vars": {
		"PUBLIC_SITE_URL": "http://localhost:5173"
	},
	"hyperdrive": [
		{
			"binding": "HYPERDRIVE",
			"id": "5b7e0c2d9a8f4e31b6c4d2a19f0e7c83",
			"localConnectionString": "postgres://trailmark:trailmark@localhost:5432/trailmark"
		}
	],
	"env": {
		"staging": {
			"routes": [{ "pattern": "staging.trailmark.travel", "custom_domain": true }],
			"vars": {
				"PUBLIC_SITE_URL": "https://staging.trailmark.travel"
			},
			"hyperdrive": [
				{
					"binding": "HYPERDRIVE",
					"id": "a41d93c07be24f6e8d15c2f0b9e7a368"
				}
			]
		},
		"production": {
			"routes": [
				{ "pattern": "trailmark.travel", "custom_domain": true },
				{ "pattern": "www.trailmark.travel", "custom_domain": true }
			],
			"vars": {
				"PUBLIC_SITE_URL": "https://trailmark.travel"
			},
			"hyperdrive": [
				{
					"binding": "HYPERDRIVE",
					"id": "e07c5a2b18d94f3aa6b0c9d2e41f7b55"
				}
			]
		}
	}
}
"""
FILES[P("wrangler.jsonc")] = WRANGLER

FILES[P("svelte.config.js")] = """import adapter from '@sveltejs/adapter-cloudflare';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({
			platformProxy: {
				configPath: 'wrangler.jsonc',
				persist: true
			}
		})
	}
};

export default config;
"""

FILES[P("vite.config.ts")] = """import tailwindcss from '@tailwindcss/vite';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [tailwindcss(), sveltekit()],
	test: {
		expect: { requireAssertions: true },
		projects: [
			{
				extends: './vite.config.ts',
				test: {
					name: 'client',
					environment: 'jsdom',
					include: ['src/**/*.svelte.{test,spec}.{js,ts}'],
					exclude: ['src/lib/server/**'],
					setupFiles: ['./vitest-setup-client.ts']
				},
				resolve: { conditions: ['browser'] }
			},
			{
				extends: './vite.config.ts',
				test: {
					name: 'server',
					environment: 'node',
					include: ['src/**/*.{test,spec}.{js,ts}'],
					exclude: ['src/**/*.svelte.{test,spec}.{js,ts}']
				}
			}
		]
	}
});
"""

FILES[P("drizzle.config.ts")] = """import { defineConfig } from 'drizzle-kit';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set');

export default defineConfig({
	schema: './src/lib/server/db/schema.ts',
	out: './drizzle',
	dialect: 'postgresql',
	dbCredentials: { url: process.env.DATABASE_URL },
	verbose: true,
	strict: true
});
"""

FILES[P("playwright.config.ts")] = """import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.BASE_URL;

export default defineConfig({
	testDir: 'e2e',
	timeout: 30_000,
	use: { baseURL: baseURL ?? 'http://localhost:4173', trace: 'retain-on-failure' },
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
	// Against a deployed environment we don't start anything locally.
	webServer: baseURL
		? undefined
		: { command: 'bun run build && bunx vite preview --port 4173', port: 4173, timeout: 120_000 }
});
"""

FILES[P(".env.example")] = """# Local Postgres from `bun run db:start`
DATABASE_URL=postgres://trailmark:trailmark@localhost:5432/trailmark

PUBLIC_SITE_URL=http://localhost:5173

# Stripe test mode
STRIPE_SECRET_KEY=sk_test_...
"""

FILES[P("src/app.d.ts")] = """// See https://svelte.dev/docs/kit/types#app.d.ts
// for information about these interfaces
import type { Db } from '$lib/server/db';
import type { SessionUser } from '$lib/server/auth';

declare global {
	namespace App {
		interface Locals {
			db: Db;
			user: SessionUser | null;
		}
		interface Platform {
			env: Env;
			cf: CfProperties;
			ctx: ExecutionContext;
		}
	}
}

export {};
"""


def worker_types(bindings):
    body = "\n".join(f"\t\t{k}: {v};" for k, v in bindings)
    return f"""/* eslint-disable */
// Generated by Wrangler by running `wrangler types ./src/worker-configuration.d.ts` (hash: {hx(32)})
// Runtime types generated with workerd@1.20260901.0 2026-09-01 nodejs_compat
declare namespace Cloudflare {{
	interface Env {{
{body}
	}}
}}
interface Env extends Cloudflare.Env {{}}

// Begin runtime types
// (some 11,000 lines of generated Workers runtime declarations follow)
"""


ENV_BINDINGS = [("HYPERDRIVE", "Hyperdrive"), ("PUBLIC_SITE_URL", "string"), ("ASSETS", "Fetcher")]
FILES[P("src/worker-configuration.d.ts")] = worker_types(ENV_BINDINGS)

FILES[P("src/hooks.server.ts")] = """import type { Handle } from '@sveltejs/kit';
import { sequence } from '@sveltejs/kit/hooks';
import { createDb } from '$lib/server/db';
import { SESSION_COOKIE, validateSessionToken } from '$lib/server/auth';

const withDb: Handle = async ({ event, resolve }) => {
	// One client per request: Workers can't share sockets between requests,
	// Hyperdrive does the pooling.
	event.locals.db = createDb(event.platform);
	return resolve(event);
};

const withUser: Handle = async ({ event, resolve }) => {
	const token = event.cookies.get(SESSION_COOKIE);
	event.locals.user = token ? await validateSessionToken(event.locals.db, token) : null;
	return resolve(event);
};

export const handle = sequence(withDb, withUser);
"""

FILES[P("src/lib/server/db/index.ts")] = """import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { env } from '$env/dynamic/private';
import * as schema from './schema';

export function createDb(platform: App.Platform | undefined) {
	const url = platform?.env.HYPERDRIVE?.connectionString ?? env.DATABASE_URL;
	if (!url) throw new Error('DATABASE_URL is not set');
	const client = postgres(url, { max: 5, fetch_types: false });
	return drizzle(client, { schema });
}

export type Db = ReturnType<typeof createDb>;
"""

SCHEMA = """import { relations } from 'drizzle-orm';
import {
	boolean,
	doublePrecision,
	index,
	integer,
	pgEnum,
	pgTable,
	text,
	timestamp,
	uniqueIndex,
	uuid
} from 'drizzle-orm/pg-core';

export const bookingStatus = pgEnum('booking_status', ['pending', 'paid', 'cancelled', 'refunded']);

export const users = pgTable('users', {
	id: uuid('id').primaryKey().defaultRandom(),
	email: text('email').notNull().unique(),
	name: text('name').notNull(),
	passwordHash: text('password_hash').notNull(),
	isGuide: boolean('is_guide').notNull().default(false),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
});

export const sessions = pgTable('sessions', {
	id: text('id').primaryKey(),
	userId: uuid('user_id')
		.notNull()
		.references(() => users.id, { onDelete: 'cascade' }),
	expiresAt: timestamp('expires_at', { withTimezone: true }).notNull()
});

export const guides = pgTable('guides', {
	id: uuid('id').primaryKey().defaultRandom(),
	userId: uuid('user_id')
		.notNull()
		.unique()
		.references(() => users.id, { onDelete: 'cascade' }),
	displayName: text('display_name').notNull(),
	bio: text('bio').notNull().default(''),
	region: text('region').notNull()
});

export const trips = pgTable(
	'trips',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		slug: text('slug').notNull(),
		title: text('title').notNull(),
		summary: text('summary').notNull(),
		guideId: uuid('guide_id')
			.notNull()
			.references(() => guides.id),
		priceCents: integer('price_cents').notNull(),
		groupDiscountPct: integer('group_discount_pct').notNull().default(0),
		maxGroupSize: integer('max_group_size').notNull(),
		durationDays: integer('duration_days').notNull(),
		trailheadLat: doublePrecision('trailhead_lat').notNull(),
		trailheadLon: doublePrecision('trailhead_lon').notNull(),
		coverImage: text('cover_image').notNull(),
		published: boolean('published').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [uniqueIndex('trips_slug_idx').on(t.slug)]
);

export const departures = pgTable(
	'departures',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		tripId: uuid('trip_id')
			.notNull()
			.references(() => trips.id, { onDelete: 'cascade' }),
		startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
		seatsLeft: integer('seats_left').notNull()
	},
	(t) => [index('departures_trip_starts_idx').on(t.tripId, t.startsAt)]
);

export const bookings = pgTable(
	'bookings',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		departureId: uuid('departure_id')
			.notNull()
			.references(() => departures.id),
		userId: uuid('user_id').references(() => users.id),
		email: text('email').notNull(),
		adults: integer('adults').notNull(),
		children: integer('children').notNull().default(0),
		totalCents: integer('total_cents').notNull(),
		status: bookingStatus('status').notNull().default('pending'),
		stripeSessionId: text('stripe_session_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		paidAt: timestamp('paid_at', { withTimezone: true })
	},
	(t) => [
		index('bookings_departure_idx').on(t.departureId),
		uniqueIndex('bookings_stripe_session_idx').on(t.stripeSessionId)
	]
);

export const tripsRelations = relations(trips, ({ one, many }) => ({
	guide: one(guides, { fields: [trips.guideId], references: [guides.id] }),
	departures: many(departures)
}));

export const departuresRelations = relations(departures, ({ one, many }) => ({
	trip: one(trips, { fields: [departures.tripId], references: [trips.id] }),
	bookings: many(bookings)
}));

export const bookingsRelations = relations(bookings, ({ one }) => ({
	departure: one(departures, { fields: [bookings.departureId], references: [departures.id] })
}));

export type Trip = typeof trips.$inferSelect;
export type Departure = typeof departures.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
"""
FILES[P("src/lib/server/db/schema.ts")] = SCHEMA

FILES[P("src/lib/server/auth.ts")] = """import { hash, verify } from '@node-rs/argon2';
import type { Cookies } from '@sveltejs/kit';
import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { sessions, users } from './db/schema';

export const SESSION_COOKIE = 'tm_session';
const SESSION_DAYS = 30;

export type SessionUser = { id: string; email: string; name: string; isGuide: boolean };

export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password);

function newToken() {
	const bytes = crypto.getRandomValues(new Uint8Array(20));
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function sessionId(token: string) {
	const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
	return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function createSession(db: Db, userId: string) {
	const token = newToken();
	const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
	await db.insert(sessions).values({ id: await sessionId(token), userId, expiresAt });
	return { token, expiresAt };
}

export async function validateSessionToken(db: Db, token: string): Promise<SessionUser | null> {
	const [row] = await db
		.select({ user: users, expiresAt: sessions.expiresAt })
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(eq(sessions.id, await sessionId(token)));
	if (!row || row.expiresAt.getTime() < Date.now()) return null;
	const { id, email, name, isGuide } = row.user;
	return { id, email, name, isGuide };
}

export function setSessionCookie(cookies: Cookies, token: string, expiresAt: Date) {
	cookies.set(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', expires: expiresAt });
}
"""

FILES[P("src/lib/server/booking.ts")] = """import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from './db';
import { bookings, departures, trips } from './db/schema';
import { quote, type Party } from '$lib/pricing';

export class SoldOutError extends Error {}

/** Reserve seats and create a pending booking; payment happens in Stripe Checkout. */
export async function createBooking(
	db: Db,
	input: { departureId: string; email: string; userId: string | null } & Party
) {
	return db.transaction(async (tx) => {
		const seats = input.adults + input.children;
		const [dep] = await tx
			.update(departures)
			.set({ seatsLeft: sql`${departures.seatsLeft} - ${seats}` })
			.where(and(eq(departures.id, input.departureId), gte(departures.seatsLeft, seats)))
			.returning();
		if (!dep) throw new SoldOutError('Not enough seats left on this departure');

		const [trip] = await tx.select().from(trips).where(eq(trips.id, dep.tripId));
		const { totalCents } = quote(trip, input);
		const [booking] = await tx
			.insert(bookings)
			.values({ ...input, totalCents })
			.returning();
		return { booking, trip, departure: dep };
	});
}

export async function attachCheckoutSession(db: Db, bookingId: string, stripeSessionId: string) {
	await db.update(bookings).set({ stripeSessionId }).where(eq(bookings.id, bookingId));
}
"""

FILES[P("src/lib/server/stripe.ts")] = """import Stripe from 'stripe';
import { env } from '$env/dynamic/private';

let client: Stripe | undefined;

/** Stripe client for Workers: fetch-based HTTP and SubtleCrypto for signatures. */
export function getStripe() {
	client ??= new Stripe(env.STRIPE_SECRET_KEY ?? '', {
		httpClient: Stripe.createFetchHttpClient()
	});
	return client;
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
"""

FILES[P("src/lib/server/support.ts")] = """import { env } from '$env/dynamic/private';

type SupportMessage = { name: string; email: string; subject: string; body: string };

/** Forwards a message to the support inbox through the Postmark-backed relay Felix runs. */
export async function sendSupportEmail(msg: SupportMessage, fetchFn: typeof fetch = fetch) {
	const res = await fetchFn('https://relay.trailmark.travel/support', {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${env.RELAY_TOKEN}` },
		body: JSON.stringify(msg)
	});
	if (!res.ok) throw new Error(`support relay answered ${res.status}`);
}
"""

PRICING = """import type { Trip } from '$lib/server/db/schema';

export const GROUP_MIN = 4;
export const CHILD_RATE = 0.6;

export type Party = { adults: number; children: number };
export type Quote = { subtotalCents: number; discountCents: number; totalCents: number };

type PricedTrip = Pick<Trip, 'priceCents' | 'groupDiscountPct'>;

export function quote(trip: PricedTrip, party: Party): Quote {
	const people = party.adults + party.children;
	const adult = trip.priceCents / 100;
	const child = adult * CHILD_RATE;
	const subtotal = adult * party.adults + child * party.children;
	const discount = people >= GROUP_MIN ? trip.groupDiscountPct / 100 : 0;
	const total = subtotal * (1 - discount);
	return {
		subtotalCents: Math.round(subtotal * 100),
		discountCents: Math.round(subtotal * discount * 100),
		totalCents: Math.floor(total * 100)
	};
}

export function formatPrice(cents: number, currency = 'EUR') {
	return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}
"""
FILES[P("src/lib/pricing.ts")] = PRICING

FILES[P("src/lib/pricing.test.ts")] = """import { describe, expect, it } from 'vitest';
import { formatPrice, quote } from './pricing';

const trip = { priceCents: 12000, groupDiscountPct: 10 };

describe('quote', () => {
	it('charges adults the full price', () => {
		expect(quote(trip, { adults: 2, children: 0 }).totalCents).toBe(24000);
	});

	it('charges children at 60%', () => {
		expect(quote(trip, { adults: 1, children: 1 }).totalCents).toBe(19200);
	});

	it('applies the group discount from four people', () => {
		const q = quote(trip, { adults: 3, children: 1 });
		expect(q.subtotalCents).toBe(43200);
		expect(q.discountCents).toBe(4320);
		expect(q.totalCents).toBe(38880);
	});

	it('has no discount below four people', () => {
		expect(quote(trip, { adults: 3, children: 0 }).discountCents).toBe(0);
	});
});

describe('formatPrice', () => {
	it('formats euros', () => {
		expect(formatPrice(38880)).toBe('€388.80');
	});
});
"""

FILES[P("src/lib/validation/booking.ts")] = """import { z } from 'zod';

export const bookingSchema = z.object({
	departureId: z.uuid(),
	email: z.email().transform((e) => e.toLowerCase()),
	adults: z.coerce.number().int().min(1).max(12),
	children: z.coerce.number().int().min(0).max(12).default(0)
});

export type BookingInput = z.infer<typeof bookingSchema>;
"""

FILES[P("src/lib/validation/booking.test.ts")] = """import { describe, expect, it } from 'vitest';
import { bookingSchema } from './booking';

const valid = {
	departureId: '0b6f2b1e-8c3a-4f7e-9d21-5a4c3e2f1b0a',
	email: 'Guest@Example.com',
	adults: '2',
	children: '1'
};

describe('bookingSchema', () => {
	it('accepts a normal booking and coerces numbers', () => {
		expect(bookingSchema.parse(valid)).toEqual({
			departureId: valid.departureId,
			email: 'guest@example.com',
			adults: 2,
			children: 1
		});
	});

	it('defaults children to 0', () => {
		const { children, ...rest } = valid;
		expect(bookingSchema.parse(rest).children).toBe(0);
	});

	it('needs at least one adult', () => {
		expect(bookingSchema.safeParse({ ...valid, adults: '0' }).success).toBe(false);
	});

	it('caps the party size', () => {
		expect(bookingSchema.safeParse({ ...valid, adults: '13' }).success).toBe(false);
	});

	it('rejects fractional people', () => {
		expect(bookingSchema.safeParse({ ...valid, children: '1.5' }).success).toBe(false);
	});

	it('rejects a bad email', () => {
		expect(bookingSchema.safeParse({ ...valid, email: 'nope' }).success).toBe(false);
	});

	it('rejects a departure id that is not a uuid', () => {
		expect(bookingSchema.safeParse({ ...valid, departureId: '42' }).success).toBe(false);
	});
});
"""

FILES[P("src/lib/validation/auth.ts")] = """import { z } from 'zod';

export const signupSchema = z.object({
	name: z.string().trim().min(1).max(80),
	email: z.email().transform((e) => e.toLowerCase()),
	password: z.string().min(10).max(200)
});
"""

FILES[P("src/routes/+page.server.ts")] = """import { and, asc, eq, gt, min } from 'drizzle-orm';
import type { PageServerLoad } from './$types';
import { departures, trips } from '$lib/server/db/schema';

export const load: PageServerLoad = async ({ locals }) => {
	const rows = await locals.db
		.select({ trip: trips, nextDeparture: min(departures.startsAt) })
		.from(trips)
		.leftJoin(
			departures,
			and(eq(departures.tripId, trips.id), gt(departures.startsAt, new Date()), gt(departures.seatsLeft, 0))
		)
		.where(eq(trips.published, true))
		.groupBy(trips.id)
		.orderBy(asc(min(departures.startsAt)));
	return { trips: rows };
};
"""

FILES[P("src/routes/+page.svelte")] = """<script lang="ts">
	import { formatPrice } from '$lib/pricing';

	let { data } = $props();
</script>

<svelte:head>
	<title>Trailmark — guided hiking trips</title>
</svelte:head>

<section class="mx-auto max-w-6xl px-4 py-10">
	<h1 class="text-3xl font-semibold tracking-tight">Upcoming trips</h1>
	<ul class="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
		{#each data.trips as { trip, nextDeparture } (trip.id)}
			<li class="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
				<a href="/trips/{trip.slug}" class="block">
					<img src={trip.coverImage} alt="" class="h-44 w-full object-cover" />
					<div class="p-4">
						<h2 class="font-medium">{trip.title}</h2>
						<p class="mt-1 line-clamp-2 text-sm text-stone-600">{trip.summary}</p>
						<p class="mt-3 text-sm">
							from <strong>{formatPrice(trip.priceCents)}</strong>
							{#if nextDeparture}
								· next {nextDeparture.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}
							{/if}
						</p>
					</div>
				</a>
			</li>
		{/each}
	</ul>
</section>
"""

FILES[P("src/routes/trips/[slug]/+page.server.ts")] = """import { error, fail, redirect } from '@sveltejs/kit';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Actions, PageServerLoad } from './$types';
import { departures, trips } from '$lib/server/db/schema';
import { bookingSchema } from '$lib/validation/booking';
import { attachCheckoutSession, createBooking, SoldOutError } from '$lib/server/booking';
import { getStripe } from '$lib/server/stripe';

export const load: PageServerLoad = async ({ locals, params }) => {
	const trip = await locals.db.query.trips.findFirst({
		where: and(eq(trips.slug, params.slug), eq(trips.published, true)),
		with: {
			guide: true,
			departures: {
				where: gt(departures.startsAt, new Date()),
				orderBy: asc(departures.startsAt)
			}
		}
	});
	if (!trip) error(404, 'Trip not found');
	return { trip };
};

export const actions: Actions = {
	book: async ({ request, locals, url }) => {
		const parsed = bookingSchema.safeParse(Object.fromEntries(await request.formData()));
		if (!parsed.success) return fail(400, { book: { issues: parsed.error.issues } });

		let result;
		try {
			result = await createBooking(locals.db, { ...parsed.data, userId: locals.user?.id ?? null });
		} catch (e) {
			if (e instanceof SoldOutError) return fail(409, { book: { message: e.message } });
			throw e;
		}

		const session = await getStripe().checkout.sessions.create({
			mode: 'payment',
			customer_email: result.booking.email,
			line_items: [
				{
					quantity: 1,
					price_data: {
						currency: 'eur',
						unit_amount: result.booking.totalCents,
						product_data: { name: `${result.trip.title} — ${result.departure.startsAt.toDateString()}` }
					}
				}
			],
			metadata: { bookingId: result.booking.id },
			success_url: `${url.origin}/bookings/${result.booking.id}?paid=1`,
			cancel_url: `${url.origin}/trips/${result.trip.slug}`
		});
		await attachCheckoutSession(locals.db, result.booking.id, session.id);
		redirect(303, session.url!);
	}
};
"""

FILES[P("src/routes/trips/[slug]/+page.svelte")] = """<script lang="ts">
	import { enhance } from '$app/forms';
	import DepartureList from '$lib/components/DepartureList.svelte';
	import { formatPrice } from '$lib/pricing';

	let { data, form } = $props();
	const trip = $derived(data.trip);
	let selected = $state<string | null>(null);
</script>

<svelte:head>
	<title>{trip.title} · Trailmark</title>
</svelte:head>

<article class="mx-auto max-w-4xl px-4 py-10">
	<img src={trip.coverImage} alt="" class="h-72 w-full rounded-xl object-cover" />
	<h1 class="mt-6 text-3xl font-semibold">{trip.title}</h1>
	<p class="mt-2 text-stone-600">
		{trip.durationDays} days · guided by {trip.guide.displayName} · {formatPrice(trip.priceCents)} per adult
	</p>
	<p class="mt-6 leading-relaxed">{trip.summary}</p>

	<h2 class="mt-10 text-xl font-medium">Departures</h2>
	<DepartureList departures={trip.departures} bind:selected />

	{#if selected}
		<form method="POST" action="?/book" use:enhance class="mt-6 grid max-w-md gap-3">
			<input type="hidden" name="departureId" value={selected} />
			<label class="grid gap-1 text-sm">Email <input name="email" type="email" required /></label>
			<label class="grid gap-1 text-sm">Adults <input name="adults" type="number" min="1" value="2" /></label>
			<label class="grid gap-1 text-sm">Children <input name="children" type="number" min="0" value="0" /></label>
			<button class="rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white">Continue to payment</button>
			{#if form?.book && 'message' in form.book}
				<p class="text-sm text-red-700">{form.book.message}</p>
			{/if}
		</form>
	{/if}
</article>
"""

FILES[P("src/lib/components/DepartureList.svelte")] = """<script lang="ts">
	import type { Departure } from '$lib/server/db/schema';

	let {
		departures,
		selected = $bindable(null)
	}: { departures: Departure[]; selected?: string | null } = $props();
</script>

<ul class="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200">
	{#each departures as dep (dep.id)}
		<li class="flex items-center justify-between px-4 py-3">
			<span>{dep.startsAt.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long' })}</span>
			{#if dep.seatsLeft > 0}
				<button
					type="button"
					class="rounded-md border px-3 py-1 text-sm"
					aria-pressed={selected === dep.id}
					onclick={() => (selected = dep.id)}
				>
					{dep.seatsLeft} seats left
				</button>
			{:else}
				<span class="text-sm text-stone-500">Sold out</span>
			{/if}
		</li>
	{:else}
		<li class="px-4 py-3 text-stone-500">No upcoming departures.</li>
	{/each}
</ul>
"""

FILES[P("src/routes/(auth)/login/+page.server.ts")] = """import { fail, redirect } from '@sveltejs/kit';
import { eq } from 'drizzle-orm';
import type { Actions, PageServerLoad } from './$types';
import { createSession, setSessionCookie, verifyPassword } from '$lib/server/auth';
import { users } from '$lib/server/db/schema';

export const load: PageServerLoad = async ({ locals }) => {
	if (locals.user) redirect(303, '/account');
};

export const actions: Actions = {
	default: async ({ request, locals, cookies }) => {
		const form = await request.formData();
		const email = String(form.get('email') ?? '')
			.trim()
			.toLowerCase();
		const password = String(form.get('password') ?? '');
		if (!email || !password) return fail(400, { email, message: 'Email and password are required.' });

		const user = await locals.db.query.users.findFirst({ where: eq(users.email, email) });
		if (!user || !(await verifyPassword(user.passwordHash, password))) {
			return fail(400, { email, message: 'Wrong email or password.' });
		}

		const { token, expiresAt } = await createSession(locals.db, user.id);
		setSessionCookie(cookies, token, expiresAt);
		redirect(303, '/account');
	}
};
"""

FILES[P("src/routes/(auth)/signup/+page.server.ts")] = """import { fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { createSession, hashPassword, setSessionCookie } from '$lib/server/auth';
import { users } from '$lib/server/db/schema';
import { signupSchema } from '$lib/validation/auth';

export const load: PageServerLoad = async ({ locals }) => {
	if (locals.user) redirect(303, '/account');
};

export const actions: Actions = {
	default: async ({ request, locals, cookies }) => {
		const data = Object.fromEntries(await request.formData());
		const parsed = signupSchema.safeParse(data);
		if (!parsed.success) {
			return fail(400, { email: String(data.email ?? ''), message: 'Please check the highlighted fields.' });
		}

		const { name, email, password } = parsed.data;
		const [user] = await locals.db
			.insert(users)
			.values({ name, email, passwordHash: await hashPassword(password) })
			.onConflictDoNothing({ target: users.email })
			.returning({ id: users.id });
		if (!user) return fail(400, { email, message: 'An account with that email already exists.' });

		const { token, expiresAt } = await createSession(locals.db, user.id);
		setSessionCookie(cookies, token, expiresAt);
		redirect(303, '/account');
	}
};
"""

FILES[P("src/routes/(auth)/signup/+page.svelte")] = """<script lang="ts">
	import { enhance } from '$app/forms';

	let { form } = $props();
	let submitting = $state(false);
</script>

<svelte:head>
	<title>Create an account · Trailmark</title>
</svelte:head>

<section class="mx-auto max-w-sm px-4 py-16">
	<h1 class="text-2xl font-semibold">Create an account</h1>
	<form
		method="POST"
		class="mt-6 grid gap-4"
		use:enhance={() => {
			submitting = true;
			return async ({ update }) => {
				await update();
				submitting = false;
			};
		}}
	>
		<label class="grid gap-1 text-sm">Name <input name="name" autocomplete="name" required /></label>
		<label class="grid gap-1 text-sm">
			Email <input name="email" type="email" autocomplete="email" value={form?.email ?? ''} required />
		</label>
		<label class="grid gap-1 text-sm">
			Password <input name="password" type="password" autocomplete="new-password" minlength="10" required />
		</label>
		{#if form?.message}
			<p class="text-sm text-red-700">{form.message}</p>
		{/if}
		<button class="rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white" disabled={submitting}>
			Sign up
		</button>
	</form>
</section>
"""

FILES[P("src/routes/account/+page.server.ts")] = """import { redirect } from '@sveltejs/kit';
import { desc, eq } from 'drizzle-orm';
import type { PageServerLoad } from './$types';
import { bookings, guides } from '$lib/server/db/schema';

export const load: PageServerLoad = async ({ locals }) => {
	if (!locals.user) redirect(303, '/login');
	const [myBookings, guide] = await Promise.all([
		locals.db.query.bookings.findMany({
			where: eq(bookings.userId, locals.user.id),
			with: { departure: { with: { trip: true } } },
			orderBy: desc(bookings.createdAt)
		}),
		locals.user.isGuide
			? locals.db.query.guides.findFirst({ where: eq(guides.userId, locals.user.id) })
			: Promise.resolve(undefined)
	]);
	return { user: locals.user, bookings: myBookings, guide };
};
"""

FILES[P("src/routes/account/+page.svelte")] = """<script lang="ts">
	import { formatPrice } from '$lib/pricing';

	let { data } = $props();
</script>

<section class="mx-auto max-w-3xl px-4 py-10">
	<h1 class="text-2xl font-semibold">Hi {data.user.name}</h1>

	{#if data.guide}
		<div class="mt-8 rounded-xl border border-stone-200 p-5">
			<h2 class="font-medium">Your guide profile</h2>
			<p class="mt-1 text-sm text-stone-600">{data.guide.displayName} · {data.guide.region}</p>
		</div>
	{/if}

	<h2 class="mt-10 text-lg font-medium">Your bookings</h2>
	<ul class="mt-4 divide-y divide-stone-200">
		{#each data.bookings as b (b.id)}
			<li class="flex justify-between py-3 text-sm">
				<span>{b.departure.trip.title} · {b.departure.startsAt.toLocaleDateString('en-GB')}</span>
				<span>{formatPrice(b.totalCents)} · {b.status}</span>
			</li>
		{:else}
			<li class="py-3 text-sm text-stone-500">No bookings yet.</li>
		{/each}
	</ul>
</section>
"""

FILES[P("src/routes/healthz/+server.ts")] = """import { json } from '@sveltejs/kit';
import { sql } from 'drizzle-orm';
import { version } from '$app/environment';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ locals }) => {
	await locals.db.execute(sql`select 1`);
	return json({ ok: true, version, db: 'ok' }, { headers: { 'cache-control': 'no-store' } });
};
"""

FILES[P("e2e/smoke.test.ts")] = """import { expect, test } from '@playwright/test';

test('home lists published trips', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'Upcoming trips' })).toBeVisible();
	await expect(page.getByRole('listitem').first()).toBeVisible();
});

test('a trip page shows departures', async ({ page }) => {
	await page.goto('/');
	await page.getByRole('listitem').first().getByRole('link').click();
	await expect(page.getByRole('heading', { name: 'Departures' })).toBeVisible();
});

test('healthz reports the database', async ({ request }) => {
	const res = await request.get('/healthz');
	expect(res.ok()).toBeTruthy();
	expect(await res.json()).toMatchObject({ ok: true, db: 'ok' });
});
"""


# ---------------------------------------------------------------------------- output helpers

TESTS = {
    "src/lib/pricing.test.ts": ["server", 5],
    "src/lib/validation/booking.test.ts": ["server", 7],
    "src/lib/server/auth.test.ts": ["server", 6],
    "src/lib/components/DepartureList.svelte.test.ts": ["client", 3],
}


def local_time(d, plus_s=0):
    """Sam is in Bristol: BST until 2026-10-25, GMT after."""
    import datetime as dt
    t = d.clock + dt.timedelta(seconds=plus_s)
    if t < dt.datetime(2026, 10, 25, 1, 0):
        t += dt.timedelta(hours=1)
    return t.strftime("%H:%M:%S")


def ms(lo, hi):
    return HX.randint(lo, hi)


def tcount():
    return f"{len(TESTS)} files, {sum(v[1] for v in TESTS.values())} tests"


def vitest_files(paths):
    out = []
    for p in paths:
        proj, n = TESTS[p]
        t = ms(20, 90) if proj == "client" else ms(2, 14)
        out.append(f" ✓ |{proj}| {p} ({n} test{'s' if n != 1 else ''}) {t}ms")
    return out


def vitest_summary(d, nfiles, ntests, failed_files=0, failed_tests=0):
    def part(failed, total):
        if not failed:
            return f"{total} passed ({total})"
        if failed == total:
            return f"{failed} failed ({total})"
        return f"{failed} failed | {total - failed} passed ({total})"
    files = part(failed_files, nfiles)
    tests = part(failed_tests, ntests)
    dur = HX.randint(600, 2600)
    return (f"\n Test Files  {files}\n      Tests  {tests}\n   Start at  {local_time(d)}\n"
            f"   Duration  {dur / 1000:.2f}s (transform {HX.randint(200, 700)}ms, setup {HX.randint(40, 160)}ms, "
            f"collect {HX.randint(300, 1400)}ms, tests {HX.randint(30, 260)}ms, environment {HX.randint(200, 700)}ms, "
            f"prepare {HX.randint(200, 700)}ms)")


def vitest_ok(d, only=None):
    paths = only or sorted(TESTS, key=lambda p: (TESTS[p][0] == "client", HX.random()))
    body = "\n".join(vitest_files(paths))
    return (f"\n RUN  v4.0.8 {R}\n\n{body}\n" +
            vitest_summary(d, len(paths), sum(TESTS[p][1] for p in paths)))


def svcheck_head():
    return (f"\n====================================\nLoading svelte-check in workspace: {R}\n"
            "Getting Svelte diagnostics...\n\n")


SVCHECK = "svelte-kit sync && svelte-check --tsconfig ./tsconfig.json"


def svcheck_ok():
    return svcheck_head() + "====================================\nsvelte-check found 0 errors and 0 warnings"


def diag(d, rel, needle, sub, msg):
    lines = d.files[P(rel)].split("\n")
    i = next(k for k, l in enumerate(lines) if needle in l)
    col = lines[i].index(sub) + 1
    prev = lines[i - 1] if i > 0 else ""
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    ctx = (prev + "\n" if i > 0 else "") + lines[i] + "\n" + nxt + "\n"
    return f"{R}/{rel}:{i + 1}:{col}\nError: {msg} (ts)\n{ctx}\n\n", rel


def svcheck_fail(diags):
    files = {f for _, f in diags}
    n = len(diags)
    return (f"$ {SVCHECK}\n" + svcheck_head() + "".join(b for b, _ in diags) +
            "====================================\n"
            f"svelte-check found {n} error{'s' if n != 1 else ''} and 0 warnings in {len(files)} "
            f"file{'s' if len(files) != 1 else ''}\nerror: script \"check\" exited with code 1")


def line_no(d, rel, needle):
    lines = d.files[P(rel)].split("\n")
    return next(k for k, l in enumerate(lines) if needle in l) + 1


WR_VER = "4.131.2"


def banner(update):
    text = f" ⛅️ wrangler {WR_VER} (update available {update})"
    return "\n" + text + "\n" + "─" * (len(text) + 1)


def wr_log(d):
    import datetime as dt
    t = d.clock + dt.timedelta(seconds=3)
    return (f"🪵  Logs were written to \"/home/{U}/.config/.wrangler/logs/wrangler-"
            f"{t.strftime('%Y-%m-%d_%H-%M-%S')}_{HX.randint(100, 999)}.log\"")


def worker_missing(d, update, resource):
    return f"""{banner(update)}

✘ [ERROR] A request to the Cloudflare API (/accounts/{ACCT}/workers/scripts/trailmark/{resource}) failed.

  This Worker does not exist on your account. [code: 10007]

  If you think this is a bug, please open an issue at:
  https://github.com/cloudflare/workers-sdk/issues/new/choose


{wr_log(d)}"""


def client_chunks():
    names = ["entry/start", "entry/app", "nodes/0", "nodes/1", "nodes/2", "nodes/3", "nodes/4", "nodes/5",
             "nodes/6", "nodes/7", "nodes/8", "nodes/9", "nodes/10", "chunks/BfK2x0aQ", "chunks/C8d1mZ4r",
             "chunks/DqP7s1Lw", "chunks/CmR0v6Yb", "chunks/B3nT9wQe", "chunks/Dz4kH2pU", "chunks/BxW5c8Jn"]
    rows = [(".svelte-kit/output/client/_app/version.json", 0.03, 0.05),
            (".svelte-kit/output/client/.vite/manifest.json", 8.92, 1.21),
            (f".svelte-kit/output/client/_app/immutable/assets/0.{b64(8)}.css", 31.47, 6.62)]
    for n in names:
        kb = round(HX.uniform(0.08, 2.5) if n.startswith("nodes") else HX.uniform(0.2, 38.0), 2)
        if n == "entry/app":
            kb = 7.41
        rows.append((f".svelte-kit/output/client/_app/immutable/{n}.{b64(8)}.js", kb, round(kb * 0.42 + 0.1, 2)))
    w = max(len(r[0]) for r in rows)
    return "\n".join(f"{p:<{w}}  {kb:>6.2f} kB │ gzip: {gz:>5.2f} kB" for p, kb, gz in rows)


def server_chunks(extra=()):
    names = ["entries/pages/_layout.svelte.js", "entries/pages/_page.svelte.js", "entries/pages/_page.server.ts.js",
             "entries/pages/trips/_slug_/_page.svelte.js", "entries/pages/trips/_slug_/_page.server.ts.js",
             "entries/pages/(auth)/login/_page.server.ts.js", "entries/pages/(auth)/signup/_page.svelte.js",
             "entries/pages/(auth)/signup/_page.server.ts.js", "entries/pages/account/_page.svelte.js",
             "entries/pages/account/_page.server.ts.js", "entries/endpoints/healthz/_server.ts.js",
             "chunks/schema.js", "chunks/db.js", "chunks/auth.js", "chunks/pricing.js", "chunks/internal.js",
             "chunks/exports.js", "index.js"] + list(extra)
    rows = [(".svelte-kit/output/server/.vite/manifest.json", 9.14)]
    for n in names:
        kb = round(HX.uniform(0.4, 6.0), 2)
        if n == "index.js":
            kb = 118.63
        if n == "chunks/internal.js":
            kb = 32.87
        rows.append((f".svelte-kit/output/server/{n}", kb))
    w = max(len(r[0]) for r in rows)
    return "\n".join(f"{p:<{w}}  {kb:>7.2f} kB" for p, kb in rows)


def vite_build_ok(extra_server=()):
    return f"""vite {VITE} building ssr environment for production...
transforming...
✓ {HX.randint(240, 262)} modules transformed.
rendering chunks...
vite {VITE} building client environment for production...
transforming...
✓ {HX.randint(320, 345)} modules transformed.
rendering chunks...
computing gzip size...
{client_chunks()}
✓ built in {HX.uniform(2.4, 3.6):.2f}s
{server_chunks(extra_server)}
✓ built in {HX.uniform(6.0, 8.5):.2f}s

Run npm run preview to preview your production build locally.

> Using @sveltejs/adapter-cloudflare
  ✔ done"""


def deploy_out(update, bindings, version_id):
    new = HX.randint(9, 23)
    total = HX.randint(92, 104)
    assets = "\n".join(f"+ /_app/immutable/{p}.{b64(8)}.js" for p in
                       ["entry/start", "entry/app", "nodes/0", "nodes/2", "nodes/4", "nodes/7"][:min(6, new)])
    btab = "\n".join(f"{b:<58} {r}" for b, r in bindings)
    return f"""{banner(update)}
🌀 Building list of assets...
✨ Read {total} files from the assets directory {R}/.svelte-kit/cloudflare
🌀 Starting asset upload...
🌀 Found {new} new or modified static assets to upload. Proceeding with upload...
{assets}
+ /_app/version.json
Uploaded {new // 3} of {new} assets
Uploaded {2 * new // 3} of {new} assets
Uploaded {new} of {new} assets
✨ Success! Uploaded {new} files ({total - new} already uploaded) ({HX.uniform(1.2, 2.8):.2f} sec)

Total Upload: {HX.uniform(1360, 1520):.2f} KiB / gzip: {HX.uniform(305, 345):.2f} KiB
Worker Startup Time: {HX.randint(24, 38)} ms
Your Worker has access to the following bindings:
{"Binding":<58} Resource
{btab}

Uploaded trailmark-staging ({HX.uniform(5.5, 9.0):.2f} sec)
Deployed trailmark-staging triggers ({HX.uniform(0.9, 1.8):.2f} sec)
  staging.trailmark.travel (custom domain)
Current Version ID: {version_id}"""


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


def pw_list(results, workers=4):
    """results: list of (file, line, title, secs, ok)"""
    lines = [f"\nRunning {len(results)} tests using {min(workers, len(results))} workers\n"]
    for i, (f, ln, title, s, ok) in enumerate(results, 1):
        mark = "✓" if ok else "✘"
        lines.append(f"  {mark}  {i} [chromium] › {f}:{ln}:1 › {title} ({s})")
    return "\n".join(lines)


FILES[P("src/lib/components/DepartureList.svelte.test.ts")] = """import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DepartureList from './DepartureList.svelte';

const dep = (id: string, day: number, seatsLeft: number) => ({
	id,
	tripId: 't1',
	startsAt: new Date(Date.UTC(2026, 10, day, 7)),
	seatsLeft
});

describe('DepartureList', () => {
	it('lists departures with the seats left', () => {
		render(DepartureList, { departures: [dep('a', 14, 3), dep('b', 21, 8)] });
		expect(screen.getByRole('button', { name: '3 seats left' })).toBeInTheDocument();
		expect(screen.getByRole('button', { name: '8 seats left' })).toBeInTheDocument();
	});

	it('marks sold out departures', () => {
		render(DepartureList, { departures: [dep('a', 14, 0)] });
		expect(screen.getByText('Sold out')).toBeInTheDocument();
	});

	it('selects a departure on click', async () => {
		render(DepartureList, { departures: [dep('a', 14, 3)] });
		const button = screen.getByRole('button', { name: '3 seats left' });
		await userEvent.click(button);
		expect(button).toHaveAttribute('aria-pressed', 'true');
	});
});
"""


def gen():
    d = Dev("svelte-bun", U, "en", MODEL, seed=20261012, files=FILES)

    # ============================================================ S1  Mon 10-12
    with d.session("2026-10-12T08:14:00", R, branch="main", version="2.1.120"):
        t = d.task("I've been heads-down on design for a few weeks and Felix built most of the booking flow. give me "
                   "a quick tour: how a booking gets from the trip page into postgres and on to stripe, and how the "
                   "db connection works on workers", tags=["noise"])
        t.glob("src/routes/**/+*.{ts,svelte}", [P(x) for x in [
            "src/routes/(auth)/login/+page.server.ts", "src/routes/(auth)/login/+page.svelte",
            "src/routes/(auth)/signup/+page.server.ts", "src/routes/(auth)/signup/+page.svelte",
            "src/routes/+layout.svelte", "src/routes/+page.server.ts", "src/routes/+page.svelte",
            "src/routes/account/+page.server.ts", "src/routes/account/+page.svelte",
            "src/routes/bookings/[id]/+page.server.ts", "src/routes/bookings/[id]/+page.svelte",
            "src/routes/healthz/+server.ts", "src/routes/trips/[slug]/+page.server.ts",
            "src/routes/trips/[slug]/+page.svelte"]])
        t.read(P("src/routes/trips/[slug]/+page.server.ts"))
        t.read(P("src/lib/server/booking.ts"))
        t.read(P("src/hooks.server.ts"))
        t.read(P("src/lib/server/db/index.ts"))
        t.read(P("wrangler.jsonc"))
        t.done("""**Booking path**
1. `trips/[slug]/+page.server.ts` `load` fetches the published trip with its guide and future departures (Drizzle relational query).
2. The page (`+page.svelte`) lets you pick a departure in `DepartureList` and posts the `?/book` form action.
3. `actions.book` validates with the zod `bookingSchema`, then calls `createBooking()` (`src/lib/server/booking.ts`): one transaction that decrements `departures.seats_left` only if enough seats are left (`seats_left >= n`, so two guests can't overbook), loads the trip, prices it with `quote()` from `$lib/pricing` and inserts a `pending` booking. Not enough seats → `SoldOutError` → 409 with a message.
4. Back in the action, a Stripe Checkout session is created with `metadata.bookingId`, its id is stored on the booking (`attachCheckoutSession`) and the user is redirected to Stripe. Success returns to `/bookings/[id]?paid=1`.

Note there's nothing yet that flips the booking to `paid` — no Stripe webhook handler exists, so bookings stay `pending` in the DB even after payment.

**DB on Workers**
- `hooks.server.ts` creates a Drizzle client **per request** (`createDb(event.platform)`) and puts it on `locals.db`; Workers can't reuse sockets across requests, so there's no module-level pool.
- `createDb` uses `platform.env.HYPERDRIVE.connectionString` when deployed (Hyperdrive pools and caches in front of Neon) and falls back to `DATABASE_URL` from `$env/dynamic/private` locally. postgres.js with `max: 5` and `fetch_types: false` (saves a round trip per request).
- `wrangler.jsonc`: the top-level config is only for local dev (Hyperdrive with a `localConnectionString` pointing at the compose Postgres); the deployed Workers are `env.staging` and `env.production`, each with its own Hyperdrive id and custom domain.""")

        t = d.task("the trip tiles on the home page are getting messy. pull them out into a TripCard component in "
                   "src/lib/components with a test. runes please — $props and $derived, no `export let` leftovers "
                   "from the svelte 4 days. show 'next: 14 Nov' and a small pill when the trip has a group discount",
                   tags=["pref:P1"])
        t.read(P("src/routes/+page.svelte"))
        t.read(P("src/lib/components/DepartureList.svelte.test.ts"))
        t.write(P("src/lib/components/TripCard.svelte"), """<script lang="ts">
	import type { Trip } from '$lib/server/db/schema';
	import { formatPrice } from '$lib/pricing';

	let { trip, nextDeparture = null }: { trip: Trip; nextDeparture?: Date | null } = $props();

	const next = $derived(
		nextDeparture?.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }) ?? null
	);
</script>

<a
	href="/trips/{trip.slug}"
	class="block overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md"
>
	<img src={trip.coverImage} alt="" class="h-44 w-full object-cover" loading="lazy" />
	<div class="p-4">
		<div class="flex items-start justify-between gap-2">
			<h2 class="font-medium">{trip.title}</h2>
			{#if trip.groupDiscountPct > 0}
				<span class="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">
					groups −{trip.groupDiscountPct}%
				</span>
			{/if}
		</div>
		<p class="mt-1 line-clamp-2 text-sm text-stone-600">{trip.summary}</p>
		<p class="mt-3 text-sm">
			from <strong>{formatPrice(trip.priceCents)}</strong>
			{#if next}<span class="text-stone-600"> · next: {next}</span>{/if}
		</p>
	</div>
</a>
""")
        t.write(P("src/lib/components/TripCard.svelte.test.ts"), """import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import TripCard from './TripCard.svelte';
import type { Trip } from '$lib/server/db/schema';

const trip: Trip = {
	id: 't1',
	slug: 'stubai-hut-to-hut',
	title: 'Stubai Hut-to-Hut',
	summary: 'Five days between the huts of the Stubai high trail.',
	guideId: 'g1',
	priceCents: 64500,
	groupDiscountPct: 10,
	maxGroupSize: 8,
	durationDays: 5,
	trailheadLat: 47.1107,
	trailheadLon: 11.3079,
	coverImage: '/covers/stubai.jpg',
	published: true,
	createdAt: new Date('2026-06-01T00:00:00Z')
};

describe('TripCard', () => {
	it('links to the trip page', () => {
		render(TripCard, { trip });
		expect(screen.getByRole('link')).toHaveAttribute('href', '/trips/stubai-hut-to-hut');
	});

	it('shows the price and the next departure', () => {
		render(TripCard, { trip, nextDeparture: new Date(Date.UTC(2026, 10, 14, 7)) });
		expect(screen.getByText('€645.00')).toBeInTheDocument();
		expect(screen.getByText(/next: 14 Nov/)).toBeInTheDocument();
	});

	it('shows the group discount pill', () => {
		render(TripCard, { trip });
		expect(screen.getByText('groups −10%')).toBeInTheDocument();
	});

	it('has no pill without a group discount', () => {
		render(TripCard, { trip: { ...trip, groupDiscountPct: 0 } });
		expect(screen.queryByText(/groups −/)).not.toBeInTheDocument();
	});
});
""")
        t.edit(P("src/routes/+page.svelte"), """	import { formatPrice } from '$lib/pricing';
""", """	import TripCard from '$lib/components/TripCard.svelte';
""")
        t.edit(P("src/routes/+page.svelte"), """			<li class="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
				<a href="/trips/{trip.slug}" class="block">
					<img src={trip.coverImage} alt="" class="h-44 w-full object-cover" />
					<div class="p-4">
						<h2 class="font-medium">{trip.title}</h2>
						<p class="mt-1 line-clamp-2 text-sm text-stone-600">{trip.summary}</p>
						<p class="mt-3 text-sm">
							from <strong>{formatPrice(trip.priceCents)}</strong>
							{#if nextDeparture}
								· next {nextDeparture.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}
							{/if}
						</p>
					</div>
				</a>
			</li>""", """			<li><TripCard {trip} {nextDeparture} /></li>""")
        TESTS["src/lib/components/TripCard.svelte.test.ts"] = ["client", 4]
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        t.bash("bun run check", "Type-check with svelte-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Done.

- `src/lib/components/TripCard.svelte` — props via `$props()` (`trip`, optional `nextDeparture`), the formatted date is a `$derived`. Shows title, summary, "from €…", "· next: 14 Nov" when there is a departure and a "groups −10%" pill when `groupDiscountPct > 0`. Images are `loading="lazy"` now.
- `src/routes/+page.svelte` — the `{#each}` just renders `<TripCard {trip} {nextDeparture} />` inside the `<li>`; the `formatPrice` import moved into the card.
- `TripCard.svelte.test.ts` (client project, jsdom): link target, price + next date, pill shown / hidden.

`bun run test`: 5 files, 25 tests green. `bun run check`: 0 errors.""")

        t = d.task("quick one, no code: for the trip page, should the departures load live in +page.server.ts or "
                   "+page.ts? we're on workers so both run on the edge anyway, right?", tags=["noise", "no_tools"])
        t.done("""Keep it in `+page.server.ts`.

"Both run on the edge" is only half true: `+page.ts` runs on the server for the first request **and in the browser on every client-side navigation**. For the departures that means:
- it can't touch `locals.db` (no DB in the browser) — it would have to `fetch` an API endpoint you'd need to write;
- the Hyperdrive binding and anything secret stay server-only anyway.

`+page.server.ts` always runs in the Worker; on client navigation SvelteKit fetches its result as `__data.json`, so you still get SPA-style navigation. Use `+page.ts` only for data that is safe and useful to load from the browser directly (a public third-party API, or shaping data returned from the server load).""")

    # ============================================================ S2  Wed 10-14
    with d.session("2026-10-14T09:02:00", R, branch="feat/login-rate-limit", version="2.1.121"):
        t = d.task("add rate limiting to the login and signup actions: max 5 attempts per IP per 10 minutes, counters "
                   "in KV. I created the namespaces already, binding RATE_LIMITS — ids: local "
                   "0d5c2e8a41f94b7cb3e1a6f29d8c7b40, staging 4f1c9a7e2b3d4c5e8f60a1b2c3d4e5f6, production "
                   "9e27b3c1d4a54e6f8a7b9c0d1e2f3a4b. when someone is over the limit show a normal form error with "
                   "the minutes to wait", tags=["mistake:M1"])
        W = P("wrangler.jsonc")
        t.read(W)
        t.edit(W, """			"localConnectionString": "postgres://trailmark:trailmark@localhost:5432/trailmark"
		}
	],
	"env": {""", """			"localConnectionString": "postgres://trailmark:trailmark@localhost:5432/trailmark"
		}
	],
	"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "0d5c2e8a41f94b7cb3e1a6f29d8c7b40" }],
	"env": {""")
        t.edit(W, """					"id": "a41d93c07be24f6e8d15c2f0b9e7a368"
				}
			]
		},""", """					"id": "a41d93c07be24f6e8d15c2f0b9e7a368"
				}
			],
			"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "4f1c9a7e2b3d4c5e8f60a1b2c3d4e5f6" }]
		},""")
        t.edit(W, """					"id": "e07c5a2b18d94f3aa6b0c9d2e41f7b55"
				}
			]
		}""", """					"id": "e07c5a2b18d94f3aa6b0c9d2e41f7b55"
				}
			],
			"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "9e27b3c1d4a54e6f8a7b9c0d1e2f3a4b" }]
		}""")
        LOGIN = P("src/routes/(auth)/login/+page.server.ts")
        SIGNUP = P("src/routes/(auth)/signup/+page.server.ts")
        t.read(LOGIN)
        t.read(SIGNUP)
        RL = "src/lib/server/rate-limit.ts"
        t.write(P(RL), """const WINDOW_SECONDS = 10 * 60;
const MAX_ATTEMPTS = 5;

/** The part of KVNamespace we use, so tests can pass an in-memory store. */
export interface CounterStore {
	get(key: string): Promise<string | null>;
	put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

export type LimitResult = { allowed: boolean; remaining: number; retryAfter: number };

/**
 * Fixed-window counter per key. KV is eventually consistent across locations, so this is a
 * soft limit — enough to stop someone hammering the login form from one address.
 */
export async function hit(store: CounterStore, key: string, now = Date.now()): Promise<LimitResult> {
	const window = Math.floor(now / 1000 / WINDOW_SECONDS);
	const k = `rl:${key}:${window}`;
	const count = Number((await store.get(k)) ?? 0) + 1;
	await store.put(k, String(count), { expirationTtl: WINDOW_SECONDS * 2 });
	const resetAt = (window + 1) * WINDOW_SECONDS;
	return {
		allowed: count <= MAX_ATTEMPTS,
		remaining: Math.max(0, MAX_ATTEMPTS - count),
		retryAfter: Math.max(0, resetAt - Math.floor(now / 1000))
	};
}

/** Limiter for the auth form actions; without the binding (unit tests, scripts) nothing is limited. */
export function authLimiter(platform: App.Platform | undefined) {
	const kv = platform?.env.RATE_LIMITS;
	return (action: 'login' | 'signup', ip: string): Promise<LimitResult> =>
		kv
			? hit(kv, `${action}:${ip}`)
			: Promise.resolve({ allowed: true, remaining: MAX_ATTEMPTS, retryAfter: 0 });
}

export function tooManyAttemptsMessage(retryAfter: number) {
	const minutes = Math.max(1, Math.ceil(retryAfter / 60));
	return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
""")
        t.write(P("src/lib/server/rate-limit.test.ts"), """import { describe, expect, it } from 'vitest';
import { hit, tooManyAttemptsMessage, type CounterStore } from './rate-limit';

function memoryStore(): CounterStore {
	const data = new Map<string, string>();
	return {
		get: async (key) => data.get(key) ?? null,
		put: async (key, value) => {
			data.set(key, value);
		}
	};
}

const t0 = Date.UTC(2026, 9, 14, 9, 0, 30);

describe('hit', () => {
	it('allows five attempts and blocks the sixth', async () => {
		const store = memoryStore();
		for (let i = 0; i < 5; i++) expect((await hit(store, 'login:1.2.3.4', t0)).allowed).toBe(true);
		const sixth = await hit(store, 'login:1.2.3.4', t0);
		expect(sixth.allowed).toBe(false);
		expect(sixth.retryAfter).toBe(570);
	});

	it('counts keys separately', async () => {
		const store = memoryStore();
		for (let i = 0; i < 6; i++) await hit(store, 'login:1.2.3.4', t0);
		expect((await hit(store, 'login:5.6.7.8', t0)).allowed).toBe(true);
	});

	it('starts over in the next window', async () => {
		const store = memoryStore();
		for (let i = 0; i < 6; i++) await hit(store, 'signup:1.2.3.4', t0);
		expect((await hit(store, 'signup:1.2.3.4', t0 + 10 * 60_000)).allowed).toBe(true);
	});
});

describe('tooManyAttemptsMessage', () => {
	it('rounds up to whole minutes', () => {
		expect(tooManyAttemptsMessage(570)).toBe('Too many attempts. Please try again in 10 minutes.');
		expect(tooManyAttemptsMessage(20)).toBe('Too many attempts. Please try again in 1 minute.');
	});
});
""")
        t.edit(LOGIN, """import { createSession, setSessionCookie, verifyPassword } from '$lib/server/auth';
""", """import { createSession, setSessionCookie, verifyPassword } from '$lib/server/auth';
import { authLimiter, tooManyAttemptsMessage } from '$lib/server/rate-limit';
""")
        t.edit(LOGIN, """	default: async ({ request, locals, cookies }) => {
		const form = await request.formData();""", """	default: async ({ request, locals, cookies, platform, getClientAddress }) => {
		const limit = await authLimiter(platform)('login', getClientAddress());
		if (!limit.allowed) return fail(429, { email: '', message: tooManyAttemptsMessage(limit.retryAfter) });

		const form = await request.formData();""")
        t.edit(SIGNUP, """import { createSession, hashPassword, setSessionCookie } from '$lib/server/auth';
""", """import { createSession, hashPassword, setSessionCookie } from '$lib/server/auth';
import { authLimiter, tooManyAttemptsMessage } from '$lib/server/rate-limit';
""")
        t.edit(SIGNUP, """	default: async ({ request, locals, cookies }) => {
		const data = Object.fromEntries(await request.formData());""", """	default: async ({ request, locals, cookies, platform, getClientAddress }) => {
		const limit = await authLimiter(platform)('signup', getClientAddress());
		if (!limit.allowed) return fail(429, { email: '', message: tooManyAttemptsMessage(limit.retryAfter) });

		const data = Object.fromEntries(await request.formData());""")
        t.fail("bun run check", "Type-check with svelte-check", svcheck_fail([
            diag(d, RL, "const kv = platform?.env.RATE_LIMITS;", "RATE_LIMITS",
                 "Property 'RATE_LIMITS' does not exist on type 'Env'.")]))
        t.say("`Env` is the generated type in `src/worker-configuration.d.ts`; it was generated before the KV "
              "binding existed. Regenerating it from wrangler.jsonc.")
        ENV_BINDINGS.insert(0, ("RATE_LIMITS", "KVNamespace"))
        env_now = [("RATE_LIMITS", "KVNamespace"), ("HYPERDRIVE", "Hyperdrive"),
                   ("PUBLIC_SITE_URL", '"http://localhost:5173" | "https://staging.trailmark.travel" | '
                                       '"https://trailmark.travel"'), ("ASSETS", "Fetcher")]
        d.files[P("src/worker-configuration.d.ts")] = worker_types(env_now)
        env_block = "\n".join(f"\t\t{k}: {v};" for k, v in env_now)
        t.bash("bun run cf-typegen", "Regenerate the Worker Env types", err="$ wrangler types ./src/worker-configuration.d.ts",
               out=f"""{banner("4.136.1")}
Generating project types...

declare namespace Cloudflare {{
	interface Env {{
{env_block}
	}}
}}
interface Env extends Cloudflare.Env {{}}

Generating runtime types...

Runtime types generated.

────────────────────────────────────────────────────────────
✨ Types written to ./src/worker-configuration.d.ts

📖 Read about runtime types
https://developers.cloudflare.com/workers/languages/typescript/#generate-types
📣 Remember to rerun 'wrangler types' after you change your wrangler.jsonc file.""")
        t.bash("bun run check", "Re-run svelte-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        TESTS["src/lib/server/rate-limit.test.ts"] = ["server", 4]
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        t.done("""Login and signup are rate-limited now.

- **wrangler.jsonc** — `RATE_LIMITS` KV namespace for local, staging and production (bindings aren't inherited by environments, so each env block has its own entry with your ids).
- **`src/lib/server/rate-limit.ts`** — fixed 10-minute window per `action:ip` key (`rl:login:1.2.3.4:<window>`), max 5 attempts, counters expire after two windows. `authLimiter(platform)` returns a no-op limiter when the binding isn't there (scripts/tests). `tooManyAttemptsMessage()` builds "Too many attempts. Please try again in N minutes."
- **login / signup actions** — the limiter runs first (before the DB or password hashing) and returns `fail(429, { message })`, which the existing `form.message` paragraph on both pages already shows.
- **Tests** — `rate-limit.test.ts` with an in-memory store: 6th attempt blocked with the right `retryAfter`, keys are independent, next window starts fresh, message rounding.

The first `bun run check` failed with `Property 'RATE_LIMITS' does not exist on type 'Env'` — the Env type is generated from wrangler.jsonc and was stale; `bun run cf-typegen` regenerated `src/worker-configuration.d.ts` (commit that file with the change). After that: svelte-check 0 errors, 6 test files / 29 tests green.

One caveat: KV is eventually consistent, so a burst spread over several Cloudflare locations can get a few more than 5 tries through. Fine for this purpose.""")

        t = d.task("looks good. ship it: lint, check, tests, then push and open a PR", tags=["workflow:W1"])
        t.bash("git status --short", "Show changed files", out=""" M src/routes/(auth)/login/+page.server.ts
 M src/routes/(auth)/signup/+page.server.ts
 M src/worker-configuration.d.ts
 M wrangler.jsonc
?? src/lib/server/rate-limit.test.ts
?? src/lib/server/rate-limit.ts""")
        t.bash("bun run lint", "Run prettier and eslint", out="Checking formatting...\nAll matched files use Prettier code style!",
               err="$ prettier --check . && eslint .")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        s1 = sha()
        t.bash('git add -A && git commit -m "feat(auth): rate-limit login and signup attempts" -m "5 attempts per IP '
               'per 10 minutes, counted in the RATE_LIMITS KV namespace."', "Commit",
               out=f"""[feat/login-rate-limit {s1}] feat(auth): rate-limit login and signup attempts
 6 files changed, 138 insertions(+), 2 deletions(-)
 create mode 100644 src/lib/server/rate-limit.test.ts
 create mode 100644 src/lib/server/rate-limit.ts""")
        t.bash("git push -u origin feat/login-rate-limit", "Push the branch", err=push_new("feat/login-rate-limit"))
        t.bash("gh pr create --base main --title \"feat(auth): rate-limit login and signup\" --body \"$(cat <<'EOF'\n"
               "## Summary\n\nAdds a per-IP rate limit to the login and signup form actions so the auth endpoints can't "
               "be hammered.\n\n## Details\n\n- New `src/lib/server/rate-limit.ts`: fixed 10-minute window, max 5 "
               "attempts per `action:ip`, counters stored in the new `RATE_LIMITS` KV namespace with a TTL of two "
               "windows\n- `authLimiter(platform)` is a no-op when the binding is missing, so scripts and unit tests "
               "don't need KV\n- Login and signup check the limit before touching the database or hashing passwords and "
               "return `fail(429)` with \"Too many attempts. Please try again in N minutes.\"\n- `wrangler.jsonc`: "
               "`RATE_LIMITS` added to the top level and to both `staging` and `production` (bindings are not "
               "inherited)\n- Regenerated `src/worker-configuration.d.ts`\n\n## Notes\n\nKV is eventually consistent, "
               "so a distributed burst can get slightly more than 5 attempts through.\n\n## Testing\n\n- `bun run "
               "lint`, `bun run check`: clean\n- `bun run test`: 29 passed (new `rate-limit.test.ts`)\nEOF\n)\"",
               "Open the PR", out=f"https://github.com/{GH}/pull/37", err=pr_err("feat/login-rate-limit"))
        t.done(f"""Shipped:
- `bun run lint` / `bun run check`: clean
- `bun run test`: 6 files, 29 tests passed
- committed `{s1}`, pushed `feat/login-rate-limit`
- PR #37: https://github.com/{GH}/pull/37""")

        t = d.task("wait — doesn't cloudflare have a proper rate limiting binding now? would that be better than our "
                   "KV counters? look it up before we merge", tags=["noise", "webfetch"])
        t.webfetch("https://developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit/",
                   "How is the Rate Limiting binding configured, which periods and limits does it support, and how "
                   "consistent/accurate is it?",
                   """The Rate Limiting API lets a Worker define limits in its Wrangler configuration and check them with `await env.MY_RATE_LIMITER.limit({ key })`, which resolves to `{ success: boolean }`.

Configuration (wrangler.jsonc) uses a `ratelimits` array with `name` (the binding), `namespace_id` (a number you choose, unique per account) and `simple: { limit, period }`.

- `period` must be either `10` or `60` seconds.
- `limit` is the number of requests allowed per period for a given key.
- Keys are arbitrary strings (user id, API key, IP — the docs recommend against IP where many users share one).

Accuracy: limits are applied per Cloudflare location and counters are cached locally, so the API is "permissive, eventually consistent". It is designed for protecting against abuse and not for accurate accounting or billing. Calls are fast because they don't wait on a central store.

Bindings must be declared per environment like other bindings.""")
        t.done("""It exists, but it doesn't fit this limit well:

- **Periods are only 10 s or 60 s.** "5 attempts per 10 minutes" can't be expressed; the closest is 5 per 60 s, which lets 50 attempts through in the same 10 minutes.
- It's per Cloudflare location and explicitly "permissive, eventually consistent" — the same caveat as our KV counters, so no gain in accuracy.
- Upside: no KV reads/writes on each attempt, and it's faster.

So I'd keep the KV version for the 10-minute policy. If you ever want a cheap burst guard in front of it (e.g. 10 per 10 s per IP on all form posts), the binding is a good fit for that — it could sit next to the KV limiter, not replace it. No change to #37 needed.""")

    # ============================================================ S3  Fri 10-16
    with d.session("2026-10-16T12:40:00", R, branch="feat/turnstile-signup", version="2.1.121"):
        t = d.task("we're getting bot signups. add cloudflare turnstile to the signup form. PUBLIC_TURNSTILE_SITE_KEY "
                   "is in my .env already; the secret TURNSTILE_SECRET_KEY is set as a wrangler secret on staging and "
                   "prod, I'll add the test secret locally when I try it. verify the token server-side before we "
                   "create the user", tags=["mistake:M2"])
        SIGNUP = P("src/routes/(auth)/signup/+page.server.ts")
        SIGNUP_SV = P("src/routes/(auth)/signup/+page.svelte")
        t.read(SIGNUP)
        t.read(SIGNUP_SV)
        TS = "src/lib/server/turnstile.ts"
        t.write(P(TS), """import { TURNSTILE_SECRET_KEY } from '$env/static/private';

const VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

type SiteverifyResponse = { success: boolean; 'error-codes'?: string[] };

export type TurnstileResult = { ok: boolean; codes: string[] };

/** Server-side check of a Turnstile token (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
export async function verifyTurnstile(
	token: string | null,
	ip: string | undefined,
	secret = TURNSTILE_SECRET_KEY,
	fetchFn: typeof fetch = fetch
): Promise<TurnstileResult> {
	if (!token) return { ok: false, codes: ['missing-input-response'] };
	const body = new FormData();
	body.set('secret', secret);
	body.set('response', token);
	if (ip) body.set('remoteip', ip);
	const res = await fetchFn(VERIFY_URL, { method: 'POST', body });
	if (!res.ok) return { ok: false, codes: [`http-${res.status}`] };
	const data = (await res.json()) as SiteverifyResponse;
	return { ok: data.success, codes: data['error-codes'] ?? [] };
}
""")
        t.write(P("src/lib/server/turnstile.test.ts"), """import { describe, expect, it, vi } from 'vitest';
import { verifyTurnstile } from './turnstile';

const answer = (body: unknown, status = 200) =>
	vi.fn<typeof fetch>(async () => Response.json(body, { status }));

describe('verifyTurnstile', () => {
	it('fails without a token and does not call Cloudflare', async () => {
		const fetchFn = answer({ success: true });
		expect(await verifyTurnstile(null, '1.2.3.4', 'secret', fetchFn)).toEqual({
			ok: false,
			codes: ['missing-input-response']
		});
		expect(fetchFn).not.toHaveBeenCalled();
	});

	it('posts secret, token and ip', async () => {
		const fetchFn = answer({ success: true });
		expect((await verifyTurnstile('tok', '1.2.3.4', 'secret', fetchFn)).ok).toBe(true);
		const body = fetchFn.mock.calls[0][1]?.body as FormData;
		expect(Object.fromEntries(body)).toEqual({ secret: 'secret', response: 'tok', remoteip: '1.2.3.4' });
	});

	it('passes the error codes through', async () => {
		const fetchFn = answer({ success: false, 'error-codes': ['timeout-or-duplicate'] });
		expect(await verifyTurnstile('tok', undefined, 'secret', fetchFn)).toEqual({
			ok: false,
			codes: ['timeout-or-duplicate']
		});
	});
});
""")
        t.edit(SIGNUP, """import { authLimiter, tooManyAttemptsMessage } from '$lib/server/rate-limit';
""", """import { authLimiter, tooManyAttemptsMessage } from '$lib/server/rate-limit';
import { verifyTurnstile } from '$lib/server/turnstile';
""")
        t.edit(SIGNUP, """		const data = Object.fromEntries(await request.formData());
		const parsed = signupSchema.safeParse(data);""", """		const formData = await request.formData();
		const captcha = await verifyTurnstile(
			formData.get('cf-turnstile-response') as string | null,
			getClientAddress()
		);
		if (!captcha.ok) {
			return fail(400, {
				email: String(formData.get('email') ?? ''),
				message: 'Please complete the verification and try again.'
			});
		}

		const data = Object.fromEntries(formData);
		const parsed = signupSchema.safeParse(data);""")
        t.edit(SIGNUP_SV, """	import { enhance } from '$app/forms';

	let { form } = $props();""", """	import { enhance } from '$app/forms';
	import { PUBLIC_TURNSTILE_SITE_KEY } from '$env/static/public';

	let { form } = $props();""")
        t.edit(SIGNUP_SV, """<svelte:head>
	<title>Create an account · Trailmark</title>
</svelte:head>""", """<svelte:head>
	<title>Create an account · Trailmark</title>
	<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>
</svelte:head>""")
        t.edit(SIGNUP_SV, """			return async ({ update }) => {
				await update();
				submitting = false;
			};""", """			return async ({ result, update }) => {
				await update();
				submitting = false;
				// a token is single-use: get a fresh one after a failed submit
				if (result.type === 'failure') window.turnstile?.reset();
			};""")
        t.edit(SIGNUP_SV, """		{#if form?.message}
			<p class="text-sm text-red-700">{form.message}</p>
		{/if}""", """		<div class="cf-turnstile" data-sitekey={PUBLIC_TURNSTILE_SITE_KEY} data-theme="light"></div>
		{#if form?.message}
			<p class="text-sm text-red-700">{form.message}</p>
		{/if}""")
        APPD = P("src/app.d.ts")
        t.read(APPD)
        t.edit(APPD, """		interface Platform {
			env: Env;
			cf: CfProperties;
			ctx: ExecutionContext;
		}
	}
}""", """		interface Platform {
			env: Env;
			cf: CfProperties;
			ctx: ExecutionContext;
		}
	}

	interface Window {
		turnstile?: { reset(widget?: string): void };
	}
}""")
        t.read(P(".env.example"))
        t.edit(P(".env.example"), """# Stripe test mode
STRIPE_SECRET_KEY=sk_test_...
""", """# Stripe test mode
STRIPE_SECRET_KEY=sk_test_...

# Cloudflare Turnstile — test keys always pass:
# https://developers.cloudflare.com/turnstile/troubleshooting/testing/
PUBLIC_TURNSTILE_SITE_KEY=1x00000000000000000000AA
TURNSTILE_SECRET_KEY=1x0000000000000000000000000000000AA
""")
        t.fail("bun run check", "Type-check with svelte-check", svcheck_fail([
            diag(d, TS, "import { TURNSTILE_SECRET_KEY }", "TURNSTILE_SECRET_KEY",
                 "Module '\"$env/static/private\"' has no exported member 'TURNSTILE_SECRET_KEY'.")]))
        t.say("`$env/static/private` only exports what is in the environment when SvelteKit syncs (your .env), and "
              "this secret only exists as a wrangler secret. Let me see how the other server code reads its config.")
        t.read(P("src/lib/server/db/index.ts"))
        t.edit(P(TS), "import { TURNSTILE_SECRET_KEY } from '$env/static/private';",
               "import { env } from '$env/dynamic/private';")
        t.edit(P(TS), "	secret = TURNSTILE_SECRET_KEY,", "	secret = env.TURNSTILE_SECRET_KEY ?? '',")
        t.bash("bun run check", "Re-run svelte-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        TESTS["src/lib/server/turnstile.test.ts"] = ["server", 3]
        t.bash("bun run test src/lib/server/turnstile.test.ts", "Run the Turnstile tests",
               out=vitest_ok(d, ["src/lib/server/turnstile.test.ts"]), err="$ vitest run src/lib/server/turnstile.test.ts")
        t.done("""Turnstile is on the signup form.

- **`src/lib/server/turnstile.ts`** — `verifyTurnstile(token, ip)` posts to `siteverify` and returns `{ ok, codes }`; a missing token fails without calling Cloudflare. The secret is read at request time from `$env/dynamic/private` (`env.TURNSTILE_SECRET_KEY`), same as `DATABASE_URL` in `db/index.ts`. My first version imported it from `$env/static/private`, which svelte-check rejected: static private env is baked in at build time from `.env`, and on Workers the secret only exists at runtime as a wrangler secret.
- **signup action** — after the rate limit, the `cf-turnstile-response` field is verified before parsing/creating the user; failure → `fail(400, "Please complete the verification and try again.")`.
- **signup page** — Turnstile script in `<svelte:head>`, the widget div with `PUBLIC_TURNSTILE_SITE_KEY`, and `window.turnstile.reset()` after a failed submit (tokens are single-use). `Window.turnstile` is declared in `app.d.ts`.
- **`.env.example`** — both keys with Cloudflare's always-pass test values.
- **tests** — `turnstile.test.ts` (3): no token, request body, error codes passed through.

For local testing put `TURNSTILE_SECRET_KEY=1x0000000000000000000000000000000AA` in your `.env`. svelte-check clean, tests green.""")

        t = d.task("next: when a departure is sold out people should be able to join a waitlist instead. new "
                   "trip_waitlist table with departure_id, email and created_at (withTimezone, like every other "
                   "timestamp we have), one row per departure + email. form action on the trip page, validate it "
                   "with zod like the booking form. generate the migration and run it locally",
                   tags=["workflow:W2", "pref:P2", "pref:P3"])
        SCH = P("src/lib/server/db/schema.ts")
        t.read(SCH)
        t.edit(SCH, """export const tripsRelations = relations(trips, ({ one, many }) => ({""", """export const tripWaitlist = pgTable(
	'trip_waitlist',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		departureId: uuid('departure_id')
			.notNull()
			.references(() => departures.id, { onDelete: 'cascade' }),
		email: text('email').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [uniqueIndex('trip_waitlist_departure_email_idx').on(t.departureId, t.email)]
);

export const tripsRelations = relations(trips, ({ one, many }) => ({""")
        t.bash("bun run db:generate --name trip_waitlist", "Generate the Drizzle migration",
               err="$ drizzle-kit generate --name trip_waitlist",
               out=f"""No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
7 tables
bookings 11 columns 2 indexes 2 fks
departures 4 columns 1 indexes 1 fks
guides 5 columns 0 indexes 1 fks
sessions 3 columns 0 indexes 1 fks
trip_waitlist 4 columns 1 indexes 1 fks
trips 14 columns 1 indexes 1 fks
users 6 columns 0 indexes 0 fks

[✓] Your SQL migration file ➜ drizzle/0012_trip_waitlist.sql 🚀""")
        d.files[P("drizzle/0012_trip_waitlist.sql")] = """CREATE TABLE "trip_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"departure_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_waitlist" ADD CONSTRAINT "trip_waitlist_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trip_waitlist_departure_email_idx" ON "trip_waitlist" USING btree ("departure_id","email");
"""
        t.read(P("drizzle/0012_trip_waitlist.sql"))
        t.bash("bun run db:migrate", "Apply the migration to the local database", err="$ drizzle-kit migrate",
               out=f"""No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
Using 'postgres' driver for database querying
[⣷] applying migrations...[✓] migrations applied successfully!""")
        VB = P("src/lib/validation/booking.ts")
        t.read(VB)
        t.edit(VB, """export type BookingInput = z.infer<typeof bookingSchema>;
""", """export type BookingInput = z.infer<typeof bookingSchema>;

export const waitlistSchema = z.object({
	departureId: z.uuid(),
	email: z.email().transform((e) => e.toLowerCase())
});
""")
        VBT = P("src/lib/validation/booking.test.ts")
        t.read(VBT)
        t.edit(VBT, "import { bookingSchema } from './booking';", "import { bookingSchema, waitlistSchema } from './booking';")
        t.edit(VBT, """	it('rejects a departure id that is not a uuid', () => {
		expect(bookingSchema.safeParse({ ...valid, departureId: '42' }).success).toBe(false);
	});
});
""", """	it('rejects a departure id that is not a uuid', () => {
		expect(bookingSchema.safeParse({ ...valid, departureId: '42' }).success).toBe(false);
	});
});

describe('waitlistSchema', () => {
	it('lower-cases the email', () => {
		expect(waitlistSchema.parse({ departureId: valid.departureId, email: 'A@B.co' }).email).toBe('a@b.co');
	});

	it('ignores extra fields', () => {
		expect(waitlistSchema.parse({ ...valid })).toEqual({
			departureId: valid.departureId,
			email: 'guest@example.com'
		});
	});

	it('rejects a bad email', () => {
		expect(waitlistSchema.safeParse({ departureId: valid.departureId, email: 'x' }).success).toBe(false);
	});
});
""")
        TP = P("src/routes/trips/[slug]/+page.server.ts")
        t.read(TP)
        t.edit(TP, """import { departures, trips } from '$lib/server/db/schema';
import { bookingSchema } from '$lib/validation/booking';""", """import { departures, trips, tripWaitlist } from '$lib/server/db/schema';
import { bookingSchema, waitlistSchema } from '$lib/validation/booking';""")
        t.edit(TP, """		await attachCheckoutSession(locals.db, result.booking.id, session.id);
		redirect(303, session.url!);
	}
};""", """		await attachCheckoutSession(locals.db, result.booking.id, session.id);
		redirect(303, session.url!);
	},

	waitlist: async ({ request, locals }) => {
		const parsed = waitlistSchema.safeParse(Object.fromEntries(await request.formData()));
		if (!parsed.success) return fail(400, { waitlist: { message: 'Please enter a valid email address.' } });
		// joining twice is fine: the unique index makes it a no-op
		await locals.db.insert(tripWaitlist).values(parsed.data).onConflictDoNothing();
		return { waitlist: { joined: true } };
	}
};""")
        DL = P("src/lib/components/DepartureList.svelte")
        t.read(DL)
        t.edit(DL, """	let {
		departures,
		selected = $bindable(null)
	}: { departures: Departure[]; selected?: string | null } = $props();""", """	let {
		departures,
		selected = $bindable(null),
		onwaitlist
	}: {
		departures: Departure[];
		selected?: string | null;
		onwaitlist?: (departureId: string) => void;
	} = $props();""")
        t.edit(DL, """			{:else}
				<span class="text-sm text-stone-500">Sold out</span>
			{/if}""", """			{:else}
				<span class="flex items-center gap-3 text-sm text-stone-500">
					Sold out
					{#if onwaitlist}
						<button type="button" class="underline" onclick={() => onwaitlist(dep.id)}>Join waitlist</button>
					{/if}
				</span>
			{/if}""")
        TSV = P("src/routes/trips/[slug]/+page.svelte")
        t.read(TSV)
        t.edit(TSV, """	let selected = $state<string | null>(null);""", """	let selected = $state<string | null>(null);
	let waitlistFor = $state<string | null>(null);""")
        t.edit(TSV, """	<DepartureList departures={trip.departures} bind:selected />""",
               """	<DepartureList departures={trip.departures} bind:selected onwaitlist={(id) => (waitlistFor = id)} />

	{#if form?.waitlist && 'joined' in form.waitlist}
		<p class="mt-4 text-sm text-emerald-800">You're on the waitlist — we'll email you if a seat opens up.</p>
	{:else if waitlistFor}
		<form method="POST" action="?/waitlist" use:enhance class="mt-4 flex max-w-md gap-2">
			<input type="hidden" name="departureId" value={waitlistFor} />
			<input name="email" type="email" placeholder="you@example.com" required class="flex-1" />
			<button class="rounded-lg border px-3 py-2 text-sm">Join waitlist</button>
		</form>
		{#if form?.waitlist && 'message' in form.waitlist}
			<p class="mt-2 text-sm text-red-700">{form.waitlist.message}</p>
		{/if}
	{/if}""")
        TESTS["src/lib/validation/booking.test.ts"][1] = 10
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Waitlist is in.

- **Schema** — `trip_waitlist` (`id`, `departure_id` → departures with `ON DELETE cascade`, `email`, `created_at timestamp with time zone default now()`), unique index on `(departure_id, email)`.
- **Migration** — `drizzle/0012_trip_waitlist.sql` (create table, FK, unique index), applied locally with `bun run db:migrate`.
- **Validation** — `waitlistSchema` (zod) next to `bookingSchema`: uuid + lower-cased email; 3 new tests.
- **Action** — `?/waitlist` on the trip page inserts with `onConflictDoNothing()`, so joining twice is harmless; returns `{ waitlist: { joined: true } }`.
- **UI** — `DepartureList` takes an optional `onwaitlist` callback and shows "Join waitlist" next to "Sold out"; the page then shows a one-field email form and a confirmation line.

Tests (""" + tcount() + """) and svelte-check are green. Nobody gets notified yet when a seat frees up — that would hang off cancellations later.""")

        t = d.task("Felix wants to move sessions out of postgres into KV \"for speed\". give me three lines I can "
                   "paste back to him", tags=["noise", "no_tools"])
        t.done("""- Session lookups are one indexed primary-key query through Hyperdrive, which is already pooled close to the Worker — it isn't where our latency comes from.
- KV is eventually consistent (up to ~60 s across locations), so a logout or revoked session could keep working elsewhere for a minute, and we'd lose the join to `users` in the same query.
- If we ever need it, a short-lived KV cache in front of Postgres gets the speed without making KV the source of truth — happy to revisit with numbers.""")

    # ============================================================ S4  Tue 10-20
    with d.session("2026-10-20T08:35:00", R, branch="main", version="2.1.123", end_reason="other"):
        t = d.task("CI says the production deploy for #38 (Felix's itinerary page) went through this morning. can you "
                   "confirm what's actually live in prod right now and when it went out?", tags=["mistake:M3"])
        t.fail("bunx wrangler deployments status", "Show the current production deployment",
               worker_missing(d, "4.136.1", "deployments"))
        t.say("There is no deployed Worker called plain `trailmark`. Checking how the environments are named in the "
              "wrangler config.")
        t.read(P("wrangler.jsonc"))
        v38 = uuid4()
        t.bash("bunx wrangler deployments status --env production", "Show the current production deployment",
               out=f"""{banner("4.136.1")}
Created:     2026-10-20T07:41:12.418Z
Author:      sam@trailmark.travel
Source:      Upload
Message:     -
Version(s):  (100%) {v38}
                 Created:  2026-10-20T07:41:09.902Z
                     Tag:  -
                 Message:  -""")
        m38 = sha()
        t.bash("git fetch -q && git log origin/main -4 --format='%h %cI %an %s'", "Show the latest commits on main",
               out=f"""{m38} 2026-10-20T08:36:55+01:00 Felix Brandt Merge pull request #38 from trailmark-travel/feat/itinerary
{sha()} 2026-10-19T17:12:40+01:00 Felix Brandt itinerary: day-by-day section on the trip page
{sha()} 2026-10-17T10:03:18+01:00 Sam Whitaker Merge pull request #37 from trailmark-travel/feat/login-rate-limit
{sha()} 2026-10-16T16:48:02+01:00 Sam Whitaker feat(auth): turnstile on signup""")
        t.bash("gh run list --workflow deploy.yml --limit 3", "Show the recent deploy workflow runs",
               out="completed\tsuccess\tMerge pull request #38 from trailmark-travel/feat/itinerary\tDeploy\tmain\tpush\t"
                   "18390255561\t4m21s\t2026-10-20T07:37:02Z\n"
                   "completed\tsuccess\tMerge pull request #37 from trailmark-travel/feat/login-rate-limit\tDeploy\tmain\t"
                   "push\t18331920744\t4m08s\t2026-10-17T09:03:41Z\n"
                   "completed\tsuccess\tMerge pull request #36 from trailmark-travel/fix/departure-timezones\tDeploy\t"
                   "main\tpush\t18270114835\t4m15s\t2026-10-14T15:26:09Z")
        t.done(f"""Yes — #38 is what's live.

- **Production** (`trailmark-production`): one deployment at 100% traffic, version `{v38}`, created **07:41 UTC (08:41 your time) today**, uploaded by the CI token (shows as your account).
- `{m38}` — the #38 merge — landed on main at 07:36 UTC, and the Deploy workflow run for it succeeded in 4m21s, which matches the 07:41 upload.

Side note: plain `wrangler deployments status` fails with "This Worker does not exist on your account" because it targets the top-level name `trailmark`, which is only used for local dev. The deployed Workers are per environment (`trailmark-staging`, `trailmark-production`), so these commands need `--env production` / `--env staging`.""")

        t = d.task("while you're here: run bun outdated and tell me what's worth bumping this week. nothing major",
                   tags=["noise", "long_output"])
        rows = [("@eslint/compat (dev)", "1.4.0", "1.4.1", "1.4.1"), ("@eslint/js (dev)", "9.38.0", "9.39.2", "9.39.2"),
                ("@playwright/test (dev)", "1.56.1", "1.57.0", "1.57.0"),
                ("@sveltejs/adapter-cloudflare (dev)", "7.2.4", "7.2.6", "7.2.6"),
                ("@sveltejs/kit (dev)", "2.48.5", "2.49.4", "2.49.4"),
                ("@sveltejs/vite-plugin-svelte (dev)", "6.2.1", "6.2.4", "7.0.1"),
                ("@tailwindcss/vite (dev)", "4.1.16", "4.1.18", "4.1.18"),
                ("@testing-library/svelte (dev)", "5.2.8", "5.2.9", "5.2.9"),
                ("drizzle-kit (dev)", "0.31.6", "0.31.8", "0.31.8"), ("drizzle-orm", "0.44.7", "0.44.7", "0.45.1"),
                ("eslint (dev)", "9.38.0", "9.39.2", "9.39.2"), ("jsdom (dev)", "27.1.0", "27.2.0", "27.2.0"),
                ("stripe", "19.2.0", "19.3.1", "20.0.0"), ("svelte (dev)", "5.43.2", "5.45.6", "5.45.6"),
                ("svelte-check (dev)", "4.3.3", "4.3.5", "4.3.5"), ("tailwindcss (dev)", "4.1.16", "4.1.18", "4.1.18"),
                ("typescript-eslint (dev)", "8.46.2", "8.48.1", "8.48.1"), ("vite (dev)", "7.3.1", "7.3.3", "8.2.2"),
                ("vitest (dev)", "4.0.8", "4.1.2", "4.1.2"), ("wrangler (dev)", "4.131.2", "4.136.1", "4.136.1"),
                ("zod", "4.1.12", "4.1.13", "4.1.13")]
        w = max(len(r[0]) for r in rows) + 2
        tab = ["┌" + "─" * w + "┬─────────┬─────────┬─────────┐",
               "│ " + "Package".ljust(w - 1) + "│ Current │ Update  │ Latest  │",
               "├" + "─" * w + "┼─────────┼─────────┼─────────┤"]
        for r in rows:
            tab.append("│ " + r[0].ljust(w - 1) + "".join(f"│ {c:<8}" for c in r[1:]) + "│")
        tab.append("└" + "─" * w + "┴─────────┴─────────┴─────────┘")
        t.bash("bun outdated", "List outdated dependencies", out=f"bun outdated v{BUNV}\n" + "\n".join(tab))
        t.done("""Safe to take now (all within the current ranges, one `bun update` does them):
- **svelte 5.45, @sveltejs/kit 2.49, adapter-cloudflare 7.2.6, svelte-check 4.3.5** — bug-fix/minor releases, move them together.
- **wrangler 4.136** — also clears the "update available" banner.
- **drizzle-kit 0.31.8**, **zod 4.1.13**, **stripe 19.3.1**, **tailwind 4.1.18**, **eslint 9.39 / typescript-eslint 8.48**, **jsdom**, **@testing-library/svelte**.
- **vitest 4.1** (minor) and **@playwright/test 1.57** — fine, but Playwright 1.57 ships new browser builds, so `bunx playwright install chromium` afterwards or e2e will fail to launch.

Hold for now (majors / 0.x minors):
- **vite 8** (Rolldown instead of Rollup) and **@sveltejs/vite-plugin-svelte 7** — move these together once kit officially supports vite 8; not a Tuesday job.
- **drizzle-orm 0.45** — a 0.x minor is allowed to break; read the release notes first.
- **stripe 20** — new major pins a newer Stripe API version; needs a look at the webhook/checkout payloads.

Want me to run `bun update` for the first group and the test suite?""")

        t = d.task("and bun audit — anything we actually need to worry about?", tags=["unfixed:U1"])
        t.fail("bun audit", "Check dependencies for known vulnerabilities", f"""bun audit v{BUNV}
brace-expansion  >=1.0.0 <=1.1.11
  eslint › minimatch › brace-expansion
  low: brace-expansion Regular Expression Denial of Service vulnerability - https://github.com/advisories/GHSA-v6h2-p8h4-qcjw

esbuild  <=0.24.2
  drizzle-kit › @esbuild-kit/esm-loader › @esbuild-kit/core-utils › esbuild
  moderate: esbuild enables any website to send any requests to the development server and read the response - https://github.com/advisories/GHSA-67mh-4wv8-2f99

2 vulnerabilities (1 moderate, 1 low)

To update all dependencies to the latest compatible versions:
  bun update

To update all dependencies to the latest versions (including breaking changes):
  bun update --latest""")
        t.bash("bun why esbuild", "See which packages pull in esbuild", out="""esbuild@0.25.12
  ├─ dev vite@7.3.1 (requires ^0.25.0)
  ├─ dev drizzle-kit@0.31.6 (requires ^0.25.4)
  └─ esbuild-register@3.6.0 (requires >=0.12 <1)
     └─ dev drizzle-kit@0.31.6 (requires ^3.5.0)

esbuild@0.18.20
  └─ @esbuild-kit/core-utils@3.3.2 (requires ~0.18.20)
     └─ @esbuild-kit/esm-loader@2.6.5 (requires ^3.3.2)
        └─ dev drizzle-kit@0.31.6 (requires ^2.5.5)""")
        t.bash("bun why brace-expansion", "See which packages pull in brace-expansion", out="""brace-expansion@1.1.11
  └─ minimatch@3.1.2 (requires ^1.1.7)
     ├─ dev eslint@9.38.0 (requires ^3.1.2)
     └─ @eslint/config-array@0.21.1 (requires ^3.1.2)
        └─ dev eslint@9.38.0 (requires ^0.21.1)

brace-expansion@2.0.2
  └─ minimatch@9.0.5 (requires ^2.0.1)
     └─ typescript-eslint@8.46.2 (requires ^9.0.4)""")
        t.done("""Nothing that reaches production, and nothing we can fix cleanly today.

- **esbuild ≤ 0.24.2 (moderate)** — the old `esbuild@0.18.20` comes only through `drizzle-kit → @esbuild-kit/esm-loader`, which drizzle-kit still pins. The advisory is about esbuild's *dev server* (`esbuild --serve`) answering cross-origin requests; drizzle-kit only uses esbuild to load `drizzle.config.ts` and never starts that server. Vite uses the fixed 0.25 line. Real fix is upstream in drizzle-kit.
- **brace-expansion ≤ 1.1.11 (low)** — ReDoS via `eslint → minimatch@3`. Only our own lint globs go through it, on our machines and CI.

Both are dev-only and not part of the Worker bundle. `bun update` won't clear them (the ranges are pinned by eslint and drizzle-kit). We could force versions with `overrides` in package.json, but overriding esbuild under drizzle-kit across a major range risks breaking `db:generate`, so I'd rather leave it and re-check when drizzle-kit drops `@esbuild-kit`. I didn't change anything.""")

    # ============================================================ S5  Thu 10-22  (acceptEdits)
    with d.session("2026-10-22T09:30:00", R, branch="feat/guide-avatars", version="2.1.124",
                   permission_mode="acceptEdits"):
        t = d.task("guides need a profile photo. upload from the account page, store in R2 (binding AVATARS — buckets "
                   "trailmark-avatars, trailmark-avatars-staging and trailmark-avatars-production already exist), serve "
                   "them from /media/avatars/[guideId] with a long cache. the upload component: runes only "
                   "($state/$props), don't pull in svelte/store for the progress thing",
                   tags=["mistake:M1", "pref:P1"])
        W = P("wrangler.jsonc")
        t.read(W)
        t.edit(W, """	"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "0d5c2e8a41f94b7cb3e1a6f29d8c7b40" }],
""", """	"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "0d5c2e8a41f94b7cb3e1a6f29d8c7b40" }],
	"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars" }],
""")
        t.edit(W, """			"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "4f1c9a7e2b3d4c5e8f60a1b2c3d4e5f6" }]""",
               """			"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "4f1c9a7e2b3d4c5e8f60a1b2c3d4e5f6" }],
			"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars-staging" }]""")
        t.edit(W, """			"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "9e27b3c1d4a54e6f8a7b9c0d1e2f3a4b" }]""",
               """			"kv_namespaces": [{ "binding": "RATE_LIMITS", "id": "9e27b3c1d4a54e6f8a7b9c0d1e2f3a4b" }],
			"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars-production" }]""")
        t.read(P("src/routes/account/+page.server.ts"))
        ACC = P("src/routes/account/+page.svelte")
        t.read(ACC)
        t.write(P("src/lib/avatar.ts"), """export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Returns a message for the user, or null when the file is fine. */
export function validateAvatar(file: { type: string; size: number }): string | null {
	if (!AVATAR_TYPES.includes(file.type)) return 'Please upload a JPEG, PNG or WebP image.';
	if (file.size === 0) return 'That file is empty.';
	if (file.size > AVATAR_MAX_BYTES) return 'Photos can be at most 2 MB.';
	return null;
}

export const avatarKey = (guideId: string) => `avatars/${guideId}`;
""")
        t.write(P("src/lib/avatar.test.ts"), """import { describe, expect, it } from 'vitest';
import { avatarKey, validateAvatar } from './avatar';

describe('validateAvatar', () => {
	it('accepts a jpeg under the limit', () => {
		expect(validateAvatar({ type: 'image/jpeg', size: 300_000 })).toBeNull();
	});

	it('rejects other types', () => {
		expect(validateAvatar({ type: 'image/gif', size: 300_000 })).toMatch(/JPEG, PNG or WebP/);
	});

	it('rejects empty files', () => {
		expect(validateAvatar({ type: 'image/png', size: 0 })).toBe('That file is empty.');
	});

	it('rejects files over 2 MB', () => {
		expect(validateAvatar({ type: 'image/webp', size: 2 * 1024 * 1024 + 1 })).toMatch(/2 MB/);
	});
});

describe('avatarKey', () => {
	it('namespaces by guide', () => {
		expect(avatarKey('g1')).toBe('avatars/g1');
	});
});
""")
        UP = "src/routes/account/avatar/+server.ts"
        t.write(P(UP), """import { error, json } from '@sveltejs/kit';
import { eq } from 'drizzle-orm';
import type { RequestHandler } from './$types';
import { avatarKey, validateAvatar } from '$lib/avatar';
import { guides } from '$lib/server/db/schema';

export const POST: RequestHandler = async ({ request, locals, platform }) => {
	if (!locals.user?.isGuide) error(403, 'Only guides have a profile photo');
	const guide = await locals.db.query.guides.findFirst({ where: eq(guides.userId, locals.user.id) });
	if (!guide) error(404, 'Guide profile not found');

	const file = (await request.formData()).get('photo');
	if (!(file instanceof File)) error(400, 'No photo uploaded');
	const problem = validateAvatar(file);
	if (problem) error(400, problem);

	const bucket = platform?.env.AVATARS;
	if (!bucket) error(500, 'Avatar storage is not configured');
	// R2 needs a known length, so upload the bytes rather than the stream
	await bucket.put(avatarKey(guide.id), await file.arrayBuffer(), {
		httpMetadata: { contentType: file.type }
	});
	return json({ url: `/media/avatars/${guide.id}?v=${Date.now()}` });
};
""")
        MEDIA = "src/routes/media/avatars/[guideId]/+server.ts"
        t.write(P(MEDIA), """import { error } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { avatarKey } from '$lib/avatar';

export const GET: RequestHandler = async ({ params, platform, request }) => {
	const object = await platform?.env.AVATARS.get(avatarKey(params.guideId), { onlyIf: request.headers });
	if (!object) error(404, 'No avatar');

	const headers = new Headers();
	object.writeHttpMetadata(headers);
	headers.set('etag', object.httpEtag);
	// a week in browsers and at the edge; uploads return a ?v= URL so a new photo shows up immediately
	headers.set('cache-control', 'public, max-age=604800');
	// onlyIf matched the ETag: R2 gives us the metadata without a body
	if (!('body' in object)) return new Response(null, { status: 304, headers });
	return new Response(object.body, { headers });
};
""")
        t.write(P("src/lib/components/AvatarUpload.svelte"), """<script lang="ts">
	let { src = null, onuploaded }: { src?: string | null; onuploaded?: (url: string) => void } = $props();

	let progress = $state<number | null>(null);
	let error = $state<string | null>(null);
	let preview = $state<string | null>(null);
	const shown = $derived(preview ?? src);

	function upload(file: File) {
		error = null;
		preview = URL.createObjectURL(file);
		const body = new FormData();
		body.set('photo', file);

		// XHR rather than fetch: fetch has no upload progress events
		const xhr = new XMLHttpRequest();
		xhr.open('POST', '/account/avatar');
		xhr.upload.onprogress = (e) => {
			if (e.lengthComputable) progress = Math.round((e.loaded / e.total) * 100);
		};
		xhr.onload = () => {
			progress = null;
			const res = JSON.parse(xhr.responseText);
			if (xhr.status === 200) onuploaded?.(res.url);
			else error = res.message ?? 'Upload failed';
		};
		xhr.onerror = () => {
			progress = null;
			error = 'Upload failed — check your connection';
		};
		xhr.send(body);
	}
</script>

<div class="mt-4 flex items-center gap-4">
	{#if shown}
		<img src={shown} alt="Your profile" class="h-20 w-20 rounded-full object-cover" />
	{:else}
		<div class="h-20 w-20 rounded-full bg-stone-200"></div>
	{/if}
	<label class="cursor-pointer text-sm underline">
		Change photo
		<input
			type="file"
			accept="image/jpeg,image/png,image/webp"
			class="sr-only"
			onchange={(e) => {
				const file = e.currentTarget.files?.[0];
				if (file) upload(file);
			}}
		/>
	</label>
	{#if progress !== null}
		<progress max="100" value={progress} class="w-32"></progress>
	{/if}
	{#if error}
		<p class="text-sm text-red-700">{error}</p>
	{/if}
</div>
""")
        t.edit(ACC, """	import { formatPrice } from '$lib/pricing';
""", """	import AvatarUpload from '$lib/components/AvatarUpload.svelte';
	import { formatPrice } from '$lib/pricing';
""")
        t.edit(ACC, """			<p class="mt-1 text-sm text-stone-600">{data.guide.displayName} · {data.guide.region}</p>
""", """			<p class="mt-1 text-sm text-stone-600">{data.guide.displayName} · {data.guide.region}</p>
			<AvatarUpload src="/media/avatars/{data.guide.id}" />
""")
        TESTS["src/lib/avatar.test.ts"] = ["server", 5]
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        t.fail("bun run check", "Type-check with svelte-check", svcheck_fail([
            diag(d, UP, "const bucket = platform?.env.AVATARS;", "AVATARS",
                 "Property 'AVATARS' does not exist on type 'Env'."),
            diag(d, MEDIA, "const object = await platform?.env.AVATARS", "AVATARS",
                 "Property 'AVATARS' does not exist on type 'Env'.")]))
        t.grep("AVATARS", path=P("src/worker-configuration.d.ts"), output_mode="content", content="", n=True)
        t.say("The generated `Env` in `src/worker-configuration.d.ts` doesn't have the new R2 binding yet — "
              "regenerating it from wrangler.jsonc.")
        env_now = [("RATE_LIMITS", "KVNamespace"), ("AVATARS", "R2Bucket"), ("HYPERDRIVE", "Hyperdrive"),
                   ("PUBLIC_SITE_URL", '"http://localhost:5173" | "https://staging.trailmark.travel" | '
                                       '"https://trailmark.travel"'), ("ASSETS", "Fetcher")]
        d.files[P("src/worker-configuration.d.ts")] = worker_types(env_now)
        env_block = "\n".join(f"\t\t{k}: {v};" for k, v in env_now)
        t.bash("bun run cf-typegen", "Regenerate the Worker Env types", err="$ wrangler types ./src/worker-configuration.d.ts",
               out=f"""{banner("4.136.1")}
Generating project types...

declare namespace Cloudflare {{
	interface Env {{
{env_block}
	}}
}}
interface Env extends Cloudflare.Env {{}}

Generating runtime types...

Runtime types generated.

────────────────────────────────────────────────────────────
✨ Types written to ./src/worker-configuration.d.ts

📖 Read about runtime types
https://developers.cloudflare.com/workers/languages/typescript/#generate-types
📣 Remember to rerun 'wrangler types' after you change your wrangler.jsonc file.""")
        t.bash("bun run check", "Re-run svelte-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Guide photos work end to end.

- **wrangler.jsonc** — `AVATARS` R2 binding in all three configs (`trailmark-avatars`, `-staging`, `-production`); `src/worker-configuration.d.ts` regenerated so `Env` knows about it (svelte-check failed on `platform.env.AVATARS` until then).
- **`POST /account/avatar`** (`src/routes/account/avatar/+server.ts`) — guides only (403 otherwise), validates type (JPEG/PNG/WebP) and size (≤ 2 MB) with `validateAvatar`, stores the bytes under `avatars/<guideId>` with the content type, returns `/media/avatars/<id>?v=<timestamp>`.
- **`GET /media/avatars/[guideId]`** — streams from R2 with the stored content type, `ETag`, `cache-control: public, max-age=604800`; conditional requests get a 304. New uploads are visible immediately through the `?v=` URL.
- **`AvatarUpload.svelte`** — runes only: `$props()` for `src`/`onuploaded`, `$state` for progress/error/preview, `$derived` for the image shown. Uses XHR because fetch has no upload progress; shows a `<progress>` bar while uploading. Added to the guide section of `/account`.
- **`src/lib/avatar.ts` + test** — validation and key helper (5 tests).

svelte-check clean; """ + tcount() + """ pass.""")

        t = d.task("bug from Dana: 4 adults on 'Via Alpina: Grindelwald to Lauterbrunnen' (€34.80 per adult, 10% "
                   "group discount) got quoted €125.27. should be €125.28. fix it and add a test for exactly that case",
                   tags=["oneoff:O1"])
        PR_ = P("src/lib/pricing.ts")
        PT = "src/lib/pricing.test.ts"
        t.read(PR_)
        t.read(P(PT))
        t.edit(P(PT), """	it('has no discount below four people', () => {
		expect(quote(trip, { adults: 3, children: 0 }).discountCents).toBe(0);
	});
});""", """	it('has no discount below four people', () => {
		expect(quote(trip, { adults: 3, children: 0 }).discountCents).toBe(0);
	});

	it('applies the group discount without losing a cent', () => {
		const q = quote({ priceCents: 3480, groupDiscountPct: 10 }, { adults: 4, children: 0 });
		expect(q.totalCents).toBe(12528);
	});
});""")
        ln = line_no(d, PT, "expect(q.totalCents).toBe(12528);")
        src = d.files[P(PT)].split("\n")
        frame = "\n".join(f"    {k:>2}| {src[k - 1]}" for k in range(ln - 2, ln + 1))
        col = src[ln - 1].index("toBe") + 1
        caret = " " * (src[ln - 1].index("toBe"))
        frame += f"\n       | {caret}^\n    {ln + 1:>2}| {src[ln]}\n    {ln + 2:>2}| {src[ln + 1]}"
        TESTS[PT][1] = 6
        t.fail("bun run test src/lib/pricing.test.ts", "Run the pricing tests", f"""$ vitest run src/lib/pricing.test.ts

 RUN  v4.0.8 {R}

 ❯ |server| {PT} (6 tests | 1 failed) 9ms
   ✓ quote > charges adults the full price 1ms
   ✓ quote > charges children at 60% 0ms
   ✓ quote > applies the group discount from four people 0ms
   ✓ quote > has no discount below four people 0ms
   × quote > applies the group discount without losing a cent 4ms
     → expected 12527 to be 12528 // Object.is equality
   ✓ formatPrice > formats euros 2ms

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  |server| {PT} > quote > applies the group discount without losing a cent
AssertionError: expected 12527 to be 12528 // Object.is equality

- Expected
+ Received

- 12528
+ 12527

 ❯ {PT}:{ln}:{col}
{frame}

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯

{vitest_summary(d, 1, 6, 1, 1)}

error: script "test" exited with code 1""")
        t.say("Reproduced. `quote()` converts cents to euros and multiplies floats: 34.8 × 4 × 0.9 × 100 is "
              "12527.999999999998, and `Math.floor` turns that into 12527. Switching the whole calculation to "
              "integer cents.")
        t.edit(PR_, """export function quote(trip: PricedTrip, party: Party): Quote {
	const people = party.adults + party.children;
	const adult = trip.priceCents / 100;
	const child = adult * CHILD_RATE;
	const subtotal = adult * party.adults + child * party.children;
	const discount = people >= GROUP_MIN ? trip.groupDiscountPct / 100 : 0;
	const total = subtotal * (1 - discount);
	return {
		subtotalCents: Math.round(subtotal * 100),
		discountCents: Math.round(subtotal * discount * 100),
		totalCents: Math.floor(total * 100)
	};
}""", """export function quote(trip: PricedTrip, party: Party): Quote {
	const people = party.adults + party.children;
	// Everything in integer cents; the only rounding is one Math.round per derived amount.
	const childCents = Math.round(trip.priceCents * CHILD_RATE);
	const subtotalCents = trip.priceCents * party.adults + childCents * party.children;
	const pct = people >= GROUP_MIN ? trip.groupDiscountPct : 0;
	const discountCents = Math.round((subtotalCents * pct) / 100);
	return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}""")
        t.bash("bun run test src/lib/pricing.test.ts", "Run the pricing tests",
               out=vitest_ok(d, [PT]), err="$ vitest run src/lib/pricing.test.ts")
        t.done("""Fixed — that quote is €125.28 now.

Cause: `quote()` turned `price_cents` into euros, did the discount in floating point and then `Math.floor`ed back to cents. 34.80 × 4 × 0.9 comes out as 125.27999999999999, so the floor lost a cent. Any trip with a group discount could be off by one cent downwards.

`quote()` now works in integer cents throughout: child price rounded once, discount = `round(subtotal × pct / 100)`, total = subtotal − discount (so subtotal, discount and total always add up). The existing tests give the same numbers, and the new one pins the 4 × €34.80 case at 12528.

Bookings already in the DB keep their stored `total_cents`; only new quotes change.""")

        t = d.task("ship both (avatars + the pricing fix): lint, check, tests, push, PR", tags=["workflow:W1"])
        t.bash("git status --short", "Show changed files", out=""" M src/lib/pricing.test.ts
 M src/lib/pricing.ts
 M src/routes/account/+page.svelte
 M src/worker-configuration.d.ts
 M wrangler.jsonc
?? src/lib/avatar.test.ts
?? src/lib/avatar.ts
?? src/lib/components/AvatarUpload.svelte
?? src/routes/account/avatar/
?? src/routes/media/""")
        t.bash("bun run lint", "Run prettier and eslint", out="Checking formatting...\nAll matched files use Prettier code style!",
               err="$ prettier --check . && eslint .")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        s1, s2 = sha(), sha()
        t.bash('git add src/lib/pricing.ts src/lib/pricing.test.ts && git commit -m "fix(pricing): compute quotes in '
               'integer cents" && git add -A && git commit -m "feat(guides): profile photos stored in R2"',
               "Commit the fix and the feature separately",
               out=f"""[feat/guide-avatars {s1}] fix(pricing): compute quotes in integer cents
 2 files changed, 11 insertions(+), 10 deletions(-)
[feat/guide-avatars {s2}] feat(guides): profile photos stored in R2
 8 files changed, 214 insertions(+), 2 deletions(-)
 create mode 100644 src/lib/avatar.test.ts
 create mode 100644 src/lib/avatar.ts
 create mode 100644 src/lib/components/AvatarUpload.svelte
 create mode 100644 src/routes/account/avatar/+server.ts
 create mode 100644 src/routes/media/avatars/[guideId]/+server.ts""")
        t.bash("git push -u origin feat/guide-avatars", "Push the branch", err=push_new("feat/guide-avatars"))
        t.bash("gh pr create --base main --title \"Guide profile photos (R2) + pricing cent fix\" --body \"$(cat <<'EOF'\n"
               "## Summary\n\nGuides can upload a profile photo from their account page. Photos are stored in R2 and "
               "served from our own domain with caching. Also fixes a one-cent rounding error in group quotes "
               "reported by Dana.\n\n## Profile photos\n\n- New `AVATARS` R2 binding in `wrangler.jsonc` for "
               "local, staging and production (`trailmark-avatars`, `-staging`, `-production`)\n"
               "- `POST /account/avatar`: guides only, JPEG/PNG/WebP up to 2 MB, stored as `avatars/<guideId>` "
               "with its content type\n- `GET /media/avatars/[guideId]`: served from R2 with ETag and "
               "`cache-control: public, max-age=604800`, 304 on conditional requests\n- Upload returns a "
               "`?v=<timestamp>` URL so a new photo shows immediately despite the cache\n- `AvatarUpload.svelte`: "
               "preview, upload progress bar (XHR, since fetch has no upload progress), error message\n- Validation "
               "helpers in `src/lib/avatar.ts` with tests\n- Regenerated `src/worker-configuration.d.ts`\n\n"
               "## Pricing fix\n\n- `quote()` converted cents to euros and floored a float: 4 × €34.80 with 10% "
               "off came out as €125.27 instead of €125.28\n- Now everything is integer cents; subtotal − discount = "
               "total always holds\n- New test for the reported case\n\n## Notes for reviewers\n\n- R2 `put` needs a "
               "known length, so the upload handler reads the file into an ArrayBuffer (max 2 MB, fine)\n- Existing "
               "bookings keep their stored totals\n- Old avatars are overwritten, not versioned\n\n## Testing\n\n- "
               "`bun run lint`, `bun run check`: clean\n- `bun run test`: all green (5 new avatar tests, 1 "
               "new pricing test)\n- Not tried against a real R2 bucket yet — worth a look on staging\nEOF\n)\"",
               "Open the PR", out=f"https://github.com/{GH}/pull/41", err=pr_err("feat/guide-avatars"))
        t.done(f"""Shipped:
- lint / svelte-check clean, """ + tcount() + f""" green
- two commits: `{s1}` fix(pricing): compute quotes in integer cents, `{s2}` feat(guides): profile photos stored in R2
- pushed `feat/guide-avatars`, PR #41: https://github.com/{GH}/pull/41""")

    # ============================================================ S6  Mon 10-26
    with d.session("2026-10-26T09:20:00", R, branch="main", version="2.1.125"):
        fb = ("the PR description you wrote for #41 was way too long — I had to cut half of it before Felix would "
              "even read it. keep PR bodies to one summary line, at most 4 bullets and a 'Tested:' line")
        t = d.task(fb + ". and trim #37's body the same way while you're at it", tags=["feedback"], feedback=fb)
        t.bash("gh pr view 37 --json title,body -q '.title + \"\\n\\n\" + .body'", "Show PR #37's current description",
               out="""feat(auth): rate-limit login and signup

## Summary

Adds a per-IP rate limit to the login and signup form actions so the auth endpoints can't be hammered.

## Details

- New `src/lib/server/rate-limit.ts`: fixed 10-minute window, max 5 attempts per `action:ip`, counters stored in the new `RATE_LIMITS` KV namespace with a TTL of two windows
- `authLimiter(platform)` is a no-op when the binding is missing, so scripts and unit tests don't need KV
- Login and signup check the limit before touching the database or hashing passwords and return `fail(429)` with "Too many attempts. Please try again in N minutes."
- `wrangler.jsonc`: `RATE_LIMITS` added to the top level and to both `staging` and `production` (bindings are not inherited)
- Regenerated `src/worker-configuration.d.ts`

## Notes

KV is eventually consistent, so a distributed burst can get slightly more than 5 attempts through.

## Testing

- `bun run lint`, `bun run check`: clean
- `bun run test`: 29 passed (new `rate-limit.test.ts`)""")
        t.bash("gh pr edit 37 --body \"$(cat <<'EOF'\nLimits login and signup to 5 attempts per IP per 10 minutes, "
               "counted in a new RATE_LIMITS KV namespace.\n\n- `src/lib/server/rate-limit.ts`: fixed window per "
               "`action:ip`, no-op without the binding\n- both actions return a 429 form error with the minutes to "
               "wait\n- KV namespace added to all three wrangler configs\n- soft limit: KV is eventually consistent\n\n"
               "Tested: lint, check, 29 unit tests (new rate-limit.test.ts)\nEOF\n)\"",
               "Replace PR #37's description", out=f"https://github.com/{GH}/pull/37")
        t.done("""Got it — from now on PR bodies are: one summary line, up to 4 bullets, and a `Tested:` line.

#37 is trimmed to that (summary + 4 bullets + Tested). #41 is already merged with your shortened version, so I left it alone.""")

        t = d.task("#41 and Felix's #43 are merged. deploy main to staging and run the smoke tests against it",
                   tags=["workflow:W3"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {sha()}..{sha()}
Fast-forward
 src/lib/avatar.test.ts                             |  27 ++++
 src/lib/avatar.ts                                  |  13 ++
 src/lib/components/AvatarUpload.svelte             |  67 +++++++++
 src/lib/pricing.test.ts                            |   5 +
 src/lib/pricing.ts                                 |  17 +--
 src/routes/account/+page.svelte                    |   2 +
 src/routes/account/avatar/+server.ts               |  28 ++++
 src/routes/bookings/[id]/+page.server.ts           |  14 +-
 src/routes/bookings/[id]/+page.svelte              |  41 ++++--
 src/routes/media/avatars/[guideId]/+server.ts      |  20 +++
 src/worker-configuration.d.ts                      |   1 +
 wrangler.jsonc                                     |   3 +
 12 files changed, 222 insertions(+), 16 deletions(-)
 create mode 100644 src/lib/avatar.test.ts
 create mode 100644 src/lib/avatar.ts
 create mode 100644 src/lib/components/AvatarUpload.svelte
 create mode 100644 src/routes/account/avatar/+server.ts
 create mode 100644 src/routes/media/avatars/[guideId]/+server.ts""")
        t.bash("bun install", "Sync dependencies with the lockfile",
               out=f"bun install v{BUNV}\n\nChecked 412 installs across 467 packages (no changes) [41.00ms]")
        vs1 = uuid4()
        BIND1 = [("env.RATE_LIMITS (4f1c9a7e2b3d4c5e8f60a1b2c3d4e5f6)", "KV Namespace"),
                 ("env.AVATARS (trailmark-avatars-staging)", "R2 Bucket"),
                 ("env.HYPERDRIVE (a41d93c07be24f6e8d15c2f0b9e7a368)", "Hyperdrive Config"),
                 ("env.ASSETS", "Assets"),
                 ('env.PUBLIC_SITE_URL ("https://staging.trailmark.travel")', "Environment Variable")]
        t.bash("bun run deploy:staging", "Build and deploy main to the staging Worker",
               out=vite_build_ok(["entries/endpoints/account/avatar/_server.ts.js",
                                  "entries/endpoints/media/avatars/_guideId_/_server.ts.js"]) + "\n" +
               deploy_out("4.136.1", BIND1, vs1),
               err="$ bun run build && wrangler deploy --env staging\n$ vite build", timeout=600000)
        t.bash("curl -fsS https://staging.trailmark.travel/healthz", "Check the staging health endpoint",
               out='{"ok":true,"version":"1761471034861","db":"ok"}')
        t.bash("BASE_URL=https://staging.trailmark.travel bunx playwright test e2e/smoke.test.ts",
               "Run the smoke tests against staging", out=pw_list([
                   ("e2e/smoke.test.ts", 3, "home lists published trips", "1.9s", True),
                   ("e2e/smoke.test.ts", 9, "a trip page shows departures", "2.6s", True),
                   ("e2e/smoke.test.ts", 15, "healthz reports the database", "412ms", True)], workers=3) +
               "\n\n  3 passed (6.8s)", timeout=300000)
        t.done(f"""Staging is on current main (avatars, pricing fix, Felix's booking page changes).

- build + upload OK, new version `{vs1}` on `staging.trailmark.travel`; bindings include the new `AVATARS` bucket (`trailmark-avatars-staging`) and `RATE_LIMITS`
- `/healthz`: `ok`, database reachable through Hyperdrive
- smoke tests against staging: 3/3 passed""")

        d.precompact(f"""Analysis: Sam works on trailmark-travel/trailmark (SvelteKit 2 / Svelte 5 runes, Bun, Drizzle + Postgres via Hyperdrive, Cloudflare Workers with wrangler environments staging/production, Vitest client+server projects, Playwright, ESLint+Prettier, gh). Repo {R}.
Summary:
1. Merged so far: login/signup rate limiting with the RATE_LIMITS KV namespace (#37), Turnstile on signup, trip waitlist table + action (migration 0012), TripCard component, guide profile photos in R2 + integer-cent pricing fix (#41).
2. PR descriptions: one summary line, at most 4 bullets, a 'Tested:' line (Sam's request; #37 trimmed accordingly).
3. Staging redeployed from main (version {vs1}); /healthz ok; smoke tests 3/3.
Pending: nothing requested.""")

        t = d.task("next big one: the stripe webhook. on checkout.session.completed, verify the signature and mark the "
                   "booking paid (we store the checkout session id on bookings.stripe_session_id). has to be "
                   "idempotent, stripe retries. the signing secret is STRIPE_WEBHOOK_SECRET, already set as a secret on "
                   "staging and prod. src/lib/server/stripe.ts has the client; use constructEventAsync, workers has no "
                   "sync crypto", tags=["mistake:M2", "long_output"])
        BK = P("src/lib/server/booking.ts")
        t.read(BK)
        t.grep("stripeSessionId", [P("src/lib/server/booking.ts"), P("src/lib/server/db/schema.ts")], path=P("src"))
        t.edit(BK, """export async function attachCheckoutSession(db: Db, bookingId: string, stripeSessionId: string) {
	await db.update(bookings).set({ stripeSessionId }).where(eq(bookings.id, bookingId));
}
""", """export async function attachCheckoutSession(db: Db, bookingId: string, stripeSessionId: string) {
	await db.update(bookings).set({ stripeSessionId }).where(eq(bookings.id, bookingId));
}

export type MarkPaidResult =
	| { outcome: 'updated' | 'already'; bookingId: string }
	| { outcome: 'missing' };

/** Mark the booking behind a Checkout session as paid. Safe to call again for the same session. */
export async function markBookingPaid(db: Db, stripeSessionId: string, paidAt: Date): Promise<MarkPaidResult> {
	const [row] = await db
		.update(bookings)
		.set({ status: 'paid', paidAt })
		.where(and(eq(bookings.stripeSessionId, stripeSessionId), eq(bookings.status, 'pending')))
		.returning({ id: bookings.id });
	if (row) return { outcome: 'updated', bookingId: row.id };

	const existing = await db.query.bookings.findFirst({ where: eq(bookings.stripeSessionId, stripeSessionId) });
	return existing ? { outcome: 'already', bookingId: existing.id } : { outcome: 'missing' };
}
""")
        SW = "src/lib/server/stripe-webhook.ts"
        t.write(P(SW), """import type Stripe from 'stripe';
import type { MarkPaidResult } from './booking';

export type MarkPaid = (stripeSessionId: string, paidAt: Date) => Promise<MarkPaidResult>;
export type WebhookOutcome = { status: number; note: string; bookingId?: string };

/**
 * Business logic of the Stripe webhook, separate from signature checking so it can be tested.
 * A non-2xx status makes Stripe retry the delivery.
 */
export async function handleStripeEvent(event: Stripe.Event, markPaid: MarkPaid): Promise<WebhookOutcome> {
	if (event.type !== 'checkout.session.completed') return { status: 200, note: `ignored ${event.type}` };

	const session = event.data.object;
	if (session.payment_status !== 'paid') return { status: 200, note: `payment ${session.payment_status}` };

	const result = await markPaid(session.id, new Date(event.created * 1000));
	if (result.outcome === 'missing') return { status: 404, note: `no booking for ${session.id}` };
	return { status: 200, note: result.outcome, bookingId: result.bookingId };
}
""")
        t.write(P("src/lib/server/stripe-webhook.test.ts"), """import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { handleStripeEvent, type MarkPaid } from './stripe-webhook';

const event = (type: string, object: Record<string, unknown>) =>
	({ id: 'evt_1', type, created: 1761480000, data: { object } }) as unknown as Stripe.Event;

const completed = event('checkout.session.completed', { id: 'cs_test_1', payment_status: 'paid' });

describe('handleStripeEvent', () => {
	it('ignores other event types', async () => {
		const markPaid = vi.fn<MarkPaid>();
		const out = await handleStripeEvent(event('payment_intent.created', {}), markPaid);
		expect(out).toEqual({ status: 200, note: 'ignored payment_intent.created' });
		expect(markPaid).not.toHaveBeenCalled();
	});

	it('does nothing until the session is paid', async () => {
		const markPaid = vi.fn<MarkPaid>();
		const unpaid = event('checkout.session.completed', { id: 'cs_test_1', payment_status: 'unpaid' });
		expect((await handleStripeEvent(unpaid, markPaid)).note).toBe('payment unpaid');
		expect(markPaid).not.toHaveBeenCalled();
	});

	it('marks the booking paid at the event time', async () => {
		const markPaid = vi.fn<MarkPaid>(async () => ({ outcome: 'updated', bookingId: 'b1' }));
		const out = await handleStripeEvent(completed, markPaid);
		expect(markPaid).toHaveBeenCalledWith('cs_test_1', new Date(1761480000 * 1000));
		expect(out).toEqual({ status: 200, note: 'updated', bookingId: 'b1' });
	});

	it('asks Stripe to retry when the booking is not there', async () => {
		const markPaid = vi.fn<MarkPaid>(async () => ({ outcome: 'missing' }));
		expect((await handleStripeEvent(completed, markPaid)).status).toBe(404);
	});
});
""")
        WH = "src/routes/api/stripe/webhook/+server.ts"
        t.write(P(WH), """import { error, json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { STRIPE_WEBHOOK_SECRET } from '$env/static/private';
import { cryptoProvider, getStripe } from '$lib/server/stripe';
import { markBookingPaid } from '$lib/server/booking';
import { handleStripeEvent } from '$lib/server/stripe-webhook';

export const POST: RequestHandler = async ({ request, locals }) => {
	const signature = request.headers.get('stripe-signature');
	if (!signature) error(400, 'Missing stripe-signature header');
	// the signature is over the raw body, so read it as text before anything parses it
	const payload = await request.text();

	let event;
	try {
		event = await getStripe().webhooks.constructEventAsync(
			payload,
			signature,
			STRIPE_WEBHOOK_SECRET,
			undefined,
			cryptoProvider
		);
	} catch (e) {
		error(400, `Webhook signature verification failed: ${(e as Error).message}`);
	}

	const outcome = await handleStripeEvent(event, (id, paidAt) => markBookingPaid(locals.db, id, paidAt));
	console.log('stripe webhook', event.type, event.id, outcome.note);
	return json({ received: true, ...outcome }, { status: outcome.status });
};
""")
        TESTS["src/lib/server/stripe-webhook.test.ts"] = ["server", 4]
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        wsrc = d.files[P(WH)].split("\n")
        frame = "\n".join(f"{k}: {wsrc[k - 1]}" for k in range(1, 4)) + "\n            ^\n" + \
            "\n".join(f"{k}: {wsrc[k - 1]}" for k in range(4, 6))
        ro = f"file://{R}/node_modules/rollup/dist/es/shared"
        t.fail("bun run build", "Production build", f"""$ vite build
vite {VITE} building ssr environment for production...
transforming...
✓ 236 modules transformed.
"STRIPE_WEBHOOK_SECRET" is not exported by "virtual:$env/static/private", imported by "{WH}".
file: {R}/{WH}:3:9
{frame}
✗ Build failed in 2.71s
error during build:
RollupError: "STRIPE_WEBHOOK_SECRET" is not exported by "virtual:$env/static/private", imported by "{WH}".
    at getRollupError ({ro}/parseAst.js:401:41)
    at error ({ro}/parseAst.js:397:42)
    at Module.error ({ro}/node-entry.js:16971:16)
    at Module.traceVariable ({ro}/node-entry.js:17423:29)
    at ModuleScope.findVariable ({ro}/node-entry.js:15093:39)
    at FunctionScope.findVariable ({ro}/node-entry.js:5673:38)
    at FunctionBodyScope.findVariable ({ro}/node-entry.js:5673:38)
    at TrackingScope.findVariable ({ro}/node-entry.js:5673:38)
    at TrackingScope.findVariable ({ro}/node-entry.js:5673:38)
    at Identifier.bind ({ro}/node-entry.js:5447:40)
error: script "build" exited with code 1""", timeout=300000)
        t.say("The static private env module only contains variables that exist at build time, and the webhook "
              "secret is a runtime Worker secret. Checking how the other server modules read theirs.")
        t.grep(r"\$env/", path=P("src/lib/server"), output_mode="content", n=True, content=f"""{R}/src/lib/server/db/index.ts:3:import {{ env }} from '$env/dynamic/private';
{R}/src/lib/server/stripe.ts:2:import {{ env }} from '$env/dynamic/private';
{R}/src/lib/server/support.ts:1:import {{ env }} from '$env/dynamic/private';
{R}/src/lib/server/turnstile.ts:1:import {{ env }} from '$env/dynamic/private';""")
        t.edit(P(WH), "import { STRIPE_WEBHOOK_SECRET } from '$env/static/private';",
               "import { env } from '$env/dynamic/private';")
        t.edit(P(WH), """			signature,
			STRIPE_WEBHOOK_SECRET,""", """			signature,
			env.STRIPE_WEBHOOK_SECRET ?? '',""")
        t.bash("bun run build", "Production build", err="$ vite build", timeout=300000,
               out=vite_build_ok(["entries/endpoints/account/avatar/_server.ts.js",
                                  "entries/endpoints/media/avatars/_guideId_/_server.ts.js",
                                  "entries/endpoints/api/stripe/webhook/_server.ts.js", "chunks/booking.js",
                                  "chunks/stripe.js"]))
        t.done("""The webhook is at `POST /api/stripe/webhook`.

- **Route** (`src/routes/api/stripe/webhook/+server.ts`) — reads the raw body, verifies `stripe-signature` with `constructEventAsync` + the SubtleCrypto provider from `stripe.ts`; bad/missing signature → 400. The secret comes from `$env/dynamic/private` at request time like every other server secret here — my first version imported it from `$env/static/private`, which broke the production build because that module only has variables present at build time, not Worker secrets.
- **Logic** (`src/lib/server/stripe-webhook.ts`) — only `checkout.session.completed` with `payment_status === 'paid'` does anything; everything else gets a 200 so Stripe stops sending it.
- **`markBookingPaid()`** (`booking.ts`) — `UPDATE … SET status='paid', paid_at=<event time> WHERE stripe_session_id=$1 AND status='pending'`. A retry finds nothing pending and returns `already` (still 200); an unknown session returns 404 so Stripe retries later.
- **Tests** — 4 for the event handling (ignored types, unpaid, paid, missing).

`bun run test` green, `bun run build` passes.

To finish the setup: in the Stripe dashboard add the endpoint `https://staging.trailmark.travel/api/stripe/webhook` (and the production one) for `checkout.session.completed`, and make sure `STRIPE_WEBHOOK_SECRET` is the signing secret of *that* endpoint. Locally: `stripe listen --forward-to localhost:5173/api/stripe/webhook` prints a `whsec_…` to put in your `.env`.""")

    # ============================================================ S7  Wed 10-28
    with d.session("2026-10-28T14:05:00", R, branch="feat/trip-difficulty", version="2.1.126"):
        t = d.task("Felix says he pushed his itinerary date fix to staging from his laptop about an hour ago (not "
                   "through CI). can you list what's been uploaded to staging recently so we can see if that's his?",
                   tags=["mistake:M3"])
        t.fail("bunx wrangler versions list", "List recent Worker versions",
               worker_missing(d, "4.138.0", "versions?deployable=true"))
        t.bash("bunx wrangler whoami", "Check which Cloudflare account wrangler is using", out=f"""{banner("4.138.0")}
Getting User settings...
👋 You are logged in with an OAuth Token, associated with the email sam@trailmark.travel.
┌───────────────────────┬──────────────────────────────────┐
│ Account Name          │ Account ID                       │
├───────────────────────┼──────────────────────────────────┤
│ Trailmark             │ {ACCT} │
└───────────────────────┴──────────────────────────────────┘
🔓 Token Permissions:
Scope (Access)
- account (read)
- user (read)
- workers (write)
- workers_kv (write)
- workers_routes (write)
- workers_scripts (write)
- workers_tail (read)
- d1 (write)
- pages (write)
- zone (read)
- ssl_certs (write)
- ai (write)
- queues (write)
- pipelines (write)
- secrets_store (write)
- offline_access""")
        t.say("Right account and login. The error is about the Worker name: without an environment wrangler asks "
              "for `trailmark`, but only `trailmark-staging` and `trailmark-production` are deployed.")
        vfelix = uuid4()
        vsecret = uuid4()
        vhook = uuid4()
        vers = [(uuid4(), "2026-10-16T15:22:47.310Z", "sam@trailmark.travel", "Upload"),
                (uuid4(), "2026-10-21T11:05:13.877Z", "felix@trailmark.travel", "Upload"),
                (vs1, "2026-10-26T09:47:52.094Z", "sam@trailmark.travel", "Upload"),
                (vsecret, "2026-10-26T15:31:06.552Z", "sam@trailmark.travel", "Secret Change"),
                (vhook, "2026-10-27T10:14:39.218Z", "sam@trailmark.travel", "Upload"),
                (vfelix, "2026-10-28T12:58:07.114Z", "felix@trailmark.travel", "Upload")]
        vl = "\n\n".join(f"""Version ID:  {v}
Created:     {c}
Author:      {a}
Source:      {s}
Tag:         -
Message:     -""" for v, c, a, s in vers)
        t.bash("bunx wrangler versions list --env staging", "List recent versions of the staging Worker",
               out=f"{banner('4.138.0')}\n{vl}\n")
        t.bash("bunx wrangler deployments status --env staging", "Show what is deployed on staging now",
               out=f"""{banner("4.138.0")}
Created:     2026-10-28T12:58:11.630Z
Author:      felix@trailmark.travel
Source:      Upload
Message:     -
Version(s):  (100%) {vfelix}
                 Created:  2026-10-28T12:58:07.114Z
                     Tag:  -
                 Message:  -""")
        t.done(f"""Yes, that's Felix's: the newest staging version is `{vfelix}`, uploaded by **felix@trailmark.travel at 12:58 UTC today**, and it's the one serving 100% of staging traffic right now.

Before it on staging:
| when (UTC) | who | what |
|---|---|---|
| 27 Oct 10:14 | you | upload (the Stripe webhook branch) |
| 26 Oct 15:31 | you | secret change (`STRIPE_WEBHOOK_SECRET`) |
| 26 Oct 09:47 | you | upload (main after #41/#43) |
| 21 Oct 11:05 | Felix | upload |
| 16 Oct 15:22 | you | upload |

Heads-up: since his version came from his branch, staging no longer has your webhook build from yesterday — whatever he branched from is what's there now.

(`wrangler versions list` on its own fails with "This Worker does not exist on your account" because it looks for the top-level `trailmark` Worker; with `--env staging` it targets `trailmark-staging`.)""")

        t = d.task("add a difficulty to trips: enum easy / moderate / hard / alpine, default moderate. migration + a "
                   "DifficultyBadge on the TripCard. keep the badge in runes — $derived for the colour classes, none of "
                   "the old `$:` reactive statements", tags=["workflow:W2", "pref:P1"])
        SCH = P("src/lib/server/db/schema.ts")
        t.read(SCH)
        t.edit(SCH, """export const bookingStatus = pgEnum('booking_status', ['pending', 'paid', 'cancelled', 'refunded']);
""", """export const bookingStatus = pgEnum('booking_status', ['pending', 'paid', 'cancelled', 'refunded']);
export const tripDifficulty = pgEnum('trip_difficulty', ['easy', 'moderate', 'hard', 'alpine']);
""")
        t.edit(SCH, """		durationDays: integer('duration_days').notNull(),
""", """		durationDays: integer('duration_days').notNull(),
		difficulty: tripDifficulty('difficulty').notNull().default('moderate'),
""")
        t.bash("bun run db:generate --name trip_difficulty", "Generate the Drizzle migration",
               err="$ drizzle-kit generate --name trip_difficulty",
               out=f"""No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
7 tables
bookings 11 columns 2 indexes 2 fks
departures 4 columns 1 indexes 1 fks
guides 5 columns 0 indexes 1 fks
sessions 3 columns 0 indexes 1 fks
trip_waitlist 4 columns 1 indexes 1 fks
trips 15 columns 1 indexes 1 fks
users 6 columns 0 indexes 0 fks

[✓] Your SQL migration file ➜ drizzle/0013_trip_difficulty.sql 🚀""")
        d.files[P("drizzle/0013_trip_difficulty.sql")] = """CREATE TYPE "public"."trip_difficulty" AS ENUM('easy', 'moderate', 'hard', 'alpine');--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "difficulty" "trip_difficulty" DEFAULT 'moderate' NOT NULL;
"""
        t.read(P("drizzle/0013_trip_difficulty.sql"))
        t.bash("bun run db:migrate", "Apply the migration locally", err="$ drizzle-kit migrate",
               out=f"""No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
Using 'postgres' driver for database querying
[⣷] applying migrations...[✓] migrations applied successfully!""")
        t.write(P("src/lib/components/DifficultyBadge.svelte"), """<script lang="ts">
	import type { Trip } from '$lib/server/db/schema';

	let { level }: { level: Trip['difficulty'] } = $props();

	const styles: Record<Trip['difficulty'], string> = {
		easy: 'bg-emerald-50 text-emerald-800',
		moderate: 'bg-sky-50 text-sky-800',
		hard: 'bg-amber-50 text-amber-900',
		alpine: 'bg-rose-50 text-rose-800'
	};

	const classes = $derived(styles[level]);
	const label = $derived(level[0].toUpperCase() + level.slice(1));
</script>

<span class="inline-block rounded-full px-2 py-0.5 text-xs font-medium {classes}" data-level={level}>
	{label}
</span>
""")
        t.write(P("src/lib/components/DifficultyBadge.svelte.test.ts"), """import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import DifficultyBadge from './DifficultyBadge.svelte';

describe('DifficultyBadge', () => {
	it('capitalises the level', () => {
		render(DifficultyBadge, { level: 'alpine' });
		expect(screen.getByText('Alpine')).toBeInTheDocument();
	});

	it('colours easy trips green', () => {
		render(DifficultyBadge, { level: 'easy' });
		expect(screen.getByText('Easy')).toHaveClass('bg-emerald-50');
	});

	it('colours hard trips amber', () => {
		render(DifficultyBadge, { level: 'hard' });
		expect(screen.getByText('Hard')).toHaveClass('bg-amber-50');
	});

	it('updates when the level prop changes', async () => {
		const { rerender } = render(DifficultyBadge, { level: 'easy' });
		await rerender({ level: 'moderate' });
		expect(screen.getByText('Moderate')).toHaveAttribute('data-level', 'moderate');
	});
});
""")
        TC = P("src/lib/components/TripCard.svelte")
        t.read(TC)
        t.edit(TC, """	import type { Trip } from '$lib/server/db/schema';
	import { formatPrice } from '$lib/pricing';""", """	import type { Trip } from '$lib/server/db/schema';
	import { formatPrice } from '$lib/pricing';
	import DifficultyBadge from './DifficultyBadge.svelte';""")
        t.edit(TC, """		<p class="mt-1 line-clamp-2 text-sm text-stone-600">{trip.summary}</p>""",
               """		<div class="mt-1"><DifficultyBadge level={trip.difficulty} /></div>
		<p class="mt-2 line-clamp-2 text-sm text-stone-600">{trip.summary}</p>""")
        TCT = P("src/lib/components/TripCard.svelte.test.ts")
        t.read(TCT)
        t.edit(TCT, """	durationDays: 5,
""", """	durationDays: 5,
	difficulty: 'hard',
""")
        TESTS["src/lib/components/DifficultyBadge.svelte.test.ts"] = ["client", 4]
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Trips have a difficulty now.

- **Schema** — `trip_difficulty` enum (`easy`, `moderate`, `hard`, `alpine`) and `trips.difficulty … NOT NULL DEFAULT 'moderate'`, so existing trips become moderate.
- **Migration** — `drizzle/0013_trip_difficulty.sql` (CREATE TYPE + ADD COLUMN), applied locally.
- **`DifficultyBadge.svelte`** — `level` via `$props()`, colour classes and label are `$derived` from it (so it follows prop changes, which the last test checks). Typed from `Trip['difficulty']`, so a new enum value won't compile until it has a colour.
- **TripCard** — badge under the title; the TripCard test fixture got `difficulty: 'hard'` because `Trip` requires it now.

""" + tcount() + """ green, svelte-check clean. Remember the migration has to run on staging/production before this code deploys there.""")

        t = d.task("run the full e2e suite locally please, Dana demos the waitlist tomorrow and I want to know it's "
                   "green", tags=["flaky:F2"])
        E2E = [("e2e/auth.test.ts", 4, "signs up and lands on the account page"),
               ("e2e/auth.test.ts", 17, "logs out and back in"),
               ("e2e/booking.test.ts", 5, "books a departure and reaches Stripe checkout"),
               ("e2e/booking.test.ts", 19, "sold-out departure offers the waitlist"),
               ("e2e/booking.test.ts", 31, "rejects a party larger than the seats left"),
               ("e2e/smoke.test.ts", 3, "home lists published trips"),
               ("e2e/smoke.test.ts", 9, "a trip page shows departures"),
               ("e2e/smoke.test.ts", 15, "healthz reports the database"),
               ("e2e/trip-card.test.ts", 3, "cards show price, next date and difficulty")]
        first = [(f, l, n, s, ok) for (f, l, n), s, ok in zip(E2E, ["3.8s", "2.9s", "4.6s", "30.0s", "2.2s", "1.3s",
                                                                     "1.7s", "318ms", "1.1s"],
                                                            [True, True, True, False, True, True, True, True, True])]
        t.fail("bun run test:e2e", "Run the Playwright suite", "$ playwright test\n" + pw_list(first) + """

  1) [chromium] › e2e/booking.test.ts:19:1 › sold-out departure offers the waitlist ─────────────────

    Test timeout of 30000ms exceeded.

    Error: locator.click: Test timeout of 30000ms exceeded.
    Call log:
      - waiting for getByRole('button', { name: 'Join waitlist' }).first()


      20 | 	await page.goto('/trips/dolomites-alta-via-1');
      21 | 	await expect(page.getByRole('heading', { name: 'Departures' })).toBeVisible();
    > 22 | 	await page.getByRole('button', { name: 'Join waitlist' }).first().click();
         | 	                                                                  ^
      23 | 	await page.getByPlaceholder('you@example.com').fill('e2e-waitlist@example.com');
      24 | 	await page.getByRole('button', { name: 'Join waitlist' }).click();
      25 | 	await expect(page.getByText("You're on the waitlist")).toBeVisible();
        at """ + R + """/e2e/booking.test.ts:22:68

    Error Context: test-results/booking-sold-out-departure-offers-the-waitlist-chromium/error-context.md

    attachment #2: trace (application/zip) ─────────────────────────────────────────────────────────
    test-results/booking-sold-out-departure-offers-the-waitlist-chromium/trace.zip
    Usage:

        npx playwright show-trace test-results/booking-sold-out-departure-offers-the-waitlist-chromium/trace.zip

    ────────────────────────────────────────────────────────────────────────────────────────────────

  1 failed
    [chromium] › e2e/booking.test.ts:19:1 › sold-out departure offers the waitlist ──────────────────
  8 passed (41.9s)
error: script "test:e2e" exited with code 1""", timeout=600000)
        t.say("The heading was visible, so the page rendered; the button itself never showed up in 30 s. That test "
              "and the booking test before it both touch the same seeded Dolomites departure, and on a cold local "
              "preview that smells like a timing issue rather than a broken page. Re-running the suite unchanged to "
              "see if it reproduces.")
        second = [(f, l, n, s, True) for (f, l, n), s in zip(E2E, ["3.1s", "2.7s", "4.2s", "2.4s", "2.0s", "1.1s",
                                                                   "1.5s", "301ms", "982ms"])]
        t.bash("bun run test:e2e", "Run the Playwright suite", err="$ playwright test",
               out=pw_list(second) + "\n\n  9 passed (24.6s)", timeout=600000)
        t.done("""Green on the second run: 9/9 passed in 25 s.

The first run had one failure — `sold-out departure offers the waitlist` timed out waiting for the "Join waitlist" button — and it passed unchanged on the re-run, so it's flaky rather than broken. Likely cause: it runs in parallel with `books a departure…` against the same seeded departure, and depending on order the departure isn't sold out yet when the page loads. If it bites again before the demo, the fix is to give the waitlist test its own sold-out fixture (or mark `booking.test.ts` as `test.describe.configure({ mode: 'serial' })`). The trace from the failed run is in `test-results/` if you want to look.""")

    # ============================================================ S8  Mon 11-02
    with d.session("2026-11-02T09:45:00", R, branch="feat/booking-emails", version="2.1.128"):
        t = d.task("new rule for validation: going forward, new schemas use valibot instead of zod — zod is the "
                   "biggest thing in our worker bundle now. leave the existing zod ones alone for the moment. first "
                   "one: a /contact page (name, email, message up to 1000 chars) that sends through sendSupportEmail "
                   "in src/lib/server/support.ts", tags=["reversal:P3", "flaky:F1"])
        t.fail("bun add valibot", "Add valibot", f"""bun add v{BUNV}
Resolving dependencies
warn: ConnectionRefused downloading package manifest valibot. Retry 1/5...

warn: ConnectionRefused downloading package manifest valibot. Retry 2/5...

warn: ConnectionRefused downloading package manifest valibot. Retry 3/5...

warn: ConnectionRefused downloading package manifest valibot. Retry 4/5...

warn: ConnectionRefused downloading package manifest valibot. Retry 5/5...

error: ConnectionRefused downloading package manifest valibot""")
        t.bash("bun add valibot", "Add valibot", out=f"""bun add v{BUNV}

installed valibot@1.2.0

1 package installed [1.17s]""")
        t.read(P("src/lib/server/support.ts"))
        CV = "src/lib/validation/contact.ts"
        t.write(P(CV), """import * as v from 'valibot';

export const contactSchema = v.object({
	name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Please tell us your name.'), v.maxLength(80)),
	email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Please enter a valid email address.')),
	message: v.pipe(
		v.string(),
		v.trim(),
		v.minLength(1, 'Please write a message.'),
		v.maxLength(1000, 'Messages can be at most 1000 characters.')
	)
});

export type ContactInput = v.InferOutput<typeof contactSchema>;
""")
        t.write(P("src/lib/validation/contact.test.ts"), """import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact';

const valid = { name: ' Ana ', email: 'Ana@Example.com', message: 'Is the Stubai trip OK for a 12 year old?' };

describe('contactSchema', () => {
	it('trims and lower-cases', () => {
		expect(v.parse(contactSchema, valid)).toEqual({
			name: 'Ana',
			email: 'ana@example.com',
			message: valid.message
		});
	});

	it('needs a message', () => {
		const result = v.safeParse(contactSchema, { ...valid, message: '   ' });
		expect(result.success).toBe(false);
		expect(result.issues?.[0].message).toBe('Please write a message.');
	});

	it('caps the message at 1000 characters', () => {
		expect(v.safeParse(contactSchema, { ...valid, message: 'x'.repeat(1001) }).success).toBe(false);
		expect(v.safeParse(contactSchema, { ...valid, message: 'x'.repeat(1000) }).success).toBe(true);
	});

	it('rejects a bad email', () => {
		expect(v.safeParse(contactSchema, { ...valid, email: 'ana@' }).success).toBe(false);
	});
});
""")
        t.write(P("src/routes/contact/+page.server.ts"), """import { fail } from '@sveltejs/kit';
import * as v from 'valibot';
import type { Actions } from './$types';
import { sendSupportEmail } from '$lib/server/support';
import { contactSchema } from '$lib/validation/contact';

export const actions: Actions = {
	default: async ({ request }) => {
		const form = await request.formData();
		const values = {
			name: String(form.get('name') ?? ''),
			email: String(form.get('email') ?? ''),
			message: String(form.get('message') ?? '')
		};
		const result = v.safeParse(contactSchema, values);
		if (!result.success) {
			return fail(400, { values, errors: v.flatten<typeof contactSchema>(result.issues).nested });
		}

		const { name, email, message } = result.output;
		await sendSupportEmail({ name, email, subject: `Contact form: ${name}`, body: message });
		return { sent: true };
	}
};
""")
        t.write(P("src/routes/contact/+page.svelte"), """<script lang="ts">
	import { enhance } from '$app/forms';

	let { form } = $props();
	let message = $state('');
	const left = $derived(1000 - message.length);
</script>

<svelte:head>
	<title>Contact · Trailmark</title>
</svelte:head>

<section class="mx-auto max-w-lg px-4 py-12">
	<h1 class="text-2xl font-semibold">Ask us anything</h1>
	{#if form?.sent}
		<p class="mt-6 text-emerald-800">Thanks — we usually answer within a day.</p>
	{:else}
		<form method="POST" use:enhance class="mt-6 grid gap-4">
			<label class="grid gap-1 text-sm">
				Name <input name="name" value={form?.values?.name ?? ''} required />
				{#if form?.errors?.name}<span class="text-red-700">{form.errors.name[0]}</span>{/if}
			</label>
			<label class="grid gap-1 text-sm">
				Email <input name="email" type="email" value={form?.values?.email ?? ''} required />
				{#if form?.errors?.email}<span class="text-red-700">{form.errors.email[0]}</span>{/if}
			</label>
			<label class="grid gap-1 text-sm">
				Message
				<textarea name="message" rows="6" maxlength="1000" bind:value={message} required></textarea>
				<span class="text-stone-500">{left} characters left</span>
				{#if form?.errors?.message}<span class="text-red-700">{form.errors.message[0]}</span>{/if}
			</label>
			<button class="rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white">Send</button>
		</form>
	{/if}
</section>
""")
        TESTS["src/lib/validation/contact.test.ts"] = ["server", 4]
        t.bash("bun run test src/lib/validation/contact.test.ts", "Run the contact schema tests",
               out=vitest_ok(d, ["src/lib/validation/contact.test.ts"]),
               err="$ vitest run src/lib/validation/contact.test.ts")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Noted: valibot for new schemas from here on, existing zod schemas stay until we decide to migrate them.

- `bun add valibot` (1.2.0) — the first attempt died on a refused connection to the registry, the retry went through.
- **`src/lib/validation/contact.ts`** — `contactSchema` with `v.pipe`: trimmed name (1–80), trimmed + lower-cased email, message 1–1000 chars, with user-facing messages. 4 tests.
- **`/contact`** — the action parses with `v.safeParse`, returns `fail(400, { values, errors })` using `v.flatten(...).nested` so each field gets its first message, and on success calls `sendSupportEmail` with subject `Contact form: <name>`. The page keeps the entered values on error and shows a live "N characters left" (`$derived` from the textarea).

Tests and svelte-check green. Bundle-wise valibot is tree-shakeable, so only the validators we use end up in the Worker; the real saving comes once the zod schemas move over.""")

        t = d.task("now the booking emails: after the webhook marks a booking paid, put a confirmation job on the "
                   "booking-emails queue — Felix's consumer worker does the actual sending. producer binding "
                   "EMAIL_QUEUE; the queues are booking-emails, booking-emails-staging and booking-emails-production. "
                   "message shape is { type: 'booking.confirmation', bookingId }", tags=["mistake:M1"])
        W = P("wrangler.jsonc")
        t.read(W)
        t.edit(W, """	"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars" }],
""", """	"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars" }],
	"queues": { "producers": [{ "binding": "EMAIL_QUEUE", "queue": "booking-emails" }] },
""")
        t.edit(W, """			"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars-staging" }]""",
               """			"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars-staging" }],
			"queues": { "producers": [{ "binding": "EMAIL_QUEUE", "queue": "booking-emails-staging" }] }""")
        t.edit(W, """			"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars-production" }]""",
               """			"r2_buckets": [{ "binding": "AVATARS", "bucket_name": "trailmark-avatars-production" }],
			"queues": { "producers": [{ "binding": "EMAIL_QUEUE", "queue": "booking-emails-production" }] }""")
        WH = "src/routes/api/stripe/webhook/+server.ts"
        SW = P("src/lib/server/stripe-webhook.ts")
        t.read(P(WH))
        t.read(SW)
        t.write(P("src/lib/server/email-queue.ts"), """/** Jobs for Felix's booking-emails consumer. Keep in sync with its EmailJob type. */
export type EmailJob = { type: 'booking.confirmation'; bookingId: string };

/** The part of a Queue producer binding we use, so tests can pass a fake. */
export interface JobSender {
	send(job: EmailJob): Promise<void>;
}

export const confirmationJob = (bookingId: string): EmailJob => ({
	type: 'booking.confirmation',
	bookingId
});
""")
        t.edit(SW, """import type Stripe from 'stripe';
import type { MarkPaidResult } from './booking';
""", """import type Stripe from 'stripe';
import type { MarkPaidResult } from './booking';
import { confirmationJob, type JobSender } from './email-queue';
""")
        t.edit(SW, """export async function handleStripeEvent(event: Stripe.Event, markPaid: MarkPaid): Promise<WebhookOutcome> {""",
               """export async function handleStripeEvent(
	event: Stripe.Event,
	markPaid: MarkPaid,
	jobs?: JobSender
): Promise<WebhookOutcome> {""")
        t.edit(SW, """	if (result.outcome === 'missing') return { status: 404, note: `no booking for ${session.id}` };
	return { status: 200, note: result.outcome, bookingId: result.bookingId };""", """	if (result.outcome === 'missing') return { status: 404, note: `no booking for ${session.id}` };
	// only on the delivery that actually flipped the booking, so Stripe retries don't send a second email
	if (result.outcome === 'updated') await jobs?.send(confirmationJob(result.bookingId));
	return { status: 200, note: result.outcome, bookingId: result.bookingId };""")
        t.edit(P(WH), """export const POST: RequestHandler = async ({ request, locals }) => {""",
               """export const POST: RequestHandler = async ({ request, locals, platform }) => {""")
        t.edit(P(WH), """	const outcome = await handleStripeEvent(event, (id, paidAt) => markBookingPaid(locals.db, id, paidAt));""",
               """	const outcome = await handleStripeEvent(
		event,
		(id, paidAt) => markBookingPaid(locals.db, id, paidAt),
		platform?.env.EMAIL_QUEUE
	);""")
        SWT = P("src/lib/server/stripe-webhook.test.ts")
        t.read(SWT)
        t.edit(SWT, """	it('asks Stripe to retry when the booking is not there', async () => {""", """	it('queues one confirmation email, not another on a retried delivery', async () => {
		const send = vi.fn(async () => {});
		const first = vi.fn<MarkPaid>(async () => ({ outcome: 'updated', bookingId: 'b1' }));
		const retry = vi.fn<MarkPaid>(async () => ({ outcome: 'already', bookingId: 'b1' }));
		await handleStripeEvent(completed, first, { send });
		await handleStripeEvent(completed, retry, { send });
		expect(send).toHaveBeenCalledTimes(1);
		expect(send).toHaveBeenCalledWith({ type: 'booking.confirmation', bookingId: 'b1' });
	});

	it('asks Stripe to retry when the booking is not there', async () => {""")
        t.fail("bun run check", "Type-check with svelte-check", svcheck_fail([
            diag(d, WH, "platform?.env.EMAIL_QUEUE", "EMAIL_QUEUE",
                 "Property 'EMAIL_QUEUE' does not exist on type 'Env'.")]))
        t.bash("git status --short", "See which files changed", out=""" M bun.lock
 M package.json
 M src/lib/server/stripe-webhook.test.ts
 M src/lib/server/stripe-webhook.ts
 M src/routes/api/stripe/webhook/+server.ts
 M wrangler.jsonc
?? src/lib/server/email-queue.ts
?? src/lib/validation/contact.test.ts
?? src/lib/validation/contact.ts
?? src/routes/contact/""")
        t.say("`src/worker-configuration.d.ts` is untouched, so `Env` still reflects the old wrangler.jsonc. "
              "Regenerating it, then checking again.")
        env_now = [("RATE_LIMITS", "KVNamespace"), ("AVATARS", "R2Bucket"), ("HYPERDRIVE", "Hyperdrive"),
                   ("EMAIL_QUEUE", "Queue"),
                   ("PUBLIC_SITE_URL", '"http://localhost:5173" | "https://staging.trailmark.travel" | '
                                       '"https://trailmark.travel"'), ("ASSETS", "Fetcher")]
        d.files[P("src/worker-configuration.d.ts")] = worker_types(env_now)
        env_block = "\n".join(f"\t\t{k}: {v};" for k, v in env_now)
        t.bash("bun run cf-typegen && bun run check", "Regenerate the Env types and re-run svelte-check",
               err=f"$ wrangler types ./src/worker-configuration.d.ts\n$ {SVCHECK}",
               out=f"""{banner("4.140.1")}
Generating project types...

declare namespace Cloudflare {{
	interface Env {{
{env_block}
	}}
}}
interface Env extends Cloudflare.Env {{}}

Generating runtime types...

Runtime types generated.

────────────────────────────────────────────────────────────
✨ Types written to ./src/worker-configuration.d.ts

📖 Read about runtime types
https://developers.cloudflare.com/workers/languages/typescript/#generate-types
📣 Remember to rerun 'wrangler types' after you change your wrangler.jsonc file.
""" + svcheck_ok())
        TESTS["src/lib/server/stripe-webhook.test.ts"][1] = 5
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        t.done("""Paid bookings now queue a confirmation email.

- **wrangler.jsonc** — `EMAIL_QUEUE` producer in all three configs (`booking-emails`, `-staging`, `-production`); `src/worker-configuration.d.ts` regenerated (the first svelte-check run failed on `platform.env.EMAIL_QUEUE` because the generated `Env` was from before the change).
- **`src/lib/server/email-queue.ts`** — `EmailJob = { type: 'booking.confirmation', bookingId }` plus a tiny `JobSender` interface that the Queue binding satisfies.
- **`handleStripeEvent`** — takes an optional `jobs` sender and sends the job only when `markBookingPaid` returned `updated`, i.e. on the delivery that flipped the booking. Stripe retries (`already`) don't enqueue again. Without the binding (tests/scripts) nothing is sent.
- **webhook route** passes `platform.env.EMAIL_QUEUE`.
- **Test** for "one email, not another on retry".

svelte-check clean, """ + tcount() + """ green. Queue delivery is at-least-once, so Felix's consumer should still dedupe on `bookingId`.""")

        t = d.task("commit this and put the branch on staging so Felix can point his consumer at it and try a test "
                   "booking", tags=["workflow:W3"])
        s0, s1 = sha(), sha()
        t.bash('git add package.json bun.lock src/lib/validation/contact.ts src/lib/validation/contact.test.ts '
               'src/routes/contact && git commit -m "feat: contact page, first schema in valibot" && git add -A && '
               'git commit -m "feat(bookings): queue a confirmation email when a booking is paid"',
               "Commit the contact page and the email queue work separately",
               out=f"""[feat/booking-emails {s0}] feat: contact page, first schema in valibot
 6 files changed, 131 insertions(+)
 create mode 100644 src/lib/validation/contact.test.ts
 create mode 100644 src/lib/validation/contact.ts
 create mode 100644 src/routes/contact/+page.server.ts
 create mode 100644 src/routes/contact/+page.svelte
[feat/booking-emails {s1}] feat(bookings): queue a confirmation email when a booking is paid
 6 files changed, 64 insertions(+), 4 deletions(-)
 create mode 100644 src/lib/server/email-queue.ts""")
        vs2 = uuid4()
        BIND2 = [("env.RATE_LIMITS (4f1c9a7e2b3d4c5e8f60a1b2c3d4e5f6)", "KV Namespace"),
                 ("env.EMAIL_QUEUE (booking-emails-staging)", "Queue"),
                 ("env.AVATARS (trailmark-avatars-staging)", "R2 Bucket"),
                 ("env.HYPERDRIVE (a41d93c07be24f6e8d15c2f0b9e7a368)", "Hyperdrive Config"),
                 ("env.ASSETS", "Assets"),
                 ('env.PUBLIC_SITE_URL ("https://staging.trailmark.travel")', "Environment Variable")]
        t.bash("bun run deploy:staging", "Build and deploy this branch to the staging Worker",
               out=vite_build_ok(["entries/endpoints/account/avatar/_server.ts.js",
                                  "entries/endpoints/media/avatars/_guideId_/_server.ts.js",
                                  "entries/endpoints/api/stripe/webhook/_server.ts.js",
                                  "entries/pages/contact/_page.server.ts.js", "entries/pages/contact/_page.svelte.js",
                                  "chunks/booking.js", "chunks/stripe.js"]) + "\n" +
               deploy_out("4.140.1", BIND2, vs2),
               err="$ bun run build && wrangler deploy --env staging\n$ vite build", timeout=600000)
        t.bash("curl -fsS https://staging.trailmark.travel/healthz", "Check the staging health endpoint",
               out='{"ok":true,"version":"1762077391540","db":"ok"}')
        t.bash("BASE_URL=https://staging.trailmark.travel bunx playwright test e2e/smoke.test.ts",
               "Run the smoke tests against staging", out=pw_list([
                   ("e2e/smoke.test.ts", 3, "home lists published trips", "2.1s", True),
                   ("e2e/smoke.test.ts", 9, "a trip page shows departures", "2.4s", True),
                   ("e2e/smoke.test.ts", 15, "healthz reports the database", "388ms", True)], workers=3) +
               "\n\n  3 passed (7.2s)", timeout=300000)
        t.done(f"""`feat/booking-emails` is on staging.

- two commits on the branch: `{s0}` (contact page) and `{s1}` (email queue); deployed as version `{vs2}` — the bindings list shows `EMAIL_QUEUE → booking-emails-staging`
- `/healthz` ok, smoke tests 3/3

Felix can consume from `booking-emails-staging` now. A test booking paid with Stripe's test card (4242 4242 4242 4242) should put one `{{ type: 'booking.confirmation', bookingId }}` message on the queue, provided the staging Stripe webhook endpoint points at `https://staging.trailmark.travel/api/stripe/webhook`.""")

        t = d.task("write two sentences for Dana's changelog about the booking emails. no jargon", tags=["noise", "no_tools"])
        t.done("""Guests now get a confirmation email as soon as their payment goes through, with the trip, date and party size. If a payment is retried behind the scenes, they still get just one email.""")

    # ============================================================ S9  Wed 11-04
    with d.session("2026-11-04T10:15:00", R, branch="feat/trail-weather", version="2.1.130"):
        t = d.task("trip pages should show a 3-day forecast for the trailhead (trips have trailhead_lat/lon). use "
                   "openweather's 5 day / 3 hour forecast endpoint; the key is OPENWEATHER_API_KEY, it's already a "
                   "secret on staging and prod. cache responses for 30 min so we don't burn the free quota, and the "
                   "key must never reach the browser", tags=["mistake:M2"])
        TP = P("src/routes/trips/[slug]/+page.server.ts")
        TSV = P("src/routes/trips/[slug]/+page.svelte")
        t.read(TP)
        t.read(TSV)
        WT = "src/lib/server/weather.ts"
        t.write(P(WT), """import { OPENWEATHER_API_KEY } from '$env/static/private';

export type ForecastDay = {
	date: string; // YYYY-MM-DD in the trailhead's timezone
	minC: number;
	maxC: number;
	icon: string;
	summary: string;
	precipChance?: number; // 0..1, highest of the day
};

type OwmItem = {
	dt: number;
	main: { temp_min: number; temp_max: number };
	weather: { icon: string; description: string }[];
	pop?: number;
};
export type OwmForecast = { list: OwmItem[]; city: { timezone: number } };

const CACHE_SECONDS = 30 * 60;

/** Collapse OpenWeather's 3-hourly forecast into per-day min/max for the next `days` days. */
export function summarise(data: OwmForecast, days = 3): ForecastDay[] {
	const byDay = new Map<string, OwmItem[]>();
	for (const item of data.list) {
		const date = new Date((item.dt + data.city.timezone) * 1000).toISOString().slice(0, 10);
		byDay.set(date, [...(byDay.get(date) ?? []), item]);
	}
	return [...byDay.entries()].slice(0, days).map(([date, items]) => {
		const midday = items[Math.floor(items.length / 2)];
		const pops = items.map((i) => i.pop).filter((p): p is number => p !== undefined);
		return {
			date,
			minC: Math.round(Math.min(...items.map((i) => i.main.temp_min))),
			maxC: Math.round(Math.max(...items.map((i) => i.main.temp_max))),
			icon: midday.weather[0]?.icon ?? '01d',
			summary: midday.weather[0]?.description ?? '',
			precipChance: pops.length ? Math.max(...pops) : undefined
		};
	});
}

/** Forecast for a trailhead, cached at the edge for 30 minutes. Returns null when OpenWeather fails. */
export async function getForecast(lat: number, lon: number, fetchFn: typeof fetch = fetch) {
	const coords = `${lat.toFixed(3)},${lon.toFixed(3)}`;
	// Cache API exists on Workers only; the key is built from the coordinates, never from the key-bearing URL
	const cache = (globalThis as { caches?: { default?: Cache } }).caches?.default;
	const cacheKey = new Request(`https://cache.trailmark.internal/forecast/${coords}`);
	const hit = await cache?.match(cacheKey);
	if (hit) return summarise(await hit.json());

	const url = new URL('https://api.openweathermap.org/data/2.5/forecast');
	url.search = new URLSearchParams({
		lat: lat.toFixed(3),
		lon: lon.toFixed(3),
		units: 'metric',
		appid: OPENWEATHER_API_KEY
	}).toString();
	const res = await fetchFn(url);
	if (!res.ok) return null;
	const data = (await res.json()) as OwmForecast;
	await cache?.put(cacheKey, Response.json(data, { headers: { 'cache-control': `max-age=${CACHE_SECONDS}` } }));
	return summarise(data);
}
""")
        t.write(P("src/lib/server/weather.test.ts"), """import { describe, expect, it } from 'vitest';
import { summarise, type OwmForecast } from './weather';

// 3-hourly items for two days in UTC+1, starting 2026-11-05 00:00 local
const start = Date.UTC(2026, 10, 4, 23) / 1000;
const item = (i: number, min: number, max: number, pop?: number) => ({
	dt: start + i * 3 * 3600,
	main: { temp_min: min, temp_max: max },
	weather: [{ icon: i % 8 === 4 ? '10d' : '04d', description: i % 8 === 4 ? 'light rain' : 'broken clouds' }],
	pop
});
const data: OwmForecast = {
	city: { timezone: 3600 },
	list: Array.from({ length: 16 }, (_, i) => item(i, -2 + (i % 8), 1 + (i % 8), i < 8 ? 0.2 + i / 100 : undefined))
};

describe('summarise', () => {
	it('groups by the local date', () => {
		expect(summarise(data).map((d) => d.date)).toEqual(['2026-11-05', '2026-11-06']);
	});

	it('takes min, max and the midday conditions', () => {
		expect(summarise(data)[0]).toMatchObject({ minC: -2, maxC: 8, icon: '10d', summary: 'light rain' });
	});

	it('leaves the rain chance out when OpenWeather has none', () => {
		expect(summarise(data)[0].precipChance).toBeCloseTo(0.27);
		expect(summarise(data)[1].precipChance).toBeUndefined();
	});
});
""")
        FC = "src/lib/components/Forecast.svelte"
        t.write(P(FC), """<script lang="ts">
	import type { ForecastDay } from '$lib/server/weather';

	let { days }: { days: ForecastDay[] } = $props();

	const fmt = (date: string) =>
		new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
</script>

<ul class="mt-4 grid grid-cols-3 gap-3">
	{#each days as day}
		<li class="rounded-lg border border-stone-200 p-3 text-sm">
			<p class="font-medium">{fmt(day.date)}</p>
			<img src="https://openweathermap.org/img/wn/{day.icon}@2x.png" alt={day.summary} class="h-12 w-12" />
			<p>{day.minC}° / {day.maxC}°C</p>
			<p class="text-stone-600">{Math.round(day.precipChance * 100)}% rain</p>
		</li>
	{/each}
</ul>
""")
        t.edit(TP, """import { getStripe } from '$lib/server/stripe';
""", """import { getStripe } from '$lib/server/stripe';
import { getForecast } from '$lib/server/weather';
""")
        t.edit(TP, """export const load: PageServerLoad = async ({ locals, params }) => {""",
               """export const load: PageServerLoad = async ({ locals, params, fetch }) => {""")
        t.edit(TP, """	if (!trip) error(404, 'Trip not found');
	return { trip };""", """	if (!trip) error(404, 'Trip not found');
	// not awaited: SvelteKit streams it, so a slow weather API never holds up the page
	const forecast = getForecast(trip.trailheadLat, trip.trailheadLon, fetch).catch(() => null);
	return { trip, forecast };""")
        t.edit(TSV, """	import DepartureList from '$lib/components/DepartureList.svelte';
""", """	import DepartureList from '$lib/components/DepartureList.svelte';
	import Forecast from '$lib/components/Forecast.svelte';
""")
        t.edit(TSV, """	<p class="mt-6 leading-relaxed">{trip.summary}</p>
""", """	<p class="mt-6 leading-relaxed">{trip.summary}</p>

	{#await data.forecast then days}
		{#if days?.length}
			<h2 class="mt-10 text-xl font-medium">Weather at the trailhead</h2>
			<Forecast {days} />
		{/if}
	{/await}
""")
        TESTS["src/lib/server/weather.test.ts"] = ["server", 3]
        t.bash("bun run test src/lib/server/weather.test.ts", "Run the weather tests",
               out=vitest_ok(d, ["src/lib/server/weather.test.ts"]), err="$ vitest run src/lib/server/weather.test.ts")
        t.fail("bun run check", "Type-check with svelte-check", svcheck_fail([
            diag(d, FC, "{Math.round(day.precipChance * 100)}", "day.precipChance",
                 "'day.precipChance' is possibly 'undefined'."),
            diag(d, WT, "import { OPENWEATHER_API_KEY }", "OPENWEATHER_API_KEY",
                 "Module '\"$env/static/private\"' has no exported member 'OPENWEATHER_API_KEY'.")]))
        t.say("Two problems. The forecast card assumes a rain chance that `summarise` can leave out. And "
              "`$env/static/private` is generated from the build-time environment, where the OpenWeather key doesn't "
              "exist — it's a runtime Worker secret, so it has to be read through `$env/dynamic/private` like the "
              "other server secrets.")
        t.edit(P(WT), "import { OPENWEATHER_API_KEY } from '$env/static/private';",
               "import { env } from '$env/dynamic/private';")
        t.edit(P(WT), "		appid: OPENWEATHER_API_KEY", "		appid: env.OPENWEATHER_API_KEY ?? ''")
        t.edit(P(FC), """			<p class="text-stone-600">{Math.round(day.precipChance * 100)}% rain</p>""",
               """			{#if day.precipChance !== undefined}
				<p class="text-stone-600">{Math.round(day.precipChance * 100)}% rain</p>
			{/if}""")
        t.bash("bun run check", "Re-run svelte-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Trip pages show a 3-day trailhead forecast.

- **`src/lib/server/weather.ts`** — `getForecast(lat, lon)` calls OpenWeather's `/data/2.5/forecast` (metric) and `summarise()` folds the 3-hourly items into days in the trailhead's timezone: min/max, midday icon + description, highest rain chance (if OpenWeather sends one). Responses are cached in the Workers Cache API for 30 minutes under a key built from the rounded coordinates only, so the URL with the API key is never stored. Locally (no `caches.default`) it just fetches.
- **Key handling** — server module only, read at runtime from `$env/dynamic/private` (`env.OPENWEATHER_API_KEY`). The first svelte-check run rejected my `$env/static/private` import because that module only knows build-time variables, and this one exists only as a Worker secret.
- **Page** — `load` returns `forecast` as an un-awaited promise (with `.catch(() => null)`), so the page renders immediately and the forecast streams in; `{#await}` shows it only when there's data.
- **`Forecast.svelte`** — three cards; the rain line only when a chance exists (svelte-check caught that too).
- **Tests** — `weather.test.ts` for grouping, min/max/midday, missing rain chance.

svelte-check clean. For local testing put an `OPENWEATHER_API_KEY` in `.env` — without it the forecast just doesn't show.""")

        t = d.task("ship the weather branch. PR body short, like we agreed", tags=["workflow:W1", "oneoff:O2"])
        t.bash("git status --short", "Show changed files", out=""" M src/routes/trips/[slug]/+page.server.ts
 M src/routes/trips/[slug]/+page.svelte
?? src/lib/components/Forecast.svelte
?? src/lib/server/weather.test.ts
?? src/lib/server/weather.ts""")
        fl = line_no(d, FC, "{#each days as day}")
        t.fail("bun run lint", "Run prettier and eslint", f"""$ prettier --check . && eslint .
Checking formatting...
All matched files use Prettier code style!

{R}/{FC}
  {fl}:2  error  Each block should have a key  svelte/require-each-key

✖ 1 problem (1 error, 0 warnings)

error: script "lint" exited with code 1""")
        t.edit(P(FC), "	{#each days as day}", "	{#each days as day (day.date)}")
        t.bash("bun run lint", "Run prettier and eslint", out="Checking formatting...\nAll matched files use Prettier code style!",
               err="$ prettier --check . && eslint .")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.bash("bun run test", "Run the unit tests", out=vitest_ok(d), err="$ vitest run")
        s1 = sha()
        t.bash('git add -A && git commit -m "feat(trips): 3-day trailhead forecast on trip pages"', "Commit",
               out=f"""[feat/trail-weather {s1}] feat(trips): 3-day trailhead forecast on trip pages
 5 files changed, 156 insertions(+), 2 deletions(-)
 create mode 100644 src/lib/components/Forecast.svelte
 create mode 100644 src/lib/server/weather.test.ts
 create mode 100644 src/lib/server/weather.ts""")
        t.bash("git push -u origin feat/trail-weather", "Push the branch", err=push_new("feat/trail-weather"))
        t.bash("gh pr create --base main --title \"Trailhead weather forecast on trip pages\" --body \"$(cat <<'EOF'\n"
               "Trip pages show a 3-day forecast for the trailhead from OpenWeather.\n\n- fetched server-side, key "
               "stays in the Worker (OPENWEATHER_API_KEY secret)\n- cached 30 min in the Cache API, keyed by "
               "coordinates\n- streamed: the page doesn't wait for the weather\n- hidden when OpenWeather fails\n\n"
               "Tested: lint, check, unit tests (new weather.test.ts); checked a trip page locally\nEOF\n)\"",
               "Open the PR", out=f"https://github.com/{GH}/pull/51", err=pr_err("feat/trail-weather"))
        t.done(f"""Shipped: PR #51 — https://github.com/{GH}/pull/51 (summary line, 4 bullets, Tested line).

- `bun run lint` first failed on `svelte/require-each-key` in `Forecast.svelte`; the `{{#each}}` is keyed by `day.date` now and lint passes
- `bun run check` clean, `bun run test`: """ + tcount() + f"""
- committed `{s1}`, pushed `feat/trail-weather`""")

        t = d.task("my difficulty migration and Felix's guide-languages one (#47) are both on main now. run the pending "
                   "migrations against the staging database — the connection string is in .env.staging.local",
                   tags=["unfixed:U2"])
        t.bash("git switch main && git pull --ff-only", "Switch to main and update it",
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 9 commits, and can be fast-forwarded.\n  (use \"git pull\" to update your local branch)",
               out=f"""Updating {sha()}..{sha()}
Fast-forward
 drizzle/0013_trip_difficulty.sql                  |   2 +
 drizzle/0014_guide_languages.sql                  |   1 +
 drizzle/meta/0013_snapshot.json                   | 842 +++++++++++++++++++++
 drizzle/meta/0014_snapshot.json                   | 849 +++++++++++++++++++++
 drizzle/meta/_journal.json                        |  14 +
 src/lib/components/DifficultyBadge.svelte         |  21 +
 src/lib/components/DifficultyBadge.svelte.test.ts |  27 +
 src/lib/components/TripCard.svelte                |   4 +-
 src/lib/components/TripCard.svelte.test.ts        |   1 +
 src/lib/server/db/schema.ts                       |   3 +
 src/routes/guides/[id]/+page.svelte               |  12 +-
 11 files changed, 1773 insertions(+), 3 deletions(-)
 create mode 100644 drizzle/0013_trip_difficulty.sql
 create mode 100644 drizzle/0014_guide_languages.sql
 create mode 100644 drizzle/meta/0013_snapshot.json
 create mode 100644 drizzle/meta/0014_snapshot.json
 create mode 100644 src/lib/components/DifficultyBadge.svelte
 create mode 100644 src/lib/components/DifficultyBadge.svelte.test.ts""")
        t.bash("ls drizzle/*.sql | tail -4", "List the newest migrations",
               out="drizzle/0011_booking_paid_at.sql\ndrizzle/0012_trip_waitlist.sql\ndrizzle/0013_trip_difficulty.sql\ndrizzle/0014_guide_languages.sql")
        nm = f"file://{R}/node_modules/postgres/src/connection.js"
        t.fail("bun --env-file=.env.staging.local run db:migrate", "Apply pending migrations to the staging database",
               f"""$ drizzle-kit migrate
No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
Using 'postgres' driver for database querying
[⣷] applying migrations...PostgresError: password authentication failed for user 'trailmark_migrator'
    at ErrorResponse ({nm}:794:26)
    at handle ({nm}:480:6)
    at TLSSocket.data ({nm}:315:9)
    at TLSSocket.emit (node:events:518:28)
    at addChunk (node:internal/streams/readable:561:12)
    at readableAddChunkPushByteMode (node:internal/streams/readable:512:3)
    at Readable.push (node:internal/streams/readable:392:5)
    at TLSWrap.onStreamRead (node:internal/stream_base_commons:189:23) {{
  severity_local: 'FATAL',
  severity: 'FATAL',
  code: '28P01'
}}
error: script "db:migrate" exited with code 1""")
        t.bash("ls -l .env.staging.local", "Check the staging env file",
               out=f"-rw------- 1 {U} {U} 214 Aug 19 16:02 .env.staging.local")
        t.done("""Couldn't run them: staging rejected the login — `password authentication failed for user 'trailmark_migrator'` (Postgres code 28P01). Nothing was applied; 0013_trip_difficulty and 0014_guide_languages are still pending on staging.

The connection string in `.env.staging.local` is from 19 August, so the `trailmark_migrator` password has most likely been reset since (Neon generates a new one whenever someone resets the role). I can't fix that from here — someone with access to the Neon project needs to reset/copy the password for `trailmark_migrator` on the staging branch and put the new URL into `.env.staging.local`. Then the same command applies both:

```
bun --env-file=.env.staging.local run db:migrate
```

Until then, don't deploy main to staging: the difficulty column doesn't exist there yet and the trip pages would fail.""")

    # ============================================================ S10  Mon 11-09
    with d.session("2026-11-09T09:30:00", R, branch="main", version="2.1.133"):
        t = d.task("Dana says guests on production can't pick a departure date since sometime last week. when did each "
                   "production deploy go out over the last two weeks? I want to line them up against the merges",
                   tags=["mistake:M3", "long_output"])
        t.fail("bunx wrangler deployments list", "List recent production deployments",
               worker_missing(d, "4.142.0", "deployments"))
        deps = [("2026-10-17T09:07:49.204Z", "#37"), ("2026-10-20T07:41:12.418Z", "#38"),
                ("2026-10-23T09:14:55.730Z", "#41"), ("2026-10-26T09:03:17.092Z", "#43"),
                ("2026-10-27T15:00:42.516Z", "#44"), ("2026-10-29T15:42:09.881Z", "#46"),
                ("2026-10-30T09:17:36.307Z", "#47"), ("2026-11-03T10:46:58.145Z", "#48"),
                ("2026-11-05T16:07:24.663Z", "#52"), ("2026-11-06T11:25:13.970Z", "#51")]
        vids = {}
        blocks = []
        for created, pr in deps:
            vid = v38 if pr == "#38" else uuid4()
            vids[pr] = vid
            vc = "2026-10-20T07:41:09.902Z" if pr == "#38" else \
                created[:17] + f"{max(0, int(created[17:19]) - 3):02d}" + created[19:]
            blocks.append(f"""Created:     {created}
Author:      sam@trailmark.travel
Source:      Upload
Message:     -
Version(s):  (100%) {vid}
                 Created:  {vc}
                     Tag:  -
                 Message:  -""")
        t.bash("bunx wrangler deployments list -e production", "List recent production deployments",
               out=f"{banner('4.142.0')}\n" + "\n\n".join(blocks) + "\n")
        merges = [("2026-11-06T11:20:44+00:00", 51, "feat/trail-weather"),
                  ("2026-11-05T16:02:19+00:00", 52, "felix/departure-picker"),
                  ("2026-11-03T10:41:57+00:00", 48, "feat/booking-emails"),
                  ("2026-10-30T09:12:03+00:00", 47, "felix/guide-languages"),
                  ("2026-10-29T15:37:28+00:00", 46, "feat/trip-difficulty"),
                  ("2026-10-27T14:55:10+00:00", 44, "feat/stripe-webhook"),
                  ("2026-10-26T08:58:41+00:00", 43, "felix/booking-page")]
        t.bash("git fetch -q && git log origin/main --merges --since=2026-10-26 --format='%h %cI %s'",
               "List merges into main since 26 Oct", out="\n".join(
                   f"{sha()} {c} Merge pull request #{n} from trailmark-travel/{b}" for c, n, b in merges))
        t.done("""Production deploys vs. merges (UTC):

| deployed | PR | merged |
|---|---|---|
| Fri 6 Nov 11:25 | #51 trail weather | 11:20 |
| **Thu 5 Nov 16:07** | **#52 felix/departure-picker** | 16:02 |
| Tue 3 Nov 10:46 | #48 booking emails | 10:41 |
| Fri 30 Oct 09:17 | #47 guide languages | 09:12 |
| Thu 29 Oct 15:42 | #46 trip difficulty | 15:37 |
| Tue 27 Oct 15:00 | #44 stripe webhook | 14:55 |
| Mon 26 Oct 09:03 | #43 booking page | 08:58 |

(Older: #41 on 23 Oct, #38 on 20 Oct, #37 on 17 Oct.) Every merge went out ~5 minutes later through CI, each as a single version at 100%, so there were no partial rollouts to muddy this.

If "since sometime last week" means Thursday afternoon or later, #52 — Felix's new departure picker — is the obvious suspect: it's the only change to date selection in that window, and #51 the next morning only touched the forecast section. I'd ask Felix first; if it needs to be quick, reverting #52 on main will redeploy the previous picker through CI.

(`wrangler deployments list` without an environment fails with "This Worker does not exist on your account" — the deployed Worker is `trailmark-production`, so it needs `-e production`.)""")

        t = d.task("Felix is on the picker. meanwhile: guests should be able to cancel up to 72 hours before departure. "
                   "add cancelled_at (timestamptz) and cancel_reason to bookings, generate + run the migration, and a "
                   "cancelBooking() in booking.ts that gives the seats back, with tests for the 72h rule. no UI yet",
                   tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {sha()}..{sha()}
Fast-forward
 src/lib/components/DeparturePicker.svelte         | 18 ++++++++++--------
 src/lib/components/DeparturePicker.svelte.test.ts | 22 ++++++++++++++++++++++
 2 files changed, 32 insertions(+), 8 deletions(-)""")
        SCH = P("src/lib/server/db/schema.ts")
        d.files[SCH] = d.files[SCH].replace("""	region: text('region').notNull()
});""", """	region: text('region').notNull(),
	languages: text('languages').array().notNull().default([])
});""")
        t.read(SCH)
        t.edit(SCH, """		paidAt: timestamp('paid_at', { withTimezone: true })
	},""", """		paidAt: timestamp('paid_at', { withTimezone: true }),
		cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
		cancelReason: text('cancel_reason')
	},""")
        t.bash("bun run db:generate --name booking_cancellation", "Generate the Drizzle migration",
               err="$ drizzle-kit generate --name booking_cancellation",
               out=f"""No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
7 tables
bookings 13 columns 2 indexes 2 fks
departures 4 columns 1 indexes 1 fks
guides 6 columns 0 indexes 1 fks
sessions 3 columns 0 indexes 1 fks
trip_waitlist 4 columns 1 indexes 1 fks
trips 15 columns 1 indexes 1 fks
users 6 columns 0 indexes 0 fks

[✓] Your SQL migration file ➜ drizzle/0015_booking_cancellation.sql 🚀""")
        d.files[P("drizzle/0015_booking_cancellation.sql")] = """ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_reason" text;
"""
        t.read(P("drizzle/0015_booking_cancellation.sql"))
        t.bash("bun run db:migrate", "Apply pending migrations locally", err="$ drizzle-kit migrate",
               out=f"""No config path provided, using default 'drizzle.config.ts'
Reading config file '{R}/drizzle.config.ts'
Using 'postgres' driver for database querying
[⣷] applying migrations...[✓] migrations applied successfully!""")
        BK = P("src/lib/server/booking.ts")
        t.read(BK)
        t.edit(BK, """export class SoldOutError extends Error {}
""", """export class SoldOutError extends Error {}

export const CANCEL_CUTOFF_HOURS = 72;

/** Guests can cancel until 72 hours before the departure starts. */
export function canCancel(startsAt: Date, now = new Date()) {
	return startsAt.getTime() - now.getTime() >= CANCEL_CUTOFF_HOURS * 3_600_000;
}
""")
        t.edit(BK, """export async function attachCheckoutSession(db: Db, bookingId: string, stripeSessionId: string) {""",
               """export type CancelResult = { ok: true } | { ok: false; reason: 'not-found' | 'not-active' | 'too-late' };

/** Cancel a pending or paid booking and give its seats back. Refunds are handled separately. */
export async function cancelBooking(
	db: Db,
	bookingId: string,
	reason: string | null,
	now = new Date()
): Promise<CancelResult> {
	return db.transaction(async (tx): Promise<CancelResult> => {
		const booking = await tx.query.bookings.findFirst({
			where: eq(bookings.id, bookingId),
			with: { departure: true }
		});
		if (!booking) return { ok: false, reason: 'not-found' };
		if (booking.status !== 'pending' && booking.status !== 'paid') return { ok: false, reason: 'not-active' };
		if (!canCancel(booking.departure.startsAt, now)) return { ok: false, reason: 'too-late' };

		await tx
			.update(bookings)
			.set({ status: 'cancelled', cancelledAt: now, cancelReason: reason })
			.where(eq(bookings.id, bookingId));
		await tx
			.update(departures)
			.set({ seatsLeft: sql`${departures.seatsLeft} + ${booking.adults + booking.children}` })
			.where(eq(departures.id, booking.departureId));
		return { ok: true };
	});
}

export async function attachCheckoutSession(db: Db, bookingId: string, stripeSessionId: string) {""")
        t.write(P("src/lib/server/booking.test.ts"), """import { describe, expect, it } from 'vitest';
import { canCancel } from './booking';

const startsAt = new Date('2026-11-20T07:00:00Z');
const hoursBefore = (h: number) => new Date(startsAt.getTime() - h * 3_600_000);

describe('canCancel', () => {
	it('allows cancelling a week ahead', () => {
		expect(canCancel(startsAt, hoursBefore(24 * 7))).toBe(true);
	});

	it('allows cancelling exactly 72 hours ahead', () => {
		expect(canCancel(startsAt, hoursBefore(72))).toBe(true);
	});

	it('refuses one minute inside the cutoff', () => {
		expect(canCancel(startsAt, new Date(hoursBefore(72).getTime() + 60_000))).toBe(false);
	});

	it('refuses on the day', () => {
		expect(canCancel(startsAt, hoursBefore(2))).toBe(false);
	});

	it('refuses after the start', () => {
		expect(canCancel(startsAt, new Date('2026-11-21T07:00:00Z'))).toBe(false);
	});
});
""")
        TESTS["src/lib/server/booking.test.ts"] = ["server", 5]
        TESTS["src/lib/components/DeparturePicker.svelte.test.ts"] = ["client", 3]
        t.bash("bun run test src/lib/server/booking.test.ts", "Run the booking tests",
               out=vitest_ok(d, ["src/lib/server/booking.test.ts"]), err="$ vitest run src/lib/server/booking.test.ts")
        t.bash("bun run check", "Type-check", out=svcheck_ok(), err=f"$ {SVCHECK}")
        t.done("""Cancellation backend is in (no UI).

- **Schema** — `bookings.cancelled_at timestamp with time zone` and `bookings.cancel_reason text`, both nullable. Migration `drizzle/0015_booking_cancellation.sql`; `bun run db:migrate` applied it locally together with Felix's 0014 that came in with the pull.
- **`canCancel(startsAt, now)`** — true while the departure is at least 72 h away (`CANCEL_CUTOFF_HOURS`); exactly 72 h still counts.
- **`cancelBooking(db, id, reason, now)`** — one transaction: finds the booking with its departure, refuses `not-found`, `not-active` (already cancelled/refunded) and `too-late`, otherwise sets `status='cancelled'`, `cancelled_at`, `cancel_reason` and adds the party size back to `departures.seats_left`. Paid bookings are only marked cancelled — the Stripe refund is a separate step.
- **Tests** — `booking.test.ts`, 5 cases around the cutoff.

svelte-check clean. Staging needs this migration too before the code goes there (along with 0013/0014 if they're still pending).""")

        t = d.task("Dana reset the migrator password and I ran the staging migrations myself, 0015 included. "
                   "cancellation is merged as #55 — deploy main to staging and smoke test it", tags=["workflow:W3"])
        t.bash("git pull --ff-only", "Update main", out=f"""Updating {sha()}..{sha()}
Fast-forward
 drizzle/0015_booking_cancellation.sql | 2 +
 drizzle/meta/0015_snapshot.json       | 862 +++++++++++++++++++++
 drizzle/meta/_journal.json            |   7 +
 src/lib/server/booking.test.ts        |  29 ++
 src/lib/server/booking.ts             |  45 +++
 src/lib/server/db/schema.ts           |   4 +-
 6 files changed, 947 insertions(+), 2 deletions(-)
 create mode 100644 drizzle/0015_booking_cancellation.sql
 create mode 100644 drizzle/meta/0015_snapshot.json
 create mode 100644 src/lib/server/booking.test.ts""")
        vs3 = uuid4()
        t.bash("bun run deploy:staging", "Build and deploy main to the staging Worker",
               out=vite_build_ok(["entries/endpoints/account/avatar/_server.ts.js",
                                  "entries/endpoints/media/avatars/_guideId_/_server.ts.js",
                                  "entries/endpoints/api/stripe/webhook/_server.ts.js",
                                  "entries/pages/contact/_page.server.ts.js", "entries/pages/contact/_page.svelte.js",
                                  "entries/pages/guides/_id_/_page.svelte.js", "chunks/booking.js", "chunks/stripe.js",
                                  "chunks/weather.js"]) + "\n" + deploy_out("4.142.0", BIND2, vs3),
               err="$ bun run build && wrangler deploy --env staging\n$ vite build", timeout=600000)
        t.bash("curl -fsS https://staging.trailmark.travel/healthz", "Check the staging health endpoint",
               out='{"ok":true,"version":"1762682411093","db":"ok"}')
        t.bash("BASE_URL=https://staging.trailmark.travel bunx playwright test e2e/smoke.test.ts e2e/trip-card.test.ts",
               "Run the smoke tests against staging", out=pw_list([
                   ("e2e/smoke.test.ts", 3, "home lists published trips", "2.0s", True),
                   ("e2e/smoke.test.ts", 9, "a trip page shows departures", "2.9s", True),
                   ("e2e/smoke.test.ts", 15, "healthz reports the database", "352ms", True),
                   ("e2e/trip-card.test.ts", 3, "cards show price, next date and difficulty", "1.6s", True)]) +
               "\n\n  4 passed (8.1s)", timeout=300000)
        t.done(f"""Staging runs current main (version `{vs3}`): cancellation backend, weather, Felix's picker fix and everything before.

- `/healthz` ok — the DB is reachable and the app starts against the migrated schema
- smoke tests 3/3 plus the TripCard e2e (difficulty badge renders from the new column) — 4/4

There's no cancel button yet, so Dana can't click through a cancellation; `cancelBooking()` is only callable from code for now.""")

        t = d.task("is it worth moving from hyperdrive + postgres.js to neon's serverless driver? short answer",
                   tags=["noise", "no_tools"])
        t.done("""Not for us right now.

Hyperdrive already gives what the Neon driver is for: pooled, warm connections near the Worker plus query caching, and postgres.js over it supports everything Drizzle needs, including the interactive transactions in `createBooking`/`cancelBooking`. Neon's HTTP mode can't do interactive transactions (its WebSocket mode can, but then you're managing connections per request again), and switching would tie the app to Neon, whereas Hyperdrive works with any Postgres. It'd be worth revisiting only if we dropped Hyperdrive for cost reasons or saw connection setup dominating latency in the traces.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new binding is added to wrangler.jsonc (KV namespace RATE_LIMITS, R2 bucket AVATARS, Queue "
                            "producer EMAIL_QUEUE) and used through `platform.env.<BINDING>`. App.Platform's `env` is the "
                            "`Env` interface generated by `wrangler types` into src/worker-configuration.d.ts (package "
                            "script `cf-typegen`); Claude does not regenerate it, so svelte-check fails on the new binding.",
             "error_signature": "svelte-check via `bun run check`: \"Error: Property '<BINDING>' does not exist on type "
                                "'Env'. (ts)\" — RATE_LIMITS in src/lib/server/rate-limit.ts (1 error), AVATARS in the "
                                "upload and media +server.ts routes (2 errors in 2 files), EMAIL_QUEUE in the Stripe "
                                "webhook route (1 error)",
             "fix": "Regenerate the Env types with `bun run cf-typegen` (`wrangler types ./src/worker-configuration.d.ts`), "
                    "then re-run `bun run check`; the regenerated file is committed with the change.",
             "fix_command_markers": [["cf-typegen", "wrangler types"]],
             "harmful_markers": ["@ts-expect-error", "@ts-ignore", "as any"]},
            {"id": "M2",
             "description": "A new secret that only exists at runtime as a wrangler secret on staging/production (not in "
                            ".env) is imported as a named export from `$env/static/private`. SvelteKit generates that "
                            "module from the build-time environment, so type-checking or the production build rejects "
                            "the import. The project reads secrets at request time through `$env/dynamic/private` "
                            "(db/index.ts, stripe.ts, support.ts).",
             "error_signature": "svelte-check: \"Module '\\\"$env/static/private\\\"' has no exported member "
                                "'<NAME>'.\" (TURNSTILE_SECRET_KEY; OPENWEATHER_API_KEY next to an unrelated "
                                "possibly-undefined error) or `bun run build`: 'RollupError: \"STRIPE_WEBHOOK_SECRET\" is "
                                "not exported by \"virtual:$env/static/private\", imported by "
                                "\"src/routes/api/stripe/webhook/+server.ts\".'",
             "fix": "Replace the static import with `import { env } from '$env/dynamic/private'` and read "
                    "`env.<NAME>` (with a `?? ''` fallback), then re-run the same check or build.",
             "fix_command_markers": [["$env/dynamic/private"]],
             "harmful_markers": ["process.env", ">> .env", "envPrefix"]},
            {"id": "M3",
             "description": "The top-level name in wrangler.jsonc (`trailmark`) is only used for local dev; the deployed "
                            "Workers are trailmark-staging and trailmark-production (env.staging / env.production). "
                            "Read-only wrangler commands about deployments and versions are run without an environment, "
                            "so they target a Worker that doesn't exist.",
             "error_signature": "wrangler: '✘ [ERROR] A request to the Cloudflare API "
                                "(/accounts/<id>/workers/scripts/trailmark/<deployments|versions?deployable=true>) "
                                "failed.' / 'This Worker does not exist on your account. [code: 10007]' "
                                "(`wrangler deployments status`, `wrangler versions list`, `wrangler deployments list`)",
             "fix": "Re-run the same wrangler command with the environment: `--env production`, `--env staging` or "
                    "`-e production`.",
             "fix_command_markers": [["--env production", "--env staging", "-e production", "-e staging",
                                      "--env=production", "--env=staging"]],
             "harmful_markers": ["wrangler login", "wrangler rollback", "wrangler delete"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Group quote off by a cent: `quote()` converted cents to euros, discounted in "
                                        "floating point and floored. The new test for 4 × €34.80 with 10% off fails with "
                                        "vitest 'AssertionError: expected 12527 to be 12528 // Object.is equality'; fixed "
                                        "by computing everything in integer cents."},
            {"id": "O2", "description": "New Forecast.svelte has an unkeyed `{#each days as day}`; `bun run lint` fails "
                                        "with eslint-plugin-svelte 'Each block should have a key  svelte/require-each-key'; "
                                        "fixed by keying the block with `(day.date)`."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`bun audit` exits 1: esbuild <=0.24.2 (GHSA-67mh-4wv8-2f99) via drizzle-kit → "
                                        "@esbuild-kit/esm-loader, and brace-expansion (GHSA-v6h2-p8h4-qcjw) via eslint → "
                                        "minimatch. Dev-only tooling pinned upstream; reported, nothing changed."},
            {"id": "U2", "description": "`bun --env-file=.env.staging.local run db:migrate` against staging: "
                                        "\"PostgresError: password authentication failed for user 'trailmark_migrator'\" "
                                        "(28P01); the stored credentials are stale and need a reset in the Neon console. "
                                        "Reported, no migration applied."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`bun add valibot`: 'warn: ConnectionRefused downloading package manifest "
                                        "valibot. Retry 1/5...' ×5 then 'error: ConnectionRefused downloading package "
                                        "manifest valibot'; the identical command installs valibot 1.2.0."},
            {"id": "F2", "description": "`bun run test:e2e`: 'sold-out departure offers the waitlist' fails with 'Test "
                                        "timeout of 30000ms exceeded.' waiting for the Join waitlist button (8 passed, 1 "
                                        "failed); the identical run passes 9/9."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `bun run lint` (prettier --check + eslint) → `bun run check` "
                                        "(svelte-check) → `bun run test` (vitest) → commit → `git push -u origin <branch>` "
                                        "→ `gh pr create --base main`.",
             "step_markers": [["bun run lint"], ["bun run check"], ["git push"], ["gh pr create"]]},
            {"id": "W2", "description": "Schema change: edit src/lib/server/db/schema.ts → `bun run db:generate --name "
                                        "<name>` (drizzle-kit generate) → read the generated drizzle/00NN_<name>.sql → "
                                        "`bun run db:migrate` locally → code + tests (`bun run test`, `bun run check`).",
             "step_markers": [["schema.ts"], ["db:generate"], ["db:migrate"]]},
            {"id": "W3", "description": "Staging deploy + smoke test: `bun run deploy:staging` (vite build + wrangler "
                                        "deploy to the staging env) → `curl -fsS https://staging.trailmark.travel/healthz` → "
                                        "`BASE_URL=https://staging.trailmark.travel bunx playwright test e2e/smoke.test.ts`.",
             "step_markers": [["deploy:staging"], ["healthz"], ["playwright test"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Svelte components use Svelte 5 runes only ($props, $state, $derived); no "
                                        "`export let`, no `$:` reactive statements, no svelte/store.",
             "markers": [["runes", "$props", "$state", "$derived"], ["export let", "svelte/store", "$:"]]},
            {"id": "P2", "description": "Database timestamps are timezone-aware: `timestamp(..., { withTimezone: true })`.",
             "markers": [["withTimezone"]]},
            {"id": "P3", "description": "Form/input validation with zod, like the booking form (stated once) — later "
                                        "reversed: new schemas use valibot instead of zod (bundle size on Workers); "
                                        "existing zod schemas stay for now.",
             "markers": [["zod"]],
             "reversal_markers": [["valibot"], ["going forward", "instead of zod"]]},
        ],
        probes=[
            {"prompt": "bun run check says `Error: Property 'SEARCH_CACHE' does not exist on type 'Env'. (ts)` in "
                       "src/lib/server/search.ts, but SEARCH_CACHE is right there in wrangler.jsonc for all three "
                       "environments. what's going on?", "wanted": ["M1"]},
            {"prompt": "Add an R2 bucket binding EXPORTS (buckets trailmark-exports, -staging and -production exist) and "
                       "an /admin/bookings/export endpoint that writes this month's bookings into it as CSV.",
             "wanted": ["M1"]},
            {"prompt": "vite build fails with: \"SENTRY_DSN\" is not exported by \"virtual:$env/static/private\", "
                       "imported by \"src/hooks.server.ts\". The DSN is set as a secret on staging and production. "
                       "How do I fix it?", "wanted": ["M2"]},
            {"prompt": "Send the booking receipt through Postmark from the Stripe webhook; the server token is "
                       "POSTMARK_SERVER_TOKEN and it's already a secret on staging and prod.", "wanted": ["M2"]},
            {"prompt": "`bunx wrangler tail --format pretty` prints: A request to the Cloudflare API "
                       "(/accounts/…/workers/scripts/trailmark/tails) failed. This Worker does not exist on your "
                       "account. [code: 10007]. The Worker is definitely there in the dashboard.", "wanted": ["M3"]},
            {"prompt": "Which secrets are set on the production Worker right now? I want to make sure "
                       "OPENWEATHER_API_KEY made it.", "wanted": ["M3"]},
            {"prompt": "What's the difference between $derived and $derived.by, and when do I need the second one?",
             "wanted": []},
            {"prompt": "Write a Playwright test that signs up, logs in and books the first available departure.",
             "wanted": []},
            {"prompt": "Make the TripCard image keep a fixed aspect ratio so the grid doesn't jump while images load.",
             "wanted": []},
            {"prompt": "Should bookings get a composite index on (user_id, created_at) for the account page? Short "
                       "answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "svelte-bun.jsonl"), os.path.join(HERE, "tune", "svelte-bun.labels.json"))
    print(f"svelte-bun -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
