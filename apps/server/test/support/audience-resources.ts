import { codeHolderCalls } from '@app/contract/conventions/one-time-code';
import { audienceRecordSchema } from '@app/contract/conventions/record';
import { defineResource, defineWorkflow } from '@app/contract/define-resource';
import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { baseColumns } from '../../src/db/schema/columns';
import { registerCodeHolderCalls } from '../../src/engine/code-holder-calls';
import { notFound } from '../../src/engine/errors';
import { registerCall } from '../../src/engine/register-call';
import { registerResource } from '../../src/engine/register-resource';
import { resourceRepository } from '../../src/engine/repository';
import { createTestTables, testGrant, testGrants } from './test-resources';

/**
 * A test-only resource declaring every audience (a person's profile, say a candidate's): staff see
 * all of it; a user of the profile's client sees its name, and its email and phone only where a
 * grant opens them; the job seeker whose account it is sees their own; the holder of a code for it
 * sees its name and answer, and may write the answer.
 */
export const testProfiles = pgTable('test_profiles', {
  ...baseColumns(),
  name: text().notNull(),
  email: text(),
  phone: text(),
  clientId: text(),
  userId: text(),
  staffNotes: text(),
  answer: text(),
});

const fields = z.object({
  name: z.string(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  clientId: z.string().nullable().optional(),
  userId: z.string().nullable().optional(),
  staffNotes: z.string().nullable().optional(),
  answer: z.string().nullable().optional(),
});

const grant = {
  resource: 'TestGrant',
  recordField: 'personId',
  holderField: 'clientId',
  holder: 'client',
  flags: { isVisible: true },
} as const;
const readers = ['CRM_USER', 'CRM_CLIENT_USER', 'JOB_SEEKER'] as const;

export const testProfile = defineResource({
  name: 'TestProfile',
  table: 'test_profiles',
  tenancy: 'organisation',
  access: { module: 'Candidate' },
  audiences: {
    staff: {},
    clientUser: {
      rows: { client: 'clientId' },
      fields: ['name', 'email', 'phone', 'clientId'],
      personal: { fields: ['email', 'phone'], grant },
    },
    jobSeeker: { rows: { own: 'userId' }, fields: ['name', 'email', 'phone', 'answer'] },
    codeHolder: { fields: ['name', 'answer'] },
  },
  fields,
  create: fields.strict(),
  update: fields.partial().extend({ _id: z.string() }).strict(),
  search: ['name'],
  filters: {},
  calls: {
    details: { method: 'POST', path: '/test/profiles/details', who: readers },
    list: { method: 'POST', path: '/test/profiles/list', who: readers },
  },
});

export const testProfileCodes = codeHolderCalls({
  resource: 'TestProfile',
  sendOtpPath: '/test/profiles/send-otp',
  checkOtpPath: '/test/profiles/check-otp',
});

/** The profile a code holder holds, read by id: only the held one is there. */
export const heldProfile = defineWorkflow({
  name: 'TestProfile.held',
  tag: 'TestProfile',
  method: 'POST',
  path: '/test/profiles/held',
  who: ['code-holder'],
  holds: 'TestProfile',
  input: z.object({ _id: z.string() }).strict(),
  output: audienceRecordSchema(testProfile, 'codeHolder'),
});

/** The code holder's answer written onto the profile named: the held one only. */
export const answerHeldProfile = defineWorkflow({
  name: 'TestProfile.answer',
  tag: 'TestProfile',
  method: 'POST',
  path: '/test/profiles/answer',
  who: ['code-holder'],
  holds: 'TestProfile',
  input: z.object({ _id: z.string(), answer: z.string() }).strict(),
  output: audienceRecordSchema(testProfile, 'codeHolder'),
});

export const registerTestProfiles = async (app: FastifyInstance) => {
  await createTestTables(app);
  await app.database.db.execute(
    sql.raw(`create table if not exists test_profiles (id text primary key, item_id jsonb, organisation_id text, owner_id text,
      team_id text, created_by jsonb, updated_by jsonb, created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(), is_deleted boolean not null default false, deleted_at timestamptz,
      deleted_by jsonb, name text not null, email text, phone text, client_id text, user_id text, staff_notes text, answer text)`),
  );
  const profiles = resourceRepository(testProfile, testProfiles);
  resourceRepository(testGrant, testGrants);
  registerResource(app, profiles);
  registerCodeHolderCalls(app, { calls: testProfileCodes, repository: profiles, recipientOf: (record) => record.email as string | null });
  registerCall(app, heldProfile, async ({ db, scope, input }) => profiles.details(db, scope, input._id));
  registerCall(app, answerHeldProfile, async (ctx) => {
    const { db, scope, input } = ctx;
    const found = await profiles.find(db, scope, input._id);
    if (!found) throw notFound(profiles.label);
    await profiles.update(db, { ...ctx, id: found.id, values: { answer: input.answer } });
    return profiles.details(db, scope, found.id);
  });
  return profiles;
};
