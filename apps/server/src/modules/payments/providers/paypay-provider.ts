/**
 * PayPay wallet payments (`gmo_paypay`, `softbank_paypay`) through PayPay's dynamic QR codes, with
 * PayPay's official SDK `@paypayopa/paypayopa-sdk-node`.
 *
 * One code per attempt, made under the shop's payment number (PayPay's `merchantPaymentId`).
 * PayPay answers with the URL of its own page for the code: on a phone it opens the PayPay app, on a
 * desktop it shows the QR code to scan. After paying, PayPay sends the visitor back to `returnUrl`,
 * and the shop then asks `status`, always by the payment number.
 *
 * PayPay's notifications carry no signature, so a notification is only a hint: the provider asks
 * PayPay where the payment it names stands and answers that, never what the body claims.
 *
 * Result codes are those of PayPay's "Response code list" (the SDK's README, and the Error Handling
 * section of PayPay's Dynamic QR API reference). Amounts: PayPay takes yen only, in whole yen, which is
 * exactly the shop's minor unit for JPY.
 */

import { createHash } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { Conf } from '@paypayopa/paypayopa-sdk-node/dist/lib/conf.js';
import {
  HttpsClient,
  type HttpsClientError,
  type HttpsClientMessage,
  type HttpsClientSuccess,
} from '@paypayopa/paypayopa-sdk-node/dist/lib/httpsClient.js';
import { PayPayRestSDK } from '@paypayopa/paypayopa-sdk-node/dist/lib/paypay-rest-sdk.js';
import { z } from 'zod';
import { clock } from '../../../lib/clock.ts';
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

export type PayPayProviderOptions = {
  apiKey: string;
  apiSecret: string;
  merchantId: string;
  /** PayPay's sandbox (`STAGING`, the SDK's default) or the real thing (`PROD`). */
  environment?: 'PROD' | 'STAGING';
  /** Where the API is (a local fake in tests); PayPay's own API for `environment` when left out. */
  host?: string;
  port?: number;
  /** Certificates to trust besides the system's, PEM: the local fake's self-signed one in tests. */
  ca?: string;
  /**
   * How long a request may go unanswered before its answer counts as lost. PayPay asks for no less
   * than 30 seconds when a code is made.
   */
  timeoutMs?: number;
};

/** The methods PayPay takes: the PayPay wallet, whichever gateway the shop lists it under. */
const PAYPAY_METHODS = new Set(['gmo_paypay', 'softbank_paypay']);

/** PayPay's longest order description. */
const DESCRIPTION_LIMIT = 255;

/**
 * Refusals that the same request would get again: the shop's keys, merchant or request are wrong.
 * Any other refusal (too many requests, a state PayPay is in) leaves a new attempt its chance.
 */
const PERMANENT_REFUSALS = new Set([
  'UNAUTHORIZED',
  'OP_OUT_OF_SCOPE',
  'OPA_CLIENT_NOT_FOUND',
  'INVALID_PARAMS',
  'INVALID_REQUEST_PARAMS',
  'MISSING_REQUEST_PARAMS',
  'DYNAMIC_QR_BAD_REQUEST',
  'PRE_AUTH_CAPTURE_UNSUPPORTED_MERCHANT',
  'PRE_AUTH_CAPTURE_INVALID_EXPIRY_DATE',
]);

/** PayPay's answer shape: `{ resultInfo: { code, message, codeId }, data }`. */
const PayPayBody = z.object({
  resultInfo: z.object({ code: z.string(), message: z.string().nullish(), codeId: z.string().nullish() }),
  data: z.unknown().optional(),
});
const CodeData = z.object({ codeId: z.string().min(1), url: z.string().min(1) });
const PaymentDetails = z.object({ status: z.string(), paymentId: z.string().nullish() });
const RefundData = z.object({ merchantRefundId: z.string(), status: z.string() });
/** A "Transaction" notification; every other field is left to PayPay's own answer. */
const TransactionNotification = z.object({
  notification_type: z.literal('Transaction'),
  merchant_order_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

type PaymentDetails = z.infer<typeof PaymentDetails>;

/** What PayPay said to a request that reached it and came back. */
type Reply = { isSuccess: true; data: unknown } | { isSuccess: false; httpStatus: number; code: string; reason: string };

/**
 * The SDK's transport with a time limit and the given certificates, and without the SDK's console
 * output: the SDK signs and addresses each request, this only carries it.
 */
class PayPayTransport extends HttpsClient {
  readonly #ca: string | undefined;
  readonly #timeoutMs: number;

  constructor(ca: string | undefined, timeoutMs: number) {
    super();
    this.#ca = ca;
    this.#timeoutMs = timeoutMs;
  }

  override httpsCall(options: Parameters<HttpsClient['httpsCall']>[0], payload: unknown, callback: HttpsClientMessage): void {
    const { apiKey: _apiName, ...requestOptions } = options;
    let isAnswered = false;
    const answer = (message: HttpsClientSuccess | HttpsClientError) => {
      if (isAnswered) return;
      isAnswered = true;
      callback(message);
    };
    const request = httpsRequest(
      { ...requestOptions, ...(this.#ca ? { ca: this.#ca } : {}), timeout: this.#timeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          try {
            answer({ STATUS: status, BODY: body.trim() === '' ? null : (JSON.parse(body) as object) });
          } catch {
            answer({ STATUS: status, ERROR: 'the answer is not JSON' });
          }
        });
        response.on('close', () => {
          if (!response.complete) answer({ STATUS: status, ERROR: 'the answer was cut off' });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${this.#timeoutMs} ms`)));
    request.on('error', (error) => answer({ STATUS: 0, ERROR: error.message }));
    if (options.method === 'POST') request.write(JSON.stringify(payload));
    request.end();
  }
}

/**
 * PayPay's answer to one request. Throws when the answer was lost (no answer, a cut or unreadable
 * one, a PayPay server error): whether PayPay acted is then open, and the caller asks again.
 */
async function ask(what: string, sent: Promise<HttpsClientSuccess | HttpsClientError>): Promise<Reply> {
  const answer = await sent;
  if ('ERROR' in answer) throw new Error(`PayPay did not answer ${what}: ${answer.ERROR}`);
  const body = PayPayBody.safeParse(answer.BODY);
  if (answer.STATUS >= 500 || !body.success) {
    const code = body.success ? ` ${body.data.resultInfo.code}` : '';
    throw new Error(`PayPay did not answer ${what}: HTTP ${answer.STATUS}${code}`);
  }
  const { code, message } = body.data.resultInfo;
  if (code === 'SUCCESS' && answer.STATUS >= 200 && answer.STATUS < 300) return { isSuccess: true, data: body.data.data };
  // A 2xx or 3xx that is not SUCCESS (REQUEST_ACCEPTED) is not a decision either.
  if (answer.STATUS < 400) throw new Error(`PayPay did not answer ${what}: HTTP ${answer.STATUS} ${code}`);
  return { isSuccess: false, httpStatus: answer.STATUS, code, reason: message ? `${message} (${code})` : code };
}

/** A SUCCESS answer's data, in the shape the provider relies on; anything else is not an answer. */
function dataOf<T>(what: string, schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`PayPay answered ${what} without the expected data`);
  return parsed.data;
}

const refused = (what: string, reply: Extract<Reply, { isSuccess: false }>) =>
  new Error(`PayPay refused ${what}: HTTP ${reply.httpStatus} ${reply.reason}`);

/**
 * PayPay's `merchantRefundId` for a refund's idempotency key: at most 64 of `A-Z a-z 0-9 - _`. A hash
 * keeps every key, whatever its characters and length, to one id of its own.
 */
export function merchantRefundIdOf(idempotencyKey: string): string {
  return `refund_${createHash('sha256').update(idempotencyKey).digest('base64url')}`;
}

export function createPayPayProvider(options: PayPayProviderOptions): PaymentProvider {
  const paypay = new PayPayRestSDK();
  paypay.configure({
    clientId: options.apiKey,
    clientSecret: options.apiSecret,
    merchantId: options.merchantId,
    env: options.environment ?? 'STAGING',
    ...(options.host ? { conf: new Conf({ hostName: options.host, portNumber: options.port }) } : {}),
  });
  paypay.setHttpsClient(new PayPayTransport(options.ca, options.timeoutMs ?? 30_000));

  /**
   * Where the payment of a payment number stands at PayPay; null when PayPay has none (never made,
   * or its code gone unpaid). Throws when the answer was lost or PayPay refused to say.
   */
  async function paymentOf(paymentNumber: string): Promise<PaymentDetails | null> {
    const what = 'the payment details';
    // The SDK puts the id into the path as it is.
    const reply = await ask(what, paypay.getCodePaymentDetails([encodeURIComponent(paymentNumber)]));
    if (reply.isSuccess) return dataOf(what, PaymentDetails, reply.data);
    if (reply.code === 'DYNAMIC_QR_PAYMENT_NOT_FOUND') return null;
    throw refused(what, reply);
  }

  async function lookUp(payment: PaymentLookup): Promise<LookupOutcome> {
    const details = await paymentOf(payment.paymentNumber);
    return details ? outcomeOf(details, payment.reference ?? payment.paymentNumber) : { status: 'unknown', reference: null };
  }

  return {
    id: 'paypay',
    // PayPay has one return address: a visitor back with the code unpaid has left it.
    returnsWhenDone: true,

    async start(payment: StartPayment): Promise<ProviderOutcome> {
      if (!PAYPAY_METHODS.has(payment.method)) {
        return { status: 'failed', reference: null, retryable: false, reason: `PayPay does not take ${payment.method}` };
      }
      if (payment.currency.toUpperCase() !== 'JPY') {
        return { status: 'failed', reference: null, retryable: false, reason: `PayPay takes yen only, not ${payment.currency}` };
      }
      if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
        return { status: 'failed', reference: null, retryable: false, reason: 'amount must be whole yen above zero' };
      }
      const what = 'making a code';
      const reply = await ask(
        what,
        paypay.qrCodeCreate({
          merchantPaymentId: payment.paymentNumber,
          amount: { amount: payment.amount, currency: 'JPY' },
          codeType: 'ORDER_QR',
          orderDescription: Array.from(payment.description).slice(0, DESCRIPTION_LIMIT).join(''),
          isAuthorization: false,
          redirectUrl: payment.returnUrl,
          redirectType: 'WEB_LINK',
          requestedAt: Math.floor(clock.systemNow().getTime() / 1000),
        }),
      );
      if (reply.isSuccess) {
        const code = dataOf(what, CodeData, reply.data);
        return { status: 'requires_action', reference: code.codeId, redirectUrl: code.url };
      }
      if (reply.code === 'DUPLICATE_DYNAMIC_QR_REQUEST') {
        // The payment number already has its code (a repeated start): where that payment stands is
        // the answer. PayPay does not give the code's page again, so an unpaid one reads as pending.
        const details = await paymentOf(payment.paymentNumber);
        if (details) return outcomeOf(details, payment.paymentNumber);
        return { status: 'failed', reference: null, retryable: true, reason: 'the PayPay code of this payment is gone unpaid' };
      }
      const isPermanent = PERMANENT_REFUSALS.has(reply.code) || reply.httpStatus === 401 || reply.httpStatus === 403;
      return { status: 'failed', reference: null, retryable: !isPermanent, reason: reply.reason };
    },

    status: lookUp,

    async cancel(payment: PaymentLookup): Promise<LookupOutcome> {
      const current = await lookUp(payment);
      if (current.status !== 'pending') return current;
      const codeId = payment.reference;
      // Without the code's id (its start answer was lost) the code cannot be deleted: it stays open
      // until PayPay lets it expire, and the shop keeps asking until then.
      if (!codeId || codeId === payment.paymentNumber) return current;
      const what = 'deleting the code';
      const reply = await ask(what, paypay.qrCodeDelete([encodeURIComponent(codeId)]));
      const isGone = reply.isSuccess || reply.code === 'DYNAMIC_QR_NOT_FOUND';
      if (!isGone && reply.code !== 'DYNAMIC_QR_ALREADY_PAID') throw refused(what, reply);
      // The visitor may have paid between the look and the delete: a payment made wins.
      const after = await lookUp(payment);
      if (after.status === 'captured' || !isGone) return after;
      return { status: 'failed', reference: codeId, retryable: true, reason: 'the PayPay code was deleted unpaid' };
    },

    async refund(payment): Promise<RefundResult> {
      if (payment.currency.toUpperCase() !== 'JPY')
        return { ok: false, reason: `PayPay takes yen only, not ${payment.currency}` };
      if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
        return { ok: false, reason: 'amount must be whole yen above zero' };
      }
      const merchantRefundId = merchantRefundIdOf(payment.idempotencyKey);
      const reply = await ask(
        'a refund',
        paypay.paymentRefund({
          merchantRefundId,
          paymentId: payment.reference,
          amount: { amount: payment.amount, currency: 'JPY' },
          requestedAt: Math.floor(clock.systemNow().getTime() / 1000),
          reason: `Refund of ${payment.paymentNumber}`,
        }),
      );
      if (reply.isSuccess) {
        const refund = dataOf('a refund', RefundData, reply.data);
        return { ok: true, reference: refund.merchantRefundId };
      }
      // PayPay gives a repeated refund id the first refund again; should it refuse instead, the
      // refund this key made earlier is still the answer.
      const what = 'the refund details';
      const earlier = await ask(
        what,
        paypay.getRefundDetails([`${encodeURIComponent(merchantRefundId)}?paymentId=${encodeURIComponent(payment.reference)}`]),
      );
      if (earlier.isSuccess) {
        const refund = dataOf(what, RefundData, earlier.data);
        if (refund.status !== 'FAILED') return { ok: true, reference: refund.merchantRefundId };
      }
      return { ok: false, reason: reply.reason };
    },

    async notification(rawBody): Promise<ProviderNotification | null> {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new InvalidNotification('the PayPay notification is not JSON');
      }
      if (typeof body !== 'object' || body === null || !('notification_type' in body)) {
        throw new InvalidNotification('the PayPay notification has no notification_type');
      }
      if (body.notification_type !== 'Transaction') return null;
      const notification = TransactionNotification.safeParse(body);
      if (!notification.success) throw new InvalidNotification('the PayPay notification names no merchant_order_id');
      // Anyone can post this body: where the payment stands comes from PayPay itself.
      const paymentNumber = notification.data.merchant_order_id;
      const details = await paymentOf(paymentNumber);
      if (!details) return null;
      const outcome = outcomeOf(details, paymentNumber);
      return {
        eventId: `paypay:${paymentNumber}:${details.status}`,
        reference: outcome.reference ?? paymentNumber,
        paymentNumber,
        outcome,
      };
    },
  };
}

/** Where a PayPay payment stands, in the shop's words; `openReference` names one not yet paid. */
function outcomeOf(details: PaymentDetails, openReference: string): ProviderOutcome {
  const paymentId = details.paymentId ?? null;
  switch (details.status) {
    case 'CREATED':
      // The code is made and the visitor has not paid yet.
      return { status: 'pending', reference: openReference };
    case 'COMPLETED':
    case 'REFUNDED':
      // Refunded is still money that moved: the ledger keeps its own account of refunds.
      if (!paymentId) throw new Error(`PayPay reported a ${details.status} payment without its paymentId`);
      return { status: 'captured', reference: paymentId };
    case 'FAILED':
      return {
        status: 'failed',
        reference: paymentId ?? openReference,
        retryable: true,
        reason: 'PayPay could not complete the payment',
      };
    case 'CANCELED':
      return {
        status: 'failed',
        reference: paymentId ?? openReference,
        retryable: true,
        reason: 'the PayPay payment was canceled',
      };
    case 'EXPIRED':
      return {
        status: 'failed',
        reference: paymentId ?? openReference,
        retryable: true,
        reason: 'the PayPay code expired unpaid',
      };
    default:
      // AUTHORIZED and REAUTHORIZING belong to payments captured later, which the shop never asks
      // for; saying so beats waiting on one forever.
      return {
        status: 'failed',
        reference: paymentId ?? openReference,
        retryable: false,
        reason: `unexpected PayPay status ${details.status}`,
      };
  }
}
