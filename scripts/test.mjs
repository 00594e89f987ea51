#!/usr/bin/env node
// `npm test`: type checks, lint, then every test tier. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.mjs';

requireNode();
const root = fileURLToPath(new URL('..', import.meta.url));
const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['build', ['npm', 'run', 'build']],
  ['tests', ['npx', 'vitest', 'run', ...process.argv.slice(2)]],
];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all checks passed');
