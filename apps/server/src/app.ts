/**
 * Builds the server as a plugin tree; main.ts only listens, tests use `inject`. Each module is a
 * plugin (`modules/<m>/<m>.plugin.ts`) that makes its service, owns its workers and timers, and
 * adds its routes; the order below is the order they need each other in. A port one module needs
 * of a module above it is declared by the first and filled by the second's plugin, under one name.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppOptions } from './app-options.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { trustProxyOf } from './http/trust-proxy.ts';
import { xsrfProtection } from './http/xsrf.ts';
import { auditPlugin } from './modules/audit/audit.plugin.ts';
import { cataloguePlugin } from './modules/catalogue/catalogue.plugin.ts';
import { checkinPlugin } from './modules/checkin/checkin.plugin.ts';
import { customerServicePlugin } from './modules/customer-service/customer-service.plugin.ts';
import { dateChangesPlugin } from './modules/date-changes/date-changes.plugin.ts';
import { googleWalletPlugin } from './modules/google-wallet/google-wallet.plugin.ts';
import { mailPlugin } from './modules/mail/mail.plugin.ts';
import { mailMagazinesPlugin } from './modules/mailmagazines/mailmagazines.plugin.ts';
import { membershipPlugin } from './modules/membership/membership.plugin.ts';
import { ordersPlugin } from './modules/orders/orders.plugin.ts';
import { paymentProvidersPlugin } from './modules/payments/payment-providers.plugin.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { reportsPlugin } from './modules/reports/reports.plugin.ts';
import { reservationsPlugin } from './modules/reservations/reservations.plugin.ts';
import { signagePlugin } from './modules/signage/signage.plugin.ts';
import { siteApi } from './modules/sites/site-api.plugin.ts';
import { sitesPlugin } from './modules/sites/sites.plugin.ts';
import { spotPlugin } from './modules/spot/spot.plugin.ts';
import { consoleApi } from './modules/staff/console-api.plugin.ts';
import { staffPlugin } from './modules/staff/staff.plugin.ts';
import { stockPlugin } from './modules/stock/stock.plugin.ts';
import { storefrontPlugin } from './modules/storefront/storefront.plugin.ts';
import { ticketsPlugin } from './modules/tickets/tickets.plugin.ts';
import { venueSetupPlugin } from './modules/venue-setup/venue-setup.plugin.ts';
import { waitingListPlugin } from './modules/waiting-list/waiting-list.plugin.ts';
import { appleWalletPlugin } from './modules/wallet/wallet.plugin.ts';
import { webhooksPlugin } from './modules/webhooks/webhooks.plugin.ts';

export type { AppOptions } from './app-options.ts';

/** The modules, each after those it needs (fastify-plugin checks each one's `dependencies`). */
const modules = [
  stockPlugin,
  sitesPlugin,
  cataloguePlugin,
  signagePlugin,
  ordersPlugin,
  mailPlugin,
  staffPlugin,
  auditPlugin,
  membershipPlugin,
  webhooksPlugin,
  paymentProvidersPlugin,
  dateChangesPlugin,
  paymentsPlugin,
  appleWalletPlugin,
  googleWalletPlugin,
  ticketsPlugin,
  reservationsPlugin,
  waitingListPlugin,
  spotPlugin,
  customerServicePlugin,
  checkinPlugin,
  reportsPlugin,
  venueSetupPlugin,
  mailMagazinesPlugin,
  storefrontPlugin,
];

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a load balancer the client is in X-Forwarded-For, trusted only from the proxies named.
    trustProxy: trustProxyOf(options.config.trustProxy ?? false),
    // Query strings like `main_product_time_span_ids=1,2` stay strings; zod parses them.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  const isProduction = options.config.appEnv === 'production';
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every answer carries the headers, errors and 404s included.
  await registerSecurityHeaders(app, { isProduction });
  registerErrorHandler(app);
  // Before any route: compression attaches itself to each route as it is added.
  await registerCompression(app);
  await app.register(xsrfProtection, { secure: isProduction });
  await registerApiDocs(app, {
    served: options.config.isApiDocsServed ?? options.config.appMode !== 'production',
    isProduction,
  });

  // The two APIs' routes, which the modules add to.
  app.decorate('siteRoutes', []);
  app.decorate('consoleApiRoutes', []);
  app.decorate('consoleRoutes', []);
  for (const module of modules) await app.register(module, options);
  await app.register(siteApi(app.sites, app.siteRoutes), { prefix: '/:site/api/v1' });
  await app.register(consoleApi({ db: options.db, sites: app.sites, secureCookies: isProduction }, app.consoleApiRoutes), {
    prefix: '/console/api/v1',
  });
  return app;
}
