/** One payment method of the list: its place and buttons to move or remove it, whether it is enabled, its provider and its channels. */
import type { PaymentMethodEntry } from '@storefront/domain/console/venue-settings';
import { type PaymentProviderId, SALES_CHANNELS } from '@storefront/domain/constants';
import { providerTakes } from '@storefront/domain/payments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FieldSet, SelectField } from '../../ui/field.tsx';

export function MethodRow(props: {
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
