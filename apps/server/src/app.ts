/** Builds the server as a plugin tree; main.ts only listens, tests use `inject`. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { DEFAULT_VARIANT } from '@storefront/domain/constants';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler } from './http/errors.ts';
import { xsrfProtection } from './http/xsrf.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { enqueueMailConfirmation, enqueueOrderConfirmation } from './modules/mail/enqueue-order-confirmation.ts';
import { mailViewerRoutes } from './modules/mail/mail.routes.ts';
import { createMailTransport, createOutboxWorker } from './modules/mail/mail-sender.ts';
import { membershipRoutes } from './modules/membership/membership.routes.ts';
import { createMembershipService } from './modules/membership/membership.service.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { signageRoutes } from './modules/signage/signage.routes.ts';
import { createSignageService } from './modules/signage/signage.service.ts';
import { siteApi } from './modules/sites/site-api.plugin.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { spotRoutes } from './modules/spot/spot.routes.ts';
import { createSpotService } from './modules/spot/spot.service.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { chargeSandboxCard } from './payments/sandbox-card.ts';

export type AppOptions = {
  config: Pick<Config, 'appMode' | 'appEnv' | 'reconnectSite'> & Partial<Pick<Config, 'smtpUrl' | 'spotStaffKey'>>;
  /** Signage: how often a site with screens connected is looked at for sales made by other processes. */
  signagePollMs?: number;
  /** Where visitors reach the shop, for links in e-mails; read when a mail is written. */
  publicUrl?: () => string;
  db: Database;
  /** The storefront build (its index.html and assets/). */
  storefrontDir: string;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Query strings like `main_product_time_span_ids=1,2` stay strings; zod parses them.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(xsrfProtection, { secure: options.config.appEnv === 'production' });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', description: 'Catalogue, orders and tickets of every venue', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const sites = createSitesService(options.db, {
    appMode: options.config.appMode,
    defaultVariant: DEFAULT_VARIANT,
    reconnectSite: options.config.reconnectSite,
  });
  const catalog = createCatalogService(options.db, { appMode: options.config.appMode });
  // Mail goes through the outbox: written with the order, sent after commit, retried.
  const transport = createMailTransport(options.config.smtpUrl ?? null);
  const mailWorker = createOutboxWorker(options.db, transport, { logger: app.log });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    transport?.close();
  });
  const publicUrl = options.publicUrl ?? (() => 'http://localhost:3000');

  // Lobby screens follow sales: at once for this process's own, within a poll for the others'.
  const signage = createSignageService({
    loadBoard: (site) => catalog.todayBoard(site),
    ...(options.signagePollMs ? { pollMs: options.signagePollMs } : {}),
    onError: (error) => app.log.warn({ err: error }, 'signage board could not be loaded'),
  });
  app.addHook('preClose', async () => signage.close());
  const stockChanged = () => {
    catalog.invalidateAvailability();
    signage.stockChanged();
  };

  const orders = createOrdersService(options.db, {
    // Demo and tests charge cards through the sandbox gateway; the Payments work adds real ones.
    chargeCard: (charge) => chargeSandboxCard(charge),
    enqueueConfirmation: (tx, completed) => enqueueOrderConfirmation(tx, completed, publicUrl()),
    enqueueMailConfirmation: (tx, mail) => enqueueMailConfirmation(tx, mail, publicUrl()),
    onMailQueued: () => mailWorker.kick(),
    onStockChanged: stockChanged,
    onOrderCompleted: () => {
      stockChanged();
      mailWorker.kick();
    },
  });

  const membership = createMembershipService(options.db, orders);
  const spot = createSpotService(options.db, {
    catalog,
    orders,
    appMode: options.config.appMode,
    staffKey: options.config.spotStaffKey ?? null,
  });

  await app.register(
    siteApi(sites, [
      catalogRoutes(catalog),
      orderRoutes(orders),
      membershipRoutes(membership),
      spotRoutes(spot),
      signageRoutes(signage),
    ]),
    { prefix: '/:site/api/v1' },
  );
  // The mail viewer shows every visitor's mail to anyone: never in production.
  if (options.config.appMode !== 'production') await app.register(mailViewerRoutes(options.db));
  await app.register(storefrontRoutes({ sites, storefrontDir: options.storefrontDir, appMode: options.config.appMode }));

  return app;
}
