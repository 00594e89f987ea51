/** The venue's settings: the shop's theme colours. */
import { HEX_COLOUR_PATTERN, THEME_COLOURS } from '@storefront/domain/console/venue-settings';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/field.tsx';
import { type SettingsPartProps, SettingsSection } from './settings-section.tsx';

type ThemeValues = { theme: Record<(typeof THEME_COLOURS)[number], string> };

/** A colour as a hex text field, a colour picker bound to the same value, and a swatch of it. */
export function ColourField<Values extends FieldValues>(props: {
  form: UseFormReturn<Values>;
  name: Path<Values>;
  label: string;
}) {
  const { t } = useTranslation();
  const { form, name } = props;
  const value = String(form.watch(name) ?? '');
  const valid = HEX_COLOUR_PATTERN.test(value);
  const error = name
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], form.formState.errors) as
    | { message?: string }
    | undefined;
  return (
    <div className="colour-field">
      <TextField label={props.label} spellCheck={false} maxLength={7} error={error?.message} {...form.register(name)} />
      <input
        type="color"
        className="colour-picker"
        aria-label={t('venueSettings.appearance.pick', { colour: props.label })}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(event) =>
          form.setValue(name, event.target.value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
        }
      />
      <span className="colour-swatch" aria-hidden="true" style={{ background: valid ? value : 'transparent' }} />
    </div>
  );
}

export function AppearanceSection(props: SettingsPartProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection<ThemeValues>
      {...props}
      id="settings-appearance"
      title={t('venueSettings.appearance.title')}
      from={(data) => ({ theme: { ...data.settings.theme } })}
      toPatch={(values) => ({ theme: values.theme })}
      fields={THEME_COLOURS.map((colour) => `theme.${colour}`)}
      messages={Object.fromEntries(THEME_COLOURS.map((colour) => [`theme.${colour}`, 'venueSettings.appearance.hexRule']))}
    >
      {(form) => {
        const theme = form.watch('theme');
        const colour = (value: string, fallback: string) => (HEX_COLOUR_PATTERN.test(value) ? value : fallback);
        return (
          <>
            <p className="field-hint">{t('venueSettings.appearance.hint')}</p>
            <div className="colour-grid">
              {THEME_COLOURS.map((name) => (
                <ColourField
                  key={name}
                  form={form}
                  name={`theme.${name}`}
                  label={t(`venueSettings.appearance.colours.${name}`)}
                />
              ))}
            </div>
            <figure className="theme-preview" style={{ background: colour(theme.background, '#ffffff') }}>
              <figcaption style={{ color: colour(theme.text, '#000000') }}>{t('venueSettings.appearance.preview')}</figcaption>
              <p style={{ color: colour(theme.text, '#000000') }}>{t('venueSettings.appearance.previewText')}</p>
              <span
                className="theme-preview-button"
                style={{ background: colour(theme.primary, '#000000'), color: colour(theme.on_primary, '#ffffff') }}
              >
                {t('venueSettings.appearance.previewButton')}
              </span>{' '}
              <span className="theme-preview-accent" style={{ color: colour(theme.accent, '#000000') }}>
                {t('venueSettings.appearance.previewAccent')}
              </span>
            </figure>
          </>
        );
      }}
    </SettingsSection>
  );
}
