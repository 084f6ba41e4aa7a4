/**
 * Made-up people for the résumé evaluation set: UK names, towns, employers, universities and the
 * skills of the lookups, drawn with a fixed seed so the set is the same on every run.
 */
import { skillLabels } from '../../src/db/seed-lookups';

export const random = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    return out;
  };
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { next, pick, some, between };
};

const firstNames = [
  'Amelia',
  'Oliver',
  'Isla',
  'George',
  'Ava',
  'Harry',
  'Priya',
  'Mohammed',
  'Siobhan',
  'Callum',
  'Niamh',
  'Rhys',
  'Eleanor',
  'Tomasz',
  'Aisha',
  'Declan',
  'Freya',
  'Hamish',
  'Zara',
  'Kwame',
  'Bethan',
  'Ruairi',
  'Imogen',
  'Arjun',
  'Grace',
  'Lewis',
  'Chloe',
  'Ewan',
  'Hannah',
  'Jack',
  'Sophie',
  'Dylan',
  'Megan',
  'Finlay',
  'Yasmin',
  'Owain',
];
const lastNames = [
  'Hartley',
  "O'Brien",
  'McKenzie',
  'Patel',
  'Okafor',
  'Smith-Jones',
  'Evans',
  'Campbell',
  'Nowak',
  'Khan',
  'Davies',
  'Fraser',
  'Whitfield',
  'Singh',
  'Murphy',
  'Thompson',
  'MacLeod',
  'Ahmed',
  'Lloyd',
  'Robertson',
  'Chen',
  'Walsh',
  'Osei',
  'Pritchard',
  'Hughes',
  'Barker',
  'Gallagher',
  'Morgan',
  'Reid',
  'Sutherland',
];
export const towns = [
  'Manchester',
  'Leeds',
  'Bristol',
  'Sheffield',
  'Glasgow',
  'Edinburgh',
  'Cardiff',
  'Birmingham',
  'Nottingham',
  'Newcastle upon Tyne',
  'Liverpool',
  'Leicester',
  'Norwich',
  'Exeter',
  'York',
  'Brighton',
  'Southampton',
  'Aberdeen',
  'Swansea',
  'Belfast',
  'Oxford',
  'Cambridge',
  'Coventry',
  'Derby',
  'Plymouth',
  'Reading',
  'Bath',
  'Huddersfield',
];
const employers = [
  'Northpay Ltd',
  'Ledgerline',
  'Pennine Software',
  'Brightside Digital',
  'Harbour Health NHS Trust',
  'Leeds City Council',
  'Caledonian Logistics',
  'Severn Water plc',
  'Thistle & Rose Consulting',
  'Greenfield Homes',
  'Atlas Insurance Group',
  'Moorland Foods',
  'Quayside Media',
  'Redbrick Analytics',
  'Stonebridge Construction',
  'Oakleaf Care Homes',
  'Blue Anchor Retail',
  'Kestrel Engineering',
  'Meridian Bank',
  'Cobalt Labs',
  'Hawthorn Partners LLP',
  'Tidewater Energy',
  'Fernhill Academy Trust',
  'Wrenfield Financial Services',
  'Castlegate Systems',
  'Lighthouse Charity',
  'Riverside Studios',
  'Summit Recruitment',
  'Vantage Telecom',
  'Juniper Technologies',
];
const titles = [
  'Software Engineer',
  'Senior Software Engineer',
  'Data Analyst',
  'Project Manager',
  'Marketing Executive',
  'Finance Assistant',
  'Staff Nurse',
  'Site Manager',
  'HR Advisor',
  'Business Analyst',
  'Customer Service Advisor',
  'Operations Manager',
  'Graphic Designer',
  'Payroll Administrator',
  'Account Manager',
  'Quantity Surveyor',
  'Care Assistant',
  'Electrician',
  'Recruitment Consultant',
  'Front-end Developer',
  'Product Designer',
  'Management Accountant',
  'Warehouse Supervisor',
  'Teaching Assistant',
  'IT Support Technician',
  'Sales Executive',
  'Head of Engineering',
];
const universities = [
  'University of Manchester',
  'University of Leeds',
  'University of Bristol',
  'University of Glasgow',
  'University of Edinburgh',
  'Cardiff University',
  'University of Birmingham',
  'Newcastle University',
  'University of Sheffield',
  'Queen’s University Belfast',
  'University of Exeter',
  'Swansea University',
  'Nottingham Trent University',
  'Leeds Beckett University',
  'Oxford Brookes University',
  'University of York',
  'Sheffield Hallam University',
  'Manchester Metropolitan University',
  'University of Strathclyde',
  'Bath Spa University',
];
const colleges = ['Leeds City College', 'Bristol Grammar School', 'Hills Road Sixth Form College', 'Glasgow Clyde College'];
const degrees: [string, string][] = [
  ['BSc (Hons)', 'Computer Science'],
  ['BA (Hons)', 'English Literature'],
  ['BSc', 'Mathematics'],
  ['MSc', 'Data Science'],
  ['BA', 'Business Management'],
  ['BEng', 'Mechanical Engineering'],
  ['LLB', 'Law'],
  ['BSc (Hons)', 'Nursing'],
  ['MA', 'Marketing'],
  ['BSc', 'Accounting and Finance'],
  ['BA (Hons)', 'Graphic Design'],
  ['MEng', 'Civil Engineering'],
  ['BSc', 'Psychology'],
];
const schoolQualifications: [string, string][] = [
  ['A Levels', 'Maths, Physics, Chemistry'],
  ['BTEC Level 3 Diploma', 'Business'],
  ['A Levels', 'English, History, Art'],
];
/** Skills people write that the lookup does not hold: they come back as new. */
const unlistedSkills = ['Terraform', 'Jira', 'Tableau', 'Microsoft Dynamics', 'Risk Assessment', 'Event Planning', 'Photography'];
const lookupSkills = skillLabels.map(([label]) => label).filter((label) => !label.includes('('));

export type WorkItem = { jobTitle: string; organization: string; city: string; start: [number, number]; end: [number, number] | null };
export type EducationItem = {
  organization: string;
  qualification: string;
  subject: string;
  start: [number, number];
  end: [number, number];
};

export type Person = {
  first: string;
  last: string;
  email: string;
  /** How it is printed. */
  phone: string;
  town: string;
  linkedIn: string | null;
  gitHub: string | null;
  designation: string;
  summary: string;
  skills: string[];
  workHistory: WorkItem[];
  education: EducationItem[];
};

const phoneFormats = [
  () => '+44 7700 900123',
  (r: ReturnType<typeof random>) => `07${r.between(100, 999)} ${r.between(100000, 999999)}`,
  (r: ReturnType<typeof random>) => `+44 ${r.between(7000, 7999)} ${r.between(100000, 999999)}`,
  (r: ReturnType<typeof random>) => `020 ${r.between(7000, 8999)} ${r.between(1000, 9999)}`,
  (r: ReturnType<typeof random>) => `0113 ${r.between(200, 999)} ${r.between(1000, 9999)}`,
  (r: ReturnType<typeof random>) => `+353 ${r.between(80, 89)} ${r.between(100, 999)} ${r.between(1000, 9999)}`,
];

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

export const aPerson = (seed: number, options: { printablePhone?: boolean } = {}): Person => {
  const r = random(seed);
  const first = r.pick(firstNames);
  const last = r.pick(lastNames);
  const town = r.pick(towns);
  const domain = r.pick(['example.com', 'example.co.uk', 'mail.example.org']);
  const email = `${slugOf(first)}${r.pick(['.', '_', ''])}${slugOf(last).replace(/\./g, '')}@${domain}`;
  const phoneFormat = options.printablePhone ? r.pick(phoneFormats.slice(0, 5)) : r.pick(phoneFormats);
  const titleOrder = r.some(titles, 4);
  const companies = r.some(employers, 4);
  const jobs = r.between(2, 4);
  const workHistory: WorkItem[] = [];
  let year = 2026;
  let month = r.between(1, 10);
  for (let i = 0; i < jobs; i++) {
    const end: [number, number] | null = i === 0 && r.next() < 0.7 ? null : [year, month];
    const length = r.between(10, 40);
    const startIndex = year * 12 + (month - 1) - length;
    const start: [number, number] = [Math.floor(startIndex / 12), (startIndex % 12) + 1];
    workHistory.push({ jobTitle: titleOrder[i] as string, organization: companies[i] as string, city: r.pick(towns), start, end });
    const gap = r.between(0, 3);
    const next = startIndex - gap;
    year = Math.floor(next / 12);
    month = (next % 12) + 1;
  }
  const finished = workHistory.at(-1)?.start[0] ?? 2015;
  const [qualification, subject] = r.pick(degrees);
  const education: EducationItem[] = [
    { organization: r.pick(universities), qualification, subject, start: [finished - 3, 9], end: [finished, 6] },
  ];
  if (r.next() < 0.5) {
    const [school, subjects] = r.pick(schoolQualifications);
    education.push({
      organization: r.pick(colleges),
      qualification: school,
      subject: subjects,
      start: [finished - 5, 9],
      end: [finished - 3, 6],
    });
  }
  const skills = [...r.some(lookupSkills, r.between(4, 7)), ...(r.next() < 0.5 ? r.some(unlistedSkills, 1) : [])];
  const handle = `${first}-${last}`.toLowerCase().replace(/[^a-z-]/g, '');
  return {
    first,
    last,
    email,
    phone: phoneFormat(r),
    town,
    linkedIn: r.next() < 0.7 ? `https://www.linkedin.com/in/${handle}` : null,
    gitHub: r.next() < 0.3 ? `https://github.com/${handle.replace(/-/g, '')}` : null,
    designation: titleOrder[0] as string,
    summary: `${titleOrder[0]} with ${r.between(3, 15)} years of experience in ${r.pick(['fast-growing teams', 'the public sector', 'regulated industries', 'retail and logistics', 'health and social care'])}. Known for clear communication, careful delivery and helping colleagues do their best work.`,
    skills,
    workHistory,
    education,
  };
};
