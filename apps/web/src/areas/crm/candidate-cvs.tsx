import type { candidate } from '@app/contract/resources/crm/candidate';
import { candidateCv, setDefaultCandidateCv } from '@app/contract/resources/crm/candidate-cv';
import { type CandidateForCv, cvDraftOfCandidate } from '@app/contract/resources/crm/candidate-cv-draft';
import { type CvTemplateSlug, defaultAccentColor } from '@app/contract/resources/job-board/cv-document';
import { cvTemplateCatalogue } from '@app/documents/catalogue';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconExternalLink, IconEye, IconEyeOff, IconFileText, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type Can, useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { RichTextInput } from '../../kit/rich-text-input';
import { type RecordOf, useCall, useCreate, useList, useRemove } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { AccentColourInput } from '../documents/accent-colour-input';
import { TemplatePicker } from '../documents/template-picker';
import { CvFileDrop, cvFileHint } from './cv-file-drop';

type CvRecord = RecordOf<typeof candidateCv>;
type CandidateRecord = RecordOf<typeof candidate>;

/** A browser draws PDFs and images itself; other files (Word) can only be opened (downloaded). */
export const previewable = (mimeType: string | undefined) =>
  Boolean(mimeType && (mimeType === 'application/pdf' || mimeType.startsWith('image/')));

const templateChoices = cvTemplateCatalogue.map((entry) => ({ value: entry.slug, title: entry.title, description: entry.description }));

type BuildValues = { cvTitle: string; templateSlug: CvTemplateSlug; accentColor: string; designation: string; professionalSummary: string };

/**
 * Builds a CV for the candidate with the job board's CV designs: the recruiter picks the design and
 * adjusts the headline and summary; everything else (contact details, experience, education,
 * skills, projects) comes from the candidate's profile, as the server fills it in.
 */
const BuildCvModal = ({ owner, opened, onClose }: { owner: CandidateRecord; opened: boolean; onClose: () => void }) => {
  const draft = cvDraftOfCandidate(owner as unknown as CandidateForCv);
  const initial: BuildValues = {
    cvTitle: `${owner.name.fullName ?? owner.name.first} CV`,
    templateSlug: 'classic',
    accentColor: defaultAccentColor,
    designation: draft.designation,
    professionalSummary: draft.professionalSummary,
  };
  const [values, setValues] = useState<BuildValues>(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreate(candidateCv);
  const set = <K extends keyof BuildValues>(key: K, value: BuildValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const close = () => {
    setValues(initial);
    setFailure(null);
    onClose();
  };
  const submit = () => {
    setFailure(null);
    create.mutate(
      { jobSeekerId: owner._id, type: 'BUILT', ...values },
      {
        onSuccess: () => {
          notifySuccess('The CV is built');
          close();
        },
        onError: (error) => setFailure(messageOf(error)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Build a CV" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Contact details, experience, education, skills and projects are taken from the candidate’s profile.
        </Text>
        <TextInput label="CV title" value={values.cvTitle} onChange={(event) => set('cvTitle', event.currentTarget.value)} />
        <TemplatePicker
          label="Design"
          choices={templateChoices}
          value={values.templateSlug}
          onChange={(value) => set('templateSlug', value as CvTemplateSlug)}
        />
        <AccentColourInput value={values.accentColor} onChange={(value) => set('accentColor', value)} />
        <TextInput
          label="Designation"
          description="The headline under the name"
          required
          value={values.designation}
          onChange={(event) => set('designation', event.currentTarget.value)}
        />
        <RichTextInput
          label="Professional summary"
          required
          value={values.professionalSummary}
          onChange={(value) => set('professionalSummary', value)}
        />
        {failure && (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Build CV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

const CvRow = ({ cv }: { cv: CvRecord }) => {
  const can = useCan();
  const [previewing, setPreviewing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useRemove(candidateCv);
  const setDefault = useCall(setDefaultCandidateCv, { invalidates: [candidateCv] });
  const file = cv.file;
  const title = cv.cvTitle || file?.originalName || 'CV';
  // The answer carries a signed, expiring link to the file; it is read fresh with the list.
  const url = file?.url;
  const makeDefault = () =>
    setDefault.mutate(
      { _id: cv._id, isDefault: true },
      { onSuccess: () => notifySuccess(`${title} is now the default CV`), onError: (error) => notifyFailure(error) },
    );
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{title}</Text>
              <Badge variant="light" color={cv.type === 'BUILT' ? 'grape' : 'blue'}>
                {cv.type === 'BUILT' ? 'Built' : 'Uploaded'}
              </Badge>
              {cv.isDefault && <Badge variant="outline">Default</Badge>}
            </Group>
            <Text size="xs" c="dimmed">
              {cv.type === 'BUILT' && cv.document ? `${cv.document.templateSlug} design · ` : ''}
              {file?.originalName ? `${file.originalName} · ` : ''}
              Added {formatDateTime(cv.createdAt)}
            </Text>
          </Stack>
          <Group gap="xs">
            {url && previewable(file?.mimeType) && (
              <Button
                variant="light"
                size="xs"
                leftSection={previewing ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
                onClick={() => setPreviewing((shown) => !shown)}
                aria-expanded={previewing}
              >
                {previewing ? 'Hide preview' : 'Preview'}
              </Button>
            )}
            {url && (
              <>
                <Anchor href={url} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
                  Open <IconExternalLink size={14} aria-hidden />
                </Anchor>
                <Anchor href={url} download={file?.originalName} size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
                  Download <IconDownload size={14} aria-hidden />
                </Anchor>
              </>
            )}
            {!url && (
              <Text size="sm" c="dimmed">
                No file drawn yet
              </Text>
            )}
            {!cv.isDefault && can.call(setDefaultCandidateCv) && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconStar size={16} aria-hidden />}
                onClick={makeDefault}
                loading={setDefault.isPending}
              >
                Make default
              </Button>
            )}
            {can.do(candidateCv, 'remove') && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
          </Group>
        </Group>
        {previewing && url && (
          <iframe
            title={`Preview of ${title}`}
            src={url}
            style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-3)' }}
          />
        )}
      </Stack>
      <ConfirmModal
        opened={deleting}
        title="Delete this CV?"
        message={`${title} will no longer be listed for the candidate.`}
        confirmLabel="Delete CV"
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(
            { _id: cv._id },
            {
              onSuccess: () => {
                setDeleting(false);
                notifySuccess('The CV is deleted');
              },
              onError: (error) => notifyFailure(error),
            },
          )
        }
      />
    </Paper>
  );
};

/** The file's upload, then the CV: one drop or choice, one outcome said where it was dropped. */
const UploadCv = ({ owner }: { owner: CandidateRecord }) => {
  const create = useCreate(candidateCv);
  return (
    <CvFileDrop
      label="Drop a CV here to upload it"
      hint={cvFileHint}
      buttonLabel="Upload a CV"
      onUploaded={async (file) => {
        await create.mutateAsync({ jobSeekerId: owner._id, file });
        notifySuccess(`${file.originalName} is added to the CVs`);
      }}
    />
  );
};

const whoCan = 'Your organisation admin can do it, or give your role that access.';

/** What the user's role does not let them do with CVs, and who can: said instead of buttons they cannot use. */
export const cvLimitsOf = (can: Can) => {
  if (!can.do(candidateCv, 'create') || !can.call(setDefaultCandidateCv)) {
    return `Adding a CV or choosing the default needs write access to Candidate CVs, and deleting one needs full access. ${whoCan}`;
  }
  if (!can.do(candidateCv, 'remove')) return `Deleting a CV needs full access to Candidate CVs. ${whoCan}`;
  return null;
};

/** The candidate's CVs, uploaded and built, newest first; each previewed, opened or downloaded through its signed link. */
export const CandidateCvs = ({ owner }: { owner: CandidateRecord }) => {
  const can = useCan();
  const mayRead = can.do(candidateCv, 'list');
  const mayAdd = can.do(candidateCv, 'create');
  const [building, setBuilding] = useState(false);
  const query = useList(candidateCv, { page: 1, limit: 50, filter: { jobSeekerId: owner._id } }, { enabled: mayRead });
  if (!mayRead) {
    return (
      <Alert color="gray" role="note" title="You cannot see this candidate’s CVs">
        Seeing CVs needs read access to Candidate CVs. Your organisation admin can give your role that access.
      </Alert>
    );
  }
  const limits = cvLimitsOf(can);
  return (
    <Stack gap="sm" component="section" aria-label="CVs">
      {mayAdd && (
        <>
          <UploadCv owner={owner} />
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconFileText size={16} aria-hidden />} onClick={() => setBuilding(true)}>
              Build a CV
            </Button>
          </Group>
        </>
      )}
      {limits && (
        <Text size="sm" c="dimmed" role="note">
          {limits}
        </Text>
      )}
      {query.isPending ? (
        <Skeleton height={80} role="status" aria-label="Loading the CVs" />
      ) : query.isError ? (
        <Text c="red">{messageOf(query.error)}</Text>
      ) : query.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No CVs yet.
        </Text>
      ) : (
        query.data.results.map((cv) => <CvRow key={cv._id} cv={cv} />)
      )}
      {building && <BuildCvModal owner={owner} opened={building} onClose={() => setBuilding(false)} />}
    </Stack>
  );
};
