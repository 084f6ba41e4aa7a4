import { entityLog } from '@app/contract/resources/entity-log';
import { Anchor, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { recordPathOf } from '../../kit/record-paths';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import type { RecordOf } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { activitySentence, changesOf, entityInWords, recordLabelOf } from './audit-changes';

/** An entry with the names of the records its change points at, which the server looks up (id → name). */
type Entry = RecordOf<typeof entityLog> & { names?: Record<string, string> };

const namesOf = (entry: Entry): ReadonlyMap<string, string> => new Map(Object.entries(entry.names ?? {}));

const verbs: Record<string, string> = { CREATE: 'Created', UPDATE: 'Updated', DELETE: 'Deleted', STATUS_CHANGE: 'Changed the status of' };

const RecordCell = ({ entry }: { entry: Entry }) => {
  const label = recordLabelOf(entry);
  const text = `${entityInWords(entry.entityType)}${label ? ` ${label}` : ''}`;
  const to = entry.action !== 'DELETE' ? recordPathOf(entry.entityType, entry.entityId) : undefined;
  return to ? (
    <Anchor component={Link} to={to} size="sm">
      {text}
    </Anchor>
  ) : (
    <Text size="sm">{text}</Text>
  );
};

export const AuditLogPage = () => {
  const [open, setOpen] = useState<Entry | null>(null);
  const changes = open ? changesOf(open, namesOf(open)) : [];
  return (
    <>
      <ResourceList
        resource={entityLog}
        title="Audit log"
        description="Every change made in your organisation: who did what to which record, and what it was before and after."
        noun="log entry"
        searchPlaceholder="Words in the description or the record type"
        rowLabel={(row) => activitySentence(row, namesOf(row))}
        columns={[
          {
            key: 'createdAt',
            header: 'When',
            render: (row) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(row.createdAt)}
              </Text>
            ),
          },
          { key: 'user', header: 'Who', render: (row) => row.user?.name ?? 'System' },
          { key: 'action', header: 'Did', render: (row) => <StatusBadge value={row.action} label={verbs[row.action]} /> },
          { key: 'entityType', header: 'Record', wrap: true, render: (row) => <RecordCell entry={row} /> },
          {
            key: 'changes',
            header: 'Changes',
            render: (row) => {
              const count = changesOf(row, namesOf(row)).length;
              if (count === 0)
                return (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                );
              return (
                // The name starts with the words seen (WCAG 2.5.3), then says which entry.
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => setOpen(row)}
                  aria-label={`${count === 1 ? '1 field' : `${count} fields`} changed: ${activitySentence(row, namesOf(row))}`}
                >
                  {count === 1 ? '1 field' : `${count} fields`}
                </Button>
              );
            },
          },
        ]}
      />
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${verbs[open.action]} ${entityInWords(open.entityType)} ${recordLabelOf(open)}` : ''}
        size="lg"
        centered
      >
        {open && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              By {open.user?.name ?? 'the system'}, {formatDateTime(open.createdAt)}
            </Text>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Field</Table.Th>
                  <Table.Th scope="col">Before</Table.Th>
                  <Table.Th scope="col">After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((change) => (
                  <Table.Tr key={change.field}>
                    <Table.Th scope="row">{change.field}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.before}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.after}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Modal>
    </>
  );
};
