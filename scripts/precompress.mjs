/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible built asset, at the
 * strongest settings, once at build time: the server sends them as they are (@fastify/static
 * `preCompressed`) to a browser that accepts them. Small files and copies that save nothing are
 * skipped (the server then sends the file itself). Usage: node scripts/precompress.mjs <dir>…
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.wasm', '.txt', '.xml', '.ico', '.webmanifest']);
const MIN_BYTES = 1024;
/** A copy must be at least this much smaller than the file to be worth a second representation. */
const MIN_SAVING = 0.9;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesBelow(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesBelow(path) : [path];
    }),
  );
  return nested.flat();
}

async function precompress(file) {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [];
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (copy.length > body.length * MIN_SAVING) continue;
    await writeFile(`${file}${suffix}`, copy);
    written.push(copy.length);
  }
  return { raw: body.length, br: written.length > 0 ? br.length : body.length };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node scripts/precompress.mjs <dir>…');
  process.exit(2);
}
let raw = 0;
let compressed = 0;
let count = 0;
for (const dir of dirs) {
  const files = [];
  for (const file of await filesBelow(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    files.push(file);
  }
  for (const result of await Promise.all(files.map(precompress))) {
    raw += result.raw;
    compressed += result.br;
    count += 1;
  }
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(compressed / 1024).toFixed(0)} KB brotli`);
