/**
 * `/venues/:code/slot-series/new` (right `catalogue:write`): a series' rule — products, weekdays,
 * opening hours cut into slots or a list of start times, validity, closure and holiday dates,
 * exception days (a date with hours of its own), capacity — checked by the domain's contract; "Preview" shows month by month what applying would
 * do; "Create slots" applies exactly the previewed rule and says what it did.
 */
import {
  SlotSeriesRule as RuleContract,
  type SlotSeriesApplied,
  type SlotSeriesRule,
  type SlotSeriesRuleInput,
} from '@storefront/domain/console/slot-series';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type UseFormRegister, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { monthsBetween, PreviewCalendar } from './preview-calendar.tsx';
import { slotSeriesQueries, useApplySlotSeries } from './slot-series-api.ts';
import { productName, weekdayName } from './slot-series-text.ts';
import './slot-series.css';

const DateRow = z.object({ date: z.string() });

/** Times as the form holds them: both kinds' inputs, the kind choosing which count. */
const TimesInput = z.object({
  kind: z.enum(['hours', 'start_times']),
  opens_at: z.string(),
  closes_at: z.string(),
  start_times: z.string(),
});
type TimesInput = z.infer<typeof TimesInput>;

const ExceptionRow = z.object({ date: z.string(), times: TimesInput });

function timesOf(times: TimesInput): SlotSeriesRuleInput['times'] {
  return times.kind === 'hours'
    ? { kind: 'hours' as const, opens_at: times.opens_at, closes_at: times.closes_at }
    : { kind: 'start_times' as const, start_times: times.start_times.split(/[\s,、]+/).filter(Boolean) };
}

/** What the form holds (text as typed); the transform makes the contract's rule of it. */
const SeriesForm = z
  .object({
    product_ids: z.array(z.string()),
    weekdays: z.array(z.string()),
    times: TimesInput,
    slot_minutes: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    closed_dates: z.array(DateRow),
    holiday_dates: z.array(DateRow),
    // Every row is sent, a blank one too, so that an issue's `exceptions.<n>` is the row shown n-th.
    exceptions: z.array(ExceptionRow),
    capacity: z.string(),
  })
  .transform(
    (values): SlotSeriesRuleInput => ({
      product_ids: values.product_ids.map(Number),
      weekdays: values.weekdays.map(Number).sort((a, b) => a - b),
      times: timesOf(values.times),
      slot_minutes: Number(values.slot_minutes),
      valid_from: values.valid_from,
      valid_to: values.valid_to,
      closed_dates: values.closed_dates.map((row) => row.date).filter(Boolean),
      holiday_dates: values.holiday_dates.map((row) => row.date).filter(Boolean),
      exceptions: values.exceptions.map((row) => ({ date: row.date, times: timesOf(row.times) })),
      capacity: Number(values.capacity),
    }),
  )
  .pipe(RuleContract);
type SeriesFormValues = z.input<typeof SeriesForm>;

const MESSAGES: Record<string, string> = {
  'times.opens_at': 'slotSeries.timeRule',
  'times.closes_at': 'slotSeries.toAfterFrom',
  'times.start_times': 'slotSeries.startTimesRule',
  slot_minutes: 'slotSeries.slotMinutesRule',
  valid_to: 'slotSeries.validToRule',
  weekdays: 'slotSeries.weekdaysRule',
  'exceptions.*.date': 'slotSeries.exceptionDateRule',
  'exceptions.*.times': 'slotSeries.exceptionSlotsRule',
  'exceptions.*.times.opens_at': 'slotSeries.timeRule',
  'exceptions.*.times.closes_at': 'slotSeries.toAfterFrom',
  'exceptions.*.times.start_times': 'slotSeries.startTimesRule',
};

/** The console's text key for a 400 naming `exceptions.<index>.<part>…` (`rule.exceptions.…` from a preview), or undefined. */
function exceptionServerError(field: string | null, index: number, part: 'date' | 'times'): string | undefined {
  const rest = field?.replace(/^rule\./, '').match(new RegExp(`^exceptions\\.${index}\\.(.+)$`))?.[1];
  if (!rest || (part === 'date') !== (rest === 'date')) return undefined;
  return MESSAGES[`exceptions.*.${rest}`] ?? 'validation.rejected';
}

export default function NewSlotSeriesPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="new-slot-series" title={t('slotSeries.newTitle')} right="catalogue:write">
      {({ venue }) => <NewSeries venue={venue.code} />}
    </VenueGate>
  );
}

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

function NewSeries(props: { venue: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const list = useQuery(slotSeriesQueries.list(props.venue));
  const [rule, setRule] = useState<SlotSeriesRule | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const [applied, setApplied] = useState<SlotSeriesApplied | null>(null);
  const preview = useQuery({
    ...slotSeriesQueries.preview(props.venue, rule, month),
    // Turning the month keeps the calendar in place while that month's slots load (the days of the
    // whole series are already there); a changed rule shows nothing until its own preview is in.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[3]) === JSON.stringify(rule) ? previous : undefined,
  });
  const start = tomorrow();
  const form = useForm<SeriesFormValues, unknown, SlotSeriesRule>({
    resolver: contractResolver(SeriesForm, t, MESSAGES),
    defaultValues: {
      product_ids: [],
      weekdays: ['1', '2', '3', '4', '5', '6', '7'],
      times: { kind: 'hours', opens_at: '09:00', closes_at: '21:00', start_times: '' },
      slot_minutes: '30',
      valid_from: start,
      valid_to: `${start.slice(0, 4)}-12-31`,
      closed_dates: [],
      holiday_dates: [],
      exceptions: [],
      capacity: '20',
    },
  });
  const closed = useFieldArray({ control: form.control, name: 'closed_dates' });
  const holidays = useFieldArray({ control: form.control, name: 'holiday_dates' });
  const apply = useApplySlotSeries(props.venue, {
    onSuccess: (answer) => {
      setApplied(answer);
      setRule(null);
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('times.kind');
  const products = list.data?.products ?? [];
  const timeZone = list.data?.time_zone ?? 'UTC';
  // Any change to the rule after a preview makes that preview stale: it must be previewed again.
  const onChange = () => {
    if (rule) setRule(null);
    if (applied) setApplied(null);
  };
  const onPreview = form.handleSubmit((values) => {
    apply.reset();
    setApplied(null);
    setRule(values);
    setMonth(values.valid_from.slice(0, 7));
  });
  const previewError = preview.error;
  const serverField = isApiError(previewError) && previewError.status === 400 ? previewError.field : null;
  const applyField = isApiError(apply.error) && apply.error.status === 400 ? apply.error.field : null;

  if (list.isPending) return <Loading />;
  return (
    <Screen
      name="new-slot-series"
      title={t('slotSeries.newTitle')}
      actions={
        <Link className="button" to={paths.slotSeries(props.venue)}>
          {t('slotSeries.backToList')}
        </Link>
      }
    >
      <p className="screen-lead">{t('slotSeries.newLead', { timeZone })}</p>
      {list.isError ? <ProblemNotice error={list.error} /> : null}
      <form className="form form-wide slot-series-form" noValidate onSubmit={onPreview} onChange={onChange}>
        <FieldSet legend={t('slotSeries.products')} error={errors.product_ids?.message} className="check-columns">
          {products.length === 0 ? <p>{t('slotSeries.noProducts')}</p> : null}
          {products.map((product) => (
            <CheckboxField
              key={product.id}
              label={productName(products, product.id, lang)}
              value={String(product.id)}
              {...form.register('product_ids')}
            />
          ))}
        </FieldSet>
        <FieldSet legend={t('slotSeries.weekdays')} error={errors.weekdays?.message} className="check-columns">
          {[1, 2, 3, 4, 5, 6, 7].map((day) => (
            <CheckboxField key={day} label={weekdayName(day, lang, 'long')} value={String(day)} {...form.register('weekdays')} />
          ))}
        </FieldSet>
        <FieldSet legend={t('slotSeries.times')}>
          <div className="check">
            <input type="radio" id="times-hours" value="hours" {...form.register('times.kind')} />
            <label htmlFor="times-hours">{t('slotSeries.kindHours')}</label>
          </div>
          <div className="check">
            <input type="radio" id="times-starts" value="start_times" {...form.register('times.kind')} />
            <label htmlFor="times-starts">{t('slotSeries.kindStartTimes')}</label>
          </div>
          {kind === 'hours' ? (
            <div className="form-grid">
              <TextField
                label={t('slotSeries.opensAt')}
                type="time"
                error={errors.times?.opens_at?.message}
                {...form.register('times.opens_at')}
              />
              <TextField
                label={t('slotSeries.closesAt')}
                type="time"
                error={errors.times?.closes_at?.message}
                {...form.register('times.closes_at')}
              />
            </div>
          ) : (
            <TextField
              label={t('slotSeries.startTimes')}
              hint={t('slotSeries.startTimesHint')}
              error={errors.times?.start_times?.message}
              {...form.register('times.start_times')}
            />
          )}
          <TextField
            label={t('slotSeries.slotMinutes')}
            type="number"
            min={5}
            step={5}
            inputMode="numeric"
            error={
              errors.slot_minutes?.message ?? (serverField === 'rule.slot_minutes' ? t('slotSeries.slotMinutesRule') : undefined)
            }
            {...form.register('slot_minutes')}
          />
        </FieldSet>
        <div className="form-grid">
          <TextField
            label={t('slotSeries.validFrom')}
            type="date"
            error={errors.valid_from?.message ?? (serverField === 'rule.valid_from' ? t('slotSeries.validFromRule') : undefined)}
            {...form.register('valid_from')}
          />
          <TextField
            label={t('slotSeries.validTo')}
            type="date"
            error={errors.valid_to?.message ?? (serverField === 'rule.valid_to' ? t('slotSeries.tooManySlots') : undefined)}
            {...form.register('valid_to')}
          />
          <TextField
            label={t('slotSeries.capacity')}
            type="number"
            min={1}
            inputMode="numeric"
            error={errors.capacity?.message}
            {...form.register('capacity')}
          />
        </div>
        <DateList
          legend={t('slotSeries.closedDates')}
          addLabel={t('slotSeries.addClosedDate')}
          name="closed_dates"
          fields={closed.fields}
          register={form.register}
          onAdd={() => closed.append({ date: '' })}
          onRemove={(index) => {
            closed.remove(index);
            onChange();
          }}
        />
        <DateList
          legend={t('slotSeries.holidayDates')}
          addLabel={t('slotSeries.addHolidayDate')}
          name="holiday_dates"
          fields={holidays.fields}
          register={form.register}
          onAdd={() => holidays.append({ date: '' })}
          onRemove={(index) => {
            holidays.remove(index);
            onChange();
          }}
        />
        <ExceptionList form={form} errors={errors} serverField={serverField ?? applyField} onChange={onChange} />
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {t('slotSeries.preview')}
          </button>
        </div>
      </form>

      {applied ? (
        <Notice kind="success" title={t('slotSeries.createdTitle')}>
          <p>
            {t('slotSeries.createdResult', { created: applied.created, existing: applied.existing, overlap: applied.overlap })}
          </p>
          <Link to={paths.slotSeries(props.venue)}>{t('slotSeries.backToList')}</Link>
        </Notice>
      ) : null}

      {rule ? (
        <section className="panel" aria-labelledby="slot-series-preview-title">
          <h2 id="slot-series-preview-title">{t('slotSeries.previewTitle')}</h2>
          {preview.isError ? <ProblemNotice error={preview.error} /> : null}
          {preview.isPending ? <Loading /> : null}
          {preview.data ? (
            <>
              <p role="status">
                {t('slotSeries.totals', {
                  new: preview.data.totals.new,
                  existing: preview.data.totals.existing,
                  overlap: preview.data.totals.overlap,
                })}
              </p>
              <PreviewCalendar
                month={month ?? rule.valid_from.slice(0, 7)}
                months={monthsBetween(rule.valid_from, rule.valid_to)}
                days={preview.data.days}
                slots={preview.data.month?.slots ?? null}
                lang={lang}
                timeZone={timeZone}
                productName={(id) => productName(products, id, lang)}
                onMonth={setMonth}
              />
              <ProblemNotice error={apply.error} />
              <div className="button-row">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={apply.isPending || preview.data.totals.new === 0}
                  onClick={() => apply.mutate(rule)}
                >
                  {t('slotSeries.create', { count: preview.data.totals.new })}
                </button>
              </div>
            </>
          ) : null}
        </section>
      ) : null}
    </Screen>
  );
}

function DateList(props: {
  legend: string;
  addLabel: string;
  name: 'closed_dates' | 'holiday_dates';
  fields: { id: string }[];
  register: UseFormRegister<SeriesFormValues>;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <FieldSet legend={props.legend}>
      {props.fields.length === 0 ? <p className="field-hint">{t('slotSeries.noDates')}</p> : null}
      <ul className="date-list">
        {props.fields.map((field, index) => (
          <li key={field.id}>
            <TextField
              label={t('slotSeries.dateN', { n: index + 1 })}
              type="date"
              {...props.register(`${props.name}.${index}.date`)}
            />
            <button type="button" className="button button-quiet" onClick={() => props.onRemove(index)}>
              {t('slotSeries.removeDate', { n: index + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={props.onAdd}>
        {props.addLabel}
      </button>
    </FieldSet>
  );
}

/** Exception days: each a date with opening hours or start times of its own. */
function ExceptionList(props: {
  form: UseFormReturn<SeriesFormValues, unknown, SlotSeriesRule>;
  errors: FieldErrors<SeriesFormValues>;
  serverField: string | null;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { form } = props;
  const rows = useFieldArray({ control: form.control, name: 'exceptions' });
  const values = form.watch('exceptions');
  const server = (index: number, part: 'date' | 'times') => {
    const key = exceptionServerError(props.serverField, index, part);
    return key ? t(key) : undefined;
  };
  return (
    <FieldSet legend={t('slotSeries.exceptions')} hint={t('slotSeries.exceptionsHint')}>
      {rows.fields.length === 0 ? <p className="field-hint">{t('slotSeries.noDates')}</p> : null}
      <ul className="exception-list">
        {rows.fields.map((field, index) => {
          const row = values[index];
          const errors = props.errors.exceptions?.[index];
          const kind = row?.times.kind ?? 'hours';
          const timesError = errors?.times?.message ?? server(index, 'times');
          return (
            <li key={field.id}>
              <FieldSet legend={t('slotSeries.exceptionN', { n: index + 1 })} error={timesError}>
                <div className="form-grid">
                  <TextField
                    label={t('slotSeries.exceptionDate')}
                    type="date"
                    error={errors?.date?.message ?? server(index, 'date')}
                    {...form.register(`exceptions.${index}.date`)}
                  />
                </div>
                <div className="check">
                  <input
                    type="radio"
                    id={`exception-${field.id}-hours`}
                    value="hours"
                    {...form.register(`exceptions.${index}.times.kind`)}
                  />
                  <label htmlFor={`exception-${field.id}-hours`}>{t('slotSeries.kindHours')}</label>
                </div>
                <div className="check">
                  <input
                    type="radio"
                    id={`exception-${field.id}-starts`}
                    value="start_times"
                    {...form.register(`exceptions.${index}.times.kind`)}
                  />
                  <label htmlFor={`exception-${field.id}-starts`}>{t('slotSeries.kindStartTimes')}</label>
                </div>
                {kind === 'hours' ? (
                  <div className="form-grid">
                    <TextField
                      label={t('slotSeries.opensAt')}
                      type="time"
                      error={errors?.times?.opens_at?.message}
                      {...form.register(`exceptions.${index}.times.opens_at`)}
                    />
                    <TextField
                      label={t('slotSeries.closesAt')}
                      type="time"
                      error={errors?.times?.closes_at?.message}
                      {...form.register(`exceptions.${index}.times.closes_at`)}
                    />
                  </div>
                ) : (
                  <TextField
                    label={t('slotSeries.startTimes')}
                    hint={t('slotSeries.startTimesHint')}
                    error={errors?.times?.start_times?.message}
                    {...form.register(`exceptions.${index}.times.start_times`)}
                  />
                )}
                <button
                  type="button"
                  className="button button-quiet"
                  onClick={() => {
                    rows.remove(index);
                    props.onChange();
                  }}
                >
                  {row?.date
                    ? t('slotSeries.removeException', { date: row.date })
                    : t('slotSeries.removeExceptionN', { n: index + 1 })}
                </button>
              </FieldSet>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button"
        onClick={() => {
          const times = form.getValues('times');
          rows.append({ date: '', times: { ...times, kind: 'hours' } });
          props.onChange();
        }}
      >
        {t('slotSeries.addException')}
      </button>
    </FieldSet>
  );
}
