import { salaryRanges } from '@app/contract/lookups';
import { type JobSearch, jobSearchAnswer } from '@app/contract/resources/job-board/job';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serialiseAnswer, WrittenAnswer } from '../../engine/answer-output';
import { badRequest } from '../../engine/errors';
import { pageOf } from '../../engine/list-query';
import type { FileStore } from '../../services/files';
import { earthRadius, type Gazetteer } from '../../services/gazetteer';
import { answeredCompanyCard } from './search-cards';
import type { IndexQuery } from './search-index';
import type { SearchIndexSync } from './search-index-sync';

/** The words searched for: letters and digits only (no query syntax), lower case, at most eight. */
export const searchWords = (search: string) =>
  search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

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
 * Each word as the job's search vectors hold it: stemmed by PostgreSQL's English configuration
 * (`managers` is `manag`), or null for a word it never indexes ("the"). Asked of the database once
 * per word a process meets; the answer never changes.
 */
const stems = new Map<string, string[] | null>();
const stemsOf = async (db: Db, words: string[]) => {
  const unknown = words.filter((word) => !stems.has(word));
  if (unknown.length) {
    const result = await db.execute(
      sql`select "word", to_tsquery('english', "word" || ':*')::text as "query" from jsonb_array_elements_text(${JSON.stringify(unknown)}::jsonb) as "word"`,
    );
    if (stems.size > 50_000) stems.clear();
    for (const row of (result as unknown as { rows: { word: string; query: string }[] }).rows) {
      const lexemes = [...row.query.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] as string).replaceAll("''", "'"));
      stems.set(row.word, lexemes.length ? lexemes : null);
    }
  }
  return words.map((word) => stems.get(word) ?? null);
};

/** What the answer says besides its results, checked against the call's output schema as every answer is. */
const answerHead = jobSearchAnswer.omit({ results: true });

/**
 * The public job search: a page of open jobs, the total (up to `countLimit`), and the place searched
 * around. Found in the process's search index (brought up to date first) and ranked there; the
 * page is written from the result cards kept beside it.
 */
export const searchOpenJobs = async (input: {
  db: Db;
  gazetteer: Gazetteer;
  index: SearchIndexSync;
  files: FileStore;
  request: JobSearch;
}) => {
  const { db, gazetteer, request } = input;
  if (request.sort === 'distance' && !request.location) {
    throw badRequest(sortByDistanceNeedsPlace, [{ field: 'sort', message: sortByDistanceNeedsPlace }]);
  }
  let place: ReturnType<Gazetteer['resolve']>;
  let near: IndexQuery['place'];
  if (request.location) {
    place = gazetteer.resolve(request.location.place);
    if (!place) {
      throw badRequest('We could not find that place. Try a town, city or postcode.', [
        { field: 'location.place', message: 'We could not find that place. Try a town, city or postcode.' },
      ]);
    }
    const { latitude, longitude } = place;
    const { radius, unit } = request.location;
    // A box around the point first, then the great-circle distance.
    const dLat = (radius / earthRadius[unit]) * (180 / Math.PI);
    near = {
      latitude,
      longitude,
      radius,
      dLat,
      dLon: dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01),
      earthRadius: earthRadius[unit],
    };
  }
  const words = searchWords(request.search);
  const [stemmed, { index, companyCards }] = await Promise.all([words.length ? stemsOf(db, words) : [], input.index.current()]);
  const lexemes = stemmed.flatMap((s) => s ?? []);

  const f = request.filter;
  const salary = f.salaryRange ? salaryRangeOf(f.salaryRange) : undefined;
  const offset = (request.page - 1) * request.limit;
  const now = Date.now();
  // Without words, by relevance means nearest first around a place, else newest first.
  const order: IndexQuery['order'] =
    request.sort === 'relevance' && words.length ? 'relevance' : request.sort === 'date' || !near ? 'date' : 'distance';
  const { total, hits } = index.search({
    words: lexemes,
    noWordMatches: words.length > 0 && lexemes.length === 0,
    place: near,
    jobTypes: f.jobTypes,
    workModel: f.workModel,
    experience: f.experience,
    industries: f.industries,
    salary: salary ? { min: salary.min, max: salary.max } : undefined,
    postedSince: f.postedWithinDays ? now - f.postedWithinDays * 86_400_000 : undefined,
    recruiterId: f.recruiterId,
    order,
    offset,
    limit: request.limit,
    window: Math.max(rankWindow, offset + request.limit),
    countLimit,
    now,
  });
  const companies = new Map<string, string | null>();
  const companyOf = (id: string) => {
    if (!companies.has(id)) {
      const card = companyCards.get(id);
      companies.set(id, card ? answeredCompanyCard(card, input.files) : null);
    }
    return companies.get(id);
  };
  // Each result is its card's bytes as the index keeps them, with the company and the search's figures added.
  const results: [string, Buffer, string][] = [];
  for (const hit of hits) {
    const company = companyOf(hit.recruiterId);
    if (hit.card.length < 2 || !company) continue;
    const distance = hit.distance === null ? null : Math.round(hit.distance * 10) / 10;
    results.push([
      results.length ? ',{' : '{',
      hit.card.subarray(1, -1),
      `,"company":${company},"relevance":${hit.relevance},"distance":${distance}}`,
    ]);
  }
  const capped = total > countLimit;
  const { results: _, ...page } = pageOf(results, capped ? countLimit : total, request);
  const head = serialiseAnswer({
    call: 'searchJobs',
    output: answerHead,
    data: {
      ...page,
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
    },
    files: input.files,
  });
  return new WrittenAnswer(['{"results":[', ...results.flat(), `],${JSON.stringify(head).slice(1)}`]);
};
