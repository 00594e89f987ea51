/**
 * The offline kit a device keeps, updated by the server's answer. Every minute the device asks
 * with the `cursor` of the kit it holds; for the same day the answer carries only the
 * check-ins recorded since (`check_ins_since`), which are added to the ones the device already
 * knows. Anything else in the answer (keys, slots, revocations) replaces what was held.
 */
import type { OfflineKit } from '@storefront/domain/console/gate';

type KitCheckIn = OfflineKit['check_ins'][number];

/** What to ask with: the time of the kit held for the venue asked about, when there is one. */
export function kitQuerySince(held: OfflineKit | null): string | undefined {
  // A kit kept before kits had cursors has none: the whole day is asked for.
  return held?.cursor || undefined;
}

export function updatedKit(held: OfflineKit | null, answer: OfflineKit): OfflineKit {
  const isDelta =
    answer.check_ins_since !== null && held !== null && held.venue.id === answer.venue.id && held.date === answer.date;
  if (!isDelta) return { ...answer, check_ins_since: null };
  // One check-in per admission and mode: the earliest, as the server keeps it.
  const byKey = new Map<string, KitCheckIn>();
  for (const checkIn of [...held.check_ins, ...answer.check_ins]) {
    const key = `${checkIn.ticket_id}|${checkIn.mode}`;
    const known = byKey.get(key);
    if (!known || Date.parse(checkIn.at) < Date.parse(known.at)) byKey.set(key, checkIn);
  }
  return {
    ...answer,
    check_ins: [...byKey.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
    check_ins_since: null,
  };
}
