export const userTypes = ['SUPER_ADMIN', 'ADMIN', 'CRM_USER', 'CRM_CLIENT_USER', 'JOB_SEEKER', 'RECRUITER'] as const;
export type UserType = (typeof userTypes)[number];

/** Where each user type works: the web app lands them there, and the server's pages link to it. */
export const homeOf: Record<UserType, string> = {
  SUPER_ADMIN: '/admin',
  ADMIN: '/admin',
  CRM_USER: '/crm',
  CRM_CLIENT_USER: '/client',
  JOB_SEEKER: '/seeker',
  RECRUITER: '/company',
};

/**
 * Who may make a call: user types, `signed-in` (any user type), or one of the two kinds of caller
 * with no sign-in: `public`, an anonymous visitor, and `code-holder`, who checked a one-time code
 * and holds one record for a short time (DECISIONS.md §9). A call without sign-in serves one kind.
 */
export type Who = UserType | 'public' | 'code-holder' | 'signed-in';

export const PLATFORM = ['SUPER_ADMIN', 'ADMIN'] as const satisfies readonly UserType[];

export const isPlatformUser = (userType: UserType) => userType === 'SUPER_ADMIN' || userType === 'ADMIN';

export const accessLevels = ['NONE', 'READ', 'WRITE', 'FULL'] as const;
export type AccessLevel = (typeof accessLevels)[number];
export const accessLevelRank: Record<AccessLevel, number> = { NONE: 0, READ: 1, WRITE: 2, FULL: 3 };

/** The level a generic call needs: READ to look, WRITE to change, FULL to delete. */
export const levelOfKind = (kind: string): AccessLevel =>
  kind === 'list' || kind === 'details' ? 'READ' : kind === 'remove' ? 'FULL' : 'WRITE';

export const accessScopes = ['OWN', 'TEAM', 'ALL'] as const;
export type AccessScope = (typeof accessScopes)[number];
export const accessScopeRank: Record<AccessScope, number> = { OWN: 0, TEAM: 1, ALL: 2 };

/** The CRM entity names of crm.md §3: one module each in the default catalogue. */
export const crmEntityNames = [
  'User',
  'Lead',
  'Task',
  'Event',
  'Contact',
  'Candidate',
  'Client',
  'Job',
  'CrmNote',
  'Hiring Pipeline',
  'Job Application',
  'CrmNoticePeriod',
  'Call Log',
  'Email',
  'CandidateInformationForm',
  'ClientInformationRequest',
  'Interview',
  'Interview information page',
  'Candidate CV',
  'Email Template',
  'Feedback',
  'Feedback Category',
  'Feedback Rating Options',
  'EntityLog',
  'OrganisationStaff',
] as const;
export type CrmEntityName = (typeof crmEntityNames)[number];

/** A CRM call's permission: the module and feature it belongs to. The level follows from the call's kind. */
export type CrmAccess = { module: CrmEntityName; feature?: string };

/** Extra features beyond the one named after its module. */
export const extraFeatures: Partial<Record<CrmEntityName, string[]>> = {
  OrganisationStaff: ['Roles', 'Teams'],
  /** The organisation's sent mail (who was mailed what, by whom): audit reading kept apart from the change log. */
  EntityLog: ['Sent mail'],
  Candidate: ['Credentials', 'Diversity'],
  Client: ['Credentials'],
};

export const moduleValue = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
