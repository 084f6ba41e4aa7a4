import type { FastifyInstance } from 'fastify';
import { postFile, samplePdf } from './multipart';

/** A file the signed-in user uploaded, as the upload call answers it (ready to reference in a record). */
export const anUploadedFile = async (app: FastifyInstance, token: string, filename = 'CV.pdf') => {
  const response = await postFile(app, '/api/file/upload', { content: samplePdf, filename, token });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  const { url: _url, ...file } = response.json().data as Record<string, unknown>;
  return file as { _id: string; originalName: string; blobName: string; mimeType: string; size: number };
};
