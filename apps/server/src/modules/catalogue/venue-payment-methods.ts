/**
 * The payment methods a venue offers, as the console edits them: one entry per method with the
 * channels it is offered on, its provider, whether it is enabled, and its place in the list (the
 * shop's display order). Stored as one `payment_methods` row per method and channel.
 */

import type { PaymentMethodEntry } from '@storefront/domain/console/venue-settings';
import type { PaymentMethodId, PaymentProviderId, SalesChannel } from '@storefront/domain/constants';
import { SALES_CHANNELS } from '@storefront/domain/constants';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import { paymentMethods } from './catalogue.schema.ts';

/**
 * The venue's methods in display order. Rows of one method on several channels are one entry;
 * should they disagree (written by hand), the first row by position speaks for the method.
 */
export async function listVenuePaymentMethods(db: Database, siteId: number): Promise<PaymentMethodEntry[]> {
  const found = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.siteId, siteId))
    .orderBy(asc(paymentMethods.position), asc(paymentMethods.method), asc(paymentMethods.channel));
  const entries = new Map<string, PaymentMethodEntry>();
  for (const row of found) {
    const entry = entries.get(row.method);
    if (entry) {
      entry.channels.push(row.channel as SalesChannel);
      continue;
    }
    entries.set(row.method, {
      method: row.method as PaymentMethodId,
      provider: row.provider as PaymentProviderId,
      channels: [row.channel as SalesChannel],
      is_enabled: row.isEnabled,
    });
  }
  for (const entry of entries.values()) entry.channels.sort((a, b) => SALES_CHANNELS.indexOf(a) - SALES_CHANNELS.indexOf(b));
  return [...entries.values()];
}

/**
 * Replaces the venue's payment methods with `methods` (in display order) in the caller's
 * transaction, and answers the list before and after. Refuses, naming the entry's field, a
 * provider this server cannot take payments with and a method on the wrong kind of provider.
 */
export async function replacePaymentMethods(
  tx: Database,
  siteId: number,
  methods: PaymentMethodEntry[],
  options: { providers: readonly PaymentProviderId[] },
): Promise<{ before: PaymentMethodEntry[]; after: PaymentMethodEntry[] }> {
  methods.forEach((entry, index) => {
    const field = `methods.${index}.provider`;
    if (!options.providers.includes(entry.provider))
      throw invalidField(field, `"${entry.provider}" is not a provider this server takes payments with`);
    // Only the free provider settles a zero total, and it settles nothing else.
    if ((entry.method === 'free') !== (entry.provider === 'free'))
      throw invalidField(
        field,
        entry.method === 'free' ? 'must be free for the free method' : 'must not be free for a paid method',
      );
  });
  const before = await listVenuePaymentMethods(tx, siteId);
  await tx.delete(paymentMethods).where(eq(paymentMethods.siteId, siteId));
  const rows = methods.flatMap((entry, index) =>
    entry.channels.map((channel) => ({
      siteId,
      channel,
      method: entry.method,
      provider: entry.provider,
      position: index + 1,
      isEnabled: entry.is_enabled,
    })),
  );
  if (rows.length > 0) await tx.insert(paymentMethods).values(rows);
  return { before, after: await listVenuePaymentMethods(tx, siteId) };
}
