/**
 * `/venues/:code/webhooks` (right `settings:write` at the venue): where the venue's own systems hear
 * of its orders (decision 022). A manager adds a receiver's URL with the events it wants, sees its
 * signing secret once (and again only by rolling it), disables it, and reads the deliveries log with
 * each attempt's answer, replaying one that failed.
 */
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookStatus,
} from '@storefront/domain/console/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { Deliveries } from './deliveries-section.tsx';
import { type Editing, EndpointDialog } from './endpoint-dialog.tsx';
import { RollDialog } from './roll-dialog.tsx';
import { useToggleWebhookEndpoint, webhookQueries } from './webhooks-api.ts';
import './webhooks.css';

const endpointColumn = columnsOf<WebhookEndpoint>();

export default function WebhooksPage() {
  const { t } = useTranslation();
  return (
    <VenueGate
      screen="webhooks"
      title={(venue) => t('webhooks.venueTitle', { venue: venue.name })}
      right="settings:write"
      writeRight="settings:write"
    >
      {({ venue }) => (
        <Screen name="webhooks" title={t('webhooks.venueTitle', { venue: venue.name })}>
          <Webhooks venue={venue.code} />
        </Screen>
      )}
    </VenueGate>
  );
}

function Webhooks(props: { venue: string }) {
  const { t } = useTranslation();
  const list = useQuery(webhookQueries.endpoints(props.venue));
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const [filter, setFilter] = useState<{ status: WebhookStatus | ''; endpoint: string }>({ status: '', endpoint: '' });
  const toggle = useToggleWebhookEndpoint(props.venue);
  const columns = useMemo(
    () => [
      endpointColumn.accessor('url', {
        header: () => t('webhooks.url'),
        cell: (info) => (
          <span className="webhook-url">
            {info.getValue()}
            {info.row.original.description ? <span className="field-hint">{info.row.original.description}</span> : null}
          </span>
        ),
      }),
      endpointColumn.accessor('events', {
        header: () => t('webhooks.events'),
        cell: (info) => (
          <ul className="webhook-events">
            {info.getValue().map((event) => (
              <li key={event}>{t(`webhooks.eventNames.${event}`)}</li>
            ))}
          </ul>
        ),
      }),
      endpointColumn.display({
        id: 'state',
        header: () => t('webhooks.state'),
        cell: (info) => (
          <>
            <span className={`badge ${info.row.original.active ? 'badge-success' : 'badge-muted'}`}>
              {info.row.original.active ? t('webhooks.active') : t('webhooks.disabled')}
            </span>
            {info.row.original.disabled_reason === 'failing' ? (
              <p className="field-hint">{t('webhooks.disabledFailing', { count: WEBHOOK_DISABLE_AFTER_FAILURES })}</p>
            ) : null}
          </>
        ),
      }),
      endpointColumn.display({
        id: 'backlog',
        header: () => t('webhooks.backlog'),
        cell: (info) =>
          t('webhooks.backlogText', { pending: info.row.original.pending, failed: info.row.original.failed_recently }),
      }),
      endpointColumn.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (info) => {
          const endpoint = info.row.original;
          return (
            <div className="webhook-actions">
              <button
                type="button"
                className="button button-small"
                onClick={() => setEditing({ kind: 'edit', endpoint })}
                aria-label={t('webhooks.editNamed', { url: endpoint.url })}
              >
                {t('webhooks.edit')}
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => setRolling(endpoint)}
                aria-label={t('webhooks.rollNamed', { url: endpoint.url })}
              >
                {t('webhooks.roll')}
              </button>
              <button
                type="button"
                className={`button button-small ${endpoint.active ? 'button-danger' : ''}`}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(endpoint)}
                aria-label={t(endpoint.active ? 'webhooks.disableNamed' : 'webhooks.enableNamed', { url: endpoint.url })}
              >
                {endpoint.active ? t('webhooks.disable') : t('webhooks.enable')}
              </button>
            </div>
          );
        },
      }),
    ],
    [t, toggle],
  );
  return (
    <>
      <p className="screen-lead">{t('webhooks.lead')}</p>
      <div className="button-row webhooks-add">
        <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'add' })}>
          {t('webhooks.add')}
        </button>
      </div>
      <ProblemNotice error={list.error ?? toggle.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('webhooks.caption', { count: list.data.endpoints.length })}
          isCaptionHidden
          columns={columns}
          data={list.data.endpoints}
          rowId={(row) => row.id}
          empty={t('webhooks.none')}
        />
      ) : null}
      <VerifyHelp />
      <Deliveries venue={props.venue} endpoints={list.data?.endpoints ?? []} filter={filter} onFilter={setFilter} />
      <EndpointDialog
        venue={props.venue}
        editing={editing}
        onClose={() => setEditing(null)}
        onCreated={(made) => {
          setEditing(null);
          setSecret(made);
        }}
      />
      <RollDialog
        venue={props.venue}
        endpoint={rolling}
        onClose={() => setRolling(null)}
        onRolled={(rolled) => {
          setRolling(null);
          setSecret(rolled);
        }}
      />
      <Dialog isOpen={secret !== null} title={t('webhooks.secretTitle')} onClose={() => setSecret(null)}>
        {secret ? <SecretView secret={secret.secret} /> : null}
      </Dialog>
    </>
  );
}

/** The recipe of decision 022, for whoever writes the receiver. */
function VerifyHelp() {
  const { t } = useTranslation();
  return (
    <details className="webhook-help">
      <summary>{t('webhooks.helpTitle')}</summary>
      <ol>
        <li>{t('webhooks.helpRaw')}</li>
        <li>
          {t('webhooks.helpHeader')} <code>Storefront-Signature: t=1700000000,v1=5f2b…</code>
        </li>
        <li>
          {t('webhooks.helpHmac')} <code>HMAC-SHA256(secret, t + "." + body)</code>
        </li>
        <li>{t('webhooks.helpCompare')}</li>
        <li>{t('webhooks.helpAnswer')}</li>
      </ol>
    </details>
  );
}

function SecretView(props: { secret: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="webhook-secret">
      <p role="alert">{t('webhooks.secretOnce')}</p>
      <div className="field">
        <label htmlFor="webhook-secret">{t('webhooks.secret')}</label>
        <div className="webhook-secret-row">
          <input id="webhook-secret" readOnly value={props.secret} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button" onClick={() => void copy()}>
            {isCopied ? t('webhooks.copied') : t('webhooks.copy')}
          </button>
        </div>
      </div>
    </div>
  );
}
