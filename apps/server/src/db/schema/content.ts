import type { Address, UploadedFile } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const authors = pgTable('authors', {
  ...baseColumns(),
  name: text().notNull(),
  fullName: text(),
  profile: text(),
  img: jsonb().$type<UploadedFile>(),
});

export type AuthorCard = { _id: string; name: string; fullName?: string | null; profile?: string | null };

export const articles = pgTable(
  'articles',
  {
    ...baseColumns(),
    title: text().notNull(),
    slug: text().notNull(),
    content: text().notNull(),
    meta_description: text().notNull(),
    meta_tags: text().notNull(),
    meta_title: text().notNull(),
    shortDesc: text().notNull(),
    tags: jsonb().$type<string[]>().notNull().default([]),
    img: jsonb().$type<UploadedFile>(),
    authorId: text(),
    author: jsonb().$type<AuthorCard>(),
    isFeatured: boolean().notNull().default(false),
    publishDate: timestamp({ withTimezone: true, mode: 'date' }),
    status: text().notNull().default('DRAFT'),
  },
  (t) => [
    uniqueIndex('articles_slug_live').on(t.slug).where(sql`not ${t.isDeleted}`),
    index('articles_public').on(t.status, t.publishDate),
  ],
);

export const adminNotes = pgTable('admin_notes', { ...baseColumns(), userId: text().notNull(), note: text().notNull() }, (t) => [
  index('admin_notes_user').on(t.userId),
]);

export const engagementTemplates = pgTable('engagement_templates', {
  ...baseColumns(),
  name: text().notNull(),
  content: text().notNull(),
});

export const employeeCards = pgTable(
  'employee_cards',
  {
    ...baseColumns(),
    name: text(),
    profileImg: jsonb().$type<UploadedFile>(),
    address: jsonb().$type<Address>(),
    email: text(),
    phone: text().notNull(),
    mobile: text(),
    designation: text(),
    linkedInLink: text(),
    status: text().notNull().default('ACTIVE'),
    slug: text().notNull(),
    website: text(),
    isWhatsapp: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('employee_cards_slug_live').on(t.slug).where(sql`not ${t.isDeleted}`)],
);

export const contactQueries = pgTable('contact_queries', {
  ...baseColumns(),
  contactName: text(),
  phone: text().notNull(),
  email: text().notNull(),
  content: text().notNull(),
  status: text().notNull().default('NEW'),
  isReplied: boolean().notNull().default(false),
  clientId: text(),
  threadId: text(),
});

export const jobSeekerReferences = pgTable(
  'job_seeker_references',
  {
    ...baseColumns(),
    jobSeekerId: text().notNull(),
    companyName: text().notNull(),
    refereeName: text(),
    email: text(),
    phone: text(),
    designation: text(),
    status: text().notNull().default('PENDING'),
  },
  (t) => [index('job_seeker_references_seeker').on(t.jobSeekerId)],
);
