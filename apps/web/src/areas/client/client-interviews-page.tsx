import type { ListRequest } from '@app/contract/conventions/list';
import { type clientInterview, clientInterviewList } from '@app/contract/resources/hiring/client-applications';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarUser } from '@tabler/icons-react';
import type { z } from 'zod';
import { callApi } from '../../kit/api';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime, humanise } from '../../kit/words';

type ClientInterview = z.output<typeof clientInterview>;

const isLink = (text: string | null) => !!text && /^https?:\/\/\S+$/.test(text.trim());

const InterviewCard = ({ interview }: { interview: ClientInterview }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>
          {interview.interviewType} interview: {interview.candidate?.label ?? 'a candidate'}
        </Text>
        <StatusBadge value={interview.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {interview.job?.label}: {formatDateTime(interview.startTime)} to {formatDateTime(interview.endTime)},{' '}
        {humanise(interview.medium).toLowerCase()}
      </Text>
      {interview.interviewers.length > 0 && (
        <Text size="sm">With {interview.interviewers.map((person) => person.label ?? 'a colleague').join(', ')}</Text>
      )}
      {interview.meetingInfo &&
        (isLink(interview.meetingInfo) ? (
          <Anchor size="sm" href={interview.meetingInfo} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
            Join the video call
          </Anchor>
        ) : (
          <Text size="sm">{interview.meetingInfo}</Text>
        ))}
    </Stack>
  </Paper>
);

/** /client/interviews: the interviews of the candidates on the client's jobs, soonest first. */
export const ClientInterviewsPage = () => (
  <Stack gap="lg">
    <PageHeader title="Interviews" description="Interviews your recruitment partner has arranged for your jobs." />
    <PagedList
      queryKey={['client-portal', 'interviews']}
      load={(request: ListRequest, signal) => callApi(clientInterviewList, request, { signal })}
      noun="interview"
      empty={{ icon: <IconCalendarUser size={24} />, message: 'No interviews arranged yet.' }}
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((interview) => (
            <InterviewCard key={interview._id} interview={interview} />
          ))}
        </Stack>
      )}
    </PagedList>
  </Stack>
);
