import {
  adminAddRecruiter,
  adminFindRecruiter,
  adminListRecruiters,
  adminUpdateRecruiter,
  adminVerifyRecruiter,
} from '@app/contract/resources/content/admin-board';
import { describe, expect, it } from 'vitest';
import { type BoardWorld, idsOf, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const missingId = 'a'.repeat(24);
const companyBody = () => ({
  name: unique('Admin Added '),
  email: `${unique('added')}@example.com`,
  phone: '+441134960000',
  aboutUs: 'Added by the platform.',
});

describe('Recruiters: /admin/recruiter/*', () => {
  it('adds a company with its account, unverified; updates, finds, lists and verifies it', async () => {
    const body = companyBody();
    const made = await call(t.app, adminAddRecruiter, body, w.platformAdmin.token);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({
      name: body.name,
      email: body.email,
      isVerified: false,
      status: 'ACTIVE',
      recruiterType: 'COMPANY',
    });
    expect(made.body.data.slug).toBeTruthy();
    const id = made.body.data._id as string;
    const again = await call(t.app, adminAddRecruiter, { ...companyBody(), email: body.email }, w.root);
    expect(again.status).toBe(409);
    const up = await call(t.app, adminUpdateRecruiter, { _id: id, website: 'https://added.example.com' }, w.root);
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data).toMatchObject({ website: 'https://added.example.com', status: 'ACTIVE', name: body.name });
    const found = await call(t.app, adminFindRecruiter, { _id: w.company.id }, w.platformAdmin.token);
    expect(found.body.data.name).toBe(w.company.name);
    const verified = await call(t.app, adminVerifyRecruiter, { _id: id, isVerified: true }, w.platformAdmin.token);
    expect(verified.body.data.isVerified).toBe(true);
    const list = await call(t.app, adminListRecruiters, { filter: { isVerified: true }, limit: 'ALL' }, w.platformAdmin.token);
    expect(idsOf(list.body)).toContain(id);
    expect(idsOf(list.body)).not.toContain(w.company.id);
    const inactive = await call(t.app, adminUpdateRecruiter, { _id: id, status: 'INACTIVE' }, w.root);
    expect(inactive.body.data.status).toBe('INACTIVE');
    expect(idsOf((await call(t.app, adminListRecruiters, { search: body.name }, w.root)).body)).toEqual([id]);
  });

  it('asks for name, email and about; isVerified cannot be set on add; unknown ids 404; non-admins 403', async () => {
    const { name: _n, ...noName } = companyBody();
    expect((await call(t.app, adminAddRecruiter, noName, w.root)).body.message).toBe('Please enter company name');
    const { email: _e, ...noEmail } = companyBody();
    expect((await call(t.app, adminAddRecruiter, noEmail, w.root)).body.message).toBe('Please enter email');
    const { aboutUs: _a, ...noAbout } = companyBody();
    expect((await call(t.app, adminAddRecruiter, noAbout, w.root)).body.message).toBe('Please tell job seekers about your company');
    expect((await call(t.app, adminAddRecruiter, { ...companyBody(), isVerified: true }, w.root)).status).toBe(400);
    expect((await call(t.app, adminFindRecruiter, { _id: missingId }, w.root)).status).toBe(404);
    expect((await call(t.app, adminUpdateRecruiter, { _id: missingId, website: 'https://x.example' }, w.root)).status).toBe(404);
    expect((await call(t.app, adminVerifyRecruiter, { _id: missingId, isVerified: true }, w.root)).status).toBe(404);
    expect((await call(t.app, adminFindRecruiter, { _id: 'x' }, w.root)).body.message).toBe('_id must be a valid mongoId');
    for (const token of [w.seeker.token, w.company.token, w.crmUser.token]) {
      expect((await call(t.app, adminAddRecruiter, companyBody(), token)).status).toBe(403);
      expect((await call(t.app, adminUpdateRecruiter, { _id: w.company.id, website: 'https://x.example' }, token)).status).toBe(403);
      expect((await call(t.app, adminListRecruiters, {}, token)).status).toBe(403);
      expect((await call(t.app, adminFindRecruiter, { _id: w.company.id }, token)).status).toBe(403);
      expect((await call(t.app, adminVerifyRecruiter, { _id: w.company.id, isVerified: true }, token)).status).toBe(403);
    }
  });
});
