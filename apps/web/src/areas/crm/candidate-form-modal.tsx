import type { UploadedFile } from '@app/contract/conventions/common';
import { type CandidateDuplicate, candidate, mergeCandidates } from '@app/contract/resources/crm/candidate';
import { candidateCv, parseResumePdf, type ResumeDraftAnswer } from '@app/contract/resources/crm/candidate-cv';
import { Alert, Anchor, Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconFileText } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callApi, callRecord } from '../../kit/api';
import { useCan } from '../../kit/can';
import { type FormMode, fieldsFor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { type RecordOf, resourceKey } from '../../kit/use-resource';
import { candidateFormFields, candidatePayload } from './candidate-form';
import { duplicatesOf, type MergeDraftState, mergeDraftPath, mergePath } from './candidate-merge';
import { CvFileDrop, cvFileHint } from './cv-file-drop';
import { draftNotes, formValuesOfDraft, lookupSkillsOf } from './resume-draft';

type CandidateRecord = RecordOf<typeof candidate>;
type Outcome = { kind: 'saved'; record: CandidateRecord } | { kind: 'duplicates' };
type Pending = { duplicates: CandidateDuplicate[]; payload: Record<string, unknown> };

type DuplicateWarningProps = {
  mode: FormMode;
  duplicates: readonly CandidateDuplicate[];
  busy: boolean;
  /** Whether the user may make the call the merge makes; if not, they are told who can. */
  mayMerge: boolean;
  onOpen: () => void;
  onAnyway: () => void;
  onMerge: (duplicate: CandidateDuplicate) => void;
};

const nameOfDuplicate = (duplicate: CandidateDuplicate) =>
  duplicate.visible
    ? duplicate.name?.fullName || duplicate.itemId?.combined || 'Candidate'
    : `${duplicate.itemId?.combined ?? 'A candidate'} (a colleague’s)`;

/** Open and merge for one duplicate; wrapping rather than widening, so both stay in view. */
const DuplicateActions = ({
  duplicate,
  busy,
  mayMerge,
  onOpen,
  onMerge,
}: { duplicate: CandidateDuplicate } & Pick<DuplicateWarningProps, 'busy' | 'mayMerge' | 'onOpen' | 'onMerge'>) => {
  if (!duplicate.visible) return null;
  const name = nameOfDuplicate(duplicate);
  return (
    <Group gap="xs">
      <Anchor component={Link} to={`/crm/candidates/${duplicate._id}`} size="sm" onClick={onOpen} aria-label={`Open ${name}`}>
        Open
      </Anchor>
      {mayMerge && (
        <Button size="compact-sm" variant="light" disabled={busy} onClick={() => onMerge(duplicate)} aria-label={`Merge into ${name}`}>
          Merge into this one
        </Button>
      )}
    </Group>
  );
};

/** The candidates sharing the email or phone just typed, and the three ways on. */
export const DuplicateWarning = ({ mode, duplicates, busy, mayMerge, onOpen, onAnyway, onMerge }: DuplicateWarningProps) => {
  // A five-column table does not fit a phone: there each duplicate is a short card.
  const narrow = useMediaQuery('(max-width: 40em)');
  const actions = { busy, mayMerge, onOpen, onMerge };
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCopy size={18} aria-hidden />}
      title="This may be a candidate you already have"
      role="alert"
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {duplicates.length === 1 ? 'A candidate has' : `${duplicates.length} candidates have`} the same email or phone.
        </Text>
        {narrow ? (
          <Stack gap="xs" role="list" aria-label="Possible duplicates">
            {duplicates.map((duplicate) => (
              <Paper key={duplicate._id} withBorder p="xs" role="listitem" style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {nameOfDuplicate(duplicate)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[duplicate.itemId?.combined, duplicate.email, duplicate.phone].filter(Boolean).join(' · ')}
                </Text>
                <Box mt={6}>
                  <DuplicateActions duplicate={duplicate} {...actions} />
                </Box>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table withTableBorder striped layout="fixed" aria-label="Possible duplicates" style={{ overflowWrap: 'anywhere' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th w="14%">Reference</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th w="18%">Phone</Table.Th>
                <Table.Th w={mayMerge ? 190 : 70}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {duplicates.map((duplicate) => (
                <Table.Tr key={duplicate._id}>
                  <Table.Td>{nameOfDuplicate(duplicate)}</Table.Td>
                  <Table.Td>{duplicate.itemId?.combined}</Table.Td>
                  <Table.Td>{duplicate.email}</Table.Td>
                  <Table.Td>{duplicate.phone}</Table.Td>
                  <Table.Td>
                    <DuplicateActions duplicate={duplicate} {...actions} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!mayMerge && duplicates.some((duplicate) => duplicate.visible) && (
          <Text size="xs" c="dimmed">
            {mode === 'create'
              ? 'Adding these details to an existing candidate needs write access to Candidates.'
              : 'Merging candidates needs full access to Candidates.'}{' '}
            Your organisation admin can do it, or give your role that access.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" loading={busy} onClick={onAnyway}>
            {mode === 'create' ? 'Create anyway' : 'Save anyway'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
};

type CvChoiceProps = {
  value: UploadedFile | null;
  onChange: (file: UploadedFile | null) => void;
  /** Reads the CV into the form; absent when the user may not. */
  onFill?: () => void;
  filling: boolean;
};

/**
 * The new candidate's CV, uploaded as soon as it is dropped (so a wrong file is said before saving)
 * and saved with the candidate in one write. Who may not add CVs is told so, and saves without one.
 */
const CvChoice = ({ value, onChange, onFill, filling }: CvChoiceProps) => {
  const can = useCan();
  if (!can.do(candidateCv, 'create')) {
    return (
      <Text size="sm" c="dimmed" role="note">
        Adding a CV needs write access to Candidate CVs: the candidate is saved without one. Your organisation admin can add it, or give
        your role that access.
      </Text>
    );
  }
  if (value) {
    return (
      <Paper withBorder p="sm" role="group" aria-label="CV">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFileText size={18} aria-hidden />
            <Text size="sm" truncate>
              CV: {value.originalName}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {onFill && value.url && (
              <Button variant="light" size="compact-sm" loading={filling} onClick={onFill}>
                Fill from this CV
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => onChange(null)}
              aria-label={`Remove ${value.originalName}`}
            >
              Remove
            </Button>
          </Group>
        </Group>
      </Paper>
    );
  }
  return (
    <CvFileDrop
      label="Drop the candidate’s CV here (optional)"
      hint={`${cvFileHint}; it becomes their default CV`}
      buttonLabel="Choose a CV"
      onUploaded={async (file) => onChange(file)}
    />
  );
};

/** What the CV said that the form has no field for: shown for review, not saved with the candidate. */
const DraftNotes = ({ draft }: { draft: ResumeDraftAnswer }) => {
  const notes = draftNotes(draft);
  const parts = [
    ['Work history', notes.workHistory],
    ['Education', notes.education],
    ['Skills', notes.skills],
  ] as const;
  return (
    <Alert color="blue" variant="light" title="Filled from the CV: check the form against it" role="status">
      <Stack gap={4}>
        <Text size="sm">
          The fields above were filled from the CV. It also lists (not saved with the candidate; add them on their profile):
        </Text>
        {parts.map(([label, lines]) => (
          <Text key={label} size="sm">
            <strong>{label}:</strong> {lines.length ? lines.join('; ') : 'none found'}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
};

type CandidateFormModalProps = { mode: FormMode; record?: CandidateRecord; opened: boolean; onClose: () => void };

/**
 * The candidate's create or edit form in a dialog. When the email or phone is already a candidate's
 * (the server's 409), it lists them at the top, scrolled to and announced, and offers to open one,
 * save anyway, or merge: a new candidate's typed details go to the merge screen unsaved (the
 * existing one takes what is chosen, nothing is created); an edited one is saved, then merged.
 */
export const CandidateFormModal = ({ mode, record, opened, onClose }: CandidateFormModalProps) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [cv, setCv] = useState<UploadedFile | null>(null);
  const [draft, setDraft] = useState<ResumeDraftAnswer | null>(null);
  const [filled, setFilled] = useState<{ key: number; values: Record<string, unknown> }>({ key: 0, values: { status: 'ACTIVE' } });
  const [filling, setFilling] = useState(false);
  const can = useCan();
  // The draft is checked beside the PDF it came from, where there is room for both.
  const wide = useMediaQuery('(min-width: 75em)');
  const preview = Boolean(draft && wide && cv?.url && cv.mimeType === 'application/pdf');
  const mayMerge = mode === 'create' ? can.do(candidate, 'update') : can.call(mergeCandidates);
  const warningRef = useRef<HTMLDivElement>(null);
  const createdMessage = mode === 'edit' ? 'Candidate saved' : cv ? 'Candidate created with their CV' : 'Candidate created';

  // The submit button is at the bottom of a long form; the warning is at the top: take the user there.
  useEffect(() => {
    if (!pending) return;
    warningRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    warningRef.current?.focus({ preventScroll: true });
    notifications.show({
      color: 'yellow',
      title: 'Possible duplicate',
      message: 'Check the candidates listed at the top of the form before saving.',
    });
  }, [pending]);

  // A new candidate's CV goes in the same write: both are saved, or neither.
  const send = (payload: Record<string, unknown>) =>
    mode === 'create'
      ? callRecord(candidate, 'create', { ...payload, ...(cv ? { cvFile: cv } : {}), ...(draft ? { skills: lookupSkillsOf(draft) } : {}) })
      : callRecord(candidate, 'update', { ...payload, _id: record?._id });

  const close = () => {
    setPending(null);
    setCv(null);
    setDraft(null);
    setFilled({ key: 0, values: { status: 'ACTIVE' } });
    onClose();
  };

  // The CV's draft becomes the form's values (the form is drawn again with them); saving still checks duplicates.
  const fillFromCv = async () => {
    if (!cv?.url) return;
    setFilling(true);
    try {
      const read = await callApi(parseResumePdf, { url: cv.url });
      setDraft(read);
      setFilled((before) => ({ key: before.key + 1, values: formValuesOfDraft(read, before.values) }));
      notifySuccess('The form is filled from the CV: check it before saving');
    } catch (error) {
      notifyFailure(error);
    } finally {
      setFilling(false);
    }
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

  const mergeInto = (duplicate: CandidateDuplicate) => {
    if (!pending) return;
    if (mode === 'edit') {
      void anyway(duplicate);
      return;
    }
    const state: MergeDraftState = { draft: pending.payload };
    if (cv) {
      notifications.show({
        color: 'yellow',
        title: 'The CV is not attached',
        message: `Merging takes the typed details only: upload ${cv.originalName} on the candidate’s CVs tab.`,
        autoClose: false,
      });
    }
    close();
    navigate(mergeDraftPath(duplicate._id), { state });
  };

  const anyway = async (merge?: CandidateDuplicate) => {
    if (!pending) return;
    setBusy(true);
    try {
      const result = await send({ ...pending.payload, createAnyway: true });
      notifySuccess(createdMessage);
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
      size={preview ? '95%' : 'xl'}
      fullScreen={phone}
      centered
    >
      {opened && (
        <SimpleGrid cols={preview ? 2 : 1} spacing="lg">
          <Stack gap="md">
            {pending && (
              <Box ref={warningRef} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 16 }}>
                <DuplicateWarning
                  mode={mode}
                  duplicates={pending.duplicates}
                  busy={busy}
                  mayMerge={mayMerge}
                  onOpen={close}
                  onAnyway={() => anyway()}
                  onMerge={mergeInto}
                />
              </Box>
            )}
            {draft && mode === 'create' && <DraftNotes draft={draft} />}
            <FieldsForm<Outcome>
              key={filled.key}
              fields={fieldsFor(candidateFormFields, mode)}
              initial={mode === 'edit' ? record : filled.values}
              emptyStrings={mode === 'create' ? 'omit' : 'keep'}
              submitLabel={mode === 'create' ? 'Create candidate' : 'Save changes'}
              successMessage={(outcome) => (outcome.kind === 'saved' ? createdMessage : '')}
              footer={
                mode === 'create' ? (
                  <CvChoice
                    value={cv}
                    onChange={(file) => {
                      setCv(file);
                      if (!file) setDraft(null);
                    }}
                    onFill={can.call(parseResumePdf) ? fillFromCv : undefined}
                    filling={filling}
                  />
                ) : undefined
              }
              onSubmit={submit}
              onSuccess={(outcome) => {
                if (outcome.kind === 'saved') void saved(outcome.record);
              }}
              onCancel={close}
            />
          </Stack>
          {preview && cv?.url && (
            <Box style={{ position: 'sticky', top: 0, alignSelf: 'start' }}>
              <iframe
                title={`The CV: ${cv.originalName}`}
                src={cv.url}
                style={{ width: '100%', height: '80vh', border: '1px solid var(--mantine-color-gray-3)' }}
              />
            </Box>
          )}
        </SimpleGrid>
      )}
    </Modal>
  );
};
