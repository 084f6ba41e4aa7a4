import { describe, expect, it } from 'vitest';
import { createSearchIndex, type IndexedJob, type IndexQuery } from '../../src/areas/jobs/search-index';

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
      expect(hit.card).toBe(cardOf(n, lastEdition(n)));
      expect(hit.recruiterId).toBe(jobNumber(n).recruiterId);
    }
  });
});
