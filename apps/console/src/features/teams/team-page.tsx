/**
 * `/teams/new` and `/teams/:id`: a team's name, where it holds its rights (all venues or a list),
 * its rights by area, and whether its members must use two factors.
 */
import type { ConsoleSession } from '@storefront/domain/console/auth';
import { RIGHTS, type Right } from '@storefront/domain/console/rights';
import { type Team, TeamBody } from '@storefront/domain/console/staff';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { rightsByArea } from '../../lib/rights.ts';
import { hasOrganisationRight, useSession } from '../../lib/session.ts';
import { CheckboxField, FieldSet, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { teamQueries, useSaveTeam, type VenueChoice, venueName } from './teams-api.ts';
import './teams.css';

/** The form keeps "where" as one choice and ids as the checkboxes' strings; a list needs a venue. */
const TeamForm = z
  .object({
    name: TeamBody.shape.name,
    where: z.enum(['all', 'list']),
    venue_ids: z.array(z.coerce.number()),
    rights: TeamBody.shape.rights,
    requires_two_factor: z.boolean(),
  })
  .refine((values) => values.where === 'all' || values.venue_ids.length > 0, { path: ['venue_ids'], error: 'choose a venue' });
type TeamFormInput = z.input<typeof TeamForm>;

function toBody(values: z.output<typeof TeamForm>): TeamBody {
  return {
    name: values.name,
    all_venues: values.where === 'all',
    venue_ids: values.where === 'all' ? [] : values.venue_ids,
    rights: values.rights,
    requires_two_factor: values.requires_two_factor,
  };
}

/**
 * The rights this staff member may give a team that holds them where the form says: the server
 * refuses any other (a manager gives only rights they hold, where they hold them), and so the
 * screen does not offer them. An owner may give every right.
 */
function grantableRights(session: ConsoleSession, where: 'all' | 'list', venueIds: readonly number[]): ReadonlySet<Right> {
  if (session.staff.is_owner) return new Set(RIGHTS);
  if (where === 'all' || venueIds.length === 0) return new Set(session.organisation_rights);
  const heldAt = venueIds.map((id) => new Set(session.venues.find((venue) => venue.id === id)?.rights ?? []));
  return new Set(RIGHTS.filter((right) => heldAt.every((held) => held.has(right))));
}

function toForm(team: Team | null): TeamFormInput {
  return {
    name: team?.name ?? '',
    where: team && !team.all_venues ? 'list' : 'all',
    venue_ids: team?.venue_ids.map(String) ?? [],
    rights: team?.rights ?? [],
    requires_two_factor: team?.requires_two_factor ?? true,
  };
}

export default function TeamPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { id } = useParams();
  const teamId = id ? Number(id) : null;
  const teams = useQuery({ ...teamQueries.list(), enabled: teamId !== null });
  const venues = useQuery(teamQueries.venues());
  const title = teamId === null ? t('teams.new') : t('teams.edit');
  if (!hasOrganisationRight(session, 'staff:manage')) {
    return (
      <Screen name="team" title={title}>
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      </Screen>
    );
  }
  const team = teamId === null ? null : (teams.data?.teams.find((candidate) => candidate.id === teamId) ?? null);
  const isLoading = venues.isPending || (teamId !== null && teams.isPending);
  return (
    <Screen name="team" title={team ? t('teams.editNamed', { name: team.name }) : title}>
      <p>
        <Link to={paths.teams}>{t('teams.back')}</Link>
      </p>
      <ProblemNotice error={venues.error ?? teams.error} />
      {isLoading ? <Loading /> : null}
      {!isLoading && teamId !== null && !team && teams.data ? <Notice kind="error">{t('problem.notFound')}</Notice> : null}
      {!isLoading && venues.data && (teamId === null || team) ? <TeamFormView team={team} venues={venues.data.venues} /> : null}
    </Screen>
  );
}

function TeamFormView(props: { team: Team | null; venues: VenueChoice[] }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const session = useSession();
  const navigate = useNavigate();
  const form = useForm({
    resolver: contractResolver(TeamForm, t, { venue_ids: 'teams.chooseVenue' }),
    defaultValues: toForm(props.team),
  });
  const save = useSaveTeam(props.team, {
    onSuccess: () => void navigate(paths.teams),
    onError: (error) => {
      if (isApiError(error) && error.field === 'all_venues') {
        form.setError('where', { type: 'server', message: t('validation.rejected') });
        return;
      }
      placeFieldError(error, form.setError, ['name', 'venue_ids', 'rights', 'requires_two_factor'], t);
    },
  });
  const errors = form.formState.errors;
  const where = form.watch('where');
  const ticked = form.watch('rights') ?? [];
  const grantable = grantableRights(session, where, (form.watch('venue_ids') ?? []).map(Number));
  // A right already ticked stays free to untick, even where it is not theirs to give.
  const isOffered = (right: Right) => grantable.has(right) || ticked.includes(right);
  const isLimited = RIGHTS.some((right) => !grantable.has(right));
  return (
    <form className="form form-wide" noValidate onSubmit={form.handleSubmit((values) => save.mutate(toBody(values)))}>
      <TextField label={t('teams.name')} error={errors.name?.message} {...form.register('name')} />
      <FieldSet legend={t('teams.where')} error={errors.where?.message}>
        <div className="check">
          <input type="radio" id="team-where-all" value="all" {...form.register('where')} />
          <label htmlFor="team-where-all">{t('teams.allVenues')}</label>
        </div>
        <div className="check">
          <input type="radio" id="team-where-list" value="list" {...form.register('where')} />
          <label htmlFor="team-where-list">{t('teams.someVenues')}</label>
        </div>
      </FieldSet>
      {where === 'list' ? (
        <FieldSet legend={t('teams.venues')} error={errors.venue_ids?.message} className="check-columns">
          {props.venues.length === 0 ? <p className="field-hint">{t('teams.noVenues')}</p> : null}
          {props.venues.map((venue) => (
            <CheckboxField
              key={venue.id}
              label={`${venueName(venue, lang)} (${venue.code})`}
              value={String(venue.id)}
              {...form.register('venue_ids')}
            />
          ))}
        </FieldSet>
      ) : null}
      <FieldSet
        legend={t('teams.rights')}
        error={errors.rights?.message}
        hint={isLimited ? `${t('teams.rightsHint')} ${t('teams.rightsYouHold')}` : t('teams.rightsHint')}
      >
        <div className="rights-grid">
          {rightsByArea(RIGHTS).map((group) => (
            <fieldset key={group.area} className="rights-area">
              <legend className="rights-area-name">{t(`rights.areas.${group.area}`)}</legend>
              {group.rights.map((right: Right) => (
                <CheckboxField
                  key={right}
                  label={t(`rights.names.${right}`)}
                  hint={
                    grantable.has(right) ? (
                      <code>{right}</code>
                    ) : (
                      <>
                        <code>{right}</code> {t('teams.rightNotHeld')}
                      </>
                    )
                  }
                  value={right}
                  disabled={!isOffered(right)}
                  {...form.register('rights')}
                />
              ))}
            </fieldset>
          ))}
        </div>
      </FieldSet>
      <CheckboxField
        label={t('teams.requiresTwoFactor')}
        hint={t('teams.requiresTwoFactorHint')}
        {...form.register('requires_two_factor')}
      />
      <ProblemNotice error={Object.keys(errors).length > 0 ? null : save.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {props.team ? t('common.save') : t('teams.create')}
        </button>
        <Link to={paths.teams} className="button">
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}
