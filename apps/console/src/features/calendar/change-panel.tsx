/** One change to every slot chosen (capacity, sale open or closed, prices or a colour), then what it changed. */
import {
  type CalendarChange,
  type CalendarChangeResult,
  type CalendarProduct,
  type CalendarSelection,
  CalendarChange as ChangeContract,
} from '@storefront/domain/console/calendar';
import type { LanguageCode } from '@storefront/domain/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueMessage } from '../../lib/forms.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useChangeCalendar } from './calendar-api.ts';
import { nameIn } from './slot-picker.tsx';

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

export function ChangePanel(props: {
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
