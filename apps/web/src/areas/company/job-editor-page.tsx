import { job } from '@app/contract/resources/job-board/job';
import { Anchor, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../kit/empty-state';
import { fieldsFor } from '../../kit/field-descriptor';
import { renameFieldErrors } from '../../kit/field-errors';
import { FieldsForm } from '../../kit/fields-form';
import { messageOf } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { useCreate, useDetails, useUpdate } from '../../kit/use-resource';
import type { JobRecord } from '../board/types';
import { jobFormFields } from './job-form-fields';
import { formFieldOf, jobFormValues, toJobPayload } from './job-payload';

const BackToJobs = () => (
  <Anchor component={Link} to="/company/jobs" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} mb="sm">
    <IconArrowLeft size={16} aria-hidden /> All jobs
  </Anchor>
);

/** /company/jobs/new and /company/jobs/:id/edit: the job, its details in rich text, pay, place and dates. */
export const JobEditorPage = () => {
  const { id } = useParams();
  const mode = id ? 'edit' : 'create';
  const navigate = useNavigate();
  const details = useDetails(job, id);
  const create = useCreate(job);
  const update = useUpdate(job);
  const fields = fieldsFor(jobFormFields, mode);
  const record = details.data as JobRecord | undefined;

  const submit = async (payload: Record<string, unknown>) => {
    const body = toJobPayload(payload, mode);
    try {
      return mode === 'create' ? await create.mutateAsync(body as never) : await update.mutateAsync({ ...body, _id: id } as never);
    } catch (error) {
      throw renameFieldErrors(error, formFieldOf);
    }
  };

  const form = () => {
    if (mode === 'edit' && details.isPending) {
      return (
        <Stack gap="md" aria-busy="true" role="status" aria-label="Loading the job">
          <Skeleton height={36} />
          <Skeleton height={220} />
        </Stack>
      );
    }
    if (mode === 'edit' && details.isError) {
      return (
        <EmptyState
          icon={<IconAlertTriangle size={24} />}
          colour="red"
          title="The job could not be loaded"
          message={messageOf(details.error)}
          action={
            <Button variant="light" onClick={() => details.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    return (
      <FieldsForm
        key={record?._id ?? 'new'}
        fields={fields}
        initial={record ? jobFormValues(record) : { status: 'PUBLISHED', salary: { duration: 'YEAR' } }}
        emptyStrings="omit"
        readOnly={mode === 'edit' ? ['address.city', 'address.postCode'] : []}
        submitLabel={mode === 'create' ? 'Post job' : 'Save changes'}
        successMessage={(saved) => {
          const posted = saved as JobRecord;
          if (mode === 'edit') return 'Your changes are saved';
          return posted.status === 'PUBLISHED' ? `${posted.title} is published` : `${posted.title} is saved as a draft`;
        }}
        onSubmit={submit}
        onSuccess={() => navigate('/company/jobs')}
        onCancel={() => navigate('/company/jobs')}
      />
    );
  };

  return (
    <Stack gap={0} maw={920}>
      <BackToJobs />
      <PageHeader
        title={mode === 'create' ? 'Post a job' : record ? `Edit ${record.title}` : 'Edit job'}
        description={mode === 'create' ? 'Publish it now or keep it as a draft until it is ready.' : undefined}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {form()}
      </Paper>
    </Stack>
  );
};
