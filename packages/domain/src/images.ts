/**
 * Uploaded images as the shop serves them: each in a few widths (never wider than the original)
 * and formats, at an address that names the image, so an answer may be cached for ever.
 */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** The largest upload, in bytes. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** Best first; JPEG is what every browser shows. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The public address of one served size of an image. */
export const imageUrl = (id: string, width: number, format: ImageFormat) => `/images/${id}/${width}.${format}`;

/** The widths an image of this width is served at: the standard ones it covers, or its own when it is narrower. */
export function imageWidthsFor(width: number): number[] {
  const covered = IMAGE_WIDTHS.filter((w) => w <= width);
  return covered.length > 0 ? covered : [width];
}

/** A `srcset` of one format over the given widths. */
export const srcsetOf = (id: string, widths: readonly number[], format: ImageFormat) =>
  widths.map((w) => `${imageUrl(id, w, format)} ${w}w`).join(', ');
