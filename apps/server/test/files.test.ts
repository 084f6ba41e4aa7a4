import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminUpdateJobSeeker, adminUpdateRecruiter } from '@app/contract/resources/content/admin-board';
import { article, author, employeeCard } from '@app/contract/resources/content/article';
import { applyForJob, jobApplicants } from '@app/contract/resources/job-board/application';
import { companyBySlug, myCompany, updateCompanyContactDetails } from '@app/contract/resources/job-board/company';
import { coverLetterTemplate } from '@app/contract/resources/job-board/cover-letter';
import { cv } from '@app/contract/resources/job-board/cv';
import { myJobSeekerProfile, updateJobSeekerProfile } from '@app/contract/resources/job-board/job-seeker';
import { organisation } from '@app/contract/resources/organisation';
import { organisationStaff, updateOwnProfile } from '@app/contract/resources/organisation-staff';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { jobSeekers } from '../src/db/schema/job-board';
import { files } from '../src/db/schema/services';
import { cleanFileName } from '../src/services/files';
import { aCompany, aJob, aSeeker, uploadCv } from './support/job-board';
import { readSignedUrl } from './support/multipart';
import { call, type TestApp } from './support/test-app';
import { aUser, unique, type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0f5a70000000049454e44ae426082',
  'hex',
);

const upload = (content: Buffer, filename: string, token?: string, field = 'file') => {
  const boundary = '----test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};

describe('file upload', () => {
  it('judges the type by content, cleans the name and answers an expiring signed link', async () => {
    const response = await upload(pdf, 'My CV (final) #2.pdf', w.seeker.token);
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().data;
    expect(file).toMatchObject({ originalName: 'MyCVfinal2.pdf', mimeType: 'application/pdf', size: pdf.length });
    expect(file._id).toMatch(/^[0-9a-f]{24}$/);
    const url = new URL(file.url);
    expect(url.searchParams.get('expires')).toBeTruthy();
    const read = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a tampered or expired link', async () => {
    const file = (await upload(png, 'photo.png', w.seeker.token)).json().data;
    const url = new URL(file.url);
    url.searchParams.set('signature', 'x'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
    const expired = new URL(file.url);
    expired.searchParams.set('expires', '1000');
    expect((await t.app.inject({ method: 'GET', url: expired.pathname + expired.search })).statusCode).toBe(404);
  });

  it('refuses a script dressed as a PDF (415), a file over 10 MB (413), no file (400) and no sign-in (401)', async () => {
    const fake = await upload(Buffer.from('#!/bin/sh\necho hi\n'), 'cv.pdf', w.seeker.token);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Only PDF, DOC, DOCX, PNG, JPEG and WEBP files are allowed');
    const big = await upload(Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf', w.seeker.token);
    expect(big.statusCode).toBe(413);
    expect((await upload(pdf, 'cv.pdf', w.seeker.token, 'other')).statusCode).toBe(400);
    expect((await upload(pdf, 'cv.pdf')).statusCode).toBe(401);
  });

  it('cleans names the spec’s way', () => {
    expect(cleanFileName('../../etc/pass wd.PDF', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('résumé 2024.docx', 'docx')).toBe('rsum2024.docx');
    expect(cleanFileName('.hidden', 'png')).toBe('hidden.png');
    // The extension is the detected type's, never the client's.
    expect(cleanFileName('poly.html', 'pdf')).toBe('poly.pdf');
    expect(cleanFileName('photo.jpeg.exe', 'jpg')).toBe('photojpeg.jpg');
  });
});

const uploaded = async (content: Buffer, filename: string, token: string) => {
  const response = await upload(content, filename, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { _id: string; blobName: string; originalName: string; mimeType: string; size: number; url: string };
};

/** The answer carries no link to (or name of) the file: nothing signed, nothing to sign later. */
const expectNoTraceOf = (body: unknown, file: { blobName: string }) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(file.blobName);
  expect(text).not.toContain(encodeURIComponent(file.blobName));
};

const refused = (response: { status: number; body: { message: string; data: any } }, field: string) => {
  expect(response.status, response.body.message).toBe(400);
  expect(response.body.message).toBe('Please upload the file again');
  expect(response.body.data.errors).toContainEqual({ field, message: 'Please upload the file again' });
};

/** A CV as the builder first saves it. */
const cvBody = (overrides: Record<string, unknown>) => ({
  cvTitle: 'My CV',
  name: { first: 'Jo', last: 'Bloggs' },
  designation: 'Warehouse Supervisor',
  email: 'jo@example.com',
  phone: '+44 7700 900123',
  professionalSummary: '<p>Ten years in warehouses.</p>',
  ...overrides,
});

const profileOf = async (token: string) => (await call(t.app, myJobSeekerProfile, {}, token)).body.data;

describe('stored names', () => {
  it('poly.html holding a PDF is stored and served as a PDF', async () => {
    const file = await uploaded(pdf, 'poly.html', w.seeker.token);
    expect(file.originalName).toBe('poly.pdf');
    expect(file.mimeType).toBe('application/pdf');
    expect(file.blobName).toMatch(/\.pdf$/);
    expect(file.blobName).not.toContain('poly');
    expect(file.blobName).not.toContain('html');
    const read = await readSignedUrl(t.app, file.url);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toBe('inline; filename="poly.pdf"');
  });

  it('are random, not time-ordered, and never carry the client’s name', async () => {
    const first = await uploaded(png, 'holiday.png', w.seeker.token);
    const second = await uploaded(png, 'holiday.png', w.seeker.token);
    for (const file of [first, second]) {
      expect(file.blobName).toMatch(/^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
      expect(file._id).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(first.blobName).not.toBe(second.blobName);
    // newId's first eight hex digits are the time; random ids share no such prefix.
    expect(first._id.slice(0, 6)).not.toBe(second._id.slice(0, 6));
  });
});

describe('files belong to someone', () => {
  it('attack: a seeker sets profileImg to another seeker’s CV blobName: 400 and no signed link', async () => {
    const victim = await aSeeker(t.app, { cv: true });
    const attacker = await aSeeker(t.app);
    const victimsCv = (await profileOf(victim.token)).cvDetail;
    expect(victimsCv.blobName).toBeTruthy();

    // The request that used to answer a freshly signed link to the victim's CV.
    const attack = await call(t.app, updateJobSeekerProfile, { profileImg: victimsCv, about: 'Hello' }, attacker.token);
    refused(attack, 'profileImg');
    expectNoTraceOf(attack.body, victimsCv);
    // Nor with the attacker's own file id beside the victim's blobName.
    const own = await uploaded(png, 'me.png', attacker.token);
    const mixed = await call(
      t.app,
      updateJobSeekerProfile,
      { profileImg: { ...own, blobName: victimsCv.blobName }, about: 'Hello' },
      attacker.token,
    );
    refused(mixed, 'profileImg');
    expectNoTraceOf(mixed.body, victimsCv);
    const profile = await profileOf(attacker.token);
    expect(profile.profileImg).toBeNull();
    expectNoTraceOf(profile, victimsCv);
    // The attacker's own upload still goes on.
    const ok = await call(t.app, updateJobSeekerProfile, { profileImg: own, about: 'Hello' }, attacker.token);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.profileImg).toMatchObject({ _id: own._id, blobName: own.blobName });
  });

  it('attack: a recruiter makes an applicant’s CV the company logo: 400; the CV stays readable through the application', async () => {
    const company = await aCompany(t.app);
    const posted = await aJob(t.app, company.token);
    const applicant = await aSeeker(t.app, { cv: true });
    expect((await call(t.app, applyForJob, { jobId: posted._id }, applicant.token)).status).toBe(200);
    const applicants = (await call(t.app, jobApplicants, { jobId: posted._id }, company.token)).body.data;
    const cvFile = applicants.results[0].cv.file;
    expect((await readSignedUrl(t.app, applicants.results[0].cvUrl)).statusCode).toBe(200);

    const mine = (await call(t.app, myCompany, {}, company.token)).body.data;
    const attack = await call(
      t.app,
      updateCompanyContactDetails,
      { name: mine.name, email: mine.email, phone: mine.phone, location: mine.location, profileImg: cvFile },
      company.token,
    );
    refused(attack, 'profileImg');
    expectNoTraceOf(attack.body, cvFile);
    const publicPage = (await call(t.app, companyBySlug, { slug: mine.slug })).body.data;
    expect(publicPage.profileImg).toBeNull();
    expectNoTraceOf(publicPage, cvFile);
  });

  it('takes the stored name, type, size and link, never the client’s', async () => {
    const seeker = await aSeeker(t.app);
    const photo = await uploaded(png, 'me.png', seeker.token);
    const forged = { ...photo, originalName: 'me.html', mimeType: 'text/html', size: 1, url: 'https://evil.example/x' };
    const { status, body } = await call(t.app, updateJobSeekerProfile, { profileImg: forged, about: 'Hi' }, seeker.token);
    expect(status, body.message).toBe(200);
    expect(body.data.profileImg).toMatchObject({ originalName: 'me.png', mimeType: 'image/png', size: png.length });
    expect(body.data.profileImg.url).toMatch(/^http:\/\/localhost:3000\/api\/file\/read\?/);
    const [row] = await t.app.database.db.select().from(jobSeekers).where(eq(jobSeekers.id, seeker.id));
    expect(row?.profileImg).toEqual({
      _id: photo._id,
      originalName: 'me.png',
      blobName: photo.blobName,
      mimeType: 'image/png',
      size: png.length,
    });
  });

  it('refuses a name that is not a stored file', async () => {
    const seeker = await aSeeker(t.app);
    const photo = await uploaded(png, 'me.png', seeker.token);
    for (const blobName of ['../secret', 'uploads/00/00000000000000000000000000000000.png', '']) {
      refused(await call(t.app, updateJobSeekerProfile, { profileImg: { ...photo, blobName }, about: 'Hi' }, seeker.token), 'profileImg');
    }
  });

  it('one record per upload; the owner may reuse it on their own records (a CV starts with the profile photo)', async () => {
    const seeker = await aSeeker(t.app);
    const other = await aSeeker(t.app);
    const photo = await uploaded(png, 'me.png', seeker.token);
    expect((await call(t.app, updateJobSeekerProfile, { profileImg: photo, about: 'Hi' }, seeker.token)).status).toBe(200);
    // Saving the profile again with the photo it already has.
    expect((await call(t.app, updateJobSeekerProfile, { profileImg: photo, about: 'Hi again' }, seeker.token)).status).toBe(200);
    const made = await call(t.app, cv.calls.create!, cvBody({ profileImg: photo }), seeker.token);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.profileImg.blobName).toBe(photo.blobName);
    // A duplicate of that CV keeps the photo too.
    expect(
      (await call(t.app, cv.calls.create!, cvBody({ cvTitle: 'Copy', profileImg: made.body.data.profileImg }), seeker.token)).status,
    ).toBe(200);
    refused(await call(t.app, cv.calls.create!, cvBody({ profileImg: photo }), other.token), 'profileImg');
    const [row] = await t.app.database.db.select().from(files).where(eq(files.id, photo._id));
    expect(row).toMatchObject({ uploadedBy: seeker.userId, ownerId: seeker.userId, attachedType: 'JobSeeker', attachedId: seeker.id });
  });

  it('an admin attaches only files they uploaded; the seeker may then use that photo on their own CV', async () => {
    const seeker = await aSeeker(t.app, { cv: true });
    const other = await aSeeker(t.app);
    const photo = await uploaded(png, 'portrait.png', w.platformAdmin.token);
    const set = await call(t.app, adminUpdateJobSeeker, { _id: seeker.id, profileImg: photo }, w.platformAdmin.token);
    expect(set.status, set.body.message).toBe(200);
    expect((await call(t.app, cv.calls.create!, cvBody({ profileImg: photo }), seeker.token)).status).toBe(200);
    // The photo now belongs to the seeker's profile, and the seeker's CV is the seeker's.
    refused(await call(t.app, adminUpdateJobSeeker, { _id: other.id, profileImg: photo }, w.platformAdmin.token), 'profileImg');
    const seekersCv = (await profileOf(seeker.token)).cvDetail;
    refused(await call(t.app, adminUpdateJobSeeker, { _id: other.id, profileImg: seekersCv }, w.platformAdmin.token), 'profileImg');
  });

  it('every field that takes a file refuses a file the caller may not attach', async () => {
    const victim = await aSeeker(t.app, { cv: true });
    const attacker = await aSeeker(t.app);
    const foreign = (await profileOf(victim.token)).cvDetail;
    const company = await aCompany(t.app);
    const writer = (await call(t.app, author.calls.create!, { name: unique('A '), profile: 'Writes.' }, w.platformAdmin.token)).body.data;
    const attempts: [string, Promise<{ status: number; body: any }>][] = [
      ['img', call(t.app, author.calls.create!, { name: unique('A '), profile: 'x', img: foreign }, w.platformAdmin.token)],
      ['img', call(t.app, author.calls.update!, { _id: writer._id, img: foreign }, w.platformAdmin.token)],
      [
        'img',
        call(
          t.app,
          article.calls.create!,
          {
            title: unique('T '),
            content: '<p>x</p>',
            meta_description: 'd',
            meta_tags: 't',
            meta_title: 'm',
            shortDesc: 's',
            author: writer._id,
            img: foreign,
          },
          w.platformAdmin.token,
        ),
      ],
      [
        'profileImg',
        call(
          t.app,
          employeeCard.calls.create!,
          { name: 'Sam', phone: '+44770090012', designation: 'R', slug: unique('sam-'), profileImg: foreign },
          w.platformAdmin.token,
        ),
      ],
      [
        'imgFile',
        call(
          t.app,
          coverLetterTemplate.calls.create!,
          { title: 'T', slug: unique('t-'), layout: 'classic', imgFile: foreign },
          w.platformAdmin.token,
        ),
      ],
      ['profileImg', call(t.app, adminUpdateRecruiter, { _id: company.id, profileImg: foreign }, w.platformAdmin.token)],
      ['logoImg', call(t.app, organisation.calls.update!, { _id: w.orgA.id, logoImg: foreign }, w.root)],
      ['profileImage', call(t.app, organisationStaff.calls.update!, { _id: w.staffA.id, profileImage: foreign }, w.orgA.adminToken)],
      ['profileImage', call(t.app, updateOwnProfile, { profileImage: foreign }, w.platformAdmin.token)],
      ['profileImage', call(t.app, updateOwnProfile, { profileImage: foreign }, w.staffA.token)],
      ['profileImg', call(t.app, cv.calls.create!, cvBody({ profileImg: foreign }), attacker.token)],
    ];
    for (const [field, attempt] of attempts) {
      const response = await attempt;
      refused(response, field);
      expectNoTraceOf(response.body, foreign);
    }
  });

  it('a file already on a record before files were attached stays on it', async () => {
    const seeker = await aSeeker(t.app);
    const photo = await uploaded(png, 'old.png', w.platformAdmin.token);
    // Older data: the reference is on the record, the file attached to nothing.
    await t.app.database.db.update(jobSeekers).set({ profileImg: photo }).where(eq(jobSeekers.id, seeker.id));
    const saved = await call(t.app, updateJobSeekerProfile, { profileImg: photo, about: 'Still me' }, seeker.token);
    expect(saved.status, saved.body.message).toBe(200);
    const [row] = await t.app.database.db.select().from(files).where(eq(files.id, photo._id));
    expect(row).toMatchObject({ attachedType: 'JobSeeker', attachedId: seeker.id, ownerId: seeker.userId });
  });
});

describe('0004_file_ownership', () => {
  it('keeps files stored before it: the owner becomes the uploader, drawn documents go on no field', async () => {
    const folder = path.resolve(import.meta.dirname, '../drizzle');
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.mkdirSync(path.join(before, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
    const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === '0004_file_ownership');
    for (const entry of journal.entries.slice(0, index))
      fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    const client = new PGlite({ extensions: { pg_trgm, btree_gin } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.query(
        `insert into files (id, owner_id, organisation_id, original_name, blob_name, mime_type, size) values
         ('f1', 'u1', 'o1', 'cv.pdf', '2025-01/f1-cv.pdf', 'application/pdf', 10),
         ('f2', 'u2', null, 'cv.pdf', 'documents/ab/abc.pdf', 'application/pdf', 10)`,
      );
      await migrate(db, { migrationsFolder: folder });
      const rows = (
        await client.query(
          'select id, uploaded_by, owner_id, organisation_id, attached_type, attached_id, blob_name from files order by id',
        )
      ).rows;
      expect(rows).toEqual([
        {
          id: 'f1',
          uploaded_by: 'u1',
          owner_id: 'u1',
          organisation_id: 'o1',
          attached_type: null,
          attached_id: null,
          blob_name: '2025-01/f1-cv.pdf',
        },
        {
          id: 'f2',
          uploaded_by: 'u2',
          owner_id: 'u2',
          organisation_id: null,
          attached_type: 'Document',
          attached_id: null,
          blob_name: 'documents/ab/abc.pdf',
        },
      ]);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});

describe('upload limit', () => {
  it('attack: the 61st upload in an hour is a 429, on either upload call', async () => {
    const uploader = await aUser(t.app, { userType: 'JOB_SEEKER' });
    for (let n = 1; n <= 60; n++) {
      const response = await upload(png, `p${n}.png`, uploader.token);
      expect(response.statusCode, `upload ${n}: ${response.body}`).toBe(200);
    }
    const over = await upload(png, 'p61.png', uploader.token);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You have uploaded too many files in the last hour. Please try again later.');
    expect((await uploadCv(t.app, uploader.token)).statusCode).toBe(429);
    // Someone else is not held back.
    expect((await upload(png, 'p.png', w.staffA.token)).statusCode).toBe(200);
  });
});
