import type { DateChangeSettings } from '@storefront/domain/date-change';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Site } from './site.ts';
import { sites } from './sites.schema.ts';

export function listSites(db: Database): Promise<Site[]> {
  return db.select().from(sites).orderBy(asc(sites.position), asc(sites.id));
}

/**
 * A site's date-change rules as they are now, read in the caller's transaction rather than from the
 * site cache: a change is priced and allowed by the rules of the moment (decision 008).
 */
export async function dateChangeRulesOf(db: Database, siteId: number): Promise<DateChangeSettings> {
  const [row] = await db.select({ rules: sites.dateChange }).from(sites).where(eq(sites.id, siteId));
  if (!row) throw new Error(`no site ${siteId}`);
  return row.rules;
}

export async function findSiteById(db: Database, siteId: number): Promise<Site | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
  return row ?? null;
}
