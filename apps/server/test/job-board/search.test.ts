import zlib from 'node:zlib';
import { adminUpdateRecruiter } from '@app/contract/resources/content/admin-board';
import { applyForJob } from '@app/contract/resources/job-board/application';
import { findJobs, job, jobBySlug, searchJobs } from '@app/contract/resources/job-board/job';
import { industryOptions, skill } from '@app/contract/resources/job-board/lookups';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countLimit, rankWindow } from '../../src/areas/jobs/search';
import { jobSearchCard } from '../../src/areas/jobs/search-cards';
import { wordsOfVector } from '../../src/areas/jobs/search-index';
import { jobs } from '../../src/db/schema/job-board';
import { createGazetteer, distanceBetween } from '../../src/services/gazetteer';
import { postcodeAreaTowns } from '../../src/services/postcode-areas';
import { aCompany, aFeaturedJob, aJob, type BoardWorld, backdateJob, daysFromNow, type Job, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

/** A word no other job has, so each suite searches only its own jobs. */
const tag = () => unique('qz');

const search = async (input: Record<string, unknown>, token?: string) => {
  const { status, body } = await call(t.app, searchJobs, input, token);
  expect(status, `${body.message} ${JSON.stringify(body.data)}`).toBe(200);
  return body.data as {
    results: (Job & { distance: number | null; relevance: number })[];
    totalResults: number;
    totalPages: number;
    page: number;
    resultsInCurrentPage: number;
    fromTo: { from: number; to: number };
    totalResultsCapped: boolean;
    location?: Record<string, unknown>;
  };
};
const ids = (data: { results: { _id: string }[] }) => data.results.map((r) => r._id);

const at = (city: string, postCode: string) => ({ address: { city, postCode, country: 'United Kingdom' } });

describe('words: ranked over title, content, skills and company name', () => {
  const word = tag();
  const skillWord = tag();
  let inTitle: Job;
  let inContent: Job;
  let withSkill: Job;
  let withoutSkill: Job;
  beforeAll(async () => {
    inTitle = await aJob(t.app, w.company.token, { title: `${word} Developer`, content: '<p>Build things with us.</p>' });
    // Newer, and content-only: relevance must still put the title match first.
    inContent = await aJob(t.app, w.otherCompany.token, {
      title: 'Warehouse Operative',
      content: `<p>Great for a budding ${word} developer.</p>`,
    });
    const [kubernetes] = (await call(t.app, skill.calls.list!, { search: 'Kubernetes' })).body.data.results;
    withSkill = await aJob(t.app, w.company.token, { title: `Platform Engineer ${skillWord}`, skills: [{ skillId: kubernetes._id }] });
    withoutSkill = await aJob(t.app, w.company.token, { title: `Platform Engineer ${skillWord}` });
  });

  it('a title match outranks a content-only match, newer or not', async () => {
    const found = await search({ search: word });
    expect(ids(found)).toEqual([inTitle._id, inContent._id]);
    expect(found.results[0]!.relevance).toBeGreaterThan(found.results[1]!.relevance);
    expect(ids(await search({ search: `${word} developer` }))).toEqual([inTitle._id, inContent._id]);
    // By date instead, the newer one comes first.
    expect(ids(await search({ search: word, sort: 'date' }))).toEqual([inContent._id, inTitle._id]);
  });

  it('every word must match, in any order, any case, and a word’s start is enough', async () => {
    expect(ids(await search({ search: `DEVELOPER ${word.toUpperCase()}` }))).toEqual([inTitle._id, inContent._id]);
    expect(ids(await search({ search: `${word} develop` }))).toEqual([inTitle._id, inContent._id]);
    expect(ids(await search({ search: `${word} plumber` }))).toEqual([]);
    // Query syntax is only text: nothing but letters and digits reaches the query.
    expect(ids(await search({ search: `${word} & | ! :* ' ( ) <-> \\` }))).toEqual([inTitle._id, inContent._id]);
    expect(ids(await search({ search: `${word}:*` }))).toEqual([inTitle._id, inContent._id]);
  });

  it('goes out compressed to a browser that asks, as the same JSON (non-ASCII cards included)', async () => {
    const own = tag();
    const accented = await aJob(t.app, w.company.token, { title: `${own} Café Manager — Zürich £` });
    const payload = { search: own, sort: 'date' };
    const plain = await t.app.inject({ method: 'POST', url: '/api/recruiter/job/list', payload });
    const brotli = await t.app.inject({ method: 'POST', url: '/api/recruiter/job/list', payload, headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotli.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString());
    expect(answer).toEqual(plain.json());
    expect(answer.data.results).toMatchObject([{ _id: accented._id, title: `${own} Café Manager — Zürich £` }]);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
  });

  it('finds a job by a skill’s name and by its company’s name', async () => {
    expect(ids(await search({ search: `${skillWord} kubernetes` }))).toEqual([withSkill._id]);
    const byCompany = await search({ search: `${w.otherCompany.name} ${word}` });
    expect(ids(byCompany)).toEqual([inContent._id]);
    expect(byCompany.results[0]).toMatchObject({
      companyName: w.otherCompany.name,
      company: { _id: w.otherCompany.id, slug: w.otherCompany.slug },
    });
    expect(withoutSkill._id).not.toBe(withSkill._id);
  });
});

describe('place or postcode with a radius', () => {
  const word = tag();
  let leeds: Job;
  let manchester: Job;
  let london: Job;
  let nowhere: Job;
  beforeAll(async () => {
    leeds = await aJob(t.app, w.company.token, { title: `${word} Leeds`, ...at('Leeds', 'LS1 4AP') });
    manchester = await aJob(t.app, w.company.token, { title: `${word} Manchester`, ...at('Manchester', 'M1 1AE') });
    london = await aJob(t.app, w.otherCompany.token, { title: `${word} London`, ...at('London', 'EC1A 1BB') });
    nowhere = await aJob(t.app, w.otherCompany.token, { title: `${word} Remote`, address: null, workModel: 'REMOTE' });
  });

  it('a Leeds job is within 10 miles of "LS1" and of "Leeds", not of Manchester, but within 50 miles of it', async () => {
    for (const place of ['LS1', 'Leeds', 'leeds, UK', 'LS1 4AP', 'ls2 7ha']) {
      expect(ids(await search({ search: word, location: { place, radius: 10 } })), place).toEqual([leeds._id]);
    }
    expect(ids(await search({ search: word, location: { place: 'Manchester', radius: 10 } }))).toEqual([manchester._id]);
    const wide = await search({ search: word, location: { place: 'Manchester', radius: 50 } });
    expect(ids(wide).sort()).toEqual([leeds._id, manchester._id].sort());
    expect(ids(wide)).not.toContain(london._id);
    expect(ids(wide)).not.toContain(nowhere._id);
    expect(ids(await search({ search: word }))).toHaveLength(4);
  });

  it('the radius is in miles unless km are asked for', async () => {
    // Leeds is about 36 miles (57 km) from Manchester.
    const miles = await search({ search: word, location: { place: 'Manchester', radius: 40 } });
    expect(ids(miles).sort()).toEqual([leeds._id, manchester._id].sort());
    expect(miles.results.find((r) => r._id === leeds._id)!.distance).toBeCloseTo(35.7, 0);
    expect(miles.location).toMatchObject({ label: 'Manchester', radius: 40, unit: 'mi' });
    const km = await search({ search: word, location: { place: 'Manchester', radius: 40, unit: 'km' } });
    expect(ids(km)).toEqual([manchester._id]);
    const moreKm = await search({ search: word, location: { place: 'Manchester', radius: 60, unit: 'km' } });
    expect(moreKm.results.find((r) => r._id === leeds._id)!.distance).toBeCloseTo(57.4, 0);
  });

  it('without words, the nearest come first', async () => {
    const near = await search({ location: { place: 'M1', radius: 250 }, limit: 50 });
    const mine = ids(near).filter((id) => [leeds._id, manchester._id, london._id].includes(id));
    expect(mine).toEqual([manchester._id, leeds._id, london._id]);
    const distances = near.results.map((r) => r.distance as number);
    const unfeatured = near.results.filter((r) => !r.isFeaturedJob).map((r) => r.distance as number);
    expect(unfeatured).toEqual([...unfeatured].sort((a, b) => a - b));
    expect(distances.every((d) => d <= 250)).toBe(true);
  });

  it('with words, nearest first when asked for; sorting by distance without a place is a 400', async () => {
    // By relevance, the title match comes first wherever it is; by distance, the nearest does.
    const close = await aJob(t.app, w.company.token, { title: `${word} Manchester courier`, ...at('Manchester', 'M1 1AE') });
    const relevant = await aJob(t.app, w.company.token, { title: `${word} ${word} London`, ...at('London', 'EC1A 1BB') });
    const nearest = await search({ search: word, location: { place: 'Manchester', radius: 250 }, sort: 'distance', limit: 50 });
    const mine = ids(nearest).filter((id) => [close._id, relevant._id, leeds._id].includes(id));
    expect(mine[0]).toBe(close._id);
    expect(mine.indexOf(leeds._id)).toBeLessThan(mine.indexOf(relevant._id));
    const unfeatured = nearest.results.filter((r) => !r.isFeaturedJob).map((r) => r.distance as number);
    expect(unfeatured).toEqual([...unfeatured].sort((a, b) => a - b));

    const { status, body } = await call(t.app, searchJobs, { search: word, sort: 'distance' });
    expect(status).toBe(400);
    expect(body.message).toBe('Enter a place or postcode to sort by distance.');
    expect(body.data.errors).toEqual([{ field: 'sort', message: 'Enter a place or postcode to sort by distance.' }]);
  });

  it('an unknown place is a 400 with a message for a person', async () => {
    const { status, body } = await call(t.app, searchJobs, { location: { place: 'Atlantis', radius: 10 } });
    expect(status).toBe(400);
    expect(body.message).toBe('We could not find that place. Try a town, city or postcode.');
    const empty = await call(t.app, searchJobs, { location: { place: ' ', radius: 10 } });
    expect(empty.body.message).toBe('Please enter a place or postcode');
    expect((await call(t.app, searchJobs, { location: { place: 'Leeds', unit: 'yards' } })).status).toBe(400);
  });

  it('postcodes and towns that share their name with smaller places resolve to the town people mean', async () => {
    const blackburn = await aJob(t.app, w.company.token, { title: `${word} Blackburn`, ...at('Blackburn', 'BB1 1AA') });
    const newport = await aJob(t.app, w.company.token, { title: `${word} Newport`, ...at('Newport', 'NP20 1AA') });
    // Blackburn is about 9 miles from Preston; Newport about 11 from Cardiff.
    expect(ids(await search({ search: word, location: { place: 'Preston', radius: 15 } }))).toEqual([blackburn._id]);
    expect(ids(await search({ search: word, location: { place: 'Cardiff', radius: 15 } }))).toEqual([newport._id]);
    expect(ids(await search({ search: word, location: { place: 'Newport', radius: 5 } }))).toEqual([newport._id]);
  });
});

describe('a company an admin switches off', () => {
  it('takes its jobs off the board (search, details, slug, page, apply) until switched on again', async () => {
    const company = await aCompany(t.app);
    const word = tag();
    const posted = await aJob(t.app, company.token, { title: `${word} Picker` });
    expect(ids(await search({ search: word }))).toEqual([posted._id]);
    const off = await call(t.app, adminUpdateRecruiter, { _id: company.id, status: 'INACTIVE' }, w.platformAdmin.token);
    expect(off.status, off.body.message).toBe(200);
    expect(ids(await search({ search: word }))).toEqual([]);
    expect((await call(t.app, job.calls.details!, { _id: posted._id }, w.seeker.token)).status).toBe(404);
    expect((await call(t.app, jobBySlug, { slug: posted.slug })).status).toBe(404);
    expect((await call(t.app, applyForJob, { jobId: posted._id }, w.seeker.token)).status).toBe(404);
    // The company still sees its own job.
    expect((await call(t.app, job.calls.details!, { _id: posted._id }, company.token)).status).toBe(200);
    await call(t.app, adminUpdateRecruiter, { _id: company.id, status: 'ACTIVE' }, w.platformAdmin.token);
    expect(ids(await search({ search: word }))).toEqual([posted._id]);
  });
});

describe('the gazetteer', () => {
  const gazetteer = createGazetteer();
  const near = (query: string, latitude: number, longitude: number, miles = 10) => {
    const place = gazetteer.resolve(query);
    expect(place, query).toBeDefined();
    expect(distanceBetween(place!, { latitude, longitude }, 'mi'), query).toBeLessThan(miles);
  };

  it('resolves every postcode area, district and full postcode offline', () => {
    for (const area of Object.keys(postcodeAreaTowns)) {
      expect(gazetteer.resolve(`${area}1`)?.kind, area).toBe('postcode');
      expect(gazetteer.resolve(`${area}1 1AA`)?.kind, area).toBe('postcode');
    }
    expect(gazetteer.resolve('LS')?.label).toMatch(/Leeds/);
  });

  it('places London districts where they are, not at the centre of London', () => {
    near('SW19', 51.421, -0.206, 1); // Wimbledon
    near('SW19 5AE', 51.421, -0.206, 1);
    near('E17', 51.586, -0.022, 1); // Walthamstow
    near('SW1A 1AA', 51.5, -0.14, 1); // Westminster
    near('W1D 3QU', 51.514, -0.13, 1.5); // Soho, in W1
    expect(gazetteer.resolve('SW19')?.label).toBe('SW19 (Wimbledon)');
    // Wimbledon and Walthamstow are about 13 miles apart: a 5-mile search from one misses the other.
    expect(distanceBetween(gazetteer.resolve('SW19')!, gazetteer.resolve('E17')!, 'mi')).toBeGreaterThan(10);
    expect(gazetteer.resolve('SW')?.label).toMatch(/London/);
  });

  it('picks the town a postcode area is named after where GeoNames has several of that name', () => {
    near('BB2', 53.75, -2.48); // Blackburn, Lancashire (not Aberdeenshire)
    near('ME1', 51.39, 0.51); // Rochester, Kent (not Northumberland)
    near('NP20', 51.59, -3.0); // Newport, Wales
    near('SM1', 51.36, -0.19); // Sutton, London
    near('Blackburn', 53.75, -2.48);
    near('Newport', 51.59, -3.0);
  });

  it('knows the names people use for places GeoNames lists by a longer one', () => {
    near('Hull', 53.74, -0.33);
    near('Newcastle', 54.97, -1.61);
    near('Newcastle upon Tyne', 54.97, -1.61);
  });
});

describe('filters', () => {
  const word = tag();
  let f1: Job;
  let f2: Job;
  let f3: Job;
  let i1: string;
  let i2: string;
  beforeAll(async () => {
    const industries = (await call(t.app, industryOptions, {})).body.data as { _id: string }[];
    i1 = industries[0]!._id;
    i2 = industries[1]!._id;
    f1 = await aJob(t.app, w.company.token, {
      title: `${word} One`,
      jobTypes: [1],
      workModel: 'ON_SITE',
      industries: [i1],
      salaries: [{ min: 25_000, max: 28_000, duration: 'YEAR' }],
      experience: '1-2',
    });
    f2 = await aJob(t.app, w.company.token, {
      title: `${word} Two`,
      jobTypes: [2],
      workModel: 'HYBRID',
      industries: [i2],
      salaries: [{ min: 15, duration: 'HOUR' }],
      experience: '3-5',
    });
    f3 = await aJob(t.app, w.otherCompany.token, {
      title: `${word} Three`,
      jobTypes: [3],
      workModel: 'REMOTE',
      industries: [i1, i2],
      salaries: [{ min: 45_000, max: 55_000, duration: 'YEAR' }],
      experience: '5-10',
    });
    await backdateJob(t.app, f3._id, 40);
  });

  const filtered = async (filter: Record<string, unknown>) => ids(await search({ search: word, filter })).sort();
  const sorted = (...jobs: Job[]) => jobs.map((j) => j._id).sort();

  it('job type: any of', async () => {
    expect(await filtered({ jobTypes: [1] })).toEqual(sorted(f1));
    expect(await filtered({ jobTypes: [2, 3] })).toEqual(sorted(f2, f3));
    expect(await filtered({ jobTypes: [8] })).toEqual([]);
  });

  it('work model', async () => {
    expect(await filtered({ workModel: ['REMOTE'] })).toEqual(sorted(f3));
    expect(await filtered({ workModel: ['ON_SITE', 'HYBRID'] })).toEqual(sorted(f1, f2));
  });

  it('industry: any of', async () => {
    expect(await filtered({ industries: [i2] })).toEqual(sorted(f2, f3));
    expect(await filtered({ industries: [i1] })).toEqual(sorted(f1, f3));
  });

  it('salary range, comparing hourly pay by the year', async () => {
    // £15 an hour is about £29,250 a year.
    expect(await filtered({ salaryRange: '20000-30000' })).toEqual(sorted(f1, f2));
    expect(await filtered({ salaryRange: '40000-50000' })).toEqual(sorted(f3));
    expect(await filtered({ salaryRange: '100000+' })).toEqual([]);
  });

  it('experience', async () => {
    expect(await filtered({ experience: ['3-5'] })).toEqual(sorted(f2));
    expect(await filtered({ experience: ['1-2', '5-10'] })).toEqual(sorted(f1, f3));
  });

  it('posted within N days', async () => {
    expect(await filtered({ postedWithinDays: 30 })).toEqual(sorted(f1, f2));
    expect(await filtered({ postedWithinDays: 60 })).toEqual(sorted(f1, f2, f3));
  });

  it('company, and filters together', async () => {
    expect(await filtered({ recruiterId: w.otherCompany.id })).toEqual(sorted(f3));
    expect(await filtered({ jobTypes: [1, 2], workModel: ['HYBRID'] })).toEqual(sorted(f2));
    expect(await filtered({ workModel: ['REMOTE'], salaryRange: '20000-30000' })).toEqual([]);
  });

  it('refuses unknown filters and values', async () => {
    for (const filter of [
      { colour: 'red' },
      { salaryRange: '1-2' },
      { workModel: 'REMOTE' },
      { postedWithinDays: 0 },
      { industries: ['x'] },
    ]) {
      expect((await call(t.app, searchJobs, { filter })).status, JSON.stringify(filter)).toBe(400);
    }
  });
});

describe('order and pages', () => {
  it('featured jobs come first, by relevance and by date', async () => {
    const word = tag();
    const featured = await aFeaturedJob(t.app, w.company.token, w.platformAdmin.token, {
      title: `Cleaner ${word}`,
      content: `<p>${word}</p>`,
    });
    const plainOlder = await aJob(t.app, w.company.token, { title: `${word} ${word} Cleaner` });
    const plainNewer = await aJob(t.app, w.company.token, { title: `${word} Cleaner` });
    expect(ids(await search({ search: word, sort: 'date' }))).toEqual([featured._id, plainNewer._id, plainOlder._id]);
    expect(ids(await search({ search: word }))[0]).toBe(featured._id);
  });

  it('pages through the results with the list conventions', async () => {
    const word = tag();
    const made: Job[] = [];
    for (let i = 0; i < 5; i++) made.push(await aJob(t.app, w.company.token, { title: `${word} Picker ${i}` }));
    const newestFirst = made.map((j) => j._id).reverse();
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await search({ search: word, sort: 'date', limit: 2, page }));
    expect(pages.map((p) => ids(p))).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    expect(pages[0]).toMatchObject({ totalResults: 5, totalPages: 3, page: 1, resultsInCurrentPage: 2, fromTo: { from: 1, to: 2 } });
    expect(pages[2]).toMatchObject({ totalResults: 5, totalPages: 3, page: 3, resultsInCurrentPage: 1, fromTo: { from: 5, to: 5 } });
    const past = await search({ search: word, limit: 2, page: 4 });
    expect(past).toMatchObject({ results: [], totalResults: 5, totalPages: 3, page: 4, fromTo: { from: 0, to: 0 } });
    const none = await search({ search: tag() });
    expect(none).toMatchObject({ results: [], totalResults: 0, totalPages: 0, fromTo: { from: 0, to: 0 } });
    expect((await call(t.app, searchJobs, { limit: 51 })).body.message).toBe('limit must be at most 50');
    expect((await call(t.app, searchJobs, { page: 0 })).body.message).toBe('page must be at least 1');
    expect((await call(t.app, searchJobs, { sort: 'salary' })).status).toBe(400);
  });
});

describe('only published jobs inside their application window', () => {
  const word = tag();
  let visible: Job[];
  let hidden: Job[];
  beforeAll(async () => {
    const company = w.company.token;
    visible = [
      await aJob(t.app, company, { title: `${word} open` }),
      await aJob(t.app, company, {
        title: `${word} open window`,
        applicationStartDate: daysFromNow(-3),
        applicationEndDate: daysFromNow(3),
      }),
    ];
    const closed = await aJob(t.app, company, { title: `${word} closed` });
    await call(t.app, job.calls.setStatus!, { _id: closed._id, status: 'CLOSED' }, company);
    const archived = await aJob(t.app, company, { title: `${word} archived` });
    await call(t.app, job.calls.setStatus!, { _id: archived._id, status: 'ARCHIVED' }, company);
    hidden = [
      await aJob(t.app, company, { title: `${word} draft`, status: 'DRAFT' }),
      closed,
      archived,
      await aJob(t.app, company, { title: `${word} not yet`, applicationStartDate: daysFromNow(2) }),
      await aJob(t.app, company, { title: `${word} ended`, applicationStartDate: daysFromNow(-30), applicationEndDate: daysFromNow(-1) }),
    ];
  });

  it('never shows drafts, closed or archived jobs, or jobs before or after their window', async () => {
    for (const token of [undefined, w.seeker.token, w.company.token, w.platformAdmin.token]) {
      expect(ids(await search({ search: word }, token)).sort()).toEqual(visible.map((j) => j._id).sort());
    }
    const all = await search({ limit: 50, location: { place: 'Leeds', radius: 5 } });
    for (const h of hidden) expect(ids(all)).not.toContain(h._id);
    expect(hidden).toHaveLength(5);
  });

  it('a job leaves the board when it is closed, and comes back when published again', async () => {
    const [first] = visible;
    await call(t.app, job.calls.setStatus!, { _id: first!._id, status: 'CLOSED' }, w.company.token);
    expect(ids(await search({ search: word }))).not.toContain(first!._id);
    await call(t.app, job.calls.setStatus!, { _id: first!._id, status: 'PUBLISHED' }, w.company.token);
    expect(ids(await search({ search: word }))).toContain(first!._id);
  });

  it('/recruiter/job/find is the same search as /list', async () => {
    for (const input of [
      { search: word },
      { search: word, sort: 'date', limit: 1, page: 2 },
      { location: { place: 'LS1', radius: 3 }, filter: { jobTypes: [1] } },
    ]) {
      const viaList = await call(t.app, searchJobs, input);
      const viaFind = await call(t.app, findJobs, input);
      expect(viaFind.status).toBe(200);
      expect(viaFind.body.data).toEqual(viaList.body.data);
    }
  });
});

/** `count` more published jobs like `template`, titled `title n`, written straight into the table as bulk imports are. */
const copiesOf = async (template: Job, count: number, title: string) => {
  await t.app.database.db.execute(sql`
    insert into ${jobs} (id, organisation_id, owner_id, created_by, updated_by, recruiter_id, company_name, title, slug, content,
      latitude, longitude, job_types, industries, work_model, status, posted_on, is_featured_job)
    select ${unique('copy')} || '-' || n, organisation_id, owner_id, created_by, updated_by, recruiter_id, company_name,
      ${title} || ' ' || n, slug || '-' || ${unique('')} || n, content, latitude, longitude, job_types, industries, work_model, status,
      posted_on - make_interval(mins => n), false
    from ${jobs}, generate_series(1, ${count}::int) n where id = ${template._id}`);
  // Written past the app, so the app's 30-second answers do not know.
  t.app.services.jobSearchCache.clear();
};

describe('many matches', () => {
  it(`counts up to ${countLimit} and then says there are more`, async () => {
    const word = tag();
    const first = await aJob(t.app, w.company.token, { title: `${word} Porter` });
    await copiesOf(first, countLimit - 1, `${word} Porter`);
    const exactly = await search({ search: word, limit: 10 });
    expect(exactly).toMatchObject({ totalResults: countLimit, totalResultsCapped: false, totalPages: countLimit / 10 });
    await copiesOf(first, 1, `${word} Porter extra`);
    const more = await search({ search: word, limit: 10 });
    expect(more).toMatchObject({ totalResults: countLimit, totalResultsCapped: true, resultsInCurrentPage: 10 });
    const byDate = await search({ search: word, sort: 'date', limit: 10 });
    expect(ids(byDate)[0]).toBe(first._id);
    // Closing jobs takes them off the search's table too: the count is exact again.
    await t.app.database.db.execute(sql`update ${jobs} set status = 'CLOSED' where title like ${`${word} Porter %`}`);
    t.app.services.jobSearchCache.clear();
    expect(await search({ search: word })).toMatchObject({ totalResults: 1, totalResultsCapped: false });
  });

  it(`ranks the newest ${rankWindow} matches by relevance, and any page asked for`, async () => {
    const word = tag();
    const inTitle = await aJob(t.app, w.company.token, { title: `${word} Cleaner`, content: '<p>Cleaning.</p>' });
    const contentOnly = await aJob(t.app, w.company.token, { title: 'Cleaner', content: `<p>${word}</p>` });
    await copiesOf(contentOnly, rankWindow - 2, 'Cleaner');
    // All within the window: the title match comes first although it is the oldest.
    expect(ids(await search({ search: word, limit: 1 }))).toEqual([inTitle._id]);
    const last = await search({ search: word, limit: 50, page: Math.ceil(rankWindow / 50) });
    expect(ids(last)).not.toContain(inTitle._id);
    expect(last.totalResults).toBe(rankWindow);
  });
});

describe('the search index keeps up with the database', () => {
  it('reads a job vector as PostgreSQL prints it: each word with its weight over every place it appears', () => {
    const words = wordsOfVector(`'develop':1A,7C 'leed':3B 'o''neil':4 'x\\\\y':5D`);
    expect([...words]).toEqual([
      ['develop', 12],
      ['leed', 4],
      ["o'neil", 1],
      ['x\\y', 1],
    ]);
  });

  // Two transactions at once need PostgreSQL; the embedded database has one connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a change still being written while a search looks is found by the first search after it is committed',
    async () => {
      const word = tag();
      const closing = await aJob(t.app, w.company.token, { title: `${word} Baker` });
      let commit = () => {};
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const writing = t.app.database.db.transaction(async (tx) => {
        await tx.execute(sql`update ${jobs} set status = 'CLOSED' where id = ${closing._id}`);
        await committed;
      });
      // Not yet committed: still on the board, and a job published meanwhile is found beside it.
      t.app.services.jobSearchCache.clear();
      expect(ids(await search({ search: word }))).toEqual([closing._id]);
      const published = await aJob(t.app, w.company.token, { title: `${word} Baker` });
      expect(ids(await search({ search: word, sort: 'date' }))).toEqual([published._id, closing._id]);
      commit();
      await writing;
      t.app.services.jobSearchCache.clear();
      expect(ids(await search({ search: word }))).toEqual([published._id]);
    },
  );

  it('a result card shows the job and its company as they are now, written past the app or not', async () => {
    const word = tag();
    const company = await aCompany(t.app);
    const made = await aJob(t.app, company.token, {
      title: `${word} Glazier`,
      skills: [{ skillId: (await call(t.app, skill.calls.list!, { search: 'Kubernetes' })).body.data.results[0]._id }],
    });
    const [first] = (await search({ search: word })).results;
    // Every field a card shows is the job's own, in the same form as the job's other answers.
    for (const key of Object.keys(jobSearchCard.shape)) expect(first?.[key], key).toEqual(made[key]);
    expect(first?.company).toEqual({ _id: company.id, name: company.name, slug: company.slug, profileImg: null, isVerified: false });

    const edited = await call(t.app, job.calls.update!, { _id: made._id, description: 'Now with a van', salaries: [] }, company.token);
    expect(edited.status).toBe(200);
    const logo = { _id: made._id, originalName: 'logo.png', blobName: 'logo-blob.png', mimeType: 'image/png', size: 10 };
    await t.app.database.db.execute(
      sql`update recruiter_companies set name = 'Renamed Glass', slug = ${`${company.slug}-glass`}, is_verified = true, profile_img = ${JSON.stringify(logo)}::jsonb where id = ${company.id}`,
    );
    t.app.services.jobSearchCache.clear();
    const [now] = (await search({ search: word })).results;
    expect(now).toMatchObject({ description: 'Now with a van', salaries: [] });
    expect(now?.company).toMatchObject({ name: 'Renamed Glass', slug: `${company.slug}-glass`, isVerified: true, profileImg: logo });
    // The logo's link is signed for this answer.
    expect(now?.company.profileImg.url).toMatch(/\/api\/file\/read\?name=logo-blob\.png&expires=\d+&signature=/);
  });

  it('a job written past the app with a card the output schema refuses is left out; every other job is still found', async () => {
    const word = tag();
    const good = await aJob(t.app, w.company.token, { title: `${word} Tiler` });
    const bad = await aJob(t.app, w.company.token, { title: `${word} Tiler` });
    await t.app.database.db.execute(sql`update jobs set experience = 'forever' where id = ${bad._id}`);
    t.app.services.jobSearchCache.clear();
    expect(ids(await search({ search: word }))).toEqual([good._id]);
    await t.app.database.db.execute(sql`update jobs set experience = '1-2' where id = ${bad._id}`);
    t.app.services.jobSearchCache.clear();
    expect(ids(await search({ search: word, sort: 'date' }))).toEqual([bad._id, good._id]);
  });

  it('a company switched off takes its jobs out of search, written past the app or not', async () => {
    const word = tag();
    const company = await aCompany(t.app);
    const made = await aJob(t.app, company.token, { title: `${word} Roofer` });
    expect(ids(await search({ search: word }))).toEqual([made._id]);
    await t.app.database.db.execute(sql`update recruiter_companies set status = 'INACTIVE' where id = ${company.id}`);
    t.app.services.jobSearchCache.clear();
    expect(ids(await search({ search: word }))).toEqual([]);
    await t.app.database.db.execute(sql`update recruiter_companies set status = 'ACTIVE' where id = ${company.id}`);
    t.app.services.jobSearchCache.clear();
    expect(ids(await search({ search: word }))).toEqual([made._id]);
  });
});
