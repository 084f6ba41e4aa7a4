import { type Address, fullNameOf, type PersonName } from '@app/contract/conventions/common';
import type { TemplateValues } from '@app/contract/resources/crm/email-template';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { candidates } from '../../db/schema/candidates';
import { crmJobs } from '../../db/schema/hiring';
import { organisations } from '../../db/schema/organisations';
import type { Caller } from '../../engine/context';
import type { Services } from '../../services/services';
import { activeTemplateOf, filledLetter, type Letter } from '../email/templates';

/** The automatic mails of a move, by the email template type (crm.md §3 Email template) they stand in for. */
export type ApplicantMailType = 'JOB_APPLICANT_REJECTION' | 'JOB_APPLICANT_OFFER_LETTER';

export const applicantMailOfStage: Partial<Record<string, ApplicantMailType>> = {
  REJECTED: 'JOB_APPLICANT_REJECTION',
  OFFERED: 'JOB_APPLICANT_OFFER_LETTER',
};

type LetterFacts = { firstName: string; jobTitle: string; organisationName: string };

/** The built-in letters, sent while the organisation has no ACTIVE email template of the type. */
const builtIn: Record<ApplicantMailType, (letter: LetterFacts) => Letter> = {
  JOB_APPLICANT_REJECTION: ({ firstName, jobTitle, organisationName }) => ({
    subject: `Your application for ${jobTitle}`,
    text: [
      `Dear ${firstName},`,
      '',
      `Thank you for your interest in the ${jobTitle} role. After careful consideration we will not be taking your application further this time.`,
      '',
      'We will keep your details on file and be in touch if a role that suits you comes up.',
      '',
      'Kind regards,',
      organisationName,
    ].join('\n'),
  }),
  JOB_APPLICANT_OFFER_LETTER: ({ firstName, jobTitle, organisationName }) => ({
    subject: `An offer for ${jobTitle}`,
    text: [
      `Dear ${firstName},`,
      '',
      `We are delighted to tell you that you are being offered the ${jobTitle} role.`,
      '',
      'Your consultant will be in touch shortly with the details and the next steps.',
      '',
      'Kind regards,',
      organisationName,
    ].join('\n'),
  }),
};

/** A template's variables for one candidate and job (crm.md §3 Email template). */
export const templateValuesOf = (input: {
  person: { name: unknown; email: string | null; phone: string | null; address: Address | null; preferences: unknown };
  jobTitle: string;
  organisationName: string;
}): TemplateValues => {
  const name = (input.person.name ?? {}) as PersonName;
  const address = input.person.address ?? {};
  return {
    firstName: name.first,
    lastName: name.last,
    organisationName: input.organisationName,
    designation: (input.person.preferences as { currentJobTitle?: string } | null)?.currentJobTitle,
    email: input.person.email,
    phone: input.person.phone,
    building: address.building,
    street: address.street,
    city: address.city,
    county: address.county,
    postCode: address.postCode,
    country: address.country,
    jobTitle: input.jobTitle,
  };
};

/**
 * Queues the letter of a move to REJECTED or OFFERED to each moved application's candidate, in the
 * move's transaction: a refused move mails no one, and the mail goes out once it commits (durably,
 * through the mail queue).
 */
export const mailApplicants = async (
  db: Executor,
  input: {
    services: Services;
    caller: Caller | null;
    type: ApplicantMailType;
    applications: { _id: string; candidateId: string; jobId: string; organisationId: string }[];
  },
) => {
  if (input.applications.length === 0) return;
  const people = await db
    .select({
      id: candidates.id,
      name: candidates.name,
      email: candidates.email,
      phone: candidates.phone,
      address: candidates.address,
      preferences: candidates.preferences,
    })
    .from(candidates)
    .where(
      inArray(
        candidates.id,
        input.applications.map((application) => application.candidateId),
      ),
    );
  const jobs = await db
    .select({ id: crmJobs.id, title: crmJobs.title })
    .from(crmJobs)
    .where(
      inArray(
        crmJobs.id,
        input.applications.map((application) => application.jobId),
      ),
    );
  const organisationId = input.applications[0]?.organisationId as string;
  const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  const template = await activeTemplateOf(db, organisationId, input.type);
  const personOf = new Map(people.map((person) => [person.id, person]));
  const titleOf = new Map(jobs.map((job) => [job.id, job.title]));
  const by = input.caller ? { id: input.caller.id, name: input.caller.name || input.caller.email } : null;
  for (const application of input.applications) {
    const person = personOf.get(application.candidateId);
    if (!person?.email) continue;
    const name = person.name as PersonName;
    const jobTitle = titleOf.get(application.jobId) ?? 'the role';
    const organisationName = organisation?.name ?? '';
    const letter = template
      ? filledLetter(template, templateValuesOf({ person, jobTitle, organisationName }))
      : builtIn[input.type]({ firstName: name.first || fullNameOf(name) || 'candidate', jobTitle, organisationName });
    await input.services.mail.send(db, {
      to: person.email,
      ...letter,
      sentFor: {
        organisationId,
        by,
        kind: input.type,
        relatedTo: [
          { _id: application._id, entityType: 'CrmJobApplication' },
          { _id: application.candidateId, entityType: 'Candidate' },
        ],
      },
    });
  }
};
