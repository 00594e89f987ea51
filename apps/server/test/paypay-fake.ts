/**
 * A local stand-in for the few PayPay Open Payment API endpoints the PayPay provider calls, so tests
 * never reach the internet. PayPay's SDK speaks HTTPS only, so the fake does too, with the tests'
 * self-signed certificate for 127.0.0.1 (`ca`): the provider is told to trust it, nothing else is.
 *
 * - `POST /v2/codes` makes a dynamic QR code (one per `merchantPaymentId`; a second is refused with
 *   `DUPLICATE_DYNAMIC_QR_REQUEST`), `GET /v2/codes/payments/:merchantPaymentId` says where its payment
 *   stands (`DYNAMIC_QR_PAYMENT_NOT_FOUND` once the code is gone unpaid, or for one never made),
 *   `DELETE /v2/codes/:codeId` deletes an unpaid code (`DYNAMIC_QR_ALREADY_PAID` once paid),
 *   `POST /v2/refunds` and `GET /v2/refunds/:merchantRefundId`. Answers have PayPay's shape
 *   `{ resultInfo: { code, message, codeId }, data }` with the result codes of PayPay's "Response code
 *   list" (the SDK's README).
 * - Every request must carry the SDK's `hmac OPA-Auth:` header, computed with the fake's API secret
 *   over the path, method, nonce, time and body digest, and `X-ASSUME-MERCHANT`; anything else is
 *   answered 401 `UNAUTHORIZED` and recorded as refused.
 * - A repeated `merchantRefundId` for the same payment answers the first refund again, as PayPay
 *   documents; `refuseRepeatedRefunds` makes it refuse instead, a variant the provider survives too.
 * - PayPay's page for a code, `GET /pay/:codeId`, with "Pay with PayPay" and "Cancel": both send the
 *   browser to the code's `redirectUrl`. Tests settle a payment directly with `pay`, `fail`, `expire`.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loopbackCertificate } from './tls.ts';

type Json = Record<string, unknown>;
type Answer = { statusCode: number; body: Json };
type MoneyAmount = { amount: number; currency: 'JPY' };

export type FakePaymentStatus = 'CREATED' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'EXPIRED' | 'REFUNDED';

export type FakeCode = {
  codeId: string;
  merchantPaymentId: string;
  amount: MoneyAmount;
  orderDescription: string | null;
  redirectUrl: string | null;
  redirectType: string | null;
  /** PayPay's page for the code: the PayPay app on a phone, the QR code on a desktop. */
  url: string;
  expiryDate: number;
  deleted: boolean;
};

export type FakePayment = {
  merchantPaymentId: string;
  codeId: string;
  /** PayPay's id of the payment, given once the visitor paid. */
  paymentId: string | null;
  status: FakePaymentStatus;
  amount: MoneyAmount;
  orderDescription: string | null;
  requestedAt: number;
  acceptedAt: number | null;
};

export type FakeRefund = {
  merchantRefundId: string;
  paymentId: string;
  amount: MoneyAmount;
  reason: string | null;
  requestedAt: number;
  acceptedAt: number;
  status: 'CREATED' | 'REFUNDED';
};

export type FakeRequest = {
  method: string;
  /** The path as sent, query string included. */
  path: string;
  body: Json | null;
  /** Whether the `Authorization` and `X-ASSUME-MERCHANT` headers proved the caller. */
  authorized: boolean;
};

export type PayPayFake = {
  /** Where the provider finds the fake (`host`, `port`) and the certificate it must trust (`ca`). */
  host: string;
  port: number;
  ca: string;
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  merchantId: string;
  /** By code id. */
  codes: Map<string, FakeCode>;
  /** By merchantPaymentId (the shop's payment number). */
  payments: Map<string, FakePayment>;
  refunds: FakeRefund[];
  /** Every API request in order of arrival. */
  requests: FakeRequest[];
  /** Runs before each API request is handled: lets a test move a payment on in between two calls. */
  beforeHandling: ((request: FakeRequest) => void) | null;
  /** The visitor paid in the PayPay app. */
  pay(merchantPaymentId: string): FakePayment;
  /** PayPay could not complete the payment. */
  fail(merchantPaymentId: string): FakePayment;
  /** The code expired before the visitor paid. */
  expire(merchantPaymentId: string): FakePayment;
  /** The next `count` API requests are carried out but their answer is lost (connection destroyed). */
  loseAnswers(count: number): void;
  /** The next `count` API requests are never answered (the connection stays open until `close`). */
  holdAnswers(count: number): void;
  /** Whether a repeated `merchantRefundId` is refused instead of answered with the first refund. */
  refuseRepeatedRefunds(refuse: boolean): void;
  close(): Promise<void>;
};

const MERCHANT_ID_CHARACTERS = /^[A-Za-z0-9_-]{1,64}$/;
/** How far the time in a signature may be from the fake's clock, in seconds. */
const SIGNATURE_WINDOW_SECONDS = 120;

const now = () => Math.floor(Date.now() / 1000);
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

function result(statusCode: number, code: string, codeId: string, message: string, data: Json | null = null): Answer {
  return { statusCode, body: { resultInfo: { code, message, codeId }, data } };
}

const success = (data: Json | null, statusCode = 200) => result(statusCode, 'SUCCESS', '08100001', 'Success', data);
const unauthorized = () => result(401, 'UNAUTHORIZED', '08100016', 'Unauthorized request');
const invalidParams = (message = 'Invalid parameters received') => result(400, 'INVALID_PARAMS', '00200004', message);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function parseJson(body: string): Json | null {
  if (body === '') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Json) : null;
  } catch {
    return null;
  }
}

function moneyOf(value: unknown): MoneyAmount | 'not yen' | null {
  if (typeof value !== 'object' || value === null) return null;
  const { amount, currency } = value as Json;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) return null;
  return currency === 'JPY' ? { amount, currency } : 'not yen';
}

const text = (body: Json, key: string) => (typeof body[key] === 'string' ? body[key] : null);

export async function startPayPayFake(): Promise<PayPayFake> {
  const { key, cert } = loopbackCertificate();
  const apiKey = `a_${randomBytes(8).toString('hex')}`;
  const apiSecret = randomBytes(24).toString('base64');
  const merchantId = digits(18);
  const codes = new Map<string, FakeCode>();
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRequest[] = [];
  const nonces = new Set<string>();
  /** The first answer to each merchantRefundId of a payment, given again to a repeat. */
  const refundAnswers = new Map<string, Answer>();
  let answersToLose = 0;
  let answersToHold = 0;
  let isRefusingRepeatedRefunds = false;
  let beforeHandling: PayPayFake['beforeHandling'] = null;
  let baseUrl = '';

  /** Checks the SDK's `hmac OPA-Auth:{apiKey}:{mac}:{nonce}:{epoch}:{digest}` header. */
  function isAuthorized(request: IncomingMessage, path: string, method: string, body: string): boolean {
    if (request.headers['x-assume-merchant'] !== merchantId) return false;
    const header = request.headers.authorization ?? '';
    const prefix = 'hmac OPA-Auth:';
    if (!header.startsWith(prefix)) return false;
    const [givenKey, mac, nonce, epoch, digest, ...rest] = header.slice(prefix.length).split(':');
    if (givenKey !== apiKey || !mac || !nonce || !epoch || !digest || rest.length > 0) return false;
    if (Math.abs(now() - Number(epoch)) > SIGNATURE_WINDOW_SECONDS || nonces.has(nonce)) return false;
    const contentType = body === '' ? 'empty' : (request.headers['content-type'] ?? '');
    const expectedDigest = body === '' ? 'empty' : createHash('md5').update(contentType).update(body).digest('base64');
    if (digest !== expectedDigest) return false;
    const signed = [path.split('?')[0], method, nonce, epoch, contentType, digest].join('\n');
    const expected = createHmac('sha256', apiSecret).update(signed).digest();
    const given = Buffer.from(mac, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    nonces.add(nonce);
    return true;
  }

  function paymentView(payment: FakePayment): Json {
    const given = refunds.filter((refund) => payment.paymentId !== null && refund.paymentId === payment.paymentId);
    return {
      paymentId: payment.paymentId,
      status: payment.status,
      acceptedAt: payment.acceptedAt,
      merchantPaymentId: payment.merchantPaymentId,
      amount: { ...payment.amount },
      requestedAt: payment.requestedAt,
      expiresAt: codes.get(payment.codeId)?.expiryDate ?? null,
      orderDescription: payment.orderDescription,
      refunds: { data: given.map((refund) => ({ ...refund, amount: { ...refund.amount } })) },
    };
  }

  function createCode(body: Json): Answer {
    const merchantPaymentId = text(body, 'merchantPaymentId');
    const amount = moneyOf(body.amount);
    const orderDescription = text(body, 'orderDescription');
    const redirectType = text(body, 'redirectType');
    if (!merchantPaymentId || !MERCHANT_ID_CHARACTERS.test(merchantPaymentId)) return invalidParams();
    if (amount === 'not yen') return result(400, 'INVALID_REQUEST_PARAMS', '08100006', 'Invalid request params');
    if (!amount || typeof body.requestedAt !== 'number') return invalidParams();
    if (body.codeType !== 'ORDER_QR' || (orderDescription?.length ?? 0) > 255) {
      return result(400, 'DYNAMIC_QR_BAD_REQUEST', '01650000', 'Dynamic QR bad request error');
    }
    if (redirectType !== null && !['WEB_LINK', 'APP_DEEP_LINK', 'WEBVIEW_IN_PAYPAY'].includes(redirectType)) {
      return result(400, 'DYNAMIC_QR_BAD_REQUEST', '01650000', 'Dynamic QR bad request error');
    }
    if (payments.has(merchantPaymentId)) {
      return result(400, 'DUPLICATE_DYNAMIC_QR_REQUEST', '01652073', 'Duplicate Dynamic QR request error');
    }
    const codeId = `04-${randomBytes(8).toString('hex')}`;
    const code: FakeCode = {
      codeId,
      merchantPaymentId,
      amount,
      orderDescription,
      redirectUrl: text(body, 'redirectUrl'),
      redirectType,
      url: `${baseUrl}/pay/${codeId}`,
      expiryDate: now() + 300,
      deleted: false,
    };
    codes.set(codeId, code);
    payments.set(merchantPaymentId, {
      merchantPaymentId,
      codeId,
      paymentId: null,
      status: 'CREATED',
      amount,
      orderDescription,
      requestedAt: body.requestedAt,
      acceptedAt: null,
    });
    return success(
      {
        codeId,
        url: code.url,
        deeplink: `paypay://payment?link_key=${encodeURIComponent(code.url)}`,
        expiryDate: code.expiryDate,
        merchantPaymentId,
        amount: { ...amount },
        orderDescription,
        codeType: 'ORDER_QR',
        requestedAt: body.requestedAt,
        redirectUrl: code.redirectUrl,
        redirectType,
        isAuthorization: body.isAuthorization === true,
      },
      201,
    );
  }

  function paymentDetails(merchantPaymentId: string): Answer {
    const payment = payments.get(merchantPaymentId);
    // A code deleted before it was paid is no longer available and has no payment.
    const isGone = payment?.status === 'CREATED' && codes.get(payment.codeId)?.deleted === true;
    if (!payment || isGone) {
      return result(400, 'DYNAMIC_QR_PAYMENT_NOT_FOUND', '01652075', 'Dynamic QR payment not found');
    }
    return success(paymentView(payment));
  }

  function deleteCode(codeId: string): Answer {
    const code = codes.get(codeId);
    if (!code || code.deleted) return result(404, 'DYNAMIC_QR_NOT_FOUND', '01652072', 'Dynamic qr code not found');
    const status = payments.get(code.merchantPaymentId)?.status;
    if (status === 'COMPLETED' || status === 'REFUNDED') {
      return result(400, 'DYNAMIC_QR_ALREADY_PAID', '01652074', 'Dynamic QR already paid');
    }
    code.deleted = true;
    return success(null);
  }

  function createRefund(body: Json): Answer {
    const merchantRefundId = text(body, 'merchantRefundId');
    const paymentId = text(body, 'paymentId');
    const amount = moneyOf(body.amount);
    if (!merchantRefundId || !MERCHANT_ID_CHARACTERS.test(merchantRefundId) || !paymentId) return invalidParams();
    if (amount === 'not yen') return result(400, 'INVALID_REQUEST_PARAMS', '08100006', 'Invalid request params');
    if (!amount || typeof body.requestedAt !== 'number') return invalidParams();
    const earlier = refundAnswers.get(`${paymentId} ${merchantRefundId}`);
    if (earlier) return isRefusingRepeatedRefunds ? invalidParams('Duplicate merchantRefundId') : earlier;
    const payment = [...payments.values()].find((p) => p.paymentId === paymentId);
    if (!payment) return result(404, 'RESOURCE_NOT_FOUND', '00200001', 'Order not found');
    if (payment.status !== 'COMPLETED' && payment.status !== 'REFUNDED') {
      return result(400, 'UNACCEPTABLE_OP', '00200013', 'Order cannot be refunded');
    }
    const refunded = refunds.filter((r) => r.paymentId === paymentId).reduce((sum, r) => sum + r.amount.amount, 0);
    if (amount.amount > payment.amount.amount - refunded) {
      return result(400, 'INVALID_PARAMS', '00200015', 'Invalid refund amount');
    }
    const refund: FakeRefund = {
      merchantRefundId,
      paymentId,
      amount,
      reason: text(body, 'reason'),
      requestedAt: body.requestedAt,
      acceptedAt: now(),
      status: 'CREATED',
    };
    const answer = success({ ...refund, amount: { ...amount } });
    // PayPay takes the refund at once and carries it out shortly after.
    refunds.push({ ...refund, status: 'REFUNDED' });
    payment.status = 'REFUNDED';
    refundAnswers.set(`${paymentId} ${merchantRefundId}`, answer);
    return answer;
  }

  function refundDetails(merchantRefundId: string, paymentId: string | null): Answer {
    const refund = refunds.find(
      (r) => r.merchantRefundId === merchantRefundId && (paymentId === null || r.paymentId === paymentId),
    );
    if (!refund) return result(404, 'NO_SUCH_REFUND_ORDER', '00200018', 'Refund not found');
    return success({ ...refund, amount: { ...refund.amount } });
  }

  function api(method: string, path: string, query: URLSearchParams, body: Json | null): Answer {
    if (method === 'POST' && path === '/v2/codes') return createCode(body ?? {});
    if (method === 'POST' && path === '/v2/refunds') return createRefund(body ?? {});
    const paymentOf = /^\/v2\/codes\/payments\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && paymentOf) return paymentDetails(decodeURIComponent(paymentOf));
    const codeId = /^\/v2\/codes\/([^/]+)$/.exec(path)?.[1];
    if (method === 'DELETE' && codeId) return deleteCode(decodeURIComponent(codeId));
    const refundId = /^\/v2\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && refundId) return refundDetails(decodeURIComponent(refundId), query.get('paymentId'));
    return result(404, 'RESOURCE_NOT_FOUND', '08100007', `The fake has no ${method} ${path}`);
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, method: string, rawPath: string) {
    const body = await readBody(request);
    const url = new URL(rawPath, 'https://fake');
    const recorded: FakeRequest = {
      method,
      path: rawPath,
      body: parseJson(body),
      authorized: isAuthorized(request, rawPath, method, body),
    };
    requests.push(recorded);
    beforeHandling?.(recorded);
    const answer = recorded.authorized ? api(method, url.pathname, url.searchParams, recorded.body) : unauthorized();
    if (answersToHold > 0) {
      answersToHold -= 1;
      return;
    }
    if (answersToLose > 0) {
      answersToLose -= 1;
      response.socket?.destroy();
      return;
    }
    response.writeHead(answer.statusCode, {
      'content-type': 'application/json',
      'x-request-id': `OPA${randomBytes(16).toString('hex').toUpperCase()}`,
    });
    response.end(JSON.stringify(answer.body));
  }

  function settle(merchantPaymentId: string, status: 'COMPLETED' | 'FAILED' | 'EXPIRED'): FakePayment {
    const payment = payments.get(merchantPaymentId);
    if (payment?.status !== 'CREATED') throw new Error(`no unpaid PayPay payment ${merchantPaymentId}`);
    if (codes.get(payment.codeId)?.deleted) throw new Error(`the code of ${merchantPaymentId} was deleted`);
    payment.status = status;
    if (status === 'COMPLETED') {
      payment.paymentId = digits(20);
      payment.acceptedAt = now();
    }
    return payment;
  }

  /** PayPay's page for a code, just enough for a browser to pay or walk away. */
  async function handlePage(request: IncomingMessage, response: ServerResponse, codeId: string, action: string | undefined) {
    const code = codes.get(codeId);
    const payment = code ? payments.get(code.merchantPaymentId) : undefined;
    if (!code || !payment || code.deleted || payment.status !== 'CREATED') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('This PayPay code is no longer available.');
      return;
    }
    if (request.method === 'POST' && (action === 'approve' || action === 'cancel')) {
      await readBody(request);
      if (action === 'approve') settle(code.merchantPaymentId, 'COMPLETED');
      response.writeHead(303, { location: code.redirectUrl ?? baseUrl }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPay test payment</title>
<meta name="viewport" content="width=device-width"></head><body><main><h1>PayPay test payment</h1>
<p>${code.amount.amount} JPY</p><form method="post" action="/pay/${codeId}/approve"><button>Pay with PayPay</button></form>
<form method="post" action="/pay/${codeId}/cancel"><button>Cancel</button></form></main></body></html>`);
  }

  const server: Server = createServer({ key, cert }, (request, response) => {
    const method = request.method ?? 'GET';
    const rawPath = request.url ?? '/';
    const page = /^\/pay\/([^/?]+)(?:\/(approve|cancel))?$/.exec(rawPath.split('?')[0] ?? '');
    const handled = page
      ? handlePage(request, response, decodeURIComponent(page[1] ?? ''), page[2])
      : handleApi(request, response, method, rawPath);
    handled.catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result(500, 'INTERNAL_SERVER_ERROR', '08101000', String(error)).body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `https://127.0.0.1:${port}`;

  const fake: PayPayFake = {
    host: '127.0.0.1',
    port,
    ca: cert,
    baseUrl,
    apiKey,
    apiSecret,
    merchantId,
    codes,
    payments,
    refunds,
    requests,
    get beforeHandling() {
      return beforeHandling;
    },
    set beforeHandling(hook) {
      beforeHandling = hook;
    },
    pay: (merchantPaymentId) => settle(merchantPaymentId, 'COMPLETED'),
    fail: (merchantPaymentId) => settle(merchantPaymentId, 'FAILED'),
    expire: (merchantPaymentId) => settle(merchantPaymentId, 'EXPIRED'),
    loseAnswers(count) {
      answersToLose = count;
    },
    holdAnswers(count) {
      answersToHold = count;
    },
    refuseRepeatedRefunds(refuse) {
      isRefusingRepeatedRefunds = refuse;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return fake;
}

/** A PayPay "Transaction" notification as PayPay posts it (no signature: the shop asks PayPay). */
export function transactionNotification(merchantPaymentId: string, state: string, overrides: Json = {}): string {
  return JSON.stringify({
    notification_type: 'Transaction',
    merchant_id: digits(18),
    store_id: '',
    pos_id: '',
    order_id: digits(18),
    merchant_order_id: merchantPaymentId,
    authorized_at: null,
    expires_at: null,
    paid_at: state === 'COMPLETED' ? new Date().toISOString() : null,
    order_amount: '2400',
    state,
    notification_id: randomUUID(),
    ...overrides,
  });
}

/** The app's PayPay settings pointing the provider at `fake`. */
export function paypaySettings(fake: PayPayFake) {
  return {
    apiKey: fake.apiKey,
    apiSecret: fake.apiSecret,
    merchantId: fake.merchantId,
    host: fake.host,
    port: fake.port,
    ca: fake.ca,
  };
}
