/**
 * The candidates scenario's data: 50 organisations made through the product's own calls (the first,
 * the measured one, with a staff member whose role reads every candidate), then 1,000,000 candidates
 * straight in SQL (generate_series), shaped as `POST /candidate/` writes them: item ids CAN-n per
 * organisation, the derived duplicate and filter columns, owners among the organisation's staff, ids
 * growing with the creation time as the product's do; a town with its postcode, three skills from
 * the platform's catalogue, and most with a current job title (some a desired one too), so the
 * database's trigger writes the keywords the search finds. The measured organisation holds
 * BENCH_CANDIDATES_BIG (100,000), the other 49 share the rest.
 *
 * Seeding a million rows takes minutes, so the data stays in the database `bench_candidates`
 * between runs and is reseeded only when its shape differs (or BENCH_CANDIDATES_RESEED=1).
 */
import { crmFeature, crmPermission, crmRole } from '@app/contract/resources/crm-access';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { superAdmin } from './seed';

export type SeededCandidates = {
  /** Signed in as a staff member whose role has Candidate READ with scope ALL. */
  token: string;
  organisationId: string;
  ownerIds: string[];
  skillIds: string[];
  total: number;
  inMeasured: number;
  organisations: number;
};

export const firstNames = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Noah',
  'Mia',
  'Jack',
  'Ivy',
  'Leo',
  'Lily',
  'Arthur',
  'Freya',
  'Muhammad',
  'Florence',
  'Oscar',
  'Grace',
  'Charlie',
  'Sophia',
  'Thomas',
  'Emily',
  'Henry',
  'Poppy',
  'Jacob',
  'Evie',
  'Alfie',
  'Ella',
  'Theo',
  'Rosie',
  'Finley',
  'Willow',
  'Archie',
  'Chloe',
  'Joshua',
  'Daisy',
  'Samuel',
  'Elsie',
  'Daniel',
  'Sienna',
  'Priya',
  'Aisha',
  'Wei',
  'Mateusz',
  'Olumide',
  'Siobhan',
  'Rhys',
  'Catriona',
  'Dmitri',
  'Fatima',
];
export const lastNames = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Wright',
  'Robinson',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Moore',
  'Clark',
  'King',
  'Harrison',
  'Lewis',
  'Baker',
  'Lee',
  'Allen',
  'Morris',
  'Khan',
  'Scott',
  'Watson',
  'Davis',
  'Parker',
  'James',
  'Bennett',
  'Young',
  'Phillips',
  'Richardson',
  'Mitchell',
  'Bailey',
  'Carter',
  'Cook',
  'Singh',
  'Shaw',
  'Bell',
  'Collins',
  'Morgan',
  'Kelly',
  'Begum',
  'Murphy',
  'Nowak',
  'Okafor',
  'Chen',
  'Kowalski',
  'Ahmed',
  'Fitzgerald',
  'Macdonald',
  'Campbell',
  'Stewart',
  'Reid',
  'Murray',
  'Quinn',
  'Doyle',
  'Byrne',
  'Lloyd',
  'Price',
  'Rees',
  'Owen',
  'Pritchard',
];
export const domains = [
  'gmail.com',
  'outlook.com',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'icloud.com',
  'btinternet.com',
  'proton.me',
  'live.co.uk',
];
export const skillLabels = [
  'Java',
  'Python',
  'TypeScript',
  'React',
  'SQL',
  'AWS',
  'Azure',
  'Kubernetes',
  'Excel',
  'Sage',
  'Xero',
  'Payroll',
  'Bookkeeping',
  'Forklift',
  'HGV Class 1',
  'CSCS',
  'Nursing',
  'Phlebotomy',
  'Care planning',
  'Safeguarding',
  'Customer service',
  'Sales',
  'Negotiation',
  'Recruitment',
  'Project management',
  'Prince2',
  'Agile',
  'Welding',
  'CNC',
  'AutoCAD',
  'Electrical',
  'Plumbing',
  'Teaching',
  'SEN',
  'Marketing',
  'SEO',
  'Copywriting',
  'Figma',
  'Data analysis',
  'Power BI',
];
export const cities = [
  'london',
  'leeds',
  'manchester',
  'birmingham',
  'bristol',
  'glasgow',
  'cardiff',
  'sheffield',
  'newcastle',
  'nottingham',
];
/** Each city's postcode area, in the same order: a candidate's postcode is the area, a district of 1 to 20, and a sector. */
export const postcodeAreas = ['N', 'LS', 'M', 'B', 'BS', 'G', 'CF', 'S', 'NE', 'NG'];
export const jobTitles = [
  'Staff Nurse',
  'Senior Staff Nurse',
  'Healthcare Assistant',
  'Senior Carer',
  'Care Assistant',
  'Project Manager',
  'Office Manager',
  'Operations Manager',
  'Software Developer',
  'Senior Software Engineer',
  'Frontend Developer',
  'Data Analyst',
  'Accountant',
  'Bookkeeper',
  'Payroll Administrator',
  'HGV Driver',
  'Forklift Driver',
  'Warehouse Operative',
  'Electrician',
  'Plumber',
  'Welder',
  'CNC Machinist',
  'Teacher',
  'Teaching Assistant',
  'SEN Teacher',
  'Marketing Executive',
  'Sales Executive',
  'Recruitment Consultant',
  'Customer Service Advisor',
  'Phlebotomist',
];

const organisationCount = 50;
const staffPerOrganisation = 12;
const password = 'Bench-staff-secret-1';

type Envelope<T> = { code: number; message: string; data: T };
const call = async <T>(app: FastifyInstance, method: 'POST' | 'GET', url: string, body: unknown, token?: string): Promise<T> => {
  const response = await app.inject({
    method,
    url,
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return (response.json() as Envelope<T>).data;
};
const signIn = async (app: FastifyInstance, email: string) =>
  (await call<{ token: string }>(app, 'POST', '/api/auth/login', { email, password })).token;

/** Rows of a statement (the benchmark seeds on PostgreSQL, whose driver answers `{ rows }`). */
const rowsOf = async <T>(app: FastifyInstance, query: SQL) => ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const keyOf = (n: number) => `cand${String(n).padStart(2, '0')}`;
const readerEmail = `reader@${keyOf(0)}.example.com`;

/** What the seeded database holds, to tell whether it can be reused. */
const shapeOf = async (app: FastifyInstance) => {
  const rows = await rowsOf<{ organisations: number; candidates: number; measured: number; titled: number }>(
    app,
    sql`
    select (select count(*)::int from organisations where name like 'Bench cand% Ltd') as organisations,
           (select count(*)::int from candidates) as candidates,
           (select count(*)::int from candidates c join organisations o on o.id = c.organisation_id and o.name = ${`Bench ${keyOf(0)} Ltd`}) as measured,
           (select count(*)::int from (select 1 from candidates where keywords like '%nurse%' limit 1) as one) as titled`,
  );
  return rows[0] ?? { organisations: 0, candidates: 0, measured: 0, titled: 0 };
};

const skillIdsOf = () => skillLabels.map((_, n) => (0xabc000000000 + n).toString(16).padStart(24, '0'));

const answer = async (app: FastifyInstance, input: { total: number; big: number }): Promise<SeededCandidates> => {
  const token = await signIn(app, readerEmail);
  const orgs = await rowsOf<{ id: string }>(app, sql`select id from organisations where name = ${`Bench ${keyOf(0)} Ltd`}`);
  const organisationId = orgs[0]!.id;
  const owners = await rowsOf<{ id: string }>(
    app,
    sql`select id from users where organisation_id = ${organisationId} and user_type = 'CRM_USER' order by id`,
  );
  return {
    token,
    organisationId,
    ownerIds: owners.map((o) => o.id),
    skillIds: skillIdsOf(),
    total: input.total,
    inMeasured: input.big,
    organisations: organisationCount,
  };
};

const sqlArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** The 50 organisations, their admins, and in the first a role reading every candidate with the staff holding it. */
const seedOrganisations = async (app: FastifyInstance) => {
  const rootToken = (await call<{ token: string }>(app, 'POST', '/api/auth/login', superAdmin)).token;
  const features = await call<{ results: { _id: string; title: string }[] }>(
    app,
    'POST',
    `/api${crmFeature.calls.list!.path}`,
    { limit: 'ALL', search: 'Candidate' },
    rootToken,
  );
  const feature = features.results.find((f) => f.title === 'Candidate');
  if (!feature) throw new Error('No Candidate feature in the catalogue');
  const permissions = await call<{ results: { _id: string; conditions: { scope: string } }[] }>(
    app,
    'POST',
    `/api${crmPermission.calls.list!.path}`,
    { limit: 'ALL', filter: { featureId: feature._id, access_level: 'READ' } },
    rootToken,
  );
  const readAll = permissions.results.find((p) => p.conditions.scope === 'ALL');
  if (!readAll) throw new Error('No Candidate READ/ALL permission in the catalogue');

  for (let n = 0; n < organisationCount; n++) {
    const key = keyOf(n);
    await call(
      app,
      'POST',
      '/api/organisation/',
      {
        name: `Bench ${key} Ltd`,
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
    if (n === 0) {
      const adminToken = await signIn(app, `admin@${key}.example.com`);
      const role = await call<{ _id: string }>(
        app,
        'POST',
        `/api${crmRole.calls.create!.path}`,
        { title: 'Candidate reader', value: 'candidate-reader', permissions: [readAll._id] },
        adminToken,
      );
      for (let s = 0; s < staffPerOrganisation - 1; s++) {
        await call<{ _id: string }>(
          app,
          'POST',
          '/api/organisation/staff/',
          {
            name: { first: firstNames[s]!, last: 'Recruiter' },
            email: s === 0 ? readerEmail : `recruiter${s}@${key}.example.com`,
            phone: `+44 7700 90${String(1000 + s)}`,
            password,
            roleIds: [role._id],
          },
          adminToken,
        );
      }
    }
  }
};

export const seedCandidates = async (app: FastifyInstance, input: { total: number; big: number; reseed: boolean }) => {
  const before = await shapeOf(app);
  const reusable = before.organisations === organisationCount && before.candidates === input.total && before.measured === input.big;
  // Seeded before candidates had job titles, towns, postcodes and labelled skills: made anew.
  if (!input.reseed && reusable && before.titled === 1) {
    return { ...(await answer(app, input)), reused: true };
  }
  if (before.organisations !== organisationCount) {
    if (before.organisations > 0) throw new Error('The database bench_candidates is half seeded: run with BENCH_CANDIDATES_RESEED=1');
    await seedOrganisations(app);
  }
  // A different number of candidates asked for: the organisations stay, the candidates are made anew.
  await app.database.db.execute(sql`truncate candidates`);
  const organisationIds: string[] = [];
  const staffIds: string[][] = [];
  for (let n = 0; n < organisationCount; n++) {
    const [org] = await rowsOf<{ id: string }>(app, sql`select id from organisations where name = ${`Bench ${keyOf(n)} Ltd`}`);
    const staff = await rowsOf<{ id: string }>(
      app,
      sql`select id from users where organisation_id = ${org!.id} and user_type = 'CRM_USER' order by created_at, id`,
    );
    organisationIds.push(org!.id);
    staffIds.push(staff.map((row) => row.id));
  }
  const { db } = app.database;
  const skillIds = skillIdsOf();
  // The skills the candidates hold, as the platform's catalogue has them: the keyword search finds their labels there.
  await db.execute(sql`
    insert into skills (id, label, value)
    select id, label, lower(label) || ' (bench)' from unnest(${sqlArray(skillIds)}::text[], ${sqlArray(skillLabels)}::text[]) as s(id, label)
    on conflict (id) do nothing`);
  const rest = input.total - input.big;
  const perOther = Math.floor(rest / (organisationCount - 1));
  // Candidate g (1..total) belongs to organisation 0 when g <= big, else to one of the others in
  // turn; its number within the organisation is its rank there. Creation times spread over three
  // years, older first, and the id starts with the creation second as the product's ids do.
  await db.execute(sql`
    with params as (
      select ${sqlArray(organisationIds)}::text[] as orgs,
             ${sqlArray(staffIds.map((ids) => ids.join(',')))}::text[] as owners,
             ${sqlArray(firstNames)}::text[] as firsts,
             ${sqlArray(lastNames)}::text[] as lasts,
             ${sqlArray(domains)}::text[] as domains,
             ${sqlArray(skillIds)}::text[] as skill_ids,
             ${sqlArray(skillLabels)}::text[] as skill_labels,
             ${sqlArray(cities)}::text[] as cities,
             ${sqlArray(postcodeAreas)}::text[] as areas,
             ${sqlArray(jobTitles)}::text[] as titles
    ),
    numbered as (
      select g,
             case when g <= ${input.big} then 0 else 1 + ((g - ${input.big} - 1) % ${organisationCount - 1}) end as org,
             case when g <= ${input.big} then g else 1 + (g - ${input.big} - 1) / ${organisationCount - 1} end as number,
             case when g <= ${input.big} then g::float8 / ${input.big} else ((g - ${input.big} - 1) / ${organisationCount - 1})::float8 / ${Math.max(1, perOther)} end as age,
             hashint8(g)::bigint as h
      from generate_series(1, ${input.total}::bigint) as g
    ),
    people as (
      select n.*, p.*,
             timestamptz '2026-11-01' - (1 - n.age) * interval '1095 days' as at,
             p.firsts[1 + (abs(n.h) % array_length(p.firsts, 1))] as first,
             p.lasts[1 + (abs(n.h / 97) % array_length(p.lasts, 1))] as last,
             string_to_array(p.owners[n.org + 1], ',') as org_owners,
             1 + abs(n.h / 9973) % array_length(p.skill_ids, 1) as s1,
             1 + abs(n.h / 7919) % array_length(p.skill_ids, 1) as s2,
             1 + abs(n.h / 104729) % array_length(p.skill_ids, 1) as s3,
             1 + abs(n.h / 23) % array_length(p.cities, 1) as town,
             1 + abs(n.h / 211) % array_length(p.titles, 1) as t1,
             1 + abs(n.h / 223) % array_length(p.titles, 1) as t2
      from numbered n cross join params p
    )
    insert into candidates (
      id, item_id, organisation_id, owner_id, team_id, created_by, updated_by, created_at, updated_at, is_deleted,
      user_id, name, email, phone, address, preferences, skills, status, email_normalised, phone_normalised, city, skill_ids, job_types, work_model
    )
    select
      lpad(to_hex(extract(epoch from at)::bigint), 8, '0') || lpad(to_hex(g), 16, '0'),
      jsonb_build_object('prefix', 'CAN', 'number', number, 'combined', 'CAN-' || number),
      orgs[org + 1],
      org_owners[1 + abs(h / 31) % array_length(org_owners, 1)],
      null,
      jsonb_build_object('_id', org_owners[1], 'name', 'Ada Admin'),
      jsonb_build_object('_id', org_owners[1], 'name', 'Ada Admin'),
      at, at,
      abs(h) % 100 = 0,
      null,
      jsonb_build_object('first', first, 'last', last, 'fullName', first || ' ' || last),
      lower(first) || '.' || lower(last) || (abs(h / 13) % 1000)::text || '@' || domains[1 + abs(h / 17) % array_length(domains, 1)],
      '+44 7' || lpad((abs(h / 19) % 1000000000)::text, 9, '0'),
      jsonb_build_object(
        'city', initcap(cities[town]),
        'postCode', areas[town] || (1 + abs(h / 227) % 20)::text || ' ' || (abs(h / 229) % 10)::text || chr(65 + (abs(h / 233) % 26)::int) || chr(65 + (abs(h / 239) % 26)::int),
        'country', 'United Kingdom'
      ),
      case when abs(h / 43) % 100 < 85 then jsonb_strip_nulls(jsonb_build_object(
        'currentJobTitle', titles[t1],
        'desiredJobTitle', case when abs(h / 47) % 100 < 40 then titles[t2] end,
        'jobTypes', jsonb_build_array(1 + abs(h / 37) % 4),
        'workModel', jsonb_build_array((array['REMOTE', 'HYBRID', 'ON_SITE'])[1 + abs(h / 41) % 3])
      )) end,
      jsonb_build_array(
        jsonb_build_object('skillId', skill_ids[s1], 'label', skill_labels[s1], 'rating', 1 + abs(h) % 5),
        jsonb_build_object('skillId', skill_ids[s2], 'label', skill_labels[s2], 'rating', 1 + abs(h / 3) % 5),
        jsonb_build_object('skillId', skill_ids[s3], 'label', skill_labels[s3], 'rating', 1 + abs(h / 5) % 5)
      ),
      case when abs(h / 29) % 5 = 0 then 'INACTIVE' else 'ACTIVE' end,
      lower(first) || '.' || lower(last) || (abs(h / 13) % 1000)::text || '@' || domains[1 + abs(h / 17) % array_length(domains, 1)],
      '7' || lpad((abs(h / 19) % 1000000000)::text, 9, '0'),
      cities[town],
      jsonb_build_array(skill_ids[s1], skill_ids[s2], skill_ids[s3]),
      jsonb_build_array(1 + abs(h / 37) % 4),
      jsonb_build_array((array['REMOTE', 'HYBRID', 'ON_SITE'])[1 + abs(h / 41) % 3])
    from people`);
  // The counters the next candidate's number comes from, as the product keeps them.
  await db.execute(sql`
    insert into item_counters (scope, entity, value)
    select organisation_id, 'Candidate', max((item_id->>'number')::int) from candidates group by organisation_id
    on conflict (scope, entity) do update set value = excluded.value`);
  await db.execute(sql`vacuum analyze candidates`);
  return { ...(await answer(app, input)), reused: false };
};
