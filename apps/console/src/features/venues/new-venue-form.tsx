/**
 * The "create venue" form (organisation right `settings:write`): a name for each language the
 * shop offers, checked by the domain's venue contract (the same rules the server applies).
 */

import { NewVenueBody, VENUE_KINDS } from '@storefront/domain/console/venues';
import { CURRENCIES, LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { useCreateVenue } from './venues-api.ts';

const FIELDS = ['code', 'variant', 'kind', 'name', 'languages', 'currency', 'time_zone'];

/**
 * The form keeps a name field for every language; what it sends is the names of the languages
 * chosen (in the shop's order, the first one the default), then the domain's contract decides.
 */
const NewVenueForm = z
  .object({
    code: z.string(),
    variant: z.string(),
    kind: z.string(),
    name: z.record(z.string(), z.string()),
    languages: z.array(z.string()),
    currency: z.string(),
    time_zone: z.string(),
  })
  .transform((values) => {
    const languages = LANGUAGE_CODES.filter((lang) => values.languages.includes(lang));
    const name = Object.fromEntries(languages.map((lang) => [lang, values.name[lang]?.trim() ?? '']).filter(([, text]) => text));
    return { ...values, code: values.code.trim(), variant: values.variant.trim(), languages, name };
  })
  .pipe(NewVenueBody);

const MESSAGES = {
  code: 'venue.keyRule',
  variant: 'venue.keyRule',
  name: 'venue.nameForDefault',
  time_zone: 'venue.timeZoneRule',
};

export function NewVenueFormView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    resolver: contractResolver(NewVenueForm, t, MESSAGES),
    defaultValues: {
      code: '',
      variant: '',
      kind: 'exhibition',
      name: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, ''])),
      languages: ['ja', 'en'],
      currency: 'JPY',
      time_zone: 'Asia/Tokyo',
    },
  });
  const create = useCreateVenue({
    onSuccess: (venue) => void navigate(paths.venue(venue.code)),
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && (error.field === 'code' || error.field === 'variant')) {
        form.setError(error.field, { type: 'server', message: t('venue.keyTaken') });
        return;
      }
      placeFieldError(error, form.setError, FIELDS, t);
    },
  });
  const errors = form.formState.errors;
  // The names' own problem (none in the default language) sits on the group, beside each name's.
  const nameError = (errors.name as { message?: string } | undefined)?.message;
  const chosen = form.watch('languages') as string[];
  const nameFields = LANGUAGE_CODES.filter((lang) => chosen.includes(lang));
  const isFieldError = Object.keys(errors).length > 0 || (isApiError(create.error) && create.error.status === 409);
  return (
    <form className="form form-wide" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      <FieldSet
        legend={t('venue.languages')}
        hint={t('venue.languagesHint')}
        error={errors.languages?.message}
        className="check-columns"
      >
        {LANGUAGE_CODES.map((lang) => (
          <CheckboxField
            key={lang}
            label={LANGUAGE_NAMES[lang]}
            lang={LANGUAGE_TAGS[lang]}
            value={lang}
            {...form.register('languages')}
          />
        ))}
      </FieldSet>
      <FieldSet legend={t('venue.name')} error={nameError} className="form-grid">
        {nameFields.map((lang: LanguageCode) => (
          <TextField
            key={lang}
            label={t('venue.nameIn', { language: LANGUAGE_NAMES[lang] })}
            lang={LANGUAGE_TAGS[lang]}
            error={errors.name?.[lang]?.message as string | undefined}
            {...form.register(`name.${lang}`)}
          />
        ))}
      </FieldSet>
      <div className="form-grid">
        <TextField
          label={t('venue.code')}
          hint={t('venue.codeHint')}
          autoComplete="off"
          spellCheck={false}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextField
          label={t('venue.variant')}
          hint={t('venue.variantHint')}
          autoComplete="off"
          spellCheck={false}
          error={errors.variant?.message}
          {...form.register('variant')}
        />
        <SelectField label={t('venue.kind')} error={errors.kind?.message} {...form.register('kind')}>
          {VENUE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`venue.kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('venue.currency')} error={errors.currency?.message} {...form.register('currency')}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('venue.timeZone')}
          spellCheck={false}
          error={errors.time_zone?.message}
          {...form.register('time_zone')}
        />
      </div>
      <ProblemNotice error={isFieldError ? null : create.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('venue.create')}
        </button>
      </div>
    </form>
  );
}
