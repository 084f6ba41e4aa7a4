import type { FastifyInstance } from 'fastify';
import type { DemoApi, DemoUpload } from './demo-step';

/** Calls the app in process, as a client would, failing loudly on anything but a 200. */
export const injectClient = (app: FastifyInstance) => {
  const answer = (method: string, path: string, response: { statusCode: number; json: () => any }) => {
    const body = response.json();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${body.message}`);
    return body.data;
  };
  const api: DemoApi = async (spec, input, token) => {
    const response = await app.inject({
      method: spec.method,
      url: `/api${spec.path}`,
      ...(spec.method === 'GET' ? { query: input as Record<string, string> } : { payload: input }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return answer(spec.method, spec.path, response);
  };
  const upload: DemoUpload = async (path, file, token) => {
    const boundary = '----demo-upload';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/api${path}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    return answer('POST', path, response);
  };
  return { api, upload };
};
