import {
  type AccessLevel,
  type AccessScope,
  accessLevelRank,
  accessScopeRank,
  type CrmAccess,
  isPlatformUser,
  type Who,
} from '@app/contract/access';
import type { AudienceViews } from '@app/contract/audiences';
import type { Tenancy } from '@app/contract/define-resource';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { crmFeatures, crmModules, crmPermissions, crmRoles } from '../db/schema/crm-access';
import { teamMembers } from '../db/schema/teams';
import { type Caller, type CodeHolder, type PolicyCaller, type Scope, unscoped } from './context';
import { forbidden, unauthorized } from './errors';

/** 401 without a sign-in where one is needed, 403 for a user type the call is not for. */
export const checkWho = (who: readonly Who[], caller: Caller | null) => {
  if (who.includes('public')) return;
  if (!caller) throw unauthorized();
  if (who.includes('signed-in') || who.includes(caller.userType)) return;
  throw forbidden();
};

/**
 * A code-holder call's caller: a live token for a record of the resource the call holds. No token,
 * a forged or expired one is a 401 (check the code again); one for another kind of record a 403.
 */
export const checkCodeHolder = (holder: CodeHolder | null, holds: string): CodeHolder => {
  if (!holder) throw unauthorized('Your code has expired or was not checked. Please ask for a new code.');
  if (holder.resource !== holds) throw forbidden('This code is not for this page');
  return holder;
};

const policyCallerOf = (caller: Caller): PolicyCaller => ({
  id: caller.id,
  userType: caller.userType,
  clientId: caller.clientId,
  roleIds: caller.roleIds,
});

/**
 * The rows a caller may see by tenancy alone, with the caller the definition's policies read.
 * Platform admins work across organisations.
 */
export const tenancyScope = (tenancy: Tenancy, caller: Caller | null, audiences?: AudienceViews): Scope => {
  if (!caller) return unscoped('a call open to the public, narrowed by its own conditions');
  const policyCaller = { caller: policyCallerOf(caller) };
  if (tenancy === 'platform') return { ...unscoped('a platform-wide catalogue, the same for everyone'), ...policyCaller };
  if (isPlatformUser(caller.userType)) return { ...unscoped('platform admins work across organisations'), ...policyCaller };
  if (tenancy === 'owner') return { ownerId: caller.id, ...policyCaller };
  if (caller.userType === 'JOB_SEEKER' && audiences?.jobSeeker) {
    return { ...unscoped('a job seeker’s own records, in whichever organisation: their audience’s rows narrow them'), ...policyCaller };
  }
  if (!caller.organisationId) throw forbidden('This account does not belong to an organisation');
  return { organisationId: caller.organisationId, ...policyCaller };
};

type Grant = { level: AccessLevel; scope: AccessScope };
export type AccessProfile = { isOrganisationAdmin: boolean; grants: Map<string, Grant>; teamIds: string[] };

const grantKey = (module: string, feature: string) => `${module}\u0000${feature}`;

/** A profile's grants as a list, for screens that hide what the server would refuse. */
export const grantsOf = (profile: AccessProfile) =>
  [...profile.grants.entries()].map(([key, grant]) => {
    const [module, feature] = key.split('\u0000') as [string, string];
    return { module, feature, ...grant };
  });

/** What live permissions grant: module and feature (by title), level and scope; deleted ones grant nothing. */
export const permissionGrants = async (db: Executor, permissionIds: string[]) => {
  if (permissionIds.length === 0) return [];
  const rows = await db
    .select({
      module: crmModules.title,
      feature: crmFeatures.title,
      level: crmPermissions.access_level,
      conditions: crmPermissions.conditions,
    })
    .from(crmPermissions)
    .innerJoin(crmModules, eq(crmModules.id, crmPermissions.moduleId))
    .innerJoin(crmFeatures, eq(crmFeatures.id, crmPermissions.featureId))
    .where(
      and(
        inArray(crmPermissions.id, permissionIds),
        eq(crmPermissions.isDeleted, false),
        eq(crmModules.isDeleted, false),
        eq(crmFeatures.isDeleted, false),
      ),
    );
  return rows.map((row) => ({ module: row.module, feature: row.feature, level: row.level, scope: row.conditions?.scope ?? 'ALL' }));
};

/** Whether a grant held covers a grant wanted: a level and a scope at least as high (ALL > TEAM > OWN). */
export const grantCovers = (profile: AccessProfile, wanted: { module: string; feature: string } & Grant) => {
  if (wanted.level === 'NONE') return true;
  const held = profile.grants.get(grantKey(wanted.module, wanted.feature));
  return (
    !!held && accessLevelRank[held.level] >= accessLevelRank[wanted.level] && accessScopeRank[held.scope] >= accessScopeRank[wanted.scope]
  );
};

/** Per user, what their roles allow; short-lived, and dropped whenever roles or permissions change. */
const profiles = new Map<string, { profile: AccessProfile; until: number }>();
const profileTtlMs = 10_000;
// Counts drops, so a profile read before a change committed is used once but not kept.
let profileDrops = 0;
/** Run by the invalidation bus (topic `access`) in every process: publish there, not here. */
export const forgetAccessProfiles = () => {
  profileDrops += 1;
  profiles.clear();
};

export const loadProfile = async (db: Executor, caller: Pick<Caller, 'id' | 'roleIds'>): Promise<AccessProfile> => {
  const cached = profiles.get(caller.id);
  if (cached && cached.until > Date.now()) return cached.profile;
  const dropsBefore = profileDrops;
  const grants = new Map<string, Grant>();
  let isOrganisationAdmin = false;
  if (caller.roleIds.length > 0) {
    const roles = await db
      .select({ permissions: crmRoles.permissions, isOrganisationAdmin: crmRoles.isOrganisationAdmin })
      .from(crmRoles)
      .where(and(inArray(crmRoles.id, caller.roleIds), eq(crmRoles.isDeleted, false)));
    isOrganisationAdmin = roles.some((r) => r.isOrganisationAdmin);
    for (const row of await permissionGrants(db, [...new Set(roles.flatMap((r) => r.permissions))])) {
      const key = grantKey(row.module, row.feature);
      const held = grants.get(key);
      // Several permissions on one feature add up: the highest level, and the widest scope.
      grants.set(key, {
        level: !held || accessLevelRank[row.level] > accessLevelRank[held.level] ? row.level : held.level,
        scope: !held || accessScopeRank[row.scope] > accessScopeRank[held.scope] ? row.scope : held.scope,
      });
    }
  }
  const memberships = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, caller.id), eq(teamMembers.isDeleted, false)));
  const profile = { isOrganisationAdmin, grants, teamIds: memberships.map((m) => m.teamId) };
  if (profileDrops === dropsBefore) profiles.set(caller.id, { profile, until: Date.now() + profileTtlMs });
  return profile;
};

/**
 * What a profile lets a caller do with one module and feature at a level: `null` when nothing (no
 * grant, or one below the level), else the extra scope a query must AND in (OWN or TEAM; none for ALL).
 * Pure, so one profile answers for many resources at once (the dashboard, linked records).
 */
export const grantScope = (
  profile: AccessProfile,
  input: { caller: Pick<Caller, 'id'>; access: CrmAccess; level: AccessLevel },
): Pick<Scope, 'visibleTo'> | null => {
  const { caller, access, level } = input;
  if (profile.isOrganisationAdmin) return {};
  const grant = profile.grants.get(grantKey(access.module, access.feature ?? access.module));
  if (!grant || accessLevelRank[grant.level] < accessLevelRank[level]) return null;
  if (grant.scope === 'ALL') return {};
  return { visibleTo: { userId: caller.id, teamIds: grant.scope === 'TEAM' ? profile.teamIds : [] } };
};

/**
 * The permission check every CRM call goes through: staff → roles → permissions → module, feature,
 * access level and scope. Answers the extra scope a query must AND in (OWN or TEAM), or throws 403.
 */
export const checkPermission = async (
  db: Executor,
  input: { caller: Caller; access: CrmAccess; level: AccessLevel },
): Promise<Pick<Scope, 'visibleTo'>> => {
  const { caller, access, level } = input;
  if (caller.userType !== 'CRM_USER') return {};
  const scope = grantScope(await loadProfile(db, caller), input);
  if (!scope) throw forbidden(`You do not have ${level} access to ${access.feature ?? access.module}`);
  return scope;
};

/**
 * For a call that reads several resources at once: the scope each may be read in by this caller at
 * READ (the call's scope plus its OWN/TEAM narrowing), or `null` for one the caller may not read.
 * One profile load (cached) serves every resource.
 */
export const readScopes = async (db: Executor, input: { caller: Caller; scope: Scope }) => {
  const profile = input.caller.userType === 'CRM_USER' ? await loadProfile(db, input.caller) : null;
  return (access: CrmAccess): Scope | null => {
    if (!profile) return input.scope;
    const extra = grantScope(profile, { caller: input.caller, access, level: 'READ' });
    return extra ? { ...input.scope, ...extra } : null;
  };
};

/**
 * What the caller a scope is read for may READ of a resource: the extra scope to AND in (OWN or
 * TEAM), `{}` for all of it, `null` for none. A reference and its expansion hold to it, so naming
 * an id never reaches a record the caller's own calls would not show. Only staff hold permissions;
 * a scope without a caller (the system's own work) is not narrowed.
 */
export const readGrant = async (
  db: Executor,
  input: { caller?: PolicyCaller; access?: CrmAccess },
): Promise<Pick<Scope, 'visibleTo'> | null> => {
  const { caller, access } = input;
  if (caller?.userType !== 'CRM_USER' || !access) return {};
  return grantScope(await loadProfile(db, caller), { caller, access, level: 'READ' });
};
