/**
 * `/venues/:code/webhooks` (right `settings:write` at the venue): where the venue's own systems hear
 * of its orders (decision 022). A manager adds a receiver's URL with the events it wants, sees its
 * signing secret once (and again only by rolling it), disables it, and reads the deliveries log with
 * each attempt's answer, replaying one that failed.
 */
import {
  WEBHOOK_DELIVERIES_KEPT_DAYS,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_STATUSES,
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookEndpointBody,
  type WebhookEndpointWithSecret,
  type WebhookStatus,
} from '@storefront/domain/console/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import {
  useReplayDelivery,
  useRollWebhookSecret,
  useSaveWebhookEndpoint,
  useToggleWebhookEndpoint,
  webhookQueries,
} from './webhooks-api.ts';
import './webhooks.css';

const endpointColumn = columnsOf<WebhookEndpoint>();
const deliveryColumn = columnsOf<WebhookDelivery>();
const STATUS_BADGE: Record<WebhookStatus, string> = {
  succeeded: 'badge-success',
  pending: 'badge-status-invited',
  failed: 'badge-webhook-failed',
};

type Editing = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

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

function EndpointDialog(props: {
  venue: string;
  editing: Editing;
  onClose: () => void;
  onCreated: (made: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const { editing } = props;
  return (
    <Dialog
      isOpen={editing !== null}
      title={editing?.kind === 'edit' ? t('webhooks.editTitle') : t('webhooks.add')}
      onClose={props.onClose}
    >
      {editing ? (
        <EndpointForm
          key={editing.kind === 'edit' ? editing.endpoint.id : 'new'}
          venue={props.venue}
          editing={editing}
          onClose={props.onClose}
          onCreated={props.onCreated}
        />
      ) : null}
    </Dialog>
  );
}

function EndpointForm(props: {
  venue: string;
  editing: NonNullable<Editing>;
  onClose: () => void;
  onCreated: (made: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const existing = props.editing.kind === 'edit' ? props.editing.endpoint : null;
  const form = useForm({
    resolver: contractResolver(WebhookEndpointBody, t, { url: 'webhooks.urlFormat', events: 'webhooks.eventsRequired' }),
    defaultValues: {
      url: existing?.url ?? '',
      description: existing?.description ?? '',
      events: existing?.events ?? ['order.completed'],
    },
  });
  const save = useSaveWebhookEndpoint(props.venue, existing, {
    onSuccess: (answer) => {
      if (existing) props.onClose();
      else props.onCreated(answer as WebhookEndpointWithSecret);
    },
    onError: (error) => placeFieldError(error, form.setError, ['url', 'description', 'events'], t),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        error={errors.url?.message}
        type="url"
        inputMode="url"
        autoComplete="off"
        {...form.register('url')}
      />
      <TextField
        label={t('webhooks.description')}
        hint={t('webhooks.descriptionHint')}
        error={errors.description?.message}
        autoComplete="off"
        {...form.register('description')}
      />
      <FieldSet legend={t('webhooks.events')} error={errors.events?.message ?? errors.events?.root?.message}>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <CheckboxField
            key={event}
            label={t(`webhooks.eventNames.${event}`)}
            hint={event}
            value={event}
            {...form.register('events')}
          />
        ))}
      </FieldSet>
      {save.error && !(save.error as { field?: string }).field ? <ProblemNotice error={save.error} /> : null}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {existing ? t('webhooks.save') : t('webhooks.addSubmit')}
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

function RollDialog(props: {
  venue: string;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onRolled: (rolled: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const roll = useRollWebhookSecret(props.venue, { onSuccess: props.onRolled });
  const close = () => {
    roll.reset();
    props.onClose();
  };
  const endpoint = props.endpoint;
  return (
    <Dialog isOpen={endpoint !== null} title={t('webhooks.rollTitle')} onClose={close}>
      {endpoint ? (
        <>
          <p>{t('webhooks.rollWarning', { url: endpoint.url })}</p>
          <ProblemNotice error={roll.error} />
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={roll.isPending}
              onClick={() => roll.mutate(endpoint)}
            >
              {t('webhooks.rollConfirm')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function Deliveries(props: {
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
