/** The venue's settings: whether and how visitors may change the date of an order. */
import type { VenueSettings, VenueSettingsPatch } from '@storefront/domain/console/venue-settings';
import { PAYMENT_METHOD_IDS } from '@storefront/domain/constants';
import { CHEAPER_CHANGE_POLICIES } from '@storefront/domain/date-change';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { type SettingsPartProps, SettingsSection } from './settings-section.tsx';

type DateChangeValues = {
  date_change: Omit<VenueSettings['settings']['date_change'], 'product_keys'> & {
    every_product: boolean;
    product_keys: string[];
  };
};

export function DateChangeSection(props: SettingsPartProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  return (
    <SettingsSection<DateChangeValues>
      {...props}
      id="settings-date-change"
      title={t('venueSettings.dateChange.title')}
      from={(data) => ({
        date_change: {
          ...data.settings.date_change,
          every_product: data.settings.date_change.product_keys === null,
          product_keys: data.settings.date_change.product_keys ?? [],
          discounted_payment_methods: [...data.settings.date_change.discounted_payment_methods],
        },
      })}
      toPatch={({ date_change: { every_product, product_keys, ...rules } }) => ({
        date_change: { ...rules, product_keys: every_product ? null : product_keys } as VenueSettingsPatch['date_change'],
      })}
      fields={[
        'date_change.is_enabled',
        'date_change.product_keys',
        'date_change.deadline_minutes',
        'date_change.fee_per_admission',
        'date_change.cheaper_new_slot',
        'date_change.discounted_payment_methods',
        'date_change',
      ]}
    >
      {(form) => {
        const errors = form.formState.errors.date_change;
        const everyProduct = form.watch('date_change.every_product');
        return (
          <>
            <CheckboxField label={t('venueSettings.dateChange.enabled')} {...form.register('date_change.is_enabled')} />
            <FieldSet
              legend={t('venueSettings.dateChange.products')}
              error={(errors?.product_keys as { message?: string } | undefined)?.message}
            >
              <CheckboxField label={t('venueSettings.dateChange.everyProduct')} {...form.register('date_change.every_product')} />
              {everyProduct
                ? null
                : props.data.products.map((product) => (
                    <CheckboxField
                      key={product.key}
                      label={product.name[lang] || product.name.en || product.key}
                      value={product.key}
                      {...form.register('date_change.product_keys')}
                    />
                  ))}
            </FieldSet>
            <div className="form-grid">
              <TextField
                label={t('venueSettings.dateChange.deadline')}
                hint={t('venueSettings.dateChange.deadlineHint')}
                type="number"
                inputMode="numeric"
                min={0}
                error={errors?.deadline_minutes?.message}
                {...form.register('date_change.deadline_minutes', { valueAsNumber: true })}
              />
              <TextField
                label={t('venueSettings.dateChange.fee')}
                hint={t('venueSettings.dateChange.feeHint', { currency: props.data.settings.currency })}
                type="number"
                inputMode="numeric"
                min={0}
                error={errors?.fee_per_admission?.message}
                {...form.register('date_change.fee_per_admission', { valueAsNumber: true })}
              />
              <SelectField label={t('venueSettings.dateChange.cheaper')} {...form.register('date_change.cheaper_new_slot')}>
                {CHEAPER_CHANGE_POLICIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`venueSettings.dateChange.cheaperPolicies.${value}`)}
                  </option>
                ))}
              </SelectField>
            </div>
            <FieldSet
              legend={t('venueSettings.dateChange.discounted')}
              hint={t('venueSettings.dateChange.discountedHint')}
              className="check-columns"
            >
              {PAYMENT_METHOD_IDS.map((method) => (
                <CheckboxField
                  key={method}
                  label={<code>{method}</code>}
                  value={method}
                  {...form.register('date_change.discounted_payment_methods')}
                />
              ))}
            </FieldSet>
          </>
        );
      }}
    </SettingsSection>
  );
}
