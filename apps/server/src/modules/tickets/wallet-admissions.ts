/**
 * Admissions as a wallet pass shows them, in Apple Wallet and Google Wallet (decisions 027, 028):
 * each with its product, slot, admission type, the share that holds it now, and the same signed
 * code its ticket page's QR shows (`ticket-signing.ts`, decision 021), so a pass admits exactly
 * when the page does. Read by the reservation token that opens them, or by id for
 * a follower of the change feed (`revocations.ts`).
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findSlot, optionNames, productNames } from '../catalogue/catalogue-facts.ts';
import { listOrdersByIds, type OrderRow } from '../orders/completed-orders.ts';
import type { Site } from '../sites/site.ts';
import { listAdmissions, type TicketRow } from './order-tickets.ts';
import { type CodeKeys, signPayload } from './ticket-signing.ts';
import { tickets } from './tickets.schema.ts';
import { requireAccess } from './tickets-context.ts';

export type WalletAdmission = {
  id: string;
  siteId: number;
  orderId: string;
  /** The claimed share it belongs to; null while it is the party holder's. */
  shareId: string | null;
  productId: number;
  productName: Record<string, string>;
  reservationNumber: string | null;
  /** The order's language: the pass's texts lead with it. */
  lang: string;
  status: TicketRow['status'];
  generation: number;
  optionId: number;
  optionName: Record<string, string>;
  slot: { id: number; date: string; startsAt: Date; endsAt: Date; isAllDay: boolean };
  /** The code of this admission alone, as the ticket page's QR of it. */
  code: string;
};

async function describe(
  db: Database,
  keys: CodeKeys,
  rows: { ticket: TicketRow; order: OrderRow }[],
): Promise<WalletAdmission[]> {
  const names = await optionNames(
    db,
    rows.map((r) => r.ticket.optionId),
  );
  const products = await productNames(db, [...new Set(rows.map((r) => r.order.productId))]);
  const slots = new Map<number, Awaited<ReturnType<typeof findSlot>>>();
  const found: WalletAdmission[] = [];
  for (const { ticket, order } of rows) {
    if (!slots.has(order.timeSpanId)) slots.set(order.timeSpanId, await findSlot(db, order.timeSpanId));
    const slot = slots.get(order.timeSpanId);
    if (!slot) continue;
    const venueKeys = await keys.venue(order.siteId);
    found.push({
      id: ticket.id,
      siteId: order.siteId,
      orderId: order.id,
      shareId: ticket.shareId,
      productId: order.productId,
      productName: products.get(order.productId) ?? {},
      reservationNumber: order.reservationNumber,
      lang: order.lang,
      status: ticket.status,
      generation: ticket.generation,
      optionId: ticket.optionId,
      optionName: names.get(ticket.optionId) ?? {},
      slot: {
        id: order.timeSpanId,
        date: slot.date,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        isAllDay: slot.productType !== 'time',
      },
      code: signPayload(venueKeys, {
        siteId: order.siteId,
        admissions: [{ id: ticket.id, generation: ticket.generation, optionId: ticket.optionId }],
        slot: { id: order.timeSpanId, startsAt: slot.startsAt, endsAt: slot.endsAt },
      }),
    });
  }
  return found;
}

/** The admissions a reservation token's page shows (the holder's, or one share's); `ticket not found` otherwise. */
export async function walletAdmissionsOfToken(
  db: Database,
  keys: CodeKeys,
  site: Site,
  token: string,
): Promise<WalletAdmission[]> {
  const access = await requireAccess(db, site, token);
  const admissions = await listAdmissions(db, access);
  return describe(
    db,
    keys,
    admissions.map((ticket) => ({ ticket, order: access.order })),
  );
}

/** Admissions by id as they stand now, in any venue; ids not found are left out. */
export async function walletAdmissionsByIds(db: Database, keys: CodeKeys, ids: string[]): Promise<WalletAdmission[]> {
  if (ids.length === 0) return [];
  const found = await db.select().from(tickets).where(inArray(tickets.id, ids));
  const orders = new Map((await listOrdersByIds(db, [...new Set(found.map((t) => t.orderId))])).map((o) => [o.id, o]));
  return describe(
    db,
    keys,
    found.flatMap((ticket) => {
      const order = orders.get(ticket.orderId);
      return order ? [{ ticket, order }] : [];
    }),
  );
}
