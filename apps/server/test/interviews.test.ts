import { emailTemplate } from '@app/contract/resources/crm/email-template';
import { event, eventCalendarFeed } from '@app/contract/resources/crm/event';
import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedbackRatingOption } from '@app/contract/resources/crm/feedback-rating-option';
import {
  maxOutsideAttendeesPerEvent,
  maxOutsideInvitationsPerHour,
  tooManyOutsideInvitations,
} from '@app/contract/resources/crm/sent-mail';
import { task } from '@app/contract/resources/crm/task';
import {
  interview,
  interviewBusyTimes,
  interviewFeedback,
  interviewInformationCodes,
  interviewInformationDetails,
  interviewInformationFeedback,
  interviewMeetingInfo,
} from '@app/contract/resources/hiring/interview';
import { applicationStages, crmJobApplication, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { describe, expect, it } from 'vitest';
import { newId } from '../src/engine/ids';
import { permissionId, aRole as roleOf } from './support/access';
import { logsOf } from './support/entity-log';
import { aLongList, defaultPipelineOf, stageIdOf } from './support/hiring';
import { parseIcs } from './support/ical';
import { codeIn, mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, aVisitorAddress, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Interview = {
  _id: string;
  itemId: { combined: string };
  status: string;
  sequence: number;
  meetingInfo: string | null;
  onlineMeetingProvider: string | null;
  candidateId: string;
  jobId: string;
  hostUserId: string;
  interviewers: { _id: string; label: string }[];
  candidate: { _id: string; label: string };
  scorecard: { remarks: string; overallScore: number; submittedBy: { _id: string }; scorecardItems: unknown[] }[];
  avgScorecard: { score: string | null; points: number | null };
};
type Application = { _id: string; candidateId: string; pipelineCurrentStage: string };

const calls = interview.calls;
const hour = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.UTC(2027, 2, 10, 10) + hours * hour).toISOString();

const interviewStaff = async (level: 'READ' | 'WRITE', first = 'Ivy') => {
  const permissions = [
    await permissionId(t.app, w.root, { feature: 'Interview', level }),
    await permissionId(t.app, w.root, { feature: 'Job Application', level: 'READ' }),
    await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ' }),
  ];
  return aStaffMember(t.app, w.orgA.adminToken, { first, roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
};

const anApplication = async (token = w.orgA.adminToken) => {
  const { applications, people } = await aLongList<Application>(t.app, token, 1);
  return { application: applications[0] as Application, person: people[0] as { _id: string; email: string } };
};

const schedule = async (input: Record<string, unknown>, token = w.orgA.adminToken) => {
  const answer = await call(
    t.app,
    calls.create,
    { interviewType: 'Technical', medium: 'ONLINE', startTime: at(0), endTime: at(1), timeZone: 'Europe/London', ...input },
    token,
  );
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data as Interview;
};

const icsOf = (mail: { attachments: { content: string }[] | null } | undefined) => parseIcs(mail?.attachments?.[0]?.content as string);

describe('interviews (crm.md §3 Interview, §6; DECISIONS.md §8)', () => {
  it('answer the calls of calls.tsv and the spec’s messages', async () => {
    expect([calls.list.path, calls.create.path, calls.details.path, interviewFeedback.path, interviewMeetingInfo.path]).toEqual([
      '/interview/list',
      '/interview/schedule',
      '/interview/details',
      '/interview/feedback',
      '/interview/meeting-info',
    ]);
    const { application } = await anApplication();
    const ivy = await interviewStaff('WRITE');
    const base = {
      interviewType: 'Technical',
      medium: 'ONLINE',
      interviewerIds: [ivy.id],
      jobApplicationId: application._id,
      startTime: at(0),
      endTime: at(1),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, interviewType: ' ' }, 'Please provide the interview type.'],
      [{ ...base, startTime: undefined }, 'Please provide start time.'],
      [{ ...base, endTime: undefined }, 'Please provide end time.'],
      [{ ...base, endTime: at(-1) }, 'The end time must be after the start time.'],
      [{ ...base, interviewerIds: [] }, 'Please choose at least one interviewer'],
      [{ ...base, jobApplicationId: 'nope' }, 'job application id must be a valid mongoId'],
      [{ ...base, medium: 'CARRIER_PIGEON' }, 'Please choose how the interview is held: ONLINE, IN_PERSON or PHONE'],
      [
        { ...base, onlineMeetingProvider: 'GOOGLE_MEET' },
        'Google Meet is not connected for this organisation: choose Jitsi Meet, or add the meeting link yourself',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, calls.create, body, w.orgA.adminToken);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const made = await schedule({ interviewerIds: [ivy.id], jobApplicationId: application._id });
    const feedback = await call(t.app, interviewFeedback, { _id: made._id, scorecard: { overallScore: 4 } }, ivy.token);
    expect(feedback.status).toBe(400);
    expect(feedback.body.message).toBe('Please provide remarks ');
    const badScore = await call(t.app, interviewFeedback, { _id: made._id, scorecard: { remarks: 'Fine', overallScore: 9 } }, ivy.token);
    expect(badScore.body.message).toBe('Please give an overall score from 1 (strong no) to 5 (strong yes)');
    // Nothing half-made: the refused schedules left no interview and no mail.
    const listed = await call(t.app, calls.list, { filter: { jobApplicationId: application._id } }, w.orgA.adminToken);
    expect(listed.body.data.results.map((row: Interview) => row._id)).toEqual([made._id]);
  });

  it('scheduling mails the candidate and each interviewer an invitation with a Jitsi room, and moves the application to INTERVIEWING', async () => {
    const { application, person } = await anApplication();
    const ivy = await interviewStaff('WRITE', 'Ivy');
    const made = await schedule({
      jobApplicationId: application._id,
      interviewerIds: [ivy.id],
      descriptionForCandidate: 'Bring a laptop.',
      remarks: 'Probe the system design answers.',
    });
    expect(made).toMatchObject({
      status: 'SCHEDULED',
      sequence: 0,
      onlineMeetingProvider: 'JITSI',
      candidateId: application.candidateId,
      avgScorecard: { score: null, points: null },
    });
    const read = await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken);
    expect(read.body.data).toMatchObject({ interviewers: [{ _id: ivy.id, label: 'Ivy Staff' }], hostUser: { label: 'Ada Admin' } });
    expect(made.itemId.combined).toMatch(/^INT-\d+$/);
    expect(made.meetingInfo).toMatch(/^https:\/\/meet\.jit\.si\/crm-[0-9a-f]{32}$/);

    const [toCandidate] = await mailTo(t.app, person.email);
    const [toIvy] = await mailTo(t.app, ivy.email);
    for (const mail of [toCandidate, toIvy]) {
      const ics = icsOf(mail);
      expect(ics.method).toBe('REQUEST');
      expect(ics.events[0]).toMatchObject({ uid: expect.stringMatching(new RegExp(`^interview-${made._id}@`)), sequence: 0 });
      expect(ics.events[0]?.attendees.map((a) => a.email).sort()).toEqual([person.email, ivy.email].sort());
      expect(mail?.text).toContain(made.meetingInfo as string);
    }
    // What the interviewers are told stays theirs.
    expect(toCandidate?.text).toContain('Bring a laptop.');
    expect(toCandidate?.text).not.toContain('Probe the system design');
    expect(toIvy?.text).toContain('Probe the system design');

    const moved = await call(t.app, crmJobApplication.calls.details, { _id: application._id }, w.orgA.adminToken);
    const pipeline = await defaultPipelineOf(t.app, w.orgA.adminToken);
    expect(moved.body.data.pipelineCurrentStage).toBe(stageIdOf(pipeline, 'INTERVIEWING'));
    expect(moved.body.data.pipelineStageHistory.at(-1)).toMatchObject({ remarks: 'Technical interview scheduled' });
    expect(moved.body.data.interviews).toEqual([
      expect.objectContaining({
        _id: made._id,
        interviewType: 'Technical',
        status: 'SCHEDULED',
        avgScorecard: { score: null, points: null },
      }),
    ]);
    // A second interview leaves the stage where the recruiter put it since.
    const shortList = stageIdOf(pipeline, 'SHORT_LIST');
    await call(t.app, applicationStages.move, { jobApplicationId: application._id, pipelineItemId: shortList }, w.orgA.adminToken);
    await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id], interviewType: 'Final', medium: 'IN_PERSON' });
    const after = await call(t.app, crmJobApplication.calls.details, { _id: application._id }, w.orgA.adminToken);
    expect(after.body.data.pipelineCurrentStage).toBe(shortList);
    expect(after.body.data.interviews).toHaveLength(2);
  });

  it('the candidate’s invitation opens with the organisation’s active INTERVIEW_SCHEDULED template', async () => {
    const template = await call(
      t.app,
      emailTemplate.calls.create,
      {
        title: unique('Invite '),
        templateType: 'INTERVIEW_SCHEDULED',
        subject: 'Your interview for {{jobTitle}}',
        content: 'Dear {{firstName}}, see you soon.',
      },
      w.orgA.adminToken,
    );
    expect(template.status, template.body.message).toBe(200);
    const { application, person } = await anApplication();
    const ivy = await interviewStaff('WRITE');
    await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id] });
    const [mail] = await mailTo(t.app, person.email);
    expect(mail?.subject).toMatch(/^Your interview for /);
    expect(mail?.text).toMatch(/^Dear \S+, see you soon\./);
    expect(icsOf(mail).method).toBe('REQUEST');
    // The interviewers' invitation is the plain one.
    const [toIvy] = await mailTo(t.app, ivy.email);
    expect(toIvy?.subject).toMatch(/^Invitation: Technical interview: /);
    await call(t.app, emailTemplate.calls.update, { _id: template.body.data._id, status: 'INACTIVE' }, w.orgA.adminToken);
  });

  it('rescheduling raises the SEQUENCE for everyone and cancels for an interviewer taken off; cancelling mails CANCEL', async () => {
    const { application, person } = await anApplication();
    const ivy = await interviewStaff('WRITE', 'Ivy');
    const max = await interviewStaff('WRITE', 'Max');
    const made = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id, max.id] });
    const moved = await call(
      t.app,
      calls.update,
      { _id: made._id, startTime: at(24), endTime: at(25), interviewerIds: [ivy.id] },
      w.orgA.adminToken,
    );
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.sequence).toBe(1);
    const [update] = await mailTo(t.app, person.email);
    expect(update?.subject).toMatch(/^Updated invitation: /);
    expect(icsOf(update).events[0]).toMatchObject({ sequence: 1, start: new Date(at(24)) });
    const [dropped] = await mailTo(t.app, max.email);
    expect(icsOf(dropped).method).toBe('CANCEL');
    expect(icsOf(dropped).events[0]?.attendees.map((a) => a.email)).toEqual([max.email]);

    const link = await call(t.app, interviewMeetingInfo, { _id: made._id, meetingInfo: 'Dial 0113 496 0000, PIN 4821' }, w.orgA.adminToken);
    expect(link.status, link.body.message).toBe(200);
    expect(link.body.data).toMatchObject({ meetingInfo: 'Dial 0113 496 0000, PIN 4821', sequence: 2 });
    const [withDialIn] = await mailTo(t.app, person.email);
    expect(withDialIn?.text).toContain('PIN 4821');
    expect((await call(t.app, interviewMeetingInfo, { _id: made._id, meetingInfo: '' }, w.orgA.adminToken)).body.message).toBe(
      'Please provide the meeting information',
    );

    const cancelled = await call(t.app, calls.setStatus, { _id: made._id, status: 'CANCELLED' }, w.orgA.adminToken);
    expect(cancelled.status, cancelled.body.message).toBe(200);
    const [cancel] = await mailTo(t.app, person.email);
    expect(icsOf(cancel).method).toBe('CANCEL');
    expect(icsOf(cancel).events[0]).toMatchObject({ sequence: 3, status: 'CANCELLED' });
    const again = await call(t.app, calls.update, { _id: made._id, startTime: at(48), endTime: at(49) }, w.orgA.adminToken);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This interview is cancelled: schedule a new one instead');
    const badStatus = await call(t.app, calls.setStatus, { _id: made._id, status: 'POSTPONED' }, w.orgA.adminToken);
    expect(badStatus.body.message).toBe('Status must be SCHEDULED, COMPLETED, CANCELLED or NO_SHOW');
  });

  it('interviewers score against the organisation’s categories; avgScorecard follows, on the interview and the board card', async () => {
    const category = await call(t.app, feedbackCategory.calls.create, { label: unique('Communication ') }, w.orgA.adminToken);
    const strong = await call(
      t.app,
      feedbackRatingOption.calls.create,
      { categoryId: category.body.data._id, label: 'Strong', points: '4' },
      w.orgA.adminToken,
    );
    const other = await call(t.app, feedbackCategory.calls.create, { label: unique('Coding ') }, w.orgA.adminToken);
    const { application } = await anApplication();
    const ivy = await interviewStaff('READ', 'Ivy');
    const max = await interviewStaff('READ', 'Max');
    const made = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id, max.id] });
    const item = { categoryId: category.body.data._id, ratingOptionId: strong.body.data._id, remarks: 'Clear and calm' };

    const wrongCategory = await call(
      t.app,
      interviewFeedback,
      { _id: made._id, scorecard: { remarks: 'Good', overallScore: 4, scorecardItems: [{ ...item, categoryId: other.body.data._id }] } },
      ivy.token,
    );
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.message).toMatch(/^“Strong” is not a rating of “Coding /);
    // Someone not on the panel scores nothing.
    const outsider = await interviewStaff('WRITE', 'Olly');
    const notOnPanel = await call(
      t.app,
      interviewFeedback,
      { _id: made._id, scorecard: { remarks: 'Hm', overallScore: 2 } },
      outsider.token,
    );
    expect(notOnPanel.status).toBe(403);
    expect(notOnPanel.body.message).toBe('Only the interview’s interviewers and its host can submit a scorecard');

    const first = await call(
      t.app,
      interviewFeedback,
      { _id: made._id, scorecard: { remarks: 'Good', overallScore: 4, scorecardItems: [item] } },
      ivy.token,
    );
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'SCHEDULED', avgScorecard: { score: 'Yes', points: 4 } });
    expect(first.body.data.scorecard[0].scorecardItems).toEqual([
      {
        category: { _id: category.body.data._id, label: category.body.data.label },
        score: { _id: strong.body.data._id, label: 'Strong', points: '4' },
        remarks: 'Clear and calm',
      },
    ]);
    // A second scorecard of Ivy's replaces her first.
    await call(t.app, interviewFeedback, { _id: made._id, scorecard: { remarks: 'Better on reflection', overallScore: 5 } }, ivy.token);
    const last = await call(t.app, interviewFeedback, { _id: made._id, scorecard: { remarks: 'Unsure', overallScore: 2 } }, max.token);
    expect(last.body.data.scorecard).toHaveLength(2);
    // Every interviewer has scored: it took place.
    expect(last.body.data).toMatchObject({ status: 'COMPLETED', avgScorecard: { score: 'Yes', points: 3.5 } });
    // Scoring mails no one.
    expect(await mailTo(t.app, ivy.email)).toHaveLength(1);

    const cards = await call(
      t.app,
      jobApplicantsList,
      { jobId: (await call(t.app, crmJobApplication.calls.details, { _id: application._id }, w.orgA.adminToken)).body.data.jobId },
      w.orgA.adminToken,
    );
    expect(cards.body.data.results[0].interviews).toEqual([
      expect.objectContaining({ _id: made._id, avgScorecard: { score: 'Yes', points: 3.5 } }),
    ]);
    expect((await logsOf(t.app, made._id)).length).toBeGreaterThanOrEqual(4);
  });

  it('need the Interview permission (403), stay in their organisation (404) and are for staff only', async () => {
    const { application } = await anApplication();
    const ivy = await interviewStaff('WRITE');
    const made = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id] });
    // No role: no Interview permission.
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, calls.details, { _id: made._id }, w.staffA.token)).status).toBe(403);
    const reader = await interviewStaff('READ', 'Rae');
    expect((await call(t.app, calls.details, { _id: made._id }, reader.token)).status).toBe(200);
    const phoneCall = (interviewerId: string) => ({
      interviewType: 'Chat',
      medium: 'PHONE',
      interviewerIds: [interviewerId],
      jobApplicationId: application._id,
      startTime: at(0),
      endTime: at(1),
    });
    expect((await call(t.app, calls.create, phoneCall(ivy.id), reader.token)).status).toBe(403);
    // Another organisation's interview, application or interviewer is not found.
    expect((await call(t.app, calls.details, { _id: made._id }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.setStatus, { _id: made._id, status: 'NO_SHOW' }, w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, interviewMeetingInfo, { _id: made._id, meetingInfo: 'x' }, w.orgB.adminToken)).status).toBe(404);
    expect(
      (await call(t.app, interviewFeedback, { _id: made._id, scorecard: { remarks: 'x', overallScore: 3 } }, w.orgB.adminToken)).status,
    ).toBe(404);
    const theirStaff = await call(t.app, organisationStaff.calls.list!, { limit: 1 }, w.orgB.adminToken);
    const theirAdmin = theirStaff.body.data.results[0]._id as string;
    expect((await call(t.app, calls.create, phoneCall(theirAdmin), w.orgB.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.create, phoneCall(theirAdmin), w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.create, phoneCall(newId()), w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.list, {}, w.orgB.adminToken)).body.data.results).toEqual([]);
    // Not staff.
    expect((await call(t.app, calls.list, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, calls.list, {})).status).toBe(401);
  });

  it('an external interviewer is invited, opens the interview page with a mailed code, and scores it; the code holds that interview only', async () => {
    const { application, person } = await anApplication();
    const ivy = await interviewStaff('WRITE', 'Ivy');
    const hana = { name: 'Hana Client', email: `${unique('hana')}@client.example` };
    const made = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id], externalInterviewer: hana });
    const other = await schedule({
      jobApplicationId: application._id,
      interviewerIds: [ivy.id],
      externalInterviewer: hana,
      interviewType: 'Final',
    });
    const [invite] = await mailTo(t.app, hana.email);
    expect(icsOf(invite).events[0]?.attendees.map((a) => a.email)).toContain(hana.email);
    expect(invite?.text).toContain(`/interview/${other._id}`);
    const [toIvy] = await mailTo(t.app, ivy.email);
    expect(toIvy?.text).toContain(`/crm/applications/${application._id}`);
    expect(toIvy?.text).not.toContain('/interview/');

    const from = aVisitorAddress();
    const sent = await call(t.app, interviewInformationCodes.sendOtp, { _id: made._id }, undefined, { from });
    expect(sent.status, sent.body.message).toBe(200);
    const code = codeIn((await mailTo(t.app, hana.email))[0]?.text ?? '');
    // The candidate and staff are never sent the page's code.
    expect((await mailTo(t.app, person.email)).some((mail) => /Your code is/.test(mail.text ?? ''))).toBe(false);
    const checked = await call(t.app, interviewInformationCodes.checkOtp, { _id: made._id, otp: code }, undefined, { from });
    expect(checked.status, checked.body.message).toBe(200);
    const token = checked.body.data.token as string;

    const held = await call(t.app, interviewInformationDetails, { _id: made._id }, token);
    expect(held.status, held.body.message).toBe(200);
    expect(held.body.data).toMatchObject({ _id: made._id, interviewType: 'Technical', interviewerName: 'Hana Client', myScorecard: null });
    expect(held.body.data).not.toHaveProperty('remarks');
    expect(held.body.data).not.toHaveProperty('scorecard');
    // The code holds this interview only, and no staff call.
    expect((await call(t.app, interviewInformationDetails, { _id: other._id }, token)).status).toBe(404);
    expect(
      (await call(t.app, interviewInformationFeedback, { _id: other._id, scorecard: { remarks: 'x', overallScore: 3 } }, token)).status,
    ).toBe(404);
    expect((await call(t.app, calls.details, { _id: made._id }, token)).status).toBe(401);

    const scored = await call(
      t.app,
      interviewInformationFeedback,
      { _id: made._id, scorecard: { remarks: 'Knows the network', overallScore: 4 } },
      token,
    );
    expect(scored.status, scored.body.message).toBe(200);
    expect(scored.body.data.myScorecard).toMatchObject({
      remarks: 'Knows the network',
      overallScore: 4,
      submittedBy: { name: 'Hana Client' },
    });
    const staffView = await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken);
    expect(staffView.body.data).toMatchObject({ status: 'SCHEDULED', avgScorecard: { score: 'Yes', points: 4 } });
    // Ivy scores too: the whole panel has, so it took place.
    const last = await call(t.app, interviewFeedback, { _id: made._id, scorecard: { remarks: 'Solid', overallScore: 2 } }, ivy.token);
    expect(last.body.data).toMatchObject({ status: 'COMPLETED', avgScorecard: { score: 'Mixed', points: 3 } });
    expect(
      (await call(t.app, interviewInformationFeedback, { _id: made._id, scorecard: { remarks: '', overallScore: 4 } }, token)).body.message,
    ).toBe('Please provide remarks ');
  });

  it('the interview page’s code goes only to an external interviewer, and five wrong tries burn it (429)', async () => {
    const { application } = await anApplication();
    const ivy = await interviewStaff('WRITE');
    const staffOnly = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id] });
    expect(
      (await call(t.app, interviewInformationCodes.sendOtp, { _id: staffOnly._id }, undefined, { from: aVisitorAddress() })).status,
    ).toBe(404);
    const hana = { name: 'Hana Client', email: `${unique('hana')}@client.example` };
    const made = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id], externalInterviewer: hana });
    await call(t.app, interviewInformationCodes.sendOtp, { _id: made._id }, undefined, { from: aVisitorAddress() });
    const code = codeIn((await mailTo(t.app, hana.email))[0]?.text ?? '');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call(t.app, interviewInformationCodes.checkOtp, { _id: made._id, otp: wrong }, undefined, { from: aVisitorAddress() }))
          .status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const burnt = await call(t.app, interviewInformationCodes.checkOtp, { _id: made._id, otp: code }, undefined, {
      from: aVisitorAddress(),
    });
    expect(burnt.status).toBe(429);
    // Taking the external interviewer off mails them a cancellation, and the page holds nothing for them any more.
    const dropped = await call(t.app, calls.update, { _id: made._id, externalInterviewer: null }, w.orgA.adminToken);
    expect(dropped.status, dropped.body.message).toBe(200);
    const [cancel] = await mailTo(t.app, hana.email);
    expect(icsOf(cancel).method).toBe('CANCEL');
  });

  it('sit in each panel member’s calendar feed until cancelled', async () => {
    const feeler = await aStaffMember(t.app, w.orgA.adminToken, {
      first: 'Fay',
      roleIds: [
        await roleOf(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'Event', level: 'READ' }),
          await permissionId(t.app, w.root, { feature: 'Interview', level: 'READ' }),
        ]),
      ],
    });
    const { application } = await anApplication();
    // Whole seconds: iCalendar times carry no milliseconds.
    const soon = new Date(Math.floor(Date.now() / 1000) * 1000 + 24 * hour).toISOString();
    const later = new Date(Date.parse(soon) + hour).toISOString();
    const made = await schedule({ jobApplicationId: application._id, interviewerIds: [feeler.id], startTime: soon, endTime: later });
    const feed = await call(t.app, eventCalendarFeed, {}, feeler.token);
    const path = new URL(feed.body.data.url as string).pathname;
    const uid = (body: string) => parseIcs(body).events.find((event) => event.uid.startsWith(`interview-${made._id}@`));
    const listed = uid((await t.app.inject({ method: 'GET', url: path })).body);
    expect(listed).toMatchObject({ summary: expect.stringMatching(/^Technical interview: .+ for /), start: new Date(soon) });
    await call(t.app, calls.setStatus, { _id: made._id, status: 'CANCELLED' }, w.orgA.adminToken);
    expect(uid((await t.app.inject({ method: 'GET', url: path })).body)).toBeUndefined();
  });

  it('a new organisation scores against default categories, each rated Poor to Excellent, until it changes them', async () => {
    const listed = await call(t.app, feedbackCategory.calls.list, { limit: 'ALL', filter: { status: 'ACTIVE' } }, w.orgB.adminToken);
    const defaults = ['Communication', 'Technical skills', 'Problem solving', 'Motivation and values'];
    const found = (listed.body.data.results as { label: string; rating: { label: string; points: string }[] }[]).filter((row) =>
      defaults.includes(row.label),
    );
    expect(found.map((row) => row.label).sort()).toEqual([...defaults].sort());
    for (const category of found) {
      expect(category.rating.map((option) => `${option.label} ${option.points}`)).toEqual(['Poor 1', 'Fair 2', 'Good 3', 'Excellent 4']);
    }
  });

  it('busy times show when the chosen panel is taken (events, tasks due, other interviews), times only', async () => {
    const ivy = await interviewStaff('WRITE', 'Ivy');
    const { application } = await anApplication();
    await call(
      t.app,
      event.calls.create!,
      { title: 'Private dentist', startTime: at(0), endTime: at(1), userIds: [ivy.id] },
      w.orgA.adminToken,
    );
    await call(t.app, task.calls.create!, { title: 'Call Bob', dueDate: at(2), assigneeIds: [ivy.id] }, w.orgA.adminToken);
    const other = await schedule({ jobApplicationId: application._id, interviewerIds: [ivy.id], startTime: at(4), endTime: at(5) });
    // Outside the range: not there.
    await call(
      t.app,
      event.calls.create!,
      { title: 'Next week', startTime: at(200), endTime: at(201), userIds: [ivy.id] },
      w.orgA.adminToken,
    );
    const busy = await call(t.app, interviewBusyTimes, { userIds: [ivy.id], from: at(-1), to: at(23) }, w.orgA.adminToken);
    expect(busy.status, busy.body.message).toBe(200);
    expect(busy.body.data).toEqual([
      {
        userId: ivy.id,
        name: 'Ivy Staff',
        busy: [
          { start: at(0), end: at(1), kind: 'EVENT' },
          { start: at(2), end: at(2.5), kind: 'TASK' },
          { start: at(4), end: at(5), kind: 'INTERVIEW' },
        ],
      },
    ]);
    expect(JSON.stringify(busy.body.data)).not.toContain('dentist');
    // A cancelled interview frees the time.
    await call(t.app, calls.setStatus, { _id: other._id, status: 'CANCELLED' }, w.orgA.adminToken);
    const freed = await call(t.app, interviewBusyTimes, { userIds: [ivy.id], from: at(-1), to: at(23) }, w.orgA.adminToken);
    expect(freed.body.data[0].busy.map((slot: { kind: string }) => slot.kind)).toEqual(['EVENT', 'TASK']);
    const tooLong = await call(t.app, interviewBusyTimes, { userIds: [ivy.id], from: at(0), to: at(24 * 15) }, w.orgA.adminToken);
    expect(tooLong.body.message).toBe('Ask for at most 14 days of busy times at once');
    const theirs = await call(t.app, interviewBusyTimes, { userIds: [ivy.id], from: at(0), to: at(1) }, w.orgB.adminToken);
    expect(theirs.status).toBe(404);
    expect((await call(t.app, interviewBusyTimes, { userIds: [ivy.id], from: at(0), to: at(1) }, w.staffA.token)).status).toBe(403);
  });

  it('an outside interviewer counts against the hour’s outside invitations, shared with events: an interview is no mail relay', async () => {
    const permissions = [
      await permissionId(t.app, w.root, { feature: 'Interview', level: 'WRITE' }),
      await permissionId(t.app, w.root, { feature: 'Event', level: 'WRITE' }),
      await permissionId(t.app, w.root, { feature: 'Job Application', level: 'READ' }),
      await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ' }),
      await permissionId(t.app, w.root, { feature: 'OrganisationStaff', level: 'READ' }),
      await permissionId(t.app, w.root, { feature: 'Job', level: 'READ' }),
    ];
    const sender = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, permissions)] });
    for (let i = 0; i < maxOutsideInvitationsPerHour / maxOutsideAttendeesPerEvent; i++) {
      const attendeesMails = Array.from({ length: maxOutsideAttendeesPerEvent }, () => `${unique('guest')}@outside.example`);
      const made = await call(
        t.app,
        event.calls.create!,
        { title: 'Open day', startTime: at(0), endTime: at(1), attendeesMails },
        sender.token,
      );
      expect(made.status, made.body.message).toBe(200);
    }
    const { application } = await anApplication();
    const over = await call(
      t.app,
      calls.create,
      {
        interviewType: 'Technical',
        medium: 'PHONE',
        interviewerIds: [sender.id],
        jobApplicationId: application._id,
        startTime: at(0),
        endTime: at(1),
        externalInterviewer: { name: 'Someone', email: `${unique('someone')}@outside.example` },
      },
      sender.token,
    );
    expect(over.status, over.body.message).toBe(429);
    expect(over.body.message).toBe(tooManyOutsideInvitations);
    // Nothing half-made: no interview, no move.
    const listed = await call(t.app, calls.list, { filter: { jobApplicationId: application._id } }, w.orgA.adminToken);
    expect(listed.body.data.results).toEqual([]);
  });
});
