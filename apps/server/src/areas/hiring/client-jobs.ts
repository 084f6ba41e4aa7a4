import {
  clientJobCreate,
  clientJobDelete,
  clientJobDetails,
  clientJobList,
  clientJobUpdate,
  clientJobUpdateDescription,
} from '@app/contract/resources/hiring/client-jobs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema/clients';
import type { CallContext, Scope } from '../../engine/context';
import { forbidden } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { crmJobRepository } from './crm-jobs';
import { itemsOf } from './pipeline-repository';

/** The job as the staff details read it (its client and pipeline by name); the call's output leaves out what is the agency's. */
const jobOf = (db: Executor, scope: Scope, id: string) => crmJobRepository.details(db, scope, id);

/** The caller's own client and its owner: the staff member a job the client adds is filed under, as the client is. */
const clientOf = async (ctx: CallContext) => {
  const clientId = ctx.caller?.clientId;
  if (!clientId || !ctx.scope.organisationId) throw forbidden('This account is not a client’s');
  const [row] = await ctx.db
    .select({ ownerId: clients.ownerId })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.organisationId, ctx.scope.organisationId), eq(clients.isDeleted, false)));
  if (!row) throw forbidden('This account is not a client’s');
  return { clientId, ownerId: row.ownerId };
};

/** The keys the request sent: an update changes those, not the ones its schema would default. */
const onlySent = (body: unknown, input: Record<string, unknown>) => {
  const sent = new Set(Object.keys((body as Record<string, unknown> | null) ?? {}));
  return Object.fromEntries(Object.entries(input).filter(([key]) => sent.has(key)));
};

/**
 * `/client/job`: a client user's own jobs (crm.md §6). Every call goes through the CRM job
 * repository, so its hooks (default pipeline, sanitised content, slug, the applications that go
 * with a deleted job), the job's client policy (another client's job is a 404) and the audit log
 * (by the client user) are the staff job's. A new job is the caller's client's, a DRAFT on the
 * default pipeline, filed under the client's owner; staff publish it.
 */
export const registerClientJobs = (app: FastifyInstance) => {
  registerCall(app, clientJobCreate, async (ctx) => {
    const { clientId, ownerId } = await clientOf(ctx);
    const made = await crmJobRepository.create(ctx.db, {
      ...ctx,
      values: { ...ctx.input, clientId, status: 'DRAFT', ...(ownerId ? { ownerId } : {}) },
    });
    return new Answer(await jobOf(ctx.db, ctx.scope, made._id), 'Created successfully');
  });

  registerCall(app, clientJobUpdate, async (ctx) => {
    const { _id, ...values } = ctx.input;
    await crmJobRepository.update(ctx.db, { ...ctx, id: _id, values: onlySent(ctx.req.body, values) });
    return new Answer(await jobOf(ctx.db, ctx.scope, _id), 'Updated successfully');
  });

  registerCall(app, clientJobUpdateDescription, async (ctx) => {
    await crmJobRepository.update(ctx.db, { ...ctx, id: ctx.input._id, values: { content: ctx.input.content } });
    return new Answer(await jobOf(ctx.db, ctx.scope, ctx.input._id), 'Updated successfully');
  });

  registerCall(app, clientJobDetails, async ({ db, scope, input }) => {
    const job = await jobOf(db, scope, input._id);
    // Client users read no pipelines: the board's columns come with the job, the enabled stages in order.
    const items = job.pipelineId ? ((await itemsOf(db, [job.pipelineId])).get(job.pipelineId) ?? []) : [];
    const stages = items
      .filter((item) => item.enabled)
      .map((item) => ({ _id: item._id, label: item.stage.title, stageType: item.stage.stageType }));
    return new Answer({ ...job, stages }, 'Fetched successfully');
  });

  registerCall(app, clientJobList, async (ctx) => {
    const page = await crmJobRepository.list(ctx.db, ctx.scope, ctx.input);
    // The staff list's read step: each job's applicationCount, one query for the page.
    const { afterRead } = crmJobRepository.hooksOf();
    const results = afterRead ? await afterRead({ ...ctx, operation: 'list', records: page.results }) : page.results;
    return new Answer({ ...page, results }, 'Fetched successfully');
  });

  registerCall(app, clientJobDelete, async (ctx) => {
    const removed = await crmJobRepository.remove(ctx.db, { ...ctx, id: ctx.input._id });
    return new Answer(removed, 'Deleted successfully');
  });
};
