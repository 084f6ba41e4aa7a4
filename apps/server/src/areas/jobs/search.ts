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
 * The public job search's query, not yet run (the benchmark times its SQL text): ranked full-text
 * words, a radius around a place or postcode, filters, featured jobs first, then relevance or date.
 * Only open jobs.
 */
export const searchQuery = (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const where: (SQL | undefined)[] = [...openJobConditions()];
  const words = prefixQuery(request.search);
  const tsQuery = words ? sql`to_tsquery('english', ${words})` : undefined;
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
    // Parameters typed, or PostgreSQL takes `2 * $1` for an integer and rejects 3958.8 (miles).
    distance = sql<number>`(2 * ${r}::float8 * asin(sqrt(power(sin(radians(${jobs.latitude} - ${latitude}::float8) / 2), 2) + cos(radians(${latitude}::float8)) * cos(radians(${jobs.latitude})) * power(sin(radians(${jobs.longitude} - ${longitude}::float8) / 2), 2))))`;
    where.push(
      sql`${jobs.latitude} between ${latitude - dLat} and ${latitude + dLat}`,
      sql`${jobs.longitude} between ${longitude - dLon} and ${longitude + dLon}`,
      sql`${distance} <= ${radius}::float8`,
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

  // The matching jobs, narrow: what ordering needs, not what the answer shows. Materialised once
  // (it is read twice), so the filters run once for the count and the page alike.
  const matches = db.$with('matches').as(
    db
      .select({
        id: jobs.id,
        isFeaturedJob: jobs.isFeaturedJob,
        postedOn: jobs.postedOn,
        searchVector: tsQuery ? jobs.searchVector : sql<null>`null`.as('search_vector'),
        distance: (distance ?? sql<null>`null::float8`).as('distance'),
      })
      .from(jobs)
      .innerJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
      .where(and(...where)),
  );
  const totals = db.$with('totals').as(
    db
      .select({
        total: sql<number>`count(*)`.as('total'),
        featured: sql<number>`count(*) filter (where ${matches.isFeaturedJob})`.as('featured'),
      })
      .from(matches),
  );

  // Ranking reads each job's whole search vector, the costliest step by far. Featured jobs come
  // first, so when they alone fill the pages up to this one only they need a rank: the rest would
  // sort after them whatever their rank. The order, and so the page, is the same either way.
  const offset = (request.page - 1) * request.limit;
  const rank = tsQuery
    ? sql<number>`case when ${matches.isFeaturedJob} or (select ${totals.featured} from ${totals}) < ${offset + request.limit}::int8 then ts_rank_cd(${matches.searchVector}, ${tsQuery}) else 0 end`.as(
        'rank',
      )
    : sql<number>`0`.as('rank');
  const byRelevance = request.sort === 'relevance' && tsQuery;
  const byDistance = request.sort === 'relevance' && !tsQuery && distance;
  const page = db.$with('page').as(
    db
      .select({ id: matches.id, isFeaturedJob: matches.isFeaturedJob, postedOn: matches.postedOn, rank, distance: matches.distance })
      .from(matches)
      .orderBy(
        ...(byRelevance
          ? [desc(matches.isFeaturedJob), desc(rank), desc(matches.postedOn), desc(matches.id)]
          : byDistance
            ? [desc(matches.isFeaturedJob), sql`${matches.distance} asc`, desc(matches.postedOn)]
            : [desc(matches.isFeaturedJob), desc(matches.postedOn), desc(matches.id)]),
      )
      .limit(request.limit)
      .offset(offset),
  );

  // The page's few jobs, in full, in the page's order.
  const query = db
    .with(matches, totals, page)
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
      relevance: tsQuery ? sql<number>`ts_rank_cd(${jobs.searchVector}, ${tsQuery})` : sql<number>`0`,
      distance: distance ? sql<number>`round((${page.distance})::numeric, 1)::float8` : sql<null>`null`,
      totalCount: sql<number>`${totals.total}`.mapWith(Number),
    })
    // From the totals, so that a page past the end still answers how many jobs there are.
    .from(totals)
    .leftJoin(page, sql`true`)
    .leftJoin(jobs, eq(jobs.id, page.id))
    .leftJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
    .orderBy(
      ...(byRelevance
        ? [desc(page.isFeaturedJob), desc(page.rank), desc(page.postedOn), desc(page.id)]
        : byDistance
          ? [desc(page.isFeaturedJob), sql`${page.distance} asc`, desc(page.postedOn)]
          : [desc(page.isFeaturedJob), desc(page.postedOn), desc(page.id)]),
    );
  return { query, place };
};

/** The public job search: a page of open jobs, the total, and the place searched around. */
export const searchOpenJobs = async (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const { query, place } = searchQuery(db, gazetteer, request);
  const rows = await query;
  const total = rows[0]?.totalCount ?? 0;
  const results = rows.filter((row) => row._id !== null).map(({ totalCount: _t, ...row }) => row);
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
