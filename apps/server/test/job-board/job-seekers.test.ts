import type { CallSpec } from '@app/contract/define-resource';
import { fileUpload, login, me, sendOtp } from '@app/contract/resources/auth';
import {
  jobSeekerCvUrl,
  myJobSeekerProfile,
  registerJobSeeker,
  updateJobSeekerDetails,
  updateJobSeekerEducation,
  updateJobSeekerEmail,
  updateJobSeekerLanguages,
  updateJobSeekerPhone,
  updateJobSeekerPreferences,
  updateJobSeekerProfile,
  updateJobSeekerSkills,
  updateJobSeekerWorkHistory,
} from '@app/contract/resources/job-board/job-seeker';
import { language, skill } from '@app/contract/resources/job-board/lookups';
import { describe, expect, it } from 'vitest';
import { logsOf } from '../support/entity-log';
import { aSeeker, type BoardWorld, daysFromNow, uploadCv, withBoard } from '../support/job-board';
import { postFile, readSignedUrl, samplePdf, samplePng } from '../support/multipart';
import { codeIn, mailTo } from '../support/outbox';
import { call, type TestApp } from '../support/test-app';
import { aUser, password, unique } from '../support/world';

let t: TestApp;
let w: BoardWorld;
withBoard((app, world) => {
  t = app;
  w = world;
});

const profileOf = async (token: string) => (await call(t.app, myJobSeekerProfile, {}, token)).body.data;

/** The status and first message of a call, and its field errors. */
const attempt = async (spec: CallSpec | Parameters<typeof call>[1], input: Record<string, unknown>, token?: string) => {
  const { status, body } = await call(t.app, spec, input, token);
  return { status, message: body.message, errors: (body.data?.errors ?? []) as { field: string; message: string }[], data: body.data };
};

const expectMessage = async (
  spec: Parameters<typeof call>[1],
  input: Record<string, unknown>,
  token: string,
  message: string,
  field?: string,
) => {
  const result = await attempt(spec, input, token);
  expect(result.status, JSON.stringify(result.errors)).toBe(400);
  expect(result.message).toBe(message);
  if (field) expect(result.errors).toContainEqual({ field, message });
};

/** Every seeker call refuses the other user types (403) and strangers (401). */
const refusesOthers = async (spec: Parameters<typeof call>[1], input: Record<string, unknown> = {}) => {
  for (const token of [w.company.token, w.crmUser.token, w.platformAdmin.token]) {
    expect((await call(t.app, spec, input, token)).status, `${spec.path}`).toBe(403);
  }
  expect((await call(t.app, spec, input)).status).toBe(401);
};

describe('POST /job-seeker/ (register)', () => {
  it('registers, answers like login and makes the profile', async () => {
    const email = `${unique('Reg')}@Example.com`;
    const { status, body } = await call(t.app, registerJobSeeker, {
      name: { first: ' Ada ', last: 'Lovelace' },
      email,
      phone: '+447700900456',
      password,
    });
    expect(status, body.message).toBe(200);
    expect(body.data.user).toMatchObject({
      email: email.toLowerCase(),
      userType: 'JOB_SEEKER',
      name: 'Ada Lovelace',
      organisationId: null,
    });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    const profile = await profileOf(body.data.token);
    expect(profile).toMatchObject({
      name: { first: 'Ada', last: 'Lovelace', fullName: 'Ada Lovelace' },
      email: email.toLowerCase(),
      phone: '+447700900456',
      status: 'ACTIVE',
      appliedJobCount: 0,
      cvDetail: null,
      skills: [],
      education: [],
    });
    expect(profile.itemId.combined).toMatch(/^JS-\d+$/);
    expect((await call(t.app, login, { email, password })).status).toBe(200);
  });

  it('gives the spec’s messages', async () => {
    const valid = { name: { first: 'Ada' }, email: `${unique('reg')}@example.com`, phone: '+447700900456', password };
    await expectMessage(registerJobSeeker, { ...valid, name: { last: 'Lovelace' } }, '', 'Please enter your first name.', 'name.first');
    await expectMessage(registerJobSeeker, { ...valid, name: { first: '  ' } }, '', 'Please enter your first name.', 'name.first');
    await expectMessage(registerJobSeeker, { ...valid, phone: '07700 9001' }, '', 'Phone must be at least 12 characters.', 'phone');
    await expectMessage(registerJobSeeker, { ...valid, email: undefined }, '', 'Please enter email', 'email');
    await expectMessage(registerJobSeeker, { ...valid, email: 'not-an-email' }, '', 'Please enter a valid email', 'email');
    await expectMessage(registerJobSeeker, { ...valid, password: 'short' }, '', 'Password must be at least 8 characters.', 'password');
    expect((await attempt(registerJobSeeker, { ...valid, userType: 'SUPER_ADMIN' })).status).toBe(400);
    expect((await call(t.app, login, { email: valid.email, password })).status).toBe(401);
  });

  it('refuses an email already registered, by anyone and in any case (409)', async () => {
    const base = { name: { first: 'Ada' }, phone: '+447700900456', password };
    for (const email of [w.seeker.email, w.seeker.email.toUpperCase(), w.company.email]) {
      const { status, message } = await attempt(registerJobSeeker, { ...base, email });
      expect(status).toBe(409);
      expect(message).toBe('This email is already registered');
    }
  });
});

describe('GET /job-seeker/profile', () => {
  it('answers only the caller’s own profile, to job seekers only', async () => {
    expect(await profileOf(w.seeker.token)).toMatchObject({ _id: w.seeker.id, email: w.seeker.email });
    expect(await profileOf(w.otherSeeker.token)).toMatchObject({ _id: w.otherSeeker.id, email: w.otherSeeker.email });
    await refusesOthers(myJobSeekerProfile);
  });

  it('a job seeker account without a profile gets 404, never someone else’s', async () => {
    const bare = await aUser(t.app, { userType: 'JOB_SEEKER' });
    expect((await call(t.app, myJobSeekerProfile, {}, bare.token)).status).toBe(404);
    expect((await call(t.app, updateJobSeekerSkills, { skills: [] }, bare.token)).status).toBe(404);
    expect((await call(t.app, jobSeekerCvUrl, {}, bare.token)).status).toBe(404);
  });
});

describe('POST /job-seeker/updateDetails', () => {
  const details = (s: { email: string; phone: string }) => ({
    name: { title: 'Ms', first: 'Ada', last: 'Byron' },
    phone: s.phone,
    email: s.email,
    address: { street: '1 Park Row', city: 'Leeds', postCode: 'LS1 5HD', country: 'United Kingdom' },
    linkedInLink: 'https://www.linkedin.com/in/ada',
  });

  it('saves name, address and LinkedIn, and the account’s name follows', async () => {
    const { status, data } = await attempt(updateJobSeekerDetails, details(w.otherSeeker), w.otherSeeker.token);
    expect(status).toBe(200);
    expect(data).toMatchObject({ _id: w.otherSeeker.id, name: { fullName: 'Ada Byron' }, address: { city: 'Leeds' } });
    expect((await profileOf(w.otherSeeker.token)).linkedInLink).toBe('https://www.linkedin.com/in/ada');
    expect((await call(t.app, me, {}, w.otherSeeker.token)).body.data.name).toBe('Ada Byron');
    // The other seeker's record is untouched.
    expect((await profileOf(w.seeker.token)).name.last).not.toBe('Byron');
  });

  it('gives the spec’s messages; email and phone change only with codes', async () => {
    const s = w.otherSeeker;
    const token = s.token;
    await expectMessage(
      updateJobSeekerDetails,
      { ...details(s), name: { last: 'X' } },
      token,
      'Please enter your first name.',
      'name.first',
    );
    await expectMessage(
      updateJobSeekerDetails,
      { ...details(s), phone: '+4477009' },
      token,
      'Phone must be at least 12 characters.',
      'phone',
    );
    await expectMessage(updateJobSeekerDetails, { ...details(s), email: '' }, token, 'Please enter email', 'email');
    await expectMessage(updateJobSeekerDetails, { ...details(s), linkedInLink: undefined }, token, 'Please enter your LinkedIn link');
    expect((await attempt(updateJobSeekerDetails, { ...details(s), address: undefined }, token)).status).toBe(400);
    await expectMessage(
      updateJobSeekerDetails,
      { ...details(s), email: 'someone-else@example.com' },
      token,
      'Please change your email with the verification codes',
    );
    await expectMessage(
      updateJobSeekerDetails,
      { ...details(s), phone: '+447700900999' },
      token,
      'Please change your phone with the verification codes',
    );
    await refusesOthers(updateJobSeekerDetails, details(s));
  });
});

describe('POST /job-seeker/updateProfile', () => {
  it('saves the picture and about; about is required, the picture is not', async () => {
    const uploaded = await postFile(t.app, `/api${fileUpload.path}`, { content: samplePng, filename: 'me.png', token: w.seeker.token });
    expect(uploaded.statusCode).toBe(200);
    const profileImg = uploaded.json().data;
    const { status, data } = await attempt(updateJobSeekerProfile, { profileImg, about: 'I like warehouses.' }, w.seeker.token);
    expect(status).toBe(200);
    expect(data).toMatchObject({ about: 'I like warehouses.', profileImg: { _id: profileImg._id, mimeType: 'image/png' } });
    const withoutPhoto = await attempt(updateJobSeekerProfile, { about: 'No photo, just words.' }, w.seeker.token);
    expect(withoutPhoto.status, JSON.stringify(withoutPhoto.errors)).toBe(200);
    expect(withoutPhoto.data.about).toBe('No photo, just words.');
    await expectMessage(updateJobSeekerProfile, { profileImg }, w.seeker.token, 'Please tell employers about yourself', 'about');
    await refusesOthers(updateJobSeekerProfile, { profileImg, about: 'x' });
  });
});

describe('POST /job-seeker/updatePreferences', () => {
  it('saves preferences, filling defaults; preferences are required', async () => {
    const preferences = {
      preferredLocation: { city: 'Leeds' },
      jobTypes: [1, 2],
      workModel: ['HYBRID', 'REMOTE'],
      experience: '3-5',
      expectedSalary: { min: 30_000, max: 40_000, duration: 'YEAR' },
      desiredJobTitle: 'Team Leader',
      noticePeriodId: '000000000000000000000004',
    };
    const { status, data } = await attempt(updateJobSeekerPreferences, { preferences }, w.seeker.token);
    expect(status).toBe(200);
    expect(data.preferences).toMatchObject({ ...preferences, industries: [], ukDrivingLicence: false, willingToRelocate: false });
    expect((await attempt(updateJobSeekerPreferences, {}, w.seeker.token)).status).toBe(400);
    const badModel = await attempt(updateJobSeekerPreferences, { preferences: { workModel: ['MOON'] } }, w.seeker.token);
    expect(badModel.status).toBe(400);
    expect(badModel.errors[0]?.field).toBe('preferences.workModel.0');
    await refusesOthers(updateJobSeekerPreferences, { preferences });
  });

  it('a missing preferences object answers "Please provide preferences"', async () => {
    await expectMessage(updateJobSeekerPreferences, {}, w.seeker.token, 'Please provide preferences', 'preferences');
  });

  it('refuses an expected salary whose minimum is above its maximum, on the maximum', async () => {
    await expectMessage(
      updateJobSeekerPreferences,
      { preferences: { expectedSalary: { min: 50_000, max: 30_000, duration: 'YEAR' } } },
      w.seeker.token,
      'The maximum salary must not be below the minimum',
      'preferences.expectedSalary.max',
    );
  });
});

describe('POST /job-seeker/updateSkills and /updateLanguages', () => {
  it('saves rated skills and languages; each list is required', async () => {
    const [typescript] = (await call(t.app, skill.calls.list!, { search: 'TypeScript' })).body.data.results;
    const [teamwork] = (await call(t.app, skill.calls.list!, { search: 'Teamwork' })).body.data.results;
    const skills = await attempt(
      updateJobSeekerSkills,
      { skills: [{ skillId: typescript._id, label: 'TypeScript', rating: 5 }], personalSkills: [{ skillId: teamwork._id }] },
      w.seeker.token,
    );
    expect(skills.status).toBe(200);
    expect(skills.data.skills).toEqual([{ skillId: typescript._id, label: 'TypeScript', rating: 5 }]);
    expect(skills.data.personalSkills).toEqual([{ skillId: teamwork._id, rating: 3 }]);
    await expectMessage(updateJobSeekerSkills, {}, w.seeker.token, 'Please provide skills', 'skills');
    await expectMessage(
      updateJobSeekerSkills,
      { skills: [{ skillId: 'x' }] },
      w.seeker.token,
      'skillId must be a valid mongoId',
      'skills.0.skillId',
    );
    expect((await attempt(updateJobSeekerSkills, { skills: [{ skillId: typescript._id, rating: 6 }] }, w.seeker.token)).status).toBe(400);
    await refusesOthers(updateJobSeekerSkills, { skills: [] });

    const [english] = (await call(t.app, language.calls.list!, { search: 'English' })).body.data.results;
    const languages = await attempt(
      updateJobSeekerLanguages,
      { languages: [{ languageId: english._id, proficiency: 'NATIVE' }] },
      w.seeker.token,
    );
    expect(languages.status).toBe(200);
    expect(languages.data.languages).toEqual([{ languageId: english._id, proficiency: 'NATIVE' }]);
    await expectMessage(updateJobSeekerLanguages, {}, w.seeker.token, 'Please provide languages', 'languages');
    await refusesOthers(updateJobSeekerLanguages, { languages: [] });
    expect((await profileOf(w.seeker.token)).skills).toHaveLength(1);
  });

  it('keeps a typed-in skill or language on the profile and as a PENDING entry only admins see until approved', async () => {
    const name = `Forklift ${unique()}`;
    const saved = await attempt(updateJobSeekerSkills, { skills: [{ label: `  ${name} `, rating: 4 }] }, w.seeker.token);
    expect(saved.status, JSON.stringify(saved.errors)).toBe(200);
    const [typed] = saved.data.skills;
    expect(typed).toMatchObject({ label: name, rating: 4 });
    expect(typed.skillId).toMatch(/^[0-9a-f]{24}$/);

    // Not offered to anyone else yet; the admin's list has it as PENDING and new.
    expect((await call(t.app, skill.calls.list!, { search: name })).body.data.results).toEqual([]);
    const pending = (await call(t.app, skill.calls.list!, { search: name, filter: { status: 'PENDING' } }, w.platformAdmin.token)).body
      .data;
    expect(pending.results).toMatchObject([{ _id: typed.skillId, label: name, status: 'PENDING', isNew: true }]);

    // A second seeker typing the same name (any case) is linked to the same entry, not a second one.
    const other = await aSeeker(t.app);
    const again = await attempt(updateJobSeekerSkills, { skills: [{ label: name.toUpperCase() }] }, other.token);
    expect(again.data.skills[0].skillId).toBe(typed.skillId);
    expect((await call(t.app, skill.calls.list!, { search: name }, w.platformAdmin.token)).body.data.results).toHaveLength(1);

    // Names whose codes are alike stay apart: "C++" is not "C#", and neither is another script's word.
    const coded = await attempt(
      updateJobSeekerSkills,
      { skills: [{ label: `${name} C++` }, { label: `${name} C#` }, { label: 'Сварка' }] },
      other.token,
    );
    expect(coded.status, JSON.stringify(coded.errors)).toBe(200);
    expect(coded.data.skills.map((s: { label: string }) => s.label)).toEqual([`${name} C++`, `${name} C#`, 'Сварка']);
    expect(new Set(coded.data.skills.map((s: { skillId: string }) => s.skillId)).size).toBe(3);

    // Only a platform admin approves; approving keeps the seekers linked and offers it to everyone.
    expect((await call(t.app, skill.calls.setStatus!, { _id: typed.skillId, status: 'ACTIVE' }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, skill.calls.setStatus!, { _id: typed.skillId, status: 'ACTIVE' }, w.platformAdmin.token)).status).toBe(200);
    expect((await call(t.app, skill.calls.list!, { search: name })).body.data.results).toMatchObject([{ _id: typed.skillId }]);
    expect((await profileOf(w.seeker.token)).skills).toEqual([typed]);

    const tongue = `Klingon ${unique()}`;
    const spoken = await attempt(updateJobSeekerLanguages, { languages: [{ label: tongue, proficiency: 'BASIC' }] }, w.seeker.token);
    expect(spoken.status, JSON.stringify(spoken.errors)).toBe(200);
    const languageId = spoken.data.languages[0].languageId;
    const pendingLanguages = (
      await call(t.app, language.calls.list!, { search: tongue, filter: { status: 'PENDING' } }, w.platformAdmin.token)
    ).body.data.results;
    expect(pendingLanguages).toMatchObject([{ _id: languageId, label: tongue, status: 'PENDING' }]);
    expect((await call(t.app, language.calls.list!, { search: tongue })).body.data.results).toEqual([]);
    // Turned down: it stays hidden from the public list.
    expect((await call(t.app, language.calls.setStatus!, { _id: languageId, status: 'INACTIVE' }, w.platformAdmin.token)).status).toBe(200);
    expect((await call(t.app, language.calls.list!, { search: tongue })).body.data.results).toEqual([]);

    await expectMessage(
      updateJobSeekerSkills,
      { skills: [{ rating: 3 }] },
      w.seeker.token,
      'Please choose or type a skill',
      'skills.0.label',
    );
    await expectMessage(
      updateJobSeekerLanguages,
      { languages: [{ proficiency: 'BASIC' }] },
      w.seeker.token,
      'Please choose or type a language',
      'languages.0.label',
    );
  });
});

describe('POST /job-seeker/updateEducation', () => {
  const school = {
    organization: 'University of Leeds',
    qualification: 'BSc',
    subject: 'Computer Science',
    grade: '2:1',
    startDate: '2015-09-01',
    endDate: '2018-06-30',
    description: 'Final-year project on search.',
  };

  it('replaces the education list; a course still going on needs no end date', async () => {
    const { status, data } = await attempt(
      updateJobSeekerEducation,
      { education: [school, { ...school, qualification: 'MSc', startDate: '2024-09-01', endDate: null, isPursuing: true }] },
      w.seeker.token,
    );
    expect(status, JSON.stringify(data)).toBe(200);
    expect(data.education).toEqual([
      { ...school, isPursuing: false },
      { ...school, qualification: 'MSc', startDate: '2024-09-01', endDate: null, isPursuing: true },
    ]);
    expect((await profileOf(w.seeker.token)).education).toHaveLength(2);
  });

  it('gives the spec’s date rules and required fields', async () => {
    const token = w.seeker.token;
    const one = (e: Record<string, unknown>) => ({ education: [{ ...school, ...e }] });
    await expectMessage(updateJobSeekerEducation, one({ startDate: daysFromNow(30) }), token, 'Invalid date', 'education.0.startDate');
    await expectMessage(updateJobSeekerEducation, one({ endDate: undefined }), token, 'Please enter end date', 'education.0.endDate');
    await expectMessage(updateJobSeekerEducation, one({ endDate: null }), token, 'Please enter end date', 'education.0.endDate');
    await expectMessage(updateJobSeekerEducation, one({ endDate: '2014-06-30' }), token, 'Invalid date', 'education.0.endDate');
    for (const startDate of [undefined, 'last year']) {
      const noStart = await attempt(updateJobSeekerEducation, one({ startDate }), token);
      expect(noStart.status).toBe(400);
      expect(noStart.errors[0]?.field).toBe('education.0.startDate');
    }
    await expectMessage(
      updateJobSeekerEducation,
      one({ organization: '' }),
      token,
      'Please enter organisation',
      'education.0.organization',
    );
    await expectMessage(updateJobSeekerEducation, one({ qualification: undefined }), token, 'Please enter qualification');
    await expectMessage(updateJobSeekerEducation, one({ subject: ' ' }), token, 'Please enter subject');
    await expectMessage(updateJobSeekerEducation, one({ grade: undefined }), token, 'Please enter grade');
    await expectMessage(updateJobSeekerEducation, {}, token, 'Please provide education', 'education');
    // Pursuing: no end date needed, and the start date still may not be in the future.
    expect((await attempt(updateJobSeekerEducation, one({ endDate: undefined, isPursuing: true }), token)).status).toBe(200);
    await expectMessage(updateJobSeekerEducation, one({ isPursuing: true, startDate: daysFromNow(2) }), token, 'Invalid date');
    await refusesOthers(updateJobSeekerEducation, { education: [] });
  });

  it('a missing or unreadable start date answers "Please enter start date"', async () => {
    const token = w.seeker.token;
    const one = (e: Record<string, unknown>) => ({ education: [{ ...school, ...e }] });
    await expectMessage(updateJobSeekerEducation, one({ startDate: undefined }), token, 'Please enter start date', 'education.0.startDate');
    await expectMessage(
      updateJobSeekerEducation,
      one({ startDate: 'last spring' }),
      token,
      'Please enter start date',
      'education.0.startDate',
    );
  });
});

describe('POST /job-seeker/updateWorkHistory', () => {
  const role = {
    jobTitle: 'Warehouse Operative',
    jobType: 'Full-time',
    organization: 'Northern Logistics',
    city: 'Leeds',
    startDate: '2019-01-07T09:00:00.000Z',
    endDate: '2021-03-31T17:00:00.000Z',
    responsibilities: 'Picking, packing and forklift driving.',
  };

  it('replaces the work history; a current job needs no end date', async () => {
    const current = { ...role, organization: 'Pennine Foods', startDate: '2021-04-01', endDate: undefined, currentlyWorkingHere: true };
    const { status, data } = await attempt(updateJobSeekerWorkHistory, { workHistory: [role, current] }, w.seeker.token);
    expect(status, JSON.stringify(data)).toBe(200);
    expect(data.workHistory).toEqual([
      { ...role, currentlyWorkingHere: false },
      { ...role, organization: 'Pennine Foods', startDate: '2021-04-01', endDate: undefined, currentlyWorkingHere: true },
    ]);
  });

  it('gives the spec’s date rules and required fields', async () => {
    const token = w.seeker.token;
    const one = (e: Record<string, unknown>) => ({ workHistory: [{ ...role, ...e }] });
    await expectMessage(updateJobSeekerWorkHistory, one({ jobType: undefined }), token, 'Please enter job type', 'workHistory.0.jobType');
    await expectMessage(updateJobSeekerWorkHistory, one({ jobType: '' }), token, 'Please enter job type', 'workHistory.0.jobType');
    await expectMessage(updateJobSeekerWorkHistory, one({ startDate: daysFromNow(1) }), token, 'Invalid date', 'workHistory.0.startDate');
    await expectMessage(updateJobSeekerWorkHistory, one({ endDate: undefined }), token, 'Please enter end date', 'workHistory.0.endDate');
    await expectMessage(updateJobSeekerWorkHistory, one({ endDate: '2018-12-31' }), token, 'Invalid date', 'workHistory.0.endDate');
    await expectMessage(updateJobSeekerWorkHistory, one({ jobTitle: '' }), token, 'Please enter job title', 'workHistory.0.jobTitle');
    await expectMessage(updateJobSeekerWorkHistory, one({ organization: undefined }), token, 'Please enter company name');
    await expectMessage(updateJobSeekerWorkHistory, one({ city: undefined }), token, 'Please enter city');
    await expectMessage(updateJobSeekerWorkHistory, one({ responsibilities: '' }), token, 'Please enter responsibilities');
    await expectMessage(updateJobSeekerWorkHistory, {}, token, 'Please provide work history', 'workHistory');
    expect((await attempt(updateJobSeekerWorkHistory, one({ endDate: null, currentlyWorkingHere: true }), token)).status).toBe(200);
    await refusesOthers(updateJobSeekerWorkHistory, { workHistory: [] });
  });
});

describe('POST /job-seeker/updateCv and GET /job-seeker/getCvUrl', () => {
  it('keeps the uploaded CV, read only through the owner’s expiring link', async () => {
    const seeker = await aSeeker(t.app);
    expect((await call(t.app, jobSeekerCvUrl, {}, seeker.token)).status).toBe(404);

    const upload = await uploadCv(t.app, seeker.token, samplePdf, 'Jo Bloggs (CV) 2024.pdf');
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.cvDetail).toMatchObject({
      originalName: 'JoBloggsCV2024.pdf',
      mimeType: 'application/pdf',
      size: samplePdf.length,
    });

    const { status, body } = await call(t.app, jobSeekerCvUrl, {}, seeker.token);
    expect(status).toBe(200);
    expect(body.data.file.originalName).toBe('JoBloggsCV2024.pdf');
    expect(new URL(body.data.url).searchParams.get('expires')).toBeTruthy();
    const read = await readSignedUrl(t.app, body.data.url);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(samplePdf)).toBe(true);

    // Another seeker's link is to their own CV (or none), never this one.
    expect((await call(t.app, jobSeekerCvUrl, {}, w.otherSeeker.token)).status).toBe(404);
    const mine = (await call(t.app, jobSeekerCvUrl, {}, w.seeker.token)).body.data;
    expect(mine.file._id).not.toBe(body.data.file._id);
    expect((await call(t.app, jobSeekerCvUrl, { cvId: body.data.file._id }, w.otherSeeker.token)).status).toBe(404);
    expect((await call(t.app, jobSeekerCvUrl, { cvId: 'x' }, seeker.token)).body.message).toBe('cvId must be a valid mongoId');
    await refusesOthers(jobSeekerCvUrl);
  });

  it('takes PDF, DOC or DOCX only (415), under the key "file" (400), from job seekers only', async () => {
    const png = await uploadCv(t.app, w.otherSeeker.token, samplePng, 'cv.png');
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe('Please upload your CV as a PDF, DOC or DOCX file');
    const script = await uploadCv(t.app, w.otherSeeker.token, Buffer.from('#!/bin/sh\necho hi\n'), 'cv.pdf');
    expect(script.statusCode).toBe(415);
    expect((await uploadCv(t.app, w.otherSeeker.token, samplePdf, 'cv.pdf', 'cv')).statusCode).toBe(400);
    expect((await profileOf(w.otherSeeker.token)).cvDetail).toBeNull();
    expect((await uploadCv(t.app, w.company.token)).statusCode).toBe(403);
    expect((await uploadCv(t.app, w.crmUser.token)).statusCode).toBe(403);
    expect((await postFile(t.app, '/api/job-seeker/updateCv', { content: samplePdf, filename: 'cv.pdf' })).statusCode).toBe(401);
  });
});

describe('POST /job-seeker/update-email', () => {
  it('changes the email with the codes sent to the old and the new address', async () => {
    const seeker = await aSeeker(t.app);
    const newEmail = `${unique('moved')}@example.com`;
    expect((await call(t.app, sendOtp, { purpose: 'update-email', newValue: newEmail }, seeker.token)).status).toBe(200);
    const otp = codeIn((await mailTo(t.app, seeker.email))[0]!.text);
    const secondaryOtp = codeIn((await mailTo(t.app, newEmail))[0]!.text);

    const wrongCode = await attempt(
      updateJobSeekerEmail,
      { email: seeker.email, newEmail, otp, secondaryOtp: (Number(secondaryOtp) + 1) % 1_000_000 },
      seeker.token,
    );
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.errors[0]?.field).toBe('secondaryOtp');
    await expectMessage(
      updateJobSeekerEmail,
      { email: w.seeker.email, newEmail, otp, secondaryOtp },
      seeker.token,
      'This is not your current email',
    );
    await expectMessage(updateJobSeekerEmail, { email: seeker.email, newEmail, secondaryOtp }, seeker.token, 'otp must be a number', 'otp');
    await expectMessage(updateJobSeekerEmail, { email: seeker.email, newEmail, otp }, seeker.token, 'secondaryOtp must be a number');

    const { status, data, message } = await attempt(
      updateJobSeekerEmail,
      { email: seeker.email, newEmail, otp: Number(otp), secondaryOtp: Number(secondaryOtp) },
      seeker.token,
    );
    expect(status, message).toBe(200);
    expect(data.email).toBe(newEmail);
    expect((await profileOf(seeker.token)).email).toBe(newEmail);
    expect((await call(t.app, me, {}, seeker.token)).body.data.email).toBe(newEmail);
    // Both the account and the profile log the change, from the old address to the new.
    const onAccount = (await logsOf(t.app, seeker.userId)).filter((r) => r.action === 'UPDATE');
    expect(onAccount).toEqual([
      expect.objectContaining({
        entityType: 'User',
        user: expect.objectContaining({ _id: seeker.userId }),
        from: { email: seeker.email },
        to: { email: newEmail },
      }),
    ]);
    const onProfile = (await logsOf(t.app, seeker.id)).filter((r) => r.action === 'UPDATE');
    expect(onProfile.at(-1)).toMatchObject({ entityType: 'JobSeeker', from: { email: seeker.email }, to: { email: newEmail } });
    expect((await call(t.app, login, { email: newEmail, password })).status).toBe(200);
    expect((await call(t.app, login, { email: seeker.email, password })).status).toBe(401);
    // The codes are burnt.
    expect((await attempt(updateJobSeekerEmail, { email: newEmail, newEmail: seeker.email, otp, secondaryOtp }, seeker.token)).status).toBe(
      400,
    );
    await refusesOthers(updateJobSeekerEmail, { email: 'a@b.co', newEmail: 'c@d.co', otp: 1, secondaryOtp: 2 });
  });
});

describe('POST /job-seeker/update-phone', () => {
  it('changes the phone with the codes texted to the old and the new number', async () => {
    const phone = `+4477009${String(Date.now()).slice(-5)}`;
    const seeker = await aSeeker(t.app, { phone });
    const newPhone = `+4479009${String(Date.now() + 1).slice(-5)}`;
    expect((await call(t.app, sendOtp, { purpose: 'update-phone', newValue: newPhone }, seeker.token)).status).toBe(200);
    const otp = codeIn((await mailTo(t.app, phone))[0]!.text);
    const secondaryOtp = codeIn((await mailTo(t.app, newPhone))[0]!.text);

    await expectMessage(
      updateJobSeekerPhone,
      { phone, newPhone: '+4477009001', otp, secondaryOtp },
      seeker.token,
      'Phone must be at least 12 characters.',
      'newPhone',
    );
    await expectMessage(
      updateJobSeekerPhone,
      { phone: '+447700900000', newPhone, otp, secondaryOtp },
      seeker.token,
      'This is not your current phone',
    );
    await expectMessage(updateJobSeekerPhone, { phone, newPhone, otp: 'abc', secondaryOtp }, seeker.token, 'otp must be a number', 'otp');

    const { status, data, message } = await attempt(updateJobSeekerPhone, { phone, newPhone, otp, secondaryOtp }, seeker.token);
    expect(status, message).toBe(200);
    expect(data.phone).toBe(newPhone);
    expect((await profileOf(seeker.token)).phone).toBe(newPhone);
    await refusesOthers(updateJobSeekerPhone, { phone, newPhone, otp: 1, secondaryOtp: 2 });
  });
});
