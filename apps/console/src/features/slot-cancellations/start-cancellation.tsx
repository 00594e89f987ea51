/**
 * Starting a slot cancellation (`orders:refund`): the selection (a day or days, a time window,
 * products), its preview, then the reason and the message to the visitors, and a confirmation
 * that says plainly what will happen before the job starts. A preview belongs to the selection it
 * was made for: changing the selection puts it away.
 */
import type { CalendarSelection } from '@storefront/domain/console/calendar';
import {
  type CancelledSlot,
  MAX_CANCELLATION_DAYS,
  MAX_MESSAGE_LENGTH,
  SlotCancellationBody,
  type SlotCancellationPreview,
  SlotCancellationPreviewBody,
} from '@storefront/domain/console/slot-cancellations';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldError, FieldSet, TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { formatMoney, slotText } from './slot-cancellation-format.ts';
import { slotCancellationQueries, usePreviewCancellation, useStartCancellation } from './slot-cancellations-api.ts';

/** The selection as the form holds it: text, empty when not set; no product ticked means every product. */
type SelectionFields = { from: string; to: string; time_from: string; time_to: string; product_ids: string[] | string | false };
type SelectionValues = { selection: SelectionFields };
type ConfirmValues = { reason: string; message: string };

/** Ticked checkboxes of one name: a list, or one value when the form has a single box. */
const ticked = (value: SelectionFields['product_ids']): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];

/** What the API is sent: a single day when no last day is given, the empty values left out. */
export function selectionOf(fields: SelectionFields): CalendarSelection {
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

/** Says in a few words what the preview found, for screen readers; the table below is not read out. */
function PreviewAnnouncement(props: { preview: SlotCancellationPreview | null }) {
  const { t, i18n } = useTranslation();
  const { preview } = props;
  return (
    <p className="visually-hidden" aria-live="polite">
      {preview
        ? t('slotCancellations.preview.summary', {
            slots: preview.slot_count,
            orders: preview.orders,
            admissions: preview.admissions,
            amount: formatMoney(preview.refundable, preview.currency, currentLanguage(i18n)),
          })
        : ''}
    </p>
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

const slotColumn = columnsOf<CancelledSlot>();
/** The most slots listed open at once; more are folded away. */
const OPEN_SLOT_LIST = 24;

function PreviewResult(props: { venue: string; selection: CalendarSelection; preview: SlotCancellationPreview }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { preview } = props;
  const money = (amount: number) => formatMoney(amount, preview.currency, lang);
  const caption =
    preview.slots.length < preview.slot_count
      ? t('slotCancellations.preview.slotsCaptionFirst', { count: preview.slot_count, shown: preview.slots.length })
      : t('slotCancellations.preview.slotsCaption', { count: preview.slot_count });
  const columns = useMemo(
    () => [
      slotColumn.accessor('start_time', {
        header: () => t('slotCancellations.preview.slot'),
        cell: (info) => slotText(info.row.original, lang).when,
      }),
      slotColumn.accessor('product_name', {
        header: () => t('slotCancellations.preview.product'),
        cell: (info) => slotText(info.row.original, lang).product,
      }),
      slotColumn.accessor('orders', { header: () => t('slotCancellations.preview.orders'), cell: (info) => info.getValue() }),
      slotColumn.accessor('admissions', {
        header: () => t('slotCancellations.preview.admissions'),
        cell: (info) => info.getValue(),
      }),
      slotColumn.accessor('refundable', {
        header: () => t('slotCancellations.preview.refundable'),
        cell: (info) => formatMoney(info.getValue(), preview.currency, lang),
      }),
    ],
    [t, lang, preview.currency],
  );
  return (
    <section className="slot-cancellation-preview" aria-labelledby="slot-cancellation-preview-title">
      <h3 id="slot-cancellation-preview-title">{t('slotCancellations.preview.title')}</h3>
      <dl className="slot-cancellation-figures">
        <div>
          <dt>{t('slotCancellations.preview.slots')}</dt>
          <dd>{preview.slot_count}</dd>
        </div>
        <div>
          <dt>{t('slotCancellations.preview.orders')}</dt>
          <dd>{preview.orders}</dd>
        </div>
        <div>
          <dt>{t('slotCancellations.preview.admissions')}</dt>
          <dd>{preview.admissions}</dd>
        </div>
        <div>
          <dt>{t('slotCancellations.preview.atMostRefunded')}</dt>
          <dd>{money(preview.refundable)}</dd>
        </div>
      </dl>
      {preview.over_count > 0 ? <Notice>{t('slotCancellations.preview.over', { count: preview.over_count })}</Notice> : null}
      {preview.slot_count === 0 ? (
        <Notice>{t('slotCancellations.preview.noSlot')}</Notice>
      ) : (
        <>
          {/* Open when short; a long list (days of slots) is one click away, the confirmation stays near. */}
          <details className="slot-cancellation-slots" open={preview.slot_count <= OPEN_SLOT_LIST}>
            <summary>{caption}</summary>
            <DataTable
              caption={caption}
              isCaptionHidden
              columns={columns}
              data={preview.slots}
              rowId={(row) => String(row.slot_id)}
              empty={t('slotCancellations.preview.noSlot')}
            />
          </details>
          <ConfirmForm venue={props.venue} selection={props.selection} preview={preview} lang={lang} />
        </>
      )}
    </section>
  );
}

function ConfirmForm(props: {
  venue: string;
  selection: CalendarSelection;
  preview: SlotCancellationPreview;
  lang: LanguageCode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const contract = useMemo(
    () =>
      z.preprocess(
        (values) => ({ ...(values as ConfirmValues), selection: props.selection }),
        SlotCancellationBody,
      ) as unknown as z.ZodType<unknown, ConfirmValues>,
    [props.selection],
  );
  const form = useForm<ConfirmValues>({
    defaultValues: { reason: '', message: '' },
    resolver: contractResolver(contract, t) as unknown as Resolver<ConfirmValues>,
  });
  const start = useStartCancellation(props.venue, {
    onSuccess: async (progress) => {
      await navigate(paths.venueSlotCancellation(props.venue, progress.id));
    },
    onError: (error) => {
      if (placeFieldError(error, form.setError, ['reason', 'message'], t)) setConfirming(false);
    },
  });
  const errors = form.formState.errors;
  const { preview } = props;
  const amount = formatMoney(preview.refundable, preview.currency, props.lang);
  return (
    <form
      className="form slot-cancellation-confirm"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(() => {
        start.reset();
        setConfirming(true);
      })}
    >
      <h3 id={`${id}-title`}>{t('slotCancellations.confirm.title')}</h3>
      <TextField
        label={t('slotCancellations.confirm.reason')}
        hint={t('slotCancellations.confirm.reasonHint')}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="field">
        <label htmlFor={`${id}-message`}>
          {t('slotCancellations.confirm.message')} <span className="field-hint">({t('common.optional')})</span>
        </label>
        <p id={`${id}-message-hint`} className="field-hint">
          {t('slotCancellations.confirm.messageHint', { max: MAX_MESSAGE_LENGTH.toLocaleString() })}
        </p>
        <textarea
          id={`${id}-message`}
          rows={4}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error ${id}-message-hint` : `${id}-message-hint`}
          {...form.register('message')}
        />
        <FieldError id={`${id}-message-error`} message={errors.message?.message} />
      </div>
      <div className="button-row">
        <button type="submit" className="button button-danger">
          {t('slotCancellations.confirm.open')}
        </button>
      </div>
      <Dialog isOpen={isConfirming} title={t('slotCancellations.confirm.dialogTitle')} onClose={() => setConfirming(false)}>
        <div className="form">
          <p className="slot-cancellation-warning">
            <strong>{t('slotCancellations.confirm.what', { count: preview.orders, amount })}</strong>
          </p>
          <p>{t('slotCancellations.confirm.slots', { count: preview.slot_count })}</p>
          <p>{t('slotCancellations.confirm.mails')}</p>
          <ProblemNotice error={start.error} />
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={start.isPending}
              onClick={() => {
                const values = form.getValues();
                start.mutate({
                  selection: props.selection,
                  reason: values.reason.trim(),
                  ...(values.message.trim() ? { message: values.message.trim() } : {}),
                });
              }}
            >
              {t('slotCancellations.confirm.start')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('slotCancellations.confirm.back')}
            </button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
