/** Rights by area (`area:action`), in the order the console lists them. */
import { RIGHTS, type Right } from '@storefront/domain/console/rights';

export type RightArea = { area: string; rights: Right[] };

export function rightsByArea(rights: readonly Right[] = RIGHTS): RightArea[] {
  const areas: RightArea[] = [];
  for (const right of RIGHTS) {
    if (!rights.includes(right)) continue;
    const area = right.split(':')[0] ?? right;
    const group = areas.find((existing) => existing.area === area);
    if (group) group.rights.push(right);
    else areas.push({ area, rights: [right] });
  }
  return areas;
}
