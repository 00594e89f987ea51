/**
 * One section of a venue's settings: its own form, checked with the domain's patch contract
 * before it is sent, saved alone (a PATCH of its fields only), with the server's refusal shown by
 * the field it names.
 */
import { toNestErrors } from '@hookform/resolvers';
import { type VenueSettings, VenueSettingsPatch } from '@storefront/domain/console/venue-settings';
import type { LanguageCode } from '@storefront/domain/constants';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issueMessage } from '../../lib/forms.ts';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { nearestField, placeServerError } from './server-errors.ts';
import { useUpdateVenueSettings } from './venue-settings-api.ts';

/** Checks what the section would send with the server's own contract; issues land on the nearest field. */
function patchResolver<Values extends FieldValues>(
  toPatch: (values: Values) => VenueSettingsPatch,
  fields: readonly string[],
  t: TFunction,
  messages: Record<string, string>,
): Resolver<Values> {
  return async (values, _context, options) => {
    const result = VenueSettingsPatch.safeParse(toPatch(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = nearestField(issue.path.join('.'), fields) ?? fields[0] ?? 'root';
      if (errors[path]) continue;
      errors[path] = { type: issue.code, message: issueMessage(issue, t, messages) };
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}

export type SectionProps<Values extends FieldValues> = {
  id: string;
  title: string;
  code: string;
  data: VenueSettings;
  mayWrite: boolean;
  /** The section's form values from the settings as they are. */
  from: (data: VenueSettings) => Values;
  toPatch: (values: Values) => VenueSettingsPatch;
  /** The form's fields a refusal may name (the nearest one shows it). */
  fields: readonly string[];
  /** The console's own text for a field's format rule, by field path. */
  messages?: Record<string, string>;
  /** What a 409 naming one of the fields means. */
  conflictText?: string;
  children: (form: UseFormReturn<Values>) => ReactNode;
};

export function SettingsSection<Values extends FieldValues>(props: SectionProps<Values>) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    defaultValues: props.from(props.data) as DefaultValues<Values>,
    resolver: patchResolver(props.toPatch, props.fields, t, props.messages ?? {}),
  });
  const save = useUpdateVenueSettings(props.code, {
    onMutate: () => setSaved(false),
    onSuccess: (answer) => {
      form.reset(props.from(answer));
      setSaved(true);
    },
    onError: (error) => {
      placeServerError(error, form.setError, props.fields, t, props.conflictText);
    },
  });
  const hasFieldError = Object.keys(form.formState.errors).length > 0;
  return (
    <section className="panel settings-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(props.toPatch(values)))}>
        <fieldset className="settings-fields" disabled={!props.mayWrite}>
          {props.children(form)}
        </fieldset>
        <ProblemNotice error={hasFieldError ? null : save.error} />
        {hasFieldError ? <Notice kind="error">{t('venueSettings.fixFields')}</Notice> : null}
        {saved && !form.formState.isDirty ? <Notice kind="success">{t('venueSettings.saved')}</Notice> : null}
        {props.mayWrite ? (
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t('venueSettings.saveSection', { section: props.title })}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** What each section of the settings page is given: the venue, whether it may change it, and its settings as read. */
export type SettingsPartProps = { code: string; mayWrite: boolean; data: VenueSettings };

/** A text in each of the venue's languages, empty where it has none yet. */
export const perLanguage = (languages: readonly LanguageCode[], texts: Record<string, string>) =>
  Object.fromEntries(languages.map((lang) => [lang, texts[lang] ?? '']));
