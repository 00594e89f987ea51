import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import type { PaymentDeps, RefundNotices } from './payment-deps.ts';
import { sandboxGatewayRoutes } from './providers/sandbox-gateway.routes.ts';
import { createSandboxGateway, type SandboxGateway } from './providers/sandbox-gateway.ts';
import type { RefundDeps } from './refund-order.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers this server takes payments with. */
    paymentProviders: PaymentDeps['providers'];
    /** The built-in sandbox gateway of demo and tests; null in production. */
    sandboxGateway: SandboxGateway | null;
    /** What giving money back needs: the providers and the visitor's notice (order refunds, date changes). */
    refunds: RefundDeps;
    /** Port: writes the visitor's mail of a refund's outcome in its transaction (filled by mail). */
    refundNotices: RefundNotices;
  }
}

/**
 * The payment providers: demo and tests pay through the built-in sandbox gateway, production only
 * through real providers, whose SDKs load only where the deployment configures them (decision 038).
 */
export const paymentProvidersPlugin = fp<AppOptions>(
  async (app, options) => {
    const { config } = options;
    const sandbox =
      config.appMode === 'production' ? null : createSandboxGateway(options.db, { publicUrl: publicUrlOf(options) });
    const adyenConfig = config.adyen;
    const adyen = adyenConfig
      ? (await import('./providers/adyen-provider.ts')).createAdyenProvider({
          ...adyenConfig,
          // A venue's own merchant account, else the deployment's.
          merchantAccountFor: async (siteId) =>
            (await app.sites.byId(siteId))?.paymentProviderKeys.adyen?.merchantAccount ?? adyenConfig.merchantAccount,
        })
      : null;
    const providers = {
      ...(sandbox ? { sandbox } : {}),
      ...(config.stripe ? { stripe: (await import('./providers/stripe-provider.ts')).createStripeProvider(config.stripe) } : {}),
      ...(adyen ? { adyen } : {}),
      ...(config.paypay ? { paypay: (await import('./providers/paypay-provider.ts')).createPayPayProvider(config.paypay) } : {}),
    };
    app.decorate('paymentProviders', providers);
    app.decorate('paymentProviderIds', Object.keys(providers) as (keyof typeof providers)[]);
    app.decorate('sandboxGateway', sandbox);
    app.decorate('refunds', { providers, logger: app.log, refundNotices: app.refundNotices });
    if (sandbox) await app.register(sandboxGatewayRoutes(sandbox));
  },
  { name: 'payment-providers', dependencies: ['sites', 'mail'] },
);
