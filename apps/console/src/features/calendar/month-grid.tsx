/** The month as an ARIA grid of days, each with its slots' summary, picked one by one or as a range. */
import type { CalendarSlot } from '@storefront/domain/console/calendar';
import type { LanguageCode } from '@storefront/domain/constants';
import { type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, monthRange, monthWeeks, weekdayOf } from './calendar-selection.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

type DaySummary = { slots: number; capacity: number; sold: number; held: number; closed: number };

export function summarise(slots: readonly CalendarSlot[]): Map<string, DaySummary> {
  const days = new Map<string, DaySummary>();
  for (const slot of slots) {
    const day = days.get(slot.date) ?? { slots: 0, capacity: 0, sold: 0, held: 0, closed: 0 };
    day.slots += 1;
    day.capacity += slot.capacity;
    day.sold += slot.sold;
    day.held += slot.held;
    if (!slot.on_sale) day.closed += 1;
    days.set(slot.date, day);
  }
  return days;
}

export function formatMonth(month: string, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

export function formatDay(date: string, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en', {
    month: 'long',
    day: 'numeric',
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function weekdayName(weekday: number, lang: LanguageCode, width: 'short' | 'long'): string {
  // 2026-03-01 is a Sunday.
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en', { weekday: width, timeZone: 'UTC' }).format(
    new Date(`2026-03-0${weekday + 1}T00:00:00Z`),
  );
}

/** The month as an ARIA grid: arrow keys move, Space or Enter picks, with Shift a range. */
export function MonthGrid(props: {
  month: string;
  lang: LanguageCode;
  summaries: Map<string, DaySummary>;
  colors: Map<string, string>;
  picked: ReadonlySet<string>;
  onPick: (day: string, extend: boolean) => void;
  onPickWeekday: (weekday: number) => void;
}) {
  const { t } = useTranslation();
  const weeks = monthWeeks(props.month);
  const { from, to } = monthRange(props.month);
  const [focused, setFocused] = useState(from);
  const active = focused >= from && focused <= to ? focused : from;
  const grid = useRef<HTMLTableElement>(null);

  function move(day: string) {
    if (day < from || day > to) return;
    setFocused(day);
    grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  }
  function onKeyDown(event: KeyboardEvent<HTMLElement>, day: string) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(addDays(day, step));
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(addDays(day, -weekdayOf(day)));
    } else if (event.key === 'End') {
      event.preventDefault();
      move(addDays(day, 6 - weekdayOf(day)));
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      props.onPick(day, event.shiftKey);
    }
  }

  return (
    <table ref={grid} className="calendar-grid" aria-label={formatMonth(props.month, props.lang)}>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday} scope="col">
              {/* Named by its hidden text rather than aria-label, which must contain the visible "Sat". */}
              <button type="button" className="button-link calendar-weekday" onClick={() => props.onPickWeekday(weekday)}>
                <span aria-hidden="true">{weekdayName(weekday, props.lang, 'short')}</span>
                <span className="visually-hidden">
                  {t('calendar.pickWeekday', { weekday: weekdayName(weekday, props.lang, 'long') })}
                </span>
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? ''}>
            {week.map((day, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a week's cells are positions.
              <td key={index} className={day ? 'calendar-cell' : 'calendar-blank'}>
                {day ? (
                  <DayCell
                    day={day}
                    lang={props.lang}
                    summary={props.summaries.get(day)}
                    color={props.colors.get(day)}
                    isPicked={props.picked.has(day)}
                    isActive={day === active}
                    onFocus={() => setFocused(day)}
                    onClick={(event) => props.onPick(day, event.shiftKey)}
                    onKeyDown={(event) => onKeyDown(event, day)}
                  />
                ) : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell(props: {
  day: string;
  lang: LanguageCode;
  summary: DaySummary | undefined;
  color: string | undefined;
  isPicked: boolean;
  isActive: boolean;
  onFocus: () => void;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const { t } = useTranslation();
  const { summary } = props;
  const facts = summary
    ? t('calendar.daySummary', {
        count: summary.slots,
        sold: summary.sold + summary.held,
        capacity: summary.capacity,
      })
    : t('calendar.noSlots');
  const label = [
    formatDay(props.day, props.lang),
    facts,
    summary && summary.closed > 0 ? t('calendar.closedSlots', { count: summary.closed }) : null,
    props.color ? t('calendar.coloured', { color: props.color }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      data-day={props.day}
      tabIndex={props.isActive ? 0 : -1}
      aria-pressed={props.isPicked}
      className={`calendar-day${props.isPicked ? ' is-picked' : ''}`}
      style={props.color ? { boxShadow: `inset 0 -6px 0 ${props.color}` } : undefined}
      onFocus={props.onFocus}
      onClick={props.onClick}
      onKeyDown={props.onKeyDown}
    >
      {/* The name is this text, not an aria-label: the visible figures are not words of it. */}
      <span className="visually-hidden">{label}</span>
      <span className="calendar-date" aria-hidden="true">
        {Number(props.day.slice(8))}
      </span>
      {summary ? (
        <span className="calendar-facts" aria-hidden="true">
          <span>{t('calendar.slotCount', { count: summary.slots })}</span>
          <span>
            {summary.sold + summary.held}/{summary.capacity}
          </span>
          {summary.closed > 0 ? (
            <span className="badge badge-muted">{t('calendar.closedShort', { count: summary.closed })}</span>
          ) : null}
        </span>
      ) : null}
    </button>
  );
}
