/**
 * `npm run db:seed`: loads the demo catalogue into an empty database, or tops up the time slots
 * of one that already has it. Refused in production mode, whose venues are real: the demo's
 * made-up venues and sales must never reach them. Runs as DATABASE_MIGRATION_URL's role where it
 * is set (decision 033).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const config = loadConfig();
if (config.appMode === 'production') {
  console.error('APP_MODE=production: the demo catalogue is never loaded into a production database.');
  process.exit(1);
}
const database = openDatabase(config.migrationDatabase);
const { seededSites } = await prepareDatabase(database, { seedsDemo: true, topUp: true });
await database.close();
console.log(
  seededSites === null ? 'The catalogue was already there; its time slots are topped up.' : `Seeded ${seededSites} sites.`,
);
