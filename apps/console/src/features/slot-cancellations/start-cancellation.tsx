/**
 * Starting a slot cancellation (`orders:refund`): the selection (a day or days, a time window,
 * products), its preview, then the reason and the message to the visitors, and a confirmation
 * that says plainly what will happen before the job starts. A preview belongs to the selection it
 * was made for: changing the selection puts it away.
 */
import type { CalendarSelection } from '@storefront/domain/console/calendar';
import {
  MAX_CANCELLATION_DAYS,
  type SlotCancellationPreview,
  SlotCancellationPreviewBody,
} from '@storefront/domain/console/slot-cancellations';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { PreviewAnnouncement, PreviewResult } from './cancellation-preview.tsx';
import { slotCancellationQueries, usePreviewCancellation } from './slot-cancellations-api.ts';

/** The selection as the form holds it: text, empty when not set; no product ticked means every product. */
type SelectionFields = { from: string; to: string; time_from: string; time_to: string; product_ids: string[] | string | false };
type SelectionValues = { selection: SelectionFields };

/** Ticked checkboxes of one name: a list, or one value when the form has a single box. */
const ticked = (value: SelectionFields['product_ids']): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];

/** What the API is sent: a single day when no last day is given, the empty values left out. */
function selectionOf(fields: SelectionFields): CalendarSelection {
  const from = fields.from.trim();
  const to = fields.to.trim() || from;
  const products = ticked(fields.product_ids).map(Number);
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(fields.time_from ? { time_from: fields.time_from } : {}),
    ...(fields.time_to ? { time_to: fields.time_to } : {}),
    ...(products.length > 0 ? { product_ids: products } : {}),
  };
}

const PreviewContract = z.preprocess(
  (values) => ({ selection: selectionOf((values as SelectionValues).selection) }),
  SlotCancellationPreviewBody,
);

const SELECTION_MESSAGES = {
  'selection.from': 'slotCancellations.start.fromRequired',
  'selection.to': 'slotCancellations.start.rangeProblem',
  'selection.time_from': 'slotCancellations.start.timeFormat',
  'selection.time_to': 'slotCancellations.start.timeToBeforeFrom',
};

export function StartCancellation(props: { venue: string; today: string }) {
  const { t } = useTranslation();
  const products = useQuery(slotCancellationQueries.products(props.venue));
  const [previewed, setPreviewed] = useState<{
    key: string;
    selection: CalendarSelection;
    result: SlotCancellationPreview;
  } | null>(null);
  const form = useForm<SelectionValues>({
    defaultValues: { selection: { from: props.today, to: '', time_from: '', time_to: '', product_ids: [] } },
    resolver: selectionResolver(t),
  });
  const preview = usePreviewCancellation(props.venue);
  const errors = form.formState.errors.selection;
  const current = selectionOf(form.watch('selection'));
  const key = JSON.stringify(current);
  const shown = previewed && previewed.key === key ? previewed : null;

  const submit = form.handleSubmit(() => {
    const selection = selectionOf(form.getValues('selection'));
    preview.mutate(
      { selection },
      {
        onSuccess: (result) => setPreviewed({ key: JSON.stringify(selection), selection, result }),
      },
    );
  });

  return (
    <section className="panel slot-cancellation-start" aria-labelledby="slot-cancellation-start-title">
      <h2 id="slot-cancellation-start-title">{t('slotCancellations.start.title')}</h2>
      <form
        className="form slot-cancellation-selection"
        noValidate
        onSubmit={submit}
        aria-label={t('slotCancellations.start.selection')}
      >
        <div className="slot-cancellation-fields">
          <TextField
            label={t('slotCancellations.start.from')}
            type="date"
            error={errors?.from?.message}
            {...form.register('selection.from')}
          />
          <TextField
            label={t('slotCancellations.start.to')}
            hint={t('slotCancellations.start.toHint', { max: MAX_CANCELLATION_DAYS })}
            type="date"
            error={errors?.to?.message}
            {...form.register('selection.to')}
          />
          <TextField
            label={t('slotCancellations.start.timeFrom')}
            hint={t('slotCancellations.start.timeFromHint')}
            type="time"
            error={errors?.time_from?.message}
            {...form.register('selection.time_from')}
          />
          <TextField
            label={t('slotCancellations.start.timeTo')}
            hint={t('slotCancellations.start.timeToHint')}
            type="time"
            error={errors?.time_to?.message}
            {...form.register('selection.time_to')}
          />
        </div>
        <FieldSet
          legend={t('slotCancellations.start.products')}
          hint={t('slotCancellations.start.productsHint')}
          className="slot-cancellation-products"
        >
          <ProblemNotice error={products.error} />
          {(products.data?.products ?? []).map((product) => (
            <CheckboxField
              key={product.id}
              value={String(product.id)}
              label={<ProductName names={product.name} />}
              {...form.register('selection.product_ids')}
            />
          ))}
        </FieldSet>
        <ProblemNotice error={preview.error} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={preview.isPending}>
            {t('slotCancellations.start.preview')}
          </button>
        </div>
      </form>
      <PreviewAnnouncement preview={shown?.result ?? null} />
      {shown ? <PreviewResult venue={props.venue} selection={shown.selection} preview={shown.result} /> : null}
    </section>
  );
}

function ProductName(props: { names: Record<string, string> }) {
  const { i18n } = useTranslation();
  return <>{localize(props.names, currentLanguage(i18n))}</>;
}

/** The contract's issues on the form's fields; no error on the last day while the first is missing. */
function selectionResolver(t: ReturnType<typeof useTranslation>['t']): Resolver<SelectionValues> {
  const resolve = contractResolver(PreviewContract as unknown as z.ZodType<unknown, SelectionValues>, t, SELECTION_MESSAGES);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const selection = (result.errors as { selection?: Record<string, unknown> }).selection;
    if (selection?.from && selection.to) delete selection.to;
    return result as Awaited<ReturnType<Resolver<SelectionValues>>>;
  };
}
