import { cvDocument } from '@app/contract/resources/job-board/cv-document';
import { coverLetterTemplates } from '@app/documents/cover-letter/templates';
import { headingsFor } from '@app/documents/cv/sections';
import { cvTemplates } from '@app/documents/cv/templates';
import { renderCoverLetterPdf, renderCvPdf } from '@app/documents/render-pdf';
import { sampleCoverLetter, sampleCv, sampleCvInput } from '@app/documents/samples';
import { describe, expect, it } from 'vitest';
import { expectInOrder, pdfText } from './extract';

describe('CV templates draw real text in reading order', () => {
  it('has at least four templates, each with its own slug', () => {
    expect(cvTemplates.length).toBeGreaterThanOrEqual(4);
    expect(new Set(cvTemplates.map((template) => template.slug)).size).toBe(cvTemplates.length);
    expect(cvTemplates.map((template) => template.slug)).toEqual(expect.arrayContaining(['classic', 'modern', 'compact']));
  });

  for (const template of cvTemplates) {
    it(`${template.slug}: the name, email, phone and every section heading, in order`, async () => {
      const pdf = await renderCvPdf(sampleCv, template.slug);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, pages } = await pdfText(pdf);
      if (template.slug !== 'compact') expect(pages).toBe(2);
      expectInOrder(text, ['Amelia Hartley', 'Senior Software Engineer']);
      expect(text).toContain('amelia.hartley@example.co.uk');
      expect(text).toContain('+44 7700 900123');
      const headings = headingsFor(sampleCv, template.readingOrderFor(sampleCv));
      expect(headings).toEqual(
        expect.arrayContaining([
          'Profile',
          'Experience',
          'Education',
          'Skills',
          'Languages',
          'Projects',
          'Publications',
          'Certifications',
          'References',
          'Hobbies',
        ]),
      );
      expectInOrder(
        text,
        headings.map((heading) => ({ line: heading })),
      );
      // What each section says, not just its heading.
      expectInOrder(text, ['Northpay Ltd', 'Ledgerline', 'Brightside Digital', 'Pennine Software']);
      expect(text).toMatch(/Mar 2021\s+–\s+Present/);
      for (const words of [
        'University of Manchester',
        'TypeScript',
        'Stakeholder management',
        'Conversational',
        'Open banking sandbox',
        'Contract testing at scale',
        'Professional Scrum Master I',
        'James Whitfield',
        'Fell running',
      ]) {
        expect(text.replace(/\s+/g, ' ')).toContain(words);
      }
      // Hyphenation and letter spacing stay out of the words.
      expect(text).not.toMatch(/\b[A-Z] [A-Z] [A-Z] /);
      expect(text).not.toMatch(/hartley-\s/i);
    });
  }

  // Skills and education before experience, and hobbies first; the rest follow in the template's order.
  const reordered = cvDocument.parse({ ...sampleCvInput, sectionOrder: ['hobbies', 'skills', 'education', 'experience'] });
  for (const template of cvTemplates) {
    it(`${template.slug}: draws the sections in the seeker's order, each with what it says`, async () => {
      const { text } = await pdfText(await renderCvPdf(reordered, template.slug));
      const headings = headingsFor(reordered, template.readingOrderFor(reordered));
      expect(headings).toEqual(expect.arrayContaining(['Hobbies', 'Skills', 'Education', 'Experience', 'Profile']));
      // The arranged order is not the template's own, so this would fail with the sections where they were.
      expect(headings).not.toEqual(headingsFor(reordered, template.readingOrder));
      expectInOrder(
        text,
        headings.map((heading) => ({ line: heading })),
      );
      expectInOrder(text, [{ line: 'Hobbies' }, 'Fell running', { line: 'Skills' }, 'TypeScript']);
      expectInOrder(text, [{ line: 'Education' }, 'University of Manchester', { line: 'Experience' }, 'Northpay Ltd', { line: 'Profile' }]);
      expect(text).toContain('amelia.hartley@example.co.uk');
    });
  }

  it('skips a section the seeker put first when it has nothing in it', async () => {
    const cv = { ...sampleCv, projects: [], sectionOrder: ['projects', 'references'] as typeof sampleCv.sectionOrder };
    const { text } = await pdfText(await renderCvPdf(cv, 'classic'));
    expect(text).not.toMatch(/^Projects$/im);
    expectInOrder(text, [{ line: 'References' }, 'James Whitfield', { line: 'Profile' }, { line: 'Experience' }]);
  });

  it('leaves out sections with nothing in them', async () => {
    const bare = { ...sampleCv, projects: [], publications: [], references: [], hobbies: [], personalSkills: [] };
    const { text } = await pdfText(await renderCvPdf(bare, 'classic'));
    for (const heading of ['Projects', 'Publications', 'References', 'Hobbies', 'Personal skills'])
      expect(text).not.toMatch(new RegExp(`^${heading}$`, 'im'));
    expectInOrder(text, [{ line: 'Profile' }, { line: 'Experience' }, { line: 'Education' }, { line: 'Skills' }]);
  });

  it('draws names outside Windows-1252 as the nearest letters instead of wrong glyphs', async () => {
    const cv = { ...sampleCv, name: { ...sampleCv.name, first: 'Łucja', last: 'Żółtowska', fullName: 'Łucja Żółtowska' } };
    const { text } = await pdfText(await renderCvPdf(cv, 'modern'));
    // Ł and Ż are not in the set, so they lose their marks; ó is, so it stays.
    expect(text.replace(/\s+/g, ' ')).toContain('Lucja Zóltowska');
  });

  it('modern: a long email wraps at its dots and @ inside the sidebar instead of running off it', async () => {
    const email = 'alexandra.montgomery-fitzwilliam@northern-digital-solutions.example.co.uk';
    const { text } = await pdfText(await renderCvPdf({ ...sampleCv, email }, 'modern'));
    const lines = text.split('\n').map((line) => line.trim());
    const first = lines.findIndex((line) => email.startsWith(line) && line.length > 0);
    const wrapped: string[] = [];
    for (let i = first; i >= 0 && wrapped.join('').length < email.length; i++) wrapped.push(lines[i]!);
    // Whole, in order, over several lines that each end where an address may break, none as long as the sidebar's old overflow.
    expect(wrapped.join('')).toBe(email);
    expect(wrapped.length).toBeGreaterThan(1);
    for (const line of wrapped.slice(0, -1)) expect(line).toMatch(/[@.-]$/);
    for (const line of wrapped) expect(line.length).toBeLessThanOrEqual(32);
  });
});

describe('cover-letter templates', () => {
  it('has at least three templates', () => {
    expect(coverLetterTemplates.map((template) => template.slug)).toEqual(expect.arrayContaining(['classic', 'modern', 'compact']));
  });

  for (const template of coverLetterTemplates) {
    it(`${template.slug}: sender, recipient, subject and the body sections in their order`, async () => {
      const { text, pages } = await pdfText(await renderCoverLetterPdf(sampleCoverLetter, template.slug));
      expect(pages).toBe(1);
      expect(text).toContain('amelia.hartley@example.co.uk');
      expect(text).toContain('+44 7700 900123');
      expectInOrder(text, [
        'Amelia Hartley',
        'Brightwater Payments',
        '14 March 2025',
        'Application for the position of Engineering Manager',
        // Variables filled in, sections by orderNumber, sub-sections after their section, lists as bullets.
        'Dear Sarah Collins,',
        'I am writing to apply for the Engineering Manager role at Brightwater Payments',
        'In my current role I have:',
        '• grown the team from two to five engineers',
        'What draws me to Brightwater Payments',
        'I would be delighted to discuss',
        'Yours sincerely,',
        'Amelia Hartley',
      ]);
    });
  }

  it('puts the body sections in orderNumber order whatever order they are stored in', async () => {
    const letter = { ...sampleCoverLetter, bodySections: [...sampleCoverLetter.bodySections].reverse() };
    const { text } = await pdfText(await renderCoverLetterPdf(letter, 'compact'));
    expectInOrder(text, ['Dear Sarah Collins,', 'In my current role I have:', 'Yours sincerely,']);
  });
});
