import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { spotQrSecrets } from './spot.schema.ts';

/** The site's QR signing key, made with `fresh` the first time it is asked for (the first writer wins). */
export async function qrSecretOf(db: Database, siteId: number, fresh: () => string): Promise<string> {
  await db.insert(spotQrSecrets).values({ siteId, secret: fresh() }).onConflictDoNothing();
  const [row] = await db.select({ secret: spotQrSecrets.secret }).from(spotQrSecrets).where(eq(spotQrSecrets.siteId, siteId));
  if (!row) throw new Error('the spot QR key was not written');
  return row.secret;
}
