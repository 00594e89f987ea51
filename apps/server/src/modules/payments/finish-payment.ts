import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { VISITOR_CANCELLED } from '@storefront/domain/errors/catalogue';
import { returnPath } from '@storefront/domain/payments';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import { askProvider, isOpen, lookupOf, recordOutcome } from './ask-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import type { LookupOutcome } from './providers/provider.ts';
import { settlePayment, stillProcessing } from './settle-payment.ts';

/**
 * The visitor came back without paying (a wallet's cancel, the storefront's cancel). The attempt
 * is voided at its provider before the order can be paid again, so it can never be captured
 * beside a second payment; while the provider cannot confirm that, the order stays `paying`.
 */
async function cancelAttempt(db: Database, deps: PaymentDeps, payment: repo.PaymentRow): Promise<repo.PaymentRow> {
  let outcome: LookupOutcome;
  try {
    outcome = await askProvider(deps, payment, 'cancel');
  } catch (error) {
    deps.logger?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'cancelling a payment at its provider failed');
    throw specError('payment_api_failure', {
      can_retry: true,
      message: 'the payment provider did not answer; try again in a moment',
    });
  }
  if (outcome.status === 'failed')
    return recordOutcome(db, deps, payment, { ...outcome, retryable: true, reason: VISITOR_CANCELLED }, 'cancel');
  return recordOutcome(db, deps, payment, outcome, 'cancel');
}

/**
 * `GET payments/{paymentNumber}/return`: the visitor's browser back from a provider that reads the
 * return itself (Adyen's `redirectResult`). What the provider says is recorded; settling is left
 * to the storefront's return screen, which the browser is sent on to (the answer). A result the
 * provider cannot read, or a lost answer, records nothing: the return screen asks again, and the
 * provider's notification tells in the end.
 */
export async function returnFromRedirect(
  db: Database,
  deps: PaymentDeps,
  site: Site,
  paymentNumber: string,
  redirectResult: string | undefined,
): Promise<string> {
  const payment = await repo.findPayment(db, paymentNumber);
  if (!payment || payment.siteId !== site.id)
    throw specError('record not found', { message: 'there is no payment with this number' });
  const provider = deps.providers[payment.provider];
  if (redirectResult && provider?.details && isOpen(payment.status)) {
    try {
      await recordOutcome(db, deps, payment, await provider.details(lookupOf(payment), redirectResult), 'return');
    } catch (error) {
      deps.logger?.warn({ err: error, paymentNumber }, 'reading a provider return failed');
    }
  }
  const dateChange = payment.dateChangeId !== null;
  return `${deps.publicUrl()}/${site.variant}/#${returnPath(payment.method as PaymentMethodId, paymentNumber, { status: 'success', dateChange })}`;
}

/**
 * A browser return (`gmo-secure/exe-payment`, `orders/confirmcheckout`): asks the provider
 * where the payment stands and settles it. A return that says the visitor cancelled voids the
 * attempt at the provider first; so does a return from a provider that sends the visitor back only
 * once they are done (PayPay has one return address for paid and left), when it is still unpaid.
 */
export async function finishPayment(
  db: Database,
  deps: PaymentDeps,
  site: Site,
  paymentNumber: string,
  options: { cancelled?: boolean } = {},
): Promise<CheckoutAnswer> {
  const payment = await repo.findPayment(db, paymentNumber);
  if (!payment || payment.siteId !== site.id)
    throw specError('record not found', { message: 'there is no payment with this number' });
  let current = payment;
  if (isOpen(payment.status)) {
    current = options.cancelled
      ? await cancelAttempt(db, deps, payment)
      : await recordOutcome(db, deps, payment, await askProvider(deps, payment, 'status'), 'return');
    const leftUnpaid = !options.cancelled && deps.providers[payment.provider]?.returnsWhenDone === true;
    if (leftUnpaid && isOpen(current.status)) current = await cancelAttempt(db, deps, current);
    // The provider has not seen the attempt yet (its start is still under way): not dead.
    if ((options.cancelled || leftUnpaid) && isOpen(current.status)) throw stillProcessing();
  } else if (payment.status === 'failed') {
    // A failed payment is asked again too: one given up as abandoned may have been paid since.
    current = await recordOutcome(db, deps, payment, await askProvider(deps, payment, 'status'), 'return');
  }
  return settlePayment(db, deps, current);
}
