import type { Envelope, FieldError } from '@app/contract/conventions/envelope';
import type { CallSpec } from '@app/contract/define-resource';

/** A failed call: the HTTP status, the envelope's message for a person, and per-field messages on a 400. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what a 401 means (forget the session, which sends guarded pages to /login). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler) => {
  onUnauthorized = handler;
};

export type CallOptions = {
  /** Sign-in and the session probe expect a 401 and handle it themselves. */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
};

const toQueryString = (input: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Fills `{name}` placeholders of a call's path from the input and answers what is left to send. */
const fillPath = (path: string, input: Record<string, unknown>) => {
  const rest = { ...input };
  const filled = path.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
};

const readEnvelope = async (response: Response): Promise<Partial<Envelope<unknown>> | null> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as Partial<Envelope<unknown>>;
  } catch {
    return null;
  }
};

const fallbackMessage = (status: number) =>
  status === 0
    ? 'Cannot reach the server. Please check your connection.'
    : status >= 500
      ? 'Something went wrong. Please try again.'
      : `The request failed (${status})`;

/** Sends a request and unwraps the envelope; any failure becomes an ApiError. */
const send = async <Out>(url: string, init: RequestInit, options: CallOptions): Promise<Out> => {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include', signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, fallbackMessage(0));
  }
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope?.success === false) {
    const status = response.ok ? (envelope?.code ?? 500) : response.status;
    const data = envelope?.data as { errors?: FieldError[] } | null | undefined;
    if (status === 401 && !options.expectUnauthorized) onUnauthorized();
    throw new ApiError(status, envelope?.message || fallbackMessage(status), data?.errors ?? []);
  }
  return (envelope?.data ?? null) as Out;
};

/** Makes one call of the contract: GET and DELETE send the input as a query string, the rest as JSON. */
export const callApi = async <Out = unknown>(
  call: Pick<CallSpec, 'method' | 'path'>,
  input: unknown = {},
  options: CallOptions = {},
): Promise<Out> => {
  const { path, rest } = fillPath(call.path, (input ?? {}) as Record<string, unknown>);
  const inQuery = call.method === 'GET' || call.method === 'DELETE';
  const url = `/api${path}${inQuery ? toQueryString(rest) : ''}`;
  return send<Out>(
    url,
    {
      method: call.method,
      headers: inQuery ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: inQuery ? undefined : JSON.stringify(rest),
    },
    options,
  );
};

/** Sends one file to a multipart call, under the key `file` as every upload of the contract takes it. */
export const uploadFile = async <Out = unknown>(call: Pick<CallSpec, 'method' | 'path'>, file: File, options: CallOptions = {}) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return send<Out>(`/api${call.path}`, { method: call.method, headers: { Accept: 'application/json' }, body }, options);
};
