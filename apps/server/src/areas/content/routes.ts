import { slugify } from '@app/contract/conventions/career';
import {
  adminNote,
  article,
  articleBySlug,
  author,
  contactQuery,
  employeeCard,
  employeeCardWhatsApp,
  engagementTemplate,
  publicArticles,
  publicCardBySlug,
  publicCardDetails,
  publicCards,
  removeAuthor,
  removeEngagementTemplate,
  replyToContact,
  setContactThread,
} from '@app/contract/resources/content/article';
import { and, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import {
  type AuthorCard,
  adminNotes,
  articles,
  authors,
  contactQueries,
  employeeCards,
  engagementTemplates,
} from '../../db/schema/content';

import { unscoped } from '../../engine/context';
import { HttpError, notFound, tooManyRequests } from '../../engine/errors';
import { listRows, searchCondition } from '../../engine/list-query';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { WriteContext } from '../../engine/resource-hooks';
import { acrossOrganisations, publicAndPublished } from '../../engine/unscoped-reasons';
import { clientAddress } from '../../services/client-address';
import { sanitizeRichText } from '../../services/sanitize';
import { registerAdminJobSeekers, registerAdminRecruiters } from './admin-board';
import { registerAdminDashboard } from './dashboard';

/** Authors, templates, cards and contact queries are the platform's own, managed by its admins. */
const platformContent = unscoped('platform content, managed by platform admins');
/** What the public reads is narrowed by each call's own conditions (published, active). */
const publicContent = unscoped('public pages: each call keeps to what is published or active');

export const authorRepository = resourceRepository(author, authors);
export const articleRepository = resourceRepository(article, articles);
export const adminNoteRepository = resourceRepository(adminNote, adminNotes);
export const engagementTemplateRepository = resourceRepository(engagementTemplate, engagementTemplates);
export const employeeCardRepository = resourceRepository(employeeCard, employeeCards);
export const contactQueryRepository = resourceRepository(contactQuery, contactQueries);

/** The author's card an article keeps: a 404 when the chosen author is unknown or deleted. */
const authorCardOf = async (db: Executor, id: string): Promise<AuthorCard> => {
  const row = await authorRepository.get(db, platformContent, id);
  return {
    _id: row.id,
    name: String(row.name),
    fullName: (row.fullName as string | null) ?? null,
    profile: (row.profile as string | null) ?? null,
  };
};

/**
 * What an article write stores: sanitised content, the author's card, a slug made from the title
 * when none is given, and a publish date when one is published without one.
 */
const articleValues = async (db: Executor, input: Record<string, unknown>, creating: boolean) => {
  const values: Record<string, unknown> = { ...input };
  if (typeof input.content === 'string') values.content = sanitizeRichText(input.content);
  if (typeof input.author === 'string') {
    values.author = await authorCardOf(db, input.author);
    values.authorId = input.author;
  }
  if (creating && !input.slug && typeof input.title === 'string') values.slug = slugify(input.title);
  if (input.status === 'PUBLISHED' && !input.publishDate) values.publishDate = new Date();
  return values;
};

const publicArticle = (): SQL[] => [eq(articles.isDeleted, false), eq(articles.status, 'PUBLISHED'), lte(articles.publishDate, sql`now()`)];

/** An article as the public reads it: the columns of its record. */
export type PublicArticle = Pick<
  typeof articles.$inferSelect,
  | 'id'
  | 'title'
  | 'slug'
  | 'content'
  | 'meta_description'
  | 'meta_tags'
  | 'meta_title'
  | 'shortDesc'
  | 'tags'
  | 'img'
  | 'author'
  | 'isFeatured'
  | 'publishDate'
  | 'createdAt'
  | 'updatedAt'
>;

export type PublicArticleQuery = { page: number; limit: number; search: string; filter: { isFeatured?: boolean; tag?: string } };

/** One page of what the public may read, featured first then newest: the API's list and the /articles page. */
export const listPublicArticles = (db: Executor, input: PublicArticleQuery) => {
  const where: SQL[] = publicArticle();
  if (input.filter.isFeatured !== undefined) where.push(eq(articles.isFeatured, input.filter.isFeatured));
  if (input.filter.tag) where.push(sql`${articles.tags} @> ${JSON.stringify([input.filter.tag])}::jsonb`);
  return listRows<PublicArticle>(db, {
    table: articles,
    selection: articleRepository.selection,
    request: { ...input, filter: {} },
    where: [...where, searchCondition(articles, article.search, input.search)],
    orderBy: [desc(articles.isFeatured), desc(articles.publishDate), desc(articles.id)],
  });
};

/** A published article by its slug, or nothing when it is a draft, archived, deleted or not yet due. */
export const publicArticleBySlug = async (db: Executor, slug: string) => {
  const [row] = await db
    .select(articleRepository.selection)
    .from(articles)
    .where(and(eq(articles.slug, slug), ...publicArticle()))
    .limit(1);
  return row as unknown as PublicArticle | undefined;
};

const asRecord = (row: PublicArticle) => articleRepository.toRecord(row as unknown as Record<string, unknown> & { id: string });

const registerArticles = (app: FastifyInstance) => {
  registerResource(app, authorRepository);
  registerCall(app, { ...removeAuthor, unscoped: acrossOrganisations, transaction: true, message: 'Deleted successfully' }, (ctx) =>
    authorRepository.remove(ctx.db, { ...ctx, scope: platformContent, id: ctx.input.id }),
  );

  registerResource(app, articleRepository, {
    hooks: {
      beforeCreate: ({ db, values }) => articleValues(db, values, true),
      // An update and a status change alike: publishing keeps the date it was first published on.
      beforeUpdate: ({ db, values, before }) => {
        const rest: Record<string, unknown> = { ...values };
        if (rest.status === 'PUBLISHED' && !rest.publishDate && before.publishDate) rest.publishDate = before.publishDate;
        return articleValues(db, rest, false);
      },
    },
  });

  registerCall(
    app,
    { ...publicArticles, unscoped: publicAndPublished, transaction: false, message: 'Fetched successfully' },
    async ({ db, input }) => {
      const page = await listPublicArticles(db, input);
      return { ...page, results: page.results.map(asRecord) };
    },
  );

  registerCall(
    app,
    { ...articleBySlug, unscoped: publicAndPublished, transaction: false, message: 'Fetched successfully' },
    async ({ db, input }) => {
      const row = await publicArticleBySlug(db, input.slug);
      if (!row) throw notFound('Article');
      return asRecord(row);
    },
  );
};

/** The public sees active cards only (and, as everywhere, no deleted ones). */
const activeCard = [eq(employeeCards.status, 'ACTIVE')];

export type PublicCard = Pick<
  typeof employeeCards.$inferSelect,
  | 'id'
  | 'name'
  | 'profileImg'
  | 'address'
  | 'email'
  | 'phone'
  | 'mobile'
  | 'designation'
  | 'linkedInLink'
  | 'slug'
  | 'website'
  | 'isWhatsapp'
  | 'updatedAt'
>;

export const activeCardBySlug = async (db: Executor, slug: string) =>
  (await employeeCardRepository.first(db, publicContent, [eq(employeeCards.slug, slug), ...activeCard])) as PublicCard | undefined;

const registerAdminContent = (app: FastifyInstance) => {
  registerResource(app, adminNoteRepository);

  const sanitized = (input: Record<string, unknown>) =>
    typeof input.content === 'string' ? { ...input, content: sanitizeRichText(input.content) } : input;
  registerResource(app, engagementTemplateRepository, {
    hooks: {
      beforeCreate: ({ values }) => sanitized(values),
      beforeUpdate: ({ values }) => sanitized(values),
    },
  });
  registerCall(
    app,
    { ...removeEngagementTemplate, unscoped: acrossOrganisations, transaction: true, message: 'Deleted successfully' },
    (ctx) => engagementTemplateRepository.remove(ctx.db, { ...ctx, scope: platformContent, id: ctx.input.id }),
  );

  registerResource(app, employeeCardRepository);
  registerCall(app, { ...employeeCardWhatsApp, unscoped: acrossOrganisations, transaction: true, message: 'Updated successfully' }, (ctx) =>
    employeeCardRepository.update(ctx.db, {
      ...ctx,
      scope: platformContent,
      id: ctx.input._id,
      values: { isWhatsapp: ctx.input.isWhatsapp },
    }),
  );

  registerCall(
    app,
    { ...publicCardDetails, unscoped: publicAndPublished, transaction: false, message: 'Fetched successfully' },
    async ({ db, input }) => {
      const row = await employeeCardRepository.first(db, publicContent, [eq(employeeCards.id, input._id), ...activeCard]);
      if (!row) throw notFound('Employee Card');
      return employeeCardRepository.toRecord(row);
    },
  );
  registerCall(
    app,
    { ...publicCardBySlug, unscoped: publicAndPublished, transaction: false, message: 'Fetched successfully' },
    async ({ db, input }) => {
      const row = await activeCardBySlug(db, input.slug);
      if (!row) throw notFound('Employee Card');
      return employeeCardRepository.toRecord(row);
    },
  );
  registerCall(
    app,
    { ...publicCards, unscoped: publicAndPublished, transaction: false, message: 'Fetched successfully' },
    ({ db, input }) => employeeCardRepository.list(db, publicContent, input, activeCard),
  );
};

/**
 * Records the mail thread a reply started: with `_id` on that query; without, on the queries
 * already tied to the same client. Either way they are marked replied.
 */
const recordContactThread = async (db: Executor, ctx: WriteContext, input: { clientId: string; messageId: string; _id?: string }) => {
  const values = { clientId: input.clientId, threadId: input.messageId, isReplied: true, status: 'REPLIED' };
  if (input._id) return contactQueryRepository.update(db, { ...ctx, scope: platformContent, id: input._id, values });
  const rows = await db
    .select({ id: contactQueries.id })
    .from(contactQueries)
    .where(and(eq(contactQueries.clientId, input.clientId), eq(contactQueries.isDeleted, false)));
  if (rows.length === 0) throw notFound('Contact Query');
  const updated = [];
  for (const row of rows) updated.push(await contactQueryRepository.update(db, { ...ctx, scope: platformContent, id: row.id, values }));
  return updated;
};

const registerContact = (app: FastifyInstance) => {
  registerResource(app, contactQueryRepository, {
    hooks: {
      // Counted before the transaction: the count is shared with every process and outlives the request.
      beforeTransaction: async ({ req, services, values }) => {
        if (!(await services.limits.publicPerAddress.consume(`contact:${clientAddress(req)}`))) throw tooManyRequests();
        return { ...values, status: 'NEW', isReplied: false };
      },
    },
  });

  registerCall(app, { ...setContactThread, unscoped: acrossOrganisations, transaction: true, message: 'Updated successfully' }, (ctx) =>
    recordContactThread(ctx.db, ctx, ctx.input),
  );

  /**
   * Mails the reply first and records the thread only once the mail is in the outbox, so a query is
   * never marked replied without one; a mail the SMTP server refused leaves it NEW (502). Sent in the
   * request, not through the job queue: the admin is told at once whether the server took it, and
   * sends again later if not.
   */
  registerCall(app, { ...replyToContact, unscoped: acrossOrganisations, transaction: false, message: 'Reply sent' }, async (ctx) => {
    const { db, input, services, transaction } = ctx;
    const query = await contactQueryRepository.get(db, platformContent, input._id);
    const quoted = String(query.content)
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    const sent = await services.mail.sendNow({
      to: String(query.email),
      subject: input.subject,
      text: `${input.message}\n\n${query.contactName ? `${query.contactName} wrote` : 'You wrote'}:\n${quoted}`,
    });
    if (sent.status === 'FAILED') throw new HttpError(502, 'The reply could not be sent. Please try again later.');
    return transaction((tx) => recordContactThread(tx, ctx, { _id: input._id, clientId: sent.id, messageId: sent.messageId }));
  });
};

export const registerContent = (app: FastifyInstance) => {
  registerAdminRecruiters(app);
  registerAdminJobSeekers(app);
  registerAdminDashboard(app);
  registerArticles(app);
  registerAdminContent(app);
  registerContact(app);
};
