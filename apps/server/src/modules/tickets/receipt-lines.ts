/**
 * What a money document says (decision 034), worked out once when it is issued and kept with it:
 * lines and discounts named in every language, the totals, the venue as it stood.
 *
 * A receipt's amount is the ledger's: what was paid less what went back (date changes' payments
 * and refunds included). Its lines are the admissions that still stand, the set products while
 * any does, the fees of date changes; when the amount differs from what those cost as the
 * catalogue prices them now (a cheaper date whose difference the venue kept, a price changed
 * since the purchase, a cancellation whose refund kept a charge), one line or discount says so,
 * so the lines always add up to the amount received. A cancelled admission is no sold line.
 */
import type { TemporaryOrder } from '@storefront/domain/api/orders';
import type { Receipt } from '@storefront/domain/api/tickets';
import { CONSUMPTION_TAX_RATE, includedTax } from '@storefront/domain/console/reports';
import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { todayIn } from '@storefront/domain/dates';
import type { LedgerRefund, OrderLedger } from '../payments/order-ledger.ts';
import type { Site } from '../sites/site.ts';
import type { ChangeFee } from './tickets-context.ts';

type ReceiptLine = Receipt['lines'][number];
type Discount = Receipt['discounts'][number];
type Names = Partial<Record<LanguageCode, string>>;

/** A document's figures as stored (`receipts.figures`). */
export type DocumentFigures = {
  reservationNumber: string;
  venue: { name: Record<string, string>; address: Record<string, string>; phone: string; email: string };
  invoiceRegistrationNumber: string | null;
  lines: { names: Names; quantity: number; unitPrice: number; amount: number }[];
  discounts: { names: Names; amount: number }[];
  subtotal: number;
  discount: number;
  total: number;
  tax: number;
  taxRate: number;
  currency: string;
  /** A receipt: the refunds its amount is net of; a refund document: its refund. */
  refunds: string[];
  /** A receipt: how many admissions were cancelled when it was issued. */
  cancelled: number;
  /** A refund document: the venue day the money went back. */
  refundedOn: string | null;
};

const LABELS: Record<LanguageCode, { fee: string; difference: string; cancellation: string; refund: string }> = {
  ja: { fee: '日時変更手数料', difference: 'ご購入時の価格との差額', cancellation: 'キャンセル料', refund: 'ご返金' },
  en: {
    fee: 'Date change fee',
    difference: 'Difference from the price as booked',
    cancellation: 'Cancellation charge',
    refund: 'Refund',
  },
  'zh-hans': { fee: '日期变更手续费', difference: '与购买时价格的差额', cancellation: '取消费', refund: '退款' },
  kr: { fee: '일시 변경 수수료', difference: '구매 시 가격과의 차액', cancellation: '취소 수수료', refund: '환불' },
  'zh-hant': { fee: '日期變更手續費', difference: '與購買時價格的差額', cancellation: '取消費', refund: '退款' },
  th: {
    fee: 'ค่าธรรมเนียมเปลี่ยนวัน',
    difference: 'ส่วนต่างจากราคา ณ เวลาที่ซื้อ',
    cancellation: 'ค่าธรรมเนียมการยกเลิก',
    refund: 'การคืนเงิน',
  },
};

const everyLanguage = (label: (lang: LanguageCode) => string): Names =>
  Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, label(lang)]));

export function receiptExtras(
  input: {
    fees: ChangeFee[];
    /** What the order is worth, the fees aside. */
    worth: number;
    /** The standing items less their discounts, as priced now. */
    itemsTotal: number;
    /** Whether admissions were cancelled: a difference kept is then their cancellation charge. */
    cancelled?: boolean;
  },
  lang: LanguageCode,
): { lines: ReceiptLine[]; discounts: Discount[] } {
  const labels = LABELS[lang];
  // One line per fee rate: a venue may change its fee between two changes of the same ticket.
  const byRate = new Map<number, number>();
  for (const { quantity, fee } of input.fees) {
    const [rate, count] = fee % quantity === 0 ? [fee / quantity, quantity] : [fee, 1];
    byRate.set(rate, (byRate.get(rate) ?? 0) + count);
  }
  const lines: ReceiptLine[] = [...byRate].map(([rate, quantity]) => ({
    name: labels.fee,
    quantity,
    unitPrice: rate,
    amount: rate * quantity,
  }));
  const discounts: Discount[] = [];
  const difference = input.worth - input.itemsTotal;
  const kept = input.cancelled ? labels.cancellation : labels.difference;
  if (difference > 0) lines.push({ name: kept, quantity: 1, unitPrice: difference, amount: difference });
  if (difference < 0) discounts.push({ name: labels.difference, amount: -difference });
  return { lines, discounts };
}

const venueOf = (site: Site): Pick<DocumentFigures, 'venue' | 'invoiceRegistrationNumber' | 'currency'> => ({
  venue: { name: site.venue.name, address: site.venue.address, phone: site.venue.phone, email: site.venue.email },
  invoiceRegistrationNumber: site.venue.invoiceRegistrationNumber ?? null,
  currency: site.currency,
});

/** A receipt for what the ledger says now: the standing items named in every language. */
export async function netFigures(input: {
  /** The order described in a language (its item names). */
  names: (lang: LanguageCode) => Promise<TemporaryOrder | null>;
  order: TemporaryOrder;
  /** The option of each cancelled admission. */
  cancelled: number[];
  admissions: number;
  fees: ChangeFee[];
  ledger: OrderLedger;
  site: Site;
  reservationNumber: string;
}): Promise<DocumentFigures> {
  const { order } = input;
  const described = new Map<LanguageCode, TemporaryOrder>();
  for (const lang of LANGUAGE_CODES) described.set(lang, (await input.names(lang)) ?? order);
  const nameOf = (pick: (o: TemporaryOrder) => string | undefined) =>
    Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, pick(described.get(lang) ?? order) ?? ''])) as Names;
  const cancelledOf = new Map<number, number>();
  for (const option of input.cancelled) cancelledOf.set(option, (cancelledOf.get(option) ?? 0) + 1);
  const wholeOrder = input.admissions > 0 && input.cancelled.length >= input.admissions;

  const items = [
    ...order.mainProduct.options.map((o) => {
      const quantity = Math.max(0, o.quantity - (cancelledOf.get(o.id) ?? 0));
      const names = nameOf((d) => d.mainProduct.options.find((x) => x.id === o.id)?.name);
      return { names, quantity, unitPrice: o.price, amount: o.price * quantity };
    }),
    // A set product goes back with the last admission (`unsellPlaces`), so it stands while any does.
    ...order.setProducts.map((s) => {
      const quantity = wholeOrder ? 0 : s.quantity;
      const names = nameOf((d) => d.setProducts.find((x) => x.id === s.id)?.name);
      return { names, quantity, unitPrice: s.price, amount: s.price * quantity };
    }),
  ].filter((l) => l.quantity > 0);
  const discounts = wholeOrder
    ? []
    : [
        ...(order.membershipPromotion
          ? [{ names: nameOf((d) => d.membershipPromotion?.name), amount: order.membershipPromotion.discount }]
          : []),
        ...order.coupons.map((c) => ({ names: nameOf((d) => d.coupons.find((x) => x.id === c.id)?.name), amount: c.discount })),
      ].filter((d) => d.amount > 0);

  const net = input.ledger.paid - input.ledger.refunded;
  const feeTotal = input.fees.reduce((sum, f) => sum + f.fee, 0);
  const itemsTotal = items.reduce((sum, l) => sum + l.amount, 0) - discounts.reduce((sum, d) => sum + d.amount, 0);
  // The extras in every language, laid out alike: their amounts are the same whatever the language.
  const extras = Object.fromEntries(
    LANGUAGE_CODES.map((lang) => [
      lang,
      receiptExtras({ fees: input.fees, worth: net - feeTotal, itemsTotal, cancelled: input.cancelled.length > 0 }, lang),
    ]),
  ) as Record<LanguageCode, ReturnType<typeof receiptExtras>>;
  const { ja } = extras;
  const extraLines = ja.lines.map((line, i) => ({
    names: everyLanguage((lang) => extras[lang].lines[i]?.name ?? line.name),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.amount,
  }));
  const extraDiscounts = ja.discounts.map((d, i) => ({
    names: everyLanguage((lang) => extras[lang].discounts[i]?.name ?? d.name),
    amount: d.amount,
  }));
  const lines = [...items, ...extraLines];
  const allDiscounts = [...discounts, ...extraDiscounts];
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const discount = allDiscounts.reduce((sum, d) => sum + d.amount, 0);
  const total = subtotal - discount;
  return {
    reservationNumber: input.reservationNumber,
    ...venueOf(input.site),
    lines,
    discounts: allDiscounts,
    subtotal,
    discount,
    total,
    tax: includedTax(total),
    taxRate: CONSUMPTION_TAX_RATE,
    refunds: input.ledger.refunds.map((r) => r.id),
    cancelled: input.cancelled.length,
    refundedOn: null,
  };
}

/** A refund document: the amount given back, the tax it includes, the day it went back. */
export function refundFigures(refund: LedgerRefund, site: Site, reservationNumber: string): DocumentFigures {
  return {
    reservationNumber,
    ...venueOf(site),
    lines: [
      { names: everyLanguage((lang) => LABELS[lang].refund), quantity: 1, unitPrice: refund.amount, amount: refund.amount },
    ],
    discounts: [],
    subtotal: refund.amount,
    discount: 0,
    total: refund.amount,
    tax: includedTax(refund.amount),
    taxRate: CONSUMPTION_TAX_RATE,
    refunds: [refund.id],
    cancelled: 0,
    refundedOn: todayIn(site.timeZone, refund.settledAt),
  };
}
