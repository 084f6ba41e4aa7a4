import {
  adminAddJobSeeker,
  adminDeleteJobSeeker,
  adminGetJobSeeker,
  adminListJobSeekers,
  adminUpdateJobSeeker,
  jobSeekerReference,
  listJobSeekerReferences,
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
const seekerBody = () => ({ name: { first: 'Cal', last: unique('Added') }, email: `${unique('cal')}@example.com`, phone: '+447700900321' });
const outsiders = () => [w.seeker.token, w.company.token, w.crmUser.token];

describe('Job seekers: /admin/job-seeker/*', () => {
  it('adds one with an account; updates, gets, lists and deletes it', async () => {
    const body = seekerBody();
    const made = await call(t.app, adminAddJobSeeker, body, w.platformAdmin.token);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({ email: body.email, status: 'ACTIVE', name: { first: 'Cal', last: body.name.last } });
    const id = made.body.data._id as string;
    expect((await call(t.app, adminAddJobSeeker, { ...seekerBody(), email: body.email }, w.root)).status).toBe(409);
    const up = await call(t.app, adminUpdateJobSeeker, { _id: id, about: 'Forklift driver' }, w.root);
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data).toMatchObject({ about: 'Forklift driver', status: 'ACTIVE' });
    const got = await call(t.app, adminGetJobSeeker, { _id: w.seeker.id }, w.platformAdmin.token);
    expect(got.body.data.email).toBe(w.seeker.email);
    const list = await call(t.app, adminListJobSeekers, { search: body.name.last }, w.platformAdmin.token);
    expect(idsOf(list.body)).toEqual([id]);
    const removed = await call(t.app, adminDeleteJobSeeker, { _id: id }, w.platformAdmin.token);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await call(t.app, adminGetJobSeeker, { _id: id }, w.root)).status).toBe(404);
    expect((await call(t.app, adminDeleteJobSeeker, { _id: id }, w.root)).status).toBe(404);
  });

  it('asks for a first name, email and phone; unknown ids 404; non-admins 403', async () => {
    const noFirst = await call(t.app, adminAddJobSeeker, { ...seekerBody(), name: { last: 'x' } }, w.root);
    expect(noFirst.body.message).toBe('Please enter your first name.');
    const { email: _e, ...noEmail } = seekerBody();
    expect((await call(t.app, adminAddJobSeeker, noEmail, w.root)).body.message).toBe('Please enter email');
    const { phone: _p, ...noPhone } = seekerBody();
    expect((await call(t.app, adminAddJobSeeker, noPhone, w.root)).status).toBe(400);
    expect((await call(t.app, adminAddJobSeeker, { ...seekerBody(), isVerified: true }, w.root)).status).toBe(400);
    expect((await call(t.app, adminGetJobSeeker, { _id: missingId }, w.root)).status).toBe(404);
    expect((await call(t.app, adminUpdateJobSeeker, { _id: missingId, about: 'x' }, w.root)).status).toBe(404);
    for (const token of outsiders()) {
      expect((await call(t.app, adminAddJobSeeker, seekerBody(), token)).status).toBe(403);
      expect((await call(t.app, adminUpdateJobSeeker, { _id: w.seeker.id, about: 'x' }, token)).status).toBe(403);
      expect((await call(t.app, adminListJobSeekers, {}, token)).status).toBe(403);
      expect((await call(t.app, adminGetJobSeeker, { _id: w.seeker.id }, token)).status).toBe(403);
      expect((await call(t.app, adminDeleteJobSeeker, { _id: w.seeker.id }, token)).status).toBe(403);
    }
  });
});

describe('References: /admin/job-seeker/reference*', () => {
  const { calls } = jobSeekerReference;
  it('adds (PENDING), updates and lists a seeker’s references; counts them on the seeker', async () => {
    const made = await call(
      t.app,
      calls.create!,
      { jobSeekerId: w.otherSeeker.id, companyName: 'Pennine Foods', refereeName: 'Lee' },
      w.platformAdmin.token,
    );
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({ companyName: 'Pennine Foods', status: 'PENDING', jobSeekerId: w.otherSeeker.id });
    const up = await call(t.app, calls.update!, { _id: made.body.data._id, status: 'VERIFIED' }, w.root);
    expect(up.body.data).toMatchObject({ status: 'VERIFIED', companyName: 'Pennine Foods' });
    const list = await call(t.app, listJobSeekerReferences, { filter: { jobSeekerId: w.otherSeeker.id } }, w.platformAdmin.token);
    expect(idsOf(list.body)).toEqual([made.body.data._id]);
    const topLevel = await call(t.app, listJobSeekerReferences, { jobSeekerId: w.otherSeeker.id }, w.platformAdmin.token);
    expect(idsOf(topLevel.body)).toEqual([made.body.data._id]);
    expect(idsOf((await call(t.app, listJobSeekerReferences, { jobSeekerId: w.seeker.id }, w.root)).body)).toEqual([]);
    const seeker = await call(t.app, adminGetJobSeeker, { _id: w.otherSeeker.id }, w.root);
    expect(seeker.body.data.referencesCount).toBe(1);
  });

  it('asks for the company name; status cannot be set on add; unknown ids 404; non-admins 403', async () => {
    const noName = await call(t.app, calls.create!, { jobSeekerId: w.otherSeeker.id }, w.root);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Company Name is Required');
    const withStatus = await call(t.app, calls.create!, { jobSeekerId: w.otherSeeker.id, companyName: 'X', status: 'VERIFIED' }, w.root);
    expect(withStatus.status).toBe(400);
    expect((await call(t.app, calls.create!, { jobSeekerId: missingId, companyName: 'X' }, w.root)).status).toBe(404);
    expect((await call(t.app, calls.update!, { _id: missingId, companyName: 'X' }, w.root)).status).toBe(404);
    for (const token of outsiders()) {
      expect((await call(t.app, calls.create!, { jobSeekerId: w.otherSeeker.id, companyName: 'X' }, token)).status).toBe(403);
      expect((await call(t.app, listJobSeekerReferences, {}, token)).status).toBe(403);
    }
  });
});
