import type { FieldDescriptor } from '../../kit/field-descriptor';
import { organisationOptions, roleOptions } from './lookups';

/**
 * The staff form. Platform admins choose the organisation (fixed once the member exists) and pick
 * among that organisation's roles; staff always add to their own.
 */
export const staffFields = (scope: 'own' | 'chosen'): FieldDescriptor[] => [
  ...(scope === 'chosen'
    ? [
        {
          name: 'organisationId',
          label: 'Organisation',
          kind: 'select',
          options: organisationOptions,
          required: true,
          readOnlyIn: ['edit'],
        } satisfies FieldDescriptor,
      ]
    : []),
  { name: 'name.first', label: 'First name', kind: 'text', half: true, required: true, autoComplete: 'off' },
  { name: 'name.last', label: 'Last name', kind: 'text', half: true, autoComplete: 'off' },
  { name: 'email', label: 'Email', kind: 'email', half: true, required: true, autoComplete: 'off' },
  { name: 'phone', label: 'Phone', kind: 'text', half: true, required: true, autoComplete: 'off' },
  {
    name: 'password',
    label: 'Password',
    kind: 'password',
    required: true,
    modes: ['create'],
    description: 'Their first password, at least 8 characters. They can change it after signing in.',
  },
  { name: 'designation', label: 'Job title', kind: 'text' },
  { name: 'roleIds', label: 'Roles', kind: 'multiselect', options: roleOptions(scope), description: 'What they may see and do' },
];
