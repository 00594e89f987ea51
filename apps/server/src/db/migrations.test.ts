import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
// Every module's tables: the same glob as drizzle.config.ts.
const schema = join(fileURLToPath(new URL('..', import.meta.url)), '**/*.schema.ts');

describe('migrations', () => {
  it('agree with the schema (run `npm run db:generate` after changing it)', () => {
    const out = mkdtempSync(join(tmpdir(), 'storefront-migrations-'));
    cpSync(migrationsFolder, out, { recursive: true });
    const config = join(out, 'drizzle.config.mjs');
    // drizzle-kit wants `out` relative to where it runs.
    writeFileSync(config, `export default ${JSON.stringify({ dialect: 'postgresql', schema, out: '.' })};`);
    const before = readdirSync(out).sort();
    const output = execFileSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
      cwd: out,
      encoding: 'utf8',
    });
    expect(readdirSync(out).sort(), output).toEqual(before);
    expect(output).toMatch(/No schema changes/);
  }, 60_000);
});
