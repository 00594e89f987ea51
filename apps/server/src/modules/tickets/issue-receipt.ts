/** The receipt of a reservation (SPEC §7 receipt routes): issued once, numbered per venue and year. */
import type { Receipt } from '@storefront/domain/api/tickets';
import { CONSUMPTION_TAX_RATE, includedTax } from '@storefront/domain/console/reports';
import type { LanguageCode } from '@storefront/domain/constants';
import { todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { findCompletedOrder, lockOrder } from '../orders/completed-orders.ts';
import type { Site } from '../sites/site.ts';
import { receiptExtras } from './receipt-lines.ts';
import { nextReceiptSequence } from './ticket-signing.ts';
import * as repo from './tickets.repository.ts';
import { receipts } from './tickets.schema.ts';
import { inTransaction, requireAccess, requireOrder, type TicketsContext } from './tickets-context.ts';

/** Issues the order's receipt once; asking again gives the same receipt (the addressee stays). */
export async function issueReceipt(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  addressee: string,
  lang: LanguageCode,
  now = new Date(),
): Promise<Receipt> {
  const orderId = await inTransaction(db, async (tx) => {
    const access = await requireAccess(tx, site, token);
    if (access.shareId !== null)
      throw specError('record not found', { message: 'only the reservation holder can have a receipt' });
    // A second first request waits here, then finds the receipt the first one issued.
    await lockOrder(tx, access.order.id);
    if (await repo.findReceipt(tx, access.order.id)) return access.order.id;
    const sequence = await nextReceiptSequence(tx, site.id);
    // Numbered by the venue's year, which a receipt issued on its New Year's morning is already in.
    const year = todayIn(site.timeZone, now).slice(0, 4);
    await tx.insert(receipts).values({
      orderId: access.order.id,
      siteId: site.id,
      sequence,
      number: `${site.code.toUpperCase()}-${year}-${String(sequence).padStart(6, '0')}`,
      addressee,
      issuedAt: now,
    });
    return access.order.id;
  });
  return receiptOf(db, ctx, site, orderId, lang);
}

export async function receiptOfToken(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  lang: LanguageCode,
): Promise<Receipt> {
  const access = await requireAccess(db, site, token);
  if (access.shareId !== null) throw specError('record not found', { message: 'only the reservation holder can have a receipt' });
  return receiptOf(db, ctx, site, access.order.id, lang);
}

export async function receiptOf(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  orderId: string,
  lang: LanguageCode,
): Promise<Receipt> {
  const receipt = await repo.findReceipt(db, orderId);
  if (!receipt) throw specError('record not found', { message: 'no receipt has been issued for this reservation' });
  const order = await requireOrder(ctx, site, orderId, lang);
  const row = await findCompletedOrder(db, site.id, orderId);
  const fees = (await ctx.options.dateChanges?.completedChangeFees(orderId)) ?? [];
  const extras = receiptExtras({ fees, worth: row?.total ?? order.price, itemsTotal: order.price }, lang);
  const items = [
    ...order.mainProduct.options.map((o) => ({
      name: o.name,
      quantity: o.quantity,
      unitPrice: o.price,
      amount: o.price * o.quantity,
    })),
    ...order.setProducts.map((s) => ({
      name: s.name,
      quantity: s.quantity,
      unitPrice: s.price,
      amount: s.price * s.quantity,
    })),
  ].filter((l) => l.quantity > 0);
  const discounts = [
    ...(order.membershipPromotion ? [{ name: order.membershipPromotion.name, amount: order.membershipPromotion.discount }] : []),
    ...order.coupons.map((c) => ({ name: c.name, amount: c.discount })),
  ].filter((d) => d.amount > 0);
  const subtotal = order.subtotal + extras.lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = order.discount + extras.discounts.reduce((sum, d) => sum + d.amount, 0);
  const total = subtotal - discount;
  return {
    number: receipt.number,
    addressee: receipt.addressee,
    issuedAt: receipt.issuedAt.toISOString(),
    issuedOn: todayIn(site.timeZone, receipt.issuedAt),
    reservationNumber: row?.reservationNumber ?? '',
    venue: {
      name: localize(site.venue.name, lang),
      address: localize(site.venue.address, lang),
      phone: site.venue.phone,
      email: site.venue.email,
    },
    lines: [...items, ...extras.lines],
    discounts: [...discounts, ...extras.discounts],
    subtotal,
    discount,
    total,
    tax: includedTax(total),
    taxRate: CONSUMPTION_TAX_RATE,
    currency: site.currency,
    invoiceRegistrationNumber: site.venue.invoiceRegistrationNumber ?? null,
  };
}
