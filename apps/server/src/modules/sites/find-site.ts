/**
 * A site read in the caller's transaction rather than from the site cache (background work that
 * runs inside a transaction of its own, where the cache's own connection must not be waited on).
 */
export { findSiteById } from './sites.repository.ts';
