/** The venue's settings: what the shop's sign-in form asks of a visitor (gender, age band, area of residence). */
import {
  AGE_BAND_SETS,
  GENDER_CHOICE_SETS,
  RESIDENT_AREA_FIELDS,
  RESIDENT_AREA_LISTS,
  type VenueSettings,
} from '@storefront/domain/console/venue-settings';
import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FieldSet } from '../../ui/field.tsx';
import { type SettingsPartProps, SettingsSection } from './settings-section.tsx';

/** The texts naming each set of gender choices (a key ending `_other` would read as a plural form). */
const GENDER_SET_TEXTS = { man_woman: 'manWoman', male_female_other: 'maleFemaleOther' } as const;

type SignInFormValues = { sign_in_form: VenueSettings['settings']['sign_in_form'] };

/** One radio of a group, with its own hint read out beside its label. */
function RadioChoice(props: { label: ReactNode; hint?: ReactNode; value: string; register: UseFormRegisterReturn }) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  return (
    <div className="check">
      <input type="radio" id={id} value={props.value} aria-describedby={hintId} {...props.register} />
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <span id={hintId} className="field-hint">
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

export function SignInFormSection(props: SettingsPartProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection<SignInFormValues>
      {...props}
      id="settings-sign-in"
      title={t('venueSettings.signIn.title')}
      from={(data) => ({ sign_in_form: { ...data.settings.sign_in_form } })}
      toPatch={(values) => ({ sign_in_form: values.sign_in_form })}
      fields={[
        'sign_in_form.resident_area_field',
        'sign_in_form.resident_area_list',
        'sign_in_form.age_bands',
        'sign_in_form.gender_choices',
        'sign_in_form.mail_magazine_default_checked',
        'sign_in_form',
      ]}
    >
      {(form) => {
        const errors = form.formState.errors.sign_in_form;
        return (
          <>
            <p className="field-hint">{t('venueSettings.signIn.hint')}</p>
            <FieldSet legend={t('venueSettings.signIn.residentArea')} error={errors?.resident_area_field?.message}>
              {RESIDENT_AREA_FIELDS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.residentAreaFields.${value}`)}
                  value={value}
                  register={form.register('sign_in_form.resident_area_field')}
                />
              ))}
            </FieldSet>
            <FieldSet
              legend={t('venueSettings.signIn.residentAreaList')}
              hint={t('venueSettings.signIn.residentAreaListHint')}
              error={errors?.resident_area_list?.message}
            >
              {RESIDENT_AREA_LISTS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.lists.${value}`)}
                  hint={t(`venueSettings.signIn.listHints.${value}`)}
                  value={value}
                  register={form.register('sign_in_form.resident_area_list')}
                />
              ))}
            </FieldSet>
            <FieldSet legend={t('venueSettings.signIn.ageBands')} error={errors?.age_bands?.message}>
              {AGE_BAND_SETS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.ageBandSets.${value}`)}
                  value={value}
                  register={form.register('sign_in_form.age_bands')}
                />
              ))}
            </FieldSet>
            <FieldSet legend={t('venueSettings.signIn.genderChoices')} error={errors?.gender_choices?.message}>
              {GENDER_CHOICE_SETS.map((value) => (
                <RadioChoice
                  key={value}
                  label={t(`venueSettings.signIn.genderSets.${GENDER_SET_TEXTS[value]}`)}
                  value={value}
                  register={form.register('sign_in_form.gender_choices')}
                />
              ))}
            </FieldSet>
            <CheckboxField
              label={t('venueSettings.signIn.mailMagazineTicked')}
              hint={t('venueSettings.signIn.mailMagazineTickedHint')}
              {...form.register('sign_in_form.mail_magazine_default_checked')}
            />
          </>
        );
      }}
    </SettingsSection>
  );
}
