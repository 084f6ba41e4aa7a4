import { featureJob, featureJobMessage, job, jobBySlug, searchJobs } from '@app/contract/resources/job-board/job';
import { skill } from '@app/contract/resources/job-board/lookups';
import { describe, expect, it } from 'vitest';
import { aFeaturedJob, aJob, type BoardWorld, daysFromNow, idsOf, jobInput, withBoard } from '../support/job-board';
import { call, type TestApp } from '../support/test-app';
import { unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const { create, update, details, list, setStatus } = job.calls as Required<typeof job.calls>;

const expectMessage = async (
  spec: Parameters<typeof call>[1],
  input: Record<string, unknown>,
  token: string,
  message: string,
  field?: string,
) => {
  const { status, body } = await call(t.app, spec, input, token);
  expect(status, JSON.stringify(body.data)).toBe(400);
  expect(body.message).toBe(message);
  if (field) expect(body.data.errors).toContainEqual({ field, message });
};

describe('POST /recruiter/job/ (create)', () => {
  it('posts a job for the recruiter’s company, with a slug, an item id and labelled skills', async () => {
    const [forklift] = (await call(t.app, skill.calls.list!, { search: 'Forklift' })).body.data.results;
    const input = jobInput({ title: 'Forklift Driver', skills: [{ skillId: forklift._id }] });
    const { status, body } = await call(t.app, create, input, w.company.token);
    expect(status, body.message).toBe(200);
    expect(body.data).toMatchObject({
      title: 'Forklift Driver',
      status: 'PUBLISHED',
      recruiterId: w.company.id,
      companyName: w.company.name,
      applicantCount: 0,
      isFeaturedJob: false,
      skills: [{ skillId: forklift._id, label: 'Forklift Licence' }],
      salaries: [{ min: 25_000, max: 28_000, duration: 'YEAR', currency: 'GBP' }],
      address: { city: 'Leeds', postCode: 'LS1 4AP' },
    });
    expect(body.data.slug).toMatch(/^forklift-driver-northern-logistics-[a-z0-9-]+$/);
    expect(body.data.itemId.combined).toMatch(/^JOB-\d+$/);
    expect(new Date(body.data.postedOn).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps a job as a draft unless told, unposted; a chosen slug is kept', async () => {
    const slug = unique('my-own-slug-');
    const draft = await aJob(t.app, w.company.token, { status: undefined, slug });
    expect(draft).toMatchObject({ status: 'DRAFT', postedOn: null, slug });
  });

  it('cleans the content of scripts and handlers', async () => {
    const made = await aJob(t.app, w.company.token, {
      content: '<p onclick="steal()">Hello</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    expect(made.content).not.toMatch(/script|onclick|javascript:/);
    expect(made.content).toContain('Hello');
  });

  it('gives the spec’s messages', async () => {
    const token = w.company.token;
    await expectMessage(create, jobInput({ content: undefined }), token, 'Please fill the job content', 'content');
    await expectMessage(create, jobInput({ content: '   ' }), token, 'Please fill the job content', 'content');
    await expectMessage(create, jobInput({ title: '' }), token, 'Please provide a title.', 'title');
    await expectMessage(create, jobInput({ slug: 'Bad Slug!' }), token, 'Only a-z, 0-9 and "-" are allowed.', 'slug');
    await expectMessage(create, jobInput({ slug: 'under_score' }), token, 'Only a-z, 0-9 and "-" are allowed.', 'slug');
    await expectMessage(create, jobInput({ status: 'CLOSED' }), token, 'A new job is DRAFT or PUBLISHED', 'status');
    await expectMessage(create, jobInput({ workModel: 'MOON' }), token, 'Work model must be ON_SITE, HYBRID or REMOTE', 'workModel');
    await expectMessage(create, jobInput({ jobTypes: [99] }), token, 'Unknown job type', 'jobTypes.0');
    await expectMessage(create, jobInput({ industries: ['x'] }), token, 'industryId must be a valid mongoId', 'industries.0');
    await expectMessage(create, jobInput({ applicationEndDate: 'soon' }), token, 'Invalid date', 'applicationEndDate');
    await expectMessage(
      create,
      jobInput({ applicationStartDate: daysFromNow(10), applicationEndDate: daysFromNow(5) }),
      token,
      'The closing date must be after the opening date',
      'applicationEndDate',
    );
    await expectMessage(create, jobInput({ applicantCount: 500 }), token, 'Unknown field: applicantCount');
  });

  it('refuses a slug already taken (409)', async () => {
    const first = await aJob(t.app, w.company.token);
    const { status, body } = await call(t.app, create, jobInput({ slug: first.slug }), w.otherCompany.token);
    expect(status).toBe(409);
    expect(body.message).toBe('This slug is already taken');
  });

  it('gives jobs with the same title posted at the same moment slugs of their own', async () => {
    const title = unique('Night Shift Picker ');
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(t.app, create, jobInput({ title }), w.company.token)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.slug)).size).toBe(6);
  });

  it('is for recruiters only (403); no sign-in is 401', async () => {
    for (const token of [w.seeker.token, w.crmUser.token, w.platformAdmin.token]) {
      expect((await call(t.app, create, jobInput(), token)).status).toBe(403);
    }
    expect((await call(t.app, create, jobInput())).status).toBe(401);
  });
});

describe('POST /recruiter/job/update', () => {
  it('changes the company’s own job; the address cannot change here', async () => {
    const [git] = (await call(t.app, skill.calls.list!, { search: 'Git' })).body.data.results;
    const made = await aFeaturedJob(t.app, w.company.token, w.platformAdmin.token, {
      jobTypes: [1, 3],
      skills: [{ skillId: git._id }],
      paidToRelocate: true,
    });
    const { status, body } = await call(
      t.app,
      update,
      { _id: made._id, title: 'Senior Warehouse Operative', salaries: [{ min: 15, duration: 'HOUR' }] },
      w.company.token,
    );
    expect(status, body.message).toBe(200);
    expect(body.data).toMatchObject({ title: 'Senior Warehouse Operative', slug: made.slug, salaries: [{ min: 15, duration: 'HOUR' }] });
    // What the update does not name stays as it was.
    const kept = await call(t.app, update, { _id: made._id, description: 'New description' }, w.company.token);
    expect(kept.body.data).toMatchObject({
      title: 'Senior Warehouse Operative',
      salaries: [{ min: 15, duration: 'HOUR' }],
      jobTypes: made.jobTypes,
      workModel: made.workModel,
      isFeaturedJob: true,
      paidToRelocate: true,
      skills: made.skills,
      address: made.address,
    });
    // A job's salary filter follows the salary it keeps: £15 an hour is in the £20,000–£30,000 band.
    const found = await call(t.app, searchJobs, {
      search: 'Senior Warehouse Operative',
      filter: { recruiterId: w.company.id, salaryRange: '20000-30000' },
    });
    expect(found.body.data.results.map((r: { _id: string }) => r._id)).toContain(made._id);
    await expectMessage(update, { _id: made._id, address: { city: 'York' } }, w.company.token, 'Unknown field: address');
    await expectMessage(update, { _id: made._id, content: '' }, w.company.token, 'Please fill the job content');
    await expectMessage(update, { _id: made._id, slug: 'No Spaces' }, w.company.token, 'Only a-z, 0-9 and "-" are allowed.');
    await expectMessage(update, { title: 'x' }, w.company.token, '_id must be a valid mongoId', '_id');
    const other = await aJob(t.app, w.company.token);
    expect((await call(t.app, update, { _id: made._id, slug: other.slug }, w.company.token)).status).toBe(409);
  });

  it('keeps the closing date after the opening date, checking against the dates already saved', async () => {
    const made = await aJob(t.app, w.company.token, { applicationStartDate: daysFromNow(-5), applicationEndDate: daysFromNow(20) });
    const message = 'The closing date must be after the opening date';
    await expectMessage(update, { _id: made._id, applicationEndDate: daysFromNow(-10) }, w.company.token, message, 'applicationEndDate');
    await expectMessage(update, { _id: made._id, applicationStartDate: daysFromNow(30) }, w.company.token, message, 'applicationEndDate');
    expect((await call(t.app, update, { _id: made._id, applicationEndDate: null }, w.company.token)).status).toBe(200);
    expect((await call(t.app, update, { _id: made._id, applicationStartDate: daysFromNow(30) }, w.company.token)).status).toBe(200);
  });

  it('another company’s job is a 404; other user types 403', async () => {
    const theirs = await aJob(t.app, w.otherCompany.token);
    const { status } = await call(t.app, update, { _id: theirs._id, title: 'Hijacked' }, w.company.token);
    expect(status).toBe(404);
    expect((await call(t.app, details, { _id: theirs._id })).body.data.title).toBe(theirs.title);
    expect((await call(t.app, update, { _id: 'a'.repeat(24), title: 'x' }, w.company.token)).status).toBe(404);
    for (const token of [w.seeker.token, w.crmUser.token])
      expect((await call(t.app, update, { _id: theirs._id, title: 'x' }, token)).status).toBe(403);
  });
});

describe('POST /recruiter/job/get-detailed-job and /get-detailed-job-by-slug', () => {
  it('anyone sees a published job; a draft only its company and platform admins', async () => {
    const published = await aJob(t.app, w.company.token);
    const draft = await aJob(t.app, w.company.token, { status: 'DRAFT' });
    for (const token of [undefined, w.seeker.token, w.otherCompany.token]) {
      const seen = await call(t.app, details, { _id: published._id }, token);
      expect(seen.status).toBe(200);
      expect(seen.body.data).toMatchObject({ _id: published._id, isOpen: true });
      expect((await call(t.app, jobBySlug, { slug: published.slug }, token)).body.data._id).toBe(published._id);
      expect((await call(t.app, details, { _id: draft._id }, token)).status).toBe(404);
      expect((await call(t.app, jobBySlug, { slug: draft.slug }, token)).status).toBe(404);
    }
    for (const token of [w.company.token, w.platformAdmin.token]) {
      expect((await call(t.app, details, { _id: draft._id }, token)).body.data).toMatchObject({ status: 'DRAFT', isOpen: false });
      expect((await call(t.app, jobBySlug, { slug: draft.slug }, token)).status).toBe(200);
    }
    const bad = await call(t.app, details, { _id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('_id must be a valid mongoId');
    expect((await call(t.app, details, { _id: 'a'.repeat(24) })).status).toBe(404);
    expect((await call(t.app, jobBySlug, { slug: 'no-such-job' })).status).toBe(404);
  });

  it('a published job whose window has closed says it is not open', async () => {
    const ended = await aJob(t.app, w.company.token, { applicationStartDate: daysFromNow(-20), applicationEndDate: daysFromNow(-1) });
    expect((await call(t.app, details, { _id: ended._id })).body.data.isOpen).toBe(false);
  });
});

describe('POST /recruiter/job/user-jobs', () => {
  it('lists the company’s own jobs of every status, searchable and filterable', async () => {
    const tag = unique('Zebra');
    const open = await aJob(t.app, w.otherCompany.token, { title: `${tag} Keeper` });
    const draft = await aJob(t.app, w.otherCompany.token, { title: `${tag} Feeder`, status: 'DRAFT' });
    await aJob(t.app, w.company.token, { title: `${tag} Trainer` });
    const { status, body } = await call(t.app, list, { search: tag }, w.otherCompany.token);
    expect(status).toBe(200);
    expect(idsOf(body).sort()).toEqual([open._id, draft._id].sort());
    const drafts = await call(t.app, list, { search: tag, filter: { status: 'DRAFT' } }, w.otherCompany.token);
    expect(idsOf(drafts.body)).toEqual([draft._id]);
    expect((await call(t.app, list, { filter: { recruiterId: w.company.id } }, w.otherCompany.token)).status).toBe(400);
    for (const token of [w.seeker.token, w.crmUser.token]) expect((await call(t.app, list, {}, token)).status).toBe(403);
    expect((await call(t.app, list, {})).status).toBe(401);
  });
});

describe('POST /recruiter/job/status-update', () => {
  it('moves the company’s own job between statuses; posting dates the job once', async () => {
    const draft = await aJob(t.app, w.company.token, { status: 'DRAFT' });
    const published = await call(t.app, setStatus, { _id: draft._id, status: 'PUBLISHED' }, w.company.token);
    expect(published.status, published.body.message).toBe(200);
    expect(published.body.data.status).toBe('PUBLISHED');
    const postedOn = published.body.data.postedOn;
    expect(postedOn).toBeTruthy();
    await call(t.app, setStatus, { _id: draft._id, status: 'CLOSED' }, w.company.token);
    expect((await call(t.app, details, { _id: draft._id })).status).toBe(404);
    const again = await call(t.app, setStatus, { _id: draft._id, status: 'PUBLISHED' }, w.company.token);
    expect(again.body.data.postedOn).toBe(postedOn);
    await expectMessage(
      setStatus,
      { _id: draft._id, status: 'LIVE' },
      w.company.token,
      'Status must be DRAFT, PUBLISHED, CLOSED or ARCHIVED',
      'status',
    );
  });

  it('another company’s job is a 404; platform admins may; job seekers and CRM users 403', async () => {
    const theirs = await aJob(t.app, w.otherCompany.token);
    expect((await call(t.app, setStatus, { _id: theirs._id, status: 'CLOSED' }, w.company.token)).status).toBe(404);
    expect((await call(t.app, details, { _id: theirs._id })).status).toBe(200);
    for (const token of [w.seeker.token, w.crmUser.token]) {
      expect((await call(t.app, setStatus, { _id: theirs._id, status: 'CLOSED' }, token)).status).toBe(403);
    }
    const byAdmin = await call(t.app, setStatus, { _id: theirs._id, status: 'ARCHIVED' }, w.platformAdmin.token);
    expect(byAdmin.status).toBe(200);
    expect((await call(t.app, details, { _id: theirs._id })).status).toBe(404);
    expect((await call(t.app, setStatus, { _id: theirs._id, status: 'CLOSED' })).status).toBe(401);
  });
});

describe('featuring a job is the platform’s decision', () => {
  it('a recruiter posting a job as featured is refused (403) and nothing is posted', async () => {
    const title = unique('Self Promoted ');
    const { status, body } = await call(t.app, create, jobInput({ title, isFeaturedJob: true }), w.company.token);
    expect(status).toBe(403);
    expect(body.message).toBe(featureJobMessage);
    expect(idsOf((await call(t.app, list, { search: title }, w.company.token)).body)).toEqual([]);
    const found = await call(t.app, searchJobs, { search: title });
    expect(found.body.data.results).toEqual([]);
  });

  it('a recruiter cannot feature their job by an update, nor undo the platform’s featuring', async () => {
    const made = await aJob(t.app, w.company.token);
    const attack = await call(t.app, update, { _id: made._id, isFeaturedJob: true }, w.company.token);
    expect(attack.status).toBe(403);
    expect(attack.body.message).toBe(featureJobMessage);
    expect((await call(t.app, details, { _id: made._id })).body.data.isFeaturedJob).toBe(false);

    const featured = await aFeaturedJob(t.app, w.company.token, w.platformAdmin.token);
    const undone = await call(t.app, update, { _id: featured._id, isFeaturedJob: false, title: 'Still featured' }, w.company.token);
    expect(undone.status, undone.body.message).toBe(200);
    expect(undone.body.data).toMatchObject({ title: 'Still featured', isFeaturedJob: true });
  });

  it('platform admins feature and unfeature any company’s job (POST /admin/job/feature); no one else may', async () => {
    const made = await aJob(t.app, w.otherCompany.token);
    const byAdmin = await call(t.app, featureJob, { _id: made._id, isFeaturedJob: true }, w.platformAdmin.token);
    expect(byAdmin.status, byAdmin.body.message).toBe(200);
    expect(byAdmin.body.data.isFeaturedJob).toBe(true);
    expect((await call(t.app, details, { _id: made._id })).body.data.isFeaturedJob).toBe(true);
    const byRoot = await call(t.app, featureJob, { _id: made._id, isFeaturedJob: false }, w.root);
    expect(byRoot.body.data.isFeaturedJob).toBe(false);

    for (const token of [w.otherCompany.token, w.company.token, w.seeker.token, w.crmUser.token]) {
      expect((await call(t.app, featureJob, { _id: made._id, isFeaturedJob: true }, token)).status).toBe(403);
    }
    expect((await call(t.app, featureJob, { _id: made._id, isFeaturedJob: true })).status).toBe(401);
    expect((await call(t.app, featureJob, { _id: '0123456789abcdef01234567', isFeaturedJob: true }, w.root)).status).toBe(404);
    const missing = await call(t.app, featureJob, { _id: made._id }, w.root);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('isFeaturedJob must be true or false');
  });
});
