// Runs named commands one after another from the repository root, stopping at the first that fails.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** @param {[string, string[]][]} steps name and command line of each step */
export function runSteps(steps) {
  for (const [name, [command, ...args]] of steps) {
    console.log(`\n▶ ${name}`);
    const started = performance.now();
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (result.status !== 0) {
      console.error(`\n✖ ${name} failed (${seconds} s)`);
      process.exit(result.status ?? 1);
    }
    console.log(`✔ ${name} (${seconds} s)`);
  }
  console.log('\n✔ all checks passed');
}
