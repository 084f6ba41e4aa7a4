import { feedbackCategory } from '@app/contract/resources/crm/feedback-category';
import { feedback } from '@app/contract/resources/hiring/feedback';
import { crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { skill } from '@app/contract/resources/job-board/lookups';
import { Badge, Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { callResource } from '../../kit/api';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import { type RecordOf, resourceKey, useList } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { ScorecardFields, useScorecardDraft } from './scorecard-fields';

export type FeedbackRecord = RecordOf<typeof feedback>;

const skillScores = ['1', '2', '3', '4', '5'].map((value) => ({ value, label: `${value} of 5` }));

/** Who gave it and how, in a client's or a recruiter's words. */
const givenBy = (row: FeedbackRecord) =>
  row.submissionType === 'STAFF' ? `Recorded by ${row.submittedBy?.name ?? 'the agency'}` : `From ${row.submittedBy?.name ?? 'the client'}`;

/** One piece of feedback, or a request still waiting for it, as staff and the client read it. */
export const FeedbackCard = ({ row, title, actions }: { row: FeedbackRecord; title?: ReactNode; actions?: ReactNode }) => (
  <Paper withBorder radius="md" p="md">
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{title ?? (row.status === 'PENDING' ? 'Waiting for the client’s feedback' : givenBy(row))}</Text>
        <Group gap="xs">
          {row.sharedWithUserId && (
            <Badge variant="light" color="grape" radius="sm">
              Shared with the candidate
            </Badge>
          )}
          {row.overallScore ? (
            <Badge
              variant="light"
              color={row.overallScore.points >= 4 ? 'teal' : row.overallScore.points <= 2 ? 'red' : 'yellow'}
              radius="sm"
            >
              {row.overallScore.points}: {row.overallScore.score}
            </Badge>
          ) : (
            <Badge variant="light" color="gray" radius="sm">
              Pending
            </Badge>
          )}
        </Group>
      </Group>
      {row.status === 'PENDING' ? (
        <Text size="sm" c="dimmed">
          Asked {formatDateTime(row.createdAt)}
          {row.requestedFrom.length > 0 && ` of ${row.requestedFrom.map((person) => person.label ?? 'a portal user').join(', ')}`}
          {row.requestMessage && `: “${row.requestMessage}”`}
        </Text>
      ) : (
        <>
          {row.submittedAt && (
            <Text size="sm" c="dimmed">
              {formatDateTime(row.submittedAt)}
            </Text>
          )}
          {row.scorecardItems.map((item) => (
            <Text key={item.category._id} size="sm">
              {item.category.label}: {item.score.label}
              {item.remarks && `, ${item.remarks}`}
            </Text>
          ))}
          {row.skillScorecard.map((entry) => (
            <Text key={entry.skillId} size="sm">
              {entry.skill}: {entry.score} of 5{entry.remarks && `, ${entry.remarks}`}
            </Text>
          ))}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {row.remarks}
          </Text>
        </>
      )}
      {actions && (
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {actions}
        </Group>
      )}
    </Stack>
  </Paper>
);

type FeedbackTarget =
  /** New feedback on an application: the client's own, or what staff heard from them. */
  | { kind: 'create'; jobApplicationId: string }
  /** The answer to a waiting request, or a change to one's own feedback (`earlier`). */
  | { kind: 'answer'; _id: string; earlier?: FeedbackRecord };

/**
 * The feedback form: the overall verdict, a rating per feedback category, skills scored 1 to 5, and
 * the remarks; it answers a waiting request, changes earlier feedback or gives new feedback.
 */
export const FeedbackModal = ({ target, title, onClose }: { target: FeedbackTarget; title: string; onClose: () => void }) => {
  const earlier = target.kind === 'answer' && target.earlier?.status === 'SUBMITTED' ? target.earlier : null;
  const draft = useScorecardDraft(
    earlier?.overallScore
      ? { remarks: earlier.remarks ?? '', overallScore: earlier.overallScore.points, scorecardItems: earlier.scorecardItems }
      : null,
  );
  const [skills, setSkills] = useState<{ skillId: string; label: string; score: string }[]>(
    (earlier?.skillScorecard ?? []).map((entry) => ({ skillId: entry.skillId, label: entry.skill, score: String(entry.score) })),
  );
  const categories = useList(feedbackCategory, { limit: 'ALL', filter: { status: 'ACTIVE' } });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => {
      const { remarks, overallScore, scorecardItems } = draft.scorecard();
      const answer = {
        remarks,
        overallScore,
        scorecardItems,
        skillScorecard: skills.map((entry) => ({ skillId: entry.skillId, score: Number(entry.score) })),
      };
      return target.kind === 'create'
        ? callResource(feedback, 'create', { ...answer, jobApplicationId: target.jobApplicationId })
        : callResource(feedback, 'update', { ...answer, _id: target._id });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(feedback) });
      await queryClient.invalidateQueries({ queryKey: resourceKey(crmJobApplication) });
      await queryClient.invalidateQueries({ queryKey: ['client-portal'] });
      notifySuccess('Your feedback is saved');
      onClose();
    },
    onError: (error) => notifyFailure(error, 'Feedback not saved'),
  });
  const addSkill = (value: string | string[], label?: string) => {
    const id = Array.isArray(value) ? value[0] : value;
    if (!id) return;
    setSkills((current) =>
      current.some((entry) => entry.skillId === id) ? current : [...current, { skillId: id, label: label ?? '', score: '3' }],
    );
  };
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack>
        <ScorecardFields
          draft={draft}
          error={save.error}
          errorPrefix=""
          categories={(categories.data?.results ?? []).map((category) => ({
            ...category,
            rating: (category.rating ?? []).filter((option) => option.status === 'ACTIVE'),
          }))}
        />
        <ReferencePicker
          target={{ resource: skill, labelField: 'label', filter: { status: 'ACTIVE' } }}
          label="Skills"
          description="Add the skills you saw and score each, 1 (weak) to 5 (excellent)."
          placeholder="Add a skill"
          value=""
          onChange={addSkill}
        />
        {skills.map((entry) => (
          <Group key={entry.skillId} align="flex-end" gap="xs" wrap="nowrap">
            <Select
              style={{ flex: 1 }}
              label={entry.label || 'Skill'}
              data={skillScores}
              value={entry.score}
              allowDeselect={false}
              onChange={(score) =>
                setSkills((current) =>
                  current.map((other) => (other.skillId === entry.skillId ? { ...other, score: score ?? '3' } : other)),
                )
              }
            />
            <Button
              variant="subtle"
              color="red"
              aria-label={`Remove ${entry.label || 'skill'}`}
              onClick={() => setSkills((current) => current.filter((other) => other.skillId !== entry.skillId))}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!draft.overall}>
            Save feedback
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
