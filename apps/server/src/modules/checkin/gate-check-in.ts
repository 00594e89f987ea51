/**
 * Check-in at the gate (SPEC §4, decision 021), by a paired device or a staff member with
 * `checkin:scan`: a code read from a ticket, or an admission chosen by hand after looking up the
 * reservation number. The answer tells the attendant what to do: `success`, `used` (when and
 * where), `invalid_time` (the ticket's slot), `changed` (the slot it moved to) or `invalid` (why).
 * The admissions stay locked to the end of the transaction, so of several simultaneous scans of
 * one admission exactly one admits it (the unique key on admission and mode decides), and a
 * cancellation waits for the check-in or the check-in for it. Each check-in writes its audit entry
 * in the same transaction.
 */
import type { GateBooking, GateResult, GateSlot, GateStatus } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { gateFactsOf, type SlotFacts, slotFactsOf } from '../catalogue/catalogue-facts.ts';
import { findCompletedByNumber } from '../orders/completed-orders.ts';
import type { Site } from '../sites/site.ts';
import {
  admissionsAtGate,
  type CheckInMode,
  type CheckInTarget,
  checkInsOf,
  findCheckInTargets,
  recordCheckIns,
} from '../tickets/check-in-tickets.ts';
import { DEFAULT_CHECK_IN_GRACE_MINUTES, isWithinEntryWindow } from '../tickets/entry-window.ts';
import { latestRevocations } from '../tickets/revocations.ts';
import { type CodeKeys, verifyPayload } from '../tickets/ticket-signing.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';

/** Who scans: the audit's actor, and the device or staff member each check-in records. */
export type Scanner = { actor: Actor; deviceId: string | null; staffId: number | null; gate: string };

/** The admissions a scan names, at the generation its code was signed for (null: as they are now). */
type Named = { id: string; generation: number | null }[];

export type Scan = {
  named: Named;
  mode: CheckInMode;
  lang: LanguageCode;
  /** When the scan was made: now, or the time of a scan made offline. */
  at: Date;
  offline: boolean;
};

type Reason = NonNullable<GateResult['reason']>;

/** An answer that admits nobody, for this reason. */
export const refused = (reason: Reason, status: GateStatus = 'invalid'): GateResult => ({
  status,
  reason,
  product_name: null,
  admissions: [],
  admitted: 0,
  slot: null,
  used: null,
  checked_in_at: null,
});

/** The venue a code claims to be of, unverified: only to say "another venue's ticket" rather than "not a ticket". */
function claimedVenue(code: string): number | null {
  const parts = code.trim().split('.');
  const body = parts[0] === 'SF2' ? parts[2] : parts[0] === 'SF1' ? parts[1] : undefined;
  if (!body) return null;
  try {
    const { s } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { s?: unknown };
    return Number.isInteger(s) ? (s as number) : null;
  } catch {
    return null;
  }
}

/** The admissions a code stands for, when it is a code of this venue with a right signature. */
export async function namedByCode(keys: CodeKeys, venue: Site, code: string): Promise<Named | Reason> {
  const claimed = claimedVenue(code);
  if (claimed === null) return 'unreadable';
  if (claimed !== venue.id) return 'other_venue';
  const contents = await verifyPayload(keys, venue.id, code);
  if (!contents || contents.siteId !== venue.id) return 'unknown';
  return contents.admissions;
}

type SlotAtGate = { slot: GateSlot; startsAt: Date; endsAt: Date; productName: Record<string, string> };

async function slotOf(tx: Database, venue: Site, timeSpanId: number): Promise<SlotAtGate | null> {
  return slotAtGate(venue, (await slotFactsOf(tx, [timeSpanId])).get(timeSpanId));
}

function slotAtGate(venue: Site, found: SlotFacts | null | undefined): SlotAtGate | null {
  if (!found) return null;
  return {
    productName: found.productName,
    slot: {
      id: found.id,
      date: found.date,
      start_time: timeOfDayIn(found.startsAt, venue.timeZone),
      end_time: timeOfDayIn(found.endsAt, venue.timeZone),
    },
    startsAt: found.startsAt,
    endsAt: found.endsAt,
  };
}

/** Why an admission named at an older generation no longer admits: moved to another date, or replaced. */
async function staleAnswer(tx: Database, stale: CheckInTarget[], base: Decided, current: SlotAtGate | null): Promise<Decided> {
  const latest = await latestRevocations(
    tx,
    stale.map((t) => t.id),
  );
  const moved = [...latest.values()].find((r) => r.reason === 'changed');
  if (moved) {
    // The order has moved: its slot now is where the visitor is expected.
    return { ...base, status: 'changed', reason: null, slot: current?.slot ?? null };
  }
  return { ...base, status: 'invalid', reason: 'replaced' };
}

/**
 * Decides and, when it admits, records the scan in the caller's transaction. The scanner's venue
 * is the only one whose admissions it can see.
 */
export async function admit(
  tx: Database,
  venue: Site,
  scanner: Scanner,
  scan: Scan,
): Promise<{ result: GateResult; orderId: string | null }> {
  const { orderId, ...result } = await decide(tx, venue, scanner, scan);
  return { result, orderId: orderId ?? null };
}

/** An answer, with the order it is about once the scan names one. */
type Decided = GateResult & { orderId?: string };

async function decide(tx: Database, venue: Site, scanner: Scanner, scan: Scan): Promise<Decided> {
  const found = await findCheckInTargets(
    tx,
    scan.named.map((n) => n.id),
  );
  const orderIds = new Set(found.map((t) => t.orderId));
  if (found.length !== scan.named.length || orderIds.size !== 1 || found.some((t) => t.siteId !== venue.id)) {
    return refused('unknown');
  }
  const first = found[0] as CheckInTarget;
  // The slot, the entry grace and the options' names in one read: this is every scan's path.
  const facts = await gateFactsOf(
    tx,
    venue.id,
    first.timeSpanId,
    found.map((t) => t.optionId),
    DEFAULT_CHECK_IN_GRACE_MINUTES,
  );
  const slot = slotAtGate(venue, facts.slot);
  const base: Decided = {
    ...refused('unknown'),
    orderId: first.orderId,
    product_name: slot ? localize(slot.productName, scan.lang) : null,
    admissions: found.map((t) => ({
      id: t.id,
      option_name: localize(facts.optionNames.get(t.optionId) ?? {}, scan.lang),
      position: t.position,
    })),
  };
  if (first.orderStatus !== 'completed') return { ...base, reason: 'not_paid' };
  if (found.some((t) => t.status === 'cancelled')) return { ...base, reason: 'cancelled' };
  const stale = found.filter((t) => {
    const generation = scan.named.find((n) => n.id === t.id)?.generation;
    return generation !== null && generation !== undefined && generation !== t.generation;
  });
  if (stale.length > 0) return staleAnswer(tx, stale, base, slot);
  if (scan.mode === 'set' && first.setProductCount === 0) return { ...base, reason: 'no_set' };
  if (
    !slot ||
    !isWithinEntryWindow({ startsAt: slot.startsAt, endsAt: slot.endsAt, graceMinutes: facts.graceMinutes }, scan.at)
  ) {
    return { ...base, status: 'invalid_time', reason: null, slot: slot?.slot ?? null };
  }
  const recorded = await recordCheckIns(
    tx,
    found.map((t) => t.id),
    {
      mode: scan.mode,
      method: 'read_qr',
      gate: scanner.gate,
      deviceId: scanner.deviceId,
      staffId: scanner.staffId,
      ...(scan.offline ? { offlineAt: scan.at } : {}),
    },
  );
  if (recorded.length === 0) {
    const [earliest] = await checkInsOf(
      tx,
      found.map((t) => t.id),
      scan.mode,
    );
    return {
      ...base,
      status: 'used',
      reason: null,
      slot: slot.slot,
      used: earliest ? { at: earliest.checkedInAt.toISOString(), gate: earliest.gate } : null,
    };
  }
  await recordAudit(tx, scanner.actor, {
    venue,
    objectType: 'order',
    objectId: first.orderId,
    action: scan.mode === 'set' ? 'hand_over_set' : 'check_in',
    changes: {
      admissions: recorded.map((r) => r.ticketId),
      gate: scanner.gate,
      ...(scan.offline ? { offline: true, scanned_at: scan.at.toISOString() } : {}),
    },
  });
  // The venue's receivers hear of it with the check-in (decision 022): one insert, no read.
  await enqueueWebhookEvent(tx, {
    venue,
    type: 'admission.checked_in',
    data: {
      order_id: first.orderId,
      admissions: recorded.map((r) => ({
        id: r.ticketId,
        position: found.find((t) => t.id === r.ticketId)?.position ?? null,
        checked_in_at: r.checkedInAt.toISOString(),
      })),
      mode: scan.mode,
      gate: scanner.gate,
      slot: slot.slot,
      offline: scan.offline === true,
    },
  });
  return {
    ...base,
    status: 'success',
    reason: null,
    admitted: recorded.length,
    slot: slot.slot,
    checked_in_at: (recorded[0] as { checkedInAt: Date }).checkedInAt.toISOString(),
  };
}

/** Manual entry: a booking of the venue by its reservation number (10 characters, hyphen or not). */
export async function bookingAtGate(db: Database, venue: Site, number: string, lang: LanguageCode): Promise<GateBooking> {
  const printed = `${number.slice(0, 5)}-${number.slice(5)}`;
  const order = await findCompletedByNumber(db, venue.id, printed);
  if (!order) throw specError('not found', { message: `there is no booking ${printed} at this venue` });
  const slot = await slotOf(db, venue, order.timeSpanId);
  if (!slot) throw specError('not found', { message: `there is no booking ${printed} at this venue` });
  const admissions = await admissionsAtGate(db, order.id);
  return {
    reservation_number: printed,
    product_name: localize(slot.productName, lang),
    slot: slot.slot,
    admissions: admissions.map((a) => ({
      id: a.ticket.id,
      option_name: localize(a.optionName, lang),
      position: a.ticket.position,
      status: a.ticket.status,
      checked_in_at: a.checkedInAt?.toISOString() ?? null,
      gate: a.gate,
    })),
  };
}
