import { entityLog } from '@app/contract/resources/entity-log';
import { Pagination, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../kit/notify';
import { useList } from '../../kit/use-resource';
import { activitySentence, changesOf } from './audit-changes';

type Change = {
  _id: string;
  description: string;
  action: string;
  entityType: string;
  user?: { name?: string | null } | null;
  from: unknown;
  to: unknown;
  names?: Record<string, string>;
  createdAt: string;
};

/** The fields an update changed, by their labels ("Status, Due date"); a create or delete says so itself. */
export const changedOf = (entry: Pick<Change, 'action' | 'from' | 'to' | 'entityType'>, names: ReadonlyMap<string, string> = new Map()) =>
  entry.action === 'UPDATE' || entry.action === 'STATUS_CHANGE' ? changesOf(entry, names).map((change) => change.field) : [];

export const ActivityEntry = ({ entry }: { entry: Change }) => {
  const names = new Map(Object.entries(entry.names ?? {}));
  const fields = changedOf(entry, names);
  return (
    <>
      <Text size="sm">{activitySentence(entry, names)}</Text>
      {fields.length > 0 && (
        <Text size="xs" c="dimmed">
          Changed: {fields.join(', ')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {new Date(entry.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
      </Text>
    </>
  );
};

/** One record's history from the entity log, newest first: who did what, and which fields changed. */
export const ActivityPanel = ({ id }: { id: string }) => {
  const [page, setPage] = useState(1);
  const query = useList(entityLog, { page, limit: 10, filter: { entityId: id } });
  if (query.isPending) return <Skeleton height={80} role="status" aria-label="Loading the activity" />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  const entries = query.data.results as unknown as Change[];
  return (
    <Stack gap="sm" component="section" aria-label="Activity">
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No activity yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2}>
          {entries.map((entry) => (
            <Timeline.Item key={entry._id}>
              <ActivityEntry entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {query.data.totalPages > 1 && <Pagination size="sm" total={query.data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
};
