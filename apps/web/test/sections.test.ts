import { emailTemplate } from '@app/contract/resources/crm/email-template';
import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedbackRatingOption } from '@app/contract/resources/crm/feedback-rating-option';
import { describe, expect, it } from 'vitest';
import { deriveColumns } from '../src/kit/derive-columns';
import { deriveFields, deriveFilters } from '../src/kit/derive-fields';
import { recordPathOf } from '../src/kit/record-paths';
import { sectionAt, sectionsOf } from '../src/kit/sections';

// The screen files a section may have: areas/<area>/<path>-page.tsx (app/section-screen.tsx loads them the same way).
const screenFiles = import.meta.glob<Record<string, unknown>>('../src/areas/*/*-page.tsx');

describe('the CRM’s sections come from the definitions', () => {
  const sections = sectionsOf('crm');

  it('keep every screen at its address, in the menu’s order', () => {
    expect(sections.map(({ screen }) => screen.path)).toEqual([
      'candidates',
      'jobs',
      'clients',
      'contacts',
      'call-logs',
      'emails',
      'leads',
      'tasks',
      'calendar',
      'interviews',
      'notes',
      'staff',
      'teams',
      'roles',
      'audit-log',
      'sent-mail',
      'pipelines',
      'feedback-categories',
      'feedback-rating-options',
      'email-templates',
    ]);
  });

  it('take one path and one menu position each', () => {
    expect(new Set(sections.map(({ screen }) => screen.path)).size).toBe(sections.length);
    expect(new Set(sections.map(({ screen }) => screen.menu.order)).size).toBe(sections.length);
  });

  it.each(sections.map(({ screen }) => screen.path).filter((path) => screenFiles[`../src/areas/crm/${path}-page.tsx`]))(
    'a section with a screen file (%s) exports exactly one …Page component',
    async (path) => {
      const exported = await (screenFiles[`../src/areas/crm/${path}-page.tsx`] as () => Promise<Record<string, unknown>>)();
      expect(Object.keys(exported).filter((name) => name.endsWith('Page'))).toHaveLength(1);
    },
  );

  it('draw the feedback categories from their definition alone: no screen file, a list and form of label, value and status', () => {
    expect(sectionAt('crm', 'feedback-categories')?.resource).toBe(feedbackCategory);
    expect(screenFiles['../src/areas/crm/feedback-categories-page.tsx']).toBeUndefined();
    const fields = deriveFields(feedbackCategory);
    expect(fields.map((field) => field.name)).toEqual(['label', 'value', 'status']);
    expect(fields.find((field) => field.name === 'label')?.required).toBe(true);
    expect(deriveColumns(feedbackCategory).map((column) => column.key)).toEqual(expect.arrayContaining(['label', 'value', 'status']));
    expect(deriveFilters(feedbackCategory).map((filter) => filter.key)).toEqual(['status']);
  });

  it('draw the rating options from their definition alone: a category picker, label, value, points and status', () => {
    expect(sectionAt('crm', 'feedback-rating-options')?.resource).toBe(feedbackRatingOption);
    expect(screenFiles['../src/areas/crm/feedback-rating-options-page.tsx']).toBeUndefined();
    const fields = deriveFields(feedbackRatingOption);
    expect(fields.map((field) => field.name).sort()).toEqual(['categoryId', 'label', 'points', 'status', 'value']);
    expect(fields.find((field) => field.name === 'points')?.required).toBe(true);
    expect(
      deriveFilters(feedbackRatingOption)
        .map((filter) => filter.key)
        .sort(),
    ).toEqual(['categoryId', 'status']);
  });

  it('draw the email templates from their definition alone: type, subject and the body as a text area', () => {
    expect(sectionAt('crm', 'email-templates')?.resource).toBe(emailTemplate);
    const fields = deriveFields(emailTemplate);
    expect(fields.map((field) => field.name)).toEqual(['title', 'description', 'templateType', 'subject', 'content', 'status']);
    expect(fields.find((field) => field.name === 'subject')?.required).toBe(true);
    expect(fields.find((field) => field.name === 'content')?.kind).toBe('textarea');
    expect(fields.find((field) => field.name === 'templateType')?.kind).toBe('select');
    // The spec's labels for the types, not the values in words.
    const typeOptions = fields.find((field) => field.name === 'templateType')?.options as { label: string }[];
    expect(typeOptions.map((option) => option.label)).toContain('Credentials Mail');
  });

  it('open a feedback category in its list’s dialog, and name unplaced kinds without a link', () => {
    expect(recordPathOf('Feedback Category', 'f1')).toBe('/crm/feedback-categories?open=f1');
    expect(recordPathOf('EntityLog', 'e1')).toBeUndefined();
    expect(sectionAt('crm', 'no-such-section')).toBeUndefined();
  });
});
