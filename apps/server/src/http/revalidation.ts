/**
 * Validators for answers a browser may keep (issue 19): a venue's settings, languages, texts and
 * product list. The answer carries an ETag and `Cache-Control: no-cache` — the browser keeps it and
 * asks each time whether it is still current, and a matching `If-None-Match` gets a 304 without a
 * body. Asking each time keeps a console change visible at once, as before. Availability is never
 * answered through here: it must not be kept.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cached answers are the same bytes until they expire: each is hashed once. */
const tags = new WeakMap<Buffer, string>();

/**
 * A weak validator: the same JSON is one resource whatever its transfer encoding (a compressed
 * answer's bytes differ, its meaning does not).
 */
function etagOf(body: Buffer): string {
  let tag = tags.get(body);
  if (tag === undefined) {
    tag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    tags.set(body, tag);
  }
  return tag;
}

/** Whether `If-None-Match` names this validator (weak comparison, RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

/** Sends JSON bytes with their ETag, or a 304 when the browser already holds them. */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  const tag = etagOf(body);
  // An answer that hands out the visitor's XSRF cookie is that visitor's alone.
  reply.header('cache-control', reply.hasHeader('set-cookie') ? 'private, no-cache' : 'no-cache').header('etag', tag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
