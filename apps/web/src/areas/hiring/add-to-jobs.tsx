import { candidate } from '@app/contract/resources/crm/candidate';
import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { addToLongList, crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBriefcase, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import { useCall } from '../../kit/use-resource';

// Closed and archived jobs take no new applications (the server says so too).
const jobTarget = { resource: crmJob, labelField: 'title', filter: { status: ['DRAFT', 'PUBLISHED'] } };
const candidateTarget = { resource: candidate, labelField: 'name.fullName' };

/** What a long-listing did, in words: how many applications it made and how many pairs were there already. */
export const longListWords = (answer: { added: readonly unknown[]; alreadyThere: readonly unknown[] }) => {
  const there = answer.alreadyThere.length;
  const already = there > 0 ? `; ${there} ${there === 1 ? 'was' : 'were'} there already` : '';
  return answer.added.length === 0 && there > 0
    ? `Already on the long list (${there})`
    : `${answer.added.length} added to the long list${already}`;
};

type LongListModalProps = { onClose: () => void } & (
  | { candidateIds: string[]; jobId?: never }
  | { jobId: string; jobTitle: string; candidateIds?: never }
);

/**
 * Long-lists from either side: candidates chosen onto one job (the job page), or jobs chosen for
 * the candidates given (a candidate's page). Each pair once; the answer says what was there already.
 */
export const LongListModal = (props: LongListModalProps) => {
  const [chosen, setChosen] = useState<string[]>([]);
  const phone = useMediaQuery('(max-width: 40em)');
  const add = useCall(addToLongList, { invalidates: [crmJobApplication, crmJob, candidate] });
  const forJob = props.jobId !== undefined;
  const title = forJob
    ? `Add candidates to ${props.jobTitle}`
    : `Add ${props.candidateIds.length === 1 ? 'the candidate' : `${props.candidateIds.length} candidates`} to jobs`;
  const input = forJob ? { candidateIds: chosen, jobIds: [props.jobId] } : { candidateIds: props.candidateIds, jobIds: chosen };
  return (
    <Modal opened onClose={props.onClose} title={title} fullScreen={phone}>
      <Stack>
        {forJob ? (
          <ReferencePicker
            target={candidateTarget}
            multiple
            label="Candidates"
            description="Each joins the job’s long list once"
            value={chosen}
            onChange={(value) => setChosen(value as string[])}
          />
        ) : (
          <ReferencePicker
            target={jobTarget}
            multiple
            label="Jobs"
            description="Draft and published jobs; each candidate joins each job’s long list once"
            value={chosen}
            onChange={(value) => setChosen(value as string[])}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(input, {
                onSuccess: (answer) => {
                  notifySuccess(longListWords(answer));
                  props.onClose();
                },
                onError: (error) => notifyFailure(error, 'Not added'),
              })
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
      {open && <LongListModal candidateIds={[candidateId]} onClose={() => setOpen(false)} />}
    </>
  );
};

/** "Add candidates" on a job's applicants, for who may long-list and while the job takes applications. */
export const AddCandidatesButton = ({ job }: { job: { _id: string; title: string; status: string } }) => {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can.call(addToLongList) || !['DRAFT', 'PUBLISHED'].includes(job.status)) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Add candidates
      </Button>
      {open && <LongListModal jobId={job._id} jobTitle={job.title} onClose={() => setOpen(false)} />}
    </>
  );
};
