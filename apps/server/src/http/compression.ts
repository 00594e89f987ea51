/**
 * Compressed answers (issue 19): brotli or gzip, as the browser asks, for every compressible answer
 * over about a kilobyte — API JSON, pages, CSV exports (streamed as they are written). Built
 * assets are compressed once at build time (`scripts/precompress.mjs`) and sent as they are by
 * @fastify/static (`preCompressed`), so this plugin leaves an answer that already carries a
 * Content-Encoding alone. Every compressible answer names `Accept-Encoding` in `Vary`, compressed
 * or not, so a shared cache never hands one browser's encoding to another.
 * Registered before any route: the plugin attaches itself to each route as it is added.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Under this many bytes an answer goes as it is: compressing it saves less than it costs. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text, JSON, XML, JavaScript, WebAssembly and SVG; not event streams (a compressor holds back
 * what a lobby screen must see at once). Images, PDFs and XLSX files are compressed already.
 */
const COMPRESSIBLE_TYPE = /^text\/(?!event-stream)|[+/](?:json|xml|javascript|wasm)(?:;|$)|^image\/svg\+xml/u;

function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentType.toLowerCase());
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const names = value.split(',').map((part) => part.trim().toLowerCase());
  if (names.includes(name) || names.includes('*')) return;
  reply.header('vary', value ? `${value}, ${name}` : name);
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Requests are not decompressed: a small compressed body could unpack to a huge one.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    // Answers are compressed as they are sent: a fast brotli level (11 is for build time).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && isCompressibleType(type)) addVary(reply, 'accept-encoding');
    return payload;
  });
}
