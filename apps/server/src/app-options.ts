/** What the server is built from: the configuration, the database, the builds, and the timings tests shorten. */
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

export type AppOptions = {
  config: Pick<Config, 'appMode' | 'appEnv' | 'reconnectSite'> &
    Partial<
      Pick<
        Config,
        | 'smtpUrl'
        | 'stripe'
        | 'adyen'
        | 'paypay'
        | 'spotStaffKey'
        | 'trustProxy'
        | 'isApiDocsServed'
        | 'staffMailFrom'
        | 'googleWallet'
        | 'appleWallet'
      >
    >;
  /** Signage: how often a site with screens connected is looked at for sales made by other processes. */
  signagePollMs?: number;
  /** How long an idle batcher of payments (their beginnings, their completions) waits for others to go with (decision 030; BATCH_GATHER_MS unless given). */
  batchGatherMs?: number;
  /** How often this process offers places that came back to the waiting lists (WAITING_LIST_ROUND_MS unless given). */
  waitingListMs?: number;
  /** How often a watched day's live arrivals are read again (tests make it short). */
  arrivalsPollMs?: number;
  /** How long one live-arrivals stream lasts before the browser opens it again (and is checked again). */
  arrivalsStreamMs?: number;
  /** Where visitors reach the shop, for links in e-mails; read when a mail is written. */
  publicUrl?: () => string;
  db: Database;
  /** The storefront build (its index.html and assets/). */
  storefrontDir: string;
  /** The console build (served under /console/); without one, /console/ says it is not built. */
  consoleDir?: string;
  /** The gate scanner's build (served under /gate/); without one, /gate/ says it is not built. */
  gateDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The background jobs' worker: items worked at once, and how often an idle worker looks. */
  jobs?: { concurrency?: number; pollMs?: number };
  /** How often this process summarises the dashboard's closed days (decision 023). */
  reportSummaryMs?: number;
  /** How often this process looks for summary mails due (REPORT_MAIL_CHECK_MS unless given). */
  reportMailMs?: number;
  /** How often this process brings Google Wallet passes up to date (GOOGLE_WALLET_ROUND_MS unless given), and the back-off. */
  googleWallet?: { roundMs?: number; retryDelayMs?: (attempts: number) => number };
  /** How often this process follows admission changes into Apple Wallet passes (APPLE_WALLET_FOLLOW_MS unless given). */
  appleWalletMs?: number;
  /** The webhook deliveries' worker: its poll, a receiver's time to answer, the back-off (tests make them short). */
  webhooks?: {
    intervalMs?: number;
    timeoutMs?: number;
    maxAttempts?: number;
    retryDelayMs?: (attempts: number) => number;
    publicOnly?: boolean;
  };
};

/** Where visitors reach the shop, for links in mails: the option, else the local address. */
export const publicUrlOf = (options: AppOptions): (() => string) => options.publicUrl ?? (() => 'http://localhost:3000');
