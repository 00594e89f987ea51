import fp from 'fastify-plugin';
import { type AppOptions, publicUrlOf } from '../../app-options.ts';
import { repeatRounds } from '../../lib/rounds.ts';
import { createKeyCache } from '../tickets/ticket-signing.ts';
import { GOOGLE_WALLET_ROUND_MS } from './follow-changes.ts';
import { googleWalletConsoleRoutes } from './google-wallet.console-routes.ts';
import { googleWalletRoutes } from './google-wallet.routes.ts';
import { createGoogleWalletService, type GoogleWalletService } from './google-wallet.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    googleWallet: GoogleWalletService;
    /** One round bringing Google Wallet passes up to date with their admissions (decision 028). */
    followGoogleWalletChanges(): Promise<{ read: number; marked: number; updated: number; failed: number }>;
  }
}

/**
 * Google Wallet passes (decision 028): where configured, every process follows the admissions'
 * change feed now and then and brings passes up to date; the feed's cursor and each pass's
 * generation keep it once. Its client loads only where configured (decision 038).
 */
export const googleWalletPlugin = fp<AppOptions>(
  async (app, options) => {
    const config = options.config.googleWallet ?? null;
    const googleWallet = createGoogleWalletService(
      {
        db: options.db,
        config,
        api: config ? (await import('./wallet-api.ts')).createWalletApi(config) : null,
        keys: createKeyCache(options.db),
        siteById: (id) => app.sites.byId(id),
        publicUrl: publicUrlOf(options),
        logger: app.log,
      },
      options.googleWallet?.retryDelayMs ? { retryDelayMs: options.googleWallet.retryDelayMs } : {},
    );
    app.decorate('googleWallet', googleWallet);
    app.decorate('googleWalletOffered', (siteId: number) => googleWallet.isOffered(siteId));
    app.decorate(
      'followGoogleWalletChanges',
      repeatRounds(app, {
        work: () => googleWallet.followChanges(),
        ...(config ? { everyMs: options.googleWallet?.roundMs ?? GOOGLE_WALLET_ROUND_MS } : {}),
        failure: 'Google Wallet passes could not be updated',
      }),
    );
    app.siteRoutes.push(googleWalletRoutes(googleWallet));
    app.consoleApiRoutes.push(googleWalletConsoleRoutes(googleWallet));
  },
  { name: 'google-wallet', dependencies: ['sites'] },
);
