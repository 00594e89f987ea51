/** The venue's settings: its currency (fixed once the venue has orders), time zone and tag manager IDs. */
import type { VenueSettingsPatch } from '@storefront/domain/console/venue-settings';
import { CURRENCIES } from '@storefront/domain/constants';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../ui/field.tsx';
import { type SettingsPartProps, SettingsSection } from './settings-section.tsx';

type RegionValues = { currency: string; time_zone: string; tag_manager_ids: string };

export function RegionSection(props: SettingsPartProps) {
  const { t } = useTranslation();
  const locked = props.data.has_orders;
  return (
    <SettingsSection<RegionValues>
      {...props}
      id="settings-region"
      title={t('venueSettings.region.title')}
      from={(data) => ({
        currency: data.settings.currency,
        time_zone: data.settings.time_zone,
        tag_manager_ids: data.settings.tag_manager_ids.join(', '),
      })}
      toPatch={(values) =>
        ({
          // Once the venue has orders, the currency is not the console's to send.
          ...(locked ? {} : { currency: values.currency }),
          time_zone: values.time_zone.trim(),
          tag_manager_ids: values.tag_manager_ids.split(/[\s,]+/).filter(Boolean),
        }) as VenueSettingsPatch
      }
      fields={['currency', 'time_zone', 'tag_manager_ids']}
      messages={{ time_zone: 'venue.timeZoneRule', tag_manager_ids: 'venueSettings.region.tagManagerRule' }}
      conflictText={t('venueSettings.region.currencyLocked')}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <div className="form-grid">
            <SelectField
              label={t('venueSettings.region.currency')}
              hint={locked ? t('venueSettings.region.currencyLocked') : t('venueSettings.region.currencyHint')}
              disabled={locked}
              error={errors.currency?.message}
              {...form.register('currency')}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('venueSettings.region.timeZone')}
              hint={t('venueSettings.region.timeZoneHint')}
              spellCheck={false}
              error={errors.time_zone?.message}
              {...form.register('time_zone')}
            />
            <TextField
              label={t('venueSettings.region.tagManager')}
              hint={t('venueSettings.region.tagManagerHint')}
              spellCheck={false}
              error={errors.tag_manager_ids?.message}
              {...form.register('tag_manager_ids')}
            />
          </div>
        );
      }}
    </SettingsSection>
  );
}
