/**
 * Serves the built storefront under every variant path (`/`, `/tickets/`, `/<variant>/`,
 * `/<variant>/tickets/`), writing the site code on <body> so the app knows which venue it is, and
 * the venue's Content-Security-Policy with a fresh nonce on each page.
 * The page carries what its first paint needs (issue 19): the entry's CSS and the venue's colours
 * inline, the order route's chunks preloaded, the venue's settings, languages, texts and products as
 * a JSON data block (first-answer.ts) and a static first view of the order page (first-view.ts),
 * in the language of the `lang` parameter, else the venue's default.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Configuration, Language, Product } from '@storefront/domain/api/catalogue';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { PAGE_NONCE_PLACEHOLDER } from '@storefront/domain/page-nonce';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppMode } from '../../config.ts';
import { baseDirectives, widen } from '../../http/security-headers.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { Site } from '../sites/site.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { firstAnswerElement, pageLanguage, parsedAnswer } from './first-answer.ts';
import { type FirstViewData, renderOrderFirstView, renderShellFirstView } from './first-view.ts';
import { type PageAssets, readPageAssets } from './page-assets.ts';
import { pageDirectives } from './page-policy.ts';
import { languageOfHeader, unknownVenuePage } from './unknown-venue-page.ts';

const plainPage = (heading: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title></head>
<body><main><h1>${heading}</h1><p>${text}</p></main></body></html>`;

const UNBUILT_PAGE = plainPage('Storefront', 'The storefront has not been built yet: run <code>npm run build</code>.');

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A colour from the venue's theme as CSS may take it; anything else is left to the stylesheet. */
const CSS_COLOUR = /^[#\w\s(),.%/-]+$/;

/** A rule setting custom properties, each only when its value is a colour CSS may take. */
function colourRule(selector: string, tokens: [string, string][]): string {
  return `${selector}{${tokens
    .filter(([, value]) => CSS_COLOUR.test(value))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/** The venue's colour tokens, as the app sets them (app/bootstrap.ts), for the first paint. */
const themeCss = (theme: Configuration['theme']) =>
  colourRule(':root', [
    ['--color-primary', theme.primary],
    ['--color-on-primary', theme.onPrimary],
    ['--color-background', theme.background],
    ['--color-text', theme.text],
    ['--color-accent', theme.accent],
  ]);

/** The ticket header's colours (ticket-page.tsx sets them on the element), for a ticket's first view. */
const ticketHeaderCss = (display: Configuration['ticketDisplay']) =>
  colourRule('.ticket-header', [
    ['--ticket-header-pc', display.headerColor.pc],
    ['--ticket-header-sp', display.headerColor.sp],
  ]);

/** The built page split where each visit's parts go. */
type PageParts = {
  head: string;
  /** The order route's modulepreloads, for the order page. */
  orderPreloads: string;
  /** The ticket screen's, for pages under the tickets prefix (most of their visits show a ticket). */
  ticketPreloads: string;
  bodyStart: string;
  rootOpen: string;
  end: string;
};

function splitTemplate(assets: PageAssets): PageParts | null {
  const page = assets.template;
  const headEnd = page.indexOf('</head>');
  const root = page.indexOf('<div id="root"></div>');
  if (headEnd < 0 || root < 0 || root < headEnd) return null;
  const preloadsOf = (modules: string[]) =>
    modules
      .map(
        (href) =>
          `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeAttribute(href)}" nonce="${PAGE_NONCE_PLACEHOLDER}">`,
      )
      .join('');
  const css = assets.inlineCss ? `<style nonce="${PAGE_NONCE_PLACEHOLDER}">${assets.inlineCss}</style>` : '';
  return {
    head: page.slice(0, headEnd) + css,
    orderPreloads: preloadsOf(assets.orderModules),
    ticketPreloads: preloadsOf(assets.ticketModules),
    bodyStart: page.slice(headEnd, root),
    rootOpen: '<div id="root">',
    end: page.slice(root + '<div id="root">'.length),
  };
}

/**
 * The app's module script and preloads as inert links (`app-entry`, `app-preload`), which the
 * first view's guard turns back into them once the view has painted (decision 020).
 */
function afterPaint(html: string): string {
  return html
    .replace(/<script type="module" crossorigin[^>]* src="([^"]+)"[^>]*><\/script>/g, '<link rel="app-entry" href="$1">')
    .replace(/<link rel="modulepreload" crossorigin[^>]* href="([^"]+)"[^>]*>/g, '<link rel="app-preload" href="$1">');
}

/** The venue's data and first view for one language, made again only when the catalogue's answers change. */
type Rendered = { sources: Buffer[]; answer: string; view: string; config: Configuration };

export const storefrontRoutes =
  (options: {
    sites: SitesService;
    catalogue: CatalogueService;
    storefrontDir: string;
    appMode: AppMode;
    isProduction: boolean;
  }): FastifyPluginAsync =>
  async (app) => {
    const base = baseDirectives({ isProduction: options.isProduction });
    const indexFile = join(options.storefrontDir, 'index.html');
    const isBuilt = existsSync(indexFile);
    const assets = isBuilt
      ? readPageAssets(options.storefrontDir, readFileSync(indexFile, 'utf8'))
      : { template: UNBUILT_PAGE, inlineCss: '', orderModules: [], ticketModules: [] };
    const parts = isBuilt ? splitTemplate(assets) : null;
    const rendered = new Map<string, Rendered>();

    const assetsDir = join(options.storefrontDir, 'assets');
    if (existsSync(assetsDir)) {
      await app.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/assets/',
        // File names carry a content hash, so they never change.
        immutable: true,
        maxAge: '365d',
        index: false,
        // The build writes .br and .gz copies beside each file (scripts/precompress.mjs).
        preCompressed: true,
      });
    }

    /** The data block and first view of a venue in a language, from the catalogue's cached answers. */
    async function firstView(site: Site, langParameter: unknown, isTickets: boolean): Promise<Rendered & { lang: LanguageCode }> {
      const [configuration, languages] = await Promise.all([
        options.catalogue.configuration(site),
        options.catalogue.languages(site),
      ]);
      const lang = pageLanguage(langParameter, parsedAnswer<Language[]>(languages));
      const [texts, products] = await Promise.all([options.catalogue.texts(site, lang), options.catalogue.products(site, lang)]);
      const sources = [configuration, languages, texts, products];
      const key = `${site.id}:${lang}:${isTickets ? 'tickets' : 'order'}`;
      const known = rendered.get(key);
      if (known?.sources.every((source, index) => source === sources[index])) return { ...known, lang };
      const data: FirstViewData = {
        lang,
        configuration: parsedAnswer<Configuration>(configuration),
        languages: parsedAnswer<Language[]>(languages),
        texts: parsedAnswer<Record<string, string>>(texts),
        products: parsedAnswer<Product[]>(products),
      };
      const made: Rendered = {
        sources,
        answer: firstAnswerElement({ lang, configuration, languages, texts, products }),
        // Under the tickets prefix the screen is a ticket's, which the server cannot tell: the shell only.
        view: isTickets ? renderShellFirstView(data) : renderOrderFirstView(data),
        config: data.configuration,
      };
      rendered.set(key, made);
      return { ...made, lang };
    }

    function pageHtml(site: Site, nonce: string, first: (Rendered & { lang: LanguageCode }) | null, isTickets: boolean): string {
      const attributes = `data-site-code="${escapeAttribute(site.code)}" data-variant="${escapeAttribute(site.variant)}" data-app-mode="${options.appMode}"`;
      const lang = first?.lang ?? DEFAULT_LANGUAGE;
      const title = escapeAttribute(site.pageTitle[lang] ?? localize(site.venue.name, lang));
      const withNonce = (html: string) => html.replaceAll(PAGE_NONCE_PLACEHOLDER, nonce);
      const withBody = (html: string) => html.replace(/<body([^>]*)>/, `<body$1 ${attributes}>`);
      const withTitle = (html: string) => html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
      if (!parts) return withNonce(withBody(withTitle(assets.template)));
      const preloads = isTickets ? parts.ticketPreloads : parts.orderPreloads;
      if (!first) return withNonce(withBody(withTitle(parts.head) + preloads + parts.bodyStart) + parts.rootOpen + parts.end);
      const icon = `data:image/svg+xml,${encodeURIComponent(first.config.theme.logoSvg)}`;
      const head = withTitle(parts.head)
        .replace(
          /<html lang="[^"]*"/,
          // The site code on <html> too: the first view's guard reads it before <body> exists.
          `<html lang="${LANGUAGE_TAGS[lang]}" data-lang="${lang}" data-site-code="${escapeAttribute(site.code)}"`,
        )
        .replace(/<link rel="icon" href="[^"]*"/, `<link rel="icon" href="${escapeAttribute(icon)}"`);
      // With a first view to paint, the app's code waits for the paint (first-view-guard.js starts it).
      const hasView = first.view.includes('data-first-view');
      return (
        withNonce(
          `${hasView ? afterPaint(head) : head}${hasView ? afterPaint(preloads) : preloads}<style nonce="${PAGE_NONCE_PLACEHOLDER}">${themeCss(first.config.theme)}${isTickets ? ticketHeaderCss(first.config.ticketDisplay) : ''}</style>${withBody(parts.bodyStart)}`,
        ) +
        parts.rootOpen +
        first.view +
        '</div>' +
        first.answer +
        withNonce(parts.end.replace(/^<\/div>/, ''))
      );
    }

    /** No venue at this address: a styled page in the visitor's language, its style under a nonce. */
    const sendNoVenue = (req: FastifyRequest, reply: FastifyReply) => {
      const nonce = randomBytes(16).toString('base64');
      reply.helmet({
        contentSecurityPolicy: { useDefaults: false, directives: widen(base, { 'style-src': [`'nonce-${nonce}'`] }) },
      });
      const lang = languageOfHeader(req.headers['accept-language']);
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language')
        .header('content-language', LANGUAGE_TAGS[lang])
        .type('text/html; charset=utf-8')
        .send(unknownVenuePage(lang, nonce));
    };

    const sendPage = async (req: FastifyRequest, reply: FastifyReply, site: Site | null, isTickets: boolean) => {
      if (!site) return sendNoVenue(req, reply);
      let first: (Rendered & { lang: LanguageCode }) | null = null;
      if (parts) {
        try {
          first = await firstView(site, (req.query as { lang?: unknown }).lang, isTickets);
        } catch (error) {
          // The page still works without its first view: the app reads the same data from the API.
          req.log.warn({ err: error }, 'the first view could not be made');
        }
      }
      const nonce = randomBytes(16).toString('base64');
      reply.helmet({
        contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(base, site, options.appMode, nonce) },
      });
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageHtml(site, nonce, first, isTickets));
    };

    app.get('/', async (req, reply) => sendPage(req, reply, await options.sites.defaultSite(), false));
    app.get('/tickets/', async (req, reply) => sendPage(req, reply, await options.sites.defaultSite(), true));
    app.get('/tickets', async (req, reply) => {
      if (!(await options.sites.defaultSite())) return sendNoVenue(req, reply);
      return reply.redirect('/tickets/', 301);
    });
    app.get<{ Params: { variant: string } }>('/:variant/', async (req, reply) =>
      sendPage(req, reply, await variantSite(req.params.variant), false),
    );
    app.get<{ Params: { variant: string } }>('/:variant/tickets/', async (req, reply) =>
      sendPage(req, reply, await variantSite(req.params.variant), true),
    );
    app.get<{ Params: { variant: string } }>('/:variant', async (req, reply) => {
      if (!(await variantSite(req.params.variant))) return sendNoVenue(req, reply);
      return reply.redirect(`/${encodeURIComponent(req.params.variant)}/`, 301);
    });
    app.get<{ Params: { variant: string } }>('/:variant/tickets', async (req, reply) => {
      if (!(await variantSite(req.params.variant))) return sendNoVenue(req, reply);
      return reply.redirect(`/${encodeURIComponent(req.params.variant)}/tickets/`, 301);
    });

    async function variantSite(variant: string): Promise<Site | null> {
      const site = await options.sites.resolve(variant);
      // Pages are addressed by variant only; site codes are for the API and <body>.
      return site && site.variant === variant ? site : null;
    }
  };
