import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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
  /**
   * Applies the committed migrations; safe when several processes start at once. On PostgreSQL it
   * does nothing (and takes no lock) when every migration is applied already, so that a server
   * whose role may not change the schema starts once the owner has migrated (decision 033).
   */
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
      let isLocked = false;
      try {
        if (!(await hasPendingMigrations(client))) return;
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        isLocked = true;
        await migratePg(drizzlePg({ client }), { migrationsFolder });
      } catch (error) {
        // insufficient_privilege, from pg or inside drizzle's DrizzleQueryError.
        const { code, cause } = error as { code?: string; cause?: { code?: string } };
        if (code !== '42501' && cause?.code !== '42501') throw error;
        const role = decodeURIComponent(new URL(url).username) || 'this connection’s role';
        throw new Error(
          `${role} may not change the schema: apply the migrations as the tables' owner (npm run db:migrate with the owner's DATABASE_URL, or set DATABASE_MIGRATION_URL; decision 033)`,
          { cause: error },
        );
      } finally {
        if (isLocked) await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Whether a committed migration is not applied yet, as drizzle's migrator judges it: any newer
 * than the last one its table records, or no table at all. Reads only.
 */
async function hasPendingMigrations(client: pg.PoolClient): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  const table = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return true;
  const { rows } = await client.query<{ applied: string }>(
    'select coalesce(max(created_at), 0)::text as applied from drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.applied ?? 0) < newest;
}

/**
 * PGlite's settings for one small shop in one process (decision 038): its PostgreSQL keeps 32 MB of
 * pages in its own buffers instead of initdb's 128 MB, which would sit in this process's memory
 * for good once a busy day had filled it (a WebAssembly memory never shrinks); the data directory's
 * files stay in the operating system's page cache, and an in-memory database holds every page anyway.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

function openPglite(dataDir: string | null, loadDataDir: Blob | undefined): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = withPreparedStatements(
    new PGlite({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams: PGLITE_START_PARAMS,
    }),
  );
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
