import { applyForJob } from '@app/contract/resources/job-board/application';
import { Alert, Anchor, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFileText } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callApi, isApiError } from '../../kit/api';
import { FieldsForm } from '../../kit/fields-form';
import { appliedKey, myApplicationsKey } from '../board/use-applied-jobs';
import { useSeekerProfile } from '../board/use-seeker-profile';

type ApplyDialogProps = { opened: boolean; onClose: () => void; job: { _id: string; title: string } };

/** Sends an application with the seeker's uploaded CV and, if they like, a cover note. */
export const ApplyDialog = ({ opened, onClose, job }: ApplyDialogProps) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const queryClient = useQueryClient();
  const profile = useSeekerProfile();
  const cv = profile.data?.cvDetail;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: appliedKey });
    void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
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
            try {
              return await callApi(applyForJob, { ...payload, jobId: job._id });
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
            profile.isSuccess &&
            (cv ? (
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size={36} aria-hidden>
                  <IconFileText size={20} />
                </ThemeIcon>
                <Text size="sm">
                  Your CV <strong>{cv.originalName}</strong> goes with it.{' '}
                  <Anchor component={Link} to="/seeker#cv" size="sm">
                    Change it
                  </Anchor>
                </Text>
              </Group>
            ) : (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="You have no CV yet">
                Employers need a CV to consider you.{' '}
                <Anchor component={Link} to="/seeker#cv">
                  Upload your CV in your profile
                </Anchor>
                , then come back to apply.
              </Alert>
            ))
          }
        />
      )}
    </Modal>
  );
};
