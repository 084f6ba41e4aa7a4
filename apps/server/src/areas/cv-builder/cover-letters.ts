import { fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { coverLetter, coverLetterUrl, makeDefaultCoverLetter } from '@app/contract/resources/job-board/cover-letter';
import { coverLetterDocument } from '@app/contract/resources/job-board/cv-document';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { coverLetters } from '../../db/schema/documents';
import type { Caller, Scope } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { sanitizeRichText } from '../../services/sanitize';
import type { Services } from '../../services/services';
import { ownJobSeeker } from '../job-seekers/repository';
import { letterTemplateOf } from './cover-letter-catalogue';
import { defaultRecord } from './default-record';
import { documentContentOf, renderToFile } from './rendered-files';

export const coverLetterRepository = resourceRepository(coverLetter, coverLetters);
const letterDefault = defaultRecord(coverLetters, coverLetter.name);

type LetterRow = typeof coverLetters.$inferSelect;
type BodySection = { content?: string; subSections?: { content?: string }[] };

const cleanLetterValues = (values: Record<string, unknown>) => {
  if (!Array.isArray(values.bodySections)) return values;
  return {
    ...values,
    bodySections: (values.bodySections as BodySection[]).map((section) => ({
      ...section,
      content: sanitizeRichText(section.content ?? ''),
      subSections: (section.subSections ?? []).map((sub) => ({ ...sub, content: sanitizeRichText(sub.content ?? '') })),
    })),
  };
};

/** A letter may name only a template that exists and is in use. */
const checkTemplate = async (db: Executor, slug: unknown) => {
  if (typeof slug !== 'string') return;
  const template = await letterTemplateOf(db, slug);
  if (template?.status !== 'ACTIVE') {
    throw badRequest('Please choose one of the templates on offer', [
      { field: 'templateSlug', message: 'Please choose one of the templates on offer' },
    ]);
  }
};

/** A seeker's letter by id (another seeker's is a 404). */
export const ownCoverLetter = async (db: Executor, caller: Caller, id: string) =>
  (await coverLetterRepository.get(db, { ownerId: caller.id }, id)) as LetterRow;

/**
 * The letter drawn as a PDF or a Word file, with an expiring link; the record keeps the file it was
 * last drawn as, per format.
 */
export const coverLetterFile = async (db: Executor, services: Services, row: LetterRow, format: 'pdf' | 'docx') => {
  const template = await letterTemplateOf(db, row.templateSlug);
  if (format === 'docx' && template && !template.isDocx) {
    throw badRequest('This template is offered as a PDF only', [{ field: 'isDocx', message: 'This template is offered as a PDF only' }]);
  }
  const name = fullNameOf((row.jobSeekerDetails as { name?: PersonName }).name) || 'Cover letter';
  const file = await renderToFile(db, services, {
    request: {
      kind: 'cover-letter',
      format,
      // A deleted template's letters are still drawn, in the classic layout.
      templateSlug: template?.layout ?? 'classic',
      content: documentContentOf(coverLetterDocument, row) as never,
    },
    ownerId: row.ownerId as string,
    downloadName: `${name} cover letter.${format}`,
    drawnFor: { entityType: coverLetter.name, id: row.id },
  });
  const column = format === 'pdf' ? 'file' : 'docxFile';
  if (row[column]?.blobName !== file.blobName) {
    const { url: _url, ...kept } = file;
    // File bookkeeping, not an edit of the letter: the file it was last drawn as, kept to reuse it.
    await db
      .update(coverLetters)
      .set({ [column]: kept })
      .where(eq(coverLetters.id, row.id));
  }
  return file;
};

export const registerCoverLetters = (app: FastifyInstance) => {
  registerResource(app, coverLetterRepository, {
    hooks: {
      beforeCreate: async ({ db, caller, values }) => {
        const seeker = await ownJobSeeker(db, caller as Caller);
        await checkTemplate(db, values.templateSlug);
        const hasDefault = await letterDefault.hasDefault(db, (caller as Caller).id);
        return { ...cleanLetterValues(values), jobSeekerId: seeker.id, isDefault: !hasDefault };
      },
      beforeUpdate: async ({ db, values }) => {
        await checkTemplate(db, values.templateSlug);
        return cleanLetterValues(values);
      },
      // Deleting the default letter makes the newest one left the default.
      afterWrite: async ({ db, caller, operation, before }) => {
        if (operation !== 'remove' || !before?.isDefault) return;
        await letterDefault.set(db, { caller, ownerId: before.ownerId as string, id: before.id, isDefault: false });
        await letterDefault.promoteNewest(db, { caller, ownerId: before.ownerId as string });
      },
    },
  });

  registerCall(app, { ...makeDefaultCoverLetter, tenancy: 'owner' }, async ({ db, caller, scope, input }) => {
    const row = await coverLetterRepository.get(db, scope as Scope, input._id);
    await letterDefault.set(db, { caller: caller as Caller, ownerId: (caller as Caller).id, id: row.id, isDefault: true });
    return new Answer(
      coverLetterRepository.toRecord(await coverLetterRepository.get(db, scope as Scope, row.id)),
      'This is now your default cover letter',
    );
  });

  registerCall(app, { ...coverLetterUrl, tenancy: 'owner' }, async ({ db, scope, input, services }) => {
    const row = (await coverLetterRepository.get(db, scope as Scope, input.coverLetterId)) as LetterRow;
    const file = await coverLetterFile(db, services, row, input.isDocx ? 'docx' : 'pdf');
    return { url: file.url, file };
  });
};
