/** What several date-change operations read: the ticket's holder access, its refusal, its lines and slots. */
import type { DateChangeView } from '@storefront/domain/api/date-changes';
import { changeRefusal } from '@storefront/domain/date-change';
import type { ServerError } from '@storefront/domain/errors/catalogue';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { dateChangeRulesOf } from '../sites/date-change-rules.ts';
import type { Site } from '../sites/site.ts';
import * as tickets from '../tickets/order-tickets.ts';
import { type ChangeTokens, changeError, type DateChangeDeps } from './date-change-deps.ts';
import * as repo from './date-changes.repository.ts';

export async function holderAccess(tx: Database, site: Site, reservationToken: string, tokens: ChangeTokens = {}) {
  const access = await tickets.findAccess(tx, site.id, hashToken(reservationToken));
  if (!access) {
    throw tokens.timechangeToken
      ? changeError('record not found', {}, { message: 'this ticket has no such date change' })
      : specError('ticket not found', { message: 'there is no ticket with this token' });
  }
  return access;
}

/** Why the ticket cannot change now, or null. */
export async function refusalOf(
  tx: Database,
  deps: DateChangeDeps,
  site: Site,
  access: tickets.Access,
  now: Date,
): Promise<ServerError | null> {
  const { product } = await deps.orders.productOf(tx, access.order.productId);
  const slot = await deps.orders.slotOf(tx, access.order.productId, access.order.timeSpanId);
  const admissions = await tickets.listOrderTickets(tx, access.order.id);
  return changeRefusal(
    await dateChangeRulesOf(tx, site.id),
    {
      productKey: product.key,
      channel: access.order.channel,
      paymentMethod: access.order.paymentMethod,
      isHolder: access.shareId === null,
      usedOrCancelled: admissions.filter((a) => a.status !== 'valid').length,
      sharedAway: admissions.filter((a) => a.shareId !== null).length,
      startsAt: slot?.startsAt ?? new Date(0),
    },
    now,
  );
}

export async function slotView(tx: Database, deps: DateChangeDeps, productId: number, timeSpanId: number) {
  const slot = await deps.orders.slotOf(tx, productId, timeSpanId);
  if (!slot) throw specError('record not found');
  return {
    timeSpanId,
    date: slot.date,
    reservationFrom: slot.startsAt.toISOString(),
    reservationTo: slot.endsAt.toISOString(),
    startsAt: slot.startsAt,
  };
}

/** The order's lines as the pricing functions give them, with option types. */
export async function linesOf(tx: Database, deps: DateChangeDeps, site: Site, order: tickets.OrderRow, lang: string) {
  const { options: optionRows, product } = await deps.orders.productOf(tx, order.productId);
  const { priced, coupons } = await deps.orders.priceForChange(tx, site, order, lang);
  const typeOf = (id: number) => optionRows.find((o) => o.id === id)?.type ?? 'admission';
  const lines = (kind: 'option' | 'set_product') =>
    priced.lines
      .filter((l) => l.kind === kind)
      .map((l) => ({
        id: l.id,
        name: l.name,
        type: kind === 'option' ? typeOf(l.id) : 'set_product',
        price: l.unitPrice,
        quantity: l.quantity,
      }));
  return {
    product: { uuid: product.uuid, name: localize(product.name, lang), type: product.type },
    productRow: product,
    options: lines('option'),
    setProducts: lines('set_product'),
    priced,
    coupons,
  };
}

/** A change as its page shows it (SPEC §2 change-date confirm). */
export async function presentDateChange(
  tx: Database,
  deps: DateChangeDeps,
  site: Site,
  change: repo.DateChangeRow & { isLapsed: boolean },
  lang: string,
): Promise<DateChangeView> {
  const order = await deps.orders.lockCompleted(tx, change.orderId);
  if (!order) throw specError('record not found', { message: 'there is no such date change' });
  const lines = await linesOf(tx, deps, site, order, lang);
  const status = change.status === 'pending' && change.isLapsed ? 'expired' : change.status;
  const from = await slotView(tx, deps, order.productId, change.fromTimeSpanId);
  const to = await slotView(tx, deps, order.productId, change.toTimeSpanId);
  return {
    status,
    expiresAt: change.expiresAt.toISOString(),
    reservationNumber: order.reservationNumber ?? '',
    product: lines.product,
    from: {
      timeSpanId: from.timeSpanId,
      date: from.date,
      reservationFrom: from.reservationFrom,
      reservationTo: from.reservationTo,
    },
    to: { timeSpanId: to.timeSpanId, date: to.date, reservationFrom: to.reservationFrom, reservationTo: to.reservationTo },
    quantity: change.quantity,
    options: lines.options,
    setProducts: lines.setProducts,
    coupons: lines.priced.coupons,
    amounts: {
      paid: change.paid,
      newTotal: change.newTotal,
      fee: change.fee,
      toPay: change.toPay,
      toRefund: change.toRefund,
    },
    cheaperNewSlot: (await dateChangeRulesOf(tx, site.id)).cheaperNewSlot,
    currency: site.currency,
  };
}

/** Finds a change of the site by its token, locked, with the reservation token checked against it. */
export async function lockedChange(tx: Database, site: Site, tokens: Required<ChangeTokens>) {
  const change = await repo.findByToken(tx, site.id, hashToken(tokens.timechangeToken), { lock: true });
  if (!change) throw changeError('record not found', tokens, { message: 'there is no date change with this token' });
  const access = await holderAccess(tx, site, tokens.reservationToken, tokens);
  if (access.order.id !== change.orderId || access.shareId !== null)
    throw changeError('record not found', tokens, { message: 'this ticket has no such date change' });
  return change;
}
