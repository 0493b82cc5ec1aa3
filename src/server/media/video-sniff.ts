/**
 * Which video container some bytes are, judged by the bytes alone (the file name and the
 * declared type are the client's say-so). Only the container is checked; whether the codecs
 * inside play is for the transcoder to find out.
 */
export interface VideoKind {
  ext: 'mp4' | 'mov' | 'webm' | 'mkv';
  contentType: string;
}

/** Bytes needed to decide: box size + 'ftyp' + major brand, or the EBML header with its DocType. */
export const VIDEO_SNIFF_BYTES = 64;

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * ISO-BMFF brands that are not video although they start with an 'ftyp' box: HEIF/AVIF still
 * images and iTunes audio. Letting them through would park photos or music as a "video".
 */
const NOT_VIDEO_BRANDS = new Set([
  'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis', 'avio',
  'M4A ', 'M4B ', 'M4P ',
]);

/** The container of `head` (the first bytes of the file), or null for anything else. */
export function sniffVideo(head: Buffer): VideoKind | null {
  // MP4 and QuickTime: a box whose type at offset 4 is 'ftyp', major brand at offset 8.
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && head.readUInt32BE(0) >= 8) {
    const brand = head.toString('latin1', 8, 12);
    if (NOT_VIDEO_BRANDS.has(brand)) return null;
    return brand === 'qt  ' ? { ext: 'mov', contentType: 'video/quicktime' } : { ext: 'mp4', contentType: 'video/mp4' };
  }
  // WebM is Matroska with DocType "webm", written inside the EBML header that opens the file.
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) {
    return head.subarray(0, VIDEO_SNIFF_BYTES).includes('webm', 0, 'latin1')
      ? { ext: 'webm', contentType: 'video/webm' }
      : { ext: 'mkv', contentType: 'video/x-matroska' };
  }
  return null;
}
