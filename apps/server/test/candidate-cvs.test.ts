import { login } from '@app/contract/resources/auth';
import { candidate, candidateCredentials } from '@app/contract/resources/crm/candidate';
import { candidateCv, cvFileTypeMessage, setDefaultCandidateCv } from '@app/contract/resources/crm/candidate-cv';
import { cvDraftOfCandidate } from '@app/contract/resources/crm/candidate-cv-draft';
import { client } from '@app/contract/resources/crm/client';
import { renderCvPdf } from '@app/documents/render-pdf';
import { describe, expect, it } from 'vitest';
import { pdfText } from './documents/extract';
import { aRole, permissionId } from './support/access';
import { aCandidate } from './support/candidates';
import { sampleDoc, sampleDocx } from './support/cv-files';
import { postFile, samplePdf, samplePng } from './support/multipart';
import { mailTo } from './support/outbox';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { anUploadedFile } from './support/uploads';
import { aStaffMember, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

/** A candidate with credentials, and their JOB_SEEKER sign-in. */
const aLinkedCandidate = async () => {
  const created = await aCandidate(t.app, w.orgA.adminToken);
  expect((await call(t.app, candidateCredentials, { _id: created._id }, w.orgA.adminToken)).status).toBe(200);
  const [mail] = await mailTo(t.app, created.email);
  const password = (mail!.text as string).match(/^Password: (.+)$/m)![1]!;
  const signedIn = await call(t.app, login, { email: created.email, password });
  return { candidate: created, token: signedIn.body.data.token as string };
};

describe('candidate CVs', () => {
  it('staff upload, list, read and delete a candidate’s CVs', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const file = await anUploadedFile(t.app, token, 'Grace CV.pdf');
    const created = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file, cvTitle: 'Main' }, token);
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.data).toMatchObject({ jobSeekerId: owner._id, type: 'UPLOADED', cvTitle: 'Main', status: 'ACTIVE' });
    const details = await call(t.app, candidateCv.calls.details, { _id: created.body.data._id }, token);
    expect(details.body.data.candidate).toEqual({ _id: owner._id, label: owner.name.fullName });
    expect(details.body.data.file.url).toBeTruthy();
    const list = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: owner._id } }, token);
    expect(list.body.data.results).toHaveLength(1);
    expect((await call(t.app, candidateCv.calls.remove, { _id: created.body.data._id }, token)).status).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: created.body.data._id }, token)).status).toBe(404);
  });

  it('need a file and a jobSeekerId; another organisation’s candidate or CV is a 404', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const noFile = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id }, token);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Please upload a file');
    const noOwner = await call(t.app, candidateCv.calls.create, { file: await anUploadedFile(t.app, token) }, token);
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.message).toBe('Please choose a job seeker');
    const badOwner = await call(t.app, candidateCv.calls.create, { jobSeekerId: 'nope', file: await anUploadedFile(t.app, token) }, token);
    expect(badOwner.body.message).toBe('jobSeekerId must be a valid mongoId');
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const cross = await call(t.app, candidateCv.calls.create, { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, token) }, token);
    expect(cross.status).toBe(404);
    const theirCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, w.orgB.adminToken) },
      w.orgB.adminToken,
    );
    expect(theirCv.status).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: theirCv.body.data._id }, token)).status).toBe(404);
    expect((await call(t.app, candidateCv.calls.remove, { _id: theirCv.body.data._id }, token)).status).toBe(404);
  });

  it('a JOB_SEEKER adds and sees only the CVs of their own candidate; cannot delete', async () => {
    const { candidate: mine, token } = await aLinkedCandidate();
    const created = await call(t.app, candidateCv.calls.create, { jobSeekerId: mine._id, file: await anUploadedFile(t.app, token) }, token);
    expect(created.status, created.body.message).toBe(200);
    const staffCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: mine._id, file: await anUploadedFile(t.app, w.orgA.adminToken) },
      w.orgA.adminToken,
    );
    const other = await aCandidate(t.app, w.orgA.adminToken);
    const otherCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: other._id, file: await anUploadedFile(t.app, w.orgA.adminToken) },
      w.orgA.adminToken,
    );
    const list = await call(t.app, candidateCv.calls.list, { limit: 'ALL' }, token);
    expect(list.body.data.results.map((r: { _id: string }) => r._id).sort()).toEqual([created.body.data._id, staffCv.body.data._id].sort());
    expect((await call(t.app, candidateCv.calls.details, { _id: staffCv.body.data._id }, token)).status).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: otherCv.body.data._id }, token)).status).toBe(404);
    const notMine = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: other._id, file: await anUploadedFile(t.app, token) },
      token,
    );
    expect(notMine.status).toBe(404);
    expect((await call(t.app, candidateCv.calls.remove, { _id: created.body.data._id }, token)).status).toBe(403);
    // A job seeker with no candidate sees none.
    expect((await call(t.app, candidateCv.calls.list, {}, w.seeker.token)).body.data.results).toEqual([]);
  });

  it('a client user sees none yet (no application grants them); staff need the Candidate CV permission', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const cv = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: await anUploadedFile(t.app, token) }, token);
    const hiring = await call(t.app, client.calls.create, { name: 'Hiring Co', email: 'hr@hiring.example' }, token);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: hiring.body.data._id });
    expect((await call(t.app, candidateCv.calls.list, {}, clientUser.token)).body.data.results).toEqual([]);
    expect((await call(t.app, candidateCv.calls.details, { _id: cv.body.data._id }, clientUser.token)).status).toBe(404);
    expect(
      (await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: cv.body.data.file }, clientUser.token)).status,
    ).toBe(403);
    expect((await call(t.app, candidateCv.calls.list, {}, w.staffA.token)).status).toBe(403);
    const reader = await aStaffMember(t.app, token, {
      roleIds: [await aRole(t.app, token, [await permissionId(t.app, w.root, { feature: 'Candidate CV', level: 'READ' })])],
    });
    expect((await call(t.app, candidateCv.calls.details, { _id: cv.body.data._id }, reader.token)).status).toBe(200);
    expect((await call(t.app, candidateCv.calls.remove, { _id: cv.body.data._id }, reader.token)).status).toBe(403);
  });

  it('staff whose permission covers their own records add CVs only to candidates they own', async () => {
    const token = w.orgA.adminToken;
    const own = await aStaffMember(t.app, token, {
      roleIds: [
        await aRole(t.app, token, [
          await permissionId(t.app, w.root, { feature: 'Candidate CV', level: 'WRITE', scope: 'OWN' }),
          await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE', scope: 'OWN' }),
        ]),
      ],
    });
    const theirs = await aCandidate(t.app, token);
    const mine = await aCandidate(t.app, own.token);
    const refused = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, own.token) },
      own.token,
    );
    expect(refused.status).toBe(404);
    const added = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: mine._id, file: await anUploadedFile(t.app, own.token) },
      own.token,
    );
    expect(added.status, added.body.message).toBe(200);
  });
});

/** A candidate with a profile a CV can be built from. */
const aProfiledCandidate = (token: string) =>
  aCandidate(t.app, token, {
    name: { first: 'Ada', last: 'Lovelace' },
    about: '<p>Analyst of engines, <strong>first programmer</strong>.</p>',
    preferences: { currentJobTitle: 'Principal Analyst' },
    workHistory: [
      {
        jobTitle: 'Analyst',
        jobType: 'Full time',
        organization: 'Babbage Engines',
        city: 'London',
        startDate: '2019-01-01',
        currentlyWorkingHere: true,
        responsibilities: 'Wrote the notes on the Analytical Engine.',
      },
    ],
    education: [
      {
        organization: 'University of London',
        qualification: 'BSc',
        subject: 'Mathematics',
        grade: 'First',
        startDate: '2014-09-01',
        endDate: '2017-06-30',
      },
    ],
    projects: [{ title: 'Bernoulli numbers', description: 'An algorithm for the engine.' }],
    skills: [
      { skillId: '64b7f0c2a1b2c3d4e5f60718', label: 'Mathematics', rating: 5 },
      { skillId: '64b7f0c2a1b2c3d4e5f60719', rating: 2 },
    ],
  });

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });

describe('built candidate CVs', () => {
  it('cvDraftOfCandidate maps the profile to the CV builder’s document; unprintable skills and phones are left out', () => {
    const draft = cvDraftOfCandidate({
      name: { first: 'Ada', last: 'Lovelace', fullName: 'Ada Lovelace' },
      email: 'ada@example.com',
      phone: '(+44) 7700-900123',
      about: 'Analyst',
      preferences: { desiredJobTitle: 'Analyst', ukDrivingLicence: true },
      skills: [{ skillId: 'a', label: 'Maths', rating: 4 }, { skillId: 'b' }],
      languages: [{ languageId: 'c', label: 'French' }],
      workHistory: [
        { jobTitle: 'Old job', startDate: '2010-01-01' },
        { jobTitle: 'Current job', startDate: '2005-01-01', currentlyWorkingHere: true },
      ],
    });
    expect(draft).toMatchObject({
      name: { first: 'Ada', last: 'Lovelace' },
      email: 'ada@example.com',
      phone: '+44 7700900123',
      designation: 'Analyst',
      professionalSummary: 'Analyst',
      ukDrivingLicence: true,
      skills: [{ skillId: 'a', label: 'Maths', rating: 4 }],
      languages: [{ languageId: 'c', label: 'French', proficiency: 'FLUENT' }],
    });
    expect(cvDraftOfCandidate({ name: { first: 'A' }, email: 'a@b.c', phone: 'call me', workHistory: draft.workHistory }).phone).toBeNull();
    // No title in the preferences: the current job's.
    expect(cvDraftOfCandidate({ name: { first: 'A' }, email: 'a@b.c', workHistory: draft.workHistory }).designation).toBe('Current job');
  });

  it('staff build a CV from the candidate’s profile, drawn as a PDF by the CV builder’s renderer with the chosen design', async () => {
    const token = w.orgA.adminToken;
    const owner = await aProfiledCandidate(token);
    const created = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: owner._id, type: 'BUILT', templateSlug: 'modern', cvTitle: 'For banks', accentColor: '#AA3300' },
      token,
    );
    expect(created.status, created.body.message).toBe(200);
    const cv = created.body.data;
    // The candidate's first CV: their default.
    expect(cv).toMatchObject({ type: 'BUILT', cvTitle: 'For banks', jobSeekerId: owner._id, isDefault: true });
    expect(cv.document).toMatchObject({
      templateSlug: 'modern',
      accentColor: '#aa3300',
      name: { first: 'Ada', last: 'Lovelace' },
      email: owner.email,
      designation: 'Principal Analyst',
      skills: [{ label: 'Mathematics', rating: 5 }],
      workHistory: [{ organization: 'Babbage Engines' }],
      education: [{ organization: 'University of London' }],
      projects: [{ title: 'Bernoulli numbers' }],
    });
    expect(cv.document.professionalSummary).toContain('<strong>first programmer</strong>');
    expect(cv.file).toMatchObject({ mimeType: 'application/pdf', originalName: expect.stringMatching(/\.pdf$/) });
    const download = await fetchFile(cv.file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(download.rawPayload);
    for (const words of ['Ada Lovelace', 'Principal Analyst', 'Babbage Engines', 'University of London', 'Bernoulli numbers']) {
      expect(text.toLowerCase()).toContain(words.toLowerCase());
    }
    // The chosen design: the same text the CV builder's modern template draws, not the classic one's.
    const sameDocument = { ...cv.document, profileImg: null };
    expect(text).toBe((await pdfText(await renderCvPdf(sameDocument, 'modern'))).text);
    expect(text).not.toBe((await pdfText(await renderCvPdf(sameDocument, 'classic'))).text);
    // Listed beside uploaded ones; details answer it with a fresh link.
    await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: await anUploadedFile(t.app, token) }, token);
    const list = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: owner._id } }, token);
    expect(list.body.data.results.map((r: { type: string }) => r.type).sort()).toEqual(['BUILT', 'UPLOADED']);
    const details = await call(t.app, candidateCv.calls.details, { _id: cv._id }, token);
    expect(details.body.data.file.url).toBeTruthy();
  });

  it('what the recruiter sends wins over the profile, and is checked with the CV builder’s messages', async () => {
    const token = w.orgA.adminToken;
    const owner = await aProfiledCandidate(token);
    const chosen = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: owner._id, type: 'BUILT', designation: 'Engine Poet', professionalSummary: 'Poetical science.', skills: [] },
      token,
    );
    expect(chosen.status, chosen.body.message).toBe(200);
    expect(chosen.body.data.document).toMatchObject({ designation: 'Engine Poet', professionalSummary: 'Poetical science.', skills: [] });
    const bare = await aCandidate(t.app, token);
    const noSummary = await call(t.app, candidateCv.calls.create, { jobSeekerId: bare._id, type: 'BUILT', designation: 'Analyst' }, token);
    expect(noSummary.status).toBe(400);
    expect(noSummary.body.message).toBe('Please enter professional summary');
    const badTemplate = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: owner._id, type: 'BUILT', templateSlug: 'gothic' },
      token,
    );
    expect(badTemplate.status).toBe(400);
    expect(badTemplate.body.message).toBe('Template must be one of classic, modern, compact, timeline');
    const badType = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, type: 'DRAWN' }, token);
    expect(badType.status).toBe(400);
    // Nothing half-written: the refused builds left no CV.
    const list = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: bare._id } }, token);
    expect(list.body.data.results).toEqual([]);
  });

  it('another organisation’s candidate is a 404; a client user is refused; an OWN-scoped recruiter builds only for their own', async () => {
    const token = w.orgA.adminToken;
    const theirs = await aProfiledCandidate(w.orgB.adminToken);
    expect((await call(t.app, candidateCv.calls.create, { jobSeekerId: theirs._id, type: 'BUILT' }, token)).status).toBe(404);
    const mine = await aProfiledCandidate(token);
    const hiring = await call(t.app, client.calls.create, { name: 'Builder Co', email: 'hr@builder.example' }, token);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: hiring.body.data._id });
    expect((await call(t.app, candidateCv.calls.create, { jobSeekerId: mine._id, type: 'BUILT' }, clientUser.token)).status).toBe(403);
    const own = await aStaffMember(t.app, token, {
      roleIds: [
        await aRole(t.app, token, [
          await permissionId(t.app, w.root, { feature: 'Candidate CV', level: 'WRITE', scope: 'OWN' }),
          await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE', scope: 'OWN' }),
        ]),
      ],
    });
    expect((await call(t.app, candidateCv.calls.create, { jobSeekerId: mine._id, type: 'BUILT' }, own.token)).status).toBe(404);
    const ownCandidate = await aProfiledCandidate(own.token);
    const built = await call(t.app, candidateCv.calls.create, { jobSeekerId: ownCandidate._id, type: 'BUILT' }, own.token);
    expect(built.status, built.body.message).toBe(200);
  });

  it('a job seeker linked to the candidate builds a CV and sees it', async () => {
    const { candidate: mine, token } = await aLinkedCandidate();
    const built = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: mine._id, type: 'BUILT', designation: 'Analyst', professionalSummary: 'Me.' },
      token,
    );
    expect(built.status, built.body.message).toBe(200);
    expect((await call(t.app, candidateCv.calls.details, { _id: built.body.data._id }, token)).body.data.type).toBe('BUILT');
    expect((await call(t.app, setDefaultCandidateCv, { _id: built.body.data._id }, token)).status).toBe(403);
  });

  it('set-default keeps one default CV per candidate; another organisation’s CV is a 404', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const first = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: owner._id, file: await anUploadedFile(t.app, token), isDefault: true },
      token,
    );
    const second = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: await anUploadedFile(t.app, token) }, token);
    const chosen = await call(t.app, setDefaultCandidateCv, { _id: second.body.data._id }, token);
    expect(chosen.status, chosen.body.message).toBe(200);
    expect(chosen.body.data.isDefault).toBe(true);
    const defaults = async () =>
      (await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: owner._id } }, token)).body.data.results
        .filter((r: { isDefault: boolean }) => r.isDefault)
        .map((r: { _id: string }) => r._id);
    expect(await defaults()).toEqual([second.body.data._id]);
    // A new default CV takes the flag too.
    const third = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: owner._id, file: await anUploadedFile(t.app, token), isDefault: true },
      token,
    );
    expect(await defaults()).toEqual([third.body.data._id]);
    expect((await call(t.app, setDefaultCandidateCv, { _id: third.body.data._id, isDefault: false }, token)).body.data.isDefault).toBe(
      false,
    );
    expect(await defaults()).toEqual([]);
    expect(first.status).toBe(200);
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const theirCv = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: theirs._id, file: await anUploadedFile(t.app, w.orgB.adminToken) },
      w.orgB.adminToken,
    );
    expect((await call(t.app, setDefaultCandidateCv, { _id: theirCv.body.data._id }, token)).status).toBe(404);
  });
});

/** Uploads through the one upload call, as the CVs tab does; the answer as it came. */
const upload = (content: Buffer, filename: string, token: string) => postFile(t.app, '/api/file/upload', { content, filename, token });

/** The file reference an upload answered, ready for a CV. */
const uploaded = async (content: Buffer, filename: string, token: string) => {
  const response = await upload(content, filename, token);
  expect(response.statusCode, response.body).toBe(200);
  const { url: _url, ...file } = response.json().data;
  return file as { _id: string; blobName: string; originalName: string; mimeType: string };
};

const cvsOf = async (candidateId: string, token: string) =>
  (await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: candidateId }, limit: 'ALL' }, token)).body.data.results as {
    _id: string;
    isDefault: boolean;
    cvTitle: string | null;
    file: { originalName: string; mimeType: string; url?: string };
  }[];

const aViewer = async (token: string) =>
  aStaffMember(t.app, token, {
    roleIds: [
      await aRole(t.app, token, [
        await permissionId(t.app, w.root, { feature: 'Candidate', level: 'READ' }),
        await permissionId(t.app, w.root, { feature: 'Candidate CV', level: 'READ' }),
      ]),
    ],
  });

describe('uploaded candidate CVs (PDF, DOC, DOCX judged by content)', () => {
  it('staff attach a PDF, a DOC and a DOCX; the type is the content’s, and the first is the default', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const kinds = [
      { content: samplePdf, name: 'Grace CV.pdf', mimeType: 'application/pdf', stored: 'GraceCV.pdf' },
      { content: sampleDoc, name: 'Grace old.doc', mimeType: 'application/msword', stored: 'Graceold.doc' },
      // A Word file named as something else is still a Word file, and named for what it is.
      {
        content: sampleDocx,
        name: 'grace.txt',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        stored: 'grace.docx',
      },
    ];
    for (const kind of kinds) {
      const file = await uploaded(kind.content, kind.name, token);
      const created = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file }, token);
      expect(created.status, created.body.message).toBe(200);
      expect(created.body.data.file).toMatchObject({ mimeType: kind.mimeType, originalName: kind.stored });
    }
    const cvs = await cvsOf(owner._id, token);
    expect(cvs.map((cv) => [cv.file.originalName, cv.isDefault]).sort()).toEqual([
      ['GraceCV.pdf', true],
      ['Graceold.doc', false],
      ['grace.docx', false],
    ]);
    // Each is read through its signed link with its own type.
    const docx = cvs.find((cv) => cv.file.originalName === 'grace.docx')!;
    const read = await t.app.inject({ method: 'GET', url: docx.file.url!.replace(/^https?:\/\/[^/]+/, '') });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe(kinds[2]!.mimeType);
  });

  it('a picture is not a CV (415, nothing kept); a script named .pdf and a file over 10 MB are refused at upload', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const picture = await uploaded(samplePng, 'cv.pdf', token);
    const refused = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: picture }, token);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(cvFileTypeMessage);
    // What the client says of the file counts for nothing: the stored type is the content's.
    const disguised = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: owner._id, file: { ...picture, mimeType: 'application/pdf', originalName: 'cv.pdf' } },
      token,
    );
    expect(disguised.status).toBe(415);
    expect(await cvsOf(owner._id, token)).toEqual([]);
    const script = await upload(Buffer.from('#!/bin/sh\necho hi\n'), 'cv.pdf', token);
    expect(script.statusCode).toBe(415);
    expect(script.json().message).toBe('Only PDF, DOC, DOCX, PNG, JPEG and WEBP files are allowed');
    const big = await upload(Buffer.concat([samplePdf, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf', token);
    expect(big.statusCode).toBe(413);
    expect(big.json().success).toBe(false);
    // Another user's upload is not theirs to attach.
    const theirs = await uploaded(samplePdf, 'theirs.pdf', w.orgB.adminToken);
    const taken = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: theirs }, token);
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('Please upload the file again');
  });

  it('the default moves with set-default; deleting one leaves the rest; a viewer reads but cannot add, choose or delete (403)', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const add = async (content: Buffer, name: string) =>
      (await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: await uploaded(content, name, token) }, token)).body
        .data as { _id: string };
    const pdf = await add(samplePdf, 'first.pdf');
    const docx = await add(sampleDocx, 'second.docx');
    expect((await call(t.app, setDefaultCandidateCv, { _id: docx._id }, token)).status).toBe(200);
    expect((await cvsOf(owner._id, token)).filter((cv) => cv.isDefault).map((cv) => cv._id)).toEqual([docx._id]);

    const viewer = await aViewer(token);
    expect((await cvsOf(owner._id, viewer.token)).length).toBe(2);
    const file = await uploaded(samplePdf, 'viewer.pdf', viewer.token);
    const create = await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file }, viewer.token);
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('You do not have WRITE access to Candidate CV');
    expect((await call(t.app, setDefaultCandidateCv, { _id: pdf._id }, viewer.token)).status).toBe(403);
    const remove = await call(t.app, candidateCv.calls.remove, { _id: pdf._id }, viewer.token);
    expect(remove.status).toBe(403);
    expect(remove.body.message).toBe('You do not have FULL access to Candidate CV');

    expect((await call(t.app, candidateCv.calls.remove, { _id: pdf._id }, token)).status).toBe(200);
    expect((await cvsOf(owner._id, token)).map((cv) => cv._id)).toEqual([docx._id]);
  });

  it('a client user or a job seeker cannot delete or choose the default (403); another organisation’s candidate is a 404', async () => {
    const token = w.orgA.adminToken;
    const owner = await aCandidate(t.app, token);
    const cv = (
      await call(t.app, candidateCv.calls.create, { jobSeekerId: owner._id, file: await uploaded(samplePdf, 'a.pdf', token) }, token)
    ).body.data as { _id: string };
    const hiring = await call(t.app, client.calls.create, { name: 'Upload Co', email: 'hr@upload.example' }, token);
    const clientUser = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: hiring.body.data._id });
    for (const who of [clientUser.token, w.seeker.token]) {
      expect((await call(t.app, candidateCv.calls.remove, { _id: cv._id }, who)).status).toBe(403);
      expect((await call(t.app, setDefaultCandidateCv, { _id: cv._id }, who)).status).toBe(403);
    }
    const theirs = await aCandidate(t.app, w.orgB.adminToken);
    const cross = await call(
      t.app,
      candidateCv.calls.create,
      { jobSeekerId: theirs._id, file: await uploaded(samplePdf, 'b.pdf', token) },
      token,
    );
    expect(cross.status).toBe(404);
    expect(await cvsOf(theirs._id, w.orgB.adminToken)).toEqual([]);
  });
});

describe('a CV with a new candidate (one write)', () => {
  const details = (email: string, phone: string) => ({ name: { first: 'Noor', last: 'Haddad' }, email, phone, status: 'ACTIVE' });

  it('the candidate and their default CV are saved together', async () => {
    const token = w.orgA.adminToken;
    const cvFile = await uploaded(sampleDocx, 'Noor CV.docx', token);
    const created = await call(t.app, candidate.calls.create, { ...details('noor@example.com', '+44 7700 900501'), cvFile }, token);
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.data.cvFile).toBeUndefined();
    const cvs = await cvsOf(created.body.data._id, token);
    expect(cvs).toHaveLength(1);
    expect(cvs[0]).toMatchObject({ isDefault: true, file: { originalName: 'NoorCV.docx' } });
  });

  it('a CV refused leaves no candidate: a picture (415), another’s file (400), no right to add CVs (403)', async () => {
    const token = w.orgA.adminToken;
    const count = async () => (await call(t.app, candidate.calls.list, { search: 'Haddad', limit: 'ALL' }, token)).body.data.totalResults;
    const before = await count();
    const picture = await call(
      t.app,
      candidate.calls.create,
      { ...details('noor.p@example.com', '+44 7700 900502'), cvFile: await uploaded(samplePng, 'me.png', token) },
      token,
    );
    expect(picture.status).toBe(415);
    expect(picture.body.message).toBe(cvFileTypeMessage);
    const another = await call(
      t.app,
      candidate.calls.create,
      { ...details('noor.a@example.com', '+44 7700 900503'), cvFile: await uploaded(samplePdf, 'x.pdf', w.orgB.adminToken) },
      token,
    );
    expect(another.status).toBe(400);
    expect(another.body.message).toBe('Please upload the file again');
    const writer = await aStaffMember(t.app, token, {
      roleIds: [await aRole(t.app, token, [await permissionId(t.app, w.root, { feature: 'Candidate', level: 'WRITE' })])],
    });
    const noRight = await call(
      t.app,
      candidate.calls.create,
      { ...details('noor.w@example.com', '+44 7700 900504'), cvFile: await uploaded(samplePdf, 'w.pdf', writer.token) },
      writer.token,
    );
    expect(noRight.status).toBe(403);
    expect(noRight.body.message).toBe('You do not have WRITE access to Candidate CV');
    expect(await count()).toBe(before);
    // Without a CV the same user adds the candidate.
    expect((await call(t.app, candidate.calls.create, details('noor.w@example.com', '+44 7700 900504'), writer.token)).status).toBe(200);
  });
});
