import { and, asc, eq } from 'drizzle-orm';
import { crmJobApplications } from '../../db/schema/hiring';
import { applicationRepository } from './applications';
import { onCrmJobWrite } from './crm-jobs';

/**
 * A deleted job takes its applications with it: each is soft-deleted and logged (DECISIONS.md §7),
 * so they stay in the database and the log but leave the candidate's lists and counts, and no
 * longer hold their stage (a stage they sat at can then be disabled or removed).
 */
const removeApplicationsOfRemovedJob: Parameters<typeof onCrmJobWrite>[0] = async (hook) => {
  const { db, operation, before } = hook;
  if (operation !== 'remove' || !before) return;
  const scope = { organisationId: before.organisationId as string };
  const applications = await db
    .select({ id: crmJobApplications.id })
    .from(crmJobApplications)
    .where(and(eq(crmJobApplications.jobId, before.id), eq(crmJobApplications.isDeleted, false)))
    .orderBy(asc(crmJobApplications.id));
  for (const application of applications) await applicationRepository.remove(db, { ...hook, scope, id: application.id });
};

export const registerCrmJobRemoval = () => onCrmJobWrite(removeApplicationsOfRemovedJob);
