import { levelOfKind } from '@app/contract/access';
import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import type { ListRequest } from '@app/contract/conventions/list';
import { audienceOutputsOfCall, outputOfCall } from '@app/contract/conventions/record';
import type { CallKind, CallSpec } from '@app/contract/define-resource';
import { candidateCv, cvFileTypeMessage, cvMimeTypes, setDefaultCandidateCv } from '@app/contract/resources/crm/candidate-cv';
import { type CandidateForCv, cvDraftOfCandidate } from '@app/contract/resources/crm/candidate-cv-draft';
import { type CvDocument, cvDocument } from '@app/contract/resources/job-board/cv-document';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidateCvs, candidates } from '../../db/schema/candidates';
import type { CallContext, Caller } from '../../engine/context';
import { HttpError, notFound } from '../../engine/errors';
import { fileByBlobName } from '../../engine/file-references';
import { loggedUpdate } from '../../engine/logged-update';
import { registerCall } from '../../engine/register-call';
import { inputOfKind } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { WriteContext } from '../../engine/resource-hooks';
import { parseInput } from '../../engine/validate';
import { sanitizeRichText } from '../../services/sanitize';
import type { Services } from '../../services/services';
import { photoOf, renderToFile } from '../cv-builder/rendered-files';
import { candidateRepository } from './candidate-repository';
import { registerResumeParsing } from './resume-parsing';

export const candidateCvRepository = resourceRepository(candidateCv, candidateCvs);

const messages: Partial<Record<CallKind, string>> = {
  create: 'Created successfully',
  details: 'Fetched successfully',
  list: 'Fetched successfully',
  remove: 'Deleted successfully',
};

type Handler = (ctx: CallContext & { input: any }) => Promise<unknown>;

type CandidateRow = typeof candidates.$inferSelect;

/**
 * A built CV's document: the recruiter's choices over the candidate's profile, checked as the job
 * board's CV builder checks a seeker's CV (its messages, a 400 naming the first). Rich text is kept
 * to the allow-list like every other editor's.
 */
const builtDocumentOf = (candidate: CandidateRow, input: Record<string, unknown>): CvDocument => {
  const { jobSeekerId: _owner, type: _type, isDefault: _default, ...chosen } = input;
  const given = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined));
  const document = parseInput(cvDocument, { ...cvDraftOfCandidate(candidate as unknown as CandidateForCv), ...given });
  return {
    ...document,
    professionalSummary: sanitizeRichText(document.professionalSummary),
    workHistory: document.workHistory.map((item) => ({ ...item, responsibilities: sanitizeRichText(item.responsibilities) })),
    projects: document.projects.map((item) => (item.description ? { ...item, description: sanitizeRichText(item.description) } : item)),
  };
};

/**
 * Draws a built CV with the job board's CV renderer (packages/documents, through the same render
 * pool and file store as a seeker's CV) and keeps the PDF on the record.
 */
const drawBuiltCv = async (db: Executor, services: Services, input: { caller: Caller; id: string; document: CvDocument }) => {
  const { document } = input;
  const name = fullNameOf(document.name as PersonName) || 'CV';
  const file = await renderToFile(db, services, {
    request: { kind: 'cv', format: 'pdf', content: document as never, photo: await photoOf(services, document.profileImg) },
    ownerId: input.caller.id,
    downloadName: `${name} CV.pdf`,
    drawnFor: { entityType: candidateCv.name, id: input.id },
  });
  const { url: _url, ...kept } = file;
  // File bookkeeping of the record just made, not an edit of it.
  await db.update(candidateCvs).set({ file: kept }).where(eq(candidateCvs.id, input.id));
};

/** One default CV per candidate: the others stop being it, each change in the entity log. */
const clearOtherDefaults = async (db: Executor, input: { caller: Caller | null; jobSeekerId: string; exceptId: string }) =>
  loggedUpdate(db, {
    caller: input.caller,
    table: candidateCvs,
    entityType: candidateCv.name,
    where: and(
      eq(candidateCvs.jobSeekerId, input.jobSeekerId),
      eq(candidateCvs.isDefault, true),
      eq(candidateCvs.isDeleted, false),
      ne(candidateCvs.id, input.exceptId),
    ) as never,
    values: { isDefault: false },
  });

/** Whether the candidate has a live default CV: their first CV becomes it unless the caller says otherwise. */
const hasDefaultCv = async (db: Executor, jobSeekerId: string) => {
  const [found] = await db
    .select({ id: candidateCvs.id })
    .from(candidateCvs)
    .where(and(eq(candidateCvs.jobSeekerId, jobSeekerId), eq(candidateCvs.isDefault, true), eq(candidateCvs.isDeleted, false)))
    .limit(1);
  return Boolean(found);
};

type CvOwner = Pick<CandidateRow, 'id' | 'userId'>;

/** One of the candidate's CVs; their default when asked, or when they have none yet (the others stop being it). */
const createCv = async (
  db: Executor,
  input: WriteContext & { owner: CvOwner; isDefault: boolean | undefined; values: Record<string, unknown> },
) => {
  const { caller, owner } = input;
  const isDefault = input.isDefault ?? !(await hasDefaultCv(db, owner.id));
  const values = { ...input.values, jobSeekerId: owner.id, userId: owner.userId ?? null, isDefault, status: 'ACTIVE' };
  const created = await candidateCvRepository.create(db, { ...input, values });
  if (isDefault) await clearOtherDefaults(db, { caller, jobSeekerId: owner.id, exceptId: created._id as string });
  return created;
};

/**
 * A file the caller uploaded (POST /file/upload) kept as one of the candidate's CVs: a document by
 * its content (the type the upload detected, 415 otherwise), then claimed by the repository like
 * every file reference.
 */
export const attachUploadedCv = async (
  db: Executor,
  input: WriteContext & { owner: CvOwner; values: { file: { blobName: string }; cvTitle?: string | null; isDefault?: boolean } },
) => {
  const { isDefault, ...values } = input.values;
  const stored = await fileByBlobName(db, values.file.blobName);
  // An unknown file is the repository's to refuse ("Please upload the file again").
  if (stored && !cvMimeTypes.has(stored.mimeType)) throw new HttpError(415, cvFileTypeMessage);
  return createCv(db, { ...input, isDefault, values: { ...values, type: 'UPLOADED' } });
};

const handlers: Record<'create' | 'details' | 'list' | 'remove', Handler> = {
  create: async (ctx) => {
    const { db, caller, input, services } = ctx;
    const seeker = (caller as Caller).userType === 'JOB_SEEKER';
    // The candidate: one the staff member may see (their organisation's, in their OWN/TEAM scope), or one linked to the seeker.
    const where = seeker
      ? [eq(candidates.id, input.jobSeekerId), eq(candidates.isDeleted, false), eq(candidates.userId, (caller as Caller).id)]
      : [eq(candidates.id, input.jobSeekerId), ...candidateRepository.scopeWhere(ctx.scope)];
    const [owner] = await db
      .select()
      .from(candidates)
      .where(and(...where));
    if (!owner) throw notFound('Candidate');
    // A seeker's CV is filed in the organisation of the candidate it belongs to.
    const scope = seeker ? { organisationId: owner.organisationId as string } : ctx.scope;
    if (input.type !== 'BUILT') {
      const { type: _type, jobSeekerId: _owner, ...values } = input;
      const created = await attachUploadedCv(db, { ...ctx, scope, owner, values });
      return candidateCvRepository.details(db, scope, created._id as string);
    }
    const document = builtDocumentOf(owner, input);
    const created = await createCv(db, {
      ...ctx,
      scope,
      owner,
      isDefault: input.isDefault,
      values: { type: 'BUILT', cvTitle: document.cvTitle, document, file: null },
    });
    await drawBuiltCv(db, services, { caller: caller as Caller, id: created._id as string, document });
    return candidateCvRepository.details(db, scope, created._id as string);
  },
  // Who reaches which CVs and sees what of them is the definition's `audiences`, applied by the repository and the answer.
  details: ({ db, scope, input }) => candidateCvRepository.details(db, scope, input._id),
  list: ({ db, scope, input }) => candidateCvRepository.list(db, scope, input as ListRequest),
  remove: (ctx) => candidateCvRepository.remove(ctx.db, { ...ctx, id: ctx.input._id }),
};

/**
 * The generic calls with the engine's checks, schemas, permission and audiences (a job seeker
 * reaches the CVs of the candidates linked to their account, in whichever organisation; a client
 * user none yet), registered by hand for the create: it finds the candidate the CV is for in the
 * caller's reach, then uploads or draws it.
 */
export const registerCandidateCvs = (app: FastifyInstance) => {
  const def = candidateCv;
  app.resources.push(def);
  for (const [kind, call] of Object.entries(def.calls) as ['create' | 'details' | 'list' | 'remove', CallSpec][]) {
    registerCall(
      app,
      {
        ...call,
        tenancy: def.tenancy,
        audiences: def.audiences,
        name: `${def.name}.${kind}`,
        tag: def.name,
        input: inputOfKind(def, kind),
        output: outputOfCall(def, kind),
        outputs: audienceOutputsOfCall(def, kind),
        access: def.access,
        level: call.level ?? levelOfKind(kind),
        transaction: kind === 'create' || kind === 'remove',
        message: messages[kind],
      },
      (ctx) => handlers[kind](ctx),
    );
  }

  // Staff only (CRM_USER, organisation tenancy): the call's own scope.
  registerCall(app, setDefaultCandidateCv, async (ctx) => {
    const { db, caller, scope, input } = ctx;
    const cv = await candidateCvRepository.get(db, scope, input._id);
    if (input.isDefault) await clearOtherDefaults(db, { caller, jobSeekerId: cv.jobSeekerId as string, exceptId: cv.id });
    await candidateCvRepository.update(db, { ...ctx, id: cv.id, values: { isDefault: input.isDefault } });
    return candidateCvRepository.details(db, scope, cv.id);
  });

  registerResumeParsing(app);
};
