/**
 * The sandbox gateway's charges under a rush: charges started at the same moment are written in
 * one statement, each answered with its own outcome, and one idempotency key still charges once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../../../test/database.ts';
import { card } from '../../../../test/payments.ts';
import { idArray, rows } from '../../../db/rows.ts';
import type { StartPayment } from './provider.ts';
import { createSandboxGateway, SANDBOX_CARDS } from './sandbox-gateway.ts';

describeEachEngine('sandbox gateway charges', (ctx) => {
  const start = (idempotencyKey: string, number: string = SANDBOX_CARDS.success): StartPayment => ({
    paymentNumber: `pay_${idempotencyKey}`,
    siteId: 1,
    idempotencyKey,
    method: 'gmo',
    amount: 1200,
    currency: 'JPY',
    card: card(number),
    returnUrl: 'http://shop.test/back',
    cancelUrl: 'http://shop.test/cancel',
    description: 'a test charge',
  });

  it('starts at the same moment: each its own outcome, written together; one key charges once', async () => {
    const gateway = createSandboxGateway(ctx.db, { publicUrl: () => 'http://shop.test' });
    const keys = Array.from({ length: 6 }, () => randomUUID());
    const twice = randomUUID();
    const outcomes = await Promise.all([
      ...keys.map((key, i) => gateway.start(start(key, i === 2 ? SANDBOX_CARDS.decline : SANDBOX_CARDS.success))),
      gateway.start(start(twice)),
      gateway.start(start(twice)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'captured',
      'captured',
      'failed',
      'captured',
      'captured',
      'captured',
      'captured',
      'captured',
    ]);
    const references = outcomes.map((o) => o.reference);
    expect(new Set(references.slice(0, 6)).size).toBe(6);
    expect(references[6]).toBe(references[7]);

    const stored = await rows<{ idempotency_key: string; reference: string; status: string; version: string }>(
      ctx.db,
      sql`select idempotency_key, reference, status, xmin::text as version from sandbox_charges
          where idempotency_key = any(${idArray([...keys, twice])}::text[])`,
    );
    expect(stored).toHaveLength(7);
    const byKey = new Map(stored.map((row) => [row.idempotency_key, row]));
    for (const [i, key] of keys.entries())
      expect(byKey.get(key)).toMatchObject({ reference: references[i], status: i === 2 ? 'failed' : 'captured' });
    // Rows written by one statement share its transaction id.
    expect(new Set(stored.map((row) => row.version)).size).toBeLessThan(stored.length);
  });
});
