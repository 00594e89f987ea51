/**
 * `npm run db:seed`: loads the demo catalogue into an empty database, or tops up the time slots
 * of one that already has it.
 */
import { loadConfig } from '../config.ts';
import { openDatabase, withStartupLock } from './client.ts';
import { isCatalogueEmpty, seedCatalogue, topUpCatalogue } from './seed.ts';

const config = loadConfig();
const database = openDatabase(config.database);
await database.migrate();
const message = await withStartupLock(database, async (db) => {
  if (!(await isCatalogueEmpty(db))) {
    await topUpCatalogue(db);
    return 'The catalogue was already there; its time slots are topped up.';
  }
  const { sites } = await seedCatalogue(db);
  return `Seeded ${sites} sites.`;
});
await database.close();
console.log(message);
