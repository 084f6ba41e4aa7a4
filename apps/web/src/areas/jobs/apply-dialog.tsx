import { applyForJob } from '@app/contract/resources/job-board/application';
import { coverLetter as coverLetterResource } from '@app/contract/resources/job-board/cover-letter';
import { cv as cvResource } from '@app/contract/resources/job-board/cv';
import { Alert, Anchor, Badge, Group, Modal, Radio, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFileCv, IconFileText } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { callApi, isApiError } from '../../kit/api';
import { FieldsForm } from '../../kit/fields-form';
import { useList } from '../../kit/use-resource';
import { appliedKey, myApplicationsKey } from '../board/use-applied-jobs';
import { useSeekerProfile } from '../board/use-seeker-profile';

type ApplyDialogProps = { opened: boolean; onClose: () => void; job: { _id: string; title: string } };

/** The uploaded file's choice; a built CV's is its id. */
const uploaded = 'uploaded';

/**
 * Sends an application with the CV the seeker chooses (one they built, the default first, or the
 * file they uploaded) and, if they like, a cover note.
 */
export const ApplyDialog = ({ opened, onClose, job }: ApplyDialogProps) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const queryClient = useQueryClient();
  const profile = useSeekerProfile();
  const built = useList(cvResource, { limit: 'ALL' }, { enabled: opened });
  const file = profile.data?.cvDetail;
  const cvs = built.data?.results ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const letters = useList(coverLetterResource, { limit: 'ALL' }, { enabled: opened });
  const [letterId, setLetterId] = useState<string | null>(null);

  // The default built CV is chosen to begin with (the list has it first), else the uploaded file.
  useEffect(() => {
    if (!opened) {
      setLetterId(null);
      return setChoice(null);
    }
    if (choice !== null || !built.isSuccess || !profile.isSuccess) return;
    setChoice(cvs[0]?._id ?? (file ? uploaded : null));
  }, [opened, choice, built.isSuccess, profile.isSuccess, cvs, file]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: appliedKey });
    void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
  };

  const ready = built.isSuccess && profile.isSuccess;
  const noCv = ready && cvs.length === 0 && !file;

  const chooser = () => {
    if (!ready) return <Skeleton height={72} radius="md" role="status" aria-label="Loading your CVs" />;
    if (noCv) {
      return (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="You have no CV yet">
          Employers need a CV to consider you.{' '}
          <Anchor component={Link} to="/seeker/cvs/new">
            Build a CV
          </Anchor>{' '}
          from your profile in a few minutes, or{' '}
          <Anchor component={Link} to="/seeker#cv">
            Upload your CV in your profile
          </Anchor>
          , then come back to apply.
        </Alert>
      );
    }
    return (
      <Radio.Group label="CV to send" value={choice} onChange={setChoice}>
        <Stack gap="xs" mt="xs">
          {cvs.map((cv) => (
            <Radio.Card key={cv._id} value={cv._id} radius="md" p="sm" aria-label={`${cv.cvTitle}${cv.isDefault ? ' (default)' : ''}`}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <IconFileCv size={20} aria-hidden />
                <Text size="sm" fw={500} style={{ flex: 1 }}>
                  {cv.cvTitle}
                </Text>
                {cv.isDefault && (
                  <Badge variant="light" color="teal" size="sm" radius="sm">
                    Default
                  </Badge>
                )}
              </Group>
            </Radio.Card>
          ))}
          {file && (
            <Radio.Card value={uploaded} radius="md" p="sm" aria-label={`Uploaded file ${file.originalName}`}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <IconFileText size={20} aria-hidden />
                <Text size="sm" style={{ flex: 1 }}>
                  Uploaded file <strong>{file.originalName}</strong>
                </Text>
              </Group>
            </Radio.Card>
          )}
        </Stack>
        <Text size="sm" c="dimmed" mt="xs">
          {cvs.length === 0 ? (
            <>
              Want a tidier CV?{' '}
              <Anchor component={Link} to="/seeker/cvs/new" size="sm">
                Build a CV
              </Anchor>{' '}
              from your profile.
            </>
          ) : (
            <>
              <Anchor component={Link} to="/seeker/cvs" size="sm">
                Manage my CVs
              </Anchor>
              {!file && (
                <>
                  {' · '}
                  <Anchor component={Link} to="/seeker#cv" size="sm">
                    Upload a CV file
                  </Anchor>
                </>
              )}
            </>
          )}
        </Text>
      </Radio.Group>
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Apply for ${job.title}`} size="lg" fullScreen={phone} centered>
      {opened && (
        <FieldsForm
          fields={[
            {
              name: 'coverLetter',
              label: 'Cover note (optional)',
              kind: 'textarea',
              description: 'A few lines on why you are a good fit. Your profile and CV are sent with it.',
            },
          ]}
          emptyStrings="omit"
          submitLabel="Send application"
          inlineErrors
          onSubmit={async (payload) => {
            const cv = choice === uploaded ? { useUploadedCv: true } : choice ? { cvId: choice } : {};
            const letter = letterId ? { coverLetterId: letterId } : {};
            try {
              return await callApi(applyForJob, { ...payload, ...cv, ...letter, jobId: job._id });
            } catch (error) {
              // Applied already (in another tab): the page catches up with that.
              if (isApiError(error) && error.status === 409) refresh();
              throw error;
            }
          }}
          successMessage="Your application has been sent"
          onSuccess={() => {
            refresh();
            onClose();
          }}
          onCancel={onClose}
          footer={
            <Stack gap="md">
              {chooser()}
              {(letters.data?.results.length ?? 0) > 0 && (
                <Select
                  label="Cover letter to send (optional)"
                  description="Sent as a PDF beside your CV."
                  placeholder="None"
                  clearable
                  data={(letters.data?.results ?? []).map((letter) => ({
                    value: letter._id as string,
                    label: `${letter.title}${letter.isDefault ? ' (default)' : ''}`,
                  }))}
                  value={letterId}
                  onChange={setLetterId}
                />
              )}
            </Stack>
          }
        />
      )}
    </Modal>
  );
};
