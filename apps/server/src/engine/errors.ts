import type { FieldError } from '@app/contract/conventions/envelope';

/** An error that becomes an envelope with this status; anything else is a 500 with a generic message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    /** What the envelope's `data` holds instead (a 409's possible duplicates); never a secret. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (message: string, data?: Record<string, unknown>) => new HttpError(409, message, undefined, data);
export const tooManyRequests = (message = 'Too many attempts, please try again later') => new HttpError(429, message);

/** A unique index refused the write (PostgreSQL 23505), whether the driver's error or drizzle's wrapper of it. */
export const isUniqueViolation = (error: unknown) => {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return code === '23505' || cause?.code === '23505';
};
