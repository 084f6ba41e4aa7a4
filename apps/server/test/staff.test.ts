import { login, me } from '@app/contract/resources/auth';
import {
  changeCredentials,
  googleStaffList,
  organisationStaff,
  staffCredentialsReset,
  updateOwnProfile,
} from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, password, signIn, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

describe('staff', () => {
  it('refuses an email that is already registered, with 409', async () => {
    const { status, body } = await call(
      t.app,
      organisationStaff.calls.create!,
      { name: { first: 'Dup' }, email: w.orgB.adminEmail, phone: '07700900000', password },
      w.orgA.adminToken,
    );
    expect(status).toBe(409);
    expect(body.message).toBe('This email is already registered');
  });

  it('asks for a staff status with the spec message', async () => {
    const { status, body } = await call(t.app, organisationStaff.calls.setStatus!, { _id: w.staffA.id }, w.orgA.adminToken);
    expect(status).toBe(400);
    expect(body.message).toBe('Please provide staff status');
  });

  it('asks for a first name with the spec message', async () => {
    const { body } = await call(
      t.app,
      organisationStaff.calls.create!,
      { name: {}, email: 'x@example.com', phone: '1', password },
      w.orgA.adminToken,
    );
    expect(body.message).toBe('Please enter your first name.');
  });

  it('cannot deactivate or delete yourself', async () => {
    const { body } = await call(t.app, me, {}, w.orgA.adminToken);
    expect(
      (await call(t.app, organisationStaff.calls.setStatus!, { _id: body.data._id, status: 'INACTIVE' }, w.orgA.adminToken)).status,
    ).toBe(400);
    expect((await call(t.app, organisationStaff.calls.remove!, { _id: body.data._id }, w.orgA.adminToken)).status).toBe(400);
  });

  it('a deleted staff member is signed out and cannot sign in', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    await call(t.app, organisationStaff.calls.remove!, { _id: staff.id }, w.orgA.adminToken);
    expect((await call(t.app, me, {}, staff.token)).status).toBe(401);
    expect((await call(t.app, login, { email: staff.email, password })).status).toBe(401);
  });
});

describe('own profile and password', () => {
  it('staff update their own profile', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const { status, body } = await call(
      t.app,
      updateOwnProfile,
      { designation: 'Talent Partner', linkedInLink: 'https://linkedin.com/in/sam' },
      staff.token,
    );
    expect(status, body.message).toBe(200);
    expect(body.data).toMatchObject({ _id: staff.id, designation: 'Talent Partner' });
    expect(body.data).not.toHaveProperty('passwordHash');
    expect((await call(t.app, updateOwnProfile, { designation: 'x' }, w.seeker.token)).status).toBe(403);
    await call(t.app, updateOwnProfile, { name: { first: 'Samantha', last: 'Stone' } }, staff.token);
    expect((await call(t.app, me, {}, staff.token)).body.data.name).toBe('Samantha Stone');
  });

  it('change-credentials checks the old password, refuses someone else’s id, and ends the other sessions', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const second = await signIn(t.app, staff.email);
    const wrong = await call(
      t.app,
      changeCredentials,
      { id: staff.id, oldPassword: 'nope-nope', newPassword: 'N3w-password' },
      staff.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Your current password is not correct');
    expect(
      (await call(t.app, changeCredentials, { id: w.staffA.id, oldPassword: password, newPassword: 'N3w-password' }, staff.token)).status,
    ).toBe(403);
    const ok = await call(t.app, changeCredentials, { id: staff.id, oldPassword: password, newPassword: 'N3w-password' }, staff.token);
    expect(ok.status, ok.body.message).toBe(200);
    expect((await call(t.app, me, {}, staff.token)).status).toBe(200);
    expect((await call(t.app, me, {}, second)).status).toBe(401);
    expect((await call(t.app, login, { email: staff.email, password: 'N3w-password' })).status).toBe(200);
    const short = await call(t.app, changeCredentials, { id: staff.id, oldPassword: 'N3w-password', newPassword: 'short' }, staff.token);
    expect(short.body.message).toBe('Password must be at least 8 characters.');
  });

  it('change-credentials counts wrong current passwords like sign-ins: the sixth guess is a 429, even with the right one', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    for (let guess = 1; guess <= 5; guess += 1) {
      const wrong = await call(
        t.app,
        changeCredentials,
        { id: staff.id, oldPassword: `guess-${guess}-nope`, newPassword: 'N3w-password' },
        staff.token,
      );
      expect(wrong.status).toBe(400);
    }
    const sixth = await call(t.app, changeCredentials, { id: staff.id, oldPassword: password, newPassword: 'N3w-password' }, staff.token);
    expect(sixth.status).toBe(429);
    expect((await call(t.app, login, { email: staff.email, password })).status).toBe(429);
  });

  it('credentials-reset mails a new password and ends the sessions', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const { status } = await call(t.app, staffCredentialsReset, { _id: staff.id }, w.orgA.adminToken);
    expect(status).toBe(200);
    expect((await call(t.app, me, {}, staff.token)).status).toBe(401);
    const [mail] = await mailTo(t.app, staff.email);
    const temporary = mail!.text.match(/Password: (\S+)/)![1]!;
    expect((await call(t.app, login, { email: staff.email, password: temporary })).status).toBe(200);
    expect((await call(t.app, staffCredentialsReset, { _id: w.orgB.adminEmail }, w.orgA.adminToken)).status).toBe(400);
    expect((await call(t.app, staffCredentialsReset, { _id: staff.id }, w.platformAdmin.token)).status).toBe(403);
  });

  it("credentials-reset of another organisation's staff is a 404", async () => {
    const theirs = await aStaffMember(t.app, w.orgB.adminToken);
    expect((await call(t.app, staffCredentialsReset, { _id: theirs.id }, w.orgA.adminToken)).status).toBe(404);
  });
});

describe('google-staff-list', () => {
  it('lists the active staff of the caller’s organisation for invitations', async () => {
    const { status, body } = await call(t.app, googleStaffList, {}, w.orgA.adminToken);
    expect(status).toBe(200);
    const emails = body.data.map((s: { email: string }) => s.email);
    expect(emails).toContain(w.orgA.adminEmail);
    expect(emails).not.toContain(w.orgB.adminEmail);
    expect((await call(t.app, googleStaffList, {}, w.staffA.token)).status).toBe(403);
  });
});

describe('updates', () => {
  it('change only the fields sent: roles and status stay as they were', async () => {
    const { crmRole } = await import('@app/contract/resources/crm-access');
    const role = await call(t.app, crmRole.calls.create!, { title: 'Sourcer', value: `sourcer-${Date.now()}` }, w.orgA.adminToken);
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [role.body.data._id] });
    const { body } = await call(t.app, organisationStaff.calls.update!, { _id: staff.id, designation: 'Lead Sourcer' }, w.orgA.adminToken);
    expect(body.data).toMatchObject({ designation: 'Lead Sourcer', roleIds: [role.body.data._id], status: 'ACTIVE' });
  });
});
