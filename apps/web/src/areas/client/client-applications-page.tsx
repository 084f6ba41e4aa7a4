import type { ListRequest } from '@app/contract/conventions/list';
import { type clientApplication, clientApplicationList } from '@app/contract/resources/hiring/client-applications';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { z } from 'zod';
import { callApi } from '../../kit/api';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { formatDateTime, humanise } from '../../kit/words';

type ClientApplication = z.output<typeof clientApplication>;

export const clientApplicationsKey = ['client-portal', 'applications'] as const;

/** One candidate on one of the client's jobs: where they stand, their interviews, and how to reach them once granted. */
const ApplicationCard = ({ application }: { application: ClientApplication }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{application.candidate?.label ?? 'A candidate'}</Text>
        <Badge variant="light">{application.currentStage?.label ?? 'No stage'}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {application.job?.label}, at this stage since {formatDateTime(application.stageEnteredAt)}
      </Text>
      {application.contact ? (
        <Group gap="md" wrap="wrap">
          {application.contact.email && (
            <Anchor size="sm" href={`mailto:${application.contact.email}`}>
              {application.contact.email}
            </Anchor>
          )}
          {application.contact.phone && <Text size="sm">{application.contact.phone}</Text>}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Contact details are shared once your recruitment partner grants them.
        </Text>
      )}
      {application.interviews.map((interview) => (
        <Text key={interview._id} size="sm">
          {interview.interviewType} interview{interview.startTime ? `, ${formatDateTime(interview.startTime)}` : ''} (
          {humanise(interview.status).toLowerCase()})
        </Text>
      ))}
    </Stack>
  </Paper>
);

/** /client/applications: the candidates on the client's jobs, as their recruitment partner shares them. */
export const ClientApplicationsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Candidates"
      description="The candidates your recruitment partner has put forward for your jobs, and where each stands."
    />
    <PagedList
      queryKey={clientApplicationsKey}
      load={(request: ListRequest, signal) => callApi(clientApplicationList, request, { signal })}
      noun="candidate"
      searchPlaceholder="Search by reference"
      empty={{ icon: <IconUsers size={24} />, message: 'No candidates on your jobs yet.' }}
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((application) => (
            <ApplicationCard key={application._id} application={application} />
          ))}
        </Stack>
      )}
    </PagedList>
  </Stack>
);
