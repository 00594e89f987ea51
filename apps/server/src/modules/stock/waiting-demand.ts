/**
 * The places a slot owes its waiting list: the tickets its waiting visitors asked for. While anyone
 * waits, places that come back are theirs, in list order; the public takes only what is left over
 * (`capacity - sold - held - demand`), and sees the slot as sold out until then. It is part of what
 * a slot has available, so stock keeps it beside its holds and its conditional update embeds it, as
 * the catalogue's availability does; it reads the waiting list's entries, the one table of that
 * module it names. The waiting list's own offers take places without it (they are what it is owed).
 */
import { type SQL, sql } from 'drizzle-orm';

/** A scalar subquery: the waiting visitors' tickets at `timeSpan` (0 when nobody waits). */
export function waitingDemand(timeSpan: SQL): SQL {
  return sql`(select coalesce(sum(wd.quantity), 0)::int from waiting_list_entries wd
              where wd.time_span_id = ${timeSpan} and wd.status = 'waiting')`;
}
