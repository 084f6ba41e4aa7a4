import type { UserType } from './access';

/**
 * Who sees which rows of a resource beyond its tenancy (organisation or owner) and the OWN/TEAM/ALL
 * scope of its permission. Policies are data: the server's repository turns them into the where of
 * every query, in one place, so a call cannot forget them. All of a definition's policies apply
 * (ANDed), each to the callers it names.
 */
export type ScopePolicy =
  /** A CRM_CLIENT_USER sees the rows whose `field` holds their own client's id; other callers are not narrowed. */
  | { kind: 'clientUser'; field: string }
  /**
   * A CRM_USER whose permission is OWN or TEAM also sees the rows assigned to them: `field` holds a
   * user id or a list of user ids (a task's assigneeIds).
   */
  | { kind: 'assignee'; field: string }
  /**
   * The rows (or, with `fields`, those fields of a row) that callers of the types in `for` see only
   * where a grant row exists: a live row of `grant.resource` whose `grant.recordField` is this row's
   * id (or its `grant.rowField`), whose `grant.holderField` is the caller's client (`holder: 'client'`) or the caller
   * (`holder: 'user'`), and whose `grant.flags` are all as given. Without `fields` a row with no
   * grant is not there at all (404); with them, those fields answer null.
   */
  | { kind: 'grantedAccess'; for: readonly UserType[]; fields?: readonly string[]; grant: AccessGrant }
  /** Calls open to CRM_USER with no permission module, and why (a catalogue every role is built from). */
  | { kind: 'unscoped'; reason: string };

export type AccessGrant = {
  /** The granting resource's definition name ("CrmJobApplication"). */
  resource: string;
  /** The grant's field holding the id of the row it opens (candidateId). */
  recordField: string;
  /** This row's field that `recordField` must match: its id unless said (a candidate's CV names its candidateId). */
  rowField?: string;
  /** The grant's field naming who it is for (clientId). */
  holderField: string;
  holder: 'client' | 'user';
  /** Further values the grant must hold ({ isPersonalInfoVisibleToClient: true }). */
  flags?: Record<string, string | boolean>;
};

/** Marks a definition's CRM_USER calls as deliberately without a permission module, by name and with a reason. */
export const unscoped = (reason: string): ScopePolicy => ({ kind: 'unscoped', reason });

export const clientUserSeesOwnClient = (field: string): ScopePolicy => ({ kind: 'clientUser', field });

export const assigneeSees = (field: string): ScopePolicy => ({ kind: 'assignee', field });
