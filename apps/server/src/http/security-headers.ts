/**
 * Security headers on every answer (DESIGN: security on every answer) through @fastify/helmet:
 * pages, API answers, assets and errors alike. The policy here is what any answer may load; a page
 * that loads more (the storefront's, the sandbox gateway's) widens it for itself.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export type Directives = Record<string, string[] | null>;

/** Nothing from elsewhere, nothing inline, never inside another site's frame. */
export function baseDirectives(options: { isProduction: boolean }): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // data: for the venue's SVG mark as the page icon.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'form-action': ["'self'"],
    // Tickets and payment pages must not be framed by another site (click-jacking), and the shop
    // is not embedded anywhere, so no page is.
    'frame-ancestors': ["'none'"],
    // Outside production the shop runs on plain http (localhost, a phone on the LAN).
    'upgrade-insecure-requests': options.isProduction ? [] : null,
  };
}

/** Adds sources to a copy of `directives`. */
export function widen(directives: Directives, more: Directives): Directives {
  const wider: Directives = { ...directives };
  for (const [name, sources] of Object.entries(more)) {
    const current = wider[name]?.filter((source) => source !== "'none'") ?? [];
    wider[name] = [...new Set([...current, ...(sources ?? [])])];
  }
  return wider;
}

/** The API documentation's page: Swagger UI writes style elements as it renders. */
export function apiDocsDirectives(options: { isProduction: boolean }): Directives {
  return widen(baseDirectives(options), { 'style-src': ["'unsafe-inline'"] });
}

export async function registerSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: baseDirectives(options) },
    // Bearer tokens travel in addresses (tickets, date changes, payment returns): no Referer leaves.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Only production is sure to be served over https; a browser remembers this for a year.
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
