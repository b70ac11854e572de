import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { FileBytes } from './file-bytes.ts';

export interface S3Location {
  bucket: string;
  /** Keys start with it (no slashes at either end), or at the bucket's root when empty. */
  prefix: string;
  /** An S3-compatible service (MinIO, Ceph, R2); Amazon S3 when absent. */
  endpoint?: string;
  region: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY as read at start; without them the SDK's other sources. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** The service's "no such object" (HEAD says NotFound without a body, GET says NoSuchKey). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** Bytes in an S3-compatible bucket under `<prefix>/<ab>/<sha256>`, shared by every API node. */
export class S3FileBytes implements FileBytes {
  private readonly client: S3Client;

  constructor(private readonly location: S3Location) {
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      credentials: location.credentials,
      // Path-style addresses (`endpoint/bucket/key`): MinIO, Ceph and s3rver do not serve bucket subdomains.
      forcePathStyle: true,
      // Checksums only where an operation requires them: several S3-compatible services refuse the SDK's newer
      // default checksum headers. A file's name is its SHA-256, so its integrity is checked where it is uploaded.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get place(): string {
    return `s3://${this.location.bucket}/${this.location.prefix}`;
  }

  private keyOf(sha256: string): string {
    const key = `${sha256.slice(0, 2)}/${sha256}`;
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(sha256) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** One PUT: an object appears whole or not at all, and the same bytes written twice are the same object. */
  async write(sha256: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(sha256), Body: bytes }));
  }

  async read(sha256: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(sha256) }));
      if (!object.Body) throw new Error(`S3 devolvió ${this.keyOf(sha256)} sin contenido`);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  withDb(): FileBytes {
    return this;
  }
}
