import { lead } from '@app/contract/resources/crm/lead';
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Column } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import type { Tailoring } from '../../kit/tailor';
import type { RecordOf } from '../../kit/use-resource';
import { LeadBoard } from './lead-board';
import { RecordLinks } from './record-links';

/** The form keeps to what people fill in first; the company's name is the one part the API insists on. */
const fields = {
  add: [
    { name: 'companyDetails.name', label: 'Company', kind: 'text' as const, half: true },
    { name: 'companyDetails.website', label: 'Company website', kind: 'text' as const, half: true },
    { name: 'followUpDate', label: 'Follow up on', kind: 'date' as const, half: true },
    { name: 'deadlineDate', label: 'Deadline', kind: 'date' as const, half: true },
  ],
  pick: [
    'title',
    'companyDetails.name',
    'companyDetails.website',
    'status',
    'source',
    'type',
    'rating',
    'followUpDate',
    'deadlineDate',
    'description',
    'notes',
  ],
};

const columns: Tailoring<Column<RecordOf<typeof lead>>> = {
  pick: ['itemId', 'title', 'company', 'status', 'source', 'followUpDate'],
  add: [
    // The number is an object (prefix and count), which the kit does not derive a column for.
    { key: 'itemId', header: 'Reference', render: (row) => (row as { itemId?: { combined?: string } }).itemId?.combined ?? '' },
    { key: 'company', header: 'Company', render: (row) => row.companyDetails?.name ?? '' },
  ],
};

export const leadScreen = screenTailoring({ resource: lead, fields, columns });

/** A picked day as the API's timestamp: the start of that day where the person is. */
const startOfDay = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`).toISOString() : value;

/** An emptied company is no company (the API refuses a company without its name); days become timestamps. */
const toPayload = (payload: Record<string, unknown>) => {
  const company = payload.companyDetails as { name?: string } | undefined;
  const body: Record<string, unknown> = company && !company.name ? { ...payload, companyDetails: null } : { ...payload };
  for (const key of ['followUpDate', 'deadlineDate']) if (key in body) body[key] = startOfDay(body[key]);
  return body;
};

/** /crm/leads: prospective clients and candidates, as a list (add, edit, delete) or a board by status. */
export const LeadsPage = () => {
  const [view, setView] = useState('list');
  return (
    <Stack>
      <SegmentedControl
        aria-label="Show leads as"
        value={view}
        onChange={setView}
        style={{ alignSelf: 'flex-end' }}
        data={[
          { value: 'list', label: 'List' },
          { value: 'board', label: 'Board by status' },
        ]}
      />
      {view === 'board' ? (
        <LeadBoard />
      ) : (
        <ResourceScreen
          {...leadScreen}
          description="Prospective clients and candidates, from first contact to converted or lost."
          searchPlaceholder="Title, company or LEA number"
          toPayload={toPayload}
          recordExtra={(row) => <RecordLinks entityType="Lead" id={row._id} />}
        />
      )}
    </Stack>
  );
};
