/**
 * Writes every run's durations to `test-results/durations.json`, read by `npm run test:slowest`.
 * Vitest's own JSON and JUnit reports time a file by its tests (and hooks) only; a file's cost here
 * is mostly importing the server and making its databases, so each file carries its import
 * (`collect`), setup and test-and-hook times as well as their sum.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export type DurationsReport = {
  finishedAt: string;
  files: {
    project: string;
    file: string;
    state: string;
    /** Milliseconds: import and suite collection, setup files, tests and their hooks, and their sum. */
    collect: number;
    setup: number;
    run: number;
    total: number;
    tests: { name: string; state: string; duration: number }[];
  }[];
};

export default class DurationsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const collect = Math.round(diagnostic.collectDuration);
      const setup = Math.round(diagnostic.setupDuration + diagnostic.prepareDuration + diagnostic.environmentSetupDuration);
      const run = Math.round(diagnostic.duration);
      return {
        project: module.project.name,
        file: module.relativeModuleId,
        state: module.state(),
        collect,
        setup,
        run,
        total: collect + setup + run,
        tests: Array.from(module.children.allTests(), (test) => ({
          name: test.fullName,
          state: test.result().state,
          duration: Math.round(test.diagnostic()?.duration ?? 0),
        })),
      };
    });
    const report: DurationsReport = { finishedAt: new Date().toISOString(), files };
    const folder = join(process.cwd(), 'test-results');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'durations.json'), `${JSON.stringify(report, null, 1)}\n`);
  }
}
