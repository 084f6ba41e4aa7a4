import { moduleValue } from '@app/contract/access';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { organisationOptions, permissionOptions } from './lookups';

/** The role form; platform admins say which organisation the role is for. */
export const roleFields = (scope: 'own' | 'chosen'): FieldDescriptor[] => [
  ...(scope === 'chosen'
    ? [
        {
          name: 'organisationId',
          label: 'Organisation',
          kind: 'select',
          options: organisationOptions,
          required: true,
          modes: ['create'],
        } satisfies FieldDescriptor,
      ]
    : []),
  { name: 'title', label: 'Title', kind: 'text', half: true, required: true },
  {
    name: 'value',
    label: 'Code',
    kind: 'text',
    half: true,
    required: true,
    description: 'A short unique code, filled from the title',
    deriveFrom: { field: 'title', transform: moduleValue },
  },
  {
    name: 'permissions',
    label: 'Permissions',
    kind: 'multiselect',
    options: permissionOptions,
    description: 'Grouped by module; type to filter',
  },
];
