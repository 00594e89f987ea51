/**
 * Places that came back go to the waiting list, in list order, each place once, with any number
 * of processes (issue 22). A round takes each slot with entries under the slot's advisory lock, in
 * one transaction: offers bought are marked so, offers past their time pass (their places went
 * back with their order's hold), then the entries still waiting are offered in turn while the slot
 * has their places. An offer is a temporary order that takes its places by the same conditional
 * update as any order's and holds them for the product's offer time; its mail is written in the
 * same transaction. The list is strict: an entry whose places are not all there waits at the head,
 * and nobody behind it jumps ahead. An offer comes with a new leave link, so a visitor who will not
 * buy can give the places back before their time.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './waiting-list.repository.ts';
import { inTransaction, slotForMail, type WaitingListDeps } from './waiting-list-deps.ts';

/** How often every process runs a round: offers lapse and places of lapsed holds come back without any event. */
export const WAITING_LIST_ROUND_MS = 5_000;
/** How soon after this process gave places back (or took some) a round runs. */
export const WAITING_LIST_KICK_MS = 250;

/** Entries a round offers at most per slot (a burst of places beyond it goes to the next round). */
const OFFERS_PER_ROUND = 50;

export type RoundResult = { offered: number; lapsed: number; bought: number; closed: number };

export async function offerFreedPlaces(db: Database, deps: WaitingListDeps): Promise<RoundResult> {
  const total: RoundResult = { offered: 0, lapsed: 0, bought: 0, closed: 0 };
  for (const slot of await repo.slotsWithEntries(db)) {
    const site = await deps.siteById(slot.siteId);
    if (!site) continue;
    const result = await offerSlot(db, deps, site, slot.timeSpanId);
    for (const key of Object.keys(total) as (keyof RoundResult)[]) total[key] += result[key];
  }
  if (total.offered > 0) deps.onMailQueued();
  if (total.offered > 0 || total.closed > 0) deps.orders.stockChanged();
  return total;
}

class EntryChangedMeanwhile extends Error {}

async function offerSlot(db: Database, deps: WaitingListDeps, site: Site, timeSpanId: number): Promise<RoundResult> {
  try {
    return await offerSlotOnce(db, deps, site, timeSpanId);
  } catch (error) {
    if (error instanceof EntryChangedMeanwhile) return { offered: 0, lapsed: 0, bought: 0, closed: 0 };
    throw error;
  }
}

async function offerSlotOnce(db: Database, deps: WaitingListDeps, site: Site, timeSpanId: number): Promise<RoundResult> {
  return inTransaction(db, async (tx) => {
    await repo.lockSlotList(tx, timeSpanId);
    const offered = await repo.offeredEntries(tx, timeSpanId);
    const completed = await deps.orders.completedOrderIds(
      tx,
      offered.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])),
    );
    const bought = offered.filter((entry) => entry.orderId !== null && completed.has(entry.orderId)).map((entry) => entry.id);
    await repo.markBought(tx, bought);
    const lapsed = await repo.lapseOffers(tx, timeSpanId);
    const result: RoundResult = { offered: 0, lapsed, bought: bought.length, closed: 0 };
    const waiting = await repo.waitingEntries(tx, timeSpanId, OFFERS_PER_ROUND);
    const [first] = waiting;
    const minutes = first ? await repo.offerMinutesOf(tx, first.productId) : null;
    // A product whose list was turned off offers nothing: its waiting entries were closed with it
    // (`manage-waiting-list.ts`), and one that joined as it was turned off waits until it is on again.
    if (!first || minutes === null) return result;
    const unofferable: number[] = [];
    for (const entry of waiting) {
      let placed: Awaited<ReturnType<WaitingListDeps['orders']['placeOfferOrder']>>;
      try {
        placed = await deps.orders.placeOfferOrder(tx, site, {
          productUuid: '',
          productId: entry.productId,
          timeSpanId: entry.timeSpanId,
          quantity: entry.quantity,
          optionValues: entry.optionValues,
          lang: entry.lang,
          email: entry.email,
          holdMinutes: minutes,
        });
      } catch (error) {
        // Its tickets are no longer sold as chosen (an option gone): it can never be offered.
        if (error instanceof AppError) {
          unofferable.push(entry.id);
          continue;
        }
        throw error;
      }
      if (placed === 'full') break;
      if (placed === 'missing' || placed === 'closed') {
        // The slot is over or off sale: nobody on its list can be offered anything.
        unofferable.push(...waiting.filter((w) => w.id >= entry.id).map((w) => w.id));
        break;
      }
      // The offer mail's own leave link (only hashes are kept; the joined mail's link stops working).
      const leaveToken = newToken();
      // A second guard beside the slot's lock: an entry another round offered meanwhile (or that
      // left) is not offered again, and this round's places are given back with its rollback.
      if (!(await repo.markOffered(tx, entry.id, { ...placed, leaveTokenHash: hashToken(leaveToken) })))
        throw new EntryChangedMeanwhile();
      await deps.enqueueMail(tx, {
        kind: 'waiting_list_offer',
        site,
        email: entry.email,
        lang: entry.lang as LanguageCode,
        quantity: entry.quantity,
        leaveToken,
        orderId: placed.orderId,
        mailToken: placed.mailToken,
        offerExpiresAt: placed.expiresAt,
        ...(await slotForMail(tx, site, entry)),
      });
      result.offered += 1;
    }
    await repo.closeEntries(tx, unofferable);
    result.closed = unofferable.length;
    return result;
  });
}
