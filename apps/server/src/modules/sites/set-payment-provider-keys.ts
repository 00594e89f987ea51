/**
 * A venue's public payment-provider settings (`sites.payment_provider_keys`): the keys the shop's
 * pages load a provider's script with, and names such as the venue's Adyen merchant account.
 * Secrets are the server's environment and never land here.
 */
import { maskedKey, providerKeyProblem } from '@storefront/domain/console/venue-settings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import { type PaymentProviderKeys, sites } from './sites.schema.ts';
import { readVenue } from './venue-rows.ts';

/** Keys to set (a text) or remove (null), by provider and name. */
export type ProviderKeyChanges = Record<string, Record<string, string | null | undefined> | undefined>;

/** The settings with every key masked, as the console shows them and the audit log records them. */
export function maskedProviderKeys(keys: PaymentProviderKeys): PaymentProviderKeys {
  return Object.fromEntries(
    Object.entries(keys).map(([provider, named]) => [
      provider,
      Object.fromEntries(Object.entries(named).map(([name, value]) => [name, maskedKey(provider, name, value)])),
    ]),
  );
}

/**
 * Sets or removes public settings in the caller's transaction; those not named stay. Answers what
 * changed, keys masked (empty when nothing did). Refuses a secret or malformed value before writing.
 */
export async function setPaymentProviderKeys(
  tx: Database,
  siteId: number,
  changes: ProviderKeyChanges,
): Promise<Record<string, { before: string | null; after: string | null }>> {
  const site = await readVenue(tx, siteId, { lock: true });
  const keys: PaymentProviderKeys = structuredClone(site.paymentProviderKeys);
  const changed: Record<string, { before: string | null; after: string | null }> = {};
  for (const [provider, named] of Object.entries(changes)) {
    for (const [name, value] of Object.entries(named ?? {})) {
      if (value === undefined) continue;
      const field = `provider_keys.${provider}.${name}`;
      if (value !== null && value !== '') {
        const problem = providerKeyProblem(provider, name, value);
        if (problem) throw invalidField(field, problem);
      }
      const before = keys[provider]?.[name] ?? null;
      const after = value === '' ? null : value;
      if (before === after) continue;
      const own = { ...keys[provider] };
      if (after === null) delete own[name];
      else own[name] = after;
      if (Object.keys(own).length === 0) delete keys[provider];
      else keys[provider] = own;
      changed[field] = {
        before: before && maskedKey(provider, name, before),
        after: after && maskedKey(provider, name, after),
      };
    }
  }
  if (Object.keys(changed).length > 0) await tx.update(sites).set({ paymentProviderKeys: keys }).where(eq(sites.id, siteId));
  return changed;
}
