import fs from 'node:fs';
import path from 'node:path';
import { candidate } from '@app/contract/resources/crm/candidate';
import { candidateCv, noTextLayerMessage, parseResumePdf, resumeUrlMessage } from '@app/contract/resources/crm/candidate-cv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aScanLikePdf, type Expected } from '../eval/resumes/generate';
import { createFileStore } from '../src/services/files';
import { closeLetterSpacing, linesOfParagraphs } from '../src/services/resume-parsing/lines';
import { parseResume } from '../src/services/resume-parsing/parse';
import { postFile, samplePng } from './support/multipart';
import { call, type TestApp } from './support/test-app';
import { type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

afterEach(() => vi.restoreAllMocks());

const evalFolder = path.join(import.meta.dirname, '..', 'eval', 'resumes', 'files');

/** Uploads a file as the user and answers the signed link the upload gives back. */
const uploaded = async (token: string, content: Buffer, filename: string) => {
  const response = await postFile(t.app, '/api/file/upload', { content, filename, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.url as string;
};

const digits = (phone: string | null) => (phone ?? '').replace(/\(0\)/, '').replace(/\D/g, '').replace(/^44/, '0');

describe('POST /candidate-cv/parse-resume-pdf', () => {
  it.each(['01-classic', '06-modern', '21-table', '26-spaced', '31-sidebar', '36-docx'])(
    'reads %s of the evaluation set into a draft',
    async (name) => {
      const expected = JSON.parse(fs.readFileSync(path.join(evalFolder, `${name}.expected.json`), 'utf8')) as Expected;
      const url = await uploaded(w.orgA.adminToken, fs.readFileSync(path.join(evalFolder, expected.file)), expected.file);
      const { status, body } = await call(t.app, parseResumePdf, { url }, w.orgA.adminToken);
      expect(status, body.message).toBe(200);
      const draft = body.data;
      expect(draft.name).toEqual(expected.name);
      expect(draft.email).toBe(expected.email);
      expect(digits(draft.phone)).toBe(digits(expected.phone));
      expect(draft.workHistory.map((item: { organization: string }) => item.organization)).toEqual(
        expected.workHistory.map((item) => item.organization),
      );
      expect(draft.workHistory.map((item: { jobTitle: string }) => item.jobTitle)).toEqual(
        expected.workHistory.map((item) => item.jobTitle),
      );
      expect(draft.education.map((item: { organization: string }) => item.organization)).toEqual(
        expected.education.map((item) => item.organization),
      );
      expect(draft.skills.map((skill: { label: string }) => skill.label.toLowerCase()).sort()).toEqual(
        expected.skills.map((label) => label.toLowerCase()).sort(),
      );
      // Skills the lookup holds come back with its id; the others as new.
      for (const skill of draft.skills) expect(Boolean(skill.skillId)).toBe(!skill.isNew);
      expect(draft.file.originalName).toBeTruthy();
    },
  );

  it('a two-column résumé is read a column at a time, with its dates', async () => {
    const expected = JSON.parse(fs.readFileSync(path.join(evalFolder, '06-modern.expected.json'), 'utf8')) as Expected;
    const url = await uploaded(w.orgA.adminToken, fs.readFileSync(path.join(evalFolder, expected.file)), 'cv.pdf');
    const { body } = await call(t.app, parseResumePdf, { url }, w.orgA.adminToken);
    expect(body.data.layout).toBe('TWO_COLUMNS');
    expect(body.data.workHistory[0].startDate).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('a draft makes a candidate with the CV and the skills the lookup holds (as the add-candidate form sends it)', async () => {
    const token = w.orgA.adminToken;
    const upload = await postFile(t.app, '/api/file/upload', {
      content: fs.readFileSync(path.join(evalFolder, '01-classic.pdf')),
      filename: 'cv.pdf',
      token,
    });
    const cvFile = upload.json().data;
    const { body } = await call(t.app, parseResumePdf, { url: cvFile.url }, token);
    const draft = body.data;
    const skills = draft.skills
      .filter((skill: { skillId: string | null }) => skill.skillId)
      .map((skill: { skillId: string; label: string }) => ({ skillId: skill.skillId, label: skill.label, rating: 3 }));
    expect(skills.length).toBeGreaterThan(0);
    const created = await call(
      t.app,
      candidate.calls.create,
      {
        name: draft.name,
        email: draft.email,
        phone: draft.phone,
        address: { city: draft.city },
        linkedInLink: draft.links.linkedIn,
        cvFile,
        skills,
      },
      token,
    );
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.data.skills.map((skill: { skillId: string }) => skill.skillId)).toEqual(
      skills.map((skill: { skillId: string }) => skill.skillId),
    );
    const cvs = await call(t.app, candidateCv.calls.list, { filter: { jobSeekerId: created.body.data._id } }, token);
    expect(cvs.body.data.results).toHaveLength(1);
  });

  it('needs a valid non-empty url', async () => {
    for (const input of [{}, { url: '' }, { url: '   ' }, { url: 'not a url' }]) {
      const { status, body } = await call(t.app, parseResumePdf, input, w.orgA.adminToken);
      expect(status).toBe(400);
      expect(body.message).toBe(resumeUrlMessage);
    }
  });

  it('refuses any address but its own file links, and fetches nothing', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const own = await uploaded(w.orgA.adminToken, fs.readFileSync(path.join(evalFolder, '01-classic.pdf')), 'cv.pdf');
    const forged = new URL(own);
    forged.searchParams.set('signature', 'x'.repeat(64));
    const elsewhere = new URL(own);
    elsewhere.host = 'attacker.example';
    for (const url of [
      'https://example.com/cv.pdf',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:3000/api/file/upload',
      forged.toString(),
      elsewhere.toString(),
    ]) {
      const { status, body } = await call(t.app, parseResumePdf, { url }, w.orgA.adminToken);
      expect(status, url).toBe(400);
      expect(body.message).toBe(resumeUrlMessage);
    }
    expect(fetched).not.toHaveBeenCalled();
  });

  it('knows its own links under an APP_URL with a path, and only those', () => {
    const store = createFileStore({ storage: {} as never, secret: 'x'.repeat(32), appUrl: 'https://jobs.example.org/recruit' });
    const link = store.signedUrl('uploads/ab/abc.pdf');
    expect(store.blobNameOfUrl(link)).toBe('uploads/ab/abc.pdf');
    expect(store.blobNameOfUrl(link.replace('/recruit/', '/'))).toBeNull();
    expect(store.blobNameOfUrl(link.replace('abc.pdf', 'other.pdf'))).toBeNull();
    expect(store.blobNameOfUrl('file:///etc/passwd')).toBeNull();
  });

  it('another organisation’s file is a 404', async () => {
    const theirs = await uploaded(w.orgB.adminToken, fs.readFileSync(path.join(evalFolder, '01-classic.pdf')), 'cv.pdf');
    const { status } = await call(t.app, parseResumePdf, { url: theirs }, w.orgA.adminToken);
    expect(status).toBe(404);
  });

  it('a scanned PDF (pictures only) answers that it has no text layer', async () => {
    const url = await uploaded(w.orgA.adminToken, await aScanLikePdf(), 'scan.pdf');
    const { status, body } = await call(t.app, parseResumePdf, { url }, w.orgA.adminToken);
    expect(status).toBe(422);
    expect(body.message).toBe(noTextLayerMessage);
    expect(body.message).toMatch(/^This PDF has no text layer \(it is a scan\): /);
  });

  it('a picture is not a résumé (415)', async () => {
    const url = await uploaded(w.orgA.adminToken, samplePng, 'photo.png');
    expect((await call(t.app, parseResumePdf, { url }, w.orgA.adminToken)).status).toBe(415);
  });

  it('is for staff with the Candidate CV permission', async () => {
    const url = await uploaded(w.orgA.adminToken, fs.readFileSync(path.join(evalFolder, '01-classic.pdf')), 'cv.pdf');
    expect((await call(t.app, parseResumePdf, { url }, w.seeker.token)).status).toBe(403);
    expect((await call(t.app, parseResumePdf, { url }, w.staffA.token)).status).toBe(403);
    expect((await call(t.app, parseResumePdf, { url })).status).toBe(401);
  });
});

/** Lines as a Word file gives them: one paragraph a line, no places. */
const draftOf = (paragraphs: string[]) => parseResume(linesOfParagraphs(paragraphs), { skills: lookup });
const lookup = [
  { _id: 'a'.repeat(24), label: 'Project Management', value: 'project-management' },
  { _id: 'b'.repeat(24), label: 'Excel', value: 'excel' },
];

describe('the résumé parser', () => {
  it('closes up letter-spaced headings and title-cases a name in capitals', () => {
    expect(closeLetterSpacing('E X P E R I E N C E')).toBe('EXPERIENCE');
    expect(closeLetterSpacing('W O R K  E X P E R I E N C E')).toBe('WORK EXPERIENCE');
    expect(closeLetterSpacing('A B Testing')).toBe('A B Testing');
    const draft = draftOf([
      'Curriculum Vitae',
      "SIOBHAN O'NEILL-MCKAY",
      'siobhan@example.com',
      'E X P E R I E N C E',
      'Nurse at Leeds Teaching Hospitals NHS Trust',
      'Jan 2020 – Present',
    ]);
    expect(draft.name).toEqual({ first: 'Siobhan', last: "O'Neill-McKay" });
    expect(draft.workHistory).toEqual([
      {
        jobTitle: 'Nurse',
        organization: 'Leeds Teaching Hospitals NHS Trust',
        city: null,
        startDate: '2020-01-01',
        endDate: null,
        currentlyWorkingHere: true,
      },
    ]);
  });

  it('reads UK date forms and UK and international phone numbers', () => {
    const dated = (range: string) => draftOf(['Sam Reid', 'Work History', `Analyst, Meridian Bank ${range}`]).workHistory[0];
    expect(dated('Jan 2020 – Present')).toMatchObject({ startDate: '2020-01-01', endDate: null, currentlyWorkingHere: true });
    expect(dated('01/2019 - 12/2020')).toMatchObject({ startDate: '2019-01-01', endDate: '2020-12-01', currentlyWorkingHere: false });
    expect(dated('2018 - 2021')).toMatchObject({ startDate: '2018-01-01', endDate: '2021-01-01' });
    expect(dated('Sept 2019 to date')).toMatchObject({ startDate: '2019-09-01', currentlyWorkingHere: true });
    expect(dated('March 2017 – August 2019')).toMatchObject({ startDate: '2017-03-01', endDate: '2019-08-01' });
    const phone = (text: string) => draftOf(['Sam Reid', text]).phone;
    expect(phone('Mobile: 07700 900 123')).toBe('07700 900 123');
    expect(phone('Tel +44 (0)20 7946 0958')).toBe('+44 (0)20 7946 0958');
    expect(phone('(0161) 496 0000')).toBe('(0161) 496 0000');
    expect(phone('+353 85 123 4567')).toBe('+353 85 123 4567');
    expect(phone('+1 (415) 555-0100')).toBe('+1 (415) 555-0100');
    // Years are not phone numbers, nor a referee's number the candidate's.
    expect(phone('2019 - 2021')).toBeNull();
    expect(draftOf(['Sam Reid', 'References', 'Jo Bloggs, 07700 900 999']).phone).toBeNull();
  });

  it('matches skills to the lookup case-insensitively and keeps the rest as new', () => {
    const draft = draftOf(['Sam Reid', 'Key Skills', 'project management, EXCEL (Advanced) • Tableau']);
    expect(draft.skills).toEqual([
      { label: 'Project Management', skillId: 'a'.repeat(24), isNew: false },
      { label: 'Excel', skillId: 'b'.repeat(24), isNew: false },
      { label: 'Tableau', skillId: null, isNew: true },
    ]);
  });

  it('finds links, the town and the education entry', () => {
    const draft = draftOf([
      'Sam Reid',
      'sam@example.com | linkedin.com/in/sam-reid | github.com/samreid | samreid.dev',
      'Leeds, UK',
      'Education',
      'BSc (Hons) in Computer Science 2015 - 2018',
      'University of Leeds, 2:1',
    ]);
    expect(draft.links).toEqual({
      linkedIn: 'https://linkedin.com/in/sam-reid',
      gitHub: 'https://github.com/samreid',
      site: 'https://samreid.dev',
    });
    expect(draft.city).toBe('Leeds');
    expect(draft.education).toEqual([
      {
        organization: 'University of Leeds',
        qualification: 'BSc (Hons)',
        subject: 'Computer Science',
        startDate: '2015-01-01',
        endDate: '2018-01-01',
        isPursuing: false,
      },
    ]);
  });
});
