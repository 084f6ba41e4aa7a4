import { jobSeeker } from '@app/contract/resources/job-board/job-seeker';
import type { Executor } from '../../db/client';
import { jobSeekers } from '../../db/schema/job-board';
import type { Caller } from '../../engine/context';
import { notFound } from '../../engine/errors';
import { resourceRepository } from '../../engine/repository';

export const jobSeekerRepository = resourceRepository(jobSeeker, jobSeekers);

/** The signed-in job seeker's own record; every seeker call starts here. */
export const ownJobSeeker = async (db: Executor, caller: Caller) => {
  const row = await jobSeekerRepository.first(db, { ownerId: caller.id });
  if (!row) throw notFound('Job seeker profile');
  return row as typeof jobSeekers.$inferSelect;
};
