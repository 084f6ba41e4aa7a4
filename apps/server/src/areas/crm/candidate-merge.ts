import { isReferenceList } from '@app/contract/conventions/references';
import { type CandidateMergeField, candidateMergeFields, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { resources } from '@app/contract/resources/registry';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { candidateCvs, candidates } from '../../db/schema/candidates';
import { crmContacts } from '../../db/schema/contacts';
import { entityLogs } from '../../db/schema/services';
import type { Caller, Scope } from '../../engine/context';
import { entityLogRow, writeEntityLog } from '../../engine/entity-log';
import { Answer, registerCall } from '../../engine/register-call';
import type { WriteContext } from '../../engine/resource-hooks';
import { resourceTable } from '../../engine/scope-policies';
import { carryLinksThroughMerge } from './candidate-account-link';
import { withCounts } from './candidate-counts';
import { candidateCvRepository } from './candidate-cvs';
import { moveDiversity } from './candidate-diversity';
import { candidateRepository } from './candidate-repository';
import { syncSelfContact } from './candidate-self-contact';
import { contactRepository } from './contact-repository';

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Fields that group independent facts (a current and a desired job title): the side chosen wins
 * member by member, and a member it lacks comes from the other side, so choosing one side's
 * preferences never drops the other's desired job title. Address and name are not here: half of
 * one address filled from another would be neither.
 */
const groupFields: readonly CandidateMergeField[] = ['preferences', 'instituteInfo'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One merged field's value: the chosen side's, filled from the other where it has nothing. */
export const mergedValue = (field: CandidateMergeField, chosen: unknown, other: unknown): unknown => {
  if (isEmpty(chosen)) return isEmpty(other) ? chosen : other;
  if (!groupFields.includes(field) || !isRecord(chosen) || !isRecord(other)) return chosen;
  const filled: Record<string, unknown> = { ...chosen };
  for (const [key, value] of Object.entries(other)) if (isEmpty(filled[key]) && !isEmpty(value)) filled[key] = value;
  return filled;
};

/**
 * The survivor's contacts after a merge: both sides' live linked contacts, and one self contact.
 * When both have one, the survivor's stays its self contact and the merged one's goes with its
 * candidate (`retired`): what named it (events, call logs, notes) is pointed at the survivor's.
 */
const mergedContacts = async (db: Executor, organisationId: string, survivor: Record<string, unknown>, merged: Record<string, unknown>) => {
  const named = [
    survivor.selfContactId,
    merged.selfContactId,
    ...((survivor.contactIds as string[]) ?? []),
    ...((merged.contactIds as string[]) ?? []),
  ];
  const ids = [...new Set(named.filter((id): id is string => typeof id === 'string'))];
  const live = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: crmContacts.id })
            .from(crmContacts)
            .where(and(inArray(crmContacts.id, ids), eq(crmContacts.organisationId, organisationId), eq(crmContacts.isDeleted, false)))
        ).map((row) => row.id),
  );
  const liveOf = (id: unknown) => (typeof id === 'string' && live.has(id) ? id : null);
  const selfContactId = liveOf(survivor.selfContactId) ?? liveOf(merged.selfContactId);
  const retired = liveOf(survivor.selfContactId) && liveOf(merged.selfContactId) ? (merged.selfContactId as string) : null;
  const linked = [...((survivor.contactIds as string[]) ?? []), ...((merged.contactIds as string[]) ?? [])];
  const contactIds = [...new Set(linked)].filter((id) => live.has(id) && id !== selfContactId && id !== retired);
  return { selfContactId, contactIds, retired };
};

/**
 * The survivor keeps its own default CV; the merged candidate's stops being a default before it
 * moves over (through the CVs' repository, so the change is logged). Without one of its own, the
 * survivor takes the merged one's.
 */
const keepOneDefaultCv = async (db: Executor, input: WriteContext & { survivorId: string; mergedId: string }) => {
  const defaults = await db
    .select({ id: candidateCvs.id, candidateId: candidateCvs.jobSeekerId })
    .from(candidateCvs)
    .where(
      and(
        ...candidateCvRepository.scopeWhere(input.scope),
        inArray(candidateCvs.jobSeekerId, [input.survivorId, input.mergedId]),
        eq(candidateCvs.isDefault, true),
      ),
    );
  if (!defaults.some((cv) => cv.candidateId === input.survivorId)) return;
  for (const cv of defaults.filter((one) => one.candidateId === input.mergedId)) {
    await candidateCvRepository.update(db, { ...input, id: cv.id, values: { isDefault: false } });
  }
};

/**
 * Rewrites every pointer at one record of `resource` to another, in the organisation, driven by the
 * contract registry so that entities added later join by themselves: each related-to list naming it
 * (notes, tasks, events, call logs, emails...) and each reference field to that resource (a
 * candidate's CVs and applications, an event's or call log's contacts). A list that already names
 * the survivor keeps it once.
 */
const repointEverything = async (
  db: Executor,
  input: {
    caller: Caller;
    organisationId: string;
    resource: 'Candidate' | 'Contact';
    mergedId: string;
    survivorId: string;
    survivorItemId: unknown;
  },
) => {
  const { organisationId, resource, mergedId, survivorId } = input;
  for (const def of resources) {
    const table = resourceTable(def.name);
    if (!table || def.tenancy !== 'organisation') continue;
    const columns = getTableColumns(table);
    const organisation = eq(columns.organisationId as PgColumn, organisationId);
    const changed = { id: columns.id as PgColumn, ...(columns.itemId ? { itemId: columns.itemId as PgColumn } : {}) };
    /** Each re-pointed row is an update of its record: logged as the field moving from one record to the other. */
    const logged = async (field: string, rows: { id: unknown; itemId?: unknown }[]) => {
      if (rows.length === 0) return;
      await db.insert(entityLogs).values(
        rows.map((row) =>
          entityLogRow({
            caller: input.caller,
            organisationId,
            entityType: def.name,
            action: 'UPDATE',
            record: { _id: row.id as string, itemId: (row.itemId as never) ?? null },
            from: { [field]: { _id: mergedId, entityType: resource } },
            to: { [field]: { _id: survivorId, entityType: resource }, mergedInto: survivorId },
          }),
        ),
      );
    };
    if (def.relatedTo && columns[def.relatedTo]) {
      const column = columns[def.relatedTo] as PgColumn;
      const survivorEntry = JSON.stringify({
        _id: survivorId,
        entityType: resource,
        ...(input.survivorItemId ? { itemId: input.survivorItemId } : {}),
      });
      const repointed = await db
        .update(table)
        .set({
          [def.relatedTo]: sql`(
            select coalesce(jsonb_agg(entry order by position), '[]'::jsonb) from (
              select entry, min(position) as position from (
                select case when e->>'entityType' = ${resource} and e->>'_id' = ${mergedId} then ${survivorEntry}::jsonb else e end as entry, n as position
                from jsonb_array_elements(${column}) with ordinality as listed(e, n)
              ) rewritten group by entry
            ) deduplicated
          )`,
        } as never)
        .where(and(organisation, sql`${column} @> ${JSON.stringify([{ _id: mergedId, entityType: resource }])}::jsonb`))
        .returning(changed);
      await logged(def.relatedTo, repointed);
    }
    for (const [field, reference] of Object.entries(def.references ?? {})) {
      if (reference.resource !== resource || !columns[field]) continue;
      const column = columns[field] as PgColumn;
      if (isReferenceList(def, field)) {
        const repointed = await db
          .update(table)
          .set({
            [field]: sql`(select coalesce(jsonb_agg(distinct case when id = ${mergedId} then ${survivorId} else id end), '[]'::jsonb) from jsonb_array_elements_text(${column}) as listed(id))`,
          } as never)
          .where(and(organisation, sql`${column} @> ${JSON.stringify([mergedId])}::jsonb`))
          .returning(changed);
        await logged(field, repointed);
      } else {
        const repointed = await db
          .update(table)
          .set({ [field]: survivorId } as never)
          .where(and(organisation, eq(column, mergedId)))
          .returning(changed);
        await logged(field, repointed);
      }
    }
  }
};

/**
 * Joins two candidates in one transaction (the call's): the survivor takes the chosen fields, every
 * record pointing at the merged one points at the survivor, the merged one is soft-deleted with
 * `mergedInto` (its details then answer the survivor; its update and delete are 404, as for any
 * deleted record), and both get an entity-log entry.
 */
export const registerCandidateMerge = (app: FastifyInstance) => {
  registerCall(app, { ...mergeCandidates, tenancy: 'organisation' }, async (ctx) => {
    const { db, scope, input } = ctx;
    const me = ctx.caller as Caller;
    const writer = { ...ctx, caller: me };
    const organisationId = scope.organisationId as string;
    // Both rows locked, in id order, so two merges of the same pair cannot interleave.
    await db
      .select({ id: candidates.id })
      .from(candidates)
      .where(and(inArray(candidates.id, [input.survivorId, input.mergedId].sort()), eq(candidates.organisationId, organisationId)))
      .for('update');
    const survivor = await candidateRepository.get(db, scope as Scope, input.survivorId);
    const merged = await candidateRepository.get(db, scope as Scope, input.mergedId);
    const chosen: Record<string, unknown> = {};
    for (const field of candidateMergeFields as readonly CandidateMergeField[]) {
      const side = input.fields?.[field] ?? 'survivor';
      const own = survivor[field];
      const theirs = merged[field];
      const value = side === 'merged' ? mergedValue(field, theirs, own) : mergedValue(field, own, theirs);
      if (JSON.stringify(value ?? null) !== JSON.stringify(own ?? null)) chosen[field] = value;
    }
    if (!survivor.userId && merged.userId) chosen.userId = merged.userId;
    const contacts = await mergedContacts(db, organisationId, survivor, merged);
    // The two are the same person: the survivor taking the other's email is not a duplicate to refuse.
    const values = { ...chosen, selfContactId: contacts.selfContactId, contactIds: contacts.contactIds, createAnyway: true };
    await candidateRepository.update(db, { ...writer, id: survivor.id, values });
    // The CVs of both, whoever filed them: the merge itself needs FULL access to both candidates.
    const everyCv: Scope = { organisationId, caller: (scope as Scope).caller };
    await keepOneDefaultCv(db, { ...writer, scope: everyCv, survivorId: survivor.id, mergedId: merged.id });
    await repointEverything(db, {
      caller: me,
      organisationId,
      resource: 'Candidate',
      mergedId: merged.id,
      survivorId: survivor.id,
      survivorItemId: survivor.itemId,
    });
    if (contacts.retired && contacts.selfContactId) {
      // The merged person's card is the same person's: whatever named it names the survivor's card,
      // and it goes, so the survivor is not left with a contact that is itself.
      const [kept] = await db.select({ itemId: crmContacts.itemId }).from(crmContacts).where(eq(crmContacts.id, contacts.selfContactId));
      await repointEverything(db, {
        caller: me,
        organisationId,
        resource: 'Contact',
        mergedId: contacts.retired,
        survivorId: contacts.selfContactId,
        survivorItemId: kept?.itemId,
      });
      await contactRepository.remove(db, { ...writer, scope: { organisationId }, id: contacts.retired });
    }
    // The self contact takes the name, email and phone the merge chose.
    await syncSelfContact(db, { ...writer, organisationId, candidate: { ...survivor, ...chosen, id: survivor.id } });
    await moveDiversity(db, { from: merged.id, to: survivor.id });
    await carryLinksThroughMerge(db, { ...writer, survivorId: survivor.id, mergedId: merged.id, survivorHadAccount: !!survivor.userId });
    await candidateRepository.remove(db, { ...writer, id: merged.id });
    // The contacts' repointing named the survivor's card on the merged row too: it keeps its own, now deleted.
    await db
      .update(candidates)
      .set({ mergedInto: survivor.id, ...(contacts.retired ? { selfContactId: contacts.retired } : {}) })
      .where(eq(candidates.id, merged.id));
    await writeEntityLog(db, {
      caller: me,
      organisationId,
      entityType: 'Candidate',
      action: 'MERGE',
      record: { _id: survivor.id, itemId: survivor.itemId ?? null } as never,
      from: { mergedId: merged.id, mergedItemId: merged.itemId ?? null },
      to: { fields: Object.keys(chosen) },
    });
    const record = await candidateRepository.details(db, scope as Scope, survivor.id);
    const [answer] = await withCounts(db, [record]);
    return new Answer(answer, 'Candidates merged');
  });
};
