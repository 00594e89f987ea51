/** A site (venue) as every module sees it: the type other modules name, and the shapes of its settings. */
import type { sites } from './sites.schema.ts';

export type Site = typeof sites.$inferSelect;
export type { LocalizedText, SignInFieldSettings, ThemeSettings } from './sites.schema.ts';
