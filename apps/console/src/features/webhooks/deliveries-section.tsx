/** The deliveries log, filtered by status and receiver: each attempt's answer, and a button to replay a delivery. */
import {
  WEBHOOK_DELIVERIES_KEPT_DAYS,
  WEBHOOK_STATUSES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookStatus,
} from '@storefront/domain/console/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { SelectField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { useReplayDelivery, webhookQueries } from './webhooks-api.ts';

const deliveryColumn = columnsOf<WebhookDelivery>();
const STATUS_BADGE: Record<WebhookStatus, string> = {
  succeeded: 'badge-success',
  pending: 'badge-status-invited',
  failed: 'badge-webhook-failed',
};

export function Deliveries(props: {
  venue: string;
  endpoints: WebhookEndpoint[];
  filter: { status: WebhookStatus | ''; endpoint: string };
  onFilter: (filter: { status: WebhookStatus | ''; endpoint: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const list = useQuery(webhookQueries.deliveries(props.venue, props.filter));
  const replay = useReplayDelivery(props.venue);
  const columns = useMemo(
    () => [
      deliveryColumn.accessor('created_at', {
        header: () => t('webhooks.when'),
        cell: (info) => formatDateTime(info.getValue(), lang),
      }),
      deliveryColumn.accessor('event_type', {
        header: () => t('webhooks.event'),
        cell: (info) => t(`webhooks.eventNames.${info.getValue()}`),
      }),
      deliveryColumn.accessor('status', {
        header: () => t('webhooks.status'),
        cell: (info) => (
          <span className={`badge ${STATUS_BADGE[info.getValue()]}`}>{t(`webhooks.statuses.${info.getValue()}`)}</span>
        ),
      }),
      deliveryColumn.accessor('attempts', { header: () => t('webhooks.attempts'), cell: (info) => info.getValue() }),
      deliveryColumn.display({
        id: 'answer',
        header: () => t('webhooks.lastAnswer'),
        cell: (info) => {
          const d = info.row.original;
          if (d.attempts === 0) return t('webhooks.notYet');
          return (
            <span className="webhook-answer">
              {d.last_status !== null ? <strong>HTTP {d.last_status}</strong> : null}
              {d.last_error && d.last_error !== `HTTP ${d.last_status}` ? <span> {d.last_error}</span> : null}
              {d.last_response ? <code className="webhook-response">{d.last_response}</code> : null}
            </span>
          );
        },
      }),
      deliveryColumn.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (info) => (
          <button
            type="button"
            className="button button-small"
            disabled={replay.isPending}
            onClick={() => replay.mutate(info.row.original)}
            aria-label={t('webhooks.replayNamed', { event: info.row.original.event_id })}
          >
            {t('webhooks.replay')}
          </button>
        ),
      }),
    ],
    [t, lang, replay],
  );
  return (
    <section className="webhook-deliveries" aria-labelledby="webhook-deliveries-title">
      <h2 id="webhook-deliveries-title">{t('webhooks.deliveries')}</h2>
      <p className="field-hint">{t('webhooks.kept', { days: WEBHOOK_DELIVERIES_KEPT_DAYS })}</p>
      <div className="webhook-filters">
        <SelectField
          label={t('webhooks.status')}
          value={props.filter.status}
          onChange={(event) => props.onFilter({ ...props.filter, status: event.target.value as WebhookStatus | '' })}
        >
          <option value="">{t('webhooks.allStatuses')}</option>
          {WEBHOOK_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`webhooks.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('webhooks.endpoint')}
          value={props.filter.endpoint}
          onChange={(event) => props.onFilter({ ...props.filter, endpoint: event.target.value })}
        >
          <option value="">{t('webhooks.allEndpoints')}</option>
          {props.endpoints.map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.url}
            </option>
          ))}
        </SelectField>
      </div>
      <ProblemNotice error={list.error ?? replay.error} />
      {replay.isSuccess ? <p role="status">{t('webhooks.replayed')}</p> : null}
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('webhooks.deliveries')}
          isCaptionHidden
          columns={columns}
          data={list.data.deliveries}
          rowId={(row) => row.id}
          empty={t('webhooks.noDeliveries')}
        />
      ) : null}
    </section>
  );
}
