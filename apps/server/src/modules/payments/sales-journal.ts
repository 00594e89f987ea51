/**
 * The sales journal of a venue (issue 18): what the ledger took and gave back, per day of the venue
 * and payment method, for the accountant.
 *
 * - Sales: the payments kept, the one payment that completed an order or a date change
 *   (`completed_at` set), on the venue's day of `completed_at`. A surplus payment (captured but
 *   completing nothing) is not a sale: it is refunded by itself and never counted.
 * - Refunds: the refunds that succeeded, on the venue's day they settled, as negative lines under
 *   the method of the payment they went back through, or `outside` for money given back outside
 *   the system (cash at the desk, a bank transfer). Pending and failed refunds are not counted.
 *
 * Each line carries the consumption tax its tax-inclusive amount includes (`includedTax`, negative
 * for refunds) and the amount net of it; the totals are the sums of the lines, so the file an
 * accountant gets adds up to the yen. Two grouped statements, whatever the number of payments.
 */

import { CONSUMPTION_TAX_RATE, includedTax, type Journal, type JournalLine } from '@storefront/domain/console/reports';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { addDays } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { paymentMethodLabels } from '../catalogue/payment-method-labels.ts';

export type JournalVenue = { id: number; code: string; timeZone: string; currency: Currency };

/** The method a refund made outside the system is filed under. */
const OUTSIDE_METHOD = 'outside';

const OUTSIDE_LABELS: Record<LanguageCode, string> = {
  ja: 'システム外（現金・銀行振込など）',
  en: 'Outside the system (cash, bank transfer)',
  'zh-hans': '系统外（现金、银行转账等）',
  kr: '시스템 외부 (현금, 계좌 이체 등)',
  'zh-hant': '系統外（現金、銀行轉帳等）',
  th: 'นอกระบบ (เงินสด โอนเงินผ่านธนาคาร ฯลฯ)',
};

type Grouped = { date: string; method: string; count: number; amount: number };

/** The instants a range of the venue's days starts and ends at (`to` counted). */
function bounds(range: { from: string; to: string }, timeZone: string) {
  return {
    start: sql`((${range.from}::date)::timestamp at time zone ${timeZone})`,
    end: sql`((${addDays(range.to, 1)}::date)::timestamp at time zone ${timeZone})`,
  };
}

/** Payments kept, per venue day of their completion and method. */
function keptPaymentsByDay(db: Database, venue: JournalVenue, range: { from: string; to: string }): Promise<Grouped[]> {
  const { start, end } = bounds(range, venue.timeZone);
  return rows<Grouped>(
    db,
    sql`select to_char((p.completed_at at time zone ${venue.timeZone})::date, 'YYYY-MM-DD') as date, p.method,
               count(*)::int as count, sum(p.amount)::bigint as amount
        from payments p
        where p.site_id = ${venue.id} and p.completed_at is not null
          and p.completed_at >= ${start} and p.completed_at < ${end}
        group by 1, 2`,
  );
}

/** Refunds that succeeded, per venue day they settled and the method of the payment they went back through. */
function succeededRefundsByDay(db: Database, venue: JournalVenue, range: { from: string; to: string }): Promise<Grouped[]> {
  const { start, end } = bounds(range, venue.timeZone);
  return rows<Grouped>(
    db,
    sql`select to_char((r.settled_at at time zone ${venue.timeZone})::date, 'YYYY-MM-DD') as date,
               case when r.kind = 'outside' then ${OUTSIDE_METHOD} else p.method end as method,
               count(*)::int as count, sum(r.amount)::bigint as amount
        from refunds r
        left join payments p on p.id = r.payment_id
        where r.site_id = ${venue.id} and r.status = 'succeeded'
          and r.settled_at >= ${start} and r.settled_at < ${end}
        group by 1, 2`,
  );
}

function lineOf(group: Grouped, kind: JournalLine['kind'], label: string): JournalLine {
  const amount = kind === 'sale' ? Number(group.amount) : -Number(group.amount);
  // `+ 0`: a refund too small to include any tax has no tax, not minus zero.
  const tax = includedTax(amount, CONSUMPTION_TAX_RATE) + 0;
  return {
    date: group.date,
    payment_method: group.method,
    payment_method_label: label,
    kind,
    count: Number(group.count),
    amount,
    tax,
    net: amount - tax,
  };
}

/**
 * The venue's journal over `range` (its days, both counted), the methods named in `lang`. Lines by
 * day, the day's sales before its refunds, methods in the venue's display order (methods it no
 * longer offers after, then refunds outside the system).
 */
export async function salesJournal(
  db: Database,
  venue: JournalVenue,
  range: { from: string; to: string },
  lang: LanguageCode,
): Promise<Journal> {
  const [sales, refunds] = await Promise.all([keptPaymentsByDay(db, venue, range), succeededRefundsByDay(db, venue, range)]);
  const methods = [...new Set([...sales, ...refunds].map((group) => group.method).filter((m) => m !== OUTSIDE_METHOD))];
  const { labels, order } = await paymentMethodLabels(db, venue.id, lang, methods);
  const labelOf = (method: string) => (method === OUTSIDE_METHOD ? OUTSIDE_LABELS[lang] : (labels.get(method) ?? method));
  const rank = (method: string) => {
    if (method === OUTSIDE_METHOD) return Number.MAX_SAFE_INTEGER;
    const index = order.indexOf(method);
    return index === -1 ? order.length : index;
  };
  const lines = [
    ...sales.map((group) => lineOf(group, 'sale', labelOf(group.method))),
    ...refunds.map((group) => lineOf(group, 'refund', labelOf(group.method))),
  ].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === b.kind ? 0 : a.kind === 'sale' ? -1 : 1) ||
      rank(a.payment_method) - rank(b.payment_method) ||
      a.payment_method.localeCompare(b.payment_method),
  );
  const sum = (list: JournalLine[], field: 'amount' | 'tax' | 'net') => list.reduce((total, line) => total + line[field], 0);
  return {
    venue: venue.code,
    time_zone: venue.timeZone,
    currency: venue.currency,
    tax_rate: CONSUMPTION_TAX_RATE,
    range: { from: range.from, to: range.to },
    lines,
    totals: {
      sales: sum(
        lines.filter((line) => line.kind === 'sale'),
        'amount',
      ),
      refunds: sum(
        lines.filter((line) => line.kind === 'refund'),
        'amount',
      ),
      amount: sum(lines, 'amount'),
      tax: sum(lines, 'tax'),
      net: sum(lines, 'net'),
    },
  };
}
