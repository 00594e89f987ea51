import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

const cli = fileURLToPath(new URL('./create-owner-cli.ts', import.meta.url));

function run(args: string[], input: string, dataDir: string) {
  const result = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', cli, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_MODE: 'demo', PUBLIC_URL: 'https://tickets.example.org' },
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

it('makes the first owner from the command line, with the password read from input and stored hashed', {
  timeout: 120_000,
}, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-create-'));
  const made = run(
    ['--email', 'First.Owner@Example.org', '--owner', '--name', 'First Owner'],
    'a long enough password\n',
    dataDir,
  );
  expect(made.out).toContain('Owner first.owner@example.org created. Sign in at https://tickets.example.org/console/');
  expect(made.status).toBe(0);
  expect(run(['--email', 'first.owner@example.org', '--owner'], 'a long enough password\n', dataDir)).toMatchObject({
    status: 1,
    out: expect.stringContaining('already has an account'),
  });
  expect(run(['--email', 'short@example.org', '--owner'], 'too short\n', dataDir)).toMatchObject({
    status: 1,
    out: expect.stringContaining('must be at least 12 characters'),
  });
  expect(run(['--email', 'staff@example.org'], 'a long enough password\n', dataDir).status).toBe(1);
  const database = openDatabase({ engine: 'pglite', dataDir });
  try {
    const owners = await rows<{ email: string; is_owner: boolean; status: string; password_hash: string; name: string }>(
      database.db,
      sql`select email, is_owner, status, password_hash, name from staff_accounts`,
    );
    expect(owners).toEqual([
      {
        email: 'first.owner@example.org',
        is_owner: true,
        status: 'active',
        password_hash: expect.stringMatching(/^scrypt\$/),
        name: 'First Owner',
      },
    ]);
    const audit = await rows<{ actor_type: string; action: string }>(database.db, sql`select actor_type, action from audit_log`);
    expect(audit).toEqual([{ actor_type: 'system', action: 'created' }]);
  } finally {
    await database.close();
  }
});
