/**
 * `/venues/:code/calendar` (catalogue:read; changes with catalogue:write): a month of the venue's
 * slots, each day with its slot count, capacity and sold places and the shop calendar's colour.
 * Days are picked by click, shift-click (a range), whole weekdays and the keyboard, narrowed by
 * product and time of day; a single day's slots can be picked one by one. The side panel makes
 * one change to what is picked and shows what changed and what was refused, with the reasons.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { SelectField, TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { calendarQueries } from './calendar-api.ts';
import {
  monthOf,
  monthRange,
  type Narrowing,
  pickDay,
  pickWeekday,
  selectionFor,
  shiftMonth,
  slotMatches,
} from './calendar-selection.ts';
import { ChangePanel } from './change-panel.tsx';
import { formatMonth, MonthGrid, summarise } from './month-grid.tsx';
import { nameIn, SlotPicker } from './slot-picker.tsx';
import './calendar.css';

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
