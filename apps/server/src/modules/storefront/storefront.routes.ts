/**
 * Serves the built storefront under every variant path (`/`, `/tickets/`, `/<variant>/`,
 * `/<variant>/tickets/`), writing the site code on <body> so the app knows which venue it is, and
 * the venue's Content-Security-Policy with a fresh nonce on each page.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { localize } from '@storefront/domain/localize';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppMode } from '../../config.ts';
import { baseDirectives } from '../../http/security-headers.ts';
import type { Site } from '../sites/site.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { pageDirectives } from './page-policy.ts';

const plainPage = (heading: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title></head>
<body><main><h1>${heading}</h1><p>${text}</p></main></body></html>`;

const UNBUILT_PAGE = plainPage('Storefront', 'The storefront has not been built yet: run <code>npm run build</code>.');
const NO_VENUE_PAGE = plainPage('Not found', 'There is no venue at this address.');

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function renderIndex(template: string, site: Site, appMode: AppMode): string {
  const title = escapeAttribute(localize(site.pageTitle, 'ja'));
  const attributes = `data-site-code="${escapeAttribute(site.code)}" data-variant="${escapeAttribute(site.variant)}" data-app-mode="${appMode}"`;
  return template.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`).replace(/<body([^>]*)>/, `<body$1 ${attributes}>`);
}

export const storefrontRoutes =
  (options: { sites: SitesService; storefrontDir: string; appMode: AppMode; isProduction: boolean }): FastifyPluginAsync =>
  async (app) => {
    const base = baseDirectives({ isProduction: options.isProduction });
    const indexFile = join(options.storefrontDir, 'index.html');
    const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : UNBUILT_PAGE;
    const pages = new Map<number, string>();

    const assets = join(options.storefrontDir, 'assets');
    if (existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        // File names carry a content hash, so they never change.
        immutable: true,
        maxAge: '365d',
        index: false,
        // The build writes .br and .gz copies beside each file (scripts/precompress.mjs).
        preCompressed: true,
      });
    }

    const sendPage = (reply: FastifyReply, site: Site | null) => {
      if (!site) return reply.code(404).type('text/html; charset=utf-8').send(NO_VENUE_PAGE);
      let page = pages.get(site.id);
      if (page === undefined) {
        page = renderIndex(template, site, options.appMode);
        pages.set(site.id, page);
      }
      const nonce = randomBytes(16).toString('base64');
      reply.helmet({
        contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(base, site, options.appMode, nonce) },
      });
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.replaceAll(PAGE_NONCE_PLACEHOLDER, nonce));
    };

    app.get('/', async (_req, reply) => sendPage(reply, await options.sites.defaultSite()));
    app.get('/tickets/', async (_req, reply) => sendPage(reply, await options.sites.defaultSite()));
    app.get('/tickets', async (_req, reply) => {
      if (!(await options.sites.defaultSite())) return sendPage(reply, null);
      return reply.redirect('/tickets/', 301);
    });
    app.get<{ Params: { variant: string } }>('/:variant/', async (req, reply) =>
      sendPage(reply, await variantSite(req.params.variant)),
    );
    app.get<{ Params: { variant: string } }>('/:variant/tickets/', async (req, reply) =>
      sendPage(reply, await variantSite(req.params.variant)),
    );
    app.get<{ Params: { variant: string } }>('/:variant', async (req, reply) => {
      if (!(await variantSite(req.params.variant))) return sendPage(reply, null);
      return reply.redirect(`/${encodeURIComponent(req.params.variant)}/`, 301);
    });
    app.get<{ Params: { variant: string } }>('/:variant/tickets', async (req, reply) => {
      if (!(await variantSite(req.params.variant))) return sendPage(reply, null);
      return reply.redirect(`/${encodeURIComponent(req.params.variant)}/tickets/`, 301);
    });

    async function variantSite(variant: string): Promise<Site | null> {
      const site = await options.sites.resolve(variant);
      // Pages are addressed by variant only; site codes are for the API and <body>.
      return site && site.variant === variant ? site : null;
    }
  };
