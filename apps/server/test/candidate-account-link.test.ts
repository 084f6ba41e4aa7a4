import { me } from '@app/contract/resources/auth';
import { candidate, candidateCredentials, candidateCredentialsReset, mergeCandidates } from '@app/contract/resources/crm/candidate';
import {
  acceptAgencyLink,
  candidateAccountLinkDetails,
  endAgencyLink,
  endCandidateAccountLink,
  myAgencyLinks,
  refuseAgencyLink,
} from '@app/contract/resources/crm/candidate-account-link';
import { entityLog } from '@app/contract/resources/entity-log';
import { myJobSeekerProfile, updateJobSeekerProfile, updateJobSeekerSkills } from '@app/contract/resources/job-board/job-seeker';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { newId } from '../src/engine/ids';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { aSeeker, type Seeker } from './support/job-board';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, aUser, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const invitationMessage = 'Invitation sent: the job seeker must accept before their profile is shared';
const ownPassword = 'This candidate manages their own password: they can reset it from the sign-in page';

/** A seeker with a profile of their own: an about, skills. */
const aSeekerWithProfile = async (first = 'Maya') => {
  const seeker = await aSeeker(t.app, { first });
  expect((await call(t.app, updateJobSeekerProfile, { about: 'My own words' }, seeker.token)).status).toBe(200);
  const skills = [{ skillId: 'a'.repeat(24), label: 'Nursing', rating: 5 }];
  expect((await call(t.app, updateJobSeekerSkills, { skills }, seeker.token)).status).toBe(200);
  return seeker;
};

const profileOf = async (seeker: Seeker) => (await call(t.app, myJobSeekerProfile, {}, seeker.token)).body.data;
const detailsOf = async (id: string, token: string) => (await call(t.app, candidate.calls.details, { _id: id }, token)).body.data;

/** An agency's candidate with the seeker's email, and its invitation. */
const anInvitation = async (seeker: Seeker, token: string) => {
  const made = await aCandidate(t.app, token, { email: seeker.email, name: { first: 'Agency', last: 'Copy' }, createAnyway: true });
  const invited = await call(t.app, candidateCredentials, { _id: made._id }, token);
  expect(invited.status, invited.body.message).toBe(200);
  const links = (await call(t.app, myAgencyLinks, {}, seeker.token)).body.data.results as { _id: string; status: string }[];
  const pending = links.find((link) => link.status === 'PENDING');
  return { candidate: made, invited, linkId: pending?._id as string };
};

const accepted = async (seeker: Seeker, token: string) => {
  const invitation = await anInvitation(seeker, token);
  const answer = await call(t.app, acceptAgencyLink, { _id: invitation.linkId }, seeker.token);
  expect(answer.status, answer.body.message).toBe(200);
  return invitation;
};

describe('candidate account links: no agency takes over a job seeker by naming their email', () => {
  it('the old takeover (createAnyway + credentials + PUT + credentials-reset) fails at each step', async () => {
    const seeker = await aSeekerWithProfile();
    const before = await profileOf(seeker);
    const token = w.orgB.adminToken;
    // 1. A candidate with the seeker's email, then credentials: once "Existing account linked", now an invitation.
    const made = await aCandidate(t.app, token, { email: seeker.email, name: { first: 'Mallory', last: 'Copy' }, createAnyway: true });
    const answer = await call(t.app, candidateCredentials, { _id: made._id }, token);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.message).toBe(invitationMessage);
    expect(answer.body.data).toEqual({
      _id: made._id,
      userId: null,
      email: seeker.email,
      linkedExisting: false,
      invited: true,
      mailed: true,
    });
    // Nothing of the seeker's reached the candidate.
    const details = await detailsOf(made._id, token);
    expect(details.userId).toBeNull();
    expect(details.name.first).toBe('Mallory');
    expect(details.about ?? null).toBeNull();
    // 2. The agency's edit never writes the seeker's profile.
    expect((await call(t.app, candidate.calls.update, { _id: made._id, about: 'Rewritten by B' }, token)).status).toBe(200);
    expect((await profileOf(seeker)).about).toBe(before.about);
    // 3. No password reset of an account it did not issue: no credentials at all.
    const reset = await call(t.app, candidateCredentialsReset, { _id: made._id }, token);
    expect(reset.status).toBe(404);
    // The seeker is still signed in (sessions not ended) and the only mail they got is the invitation.
    expect((await call(t.app, me, {}, seeker.token)).status).toBe(200);
    const mails = await mailTo(t.app, seeker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toMatch(/^Password:/m);
  });

  it('mails the seeker an invitation naming the agency, once while it waits; the seeker sees it in their panel', async () => {
    const seeker = await aSeekerWithProfile();
    const { candidate: made } = await anInvitation(seeker, w.orgA.adminToken);
    const [mail] = await mailTo(t.app, seeker.email);
    expect(mail!.subject).toContain(w.orgA.record.name);
    expect(mail!.text).toContain(`${w.orgA.record.name} has you as a candidate`);
    expect(mail!.text).toContain('/seeker/agencies');
    // Again while it waits: a clear answer, no second mail.
    const again = await call(t.app, candidateCredentials, { _id: made._id }, w.orgA.adminToken);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('An invitation is already waiting for the job seeker’s answer: no new mail was sent');
    expect(again.body.data.mailed).toBe(false);
    expect(await mailTo(t.app, seeker.email)).toHaveLength(1);
    // Another candidate of the same agency with the same email: one invitation stands.
    const twin = await aCandidate(t.app, w.orgA.adminToken, { email: seeker.email, createAnyway: true });
    expect((await call(t.app, candidateCredentials, { _id: twin._id }, w.orgA.adminToken)).status).toBe(409);
    const links = await call(t.app, myAgencyLinks, {}, seeker.token);
    expect(links.status).toBe(200);
    expect(links.body.data.results).toEqual([
      expect.objectContaining({ organisation: { _id: w.orgA.id, name: w.orgA.record.name }, status: 'PENDING', origin: 'INVITATION' }),
    ]);
    const staff = await call(t.app, candidateAccountLinkDetails, { _id: made._id }, w.orgA.adminToken);
    expect(staff.body.data).toMatchObject({ _id: made._id, status: 'PENDING', passwordResettable: false });
  });

  it('accepting links that one candidate and copies the profile onto it; the seeker’s edits refresh each linked agency, no agency’s edit reaches another', async () => {
    const seeker = await aSeekerWithProfile('Nadia');
    const a = await accepted(seeker, w.orgA.adminToken);
    const b = await accepted(seeker, w.orgB.adminToken);
    const linkedA = await detailsOf(a.candidate._id, w.orgA.adminToken);
    expect(linkedA).toMatchObject({
      userId: seeker.userId,
      about: 'My own words',
      name: { first: 'Nadia' },
      skills: [{ label: 'Nursing' }],
    });
    expect((await profileOf(seeker)).candidateId).toBe(a.candidate._id);
    // The acceptance is in the candidate's log, by the seeker.
    const log = await call(t.app, entityLog.calls.list!, { limit: 'ALL', filter: { entityId: a.candidate._id } }, w.orgA.adminToken);
    expect(log.body.data.results.some((entry: { to: { accountLink?: string } }) => entry.to?.accountLink === 'ACCEPTED')).toBe(true);

    // The seeker's own edit reaches both agencies' copies.
    expect((await call(t.app, updateJobSeekerProfile, { about: 'Updated by me' }, seeker.token)).status).toBe(200);
    expect((await detailsOf(a.candidate._id, w.orgA.adminToken)).about).toBe('Updated by me');
    expect((await detailsOf(b.candidate._id, w.orgB.adminToken)).about).toBe('Updated by me');
    // Agency B's edit stays with agency B.
    expect((await call(t.app, candidate.calls.update, { _id: b.candidate._id, about: 'B’s note' }, w.orgB.adminToken)).status).toBe(200);
    expect((await profileOf(seeker)).about).toBe('Updated by me');
    expect((await detailsOf(a.candidate._id, w.orgA.adminToken)).about).toBe('Updated by me');
    // Neither agency issued the password: no reset, the seeker's sessions stand.
    for (const [id, token] of [
      [a.candidate._id, w.orgA.adminToken],
      [b.candidate._id, w.orgB.adminToken],
    ] as const) {
      const reset = await call(t.app, candidateCredentialsReset, { _id: id }, token);
      expect(reset.status).toBe(409);
      expect(reset.body.message).toBe(ownPassword);
    }
    expect((await call(t.app, me, {}, seeker.token)).status).toBe(200);
    // An answered invitation cannot be answered again.
    expect((await call(t.app, acceptAgencyLink, { _id: a.linkId }, seeker.token)).status).toBe(409);
    expect((await call(t.app, refuseAgencyLink, { _id: a.linkId }, seeker.token)).status).toBe(409);
  });

  it('refusing shares nothing, and the agency waits before inviting again', async () => {
    const seeker = await aSeekerWithProfile();
    const { candidate: made, linkId } = await anInvitation(seeker, w.orgA.adminToken);
    const refused = await call(t.app, refuseAgencyLink, { _id: linkId }, seeker.token);
    expect(refused.status, refused.body.message).toBe(200);
    expect(refused.body.data.status).toBe('REFUSED');
    expect((await call(t.app, updateJobSeekerProfile, { about: 'Not for them' }, seeker.token)).status).toBe(200);
    const details = await detailsOf(made._id, w.orgA.adminToken);
    expect(details.userId).toBeNull();
    expect(details.about ?? null).toBeNull();
    const again = await call(t.app, candidateCredentials, { _id: made._id }, w.orgA.adminToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      /^The job seeker declined to link with your organisation; you may invite them again from \d{4}-\d\d-\d\d$/,
    );
    expect(await mailTo(t.app, seeker.email)).toHaveLength(1);
    expect((await call(t.app, candidateAccountLinkDetails, { _id: made._id }, w.orgA.adminToken)).body.data.status).toBe('REFUSED');
  });

  it('either side ends a link: the candidate keeps its copy and gets nothing further', async () => {
    const seeker = await aSeekerWithProfile();
    const a = await accepted(seeker, w.orgA.adminToken);
    const b = await accepted(seeker, w.orgB.adminToken);
    // The seeker ends A's link.
    const ended = await call(t.app, endAgencyLink, { _id: a.linkId }, seeker.token);
    expect(ended.status, ended.body.message).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'ENDED', endedBySide: 'SEEKER' });
    // Agency B ends its own.
    const byAgency = await call(t.app, endCandidateAccountLink, { _id: b.candidate._id }, w.orgB.adminToken);
    expect(byAgency.status, byAgency.body.message).toBe(200);
    expect(byAgency.body.data).toMatchObject({ status: 'ENDED', endedBySide: 'AGENCY' });
    expect((await call(t.app, updateJobSeekerProfile, { about: 'After the end' }, seeker.token)).status).toBe(200);
    for (const [id, token] of [
      [a.candidate._id, w.orgA.adminToken],
      [b.candidate._id, w.orgB.adminToken],
    ] as const) {
      const details = await detailsOf(id, token);
      expect(details.userId).toBeNull();
      expect(details.about).toBe('My own words');
    }
    const links = (await call(t.app, myAgencyLinks, {}, seeker.token)).body.data.results;
    expect(links.map((link: { status: string; endedBySide: string }) => [link.status, link.endedBySide]).sort()).toEqual([
      ['ENDED', 'AGENCY'],
      ['ENDED', 'SEEKER'],
    ]);
    expect((await profileOf(seeker)).candidateId ?? null).toBeNull();
    // Nothing left to end.
    expect((await call(t.app, endAgencyLink, { _id: a.linkId }, seeker.token)).status).toBe(409);
    const nothing = await call(t.app, endCandidateAccountLink, { _id: b.candidate._id }, w.orgB.adminToken);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('This candidate has no invitation or link to end');
  });

  it('the agency withdraws a waiting invitation; a deleted candidate’s link ends', async () => {
    const seeker = await aSeekerWithProfile();
    const { candidate: made, linkId } = await anInvitation(seeker, w.orgA.adminToken);
    const withdrawn = await call(t.app, endCandidateAccountLink, { _id: made._id }, w.orgA.adminToken);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toBe('Invitation withdrawn');
    expect((await call(t.app, acceptAgencyLink, { _id: linkId }, seeker.token)).status).toBe(409);
    // Withdrawn by the agency: it may invite again at once.
    const again = await call(t.app, candidateCredentials, { _id: made._id }, w.orgA.adminToken);
    expect(again.status, again.body.message).toBe(200);
    const pending = (await call(t.app, myAgencyLinks, {}, seeker.token)).body.data.results.find(
      (link: { status: string }) => link.status === 'PENDING',
    );
    expect((await call(t.app, acceptAgencyLink, { _id: pending._id }, seeker.token)).status).toBe(200);
    expect((await call(t.app, candidate.calls.remove, { _id: made._id }, w.orgA.adminToken)).status).toBe(200);
    const links = (await call(t.app, myAgencyLinks, {}, seeker.token)).body.data.results;
    expect(links.filter((link: { status: string }) => link.status === 'ACCEPTED')).toEqual([]);
  });

  it('a candidate deleted in bulk shares nothing further, and the agency may invite from another candidate', async () => {
    const seeker = await aSeekerWithProfile();
    const { candidate: first } = await accepted(seeker, w.orgA.adminToken);
    const bulk = { method: 'PUT', path: '/candidate/bulk' } as const;
    const deleted = await call(t.app, bulk, { ids: [first._id], action: 'delete' }, w.orgA.adminToken);
    expect(deleted.status, deleted.body.message).toBe(200);
    const links = (await call(t.app, myAgencyLinks, {}, seeker.token)).body.data.results;
    expect(links.map((link: { status: string }) => link.status)).toEqual(['ENDED']);
    const second = await anInvitation(seeker, w.orgA.adminToken);
    expect(second.invited.body.message).toBe(invitationMessage);
    expect((await call(t.app, acceptAgencyLink, { _id: second.linkId }, seeker.token)).status).toBe(200);
    expect((await detailsOf(second.candidate._id, w.orgA.adminToken)).userId).toBe(seeker.userId);
  });

  it('a merge keeps the link on the survivor', async () => {
    const seeker = await aSeekerWithProfile();
    const { candidate: linked } = await accepted(seeker, w.orgA.adminToken);
    const survivor = await aCandidate(t.app, w.orgA.adminToken);
    const merged = await call(t.app, mergeCandidates, { survivorId: survivor._id, mergedId: linked._id }, w.orgA.adminToken);
    expect(merged.status, merged.body.message).toBe(200);
    expect(merged.body.data.userId).toBe(seeker.userId);
    expect((await call(t.app, updateJobSeekerProfile, { about: 'Merged and refreshed' }, seeker.token)).status).toBe(200);
    expect((await detailsOf(survivor._id, w.orgA.adminToken)).about).toBe('Merged and refreshed');
    expect((await call(t.app, candidateAccountLinkDetails, { _id: survivor._id }, w.orgA.adminToken)).body.data.status).toBe('ACCEPTED');
    expect((await profileOf(seeker)).candidateId).toBe(survivor._id);
  });

  it('the same 409 for an email of any other kind of account, naming none', async () => {
    const staff = await aStaffMember(t.app, w.orgA.adminToken);
    const admin = await aUser(t.app, { userType: 'ADMIN' });
    const recruiter = await aUser(t.app, { userType: 'RECRUITER' });
    // A client user's account need not sign in here: only its email matters.
    const clientUser = { email: `${unique('client')}@example.com` };
    await t.app.database.db.insert(users).values({
      id: newId(),
      userType: 'CRM_CLIENT_USER',
      email: clientUser.email,
      organisationId: w.orgB.id,
      clientId: newId(),
    });
    const messages = new Set<string>();
    for (const email of [staff.email, admin.email, recruiter.email, clientUser.email, w.orgB.adminEmail]) {
      const made = await aCandidate(t.app, w.orgA.adminToken, { email });
      const answer = await call(t.app, candidateCredentials, { _id: made._id }, w.orgA.adminToken);
      expect(answer.status).toBe(409);
      expect(answer.body.data).toBeNull();
      messages.add(answer.body.message);
    }
    expect([...messages]).toEqual(['Credentials cannot be given for this email; please use another email for the candidate']);
  });

  it('seeker calls act only on the caller’s own invitations (404) and are for job seekers only (403); staff calls need Candidate access and stay in the organisation', async () => {
    const seeker = await aSeekerWithProfile();
    const other = await aSeeker(t.app);
    const { candidate: made, linkId } = await anInvitation(seeker, w.orgA.adminToken);
    for (const workflow of [acceptAgencyLink, refuseAgencyLink, endAgencyLink]) {
      const theirs = await call(t.app, workflow, { _id: linkId }, other.token);
      expect(theirs.status, workflow.name).toBe(404);
      expect(theirs.body.message).toBe('Invitation not found');
      for (const token of [w.orgA.adminToken, w.platformAdmin.token]) {
        expect((await call(t.app, workflow, { _id: linkId }, token)).status, workflow.name).toBe(403);
      }
      expect((await call(t.app, workflow, { _id: 'nope' }, seeker.token)).status).toBe(400);
    }
    expect((await call(t.app, myAgencyLinks, {}, other.token)).body.data.results).toEqual([]);
    expect((await call(t.app, myAgencyLinks, {}, w.orgA.adminToken)).status).toBe(403);
    expect((await call(t.app, myAgencyLinks, {})).status).toBe(401);
    // Still waiting after all that.
    expect((await call(t.app, candidateAccountLinkDetails, { _id: made._id }, w.orgA.adminToken)).body.data.status).toBe('PENDING');

    for (const workflow of [candidateAccountLinkDetails, endCandidateAccountLink]) {
      expect((await call(t.app, workflow, { _id: made._id }, w.orgB.adminToken)).status, workflow.name).toBe(404);
      expect((await call(t.app, workflow, { _id: made._id }, seeker.token)).status, workflow.name).toBe(403);
      expect((await call(t.app, workflow, { _id: made._id }, w.staffA.token)).status, workflow.name).toBe(403);
    }
    // READ on Candidate sees the link; ending it needs WRITE.
    const reader = await aStaffMember(t.app, w.orgA.adminToken, {
      roleIds: [await aRole(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ' })])],
    });
    expect((await call(t.app, candidateAccountLinkDetails, { _id: made._id }, reader.token)).status).toBe(200);
    expect((await call(t.app, endCandidateAccountLink, { _id: made._id }, reader.token)).status).toBe(403);
  });
});
