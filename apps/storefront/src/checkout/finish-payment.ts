/**
 * Finishing a payment, shared by the confirm page and the payment return screens: a completed
 * checkout resets the visit and keeps the complete page's data; a redirect keeps the payment
 * number (SPEC §3) and leaves for the provider; a failure is lib/errors' to route.
 */
import type { AppEnvironment } from '../lib/app-context.tsx';
import type { CompleteData } from './flow.ts';
import type { CheckoutAnswer, CompletedCheckout } from './payment-api.ts';
import { pendingCard } from './pending-card.ts';
import type { TemporaryOrder } from './purchase-api.ts';
import { purchaseEvent, pushToDataLayer, readConversionData, trackingItems } from './tracking.ts';

type App = Pick<AppEnvironment, 'session' | 'config' | 'lang'>;

/** Where the visitor goes next; the caller navigates (replacing the return screen in the history). */
export type Go = (path: string) => void;

/** Resets the visit, keeps what the complete page shows, tracks the purchase; then /complete. */
function completeCheckout(app: App, answer: CompletedCheckout, order: TemporaryOrder | null, go: Go): void {
  const complete: CompleteData = {
    reservationNumber: answer.reservation_number,
    reservationToken: answer.reservation_token ?? null,
    total: answer.total,
    email: order?.customerFields?.email ?? order?.customerInfo?.email ?? null,
  };
  if (order && app.config.tagManagerIds.length > 0) {
    const items = trackingItems(readConversionData(app.session.get('conversionData')), order, app.config.currency);
    pushToDataLayer(
      window as { dataLayer?: unknown[] },
      purchaseEvent({ reservationNumber: complete.reservationNumber, currency: app.config.currency, items }),
    );
  }
  app.session.resetAll();
  app.session.set('complete', complete);
  pendingCard.forget();
  go('/complete');
}

/**
 * The provider's page (3-D Secure challenge, wallet approval): the browser leaves the shop. A spot
 * purchase keeps the QR token it came from, so that the return finishes it the spot way; any
 * other payment forgets an earlier spot payment's mark.
 */
export function leaveForProvider(
  app: App,
  answer: Extract<CheckoutAnswer, { status: 'requires_action' }>,
  spot: { qrToken: string | null } | null = null,
): void {
  app.session.set('paymentNumber', answer.payment_number);
  if (spot) app.session.set('spotReturn', { qrToken: spot.qrToken });
  else app.session.remove('spotReturn');
  // Card details never outlive this page; a retry asks for them again.
  pendingCard.forget();
  window.location.assign(answer.redirect_url);
}

/** Finishes a checkout or completion answer either way. */
export function followAnswer(app: App, answer: CheckoutAnswer, order: TemporaryOrder | null, go: Go): void {
  if (answer.status === 'completed') completeCheckout(app, answer, order, go);
  else leaveForProvider(app, answer);
}
