import type { JobSearch } from '@app/contract/resources/job-board/job';
import { and, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { jobSearchRows, jobs, recruiterCompanies } from '../../db/schema/job-board';
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
 * How far a search counts: beyond this many matches it answers this number and `totalResultsCapped`
 * ("1,000+"), so a common word over a wide area costs the same as a rare one.
 */
export const countLimit = 1000;

/**
 * How many matches a search by relevance ranks: the newest this many (featured first), or as many
 * as the page asked for needs. A search with fewer matches ranks them all, as it always did.
 */
export const rankWindow = 200;

/**
 * The public job search's queries, not yet run (the benchmark times their SQL text), all on the
 * narrow `job_search` table: ranked full-text words, a radius around a place or postcode, filters,
 * featured jobs first, then relevance, distance or date. `page` is the page's jobs in full, in order;
 * `total` counts the matches up to `countLimit` + 1.
 */
export const searchQuery = (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const s = jobSearchRows;
  const where: (SQL | undefined)[] = [...openJobConditions()];
  const words = prefixQuery(request.search);
  const tsQuery = words ? sql`to_tsquery('english', ${words})` : undefined;
  if (tsQuery) where.push(sql`${s.searchVector} @@ ${tsQuery}`);

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
    distance = sql<number>`(2 * ${r}::float8 * asin(sqrt(power(sin(radians(${s.latitude} - ${latitude}::float8) / 2), 2) + cos(radians(${latitude}::float8)) * cos(radians(${s.latitude})) * power(sin(radians(${s.longitude} - ${longitude}::float8) / 2), 2))))`;
    where.push(
      sql`${s.latitude} between ${latitude - dLat} and ${latitude + dLat}`,
      sql`${s.longitude} between ${longitude - dLon} and ${longitude + dLon}`,
      sql`${distance} <= ${radius}::float8`,
    );
  }

  const f = request.filter;
  if (f.jobTypes?.length) where.push(or(...f.jobTypes.map((t) => sql`${s.jobTypes} @> ${JSON.stringify([t])}::jsonb`)));
  if (f.workModel?.length) where.push(inArray(s.workModel, f.workModel));
  if (f.experience?.length) where.push(inArray(s.experience, f.experience));
  if (f.industries?.length)
    where.push(
      sql`${s.industries} ?| array[${sql.join(
        f.industries.map((i) => sql`${i}`),
        sql`, `,
      )}]::text[]`,
    );
  if (f.salaryRange) where.push(salaryRangeCondition(f.salaryRange));
  if (f.postedWithinDays) where.push(gte(s.postedOn, sql`now() - make_interval(days => ${f.postedWithinDays})`));
  if (f.recruiterId) where.push(eq(s.recruiterId, f.recruiterId));
  const matching = and(...where);

  // Counted up to one past the limit: whether there are more is all the answer needs beyond it.
  const total = db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(s)
      .where(matching)
      .limit(countLimit + 1)
      .as('counted'),
  );

  const offset = (request.page - 1) * request.limit;
  const newest = [desc(s.isFeaturedJob), desc(s.postedOn), desc(s.jobId)];
  const rankOf = (vector: SQL | typeof s.searchVector) => (tsQuery ? sql<number>`ts_rank_cd(${vector}, ${tsQuery})` : sql<number>`0`);
  let page: PgSelect;
  if (request.sort === 'relevance' && tsQuery) {
    // Ranking reads each match's whole search vector: only the newest `rankWindow` matches (featured
    // first) are ranked, whatever the page, so a word most jobs contain is ranked over a few hundred.
    const candidates = db
      .select({
        id: s.jobId,
        isFeaturedJob: s.isFeaturedJob,
        postedOn: s.postedOn,
        searchVector: s.searchVector,
        distance: (distance ?? sql<null>`null::float8`).as('distance'),
      })
      .from(s)
      .where(matching)
      .orderBy(...newest)
      .limit(Math.max(rankWindow, offset + request.limit))
      .as('candidates');
    const rank = rankOf(sql`${candidates.searchVector}`);
    page = db
      .select({
        id: candidates.id,
        isFeaturedJob: candidates.isFeaturedJob,
        postedOn: candidates.postedOn,
        rank: rank.as('rank'),
        distance: candidates.distance,
      })
      .from(candidates)
      .orderBy(desc(candidates.isFeaturedJob), desc(rank), desc(candidates.postedOn), desc(candidates.id))
      .limit(request.limit)
      .offset(offset)
      .$dynamic();
  } else {
    // Without words, by relevance means nearest first.
    const byDistance = request.sort === 'relevance' && distance;
    page = db
      .select({
        id: s.jobId,
        isFeaturedJob: s.isFeaturedJob,
        postedOn: s.postedOn,
        rank: rankOf(s.searchVector).as('rank'),
        distance: (distance ?? sql<null>`null::float8`).as('distance'),
      })
      .from(s)
      .where(matching)
      .orderBy(...(byDistance ? [desc(s.isFeaturedJob), sql`${distance} asc`, desc(s.postedOn)] : newest))
      .limit(request.limit)
      .offset(offset)
      .$dynamic();
  }
  const paged = page.as('page');

  // The page's few jobs, in full, in the page's order.
  const pageQuery = db
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
      relevance: sql<number>`${paged.rank}`.mapWith(Number),
      distance: distance ? sql<number>`round((${paged.distance})::numeric, 1)::float8` : sql<null>`null`,
    })
    .from(paged)
    .innerJoin(jobs, eq(jobs.id, paged.id))
    .innerJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
    .orderBy(
      ...(request.sort === 'relevance' && tsQuery
        ? [desc(paged.isFeaturedJob), desc(paged.rank), desc(paged.postedOn), desc(paged.id)]
        : request.sort === 'relevance' && distance
          ? [desc(paged.isFeaturedJob), sql`${paged.distance} asc`, desc(paged.postedOn)]
          : [desc(paged.isFeaturedJob), desc(paged.postedOn), desc(paged.id)]),
    );
  return { page: pageQuery, total, place };
};

/** The public job search: a page of open jobs, the total (up to `countLimit`), and the place searched around. */
export const searchOpenJobs = async (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const { page, total, place } = searchQuery(db, gazetteer, request);
  const [results, [counted]] = await Promise.all([page, total]);
  const capped = (counted?.total ?? 0) > countLimit;
  return {
    ...pageOf(results, capped ? countLimit : (counted?.total ?? 0), request),
    totalResultsCapped: capped,
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
