/**
 * What a candidate's CV must not show a client who has not been granted the candidate's personal
 * details (DECISIONS.md §6): email addresses, phone numbers, postal addresses and postcodes, links,
 * and any of the candidate's own stored contact values wherever they appear.
 *
 * A CV's text is judged a line at a time, and a line is withheld whole when any part of it matches:
 * "Tel: 07700 900 123", an email drawn as "jane.doe@" + "mail.com", or "12 Baker Street, London NW1
 * 6XE" go altogether, never half. Fragments that continue a withheld email or link on the next or
 * previous line ("example.co.uk" under "jane.doe@") go with it.
 */
import type { Address } from '@app/contract/conventions/common';
import type { CvDocument } from '@app/contract/resources/job-board/cv-document';
import type { LaidOutPage, PlacedRun } from '@app/documents/cv/redacted';

/** The candidate's own values to look for beside the general patterns, already normalised. */
export type Withheld = {
  /** Lower case. */
  emails: string[];
  /** Digits only, the last nine of each stored number (a national number without its prefix). */
  phones: string[];
  /** Lower case: building and street lines. */
  addressLines: string[];
  /** Upper case, no spaces. */
  postcodes: string[];
  /** Lower case, no scheme, no "www.", no trailing slash. */
  links: string[];
};

export const noWithheld: Withheld = { emails: [], phones: [], addressLines: [], postcodes: [], links: [] };

const digitsOf = (text: string) => text.replace(/\D/g, '');
const compact = (text: string) => text.replace(/\s+/g, '');
const bareLink = (link: string) =>
  link
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

/** The values of a candidate's record to withhold besides the patterns. */
export const withheldOf = (person: {
  email?: string | null;
  phone?: string | null;
  address?: Address | null;
  links?: (string | null | undefined)[];
  moreEmails?: (string | null | undefined)[];
  morePhones?: (string | null | undefined)[];
}): Withheld => {
  const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))].sort();
  const address = person.address ?? {};
  return {
    emails: unique([person.email, ...(person.moreEmails ?? [])].map((email) => email?.trim().toLowerCase())),
    phones: unique(
      [person.phone, ...(person.morePhones ?? [])].map((phone) => {
        const digits = digitsOf(phone ?? '');
        return digits.length >= 7 ? digits.slice(-9) : null;
      }),
    ),
    addressLines: unique(
      [address.building, address.street]
        .map((line) => line?.trim().toLowerCase())
        .filter((line): line is string => Boolean(line && line.length >= 4 && /[a-z]/.test(line))),
    ),
    postcodes: unique(
      [address.postCode].map((code) => (code ? compact(code).toUpperCase() : null)).filter((code) => (code?.length ?? 0) >= 4),
    ),
    links: unique((person.links ?? []).map((link) => (link ? bareLink(link) : null)).filter((link) => (link?.length ?? 0) >= 6)),
  };
};

const email = /[\w.+'-]+\s?@\s?[\w-]+(?:\s?\.\s?[\w-]+)+/;
/** A lone "@" between word characters, or a word that starts or ends with it: an address drawn in pieces. */
const atSign = /\w\s?@|@\s?\w/;
const url =
  /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|co\.uk|org|net|io|dev|me|uk|info|biz|site|online|tech|app|page)\/\S*/i;
/** A bare host written in lower case ("trailtimes.example.org", "janedoe.dev"); "Scrum.org" as a name is left. */
const bareHost =
  /(?:^|[\s(|•·,;])(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|me|uk|info|biz|site|online|tech|app|page|co|xyz)(?=$|[\s)|•·,;:]|\.(?:\s|$))/;
const profileHost =
  /\b(?:linkedin\.com|github\.com|gitlab\.com|bitbucket\.org|twitter\.com|x\.com\/|facebook\.com|instagram\.com|behance\.net|dribbble\.com|medium\.com|stackoverflow\.com|wa\.me|t\.me)\b/i;
/**
 * Numbers a person can be called on: a "+" or "00" prefix and 8 to 15 digits; a national number
 * starting with 0 and 10 to 12 digits ("07700 900 123", "(020) 7946 0018"); a North American
 * "(555) 123-4567" or "555-123-4567". Dates ("2019 - 2021", "01/2019") have too few digits or start otherwise.
 */
const phoneCandidates =
  /(?:\+|\b00)\s?\(?\d[\d\s().\-/]{6,}\d|\(?\b0\d[\d\s().-]{7,}\d|\(\d{3}\)\s?\d{3}[\s.-]?\d{4}\b|\b\d{3}[.-]\d{3}[.-]\d{4}\b/g;
const holdsPhone = (text: string) => {
  for (const match of text.matchAll(phoneCandidates)) {
    const found = match[0];
    const digits = digitsOf(found).length;
    if (/^(?:\+|00)/.test(found) && digits >= 8 && digits <= 15) return true;
    if (/^\(?0/.test(found) && digits >= 10 && digits <= 12) return true;
    if (/^(?:\(\d{3}\)|\d{3}[.-])/.test(found) && digits === 10) return true;
  }
  return false;
};
/** A UK postcode as people write it (upper case: "NW1 6XE", "M1 1AE", "EC1A 1BB", "GIR 0AA"). */
const postcode = /\b(?:GIR ?0AA|[A-PR-UWYZ](?:\d[A-HJKPSTUW\d]?|[A-HK-Y]\d[ABEHMNPRV-Y\d]?) ?\d[ABD-HJLNP-UW-Z]{2})\b/;
/** "12 Baker Street", "3a Park Lane", "221B Baker St." */
const streetAddress =
  /\b\d{1,4}[A-Za-z]?,?\s+(?:[A-Z][\w'’-]*\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Close|Cl|Drive|Dr|Way|Court|Ct|Place|Pl|Crescent|Cres|Gardens|Gdns|Grove|Gr|Terrace|Hill|Park|Square|Sq|Mews|Row|Walk|Parade|Rise|Boulevard|Blvd)\b/;
/** A line that announces contact details: "Tel:", "Mobile:", "E-mail:", "Address:", "LinkedIn:". */
const contactLabel =
  /(?:^|[\s|•·,;(])(?:tel|telephone|phone|phone no|mobile|mob|cell|e-?mail|address|home address|postal address|post ?code|linkedin|github|website|web|skype|whatsapp|twitter)\.?\s*[:：]/i;

export type ContactReason = 'email' | 'link' | 'phone' | 'address' | 'label' | 'own';

/** Why a line of text may not be shown, or null when it may. */
export const contactIn = (text: string, withheld: Withheld = noWithheld): ContactReason | null => {
  if (!text.trim()) return null;
  const lower = text.toLowerCase();
  const tight = compact(lower);
  if (email.test(text) || atSign.test(text)) return 'email';
  if (url.test(text) || profileHost.test(text) || bareHost.test(text)) return 'link';
  if (holdsPhone(text)) return 'phone';
  if (postcode.test(text) || streetAddress.test(text)) return 'address';
  if (contactLabel.test(text)) return 'label';
  if (withheld.emails.some((value) => tight.includes(compact(value)))) return 'own';
  if (withheld.links.some((value) => tight.includes(compact(value)))) return 'own';
  const digits = digitsOf(text);
  if (withheld.phones.some((value) => digits.includes(value))) return 'own';
  if (withheld.postcodes.some((value) => tight.toUpperCase().includes(value))) return 'own';
  if (withheld.addressLines.some((value) => lower.replace(/\s+/g, ' ').includes(value.replace(/\s+/g, ' ')))) return 'own';
  return null;
};

/** A piece of an address or link with no spaces ("example.co.uk", "jane.doe@", "/in/jane-doe"): part of a withheld neighbour. */
const fragment = /^[\w.+@/:%~#=?&-]*[.@/][\w.+@/:%~#=?&-]*$/;

/**
 * Which of the lines (in reading order) to withhold: each that holds contact details, and each
 * fragment next to a withheld email or link that continues it. `neighboursOf(i)` names the lines
 * just above and below line i (in the same column, for a page); plain text lines are neighbours in order.
 */
export const withheldLines = <Line extends { text: string }>(
  lines: Line[],
  withheld: Withheld,
  neighboursOf: (index: number) => number[] = (index) => [index - 1, index + 1],
): boolean[] => {
  const reasons = lines.map((line) => contactIn(line.text, withheld));
  const out = reasons.map((reason) => reason !== null);
  // Fragments spread from a withheld email or link both ways, as far as they run.
  let changed = true;
  while (changed) {
    changed = false;
    lines.forEach((line, index) => {
      if (out[index] || !fragment.test(line.text.trim())) return;
      for (const other of neighboursOf(index)) {
        if (!lines[other] || !out[other]) continue;
        const reason = reasons[other];
        if (reason === 'email' || reason === 'link' || reason === 'own' || reason === null) {
          out[index] = true;
          changed = true;
          return;
        }
      }
    });
  }
  return out;
};

/** What stands in for contact details taken out of running text. */
export const withheldMark = '[withheld]';

/** Running text with every contact detail in it replaced by the mark (a built CV's summary or duties). */
export const scrubText = (text: string, withheld: Withheld): string => {
  const global = (pattern: RegExp) => new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let out = text;
  for (const pattern of [email, url, profileHost, postcode, streetAddress]) out = out.replace(global(pattern), withheldMark);
  out = out.replace(global(bareHost), (found) => found.replace(/\S+$/, withheldMark));
  out = out.replace(phoneCandidates, (found) => (holdsPhone(found) ? withheldMark : found));
  for (const value of [...withheld.emails, ...withheld.links, ...withheld.addressLines]) {
    if (!value) continue;
    out = out.replace(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), withheldMark);
  }
  return out;
};

/**
 * A built CV without the candidate's contact details: no email, phone, address or LinkedIn, no
 * referees' email or phone, no project links, and any contact details typed into the running text
 * replaced by the mark. The templates leave empty contact fields out.
 */
export const cvWithoutContact = (cv: CvDocument, withheld: Withheld): CvDocument => {
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return scrubText(value, withheld);
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrub(inner)]));
    return value;
  };
  return {
    ...cv,
    email: '',
    phone: null,
    address: null,
    linkedInLink: null,
    professionalSummary: scrubText(cv.professionalSummary, withheld),
    workHistory: scrub(cv.workHistory) as CvDocument['workHistory'],
    education: scrub(cv.education) as CvDocument['education'],
    projects: cv.projects.map((project) => ({ ...(scrub(project) as typeof project), link: null })),
    publications: scrub(cv.publications) as CvDocument['publications'],
    certifications: scrub(cv.certifications) as CvDocument['certifications'],
    hobbies: scrub(cv.hobbies) as CvDocument['hobbies'],
    references: cv.references.map((reference) => ({ ...reference, email: '', phone: '' })),
  };
};

/** A PDF's runs grouped as a reader sees them: one segment is the runs of one line of one column. */
type Segment = { runs: PlacedRun[]; text: string; left: number; right: number; baseline: number; fontSize: number };

/** The page's runs as segments: runs on one baseline, split where a gap wider than a few letters parts two columns. */
const segmentsOf = (page: LaidOutPage): Segment[] => {
  const runs = [...page.runs].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: PlacedRun[][] = [];
  for (const run of runs) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(run.baseline - first.baseline) <= 0.35 * Math.min(run.fontSize, first.fontSize)) line.push(run);
    else lines.push([run]);
  }
  const segments: Segment[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x - b.x);
    let current: PlacedRun[] = [];
    const close = () => {
      if (current.length === 0) return;
      let text = '';
      let right = -Infinity;
      for (const run of current) {
        const gap = run.x - right;
        if (text && gap > 0.2 * run.fontSize && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
        text += run.text;
        right = Math.max(right, run.x + run.width);
      }
      const first = current[0] as PlacedRun;
      segments.push({
        runs: current,
        text,
        left: first.x,
        right,
        baseline: first.baseline,
        fontSize: Math.max(...current.map((run) => run.fontSize)),
      });
      current = [];
    };
    let right = -Infinity;
    for (const run of line) {
      if (current.length > 0 && run.x - right > Math.max(2.5 * run.fontSize, 18)) close();
      current.push(run);
      right = Math.max(right, run.x + run.width);
    }
    close();
  }
  return segments;
};

/** The segment just above or below in the same column (their spans overlap, a line or two apart). */
const neighboursIn = (segments: Segment[]) => (index: number) => {
  const self = segments[index] as Segment;
  const overlapping = (other: Segment) =>
    other !== self && other.left < self.right + self.fontSize && self.left < other.right + self.fontSize;
  const reach = 2.2 * self.fontSize;
  const above = segments
    .map((other, at) => ({ other, at }))
    .filter(({ other }) => overlapping(other) && other.baseline < self.baseline && self.baseline - other.baseline <= reach)
    .sort((a, b) => b.other.baseline - a.other.baseline)[0];
  const below = segments
    .map((other, at) => ({ other, at }))
    .filter(({ other }) => overlapping(other) && other.baseline > self.baseline && other.baseline - self.baseline <= reach)
    .sort((a, b) => a.other.baseline - b.other.baseline)[0];
  return [above?.at, below?.at].filter((at): at is number => at !== undefined);
};

/** The pages with every line of a column that holds contact details left out, run by run. */
export const redactLaidOut = (pages: LaidOutPage[], withheld: Withheld): LaidOutPage[] =>
  pages.map((page) => {
    const segments = segmentsOf(page);
    const out = withheldLines(segments, withheld, neighboursIn(segments));
    const kept = new Set(segments.flatMap((segment, index) => (out[index] ? [] : segment.runs)));
    return { ...page, runs: page.runs.filter((run) => kept.has(run)) };
  });

/** A Word file's paragraphs without those that hold contact details. */
export const redactParagraphs = (paragraphs: string[], withheld: Withheld): string[] => {
  const lines = paragraphs.map((text) => ({ text }));
  const out = withheldLines(lines, withheld);
  return paragraphs.filter((_, index) => !out[index]);
};
