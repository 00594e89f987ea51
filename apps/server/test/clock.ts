/**
 * A clock tests can set (decision 037). Every test database is made with the two functions below in
 * place of the migration's, so its `app_now()` runs as far ahead of the real clock as the server's
 * `clock` does; `setClock` moves both, and both run on from there at the real pace (timers, holds
 * and sessions lapse as they would).
 */
import { instantAt, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { clock } from '../src/lib/clock.ts';

/** Replaces the migration's clock functions in a test database (its template, in fact). */
export async function installTestClock(db: Database): Promise<void> {
  await db.execute(sql`create table test_clock (shift_ms double precision not null)`);
  // A server connecting as its own, restricted role (decision 033) reads the shift too.
  await db.execute(sql`grant select on test_clock to public`);
  await db.execute(sql`
    create or replace function app_now() returns timestamptz language sql stable as
    $$ select now() + coalesce((select shift_ms from test_clock), 0) * interval '1 millisecond' $$`);
  await db.execute(sql`
    create or replace function app_clock_timestamp() returns timestamptz language sql volatile as
    $$ select clock_timestamp() + coalesce((select shift_ms from test_clock), 0) * interval '1 millisecond' $$`);
}

async function shiftDatabases(databases: readonly Database[], ms: number): Promise<void> {
  for (const db of databases) {
    await db.execute(sql`delete from test_clock`);
    if (ms !== 0) await db.execute(sql`insert into test_clock (shift_ms) values (${ms})`);
  }
}

/**
 * Puts the server and the given test databases at `at`; the clock runs on from there. The server's
 * clock is one per test worker: call `resetClock` when the test or block is done (files run one
 * after another in a worker, so nothing else sees the shift meanwhile).
 */
export async function setClock(databases: readonly Database[], at: Date | string): Promise<void> {
  const ms = new Date(at).getTime() - Date.now();
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${String(at)}`);
  clock.shift(ms);
  await shiftDatabases(databases, ms);
}

/** The real time again, for the server and the given databases. */
export async function resetClock(databases: readonly Database[]): Promise<void> {
  clock.shift(0);
  await shiftDatabases(databases, 0);
}

/**
 * The wall-clock time `hhmm` of `day` (today by the real clock unless given) in `timeZone`: where a
 * test about today's slots sets the clock, so that it runs the same at any hour.
 */
export const wallClock = (hhmm: string, timeZone = 'Asia/Tokyo', day = todayIn(timeZone)): Date => instantAt(day, hhmm, timeZone);
