import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The keys s3rver's only account accepts: a signed request with any others is refused as S3 would. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`, what FILES_S3_ENDPOINT takes. */
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A local server that speaks the S3 protocol (s3rver), on a port the system picks, keeping its objects in a
 * temporary folder of its own, with one empty bucket. `close` stops it and removes the folder.
 */
export async function startS3Server(bucket = 'andes-archivos'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  let closed = false;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    close: async () => {
      if (!closed) await server.close();
      closed = true;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A client of the test server of its own, to look at the bucket directly rather than through our server. */
function clientOf(s3: S3TestServer): S3Client {
  return new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
}

/** The bytes of the object at `key`, or undefined when the bucket has no such object. */
export async function readObject(s3: S3TestServer, key: string): Promise<Buffer | undefined> {
  try {
    const object = await clientOf(s3).send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

export async function deleteObject(s3: S3TestServer, key: string): Promise<void> {
  await clientOf(s3).send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
}
