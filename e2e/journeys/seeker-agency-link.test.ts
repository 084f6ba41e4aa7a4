import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { candidate } from '@app/contract/resources/crm/candidate';
import { registerJobSeeker } from '@app/contract/resources/job-board/job-seeker';
import type { Page } from 'playwright-core';
import { skipWithoutChromium } from '../support/browser';
import { httpApi } from '../support/http-api';
import { type AgencyWorld, signedInPage, startAgencyWorld } from '../support/journey';
import { openSection } from '../support/steps';

const skip = skipWithoutChromium();
const agencyName = 'Linking Agency';
const seeker = { email: 'sara.seeker@example.com', password: 'Seeker-pass-2026', phone: '+447700900555' };
let world: AgencyWorld;
let page: Page;
let candidateId: string;

before(async () => {
  if (skip) return;
  world = await startAgencyWorld({
    agency: {
      name: agencyName,
      email: 'hello@linking-agency.example',
      phoneNumber: '+44 20 7946 0002',
      admin: { email: 'lena@linking-agency.example', password: 'Linking-pass-2026', phone: '+447700900002', first: 'Lena', last: 'Linker' },
    },
  });
  page = world.page;
  const { api } = httpApi(world.server.url);
  await api(registerJobSeeker, { name: { first: 'Sara', last: 'Seeker' }, ...seeker });
  // The agency has her as a candidate under a name of its own, with her email.
  const made = await api(
    candidate.calls.create,
    { name: { first: 'S.', last: 'Candidate' }, email: seeker.email, phone: '+44 7700 900556' },
    world.token,
  );
  candidateId = made._id;
});

after(async () => {
  await world?.stop();
});

test('an agency invites a job seeker to link; she accepts from her profile, the agency sees her profile, and ending the link is shown on both sides', {
  skip,
  timeout: 240_000,
}, async () => {
  await page.goto(`/crm/candidates/${candidateId}`);
  const signIn = page.getByRole('region', { name: 'Sign-in' });
  await signIn.getByText('No sign-in', { exact: true }).waitFor();
  await signIn.getByRole('button', { name: 'Give sign-in' }).click();
  await page.getByText(`An invitation to link has been mailed to ${seeker.email}`).waitFor();
  await signIn.getByText('Invited', { exact: true }).waitFor();

  // Her profile names the agency; nothing is shared until she accepts.
  const hers = await signedInPage({ ...world, email: seeker.email, password: seeker.password, landing: '/seeker' });
  await hers.getByText(`${agencyName} invites you to link your profile`).waitFor();
  await hers.getByRole('button', { name: `Accept ${agencyName}` }).click();
  await hers.getByText(`You are linked with ${agencyName}`).waitFor();

  // The agency's record now holds her own profile (her name), and shows the link.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Sara Seeker' }).waitFor();
  await signIn.getByText('Linked', { exact: true }).waitFor();
  // The agency did not issue her password: no reset is offered.
  assert.equal(await signIn.getByRole('button', { name: 'Reset password' }).count(), 0);
  await signIn.getByRole('button', { name: 'End link' }).click();
  const confirm = page.getByRole('dialog', { name: 'End the link with their job seeker account?' });
  await confirm.getByRole('button', { name: 'End link' }).click();
  await signIn.getByText('Ended', { exact: true }).waitFor();

  // She sees it among her past agencies.
  await openSection(hers, 'Job seeker', 'Agencies');
  const past = hers.getByRole('region', { name: 'Past' });
  await past.getByText(agencyName).waitFor();
  await past.getByText(/They ended the link on/).waitFor();
});
