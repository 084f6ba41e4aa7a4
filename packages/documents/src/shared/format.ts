import { type Address, fullNameOf, type PersonName } from '@app/contract/conventions/common';
import { jobTypes } from '@app/contract/lookups';
import { type CvDocument, type CvPublication, publicationStatusLabels } from '@app/contract/resources/job-board/cv-document';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2021-01-15" or an ISO timestamp as a UTC date, so a template prints the same month in every time zone. */
const parse = (value: string | null | undefined) => {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** "Jan 2021". */
export const monthYear = (value: string | null | undefined) => {
  const date = parse(value);
  return date ? `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}` : '';
};

/** "15 January 2021", as UK letters are dated. */
export const longDate = (value: string | null | undefined) => {
  const date = parse(value);
  return date ? `${date.getUTCDate()} ${longMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}` : '';
};

/** "Jan 2021 – Present", "Jan 2019 – Dec 2020", "Jan 2019". */
export const period = (start: string | null | undefined, end: string | null | undefined, ongoing?: boolean) => {
  const from = monthYear(start);
  const to = ongoing ? 'Present' : monthYear(end);
  if (from && to) return from === to ? from : `${from} – ${to}`;
  return from || to;
};

export const fullName = (name: Partial<PersonName> | null | undefined) =>
  [name?.title, name?.fullName || fullNameOf(name)].filter((part) => part?.trim()).join(' ');

/** The short form for a header: "London, United Kingdom". */
export const shortAddress = (address: Address | null | undefined) =>
  [address?.city, address?.country].filter((part) => part?.trim()).join(', ');

/** The lines of a postal address, for a letter. */
export const addressLines = (address: Address | null | undefined) => {
  if (!address) return [];
  // A house number shares the street's line ("14 Oldham Street"); a building's name has its own.
  const numbered = /^\d+[a-z]?$/i.test(address.building?.trim() ?? '');
  const street = numbered ? [`${address.building!.trim()} ${address.street ?? ''}`.trim()] : [address.building, address.street];
  const town = [address.city, address.postCode].filter((part) => part?.trim()).join(' ');
  return [...street, town, address.county, address.country].filter((line): line is string => Boolean(line?.trim()));
};

/** Work history stores the job type as the lookup's value ("1") or as free text. */
export const jobTypeLabel = (value: string | null | undefined) => {
  if (!value) return '';
  const known = jobTypes.find((type) => String(type.value) === value.trim() || type.label.toLowerCase() === value.trim().toLowerCase());
  return known?.label ?? value;
};

export const ratingLabels = ['', 'Beginner', 'Elementary', 'Intermediate', 'Advanced', 'Expert'] as const;
export const ratingLabel = (rating: number | null | undefined) => ratingLabels[Math.min(5, Math.max(1, Math.round(rating ?? 3)))];

/** "linkedin.com/in/jane" rather than the whole URL. */
export const displayLink = (link: string | null | undefined) =>
  (link ?? '')
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');

/** Black or white, whichever reads better on the given background. */
export const textOn = (background: string) => {
  const hex = background.replace('#', '');
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.45 ? '#1a1a1a' : '#ffffff';
};

/** Mixes a colour with white: `tint('#1f4e79', 0.85)` is a pale wash of it. */
export const tint = (color: string, amount: number) => {
  const hex = color.replace('#', '');
  const mix = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (255 - value) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${mix(0)}${mix(2)}${mix(4)}`;
};

/** Darkens a colour: `shade('#1f4e79', 0.3)`. */
export const shade = (color: string, amount: number) => {
  const hex = color.replace('#', '');
  const mix = (offset: number) =>
    Math.round(Number.parseInt(hex.slice(offset, offset + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${mix(0)}${mix(2)}${mix(4)}`;
};

/** The accent, darkened when it is too pale to read as text on white. */
export const accentInk = (accent: string) => (textOn(accent) === '#ffffff' ? accent : shade(accent, 0.45));

type Job = CvDocument['workHistory'][number];
type Course = CvDocument['education'][number];

/** "Mar 2021 – Present". */
export const jobPeriod = (job: Job) => period(job.startDate, job.endDate, job.currentlyWorkingHere);
/** Organisation, city and job type, for the template to join in its own way. */
export const jobPlace = (job: Job) => [job.organization, job.city, jobTypeLabel(job.jobType)];

export const coursePeriod = (course: Course) => period(course.startDate, course.endDate, course.isPursuing);

/** The month it came out, or how far it has got ("Under review"). */
export const publicationDate = (publication: CvPublication) =>
  publication.publicationStatus === 'PUBLISHED'
    ? monthYear(publication.publishedDate)
    : publicationStatusLabels[publication.publicationStatus];

/** Where it appeared and who else wrote it, for the template to join in its own way. */
export const publicationCredits = (publication: CvPublication) => [
  publication.publicationsName,
  publication.publisherName,
  publication.coAuthor && `with ${publication.coAuthor}`,
  publication.isbnNumber && `ISBN ${publication.isbnNumber}`,
];
