import { defineResource } from '@app/contract/define-resource';
import { assigneeSees, clientUserSeesOwnClient } from '@app/contract/scope-policy';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clients } from '../../src/db/schema/clients';
import { baseColumns } from '../../src/db/schema/columns';
import { users } from '../../src/db/schema/users';
import { newId } from '../../src/engine/ids';
import { hashPassword } from '../../src/services/passwords';
import { password, signIn, unique } from './world';

/**
 * Test-only resources over test-only tables, for engine shapes no real resource uses yet: a record
 * of a client assigned to staff, a person whose email a client sees only when granted, a note a
 * client sees only when granted, and the grant itself.
 */
export const baseSql = `id text primary key, item_id jsonb, organisation_id text, owner_id text, team_id text, created_by jsonb,
  updated_by jsonb, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  is_deleted boolean not null default false, deleted_at timestamptz, deleted_by jsonb`;

export const testThings = pgTable('test_things', {
  ...baseColumns(),
  title: text().notNull(),
  clientId: text(),
  assigneeIds: jsonb().$type<string[]>().notNull().default([]),
  status: text().notNull().default('ACTIVE'),
  slug: text(),
});
export const testPeople = pgTable('test_people', { ...baseColumns(), name: text().notNull(), email: text() });
export const testNotes = pgTable('test_notes', { ...baseColumns(), text: text().notNull(), personId: text().notNull() });
export const testGrants = pgTable('test_grants', {
  ...baseColumns(),
  personId: text().notNull(),
  clientId: text().notNull(),
  isVisible: boolean().notNull().default(false),
});

export const createTestTables = async (app: FastifyInstance) => {
  const tables = [
    `test_things (${baseSql}, title text not null, client_id text, assignee_ids jsonb not null default '[]',
      status text not null default 'ACTIVE', slug text)`,
    `test_people (${baseSql}, name text not null, email text)`,
    `test_notes (${baseSql}, text text not null, person_id text not null)`,
    `test_grants (${baseSql}, person_id text not null, client_id text not null, is_visible boolean not null default false)`,
  ];
  for (const table of tables) await app.database.db.execute(sql.raw(`create table if not exists ${table}`));
};

const both = ['CRM_USER', 'CRM_CLIENT_USER'] as const;
const crud = (path: string) =>
  ({
    create: { method: 'POST', path: `/test/${path}/`, who: both },
    update: { method: 'PUT', path: `/test/${path}/`, who: both },
    details: { method: 'POST', path: `/test/${path}/details`, who: both },
    list: { method: 'POST', path: `/test/${path}/list`, who: both },
    remove: { method: 'POST', path: `/test/${path}/delete`, who: both },
    setStatus: { method: 'POST', path: `/test/${path}/status`, who: both },
  }) as const;

const thingFields = z.object({
  title: z.string().min(1, 'Please provide a title'),
  clientId: z.string().nullable().optional(),
  assigneeIds: z.array(z.string()).default([]),
  status: z.enum(['ACTIVE', 'HIDDEN']).default('ACTIVE'),
  slug: z.string().nullable().optional(),
});
export const testThing = defineResource({
  name: 'TestThing',
  table: 'test_things',
  tenancy: 'organisation',
  access: { module: 'Candidate' },
  policies: [clientUserSeesOwnClient('clientId'), assigneeSees('assigneeIds')],
  fields: thingFields,
  create: thingFields.strict(),
  update: thingFields.partial().extend({ _id: z.string() }).strict(),
  status: z.enum(['ACTIVE', 'HIDDEN']),
  search: ['title'],
  filters: {},
  calls: crud('things'),
});

const grant = {
  resource: 'TestGrant',
  recordField: 'personId',
  holderField: 'clientId',
  holder: 'client',
  flags: { isVisible: true },
} as const;

const personFields = z.object({ name: z.string(), email: z.string().nullable().optional() });
export const testPerson = defineResource({
  name: 'TestPerson',
  table: 'test_people',
  tenancy: 'organisation',
  access: { module: 'Candidate' },
  policies: [{ kind: 'grantedAccess', for: ['CRM_CLIENT_USER'], fields: ['email'], grant }],
  fields: personFields,
  create: personFields.strict(),
  update: personFields.partial().extend({ _id: z.string() }).strict(),
  search: ['name'],
  filters: {},
  calls: { details: crud('people').details, list: crud('people').list },
});

const noteFields = z.object({ text: z.string(), personId: z.string() });
export const testNote = defineResource({
  name: 'TestNote',
  table: 'test_notes',
  tenancy: 'organisation',
  access: { module: 'Candidate' },
  policies: [{ kind: 'grantedAccess', for: ['CRM_CLIENT_USER'], grant: { ...grant, rowField: 'personId' } }],
  fields: noteFields,
  create: noteFields.strict(),
  update: noteFields.partial().extend({ _id: z.string() }).strict(),
  search: ['text'],
  filters: {},
  calls: { details: crud('notes').details, list: crud('notes').list },
});

const grantFields = z.object({ personId: z.string(), clientId: z.string(), isVisible: z.boolean() });
export const testGrant = defineResource({
  name: 'TestGrant',
  table: 'test_grants',
  tenancy: 'organisation',
  fields: grantFields,
  create: grantFields.strict(),
  update: grantFields.partial().extend({ _id: z.string() }).strict(),
  search: [],
  filters: {},
  calls: {},
});

/**
 * A client contact of an organisation, signed in, who belongs to `clientId`. A client user signs in
 * only while their client is live, so a client of that id is made when none exists (the test
 * resources name clients by made-up ids such as 'client-acme').
 */
export const aClientUser = async (app: FastifyInstance, input: { organisationId: string; clientId: string }) => {
  const email = `${unique('client')}@example.com`;
  await app.database.db
    .insert(clients)
    .values({ id: input.clientId, organisationId: input.organisationId, name: input.clientId, email: `${unique('hiring')}@example.com` })
    .onConflictDoNothing();
  const id = newId();
  await app.database.db.insert(users).values({
    id,
    userType: 'CRM_CLIENT_USER',
    email,
    passwordHash: await hashPassword(password),
    name: { first: 'Cleo', last: 'Client', fullName: 'Cleo Client' },
    organisationId: input.organisationId,
    clientId: input.clientId,
  });
  return { id, email, token: await signIn(app, email) };
};
