import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { login } from '@app/contract/resources/auth';
import { client } from '@app/contract/resources/crm/client';
import { clientCredentials } from '@app/contract/resources/crm/client-credentials';
import { contact } from '@app/contract/resources/crm/contact';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import type { Page } from 'playwright-core';
import { crmDemo } from '../../apps/server/src/demo/crm';
import { demoOrganisationAdmin, demoPassword, foundationDemo } from '../../apps/server/src/demo/foundation';
import { hiringDemo } from '../../apps/server/src/demo/hiring';
import { launchBrowser, skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { openPage, type ServerAndBrowser } from '../support/journey';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher';
import { startServer } from '../support/server';
import { signIn } from '../support/steps';

// Issue 30 points 2-4, 6 and 8: a recruiter schedules an interview from an application, with someone
// from the client on the panel; that outside interviewer opens the mailed link on a phone, asks for a
// code and scores it; the recruiter sees their scorecard, adds their own, and the interview is done;
// the client's hiring manager sees it in the portal, without the scorecards, and gives the feedback the
// recruiter asks for (point 5); the recruiter sees it on the application.

const skip = skipWithoutChromium();
let world: ServerAndBrowser;
let mail: MailCatcher;
let ellieApplication: string;
const said: string[] = [];
const hana = { name: 'Hana Osei', email: 'hana.osei@northwind.example' };
const portal = { email: 'olive@northwind.demo', password: 'Olive-own-pass-2026' };

before(async () => {
  if (skip) return;
  mail = await startMailCatcher();
  const server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Brightpath CRM <crm@brightpath.demo>' } });
  try {
    const { api, upload } = httpApi(server.url);
    for (const step of [foundationDemo, crmDemo, hiringDemo]) await step.run({ api, upload, superAdmin: server.superAdmin });
    const token = (await api(login, { email: demoOrganisationAdmin, password: demoPassword })).token as string;
    const jobs = (await api(crmJob.calls.list!, { search: 'Transport planner' }, token)).results as { _id: string }[];
    const cards = (await api(jobApplicantsList, { jobId: jobs[0]?._id, limit: 'ALL' }, token)).results as {
      _id: string;
      candidate: { label: string };
    }[];
    ellieApplication = cards.find((card) => card.candidate.label === 'Ellie Barker')?._id as string;
    assert.ok(ellieApplication, 'Ellie is on the planner job');
    // Northwind's hiring manager, with a sign-in to the client portal.
    const clients = (await api(client.calls.list!, { search: 'Northwind' }, token)).results as { _id: string }[];
    const olive = await api(
      contact.calls.create!,
      {
        profile: { name: { first: 'Olive', last: 'Ostrowski' }, email: portal.email },
        relatedTo: [{ _id: clients[0]?._id, entityType: 'Client' }],
      },
      token,
    );
    await api(clientCredentials, { _id: olive._id }, token);
    world = { server, browser: await launchBrowser(), stop: async () => {} };
  } catch (error) {
    await server.stop();
    await mail.close();
    throw error;
  }
});

after(async () => {
  await world?.browser.close();
  await world?.server.stop();
  await mail?.close();
});

const watch = (page: Page) => {
  page.on('console', (message) => {
    if (message.type() === 'error') said.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`uncaught: ${error.message}`));
  return page;
};

const textOf = (caught: Awaited<ReturnType<MailCatcher['waitForMail']>>) =>
  caught.parts.find((part) => part.contentType === 'text/plain')?.body.replace(/=\r?\n/g, '') ?? '';

test('interviews: scheduled from the application, scored by an outside interviewer on a phone and by the recruiter', {
  skip,
  timeout: 300_000,
}, async () => {
  const recruiter = watch(await openPage({ ...world, context: { viewport: { width: 1366, height: 800 }, timezoneId: 'Europe/London' } }));
  await signIn(recruiter, demoOrganisationAdmin, demoPassword);
  await recruiter.waitForURL('**/crm');
  await recruiter.goto(`/crm/applications/${ellieApplication}`);
  await recruiter.getByRole('tab', { name: 'Interviews' }).click();
  await recruiter.getByRole('button', { name: 'Add interview' }).first().click();
  const adding = recruiter.getByRole('dialog', { name: 'Add interview' });
  await adding.getByLabel('Interview type').fill('Technical');
  await adding.getByRole('textbox', { name: 'How' }).click();
  await recruiter.getByRole('option', { name: 'Video call', exact: true }).click();
  await adding.getByRole('textbox', { name: /^Interviewers/ }).fill('Alex');
  await recruiter.getByRole('option', { name: 'Alex Morgan' }).click();
  await adding.getByRole('heading').click();
  await adding.getByLabel('Outside interviewer').fill(hana.name);
  await adding.getByLabel('Their email').fill(hana.email);
  await adding.getByLabel('Starts').fill('2027-01-12T10:00');
  await adding.getByLabel('Ends').fill('2027-01-12T11:00');
  // The panel's day, as their calendars stand.
  await adding.getByText('Alex Morgan: free all day').waitFor();
  await adding.getByLabel('For the candidate').fill('A 45-minute call about route planning.');
  await adding.getByRole('button', { name: 'Create interview' }).click();
  await adding.waitFor({ state: 'hidden' });
  await recruiter.getByRole('button', { name: 'Edit Technical interview' }).waitFor();
  // Her first interview moved Ellie on from Screening.
  await recruiter.getByText(/^Interviewing, for /).waitFor();

  // The outside interviewer's invitation carries the page to score it on.
  const invitation = await mail.waitForMail(hana.email, /^Invitation: Technical interview: Ellie Barker/);
  assert.match(invitation.raw, /BEGIN:VCALENDAR/);
  const link = textOf(invitation).match(/\/interview\/([0-9a-f]{24})/)?.[0];
  assert.ok(link, 'the invitation links to the interview page');
  // Ellie's invitation is hers: the time, the video room, what she was told; no link to score.
  const ellies = textOf(await mail.waitForMail('ellie.barker@candidates.demo', /^Invitation: Technical interview/));
  assert.match(ellies, /meet\.jit\.si\/crm-[0-9a-f]{32}/);
  assert.match(ellies, /route planning/);
  assert.doesNotMatch(ellies, /\/interview\//);

  // On a phone, with no account: a mailed code opens the interview, and the scorecard goes back.
  const outside = watch(await openPage({ ...world, context: { viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London' } }));
  await outside.goto(link);
  await outside.getByRole('button', { name: 'Email me a code' }).click();
  const codeMail = await mail.waitForMail(hana.email, /^Your code for the interview page/);
  const code = textOf(codeMail).match(/\b(\d{6})\b/)?.[1] as string;
  await outside.getByLabel('Code').fill(code);
  await outside.getByRole('button', { name: 'Open the interview' }).click();
  await outside.getByRole('heading', { name: 'Interview with Ellie Barker' }).waitFor();
  await outside.getByRole('textbox', { name: 'Overall' }).click();
  await outside.getByRole('option', { name: '4: Yes' }).click();
  await outside.getByLabel('Remarks').fill('Knows night trunking inside out.');
  await outside.getByRole('button', { name: 'Send my scorecard' }).click();
  await outside.getByText('Thank you: your scorecard is with').waitFor();
  assert.equal(await outside.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');

  // The recruiter sees it, then scores too: the whole panel has, so the interview is done.
  await recruiter.reload();
  await recruiter.getByRole('tab', { name: 'Interviews' }).click();
  await recruiter.getByText('Yes (4)', { exact: true }).waitFor();
  await recruiter.getByRole('button', { name: 'Score' }).click();
  const scoring = recruiter.getByRole('dialog', { name: 'Scorecard: Technical' });
  await scoring.getByRole('textbox', { name: 'Overall' }).click();
  await recruiter.getByRole('option', { name: '5: Strong yes' }).click();
  await scoring.getByLabel('Remarks').fill('Clear thinking under pressure.');
  await scoring.getByRole('button', { name: 'Save scorecard' }).click();
  await scoring.waitFor({ state: 'hidden' });
  await recruiter.getByText('Strong yes (4.5)', { exact: true }).waitFor();
  await recruiter.getByText(/^completed$/i).waitFor();
  await recruiter.getByRole('button', { name: 'Edit Technical interview' }).click();
  const opened = recruiter.getByRole('dialog', { name: 'Edit interview' });
  await opened.getByText(`${hana.name}: 4 (Yes)`).waitFor();
  await opened.getByText('Alex Morgan: 5 (Strong yes)').waitFor();
  await recruiter.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' });

  // Northwind's hiring manager sees the interview in the client portal, and Ellie at Interviewing.
  const sent = await mail.waitForMail(portal.email, /Your client portal sign-in/);
  const temporary = textOf(sent).match(/Password: (\S+)/)?.[1] as string;
  const manager = watch(await openPage({ ...world, context: { viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London' } }));
  await signIn(manager, portal.email, temporary);
  await manager.getByLabel('Temporary password').fill(temporary);
  await manager.getByLabel('New password', { exact: true }).fill(portal.password);
  await manager.getByLabel('Confirm new password').fill(portal.password);
  await manager.getByRole('button', { name: 'Save my password' }).click();
  await manager.getByRole('heading', { name: 'Your company' }).waitFor();
  await manager.goto('/client/interviews');
  await manager.getByText('Technical interview: Ellie Barker').waitFor();
  await manager.getByText(/^completed$/i).waitFor();
  await manager.goto('/client/applications');
  const ellie = manager.getByRole('paragraph').filter({ hasText: 'Ellie Barker' });
  await ellie.first().waitFor();
  await manager.getByText('Interviewing', { exact: true }).first().waitFor();
  // Scorecards and the panel's notes stay the agency's.
  assert.equal(await manager.getByText('Knows night trunking').count(), 0);

  // The recruiter asks Northwind for their feedback on Ellie; the portal's users are mailed the link.
  await recruiter.getByRole('tab', { name: 'Client feedback' }).click();
  await recruiter.getByRole('button', { name: 'Ask the client' }).click();
  const asking = recruiter.getByRole('dialog', { name: 'Ask the client for feedback' });
  await asking.getByLabel('A note for them').fill('Would you take her to a second round?');
  await asking.getByRole('button', { name: 'Send request' }).click();
  await asking.waitFor({ state: 'hidden' });
  await recruiter.getByText('Waiting for the client’s feedback').waitFor();
  const request = textOf(await mail.waitForMail(portal.email, /^Your feedback on Ellie Barker for Transport planner/));
  assert.match(request, /second round/);
  assert.match(request, /\/client\/feedback/);

  // On her phone, the hiring manager answers it: a verdict, a rating and her words.
  await manager.goto('/client/feedback');
  await manager.getByText('Ellie Barker for Transport planner').first().waitFor();
  await manager.getByRole('button', { name: 'Give feedback' }).click();
  const giving = manager.getByRole('dialog', { name: /^Your feedback: Ellie Barker/ });
  await giving.getByRole('textbox', { name: 'Overall' }).click();
  await manager.getByRole('option', { name: '4: Yes' }).click();
  await giving.getByRole('textbox', { name: 'Communication' }).click();
  await manager.getByRole('option', { name: 'Good (3)' }).click();
  await giving.getByLabel('Remarks').fill('Yes to a second round: bring the network plan.');
  await giving.getByRole('button', { name: 'Save feedback' }).click();
  await giving.waitFor({ state: 'hidden' });
  await manager.getByText('You are up to date: no feedback is waiting for you.').waitFor();
  await manager.getByText('Yes to a second round: bring the network plan.').waitFor();
  assert.equal(await manager.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');

  // The recruiter sees the client's feedback beside the interview's scorecards.
  await recruiter.reload();
  await recruiter.getByRole('tab', { name: 'Client feedback' }).click();
  await recruiter.getByText('From Olive Ostrowski').waitFor();
  await recruiter.getByText('Yes to a second round: bring the network plan.').waitFor();
  await recruiter.getByText('Communication: Good').waitFor();
  assert.deepEqual(said, []);
});
