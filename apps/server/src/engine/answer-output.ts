import type { Audience } from '@app/contract/audiences';
import type { z } from 'zod';
import type { FileStore } from '../services/files';

/**
 * Readies a handler's answer for its schema, in place: dates become the ISO strings the contract
 * declares, and stored files get fresh links. Stored files keep the link they were uploaded with,
 * which expires: every answer carries fresh ones instead. A file is any object with a blobName, a
 * mimeType and an originalName. Answers carry what records store, and every write of a file
 * reference went through `claimFileReferences`, so only files the record may hold get signed; a
 * handler must never answer a reference the client sent.
 */
const ready = (value: unknown, files: FileStore, depth = 0): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (!value || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = ready(value[index], files, depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.blobName === 'string' && typeof record.mimeType === 'string' && typeof record.originalName === 'string') {
    record.url = files.signedUrl(record.blobName);
    return record;
  }
  for (const key in record) {
    const child = record[key];
    if (child && typeof child === 'object') record[key] = ready(child, files, depth + 1);
  }
  return record;
};

/** A handler answered something its call's output does not allow: a bug of the server, never sent. */
export class UndeclaredAnswerError extends Error {
  constructor(call: string, error: z.ZodError) {
    const issues = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`);
    super(`${call} answered what its output schema does not allow: ${issues.join('; ')}`);
    this.name = 'UndeclaredAnswerError';
  }
}

/**
 * What leaves the server as the envelope's `data`: the answer parsed by the call's output schema,
 * which keeps only the keys it declares (a column added to a table, a password hash, a token never
 * leave unless a schema names them). An answer the schema refuses throws, so the request is a
 * logged 500 instead of an answer nobody declared.
 */
export const serialiseAnswer = (input: {
  call: string;
  output: z.ZodType;
  /** What each audience is answered, for a resource that declares its audiences; `output` otherwise. */
  outputs?: Partial<Record<Audience, z.ZodType>>;
  audience?: Audience | null;
  data: unknown;
  files: FileStore;
}) => checkedAnswer(input.call, outputFor(input), ready(input.data, input.files));

/**
 * The schema an answer leaves through: the caller's audience's when the call has one per audience.
 * A caller of an audience the call does not answer gets nothing through (no schema is a bug, not a fallback).
 */
const outputFor = (input: {
  call: string;
  output: z.ZodType;
  outputs?: Partial<Record<Audience, z.ZodType>>;
  audience?: Audience | null;
}) => {
  if (!input.outputs || !input.audience) return input.output;
  const own = input.outputs[input.audience];
  if (!own) throw new Error(`${input.call} has no answer for the ${input.audience} audience`);
  return own;
};

/** Data parsed by a call's output schema (only what it declares is kept), or an UndeclaredAnswerError. */
export const checkedAnswer = <T extends z.ZodType>(call: string, output: T, data: unknown): z.output<T> => {
  const result = output.safeParse(data);
  if (!result.success) throw new UndeclaredAnswerError(call, result.error);
  return result.data;
};

/** Pieces of JSON, some of them bytes already, joined into one buffer (written in place: no buffer for each piece). */
const joined = (parts: readonly (string | Uint8Array)[]) => {
  let size = 0;
  for (const part of parts) size += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') at += bytes.write(part, at);
    else {
      bytes.set(part, at);
      at += part.length;
    }
  }
  return bytes;
};

/**
 * An answer already written as JSON, each part checked against its schema where it was made: the
 * job search writes its page from result cards checked once, when a job was read, instead of
 * checking the same cards again in every search. Its pieces are text or bytes (a card as the
 * search index keeps it), joined once, with the envelope around them, as the answer leaves.
 */
export class WrittenAnswer {
  constructor(readonly parts: readonly (string | Uint8Array)[]) {}

  /** The whole answer as bytes: the envelope every call sends, with this as its `data`. */
  enveloped(message: string) {
    return joined([`{"code":200,"success":true,"message":${JSON.stringify(message)},"data":`, ...this.parts, '}']);
  }
}
