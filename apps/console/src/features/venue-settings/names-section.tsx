/** The venue's settings: its name, address and page title in each of its languages, its e-mail, phone and invoice registration number. */
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { FieldSet, TextField } from '../../ui/field.tsx';
import { perLanguage, type SettingsPartProps, SettingsSection } from './settings-section.tsx';

type NamesValues = {
  name: Record<string, string>;
  address: Record<string, string>;
  page_title: Record<string, string>;
  email: string;
  phone: string;
  invoice_registration_number: string;
};

export function NamesSection(props: SettingsPartProps) {
  const { t } = useTranslation();
  const { languages } = props.data;
  return (
    <SettingsSection<NamesValues>
      {...props}
      id="settings-names"
      title={t('venueSettings.names.title')}
      from={(data) => ({
        name: perLanguage(data.languages, data.settings.name),
        address: perLanguage(data.languages, data.settings.address),
        page_title: perLanguage(data.languages, data.settings.page_title),
        email: data.settings.email,
        phone: data.settings.phone,
        invoice_registration_number: data.settings.invoice_registration_number ?? '',
      })}
      toPatch={(values) => ({
        name: values.name,
        address: values.address,
        page_title: values.page_title,
        email: values.email.trim(),
        phone: values.phone.trim(),
        invoice_registration_number: values.invoice_registration_number.trim() || null,
      })}
      fields={['name', 'address', 'page_title', 'email', 'phone', 'invoice_registration_number']}
      messages={{
        phone: 'venueSettings.names.phoneRule',
        email: 'validation.email',
        invoice_registration_number: 'venueSettings.names.invoiceRule',
      }}
    >
      {(form) => {
        const errors = form.formState.errors;
        return (
          <>
            {(['name', 'address', 'page_title'] as const).map((group) => (
              <FieldSet
                key={group}
                legend={t(`venueSettings.names.${group}`)}
                hint={t(`venueSettings.names.${group}Hint`)}
                error={(errors[group] as { message?: string } | undefined)?.message}
                className="form-grid"
              >
                {languages.map((lang) => (
                  <TextField
                    key={lang}
                    label={LANGUAGE_NAMES[lang]}
                    lang={LANGUAGE_TAGS[lang]}
                    {...form.register(`${group}.${lang}`)}
                  />
                ))}
              </FieldSet>
            ))}
            <div className="form-grid">
              <TextField
                label={t('venueSettings.names.email')}
                type="email"
                autoComplete="off"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <TextField
                label={t('venueSettings.names.phone')}
                type="tel"
                autoComplete="off"
                error={errors.phone?.message}
                {...form.register('phone')}
              />
              <TextField
                label={t('venueSettings.names.invoice')}
                hint={t('venueSettings.names.invoiceHint')}
                autoComplete="off"
                spellCheck={false}
                placeholder="T0000000000000"
                error={errors.invoice_registration_number?.message}
                {...form.register('invoice_registration_number')}
              />
            </div>
          </>
        );
      }}
    </SettingsSection>
  );
}
