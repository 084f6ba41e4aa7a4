import type { PersonName, UploadedFile } from '@app/contract/conventions/common';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** One table for every user type: platform admins, CRM staff, client contacts, job seekers, recruiters. */
export const users = pgTable(
  'users',
  {
    ...baseColumns(),
    userType: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    name: jsonb().$type<PersonName>(),
    phone: text(),
    status: text().notNull().default('ACTIVE'),
    roleIds: jsonb().$type<string[]>().notNull().default([]),
    /** A CRM_CLIENT_USER's client: the records of other clients are not theirs to see. */
    clientId: text(),
    designation: text(),
    profileImage: jsonb().$type<UploadedFile>(),
    signatureHTML: text('signature_html'),
    linkedInLink: text(),
    gitHubLink: text(),
    website: text(),
    lastLoginAt: timestamp({ withTimezone: true, mode: 'date' }),
    passwordChangedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Signed in with a mailed temporary password: the screens ask for a new one first (DECISIONS.md §5). */
    mustChangePassword: boolean().notNull().default(false),
    /** When the mailed temporary password stops working (72 hours after it was sent). */
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The organisation whose candidate credentials call made this account and mailed its first
     * password: the only one that may mail it a new one, and only until the holder chooses their own.
     */
    credentialsIssuedBy: text(),
  },
  (t) => [
    uniqueIndex('users_email_live').on(t.email).where(sql`not ${t.isDeleted}`),
    index('users_organisation').on(t.organisationId, t.createdAt),
    // The target of tenant references (team memberships): keyed by organisation.
    uniqueIndex('users_organisation_id').on(t.organisationId, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text().primaryKey(),
  userId: text().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
