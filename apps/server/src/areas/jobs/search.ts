import { salaryRanges } from '@app/contract/lookups';
import type { JobSearch } from '@app/contract/resources/job-board/job';
import { type AnyColumn, and, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { jobSearchRows, jobs, recruiterCompanies } from '../../db/schema/job-board';
import { badRequest } from '../../engine/errors';
import { pageOf } from '../../engine/list-query';
import { earthRadius, type Gazetteer } from '../../services/gazetteer';
import { openJobConditions } from './repository';

/** Each word a prefix ("develop" finds "developer"); only letters and digits reach the query. */
export const prefixQuery = (search: string) =>
  search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');

const salaryRangeOf = (value: string) => salaryRanges.find((r) => r.value === value);

export const sortByDistanceNeedsPlace = 'Enter a place or postcode to sort by distance.';

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
 * The public job search's query, not yet run (the benchmark times its SQL text), all on the
 * narrow `job_search` table: ranked full-text words, a radius around a place or postcode, filters,
 * featured jobs first, then relevance, distance (asked for, or without words around a place) or date. One statement: the page's jobs in full, in
 * order, each row with the matches counted up to `countLimit` + 1.
 */
export const searchQuery = (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const s = jobSearchRows;
  // Every value is a placeholder, so searches of one shape (which conditions, how many of each,
  // which order) share one SQL text: it is built once per shape (see `searchOpenJobs`).
  const values: Record<string, unknown> = {};
  const p = (name: string, value: unknown) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const where: (SQL | undefined)[] = [...openJobConditions()];
  const words = prefixQuery(request.search);
  const tsQuery = words ? sql`to_tsquery('english', ${p('words', words)})` : undefined;
  // Last among the conditions: a row's search vector (about a kilobyte, compressed) is read only
  // for rows the cheap conditions (place, filters) let through.
  const wordCondition = tsQuery ? sql`${s.searchVector} @@ ${tsQuery}` : undefined;

  if (request.sort === 'distance' && !request.location) {
    throw badRequest(sortByDistanceNeedsPlace, [{ field: 'sort', message: sortByDistanceNeedsPlace }]);
  }
  let distance: SQL<number> | undefined;
  let place: ReturnType<Gazetteer['resolve']>;
  if (request.location) {
    place = gazetteer.resolve(request.location.place);
    if (!place) {
      throw badRequest('We could not find that place. Try a town, city or postcode.', [
        { field: 'location.place', message: 'We could not find that place. Try a town, city or postcode.' },
      ]);
    }
    const { latitude: lat, longitude: lon } = place;
    const radius = request.location.radius;
    const r = earthRadius[request.location.unit];
    const latitude = p('latitude', lat);
    const longitude = p('longitude', lon);
    // A box around the point first (it can use the index), then the exact great-circle distance.
    const dLat = (radius / r) * (180 / Math.PI);
    const dLon = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    // Parameters typed, or PostgreSQL takes `2 * $1` for an integer and rejects 3958.8 (miles).
    distance = sql<number>`(2 * ${p('earthRadius', r)}::float8 * asin(sqrt(power(sin(radians(${s.latitude} - ${latitude}::float8) / 2), 2) + cos(radians(${latitude}::float8)) * cos(radians(${s.latitude})) * power(sin(radians(${s.longitude} - ${longitude}::float8) / 2), 2))))`;
    where.push(
      sql`${s.latitude} between ${p('latitudeFrom', lat - dLat)}::float8 and ${p('latitudeTo', lat + dLat)}::float8`,
      sql`${s.longitude} between ${p('longitudeFrom', lon - dLon)}::float8 and ${p('longitudeTo', lon + dLon)}::float8`,
      sql`${distance} <= ${p('radius', radius)}::float8`,
    );
  }

  const f = request.filter;
  const list = (name: string, items: readonly unknown[]) =>
    sql.join(
      items.map((item, n) => p(`${name}${n}`, item)),
      sql`, `,
    );
  if (f.jobTypes?.length)
    where.push(or(...f.jobTypes.map((t, n) => sql`${s.jobTypes} @> ${p(`jobType${n}`, JSON.stringify([t]))}::jsonb`)));
  if (f.workModel?.length) where.push(sql`${s.workModel} in (${list('workModel', f.workModel)})`);
  if (f.experience?.length) where.push(sql`${s.experience} in (${list('experience', f.experience)})`);
  if (f.industries?.length) where.push(sql`${s.industries} ?| array[${list('industry', f.industries)}]::text[]`);
  const salary = f.salaryRange ? salaryRangeOf(f.salaryRange) : undefined;
  if (salary) where.push(and(gte(s.annualSalaryMax, p('salaryFrom', salary.min)), lte(s.annualSalaryMin, p('salaryTo', salary.max))));
  if (f.postedWithinDays)
    where.push(gte(s.postedOn, sql`now() - make_interval(days => ${p('postedWithinDays', f.postedWithinDays)}::int)`));
  if (f.recruiterId) where.push(eq(s.recruiterId, p('recruiterId', f.recruiterId)));
  const matching = and(...where, wordCondition);

  const offset = (request.page - 1) * request.limit;
  const byRelevance = request.sort === 'relevance' && Boolean(tsQuery);
  // Without words, by relevance means nearest first.
  const byDistance = Boolean(distance) && (request.sort === 'distance' || (request.sort === 'relevance' && !tsQuery));
  const window = Math.max(rankWindow, offset + request.limit);

  // The shape: what the SQL text depends on (the values are placeholders).
  const shape = [request.sort, ...Object.keys(values)].join(' ');
  const build = () => {
    // One scan finds the matches, up to one past the count limit (whether there are more is all the
    // answer needs beyond it); read twice (the count and the page), so it is materialised once.
    const matches = db.$with('matches').as(
      db
        .select({
          id: s.jobId,
          isFeaturedJob: s.isFeaturedJob,
          postedOn: s.postedOn,
          distance: (distance ?? sql<null>`null::float8`).as('distance'),
        })
        .from(s)
        .where(matching)
        .limit(countLimit + 1),
    );
    const counted = db.$with('counted').as(db.select({ total: sql<number>`count(*)`.as('total') }).from(matches));
    const total = sql`(select ${counted.total} from ${counted})`;

    type Column = AnyColumn | SQL | SQL.Aliased;
    type Ordered = { id: Column; isFeaturedJob: Column; postedOn: Column; distance: Column; rank: Column };
    const order = (r: Ordered) =>
      byRelevance
        ? [desc(r.isFeaturedJob), desc(r.rank), desc(r.postedOn), desc(r.id)]
        : byDistance
          ? [desc(r.isFeaturedJob), sql`${r.distance} asc`, desc(r.postedOn)]
          : [desc(r.isFeaturedJob), desc(r.postedOn), desc(r.id)];
    const newest = (r: Omit<Ordered, 'rank' | 'distance'>) => [desc(r.isFeaturedJob), desc(r.postedOn), desc(r.id)];
    // A subquery's columns by name (spreading a subquery does not copy them).
    const fieldsOf = <T extends Omit<Ordered, 'rank'>>(r: T) => ({
      id: r.id as T['id'],
      isFeaturedJob: r.isFeaturedJob as T['isFeaturedJob'],
      postedOn: r.postedOn as T['postedOn'],
      distance: r.distance as T['distance'],
    });
    // Ranking reads each match's whole search vector: only the newest `rankWindow` matches (featured
    // first) are ranked, so a word most jobs contain is ranked over a few hundred, not thousands.
    const rankOf = (id: SQL) =>
      tsQuery ? sql<number>`(select ts_rank_cd(${s.searchVector}, ${tsQuery}) from ${s} where ${s.jobId} = ${id})` : sql<number>`0`;

    // Up to the limit, every match is in `matches`: the page comes from there.
    const few = (() => {
      const whenFew = sql`${total} <= ${countLimit}`;
      if (byRelevance) {
        const newestMatches = db
          .select({ id: matches.id, isFeaturedJob: matches.isFeaturedJob, postedOn: matches.postedOn, distance: matches.distance })
          .from(matches)
          .where(whenFew)
          .orderBy(...newest(matches))
          .limit(p('window', window))
          .as('newest_matches');
        const ranked = db
          .select({
            id: newestMatches.id,
            isFeaturedJob: newestMatches.isFeaturedJob,
            postedOn: newestMatches.postedOn,
            distance: newestMatches.distance,
            rank: rankOf(sql`${newestMatches.id}`).as('rank'),
          })
          .from(newestMatches)
          .as('ranked');
        return db
          .select({
            id: ranked.id,
            isFeaturedJob: ranked.isFeaturedJob,
            postedOn: ranked.postedOn,
            distance: ranked.distance,
            rank: ranked.rank,
          })
          .from(ranked)
          .orderBy(...order({ ...fieldsOf(ranked), rank: ranked.rank }))
          .limit(p('limit', request.limit))
          .offset(p('offset', offset));
      }
      return db
        .select({ ...fieldsOf(matches), rank: sql<number>`0`.as('rank') })
        .from(matches)
        .where(whenFew)
        .orderBy(...order({ ...fieldsOf(matches), rank: sql`0` }))
        .limit(p('limit', request.limit))
        .offset(p('offset', offset));
    })();

    // Beyond it, the page is read in its own order, which stops as soon as it has it. By date, the
    // walk goes down the newest-first index, whose entries carry every column but the search vector
    // (migration 0017), so places and filters are checked on the index alone; only the jobs they let
    // through are looked up for their words. Nearest first is a sort of the place's matches.
    const many = (() => {
      const rowDistance = (distance ?? sql<null>`null::float8`).as('distance');
      if (byDistance) {
        return db
          .select({
            id: s.jobId,
            isFeaturedJob: s.isFeaturedJob,
            postedOn: s.postedOn,
            distance: rowDistance,
            rank: sql<number>`0`.as('rank'),
          })
          .from(s)
          .where(and(matching, sql`${total} > ${countLimit}`))
          .orderBy(
            ...order({ id: s.jobId, isFeaturedJob: s.isFeaturedJob, postedOn: s.postedOn, distance: distance ?? sql`null`, rank: sql`0` }),
          )
          .limit(p('limit', request.limit))
          .offset(p('offset', offset));
      }
      const walk = db
        .select({ id: s.jobId, isFeaturedJob: s.isFeaturedJob, postedOn: s.postedOn, distance: rowDistance })
        .from(s)
        .where(and(...where, sql`${total} > ${countLimit}`))
        .orderBy(...newest({ id: s.jobId, isFeaturedJob: s.isFeaturedJob, postedOn: s.postedOn }))
        .as('walk');
      const w = alias(jobSearchRows, 'word_rows');
      const walked = db
        .select({
          id: walk.id,
          isFeaturedJob: walk.isFeaturedJob,
          postedOn: walk.postedOn,
          distance: walk.distance,
          ...(tsQuery ? { rank: sql<number>`ts_rank_cd(${w.searchVector}, ${tsQuery})`.as('rank') } : { rank: sql<number>`0`.as('rank') }),
        })
        .from(walk);
      const found = (tsQuery ? walked.innerJoin(w, and(eq(w.jobId, walk.id), sql`${w.searchVector} @@ ${tsQuery}`)) : walked)
        .orderBy(...newest(walk))
        .limit(byRelevance ? p('window', window) : p('limit', request.limit))
        .offset(byRelevance ? 0 : p('offset', offset));
      if (!byRelevance) return found;
      // Ranking reads each candidate's search vector: only the newest `rankWindow` (featured first).
      const candidates = found.as('candidates');
      return db
        .select({ ...fieldsOf(candidates), rank: candidates.rank })
        .from(candidates)
        .orderBy(...order({ ...fieldsOf(candidates), rank: candidates.rank }))
        .limit(p('limit', request.limit))
        .offset(p('offset', offset));
    })();

    // One half finds nothing (its condition on the count is false, checked once before it runs).
    const page = db
      .$with('page', {
        id: s.jobId,
        isFeaturedJob: s.isFeaturedJob,
        postedOn: s.postedOn,
        distance: sql<number | null>`distance`.as('distance'),
        rank: sql<number>`rank`.as('rank'),
      })
      .as(sql`(${few}) union all (${many})`);
    // The page's few jobs, in full, in the page's order.
    const query = db
      .with(matches, counted, page)
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
        totalCount: sql<number>`${counted.total}`.mapWith(Number),
      })
      // From the count, so that a page past the end still answers how many jobs there are.
      .from(counted)
      .leftJoin(page, sql`true`)
      .leftJoin(jobs, eq(jobs.id, page.id))
      .leftJoin(recruiterCompanies, eq(recruiterCompanies.id, jobs.recruiterId))
      .orderBy(...order({ ...fieldsOf(page), rank: page.rank }));
    return query;
  };
  // The limits are placeholders too, whatever the shape.
  Object.assign(values, { limit: request.limit, offset, window });
  return { shape, values, build, place };
};

type SearchStatement = ReturnType<ReturnType<typeof searchQuery>['build']>;
type PreparedSearch = ReturnType<SearchStatement['prepare']>;
/** Each database's searches, prepared once per shape: building the SQL text costs milliseconds of CPU, more than most searches take on the database. */
const prepared = new WeakMap<object, Map<string, PreparedSearch>>();

const preparedSearch = (db: Executor, shape: string, build: () => SearchStatement) => {
  const shapes = prepared.get(db) ?? new Map<string, PreparedSearch>();
  prepared.set(db, shapes);
  let statement = shapes.get(shape);
  if (!statement) {
    // Unnamed: PostgreSQL plans each search for its own values (a plan for any values would not know how common a word is).
    statement = build().prepare(undefined as unknown as string);
    shapes.set(shape, statement);
  }
  return statement;
};

/** The public job search: a page of open jobs, the total (up to `countLimit`), and the place searched around. */
export const searchOpenJobs = async (db: Executor, gazetteer: Gazetteer, request: JobSearch) => {
  const { shape, values, build, place } = searchQuery(db, gazetteer, request);
  const rows = await preparedSearch(db, shape, build).execute(values);
  const counted = rows[0]?.totalCount ?? 0;
  const results = rows.filter((row) => row._id !== null).map(({ totalCount: _t, ...row }) => row);
  const capped = counted > countLimit;
  return {
    ...pageOf(results, capped ? countLimit : counted, request),
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
