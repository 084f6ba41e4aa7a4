import { candidateCv } from '@app/contract/resources/crm/candidate-cv';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../kit/notify';
import { type RecordOf, useList } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';

type CvRecord = RecordOf<typeof candidateCv>;

/** A browser draws PDFs and images itself; other files (Word) can only be opened (downloaded). */
export const previewable = (mimeType: string | undefined) =>
  Boolean(mimeType && (mimeType === 'application/pdf' || mimeType.startsWith('image/')));

const CvRow = ({ cv }: { cv: CvRecord }) => {
  const [previewing, setPreviewing] = useState(false);
  const file = cv.file;
  const title = cv.cvTitle || file?.originalName || 'CV';
  // The answer carries a signed, expiring link to the file; it is read fresh with the list.
  const url = file?.url;
  return (
    <Paper withBorder p="md">
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
              {file?.originalName ? `${file.originalName} · ` : ''}
              Added {formatDateTime(cv.createdAt)}
            </Text>
          </Stack>
          {url ? (
            <Group gap="xs">
              {previewable(file?.mimeType) && (
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
              <Anchor href={url} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
                Open <IconExternalLink size={14} aria-hidden />
              </Anchor>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No file drawn yet
            </Text>
          )}
        </Group>
        {previewing && url && (
          <iframe
            title={`Preview of ${title}`}
            src={url}
            style={{ width: '100%', height: 640, border: '1px solid var(--mantine-color-gray-3)' }}
          />
        )}
      </Stack>
    </Paper>
  );
};

/** The candidate's CVs, uploaded and built, newest first; each opened or previewed through its signed link. */
export const CandidateCvs = ({ candidateId }: { candidateId: string }) => {
  const query = useList(candidateCv, { page: 1, limit: 50, filter: { jobSeekerId: candidateId } });
  if (query.isPending) return <Skeleton height={80} role="status" aria-label="Loading the CVs" />;
  if (query.isError) return <Text c="red">{messageOf(query.error)}</Text>;
  const cvs = query.data.results;
  return (
    <Stack gap="sm" aria-label="CVs">
      {cvs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No CVs yet.
        </Text>
      ) : (
        cvs.map((cv) => <CvRow key={cv._id} cv={cv} />)
      )}
    </Stack>
  );
};
