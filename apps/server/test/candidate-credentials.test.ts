import { login } from '@app/contract/resources/auth';
import { candidate, candidateCredentials, candidateCredentialsReset } from '@app/contract/resources/crm/candidate';
import { candidateAccountLinkDetails } from '@app/contract/resources/crm/candidate-account-link';
import { myJobSeekerProfile, updateJobSeekerSkills } from '@app/contract/resources/job-board/job-seeker';
import { changeCredentials } from '@app/contract/resources/organisation-staff';
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

    // The profile is the seeker's: their edits refresh the agency's copy, the agency's edits stay on its candidate.
    const skills = [{ skillId: 'd'.repeat(24), label: 'Rigging', rating: 5 }];
    expect((await call(t.app, updateJobSeekerSkills, { skills }, seekerToken)).status).toBe(200);
    const afterSeeker = await call(t.app, candidate.calls.details, { _id: created._id }, token);
    expect(afterSeeker.body.data.skills).toEqual(skills);
    expect((await call(t.app, candidate.calls.update, { _id: created._id, about: 'Senior welder' }, token)).status).toBe(200);
    expect((await call(t.app, myJobSeekerProfile, {}, seekerToken)).body.data.about).toBe('Welder');
    const link = await call(t.app, candidateAccountLinkDetails, { _id: created._id }, token);
    expect(link.body.data).toMatchObject({ status: 'ACCEPTED', origin: 'CREDENTIALS', passwordResettable: true });

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

  it('invite, never link, an existing job seeker with that email (mailed, no password, nothing shared)', async () => {
    const seeker = await aSeeker(t.app, { first: 'Existing' });
    const created = await aCandidate(t.app, w.orgA.adminToken, { email: seeker.email, name: { first: 'Other', last: 'Name' } });
    const answer = await call(t.app, candidateCredentials, { _id: created._id }, w.orgA.adminToken);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.message).toBe('Invitation sent: the job seeker must accept before their profile is shared');
    expect(answer.body.data).toMatchObject({ userId: null, linkedExisting: false, invited: true });
    const [mail] = await mailTo(t.app, seeker.email);
    expect(mail!.text).not.toMatch(/^Password:/m);
    const details = await call(t.app, candidate.calls.details, { _id: created._id }, w.orgA.adminToken);
    expect(details.body.data).toMatchObject({ userId: null, name: { first: 'Other' } });
  });

  it('reset only an account the organisation issued, until its holder chooses their own password', async () => {
    const token = w.orgA.adminToken;
    const created = await aCandidate(t.app, token);
    expect((await call(t.app, candidateCredentials, { _id: created._id }, token)).status).toBe(200);
    const [mail] = await mailTo(t.app, created.email);
    const password = passwordIn(mail!.text as string);
    const signedIn = await call(t.app, login, { email: created.email, password });
    const { token: seekerToken, user } = signedIn.body.data;
    const chosen = await call(t.app, changeCredentials, { id: user._id, oldPassword: password, newPassword: 'Ch0sen-by-me' }, seekerToken);
    expect(chosen.status, chosen.body.message).toBe(200);
    const reset = await call(t.app, candidateCredentialsReset, { _id: created._id }, token);
    expect(reset.status).toBe(409);
    expect(reset.body.message).toBe('This candidate manages their own password: they can reset it from the sign-in page');
    expect((await call(t.app, login, { email: created.email, password: 'Ch0sen-by-me' })).status).toBe(200);
    expect((await call(t.app, candidateAccountLinkDetails, { _id: created._id }, token)).body.data.passwordResettable).toBe(false);
  });

  it('refuse an email held by another user type (409), reset without credentials (404), others’ candidates (404), wrong users (403)', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const clash = await aCandidate(t.app, w.orgA.adminToken, { email: staff.email });
    const refused = await call(t.app, candidateCredentials, { _id: clash._id }, w.orgA.adminToken);
    expect(refused.status).toBe(409);
    // Neutral: it does not say what kind of account holds the email.
    expect(refused.body.message).toBe('Credentials cannot be given for this email; please use another email for the candidate');
    const plain = await aCandidate(t.app, w.orgA.adminToken);
    expect((await call(t.app, candidateCredentialsReset, { _id: plain._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, w.staffA.token)).status).toBe(403);
    const platform = await aUser(t.app, { userType: 'ADMIN' });
    expect((await call(t.app, candidateCredentials, { _id: plain._id }, platform.token)).status).toBe(403);
  });
});
