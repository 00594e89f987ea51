/**
 * The places a slot owes its waiting list: the tickets its waiting visitors asked for. While anyone
 * waits, places that come back are theirs, in list order; the public takes only what is left over
 * (`capacity - sold - held - demand`), and sees the slot as sold out until then. The stock module's
 * conditional update and the catalogue's availability embed this statement; the waiting list's
 * own offers take places without it (they are what it is owed).
 */
import { type SQL, sql } from 'drizzle-orm';

/** A scalar subquery: the waiting visitors' tickets at `timeSpan` (0 when nobody waits). */
export function waitingDemand(timeSpan: SQL): SQL {
  return sql`(select coalesce(sum(wd.quantity), 0)::int from waiting_list_entries wd
              where wd.time_span_id = ${timeSpan} and wd.status = 'waiting')`;
}
