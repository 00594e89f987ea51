/** Teams (organisation right `staff:manage`): a name, rights, all venues or a list, whether two factors are required. */

import type { Right } from '@storefront/domain/console/rights';
import type { Team, TeamBody } from '@storefront/domain/console/staff';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { bumpRightsVersion } from './staff.repository.ts';
import { staffTeamMembers, staffTeams, staffTeamVenues } from './staff.schema.ts';

export async function listTeams(db: Database): Promise<Team[]> {
  const teams = await db.select().from(staffTeams).orderBy(staffTeams.name, staffTeams.id);
  const venues = await db.select().from(staffTeamVenues);
  const members = await db.select().from(staffTeamMembers);
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    all_venues: team.allVenues,
    venue_ids: venues.filter((v) => v.teamId === team.id).map((v) => v.siteId),
    rights: team.rights as Right[],
    requires_two_factor: team.requiresTwoFactor,
    member_ids: members.filter((m) => m.teamId === team.id).map((m) => m.staffId),
  }));
}

async function teamOf(db: Database, id: number): Promise<Team> {
  const team = (await listTeams(db)).find((t) => t.id === id);
  if (!team) throw specError('not found', { message: `there is no team ${id}` });
  return team;
}

function checkVenues(input: TeamBody, venueIds: number[]) {
  const unknown = input.venue_ids.filter((id) => !venueIds.includes(id));
  if (unknown.length > 0) {
    throw specError('invalid request', {
      field: 'venue_ids',
      message: `venue_ids names venues that do not exist: ${unknown.join(', ')}`,
    });
  }
  if (!input.all_venues && input.venue_ids.length === 0) {
    throw specError('invalid request', {
      field: 'venue_ids',
      message: 'venue_ids must name at least one venue, or the team is for all venues',
    });
  }
}

async function writeTeam(tx: Database, id: number, input: TeamBody) {
  await tx.delete(staffTeamVenues).where(eq(staffTeamVenues.teamId, id));
  const venues = input.all_venues ? [] : [...new Set(input.venue_ids)];
  if (venues.length > 0) await tx.insert(staffTeamVenues).values(venues.map((siteId) => ({ teamId: id, siteId })));
}

const described = (input: TeamBody) => ({
  name: input.name,
  all_venues: input.all_venues,
  venue_ids: input.all_venues ? [] : [...new Set(input.venue_ids)],
  rights: [...new Set(input.rights)],
  requires_two_factor: input.requires_two_factor,
});

export async function createTeam(db: Database, actor: Actor, venueIds: number[], input: TeamBody): Promise<Team> {
  checkVenues(input, venueIds);
  const id = await db.transaction(async (tx) => {
    const [team] = await tx
      .insert(staffTeams)
      .values({
        name: input.name,
        allVenues: input.all_venues,
        rights: [...new Set(input.rights)],
        requiresTwoFactor: input.requires_two_factor,
      })
      .returning({ id: staffTeams.id });
    if (!team) throw new Error('the team was not stored');
    await writeTeam(tx as Database, team.id, input);
    await recordAudit(tx as Database, actor, {
      objectType: 'team',
      objectId: team.id,
      action: 'created',
      changes: described(input),
    });
    return team.id;
  });
  return teamOf(db, id);
}

export async function updateTeam(db: Database, actor: Actor, venueIds: number[], id: number, input: TeamBody): Promise<Team> {
  const before = await teamOf(db, id);
  checkVenues(input, venueIds);
  await db.transaction(async (tx) => {
    await tx
      .update(staffTeams)
      .set({
        name: input.name,
        allVenues: input.all_venues,
        rights: [...new Set(input.rights)],
        requiresTwoFactor: input.requires_two_factor,
      })
      .where(eq(staffTeams.id, id));
    await writeTeam(tx as Database, id, input);
    // Every member's sessions get a new secret on their next request, with the new rights.
    await bumpRightsVersion(tx as Database, before.member_ids);
    const { id: _id, member_ids: _members, ...old } = before;
    await recordAudit(tx as Database, actor, {
      objectType: 'team',
      objectId: id,
      action: 'updated',
      changes: { from: old, to: described(input) },
    });
  });
  return teamOf(db, id);
}

export async function deleteTeam(db: Database, actor: Actor, id: number): Promise<void> {
  const team = await teamOf(db, id);
  if (team.member_ids.length > 0) {
    throw specError('conflict', { message: 'the team still has members: move them to other teams first' });
  }
  await db.transaction(async (tx) => {
    await tx.delete(staffTeams).where(inArray(staffTeams.id, [id]));
    const { id: _id, member_ids: _members, ...old } = team;
    await recordAudit(tx as Database, actor, { objectType: 'team', objectId: id, action: 'deleted', changes: old });
  });
}
