/** The venue's settings: sales rules (minutes places are held, when stock counts as low, mail confirmation, membership sign-in). */
import { HOLD_MINUTES_RANGE, LOW_STOCK_THRESHOLD_RANGE } from '@storefront/domain/console/venue-settings';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { type SettingsPartProps, SettingsSection } from './settings-section.tsx';

type SalesValues = {
  hold_minutes: number;
  low_stock_threshold: number;
  is_start_mail_confirm_only: boolean;
  mail_confirm: { customer_email_confirm: boolean; confirm_by_mail: boolean };
  has_membership_login: boolean;
};

export function SalesSection(props: SettingsPartProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection<SalesValues>
      {...props}
      id="settings-sales"
      title={t('venueSettings.sales.title')}
      from={(data) => ({
        hold_minutes: data.settings.hold_minutes,
        low_stock_threshold: data.settings.low_stock_threshold,
        is_start_mail_confirm_only: data.settings.is_start_mail_confirm_only,
        mail_confirm: { ...data.settings.mail_confirm },
        has_membership_login: data.settings.has_membership_login,
      })}
      toPatch={(values) => values}
      fields={['hold_minutes', 'low_stock_threshold', 'is_start_mail_confirm_only', 'mail_confirm', 'has_membership_login']}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <>
            <div className="form-grid">
              <TextField
                label={t('venueSettings.sales.holdMinutes')}
                hint={t('venueSettings.sales.holdMinutesHint', HOLD_MINUTES_RANGE)}
                type="number"
                inputMode="numeric"
                min={HOLD_MINUTES_RANGE.min}
                max={HOLD_MINUTES_RANGE.max}
                error={errors.hold_minutes?.message}
                {...form.register('hold_minutes', { valueAsNumber: true })}
              />
              <TextField
                label={t('venueSettings.sales.lowStock')}
                hint={t('venueSettings.sales.lowStockHint')}
                type="number"
                inputMode="numeric"
                min={LOW_STOCK_THRESHOLD_RANGE.min}
                max={LOW_STOCK_THRESHOLD_RANGE.max}
                error={errors.low_stock_threshold?.message}
                {...form.register('low_stock_threshold', { valueAsNumber: true })}
              />
            </div>
            <FieldSet legend={t('venueSettings.sales.mail')}>
              <CheckboxField
                label={t('venueSettings.sales.mailOnly')}
                hint={t('venueSettings.sales.mailOnlyHint')}
                {...form.register('is_start_mail_confirm_only')}
              />
              <CheckboxField label={t('venueSettings.sales.confirmByMail')} {...form.register('mail_confirm.confirm_by_mail')} />
              <CheckboxField
                label={t('venueSettings.sales.emailTwice')}
                {...form.register('mail_confirm.customer_email_confirm')}
              />
            </FieldSet>
            <CheckboxField
              label={t('venueSettings.sales.membershipLogin')}
              hint={t('venueSettings.sales.membershipLoginHint')}
              {...form.register('has_membership_login')}
            />
          </>
        );
      }}
    </SettingsSection>
  );
}
