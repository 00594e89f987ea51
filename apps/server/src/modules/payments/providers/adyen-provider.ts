/**
 * Cards (with 3-D Secure 2), Alipay and WeChat Pay through Adyen's Checkout API, with Adyen's
 * official `@adyen/api-library`.
 *
 * - A card is typed into Adyen's own card component on the payment page; the page sends the shop
 *   only what the component encrypted (`cardToken`, see `AdyenCardToken`). `POST /payments` answers
 *   at once (Authorised, Refused) or asks for a redirect: the issuer's 3-D Secure page, Alipay's or
 *   WeChat Pay's. Native 3-D Secure (the challenge inside the page) is not asked for, so a challenge
 *   is always a redirect the ledger already knows how to wait for.
 * - Adyen sends the visitor back to the shop's return route with `redirectResult`, which the shop
 *   hands to `POST /payments/details` (`details`): that answer says how the redirect ended.
 * - Adyen's standard notifications, signed with the merchant's HMAC key, are the source of truth
 *   for everything else (an attempt whose visitor never came back, an offer that closed unpaid).
 *   Adyen has no call to ask where a payment stands, so `status` knows nothing new: the ledger waits
 *   for a notification, and after an hour `cancel` gives the attempt up by the shop's reference.
 *   Refunds are asynchronous too: the refund call's answer says Adyen received it, and a later
 *   REFUND_FAILED notification turns a refund the shop counted as made into one staff must follow up.
 * - Every venue has its own merchant account (`merchantAccountFor`); one API key serves them all.
 *
 * Amounts: Adyen's `value` is in the currency's minor unit, as the shop keeps every amount (JPY has
 * none, cents for USD/EUR, halalas for SAR), so amounts go through unchanged.
 */
import { timingSafeEqual } from 'node:crypto';
import type { AgentOptions } from 'node:https';
import {
  CheckoutAPI,
  Client,
  EnvironmentEnum,
  type HttpClientException,
  HttpURLConnectionClient,
  hmacValidator,
  type Types,
} from '@adyen/api-library';
import { AUTHENTICATION_FAILED } from '@storefront/domain/errors/catalogue';
import { z } from 'zod';
import {
  InvalidNotification,
  type LookupOutcome,
  type Notification,
  type PaymentLookup,
  type PaymentProvider,
  type ProviderOutcome,
  type RefundFailedNotification,
  type RefundResult,
  type StartPayment,
} from './provider.ts';

export type AdyenProviderOptions = {
  /** The API key of the company account's web service user (`X-API-Key`). */
  apiKey: string;
  /** The HMAC key of the standard notification webhook, in hex as Adyen shows it. */
  hmacKey: string;
  environment: 'TEST' | 'LIVE';
  /** The live endpoint prefix of the company account (required by Adyen for LIVE). */
  liveEndpointUrlPrefix?: string | undefined;
  /** The merchant account a venue's payments go to; null when the venue has none. */
  merchantAccountFor: (siteId: number) => Promise<string | null>;
  /** The user and password Adyen sends with its notifications (Basic auth), when set up. */
  notificationAuth?: { username: string; password: string } | undefined;
  /** Where the Checkout API is, instead of Adyen's (a local fake in tests), and the CA it is signed by. */
  endpoint?: { origin: string; ca: string } | undefined;
};

/** The Checkout API's address in the library, which `endpoint` replaces. */
const ADYEN_CHECKOUT_TEST = 'https://checkout-test.adyen.com';

/**
 * What the payment page's Adyen card component produced, as the checkout's `card_token`: base64url
 * of this JSON. Only encrypted values: the card number never reaches the shop in the clear.
 */
export const AdyenCardToken = z.object({
  paymentMethod: z.strictObject({
    type: z.literal('scheme'),
    encryptedCardNumber: z.string().min(1).max(4096),
    encryptedExpiryMonth: z.string().min(1).max(4096),
    encryptedExpiryYear: z.string().min(1).max(4096),
    encryptedSecurityCode: z.string().min(1).max(4096).optional(),
    holderName: z.string().max(200).optional(),
    brand: z.string().max(50).optional(),
    checkoutAttemptId: z.string().max(200).optional(),
  }),
  browserInfo: z
    .object({
      acceptHeader: z.string().max(1000),
      colorDepth: z.number().int(),
      javaEnabled: z.boolean(),
      language: z.string().max(50),
      screenHeight: z.number().int(),
      screenWidth: z.number().int(),
      timeZoneOffset: z.number().int(),
      userAgent: z.string().max(1000),
    })
    .optional(),
});
export type AdyenCardToken = z.infer<typeof AdyenCardToken>;

export function encodeAdyenCardToken(token: AdyenCardToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeCardToken(token: string): AdyenCardToken | null {
  try {
    const parsed = AdyenCardToken.safeParse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Adyen's payment method type for each of the shop's Adyen methods. */
const REDIRECT_METHOD_TYPES: Partial<Record<StartPayment['method'], string>> = {
  adyen_alipay: 'alipay',
  adyen_we_chat_pay: 'wechatpayWeb',
};

/** The library's own HTTPS client, sent to `endpoint` instead of Adyen and trusting its CA (tests). */
class EndpointClient extends HttpURLConnectionClient {
  readonly #origin: string;
  constructor(endpoint: { origin: string; ca: string }) {
    super();
    this.#origin = endpoint.origin;
    // The library builds its agent from these options; it offers no other way to trust a CA.
    (this as unknown as { agentOptions: AgentOptions }).agentOptions = { ca: endpoint.ca };
  }
  override request(...args: Parameters<HttpURLConnectionClient['request']>): Promise<string> {
    const [url, ...rest] = args;
    return super.request(url.replace(ADYEN_CHECKOUT_TEST, this.#origin), ...rest);
  }
}

export function createAdyenProvider(options: AdyenProviderOptions): PaymentProvider & {
  /** How a redirect ended, from the `redirectResult` Adyen sent the visitor back with. */
  details(payment: PaymentLookup, redirectResult: string): Promise<LookupOutcome>;
} {
  const client = new Client({
    apiKey: options.apiKey,
    environment: options.environment === 'LIVE' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(options.liveEndpointUrlPrefix ? { liveEndpointUrlPrefix: options.liveEndpointUrlPrefix } : {}),
    connectionTimeoutMillis: 30_000,
  });
  if (options.endpoint) client.httpClient = new EndpointClient(options.endpoint);
  const checkout = new CheckoutAPI(client);
  const validator = new hmacValidator();

  async function merchantAccount(siteId: number): Promise<string> {
    const account = await options.merchantAccountFor(siteId);
    if (!account) throw new MissingMerchantAccount(siteId);
    return account;
  }

  return {
    id: 'adyen',

    async start(payment: StartPayment): Promise<ProviderOutcome> {
      if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
        return { status: 'failed', reference: null, retryable: false, reason: 'amount must be whole minor units above zero' };
      }
      let paymentMethod: Types.checkout.PaymentRequest['paymentMethod'];
      let browserInfo: AdyenCardToken['browserInfo'];
      const redirectType = REDIRECT_METHOD_TYPES[payment.method];
      if (payment.method === 'adyen_credit') {
        const token = payment.cardToken ? decodeCardToken(payment.cardToken) : null;
        if (!token)
          return { status: 'failed', reference: null, retryable: true, reason: 'the card token is missing or not Adyen’s' };
        paymentMethod = token.paymentMethod as Types.checkout.CardDetails;
        browserInfo = token.browserInfo;
      } else if (redirectType) {
        paymentMethod = { type: redirectType } as Types.checkout.StoredPaymentMethodDetails;
      } else {
        return { status: 'failed', reference: null, retryable: false, reason: `Adyen does not take ${payment.method}` };
      }
      const request: Types.checkout.PaymentRequest = {
        merchantAccount: await merchantAccount(payment.siteId),
        amount: { value: payment.amount, currency: payment.currency },
        reference: payment.paymentNumber,
        paymentMethod,
        returnUrl: payment.returnUrl,
        channel: 'Web' as Types.checkout.PaymentRequest.ChannelEnum,
        shopperInteraction: 'Ecommerce' as Types.checkout.PaymentRequest.ShopperInteractionEnum,
        origin: new URL(payment.returnUrl).origin,
        shopperStatement: payment.description.slice(0, 22),
        ...(browserInfo ? { browserInfo } : {}),
      };
      try {
        const answer = await checkout.PaymentsApi.payments(request, { idempotencyKey: payment.idempotencyKey });
        return outcomeOf(answer);
      } catch (error) {
        return failureOf(error);
      }
    },

    async details(payment: PaymentLookup, redirectResult: string): Promise<LookupOutcome> {
      let answer: Types.checkout.PaymentDetailsResponse;
      try {
        answer = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } });
      } catch (error) {
        if (isUndecided(error)) throw error;
        // Adyen refuses a result it already took (a reload of the return page): no news.
        return { status: 'unknown', reference: null };
      }
      // A result that belongs to another payment says nothing about this one.
      if (answer.merchantReference !== payment.paymentNumber) return { status: 'unknown', reference: null };
      return outcomeOf(answer);
    },

    async status(): Promise<LookupOutcome> {
      // The Checkout API has no call to look a payment up: notifications and `details` tell.
      return { status: 'unknown', reference: null };
    },

    async cancel(payment: PaymentLookup): Promise<LookupOutcome> {
      // By the shop's own reference, which works before Adyen named the payment (a lost answer).
      // Adyen answers "received" and cancels what is authorised; a payment captured meanwhile is
      // told by its AUTHORISATION notification, and the ledger then completes or refunds it.
      await checkout.ModificationsApi.cancelAuthorisedPayment(
        { merchantAccount: await merchantAccount(payment.siteId), paymentReference: payment.paymentNumber },
        { idempotencyKey: `${payment.idempotencyKey}:cancel` },
      );
      return { status: 'failed', reference: payment.reference, retryable: true, reason: 'the payment was cancelled at Adyen' };
    },

    async refund(payment): Promise<RefundResult> {
      try {
        const refund = await checkout.ModificationsApi.refundCapturedPayment(
          payment.reference,
          {
            merchantAccount: await merchantAccount(payment.siteId),
            amount: { value: payment.amount, currency: payment.currency },
            reference: payment.idempotencyKey.slice(0, 80),
          },
          { idempotencyKey: payment.idempotencyKey },
        );
        return { ok: true, reference: refund.pspReference };
      } catch (error) {
        if (isUndecided(error)) throw error;
        return { ok: false, reason: reasonOf(error) };
      }
    },

    async notification(rawBody, headers): Promise<Notification[]> {
      if (options.notificationAuth && !isAuthorized(headers.authorization, options.notificationAuth))
        throw new InvalidNotification('the notification’s user and password are not the ones set up');
      const items = notificationItems(rawBody);
      for (const item of items) {
        let valid = false;
        try {
          valid = validator.validateHMAC(item as Types.notification.NotificationRequestItem, options.hmacKey);
        } catch {
          throw new InvalidNotification('the notification is not signed (no hmacSignature)');
        }
        if (!valid) throw new InvalidNotification('the notification’s HMAC signature does not verify');
      }
      return items.flatMap((item): Notification[] => {
        const refundFailure = refundFailureOf(item);
        if (refundFailure) return [refundFailure];
        const outcome = notificationOutcome(item);
        if (!outcome) return [];
        return [
          {
            // Adyen sends an event again until it is accepted; its code, reference and success make it one.
            eventId: `adyen:${item.eventCode}:${item.pspReference}:${item.success}`,
            reference: item.pspReference,
            paymentNumber: item.merchantReference,
            outcome,
          },
        ];
      });
    },
  };
}

/** A venue that offers an Adyen method without a merchant account: nothing is asked of Adyen. */
class MissingMerchantAccount extends Error {
  constructor(siteId: number) {
    super(`venue ${siteId} has no Adyen merchant account (provider_keys.adyen.merchantAccount or ADYEN_MERCHANT_ACCOUNT)`);
  }
}

/** Where a `/payments` or `/payments/details` answer leaves the payment, in the shop's words. */
function outcomeOf(answer: Types.checkout.PaymentResponse | Types.checkout.PaymentDetailsResponse): ProviderOutcome {
  const reference = answer.pspReference ?? null;
  const reason = answer.refusalReason ?? `Adyen answered ${answer.resultCode ?? 'nothing'}`;
  switch (answer.resultCode) {
    case 'Authorised':
      // Adyen captures an authorisation at once unless the merchant account delays captures.
      return reference ? { status: 'captured', reference } : { status: 'pending', reference: '' };
    case 'RedirectShopper': {
      const action = 'action' in answer ? answer.action : undefined;
      const url = action && 'url' in action ? action.url : undefined;
      const method = action && 'method' in action ? action.method : undefined;
      if (url && (method ?? 'GET').toUpperCase() === 'GET')
        return { status: 'requires_action', reference: reference ?? '', redirectUrl: url };
      return {
        status: 'failed',
        reference,
        retryable: true,
        reason: 'the card asks for a step the shop cannot offer (a POST redirect)',
      };
    }
    case 'Pending':
    case 'Received':
      return { status: 'pending', reference: reference ?? '' };
    case 'Refused':
      // Refusal reason "3D Not Authenticated": the visitor did not pass the issuer's check.
      return {
        status: 'failed',
        reference,
        retryable: true,
        reason: /3D(S|\s)? ?Not Authenticated/i.test(reason) ? AUTHENTICATION_FAILED : reason,
      };
    case 'Cancelled':
      return { status: 'failed', reference, retryable: true, reason: 'the payment was cancelled' };
    case 'Error':
      return { status: 'failed', reference, retryable: true, reason };
    default:
      // IdentifyShopper / ChallengeShopper come only with native 3-D Secure, which the shop does not ask for.
      return { status: 'failed', reference, retryable: false, reason: `unexpected Adyen result ${answer.resultCode ?? 'none'}` };
  }
}

type AdyenError = Error & Partial<Pick<HttpClientException, 'statusCode' | 'errorCode' | 'apiError'>>;

/**
 * A lost answer (connection error, timeout) or an Adyen server error leaves it open whether Adyen
 * acted: the caller asks again under the same idempotency key rather than call it failed. A venue
 * without a merchant account is a setting to fix, not a refusal of the visitor's card.
 */
function isUndecided(error: unknown): boolean {
  if (error instanceof MissingMerchantAccount) return true;
  const status = (error as AdyenError).statusCode;
  return typeof status !== 'number' || status >= 500 || status === 429;
}

function reasonOf(error: unknown): string {
  const adyen = error as AdyenError;
  return adyen.apiError?.message ?? adyen.message ?? 'Adyen refused the request';
}

function failureOf(error: unknown): ProviderOutcome {
  if (isUndecided(error)) throw error;
  const status = (error as AdyenError).statusCode;
  // 401/403: the shop's key or account is wrong, which another attempt does not mend; 4xx else:
  // the request was refused as it stands (Adyen's validation errors), which a new card may pass.
  return { status: 'failed', reference: null, retryable: status !== 401 && status !== 403, reason: reasonOf(error) };
}

function isAuthorized(header: string | string[] | undefined, expected: { username: string; password: string }): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value?.startsWith('Basic ')) return false;
  const given = Buffer.from(value.slice(6), 'base64');
  const wanted = Buffer.from(`${expected.username}:${expected.password}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** An item of Adyen's standard notification, as far as the shop reads it. */
const NotificationItem = z.object({
  eventCode: z.string(),
  success: z.enum(['true', 'false']),
  pspReference: z.string().min(1),
  originalReference: z.string().optional(),
  merchantAccountCode: z.string(),
  merchantReference: z.string(),
  amount: z.object({ value: z.number().int(), currency: z.string() }),
  reason: z.string().optional(),
  eventDate: z.string().optional(),
  additionalData: z.record(z.string(), z.string()).optional(),
});
type NotificationItem = z.infer<typeof NotificationItem>;

const NotificationBody = z.object({
  live: z.enum(['true', 'false']),
  notificationItems: z.array(z.object({ NotificationRequestItem: NotificationItem })).min(1),
});

function notificationItems(rawBody: string): NotificationItem[] {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new InvalidNotification('the notification is not JSON');
  }
  const parsed = NotificationBody.safeParse(json);
  if (!parsed.success) throw new InvalidNotification('the notification is not an Adyen standard notification');
  return parsed.data.notificationItems.map((entry) => entry.NotificationRequestItem);
}

/**
 * A refund Adyen received and then could not make: REFUND_FAILED (the card scheme sent it back), or
 * REFUND with success false (Adyen refused it). Its pspReference is the refund's own, its
 * originalReference the payment's.
 */
function refundFailureOf(item: NotificationItem): RefundFailedNotification | null {
  const failed = item.eventCode === 'REFUND_FAILED' || (item.eventCode === 'REFUND' && item.success === 'false');
  if (!failed || !item.originalReference) return null;
  return {
    kind: 'refund_failed',
    eventId: `adyen:${item.eventCode}:${item.pspReference}:${item.success}`,
    reference: item.originalReference,
    refundReference: item.pspReference,
    reason: item.reason || 'Adyen could not make the refund',
  };
}

/**
 * What a notification says about a payment: AUTHORISATION decides it (captured or refused);
 * CANCELLATION and OFFER_CLOSED (a redirect method left unpaid) end it. Other events (refunds,
 * captures of an authorisation, reports) are not about where a payment stands.
 */
function notificationOutcome(item: NotificationItem): ProviderOutcome | null {
  const success = item.success === 'true';
  const reference = item.pspReference;
  switch (item.eventCode) {
    case 'AUTHORISATION':
      return success
        ? { status: 'captured', reference }
        : { status: 'failed', reference, retryable: true, reason: item.reason || 'Adyen refused the payment' };
    case 'CANCELLATION':
      return success ? { status: 'failed', reference, retryable: true, reason: 'the payment was cancelled at Adyen' } : null;
    case 'OFFER_CLOSED':
      return success ? { status: 'failed', reference, retryable: true, reason: 'the payment expired unpaid' } : null;
    default:
      return null;
  }
}
