import type { ListRequest } from '@app/contract/conventions/list';
import { candidate } from '@app/contract/resources/crm/candidate';
import { sql } from 'drizzle-orm';
import {
  horizonColumn,
  horizonOf,
  jsonOf,
  loadBatch,
  pruneChanges,
  pruneEveryMs,
  type Row,
  reloadAfterMs,
  rowsOf,
  sharedLooks,
} from '../../db/change-log';
import type { Db } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import type { Scope } from '../../engine/context';
import { isDateField, listSearchGroups, sortKeyExpression } from '../../engine/list-query';
import { type CandidateIndex, createCandidateIndex, type IndexedCandidate, indexedFilters, newestFirst } from './candidate-search-index';

/** An organisation whose index has given up this share of its slots to changes is loaded afresh. */
const rebuildShare = 0.25;

const sortable = candidate.sortable ?? [];
/** What each sortable field orders by, read from the database as the list's SQL orders by it. */
const sortKeyColumns = sql.join(
  sortable.map((field, n) => {
    const key = sortKeyExpression(candidates, field);
    const read = isDateField(candidates, field) ? sql`(extract(epoch from ${key}) * 1000000)::float8` : key;
    return sql`${read} as ${sql.identifier(`sort_${n}`)}`;
  }),
  sql`, `,
);

const candidateColumns = sql`"id", "organisation_id", "is_deleted", (extract(epoch from "created_at") * 1000000)::float8 as "created_at",
  "name" #>> '{fullName}' as "full_name", "email"::text as "email", "phone"::text as "phone", "item_id" #>> '{combined}' as "number",
  "keywords", "status", "owner_id", "team_id", "notice_period_id", "city", "skill_ids", "job_types", "work_model", ${sortKeyColumns}`;

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

const indexedCandidate = (row: Row): IndexedCandidate => ({
  id: row.id as string,
  createdAt: Number(row.created_at),
  sortKeys: sortable.map((_, n) => {
    const key = row[`sort_${n}`];
    return key === null || key === undefined ? null : typeof key === 'string' ? key : Number(key);
  }),
  // The list searches these five, as `candidate.search` names them.
  text: [row.full_name, row.email, row.phone, row.number, row.keywords]
    .filter((value): value is string => typeof value === 'string')
    .join('\n')
    .toLowerCase(),
  status: row.status as string,
  ownerId: textOrNull(row.owner_id),
  teamId: textOrNull(row.team_id),
  noticePeriodId: textOrNull(row.notice_period_id),
  city: textOrNull(row.city),
  skillIds: jsonOf<string[]>(row.skill_ids) ?? [],
  jobTypes: jsonOf<number[]>(row.job_types) ?? [],
  workModel: jsonOf<string[]>(row.work_model) ?? [],
});

const loadOrganisation = async (db: Db, organisationId: string) => {
  const index = createCandidateIndex();
  // Read in id order (the organisation's unique index), then put in oldest first, the list's order reversed.
  const loaded: IndexedCandidate[] = [];
  let after = '';
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`select ${candidateColumns} from "candidates" where "organisation_id" = ${organisationId} and not "is_deleted" and "id" > ${after} order by "id" limit ${loadBatch}`,
    );
    for (const row of rows) loaded.push(indexedCandidate(row));
    if (rows.length < loadBatch) break;
    after = rows.at(-1)?.id as string;
  }
  loaded.sort((a, b) => newestFirst(b, a));
  for (const candidate of loaded) index.put(candidate.id, candidate);
  index.loaded();
  return index;
};

// The index stands in for the list's SQL only while the definition is what it was written for.
const searchedFields = ['name.fullName', 'email', 'phone', 'itemId.combined', 'keywords'];
if (candidate.search.join() !== searchedFields.join() || (candidate.policies ?? []).length > 0) {
  throw new Error(
    'The candidate search index holds name, email, phone, number and keywords, with no scope policies: update it with the definition',
  );
}

/**
 * The CRM candidate list's search and filters, answered from an index each process keeps in memory,
 * one organisation at a time (loaded when it first lists, dropped when least recently used beyond
 * `maxCandidates`). Before every list the changes since the last look are read from
 * `candidate_search_changes`, which a trigger fills in the writing transaction, so a candidate
 * written through any process is in the next list. Looks and loads take turns, so no change falls
 * between them; lists that arrive during a look share the next one.
 */
export const createCandidateSearch = (db: Db, { maxCandidates = 1_000_000 } = {}) => {
  const organisations = new Map<string, { index: CandidateIndex; usedAt: number }>();
  const loading = new Map<string, Promise<CandidateIndex>>();
  /** Every change from this transaction id on may be unread; undefined while nothing is loaded. */
  let horizon: number | undefined;
  let lookedAt = Date.now();
  let prunedAt = 0;

  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>) => {
    const next = turn.then(work);
    turn = next.catch(() => undefined);
    return next;
  };

  const look = () =>
    inTurn(async () => {
      // With nothing held there is nothing to catch up: the next load starts from its own horizon.
      if (organisations.size === 0) horizon = undefined;
      if (horizon === undefined) return;
      const now = Date.now();
      if (now - lookedAt > reloadAfterMs) {
        organisations.clear();
        horizon = undefined;
        return;
      }
      const [seen] = await rowsOf(
        db,
        sql`select ${horizonColumn},
          (select coalesce(json_agg(distinct "candidate_id"), '[]') from "candidate_search_changes" where "changed" >= ${horizon}) as "changed"`,
      );
      const changed = jsonOf<string[]>(seen?.changed) ?? [];
      if (changed.length > 0) {
        const rows = await rowsOf(
          db,
          sql`select ${candidateColumns} from "candidates" where "id" in (select jsonb_array_elements_text(${JSON.stringify(changed)}::jsonb))`,
        );
        const found = new Map(rows.map((row) => [row.id as string, row]));
        for (const id of changed) {
          const row = found.get(id);
          for (const [organisationId, held] of organisations) {
            const live = row && row.organisation_id === organisationId && !row.is_deleted;
            held.index.put(id, live ? indexedCandidate(row) : null);
          }
        }
        for (const [organisationId, held] of organisations) {
          if (held.index.removed() > Math.max(1000, rebuildShare * held.index.size())) organisations.delete(organisationId);
        }
      }
      horizon = Number(seen?.horizon);
      lookedAt = now;
      if (now - prunedAt > pruneEveryMs) {
        prunedAt = now;
        await pruneChanges(db, 'candidate_search_changes');
      }
    });

  const caughtUp = sharedLooks(look);

  const dropLeastUsed = () => {
    let held = 0;
    for (const { index } of organisations.values()) held += index.size();
    const byUse = [...organisations].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [organisationId, { index }] of byUse) {
      if (held <= maxCandidates || organisations.size === 1) break;
      organisations.delete(organisationId);
      held -= index.size();
    }
  };

  const load = (organisationId: string) => {
    let pending = loading.get(organisationId);
    if (!pending) {
      pending = (async () => {
        const from = await horizonOf(db);
        const index = await loadOrganisation(db, organisationId);
        // In turn with the looks: the next look reads every change from this load's horizon on.
        await inTurn(async () => {
          organisations.set(organisationId, { index, usedAt: Date.now() });
          horizon = horizon === undefined ? from : Math.min(horizon, from);
          dropLeastUsed();
        });
        return index;
      })().finally(() => loading.delete(organisationId));
      loading.set(organisationId, pending);
    }
    return pending;
  };

  return {
    /**
     * The ids of one page of the list and how many match, or undefined when the index does not
     * answer this list (no organisation, a filter it does not hold, every row at once).
     */
    async find(scope: Scope, request: ListRequest): Promise<{ ids: string[]; total: number } | undefined> {
      const organisationId = scope.organisationId;
      if (!organisationId || scope.unscoped || request.limit === 'ALL') return undefined;
      if (Object.keys(request.filter).some((key) => !indexedFilters.has(key))) return undefined;
      const sortKey = request.sort ? sortable.indexOf(request.sort.field) : undefined;
      if (sortKey === -1) return undefined;
      await caughtUp();
      const held = organisations.get(organisationId);
      const index = held?.index ?? (await load(organisationId));
      if (held) held.usedAt = Date.now();
      const found = index.search({
        groups: listSearchGroups(request.search).map((terms) => terms.map((term) => term.toLowerCase())),
        filter: request.filter,
        visibility: { ownerId: scope.ownerId, visibleTo: scope.visibleTo },
        sort: request.sort && sortKey !== undefined ? { key: sortKey, direction: request.sort.direction } : undefined,
      });
      const offset = (request.page - 1) * request.limit;
      return { ids: found.slice(offset, offset + request.limit).map((c) => c.id), total: found.length };
    },
  };
};

export type CandidateSearch = ReturnType<typeof createCandidateSearch>;
