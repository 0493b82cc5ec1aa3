import crypto from 'node:crypto';
import sharp from 'sharp';
import type { SettingImageKey } from '../../../common/contract/settings';
import { assertImage, type EncodedImage } from '../../media/images';
import { PUBLIC_PREFIX, type Storage } from '../../storage/storage';

/** Where uploaded site images live; only files under it are ever deleted when replaced. */
export const SITE_IMAGE_PREFIX = `${PUBLIC_PREFIX}site/`;

/**
 * Re-encodes an uploaded site image, which drops every metadata block (EXIF, GPS) and anything
 * that is not pixels. Logos keep their transparency (WebP; a logo sits on light and dark headers),
 * at most 1024 px; the maintenance image at most 2048 px; the favicon becomes a 64 px square PNG
 * (the format every browser takes for a favicon), the picture fitted inside on transparency.
 */
export async function encodeSiteImage(buffer: Buffer, key: SettingImageKey): Promise<EncodedImage> {
  await assertImage(buffer, 'image');
  const base = sharp(buffer, { failOn: 'error' }).rotate();
  if (key === 'favicon') {
    const out = await base
      .resize(64, 64, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { buffer: out.data, contentType: 'image/png', ext: 'png', width: out.info.width, height: out.info.height };
  }
  const side = key === 'maintenanceImage' ? 2048 : 1024;
  const out = await base
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { buffer: out.data, contentType: 'image/webp', ext: 'webp', width: out.info.width, height: out.info.height };
}

/** Stores the encoded image under a new random key; answers the key and its public URL. */
export async function storeSiteImage(storage: Storage, image: EncodedImage): Promise<{ key: string; url: string }> {
  const key = `${SITE_IMAGE_PREFIX}${crypto.randomUUID()}.${image.ext}`;
  await storage.put(key, image.buffer, image.contentType);
  return { key, url: storage.publicUrl(key) };
}

/**
 * The storage key behind a setting's URL when it is an image uploaded here, else null: a link the
 * operator typed (another host, a path of the web app) is never touched.
 */
export function uploadedKeyOf(storage: Pick<Storage, 'publicUrl'>, url: string): string | null {
  // publicUrl takes whole keys only: ask for one and cut the name off.
  const base = storage.publicUrl(`${SITE_IMAGE_PREFIX}x`).slice(0, -1);
  if (!url.startsWith(base)) return null;
  const rest = url.slice(base.length);
  return /^[0-9a-f-]{36}\.(png|webp)$/.test(rest) ? `${SITE_IMAGE_PREFIX}${rest}` : null;
}
