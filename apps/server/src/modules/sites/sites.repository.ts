import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sites } from './sites.schema.ts';

export type Site = typeof sites.$inferSelect;

export function listSites(db: Database): Promise<Site[]> {
  return db.select().from(sites).orderBy(asc(sites.position), asc(sites.id));
}
