#!/usr/bin/env node
// `npm start`: builds the storefront when its sources changed, then starts the server
// (which migrates, and seeds an empty database, before it listens).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireNode } from './node-version.mjs';

requireNode();
const root = fileURLToPath(new URL('..', import.meta.url));

function newestChange(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

const builtIndex = join(root, 'apps/storefront/dist/index.html');
const sources = ['apps/storefront/src', 'apps/storefront/index.html', 'apps/storefront/vite.config.ts', 'packages/domain/src'];
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestChange(sources)) {
  console.log('Building the storefront…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--experimental-strip-types', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
