/** Inviting a staff member: name, e-mail, language and teams; the invitation goes by mail. */

import { InviteStaffBody, type Team } from '@storefront/domain/console/staff';
import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { useInviteStaff } from './staff-api.ts';

/** The form holds team ids as the checkboxes' strings; the contract takes numbers. */
const InviteForm = InviteStaffBody.extend({ team_ids: z.array(z.coerce.number()).pipe(InviteStaffBody.shape.team_ids) });

export function InviteDialog(props: { isOpen: boolean; teams: Team[]; onClose: () => void; onInvited: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm({
    resolver: contractResolver(InviteForm, t),
    defaultValues: { email: '', name: '', language: currentLanguage(i18n), team_ids: [] as string[] },
  });
  const invite = useInviteStaff({
    onSuccess: (member) => {
      form.reset();
      props.onInvited(member.email);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        form.setError('email', { type: 'server', message: t('staff.emailTaken') });
        return;
      }
      placeFieldError(error, form.setError, ['email', 'name', 'language', 'team_ids'], t);
    },
  });
  const errors = form.formState.errors;
  const close = () => {
    form.reset();
    invite.reset();
    props.onClose();
  };
  return (
    <Dialog isOpen={props.isOpen} title={t('staff.invite')} onClose={close}>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => invite.mutate(values))}
        aria-label={t('staff.invite')}
      >
        <TextField label={t('staff.name')} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label={t('staff.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label={t('staff.language')}
          hint={t('staff.languageHint')}
          error={errors.language?.message}
          {...form.register('language')}
        >
          {LANGUAGE_CODES.map((lang) => (
            <option key={lang} value={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </SelectField>
        <FieldSet
          legend={t('staff.teams')}
          error={errors.team_ids?.message}
          hint={props.teams.length === 0 ? t('staff.noTeamsYet') : undefined}
        >
          {props.teams.map((team) => (
            <CheckboxField key={team.id} label={team.name} value={String(team.id)} {...form.register('team_ids')} />
          ))}
        </FieldSet>
        <ProblemNotice error={Object.keys(errors).length > 0 ? null : invite.error} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={invite.isPending}>
            {t('staff.sendInvitation')}
          </button>
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
