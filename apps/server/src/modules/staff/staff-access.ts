/** What a staff member may do where: the union of their teams' rights, per venue. */
import { RIGHTS, type Right, withImpliedRights } from '@storefront/domain/console/rights';

export type TeamGrant = { allVenues: boolean; venueIds: number[]; rights: string[]; requiresTwoFactor: boolean };

export type StaffAccess = {
  isOwner: boolean;
  /** Rights held at every venue, through a team attached to all of them (or ownership). */
  everywhere: ReadonlySet<Right>;
  /** Rights held at one venue only, by site id. */
  byVenue: ReadonlyMap<number, ReadonlySet<Right>>;
  /** A team of theirs, or ownership, requires two factors. */
  requiresTwoFactor: boolean;
};

const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

export function accessOf(isOwner: boolean, teams: TeamGrant[]): StaffAccess {
  if (isOwner) return { isOwner, everywhere: new Set(RIGHTS), byVenue: new Map(), requiresTwoFactor: true };
  const everywhere = new Set<Right>();
  const byVenue = new Map<number, Set<Right>>();
  for (const team of teams) {
    const rights = withImpliedRights(team.rights.filter(isRight));
    if (team.allVenues) {
      for (const right of rights) everywhere.add(right);
      continue;
    }
    for (const venueId of team.venueIds) {
      const held = byVenue.get(venueId) ?? new Set<Right>();
      for (const right of rights) held.add(right);
      byVenue.set(venueId, held);
    }
  }
  return { isOwner, everywhere, byVenue, requiresTwoFactor: teams.some((t) => t.requiresTwoFactor) };
}

/** The rights held at one venue. */
export function rightsAt(access: StaffAccess, venueId: number): Set<Right> {
  return new Set([...access.everywhere, ...(access.byVenue.get(venueId) ?? [])]);
}

/** Whether the staff member holds any right at the venue (else the venue does not exist for them). */
export function seesVenue(access: StaffAccess, venueId: number): boolean {
  return access.everywhere.size > 0 || (access.byVenue.get(venueId)?.size ?? 0) > 0;
}

/** Rights in the order of RIGHTS, for answers. */
export function listed(rights: Iterable<Right>): Right[] {
  const held = new Set(rights);
  return RIGHTS.filter((right) => held.has(right));
}
