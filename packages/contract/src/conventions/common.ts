import { z } from 'zod';
import { mongoId } from './ids';

export const genericStatuses = ['ACTIVE', 'INACTIVE'] as const;
export const genericStatus = z.enum(genericStatuses, { error: 'Status must be ACTIVE or INACTIVE' });
export type GenericStatus = (typeof genericStatuses)[number];

export const idName = z.object({ _id: mongoId().optional(), name: z.string().optional() });
export type IdName = z.infer<typeof idName>;

export const itemId = z.object({ prefix: z.string(), number: z.number().int(), combined: z.string() });
export type ItemId = z.infer<typeof itemId>;

export const address = z.object({
  building: z.string().trim().optional(),
  street: z.string().trim().optional(),
  city: z.string().trim().optional(),
  county: z.string().trim().optional(),
  postCode: z.string().trim().optional(),
  country: z.string().trim().optional(),
  exactLocation: z.object({ type: z.literal('Point').default('Point'), coordinates: z.array(z.number()).length(2) }).optional(),
});
export type Address = z.infer<typeof address>;

export const personNameFields = z.object({
  title: z.string().trim().optional(),
  first: z.string({ error: 'Please enter your first name.' }).trim().min(1, 'Please enter your first name.'),
  middle: z.string().trim().optional(),
  last: z.string().trim().optional(),
  fullName: z.string().optional(),
});
export type PersonName = z.infer<typeof personNameFields>;

export const fullNameOf = (name: Partial<PersonName> | null | undefined) =>
  [name?.first, name?.middle, name?.last].filter(Boolean).join(' ');

/**
 * A person's name; `fullName` is always derived from the parts so search and display agree (an
 * overwrite, not a transform, so the name keeps one shape in and out and in the API docs).
 */
export const personName = personNameFields.overwrite((name) => ({ ...name, fullName: fullNameOf(name) }));

export const uploadedFile = z.object({
  _id: mongoId(),
  originalName: z.string(),
  blobName: z.string(),
  url: z.string().optional(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** An expiring link to a file, and the file. */
export const fileLink = z.object({ url: z.string(), file: uploadedFile });
export type FileLink = z.infer<typeof fileLink>;

export const relatedTo = z.object({
  _id: mongoId(),
  entityType: z.string(),
  itemId: itemId.partial().optional(),
});
export type RelatedTo = z.infer<typeof relatedTo>;

/**
 * The records a note, task, event, call log or email is about. The server checks each entry names a
 * live record of the caller's organisation (a definition's `relatedTo`) and stores that record's itemId.
 */
export const relatedToList = z.array(relatedTo, { error: 'relatedTo must be a list' }).max(20, 'At most 20 related records');

export const socialMedia = z.object({
  _id: mongoId().optional(),
  platform: z.string().trim().min(1, 'Please enter platform'),
  link: z.url('Please enter a valid link'),
});
export type SocialMedia = z.infer<typeof socialMedia>;

export const email = (required = 'Please enter email') =>
  z.string({ error: required }).trim().toLowerCase().min(1, required).pipe(z.email('Please enter a valid email'));

export const password = z
  .string({ error: 'Please enter password' })
  .min(8, 'Password must be at least 8 characters.')
  .max(200, 'Password must be at most 200 characters.');

export const isoDate = z.iso.datetime({ offset: true, error: 'Invalid date' });

/**
 * A web address a person types: "https://example.com/x" or "example.com/x" (the scheme is often left
 * out). Words with spaces or without a domain are refused. Empty stays allowed: the field is optional.
 */
export const isWebLink = (value: string) => {
  if (value === '') return true;
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return ['http:', 'https:'].includes(url.protocol) && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
};

export const webLink = (message = 'Please enter a web address such as https://example.com') =>
  z.string().trim().max(500, 'A web address must be at most 500 characters').refine(isWebLink, message);
export const linkedInLinkField = () =>
  webLink('Please enter your LinkedIn profile’s address, such as https://www.linkedin.com/in/your-name');
export const websiteField = () => webLink('Please enter the website’s address, such as https://example.com');
export const gitHubLinkField = () => webLink('Please enter your GitHub profile’s address, such as https://github.com/your-name');

/** A phone number: digits with the usual "+", spaces, brackets, dots and dashes, 7 to 15 digits. */
export const isPhoneNumber = (value: string) =>
  /^\+?[0-9 ().-]+$/.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 7 && (value.match(/[0-9]/g)?.length ?? 0) <= 15;
export const phoneNumberMessage = 'Please enter a valid phone number, such as +44 7700 900123';

/** Salary ranges: the maximum, when given, is at least the minimum; the message sits on the maximum. */
export const checkSalaryRange = (range: { min?: number | null; max?: number | null }, ctx: z.RefinementCtx) => {
  if (range.min != null && range.max != null && range.max < range.min) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: 'The maximum salary must not be below the minimum' });
  }
};
