import type { DemoApi, DemoUpload } from '../../apps/server/src/demo/demo-step';

/**
 * The demo's client over HTTP: a journey builds its world through the product's own calls on the
 * running server (as the demo seed does in process), then looks at it in the browser.
 */
export const httpApi = (url: string) => {
  const answer = async (method: string, path: string, response: Response) => {
    const body = await response.json();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${body.message}`);
    return body.data;
  };
  const api: DemoApi = async (spec, input, token) => {
    const query = spec.method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const response = await fetch(`${url}/api${spec.path}${query}`, {
      method: spec.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(spec.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: spec.method === 'GET' ? undefined : JSON.stringify(input),
    });
    return answer(spec.method, spec.path, response);
  };
  const upload: DemoUpload = async (path, file, token) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.content)]), file.filename);
    const response = await fetch(`${url}/api${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    return answer('POST', path, response);
  };
  return { api, upload };
};
