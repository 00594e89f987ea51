/**
 * `npm run db:migrate`: applies the committed migrations to the configured database, as
 * DATABASE_MIGRATION_URL's role where it is set (decision 033).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = openDatabase(config.migrationDatabase);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.engine}).`);
