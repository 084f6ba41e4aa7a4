import { Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { recordPathOf } from '../../kit/record-paths';
import { formatDateTime } from '../../kit/words';
import { timeInStage } from './board/board-model';
import { useStageTitles } from './stage-titles';

export type ApplicationRow = {
  _id: string;
  candidate?: { _id: string; label: string | null } | null;
  job?: { _id: string; label: string | null } | null;
  client?: { _id: string; label: string | null } | null;
  pipelineCurrentStage: string | null;
  /** Answered with a whole application (a candidate's tab), not with a board's cards. */
  currentStage?: { _id: string; label: string | null } | null;
  stageEnteredAt: string;
  createdAt: string;
};

const linked = (kind: string, ref: { _id: string; label: string | null } | null | undefined) => {
  if (!ref) return '';
  const path = recordPathOf(kind, ref._id);
  return path ? (
    <Anchor component={Link} to={path} size="sm">
      {ref.label}
    </Anchor>
  ) : (
    ref.label
  );
};

/** Applications as a table: a job's applicants (by candidate) or a candidate's jobs (by job and client). */
export const ApplicationsTable = ({ rows, by }: { rows: readonly ApplicationRow[]; by: 'candidate' | 'job' }) => {
  const stages = useStageTitles();
  const phone = useMediaQuery('(max-width: 40em)');
  const now = Date.now();
  // Each row's link names its application, so a screen reader's list of links tells them apart.
  const nameOf = (row: ApplicationRow) => (by === 'candidate' ? row.candidate?.label : row.job?.label) ?? row._id;
  const stageOf = (row: ApplicationRow) =>
    (row.pipelineCurrentStage && stages.get(row.pipelineCurrentStage)?.title) ?? row.currentStage?.label ?? '—';
  if (rows.length === 0) return <Text c="dimmed">No applications yet.</Text>;
  // On a phone each application is a card: a table of five columns would scroll sideways.
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label="Applications">
        {rows.map((row) => (
          <Card key={row._id} withBorder padding="sm" role="listitem">
            <Stack gap={4}>
              <Text fw={600}>{by === 'candidate' ? linked('Candidate', row.candidate) : linked('CrmJob', row.job)}</Text>
              {by === 'job' && row.client && <Text size="sm">for {linked('Client', row.client)}</Text>}
              <Text size="sm">
                {stageOf(row)}, for {timeInStage(row.stageEnteredAt, now)}
              </Text>
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  Added {formatDateTime(row.createdAt)}
                </Text>
                <Anchor component={Link} to={recordPathOf('CrmJobApplication', row._id) ?? '#'} size="sm">
                  Open application<VisuallyHidden> of {nameOf(row)}</VisuallyHidden>
                </Anchor>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {by === 'candidate' ? <Table.Th>Candidate</Table.Th> : <Table.Th>Job</Table.Th>}
            {by === 'job' && <Table.Th>Client</Table.Th>}
            <Table.Th>Stage</Table.Th>
            <Table.Th>In stage</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>
              <VisuallyHidden>Application</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td>{by === 'candidate' ? linked('Candidate', row.candidate) : linked('CrmJob', row.job)}</Table.Td>
              {by === 'job' && <Table.Td>{linked('Client', row.client)}</Table.Td>}
              <Table.Td>{stageOf(row)}</Table.Td>
              <Table.Td>{timeInStage(row.stageEnteredAt, now)}</Table.Td>
              <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={recordPathOf('CrmJobApplication', row._id) ?? '#'} size="sm">
                  Open<VisuallyHidden> the application of {nameOf(row)}</VisuallyHidden>
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
