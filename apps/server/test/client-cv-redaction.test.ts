import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { clientApplicationCv, noCvMessage } from '@app/contract/resources/hiring/client-applications';
import { addToLongList, grantApplicationAccess } from '@app/contract/resources/hiring/job-application';
import { type PlacedRun, renderRedactedPdf } from '@app/documents/cv/redacted';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contactIn, withheldOf } from '../src/services/documents/redaction';
import { pdfText } from './documents/extract';
import { aCandidate, type CandidateRecord } from './support/candidates';
import { aClientOf, aCrmJob } from './support/hiring';
import { postFile } from './support/multipart';
import { call, type TestApp } from './support/test-app';
import { aClientUser } from './support/test-resources';
import { type World, withWorld } from './support/world';

let t: TestApp;
let w: World;
withWorld((app, world) => {
  t = app;
  w = world;
});

const run = (text: string, x: number, baseline: number, fontSize = 10): PlacedRun => ({ text, x, baseline, fontSize, width: 0 });

/**
 * A CV as people send them: the name, then contact details in the ways they get drawn (an email in
 * two runs, a phone with spaces after "Tel:", a mobile in another format, an address with a
 * postcode, a profile link), then the work, in two columns.
 */
const uploadedCvPdf = () =>
  renderRedactedPdf({
    kind: 'laid-out',
    notice: '',
    pages: [
      {
        width: 595.28,
        height: 841.89,
        runs: [
          run('Jane Doe', 50, 60, 22),
          run('jane.doe@', 50, 90),
          run('mail.com', 95, 90),
          run('Tel: +44 7700 900123', 320, 90),
          run('Mobile', 50, 106),
          run('07700 900 123', 90, 106),
          run('12 Baker Street, London NW1 6XE', 50, 122),
          run('linkedin.com/in/jane-doe-cv', 50, 138),
          run('Experience', 50, 180, 14),
          run('Senior engineer at Acme Ltd, 2019 - 2023', 50, 200),
          run('Built the payments platform on Node.js and PostgreSQL', 50, 215),
          run('Skills', 400, 200),
          run('TypeScript', 400, 215),
        ],
      },
    ],
  });

/**
 * A Word 97-2003 file as Word writes the smallest one: a compound file (512-byte sectors: the FAT,
 * the directory, then its two streams) whose WordDocument stream holds the text, 8-bit, in one
 * piece, and whose table stream holds the piece table the FIB points to.
 */
const aWordDoc = (paragraphs: string[]) => {
  const text = Buffer.from(`${paragraphs.join('\r')}\r`, 'latin1');
  const word = Buffer.alloc(4096);
  word.writeUInt16LE(0xa5ec, 0);
  word.writeUInt16LE(0x0200, 0x0a); // the table stream is 1Table
  word.writeUInt16LE(14, 32); // 14 shorts
  word.writeUInt16LE(22, 62); // 22 longs
  word.writeUInt16LE(93, 152); // fc/lcb pairs
  const textAt = 0x800;
  text.copy(word, textAt);
  const table = Buffer.alloc(4096);
  table[0] = 0x02; // the piece table: two character positions and one piece
  table.writeUInt32LE(16, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt32LE(((textAt * 2) | 0x40000000) >>> 0, 13 + 2);
  word.writeUInt32LE(0, 154 + 33 * 8); // fcClx
  word.writeUInt32LE(21, 154 + 33 * 8 + 4); // lcbClx
  const header = Buffer.alloc(512, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + 4 * i);
  const fat = Buffer.alloc(512, 0xff);
  const chainOf = (from: number, count: number) => {
    for (let i = 0; i < count; i++) fat.writeUInt32LE(i === count - 1 ? 0xfffffffe : from + i + 1, 4 * (from + i));
  };
  fat.writeUInt32LE(0xfffffffd, 0);
  chainOf(1, 1);
  chainOf(2, 8);
  chainOf(10, 8);
  const directory = Buffer.alloc(512, 0);
  const entry = (index: number, name: string, type: number, start: number, size: number) => {
    const at = index * 128;
    directory.write(name, at, 'utf16le');
    directory.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    directory[at + 0x42] = type;
    directory.writeUInt32LE(0xffffffff, at + 0x44);
    directory.writeUInt32LE(0xffffffff, at + 0x48);
    directory.writeUInt32LE(0xffffffff, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, 'Root Entry', 5, 0xfffffffe, 0);
  entry(1, 'WordDocument', 2, 2, word.length);
  entry(2, '1Table', 2, 10, table.length);
  return Buffer.concat([header, fat, directory, word, table]);
};

const upload = async (content: Buffer, filename: string) => {
  const response = await postFile(t.app, '/api/file/upload', { content, filename, token: w.orgA.adminToken });
  expect(response.statusCode, response.body).toBe(200);
  const { url: _url, ...file } = response.json().data as Record<string, unknown>;
  return file as { blobName: string };
};

/** A client of organisation A with its portal user, a job of theirs, and the candidate long-listed on it. */
const onAClientsJob = async (person: CandidateRecord) => {
  const client = await aClientOf(t.app, w.orgA.adminToken);
  const portal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: client._id });
  const job = await aCrmJob(t.app, w.orgA.adminToken, { clientId: client._id });
  const added = await call(t.app, addToLongList, { candidateIds: [person._id], jobIds: [job._id] }, w.orgA.adminToken);
  expect(added.status, added.body.message).toBe(200);
  const application = (added.body.data.added as { _id: string; candidateId: string }[]).find((row) => row.candidateId === person._id);
  return { client, portal, application: application as { _id: string } };
};

/** The link's file as anyone holding the link reads it. */
const served = async (url: string) => {
  const link = new URL(url);
  const response = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
};

const cvOf = (applicationId: string, token: string) => call(t.app, clientApplicationCv, { _id: applicationId }, token);

describe('a client user’s copy of a candidate’s CV (DECISIONS.md §6)', () => {
  it('an uploaded PDF is served as a new PDF without the email, phone, address or links until staff grant them', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, {
      name: { first: 'Jane', last: 'Doe' },
      email: 'jane.doe@mail.com',
      phone: '+44 7700 900123',
      address: { building: '12', street: 'Baker Street', city: 'London', postCode: 'NW1 6XE', country: 'United Kingdom' },
    });
    const original = await uploadedCvPdf();
    const file = await upload(original, 'Jane Doe CV.pdf');
    const made = await call(t.app, candidateCv.calls.create, { jobSeekerId: person._id, file, cvTitle: 'Main' }, w.orgA.adminToken);
    expect(made.status, made.body.message).toBe(200);
    const { portal, application } = await onAClientsJob(person);

    const first = await cvOf(application._id, portal.token);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ contactDetailsWithheld: true, file: { mimeType: 'application/pdf' } });
    expect(Date.parse(first.body.data.expiresAt)).toBeGreaterThan(Date.now());
    // Its own file: the original's name appears nowhere in the answer.
    expect(JSON.stringify(first.body.data)).not.toContain(file.blobName);
    const { text } = await pdfText(await served(first.body.data.url));
    expect(text).toContain(`Contact details withheld by ${w.orgA.record.name} until shared`);
    for (const kept of ['Jane Doe', 'Experience', 'Senior engineer at Acme Ltd, 2019 - 2023', 'PostgreSQL', 'Skills', 'TypeScript']) {
      expect(text).toContain(kept);
    }
    for (const gone of ['jane.doe', 'mail.com', '@', '7700', '900123', '900 123', 'NW1', '6XE', 'Baker', 'linkedin', 'Tel']) {
      expect(text, gone).not.toContain(gone);
    }

    // Asked again, the copy already drawn is answered.
    const again = await cvOf(application._id, portal.token);
    expect(again.body.data.file.blobName).toBe(first.body.data.file.blobName);

    // Once staff grant the client the candidate's details, the CV as it was sent.
    await call(t.app, grantApplicationAccess, { _id: application._id, isPersonalInfoVisibleToClient: true }, w.orgA.adminToken);
    const granted = await cvOf(application._id, portal.token);
    expect(granted.body.data).toMatchObject({ contactDetailsWithheld: false, file: { blobName: file.blobName } });
    const whole = await pdfText(await served(granted.body.data.url));
    expect(whole.text).toContain('jane.doe@mail.com');
    expect(whole.text).toContain('07700 900 123');
    expect(whole.text).toContain('NW1 6XE');
  });

  it('a built CV is drawn by its template with the contact fields empty, and contact details typed in its text withheld', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, {
      name: { first: 'Omar', last: 'Built' },
      email: 'omar.built@example.net',
      phone: '07700 900456',
      address: { street: 'Mill Lane', city: 'Leeds', postCode: 'LS1 4AP', country: 'United Kingdom' },
      linkedInLink: 'https://www.linkedin.com/in/omar-built',
    });
    const made = await call(
      t.app,
      candidateCv.calls.create,
      {
        jobSeekerId: person._id,
        type: 'BUILT',
        templateSlug: 'modern',
        designation: 'Data Engineer',
        professionalSummary: '<p>Pipelines in Python and Spark. Call me on 07700 900 456 or write to omar.built@example.net.</p>',
        phone: '07700 900456',
        address: { street: 'Mill Lane', city: 'Leeds', postCode: 'LS1 4AP', country: 'United Kingdom' },
        linkedInLink: 'linkedin.com/in/omar-built',
      },
      w.orgA.adminToken,
    );
    expect(made.status, made.body.message).toBe(200);
    const { portal, application } = await onAClientsJob(person);
    const copy = await cvOf(application._id, portal.token);
    expect(copy.status, copy.body.message).toBe(200);
    expect(copy.body.data.contactDetailsWithheld).toBe(true);
    expect(copy.body.data.file.blobName).not.toBe(made.body.data.file.blobName);
    const { text } = await pdfText(await served(copy.body.data.url));
    expect(text).toContain('Omar Built');
    expect(text).toContain('Pipelines in Python and Spark');
    for (const gone of ['omar.built', '@', '7700', '900456', '900 456', 'Leeds', 'LS1', 'linkedin']) expect(text, gone).not.toContain(gone);

    await call(t.app, grantApplicationAccess, { _id: application._id, isPersonalInfoVisibleToClient: true }, w.orgA.adminToken);
    const granted = await cvOf(application._id, portal.token);
    expect(granted.body.data).toMatchObject({ contactDetailsWithheld: false, file: { blobName: made.body.data.file.blobName } });
    const whole = await pdfText(await served(granted.body.data.url));
    expect(whole.text).toMatch(/omar\.built@\s*example\.net/);
  });

  it('a DOCX is served as a plain PDF of its text without the contact lines', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, { name: { first: 'Wendy', last: 'Word' } });
    const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
    const xml = (body: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
    const docx = Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
        'word/document.xml': strToU8(
          xml(
            [
              paragraph('Wendy Word'),
              `<w:p><w:r><w:t>E-mail: wendy</w:t></w:r><w:r><w:t>@word.example</w:t></w:r></w:p>`,
              paragraph('Phone 020 7946 0018'),
              paragraph('Flat 2, 3 Park Road, Bristol BS1 5TR'),
              paragraph('Profile'),
              paragraph('Accountant with ten years in audit &amp; tax.'),
            ].join(''),
          ),
        ),
      }),
    );
    const file = await upload(docx, 'Wendy.docx');
    expect((await call(t.app, candidateCv.calls.create, { jobSeekerId: person._id, file }, w.orgA.adminToken)).status).toBe(200);
    const { portal, application } = await onAClientsJob(person);
    const copy = await cvOf(application._id, portal.token);
    expect(copy.status, copy.body.message).toBe(200);
    expect(copy.body.data.file.mimeType).toBe('application/pdf');
    const { text } = await pdfText(await served(copy.body.data.url));
    expect(text).toContain('Wendy Word');
    expect(text).toContain('Accountant with ten years in audit & tax.');
    for (const gone of ['wendy@', 'word.example', '7946', 'BS1', 'Park Road']) expect(text, gone).not.toContain(gone);
  });

  it('a Word 97 file (DOC) is served as a plain PDF of its text without the contact lines', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken, { name: { first: 'Dora', last: 'Doc' } });
    const doc = aWordDoc(['Dora Doc', 'Tel: 01632 960 123', 'dora@doc.example', 'Quality engineer since 2015']);
    const file = await upload(doc, 'Dora.doc');
    expect((await call(t.app, candidateCv.calls.create, { jobSeekerId: person._id, file }, w.orgA.adminToken)).status).toBe(200);
    const { portal, application } = await onAClientsJob(person);
    const copy = await cvOf(application._id, portal.token);
    expect(copy.status, copy.body.message).toBe(200);
    const { text } = await pdfText(await served(copy.body.data.url));
    expect(text).toContain('Dora Doc');
    expect(text).toContain('Quality engineer since 2015');
    for (const gone of ['01632', '960', 'dora@', 'doc.example']) expect(text, gone).not.toContain(gone);
  });

  it('another client’s user gets a 404, staff a 403, and a candidate with no CV the message', async () => {
    const person = await aCandidate(t.app, w.orgA.adminToken);
    const { portal, application } = await onAClientsJob(person);
    const none = await cvOf(application._id, portal.token);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(noCvMessage);

    const file = await upload(await uploadedCvPdf(), 'CV.pdf');
    await call(t.app, candidateCv.calls.create, { jobSeekerId: person._id, file }, w.orgA.adminToken);
    expect((await cvOf(application._id, portal.token)).status).toBe(200);
    const otherClient = await aClientOf(t.app, w.orgA.adminToken);
    const otherPortal = await aClientUser(t.app, { organisationId: w.orgA.id, clientId: otherClient._id });
    expect((await cvOf(application._id, otherPortal.token)).status).toBe(404);
    expect((await cvOf(application._id, w.orgA.adminToken)).status).toBe(403);
    expect((await cvOf(application._id, w.orgB.adminToken)).status).toBe(403);
  });
});

describe('what counts as a contact detail in a line of a CV', () => {
  const withheld = withheldOf({
    email: 'sam@home.example',
    phone: '+44 7700 900777',
    address: { building: 'Rose Cottage', street: 'Church Walk', postCode: 'YO1 7HH' },
  });
  it.each([
    'sam@home.example',
    'sam.smith @ gmail.com',
    'Tel: 020 7946 0018',
    '+1 (415) 555-0100',
    '(415) 555-0100',
    '0044 20 7946 0018',
    '+44 (0)7700 900 123',
    '07700900123',
    'London EC1A 1BB',
    'M1 1AE',
    'https://github.com/sam',
    'www.samsmith.dev',
    'portfolio: samsmith.dev',
    'Address: on request',
    'Rose Cottage',
    '7700 900 777',
  ])('withholds %s', (line) => expect(contactIn(line, withheld)).not.toBeNull());
  it.each([
    'Senior engineer, 2019 - 2023',
    '01/2019 – 12/2022',
    'ISBN 978-1-4842-9999-0',
    'Grade A1 in Mathematics',
    'Certified by Scrum.org',
    'Mobile development with React Native',
    'Raised £1,250,000 in 2021',
    'Node.js, TypeScript and PostgreSQL',
  ])('keeps %s', (line) => expect(contactIn(line, withheld)).toBeNull());
});
