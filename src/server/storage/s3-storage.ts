import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { contentTypeOf, isPublicKey, isValidKey, RangeNotSatisfiableError, type ByteRange, type Storage } from './storage';

/** S3 answers a missing key with 404 (NoSuchKey on GET, a bare NotFound on HEAD). */
const isMissing = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  ['NoSuchKey', 'NotFound'].includes((err as Error).name);

const isBadRange = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416 || (err as Error).name === 'InvalidRange';

const rangeHeader = (range: ByteRange) =>
  'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;

/** `bytes 0-99/1234` → the part and the whole size. */
function parseContentRange(value: string | undefined): { start: number; end: number; size: number } | null {
  const m = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value) : null;
  return m ? { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) } : null;
}

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2...), under the same keys as on disk. Files are
 * still served through the API (`/files/public/*`, signed `/files/media/*`), so the bucket stays
 * private and access checks stay in one place.
 */
export function createS3Storage(config: S3Config, opts: { publicBaseUrl: string }): Storage & { close(): void } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default CRC trailers (aws-chunked uploads) are not understood by every
    // S3-compatible service; checksums only where the API demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const check = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };

  async function head(key: string) {
    return client.send(new HeadObjectCommand({ Bucket, Key: key }));
  }

  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: check(key), Body: body, ContentType: contentType }));
    },

    async putFile(key, filePath, contentType) {
      const { size } = await fsp.stat(filePath);
      // A stream needs its length up front: S3 refuses a PUT of unknown size without chunked signing.
      await client.send(
        new PutObjectCommand({ Bucket, Key: check(key), Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }),
      );
    },

    async get(key, range) {
      if (!isValidKey(key)) return null;
      let out: GetObjectCommandOutput;
      try {
        out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? rangeHeader(range) : undefined }));
      } catch (err) {
        if (isMissing(err)) return null;
        if (range && isBadRange(err)) {
          const size = await head(key).then((h) => h.ContentLength ?? 0, () => 0);
          throw new RangeNotSatisfiableError(size);
        }
        throw err;
      }
      const part = range ? parseContentRange(out.ContentRange) : null;
      return {
        stream: out.Body as Readable,
        contentType: out.ContentType ?? contentTypeOf(key),
        size: part?.size ?? out.ContentLength ?? 0,
        modifiedAt: out.LastModified ?? new Date(0),
        range: part && { start: part.start, end: part.end },
      };
    },

    async delete(key) {
      // S3 deletes are idempotent: a missing key answers 204 like an existing one.
      await client.send(new DeleteObjectCommand({ Bucket, Key: check(key) }));
    },

    publicUrl(key) {
      if (!isPublicKey(key)) throw new Error(`Not a public storage key: ${key}`);
      return `${opts.publicBaseUrl}/${key}`;
    },

    close() {
      client.destroy();
    },
  };
}
