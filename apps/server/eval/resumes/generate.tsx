/** @jsxRuntime automatic */
/**
 * Writes the résumé evaluation set (apps/server/eval/resumes/files): made-up people (people.ts)
 * drawn in six layouts, each with the fields a parser should find as JSON beside it.
 * - classic, modern (two columns: a sidebar), compact (headings beside their text, skills in a
 *   grid), timeline (dates in a column of their own): the CV templates of packages/documents;
 * - table: a name in capitals, contact details and every entry in table rows ("01/2019 – 12/2021");
 * - spaced: letter-spaced headings ("E X P E R I E N C E"), the employer over the title, years only;
 * - sidebar: a name across the top, then two columns with the sidebar on the right (contact,
 *   skills, education), "Title at Company" and long month names ("September 2019 to date"), a
 *   phone written "+44 (0)20 ...";
 * - docx: the documents package's Word renderer.
 * Run: `npx tsx eval/resumes/generate.tsx` from apps/server (the files are committed; run it again
 * only to change the set).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { cvDocument } from '@app/contract/resources/job-board/cv-document';
import { renderCvDocx } from '@app/documents/docx/cv';
import { renderCvPdf } from '@app/documents/render-pdf';
import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { aPerson, type Person } from './people';

export const layouts = ['classic', 'modern', 'compact', 'timeline', 'table', 'spaced', 'sidebar', 'docx'] as const;
export type Layout = (typeof layouts)[number];

const monthsShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const iso = ([year, month]: [number, number]) => `${year}-${String(month).padStart(2, '0')}-01`;

const documentOf = (person: Person, templateSlug: string) =>
  cvDocument.parse({
    templateSlug,
    name: { first: person.first, last: person.last },
    designation: person.designation,
    email: person.email,
    phone: person.phone,
    address: { city: person.town, country: 'United Kingdom' },
    linkedInLink: person.linkedIn,
    professionalSummary: `<p>${person.summary}</p>`,
    skills: person.skills.map((label) => ({ label, rating: 4 })),
    workHistory: person.workHistory.map((item) => ({
      jobTitle: item.jobTitle,
      jobType: '1',
      organization: item.organization,
      city: item.city,
      startDate: iso(item.start),
      endDate: item.end ? iso(item.end) : null,
      currentlyWorkingHere: !item.end,
      responsibilities:
        '<ul><li>Delivered the team’s work on time and to a high standard.</li><li>Worked with colleagues across the business to improve how things are done.</li></ul>',
    })),
    education: person.education.map((item) => ({
      organization: item.organization,
      qualification: item.qualification,
      subject: item.subject,
      grade: 'First',
      startDate: iso(item.start),
      endDate: iso(item.end),
    })),
  });

const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: 'Helvetica' },
  name: { fontSize: 22, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  heading: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 6 },
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #999', paddingVertical: 3 },
  cell: { paddingRight: 8 },
  bold: { fontFamily: 'Helvetica-Bold' },
  para: { marginBottom: 3, lineHeight: 1.3 },
});

const slashDate = ([year, month]: [number, number]) => `${String(month).padStart(2, '0')}/${year}`;

/** Contact details, experience and education in table rows; the name in capitals. */
const TableLayout = ({ person }: { person: Person }) => (
  <Document>
    <Page size="A4" style={styles.page}>
      <Text style={styles.name}>{`${person.first} ${person.last}`.toUpperCase()}</Text>
      <Text style={styles.para}>{person.designation}</Text>
      {[
        ['Email', person.email],
        ['Phone', person.phone],
        ['Location', `${person.town}, UK`],
        ...(person.linkedIn ? [['LinkedIn', person.linkedIn.replace('https://www.', '')]] : []),
      ].map(([label, value]) => (
        <View key={label} style={styles.row}>
          <Text style={[styles.cell, styles.bold, { width: 90 }]}>{label}</Text>
          <Text style={styles.cell}>{value}</Text>
        </View>
      ))}
      <Text style={styles.heading}>Personal Statement</Text>
      <Text style={styles.para}>{person.summary}</Text>
      <Text style={styles.heading}>Employment History</Text>
      {person.workHistory.map((item) => (
        <View key={item.organization} style={styles.row}>
          <Text style={[styles.cell, { width: 120 }]}>{`${slashDate(item.start)} – ${item.end ? slashDate(item.end) : 'Present'}`}</Text>
          <Text style={[styles.cell, styles.bold, { width: 170 }]}>{item.jobTitle}</Text>
          <Text style={[styles.cell, { width: 200 }]}>{item.organization}</Text>
        </View>
      ))}
      <Text style={styles.heading}>Education</Text>
      {person.education.map((item) => (
        <View key={item.organization} style={styles.row}>
          <Text style={[styles.cell, { width: 120 }]}>{`${item.start[0]} - ${item.end[0]}`}</Text>
          <Text style={[styles.cell, { width: 170 }]}>{`${item.qualification} in ${item.subject}`}</Text>
          <Text style={[styles.cell, { width: 200 }]}>{item.organization}</Text>
        </View>
      ))}
      <Text style={styles.heading}>Key Skills</Text>
      {[0, 1, 2].map((row) => {
        const cells = person.skills.filter((_, index) => index % 3 === row);
        return cells.length ? (
          <View key={row} style={styles.row}>
            {cells.map((label) => (
              <Text key={label} style={[styles.cell, { width: 160 }]}>
                {label}
              </Text>
            ))}
          </View>
        ) : null;
      })}
    </Page>
  </Document>
);

const spaced = (text: string) =>
  text
    .toUpperCase()
    .split(' ')
    .map((word) => word.split('').join(' '))
    .join('   ');

/** Letter-spaced headings, the employer over the title, dates as months or years. */
const SpacedLayout = ({ person, years }: { person: Person; years: boolean }) => {
  const when = (at: [number, number]) => (years ? String(at[0]) : `${monthsShort[at[1] - 1]} ${at[0]}`);
  return (
    <Document>
      <Page size="A4" style={styles.page}>
        <Text style={[styles.name, { textAlign: 'center' }]}>{spaced(`${person.first} ${person.last}`)}</Text>
        <Text style={[styles.para, { textAlign: 'center' }]}>{[person.town, person.phone, person.email].join('  |  ')}</Text>
        {person.gitHub || person.linkedIn ? (
          <Text style={[styles.para, { textAlign: 'center' }]}>
            {[person.linkedIn, person.gitHub]
              .filter(Boolean)
              .map((link) => (link as string).replace('https://', ''))
              .join('  |  ')}
          </Text>
        ) : null}
        <Text style={styles.heading}>{spaced('Profile')}</Text>
        <Text style={styles.para}>{person.summary}</Text>
        <Text style={styles.heading}>{spaced('Experience')}</Text>
        {person.workHistory.map((item) => (
          <View key={item.organization} style={{ marginBottom: 8 }}>
            <Text style={styles.bold}>{`${item.organization}, ${item.city}`}</Text>
            <Text>{`${item.jobTitle}  |  ${when(item.start)} - ${item.end ? when(item.end) : 'Present'}`}</Text>
            <Text style={styles.para}>• Looked after day-to-day delivery and reporting for the team.</Text>
          </View>
        ))}
        <Text style={styles.heading}>{spaced('Education')}</Text>
        {person.education.map((item) => (
          <View key={item.organization} style={{ marginBottom: 6 }}>
            <Text style={styles.bold}>{item.organization}</Text>
            <Text>{`${item.qualification} ${item.subject}, ${item.start[0]} - ${item.end[0]}`}</Text>
          </View>
        ))}
        <Text style={styles.heading}>{spaced('Skills')}</Text>
        <Text style={styles.para}>{person.skills.join(' • ')}</Text>
      </Page>
    </Document>
  );
};

const monthsLong = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The printed phone as "+44 (0)20 7946 0123" when it is a UK national number. */
const withTrunkPrefix = (phone: string) => (phone.startsWith('0') ? `+44 (0)${phone.slice(1)}` : phone);

/** A name across the top, the main text on the left and a sidebar on the right. */
const SidebarLayout = ({ person }: { person: Person }) => {
  const when = (at: [number, number]) => `${monthsLong[at[1] - 1]} ${at[0]}`;
  return (
    <Document>
      <Page size="A4" style={styles.page}>
        <Text style={[styles.name, { fontSize: 26 }]}>{`${person.first} ${person.last}`}</Text>
        <Text style={[styles.para, { marginBottom: 12 }]}>{person.designation}</Text>
        <View style={{ flexDirection: 'row' }}>
          <View style={{ width: 330, paddingRight: 20 }}>
            <Text style={styles.heading}>About me</Text>
            <Text style={styles.para}>{person.summary}</Text>
            <Text style={styles.heading}>Career History</Text>
            {person.workHistory.map((item) => (
              <View key={item.organization} style={{ marginBottom: 8 }}>
                <Text style={styles.bold}>{`${item.jobTitle} at ${item.organization}`}</Text>
                <Text>{`${when(item.start)} to ${item.end ? when(item.end) : 'date'}`}</Text>
                <Text style={styles.para}>Responsible for planning, delivery and reporting to senior leaders.</Text>
              </View>
            ))}
          </View>
          <View style={{ width: 185, paddingLeft: 12, borderLeft: '1pt solid #ccc' }}>
            <Text style={styles.heading}>Contact</Text>
            <Text style={styles.para}>{person.email}</Text>
            <Text style={styles.para}>{withTrunkPrefix(person.phone)}</Text>
            <Text style={styles.para}>{person.town}</Text>
            <Text style={styles.heading}>Skills</Text>
            {person.skills.map((label) => (
              <Text key={label} style={styles.para}>
                {label}
              </Text>
            ))}
            <Text style={styles.heading}>Education</Text>
            {person.education.map((item) => (
              <View key={item.organization} style={{ marginBottom: 6 }}>
                <Text style={styles.bold}>{item.organization}</Text>
                <Text>{`${item.qualification} ${item.subject}`}</Text>
                <Text>{`${item.start[0]} – ${item.end[0]}`}</Text>
              </View>
            ))}
          </View>
        </View>
      </Page>
    </Document>
  );
};

/** A grey square as a PNG (what a scanner's page is to a PDF: pixels, no text). */
const aPicturePng = (size = 64) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.concat(
    Array.from({ length: size }, (_, y) => Buffer.from([0, ...Array.from({ length: size }, (_, x) => ((x + y) % 16) * 12)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A page that is only a picture (a scanned CV): no text layer at all. */
export const aScanLikePdf = (png: Buffer = aPicturePng()) =>
  renderToBuffer(
    <Document>
      <Page size="A4" style={styles.page}>
        <Image src={{ data: png, format: 'png' }} style={{ width: 400, height: 500 }} />
      </Page>
    </Document>,
  );

export type Expected = {
  file: string;
  layout: Layout;
  name: { first: string; last: string };
  email: string;
  phone: string;
  skills: string[];
  workHistory: { jobTitle: string; organization: string }[];
  education: { organization: string }[];
};

export const renderResume = async (person: Person, layout: Layout, variant: number): Promise<Buffer> => {
  if (layout === 'table') return renderToBuffer(<TableLayout person={person} />);
  if (layout === 'sidebar') return renderToBuffer(<SidebarLayout person={person} />);
  if (layout === 'spaced') return renderToBuffer(<SpacedLayout person={person} years={variant % 2 === 1} />);
  if (layout === 'docx') return renderCvDocx(documentOf(person, 'classic'));
  return renderCvPdf(documentOf(person, layout));
};

const main = async () => {
  const folder = path.join(import.meta.dirname, 'files');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const perLayout = 5;
  let seed = 1;
  for (const layout of layouts) {
    for (let variant = 0; variant < perLayout; variant++) {
      const person = aPerson(seed * 7919, { printablePhone: !['table', 'spaced', 'sidebar'].includes(layout) });
      const file = `${String(seed).padStart(2, '0')}-${layout}.${layout === 'docx' ? 'docx' : 'pdf'}`;
      fs.writeFileSync(path.join(folder, file), await renderResume(person, layout, variant));
      const expected: Expected = {
        file,
        layout,
        name: { first: person.first, last: person.last },
        email: person.email,
        phone: person.phone,
        skills: person.skills,
        workHistory: person.workHistory.map(({ jobTitle, organization }) => ({ jobTitle, organization })),
        education: person.education.map(({ organization }) => ({ organization })),
      };
      fs.writeFileSync(path.join(folder, file.replace(/\.\w+$/, '.expected.json')), `${JSON.stringify(expected, null, 2)}\n`);
      seed++;
    }
  }
  console.log(`${seed - 1} résumés written to ${folder}`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
