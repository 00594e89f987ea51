/** A date change's difference as the payments ledger pays for it (modules/payments/payable.ts). */
import type { FailureFields, Payable, PayableRefs } from '../payments/payable.ts';
import type { PaymentRow } from '../payments/payments.repository.ts';
import type { ChangeTokens, DateChangesService } from './date-changes.service.ts';

/** A date change's failures carry the SPEC §7 time-change fields, so the visitor returns to its payment page. */
export const changeFailureFields = (tokens: ChangeTokens = {}): FailureFields => ({
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

export function createDateChangePayable(
  dateChanges: Pick<DateChangesService, 'beginPayment' | 'abandonPayment' | 'completePaid' | 'completed'>,
): Payable<PayableRefs['date-change']> {
  return {
    begin: (site, tokens, body, record) => dateChanges.beginPayment(site, tokens, body, record),

    async abandon(tx, payment) {
      await dateChanges.abandonPayment(tx, changeOf(payment));
    },

    async complete(tx, site, payment) {
      const changed = await dateChanges.completePaid(tx, site, changeOf(payment));
      if (changed === 'no_places') return { kind: 'refund', reason: 'the date change could not be completed' };
      return {
        kind: 'completed',
        answer: { status: 'completed', reservation_number: changed.reservationNumber, total: changed.total },
        justCompleted: changed.justCompleted,
      };
    },

    afterCommit: () => dateChanges.completed(),
    failureFields: changeFailureFields,
    returnsAs: { dateChange: true },
  };
}
