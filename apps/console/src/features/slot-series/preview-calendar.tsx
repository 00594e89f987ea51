/**
 * The preview as a month grid: each day with its counts of new, skipped (already there) and
 * overlapping slots. Arrow keys move between days, Home/End to the week's ends, Page Up/Down
 * between months; Enter shows the day's slots below the grid.
 */
import type { PreviewSlot, SlotSeriesDay } from '@storefront/domain/console/slot-series';
import type { LanguageCode } from '@storefront/domain/constants';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { weekdayName } from './slot-series-text.ts';

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const shift = (date: string, days: number) => iso(new Date(utc(date).getTime() + days * 86_400_000));
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
const isoWeekday = (date: string) => ((utc(date).getUTCDay() + 6) % 7) + 1;

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); ) {
    months.push(month);
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
    month = iso(next).slice(0, 7);
  }
  return months;
}

/** The month's days in weeks from Monday, with nulls before the first and after the last. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const cells: (string | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let day = 0; day < daysIn(month); day++) cells.push(shift(first, day));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function PreviewCalendar(props: {
  month: string;
  months: string[];
  days: SlotSeriesDay[];
  slots: PreviewSlot[] | null;
  lang: LanguageCode;
  productName: (id: number) => string;
  timeZone: string;
  onMonth: (month: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const byDate = new Map(props.days.map((day) => [day.date, day]));
  const [focused, setFocused] = useState(`${props.month}-01`);
  const [selected, setSelected] = useState<string | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const index = props.months.indexOf(props.month);

  useEffect(() => {
    if (!focused.startsWith(props.month)) setFocused(`${props.month}-01`);
  }, [props.month, focused]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  });

  const monthTitle = new Intl.DateTimeFormat(LANGUAGE_TAGS[props.lang], {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(utc(`${props.month}-01`));
  const goTo = (date: string) => {
    const month = date.slice(0, 7);
    if (!props.months.includes(month)) return;
    moved.current = true;
    setFocused(date);
    if (month !== props.month) props.onMonth(month);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shift(date, -1),
      ArrowRight: () => shift(date, 1),
      ArrowUp: () => shift(date, -7),
      ArrowDown: () => shift(date, 7),
      Home: () => shift(date, 1 - isoWeekday(date)),
      End: () => shift(date, 7 - isoWeekday(date)),
      PageUp: () => `${props.months[Math.max(0, index - 1)] ?? props.month}-01`,
      PageDown: () => `${props.months[Math.min(props.months.length - 1, index + 1)] ?? props.month}-01`,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move());
  };
  const label = (day: SlotSeriesDay | undefined) => {
    if (day?.closed) return t(`slotSeries.closedDay.${day.closed}`);
    if (!day) return t('slotSeries.noSlots');
    return t('slotSeries.dayCounts', { new: day.new, existing: day.existing, overlap: day.overlap });
  };
  const timeFormat = new Intl.DateTimeFormat(LANGUAGE_TAGS[props.lang], {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: props.timeZone,
  });
  const daySlots = selected ? (props.slots ?? []).filter((slot) => slot.date === selected) : [];

  return (
    <div className="preview-calendar">
      <div className="preview-calendar-bar">
        <button
          type="button"
          className="button"
          disabled={index <= 0}
          onClick={() => props.onMonth(props.months[index - 1] ?? props.month)}
        >
          {t('slotSeries.previousMonth')}
        </button>
        <h3 id={titleId} aria-live="polite">
          {monthTitle}
        </h3>
        <button
          type="button"
          className="button"
          disabled={index >= props.months.length - 1}
          onClick={() => props.onMonth(props.months[index + 1] ?? props.month)}
        >
          {t('slotSeries.nextMonth')}
        </button>
      </div>
      <ul className="preview-legend" aria-label={t('slotSeries.legend')}>
        <li>
          <span className="count count-new" aria-hidden="true">
            ●
          </span>{' '}
          {t('slotSeries.legendNew')}
        </li>
        <li>
          <span className="count count-existing" aria-hidden="true">
            ●
          </span>{' '}
          {t('slotSeries.legendExisting')}
        </li>
        <li>
          <span className="count count-overlap" aria-hidden="true">
            ●
          </span>{' '}
          {t('slotSeries.legendOverlap')}
        </li>
        <li>
          <span className="count count-closed" aria-hidden="true">
            ●
          </span>{' '}
          {t('slotSeries.legendClosed')}
        </li>
      </ul>
      <p className="field-hint">{t('slotSeries.keyboardHint')}</p>
      <table className="preview-grid" aria-labelledby={titleId} ref={grid}>
        <thead>
          <tr>
            {[1, 2, 3, 4, 5, 6, 7].map((day) => (
              <th key={day} scope="col" abbr={weekdayName(day, props.lang, 'long')}>
                {weekdayName(day, props.lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(props.month).map((week) => (
            <tr key={week.find(Boolean) ?? 'week'}>
              {week.map((date, weekday) => {
                // An empty cell is keyed by its weekday: a week's columns never move.
                if (!date) return <td key={WEEKDAY_KEYS[weekday]} className="preview-empty" />;
                const day = byDate.get(date);
                return (
                  <td key={date}>
                    <button
                      type="button"
                      data-date={date}
                      className={`preview-day${day?.closed ? ' preview-closed' : ''}${selected === date ? ' preview-selected' : ''}`}
                      tabIndex={date === focused ? 0 : -1}
                      aria-pressed={selected === date}
                      onFocus={() => setFocused(date)}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      onClick={() => setSelected(date)}
                    >
                      {/* The name is this text, not an aria-label: the visible figures are not words of it. */}
                      <span className="visually-hidden">{`${date}: ${label(day)}`}</span>
                      <span className="preview-date" aria-hidden="true">
                        {Number(date.slice(8))}
                      </span>
                      {day?.closed ? (
                        <span className="count count-closed" aria-hidden="true">
                          {t(`slotSeries.closedShort.${day.closed}`)}
                        </span>
                      ) : day ? (
                        <span className="preview-counts" aria-hidden="true">
                          <span className="count count-new">{day.new}</span>
                          {day.existing > 0 ? <span className="count count-existing">{day.existing}</span> : null}
                          {day.overlap > 0 ? <span className="count count-overlap">{day.overlap}</span> : null}
                        </span>
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {selected ? (
        <section className="preview-day-slots" aria-live="polite">
          <h4>{t('slotSeries.slotsOn', { date: selected })}</h4>
          {props.slots === null ? (
            <p>{t('common.loading')}</p>
          ) : daySlots.length === 0 ? (
            <p>{t('slotSeries.noSlots')}</p>
          ) : (
            <ul className="inline-list">
              {daySlots.map((slot) => (
                <li key={`${slot.product_id}-${slot.starts_at}`} className={`count count-${slot.status}`}>
                  {`${timeFormat.format(new Date(slot.starts_at))}–${timeFormat.format(new Date(slot.ends_at))} ${props.productName(slot.product_id)} · ${t(`slotSeries.status.${slot.status}`)}`}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
