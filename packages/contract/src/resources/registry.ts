import type { ResourceDefinition } from '../define-resource';
import { jobSeekerReference } from './content/admin-board';
import { adminNote, article, author, contactQuery, employeeCard, engagementTemplate } from './content/article';
import { callLog } from './crm/call-log';
import { candidate, crmNoticePeriod } from './crm/candidate';
import { candidateCv } from './crm/candidate-cv';
import { candidateInformationForm } from './crm/candidate-information-form';
import { client } from './crm/client';
import { clientInformationRequest } from './crm/client-information-request';
import { contact } from './crm/contact';
import { email } from './crm/email';
import { emailTemplate } from './crm/email-template';
import { event } from './crm/event';
import { feedbackCategory } from './crm/feedback-category';
import { feedbackRatingOption } from './crm/feedback-rating-option';
import { lead } from './crm/lead';
import { crmNote } from './crm/note';
import { savedView } from './crm/saved-view';
import { sentMail } from './crm/sent-mail';
import { task } from './crm/task';
import { team, teamMember } from './crm/team';
import { crmFeature, crmModule, crmPermission, crmRole } from './crm-access';
import { entityLog } from './entity-log';
import { crmJob } from './hiring/crm-job';
import { feedback } from './hiring/feedback';
import { interview } from './hiring/interview';
import { crmJobApplication } from './hiring/job-application';
import { hiringPipeline, pipelineItemRecord } from './hiring/pipeline';
import { jobApplication } from './job-board/application';
import { recruiterCompany } from './job-board/company';
import { coverLetter, coverLetterSection, coverLetterSuggestion, coverLetterTemplate } from './job-board/cover-letter';
import { cv } from './job-board/cv';
import { job } from './job-board/job';
import { jobSeeker } from './job-board/job-seeker';
import { industry, jobTitle, language, skill } from './job-board/lookups';
import { organisation } from './organisation';
import { organisationStaff } from './organisation-staff';

/**
 * Every resource definition, in the order the API docs list them. The server refuses to start when
 * a definition here is not registered or a registered one is missing here.
 */
export const resources: readonly ResourceDefinition[] = [
  organisation,
  organisationStaff,
  crmModule,
  crmFeature,
  crmPermission,
  crmRole,
  entityLog,
  client,
  contact,
  callLog,
  crmNote,
  task,
  event,
  sentMail,
  team,
  teamMember,
  lead,
  crmNoticePeriod,
  candidate,
  candidateCv,
  candidateInformationForm,
  clientInformationRequest,
  feedbackCategory,
  emailTemplate,
  email,
  feedbackRatingOption,
  hiringPipeline,
  pipelineItemRecord,
  crmJob,
  crmJobApplication,
  interview,
  feedback,
  savedView,
  skill,
  language,
  jobTitle,
  industry,
  jobSeeker,
  recruiterCompany,
  job,
  jobApplication,
  cv,
  coverLetterSection,
  coverLetterSuggestion,
  coverLetterTemplate,
  coverLetter,
  author,
  article,
  adminNote,
  engagementTemplate,
  employeeCard,
  contactQuery,
  jobSeekerReference,
];
