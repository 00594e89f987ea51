import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withPreparedStatements } from './pglite-statements.ts';

/** Either engine; repositories take this (or a transaction of it) as their first argument. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Engine = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  engine: Engine;
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary, fixed key for the advisory lock that serialises start-up work between processes. */
const STARTUP_LOCK_KEY = 7_245_019;

export type DatabaseLocation =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | {
      engine: 'pglite';
      dataDir: string | null;
      /** A data directory dumped by PGlite's `dumpDataDir`, to start from (the tests' templates). */
      loadDataDir?: Blob;
    };

/** The engine under a database (the database itself, not a transaction of it). */
export function engineOf(db: Database): Engine {
  return is(db, PgliteDatabase) ? 'pglite' : 'postgres';
}

export function openDatabase(location: DatabaseLocation): DatabaseHandle {
  if (location.engine === 'postgres') return openPostgres(location.url, location.poolSize ?? 10);
  return openPglite(location.dataDir, location.loadDataDir);
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function openPglite(dataDir: string | null, loadDataDir: Blob | undefined): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = withPreparedStatements(new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) }));
  const db = drizzlePglite({ client });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * Runs `work` while holding the start-up lock, so that only one process seeds or tops up at a time.
 * PGlite has a single connection, so there is nothing to serialise there.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: (db: Database) => Promise<T>): Promise<T> {
  if (handle.engine === 'pglite') return work(handle.db);
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    return work(tx as unknown as Database);
  });
}
