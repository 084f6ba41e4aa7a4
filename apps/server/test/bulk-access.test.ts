import { type BulkAction, builtInActionsOf, callOfAction, siblingOfList } from '@app/contract/conventions/bulk';
import type { CallSpec, ResourceDefinition } from '@app/contract/define-resource';
import { client } from '@app/contract/resources/crm/client';
import { contact } from '@app/contract/resources/crm/contact';
import { crmFeature, crmRole } from '@app/contract/resources/crm-access';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aRole, permissionId } from './support/access';
import { type Fixture, fixtures, type SuiteWorld } from './support/fixtures';
import { aCompany, aSeeker } from './support/job-board';
import { call, startTestApp, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, aUser, aWorld, unique } from './support/world';

/**
 * Generated from the registry: every bulk action of every resource that has a bulk call, made by every
 * user type, answers what the single call it multiplies answers that user (403 and 401 where the
 * single call refuses), and every export what its list answers. Owner changes are the one difference,
 * on purpose: a client-portal user may edit their client's contacts but never choose a staff owner.
 */
let t: TestApp;
let w: SuiteWorld;
type Person = { type: string; token?: string };
let people: Person[];
let clientUser: { token: string };
let theirClientId: string;

const bulkOf = (def: ResourceDefinition) => ({ method: 'PUT' as const, path: siblingOfList(def, 'bulk')! });
const exportOf = (def: ResourceDefinition) => ({ method: 'POST' as const, path: siblingOfList(def, 'export')! });
const registered = (spec: { method: string; path: string }) => t.app.calls.some((c) => c.method === spec.method && c.path === spec.path);

/** A role granting `level` at scope ALL on every feature of the catalogue. */
const everything = async (level: 'READ' | 'FULL') => {
  const features = await call(t.app, crmFeature.calls.list!, { limit: 'ALL' }, w.root);
  const titles = [...new Set((features.body.data.results as { title: string }[]).map((f) => f.title))];
  const ids = [];
  for (const feature of titles) ids.push(await permissionId(t.app, w.root, { feature, level }));
  return aRole(t.app, w.orgA.adminToken, ids);
};

beforeAll(async () => {
  t = await startTestApp();
  const [crm, seeker, otherSeeker, company, otherCompany] = await Promise.all([
    aWorld(t.app),
    aSeeker(t.app, { first: 'Ada' }),
    aSeeker(t.app, { first: 'Bea' }),
    aCompany(t.app),
    aCompany(t.app),
  ]);
  w = { ...crm, board: { seeker, otherSeeker, company, otherCompany } };
  const full = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await everything('FULL')] });
  const reader = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await everything('READ')] });
  const theirs = await call(
    t.app,
    client.calls.create!,
    { name: unique('Portal Ltd '), email: `${unique('p')}@portal.example` },
    w.orgA.adminToken,
  );
  theirClientId = theirs.body.data._id;
  clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: theirClientId });
  const recruiter = await aUser(t.app, { userType: 'RECRUITER' });
  people = [
    { type: 'SUPER_ADMIN', token: w.root },
    { type: 'ADMIN', token: w.platformAdmin.token },
    { type: 'CRM_USER (organisation admin)', token: w.orgA.adminToken },
    { type: 'CRM_USER (full role)', token: full.token },
    { type: 'CRM_USER (read-only role)', token: reader.token },
    { type: 'CRM_CLIENT_USER', token: clientUser.token },
    { type: 'JOB_SEEKER', token: w.board.seeker.token },
    { type: 'RECRUITER', token: recruiter.token },
    { type: 'anonymous' },
  ];
});
afterAll(() => t?.close());

// The built-in actions, each against the call it multiplies; an action of a definition's own (move
// to stage) is checked against its own declaration in transitions.test.ts.
const withBulk = fixtures.filter(
  (f) => f.def.tenancy === 'organisation' && siblingOfList(f.def, 'bulk') && builtInActionsOf(f.def).length > 0,
);

const createOne = async (f: Fixture) => {
  const token = f.actor(w);
  // A resource whose records come from a workflow (a client's information request) is made by it.
  if (!f.def.calls.create) return (await f.make!(w, t.app, token))._id;
  const { status, body } = await call(t.app, f.def.calls.create!, await f.create!(w, t.app, token), token);
  expect(status, body.message).toBe(200);
  return body.data._id as string;
};

/** The single call an action multiplies, on one record, with what that call needs. */
const single = (f: Fixture, action: BulkAction, id: string, token?: string) => {
  const spec = f.def.calls[callOfAction[action]] as CallSpec;
  const input =
    action === 'delete'
      ? { _id: id }
      : action === 'set-status'
        ? { _id: id, status: f.otherStatus ?? 'INACTIVE' }
        : { _id: id, ...f.update };
  return call(t.app, spec, input, token);
};
const bulk = (f: Fixture, action: BulkAction, id: string, token?: string) =>
  call(
    t.app,
    bulkOf(f.def),
    {
      ids: [id],
      action,
      value: action === 'set-status' ? (f.otherStatus ?? 'INACTIVE') : action === 'assign-owner' ? w.staffA.id : undefined,
    },
    token,
  );

describe('the generated cases cover every bulk and export call', () => {
  it('every registered bulk call has a fixture here', () => {
    const covered = new Set(withBulk.map((f) => bulkOf(f.def).path));
    // A list whose only bulk actions are its definition's own (applications' move to stage) is checked where they are declared.
    const ownOnly = new Set(t.app.resources.filter((def) => builtInActionsOf(def).length === 0).map((def) => siblingOfList(def, 'bulk')));
    const bulkCalls = t.app.calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/bulk') && !ownOnly.has(c.path)).map((c) => c.path);
    expect(bulkCalls.length).toBeGreaterThan(5);
    expect(bulkCalls.filter((path) => !covered.has(path))).toEqual([]);
  });
});

for (const f of withBulk) {
  describe(`${f.def.name}: ${bulkOf(f.def).path}`, () => {
    for (const action of builtInActionsOf(f.def)) {
      it(`${action} answers every user type what ${f.def.calls[callOfAction[action]]!.path} answers them`, async () => {
        // A resource registered by hand (candidate CVs) has no bulk call: nothing to multiply.
        if (!registered(bulkOf(f.def))) return;
        const seen: string[] = [];
        for (const person of people) {
          const [one, many] = [await createOne(f), await createOne(f)];
          const expected = (await single(f, action, one, person.token)).status;
          const got = await bulk(f, action, many, person.token);
          // Owners are staff: a client-portal user never chooses one, whatever they may edit.
          const wanted = action === 'assign-owner' && person.type === 'CRM_CLIENT_USER' && expected !== 401 ? 403 : expected;
          expect(got.status, `${person.type}: ${got.body.message}`).toBe(wanted);
          seen.push(`${person.type} ${got.status}`);
        }
        // Each case refuses someone and lets someone through: the matrix tests both ways.
        expect(
          seen.some((s) => s.endsWith(' 200')),
          seen.join(', '),
        ).toBe(true);
        expect(
          seen.some((s) => / 40[13]$/.test(s)),
          seen.join(', '),
        ).toBe(true);
      });
    }
  });
}

for (const f of fixtures.filter((f) => f.def.tenancy === 'organisation' && siblingOfList(f.def, 'export'))) {
  if (!f.def.calls.list) continue;
  it(`${f.def.name}: ${exportOf(f.def).path} answers every user type what the list answers them`, async () => {
    if (!registered(exportOf(f.def))) return;
    for (const person of people) {
      const list = await call(t.app, f.def.calls.list!, {}, person.token);
      const exported = await t.app.inject({
        method: 'POST',
        url: `/api${exportOf(f.def).path}`,
        payload: {},
        headers: person.token ? { authorization: `Bearer ${person.token}` } : {},
      });
      expect(exported.statusCode, `${person.type}`).toBe(list.status);
    }
  });
}

describe('the request the review sent', () => {
  it('a client-portal user can no longer bulk delete or reassign their client’s contacts (was 200)', async () => {
    const made = await call(
      t.app,
      contact.calls.create!,
      {
        profile: { name: { first: 'Pat', last: unique('Portal ') }, email: `${unique('pat')}@portal.example` },
        relatedTo: [{ _id: theirClientId, entityType: 'Client' }],
      },
      w.orgA.adminToken,
    );
    const id = made.body.data._id as string;
    // The client user sees and edits this contact, so the refusals below are about the action alone.
    expect((await call(t.app, contact.calls.update!, { _id: id, stage: 'Met' }, clientUser.token)).status).toBe(200);
    expect((await call(t.app, contact.calls.remove!, { _id: id }, clientUser.token)).status).toBe(403);

    const deleted = await call(t.app, { method: 'PUT', path: '/crm-contact/bulk' }, { ids: [id], action: 'delete' }, clientUser.token);
    expect(deleted.status).toBe(403);
    const everyone = await call(
      t.app,
      { method: 'PUT', path: '/crm-contact/bulk' },
      { matching: { search: '', filter: {} }, action: 'delete' },
      clientUser.token,
    );
    expect(everyone.status).toBe(403);
    const reassigned = await call(
      t.app,
      { method: 'PUT', path: '/crm-contact/bulk' },
      { ids: [id], action: 'assign-owner', value: w.staffA.id },
      clientUser.token,
    );
    expect(reassigned.status).toBe(403);
    const after = await call(t.app, contact.calls.details!, { _id: id }, w.orgA.adminToken);
    expect(after.status).toBe(200);
    expect(after.body.data.ownerId).not.toBe(w.staffA.id);
  });

  it('an owner change goes through the update’s own checks: the admin role and a senior colleague stay as they are', async () => {
    const roles = await call(t.app, crmRole.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    const adminRole = (roles.body.data.results as { _id: string; isOrganisationAdmin: boolean }[]).find((r) => r.isOrganisationAdmin)!;
    const rolesEditor = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'Roles', level: 'FULL' })])],
    });
    const role = await call(
      t.app,
      bulkOf(crmRole),
      { ids: [adminRole._id], action: 'assign-owner', value: w.staffA.id },
      rolesEditor.token,
    );
    expect(role.status).toBe(403);
    const staffEditor = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [
        await aRole(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'FULL' })]),
      ],
    });
    const staff = await call(t.app, organisationStaff.calls.list!, { limit: 'ALL' }, w.orgA.adminToken);
    const admin = (staff.body.data.results as { _id: string; email: string }[]).find((s) => s.email === w.orgA.adminEmail)!;
    const senior = await call(
      t.app,
      bulkOf(organisationStaff),
      { ids: [admin._id], action: 'assign-owner', value: w.staffA.id },
      staffEditor.token,
    );
    expect(senior.status).toBe(403);
    expect((await call(t.app, bulkOf(organisationStaff), { ids: [admin._id], action: 'delete' }, staffEditor.token)).status).toBe(403);
  });
});
