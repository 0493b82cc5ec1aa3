import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, HttpError } from '../../lib/http-error';
import { sniffVideo, VIDEO_SNIFF_BYTES, type VideoKind } from '../../media/video-sniff';

export const WELCOME_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const NOT_A_VIDEO = 'The file is not a supported video';
export const VIDEO_TOO_LARGE = 'This video is too large: the limit is 100 MB';
const FIELD = 'video';
const required = () => badRequest(`${FIELD} is required`, [{ field: FIELD, message: `${FIELD} is required` }]);

/** Busboy's parse errors carry no status and are the client's doing (cut-off upload, bad boundary). */
function uploadError(err: unknown): unknown {
  const { statusCode, code } = err as { statusCode?: number; code?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, VIDEO_TOO_LARGE);
  if (statusCode) return err;
  return badRequest('The upload is incomplete or not valid multipart/form-data, please try again');
}

/**
 * The "video" file of a multipart request, read with a limit of its own: the plugin-wide 20 MB
 * (app.ts) suits images, and @fastify/multipart merges the `limits` given to `request.file()`
 * over it for this request only. The bytes are sniffed as they arrive; a non-video is drained
 * without being kept, so the client still reads a clean 400 rather than a reset connection.
 */
export async function readWelcomeVideo(request: FastifyRequest): Promise<{ buffer: Buffer; kind: VideoKind }> {
  if (!request.isMultipart()) throw badRequest('Send this form as multipart/form-data');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: WELCOME_VIDEO_MAX_BYTES, files: 1 } });
  } catch (err) {
    throw uploadError(err);
  }
  if (!part) throw required();
  if (part.fieldname !== FIELD) {
    part.file.resume();
    throw badRequest(`${part.fieldname} is not allowed`, [{ field: part.fieldname, message: `${part.fieldname} is not allowed` }]);
  }

  const chunks: Buffer[] = [];
  let size = 0;
  let kind: VideoKind | null | undefined;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (kind === null) continue;
      chunks.push(chunk);
      size += chunk.length;
      if (kind === undefined && size >= VIDEO_SNIFF_BYTES) kind = sniffVideo(Buffer.concat(chunks));
      if (kind === null) chunks.length = 0;
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (part.file.truncated) throw new HttpError(413, VIDEO_TOO_LARGE);
  if (kind === undefined) {
    if (size === 0) throw required();
    kind = sniffVideo(Buffer.concat(chunks));
  }
  if (!kind) throw badRequest(NOT_A_VIDEO, [{ field: FIELD, message: NOT_A_VIDEO }]);
  return { buffer: Buffer.concat(chunks, size), kind };
}
