/**
 * Payments (SPEC §4, §7; DESIGN.md Payments). A checkout writes a ledger row in the order's own
 * transaction, talks to the provider after commit, and finishes the order when the provider says
 * the money is captured — on the checkout answer, a browser return, a notification or the
 * reconciler, whichever comes first. Finishing is keyed on the payment row (locked) and the
 * order's status (`paying` → `completed` once), so any number of deliveries give one set of
 * tickets. A payment captured after its places were lost is refunded; never tickets without
 * places, never money without tickets.
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutAnswer } from '@storefront/domain/api/payments';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { returnPath } from '@storefront/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { CardDetails, LookupOutcome, PaymentLookup, PaymentProvider, ProviderOutcome } from './providers/provider.ts';
import type { ChangeTokens, DateChangesService } from '../date-changes/date-changes.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/sites.repository.ts';
import * as repo from './payments.repository.ts';

export type PaymentsDeps = {
  orders: OrdersService;
  /** Date changes paid through the same ledger (a payment row with `dateChangeId`). */
  dateChanges?: DateChangesService;
  providers: Partial<Record<repo.PaymentRow['provider'], PaymentProvider>>;
  /** Where visitors reach the shop; return URLs are built on it. */
  publicUrl: () => string;
  siteById: (id: number) => Promise<Site | null>;
  logger?: FastifyBaseLogger;
};

type CheckoutBody = { payment_method: string; card?: CardDetails | undefined; card_token?: string | undefined };

/** A date change's failure carries the SPEC §7 time-change fields, so the visitor returns to its payment page. */
function withDateChange(error: unknown, payment: repo.PaymentRow, tokens: ChangeTokens = {}): unknown {
  if (!(error instanceof AppError) || payment.dateChangeId === null) return error;
  return new AppError(error.statusCode, {
    ...error.body,
    is_time_change: true,
    ...(tokens.reservationToken ? { old_reservation_token: tokens.reservationToken } : {}),
    ...(tokens.timechangeToken ? { time_change_token: tokens.timechangeToken } : {}),
  });
}

/** A payment still waiting for the visitor after this long is given up (voided at its provider). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** How many rows the reconciler claims at a time, and settles at once. */
const RECONCILE_BATCH = 50;
const RECONCILE_CONCURRENCY = 8;

const lookupOf = (payment: repo.PaymentRow): PaymentLookup => ({
  reference: payment.providerReference,
  paymentNumber: payment.paymentNumber,
  idempotencyKey: payment.idempotencyKey,
});

const isOpen = (status: repo.PaymentStatus) => repo.OPEN_STATUSES.includes(status);

const stillProcessing = () =>
  new AppError(409, { error: 'payment_api_failure', can_retry: true, message: 'the payment is still being processed' });

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

const newPaymentNumber = () => `pay_${randomBytes(16).toString('base64url')}`;

/** The failure answer of SPEC §4's retry flow; Adyen methods answer a retryable failure with 400. */
function paymentFailure(payment: repo.PaymentRow, extra: { orderToken?: string; message?: string } = {}): AppError {
  const retryable = payment.retryable ?? false;
  const status = retryable && payment.method.startsWith('adyen_') ? 400 : 402;
  return new AppError(status, {
    error: 'payment_api_failure',
    can_retry: retryable,
    ...(extra.orderToken ? { order_token: extra.orderToken } : {}),
    message: retryable ? (payment.failureReason ?? 'the payment failed') : 'invalid payment status',
  });
}

export function createPaymentsService(db: Database, deps: PaymentsDeps) {
  const log = deps.logger;
  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));

  function dateChangesOf(): DateChangesService {
    if (!deps.dateChanges) throw new Error('date changes are not configured');
    return deps.dateChanges;
  }

  function providerOf(payment: repo.PaymentRow): PaymentProvider {
    const provider = deps.providers[payment.provider];
    if (!provider)
      throw new AppError(502, { error: 'payment_api_failure', can_retry: false, message: 'provider not configured' });
    return provider;
  }

  /** Where an attempt stands at its provider; a free payment has nothing to ask and is paid. */
  async function askProvider(payment: repo.PaymentRow, how: 'status' | 'cancel'): Promise<LookupOutcome> {
    if (payment.provider === 'free') return { status: 'captured', reference: `free_${payment.paymentNumber}` };
    return providerOf(payment)[how](lookupOf(payment));
  }

  /** Writes what the provider said, once: a later or repeated answer cannot move the payment back. */
  async function recordOutcome(payment: repo.PaymentRow, outcome: LookupOutcome, source: string): Promise<repo.PaymentRow> {
    if (outcome.status === 'unknown') return (await repo.findPayment(db, payment.paymentNumber)) ?? payment;
    let next: repo.PaymentRow | null = null;
    let kind: string = outcome.status;
    if (outcome.status === 'captured') {
      const captured = { status: 'captured' as const, providerReference: outcome.reference, settledAt: null };
      next = await repo.transition(db, payment.id, repo.OPEN_STATUSES, captured);
      if (!next) {
        // Money that moved after the attempt was taken for failed (given up, cancelled, a gateway
        // that ignored the void) still wins: it is recorded as such and then completes the order
        // or is refunded, never kept without tickets.
        next = await repo.transition(db, payment.id, ['failed'], captured);
        if (next) kind = 'captured_after_failure';
      }
    } else if (outcome.status === 'failed') {
      next = await repo.transition(db, payment.id, repo.OPEN_STATUSES, {
        status: 'failed',
        providerReference: outcome.reference ?? payment.providerReference,
        failureReason: outcome.reason,
        retryable: outcome.retryable,
      });
    } else if (outcome.status !== payment.status) {
      // A redirect only follows the start; "still under way" may also follow a redirect.
      const from: repo.PaymentStatus[] = outcome.status === 'pending' ? ['started', 'requires_action'] : ['started'];
      next = await repo.transition(db, payment.id, from, {
        status: outcome.status,
        providerReference: outcome.reference,
        ...(outcome.status === 'requires_action' ? { redirectUrl: outcome.redirectUrl } : {}),
      });
    }
    if (next) {
      await repo.recordEvent(db, {
        paymentId: payment.id,
        eventKey: `${kind}:${source}`,
        kind,
        data: { source, ...outcome },
      });
      if (kind === 'captured_after_failure')
        log?.warn({ paymentNumber: payment.paymentNumber, source }, 'a payment taken for failed was captured');
    }
    return next ?? (await repo.findPayment(db, payment.paymentNumber)) ?? payment;
  }

  /** A failed payment lets the order (or date change) be paid again; its coupon uses come back. */
  async function releaseFailed(payment: repo.PaymentRow): Promise<void> {
    // An older attempt's failure replayed must not touch the attempt under way.
    if (await repo.isLatestAttempt(db, payment)) {
      const { dateChangeId } = payment;
      await transaction((tx) =>
        dateChangeId !== null
          ? dateChangesOf().abandonPayment(tx, dateChangeId)
          : deps.orders.abandonPayment(tx, payment.orderId),
      );
    }
    await repo.markSettled(db, payment.id);
  }

  /** Refunds a captured payment that completed nothing; records the outcome. */
  async function refund(payment: repo.PaymentRow, reason: string): Promise<repo.PaymentRow> {
    const pending =
      (await repo.transition(db, payment.id, ['captured', 'refund_pending'], { status: 'refund_pending' })) ?? payment;
    if (pending.status !== 'refund_pending') return pending;
    const result = await providerOf(pending).refund({
      reference: pending.providerReference ?? '',
      amount: pending.amount,
      idempotencyKey: `${pending.idempotencyKey}:refund`,
    });
    await repo.recordEvent(db, {
      paymentId: pending.id,
      eventKey: `refund:${result.ok ? 'ok' : randomBytes(6).toString('hex')}`,
      kind: result.ok ? 'refunded' : 'refund_failed',
      data: { ...result, reason },
    });
    const next = await repo.transition(db, pending.id, ['refund_pending'], {
      status: result.ok ? 'refunded' : 'refund_failed',
      settledAt: new Date(),
      ...(result.ok ? {} : { failureReason: result.reason }),
    });
    if (!result.ok)
      log?.error(
        { paymentNumber: pending.paymentNumber, reason: result.reason },
        'refund failed: the visitor must be paid back by hand',
      );
    return next ?? pending;
  }

  /** A refund the visitor must hear about: the critical refund error when it could not be made. */
  async function refundOrThrow(payment: repo.PaymentRow, reason: string): Promise<void> {
    const refunded = await refund(payment, reason);
    if (refunded.status === 'refund_failed')
      throw new AppError(502, { error: 'critical refund error', can_retry: false, additional_info: payment.paymentNumber });
  }

  /**
   * Another payment completed this order or change first: this capture is a surplus and goes back.
   * The order stands, so the visitor is answered with it.
   */
  async function refundSurplus(payment: repo.PaymentRow): Promise<void> {
    const keeper = await repo.completingPayment(db, payment.orderId, payment.dateChangeId);
    await repo.recordEvent(db, {
      paymentId: payment.id,
      eventKey: 'surplus',
      kind: 'surplus_capture',
      data: { completedBy: keeper?.paymentNumber ?? null },
    });
    log?.warn(
      { paymentNumber: payment.paymentNumber, completedBy: keeper?.paymentNumber },
      'a second capture for a completed order or date change is refunded',
    );
    await refundOrThrow(payment, 'another payment completed the order');
  }

  /**
   * After a payment completed its order or change, the other attempts still open at a provider
   * are voided, so none can be captured later (one that is captured anyway is refunded).
   */
  async function voidSiblings(payment: repo.PaymentRow): Promise<void> {
    for (const sibling of await repo.openSiblings(db, payment)) {
      try {
        const outcome = await askProvider(sibling, 'cancel');
        const current = await recordOutcome(sibling, outcome, 'void');
        if (current.status === 'captured') await settle(current).catch(() => {});
        else if (current.status === 'failed') await repo.markSettled(db, current.id);
      } catch (error) {
        log?.warn({ err: error, paymentNumber: sibling.paymentNumber }, 'voiding another attempt failed; the reconciler retries');
      }
    }
  }

  /**
   * A completion from before the ledger marked its payment (the mark was added later, and the
   * record of which payment completed may have been lost): the first capture to find it unmarked
   * is the one kept, not refunded. Called with the order or change locked, so two cannot both adopt.
   */
  async function adoptsCompletion(tx: Database, payment: repo.PaymentRow): Promise<boolean> {
    if (payment.completedAt !== null) return false;
    return (await repo.completingPayment(tx, payment.orderId, payment.dateChangeId)) === null;
  }

  type Completion =
    | { kind: 'completed'; answer: CheckoutAnswer; justCompleted: boolean }
    | { kind: 'refund'; reason: string }
    | { kind: 'surplus'; answer: CheckoutAnswer }
    | { kind: 'moved'; payment: repo.PaymentRow };

  /**
   * Turns a captured payment into a completed order or date change (or a refund when its places
   * are gone or another payment completed it). Safe to call any number of times, at once or one
   * after another: the payment row is locked, and the one payment that completes is marked.
   */
  async function settleCaptured(payment: repo.PaymentRow): Promise<CheckoutAnswer> {
    const site = await deps.siteById(payment.siteId);
    if (!site) throw new AppError(404, { error: 'record not found', can_retry: false });
    const { dateChangeId } = payment;
    const completion = await transaction(async (tx): Promise<Completion> => {
      // One finisher at a time per payment; the others then find it completed or refunded.
      const locked = await repo.findPayment(tx, payment.paymentNumber, { lock: true });
      if (locked?.status !== 'captured') return { kind: 'moved', payment: locked ?? payment };
      if (dateChangeId !== null) {
        const changed = await dateChangesOf().completePaid(tx, site, dateChangeId);
        if (changed === 'no_places') return { kind: 'refund', reason: 'the date change could not be completed' };
        const answer: CheckoutAnswer = {
          status: 'completed',
          reservation_number: changed.reservationNumber,
          total: changed.total,
        };
        if (changed.justCompleted || (await adoptsCompletion(tx, locked))) await repo.markCompleting(tx, locked.id);
        else if (locked.completedAt === null) return { kind: 'surplus', answer };
        return { kind: 'completed', answer, justCompleted: changed.justCompleted };
      }
      const paid = await deps.orders.completePaid(tx, site, payment.orderId);
      if (paid === 'no_places') return { kind: 'refund', reason: 'the places were gone' };
      if (paid === 'not_paying') return { kind: 'refund', reason: 'the order was no longer waiting for this payment' };
      const answer: CheckoutAnswer = {
        status: 'completed',
        reservation_number: paid.reservationNumber,
        ...(paid.reservationToken ? { reservation_token: paid.reservationToken } : {}),
        total: paid.total,
      };
      if (paid.reservationToken || (await adoptsCompletion(tx, locked))) await repo.markCompleting(tx, locked.id);
      else if (locked.completedAt === null) return { kind: 'surplus', answer };
      return { kind: 'completed', answer, justCompleted: paid.reservationToken !== undefined };
    });
    switch (completion.kind) {
      case 'moved':
        return settleNow(completion.payment);
      case 'refund':
        await refundOrThrow(payment, completion.reason);
        throw new AppError(409, { error: 'payment_api_failure', can_retry: false, message: 'invalid order status' });
      case 'surplus':
        await refundSurplus(payment);
        return completion.answer;
      case 'completed':
        if (completion.justCompleted) {
          await repo.recordEvent(db, {
            paymentId: payment.id,
            eventKey: 'completed',
            kind: 'completed',
            data: { orderId: payment.orderId, ...(dateChangeId !== null ? { dateChangeId } : {}) },
          });
          if (dateChangeId !== null) dateChangesOf().completed();
          else deps.orders.completed(payment.orderId);
          await voidSiblings(payment);
        }
        return completion.answer;
    }
  }

  /** Acts on where a payment stands now; a date change's failures say so (SPEC §7). */
  async function settle(payment: repo.PaymentRow, orderToken?: string, tokens?: ChangeTokens): Promise<CheckoutAnswer> {
    try {
      return await settleNow(payment, orderToken);
    } catch (error) {
      throw withDateChange(error, payment, tokens);
    }
  }

  async function settleNow(payment: repo.PaymentRow, orderToken?: string): Promise<CheckoutAnswer> {
    switch (payment.status) {
      case 'captured':
        return settleCaptured(payment);
      case 'requires_action':
        return { status: 'requires_action', redirect_url: payment.redirectUrl ?? '', payment_number: payment.paymentNumber };
      case 'failed':
        await releaseFailed(payment);
        throw paymentFailure(payment, orderToken ? { orderToken } : {});
      case 'refund_failed':
        throw new AppError(502, { error: 'critical refund error', can_retry: false, additional_info: payment.paymentNumber });
      case 'refunded':
      case 'refund_pending':
        throw new AppError(409, { error: 'payment_api_failure', can_retry: false, message: 'invalid order status' });
      default:
        throw stillProcessing();
    }
  }

  /**
   * The visitor came back without paying (a wallet's cancel, the storefront's cancel). The attempt
   * is voided at its provider before the order can be paid again, so it can never be captured
   * beside a second payment; while the provider cannot confirm that, the order stays `paying`.
   */
  async function cancelAttempt(payment: repo.PaymentRow): Promise<repo.PaymentRow> {
    let outcome: LookupOutcome;
    try {
      outcome = await askProvider(payment, 'cancel');
    } catch (error) {
      log?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'cancelling a payment at its provider failed');
      throw new AppError(502, {
        error: 'payment_api_failure',
        can_retry: true,
        message: 'the payment provider did not answer; try again in a moment',
      });
    }
    if (outcome.status === 'failed')
      return recordOutcome(payment, { ...outcome, retryable: true, reason: 'the visitor cancelled the payment' }, 'cancel');
    return recordOutcome(payment, outcome, 'cancel');
  }

  /**
   * The reconciler's look at one row: asks the provider about attempts under way, voids those
   * waiting past `ABANDONED_AFTER_MS`, finishes captures, releases failures, retries refunds.
   */
  async function reconcileOne(payment: repo.PaymentRow): Promise<void> {
    if (payment.status === 'refund_pending') {
      await refund(payment, 'a refund still owed');
      return;
    }
    let current = payment;
    if (isOpen(current.status)) {
      current = await recordOutcome(current, await askProvider(current, 'status'), 'reconcile');
      if (isOpen(current.status) && Date.now() - current.createdAt.getTime() > ABANDONED_AFTER_MS) {
        const outcome = await askProvider(current, 'cancel');
        current =
          outcome.status === 'unknown'
            ? // An hour on, the provider has never heard of the attempt: it was never made.
              await recordOutcome(
                current,
                { status: 'failed', reference: null, retryable: true, reason: 'the provider has no such payment' },
                'abandoned',
              )
            : outcome.status === 'failed'
              ? await recordOutcome(current, { ...outcome, reason: 'abandoned at the provider' }, 'abandoned')
              : await recordOutcome(current, outcome, 'abandoned');
      }
    }
    if (current.status === 'captured' || current.status === 'failed') {
      await settle(current).catch((error) => {
        if (!(error instanceof AppError)) throw error;
      });
    } else if (!isOpen(current.status)) {
      await repo.markSettled(db, current.id);
    }
  }

  function returnUrls(site: Site, method: PaymentMethodId, paymentNumber: string, dateChange = false) {
    const base = `${deps.publicUrl()}/${site.variant}/#`;
    return {
      returnUrl: `${base}${returnPath(method, paymentNumber, { status: 'success', dateChange })}`,
      cancelUrl: `${base}${returnPath(method, paymentNumber, { status: 'cancel', dateChange })}`,
    };
  }

  /** Starts a ledger row's payment at its provider and settles what it says. */
  async function start(site: Site, payment: repo.PaymentRow, body: CheckoutBody, failure: Record<string, unknown>) {
    let outcome: ProviderOutcome;
    try {
      outcome = await providerOf(payment).start({
        paymentNumber: payment.paymentNumber,
        idempotencyKey: payment.idempotencyKey,
        method: payment.method as PaymentMethodId,
        amount: payment.amount,
        currency: payment.currency,
        card: body.card,
        cardToken: body.card_token,
        ...returnUrls(site, payment.method as PaymentMethodId, payment.paymentNumber, payment.dateChangeId !== null),
        description: `${site.code} ${payment.paymentNumber}`,
      });
    } catch (error) {
      // The provider may or may not have the payment: the reconciler asks it later.
      log?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'payment start failed');
      throw new AppError(502, { error: 'payment_api_failure', can_retry: false, ...failure });
    }
    return recordOutcome(payment, outcome, 'start');
  }

  return {
    /** `POST orders/checkout/{id}`. */
    async checkout(site: Site, orderToken: string, body: CheckoutBody): Promise<CheckoutAnswer> {
      const payment = await deps.orders.beginPayment(site, orderToken, body, async (tx, begun) => {
        const attempt = await repo.nextAttempt(tx, begun.orderId);
        return repo.insertPayment(tx, {
          paymentNumber: newPaymentNumber(),
          orderId: begun.orderId,
          siteId: site.id,
          attempt,
          idempotencyKey: `${begun.orderId}:${attempt}`,
          method: begun.method,
          provider: begun.provider,
          amount: begun.amount,
          currency: begun.currency,
          status: 'started',
        });
      });
      if (payment.provider === 'free') {
        const outcome: ProviderOutcome = { status: 'captured', reference: `free_${payment.paymentNumber}` };
        return settle(await recordOutcome(payment, outcome, 'start'), orderToken);
      }
      return settle(await start(site, payment, body, { order_token: orderToken }), orderToken);
    },

    /**
     * `POST timechanges/{timechangeToken}/checkout`: pays a date change's difference through the
     * same providers; the browser returns with `time_change=true` and finishes like any payment.
     */
    async checkoutDateChange(site: Site, tokens: Required<ChangeTokens>, body: CheckoutBody): Promise<CheckoutAnswer> {
      const payment = await dateChangesOf().beginPayment(site, tokens, body, async (tx, begun) => {
        const attempt = await repo.nextAttempt(tx, begun.orderId);
        return repo.insertPayment(tx, {
          paymentNumber: newPaymentNumber(),
          orderId: begun.orderId,
          dateChangeId: begun.dateChangeId,
          siteId: site.id,
          attempt,
          idempotencyKey: `${begun.orderId}:${attempt}`,
          method: begun.method,
          provider: begun.provider,
          amount: begun.amount,
          currency: begun.currency,
          status: 'started',
        });
      });
      const failure = {
        is_time_change: true,
        old_reservation_token: tokens.reservationToken,
        time_change_token: tokens.timechangeToken,
      };
      return settle(await start(site, payment, body, failure), undefined, tokens);
    },

    /**
     * A browser return (`gmo-secure/exe-payment`, `orders/confirmcheckout`): asks the provider
     * where the payment stands and settles it. A return that says the visitor cancelled voids the
     * attempt at the provider first.
     */
    async finish(site: Site, paymentNumber: string, options: { cancelled?: boolean } = {}): Promise<CheckoutAnswer> {
      const payment = await repo.findPayment(db, paymentNumber);
      if (!payment || payment.siteId !== site.id)
        throw new AppError(404, { error: 'record not found', can_retry: false, message: 'there is no payment with this number' });
      let current = payment;
      if (isOpen(payment.status)) {
        current = options.cancelled
          ? await cancelAttempt(payment)
          : await recordOutcome(payment, await askProvider(payment, 'status'), 'return');
        // The provider has not seen the attempt yet (its start is still under way): not dead.
        if (options.cancelled && isOpen(current.status)) throw stillProcessing();
      } else if (payment.status === 'failed') {
        // A failed payment is asked again too: one given up as abandoned may have been paid since.
        current = await recordOutcome(payment, await askProvider(payment, 'status'), 'return');
      }
      return settle(current);
    },

    /**
     * Gives part of an order's money back (a date change to a cheaper slot) from its latest
     * kept payment large enough; the same key never refunds twice. False when it could not.
     */
    async refundPart(request: { orderId: string; amount: number; idempotencyKey: string }): Promise<boolean> {
      const payment = await repo.latestCaptured(db, request.orderId, request.amount);
      if (!payment || payment.provider === 'free') return false;
      const result = await providerOf(payment).refund({
        reference: payment.providerReference ?? '',
        amount: request.amount,
        idempotencyKey: request.idempotencyKey,
      });
      await repo.recordEvent(db, {
        paymentId: payment.id,
        eventKey: `partial_refund:${request.idempotencyKey}`,
        kind: result.ok ? 'partially_refunded' : 'partial_refund_failed',
        data: { ...result, amount: request.amount },
      });
      if (!result.ok)
        log?.error({ paymentNumber: payment.paymentNumber, reason: result.reason }, 'partial refund failed: pay back by hand');
      return result.ok;
    },

    /** A provider's notification: checked by the provider, kept once, then settled like a return. */
    async notify(providerId: 'stripe', rawBody: string, headers: Record<string, string | string[] | undefined>) {
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
      const recorded = await recordOutcome(payment, notification.outcome, `notification:${notification.eventId}`);
      await settle(recorded).catch((error) =>
        log?.info({ err: error, paymentNumber: payment.paymentNumber }, 'notification settled a failure'),
      );
      return { handled: true };
    },

    /**
     * Settles what nobody came back for, paging through every unsettled row once per run, least
     * recently checked first and captured before waiting: finishes captures whose order is still
     * `paying` (a server stopped in between), refunds surplus captures, releases failures, asks
     * about attempts under way for `olderThanSeconds` and voids those abandoned, retries refunds.
     * Returns how many rows it looked at.
     */
    async reconcile(olderThanSeconds = 60): Promise<number> {
      const since = await repo.databaseNow(db);
      let seen = 0;
      for (;;) {
        const batch = await repo.claimUnsettled(db, { olderThanSeconds, since, limit: RECONCILE_BATCH });
        if (batch.length === 0) return seen;
        seen += batch.length;
        await eachLimited(batch, RECONCILE_CONCURRENCY, async (payment) => {
          try {
            await reconcileOne(payment);
          } catch (error) {
            log?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'reconciling a payment failed');
          }
        });
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
