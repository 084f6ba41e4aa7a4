import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

const lookupColumns = () => ({
  ...baseColumns(),
  label: text().notNull(),
  value: text().notNull(),
  status: text().notNull().default('ACTIVE'),
});

export const skills = pgTable(
  'skills',
  { ...lookupColumns(), industryId: text(), isNew: boolean().notNull().default(false), type: text().notNull().default('HARD') },
  (t) => [uniqueIndex('skills_value_live').on(t.value).where(sql`not ${t.isDeleted}`)],
);

export const languages = pgTable('languages', { ...lookupColumns(), code: text(), nativeName: text() }, (t) => [
  uniqueIndex('languages_value_live').on(t.value).where(sql`not ${t.isDeleted}`),
]);

export const jobTitles = pgTable('job_titles', { ...lookupColumns(), industryId: text() }, (t) => [
  uniqueIndex('job_titles_value_live').on(t.value).where(sql`not ${t.isDeleted}`),
]);

export const industries = pgTable('industries', lookupColumns(), (t) => [
  uniqueIndex('industries_value_live').on(t.value).where(sql`not ${t.isDeleted}`),
]);
