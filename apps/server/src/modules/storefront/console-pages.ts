/**
 * Serves a single-page app's build under its own path: the operator console (`apps/console/dist`)
 * under `/console/` and the gate scanner (`apps/gate/dist`) under `/gate/`. Each gets its hashed
 * assets as immutable files, and its one page for `/<app>`, `/<app>/` and every other path below it
 * (the apps route by path or fragment), with a fresh style nonce in the page and its
 * Content-Security-Policy. The files at the top of a build beside its page (the gate's service
 * worker, Workbox runtime, web manifest and icons) are served as they are with `no-cache`, so a
 * new build is picked up at the next visit. The console's API (`/console/api/...`) is not this
 * plugin's: an address there that no route answers gets the API's own not-found answer.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { baseDirectives, type Directives, widen } from '../../http/security-headers.ts';

/** One app served by this plugin. */
type AppPages = {
  /** `/console`, `/gate`: no trailing slash. */
  prefix: string;
  /** The app's name in the page shown before it is built. */
  title: string;
  /** Its build (index.html, assets/, root files); null or missing: the page says it is not built. */
  dir: string | null;
  isProduction: boolean;
  /** What the page may load beyond the base policy; the page's style nonce is added here. */
  directives: (nonce: string) => Directives;
  /** Extra headers of the page. */
  pageHeaders?: Record<string, string>;
};

const unbuiltPage = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>The ${title.toLowerCase()} has not been built yet: run <code>npm run build</code>.</p></main></body></html>`;

const ROOT_FILE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The files at the top of a build that are not its page: name → content type. Source maps are not served. */
function rootFilesOf(dir: string | null): Map<string, string> {
  const files = new Map<string, string>();
  if (!dir || !existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    const type = ROOT_FILE_TYPES[extname(name)];
    if (name === 'index.html' || !type || !/^[\w.-]+$/.test(name)) continue;
    if (statSync(join(dir, name)).isFile()) files.set(name, type);
  }
  return files;
}

const appPageRoutes =
  (options: AppPages): FastifyPluginAsync =>
  async (app) => {
    const { prefix, dir } = options;
    const base = baseDirectives({ isProduction: options.isProduction });
    const indexFile = dir ? join(dir, 'index.html') : null;
    // Read once: a rebuild needs a restart, as the storefront's page does.
    const page = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

    const assets = dir ? join(dir, 'assets') : null;
    if (assets && existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: `${prefix}/assets/`,
        // File names carry a content hash, so they never change.
        immutable: true,
        maxAge: '365d',
        index: false,
        // The build writes .br and .gz copies beside each file (scripts/precompress.mjs).
        preCompressed: true,
        // The storefront's pages decorate the reply already; this plugin sends files only through its routes.
        decorateReply: false,
      });
    }

    // A service worker must be looked at again on every visit, or a phone keeps an old app for a day.
    for (const [name, type] of rootFilesOf(dir)) {
      const body = readFileSync(join(dir as string, name));
      app.get(`${prefix}/${name}`, (_request, reply) => reply.header('cache-control', 'no-cache').type(type).send(body));
    }

    /**
     * Addresses below the prefix that are not pages: the API, and assets that do not exist. Read
     * from the path as the router decoded it, so `/console/%61pi/…` is the API's too.
     */
    const isNotPage = (request: FastifyRequest) => {
      const below = (request.params as { '*'?: string })['*'] ?? '';
      return below.startsWith('api/') || below.startsWith('assets/');
    };

    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      if (isNotPage(request)) return reply.callNotFound();
      const nonce = randomBytes(16).toString('base64');
      reply.helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: widen(base, { 'style-src': [`'nonce-${nonce}'`], ...options.directives(nonce) }),
        },
      });
      for (const [name, value] of Object.entries(options.pageHeaders ?? {})) reply.header(name, value);
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (page === null) return reply.send(unbuiltPage(options.title));
      return reply.send(page.replaceAll(PAGE_NONCE_PLACEHOLDER, nonce));
    };

    app.get(prefix, sendPage);
    app.get(`${prefix}/`, sendPage);
    app.get(`${prefix}/*`, sendPage);
  };

/**
 * The operator console. Staff pages are never framed (click-jacking) and talk to their own origin
 * only. They frame their own origin only for a visitor's mail as sent, a sandboxed page of the console's API.
 */
export const consolePageRoutes = (options: { consoleDir: string | null; isProduction: boolean }): FastifyPluginAsync =>
  appPageRoutes({
    prefix: '/console',
    title: 'Console',
    dir: options.consoleDir,
    isProduction: options.isProduction,
    directives: () => ({ 'frame-src': ["'self'"] }),
  });

/**
 * The gate scanner (decision 021): its own service worker, the camera, and the QR reader's
 * WebAssembly (zxing) compiled from its own file; it talks to this origin only and is never framed.
 */
export const gatePageRoutes = (options: { gateDir: string | null; isProduction: boolean }): FastifyPluginAsync =>
  appPageRoutes({
    prefix: '/gate',
    title: 'Gate',
    dir: options.gateDir,
    isProduction: options.isProduction,
    directives: () => ({
      'script-src': ["'wasm-unsafe-eval'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      // A photo of a ticket is read from a blob of the chosen file.
      'img-src': ['blob:'],
      'media-src': ["'self'", 'blob:'],
    }),
    pageHeaders: { 'permissions-policy': 'camera=(self), microphone=(), geolocation=()' },
  });
