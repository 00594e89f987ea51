/**
 * Turns an upload into the sizes the shop serves, before any transaction opens: sharp decodes it
 * with a pixel limit (a small file that decodes to billions of pixels is refused, not expanded),
 * turns it upright by its EXIF orientation, and writes each width in AVIF, WebP and JPEG without
 * the original's metadata (camera, place, time).
 */
import { IMAGE_FORMATS, type ImageFormat, imageWidthsFor } from '@storefront/domain/images';
import sharp, { type Sharp } from 'sharp';
import { AppError, invalidField } from '../../http/errors.ts';

/** About a 50-megapixel photograph; anything larger is refused before it is decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export type ProcessedImage = {
  /** The upright original's size. */
  width: number;
  height: number;
  variants: { width: number; format: ImageFormat; bytes: Buffer }[];
};

const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
  // JPEG has no transparency: a transparent logo goes on white.
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const notAnImage = () => invalidField('body', 'must be a JPEG, PNG, WebP or AVIF image');
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true, failOn: 'error' } as const;
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, input).metadata();
    if (!meta.format || !READABLE_FORMATS.has(meta.format)) throw notAnImage();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
    if ((meta.pages ?? 1) > 1) throw invalidField('body', 'must be a still image, not an animation');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
  if (width <= 0 || height <= 0) throw notAnImage();
  if (width * height > MAX_IMAGE_PIXELS) throw invalidField('body', `must have at most ${MAX_IMAGE_PIXELS} pixels`);
  try {
    const variants = await Promise.all(
      imageWidthsFor(width).flatMap((w) =>
        IMAGE_FORMATS.map(async (format) => ({
          width: w,
          format,
          bytes: await encoders[format](sharp(bytes, input).resize({ width: w, withoutEnlargement: true })).toBuffer(),
        })),
      ),
    );
    return { width, height, variants };
  } catch {
    // The header was readable but the pixels are not (a truncated or corrupt file).
    throw notAnImage();
  }
}
