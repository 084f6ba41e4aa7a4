import { z } from 'zod';
import { isPhoneNumber, phoneNumberMessage } from './common';
import { mongoId } from './ids';

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(500);

/** A date that is not in the future, as the spec's education and work-history rules ask. */
const pastDate = (missing: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: missing })
    .refine((value) => new Date(value).getTime() <= Date.now(), 'Invalid date');

const endDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Please enter end date' });

/** Unless it is still going on, a period needs an end, and the end may not come before the start. */
const checkPeriod = (period: { startDate: string; endDate?: string | null }, ongoing: boolean | undefined, ctx: z.RefinementCtx) => {
  if (ongoing) return;
  if (!period.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Please enter end date' });
    return;
  }
  if (new Date(period.endDate).getTime() < new Date(period.startDate).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Invalid date' });
  }
};

export const education = z
  .object({
    _id: mongoId().optional(),
    organization: required('Please enter organisation'),
    qualification: required('Please enter qualification'),
    subject: required('Please enter subject'),
    grade: required('Please enter grade'),
    startDate: pastDate('Please enter start date'),
    endDate: endDate.optional().nullable(),
    isPursuing: z.boolean().default(false),
    description: z.string().max(5000).optional().nullable(),
  })
  .superRefine((e, ctx) => checkPeriod(e, e.isPursuing, ctx));
export type Education = z.infer<typeof education>;

export const workHistory = z
  .object({
    _id: mongoId().optional(),
    jobTitle: required('Please enter job title'),
    jobType: required('Please enter job type'),
    organization: required('Please enter company name'),
    city: required('Please enter city'),
    startDate: pastDate('Please enter start date'),
    endDate: endDate.optional().nullable(),
    currentlyWorkingHere: z.boolean().default(false),
    responsibilities: z.string({ error: 'Please enter responsibilities' }).trim().min(1, 'Please enter responsibilities').max(10_000),
  })
  .superRefine((w, ctx) => checkPeriod(w, w.currentlyWorkingHere, ctx));
export type WorkHistory = z.infer<typeof workHistory>;

/** A rated skill: the lookup's id, its label at the time, 1 to 5. */
export const skillItem = z.object({
  skillId: mongoId('skillId'),
  label: z.string().trim().max(200).optional(),
  rating: z.number().int().min(1).max(5).default(3),
});

export const languageItem = z.object({
  languageId: mongoId('languageId'),
  label: z.string().trim().max(200).optional(),
  proficiency: z.enum(['BASIC', 'CONVERSATIONAL', 'FLUENT', 'NATIVE']).default('FLUENT'),
});

/** Job seekers and recruiters: at least 12 characters, as "+44 7700 900123" is. */
export const boardPhone = z
  .string({ error: 'Please enter phone number.' })
  .trim()
  .min(1, 'Please enter phone number.')
  .min(12, 'Phone must be at least 12 characters.')
  .max(30, 'Phone must be at most 30 characters.')
  .refine(isPhoneNumber, phoneNumberMessage);

export const slug = z
  .string()
  .trim()
  .min(1, 'Please enter a slug')
  .max(200)
  .regex(/^[a-z0-9-]+$/, 'Only a-z, 0-9 and "-" are allowed.');

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'item';
