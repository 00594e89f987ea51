/** A site (venue) as every module sees it: the type other modules name. */
import type { sites } from './sites.schema.ts';

export type Site = typeof sites.$inferSelect;
