import { slugify } from '@app/contract/conventions/career';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { annualSalary } from '../src/areas/jobs/repository';
import { jobs } from '../src/db/schema/job-board';
import { industries, skills } from '../src/db/schema/lookups';
import { itemCounters } from '../src/db/schema/services';
import { newId } from '../src/engine/ids';
import { createGazetteer } from '../src/services/gazetteer';

/** What the search measurement needs from the seeded job board. */
export type SeededJobs = { published: number; others: number; companies: number; towns: number };

/** Towns jobs are posted in, with a rough weight (bigger places post more jobs). */
export const towns: [string, number][] = [
  ['London', 14],
  ['Birmingham', 5],
  ['Manchester', 5],
  ['Leeds', 4],
  ['Glasgow', 4],
  ['Liverpool', 3],
  ['Bristol', 3],
  ['Sheffield', 3],
  ['Edinburgh', 3],
  ['Newcastle upon Tyne', 3],
  ['Cardiff', 2],
  ['Nottingham', 2],
  ['Leicester', 2],
  ['Bradford', 2],
  ['Coventry', 2],
  ['Belfast', 2],
  ['Southampton', 2],
  ['Reading', 2],
  ['Milton Keynes', 2],
  ['Cambridge', 2],
  ['Oxford', 2],
  ['Brighton', 2],
  ['Wakefield', 1],
  ['Huddersfield', 1],
  ['York', 1],
  ['Harrogate', 1],
  ['Halifax', 1],
  ['Doncaster', 1],
  ['Kingston upon Hull', 1],
  ['Derby', 1],
  ['Stoke-on-Trent', 1],
  ['Wolverhampton', 1],
  ['Plymouth', 1],
  ['Exeter', 1],
  ['Norwich', 1],
  ['Ipswich', 1],
  ['Swansea', 1],
  ['Aberdeen', 1],
  ['Dundee', 1],
  ['Inverness', 1],
  ['Preston', 1],
  ['Blackpool', 1],
  ['Bolton', 1],
  ['Sunderland', 1],
  ['Middlesbrough', 1],
  ['Lincoln', 1],
  ['Peterborough', 1],
  ['Northampton', 1],
  ['Swindon', 1],
  ['Gloucester', 1],
  ['Bournemouth', 1],
  ['Portsmouth', 1],
  ['Carlisle', 1],
];

type Role = { title: string; industry: string; skills: string[]; pay: [number, number]; hourly?: boolean; remote?: boolean };

/** Job titles by industry, with the skills they ask for and a yearly (or hourly) pay band. */
export const roles: Role[] = [
  {
    title: 'Software Developer',
    industry: 'Information Technology',
    skills: ['JavaScript', 'TypeScript', 'Git', 'SQL'],
    pay: [35000, 65000],
    remote: true,
  },
  {
    title: 'Frontend Developer',
    industry: 'Information Technology',
    skills: ['React', 'TypeScript', 'CSS', 'HTML'],
    pay: [32000, 60000],
    remote: true,
  },
  {
    title: 'Backend Developer',
    industry: 'Information Technology',
    skills: ['Node.js', 'PostgreSQL', 'Docker', 'Go'],
    pay: [38000, 70000],
    remote: true,
  },
  {
    title: 'Full Stack Developer',
    industry: 'Information Technology',
    skills: ['React', 'Node.js', 'SQL', 'AWS'],
    pay: [38000, 68000],
    remote: true,
  },
  {
    title: '.NET Developer',
    industry: 'Information Technology',
    skills: ['C#', '.NET', 'Azure', 'SQL'],
    pay: [36000, 62000],
    remote: true,
  },
  { title: 'PHP Developer', industry: 'Information Technology', skills: ['PHP', 'SQL', 'HTML', 'Git'], pay: [30000, 52000], remote: true },
  {
    title: 'Python Developer',
    industry: 'Information Technology',
    skills: ['Python', 'SQL', 'AWS', 'Docker'],
    pay: [38000, 70000],
    remote: true,
  },
  {
    title: 'DevOps Engineer',
    industry: 'Information Technology',
    skills: ['AWS', 'Docker', 'Kubernetes', 'Git'],
    pay: [45000, 75000],
    remote: true,
  },
  {
    title: 'Software Engineer',
    industry: 'Information Technology',
    skills: ['Java', 'Python', 'Git', 'Agile'],
    pay: [40000, 80000],
    remote: true,
  },
  {
    title: 'Data Analyst',
    industry: 'Information Technology',
    skills: ['SQL', 'Power BI', 'Excel', 'Data Analysis'],
    pay: [28000, 45000],
    remote: true,
  },
  {
    title: 'Data Scientist',
    industry: 'Science & Research',
    skills: ['Python', 'SQL', 'Data Analysis'],
    pay: [45000, 75000],
    remote: true,
  },
  {
    title: 'IT Support Technician',
    industry: 'Information Technology',
    skills: ['Azure', 'Customer Focus', 'Problem Solving'],
    pay: [22000, 30000],
  },
  { title: 'Business Development Manager', industry: 'Sales', skills: ['Negotiation', 'Salesforce', 'Communication'], pay: [35000, 60000] },
  { title: 'Sales Executive', industry: 'Sales', skills: ['Customer Relationship Management', 'Negotiation'], pay: [24000, 35000] },
  { title: 'Account Manager', industry: 'Sales', skills: ['Salesforce', 'Stakeholder Management', 'Communication'], pay: [28000, 42000] },
  { title: 'Marketing Executive', industry: 'Marketing & PR', skills: ['SEO', 'Copywriting', 'Google Analytics'], pay: [24000, 33000] },
  {
    title: 'Digital Marketing Manager',
    industry: 'Marketing & PR',
    skills: ['SEO', 'Google Analytics', 'Leadership'],
    pay: [38000, 55000],
    remote: true,
  },
  {
    title: 'Graphic Designer',
    industry: 'Creative & Design',
    skills: ['Adobe Photoshop', 'Figma', 'Attention to Detail'],
    pay: [24000, 36000],
  },
  {
    title: 'UX Designer',
    industry: 'Creative & Design',
    skills: ['Figma', 'Problem Solving', 'Communication'],
    pay: [35000, 60000],
    remote: true,
  },
  {
    title: 'Product Manager',
    industry: 'Information Technology',
    skills: ['Agile', 'Stakeholder Management', 'Scrum'],
    pay: [50000, 85000],
  },
  {
    title: 'Project Manager',
    industry: 'Construction',
    skills: ['Project Management', 'Leadership', 'Time Management'],
    pay: [40000, 65000],
  },
  { title: 'Accountant', industry: 'Accounting & Finance', skills: ['Sage', 'Xero', 'Excel', 'Attention to Detail'], pay: [32000, 52000] },
  { title: 'Finance Manager', industry: 'Accounting & Finance', skills: ['SAP', 'Excel', 'Leadership'], pay: [48000, 70000] },
  { title: 'Bookkeeper', industry: 'Accounting & Finance', skills: ['Bookkeeping', 'Xero', 'Sage'], pay: [22000, 30000] },
  {
    title: 'Payroll Administrator',
    industry: 'Accounting & Finance',
    skills: ['Payroll', 'Excel', 'Attention to Detail'],
    pay: [23000, 30000],
  },
  { title: 'HR Advisor', industry: 'Human Resources', skills: ['Communication', 'Problem Solving'], pay: [28000, 38000] },
  {
    title: 'Recruitment Consultant',
    industry: 'Human Resources',
    skills: ['Recruitment', 'Negotiation', 'Customer Focus'],
    pay: [24000, 35000],
  },
  {
    title: 'Customer Service Advisor',
    industry: 'Customer Service',
    skills: ['Customer Focus', 'Communication', 'Teamwork'],
    pay: [21000, 25000],
  },
  { title: 'Administrator', industry: 'Administration', skills: ['Excel', 'Time Management', 'Attention to Detail'], pay: [21000, 26000] },
  { title: 'Office Manager', industry: 'Administration', skills: ['Leadership', 'Time Management', 'Excel'], pay: [28000, 38000] },
  { title: 'Receptionist', industry: 'Administration', skills: ['Customer Focus', 'Communication'], pay: [11.5, 13.5], hourly: true },
  { title: 'Registered Nurse', industry: 'Healthcare', skills: ['Nursing (NMC)', 'Safeguarding', 'First Aid'], pay: [29000, 42000] },
  {
    title: 'Healthcare Assistant',
    industry: 'Healthcare',
    skills: ['First Aid', 'Safeguarding', 'Teamwork'],
    pay: [11.5, 14],
    hourly: true,
  },
  {
    title: 'Care Assistant',
    industry: 'Social Care',
    skills: ['Safeguarding', 'Communication', 'Driving Licence (B)'],
    pay: [11.5, 13.5],
    hourly: true,
  },
  {
    title: 'Support Worker',
    industry: 'Social Care',
    skills: ['Safeguarding', 'Adaptability', 'Teamwork'],
    pay: [11.5, 13.5],
    hourly: true,
  },
  { title: 'Phlebotomist', industry: 'Healthcare', skills: ['Phlebotomy', 'Attention to Detail'], pay: [23000, 27000] },
  { title: 'Teacher', industry: 'Education', skills: ['Safeguarding', 'Communication', 'Leadership'], pay: [31000, 45000] },
  { title: 'Teaching Assistant', industry: 'Education', skills: ['Safeguarding', 'Teamwork'], pay: [19000, 24000] },
  {
    title: 'Warehouse Operative',
    industry: 'Logistics & Transport',
    skills: ['Forklift Licence', 'Teamwork'],
    pay: [11.5, 13.5],
    hourly: true,
  },
  {
    title: 'Forklift Driver',
    industry: 'Logistics & Transport',
    skills: ['Forklift Licence', 'Attention to Detail'],
    pay: [12, 15],
    hourly: true,
  },
  { title: 'HGV Driver', industry: 'Logistics & Transport', skills: ['HGV Class 1', 'Driving Licence (B)'], pay: [15, 19], hourly: true },
  {
    title: 'Delivery Driver',
    industry: 'Logistics & Transport',
    skills: ['Driving Licence (B)', 'Time Management'],
    pay: [11.5, 14],
    hourly: true,
  },
  { title: 'Electrician', industry: 'Construction', skills: ['Electrical Installation', 'CSCS Card'], pay: [35000, 48000] },
  { title: 'Plumber', industry: 'Construction', skills: ['Plumbing', 'CSCS Card', 'Driving Licence (B)'], pay: [32000, 45000] },
  { title: 'Site Manager', industry: 'Construction', skills: ['CSCS Card', 'Leadership', 'Project Management'], pay: [45000, 65000] },
  { title: 'Quantity Surveyor', industry: 'Construction', skills: ['AutoCAD', 'Excel', 'Negotiation'], pay: [38000, 60000] },
  { title: 'Civil Engineer', industry: 'Engineering', skills: ['AutoCAD', 'Project Management'], pay: [35000, 58000] },
  { title: 'Mechanical Engineer', industry: 'Engineering', skills: ['AutoCAD', 'Problem Solving'], pay: [34000, 55000] },
  {
    title: 'Maintenance Engineer',
    industry: 'Manufacturing',
    skills: ['Electrical Installation', 'Welding', 'Problem Solving'],
    pay: [32000, 45000],
  },
  { title: 'Welder Fabricator', industry: 'Manufacturing', skills: ['Welding', 'Attention to Detail'], pay: [14, 18], hourly: true },
  { title: 'Chef de Partie', industry: 'Hospitality & Catering', skills: ['Food Hygiene', 'Teamwork'], pay: [26000, 32000] },
  { title: 'Kitchen Porter', industry: 'Hospitality & Catering', skills: ['Food Hygiene', 'Teamwork'], pay: [11.5, 12.5], hourly: true },
  { title: 'Bar Staff', industry: 'Hospitality & Catering', skills: ['Customer Focus', 'Teamwork'], pay: [11.5, 12.5], hourly: true },
  { title: 'Retail Assistant', industry: 'Retail', skills: ['Customer Focus', 'Communication'], pay: [11.5, 12.5], hourly: true },
  { title: 'Store Manager', industry: 'Retail', skills: ['Leadership', 'Customer Focus', 'Time Management'], pay: [30000, 42000] },
  { title: 'Solicitor', industry: 'Legal', skills: ['Attention to Detail', 'Negotiation', 'Communication'], pay: [45000, 80000] },
  { title: 'Paralegal', industry: 'Legal', skills: ['Attention to Detail', 'Time Management'], pay: [23000, 30000] },
  {
    title: 'Lettings Negotiator',
    industry: 'Property',
    skills: ['Negotiation', 'Customer Focus', 'Driving Licence (B)'],
    pay: [22000, 30000],
  },
  { title: 'Fundraising Officer', industry: 'Charity & Voluntary', skills: ['Communication', 'Copywriting'], pay: [25000, 32000] },
  { title: 'Policy Officer', industry: 'Public Sector', skills: ['Stakeholder Management', 'Copywriting'], pay: [30000, 40000] },
  { title: 'Network Engineer', industry: 'Telecommunications', skills: ['Azure', 'Problem Solving'], pay: [35000, 55000] },
  { title: 'Energy Consultant', industry: 'Energy & Utilities', skills: ['Customer Focus', 'Negotiation'], pay: [26000, 36000] },
];

/** Seniority words, the experience they ask for, and how they move the pay. */
const levels: { word: string; experience: string[]; pay: number }[] = [
  { word: '', experience: ['1-2', '3-5'], pay: 1 },
  { word: '', experience: ['0-1', '1-2', '3-5'], pay: 1 },
  { word: 'Senior ', experience: ['5-10', '3-5'], pay: 1.25 },
  { word: 'Junior ', experience: ['NONE', '0-1'], pay: 0.8 },
  { word: 'Lead ', experience: ['5-10', '10+'], pay: 1.4 },
  { word: 'Trainee ', experience: ['NONE'], pay: 0.7 },
];

const openers = [
  'We are looking for a {title} to join our growing team in {town}.',
  'An exciting opportunity has arisen for a {title} based in {town}.',
  'Our client, a well-established business in {town}, is hiring a {title}.',
  'Join a friendly, award-winning team in {town} as a {title}.',
  'Are you an experienced {title}? We have an opening in {town}.',
];

const duties = [
  'Work closely with colleagues across the business to deliver high quality results',
  'Take ownership of your workload and manage competing priorities',
  'Build strong relationships with customers and stakeholders',
  'Keep accurate records and follow company procedures',
  'Help improve the way we work, sharing ideas with the team',
  'Support and mentor newer members of the team',
  'Report progress to your manager and raise issues early',
  'Make sure health and safety standards are met at all times',
  'Contribute to planning and weekly team meetings',
  'Handle enquiries by phone and email in a professional manner',
];

const benefits = [
  '25 days holiday plus bank holidays',
  'Company pension scheme',
  'Free on-site parking',
  'Cycle to work scheme',
  'Private medical insurance',
  'Flexible working hours',
  'Employee assistance programme',
  'Annual bonus scheme',
  'Staff discounts',
  'Paid overtime',
];

/** Phrases many real adverts carry; some share a stem with the searched words (development, managed, engineering). */
const extras = [
  'We offer excellent training and career development opportunities.',
  'The team is managed by an experienced leader who values your ideas.',
  'Our engineering and operations teams work side by side.',
  'Previous experience in a similar role is desirable but not essential.',
  'Full training will be provided.',
  'A full UK driving licence is required for this role.',
  'Applicants must have the right to work in the UK.',
];

const companyNames: [string, 'COMPANY' | 'RECRUITMENT_AGENCY'][] = [
  ['Pennine Talent Partners', 'RECRUITMENT_AGENCY'],
  ['Northern Digital Works', 'COMPANY'],
  ['Albion Health Staffing', 'RECRUITMENT_AGENCY'],
  ['Severn Logistics Group', 'COMPANY'],
  ['Crown & Anchor Hospitality', 'COMPANY'],
  ['Thistle Engineering Recruitment', 'RECRUITMENT_AGENCY'],
  ['Meridian Finance Careers', 'RECRUITMENT_AGENCY'],
  ['Castlegate Build Ltd', 'COMPANY'],
];

/** A small deterministic generator, so every run seeds the same jobs. */
export const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

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

const day = 24 * 60 * 60 * 1000;

/** The rows of a raw statement's result, as either driver gives them. */
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? result) as T[];

/**
 * A job board of `published` open jobs (and a few closed and draft ones besides) from a handful of
 * recruiter companies. The companies register through the API and each posts its first job through
 * it; the rest go straight into the jobs table in batches, shaped as that first job was written.
 */
export const seedJobs = async (app: FastifyInstance, input: { published: number }): Promise<SeededJobs> => {
  const { db } = app.database;
  // A kept database (BENCH_DATABASE) seeded by an earlier run with as many jobs is used as it is.
  const [already] = await db
    .execute<{ published: number; others: number; companies: number }>(
      sql`select count(*) filter (where status = 'PUBLISHED')::int as published, count(*) filter (where status <> 'PUBLISHED')::int as others, count(distinct recruiter_id)::int as companies from jobs`,
    )
    .then((result) => rowsOf<{ published: number; others: number; companies: number }>(result));
  if (already && already.published > 0) {
    if (already.published !== input.published)
      throw new Error(`The kept database has ${already.published} published jobs, not ${input.published}`);
    return { published: already.published, others: already.others, companies: already.companies, towns: towns.length };
  }
  // Beyond 100,000 on PostgreSQL, 100,000 (or so) are made here and copied in SQL (see `copyJobs`): minutes, not hours.
  const copies = app.database.kind === 'postgres' ? Math.ceil(input.published / 100_000) : 1;
  if (input.published % copies !== 0) throw new Error(`BENCH_JOBS beyond 100,000 must divide into ${copies} equal parts`);
  const seeded = await seedBase(app, { published: input.published / copies });
  if (copies > 1) await copyJobs(app, copies);
  await db.execute(sql`vacuum analyze jobs`);
  await db.execute(sql`vacuum analyze job_search`);
  await db.execute(sql`analyze recruiter_companies`);
  return { ...seeded, published: seeded.published * copies, others: seeded.others * copies };
};

/**
 * Every job seeded so far, copied `copies - 1` more times in SQL, each copy its own job (id, slug,
 * number) with its own posting date in the last 60 days, featured 4% of the time and moved up to
 * about a mile: the same mix of titles, places and filters, at scale.
 */
const copyJobs = async (app: FastifyInstance, copies: number) => {
  const { db } = app.database;
  const rowsOfQuery = async <T>(query: SQL) => db.execute(query).then((result) => rowsOf<T>(result));
  const columns = (
    await rowsOfQuery<{ name: string }>(
      sql`select column_name as name from information_schema.columns where table_name = 'jobs' and table_schema = current_schema() and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((c) => c.name);
  const [{ top } = { top: 0 }] = await rowsOfQuery<{ top: number }>(sql`select max((item_id->>'number')::int) as top from jobs`);
  const replaced: Record<string, string> = {
    id: `j.id || '-' || g`,
    slug: `j.slug || '-' || g`,
    item_id: `jsonb_build_object('prefix', 'JOB', 'number', (j.item_id->>'number')::int + g * ${top}, 'combined', 'JOB-' || ((j.item_id->>'number')::int + g * ${top}))`,
    posted_on: `case when j.posted_on is null then null else now() - random() * interval '60 days' end`,
    is_featured_job: 'random() < 0.04',
    latitude: 'j.latitude + (random() - 0.5) * 0.03',
    longitude: 'j.longitude + (random() - 0.5) * 0.05',
  };
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => replaced[c] ?? `j."${c}"`).join(', ');
  for (let g = 1; g < copies; g++) {
    await db.execute(sql.raw(`insert into jobs (${list}) select ${values} from jobs j, (select ${g} as g) c where j.id not like '%-%'`));
  }
  await db.execute(sql`update item_counters set value = (select max((item_id->>'number')::int) from jobs) where entity = 'Job'`);
};

const seedBase = async (app: FastifyInstance, input: { published: number }): Promise<SeededJobs> => {
  const { db } = app.database;
  const next = random(20240611);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const gazetteer = createGazetteer();

  const places = towns.flatMap(([name, weight]) => {
    const place = gazetteer.resolve(name);
    if (!place) console.log(`  (the gazetteer does not know ${name}; no jobs there)`);
    return place ? [{ name, weight, latitude: place.latitude, longitude: place.longitude }] : [];
  });
  const totalWeight = places.reduce((sum, p) => sum + p.weight, 0);
  const pickPlace = () => {
    let at = next() * totalWeight;
    for (const place of places) {
      at -= place.weight;
      if (at < 0) return place;
    }
    return places[places.length - 1]!;
  };

  const skillIds = new Map((await db.select({ id: skills.id, label: skills.label }).from(skills)).map((s) => [s.label, s.id]));
  const industryIds = new Map(
    (await db.select({ id: industries.id, label: industries.label }).from(industries)).map((i) => [i.label, i.id]),
  );
  const industryList = [...industryIds.values()];

  // The companies, through the API; each posts one job through it, which the bulk rows copy their system fields from.
  const companies: (typeof jobs.$inferSelect)[] = [];
  for (const [i, [name, recruiterType]] of companyNames.entries()) {
    const key = slugify(name);
    const { token } = await call<{ token: string }>(app, '/api/recruiter/company/register', {
      name,
      email: `jobs@${key}.example.com`,
      phone: `+44 113 496 ${String(1000 + i).slice(-4)}`,
      aboutUs: `${name} hires across the UK.`,
      recruiterType,
      location: { city: places[i % places.length]!.name, country: 'United Kingdom' },
      password: 'Recruiter-secret-1',
    });
    const role = roles[i * 7]!;
    const first = await call<{ _id: string }>(
      app,
      '/api/recruiter/job/',
      {
        title: role.title,
        description: `${role.title} at ${name}.`,
        content: `<p>${role.title} at ${name}.</p>`,
        address: { city: 'Leeds', country: 'United Kingdom' },
        salaries: [{ min: role.pay[0], max: role.pay[1], duration: role.hourly ? 'HOUR' : 'YEAR' }],
        jobTypes: [1],
        workModel: 'HYBRID',
        status: 'PUBLISHED',
      },
      token,
    );
    const [row] = await db.select().from(jobs).where(eq(jobs.id, first._id));
    companies.push(row!);
  }

  const [counter] = await db.select().from(itemCounters).where(eq(itemCounters.entity, 'Job'));
  let number = counter?.value ?? companies.length;
  const now = Date.now();
  const extraClosed = Math.ceil(input.published * 0.02);
  const extraDraft = Math.ceil(input.published * 0.01);
  const toInsert = input.published - companies.length + extraClosed + extraDraft;

  const rowOf = (i: number) => {
    const company = pick(companies);
    const role = pick(roles);
    const level = pick(levels);
    const title = `${level.word}${role.title}`;
    const located = next() > 0.03;
    const place = pickPlace();
    // Up to about six miles from the town's centre.
    const miles = 6 * Math.sqrt(next());
    const angle = next() * 2 * Math.PI;
    const latitude = place.latitude + (miles * Math.cos(angle)) / 69;
    const longitude = place.longitude + (miles * Math.sin(angle)) / (69 * Math.cos((place.latitude * Math.PI) / 180));
    const low = role.pay[0] * level.pay;
    const high = role.pay[1] * level.pay;
    const min = role.hourly ? Math.round(low * 20) / 20 : Math.round(low / 500) * 500;
    const max = role.hourly ? Math.round(high * 20) / 20 : Math.round(high / 500) * 500;
    const salaries = next() < 0.9 ? [{ min, max, duration: role.hourly ? 'HOUR' : 'YEAR', currency: 'GBP' }] : [];
    const jobSkills = role.skills
      .filter(() => next() < 0.85)
      .flatMap((label) => {
        const skillId = skillIds.get(label);
        return skillId ? [{ skillId, label }] : [];
      });
    const jobIndustries = [industryIds.get(role.industry), ...(next() < 0.25 ? [pick(industryList)] : [])].filter(
      (id, n, all): id is string => Boolean(id) && all.indexOf(id) === n,
    );
    const firstType = next();
    const jobTypes =
      firstType < 0.6
        ? [1]
        : firstType < 0.72
          ? [2]
          : firstType < 0.84
            ? [3]
            : firstType < 0.9
              ? [4]
              : firstType < 0.95
                ? [1, 2]
                : [pick([5, 6, 7, 8])];
    const model = next();
    const workModel = role.remote
      ? model < 0.3
        ? 'REMOTE'
        : model < 0.75
          ? 'HYBRID'
          : 'ON_SITE'
      : model < 0.05
        ? 'REMOTE'
        : model < 0.25
          ? 'HYBRID'
          : 'ON_SITE';
    const postedOn = new Date(now - next() * 60 * day);
    const kind = i < extraClosed ? 'CLOSED' : i < extraClosed + extraDraft ? 'DRAFT' : 'PUBLISHED';
    const window = next();
    // Most adverts have no closing date; some close in a few weeks; a few closed already; a few open later.
    const applicationEndDate =
      window < 0.55 ? null : window < 0.97 ? new Date(now + (7 + next() * 50) * day) : new Date(now - next() * 10 * day);
    const applicationStartDate = window > 0.99 ? new Date(now + 3 * day) : null;
    const townName = located ? place.name : null;
    const opener = pick(openers)
      .replace('{title}', title)
      .replace('{town}', townName ?? 'the UK');
    const chosenDuties = duties.filter(() => next() < 0.45).slice(0, 5);
    const chosenBenefits = benefits.filter(() => next() < 0.4).slice(0, 5);
    const chosenExtras = extras.filter(() => next() < 0.3);
    const content = [
      `<p>${opener} ${company.companyName} offers a supportive environment and the chance to make a real difference.</p>`,
      '<h3>What you will do</h3>',
      `<ul>${[...chosenDuties, `Use your skills in ${jobSkills.map((s) => s.label).join(', ') || 'the role'} every day`].map((d) => `<li>${d}</li>`).join('')}</ul>`,
      '<h3>What we offer</h3>',
      `<ul>${chosenBenefits.map((b) => `<li>${b}</li>`).join('')}</ul>`,
      `<p>${chosenExtras.join(' ')}</p>`,
    ].join('');
    const at = new Date(postedOn.getTime() - next() * day);
    number += 1;
    return {
      id: newId(),
      itemId: { prefix: 'JOB', number, combined: `JOB-${number}` },
      organisationId: company.organisationId,
      ownerId: company.ownerId,
      createdBy: company.createdBy,
      updatedBy: company.updatedBy,
      createdAt: at,
      updatedAt: postedOn,
      recruiterId: company.recruiterId,
      companyName: company.companyName,
      title,
      slug: `${slugify(`${title} ${townName ?? 'uk'}`)}-${number.toString(36)}`,
      description: `${opener} ${role.pay[0] >= 40000 ? 'A senior role with real responsibility.' : 'Training and support from day one.'}`,
      content,
      address: located ? { city: place.name, country: 'United Kingdom' } : null,
      latitude: located ? latitude : null,
      longitude: located ? longitude : null,
      salaries,
      ...annualSalary(salaries),
      jobTypes,
      industries: jobIndustries,
      workModel,
      experience: pick(level.experience),
      paidToRelocate: next() < 0.05,
      applicationStartDate,
      applicationEndDate,
      postedOn: kind === 'DRAFT' ? null : postedOn,
      status: kind,
      isFeaturedJob: next() < 0.04,
      skills: jobSkills,
      skillText: jobSkills.map((s) => s.label).join(' ') || null,
    };
  };

  // Batches of 2,000 rows on PostgreSQL (about 60,000 parameters, under its 65,535), two in flight
  // so the next is built while the database computes the last one's search vectors. PGlite's
  // message buffer does not take a batch that size: 500 rows there.
  const batch = app.database.kind === 'postgres' ? 2000 : 500;
  const inFlight = new Set<Promise<unknown>>();
  for (let from = 0; from < toInsert; from += batch) {
    const rows = [];
    for (let i = from; i < Math.min(from + batch, toInsert); i++) rows.push(rowOf(i));
    const insert: Promise<unknown> = db
      .insert(jobs)
      .values(rows)
      .then(() => inFlight.delete(insert));
    inFlight.add(insert);
    if (inFlight.size >= 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  await db.update(itemCounters).set({ value: number }).where(eq(itemCounters.entity, 'Job'));
  return { published: input.published, others: extraClosed + extraDraft, companies: companies.length, towns: places.length };
};
