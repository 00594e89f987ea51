import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import { createKeyCache } from '../tickets/ticket-signing.ts';
import { APPLE_WALLET_FOLLOW_MS } from './follow-changes.ts';
import { appleWalletConsoleRoutes } from './wallet.console-routes.ts';
import { appleWalletTicketRoutes, appleWalletWebServiceRoutes } from './wallet.routes.ts';
import { createAppleWalletService } from './wallet.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appleWallet: ReturnType<typeof createAppleWalletService>;
    /** One round following admission changes into Apple Wallet passes now (decision 027); passes changed. */
    followAppleWalletChanges(): Promise<number>;
  }
}

/** Apple Wallet passes (decision 027): where configured, every process follows admission changes into them. */
export const appleWalletPlugin = fp<AppOptions>(
  async (app, options) => {
    const config = options.config.appleWallet ?? null;
    const appleWallet = createAppleWalletService({
      db: options.db,
      config,
      keys: createKeyCache(options.db),
      siteById: (id) => app.sites.byId(id),
      publicUrl: publicUrlOf(options),
      logger: app.log,
    });
    app.decorate('appleWallet', appleWallet);
    app.decorate('appleWalletOffered', (siteId: number) => appleWallet.isOffered(siteId));
    app.decorate('followAppleWalletChanges', () => appleWallet.followChanges());
    if (config) {
      const timer = setInterval(() => {
        appleWallet
          .followChanges()
          .catch((error) => app.log.warn({ err: error }, 'Apple Wallet passes could not follow changes'));
      }, options.appleWalletMs ?? APPLE_WALLET_FOLLOW_MS);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        await appleWallet.settled();
      });
    }
    app.siteRoutes.push(appleWalletTicketRoutes(appleWallet.deps));
    app.consoleApiRoutes.push(appleWalletConsoleRoutes({ db: options.db, config }));
    // Apple's pass web service, at the passes' webServiceURL.
    await app.register(appleWalletWebServiceRoutes(appleWallet.deps), { prefix: '/wallet/apple' });
  },
  { name: 'apple-wallet', dependencies: ['sites'] },
);
