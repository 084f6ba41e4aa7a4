import { hiringPipeline, stageTypeTitles } from '@app/contract/resources/hiring/pipeline';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../kit/api';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { BackLink, RecordPage } from '../../kit/record-page';
import { SectionCard } from '../../kit/section-card';
import { useUnsavedChanges } from '../../kit/unsaved-changes';
import { type RecordOf, useCreate, useDetails, useRemove, useUpdate } from '../../kit/use-resource';
import {
  blankDraft,
  checkDraft,
  copyDraft,
  copyPath,
  type Draft,
  type DraftErrors,
  draftOf,
  hasErrors,
  listPath,
  noErrors,
  pipelinePath,
  pipelinePayload,
  placeServerErrors,
} from './pipeline-draft';
import { StageListEditor } from './stage-list-editor';

type Pipeline = RecordOf<typeof hiringPipeline>;

/** A pipeline read by who may not change it: its stages in order, those not in use marked. */
const StagesRead = ({ pipeline }: { pipeline: Pipeline }) => (
  <Stack gap="xs" role="list" aria-label="Stages, in order">
    {[...pipeline.items]
      .sort((a, b) => a.orderNo - b.orderNo)
      .map((item, index) => (
        <Group key={item._id} role="listitem" gap="sm" wrap="nowrap">
          <Text c="dimmed" w={24} ta="right">
            {index + 1}
          </Text>
          <Text fw={500} td={item.enabled ? undefined : 'line-through'}>
            {item.stage.title}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {stageTypeTitles[item.stage.stageType]}
          </Badge>
          {!item.enabled && <Text size="xs">not in use</Text>}
        </Group>
      ))}
  </Stack>
);

/** The editor of one pipeline: title, description and stages, saved at once with the server's messages put on the fields. */
const PipelineEditor = ({ initial, onSaved }: { initial: Draft; onSaved: (saved: Pipeline) => void }) => {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>(noErrors);
  const [dirty, setDirty] = useState(false);
  const create = useCreate(hiringPipeline);
  const update = useUpdate(hiringPipeline);
  const unsaved = useUnsavedChanges(dirty);
  const edit = (next: Draft) => {
    setDraft(next);
    setDirty(true);
  };
  const save = () => {
    const checked = checkDraft(draft);
    setErrors(checked);
    if (hasErrors(checked)) return;
    const done = {
      onSuccess: (saved: unknown) => {
        notifySuccess(draft._id ? 'Pipeline saved' : 'Pipeline added');
        setDirty(false);
        unsaved.settle();
        onSaved(saved as Pipeline);
      },
      onError: (error: unknown) => {
        const { errors: placed, unplaced } = placeServerErrors(draft, isApiError(error) ? error.errors : []);
        setErrors(placed);
        if (unplaced.length > 0 || !hasErrors(placed)) notifyFailure(error, 'Not saved');
      },
    };
    const payload = pipelinePayload(draft);
    if (draft._id) update.mutate({ _id: draft._id, ...payload }, done);
    else create.mutate(payload, done);
  };
  return (
    <Stack gap="lg">
      <SectionCard title="Pipeline">
        <Stack>
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={draft.title}
            error={errors.title}
            onChange={(event) => edit({ ...draft, title: event.currentTarget.value })}
          />
          <Textarea
            label="Description"
            autosize
            minRows={1}
            maxLength={2000}
            value={draft.description}
            onChange={(event) => edit({ ...draft, description: event.currentTarget.value })}
          />
        </Stack>
      </SectionCard>
      <SectionCard title="Stages">
        <Stack>
          <Text size="sm" c="dimmed">
            A job’s board shows a column for each stage in use, in this order. A stage that holds applications can be neither removed nor
            taken out of use until they are moved.
          </Text>
          {errors.stages && (
            <Alert color="red" role="alert">
              {errors.stages}
            </Alert>
          )}
          <StageListEditor stages={draft.stages} errors={errors.stageTitles} onChange={(stages) => edit({ ...draft, stages })} />
        </Stack>
      </SectionCard>
      <Group justify="flex-end">
        {draft._id && dirty && (
          <Button
            variant="default"
            onClick={() => {
              setDraft(initial);
              setErrors(noErrors());
              setDirty(false);
            }}
          >
            Undo changes
          </Button>
        )}
        <Button loading={create.isPending || update.isPending} disabled={Boolean(draft._id) && !dirty} onClick={save}>
          {draft._id ? 'Save pipeline' : 'Add pipeline'}
        </Button>
      </Group>
    </Stack>
  );
};

/** Copy and delete beside a saved pipeline's title, for who may; the default one is never deleted. */
const PipelineActions = ({ pipeline }: { pipeline: Pipeline }) => {
  const can = useCan();
  const navigate = useNavigate();
  const remove = useRemove(hiringPipeline);
  const [deleting, setDeleting] = useState(false);
  return (
    <Group gap="xs">
      {can.do(hiringPipeline, 'create') && (
        <Button variant="default" component={Link} to={copyPath(pipeline._id)} leftSection={<IconCopy size={16} aria-hidden />}>
          Copy
        </Button>
      )}
      {can.do(hiringPipeline, 'remove') && !pipeline.systemDefaultPipeline && (
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      )}
      <ConfirmModal
        opened={deleting}
        title={`Delete ${pipeline.title}?`}
        message="A pipeline a job uses cannot be deleted: move its jobs to another pipeline first."
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(
            { _id: pipeline._id },
            {
              onSuccess: () => {
                notifySuccess('Pipeline deleted');
                navigate(listPath);
              },
              onError: (error) => {
                notifyFailure(error, 'Not deleted');
                setDeleting(false);
              },
            },
          )
        }
      />
    </Group>
  );
};

/** /crm/pipelines/new (or ?copy=<id>): a new pipeline, blank or with another's stages. */
const NewPipeline = ({ copyOf }: { copyOf: string | null }) => {
  const navigate = useNavigate();
  const source = useDetails(hiringPipeline, copyOf ?? undefined);
  const back = <BackLink to={listPath} label="All pipelines" />;
  const opened = (saved: Pipeline) => navigate(pipelinePath(saved._id), { replace: true });
  if (copyOf) {
    return (
      <RecordPage query={source} noun="pipeline" back={{ to: listPath, label: 'All pipelines' }}>
        {(pipeline) => (
          <Stack gap="lg">
            <PageHeader
              title={`Copy of ${pipeline.title}`}
              description="A new pipeline with the same stages: rename it, then change what differs."
            />
            <PipelineEditor key={pipeline._id} initial={copyDraft(pipeline)} onSaved={opened} />
          </Stack>
        )}
      </RecordPage>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <PageHeader title="New pipeline" description="Name it and lay out its stages; a job then chooses it instead of the default." />
      <PipelineEditor initial={blankDraft()} onSaved={opened} />
    </Stack>
  );
};

/** /crm/pipelines/:id: one pipeline's stages — renamed, reordered, switched off, added and removed — and Copy. */
export const PipelinePage = () => {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const can = useCan();
  const query = useDetails(hiringPipeline, id === 'new' ? undefined : id);
  if (id === 'new') {
    if (!can.do(hiringPipeline, 'create')) return <Text>You may not add pipelines.</Text>;
    return <NewPipeline copyOf={params.get('copy')} />;
  }
  return (
    <RecordPage query={query} noun="pipeline" back={{ to: listPath, label: 'All pipelines' }}>
      {(pipeline) => (
        <Stack gap="lg">
          <PageHeader
            title={pipeline.title}
            description={
              pipeline.systemDefaultPipeline ? (
                <Group gap="xs" component="span">
                  <Badge variant="light">Default</Badge>
                  <span>Every job uses it unless another is chosen; it cannot be deleted.</span>
                </Group>
              ) : (
                pipeline.description
              )
            }
            action={<PipelineActions pipeline={pipeline} />}
          />
          {can.do(hiringPipeline, 'update') ? (
            // Keyed by the saved version, so a save (or another's change) starts the editor again from what is stored.
            <PipelineEditor key={`${pipeline._id}-${pipeline.updatedAt}`} initial={draftOf(pipeline)} onSaved={() => undefined} />
          ) : (
            <Card withBorder>
              <StagesRead pipeline={pipeline} />
            </Card>
          )}
        </Stack>
      )}
    </RecordPage>
  );
};
