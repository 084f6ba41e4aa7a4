import { candidate } from '@app/contract/resources/crm/candidate';
import {
  candidateInfoRequestCheck,
  candidateInformationForm,
  changeInformationFormStatus,
  checkInformationForm,
  filledProfileList,
  fillInformationForm,
  informationFormCodes,
  informationFormData,
  myCandidateProfiles,
  sendInformationRequest,
  submitInformationRequest,
} from '@app/contract/resources/crm/candidate-information-form';
import { dashboardCount } from '@app/contract/resources/crm/dashboard';
import { emailTemplate } from '@app/contract/resources/crm/email-template';
import { interviewInformationDetails } from '@app/contract/resources/hiring/interview';
import { skill } from '@app/contract/resources/job-board/lookups';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates } from '../src/db/schema/candidates';
import { users } from '../src/db/schema/users';
import { permissionId, aRole as roleOf } from './support/access';
import { aCandidate } from './support/candidates';
import { logsOf } from './support/entity-log';
import { codeIn, mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { aStaffMember, aUser, aVisitorAddress, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const calls = candidateInformationForm.calls;

type Form = {
  _id: string;
  status: string;
  requestType: string;
  source: string;
  data: Record<string, unknown> | null;
  current?: Record<string, unknown> | null;
  candidate: { _id: string; label: string };
  reviewedBy: { name: string } | null;
};

/** A candidate with something in every part, so a change of one part shows against the rest. */
const aFullCandidate = async (token = w.orgA.adminToken) =>
  aCandidate(t.app, token, {
    name: { first: 'Ellie', last: unique('Marsh') },
    about: 'Data analyst, five years in retail.',
    address: { city: 'Leeds', postCode: 'LS1 4AP' },
    linkedInLink: 'https://www.linkedin.com/in/ellie-marsh',
    preferences: { currentJobTitle: 'Data analyst', desiredJobTitle: 'Senior analyst', willingToRelocate: false },
    diversity: { gender: 'Woman', ethnicGroup: 'White British' },
  });

const sendRequest = (candidateId: string, requestType = 'COMPLETE', token = w.orgA.adminToken) =>
  call(t.app, sendInformationRequest, { candidateId, requestType }, token);

const sendOtp = (_id: string, from = aVisitorAddress()) => call(t.app, informationFormCodes.sendOtp, { _id }, undefined, { from });
const checkOtp = (_id: string, otp: string, from = aVisitorAddress()) =>
  call(t.app, informationFormCodes.checkOtp, { _id, otp }, undefined, { from });
const latestCode = async (email: string) =>
  codeIn((await mailTo(t.app, email)).find((mail) => /Your code is/.test(mail.text ?? ''))?.text ?? '');
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The candidate opens their mailed link: a code to their address, checked; the page's token and the code. */
const aHolder = async (form: { _id: string }, email: string) => {
  expect((await sendOtp(form._id)).status).toBe(200);
  const otp = await latestCode(email);
  const checked = await checkOtp(form._id, otp);
  expect(checked.status, checked.body.message).toBe(200);
  return { token: checked.body.data.token as string, otp };
};

/** A form of one type sent to a new candidate, and the candidate holding its code. */
const aSentForm = async (requestType = 'CONTACT') => {
  const person = await aFullCandidate();
  const sent = await sendRequest(person._id, requestType);
  expect(sent.status, sent.body.message).toBe(200);
  const form = sent.body.data as Form;
  return { person, form, ...(await aHolder(form, person.email)) };
};

const details = async (id: string, token = w.orgA.adminToken) => (await call(t.app, calls.details, { _id: id }, token)).body.data as Form;
const candidateOf = async (id: string) => (await call(t.app, candidate.calls.details, { _id: id }, w.orgA.adminToken)).body.data;

describe('candidate information forms (crm.md §3, §6; issue 31)', () => {
  it('staff mail the link; the candidate opens it with a mailed code, fills in their part on the page, and staff approve it onto the candidate', async () => {
    const person = await aFullCandidate();
    const sent = await sendRequest(person._id, 'CONTACT');
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.message).toBe(`Information request sent to ${person.email}`);
    const form = sent.body.data as Form;
    expect(form).toMatchObject({ status: 'PENDING', requestType: 'CONTACT', source: 'STAFF_REQUEST', data: null, sentTo: person.email });
    const [letter] = await mailTo(t.app, person.email);
    expect(letter?.kind).toBe('CANDIDATE_INFORMATION_FORM_REQUEST');
    expect(letter?.subject).toMatch(/please check your details/);
    expect(letter?.text).toContain(`http://localhost:3000/form/${form._id}`);
    expect(letter?.text).toContain('Hello Ellie,');

    // Sent again while it waits: a reminder, the same form.
    const again = await sendRequest(person._id, 'CONTACT');
    expect(again.body.message).toBe(`Reminder sent to ${person.email}`);
    expect(again.body.data._id).toBe(form._id);
    expect(await mailTo(t.app, person.email)).toHaveLength(2);

    // The page learns the form's state and the agency, nothing of the candidate.
    const checked = await call(t.app, checkInformationForm, { _id: form._id });
    expect(checked.status, checked.body.message).toBe(200);
    expect(checked.body.data).toEqual({ _id: form._id, status: 'PENDING', requestType: 'CONTACT', organisationName: expect.any(String) });

    // A code to the candidate's own address opens it.
    const from = aVisitorAddress();
    const codeSent = await sendOtp(form._id, from);
    expect(codeSent.status, codeSent.body.message).toBe(200);
    expect(codeSent.body.data).toBeNull();
    const otp = await latestCode(person.email);
    expect(otp).toMatch(/^\d{6}$/);
    const opened = await checkOtp(form._id, otp, from);
    expect(opened.status, opened.body.message).toBe(200);
    const token = opened.body.data.token as string;

    const held = await call(t.app, informationFormData, { _id: form._id, otp }, token);
    expect(held.status, held.body.message).toBe(200);
    expect(held.body.data.fields).toEqual(['email', 'phone', 'name', 'address', 'linkedInLink', 'gitHubLink']);
    expect(held.body.data.data).toMatchObject({
      email: person.email,
      phone: person.phone,
      name: { first: 'Ellie' },
      address: { city: 'Leeds' },
      linkedInLink: 'https://www.linkedin.com/in/ellie-marsh',
      gitHubLink: null,
    });
    // Only the part: never diversity, nor what another part holds.
    expect(held.body.data.data).not.toHaveProperty('diversity');
    expect(held.body.data.data).not.toHaveProperty('about');
    expect(JSON.stringify(held.body.data)).not.toContain('White British');
    expect(held.body.data.noticePeriods).toEqual([]);

    const filled = await call(
      t.app,
      fillInformationForm,
      {
        _id: form._id,
        otp,
        email: person.email,
        phone: '+44 7700 900777',
        data: {
          name: { first: 'Ellie', last: 'Marsh-Wood' },
          address: { city: 'York', postCode: 'YO1 7HH' },
          linkedInLink: 'https://www.linkedin.com/in/ellie-marsh-wood',
          gitHubLink: null,
        },
      },
      token,
    );
    expect(filled.status, filled.body.message).toBe(200);
    expect(filled.body.message).toBe('Thank you: your details have been sent for review');
    expect(filled.body.data).toMatchObject({ _id: form._id, status: 'FILLED', filledAt: expect.any(String) });

    // Filled: the page and the code say so, and a second answer is refused.
    expect((await call(t.app, checkInformationForm, { _id: form._id })).body.data.status).toBe('FILLED');
    const refill = await call(t.app, fillInformationForm, { _id: form._id, otp, email: person.email, phone: person.phone }, token);
    expect(refill.status).toBe(409);
    expect(refill.body.message).toBe('This form has already been filled');
    expect((await call(t.app, informationFormData, { _id: form._id, otp }, token)).status).toBe(409);
    const late = await sendOtp(form._id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This form has already been filled');

    // Staff see it waiting: the review list, the dashboard, the candidate's count, the comparison.
    const review = await call(t.app, filledProfileList, {}, w.orgA.adminToken);
    expect(review.status, review.body.message).toBe(200);
    expect(review.body.data.results[0]).toMatchObject({
      _id: form._id,
      requestType: 'CONTACT',
      candidate: { _id: person._id, label: person.name.fullName },
      filledAt: expect.any(String),
    });
    const counts = await call(t.app, dashboardCount, { scope: 'ALL' }, w.orgA.adminToken);
    expect(counts.body.data.filledProfileRequestCount).toBeGreaterThanOrEqual(1);
    expect((await candidateOf(person._id)).filledProfileRequestCount).toBe(1);
    const compared = await details(form._id);
    expect(compared.data).toMatchObject({ phone: '+44 7700 900777', address: { city: 'York' }, name: { fullName: 'Ellie Marsh-Wood' } });
    expect(compared.current).toMatchObject({ phone: person.phone, address: { city: 'Leeds' }, name: { first: 'Ellie' } });
    expect(compared.current).not.toHaveProperty('about');

    const approved = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, w.orgA.adminToken);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.message).toBe('Approved: the candidate’s profile is updated');
    expect(approved.body.data).toMatchObject({
      status: 'APPROVED',
      reviewedBy: { name: expect.any(String) },
      reviewedAt: expect.any(String),
    });

    // Exactly the part is written onto the candidate, through its repository: logged, the rest as it was.
    const after = await candidateOf(person._id);
    expect(after).toMatchObject({
      phone: '+44 7700 900777',
      email: person.email,
      name: { fullName: 'Ellie Marsh-Wood' },
      address: { city: 'York', postCode: 'YO1 7HH' },
      linkedInLink: 'https://www.linkedin.com/in/ellie-marsh-wood',
      about: 'Data analyst, five years in retail.',
      preferences: { currentJobTitle: 'Data analyst' },
      filledProfileRequestCount: 0,
    });
    const update = (await logsOf(t.app, person._id)).filter((entry) => entry.action === 'UPDATE').at(-1);
    expect(update?.user).toMatchObject({ _id: expect.any(String) });
    expect(Object.keys(update?.to as object).sort()).toEqual(['address', 'linkedInLink', 'name', 'phone']);
    const formLog = await logsOf(t.app, form._id);
    expect(formLog.map((entry) => entry.action)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE', 'STATUS_CHANGE']));

    // Decided once: a second decision is refused.
    const twice = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'REJECTED' }, w.orgA.adminToken);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('This form has already been approved');
  });

  it('rejecting writes nothing onto the candidate; only a filled form is approved or rejected', async () => {
    const { person, form, token, otp } = await aSentForm('ABOUT');
    const early = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, w.orgA.adminToken);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('This form has not been filled in yet: it can be approved or rejected once it is');
    const filled = await call(
      t.app,
      fillInformationForm,
      { _id: form._id, otp, email: person.email, phone: person.phone, data: { about: 'Now a data engineer.' } },
      token,
    );
    expect(filled.status, filled.body.message).toBe(200);
    const backwards = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'PENDING' }, w.orgA.adminToken);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('A filled form can only be approved or rejected');
    // Staff no longer change what it asks for.
    const retyped = await call(t.app, calls.update, { _id: form._id, requestType: 'SKILLS' }, w.orgA.adminToken);
    expect(retyped.status).toBe(409);
    expect(retyped.body.message).toBe('Only a form still waiting for the candidate can be changed');

    const changes = async () => (await logsOf(t.app, person._id)).filter((entry) => !entry.action.endsWith('READ'));
    const logsBefore = (await changes()).length;
    const rejected = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'REJECTED' }, w.orgA.adminToken);
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(rejected.body.message).toBe('Rejected: the candidate’s profile is unchanged');
    expect((await candidateOf(person._id)).about).toBe('Data analyst, five years in retail.');
    expect(await changes()).toHaveLength(logsBefore);
    expect((await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, w.orgA.adminToken)).body.message).toBe(
      'This form has already been rejected',
    );
  });

  it('a form of one type shows and takes only its part, with the spec’s messages', async () => {
    const { person, form, token, otp } = await aSentForm('PROFILE');
    const held = await call(t.app, informationFormData, { _id: form._id, otp }, token);
    expect(held.body.data.fields).toEqual(['email', 'phone', 'name', 'about', 'preferences']);
    // Only the preferences this part asks for.
    expect(held.body.data.data.preferences).toEqual({ currentJobTitle: 'Data analyst', desiredJobTitle: 'Senior analyst' });
    const fill = (body: Record<string, unknown>) =>
      call(t.app, fillInformationForm, { _id: form._id, otp, email: person.email, phone: person.phone, ...body }, token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ data: { skills: [] } }, 'This form does not ask for skills: it is for profile', 'data.skills'],
      [{ data: { diversity: { gender: 'x' } } }, 'This form does not ask for diversity: it is for profile', 'data.diversity'],
      [{ data: { name: { first: 'Ellie' }, preferences: { jobTypes: [1] } } }, 'Unknown field: jobTypes', 'data.preferences.jobTypes'],
      [{ data: { name: { last: 'Marsh' } } }, 'Please enter your first name.', 'data.name.first'],
      [{ email: undefined }, 'Please enter email', 'email'],
      [{ email: 'not-an-email' }, 'Please enter a valid email', 'email'],
      [{ phone: undefined }, 'Please enter phone number.', 'phone'],
      [{ phone: '0770090' }, 'Phone must be at least 11 characters.', 'phone'],
      [{ otp: undefined }, 'Please enter the six-digit code', 'otp'],
    ];
    for (const [body, message, field] of cases) {
      const answer = await fill({ data: { name: { first: 'Ellie' } }, ...body });
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.data.errors).toContainEqual({ field, message });
    }
    expect((await call(t.app, informationFormData, { _id: form._id }, token)).body.message).toBe('Please enter the six-digit code');
    expect((await call(t.app, checkInformationForm, { _id: form._id })).body.data.status).toBe('PENDING');

    const filled = await fill({
      data: { name: { first: 'Ellie', last: 'Marsh' }, about: 'Analytics lead', preferences: { currentJobTitle: 'Analytics lead' } },
    });
    expect(filled.status, filled.body.message).toBe(200);
    await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, w.orgA.adminToken);
    // The titles laid over the candidate's preferences: the ones the part does not ask keep their values.
    expect((await candidateOf(person._id)).preferences).toMatchObject({
      currentJobTitle: 'Analytics lead',
      desiredJobTitle: 'Senior analyst',
      willingToRelocate: false,
    });

    // A project form checks each project as the candidate's are.
    const projects = await aSentForm('PROJECT');
    const refused = await call(
      t.app,
      fillInformationForm,
      {
        _id: projects.form._id,
        otp: projects.otp,
        email: projects.person.email,
        phone: projects.person.phone,
        data: { projects: [{ description: 'A dashboard' }] },
      },
      projects.token,
    );
    expect(refused.body.message).toBe('Please provide title.');
    expect(refused.body.data.errors).toContainEqual({ field: 'data.projects.0.title', message: 'Please provide title.' });
  });

  it('a preferences form offers the agency’s notice periods, and skills are checked as the candidate’s are', async () => {
    const { person, form, token, otp } = await aSentForm('COMPLETE');
    const held = await call(t.app, informationFormData, { _id: form._id, otp }, token);
    expect(held.body.data.fields).toHaveLength(15);
    expect(held.body.data.noticePeriods.map((period: { label: string }) => period.label)).toContain('1 month');
    const skills = await call(t.app, skill.calls.list!, { limit: 1 });
    const skillId = skills.body.data.results[0]?._id as string;
    const noticePeriodId = held.body.data.noticePeriods[0]._id as string;
    const filled = await call(
      t.app,
      fillInformationForm,
      {
        _id: form._id,
        otp,
        email: person.email,
        phone: person.phone,
        data: {
          ...held.body.data.data,
          email: undefined,
          phone: undefined,
          skills: [{ skillId, rating: 4 }],
          preferences: { ...held.body.data.data.preferences, noticePeriodId, willingToRelocate: true },
        },
      },
      token,
    );
    expect(filled.status, filled.body.message).toBe(200);
    const approved = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, w.orgA.adminToken);
    expect(approved.status, approved.body.message).toBe(200);
    const after = await candidateOf(person._id);
    expect(after.skills).toMatchObject([{ skillId, rating: 4 }]);
    expect(after.preferences).toMatchObject({ noticePeriodId, willingToRelocate: true, currentJobTitle: 'Data analyst' });
    expect(after.noticePeriod).toMatchObject({ _id: noticePeriodId });
    // Diversity is no part of any form: approving the complete profile kept it.
    expect(after.diversity).toMatchObject({ gender: 'Woman' });
  });

  it('codes: five wrong tries burn one (429), a new one at most once a minute, and each opens its own form only, for a short time', async () => {
    const person = await aFullCandidate();
    const form = (await sendRequest(person._id, 'ABOUT')).body.data as Form;
    expect((await sendOtp(form._id)).status).toBe(200);
    const tooSoon = await sendOtp(form._id);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe('Please wait a minute before asking for a new code.');
    const code = await latestCode(person.email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await checkOtp(form._id, wrong(code))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const burnt = await checkOtp(form._id, code);
    expect(burnt.status).toBe(429);
    expect(burnt.body.message).toBe('Too many wrong codes. Please ask for a new one.');

    // Another form's code and token: refused on this one.
    const other = await aSentForm('ABOUT');
    const third = await aFullCandidate();
    const thirdForm = (await sendRequest(third._id, 'ABOUT')).body.data as Form;
    expect((await sendOtp(thirdForm._id)).status).toBe(200);
    const crossed = await checkOtp(thirdForm._id, other.otp);
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toMatch(/The code (is not correct|has expired)/);
    const theirs = await call(t.app, informationFormData, { _id: form._id, otp: other.otp }, other.token);
    expect(theirs.status).toBe(404);
    const foreignFill = await call(
      t.app,
      fillInformationForm,
      { _id: form._id, otp: other.otp, email: person.email, phone: person.phone, data: { about: 'Hijacked' } },
      other.token,
    );
    expect(foreignFill.status).toBe(404);
    expect((await call(t.app, checkInformationForm, { _id: form._id })).body.data.status).toBe('PENDING');
    // A form's token opens no other page, and no staff call.
    expect((await call(t.app, interviewInformationDetails, { _id: other.form._id }, other.token)).status).toBe(403);
    expect((await call(t.app, calls.details, { _id: other.form._id }, other.token)).status).toBe(401);
    // An expired token, or none: refused.
    const { codes } = t.app.services;
    const expired = codes.holderToken({
      resource: 'CandidateInformationForm',
      recordId: other.form._id,
      organisationId: w.orgA.id,
      now: new Date(Date.now() - 2 * 60 * 60 * 1000),
    });
    expect((await call(t.app, informationFormData, { _id: other.form._id, otp: other.otp }, expired.token)).status).toBe(401);
    expect((await call(t.app, informationFormData, { _id: other.form._id, otp: other.otp })).status).toBe(401);
    // An unknown form: nothing said, nothing mailed.
    expect((await sendOtp('a'.repeat(24))).status).toBe(404);
    expect((await call(t.app, checkInformationForm, { _id: 'a'.repeat(24) })).status).toBe(404);
  });

  it('the organisation’s active CANDIDATE_INFORMATION_FORM_REQUEST template writes the letter, the link after it', async () => {
    const template = await call(
      t.app,
      emailTemplate.calls.create!,
      {
        title: 'Check your details',
        templateType: 'CANDIDATE_INFORMATION_FORM_REQUEST',
        subject: '{{firstName}}, are your details up to date?',
        content: 'Dear {{firstName}} {{lastName}}, {{organisationName}} keeps your profile.',
      },
      w.orgB.adminToken,
    );
    expect(template.status, template.body.message).toBe(200);
    const person = await aCandidate(t.app, w.orgB.adminToken, { name: { first: 'Omar', last: 'Farouk' } });
    const sent = await sendRequest(person._id, 'SKILLS', w.orgB.adminToken);
    const [letter] = await mailTo(t.app, person.email);
    expect(letter?.subject).toBe('Omar, are your details up to date?');
    expect(letter?.text).toContain('Dear Omar Farouk');
    expect(letter?.text).toContain(`/form/${sent.body.data._id}`);
  });

  it('a candidate signed in as a job seeker asks to update their details at their agency; staff review it as any other', async () => {
    const person = await aFullCandidate();
    const seeker = await aUser(t.app, { userType: 'JOB_SEEKER' });
    const [account] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, seeker.email));
    // Linked to their account (candidate-account-link.test.ts covers how).
    await t.app.database.db.update(candidates).set({ userId: account?.id }).where(eq(candidates.id, person._id));

    expect((await call(t.app, candidateInfoRequestCheck, {}, seeker.token)).body.data).toBe(false);
    const mine = await call(t.app, myCandidateProfiles, {}, seeker.token);
    expect(mine.status, mine.body.message).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ candidateId: person._id, organisationName: expect.any(String), requests: [] }),
    ]);
    expect(mine.body.data[0].current).toMatchObject({ about: 'Data analyst, five years in retail.' });
    expect(mine.body.data[0].current).not.toHaveProperty('diversity');

    const submit = (body: Record<string, unknown>, token = seeker.token) => call(t.app, submitInformationRequest, body, token);
    const wrongPart = await submit({
      candidate: person._id,
      requestType: 'ABOUT',
      data: { email: person.email, phone: person.phone, about: 'x', skills: [] },
    });
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body.message).toBe('This form does not ask for skills: it is for about');
    const submitted = await submit({
      candidate: person._id,
      requestType: 'ABOUT',
      data: { email: person.email, phone: person.phone, about: 'Now leading a small analytics team.' },
    });
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'FILLED', requestType: 'ABOUT' });
    expect((await call(t.app, candidateInfoRequestCheck, {}, seeker.token)).body.data).toBe(true);
    // Sent again while it waits: the newer details replace the waiting ones.
    const again = await submit({
      candidate: person._id,
      requestType: 'ABOUT',
      data: { email: person.email, phone: person.phone, about: 'Leading the analytics team.' },
    });
    expect(again.body.data._id).toBe(submitted.body.data._id);
    expect(again.body.message).toBe('Your new details replace the ones waiting for review');

    const form = await details(submitted.body.data._id);
    expect(form).toMatchObject({ source: 'CANDIDATE', data: { about: 'Leading the analytics team.' }, candidate: { _id: person._id } });
    await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, w.orgA.adminToken);
    expect((await candidateOf(person._id)).about).toBe('Leading the analytics team.');
    expect((await call(t.app, candidateInfoRequestCheck, {}, seeker.token)).body.data).toBe(false);

    // A form staff sent of a type is answered by the candidate's own request of that type.
    const sent = await sendRequest(person._id, 'ABOUT');
    expect((await call(t.app, candidateInfoRequestCheck, {}, seeker.token)).body.data).toBe(true);
    const answered = await submit({
      candidate: person._id,
      requestType: 'ABOUT',
      data: { email: person.email, phone: person.phone, about: 'Same as before.' },
    });
    expect(answered.body.data._id).toBe(sent.body.data._id);

    // Another's candidate, or one of theirs at no agency: not found.
    const stranger = await aFullCandidate();
    expect((await submit({ candidate: stranger._id, requestType: 'ABOUT', data: { about: 'x' } })).status).toBe(404);
    expect((await call(t.app, myCandidateProfiles, {}, w.seeker.token)).body.data).toEqual([]);
    expect((await call(t.app, candidateInfoRequestCheck, {}, w.seeker.token)).body.data).toBe(false);
  });

  it('keeps each organisation to its own forms (404) and each call to its users (403)', async () => {
    const { form, token, otp, person } = await aSentForm('ABOUT');
    const mine = await aFullCandidate();
    // Another organisation: its forms and candidates are not found.
    for (const attempt of [
      call(t.app, calls.details, { _id: form._id }, w.orgB.adminToken),
      call(t.app, calls.update, { _id: form._id, requestType: 'SKILLS' }, w.orgB.adminToken),
      call(t.app, calls.remove, { _id: form._id }, w.orgB.adminToken),
      call(t.app, changeInformationFormStatus, { _id: form._id, status: 'REJECTED' }, w.orgB.adminToken),
      sendRequest(mine._id, 'ABOUT', w.orgB.adminToken),
    ]) {
      expect((await attempt).status).toBe(404);
    }
    expect((await call(t.app, filledProfileList, { limit: 'ALL' }, w.orgB.adminToken)).body.data.results).toEqual([]);

    // The wrong kind of user.
    const client = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: 'c'.repeat(24) });
    expect((await sendRequest(mine._id, 'ABOUT', w.seeker.token)).status).toBe(403);
    expect((await call(t.app, calls.list, {}, client.token)).status).toBe(403);
    expect((await call(t.app, filledProfileList, {}, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, submitInformationRequest, { candidate: mine._id, data: {} }, w.orgA.adminToken)).status).toBe(403);
    expect((await call(t.app, candidateInfoRequestCheck, {}, client.token)).status).toBe(403);
    expect((await call(t.app, calls.list, {})).status).toBe(401);
    // Staff need the information form permission; to approve, the right to change candidates too.
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await aStaffMember(t.app, w.orgA.adminToken, {
      first: 'Rae',
      roleIds: [
        await roleOf(t.app, w.orgA.adminToken, [
          await permissionId(t.app, w.root, { feature: 'CandidateInformationForm', level: 'WRITE' }),
          await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ' }),
        ]),
      ],
    });
    expect((await call(t.app, calls.details, { _id: form._id }, reader.token)).status).toBe(200);
    await call(t.app, fillInformationForm, { _id: form._id, otp, email: person.email, phone: person.phone, data: { about: 'x' } }, token);
    const refused = await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'APPROVED' }, reader.token);
    expect(refused.status).toBe(403);
    expect((await details(form._id)).status).toBe('FILLED');
    expect((await call(t.app, changeInformationFormStatus, { _id: form._id, status: 'REJECTED' }, reader.token)).status).toBe(200);
  });
});
