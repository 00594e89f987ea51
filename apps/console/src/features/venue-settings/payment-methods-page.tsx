/**
 * `/venues/:code/payment-methods` (`catalogue:read`; saving needs `catalogue:write`): which of the
 * sixteen methods the shop offers, in which order (move up and down with buttons), on which
 * channels and through which provider (only one that can take the method), each enabled or not;
 * and the providers' public settings: keys, which the server never shows back in full, and the
 * Adyen merchant account, a name shown as it is. The list is saved as a whole.
 */

import {
  isSecretKey,
  type PaymentMethodEntry,
  providerKeyProblem,
  type SavePaymentMethodsBody,
  type VenuePaymentMethods,
} from '@storefront/domain/console/venue-settings';
import { PAYMENT_METHOD_IDS, type PaymentMethodId, type PaymentProviderId, SALES_CHANNELS } from '@storefront/domain/constants';
import { providerTakes } from '@storefront/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { moved } from './editing.ts';
import { useSavePaymentMethods, venueSettingsQueries } from './venue-settings-api.ts';
import './venue-settings.css';

/**
 * The public settings this page edits, in the order shown: each provider's keys and, for Adyen, the
 * merchant account, which is a name rather than a key. Stripe's key always shows; Adyen's fields
 * once a method uses Adyen or one of them is set.
 */
const PUBLIC_SETTINGS = [
  {
    provider: 'stripe',
    name: 'publishableKey',
    label: 'stripeKey',
    hint: null,
    rule: 'keyRule',
    placeholder: 'pk_live_…',
    isName: false,
  },
  {
    provider: 'adyen',
    name: 'clientKey',
    label: 'adyenClientKey',
    hint: 'adyenClientKeyHint',
    rule: 'adyenClientKeyRule',
    placeholder: 'live_…',
    isName: false,
  },
  {
    provider: 'adyen',
    name: 'merchantAccount',
    label: 'adyenMerchantAccount',
    hint: 'adyenMerchantAccountHint',
    rule: 'adyenMerchantAccountRule',
    placeholder: undefined,
    isName: true,
  },
] as const;
type PublicSetting = (typeof PUBLIC_SETTINGS)[number];
type ProviderKeys = NonNullable<SavePaymentMethodsBody['provider_keys']>;

const fieldOf = (setting: PublicSetting) => `provider_keys.${setting.provider}.${setting.name}`;

export default function PaymentMethodsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="venue-payment-methods" title={t('venueSettings.payments.title')}>
      {({ venue, mayWrite }) => <PaymentMethods code={venue.code} venueName={venue.name} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

function PaymentMethods(props: { code: string; venueName: string; mayWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(venueSettingsQueries.paymentMethods(props.code));
  // Kept here: a saved answer remounts the editor below, which must still say it was saved.
  const [saved, setSaved] = useState(false);
  return (
    <Screen name="venue-payment-methods" title={t('venueSettings.payments.titleAt', { venue: props.venueName })}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <ProblemNotice error={query.error} /> : null}
      {/* A saved answer starts the editor again from what the server now holds. */}
      {query.data ? (
        <MethodsEditor
          key={JSON.stringify(query.data)}
          code={props.code}
          data={query.data}
          mayWrite={props.mayWrite}
          saved={saved}
          onSaved={setSaved}
        />
      ) : null}
    </Screen>
  );
}

function MethodsEditor(props: {
  code: string;
  data: VenuePaymentMethods;
  mayWrite: boolean;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [methods, setMethods] = useState<PaymentMethodEntry[]>(() => structuredClone(props.data.methods));
  const [adding, setAdding] = useState<PaymentMethodId | ''>('');
  /** What is typed into each setting's field, and which set ones are ticked for removal, by field. */
  const [entered, setEntered] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<Record<string, boolean>>({});
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const moveRefs = useRef(new Map<string, HTMLButtonElement | null>());
  const providers = props.data.providers;
  // Only methods that a provider of this server can take.
  const available = PAYMENT_METHOD_IDS.filter(
    (method) => !methods.some((entry) => entry.method === method) && providers.some((p) => providerTakes(p, method)),
  );
  const currentOf = (setting: PublicSetting) => props.data.provider_keys[setting.provider]?.[setting.name] ?? null;
  const shownSettings = PUBLIC_SETTINGS.filter(
    (setting) =>
      setting.provider === 'stripe' ||
      methods.some((entry) => entry.provider === setting.provider) ||
      PUBLIC_SETTINGS.some((other) => other.provider === setting.provider && currentOf(other) !== null),
  );

  const update = (index: number, change: Partial<PaymentMethodEntry>) =>
    setMethods((list) => list.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));

  function move(index: number, step: -1 | 1, direction: 'up' | 'down') {
    const method = methods[index]?.method;
    setMethods((list) => moved(list, index, step));
    // The focus follows the method, so pressing the button again keeps moving it.
    requestAnimationFrame(() => moveRefs.current.get(`${method}-${direction}`)?.focus());
  }

  function add() {
    if (!adding) return;
    const provider = providers.find((p) => providerTakes(p, adding));
    if (!provider) return;
    setMethods((list) => [...list, { method: adding, provider, channels: ['web'], is_enabled: true }]);
    setAdding('');
  }

  const save = useSavePaymentMethods(props.code, {
    onMutate: () => props.onSaved(false),
    onSuccess: () => props.onSaved(true),
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.field)
        setProblem({ field: error.field, text: t('validation.rejected') });
    },
  });

  function submit() {
    setProblem(null);
    const providerKeys: Record<string, Record<string, string | null>> = {};
    for (const setting of shownSettings) {
      const field = fieldOf(setting);
      const value = (entered[field] ?? '').trim();
      if (value && providerKeyProblem(setting.provider, setting.name, value)) {
        setProblem({
          field,
          text: isSecretKey(setting.name, value)
            ? t('venueSettings.payments.secretKey')
            : t(`venueSettings.payments.${setting.rule}`),
        });
        return;
      }
      if (value || removed[field])
        providerKeys[setting.provider] = { ...providerKeys[setting.provider], [setting.name]: value || null };
    }
    const emptyChannels = methods.findIndex((entry) => entry.channels.length === 0);
    if (emptyChannels >= 0) {
      setProblem({ field: `methods.${emptyChannels}.channels`, text: t('validation.chooseAtLeast', { count: 1 }) });
      return;
    }
    const unsuitable = methods.findIndex((entry) => !providerTakes(entry.provider, entry.method));
    if (unsuitable >= 0) {
      const provider = methods[unsuitable]?.provider;
      setProblem({
        field: `methods.${unsuitable}.provider`,
        text: t('venueSettings.payments.providerCannotTake', { provider: t(`venueSettings.payments.providers.${provider}`) }),
      });
      return;
    }
    save.mutate({
      methods,
      ...(Object.keys(providerKeys).length > 0 ? { provider_keys: providerKeys as ProviderKeys } : {}),
    });
  }

  /** The refusal, when it names this field of this entry (or the entry as a whole). */
  const problemAt = (index: number, field: string) =>
    problem && (problem.field === `methods.${index}.${field}` || problem.field.startsWith(`methods.${index}.${field}.`))
      ? problem.text
      : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section className="panel" aria-labelledby="payment-methods-list">
        <h2 id="payment-methods-list">{t('venueSettings.payments.list')}</h2>
        <p className="field-hint">{t('venueSettings.payments.listHint')}</p>
        {methods.length === 0 ? <p>{t('venueSettings.payments.none')}</p> : null}
        <ol className="method-list">
          {methods.map((entry, index) => (
            <MethodRow
              key={entry.method}
              entry={entry}
              index={index}
              count={methods.length}
              providers={providers}
              readOnly={!props.mayWrite}
              channelsError={problemAt(index, 'channels')}
              providerError={problemAt(index, 'provider')}
              onChange={(change) => update(index, change)}
              onMove={(step, direction) => move(index, step, direction)}
              onRemove={() => setMethods((list) => list.filter((_, at) => at !== index))}
              buttonRef={(direction, element) => moveRefs.current.set(`${entry.method}-${direction}`, element)}
            />
          ))}
        </ol>
        {props.mayWrite && available.length > 0 ? (
          <div className="method-add">
            <SelectField
              label={t('venueSettings.payments.add')}
              value={adding}
              onChange={(event) => setAdding(event.target.value as PaymentMethodId | '')}
            >
              <option value="">{t('venueSettings.payments.choose')}</option>
              {available.map((method) => (
                <option key={method} value={method}>
                  {t(`venueSettings.payments.methods.${method}`)}
                </option>
              ))}
            </SelectField>
            <button type="button" className="button" onClick={add} disabled={!adding}>
              {t('venueSettings.payments.addButton')}
            </button>
          </div>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="payment-keys">
        <h2 id="payment-keys">{t('venueSettings.payments.keys')}</h2>
        <p className="field-hint">{t('venueSettings.payments.keysHint')}</p>
        {shownSettings.map((setting) => (
          <PublicSettingField
            key={fieldOf(setting)}
            setting={setting}
            current={currentOf(setting)}
            value={entered[fieldOf(setting)] ?? ''}
            isRemoved={removed[fieldOf(setting)] ?? false}
            mayWrite={props.mayWrite}
            error={problem?.field === fieldOf(setting) ? problem.text : undefined}
            onChange={(value) => setEntered((all) => ({ ...all, [fieldOf(setting)]: value }))}
            onRemove={(isRemoved) => setRemoved((all) => ({ ...all, [fieldOf(setting)]: isRemoved }))}
          />
        ))}
      </section>
      {problem &&
      !problem.field.startsWith('methods.') &&
      !shownSettings.some((setting) => fieldOf(setting) === problem.field) ? (
        <Notice kind="error">{problem.text}</Notice>
      ) : null}
      {problem ? null : <ProblemNotice error={save.error} />}
      {props.saved ? <Notice kind="success">{t('venueSettings.saved')}</Notice> : null}
      {props.mayWrite ? (
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('venueSettings.payments.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** One public setting: what is set now (a key masked, a name in full), a field to replace it, and a box to remove it. */
function PublicSettingField(props: {
  setting: PublicSetting;
  current: string | null;
  value: string;
  isRemoved: boolean;
  mayWrite: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
  onRemove: (isRemoved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { setting, current } = props;
  const label = t(`venueSettings.payments.${setting.label}`);
  const state = current
    ? setting.isName
      ? t('venueSettings.payments.nameSet', { name: current })
      : t('venueSettings.payments.keySet', { key: current })
    : t('venueSettings.payments.keyNotSet');
  return (
    <>
      <TextField
        label={label}
        hint={setting.hint ? `${t(`venueSettings.payments.${setting.hint}`)} ${state}` : state}
        autoComplete="off"
        spellCheck={false}
        placeholder={current ?? setting.placeholder}
        value={props.value}
        readOnly={!props.mayWrite}
        error={props.error}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {current && props.mayWrite ? (
        <CheckboxField
          label={t('venueSettings.payments.removeSetting', { name: label })}
          checked={props.isRemoved}
          onChange={(event) => props.onRemove(event.target.checked)}
        />
      ) : null}
    </>
  );
}

function MethodRow(props: {
  entry: PaymentMethodEntry;
  index: number;
  count: number;
  providers: readonly PaymentProviderId[];
  readOnly: boolean;
  channelsError: string | undefined;
  providerError: string | undefined;
  onChange: (change: Partial<PaymentMethodEntry>) => void;
  onMove: (step: -1 | 1, direction: 'up' | 'down') => void;
  onRemove: () => void;
  buttonRef: (direction: 'up' | 'down', element: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { entry, index } = props;
  const name = t(`venueSettings.payments.methods.${entry.method}`);
  // Only providers that can take the method. The current one still shows when the server no longer
  // offers it (a sandbox method in production) or it cannot take the method, to be changed.
  const suitable = props.providers.filter((provider) => providerTakes(provider, entry.method));
  const providers = suitable.includes(entry.provider) ? suitable : [...suitable, entry.provider];
  return (
    <li className={`method-row${entry.is_enabled ? '' : ' method-disabled'}`} aria-labelledby={titleId}>
      <div className="method-head">
        <span className="method-position" aria-hidden="true">
          {index + 1}
        </span>
        <h3 id={titleId}>
          {name} <code>{entry.method}</code>
        </h3>
        {props.readOnly ? null : (
          <div className="method-move">
            <button
              type="button"
              className="button button-small"
              ref={(element) => props.buttonRef('up', element)}
              disabled={index === 0}
              aria-label={t('venueSettings.payments.moveUp', { method: name })}
              onClick={() => props.onMove(-1, 'up')}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button-small"
              ref={(element) => props.buttonRef('down', element)}
              disabled={index === props.count - 1}
              aria-label={t('venueSettings.payments.moveDown', { method: name })}
              onClick={() => props.onMove(1, 'down')}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={t('venueSettings.payments.remove', { method: name })}
              onClick={props.onRemove}
            >
              {t('venueSettings.payments.removeButton')}
            </button>
          </div>
        )}
      </div>
      <fieldset className="method-fields" disabled={props.readOnly}>
        <legend className="visually-hidden">{name}</legend>
        <CheckboxField
          label={t('venueSettings.payments.enabled')}
          checked={entry.is_enabled}
          onChange={(event) => props.onChange({ is_enabled: event.target.checked })}
        />
        <SelectField
          label={t('venueSettings.payments.provider')}
          value={entry.provider}
          error={props.providerError}
          onChange={(event) => props.onChange({ provider: event.target.value as PaymentProviderId })}
        >
          {providers.map((provider) => (
            <option key={provider} value={provider}>
              {t(`venueSettings.payments.providers.${provider}`)}
            </option>
          ))}
        </SelectField>
        <FieldSet legend={t('venueSettings.payments.channels')} error={props.channelsError} className="check-row">
          {SALES_CHANNELS.map((channel) => (
            <CheckboxField
              key={channel}
              label={t(`salesChannels.${channel}`)}
              checked={entry.channels.includes(channel)}
              onChange={(event) =>
                props.onChange({
                  channels: event.target.checked
                    ? SALES_CHANNELS.filter((c) => c === channel || entry.channels.includes(c))
                    : entry.channels.filter((c) => c !== channel),
                })
              }
            />
          ))}
        </FieldSet>
      </fieldset>
    </li>
  );
}
