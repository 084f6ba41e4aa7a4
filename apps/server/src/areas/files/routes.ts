import { fileUpload } from '@app/contract/resources/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema/services';
import { notFound } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { readUploadedFile } from '../../engine/upload';

export const registerFiles = (app: FastifyInstance) => {
  registerCall(app, fileUpload, async ({ db, caller, services, req }) => {
    const upload = await readUploadedFile(req, 'a file');
    const saved = await services.files.save(upload.content, upload.filename);
    await db.insert(files).values({ id: saved._id, ownerId: caller?.id ?? '', organisationId: caller?.organisationId ?? null, ...saved });
    return new Answer({ ...saved, url: services.files.signedUrl(saved.blobName) }, 'File uploaded');
  });

  // The target of signed links: the signature is the permission, so no sign-in is needed.
  app.get('/api/file/read', { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as { name?: string; expires?: string; signature?: string };
    if (!app.services.files.verifySignedUrl(query)) throw notFound('File');
    const [file] = await app.database.db
      .select()
      .from(files)
      .where(eq(files.blobName, query.name as string));
    if (!file) throw notFound('File');
    const content = await app.services.files.read(file.blobName).catch(() => null);
    if (!content) throw notFound('File');
    return reply
      .header('content-type', file.mimeType)
      .header('content-disposition', `inline; filename="${file.originalName}"`)
      .header('cache-control', 'private, max-age=300')
      .send(content);
  });
};
