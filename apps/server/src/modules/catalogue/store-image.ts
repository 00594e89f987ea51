/** Writes a processed upload: its `images` row and every served size, in the caller's transaction. */
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { images, imageVariants } from './catalogue.schema.ts';
import type { ProcessedImage } from './process-image.ts';

export type StoredImage = typeof images.$inferSelect;

export async function storeImage(
  tx: Database,
  siteId: number,
  image: ProcessedImage,
  alt: Partial<Record<LanguageCode, string>> = {},
): Promise<StoredImage> {
  const [row] = await tx.insert(images).values({ siteId, width: image.width, height: image.height, alt }).returning();
  if (!row) throw new Error('the image row was not written');
  await tx
    .insert(imageVariants)
    .values(image.variants.map((v) => ({ imageId: row.id, width: v.width, format: v.format, bytes: v.bytes })));
  return row;
}
