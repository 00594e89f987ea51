/**
 * Each test file gets its own fresh database: an in-memory PGlite always, and a new PostgreSQL
 * database beside it when TEST_DATABASE_URL is set. Nothing is left behind.
 *
 * Migrating and seeding took most of a database test file's time, so each is done once per
 * seeding and day and kept as a template that every database is copied from: on PGlite a dumped
 * data directory in the temp folder, on PostgreSQL a template database. A template's name holds
 * the venue's today (the seed's slots start from it, so another day's is never used) and a hash of
 * the server's, the seed's and the domain's sources (a changed migration or seed makes a new one).
 * The first file that needs a template builds it; a file run alone works the same way. The
 * browser journeys take their databases from here too; `database.ts` runs suites on each engine.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { todayIn } from '@storefront/domain/dates';
import pg from 'pg';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/client.ts';
import { DEMO_TIME_ZONE, type SeedOptions, seedCatalogue } from '../src/db/seed.ts';
import { clock } from '../src/lib/clock.ts';
import { installTestClock } from './clock.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || null;

export const testEngines: Engine[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = DatabaseHandle & {
  /** The PostgreSQL URL of this database, for a second connection; null on PGlite. */
  url: string | null;
  dispose(): Promise<void>;
};

/** A migrated database, seeded as `seed` says (not at all when false), copied from its template. */
export async function createTestDatabase(engine: Engine, seed: SeedOptions | false = false): Promise<TestDatabase> {
  const template = templateOf(seed);
  if (engine === 'pglite') {
    const handle = openDatabase({ engine: 'pglite', dataDir: null, loadDataDir: await pgliteTemplate(template) });
    return { ...handle, url: null, dispose: () => handle.close() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `storefront_test_${randomBytes(6).toString('hex')}`;
  await copyPostgresTemplate(template, name);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    ...handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

type Template = {
  /** `yyyymmdd_hash`: the day first, so that templates of past days can be told and dropped. */
  name: string;
  day: string;
  seed: SeedOptions | null;
};

const root = fileURLToPath(new URL('../../../', import.meta.url));

let sourcesHash: string | null = null;

/** What a template is made from: the migrations, the seed code and everything they import, and the test clock. */
function hashOfSources(): string {
  if (sourcesHash) return sourcesHash;
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.includes('.test.')) hash.update(path).update(readFileSync(path));
    }
  };
  for (const folder of ['apps/server/src', 'seed/src', 'packages/domain/src']) walk(join(root, folder));
  hash.update(readFileSync(join(root, 'apps/server/test/clock.ts')));
  sourcesHash = hash.digest('hex');
  return sourcesHash;
}

/** Today by the real clock: templates of days before it are dropped (a set clock's later day is kept). */
const realDay = () => todayIn(DEMO_TIME_ZONE).replaceAll('-', '');

function templateOf(seed: SeedOptions | false): Template {
  // The seed's today is the server clock's, which a test may have set (`clock.ts`).
  const today = (seed === false ? undefined : seed.today) ?? todayIn(DEMO_TIME_ZONE, clock.now());
  const options = seed === false ? null : { ...seed, today };
  const hash = createHash('sha256').update(hashOfSources()).update(JSON.stringify(options)).digest('hex');
  const day = today.replaceAll('-', '');
  return { name: `${day}_${hash.slice(0, 16)}`, day, seed: options };
}

async function buildTemplate(handle: DatabaseHandle, template: Template): Promise<void> {
  await handle.migrate();
  await installTestClock(handle.db);
  if (template.seed) await seedCatalogue(handle.db, template.seed);
}

const pgliteFolder = join(tmpdir(), 'storefront-test-templates');

/**
 * The template's data directory, built and written to the temp folder when missing. Two files
 * building the same template at once both write it; the rename makes either one whole.
 */
async function pgliteTemplate(template: Template): Promise<Blob> {
  const file = join(pgliteFolder, `${template.name}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet today: build it below.
  }
  const handle = openDatabase({ engine: 'pglite', dataDir: null });
  await buildTemplate(handle, template);
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await handle.close();
  mkdirSync(pgliteFolder, { recursive: true });
  for (const old of readdirSync(pgliteFolder)) {
    if (old.slice(0, 8) < realDay()) rmSync(join(pgliteFolder, old), { force: true });
  }
  const building = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(building, new Uint8Array(await dump.arrayBuffer()));
  renameSync(building, file);
  return dump;
}

/** An arbitrary, fixed key for the advisory lock under which templates are made, dropped and copied. */
const TEMPLATE_LOCK_KEY = 7_245_039;

/**
 * Copies the template database into a new database `name`, building the template first when
 * missing. Everything happens under one advisory lock, so a template is never copied while it is
 * being built (PostgreSQL refuses to copy a database with open connections) nor dropped while
 * copied, whichever test process, or test run on the same server, does it.
 */
async function copyPostgresTemplate(template: Template, name: string): Promise<void> {
  const templateName = `storefront_template_${template.name}`;
  const admin = new pg.Client({ connectionString: postgresUrl ?? undefined });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [templateName]);
    if (found.rowCount === 0) {
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'storefront\\_template\\_%' and datname < $1`,
        [`storefront_template_${realDay()}`],
      );
      for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
      const building = `${templateName}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(postgresUrl ?? '');
      url.pathname = `/${building}`;
      const handle = openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        await buildTemplate(handle, template);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${templateName}`);
    }
    await admin.query(`create database ${name} template ${templateName}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}
