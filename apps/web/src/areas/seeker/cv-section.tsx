import { jobSeekerCvUrl, updateJobSeekerCv } from '@app/contract/resources/job-board/job-seeker';
import { Button, FileInput, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconFileText, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { callApi, uploadFile } from '../../kit/api';
import { messageOf, notifyFailure, notifySuccess } from '../../kit/notify';
import { SectionCard } from '../../kit/section-card';
import type { SeekerRecord } from '../board/types';
import { useSetSeekerProfile } from '../board/use-seeker-profile';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The CV that goes with every application: upload one (or a newer one) and open it. */
export const CvSection = ({ record }: { record: SeekerRecord }) => {
  const setProfile = useSetSeekerProfile();
  const [uploading, setUploading] = useState(false);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const cv = record.cvDetail;

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    setUploading(true);
    try {
      setProfile(await uploadFile(updateJobSeekerCv, file));
      notifySuccess('Your CV has been uploaded');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setUploading(false);
    }
  };

  const open = async () => {
    // The window opens at once (a later one would be blocked as a pop-up), then follows the signed link.
    const target = window.open('', '_blank');
    setOpening(true);
    try {
      const { url } = await callApi(jobSeekerCvUrl, {});
      if (target) target.location.href = url;
      else window.location.href = url;
    } catch (failure) {
      target?.close();
      notifyFailure(failure);
    } finally {
      setOpening(false);
    }
  };

  return (
    <SectionCard id="cv" title="CV" description="Sent with every application you make. PDF, DOC or DOCX, up to 10 MB.">
      {cv ? (
        <Paper withBorder p="sm" bg="gray.0">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" size={40} aria-hidden>
                <IconFileText size={22} />
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {cv.originalName}
                </Text>
                <Text size="sm" c="dimmed">
                  {sizeText(cv.size)}
                </Text>
              </Stack>
            </Group>
            <Button variant="default" leftSection={<IconExternalLink size={16} aria-hidden />} onClick={open} loading={opening}>
              Open CV
            </Button>
          </Group>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          You have not uploaded a CV yet. You need one to apply for jobs.
        </Text>
      )}
      <FileInput
        label={cv ? 'Replace your CV' : 'Upload your CV'}
        placeholder="Choose a file"
        accept="application/pdf,.pdf,.doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        leftSection={<IconUpload size={16} aria-hidden />}
        value={null}
        onChange={upload}
        error={error}
        disabled={uploading}
        description={uploading ? 'Uploading…' : undefined}
      />
    </SectionCard>
  );
};
