/**
 * A start's database preparation (`prepare.ts`) in a process of its own, forked by main.ts:
 * migrating as the tables' owner and seeding the demo catalogue grow a process's memory by hundreds
 * of megabytes that it never gives back (PGlite's WebAssembly memory, V8's pages), so the server
 * serves from a process that did neither (decision 038). Answers what it did over the IPC channel.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const config = loadConfig();
const isProduction = config.appMode === 'production';
const owner = config.migrationDatabase;
const handle = openDatabase(owner.engine === 'postgres' ? { ...owner, poolSize: 2 } : owner);
try {
  const prepared = await prepareDatabase(handle, { seedsDemo: !isProduction, topUp: !isProduction });
  process.send?.(prepared);
} finally {
  await handle.close();
}
