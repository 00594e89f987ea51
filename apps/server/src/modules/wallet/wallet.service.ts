/**
 * Apple Wallet passes (decision 027), composed for its plugin: whether a venue offers them (the ticket
 * view's and the ticket mail's port), the deps of its routes, and the rounds following admission
 * changes that every process runs while a pass certificate is configured.
 */
import type { AppleWalletConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import type { CodeKeys } from '../tickets/ticket-signing.ts';
import { type ApplePassesDeps, isAppleWalletOffered } from './apple-passes.ts';
import { followPassChanges } from './follow-changes.ts';

export function createAppleWalletService(options: {
  db: Database;
  config: AppleWalletConfig | null;
  keys: CodeKeys;
  siteById: (id: number) => Promise<Site | null>;
  publicUrl: () => string;
  logger: { warn(obj: unknown, msg: string): void };
}) {
  const deps: ApplePassesDeps = {
    db: options.db,
    config: options.config,
    keys: options.keys,
    siteById: options.siteById,
    publicUrl: options.publicUrl,
  };
  let round: Promise<number> = Promise.resolve(0);
  return {
    deps,
    isOffered: (siteId: number) => isAppleWalletOffered(deps, siteId),
    /** One round over the change feed (rounds of this process never overlap); passes changed. */
    followChanges(): Promise<number> {
      const { config } = options;
      if (!config) return Promise.resolve(0);
      round = round.catch(() => 0).then(() => followPassChanges({ db: options.db, config, logger: options.logger }));
      return round;
    },
    /** Waits for the round under way (closing the app). */
    settled: () => round.catch(() => 0),
  };
}
