/**
 * Payments (SPEC §4, §7; DESIGN.md Payments; decisions 007, 009). A checkout writes a ledger row
 * in its payable's own transaction, talks to the provider after commit, and completes the payable
 * (an order, or a date change's difference) when the provider says the money is captured — on the
 * checkout answer, a browser return, a notification or the reconciler, whichever comes first.
 * Completing is keyed on the payment row (locked) and the payable's status, so any number of
 * deliveries give one completion. A payment captured after its places were lost is refunded;
 * never tickets without places, never money without tickets. Each operation is its own file.
 */
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { createBegins } from './begin-together.ts';
import { type CheckoutBody, checkout } from './checkout.ts';
import { createCompletions } from './complete-together.ts';
import { finishPayment, returnFromRedirect } from './finish-payment.ts';
import { handleNotification } from './handle-notification.ts';
import type { PayableKind, PayableRefs } from './payable.ts';
import type { PaymentDeps } from './payment-deps.ts';
import type { NotifyingProvider } from './providers/provider.ts';
import { reconcilePayments } from './reconcile.ts';

/**
 * How long an idle batcher waits for company at most (decision 030): on PGlite, which runs one
 * statement at a time, batches form only so; a checkout with no rush around it waits this much
 * more on PostgreSQL, and on PGlite only while other work moves (decision 032).
 */
const BATCH_GATHER_MS = 10;

export function createPaymentsService(
  db: Database,
  given: PaymentDeps,
  options: { batchGatherMs?: number; batchWhileBusy?: boolean } = {},
) {
  // On PGlite a batch goes once nothing else can move (decision 032), at most after the gathering time.
  const gathering = { gatherMs: options.batchGatherMs ?? BATCH_GATHER_MS, whileBusy: options.batchWhileBusy === true };
  const completions = given.completions ?? createCompletions(db, given, gathering);
  const begins = given.begins ?? createBegins(given, gathering);
  const deps: PaymentDeps = { ...given, completions, begins };
  return {
    /** `POST orders/checkout/{id}` (an order) and `POST timechanges/{timechangeToken}/checkout` (a date change). */
    checkout: <K extends PayableKind>(kind: K, site: Site, ref: PayableRefs[K], body: CheckoutBody) =>
      checkout(db, deps, kind, site, ref, body),
    /** A browser return; `cancelled` when the visitor came back without paying. */
    finish: (site: Site, paymentNumber: string, options: { cancelled?: boolean } = {}) =>
      finishPayment(db, deps, site, paymentNumber, options),
    /** The browser back from a provider's redirect; answers where to send it on. */
    returned: (site: Site, paymentNumber: string, redirectResult: string | undefined) =>
      returnFromRedirect(db, deps, site, paymentNumber, redirectResult),
    /** A provider's signed notification. */
    notify: (providerId: NotifyingProvider, rawBody: string, headers: Record<string, string | string[] | undefined>) =>
      handleNotification(db, deps, providerId, rawBody, headers),
    /** Settles what nobody came back for; returns how many rows it looked at. */
    reconcile: (olderThanSeconds = 60) => reconcilePayments(db, deps, olderThanSeconds),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
