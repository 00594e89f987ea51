/**
 * Card payments through Stripe Payment Intents, with the official `stripe` SDK.
 *
 * One Payment Intent per attempt, created and confirmed in one call with the PaymentMethod that
 * Stripe.js made in the visitor's browser (`cardToken`). A card that needs 3-D Secure comes back as
 * `requires_action` with Stripe's challenge page; Stripe sends the visitor back to `returnUrl`, and the
 * shop then asks `status`. Stripe's signed webhooks tell the same story server to server.
 *
 * Amounts: the shop keeps every amount as an integer in its currency's minor unit (`MINOR_UNITS` in
 * the domain: yen for JPY, cents for USD and EUR, halalas for SAR). That is exactly Stripe's
 * `amount` (JPY is one of Stripe's zero-decimal currencies), so amounts go through unchanged.
 */
import { AUTHENTICATION_FAILED } from '@storefront/domain/errors/catalogue';
import { paymentProfile } from '@storefront/domain/payments';
import Stripe from 'stripe';
import {
  InvalidNotification,
  type LookupOutcome,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderOutcome,
  type RefundResult,
  type StartPayment,
} from './provider.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is (a local fake in tests); Stripe's own API when left out. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /**
   * How many times the SDK repeats a request whose answer was lost (connection error, 5xx), under
   * the same idempotency key.
   */
  maxNetworkRetries?: number;
};

/** Webhook events that say where a payment stands; every other event is not about a payment. */
const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.canceled',
]);

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 30_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  /**
   * The intent of an attempt: by id once Stripe named it, else by the payment number the shop put in
   * its metadata (a start whose answer never arrived still made an intent that may be paid).
   */
  async function find(payment: PaymentLookup): Promise<Stripe.PaymentIntent | null> {
    if (payment.reference) return stripe.paymentIntents.retrieve(payment.reference);
    const found = await stripe.paymentIntents.search({
      query: `metadata['payment_number']:'${payment.paymentNumber.replace(/[^\w-]/g, '')}'`,
      limit: 10,
    });
    // One intent per attempt (the start carries the attempt's idempotency key); a paid one wins.
    return found.data.find((intent) => intent.status === 'succeeded') ?? found.data[0] ?? null;
  }

  return {
    id: 'stripe',

    async start(payment: StartPayment): Promise<ProviderOutcome> {
      if (!payment.cardToken) return { status: 'failed', reference: null, retryable: true, reason: 'card token is missing' };
      if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
        return { status: 'failed', reference: null, retryable: false, reason: 'amount must be whole minor units above zero' };
      }
      const alwaysChallenge = paymentProfile(payment.method)?.threeDSecure === true;
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: payment.amount,
            currency: payment.currency.toLowerCase(),
            payment_method: payment.cardToken,
            allowed_payment_method_types: ['card'],
            confirm: true,
            return_url: payment.returnUrl,
            description: payment.description,
            metadata: { payment_number: payment.paymentNumber },
            ...(alwaysChallenge ? { payment_method_options: { card: { request_three_d_secure: 'any' } } } : {}),
          },
          { idempotencyKey: payment.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (error) {
        return failureOf(error);
      }
    },

    async status(payment: PaymentLookup): Promise<LookupOutcome> {
      // Any error here leaves the question open: the caller asks again.
      const intent = await find(payment);
      return intent ? outcomeOf(intent) : { status: 'unknown', reference: null };
    },

    async cancel(payment: PaymentLookup): Promise<LookupOutcome> {
      const intent = await find(payment);
      if (!intent) return { status: 'unknown', reference: null };
      if (!CANCELABLE.has(intent.status)) return outcomeOf(intent);
      try {
        return outcomeOf(await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' }));
      } catch (error) {
        if (isUndecided(error)) throw error;
        // The visitor finished between the look and the cancel: the intent says what it is now.
        return outcomeOf(await stripe.paymentIntents.retrieve(intent.id));
      }
    },

    async refund(payment): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: payment.reference, amount: payment.amount },
          { idempotencyKey: payment.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { ok: false, reason: `the refund ${refund.status}: ${refund.failure_reason ?? 'no reason given'}` };
        }
        return { ok: true, reference: refund.id };
      } catch (error) {
        if (isUndecided(error)) throw error;
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },

    async notification(rawBody, headers): Promise<ProviderNotification | null> {
      const header = headers['stripe-signature'];
      const signature = Array.isArray(header) ? (header.length === 1 ? header[0] : undefined) : header;
      if (!signature) throw new InvalidNotification('the Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        // Stripe's default tolerance: a signature older than 300 seconds is refused (replays).
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new InvalidNotification(error instanceof Error ? error.message : 'the signature does not verify');
      }
      if (!PAYMENT_EVENTS.has(event.type)) return null;
      const intent = event.data.object as Stripe.PaymentIntent;
      // Intents the shop did not create (another system on the same account) are not its business.
      if (intent.object !== 'payment_intent' || !intent.metadata?.payment_number) return null;
      return {
        eventId: event.id,
        reference: intent.id,
        paymentNumber: intent.metadata.payment_number,
        outcome: outcomeOf(intent),
      };
    },
  };
}

/** Intent statuses Stripe lets a merchant cancel; a succeeded intent can only be refunded. */
const CANCELABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

/** Where a Payment Intent stands, in the shop's words. */
function outcomeOf(intent: Stripe.PaymentIntent): ProviderOutcome {
  const reference = intent.id;
  switch (intent.status) {
    case 'succeeded':
      return { status: 'captured', reference };
    case 'processing':
      return { status: 'pending', reference };
    case 'requires_action': {
      const redirectUrl = intent.next_action?.redirect_to_url?.url;
      if (redirectUrl) return { status: 'requires_action', reference, redirectUrl };
      // Confirmed on the server with a return URL, Stripe answers with a redirect; any other next
      // action would need Stripe.js on the page, which this flow does not run.
      return {
        status: 'failed',
        reference,
        retryable: true,
        reason: `the card asks for a step the shop cannot offer (${intent.next_action?.type ?? 'unknown'})`,
      };
    }
    case 'requires_payment_method':
      return {
        status: 'failed',
        reference,
        retryable: true,
        reason:
          intent.last_payment_error?.code === 'payment_intent_authentication_failure'
            ? AUTHENTICATION_FAILED
            : (intent.last_payment_error?.message ?? 'the card was not accepted'),
      };
    case 'canceled':
      return {
        status: 'failed',
        reference,
        retryable: true,
        reason: `the payment was canceled (${intent.cancellation_reason ?? 'no reason given'})`,
      };
    default:
      // requires_confirmation / requires_capture cannot happen for an intent confirmed at once with
      // automatic capture; saying so beats waiting on it forever.
      return { status: 'failed', reference, retryable: false, reason: `unexpected payment intent status ${intent.status}` };
  }
}

/**
 * A lost answer (connection error) or a Stripe server error leaves it open whether the intent was
 * made: the caller must ask again under the same idempotency key rather than call it failed.
 */
function isUndecided(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return true;
  return error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError;
}

function failureOf(error: unknown): ProviderOutcome {
  if (isUndecided(error)) throw error;
  const stripeError = error as InstanceType<typeof Stripe.errors.StripeError>;
  // Stripe keeps the intent of a declined confirmation and names it in the error.
  const reference = stripeError.payment_intent?.id ?? null;
  if (stripeError instanceof Stripe.errors.StripeCardError) {
    const reason = stripeError.code === 'payment_intent_authentication_failure' ? AUTHENTICATION_FAILED : stripeError.message;
    return { status: 'failed', reference, retryable: true, reason };
  }
  if (stripeError instanceof Stripe.errors.StripeRateLimitError) {
    // Stripe refused the request without acting on it; a new attempt may go through.
    return { status: 'failed', reference, retryable: true, reason: stripeError.message };
  }
  return { status: 'failed', reference, retryable: false, reason: stripeError.message };
}
