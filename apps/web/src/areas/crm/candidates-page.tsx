import { candidate } from '@app/contract/resources/crm/candidate';
import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import type { RecordOf } from '../../kit/use-resource';
import { CandidateFormModal } from './candidate-form-modal';
import { CandidateImportModal } from './candidate-import-modal';
import { candidateColumns, candidateFields } from './candidate-list-tailoring';

export const candidateScreen = screenTailoring({ resource: candidate, fields: candidateFields, columns: candidateColumns });

/**
 * /crm/candidates: the people the agency may place, with saved views, columns, bulk actions and export.
 * Adding and editing one go through the candidate form, which warns of duplicates; Import brings many in from a
 * CSV file; each row opens the candidate's page.
 */
export const CandidatesPage = () => {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  // A row's edit uses the candidate form too, so a changed email or phone shared with another candidate is warned of.
  const [editing, setEditing] = useState<RecordOf<typeof candidate> | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourceScreen
        {...candidateScreen}
        description="The people you may place."
        searchPlaceholder='Name, skill, title, town, postcode; OR, "a phrase"'
        action={
          can.do(candidate, 'create') ? (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImporting(true)}>
                Import
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                Add candidate
              </Button>
            </Group>
          ) : undefined
        }
        onEditRow={(row) => setEditing(row)}
      />
      <CandidateFormModal mode="create" opened={adding} onClose={() => setAdding(false)} />
      {editing && <CandidateFormModal mode="edit" record={editing} opened onClose={() => setEditing(null)} />}
      <CandidateImportModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
};
