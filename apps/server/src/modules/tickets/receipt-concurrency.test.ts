import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buyTickets } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type Receipt = { number: string; addressee: string };

describeEachEngine('receipt issued by requests at once', (ctx) => {
  const test = useTestApp(ctx);

  it('answers every first request for a receipt with the one receipt, and counts one number', async () => {
    const api = apiFor(test.app, 'demo');
    for (let round = 0; round < 3; round++) {
      const bought = await buyTickets(api, ctx.db, { quantity: 1 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api.post<Receipt>(`tickets/${bought.reservationToken}/receipt`, { addressee: `Addressee ${i}` }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const numbers = new Set(answers.map((a) => a.body.number));
      expect(numbers.size).toBe(1);
      const [stored] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from receipts r join orders o on o.id = r.order_id
            where o.reservation_number = ${bought.reservationNumber}`,
      );
      expect(stored?.n).toBe(1);
    }
    // No number was spent on a request that lost: the site's receipts count 1, 2, 3.
    const sequences = await rows<{ sequence: number }>(
      ctx.db,
      sql`select r.sequence from receipts r join sites s on s.id = r.site_id where s.variant = 'demo' order by r.sequence`,
    );
    expect(sequences.map((s) => s.sequence)).toEqual([1, 2, 3]);
  });
});
