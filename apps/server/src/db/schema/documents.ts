import type { Address, PersonName, UploadedFile } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** A job seeker's built CVs (ownerId is the seeker's user). */
export const cvs = pgTable(
  'cvs',
  {
    ...baseColumns(),
    userId: text().notNull(),
    jobSeekerId: text().notNull(),
    cvTitle: text().notNull(),
    templateSlug: text().notNull(),
    accentColor: text().notNull(),
    name: jsonb().$type<PersonName>().notNull(),
    designation: text().notNull(),
    email: text().notNull(),
    phone: text(),
    profileImg: jsonb().$type<UploadedFile>(),
    address: jsonb().$type<Address>(),
    linkedInLink: text(),
    ukDrivingLicence: boolean().notNull().default(false),
    professionalSummary: text().notNull(),
    skills: jsonb().notNull().default([]),
    personalSkills: jsonb().notNull().default([]),
    languages: jsonb().notNull().default([]),
    hobbies: jsonb().notNull().default([]),
    projects: jsonb().notNull().default([]),
    publications: jsonb().notNull().default([]),
    education: jsonb().notNull().default([]),
    workHistory: jsonb().notNull().default([]),
    certifications: jsonb().notNull().default([]),
    references: jsonb().notNull().default([]),
    sectionOrder: jsonb().notNull().default([]),
    isDefault: boolean().notNull().default(false),
    status: text().notNull().default('ACTIVE'),
    type: text().notNull().default('BUILT'),
    file: jsonb().$type<UploadedFile>(),
  },
  (t) => [
    index('cvs_owner').on(t.ownerId, t.createdAt),
    // At most one default CV per seeker, whatever races.
    uniqueIndex('cvs_one_default').on(t.ownerId).where(sql`${t.isDefault} and not ${t.isDeleted}`),
  ],
);

export const coverLetters = pgTable(
  'cover_letters',
  {
    ...baseColumns(),
    jobSeekerId: text().notNull(),
    jobId: text(),
    title: text().notNull(),
    templateSlug: text().notNull(),
    accentColor: text().notNull(),
    date: text(),
    jobSeekerDetails: jsonb().notNull(),
    recipientDetails: jsonb().notNull(),
    bodySections: jsonb().notNull().default([]),
    isDefault: boolean().notNull().default(false),
    status: text().notNull().default('ACTIVE'),
    file: jsonb().$type<UploadedFile>(),
    docxFile: jsonb().$type<UploadedFile>(),
  },
  (t) => [
    index('cover_letters_owner').on(t.ownerId, t.createdAt),
    uniqueIndex('cover_letters_one_default').on(t.ownerId).where(sql`${t.isDefault} and not ${t.isDeleted}`),
  ],
);

export const coverLetterSections = pgTable(
  'cover_letter_sections',
  {
    ...baseColumns(),
    label: text().notNull(),
    description: text(),
    value: text().notNull(),
    orderNumber: integer().notNull(),
    type: text().notNull().default('PARAGRAPH'),
    variables: jsonb().notNull().default([]),
    subSections: jsonb().notNull().default([]),
    status: text().notNull().default('ACTIVE'),
    isDraggable: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('cover_letter_sections_value_live').on(t.value).where(sql`not ${t.isDeleted}`)],
);

export const coverLetterSuggestions = pgTable(
  'cover_letter_suggestions',
  {
    ...baseColumns(),
    sectionId: text().notNull(),
    subSectionId: text(),
    content: text().notNull(),
    status: text().notNull().default('ACTIVE'),
    variables: jsonb().notNull().default([]),
  },
  (t) => [index('cover_letter_suggestions_section').on(t.sectionId)],
);

export const coverLetterTemplates = pgTable(
  'cover_letter_templates',
  {
    ...baseColumns(),
    title: text().notNull(),
    slug: text().notNull(),
    layout: text().notNull(),
    defaultAccentColor: text().notNull(),
    imgFile: jsonb().$type<UploadedFile>(),
    isDocx: boolean().notNull().default(true),
    status: text().notNull().default('ACTIVE'),
  },
  (t) => [uniqueIndex('cover_letter_templates_slug_live').on(t.slug).where(sql`not ${t.isDeleted}`)],
);
