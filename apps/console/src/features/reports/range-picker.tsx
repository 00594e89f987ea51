/**
 * Choosing a report's period: a preset applies at once; dates of one's own apply with the button,
 * checked by the contract (`to` not before `from`, at most a year and a day).
 */
import { MAX_REPORT_DAYS, ReportRangeQuery } from '@storefront/domain/console/reports';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueMessage } from '../../lib/forms.ts';
import { SelectField, TextField } from '../../ui/field.tsx';
import { presetOf, presetRange, type RangePreset } from './report-range.ts';
import type { Range } from './reports-api.ts';

function rangeResolver(t: TFunction): Resolver<Range> {
  return async (values) => {
    const result = ReportRangeQuery.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<Range> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'from' ? 'from' : 'to';
      if (errors[field]) continue;
      const message =
        issue.code === 'custom'
          ? values.to < values.from
            ? t('reports.range.toBeforeFrom')
            : t('reports.range.tooLong', { count: MAX_REPORT_DAYS })
          : issueMessage(issue, t);
      errors[field] = { type: issue.code, message };
    }
    return { values: {}, errors };
  };
}

export function RangePicker(props: {
  range: Range;
  today: string;
  presets: readonly RangePreset[];
  onChange: (range: Range) => void;
}) {
  const { t } = useTranslation();
  // The parent keys this form by its range, so a new range starts it afresh.
  const [choice, setChoice] = useState<RangePreset | 'custom'>(() => presetOf(props.range, props.today, props.presets));
  const form = useForm<Range>({ defaultValues: props.range, resolver: rangeResolver(t) });
  const errors = form.formState.errors;
  const from = form.register('from');
  const fromInput = useRef<HTMLInputElement | null>(null);
  const apply = form.handleSubmit((range) => props.onChange(range));
  return (
    <form className="range-picker" aria-label={t('reports.range.label')} onSubmit={apply} noValidate>
      <SelectField
        label={t('reports.range.period')}
        value={choice}
        onChange={(event) => {
          const chosen = event.target.value as RangePreset | 'custom';
          setChoice(chosen);
          if (chosen === 'custom') {
            fromInput.current?.focus();
            return;
          }
          props.onChange(presetRange(chosen, props.today));
        }}
      >
        {props.presets.map((choice) => (
          <option key={choice} value={choice}>
            {t(`reports.range.presets.${choice}`)}
          </option>
        ))}
        <option value="custom">{t('reports.range.presets.custom')}</option>
      </SelectField>
      <TextField
        label={t('reports.range.from')}
        type="date"
        error={errors.from?.message}
        {...from}
        ref={(input) => {
          from.ref(input);
          fromInput.current = input;
        }}
      />
      <TextField label={t('reports.range.to')} type="date" error={errors.to?.message} {...form.register('to')} />
      <div className="range-picker-button">
        <button type="submit" className="button">
          {t('reports.range.show')}
        </button>
      </div>
    </form>
  );
}
