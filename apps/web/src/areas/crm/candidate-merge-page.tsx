import { candidate, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsJoin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { callRecord } from '../../kit/api';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { EmptyState } from '../../kit/empty-state';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { BackLink } from '../../kit/record-page';
import { resourceKey, useCall, useDetails } from '../../kit/use-resource';
import {
  defaultChoices,
  describeField,
  differingFields,
  draftCandidate,
  draftDifferingFields,
  draftMergePayload,
  draftOf,
  isGroupField,
  type MergeChoices,
  type MergeSide,
  mergedValue,
  mergeFieldLabels,
  mergeMoves,
  mergePayload,
} from './candidate-merge';
import type { CandidateRecord } from './candidate-profile';

const nameOf = (record: CandidateRecord) =>
  `${record.name?.fullName || [record.name?.first, record.name?.last].filter(Boolean).join(' ') || 'Candidate'}${record.itemId?.combined ? ` (${record.itemId.combined})` : ''}`;

type Row = Record<string, unknown>;

/** Said instead of the merge button to whoever may not make the call, so they know who can. */
const NotAllowed = ({ draft }: { draft: boolean }) => (
  <Alert color="gray" role="note" title="You cannot merge candidates">
    {draft
      ? 'Adding details to an existing candidate needs write access to Candidates.'
      : 'Merging deletes the merged candidate, so it needs full access to Candidates.'}{' '}
    Your organisation admin can merge them, or give your role that access.
  </Alert>
);

type MergeFormProps = {
  survivor: CandidateRecord;
  /** The other candidate, or the details typed in the add-candidate form when `draft`. */
  merged: Row;
  draft: boolean;
};

const MergeForm = ({ survivor, merged, draft }: MergeFormProps) => {
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const merge = useCall(mergeCandidates, { invalidates: [candidate] });
  const [saving, setSaving] = useState(false);
  const differing = draft ? draftDifferingFields(survivor as Row, merged) : differingFields(survivor as Row, merged);
  // The existing record's value, unless it has none: as for two saved candidates.
  const [choices, setChoices] = useState<MergeChoices>(() => defaultChoices(survivor as Row, merged));
  const [confirming, setConfirming] = useState(false);
  const allowed = draft ? can.do(candidate, 'update') : can.call(mergeCandidates);
  const keep = nameOf(survivor);
  const remove = draft ? 'the details typed' : nameOf(merged as CandidateRecord);
  const sideName = (side: MergeSide) => (side === 'survivor' ? keep : draft ? 'Typed details' : remove);

  const run = async () => {
    setSaving(true);
    try {
      if (draft) {
        // One update of the existing candidate: nothing is created, so a failure leaves nothing behind.
        await callRecord(candidate, 'update', draftMergePayload({ survivor: survivor as Row, draft: merged, choices, differing }));
        await queryClient.invalidateQueries({ queryKey: resourceKey(candidate) });
        notifySuccess(`The details typed were merged into ${keep}`);
        navigate(`/crm/candidates/${survivor._id}`, { replace: true });
        return;
      }
      const result = await merge.mutateAsync(
        mergePayload({ survivorId: survivor._id, mergedId: merged._id as string, choices, differing }),
      );
      notifySuccess(`${remove} was merged into ${keep}`);
      navigate(`/crm/candidates/${result._id}`, { replace: true });
    } catch (error) {
      setConfirming(false);
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        {differing.length === 0 ? (
          <Text size="sm">
            {draft
              ? `The details typed are ${keep}'s already; merging changes nothing on them.`
              : 'The two candidates hold the same details; merging keeps them and joins everything linked to both.'}
          </Text>
        ) : (
          <Table aria-label="Fields to keep" verticalSpacing="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="22%">Field</Table.Th>
                <Table.Th style={{ overflowWrap: 'anywhere' }}>Keep: {keep}</Table.Th>
                <Table.Th style={{ overflowWrap: 'anywhere' }}>{draft ? 'Typed details' : `Merge away: ${remove}`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differing.map((field) => (
                <Table.Tr key={field}>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {mergeFieldLabels[field]}
                    {isGroupField(field) && (
                      <Text size="xs" c="dimmed" fw={400}>
                        What one side lacks comes from the other
                      </Text>
                    )}
                  </Table.Td>
                  {(['survivor', 'merged'] as const).map((side) => {
                    const own = (side === 'survivor' ? survivor : merged) as Row;
                    const other = (side === 'survivor' ? merged : survivor) as Row;
                    // Each option shows what the field becomes if it is picked.
                    const value = describeField(field, mergedValue(field, own[field], other[field]));
                    return (
                      <Table.Td key={side} style={{ overflowWrap: 'anywhere' }}>
                        <Radio
                          name={`merge-${field}`}
                          value={side}
                          checked={(choices[field] ?? 'survivor') === side}
                          onChange={() => setChoices((current) => ({ ...current, [field]: side as MergeSide }))}
                          aria-label={`${mergeFieldLabels[field]} from ${sideName(side)}`}
                          label={
                            value || (
                              <Text span c="dimmed">
                                (empty)
                              </Text>
                            )
                          }
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {allowed ? (
        <Group justify="flex-end">
          <Button leftSection={<IconArrowsJoin size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            {draft ? `Merge into ${keep}` : 'Merge candidates'}
          </Button>
        </Group>
      ) : (
        <NotAllowed draft={draft} />
      )}
      <ConfirmModal
        opened={confirming}
        title={draft ? `Merge the details into ${keep}?` : 'Merge these candidates?'}
        message={
          draft
            ? `${keep} takes the values chosen. No new candidate is added.`
            : `${keep} is kept with the values chosen. Every one of ${remove}'s ${mergeMoves.join(', ')} moves to ${keep}, and ${remove} is removed; its address opens ${keep} from now on.`
        }
        confirmLabel="Merge"
        danger={!draft}
        loading={merge.isPending || saving}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};

/**
 * /crm/candidates/merge?survivor=..&merged=..: the two side by side, a choice per differing field,
 * then one merge call. With no `merged` and a draft in the navigation state: the details typed in
 * the add-candidate form beside the existing candidate, then one update of it.
 */
export const CandidateMergePage = () => {
  const [params] = useSearchParams();
  const survivorId = params.get('survivor') ?? undefined;
  const mergedId = params.get('merged') ?? undefined;
  const typed = draftOf(useLocation().state);
  const survivor = useDetails(candidate, survivorId);
  const merged = useDetails(candidate, mergedId);

  const body = () => {
    if (survivorId && !mergedId && typed) {
      if (survivor.isPending) return <Skeleton height={240} role="status" aria-label="Loading the candidate" />;
      if (survivor.isError) {
        return (
          <Alert color="red" role="alert">
            {messageOf(survivor.error)}
          </Alert>
        );
      }
      return <MergeForm survivor={survivor.data} merged={draftCandidate(survivor.data as Row, typed)} draft />;
    }
    if (!survivorId || !mergedId) {
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          title="Two candidates are needed"
          message="Open the merge from a duplicate warning."
        />
      );
    }
    if (survivor.isPending || merged.isPending) return <Skeleton height={240} role="status" aria-label="Loading the candidates" />;
    if (survivor.isError || merged.isError) {
      return (
        <Alert color="red" role="alert">
          {messageOf(survivor.error ?? merged.error)}
        </Alert>
      );
    }
    // A merged-away id answers its survivor: there is nothing left to merge.
    if (survivor.data._id === merged.data._id) {
      return <EmptyState icon={<IconArrowsJoin size={24} />} title="These are already one candidate" message={nameOf(survivor.data)} />;
    }
    return <MergeForm survivor={survivor.data} merged={merged.data as Row} draft={false} />;
  };

  return (
    <Stack gap="md">
      <BackLink to="/crm/candidates" label="All candidates" />
      <PageHeader title="Merge candidates" description="Choose which side's value each differing field keeps." />
      {body()}
    </Stack>
  );
};
