/**
 * Date change (SPEC §2 change-date routes, §4 change-date flow, §8 time_change errors): a visitor
 * moves their own completed ticket to another slot of the same product.
 *
 * - A change holds the new slot's places like a new order (the same conditional update, keyed by
 *   the change's id in stock_holds) until the site's hold time runs out.
 * - Completing is one transaction: the new places are sold, the old slot's sold places go back,
 *   the order moves to the new slot, and every admission is re-issued (a higher generation), so the
 *   QR codes shown before are refused at the gate. The reservation token stays the same and opens
 *   the ticket at its new slot.
 * - A change that expires, fails or is given up changes nothing for the ticket.
 * - The price of the same selection at the new date (coupons re-checked there) plus the site's fee,
 *   against what was paid, is paid through the payments service (the change waits meanwhile), or
 *   refunded or kept by the site's policy when cheaper.
 */
import { randomUUID } from 'node:crypto';
import type {
  CompletedDateChange,
  CreateDateChangeBody,
  DateChangeTicket,
  DateChangeView,
} from '@storefront/domain/api/date-changes';
import { DISPLAY_TIME_ZONE, type LanguageCode } from '@storefront/domain/constants';
import { email as emailRule } from '@storefront/domain/customer/validation';
import { changeAmounts, changeDeadline, changeRefusal } from '@storefront/domain/date-change';
import { timeOfDayIn } from '@storefront/domain/dates';
import type { ServerError } from '@storefront/domain/errors/catalogue';
import { localize } from '@storefront/domain/localize';
import { checkCouponsAtDate } from '@storefront/domain/pricing/coupon-rules';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import type { OrdersService, PaymentToBegin } from '../orders/orders.service.ts';
import type { Site } from '../sites/sites.repository.ts';
import { holdSetProduct, holdSlot } from '../stock/hold-places.ts';
import { releaseOrderHolds, sellAfterExpiry, sellOrderHolds, unsellPlaces } from '../stock/sell-places.ts';
import * as tickets from '../tickets/order-tickets.ts';
import * as repo from './date-changes.repository.ts';

/** The two tokens of a change, when the caller knows them: failures carry them back (SPEC §7). */
export type ChangeTokens = { reservationToken?: string | undefined; timechangeToken?: string | undefined };

/** A failure of SPEC §8 flagged as a date change's, with its tokens (SPEC §7 error fields). */
export function dateChangeError(
  status: number,
  error: ServerError | 'invalid request',
  tokens: ChangeTokens = {},
  extra: { can_retry?: boolean; message?: string; field?: string } = {},
): AppError {
  return new AppError(status, {
    error,
    can_retry: extra.can_retry ?? false,
    is_time_change: true,
    ...(tokens.reservationToken ? { old_reservation_token: tokens.reservationToken } : {}),
    ...(tokens.timechangeToken ? { time_change_token: tokens.timechangeToken } : {}),
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.message ? { message: extra.message } : {}),
  });
}

export type DateChangeMail = {
  site: Site;
  email: string;
  lang: LanguageCode;
  reservationToken: string;
  reservationNumber: string;
  productName: string;
  from: { date: string; time: string | null };
  to: { date: string; time: string | null };
  paid: number;
  refunded: number;
  currency: Site['currency'];
};

export type DateChangesOptions = {
  /** Writes the confirmation mail into the outbox in the completing transaction. */
  enqueueConfirmation?: (tx: Database, mail: DateChangeMail) => Promise<void>;
  /** Gives part of an order's payment back (a cheaper change); false when the provider refused. */
  refund?: (request: { orderId: string; amount: number; idempotencyKey: string }) => Promise<boolean>;
  onStockChanged?: () => void;
  onMailQueued?: () => void;
};

export type DateChangePaymentToBegin = PaymentToBegin & { dateChangeId: string };

/** The fee of a completed change, in minor units, for the admissions it moved. */
export type ChangeFee = { quantity: number; fee: number };

/** What completing a change came to. */
type Completion =
  | { kind: 'completed'; reservationNumber: string; total: number }
  /** The new slot's places are gone (a late payment): nothing changed. */
  | { kind: 'no_places' }
  /** The ticket is no longer as the change found it (used, shared, moved): nothing changed. */
  | { kind: 'stale' };

class Rollback extends Error {}

export function createDateChangesService(db: Database, orders: OrdersService, options: DateChangesOptions = {}) {
  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));

  async function holderAccess(tx: Database, site: Site, reservationToken: string, tokens: ChangeTokens = {}) {
    const access = await tickets.findAccess(tx, site.id, hashToken(reservationToken));
    if (!access) {
      throw tokens.timechangeToken
        ? dateChangeError(404, 'record not found', {}, { message: 'this ticket has no such date change' })
        : notFound('ticket not found', 'there is no ticket with this token');
    }
    return access;
  }

  /** Why the ticket cannot change now, or null. */
  async function refusalOf(tx: Database, site: Site, access: tickets.Access, now: Date): Promise<ServerError | null> {
    const { product } = await orders.productOf(tx, access.order.productId);
    const slot = await orders.slotOf(tx, access.order.productId, access.order.timeSpanId);
    const admissions = await tickets.listOrderTickets(tx, access.order.id);
    return changeRefusal(
      await repo.rulesOf(tx, site.id),
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

  async function slotView(tx: Database, productId: number, timeSpanId: number) {
    const slot = await orders.slotOf(tx, productId, timeSpanId);
    if (!slot) throw notFound('record not found');
    return {
      timeSpanId,
      date: slot.date,
      reservationFrom: slot.startsAt.toISOString(),
      reservationTo: slot.endsAt.toISOString(),
      startsAt: slot.startsAt,
    };
  }

  /** The order's lines as the pricing functions give them, with option types. */
  async function linesOf(tx: Database, site: Site, order: tickets.OrderRow, lang: string) {
    const { options: optionRows, product } = await orders.productOf(tx, order.productId);
    const { priced, coupons } = await orders.priceForChange(tx, site, order, lang);
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

  /** Gives back the holds of changes that ended without completing. */
  async function releaseAll(tx: Database, ids: string[]) {
    for (const id of ids) await releaseOrderHolds(tx, id);
  }

  /** A pending change whose hold lapsed becomes expired (its holds go back); committed by the caller. */
  async function expire(tx: Database, change: repo.DateChangeRow) {
    const expired = await repo.transition(tx, change.id, ['pending', 'waiting'], { status: 'expired' });
    if (expired) await releaseOrderHolds(tx, change.id);
  }

  async function present(tx: Database, site: Site, change: repo.DateChangeRow & { isLapsed: boolean }, lang: string) {
    const order = await orders.lockCompleted(tx, change.orderId).then((o) => o);
    if (!order) throw notFound('record not found', 'there is no such date change');
    const lines = await linesOf(tx, site, order, lang);
    const status = change.status === 'pending' && change.isLapsed ? 'expired' : change.status;
    const from = await slotView(tx, order.productId, change.fromTimeSpanId);
    const to = await slotView(tx, order.productId, change.toTimeSpanId);
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
      cheaperNewSlot: (await repo.rulesOf(tx, site.id)).cheaperNewSlot,
      currency: site.currency,
    } satisfies DateChangeView;
  }

  /**
   * Completes a change in the caller's transaction: sells the new places (again, after a lapse,
   * when `late`), gives the old ones back, moves the order, re-issues the admissions, and writes
   * the confirmation mail. Nothing is written when it cannot complete.
   */
  async function complete(
    tx: Database,
    site: Site,
    change: repo.DateChangeRow,
    late: boolean,
  ): Promise<Completion & { mailQueued?: boolean }> {
    const order = await orders.lockCompleted(tx, change.orderId);
    if (!order || order.timeSpanId !== change.fromTimeSpanId || order.quantity !== change.quantity) return { kind: 'stale' };
    const admissions = await tickets.listOrderTickets(tx, order.id, { lock: true });
    if (admissions.some((a) => a.status !== 'valid' || a.shareId !== null)) return { kind: 'stale' };
    let sold = await sellOrderHolds(tx, change.id);
    if (!sold && late) {
      // A late payment: the places are sold again only if they are still there; a savepoint keeps
      // a half-done sale out of the transaction.
      sold = await tx
        .transaction(async (sp) => {
          const again = await sellAfterExpiry(sp as unknown as Database, {
            id: change.id,
            timeSpanId: change.toTimeSpanId,
            quantity: change.quantity,
            setProducts: order.setProducts,
          });
          if (!again) throw new Rollback();
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof Rollback) return false;
          throw error;
        });
    }
    if (!sold) return { kind: 'no_places' };
    const givenBack = await unsellPlaces(tx, {
      timeSpanId: change.fromTimeSpanId,
      quantity: change.quantity,
      setProducts: order.setProducts,
    });
    if (!givenBack) throw new Error(`the old slot ${change.fromTimeSpanId} does not hold the places of order ${order.id}`);
    const moved = await orders.moveToSlot(tx, order.id, {
      timeSpanId: change.toTimeSpanId,
      subtotal: change.newSubtotal,
      discount: change.newDiscount,
      total: change.resultingTotal,
    });
    await tickets.reissueOrderTickets(tx, order.id);
    await repo.transition(tx, change.id, ['pending', 'waiting', 'expired'], { status: 'completed', completedAt: new Date() });
    const email = change.email ?? order.customerFields?.email;
    let mailQueued = false;
    if (email && options.enqueueConfirmation) {
      // The first reservation token exists only as a hash: the mail carries a token of its own.
      const reservationToken = newToken();
      await tickets.addAccessToken(tx, { tokenHash: hashToken(reservationToken), orderId: order.id, source: 'time_change' });
      const lang = change.lang as LanguageCode;
      const { productRow } = await linesOf(tx, site, moved, lang);
      const at = async (timeSpanId: number) => {
        const slot = await orders.slotOf(tx, order.productId, timeSpanId);
        return {
          date: slot?.date ?? '',
          time: slot && productRow.type === 'time' ? timeOfDayIn(slot.startsAt, DISPLAY_TIME_ZONE) : null,
        };
      };
      await options.enqueueConfirmation(tx, {
        site,
        email,
        lang,
        reservationToken,
        reservationNumber: order.reservationNumber ?? '',
        productName: localize(productRow.name, lang),
        from: await at(change.fromTimeSpanId),
        to: await at(change.toTimeSpanId),
        paid: change.toPay,
        refunded: change.toRefund,
        currency: site.currency,
      });
      mailQueued = true;
    }
    return { kind: 'completed', reservationNumber: order.reservationNumber ?? '', total: moved.total, mailQueued };
  }

  function afterCommit(result: { mailQueued?: boolean }) {
    options.onStockChanged?.();
    if (result.mailQueued) options.onMailQueued?.();
  }

  /** Finds a change of the site by its token, locked, with the reservation token checked against it. */
  async function lockedChange(tx: Database, site: Site, tokens: Required<ChangeTokens>) {
    const change = await repo.findByToken(tx, site.id, hashToken(tokens.timechangeToken), { lock: true });
    if (!change) throw dateChangeError(404, 'record not found', tokens, { message: 'there is no date change with this token' });
    const access = await holderAccess(tx, site, tokens.reservationToken, tokens);
    if (access.order.id !== change.orderId || access.shareId !== null)
      throw dateChangeError(404, 'record not found', tokens, { message: 'this ticket has no such date change' });
    return change;
  }

  /**
   * Gives back the difference of a cheaper change (by the site's policy), once: the provider
   * refunds under the change's own idempotency key, and the outcome is kept on the change.
   */
  async function refundDifference(change: { id: string; orderId: string; toRefund: number }) {
    const ok =
      (await options
        .refund?.({ orderId: change.orderId, amount: change.toRefund, idempotencyKey: `${change.id}:refund` })
        .catch(() => false)) ?? false;
    const status = ok ? ('refunded' as const) : ('refund_failed' as const);
    await repo.transition(db, change.id, ['completed'], { refundStatus: status });
    return { amount: change.toRefund, status };
  }

  return {
    /** Asks again for refunds owed by changes completed just before a process stopped. */
    async settleOwedRefunds(olderThanSeconds = 60): Promise<number> {
      const owed = await repo.listOwedRefunds(db, olderThanSeconds);
      for (const change of owed) await refundDifference(change);
      return owed.length;
    },

    /**
     * The fees of an order's completed changes, oldest first (for its receipt). A change's fee is
     * always the visitor's: paid on top, or taken from a cheaper price's difference, so the order's
     * total after a change leaves it out.
     */
    async completedChangeFees(orderId: string): Promise<ChangeFee[]> {
      const changes = await repo.listCompleted(db, orderId);
      return changes.filter((change) => change.fee > 0).map((change) => ({ quantity: change.quantity, fee: change.fee }));
    },

    /** `GET timechanges/tickets/{reservationToken}`: the ticket as the change-date page starts from. */
    async ticket(site: Site, reservationToken: string, lang: LanguageCode, now = new Date()): Promise<DateChangeTicket> {
      return transaction(async (tx) => {
        const access = await holderAccess(tx, site, reservationToken);
        const refusal = await refusalOf(tx, site, access, now);
        if (refusal) throw dateChangeError(400, refusal, { reservationToken });
        const order = access.order;
        const lines = await linesOf(tx, site, order, lang);
        const current = await slotView(tx, order.productId, order.timeSpanId);
        const rules = await repo.rulesOf(tx, site.id);
        return {
          reservationNumber: order.reservationNumber ?? '',
          product: lines.product,
          current: {
            timeSpanId: current.timeSpanId,
            date: current.date,
            reservationFrom: current.reservationFrom,
            reservationTo: current.reservationTo,
          },
          quantity: order.quantity,
          options: lines.options,
          setProducts: lines.setProducts,
          paid: order.total,
          currency: site.currency,
          changeableUntil: changeDeadline(rules, current.startsAt).toISOString(),
          feePerAdmission: rules.feePerAdmission,
          cheaperNewSlot: rules.cheaperNewSlot,
        };
      });
    },

    /** `POST timechanges/tickets/{reservationToken}`: a pending change holding the new slot. */
    async create(site: Site, reservationToken: string, body: CreateDateChangeBody, now = new Date()): Promise<DateChangeView> {
      const tokens = { reservationToken };
      if (body.email !== undefined && body.email !== '' && emailRule(body.email))
        throw dateChangeError(400, 'invalid email address in time change', tokens, { field: 'email' });
      const outcome = await transaction(async (tx) => {
        const found = await holderAccess(tx, site, reservationToken);
        // The order's row lock makes two tabs changing one ticket go one after the other.
        const order = await orders.lockCompleted(tx, found.order.id);
        if (!order) throw notFound('ticket not found');
        const access = { order, shareId: found.shareId };
        const refusal = await refusalOf(tx, site, access, now);
        if (refusal) throw dateChangeError(400, refusal, tokens);
        await releaseAll(tx, await repo.expireLapsed(tx, order.id));
        if ((await repo.openChanges(tx, order.id)).length > 0) throw dateChangeError(409, 'waiting time change exists', tokens);
        if (body.time_span_id === order.timeSpanId)
          throw dateChangeError(400, 'invalid request', tokens, {
            field: 'time_span_id',
            message: 'time_span_id is the slot the ticket already has',
          });
        const slot = await orders.slotOf(tx, order.productId, body.time_span_id);
        if (!slot) throw dateChangeError(404, 'no stock has been registered for this product', tokens);
        if (!slot.isOnSale || slot.isPast) throw dateChangeError(400, 'ticket not on sale now', tokens);
        // The same selection at the new date: coupons must still hold there.
        const { priced, coupons } = await orders.priceForChange(tx, site, order, order.lang);
        const couponFailure = checkCouponsAtDate(coupons, { now, visitDate: slot.date });
        if (couponFailure) throw dateChangeError(400, couponFailure, tokens);
        const amounts = changeAmounts(await repo.rulesOf(tx, site.id), {
          paid: order.total,
          newTotal: priced.total,
          admissions: order.quantity,
        });
        const id = randomUUID();
        const expiresAt = await repo.holdUntil(tx, site.holdMinutes);
        const held = await holdSlot(tx, {
          orderId: id,
          productId: order.productId,
          timeSpanId: body.time_span_id,
          quantity: order.quantity,
          expiresAt,
        });
        if (held === 'missing') throw dateChangeError(404, 'no stock has been registered for this product', tokens);
        if (held === 'closed') throw dateChangeError(400, 'ticket not on sale now', tokens);
        if (held === 'full') throw dateChangeError(409, 'time_change_out_of_stock', tokens);
        for (const setProduct of order.setProducts.filter((s) => s.quantity > 0)) {
          const heldSet = await holdSetProduct(tx, {
            orderId: id,
            timeSpanId: body.time_span_id,
            setProductId: setProduct.set_product_id,
            quantity: setProduct.quantity,
            expiresAt,
          });
          if (!heldSet) throw dateChangeError(409, 'time_change_out_of_stock', tokens);
        }
        const timechangeToken = newToken();
        const change = await repo
          .insert(tx, {
            id,
            orderId: order.id,
            tokenHash: hashToken(timechangeToken),
            status: 'pending',
            fromTimeSpanId: order.timeSpanId,
            toTimeSpanId: body.time_span_id,
            quantity: order.quantity,
            lang: body.lang,
            email: body.email ? body.email : null,
            paid: amounts.paid,
            newSubtotal: priced.subtotal,
            newDiscount: priced.discount,
            newTotal: amounts.newTotal,
            fee: amounts.fee,
            toPay: amounts.toPay,
            toRefund: amounts.toRefund,
            resultingTotal: amounts.resultingTotal,
            expiresAt,
          })
          .catch((error: unknown) => {
            // The one-open-change index, should another process have got past the check.
            if (String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === '23505')
              throw dateChangeError(409, 'waiting time change exists', tokens);
            throw error;
          });
        return { timechangeToken, view: await present(tx, site, { ...change, isLapsed: false }, body.lang) };
      });
      options.onStockChanged?.();
      return { time_change_token: outcome.timechangeToken, ...outcome.view };
    },

    /** `GET timechanges/{timechangeToken}`. */
    async get(site: Site, timechangeToken: string, lang: LanguageCode): Promise<DateChangeView> {
      return transaction(async (tx) => {
        const change = await repo.findByToken(tx, site.id, hashToken(timechangeToken));
        if (!change) throw dateChangeError(404, 'record not found', { timechangeToken });
        return present(tx, site, change, lang);
      });
    },

    /** `DELETE timechanges/{timechangeToken}`: the visitor gives up a pending change; its places go back. */
    async cancel(site: Site, timechangeToken: string): Promise<void> {
      const tokens = { timechangeToken };
      await transaction(async (tx) => {
        const change = await repo.findByToken(tx, site.id, hashToken(timechangeToken), { lock: true });
        if (!change) throw dateChangeError(404, 'record not found', tokens);
        if (change.status !== 'pending') throw dateChangeError(409, 'time change status is not pending', tokens);
        await repo.transition(tx, change.id, ['pending'], { status: 'cancelled' });
        await releaseOrderHolds(tx, change.id);
      });
      options.onStockChanged?.();
    },

    /** `POST timechanges/{timechangeToken}/confirm`: completes a change with nothing to pay. */
    async confirm(site: Site, tokens: Required<ChangeTokens>): Promise<CompletedDateChange> {
      const outcome = await transaction(async (tx) => {
        const change = await lockedChange(tx, site, tokens);
        if (change.status !== 'pending') throw dateChangeError(409, 'time change status is not pending', tokens);
        if (change.toPay > 0)
          throw dateChangeError(400, 'invalid request', tokens, {
            field: 'payment_method',
            message: `a payment of ${change.toPay} is due: pay it through checkout`,
          });
        if (change.isLapsed) {
          await expire(tx, change);
          return { kind: 'expired' as const };
        }
        const result = await complete(tx, site, change, false);
        if (result.kind === 'no_places') {
          await expire(tx, change);
          return { kind: 'expired' as const };
        }
        if (result.kind === 'stale') throw dateChangeError(400, 'cannot change ticket', tokens);
        return { ...result, change };
      });
      if (outcome.kind === 'expired') {
        options.onStockChanged?.();
        throw dateChangeError(410, 'time change expired', tokens);
      }
      afterCommit(outcome);
      const refund = outcome.change.toRefund > 0 ? await refundDifference(outcome.change) : null;
      return { status: 'completed', reservation_number: outcome.reservationNumber, total: outcome.total, refund };
    },

    /**
     * The first half of paying for a change: checks it and the method, marks it `waiting` and
     * runs `record` (the payment ledger's row) in the same transaction.
     */
    async beginPayment<T>(
      site: Site,
      tokens: Required<ChangeTokens>,
      body: { payment_method: string },
      record: (tx: Database, payment: DateChangePaymentToBegin) => Promise<T>,
    ): Promise<T> {
      const outcome = await transaction(async (tx) => {
        const change = await lockedChange(tx, site, tokens);
        if (change.status !== 'pending') throw dateChangeError(409, 'time change status is not pending', tokens);
        if (change.isLapsed) {
          await expire(tx, change);
          return { kind: 'expired' as const };
        }
        if (change.toPay === 0)
          throw dateChangeError(400, 'invalid request', tokens, {
            field: 'payment_method',
            message: 'nothing is due for this change: confirm it instead',
          });
        const method = await orders.paymentMethodOf(tx, site, 'web', body.payment_method);
        if (!method || method.provider === 'free')
          throw dateChangeError(400, 'invalid request', tokens, {
            field: 'payment_method',
            message: 'payment_method is not offered for paying a date change',
          });
        await repo.transition(tx, change.id, ['pending'], { status: 'waiting' });
        const { product } = await orders.productOf(tx, (await orders.lockCompleted(tx, change.orderId))?.productId ?? 0);
        const value = await record(tx, {
          orderId: change.orderId,
          orderToken: '',
          dateChangeId: change.id,
          method: method.method,
          provider: method.provider,
          amount: change.toPay,
          currency: site.currency,
          description: localize(product.name, change.lang),
        });
        return { kind: 'begun' as const, value };
      });
      if (outcome.kind === 'expired') {
        options.onStockChanged?.();
        throw dateChangeError(410, 'time change expired', tokens);
      }
      return outcome.value;
    },

    /** A payment for the change failed: it can be paid again while its hold lasts. */
    async abandonPayment(tx: Database, dateChangeId: string): Promise<boolean> {
      const change = await repo.findById(tx, dateChangeId, { lock: true });
      if (change?.status !== 'waiting') return false;
      if (change.isLapsed) {
        await expire(tx, change);
        return true;
      }
      return (await repo.transition(tx, change.id, ['waiting'], { status: 'pending' })) !== null;
    },

    /**
     * The second half: a captured payment completes its change, once (in the caller's
     * transaction). A change whose places are gone, or whose ticket moved on, gives `no_places`:
     * the caller refunds the payment.
     */
    async completePaid(
      tx: Database,
      site: Site,
      dateChangeId: string,
    ): Promise<{ status: 'completed'; reservationNumber: string; total: number; justCompleted: boolean } | 'no_places'> {
      const change = await repo.findById(tx, dateChangeId, { lock: true });
      if (!change || change.status === 'cancelled') return 'no_places';
      if (change.status === 'completed') {
        const order = await orders.lockCompleted(tx, change.orderId);
        return {
          status: 'completed',
          reservationNumber: order?.reservationNumber ?? '',
          total: order?.total ?? 0,
          justCompleted: false,
        };
      }
      const result = await complete(tx, site, change, true);
      if (result.kind !== 'completed') {
        await expire(tx, change);
        return 'no_places';
      }
      return { status: 'completed', reservationNumber: result.reservationNumber, total: result.total, justCompleted: true };
    },

    /** After a completing transaction commits: availability and mail go at once. */
    completed() {
      afterCommit({ mailQueued: true });
    },
  };
}

export type DateChangesService = ReturnType<typeof createDateChangesService>;
