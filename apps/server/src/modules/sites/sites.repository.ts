import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Site } from './site.ts';
import { sites } from './sites.schema.ts';

/** Named here too for the modules that still import it from the repository. */
export type { Site };

export function listSites(db: Database): Promise<Site[]> {
  return db.select().from(sites).orderBy(asc(sites.position), asc(sites.id));
}
