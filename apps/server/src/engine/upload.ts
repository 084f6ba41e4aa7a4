import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';
import { rejectUnstorableText } from './storable-text';

type FieldPart = { fieldname: string; value?: unknown };

/**
 * Busboy says a body is broken with plain errors ("Unexpected end of form", "Boundary not found"):
 * the client's fault, so a 400. The plugin's own errors carry their 4xx status and pass as they are.
 */
const asClientError = (error: unknown) => {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return error;
  return badRequest('The upload is not a valid multipart/form-data body');
};

/**
 * The one file of a multipart call, read whole, under the key "file". Its name and any fields sent
 * with it are text like any other input: what the database cannot store is a 400 naming the field.
 */
export const readUploadedFile = async (req: FastifyRequest, what: string) => {
  try {
    const part = await req.file();
    if (part?.fieldname !== 'file')
      throw badRequest(`Please attach ${what} under the key "file"`, [{ field: 'file', message: `Please attach ${what}` }]);
    const fields = Object.values(part.fields).flatMap((field) => (Array.isArray(field) ? field : [field])) as FieldPart[];
    rejectUnstorableText({
      file: part.filename,
      ...Object.fromEntries(fields.filter((field) => field.fieldname !== 'file').map((field) => [field.fieldname, field.value])),
    });
    return { filename: part.filename, content: await part.toBuffer() };
  } catch (error) {
    throw asClientError(error);
  }
};
