/**
 * What a team may do, as `area:action` (pretix's team permissions, by area). A team holds rights
 * at all venues or at a list of them; an owner holds every right everywhere.
 */
export const RIGHTS = [
  'catalogue:read',
  'catalogue:write',
  'orders:read',
  'orders:write',
  'orders:refund',
  'checkin:scan',
  'reports:read',
  'settings:write',
  'staff:manage',
  'audit:read',
] as const;
export type Right = (typeof RIGHTS)[number];

/** A right that implies another: whoever may write may read. */
export const IMPLIED_RIGHTS: Partial<Record<Right, Right[]>> = {
  'catalogue:write': ['catalogue:read'],
  'orders:write': ['orders:read'],
  'orders:refund': ['orders:read'],
};

/** The rights a set of granted rights amounts to, implied ones included. */
export function withImpliedRights(granted: Iterable<Right>): Set<Right> {
  const all = new Set<Right>();
  for (const right of granted) {
    all.add(right);
    for (const implied of IMPLIED_RIGHTS[right] ?? []) all.add(implied);
  }
  return all;
}
