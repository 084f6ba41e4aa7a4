import { genericStatuses } from '@app/contract/conventions/common';
import type { FieldDescriptor } from '../../kit/field-descriptor';

const statusOptions = genericStatuses.map((value) => ({ value, label: value === 'ACTIVE' ? 'Active' : 'Inactive' }));

/** A job seeker as a platform admin adds and edits them; the sign-in email is the account's and stays once made. */
export const jobSeekerFields: FieldDescriptor[] = [
  { name: 'name.first', label: 'First name', kind: 'text', half: true, required: true, autoComplete: 'off' },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'off' },
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
  { name: 'status', label: 'Status', kind: 'select', options: statusOptions, modes: ['edit'], required: true },
  { name: 'address.city', label: 'Town or city', kind: 'text', half: true, section: 'Where' },
  { name: 'address.postCode', label: 'Postcode', kind: 'text', half: true, section: 'Where' },
  { name: 'linkedInLink', label: 'LinkedIn', kind: 'text', section: 'About' },
  { name: 'about', label: 'About them', kind: 'textarea', section: 'About' },
];
