import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import type { AppleWalletConfig, AppMode } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';

/** A storefront build stand-in with the markers the server rewrites. */
export function fakeStorefrontDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

type TestAppOptions = {
  appMode?: AppMode;
  reconnectSite?: string;
  jobs?: AppOptions['jobs'];
  webhooks?: AppOptions['webhooks'];
  appleWallet?: AppleWalletConfig;
};

export function buildTestApp(db: Database, options: TestAppOptions = {}) {
  return buildApp({
    config: {
      appMode: options.appMode ?? 'demo',
      appEnv: 'development',
      reconnectSite: options.reconnectSite ?? null,
      ...(options.appleWallet ? { appleWallet: options.appleWallet } : {}),
    },
    db,
    storefrontDir: fakeStorefrontDir(),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
}

/** A demo app on the suite's database: built before its tests, closed after them. */
export function useTestApp(ctx: { readonly db: Database }, options: TestAppOptions = {}): { readonly app: FastifyInstance } {
  let app: FastifyInstance | null = null;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, options);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('the test app is not built yet');
      return app;
    },
  };
}
