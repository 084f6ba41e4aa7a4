import type { CrmAccess } from '@app/contract/access';
import { alreadyDecided, notFilledYet, onlyApproveOrReject } from '@app/contract/resources/crm/candidate-information-form';
import { client } from '@app/contract/resources/crm/client';
import {
  changeClientInformationStatus,
  clientInfoRequestCheck,
  clientInformationFields,
  clientInformationRequest,
  clientRequestNotFilled,
  submitClientInformation,
} from '@app/contract/resources/crm/client-information-request';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { clientInformationRequests } from '../../db/schema/information-requests';
import { files } from '../../db/schema/services';
import { checkPermission } from '../../engine/access';
import type { Caller } from '../../engine/context';
import { badRequest, conflict, forbidden } from '../../engine/errors';
import { Answer, registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { resourceRepository } from '../../engine/repository';
import type { ResourceHooks } from '../../engine/resource-hooks';
import { clientRepository } from './clients';

export const clientInformationRepository = resourceRepository(clientInformationRequest, clientInformationRequests);

type Hooks = ResourceHooks<typeof clientInformationRequest>;
type Values = Record<string, unknown>;
type RequestRow = Values & { id: string; clientId: string; status: string; organisationId: string; data: Values };

const noClient = 'This account is not a user of a client';

/** The client's current details of the fields a request proposes. */
const currentOf = (row: Values) => Object.fromEntries(clientInformationFields.map((field) => [field, row[field] ?? null]));

const personOf = (caller: Caller | null) => (caller ? { _id: caller.id, name: caller.name || caller.email } : null);

/** Staff correct a proposal only while it waits for their decision. */
const beforeUpdate: Hooks['beforeUpdate'] = ({ values, before }) => {
  if (values.data !== undefined && before.status !== 'FILLED') throw conflict(clientRequestNotFilled);
  return values;
};

/** Details carry the client's current details, to compare side by side. */
const afterRead: Hooks['afterRead'] = async ({ db, operation, records }) => {
  if (operation !== 'details') return records;
  return Promise.all(
    records.map(async (record) => {
      const request = record as unknown as RequestRow;
      const row = await clientRepository.find(db, { organisationId: request.organisationId }, request.clientId);
      return { ...record, current: row ? currentOf(row as Values) : null };
    }),
  );
};

/**
 * A logo the client uploaded with their proposal is attached to the request; approving it moves it
 * to the client, so the client's own write finds it already theirs.
 */
const moveLogoToClient = async (db: Executor, request: RequestRow) => {
  const logo = request.data.companyLogo as { blobName?: string } | null | undefined;
  if (!logo?.blobName) return;
  await db
    .update(files)
    .set({ attachedType: client.name, attachedId: request.clientId })
    .where(and(eq(files.blobName, logo.blobName), eq(files.attachedType, clientInformationRequest.name), eq(files.attachedId, request.id)));
};

/**
 * `/client-information`: a client user proposes new details for their own client from the portal
 * (FILLED at once); staff correct, approve (written onto the client through its repository, so its
 * checks and log apply) or reject it.
 */
export const registerClientInformationRequests = (app: FastifyInstance) => {
  registerResource(app, clientInformationRepository, { hooks: { beforeUpdate, afterRead } });

  registerCall(app, submitClientInformation, async (ctx) => {
    const { db, scope, input, caller } = ctx;
    const clientId = caller?.clientId;
    if (!clientId) throw forbidden(noClient);
    const organisationId = scope.organisationId as string;
    const [waiting] = await db
      .select({ id: clientInformationRequests.id })
      .from(clientInformationRequests)
      .where(
        and(
          eq(clientInformationRequests.clientId, clientId),
          eq(clientInformationRequests.status, 'FILLED'),
          ...clientInformationRepository.scopeWhere({ organisationId }),
        ),
      )
      .orderBy(desc(clientInformationRequests.createdAt))
      .limit(1);
    const filled = { data: input.data, filledAt: new Date(), submittedBy: personOf(caller) };
    if (waiting) {
      const record = await clientInformationRepository.update(db, { ...ctx, id: waiting.id, values: filled });
      return new Answer(record, 'Your new details replace the ones waiting for review');
    }
    const owner = await clientRepository.find(db, { organisationId }, clientId);
    const record = await clientInformationRepository.create(db, {
      ...ctx,
      values: { clientId, status: 'FILLED', ownerId: (owner?.ownerId as string | null | undefined) ?? null, ...filled },
    });
    return new Answer(record, 'Thank you: your new details have been sent for review');
  });

  registerCall(app, { ...clientInfoRequestCheck, transaction: false }, async ({ db, scope, caller }) => {
    const clientId = caller?.clientId;
    if (!clientId) throw forbidden(noClient);
    const [latest] = await db
      .select({
        _id: clientInformationRequests.id,
        status: clientInformationRequests.status,
        filledAt: clientInformationRequests.filledAt,
        reviewedAt: clientInformationRequests.reviewedAt,
      })
      .from(clientInformationRequests)
      .where(and(eq(clientInformationRequests.clientId, clientId), ...clientInformationRepository.scopeWhere(scope)))
      .orderBy(desc(clientInformationRequests.createdAt))
      .limit(1);
    return { waiting: latest?.status === 'FILLED', latest: latest ?? null };
  });

  registerCall(app, changeClientInformationStatus, async (ctx) => {
    const { db, scope, input, caller } = ctx;
    if (input.status !== 'APPROVED' && input.status !== 'REJECTED') {
      throw badRequest(onlyApproveOrReject, [{ field: 'status', message: onlyApproveOrReject }]);
    }
    const request = (await clientInformationRepository.get(db, scope, input._id)) as unknown as RequestRow;
    if (request.status === 'PENDING') throw badRequest(notFilledYet);
    if (request.status !== 'FILLED') throw badRequest(alreadyDecided(request.status, 'request'));
    if (input.status === 'APPROVED') {
      // Written as the approver: they must be allowed to change clients, and the client's own checks and log apply.
      const clientScope = {
        ...scope,
        visibleTo: undefined,
        ...(await checkPermission(db, { caller: caller as Caller, access: client.access as CrmAccess, level: 'WRITE' })),
      };
      await clientRepository.get(db, clientScope, request.clientId);
      await moveLogoToClient(db, request);
      await clientRepository.update(db, { ...ctx, scope: clientScope, id: request.clientId, values: { ...request.data } });
    }
    await clientInformationRepository.update(db, {
      ...ctx,
      id: request.id,
      values: { status: input.status, reviewedBy: personOf(caller), reviewedAt: new Date() },
      action: 'STATUS_CHANGE',
    });
    const record = await clientInformationRepository.details(db, scope, request.id);
    return new Answer(
      record,
      input.status === 'APPROVED' ? 'Approved: the client’s details are updated' : 'Rejected: the client’s details are unchanged',
    );
  });
};
