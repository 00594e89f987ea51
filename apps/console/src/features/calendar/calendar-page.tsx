/**
 * `/venues/:code/calendar` (catalogue:read; changes with catalogue:write): a month of the venue's
 * slots, each day with its slot count, capacity and sold places and the shop calendar's colour.
 * Days are picked by click, shift-click (a range), whole weekdays and the keyboard, narrowed by
 * product and time of day; a single day's slots can be picked one by one. The side panel makes
 * one change to what is picked and shows what changed and what was refused, with the reasons.
 */
import {
  type CalendarChange,
  type CalendarChangeResult,
  type CalendarProduct,
  type CalendarSelection,
  type CalendarSlot,
  CalendarChange as ChangeContract,
} from '@storefront/domain/console/calendar';
import type { LanguageCode } from '@storefront/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';
import { issueMessage } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { calendarQueries, useChangeCalendar } from './calendar-api.ts';
import {
  addDays,
  monthOf,
  monthRange,
  monthWeeks,
  type Narrowing,
  pickDay,
  pickWeekday,
  selectionFor,
  shiftMonth,
  slotMatches,
  weekdayOf,
} from './calendar-selection.ts';
import './calendar.css';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const nameIn = (names: Record<string, string>, lang: string) =>
  names[lang] || names.en || names.ja || Object.values(names)[0] || '';

function todayInVenue(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE }).format(new Date());
}

export default function CalendarPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="calendar" title={(venue) => t('calendar.title', { venue: venue.name })}>
      {({ venue, mayWrite }) => <VenueCalendar venue={venue.code} venueName={venue.name} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

type DaySummary = { slots: number; capacity: number; sold: number; held: number; closed: number };

function summarise(slots: readonly CalendarSlot[]): Map<string, DaySummary> {
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

function VenueCalendar(props: { venue: string; venueName: string; mayWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [month, setMonth] = useState(() => monthOf(todayInVenue()));
  const [productId, setProductId] = useState<number | null>(null);
  const [timeFrom, setTimeFrom] = useState('');
  const [timeTo, setTimeTo] = useState('');
  const [days, setDays] = useState<Set<string>>(() => new Set());
  const [slotIds, setSlotIds] = useState<Set<number>>(() => new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const range = monthRange(month);
  const calendar = useQuery(calendarQueries.month(props.venue, range, productId));
  const products = calendar.data?.products ?? [];
  const narrowing: Narrowing = { productId, timeFrom, timeTo };
  const shownSlots = useMemo(
    () => (calendar.data?.slots ?? []).filter((s) => slotMatches(s, { productId, timeFrom, timeTo })),
    [calendar.data, productId, timeFrom, timeTo],
  );
  const summaries = useMemo(() => summarise(shownSlots), [shownSlots]);
  const colors = useMemo(() => new Map((calendar.data?.colors ?? []).map((c) => [c.date, c.color_code])), [calendar.data]);
  const selection = selectionFor({ days, slotIds }, narrowing, shownSlots);
  const singleDay = days.size === 1 ? ([...days][0] ?? null) : null;

  function goToMonth(next: string) {
    setMonth(next);
    setDays(new Set());
    setSlotIds(new Set());
    setAnchor(null);
  }
  function changeDays(next: Set<string>) {
    setDays(next);
    setSlotIds(new Set());
  }

  return (
    <Screen name="calendar" title={t('calendar.title', { venue: props.venueName })}>
      <div className="calendar-toolbar">
        <div className="button-row calendar-months">
          <button type="button" className="button" onClick={() => goToMonth(shiftMonth(month, -1))}>
            <span aria-hidden="true">‹ </span>
            {t('calendar.previousMonth')}
          </button>
          <h2 className="calendar-month-title" aria-live="polite">
            {formatMonth(month, lang)}
          </h2>
          <button type="button" className="button" onClick={() => goToMonth(shiftMonth(month, 1))}>
            {t('calendar.nextMonth')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        <SelectField
          label={t('calendar.product')}
          value={productId ?? ''}
          onChange={(event) => {
            setProductId(event.target.value ? Number(event.target.value) : null);
            setSlotIds(new Set());
          }}
        >
          <option value="">{t('calendar.allProducts')}</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {nameIn(p.name, lang)}
              {p.archived ? ` (${t('calendar.archived')})` : ''}
            </option>
          ))}
        </SelectField>
        <TextField label={t('calendar.timeFrom')} type="time" value={timeFrom} onChange={(e) => setTimeFrom(e.target.value)} />
        <TextField label={t('calendar.timeTo')} type="time" value={timeTo} onChange={(e) => setTimeTo(e.target.value)} />
      </div>
      <ProblemNotice error={calendar.error} />
      {calendar.isPending ? <Loading /> : null}
      <div className="calendar-layout">
        <div className="calendar-main">
          <MonthGrid
            month={month}
            lang={lang}
            summaries={summaries}
            colors={colors}
            picked={days}
            onPick={(day, extend) => {
              changeDays(pickDay(days, day, anchor, extend));
              if (!extend) setAnchor(day);
            }}
            onPickWeekday={(weekday) => changeDays(pickWeekday(days, month, weekday))}
          />
          <div className="button-row">
            <button
              type="button"
              className="button button-small"
              onClick={() => changeDays(new Set())}
              disabled={days.size === 0}
            >
              {t('calendar.clearPicks')}
            </button>
            <p className="field-hint" aria-live="polite">
              {t('calendar.pickedDays', { count: days.size })}
            </p>
          </div>
          {singleDay ? (
            <SlotPicker
              day={singleDay}
              lang={lang}
              slots={shownSlots.filter((s) => s.date === singleDay)}
              products={products}
              picked={slotIds}
              onChange={setSlotIds}
            />
          ) : null}
        </div>
        <aside className="calendar-side panel" aria-labelledby="calendar-change-title">
          <h2 id="calendar-change-title">{t('calendar.changeTitle')}</h2>
          {props.mayWrite ? (
            <ChangePanel
              venue={props.venue}
              selection={selection}
              lang={lang}
              products={productId === null ? products : products.filter((p) => p.id === productId)}
            />
          ) : (
            <p>{t('calendar.readOnly')}</p>
          )}
        </aside>
      </div>
    </Screen>
  );
}

function formatMonth(month: string, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

function formatDay(date: string, lang: LanguageCode): string {
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
function MonthGrid(props: {
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

function SlotPicker(props: {
  day: string;
  lang: LanguageCode;
  slots: readonly CalendarSlot[];
  products: readonly CalendarProduct[];
  picked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) {
  const { t } = useTranslation();
  if (props.slots.length === 0) return <p>{t('calendar.noSlots')}</p>;
  const productName = (id: number) => nameIn(props.products.find((p) => p.id === id)?.name ?? {}, props.lang);
  return (
    <FieldSet legend={t('calendar.slotsOf', { day: formatDay(props.day, props.lang) })} hint={t('calendar.slotsHint')}>
      <ul className="calendar-slots">
        {props.slots.map((slot) => (
          <li key={slot.id}>
            <CheckboxField
              checked={props.picked.has(slot.id)}
              onChange={(event) => {
                const next = new Set(props.picked);
                if (event.target.checked) next.add(slot.id);
                else next.delete(slot.id);
                props.onChange(next);
              }}
              label={`${slot.start_time}–${slot.end_time} ${productName(slot.product_id)}`}
              hint={[
                t('calendar.slotStock', { capacity: slot.capacity, sold: slot.sold, held: slot.held }),
                slot.on_sale ? null : t('calendar.notOnSale'),
                slot.prices.length > 0 ? t('calendar.ownPrices', { count: slot.prices.length }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </li>
        ))}
      </ul>
    </FieldSet>
  );
}

type ChangeForm = {
  kind: CalendarChange['kind'];
  capacity: string;
  on_sale: 'open' | 'close';
  prices: Record<string, string>;
  cleared: Record<string, boolean>;
  color: string;
  removeColor: boolean;
};

/** The form's values as the one change the server is sent (or null when no price was given). */
function changeOf(values: ChangeForm): unknown {
  switch (values.kind) {
    case 'capacity':
      return { kind: 'capacity', capacity: values.capacity === '' ? Number.NaN : Number(values.capacity) };
    case 'sale':
      return { kind: 'sale', on_sale: values.on_sale === 'open' };
    case 'slot_prices': {
      const ids = new Set([...Object.keys(values.prices), ...Object.keys(values.cleared)]);
      const prices = [...ids].flatMap((id): { option_id: number; price: number | null }[] => {
        if (values.cleared[id]) return [{ option_id: Number(id), price: null }];
        const price = values.prices[id];
        return price === undefined || price === '' ? [] : [{ option_id: Number(id), price: Number(price) }];
      });
      return { kind: 'slot_prices', prices };
    }
    case 'calendar_colors':
      return { kind: 'calendar_colors', color_code: values.removeColor ? null : values.color };
  }
}

function ChangePanel(props: {
  venue: string;
  selection: CalendarSelection | null;
  lang: LanguageCode;
  products: readonly CalendarProduct[];
}) {
  const { t } = useTranslation();
  const form = useForm<ChangeForm>({
    defaultValues: {
      kind: 'capacity',
      capacity: '',
      on_sale: 'close',
      prices: {},
      cleared: {},
      color: '#f4b6b6',
      removeColor: false,
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useChangeCalendar(props.venue);
  const kind = form.watch('kind');

  const onSubmit = form.handleSubmit((values) => {
    setProblem(null);
    if (!props.selection) return;
    const parsed = ChangeContract.safeParse(changeOf(values));
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setProblem(issue ? issueMessage(issue, t) : t('validation.format'));
      return;
    }
    mutation.mutate({ selection: props.selection, change: parsed.data });
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="field-hint" aria-live="polite">
        {props.selection
          ? props.selection.slot_ids
            ? t('calendar.selectedSlots', { count: props.selection.slot_ids.length })
            : t('calendar.selectedRange', { from: props.selection.from, to: props.selection.to })
          : t('calendar.nothingPicked')}
      </p>
      <SelectField label={t('calendar.changeKind')} {...form.register('kind')}>
        <option value="capacity">{t('calendar.kinds.capacity')}</option>
        <option value="sale">{t('calendar.kinds.sale')}</option>
        <option value="slot_prices">{t('calendar.kinds.slot_prices')}</option>
        <option value="calendar_colors">{t('calendar.kinds.calendar_colors')}</option>
      </SelectField>
      {kind === 'capacity' ? (
        <TextField
          label={t('calendar.capacity')}
          hint={t('calendar.capacityHint')}
          type="number"
          min={0}
          inputMode="numeric"
          {...form.register('capacity')}
        />
      ) : null}
      {kind === 'sale' ? (
        <FieldSet legend={t('calendar.kinds.sale')}>
          <label className="check">
            <input type="radio" value="open" {...form.register('on_sale')} /> {t('calendar.open')}
          </label>
          <label className="check">
            <input type="radio" value="close" {...form.register('on_sale')} /> {t('calendar.close')}
          </label>
        </FieldSet>
      ) : null}
      {kind === 'slot_prices'
        ? props.products.map((product) => (
            <FieldSet key={product.id} legend={nameIn(product.name, props.lang)} hint={t('calendar.pricesHint')}>
              {product.options.map((option) => (
                <div key={option.id} className="calendar-price">
                  <TextField
                    label={t('calendar.optionPrice', { option: nameIn(option.name, props.lang), price: option.price })}
                    type="number"
                    min={0}
                    inputMode="numeric"
                    {...form.register(`prices.${option.id}`)}
                  />
                  <CheckboxField label={t('calendar.clearPrice')} {...form.register(`cleared.${option.id}`)} />
                </div>
              ))}
            </FieldSet>
          ))
        : null}
      {kind === 'calendar_colors' ? (
        <>
          <TextField label={t('calendar.color')} type="color" {...form.register('color')} />
          <CheckboxField label={t('calendar.removeColor')} {...form.register('removeColor')} />
        </>
      ) : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <ProblemNotice error={mutation.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={!props.selection || mutation.isPending}>
          {mutation.isPending ? t('calendar.applying') : t('calendar.apply')}
        </button>
      </div>
      {mutation.data ? <ChangeOutcome result={mutation.data} /> : null}
    </form>
  );
}

function ChangeOutcome(props: { result: CalendarChangeResult }) {
  const { t } = useTranslation();
  const { result } = props;
  return (
    <div className="calendar-outcome">
      <Notice kind={result.refused_count > 0 ? 'info' : 'success'} title={t('calendar.done')}>
        <p>
          {result.unit === 'days'
            ? t('calendar.changedDays', { count: result.changed })
            : t('calendar.changedSlots', { count: result.changed, selected: result.selected })}
        </p>
        {result.refused_count > 0 ? <p>{t('calendar.refusedCount', { count: result.refused_count })}</p> : null}
      </Notice>
      {result.refused.length > 0 ? (
        <section aria-labelledby="calendar-refused-title">
          <h3 id="calendar-refused-title">{t('calendar.refusedTitle')}</h3>
          <ul className="calendar-refusals">
            {result.refused.map((r) => (
              <li key={r.slot_id}>
                <strong>
                  {r.date} {r.start_time}
                </strong>{' '}
                {t(`calendar.refusals.${r.code}`, { sold: r.sold, held: r.held, floor: r.sold + r.held })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.with_tickets.length > 0 ? (
        <section aria-labelledby="calendar-tickets-title">
          <h3 id="calendar-tickets-title">{t('calendar.withTicketsTitle')}</h3>
          <p>{t('calendar.withTicketsHint')}</p>
          <ul className="calendar-refusals">
            {result.with_tickets.map((r) => (
              <li key={r.slot_id}>
                <strong>
                  {r.date} {r.start_time}
                </strong>{' '}
                {t('calendar.ticketsSold', { count: r.sold })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
