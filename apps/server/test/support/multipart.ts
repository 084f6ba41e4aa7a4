import type { FastifyInstance } from 'fastify';

/** A small but real PDF and PNG: uploads are judged by content, not by name. */
export const samplePdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const samplePng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0f5a70000000049454e44ae426082',
  'hex',
);

/** Posts one file as multipart/form-data, the way a browser's form does. */
export const postFile = (
  app: FastifyInstance,
  url: string,
  input: { content: Buffer; filename: string; token?: string; field?: string },
) => {
  const boundary = '----test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${input.field ?? 'file'}"; filename="${input.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    input.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
    },
  });
};

/** Reads a signed file link through the app (its host is APP_URL, not the test server). */
export const readSignedUrl = (app: FastifyInstance, signed: string) => {
  const url = new URL(signed);
  return app.inject({ method: 'GET', url: url.pathname + url.search });
};
