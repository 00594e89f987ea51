/**
 * Cancelling admissions of a completed order (staff, a cancelled slot, a visitor where the venue
 * allows it), in the caller's transaction. The order's admissions are locked first, so a
 * cancellation and a check-in of the same admission go one after the other (check-in locks what
 * it admits, `check-in-tickets.ts`): either the scan came first and the admission is used (and is
 * not cancelled), or the cancellation came first and the scan is refused.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { listOrderTickets, type TicketRow } from './order-tickets.ts';
import { recordRevocations } from './revocations.ts';
import { tickets } from './tickets.schema.ts';

export type AdmissionsCancelled = {
  /** The admissions this call cancelled (status `cancelled`, a new generation: every QR shown before is void). */
  cancelled: TicketRow[];
  /** Every admission of the order as it stands after. */
  admissions: TicketRow[];
  /** Whether no admission of the order is still valid or used afterwards. */
  wholeOrder: boolean;
};

/**
 * The admissions a cancellation names: `all` is every one still valid; named ones must belong to
 * the order and still be valid (`tickets` names the first that is not). Reads the order's
 * admissions with a lock when asked.
 */
export async function chooseAdmissions(
  db: Database,
  orderId: string,
  chosen: string[] | 'all',
  options: { lock?: boolean } = {},
): Promise<{ admissions: TicketRow[]; targets: TicketRow[] }> {
  const admissions = await listOrderTickets(db, orderId, options);
  if (chosen === 'all') {
    const targets = admissions.filter((a) => a.status === 'valid');
    if (targets.length === 0)
      throw specError('conflict', { field: 'tickets', message: 'tickets: no admission of this order can still be cancelled' });
    return { admissions, targets };
  }
  const byId = new Map(admissions.map((a) => [a.id, a]));
  const targets: TicketRow[] = [];
  for (const id of new Set(chosen)) {
    const admission = byId.get(id);
    if (!admission) throw invalidField('tickets', `names ${id}, which is not an admission of this order`);
    if (admission.status === 'used')
      throw specError('conflict', { field: 'tickets', message: `tickets: admission ${admission.position} was used at the gate` });
    if (admission.status === 'cancelled')
      throw specError('conflict', { field: 'tickets', message: `tickets: admission ${admission.position} is already cancelled` });
    targets.push(admission);
  }
  return { admissions, targets };
}

/**
 * Cancels the named admissions (locked here): each still-valid one becomes `cancelled` with its
 * time and a higher generation. Refuses, changing nothing, when any named one is used or cancelled.
 */
export async function cancelAdmissions(tx: Database, orderId: string, chosen: string[] | 'all'): Promise<AdmissionsCancelled> {
  const { targets } = await chooseAdmissions(tx, orderId, chosen, { lock: true });
  const cancelled = await tx
    .update(tickets)
    .set({ status: 'cancelled', cancelledAt: sql`app_now()`, generation: sql`${tickets.generation} + 1` })
    .where(
      and(
        eq(tickets.orderId, orderId),
        inArray(
          tickets.id,
          targets.map((t) => t.id),
        ),
        eq(tickets.status, 'valid'),
      ),
    )
    .returning();
  if (cancelled.length !== targets.length) throw new Error('admissions changed under their lock');
  await recordRevocations(tx, cancelled, orderId, 'cancelled');
  const admissions = await listOrderTickets(tx, orderId);
  return { cancelled, admissions, wholeOrder: admissions.every((a) => a.status === 'cancelled') };
}
