/**
 * The XSRF cookie/header pair (DESIGN: tokens and access): the browser gets an `XSRF-TOKEN` cookie
 * with the storefront's page (and with `configurations`, the first call the storefront makes), never
 * with a static file; every state-changing API call must echo it in `X-XSRF-TOKEN`. A page on another site can make
 * the browser send the cookie, but cannot read it to set the header.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newToken } from '../lib/tokens.ts';
import { readCookie } from './cookies.ts';
import { specError } from './errors.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The XSRF cookie's value; a malformed one counts as none: pages hand out a fresh one, calls are refused. */
export function readXsrfCookie(header: string | undefined): string | null {
  return readCookie(header, XSRF_COOKIE);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Files anyone may keep and share: the storefront's, the console's and the gate's built assets and the venues'
 * images. A cookie on them would make a shared cache refuse them, or hand one visitor's to another.
 */
const STATIC_FILE_PREFIXES = ['/assets/', '/console/assets/', '/gate/assets/', '/images/'];

/**
 * The path these checks decide on: the route the router matched (`/:site/api/v1/orders`), not the
 * address as the browser wrote it. The router decodes the address before matching, so
 * `/demo/ap%69/v1/orders` is the orders route while its text holds no `/api/`; deciding on the
 * route covers every way of writing an address (any escape, now or in a later router) without this
 * file having to know how the router reads one, which refusing some escapes would. An address no
 * route answers runs nothing but the not-found answer: its own text is enough there.
 */
function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? '';
}

/** Where a browser without the cookie is given one: pages, and the storefront's first API call; never files. */
function issuesCookie(path: string): boolean {
  if (STATIC_FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return !path.includes('/api/') || path.endsWith('/api/v1/configurations');
}

export const xsrfProtection = fp(async (app: FastifyInstance, options: { secure: boolean }) => {
  const attributes = `; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) {
      // Readable by the page's script on purpose: it copies the value into the header.
      if (issuesCookie(routedPath(request)) && !readXsrfCookie(request.headers.cookie)) {
        reply.header('set-cookie', `${XSRF_COOKIE}=${newToken()}${attributes}`);
      }
      done();
      return;
    }
    if (!routedPath(request).includes('/api/')) {
      done();
      return;
    }
    const cookie = readXsrfCookie(request.headers.cookie);
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      done(
        // Forbidden rather than malformed: the call may be well formed, but not from this shop's pages.
        specError('invalid request', {
          status: 403,
          field: XSRF_HEADER,
          message: 'state-changing calls need the X-XSRF-TOKEN header to match the XSRF-TOKEN cookie',
        }),
      );
      return;
    }
    done();
  });
});
