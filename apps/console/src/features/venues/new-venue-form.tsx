/** The "create venue" form (organisation right `settings:write`). */
import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { SESSION_KEY } from '../../lib/session.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { createVenue, NewVenueForm, VENUE_KINDS } from './venues-api.ts';

const FIELDS = ['code', 'variant', 'kind', 'name.ja', 'name.en', 'languages', 'currency', 'time_zone'];

export function NewVenueFormView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: contractResolver(NewVenueForm, t, { code: 'validation.slug', variant: 'validation.slug' }),
    defaultValues: {
      code: '',
      variant: '',
      kind: 'exhibition' as const,
      name: { ja: '', en: '' },
      languages: ['ja', 'en'] as ('ja' | 'en')[],
      currency: 'JPY' as const,
      time_zone: 'Asia/Tokyo' as const,
    },
  });
  const create = useMutation({
    mutationFn: createVenue,
    onSuccess: async (venue) => {
      // The new venue is in the session's list from now on.
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      await queryClient.invalidateQueries({ queryKey: ['venues'] });
      void navigate(paths.venue(venue.code));
    },
    onError: (error) => placeFieldError(error, form.setError, FIELDS, t),
  });
  const errors = form.formState.errors;
  const conflict = create.error;
  return (
    <form className="form form-wide" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      <div className="form-grid">
        <TextField label={t('venue.nameJa')} lang="ja" error={errors.name?.ja?.message} {...form.register('name.ja')} />
        <TextField label={t('venue.nameEn')} lang="en" error={errors.name?.en?.message} {...form.register('name.en')} />
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
          <option value="JPY">JPY</option>
        </SelectField>
        <SelectField label={t('venue.timeZone')} error={errors.time_zone?.message} {...form.register('time_zone')}>
          <option value="Asia/Tokyo">Asia/Tokyo</option>
        </SelectField>
      </div>
      <FieldSet legend={t('venue.languages')} error={errors.languages?.message} className="check-columns">
        {LANGUAGE_CODES.map((lang) => (
          <CheckboxField key={lang} label={LANGUAGE_NAMES[lang]} value={lang} {...form.register('languages')} />
        ))}
      </FieldSet>
      <ProblemNotice error={errors.code || errors.variant ? null : conflict} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('venue.create')}
        </button>
      </div>
    </form>
  );
}
