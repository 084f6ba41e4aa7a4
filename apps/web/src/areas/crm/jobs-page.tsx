import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { formatDateTime } from '../../kit/words';

/** The form asks for what a recruiter writes first; the rest of the job is edited on its page. */
export const jobScreen = screenTailoring({
  resource: crmJob,
  fields: {
    pick: ['title', 'clientId', 'pipelineId', 'status', 'description', 'content', 'workModel', 'paidToRelocate'],
    change: {
      clientId: { label: 'Client', required: true },
      pipelineId: { label: 'Pipeline', description: 'The organisation’s default pipeline when left empty' },
      description: { label: 'Summary', description: 'One or two lines shown in lists and search results' },
      content: { label: 'Description', required: true },
    },
  },
  columns: {
    pick: ['title', 'clientId', 'status', 'applicationCount', 'postedOn'],
    change: {
      applicationCount: { header: 'Applications' },
      // Stored as an instant in a plain string field: shown as one.
      postedOn: { header: 'Published', render: (row) => formatDateTime(row.postedOn) },
    },
  },
  filters: { pick: ['status', 'clientId'] },
});

/** /crm/jobs: the jobs the agency recruits for, each with its client, status and how many applications it has. */
export const JobsPage = () => (
  <ResourceScreen
    {...jobScreen}
    title="Jobs"
    noun="job"
    description="The roles you recruit for, for your clients: open one for its pipeline board and applicants."
    searchPlaceholder="Title or JOB number"
    rowLabel={(row) => row.title}
  />
);
