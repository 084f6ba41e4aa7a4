import type { JobSearch } from '@app/contract/resources/job-board/job';
import { and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobs, recruiterCompanies } from '../../db/schema/job-board';
import { badRequest } from '../../engine/errors';
import { pageOf } from '../../engine/list-query';
import { earthRadius, type Gazetteer } from '../../services/gazetteer';
import { openJobConditions, salaryRangeCondition } from './repository';

/** Each word a prefix ("develop" finds "developer"); only letters and digits reach the query. */
export const prefixQuery = (search: string) =>
  search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');

/**
 * The public job search: ranked full-text words, a radius around a place or postcode, filters,
 * featured jobs first, then relevance or date. Only open jobs.
 */
export const searchOpenJobs = async (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const where: (SQL | undefined)[] = [...openJobConditions()];
  const query = prefixQuery(request.search);
  const tsQuery = query ? sql`to_tsquery('english', ${query})` : undefined;
  if (tsQuery) where.push(sql`${jobs.searchVector} @@ ${tsQuery}`);

  let distance: SQL<number> | undefined;
  let place: ReturnType<Gazetteer['resolve']>;
  if (request.location) {
    place = gazetteer.resolve(request.location.place);
    if (!place) {
      throw badRequest('We could not find that place. Try a town, city or postcode.', [
        { field: 'location.place', message: 'We could not find that place. Try a town, city or postcode.' },
      ]);
    }
    const { latitude, longitude } = place;
    const radius = request.location.radius;
    const r = earthRadius[request.location.unit];
    // A box around the point first (it can use the index), then the exact great-circle distance.
    const dLat = (radius / r) * (180 / Math.PI);
    const dLon = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    distance = sql<number>`(2 * ${r} * asin(sqrt(power(sin(radians(${jobs.latitude} - ${latitude}) / 2), 2) + cos(radians(${latitude})) * cos(radians(${jobs.latitude})) * power(sin(radians(${jobs.longitude} - ${longitude}) / 2), 2))))`;
    where.push(
      sql`${jobs.latitude} between ${latitude - dLat} and ${latitude + dLat}`,
      sql`${jobs.longitude} between ${longitude - dLon} and ${longitude + dLon}`,
      sql`${distance} <= ${radius}`,
    );
  }

  const f = request.filter;
  if (f.jobTypes?.length) where.push(or(...f.jobTypes.map((t) => sql`${jobs.jobTypes} @> ${JSON.stringify([t])}::jsonb`)));
  if (f.workModel?.length) where.push(inArray(jobs.workModel, f.workModel));
  if (f.experience?.length) where.push(inArray(jobs.experience, f.experience));
  if (f.industries?.length)
    where.push(
      sql`${jobs.industries} ?| array[${sql.join(
        f.industries.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`,
    );
  if (f.salaryRange) where.push(salaryRangeCondition(f.salaryRange));
  if (f.postedWithinDays) where.push(gte(jobs.postedOn, sql`now() - make_interval(days => ${f.postedWithinDays})`));
  if (f.recruiterId) where.push(eq(jobs.recruiterId, f.recruiterId));

  const rank = tsQuery ? sql<number>`ts_rank_cd(${jobs.searchVector}, ${tsQuery})` : sql<number>`0`;
  const order =
    request.sort === 'relevance' && tsQuery
      ? [desc(jobs.isFeaturedJob), desc(rank), desc(jobs.postedOn), desc(jobs.id)]
      : request.sort === 'relevance' && distance
        ? [desc(jobs.isFeaturedJob), sql`${distance} asc`, desc(jobs.postedOn)]
        : [desc(jobs.isFeaturedJob), desc(jobs.postedOn), desc(jobs.id)];

  const rows = await db
    .select({
      _id: jobs.id,
      itemId: jobs.itemId,
      title: jobs.title,
      slug: jobs.slug,
      description: jobs.description,
      address: jobs.address,
      salaries: jobs.salaries,
      jobTypes: jobs.jobTypes,
      workModel: jobs.workModel,
      experience: jobs.experience,
      industries: jobs.industries,
      skills: jobs.skills,
      isFeaturedJob: jobs.isFeaturedJob,
      postedOn: jobs.postedOn,
      applicationEndDate: jobs.applicationEndDate,
      recruiterId: jobs.recruiterId,
      companyName: jobs.companyName,
      company: sql<{
        _id: string;
        name: string;
        slug: string;
        profileImg: unknown;
        isVerified: boolean;
      }>`json_build_object('_id', ${recruiterCompanies.id}, 'name', ${recruiterCompanies.name}, 'slug', ${recruiterCompanies.slug}, 'profileImg', ${recruiterCompanies.profileImg}, 'isVerified', ${recruiterCompanies.isVerified})`,
      relevance: rank,
      distance: distance ? sql<number>`round((${distance})::numeric, 1)::float8` : sql<null>`null`,
      totalCount: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(jobs)
    .innerJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
    .where(and(...where))
    .orderBy(...order)
    .limit(request.limit)
    .offset((request.page - 1) * request.limit);

  const total = rows[0]?.totalCount ?? 0;
  const results = rows.map(({ totalCount: _t, ...row }) => row);
  return {
    ...pageOf(results, total, request),
    ...(place
      ? {
          location: {
            label: place.label,
            latitude: place.latitude,
            longitude: place.longitude,
            radius: request.location?.radius,
            unit: request.location?.unit,
          },
        }
      : {}),
  };
};
