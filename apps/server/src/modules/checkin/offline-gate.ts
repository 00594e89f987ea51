/**
 * The gate without the network (decision 021). A device keeps the day's offline kit — the venue's
 * public keys, the day's slots, the revocations of codes that named them, the day's check-ins — and
 * admits by it when it cannot ask. Its admitted scans come back later with a nonce each: every
 * nonce is settled once in `gate_scans`, in its own transaction with its check-in or its conflict
 * and the audit entry, and a nonce sent again gets its first answer.
 */

import {
  KIT_SINCE_MARGIN_MS,
  kitCursor,
  type OfflineKit,
  parseKitCursor,
  type UploadBody,
  type UploadResult,
} from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { timeOfDayIn, todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkInGraceMinutes, optionNamesOfProducts, slotFactsOf, venueSlotTimes } from '../catalogue/catalogue-facts.ts';
import { completedOrderIdsOfSlots } from '../orders/slot-orders.ts';
import type { Site } from '../sites/site.ts';
import { checkInsOfOrders } from '../tickets/check-in-tickets.ts';
import { DEFAULT_CHECK_IN_GRACE_MINUTES } from '../tickets/entry-window.ts';
import { revocationsOfSlots } from '../tickets/revocations.ts';
import type { CodeKeys } from '../tickets/ticket-signing.ts';
import { gateScans } from './checkin.schema.ts';
import { admit, namedByCode, type Scanner } from './gate-check-in.ts';

type UploadOutcome = UploadResult['results'][number]['outcome'];
type ParsedUpload = z.output<typeof UploadBody>;

export async function offlineKit(
  db: Database,
  keys: CodeKeys,
  venue: Site,
  query: { date?: string | undefined; lang: LanguageCode; since?: string | undefined },
  now = clock.now(),
): Promise<OfflineKit> {
  const date = query.date ?? todayIn(venue.timeZone, now);
  const slots = await venueSlotTimes(db, venue.id, { from: date, to: date });
  const slotIds = slots.map((s) => s.id);
  const gateSlot = (s: { id: number; date: string; startsAt: Date; endsAt: Date }) => ({
    id: s.id,
    date: s.date,
    start_time: timeOfDayIn(s.startsAt, venue.timeZone),
    end_time: timeOfDayIn(s.endsAt, venue.timeZone),
  });
  // The latest revocation of each admission counts: a code below its generation is void.
  const latest = new Map((await revocationsOfSlots(db, slotIds)).map((r) => [r.ticketId, r]));
  const movedTo = await slotFactsOf(
    db,
    [...latest.values()].flatMap((r) => (r.movedToTimeSpanId === null ? [] : [r.movedToTimeSpanId])),
  );
  // A device that holds this day's kit gets only the check-ins recorded since, with a margin for
  // transactions that committed after their time; a device whose kit is of another day (the
  // night has passed) gets the whole day.
  const held = query.since === undefined ? null : parseKitCursor(query.since);
  const since = held && held.date === date ? new Date(Math.min(held.at.getTime(), now.getTime()) - KIT_SINCE_MARGIN_MS) : null;
  const checkIns = await checkInsOfOrders(db, completedOrderIdsOfSlots(venue.id, slotIds), since);
  const options = await optionNamesOfProducts(
    db,
    slots.map((s) => s.productId),
  );
  return {
    venue: { id: venue.id, code: venue.code },
    date,
    server_time: now.toISOString(),
    grace_minutes: await checkInGraceMinutes(db, venue.id, DEFAULT_CHECK_IN_GRACE_MINUTES),
    keys: (await keys.venue(venue.id)).published.map((k) => ({ kid: k.kid, public_key: k.publicKey })),
    slots: slots.map((s) => ({ ...gateSlot(s), product_name: localize(s.productName, query.lang) })),
    options: [...options].map(([id, name]) => ({ id, name: localize(name, query.lang) })),
    revocations: [...latest.values()].map((r) => {
      const moved = r.movedToTimeSpanId === null ? undefined : movedTo.get(r.movedToTimeSpanId);
      return { ticket_id: r.ticketId, generation: r.generation, reason: r.reason, moved_to: moved ? gateSlot(moved) : null };
    }),
    check_ins: checkIns.map((c) => ({ ticket_id: c.ticketId, mode: c.mode, at: c.checkedInAt.toISOString(), gate: c.gate })),
    check_ins_since: since?.toISOString() ?? null,
    cursor: kitCursor({ date, server_time: now.toISOString() }),
  };
}

/** Settles one offline scan under its nonce; a nonce already settled answers as it did. */
async function settle(
  db: Database,
  keys: CodeKeys,
  venue: Site,
  scanner: Scanner,
  scan: ParsedUpload['scans'][number],
  now: Date,
): Promise<UploadResult['results'][number]> {
  // Read before the transaction: the venue's keys may be read from the database, which on the
  // embedded engine (one connection) would wait for this transaction to end.
  const named =
    scan.code === undefined ? [{ id: scan.admission_id as string, generation: null }] : await namedByCode(keys, venue, scan.code);
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    // Taking the nonce first: an upload of the same nonce at the same moment waits here, then replays.
    const [taken] = await tx
      .insert(gateScans)
      .values({
        nonce: scan.nonce,
        siteId: venue.id,
        deviceId: scanner.deviceId,
        scannedBy: scanner.actor.label,
        gate: scanner.gate,
        mode: scan.mode,
        scannedAt: new Date(scan.scanned_at),
        outcome: 'refused',
      })
      .onConflictDoNothing()
      .returning({ nonce: gateScans.nonce });
    if (!taken) {
      const [settled] = await tx.select({ outcome: gateScans.outcome }).from(gateScans).where(eq(gateScans.nonce, scan.nonce));
      return { nonce: scan.nonce, outcome: settled?.outcome ?? 'refused', replayed: true };
    }
    // A device's clock ahead of the server's does not put a check-in in the future.
    const at = new Date(Math.min(new Date(scan.scanned_at).getTime(), now.getTime()));
    let outcome: UploadOutcome = 'refused';
    let conflict: 'used' | 'revoked' | null = null;
    let detail: (typeof gateScans.$inferInsert)['detail'] = { ticketIds: [] };
    if (typeof named !== 'string') {
      const { result, orderId } = await admit(tx, venue, scanner, { named, mode: scan.mode, lang: 'en', at, offline: true });
      detail = { ticketIds: result.admissions.map((a) => a.id), ...(orderId ? { orderId } : {}) };
      if (result.status === 'success') outcome = 'recorded';
      else if (result.status === 'used') {
        outcome = 'conflict';
        conflict = 'used';
        if (result.used) detail.first = result.used;
      } else if (result.status === 'changed' || result.reason === 'cancelled' || result.reason === 'replaced') {
        outcome = 'conflict';
        conflict = 'revoked';
      }
    }
    await tx.update(gateScans).set({ outcome, conflict, detail }).where(eq(gateScans.nonce, scan.nonce));
    if (outcome !== 'recorded') {
      // A recorded scan's audit entry is its check-in's; a conflict or a refusal is recorded as such.
      await recordAudit(tx, scanner.actor, {
        venue,
        objectType: 'gate_scan',
        objectId: scan.nonce,
        action: outcome === 'conflict' ? `offline_conflict_${conflict}` : 'offline_refused',
        changes: { admissions: detail.ticketIds, gate: scanner.gate, scanned_at: at.toISOString() },
      });
    }
    return { nonce: scan.nonce, outcome, replayed: false };
  });
}

/** Settles a device's offline scans, earliest first, so the first admission of a ticket is the one that stands. */
export async function uploadScans(
  db: Database,
  keys: CodeKeys,
  venue: Site,
  scanner: Scanner,
  body: ParsedUpload,
  now = clock.now(),
): Promise<UploadResult> {
  const ordered = [...body.scans].sort((a, b) => Date.parse(a.scanned_at) - Date.parse(b.scanned_at));
  const settled = new Map<string, UploadResult['results'][number]>();
  for (const scan of ordered) {
    settled.set(scan.nonce, settled.get(scan.nonce) ?? (await settle(db, keys, venue, scanner, scan, now)));
  }
  return { results: body.scans.map((s) => settled.get(s.nonce) as UploadResult['results'][number]) };
}
