import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { returnPath } from '@storefront/domain/payments';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import { providerOf, recordOutcome } from './ask-provider.ts';
import { newPaymentNumber } from './begin-together.ts';
import type { FailureFields, Payable, PayableKind, PayableRefs } from './payable.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import type { CardDetails, ProviderOutcome } from './providers/provider.ts';
import { settleCapture, settlePayment } from './settle-payment.ts';

export type CheckoutBody = { payment_method: string; card?: CardDetails | undefined; card_token?: string | undefined };

function returnUrls(deps: PaymentDeps, site: Site, payment: repo.PaymentRow, dateChange: boolean) {
  const base = `${deps.publicUrl()}/${site.variant}/#`;
  const method = payment.method as PaymentMethodId;
  // A provider that reads the browser's return itself (Adyen's redirectResult) is come back to
  // through the server, which then sends the browser on to the storefront's return screen.
  const throughServer = providerOf(deps, payment).details !== undefined;
  return {
    returnUrl: throughServer
      ? `${deps.publicUrl()}/${site.variant}/api/v1/payments/${encodeURIComponent(payment.paymentNumber)}/return`
      : `${base}${returnPath(method, payment.paymentNumber, { status: 'success', dateChange })}`,
    cancelUrl: `${base}${returnPath(method, payment.paymentNumber, { status: 'cancel', dateChange })}`,
  };
}

/** Starts a ledger row's payment at its provider; answers what it says. */
async function start(
  deps: PaymentDeps,
  site: Site,
  payment: repo.PaymentRow,
  body: CheckoutBody,
  options: { dateChange: boolean; fields: FailureFields },
) {
  try {
    return await providerOf(deps, payment).start({
      paymentNumber: payment.paymentNumber,
      siteId: payment.siteId,
      idempotencyKey: payment.idempotencyKey,
      method: payment.method as PaymentMethodId,
      amount: payment.amount,
      currency: payment.currency,
      card: body.card,
      cardToken: body.card_token,
      ...returnUrls(deps, site, payment, options.dateChange),
      description: `${site.code} ${payment.paymentNumber}`,
    });
  } catch (error) {
    // The provider may or may not have the payment: the reconciler asks it later.
    deps.logger?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'payment start failed');
    throw specError('payment_api_failure', { ...options.fields.every, ...options.fields.retry });
  }
}

/**
 * `POST orders/checkout/{id}` and `POST timechanges/{timechangeToken}/checkout`. The first half is
 * one transaction: the payable writes its side and the ledger its row (idempotency key
 * `{order id}:{attempt}`, attempts counted per order under its lock). Then, outside any
 * transaction, the provider is asked, and what it says is settled like any return.
 */
export async function checkout<K extends PayableKind>(
  db: Database,
  deps: PaymentDeps,
  kind: K,
  site: Site,
  ref: PayableRefs[K],
  body: CheckoutBody,
): Promise<CheckoutAnswer> {
  const payable = deps.payables[kind] as Payable<PayableRefs[K]>;
  const together = kind === 'order' && typeof ref === 'string' ? await deps.begins?.begin(site, ref, body) : null;
  const payment =
    together ??
    (await payable.begin(site, ref, body, (tx, begun) =>
      repo.insertNextAttempt(tx, {
        paymentNumber: newPaymentNumber(),
        orderId: begun.orderId,
        ...(begun.dateChangeId ? { dateChangeId: begun.dateChangeId } : {}),
        siteId: site.id,
        method: begun.method,
        provider: begun.provider,
        amount: begun.amount,
        currency: begun.currency,
        status: 'started',
      }),
    ));
  const fields = payable.failureFields(ref);
  const outcome: ProviderOutcome =
    payment.provider === 'free'
      ? { status: 'captured', reference: `free_${payment.paymentNumber}` }
      : await start(deps, site, payment, body, { dateChange: payable.returnsAs.dateChange, fields });
  // Paid at once (a card without a challenge, a free order): recorded with its completion.
  if (outcome.status === 'captured')
    return settleCapture(db, deps, site, payment, { reference: outcome.reference, source: 'start' }, fields);
  return settlePayment(db, deps, await recordOutcome(db, deps, payment, outcome, 'start'), fields);
}
