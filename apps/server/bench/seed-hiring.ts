/**
 * The hiring scenario's data (issue 29 point 9): 6 organisations made through the product's own calls,
 * each with its default pipeline and 13 stage rows (`POST /hiring-pipeline/get-default`); the first,
 * the measured one, with a role holding every hiring permission at scope ALL and 10 staff holding
 * it. Then, straight in SQL (generate_series and `unnest` of batches, shaped as the product writes
 * them): clients, candidates, CRM jobs and their applications, ids growing with the creation time.
 *
 * The measured organisation: 200 clients, 100,000 candidates, 20,000 jobs and 1,000,000
 * applications. Eleven of its jobs hold 2,000 applications each (ten for the board, one whose first
 * 500 the multi-move moves); the rest, 2 to 97 each. The 5 others: 30 clients, 10,000 candidates,
 * 2,000 jobs and 40,000 applications each. An application's stage follows a recruiting funnel (a
 * quarter on the long list, a sixth rejected, a few hired) and its history holds 1 to 4 moves: where
 * it started (APPLIED from the board, LONG_LIST otherwise), up to two stages on the way, the one it
 * is at.
 *
 * Seeding takes a few minutes, so the data stays in the database `bench_hiring` between runs and is
 * reseeded only when its shape differs (or BENCH_HIRING_RESEED=1, which drops the database first).
 */
import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { type StageType, stageTypes } from '@app/contract/resources/hiring/pipeline';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { superAdmin } from './seed';
import { cities, firstNames, jobTitles, lastNames } from './seed-candidates';
import { random } from './seed-jobs';

export type SeededHiring = {
  /** Signed in as a staff member whose role has every hiring permission with scope ALL. */
  token: string;
  organisationId: string;
  /** The ten jobs of 2,000 applications the board is measured on. */
  boardJobIds: string[];
  /** The job whose first 500 applications (by id) the multi-move moves. */
  moveJobId: string;
  /** The measured organisation's stage rows by type. */
  stageIds: Record<StageType, string>;
  clientIds: string[];
  jobs: number;
  applications: number;
  reused: boolean;
};

const organisationCount = 6;
const password = 'Bench-staff-secret-1';
const measured = { clients: 200, candidates: 100_000, jobs: 20_000, applications: 1_000_000 };
const other = { clients: 30, candidates: 10_000, jobs: 2_000, applications: 40_000 };
export const bigJobApplications = 2_000;
export const boardJobCount = 10;
/** Where the seeded timeline ends: every run seeds the same ids. */
const now = Date.parse('2026-11-01T00:00:00Z');
const day = 24 * 3600 * 1000;

const keyOf = (n: number) => `hire${String(n).padStart(2, '0')}`;
const nameOf = (n: number) => `Bench ${keyOf(n)} Ltd`;
const readerEmail = `desk@${keyOf(0)}.example.com`;

type Envelope<T> = { data: T };
const call = async <T>(app: FastifyInstance, url: string, body: unknown, token?: string): Promise<T> => {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode !== 200) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as Envelope<T>).data;
};
const signIn = async (app: FastifyInstance, email: string, secret = password) =>
  (await call<{ token: string }>(app, '/api/auth/login', { email, password: secret })).token;

/** An id as the product makes them: the creation second, then a number unique across the seed. */
const idAt = (at: number, n: number) =>
  Math.floor(at / 1000)
    .toString(16)
    .padStart(8, '0') + n.toString(16).padStart(16, '0');

/** Where each table's id numbers start, so no two seeded rows of any table share an id. */
const idBase = { client: 0x1_0000_0000, job: 0x2_0000_0000, application: 0x3_0000_0000 };

/** The features a hiring desk works with: the role holds each at FULL, scope ALL. */
const deskFeatures = ['Candidate', 'Client', 'Job', 'Job Application', 'Hiring Pipeline'];

/** The organisations, their admins and default pipelines; in the first the hiring desk role and its 10 staff. */
const seedOrganisations = async (app: FastifyInstance) => {
  const rootToken = await signIn(app, superAdmin.email, superAdmin.password);
  const features = await call<{ results: { _id: string; title: string }[] }>(
    app,
    `/api${crmFeature.calls.list!.path}`,
    { limit: 'ALL' },
    rootToken,
  );
  const permissionIds: string[] = [];
  for (const title of deskFeatures) {
    const feature = features.results.find((f) => f.title === title);
    if (!feature) throw new Error(`No ${title} feature in the catalogue`);
    const permissions = await call<{ results: { _id: string; conditions: { scope: string } }[] }>(
      app,
      `/api${crmPermission.calls.list!.path}`,
      { limit: 'ALL', filter: { featureId: feature._id, access_level: 'FULL' } },
      rootToken,
    );
    const all = permissions.results.find((p) => p.conditions.scope === 'ALL');
    if (!all) throw new Error(`No ${title} FULL/ALL permission in the catalogue`);
    permissionIds.push(all._id);
  }
  for (let n = 0; n < organisationCount; n++) {
    const key = keyOf(n);
    await call(
      app,
      '/api/organisation/',
      {
        name: nameOf(n),
        email: `office@${key}.example.com`,
        phoneNumber: '+44 20 7946 0000',
        adminUser: {
          email: `admin@${key}.example.com`,
          phone: '+44 20 7946 0001',
          passwordHash: password,
          name: { first: 'Ada', last: key },
        },
      },
      rootToken,
    );
    const adminToken = await signIn(app, `admin@${key}.example.com`);
    await call(app, '/api/hiring-pipeline/get-default', {}, adminToken);
    if (n !== 0) continue;
    const role = await call<{ _id: string }>(
      app,
      `/api${crmRole.calls.create!.path}`,
      { title: 'Hiring desk', value: 'hiring-desk', permissions: permissionIds },
      adminToken,
    );
    for (let s = 0; s < 10; s++) {
      await call(
        app,
        '/api/organisation/staff/',
        {
          name: { first: firstNames[s]!, last: 'Recruiter' },
          email: s === 0 ? readerEmail : `recruiter${s}@${key}.example.com`,
          phone: `+44 7700 90${String(2000 + s)}`,
          password,
          roleIds: [role._id],
        },
        adminToken,
      );
    }
  }
};

type Org = {
  id: string;
  staff: { id: string; name: string }[];
  pipelineId: string;
  stages: Record<StageType, string>;
};

const orgOf = async (client: pg.Client, n: number): Promise<Org> => {
  const [org] = (await client.query<{ id: string }>('select id from organisations where name = $1', [nameOf(n)])).rows;
  if (!org) throw new Error(`No organisation ${nameOf(n)}`);
  const staff = (
    await client.query<{ id: string; name: string }>(
      `select id, coalesce(name->>'fullName', email) as name from users where organisation_id = $1 and user_type = 'CRM_USER' and not is_deleted order by created_at, id`,
      [org.id],
    )
  ).rows;
  const [pipeline] = (
    await client.query<{ id: string }>(
      'select id from hiring_pipelines where organisation_id = $1 and system_default_pipeline and not is_deleted',
      [org.id],
    )
  ).rows;
  if (!pipeline) throw new Error(`${nameOf(n)} has no default pipeline`);
  const items = (
    await client.query<{ id: string; stage_type: StageType }>(
      'select id, stage_type from hiring_pipeline_items where pipeline_id = $1 and not is_deleted order by order_no',
      [pipeline.id],
    )
  ).rows;
  const stages = Object.fromEntries(items.map((item) => [item.stage_type, item.id])) as Record<StageType, string>;
  if (stageTypes.some((type) => !stages[type])) throw new Error(`${nameOf(n)}'s default pipeline lacks a stage`);
  return { id: org.id, staff, pipelineId: pipeline.id, stages };
};

const companyWords = ['Northgate', 'Riverside', 'Castle', 'Pennine', 'Harbour', 'Oakwood', 'Meridian', 'Summit', 'Thames', 'Clyde'];
const companyKinds = ['Care', 'Health', 'Logistics', 'Engineering', 'Foods', 'Retail', 'Digital', 'Build', 'Energy', 'Finance'];
const levels = ['', '', 'Senior ', 'Junior ', 'Lead ', 'Trainee '];

/** Per-job application counts between `low` and `high` summing to `total` exactly, drawn with a fixed seed. */
const countsSumming = (jobs: number, total: number, low: number, high: number, seed: number) => {
  const next = random(seed);
  const counts = Array.from({ length: jobs }, () => low + Math.floor(next() * (high - low + 1)));
  let diff = total - counts.reduce((sum, c) => sum + c, 0);
  for (let j = 0; diff !== 0; j = (j + 1) % jobs) {
    const c = counts[j]!;
    if (diff > 0 && c < high) {
      counts[j] = c + 1;
      diff -= 1;
    } else if (diff < 0 && c > low) {
      counts[j] = c - 1;
      diff += 1;
    }
  }
  return counts;
};

/** Where an application is now: a recruiting funnel (percent). */
const funnel: [StageType, number][] = [
  ['APPLIED', 12],
  ['LONG_LIST', 25],
  ['SHORT_LIST', 14],
  ['OUTBOUND', 4],
  ['SCREENING', 8],
  ['SUBMITTED', 6],
  ['INTERVIEWING', 6],
  ['ON_HOLD', 2],
  ['SELECTED', 2],
  ['OFFERED', 1.5],
  ['DID_NOT_JOIN', 0.5],
  ['HIRED', 2],
  ['REJECTED', 17],
];
/** The stages an application passes on its way, by how far it has gone. */
const onTheWay: StageType[] = ['SHORT_LIST', 'SCREENING', 'SUBMITTED', 'INTERVIEWING', 'SELECTED', 'OFFERED'];
const progress: Partial<Record<StageType, number>> = {
  SHORT_LIST: 1,
  OUTBOUND: 1,
  SCREENING: 2,
  SUBMITTED: 3,
  INTERVIEWING: 4,
  ON_HOLD: 4,
  SELECTED: 5,
  OFFERED: 6,
  HIRED: 7,
  DID_NOT_JOIN: 7,
};
const remarksOf: Partial<Record<StageType, string>> = {
  LONG_LIST: 'Added to the long list',
  APPLIED: 'Applied on the job board',
  REJECTED: 'Not the right fit for this role',
  SCREENING: 'Phone screen booked',
  INTERVIEWING: 'First interview with the client',
  OFFERED: 'Offer sent',
  HIRED: 'Accepted the offer',
};

type Job = { id: string; at: number; clientId: string; ownerId: string; count: number; status: string };

const insertCandidates = async (client: pg.Client, org: Org, count: number, numberFrom: number) => {
  // Candidate g of the organisation: numbered CAN-g, created over three years, older first.
  await client.query(
    `with people as (
       select g, timestamptz '2026-11-01' - (1 - g::float8 / $3) * interval '1095 days' as at, hashint8(g + $4)::bigint as h
       from generate_series(1, $3::bigint) as g
     ), named as (
       select *, ($5::text[])[1 + abs(h) % array_length($5::text[], 1)] as first, ($6::text[])[1 + abs(h / 97) % array_length($6::text[], 1)] as last,
              ($7::text[])[1 + abs(h / 23) % array_length($7::text[], 1)] as town, ($8::text[])[1 + abs(h / 31) % array_length($8::text[], 1)] as owner
       from people
     )
     insert into candidates (id, item_id, organisation_id, owner_id, created_by, updated_by, created_at, updated_at, name, email, phone,
                             address, status, email_normalised, phone_normalised, city)
     select lpad(to_hex(extract(epoch from at)::bigint), 8, '0') || lpad(to_hex(g + $4), 16, '0'),
            jsonb_build_object('prefix', 'CAN', 'number', g, 'combined', 'CAN-' || g), $1, owner,
            $2::jsonb, $2::jsonb, at, at,
            jsonb_build_object('first', first, 'last', last, 'fullName', first || ' ' || last),
            lower(first) || '.' || lower(last) || (abs(h / 13) % 1000)::text || '@example.net',
            '+44 7' || lpad((abs(h / 19) % 1000000000)::text, 9, '0'),
            jsonb_build_object('city', initcap(town), 'country', 'United Kingdom'),
            case when abs(h / 29) % 5 = 0 then 'INACTIVE' else 'ACTIVE' end,
            lower(first) || '.' || lower(last) || (abs(h / 13) % 1000)::text || '@example.net',
            '7' || lpad((abs(h / 19) % 1000000000)::text, 9, '0'),
            town
     from named`,
    [
      org.id,
      JSON.stringify({ _id: org.staff[0]!.id, name: org.staff[0]!.name }),
      count,
      numberFrom,
      firstNames,
      lastNames,
      cities,
      org.staff.map((s) => s.id),
    ],
  );
  return (
    await client.query<{ id: string }>(`select id from candidates where organisation_id = $1 order by (item_id->>'number')::int`, [org.id])
  ).rows.map((row) => row.id);
};

const insertClients = async (client: pg.Client, org: Org, count: number, orgIndex: number) => {
  const ids: string[] = [];
  const names: string[] = [];
  const ats: string[] = [];
  for (let c = 0; c < count; c++) {
    const at = now - 1200 * day + c * day;
    ids.push(idAt(at, idBase.client + orgIndex * 100_000 + c));
    names.push(
      `${companyWords[c % companyWords.length]} ${companyKinds[Math.floor(c / companyWords.length) % companyKinds.length]} ${c + 1} Ltd`,
    );
    ats.push(new Date(at).toISOString());
  }
  await client.query(
    `insert into clients (id, item_id, organisation_id, owner_id, created_by, updated_by, created_at, updated_at, name, email, status)
     select id, jsonb_build_object('prefix', 'CLI', 'number', n, 'combined', 'CLI-' || n), $1, $2, $3::jsonb, $3::jsonb, at::timestamptz, at::timestamptz,
            name, 'jobs@' || lower(regexp_replace(name, '[^A-Za-z0-9]+', '', 'g')) || '.example.com', 'ACTIVE'
     from unnest($4::text[], $5::text[], $6::text[]) with ordinality as t(id, name, at, n)`,
    [org.id, org.staff[0]!.id, JSON.stringify({ _id: org.staff[0]!.id, name: org.staff[0]!.name }), ids, names, ats],
  );
  return ids;
};

const jobStatusOf = (r: number) => (r < 0.1 ? 'DRAFT' : r < 0.55 ? 'PUBLISHED' : r < 0.9 ? 'CLOSED' : 'ARCHIVED');

/** The jobs, oldest first (JOB-1 the oldest); the first `big` of them (the newest of all, published) hold 2,000 applications. */
const insertJobs = async (client: pg.Client, org: Org, input: { counts: number[]; big: number; clientIds: string[]; orgIndex: number }) => {
  const next = random(7_001 + input.orgIndex);
  const total = input.counts.length + input.big;
  const jobs: Job[] = [];
  const rows = { id: [] as string[], title: [] as string[], slug: [] as string[], at: [] as string[], client: [] as string[] };
  const more = { owner: [] as string[], status: [] as string[], town: [] as string[], count: [] as number[] };
  for (let j = 0; j < total; j++) {
    const isBig = j >= input.counts.length;
    // Spread over the last three years; the big ones are the last few days' newest.
    const at = isBig ? now - (total - j) * 3600 * 1000 : now - 1095 * day + Math.floor((j / input.counts.length) * 1090 * day);
    const title = `${levels[Math.floor(next() * levels.length)]}${jobTitles[Math.floor(next() * jobTitles.length)]}`;
    const town = cities[Math.floor(next() * cities.length)]!;
    const job: Job = {
      id: idAt(at, idBase.job + input.orgIndex * 100_000 + j),
      at,
      clientId: input.clientIds[Math.floor(next() * input.clientIds.length)]!,
      ownerId: org.staff[Math.floor(next() * org.staff.length)]!.id,
      count: isBig ? bigJobApplications : input.counts[j]!,
      status: isBig ? 'PUBLISHED' : jobStatusOf(next()),
    };
    jobs.push(job);
    const fullTitle = `${title} – ${town.replace(/^./, (c) => c.toUpperCase())}`;
    rows.id.push(job.id);
    rows.title.push(fullTitle);
    rows.slug.push(`${fullTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${j + 1}`);
    rows.at.push(new Date(at).toISOString());
    rows.client.push(job.clientId);
    more.owner.push(job.ownerId);
    more.status.push(job.status);
    more.town.push(town);
    more.count.push(job.count);
  }
  await client.query(
    `insert into crm_jobs (id, item_id, organisation_id, owner_id, created_by, updated_by, created_at, updated_at, client_id, title, slug,
                           content, address, job_types, work_model, status, posted_on, pipeline_id, applicant_count)
     select id, jsonb_build_object('prefix', 'JOB', 'number', n, 'combined', 'JOB-' || n), $1, owner,
            jsonb_build_object('_id', owner, 'name', 'Recruiter'), jsonb_build_object('_id', owner, 'name', 'Recruiter'),
            at::timestamptz, at::timestamptz, client, title, slug,
            '<p>' || title || ': a permanent role with one of our clients.</p>',
            jsonb_build_object('city', initcap(town), 'country', 'United Kingdom'), '[1]'::jsonb, 'ON_SITE', status,
            case when status <> 'DRAFT' then at::timestamptz + interval '1 day' end, $2, count
     from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[])
          with ordinality as t(id, title, slug, at, client, owner, status, town, count, n)`,
    [org.id, org.pipelineId, rows.id, rows.title, rows.slug, rows.at, rows.client, more.owner, more.status, more.town, more.count],
  );
  return jobs;
};

/** Every job's applications, in batches sent as arrays (`unnest`): at most 40,000 rows a statement. */
const insertApplications = async (client: pg.Client, org: Org, input: { jobs: Job[]; candidateIds: string[]; orgIndex: number }) => {
  const next = random(9_001 + input.orgIndex);
  const weights = funnel.map(([, w]) => w);
  const sum = weights.reduce((a, b) => a + b, 0);
  const stageOf = (): StageType => {
    let r = next() * sum;
    for (const [type, w] of funnel) {
      r -= w;
      if (r < 0) return type;
    }
    return 'LONG_LIST';
  };
  const batch = () => ({
    id: [] as string[],
    number: [] as number[],
    owner: [] as string[],
    at: [] as string[],
    candidate: [] as string[],
    job: [] as string[],
    client: [] as string[],
    stage: [] as string[],
    history: [] as string[],
    source: [] as string[],
    entered: [] as string[],
  });
  let rows = batch();
  const flush = async () => {
    if (rows.id.length === 0) return;
    await client.query(
      `insert into crm_job_applications (id, item_id, organisation_id, owner_id, created_by, updated_by, created_at, updated_at, candidate_id, job_id,
                                         client_id, pipeline_id, pipeline_current_stage, pipeline_stage_history, source, stage_entered_at)
       select id, jsonb_build_object('prefix', 'APP', 'number', n, 'combined', 'APP-' || n), $1, owner,
              jsonb_build_object('_id', owner, 'name', 'Recruiter'), jsonb_build_object('_id', owner, 'name', 'Recruiter'),
              at::timestamptz, entered::timestamptz, candidate, job, client, $2, stage, history::jsonb, source, entered::timestamptz
       from unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
            as t(id, n, owner, at, candidate, job, client, stage, history, source, entered)`,
      [
        org.id,
        org.pipelineId,
        rows.id,
        rows.number,
        rows.owner,
        rows.at,
        rows.candidate,
        rows.job,
        rows.client,
        rows.stage,
        rows.history,
        rows.source,
        rows.entered,
      ],
    );
    rows = batch();
  };
  const people = input.candidateIds.length;
  let number = 0;
  for (const [j, job] of input.jobs.entries()) {
    const span = Math.min(120 * day, now - job.at);
    for (let i = 0; i < job.count; i++) {
      number += 1;
      const at = job.at + Math.floor(((i + next()) / job.count) * span);
      const stage = stageOf();
      const fromBoard = stage === 'APPLIED' || (stage !== 'LONG_LIST' && next() < 0.3);
      const start: StageType = fromBoard ? 'APPLIED' : 'LONG_LIST';
      const reached = stage === 'REJECTED' ? Math.floor(next() * 6) : (progress[stage] ?? 0);
      const between = onTheWay.slice(Math.max(0, reached - 1 - Math.floor(next() * 3)), Math.max(0, reached - 1));
      const path = stage === start ? [start] : [start, ...between.filter((s) => s !== stage), stage];
      const mover = org.staff[Math.floor(next() * org.staff.length)]!;
      const until = Math.min(now, at + 60 * day);
      const history = path.map((type, step) => ({
        movedBy: { _id: mover.id, name: mover.name },
        stage: org.stages[type],
        movedAt: new Date(at + Math.floor((step / Math.max(1, path.length - 1)) * (until - at))).toISOString(),
        remarks: remarksOf[type] ?? null,
      }));
      rows.id.push(idAt(at, idBase.application + input.orgIndex * 10_000_000 + number));
      rows.number.push(number);
      rows.owner.push(job.ownerId);
      rows.at.push(new Date(at).toISOString());
      // Distinct within a job: j·7919 + i·104729 modulo the candidates repeats only after `people` steps.
      rows.candidate.push(input.candidateIds[(j * 7919 + i * 104_729) % people]!);
      rows.job.push(job.id);
      rows.client.push(job.clientId);
      rows.stage.push(org.stages[stage]);
      rows.history.push(JSON.stringify(history));
      rows.source.push(fromBoard ? 'BOARD' : next() < 0.15 ? 'REFERRAL' : next() < 0.1 ? 'IMPORT' : 'MANUAL');
      rows.entered.push(history[history.length - 1]!.movedAt);
      if (rows.id.length >= 40_000) await flush();
    }
  }
  await flush();
  return number;
};

/** What the seeded database holds, to tell whether it can be reused. */
const shapeOf = async (client: pg.Client) => {
  const [row] = (
    await client.query<{ organisations: number; jobs: number; applications: number; big: number }>(
      `select (select count(*)::int from organisations where name like 'Bench hire% Ltd') as organisations,
              (select count(*)::int from crm_jobs j join organisations o on o.id = j.organisation_id and o.name = $1) as jobs,
              (select count(*)::int from crm_job_applications a join organisations o on o.id = a.organisation_id and o.name = $1) as applications,
              (select count(*)::int from crm_jobs j join organisations o on o.id = j.organisation_id and o.name = $1 where j.applicant_count = $2) as big`,
      [nameOf(0), bigJobApplications],
    )
  ).rows;
  return row ?? { organisations: 0, jobs: 0, applications: 0, big: 0 };
};

const answer = async (app: FastifyInstance, client: pg.Client, reused: boolean): Promise<SeededHiring> => {
  const org = await orgOf(client, 0);
  const big = (
    await client.query<{ id: string }>('select id from crm_jobs where organisation_id = $1 and applicant_count = $2 order by id', [
      org.id,
      bigJobApplications,
    ])
  ).rows.map((row) => row.id);
  const clientIds = (
    await client.query<{ id: string }>('select id from clients where organisation_id = $1 order by id', [org.id])
  ).rows.map((row) => row.id);
  return {
    token: await signIn(app, readerEmail),
    organisationId: org.id,
    boardJobIds: big.slice(0, boardJobCount),
    moveJobId: big[boardJobCount]!,
    stageIds: org.stages,
    clientIds,
    jobs: measured.jobs,
    applications: measured.applications,
    reused,
  };
};

/** Seeds (or reuses) the hiring data; `databaseUrl` is the database the app was built on. */
export const seedHiring = async (app: FastifyInstance, databaseUrl: string): Promise<SeededHiring> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const before = await shapeOf(client);
    if (
      before.organisations === organisationCount &&
      before.jobs === measured.jobs &&
      before.applications === measured.applications &&
      before.big === boardJobCount + 1
    ) {
      return await answer(app, client, true);
    }
    if (before.organisations > 0) throw new Error('The database bench_hiring is half seeded: run with BENCH_HIRING_RESEED=1');
    await seedOrganisations(app);
    for (let n = 0; n < organisationCount; n++) {
      const size = n === 0 ? measured : other;
      const org = await orgOf(client, n);
      const started = Date.now();
      const clientIds = await insertClients(client, org, size.clients, n);
      const candidateIds = await insertCandidates(client, org, size.candidates, n * 1_000_000);
      const big = n === 0 ? boardJobCount + 1 : 0;
      const counts = countsSumming(size.jobs - big, size.applications - big * bigJobApplications, 2, n === 0 ? 97 : 39, 5_003 + n);
      const jobs = await insertJobs(client, org, { counts, big, clientIds, orgIndex: n });
      const applications = await insertApplications(client, org, { jobs, candidateIds, orgIndex: n });
      // The counters the next record's number comes from, as the product keeps them.
      await client.query(
        `insert into item_counters (scope, entity, value) values ($1, 'Client', $2), ($1, 'Candidate', $3), ($1, 'CrmJob', $4), ($1, 'CrmJobApplication', $5)
         on conflict (scope, entity) do update set value = excluded.value`,
        [org.id, size.clients, size.candidates, jobs.length, applications],
      );
      console.log(
        `  ${nameOf(n)}: ${size.clients} clients, ${size.candidates} candidates, ${jobs.length} jobs, ${applications} applications in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    for (const table of ['clients', 'candidates', 'crm_jobs', 'crm_job_applications']) await client.query(`vacuum analyze ${table}`);
    return await answer(app, client, false);
  } finally {
    await client.end();
  }
};
