import type { MediaKind } from '../db/schema/media';
import { sniffVideo } from './video-sniff';

/**
 * What an upload is, judged by its first bytes alone: the file name and the declared type are the
 * client's say-so. Images are confirmed again by sharp when they are decoded; video and audio by
 * ffmpeg in the processing job; documents are kept as uploaded, so only their signature counts.
 */
export interface SniffedFile {
  kind: MediaKind;
  /** Extension of the stored file: every key carries the extension of its bytes. */
  ext: string;
  contentType: string;
}

/** Enough for every signature below (EPUB's `mimetype` entry ends at byte 58). */
export const MEDIA_SNIFF_BYTES = 64;

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0) => {
  const sig = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + sig.length && head.subarray(offset, offset + sig.length).equals(sig);
};

function sniffImage(head: Buffer): SniffedFile | null {
  const image = (ext: string, contentType: string): SniffedFile => ({ kind: 'image', ext, contentType });
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image('jpg', 'image/jpeg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image('png', 'image/png');
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return image('gif', 'image/gif');
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return image('webp', 'image/webp');
  // SVG (scripts), TIFF and HEIF (browsers cannot show them) are left out on purpose.
  return null;
}

/**
 * An MPEG audio frame header: 11 sync bits, then a version, a layer that is not "reserved" (00 is
 * ADTS AAC, handled apart), a bitrate index other than "bad" and a sample rate other than "reserved".
 */
function isMpegAudioFrame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0) return false;
  const version = (head[1] >> 3) & 0x03;
  const layer = (head[1] >> 1) & 0x03;
  const bitrate = head[2] >> 4;
  const sampleRate = (head[2] >> 2) & 0x03;
  return version !== 0x01 && layer !== 0 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/** ADTS: the raw AAC stream, sync bits with layer 00. */
const isAdts = (head: Buffer) => head.length >= 4 && head[0] === 0xff && (head[1] & 0xf6) === 0xf0;

function sniffAudio(head: Buffer): SniffedFile | null {
  const audio = (ext: string, contentType: string): SniffedFile => ({ kind: 'audio', ext, contentType });
  if (startsWith(head, 'ID3') || isMpegAudioFrame(head)) return audio('mp3', 'audio/mpeg');
  if (isAdts(head)) return audio('aac', 'audio/aac');
  // iTunes audio is ISO-BMFF with an M4A/M4B brand (the video sniffer refuses exactly these).
  if (startsWith(head, 'ftyp', 4) && ['M4A ', 'M4B '].includes(head.toString('latin1', 8, 12))) return audio('m4a', 'audio/mp4');
  if (startsWith(head, 'OggS')) return audio('ogg', 'audio/ogg');
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8)) return audio('wav', 'audio/wav');
  if (startsWith(head, 'fLaC')) return audio('flac', 'audio/flac');
  return null;
}

function sniffDocument(head: Buffer): SniffedFile | null {
  const doc = (ext: string, contentType: string): SniffedFile => ({ kind: 'document', ext, contentType });
  if (startsWith(head, '%PDF-')) return doc('pdf', 'application/pdf');
  // An EPUB is a ZIP whose first entry is the uncompressed file `mimetype` naming the format.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    return startsWith(head, 'mimetypeapplication/epub+zip', 30) ? doc('epub', 'application/epub+zip') : doc('zip', 'application/zip');
  }
  if (startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return doc('zip', 'application/zip');
  return null;
}

/** The kind and format of `head` (the first bytes of a file), or null when it is none we take. */
export function sniffMedia(head: Buffer): SniffedFile | null {
  const video = sniffVideo(head);
  if (video) return { kind: 'video', ext: video.ext, contentType: video.contentType };
  return sniffImage(head) ?? sniffAudio(head) ?? sniffDocument(head);
}

const KIND_WORDS: Record<MediaKind, string> = {
  image: 'an image (JPEG, PNG, WebP or GIF)',
  video: 'a video (MP4, MOV, WebM or MKV)',
  audio: 'an audio file (MP3, M4A, AAC, Ogg, WAV or FLAC)',
  document: 'a PDF, ZIP or EPUB file',
};

/** "file must be an image (JPEG, PNG, WebP or GIF) or a video (MP4, MOV, WebM or MKV)". */
export function wrongKindMessage(field: string, kinds: readonly MediaKind[]): string {
  const words = kinds.map((k) => KIND_WORDS[k]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];
  return `${field} must be ${list}`;
}
