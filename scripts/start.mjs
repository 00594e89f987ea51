#!/usr/bin/env node
// `npm start`: builds the storefront, the console and the gate scanner when their sources changed, then starts the server
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

/** Builds an app (`apps/<name>`) when its build is missing or older than its sources or the domain's. */
function buildWhenChanged(name, workspace, label) {
  const builtIndex = join(root, `apps/${name}/dist/index.html`);
  const sources = [
    `apps/${name}/src`,
    `apps/${name}/public`,
    `apps/${name}/index.html`,
    `apps/${name}/vite.config.ts`,
    'packages/domain/src',
  ];
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestChange(sources)) return;
  console.log(`Building the ${label}…`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildWhenChanged('storefront', '@storefront/storefront', 'storefront');
buildWhenChanged('console', '@storefront/console', 'console');
buildWhenChanged('gate', '@storefront/gate', 'gate scanner');

// Semi-spaces of at most 16 MB for the young generation, where V8 would size them by the
// machine's memory: the pages a busy moment grew it to stay resident, about 120 MB on an idle
// shop (decision 038).
const server = spawn(process.execPath, ['--experimental-strip-types', '--max-semi-space-size=16', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
