/**
 * How a catalogue change reaches every process. The writing transaction bumps the venue's row in
 * `catalogue_versions`; each process polls that small table and, when a version moved, drops its
 * cached catalogue (content, availability, products for pricing, site settings). The writing
 * process also drops its caches at once after the commit (`CatalogueChanges.changed`).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { catalogueVersions } from './catalogue.schema.ts';
import type { CatalogueReferences } from './catalogue-references.ts';

/** Under the one-second budget for the shop to show a change, leaving room for the reload. */
export const CATALOGUE_POLL_MS = 400;

/** Marks the venue's catalogue changed; call inside the transaction that changes it. */
export async function markCatalogueChanged(tx: Database, siteId: number): Promise<void> {
  await tx
    .insert(catalogueVersions)
    .values({ siteId })
    .onConflictDoUpdate({
      target: catalogueVersions.siteId,
      set: { version: sql`${catalogueVersions.version} + 1`, changedAt: sql`app_now()` },
    });
}

export type CatalogueChanges = {
  /** Drops this process's caches now; call after the changing transaction commits. */
  changed(): void;
  /** Looks once for changes other processes made (the poller calls it). */
  poll(): Promise<boolean>;
  stop(): void;
};

export function watchCatalogueChanges(
  db: Database,
  options: { onChange: () => void; pollMs?: number; onError?: (error: unknown) => void },
): CatalogueChanges {
  let seen: string | null = null;
  let polling: Promise<boolean> | null = null;

  async function read(): Promise<string> {
    const rows = await db
      .select({ siteId: catalogueVersions.siteId, version: catalogueVersions.version })
      .from(catalogueVersions);
    return rows
      .map((row) => `${row.siteId}:${row.version}`)
      .sort()
      .join(',');
  }

  async function poll(): Promise<boolean> {
    const now = await read();
    // The first read is the baseline: anything cached before it may predate a change it already
    // counts, so it is dropped too.
    const moved = seen === null || now !== seen;
    seen = now;
    if (moved) options.onChange();
    return moved;
  }

  const pollOnce = () => {
    if (polling) return;
    polling = poll()
      .catch((error) => {
        options.onError?.(error);
        return false;
      })
      .finally(() => {
        polling = null;
      });
  };
  pollOnce();
  const timer = setInterval(pollOnce, options.pollMs ?? CATALOGUE_POLL_MS);
  timer.unref();

  return {
    changed: () => options.onChange(),
    poll: () => polling ?? poll(),
    stop: () => clearInterval(timer),
  };
}

/** What a console route that changes a venue's catalogue needs. */
export type CatalogueConsoleContext = {
  db: Database;
  sites: SitesService;
  catalogueChanges: CatalogueChanges;
  /** What outside the catalogue names its slots, options and set products (kept while named). */
  references: CatalogueReferences;
};

/**
 * Runs a catalogue change in one transaction that also marks the venue's catalogue changed, then
 * drops this process's caches; the work records its audit entry with the same `tx`.
 */
export async function changeCatalogue<T>(
  ctx: Pick<CatalogueConsoleContext, 'db' | 'catalogueChanges'>,
  siteId: number,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const done = await work(tx as Database);
    await markCatalogueChanged(tx as Database, siteId);
    return done;
  });
  ctx.catalogueChanges.changed();
  return result;
}
