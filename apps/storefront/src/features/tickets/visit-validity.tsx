/**
 * When a ticket is valid, said calmly (issue 17 part 6): before the visit a code the gate would
 * answer `invalid_time` is not broken, it is early, so the page names the day and slot it admits
 * on ("Valid on 2026/11/25 (Wed), 12:00–12:30") rather than a red "not valid at this time". Once
 * the day has passed it says the validity ended, in the same neutral style.
 */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { formatDate } from '@storefront/domain/format';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context.tsx';
import { todayInZone } from '../../ui/calendar-month.ts';
import type { TicketView } from './api/tickets-api.ts';

export type VisitSlot = Pick<TicketView, 'date' | 'reservationFrom' | 'reservationTo' | 'isAllDay'>;

/** The text key and values of a slot's validity, as of `today` (yyyy-MM-dd at the venue). */
export function validityOf(
  slot: VisitSlot,
  lang: Parameters<typeof formatDate>[1],
  today: string,
): { key: string; values: Record<string, string>; hasEnded: boolean } {
  const date = formatDate(slot.date, lang);
  if (slot.date < today) return { key: 'ticket_validity_ended', values: { date }, hasEnded: true };
  if (slot.isAllDay) return { key: 'ticket_valid_on_day', values: { date }, hasEnded: false };
  return {
    key: 'ticket_valid_on',
    values: {
      date,
      from: timeOfDayIn(new Date(slot.reservationFrom), DISPLAY_TIME_ZONE),
      to: timeOfDayIn(new Date(slot.reservationTo), DISPLAY_TIME_ZONE),
    },
    hasEnded: false,
  };
}

/** "Valid on …" or "Validity ended …", in a neutral badge (never the red of an invalid ticket). */
export function VisitValidity(props: { slot: VisitSlot; className?: string }) {
  const app = useApp();
  const { t } = useTranslation();
  const validity = validityOf(props.slot, app.lang, todayInZone(app.config.timeZone || DISPLAY_TIME_ZONE));
  return (
    <p className={`ticket-validity ${props.className ?? ''}`} data-validity={validity.hasEnded ? 'ended' : 'upcoming'}>
      {t(validity.key, validity.values)}
    </p>
  );
}
