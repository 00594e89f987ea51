#!/usr/bin/env node
// `npm run dev`: the API server (restarting on change) and the Vite dev servers (storefront on 5173,
// console on 5174/console/, gate scanner on 5175/gate/) with hot reload.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.mjs';

requireNode();
const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(process.execPath, ['--experimental-strip-types', '--watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@storefront/storefront'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@storefront/console'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@storefront/gate'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
