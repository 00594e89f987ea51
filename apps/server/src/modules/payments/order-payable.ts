/**
 * An order as the payments ledger pays for it (`payable.ts`): the orders service's payment steps
 * adapted to the payable contract. It lives with the ledger, which is above orders (a payment
 * names its order), so orders never import payments.
 */
import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { PaidOrder } from '../orders/complete-paid-order.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { CompletionRefused, type Payable } from './payable.ts';

/** The places go last in the completing transaction; when they are gone, what it wrote is rolled back. */
async function sellOrRefuse(sellPlaces: () => Promise<boolean>): Promise<void> {
  if (!(await sellPlaces())) throw new CompletionRefused('the places were gone');
}

/** The visitor's answer: only the answer that completed the order carries its reservation token. */
const answerOf = (paid: PaidOrder): CheckoutAnswer => ({
  status: 'completed',
  reservation_number: paid.reservationNumber,
  ...(paid.reservationToken ? { reservation_token: paid.reservationToken } : {}),
  total: paid.total,
});

export function createOrderPayable(
  orders: Pick<
    OrdersService,
    'beginPayment' | 'beginPayments' | 'abandonPayment' | 'completePaid' | 'completed' | 'completePaidMany' | 'completedMany'
  >,
): Payable<string> {
  return {
    begin: (site, orderToken, body, record) =>
      orders.beginPayment(site, orderToken, body, (tx, begun) =>
        record(tx, {
          orderId: begun.orderId,
          method: begun.method,
          provider: begun.provider,
          amount: begun.amount,
          currency: begun.currency,
        }),
      ),

    beginMany: (begins, record) =>
      orders.beginPayments(
        begins.map(({ site, ref, body }) => ({ site, token: ref, body })),
        (tx, payments) =>
          record(
            tx,
            payments.map(({ site, payment }) => ({
              site,
              payment: {
                orderId: payment.orderId,
                method: payment.method,
                provider: payment.provider,
                amount: payment.amount,
                currency: payment.currency,
              },
            })),
          ),
      ),

    async abandon(tx, payment) {
      await orders.abandonPayment(tx, payment.orderId);
    },

    async complete(tx, site, payment) {
      const paid = await orders.completePaid(tx, site, payment.orderId);
      if (paid === 'not_paying') return { kind: 'refund', reason: 'the order was no longer waiting for this payment' };
      const { sellPlaces } = paid;
      return {
        kind: 'completed',
        answer: answerOf(paid),
        // Only the answer that completed the order carries its reservation token.
        justCompleted: paid.reservationToken !== undefined,
        ...(sellPlaces ? { finish: () => sellOrRefuse(sellPlaces) } : {}),
      };
    },

    afterCommit: (payment) => orders.completed(payment.orderId),

    async completeMany(tx, paid) {
      const done = await orders.completePaidMany(
        tx,
        paid.map(({ site, payment }) => ({ site, orderId: payment.orderId })),
      );
      const answers = new Map<string, CheckoutAnswer>();
      for (const { payment } of paid) {
        const order = done.get(payment.orderId);
        if (order) answers.set(payment.id, answerOf(order));
      }
      return answers;
    },

    afterCommitMany: (payments) => orders.completedMany(payments.map((payment) => payment.orderId)),

    // A failed payment or start sends the visitor back to the order's payment page (SPEC §4).
    failureFields: (orderToken) => ({ every: {}, retry: orderToken ? { order_token: orderToken } : {} }),
    returnsAs: { dateChange: false },
  };
}
