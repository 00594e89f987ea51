/**
 * The audit log's period (`from`, `to`) is the console's one date filter contract: a date, or a
 * date and time with its offset, from 2000-01-01 to 2100-12-31. Anything else is a 400 naming the
 * filter, never a statement the database refuses.
 */
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';

const ROUTES = ['audit', 'audit?venue=demo', 'venues/demo/audit'];

describeEachEngine(
  'the audit log’s date filters',
  (ctx) => {
    const test = useTestApp(ctx);

    it('refuses a period out of the range with a 400 naming the filter, on the whole log and a venue’s', async () => {
      const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
      const client = consoleClient(test.app);
      await signIn(client, owner.email);
      for (const route of ROUTES) {
        for (const field of ['from', 'to']) {
          for (const value of [
            '0000-01-01',
            '0001-01-01T00:00:00Z',
            '1999-12-31',
            '2101-01-01',
            '+275760-09-13',
            '275760-09-13',
            '2026-02-29',
            '-1',
            '2026-03-10T09:00:00',
          ]) {
            const url = `${route}${route.includes('?') ? '&' : '?'}${field}=${encodeURIComponent(value)}`;
            const answer = await client.get(url);
            expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(400);
            expect(answer.body, url).toMatchObject({ error: 'invalid request', field });
          }
        }
      }
    });

    it('reads the range’s first and last moments, and the periods the console sends', async () => {
      const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
      const client = consoleClient(test.app);
      await signIn(client, owner.email);
      for (const route of ROUTES) {
        for (const period of [
          'from=2000-01-01&to=2100-12-31',
          `from=${encodeURIComponent('2000-01-01T00:00:00+09:00')}&to=${encodeURIComponent('2100-12-31T23:59:59.999Z')}`,
          `from=${encodeURIComponent('2026-03-01T00:00:00+09:00')}&to=${encodeURIComponent('2026-03-31T23:59:59.999+09:00')}`,
        ]) {
          const url = `${route}${route.includes('?') ? '&' : '?'}${period}`;
          const answer = await client.get(url);
          expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
        }
      }
    });
  },
  { seed: { variants: ['demo'], days: 1 } },
);
