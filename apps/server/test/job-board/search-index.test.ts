import { describe, expect, it } from 'vitest';
import { createSearchIndex, type IndexedJob, type IndexQuery } from '../../src/areas/jobs/search-index';
import { greatCircle } from '../../src/services/gazetteer';

const leeds = { latitude: 53.8, longitude: -1.55 };
const york = { latitude: 53.96, longitude: -1.08 };
const day = 86_400_000;
const now = Date.UTC(2026, 10, 1);

/** Job n: posted n hours before `now`, in Leeds when even and York when odd, a "welder" when n is a multiple of 3. */
const jobNumber = (n: number, words: string[] = n % 3 === 0 ? ['welder', 'leed'] : ['baker']): IndexedJob => ({
  jobId: `job-${String(n).padStart(5, '0')}`,
  recruiterId: n % 10 === 0 ? 'company-b' : 'company-a',
  isFeaturedJob: false,
  postedOn: now - n * 3_600_000,
  applicationStartDate: null,
  applicationEndDate: null,
  ...(n % 2 === 0 ? leeds : york),
  annualSalaryMin: 20_000 + (n % 5) * 10_000,
  annualSalaryMax: 30_000 + (n % 5) * 10_000,
  jobTypes: [1 + (n % 4)],
  industries: [],
  workModel: n % 2 === 0 ? 'HYBRID' : 'ON_SITE',
  experience: null,
  words: new Map(words.map((word, at) => [word, at === 0 ? 10 : 1])),
});

const query = (over: Partial<IndexQuery>): IndexQuery => ({
  words: [],
  noWordMatches: false,
  order: 'date',
  offset: 0,
  limit: 10,
  window: 200,
  countLimit: 1000,
  now,
  ...over,
});
const around = (place: { latitude: number; longitude: number }, radius: number) => {
  const dLat = (radius / 3958.8) * (180 / Math.PI);
  return { ...place, radius, earthRadius: 3958.8, dLat, dLon: dLat / Math.cos((place.latitude * Math.PI) / 180) };
};

const loadedWith = (count: number) => {
  const index = createSearchIndex();
  index.loadBatch(Array.from({ length: count }, (_, n) => jobNumber(n + 1)));
  index.loaded();
  return index;
};

describe('the search index', () => {
  it('finds by word prefix, place and filter, newest first, and counts up to the limit and one past it', () => {
    const index = loadedWith(3003);
    const welders = index.search(query({ words: ['weld'] }));
    expect(welders.total).toBe(1001);
    expect(welders.hits.map((h) => h.jobId)).toEqual([
      'job-00003',
      'job-00006',
      'job-00009',
      'job-00012',
      'job-00015',
      'job-00018',
      'job-00021',
      'job-00024',
      'job-00027',
      'job-00030',
    ]);
    const inYork = index.search(query({ words: ['weld'], place: around(york, 5), limit: 3 }));
    expect(inYork.total).toBe(501);
    expect(inYork.hits.map((h) => h.jobId)).toEqual(['job-00003', 'job-00009', 'job-00015']);
    expect(inYork.hits[0]?.distance).toBeCloseTo(0, 5);
    const hybridLeeds = index.search(query({ place: around(leeds, 5), workModel: ['HYBRID'], jobTypes: [3], limit: 2 }));
    expect(hybridLeeds.total).toBe(751);
    expect(hybridLeeds.hits.map((h) => h.jobId)).toEqual(['job-00002', 'job-00006']);
    expect(index.search(query({ place: around(leeds, 5), workModel: ['ON_SITE'] })).total).toBe(0);
    expect(index.search(query({ salary: { min: 65_000, max: 100_000 } })).total).toBe(600);
    expect(index.search(query({ postedSince: now - day })).total).toBe(24);
  });

  it('nearest first around a place, featured first', () => {
    const index = loadedWith(40);
    index.apply([{ jobId: 'job-00040', job: { ...jobNumber(40), isFeaturedJob: true } }]);
    const nearYork = index.search(query({ order: 'distance', place: around(york, 50), limit: 3 }));
    expect(nearYork.hits.map((h) => h.jobId)).toEqual(['job-00040', 'job-00001', 'job-00003']);
    expect(nearYork.hits[0]?.distance).toBeGreaterThan(15);
    expect(nearYork.hits[1]?.distance).toBeCloseTo(0, 5);
  });

  it('ranks the newest matches by the weight of the words, title first', () => {
    const index = loadedWith(30);
    index.apply([{ jobId: 'job-00029', job: jobNumber(29, ['other', 'welder']) }]);
    const ranked = index.search(query({ words: ['weld'], order: 'relevance', limit: 3 }));
    expect(ranked.hits.map((h) => [h.jobId, h.relevance])).toEqual([
      ['job-00003', 1],
      ['job-00006', 1],
      ['job-00009', 1],
    ]);
    const last = index.search(query({ words: ['weld'], order: 'relevance', offset: 10, limit: 1 }));
    expect(last.hits.map((h) => [h.jobId, h.relevance])).toEqual([['job-00029', 0.1]]);
  });

  it('takes in changes: a job gone, one changed, a company off and on again; thousands of edits later it still answers the same', () => {
    const index = loadedWith(3000);
    index.apply([
      { jobId: 'job-00003', job: null },
      { jobId: 'job-00006', job: jobNumber(6, ['baker']) },
      { jobId: 'job-00004', job: jobNumber(4, ['welder']) },
    ]);
    expect(index.search(query({ words: ['weld'], limit: 3 })).hits.map((h) => h.jobId)).toEqual(['job-00004', 'job-00009', 'job-00012']);
    index.setCompanyLive('company-b', false);
    expect(index.search(query({ words: ['weld'], limit: 2, offset: 8 })).hits.map((h) => h.jobId)).toEqual(['job-00033', 'job-00036']);
    index.setCompanyLive('company-b', true);
    expect(index.search(query({ words: ['weld'], limit: 2, offset: 8 })).hits.map((h) => h.jobId)).toEqual(['job-00030', 'job-00033']);
    const before = index.search(query({ words: ['weld'], place: around(leeds, 10), limit: 5 }));
    // Every job rewritten twice: the gone slots pass a quarter of all, and the index is rebuilt without them.
    for (let round = 0; round < 2; round++) {
      index.apply(
        Array.from({ length: 3000 }, (_, n) => n + 1)
          .filter((n) => n !== 3)
          .map((n) => ({
            jobId: jobNumber(n).jobId,
            job: n === 6 ? jobNumber(6, ['baker']) : n === 4 ? jobNumber(4, ['welder']) : jobNumber(n),
          })),
      );
    }
    expect(index.size()).toBe(2999);
    expect(index.search(query({ words: ['weld'], place: around(leeds, 10), limit: 5 }))).toEqual(before);
    expect(index.search(query({ words: ['weld'], limit: 3 })).hits.map((h) => h.jobId)).toEqual(['job-00004', 'job-00009', 'job-00012']);
  });

  it('answers each job’s card as it was last given, through edits and the reclaiming of replaced cards’ bytes', () => {
    // Cards of a few kilobytes, with characters of two and three bytes, so replaced ones pass the megabyte the index reclaims from.
    const cardOf = (n: number, edition: number) => JSON.stringify({ _id: n, edition, title: `Café £${n} — ${'x'.repeat(2000 + (n % 7))}` });
    const withCard = (n: number, edition: number) => ({ ...jobNumber(n), card: cardOf(n, edition) });
    const index = createSearchIndex();
    index.loadBatch(Array.from({ length: 300 }, (_, n) => withCard(n + 1, 0)));
    index.loaded();
    for (let edition = 1; edition <= 6; edition++) {
      index.apply(
        Array.from({ length: 300 }, (_, n) => n + 1)
          .filter((n) => n % edition === 0)
          .map((n) => ({ jobId: jobNumber(n).jobId, job: withCard(n, edition) })),
      );
    }
    const lastEdition = (n: number) => Math.max(...[0, 1, 2, 3, 4, 5, 6].filter((edition) => edition === 0 || n % edition === 0));
    const { hits } = index.search(query({ limit: 300 }));
    expect(hits).toHaveLength(300);
    for (const hit of hits) {
      const n = Number(hit.jobId.slice(4));
      expect(hit.card.toString()).toBe(cardOf(n, lastEdition(n)));
      expect(hit.recruiterId).toBe(jobNumber(n).recruiterId);
    }
  });

  it('answers as going through every job one by one would, across places, filters, orders, edits, companies and time', () => {
    // A fixed sequence of random numbers, so a failure can be run again.
    let seed = 20_261_127;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const towns = [leeds, york, { latitude: 51.5, longitude: -0.12 }];
    const vocabulary = ['weld', 'welder', 'welding', 'bake', 'baker', 'bakery', 'care', 'career', 'carer', 'nurse'];
    const jobs = new Map<string, IndexedJob>();
    const live = new Map([
      ['company-a', true],
      ['company-b', true],
      ['company-c', true],
    ]);
    const randomJob = (n: number): IndexedJob => {
      const town = pick(towns);
      const placed = random() < 0.95;
      const roll = random();
      return {
        jobId: `job-${String(n).padStart(5, '0')}`,
        recruiterId: pick([...live.keys()]),
        isFeaturedJob: random() < 0.1,
        postedOn: random() < 0.03 ? null : now - Math.floor(random() * 60 * day),
        applicationStartDate: roll < 0.1 ? now + Math.floor((random() - 0.3) * 4 * day) : null,
        applicationEndDate: roll > 0.9 ? now + Math.floor((random() - 0.7) * 4 * day) : null,
        latitude: placed ? town.latitude + (random() - 0.5) * 1.2 : null,
        longitude: placed ? town.longitude + (random() - 0.5) * 1.8 : null,
        annualSalaryMin: random() < 0.1 ? null : 20_000 + Math.floor(random() * 5) * 10_000,
        annualSalaryMax: random() < 0.1 ? null : 30_000 + Math.floor(random() * 5) * 10_000,
        jobTypes: random() < 0.2 ? [1, 2] : [1 + Math.floor(random() * 4)],
        industries: random() < 0.5 ? [] : [pick(['it', 'health', 'trades'])],
        workModel: random() < 0.1 ? null : pick(['HYBRID', 'ON_SITE', 'REMOTE']),
        experience: random() < 0.3 ? null : pick(['0-1', '1-2', '3-5']),
        words: new Map(Array.from({ length: 1 + Math.floor(random() * 3) }, () => [pick(vocabulary), 1 + Math.floor(random() * 10)])),
      };
    };

    // The answer worked out from every job, as the spec says it: each word a prefix of one of the job's
    // words, within the box and the radius, every filter, newest first (featured first), and so on.
    const expected = (q: IndexQuery) => {
      const place = q.place;
      const found = [...jobs.values()].flatMap((job) => {
        if (!live.get(job.recruiterId)) return [];
        if ((job.applicationStartDate ?? Number.NaN) > q.now || (job.applicationEndDate ?? Number.NaN) < q.now) return [];
        if (!q.words.every((word) => [...job.words.keys()].some((w) => w.startsWith(word)))) return [];
        if (q.workModel && !q.workModel.includes(job.workModel as string)) return [];
        if (q.experience && !q.experience.includes(job.experience as string)) return [];
        if (q.jobTypes && !job.jobTypes.some((type) => q.jobTypes?.includes(type))) return [];
        if (q.industries && !job.industries.some((industry) => q.industries?.includes(industry))) return [];
        if (q.salary && !((job.annualSalaryMax ?? Number.NaN) >= q.salary.min && (job.annualSalaryMin ?? Number.NaN) <= q.salary.max))
          return [];
        if (q.postedSince !== undefined && !((job.postedOn ?? Number.NaN) >= q.postedSince)) return [];
        if (q.recruiterId !== undefined && job.recruiterId !== q.recruiterId) return [];
        let distance: number | null = null;
        if (place) {
          if (job.latitude === null || job.longitude === null) return [];
          if (Math.abs(job.latitude - place.latitude) > place.dLat || Math.abs(job.longitude - place.longitude) > place.dLon) return [];
          distance = greatCircle(place, { latitude: job.latitude, longitude: job.longitude }, place.earthRadius);
          if (distance > place.radius) return [];
        }
        const score = q.words.reduce(
          (total, word) => total + [...job.words].reduce((sum, [w, weight]) => sum + (w.startsWith(word) ? weight : 0), 0),
          0,
        );
        return [{ job, distance, score }];
      });
      type Found = (typeof found)[number];
      const newer = (a: Found, b: Found) => {
        if (a.job.isFeaturedJob !== b.job.isFeaturedJob) return a.job.isFeaturedJob ? -1 : 1;
        const [pa, pb] = [a.job.postedOn ?? Number.POSITIVE_INFINITY, b.job.postedOn ?? Number.POSITIVE_INFINITY];
        if (pa !== pb) return pb - pa;
        return a.job.jobId > b.job.jobId ? -1 : 1;
      };
      found.sort(newer);
      let ordered = found;
      if (q.order === 'distance' && place) {
        ordered = [...found].sort(
          (a, b) =>
            Number(b.job.isFeaturedJob) - Number(a.job.isFeaturedJob) || (a.distance as number) - (b.distance as number) || newer(a, b),
        );
      } else if (q.order === 'relevance' && q.words.length) {
        ordered = found
          .slice(0, Math.max(q.window, q.offset + q.limit))
          .sort((a, b) => Number(b.job.isFeaturedJob) - Number(a.job.isFeaturedJob) || b.score - a.score || newer(a, b));
      }
      return { total: Math.min(found.length, q.countLimit + 1), ids: ordered.slice(q.offset, q.offset + q.limit).map((f) => f.job.jobId) };
    };

    const randomQuery = (): IndexQuery => {
      const words =
        random() < 0.3 ? [] : Array.from({ length: random() < 0.8 ? 1 : 2 }, () => pick(vocabulary).slice(0, 3 + Math.floor(random() * 4)));
      const place = random() < 0.85 ? around(pick(towns), pick([3, 5, 10, 20, 35, 50])) : undefined;
      return query({
        words,
        place,
        order: place && random() < 0.4 ? 'distance' : pick(['date', 'relevance'] as const),
        workModel: random() < 0.3 ? [pick(['HYBRID', 'ON_SITE', 'REMOTE'])] : undefined,
        experience: random() < 0.15 ? ['1-2', '3-5'] : undefined,
        jobTypes: random() < 0.2 ? [pick([1, 2, 3, 4])] : undefined,
        industries: random() < 0.15 ? [pick(['it', 'health'])] : undefined,
        salary: random() < 0.15 ? { min: 40_000, max: 50_000 } : undefined,
        postedSince: random() < 0.1 ? now - 10 * day : undefined,
        recruiterId: random() < 0.05 ? 'company-c' : undefined,
        offset: pick([0, 0, 10]),
        window: 50,
        countLimit: 100,
        // Time goes back and forth across windows opening and closing.
        now: now + Math.floor((random() - 0.5) * 4 * day),
      });
    };
    const answersAsExpected = (index: ReturnType<typeof createSearchIndex>) => {
      for (let n = 0; n < 400; n++) {
        const q = randomQuery();
        const answer = index.search(q);
        expect({ n, q, total: Math.min(answer.total, q.countLimit + 1), ids: answer.hits.map((hit) => hit.jobId) }).toEqual({
          n,
          q,
          ...expected(q),
        });
      }
    };

    const index = createSearchIndex();
    const loaded = Array.from({ length: 2500 }, (_, n) => randomJob(n));
    for (const job of loaded) jobs.set(job.jobId, job);
    index.loadBatch(loaded);
    index.loaded();
    answersAsExpected(index);

    // Jobs changed, gone and added after the load; a company down.
    const edit = (count: number, from: number) => {
      const changes = Array.from({ length: count }, (_, n) => {
        const roll = random();
        const job = roll < 0.3 ? randomJob(from + n) : randomJob(Math.floor(random() * from));
        if (roll > 0.85) {
          jobs.delete(job.jobId);
          return { jobId: job.jobId, job: null };
        }
        jobs.set(job.jobId, job);
        return { jobId: job.jobId, job };
      });
      index.apply(changes);
    };
    edit(600, 2500);
    live.set('company-b', false);
    index.setCompanyLive('company-b', false);
    answersAsExpected(index);

    // Enough edits for the index to be rebuilt without the gone slots, and the company back.
    for (let round = 0; round < 4; round++) edit(800, 3100 + round * 800);
    live.set('company-b', true);
    index.setCompanyLive('company-b', true);
    answersAsExpected(index);
  });
});
