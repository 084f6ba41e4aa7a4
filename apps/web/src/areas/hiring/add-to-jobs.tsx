import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { addToLongList, crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import { useCall } from '../../kit/use-resource';

// Closed and archived jobs take no new applications (the server says so too).
const jobTarget = { resource: crmJob, labelField: 'title', filter: { status: ['DRAFT', 'PUBLISHED'] } };

/** Puts candidates on the long list of the jobs chosen (open jobs only); says what was added and what was there already. */
export const AddToJobsModal = ({ candidateIds, onClose }: { candidateIds: string[]; onClose: () => void }) => {
  const [jobIds, setJobIds] = useState<string[]>([]);
  const add = useCall(addToLongList, { invalidates: [crmJobApplication, crmJob] });
  const who = candidateIds.length === 1 ? 'the candidate' : `${candidateIds.length} candidates`;
  return (
    <Modal opened onClose={onClose} title={`Add ${who} to jobs`}>
      <Stack>
        <ReferencePicker
          target={jobTarget}
          multiple
          label="Jobs"
          description="Draft and published jobs; each candidate joins each job’s long list once"
          value={jobIds}
          onChange={(value) => setJobIds(value as string[])}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={jobIds.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { candidateIds, jobIds },
                {
                  onSuccess: (answer) => {
                    const there = answer.alreadyThere.length;
                    notifySuccess(
                      `${answer.added.length} added to the long list${there > 0 ? `; ${there} ${there === 1 ? 'was' : 'were'} there already` : ''}`,
                    );
                    onClose();
                  },
                  onError: (error) => notifyFailure(error, 'Not added'),
                },
              )
            }
          >
            Add to long list
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** "Add to job" on a candidate's page, for who may long-list. */
export const AddToJobsButton = ({ candidateId }: { candidateId: string }) => {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can.call(addToLongList)) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconBriefcase size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Add to job
      </Button>
      {open && <AddToJobsModal candidateIds={[candidateId]} onClose={() => setOpen(false)} />}
    </>
  );
};
