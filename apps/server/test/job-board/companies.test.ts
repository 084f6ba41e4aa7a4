import { me } from '@app/contract/resources/auth';
import {
  companyBySlug,
  myCompany,
  recruiterCompany,
  registerCompany,
  updateCompanyAbout,
  updateCompanyContactDetails,
  updateCompanyIndustries,
  updateCompanySocialMedia,
} from '@app/contract/resources/job-board/company';
import { searchJobs } from '@app/contract/resources/job-board/job';
import { industryOptions } from '@app/contract/resources/job-board/lookups';
import { describe, expect, it } from 'vitest';
import { logsOf } from '../support/entity-log';
import { aCompany, aJob, type BoardWorld, idsOf, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { password, unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Calder Valley Care '),
  email: `${unique('care')}@example.com`,
  phone: '+441422000000',
  aboutUs: 'Home care across Calderdale.',
  password,
  ...overrides,
});

const expectMessage = async (
  spec: Parameters<typeof call>[1],
  input: Record<string, unknown>,
  token: string | undefined,
  message: string,
  field?: string,
) => {
  const { status, body } = await call(t.app, spec, input, token);
  expect(status, JSON.stringify(body.data)).toBe(400);
  expect(body.message).toBe(message);
  if (field) expect(body.data.errors).toContainEqual({ field, message });
};

/** The recruiter's own calls refuse job seekers, CRM users and platform admins (403) and strangers (401). */
const refusesOthers = async (spec: Parameters<typeof call>[1], input: Record<string, unknown> = {}) => {
  for (const token of [w.seeker.token, w.crmUser.token, w.platformAdmin.token]) {
    expect((await call(t.app, spec, input, token)).status, spec.path).toBe(403);
  }
  expect((await call(t.app, spec, input)).status).toBe(401);
};

const mine = async (token: string) => (await call(t.app, myCompany, {}, token)).body.data;

describe('POST /recruiter/company/register', () => {
  it('registers the company and its RECRUITER account, signed in; the slug comes from the name', async () => {
    const input = registration({ name: 'Calder Valley Care', recruiterType: 'RECRUITMENT_AGENCY', website: 'https://cvc.example.com' });
    const { status, body } = await call(t.app, registerCompany, input);
    expect(status, body.message).toBe(200);
    expect(body.data.user).toMatchObject({ email: input.email, userType: 'RECRUITER', name: 'Calder Valley Care' });
    const company = await mine(body.data.token);
    expect(company).toMatchObject({
      name: 'Calder Valley Care',
      slug: 'calder-valley-care',
      email: input.email,
      recruiterType: 'RECRUITMENT_AGENCY',
      status: 'ACTIVE',
      isVerified: false,
      userId: body.data.user._id,
    });
    expect(company.itemId.combined).toMatch(/^COM-\d+$/);

    const twin = await call(t.app, registerCompany, registration({ name: 'Calder Valley Care' }));
    expect(twin.status).toBe(200);
    expect((await mine(twin.body.data.token)).slug).toBe('calder-valley-care-2');
    expect((await mine(twin.body.data.token)).recruiterType).toBe('COMPANY');
  });

  it('gives the spec’s messages, and 409 for a taken email', async () => {
    await expectMessage(registerCompany, registration({ name: '' }), undefined, 'Please enter company name', 'name');
    await expectMessage(
      registerCompany,
      registration({ aboutUs: undefined }),
      undefined,
      'Please tell job seekers about your company',
      'aboutUs',
    );
    await expectMessage(
      registerCompany,
      registration({ phone: '01422 00000' }),
      undefined,
      'Phone must be at least 12 characters.',
      'phone',
    );
    await expectMessage(registerCompany, registration({ email: undefined }), undefined, 'Please enter email', 'email');
    await expectMessage(
      registerCompany,
      registration({ password: 'short' }),
      undefined,
      'Password must be at least 8 characters.',
      'password',
    );
    await expectMessage(
      registerCompany,
      registration({ recruiterType: 'CHARITY' }),
      undefined,
      'Recruiter type must be COMPANY or RECRUITMENT_AGENCY',
    );
    await expectMessage(registerCompany, registration({ isVerified: true }), undefined, 'Unknown field: isVerified');
    for (const email of [w.company.email, w.seeker.email]) {
      const { status, body } = await call(t.app, registerCompany, registration({ email }));
      expect(status).toBe(409);
      expect(body.message).toBe('This email is already registered');
    }
  });
});

describe('POST /recruiter/company/list and /details-by-slug (public)', () => {
  it('lists active companies to anyone, searchable, without private details', async () => {
    const { status, body } = await call(t.app, recruiterCompany.calls.list!, { search: w.company.name });
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([w.company.id]);
    expect(body.data.results[0]).toMatchObject({ name: w.company.name, slug: w.company.slug });
    for (const secret of ['userId', 'email', 'phone']) expect(body.data.results[0]).not.toHaveProperty(secret);
    expect(
      (await call(t.app, recruiterCompany.calls.list!, { filter: { recruiterType: 'COMPANY' }, limit: 'ALL' }, w.seeker.token)).status,
    ).toBe(200);
  });

  it('answers a company’s public page by slug', async () => {
    const { status, body } = await call(t.app, companyBySlug, { slug: w.otherCompany.slug });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: w.otherCompany.id, name: w.otherCompany.name });
    for (const secret of ['userId', 'email', 'phone']) expect(body.data).not.toHaveProperty(secret);
    expect((await call(t.app, companyBySlug, { slug: 'no-such-company' })).status).toBe(404);
    await expectMessage(companyBySlug, {}, undefined, 'Please provide a slug');
  });
});

describe('GET /recruiter/company/profile', () => {
  it('answers the recruiter’s own company only', async () => {
    expect((await mine(w.company.token))._id).toBe(w.company.id);
    expect((await mine(w.otherCompany.token))._id).toBe(w.otherCompany.id);
    await refusesOthers(myCompany);
  });
});

describe('the company’s own updates', () => {
  it('updateAbout saves the text; it is required', async () => {
    const { status, body } = await call(t.app, updateCompanyAbout, { aboutUs: 'Now hiring drivers.' }, w.company.token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: w.company.id, aboutUs: 'Now hiring drivers.' });
    expect((await mine(w.otherCompany.token)).aboutUs).toBe('We hire good people in Yorkshire.');
    await expectMessage(updateCompanyAbout, {}, w.company.token, 'Please tell job seekers about your company', 'aboutUs');
    await expectMessage(updateCompanyAbout, { aboutUs: '  ' }, w.company.token, 'Please tell job seekers about your company');
    await refusesOthers(updateCompanyAbout, { aboutUs: 'x' });
  });

  it('updateIndustries saves industry ids; they are required', async () => {
    const industries = (await call(t.app, industryOptions, {})).body.data.slice(0, 2).map((i: { _id: string }) => i._id);
    const { status, body } = await call(t.app, updateCompanyIndustries, { industries }, w.company.token);
    expect(status).toBe(200);
    expect(body.data.industries).toEqual(industries);
    await expectMessage(updateCompanyIndustries, {}, w.company.token, 'Please select industries', 'industries');
    await expectMessage(
      updateCompanyIndustries,
      { industries: ['it'] },
      w.company.token,
      'industryId must be a valid mongoId',
      'industries.0',
    );
    await refusesOthers(updateCompanyIndustries, { industries });
  });

  it('updateSocialMedia saves links, each with an id; they are required and must be links', async () => {
    const socialMedia = [
      { platform: 'LinkedIn', link: 'https://www.linkedin.com/company/northern' },
      { platform: 'X', link: 'https://x.com/northern' },
    ];
    const { status, body } = await call(t.app, updateCompanySocialMedia, { socialMedia }, w.company.token);
    expect(status).toBe(200);
    expect(body.data.socialMedia).toEqual(socialMedia.map((s) => ({ ...s, _id: expect.stringMatching(/^[0-9a-f]{24}$/) })));
    await expectMessage(updateCompanySocialMedia, {}, w.company.token, 'Please provide social media links', 'socialMedia');
    await expectMessage(
      updateCompanySocialMedia,
      { socialMedia: [{ platform: 'X', link: 'not a link' }] },
      w.company.token,
      'Please enter a valid link',
      'socialMedia.0.link',
    );
    await refusesOthers(updateCompanySocialMedia, { socialMedia });
  });

  it('updateContactDetails renames the company everywhere: its account and its jobs’ search', async () => {
    const company = await aCompany(t.app);
    const job = await aJob(t.app, company.token, { title: 'Night Shift Supervisor' });
    const name = unique('Wharfedale Freight ');
    const details = {
      name,
      email: company.email,
      phone: '+441134960001',
      location: { city: 'Otley', postCode: 'LS21 1AA' },
      website: 'https://wf.example.com',
    };
    const { status, body } = await call(t.app, updateCompanyContactDetails, details, company.token);
    expect(status, body.message).toBe(200);
    expect(body.data).toMatchObject({ name, phone: '+441134960001', location: { city: 'Otley' }, website: 'https://wf.example.com' });
    expect((await call(t.app, me, {}, company.token)).body.data.name).toBe(name);
    const found = await call(t.app, searchJobs, { search: name });
    expect(idsOf(found.body)).toEqual([job._id]);
    expect(found.body.data.results[0].companyName).toBe(name);
    // The copies of the name are logged too: on the job, and on the company's account.
    const onJob = (await logsOf(t.app, job._id)).filter((r) => r.action === 'UPDATE' && 'companyName' in ((r.to as object) ?? {}));
    expect(onJob).toEqual([
      expect.objectContaining({ entityType: 'Job', user: { _id: company.userId, name: expect.any(String) }, to: { companyName: name } }),
    ]);
    expect((onJob[0]!.from as { companyName: string }).companyName).toBe(company.name);
    const onAccount = (await logsOf(t.app, company.userId)).filter((r) => r.action === 'UPDATE');
    expect(onAccount.at(-1)).toMatchObject({ entityType: 'User', to: { name: { first: name, fullName: name } } });
  });

  it('updateContactDetails gives the spec’s messages and will not take another company’s email', async () => {
    const ok = { name: w.company.name, email: w.company.email, phone: '+441134960000', location: { city: 'Leeds' } };
    await expectMessage(updateCompanyContactDetails, { ...ok, name: undefined }, w.company.token, 'Please enter company name', 'name');
    await expectMessage(updateCompanyContactDetails, { ...ok, email: '' }, w.company.token, 'Please enter email', 'email');
    await expectMessage(
      updateCompanyContactDetails,
      { ...ok, phone: '+44113496' },
      w.company.token,
      'Phone must be at least 12 characters.',
      'phone',
    );
    await expectMessage(updateCompanyContactDetails, { ...ok, location: undefined }, w.company.token, 'Please enter location', 'location');
    const taken = await call(t.app, updateCompanyContactDetails, { ...ok, email: w.otherCompany.email }, w.company.token);
    expect(taken.status).toBe(409);
    expect((await mine(w.company.token)).email).toBe(w.company.email);
    await refusesOthers(updateCompanyContactDetails, ok);
  });
});
