import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testPassCertificates } from '../test/apple-wallet.ts';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const rsaKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

describe('Google Wallet configuration', () => {
  const ISSUER = '3388000000022000001';

  it('is off without an issuer and service account, with Google’s addresses by default', () => {
    expect(loadConfig({}).googleWallet).toBeNull();
    const key = rsaKey();
    const config = loadConfig({
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_CLIENT_EMAIL: 'wallet@shop.iam.gserviceaccount.com',
      GOOGLE_WALLET_PRIVATE_KEY: key.replaceAll('\n', '\\n'),
    });
    expect(config.googleWallet).toEqual({
      issuerId: ISSUER,
      clientEmail: 'wallet@shop.iam.gserviceaccount.com',
      privateKey: key,
      apiUrl: 'https://walletobjects.googleapis.com/walletobjects/v1',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
  });

  it('reads a JSON key file, and a fake’s addresses', () => {
    const key = rsaKey();
    const config = loadConfig({
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: JSON.stringify({ client_email: 'w@p.iam.gserviceaccount.com', private_key: key }),
      GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9000/walletobjects/v1/',
      GOOGLE_WALLET_TOKEN_URL: 'http://127.0.0.1:9000/token',
    });
    expect(config.googleWallet).toMatchObject({
      clientEmail: 'w@p.iam.gserviceaccount.com',
      privateKey: key,
      apiUrl: 'http://127.0.0.1:9000/walletobjects/v1',
      tokenUrl: 'http://127.0.0.1:9000/token',
    });
  });

  it('refuses half a setup and a key that is not one', () => {
    expect(problemsOf({ GOOGLE_WALLET_ISSUER_ID: ISSUER }).join('\n')).toMatch(
      /GOOGLE_WALLET_ISSUER_ID and a service account key/,
    );
    expect(problemsOf({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_CLIENT_EMAIL: 'a@b.co' }).join('\n')).toMatch(
      /GOOGLE_WALLET_PRIVATE_KEY is required/,
    );
    expect(
      problemsOf({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: '{"client_email":"a@b.co"}' }).join('\n'),
    ).toMatch(/GOOGLE_WALLET_SERVICE_ACCOUNT_KEY must be a service account/);
  });
});

describe('configuration', () => {
  it('runs demo on the embedded database with no configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ appMode: 'demo', appEnv: 'development', port: 3000, publicUrl: null });
    expect(config.database.engine).toBe('pglite');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/shop' });
    expect(config.database).toEqual({ engine: 'postgres', url: 'postgres://localhost/shop' });
  });

  it('migrates as DATABASE_MIGRATION_URL’s role where it is set, and as the server’s otherwise', () => {
    const split = loadConfig({ DATABASE_URL: 'postgres://server@db/shop', DATABASE_MIGRATION_URL: 'postgres://owner@db/shop' });
    expect(split.database).toEqual({ engine: 'postgres', url: 'postgres://server@db/shop' });
    expect(split.migrationDatabase).toEqual({ engine: 'postgres', url: 'postgres://owner@db/shop' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/shop' }).migrationDatabase).toEqual({
      engine: 'postgres',
      url: 'postgres://db/shop',
    });
    expect(loadConfig({}).migrationDatabase.engine).toBe('pglite');
    expect(problemsOf({ DATABASE_MIGRATION_URL: 'postgres://owner@db/shop' })).toEqual([
      'DATABASE_MIGRATION_URL goes with DATABASE_URL, the server’s own connection to the same database',
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgres://db/shop', DATABASE_MIGRATION_URL: 'mysql://x' })).toEqual([
      'DATABASE_MIGRATION_URL must be a postgres:// or postgresql:// URL',
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.engine).toBe('pglite');
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'eighty', APP_MODE: 'live', DATABASE_URL: 'mysql://x' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/APP_MODE/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL must be a postgres/);
  });

  it('refuses production mode without a real payment provider and PUBLIC_URL', () => {
    const problems = problemsOf({ APP_MODE: 'production' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PUBLIC_URL is required when APP_MODE=production',
        expect.stringMatching(
          /^STRIPE_SECRET_KEY a payment provider is required when APP_MODE=production: Stripe .*Adyen .*PayPay/,
        ),
      ]),
    );
    expect(problemsOf({ APP_MODE: 'production', STRIPE_SECRET_KEY: 'pk_test_abc' }).join('\n')).toMatch(
      /STRIPE_SECRET_KEY must be/,
    );
  });

  it('refuses a provider set up by halves', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
    ]);
    expect(problemsOf({ ADYEN_API_KEY: `AQE${'x'.repeat(30)}` })).toEqual(['ADYEN_HMAC_KEY is required with ADYEN_API_KEY']);
    expect(problemsOf({ PAYPAY_API_KEY: 'a_paypay_key', PAYPAY_API_SECRET: 'a-secret-of-paypay' })).toEqual([
      'PAYPAY_MERCHANT_ID is required with PAYPAY_API_KEY and PAYPAY_API_SECRET',
    ]);
    expect(
      problemsOf({ ADYEN_API_KEY: `AQE${'x'.repeat(30)}`, ADYEN_HMAC_KEY: 'AB'.repeat(32), ADYEN_ENVIRONMENT: 'LIVE' }),
    ).toEqual(['ADYEN_LIVE_URL_PREFIX is required when ADYEN_ENVIRONMENT=LIVE']);
    expect(problemsOf({ ADYEN_HMAC_KEY: 'not hex' }).join('\n')).toMatch(/ADYEN_HMAC_KEY must be the webhook’s HMAC key/);
  });

  it('starts production mode when everything is given', () => {
    const config = loadConfig({
      APP_MODE: 'production',
      APP_ENV: 'production',
      PUBLIC_URL: 'https://tickets.example.com',
      DATABASE_URL: 'postgresql://db/shop',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    });
    expect(config.stripe).toEqual({ secretKey: 'sk_live_abc123', webhookSecret: 'whsec_abc123' });
    expect(config.publicUrl).toBe('https://tickets.example.com');
    expect(config.adyen).toBeNull();
  });

  it('starts production mode with Adyen or PayPay alone', () => {
    const base = { APP_MODE: 'production', PUBLIC_URL: 'https://tickets.example.com', DATABASE_URL: 'postgresql://db/shop' };
    const adyen = loadConfig({
      ...base,
      ADYEN_API_KEY: `AQE${'k'.repeat(40)}`,
      ADYEN_HMAC_KEY: 'AB'.repeat(32),
      ADYEN_ENVIRONMENT: 'LIVE',
      ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-AdyenDemo',
      ADYEN_MERCHANT_ACCOUNT: 'MuseumECOM',
      ADYEN_NOTIFICATION_USERNAME: 'adyen',
      ADYEN_NOTIFICATION_PASSWORD: 'a long password',
    });
    expect(adyen.adyen).toEqual({
      apiKey: `AQE${'k'.repeat(40)}`,
      hmacKey: 'AB'.repeat(32),
      environment: 'LIVE',
      liveEndpointUrlPrefix: '1797a841fbb37ca7-AdyenDemo',
      merchantAccount: 'MuseumECOM',
      notificationAuth: { username: 'adyen', password: 'a long password' },
    });
    expect(adyen.stripe).toBeNull();
    const paypay = loadConfig({
      ...base,
      PAYPAY_API_KEY: 'a_paypay_key',
      PAYPAY_API_SECRET: 'a-secret-of-paypay',
      PAYPAY_MERCHANT_ID: '123456789012345678',
    });
    expect(paypay.paypay).toEqual({
      apiKey: 'a_paypay_key',
      apiSecret: 'a-secret-of-paypay',
      merchantId: '123456789012345678',
      environment: 'STAGING',
    });
  });

  it('trusts no proxy unless TRUST_PROXY names the proxies by address or range', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('takes TRUST_PROXY as the number of proxies in front of the server', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('refuses a TRUST_PROXY that would let a client choose its own address, or names nothing', () => {
    for (const value of ['true', '0', '100', '-1', '10.0.0.0/33', 'proxy.internal', '10.0.0.5,', '10.0.0.0/8/1']) {
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be the number of proxies in front of the server/),
      ]);
    }
  });

  it('serves the API documentation except in production mode, unless API_DOCS says otherwise', () => {
    const production = {
      APP_MODE: 'production',
      PUBLIC_URL: 'https://tickets.example.com',
      DATABASE_URL: 'postgresql://db/shop',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadConfig({}).isApiDocsServed).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).isApiDocsServed).toBe(false);
    expect(loadConfig(production).isApiDocsServed).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).isApiDocsServed).toBe(true);
    expect(problemsOf({ API_DOCS: 'yes' })).toEqual(['API_DOCS must be true or false']);
  });

  it('reads Apple Wallet’s certificate whole or not at all (decision 027)', () => {
    expect(loadConfig({}).appleWallet).toBeNull();
    const certs = testPassCertificates();
    const apple = {
      APPLE_WALLET_PASS_TYPE_ID: 'pass.com.example.tickets',
      APPLE_WALLET_TEAM_ID: 'ABCDE12345',
      APPLE_WALLET_SIGNER_CERT: certs.signerCert.replaceAll('\n', '\\n'),
      APPLE_WALLET_SIGNER_KEY: certs.signerKey,
      APPLE_WALLET_WWDR_CERT: certs.wwdr,
    };
    expect(loadConfig(apple).appleWallet).toMatchObject({
      passTypeIdentifier: 'pass.com.example.tickets',
      signerCert: certs.signerCert,
      apnsUrl: 'https://api.push.apple.com',
    });
    const { APPLE_WALLET_WWDR_CERT: _, ...half } = apple;
    expect(problemsOf(half)).toEqual([expect.stringMatching(/^APPLE_WALLET_WWDR_CERT is required with/)]);
    expect(problemsOf({ ...apple, APPLE_WALLET_SIGNER_KEY: 'not a key' })).toEqual([
      'APPLE_WALLET_SIGNER_KEY must be a private key in PEM that APPLE_WALLET_SIGNER_KEY_PASSPHRASE (if any) opens',
    ]);
  });
});
