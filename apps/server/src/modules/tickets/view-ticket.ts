/** What a reservation token shows (SPEC §7 `GET tickets/{token}`): the holder's party or one share. */

import type { TicketView } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { orderLedger } from '../payments/order-ledger.ts';
import type { Site } from '../sites/site.ts';
import { checkStatusOf, entryWindowOf, isWithinEntryWindow } from './entry-window.ts';
import { type AdmissionRow, listAdmissions } from './order-tickets.ts';
import { signPayload } from './ticket-signing.ts';
import * as repo from './tickets.repository.ts';
import { requireAccess, requireOrder, type TicketsContext } from './tickets-context.ts';

export async function viewTicket(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  lang: LanguageCode,
  now = clock.now(),
): Promise<TicketView> {
  const access = await requireAccess(db, site, token);
  const keys = await ctx.signingKey.venue(site.id);
  const order = await requireOrder(ctx, site, access.order.id, lang);
  const window = await entryWindowOf(db, site, access.order.timeSpanId);
  const isInWindow = isWithinEntryWindow(window, now);
  const admissions = await listAdmissions(db, access);
  const sign = (list: AdmissionRow[]) =>
    signPayload(keys, {
      siteId: site.id,
      admissions: list.map((a) => ({ id: a.id, generation: a.generation, optionId: a.optionId })),
      slot: { id: access.order.timeSpanId, startsAt: window.startsAt, endsAt: window.endsAt },
    });
  const stillValid = admissions.filter((a) => a.status === 'valid');
  // Set products are handed over before or after entry: every admission not cancelled.
  const standing = admissions.filter((a) => a.status !== 'cancelled');
  const isHolder = access.shareId === null;
  const shares = isHolder ? await repo.listShares(db, access.order.id) : [];
  // A receiver sees only their admissions, and of the options only those they hold; a cancelled
  // admission is listed below as cancelled, not counted as held.
  const held = new Map<number, number>();
  for (const a of standing) held.set(a.optionId, (held.get(a.optionId) ?? 0) + 1);
  // The money as the ledger has it, as the receipts say it: what the payments took (date-change
  // fees included) and what came back.
  const ledger = isHolder ? await orderLedger(db, access.order.id) : null;
  const options = order.mainProduct.options
    .map((o) => (o.type === 'admission' ? { ...o, quantity: held.get(o.id) ?? 0 } : o))
    .filter((o) => o.quantity > 0 && (isHolder || o.type === 'admission'));
  return {
    reservationNumber: isHolder ? (access.order.reservationNumber ?? '') : null,
    role: isHolder ? 'holder' : 'receiver',
    lang,
    product: {
      name: order.mainProduct.name,
      type: window.isAllDay ? 'date' : 'time',
      caution: order.mainProduct.caution,
      presentedBy: order.mainProduct.presentedBy,
    },
    date: window.date,
    reservationFrom: order.mainProduct.reservationFrom,
    reservationTo: order.mainProduct.reservationTo,
    isAllDay: window.isAllDay,
    options,
    setProducts: isHolder ? order.setProducts : [],
    quantity: standing.length,
    pricePaid: ledger ? ledger.paid : null,
    refunded: ledger ? ledger.refunded : null,
    currency: site.currency,
    admissions: admissions.map((a) => ({
      id: a.id,
      position: a.position,
      optionId: a.optionId,
      optionName: localize(a.optionName, lang),
      ticketStatus: a.status,
      status: checkStatusOf(a.status, isInWindow),
      checkedInAt: a.checkedInAt?.toISOString() ?? null,
      setHandedOverAt: a.setHandedOverAt?.toISOString() ?? null,
      qr: sign([a]),
    })),
    partyQr: stillValid.length > 0 ? sign(stillValid) : null,
    setQr: order.setProducts.length > 0 && standing.length > 0 ? sign(standing) : null,
    shares: shares.map((s) => ({
      quantity: s.quantity,
      createdAt: s.createdAt.toISOString(),
      claimedAt: s.claimedAt?.toISOString() ?? null,
    })),
    selfCancel: isHolder && ctx.options.selfCancel ? await ctx.options.selfCancel(db, site, access, now) : null,
    // By the venue's date-change rules as they are now: a venue that forbids changes never shows the button.
    canChangeDate: isHolder && ctx.options.dateChanges ? await ctx.options.dateChanges.isChangeable(site, access, now) : false,
    wallet: {
      apple: (await ctx.options.appleWallet?.(site.id)) ?? false,
      google: (await ctx.options.googleWallet?.(site.id)) ?? false,
    },
  };
}
