import { coverLetterDocument, cvDocument } from '@app/contract/resources/job-board/cv-document';
import { fillVariables } from '@app/documents/cover-letter/content';
import { sampleCoverLetterInput, sampleCvInput } from '@app/documents/samples';
import { pdfSafeText } from '@app/documents/shared/pdf-text';
import { parseRichText } from '@app/documents/shared/rich-text';
import { describe, expect, it } from 'vitest';

describe('rich text from the builders', () => {
  it('reads paragraphs, bold, italic, line breaks and lists from simple HTML', () => {
    expect(
      parseRichText(
        '<p>Led <strong>five</strong> <em>engineers</em>.<br>Hired two.</p><ul><li>One</li><li>Two <b>bold</b></li></ul><ol><li>First</li></ol>',
      ),
    ).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'Led ' },
          { text: 'five', bold: true },
          { text: ' ' },
          { text: 'engineers', italic: true },
          { text: '.\nHired two.' },
        ],
      },
      { kind: 'list', ordered: false, items: [[{ text: 'One' }], [{ text: 'Two ' }, { text: 'bold', bold: true }]] },
      { kind: 'list', ordered: true, items: [[{ text: 'First' }]] },
    ]);
  });

  it('never runs or keeps markup: scripts and styles vanish, other tags leave their text, entities are decoded', () => {
    const blocks = parseRichText(
      '<p>Hi<script>alert(1)</script><style>p{}</style> <img src=x onerror="alert(1)"><span class="x">there</span> &amp; &lt;b&gt; &#8211; &#x2014;</p>',
    );
    expect(blocks).toEqual([{ kind: 'paragraph', runs: [{ text: 'Hi there & <b> – —' }] }]);
  });

  it('keeps http(s) and mailto links only', () => {
    const [block] = parseRichText('<p><a href="https://example.com">site</a> <a href="javascript:alert(1)">bad</a></p>');
    expect(block).toEqual({ kind: 'paragraph', runs: [{ text: 'site', link: 'https://example.com' }, { text: ' bad' }] });
  });

  it('reads plain text: blank lines part paragraphs, "-" and "•" lines make bullets, "1." lines number', () => {
    expect(parseRichText('Intro line\nsecond line\n\n- one\n• two\n1. first\n2) second')).toEqual([
      { kind: 'paragraph', runs: [{ text: 'Intro line\nsecond line' }] },
      { kind: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
      { kind: 'list', ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] },
    ]);
    expect(parseRichText('   ')).toEqual([]);
    expect(parseRichText('<p> </p><ul><li></li></ul>')).toEqual([]);
  });

  it('fills letter variables as text, escaping them inside HTML', () => {
    expect(
      fillVariables('<p>Dear {{ recipientName }} at {{companyName}}, {{unknown}}</p>', { recipientname: 'A <B>', companyname: 'C & D' }),
    ).toBe('<p>Dear A &lt;B&gt; at C &amp; D, {{unknown}}</p>');
    expect(fillVariables('Dear {{companyName}}', { companyname: 'C & D' })).toBe('Dear C & D');
  });

  it('brings text into the PDF fonts’ character set', () => {
    expect(pdfSafeText('Łódź – “quoted” £5 €5 • naïve  two  spaces ★ 你')).toBe('Lódz – “quoted” £5 €5 • naïve two spaces ? ?');
  });
});

describe('CV and cover-letter content', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('accepts the sample CV and fills defaults', () => {
    const cv = cvDocument.parse({ name: { first: 'Ann' }, email: 'ANN@example.com', designation: 'Nurse', professionalSummary: 'Caring.' });
    expect(cv).toMatchObject({
      templateSlug: 'classic',
      accentColor: '#1f4e79',
      email: 'ann@example.com',
      skills: [],
      ukDrivingLicence: false,
    });
    expect(cvDocument.safeParse(sampleCvInput).success).toBe(true);
  });

  it('says what a CV is missing in the spec’s words', () => {
    const base = { ...sampleCvInput };
    expect(messageOf(cvDocument.safeParse({ ...base, email: '' }))).toBe('Please enter email');
    expect(messageOf(cvDocument.safeParse({ ...base, email: 'nope' }))).toBe('Please enter a valid email');
    expect(messageOf(cvDocument.safeParse({ ...base, designation: ' ' }))).toBe('Please enter designation');
    expect(messageOf(cvDocument.safeParse({ ...base, professionalSummary: undefined }))).toBe('Please enter professional summary');
    expect(messageOf(cvDocument.safeParse({ ...base, phone: 'call me' }))).toBe('phone must be a number');
    expect(cvDocument.safeParse({ ...base, phone: 447700900123 }).data?.phone).toBe('447700900123');
    expect(messageOf(cvDocument.safeParse({ ...base, accentColor: 'blue' }))).toBe('Accent colour must look like #1f4e79');
    expect(messageOf(cvDocument.safeParse({ ...base, templateSlug: 'fancy' }))).toMatch(
      /^Template must be one of classic, modern, compact/,
    );
    expect(messageOf(cvDocument.safeParse({ ...base, references: [{ name: 'A' }] }))).toBe('Company Name is Required');
    expect(messageOf(cvDocument.safeParse({ ...base, skills: [{ label: 'Go', rating: 9 }] }))).toMatch(/5/);
  });

  it('holds a cover letter to the spec’s rules', () => {
    const base = sampleCoverLetterInput;
    const seeker = base.jobSeekerDetails;
    const recipient = base.recipientDetails;
    expect(coverLetterDocument.safeParse(base).success).toBe(true);
    expect(coverLetterDocument.parse({ ...base, jobSeekerDetails: { ...seeker, phone: '44 7700 900123' } }).jobSeekerDetails.phone).toBe(
      '447700900123',
    );
    for (const phone of ['07700900123', '+447700900123', '4477009001234', '44770090012x']) {
      expect(messageOf(coverLetterDocument.safeParse({ ...base, jobSeekerDetails: { ...seeker, phone } }))).toBe(
        'Only numbers of UK are supported right now.',
      );
    }
    expect(messageOf(coverLetterDocument.safeParse({ ...base, jobSeekerDetails: { ...seeker, email: 'x@' } }))).toBe(
      'Please enter a valid email',
    );
    expect(messageOf(coverLetterDocument.safeParse({ ...base, jobSeekerDetails: { ...seeker, designation: '' } }))).toBe(
      'Please enter designation',
    );
    expect(messageOf(coverLetterDocument.safeParse({ ...base, recipientDetails: { ...recipient, companyName: '' } }))).toBe(
      'Please enter company name',
    );
    expect(messageOf(coverLetterDocument.safeParse({ ...base, recipientDetails: { ...recipient, jobTitle: undefined } }))).toBe(
      'Please enter title',
    );
    expect(messageOf(coverLetterDocument.safeParse({ ...base, bodySections: [{ sectionId: 'x', orderNumber: 1 }] }))).toBe(
      'sectionId must be a valid mongoId',
    );
  });
});
