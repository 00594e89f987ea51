/** Starts the server: configuration, database, demo catalogue (outside production), then listen. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_VARIANT } from '@storefront/domain/constants';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase, withStartupLock } from './db/client.ts';
import type { Prepared } from './db/prepare.ts';
import { topUpCatalogue } from './db/seed.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { type DemoStaff, seedDemoStaff } from './modules/staff/seed-demo-staff.ts';

const TOP_UP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The server's database, migrated, and seeded or topped up outside production, by a child process
 * (`db/prepare-child.ts`): what seeding and migrating grew stays in that process, not in the one
 * that serves (decision 038). Migrations and seeding run as the tables' owner where the server's
 * own role may only use them (DATABASE_MIGRATION_URL, decision 033).
 */
async function preparedDatabase(config: ReturnType<typeof loadConfig>): Promise<DatabaseHandle> {
  const prepared = await new Promise<Prepared>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./db/prepare-child.ts', import.meta.url)), {
      // The server's own small young generation (scripts/start.mjs) would only slow the seeding.
      execArgv: process.execArgv.filter((flag) => !flag.startsWith('--max-semi-space-size')),
    });
    let answer: Prepared | null = null;
    child.on('message', (message) => {
      answer = message as Prepared;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      answer && code === 0 ? resolve(answer) : reject(new Error(`preparing the database failed (exit code ${code})`)),
    );
  });
  if (prepared.seededSites !== null) {
    console.log(`Seeded the demo catalogue: ${prepared.seededSites} sites in ${prepared.seconds.toFixed(1)} s`);
  }
  return openDatabase(config.database);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const isProduction = config.appMode === 'production';
  const database = await preparedDatabase(config);
  if (!isProduction) {
    // Keep the demo's slots running ahead of today for a server that stays up for weeks.
    setInterval(() => {
      withStartupLock(database, (db) => topUpCatalogue(db)).catch((error) => console.error('slot top-up failed', error));
    }, TOP_UP_INTERVAL_MS).unref();
  }

  // Demo mode comes with staff to try the console with; production with none (npm run staff:create).
  const demoStaff: DemoStaff | null =
    config.appMode === 'production' ? null : await withStartupLock(database, (db) => seedDemoStaff(db));

  const app = await buildApp({
    config,
    publicUrl: () => config.publicUrl ?? `http://localhost:${config.port}`,
    db: database.db,
    storefrontDir: fileURLToPath(new URL('../../storefront/dist', import.meta.url)),
    consoleDir: fileURLToPath(new URL('../../console/dist', import.meta.url)),
    gateDir: fileURLToPath(new URL('../../gate/dist', import.meta.url)),
    logger:
      config.appEnv === 'development' && process.stdout.isTTY
        ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : { level: config.logLevel },
  });

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const served = await createSitesService(database.db, {
    appMode: config.appMode,
    defaultVariant: DEFAULT_VARIANT,
    reconnectSite: config.reconnectSite,
  }).list();
  console.log(`\nStorefront (${config.appMode} mode, ${database.engine} database) is serving:`);
  for (const site of served) console.log(`  ${site.variant.padEnd(16)} ${base}/${site.variant}/`);
  if (config.isApiDocsServed) console.log(`  ${'API docs'.padEnd(16)} ${base}/api/docs`);
  console.log(`  ${'Console'.padEnd(16)} ${base}/console/`);
  console.log(`  ${'Gate scanner'.padEnd(16)} ${base}/gate/`);
  if (demoStaff) {
    console.log(`\nDemo staff (password "${demoStaff.password}"): ${demoStaff.emails.join(', ')}`);
    console.log(`  The owner's authenticator secret: ${demoStaff.ownerTotpSecret} (add it to an authenticator app)`);
  }
  console.log('');
  if (served.length === 0) console.log(`${noVenueAdvice(config.appMode, config.reconnectSite, base)}\n`);
}

/** What to do when the server has no venue to serve; every page answers 404 until then. */
function noVenueAdvice(appMode: string, reconnectSite: string | null, base: string): string {
  if (appMode === 'reconnect') {
    const wanted = reconnectSite ? `the venue RECONNECT_SITE=${reconnectSite} names` : 'the first exhibition venue';
    return `No venue to serve: reconnect mode serves ${wanted}, and there is none.`;
  }
  return `No venue yet: create the first owner with \`npm run staff:create -- --email you@example.com --owner\`, sign in at ${base}/console/ and create a venue.`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
