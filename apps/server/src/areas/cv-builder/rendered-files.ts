import type { UploadedFile } from '@app/contract/conventions/common';
import { cvDocument } from '@app/contract/resources/job-board/cv-document';
import type { Executor } from '../../db/client';
import { recordGeneratedFile } from '../../engine/file-references';
import type { RenderPhoto } from '../../services/documents/protocol';
import type { DocumentFormat, RenderRequest } from '../../services/documents/render-pool';
import { cleanFileName } from '../../services/files';
import type { Services } from '../../services/services';

/** The content of a stored CV or letter: only the keys the document schema knows. */
export const documentContentOf = <T extends Record<string, unknown>>(schema: { shape: T }, record: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(schema.shape).map((key) => [key, record[key] ?? undefined]));

export const cvContentOf = (record: Record<string, unknown>) => documentContentOf(cvDocument, record);

/** The CV's photo as the renderer takes it; a missing or unreadable file just leaves it out. */
export const photoOf = async (services: Services, image: UploadedFile | null | undefined): Promise<RenderPhoto | null> => {
  if (!image?.blobName || (image.mimeType !== 'image/png' && image.mimeType !== 'image/jpeg')) return null;
  const data = await services.files.read(image.blobName).catch(() => null);
  return data ? { data, mimeType: image.mimeType } : null;
};

/**
 * Draws the document (or finds it already drawn), keeps it in the file store under its content hash
 * and answers it as an uploaded file with an expiring link. The same content always gives the same
 * file, so a record's `file` changes only when its document does. The file is the server's, attached
 * to the record it was first drawn for: no client may put it on another field.
 */
export const renderToFile = async (
  db: Executor,
  services: Services,
  input: { request: RenderRequest; ownerId: string; downloadName: string; drawnFor: { entityType: string; id: string } },
): Promise<UploadedFile> => {
  const rendered = await services.documents.renderDocument(input.request).catch((error: unknown) => {
    // A photo whose header passed the upload's type check can still hold broken image data, which
    // the drawing cannot read: the CV is drawn without it rather than not at all.
    if (input.request.kind !== 'cv' || !input.request.photo) throw error;
    services.log.warn({ err: error, drawnFor: input.drawnFor }, 'the photo could not be drawn: drawn without it');
    return services.documents.renderDocument({ ...input.request, photo: null });
  });
  const format: DocumentFormat = input.request.format;
  const blobName = `documents/${rendered.cacheKey.slice(0, 2)}/${rendered.cacheKey}.${format}`;
  await services.files.keep(blobName, rendered.buffer, rendered.contentType);
  const file = {
    _id: rendered.cacheKey.slice(0, 24),
    originalName: cleanFileName(input.downloadName, format),
    blobName,
    mimeType: rendered.contentType,
    size: rendered.buffer.length,
  };
  await recordGeneratedFile(db, { ownerId: input.ownerId, file, attachedTo: input.drawnFor });
  return { ...file, url: services.files.signedUrl(blobName) };
};

export type { DocumentFormat };
