import { entityLog } from '@app/contract/resources/entity-log';
import { crmJobApplication, grantApplicationAccess } from '@app/contract/resources/hiring/job-application';
import { hiringPipeline, type PipelineItem } from '@app/contract/resources/hiring/pipeline';
import { Anchor, Button, Group, Select, Stack, Switch, Tabs, Text, Timeline } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { DetailsGrid } from '../../kit/details-grid';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { recordPathOf } from '../../kit/record-paths';
import { SectionCard } from '../../kit/section-card';
import { type RecordOf, resourceKey, useCall, useDetails } from '../../kit/use-resource';
import { formatDateTime, humanise } from '../../kit/words';
import { ActivityPanel } from '../crm/activity-panel';
import { columnsOf, type MoveAnswers, movePayload, timeInStage } from './board/board-model';
import { moveApplicationCall } from './hiring-calls';
import { MoveDialog } from './move-dialog';

type Reference = { _id: string; label: string | null } | null | undefined;
type ApplicationRecord = RecordOf<typeof crmJobApplication> & {
  candidate?: Reference;
  job?: Reference;
  client?: Reference;
  pipeline?: Reference;
};

const linked = (kind: string, ref: Reference) => {
  if (!ref) return null;
  const path = recordPathOf(kind, ref._id);
  return path ? (
    <Anchor component={Link} to={path}>
      {ref.label}
    </Anchor>
  ) : (
    ref.label
  );
};

/** Moves the application from its page: pick a stage, answer what it asks, move. */
const MoveControl = ({ application, stages }: { application: ApplicationRecord; stages: readonly PipelineItem[] }) => {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string | null>(null);
  const [asking, setAsking] = useState<PipelineItem | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (stage: PipelineItem, answers: MoveAnswers) => {
    setBusy(true);
    try {
      await callApi(moveApplicationCall, movePayload([application._id], stage._id, answers) as never);
      notifySuccess(`Moved to ${stage.stage.title}`);
      setAsking(null);
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: resourceKey(crmJobApplication) });
    } catch (error) {
      notifyFailure(error, 'Not moved');
    } finally {
      setBusy(false);
    }
  };
  const chosen = stages.find((stage) => stage._id === target);
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Move to"
        placeholder="Choose a stage"
        data={stages
          .filter((stage) => stage._id !== application.pipelineCurrentStage)
          .map((stage) => ({ value: stage._id, label: stage.stage.title }))}
        value={target}
        onChange={setTarget}
      />
      <Button disabled={!chosen} loading={busy} onClick={() => chosen && setAsking(chosen)}>
        Move
      </Button>
      {asking && (
        <MoveDialog
          stage={asking.stage}
          count={1}
          busy={busy}
          onCancel={() => setAsking(null)}
          onMove={(answers) => void send(asking, answers)}
        />
      )}
    </Group>
  );
};

const AccessSwitch = ({ application }: { application: ApplicationRecord }) => {
  const can = useCan();
  const grant = useCall(grantApplicationAccess, { invalidates: [crmJobApplication] });
  return (
    <Switch
      label="The client may see the candidate’s contact details"
      checked={application.isPersonalInfoVisibleToClient}
      disabled={!can.call(grantApplicationAccess) || grant.isPending}
      onChange={(event) =>
        grant.mutate(
          { _id: application._id, isPersonalInfoVisibleToClient: event.currentTarget.checked },
          { onSuccess: () => notifySuccess('Saved'), onError: (error) => notifyFailure(error) },
        )
      }
    />
  );
};

/** /crm/applications/:id: one candidate on one job — where they are, how they got there, and what the client may see. */
export const ApplicationPage = () => {
  const { id } = useParams();
  const query = useDetails(crmJobApplication, id);
  const can = useCan();
  const pipelineId = (query.data as ApplicationRecord | undefined)?.pipelineId;
  const pipeline = useDetails(hiringPipeline, can.do(hiringPipeline, 'details') ? pipelineId : undefined);
  const items = pipeline.data?.items ?? [];
  const titleOf = (stageId: string | null | undefined) => items.find((item) => item._id === stageId)?.stage.title ?? 'A stage';
  return (
    <RecordPage query={query} noun="application" back={{ to: '/crm/jobs', label: 'All jobs' }}>
      {(record) => {
        const application = record as ApplicationRecord;
        const current = items.find((item) => item._id === application.pipelineCurrentStage);
        return (
          <Stack gap="lg">
            <PageHeader
              title={`${application.candidate?.label ?? 'Candidate'} — ${application.job?.label ?? 'Job'}`}
              description={application.itemId?.combined}
            />
            <SectionCard title="Where it stands">
              <Stack>
                <DetailsGrid
                  items={[
                    { label: 'Candidate', value: linked('Candidate', application.candidate) },
                    { label: 'Job', value: linked('CrmJob', application.job) },
                    { label: 'Client', value: linked('Client', application.client) },
                    {
                      label: 'Stage',
                      value: current ? `${current.stage.title} for ${timeInStage(application.stageEnteredAt, Date.now())}` : '—',
                    },
                    { label: 'Source', value: humanise(application.source) },
                    {
                      label: 'Joining',
                      value:
                        application.joiningInfo &&
                        [
                          formatDateTime(application.joiningInfo.startDate),
                          application.joiningInfo.endDate && `to ${formatDateTime(application.joiningInfo.endDate)}`,
                        ]
                          .filter(Boolean)
                          .join(' '),
                    },
                  ]}
                />
                {can.bulk(crmJobApplication, 'move-to-stage') && items.length > 0 && (
                  <MoveControl application={application} stages={columnsOf(items)} />
                )}
                <AccessSwitch application={application} />
              </Stack>
            </SectionCard>
            <Tabs defaultValue="history" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="history">Stage history</Tabs.Tab>
                {can.do(entityLog, 'list') && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="history" pt="md">
                <Timeline bulletSize={14} lineWidth={2} active={application.pipelineStageHistory.length}>
                  {[...application.pipelineStageHistory].reverse().map((entry) => (
                    <Timeline.Item key={`${entry.movedAt}-${entry.stage}`} title={titleOf(entry.stage)}>
                      <Text size="sm" c="dimmed">
                        {entry.movedBy.name}, {formatDateTime(entry.movedAt)}
                      </Text>
                      {entry.remarks && <Text size="sm">{entry.remarks}</Text>}
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Tabs.Panel>
              {can.do(entityLog, 'list') && (
                <Tabs.Panel value="activity" pt="md">
                  <ActivityPanel id={application._id} />
                </Tabs.Panel>
              )}
            </Tabs>
          </Stack>
        );
      }}
    </RecordPage>
  );
};
