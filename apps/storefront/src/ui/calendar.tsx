import type { StockStatus } from '@storefront/domain/api/catalogue';
import type { LanguageCode } from '@storefront/domain/constants';
import { formatDate, LOCALES } from '@storefront/domain/format';
import { type CSSProperties, type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDaysTo,
  addMonths,
  compareMonths,
  monthGrid,
  monthLabel,
  monthOf,
  openingMonth,
  weekdayNames,
  weekStartOf,
  type YearMonth,
} from './calendar-month.ts';

export const STATUS_TEXT_KEYS: Record<StockStatus, string> = {
  available: 'order_calendar_legend_available',
  few: 'order_calendar_legend_few_left',
  sold_out: 'order_calendar_legend_sold_out',
  closed: 'order_calendar_legend_closed',
};
const STATUS_MARKS: Record<StockStatus, string> = { available: '○', few: '△', sold_out: '×', closed: '−' };
const LEGEND: StockStatus[] = ['available', 'few', 'sold_out', 'closed'];

/**
 * The month calendar of the order page: days from today to the last day with slots, each a button
 * named by its date and stock status; closed and sold-out days cannot be chosen. Arrow keys move
 * between the month's bookable days (one tab stop for the grid).
 */
type CalendarProps = {
  lang: LanguageCode;
  today: string;
  lastDate: string;
  statuses: ReadonlyMap<string, StockStatus>;
  /** Calendar colours by date, only when the site colours its calendar. */
  colors: ReadonlyMap<string, string> | null;
  selected: string | null;
  onSelect: (date: string) => void;
};

export function Calendar(props: CalendarProps) {
  const { t } = useTranslation();
  const locale = LOCALES[props.lang];
  const first = monthOf(props.today);
  const last = monthOf(props.lastDate);
  const [shown, setShown] = useState<YearMonth>(() => openingMonth(props.today, props.statuses, props.selected));
  const month = compareMonths(shown, first) < 0 ? first : compareMonths(shown, last) > 0 ? last : shown;
  const weekStart = weekStartOf(locale);
  const names = useMemo(() => weekdayNames(locale, weekStart), [locale, weekStart]);
  const weeks = monthGrid(month, weekStart);
  const title = monthLabel(month, locale);

  const statusOf = (date: string): StockStatus => props.statuses.get(date) ?? 'closed';
  const isBookable = (date: string) => date >= props.today && date <= props.lastDate && /^(available|few)$/.test(statusOf(date));
  const days = weeks.flat().filter((date): date is string => date !== null);
  const bookable = days.filter(isBookable);
  const tabStop = props.selected && bookable.includes(props.selected) ? props.selected : bookable[0];

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const from = (event.target as HTMLElement).dataset.date;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (!from || !step) return;
    event.preventDefault();
    // Left/right go to the nearest bookable day; up/down to the same weekday if it is bookable.
    let target = addDaysTo(from, step);
    if (Math.abs(step) === 1) while (days.includes(target) && !isBookable(target)) target = addDaysTo(target, step);
    if (isBookable(target)) event.currentTarget.querySelector<HTMLButtonElement>(`[data-date="${target}"]`)?.focus();
  }

  return (
    <div className="calendar">
      <div className="calendar-nav">
        <button
          type="button"
          className="calendar-nav-button"
          onClick={() => setShown(addMonths(month, -1))}
          disabled={compareMonths(month, first) <= 0}
          aria-label={t('order_calendar_previous_month')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h3 className="calendar-title" aria-live="polite">
          {title}
        </h3>
        <button
          type="button"
          className="calendar-nav-button"
          onClick={() => setShown(addMonths(month, 1))}
          disabled={compareMonths(month, last) >= 0}
          aria-label={t('order_calendar_next_month')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="calendar-grid" onKeyDown={onKeyDown}>
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            {names.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((date, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a week's cells are its seven weekdays
                <td key={index}>{date && <Day date={date} {...props} isBookable={isBookable(date)} tabStop={tabStop} />}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="calendar-legend">
        {LEGEND.map((status) => (
          <li key={status}>
            <span className={`calendar-mark mark-${status}`} aria-hidden="true">
              {STATUS_MARKS[status]}
            </span>
            {t(STATUS_TEXT_KEYS[status])}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A day's name with its day of the month written as the button shows it ("2026/12/2 (Wed)", not
 * "…/02"): the number a visitor sees is then a word of the name, so voice control that is told
 * "2" finds the button (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
const dayName = (date: string, lang: LanguageCode) => formatDate(date, lang).replace(/^(\d{4}\/\d{2}\/)0(\d)/, '$1$2');

function Day(props: CalendarProps & { date: string; isBookable: boolean; tabStop: string | undefined }) {
  const { t } = useTranslation();
  const day = Number(props.date.slice(8));
  if (props.date < props.today || props.date > props.lastDate) {
    return <span className="calendar-day calendar-day-outside">{day}</span>;
  }
  const status = props.statuses.get(props.date) ?? 'closed';
  const color = props.colors?.get(props.date);
  const style = color ? ({ '--day-tint': color } as CSSProperties) : undefined;
  return (
    <button
      type="button"
      className={`calendar-day${color ? ' calendar-day-tinted' : ''}`}
      style={style}
      data-date={props.date}
      disabled={!props.isBookable}
      aria-pressed={props.selected === props.date}
      aria-label={`${dayName(props.date, props.lang)} ${t(STATUS_TEXT_KEYS[status])}`}
      tabIndex={props.tabStop === props.date ? 0 : -1}
      onClick={() => props.onSelect(props.date)}
    >
      <span className="calendar-day-number">{day}</span>
      <span className={`calendar-mark mark-${status}`} aria-hidden="true">
        {STATUS_MARKS[status]}
      </span>
    </button>
  );
}
