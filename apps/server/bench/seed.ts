import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { itemCounters } from '../src/db/schema/services';
import { users } from '../src/db/schema/users';
import { newId } from '../src/engine/ids';
import { hashPassword } from '../src/services/passwords';

/** What the measuring needs from the seeded data. */
export type Seeded = {
  token: string;
  adminId: string;
  organisationId: string;
  otherOrganisationId: string;
  staffId: string;
  search: string;
  /** Staff of the measured organisation (its admin included), and how many of them the search finds. */
  staffCount: number;
  matches: number;
};

export const superAdmin = { email: 'bench-root@example.com', password: 'Bench-root-secret!' };

/** The word the list call searches for: the last name of about one staff member in ten. */
export const searchWord = 'smith';

const firstNames = ['Anna', 'Ben', 'Chloe', 'David', 'Emma', 'Farah', 'George', 'Hana', 'Ivan', 'Julia', 'Karim', 'Laura', 'Mateo', 'Nina'];
const lastNames = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright'];
const designations = ['Recruiter', 'Senior recruiter', 'Account manager', 'Sourcer', 'Team lead', null];

type Envelope<T> = { code: number; success: boolean; message: string; data: T };

const call = async <T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, body: unknown, token?: string): Promise<T> => {
  const response = await app.inject({
    method,
    url,
    payload: body === undefined ? undefined : (body as object),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const envelope = response.json() as Envelope<T>;
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return envelope.data;
};

const signIn = async (app: FastifyInstance, email: string, password: string) =>
  (await call<{ token: string; user: { _id: string } }>(app, 'POST', '/api/auth/login', { email, password })).token;

type Organisation = { _id: string; adminUser: { _id: string; email: string } };

const createOrganisation = (app: FastifyInstance, token: string, key: string) =>
  call<Organisation>(
    app,
    'POST',
    '/api/organisation/',
    {
      name: `Bench ${key} Ltd`,
      email: `office@${key}.example.com`,
      phoneNumber: '+44 20 7946 0000',
      adminUser: {
        email: `admin@${key}.example.com`,
        phone: '+44 20 7946 0001',
        passwordHash: 'Admin-secret-1',
        name: { first: 'Ada', last: `Admin ${key}` },
      },
    },
    token,
  );

const personOf = (i: number, key: string) => {
  const first = firstNames[i % firstNames.length] as string;
  const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length] as string;
  return {
    name: { first, last },
    email: `${first}.${last}.${i}@${key}.example.com`.toLowerCase(),
    phone: `+44 7700 ${String(100000 + i).slice(-6)}`,
  };
};

/**
 * Staff straight into the users table, shaped as `POST /organisation/staff/` writes them (item ids
 * from the organisation's counter, owner and creator the admin), so seeding 2,000 rows takes a
 * second instead of 2,000 argon2 hashes.
 */
const insertStaff = async (
  app: FastifyInstance,
  input: { organisationId: string; adminId: string; key: string; from: number; count: number },
) => {
  const { db } = app.database;
  const passwordHash = await hashPassword('Staff-secret-1');
  const entity = 'OrganisationStaff';
  const [counter] = await db
    .select({ value: itemCounters.value })
    .from(itemCounters)
    .where(and(eq(itemCounters.scope, input.organisationId), eq(itemCounters.entity, entity)));
  let number = counter?.value ?? 0;
  const by = { _id: input.adminId, name: 'Ada Admin' };
  const start = Date.now() - (input.from + input.count) * 1000;
  const rows = [];
  for (let n = 0; n < input.count; n++) {
    const i = input.from + n;
    const person = personOf(i, input.key);
    number += 1;
    const at = new Date(start + n * 1000);
    rows.push({
      id: newId(),
      itemId: { prefix: 'USR', number, combined: `USR-${number}` },
      organisationId: input.organisationId,
      ownerId: input.adminId,
      createdBy: by,
      updatedBy: by,
      createdAt: at,
      updatedAt: at,
      userType: 'CRM_USER',
      email: person.email,
      passwordHash,
      name: { ...person.name, fullName: `${person.name.first} ${person.name.last}` },
      phone: person.phone,
      status: 'ACTIVE',
      roleIds: [],
      designation: designations[i % designations.length] ?? null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
  await db
    .update(itemCounters)
    .set({ value: number })
    .where(and(eq(itemCounters.scope, input.organisationId), eq(itemCounters.entity, entity)));
};

/**
 * Seeds through the product's own calls: the super admin (from the config) signs in and creates two
 * organisations with their admins; each admin adds a few staff by the API; the bulk goes in directly.
 */
export const seed = async (app: FastifyInstance, input: { staff: number; otherStaff: number }): Promise<Seeded> => {
  const rootToken = await signIn(app, superAdmin.email, superAdmin.password);
  const main = await createOrganisation(app, rootToken, 'acme');
  const other = await createOrganisation(app, rootToken, 'globex');

  const token = await signIn(app, main.adminUser.email, 'Admin-secret-1');
  const otherToken = await signIn(app, other.adminUser.email, 'Admin-secret-1');

  const byApi = 10;
  let staffId = '';
  for (let i = 0; i < byApi; i++) {
    const person = personOf(i, 'acme');
    const created = await call<{ _id: string }>(
      app,
      'POST',
      '/api/organisation/staff/',
      { ...person, password: 'Staff-secret-1', roleIds: [], designation: 'Recruiter' },
      token,
    );
    if (i === 3) staffId = created._id;
    const otherPerson = personOf(i, 'globex');
    await call(app, 'POST', '/api/organisation/staff/', { ...otherPerson, password: 'Staff-secret-1', roleIds: [] }, otherToken);
  }
  await insertStaff(app, { organisationId: main._id, adminId: main.adminUser._id, key: 'acme', from: byApi, count: input.staff - byApi });
  await insertStaff(app, {
    organisationId: other._id,
    adminId: other.adminUser._id,
    key: 'globex',
    from: byApi,
    count: input.otherStaff - byApi,
  });
  await app.database.db.execute(sql`analyze`);

  const list = await call<{ totalResults: number }>(
    app,
    'POST',
    '/api/organisation/staff/list',
    { page: 1, limit: 10, search: searchWord },
    token,
  );
  const all = await call<{ totalResults: number }>(app, 'POST', '/api/organisation/staff/list', { page: 1, limit: 1 }, token);
  return {
    token,
    adminId: main.adminUser._id,
    organisationId: main._id,
    otherOrganisationId: other._id,
    staffId,
    search: searchWord,
    staffCount: all.totalResults,
    matches: list.totalResults,
  };
};
