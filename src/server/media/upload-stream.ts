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

/**
 * Reads a multipart request: text fields (before or after the file) into `fields`, the one file
 * part named `field` streamed to a temporary file under `tmpDir`, never whole in memory. Any
 * other file field, a second file, a bad name, a refused kind or an oversize file is a 4xx and
 * leaves no temporary file behind.
 */
export async function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedUpload> {
  const { field, kinds } = opts;
  if (!request.isMultipart()) throw badRequest('Send this form as multipart/form-data');
  const maxBytes = Math.max(...kinds.map((k) => opts.limits[k]));
  await fsp.mkdir(opts.tmpDir, { recursive: true });
  const tmpPath = path.join(opts.tmpDir, `${crypto.randomUUID()}.upload`);
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | null = null;
  try {
    // One byte over the largest limit lets the guard, which knows the kind, answer first.
    // preservePath: busboy would otherwise cut `../x` down to `x` and hide the attempt.
    const parts = request.parts({ preservePath: true, limits: { fileSize: maxBytes + 1 } });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw problem(part.fieldname, `${part.fieldname} is not allowed`);
      }
      if (received) {
        part.file.resume();
        throw problem(field, `${field} must be a single file`);
      }
      received = await writePart(part, tmpPath, opts);
    }
  } catch (err) {
    await fsp.rm(tmpPath, { force: true });
    throw clientError(err, field, maxBytes);
  }
  if (!received) throw problem(field, `${field} is required`);
  return { ...received, fields };
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
