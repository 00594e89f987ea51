/**
 * What the visitor's gate pass stands for (check-in-page.tsx): the code staff scan, the admissions
 * it covers, and whether the gate has let them all in. `admission` is an admission id or `all`
 * (the party's code, fusion display). In `set` mode (set products handed over, usually after
 * entry) an admission already in still shows its own code, and the pass never turns to
 * "checked in": the ticket tells entry only.
 */
import type { Admission, TicketView } from './api/tickets-api.ts';

export type PassState = 'live' | 'checked-in' | 'cancelled' | 'none';

export type Pass = {
  state: PassState;
  /** The signed payload to show; null once there is nothing left to scan. */
  code: string | null;
  /** The admissions the pass covers that are not cancelled. */
  admissions: Admission[];
  /** The latest check-in of those admissions, once every one of them is in. */
  checkedInAt: string | null;
  /** A code the gate would turn away for its time now (before or after the slot). */
  isOutsideSlot: boolean;
};

export function passOf(view: Pick<TicketView, 'admissions' | 'partyQr'>, admission: string, mode: 'gate' | 'set' = 'gate'): Pass {
  const chosen = admission === 'all' ? view.admissions : view.admissions.filter((a) => a.id === admission);
  const active = chosen.filter((a) => a.ticketStatus !== 'cancelled');
  const valid = active.filter((a) => a.ticketStatus === 'valid');
  const isCheckedIn = mode === 'gate' && active.length > 0 && valid.length === 0;
  const scannable = mode === 'set' ? active : valid;
  // The party's code names the admissions still valid only.
  const code = admission === 'all' ? (valid.length > 0 ? view.partyQr : null) : (scannable[0]?.qr ?? null);
  const isCancelled = chosen.length > 0 && active.length === 0;
  const state: PassState = code ? 'live' : isCheckedIn ? 'checked-in' : isCancelled ? 'cancelled' : 'none';
  const times = active.map((a) => a.checkedInAt).filter((at): at is string => at !== null);
  return {
    state,
    code,
    admissions: active,
    checkedInAt: isCheckedIn ? (times.sort().at(-1) ?? null) : null,
    isOutsideSlot: valid.some((a) => a.status === 'invalid_time'),
  };
}

/** The party by admission type, in the order they first appear: [["Adult", 2], ["Child", 1]]. */
export function partyOf(admissions: Pick<Admission, 'optionName'>[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const a of admissions) counts.set(a.optionName, (counts.get(a.optionName) ?? 0) + 1);
  return [...counts];
}
