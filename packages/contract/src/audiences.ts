import type { UserType, Who } from './access';
import type { AccessGrant } from './scope-policy';

/**
 * Who a record is shown to (DECISIONS.md §6, §9): staff of its organisation, a user of one of its
 * clients, a job seeker, and the holder of a one-time code issued for that one record.
 */
export const audiences = ['staff', 'clientUser', 'jobSeeker', 'codeHolder'] as const;
export type Audience = (typeof audiences)[number];

/** Which rows an audience other than staff reaches, beyond its organisation. */
export type AudienceRows =
  /** A client user: the rows whose `client` field holds their own client's id. */
  | { client: string }
  /** A job seeker: the rows whose `own` field holds their user id (in whichever organisation). */
  | { own: string }
  /** The rows a live grant opens to the caller (an application granting a client one candidate). */
  | { granted: AccessGrant };

/**
 * What one audience sees of a record. A code holder always reaches exactly the record its code was
 * issued for, so it names no rows.
 */
export type AudienceView = {
  /** The record's fields this audience is answered (`_id` always); all of them when left out. */
  fields?: readonly string[];
  rows?: AudienceRows;
  /** Fields answered only where a grant exists (a candidate's contact details), null elsewhere. */
  personal?: { fields: readonly string[]; grant: AccessGrant };
};

/**
 * A definition's audiences. Staff see the whole record (narrowed by their permission and the
 * definition's policies) unless a view says less; any other audience a definition does not name
 * sees none of its rows (an empty list, a 404).
 */
export type AudienceViews = {
  staff?: Omit<AudienceView, 'rows'>;
  /** Must name its rows: a client user never reaches the organisation's records at large. */
  clientUser?: AudienceView & { rows: AudienceRows };
  /** Must name its rows: a job seeker reaches their own. */
  jobSeeker?: AudienceView & { rows: AudienceRows };
  codeHolder?: Pick<AudienceView, 'fields'>;
};

/** The audience a signed-in user reads as: client users and job seekers their own; everyone else as staff. */
export const audienceOfUserType = (userType: UserType): Exclude<Audience, 'codeHolder'> =>
  userType === 'CRM_CLIENT_USER' ? 'clientUser' : userType === 'JOB_SEEKER' ? 'jobSeeker' : 'staff';

export const audienceTitles: Record<Audience, string> = {
  staff: 'Staff of the organisation (CRM_USER, platform admins)',
  clientUser: 'A user of one of the organisation’s clients (CRM_CLIENT_USER)',
  jobSeeker: 'A job seeker (JOB_SEEKER), for their own records',
  codeHolder: 'The holder of a checked one-time code, for the one record it was issued for',
};

/** The audiences that can make a call open to `who`: the answers its API docs show, one per audience. */
export const audiencesOfWho = (who: readonly Who[]): Audience[] =>
  audiences.filter((audience) =>
    audience === 'codeHolder'
      ? who.includes('code-holder')
      : who.includes('signed-in') ||
        who.some((w) => w !== 'public' && w !== 'code-holder' && w !== 'signed-in' && audienceOfUserType(w) === audience),
  );
