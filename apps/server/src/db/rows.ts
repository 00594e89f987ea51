import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Runs a raw query on either engine and returns its rows. */
export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A list of ids (uuids, integers or hex hashes, never free text: nothing is quoted) as one array parameter,
 * `{a,b,c}`, for `= any(${idArray(ids)}::uuid[])` on either engine.
 */
export const idArray = (ids: readonly (string | number)[]): string => `{${ids.join(',')}}`;
