import { genericStatus } from '@app/contract/conventions/common';
import { crmNoticePeriod } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { enumOptions } from '../../kit/enum-options';
import type { FieldDescriptor, FormMode } from '../../kit/field-descriptor';

const noticePeriod = { resource: crmNoticePeriod, labelField: 'label', expandAs: 'noticePeriod' };
const contacts = { resource: contact, labelField: 'profile.name.fullName', expandAs: 'contacts' };

/**
 * The candidate's create and edit form: who they are, how to reach them, and the basics of what they
 * want. The longer sections (skills, work history, education) are read on the candidate's page.
 */
export const candidateFormFields: readonly FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, required: true, autoComplete: 'off' },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true },
  { name: 'email', label: 'Email', kind: 'email', half: true, required: true },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, required: true, description: 'At least 11 characters, e.g. 07700 900123' },
  { name: 'address.city', label: 'Town or city', kind: 'text', half: true },
  { name: 'status', label: 'Status', kind: 'select', half: true, options: enumOptions(genericStatus) ?? [], modes: ['create'] },
  { name: 'about', label: 'About', kind: 'textarea' },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', half: true, section: 'Links' },
  { name: 'gitHubLink', label: 'GitHub', kind: 'text', half: true, section: 'Links' },
  {
    name: 'contactIds',
    label: 'Linked contacts',
    kind: 'multiselect',
    section: 'Links',
    description: 'Other people linked to the candidate (referees, an agent)',
    reference: contacts,
  },
  { name: 'preferences.currentJobTitle', label: 'Current job title', kind: 'text', half: true, section: 'Preferences' },
  { name: 'preferences.desiredJobTitle', label: 'Desired job title', kind: 'text', half: true, section: 'Preferences' },
  {
    name: 'preferences.noticePeriodId',
    label: 'Notice period',
    kind: 'select',
    half: true,
    section: 'Preferences',
    reference: noticePeriod,
    nullable: true,
  },
  { name: 'preferences.willingToRelocate', label: 'Willing to relocate', kind: 'switch', half: true, section: 'Preferences' },
  { name: 'preferences.ukDrivingLicence', label: 'UK driving licence', kind: 'switch', half: true, section: 'Preferences' },
];

type Payload = Record<string, unknown>;
const objectOf = (value: unknown): Payload => (value && typeof value === 'object' ? (value as Payload) : {});

/**
 * The form holds only some parts of the address and preferences; an edit sends them over the
 * candidate's own, so what the form does not show (a postcode, job types) is kept.
 */
export const candidatePayload = (payload: Payload, mode: FormMode, record?: Payload): Payload => {
  const next: Payload = { ...payload };
  if (mode === 'edit' && record) {
    if ('address' in payload) next.address = { ...objectOf(record.address), ...objectOf(payload.address) };
    if ('preferences' in payload) next.preferences = { ...objectOf(record.preferences), ...objectOf(payload.preferences) };
  }
  const preferences = next.preferences as Payload | undefined;
  if (preferences && (preferences.noticePeriodId === '' || preferences.noticePeriodId === null)) {
    const { noticePeriodId: _dropped, ...rest } = preferences;
    next.preferences = mode === 'edit' ? { ...rest, noticePeriodId: null } : rest;
  }
  return next;
};
