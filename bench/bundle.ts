/**
 * `npm run bench:bundle`: gzip size of the JavaScript needed to render the order route (the entry,
 * its static imports, and the order screen's chunk with its imports), beside a bare React 19 +
 * React Router page built the same way. Goal: 150 KB or less for the order route.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const GOAL_KB = 150;
const root = fileURLToPath(new URL('..', import.meta.url));
const storefront = join(root, 'apps/storefront');

async function buildWithManifest(
  projectRoot: string,
  configFile: string | false,
): Promise<{ outDir: string; manifest: Manifest }> {
  const outDir = await mkdtemp(join(tmpdir(), 'bundle-'));
  await build({
    root: projectRoot,
    configFile,
    ...(configFile === false ? { plugins: [react()] } : {}),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return { outDir, manifest: JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest };
}

/** The chunk and every chunk it imports statically. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

function gzipKb(outDir: string, manifest: Manifest, keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) bytes += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

/** The source module the storefront's `order` screen loads, read from the order feature's routes. */
function orderScreenModule(): string {
  const routes = readFileSync(join(storefront, 'src/features/order/order-routes.ts'), 'utf8');
  const target = routes.match(/import\('([^']+)'\)/)?.[1];
  if (!target) throw new Error('order-routes.ts loads no order screen');
  return relative(storefront, resolve(storefront, 'src/features/order', target));
}

const app = await buildWithManifest(storefront, join(storefront, 'vite.config.ts'));
const orderModule = orderScreenModule();
if (!app.manifest[orderModule]) throw new Error(`${orderModule} is not in the build`);
const appKb = gzipKb(
  app.outDir,
  app.manifest,
  new Set([...closure(app.manifest, 'index.html'), ...closure(app.manifest, orderModule)]),
);
const entryKb = gzipKb(app.outDir, app.manifest, closure(app.manifest, 'index.html'));

const baseline = await buildWithManifest(join(root, 'bench/bundle-baseline'), false);
const baselineKb = gzipKb(
  baseline.outDir,
  baseline.manifest,
  new Set([...closure(baseline.manifest, 'index.html'), ...closure(baseline.manifest, 'src/page.tsx')]),
);

console.table({
  'bare React + router page': { 'gzip KB': Number(baselineKb.toFixed(1)) },
  'storefront shell (entry)': { 'gzip KB': Number(entryKb.toFixed(1)) },
  [`order route (${orderModule})`]: { 'gzip KB': Number(appKb.toFixed(1)) },
});
console.log(
  `Order route: ${appKb.toFixed(1)} KB gzip, ${(appKb / baselineKb).toFixed(2)}× the bare page, ` +
    `${appKb <= GOAL_KB ? 'within' : 'OVER'} the ${GOAL_KB} KB goal.`,
);
