import { type CandidateDuplicate, candidate } from '@app/contract/resources/crm/candidate';
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callRecord } from '../../kit/api';
import { type FormMode, fieldsFor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { type RecordOf, resourceKey } from '../../kit/use-resource';
import { candidateFormFields, candidatePayload } from './candidate-form';
import { duplicatesOf, mergePath } from './candidate-merge';

type CandidateRecord = RecordOf<typeof candidate>;
type Outcome = { kind: 'saved'; record: CandidateRecord } | { kind: 'duplicates' };
type Pending = { duplicates: CandidateDuplicate[]; payload: Record<string, unknown> };

type DuplicateWarningProps = {
  mode: FormMode;
  duplicates: readonly CandidateDuplicate[];
  busy: boolean;
  onOpen: () => void;
  onAnyway: () => void;
  onMerge: (duplicate: CandidateDuplicate) => void;
};

/** The candidates sharing the email or phone just typed, and the three ways on. */
export const DuplicateWarning = ({ mode, duplicates, busy, onOpen, onAnyway, onMerge }: DuplicateWarningProps) => (
  <Alert
    color="yellow"
    variant="light"
    icon={<IconCopy size={18} aria-hidden />}
    title="This may be a candidate you already have"
    role="alert"
  >
    <Stack gap="sm">
      <Text size="sm">{duplicates.length === 1 ? 'A candidate has' : `${duplicates.length} candidates have`} the same email or phone.</Text>
      <Table withTableBorder striped aria-label="Possible duplicates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {duplicates.map((duplicate) => {
            const name = duplicate.visible
              ? duplicate.name?.fullName || duplicate.itemId?.combined || 'Candidate'
              : `${duplicate.itemId?.combined ?? 'A candidate'} (a colleague’s)`;
            return (
              <Table.Tr key={duplicate._id}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{duplicate.itemId?.combined}</Table.Td>
                <Table.Td>{duplicate.email}</Table.Td>
                <Table.Td>{duplicate.phone}</Table.Td>
                <Table.Td>
                  {duplicate.visible && (
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/crm/candidates/${duplicate._id}`}
                        size="sm"
                        onClick={onOpen}
                        aria-label={`Open ${name}`}
                      >
                        Open
                      </Anchor>
                      <Button
                        size="compact-sm"
                        variant="light"
                        disabled={busy}
                        onClick={() => onMerge(duplicate)}
                        aria-label={`Merge into ${name}`}
                      >
                        Merge into this one
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" loading={busy} onClick={onAnyway}>
          {mode === 'create' ? 'Create anyway' : 'Save anyway'}
        </Button>
      </Group>
    </Stack>
  </Alert>
);

type CandidateFormModalProps = { mode: FormMode; record?: CandidateRecord; opened: boolean; onClose: () => void };

/**
 * The candidate's create or edit form in a dialog. When the email or phone is already a candidate's
 * (the server's 409), it lists them and offers to open one, save anyway, or save and merge the two.
 */
export const CandidateFormModal = ({ mode, record, opened, onClose }: CandidateFormModalProps) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const send = (payload: Record<string, unknown>) =>
    mode === 'create' ? callRecord(candidate, 'create', payload) : callRecord(candidate, 'update', { ...payload, _id: record?._id });

  const close = () => {
    setPending(null);
    onClose();
  };
  const saved = async (saved: CandidateRecord, then?: string) => {
    await queryClient.invalidateQueries({ queryKey: resourceKey(candidate) });
    close();
    if (then) navigate(then);
    else if (mode === 'create') navigate(`/crm/candidates/${saved._id}`);
  };

  const submit = async (values: Record<string, unknown>): Promise<Outcome> => {
    const payload = candidatePayload(values, mode, record as Record<string, unknown> | undefined);
    try {
      return { kind: 'saved', record: await send(payload) };
    } catch (error) {
      const duplicates = duplicatesOf(error);
      if (!duplicates) throw error;
      setPending({ duplicates, payload });
      return { kind: 'duplicates' };
    }
  };

  const anyway = async (merge?: CandidateDuplicate) => {
    if (!pending) return;
    setBusy(true);
    try {
      const result = await send({ ...pending.payload, createAnyway: true });
      notifySuccess(mode === 'create' ? 'Candidate created' : 'Candidate saved');
      await saved(result, merge ? mergePath(merge._id, result._id) : undefined);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={mode === 'create' ? 'Add candidate' : 'Edit candidate'}
      size="xl"
      fullScreen={phone}
      centered
    >
      {opened && (
        <Stack gap="md">
          {pending && (
            <DuplicateWarning
              mode={mode}
              duplicates={pending.duplicates}
              busy={busy}
              onOpen={close}
              onAnyway={() => anyway()}
              onMerge={(duplicate) => anyway(duplicate)}
            />
          )}
          <FieldsForm<Outcome>
            fields={fieldsFor(candidateFormFields, mode)}
            initial={mode === 'edit' ? record : { status: 'ACTIVE' }}
            emptyStrings={mode === 'create' ? 'omit' : 'keep'}
            submitLabel={mode === 'create' ? 'Create candidate' : 'Save changes'}
            successMessage={(outcome) => (outcome.kind === 'saved' ? (mode === 'create' ? 'Candidate created' : 'Candidate saved') : '')}
            onSubmit={submit}
            onSuccess={(outcome) => {
              if (outcome.kind === 'saved') void saved(outcome.record);
            }}
            onCancel={close}
          />
        </Stack>
      )}
    </Modal>
  );
};
