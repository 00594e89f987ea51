/**
 * A reservation token's "Add to Google Wallet" link (decision 028): the product's class and an
 * object per admission the ticket page shows (cancelled ones left out) are made through the REST
 * API first, then a save JWT names the objects by id. Asked again, it makes only what is missing
 * and brings an object Google holds at an older generation up to date.
 */
import { productNames } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import { walletAdmissionsOfToken } from '../tickets/wallet-admissions.ts';
import * as repo from './google-wallet.repository.ts';
import type { GoogleWalletDeps } from './google-wallet-deps.ts';
import { eventTicketClass, eventTicketObject, eventTicketObjectChanges, objectIdOf } from './pass-content.ts';
import { saveUrl } from './save-link.ts';

/** Whether a venue's tickets offer "Add to Google Wallet" now. */
export async function isGoogleWalletOffered(deps: Pick<GoogleWalletDeps, 'db' | 'config'>, siteId: number): Promise<boolean> {
  return deps.config !== null && (await repo.isVenueEnabled(deps.db, siteId));
}

/** The save link of the token's admissions; null when the venue does not offer passes or none still stands. */
export async function googleWalletSaveUrl(deps: GoogleWalletDeps, site: Site, token: string): Promise<string | null> {
  const { db, config, api } = deps;
  if (!config || !api || !(await repo.isVenueEnabled(db, site.id))) return null;
  const admissions = (await walletAdmissionsOfToken(db, deps.keys, site, token)).filter((a) => a.status !== 'cancelled');
  const first = admissions[0];
  if (!first) return null;
  const publicUrl = deps.publicUrl();

  const names = await productNames(db, [first.productId]);
  const eventClass = eventTicketClass(
    config.issuerId,
    site,
    { id: first.productId, name: names.get(first.productId) ?? {} },
    first.lang,
    publicUrl,
  );
  if (!(await repo.knownClassIds(db, [eventClass.id])).has(eventClass.id)) {
    await api.upsertClass(eventClass);
    await repo.recordClass(db, { classId: eventClass.id, siteId: site.id, productId: first.productId });
  }

  const objectIds = admissions.map((a) => objectIdOf(config.issuerId, a));
  const objects = await repo.objectsOf(db, objectIds);
  for (const [i, admission] of admissions.entries()) {
    const objectId = objectIds[i] as string;
    const object = objects.get(objectId);
    const state = admission.status === 'cancelled' ? 'INACTIVE' : 'ACTIVE';
    if (!object) {
      await api.insertObject(eventTicketObject(config.issuerId, eventClass.id, admission, site));
      await repo.recordObject(db, {
        objectId,
        ticketId: admission.id,
        shareId: admission.shareId,
        siteId: site.id,
        classId: eventClass.id,
        generation: admission.generation,
        state,
      });
    } else if (object.sentGeneration < admission.generation) {
      await api.patchObject(objectId, eventTicketObjectChanges(admission, site));
      await repo.recordSent(db, objectId, admission.generation, state);
    }
  }
  return saveUrl(config, new URL(publicUrl).origin, objectIds);
}
