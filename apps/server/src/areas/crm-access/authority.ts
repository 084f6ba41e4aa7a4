import { isPlatformUser } from '@app/contract/access';
import type { Executor } from '../../db/client';
import { type AccessProfile, grantCovers, loadProfile, permissionGrants } from '../../engine/access';
import type { Caller } from '../../engine/context';
import { badRequest, forbidden } from '../../engine/errors';
import { staffHoldingRole } from '../staff/repository';
import { rolesOfOrganisation } from './repository';

/**
 * Who may act on whom inside an organisation. Platform admins and organisation admins may do
 * anything. Anyone else holding staff or role editing may only act on staff whose every role they
 * hold themselves, give only roles they hold, and give a role only access they hold (level and
 * scope): otherwise "edit staff" plus "edit roles" would reach the organisation admin, or anyone
 * senior. Every call that writes a staff record or a role goes through these checks.
 */
type Authority = { unrestricted: true } | { unrestricted: false; roleIds: ReadonlySet<string>; profile: AccessProfile };

const authorityOf = async (db: Executor, caller: Caller): Promise<Authority> => {
  if (isPlatformUser(caller.userType)) return { unrestricted: true };
  const profile = await loadProfile(db, caller);
  if (profile.isOrganisationAdmin) return { unrestricted: true };
  return { unrestricted: false, roleIds: new Set(caller.roleIds), profile };
};

/** Whether every live role among `roleIds` is one the caller holds (deleted roles grant nothing). */
const holdsEvery = async (db: Executor, authority: Authority & { unrestricted: false }, organisationId: string, roleIds: string[]) => {
  const roles = await rolesOfOrganisation(db, organisationId, [...new Set(roleIds)]);
  return roles.every((role) => authority.roleIds.has(role.id));
};

/** Updating, deactivating, deleting or resetting the credentials of a staff member. */
export const assertMayActOn = async (db: Executor, caller: Caller, target: { organisationId: string; roleIds: string[] }) => {
  const authority = await authorityOf(db, caller);
  if (authority.unrestricted) return;
  if (!(await holdsEvery(db, authority, target.organisationId, target.roleIds))) {
    throw forbidden('You cannot change a staff member who holds a role you do not hold');
  }
};

/**
 * Roles given to a staff member (on create or update) must be the organisation's own; only an
 * organisation admin (or a platform admin) gives the Organisation admin role, and anyone else only
 * roles they hold themselves.
 */
export const assertMayGiveRoles = async (db: Executor, caller: Caller, organisationId: string, roleIds: string[] | undefined) => {
  if (!roleIds || roleIds.length === 0) return;
  const roles = await rolesOfOrganisation(db, organisationId, roleIds);
  if (roles.length !== new Set(roleIds).size) {
    throw badRequest('Please select valid roles', [{ field: 'roleIds', message: 'Please select valid roles' }]);
  }
  const authority = await authorityOf(db, caller);
  if (authority.unrestricted) return;
  if (roles.some((role) => role.isOrganisationAdmin)) throw forbidden('Only an organisation admin can give the Organisation admin role');
  if (roles.some((role) => !authority.roleIds.has(role.id))) throw forbidden('You can only give roles you hold yourself');
};

/** A role's new permissions: each at most the level and scope the caller holds on that module and feature. */
export const assertMayGrant = async (db: Executor, caller: Caller, permissionIds: string[] | undefined) => {
  if (!permissionIds || permissionIds.length === 0) return;
  const authority = await authorityOf(db, caller);
  if (authority.unrestricted) return;
  for (const wanted of await permissionGrants(db, permissionIds)) {
    if (!grantCovers(authority.profile, wanted)) {
      throw forbidden(`You cannot give ${wanted.level} access to ${wanted.feature} (scope ${wanted.scope}): it is more than you hold`);
    }
  }
};

/**
 * Editing (or deleting) an existing role acts on everyone who holds it, so a non-admin may not
 * touch a role that already grants more than they hold (stripping a senior role is acting on the
 * seniors), nor a role held by any staff member they could not act on themselves (the admin, or a
 * colleague holding a role they lack): changing its title or permissions changes that person's
 * access. Deactivated staff count too, since they can be switched back on.
 */
export const assertMayChangeRole = async (
  db: Executor,
  caller: Caller,
  role: { id: string; organisationId: string; permissions: string[] },
) => {
  const authority = await authorityOf(db, caller);
  if (authority.unrestricted) return;
  for (const held of await permissionGrants(db, role.permissions)) {
    if (!grantCovers(authority.profile, held)) throw forbidden('You cannot change a role that holds more access than you do');
  }
  const holders = await staffHoldingRole(db, role.organisationId, role.id);
  if (
    !(await holdsEvery(
      db,
      authority,
      role.organisationId,
      holders.flatMap((holder) => holder.roleIds),
    ))
  ) {
    throw forbidden('You cannot change a role held by staff who hold a role you do not hold');
  }
};
