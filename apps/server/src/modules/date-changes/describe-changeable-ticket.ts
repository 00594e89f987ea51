import type { DateChangeTicket } from '@storefront/domain/api/date-changes';
import type { LanguageCode } from '@storefront/domain/constants';
import { changeDeadline } from '@storefront/domain/date-change';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { dateChangeRulesOf } from '../sites/date-change-rules.ts';
import type { Site } from '../sites/site.ts';
import { changeError, type DateChangeDeps, inTransaction } from './date-change-deps.ts';
import { holderAccess, linesOf, refusalOf, slotView } from './date-change-reads.ts';

/** `GET timechanges/tickets/{reservationToken}`: the ticket as the change-date page starts from. */
export function describeChangeableTicket(
  db: Database,
  deps: DateChangeDeps,
  site: Site,
  reservationToken: string,
  lang: LanguageCode,
  now = clock.now(),
): Promise<DateChangeTicket> {
  return inTransaction(db, async (tx) => {
    const access = await holderAccess(tx, site, reservationToken);
    const refusal = await refusalOf(tx, deps, site, access, now);
    if (refusal) throw changeError(refusal, { reservationToken });
    const order = access.order;
    const lines = await linesOf(tx, deps, site, order, lang);
    const current = await slotView(tx, deps, order.productId, order.timeSpanId);
    const rules = await dateChangeRulesOf(tx, site.id);
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
}
