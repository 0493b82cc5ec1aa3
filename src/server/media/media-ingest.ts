import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { MediaKind } from '../db/schema/media';
import type { Storage } from '../storage/storage';
import type { SettingsService } from '../modules/settings/settings.service';
import { mediaRepository, type MediaFileRow, type NewMediaFile } from '../modules/media/media.repository';
import { badRequest } from '../lib/http-error';
import { checkFileName } from './file-name';
import { encodeImageVariants, NotAnImageError } from './image-variants';
import { MAIN, mediaKey, ORIGINAL, PREVIEW, THUMBNAIL } from './media-keys';
import { MEDIA_SNIFF_BYTES, sniffMedia, type SniffedFile } from './media-sniff';
import { notAllowedKind, receiveForm, tooLarge } from './upload-stream';

export interface IngestOptions {
  ownerId: string;
  /** What this upload may be; anything else is a 400 naming them. */
  kinds: readonly MediaKind[];
  /** Stored as `media_files.purpose` (feed-photo, video, product-file, ...). */
  purpose: string;
  /** The multipart file field; also the field named in error details. */
  field?: string;
}

/** One file field of a form: what it may be, what it is stored as, how many files it takes (default 1). */
export interface FormFieldSpec {
  kinds: readonly MediaKind[];
  purpose: string;
  max?: number;
  /** The message when the form carries more than `max` files in this field. */
  tooMany?: string;
}

export interface FormIngestOptions {
  ownerId: string;
  files: Record<string, FormFieldSpec>;
}

/** The rows made from a form's files, by field, in upload order, and its text fields. */
export interface IngestedForm {
  files: Record<string, MediaFileRow[]>;
  fields: Record<string, string>;
}

export interface IngestDeps {
  db: Database;
  storage: Storage;
  settings: SettingsService;
  log: FastifyBaseLogger;
  tmpDir: string;
  /** Hands a video or audio file to the job queue. */
  enqueue: (fileId: string) => Promise<void>;
  /** Deletes rows and their stored objects (a refused form's files). */
  remove: (fileIds: readonly string[]) => Promise<void>;
}

type Source = { path: string } | { buffer: Buffer };

const MB = 1024 * 1024;

/**
 * Turns uploaded bytes into a media_files row: images are re-encoded at once (`ready`), documents
 * stored as they are (`ready`), video and audio stored as uploaded (`pending`) for the job queue.
 */
export function createMediaIngest(deps: IngestDeps) {
  const { db, storage, settings } = deps;

  /** Read per request, so an operator's change applies to the next upload. */
  async function limits(): Promise<Record<MediaKind, number>> {
    const [image, video, audio, document] = await Promise.all([
      settings.get('maxImageUploadMb'),
      settings.get('maxVideoUploadMb'),
      settings.get('maxAudioUploadMb'),
      settings.get('maxDocumentUploadMb'),
    ]);
    return { image: image * MB, video: video * MB, audio: audio * MB, document: document * MB };
  }

  const put = (key: string, source: Source, contentType: string) =>
    'buffer' in source ? storage.put(key, source.buffer, contentType) : storage.putFile(key, source.path, contentType);

  async function store(
    source: Source,
    upload: { sniffed: SniffedFile; size: number; filename: string },
    opts: IngestOptions,
  ): Promise<MediaFileRow> {
    const field = opts.field ?? 'file';
    const id = crypto.randomUUID();
    const key = (name: string) => mediaKey(opts.ownerId, id, name);
    const { sniffed } = upload;
    const base = { id, ownerId: opts.ownerId, kind: sniffed.kind, purpose: opts.purpose, originalName: upload.filename };
    const stored: string[] = [];
    let values: NewMediaFile;

    if (sniffed.kind === 'image') {
      let variants;
      try {
        variants = await encodeImageVariants('buffer' in source ? source.buffer : source.path);
      } catch (err) {
        if (err instanceof NotAnImageError) throw notAllowedKind(field, opts.kinds);
        throw err;
      }
      const { main, thumbnail, preview } = variants;
      const files = [
        [key(MAIN(main.ext)), main],
        [key(THUMBNAIL), thumbnail],
        [key(PREVIEW), preview],
      ] as const;
      values = {
        ...base, status: 'ready', mainKey: files[0][0], mainContentType: main.contentType, thumbnailKey: files[1][0],
        previewKey: files[2][0], sizeBytes: main.buffer.length, width: main.width, height: main.height,
      };
      try {
        for (const [k, image] of files) {
          await storage.put(k, image.buffer, image.contentType);
          stored.push(k);
        }
      } catch (err) {
        await removeObjects(stored);
        throw err;
      }
    } else if (sniffed.kind === 'document') {
      // A document is what the buyer downloads: kept byte for byte.
      values = { ...base, status: 'ready', mainKey: key(MAIN(sniffed.ext)), mainContentType: sniffed.contentType, sizeBytes: upload.size };
      await put(values.mainKey!, source, sniffed.contentType);
      stored.push(values.mainKey!);
    } else {
      values = { ...base, status: 'pending', originalKey: key(ORIGINAL(sniffed.ext)), sizeBytes: upload.size };
      await put(values.originalKey!, source, sniffed.contentType);
      stored.push(values.originalKey!);
    }

    let row: MediaFileRow;
    try {
      row = await mediaRepository.insert(db, values);
    } catch (err) {
      await removeObjects(stored);
      throw err;
    }
    if (row.status === 'pending') await deps.enqueue(row.id);
    return row;
  }

  async function removeObjects(keys: string[]) {
    for (const k of keys) await storage.delete(k).catch((err) => deps.log.warn({ err, key: k }, 'could not delete a media object'));
  }

  /**
   * Reads a multipart form with any number of file fields (`opts.files`) and text fields. Each
   * file is streamed to a temporary file under DATA_DIR/tmp, checked, stored and given its row
   * before the next part is read; if anything in the form is refused, the files it already
   * stored are removed again, so a refused form leaves nothing behind. Callers that refuse the
   * form afterwards (a bad text field) remove the rows with `app.media.remove`.
   */
  async function ingestForm(request: FastifyRequest, opts: FormIngestOptions): Promise<IngestedForm> {
    const files: Record<string, MediaFileRow[]> = {};
    const stored: string[] = [];
    try {
      const { fields } = await receiveForm(request, {
        files: opts.files,
        limits: await limits(),
        tmpDir: deps.tmpDir,
        onFile: async (field, upload) => {
          const { kinds, purpose } = opts.files[field];
          const row = await store({ path: upload.tmpPath }, upload, { ownerId: opts.ownerId, kinds, purpose, field });
          stored.push(row.id);
          (files[field] ??= []).push(row);
        },
      });
      return { files, fields };
    } catch (err) {
      if (stored.length) await deps.remove(stored);
      throw err;
    }
  }

  return {
    ingestForm,

    /** A form with one required file named `field` (default `file`) and any text fields. */
    async ingestUpload(request: FastifyRequest, opts: IngestOptions): Promise<{ file: MediaFileRow; fields: Record<string, string> }> {
      const field = opts.field ?? 'file';
      const { files, fields } = await ingestForm(request, { ownerId: opts.ownerId, files: { [field]: { kinds: opts.kinds, purpose: opts.purpose } } });
      const file = files[field]?.[0];
      if (!file) throw badRequest(`${field} is required`, [{ field, message: `${field} is required` }]);
      return { file, fields };
    },

    /** The same checks and processing for bytes already in memory (seed data, tests). */
    async ingestBuffer(opts: IngestOptions & { buffer: Buffer; filename: string }): Promise<MediaFileRow> {
      const field = opts.field ?? 'file';
      const filename = checkFileName(opts.filename, field);
      if (!opts.buffer.length) throw badRequest(`${field} is empty`, [{ field, message: `${field} is empty` }]);
      const sniffed = sniffMedia(opts.buffer.subarray(0, MEDIA_SNIFF_BYTES));
      if (!sniffed || !opts.kinds.includes(sniffed.kind)) throw notAllowedKind(field, opts.kinds);
      const limit = (await limits())[sniffed.kind];
      if (opts.buffer.length > limit) throw tooLarge(limit, field);
      return store({ buffer: opts.buffer }, { sniffed, size: opts.buffer.length, filename }, opts);
    },
  };
}
