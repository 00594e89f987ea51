/** Adding a receiver (its URL, a description and the events it wants) or changing one. */
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  WebhookEndpointBody,
  type WebhookEndpointWithSecret,
} from '@storefront/domain/console/webhooks';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { useSaveWebhookEndpoint } from './webhooks-api.ts';

export type Editing = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

export function EndpointDialog(props: {
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
