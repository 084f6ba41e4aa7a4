import type { UploadedFile } from '@app/contract/conventions/common';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { files } from '../db/schema/services';
import type { Caller } from './context';
import { badRequest } from './errors';

export type StoredFile = Omit<UploadedFile, 'url'>;
type FileRow = typeof files.$inferSelect;

/** A file reference is any object with a blobName: the shape answers sign links for. */
export const isFileReference = (value: unknown): value is Record<string, unknown> & { blobName: string } =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  typeof (value as { blobName?: unknown }).blobName === 'string';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** Every file reference in a value, with the field it sits in ("profileImg", "attachments.2"). */
const referencesIn = (value: unknown, path: string[] = [], found: { field: string; blobName: string; id: unknown }[] = []) => {
  if (isFileReference(value)) {
    found.push({ field: path.join('.'), blobName: value.blobName, id: value._id });
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) referencesIn(item, [...path, String(index)], found);
  } else if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) referencesIn(child, [...path, key], found);
  }
  return found;
};

/** The value with every file reference replaced by what `replace` answers for it. */
const replaceReferences = (value: unknown, replace: (blobName: string) => StoredFile): unknown => {
  if (isFileReference(value)) return replace(value.blobName);
  if (Array.isArray(value)) return value.map((item) => replaceReferences(item, replace));
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, replaceReferences(child, replace)]));
  return value;
};

const storedFileOf = (row: FileRow): StoredFile => ({
  _id: row.id,
  originalName: row.originalName,
  blobName: row.blobName,
  mimeType: row.mimeType,
  size: row.size,
});

export const reuploadMessage = 'Please upload the file again';

export type FileClaim = {
  caller: Caller | null;
  /** The record the values are written to; its owner becomes the owner of a file newly attached. */
  record: { entityType: string; id: string; ownerId: string | null; organisationId: string | null };
  values: Record<string, unknown>;
  /** The record as stored before this write: a file already on it may stay (and records from before files were attached). */
  stored?: Record<string, unknown>;
};

/**
 * The one gate every write of a file reference goes through (the generic repository calls it on
 * every create and update). Each reference is looked up by its blobName in the files table, and
 * the client's name, type, size and link are replaced by the stored ones. It is accepted when the
 * file is already on this record, when the caller uploaded it and it is attached nowhere yet, or
 * when it is already on another record of the caller's own and goes on a record of theirs (the CV
 * builder starts a CV with the profile photo; a CV is duplicated). A file newly accepted is marked
 * attached to the record. Anything else (another user's CV, a file of another record, an unknown
 * name) is a 400 on the field.
 */
export const claimFileReferences = async (db: Executor, claim: FileClaim): Promise<Record<string, unknown>> => {
  const references = referencesIn(claim.values);
  if (references.length === 0) return claim.values;
  const { caller, record } = claim;
  const rows = await db
    .select()
    .from(files)
    .where(
      inArray(
        files.blobName,
        references.map((r) => r.blobName),
      ),
    );
  const byBlobName = new Map(rows.map((row) => [row.blobName, row]));
  const alreadyStored = new Set(referencesIn(claim.stored ?? {}).map((r) => r.blobName));

  const refused: { field: string; message: string }[] = [];
  const toAttach = new Map<string, FileRow>();
  for (const reference of references) {
    const row = byBlobName.get(reference.blobName);
    const sameId = reference.id === undefined || reference.id === row?.id;
    const onThisRecord = (row?.attachedType === record.entityType && row.attachedId === record.id) || alreadyStored.has(reference.blobName);
    const free = row?.attachedType === null && !!caller && row.uploadedBy === caller.id;
    const callersOwn = row?.attachedType !== null && !!caller && row?.ownerId === caller.id && record.ownerId === caller.id;
    if (!row || !sameId || !(onThisRecord || free || callersOwn)) {
      refused.push({ field: reference.field, message: reuploadMessage });
      continue;
    }
    if (row.attachedType === null) toAttach.set(row.id, row);
  }
  if (refused.length > 0) throw badRequest(reuploadMessage, refused);

  for (const row of toAttach.values()) {
    // Only while still unattached: of two writes racing for one file, the second finds it taken.
    const attached = await db
      .update(files)
      .set({
        attachedType: record.entityType,
        attachedId: record.id,
        ownerId: record.ownerId ?? row.ownerId,
        organisationId: record.organisationId ?? row.organisationId,
      })
      .where(and(eq(files.id, row.id), isNull(files.attachedType)))
      .returning({ id: files.id });
    if (attached.length === 0) {
      const fields = references.filter((r) => r.blobName === row.blobName).map((r) => ({ field: r.field, message: reuploadMessage }));
      throw badRequest(reuploadMessage, fields);
    }
  }
  return replaceReferences(claim.values, (blobName) => storedFileOf(byBlobName.get(blobName) as FileRow)) as Record<string, unknown>;
};

/** A file a user has just uploaded: theirs, in their organisation, attached to nothing yet. */
export const recordUpload = async (db: Executor, input: { caller: Caller; file: StoredFile }) => {
  const { caller, file } = input;
  await db.insert(files).values({
    ...file,
    id: file._id,
    uploadedBy: caller.id,
    ownerId: caller.id,
    organisationId: caller.organisationId,
  });
};

/**
 * A document the server drew (a CV or a letter as PDF or Word), attached to the record it was first
 * drawn for. The same content gives the same file, so a second record with it finds the row there.
 */
export const recordGeneratedFile = async (
  db: Executor,
  input: { ownerId: string; file: StoredFile; attachedTo: { entityType: string; id: string } },
) => {
  await db
    .insert(files)
    .values({
      ...input.file,
      id: input.file._id,
      uploadedBy: input.ownerId,
      ownerId: input.ownerId,
      organisationId: null,
      attachedType: input.attachedTo.entityType,
      attachedId: input.attachedTo.id,
    })
    .onConflictDoNothing();
};

/** The stored file a signed link names. */
export const fileByBlobName = async (db: Executor, blobName: string) => {
  const [row] = await db.select().from(files).where(eq(files.blobName, blobName)).limit(1);
  return row;
};
