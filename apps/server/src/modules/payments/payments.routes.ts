import { ErrorBody } from '@storefront/domain/api/common';
import { CheckoutBody, OrderTokenParams } from '@storefront/domain/api/orders';
import {
  CheckoutAnswer,
  ConfirmCheckoutBody,
  DAccountAuth,
  DPayParams,
  DPayToken,
  ExePaymentBody,
  PaymentReturnParams,
  PaymentReturnQuery,
} from '@storefront/domain/api/payments';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { specError } from '../../http/errors.ts';
import type { Site } from '../sites/site.ts';
import type { PaymentsService } from './payments.service.ts';
import { InvalidNotification, type NotifyingProvider } from './providers/provider.ts';
import type { SandboxGateway } from './providers/sandbox-gateway.ts';

const errors = { 400: ErrorBody, 402: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 502: ErrorBody };
const tags = ['payments'];

/** Checkout and payment returns (SPEC §7), under `/<site>/api/v1`. */
export const paymentRoutes =
  (payments: PaymentsService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/orders/checkout/:id',
      { schema: { tags, params: OrderTokenParams, body: CheckoutBody, response: { 200: CheckoutAnswer, ...errors } } },
      async (req) => payments.checkout('order', req.site, req.params.id, req.body),
    );

    app.post(
      '/gmo-secure/exe-payment',
      { schema: { tags, body: ExePaymentBody, response: { 200: CheckoutAnswer, ...errors } } },
      async (req) => payments.finish(req.site, req.body.md),
    );

    app.get(
      '/payments/:payment_number/return',
      {
        schema: {
          tags,
          params: PaymentReturnParams,
          querystring: PaymentReturnQuery,
          response: { 303: z.null(), 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const next = await payments.returned(req.site, req.params.payment_number, req.query.redirectResult);
        return reply.header('referrer-policy', 'no-referrer').redirect(next, 303);
      },
    );

    app.post(
      '/orders/confirmcheckout',
      { schema: { tags, body: ConfirmCheckoutBody, response: { 200: CheckoutAnswer, ...errors } } },
      async (req) => payments.finish(req.site, req.body.payment_number, { cancelled: req.body.status === 'cancel' }),
    );
  };

/**
 * The d-pay carrier login (SPEC §7 `/d-account/v1/auth/{id}`, `/d-pay/v1/scptok/{id}`), under
 * `/<site>`. The id is the order token: a login is started only for an order ready to pay with d-pay.
 */
export const carrierRoutes =
  (
    sandbox: SandboxGateway | null,
    publicUrl: () => string,
    /** Refuses an order not ready to pay with d-pay (the orders module's check). */
    requireCarrierCheckout: (site: Site, orderToken: string, clientIp: string) => Promise<void>,
  ): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/d-account/v1/auth/:id',
      { schema: { tags, params: OrderTokenParams, response: { 200: DAccountAuth, ...errors, 429: ErrorBody } } },
      async (req) => {
        if (!sandbox) throw specError('record not found', { message: 'd-pay is not configured' });
        await requireCarrierCheckout(req.site, req.params.id, req.ip);
        // The login comes before any payment: back to /d-pay-confirm, where the carrier adds code and state.
        const login = await sandbox.startCarrierLogin(req.site.id, `${publicUrl()}/${req.site.variant}/#/d-pay-confirm`);
        return { auth_url: login.authUrl, state_code: login.stateCode };
      },
    );
    app.get(
      '/d-pay/v1/scptok/:id',
      { schema: { tags, params: DPayParams, response: { 200: DPayToken, ...errors } } },
      async (req) => {
        const token = sandbox ? await sandbox.carrierPaymentToken(req.params.id) : null;
        if (!token) throw specError('record not found', { message: 'there is no d-pay login with this code' });
        return { payment_token: token.paymentToken, expires_at: token.expiresAt.toISOString() };
      },
    );
  };

/** How each provider's notifications arrive: the header their proof is in, and the answer it expects. */
const WEBHOOKS = {
  stripe: { proof: 'stripe-signature', answer: (handled: boolean) => ({ received: true, handled }) },
  // Adyen takes a notification as delivered only when the answer is exactly `[accepted]`.
  adyen: { proof: 'hmacSignature', answer: () => '[accepted]' },
  // PayPay's notifications carry no signature: the provider asks PayPay where the payment stands.
  paypay: { proof: 'body', answer: (handled: boolean) => ({ received: true, handled }) },
} as const satisfies Record<NotifyingProvider, unknown>;

/**
 * Providers' server-to-server notifications, `POST /payments/{provider}/webhook`: the raw body is
 * what a signature covers. A notification that does not verify is refused (the provider sends it
 * again later); one that is not about a shop payment is answered as received.
 */
export const providerWebhookRoutes =
  (payments: PaymentsService, providers: readonly NotifyingProvider[]): FastifyPluginAsync =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    for (const provider of providers) {
      const webhook = WEBHOOKS[provider];
      app.post(`/payments/${provider}/webhook`, async (req, reply) => {
        try {
          const result = await payments.notify(provider, String(req.body ?? ''), req.headers);
          return reply.send(webhook.answer(result.handled));
        } catch (error) {
          if (error instanceof InvalidNotification)
            throw specError('invalid request', { field: webhook.proof, message: error.message });
          throw error;
        }
      });
    }
  };
