/** A selection's preview: what it would cancel, slot by slot, then the form to confirm it. */
import type { CalendarSelection } from '@storefront/domain/console/calendar';
import type { CancelledSlot, SlotCancellationPreview } from '@storefront/domain/console/slot-cancellations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ConfirmForm } from './confirm-form.tsx';
import { formatMoney, slotText } from './slot-cancellation-format.ts';

/** Says in a few words what the preview found, for screen readers; the table below is not read out. */
export function PreviewAnnouncement(props: { preview: SlotCancellationPreview | null }) {
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

const slotColumn = columnsOf<CancelledSlot>();
/** The most slots listed open at once; more are folded away. */
const OPEN_SLOT_LIST = 24;

export function PreviewResult(props: { venue: string; selection: CalendarSelection; preview: SlotCancellationPreview }) {
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
