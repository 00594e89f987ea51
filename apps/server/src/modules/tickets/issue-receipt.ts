/**
 * A reservation's money documents (SPEC §7 receipt routes, decision 034), numbered in the
 * venue's one series per year: the receipt, issued once; a refund document for each refund that
 * succeeded after it (for a qualified-invoice venue a 適格返還請求書); and receipts re-issued for
 * the net amount, each naming the one it replaces. A document's figures are written when it is
 * issued and never change; its amounts come from the ledger (`payments/order-ledger.ts`): what
 * was paid less what went back, the fees of date changes included.
 *
 * The tickets module learns of a refund from the ledger, not from the refund itself: the refund
 * documents owed are issued in the order's lock whenever the reservation's documents are read or
 * a receipt is asked for (`documentsOwed`), so every path that gives money back (staff, a
 * cancelled slot, the visitor's own cancellation, a cheaper date) is covered the same way.
 */

import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { MoneyDocuments, Receipt } from '@storefront/domain/api/tickets';
import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { findCompletedOrder, lockOrder } from '../orders/completed-orders.ts';
import { type OrderLedger, orderLedger } from '../payments/order-ledger.ts';
import type { Site } from '../sites/site.ts';
import { listOrderTickets } from './order-tickets.ts';
import { type DocumentFigures, netFigures, refundFigures } from './receipt-lines.ts';
import { nextReceiptSequence } from './ticket-signing.ts';
import { receipts } from './tickets.schema.ts';
import { type ChangeFee, inTransaction, requireAccess, type TicketsContext } from './tickets-context.ts';

type DocumentRow = typeof receipts.$inferSelect;

const holderOnly = () => specError('record not found', { message: 'only the reservation holder can have a receipt' });
const noReceipt = () => specError('record not found', { message: 'no receipt has been issued for this reservation' });

/** The order the token opens, for its holder only. */
async function holdersOrder(db: Database, site: Site, token: string): Promise<string> {
  const access = await requireAccess(db, site, token);
  if (access.shareId !== null) throw holderOnly();
  return access.order.id;
}

const listDocuments = (db: Database, orderId: string): Promise<DocumentRow[]> =>
  db.select().from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.sequence));

/** The receipt that stands: the latest re-issued one, else the first. */
const currentOf = (documents: DocumentRow[]) => documents.filter((d) => d.kind !== 'refund').at(-1) ?? null;

/**
 * What a document needs from other modules beyond the ledger: the order described in every
 * language and its date changes' fees. Read before the order's transaction, from their own
 * connections (PGlite has one: a read outside the transaction would wait for it to end).
 */
type OrderFacts = { described: Map<LanguageCode, TemporaryOrder>; fees: ChangeFee[] };

async function orderFacts(ctx: TicketsContext, site: Site, orderId: string): Promise<OrderFacts> {
  const described = new Map<LanguageCode, TemporaryOrder>();
  for (const lang of LANGUAGE_CODES) {
    const order = await ctx.orders.describe(site, orderId, lang);
    if (!order) throw specError('ticket not found');
    described.set(lang, order);
  }
  return { described, fees: (await ctx.options.dateChanges?.completedChangeFees(orderId)) ?? [] };
}

/** The facts, where reading the documents will need them: a receipt issued before decision 034 is to be given its figures. */
async function factsIfOwed(db: Database, ctx: TicketsContext, site: Site, orderId: string): Promise<OrderFacts | null> {
  const documents = await listDocuments(db, orderId);
  return documents.some((d) => d.figures === null) ? orderFacts(ctx, site, orderId) : null;
}

/** What the order's documents will say now: its standing items, fees and the ledger's net. */
async function figuresNow(db: Database, facts: OrderFacts, site: Site, orderId: string, ledger: OrderLedger, asOf?: Date) {
  const row = await findCompletedOrder(db, site.id, orderId);
  const order = facts.described.get('ja');
  if (!row || !order) throw specError('ticket not found');
  const admissions = await listOrderTickets(db, orderId);
  const cancelledAt = (a: (typeof admissions)[number]) => a.status === 'cancelled' && (!asOf || (a.cancelledAt ?? asOf) <= asOf);
  return netFigures({
    names: async (lang) => facts.described.get(lang) ?? null,
    order,
    cancelled: admissions.filter(cancelledAt).map((a) => a.optionId),
    admissions: admissions.length,
    fees: facts.fees,
    ledger,
    site,
    reservationNumber: row.reservationNumber ?? '',
  });
}

/** The next number of the venue's series, in its year (a document issued on its New Year's morning is in the new one). */
async function numbered(tx: Database, site: Site, now: Date) {
  const sequence = await nextReceiptSequence(tx, site.id);
  const year = todayIn(site.timeZone, now).slice(0, 4);
  return { sequence, number: `${site.code.toUpperCase()}-${year}-${String(sequence).padStart(6, '0')}` };
}

/**
 * Issues, in the order's lock, the refund documents the order owes: one for each refund that
 * succeeded and that the first receipt is not already net of. A receipt issued before decision
 * 034 gets its figures written first, as the ledger stood when it was issued. Returns the
 * order's documents after.
 */
async function documentsOwed(tx: Database, facts: OrderFacts | null, site: Site, orderId: string, now: Date) {
  let documents = await listDocuments(tx, orderId);
  const first = documents.find((d) => d.kind === 'receipt');
  if (!first) return documents;
  const ledger = await orderLedger(tx, orderId);
  for (const old of documents.filter((d) => d.figures === null)) {
    // Written just before the facts were read: read the documents again.
    if (!facts) throw specError('conflict', { message: 'the receipt changed meanwhile; look again' });
    const asOf = old.issuedAt;
    const then = {
      ...ledger,
      refunds: ledger.refunds.filter((r) => r.settledAt <= asOf),
      refunded: ledger.refunds.filter((r) => r.settledAt <= asOf).reduce((sum, r) => sum + r.amount, 0),
    };
    const figures = await figuresNow(tx, facts, site, orderId, then, asOf);
    await tx.update(receipts).set({ figures }).where(eq(receipts.id, old.id));
    old.figures = figures;
  }
  const documented = new Set([
    ...((first.figures as DocumentFigures).refunds ?? []),
    ...documents.flatMap((d) => (d.refundId ? [d.refundId] : [])),
  ]);
  const owed = ledger.refunds.filter((r) => !documented.has(r.id));
  for (const refund of owed) {
    const corrects = currentOf(documents) ?? first;
    const { sequence, number } = await numbered(tx, site, now);
    await tx.insert(receipts).values({
      orderId,
      siteId: site.id,
      kind: 'refund',
      sequence,
      number,
      addressee: corrects.addressee,
      replacesId: corrects.id,
      refundId: refund.id,
      figures: refundFigures(refund, site, (first.figures as DocumentFigures).reservationNumber),
      issuedAt: now,
    });
  }
  if (owed.length > 0) documents = await listDocuments(tx, orderId);
  return documents;
}

/** Issues the order's receipt once; asking again gives the receipt that stands (the addressee stays). */
export async function issueReceipt(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  addressee: string,
  lang: LanguageCode,
  now = clock.now(),
): Promise<Receipt> {
  const orderId = await holdersOrder(db, site, token);
  const facts = await orderFacts(ctx, site, orderId);
  const documents = await inTransaction(db, async (tx) => {
    // A second first request waits here, then finds the receipt the first one issued.
    await lockOrder(tx, orderId);
    const issued = await documentsOwed(tx, facts, site, orderId, now);
    if (issued.some((d) => d.kind === 'receipt')) return issued;
    // Issued first after a refund or a cancellation, the receipt is already net of it.
    const figures = await figuresNow(tx, facts, site, orderId, await orderLedger(tx, orderId));
    const { sequence, number } = await numbered(tx, site, now);
    await tx
      .insert(receipts)
      .values({ orderId, siteId: site.id, kind: 'receipt', sequence, number, addressee, figures, issuedAt: now });
    return listDocuments(tx, orderId);
  });
  const current = currentOf(documents);
  if (!current) throw noReceipt();
  return present(site, documents, current, lang);
}

/**
 * Re-issues the receipt for what the ledger says now, naming the receipt it replaces (which stays
 * as it was). Refused while nothing changed since the receipt that stands, and while a refund is
 * still on its way (the amount is not known yet).
 */
export async function reissueReceipt(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  lang: LanguageCode,
  now = clock.now(),
): Promise<Receipt> {
  const orderId = await holdersOrder(db, site, token);
  const facts = await orderFacts(ctx, site, orderId);
  const { documents, issued } = await inTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    const before = await documentsOwed(tx, facts, site, orderId, now);
    const replaced = currentOf(before);
    if (!replaced) throw noReceipt();
    const ledger = await orderLedger(tx, orderId);
    if (ledger.pending > 0)
      throw specError('conflict', { message: 'a refund is still being made; the receipt can be re-issued once it is done' });
    const figures = await figuresNow(tx, facts, site, orderId, ledger);
    if (!differs(replaced.figures as DocumentFigures, figures))
      throw specError('conflict', { message: 'the receipt already shows what was paid; there is nothing to re-issue' });
    const { sequence, number } = await numbered(tx, site, now);
    const [row] = await tx
      .insert(receipts)
      .values({
        orderId,
        siteId: site.id,
        kind: 'reissue',
        sequence,
        number,
        addressee: replaced.addressee,
        replacesId: replaced.id,
        figures,
        issuedAt: now,
      })
      .returning();
    return { documents: await listDocuments(tx, orderId), issued: row };
  });
  if (!issued) throw new Error('the re-issued receipt was not written');
  return present(site, documents, issued, lang);
}

/** Whether a receipt re-issued with `now` would say anything other than `was`. */
function differs(was: DocumentFigures, now: DocumentFigures): boolean {
  const shape = (f: DocumentFigures) => JSON.stringify([f.total, f.lines.map((l) => [l.quantity, l.unitPrice, l.amount])]);
  return shape(was) !== shape(now);
}

/** Every document of the reservation, the documents it owes issued first. */
export async function moneyDocuments(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  lang: LanguageCode,
  now = clock.now(),
): Promise<MoneyDocuments> {
  const orderId = await holdersOrder(db, site, token);
  const facts = await factsIfOwed(db, ctx, site, orderId);
  const { documents, ledger, cancelled } = await inTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    const documents = await documentsOwed(tx, facts, site, orderId, now);
    const admissions = await listOrderTickets(tx, orderId);
    return {
      documents,
      ledger: await orderLedger(tx, orderId),
      cancelled: admissions.filter((a) => a.status === 'cancelled').length,
    };
  });
  const current = currentOf(documents);
  const net = ledger.paid - ledger.refunded;
  const standing = current?.figures as DocumentFigures | undefined;
  return {
    documents: documents.map((d) => present(site, documents, d, lang)),
    current: current?.number ?? null,
    net,
    reissuable: !!standing && ledger.pending === 0 && (standing.total !== net || standing.cancelled !== cancelled),
  };
}

/** One document by its number, or the receipt that stands when none is named. */
export async function moneyDocument(
  db: Database,
  ctx: TicketsContext,
  site: Site,
  token: string,
  lang: LanguageCode,
  number: string | null,
  now = clock.now(),
): Promise<Receipt> {
  const orderId = await holdersOrder(db, site, token);
  const facts = await factsIfOwed(db, ctx, site, orderId);
  const documents = await inTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    return documentsOwed(tx, facts, site, orderId, now);
  });
  const found = number === null ? currentOf(documents) : documents.find((d) => d.number === number);
  if (!found)
    throw number === null
      ? noReceipt()
      : specError('record not found', { message: 'there is no such document for this reservation' });
  return present(site, documents, found, lang);
}

/** A document as the visitor reads it, in their language. */
function present(site: Site, documents: DocumentRow[], row: DocumentRow, lang: LanguageCode): Receipt {
  const figures = row.figures as DocumentFigures;
  const name = (names: Partial<Record<LanguageCode, string>>) => localize(names as Record<string, string>, lang);
  const numberOf = (id: string | null) => documents.find((d) => d.id === id)?.number ?? null;
  const replacedBy =
    row.kind === 'refund' ? null : (documents.find((d) => d.kind === 'reissue' && d.replacesId === row.id) ?? null);
  return {
    kind: row.kind,
    number: row.number,
    replaces: numberOf(row.replacesId),
    replacedBy: replacedBy?.number ?? null,
    refundedOn: figures.refundedOn ?? null,
    addressee: row.addressee,
    issuedAt: row.issuedAt.toISOString(),
    issuedOn: todayIn(site.timeZone, row.issuedAt),
    reservationNumber: figures.reservationNumber,
    venue: {
      name: localize(figures.venue.name, lang),
      address: localize(figures.venue.address, lang),
      phone: figures.venue.phone,
      email: figures.venue.email,
    },
    lines: figures.lines.map((l) => ({ name: name(l.names), quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount })),
    discounts: figures.discounts.map((d) => ({ name: name(d.names), amount: d.amount })),
    subtotal: figures.subtotal,
    discount: figures.discount,
    total: figures.total,
    tax: figures.tax,
    taxRate: figures.taxRate,
    currency: figures.currency,
    invoiceRegistrationNumber: figures.invoiceRegistrationNumber,
  };
}
