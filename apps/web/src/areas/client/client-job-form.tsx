import { clientJobCreate, clientJobDelete, clientJobUpdate } from '@app/contract/resources/hiring/client-jobs';
import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { callApi } from '../../kit/api';
import { ConfirmModal } from '../../kit/confirm-modal';
import { fieldsFor } from '../../kit/field-descriptor';
import { renameFieldErrors } from '../../kit/field-errors';
import { FieldsForm } from '../../kit/fields-form';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { formFieldOf } from '../company/job-payload';
import { clientApplicationsKey } from './client-applications-page';
import { type ClientJob, clientJobFields, clientJobFormValues, clientJobPayload } from './client-job-model';

/** Every screen of the client's jobs reads under this key: a write refreshes the list and the job's page. */
export const clientJobsKey = ['client-portal', 'jobs'] as const;

type ClientJobFormModalProps = {
  /** The job to edit; a new one when absent. */
  job?: ClientJob;
  onClose: () => void;
  onSaved?: (job: ClientJob) => void;
};

/** Adds a job for the client (a draft their recruitment partner publishes) or edits one of theirs. */
export const ClientJobFormModal = ({ job, onClose, onSaved }: ClientJobFormModalProps) => {
  const mode = job ? 'edit' : 'create';
  const queryClient = useQueryClient();
  const fields = useMemo(() => fieldsFor(clientJobFields, mode), [mode]);
  const submit = async (payload: Record<string, unknown>) => {
    const body = clientJobPayload(payload, mode, job);
    try {
      return job ? await callApi(clientJobUpdate, { ...body, _id: job._id }) : await callApi(clientJobCreate, body);
    } catch (error) {
      throw renameFieldErrors(error, formFieldOf);
    }
  };
  return (
    <Modal opened onClose={onClose} title={job ? `Edit ${job.title}` : 'Add a job'} size="lg">
      <FieldsForm
        fields={fields}
        initial={job ? clientJobFormValues(job) : { salary: { duration: 'YEAR' } }}
        emptyStrings={mode === 'create' ? 'omit' : 'keep'}
        submitLabel={job ? 'Save changes' : 'Add job'}
        successMessage={(saved) =>
          job ? 'Your changes are saved' : `${(saved as ClientJob).title} is added: your recruitment partner will publish it`
        }
        onSubmit={submit}
        onSuccess={async (saved) => {
          await queryClient.invalidateQueries({ queryKey: clientJobsKey });
          onSaved?.(saved as ClientJob);
          onClose();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
};

/** Asks before deleting one of the client's jobs, which takes its candidates' applications with it. */
export const DeleteClientJob = ({
  job,
  applications,
  onClose,
  onDeleted,
}: {
  job: ClientJob;
  /** How many applications it holds, where the page knows (the list answers each job's count). */
  applications?: number;
  onClose: () => void;
  onDeleted?: () => void;
}) => {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await callApi(clientJobDelete, { _id: job._id });
      notifySuccess(`${job.title} deleted`);
      onClose();
      onDeleted?.();
      // The lists only: the job's own page, maybe still on screen while the next loads, is not read again to be told it is gone.
      await queryClient.invalidateQueries({ queryKey: [...clientJobsKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: clientApplicationsKey });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const held = applications ?? job.applicationCount ?? 0;
  return (
    <ConfirmModal
      opened
      title={`Delete ${job.title}?`}
      message={
        held > 0
          ? `Its ${held === 1 ? 'candidate’s application goes' : `${held} candidates’ applications go`} with it. This cannot be undone here.`
          : 'It leaves your jobs. This cannot be undone here.'
      }
      confirmLabel="Delete job"
      danger
      loading={busy}
      onConfirm={() => void remove()}
      onClose={onClose}
    />
  );
};
