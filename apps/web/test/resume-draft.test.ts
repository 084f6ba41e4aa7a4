import type { ResumeDraftAnswer } from '@app/contract/resources/crm/candidate-cv';
import { describe, expect, it } from 'vitest';
import { draftNotes, formValuesOfDraft, lookupSkillsOf } from '../src/areas/crm/resume-draft';

const draft: ResumeDraftAnswer = {
  name: { first: 'Amelia', last: 'Hartley' },
  email: 'amelia@example.com',
  phone: '+44 7700 900123',
  links: { linkedIn: 'https://linkedin.com/in/amelia', gitHub: null, site: null },
  city: 'Leeds',
  summary: null,
  skills: [
    { label: 'TypeScript', skillId: 'a'.repeat(24), isNew: false },
    { label: 'Terraform', skillId: null, isNew: true },
  ],
  workHistory: [
    {
      jobTitle: 'Data Analyst',
      organization: 'Northpay Ltd',
      city: null,
      startDate: '2021-03-01',
      endDate: null,
      currentlyWorkingHere: true,
    },
  ],
  education: [
    { organization: 'University of Leeds', qualification: 'BSc', subject: 'Maths', startDate: null, endDate: null, isPursuing: false },
  ],
  layout: 'ONE_COLUMN',
  file: { _id: 'f', originalName: 'cv.pdf', mimeType: 'application/pdf' },
};

describe('a résumé draft in the add-candidate form', () => {
  it('fills what it found and keeps what it did not', () => {
    const values = formValuesOfDraft(draft, { status: 'ACTIVE', about: 'Typed', gitHubLink: 'https://github.com/typed' });
    expect(values).toMatchObject({
      status: 'ACTIVE',
      name: { first: 'Amelia', last: 'Hartley' },
      email: 'amelia@example.com',
      phone: '+44 7700 900123',
      address: { city: 'Leeds' },
      about: 'Typed',
      linkedInLink: 'https://linkedin.com/in/amelia',
      gitHubLink: 'https://github.com/typed',
      preferences: { currentJobTitle: 'Data Analyst' },
    });
  });

  it('keeps the skills the lookup holds for the candidate', () => {
    expect(lookupSkillsOf(draft)).toEqual([{ skillId: 'a'.repeat(24), label: 'TypeScript', rating: 3 }]);
  });

  it('lists the rest for review', () => {
    expect(draftNotes(draft)).toEqual({
      workHistory: ['Data Analyst at Northpay Ltd, Mar 2021 – now'],
      education: ['BSc in Maths, University of Leeds'],
      skills: ['TypeScript', 'Terraform (new)'],
    });
  });
});
