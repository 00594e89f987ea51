/**
 * What the visitor's gate pass stands for (check-in-page.tsx): the code staff scan, the admissions
 * it covers, and whether the gate has let them all in. `admission` is an admission id or `all`
 * (the party's code, fusion display). In `set` mode (set products handed over, before or after
 * entry) the code covers every admission not cancelled, and the pass turns to "handed over" once
 * the gate has recorded every one of them in that mode.
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

export function passOf(
  view: Pick<TicketView, 'admissions' | 'partyQr' | 'setQr'>,
  admission: string,
  mode: 'gate' | 'set' = 'gate',
): Pass {
  const chosen = admission === 'all' ? view.admissions : view.admissions.filter((a) => a.id === admission);
  const active = chosen.filter((a) => a.ticketStatus !== 'cancelled');
  const doneAt = (a: Admission) => (mode === 'set' ? a.setHandedOverAt : a.checkedInAt);
  const waiting =
    mode === 'set' ? active.filter((a) => a.setHandedOverAt === null) : active.filter((a) => a.ticketStatus === 'valid');
  const isDone = active.length > 0 && waiting.length === 0;
  // The party's code names the admissions still valid (entry), or all not cancelled (set products).
  const partyCode = mode === 'set' ? view.setQr : view.partyQr;
  const code = waiting.length === 0 ? null : admission === 'all' ? partyCode : (waiting[0]?.qr ?? null);
  const isCancelled = chosen.length > 0 && active.length === 0;
  const state: PassState = code ? 'live' : isDone ? 'checked-in' : isCancelled ? 'cancelled' : 'none';
  const times = active.map(doneAt).filter((at): at is string => at !== null);
  return {
    state,
    code,
    admissions: active,
    checkedInAt: isDone ? (times.sort().at(-1) ?? null) : null,
    isOutsideSlot: waiting.some((a) => a.status === 'invalid_time'),
  };
}

/** The party by admission type, in the order they first appear: [["Adult", 2], ["Child", 1]]. */
export function partyOf(admissions: Pick<Admission, 'optionName'>[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const a of admissions) counts.set(a.optionName, (counts.get(a.optionName) ?? 0) + 1);
  return [...counts];
}
