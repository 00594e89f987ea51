/**
 * Staff correct a visitor's contact details on a completed order (name, address, phone), in the
 * caller's transaction. The fields keep the shop's names (`fullname`, `email`, `phone`); an empty
 * name or phone is removed. Answers what changed, before and after, for the audit entry.
 */
import type { OrderContactChanges } from '@storefront/domain/console/order-detail';
import type { Database } from '../../db/client.ts';
import * as repo from './orders.repository.ts';
import { findPlacedOrder, type PlacedOrder } from './placed-order.ts';

const CONTACT_FIELDS = ['fullname', 'email', 'phone'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactEdit = {
  order: PlacedOrder;
  fields: Record<string, string>;
  changes: Partial<Record<ContactField, { from: string | null; to: string | null }>>;
};

/** Null when the venue has no such completed order; nothing is written when nothing differs. */
export async function editOrderContact(
  tx: Database,
  siteId: number,
  orderId: string,
  edit: OrderContactChanges,
): Promise<ContactEdit | null> {
  const order = await findPlacedOrder(tx, siteId, orderId, { lock: true });
  if (!order) return null;
  const fields: Record<string, string> = { ...(order.customerFields ?? {}) };
  const changes: ContactEdit['changes'] = {};
  for (const field of CONTACT_FIELDS) {
    const next = edit[field];
    if (next === undefined) continue;
    const before = fields[field] ?? null;
    const after = next === '' ? null : next;
    if (before === after || (before === '' && after === null)) continue;
    changes[field] = { from: before, to: after };
    if (after === null) delete fields[field];
    else fields[field] = after;
  }
  if (Object.keys(changes).length === 0) return { order, fields, changes };
  const updated = await repo.updateOrder(tx, order.id, { customerFields: fields });
  return {
    order: { ...order, ...updated, reservationNumber: order.reservationNumber, completedAt: order.completedAt },
    fields,
    changes,
  };
}
