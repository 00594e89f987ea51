/**
 * `/venues/:code/slot-series/new` (right `catalogue:write`): a series' rule — products, weekdays,
 * opening hours cut into slots or a list of start times, validity, closure and holiday dates,
 * exception days (a date with hours of its own), capacity — checked by the domain's contract; "Preview" shows month by month what applying would
 * do; "Create slots" applies exactly the previewed rule and says what it did.
 */
import type { SlotSeriesApplied, SlotSeriesRule } from '@storefront/domain/console/slot-series';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { DateList } from './date-list.tsx';
import { ExceptionList } from './exception-list.tsx';
import { monthsBetween, PreviewCalendar } from './preview-calendar.tsx';
import { MESSAGES, SeriesForm, type SeriesFormValues } from './series-form.ts';
import { slotSeriesQueries, useApplySlotSeries } from './slot-series-api.ts';
import { productName, weekdayName } from './slot-series-text.ts';
import './slot-series.css';

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
