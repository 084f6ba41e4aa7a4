import { coverLetterTemplates } from '@app/documents/cover-letter/templates';
import { headingsFor } from '@app/documents/cv/sections';
import { cvTemplates } from '@app/documents/cv/templates';
import { renderCoverLetterPdf, renderCvPdf } from '@app/documents/render-pdf';
import { sampleCoverLetter, sampleCv } from '@app/documents/samples';
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
      const headings = headingsFor(sampleCv, template.readingOrder);
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
