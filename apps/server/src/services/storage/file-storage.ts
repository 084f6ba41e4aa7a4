import type { Readable } from 'node:stream';
import { HttpError } from '../../engine/errors';

/** An object opened for reading: its bytes as a stream, and its length when the store knows it. */
export type StoredObject = { body: Readable; size?: number };

/**
 * Where stored files live, by key (`uploads/ab/abcd….pdf`, `documents/12/1234….pdf`): the local disk or
 * an S3-compatible bucket. The file store is the only user; nothing else reads or writes stored files.
 */
export type FileStorage = {
  /** Where files go, for the start-up log line (never a credential). */
  description: string;
  /** Writes the whole object; a reader never sees part of it. */
  put: (key: string, content: Buffer, contentType: string) => Promise<void>;
  /** The whole object, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
  /** The object as a stream (for serving), or null when there is none. */
  open: (key: string) => Promise<StoredObject | null>;
  exists: (key: string) => Promise<boolean>;
};

/**
 * Keys are made by the server (random or content-hash names), but one read back from a record is
 * still checked: plain relative segments only, so no key reaches outside the store's root.
 */
export const checkedKey = (key: string) => {
  const segments = key.split('/');
  const fine =
    key.length > 0 && key.length <= 512 && segments.every((segment) => /^[A-Za-z0-9._-]+$/.test(segment) && !/^\.+$/.test(segment));
  if (!fine) throw new HttpError(404, 'File not found');
  return key;
};
