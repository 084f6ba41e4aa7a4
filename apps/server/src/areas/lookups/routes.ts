import { isPlatformUser } from '@app/contract/access';
import { slugify } from '@app/contract/conventions/career';
import type { ResourceDefinition } from '@app/contract/define-resource';
import * as fixed from '@app/contract/lookups';
import { fixedLookups, industry, industryOptions, jobTitle, language, skill } from '@app/contract/resources/job-board/lookups';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { industries, jobTitles, languages, skills } from '../../db/schema/lookups';
import { type Caller, unscoped } from '../../engine/context';
import { newId } from '../../engine/ids';
import { searchCondition } from '../../engine/list-query';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { type ResourceRepository, resourceRepository } from '../../engine/repository';
import type { Writer } from '../../engine/resource-hooks';
import { sameForEveryone } from '../../engine/unscoped-reasons';

const typedInScope = unscoped('a name a seeker types is matched against, or added to, the platform-wide list');

/**
 * Gives each typed-in skill or language (a label without an id) the list's entry of that name, or a
 * new PENDING entry that only platform admins see until one approves it. Approving changes only the
 * entry's status, so the seekers who typed it stay linked to it.
 */
export const keepTypedIn = async <Item extends { label?: string }>(
  db: Executor,
  input: Writer & { caller: Caller; kind: 'skill' | 'language'; items: readonly Item[] },
): Promise<Item[]> => {
  const { repository, idKey, table } =
    input.kind === 'skill'
      ? { repository: skillRepository as ResourceRepository<ResourceDefinition>, idKey: 'skillId', table: skills }
      : { repository: languageRepository as ResourceRepository<ResourceDefinition>, idKey: 'languageId', table: languages };
  const kept: Item[] = [];
  const seen = new Set<string>();
  const keep = (item: Item, id: string) => {
    if (!seen.has(id)) kept.push(item);
    seen.add(id);
  };
  for (const item of input.items) {
    const chosen = (item as Record<string, unknown>)[idKey] as string | undefined;
    if (chosen) {
      keep(item, chosen);
      continue;
    }
    const name = (item.label ?? '').trim().replace(/\s+/g, ' ');
    // Matched by name, not by code: "C", "C#" and "C++" share the code "c", and names in other
    // scripts all code to "item".
    const known = (await repository.first(db, typedInScope, [sql`lower(${table.label}) = lower(${name})`])) as
      | { id: string; label: string }
      | undefined;
    const code = slugify(name);
    const codeTaken = !known && (await repository.first(db, typedInScope, [eq(table.value, code)]));
    const entry =
      known ??
      (await repository.create(db, {
        ...input,
        scope: typedInScope,
        values: {
          label: name,
          value: codeTaken ? `${code.slice(0, 60)}-${newId().slice(-8)}` : code,
          status: 'PENDING',
          ...(input.kind === 'skill' ? { isNew: true } : {}),
        },
      }));
    const id = ((entry as { id?: string }).id ?? (entry as { _id?: string })._id) as string;
    keep({ ...item, [idKey]: id, label: (entry as { label: string }).label }, id);
  }
  return kept;
};

export const skillRepository = resourceRepository(skill, skills);
export const languageRepository = resourceRepository(language, languages);
export const jobTitleRepository = resourceRepository(jobTitle, jobTitles);
export const industryRepository = resourceRepository(industry, industries);

/**
 * The editable lookups: the public sees the active ones, platform admins all; a missing `value`
 * is made from the label.
 */
const registerLookup = <Def extends ResourceDefinition>(app: FastifyInstance, repository: ResourceRepository<Def>, status: PgColumn) => {
  registerResource(app, repository, {
    hooks: {
      listWhere: ({ caller }) => (caller && isPlatformUser(caller.userType) ? [] : [eq(status, 'ACTIVE')]),
      beforeCreate: ({ values }) => ({ ...values, value: values.value || slugify(values.label as string) }),
    },
  });
};

export const registerLookups = (app: FastifyInstance) => {
  registerLookup(app, skillRepository, skills.status);
  registerLookup(app, languageRepository, languages.status);
  registerLookup(app, jobTitleRepository, jobTitles.status);
  registerLookup(app, industryRepository, industries.status);

  registerCall(app, { ...industryOptions, unscoped: sameForEveryone }, ({ db, input }) =>
    db
      .select({ _id: industries.id, label: industries.label, value: industries.value })
      .from(industries)
      .where(
        and(eq(industries.isDeleted, false), eq(industries.status, 'ACTIVE'), searchCondition(industries, ['label'], input.search ?? '')),
      )
      .orderBy(asc(industries.label)),
  );

  const answer = {
    jobTypes: fixed.jobTypes,
    workModels: fixed.workModels,
    experienceRanges: fixed.experienceRanges,
    salaryRanges: fixed.salaryRanges,
    salaryDurations: fixed.salaryDurations,
    travelOptions: fixed.travelOptions,
    noticePeriods: fixed.noticePeriods,
    hobbies: fixed.hobbies,
  };
  registerCall(app, { ...fixedLookups, unscoped: sameForEveryone }, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return answer;
  });
};
