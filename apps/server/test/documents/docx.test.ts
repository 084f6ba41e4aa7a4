import { cvDocument } from '@app/contract/resources/job-board/cv-document';
import { renderCoverLetterDocx } from '@app/documents/docx/cover-letter';
import { renderCvDocx } from '@app/documents/docx/cv';
import { sampleCoverLetter, sampleCv, sampleCvInput } from '@app/documents/samples';
import { describe, expect, it } from 'vitest';
import { docxParagraphs } from './extract';

describe('Word files', () => {
  it('a CV: name, contact details, and every section as a real heading in the accent colour', async () => {
    const docx = await renderCvDocx(sampleCv);
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    const paragraphs = docxParagraphs(docx);
    expect(paragraphs[0].text).toBe('Amelia Hartley');
    expect(paragraphs[1].text).toBe('Senior Software Engineer');
    expect(paragraphs[2].text).toContain('amelia.hartley@example.co.uk');
    expect(paragraphs[2].text).toContain('+44 7700 900123');
    const headings = paragraphs.filter((paragraph) => paragraph.style === 'Heading1').map((paragraph) => paragraph.text);
    expect(headings).toEqual([
      'Profile',
      'Experience',
      'Education',
      'Skills',
      'Personal skills',
      'Languages',
      'Projects',
      'Publications',
      'Certifications',
      'References',
      'Hobbies',
    ]);
    const all = paragraphs.map((paragraph) => paragraph.text);
    expect(all).toContain('Senior Software Engineer\tMar 2021 – Present');
    expect(all).toContain('Lead a team of five engineers building the merchant onboarding platform used by 40,000 businesses.');
    expect(all.join('\n')).toContain('TypeScript Expert');
    // Bullet lists are Word lists, not typed bullets.
    const bullets = paragraphs.filter((paragraph) => paragraph.style === 'ListParagraph');
    expect(bullets).toHaveLength(9);
    expect(bullets[0].text).toMatch(/^Lead a team/);
  });

  it('a CV: the sections in the seeker’s order, the rest after them in the usual order', async () => {
    const cv = cvDocument.parse({ ...sampleCvInput, sectionOrder: ['hobbies', 'skills', 'education', 'experience'] });
    const paragraphs = docxParagraphs(await renderCvDocx(cv));
    // Contact details stay at the top.
    expect(paragraphs[0].text).toBe('Amelia Hartley');
    expect(paragraphs[2].text).toContain('amelia.hartley@example.co.uk');
    const headings = paragraphs.filter((paragraph) => paragraph.style === 'Heading1').map((paragraph) => paragraph.text);
    expect(headings).toEqual([
      'Hobbies',
      'Skills',
      'Education',
      'Experience',
      'Profile',
      'Personal skills',
      'Languages',
      'Projects',
      'Publications',
      'Certifications',
      'References',
    ]);
    // Each section's content moved with its heading.
    const all = paragraphs.map((paragraph) => paragraph.text);
    expect(all[all.indexOf('Hobbies') + 1]).toContain('Fell running');
    expect(all[all.indexOf('Education') + 1]).toMatch(/^MSc in Advanced Computer Science/);
    expect(all.findIndex((text) => text.startsWith('Senior Software Engineer\t'))).toBeGreaterThan(all.indexOf('Experience'));
  });

  it('the accent colour styles the headings', async () => {
    const { unzipSync } = await import('fflate');
    const docx = await renderCvDocx({ ...sampleCv, accentColor: '#8e2b5c' });
    const styles = new TextDecoder().decode(unzipSync(new Uint8Array(docx))['word/styles.xml']);
    expect(styles).toMatch(/w:styleId="Heading1"[\s\S]*?w:color w:val="8E2B5C"/);
  });

  it('a cover letter: sender, date, recipient, subject, body in order and signature', async () => {
    const paragraphs = docxParagraphs(await renderCoverLetterDocx(sampleCoverLetter)).map((paragraph) => paragraph.text);
    expect(paragraphs[0]).toBe('Amelia Hartley');
    expect(paragraphs[2]).toContain('+44 7700 900123');
    const order = [
      '14 March 2025',
      'Sarah Collins',
      'Brightwater Payments',
      'Application for the position of Engineering Manager',
      'Dear Sarah Collins,',
      'In my current role I have:',
      'grown the team from two to five engineers, with two promotions along the way;',
      'Yours sincerely,',
      'Amelia Hartley',
    ];
    let from = 0;
    for (const text of order) {
      const at = paragraphs.indexOf(text, from);
      expect(at, text).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });
});
