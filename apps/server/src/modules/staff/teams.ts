/**
 * Teams (organisation right `staff:manage`): a name, rights, all venues or a list, whether two
 * factors are required. A manager who is not an owner gives only what they hold (staff-reach.ts).
 */

import type { Right } from '@storefront/domain/console/rights';
import type { Team, TeamBody } from '@storefront/domain/console/staff';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { bumpRightsVersion } from './staff.repository.ts';
import { staffTeamMembers, staffTeams, staffTeamVenues } from './staff.schema.ts';
import { auditingRefusals, describeLacks, type Grant, lacksForGrant, type Manager, Refusal } from './staff-reach.ts';

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

/** A manager may give a team only what they hold, and may not touch a team they are in (staff-reach.ts). */
function mayGive(by: Manager, grant: Grant, what: { objectId: number | null; attempted: string }, requested: object) {
  const lacks = lacksForGrant(by.access, grant);
  if (lacks.length > 0) {
    throw new Refusal(
      { objectType: 'team', ...what },
      `you can give a team only rights you hold yourself, where you hold them: you do not hold ${describeLacks(lacks)}`,
      { lacking: lacks, requested },
    );
  }
}

function mayTouch(by: Manager, team: Team, attempted: string, requested?: object) {
  const what = { objectType: 'team' as const, objectId: team.id, attempted };
  const details = requested ? { requested } : {};
  if (by.access.isOwner) return;
  if (by.actor.id !== null && team.member_ids.includes(by.actor.id)) {
    throw new Refusal(what, 'you are a member of this team: another staff manager or an owner must change it', details);
  }
  const lacks = lacksForGrant(by.access, team);
  if (lacks.length > 0) {
    throw new Refusal(
      what,
      `this team holds rights you do not hold (${describeLacks(lacks)}): only someone who holds them may change it`,
      { lacking: lacks, ...details },
    );
  }
}

export async function createTeam(db: Database, by: Manager, venueIds: number[], input: TeamBody): Promise<Team> {
  checkVenues(input, venueIds);
  const next = described(input);
  const id = await auditingRefusals(db, by.actor, async () => {
    mayGive(by, next, { objectId: null, attempted: 'created' }, next);
    return db.transaction(async (tx) => {
      const [team] = await tx
        .insert(staffTeams)
        .values({
          name: input.name,
          allVenues: input.all_venues,
          rights: next.rights,
          requiresTwoFactor: input.requires_two_factor,
        })
        .returning({ id: staffTeams.id });
      if (!team) throw new Error('the team was not stored');
      await writeTeam(tx as Database, team.id, input);
      await recordAudit(tx as Database, by.actor, { objectType: 'team', objectId: team.id, action: 'created', changes: next });
      return team.id;
    });
  });
  return teamOf(db, id);
}

/** The team, its row locked for the transaction: what is checked is what is changed. */
async function lockedTeam(tx: Database, id: number): Promise<Team> {
  await tx.select({ id: staffTeams.id }).from(staffTeams).where(eq(staffTeams.id, id)).for('no key update');
  return teamOf(tx, id);
}

export async function updateTeam(db: Database, by: Manager, venueIds: number[], id: number, input: TeamBody): Promise<Team> {
  const next = described(input);
  await auditingRefusals(db, by.actor, () =>
    db.transaction(async (tx) => {
      const before = await lockedTeam(tx as Database, id);
      checkVenues(input, venueIds);
      const { id: _id, member_ids: _members, ...old } = before;
      const same = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v) => b.includes(v));
      // Saving a team unchanged changes nothing: no audit row, no new secrets for its members.
      if (
        old.name === next.name &&
        old.all_venues === next.all_venues &&
        old.requires_two_factor === next.requires_two_factor &&
        same(old.rights, next.rights) &&
        same(old.all_venues ? [] : old.venue_ids, next.venue_ids)
      ) {
        return;
      }
      mayTouch(by, before, 'updated', next);
      mayGive(by, next, { objectId: id, attempted: 'updated' }, next);
      await tx
        .update(staffTeams)
        .set({
          name: input.name,
          allVenues: input.all_venues,
          rights: next.rights,
          requiresTwoFactor: input.requires_two_factor,
        })
        .where(eq(staffTeams.id, id));
      await writeTeam(tx as Database, id, input);
      // Every member's sessions get a new secret on their next request, with the new rights.
      await bumpRightsVersion(tx as Database, before.member_ids);
      await recordAudit(tx as Database, by.actor, {
        objectType: 'team',
        objectId: id,
        action: 'updated',
        changes: { from: old, to: next },
      });
    }),
  );
  return teamOf(db, id);
}

export async function deleteTeam(db: Database, by: Manager, id: number): Promise<void> {
  await auditingRefusals(db, by.actor, () =>
    db.transaction(async (tx) => {
      const team = await lockedTeam(tx as Database, id);
      mayTouch(by, team, 'deleted');
      if (team.member_ids.length > 0) {
        throw specError('conflict', { message: 'the team still has members: move them to other teams first' });
      }
      await tx.delete(staffTeams).where(inArray(staffTeams.id, [id]));
      const { id: _id, member_ids: _members, ...old } = team;
      await recordAudit(tx as Database, by.actor, { objectType: 'team', objectId: id, action: 'deleted', changes: old });
    }),
  );
}
