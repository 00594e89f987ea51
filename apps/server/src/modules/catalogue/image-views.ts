/** Images as the shop and the console show them, read by id for one venue. */
import type { LocalizedShopImage, ShopImage } from '@storefront/domain/api/catalogue';
import type { ConsoleImage } from '@storefront/domain/console/products';
import { imageUrl, srcsetOf } from '@storefront/domain/images';
import { localize } from '@storefront/domain/localize';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { images, imageVariants } from './catalogue.schema.ts';

type ImageWithWidths = typeof images.$inferSelect & { widths: number[] };

/** The venue's images among `ids`, with the widths each is served at; others are left out. */
export async function findImages(
  db: Database,
  siteId: number,
  ids: (string | null | undefined)[],
): Promise<Map<string, ImageWithWidths>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  const found = new Map<string, ImageWithWidths>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.siteId, siteId), inArray(images.id, wanted)));
  if (rows.length === 0) return found;
  const widths = await db
    .select({ imageId: imageVariants.imageId, width: imageVariants.width })
    .from(imageVariants)
    .where(
      and(
        inArray(
          imageVariants.imageId,
          rows.map((r) => r.id),
        ),
        eq(imageVariants.format, 'jpeg'),
      ),
    )
    .orderBy(asc(imageVariants.width));
  for (const row of rows) {
    found.set(row.id, { ...row, widths: widths.filter((w) => w.imageId === row.id).map((w) => w.width) });
  }
  return found;
}

/** The width a plain `<img src>` gets: about a phone's width at twice its pixels, or the largest. */
const fallbackWidth = (widths: number[]) => widths.find((w) => w >= 640) ?? widths.at(-1) ?? 0;

export function shopImageOf(image: ImageWithWidths, lang: string): ShopImage {
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    alt: localize(image.alt, lang),
    src: imageUrl(image.id, fallbackWidth(image.widths), 'jpeg'),
    srcset: {
      avif: srcsetOf(image.id, image.widths, 'avif'),
      webp: srcsetOf(image.id, image.widths, 'webp'),
      jpeg: srcsetOf(image.id, image.widths, 'jpeg'),
    },
  };
}

/** The image with its alt text in every language. */
export function localizedShopImageOf(image: ImageWithWidths): LocalizedShopImage {
  return { ...shopImageOf(image, ''), alt: image.alt };
}

export function consoleImageOf(image: ImageWithWidths): ConsoleImage {
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    alt: image.alt,
    widths: image.widths,
    preview_url: imageUrl(image.id, image.widths.find((w) => w >= 320) ?? image.widths.at(-1) ?? 0, 'jpeg'),
  };
}
