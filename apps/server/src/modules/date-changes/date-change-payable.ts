/**
 * A date change's difference as the payments ledger pays for it (modules/payments/payable.ts):
 * the change waits while a payment is under way, goes back to pending when it fails, and a
 * captured payment completes it in the ledger's transaction (the payment row locked first, then
 * the change, then the order: the order every completing path takes).
 */
import type { Database } from '../../db/client.ts';
import type { FailureFields, Payable, PayableRefs, PaymentRow } from '../payments/payable.ts';
import { completeDateChange } from './complete-date-change.ts';
import { afterCommit, type ChangeTokens, changeError, type DateChangeDeps, inTransaction } from './date-change-deps.ts';
import { lockedChange } from './date-change-reads.ts';
import * as repo from './date-changes.repository.ts';
import { expireDateChange } from './expire-date-change.ts';

/** A date change's failures carry the SPEC §7 time-change fields, so the visitor returns to its payment page. */
const changeFailureFields = (tokens: ChangeTokens = {}): FailureFields => ({
  every: {
    is_time_change: true,
    ...(tokens.reservationToken ? { old_reservation_token: tokens.reservationToken } : {}),
    ...(tokens.timechangeToken ? { time_change_token: tokens.timechangeToken } : {}),
  },
  retry: {},
});

function changeOf(payment: PaymentRow): string {
  if (payment.dateChangeId === null) throw new Error(`payment ${payment.paymentNumber} is not for a date change`);
  return payment.dateChangeId;
}

export function createDateChangePayable(db: Database, deps: DateChangeDeps): Payable<PayableRefs['date-change']> {
  const { orders } = deps;
  return {
    async begin(site, tokens, body, record) {
      const outcome = await inTransaction(db, async (tx) => {
        const change = await lockedChange(tx, site, tokens);
        if (change.status !== 'pending') throw changeError('time change status is not pending', tokens);
        if (change.isLapsed) {
          await expireDateChange(tx, change);
          return { kind: 'expired' as const };
        }
        if (change.toPay === 0)
          throw changeError('invalid request', tokens, {
            field: 'payment_method',
            message: 'nothing is due for this change: confirm it instead',
          });
        const method = await orders.paymentMethodOf(tx, site, 'web', body.payment_method);
        if (!method || method.provider === 'free')
          throw changeError('invalid request', tokens, {
            field: 'payment_method',
            message: 'payment_method is not offered for paying a date change',
          });
        await repo.transition(tx, change.id, ['pending'], { status: 'waiting' });
        // The order's row lock, taken after the change's as every completing path does, holds
        // the ticket as it is until the ledger's row is written.
        await orders.lockCompleted(tx, change.orderId);
        const value = await record(tx, {
          orderId: change.orderId,
          dateChangeId: change.id,
          method: method.method,
          provider: method.provider,
          amount: change.toPay,
          currency: site.currency,
        });
        return { kind: 'begun' as const, value };
      });
      if (outcome.kind === 'expired') {
        deps.options.onStockChanged?.();
        throw changeError('time change expired', tokens);
      }
      return outcome.value;
    },

    /** The change can be paid again while its hold lasts. */
    async abandon(tx, payment) {
      const change = await repo.findById(tx, changeOf(payment), { lock: true });
      if (change?.status !== 'waiting') return;
      if (change.isLapsed) await expireDateChange(tx, change);
      else await repo.transition(tx, change.id, ['waiting'], { status: 'pending' });
    },

    /**
     * Completes the change, once. A change whose places are gone, or whose ticket moved on, is
     * expired and the payment refunded.
     */
    async complete(tx, site, payment) {
      const change = await repo.findById(tx, changeOf(payment), { lock: true });
      if (!change || change.status === 'cancelled') return { kind: 'refund', reason: 'the date change could not be completed' };
      if (change.status === 'completed') {
        const order = await orders.lockCompleted(tx, change.orderId);
        return {
          kind: 'completed',
          answer: { status: 'completed', reservation_number: order?.reservationNumber ?? '', total: order?.total ?? 0 },
          justCompleted: false,
        };
      }
      const result = await completeDateChange(tx, deps, site, change, true);
      if (result.kind !== 'completed') {
        await expireDateChange(tx, change);
        return { kind: 'refund', reason: 'the date change could not be completed' };
      }
      return {
        kind: 'completed',
        answer: { status: 'completed', reservation_number: result.reservationNumber, total: result.total },
        justCompleted: true,
      };
    },

    afterCommit: () => afterCommit(deps, { mailQueued: true }),
    failureFields: changeFailureFields,
    returnsAs: { dateChange: true },
  };
}
