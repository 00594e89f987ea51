/**
 * A server for the benchmarks, in its own process so the load generator does not share its
 * event loop. `catalog`: the real app on a seeded embedded database. `bare`: Fastify with one
 * route that answers a fixed JSON body, the baseline. Prints its port on stdout.
 */
import { buildApp } from '@storefront/server/app';
import { openDatabase } from '@storefront/server/db/client';
import { seedCatalogue } from '@storefront/server/db/seed';
import Fastify from 'fastify';

const mode = process.argv[2];

if (mode === 'bare') {
  const app = Fastify();
  const body = { productId: 1, date: '2026-01-01', timeSpans: [] };
  app.get('/bare', async () => body);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(JSON.stringify({ address }));
} else if (mode === 'catalog') {
  const database = openDatabase({ engine: 'pglite', dataDir: null });
  await database.migrate();
  await seedCatalogue(database.db, { days: 14, variants: ['borderless', 'demo'] });
  const app = await buildApp({
    config: { appMode: 'demo', appEnv: 'production', reconnectSite: null },
    db: database.db,
    storefrontDir: '/nonexistent',
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(JSON.stringify({ address }));
} else {
  console.error('usage: server.ts bare|catalog');
  process.exit(2);
}

process.on('message', (message) => {
  if (message === 'memory') process.send?.({ rss: process.memoryUsage().rss });
});
