/**
 * The console's side of the waiting lists (issue 22): a product's list turned on or off with its
 * offer time, the venue's lists of coming slots, and a staff member taking someone off a list.
 * Each change is one transaction with its audit entry. The shop reads which products take a list
 * through `GET waitinglist/products` (cached for a minute by browsers, not by the server), so no
 * catalogue cache is involved and a change counts from its commit.
 */

import {
  DEFAULT_OFFER_MINUTES,
  MAX_WAITING_LIST_ROWS,
  type ProductWaitingList,
  type ProductWaitingListBody,
  type WaitingListPage,
  type WaitingListQuery,
} from '@storefront/domain/console/waiting-list';
import { timeOfDayIn, todayIn } from '@storefront/domain/dates';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { findProductById, slotFactsOf } from '../catalogue/catalogue-facts.ts';
import type { Site } from '../sites/site.ts';
import { endEntry } from './leave-waiting-list.ts';
import * as repo from './waiting-list.repository.ts';
import { inTransaction, type WaitingListDeps } from './waiting-list-deps.ts';

/** The venue's product, or a 404 (another venue's product is not found here). */
async function venueProduct(db: Database, venue: Site, productId: number) {
  const product = await findProductById(db, productId);
  if (!product || product.siteId !== venue.id) throw specError('not found', { message: `there is no product ${productId} here` });
  return product;
}

export async function productWaitingList(db: Database, venue: Site, productId: number): Promise<ProductWaitingList> {
  await venueProduct(db, venue, productId);
  const minutes = await repo.offerMinutesOf(db, productId);
  return { enabled: minutes !== null, offer_minutes: minutes ?? DEFAULT_OFFER_MINUTES };
}

/**
 * Turns a product's list on (or changes its offer time) or off. Turned off, the visitors still
 * waiting are taken off its lists (closed); an offer already made holds its places until it is
 * bought or runs out.
 */
export async function setProductWaitingList(
  db: Database,
  deps: WaitingListDeps,
  actor: Actor,
  venue: Site,
  productId: number,
  body: ProductWaitingListBody,
): Promise<ProductWaitingList> {
  const product = await venueProduct(db, venue, productId);
  const saved = await inTransaction(db, async (tx) => {
    const before = await repo.offerMinutesOf(tx, productId);
    let closed = 0;
    if (body.enabled) {
      await repo.saveProductList(tx, { productId, siteId: venue.id, offerMinutes: body.offer_minutes });
    } else {
      await repo.deleteProductList(tx, productId);
      closed = await repo.closeWaitingOfProduct(tx, productId);
    }
    const after = body.enabled ? body.offer_minutes : null;
    // Saving the list as it was writes no audit entry.
    if (before !== after || closed > 0) {
      await recordAudit(tx, actor, {
        venue: { id: venue.id, code: venue.code },
        objectType: 'waiting list',
        objectId: productId,
        action: before === null ? 'turned_on' : after === null ? 'turned_off' : 'updated',
        changes: {
          product_key: product.key,
          offer_minutes: { from: before, to: after },
          ...(body.enabled ? {} : { closed_entries: closed }),
        },
      });
    }
    return { list: { enabled: body.enabled, offer_minutes: body.offer_minutes }, closed };
  });
  // The slot no longer owes the closed entries their places: the public may have them.
  if (saved.closed > 0) deps.orders.stockChanged();
  return saved.list;
}

/**
 * The venue's list entries, by slot in time order and then in the order they joined: by default
 * every slot not yet over; with a date, that day's slots (over or not); with a product, its own.
 * At most `MAX_WAITING_LIST_ROWS` entries.
 */
export async function listWaitingLists(db: Database, venue: Site, query: WaitingListQuery): Promise<WaitingListPage> {
  const now = clock.now();
  const today = todayIn(venue.timeZone, now);
  const slots = await slotFactsOf(db, await repo.slotIdsWithEntries(db, venue.id, query.product_id));
  const shown = [...slots.values()]
    .filter((slot) => (query.date ? slot.date === query.date : slot.date >= today && slot.endsAt > now))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  const entries = await repo.entriesOfSlots(
    db,
    venue.id,
    shown.map((slot) => slot.id),
    MAX_WAITING_LIST_ROWS + 1,
  );
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    entries: entries.slice(0, MAX_WAITING_LIST_ROWS).flatMap((entry) => {
      const slot = slots.get(entry.timeSpanId);
      if (!slot) return [];
      return [
        {
          id: entry.id,
          status: entry.status,
          position: entry.position,
          product_id: entry.productId,
          product_name: slot.productName,
          slot: {
            id: slot.id,
            date: slot.date,
            start_time: timeOfDayIn(slot.startsAt, venue.timeZone),
            end_time: timeOfDayIn(slot.endsAt, venue.timeZone),
          },
          email: entry.email,
          quantity: entry.quantity,
          lang: entry.lang,
          offered_at: iso(entry.offeredAt),
          offer_expires_at: iso(entry.offerExpiresAt),
          created_at: entry.createdAt.toISOString(),
        },
      ];
    }),
    is_capped: entries.length > MAX_WAITING_LIST_ROWS,
    time_zone: venue.timeZone,
  };
}

/**
 * A staff member takes someone off a list: the entry is closed, and places offered to it go back
 * at once by the same path as the visitor's own leaving (`endEntry`); then a round runs soon, so
 * the next in line is offered what is there. 404 for another venue's entry, 409 for one that has
 * already ended.
 */
export async function takeOffWaitingList(
  db: Database,
  deps: WaitingListDeps,
  actor: Actor,
  venue: Site,
  entryId: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const entry = await repo.findEntry(tx, venue.id, entryId, { lock: true });
    if (!entry) throw specError('not found', { message: `there is no waiting list entry ${entryId} here` });
    if (entry.status !== 'waiting' && entry.status !== 'offered')
      throw specError('conflict', { message: `this entry has already ended (${entry.status})` });
    const released = await endEntry(tx, deps, entry, 'closed');
    await recordAudit(tx, actor, {
      venue: { id: venue.id, code: venue.code },
      objectType: 'waiting list entry',
      objectId: entry.id,
      action: 'taken_off',
      changes: {
        email: entry.email,
        product_id: entry.productId,
        time_span_id: entry.timeSpanId,
        quantity: entry.quantity,
        status: { from: entry.status, to: 'closed' },
        ...(released ? { released_order_id: entry.orderId } : {}),
      },
    });
  });
  // Places given back, or a head of the list gone: the next in line may be offered places now.
  deps.orders.stockChanged();
}
