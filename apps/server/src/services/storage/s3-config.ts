import type { S3Options } from './s3-storage';

const flag = (value: string | null | undefined, fallback: boolean) => {
  if (value === null || value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`An S3 setting is "${value}" where true or false was expected`);
};

/**
 * `s3://ACCESS:SECRET@host:port/bucket?region=eu-west-2&forcePathStyle=true&tls=true`: the endpoint is
 * http unless `tls=true`; `https://…` and `http://…` name the protocol themselves. Region defaults to
 * us-east-1 and path-style addressing to on (what S3-compatible servers expect). Errors never quote
 * the URL, since it carries the secret.
 */
export const parseS3Url = (value: string): S3Options => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('S3_URL is not a URL: expected s3://ACCESS:SECRET@host:port/bucket?region=...');
  }
  if (!['s3:', 'http:', 'https:'].includes(url.protocol)) throw new Error('S3_URL must start with s3://, http:// or https://');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!url.host || !bucket || bucket.includes('/'))
    throw new Error('S3_URL must name a host and one bucket: s3://ACCESS:SECRET@host:port/bucket');
  const tls = url.protocol === 's3:' ? flag(url.searchParams.get('tls'), false) : url.protocol === 'https:';
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    credentials: accessKeyId || secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: flag(url.searchParams.get('forcePathStyle'), true),
  };
};

/** S3_URL, or S3_BUCKET with the usual variables beside it; neither set, files stay on the local disk. */
export const readS3Options = (env: NodeJS.ProcessEnv): S3Options | undefined => {
  if (env.S3_URL) return parseS3Url(env.S3_URL);
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return {
    endpoint,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    // Unset, the AWS SDK finds them itself (shared files, an instance or task role).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // AWS itself prefers bucket.host addresses; another store at its own endpoint usually wants host/bucket.
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(endpoint)),
  };
};
