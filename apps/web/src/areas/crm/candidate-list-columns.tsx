import type { candidate } from '@app/contract/resources/crm/candidate';
import type { Column } from '../../kit/resource-list';
import type { RecordOf } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { OwnerName } from './owner-name';

type Row = RecordOf<typeof candidate>;

/**
 * The candidate list's columns a recruiter adds from the Columns menu (hidden until chosen). Town,
 * current title and last activity sort the whole list on the server. Last activity is the
 * candidate's last change (`updatedAt`): a note or task about them is not counted.
 */
export const candidateOptionalColumns: Column<Row>[] = [
  { key: 'address.city', header: 'Town', optional: true },
  { key: 'preferences.currentJobTitle', header: 'Current title', optional: true },
  {
    key: 'skills',
    header: 'Skills',
    optional: true,
    wrap: true,
    render: (row) =>
      (row.skills ?? [])
        .map((skill) => skill.label)
        .filter(Boolean)
        .join(', '),
  },
  { key: 'ownerId', header: 'Owner', optional: true, render: (row) => <OwnerName record={row} /> },
  { key: 'updatedAt', header: 'Last activity', optional: true, render: (row) => formatDateTime(row.updatedAt) },
];
