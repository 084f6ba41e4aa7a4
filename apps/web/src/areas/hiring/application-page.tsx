import { entityLog } from '@app/contract/resources/entity-log';
import { feedback } from '@app/contract/resources/hiring/feedback';
import { interview } from '@app/contract/resources/hiring/interview';
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
import { ApplicationInterviews } from '../crm/interviews-page';
import { ApplicationFeedback } from './application-feedback';
import { columnsOf, type MoveAnswers, movePayload, timeInStage } from './board/board-model';
import { moveApplicationCall } from './hiring-calls';
import { MoveDialog } from './move-dialog';
import { joiningWords, type StageStep, stageSteps, stageTitleOf } from './stage-history';

type Reference = { _id: string; label: string | null } | null | undefined;
type ApplicationRecord = RecordOf<typeof crmJobApplication> & {
  candidate?: Reference;
  job?: Reference;
  client?: Reference;
  pipeline?: Reference;
  /** The current stage's title, answered to whoever reads the application. */
  currentStage?: Reference;
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

/** Whether the client sees the candidate's contact details: a switch for who may grant it, else said in words. */
const AccessSwitch = ({ application }: { application: ApplicationRecord }) => {
  const can = useCan();
  const grant = useCall(grantApplicationAccess, { invalidates: [crmJobApplication] });
  if (!can.call(grantApplicationAccess)) {
    return (
      <Text size="sm">
        {application.isPersonalInfoVisibleToClient
          ? 'The client may see the candidate’s contact details.'
          : 'The client does not see the candidate’s contact details.'}
      </Text>
    );
  }
  return (
    <Switch
      label="The client may see the candidate’s contact details"
      checked={application.isPersonalInfoVisibleToClient}
      disabled={grant.isPending}
      onChange={(event) => {
        const visible = event.currentTarget.checked;
        grant.mutate(
          { _id: application._id, isPersonalInfoVisibleToClient: visible },
          {
            onSuccess: () =>
              notifySuccess(visible ? 'The client now sees the contact details' : 'The contact details are hidden from the client'),
            onError: (error) => notifyFailure(error),
          },
        );
      }}
    />
  );
};

/** The moves newest first: who, when, from which stage to which, and the remarks. */
const StageTimeline = ({ steps }: { steps: StageStep[] }) =>
  steps.length === 0 ? (
    <Text c="dimmed">No moves yet.</Text>
  ) : (
    <Timeline bulletSize={14} lineWidth={2} active={0}>
      {steps.map((step) => (
        <Timeline.Item key={step.key} title={step.from ? `${step.from} → ${step.to}` : `Started at ${step.to}`}>
          <Text size="sm" c="dimmed">
            {step.by}, {formatDateTime(step.at)}
          </Text>
          {step.remarks && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {step.remarks}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );

/** /crm/applications/:id: one candidate on one job — where they are, how they got there, and what the client may see. */
export const ApplicationPage = () => {
  const { id } = useParams();
  const query = useDetails(crmJobApplication, id);
  const can = useCan();
  const pipelineId = (query.data as ApplicationRecord | undefined)?.pipelineId;
  const mayReadPipeline = can.do(hiringPipeline, 'details');
  const pipeline = useDetails(hiringPipeline, mayReadPipeline ? pipelineId : undefined);
  const items = pipeline.data?.items ?? [];
  // Without the pipeline a stage is named only by position; with it, a stage missing from it was removed since.
  const titleOf = stageTitleOf(items, mayReadPipeline && pipeline.isSuccess ? 'A removed stage' : 'A stage');
  const job = (query.data as ApplicationRecord | undefined)?.job;
  const jobPath = job ? recordPathOf('CrmJob', job._id) : undefined;
  return (
    <RecordPage
      query={query}
      noun="application"
      back={jobPath && job ? { to: jobPath, label: `Back to ${job.label ?? 'the job'}` } : { to: '/crm/jobs', label: 'All jobs' }}
    >
      {(record) => {
        const application = record as ApplicationRecord;
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
                      value: `${application.currentStage?.label ?? titleOf(application.pipelineCurrentStage)}, for ${timeInStage(application.stageEnteredAt, Date.now())}`,
                    },
                    { label: 'Source', value: humanise(application.source) },
                    {
                      label: 'Joining',
                      value: joiningWords(application.joiningInfo),
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
                {can.do(interview, 'list') && <Tabs.Tab value="interviews">Interviews</Tabs.Tab>}
                {can.do(feedback, 'list') && <Tabs.Tab value="feedback">Client feedback</Tabs.Tab>}
                {can.do(entityLog, 'list') && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="history" pt="md">
                <StageTimeline steps={stageSteps(application.pipelineStageHistory, titleOf)} />
              </Tabs.Panel>
              {can.do(interview, 'list') && (
                <Tabs.Panel value="interviews" pt="md">
                  <ApplicationInterviews applicationId={application._id} />
                </Tabs.Panel>
              )}
              {can.do(feedback, 'list') && (
                <Tabs.Panel value="feedback" pt="md">
                  <ApplicationFeedback applicationId={application._id} />
                </Tabs.Panel>
              )}
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
