import { crmJob } from '@app/contract/resources/hiring/crm-job';
import { screenTailoring } from '../../kit/screen-tailoring';

/**
 * The job page's Edit: what a recruiter changes about a job after adding it. The description has
 * its own editor on the page and the status its own control beside the title, so neither is here.
 */
export const jobEditScreen = screenTailoring({
  resource: crmJob,
  fields: {
    pick: ['title', 'clientId', 'pipelineId', 'description', 'workModel', 'paidToRelocate', 'additionalTitles'],
    change: {
      clientId: { label: 'Client', required: true },
      pipelineId: { label: 'Pipeline', description: 'The stages its applications move through' },
      description: { label: 'Summary', description: 'One or two lines shown in lists and search results' },
      additionalTitles: { label: 'Also known as', description: 'Other titles the role goes by, for search' },
    },
  },
});
