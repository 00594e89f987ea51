/**
 * How far a staff manager reaches (issue 38, R3; pretix's rule): no right can be given by someone
 * who lacks it. An owner reaches everywhere. A member with `staff:manage` may give a team, or put
 * someone into one, only rights they hold themselves, at the venues where they hold them; may
 * change only an account that holds no more than they do; and may touch neither their own teams
 * nor a team they are a member of. Otherwise `staff:manage` alone would make anyone an owner.
 *
 * A refusal is a 403 that names what is refused, and an audit row of its own: the change is not
 * made, and whatever it had begun rolls back, but the attempt stays in the log.
 */
import { RIGHTS, type Right, withImpliedRights } from '@storefront/domain/console/rights';
import type { Database } from '../../db/client.ts';
import { type AppError, specError } from '../../http/errors.ts';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../audit/record-audit.ts';
import { accessOf, rightsAt, type StaffAccess } from './staff-access.ts';

/** Who changes staff or teams, and with which rights: a console request's `authOf` is one. */
export type Manager = { actor: Actor; access: StaffAccess };

/** The command line and demo seeding: they act as an owner would. */
export const SYSTEM_MANAGER: Manager = { actor: SYSTEM_ACTOR, access: accessOf(true, []) };

/** What a team gives: its rights, at all venues (new ones too) or at its list. */
export type Grant = { all_venues: boolean; venue_ids: readonly number[]; rights: readonly Right[] };

/** A right someone lacks at a venue (its id), or at every venue (null). */
export type Lack = { right: Right; venue_id: number | null };

const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

/**
 * The rights `grant` gives that `access` does not hold where it gives them. A team for all venues
 * gives its rights at venues made later too, so only rights held at every venue may go into it.
 */
export function lacksForGrant(access: StaffAccess, grant: Grant): Lack[] {
  if (access.isOwner) return [];
  const given = withImpliedRights(grant.rights.filter(isRight));
  if (grant.all_venues)
    return [...given].filter((right) => !access.everywhere.has(right)).map((right) => ({ right, venue_id: null }));
  const lacks: Lack[] = [];
  for (const venueId of new Set(grant.venue_ids)) {
    const held = rightsAt(access, venueId);
    for (const right of given) if (!held.has(right)) lacks.push({ right, venue_id: venueId });
  }
  return lacks;
}

/** The rights `target` holds that `access` does not hold there. */
export function lacksOver(access: StaffAccess, target: StaffAccess): Lack[] {
  if (access.isOwner) return [];
  if (target.isOwner) return RIGHTS.filter((right) => !access.everywhere.has(right)).map((right) => ({ right, venue_id: null }));
  const lacks: Lack[] = [...target.everywhere]
    .filter((right) => !access.everywhere.has(right))
    .map((right) => ({ right, venue_id: null }));
  for (const [venueId, rights] of target.byVenue) {
    const held = rightsAt(access, venueId);
    for (const right of rights) if (!held.has(right) && !target.everywhere.has(right)) lacks.push({ right, venue_id: venueId });
  }
  return lacks;
}

/** `orders:refund at every venue, orders:read at venue 3`. */
export function describeLacks(lacks: readonly Lack[]): string {
  return lacks
    .map(({ right, venue_id }) => `${right} ${venue_id === null ? 'at every venue' : `at venue ${venue_id}`}`)
    .join(', ');
}

/** A refusal by the rule of reach: the error to answer, and what the audit log keeps of it. */
export class Refusal extends Error {
  readonly error: AppError;
  readonly objectType: 'staff' | 'team';
  readonly objectId: number | null;
  readonly changes: Record<string, unknown>;
  constructor(
    what: { objectType: 'staff' | 'team'; objectId: number | null; attempted: string },
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.error = specError('forbidden', { message });
    this.objectType = what.objectType;
    this.objectId = what.objectId;
    this.changes = { attempted: what.attempted, reason: message, ...details };
  }
}

/**
 * Runs a change of staff or teams. A `Refusal` thrown in it, inside its transaction or before,
 * is written to the audit log on its own (after the transaction rolled back) and answered as a 403.
 */
export async function auditingRefusals<T>(db: Database, actor: Actor, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await recordAudit(db, actor, {
      objectType: error.objectType,
      objectId: error.objectId,
      action: 'refused',
      changes: error.changes,
    });
    throw error.error;
  }
}
