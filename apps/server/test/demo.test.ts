import { createFirstSuperAdmin, login } from '@app/contract/resources/auth';
import { callLog } from '@app/contract/resources/crm/call-log';
import { candidate, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { client } from '@app/contract/resources/crm/client';
import { clientCredentials } from '@app/contract/resources/crm/client-credentials';
import { contact } from '@app/contract/resources/crm/contact';
import { event } from '@app/contract/resources/crm/event';
import { lead } from '@app/contract/resources/crm/lead';
import { task } from '@app/contract/resources/crm/task';
import { organisation } from '@app/contract/resources/organisation';
import { changeCredentials, organisationStaff } from '@app/contract/resources/organisation-staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisationAdmin, demoPassword, demoSuperAdmin } from '../src/demo/foundation';
import { DemoProblem, demoSteps, seedDemo } from '../src/demo/seed';
import { call, startTestApp, superAdmin } from './support/test-app';
import { anUploadedFile } from './support/uploads';
import { signIn } from './support/world';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const changedPassword = 'Changed-pass-2026';

describe('the demo world on a platform set up from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('loads through the API with the SUPER_ADMIN_EMAIL one, adds no super admin, and every account it lists signs in', {
    timeout: 180_000,
  }, async () => {
    const result = await seedDemo({ app: t.app, configured: superAdmin });
    expect(result.seeded).toBe(true);
    expect(result.notes.join(' ')).toContain(`your super admin ${superAdmin.email}`);
    const admins = result.accounts.filter((a) => a.area === '/admin');
    expect(admins).toEqual([{ who: 'Super admin (yours)', email: superAdmin.email, password: null, area: '/admin' }]);
    for (const account of result.accounts.filter((a) => a.password)) {
      expect(await signIn(t.app, account.email, account.password as string)).toBeTruthy();
    }
    expect(result.accounts.map((a) => a.email)).toEqual(
      expect.arrayContaining([superAdmin.email, ...demoSteps.flatMap((s) => s.signIns.map((x) => x.email))]),
    );
    const search = await call(
      t.app,
      { method: 'POST', path: '/recruiter/job/list' },
      { search: 'developer', location: { place: 'Leeds', radius: 10 } },
    );
    expect(search.body.data.totalResults).toBeGreaterThanOrEqual(2);
  });

  it('a second run adds nothing, and a password changed since is not printed', async () => {
    const signedIn = (await call(t.app, login, { email: demoOrganisationAdmin, password: demoPassword })).body.data;
    const changed = await call(
      t.app,
      changeCredentials,
      { id: signedIn.user._id, oldPassword: demoPassword, newPassword: changedPassword },
      signedIn.token,
    );
    expect(changed.status, changed.body.message).toBe(200);
    const again = await seedDemo({ app: t.app, configured: superAdmin });
    expect(again.seeded).toBe(false);
    expect(again.notes).toContain('The demo world is already here; nothing was added.');
    const orgAdmin = again.accounts.find((a) => a.email === demoOrganisationAdmin);
    expect(orgAdmin).toMatchObject({ email: demoOrganisationAdmin, password: null });
    expect(again.accounts.find((a) => a.email === 'priya.shah@brightpath.demo')?.password).toBe(demoPassword);
  });

  describe('the Recruiter role does a recruiter’s day', () => {
    let priya: string;
    beforeAll(async () => {
      priya = await signIn(t.app, 'priya.shah@brightpath.demo', demoPassword);
    });
    const ok = async (spec: Parameters<typeof call>[1], input: Record<string, unknown>, token = priya) => {
      const answer = await call(t.app, spec, input, token);
      expect(answer.status, `${spec.path}: ${answer.body.message}`).toBe(200);
      return answer.body.data;
    };
    const anyOf = async (spec: Parameters<typeof call>[1], token = priya) => (await ok(spec, { limit: 10 }, token)).results;

    it('names colleagues and contacts: assigns a task to a colleague, invites a client’s contact to an event', async () => {
      const colleagues = await anyOf(organisationStaff.calls.list!);
      const hannah = colleagues.find((s: { email: string }) => s.email === 'hannah.okafor@brightpath.demo');
      expect(hannah).toBeDefined();
      await ok(task.calls.create!, { title: 'Call Northwind back', assigneeIds: [hannah._id] });
      const [northwind] = await anyOf(client.calls.list!);
      const person = await ok(contact.calls.create!, {
        profile: { name: { first: 'Nia', last: 'Walsh' }, email: 'nia.walsh@northwind.demo' },
        relatedTo: [{ _id: northwind._id, entityType: 'Client' }],
      });
      const start = new Date(Date.now() + 86_400_000);
      await ok(event.calls.create!, {
        title: 'Intro call',
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 1_800_000).toISOString(),
        userIds: [hannah._id],
        contactIds: [person._id],
      });
    });

    it('logs a call with a contact', async () => {
      const [someone] = await anyOf(contact.calls.list!);
      await ok(callLog.calls.create!, { title: 'Checked shift pattern', contactIds: [someone._id], direction: 'OUTBOUND' });
    });

    it('adds a lead', async () => {
      await ok(lead.calls.create!, { title: 'Forklift drivers, Castleford', companyDetails: { name: 'Aire Freight' } });
    });

    it('gives a client’s contact a portal sign-in', async () => {
      const [northwind] = await anyOf(client.calls.list!);
      const person = await ok(contact.calls.create!, {
        profile: { name: { first: 'Owen', last: 'Price' }, email: 'owen.price@northwind.demo' },
        relatedTo: [{ _id: northwind._id, entityType: 'Client' }],
      });
      expect((await ok(clientCredentials, { _id: person._id })).userId).toBeTruthy();
    });

    it('uploads a CV to a candidate and deletes an outdated one', async () => {
      const [someone] = await anyOf(candidate.calls.list!);
      const file = await anUploadedFile(t.app, priya);
      const cv = await ok(candidateCv.calls.create, { jobSeekerId: someone._id, file, cvTitle: 'CV from the agency' });
      expect(cv.jobSeekerId).toBe(someone._id);
      const outdated = await ok(candidateCv.calls.create, { jobSeekerId: someone._id, file: await anUploadedFile(t.app, priya) });
      await ok(candidateCv.calls.remove, { _id: outdated._id });
    });

    it('merges two candidates the admin made', async () => {
      const maker = await signIn(t.app, demoOrganisationAdmin, changedPassword);
      const make = (first: string, phone: string) =>
        ok(
          candidate.calls.create,
          { name: { first, last: 'Duplicate' }, email: `${first.toLowerCase()}.dup@candidates.demo`, phone },
          maker,
        );
      const one = await make('Sam', '+44 7700 900411');
      const two = await make('Samuel', '+44 7700 900412');
      const merged = await ok(mergeCandidates, { survivorId: one._id, mergedId: two._id });
      expect(merged._id).toBe(one._id);
    });

    it('the Viewer role is refused each of those changes (403)', async () => {
      const tom = await signIn(t.app, 'tom.reed@brightpath.demo', demoPassword);
      expect((await call(t.app, lead.calls.create!, { title: 'Nope' }, tom)).status).toBe(403);
      const [someone] = await anyOf(contact.calls.list!, tom);
      expect((await call(t.app, callLog.calls.create!, { title: 'Nope', contactIds: [someone._id] }, tom)).status).toBe(403);
      expect((await call(t.app, clientCredentials, { _id: someone._id }, tom)).status).toBe(403);
    });
  });
});

describe('the demo world after the setup page made the super admin', () => {
  let t: TestApp;
  const mine = { email: 'owner@platform.example', password: 'Owner-pass-2026' };
  beforeAll(async () => {
    t = await startTestApp({ withSuperAdmin: false });
    const made = await call(t.app, createFirstSuperAdmin, { name: { first: 'Olive', last: 'Owner' }, ...mine });
    expect(made.status, made.body.message).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('makes its own super admin beside the real one, says so, and leaves the real one as it was', { timeout: 180_000 }, async () => {
    const result = await seedDemo({ app: t.app });
    expect(result.seeded).toBe(true);
    const admins = result.accounts.filter((a) => a.area === '/admin');
    expect(admins).toEqual([
      { who: 'Super admin (yours)', email: mine.email, password: null, area: '/admin' },
      { who: 'Super admin (the demo’s)', email: demoSuperAdmin.email, password: demoPassword, area: '/admin' },
    ]);
    expect(result.notes.join(' ')).toContain(`Your super admin (${mine.email}) was left as it was`);
    // The real one still signs in with its own password and sees the demo organisation.
    const token = await signIn(t.app, mine.email, mine.password);
    const orgs = await call(t.app, organisation.calls.list!, { search: 'Brightpath' }, token);
    expect(orgs.body.data.totalResults).toBe(1);
    expect(await signIn(t.app, demoOrganisationAdmin, demoPassword)).toBeTruthy();
  });

  it('refuses in a sentence, not a stack trace, when SUPER_ADMIN_PASSWORD does not open the real one', async () => {
    const fresh = await startTestApp({ withSuperAdmin: false });
    try {
      await call(fresh.app, createFirstSuperAdmin, { name: { first: 'Olive' }, ...mine });
      const refused = seedDemo({ app: fresh.app, configured: { email: mine.email, password: 'not-the-password' } });
      await expect(refused).rejects.toBeInstanceOf(DemoProblem);
      await expect(refused).rejects.toThrow(`SUPER_ADMIN_PASSWORD does not sign in to ${mine.email}`);
    } finally {
      await fresh.close();
    }
  });
});
