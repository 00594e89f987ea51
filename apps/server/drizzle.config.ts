import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares the tables it owns in its own `*.schema.ts`.
  schema: './apps/server/src/**/*.schema.ts',
  out: './apps/server/src/db/migrations',
});
