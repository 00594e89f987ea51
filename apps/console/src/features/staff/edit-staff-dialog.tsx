/** A staff member's name and teams. */
import type { StaffMember, Team } from '@storefront/domain/console/staff';
import { InviteStaffBody } from '@storefront/domain/console/staff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { useUpdateStaffMember } from './staff-api.ts';

const EditForm = InviteStaffBody.pick({ name: true, team_ids: true }).extend({
  team_ids: z.array(z.coerce.number()).pipe(InviteStaffBody.shape.team_ids),
});

export function EditStaffDialog(props: {
  member: StaffMember;
  teams: Team[];
  onClose: () => void;
  onSaved: (member: StaffMember) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(EditForm, t),
    defaultValues: { name: props.member.name, team_ids: props.member.team_ids.map(String) },
  });
  const save = useUpdateStaffMember(props.member.id, {
    onSuccess: (member) => props.onSaved(member),
    onError: (error) => placeFieldError(error, form.setError, ['name', 'team_ids'], t),
  });
  const errors = form.formState.errors;
  return (
    <Dialog isOpen title={t('staff.editTitle', { email: props.member.email })} onClose={props.onClose}>
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <TextField label={t('staff.name')} error={errors.name?.message} {...form.register('name')} />
        <FieldSet legend={t('staff.teams')} error={errors.team_ids?.message}>
          {props.teams.map((team) => (
            <CheckboxField key={team.id} label={team.name} value={String(team.id)} {...form.register('team_ids')} />
          ))}
        </FieldSet>
        <ProblemNotice error={Object.keys(errors).length > 0 ? null : save.error} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
