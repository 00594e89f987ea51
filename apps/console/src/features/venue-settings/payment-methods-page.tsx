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
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@storefront/domain/constants';
import { providerTakes } from '@storefront/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { SelectField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { moved } from './editing.ts';
import { MethodRow } from './method-row.tsx';
import { fieldOf, PUBLIC_SETTINGS, type PublicSetting, PublicSettingField } from './public-setting-field.tsx';
import { useSavePaymentMethods, venueSettingsQueries } from './venue-settings-api.ts';
import './venue-settings.css';

type ProviderKeys = NonNullable<SavePaymentMethodsBody['provider_keys']>;

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
