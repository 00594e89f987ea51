#!/usr/bin/env node
// `npm run test:slowest`: the 20 slowest files and the 20 slowest tests of the last test run, from
// the report vitest.durations-reporter.ts writes on every run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const reportPath = fileURLToPath(new URL('../test-results/durations.json', import.meta.url));
let report;
try {
  report = JSON.parse(readFileSync(reportPath, 'utf8'));
} catch {
  console.error(`No durations yet: ${reportPath} is written by every vitest run (npm test, npm run test:fast).`);
  process.exit(1);
}
const count = Number(process.argv[2] ?? 20);
const seconds = (ms, digits = 1) => `${(ms / 1000).toFixed(digits).padStart(7)} s`;

const files = report.files.toSorted((a, b) => b.total - a.total);
const all = files.reduce((sum, file) => sum + file.total, 0);
console.log(`Run finished ${report.finishedAt}: ${files.length} files, ${seconds(all).trim()} of file time in all.\n`);
console.log(`Slowest ${Math.min(count, files.length)} files (total = import + setup + tests and hooks):`);
for (const file of files.slice(0, count)) {
  const parts = `import ${(file.collect / 1000).toFixed(1)}, setup ${(file.setup / 1000).toFixed(1)}, tests ${(file.run / 1000).toFixed(1)}`;
  console.log(
    `${seconds(file.total)}  ${file.project.padEnd(10)} ${file.file}  (${parts})${file.state === 'failed' ? '  FAILED' : ''}`,
  );
}

const tests = files.flatMap((file) => file.tests.map((test) => ({ ...test, file: file.file })));
tests.sort((a, b) => b.duration - a.duration);
console.log(`\nSlowest ${Math.min(count, tests.length)} tests:`);
for (const test of tests.slice(0, count)) {
  console.log(`${seconds(test.duration, 2)}  ${test.file} › ${test.name}${test.state === 'failed' ? '  FAILED' : ''}`);
}
