import sharp, { type Sharp } from 'sharp';
import type { EncodedImage } from './images';

/** What viewers of a content image get: the picture, a small one, and a blurred one for the locked. */
export interface ImageVariants {
  main: EncodedImage;
  thumbnail: EncodedImage;
  preview: EncodedImage;
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
export const MAIN_MAX_PX = 2048;
export const THUMBNAIL_MAX_PX = 640;
export const PREVIEW_WIDTH = 480;
/** The preview is drawn from this few pixels: nothing finer survives, so it cannot be un-blurred. */
const PREVIEW_SOURCE_PX = 16;

/** Thrown when sharp cannot decode the bytes or finds a format we do not take. */
export class NotAnImageError extends Error {}

const out = async (image: Sharp, contentType: string, ext: string): Promise<EncodedImage> => {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { buffer: data, contentType, ext, width: info.width, height: info.height };
};

/**
 * `rotate()` applies the EXIF orientation first so the picture stays upright; sharp writes no
 * metadata unless asked, so EXIF, GPS and XMP are gone from every variant. GIFs keep only their
 * first frame (sharp reads one page by default).
 */
const decode = (input: Buffer | string) => sharp(input, { failOn: 'error' }).rotate();

/** Confirms the bytes are an image we take (the magic number said so; the decoder must agree). */
export async function confirmImage(input: Buffer | string): Promise<{ hasAlpha: boolean }> {
  try {
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    if (!meta.format || !ACCEPTED.has(meta.format)) throw new NotAnImageError(`format ${meta.format}`);
    // GIFs and many PNGs carry an alpha channel they never use: those are photos, and JPEG suits them.
    const hasAlpha = Boolean(meta.hasAlpha) && !(await sharp(input, { failOn: 'error' }).stats()).isOpaque;
    return { hasAlpha };
  } catch (err) {
    throw err instanceof NotAnImageError ? err : new NotAnImageError((err as Error).message);
  }
}

/**
 * Main file (at most 2048px: JPEG, or WebP when the picture has transparency), thumbnail (WebP,
 * inside 640px) and blurred preview (WebP, about 480px wide). Used for uploaded images and for
 * the poster frame of a video.
 */
export async function encodeImageVariants(input: Buffer | string): Promise<ImageVariants> {
  const { hasAlpha } = await confirmImage(input);
  try {
    const main = decode(input).resize(MAIN_MAX_PX, MAIN_MAX_PX, { fit: 'inside', withoutEnlargement: true });
    const [mainOut, thumbnail, preview] = await Promise.all([
      hasAlpha ? out(main.webp({ quality: 85 }), 'image/webp', 'webp') : out(main.jpeg({ quality: 85, mozjpeg: true }), 'image/jpeg', 'jpg'),
      out(decode(input).resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }), 'image/webp', 'webp'),
      encodePreview(input),
    ]);
    return { main: mainOut, thumbnail, preview };
  } catch (err) {
    // A header that reads fine over a body that does not (truncated, corrupt) is still not an image.
    throw new NotAnImageError((err as Error).message);
  }
}

async function encodePreview(input: Buffer | string): Promise<EncodedImage> {
  const tiny = await decode(input)
    .resize(PREVIEW_SOURCE_PX, PREVIEW_SOURCE_PX, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const blurred = sharp(tiny.data, { raw: { width: tiny.info.width, height: tiny.info.height, channels: tiny.info.channels } })
    // Very tall pictures stop at twice the width rather than becoming a 480x10000 smear.
    .resize(PREVIEW_WIDTH, PREVIEW_WIDTH * 2, { fit: 'inside', kernel: 'cubic' })
    .blur(12)
    .webp({ quality: 60 });
  return out(blurred, 'image/webp', 'webp');
}
