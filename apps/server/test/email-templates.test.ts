import { emailTemplate, fillTemplate } from '@app/contract/resources/crm/email-template';
import { applicationStages } from '@app/contract/resources/hiring/job-application';
import { describe, expect, it } from 'vitest';
import { permissionId, aRole as roleOf } from './support/access';
import { aLongList, defaultPipelineOf, stageIdOf } from './support/hiring';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aStaffMember, aUser, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

type Template = { _id: string; title: string | null; templateType: string | null; subject: string; content: string | null; status: string };

const calls = emailTemplate.calls;

const aTemplate = async (token: string, input: Record<string, unknown> = {}) => {
  const created = await call(
    t.app,
    calls.create,
    { title: unique('Letter '), subject: 'Hello {{firstName}}', content: 'Dear {{firstName}}', ...input },
    token,
  );
  expect(created.status, created.body.message).toBe(200);
  return created.body.data as Template;
};

const listedIds = async (token: string, body: Record<string, unknown> = {}) => {
  const list = await call(t.app, calls.list, { limit: 'ALL', ...body }, token);
  expect(list.status, list.body.message).toBe(200);
  return (list.body.data.results as Template[]).map((row) => row._id);
};

describe('email templates (crm.md §3 Email template, §6)', () => {
  it('take the six calls of calls.tsv: create ACTIVE, read, change, change status, list by type, delete', async () => {
    expect(Object.values(calls).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /email/templates/',
      'PUT /email/templates/',
      'POST /email/templates/change-status',
      'POST /email/templates/details',
      'POST /email/templates/list',
      'POST /email/templates/delete',
    ]);
    const made = await aTemplate(w.orgA.adminToken, { templateType: 'JOB_APPLICANT_REJECTION', description: 'After a first call' });
    expect(made).toMatchObject({ templateType: 'JOB_APPLICANT_REJECTION', status: 'ACTIVE', description: 'After a first call' });
    const changed = await call(t.app, calls.update, { _id: made._id, subject: 'About {{jobTitle}}' }, w.orgA.adminToken);
    expect(changed.status, changed.body.message).toBe(200);
    expect((await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken)).body.data.subject).toBe('About {{jobTitle}}');
    const off = await call(t.app, calls.setStatus, { _id: made._id, status: 'INACTIVE' }, w.orgA.adminToken);
    expect(off.body.data.status).toBe('INACTIVE');
    expect(await listedIds(w.orgA.adminToken, { filter: { templateType: 'JOB_APPLICANT_REJECTION', status: 'INACTIVE' } })).toContain(
      made._id,
    );
    const wrong = await call(t.app, calls.setStatus, { _id: made._id, status: 'DRAFT' }, w.orgA.adminToken);
    expect(wrong.body.message).toBe('Status must be ACTIVE or INACTIVE');
    expect((await call(t.app, calls.remove, { _id: made._id }, w.orgA.adminToken)).status).toBe(200);
    expect((await call(t.app, calls.details, { _id: made._id }, w.orgA.adminToken)).status).toBe(404);
  });

  it('refuse a blank subject with the spec’s message, an unknown type, and a variable that does not exist', async () => {
    const blank = await call(t.app, calls.create, { subject: '  ' }, w.orgA.adminToken);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide subject.');
    const missing = await call(t.app, calls.create, { content: 'Hi' }, w.orgA.adminToken);
    expect(missing.body.message).toBe('Please provide subject.');
    const badType = await call(t.app, calls.create, { subject: 'Hi', templateType: 'WELCOME' }, w.orgA.adminToken);
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('Template type must be one of INTERVIEW_SCHEDULED');
    const typo = await call(t.app, calls.create, { subject: 'Hi', content: 'Dear {{fristName}}' }, w.orgA.adminToken);
    expect(typo.status).toBe(400);
    expect(typo.body.message).toContain('{{fristName}} is not a variable');
  });

  it('fill every variable, escaping for HTML when asked, and leave an unknown token as written', () => {
    const text =
      '{{firstName}} {{lastName}}, {{designation}} at {{organisationName}}; {{email}} {{phone}}; {{building}}, {{street}}, {{city}}, {{county}}, {{postCode}}, {{country}}: {{jobTitle}} {{other}}';
    expect(
      fillTemplate(text, {
        firstName: 'Grace',
        lastName: 'Hopper',
        designation: 'Nurse',
        organisationName: 'Acme',
        email: 'g@example.com',
        phone: '0113 496 0000',
        building: '1',
        street: 'High St',
        city: 'Leeds',
        county: 'West Yorkshire',
        postCode: 'LS1 1AA',
        country: 'UK',
        jobTitle: 'Ward <Sister>',
      }),
    ).toBe(
      'Grace Hopper, Nurse at Acme; g@example.com 0113 496 0000; 1, High St, Leeds, West Yorkshire, LS1 1AA, UK: Ward <Sister> {{other}}',
    );
    expect(fillTemplate('{{jobTitle}} {{city}}', { jobTitle: 'A & B' }, (value) => value.replace(/&/g, '&amp;'))).toBe('A &amp; B ');
  });

  it('are the organisation’s own: another’s is a 404, and only staff with the permission reach them', async () => {
    const theirs = await aTemplate(w.orgB.adminToken);
    expect((await call(t.app, calls.details, { _id: theirs._id }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.update, { _id: theirs._id, subject: 'Mine' }, w.orgA.adminToken)).status).toBe(404);
    expect((await call(t.app, calls.remove, { _id: theirs._id }, w.orgA.adminToken)).status).toBe(404);
    expect(await listedIds(w.orgA.adminToken)).not.toContain(theirs._id);
    const clientUser = await aUser(t.app, { userType: 'CRM_CLIENT_USER', organisationId: w.orgA.id });
    expect((await call(t.app, calls.list, {}, clientUser.token)).status).toBe(403);
    expect((await call(t.app, calls.create, { subject: 'Hi' }, clientUser.token)).status).toBe(403);
    expect((await call(t.app, calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await permissionId(t.app, w.root, { feature: 'Email Template', level: 'READ' });
    const staff = await aStaffMember(t.app, w.orgA.adminToken, { roleIds: [await roleOf(t.app, w.orgA.adminToken, [reader])] });
    const mine = await aTemplate(w.orgA.adminToken);
    expect(await listedIds(staff.token)).toContain(mine._id);
    expect((await call(t.app, calls.update, { _id: mine._id, subject: 'Changed' }, staff.token)).status).toBe(403);
  });

  it('stand in for the automatic letter of their type while ACTIVE, filled for each candidate; the built-in text otherwise', async () => {
    const token = w.orgA.adminToken;
    const template = await aTemplate(token, {
      templateType: 'JOB_APPLICANT_REJECTION',
      subject: 'Your {{jobTitle}} application',
      content: 'Hello {{firstName}} {{lastName}},\nthank you from {{organisationName}}.',
    });
    const { job, people, applications } = await aLongList<{ _id: string; candidateId: string }>(t.app, token, 2);
    const pipeline = await defaultPipelineOf(t.app, token);
    const rejected = stageIdOf(pipeline, 'REJECTED');
    const first = await call(t.app, applicationStages.move, { jobApplicationId: applications[0]?._id, pipelineItemId: rejected }, token);
    expect(first.status, first.body.message).toBe(200);
    const [letter] = await mailTo(t.app, people[0]?.email as string);
    expect(letter).toMatchObject({ subject: `Your ${job.title} application`, kind: 'JOB_APPLICANT_REJECTION' });
    expect(letter?.text).toBe(`Hello Grace ${people[0]?.name.last},\nthank you from ${w.orgA.record.name}.`);
    // Switched off, the built-in letter goes out again.
    await call(t.app, calls.setStatus, { _id: template._id, status: 'INACTIVE' }, token);
    await call(t.app, applicationStages.move, { jobApplicationId: applications[1]?._id, pipelineItemId: rejected }, token);
    const [builtIn] = await mailTo(t.app, people[1]?.email as string);
    expect(builtIn?.subject).toBe(`Your application for ${job.title}`);
    // Another organisation's template is never used.
    await aTemplate(w.orgB.adminToken, { templateType: 'JOB_APPLICANT_REJECTION', subject: 'Theirs' });
    expect(builtIn?.subject).not.toBe('Theirs');
  });
});
