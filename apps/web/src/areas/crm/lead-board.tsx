import { lead, leadStatuses } from '@app/contract/resources/crm/lead';
import { Badge, Card, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messageOf } from '../../kit/notify';
import { useList } from '../../kit/use-resource';
import { formatDateTime, humanise } from '../../kit/words';

/** The board shows the most recent leads of each status; the list pages through all of them. */
const perStatus = 50;

const StatusColumn = ({ status }: { status: (typeof leadStatuses)[number] }) => {
  const list = useList(lead, { limit: perStatus, filter: { status } });
  const rows = list.data?.results ?? [];
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={`${humanise(status)} leads`}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {humanise(status)}
        </Title>
        <Badge variant="light" radius="sm">
          {list.data?.totalResults ?? '…'}
        </Badge>
      </Group>
      {list.error ? (
        <Text c="red" size="sm">
          {messageOf(list.error)}
        </Text>
      ) : null}
      <ScrollArea.Autosize mah={560}>
        <Stack gap="xs">
          {rows.map((row) => (
            <Card key={row._id} withBorder padding="xs" radius="sm">
              <Text fw={500} size="sm">
                {row.title || row.companyDetails?.name || row.itemId?.combined}
              </Text>
              {row.companyDetails?.name ? (
                <Text size="xs" c="dimmed">
                  {row.companyDetails.name}
                </Text>
              ) : null}
              {row.followUpDate ? <Text size="xs">Follow up {formatDateTime(row.followUpDate)}</Text> : null}
            </Card>
          ))}
          {list.isSuccess && rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              None
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
};

/** Leads by status, one column each, in the order a lead moves through them. */
export const LeadBoard = () => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
    {leadStatuses.map((status) => (
      <StatusColumn key={status} status={status} />
    ))}
  </SimpleGrid>
);
