import { candidate, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowsJoin } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../kit/confirm-modal';
import { EmptyState } from '../../kit/empty-state';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { BackLink } from '../../kit/record-page';
import { useCall, useDetails } from '../../kit/use-resource';
import {
  defaultChoices,
  describeField,
  differingFields,
  type MergeChoices,
  type MergeSide,
  mergeFieldLabels,
  mergeMoves,
  mergePayload,
} from './candidate-merge';
import type { CandidateRecord } from './candidate-profile';

const nameOf = (record: CandidateRecord) =>
  `${record.name?.fullName || [record.name?.first, record.name?.last].filter(Boolean).join(' ') || 'Candidate'}${record.itemId?.combined ? ` (${record.itemId.combined})` : ''}`;

type Row = Record<string, unknown>;

const MergeForm = ({ survivor, merged }: { survivor: CandidateRecord; merged: CandidateRecord }) => {
  const navigate = useNavigate();
  const merge = useCall(mergeCandidates, { invalidates: [candidate] });
  const differing = differingFields(survivor as Row, merged as Row);
  const [choices, setChoices] = useState<MergeChoices>(() => defaultChoices(survivor as Row, merged as Row));
  const [confirming, setConfirming] = useState(false);
  const keep = nameOf(survivor);
  const remove = nameOf(merged);

  const run = async () => {
    try {
      const result = await merge.mutateAsync(mergePayload({ survivorId: survivor._id, mergedId: merged._id, choices, differing }));
      notifySuccess(`${remove} was merged into ${keep}`);
      navigate(`/crm/candidates/${result._id}`, { replace: true });
    } catch (error) {
      setConfirming(false);
      notifyFailure(error);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        {differing.length === 0 ? (
          <Text size="sm">The two candidates hold the same details; merging keeps them and joins everything linked to both.</Text>
        ) : (
          <Table aria-label="Fields to keep" verticalSpacing="sm" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="16%">Field</Table.Th>
                <Table.Th>Keep: {keep}</Table.Th>
                <Table.Th>Merge away: {remove}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differing.map((field) => (
                <Table.Tr key={field}>
                  <Table.Td fw={600}>{mergeFieldLabels[field]}</Table.Td>
                  {(['survivor', 'merged'] as const).map((side) => {
                    const value = describeField(field, (side === 'survivor' ? survivor : merged)[field]);
                    return (
                      <Table.Td key={side} style={{ overflowWrap: 'anywhere' }}>
                        <Radio
                          name={`merge-${field}`}
                          value={side}
                          checked={(choices[field] ?? 'survivor') === side}
                          onChange={() => setChoices((current) => ({ ...current, [field]: side as MergeSide }))}
                          aria-label={`${mergeFieldLabels[field]} from ${side === 'survivor' ? keep : remove}`}
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
      <Group justify="flex-end">
        <Button leftSection={<IconArrowsJoin size={16} aria-hidden />} onClick={() => setConfirming(true)}>
          Merge candidates
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title="Merge these candidates?"
        message={`${keep} is kept with the values chosen. Every one of ${remove}'s ${mergeMoves.join(', ')} moves to ${keep}, and ${remove} is removed; its address opens ${keep} from now on.`}
        confirmLabel="Merge"
        danger
        loading={merge.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};

/** /crm/candidates/merge?survivor=..&merged=..: the two side by side, a choice per differing field, then one merge call. */
export const CandidateMergePage = () => {
  const [params] = useSearchParams();
  const survivorId = params.get('survivor') ?? undefined;
  const mergedId = params.get('merged') ?? undefined;
  const survivor = useDetails(candidate, survivorId);
  const merged = useDetails(candidate, mergedId);

  const body = () => {
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
    return <MergeForm survivor={survivor.data} merged={merged.data} />;
  };

  return (
    <Stack gap="md">
      <BackLink to="/crm/candidates" label="All candidates" />
      <PageHeader title="Merge candidates" description="Choose which side's value each differing field keeps." />
      {body()}
    </Stack>
  );
};
