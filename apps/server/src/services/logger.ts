import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Keys whose values are secrets wherever they appear in a log line. */
const secretKeys = ['password', 'newPassword', 'oldPassword', 'passwordHash', 'code', 'otp', 'secondaryOtp', 'token', 'secret'];
const secretDepth = 6;

/** pino redacts by path; `*` stands for one level, so each key is listed at every depth up to a limit. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...secretKeys.flatMap((key) => Array.from({ length: secretDepth }, (_, depth) => [...Array(depth).fill('*'), key].join('.'))),
];

/** Query-string values that are credentials: a signed file link's signature, codes and tokens. */
const secretQuery = /([?&](?:signature|token|code|otp)=)[^&#]*/gi;
export const withoutSecretQuery = (url: string) => url.replace(secretQuery, (_, name: string) => `${name}[Redacted]`);

/**
 * A database error as the log may keep it: the SQL text and what the database said (its SQLSTATE,
 * constraint, table, column), never the query's parameters (Drizzle puts them in `params` and in
 * its message) nor PostgreSQL's `detail`, which repeats the failing row. A quoted value at the end
 * of the database's message ("invalid input syntax for type uuid: "…"") is cut off too.
 */
const databaseCauseOf = (cause: unknown) => {
  if (!cause || typeof cause !== 'object') return undefined;
  const { code, severity, constraint, table, column, routine } = cause as Record<string, unknown>;
  const message = String((cause as { message?: unknown }).message ?? '');
  const valueAt = message.indexOf(': "');
  return { message: valueAt < 0 ? message : message.slice(0, valueAt), sqlState: code, severity, constraint, table, column, routine };
};

const isQueryError = (error: unknown): error is Error & { query: string; params: unknown } =>
  error instanceof Error && typeof (error as { query?: unknown }).query === 'string' && 'params' in error;

/** An error's stack with this message heading it instead of its own. */
const stackWith = (error: Error, message: string) =>
  [`${error.name}: ${message}`, ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n');

const causesQueryError = (error: unknown, depth = 0): boolean =>
  error instanceof Error && (isQueryError(error) || (depth < 8 && causesQueryError(error.cause, depth + 1)));

/**
 * The `err` serializer: pino's, except that a failed query is logged without its parameters (pino's
 * own would repeat a cause's message, so an error caused by one is serialized here too). An error's
 * own `code` is logged as `errorCode`: `code` is redacted everywhere, being one-time codes.
 */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export const serializeError = (error: unknown): SerializedError => {
  if (!causesQueryError(error)) {
    const { code, ...rest } = pino.stdSerializers.err(error as Error);
    return code === undefined ? rest : { ...rest, errorCode: code };
  }
  if (!isQueryError(error)) {
    const outer = error as Error & { code?: unknown };
    return {
      type: outer.constructor.name,
      message: outer.message,
      stack: stackWith(outer, outer.message),
      errorCode: outer.code,
      cause: serializeError(outer.cause),
    };
  }
  const message = `Failed query: ${error.query}`;
  return {
    type: error.constructor.name,
    message,
    stack: stackWith(error, message),
    query: error.query,
    cause: databaseCauseOf(error.cause),
  };
};

type RequestLike = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

export const loggerOptions = (input: { level: string; stream?: pino.DestinationStream }): FastifyServerOptions['logger'] => ({
  level: input.level,
  redact: { paths: redactPaths, censor: '[Redacted]' },
  serializers: {
    err: serializeError,
    req: (req: RequestLike) =>
      typeof req?.url === 'string'
        ? {
            method: req.method,
            url: withoutSecretQuery(req.url),
            host: req.host,
            remoteAddress: req.ip,
            remotePort: req.socket?.remotePort,
          }
        : req,
  },
  ...(input.stream ? { stream: input.stream } : {}),
});

/**
 * Each request's logger, bound to its id as Fastify's own factory binds it, but without passing the
 * id through redaction: the id is Fastify's counter, never a secret, and redacting it (every path
 * is tried, since secrets are redacted at any depth) cost each request as much as its routing.
 * Everything the request logs is redacted as before.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const child = logger.child({}, Object.keys(options).length ? options : undefined);
  const chindings = pino.symbols.chindingsSym;
  const bound = child as unknown as Record<symbol, string>;
  for (const [key, value] of Object.entries(bindings)) bound[chindings] += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  return child;
};
