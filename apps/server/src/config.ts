/**
 * The one place that reads the environment. Everything is validated at start; a bad
 * configuration stops the process with a list of every problem found.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
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

/** The variables each real provider needs, all together. */
const PROVIDER_VARIABLES = {
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  adyen: ['ADYEN_API_KEY', 'ADYEN_HMAC_KEY'],
  paypay: ['PAYPAY_API_KEY', 'PAYPAY_API_SECRET', 'PAYPAY_MERCHANT_ID'],
} as const;

const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com/walletobjects/v1';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** A PEM private key; `\n` written as two characters (one-line environment files) is read as a newline. */
const PrivateKeyPem = z
  .string()
  .transform((value) => value.replaceAll('\\n', '\n'))
  .refine(isRsaPrivateKey, 'must be an RSA private key in PEM (-----BEGIN PRIVATE KEY-----…)');

/** A service account's JSON key file as text: its address and private key are what is used. */
const ServiceAccountKey = z.string().transform((value, ctx) => {
  try {
    const parsed = JSON.parse(value) as { client_email?: unknown; private_key?: unknown };
    if (
      typeof parsed.client_email === 'string' &&
      z.email().safeParse(parsed.client_email).success &&
      typeof parsed.private_key === 'string' &&
      isRsaPrivateKey(parsed.private_key)
    )
      return { clientEmail: parsed.client_email, privateKey: parsed.private_key };
  } catch {
    // said below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a service account’s JSON key (with client_email and private_key)' });
  return z.NEVER;
});

/** PEM text; `\n` written as two characters (one-line environment files) is read as a newline. */
const Pem = z.string().transform((value) => value.replaceAll('\\n', '\n'));
const PemCertificate = Pem.refine((value) => {
  try {
    new X509Certificate(value);
    return true;
  } catch {
    return false;
  }
}, 'must be a certificate in PEM (-----BEGIN CERTIFICATE-----…)');

/** Apple Wallet's variables: all of these, or none. */
const APPLE_WALLET_VARIABLES = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_SIGNER_CERT',
  'APPLE_WALLET_SIGNER_KEY',
  'APPLE_WALLET_WWDR_CERT',
] as const;

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
    /**
     * The tables' owner, for migrations and seeding, where the server's own role (DATABASE_URL)
     * may only use the tables (decision 033, `npm run db:roles`).
     */
    DATABASE_MIGRATION_URL: z
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
    /** Adyen (cards, Alipay, WeChat Pay): the web service user's API key and the webhook's HMAC key. */
    ADYEN_API_KEY: z
      .string()
      .regex(/^AQE[\w.+/=-]{20,}$/, 'must be an Adyen API key (AQE…)')
      .optional(),
    ADYEN_HMAC_KEY: z
      .string()
      .regex(/^([0-9A-Fa-f]{2}){32}$/, 'must be the webhook’s HMAC key: 64 hexadecimal characters')
      .optional(),
    ADYEN_ENVIRONMENT: z.enum(['TEST', 'LIVE'], { message: 'must be TEST or LIVE' }).default('TEST'),
    /** The company account's live endpoint prefix (Customer Area, Developers › API URLs); LIVE only. */
    ADYEN_LIVE_URL_PREFIX: z
      .string()
      .regex(/^[a-z0-9]+-[A-Za-z0-9]+$/, 'must be the live URL prefix, like 1797a841fbb37ca7-AdyenDemo')
      .optional(),
    /** The merchant account of venues that name none of their own (`provider_keys.adyen.merchantAccount`). */
    ADYEN_MERCHANT_ACCOUNT: z
      .string()
      .regex(/^[\w.-]{1,80}$/, 'must be an Adyen merchant account name')
      .optional(),
    /**
     * Apple Wallet passes (decision 027): the Pass Type ID and the team it belongs to, its certificate
     * and private key (PEM; newlines may be written as \\n) and Apple's WWDR intermediate certificate.
     * Unset, no venue offers Apple Wallet.
     */
    APPLE_WALLET_PASS_TYPE_ID: z
      .string()
      .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must be a Pass Type ID (pass.com.example.tickets)')
      .optional(),
    APPLE_WALLET_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be a ten-character Apple team identifier')
      .optional(),
    APPLE_WALLET_SIGNER_CERT: PemCertificate.optional(),
    APPLE_WALLET_SIGNER_KEY: Pem.optional(),
    APPLE_WALLET_SIGNER_KEY_PASSPHRASE: z.string().min(1).optional(),
    APPLE_WALLET_WWDR_CERT: PemCertificate.optional(),
    /** Where pass updates are pushed (APNs); a local fake in tests. */
    APPLE_WALLET_APNS_URL: z.url({ protocol: /^https$/ }).default('https://api.push.apple.com'),
    /** The user and password set on the webhook in Adyen's Customer Area (Basic auth). */
    ADYEN_NOTIFICATION_USERNAME: z.string().min(1).optional(),
    ADYEN_NOTIFICATION_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    /** PayPay (PayPay wallets): the API key and secret and the merchant id from PayPay for Developers. */
    PAYPAY_API_KEY: z
      .string()
      .regex(/^[\w-]{8,}$/, 'must be a PayPay API key')
      .optional(),
    PAYPAY_API_SECRET: z.string().min(16, 'must be a PayPay API secret').optional(),
    PAYPAY_MERCHANT_ID: z
      .string()
      .regex(/^\d{10,30}$/, 'must be a PayPay merchant id (digits)')
      .optional(),
    PAYPAY_ENVIRONMENT: z.enum(['STAGING', 'PROD'], { message: 'must be STAGING or PROD' }).default('STAGING'),
    /** Staff give this key to print spot QR codes; production mode prints none without it. */
    SPOT_STAFF_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The sender of staff mail (invitations, password resets); default no-reply at PUBLIC_URL's host. */
    STAFF_MAIL_FROM: z.string().min(3).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: TrustProxy.optional(),
    /** The API documentation at /api/docs: served unless APP_MODE=production; this says otherwise. */
    API_DOCS: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
    /** Google Wallet (decision 028): the issuer account's id from the Google Pay & Wallet Console. */
    GOOGLE_WALLET_ISSUER_ID: z
      .string()
      .regex(/^\d{10,25}$/, 'must be a Google Wallet issuer id (digits)')
      .optional(),
    /** The service account's JSON key file, as its text; or its address and key below. */
    GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: ServiceAccountKey.optional(),
    GOOGLE_WALLET_CLIENT_EMAIL: z.email('must be the service account’s address').optional(),
    /** The service account's RSA private key, PEM (newlines may be written as \\n). */
    GOOGLE_WALLET_PRIVATE_KEY: PrivateKeyPem.optional(),
    GOOGLE_WALLET_API_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_WALLET_API_URL),
    GOOGLE_WALLET_TOKEN_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_TOKEN_URL),
  })
  .superRefine((env, ctx) => {
    // Apple Wallet is set up whole or not at all.
    const appleSet = APPLE_WALLET_VARIABLES.filter((name) => env[name]);
    if (appleSet.length > 0)
      for (const name of APPLE_WALLET_VARIABLES)
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${appleSet.join(', ')}` });
    if (env.APPLE_WALLET_SIGNER_KEY) {
      try {
        createPrivateKey({ key: env.APPLE_WALLET_SIGNER_KEY, passphrase: env.APPLE_WALLET_SIGNER_KEY_PASSPHRASE ?? '' });
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['APPLE_WALLET_SIGNER_KEY'],
          message: 'must be a private key in PEM that APPLE_WALLET_SIGNER_KEY_PASSPHRASE (if any) opens',
        });
      }
    }
    // A provider is set up whole or not at all: half its keys is a mistake, said at start.
    for (const group of Object.values(PROVIDER_VARIABLES)) {
      const given = group.filter((name) => env[name]);
      if (given.length > 0 && given.length < group.length) {
        for (const name of group.filter((n) => !env[n]))
          ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${given.join(' and ')}` });
      }
    }
    if (env.ADYEN_API_KEY && env.ADYEN_ENVIRONMENT === 'LIVE' && !env.ADYEN_LIVE_URL_PREFIX)
      ctx.addIssue({ code: 'custom', path: ['ADYEN_LIVE_URL_PREFIX'], message: 'is required when ADYEN_ENVIRONMENT=LIVE' });
    if (Boolean(env.ADYEN_NOTIFICATION_USERNAME) !== Boolean(env.ADYEN_NOTIFICATION_PASSWORD))
      ctx.addIssue({
        code: 'custom',
        path: ['ADYEN_NOTIFICATION_PASSWORD'],
        message: 'and ADYEN_NOTIFICATION_USERNAME go together',
      });
    const hasKey = Boolean(env.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY);
    const hasPair = Boolean(env.GOOGLE_WALLET_CLIENT_EMAIL) || Boolean(env.GOOGLE_WALLET_PRIVATE_KEY);
    if (hasKey && hasPair)
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_WALLET_SERVICE_ACCOUNT_KEY'],
        message: 'or GOOGLE_WALLET_CLIENT_EMAIL with GOOGLE_WALLET_PRIVATE_KEY: one of the two, not both',
      });
    else if (hasPair && !(env.GOOGLE_WALLET_CLIENT_EMAIL && env.GOOGLE_WALLET_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_WALLET_CLIENT_EMAIL ? 'GOOGLE_WALLET_PRIVATE_KEY' : 'GOOGLE_WALLET_CLIENT_EMAIL'],
        message: 'is required with the other of GOOGLE_WALLET_CLIENT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY',
      });
    if ((hasKey || hasPair) !== Boolean(env.GOOGLE_WALLET_ISSUER_ID))
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_WALLET_ISSUER_ID'],
        message:
          'and a service account key (GOOGLE_WALLET_SERVICE_ACCOUNT_KEY, or GOOGLE_WALLET_CLIENT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY) go together',
      });
    if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_MIGRATION_URL'],
        message: 'goes with DATABASE_URL, the server’s own connection to the same database',
      });
    if (env.APP_MODE !== 'production') return;
    for (const name of ['PUBLIC_URL', 'DATABASE_URL'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when APP_MODE=production' });
    }
    // Production has no sandbox: at least one real provider takes the money.
    if (!Object.values(PROVIDER_VARIABLES).some((group) => group.every((name) => env[name])))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'a payment provider is required when APP_MODE=production: Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), Adyen (ADYEN_API_KEY, ADYEN_HMAC_KEY) or PayPay (PAYPAY_API_KEY, PAYPAY_API_SECRET, PAYPAY_MERCHANT_ID)',
      });
  });

type AppEnv = z.infer<typeof AppEnv>;
export type AppMode = z.infer<typeof AppMode>;

export type Config = {
  port: number;
  host: string;
  appEnv: AppEnv;
  appMode: AppMode;
  database: { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };
  /** Where migrations and seeding run, as the tables' owner: DATABASE_MIGRATION_URL, or the server's own database. */
  migrationDatabase: { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };
  publicUrl: string | null;
  smtpUrl: string | null;
  reconnectSite: string | null;
  stripe: { secretKey: string; webhookSecret: string } | null;
  adyen: AdyenConfig | null;
  paypay: PayPayConfig | null;
  spotStaffKey: string | null;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Fastify's `trustProxy`: nobody, the proxies' addresses and ranges, or how many hops to trust. */
  trustProxy: false | string[] | number;
  isApiDocsServed: boolean;
  staffMailFrom: string | null;
  appleWallet: AppleWalletConfig | null;
  googleWallet: GoogleWalletConfig | null;
};

/** Google Wallet passes (decision 028): one issuer and service account for the deployment. */
export type GoogleWalletConfig = {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
  /** The Wallet REST API's base, without a trailing slash (a local fake in tests). */
  apiUrl: string;
  /** Where the service account's assertion is exchanged for an access token. */
  tokenUrl: string;
};

/** Apple Wallet passes (decision 027): one Pass Type ID and its certificate for the deployment. */
export type AppleWalletConfig = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string | undefined;
  wwdr: string;
  /** APNs' base URL, without a trailing slash. */
  apnsUrl: string;
  /** Trusted for APNs besides the system's roots (a local fake's certificate in tests; never from the environment). */
  apnsCa?: string;
};

type AdyenConfig = {
  apiKey: string;
  hmacKey: string;
  environment: 'TEST' | 'LIVE';
  liveEndpointUrlPrefix?: string | undefined;
  /** The merchant account of venues without one of their own. */
  merchantAccount: string | null;
  notificationAuth?: { username: string; password: string } | undefined;
  /** Tests only: a local fake of the Checkout API and the CA its certificate is signed by. */
  endpoint?: { origin: string; ca: string } | undefined;
};

type PayPayConfig = {
  apiKey: string;
  apiSecret: string;
  merchantId: string;
  environment: 'STAGING' | 'PROD';
  /** Tests only: a local fake of PayPay's API and the certificate it is signed with. */
  host?: string;
  port?: number;
  ca?: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

function googleWalletOf(e: z.infer<typeof Env>): GoogleWalletConfig | null {
  const account =
    e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY ??
    (e.GOOGLE_WALLET_CLIENT_EMAIL && e.GOOGLE_WALLET_PRIVATE_KEY
      ? { clientEmail: e.GOOGLE_WALLET_CLIENT_EMAIL, privateKey: e.GOOGLE_WALLET_PRIVATE_KEY }
      : null);
  if (!account || !e.GOOGLE_WALLET_ISSUER_ID) return null;
  return {
    issuerId: e.GOOGLE_WALLET_ISSUER_ID,
    ...account,
    apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ''),
    tokenUrl: e.GOOGLE_WALLET_TOKEN_URL,
  };
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
    migrationDatabase: e.DATABASE_MIGRATION_URL
      ? { engine: 'postgres', url: e.DATABASE_MIGRATION_URL }
      : e.DATABASE_URL
        ? { engine: 'postgres', url: e.DATABASE_URL }
        : { engine: 'pglite', dataDir: resolve(e.DATA_DIR) },
    publicUrl: e.PUBLIC_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    reconnectSite: e.RECONNECT_SITE ?? null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : null,
    adyen:
      e.ADYEN_API_KEY && e.ADYEN_HMAC_KEY
        ? {
            apiKey: e.ADYEN_API_KEY,
            hmacKey: e.ADYEN_HMAC_KEY,
            environment: e.ADYEN_ENVIRONMENT,
            liveEndpointUrlPrefix: e.ADYEN_LIVE_URL_PREFIX,
            merchantAccount: e.ADYEN_MERCHANT_ACCOUNT ?? null,
            notificationAuth:
              e.ADYEN_NOTIFICATION_USERNAME && e.ADYEN_NOTIFICATION_PASSWORD
                ? { username: e.ADYEN_NOTIFICATION_USERNAME, password: e.ADYEN_NOTIFICATION_PASSWORD }
                : undefined,
          }
        : null,
    paypay:
      e.PAYPAY_API_KEY && e.PAYPAY_API_SECRET && e.PAYPAY_MERCHANT_ID
        ? {
            apiKey: e.PAYPAY_API_KEY,
            apiSecret: e.PAYPAY_API_SECRET,
            merchantId: e.PAYPAY_MERCHANT_ID,
            environment: e.PAYPAY_ENVIRONMENT,
          }
        : null,
    spotStaffKey: e.SPOT_STAFF_KEY ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    staffMailFrom: e.STAFF_MAIL_FROM ?? null,
    isApiDocsServed: e.API_DOCS === undefined ? e.APP_MODE !== 'production' : e.API_DOCS === 'true',
    appleWallet:
      e.APPLE_WALLET_PASS_TYPE_ID &&
      e.APPLE_WALLET_TEAM_ID &&
      e.APPLE_WALLET_SIGNER_CERT &&
      e.APPLE_WALLET_SIGNER_KEY &&
      e.APPLE_WALLET_WWDR_CERT
        ? {
            passTypeIdentifier: e.APPLE_WALLET_PASS_TYPE_ID,
            teamIdentifier: e.APPLE_WALLET_TEAM_ID,
            signerCert: e.APPLE_WALLET_SIGNER_CERT,
            signerKey: e.APPLE_WALLET_SIGNER_KEY,
            signerKeyPassphrase: e.APPLE_WALLET_SIGNER_KEY_PASSPHRASE,
            wwdr: e.APPLE_WALLET_WWDR_CERT,
            apnsUrl: e.APPLE_WALLET_APNS_URL.replace(/\/+$/, ''),
          }
        : null,
    googleWallet: googleWalletOf(e),
  };
}
