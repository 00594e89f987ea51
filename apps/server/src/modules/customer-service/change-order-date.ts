/**
 * Staff change an order's date on the visitor's behalf (`orders:write`): the date-change module's
 * rules, stock moves and mail in one transaction with the audit entry, which records an overridden
 * deadline and a waived difference. A cheaper slot's difference is refunded after the commit by
 * the site's policy, through the refunds ledger (decision 017).
 */
import type { SlotChoiceList, StaffDateChangeBody, StaffDateChangeResult } from '@storefront/domain/console/order-refunds';
import type { Database } from '../../db/client.ts';
import { type Actor, auditedChange } from '../audit/record-audit.ts';
import { readCalendar } from '../catalogue/read-calendar.ts';
import type { DateChangesService } from '../date-changes/date-changes.service.ts';
import type { Site } from '../sites/site.ts';
import { venueOrder } from './cancel-order-admissions.ts';

export type OrderDateChangeDeps = {
  dateChanges: Pick<DateChangesService, 'changeForVisitor' | 'afterVisitorChange'>;
};

export async function changeOrderDate(
  db: Database,
  deps: OrderDateChangeDeps,
  actor: Actor,
  venue: Site,
  orderId: string,
  body: StaffDateChangeBody,
): Promise<StaffDateChangeResult> {
  const { changed: done } = await auditedChange(
    db,
    actor,
    async (tx) => {
      const order = await venueOrder(tx, venue, orderId, { lock: true });
      const changed = await deps.dateChanges.changeForVisitor(tx, venue, {
        orderId: order.id,
        toTimeSpanId: body.slot_id,
        overrideDeadline: body.override_deadline ?? false,
        waiveDifference: body.waive_difference ?? false,
      });
      return { order, changed };
    },
    ({ order, changed }) => ({
      venue: { id: venue.id, code: venue.code },
      objectType: 'order',
      objectId: order.id,
      action: 'date_changed',
      changes: {
        reservation_number: order.reservationNumber,
        from_slot: changed.fromTimeSpanId,
        to_slot: body.slot_id,
        difference: changed.difference,
        deadline_overridden: changed.deadlineOverridden,
        difference_waived: changed.differenceWaived,
        refund_due: changed.change.toRefund,
        reason: body.reason,
      },
    }),
  );
  await deps.dateChanges.afterVisitorChange(done);
  return {
    reservation_number: done.reservationNumber,
    slot_id: body.slot_id,
    difference: done.difference,
    mail_queued: done.mailQueued,
  };
}

/** The slots of the order's product on a day, with the places left, for the change-date dialog. */
export async function slotChoices(db: Database, venue: Site, orderId: string, date: string): Promise<SlotChoiceList> {
  const order = await venueOrder(db, venue, orderId);
  const calendar = await readCalendar(db, venue, { from: date, to: date, product_id: order.productId });
  return {
    slots: calendar.slots
      .filter((s) => s.product_id === order.productId && s.on_sale && !s.is_past)
      .map((s) => ({
        id: s.id,
        date: s.date,
        starts_at: s.start_time,
        ends_at: s.end_time,
        available: Math.max(0, s.capacity - s.sold - s.held),
        is_current: s.id === order.timeSpanId,
      })),
  };
}
