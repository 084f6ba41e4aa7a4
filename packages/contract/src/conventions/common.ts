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
