import { z } from 'zod';
import { mongoId } from '../../conventions/ids';
import { instant } from '../../conventions/record';
import { defineWorkflow } from '../../define-resource';

/**
 * A job seeker's account and profile are the seeker's (DECISIONS.md §12). An agency whose candidate
 * shares a seeker's email invites them (the candidate credentials call); only the seeker's acceptance
 * links the account to that one candidate, and either side can end the link. While it stands, the
 * seeker's own profile edits refresh that agency's copy; nothing flows the other way.
 */
export const accountLinkStatuses = ['PENDING', 'ACCEPTED', 'REFUSED', 'ENDED'] as const;
export type AccountLinkStatus = (typeof accountLinkStatuses)[number];
export const accountLinkStatus = z.enum(accountLinkStatuses);

/** INVITATION: the seeker accepted an agency's invitation; CREDENTIALS: the agency's credentials call made the account. */
export const accountLinkOrigin = z.enum(['INVITATION', 'CREDENTIALS']);
/** Who ended a link. */
export const accountLinkSide = z.enum(['SEEKER', 'AGENCY']);

/** One agency's invitation or link, as the job seeker sees it: the agency by name, never its records. */
export const agencyLink = z.object({
  _id: z.string(),
  organisation: z.object({ _id: z.string(), name: z.string() }),
  status: accountLinkStatus,
  origin: accountLinkOrigin,
  invitedAt: instant,
  respondedAt: instant.nullable(),
  endedAt: instant.nullable(),
  endedBySide: accountLinkSide.nullable(),
});
export type AgencyLink = z.infer<typeof agencyLink>;

const linkId = z.object({ _id: mongoId() }).strict();

const seekerCall = (name: string, path: string, summary: string) =>
  defineWorkflow({ name, tag: 'JobSeeker', method: 'POST', path, who: ['JOB_SEEKER'], summary, input: linkId, output: agencyLink });

export const myAgencyLinks = defineWorkflow({
  name: 'myAgencyLinks',
  tag: 'JobSeeker',
  method: 'POST',
  path: '/job-seeker/agency-link/list',
  who: ['JOB_SEEKER'],
  summary: 'The agencies that invited the signed-in job seeker to link their profile, or are linked to it, newest first',
  input: z.object({}).strict(),
  output: z.object({ results: z.array(agencyLink) }),
});

export const acceptAgencyLink = seekerCall(
  'acceptAgencyLink',
  '/job-seeker/agency-link/accept',
  'Accepts an agency’s invitation: links the account to its candidate and shares the profile’s name, phone, about and skills with it',
);
export const refuseAgencyLink = seekerCall('refuseAgencyLink', '/job-seeker/agency-link/refuse', 'Refuses an agency’s invitation');
export const endAgencyLink = seekerCall(
  'endAgencyLink',
  '/job-seeker/agency-link/end',
  'Ends a link with an agency: it keeps what it had, and gets nothing further',
);

/** The link of one candidate, as the agency sees it. */
export const candidateAccountLink = z.object({
  /** The candidate's id. */
  _id: z.string(),
  /** NONE: no invitation or link was ever made for this candidate. */
  status: z.enum(['NONE', ...accountLinkStatuses]),
  origin: accountLinkOrigin.nullable(),
  invitedAt: instant.nullable(),
  respondedAt: instant.nullable(),
  endedAt: instant.nullable(),
  endedBySide: accountLinkSide.nullable(),
  /** Whether the credentials reset would be allowed: the organisation issued the account and its holder has not chosen their own password. */
  passwordResettable: z.boolean(),
});
export type CandidateAccountLink = z.infer<typeof candidateAccountLink>;

export const candidateAccountLinkDetails = defineWorkflow({
  name: 'candidateAccountLinkDetails',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/account-link/details',
  who: ['CRM_USER'],
  access: { module: 'Candidate' },
  level: 'READ',
  tenancy: 'organisation',
  summary: 'Whether the candidate is invited to link a job seeker account, linked, refused or ended; _id is the candidate’s',
  input: linkId,
  output: candidateAccountLink,
});

export const endCandidateAccountLink = defineWorkflow({
  name: 'endCandidateAccountLink',
  tag: 'Candidate',
  method: 'POST',
  path: '/candidate/account-link/end',
  who: ['CRM_USER'],
  access: { module: 'Candidate' },
  level: 'WRITE',
  tenancy: 'organisation',
  summary:
    'Ends the candidate’s link with a job seeker account, or withdraws a waiting invitation: the candidate keeps what it holds and gets nothing further; _id is the candidate’s',
  input: linkId,
  output: candidateAccountLink,
});
