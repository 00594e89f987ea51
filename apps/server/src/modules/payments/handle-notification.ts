import type { Database } from '../../db/client.ts';
import { recordOutcome } from './ask-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as repo from './payments.repository.ts';
import type { NotifyingProvider } from './providers/provider.ts';
import { settlePayment } from './settle-payment.ts';

/** A provider's notification: checked by the provider, kept once, then settled like a return. */
export async function handleNotification(
  db: Database,
  deps: PaymentDeps,
  providerId: NotifyingProvider,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ handled: boolean }> {
  const provider = deps.providers[providerId];
  if (!provider?.notification) return { handled: false };
  const notification = await provider.notification(rawBody, headers);
  if (!notification) return { handled: false };
  // An attempt whose start answer was lost is known to the provider by the shop's payment number.
  const byNumber = notification.paymentNumber ? await repo.findPayment(db, notification.paymentNumber) : null;
  const payment =
    (await repo.findByReference(db, providerId, notification.reference)) ??
    (byNumber?.provider === providerId && byNumber.providerReference === null ? byNumber : null);
  if (!payment) return { handled: false };
  const fresh = await repo.recordEvent(db, {
    paymentId: payment.id,
    eventKey: notification.eventId,
    kind: `notification:${notification.outcome.status}`,
    data: notification.outcome,
  });
  if (!fresh) return { handled: true };
  const recorded = await recordOutcome(db, deps, payment, notification.outcome, `notification:${notification.eventId}`);
  await settlePayment(db, deps, recorded).catch((error) =>
    deps.logger?.info({ err: error, paymentNumber: payment.paymentNumber }, 'notification settled a failure'),
  );
  return { handled: true };
}
