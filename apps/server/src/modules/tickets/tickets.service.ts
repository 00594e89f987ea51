/**
 * The ticket after purchase: what the reservation token shows, sharing part of the party,
 * claiming a share, sending the ticket by mail and the receipt. Access is by possessing a
 * reservation token (SPEC §6); tokens are only ever stored hashed.
 */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { Receipt, TicketCheckStatus, TicketView } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import { email as emailRule } from '@storefront/domain/customer/validation';
import { todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken, newToken } from '../../http/tokens.ts';
import type { DateChangesService } from '../date-changes/date-changes.service.ts';
import { orders as ordersTable } from '../orders/orders.schema.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';
import { receiptExtras } from './receipt-lines.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { createKeyCache, nextReceiptSequence, signPayload } from './ticket-signing.ts';
import * as repo from './tickets.repository.ts';
import { receipts, ticketAccessTokens, ticketShares } from './tickets.schema.ts';

/** A request whose `field` is wrong (SPEC §7's generic error, naming the field). */
const invalidField = (field: string, message: string) => specError('invalid request', { field, message: `${field} ${message}` });

/** Minutes before a slot starts and after it ends in which its tickets are still let in. */
export const DEFAULT_CHECK_IN_GRACE_MINUTES = 30;
/** Consumption tax rate included in Japanese prices, in percent. */
export const TAX_RATE = 10;

type TicketMailCommon = { site: Site; email: string; lang: LanguageCode; productName: string; visitDate: string };

/**
 * A mail with a ticket link. The inquiry's goes to the holder's own address with their link; the
 * forward goes to a friend with a share link only, and names who sent it.
 */
export type TicketMail =
  | (TicketMailCommon & { kind: 'ticket_inquiry'; reservationNumber: string; reservationToken: string })
  | (TicketMailCommon & { kind: 'ticket_forward'; shareToken: string; quantity: number; senderName: string | null });

export type TicketsServiceOptions = {
  /** Writes the mail that carries a ticket link, in the caller's transaction. */
  enqueueTicketMail?: (db: Database, mail: TicketMail) => Promise<void>;
  onMailQueued?: () => void;
  /** Date changes, whose fees the receipt counts. */
  dateChanges?: Pick<DateChangesService, 'completedChangeFees'>;
};

export type EntryWindow = { startsAt: Date; endsAt: Date; graceMinutes: number };

/** Whether `now` is inside the slot's entry window widened by the grace period. */
export function isWithinEntryWindow(window: EntryWindow, now: Date): boolean {
  const grace = window.graceMinutes * 60_000;
  return now.getTime() >= window.startsAt.getTime() - grace && now.getTime() <= window.endsAt.getTime() + grace;
}

export function checkStatusOf(ticketStatus: repo.TicketRow['status'], isInWindow: boolean): TicketCheckStatus {
  if (ticketStatus === 'cancelled') return 'invalid';
  if (ticketStatus === 'used') return 'used';
  return isInWindow ? 'available' : 'invalid_time';
}

/** Tax included in a tax-inclusive total, rounded down. */
export function includedTax(total: number, rate = TAX_RATE): number {
  return Math.floor((total * rate) / (100 + rate));
}

export function createTicketsService(db: Database, orders: OrdersService, options: TicketsServiceOptions = {}) {
  const signingKey = createKeyCache(db);
  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));

  async function requireAccess(tx: Database, site: Site, token: string): Promise<repo.Access> {
    const access = await repo.findAccess(tx, site.id, hashToken(token));
    if (!access) throw specError('ticket not found', { message: 'there is no ticket with this token' });
    return access;
  }

  async function requireOrder(site: Site, orderId: string, lang: string): Promise<TemporaryOrder> {
    const order = await orders.describe(site, orderId, lang);
    if (!order) throw specError('ticket not found');
    return order;
  }

  async function entryWindow(
    tx: Database,
    site: Site,
    timeSpanId: number,
  ): Promise<EntryWindow & { date: string; isAllDay: boolean }> {
    const slot = await repo.findSlot(tx, timeSpanId);
    if (!slot) throw specError('ticket not found');
    const graceMinutes = await repo.checkInGraceMinutes(tx, site.id, DEFAULT_CHECK_IN_GRACE_MINUTES);
    return { startsAt: slot.startsAt, endsAt: slot.endsAt, graceMinutes, date: slot.date, isAllDay: slot.productType !== 'time' };
  }

  /** Moves admissions into a new share; their earlier QR payloads stop working. Gives the share's token. */
  async function splitOff(tx: Database, orderId: string, ticketIds: string[]): Promise<string> {
    const shareToken = newToken();
    const [share] = await tx
      .insert(ticketShares)
      .values({ orderId, tokenHash: hashToken(shareToken), quantity: ticketIds.length })
      .returning();
    if (!share) throw new Error('the share was not written');
    const moved = await repo.bumpGenerations(tx, ticketIds, { shareId: share.id });
    // Another request shared some of these admissions meanwhile: a conflict, not a bad request.
    if (moved !== ticketIds.length) throw specError('parent ticket has not more than one child ticket', { status: 409 });
    return shareToken;
  }

  return {
    async view(site: Site, token: string, lang: LanguageCode, now = new Date()): Promise<TicketView> {
      const key = await signingKey(site.id);
      const access = await requireAccess(db, site, token);
      const order = await requireOrder(site, access.order.id, lang);
      const window = await entryWindow(db, site, access.order.timeSpanId);
      const isInWindow = isWithinEntryWindow(window, now);
      const admissions = await repo.listAdmissions(db, access);
      const sign = (list: repo.AdmissionRow[]) =>
        signPayload(key, { siteId: site.id, admissions: list.map((a) => ({ id: a.id, generation: a.generation })) });
      const stillValid = admissions.filter((a) => a.status === 'valid');
      const isHolder = access.shareId === null;
      const shares = isHolder ? await repo.listShares(db, access.order.id) : [];
      // A receiver sees only their admissions, and of the options only those they hold.
      const held = new Map<number, number>();
      for (const a of admissions) held.set(a.optionId, (held.get(a.optionId) ?? 0) + 1);
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
        quantity: admissions.length,
        pricePaid: isHolder ? order.price : null,
        currency: site.currency,
        admissions: admissions.map((a) => ({
          id: a.id,
          position: a.position,
          optionId: a.optionId,
          optionName: localize(a.optionName, lang),
          ticketStatus: a.status,
          status: checkStatusOf(a.status, isInWindow),
          checkedInAt: a.checkedInAt?.toISOString() ?? null,
          qr: sign([a]),
        })),
        partyQr: stillValid.length > 0 ? sign(stillValid) : null,
        shares: shares.map((s) => ({
          quantity: s.quantity,
          createdAt: s.createdAt.toISOString(),
          claimedAt: s.claimedAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * Splits admissions off the holder's party into a share link. The holder's copies of them stop
     * working at once (their QR payloads are re-issued under the share).
     */
    async share(site: Site, token: string, body: { option_values: { option_value_id: number; quantity: number }[] }) {
      if (body.option_values.some((v) => v.quantity < 1)) throw specError('option value less than 1');
      const wanted = new Map<number, number>();
      for (const value of body.option_values)
        wanted.set(value.option_value_id, (wanted.get(value.option_value_id) ?? 0) + value.quantity);
      return transaction(async (tx) => {
        const access = await requireAccess(tx, site, token);
        if (access.shareId !== null)
          throw specError('record not found', { message: 'only the reservation holder can share tickets' });
        const available = (await repo.listAdmissions(tx, access, { lock: true })).filter((a) => a.status === 'valid');
        if (available.length <= 1) throw specError('parent ticket has not more than one child ticket');
        const chosen: string[] = [];
        for (const [optionId, quantity] of wanted) {
          // The last admissions of the type go; the holder keeps the first ones.
          const ofOption = available.filter((a) => a.optionId === optionId);
          if (ofOption.length < quantity) {
            throw invalidField(
              'option_values',
              `asks for ${quantity} of option ${optionId} but ${ofOption.length} can be shared`,
            );
          }
          chosen.push(...ofOption.slice(-quantity).map((a) => a.id));
        }
        if (chosen.length >= available.length)
          throw invalidField('option_values', 'must leave at least one ticket with the holder');
        return { share_token: await splitOff(tx, access.order.id, chosen), quantity: chosen.length };
      });
    },

    async shared(site: Site, shareToken: string, lang: LanguageCode) {
      const found = await repo.findShare(db, site.id, hashToken(shareToken));
      if (!found) throw specError('record not found', { message: 'there is no share with this token' });
      const order = await requireOrder(site, found.order.id, lang);
      const window = await entryWindow(db, site, found.order.timeSpanId);
      const admissions = await repo.shareAdmissions(db, found.share.id);
      const byOption = new Map<string, number>();
      for (const a of admissions) {
        const name = localize(a.optionName, lang);
        byOption.set(name, (byOption.get(name) ?? 0) + 1);
      }
      return {
        product: { name: order.mainProduct.name },
        date: window.date,
        reservationFrom: order.mainProduct.reservationFrom,
        isAllDay: window.isAllDay,
        quantity: found.share.quantity,
        options: [...byOption].map(([name, quantity]) => ({ name, quantity })),
        isClaimed: found.share.claimedAt !== null,
      };
    },

    /** The receiver takes the share: they get a reservation token of their own, the link stops working. */
    async claim(site: Site, shareToken: string): Promise<{ reservation_token: string }> {
      return transaction(async (tx) => {
        const found = await repo.findShare(tx, site.id, hashToken(shareToken), { lock: true });
        if (!found) throw specError('record not found', { message: 'there is no share with this token' });
        if (found.share.claimedAt !== null)
          throw specError('record not found', { message: 'these tickets have already been received' });
        const reservationToken = newToken();
        await tx.update(ticketShares).set({ claimedAt: new Date() }).where(eq(ticketShares.id, found.share.id));
        await tx.insert(ticketAccessTokens).values({
          tokenHash: hashToken(reservationToken),
          orderId: found.order.id,
          shareId: found.share.id,
          source: 'share',
        });
        // Whoever saw the payloads before the claim (the sharer) cannot use them.
        const admissions = await repo.shareAdmissions(tx, found.share.id);
        await repo.bumpGenerations(
          tx,
          admissions.map((a) => a.ticket.id),
        );
        return { reservation_token: reservationToken };
      });
    },

    /**
     * Sends the holder's remaining tickets to another address: they move into a share (as `share`
     * does, the holder's copies stop working) and the mail carries the share link, never the
     * holder's own link, so the friend gets the tickets but not the booking (no date change, receipt
     * or further sharing). The mail names the holder as the sender.
     */
    async send(site: Site, token: string, body: { email: string; lang?: LanguageCode | undefined }, clientIp: string) {
      await enforceRateLimits(db, [{ key: `ticket-send:ip:${clientIp}`, max: 10, windowSeconds: 600 }]);
      if (emailRule(body.email)) throw specError('invalid email address');
      const found = await requireAccess(db, site, token);
      const lang = body.lang ?? (found.order.lang as LanguageCode);
      const order = await requireOrder(site, found.order.id, lang);
      const slot = await repo.findSlot(db, found.order.timeSpanId);
      await transaction(async (tx) => {
        const access = await requireAccess(tx, site, token);
        if (access.shareId !== null)
          throw specError('record not found', { message: 'only the reservation holder can send tickets' });
        const remaining = (await repo.listAdmissions(tx, access, { lock: true })).filter((a) => a.status === 'valid');
        if (remaining.length === 0)
          throw specError('record not found', { message: 'no ticket of this reservation is left to send' });
        const shareToken = await splitOff(
          tx,
          access.order.id,
          remaining.map((a) => a.id),
        );
        await options.enqueueTicketMail?.(tx, {
          site,
          kind: 'ticket_forward',
          email: body.email,
          lang,
          shareToken,
          quantity: remaining.length,
          senderName: access.order.customerFields?.fullname?.trim() || null,
          productName: order.mainProduct.name,
          visitDate: slot?.date ?? '',
        });
      });
      options.onMailQueued?.();
    },

    /** Issues the order's receipt once; asking again gives the same receipt (the addressee stays). */
    async issueReceipt(site: Site, token: string, addressee: string, lang: LanguageCode, now = new Date()): Promise<Receipt> {
      const orderId = await transaction(async (tx) => {
        const access = await requireAccess(tx, site, token);
        if (access.shareId !== null)
          throw specError('record not found', { message: 'only the reservation holder can have a receipt' });
        // A second first request waits here, then finds the receipt the first one issued.
        await repo.lockOrderForReceipt(tx, access.order.id);
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
      return this.receiptOf(site, orderId, lang);
    },

    async receipt(site: Site, token: string, lang: LanguageCode): Promise<Receipt> {
      const access = await requireAccess(db, site, token);
      if (access.shareId !== null)
        throw specError('record not found', { message: 'only the reservation holder can have a receipt' });
      return this.receiptOf(site, access.order.id, lang);
    },

    async receiptOf(site: Site, orderId: string, lang: LanguageCode): Promise<Receipt> {
      const receipt = await repo.findReceipt(db, orderId);
      if (!receipt) throw specError('record not found', { message: 'no receipt has been issued for this reservation' });
      const order = await requireOrder(site, orderId, lang);
      const [row] = await db
        .select({ number: ordersTable.reservationNumber, total: ordersTable.total })
        .from(ordersTable)
        .where(eq(ordersTable.id, orderId));
      const fees = (await options.dateChanges?.completedChangeFees(orderId)) ?? [];
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
        ...(order.membershipPromotion
          ? [{ name: order.membershipPromotion.name, amount: order.membershipPromotion.discount }]
          : []),
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
        reservationNumber: row?.number ?? '',
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
        taxRate: TAX_RATE,
        currency: site.currency,
      };
    },

    async receiptPdf(site: Site, token: string, lang: LanguageCode): Promise<{ pdf: Uint8Array; number: string }> {
      const receipt = await this.receipt(site, token, lang);
      return { pdf: await renderReceiptPdf(receipt, lang), number: receipt.number };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
