import { DISPLAY_TIME_ZONE, type LanguageCode } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import { sellAfterExpiry, sellOrderHolds, unsellPlaces } from '../stock/sell-places.ts';
import * as tickets from '../tickets/order-tickets.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';
import type { DateChangeDeps } from './date-change-deps.ts';
import { linesOf } from './date-change-reads.ts';
import * as repo from './date-changes.repository.ts';

/** What completing a change came to. */
export type ChangeCompletion =
  | { kind: 'completed'; reservationNumber: string; total: number; mailQueued: boolean }
  /** The new slot's places are gone (a late payment): nothing changed. */
  | { kind: 'no_places' }
  /** The ticket is no longer as the change found it (used, shared, moved): nothing changed. */
  | { kind: 'stale' };

class Rollback extends Error {}

/**
 * Completes a change in the caller's transaction: sells the new places (again, after a lapse,
 * when `late`), gives the old ones back, moves the order, re-issues the admissions, and writes
 * the confirmation mail. Nothing is written when it cannot complete. The change is locked by the
 * caller; the order is locked here, after it (every completing path takes them in that order).
 */
export async function completeDateChange(
  tx: Database,
  deps: DateChangeDeps,
  site: Site,
  change: repo.DateChangeRow,
  late: boolean,
): Promise<ChangeCompletion> {
  const { orders, options } = deps;
  const order = await orders.lockCompleted(tx, change.orderId);
  if (!order || order.timeSpanId !== change.fromTimeSpanId || order.quantity !== change.quantity) return { kind: 'stale' };
  const admissions = await tickets.listOrderTickets(tx, order.id, { lock: true });
  if (admissions.some((a) => a.status !== 'valid' || a.shareId !== null)) return { kind: 'stale' };
  let sold = await sellOrderHolds(tx, change.id);
  if (!sold && late) {
    // A late payment: the places are sold again only if they are still there; a savepoint keeps
    // a half-done sale out of the transaction.
    sold = await tx
      .transaction(async (sp) => {
        const again = await sellAfterExpiry(sp as unknown as Database, {
          id: change.id,
          timeSpanId: change.toTimeSpanId,
          quantity: change.quantity,
          setProducts: order.setProducts,
        });
        if (!again) throw new Rollback();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return false;
        throw error;
      });
  }
  if (!sold) return { kind: 'no_places' };
  const givenBack = await unsellPlaces(tx, {
    timeSpanId: change.fromTimeSpanId,
    quantity: change.quantity,
    setProducts: order.setProducts,
  });
  if (!givenBack) throw new Error(`the old slot ${change.fromTimeSpanId} does not hold the places of order ${order.id}`);
  const moved = await orders.moveToSlot(tx, order.id, {
    timeSpanId: change.toTimeSpanId,
    subtotal: change.newSubtotal,
    discount: change.newDiscount,
    total: change.resultingTotal,
  });
  await tickets.reissueOrderTickets(tx, order.id, { from: change.fromTimeSpanId, to: change.toTimeSpanId });
  await repo.transition(tx, change.id, ['pending', 'waiting', 'expired'], { status: 'completed', completedAt: clock.now() });
  // The venue's receivers hear of it with the change (decision 022).
  await enqueueWebhookEvent(tx, {
    venue: site,
    type: 'order.date_changed',
    data: async () => {
      const slotAt = async (timeSpanId: number) => {
        const slot = await orders.slotOf(tx, order.productId, timeSpanId);
        return {
          id: timeSpanId,
          date: slot?.date ?? null,
          from: slot?.startsAt.toISOString() ?? null,
          to: slot?.endsAt.toISOString() ?? null,
        };
      };
      return {
        order_id: order.id,
        reservation_number: order.reservationNumber ?? '',
        date_change_id: change.id,
        from: await slotAt(change.fromTimeSpanId),
        to: await slotAt(change.toTimeSpanId),
        quantity: change.quantity,
        total: moved.total,
        paid: change.toPay,
        refunded: change.toRefund,
        currency: site.currency,
      };
    },
  });
  const email = change.email ?? order.customerFields?.email;
  let mailQueued = false;
  if (email && options.enqueueConfirmation) {
    // The first reservation token exists only as a hash: the mail carries a token of its own.
    const reservationToken = newToken();
    await tickets.addAccessToken(tx, { tokenHash: hashToken(reservationToken), orderId: order.id, source: 'time_change' });
    const lang = change.lang as LanguageCode;
    const { productRow } = await linesOf(tx, deps, site, moved, lang);
    const at = async (timeSpanId: number) => {
      const slot = await orders.slotOf(tx, order.productId, timeSpanId);
      return {
        date: slot?.date ?? '',
        time: slot && productRow.type === 'time' ? timeOfDayIn(slot.startsAt, DISPLAY_TIME_ZONE) : null,
      };
    };
    await options.enqueueConfirmation(tx, {
      site,
      orderId: order.id,
      email,
      lang,
      reservationToken,
      reservationNumber: order.reservationNumber ?? '',
      productName: localize(productRow.name, lang),
      from: await at(change.fromTimeSpanId),
      to: await at(change.toTimeSpanId),
      paid: change.toPay,
      refunded: change.toRefund,
      currency: site.currency,
    });
    mailQueued = true;
  }
  return { kind: 'completed', reservationNumber: order.reservationNumber ?? '', total: moved.total, mailQueued };
}
