import { cvDocument, cvSectionKeys } from '@app/contract/resources/job-board/cv-document';
import { arrange } from '@app/documents/cv/sections';
import { cvTemplates } from '@app/documents/cv/templates';
import { sampleCvInput } from '@app/documents/samples';
import { describe, expect, it } from 'vitest';

/** Skills and education before experience, and hobbies first. */
const customOrder = ['hobbies', 'skills', 'education', 'experience'] as const;

describe('the seeker’s order of CV sections', () => {
  it('arrange: the named sections first in the seeker’s order, the rest after them in the template’s', () => {
    const template = ['profile', 'experience', 'education', 'skills', 'hobbies'] as const;
    expect(arrange(template, [])).toEqual(template);
    expect(arrange(template, ['skills', 'profile'])).toEqual(['skills', 'profile', 'experience', 'education', 'hobbies']);
    expect(arrange(template, ['hobbies', 'skills', 'education', 'experience', 'profile'])).toEqual([
      'hobbies',
      'skills',
      'education',
      'experience',
      'profile',
    ]);
    // Sections of another column, and repeats, change nothing here.
    expect(arrange(['languages', 'skills'] as const, ['profile', 'skills', 'skills', 'languages'])).toEqual(['skills', 'languages']);
  });

  it('every template places each section the seeker can move exactly once', () => {
    for (const template of cvTemplates) {
      const placed = template.layout.columns.flat();
      expect([...placed].sort(), template.slug).toEqual([...cvSectionKeys].sort());
    }
  });

  it('the reading order follows the seeker’s order, each section staying in its column', () => {
    const cv = cvDocument.parse({ ...sampleCvInput, sectionOrder: customOrder });
    const orders = Object.fromEntries(cvTemplates.map((template) => [template.slug, template.readingOrderFor(cv)]));
    expect(orders).toEqual({
      classic: [
        'hobbies',
        'skills',
        'education',
        'experience',
        'profile',
        'personalSkills',
        'languages',
        'projects',
        'publications',
        'certifications',
        'references',
      ],
      // The sidebar keeps contact details on top and its own sections, the main column the story.
      modern: [
        'contact',
        'hobbies',
        'skills',
        'personalSkills',
        'languages',
        'education',
        'experience',
        'profile',
        'projects',
        'publications',
        'certifications',
        'references',
      ],
      compact: [
        'hobbies',
        'skills',
        'education',
        'experience',
        'profile',
        'personalSkills',
        'languages',
        'projects',
        'publications',
        'certifications',
        'references',
      ],
      timeline: [
        'hobbies',
        'skills',
        'education',
        'experience',
        'profile',
        'personalSkills',
        'languages',
        'projects',
        'certifications',
        'publications',
        'references',
      ],
    });
  });

  it('an empty order keeps each template’s own', () => {
    const cv = cvDocument.parse(sampleCvInput);
    expect(cv.sectionOrder).toEqual([]);
    for (const template of cvTemplates) {
      // The template's own order: its fixed headings, then each column top to bottom.
      const asLaidOut = [...(template.layout.fixed ?? []), ...template.layout.columns.flat()];
      expect(template.readingOrderFor(cv), template.slug).toEqual(asLaidOut);
      expect(template.readingOrder, template.slug).toEqual(asLaidOut);
    }
    expect(cvTemplates.find((template) => template.slug === 'modern')!.readingOrder).toEqual([
      'contact',
      'skills',
      'personalSkills',
      'languages',
      'hobbies',
      'profile',
      'experience',
      'education',
      'projects',
      'publications',
      'certifications',
      'references',
    ]);
  });
});
