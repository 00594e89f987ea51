#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, one after another. Each keeps an incremental
// cache in node_modules/.cache/tsc/, so a second run checks only what changed since the first
// (a clean clone, as in CI, checks everything).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './run-steps.mjs';

const projects = [
  'packages/domain',
  'seed',
  'apps/server',
  'apps/storefront',
  'apps/console',
  'apps/gate',
  'e2e',
  'bench',
  'bench/bundle-baseline',
];
const cache = join(root, 'node_modules', '.cache', 'tsc');
for (const project of projects) {
  const buildInfo = join(cache, `${project.replaceAll('/', '+')}.tsbuildinfo`);
  const result = spawnSync('npx', ['tsc', '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`✖ tsc -p ${project}`);
    process.exit(result.status ?? 1);
  }
}
