/** Google Wallet passes (decision 028), composed for the routes and for its plugin. */
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { followAdmissionChanges } from './follow-changes.ts';
import * as repo from './google-wallet.repository.ts';
import type { GoogleWalletDeps } from './google-wallet-deps.ts';
import { googleWalletSaveUrl, isGoogleWalletOffered } from './issue-passes.ts';

export function createGoogleWalletService(deps: GoogleWalletDeps, options: { retryDelayMs?: (attempts: number) => number } = {}) {
  return {
    isOffered: (siteId: number) => isGoogleWalletOffered(deps, siteId),
    saveUrl: (site: Site, token: string) => googleWalletSaveUrl(deps, site, token),
    /** One round of following the admissions' changes (the worker runs it every GOOGLE_WALLET_ROUND_MS). */
    followChanges: () => followAdmissionChanges(deps, options),
    async venueSettings(site: Site) {
      return { is_configured: deps.config !== null, is_enabled: await repo.isVenueEnabled(deps.db, site.id) };
    },
    /** Turns the venue's passes on or off, with its audit entry in the same transaction. */
    async setVenueEnabled(actor: Actor, site: Site, isEnabled: boolean) {
      if (isEnabled && deps.config === null)
        throw specError('conflict', {
          field: 'is_enabled',
          message: 'is_enabled: this deployment has no Google Wallet issuer account configured',
        });
      await deps.db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const wasEnabled = await repo.setVenueEnabled(tx, site.id, isEnabled);
        if (wasEnabled === isEnabled) return;
        await recordAudit(tx, actor, {
          venue: { id: site.id, code: site.code },
          objectType: 'google_wallet',
          objectId: site.id,
          action: isEnabled ? 'enabled' : 'disabled',
          changes: { is_enabled: { from: wasEnabled, to: isEnabled } },
        });
      });
      return this.venueSettings(site);
    },
  };
}

export type GoogleWalletService = ReturnType<typeof createGoogleWalletService>;
