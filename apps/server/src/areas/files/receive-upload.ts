import type { CallContext, Caller } from '../../engine/context';
import { tooManyRequests } from '../../engine/errors';
import { recordUpload } from '../../engine/file-references';
import { readUploadedFile } from '../../engine/upload';

export const uploadLimitMessage = 'You have uploaded too many files in the last hour. Please try again later.';

/**
 * Takes the one file of a multipart request for the signed-in caller: counted against their hourly
 * upload limit (every attempt counts), judged by content, stored under a random name and recorded
 * as theirs and attached to nothing, until a field takes it.
 */
export const receiveUpload = async (
  ctx: CallContext,
  input: { what: string; only?: { mimeTypes: ReadonlySet<string>; status: number; message: string } },
) => {
  const caller = ctx.caller as Caller;
  const { uploadsPerUser } = ctx.services.limits;
  const key = `upload:${caller.id}`;
  if (!(await uploadsPerUser.consume(key))) throw tooManyRequests(uploadLimitMessage);
  const upload = await readUploadedFile(ctx.req, input.what);
  const file = await ctx.services.files.save(upload.content, upload.filename, input.only);
  await recordUpload(ctx.db, { caller, file });
  return file;
};
