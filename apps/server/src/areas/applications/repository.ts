import { jobApplication } from '@app/contract/resources/job-board/application';
import { jobApplications } from '../../db/schema/job-board';
import { resourceRepository } from '../../engine/repository';

/** Every read and write of job applications; the seeker owns theirs, a company reads by `recruiterId`. */
export const applicationRepository = resourceRepository(jobApplication, jobApplications, { serverFiles: ['cv', 'coverLetterFile'] });
