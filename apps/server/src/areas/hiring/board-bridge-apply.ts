import { randomBytes } from 'node:crypto';
import type { UploadedFile } from '@app/contract/conventions/common';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmJobApplications, type crmJobs } from '../../db/schema/hiring';
import type { jobSeekers } from '../../db/schema/job-board';
import { organisations } from '../../db/schema/organisations';
import { users } from '../../db/schema/users';
import { type CallContext, type Caller, unscoped } from '../../engine/context';
import { recordUpload, type StoredFile } from '../../engine/file-references';
import type { Writer } from '../../engine/resource-hooks';
import { moveRecords } from '../../engine/transitions';
import type { Services } from '../../services/services';
import { emailKey, phoneKey } from '../crm/candidate-contact-keys';
import { attachUploadedCv } from '../crm/candidate-cvs';
import { candidateRepository } from '../crm/candidate-repository';
import { applicationRepository as crmApplicationRepository, putOnJobs } from './applications';
import { stageOfType } from './pipeline-repository';

type CrmJobRow = typeof crmJobs.$inferSelect;
type SeekerRow = typeof jobSeekers.$inferSelect;
/** Who writes, with the app's services (the engine's moves and B's helpers take those). */
type BridgeWriter = Omit<Writer, 'services'> & { services: CallContext['services'] };

export const withdrawnRemarks = 'Withdrawn by the candidate on the job board';

/**
 * The agency's own copy of the CV a seeker sent (DECISIONS.md §12: its candidate is its record, not
 * the seeker's): the same bytes under a new name, so deleting either side's file leaves the other.
 * Made before the apply's transaction opens, so no connection waits on the storage; a copy left by a
 * refused apply is an unreferenced blob, never a record.
 */
export const copyCvForAgency = async (services: Services, file: UploadedFile | StoredFile | null | undefined) => {
  if (!file?.blobName) return null;
  const content = await services.files.read(file.blobName);
  const extension = file.blobName.split('.').pop() ?? 'pdf';
  const name = randomBytes(16).toString('hex');
  const blobName = `uploads/${name.slice(0, 2)}/${name}.${extension}`;
  await services.files.keep(blobName, content, file.mimeType);
  return { _id: randomBytes(12).toString('hex'), originalName: file.originalName, blobName, mimeType: file.mimeType, size: content.length };
};

/**
 * The organisation's candidate for a seeker by the duplicate rules (the email, else the phone,
 * compared by their keys; the oldest first), under a lock on the email so two applications at once
 * make one candidate.
 */
const candidateFor = async (db: Executor, input: { organisationId: string; seeker: SeekerRow }) => {
  const { organisationId, seeker } = input;
  const email = emailKey(seeker.email);
  const phone = phoneKey(seeker.phone ?? '');
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`board-candidate:${organisationId}:${email}`}))`);
  const sameEmail = eq(candidates.emailNormalised, email);
  const [found] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(
      and(
        ...candidateRepository.scopeWhere({ organisationId }),
        phone ? (or(sameEmail, eq(candidates.phoneNormalised, phone)) as SQL) : sameEmail,
      ),
    )
    .orderBy(sql`${sameEmail} desc`, asc(candidates.createdAt))
    .limit(1);
  return found?.id;
};

/**
 * A seeker's application to a board job that copies a CRM job, in the apply's transaction: the
 * organisation's candidate for them (found by the duplicate rules, else made from their profile
 * through the candidate repository, whose hooks make the contact card; never linked to their
 * account, DECISIONS.md §12), the CV they sent as one of its Candidate CVs, and an application on
 * the CRM job's pipeline at APPLIED (source BOARD). A candidate the recruiters had already put on
 * the job keeps its place and stage: the application there is marked as the board's.
 */
export const bridgeApplication = async (
  db: Executor,
  writer: BridgeWriter,
  input: { job: CrmJobRow; seeker: SeekerRow; boardApplicationId: string; cv: StoredFile | null },
) => {
  const { job, seeker } = input;
  const organisationId = job.organisationId as string;
  // What the bridge makes belongs to the job's staff owner, as if they had added it.
  const ownerId = job.ownerId ?? undefined;
  const scope = { organisationId };
  let candidateId = await candidateFor(db, { organisationId, seeker });
  if (!candidateId) {
    const created = await candidateRepository.create(db, {
      ...writer,
      scope,
      values: {
        name: seeker.name,
        email: seeker.email,
        phone: seeker.phone,
        address: seeker.address ?? null,
        about: seeker.about ?? null,
        linkedInLink: seeker.linkedInLink ?? null,
        skills: seeker.skills ?? [],
        personalSkills: seeker.personalSkills ?? [],
        ownerId,
      },
    });
    candidateId = created._id as string;
  }
  let candidateCvId: string | null = null;
  if (input.cv && writer.caller) {
    await recordUpload(db, { caller: writer.caller as Caller, file: input.cv });
    const cv = await attachUploadedCv(db, {
      ...writer,
      scope,
      owner: { id: candidateId, userId: null },
      values: { file: { blobName: input.cv.blobName }, cvTitle: `Sent with the application for ${job.title}`, ownerId } as never,
    });
    candidateCvId = cv._id as string;
  }
  const { added, alreadyThere } = await putOnJobs(
    db,
    { ...writer, scope: { organisationId, ...(ownerId ? { ownerId } : {}) } },
    {
      candidateIds: [candidateId],
      jobs: [{ id: job.id, pipelineId: job.pipelineId, clientId: job.clientId, organisationId }],
      stageType: 'APPLIED',
      source: 'BOARD',
      remarks: 'Applied on the job board',
      extra: () => ({ boardApplicationId: input.boardApplicationId, ...(candidateCvId ? { candidateCvId } : {}) }),
    },
  );
  const there = alreadyThere[0];
  if (there) {
    await crmApplicationRepository.update(db, {
      ...writer,
      scope,
      id: there._id,
      values: { boardApplicationId: input.boardApplicationId, ...(candidateCvId ? { candidateCvId } : {}) },
    });
  }
  return { candidateId, applicationId: added[0]?._id ?? there?._id };
};

/**
 * The seeker withdrew on the board: the CRM twin stays on the job (its history and the reports
 * keep that they applied) but leaves the running, moved to the pipeline's REJECTED stage with the
 * reason as remarks, through the engine's move (locked, logged, in the history) and with no letter
 * to the candidate. A pipeline without an enabled REJECTED stage has it taken off instead.
 */
export const withdrawTwin = async (db: Executor, writer: BridgeWriter, input: { boardApplicationId: string }) => {
  const twin = await crmApplicationRepository.first(db, unscoped('a seeker’s own board application names its CRM twin'), [
    eq(crmJobApplications.boardApplicationId, input.boardApplicationId),
  ]);
  if (!twin) return;
  const scope = { organisationId: twin.organisationId as string };
  const rejected = await stageOfType(db, twin.pipelineId as string, 'REJECTED');
  if (!rejected) {
    await crmApplicationRepository.remove(db, { ...writer, scope, id: twin.id });
    return;
  }
  await moveRecords(
    { db, ...writer, scope, repository: crmApplicationRepository },
    { ids: [twin.id], stage: rejected, remarks: withdrawnRemarks },
  );
};

/**
 * Who hears of an application to the agency's board company, which has no account: the CRM job's
 * staff owner, else the organisation's own address.
 */
export const boardCompanyMailTo = async (db: Executor, job: CrmJobRow) => {
  if (job.ownerId) {
    const [owner] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, job.ownerId), eq(users.isDeleted, false)));
    if (owner) return owner.email;
  }
  const [organisation] = await db
    .select({ email: organisations.email })
    .from(organisations)
    .where(eq(organisations.id, job.organisationId as string));
  return organisation?.email ?? null;
};
