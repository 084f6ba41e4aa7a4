import { type LinkedRecord, linkedRecords } from '@app/contract/resources/crm/linked-records';
import { Anchor, Badge, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../kit/api';
import { messageOf } from '../../kit/notify';
import { recordPathOf } from '../../kit/record-paths';

const pageSize = 10;

/** How each kind of record is named to a person; unknown kinds (added later) by their definition name. */
const kindNames: Record<string, string> = { CrmNote: 'Note', Task: 'Task', Lead: 'Lead', Event: 'Event', Email: 'Email' };

const whenOf = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const LinkedRow = ({ row }: { row: LinkedRecord }) => {
  const to = recordPathOf(row.entityType, row._id);
  const name = row.label || row.itemId?.combined || row._id;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Badge variant="light" style={{ flexShrink: 0 }}>
        {kindNames[row.entityType] ?? row.entityType}
      </Badge>
      <Stack gap={0} style={{ minWidth: 0 }}>
        {to ? (
          <Anchor component={Link} to={to} size="sm" lineClamp={2}>
            {name}
          </Anchor>
        ) : (
          <Text size="sm" lineClamp={2}>
            {name}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {row.itemId?.combined ? `${row.itemId.combined} · ` : ''}
          {whenOf(row.createdAt)}
        </Text>
      </Stack>
    </Group>
  );
};

/**
 * What is linked to one record (the notes, tasks and, as they arrive, events, call logs and emails
 * whose related-to list names it), newest first: one call, which includes only what the signed-in
 * user may read.
 */
export const LinkedRecordsPanel = ({ entityType, id }: { entityType: string; id: string }) => {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['linked-records', entityType, id, page],
    queryFn: ({ signal }) => callApi(linkedRecords, { entityType, _id: id, page, limit: pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <Skeleton height={80} role="status" aria-label="Loading the linked records" />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  const { results, totalPages } = query.data;
  return (
    <Stack gap="sm" component="section" aria-label="Linked records">
      {results.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is linked to this record yet.
        </Text>
      ) : (
        results.map((row) => <LinkedRow key={`${row.entityType}:${row._id}`} row={row} />)
      )}
      {totalPages > 1 && <Pagination size="sm" total={totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
};
