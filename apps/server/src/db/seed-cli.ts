/**
 * `npm run db:seed`: loads the demo catalogue into an empty database, or tops up the time slots
 * of one that already has it.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const database = openDatabase(loadConfig().database);
const { seededSites } = await prepareDatabase(database, { topUp: true });
await database.close();
console.log(
  seededSites === null ? 'The catalogue was already there; its time slots are topped up.' : `Seeded ${seededSites} sites.`,
);
