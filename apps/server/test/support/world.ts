import { login } from '@app/contract/resources/auth';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { clients } from '../../src/db/schema/clients';
import { users } from '../../src/db/schema/users';
import { newId } from '../../src/engine/ids';
import { hashPassword } from '../../src/services/passwords';
import { call, startTestApp, superAdmin, type TestApp } from './test-app';

export const password = 'Passw0rd-long';

export const signIn = async (app: FastifyInstance, email: string, pass = password) => {
  const { status, body } = await call(app, login, { email, password: pass });
  if (status !== 200) throw new Error(`sign-in of ${email} failed: ${status} ${body.message}`);
  return body.data.token as string;
};

let sequence = 0;
export const unique = (prefix = 'x') => `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`;

let addresses = 0;
/** A new visitor's address (198.18.0.0/15, kept for testing), so per-address limits see different people. */
export const aVisitorAddress = () => {
  addresses += 1;
  return `198.${18 + ((addresses >> 16) & 1)}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** A user of a type no call here creates (platform admins, job seekers), written straight to the table. */
export const aUser = async (app: FastifyInstance, input: { userType: string; organisationId?: string; email?: string }) => {
  const email = input.email ?? `${unique(input.userType.toLowerCase())}@example.com`;
  // A client-portal user signs in only while their client is live: one is made for them.
  let clientId: string | null = null;
  if (input.userType === 'CRM_CLIENT_USER' && input.organisationId) {
    clientId = newId();
    await app.database.db
      .insert(clients)
      .values({ id: clientId, organisationId: input.organisationId, name: unique('Client '), email: `${unique('hiring')}@example.com` });
  }
  await app.database.db.insert(users).values({
    clientId,
    id: newId(),
    userType: input.userType,
    email,
    passwordHash: await hashPassword(password),
    name: { first: 'Test', last: input.userType, fullName: `Test ${input.userType}` },
    organisationId: input.organisationId ?? null,
  });
  return { email, token: await signIn(app, email) };
};

export const anOrganisation = async (app: FastifyInstance, rootToken: string, name = unique('Org ')) => {
  const adminEmail = `${unique('admin')}@example.com`;
  const { status, body } = await call(
    app,
    organisation.calls.create!,
    {
      name,
      email: `${unique('org')}@example.com`,
      phoneNumber: '+44 20 7946 0000',
      adminUser: { email: adminEmail, phone: '+447700900000', passwordHash: password, name: { first: 'Ada', last: 'Admin' } },
    },
    rootToken,
  );
  if (status !== 200) throw new Error(`organisation not created: ${status} ${body.message}`);
  return { id: body.data._id as string, record: body.data, adminEmail, adminToken: await signIn(app, adminEmail) };
};

export const aStaffMember = async (app: FastifyInstance, adminToken: string, input: { roleIds?: string[]; first?: string } = {}) => {
  const email = `${unique('staff')}@example.com`;
  const { status, body } = await call(
    app,
    organisationStaff.calls.create!,
    { name: { first: input.first ?? 'Sam', last: 'Staff' }, email, phone: '+447700900001', password, roleIds: input.roleIds ?? [] },
    adminToken,
  );
  if (status !== 200) throw new Error(`staff not created: ${status} ${body.message}`);
  return { id: body.data._id as string, email, token: await signIn(app, email) };
};

/**
 * The people most tests need: the super admin, a platform ADMIN, two organisations with their
 * admins, a staff member of the first with no roles, and a job seeker.
 */
export const aWorld = async (app: FastifyInstance) => {
  const root = await signIn(app, superAdmin.email, superAdmin.password);
  const platformAdmin = await aUser(app, { userType: 'ADMIN' });
  const orgA = await anOrganisation(app, root);
  const orgB = await anOrganisation(app, root);
  const staffA = await aStaffMember(app, orgA.adminToken);
  const seeker = await aUser(app, { userType: 'JOB_SEEKER' });
  return { root, platformAdmin, orgA, orgB, staffA, seeker };
};

export type World = Awaited<ReturnType<typeof aWorld>>;

/** A test file's app and world: built before its tests, closed after them. */
export const withWorld = (use: (t: TestApp, w: World) => void) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    use(app, await aWorld(app.app));
  });
  afterAll(() => app.close());
};
