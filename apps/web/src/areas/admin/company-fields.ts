import { genericStatuses } from '@app/contract/conventions/common';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { industryLoader } from '../board/lookup-options';
import { recruiterTypeOptions } from '../board/recruiter-type';

const statusOptions = genericStatuses.map((value) => ({ value, label: value === 'ACTIVE' ? 'Active' : 'Inactive' }));

/** A company as a platform admin adds and edits it; the sign-in email is the account's and stays as it is once made. */
export const companyFields: FieldDescriptor[] = [
  { name: 'name', label: 'Company name', kind: 'text', required: true, autoComplete: 'off' },
  { name: 'recruiterType', label: 'Type', kind: 'select', options: recruiterTypeOptions, half: true, required: true },
  { name: 'status', label: 'Status', kind: 'select', options: statusOptions, half: true, modes: ['edit'], required: true },
  {
    name: 'email',
    label: 'Sign-in email',
    kind: 'email',
    half: true,
    required: true,
    autoComplete: 'off',
    readOnlyIn: ['edit'],
    description: 'They set a password with “Forgot password”.',
  },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, required: true, autoComplete: 'off' },
  { name: 'aboutUs', label: 'About the company', kind: 'textarea', required: true },
  { name: 'industries', label: 'Industries', kind: 'multiselect', options: industryLoader },
  { name: 'location.city', label: 'Town or city', kind: 'text', half: true, section: 'Where' },
  { name: 'location.postCode', label: 'Postcode', kind: 'text', half: true, section: 'Where' },
  { name: 'website', label: 'Website', kind: 'text', half: true, section: 'Online' },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', half: true, section: 'Online' },
];

export const companyDefaults = { recruiterType: 'COMPANY' };
