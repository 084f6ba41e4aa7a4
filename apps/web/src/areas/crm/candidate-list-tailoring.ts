import type { FieldDescriptor } from '../../kit/field-descriptor';
import type { Tailoring } from '../../kit/tailor';
import { candidateOptionalColumns } from './candidate-list-columns';

/**
 * The candidates list's quick form: who the candidate is and how to reach them. The full profile
 * (crm.md §3's sections) belongs on the candidate's own page.
 */
export const candidateFields: Tailoring<FieldDescriptor> = {
  add: [
    { name: 'name.first', label: 'First name', kind: 'text', half: true, required: true },
    { name: 'name.last', label: 'Last name', kind: 'text', half: true },
  ],
  pick: ['name.first', 'name.last', 'email', 'phone', 'status'],
};

/** Its columns: the name and reference first, as recruiters scan them; more to add from the Columns menu. */
export const candidateColumns = {
  add: [{ key: 'name.fullName', header: 'Name' }, { key: 'itemId.combined', header: 'Reference' }, ...candidateOptionalColumns],
  pick: [
    'name.fullName',
    'itemId.combined',
    'email',
    'phone',
    'status',
    ...candidateOptionalColumns.map((column) => column.key),
    'noticePeriodId',
  ],
  change: { noticePeriodId: { header: 'Notice period', optional: true } },
};
