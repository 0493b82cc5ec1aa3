import sharp from 'sharp';
import { badRequest } from '../lib/http-error';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';
const ACCEPTED = new Set<string>(['jpeg', 'png', 'webp', 'gif']);

export interface EncodedImage {
  buffer: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

/** Rejects anything whose bytes are not a JPEG, PNG, WebP or GIF, whatever its name or declared type. */
export async function assertImage(buffer: Buffer, field: string): Promise<ImageFormat> {
  const message = `${field} must be an image (JPEG, PNG, WebP or GIF)`;
  let format: string | undefined;
  try {
    ({ format } = await sharp(buffer, { failOn: 'error' }).metadata());
  } catch {
    throw badRequest(message, [{ field, message }]);
  }
  // sharp also reads SVG, TIFF, HEIF...: SVG can carry scripts, the others browsers cannot show.
  if (!format || !ACCEPTED.has(format)) throw badRequest(message, [{ field, message }]);
  return format as ImageFormat;
}

/**
 * Re-encoding drops every metadata block (EXIF, GPS, XMP, ICC comments) because sharp writes
 * none unless asked; `rotate()` first applies the EXIF orientation so the picture stays upright.
 */
function pipeline(buffer: Buffer) {
  return sharp(buffer, { failOn: 'error' }).rotate();
}

/** Square avatar, 256x256 WebP. */
export async function encodeAvatar(buffer: Buffer, field = 'avatar'): Promise<EncodedImage> {
  await assertImage(buffer, field);
  const out = await pipeline(buffer).resize(256, 256, { fit: 'cover' }).webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
  return { buffer: out.data, contentType: 'image/webp', ext: 'webp', width: out.info.width, height: out.info.height };
}

/** A photo kept for people to look at (identity documents, selfies): at most 2048px, JPEG. */
export async function encodePhoto(buffer: Buffer, field: string): Promise<EncodedImage> {
  await assertImage(buffer, field);
  const out = await pipeline(buffer)
    .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { buffer: out.data, contentType: 'image/jpeg', ext: 'jpg', width: out.info.width, height: out.info.height };
}
