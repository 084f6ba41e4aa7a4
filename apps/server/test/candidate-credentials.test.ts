import { login } from '@app/contract/resources/auth';
import { candidate, candidateCredentials, candidateCredentialsReset } from '@app/contract/resources/crm/candidate';
import { myJobSeekerProfile, updateJobSeekerSkills } from '@app/contract/resources/job-board/job-seeker';
import { describe, expect, it } from 'vitest';
import { aCandidate } from './support/candidates';
import { aSeeker } from './support/job-board';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, aUser, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const passwordIn = (text: string) => text.match(/^Password: (.+)$/m)?.[1] as string;

describe('candidate credentials', () => {
  it('make a JOB_SEEKER account linked to the candidate and mail the sign-in; reset mails a new password', async () => {
    const token = w.orgA.adminToken;
    const created = await aCandidate(t.app, token, { about: 'Welder', skills: [{ skillId: 'c'.repeat(24), label: 'Welding', rating: 4 }] });
    const answer = await call(t.app, candidateCredentials, { _id: created._id }, token);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data).toMatchObject({ _id: created._id, email: created.email, linkedExisting: false });
    expect(JSON.stringify(answer.body)).not.toContain('Password');
    const [mail] = await mailTo(t.app, created.email);
    const password = passwordIn(mail!.text as string);
    expect(password).toBeTruthy();
    const signedIn = await call(t.app, login, { email: created.email, password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.userType).toBe('JOB_SEEKER');
    // A password someone else chose: the screens ask for a new one first (DECISIONS.md §5).
    expect(signedIn.body.data.user.mustChangePassword).toBe(true);
    const seekerToken = signedIn.body.data.token as string;
    const profile = await call(t.app, myJobSeekerProfile, {}, seekerToken);
    expect(profile.body.data).toMatchObject({ about: 'Welder', candidateId: created._id, skills: [{ label: 'Welding' }] });
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, token);
    expect(details.body.data.userId).toBe(answer.body.data.userId);

    // One profile: the seeker's edits show on the candidate, staff edits on the profile.
    const skills = [{ skillId: 'd'.repeat(24), label: 'Rigging', rating: 5 }];
    expect((await call(t.app, updateJobSeekerSkills, { skills }, seekerToken)).status).toBe(200);
    const afterSeeker = await call(t.app, candidate.calls.details, { _id: created._id }, token);
    expect(afterSeeker.body.data.skills).toEqual(skills);
    expect((await call(t.app, candidate.calls.update, { _id: created._id, about: 'Senior welder' }, token)).status).toBe(200);
    expect((await call(t.app, myJobSeekerProfile, {}, seekerToken)).body.data.about).toBe('Senior welder');

    // Twice is a 409; reset mails a new password that works, the old one no longer does.
    expect((await call(t.app, candidateCredentials, { _id: created._id }, token)).status).toBe(409);
    const reset = await call(t.app, candidateCredentialsReset, { _id: created._id }, token);
    expect(reset.status, reset.body.message).toBe(200);
    const [newest] = await mailTo(t.app, created.email);
    const fresh = passwordIn(newest!.text as string);
    expect(fresh).not.toBe(password);
    const again = await call(t.app, login, { email: created.email, password: fresh });
    expect(again.status).toBe(200);
    expect(again.body.data.user.mustChangePassword).toBe(true);
    expect((await call(t.app, login, { email: created.email, password })).status).toBe(401);
  });

  it('link an existing job seeker with that email (mailed, no password), whose profile wins', async () => {
    const seeker = await aSeeker(t.app, { first: 'Existing' });
    const created = await aCandidate(t.app, w.orgA.adminToken, { email: seeker.email, name: { first: 'Other', last: 'Name' } });
    const answer = await call(t.app, candidateCredentials, { _id: created._id }, w.orgA.adminToken);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data).toMatchObject({ userId: seeker.userId, linkedExisting: true });
    const [mail] = await mailTo(t.app, seeker.email);
    expect(mail!.text).not.toMatch(/^Password:/m);
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data.name.first).toBe('Existing');
  });

  it('refuse an email held by another user type (409), reset without credentials (404), others’ candidates (404), wrong users (403)', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const clash = await aCandidate(t.app, w.orgA.adminToken, { email: staff.email });
    expect((await call(t.app, candidateCredentials, { _id: clash._id }, w.orgA.adminToken)).status).toBe(409);
    const plain = await aCandidate(t.app, w.orgA.adminToken);
    expect((await call(t.app, candidateCredentialsReset, { _id: plain._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, w.staffA.token)).status).toBe(403);
    const platform = await aUser(t.app, { userType: 'ADMIN' });
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, platform.token)).status).toBe(403);
  });
});
