/**
 * Fixed-window rate limits kept in the database, so every server process counts together
 * (DESIGN: growing past one machine). For calls that look things up by guessable input.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { specError } from './errors.ts';

export type Limit = { key: string; max: number; windowSeconds: number };

/** Counts one call against each limit; throws 429 when any is exceeded. */
export async function enforceRateLimits(db: Database, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const [row] = await rows<{ count: number }>(
      db,
      sql`insert into rate_limits (key, window_start, count) values (${limit.key}, app_now(), 1)
          on conflict (key) do update set
            count = case when rate_limits.window_start <= app_now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
            window_start = case when rate_limits.window_start <= app_now() - make_interval(secs => ${limit.windowSeconds}) then app_now() else rate_limits.window_start end
          returning count`,
    );
    if ((row?.count ?? 0) > limit.max) {
      throw specError('too many requests', {
        can_retry: true,
        message: `try again in ${limit.windowSeconds} seconds`,
      });
    }
  }
}
