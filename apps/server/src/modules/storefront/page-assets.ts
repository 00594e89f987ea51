/**
 * What the storefront's build says the first paint needs (issue 19), read once at start from its
 * Vite manifest (`dist/.vite/manifest.json`): the entry's stylesheets, which the page carries
 * inline (a `<style>` with the page's nonce) instead of making the browser wait for another file
 * before it paints, and the order route's chunks (the ticket screen's under the tickets prefix),
 * which the page names with `<link rel="modulepreload">` so they load beside the entry script
 * instead of after it.
 * A build without a manifest (or the test stand-in) leaves the page as built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The order route's screen, as the manifest names it (apps/storefront/src/features/order/order-routes.ts). */
const ORDER_ROUTE_MODULE = 'src/features/order/order-page.tsx';
/** The ticket's screen, the one most visits under the tickets prefix show (features/tickets/tickets-routes.ts). */
const TICKET_ROUTE_MODULE = 'src/features/tickets/ticket-page.tsx';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type PageAssets = {
  /** The built index.html with the entry's stylesheet links taken out when their CSS is inlined. */
  template: string;
  /** The entry's CSS, to go inline; empty when the page keeps its links. */
  inlineCss: string;
  /** Addresses of the order route's chunks the page does not already preload. */
  orderModules: string[];
  /** The same for the ticket's screen, for pages under the tickets prefix. */
  ticketModules: string[];
};

function readManifest(storefrontDir: string): Manifest | null {
  const file = join(storefrontDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The chunk `key` and every chunk it imports, depth first, each once. */
function importClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) importClosure(manifest, imported, seen);
  return seen;
}

const linkFor = (href: string) =>
  new RegExp(`<link rel="stylesheet"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>\\s*`);

export function readPageAssets(storefrontDir: string, template: string): PageAssets {
  const manifest = readManifest(storefrontDir);
  if (!manifest) return { template, inlineCss: '', orderModules: [], ticketModules: [] };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) return { template, inlineCss: '', orderModules: [], ticketModules: [] };

  // The entry's stylesheets go inline, each in place of its link; one that cannot be read, or that
  // could end a <style> element, keeps its link.
  let page = template;
  let inlineCss = '';
  for (const css of entry.css ?? []) {
    const file = join(storefrontDir, css);
    const link = linkFor(`/${css}`);
    if (!existsSync(file) || !link.test(page)) continue;
    const text = readFileSync(file, 'utf8');
    if (/<\/style/i.test(text)) continue;
    inlineCss += text;
    page = page.replace(link, '');
  }

  // The first view paints without the app's code, so the code does not go before what the paint
  // needs (the page itself, the venue's pictures): the browser fetches it at low priority.
  page = page
    .replaceAll('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
    .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');

  const preloaded = importClosure(manifest, entryKey);
  const routeModules = (route: string) =>
    [...importClosure(manifest, route)]
      .filter((key) => !preloaded.has(key))
      .map((key) => `/${manifest[key]?.file}`)
      .filter((href) => !page.includes(`href="${href}"`));
  return {
    template: page,
    inlineCss,
    orderModules: routeModules(ORDER_ROUTE_MODULE),
    ticketModules: routeModules(TICKET_ROUTE_MODULE),
  };
}
