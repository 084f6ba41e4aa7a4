import { type jobApplicant, updateApplicationStatus } from '@app/contract/resources/job-board/application';
import { Anchor, Button, Collapse, Group, Menu, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconFileText, IconMail, IconPhone } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../kit/api';
import { ConfirmModal } from '../../kit/confirm-modal';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { StatusBadge } from '../../kit/status-badge';
import { formatDate, placeText } from '../board/labels';
import type { ApplicationStatus } from '../board/types';
import { StatusHistory } from '../seeker/status-history';

/** An applicant as the company's list answers them. */
export type Applicant = z.infer<typeof jobApplicant>;

export const applicantsKey = ['board', 'applicants'] as const;

/** The moves a recruiter makes, in the words of the action. */
const moves: { status: Exclude<ApplicationStatus, 'APPLIED' | 'WITHDRAWN'>; label: string; colour?: string }[] = [
  { status: 'VIEWED', label: 'Mark as viewed' },
  { status: 'SHORTLISTED', label: 'Shortlist', colour: 'teal' },
  { status: 'HIRED', label: 'Hire', colour: 'green' },
  { status: 'REJECTED', label: 'Reject', colour: 'red' },
];

const nameOf = (applicant: Applicant) =>
  applicant.jobSeeker.name.fullName || [applicant.jobSeeker.name.first, applicant.jobSeeker.name.last].filter(Boolean).join(' ');

/** One applicant: who, how to reach them, their CV and note, and where their application stands. */
export const ApplicantCard = ({ applicant }: { applicant: Applicant }) => {
  const queryClient = useQueryClient();
  const [open, { toggle }] = useDisclosure(false);
  const [rejecting, rejection] = useDisclosure(false);
  const name = nameOf(applicant);
  const seeker = applicant.jobSeeker;
  const move = useMutation({
    mutationFn: (status: (typeof moves)[number]['status']) => callApi(updateApplicationStatus, { _id: applicant._id, status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantsKey }),
  });

  const changeTo = async (status: (typeof moves)[number]['status'], quiet = false) => {
    try {
      await move.mutateAsync(status);
      if (!quiet) notifySuccess(`${name}: ${moves.find((m) => m.status === status)?.label.toLowerCase() ?? status}`);
    } catch (error) {
      notifyFailure(error);
    }
  };
  // A rejection mails the candidate and cannot be taken back, so it asks first.
  const choose = (status: (typeof moves)[number]['status']) => (status === 'REJECTED' ? rejection.open() : void changeTo(status));
  const reject = async () => {
    await changeTo('REJECTED');
    rejection.close();
  };
  const detailsId = `applicant-${applicant._id}`;
  const skills = (seeker.skills ?? []).map((skill) => skill.label).filter(Boolean);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={650} fz="lg">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {[placeText(seeker.address), `Applied ${formatDate(applicant.createdAt)}`].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap">
            <StatusBadge value={applicant.status} />
            <Menu position="bottom-end" shadow="md" width={200}>
              <Menu.Target>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                  aria-label={`Change status of ${name}`}
                  loading={move.isPending}
                >
                  Status
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {moves.map((m) => (
                  <Menu.Item key={m.status} color={m.colour} disabled={applicant.status === m.status} onClick={() => choose(m.status)}>
                    {m.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Anchor href={`mailto:${seeker.email}`} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              {seeker.email}
            </Group>
          </Anchor>
          <Anchor href={`tel:${seeker.phone.replace(/\s+/g, '')}`} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              {seeker.phone}
            </Group>
          </Anchor>
          {applicant.cvUrl && (
            <Anchor
              href={applicant.cvUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              aria-label={`CV of ${name}`}
              // Opening the CV of a new applicant marks them as viewed, as they will see.
              onClick={() => applicant.status === 'APPLIED' && void changeTo('VIEWED', true)}
            >
              <Group gap={4} wrap="nowrap">
                <IconFileText size={16} aria-hidden />
                Open CV
              </Group>
            </Anchor>
          )}
          {applicant.coverLetterFile?.url && (
            <Anchor
              href={applicant.coverLetterFile.url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              aria-label={`Cover letter of ${name}`}
            >
              <Group gap={4} wrap="nowrap">
                <IconFileText size={16} aria-hidden />
                Open cover letter
              </Group>
            </Anchor>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={toggle}
            aria-expanded={open}
            aria-controls={detailsId}
            rightSection={<IconChevronDown size={14} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />}
          >
            More
          </Button>
        </Group>
        <Collapse in={open} id={detailsId}>
          {open && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" pt="xs">
              <Stack gap="xs">
                {applicant.coverLetter && (
                  <div>
                    <Text size="sm" fw={600}>
                      Cover note
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {applicant.coverLetter}
                    </Text>
                  </div>
                )}
                {seeker.about && (
                  <div>
                    <Text size="sm" fw={600}>
                      About
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={8}>
                      {seeker.about}
                    </Text>
                  </div>
                )}
                {skills.length > 0 && (
                  <Text size="sm">
                    <strong>Skills:</strong> {skills.join(', ')}
                  </Text>
                )}
                {seeker.linkedInLink && (
                  <Anchor href={seeker.linkedInLink} target="_blank" rel="noopener noreferrer" size="sm">
                    LinkedIn profile
                  </Anchor>
                )}
              </Stack>
              <div>
                <Text size="sm" fw={600} mb="xs">
                  History
                </Text>
                <StatusHistory history={applicant.statusHistory} />
              </div>
            </SimpleGrid>
          )}
        </Collapse>
      </Stack>
      <ConfirmModal
        opened={rejecting}
        title={`Reject ${name}?`}
        message={`${name} will be emailed that their application was not successful this time. The email cannot be taken back.`}
        confirmLabel="Reject and email"
        danger
        loading={move.isPending}
        onConfirm={reject}
        onClose={rejection.close}
      />
    </Paper>
  );
};
