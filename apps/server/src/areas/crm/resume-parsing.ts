import { cvFileTypeMessage, noTextLayerMessage, parseResumePdf, resumeUrlMessage } from '@app/contract/resources/crm/candidate-cv';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { skills } from '../../db/schema/lookups';
import { HttpError, notFound } from '../../engine/errors';
import { fileByBlobName } from '../../engine/file-references';
import { registerCall } from '../../engine/register-call';
import type { Gazetteer } from '../../services/gazetteer';
import type { ReadLayout } from '../../services/resume-parsing/lines';
import { type ParseOptions, parseResume } from '../../services/resume-parsing/parse';
import type { ResumeRead } from '../../services/resume-parsing/read';

/** What the user is told when a résumé cannot be read. */
const unreadable: Record<Exclude<ResumeRead, { ok: true }>['reason'], [number, string]> = {
  'no-text-layer': [422, noTextLayerMessage],
  'unreadable-pdf': [422, 'This PDF could not be read: it may be damaged or protected by a password.'],
  'unreadable-word': [422, 'This Word document could not be read: it may be damaged or protected by a password.'],
  'not-a-document': [415, cvFileTypeMessage],
};

/** The read résumé's lines, or the HTTP error that says why there are none. */
export const layoutOrError = (read: ResumeRead): ReadLayout => {
  if (read.ok) return read.layout;
  const [status, message] = unreadable[read.reason];
  throw new HttpError(status, message);
};

/** A town or city the gazetteer knows by that name (not a postcode area: "BA" is a degree, not Bath). */
export const placeTestOf =
  (gazetteer: Gazetteer): NonNullable<ParseOptions['isPlace']> =>
  (name) => {
    if (!/^[A-Z][A-Za-z' -]{1,40}$/.test(name) || name.split(/\s+/).length > 3) return false;
    const place = gazetteer.resolve(name);
    // The gazetteer also finds "Greenfield" in "Greenfield Homes": a place here is the whole name.
    return place?.kind === 'place' && place.label.toLowerCase().startsWith(name.toLowerCase());
  };

/**
 * POST /candidate-cv/parse-resume-pdf: the url must be a link to a file this product stores (the
 * one the upload answered); anything else is a 400 and nothing is fetched. The file must be the
 * caller's organisation's or the caller's own (another's is a 404). Its text is read as stored
 * (pdf.js for a PDF, the XML for DOCX, the piece table for DOC, in a document worker) and parsed into a draft; nothing
 * is written.
 */
export const registerResumeParsing = (app: FastifyInstance) => {
  registerCall(app, parseResumePdf, async ({ db, caller, scope, services, input }) => {
    const blobName = services.files.blobNameOfUrl(input.url);
    if (!blobName) throw new HttpError(400, resumeUrlMessage);
    const file = await fileByBlobName(db, blobName);
    const mine = file && (file.ownerId === caller?.id || (scope.organisationId && file.organisationId === scope.organisationId));
    if (!file || !mine) throw notFound('File');
    const data = await services.files.read(file.blobName);
    // Read in a document worker: the pool's time limit stops a file that would take too long.
    const layout = layoutOrError(await services.documents.readResume({ data: new Uint8Array(data), mimeType: file.mimeType }));
    const lookup = await db
      .select({ _id: skills.id, label: skills.label, value: skills.value })
      .from(skills)
      .where(and(eq(skills.isDeleted, false), eq(skills.status, 'ACTIVE')));
    const draft = parseResume(layout, { skills: lookup, isPlace: placeTestOf(services.gazetteer) });
    return { ...draft, file: { _id: file.id, originalName: file.originalName, mimeType: file.mimeType } };
  });
};
