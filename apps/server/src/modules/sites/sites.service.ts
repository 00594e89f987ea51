import type { AppMode } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Site } from './site.ts';
import { listSites } from './sites.repository.ts';

/** Site settings change rarely; a changed setting is seen by every process within this time. */
const SITES_TTL_MS = 10_000;

export type SitesService = {
  /** The site for a URL segment (variant) or a site code; null when there is none. */
  resolve(key: string): Promise<Site | null>;
  /** Every site served, in display order. */
  list(): Promise<Site[]>;
  /** The site with this id; null when there is none. */
  byId(id: number): Promise<Site | null>;
  /** The site behind `/` and `/tickets/`; null when there is no site to serve. */
  defaultSite(): Promise<Site | null>;
  /**
   * Forgets the cached list, so this process sees a site created or changed at once; call it
   * after the writing transaction commits (other processes see the change within the TTL).
   */
  invalidate(): void;
};

export function createSitesService(
  db: Database,
  options: { appMode: AppMode; defaultVariant: string; reconnectSite: string | null },
): SitesService {
  let loaded: { at: number; sites: Site[] } | null = null;
  let loading: Promise<Site[]> | null = null;
  // A load started before an invalidation may have read the old list: it must not be kept.
  let generation = 0;

  async function served(): Promise<Site[]> {
    if (loaded && performance.now() - loaded.at < SITES_TTL_MS) return loaded.sites;
    if (loading) return loading;
    const started = generation;
    const load = listSites(db)
      .then((all) => {
        const sites = options.appMode === 'reconnect' ? [reconnectSite(all)].filter((s) => s !== null) : all;
        if (started === generation) loaded = { at: performance.now(), sites };
        return sites;
      })
      .finally(() => {
        if (loading === load) loading = null;
      });
    loading = load;
    return load;
  }

  function reconnectSite(all: Site[]): Site | null {
    const wanted = options.reconnectSite;
    if (wanted) return all.find((s) => s.code === wanted || s.variant === wanted) ?? null;
    return all.find((s) => s.kind === 'exhibition') ?? null;
  }

  return {
    async resolve(key) {
      const all = loaded && performance.now() - loaded.at < SITES_TTL_MS ? loaded.sites : await served();
      return all.find((s) => s.variant === key || s.code === key) ?? null;
    },
    list: served,
    async byId(id) {
      return (await served()).find((s) => s.id === id) ?? null;
    },
    async defaultSite() {
      const all = await served();
      return all.find((s) => s.variant === options.defaultVariant) ?? all.find((s) => s.kind === 'exhibition') ?? null;
    },
    invalidate() {
      generation++;
      loaded = null;
      loading = null;
    },
  };
}
