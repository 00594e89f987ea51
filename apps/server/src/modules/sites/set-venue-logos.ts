/**
 * The venue's header and footer logos, as the addresses the shop's layout shows (`sites.logos`).
 * Written in the caller's transaction; the catalogue change it belongs to drops the sites cache.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sites } from './sites.schema.ts';

export type VenueLogos = { header: string | null; footer: string | null };

export async function setVenueLogos(tx: Database, siteId: number, logos: Partial<VenueLogos>): Promise<VenueLogos> {
  const [row] = await tx.select({ logos: sites.logos }).from(sites).where(eq(sites.id, siteId)).for('update');
  if (!row) throw new Error(`no site ${siteId}`);
  const next = { ...row.logos, ...logos };
  await tx.update(sites).set({ logos: next }).where(eq(sites.id, siteId));
  return next;
}
