import type { ListRequest, ListResult } from '@app/contract/conventions/list';
import { feedback, pendingFeedbackRequests } from '@app/contract/resources/hiring/feedback';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { callApi, callList } from '../../kit/api';
import { EmptyState } from '../../kit/empty-state';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { formatDateTime } from '../../kit/words';
import { FeedbackCard, FeedbackModal, type FeedbackRecord } from '../hiring/feedback-parts';

type Waiting = z.output<typeof pendingFeedbackRequests.output>[number];

const aboutWhom = (row: { candidate?: { label: string | null } | null; job?: { label: string | null } | null }) =>
  `${row.candidate?.label ?? 'A candidate'}${row.job?.label ? ` for ${row.job.label}` : ''}`;

const WaitingCard = ({ request, onGive }: { request: Waiting; onGive: () => void }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap={6}>
      <Text fw={600}>{aboutWhom(request)}</Text>
      <Text size="sm" c="dimmed">
        {request.interview
          ? `After the ${request.interview.interviewType} interview on ${formatDateTime(request.interview.startTime)}`
          : `Asked ${formatDateTime(request.requestedAt)}`}
      </Text>
      {request.requestMessage && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          “{request.requestMessage}”
        </Text>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconMessageStar size={16} aria-hidden />} onClick={onGive}>
          Give feedback
        </Button>
      </Group>
    </Stack>
  </Paper>
);

/**
 * /client/feedback: what the recruitment partner asks the client's opinion on (each answered here,
 * on a phone too), and the feedback the client has given, which they may change.
 */
export const ClientFeedbackPage = () => {
  const waiting = useQuery({
    queryKey: ['client-portal', 'feedback', 'pending'],
    queryFn: ({ signal }) => callApi(pendingFeedbackRequests, {}, { signal }),
  });
  const [answering, setAnswering] = useState<Waiting | null>(null);
  const [editing, setEditing] = useState<FeedbackRecord | null>(null);
  const requests = waiting.data ?? [];
  return (
    <Stack gap="lg">
      <PageHeader title="Feedback" description="Your view on the candidates your recruitment partner puts forward." />
      <Stack gap="sm">
        <Title order={2} size="h4">
          Waiting for your feedback
        </Title>
        {waiting.isSuccess && requests.length === 0 ? (
          <EmptyState
            icon={<IconMessageStar size={24} />}
            title="Nothing waiting"
            message="You are up to date: no feedback is waiting for you."
          />
        ) : (
          requests.map((request) => <WaitingCard key={request._id} request={request} onGive={() => setAnswering(request)} />)
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Feedback given
        </Title>
        <PagedList
          queryKey={['client-portal', 'feedback', 'given']}
          load={(request: ListRequest, signal) =>
            callList(feedback, { ...request, filter: { ...request.filter, status: 'SUBMITTED' } }, { signal }) as Promise<
              ListResult<FeedbackRecord>
            >
          }
          noun="feedback"
          empty={{ icon: <IconMessageStar size={24} />, message: 'You have not given feedback yet.' }}
        >
          {(rows) => (
            <Stack gap="sm">
              {rows.map((row) => (
                <FeedbackCard
                  key={row._id}
                  row={row}
                  title={aboutWhom(row as FeedbackRecord & { candidate?: { label: string | null }; job?: { label: string | null } })}
                  actions={
                    row.submissionType === 'CLIENT' ? (
                      <Button size="compact-sm" variant="light" onClick={() => setEditing(row)}>
                        Edit
                      </Button>
                    ) : null
                  }
                />
              ))}
            </Stack>
          )}
        </PagedList>
      </Stack>
      {answering && (
        <FeedbackModal
          title={`Your feedback: ${aboutWhom(answering)}`}
          target={{ kind: 'answer', _id: answering._id }}
          onClose={() => setAnswering(null)}
        />
      )}
      {editing && (
        <FeedbackModal
          title="Change your feedback"
          target={{ kind: 'answer', _id: editing._id, earlier: editing }}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
};
