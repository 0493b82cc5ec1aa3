import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// s3rver ships no types: the part of its API used here.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's built-in account: requests signed with another access key are refused (InvalidAccessKeyId). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The API's S3_* variables for this server. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted (ListObjectsV2, as any S3 client sees it). */
  keys(): Promise<string[]>;
  /** An object's bytes and content type as stored, or null. */
  object(key: string): Promise<{ body: Buffer; contentType: string | undefined } | null>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from the npm registry) on a random local port, storing in a
 * temporary folder removed by `close`, with one bucket. It speaks the S3 REST API (PUT, GET with
 * ranges, HEAD, DELETE, list, XML errors); it checks the access key but, unlike S3, not the V4
 * signature itself, nor does it read a suffix range (`bytes=-N`) right.
 */
export async function startS3Server(bucket = 'cp-media'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'cp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET_KEY, S3_FORCE_PATH_STYLE: 'true' },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { body: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType };
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
