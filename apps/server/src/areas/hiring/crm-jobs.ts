import { crmJob, jobContentRequired, updateCrmJobDescription } from '@app/contract/resources/hiring/crm-job';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import { crmJobs } from '../../db/schema/hiring';
import { badRequest, notFound } from '../../engine/errors';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { HookContext, ResourceHooks } from '../../engine/resource-hooks';
import { sanitizeRichText } from '../../services/sanitize';
import { freeSlug } from '../companies/repository';
import { applicationCountsBy } from './application-counts';
import { ensureDefaultPipeline } from './pipeline-repository';

export const crmJobRepository = resourceRepository(crmJob, crmJobs);

/** Live applications of each job, by job id: one query for a page. */
export const applicationCounts = (db: Executor, jobIds: readonly string[]) => applicationCountsBy(db, 'jobId', jobIds);

/**
 * The organisation a new job goes to: the caller's, or for a platform admin (who works across
 * organisations) its client's.
 */
const organisationOf = async (ctx: HookContext, clientId: string) => {
  if (ctx.scope.organisationId) return ctx.scope.organisationId;
  const [client] = await ctx.db
    .select({ organisationId: clients.organisationId })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.isDeleted, false)));
  if (!client?.organisationId) throw notFound('Client');
  return client.organisationId;
};

/**
 * Steps other areas add to a job's writes (the board copy follows the job; a deleted job's
 * applications go with it). A set: every app built in one process (tests build many) adds the same
 * step once.
 */
const afterJobWrites = new Set<NonNullable<ResourceHooks<typeof crmJob>['afterWrite']>>();
export const onCrmJobWrite = (step: NonNullable<ResourceHooks<typeof crmJob>['afterWrite']>) => {
  afterJobWrites.add(step);
};

/** The board's sanitiser; what is left must still be a description (a lone script is not one). */
const sanitisedContent = (html: string) => {
  const content = sanitizeRichText(html);
  if (content.trim() === '') throw badRequest(jobContentRequired, [{ field: 'content', message: jobContentRequired }]);
  return content;
};

/** A slug from the title, free among the organisation's live jobs. */
const slugOf = (db: Executor, organisationId: string, title: string) =>
  freeSlug(db, crmJobs, title, [eq(crmJobs.organisationId, organisationId)]);

export const crmJobHooks: ResourceHooks<typeof crmJob> = {
  beforeCreate: async (ctx) => {
    const { values } = ctx;
    const organisationId = await organisationOf(ctx, values.clientId);
    const pipelineId =
      values.pipelineId ??
      (await ensureDefaultPipeline(ctx.db, { caller: ctx.caller, services: ctx.services, afterCommit: ctx.afterCommit, organisationId }));
    return {
      ...values,
      organisationId,
      content: sanitisedContent(values.content),
      pipelineId,
      slug: values.slug ?? (await slugOf(ctx.db, organisationId, values.title)),
      ...(values.status === 'PUBLISHED' ? { postedOn: new Date() } : {}),
    };
  },
  beforeUpdate: async ({ db, values, before }) => {
    const changes: Record<string, unknown> = { ...values };
    if (typeof values.content === 'string') changes.content = sanitisedContent(values.content);
    // A job always has a pipeline and a slug: null keeps its pipeline and makes a slug afresh.
    if (values.pipelineId === null) delete changes.pipelineId;
    if (values.slug === null) changes.slug = await slugOf(db, before.organisationId as string, (values.title ?? before.title) as string);
    // Its applications are at stages of its pipeline and shown to its client's users (their own
    // clientId): neither changes under them.
    const pipelineChanges = values.pipelineId && values.pipelineId !== before.pipelineId;
    const clientChanges = values.clientId && values.clientId !== before.clientId;
    if (pipelineChanges || clientChanges) {
      // The lock applications are added to a job under (putOnJobs): none lands between count and change.
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-applications:${before.id}`}))`);
      const n = (await applicationCounts(db, [before.id])).get(before.id) ?? 0;
      const held = n === 1 ? 'an application' : `${n} applications`;
      if (n > 0 && pipelineChanges) {
        const message = `This job has ${held} on its pipeline: its pipeline cannot change`;
        throw badRequest(message, [{ field: 'pipelineId', message }]);
      }
      if (n > 0 && clientChanges) {
        const message = `This job has ${held}: its client cannot change`;
        throw badRequest(message, [{ field: 'clientId', message }]);
      }
    }
    if (values.status === 'PUBLISHED' && !before.postedOn) changes.postedOn = new Date();
    return changes;
  },
  afterWrite: async (ctx) => {
    for (const step of afterJobWrites) await step(ctx);
  },
  afterRead: async ({ db, operation, records }) => {
    if (operation !== 'list') return records;
    const counts = await applicationCounts(
      db,
      records.map((record) => record._id),
    );
    return records.map((record) => ({ ...record, applicationCount: counts.get(record._id) ?? 0 }));
  },
};

export const registerCrmJobs = (app: FastifyInstance) => {
  registerResource(app, crmJobRepository, { hooks: crmJobHooks });

  registerCall(app, updateCrmJobDescription, (ctx) =>
    crmJobRepository.update(ctx.db, { ...ctx, id: ctx.input._id, values: { content: ctx.input.content } }),
  );
};
