import type { CrmAccess } from '@app/contract/access';
import type { ListRequest } from '@app/contract/conventions/list';
import { defaultNoticePeriods } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidates, crmNoticePeriods } from '../../db/schema/candidates';
import { checkPermission } from '../../engine/access';
import type { Caller, Scope } from '../../engine/context';
import { conflict, notFound } from '../../engine/errors';
import { pageOf } from '../../engine/list-query';
import type { ResourceRecord } from '../../engine/records';
import { registerResource } from '../../engine/register-resource';
import type { Writer } from '../../engine/resource-hooks';
import { emailKey, phoneKey } from './candidate-contact-keys';
import { candidateRepository, derivedColumns, noticePeriodRepository } from './candidate-repository';

type Values = Record<string, unknown>;

import { openJobsOf, putOnJobs } from '../hiring/applications';
import { endLinksOfCandidate, registerCandidateAccountLinks } from './candidate-account-link';
import { withCounts } from './candidate-counts';
import { registerCandidateCredentials } from './candidate-credentials';
import { attachUploadedCv } from './candidate-cvs';
import { assertMayWriteDiversity, mayDiversity, readDiversity, writeDiversity } from './candidate-diversity';
import { registerCandidateMerge } from './candidate-merge';
import { selfContactFields, syncSelfContact } from './candidate-self-contact';

/**
 * The organisation's live candidates sharing the email or the phone: compared across the whole
 * organisation whatever the caller's OWN/TEAM scope, since a duplicate hidden from the caller is
 * still a duplicate. One outside the caller's scope is named by its number only.
 */
const findDuplicates = async (
  db: Executor,
  input: { scope: Scope; organisationId: string; email: string; phone: string; exceptId?: string },
) => {
  const where = [
    eq(candidates.organisationId, input.organisationId),
    eq(candidates.isDeleted, false),
    or(eq(candidates.emailNormalised, input.email), input.phone ? eq(candidates.phoneNormalised, input.phone) : sql`false`),
  ];
  if (input.exceptId) where.push(ne(candidates.id, input.exceptId));
  const rows = await db
    .select({
      _id: candidates.id,
      itemId: candidates.itemId,
      name: candidates.name,
      email: candidates.email,
      phone: candidates.phone,
      visible: sql<boolean>`coalesce((${and(...candidateRepository.scopeWhere(input.scope))}), false)`,
    })
    .from(candidates)
    .where(and(...where))
    .orderBy(candidates.createdAt)
    .limit(20);
  return rows.map((row) => (row.visible ? row : { ...row, name: null, email: null, phone: null }));
};

const refuseDuplicates = async (db: Executor, input: { scope: Scope; organisationId: string; derived: Values; exceptId?: string }) => {
  const duplicates = await findDuplicates(db, {
    scope: input.scope,
    organisationId: input.organisationId,
    email: String(input.derived.emailNormalised),
    phone: String(input.derived.phoneNormalised),
    exceptId: input.exceptId,
  });
  if (duplicates.length > 0) {
    throw conflict('A candidate with this email or phone already exists', { duplicates });
  }
};

const withoutWriteOnly = ({ diversity: _diversity, createAnyway: _createAnyway, cvFile: _cvFile, ...values }: Values) => values;

/** A merged-away candidate's survivor (following merges of merges), in the organisation; undefined when none. */
const survivorOf = async (db: Executor, organisationId: string, id: string) => {
  let current = id;
  for (let hop = 0; hop < 10; hop += 1) {
    const [row] = await db
      .select({ mergedInto: candidates.mergedInto, isDeleted: candidates.isDeleted })
      .from(candidates)
      .where(and(eq(candidates.id, current), eq(candidates.organisationId, organisationId)));
    if (!row) return undefined;
    if (!row.isDeleted) return current === id ? undefined : current;
    if (!row.mergedInto) return undefined;
    current = row.mergedInto;
  }
  return undefined;
};

/** Seeds the organisation's default notice periods the first time anyone needs them (once, ever). */
export const ensureNoticePeriods = async (db: Executor, input: Writer & { organisationId: string }) => {
  const { organisationId } = input;
  const [any] = await db
    .select({ id: crmNoticePeriods.id })
    .from(crmNoticePeriods)
    .where(eq(crmNoticePeriods.organisationId, organisationId))
    .limit(1);
  if (any) return;
  await db.transaction(async (tx) => {
    // Two first lists at once must not seed twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notice-periods:${organisationId}`}))`);
    const [seeded] = await tx
      .select({ id: crmNoticePeriods.id })
      .from(crmNoticePeriods)
      .where(eq(crmNoticePeriods.organisationId, organisationId))
      .limit(1);
    if (seeded) return;
    for (const period of defaultNoticePeriods) {
      await noticePeriodRepository.create(tx, { ...input, caller: null, scope: { organisationId }, values: { ...period } });
    }
  });
};

/** Details of a candidate: a merged-away id answers its survivor; diversity only with its permission, each read logged. */
const candidateDetails = async (db: Executor, input: { caller: Caller | null; scope: Scope; id: string }) => {
  const { caller, scope, id } = input;
  let record: ResourceRecord | undefined;
  let redirectedFrom: string | undefined;
  const found = await candidateRepository.find(db, scope, id, true);
  if (found) record = candidateRepository.toRecord(found);
  else if (scope.organisationId) {
    const survivor = await survivorOf(db, scope.organisationId, id);
    if (survivor) {
      record = await candidateRepository.details(db, scope, survivor);
      redirectedFrom = id;
    }
  }
  if (!record) throw notFound(candidateRepository.label);
  const [answer] = (await withCounts(db, [record])) as Values[];
  if (redirectedFrom) answer.redirectedFrom = redirectedFrom;
  if (await mayDiversity(db, caller, 'READ')) {
    answer.diversity = await readDiversity(db, { caller, candidate: record as never });
  }
  return answer;
};

/** Candidates, their notice periods, duplicates and diversity; CVs, credentials and merge have their own files. */
export const registerCandidates = (app: FastifyInstance) => {
  registerCandidateCredentials(app);
  registerCandidateAccountLinks(app);
  registerCandidateMerge(app);
  registerResource(app, noticePeriodRepository, {
    handlers: {
      // Replaced: the defaults are written the first time an organisation lists its notice periods, a
      // write in a read that no read hook (which only adds to rows) should make.
      list: async (ctx) => {
        const { db, scope, input, repository } = ctx;
        if (scope.organisationId) await ensureNoticePeriods(db, { ...ctx, organisationId: scope.organisationId });
        return repository.list(db, scope, input as ListRequest);
      },
    },
  });
  registerResource(app, candidateRepository, {
    bulkActions: {
      'add-to-long-list': async (ctx) => {
        const jobs = await openJobsOf(ctx.db, ctx.scope, ctx.value.jobIds as string[]);
        const { added } = await putOnJobs(ctx.db, ctx, {
          candidateIds: ctx.ids,
          jobs,
          stageType: 'LONG_LIST',
          source: 'MANUAL',
          remarks: 'Added to the long list',
        });
        return added.length;
      },
    },
    hooks: {
      beforeCreate: async ({ db, caller, scope, values }) => {
        if (values.diversity !== undefined) await assertMayWriteDiversity(db, caller);
        // Refused before anything is written: a CV sent without the right to add one is a 403, not dropped.
        if (values.cvFile) await checkPermission(db, { caller: caller as Caller, access: candidateCv.access as CrmAccess, level: 'WRITE' });
        const derived = derivedColumns(values);
        if (!values.createAnyway && scope.organisationId) {
          await refuseDuplicates(db, { scope, organisationId: scope.organisationId, derived });
        }
        return { ...withoutWriteOnly(values), ...derived };
      },
      beforeUpdate: async ({ db, caller, scope, values, before, action, id }) => {
        if (action === 'STATUS_CHANGE') return values;
        if (values.diversity !== undefined) await assertMayWriteDiversity(db, caller);
        const derived = derivedColumns({ ...before, ...values });
        const contactChanged =
          derived.emailNormalised !== emailKey(String(before.email ?? '')) ||
          derived.phoneNormalised !== phoneKey(String(before.phone ?? ''));
        if (contactChanged && !values.createAnyway) {
          await refuseDuplicates(db, { scope, organisationId: before.organisationId as string, derived, exceptId: id });
        }
        return { ...withoutWriteOnly(values), ...derived };
      },
      afterWrite: async (hook) => {
        const { db, caller, scope, operation, record, input } = hook;
        // A deleted candidate's invitation or link ends: nothing of the seeker's reaches it again.
        if (operation === 'remove') {
          await endLinksOfCandidate(db, { ...hook, candidateId: record._id as string });
          return;
        }
        const touchesContact = operation === 'create' || selfContactFields.some((field) => input[field] !== undefined);
        if (touchesContact) {
          const organisationId = (record.organisationId ?? scope.organisationId) as string;
          await syncSelfContact(db, { ...hook, organisationId, candidate: { ...record, id: record._id } as never });
        }
        if (operation === 'create' && input.cvFile) {
          await attachUploadedCv(db, {
            ...hook,
            owner: { id: record._id as string, userId: null },
            values: { file: input.cvFile as { blobName: string }, isDefault: true },
          });
        }
        if ((operation === 'create' || operation === 'update') && input.diversity !== undefined) {
          await writeDiversity(db, {
            caller,
            candidate: record as never,
            diversity: (input.diversity ?? null) as never,
          });
        }
        // Read again with its expansions: the self contact is linked after the write, and linked contacts answer { _id, label }.
        const [answer] = await withCounts(db, [await candidateRepository.details(db, scope, record._id as string)]);
        return answer;
      },
    },
    handlers: {
      // Replaced: a merged-away id answers its survivor (a different record, not data added to this
      // one), and a read of diversity data is itself logged.
      details: ({ db, caller, scope, input }) => candidateDetails(db, { caller, scope, id: input._id }),
      // Replaced: the search and filters from the process's index when it answers them (which rows,
      // not what each holds); the page's rows, in the caller's scope, from the database either way.
      list: async ({ db, scope, input, repository, services }) => {
        const request = input as ListRequest;
        const found = await services.candidateSearch.find(scope, request);
        if (!found) {
          const page = await repository.list(db, scope, request);
          return { ...page, results: await withCounts(db, page.results) };
        }
        const rows = await repository.listByIds(db, scope, found.ids);
        return pageOf(await withCounts(db, rows), found.total, request);
      },
    },
  });
};
