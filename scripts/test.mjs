#!/usr/bin/env node
// `npm test`: type checks, lint, then every test tier. Stops at the first failing step.
import { requireNode } from './node-version.mjs';
import { runSteps } from './run-steps.mjs';

requireNode();
runSteps([
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npm', 'run', 'lint']],
  ['unused code', ['npm', 'run', 'knip']],
  ['build', ['npm', 'run', 'build']],
  ['tests', ['npx', 'vitest', 'run', ...process.argv.slice(2)]],
]);
