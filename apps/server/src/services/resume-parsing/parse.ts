/**
 * From a résumé's lines (lines.ts) to a candidate draft: pure functions, no I/O. The lines are cut
 * into sections at their headings; contact details are looked for everywhere but the references;
 * work history and education entries are found by their date ranges ("Jan 2020 – Present",
 * "01/2019 - 12/2020", "2018 - 2021"), their title, company and institution in the text beside or
 * under the dates. Skills are matched to the skills lookup by label or value, case-insensitively;
 * the others are kept as new.
 */
import { headingKeyOf, type ReadLayout, type TextLine } from './lines';

export type SkillLookup = { _id: string; label: string; value: string };

export type ResumeDraft = {
  name: { first: string; last: string } | null;
  email: string | null;
  phone: string | null;
  links: { linkedIn: string | null; gitHub: string | null; site: string | null };
  city: string | null;
  summary: string | null;
  skills: { label: string; skillId: string | null; isNew: boolean }[];
  workHistory: {
    jobTitle: string | null;
    organization: string | null;
    city: string | null;
    startDate: string | null;
    endDate: string | null;
    currentlyWorkingHere: boolean;
  }[];
  education: {
    organization: string | null;
    qualification: string | null;
    subject: string | null;
    startDate: string | null;
    endDate: string | null;
    isPursuing: boolean;
  }[];
  layout: 'ONE_COLUMN' | 'TWO_COLUMNS';
};

export type ParseOptions = {
  skills?: SkillLookup[];
  /** Whether a name is a town or city (the gazetteer's); without it, a short list of UK cities. */
  isPlace?: (name: string) => boolean;
};

type Section = 'header' | 'profile' | 'experience' | 'education' | 'skills' | 'personalSkills' | 'contact' | 'references' | 'other';

const sectionOfKey: Record<string, Section> = {
  profile: 'profile',
  summary: 'profile',
  professionalsummary: 'profile',
  personalprofile: 'profile',
  personalstatement: 'profile',
  aboutme: 'profile',
  about: 'profile',
  careersummary: 'profile',
  objective: 'profile',
  careerobjective: 'profile',
  experience: 'experience',
  workexperience: 'experience',
  professionalexperience: 'experience',
  employment: 'experience',
  employmenthistory: 'experience',
  workhistory: 'experience',
  careerhistory: 'experience',
  relevantexperience: 'experience',
  education: 'education',
  educationandtraining: 'education',
  educationtraining: 'education',
  qualifications: 'education',
  academicqualifications: 'education',
  academicbackground: 'education',
  skills: 'skills',
  keyskills: 'skills',
  technicalskills: 'skills',
  coreskills: 'skills',
  skillsandcompetencies: 'skills',
  corecompetencies: 'skills',
  competencies: 'skills',
  expertise: 'skills',
  personalskills: 'personalSkills',
  softskills: 'personalSkills',
  contact: 'contact',
  contactdetails: 'contact',
  details: 'contact',
  personaldetails: 'contact',
  references: 'references',
  referees: 'references',
};

type Sectioned = TextLine & { section: Section };

const sectioned = (lines: TextLine[]): Sectioned[] => {
  const out: Sectioned[] = [];
  let section: Section = 'header';
  let column = 0;
  let page = 0;
  for (const line of lines) {
    // A new column or page keeps the section it was in, unless it starts with a heading.
    if (line.column !== column || line.page !== page) {
      column = line.column;
      page = line.page;
    }
    const key = headingKeyOf(line.text);
    if (key) {
      section = sectionOfKey[key] ?? 'other';
      continue;
    }
    // A heading beside its text ("PROFILE    Software engineer with..."): the heading's own cell.
    const besideKey = line.cells.length > 1 ? headingKeyOf(line.cells[0] as string) : null;
    if (besideKey) {
      section = sectionOfKey[besideKey] ?? 'other';
      const cells = line.cells.slice(1);
      out.push({ ...line, cells, sizes: line.sizes.slice(1), text: cells.join(' '), section });
      continue;
    }
    out.push({ ...line, section });
  }
  return out;
};

// Contact details ------------------------------------------------------------------------------

const emailPattern = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/;
const phonePattern = /(?:\+|\b00)\s?\d{1,3}[\s.-]?(?:\(0\)\s?)?\(?\d[\d\s().-]{6,}\d|\(?\b0\d[\d\s().-]{7,}\d/g;
const digits = (text: string) => text.replace(/\D/g, '');

const phoneIn = (text: string): string | null => {
  for (const match of text.matchAll(phonePattern)) {
    const found = match[0].trim();
    const count = digits(found.replace(/\(0\)/, '')).length;
    if (/^(?:\+|00)/.test(found) ? count >= 9 && count <= 15 : count >= 10 && count <= 11) {
      return found.replace(/\s+/g, ' ');
    }
  }
  return null;
};

const linkPattern =
  /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|co\.uk|org|net|io|dev|me|uk|info|site|tech|app|page|xyz)(?:\/[^\s|·,;]*)?/gi;

const withScheme = (link: string) => (/^https?:\/\//i.test(link) ? link : `https://${link}`).replace(/[).,;]+$/, '');

// Dates ----------------------------------------------------------------------------------------

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const month =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const point = `(?:${month}\\.?,?\\s+(?:19|20)\\d{2}|(?:0?[1-9]|1[0-2])[/.](?:19|20)\\d{2}|(?:19|20)\\d{2}-(?:0[1-9]|1[0-2])|(?:19|20)\\d{2})`;
const ongoing = '(?:present|current|now|today|to date|ongoing|date)';
const rangePattern = new RegExp(`(${point})\\s*(?:–|—|-|to|until|till)\\s*(${point}|${ongoing})`, 'i');

/** "Mar 2021", "03/2021", "2021-03" or "2021" as the first of its month ("2021-03-01"). */
const isoOf = (text: string): string | null => {
  const value = text.trim().toLowerCase();
  let found = value.match(new RegExp(`^(${month})\\.?,?\\s+(\\d{4})$`, 'i'));
  if (found) return `${found[2]}-${String(monthNames.indexOf((found[1] as string).slice(0, 3)) + 1).padStart(2, '0')}-01`;
  found = value.match(/^(\d{1,2})[/.](\d{4})$/);
  if (found) return `${found[2]}-${(found[1] as string).padStart(2, '0')}-01`;
  found = value.match(/^(\d{4})-(\d{2})$/);
  if (found) return `${found[1]}-${found[2]}-01`;
  found = value.match(/^(\d{4})$/);
  if (found) return `${found[1]}-01-01`;
  return null;
};

type Range = { start: string | null; end: string | null; current: boolean; rest: string };

const rangeIn = (text: string): Range | null => {
  const found = text.match(rangePattern);
  if (!found) return null;
  const endText = found[2] as string;
  const current = new RegExp(`^${ongoing}$`, 'i').test(endText.trim());
  const rest = `${text.slice(0, found.index)} ${text.slice((found.index as number) + found[0].length)}`;
  return { start: isoOf(found[1] as string), end: current ? null : isoOf(endText), current, rest };
};

// Entries --------------------------------------------------------------------------------------

const employmentTypes =
  /^(?:full[- ]?time|part[- ]?time|contract|contractor|permanent|temporary|temp|freelance|internship|intern|graduate|apprenticeship|fixed[- ]term|remote|hybrid|on[- ]site|self[- ]employed|volunteer)$/i;

const defaultPlaces = new Set(
  'london,manchester,birmingham,leeds,liverpool,bristol,sheffield,newcastle,nottingham,leicester,glasgow,edinburgh,cardiff,belfast,southampton,portsmouth,brighton,oxford,cambridge,york,bath,exeter,plymouth,norwich,coventry,reading,milton keynes,aberdeen,dundee,swansea,derby,hull,stoke-on-trent,sunderland,wolverhampton,preston,huddersfield,bradford,remote,united kingdom,uk,england,scotland,wales'.split(
    ',',
  ),
);

const titleWords =
  /\b(?:engineer|developer|manager|analyst|consultant|officer|assistant|director|lead|head|designer|nurse|teacher|accountant|administrator|coordinator|co-ordinator|executive|specialist|technician|advisor|adviser|associate|intern|scientist|architect|planner|surveyor|supervisor|operative|driver|electrician|plumber|recruiter|partner|controller|clerk|representative|agent|worker|carer|practitioner|therapist|pharmacist|paralegal|solicitor|editor|writer|producer|trainee|apprentice|graduate|chef|receptionist|buyer|marketer|owner|founder|president|tester|programmer|support|lecturer|researcher|fellow|student|volunteer|bookkeeper|auditor|instructor|coach|mechanic|welder|inspector|estimator|scheduler|cashier|secretary)s?\b/i;
const companyWords =
  /\b(?:ltd|limited|plc|llp|llc|inc|group|bank|nhs|trust|council|partners|partnership|solutions|services|systems|digital|software|consulting|consultancy|associates|holdings|international|uk|technologies|technology|labs|studio|studios|agency|foundation|charity|university|college|school|hospital|logistics|retail|media|energy|capital|health|care|homes|construction|engineering|foods|insurance|finance|financial|networks)\b|&/i;

const partsOf = (text: string) =>
  text
    .split(/\s+[—–|·•]\s+|\s+-\s+|\s*\|\s*|,\s+|\s+at\s+|\s+@\s+|^[—–|·•-]\s*|\s*[—–|·•]$/)
    .map((part) =>
      part
        .trim()
        .replace(/^[-–—,:;]+|[-–—,:;]+$/g, '')
        .trim(),
    )
    .filter((part) => part && /[A-Za-z]/.test(part));

const isBullet = (text: string) => /^[•▪◦●\-*–]\s/.test(text) || /^[•▪◦●]$/.test(text.trim());
/** A sentence of description rather than a title, company or institution. */
const isProse = (text: string) => text.split(/\s+/).length > 10 || /[.!]$/.test(text.trim()) || isBullet(text);

const placeTest = (options: ParseOptions) => (name: string) => {
  const lower = name.trim().toLowerCase();
  return defaultPlaces.has(lower) || Boolean(options.isPlace?.(name));
};

type EntryHead = { parts: string[]; range: Range };

/** The parts of a line, cell by cell (a table's cells are parts whatever their punctuation), the dates taken out. */
const linePartsOf = (line: TextLine) =>
  line.cells.flatMap((cell) => partsOf(cell.replace(new RegExp(rangePattern.source, 'i'), ' ').replace(/\s+/g, ' ').trim()));

/**
 * The entries of a section: one for each line holding a date range, with the parts of the text
 * beside the dates, then of the lines next to them: above when the section starts with a line
 * before its first dates (an employer over the title and dates), else below.
 */
const entryHeads = (lines: Sectioned[], enough: (parts: string[]) => boolean): EntryHead[] => {
  const heads: EntryHead[] = [];
  const anchors = lines.map((line) => rangeIn(line.text));
  const first = anchors.findIndex(Boolean);
  const above =
    first > 0 && !isProse((lines[first - 1] as Sectioned).text) && (lines[first - 1] as Sectioned).section === lines[first]?.section;
  lines.forEach((line, index) => {
    const range = anchors[index];
    if (!range) return;
    const parts = linePartsOf(line);
    const step = above ? -1 : 1;
    for (let next = index + step, taken = 0; next >= 0 && next < lines.length && taken < 2 && !enough(parts); next += step, taken++) {
      const near = lines[next] as Sectioned;
      if (anchors[next] || isProse(near.text) || near.section !== line.section) break;
      if (above) parts.unshift(...linePartsOf(near));
      else parts.push(...linePartsOf(near));
    }
    heads.push({ parts, range });
  });
  return heads;
};

const workHistoryOf = (lines: Sectioned[], isPlace: (name: string) => boolean): ResumeDraft['workHistory'] => {
  const section = lines.filter((line) => line.section === 'experience');
  const meaningful = (part: string) => !employmentTypes.test(part) && !isPlace(part);
  return entryHeads(section, (parts) => parts.filter(meaningful).length >= 2).map(({ parts, range }) => {
    const kept = parts.filter(meaningful);
    const city = parts.find((part) => isPlace(part) && !/^(?:remote|uk|united kingdom|england|scotland|wales)$/i.test(part)) ?? null;
    let [jobTitle = null, organization = null] = kept as (string | null)[];
    const score = (part: string | null, words: RegExp) => (part && words.test(part) ? 1 : 0);
    const asTitle = score(jobTitle, titleWords) - score(jobTitle, companyWords);
    const asCompany = score(organization, titleWords) - score(organization, companyWords);
    if (organization && asCompany > asTitle) [jobTitle, organization] = [organization, jobTitle];
    return { jobTitle, organization, city, startDate: range.start, endDate: range.end, currentlyWorkingHere: range.current };
  });
};

const institutionWords =
  /\b(?:university|college|school|academy|institute|polytechnic|conservatoire|imperial|lse|ucl|kcl|sixth form|open university)\b/i;
const qualificationPattern =
  /^(?:(?:BSc|BA|BEng|MEng|MSc|MA|MRes|MPhil|PhD|DPhil|MBA|LLB|LLM|PGCE|PGDip|HND|HNC|BTEC|NVQ|GCSEs?|A[- ]Levels?|AS[- ]Levels?|Diploma|Certificate|Foundation Degree|Degree|Bachelor(?:'s)?|Master(?:'s)?|Doctorate|Level \d)\b[^,]*)/i;

const educationOf = (lines: Sectioned[]): ResumeDraft['education'] => {
  const section = lines.filter((line) => line.section === 'education');
  const hasBoth = (parts: string[]) =>
    parts.some((part) => institutionWords.test(part)) && parts.some((part) => qualificationPattern.test(part));
  return entryHeads(section, hasBoth).map(({ parts, range }) => {
    const organization =
      parts.find((part) => institutionWords.test(part)) ?? parts.find((part) => !qualificationPattern.test(part)) ?? null;
    const named = parts.find((part) => part !== organization && qualificationPattern.test(part)) ?? null;
    let qualification = named?.replace(/\s*\((?:hons|honours)\)/i, ' (Hons)') ?? null;
    let subject: string | null = null;
    const split = qualification?.match(/^(.+?)\s+(?:in|of)\s+(.+)$/i);
    if (split) {
      qualification = (split[1] as string).trim();
      subject = (split[2] as string).trim();
    } else if (named) {
      const after = parts[parts.indexOf(named) + 1];
      if (
        after &&
        after !== organization &&
        !institutionWords.test(after) &&
        !/\b(?:first|second|2:1|2:2|third|distinction|merit|pass|grade)\b/i.test(after)
      )
        subject = after;
    }
    return {
      organization,
      qualification,
      subject,
      startDate: range.start,
      endDate: range.end,
      isPursuing: range.current,
    };
  });
};

// Skills ---------------------------------------------------------------------------------------

const levelWords =
  /\s*(?:\(?\d\s*\/\s*\d\)?|\(?\b(?:expert|advanced|intermediate|beginner|basic|proficient|good|excellent|strong|native|fluent|conversational)\b\)?)\s*$/i;

const skillTokens = (lines: Sectioned[]) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    for (const cell of line.cells) {
      for (const raw of cell.split(/\s*[,;•·|▪]\s*|\s{2,}/)) {
        let token = raw.replace(/^[-*–]\s*/, '').trim();
        while (levelWords.test(token) && token.replace(levelWords, '').trim()) token = token.replace(levelWords, '').trim();
        if (!token || token.length > 40 || token.split(/\s+/).length > 5 || /[.:]$/.test(token)) continue;
        if (!/[A-Za-z]/.test(token)) continue;
        const key = token.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(token);
      }
    }
  }
  return out;
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9+#.]+/g, '-')
    .replace(/^-|-$/g, '');

export const matchSkills = (tokens: string[], lookup: SkillLookup[]): ResumeDraft['skills'] => {
  const byKey = new Map<string, SkillLookup>();
  for (const skill of lookup) {
    byKey.set(skill.label.toLowerCase(), skill);
    byKey.set(skill.value.toLowerCase(), skill);
    byKey.set(slug(skill.label), skill);
  }
  // A skill wrapped over two lines ("Stakeholder" over "management") is one when together they are a known skill or the second goes on in lower case.
  const labels: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    const next = tokens[index + 1];
    if (next && (byKey.has(`${token} ${next}`.toLowerCase()) || (/^[a-z]/.test(next) && !byKey.has(next.toLowerCase())))) {
      labels.push(`${token} ${next}`);
      index++;
    } else labels.push(token);
  }
  return labels.map((label) => {
    const found = byKey.get(label.toLowerCase()) ?? byKey.get(slug(label));
    return found ? { label: found.label, skillId: found._id, isNew: false } : { label, skillId: null, isNew: true };
  });
};

// Name -----------------------------------------------------------------------------------------

const nameWord = /^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’.-]*$/;
/** Titles over a résumé that are not the person's name. */
const notNames = /^(?:curriculum vitae|resume|résumé|cv|c\.v\.|personal details|contact me|page \d+)$/i;
const looksLikeName = (text: string) => {
  const words = text.trim().split(/\s+/);
  return (
    words.length >= 1 &&
    words.length <= 4 &&
    words.every((word) => nameWord.test(word)) &&
    !headingKeyOf(text) &&
    !notNames.test(text.trim())
  );
};

/** "AMELIA O'BRIEN-MCKAY" as "Amelia O'Brien-McKay"; mixed case is kept. */
const nameCase = (word: string) => {
  if (word !== word.toUpperCase()) return word;
  return word
    .toLowerCase()
    .replace(/(^|['’-])([a-zà-ÿ])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/(^|['’-])Mc([a-z])/g, (_, before: string, letter: string) => `${before}Mc${letter.toUpperCase()}`);
};

const nameOf = (lines: Sectioned[]): ResumeDraft['name'] => {
  const first = lines.filter((line) => line.page === 0 && line.section === 'header').slice(0, 12);
  const pool = first.length ? first : lines.filter((line) => line.page === 0).slice(0, 12);
  const candidates = pool.flatMap((line) =>
    line.cells.flatMap((cell, index) =>
      looksLikeName(cell) ? [{ ...line, text: cell, fontSize: line.sizes[index] ?? line.fontSize }] : [],
    ),
  );
  if (!candidates.length) return null;
  const size = Math.max(...candidates.map((line) => line.fontSize));
  const top = candidates.filter((line) => line.fontSize >= size - 0.5);
  let chosen = [top[0] as { text: string }];
  // A name drawn on two lines ("Amelia" over "Hartley"): one word each, the same size, one under the other.
  const second = top[1];
  if (size > 0 && second && chosen[0]?.text.split(/\s+/).length === 1 && second.text.split(/\s+/).length === 1)
    chosen = [...chosen, second];
  const words = chosen
    .map((line) => line.text)
    .join(' ')
    .split(/\s+/)
    .map(nameCase);
  if (words.length === 1) return { first: words[0] as string, last: '' };
  return { first: words[0] as string, last: words.slice(1).join(' ') };
};

// The draft ------------------------------------------------------------------------------------

export const parseResume = (layout: ReadLayout, options: ParseOptions = {}): ResumeDraft => {
  const lines = sectioned(layout.lines);
  const isPlace = placeTest(options);
  const contactLines = lines.filter((line) => line.section !== 'references');
  let email: string | null = null;
  let phone: string | null = null;
  const links: ResumeDraft['links'] = { linkedIn: null, gitHub: null, site: null };
  for (const line of contactLines) {
    email ??=
      line.text
        .match(emailPattern)?.[0]
        .replace(/[.,;]+$/, '')
        .toLowerCase() ?? null;
    phone ??= phoneIn(line.text.replace(emailPattern, ' '));
    for (const match of line.text.replace(new RegExp(emailPattern.source, 'g'), ' ').matchAll(linkPattern)) {
      const link = match[0];
      const own = line.section === 'header' || line.section === 'contact';
      if (/linkedin\.com\//i.test(link)) links.linkedIn ??= withScheme(link);
      else if (/github\.com\/[\w-]+\/?$/i.test(link) || (own && /github\.com\//i.test(link))) links.gitHub ??= withScheme(link);
      else if ((line.section === 'header' || line.section === 'contact') && !/^[a-z]+\.(?:js|net)$/i.test(link))
        links.site ??= withScheme(link);
    }
  }
  const headerish = lines.filter((line) => line.section === 'header' || line.section === 'contact');
  let city: string | null = null;
  for (const line of headerish) {
    if (city) break;
    const bare = line.text.replace(new RegExp(emailPattern.source, 'g'), ' | ').replace(phonePattern, ' | ').replace(linkPattern, ' | ');
    for (const part of bare
      .replace(/^(?:location|address|based in)\s*[:：]?\s*/i, '')
      .split(/\s*[|·•,]\s*|\s{2,}/)
      .map((value) => value.replace(/\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/, '').trim())) {
      if (part && !/^(?:uk|united kingdom|england|scotland|wales|remote)$/i.test(part) && isPlace(part)) {
        city = part;
        break;
      }
    }
  }
  const summary =
    lines
      .filter((line) => line.section === 'profile')
      .map((line) => line.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 5000) || null;
  return {
    name: nameOf(lines),
    email,
    phone,
    links,
    city,
    summary,
    skills: matchSkills(skillTokens(lines.filter((line) => line.section === 'skills')), options.skills ?? []),
    workHistory: workHistoryOf(lines, isPlace),
    education: educationOf(lines),
    layout: layout.twoColumns ? 'TWO_COLUMNS' : 'ONE_COLUMN',
  };
};
