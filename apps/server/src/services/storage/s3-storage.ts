import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkedKey, type FileStorage } from './file-storage';

export type S3Options = {
  /** The store's address (`http://127.0.0.1:9000`); unset, AWS S3 itself for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset, the AWS SDK's own chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `host/bucket/key` addresses instead of `bucket.host/key`: most S3-compatible servers want this. */
  forcePathStyle: boolean;
};

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
};

/** Files as objects in one bucket of any S3-compatible store, one object per key. */
export const s3Storage = (options: S3Options): FileStorage => {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
  });
  const { bucket } = options;
  const open = async (key: string) => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
      if (!(object.Body instanceof Readable)) return null;
      return { body: object.Body, size: object.ContentLength };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    description: `the S3 bucket ${bucket}${options.endpoint ? ` at ${new URL(options.endpoint).origin}` : ` (AWS, ${options.region})`}`,
    async put(key, content, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checkedKey(key), Body: content, ContentType: contentType }));
    },
    async get(key) {
      const object = await open(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
    open,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
};
