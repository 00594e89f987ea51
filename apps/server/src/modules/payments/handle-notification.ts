import type { Database } from '../../db/client.ts';
import { recordOutcome } from './ask-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import type { NotifyingProvider, ProviderNotification } from './providers/provider.ts';
import { settlePayment } from './settle-payment.ts';

/** One notification about one payment: kept once, then settled like a return. */
async function handleOne(
  db: Database,
  deps: PaymentDeps,
  providerId: NotifyingProvider,
  notification: ProviderNotification,
): Promise<boolean> {
  // A payment is found by the reference the provider gave it, else by the shop's payment number
  // the provider carries (a start whose answer was lost; a provider whose reference changes once
  // paid), as long as it is that provider's.
  const byNumber = notification.paymentNumber ? await repo.findPayment(db, notification.paymentNumber) : null;
  const payment =
    (await repo.findByReference(db, providerId, notification.reference)) ?? (byNumber?.provider === providerId ? byNumber : null);
  if (!payment) return false;
  const fresh = await repo.recordEvent(db, {
    paymentId: payment.id,
    eventKey: notification.eventId,
    kind: `notification:${notification.outcome.status}`,
    data: notification.outcome,
  });
  if (!fresh) return true;
  const recorded = await recordOutcome(db, deps, payment, notification.outcome, `notification:${notification.eventId}`);
  await settlePayment(db, deps, recorded).catch((error) =>
    deps.logger?.info({ err: error, paymentNumber: payment.paymentNumber }, 'notification settled a failure'),
  );
  return true;
}

/**
 * A provider's notification: checked by the provider (signature, or asking the provider back),
 * then each payment it is about is settled. `handled` says whether any was a payment of the shop.
 */
export async function handleNotification(
  db: Database,
  deps: PaymentDeps,
  providerId: NotifyingProvider,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ handled: boolean }> {
  const provider = deps.providers[providerId];
  if (!provider?.notification) return { handled: false };
  const read = await provider.notification(rawBody, headers);
  const notifications = read === null ? [] : Array.isArray(read) ? read : [read];
  let handled = false;
  for (const notification of notifications) {
    if (await handleOne(db, deps, providerId, notification)) handled = true;
  }
  return { handled };
}
