/**
 * Serves the operator console's build (`apps/console/dist`) under `/console/`: its hashed assets
 * as immutable files, and its one page for `/console`, `/console/` and every other path below it
 * (the console routes by path), with a fresh style nonce in the page and its
 * Content-Security-Policy. The console's API (`/console/api/...`) is not this plugin's: an
 * address there that no route answers gets the API's own not-found answer.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { baseDirectives, widen } from '../../http/security-headers.ts';

const UNBUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Console</title></head>
<body><main><h1>Console</h1><p>The console has not been built yet: run <code>npm run build</code>.</p></main></body></html>`;

const CONSOLE_PREFIX = '/console';

/** Addresses below /console/ that are not pages: the API, and assets that do not exist. */
function isNotPage(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith(`${CONSOLE_PREFIX}/api/`) || path.startsWith(`${CONSOLE_PREFIX}/assets/`);
}

export const consolePageRoutes =
  (options: { consoleDir: string | null; isProduction: boolean }): FastifyPluginAsync =>
  async (app) => {
    const base = baseDirectives({ isProduction: options.isProduction });
    const indexFile = options.consoleDir ? join(options.consoleDir, 'index.html') : null;
    // Read once: a rebuild needs a restart, as the storefront's page does.
    const page = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

    const assets = options.consoleDir ? join(options.consoleDir, 'assets') : null;
    if (assets && existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: `${CONSOLE_PREFIX}/assets/`,
        // File names carry a content hash, so they never change.
        immutable: true,
        maxAge: '365d',
        index: false,
        // The storefront's pages decorate the reply already; this plugin sends files only through its routes.
        decorateReply: false,
      });
    }

    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      if (isNotPage(request.url)) return reply.callNotFound();
      const nonce = randomBytes(16).toString('base64');
      // Staff pages are never framed (click-jacking) and talk to their own origin only. They frame
      // their own origin only for a visitor's mail as sent, a sandboxed page of the console's API.
      reply.helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: widen(base, { 'style-src': [`'nonce-${nonce}'`], 'frame-src': ["'self'"] }),
        },
      });
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (page === null) return reply.send(UNBUILT_PAGE);
      return reply.send(page.replaceAll(PAGE_NONCE_PLACEHOLDER, nonce));
    };

    app.get(CONSOLE_PREFIX, sendPage);
    app.get(`${CONSOLE_PREFIX}/`, sendPage);
    app.get(`${CONSOLE_PREFIX}/*`, sendPage);
  };
