/**
 * Which venue this page is: the variant from the first path segment, the site code from <body>
 * (else the stored one, else the variant, which the API also accepts), and the two path
 * prefixes every variant has (`/<variant>/` and `/<variant>/tickets/`).
 */
import { DEFAULT_VARIANT } from '@storefront/domain/constants';

export type SiteLocation = {
  /** The variant named by the path, or null for `/` and `/tickets/` (the default variant). */
  pathVariant: string | null;
  /** The effective variant: the path's, else the default. */
  variant: string;
  /** The page is under the tickets prefix. */
  isTicketsPrefix: boolean;
  /** `/` or `/<variant>/`. */
  basePath: string;
  /** `/tickets/` or `/<variant>/tickets/`. */
  ticketsPath: string;
};

export function resolveLocation(pathname: string): SiteLocation {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] ?? null;
  const pathVariant = first === null || first === 'tickets' ? null : first;
  const isTicketsPrefix = pathVariant === null ? first === 'tickets' : segments[1] === 'tickets';
  const basePath = pathVariant === null ? '/' : `/${pathVariant}/`;
  return { pathVariant, variant: pathVariant ?? DEFAULT_VARIANT, isTicketsPrefix, basePath, ticketsPath: `${basePath}tickets/` };
}

const SITE_CODE_KEY = 'storefront:site-code';

export function resolveSiteCode(location: SiteLocation, body: { dataset: DOMStringMap }, storage: Storage): string {
  const fromBody = body.dataset.siteCode;
  if (fromBody) {
    storage.setItem(`${SITE_CODE_KEY}:${location.variant}`, fromBody);
    return fromBody;
  }
  return storage.getItem(`${SITE_CODE_KEY}:${location.variant}`) ?? location.variant;
}

/** Hash routes that belong under the tickets prefix (ticket pages, check-in, receipt, date change). */
export function isTicketRoute(hashPath: string): boolean {
  return hashPath === '/tickets' || hashPath.startsWith('/tickets/') || hashPath.startsWith('/id/');
}

/**
 * Where the browser must go so that ticket routes are under the tickets prefix and the others
 * outside it, keeping what follows the path (query and hash); null when it is already right.
 */
export function prefixRedirect(location: SiteLocation, hashPath: string, suffix: string): string | null {
  const wantsTickets = isTicketRoute(hashPath);
  if (wantsTickets === location.isTicketsPrefix) return null;
  return `${wantsTickets ? location.ticketsPath : location.basePath}${suffix}`;
}
