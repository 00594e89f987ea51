/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = openDatabase(config.database);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.engine}).`);
