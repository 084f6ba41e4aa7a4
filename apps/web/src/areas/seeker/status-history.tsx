import { Text, Timeline } from '@mantine/core';
import { formatDateTime, humanise } from '../../kit/words';
import type { StatusChange } from '../board/types';

/** An application's steps, oldest first: when it was sent, viewed, shortlisted… */
export const StatusHistory = ({ history }: { history: readonly StatusChange[] }) => (
  <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} color="brand">
    {history.map((step) => (
      <Timeline.Item
        key={`${step.status}-${step.at}`}
        title={
          <Text size="sm" fw={600}>
            {humanise(step.status)}
          </Text>
        }
      >
        <Text size="xs" c="dimmed">
          {formatDateTime(step.at)}
        </Text>
      </Timeline.Item>
    ))}
  </Timeline>
);
