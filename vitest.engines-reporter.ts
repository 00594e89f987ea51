/** Prints how many database tests ran on each engine, and says so plainly when one was skipped. */
import type { Reporter, TestModule } from 'vitest/node';

export default class EnginesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { pglite: 0, postgres: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state !== 'passed' && state !== 'failed') continue;
        const name = test.fullName;
        if (name.includes('[pglite]')) counts.pglite += 1;
        if (name.includes('[postgres]')) counts.postgres += 1;
      }
    }
    const lines = [`Database tests: ${counts.pglite} on PGlite, ${counts.postgres} on PostgreSQL.`];
    if (!process.env.TEST_DATABASE_URL) lines.push('PostgreSQL tests skipped: TEST_DATABASE_URL is not set.');
    console.log(`\n${lines.join('\n')}\n`);
  }
}
