import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { once } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { MediaKind } from '../db/schema/media';
import { badRequest, HttpError } from '../lib/http-error';
import { checkFileName } from './file-name';
import { MEDIA_SNIFF_BYTES, sniffMedia, wrongKindMessage, type SniffedFile } from './media-sniff';

/** A file part written to a temporary file; the caller removes `tmpPath` when done. */
export interface ReceivedUpload {
  tmpPath: string;
  sniffed: SniffedFile;
  size: number;
  filename: string;
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  field: string;
  kinds: readonly MediaKind[];
  /** Byte limit of each kind (from the settings, read for this request). */
  limits: Record<MediaKind, number>;
  tmpDir: string;
}

const MB = 1024 * 1024;
export const tooLarge = (bytes: number, field: string) => {
  const message = `This file is too large: the limit is ${Math.round(bytes / MB)} MB`;
  return new HttpError(413, message, [{ field, message }]);
};
const problem = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const notAllowedKind = (field: string, kinds: readonly MediaKind[]) => problem(field, wrongKindMessage(field, kinds));

/**
 * Watches the bytes on their way to disk: decides the kind from the first bytes (refusing what is
 * not allowed before anything more is written) and stops at the kind's size limit.
 */
class UploadGuard extends Transform {
  head: Buffer[] = [];
  headLength = 0;
  size = 0;
  sniffed: SniffedFile | null = null;

  constructor(private readonly opts: ReceiveOptions) {
    super();
  }

  private decide(): HttpError | null {
    const { field, kinds } = this.opts;
    const sniffed = sniffMedia(Buffer.concat(this.head));
    if (!sniffed || !kinds.includes(sniffed.kind)) return notAllowedKind(field, kinds);
    this.sniffed = sniffed;
    const pending = Buffer.concat(this.head);
    this.head = [];
    this.push(pending);
    return this.checkSize();
  }

  private checkSize(): HttpError | null {
    const limit = this.opts.limits[this.sniffed!.kind];
    return this.size > limit ? tooLarge(limit, this.opts.field) : null;
  }

  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.sniffed) {
      const err = this.checkSize();
      return err ? done(err) : done(null, chunk);
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    done(this.headLength >= MEDIA_SNIFF_BYTES ? this.decide() : null);
  }

  _flush(done: TransformCallback) {
    if (this.size === 0) return done(problem(this.opts.field, `${this.opts.field} is empty`));
    done(this.sniffed ? null : this.decide());
  }
}

/** Busboy's own errors carry no status and are the client's doing (cut-off upload, bad boundary). */
function clientError(err: unknown, field: string, maxBytes: number): unknown {
  const { statusCode, code } = err as { statusCode?: number; code?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes, field);
  if (err instanceof HttpError || statusCode) return err;
  return badRequest('The upload is incomplete or not valid multipart/form-data, please try again');
}

/** What one file field of a form takes. */
export interface FormFileSpec {
  kinds: readonly MediaKind[];
  /** How many files this field may carry (default 1). */
  max?: number;
  /** The message when a form carries more than `max` (a default names the field). */
  tooMany?: string;
}

export interface ReceiveFormOptions {
  files: Record<string, FormFileSpec>;
  /** Byte limit of each kind (from the settings, read for this request). */
  limits: Record<MediaKind, number>;
  tmpDir: string;
  /**
   * Called with each file once it is on disk, before the next part is read; the temporary file is
   * removed when it returns. Throwing stops the form.
   */
  onFile(field: string, upload: Omit<ReceivedUpload, 'fields'>): Promise<void>;
}

/**
 * Reads a multipart form: text fields (before or after the files) into the result, each file part
 * of a known field streamed to a temporary file under `tmpDir` (never whole in memory) and handed
 * to `onFile`. Any other file field, too many files in a field, a bad name, a refused kind or an
 * oversize file is a 4xx and leaves no temporary file behind.
 */
export async function receiveForm(request: FastifyRequest, opts: ReceiveFormOptions): Promise<{ fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('Send this form as multipart/form-data');
  const allKinds = Object.values(opts.files).flatMap((f) => f.kinds);
  const maxBytes = Math.max(...allKinds.map((k) => opts.limits[k]));
  await fsp.mkdir(opts.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const counts: Record<string, number> = {};
  let tmpPath: string | null = null;
  let field = Object.keys(opts.files)[0];
  try {
    // One byte over the largest limit lets the guard, which knows the kind, answer first; one file
    // more than the form holds reaches the count check below, which says what is wrong.
    // preservePath: busboy would otherwise cut `../x` down to `x` and hide the attempt.
    const files = Object.values(opts.files).reduce((n, f) => n + (f.max ?? 1), 0) + 1;
    const parts = request.parts({ preservePath: true, limits: { fileSize: maxBytes + 1, files } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      field = part.fieldname;
      const spec = Object.hasOwn(opts.files, field) ? opts.files[field] : null;
      if (!spec) {
        part.file.resume();
        throw problem(field, `${field} is not allowed`);
      }
      const max = spec.max ?? 1;
      counts[field] = (counts[field] ?? 0) + 1;
      if (counts[field] > max) {
        part.file.resume();
        throw problem(field, spec.tooMany ?? (max === 1 ? `${field} must be a single file` : `${field} takes at most ${max} files`));
      }
      tmpPath = path.join(opts.tmpDir, `${crypto.randomUUID()}.upload`);
      const received = await writePart(part, tmpPath, { field, kinds: spec.kinds, limits: opts.limits, tmpDir: opts.tmpDir });
      await opts.onFile(field, received);
      await fsp.rm(tmpPath, { force: true });
      tmpPath = null;
    }
  } catch (err) {
    if (tmpPath) await fsp.rm(tmpPath, { force: true });
    throw clientError(err, field, maxBytes);
  }
  return { fields };
}

async function writePart(part: MultipartFile, tmpPath: string, opts: ReceiveOptions) {
  const filename = checkFileName(part.filename, opts.field);
  const guard = new UploadGuard(opts);
  const out = fs.createWriteStream(tmpPath, { flags: 'wx' });
  try {
    await pipeline(part.file, guard, out);
  } catch (err) {
    // The file may still be opening: removing it before it is closed would leave it behind.
    if (!out.closed) await once(out, 'close');
    throw err;
  } finally {
    // A refused part must still be read to its end, or busboy never reaches the next part.
    if (!part.file.readableEnded) part.file.resume();
  }
  if (part.file.truncated) throw tooLarge(opts.limits[guard.sniffed!.kind], opts.field);
  return { tmpPath, sniffed: guard.sniffed!, size: guard.size, filename };
}
