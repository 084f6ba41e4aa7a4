import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { cv, cvDetails, cvTemplateList, defaultCv, setDefaultCv } from '@app/contract/resources/job-board/cv';
import { cvTemplateCatalogue } from '@app/documents/catalogue';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { cvs } from '../../db/schema/documents';
import type { Caller, Scope } from '../../engine/context';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { callersOwn, sameForEveryone } from '../../engine/unscoped-reasons';
import { sanitizeRichText } from '../../services/sanitize';
import type { Services } from '../../services/services';
import { ownJobSeeker } from '../job-seekers/repository';
import { defaultRecord } from './default-record';
import { cvContentOf, photoOf, renderToFile } from './rendered-files';

export const cvRepository = resourceRepository(cv, cvs);

type CvRow = typeof cvs.$inferSelect;

/** Rich text is kept to the allow-list on the way in, like every other editor's. */
const cleanCvValues = (values: Record<string, unknown>) => {
  const clean = { ...values };
  if (typeof clean.professionalSummary === 'string') clean.professionalSummary = sanitizeRichText(clean.professionalSummary);
  if (Array.isArray(clean.workHistory)) {
    clean.workHistory = clean.workHistory.map((item: Record<string, unknown>) =>
      typeof item.responsibilities === 'string' ? { ...item, responsibilities: sanitizeRichText(item.responsibilities) } : item,
    );
  }
  if (Array.isArray(clean.projects)) {
    clean.projects = clean.projects.map((item: Record<string, unknown>) =>
      typeof item.description === 'string' ? { ...item, description: sanitizeRichText(item.description) } : item,
    );
  }
  return clean;
};

const cvDefault = defaultRecord(cvs, cv.name);

export const defaultCvOf = async (db: Executor, ownerId: string) =>
  (await cvRepository.first(db, { ownerId }, [eq(cvs.isDefault, true)])) as CvRow | undefined;

/** The CV drawn as a PDF with an expiring link; the record keeps the file it was last drawn as. */
export const cvPdf = async (db: Executor, services: Services, row: CvRow) => {
  const name = fullNameOf(row.name as PersonName) || 'CV';
  const file = await renderToFile(db, services, {
    request: { kind: 'cv', format: 'pdf', content: cvContentOf(row) as never, photo: await photoOf(services, row.profileImg) },
    ownerId: row.ownerId as string,
    downloadName: `${name} CV.pdf`,
    drawnFor: { entityType: cv.name, id: row.id },
  });
  if (row.file?.blobName !== file.blobName) {
    const { url: _url, ...kept } = file;
    // File bookkeeping, not an edit of the CV: the PDF it was last drawn as, kept to reuse it.
    await db.update(cvs).set({ file: kept }).where(eq(cvs.id, row.id));
  }
  return file;
};

/** A seeker's CV by id (another seeker's is a 404). */
export const ownCv = async (db: Executor, caller: Caller, id: string) => (await cvRepository.get(db, { ownerId: caller.id }, id)) as CvRow;

export const registerCvs = (app: FastifyInstance) => {
  registerResource(app, cvRepository, {
    hooks: {
      beforeCreate: async ({ db, caller, values }) => {
        const seeker = await ownJobSeeker(db, caller as Caller);
        const hasDefault = await cvDefault.hasDefault(db, (caller as Caller).id);
        return { ...cleanCvValues(values), userId: seeker.userId, jobSeekerId: seeker.id, type: 'BUILT', isDefault: !hasDefault };
      },
      beforeUpdate: ({ values }) => cleanCvValues(values),
      // Deleting the default CV makes the newest one left the default.
      afterWrite: async ({ db, caller, operation, before }) => {
        if (operation !== 'remove' || !before?.isDefault) return;
        await cvDefault.set(db, { caller, ownerId: before.ownerId as string, id: before.id, isDefault: false });
        await cvDefault.promoteNewest(db, { caller, ownerId: before.ownerId as string });
      },
    },
  });

  registerCall(app, { ...cvDetails, tenancy: 'owner' }, async ({ db, scope, input }) =>
    cvRepository.toRecord(await cvRepository.get(db, scope as Scope, input.cvId)),
  );

  registerCall(app, { ...defaultCv, unscoped: callersOwn }, async ({ db, caller }) => {
    const row = await defaultCvOf(db, (caller as Caller).id);
    return row ? cvRepository.toRecord(row) : null;
  });

  registerCall(app, { ...setDefaultCv, tenancy: 'owner' }, async ({ db, caller, scope, input }) => {
    const row = (await cvRepository.get(db, scope as Scope, input.cvId)) as CvRow;
    await cvDefault.set(db, { caller: caller as Caller, ownerId: (caller as Caller).id, id: row.id, isDefault: input.status });
    const updated = await cvRepository.get(db, scope as Scope, row.id);
    return new Answer(cvRepository.toRecord(updated), input.status ? 'This is now your default CV' : 'This CV is no longer your default');
  });

  registerCall(app, { ...cvTemplateList, unscoped: sameForEveryone }, async () => cvTemplateCatalogue);
};
