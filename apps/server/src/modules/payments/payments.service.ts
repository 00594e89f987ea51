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
import type { CardDetails, PaymentProvider, ProviderOutcome } from '../../payments/provider.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/sites.repository.ts';
import type { ChangeTokens, TimeChangesService } from '../timechanges/timechanges.service.ts';
import * as repo from './payments.repository.ts';

export type PaymentsDeps = {
  orders: OrdersService;
  /** Date changes paid through the same ledger (a payment row with `timeChangeId`). */
  timeChanges?: TimeChangesService;
  providers: Partial<Record<repo.PaymentRow['provider'], PaymentProvider>>;
  /** Where visitors reach the shop; return URLs are built on it. */
  publicUrl: () => string;
  siteById: (id: number) => Promise<Site | null>;
  logger?: FastifyBaseLogger;
};

type CheckoutBody = { payment_method: string; card?: CardDetails | undefined; card_token?: string | undefined };

/** A date change's failure carries the SPEC §7 time-change fields, so the visitor returns to its payment page. */
function withTimeChange(error: unknown, payment: repo.PaymentRow, tokens: ChangeTokens = {}): unknown {
  if (!(error instanceof AppError) || payment.timeChangeId === null) return error;
  return new AppError(error.statusCode, {
    ...error.body,
    is_time_change: true,
    ...(tokens.reservationToken ? { old_reservation_token: tokens.reservationToken } : {}),
    ...(tokens.timechangeToken ? { time_change_token: tokens.timechangeToken } : {}),
  });
}

/** A payment still waiting for the visitor after this long is given up. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

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

  function timeChangesOf(): TimeChangesService {
    if (!deps.timeChanges) throw new Error('date changes are not configured');
    return deps.timeChanges;
  }

  /** A captured payment for a date change completes the change (or is refunded when it cannot). */
  async function settleCapturedChange(payment: repo.PaymentRow, site: Site, timeChangeId: string): Promise<CheckoutAnswer> {
    const result = await transaction(async (tx) => {
      await repo.findPayment(tx, payment.paymentNumber, { lock: true });
      return timeChangesOf().completePaid(tx, site, timeChangeId);
    });
    if (result === 'no_places') {
      const refunded = await refund(payment);
      if (refunded.status === 'refund_failed')
        throw new AppError(502, { error: 'critical refund error', can_retry: false, additional_info: payment.paymentNumber });
      throw new AppError(409, { error: 'payment_api_failure', can_retry: false, message: 'invalid order status' });
    }
    if (result.justCompleted) {
      await repo.recordEvent(db, {
        paymentId: payment.id,
        eventKey: 'completed',
        kind: 'completed',
        data: { orderId: payment.orderId, timeChangeId },
      });
      timeChangesOf().completed();
    }
    return { status: 'completed', reservation_number: result.reservationNumber, total: result.total };
  }

  function providerOf(payment: repo.PaymentRow): PaymentProvider {
    const provider = deps.providers[payment.provider];
    if (!provider)
      throw new AppError(502, { error: 'payment_api_failure', can_retry: false, message: 'provider not configured' });
    return provider;
  }

  /** Writes what the provider said, once: a later or repeated answer cannot move the payment back. */
  async function recordOutcome(payment: repo.PaymentRow, outcome: ProviderOutcome, source: string): Promise<repo.PaymentRow> {
    const open: repo.PaymentStatus[] = ['started', 'requires_action', 'pending'];
    let next: repo.PaymentRow | null = null;
    if (outcome.status === 'captured') {
      // Money that moved always wins, even over a payment given up as abandoned: it is then
      // completed or refunded, never kept without tickets.
      next = await repo.transition(db, payment.id, [...open, 'failed'], {
        status: 'captured',
        providerReference: outcome.reference,
      });
    } else if (outcome.status === 'failed') {
      next = await repo.transition(db, payment.id, open, {
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
        eventKey: `${outcome.status}:${source}`,
        kind: outcome.status,
        data: { source, ...outcome },
      });
    }
    return next ?? (await repo.findPayment(db, payment.paymentNumber)) ?? payment;
  }

  /** A failed payment lets the order be paid again (its coupon uses come back). */
  async function releaseFailed(payment: repo.PaymentRow): Promise<void> {
    // An older attempt's failure replayed must not touch the attempt under way.
    if (!(await repo.isLatestAttempt(db, payment))) return;
    const { timeChangeId } = payment;
    if (timeChangeId !== null) {
      await transaction((tx) => timeChangesOf().abandonPayment(tx, timeChangeId));
      return;
    }
    await transaction((tx) => deps.orders.abandonPayment(tx, payment.orderId));
  }

  /** Refunds a captured payment whose order cannot be completed; records the outcome. */
  async function refund(payment: repo.PaymentRow): Promise<repo.PaymentRow> {
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
      data: result,
    });
    const next = await repo.transition(db, pending.id, ['refund_pending'], {
      status: result.ok ? 'refunded' : 'refund_failed',
      ...(result.ok ? {} : { failureReason: result.reason }),
    });
    if (!result.ok)
      log?.error(
        { paymentNumber: pending.paymentNumber, reason: result.reason },
        'refund failed: the visitor must be paid back by hand',
      );
    return next ?? pending;
  }

  /**
   * Turns a captured payment into a completed order (or a refund when its places are gone).
   * Safe to call any number of times, at once or one after another.
   */
  async function settleCaptured(payment: repo.PaymentRow): Promise<CheckoutAnswer> {
    const site = await deps.siteById(payment.siteId);
    if (!site) throw new AppError(404, { error: 'record not found', can_retry: false });
    if (payment.timeChangeId !== null) return settleCapturedChange(payment, site, payment.timeChangeId);
    const result = await transaction(async (tx) => {
      // One finisher at a time per payment; the others then find the order completed.
      await repo.findPayment(tx, payment.paymentNumber, { lock: true });
      return deps.orders.completePaid(tx, site, payment.orderId);
    });
    if (result === 'no_places' || result === 'not_paying') {
      const refunded = await refund(payment);
      if (refunded.status === 'refund_failed')
        throw new AppError(502, { error: 'critical refund error', can_retry: false, additional_info: payment.paymentNumber });
      throw new AppError(409, {
        error: 'payment_api_failure',
        can_retry: false,
        message: 'invalid order status',
      });
    }
    if (result.reservationToken) {
      await repo.recordEvent(db, {
        paymentId: payment.id,
        eventKey: 'completed',
        kind: 'completed',
        data: { orderId: payment.orderId },
      });
      deps.orders.completed(payment.orderId);
    }
    return {
      status: 'completed',
      reservation_number: result.reservationNumber,
      ...(result.reservationToken ? { reservation_token: result.reservationToken } : {}),
      total: result.total,
    };
  }

  /** Acts on where a payment stands now; a date change's failures say so (SPEC §7). */
  async function settle(payment: repo.PaymentRow, orderToken?: string, tokens?: ChangeTokens): Promise<CheckoutAnswer> {
    try {
      return await settleNow(payment, orderToken);
    } catch (error) {
      throw withTimeChange(error, payment, tokens);
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
        throw new AppError(409, {
          error: 'payment_api_failure',
          can_retry: true,
          message: 'the payment is still being processed',
        });
    }
  }

  function returnUrls(site: Site, method: PaymentMethodId, paymentNumber: string, timeChange = false) {
    const base = `${deps.publicUrl()}/${site.variant}/#`;
    return {
      returnUrl: `${base}${returnPath(method, paymentNumber, { status: 'success', timeChange })}`,
      cancelUrl: `${base}${returnPath(method, paymentNumber, { status: 'cancel', timeChange })}`,
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
        ...returnUrls(site, payment.method as PaymentMethodId, payment.paymentNumber, payment.timeChangeId !== null),
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
    async checkoutTimeChange(site: Site, tokens: Required<ChangeTokens>, body: CheckoutBody): Promise<CheckoutAnswer> {
      const payment = await timeChangesOf().beginPayment(site, tokens, body, async (tx, begun) => {
        const attempt = await repo.nextAttempt(tx, begun.orderId);
        return repo.insertPayment(tx, {
          paymentNumber: newPaymentNumber(),
          orderId: begun.orderId,
          timeChangeId: begun.timeChangeId,
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
     * where the payment stands and settles it.
     */
    async finish(site: Site, paymentNumber: string, options: { cancelled?: boolean } = {}): Promise<CheckoutAnswer> {
      const payment = await repo.findPayment(db, paymentNumber);
      if (!payment || payment.siteId !== site.id)
        throw new AppError(404, { error: 'record not found', can_retry: false, message: 'there is no payment with this number' });
      // A failed payment is asked again too: one given up as abandoned may have been paid since.
      if (['started', 'requires_action', 'pending', 'failed'].includes(payment.status)) {
        const outcome = payment.provider === 'free' ? null : await providerOf(payment).status(payment.providerReference ?? '');
        if (outcome) {
          // A visitor who cancelled at the wallet may come back before the wallet says so.
          const final =
            options.cancelled && outcome.status === 'requires_action'
              ? {
                  status: 'failed' as const,
                  reference: outcome.reference,
                  retryable: true,
                  reason: 'the visitor cancelled the payment',
                }
              : outcome;
          return settle(await recordOutcome(payment, final, 'return'), undefined);
        }
      }
      return settle(payment);
    },

    /**
     * Gives part of an order's money back (a date change to a cheaper slot) from its latest
     * captured payment large enough; the same key never refunds twice. False when it could not.
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
      const payment = await repo.findByReference(db, providerId, notification.reference);
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
     * Settles payments nobody came back for: asks the provider about those under way for a while,
     * finishes captured ones whose order is still `paying` (a server stopped in between), retries
     * refunds. Returns how many it looked at.
     */
    async reconcile(olderThanSeconds = 60): Promise<number> {
      const unsettled = await repo.listUnsettled(db, olderThanSeconds);
      for (const payment of unsettled) {
        try {
          if (payment.status === 'refund_pending') {
            await refund(payment);
            continue;
          }
          let current = payment;
          if (payment.status !== 'captured' && payment.provider !== 'free') {
            current = await recordOutcome(
              payment,
              await providerOf(payment).status(payment.providerReference ?? ''),
              'reconcile',
            );
          }
          // Nobody finished at the provider in all this time: the order's places are released
          // (its hold has lapsed long ago) and a late capture is still caught above and refunded.
          if (
            (current.status === 'requires_action' || current.status === 'started' || current.status === 'pending') &&
            Date.now() - current.createdAt.getTime() > ABANDONED_AFTER_MS
          ) {
            current =
              (await repo.transition(db, current.id, [current.status], {
                status: 'failed',
                failureReason: 'abandoned at the provider',
                retryable: true,
              })) ?? current;
          }
          if (current.status === 'captured' || current.status === 'failed') await settle(current).catch(() => {});
        } catch (error) {
          log?.warn({ err: error, paymentNumber: payment.paymentNumber }, 'reconciling a payment failed');
        }
      }
      return unsettled.length;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
