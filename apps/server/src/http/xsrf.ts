/**
 * The XSRF cookie/header pair (DESIGN: tokens and access): every answer makes sure the browser has
 * an `XSRF-TOKEN` cookie; every state-changing API call must echo it in `X-XSRF-TOKEN`. A page on
 * another site can make the browser send the cookie, but cannot read it to set the header.
 */
import { timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { newToken } from './tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const xsrfProtection = fp(async (app: FastifyInstance, options: { secure: boolean }) => {
  await app.register(fastifyCookie);
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      // Readable by the page's script on purpose: it copies the value into the header.
      reply.setCookie(XSRF_COOKIE, newToken(), { path: '/', sameSite: 'lax', secure: options.secure, httpOnly: false });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.includes('/api/')) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new AppError(403, {
        error: 'invalid request',
        can_retry: false,
        field: XSRF_HEADER,
        message: 'state-changing calls need the X-XSRF-TOKEN header to match the XSRF-TOKEN cookie',
      });
    }
  });
});
