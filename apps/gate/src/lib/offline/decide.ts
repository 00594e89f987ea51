/**
 * The scanner's own decision on a code when the server cannot be asked (decision 021), the same
 * as the server's: an `SF2.<kid>.<body>.<sig>` code is checked against the venue's offline kit:
 * its Ed25519 signature and venue, the kit's revocations, the slot's entry window with its grace,
 * and the check-ins known (the kit's and this device's own offline scans). Pure: storage, the
 * clock and the network are the caller's.
 */

import { verifyAsync } from '@noble/ed25519';
import type { CheckInMode } from '@storefront/domain/api/tickets';
import type { GateResult, GateSlot, OfflineKit } from '@storefront/domain/console/gate';

/** A decoded SF2 code. */
export type SignedCode = {
  kid: string;
  /** Venue id. */
  s: number;
  /** The party: admission id, the generation its code was signed at and, in newer codes, its option. */
  t: [string, number, number?][];
  /** Slot id. */
  p: number;
  /** The slot's entry window, epoch seconds. */
  w: [number, number];
  /** `SF2.<kid>.<body>`: what the signature is over. */
  signed: string;
  signature: Uint8Array;
};

/** A check-in this device knows of: the kit's, or one of its own offline scans. */
export type KnownCheckIn = { ticket_id: string; mode: CheckInMode; at: string; gate: string };

/** What the scanner shows: the server's kind of answer, or "this code needs the network". */
export type OfflineDecision = { kind: 'result'; result: GateResult } | { kind: 'needs_network' };

function base64UrlToBytes(text: string): Uint8Array {
  if (!/^[\w-]*$/.test(text)) throw new Error('not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The code's parts when it is a well-formed SF2 code; null otherwise. */
export function parseSignedCode(code: string): SignedCode | null {
  const parts = code.trim().split('.');
  if (parts.length !== 4 || parts[0] !== 'SF2') return null;
  const [, kid = '', body = '', sig = ''] = parts;
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(body)));
    if (!json || typeof json !== 'object') return null;
    const { s, t, p, w } = json as Record<string, unknown>;
    if (!isInt(s) || !isInt(p) || !Array.isArray(w) || w.length !== 2 || !isInt(w[0]) || !isInt(w[1])) return null;
    if (!Array.isArray(t) || t.length === 0) return null;
    const party: [string, number, number?][] = [];
    for (const entry of t) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isInt(entry[1])) return null;
      if (entry.length > 3 || (entry.length === 3 && !isInt(entry[2]))) return null;
      party.push(entry.length === 3 ? [entry[0], entry[1], entry[2] as number] : [entry[0], entry[1]]);
    }
    const signature = base64UrlToBytes(sig);
    if (signature.length !== 64) return null;
    return { kid, s, t: party, p, w: [w[0], w[1]], signed: `SF2.${kid}.${body}`, signature };
  } catch {
    return null;
  }
}

/** The older HMAC codes only the server can check. */
const isServerOnlyCode = (code: string) => code.trim().startsWith('SF1.');

/** An "invalid" result for `reason` (the scanner's own, as the server words it), with what else is known. */
export function invalid(reason: NonNullable<GateResult['reason']>, extra: Partial<GateResult> = {}): GateResult {
  return {
    status: 'invalid',
    reason,
    product_name: null,
    admissions: [],
    admitted: 0,
    slot: null,
    used: null,
    checked_in_at: null,
    ...extra,
  };
}

/** The date and `HH:MM` of an instant in a time zone. */
export function localParts(epochMs: number, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** The code's slot: the kit's when it is one of the day's, else made from the code's window. */
function slotOf(code: SignedCode, kit: OfflineKit, timeZone: string): GateSlot & { product_name: string | null } {
  const known = kit.slots.find((slot) => slot.id === code.p);
  if (known) return known;
  const start = localParts(code.w[0] * 1000, timeZone);
  const end = localParts(code.w[1] * 1000, timeZone);
  return { id: code.p, date: start.date, start_time: start.time, end_time: end.time, product_name: null };
}

const plainSlot = (slot: GateSlot): GateSlot => ({
  id: slot.id,
  date: slot.date,
  start_time: slot.start_time,
  end_time: slot.end_time,
});

/**
 * Decides a scanned code offline. `known` holds the kit's check-ins and this device's own offline
 * scans; `now` is the device's clock.
 */
export async function decideOffline(input: {
  code: string;
  kit: OfflineKit;
  known: readonly KnownCheckIn[];
  mode: CheckInMode;
  now: Date;
  timeZone: string;
}): Promise<OfflineDecision> {
  const { kit, mode, now } = input;
  if (isServerOnlyCode(input.code)) return { kind: 'needs_network' };
  const code = parseSignedCode(input.code);
  if (!code) return { kind: 'result', result: invalid('unreadable') };
  if (code.s !== kit.venue.id) return { kind: 'result', result: invalid('other_venue') };
  const key = kit.keys.find((k) => k.kid === code.kid);
  let isSigned = false;
  if (key) {
    try {
      isSigned = await verifyAsync(code.signature, new TextEncoder().encode(code.signed), base64UrlToBytes(key.public_key));
    } catch {
      isSigned = false;
    }
  }
  if (!isSigned) return { kind: 'result', result: invalid('unknown') };

  const slot = slotOf(code, kit, input.timeZone);
  // An admission's type by the option its code names (a code signed before that names none).
  const optionName = new Map((kit.options ?? []).map((option) => [option.id, option.name]));
  const admissions = code.t.map(([id, , option], index) => ({
    id,
    option_name: option === undefined ? '' : (optionName.get(option) ?? ''),
    position: index + 1,
  }));
  const base = { product_name: slot.product_name, admissions };

  // Revoked: the newest revocation of an admission above the generation its code was signed at.
  const revoked = code.t
    .map(([id, generation]) =>
      kit.revocations
        .filter((r) => r.ticket_id === id && r.generation > generation)
        .sort((a, b) => b.generation - a.generation)
        .at(0),
    )
    .filter((r) => r !== undefined);
  // As the server answers: a cancelled admission first, then a date change, else a replaced code.
  if (revoked.some((r) => r.reason === 'cancelled')) return { kind: 'result', result: invalid('cancelled', base) };
  const moved = revoked.find((r) => r.reason === 'changed');
  if (moved) {
    return {
      kind: 'result',
      result: {
        ...invalid('unknown', base),
        status: 'changed',
        reason: null,
        slot: moved.moved_to ? plainSlot(moved.moved_to) : null,
      },
    };
  }
  if (revoked.length > 0) return { kind: 'result', result: invalid('replaced', base) };

  const grace = kit.grace_minutes * 60;
  const seconds = Math.floor(now.getTime() / 1000);
  if (seconds < code.w[0] - grace || seconds > code.w[1] + grace) {
    return {
      kind: 'result',
      result: { ...invalid('unknown', base), status: 'invalid_time', reason: null, slot: plainSlot(slot) },
    };
  }

  const ids = new Set(code.t.map(([id]) => id));
  const first = input.known
    .filter((c) => ids.has(c.ticket_id) && c.mode === mode)
    .sort((a, b) => a.at.localeCompare(b.at))
    .at(0);
  if (first) {
    return {
      kind: 'result',
      result: { ...invalid('unknown', base), status: 'used', reason: null, used: { at: first.at, gate: first.gate } },
    };
  }

  return {
    kind: 'result',
    result: {
      ...invalid('unknown', base),
      status: 'success',
      reason: null,
      admitted: admissions.length,
      checked_in_at: now.toISOString(),
    },
  };
}
