/**
 * Check-in at a gate (SPEC §4): a staff device reads a ticket's QR (`read_qr`), or staff tap the
 * visitor's own ticket page (`tap_ticket`). Modes: `gate` (entry) and `set` (set products handed
 * over). The answer is one of the ticket check statuses: success, used, invalid_time or invalid.
 * Every check-in is recorded with its time, gate and method; of several simultaneous check-ins of
 * one admission exactly one succeeds (the unique key on admission and mode decides).
 * Anyone who photographs a QR can ask, so the answer names the admissions and the product but
 * nothing that opens the booking (no reservation number).
 */
import type { CheckInBody, CheckInResult } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { hashToken } from '../../lib/tokens.ts';
import { checkInGraceMinutes, findSlot } from '../catalog/catalog-facts.ts';
import type { Site } from '../sites/site.ts';
import { type CheckInTarget, findCheckInTargets, recordCheckIns } from '../tickets/check-in-tickets.ts';
import { DEFAULT_CHECK_IN_GRACE_MINUTES, isWithinEntryWindow } from '../tickets/entry-window.ts';
import { findAccess, listAdmissions } from '../tickets/order-tickets.ts';
import { createKeyCache, verifyPayload } from '../tickets/ticket-signing.ts';

const INVALID: CheckInResult = {
  status: 'invalid',
  checkedIn: 0,
  admissions: [],
  productName: null,
  checkedInAt: null,
};

export function createCheckInService(db: Database) {
  const signingKey = createKeyCache(db);
  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));

  /** The admissions a check-in names with the generation each must still have; null when it names none. */
  async function targetsOf(site: Site, body: CheckInBody): Promise<{ id: string; generation: number | null }[] | null> {
    if (body.method === 'read_qr') {
      const contents = verifyPayload(await signingKey(site.id), body.payload);
      if (!contents || contents.siteId !== site.id) return null;
      return contents.admissions;
    }
    const access = await findAccess(db, site.id, hashToken(body.reservation_token));
    if (!access) return null;
    const admissions = await listAdmissions(db, access);
    const chosen = body.ticket_id === 'all' ? admissions : admissions.filter((a) => a.id === body.ticket_id);
    // A tap is on the page itself: the page's current admissions, whatever generation they are at.
    return chosen.length > 0 ? chosen.map((a) => ({ id: a.id, generation: null })) : null;
  }

  return {
    async checkIn(site: Site, body: CheckInBody, now = new Date()): Promise<CheckInResult> {
      const lang = (body.lang ?? 'ja') as LanguageCode;
      const named = await targetsOf(site, body);
      if (!named) return INVALID;
      return transaction(async (tx) => {
        const found = await findCheckInTargets(
          tx,
          named.map((n) => n.id),
        );
        const orderIds = new Set(found.map((t) => t.orderId));
        const isCurrent = (target: CheckInTarget) => {
          const wanted = named.find((n) => n.id === target.id);
          return wanted !== undefined && (wanted.generation === null || wanted.generation === target.generation);
        };
        // Every admission named must exist, be of this site and one completed order, and be current.
        if (
          found.length !== named.length ||
          orderIds.size !== 1 ||
          found.some((t) => t.siteId !== site.id || t.orderStatus !== 'completed' || t.status === 'cancelled' || !isCurrent(t))
        ) {
          return INVALID;
        }
        const first = found[0] as CheckInTarget;
        const summary = {
          admissions: found.map((t) => ({ id: t.id, optionName: localize(t.optionName, lang), position: t.position })),
          productName: localize(first.productName, lang),
        };
        if (body.mode === 'set' && first.setProductCount === 0) return { ...INVALID, ...summary };
        const slot = await findSlot(tx, first.timeSpanId);
        const graceMinutes = await checkInGraceMinutes(tx, site.id, DEFAULT_CHECK_IN_GRACE_MINUTES);
        if (!slot || !isWithinEntryWindow({ startsAt: slot.startsAt, endsAt: slot.endsAt, graceMinutes }, now)) {
          return { ...summary, status: 'invalid_time', checkedIn: 0, checkedInAt: null };
        }
        const recorded = await recordCheckIns(
          tx,
          found.map((t) => t.id),
          { mode: body.mode, method: body.method, gate: body.gate },
        );
        if (recorded.length === 0) return { ...summary, status: 'used', checkedIn: 0, checkedInAt: null };
        return {
          ...summary,
          status: 'success',
          checkedIn: recorded.length,
          checkedInAt: (recorded[0] as { checkedInAt: Date }).checkedInAt.toISOString(),
        };
      });
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
