/**
 * The receipt's lines beyond the order's items. What a visitor paid for a reservation is what the
 * order is now worth (its total: the first payment, plus what date changes charged on top, less
 * what they gave back, less their fees) plus the fees of its date changes. The items are priced as
 * the catalogue stands; when the order is worth more or less than that (a cheaper date whose
 * difference the venue kept, a price changed since the purchase), one line or discount says so,
 * so the lines always add up to the amount received.
 */
import type { Receipt } from '@storefront/domain/api/tickets';
import type { LanguageCode } from '@storefront/domain/constants';
import type { ChangeFee } from '../date-changes/date-changes.service.ts';

type ReceiptLine = Receipt['lines'][number];
type Discount = Receipt['discounts'][number];

const LABELS: Record<LanguageCode, { fee: string; difference: string }> = {
  ja: { fee: '日時変更手数料', difference: 'ご購入時の価格との差額' },
  en: { fee: 'Date change fee', difference: 'Difference from the price as booked' },
  'zh-hans': { fee: '日期变更手续费', difference: '与购买时价格的差额' },
  kr: { fee: '일시 변경 수수료', difference: '구매 시 가격과의 차액' },
  'zh-hant': { fee: '日期變更手續費', difference: '與購買時價格的差額' },
  th: { fee: 'ค่าธรรมเนียมเปลี่ยนวัน', difference: 'ส่วนต่างจากราคา ณ เวลาที่ซื้อ' },
};

export function receiptExtras(
  input: {
    fees: ChangeFee[];
    /** The order's stored total. */
    worth: number;
    /** The items less their discounts, as priced now. */
    itemsTotal: number;
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
  if (difference > 0) lines.push({ name: labels.difference, quantity: 1, unitPrice: difference, amount: difference });
  if (difference < 0) discounts.push({ name: labels.difference, amount: -difference });
  return { lines, discounts };
}
