import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { interview, interviewBusyTimes, interviewFeedback, overallScores } from '@app/contract/resources/hiring/interview';
import { crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import type { Column } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { useSession } from '../../kit/session';
import type { Tailoring } from '../../kit/tailor';
import { type RecordOf, useCall, useList } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { ScorecardFields, useScorecardDraft } from '../hiring/scorecard-fields';

type InterviewRow = RecordOf<typeof interview>;
type Scorecard = InterviewRow['scorecard'][number];

/** The browser's own zone, so the invitations state the times as the scheduler sees them. */
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formFields: Tailoring<FieldDescriptor> = {
  pick: [
    'jobApplicationId',
    'interviewType',
    'medium',
    'onlineMeetingProvider',
    'interviewerIds',
    'externalInterviewer.name',
    'externalInterviewer.email',
    'startTime',
    'endTime',
    'descriptionForCandidate',
    'remarks',
  ],
  // A timestamp has no derived input: the times are picked to the minute, in the person's own time.
  add: [
    {
      name: 'externalInterviewer.name',
      label: 'Outside interviewer',
      kind: 'text',
      half: true,
      description: 'Someone outside the agency (the client’s hiring manager): invited by mail, scores on a page of their own.',
    },
    { name: 'externalInterviewer.email', label: 'Their email', kind: 'email', half: true },
    { name: 'startTime', label: 'Starts', kind: 'dateTime', required: true, half: true },
    {
      name: 'endTime',
      label: 'Ends',
      kind: 'dateTime',
      required: true,
      half: true,
      after: (values) => <PanelBusyTimes userIds={values.interviewerIds} start={values.startTime} />,
    },
  ],
  change: {
    jobApplicationId: { label: 'Application', modes: ['create'], required: true },
    interviewType: { placeholder: 'First, Technical, Final…', required: true },
    medium: { label: 'How', required: true },
    onlineMeetingProvider: {
      label: 'Video service',
      description: 'For a video call: a Jitsi Meet room is made and sent with the invitation.',
    },
    interviewerIds: { label: 'Interviewers', required: true },
    descriptionForCandidate: { kind: 'textarea', label: 'For the candidate', description: 'Sent with the candidate’s invitation.' },
    remarks: { kind: 'textarea', label: 'Notes for the interviewers', description: 'Never sent to the candidate.' },
  },
};

/**
 * What the form sends: the scheduler's time zone on a new interview, and no outside interviewer when
 * both their boxes are empty (null on an edit, which takes them off).
 */
const payloadOf = (payload: Record<string, unknown>, mode: string, extra: Record<string, unknown> = {}) => {
  const external = payload.externalInterviewer as { name?: string; email?: string } | undefined;
  const noExternal = !external || (!external.name?.trim() && !external.email?.trim());
  const base = noExternal ? { ...payload, externalInterviewer: null } : payload;
  return mode === 'create' ? { ...base, ...extra, timeZone: ownTimeZone() } : base;
};

/** The day a `datetime-local` value falls on, in the person's own time: midnight to midnight. */
const dayOf = (local: string) => {
  const start = new Date(`${local.slice(0, 10)}T00:00`);
  return Number.isNaN(start.getTime()) ? null : { from: start, to: new Date(start.getTime() + 24 * 3600 * 1000) };
};

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** When the chosen panel is taken on the interview's day (their events, tasks due and interviews), as times only. */
const PanelBusyTimes = ({ userIds, start }: { userIds: unknown; start: unknown }) => {
  const ids = Array.isArray(userIds) ? (userIds as string[]) : [];
  const day = typeof start === 'string' && start ? dayOf(start) : null;
  const can = useCan();
  const busy = useQuery({
    queryKey: ['interview-busy-times', ids, day?.from.toISOString()],
    queryFn: ({ signal }) =>
      callApi(interviewBusyTimes, { userIds: ids, from: day?.from.toISOString() ?? '', to: day?.to.toISOString() ?? '' }, { signal }),
    enabled: ids.length > 0 && day !== null && can.call(interviewBusyTimes),
  });
  if (ids.length === 0 || !day || !busy.data) return null;
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm" fw={500}>
        The panel on {day.from.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' })}
      </Text>
      {busy.data.map((person) => (
        <Text key={person.userId} size="sm" c="dimmed">
          {person.name}:{' '}
          {person.busy.length === 0
            ? 'free all day'
            : `busy ${person.busy.map((slot) => `${timeOf(slot.start)}–${timeOf(slot.end)}`).join(', ')}`}
        </Text>
      ))}
    </Stack>
  );
};

const scoreOf = (row: { avgScorecard?: { score: string | null; points: number | null } | null }) =>
  row.avgScorecard?.points != null ? `${row.avgScorecard.score} (${row.avgScorecard.points})` : '';

/** The interview list and form, on the Interviews page and an application's Interviews tab. */
export const interviewScreen = screenTailoring({
  resource: interview,
  fields: formFields,
  columns: {
    pick: ['candidateId', 'jobId', 'interviewType', 'startTime', 'interviewerIds', 'status', 'score'],
    change: { startTime: { header: 'Starts' }, jobId: { header: 'Job' }, candidateId: { header: 'Candidate' } },
    add: [{ key: 'score', header: 'Score', render: scoreOf }] as Column<InterviewRow>[],
  } as never,
  filters: { omit: ['jobApplicationId'] },
});

/** The Interviews tab of an application: the application is the page's own, so the form does not ask for it. */
export const applicationInterviewScreen = screenTailoring({
  resource: interview,
  fields: { ...formFields, pick: formFields.pick?.filter((name) => name !== 'jobApplicationId') },
  columns: {
    pick: ['interviewType', 'startTime', 'interviewerIds', 'status', 'score'],
    change: { startTime: { header: 'Starts' } },
    add: [{ key: 'score', header: 'Score', render: scoreOf }] as Column<InterviewRow>[],
  } as never,
  filters: { pick: ['status'] },
});

/** One interviewer's scorecard: an overall verdict, remarks, and a rating per feedback category. */
const ScorecardModal = ({ row, onClose }: { row: InterviewRow; onClose: () => void }) => {
  const { user } = useSession();
  const mine = row.scorecard.find((entry) => entry.submittedBy._id === user?._id);
  const categories = useList(feedbackCategory, { limit: 'ALL', filter: { status: 'ACTIVE' } });
  const draft = useScorecardDraft(mine);
  const submit = useCall(interviewFeedback, { invalidates: [interview, crmJobApplication] });
  const send = () =>
    submit.mutate(
      {
        _id: row._id,
        scorecard: draft.scorecard(),
      },
      {
        onSuccess: () => {
          notifySuccess('Your scorecard is saved');
          onClose();
        },
        onError: (error) => notifyFailure(error, 'Scorecard not saved'),
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Scorecard: ${row.interviewType}`} size="lg">
      <Stack>
        <ScorecardFields
          draft={draft}
          error={submit.error}
          categories={(categories.data?.results ?? []).map((category) => ({
            ...category,
            rating: (category.rating ?? []).filter((option) => option.status === 'ACTIVE'),
          }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} loading={submit.isPending} disabled={!draft.overall}>
            Save scorecard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** The scorecards an interview has, as its opened record shows them. */
const Scorecards = ({ scorecard }: { scorecard: Scorecard[] }) => (
  <Stack gap="sm">
    <Text fw={600}>Scorecards</Text>
    {scorecard.length === 0 ? (
      <Text c="dimmed" size="sm">
        No scorecards yet.
      </Text>
    ) : (
      scorecard.map((entry) => (
        <Stack key={entry.submittedBy._id} gap={2}>
          <Text size="sm" fw={500}>
            {entry.submittedBy.name}: {entry.overallScore} ({overallScores[entry.overallScore as keyof typeof overallScores]}),{' '}
            {formatDateTime(entry.submittedAt)}
          </Text>
          {entry.scorecardItems.map((item) => (
            <Text key={item.category._id} size="sm">
              {item.category.label}: {item.score.label} ({item.score.points})
            </Text>
          ))}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.remarks}
          </Text>
        </Stack>
      ))
    )}
  </Stack>
);

/** The Score action of a row, for its interviewers and host while it is not cancelled. */
const useScoring = () => {
  const can = useCan();
  const { user } = useSession();
  const [scoring, setScoring] = useState<InterviewRow | null>(null);
  const mayScore = (row: InterviewRow) =>
    can.call(interviewFeedback) &&
    row.status !== 'CANCELLED' &&
    Boolean(user && (row.interviewerIds.includes(user._id) || row.hostUserId === user._id));
  const rowExtra = (row: InterviewRow) =>
    mayScore(row) ? (
      <Button size="compact-sm" variant="light" leftSection={<IconStar size={14} aria-hidden />} onClick={() => setScoring(row)}>
        Score
      </Button>
    ) : null;
  const modal = scoring ? <ScorecardModal row={scoring} onClose={() => setScoring(null)} /> : null;
  return { rowExtra, modal };
};

const statusLabels = {
  SCHEDULED: 'Set back to scheduled',
  COMPLETED: 'Mark completed',
  CANCELLED: 'Cancel interview',
  NO_SHOW: 'Mark no-show',
};

/** An application's interviews: schedule one for it, score, reschedule or cancel. */
export const ApplicationInterviews = ({ applicationId }: { applicationId: string }) => {
  const scoring = useScoring();
  return (
    <>
      <ResourceScreen
        {...applicationInterviewScreen}
        title="Interviews"
        noun="interview"
        headingOrder={2}
        fixedFilter={{ jobApplicationId: applicationId }}
        toPayload={(payload, mode) => payloadOf(payload, mode, { jobApplicationId: applicationId })}
        rowLabel={(row) => `${row.interviewType} interview`}
        statusLabels={statusLabels}
        rowExtra={scoring.rowExtra}
        recordExtra={(row) => <Scorecards scorecard={row.scorecard} />}
        emptyMessage="No interviews yet: schedule the first and the candidate and interviewers get the invitation."
      />
      {scoring.modal}
    </>
  );
};

/** /crm/interviews: every interview of the organisation, newest first. */
export const InterviewsPage = () => {
  const scoring = useScoring();
  return (
    <>
      <ResourceScreen
        {...interviewScreen}
        description="Scheduling mails the candidate and each interviewer a calendar invitation; a change mails the update, a cancellation withdraws it."
        toPayload={(payload, mode) => payloadOf(payload, mode)}
        rowLabel={(row) => `${row.interviewType} interview`}
        statusLabels={statusLabels}
        rowExtra={scoring.rowExtra}
        recordExtra={(row) => <Scorecards scorecard={row.scorecard} />}
      />
      {scoring.modal}
    </>
  );
};
