import { hiringPipeline, type StageType, stageTypes, stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { ActionIcon, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { openParam } from '../../kit/record-paths';
import { type RecordOf, useCreate, useList, useRemove, useUpdate } from '../../kit/use-resource';

type Pipeline = RecordOf<typeof hiringPipeline>;
type DraftStage = { key: string; _id?: string; title: string; stageType: StageType; enabled: boolean };
type Draft = { _id?: string; title: string; description: string; stages: DraftStage[]; systemDefaultPipeline: boolean };

let keys = 0;
const nextKey = () => `stage-${++keys}`;

const draftOf = (pipeline: Pipeline, copy = false): Draft => ({
  ...(copy ? {} : { _id: pipeline._id }),
  title: copy ? `Copy of ${pipeline.title}` : pipeline.title,
  description: pipeline.description ?? '',
  systemDefaultPipeline: !copy && pipeline.systemDefaultPipeline,
  stages: pipeline.items.map((item) => ({
    key: nextKey(),
    ...(copy ? {} : { _id: item._id }),
    title: item.stage.title,
    stageType: item.stage.stageType,
    enabled: item.enabled,
  })),
});

const blankDraft = (): Draft => ({
  title: '',
  description: '',
  systemDefaultPipeline: false,
  stages: (['APPLIED', 'SHORT_LIST', 'INTERVIEWING', 'OFFERED', 'HIRED', 'REJECTED'] as const).map((stageType) => ({
    key: nextKey(),
    title: stageTypeTitles[stageType],
    stageType,
    enabled: true,
  })),
});

/** The body a save sends: the stages in their order, kept ones with their ids. */
export const pipelinePayload = (draft: Draft) => ({
  title: draft.title,
  description: draft.description || null,
  items: draft.stages.map((stage, orderNo) => ({
    ...(stage._id ? { _id: stage._id } : {}),
    stage: { title: stage.title, stageType: stage.stageType },
    orderNo,
    enabled: stage.enabled,
  })),
});

const move = <T,>(list: readonly T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/** A pipeline's stages edited in place: renamed, reordered, switched off, added and removed; saved at once. */
const PipelineEditor = ({ draft: initial, onClose }: { draft: Draft; onClose: () => void }) => {
  const [draft, setDraft] = useState(initial);
  const create = useCreate(hiringPipeline);
  const update = useUpdate(hiringPipeline);
  const stages = draft.stages;
  const setStages = (next: DraftStage[]) => setDraft({ ...draft, stages: next });
  const change = (key: string, patch: Partial<DraftStage>) =>
    setStages(stages.map((stage) => (stage.key === key ? { ...stage, ...patch } : stage)));
  const save = () => {
    const payload = pipelinePayload(draft);
    const done = {
      onSuccess: () => {
        notifySuccess('Pipeline saved');
        onClose();
      },
      onError: (error: unknown) => notifyFailure(error, 'Not saved'),
    };
    if (draft._id) update.mutate({ _id: draft._id, ...payload } as never, done);
    else create.mutate(payload as never, done);
  };
  return (
    <Modal opened onClose={onClose} title={draft._id ? `Edit ${initial.title}` : 'New pipeline'} size="lg" fullScreen={false}>
      <Stack>
        <TextInput
          label="Title"
          required
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
        />
        <Textarea
          label="Description"
          autosize
          minRows={1}
          value={draft.description}
          onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })}
        />
        <Text fw={500} size="sm">
          Stages, in order
        </Text>
        <Stack gap="xs" role="list" aria-label="Stages">
          {stages.map((stage, index) => (
            <Card key={stage.key} withBorder padding="xs" role="listitem">
              <Group gap="xs" wrap="wrap" align="flex-end">
                <TextInput
                  label="Stage title"
                  size="xs"
                  style={{ flex: '1 1 160px' }}
                  value={stage.title}
                  onChange={(event) => change(stage.key, { title: event.currentTarget.value })}
                />
                <Select
                  label="Type"
                  size="xs"
                  w={150}
                  data={stageTypes.map((type) => ({ value: type, label: stageTypeTitles[type] }))}
                  value={stage.stageType}
                  allowDeselect={false}
                  onChange={(value) => value && change(stage.key, { stageType: value as StageType })}
                />
                <Switch
                  size="xs"
                  label="In use"
                  checked={stage.enabled}
                  onChange={(event) => change(stage.key, { enabled: event.currentTarget.checked })}
                />
                <Group gap={2}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${stage.title} up`}
                    disabled={index === 0}
                    onClick={() => setStages(move(stages, index, index - 1))}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${stage.title} down`}
                    disabled={index === stages.length - 1}
                    onClick={() => setStages(move(stages, index, index + 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${stage.title}`}
                    onClick={() => setStages(stages.filter((other) => other.key !== stage.key))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setStages([...stages, { key: nextKey(), title: 'New stage', stageType: 'SCREENING', enabled: true }])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add stage
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending || update.isPending} onClick={save}>
            Save pipeline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** /crm/pipelines: the stages each job's applications move through; the default one every job starts with. */
export const PipelinesPage = () => {
  const can = useCan();
  const list = useList(hiringPipeline, { limit: 'ALL' });
  const remove = useRemove(hiringPipeline);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Pipeline | null>(null);
  const pipelines = list.data?.results ?? [];
  const opened = params.get(openParam);
  const openedPipeline = opened ? pipelines.find((pipeline) => pipeline._id === opened) : undefined;
  const mayEdit = can.do(hiringPipeline, 'update');
  const close = () => {
    setEditing(null);
    if (opened) setParams({});
  };
  const shown = editing ?? (openedPipeline && mayEdit ? draftOf(openedPipeline) : null);
  return (
    <Stack>
      <PageHeader
        title="Pipelines"
        description="The stages a job’s candidates move through. Every job uses the default pipeline unless you choose another."
        action={
          can.do(hiringPipeline, 'create') ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(blankDraft())}>
              New pipeline
            </Button>
          ) : undefined
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {pipelines.map((pipeline) => (
          <Card key={pipeline._id} withBorder padding="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{pipeline.title}</Text>
                {pipeline.systemDefaultPipeline && <Badge variant="light">Default</Badge>}
              </Group>
              {pipeline.description && (
                <Text size="sm" c="dimmed">
                  {pipeline.description}
                </Text>
              )}
              <Group gap={4}>
                {pipeline.items.map((item) => (
                  <Badge key={item._id} variant={item.enabled ? 'outline' : 'default'} color={item.enabled ? undefined : 'gray'} size="sm">
                    {item.stage.title}
                  </Badge>
                ))}
              </Group>
              <Group gap="xs">
                {mayEdit && (
                  <Button size="xs" variant="default" onClick={() => setEditing(draftOf(pipeline))}>
                    Edit
                  </Button>
                )}
                {can.do(hiringPipeline, 'create') && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCopy size={14} aria-hidden />}
                    onClick={() => setEditing(draftOf(pipeline, true))}
                  >
                    Copy
                  </Button>
                )}
                {can.do(hiringPipeline, 'remove') && !pipeline.systemDefaultPipeline && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(pipeline)}>
                    Delete
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {shown && <PipelineEditor key={shown._id ?? 'new'} draft={shown} onClose={close} />}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.title ?? 'the pipeline'}?`}
        message="Jobs using it must move to another pipeline first."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { _id: deleting._id },
            {
              onSuccess: () => {
                notifySuccess('Pipeline deleted');
                setDeleting(null);
              },
              onError: (error) => {
                notifyFailure(error, 'Not deleted');
                setDeleting(null);
              },
            },
          );
        }}
      />
    </Stack>
  );
};
