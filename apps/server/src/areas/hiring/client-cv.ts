import { createHash } from 'node:crypto';
import { fullNameOf, type PersonName, type UploadedFile } from '@app/contract/conventions/common';
import type { ListRequest } from '@app/contract/conventions/list';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { noCvMessage } from '@app/contract/resources/hiring/client-applications';
import type { CvDocument } from '@app/contract/resources/job-board/cv-document';
import { documentsVersion } from '@app/documents/version';
import type { Executor } from '../../db/client';
import type { CallContext, Caller } from '../../engine/context';
import { HttpError } from '../../engine/errors';
import { fileByBlobName, recordGeneratedFile, type StoredFile } from '../../engine/file-references';
import { type Withheld, withheldOf } from '../../services/documents/redaction';
import { stableJson } from '../../services/documents/render-pool';
import { cleanFileName } from '../../services/files';
import type { Services } from '../../services/services';
import { candidateCvRepository } from '../crm/candidate-cvs';
import { candidateRepository } from '../crm/candidate-repository';
import { photoOf, renderToFile } from '../cv-builder/rendered-files';
import { applicationRepository } from './applications';

/** Bumped whenever what is withheld changes, so every client's copy is drawn again. */
const redactionVersion = 1;

/** How long a link to the CV works. */
const linkSeconds = 15 * 60;

type CvRow = Awaited<ReturnType<typeof candidateCvRepository.list>>['results'][number];

/** The candidate's CV a client is shown: their default, else their newest, of those not switched off. */
const cvToShow = async (db: Executor, organisationId: string, candidateId: string) => {
  const request: ListRequest = { page: 1, limit: 'ALL', search: '', filter: { jobSeekerId: candidateId } };
  const { results } = await candidateCvRepository.list(db, { organisationId }, request);
  const live = results.filter((cv) => cv.status === 'ACTIVE' && (cv.file || cv.document));
  // The list is newest first.
  return live.find((cv) => cv.isDefault) ?? live[0];
};

/** Copies being drawn now, by the name they will be kept under: a second caller waits for the first. */
const drawing = new Map<string, Promise<StoredFile>>();

/**
 * The client's copy of the CV without the candidate's contact details, kept in the file store under
 * a name made from everything it is drawn from (the CV's file or document, the values withheld, the
 * notice, the rules' and renderer's versions): asked again, the copy kept is answered at once; a
 * change to any of those (a new CV, a changed phone number) draws a new one. The original's link is
 * never answered.
 */
const redactedCopyOf = async (
  db: Executor,
  services: Services,
  input: { cv: CvRow; withheld: Withheld; notice: string; downloadName: string; ownerId: string },
): Promise<StoredFile> => {
  const { cv, withheld, notice } = input;
  const source = cv.type === 'BUILT' ? { document: cv.document } : { blobName: cv.file?.blobName };
  const key = createHash('sha256')
    .update(stableJson([redactionVersion, documentsVersion, cv._id, cv.type, source, withheld, notice]))
    .digest('hex');
  const blobName = `redacted/${key.slice(0, 2)}/${key}.pdf`;
  const kept = await fileByBlobName(db, blobName);
  if (kept) return { _id: kept.id, originalName: kept.originalName, blobName, mimeType: kept.mimeType, size: kept.size };
  const pending = drawing.get(blobName);
  if (pending) return pending;
  const draw = async (): Promise<StoredFile> => {
    const buffer = await drawCopy(services, { cv, withheld, notice, title: input.downloadName }).catch((error: unknown) => {
      services.log.warn({ err: error, cvId: cv._id }, 'a CV could not be drawn without its contact details');
      throw new HttpError(422, 'This CV could not be prepared without the contact details: please ask your recruiter for it');
    });
    await services.files.keep(blobName, buffer, 'application/pdf');
    const file = {
      _id: key.slice(0, 24),
      originalName: cleanFileName(input.downloadName, 'pdf'),
      blobName,
      mimeType: 'application/pdf',
      size: buffer.length,
    };
    await recordGeneratedFile(db, { ownerId: input.ownerId, file, attachedTo: { entityType: candidateCv.name, id: cv._id as string } });
    return file;
  };
  const promise = draw().finally(() => drawing.delete(blobName));
  drawing.set(blobName, promise);
  return promise;
};

/** A built CV drawn by its template with the contact fields empty; an uploaded one's text drawn again without them. */
const drawCopy = async (services: Services, input: { cv: CvRow; withheld: Withheld; notice: string; title: string }) => {
  const { cv, withheld, notice } = input;
  if (cv.type === 'BUILT' && cv.document) {
    const document = cv.document as CvDocument;
    const rendered = await services.documents.renderDocument({
      kind: 'cv',
      format: 'pdf',
      content: document,
      photo: await photoOf(services, document.profileImg),
      withhold: withheld,
    });
    return rendered.buffer;
  }
  const file = cv.file as UploadedFile;
  const data = await services.files.read(file.blobName);
  return services.documents.drawRedactedCopy({
    source: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mimeType: file.mimeType, title: input.title },
    withheld,
    notice,
  });
};

/** The CV as it is: an uploaded file, or a built CV's drawn PDF (drawn now if it has none yet). */
const originalOf = async (db: Executor, services: Services, input: { cv: CvRow; downloadName: string; ownerId: string }) => {
  const { cv } = input;
  if (cv.file) return cv.file as StoredFile;
  const document = cv.document as CvDocument;
  const drawn = await renderToFile(db, services, {
    request: { kind: 'cv', format: 'pdf', content: document, photo: await photoOf(services, document.profileImg) },
    ownerId: input.ownerId,
    downloadName: input.downloadName,
    drawnFor: { entityType: candidateCv.name, id: cv._id as string },
  });
  const { url: _url, ...file } = drawn;
  return file;
};

/**
 * `/client/job-application/cv`: a link to the CV of the candidate of one of the client's own
 * applications (the application's client policy: another client's is a 404). Where staff granted
 * the client the candidate's personal details, the CV as it is; otherwise a PDF the server drew
 * without the email, phone, address and links (DECISIONS.md §6), never the original's link.
 */
export const clientCvLinkOf = async (ctx: CallContext & { input: { _id: string } }) => {
  const { db, scope, services, input } = ctx;
  const caller = ctx.caller as Caller;
  const application = await applicationRepository.get(db, scope, input._id);
  // The client reads no candidates or CVs of its own: the application it may see is its way to them.
  const organisation = { organisationId: scope.organisationId as string };
  const person = await candidateRepository.get(db, organisation, application.candidateId as string);
  const cv = await cvToShow(db, organisation.organisationId, person.id);
  if (!cv) throw new HttpError(404, noCvMessage);
  const name = fullNameOf(person.name as PersonName) || 'Candidate';
  const downloadName = `${name} CV.pdf`;
  const ownerId = (cv.ownerId as string | null | undefined) ?? caller.id;
  const withheld = !application.isPersonalInfoVisibleToClient;
  const file = withheld
    ? await redactedCopyOf(db, services, {
        cv,
        withheld: withheldOf({
          email: person.email as string,
          phone: person.phone as string,
          address: person.address as never,
          links: [person.linkedInLink as string | null, person.gitHubLink as string | null],
          moreEmails: [(cv.document as CvDocument | null)?.email],
          morePhones: [(cv.document as CvDocument | null)?.phone],
        }),
        notice: `Contact details withheld by ${caller.organisationName || 'your recruitment partner'} until shared`,
        downloadName,
        ownerId,
      })
    : await originalOf(db, services, { cv, downloadName, ownerId });
  const expires = Math.floor(Date.now() / 1000) + linkSeconds;
  return {
    url: services.files.signedUrl(file.blobName, linkSeconds),
    expiresAt: new Date(expires * 1000).toISOString(),
    file,
    contactDetailsWithheld: withheld,
  };
};
