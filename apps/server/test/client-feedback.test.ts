import { emailTemplate } from '@app/contract/resources/crm/email-template';
import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import {
  feedback,
  generateFeedbackRequest,
  pendingFeedbackRequests,
  shareFeedbackWithCandidate,
} from '@app/contract/resources/hiring/feedback';
import { interview } from '@app/contract/resources/hiring/interview';
import { addToLongList } from '@app/contract/resources/hiring/job-application';
import { skill } from '@app/contract/resources/job-board/lookups';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates } from '../src/db/schema/candidates';
import { users } from '../src/db/schema/users';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { aClientOf, aCrmJob } from './support/hiring';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, aUser, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Feedback = {
  _id: string;
  status: string;
  submissionType: string | null;
  remarks: string | null;
  overallScore: { score: string; points: number } | null;
  skillScorecard: { skillId: string; skill: string; score: number }[];
  scorecardItems: { category: { label: string }; score: { label: string } }[];
  submittedBy: { name: string } | null;
  requestedFrom: { _id: string; label: string }[];
  candidate: { _id: string; label: string };
  clientId: string;
  jobApplicationId: string;
};

const calls = feedback.calls;

/** A client with two portal users, a job of theirs and one candidate long-listed on it. */
const aClientWithApplication = async (organisation = w.orgA) => {
  const client = await aClientOf(t.app, organisation.adminToken);
  const hana = await aClientUser(t.app, { organisationId: organisation.id, clientId: client._id });
  const omar = await aClientUser(t.app, { organisationId: organisation.id, clientId: client._id });
  const job = await aCrmJob(t.app, organisation.adminToken, { clientId: client._id });
  const person = await aCandidate(t.app, organisation.adminToken);
  const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, organisation.adminToken);
  const application = (added.body.data.added as { _id: string }[])[0] as { _id: string };
  return { client, hana, omar, job, person, application };
};

const firstCategory = async (token: string) => {
  const listed = await call(t.app, feedbackCategory.calls.list!, { limit: 'ALL' }, token);
  return listed.body.data.results[0] as { _id: string; label: string; rating: { _id: string; label: string }[] };
};

const anAnswer = { remarks: 'Clear thinker, a little quiet in the group task.', overallScore: 4 };

describe('client feedback (crm.md §3 Feedback, §6; issue 30 point 5)', () => {
  it('staff ask the client; each portal user is mailed; the client answers the waiting request; staff see it on the application', async () => {
    const { hana, omar, person, application } = await aClientWithApplication();
    const asked = await call(
      t.app,
      generateFeedbackRequest,
      { jobApplicationId: application._id, message: 'Before Friday please' },
      w.orgA.adminToken,
    );
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.message).toBe('Feedback request sent to 2 people');
    expect(asked.body.data).toMatchObject({ status: 'PENDING', submissionType: null, remarks: null, jobApplicationId: application._id });
    expect((asked.body.data as Feedback).requestedFrom.map((user) => user._id).sort()).toEqual([hana.id, omar.id].sort());
    for (const to of [hana.email, omar.email]) {
      const [mail] = await mailTo(t.app, to);
      expect(mail?.kind).toBe('INTERVIEW_FEEDBACK_REQUEST');
      expect(mail?.subject).toContain('Your feedback on');
      expect(mail?.text).toContain('Before Friday please');
      expect(mail?.text).toContain('/client/feedback');
    }

    // The portal lists it as waiting, with whom and for what.
    const waiting = await call(t.app, pendingFeedbackRequests, undefined, hana.token);
    expect(waiting.status, waiting.body.message).toBe(200);
    expect(waiting.body.data).toEqual([
      expect.objectContaining({
        _id: asked.body.data._id,
        jobApplicationId: application._id,
        candidate: { _id: person._id, label: expect.any(String) },
      }),
    ]);

    // Asking again while it waits reminds them: one request still.
    const again = await call(
      t.app,
      generateFeedbackRequest,
      { jobApplicationId: application._id, clientUserIds: [hana.id] },
      w.orgA.adminToken,
    );
    expect(again.body.message).toBe('Reminder sent to 1 person');
    expect(again.body.data._id).toBe(asked.body.data._id);
    expect(await mailTo(t.app, hana.email)).toHaveLength(2);

    // The client answers it, scoring a category and a skill.
    const category = await firstCategory(hana.token);
    const skills = await call(t.app, skill.calls.list!, { limit: 1 }, hana.token);
    const skillId = skills.body.data.results[0]?._id as string;
    const answered = await call(
      t.app,
      calls.update,
      {
        _id: asked.body.data._id,
        ...anAnswer,
        scorecardItems: [{ categoryId: category._id, ratingOptionId: category.rating[2]?._id, remarks: 'Good examples' }],
        skillScorecard: [{ skillId, score: 5 }],
      },
      hana.token,
    );
    expect(answered.status, answered.body.message).toBe(200);
    const given = answered.body.data as Feedback;
    expect(given).toMatchObject({
      status: 'SUBMITTED',
      submissionType: 'CLIENT',
      remarks: anAnswer.remarks,
      overallScore: { score: 'Yes', points: 4 },
      submittedBy: { name: 'Cleo Client' },
      scorecardItems: [{ category: { label: category.label }, score: { label: category.rating[2]?.label } }],
      skillScorecard: [{ skillId, score: 5, skill: expect.any(String) }],
    });
    expect((await call(t.app, pendingFeedbackRequests, undefined, hana.token)).body.data).toEqual([]);

    // Staff see it on the application; the log says who gave it.
    const onApplication = await call(t.app, calls.list, { filter: { jobApplicationId: application._id } }, w.orgA.adminToken);
    expect(onApplication.body.data.results).toEqual([
      expect.objectContaining({ _id: given._id, status: 'SUBMITTED', remarks: anAnswer.remarks }),
    ]);
    const logs = await logsOf(t.app, given._id);
    expect(logs.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE']));
  });

  it('the client gives feedback unasked; staff record what a client said by phone; each changes only their own', async () => {
    const { hana, application } = await aClientWithApplication();
    const unasked = await call(t.app, calls.create, { jobApplicationId: application._id, ...anAnswer }, hana.token);
    expect(unasked.status, unasked.body.message).toBe(200);
    expect(unasked.body.data).toMatchObject({ status: 'SUBMITTED', submissionType: 'CLIENT', clientId: expect.any(String) });
    const recorded = await call(
      t.app,
      calls.create,
      { jobApplicationId: application._id, remarks: 'Hiring manager on the phone: keen, wants a second round', overallScore: 5 },
      w.orgA.adminToken,
    );
    expect(recorded.body.data).toMatchObject({ submissionType: 'STAFF', overallScore: { score: 'Strong yes', points: 5 } });

    // The client's words are theirs; the agency's record is the agency's.
    const staffEdit = await call(t.app, calls.update, { _id: unasked.body.data._id, ...anAnswer, remarks: 'Changed' }, w.orgA.adminToken);
    expect(staffEdit.status).toBe(403);
    expect(staffEdit.body.message).toBe('This feedback was given by the client in the portal: only they can change it');
    const clientEdit = await call(t.app, calls.update, { _id: recorded.body.data._id, ...anAnswer }, hana.token);
    expect(clientEdit.status).toBe(403);
    expect(clientEdit.body.message).toBe('This feedback was recorded by the agency: ask your recruiter to change it');
    const ownEdit = await call(t.app, calls.update, { _id: unasked.body.data._id, ...anAnswer, overallScore: 2 }, hana.token);
    expect(ownEdit.body.data).toMatchObject({ overallScore: { score: 'No', points: 2 } });

    // The client sees both on their own application; staff withdraw one (soft delete) and it is gone for both.
    const theirs = await call(t.app, calls.list, { filter: { jobApplicationId: application._id } }, hana.token);
    expect(theirs.body.data.results).toHaveLength(2);
    const removed = await call(t.app, calls.remove, { _id: recorded.body.data._id }, w.orgA.adminToken);
    expect(removed.status, removed.body.message).toBe(200);
    expect((await call(t.app, calls.details, { _id: recorded.body.data._id }, hana.token)).status).toBe(404);
    expect((await call(t.app, calls.remove, { _id: unasked.body.data._id }, hana.token)).status).toBe(403);
  });

  it('answers the spec’s messages, and a refused answer writes nothing', async () => {
    const { hana, application } = await aClientWithApplication();
    const cases: [Record<string, unknown>, string][] = [
      [{ jobApplicationId: application._id, overallScore: 3 }, 'Please provide remarks '],
      [{ jobApplicationId: application._id, remarks: ' ', overallScore: 3 }, 'Please provide remarks '],
      [
        { jobApplicationId: application._id, remarks: 'Fine', overallScore: 7 },
        'Please give an overall score from 1 (strong no) to 5 (strong yes)',
      ],
      [
        { jobApplicationId: application._id, ...anAnswer, skillScorecard: [{ skillId: application._id, score: 0 }] },
        'Please score each skill from 1 to 5',
      ],
      [{ jobApplicationId: application._id, ...anAnswer, status: 'SUBMITTED' }, 'Unknown field: status'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, calls.create, body, hana.token);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    // A rating of another category, or a skill that does not exist: refused, nothing written.
    const [first, second] = (await call(t.app, feedbackCategory.calls.list!, { limit: 'ALL' }, w.orgA.adminToken)).body.data.results as {
      _id: string;
      rating: { _id: string }[];
    }[];
    const mismatched = await call(
      t.app,
      calls.create,
      {
        jobApplicationId: application._id,
        ...anAnswer,
        scorecardItems: [{ categoryId: first?._id, ratingOptionId: second?.rating[0]?._id }],
      },
      hana.token,
    );
    expect(mismatched.status).toBe(400);
    const noSkill = await call(
      t.app,
      calls.create,
      { jobApplicationId: application._id, ...anAnswer, skillScorecard: [{ skillId: application._id, score: 3 }] },
      hana.token,
    );
    expect(noSkill.status).toBe(404);
    expect((await call(t.app, calls.list, { filter: { jobApplicationId: application._id } }, hana.token)).body.data.results).toEqual([]);
  });

  it('asks only the application’s own client, and only when it has portal users', async () => {
    const { application, job } = await aClientWithApplication();
    const other = await aClientWithApplication();
    const wrongPerson = await call(
      t.app,
      generateFeedbackRequest,
      { jobApplicationId: application._id, clientUserIds: [other.hana.id] },
      w.orgA.adminToken,
    );
    expect(wrongPerson.status).toBe(400);
    expect(wrongPerson.body.message).toBe('Each person asked must be a portal user of the application’s client');

    const lonely = await aClientOf(t.app, w.orgA.adminToken);
    const lonelyJob = await aCrmJob(t.app, w.orgA.adminToken, { clientId: lonely._id });
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [lonelyJob._id] }, w.orgA.adminToken);
    const noPortal = await call(t.app, generateFeedbackRequest, { jobApplicationId: added.body.data.added[0]._id }, w.orgA.adminToken);
    expect(noPortal.status).toBe(400);
    expect(noPortal.body.message).toBe(
      'This client has no portal users yet: give a contact portal access first, or record their feedback yourself',
    );

    // An interview of another application is refused; the application's own is named on the request.
    const staff = await call(t.app, organisationStaff.calls.list!, { limit: 1 }, w.orgA.adminToken);
    const scheduled = await call(
      t.app,
      interview.calls.create,
      {
        interviewType: 'First round',
        medium: 'PHONE',
        interviewerIds: [staff.body.data.results[0]._id],
        jobApplicationId: other.application._id,
        startTime: '2027-03-10T10:00:00Z',
        endTime: '2027-03-10T11:00:00Z',
      },
      w.orgA.adminToken,
    );
    expect(scheduled.status, scheduled.body.message).toBe(200);
    const notItsOwn = await call(
      t.app,
      generateFeedbackRequest,
      { jobApplicationId: application._id, interviewId: scheduled.body.data._id },
      w.orgA.adminToken,
    );
    expect(notItsOwn.body.message).toBe('This interview is not one of this application’s');
    const aboutInterview = await call(
      t.app,
      generateFeedbackRequest,
      { jobApplicationId: other.application._id, interviewId: scheduled.body.data._id },
      w.orgA.adminToken,
    );
    expect(aboutInterview.status, aboutInterview.body.message).toBe(200);
    const waiting = await call(t.app, pendingFeedbackRequests, undefined, other.hana.token);
    expect(waiting.body.data[0].interview).toMatchObject({ _id: scheduled.body.data._id, interviewType: 'First round' });
    expect(job._id).toBeTruthy();
  });

  it('the organisation’s active INTERVIEW_FEEDBACK_REQUEST template writes the letter', async () => {
    const { hana, application, person } = await aClientWithApplication();
    const made = await call(
      t.app,
      emailTemplate.calls.create!,
      {
        title: 'Feedback please',
        templateType: 'INTERVIEW_FEEDBACK_REQUEST',
        subject: 'How did {{firstName}} do?',
        content: 'Tell us about {{firstName}} {{lastName}} for {{jobTitle}}.',
      },
      w.orgA.adminToken,
    );
    expect(made.status, made.body.message).toBe(200);
    await call(t.app, generateFeedbackRequest, { jobApplicationId: application._id }, w.orgA.adminToken);
    const [mail] = await mailTo(t.app, hana.email);
    const first = (person as unknown as { name: { first: string } }).name.first;
    expect(mail?.subject).toBe(`How did ${first} do?`);
    expect(mail?.text).toContain('/client/feedback');
  });

  it('staff share a client’s feedback with the candidate’s job seeker account, who then reads it without who wrote it', async () => {
    const { hana, application, person } = await aClientWithApplication();
    const given = await call(t.app, calls.create, { jobApplicationId: application._id, ...anAnswer }, hana.token);
    const seeker = await aUser(t.app, { userType: 'JOB_SEEKER' });
    const share = () => call(t.app, shareFeedbackWithCandidate, { _id: given.body.data._id, shared: true }, w.orgA.adminToken);
    const unlinked = await share();
    expect(unlinked.status).toBe(400);
    expect(unlinked.body.message).toBe('This candidate has no job seeker account to share it with: invite them to link one first');
    // The candidate accepted the link to their account (candidate-account-link.test.ts covers how).
    const [account] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, seeker.email));
    await t.app.database.db.update(candidates).set({ userId: account?.id }).where(eq(candidates.id, person._id));
    expect((await call(t.app, calls.list, {}, seeker.token)).body.data.results).toEqual([]);
    const shared = await share();
    expect(shared.status, shared.body.message).toBe(200);
    expect(shared.body.message).toBe('Shared with the candidate');
    const theirs = await call(t.app, calls.list, {}, seeker.token);
    expect(theirs.body.data.results).toHaveLength(1);
    const row = theirs.body.data.results[0];
    expect(row).toMatchObject({ _id: given.body.data._id, remarks: anAnswer.remarks, overallScore: { points: 4 } });
    expect(row).not.toHaveProperty('submittedBy');
    expect(row).not.toHaveProperty('requestedFrom');
    expect((await call(t.app, calls.details, { _id: given.body.data._id }, seeker.token)).status).toBe(403);
    // A request not yet answered cannot be shared; sharing stops when staff say so.
    const asked = await call(t.app, generateFeedbackRequest, { jobApplicationId: application._id }, w.orgA.adminToken);
    const early = await call(t.app, shareFeedbackWithCandidate, { _id: asked.body.data._id, shared: true }, w.orgA.adminToken);
    expect(early.body.message).toBe('Only feedback the client has given can be shared');
    await call(t.app, shareFeedbackWithCandidate, { _id: given.body.data._id, shared: false }, w.orgA.adminToken);
    expect((await call(t.app, calls.list, {}, seeker.token)).body.data.results).toEqual([]);
    expect((await call(t.app, shareFeedbackWithCandidate, { _id: given.body.data._id, shared: true }, hana.token)).status).toBe(403);
  });

  it('keeps each client to their own (404), each organisation to its own (404), and each call to its users (403)', async () => {
    const mine = await aClientWithApplication();
    const theirs = await aClientWithApplication();
    const given = await call(t.app, calls.create, { jobApplicationId: theirs.application._id, ...anAnswer }, theirs.hana.token);
    // Another client's application or feedback: not found.
    expect((await call(t.app, calls.create, { jobApplicationId: theirs.application._id, ...anAnswer }, mine.hana.token)).status).toBe(404);
    expect((await call(t.app, calls.details, { _id: given.body.data._id }, mine.hana.token)).status).toBe(404);
    expect((await call(t.app, calls.update, { _id: given.body.data._id, ...anAnswer }, mine.hana.token)).status).toBe(404);
    expect((await call(t.app, calls.list, {}, mine.hana.token)).body.data.results).toEqual([]);
    // Another organisation: not found, and its list is empty.
    expect((await call(t.app, calls.details, { _id: given.body.data._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, generateFeedbackRequest, { jobApplicationId: mine.application._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.remove, { _id: given.body.data._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.list, {}, w.orgB.adminToken)).body.data.results).toEqual([]);
    // The wrong kind of user.
    expect((await call(t.app, generateFeedbackRequest, { jobApplicationId: mine.application._id }, mine.hana.token)).status).toBe(403);
    expect((await call(t.app, pendingFeedbackRequests, undefined, w.orgA.adminToken)).status).toBe(403);
    expect((await call(t.app, calls.create, { jobApplicationId: mine.application._id, ...anAnswer }, w.seeker.token)).status).toBe(403);
    const seekerList = await call(t.app, calls.list, {}, w.seeker.token);
    expect(seekerList.status, seekerList.body.message).toBe(200);
    expect(seekerList.body.data.results).toEqual([]);
    expect((await call(t.app, calls.list, {})).status).toBe(401);
    // Staff need the Feedback permission.
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await aStaffMember(t.app, w.orgA.adminToken, {
      first: 'Rae',
      roleIds: [await roleOf(t.app, w.orgA.adminToken, [await permissionId(t.app, w.root, { feature: 'Feedback', level: 'READ' })])],
    });
    expect((await call(t.app, calls.details, { _id: given.body.data._id }, reader.token)).status).toBe(200);
    expect((await call(t.app, generateFeedbackRequest, { jobApplicationId: mine.application._id }, reader.token)).status).toBe(403);
  });
});
