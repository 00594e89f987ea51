import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test/database.ts';
import { freePort } from '../test/server-process.ts';
import { sites } from './modules/sites/sites.schema.ts';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Production mode needs PostgreSQL, as the configuration requires. */
describe.skipIf(!testEngines.includes('postgres'))('a production start on an empty database [postgres]', () => {
  it('loads no demo, says how to create the first venue, and answers 404', async () => {
    const database = await createTestDatabase('postgres');
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--experimental-strip-types', mainScript], {
      env: {
        ...process.env,
        DATABASE_URL: database.url ?? '',
        APP_MODE: 'production',
        APP_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        STRIPE_SECRET_KEY: 'sk_test_notarealkey',
        STRIPE_WEBHOOK_SECRET: 'whsec_notarealsecret',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    try {
      const until = Date.now() + 60_000;
      while (!output.includes('No venue yet') && child.exitCode === null && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain(
        `No venue yet: create the first owner with \`npm run staff:create -- --email you@example.com --owner\`, sign in at ${publicUrl}/console/ and create a venue.`,
      );
      expect(output).not.toContain('Seeded the demo catalogue');
      const [row] = await database.db.select({ n: count() }).from(sites);
      expect(row?.n).toBe(0);
      expect((await fetch(`${publicUrl}/`)).status).toBe(404);
      expect((await fetch(`${publicUrl}/borderless/api/v1/configurations`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      await database.dispose();
    }
  }, 90_000);
});
