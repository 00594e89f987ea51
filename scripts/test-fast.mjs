#!/usr/bin/env node
// `npm run test:fast`: the inner loop. Type checks, lint, the unit tests that need neither a
// database nor a server nor a browser, and the component tests of the three apps. `npm test` is
// still the whole suite, and what CI runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { requireNode } from './node-version.mjs';
import { root, runSteps } from './run-steps.mjs';

requireNode();

// A unit test file needs a database when it opens one itself or through the server's test
// support (a database per engine, the app, a server process); the rest run in a second or two.
const needsDatabase = /describeEachEngine|createTestDatabase|openDatabase|PGlite|test\/(app|database|server-process)\.ts/;
const unitFolders = ['packages', 'seed/src', 'apps/server/src'];

function* testFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') yield* testFiles(path);
    else if (entry.isFile() && entry.name.endsWith('.test.ts')) yield path;
  }
}

const unitFiles = unitFolders
  .flatMap((folder) => [...testFiles(join(root, folder))])
  .filter((path) => !needsDatabase.test(readFileSync(path, 'utf8')))
  .map((path) => relative(root, path));

runSteps([
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unused code', ['npm', 'run', 'knip']],
  [
    `unit tests without a database (${unitFiles.length} files) and component tests`,
    [
      'npx',
      'vitest',
      'run',
      ...['unit', 'storefront', 'console', 'gate'].flatMap((project) => ['--project', project]),
      ...unitFiles,
      'apps/storefront/src/',
      'apps/console/src/',
      'apps/gate/src/',
      ...process.argv.slice(2),
    ],
  ],
]);
