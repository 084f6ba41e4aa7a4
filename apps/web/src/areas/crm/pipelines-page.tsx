import { hiringPipeline } from '@app/contract/resources/hiring/pipeline';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCopy, IconLayoutBoard, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../kit/can';
import { EmptyState } from '../../kit/empty-state';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useList } from '../../kit/use-resource';
import { copyPath, pipelinePath } from '../hiring/pipeline-draft';

/** /crm/pipelines: the stages each job's applications move through; the default one every job starts with. */
export const PipelinesPage = () => {
  const can = useCan();
  const list = useList(hiringPipeline, { limit: 'ALL' });
  const pipelines = [...(list.data?.results ?? [])].sort(
    (a, b) => Number(b.systemDefaultPipeline) - Number(a.systemDefaultPipeline) || a.title.localeCompare(b.title),
  );
  const mayCopy = can.do(hiringPipeline, 'create');
  return (
    <Stack>
      <PageHeader
        title="Pipelines"
        description="The stages a job’s candidates move through. Every job uses the default pipeline unless you choose another."
        action={
          mayCopy ? (
            <Button component={Link} to={pipelinePath('new')} leftSection={<IconPlus size={16} aria-hidden />}>
              New pipeline
            </Button>
          ) : undefined
        }
      />
      {list.isPending ? (
        <Skeleton height={160} />
      ) : list.isError ? (
        <Text c="red">{messageOf(list.error)}</Text>
      ) : pipelines.length === 0 ? (
        <EmptyState icon={<IconLayoutBoard size={24} />} title="No pipelines yet" message="Add one with New pipeline." />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {pipelines.map((pipeline) => (
            <Card key={pipeline._id} withBorder padding="md">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor component={Link} to={pipelinePath(pipeline._id)} fw={600}>
                    {pipeline.title}
                  </Anchor>
                  {pipeline.systemDefaultPipeline && <Badge variant="light">Default</Badge>}
                </Group>
                {pipeline.description && (
                  <Text size="sm" c="dimmed">
                    {pipeline.description}
                  </Text>
                )}
                <Group gap={4} aria-label={`Stages of ${pipeline.title}`}>
                  {[...pipeline.items]
                    .sort((a, b) => a.orderNo - b.orderNo)
                    .map((item) => (
                      <Badge
                        key={item._id}
                        variant={item.enabled ? 'outline' : 'default'}
                        color={item.enabled ? undefined : 'gray'}
                        size="sm"
                        title={item.enabled ? undefined : 'Not in use'}
                      >
                        {item.stage.title}
                      </Badge>
                    ))}
                </Group>
                {mayCopy && (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={copyPath(pipeline._id)}
                      leftSection={<IconCopy size={14} aria-hidden />}
                      aria-label={`Copy ${pipeline.title}`}
                    >
                      Copy
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
