/**
 * A local stand-in for the few Stripe API endpoints the Stripe provider calls, so tests never reach
 * the internet: point the SDK at it with `host`/`port`/`protocol`.
 *
 * - `POST /v1/payment_intents` (created and confirmed at once), `GET /v1/payment_intents/:id`,
 *   `GET /v1/payment_intents/search` (by `metadata['payment_number']`), `POST
 *   /v1/payment_intents/:id/cancel` (refused once the intent succeeded), `POST /v1/refunds`, with Stripe's `Idempotency-Key` rules: the same key answers the same again
 *   (never a second intent or refund); the same key with other parameters is an `idempotency_error`.
 * - Stripe's test PaymentMethods: `pm_card_visa` succeeds; `pm_card_threeDSecure2Required` needs a
 *   challenge (and so does any card under `request_three_d_secure=any`); `pm_card_chargeDeclined` is
 *   declined with a 402 `card_error` like Stripe's. Other ids are unknown (`resource_missing`).
 * - The challenge page `GET /3ds/:id` with pass/fail buttons; `POST /3ds/:id` settles it and sends
 *   the browser to the intent's return URL with Stripe's `payment_intent` and `redirect_status`.
 *   Tests settle it directly with `completeChallenge`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Params = { [key: string]: string | Params };
type Answer = { statusCode: number; body: Json };

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  payment_method: string;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  payment_method_options: Json;
  cancellation_reason: string | null;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
};

export type FakeRequest = { method: string; path: string; idempotencyKey: string | null; params: Params };

export type StripeFake = {
  /** SDK options that point the provider at this fake. */
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  baseUrl: string;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  /** Every API request in order of arrival (retries and replays included). */
  requests: FakeRequest[];
  /** The visitor passes (`true`) or fails the 3-D Secure challenge of an intent. */
  completeChallenge(intentId: string, pass: boolean): FakeIntent;
  /** Moves an intent along as Stripe would for slower payment methods. */
  setStatus(intentId: string, status: 'processing' | 'succeeded'): FakeIntent;
  /** The next `count` API requests are carried out but their answer is lost (connection reset). */
  loseAnswers(count: number): void;
  close(): Promise<void>;
};

const THREE_D_SECURE_REQUIRED = 'pm_card_threeDSecure2Required';
const CARDS = new Set(['pm_card_visa', THREE_D_SECURE_REQUIRED, 'pm_card_chargeDeclined']);

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function invalidRequest(message: string, extra: Json = {}): Answer {
  return { statusCode: 400, body: { error: { type: 'invalid_request_error', message, ...extra } } };
}

/** Stripe's form encoding: `metadata[payment_number]=1&allowed_payment_method_types[0]=card`. */
function parseForm(body: string): Params {
  const params: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.split(/\[|\]\[|\]/).filter((key) => key !== '');
    const last = keys.pop();
    if (last === undefined) continue;
    let target = params;
    for (const key of keys) {
      const next = target[key];
      const child: Params = typeof next === 'object' ? next : {};
      target[key] = child;
      target = child;
    }
    target[last] = value;
  }
  return params;
}

const text = (params: Params, key: string) => (typeof params[key] === 'string' ? params[key] : undefined);
const nested = (params: Params, key: string) => (typeof params[key] === 'object' ? params[key] : {});

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

export async function startStripeFake(options: { secretKey?: string } = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRequest[] = [];
  /** Idempotency key → the request it was first used with and the answer it got. */
  const answered = new Map<string, { request: string; answer: Answer }>();
  let answersToLose = 0;
  let baseUrl = '';

  function createIntent(params: Params): Answer {
    const amount = Number(text(params, 'amount'));
    const currency = text(params, 'currency');
    const paymentMethod = text(params, 'payment_method');
    const returnUrl = text(params, 'return_url');
    if (!Number.isSafeInteger(amount) || amount < 1) return invalidRequest('Invalid integer: amount', { param: 'amount' });
    if (!currency || !/^[a-z]{3}$/.test(currency)) return invalidRequest('Invalid currency', { param: 'currency' });
    if (text(params, 'confirm') !== 'true')
      return invalidRequest('This fake only creates confirmed intents', { param: 'confirm' });
    if (!paymentMethod || !CARDS.has(paymentMethod)) {
      return invalidRequest(`No such PaymentMethod: '${paymentMethod ?? ''}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    }
    if (!returnUrl)
      return invalidRequest('A return_url must be specified to confirm this PaymentIntent', { param: 'return_url' });
    const paymentMethodOptions = nested(params, 'payment_method_options');
    const allowedTypes = Object.values(nested(params, 'allowed_payment_method_types')).filter((v) => typeof v === 'string');
    const id = newId('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      description: text(params, 'description') ?? null,
      livemode: false,
      metadata: Object.fromEntries(
        Object.entries(nested(params, 'metadata')).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      payment_method: paymentMethod,
      allowed_payment_method_types: allowedTypes,
      payment_method_types: allowedTypes.length > 0 ? allowedTypes : ['card'],
      payment_method_options: paymentMethodOptions,
      cancellation_reason: null,
    };
    intents.set(id, intent);
    if (paymentMethod === 'pm_card_chargeDeclined') {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
      intent.last_payment_error = error;
      return { statusCode: 402, body: { error: { ...error, payment_intent: { ...intent } } } };
    }
    const challengeAsked = text(nested(paymentMethodOptions, 'card'), 'request_three_d_secure') === 'any';
    if (paymentMethod === THREE_D_SECURE_REQUIRED || challengeAsked) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${baseUrl}/3ds/${id}`, return_url: returnUrl },
      };
    } else {
      succeed(intent);
    }
    return { statusCode: 200, body: { ...intent } };
  }

  function succeed(intent: FakeIntent) {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    intent.next_action = null;
    intent.last_payment_error = null;
  }

  function createRefund(params: Params): Answer {
    const intentId = text(params, 'payment_intent');
    const intent = intentId ? intents.get(intentId) : undefined;
    if (!intent) {
      return invalidRequest(`No such payment_intent: '${intentId ?? ''}'`, { code: 'resource_missing', param: 'payment_intent' });
    }
    if (intent.status !== 'succeeded') {
      return invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = text(params, 'amount') === undefined ? intent.amount - refunded : Number(text(params, 'amount'));
    if (!Number.isSafeInteger(amount) || amount < 1) return invalidRequest('Invalid integer: amount', { param: 'amount' });
    if (amount > intent.amount - refunded) {
      return invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      created: now(),
      metadata: {},
    };
    refunds.push(refund);
    return { statusCode: 200, body: { ...refund } };
  }

  function completeChallenge(intentId: string, pass: boolean): FakeIntent {
    const intent = intents.get(intentId);
    if (intent?.status !== 'requires_action') throw new Error(`no challenge waits on ${intentId}`);
    if (pass) succeed(intent);
    else {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      };
    }
    return intent;
  }

  /** Stripe's search, for the one query the provider makes: `metadata['payment_number']:'…'`. */
  function searchIntents(query: string): Answer {
    const wanted = /^metadata\['payment_number'\]:'([^']*)'$/.exec(query)?.[1];
    if (wanted === undefined) return invalidRequest(`The fake cannot search for ${query}`, { param: 'query' });
    const data = [...intents.values()].filter((intent) => intent.metadata.payment_number === wanted).map((i) => ({ ...i }));
    return {
      statusCode: 200,
      body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' },
    };
  }

  function cancelIntent(intentId: string): Answer {
    const intent = intents.get(intentId);
    if (!intent)
      return { ...invalidRequest(`No such payment_intent: '${intentId}'`, { code: 'resource_missing' }), statusCode: 404 };
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    intent.status = 'canceled';
    intent.cancellation_reason = 'requested_by_customer';
    intent.next_action = null;
    return { statusCode: 200, body: { ...intent } };
  }

  function api(method: string, path: string, params: Params, query: URLSearchParams): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return searchIntents(query.get('query') ?? '');
    const cancelId = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)?.[1];
    if (method === 'POST' && cancelId) return cancelIntent(decodeURIComponent(cancelId));
    const intentId = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && intentId) {
      const intent = intents.get(decodeURIComponent(intentId));
      if (!intent)
        return { ...invalidRequest(`No such payment_intent: '${intentId}'`, { code: 'resource_missing' }), statusCode: 404 };
      return { statusCode: 200, body: { ...intent } };
    }
    return { ...invalidRequest(`Unrecognized request URL (${method}: ${path})`), statusCode: 404 };
  }

  async function handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
  ) {
    const body = await readBody(request);
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const params = method === 'GET' ? {} : parseForm(body);
    requests.push({ method, path, idempotencyKey, params });
    let answer: Answer;
    let replayed = false;
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      answer = { statusCode: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    } else if (method === 'POST' && idempotencyKey) {
      const signature = `${method} ${path} ${new URLSearchParams(body).toString()}`;
      const earlier = answered.get(idempotencyKey);
      if (earlier && earlier.request !== signature) {
        answer = {
          statusCode: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      } else if (earlier) {
        answer = earlier.answer;
        replayed = true;
      } else {
        answer = api(method, path, params, query);
        answered.set(idempotencyKey, { request: signature, answer });
      }
    } else {
      answer = api(method, path, params, query);
    }
    if (answersToLose > 0) {
      answersToLose -= 1;
      response.socket?.destroy();
      return;
    }
    response.writeHead(answer.statusCode, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(answer.body));
  }

  /** Stripe's hosted challenge, just enough for a browser to pass or fail it. */
  async function handleChallenge(request: IncomingMessage, response: ServerResponse, intentId: string) {
    const intent = intents.get(intentId);
    if (!intent?.next_action) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No challenge is waiting.');
      return;
    }
    if (request.method === 'POST') {
      const pass = parseForm(await readBody(request)).result === 'pass';
      const returnUrl = new URL(intent.next_action.redirect_to_url.return_url);
      completeChallenge(intentId, pass);
      returnUrl.searchParams.set('payment_intent', intent.id);
      returnUrl.searchParams.set('payment_intent_client_secret', intent.client_secret);
      returnUrl.searchParams.set('redirect_status', pass ? 'succeeded' : 'failed');
      response.writeHead(303, { location: returnUrl.toString() }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure test payment</title>
<meta name="viewport" content="width=device-width"></head><body><main><h1>3D Secure test payment</h1>
<p>${intent.amount} ${intent.currency.toUpperCase()}</p><form method="post">
<button name="result" value="pass">Complete authentication</button>
<button name="result" value="fail">Fail authentication</button></form></main></body></html>`);
  }

  const server = createServer((request, response) => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const challenge = /^\/3ds\/([^/]+)$/.exec(path)?.[1];
    const handled = challenge
      ? handleChallenge(request, response, challenge)
      : handleApi(request, response, method, path, url.searchParams);
    handled.catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    baseUrl,
    intents,
    refunds,
    requests,
    completeChallenge,
    setStatus(intentId, status) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      if (status === 'succeeded') succeed(intent);
      else intent.status = status;
      return intent;
    },
    loseAnswers(count) {
      answersToLose = count;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A webhook event about a Payment Intent, as Stripe would send it. */
export function paymentIntentEvent(type: string, intent: FakeIntent | Json): string {
  return JSON.stringify({
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...intent } },
  });
}

/** The `Stripe-Signature` header Stripe puts on a webhook (`timestamp` in seconds; now by default). */
export function signWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

/** The app's Stripe settings pointing the provider at `fake`. */
export function stripeSettings(fake: StripeFake, webhookSecret: string) {
  return { secretKey: fake.secretKey, webhookSecret, host: fake.host, port: fake.port, protocol: fake.protocol };
}
