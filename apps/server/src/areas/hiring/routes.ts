import type { FastifyInstance } from 'fastify';
import { registerApplications } from './applications';
import { registerBoardBridge } from './board-bridge';
import { registerClientApplications } from './client-applications';
import { registerClientFeedback } from './client-feedback';
import { registerClientJobs } from './client-jobs';
import { registerCrmJobRemoval } from './crm-job-removal';
import { registerCrmJobs } from './crm-jobs';
import { registerInterviewBusyTimes } from './interview-busy-times';
import { registerInterviews } from './interviews';
import { registerPipelines } from './pipelines';
import { registerHiringReports } from './reports';

/** Hiring: pipelines, CRM jobs, their applications and interviews. */
export const registerHiring = (app: FastifyInstance) => {
  registerPipelines(app);
  registerCrmJobs(app);
  registerCrmJobRemoval();
  registerApplications(app);
  registerInterviews(app);
  registerInterviewBusyTimes(app);
  registerClientApplications(app);
  registerClientJobs(app);
  registerClientFeedback(app);
  registerBoardBridge(app);
  registerHiringReports(app);
};
