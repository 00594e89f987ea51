/** A series' exception days as rows to add and remove, with the server's refusal of one shown on its row. */
import type { SlotSeriesRule } from '@storefront/domain/console/slot-series';
import { type FieldErrors, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldSet, TextField } from '../../ui/field.tsx';
import { MESSAGES, type SeriesFormValues } from './series-form.ts';

/** The console's text key for a 400 naming `exceptions.<index>.<part>…` (`rule.exceptions.…` from a preview), or undefined. */
function exceptionServerError(field: string | null, index: number, part: 'date' | 'times'): string | undefined {
  const rest = field?.replace(/^rule\./, '').match(new RegExp(`^exceptions\\.${index}\\.(.+)$`))?.[1];
  if (!rest || (part === 'date') !== (rest === 'date')) return undefined;
  return MESSAGES[`exceptions.*.${rest}`] ?? 'validation.rejected';
}

/** Exception days: each a date with opening hours or start times of its own. */
export function ExceptionList(props: {
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
