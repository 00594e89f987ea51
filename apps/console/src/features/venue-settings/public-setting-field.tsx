/** The providers' public settings on the payment methods page, and the field that shows and replaces each. */
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../ui/field.tsx';

/**
 * The public settings the payment methods page edits, in the order shown: each provider's keys and, for Adyen, the
 * merchant account, which is a name rather than a key. Stripe's key always shows; Adyen's fields
 * once a method uses Adyen or one of them is set.
 */
export const PUBLIC_SETTINGS = [
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
export type PublicSetting = (typeof PUBLIC_SETTINGS)[number];

export const fieldOf = (setting: PublicSetting) => `provider_keys.${setting.provider}.${setting.name}`;

/** One public setting: what is set now (a key masked, a name in full), a field to replace it, and a box to remove it. */
export function PublicSettingField(props: {
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
