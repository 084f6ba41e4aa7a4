import { levelOfKind } from '@app/contract/access';
import type { ListRequest } from '@app/contract/conventions/list';
import { outputOfCall } from '@app/contract/conventions/record';
import type { CallKind, CallSpec } from '@app/contract/define-resource';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { candidateCvs, candidates } from '../../db/schema/candidates';
import type { CallContext, Caller, Scope } from '../../engine/context';
import { forbidden, notFound } from '../../engine/errors';
import { pageOf } from '../../engine/list-query';
import { registerCall } from '../../engine/register-call';
import { inputOfKind } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import { candidateRepository } from './candidate-repository';

export const candidateCvRepository = resourceRepository(candidateCv, candidateCvs);

const messages: Partial<Record<CallKind, string>> = {
  create: 'Created successfully',
  details: 'Fetched successfully',
  list: 'Fetched successfully',
  remove: 'Deleted successfully',
};

/**
 * Who sees which CVs. Staff: their organisation's, narrowed by their Candidate CV permission's
 * OWN/TEAM scope. A JOB_SEEKER: the CVs of the candidates linked to their account, in whichever
 * organisation (no organisation of their own, so the engine's tenancy cannot scope them).
 * A CRM_CLIENT_USER: none yet; the job applications that will grant a client a candidate's CVs do
 * not exist, so their list is empty and their details 404.
 */
type Audience = { kind: 'staff'; scope: Scope } | { kind: 'seeker'; scope: Scope; userId: string } | { kind: 'client' };

const audienceOf = (ctx: CallContext): Audience => {
  const caller = ctx.caller as Caller;
  if (caller.userType === 'CRM_USER') {
    if (!caller.organisationId) throw forbidden('This account does not belong to an organisation');
    const policyCaller = { id: caller.id, userType: caller.userType, clientId: caller.clientId };
    return { kind: 'staff', scope: { organisationId: caller.organisationId, visibleTo: ctx.scope.visibleTo, caller: policyCaller } };
  }
  if (caller.userType === 'JOB_SEEKER') {
    return {
      kind: 'seeker',
      userId: caller.id,
      scope: { unscoped: 'a job seeker’s linked candidates may be in any organisation: narrowed to userId below' },
    };
  }
  return { kind: 'client' };
};

type Handler = (ctx: CallContext & { input: any }, audience: Audience) => Promise<unknown>;

const handlers: Record<'create' | 'details' | 'list' | 'remove', Handler> = {
  create: async ({ db, caller, input }, audience) => {
    if (audience.kind === 'client') throw forbidden();
    // The candidate: one the staff member may see (their organisation's, in their OWN/TEAM scope), or one linked to the seeker.
    const where =
      audience.kind === 'staff'
        ? [eq(candidates.id, input.jobSeekerId), ...candidateRepository.scopeWhere(audience.scope)]
        : [eq(candidates.id, input.jobSeekerId), eq(candidates.isDeleted, false), eq(candidates.userId, audience.userId)];
    const [owner] = await db
      .select({ id: candidates.id, organisationId: candidates.organisationId, userId: candidates.userId })
      .from(candidates)
      .where(and(...where));
    if (!owner) throw notFound('Candidate');
    const scope = audience.kind === 'staff' ? audience.scope : { organisationId: owner.organisationId as string };
    return candidateCvRepository.create(db, {
      caller,
      scope,
      values: { ...input, userId: owner.userId ?? null, type: 'UPLOADED', isDefault: input.isDefault ?? false, status: 'ACTIVE' },
    });
  },
  details: async ({ db, input }, audience) => {
    if (audience.kind === 'client') throw notFound(candidateCvRepository.label);
    const record = await candidateCvRepository.details(db, audience.scope, input._id);
    if (audience.kind === 'seeker' && record.userId !== audience.userId) throw notFound(candidateCvRepository.label);
    return record;
  },
  list: async ({ db, input }, audience) => {
    const request = input as ListRequest;
    if (audience.kind === 'client') return pageOf([], 0, request);
    const extra = audience.kind === 'seeker' ? [eq(candidateCvs.userId, audience.userId)] : [];
    return candidateCvRepository.list(db, audience.scope, request, extra);
  },
  remove: async ({ db, caller, input }, audience) => {
    if (audience.kind !== 'staff') throw forbidden();
    return candidateCvRepository.remove(db, { caller, scope: audience.scope, id: input._id });
  },
};

/**
 * The generic calls with the engine's checks, schemas and permission, registered by hand because a
 * JOB_SEEKER (who has no organisation) makes some of them: the engine's organisation tenancy would
 * refuse them before any handler could scope them to their own candidates.
 */
export const registerCandidateCvs = (app: FastifyInstance) => {
  const def = candidateCv;
  app.resources.push(def);
  for (const [kind, call] of Object.entries(def.calls) as ['create' | 'details' | 'list' | 'remove', CallSpec][]) {
    registerCall(
      app,
      {
        ...call,
        name: `${def.name}.${kind}`,
        tag: def.name,
        input: inputOfKind(def, kind),
        output: outputOfCall(def, kind),
        access: def.access,
        level: call.level ?? levelOfKind(kind),
        transaction: kind === 'create' || kind === 'remove',
        message: messages[kind],
      },
      (ctx) => handlers[kind](ctx, audienceOf(ctx)),
    );
  }
};
