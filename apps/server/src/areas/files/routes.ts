import { fileUpload } from '@app/contract/resources/auth';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../engine/errors';
import { fileByBlobName } from '../../engine/file-references';
import { Answer, registerCall } from '../../engine/register-call';
import { callersOwn } from '../../engine/unscoped-reasons';
import { receiveUpload } from './receive-upload';

export const registerFiles = (app: FastifyInstance) => {
  registerCall(app, { ...fileUpload, unscoped: callersOwn }, async (ctx) => {
    const saved = await receiveUpload(ctx, { what: 'a file' });
    return new Answer({ ...saved, url: ctx.services.files.signedUrl(saved.blobName) }, 'File uploaded');
  });

  // The target of signed links: the signature is the permission, so no sign-in is needed.
  app.get('/api/file/read', { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as { name?: string; expires?: string; signature?: string };
    if (!app.services.files.verifySignedUrl(query)) throw notFound('File');
    const file = await fileByBlobName(app.database.db, query.name as string);
    if (!file) throw notFound('File');
    const object = await app.services.files.open(file.blobName);
    if (!object) throw notFound('File');
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply
      .header('content-type', file.mimeType)
      .header('content-disposition', `inline; filename="${file.originalName}"`)
      .header('cache-control', 'private, max-age=300')
      .send(object.body);
  });
};
