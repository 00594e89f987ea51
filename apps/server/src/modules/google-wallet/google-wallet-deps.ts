/** What the Google Wallet operations are given when its plugin builds them. */
import type { GoogleWalletConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import type { CodeKeys } from '../tickets/ticket-signing.ts';
import type { WalletApi } from './wallet-api.ts';

export type GoogleWalletDeps = {
  db: Database;
  /** The deployment's issuer and service account; null when Google Wallet is not configured. */
  config: GoogleWalletConfig | null;
  api: WalletApi | null;
  keys: CodeKeys;
  siteById: (id: number) => Promise<Site | null>;
  /** Where visitors reach the shop: the save link's allowed origin, and the base of relative logos. */
  publicUrl: () => string;
  logger?: { warn(obj: unknown, msg: string): void };
};
