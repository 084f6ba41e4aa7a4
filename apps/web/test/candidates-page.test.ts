import { candidate } from '@app/contract/resources/crm/candidate';
import { expect, it } from 'vitest';
import { candidateColumns, candidateFields } from '../src/areas/crm/candidate-list-tailoring';
import { deriveColumns } from '../src/kit/derive-columns';
import { deriveFields } from '../src/kit/derive-fields';
import { tailor } from '../src/kit/tailor';

it('the candidates list tailors its derived fields and columns without an unknown key', () => {
  const fields = tailor(deriveFields(candidate), (f) => f.name, candidateFields);
  expect(fields.map((f) => f.name)).toEqual(['name.first', 'name.last', 'email', 'phone', 'status']);
  const columns = tailor(deriveColumns(candidate), (c) => c.key, candidateColumns);
  // Shown at first; the rest wait in the Columns menu.
  expect(columns.filter((c) => !c.optional).map((c) => c.header)).toEqual(['Name', 'Reference', 'Email', 'Phone', 'Status']);
  expect(columns.filter((c) => c.optional).map((c) => c.header)).toEqual([
    'Town',
    'Current title',
    'Skills',
    'Owner',
    'Last activity',
    'Notice period',
  ]);
});
