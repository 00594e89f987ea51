/**
 * Gate devices (decision 021): a phone or tablet paired to one venue and gate. A manager makes one
 * in the console and gets a pairing code (128 bits, shown once as a QR, stored hashed, single use,
 * `PAIRING_MINUTES` long); the device trades it for a token of its own (stored hashed), its
 * credential for the scanner's calls until it is revoked or paired again.
 */

import type { GateDevice, GateDeviceBody, GateDevicePairing, PairResult } from '@storefront/domain/console/gate';
import { GATE_APP_PATH, PAIRING_MINUTES } from '@storefront/domain/console/gate';
import { localize } from '@storefront/domain/localize';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { clock } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type Actor, auditedChange, recordAudit } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { gateDevices, staffAccounts } from './staff.schema.ts';

export type GateDeviceRow = typeof gateDevices.$inferSelect;

/** Pairing attempts one address may make in ten minutes: a code is 128 bits, this only slows a flood. */
const PAIRINGS_PER_ADDRESS = 20;
/** `last_seen_at` is written at most this often. */
const TOUCH_AFTER_SECONDS = 60;

const iso = (at: Date | null) => at?.toISOString() ?? null;

function describe(row: GateDeviceRow, createdBy: string | null, now = clock.now()): GateDevice {
  const pairingLive = row.pairingCodeHash !== null && row.pairingExpiresAt !== null && row.pairingExpiresAt > now;
  return {
    id: row.id,
    name: row.name,
    gate: row.gate,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    paired_at: iso(row.pairedAt),
    last_seen_at: iso(row.lastSeenAt),
    revoked_at: iso(row.revokedAt),
    pairing_expires_at: pairingLive ? iso(row.pairingExpiresAt) : null,
  };
}

const deviceAudit = (venue: Site, action: string, device: GateDeviceRow, changes: Record<string, unknown> = {}) => ({
  venue,
  objectType: 'gate_device',
  objectId: device.id,
  action,
  changes: { name: device.name, gate: device.gate, ...changes },
});

export async function listGateDevices(db: Database, venue: Site): Promise<GateDevice[]> {
  const rows = await db
    .select({ device: gateDevices, createdBy: staffAccounts.email })
    .from(gateDevices)
    .leftJoin(staffAccounts, eq(staffAccounts.id, gateDevices.createdBy))
    .where(eq(gateDevices.siteId, venue.id))
    .orderBy(asc(gateDevices.createdAt));
  return rows.map((r) => describe(r.device, r.createdBy));
}

async function lockedDevice(tx: Database, venue: Site, id: string): Promise<GateDeviceRow> {
  const [row] = await tx
    .select()
    .from(gateDevices)
    .where(and(eq(gateDevices.id, id), eq(gateDevices.siteId, venue.id)))
    .for('update');
  if (!row) throw specError('not found', { message: 'there is no such gate device at this venue' });
  return row;
}

function pairingOf(row: GateDeviceRow, code: string, createdBy: string | null): GateDevicePairing {
  return {
    device: describe(row, createdBy),
    pairing_code: code,
    pairing_url: `${GATE_APP_PATH}#pair=${code}`,
    expires_at: (row.pairingExpiresAt as Date).toISOString(),
  };
}

const freshPairing = () => {
  const code = newToken();
  return {
    code,
    values: { pairingCodeHash: hashToken(code), pairingExpiresAt: new Date(clock.nowMs() + PAIRING_MINUTES * 60_000) },
  };
};

export async function createGateDevice(
  db: Database,
  actor: Actor,
  venue: Site,
  body: GateDeviceBody,
): Promise<GateDevicePairing> {
  const { code, values } = freshPairing();
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [created] = await tx
        .insert(gateDevices)
        .values({
          siteId: venue.id,
          name: body.name,
          gate: body.gate,
          createdBy: actor.type === 'staff' ? actor.id : null,
          ...values,
        })
        .returning();
      if (!created) throw new Error('the gate device was not written');
      return created;
    },
    (created) => deviceAudit(venue, 'create', created),
  );
  return pairingOf(row, code, actor.label);
}

/** A new pairing code; the device's token, if it had one, stops working at once. */
export async function repairGateDevice(db: Database, actor: Actor, venue: Site, id: string): Promise<GateDevicePairing> {
  const { code, values } = freshPairing();
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const device = await lockedDevice(tx, venue, id);
      const [updated] = await tx
        .update(gateDevices)
        .set({ ...values, tokenHash: null, revokedAt: null })
        .where(eq(gateDevices.id, device.id))
        .returning();
      return updated as GateDeviceRow;
    },
    (updated) => deviceAudit(venue, 'pair_again', updated),
  );
  return pairingOf(row, code, null);
}

export async function revokeGateDevice(db: Database, actor: Actor, venue: Site, id: string): Promise<GateDevice> {
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const device = await lockedDevice(tx, venue, id);
      if (device.revokedAt !== null) return device;
      const [updated] = await tx
        .update(gateDevices)
        .set({ revokedAt: clock.now(), tokenHash: null, pairingCodeHash: null, pairingExpiresAt: null })
        .where(eq(gateDevices.id, device.id))
        .returning();
      return updated as GateDeviceRow;
    },
    (updated) => deviceAudit(venue, 'revoke', updated),
  );
  return describe(row, null);
}

/**
 * A device trades its pairing code for its token: once, before the code expires. The audit entry
 * is the device's own first act.
 */
export async function pairGateDevice(
  db: Database,
  venues: () => Promise<Site[]>,
  code: string,
  clientIp: string | null,
): Promise<PairResult> {
  await enforceRateLimits(db, [{ key: `gate-pair:${clientIp ?? 'unknown'}`, max: PAIRINGS_PER_ADDRESS, windowSeconds: 600 }]);
  const token = newToken();
  // Read before the transaction: the sites may be read from the database, which on the embedded
  // engine (one connection) would wait for this transaction to end.
  const known = await venues();
  const notFound = () =>
    specError('not found', { message: 'this pairing code is unknown, used or expired: show a new one in the console' });
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [paired] = await tx
      .update(gateDevices)
      .set({
        tokenHash: hashToken(token),
        pairingCodeHash: null,
        pairingExpiresAt: null,
        pairedAt: clock.now(),
        lastSeenAt: clock.now(),
      })
      .where(
        and(
          eq(gateDevices.pairingCodeHash, hashToken(code)),
          gt(gateDevices.pairingExpiresAt, sql`app_now()`),
          isNull(gateDevices.revokedAt),
        ),
      )
      .returning();
    if (!paired) throw notFound();
    const venue = known.find((site) => site.id === paired.siteId);
    if (!venue) throw notFound();
    await recordAudit(tx, deviceActor(paired, clientIp), deviceAudit(venue, 'pair', paired));
    return {
      token,
      device: { id: paired.id, name: paired.name, gate: paired.gate },
      venue: { code: venue.code, name: localize(venue.venue.name, 'en') || venue.code },
    };
  });
}

/** A device as the audit log names it: its name and gate (its id is the row's object id). */
export function deviceActor(device: GateDeviceRow, clientIp: string | null): Actor {
  return { type: 'device', id: null, label: `${device.name} (${device.gate})`, clientIp };
}

/** The live device a token belongs to; null for an unknown, replaced or revoked one. Notes that it was seen. */
export async function findDeviceByToken(db: Database, token: string): Promise<GateDeviceRow | null> {
  const [row] = await db
    .select()
    .from(gateDevices)
    .where(and(eq(gateDevices.tokenHash, hashToken(token)), isNull(gateDevices.revokedAt)));
  if (!row) return null;
  if (row.lastSeenAt === null || row.lastSeenAt.getTime() < clock.nowMs() - TOUCH_AFTER_SECONDS * 1000) {
    await db
      .update(gateDevices)
      .set({ lastSeenAt: clock.now() })
      .where(
        and(
          eq(gateDevices.id, row.id),
          or(
            isNull(gateDevices.lastSeenAt),
            lt(gateDevices.lastSeenAt, sql`app_now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`),
          ),
        ),
      );
  }
  return row;
}
