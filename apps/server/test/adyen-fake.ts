/**
 * A local stand-in for the Adyen Checkout API endpoints the Adyen provider calls, over HTTPS (the
 * library speaks nothing else), so tests never reach the internet: point the provider's `endpoint`
 * at `origin` and trust `ca`.
 *
 * - `POST /v72/payments`: cards (`scheme`) by Adyen's test card numbers sent as `test_<number>`,
 *   which Adyen's test environment takes in place of encrypted values: 4111 1111 1111 1111 is
 *   authorised, 4000 0000 0000 0002 refused, 4917 6100 0000 0000 needs a 3-D Secure challenge (a
 *   redirect); `alipay` and `wechatpayWeb` redirect to the wallet's page. Other numbers: a 422
 *   validation error, as Adyen answers them.
 * - `POST /v72/payments/details` with a `redirectResult`, once per result (again: 422).
 * - `POST /v72/cancels` (by the merchant's reference) and `POST /v72/payments/{psp}/refunds`.
 * - The visitor's pages: `GET /redirect/{psp}` (the challenge or the wallet) with pass/fail buttons;
 *   `POST /redirect/{psp}` decides and sends the browser to the return URL with `redirectResult`.
 * - `X-API-Key` is checked (401 otherwise), merchant accounts too (403), and an `Idempotency-Key`
 *   answers the same again. `dropNext` loses the next answer (the connection closes unanswered).
 * - `notification` writes a standard notification signed with an HMAC key, as Adyen sends them.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { hmacValidator } from '@adyen/api-library';
import { loopbackCertificate } from './tls.ts';

type Json = Record<string, unknown>;
type Answer = { statusCode: number; body: Json };

export type FakeAdyenPayment = {
  pspReference: string;
  merchantAccount: string;
  reference: string;
  amount: { value: number; currency: string };
  type: string;
  returnUrl: string;
  /** Where it stands: waiting on the visitor's redirect, or decided. */
  state: 'redirect' | 'authorised' | 'refused' | 'cancelled';
  refusalReason: string | null;
  redirectResult: string | null;
  refunded: number;
};

export type FakeAdyenRequest = {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
  apiKey: string | undefined;
};

export type AdyenFake = {
  origin: string;
  ca: string;
  apiKey: string;
  merchantAccounts: Set<string>;
  payments: Map<string, FakeAdyenPayment>;
  refunds: { pspReference: string; paymentPspReference: string; amount: number; reference: string }[];
  cancels: { merchantAccount: string; paymentReference: string }[];
  requests: FakeAdyenRequest[];
  /** The next API request is taken (and acted on) but its answer is lost. */
  dropNext(): void;
  /** The visitor passes or fails the redirect; answers the `redirectResult` the return carries. */
  decide(pspReference: string, pass: boolean): string;
  paymentFor(reference: string): FakeAdyenPayment | undefined;
  close(): Promise<void>;
};

export const ADYEN_TEST_CARDS = {
  authorised: '4111111111111111',
  refused: '4000000000000002',
  challenge: '4917610000000000',
} as const;

const newPsp = () => `${Date.now()}${randomBytes(4).readUInt32BE(0)}`.slice(0, 16).padEnd(16, '7');

const error = (statusCode: number, errorCode: string, message: string, errorType: string): Answer => ({
  statusCode,
  body: { status: statusCode, errorCode, message, errorType },
});

export async function startAdyenFake(options: { merchantAccounts?: string[] } = {}): Promise<AdyenFake> {
  const { key, cert } = loopbackCertificate();
  const apiKey = `AQE${randomBytes(24).toString('hex')}`;
  const merchantAccounts = new Set(options.merchantAccounts ?? ['StorefrontECOM']);
  const payments = new Map<string, FakeAdyenPayment>();
  const byResult = new Map<string, string>();
  const idempotent = new Map<string, Answer>();
  const refunds: AdyenFake['refunds'] = [];
  const cancels: AdyenFake['cancels'] = [];
  const requests: FakeAdyenRequest[] = [];
  let drop = false;
  let origin = '';

  function startPayment(body: Json): Answer {
    const method = (body.paymentMethod ?? {}) as Json;
    const amount = body.amount as { value: number; currency: string };
    const payment: FakeAdyenPayment = {
      pspReference: newPsp(),
      merchantAccount: String(body.merchantAccount),
      reference: String(body.reference),
      amount,
      type: String(method.type),
      returnUrl: String(body.returnUrl),
      state: 'redirect',
      refusalReason: null,
      redirectResult: null,
      refunded: 0,
    };
    if (payment.type === 'scheme') {
      const number = String(method.encryptedCardNumber ?? '').replace(/^test_/, '');
      if (number === ADYEN_TEST_CARDS.authorised) payment.state = 'authorised';
      else if (number === ADYEN_TEST_CARDS.refused) {
        payment.state = 'refused';
        payment.refusalReason = 'Refused';
      } else if (number !== ADYEN_TEST_CARDS.challenge) return error(422, '101', 'Invalid card number', 'validation');
    } else if (payment.type !== 'alipay' && payment.type !== 'wechatpayWeb') {
      return error(422, '905_1', 'Could not find an acquirer account for the provided txvariant', 'configuration');
    }
    payments.set(payment.pspReference, payment);
    return { statusCode: 200, body: paymentAnswer(payment) };
  }

  function paymentAnswer(payment: FakeAdyenPayment): Json {
    const base = { pspReference: payment.pspReference, merchantReference: payment.reference, amount: payment.amount };
    switch (payment.state) {
      case 'authorised':
        return { ...base, resultCode: 'Authorised' };
      case 'refused':
        return { ...base, resultCode: 'Refused', refusalReason: payment.refusalReason, refusalReasonCode: '2' };
      case 'cancelled':
        return { ...base, resultCode: 'Cancelled' };
      case 'redirect':
        return {
          resultCode: 'RedirectShopper',
          action: {
            type: 'redirect',
            method: 'GET',
            paymentMethodType: payment.type,
            url: `${origin}/redirect/${payment.pspReference}`,
          },
        };
    }
  }

  function details(body: Json): Answer {
    const result = String(((body.details ?? {}) as Json).redirectResult ?? '');
    const psp = byResult.get(result);
    if (!psp) return error(422, '101', 'Invalid payload provided', 'validation');
    byResult.delete(result);
    const payment = payments.get(psp) as FakeAdyenPayment;
    return { statusCode: 200, body: paymentAnswer(payment) };
  }

  function cancel(body: Json): Answer {
    const merchantAccount = String(body.merchantAccount);
    const paymentReference = String(body.paymentReference);
    cancels.push({ merchantAccount, paymentReference });
    for (const payment of payments.values()) {
      if (payment.reference === paymentReference && payment.state === 'redirect') payment.state = 'cancelled';
    }
    return { statusCode: 201, body: { merchantAccount, paymentReference, pspReference: newPsp(), status: 'received' } };
  }

  function refund(psp: string, body: Json): Answer {
    const payment = payments.get(psp);
    const amount = body.amount as { value: number; currency: string };
    if (payment?.state !== 'authorised')
      return error(422, '167', 'Original pspReference required for this operation', 'validation');
    if (amount.currency !== payment.amount.currency) return error(422, '137', 'Invalid amount specified', 'validation');
    if (payment.refunded + amount.value > payment.amount.value)
      return error(422, '137', 'Invalid amount specified: the refund is more than is left', 'validation');
    payment.refunded += amount.value;
    const answer = {
      merchantAccount: payment.merchantAccount,
      paymentPspReference: psp,
      pspReference: newPsp(),
      reference: String(body.reference ?? ''),
      amount,
      status: 'received',
    };
    refunds.push({
      pspReference: answer.pspReference,
      paymentPspReference: psp,
      amount: amount.value,
      reference: answer.reference,
    });
    return { statusCode: 201, body: answer };
  }

  function api(req: IncomingMessage, path: string, body: Json): Answer {
    if (req.headers['x-api-key'] !== apiKey) return error(401, '000', 'HTTP Status Response - Unauthorized', 'security');
    if ('merchantAccount' in body && !merchantAccounts.has(String(body.merchantAccount)))
      return error(403, '901', 'Invalid Merchant Account', 'security');
    if (path === '/v72/payments') return startPayment(body);
    if (path === '/v72/payments/details') return details(body);
    if (path === '/v72/cancels') return cancel(body);
    const refundPath = /^\/v72\/payments\/([^/]+)\/refunds$/.exec(path);
    if (refundPath?.[1]) return refund(refundPath[1], body);
    return error(404, '000', 'Not found', 'internal');
  }

  function visitorPage(res: ServerResponse, psp: string) {
    const payment = payments.get(psp);
    if (payment?.state !== 'redirect') {
      res.writeHead(404).end('no such redirect');
      return;
    }
    const title = payment.type === 'scheme' ? '3-D Secure check' : payment.type === 'alipay' ? 'Alipay' : 'WeChat Pay';
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
          `<p>${payment.amount.value} ${payment.amount.currency}</p>` +
          `<form method="post" action="/redirect/${psp}?pass=1"><button type="submit">Pass</button></form>` +
          `<form method="post" action="/redirect/${psp}?pass=0"><button type="submit">Fail</button></form></main></body></html>`,
      );
  }

  function decide(psp: string, pass: boolean): string {
    const payment = payments.get(psp);
    if (payment?.state !== 'redirect') throw new Error(`no redirect waiting for ${psp}`);
    if (pass) payment.state = 'authorised';
    else if (payment.type === 'scheme') {
      payment.state = 'refused';
      payment.refusalReason = '3D Not Authenticated';
    } else payment.state = 'cancelled';
    const result = `Ab02b4c0!${randomBytes(24).toString('base64url')}`;
    payment.redirectResult = result;
    byResult.set(result, psp);
    return result;
  }

  const server = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const page = /^\/redirect\/([^/]+)$/.exec(url.pathname);
      if (page?.[1]) {
        if (req.method === 'GET') return visitorPage(res, page[1]);
        try {
          const result = decide(page[1], url.searchParams.get('pass') === '1');
          const back = (payments.get(page[1]) as FakeAdyenPayment).returnUrl;
          const target = `${back}${back.includes('?') ? '&' : '?'}redirectResult=${encodeURIComponent(result)}`;
          res.writeHead(303, { location: target }).end();
        } catch {
          res.writeHead(409).end('decided already');
        }
        return;
      }
      let body: Json = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json) : {};
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(error(400, '702', 'Malformed JSON', 'validation').body));
        return;
      }
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const header = req.headers['x-api-key'];
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        body,
        idempotencyKey,
        apiKey: typeof header === 'string' ? header : undefined,
      });
      const known = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      const answer = known ?? api(req, url.pathname, body);
      if (idempotencyKey && !known && answer.statusCode < 500) idempotent.set(idempotencyKey, answer);
      if (drop) {
        drop = false;
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca: cert,
    apiKey,
    merchantAccounts,
    payments,
    refunds,
    cancels,
    requests,
    dropNext: () => {
      drop = true;
    },
    decide,
    paymentFor: (reference) => [...payments.values()].find((payment) => payment.reference === reference),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type AdyenNotificationItem = {
  eventCode: string;
  success: boolean;
  pspReference: string;
  merchantReference: string;
  merchantAccountCode?: string;
  amount: { value: number; currency: string };
  reason?: string;
  /** The payment a modification (a refund) was made on. */
  originalReference?: string;
};

/** A standard notification as Adyen sends it, each item signed with `hmacKey` (hex). */
export function adyenNotification(items: AdyenNotificationItem[], hmacKey: string): string {
  const validator = new hmacValidator();
  return JSON.stringify({
    live: 'false',
    notificationItems: items.map((item) => {
      const request = {
        eventCode: item.eventCode,
        success: String(item.success),
        pspReference: item.pspReference,
        originalReference: item.originalReference ?? '',
        merchantAccountCode: item.merchantAccountCode ?? 'StorefrontECOM',
        merchantReference: item.merchantReference,
        amount: item.amount,
        eventDate: new Date().toISOString(),
        reason: item.reason ?? '',
        additionalData: {} as Record<string, string>,
      };
      request.additionalData.hmacSignature = validator.calculateHmac(
        request as unknown as Parameters<typeof validator.calculateHmac>[0],
        hmacKey,
      );
      return { NotificationRequestItem: request };
    }),
  });
}
