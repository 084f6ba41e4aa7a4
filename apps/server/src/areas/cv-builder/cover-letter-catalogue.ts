import { isPlatformUser } from '@app/contract/access';
import {
  coverLetterSection,
  coverLetterSuggestion,
  coverLetterTemplate,
  reorderCoverLetterSection,
  seekerCoverLetterSections,
  seekerCoverLetterSuggestions,
} from '@app/contract/resources/job-board/cover-letter';
import { coverLetterTemplateSlugs } from '@app/contract/resources/job-board/cv-document';
import { and, asc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { coverLetterSections, coverLetterSuggestions, coverLetterTemplates } from '../../db/schema/documents';
import { type Caller, unscoped } from '../../engine/context';
import { badRequest, notFound } from '../../engine/errors';
import { newId } from '../../engine/ids';
import { byId, loggedUpdate } from '../../engine/logged-update';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { acrossOrganisations, sameForEveryone } from '../../engine/unscoped-reasons';
import { sanitizeRichText } from '../../services/sanitize';

export const sectionRepository = resourceRepository(coverLetterSection, coverLetterSections);
export const suggestionRepository = resourceRepository(coverLetterSuggestion, coverLetterSuggestions);
export const templateRepository = resourceRepository(coverLetterTemplate, coverLetterTemplates);

const liveSections = eq(coverLetterSections.isDeleted, false);

/** The cover-letter catalogue is the platform's, the same for every job seeker. */
const catalogue = unscoped('the cover-letter catalogue, the same for every job seeker');

/** The number after the last section: where a new one goes when none is given. */
const nextOrderNumber = async (db: Executor) => {
  const [row] = await db
    .select({ last: max(coverLetterSections.orderNumber) })
    .from(coverLetterSections)
    .where(liveSections);
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
};

/** Sections keep 0, 1, 2, ... in their order: moving one shifts those between its old and new place. */
const moveSection = async (db: Executor, caller: Caller | null, id: string, to: number) => {
  const [section] = await db
    .select({ orderNumber: coverLetterSections.orderNumber })
    .from(coverLetterSections)
    .where(and(eq(coverLetterSections.id, id), liveSections));
  if (!section) throw notFound('Cover letter section');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(coverLetterSections).where(liveSections);
  const target = Math.min(to, Math.max(0, (count?.n ?? 1) - 1));
  const from = section.orderNumber;
  // The neighbours' shifts follow from the logged move of this section; they are not logged each.
  if (target < from) {
    await db
      .update(coverLetterSections)
      .set({ orderNumber: sql`${coverLetterSections.orderNumber} + 1` })
      .where(and(liveSections, gte(coverLetterSections.orderNumber, target), lte(coverLetterSections.orderNumber, from - 1)));
  } else if (target > from) {
    await db
      .update(coverLetterSections)
      .set({ orderNumber: sql`${coverLetterSections.orderNumber} - 1` })
      .where(and(liveSections, gte(coverLetterSections.orderNumber, from + 1), lte(coverLetterSections.orderNumber, target)));
  }
  await loggedUpdate(db, {
    caller,
    table: coverLetterSections,
    entityType: coverLetterSection.name,
    where: byId(coverLetterSections, id),
    values: { orderNumber: target, updatedAt: new Date() },
  });
};

/** A suggestion belongs to a live section, and to one of its sub-sections when it names one. */
const checkSuggestionPlace = async (db: Executor, values: Record<string, unknown>) => {
  if (typeof values.sectionId !== 'string') return;
  const section = await sectionRepository.find(db, catalogue, values.sectionId);
  if (!section) throw notFound('Cover letter section');
  const subSectionId = values.subSectionId;
  if (typeof subSectionId === 'string') {
    const subSections = (section.subSections as { _id?: string }[] | null) ?? [];
    if (!subSections.some((sub) => sub._id === subSectionId)) {
      throw badRequest('This sub-section is not part of the section', [
        { field: 'subSectionId', message: 'This sub-section is not part of the section' },
      ]);
    }
  }
};

/** Sub-sections get ids when added, so suggestions and letters can point at them. */
const withSubSectionIds = (values: Record<string, unknown>) =>
  Array.isArray(values.subSections)
    ? { ...values, subSections: values.subSections.map((sub: Record<string, unknown>) => ({ ...sub, _id: sub._id ?? newId() })) }
    : values;

export const registerCoverLetterCatalogue = (app: FastifyInstance) => {
  registerResource(app, sectionRepository, {
    hooks: {
      // A new section goes last; one asked for earlier then moves there, shifting those after it.
      beforeCreate: async ({ db, values }) => ({ ...withSubSectionIds(values), orderNumber: await nextOrderNumber(db) }),
      beforeUpdate: ({ values: { orderNumber: _moved, ...values } }) => withSubSectionIds(values),
      afterWrite: async ({ db, caller, scope, operation, record, input }) => {
        const wanted = input.orderNumber as number | undefined;
        if (wanted === undefined || operation === 'remove') return;
        if (operation === 'create' && wanted >= (record.orderNumber as number)) return;
        await moveSection(db, caller, record._id, wanted);
        return sectionRepository.toRecord(await sectionRepository.get(db, scope, record._id));
      },
      // A section's details are answered with its suggestions.
      afterRead: async ({ db, operation, records }) => {
        if (operation !== 'details') return records;
        return Promise.all(
          records.map(async (section) => {
            const suggestions = await suggestionRepository.list(db, catalogue, {
              page: 1,
              limit: 'ALL',
              search: '',
              filter: { sectionId: section._id },
            });
            return { ...section, suggestions: suggestions.results };
          }),
        );
      },
    },
  });

  registerCall(app, { ...reorderCoverLetterSection, unscoped: acrossOrganisations, transaction: true }, async ({ db, caller, input }) => {
    await moveSection(db, caller, input._id, input.orderNumber);
    return new Answer(await sectionRepository.list(db, catalogue, { page: 1, limit: 'ALL', search: '', filter: {} }), 'Order updated');
  });

  registerResource(app, suggestionRepository, {
    hooks: {
      beforeCreate: async ({ db, values }) => {
        await checkSuggestionPlace(db, values);
        return { ...values, content: sanitizeRichText(values.content) };
      },
      beforeUpdate: async ({ db, values, before, action }) => {
        if (action === 'STATUS_CHANGE') return values;
        await checkSuggestionPlace(db, { sectionId: before.sectionId, subSectionId: before.subSectionId, ...values });
        return typeof values.content === 'string' ? { ...values, content: sanitizeRichText(values.content) } : values;
      },
    },
  });

  registerResource(app, templateRepository, {
    hooks: {
      beforeCreate: ({ values }) => {
        const layout = values.layout ?? ((coverLetterTemplateSlugs as readonly string[]).includes(values.slug) ? values.slug : undefined);
        if (!layout) {
          const message = `Please choose the layout that draws it: ${coverLetterTemplateSlugs.join(', ')}`;
          throw badRequest(message, [{ field: 'layout', message }]);
        }
        return { ...values, layout };
      },
      // Platform admins see every template; everyone else only those in use.
      listWhere: ({ caller }) => (caller && isPlatformUser(caller.userType) ? [] : [eq(coverLetterTemplates.status, 'ACTIVE')]),
    },
  });

  registerCall(app, { ...seekerCoverLetterSections, unscoped: sameForEveryone }, async ({ db, input }) => {
    const sections = await sectionRepository.list(db, catalogue, {
      page: 1,
      limit: 'ALL',
      search: input.search,
      filter: { status: 'ACTIVE' },
    });
    const ids = sections.results.map((section) => section._id as string);
    const suggestions = ids.length
      ? await db
          .select(suggestionRepository.selection)
          .from(coverLetterSuggestions)
          .where(
            and(
              inArray(coverLetterSuggestions.sectionId, ids),
              eq(coverLetterSuggestions.status, 'ACTIVE'),
              eq(coverLetterSuggestions.isDeleted, false),
            ),
          )
          .orderBy(asc(coverLetterSuggestions.createdAt))
      : [];
    const bySection = new Map<string, unknown[]>();
    for (const row of suggestions) {
      const record = suggestionRepository.toRecord(row as never);
      const list = bySection.get(record.sectionId as string) ?? [];
      list.push(record);
      bySection.set(record.sectionId as string, list);
    }
    return {
      ...sections,
      results: sections.results.map((section) => ({ ...section, suggestions: bySection.get(section._id as string) ?? [] })),
    };
  });

  registerCall(app, { ...seekerCoverLetterSuggestions, unscoped: sameForEveryone }, async ({ db, input }) => {
    const filter = { ...input.filter, status: 'ACTIVE' };
    return suggestionRepository.list(db, catalogue, { ...input, filter });
  });
};

/** The template a letter names, for its layout and whether Word files are offered. */
export const letterTemplateOf = async (db: Executor, slug: string) => {
  const [template] = await db
    .select()
    .from(coverLetterTemplates)
    .where(and(eq(coverLetterTemplates.slug, slug), eq(coverLetterTemplates.isDeleted, false)))
    .limit(1);
  return template;
};
