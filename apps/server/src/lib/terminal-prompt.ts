/** What the command-line tools (`staff:create`, `db:roles`) share: stopping with a message, and asking for a secret. */
import { createInterface } from 'node:readline';

/** Says what is wrong on stderr and stops the tool. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it, or from stdin when it is not a terminal. */
export function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  const lines = createInterface({ input, output: process.stdout, terminal: input.isTTY });
  return new Promise((resolve) => {
    if (input.isTTY) {
      process.stdout.write(prompt);
      // Nothing typed is written back to the terminal.
      (lines as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    }
    lines.once('line', (line) => {
      resolve(line);
      lines.close();
      if (input.isTTY) process.stdout.write('\n');
    });
    lines.once('close', () => resolve(''));
  });
}
