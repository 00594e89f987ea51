/**
 * The one place that reads the environment. Everything is validated at start; a bad
 * configuration stops the process with a list of every problem found.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const AppEnv = z.enum(['development', 'staging', 'production']);
const AppMode = z.enum(['demo', 'reconnect', 'production']);

/** Names proxy-addr (Fastify's `trustProxy`) knows for whole address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For names the client: their addresses or ranges, or how many
 * proxies stand in front of the server. A hop count trusts whatever the nearest `n` hops say, so it
 * is only safe where nothing reaches the server except through those proxies (a load balancer in
 * front of a private network); addresses are checked and preferred. `true` (trust any sender) is
 * refused: any client could then choose its own address.
 */
const TrustProxy = z.string().transform((value, ctx): string[] | number => {
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed) && Number(trimmed) >= 1) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be the number of proxies in front of the server (1–99) or list them by address or CIDR range, comma-separated (10.0.0.5, 10.0.0.0/8, fd00::/8, loopback, uniquelocal); true would let any client choose its own address',
  });
  return z.NEVER;
});

const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_ENV: AppEnv.default('development'),
    APP_MODE: AppMode.default('demo'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('data'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** Reconnect mode serves this one site everywhere; default: the first exhibition site. */
    RECONNECT_SITE: z.string().min(1).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^sk_(live|test)_\w+$/, 'must be a Stripe secret key (sk_live_… or sk_test_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    /** Staff give this key to print spot QR codes; production mode prints none without it. */
    SPOT_STAFF_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The sender of staff mail (invitations, password resets); default no-reply at PUBLIC_URL's host. */
    STAFF_MAIL_FROM: z.string().min(3).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: TrustProxy.optional(),
    /** The API documentation at /api/docs: served unless APP_MODE=production; this says otherwise. */
    API_DOCS: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_MODE !== 'production') return;
    const required = ['PUBLIC_URL', 'DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    for (const name of required) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when APP_MODE=production' });
    }
  });

type AppEnv = z.infer<typeof AppEnv>;
export type AppMode = z.infer<typeof AppMode>;

export type Config = {
  port: number;
  host: string;
  appEnv: AppEnv;
  appMode: AppMode;
  database: { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };
  publicUrl: string | null;
  smtpUrl: string | null;
  reconnectSite: string | null;
  stripe: { secretKey: string; webhookSecret: string } | null;
  spotStaffKey: string | null;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Fastify's `trustProxy`: nobody, the proxies' addresses and ranges, or how many hops to trust. */
  trustProxy: false | string[] | number;
  isApiDocsServed: boolean;
  staffMailFrom: string | null;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as most shells and .env files intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    appEnv: e.APP_ENV,
    appMode: e.APP_MODE,
    database: e.DATABASE_URL ? { engine: 'postgres', url: e.DATABASE_URL } : { engine: 'pglite', dataDir: resolve(e.DATA_DIR) },
    publicUrl: e.PUBLIC_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    reconnectSite: e.RECONNECT_SITE ?? null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
    spotStaffKey: e.SPOT_STAFF_KEY ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    staffMailFrom: e.STAFF_MAIL_FROM ?? null,
    isApiDocsServed: e.API_DOCS === undefined ? e.APP_MODE !== 'production' : e.API_DOCS === 'true',
  };
}
