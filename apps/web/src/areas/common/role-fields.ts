import { moduleValue } from '@app/contract/access';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { Tailoring } from '../../kit/tailor';
import { organisationOptions, permissionOptions } from './lookups';

/** How the role form differs from the definition's; platform admins also say which organisation the role is for. */
export const roleFields = (scope: 'own' | 'chosen'): Tailoring<FieldDescriptor> => ({
  change: {
    title: { half: true },
    value: {
      label: 'Code',
      half: true,
      description: 'A short unique code, filled from the title',
      deriveFrom: { field: 'title', transform: moduleValue },
    },
    // Every permission at once, grouped by module, so a role is built module by module.
    permissions: { reference: undefined, options: permissionOptions, description: 'Grouped by module; type to filter' },
  },
  ...(scope === 'chosen' && {
    add: [
      { name: 'organisationId', label: 'Organisation', kind: 'select', options: organisationOptions, required: true, modes: ['create'] },
    ],
    pick: ['organisationId', 'title', 'value', 'permissions'],
  }),
});
