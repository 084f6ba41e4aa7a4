import { isPlatformUser } from '@app/contract/access';
import { slugify } from '@app/contract/conventions/career';
import type { ResourceDefinition } from '@app/contract/define-resource';
import * as fixed from '@app/contract/lookups';
import { fixedLookups, industry, industryOptions, jobTitle, language, skill } from '@app/contract/resources/job-board/lookups';
import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { industries, jobTitles, languages, skills } from '../../db/schema/lookups';
import { searchCondition } from '../../engine/list-query';
import { registerCall } from '../../engine/register-call';
import { registerResource } from '../../engine/register-resource';
import { type ResourceRepository, resourceRepository } from '../../engine/repository';

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

  registerCall(app, industryOptions, ({ db, input }) =>
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
  registerCall(app, fixedLookups, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return answer;
  });
};
