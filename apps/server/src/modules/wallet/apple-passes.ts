/**
 * Apple Wallet passes of admissions (decision 027): handed out to whoever holds a reservation
 * token, fetched again by the devices that keep them (Apple's pass web service), and kept in step
 * with the admission by `follow-changes.ts`.
 */

import type { AppleWalletConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import type { CodeKeys } from '../tickets/ticket-signing.ts';
import { type WalletAdmission, walletAdmissionsByIds, walletAdmissionsOfToken } from '../tickets/wallet-admissions.ts';
import * as repo from './wallet.repository.ts';

export type ApplePassesDeps = {
  db: Database;
  config: AppleWalletConfig | null;
  keys: CodeKeys;
  siteById: (id: number) => Promise<Site | null>;
  publicUrl: () => string;
};

export type BuiltPass = { archive: Buffer; lastModified: Date };

/** Whether the venue offers Apple Wallet: the deployment has a pass certificate and the venue turned it on. */
export async function isAppleWalletOffered(deps: Pick<ApplePassesDeps, 'db' | 'config'>, siteId: number): Promise<boolean> {
  if (!deps.config) return false;
  return (await repo.findVenue(deps.db, siteId))?.isEnabled ?? false;
}

async function build(
  deps: ApplePassesDeps,
  config: AppleWalletConfig,
  site: Site,
  admission: WalletAdmission,
  pass: { shareId: string | null },
  authenticationToken: string,
): Promise<Buffer> {
  const venue = await repo.findVenue(deps.db, site.id);
  // Someone else holds the admission now (a share claimed): this copy stops admitting and shows no code.
  const isHeldElsewhere = admission.shareId !== pass.shareId;
  // passkit-generator and sharp are loaded by the first pass, not at start (decision 038).
  const { buildPassArchive } = await import('./pass-archive.ts');
  return buildPassArchive({
    config,
    site,
    look: { latitude: venue?.latitude ?? null, longitude: venue?.longitude ?? null },
    admission,
    isVoided: admission.status === 'cancelled' || isHeldElsewhere,
    authenticationToken,
    webServiceUrl: `${deps.publicUrl().replace(/\/+$/, '')}/wallet/apple`,
  });
}

/** A new pass of one admission the reservation token shows; `not found` where the venue does not offer them. */
export async function downloadPass(deps: ApplePassesDeps, site: Site, token: string, admissionId: string, now = clock.now()) {
  const { config } = deps;
  if (!config || !(await isAppleWalletOffered(deps, site.id))) throw specError('not found');
  const admission = (await walletAdmissionsOfToken(deps.db, deps.keys, site, token)).find((a) => a.id === admissionId);
  if (!admission) throw specError('not found', { message: 'this ticket has no such admission' });
  const authenticationToken = newToken();
  await repo.recordIssuedPass(
    deps.db,
    {
      serialNumber: admission.id,
      siteId: site.id,
      tokenHash: hashToken(authenticationToken),
      shareId: admission.shareId,
      generation: admission.generation,
    },
    now,
  );
  return build(deps, config, site, admission, { shareId: admission.shareId }, authenticationToken);
}

/** The pass a device's `Authorization: ApplePass <token>` opens; null when the token is not one of it. */
export async function authorizedPass(
  deps: ApplePassesDeps,
  passTypeIdentifier: string,
  serialNumber: string,
  authorization: string | undefined,
): Promise<repo.PassRow | null> {
  if (!deps.config || passTypeIdentifier !== deps.config.passTypeIdentifier) return null;
  const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token || !/^[0-9a-f-]{36}$/.test(serialNumber)) return null;
  const pass = await repo.findPass(deps.db, serialNumber);
  return pass?.authTokenHashes.includes(hashToken(token)) ? pass : null;
}

/** The pass as the admission stands now, with the token the device sent (so its copy keeps working). */
export async function latestPass(deps: ApplePassesDeps, pass: repo.PassRow, authorization: string): Promise<BuiltPass | null> {
  const { config } = deps;
  const site = await deps.siteById(pass.siteId);
  const [admission] = await walletAdmissionsByIds(deps.db, deps.keys, [pass.serialNumber]);
  if (!config || !site || !admission) return null;
  const token = authorization.slice('ApplePass '.length);
  return { archive: await build(deps, config, site, admission, pass, token), lastModified: pass.updatedAt };
}

export const registerDevice = (deps: ApplePassesDeps, device: string, serialNumber: string, pushToken: string) =>
  repo.register(deps.db, device, serialNumber, pushToken);

export const unregisterDevice = (deps: ApplePassesDeps, device: string, serialNumber: string) =>
  repo.unregister(deps.db, device, serialNumber);

/**
 * The serial numbers of a device's passes changed since `tag` (all of them without one), and the
 * tag to ask with next time: the latest change's time in milliseconds.
 */
export async function changedPassesOfDevice(
  deps: ApplePassesDeps,
  device: string,
  passTypeIdentifier: string,
  tag: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  if (!deps.config || passTypeIdentifier !== deps.config.passTypeIdentifier) return null;
  const since = tag && /^\d{1,15}$/.test(tag) ? new Date(Number(tag)) : null;
  const changed = await repo.passesOfDevice(deps.db, device, since);
  if (changed.length === 0) return null;
  const latest = Math.max(...changed.map((p) => p.updatedAt.getTime()));
  return { serialNumbers: changed.map((p) => p.serialNumber), lastUpdated: String(latest) };
}
