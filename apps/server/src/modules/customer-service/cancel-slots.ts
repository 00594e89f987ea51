/**
 * Calling off slots or a day (weather, a broken installation): staff choose slots, see the orders
 * and the money, and confirm (decision 018). One transaction closes the slots' sale, starts a
 * durable job with one item per order that still has a valid admission, and records who did it.
 * The job's workers, in any process, then take the orders one by one: each order's admissions are
 * cancelled, its refund rows written, its visitor's mail queued, its audit entry recorded and the
 * item marked done in one transaction; the provider is asked after it commits, under the refund
 * row's key. A process killed mid-order leaves that order untouched and its item pending; one
 * killed after the commit leaves a pending refund the reconciler asks again under the same key.
 * Either way no order is refunded twice and no visitor is mailed twice.
 */

import type { CalendarSelection } from '@storefront/domain/console/calendar';
import type {
  CancelledSlot,
  SlotCancellationBody,
  SlotCancellationPreview,
  SlotCancellationProgress,
  SlotCancellationSummary,
} from '@storefront/domain/console/slot-cancellations';
import { MAX_LISTED } from '@storefront/domain/console/slot-cancellations';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError, specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { type CatalogueConsoleContext, changeCatalogue } from '../catalogue/catalogue-changes.ts';
import { changeCalendar, type SelectedSlot, selectedSlotList } from '../catalogue/change-calendar.ts';
import {
  countItems,
  countResultField,
  findJob,
  type ItemCounts,
  type JobHandler,
  type JobRow,
  listItems,
  listJobs,
  resultFieldElements,
  startJob,
  sumResultField,
} from '../jobs/background-jobs.ts';
import { listOrdersByIds } from '../orders/completed-orders.ts';
import { ordersToCancelInSlots, slotOrderTotals } from '../orders/orders-in-slots.ts';
import { failedRefundsAmong, refundTotals } from '../payments/order-refunds.ts';
import { findSiteById } from '../sites/find-site.ts';
import type { Site } from '../sites/site.ts';
import {
  cancelInTransaction,
  cancellationAudit,
  type OrderRefundDeps,
  settleRefunds,
  tellCancellation,
} from './cancel-order-admissions.ts';
import { orderReads } from './order-reads.ts';

export const SLOT_CANCELLATION = 'slot_cancellation';

/** What a slot-cancellation job keeps to do each order as the confirming staff member asked. */
type Params = {
  slots: { slot_id: number; product_id: number; product_name: Record<string, string>; date: string; start_time: string }[];
  reason: string;
  message: string | null;
  actor: Pick<Actor, 'type' | 'id' | 'label'>;
  currency: string;
};

const paramsOf = (job: JobRow) => job.params as unknown as Params;

/** A select of the slots' ids, for statements over any number of them. */
const slotIdsSql = (ids: number[]) => sql`select unnest(${`{${ids.join(',')}}`}::int[])`;

async function chosenSlots(db: Database, venue: Site, selection: CalendarSelection) {
  const selected = await selectedSlotList(db, venue, selection);
  const open = selected.filter((s) => !s.isOver);
  return { open, overCount: selected.length - open.length };
}

const presentSlot = (s: SelectedSlot) => ({
  slot_id: s.id,
  product_id: s.productId,
  product_name: s.productName,
  date: s.date,
  start_time: s.startTime,
});

/** What calling off the selected slots would do, changing nothing. */
export async function previewSlotCancellation(
  db: Database,
  venue: Site,
  selection: CalendarSelection,
): Promise<SlotCancellationPreview> {
  const { open, overCount } = await chosenSlots(db, venue, selection);
  const totals = open.length === 0 ? [] : await slotOrderTotals(db, orderReads, venue.id, slotIdsSql(open.map((s) => s.id)));
  const bySlot = new Map(totals.map((t) => [t.timeSpanId, t]));
  const slots: CancelledSlot[] = open.map((s) => {
    const t = bySlot.get(s.id);
    return { ...presentSlot(s), orders: t?.orders ?? 0, admissions: t?.admissions ?? 0, refundable: t?.refundable ?? 0 };
  });
  return {
    currency: venue.currency,
    slots: slots.slice(0, MAX_LISTED),
    slot_count: open.length,
    over_count: overCount,
    orders: totals.reduce((sum, t) => sum + t.orders, 0),
    admissions: totals.reduce((sum, t) => sum + t.admissions, 0),
    refundable: totals.reduce((sum, t) => sum + t.refundable, 0),
  };
}

/**
 * Closes the slots' sale and starts the job, with the audit entry, in one transaction; the
 * workers are told after it commits.
 */
export async function startSlotCancellation(
  ctx: Pick<CatalogueConsoleContext, 'db' | 'catalogueChanges'> & { kick: () => void },
  venue: Site,
  actor: Actor,
  body: SlotCancellationBody,
): Promise<SlotCancellationProgress> {
  const jobId = await changeCatalogue(ctx, venue.id, async (tx) => {
    const { open, overCount } = await chosenSlots(tx, venue, body.selection);
    if (open.length === 0)
      throw specError('invalid request', {
        field: 'selection',
        message: overCount > 0 ? 'selection: every selected slot is over already' : 'selection: selects no slot',
      });
    const ids = open.map((s) => s.id);
    // No new sale in the slots from now on; a visitor paying for a hold taken before is swept up at the end.
    await changeCalendar(tx, venue, { selection: { slot_ids: ids }, change: { kind: 'sale', on_sale: false } });
    const params: Params = {
      slots: open.map(presentSlot),
      reason: body.reason,
      message: body.message?.trim() ? body.message.trim() : null,
      actor: { type: actor.type, id: actor.id, label: actor.label },
      currency: venue.currency,
    };
    const { job, items } = await startJob(
      tx,
      {
        kind: SLOT_CANCELLATION,
        siteId: venue.id,
        params: params as unknown as Record<string, unknown>,
        requestedBy: actor.label,
        staffId: actor.type === 'staff' ? actor.id : null,
      },
      ordersToCancelInSlots(orderReads, venue.id, slotIdsSql(ids)),
    );
    await recordAudit(tx, actor, {
      venue: { id: venue.id, code: venue.code },
      objectType: 'slot_cancellation',
      objectId: job.id,
      action: 'slots_cancelled',
      changes: {
        slot_count: ids.length,
        first_slot_ids: ids.slice(0, 20),
        first_date: open[0]?.date ?? null,
        last_date: open.at(-1)?.date ?? null,
        orders: items,
        reason: body.reason,
        message: params.message,
      },
    });
    return job.id;
  });
  ctx.kick();
  const progress = await slotCancellationProgress(ctx.db, venue, jobId);
  if (!progress) throw new Error(`the job ${jobId} just started is gone`);
  return progress;
}

/** The order is no longer completed at the venue, or no admission of it is still valid. */
const isNothingToCancel = (error: unknown): error is AppError =>
  error instanceof AppError &&
  (error.body.error === 'not found' || (error.body.error === 'conflict' && error.body.field === 'tickets'));

export type SlotCancellationDeps = OrderRefundDeps & {
  db: Database;
};

/** Cancelling one order of the job: its valid admissions, their shares refunded, the visitor mailed. */
export function slotCancellationHandler(deps: SlotCancellationDeps): JobHandler {
  return {
    kind: SLOT_CANCELLATION,
    async work(tx, job, orderId) {
      const params = paramsOf(job);
      const venue = job.siteId === null ? null : await findSiteById(tx, job.siteId);
      if (!venue) return { status: 'skipped', result: { why: 'the venue is gone' } };
      let done: Awaited<ReturnType<typeof cancelInTransaction>>;
      try {
        done = await cancelInTransaction(tx, venue, orderId, {
          tickets: 'all',
          refund: { mode: 'shares', fee: 0 },
          reason: params.reason,
          requester: { requestedBy: 'system', staffId: params.actor.type === 'staff' ? params.actor.id : null },
        });
      } catch (error) {
        // Nothing left to cancel (staff or the visitor did it meanwhile, or every admission was
        // used at the gate): the order is passed over, not failed. Both refusals come before any write.
        if (isNothingToCancel(error)) {
          return { status: 'skipped', result: { why: error.body.message ?? error.body.error } };
        }
        throw error;
      }
      const { order, cancelled, written } = done;
      const refunded = written.reduce((sum, r) => sum + r.amount, 0);
      // One mail per order, written with its cancellation: the job's item is done in the same
      // transaction, so an order taken again after a stop is not mailed twice.
      const mail = await tellCancellation(tx, deps, venue, done, { by: 'venue', fee: 0, message: params.message });
      await recordAudit(
        tx,
        { ...params.actor, clientIp: null },
        cancellationAudit(
          venue,
          done,
          'admissions_cancelled',
          { mode: 'provider', amount: refunded },
          { reason: params.reason, slot_cancellation: job.id },
        ),
      );
      return {
        status: 'done',
        result: {
          reservation_number: order.reservationNumber,
          admissions: cancelled.length,
          refunded,
          refunds: written.map((r) => r.id),
          mail: mail?.id ?? null,
        },
        afterCommit: async () => {
          deps.onStockChanged?.();
          if (mail) deps.notices?.queued();
          await settleRefunds(deps.db, deps, written);
        },
      };
    },
    // An order paid for a hold taken before the slots closed, or moved in meanwhile, is cancelled too.
    async sweep(_tx, job) {
      if (job.siteId === null) return null;
      return ordersToCancelInSlots(orderReads, job.siteId, slotIdsSql(paramsOf(job).slots.map((s) => s.slot_id)));
    },
  };
}

const NO_ITEMS: ItemCounts = {
  pending: 0,
  done: 0,
  skipped: 0,
  failed: 0,
  total: 0,
  firstFinishedAt: null,
  lastFinishedAt: null,
};

function summaryOf(job: JobRow, counts: ItemCounts): SlotCancellationSummary {
  const params = paramsOf(job);
  return {
    id: job.id,
    status: job.status,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
    requested_by: job.requestedBy,
    reason: params.reason,
    slot_count: params.slots.length,
    first_date: params.slots[0]?.date ?? null,
    last_date: params.slots.at(-1)?.date ?? null,
    orders: { total: counts.total, done: counts.done, skipped: counts.skipped, failed: counts.failed, pending: counts.pending },
  };
}

/** The venue's slot cancellations, newest first. */
export async function listSlotCancellations(db: Database, venue: Site): Promise<SlotCancellationSummary[]> {
  const jobs = await listJobs(db, venue.id, SLOT_CANCELLATION, 50);
  const counts = await countItems(
    db,
    jobs.map((j) => j.id),
  );
  return jobs.map((job) => summaryOf(job, counts.get(job.id) ?? NO_ITEMS));
}

/** A slot cancellation's progress as the console shows it live; null for another venue's or none. */
export async function slotCancellationProgress(
  db: Database,
  venue: Site,
  jobId: string,
): Promise<SlotCancellationProgress | null> {
  const job = await findJob(db, jobId);
  if (!job || job.siteId !== venue.id || job.kind !== SLOT_CANCELLATION) return null;
  const params = paramsOf(job);
  const counts = (await countItems(db, [job.id])).get(job.id) ?? NO_ITEMS;
  const refundIds = await resultFieldElements(db, job.id, 'refunds');
  const [refunds, failedRefunds, failedItems, admissions, mails] = await Promise.all([
    refundTotals(db, refundIds),
    failedRefundsAmong(db, refundIds, MAX_LISTED),
    listItems(db, job.id, 'failed', MAX_LISTED),
    sumResultField(db, job.id, 'admissions'),
    countResultField(db, job.id, 'mail'),
  ]);
  const numbers = new Map(
    (await listOrdersByIds(db, [...failedRefunds.map((r) => r.orderId), ...failedItems.map((i) => i.subject)])).map((o) => [
      o.id,
      o.reservationNumber,
    ]),
  );
  const worked = counts.done + counts.skipped;
  const seconds =
    counts.firstFinishedAt && counts.lastFinishedAt
      ? (counts.lastFinishedAt.getTime() - counts.firstFinishedAt.getTime()) / 1000
      : 0;
  return {
    ...summaryOf(job, counts),
    message: params.message,
    currency: params.currency,
    slots: params.slots.slice(0, MAX_LISTED),
    refunds,
    admissions_cancelled: admissions,
    mails,
    orders_per_second: worked >= 2 && seconds > 0 ? Math.round(((worked - 1) / seconds) * 10) / 10 : null,
    failed_refunds: failedRefunds.map((r) => ({
      refund_id: r.id,
      order_id: r.orderId,
      reservation_number: numbers.get(r.orderId) ?? null,
      amount: r.amount,
      failure_reason: r.failureReason,
    })),
    failed_orders: failedItems.map((i) => ({
      order_id: i.subject,
      reservation_number: numbers.get(i.subject) ?? null,
      error: i.lastError,
    })),
  };
}
