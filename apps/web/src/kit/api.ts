import type { Envelope, FieldError } from '@app/contract/conventions/envelope';
import type { ListRequest, ListResult } from '@app/contract/conventions/list';
import type { OutputOf, RecordOf } from '@app/contract/conventions/record';
import type { CallKind, CallSpec, ResourceDefinition } from '@app/contract/define-resource';
import type { z } from 'zod';

/** A failed call: the HTTP status, the envelope's message for a person, and per-field messages on a 400. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The envelope's `data` on a failure that carries more than field messages (a 409's possible duplicates). */
    readonly data: unknown = null,
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

/**
 * How calls reach the server and what cookies the page has: the browser's own by default; the
 * server, drawing a page, answers them in-process with the visitor's cookies (`entry-server.tsx`).
 */
export type Transport = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  cookie: () => string;
};
let transport: Transport = { fetch: (url, init) => fetch(url, init), cookie: () => document.cookie };

export const setTransport = (given: Transport) => {
  transport = given;
};

/** The page's readable cookies ("a=1; b=2"). */
export const pageCookie = () => transport.cookie();

export type CallOptions = {
  /** Sign-in and the session probe expect a 401 and handle it themselves. */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
  /** A public page's code-holder token (DECISIONS.md §9), sent instead of the session for that one record's calls. */
  bearer?: string;
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
    const headers = options.bearer
      ? { ...(init.headers as Record<string, string>), Authorization: `Bearer ${options.bearer}` }
      : init.headers;
    response = await transport.fetch(url, { ...init, headers, credentials: 'include', signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, fallbackMessage(0));
  }
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope?.success === false) {
    const status = response.ok ? (envelope?.code ?? 500) : response.status;
    const data = envelope?.data as { errors?: FieldError[] } | null | undefined;
    // A code holder has no session to lose: their page says the code has expired itself.
    if (status === 401 && !options.expectUnauthorized && !options.bearer) onUnauthorized();
    throw new ApiError(status, envelope?.message || fallbackMessage(status), data?.errors ?? [], data ?? null);
  }
  return (envelope?.data ?? null) as Out;
};

/** A call as the contract declares it: where it goes, what it takes and what it answers (a workflow). */
export type ContractCall = Pick<CallSpec, 'method' | 'path'> & { input: z.ZodType; output: z.ZodType };

/**
 * What a call takes: its input schema's input, or a form's values as they are (the kit's forms hold
 * values by field name; the server's schema checks them and its 400 lands on the fields).
 */
export type InputOf<C extends ContractCall> = z.input<C['input']> | FormPayload;
export type FormPayload = Record<string, unknown>;
export type OutputOfCall<C extends ContractCall> = z.output<C['output']>;

/**
 * Checks a JSON body with the call's own contract schema before sending it, so a half-filled form
 * shows the server's words on its fields without a request. Unknown fields are left for the server
 * to judge (the kit's forms may carry a field a call does not take).
 */
export const checkInput = (schema: z.ZodType | undefined, body: unknown) => {
  if (!schema) return;
  const result = schema.safeParse(JSON.parse(JSON.stringify(body ?? {})));
  if (result.success) return;
  const errors = result.error.issues
    .filter((issue) => issue.code !== 'unrecognized_keys')
    .map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  if (errors.length > 0) throw new ApiError(400, errors[0]?.message ?? 'Please check the form', errors);
};

const sendCall = async <Out>(
  call: Pick<CallSpec, 'method' | 'path'>,
  input: unknown,
  options: CallOptions,
  schema?: z.ZodType,
): Promise<Out> => {
  const { path, rest } = fillPath(call.path, (input ?? {}) as Record<string, unknown>);
  const inQuery = call.method === 'GET' || call.method === 'DELETE';
  if (!inQuery) checkInput(schema, input);
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

/**
 * Makes one call of the contract: GET and DELETE send the input as a query string, the rest as
 * JSON. What it takes and answers are the call's own schemas' types.
 */
export const callApi = <C extends ContractCall>(call: C, input: InputOf<C>, options: CallOptions = {}): Promise<OutputOfCall<C>> =>
  sendCall(call, input, options, (call as { inputFrom?: string }).inputFrom === 'multipart' ? undefined : call.input);

/** What a resource's call takes, by its kind (or a form's values, as for `InputOf`). */
export type ResourceInputOf<D extends ResourceDefinition, K extends CallKind> = FormPayload | ResourceInputByKind<D, K>;
type ResourceInputByKind<D extends ResourceDefinition, K extends CallKind> = K extends 'create'
  ? z.input<D['create']>
  : K extends 'update'
    ? z.input<D['update']>
    : K extends 'list'
      ? Partial<ListRequest>
      : K extends 'setStatus'
        ? { _id: string; status: unknown }
        : { _id: string } | { id: string };

/** Makes one of a resource's calls; it answers what `outputOfCall` says that call answers. */
export const callResource = <D extends ResourceDefinition, K extends CallKind>(
  resource: D,
  kind: K,
  input: ResourceInputOf<D, K>,
  options: CallOptions = {},
): Promise<OutputOf<D, K>> => {
  const call = resource.calls[kind];
  if (!call) throw new Error(`${resource.name} has no ${kind} call`);
  const schema = kind === 'create' ? resource.create : kind === 'update' ? resource.update : undefined;
  return sendCall(call, input, options, schema);
};

/**
 * A page of a resource's records, for code that works on any resource (the kit's lists, pickers).
 * A list that names its own output (the public company directory) answers a subset of each record.
 */
export const callList = <D extends ResourceDefinition>(resource: D, request: Partial<ListRequest>, options: CallOptions = {}) =>
  callResource(resource, 'list', request as ResourceInputOf<D, 'list'>, options) as Promise<ListResult<RecordOf<D>>>;

/** One record through a resource's create, update or details, for code that works on any resource (drafts, forms). */
export const callRecord = <D extends ResourceDefinition>(
  resource: D,
  kind: 'create' | 'update' | 'details',
  input: ResourceInputOf<D, typeof kind>,
  options: CallOptions = {},
) => callResource(resource, kind, input, options) as Promise<RecordOf<D>>;

/** Sends one file to a multipart call, under the key `file` as every upload of the contract takes it. */
export const uploadFile = async <C extends ContractCall>(call: C, file: File, options: CallOptions = {}) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return send<OutputOfCall<C>>(`/api${call.path}`, { method: call.method, headers: { Accept: 'application/json' }, body }, options);
};
